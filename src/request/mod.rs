//! The one way into the library: a [`SolveRequest`] says what to solve and how (the target,
//! the move of a record, the model's parameters, the budget and the shortcuts), and solves
//! files, inputs or checked problems with it. A file's readings are loaded here, a whole
//! board's fight chosen by the analyzers ([`crate::analysis::fight_area`]), and for a book
//! diagram read several ways one reading is kept (`readings.rs`); a whole board's fight is read
//! in the analyzers' areas, narrowest first (`widening.rs`).
//!
//! Above [`crate::solve`]: it composes loading, the analyzers and the solver; its [`Error`]
//! is everything that stops a file from being solved.
//!
//! May use [`crate::go`], [`crate::problem`], [`crate::prove`], [`crate::analysis`] and [`crate::solve`].

pub(crate) mod in_order;
mod readings;
mod widening;

use crate::analysis::fight_area;
use crate::problem::{Input, LoadError, Problem, TargetChoice};
use crate::solve::answer::Detail;
use crate::solve::answer::{Answer, Stats};
use crate::solve::degree::{SolveError, Solved};
use crate::solve::graph::GameGraph;
use crate::solve::model::Model;
use crate::solve::{Budget, Shortcuts};
use std::path::Path;
use std::time::{Duration, Instant};

/// What to solve and how: the target, the position (the setup, or a record after some
/// moves), the model's parameters, what the solve may spend and the shortcuts it may take.
/// Every setting has a default; set the ones that differ.
///
/// ```
/// use lifedeg::SolveRequest;
/// use std::path::Path;
///
/// let solution = SolveRequest::new().solve_file(Path::new("problems/direct-ko.sgf"))?;
/// assert_eq!(solution.answer.value.to_string(), "2/3");
/// # Ok::<(), lifedeg::Error>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct SolveRequest {
    target: TargetChoice,
    at_move: Option<usize>,
    model: Model,
    budget: Budget,
    shortcuts: Shortcuts,
    detail: Detail,
}

/// What a request gives for one input: the problem solved (for a book diagram, the reading
/// kept, with the readings tried), the answer, the work it took, and the solved graph for
/// reports that look inside (lines of play, the graph itself).
pub struct Solution {
    pub problem: Problem,
    pub answer: Answer,
    pub stats: Stats,
    pub solved: Solved,
}

/// Anything that stops a file from being solved, with the file it concerns.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// It cannot be read and checked.
    #[error(transparent)]
    Load(#[from] LoadError),
    #[error("{file}: {source}")]
    Solve { file: String, source: SolveError },
}

impl SolveRequest {
    /// Every setting at its default: the file's target, its setup, the model's parameters of
    /// docs/MODEL.md, [`Budget::default`], every shortcut.
    pub fn new() -> SolveRequest {
        SolveRequest::default()
    }

    /// Which stones are the target (by default the file's marks, else inference).
    pub fn target(self, target: TargetChoice) -> SolveRequest {
        SolveRequest { target, ..self }
    }

    /// Solve the position after the first `n` moves of the file's main line (a game record);
    /// `None`: the setup.
    pub fn at_move(self, at_move: Option<usize>) -> SolveRequest {
        SolveRequest { at_move, ..self }
    }

    /// The model's parameters: threat probabilities, who moves first, endless play.
    pub fn model(self, model: Model) -> SolveRequest {
        SolveRequest { model, ..self }
    }

    /// What the solve may spend.
    pub fn budget(self, budget: Budget) -> SolveRequest {
        SolveRequest { budget, ..self }
    }

    /// The shortcuts the solve may take (the values are the same with any).
    pub fn shortcuts(self, shortcuts: Shortcuts) -> SolveRequest {
        SolveRequest { shortcuts, ..self }
    }

    /// What to work out beside the life degree (by default the grades too).
    pub fn detail(self, detail: Detail) -> SolveRequest {
        SolveRequest { detail, ..self }
    }

    /// The model's parameters of this request.
    pub fn params(&self) -> &Model {
        &self.model
    }

    /// Every reading of an input, most plausible first, a whole board's fight chosen; never
    /// empty.
    pub fn readings(&self, input: Input) -> Result<Vec<Problem>, LoadError> {
        let label = input.label.clone();
        let fail = |source| LoadError::Problem {
            file: label.clone(),
            source,
        };
        // A whole board's walls are chosen within the time limit.
        let watch = self.budget.watch();
        input
            .readings_as_read(&self.target, self.at_move)?
            .into_iter()
            .map(|problem| fight_area::whole_board(problem, &watch).map_err(fail))
            .collect()
    }

    /// The problem in a file, checked: for a book diagram read several ways, its most
    /// plausible reading ([`SolveRequest::solve_file`] chooses among them by their answers).
    pub fn load(&self, path: &Path) -> Result<Problem, LoadError> {
        let mut readings = self.readings(Input::only(path)?)?;
        Ok(readings.swap_remove(0))
    }

    /// Loads and solves a file holding one problem.
    pub fn solve_file(&self, path: &Path) -> Result<Solution, Error> {
        self.solve_input(Input::only(path)?)
    }

    /// Loads and solves one input; a book diagram read several ways keeps one reading by the
    /// rules of docs/framing.md (`readings.rs`).
    pub fn solve_input(&self, input: Input) -> Result<Solution, Error> {
        readings::solve_input(self, input)
    }

    /// Solves a checked problem as it is (no other reading tried).
    pub fn solve_problem(&self, problem: &Problem) -> Result<Solution, SolveError> {
        let start = Instant::now();
        let clock = self.budget.clock().unwrap_or(start);
        let budget = self.budget.clone().since(clock);
        let solved = Solved::new(problem, &self.model, self.shortcuts, &budget, self.detail)?;
        Ok(Solution {
            problem: problem.clone(),
            answer: solved.answer(&self.model),
            stats: solved.stats(clock.elapsed()),
            solved,
        })
    }

    /// The state graph of a checked problem for every choice of the parameters (a sweep
    /// solves it again for each threat probability): no first move left bounded, no interval
    /// pruning.
    pub(crate) fn graph_for_every_param(&self, problem: &Problem) -> Result<GameGraph, SolveError> {
        let local = problem.arena()?;
        GameGraph::build(&local, self.shortcuts.for_every_param(), &self.budget)
            .map_err(|e| SolveError::stopped(e, &self.model, problem.graph()))
    }

    /// Solves several inputs on all cores, handing each result with the input's label and the
    /// wall time it took (both colours' readings, a limit's stop included) to `emit` in the
    /// order given, as soon as that input and all before it are done (so output stays in
    /// order and still streams).
    ///
    /// Inputs are solved one per two cores, as one file is: each input's two colours' readings
    /// run side by side under its one time limit, so every input gets the answer it gets
    /// alone. Were the inputs themselves tasks of the shared pool, a second colour would wait
    /// behind the other inputs' first colours until its input's time had run out.
    pub fn solve_inputs(
        &self,
        inputs: Vec<Input>,
        mut emit: impl FnMut(&str, Result<Solution, Error>, Duration),
    ) {
        let labels: Vec<String> = inputs.iter().map(|i| i.label.clone()).collect();
        let workers = rayon::current_num_threads() / 2;
        let solve = |input| {
            let start = Instant::now();
            let solved = self.solve_input(input);
            (solved, start.elapsed())
        };
        in_order::in_order(inputs, workers, solve, |i, (solved, took)| {
            emit(&labels[i], solved, took)
        });
    }
}
