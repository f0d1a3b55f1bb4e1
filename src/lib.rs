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
use solve::{degree, model};
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

/// One problem of a run: a file, or one game tree of a collection file.
pub struct Input {
    /// How reports and errors name it: the file (`-`: standard input), with the tree's number
    /// and name (`GN`) when the file holds several; control characters escaped.
    pub label: String,
    read: Result<sgf::Game, Error>,
}

/// The problems in the files named (`-`: standard input): one per file, or one per game tree
/// of a collection, or only the `pick`-th tree of each file (counting from 1). A file that
/// cannot be read is one input that fails to load.
pub fn inputs(paths: &[PathBuf], pick: Option<usize>) -> Vec<Input> {
    paths.iter().flat_map(|p| file_inputs(p, pick)).collect()
}

fn file_inputs(path: &Path, pick: Option<usize>) -> Vec<Input> {
    let stdin = path == Path::new("-");
    let file = if stdin {
        "standard input".to_string()
    } else {
        report::printable(&path.display().to_string())
    };
    let failed = |e| {
        vec![Input {
            label: file.clone(),
            read: Err(e),
        }]
    };
    let bytes = if stdin {
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut bytes).map(|_| bytes)
    } else {
        std::fs::read(path)
    };
    let bytes = match bytes {
        Ok(b) => b,
        Err(source) => {
            return failed(Error::Io {
                file: file.clone(),
                source,
            })
        }
    };
    let sgf_error = |file: &str, source| Error::Sgf {
        file: file.to_string(),
        source,
    };
    if path.extension().is_some_and(|e| e == "toml") {
        let dir = path.parent().unwrap_or(Path::new("."));
        let read = board_file::read(&String::from_utf8_lossy(&bytes), dir);
        return vec![Input {
            label: file.clone(),
            read: read
                .map(|setup| sgf::Game {
                    setup,
                    moves: Vec::new(),
                    name: None,
                })
                .map_err(|source| Error::BoardProblem {
                    file: file.clone(),
                    source: Box::new(source),
                }),
        }];
    }
    let games = match sgf::read_collection(&sgf::decode(&bytes)) {
        Ok(games) => games,
        Err(e) => return failed(sgf_error(&file, e)),
    };
    let count = games.len();
    if let Some(n) = pick.filter(|n| !(1..=count).contains(n)) {
        return failed(sgf_error(&file, sgf::SgfError::NoSuchProblem(n, count)));
    }
    games
        .into_iter()
        .enumerate()
        .filter(|(i, _)| pick.is_none_or(|n| n == i + 1))
        .map(|(i, game)| {
            let name = game.as_ref().ok().and_then(|g| g.name.as_deref());
            let label = match (count, name) {
                (1, _) => file.clone(),
                (_, Some(n)) => format!("{file} #{} ({})", i + 1, report::printable(n)),
                (_, None) => format!("{file} #{}", i + 1),
            };
            Input {
                read: game.map_err(|e| sgf_error(&label, e)),
                label,
            }
        })
        .collect()
}

/// The one problem in a file (an error for a collection).
fn only(path: &Path) -> Result<Input, Error> {
    let mut found = file_inputs(path, None);
    match found.len() {
        1 => Ok(found.pop().expect("one")),
        n => Err(Error::Sgf {
            file: report::printable(&path.display().to_string()),
            source: sgf::SgfError::Several(n),
        }),
    }
}

impl Input {
    /// Checks the problem, or (`at_move`: Some(n)) the position after the first n moves of its
    /// main line, as for a game record. A book diagram read several ways gives its most
    /// plausible reading ([`solve_input_kept`] chooses among them).
    pub fn load(
        self,
        target: &problem::TargetChoice,
        at_move: Option<usize>,
    ) -> Result<problem::Problem, Error> {
        let mut readings = self.readings(target, at_move)?;
        Ok(readings.swap_remove(0))
    }

    /// Every reading of the problem ([`problem::Setup::readings`]), most plausible first;
    /// never empty. `at_move` as for [`Input::load`].
    pub fn readings(
        self,
        target: &problem::TargetChoice,
        at_move: Option<usize>,
    ) -> Result<Vec<problem::Problem>, Error> {
        let label = self.label.clone();
        let fail = |source| Error::Problem {
            file: label.clone(),
            source,
        };
        let (setup, dropped) = self.setup(at_move)?;
        setup
            .readings(target)
            .map_err(fail)?
            .into_iter()
            .map(|mut problem| {
                if !dropped.is_empty() {
                    problem.warn(problem::Warning::MarksCaptured(dropped.clone()));
                }
                whole_board(problem).map_err(fail)
            })
            .collect()
    }

