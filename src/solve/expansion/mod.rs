//! Building the state graph ([`GameGraph`]): which states are expanded, in what order, and
//! which are ended before it, by static analysis, the extreme games' proofs
//! ([`crate::prove`]), the first moves decided by proofs alone
//! ([`crate::solve::openings`]), or dominance; for one choice of the parameters, interval
//! pruning (`interval`) expands only the states that can change a value the answer shows.
//! `Builder` holds a graph being built; the functions here choose what to build.

use crate::go::color::ByColor;
use crate::go::moves::Move;
use crate::problem::LocalProblem;
use crate::prove::state::{self, Kind, State};
use crate::prove::watch::{Limit, Watch};
use crate::prove::{Effort, Proofs, Prover};
use crate::solve::budget::Budget;
use crate::solve::grade::Grade;
use crate::solve::graph::GameGraph;
use crate::solve::graph::{replay, StandIn};
use crate::solve::model::Model;
use crate::solve::openings;
use crate::solve::shortcuts::Shortcuts;
use crate::statics;

mod builder;
mod finish;
mod grades;
pub(crate) mod interval;
mod settle;
mod settler;

pub(crate) use builder::{Builder, Purpose};

/// The starts' grades ([`crate::solve::grade`]), worked out after the life degree's graph.
pub(crate) enum StartGrades {
    /// Proofs decided both starts: each grade is `l` or `d`, by its start's value.
    Decided,
    /// Counted on a grades' graph.
    Counted([Grade; 2]),
    /// A limit passed while building the grades' graph: the grades are unknown.
    Stopped(Limit),
}

/// Whose grades a grades' graph is built for: the starts' always, and those of the first
/// moves named, or of every first move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Scope {
    Starts,
    Moves(Vec<Move>),
    FirstMoves,
}

/// The grades one scope asked for: the starts', and each first move's of the scope, Black
/// first's and White first's.
pub(crate) struct Graded {
    pub starts: [Grade; 2],
    pub moves: ByColor<Vec<(Move, Grade)>>,
}

/// The effort spent on prover: each of the first states expanded (nearest the roots) gets a
/// search, until the total runs out; later states get a small one (the tail, see
/// [`Prover::decide`]).
///
/// The total grows with the region's empty points `n`, up to about 3^n / 40: the unpruned graph
/// has about 3^n states, so a search that fails costs a small part of what the graph would, and
/// small problems keep a small budget (at least 8 million positions).
fn prover_effort(local: &LocalProblem, budget: Option<usize>, watch: Watch) -> Effort {
    let empty = local.empty_points();
    let total =
        budget.unwrap_or_else(|| (3usize.saturating_pow(empty) / 40).clamp(8_000_000, 90_000_000));
    Effort {
        depth: 100,
        nodes: (total / 3).max(total.min(3_000_000)),
        total,
        tail: TAIL_POSITIONS,
        table: 2_000_000,
        watch,
    }
}

/// Positions each question may search once the total is spent: enough for the short
/// captures and quick lives deep in a ko fight. Far fewer leave a long ko fight unsettled;
/// more end a few more states at a higher cost in time.
const TAIL_POSITIONS: usize = 100;

/// The extreme games' prover, if the shortcuts allow it.
fn new_prover<'a>(
    local: &'a LocalProblem,
    shortcuts: Shortcuts,
    budget: &Budget,
    watch: Watch,
) -> Option<Prover<'a>> {
    shortcuts.proofs().then(|| {
        let effort = prover_effort(local, budget.proof_limit(), watch);
        Prover::new(local, effort, statics::rules())
    })
}

/// What a build does when a limit passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum AtLimit {
    /// Stop with no graph.
    Stop,
    /// If both starts' values are known by then, give the graph of the starts and their
    /// first moves ([`StandIn::Undecided`]).
    Answer,
}

/// What a build may do and spend, and its watch.
type Settings<'a> = (Shortcuts, &'a Budget, Watch);

