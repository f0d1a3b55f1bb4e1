//! lifedeg: the exact life degree of a group in a Go problem.
//!
//! A tsumego is turned into a stochastic game (MODEL.md): every position both sides can reach,
//! ko threats as coin flips, solved exactly over the rationals. The modules, in dependency
//! order: [`graph`] (boards as adjacency graphs), [`rules`] (Go on a local arena),
//! [`problem`] (validated position, target, region), [`sgf`] (reading files), [`game`] (the
//! state graph), [`exact`] and [`solver`] (the exact stochastic-game solver), [`degree`] (the
//! answer for a problem) and [`report`] (text and JSON), [`svg`] (board pictures).
//! [`analysis`] reads whole-board positions: the potential field and the region partition.

pub mod analysis;
pub mod degree;
pub mod exact;
pub mod game;
pub mod graph;
pub mod problem;
pub mod report;
pub mod rules;
pub mod sgf;
pub mod solver;
pub mod svg;

use std::path::Path;

/// Anything that stops a file from being solved, with the file it concerns.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("{file}: cannot read: {source}")]
    Io {
        file: String,
        source: std::io::Error,
    },
    #[error("{file}: {source}")]
    Sgf { file: String, source: sgf::SgfError },
    #[error("{file}: {source}")]
    Problem {
        file: String,
        source: problem::ProblemError,
    },
    #[error("{file}: {source}")]
    Analysis {
        file: String,
        source: analysis::AnalysisError,
    },
    #[error("{file}: {source}")]
    Solve {
        file: String,
        source: degree::SolveError,
    },
}

/// Reads the setup in an SGF file, unchecked.
fn read_setup(path: &Path) -> Result<problem::Setup, Error> {
    let file = path.display().to_string();
    let text = std::fs::read(path).map_err(|source| Error::Io {
        file: file.clone(),
        source,
    })?;
    // SGF files in the wild are not always UTF-8; the properties we read are ASCII.
    let text = String::from_utf8_lossy(&text);
    sgf::read(&text).map_err(|source| Error::Sgf { file, source })
}

/// Reads and checks the problem in an SGF file.
pub fn load(path: &Path, target: &problem::TargetChoice) -> Result<problem::Problem, Error> {
    read_setup(path)?
        .validate(target)
        .map_err(|source| Error::Problem {
            file: path.display().to_string(),
            source,
        })
}

/// Reads a whole-board position from an SGF file: checked as a position (legal stones), with
/// no target required, and with the chains through `dead` (point names) declared dead.
pub fn load_position(path: &Path, dead: &[String]) -> Result<analysis::Position, Error> {
    let file = || path.display().to_string();
    analysis::Position::from_setup(&read_setup(path)?)
        .map_err(|source| Error::Problem {
            file: file(),
            source,
        })?
        .with_dead(dead)
        .map_err(|source| Error::Analysis {
            file: file(),
            source,
        })
}

/// Loads a position and computes its potential field.
pub fn potential_file(
    path: &Path,
    dead: &[String],
    params: &analysis::potential::Params,
) -> Result<(analysis::Position, analysis::potential::Field), Error> {
    let pos = load_position(path, dead)?;
    let field = analysis::potential::field(&pos, params).map_err(|source| Error::Analysis {
        file: path.display().to_string(),
        source,
    })?;
    Ok((pos, field))
}

/// Loads a position and splits it into regions.
pub fn regions_file(
    path: &Path,
    dead: &[String],
    params: &analysis::regions::Params,
) -> Result<(analysis::Position, analysis::regions::Analysis), Error> {
    let pos = load_position(path, dead)?;
    let found = analysis::regions::analyse(&pos, params).map_err(|source| Error::Analysis {
        file: path.display().to_string(),
        source,
    })?;
    Ok((pos, found))
}

/// Loads and solves a file.
pub fn solve_file(
    path: &Path,
    target: &problem::TargetChoice,
    params: &solver::Params,
    limits: &degree::Limits,
) -> Result<(problem::Problem, degree::LifeDegree), Error> {
    let problem = load(path, target)?;
    let answer = degree::life_degree(&problem, params, limits).map_err(|source| Error::Solve {
        file: path.display().to_string(),
        source,
    })?;
    Ok((problem, answer))
}
