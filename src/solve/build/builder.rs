//! Building a state graph: states numbered as they are met, expanded in any order.

use super::{bounds_effort, empty_points, Stopped};
use crate::analysis::static_life;
use crate::analysis::safe_regions::Safety;
use crate::go::rules::{Color, Stones};
use crate::problem::LocalProblem;
use crate::solve::bounds::Bounds;
use crate::solve::graph::{replay, GameGraph, NO_NODE};
use crate::solve::limits::Limits;
use crate::solve::openings::{self, Next, Start, Verdict};
use crate::solve::state::{Kind, Move, Rules, State, CAPTURED, LIVES};
use crate::solve::watch::{self, Limit, Watch};
use hashbrown::HashTable;
use std::hash::BuildHasher;
use std::sync::atomic::Ordering;

/// How many states (the first ones reached, nearest the roots) get the full static analysis,
/// forced-capture proofs included; later ones only the cheap unconditional-life test: proofs
/// on every state end a few more states at a far higher cost in time.
const THOROUGH_STATIC_STATES: usize = 4096;

/// What a graph is built for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Purpose {
    /// The life degree: every first move kept, no restarts.
    LifeDegree,
    /// The starts' grades ([`crate::solve::grade`]): restarts, and a start with a move that
    /// settles it is ended by dominance like any other state.
    StartGrades,
    /// Every first move's grade as well: restarts, every first move kept.
    MoveGrades,
}

/// A graph being built: states numbered as they are met and expanded in any order —
/// breadth-first for the whole graph ([`Builder::expand_all`]), or only where a value can
/// still change ([`crate::solve::build::interval`]).
pub(crate) struct Builder<'a, 'b> {
    local: &'a LocalProblem,
    limits: &'b Limits,
    watch: Watch,
    purpose: Purpose,
    bounds: &'b mut Option<Bounds<'a>>,
    rules: Rules<'a>,
    hasher: hashbrown::DefaultHashBuilder,
    table: HashTable<u32>,
    /// Terminal nodes have no state; placeholders keep node ids and state indices equal.
    states: Vec<State>,
    /// `None` while a state is not expanded.
    kinds: Vec<Option<Kind>>,
    /// Each node's children: where they start in `children`, and how many.
    spans: Vec<(u32, u32)>,
    children: Vec<u32>,
    /// In a graph built for grades, each state's restart ([`GameGraph::restart`]).
    restarts: Vec<u32>,
    roots: [u32; 2],
    moves: Vec<(Move, u32)>,
    pending: Vec<State>,
    safety: Safety,
    dominated: usize,
    static_ended: usize,
    bounds_ended: usize,
    /// States counted for the progress line, when the watch was last looked at.
    counted: usize,
    /// The first moves' verdicts, when proofs decide them.
    first_moves: hashbrown::HashMap<u32, Verdict>,
    openings_decided: bool,
    openings_positions: usize,
    worse: Vec<u32>,
    /// The attacker's worse first moves that proofs showed `d` (see [`GameGraph`]).
    dead_by_grade: Vec<u32>,
    unexamined: Vec<u32>,
}

impl<'a, 'b> Builder<'a, 'b> {
    /// A graph of the two starting states, not yet expanded.
    pub(crate) fn new(
        local: &'a LocalProblem,
        limits: &'b Limits,
        watch: Watch,
        purpose: Purpose,
        bounds: &'b mut Option<Bounds<'a>>,
    ) -> Builder<'a, 'b> {
        let with_restarts = purpose != Purpose::LifeDegree;
        let placeholder = State::new(Stones::default(), Color::Black, None, false);
        let mut builder = Builder {
            local,
            limits,
            watch,
            purpose,
            bounds,
            rules: Rules { local },
            hasher: hashbrown::DefaultHashBuilder::default(),
            table: HashTable::new(),
            states: vec![placeholder; 2],
            kinds: vec![Some(Kind::Terminal(false)), Some(Kind::Terminal(true))],
            spans: vec![(0, 0); 2],
            children: Vec::new(),
            restarts: if with_restarts {
                vec![NO_NODE; 2]
            } else {
                Vec::new()
            },
            roots: [0; 2],
            moves: Vec::new(),
            pending: Vec::new(),
            safety: Safety::default(),
            dominated: 0,
            static_ended: 0,
            bounds_ended: 0,
            counted: 0,
            first_moves: hashbrown::HashMap::new(),
            openings_decided: false,
            openings_positions: 0,
            worse: Vec::new(),
            dead_by_grade: Vec::new(),
            unexamined: Vec::new(),
        };
        let rules = Rules { local };
        builder.roots = [Color::Black, Color::White].map(|c| builder.intern(rules.root(c)));
        builder
    }