    /// The setup, unchecked, after its first `at_move` moves if asked, with the target marks
    /// those moves captured.
    fn setup(self, at_move: Option<usize>) -> Result<(problem::Setup, Vec<graph::Point>), Error> {
        let mut game = self.read?;
        let dropped = match at_move {
            Some(n) => game
                .setup
                .play_moves(&game.moves, n)
                .map_err(|source| Error::Problem {
                    file: self.label,
                    source,
                })?,
            None => Vec::new(),
        };
        Ok((game.setup, dropped))
    }
}

/// A whole-board position's problem with its fight chosen; other problems unchanged.
///
/// The area around all the stones is far too large, so the fight is the target's region by
/// the region analyzer (Tajima & Sanechika), widened by one line. Outside it, groups the
/// eye-shape analyzer (Kato & Yamazaki) calls alive are walls; other groups are brought into
/// the fight where they meet it, so that they can be captured.
fn whole_board(problem: problem::Problem) -> Result<problem::Problem, problem::ProblemError> {
    if problem.region_source() != problem::RegionSource::AroundStones || !problem.too_large() {
        return Ok(problem);
    }
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
    problem
        .with_region(&area, problem::RegionSource::Analyzer)
        .and_then(|p| p.with_walls(&walls))
}

/// Reads and checks the problem in a file: a board problem ([`board_file`]) when the name
/// ends in `.toml`, SGF otherwise.
pub fn load(path: &Path, target: &problem::TargetChoice) -> Result<problem::Problem, Error> {
    load_at(path, target, None)
}