/// Why the graph could not be built: a limit passed. What the partial graph already shows is
/// kept.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("stopped at {limit} after {states} states and {proof_positions} proof positions")]
pub struct Stopped {
    pub limit: Limit,
    pub states: usize,
    pub proof_positions: usize,
    /// Empty points of the fight at the start.
    pub empty_points: u32,
    /// Black first and White first: the value lies in `[lo, hi]` (0 or 1 each), from the first
    /// moves already settled (by capture, static analysis or a proof).
    pub openings: ByColor<(u8, u8)>,
    /// Black first's and White first's moves proven at their mover's extreme (the defender
    /// living, the attacker capturing): best moves, though not all of them.
    pub proven: ByColor<Vec<Move>>,
}

/// What is known of one start: the bounds on its value (0 or 1 each), and its first moves
/// proven at its mover's extreme.
type StartKnown = ((u8, u8), Vec<Move>);

/// What the first moves' values known so far (`value`: `(lo, hi)`, 0 or 1 each) show of each
/// start (`None`: not expanded): the bounds on its value, and its first moves proven at its
/// mover's extreme (the defender living, the attacker capturing; `None` a pass).
fn openings_known(
    local: &LocalProblem,
    starts: [Option<(State, Kind, &[u32])>; 2],
    value: impl Fn(u32) -> (u8, u8),
) -> [StartKnown; 2] {
    starts.map(|start| {
        let Some((state, kind, children)) = start else {
            return ((0, 1), Vec::new());
        };
        let moves: Vec<(state::Move, (u8, u8))> = replay(local, &state, kind, children)
            .moves
            .into_iter()
            .map(|(m, c)| (m, value(c)))
            .collect();
        let bounds = moves.iter().map(|&(_, v)| v);
        let (bounds, extreme) = if kind == Kind::Decision(local.defender) {
            let most = bounds.fold((0, 0), |(a, b), (c, d)| (a.max(c), b.max(d)));
            (most, (1, 1))
        } else {
            let least = bounds.fold((1, 1), |(a, b), (c, d)| (a.min(c), b.min(d)));
            (least, (0, 0))
        };
        let proven = moves
            .iter()
            .filter(|&&(_, v)| v == extreme)
            .map(|&(m, _)| Move::at(m.point(&local.arena)))
            .collect();
        (bounds, proven)
    })
}

impl GameGraph {
    /// What a graph built in full but stopped by `limit` while it was being solved knows: as
    /// a stopped build ([`Stopped`]), from the first moves that are terminals of their own
    /// (settled by capture, static analysis or a proof; not stand-ins).
    pub(crate) fn stopped_solving(&self, local: &LocalProblem, limit: Limit) -> Stopped {
        let value = |c: u32| match self.kind(c) {
            Kind::Terminal(life) if !self.stand_ins.any(c) => (life.value(), life.value()),
            _ => (0, 1),
        };
        let starts = self
            .roots
            .map(|r| Some((self.states[r as usize], self.kind(r), self.children(r))));
        let [(black, black_proven), (white, white_proven)] = openings_known(local, starts, value);
        Stopped {
            limit,
            states: self.len() - 2,
            proof_positions: self.proof_positions,
            empty_points: local.empty_points(),
            openings: ByColor::new(black, white),
            proven: ByColor::new(black_proven, white_proven),
        }
    }

    /// Builds every state reachable from both starting states; states that static analysis
    /// or the extreme games settle (as the shortcuts allow) are not expanded.
    pub fn build(
        local: &LocalProblem,
        shortcuts: Shortcuts,
        budget: &Budget,
    ) -> Result<GameGraph, Stopped> {
        let watch = budget.watch();
        let mut prover = new_prover(local, shortcuts, budget, watch.clone());
        Builder::new(
            local,
            shortcuts,
            budget,
            watch,
            Purpose::LifeDegree,
            &mut prover,
        )
        .finish_unless_whole(|_| Ok(false))
    }

    /// The graph for one choice of the parameters: with interval pruning
    /// ([`Shortcuts::interval`]), only the states that may change the starting states' or the
    /// first moves' values ([`crate::solve::expansion::interval`]); else
    /// [`GameGraph::build`].
    pub fn build_for(
        local: &LocalProblem,
        shortcuts: Shortcuts,
        budget: &Budget,
        params: &Model,
    ) -> Result<GameGraph, Stopped> {
        let watch = budget.watch();
        let mut prover = new_prover(local, shortcuts, budget, watch.clone());
        let settings = (shortcuts, budget, watch);
        GameGraph::build_plain(local, settings, params, &mut prover, AtLimit::Stop)
    }