    /// Whether each state just after a pass gets its restart (a graph for grades).
    fn with_restarts(&self) -> bool {
        self.purpose != Purpose::LifeDegree
    }

    fn hash(&self, s: &State) -> u64 {
        self.hasher.hash_one(s)
    }

    /// The node of a state, numbered now if it is new.
    fn intern(&mut self, s: State) -> u32 {
        let h = self.hash(&s);
        let states = &self.states;
        if let Some(&id) = self.table.find(h, |&id| states[id as usize] == s) {
            return id;
        }
        let id = self.states.len() as u32;
        self.states.push(s);
        self.kinds.push(None);
        self.spans.push((0, 0));
        if self.with_restarts() {
            self.restarts.push(NO_NODE);
        }
        let (states, hasher) = (&self.states, &self.hasher);
        self.table
            .insert_unique(h, id, |&id| hasher.hash_one(states[id as usize]));
        id
    }

    pub(crate) fn defender(&self) -> Color {
        self.local.defender
    }

    /// Expands both starts and lets proofs decide the first moves where they may; the
    /// starts and their first moves, whose values the answer shows.
    pub(crate) fn expand_starts(&mut self) -> Result<Vec<u32>, Stopped> {
        for root in self.roots {
            self.check()?;
            self.expand(root);
        }
        self.decide_openings();
        let mut shown = self.roots.to_vec();
        for root in self.roots {
            shown.extend(self.children(root).iter().filter(|&&c| c > LIVES));
        }
        shown.sort_unstable();
        shown.dedup();
        Ok(shown)
    }

    pub(crate) fn len(&self) -> usize {
        self.states.len()
    }

    /// Whether a first move worse than its start's best may be shown only as such (see
    /// [`Limits::first_moves_by_proof`]).
    pub(crate) fn bounds_first_moves(&self) -> bool {
        self.limits.bounds
            && self
                .limits
                .first_moves_by_proof
                .is_some_and(|n| empty_points(self.local) > n)
    }

    pub(crate) fn roots(&self) -> [u32; 2] {
        self.roots
    }

    /// Marks a first move as only worse than its start's best (a bound, not a value).
    pub(crate) fn mark_worse(&mut self, node: u32) {
        if !self.worse.contains(&node) {
            self.worse.push(node);
        }
    }

    /// A node's kind; `None` while it is not expanded.
    pub(crate) fn kind(&self, node: u32) -> Option<Kind> {
        self.kinds[node as usize]
    }

    pub(crate) fn children(&self, node: u32) -> &[u32] {
        let (start, len) = self.spans[node as usize];
        &self.children[start as usize..(start + len) as usize]
    }

    /// Expands every state reachable from the starts not expanded yet, breadth-first: the
    /// starts first, then (see [`Builder::decide_openings`]) their moves.
    pub(crate) fn expand_all(&mut self) -> Result<(), Stopped> {
        self.expand_where(|_| true)
    }

    /// Expands the states reachable from the starts through states `within` allows (the
    /// starts always): the rest stay unexpanded.
    pub(crate) fn expand_where(&mut self, within: impl Fn(&State) -> bool) -> Result<(), Stopped> {
        if self.kinds[self.roots[0] as usize].is_none() {
            self.expand_starts()?;
        }
        let mut next = 2;
        while next < self.states.len() {
            if self.kinds[next].is_none() && within(&self.states[next]) {
                self.check()?;
                self.expand(next as u32);
            }
            next += 1;
        }
        Ok(())
    }

