//! Building the state graph ([`GameGraph`]): which states are expanded, in what order, and
//! which are ended before it, by static analysis, the extreme games' proofs
//! ([`crate::prove`]), the first moves decided by proofs alone
//! ([`crate::solve::openings`]), or dominance; for one choice of the parameters, interval
//! pruning (`interval`) expands only the states that can change a value the answer shows.
//! `Builder` holds a graph being built; the functions here choose what to build.

use crate::analysis::statics;
use crate::go::graph::Point;
use crate::problem::{Life, LocalProblem};
use crate::prove::state::{Kind, State};
use crate::prove::watch::{Limit, Watch};
use crate::prove::{Effort, Prover};
use crate::solve::budget::Budget;
use crate::solve::grade;
use crate::solve::graph::GameGraph;
use crate::solve::graph::StandIn;
use crate::solve::model::Model;
use crate::solve::shortcuts::Shortcuts;

mod builder;
mod finish;
pub(crate) mod interval;
mod settle;

pub(crate) use builder::{Builder, Purpose};

/// The graphs the grades are counted on ([`crate::solve::grade`]), built after the life
/// degree's.
pub enum GradeGraph {
    /// Proofs decided both starts: each grade is `l` or `d`, by its start's value.
    Decided,
    /// The starts' graph, and then the larger one that grades every first move too (or the
    /// limit that passed while building it: those grades are unknown, the starts' stand).
    Built(Box<GameGraph>, Result<Box<GameGraph>, Limit>),
    /// A limit passed while building the starts' graph: the grades are unknown.
    Stopped(Limit),
}

