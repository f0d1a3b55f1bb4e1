//! The state graph: every position both sides can reach, repeated positions merged. A state
//! and its moves are [`state`](super::state)'s.
//!
//! Node 0 is "target captured" (value 0), node 1 "target lives" (value 1); states follow.
//! With static analysis on, a state [`crate::analysis::life::classify`] proves alive or dead is a
//! terminal node of its own: its exact value, no children (the starting states excepted, so
//! that every first move is still listed).
//! A state facing a retakable ko ban is a chance node: with a threat the side may choose among
//! all children, without one among all but the last, which is the recapture.
//! For one choice of the parameters, interval pruning ([`crate::solve::build::interval`]) expands only
//! the states that can change a value the answer shows; the others are terminals holding
//! their mover's worst value ([`GameGraph::unexpanded`]).

use crate::go::graph::Point;
use crate::go::rules::{Color, Stones};
use crate::problem::LocalProblem;
use crate::solve::bounds::{Bounds, Effort};
use crate::solve::grade;
use crate::solve::model::Model;
use crate::solve::state::{Kind, Rules, State, Successors, LIVES};
use crate::solve::watch::{CallOff, Limit, Watch};
use num_traits::{One, Zero};
use std::time::{Duration, Instant};

mod builder;
mod interval;
pub(crate) use builder::Builder;

/// The whole reachable game, in compressed rows.
pub struct GameGraph {
    pub states: Vec<State>,
    kinds: Vec<Kind>,
    offsets: Vec<u32>,
    children: Vec<u32>,
    /// Black-first and White-first starting states.
    pub roots: [u32; 2],
    /// States ended by static analysis.
    pub static_ended: usize,
    /// States ended by the extreme games' bounds.
    pub bounds_ended: usize,
    /// Positions the extreme games' proof search expanded.
    pub proof_positions: usize,
    /// States ended because a move fixed their value (dominance), their other children
    /// not built.
    pub dominated: usize,
    /// Whether proofs decided both starting states' values ([`crate::solve::openings`]); the
    /// first moves they decided are terminals (whether or not they decided the starts), and
    /// the graph solves the others below them.
    pub openings_decided: bool,
    /// First moves known only to be worse for their mover than its best move, which is worth
    /// the mover's extreme; their terminal holds the mover's worst value as a stand-in.
    pub worse: Vec<u32>,
    /// First moves of the side not to play left unexamined once its start's value was proven
    /// by another move; the same stand-in as a worse move.
    pub unexamined: Vec<u32>,
    /// For graphs built for grades: the *restart* of each state just after a pass — the same
    /// stones with the other side to move, no ban and no pass before — where the confirmation
    /// phase of [`crate::solve::grade`] resumes when this state's side passes too; `NO_NODE`
    /// for other nodes. Empty in other graphs.
    restarts: Vec<u32>,
    /// States left unexpanded by interval pruning ([`crate::solve::build::interval`]): terminals
    /// holding their mover's worst value, on no line either side would choose.
    pub unexpanded: Vec<u32>,
    /// The limit that stopped the graph once both starts' values were known, if one did:
    /// the graph is then the starts and their first moves only, those still open
    /// ([`GameGraph::undecided`]) terminals holding their mover's worst value.
    pub stopped: Option<Limit>,
    /// First moves a limit left undecided ([`GameGraph::stopped`]); each start's value is
    /// proven without them.
    pub undecided: Vec<u32>,
}

const NO_NODE: u32 = u32::MAX;

/// The graph the grades are counted on ([`crate::solve::grade`]), built after the life
/// degree's.
pub enum GradeGraph {
    /// Proofs decided both starts: each grade is `l` or `d`, by its start's value.
    Decided,
    Built(Box<GameGraph>),
    /// A limit passed while building it: the grades are unknown.
    Stopped(Limit),
}