    /// Once both starts are expanded, in fights large enough (see [`Limits`]), lets proofs
    /// decide the first moves ([`crate::solve::openings`]).
    pub(crate) fn decide_openings(&mut self) {
        let local = self.local;
        if !self.bounds_first_moves() {
            return;
        }
        let roots = self.roots;
        let starts = roots.map(|r| Start {
            state: self.states[r as usize],
            moves: self
                .children(r)
                .iter()
                .map(|&c| match c {
                    CAPTURED | LIVES => Next::Ended(c == LIVES),
                    c => Next::State(self.states[c as usize]),
                })
                .collect(),
        });
        // A prover of its own, with a budget as large as the graph's; the graph's
        // prover takes over only its settled results: a table and a static-test memory
        // filled by these searches would crowd out the graph's own proofs, and the
        // settled results spare the graph searching again. Past 12 empty points the
        // graph seldom finishes where these searches do not, so they are not kept to a
        // smaller share.
        let effort = bounds_effort(local, self.limits.proof_budget, self.watch.clone());
        let mut prover = Bounds::new(local, effort);
        let max = prover.question_cap();
        let found = openings::decide(&mut prover, local.defender, local.to_play, &starts, max);
        // Once the starts' values are known, the grade of the attacker's worse moves (the
        // threats are counted on the graph only below the moves left open).
        let dead = if found.values_known {
            openings::dead_by_grade(&mut prover, local.defender, &starts, &found.verdicts, max)
        } else {
            [Vec::new(), Vec::new()]
        };
        self.openings_positions = prover.positions();
        self.openings_decided = found.values_known;
        // Their settled results serve the graphs still to search, which exist only
        // below a first move left open (with every verdict found, both starts' values
        // are proven and the grades follow from them).
        let open = found.verdicts.iter().flatten().any(Option::is_none);
        if let Some(b) = self.bounds.as_mut().filter(|_| open) {
            b.inherit(prover);
        }
        // Each verdict holds in the plain graph whatever the starts: a value is exact,
        // and a worse move's start has a best move proven.
        for ((&r, verdicts), dead) in roots.iter().zip(found.verdicts).zip(dead) {
            for (i, verdict) in verdicts.into_iter().enumerate() {
                let c = self.children(r)[i];
                let Some(verdict) = verdict.filter(|_| c > LIVES) else {
                    continue;
                };
                self.first_moves.insert(c, verdict);
                if dead.get(i) == Some(&true) {
                    self.dead_by_grade.push(c);
                }
                if !matches!(verdict, Verdict::Value(_)) {
                    // Its stand-in value holds only for this first move: the same
                    // state met below an open first move is a state of its own.
                    let h = self.hash(&self.states[c as usize]);
                    if let Ok(entry) = self.table.find_entry(h, |&id| id == c) {
                        entry.remove();
                    }
                }
            }
        }
    }

    /// Stops the build once a limit has passed: the state bound, or (looked at every
    /// thousand states) the watch's time or memory limit.
    pub(crate) fn check(&mut self) -> Result<(), Stopped> {
        // The two placeholders are not states: the limit counts states as reported.
        let n = self.states.len();
        let stop = if n - 2 > self.limits.max_states {
            Some(Limit::States(self.limits.max_states))
        } else if n >= self.counted + 1024 {
            watch::STATES.fetch_add((n - self.counted) as u64, Ordering::Relaxed);
            self.counted = n;
            self.watch.exceeded()
        } else {
            None
        };
        let Some(limit) = stop else {
            return Ok(());
        };
        // A first move's value: its state settled, or proofs decided it before it is expanded.
        let value = |c: u32| match (self.kinds.get(c as usize), self.first_moves.get(&c)) {
            (Some(&Some(Kind::Terminal(lives))), _) | (_, Some(&Verdict::Value(lives))) => {
                (lives as u8, lives as u8)
            }
            _ => (0, 1),
        };
        // Each start's bounds from its first moves', and the first moves proven at its mover's
        // extreme, which the partial answer names.
        let [(black, black_proven), (white, white_proven)] = self.roots.map(|root| {
            let Some(kind) = self.kinds[root as usize] else {
                return ((0, 1), Vec::new());
            };
            let state = &self.states[root as usize];
            let moves: Vec<(Move, (u8, u8))> = replay(self.local, state, kind, self.children(root))
                .moves
                .into_iter()
                .map(|(m, c)| (m, value(c)))
                .collect();
            let bounds = moves.iter().map(|&(_, v)| v);
            let (bounds, extreme) = if kind == Kind::Decision(self.local.defender) {
                let most = bounds.fold((0, 0), |(a, b), (c, d)| (a.max(c), b.max(d)));
                (most, (1, 1))
            } else {
                let least = bounds.fold((1, 1), |(a, b), (c, d)| (a.min(c), b.min(d)));
                (least, (0, 0))
            };
            let proven = moves
                .iter()
                .filter(|&&(_, v)| v == extreme)
                .map(|&(m, _)| m.point(&self.local.arena))
                .collect();
            (bounds, proven)
        });
        Err(Stopped {
            limit,
            states: n - 2,
            proof_positions: self.proof_positions(),
            empty_points: empty_points(self.local),
            openings: [black, white],
            proven: [black_proven, white_proven],
        })
    }

