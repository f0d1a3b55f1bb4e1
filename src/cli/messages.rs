//! What the command line says of errors and limits. The library's errors name the problem
//! (a target stone that is not on the board, a record shorter than the move asked for); here
//! the option that sets it, or raises a limit, is named in the command line's words.

use lifedeg::sgf::SgfError;
use lifedeg::text::Advice;
use lifedeg::{Error, Limit, LoadError, PositionError, ProblemError, SolveError};

/// The command line's advice in reports: its options.
pub struct Options;

impl Advice for Options {
    fn raise(&self, limit: Limit) -> String {
        how_to_raise(limit).to_string()
    }

    fn exact_moves(&self) -> String {
        "--exact-moves solves them".to_string()
    }
}

/// What to do to go further once `limit` has stopped a solve.
pub fn how_to_raise(limit: Limit) -> &'static str {
    match limit {
        Limit::States(_) => {
            "raise --max-states, or --proof-budget so that proofs settle more states"
        }
        Limit::Time(_) => "raise --time-limit (seconds)",
        Limit::Memory(_) => "raise --memory-limit (megabytes)",
        Limit::Cancelled => "solve this reading alone",
    }
}

/// Why a file was not solved, naming the file.
pub fn error(e: &Error) -> String {
    match e {
        Error::Load(e) => load_error(e),
        Error::Solve { file, source } => format!("{file}: {}", solve_error(source)),
    }
}

/// Why a file could not be read and checked, naming the file.
pub fn load_error(e: &LoadError) -> String {
    match e {
        LoadError::Sgf { file, source } => format!("{file}: {}", sgf_error(source)),
        LoadError::Problem { file, source } => format!("{file}: {}", problem_error(source)),
        LoadError::Position { file, source } => format!("{file}: {}", position_error(source)),
        LoadError::Io { .. } | LoadError::BoardProblem { .. } | LoadError::GameFile { .. } => {
            e.to_string()
        }
    }
}

/// Why a problem could not be solved.
pub fn solve_error(e: &SolveError) -> String {
    match e {
        SolveError::Problem(e) => problem_error(e),
        SolveError::Stopped { stopped, .. } => format!(
            "{e}; to go further, {}, or mark a smaller area for the fight (SGF SQ)",
            how_to_raise(stopped.limit)
        ),
        SolveError::Uncertified(_) => e.to_string(),
    }
}

fn sgf_error(e: &SgfError) -> String {
    match e {
        SgfError::Several(n) => format!("the file holds {n} game trees; pick one with --problem N"),
        SgfError::NoSuchProblem(n, count) => {
            format!("--problem {n}: the file holds {count} game trees")
        }
        _ => e.to_string(),
    }
}

fn problem_error(e: &ProblemError) -> String {
    let mark = "mark it (SGF TR, board problem `target`) or give --target";
    match e {
        ProblemError::AmbiguousTarget(a, b) => {
            format!("cannot tell which group is the target ({a} or {b}); {mark}")
        }
        ProblemError::NoTarget => format!("no enclosed group to take as the target; {mark}"),
        ProblemError::BadTargetPoint(p) => format!("--target {p} is not a point of the board"),
        ProblemError::TargetEmpty(p) => format!("--target {p} is an empty point"),
        ProblemError::PastTheRecord(n, len) => {
            format!("--move {n}: the record has only {len} moves")
        }
        _ => e.to_string(),
    }
}

fn position_error(e: &PositionError) -> String {
    match e {
        PositionError::DeadNotAPoint(p) => format!("--dead {p} is not a point of the board"),
        PositionError::DeadOnEmpty(p) => {
            format!("--dead {p} is an empty point; only stones can be dead")
        }
    }
}