    /// [`GameGraph::build_for`], and the starts' grades on the same graph with restarts (the
    /// threat-counting game of [`crate::solve::grade`] needs them; the life degree does not),
    /// unless proofs decided the first moves (then the grades are `l` or `d`, see
    /// [`crate::solve::openings`]). The grades' graph reuses the first graph's proofs, with a
    /// fresh search budget, under the same time and memory limits; if one passes there, the
    /// answer stands without the grades. What the provers settled comes back too, for the
    /// first moves' grades ([`GameGraph::grade_first_moves`]).
    ///
    /// `with_plain` (the life degree's solve) runs on the first graph while the second is
    /// built, on another core: the two share nothing.
    pub(crate) fn build_with_restarts<R: Send>(
        local: &LocalProblem,
        shortcuts: Shortcuts,
        budget: &Budget,
        params: &Model,
        with_plain: impl FnOnce(&GameGraph) -> R + Send,
    ) -> Result<(GameGraph, R, StartGrades, Option<Proofs>), Stopped> {
        let watch = budget.watch();
        let mut prover = new_prover(local, shortcuts, budget, watch.clone());
        let settings = (shortcuts, budget, watch.clone());
        let plain = GameGraph::build_plain(local, settings, params, &mut prover, AtLimit::Answer)?;
        if plain.openings_decided {
            let r = with_plain(&plain);
            return Ok((
                plain,
                r,
                StartGrades::Decided,
                prover.map(Prover::into_proofs),
            ));
        }
        let (r, grades) = rayon::join(
            || with_plain(&plain),
            || {
                if let Some(b) = prover.as_mut() {
                    b.renew_budget();
                }
                let settings = (shortcuts.for_every_param(), budget, watch.clone());
                let scopes = [Scope::Starts];
                let mut graded =
                    GameGraph::build_grades(local, settings, &mut prover, &plain, &scopes);
                match graded.pop() {
                    Some(Ok(g)) => StartGrades::Counted(g.starts),
                    Some(Err(limit)) => StartGrades::Stopped(limit),
                    None => unreachable!("one scope, one result"),
                }
            },
        );
        Ok((plain, r, grades, prover.map(Prover::into_proofs)))
    }

    /// The first moves' grades after the answer, on a grades' graph of their own that goes on
    /// from the life degree's graph `plain` with `proofs` known: first those of the moves
    /// `asked` (if any), then every first move's, each scope certified before the next. A
    /// limit passing leaves the scopes not reached `Err`.
    pub(crate) fn grade_first_moves(
        local: &LocalProblem,
        shortcuts: Shortcuts,
        budget: &Budget,
        (plain, proofs): (&GameGraph, Option<Proofs>),
        asked: Vec<Move>,
    ) -> Vec<Result<Graded, Limit>> {
        let watch = budget.watch();
        let mut prover = new_prover(local, shortcuts, budget, watch.clone());
        if let (Some(b), Some(proofs)) = (prover.as_mut(), proofs) {
            b.inherit(proofs);
        }
        let scopes: Vec<Scope> = (!asked.is_empty())
            .then_some(Scope::Moves(asked))
            .into_iter()
            .chain([Scope::FirstMoves])
            .collect();
        let settings = (shortcuts.for_every_param(), budget, watch);
        GameGraph::build_grades(local, settings, &mut prover, plain, &scopes)
    }

