//! Which reading of a book diagram is kept, and solving files: an input is loaded with every
//! reading it has, the readings are solved, and one is kept with its answer. The reading
//! rules are in docs/framing.md.
//!
//! Above [`crate::solve`]: it composes the loading ([`crate::analysis::load`]) and the solver,
//! and its [`Error`] is everything that stops a file from being solved.

use crate::analysis::load::{self, PositionError};
use crate::analysis::AnalysisError;
use crate::problem::{Input, KeptBy, LoadError, Look, Problem, ReadingName, TargetChoice, Tried};
use crate::solve::degree::{LifeDegree, SolveError, Solved};
use crate::solve::limits::Limits;
use crate::solve::model::Model;
use crate::solve::watch;
use std::path::Path;
use std::time::{Duration, Instant};

/// Anything that stops a file from being solved, with the file it concerns.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// It cannot be read and checked.
    #[error(transparent)]
    Load(#[from] LoadError),
    #[error("{file}: {source}")]
    Analysis { file: String, source: AnalysisError },
    #[error("{file}: {source}")]
    Solve { file: String, source: SolveError },
}

impl From<PositionError> for Error {
    fn from(e: PositionError) -> Error {
        match e {
            PositionError::Load(e) => Error::Load(e),
            PositionError::Analysis { file, source } => Error::Analysis { file, source },
        }
    }
}

/// What [`solve_input_kept`] gives for one input.
pub struct Kept {
    /// The reading kept, with the readings tried ([`Problem::framing`]).
    pub problem: Problem,
    /// Its state graph and solution, for reports that look inside (lines of play, the graph).
    pub solved: Solved,
    pub answer: LifeDegree,
}

/// Loads and solves a file holding one problem (`at_move` as for [`load::load_at`]), keeping
/// the state graph and the solution for reports that look inside (lines of play, the graph
/// itself).
pub fn solve_file_kept(
    path: &Path,
    target: &TargetChoice,
    at_move: Option<usize>,
    params: &Model,
    limits: &Limits,
) -> Result<Kept, Error> {
    solve_input_kept(Input::only(path)?, target, at_move, params, limits)
}

/// Loads and solves one input (`at_move` as for [`load::load_input`]), keeping the state graph
/// and the solution.
///
/// A book diagram read several ways keeps the first reading, most plausible first, on which
/// the outcome hangs outright; failing that, the first on which it hangs at all; if none
/// hangs, the first one answered (rule 6). A first look replaced by its second look (rule 8)
/// is not kept, nor a second look that changed nothing. Each colour's readings are solved in
/// order (`solve_colour`), the two colours side by side under one time limit: the second
/// colour's are called off as soon as one of the first colour's hangs, since a first-colour
/// reading would be kept whatever the second found. The kept problem records the readings
/// tried and why it was kept. The reading rules are in docs/framing.md.
pub fn solve_input_kept(
    input: Input,
    target: &TargetChoice,
    at_move: Option<usize>,
    params: &Model,
    limits: &Limits,
) -> Result<Kept, Error> {
    let file = input.label.clone();
    let start = Instant::now();
    // One time limit for the whole input, however many readings it takes.
    let limits = &Limits {
        clock: limits.clock.or(Some(start)),
        ..limits.clone()
    };
    let (mut readings, again): (Vec<Problem>, Vec<Problem>) =
        load::readings(input, target, at_move)?
            .into_iter()
            .partition(|p| p.reading().look == Look::First);
    // The readings in which the first reading's colour defends come first.
    let first_colour = readings[0].defender();
    let split = readings
        .iter()
        .position(|p| p.defender() != first_colour)
        .unwrap_or(readings.len());
    let second = readings.split_off(split);
    let (again, second_again) = again
        .into_iter()
        .partition(|p| p.defender() == first_colour);
    let call_off = watch::CallOff::default();
    let later = Limits {
        call_off: Some(call_off.clone()),
        ..limits.clone()
    };
    let (mut outcomes, second) = rayon::join(
        || {
            let outcomes = solve_colour(readings, again, params, limits, start);
            if outcomes.iter().any(Outcome::hangs) {
                call_off.call_off();
            }
            outcomes
        },
        || solve_colour(second, second_again, params, &later, start),
    );
    if !outcomes.iter().any(Outcome::hangs) {
        outcomes.extend(second);
    }
    let tried: Vec<Tried> = outcomes
        .iter()
        .map(|o| Tried {
            reading: o.problem.reading(),
            answered: o.solved.is_ok(),
        })
        .collect();
    let kept = kept(&outcomes);
    let Some((i, kept_by)) = kept else {
        // The first failure is the one reported.
        let source = outcomes
            .into_iter()
            .find_map(|o| o.solved.err())
            .expect("an input has at least one reading");
        return Err(Error::Solve { file, source });
    };
    let Outcome {
        mut problem,
        solved,
        ..
    } = outcomes.swap_remove(i);
    let (solved, answer) = solved.expect("an answered reading");
    // A second look is kept only where it changed what the first said (rule 8).
    let kept_by = match problem.reading().look {
        Look::Again => KeptBy::MoreRoom,
        Look::First => kept_by,
    };
    problem.set_readings_tried(tried, kept_by);
    Ok(Kept {
        problem,
        solved,
        answer,
    })
}

/// A reading solved, or not (a limit stopped it).
struct Outcome {
    problem: Problem,
    solved: Result<(Solved, LifeDegree), SolveError>,
    hangs: bool,
    /// It hangs outright ([`LifeDegree::hangs_outright`]).
    outright: bool,
    /// The colour's next reading (the group's largest chain, or the next equally large one,
    /// alone) is worth solving.
    go_on: bool,
    /// Not to be kept: a first look its second look replaced, or a second look that changed
    /// nothing (rule 8).
    passed_over: bool,
}

