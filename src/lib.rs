//! lifedeg: the exact life degree of a group in a Go problem.
//!
//! A tsumego is turned into a stochastic game (MODEL.md): every position both sides can reach,
//! ko threats as coin flips, solved exactly over the rationals. The modules, in dependency
//! order: [`graph`] (boards as adjacency graphs), [`rules`] (Go on a local arena),
//! [`problem`] (validated position, target, region), [`sgf`] (reading files), [`game`] (the
//! state graph), [`exact`] and [`solver`] (the exact stochastic-game solver), [`degree`] (the
//! answer for a problem) and [`report`] (text and JSON), [`svg`] (board pictures).

pub mod compare;
pub mod degree;
pub mod dot;
pub mod exact;
pub mod game;
pub mod graph;
pub mod lines;
pub mod piecewise;
pub mod poly;
pub mod problem;
pub mod progress;
pub mod report;
pub mod roots;
pub mod rules;
pub mod sgf;
pub mod solver;
pub mod svg;
pub mod sweep;
pub mod symbolic;

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
    Solve {
        file: String,
        source: degree::SolveError,
    },
}

/// Reads and checks the problem in an SGF file.
pub fn load(path: &Path, target: &problem::TargetChoice) -> Result<problem::Problem, Error> {
    let file = path.display().to_string();
    let text = std::fs::read(path).map_err(|source| Error::Io {
        file: file.clone(),
        source,
    })?;
    // SGF files in the wild are not always UTF-8; the properties we read are ASCII.
    let text = String::from_utf8_lossy(&text);
    let setup = sgf::read(&text).map_err(|source| Error::Sgf {
        file: file.clone(),
        source,
    })?;
    setup
        .validate(target)
        .map_err(|source| Error::Problem { file, source })
}

/// Loads and solves a file, keeping the state graph and the solution for reports that look
/// inside (lines of play, the graph itself).
pub fn solve_file_kept(
    path: &Path,
    target: &problem::TargetChoice,
    params: &solver::Params,
    limits: &degree::Limits,
) -> Result<(problem::Problem, degree::Solved, degree::LifeDegree), Error> {
    let problem = load(path, target)?;
    let start = std::time::Instant::now();
    let solved = degree::Solved::new(&problem, params, limits).map_err(|source| Error::Solve {
        file: path.display().to_string(),
        source,
    })?;
    let answer = solved.life_degree(params, start.elapsed());
    Ok((problem, solved, answer))
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
