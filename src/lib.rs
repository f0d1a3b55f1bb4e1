//! lifedeg: the exact life degree of a group in a Go problem.
//!
//! A tsumego is turned into a stochastic game (MODEL.md): every position both sides can reach,
//! ko threats as coin flips, solved exactly over the rationals. The modules, in dependency
//! order: [`graph`] (boards as adjacency graphs), [`rules`] (Go on a local arena),
//! [`problem`] (validated position, target, region), [`sgf`] (reading files), [`game`] (the
//! state graph), [`exact`] and [`solver`] (the exact stochastic-game solver), [`degree`] (the
//! answer for a problem) and [`report`] (text and JSON), [`svg`] (board pictures) and
//! [`picture`] (what they show). [`board`] reads board files and generates tilings;
//! [`board_problem`] reads problems written by point name on such boards.

pub mod board;
pub mod board_problem;
pub mod degree;
pub mod exact;
pub mod game;
pub mod graph;
pub mod picture;
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
    BoardProblem {
        file: String,
        // Boxed: its messages carry several names, and `Error` is returned everywhere.
        source: Box<board_problem::ProblemFileError>,
    },
    #[error("{file}: {source}")]
    Problem {
        file: String,
        source: problem::ProblemError,
    },
    #[error("{file}: {source}")]
    Solve {
        file: String,
        source: degree::SolveError,
    },
}

/// Reads and checks the problem in a file: a board problem ([`board_problem`]) when the name
/// ends in `.toml`, SGF otherwise.
pub fn load(path: &Path, target: &problem::TargetChoice) -> Result<problem::Problem, Error> {
    let file = path.display().to_string();
    let text = std::fs::read(path).map_err(|source| Error::Io {
        file: file.clone(),
        source,
    })?;
    // SGF files in the wild are not always UTF-8; the properties we read are ASCII.
    let text = String::from_utf8_lossy(&text);
    let setup = if path.extension().is_some_and(|e| e == "toml") {
        let dir = path.parent().unwrap_or(Path::new("."));
        board_problem::read(&text, dir).map_err(|source| Error::BoardProblem {
            file: file.clone(),
            source: Box::new(source),
        })?
    } else {
        sgf::read(&text).map_err(|source| Error::Sgf {
            file: file.clone(),
            source,
        })?
    };
    setup
        .validate(target)
        .map_err(|source| Error::Problem { file, source })
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
