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
pub mod report;
pub mod solve;
pub mod study;

use analysis::eyes;
use go::graph;
use problem::{board_file, sgf};
use solve::{degree, solver};
use std::path::{Path, PathBuf};

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
        source: Box<board_file::ProblemFileError>,
    },
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

/// Reads and checks the problem in a file: a board problem ([`board_file`]) when the name
/// ends in `.toml`, SGF otherwise.
pub fn load(path: &Path, target: &problem::TargetChoice) -> Result<problem::Problem, Error> {
    load_at(path, target, None)
}

/// Reads an SGF file and checks the problem in it, or (`at_move`: Some(n)) in the position
/// after its first n moves, as for a game record.
pub fn load_at(
    path: &Path,
    target: &problem::TargetChoice,
    at_move: Option<usize>,
) -> Result<problem::Problem, Error> {
    let fail = |source| Error::Problem {
        file: path.display().to_string(),
        source,
    };
    let problem = read_setup(path, at_move)?.validate(target).map_err(fail)?;
    // A whole-board position: the area around all the stones is far too large, so the fight
    // is the target's region by the region analyzer (seed 004), widened by one line. Outside
    // it, groups the eye-shape analyzer (seed 001) calls alive are walls; other groups are
    // brought into the fight where they meet it, so that they can be captured.
    if problem.region_source() == problem::RegionSource::AroundStones && problem.too_large() {
        let position = analysis::Position::from_problem(&problem);
        let params = analysis::regions::Params::distance();
        let area = analysis::regions::fight_area(&position, problem.target(), &params, 1);
        let graph = problem.graph();
        let stones: Vec<_> = graph.points().map(|p| problem.stone(p)).collect();
        let walls: Vec<graph::Point> = eyes::analyse(graph, &stones)
            .groups
            .into_iter()
            .filter(|g| g.status == eyes::Status::Alive)
            .filter(|g| !problem.target().iter().any(|t| g.stones.contains(t)))
            .flat_map(|g| g.stones)
            .collect();
        return problem
            .with_region(&area, problem::RegionSource::Analyzer)
            .and_then(|p| p.with_walls(&walls))
            .map_err(fail);
    }
    Ok(problem)
}

/// Reads the setup in an SGF file, unchecked, after its first `at_move` moves if asked.
fn read_setup(path: &Path, at_move: Option<usize>) -> Result<problem::Setup, Error> {
    let file = path.display().to_string();
    let text = std::fs::read(path).map_err(|source| Error::Io {
        file: file.clone(),
        source,
    })?;
    // SGF files in the wild are not always UTF-8; the properties we read are ASCII.
    let text = String::from_utf8_lossy(&text);
    let (mut setup, moves) = if path.extension().is_some_and(|e| e == "toml") {
        let dir = path.parent().unwrap_or(Path::new("."));
        let setup = board_file::read(&text, dir).map_err(|source| Error::BoardProblem {
            file: file.clone(),
            source: Box::new(source),
        })?;
        (setup, Vec::new())
    } else {
        sgf::read_game(&text).map_err(|source| Error::Sgf {
            file: file.clone(),
            source,
        })?
    };
    if let Some(n) = at_move {
        setup
            .play_moves(&moves, n)
            .map_err(|source| Error::Problem { file, source })?;
    }
    Ok(setup)
}

/// Reads a whole-board position from an SGF file: checked as a position (legal stones), with
/// no target required, after `at_move` moves of a record if asked, and with the chains
/// through `dead` (point names) declared dead.
pub fn load_position(
    path: &Path,
    at_move: Option<usize>,
    dead: &[String],
) -> Result<analysis::Position, Error> {
    let file = || path.display().to_string();
    analysis::Position::from_setup(&read_setup(path, at_move)?)
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

/// Loads a position and runs an analysis on it (e.g. [`analysis::potential::field`]).
pub fn analyse_file<T>(
    path: &Path,
    at_move: Option<usize>,
    dead: &[String],
    analyse: impl FnOnce(&analysis::Position) -> Result<T, analysis::AnalysisError>,
) -> Result<(analysis::Position, T), Error> {
    let pos = load_position(path, at_move, dead)?;
    let found = analyse(&pos).map_err(|source| Error::Analysis {
        file: path.display().to_string(),
        source,
    })?;
    Ok((pos, found))
}

/// Loads and solves a file (`at_move` as for [`load_at`]), keeping the state graph and the
/// solution for reports that look inside (lines of play, the graph itself).
pub fn solve_file_kept(
    path: &Path,
    target: &problem::TargetChoice,
    at_move: Option<usize>,
    params: &solver::Params,
    limits: &degree::Limits,
) -> Result<(problem::Problem, degree::Solved, degree::LifeDegree), Error> {
    let problem = load_at(path, target, at_move)?;
    let start = std::time::Instant::now();
    let solved = degree::Solved::new(&problem, params, limits).map_err(|source| Error::Solve {
        file: path.display().to_string(),
        source,
    })?;
    let answer = solved.life_degree(params, start.elapsed());
    Ok((problem, solved, answer))
}

/// What [`solve_file_kept`] gives for one file.
pub type Kept = (problem::Problem, degree::Solved, degree::LifeDegree);

/// Solves several files on all cores, handing each result to `emit` in the order the files
/// were given, as soon as that file and all before it are done (so output stays in order and
/// still streams).
pub fn solve_files_kept(
    paths: &[PathBuf],
    target: &problem::TargetChoice,
    at_move: Option<usize>,
    params: &solver::Params,
    limits: &degree::Limits,
    mut emit: impl FnMut(&Path, Result<Kept, Error>),
) {
    use rayon::prelude::*;
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::scope(|scope| {
        scope.spawn(move || {
            paths
                .par_iter()
                .enumerate()
                .for_each_with(send, |send, (i, path)| {
                    // The receiver lives until every result is in; a failed send cannot happen.
                    let _ = send.send((i, solve_file_kept(path, target, at_move, params, limits)));
                });
        });
        let mut waiting = std::collections::BTreeMap::new();
        let mut next = 0;
        for (i, result) in receive {
            waiting.insert(i, result);
            while let Some(result) = waiting.remove(&next) {
                emit(&paths[next], result);
                next += 1;
            }
        }
    });
}

/// Loads and solves a file (`at_move` as for [`load_at`]).
pub fn solve_file(
    path: &Path,
    target: &problem::TargetChoice,
    at_move: Option<usize>,
    params: &solver::Params,
    limits: &degree::Limits,
) -> Result<(problem::Problem, degree::LifeDegree), Error> {
    solve_file_kept(path, target, at_move, params, limits)
        .map(|(problem, _, answer)| (problem, answer))
}

/// The problem files named: each file as given, each directory's problem files (`*.sgf`, and
/// `*.toml` board problems; not recursive) in name order.
pub fn problem_files(inputs: &[PathBuf]) -> Result<Vec<PathBuf>, Error> {
    let mut out = Vec::new();
    for input in inputs {
        if !input.is_dir() {
            out.push(input.clone());
            continue;
        }
        let io = |source| Error::Io {
            file: input.display().to_string(),
            source,
        };
        let mut found: Vec<PathBuf> = std::fs::read_dir(input)
            .map_err(io)?
            .map(|e| e.map(|e| e.path()).map_err(io))
            .collect::<Result<Vec<_>, _>>()?
            .into_iter()
            .filter(|p| {
                p.is_file()
                    && p.extension().is_some_and(|e| {
                        e.eq_ignore_ascii_case("sgf") || e.eq_ignore_ascii_case("toml")
                    })
            })
            .collect();
        found.sort();
        out.extend(found);
    }
    Ok(out)
}
