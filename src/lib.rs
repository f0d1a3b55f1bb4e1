//! lifedeg: the exact life degree of a group in a Go problem.
//!
//! A tsumego is turned into a stochastic game: every position both sides can reach, ko threats
//! as coin flips, solved exactly over the rationals. The life degree is a fraction in [0, 1]:
//! 1 when the group surely lives, 0 when it surely dies, and in between when the outcome hangs
//! on a ko or on who moves first (each side does with probability ½ unless told otherwise).
//!
//! # Layers
//!
//! Each module uses only those above it in this list:
//!
//! * [`go`]: boards as adjacency graphs, board files and tilings, the rules on a local arena;
//! * [`problem`]: SGF and board files in ([`problem::Input`]), validation, the inference of
//!   target and region, the framing of book diagrams;
//! * [`analysis`]: whole-board positions (regions, potential, eye shapes) and static life; it
//!   also chooses a whole board's fight and loads files for the solver and the analyzers
//!   ([`analysis::load`]);
//! * [`solve`]: the state graph, extreme-game proofs, the exact solver, the life degree;
//! * [`readings`]: solving files, and which reading of a book diagram is kept; its [`Error`] is
//!   everything that stops a file from being solved;
//! * [`whole_board`]: every group of a whole board settled, and the end of a game read off
//!   them (dead stones, neutral points, territory, score);
//! * [`report`] (text, JSON, pictures, SGF lines, DOT, progress) and, above it, [`study`]
//!   (sweeps, exact functions of the threat probability, comparisons);
//! * [`bench`](mod@bench) measures; [`gtp`] answers the Go Text Protocol; the `lifedeg`
//!   command (`main.rs`, `cli.rs`) parses and prints.
//!
//! This file only declares the modules and re-exports the entry points: loading a file
//! ([`load`], [`load_at`], [`load_position`], [`inputs`], [`problem_files`]) and solving it
//! ([`solve_file`], [`solve_file_kept`], [`solve_inputs_kept`]).
//!
//! # Example
//!
//! A direct ko (`problems/direct-ko.sgf`): Black, the defender, moving first connects and
//! lives (1); White moving first takes the ko, worth 1/3 to Black when each threat is a coin
//! flip. The life degree is (1 + 1/3) / 2 = 2/3.
//!
//! ```
//! use lifedeg::problem::TargetChoice;
//! use lifedeg::solve::limits::Limits;
//! use lifedeg::solve::model::Model;
//! use std::path::Path;
//!
//! let (problem, answer) = lifedeg::solve_file(
//!     Path::new("problems/direct-ko.sgf"),
//!     &TargetChoice::FromFile,
//!     None,
//!     &Model::default(),
//!     &Limits::default(),
//! )?;
//! assert_eq!(lifedeg::report::fraction(&answer.black_first.value), "1");
//! assert_eq!(lifedeg::report::fraction(&answer.white_first.value), "1/3");
//! assert_eq!(lifedeg::report::fraction(&answer.value), "2/3");
//! println!("{}", lifedeg::report::text("direct-ko", &problem, &answer));
//! # Ok::<(), lifedeg::Error>(())
//! ```

pub mod analysis;
pub mod bench;
pub mod go;
pub mod gtp;
pub mod problem;
pub mod readings;
pub mod report;
pub mod solve;
pub mod study;
pub mod whole_board;

pub use analysis::load::{analyse_file, load, load_at, load_position, PositionError};
pub use problem::{inputs, problem_files, Input, LoadError};
pub use readings::{solve_file, solve_file_kept, solve_input_kept, solve_inputs_kept, Error, Kept};