/// How large a graph may grow, and what may end a state before it is expanded (never
/// changing a value).
#[derive(Clone, Debug)]
pub struct Limits {
    /// Stop a problem whose state graph passes this many states.
    pub max_states: usize,
    /// End states that static analysis proves alive or dead ([`crate::analysis::life`]).
    pub static_life: bool,
    /// End states that an extreme game settles ([`crate::solve::bounds`]).
    pub bounds: bool,
    /// Most positions the extreme games' proofs may search in all; `None` chooses by the
    /// region's size.
    pub proof_budget: Option<usize>,
    /// Stop a solve that runs longer than this.
    pub time_limit: Option<Duration>,
    /// When the time limit's clock started; `None`: when the solve starts. Several solves of
    /// one problem (the readings of a book diagram) share one clock this way.
    pub clock: Option<Instant>,
    /// Stop a solve once the process's live heap passes this many bytes.
    pub memory_limit: Option<usize>,
    /// Stop a solve once another thread calls it off (the readings of a book diagram solved
    /// side by side).
    pub call_off: Option<CallOff>,
    /// In fights of more than this many empty points, let proofs alone decide the first
    /// moves when they can ([`crate::solve::openings`]): the starting states' values and best
    /// moves stay exact, a first move worse than the best gets only that bound. `None`: never.
    /// Sound only while both sides' threat probabilities lie strictly between 0 and 1, and
    /// needs `bounds`.
    pub first_moves_by_proof: Option<u32>,
    /// Expand only the states that may still change a value: the starting states' and the
    /// first moves' ([`crate::solve::build::interval`]). For solves under one choice of the
    /// parameters; needs `bounds`.
    pub interval: bool,
}

impl Limits {
    /// These limits for one choice of the parameters: first moves are decided by proofs only
    /// while both sides' threat probabilities lie strictly between 0 and 1 (see
    /// [`crate::solve::openings`]).
    pub fn for_params(&self, params: &Model) -> Limits {
        let uncertain = params
            .threat_prob
            .iter()
            .all(|p| !p.is_zero() && !p.is_one());
        Limits {
            first_moves_by_proof: self.first_moves_by_proof.filter(|_| uncertain),
            ..self.clone()
        }
    }

    /// The same limits for a graph solved under every parameter (a sweep): no first move
    /// left bounded.
    pub fn for_every_param(&self) -> Limits {
        Limits {
            first_moves_by_proof: None,
            interval: false,
            ..self.clone()
        }
    }

    /// The watch over one solve: the time limit counted from [`Limits::clock`] (or now).
    pub fn watch(&self) -> Watch {
        let clock = self.clock.unwrap_or_else(Instant::now);
        Watch::since(
            clock,
            self.time_limit,
            self.memory_limit,
            self.call_off.clone(),
        )
    }

    /// The plain search: every state expanded, nothing ended early, no time or memory limit,
    /// only a bound on states. The reference that pruned solves are checked against.
    pub const fn plain(max_states: usize) -> Limits {
        Limits {
            max_states,
            static_life: false,
            bounds: false,
            proof_budget: None,
            time_limit: None,
            clock: None,
            memory_limit: None,
            call_off: None,
            first_moves_by_proof: None,
            interval: false,
        }
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_states: 20_000_000,
            static_life: true,
            bounds: true,
            proof_budget: None,
            // An answer within half a minute: past it, what is proven (see
            // `Builder::finish_or_answer_at_limit`).
            time_limit: Some(Duration::from_secs(25)),
            clock: None,
            // The whole process's heap (files are solved two at a time on two cores), checked
            // between allocations: a table doubling past the check stays under 4 GB.
            memory_limit: Some(2_000_000_000),
            call_off: None,
            first_moves_by_proof: Some(EXACT_MOVES_UP_TO),
            interval: true,
        }
    }
}

/// How many states (the first ones reached, nearest the roots) get the full static analysis,
/// forced-capture proofs included; later ones only the cheap unconditional-life test. Measured
/// on a 12-point corner: proofs on every state cut states by 13% but took 5 times as long.
const THOROUGH_STATIC_STATES: usize = 4096;

