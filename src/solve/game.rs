//! The state graph: every position both sides can reach, repeated positions merged. A state
//! and its moves are [`state`](super::state)'s.
//!
//! Node 0 is "target captured" (value 0), node 1 "target lives" (value 1); states follow.
//! With static analysis on, a state [`crate::analysis::life::classify`] proves alive or dead is a
//! terminal node of its own: its exact value, no children (the starting states excepted, so
//! that every first move is still listed).
//! A state facing a retakable ko ban is a chance node: with a threat the side may choose among
//! all children, without one among all but the last, which is the recapture.

use crate::analysis::life;
use crate::analysis::safe_regions::Safety;
use crate::go::rules::{Color, Stones};
use crate::problem::LocalProblem;
use crate::solve::bounds::{Bounds, Effort};
use crate::solve::openings::{self, Next, Start, Verdict};
use crate::solve::solver::Params;
use crate::solve::state::{Kind, Rules, State, Successors, CAPTURED, LIVES};
use crate::solve::watch::{self, Limit, Watch};
use hashbrown::HashTable;
use num_traits::{One, Zero};
use std::hash::BuildHasher;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

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
}

const NO_NODE: u32 = u32::MAX;

/// The graph the grades are counted on ([`crate::solve::grade`]), built after the life
/// degree's.
pub enum GradeGraph {
    /// Proofs decided both starts: each grade is `l` or `d`, by its start's value.
    Decided,
    Built(GameGraph),
    /// A limit passed while building it: the grades are unknown.
    Stopped(Limit),
}

/// How large a graph may grow, and what may end a state before it is expanded (never
/// changing a value).
#[derive(Clone, Debug)]
pub struct Limits {
    /// Refuse problems whose state graph passes this many states.
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
    /// In fights of more than this many empty points, let proofs alone decide the first
    /// moves when they can ([`crate::solve::openings`]): the starting states' values and best
    /// moves stay exact, a first move worse than the best gets only that bound. `None`: never.
    /// Sound only while both sides' threat probabilities lie strictly between 0 and 1, and
    /// needs `bounds`.
    pub first_moves_by_proof: Option<u32>,
}

impl Limits {
    /// These limits for one choice of the parameters: first moves are decided by proofs only
    /// while both sides' threat probabilities lie strictly between 0 and 1 (see
    /// [`crate::solve::openings`]).
    pub fn for_params(&self, params: &Params) -> Limits {
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
            ..self.clone()
        }
    }

    /// The watch over one solve: the time limit counted from [`Limits::clock`] (or now).
    pub fn watch(&self) -> Watch {
        let clock = self.clock.unwrap_or_else(Instant::now);
        Watch::since(clock, self.time_limit, self.memory_limit)
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
            first_moves_by_proof: None,
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
            time_limit: Some(Duration::from_secs(60)),
            clock: None,
            // The whole process's heap (files are solved two at a time on two cores), checked
            // between allocations: a table doubling past the check stays under 4 GB.
            memory_limit: Some(2_000_000_000),
            first_moves_by_proof: Some(EXACT_MOVES_UP_TO),
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
}

impl GameGraph {
    /// Builds every state reachable from both starting states; states that static analysis
    /// or the extreme games settle (as `limits` allow) are not expanded.
    pub fn build(local: &LocalProblem, limits: &Limits) -> Result<GameGraph, Stopped> {
        let watch = limits.watch();
        let mut bounds = new_bounds(local, limits, watch);
        GameGraph::build_inner(local, limits, watch, false, &mut bounds)
    }