    fn proof_positions(&self) -> usize {
        self.bounds.as_ref().map_or(0, |b| b.positions()) + self.openings_positions
    }

    /// A state's value if it is settled before expanding it: a first move proofs decided,
    /// static analysis, or a proof of the extreme games. The starting states are always
    /// expanded, so that every first move is listed.
    fn settle(&mut self, node: u32) -> Option<bool> {
        let local = self.local;
        let state = self.states[node as usize];
        if self.roots.contains(&node) {
            return None;
        }
        if let Some(&verdict) = self.first_moves.get(&node) {
            self.bounds_ended += 1;
            return Some(match verdict {
                Verdict::Value(lives) => lives,
                Verdict::Worse | Verdict::Unexamined => {
                    let list = if verdict == Verdict::Worse {
                        &mut self.worse
                    } else {
                        &mut self.unexamined
                    };
                    list.push(node);
                    // The mover's worst value: 0 for the defender, 1 for the attacker,
                    // whose opponent moves now.
                    state.to_move() == local.defender
                }
            });
        }
        if self.limits.static_life {
            let stones = state.stones();
            let turn = state.turn();
            // Safe regions include pass-alive and life by pairs (see `safe_regions`).
            let value = if self.safety.target_alive(local, &stones) {
                Some(true)
            } else {
                (static_life::sealed_dead(local, &stones, turn)
                    || (node as usize) < THOROUGH_STATIC_STATES
                        && static_life::forced_capture(local, &stones, turn))
                .then_some(false)
            };
            if value.is_some() {
                self.static_ended += 1;
                return value;
            }
        }
        let restarts = self.with_restarts();
        let bounds = self.bounds.as_mut()?;
        let value = if restarts && state.after_pass() && state.to_move() == local.defender {
            // In the grades' game the defender's pass here may open a confirmation phase
            // instead of ending the game, so the lower game's proof (that pass) is none. The
            // defender lives if it wins the lower game after passing: the attacker's moves
            // there are the ones the confirmation phase resumes with (see
            // `crate::solve::grade`).
            let waiting = State::new(state.stones(), state.to_move().other(), None, true);
            bounds.decide(&waiting).filter(|&lives| lives)
        } else {
            bounds.decide(&state)
        };
        self.bounds_ended += value.is_some() as usize;
        value
    }

    /// Expands a state: it becomes a terminal if its value is settled (before its moves are
    /// generated, or by one of them: dominance), else it gets its children, new states
    /// numbered.
    pub(crate) fn expand(&mut self, node: u32) {
        let state = self.states[node as usize];
        let kind = match self.settle(node) {
            Some(lives) => Kind::Terminal(lives),
            None => self.moves(node, &state),
        };
        self.kinds[node as usize] = Some(kind);
    }