    /// After proofs decided both starts ([`StartGrades::Decided`]): the attacker's worse first
    /// moves on `plain` that are `d` all the same ([`openings::dead_by_grade`]), those `asked`
    /// first, with `proofs` known; the questions together search about as many positions as
    /// the values took. The nodes proven, and the limit that stopped the questions if one did.
    pub(crate) fn dead_by_grade(
        local: &LocalProblem,
        budget: &Budget,
        (plain, proofs): (&GameGraph, Option<Proofs>),
        asked: &[Move],
    ) -> (Vec<u32>, Option<Limit>) {
        let watch = budget.watch();
        let effort = prover_effort(local, budget.proof_limit(), watch.clone());
        let mut prover = Prover::new(local, effort, statics::rules());
        if let Some(proofs) = proofs {
            prover.inherit(proofs);
        }
        let root = plain.roots[local.defender.other().index()];
        let worse = plain.successors(local, root).moves.into_iter();
        let worse = worse.filter(|&(_, c)| plain.stand_ins.has(c, StandIn::Worse));
        let (first, rest): (Vec<_>, Vec<_>) =
            worse.partition(|(m, _)| asked.contains(&Move::at(m.point(&local.arena))));
        let until = openings::grade_allowance(plain.proof_positions);
        let max = prover.question_cap();
        let mut proven = Vec::new();
        for moves in [first, rest] {
            let states: Vec<State> = moves
                .iter()
                .map(|&(_, c)| plain.states[c as usize])
                .collect();
            let dead = openings::dead_by_grade(&mut prover, &states, until, max);
            proven.extend(
                moves
                    .iter()
                    .zip(dead)
                    .filter(|(_, d)| *d)
                    .map(|(&(_, c), _)| c),
            );
        }
        (proven, watch.exceeded())
    }

    /// The grades of `scopes` in turn, on one grades' graph that grows from one to the next.
    /// After a pruned life degree's graph, first only the states that graph expanded (the
    /// same fight, most likely), then for each scope the states left unexpanded on which its
    /// grades still hang, until they come out the same with every state left unexpanded lost
    /// and won (each layer's result is monotone in a state's result, see
    /// [`crate::solve::grade::unsettled`]); if no such state is found, the graph is completed. The
    /// starts' scope alone builds the graph for them (a start with a move that settles it
    /// ended by dominance); any other keeps every first move.
    fn build_grades<'a>(
        local: &'a LocalProblem,
        (shortcuts, budget, watch): Settings,
        prover: &mut Option<Prover<'a>>,
        plain: &GameGraph,
        scopes: &[Scope],
    ) -> Vec<Result<Graded, Limit>> {
        // Each state adds at most its restart: the state limit stays a limit on the graph
        // the report counts.
        let doubled = budget
            .clone()
            .max_states(budget.state_limit().saturating_mul(2));
        let purpose = match scopes {
            [Scope::Starts] => Purpose::StartGrades,
            _ => Purpose::MoveGrades,
        };
        let mut builder = Builder::new(local, shortcuts, &doubled, watch, purpose, prover);
        let mut graded = Vec::new();
        let stopped = builder
            .grade_scopes(plain, scopes, &mut graded)
            .err()
            .map(|s| s.limit);
        let left = scopes[graded.len()..].iter();
        graded
            .into_iter()
            .map(Ok)
            .chain(left.map(|_| Err(stopped.expect("a scope left only at a limit"))))
            .collect()
    }

    /// The life degree's graph for `params`: pruned by intervals when the shortcuts allow it
    /// and the pruned graph's values are certified, else whole; `at_limit` says what a limit
    /// passing leaves.
    fn build_plain<'a>(
        local: &'a LocalProblem,
        (shortcuts, budget, watch): Settings,
        params: &Model,
        prover: &mut Option<Prover<'a>>,
        at_limit: AtLimit,
    ) -> Result<GameGraph, Stopped> {
        let builder = Builder::new(local, shortcuts, budget, watch, Purpose::LifeDegree, prover);
        let attempt = |builder: &mut Builder<'a, '_>| {
            // Interval pruning needs the extreme games' proofs (the shortcuts allow it only
            // with them): without them nothing ends early, the prover close only at the
            // leaves and pruning costs more than it saves.
            if !shortcuts.interval() {
                return Ok(false);
            }
            let required = builder.expand_starts()?;
            // First the starts alone: their best moves' values, the others shown worse.
            if builder.proofs_decide_first_moves() {
                let roots = builder.roots();
                interval::expand(builder, params, &roots)?;
                if interval::certified_best(builder, params)? {
                    return Ok(true);
                }
            }
            interval::expand(builder, params, &required)?;
            interval::certified(builder, &required, params)
        };
        match at_limit {
            AtLimit::Answer => builder.finish_or_answer_at_limit(attempt),
            AtLimit::Stop => builder.finish_unless_whole(attempt),
        }
    }
}
