//! The game of Go on any board: boards as adjacency graphs ([`graph`]), board files and
//! tilings ([`board`]), chains and liberties on a whole board ([`chains`]), the rules on a
//! local arena of bitboards ([`rules`]).
//!
//! The bottom layer. May use nothing else in the crate.

pub mod board;
pub(crate) mod chains;
pub(crate) mod color;
pub(crate) mod graph;
pub(crate) mod moves;
pub(crate) mod rules;
