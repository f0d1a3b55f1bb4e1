//! lifedeg: the exact life degree of a group in a Go problem.
//!
//! A tsumego is turned into a stochastic game: every position both sides can reach, ko threats
//! as coin flips, solved exactly over the rationals. The layers, each using only those above
//! it in this list:
//!
//! * [`go`]: boards as adjacency graphs, board files and tilings, the rules on a local arena;
//! * [`problem`]: SGF and board files in, validation, the inference of target and region;
//! * [`analysis`]: whole-board positions (regions, potential, eye shapes) and static life;
//! * [`solve`]: the state graph, extreme-game proofs, the exact solver, the life degree;
//! * [`report`] (text, JSON, pictures, SGF lines, DOT, progress) and, above it, [`study`]
//!   (sweeps, exact functions of the threat probability, comparisons).
//!
//! This file composes them: loading a file ([`load`], [`load_at`], [`load_position`]) and
//! solving it ([`solve_file`]). [`bench`](mod@bench) measures.

pub mod analysis;
pub mod bench;
pub mod go;
pub mod problem;
pub mod readings;
pub mod report;
pub mod solve;
pub mod study;

pub use analysis::load::{analyse_file, load, load_at, load_position, PositionError};
pub use problem::{inputs, problem_files, Input, LoadError};
pub use readings::{solve_file, solve_file_kept, solve_input_kept, solve_inputs_kept, Error, Kept};