/// Reads a file holding one problem and checks it, or (`at_move`: Some(n)) the position after
/// its first n moves, as for a game record.
pub fn load_at(
    path: &Path,
    target: &problem::TargetChoice,
    at_move: Option<usize>,
) -> Result<problem::Problem, Error> {
    only(path)?.load(target, at_move)
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
    analysis::Position::from_setup(&only(path)?.setup(at_move)?.0)
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

/// Loads and solves a file holding one problem (`at_move` as for [`load_at`]), keeping the
/// state graph and the solution for reports that look inside (lines of play, the graph itself).
pub fn solve_file_kept(
    path: &Path,
    target: &problem::TargetChoice,
    at_move: Option<usize>,
    params: &model::Model,
    limits: &solve::limits::Limits,
) -> Result<Kept, Error> {
    solve_input_kept(only(path)?, target, at_move, params, limits)
}

/// Loads and solves one input (`at_move` as for [`Input::load`]), keeping the state graph and
/// the solution.
///
/// A book diagram read several ways keeps the first reading, most plausible first, on which
/// the outcome hangs outright (the defender moving first lives and the attacker moving first
/// kills, whatever the threats); failing that, the first on which it hangs at all (the
/// defender does better moving first, as in every book problem); if none hangs, the first one
/// answered. Each reading of a group's largest chain alone follows its whole group's reading
/// (of several equally large chains, each follows the one before) and is solved only when that
/// one was answered and nothing hung on it, or the defender is to play and only gets a ko
/// where the main body might live outright ([`problem::TargetBy`]).
/// The readings of each colour are solved side by side (one time limit for both): the second
/// colour's are called off as soon as one of the first colour's hangs, since a first-colour
/// reading would be kept whatever the second found. The kept problem records the readings
/// tried.
pub fn solve_input_kept(
    input: Input,
    target: &problem::TargetChoice,
    at_move: Option<usize>,
    params: &model::Model,
    limits: &solve::limits::Limits,
) -> Result<Kept, Error> {
    let file = input.label.clone();
    let start = std::time::Instant::now();
    // One time limit for the whole input, however many readings it takes.
    let limits = &solve::limits::Limits {
        clock: limits.clock.or(Some(start)),
        ..limits.clone()
    };
    let mut readings = input.readings(target, at_move)?;
    // The readings in which the first reading's colour defends come first.
    let first_colour = readings[0].defender();
    let split = readings
        .iter()
        .position(|p| p.defender() != first_colour)
        .unwrap_or(readings.len());
    let second = readings.split_off(split);
    let call_off = solve::watch::CallOff::default();
    let later = solve::limits::Limits {
        call_off: Some(call_off.clone()),
        ..limits.clone()
    };
    let (mut outcomes, second) = rayon::join(
        || {
            let outcomes = solve_colour(readings, params, limits, start);
            if outcomes.iter().any(|o| o.hangs) {
                call_off.call_off();
            }
            outcomes
        },
        || solve_colour(second, params, &later, start),
    );
    if !outcomes.iter().any(|o| o.hangs) {
        outcomes.extend(second);
    }
    let tried: Vec<problem::Tried> = outcomes
        .iter()
        .map(|o| problem::Tried {
            reading: o.problem.reading(),
            answered: o.solved.is_ok(),
        })
        .collect();
    let kept = outcomes
        .iter()
        .position(|o| o.outright)
        .or_else(|| outcomes.iter().position(|o| o.hangs))
        .or_else(|| outcomes.iter().position(|o| o.solved.is_ok()));
    match kept {
        Some(i) => {
            let Outcome {
                mut problem,
                solved,
                ..
            } = outcomes.swap_remove(i);
            let (solved, answer) = solved.expect("an answered reading");
            problem.set_readings_tried(tried);
            Ok((problem, solved, answer))
        }
        // The first failure is the one reported.
        None => {
            let source = outcomes
                .into_iter()
                .find_map(|o| o.solved.err())
                .expect("an input has at least one reading");
            Err(Error::Solve { file, source })
        }
    }
}

/// A reading solved, or not (a limit stopped it).
struct Outcome {
    problem: problem::Problem,
    solved: Result<(degree::Solved, degree::LifeDegree), degree::SolveError>,
    hangs: bool,
    /// It hangs outright ([`degree::LifeDegree::hangs_outright`]).
    outright: bool,
    /// The colour's next reading (the group's largest chain, or the next equally large one,
    /// alone) is worth solving.
    go_on: bool,
}

/// Solves the readings of one colour in order: the whole group, then its largest chain alone
/// (rule 6; equally large ones each in turn, each judged by the reading before), only when the
/// group's reading was answered and nothing hung on it (the group was seen to be lost, or
/// safe, whoever moves first), or when the defender is to play (or the side to play is not
/// said), its whole group only hangs on a ko and the main body might hang outright ([`degree::LifeDegree::smaller_target_may_hang_outright`]). An attacker to play
/// that kills the whole group outright has its answer.
fn solve_colour(
    readings: Vec<problem::Problem>,
    params: &model::Model,
    limits: &solve::limits::Limits,
    start: std::time::Instant,
) -> Vec<Outcome> {
    let mut outcomes: Vec<Outcome> = Vec::new();
    for problem in readings {
        if let Some(last) = outcomes.last() {
            if !last.go_on || limits.watch().exceeded().is_some() {
                break;
            }
        }
        let solved = degree::Solved::new(&problem, params, limits).map(|solved| {
            let answer = solved.life_degree(params, start.elapsed());
            (solved, answer)
        });
        let answer = solved.as_ref().ok().map(|(_, answer)| answer);
        let defender = problem.defender();
        let hangs = answer.is_some_and(|a| a.hangs(defender));
        let outright = answer.is_some_and(|a| a.hangs_outright(defender));
        let defender_to_play = problem.to_play().is_none_or(|c| c == defender);
        let go_on = answer.is_some_and(|a| {
            !hangs || defender_to_play && a.smaller_target_may_hang_outright(defender)
        });
        outcomes.push(Outcome {
            problem,
            solved,
            hangs,
            outright,
            go_on,
        });
    }
    outcomes
}

/// What [`solve_input_kept`] gives for one input.
pub type Kept = (problem::Problem, degree::Solved, degree::LifeDegree);

/// Solves several inputs on all cores, handing each result with the input's label to `emit` in
/// the order given, as soon as that input and all before it are done (so output stays in order
/// and still streams).
pub fn solve_inputs_kept(
    inputs: Vec<Input>,
    target: &problem::TargetChoice,
    at_move: Option<usize>,
    params: &model::Model,
    limits: &solve::limits::Limits,
    mut emit: impl FnMut(&str, Result<Kept, Error>),
) {
    use rayon::prelude::*;
    let labels: Vec<String> = inputs.iter().map(|i| i.label.clone()).collect();
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::scope(|scope| {
        scope.spawn(move || {
            inputs
                .into_par_iter()
                .enumerate()
                .for_each_with(send, |send, (i, input)| {
                    // The receiver lives until every result is in; a failed send cannot happen.
                    let solved = solve_input_kept(input, target, at_move, params, limits);
                    let _ = send.send((i, solved));
                });
        });
        let mut waiting = std::collections::BTreeMap::new();
        let mut next = 0;
        for (i, result) in receive {
            waiting.insert(i, result);
            while let Some(result) = waiting.remove(&next) {
                emit(&labels[next], result);
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
    params: &model::Model,
    limits: &solve::limits::Limits,
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