    /// A state's kind from its moves, its children recorded unless one of them fixes its
    /// value.
    fn moves(&mut self, node: u32, state: &State) -> Kind {
        let local = self.local;
        // The children are numbered only if the state needs them.
        let pending = &mut self.pending;
        pending.clear();
        let kind = self.rules.successors_into(
            state,
            &mut |s| {
                pending.push(s);
                pending.len() as u32 + 1
            },
            &mut self.moves,
        );
        if let (Some(b), Kind::Decision(side) | Kind::KoChance(side)) = (&*self.bounds, kind) {
            // Dominance: a move to a child worth the most its mover can get (1 for the
            // defender, 0 for the attacker: the second pass, a capture, or a child the
            // extreme games settled) fixes the state's value for every parameter, and its
            // siblings need not be built. For a chance node it must not be the recapture,
            // so that it is there with a threat and without. The starting states keep all
            // their moves but in a graph for their grades alone.
            let defends = side == local.defender;
            let plain = self.moves.len() - matches!(kind, Kind::KoChance(_)) as usize;
            let wins = |c: u32| match c {
                CAPTURED => !defends,
                // In the grades' game the second pass may open a confirmation phase.
                LIVES => defends && !self.with_restarts(),
                _ => b.settled(&self.pending[c as usize - 2]) == Some(defends),
            };
            let whole = self.purpose != Purpose::StartGrades && self.roots.contains(&node);
            if !whole && self.moves[..plain].iter().any(|&(_, c)| wins(c)) {
                self.dominated += 1;
                return Kind::Terminal(defends);
            }
        }
        if self.with_restarts() && state.after_pass() {
            let restart = State::new(state.stones(), state.to_move().other(), None, false);
            self.restarts[node as usize] = self.intern(restart);
        }
        let start = self.children.len() as u32;
        for i in 0..self.moves.len() {
            let c = self.moves[i].1;
            let id = if c > LIVES {
                self.intern(self.pending[c as usize - 2])
            } else {
                c
            };
            self.children.push(id);
        }
        self.spans[node as usize] = (start, self.children.len() as u32 - start);
        kind
    }

    /// The graph `attempt` builds, if it says the graph is certified as it is (a pruned
    /// graph); else the whole graph, built on from there.
    pub(crate) fn finish_unless_whole(
        mut self,
        attempt: impl FnOnce(&mut Self) -> Result<bool, Stopped>,
    ) -> Result<GameGraph, Stopped> {
        self.build_unless_whole(attempt)?;
        Ok(self.finish())
    }

    /// [`Builder::finish_unless_whole`], except that a limit passing once both starts'
    /// values are known (from first moves settled by proofs, static analysis or capture)
    /// gives those values ([`Builder::finish_stopped`]) rather than no answer.
    pub(crate) fn finish_or_answer_at_limit(
        mut self,
        attempt: impl FnOnce(&mut Self) -> Result<bool, Stopped>,
    ) -> Result<GameGraph, Stopped> {
        match self.build_unless_whole(attempt) {
            Ok(()) => Ok(self.finish()),
            Err(stopped) if stopped.openings.iter().all(|(lo, hi)| lo == hi) => {
                Ok(self.finish_stopped(stopped.limit))
            }
            Err(stopped) => Err(stopped),
        }
    }

    fn build_unless_whole(
        &mut self,
        attempt: impl FnOnce(&mut Self) -> Result<bool, Stopped>,
    ) -> Result<(), Stopped> {
        if !attempt(self)? {
            self.expand_all()?;
        }
        Ok(())
    }