/// The effort spent on bounds: each of the first states expanded (nearest the roots) gets a
/// search, until the total runs out; later states get a small one (the tail, see
/// [`Prover::decide`]).
///
/// The total grows with the region's empty points `n`, up to about 3^n / 40: the unpruned graph
/// has about 3^n states, so a search that fails costs a small part of what the graph would, and
/// small problems keep a small budget (at least 8 million positions).
fn bounds_effort(local: &LocalProblem, budget: Option<usize>, watch: Watch) -> Effort {
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
fn new_bounds<'a>(
    local: &'a LocalProblem,
    shortcuts: Shortcuts,
    budget: &Budget,
    watch: Watch,
) -> Option<Prover<'a>> {
    shortcuts.proofs().then(|| {
        let effort = bounds_effort(local, budget.proof_limit(), watch);
        Prover::new(local, effort, statics::static_life())
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
    pub openings: [(u8, u8); 2],
    /// Black first's and White first's moves proven at their mover's extreme (the defender
    /// living, the attacker capturing; `None` a pass): best moves, though not all of them.
    pub proven: [Vec<Option<Point>>; 2],
}

impl GameGraph {
    /// Builds every state reachable from both starting states; states that static analysis
    /// or the extreme games settle (as the shortcuts allow) are not expanded.
    pub fn build(
        local: &LocalProblem,
        shortcuts: Shortcuts,
        budget: &Budget,
    ) -> Result<GameGraph, Stopped> {
        let watch = budget.watch();
        let mut bounds = new_bounds(local, shortcuts, budget, watch.clone());
        Builder::new(
            local,
            shortcuts,
            budget,
            watch,
            Purpose::LifeDegree,
            &mut bounds,
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
        let mut bounds = new_bounds(local, shortcuts, budget, watch.clone());
        let settings = (shortcuts, budget, watch);
        GameGraph::build_plain(local, settings, params, &mut bounds, AtLimit::Stop)
    }

    /// [`GameGraph::build_for`], and the same graph with restarts as well (the threat-counting
    /// game of [`crate::solve::grade`] needs them; the life degree does not), unless proofs
    /// decided the first moves (then the grades are `l` or `d`, see
    /// [`crate::solve::openings`]): first for the starts' grades alone, then for every first
    /// move's. Each later build reuses the earlier ones' proofs, with a fresh search budget,
    /// under the same time and memory limits; if one passes there, the graphs already built
    /// are returned all the same.
    ///
    /// `with_plain` (the life degree's solve) runs on the first graph while the second is
    /// built, on another core: the two share nothing.
    pub fn build_with_restarts<R: Send>(
        local: &LocalProblem,
        shortcuts: Shortcuts,
        budget: &Budget,
        params: &Model,
        with_plain: impl FnOnce(&GameGraph) -> R + Send,
    ) -> Result<(GameGraph, R, GradeGraph), Stopped> {
        let watch = budget.watch();
        let mut bounds = new_bounds(local, shortcuts, budget, watch.clone());
        let settings = (shortcuts, budget, watch.clone());
        let plain = GameGraph::build_plain(local, settings, params, &mut bounds, AtLimit::Answer)?;
        if plain.openings_decided {
            let r = with_plain(&plain);
            return Ok((plain, r, GradeGraph::Decided));
        }
        // Each state adds at most its restart: the state limit stays a limit on the graph
        // the report counts.
        let doubled = budget
            .clone()
            .max_states(budget.state_limit().saturating_mul(2));
        let every = shortcuts.for_every_param();
        let (r, restarts) = rayon::join(
            || with_plain(&plain),
            || {
                let mut build = |purpose| {
                    if let Some(b) = bounds.as_mut() {
                        b.renew_budget();
                    }
                    let settings = (every, &doubled, watch.clone());
                    GameGraph::build_grades(local, settings, &mut bounds, &plain, purpose)
                        .map(Box::new)
                        .map_err(|stopped| stopped.limit)
                };
                match build(Purpose::StartGrades) {
                    Ok(starts) => GradeGraph::Built(starts, build(Purpose::MoveGrades)),
                    Err(limit) => GradeGraph::Stopped(limit),
                }
            },
        );
        Ok((plain, r, restarts))
    }

    /// The grades' graph. After a pruned life degree's graph, first only the states that graph
    /// expanded (the same fight, most likely), then the states left unexpanded on which the
    /// grades still hang, until they come out the same with every state left unexpanded lost
    /// and won (each layer's result is monotone in a state's result, see
    /// [`grade::unsettled`]); if no such state is found, the graph is completed. `purpose`
    /// says whose grades: the starts' alone, or every first move's too.
    fn build_grades<'a>(
        local: &'a LocalProblem,
        (shortcuts, budget, watch): Settings,
        bounds: &mut Option<Prover<'a>>,
        plain: &GameGraph,
        purpose: Purpose,
    ) -> Result<GameGraph, Stopped> {
        let builder = Builder::new(local, shortcuts, budget, watch, purpose, bounds);
        let scope = match purpose {
            Purpose::MoveGrades => grade::Scope::FirstMoves,
            _ => grade::Scope::Starts,
        };
        let mut graph = builder.finish_unless_whole(|builder| {
            let left: hashbrown::HashSet<u32> =
                plain.stand_ins.nodes(StandIn::Unexpanded).collect();
            if left.is_empty() {
                return Ok(false);
            }
            let expanded: hashbrown::HashSet<State> = (2..plain.len() as u32)
                .filter(|i| !left.contains(i))
                .map(|i| plain.states[i as usize])
                .collect();
            builder.expand_where(|s| expanded.contains(s))?;
            // Then, while the two bounds' grades differ, the states they may hang on.
            loop {
                let (lost, won) = (builder.snapshot(Life::Dead), builder.snapshot(Life::Alive));
                match grade::unsettled(&lost, &won, local.defender, scope) {
                    None => return Ok(true),
                    Some(open) if open.is_empty() => return Ok(false),
                    Some(open) => {
                        for v in open {
                            builder.check()?;
                            builder.expand(v);
                        }
                    }
                }
            }
        })?;
        // Certified, the graph with every state left unexpanded captured has the whole game's
        // grades. Not a mixture of captured and alive, as `finish` leaves them: the starts'
        // results would be the same, but an axis could then stop short of stable, and an
        // unstable axis reads as "more than 10 threats" where the whole game needs none.
        let unexpanded: Vec<u32> = graph.stand_ins.nodes(StandIn::Unexpanded).collect();
        for v in unexpanded {
            graph.kinds[v as usize] = Kind::Terminal(Life::Dead);
        }
        Ok(graph)
    }

    /// The life degree's graph for `params`: pruned by intervals when the shortcuts allow it
    /// and the pruned graph's values are certified, else whole; `at_limit` says what a limit
    /// passing leaves.
    fn build_plain<'a>(
        local: &'a LocalProblem,
        (shortcuts, budget, watch): Settings,
        params: &Model,
        bounds: &mut Option<Prover<'a>>,
        at_limit: AtLimit,
    ) -> Result<GameGraph, Stopped> {
        let builder = Builder::new(local, shortcuts, budget, watch, Purpose::LifeDegree, bounds);
        let attempt = |builder: &mut Builder<'a, '_>| {
            // Interval pruning needs the extreme games' proofs (the shortcuts allow it only
            // with them): without them nothing ends early, the bounds close only at the
            // leaves and pruning costs more than it saves.
            if !shortcuts.interval() {
                return Ok(false);
            }
            let required = builder.expand_starts()?;
            // First the starts alone: their best moves' values, the others shown worse.
            if builder.bounds_first_moves() {
                let roots = builder.roots();
                interval::expand(builder, params, &roots)?;
                if interval::certified_best(builder, params) {
                    return Ok(true);
                }
            }
            interval::expand(builder, params, &required)?;
            Ok(interval::certified(builder, &required, params))
        };
        match at_limit {
            AtLimit::Answer => builder.finish_or_answer_at_limit(attempt),
            AtLimit::Stop => builder.finish_unless_whole(attempt),
        }
    }
}
