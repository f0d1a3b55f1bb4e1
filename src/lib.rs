//! lifedeg: the exact life degree of a group in a Go problem.
//!
//! A tsumego is turned into a stochastic game: every position both sides can reach, ko threats
//! as coin flips, solved exactly over the rationals. The life degree is a fraction in [0, 1]:
//! 1 when the group surely lives, 0 when it surely dies, and in between when the outcome hangs
//! on a ko or on who moves first (each side does with probability ½ unless told otherwise).
//!
//! This file is the facade: the modules below are private, and what a user may name is what
//! is re-exported here. The way in is a [`SolveRequest`]; the map of the modules behind it,
//! their layers and invariants, is ARCHITECTURE.md.
//!
//! # Example
//!
//! A direct ko (`problems/direct-ko.sgf`): Black, the defender, moving first connects and
//! lives (1); White moving first takes the ko, worth 1/3 to Black when each threat is a coin
//! flip. The life degree is (1 + 1/3) / 2 = 2/3.
//!
//! ```
//! use lifedeg::SolveRequest;
//! use std::path::Path;
//!
//! let solution = SolveRequest::new().solve_file(Path::new("problems/direct-ko.sgf"))?;
//! let answer = &solution.answer;
//! assert_eq!(answer.black_first.value.to_string(), "1");
//! assert_eq!(answer.white_first.value.to_string(), "1/3");
//! assert_eq!(answer.value.to_string(), "2/3");
//! let problem = &solution.problem;
//! let advice = lifedeg::text::Settings;
//! println!("{}", lifedeg::text::report("direct-ko", problem, answer, &solution.stats, &advice));
//! # Ok::<(), lifedeg::Error>(())
//! ```

#![warn(unreachable_pub)]

mod analysis;
mod go;
mod gtp;
mod problem;
mod prove;
mod report;
mod request;
mod solve;
mod statics;
mod study;
#[cfg(test)]
mod tests;
mod whole_board;

// The way in.
pub use request::{Error, Solution, SolveRequest};

// What a request reads: boards, positions, problems.
pub use go::board;
pub use go::color::ByColor;
pub use go::graph::{Graph, Point, PointName, PointNameError};
pub use go::moves::Move;
pub use go::rules::Color;
pub use problem::{
    board_file, inputs, printable, problem_files, sgf, AttackerBy, Edges, Framing, Horizontal,
    IllegalRecordMove, Input, KeptBy, Life, LoadError, Look, Place, Position, PositionError,
    Problem, ProblemError, ReadingName, RecordMove, RegionSource, Role, Scope, ScopeReading,
    ScopeTried, Setup, TargetBy, TargetChoice, Tried, Vertical, Warning,
};

// What it gives: the answer, the work, and why there is none.
pub use prove::watch::{work_done, Work};
pub use solve::{
    Answer, Budget, Detail, Grade, Limit, MemoryLimit, Model, MoveAnswer, MoveValue,
    NotAProbability, Opening, Probability, Shortcuts, SolveError, Solved, Stats, Stopped, Value,
    ValueError,
};

// Whole-board analyses.
pub use analysis::{eye_shapes, potential, regions, AnalysisError};

// Reports.
pub use report::{board_text, chart, dot, json, lines, maps, page, picture, svg, table, text};

// Studies over many solves.
pub use study::{check, compare, enumerate, piecewise, sweep};

/// Every group of a whole board: its status and how it was settled, and at a game's end the
/// dead stones, the neutral points and the score (`lifedeg groups`); their reports.
pub mod groups {
    pub use crate::problem::game_file::{read as read_game_file, Agreement, GameFileError};
    pub use crate::report::groups::{
        board_text, how, sgf, svg, text, GroupRecord, PositionRecord, ScoreRecord, TerritoryRecord,
    };
    pub use crate::report::groups_page::html;
    pub use crate::whole_board::{
        board, load, settle_board, settle_board_files, Board, Counting, Decides, Ending, How,
        Options, Score, SecondLook, Settled, SettledBoard, Stage, Standing, Status, Statuses,
        MAX_EMPTY,
    };
}

/// The monolithic eyes' table the prover looks positions up in: built again with
/// `cargo run --release --example eye_table`, every entry proven by the prover.
pub mod eye_table {
    pub use crate::prove::eye_table::{Counts, MAX_SPACE};
    pub use crate::statics::build_eye_table as build;
}

/// The Go Text Protocol (version 2) over the whole-board analysis (`lifedeg gtp`).
pub use gtp::{Answer as GtpAnswer, Engine as GtpEngine, GtpError, Reply as GtpReply};