    /// The graph of the starts and their first moves alone, once `limit` stopped the build
    /// with both starts' values known: each start has a first move settled at its mover's
    /// extreme, or every one settled at its worst. A first move not settled becomes a
    /// terminal holding its mover's worst value, as a worse move does, and is listed as
    /// undecided: it can only be in a start of the first kind, whose value and settled best
    /// moves the stand-in leaves as they are. A settled first move is a terminal for every
    /// choice of the parameters, so the starts' grades are `l` or `d` as when proofs decide
    /// the openings ([`crate::solve::openings`]).
    fn finish_stopped(self, limit: Limit) -> GameGraph {
        let defender = self.local.defender;
        let placeholder = self.states[0];
        let mut graph = GameGraph {
            states: vec![placeholder; 2],
            kinds: vec![Kind::Terminal(false), Kind::Terminal(true)],
            offsets: Vec::new(),
            children: Vec::new(),
            roots: [2, 3],
            static_ended: self.static_ended,
            bounds_ended: self.bounds_ended,
            proof_positions: self.proof_positions(),
            dominated: self.dominated,
            openings_decided: true,
            worse: Vec::new(),
            dead_by_grade: Vec::new(),
            unexamined: Vec::new(),
            restarts: Vec::new(),
            unexpanded: Vec::new(),
            stopped: Some(limit),
            undecided: Vec::new(),
        };
        let push = |graph: &mut GameGraph, node: u32, kind: Kind| {
            graph.states.push(self.states[node as usize]);
            graph.kinds.push(kind);
            graph.kinds.len() as u32 - 1
        };
        for root in self.roots {
            let kind = self.kinds[root as usize].expect("the starts are expanded");
            push(&mut graph, root, kind);
        }
        // The starts' children, in order; the first moves have none.
        let mut ends = [0; 2];
        for (end, root) in ends.iter_mut().zip(self.roots) {
            for &c in self.children(root) {
                if c <= LIVES {
                    graph.children.push(c);
                    continue;
                }
                let mover_worst = self.states[c as usize].to_move() == defender;
                let id = match self.kinds[c as usize] {
                    Some(kind @ Kind::Terminal(_)) => push(&mut graph, c, kind),
                    _ => {
                        let id = push(&mut graph, c, Kind::Terminal(mover_worst));
                        graph.undecided.push(id);
                        id
                    }
                };
                if self.worse.contains(&c) {
                    graph.worse.push(id);
                    if self.dead_by_grade.contains(&c) {
                        graph.dead_by_grade.push(id);
                    }
                } else if self.unexamined.contains(&c) {
                    graph.unexamined.push(id);
                }
                graph.children.push(id);
            }
            *end = graph.children.len() as u32;
        }
        graph.offsets = [0, 0, 0, ends[0]].to_vec();
        graph.offsets.resize(graph.kinds.len() + 1, ends[1]);
        graph
    }

    /// The graph as built so far, for solving and counting threats only (no states): every
    /// state not expanded a terminal worth `unexpanded`.
    pub(crate) fn snapshot(&self, unexpanded: bool) -> GameGraph {
        let mut offsets = Vec::with_capacity(self.len() + 1);
        offsets.push(0);
        let mut children = Vec::with_capacity(self.children.len());
        for i in 0..self.len() as u32 {
            children.extend_from_slice(self.children(i));
            offsets.push(children.len() as u32);
        }
        let kinds = self
            .kinds
            .iter()
            .map(|k| k.unwrap_or(Kind::Terminal(unexpanded)));
        GameGraph {
            kinds: kinds.collect(),
            offsets,
            children,
            restarts: self.restarts.clone(),
            ..GameGraph::from_parts(Vec::new(), Vec::new(), self.roots)
        }
    }

    /// The graph as built. A state not expanded (left out by interval pruning) is a
    /// terminal holding its mover's worst value, as a first move shown only worse does.
    fn finish(self) -> GameGraph {
        let n = self.states.len();
        // Built breadth-first, the children already lie in node order.
        let mut end = 0;
        let in_order = self.spans.iter().all(|&(start, len)| {
            let next = len == 0 || start == end;
            end += len;
            next
        });
        let mut offsets = Vec::with_capacity(n + 1);
        offsets.push(0);
        let mut children = Vec::new();
        let mut kinds = Vec::with_capacity(n);
        let mut unexpanded = Vec::new();
        for (i, kind) in self.kinds.iter().enumerate() {
            let (start, len) = self.spans[i];
            kinds.push(kind.unwrap_or_else(|| {
                unexpanded.push(i as u32);
                Kind::Terminal(self.states[i].to_move() == self.local.defender)
            }));
            if !in_order {
                children.extend_from_slice(&self.children[start as usize..(start + len) as usize]);
            }
            offsets.push(offsets[i] + len);
        }
        GameGraph {
            proof_positions: self.proof_positions(),
            states: self.states,
            kinds,
            offsets,
            children: if in_order { self.children } else { children },
            roots: self.roots,
            static_ended: self.static_ended,
            bounds_ended: self.bounds_ended,
            dominated: self.dominated,
            openings_decided: self.openings_decided,
            worse: self.worse,
            dead_by_grade: self.dead_by_grade,
            unexamined: self.unexamined,
            restarts: self.restarts,
            unexpanded,
            stopped: None,
            undecided: Vec::new(),
        }
    }
}