    /// [`GameGraph::build`], and the same graph with restarts as well (the threat-counting
    /// game of [`crate::solve::grade`] needs them; the life degree does not), unless proofs
    /// decided the first moves (then the grades are `l` or `d`, see
    /// [`crate::solve::openings`]). The second build reuses the first one's proofs, with a
    /// fresh search budget, under the same time and memory limits; if one passes there, the
    /// life degree's graph is returned all the same.
    pub fn build_with_restarts(
        local: &LocalProblem,
        limits: &Limits,
    ) -> Result<(GameGraph, GradeGraph), Stopped> {
        let watch = limits.watch();
        let mut bounds = new_bounds(local, limits, watch);
        let plain = GameGraph::build_inner(local, limits, watch, false, &mut bounds)?;
        if plain.openings_decided {
            return Ok((plain, GradeGraph::Decided));
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
        let restarts = match GameGraph::build_inner(local, &doubled, watch, true, &mut bounds) {
            Ok(graph) => GradeGraph::Built(graph),
            Err(stopped) => GradeGraph::Stopped(stopped.limit),
        };
        Ok((plain, restarts))
    }

    fn build_inner<'a>(
        local: &'a LocalProblem,
        limits: &Limits,
        watch: Watch,
        with_restarts: bool,
        bounds: &mut Option<Bounds<'a>>,
    ) -> Result<GameGraph, Stopped> {
        let limit = limits.max_states;
        let rules = Rules { local };
        let hasher = hashbrown::DefaultHashBuilder::default();
        let hash = |s: &State| hasher.hash_one(s);
        let mut table: HashTable<u32> = HashTable::new();
        let mut states: Vec<State> = Vec::new();
        // Terminal nodes have no state; placeholders keep node ids and state indices equal.
        let placeholder = State::new(Stones::default(), Color::Black, None, false);
        states.push(placeholder);
        states.push(placeholder);
        let intern = |s: State, states: &mut Vec<State>, table: &mut HashTable<u32>| -> u32 {
            let h = hash(&s);
            if let Some(&id) = table.find(h, |&id| states[id as usize] == s) {
                return id;
            }
            let id = states.len() as u32;
            states.push(s);
            table.insert_unique(h, id, |&id| hash(&states[id as usize]));
            id
        };
        let roots = [
            intern(rules.root(Color::Black), &mut states, &mut table),
            intern(rules.root(Color::White), &mut states, &mut table),
        ];
        let mut kinds = vec![Kind::Terminal(false), Kind::Terminal(true)];
        let mut restarts = if with_restarts {
            vec![NO_NODE, NO_NODE]
        } else {
            Vec::new()
        };
        let mut offsets = vec![0u32, 0, 0];
        let mut children = Vec::new();
        let mut next = 2;
        let mut moves = Vec::new();
        let mut pending = Vec::new();
        let mut dominated = 0;
        let mut static_ended = 0;
        let mut bounds_ended = 0;
        let mut safety = Safety::default();
        // States counted for the progress line, when the watch was last looked at.
        let mut counted = 0;
        // The first moves' verdicts, when proofs decide them all.
        let mut first_moves: hashbrown::HashMap<u32, Verdict> = hashbrown::HashMap::new();
        let mut openings_decided = false;
        let mut openings_positions = 0;
        let mut worse = Vec::new();
        let mut unexamined = Vec::new();
        while next < states.len() {
            // Both starts are expanded: their moves are the next states.
            if next == roots[1] as usize + 1
                && limits.bounds
                && limits
                    .first_moves_by_proof
                    .is_some_and(|n| empty_points(local) > n)
            {
                let moves = |r: u32| {
                    children[offsets[r as usize] as usize..offsets[r as usize + 1] as usize]
                        .iter()
                        .copied()
                };
                let starts = roots.map(|r| Start {
                    state: states[r as usize],
                    moves: moves(r)
                        .map(|c| match c {
                            CAPTURED | LIVES => Next::Ended(c == LIVES),
                            c => Next::State(states[c as usize]),
                        })
                        .collect(),
                });
                // A prover of its own, with a budget as large as the graph's; the graph's
                // prover takes over only its settled results (measured: a table and a
                // static-test memory filled by these searches made the 16-point corner's graph
                // proofs fail; the settled results spare the graph searching again). Past
                // 12 empty points the graph seldom finishes where these searches do not, so
                // they are not kept to a smaller share (half was measured: 22 of a 45-problem
                // book sample solved at 5 s instead of 23).
                let effort = bounds_effort(local, limits.proof_budget, watch);
                let mut prover = Bounds::new(local, effort);
                let max = prover.question_cap();
                let found =
                    openings::decide(&mut prover, local.defender, local.to_play, &starts, max);
                openings_positions = prover.positions();
                openings_decided = found.values_known;
                // Their settled results serve the graphs still to search, which exist only
                // below a first move left open (with every verdict found, both starts' values
                // are proven and the grades follow from them).
                let open = found.verdicts.iter().flatten().any(Option::is_none);
                if let Some(b) = bounds.as_mut().filter(|_| open) {
                    b.inherit(prover);
                }
                // Each verdict holds in the plain graph whatever the starts: a value is exact,
                // and a worse move's start has a best move proven.
                for (&r, verdicts) in roots.iter().zip(found.verdicts) {
                    for (c, verdict) in moves(r).zip(verdicts) {
                        let Some(verdict) = verdict.filter(|_| c > LIVES) else {
                            continue;
                        };
                        first_moves.insert(c, verdict);
                        if !matches!(verdict, Verdict::Value(_)) {
                            // Its stand-in value holds only for this first move: the same
                            // state met below an open first move is a state of its own.
                            let s = states[c as usize];
                            if let Ok(entry) = table.find_entry(hash(&s), |&id| id == c) {
                                entry.remove();
                            }
                        }
                    }
                }
            }
            // The two placeholders are not states: the limit counts states as reported.
            let stop = if states.len() - 2 > limit {
                Some(Limit::States(limit))
            } else if states.len() >= counted + 1024 {
                watch::STATES.fetch_add((states.len() - counted) as u64, Ordering::Relaxed);
                counted = states.len();
                watch.exceeded()
            } else {
                None
            };
            if let Some(limit) = stop {
                let value = |c: u32| match kinds.get(c as usize) {
                    Some(&Kind::Terminal(lives)) => (lives as u8, lives as u8),
                    _ => (0, 1),
                };
                let openings = roots.map(|root| {
                    let Some(&kind) = kinds.get(root as usize) else {
                        return (0, 1);
                    };
                    let i = root as usize;
                    let moves = children[offsets[i] as usize..offsets[i + 1] as usize].iter();
                    let bounds = moves.map(|&c| value(c));
                    if kind == Kind::Decision(local.defender) {
                        bounds.fold((0, 0), |(a, b), (c, d)| (a.max(c), b.max(d)))
                    } else {
                        bounds.fold((1, 1), |(a, b), (c, d)| (a.min(c), b.min(d)))
                    }
                });
                return Err(Stopped {
                    limit,
                    states: states.len() - 2,
                    proof_positions: bounds.as_ref().map_or(0, |b| b.positions())
                        + openings_positions,
                    empty_points: empty_points(local),
                    openings,
                });
            }
            let state = states[next];
            // The starting states are always expanded, so that every first move is listed.
            let settled = if roots.contains(&(next as u32)) {
                None
            } else if let Some(&verdict) = first_moves.get(&(next as u32)) {
                bounds_ended += 1;
                Some(match verdict {
                    Verdict::Value(lives) => lives,
                    Verdict::Worse | Verdict::Unexamined => {
                        let list = if verdict == Verdict::Worse {
                            &mut worse
                        } else {
                            &mut unexamined
                        };
                        list.push(next as u32);
                        // The mover's worst value: 0 for the defender, 1 for the attacker,
                        // whose opponent moves now.
                        state.to_move() == local.defender
                    }
                })
            } else {
                limits
                    .static_life
                    .then(|| {
                        let stones = state.stones();
                        // Safe regions include pass-alive (see `safe_regions`).
                        if safety.target_alive(local, &stones) {
                            Some(true)
                        } else {
                            let turn = state.turn();
                            (life::sealed_dead(local, &stones, turn)
                                || next < THOROUGH_STATIC_STATES
                                    && life::forced_capture(local, &stones, turn))
                            .then_some(false)
                        }
                    })
                    .flatten()
                    .inspect(|_| static_ended += 1)
                    .or_else(|| {
                        let bounds = bounds.as_mut()?;
                        let value = if with_restarts
                            && state.after_pass()
                            && state.to_move() == local.defender
                        {
                            // In the grades' game the defender's pass here may open a
                            // confirmation phase instead of ending the game, so the lower game's
                            // proof (that pass) is none. The defender lives if it wins the lower
                            // game after passing: the attacker's moves there are the ones the
                            // confirmation phase resumes with (see `crate::solve::grade`).
                            let waiting =
                                State::new(state.stones(), state.to_move().other(), None, true);
                            bounds.decide(&waiting).filter(|&lives| lives)
                        } else {
                            bounds.decide(&state)
                        };
                        bounds_ended += value.is_some() as usize;
                        value
                    })
            };
            // A state ended early is a terminal with its value; any other gets its children.
            let ended = 'expand: {
                if settled.is_some() {
                    break 'expand settled;
                }
                // The children are interned only if the state needs them.
                pending.clear();
                let kind = rules.successors_into(
                    &state,
                    &mut |s| {
                        pending.push(s);
                        pending.len() as u32 + 1
                    },
                    &mut moves,
                );
                if let (Some(b), Kind::Decision(side) | Kind::KoChance(side)) = (&*bounds, kind) {
                    // Dominance: a move to a child worth the most its mover can get (1 for the
                    // defender, 0 for the attacker: the second pass, a capture, or a child the
                    // extreme games settled) fixes the state's value for every parameter, and its
                    // siblings need not be built. For a chance node it must not be the recapture,
                    // so that it is there with a threat and without. The starting states keep all
                    // their moves in the life degree's graph; the grades need only their results.
                    let defends = side == local.defender;
                    let plain = moves.len() - matches!(kind, Kind::KoChance(_)) as usize;
                    let wins = |c: u32| match c {
                        CAPTURED => !defends,
                        // In the grades' game the second pass may open a confirmation phase.
                        LIVES => defends && !with_restarts,
                        _ => b.settled(&pending[c as usize - 2]) == Some(defends),
                    };
                    if (with_restarts || !roots.contains(&(next as u32)))
                        && moves[..plain].iter().any(|&(_, c)| wins(c))
                    {
                        dominated += 1;
                        break 'expand Some(defends);
                    }
                }
                if with_restarts {
                    restarts.push(if state.after_pass() {
                        let restart =
                            State::new(state.stones(), state.to_move().other(), None, false);
                        intern(restart, &mut states, &mut table)
                    } else {
                        NO_NODE
                    });
                }
                kinds.push(kind);
                for &(_, c) in &moves {
                    let id = if c > LIVES {
                        intern(pending[c as usize - 2], &mut states, &mut table)
                    } else {
                        c
                    };
                    children.push(id);
                }
                offsets.push(children.len() as u32);
                None
            };
            if let Some(lives) = ended {
                kinds.push(Kind::Terminal(lives));
                offsets.push(children.len() as u32);
                if with_restarts {
                    restarts.push(NO_NODE);
                }
            }
            next += 1;
        }
        Ok(GameGraph {
            states,
            kinds,
            offsets,
            children,
            roots,
            static_ended,
            bounds_ended,
            proof_positions: bounds.as_ref().map_or(0, |b| b.positions()) + openings_positions,
            dominated,
            openings_decided,
            worse,
            unexamined,
            restarts,
        })
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
        if let kind @ Kind::Terminal(_) = self.kind(node) {
            return Successors {
                kind,
                moves: Vec::new(),
            };
        }
        let rules = Rules { local };
        let mut lookup = self.children(node).iter().copied();
        // Replaying the rules gives the same children in the same order: reuse their ids.
        rules.successors(&self.states[node as usize], &mut |_| {
            lookup
                .find(|&c| c > LIVES)
                .expect("children replay in order")
        })
    }
}