/// The effort spent on bounds: each of the first states expanded (nearest the roots) gets a
/// search, until the total runs out; later states get a small one (the tail, see
/// [`Bounds::decide`]).
///
/// The total grows with the region's empty points `n`, up to about 3^n / 40: the unpruned graph
/// has about 3^n states, so a search that fails costs a small part of what the graph would, and
/// small problems keep a small budget (at least 8 million positions, a few seconds). Measured
/// on `problems/scaling` (one core): the 16-point corner is proven alive at the roots in 4.4
/// million positions (at most 1.4 million for one question), 5 s; the 20-point one in about 75
/// million (at most 14 million for one question), 115 s and 0.9 GB.
fn bounds_effort(local: &LocalProblem, budget: Option<usize>, watch: Watch) -> Effort {
    let empty = empty_points(local);
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
/// captures and quick lives deep in a ko fight. Measured on `problems/scaling/crowded-22.sgf`:
/// 30 is too few to settle its fight within a minute, 100 builds 0.83 million states in 31 s,
/// 300 builds 0.73 million in 41 s (without a tail: 17.3 million states, about 4 minutes).
const TAIL_POSITIONS: usize = 100;

/// Fights this small (empty points) solve every first move exactly by default: the whole
/// graph is cheap there, and every value a player may ask about is shown.
pub const EXACT_MOVES_UP_TO: u32 = 12;

/// Empty points of the fight at the start.
fn empty_points(local: &LocalProblem) -> u32 {
    (local.arena.playable & !local.start.occupied()).count_ones()
}

/// The extreme games' prover, if `limits` allow it.
fn new_bounds<'a>(local: &'a LocalProblem, limits: &Limits, watch: Watch) -> Option<Bounds<'a>> {
    limits
        .bounds
        .then(|| Bounds::new(local, bounds_effort(local, limits.proof_budget, watch)))
}

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
    /// or the extreme games settle (as `limits` allow) are not expanded.
    pub fn build(local: &LocalProblem, limits: &Limits) -> Result<GameGraph, Stopped> {
        let watch = limits.watch();
        let mut bounds = new_bounds(local, limits, watch.clone());
        Builder::new(local, limits, watch, false, &mut bounds).finish_unless_whole(|_| Ok(false))
    }

    /// The graph for one choice of the parameters: with [`Limits::interval`] (and the
    /// bounds), only the states that may change the starting states' or the first moves'
    /// values ([`crate::solve::build::interval`]); else [`GameGraph::build`].
    pub fn build_for(
        local: &LocalProblem,
        limits: &Limits,
        params: &Model,
    ) -> Result<GameGraph, Stopped> {
        let watch = limits.watch();
        let mut bounds = new_bounds(local, limits, watch.clone());
        GameGraph::build_plain(local, limits, params, watch, &mut bounds, false)
    }

    /// [`GameGraph::build_for`], and the same graph with restarts as well (the threat-counting
    /// game of [`crate::solve::grade`] needs them; the life degree does not), unless proofs
    /// decided the first moves (then the grades are `l` or `d`, see
    /// [`crate::solve::openings`]). The second build reuses the first one's proofs, with a
    /// fresh search budget, under the same time and memory limits; if one passes there, the
    /// life degree's graph is returned all the same.
    ///
    /// `with_plain` (the life degree's solve) runs on the first graph while the second is
    /// built, on another core: the two share nothing.
    pub fn build_with_restarts<R: Send>(
        local: &LocalProblem,
        limits: &Limits,
        params: &Model,
        with_plain: impl FnOnce(&GameGraph) -> R + Send,
    ) -> Result<(GameGraph, R, GradeGraph), Stopped> {
        let watch = limits.watch();
        let mut bounds = new_bounds(local, limits, watch.clone());
        let plain =
            GameGraph::build_plain(local, limits, params, watch.clone(), &mut bounds, true)?;
        if plain.openings_decided {
            let r = with_plain(&plain);
            return Ok((plain, r, GradeGraph::Decided));
        }
        if let Some(b) = bounds.as_mut() {
            b.renew_budget();
        }
        // Each state adds at most its restart: `--max-states` stays a limit on the graph the
        // report counts.
        let doubled = Limits {
            max_states: limits.max_states.saturating_mul(2),
            ..limits.for_every_param()
        };
        let (r, restarts) = rayon::join(
            || with_plain(&plain),
            || match GameGraph::build_grades(local, &doubled, watch, &mut bounds, &plain) {
                Ok(graph) => GradeGraph::Built(Box::new(graph)),
                Err(stopped) => GradeGraph::Stopped(stopped.limit),
            },
        );
        Ok((plain, r, restarts))
    }

    /// The grades' graph. After a pruned life degree's graph, first only the states that graph
    /// expanded (the same fight, most likely), then the states left unexpanded on which the
    /// grades still hang, until they come out the same with every state left unexpanded lost
    /// and won (each layer's result is monotone in a state's result, see
    /// [`grade::unsettled`]); if no such state is found, the graph is completed.
    fn build_grades<'a>(
        local: &'a LocalProblem,
        limits: &Limits,
        watch: Watch,
        bounds: &mut Option<Bounds<'a>>,
        plain: &GameGraph,
    ) -> Result<GameGraph, Stopped> {
        let builder = Builder::new(local, limits, watch, true, bounds);
        let mut graph = builder.finish_unless_whole(|builder| {
            if plain.unexpanded.is_empty() {
                return Ok(false);
            }
            let left: hashbrown::HashSet<u32> = plain.unexpanded.iter().copied().collect();
            let expanded: hashbrown::HashSet<State> = (2..plain.len() as u32)
                .filter(|i| !left.contains(i))
                .map(|i| plain.states[i as usize])
                .collect();
            builder.expand_where(|s| expanded.contains(s))?;
            // Then, while the two bounds' grades differ, the states they may hang on.
            loop {
                let (lost, won) = (builder.snapshot(false), builder.snapshot(true));
                match grade::unsettled(&lost, &won, local.defender) {
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
        for &v in &graph.unexpanded {
            graph.kinds[v as usize] = Kind::Terminal(false);
        }
        Ok(graph)
    }

    /// The life degree's graph for `params`: pruned by intervals when `limits` allow it and
    /// the pruned graph's values are certified, else whole. With `answer_at_limit`, a limit
    /// that passes once both starts' values are known leaves the graph of the starts and
    /// their first moves, those not decided yet listed ([`GameGraph::undecided`]).
    fn build_plain<'a>(
        local: &'a LocalProblem,
        limits: &Limits,
        params: &Model,
        watch: Watch,
        bounds: &mut Option<Bounds<'a>>,
        answer_at_limit: bool,
    ) -> Result<GameGraph, Stopped> {
        let builder = Builder::new(local, limits, watch, false, bounds);
        let attempt = |builder: &mut Builder<'a, '_>| {
            // Without the extreme games' proofs nothing ends early, the bounds close only at
            // the leaves and pruning costs more than it saves (measured: the 12-point corner
            // with neither static analysis nor proofs, 2 s whole, 14 s pruned).
            if !(limits.interval && limits.bounds) {
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
        if answer_at_limit {
            builder.finish_or_answer_at_limit(attempt)
        } else {
            builder.finish_unless_whole(attempt)
        }
    }

    /// A game given directly, for trying the solvers on small hand-made games: each node's
    /// kind and children, node 0 captured and node 1 lives as in a built graph. Its states are
    /// placeholders, so it has no moves to replay ([`GameGraph::successors`]).
    pub fn from_parts(kinds: Vec<Kind>, children: Vec<Vec<u32>>, roots: [u32; 2]) -> GameGraph {
        let mut offsets = vec![0u32];
        for c in &children {
            offsets.push(offsets.last().expect("nonempty") + c.len() as u32);
        }
        let placeholder = State::new(Stones::default(), Color::Black, None, false);
        GameGraph {
            states: vec![placeholder; kinds.len()],
            kinds,
            offsets,
            children: children.concat(),
            roots,
            static_ended: 0,
            bounds_ended: 0,
            proof_positions: 0,
            dominated: 0,
            openings_decided: false,
            worse: Vec::new(),
            unexamined: Vec::new(),
            restarts: Vec::new(),
            unexpanded: Vec::new(),
            stopped: None,
            undecided: Vec::new(),
        }
    }

    pub fn len(&self) -> usize {
        self.kinds.len()
    }

    pub fn is_empty(&self) -> bool {
        self.kinds.is_empty()
    }

    pub fn kind(&self, node: u32) -> Kind {
        self.kinds[node as usize]
    }

    pub fn children(&self, node: u32) -> &[u32] {
        let n = node as usize;
        &self.children[self.offsets[n] as usize..self.offsets[n + 1] as usize]
    }

    /// The restart of a state just after a pass, in a graph built with them
    /// ([`GameGraph::build_with_restarts`]); `None` for other nodes and in other graphs.
    pub fn restart(&self, node: u32) -> Option<u32> {
        self.restarts
            .get(node as usize)
            .copied()
            .filter(|&r| r != NO_NODE)
    }

    /// Number of chance nodes (states facing a retakable ko ban).
    pub fn chance_nodes(&self) -> usize {
        self.kinds
            .iter()
            .filter(|k| matches!(k, Kind::KoChance(_)))
            .count()
    }

    /// A state's successors with move labels (ids as in this graph).
    pub fn successors(&self, local: &LocalProblem, node: u32) -> Successors {
        replay(
            local,
            &self.states[node as usize],
            self.kind(node),
            self.children(node),
        )
    }
}

/// An expanded state's successors with move labels, its recorded `children` as their ids:
/// replaying the rules gives the same children in the same order. A terminal has none.
fn replay(local: &LocalProblem, state: &State, kind: Kind, children: &[u32]) -> Successors {
    if let Kind::Terminal(_) = kind {
        return Successors {
            kind,
            moves: Vec::new(),
        };
    }
    let mut lookup = children.iter().copied();
    Rules { local }.successors(state, &mut |_| {
        lookup
            .find(|&c| c > LIVES)
            .expect("children replay in order")
    })
}
