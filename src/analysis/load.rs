//! Files loaded for the solver and the analyzers: problems with a whole board's fight chosen
//! ([`fight_area`]), and whole-board positions with no target.

use super::{fight_area, AnalysisError, Position};
use crate::problem::{Input, LoadError, Problem, TargetChoice};
use std::path::Path;

/// Why a whole-board position cannot be loaded and analysed, with the file it concerns.
#[derive(Debug, thiserror::Error)]
pub enum PositionError {
    #[error(transparent)]
    Load(#[from] LoadError),
    #[error("{file}: {source}")]
    Analysis { file: String, source: AnalysisError },
}

/// Every reading of the problem ([`Input::readings_as_read`]), most plausible first, a whole
/// board's fight chosen ([`fight_area::whole_board`]); never empty. `at_move` as for
/// [`load_input`].
pub fn readings(
    input: Input,
    target: &TargetChoice,
    at_move: Option<usize>,
) -> Result<Vec<Problem>, LoadError> {
    let label = input.label.clone();
    let fail = |source| LoadError::Problem {
        file: label.clone(),
        source,
    };
    input
        .readings_as_read(target, at_move)?
        .into_iter()
        .map(|problem| fight_area::whole_board(problem).map_err(fail))
        .collect()
}

/// Checks the problem, or (`at_move`: Some(n)) the position after the first n moves of its
/// main line, as for a game record. A book diagram read several ways gives its most
/// plausible reading (`readings::solve_input_kept` chooses among them).
pub fn load_input(
    input: Input,
    target: &TargetChoice,
    at_move: Option<usize>,
) -> Result<Problem, LoadError> {
    let mut readings = readings(input, target, at_move)?;
    Ok(readings.swap_remove(0))
}

/// Reads and checks the problem in a file: a board problem ([`crate::problem::board_file`])
/// when the name ends in `.toml`, SGF otherwise.
pub fn load(path: &Path, target: &TargetChoice) -> Result<Problem, LoadError> {
    load_at(path, target, None)
}

/// Reads a file holding one problem and checks it, or (`at_move`: Some(n)) the position after
/// its first n moves, as for a game record.
pub fn load_at(
    path: &Path,
    target: &TargetChoice,
    at_move: Option<usize>,
) -> Result<Problem, LoadError> {
    load_input(Input::only(path)?, target, at_move)
}

/// Reads a whole-board position from an SGF file: checked as a position (legal stones), with
/// no target required, after `at_move` moves of a record if asked, and with the chains
/// through `dead` (point names) declared dead.
pub fn load_position(
    path: &Path,
    at_move: Option<usize>,
    dead: &[String],
) -> Result<Position, PositionError> {
    let file = || path.display().to_string();
    Position::from_setup(&Input::only(path)?.setup(at_move)?.0)
        .map_err(|source| LoadError::Problem {
            file: file(),
            source,
        })?
        .with_dead(dead)
        .map_err(|source| PositionError::Analysis {
            file: file(),
            source,
        })
}

/// Loads a position and runs an analysis on it (e.g. [`super::potential::field`]).
pub fn analyse_file<T>(
    path: &Path,
    at_move: Option<usize>,
    dead: &[String],
    analyse: impl FnOnce(&Position) -> Result<T, AnalysisError>,
) -> Result<(Position, T), PositionError> {
    let pos = load_position(path, at_move, dead)?;
    let found = analyse(&pos).map_err(|source| PositionError::Analysis {
        file: path.display().to_string(),
        source,
    })?;
    Ok((pos, found))
}
