//! Solving a problem exactly: the game's states and moves ([`state`]), the state graph
//! ([`game`]), the extreme games' proofs that end states early ([`bounds`]), the first moves those proofs decide alone ([`openings`]), the part of the graph that can change a value
//! ([`interval`]), strongly connected components and exact linear algebra
//! ([`exact`]), the certified stochastic-game solver ([`solver`]), the life degree of a
//! problem ([`degree`]) and the ko threats each side needs ([`grade`]); the time and memory
//! limits and the work counters ([`watch`]).
//!
//! May use [`crate::go`], [`crate::problem`] and [`crate::analysis`] (static life).

pub mod bounds;
pub mod build;
pub mod degree;
pub mod exact;
pub mod grade;
pub mod graph;
pub mod limits;
pub mod model;
pub(crate) mod openings;
pub mod solver;
pub mod state;
pub mod watch;