impl Outcome {
    fn solve(problem: Problem, params: &Model, limits: &Limits, start: Instant) -> Self {
        let solved = Solved::new(&problem, params, limits).map(|solved| {
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
        Outcome {
            problem,
            solved,
            hangs,
            outright,
            go_on,
            passed_over: false,
        }
    }

    /// It hangs, and may be kept.
    fn hangs(&self) -> bool {
        self.hangs && !self.passed_over
    }

    /// Answered, with the defender dead even moving first.
    fn dies_moving_first(&self) -> bool {
        self.solved
            .as_ref()
            .is_ok_and(|(_, a)| a.dies_moving_first(self.problem.defender()))
    }
}

/// Solves the readings of one colour in order (a whole group, then its main body alone, rule
/// 6), each only when the one before was answered and says it is worth solving
/// ([`Outcome::go_on`]: nothing hung on it, or the defender is to play and the main body
/// might hang outright where the group only hangs on a ko,
/// [`LifeDegree::smaller_target_may_hang_outright`]), and no limit has been reached. Then,
/// if on the reading the colour would keep the defender dies even moving first, its second
/// look with more room (rule 8), from `again`: it replaces the first look when the outcome
/// hangs on it and the defender moving first no longer simply dies. It comes last, so that it
/// never takes time from a first look.
fn solve_colour(
    readings: Vec<Problem>,
    mut again: Vec<Problem>,
    params: &Model,
    limits: &Limits,
    start: Instant,
) -> Vec<Outcome> {
    let mut outcomes: Vec<Outcome> = Vec::new();
    for problem in readings {
        if let Some(last) = outcomes.last() {
            if !last.go_on || limits.watch().exceeded().is_some() {
                break;
            }
        }
        outcomes.push(Outcome::solve(problem, params, limits, start));
    }
    let Some((i, _)) = kept(&outcomes) else {
        return outcomes;
    };
    let first = &outcomes[i];
    let name = ReadingName {
        look: Look::Again,
        ..first.problem.reading()
    };
    let second_look = again
        .iter()
        .position(|p| p.reading() == name && p.target() == first.problem.target())
        .filter(|_| first.dies_moving_first());
    if let Some(j) = second_look {
        let mut second = Outcome::solve(again.swap_remove(j), params, limits, start);
        if second.hangs && !second.dies_moving_first() {
            outcomes[i].passed_over = true;
        } else {
            second.passed_over = true;
        }
        outcomes.push(second);
    }
    outcomes
}

/// The outcome kept among these, and why: the first not passed over on which the outcome
/// hangs outright, else the first on which it hangs, else the first answered.
fn kept(outcomes: &[Outcome]) -> Option<(usize, KeptBy)> {
    let first =
        |test: &dyn Fn(&Outcome) -> bool| outcomes.iter().position(|o| !o.passed_over && test(o));
    first(&|o| o.outright)
        .map(|i| (i, KeptBy::HangsOutright))
        .or_else(|| first(&|o| o.hangs).map(|i| (i, KeptBy::Hangs)))
        .or_else(|| first(&|o| o.solved.is_ok()).map(|i| (i, KeptBy::FirstAnswered)))
}

/// Solves several inputs on all cores, handing each result with the input's label and the wall
/// time it took (both colours' readings, a limit's stop included) to `emit` in the order given,
/// as soon as that input and all before it are done (so output stays in order and still
/// streams).
///
/// Inputs are solved one per two cores, as one file is: each input's two colours' readings
/// run side by side under its one time limit (`solve_input_kept`), so every input gets the
/// answer it gets alone. Were the inputs themselves tasks of the shared pool, a second colour
/// would wait behind the other inputs' first colours until its input's time had run out.
pub fn solve_inputs_kept(
    inputs: Vec<Input>,
    target: &TargetChoice,
    at_move: Option<usize>,
    params: &Model,
    limits: &Limits,
    mut emit: impl FnMut(&str, Result<Kept, Error>, Duration),
) {
    let labels: Vec<String> = inputs.iter().map(|i| i.label.clone()).collect();
    let workers = (rayon::current_num_threads() / 2).clamp(1, inputs.len().max(1));
    let queue = std::sync::Mutex::new(inputs.into_iter().enumerate());
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let (queue, send) = (&queue, send.clone());
            scope.spawn(move || {
                // The lock is held only to take the next input (a poisoned queue ends the
                // worker: another one panicked).
                let next = || queue.lock().ok().and_then(|mut q| q.next());
                while let Some((i, input)) = next() {
                    let start = Instant::now();
                    let solved = solve_input_kept(input, target, at_move, params, limits);
                    // The receiver lives until every result is in; a failed send cannot happen.
                    let _ = send.send((i, (solved, start.elapsed())));
                }
            });
        }
        drop(send);
        let mut waiting = std::collections::BTreeMap::new();
        let mut next = 0;
        for (i, result) in receive {
            waiting.insert(i, result);
            while let Some((result, took)) = waiting.remove(&next) {
                emit(&labels[next], result, took);
                next += 1;
            }
        }
    });
}

/// Loads and solves a file (`at_move` as for [`load::load_at`]).
pub fn solve_file(
    path: &Path,
    target: &TargetChoice,
    at_move: Option<usize>,
    params: &Model,
    limits: &Limits,
) -> Result<(Problem, LifeDegree), Error> {
    solve_file_kept(path, target, at_move, params, limits).map(|kept| (kept.problem, kept.answer))
}
