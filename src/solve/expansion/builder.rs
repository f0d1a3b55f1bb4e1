//! Building a state graph: states numbered as they are met ([`Nodes`]), expanded in any order.
//! What ends a state before its moves are made is in `settle.rs`, finishing the graph in
//! `finish.rs`.

use super::settler::Settler;
use super::Stopped;
use crate::go::color::ByColor;
use crate::go::rules::{Color, Stones};
use crate::problem::{Life, LocalProblem, Role};
use crate::prove::state::{Kind, Move, Rules, State, CAPTURED, LIVES};
use crate::prove::watch::{self, Limit, Watch};
use crate::prove::Prover;
use crate::solve::budget::Budget;
use crate::solve::graph::NO_NODE;
use crate::solve::openings::Known;
use crate::solve::shortcuts::Shortcuts;
use hashbrown::HashTable;
use std::hash::BuildHasher;
use std::sync::atomic::Ordering;

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

impl Purpose {
    /// Whether each state just after a pass gets its restart (a graph for grades).
    fn restarts(self) -> bool {
        self != Purpose::LifeDegree
    }
}

/// The states met so far, numbered in the order they were met, and what is known of each:
/// its kind once expanded, its children, its restart. Node ids are state indices; nodes 0 and
/// 1 are the two ends (captured, alive), with placeholder states.
pub(super) struct Nodes {
    hasher: hashbrown::DefaultHashBuilder,
    table: HashTable<u32>,
    pub(super) states: Vec<State>,
    /// `None` while a state is not expanded.
    pub(super) kinds: Vec<Option<Kind>>,
    /// Each node's children: where they start in `children`, and how many.
    pub(super) spans: Vec<(u32, u32)>,
    pub(super) children: Vec<u32>,
    /// In a graph built for grades, each state's restart (`GameGraph::restart`); else empty.
    pub(super) restarts: Vec<u32>,
    pub(super) roots: [u32; 2],
}

impl Nodes {
    /// The two ends, and no state yet.
    fn new(with_restarts: bool) -> Nodes {
        let placeholder = State::new(Stones::default(), Color::Black, None, false);
        Nodes {
            hasher: hashbrown::DefaultHashBuilder::default(),
            table: HashTable::new(),
            states: vec![placeholder; 2],
            kinds: vec![
                Some(Kind::Terminal(Life::Dead)),
                Some(Kind::Terminal(Life::Alive)),
            ],
            spans: vec![(0, 0); 2],
            children: Vec::new(),
            restarts: if with_restarts {
                vec![NO_NODE; 2]
            } else {
                Vec::new()
            },
            roots: [0; 2],
        }
    }

    fn hash(&self, s: &State) -> u64 {
        self.hasher.hash_one(s)
    }

    /// The node of a state, numbered now if it is new.
    pub(super) fn intern(&mut self, s: State) -> u32 {
        let h = self.hash(&s);
        let states = &self.states;
        if let Some(&id) = self.table.find(h, |&id| states[id as usize] == s) {
            return id;
        }
        let id = self.states.len() as u32;
        self.states.push(s);
        self.kinds.push(None);
        self.spans.push((0, 0));
        if !self.restarts.is_empty() {
            self.restarts.push(NO_NODE);
        }
        let (states, hasher) = (&self.states, &self.hasher);
        self.table
            .insert_unique(h, id, |&id| hasher.hash_one(states[id as usize]));
        id
    }

    /// Takes a node's state out of the table: the same state met again becomes a node of its
    /// own.
    pub(super) fn forget(&mut self, node: u32) {
        let h = self.hash(&self.states[node as usize]);
        if let Ok(entry) = self.table.find_entry(h, |&id| id == node) {
            entry.remove();
        }
    }

    pub(super) fn children(&self, node: u32) -> &[u32] {
        let (start, len) = self.spans[node as usize];
        &self.children[start as usize..(start + len) as usize]
    }

    pub(super) fn len(&self) -> usize {
        self.states.len()
    }
}

/// A graph being built: states numbered as they are met and expanded in any order —
/// breadth-first for the whole graph ([`Builder::expand_all`]), or only where a value can
/// still change ([`crate::solve::expansion::interval`]).
pub(crate) struct Builder<'a, 'b> {
    pub(super) local: &'a LocalProblem,
    rules: Rules<'a>,
    pub(super) purpose: Purpose,
    pub(super) shortcuts: Shortcuts,
    max_states: usize,
    /// Most positions the extreme games' proofs may search ([`Budget::proof_limit`]).
    pub(super) proof_budget: Option<usize>,
    pub(super) watch: Watch,
    pub(super) nodes: Nodes,
    /// What ends states early, and the counts of each way.
    pub(super) settler: Settler<'a, 'b>,
    /// A state's moves and the states they lead to, while it is expanded.
    moves: Vec<(Move, u32)>,
    pending: Vec<State>,
    /// States counted for the progress line, when the watch was last looked at.
    counted: usize,
}

impl<'a, 'b> Builder<'a, 'b> {
    /// A graph of the two starting states, not yet expanded.
    pub(crate) fn new(
        local: &'a LocalProblem,
        shortcuts: Shortcuts,
        budget: &Budget,
        watch: Watch,
        purpose: Purpose,
        prover: &'b mut Option<Prover<'a>>,
    ) -> Builder<'a, 'b> {
        let rules = Rules { local };
        let mut nodes = Nodes::new(purpose.restarts());
        nodes.roots = [Color::Black, Color::White].map(|c| nodes.intern(rules.root(c)));
        Builder {
            local,
            rules,
            purpose,
            shortcuts,
            max_states: budget.state_limit(),
            proof_budget: budget.proof_limit(),
            watch,
            nodes,
            settler: Settler::new(prover),
            moves: Vec::new(),
            pending: Vec::new(),
            counted: 0,
        }
    }

    pub(crate) fn defender(&self) -> Color {
        self.local.defender
    }

    pub(crate) fn len(&self) -> usize {
        self.nodes.len()
    }

    pub(crate) fn roots(&self) -> [u32; 2] {
        self.nodes.roots
    }

    /// A node's kind; `None` while it is not expanded.
    pub(crate) fn kind(&self, node: u32) -> Option<Kind> {
        self.nodes.kinds[node as usize]
    }

    pub(crate) fn children(&self, node: u32) -> &[u32] {
        self.nodes.children(node)
    }

    /// Whether a first move worse than its start's best may be shown only as such (see
    /// [`Shortcuts::first_moves_by_proof`]).
    pub(crate) fn proofs_decide_first_moves(&self) -> bool {
        self.shortcuts
            .first_moves_by_proof()
            .is_some_and(|n| self.local.empty_points() > n)
    }

    /// Marks a first move as only worse than its start's best (a bound, not a value).
    pub(crate) fn mark_worse(&mut self, node: u32) {
        self.settler.mark_worse(node);
    }

    /// Expands both starts and lets proofs decide the first moves where they may; the
    /// starts and their first moves, whose values the answer shows.
    pub(crate) fn expand_starts(&mut self) -> Result<Vec<u32>, Stopped> {
        for root in self.nodes.roots {
            self.check_now()?;
            self.expand(root);
        }
        self.decide_openings();
        let mut shown = self.nodes.roots.to_vec();
        for root in self.nodes.roots {
            shown.extend(self.children(root).iter().filter(|&&c| c > LIVES));
        }
        shown.sort_unstable();
        shown.dedup();
        Ok(shown)
    }

    /// Expands every state reachable from the starts not expanded yet, breadth-first: the
    /// starts first, then (see [`Builder::decide_openings`]) their moves.
    pub(crate) fn expand_all(&mut self) -> Result<(), Stopped> {
        self.expand_where(|_| true)
    }

    /// Expands the states reachable from the starts through states `within` allows (the
    /// starts always): the rest stay unexpanded.
    pub(crate) fn expand_where(&mut self, within: impl Fn(&State) -> bool) -> Result<(), Stopped> {
        if self.kind(self.nodes.roots[0]).is_none() {
            self.expand_starts()?;
        }
        let mut next = 2;
        while next < self.len() {
            if self.nodes.kinds[next].is_none() && within(&self.nodes.states[next]) {
                self.check()?;
                self.expand(next as u32);
            }
            next += 1;
        }
        Ok(())
    }

    /// Stops the build once a limit has passed: the state bound, or (looked at every
    /// thousand states) the watch's time or memory limit.
    pub(crate) fn check(&mut self) -> Result<(), Stopped> {
        // The two placeholders are not states: the limit counts states as reported.
        let n = self.len();
        let stop = if n - 2 > self.max_states {
            Some(Limit::States(self.max_states))
        } else if n >= self.counted + 1024 {
            watch::STATES.fetch_add((n - self.counted) as u64, Ordering::Relaxed);
            self.counted = n;
            self.watch.exceeded()
        } else {
            None
        };
        match stop {
            Some(limit) => Err(self.stopped(limit)),
            None => Ok(()),
        }
    }

    /// [`Builder::check`], looking at the watch whatever was built since: before work that
    /// adds few states but passes over the whole graph (a round of bounds, a grades' test).
    pub(crate) fn check_now(&mut self) -> Result<(), Stopped> {
        self.check()?;
        match self.watch.exceeded() {
            Some(limit) => Err(self.stopped(limit)),
            None => Ok(()),
        }
    }

    /// What a build stopped by `limit` knows: each start's bounds from its first moves', and
    /// the first moves proven at its mover's extreme, which the partial answer names.
    pub(super) fn stopped(&self, limit: Limit) -> Stopped {
        // A first move's value: its state settled, or proofs decided it before it is expanded.
        let value = |c: u32| match (self.kind(c), self.settler.known(c)) {
            (Some(Kind::Terminal(life)), _) | (_, Some(Known::Exact(life))) => {
                (life.value(), life.value())
            }
            _ => (0, 1),
        };
        let starts = self.nodes.roots.map(|root| {
            let kind = self.kind(root)?;
            Some((self.nodes.states[root as usize], kind, self.children(root)))
        });
        let [(black, black_proven), (white, white_proven)] =
            super::openings_known(self.local, starts, value);
        Stopped {
            limit,
            states: self.len() - 2,
            proof_positions: self.settler.proof_positions(),
            empty_points: self.local.empty_points(),
            openings: ByColor::new(black, white),
            proven: ByColor::new(black_proven, white_proven),
        }
    }

    /// Expands a state: it becomes a terminal if its value is settled (before its moves are
    /// generated, or by one of them: dominance), else it gets its children, new states
    /// numbered.
    pub(crate) fn expand(&mut self, node: u32) {
        let state = self.nodes.states[node as usize];
        let kind = match self.settle(node) {
            Some(life) => Kind::Terminal(life),
            None => self.moves(node, &state),
        };
        self.nodes.kinds[node as usize] = Some(kind);
    }

    /// A state's kind from its moves, its children recorded unless one of them fixes its
    /// value.
    fn moves(&mut self, node: u32, state: &State) -> Kind {
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
        if let Some(role) = self.dominated(node, kind) {
            self.settler.dominated += 1;
            return Kind::Terminal(Life::wanted_by(role));
        }
        if self.purpose.restarts() && state.after_pass() {
            let restart = State::new(state.stones(), state.to_move().other(), None, false);
            self.nodes.restarts[node as usize] = self.nodes.intern(restart);
        }
        let start = self.nodes.children.len() as u32;
        for i in 0..self.moves.len() {
            let c = self.moves[i].1;
            let id = if c > LIVES {
                self.nodes.intern(self.pending[c as usize - 2])
            } else {
                c
            };
            self.nodes.children.push(id);
        }
        self.nodes.spans[node as usize] = (start, self.nodes.children.len() as u32 - start);
        kind
    }

    /// Dominance: the role of the side to move if one of its moves (just generated) leads to
    /// a child worth the most it can get — 1 for the defender, 0 for the attacker: the second
    /// pass, a capture, or a child the extreme games settled. That fixes the state's value for
    /// every parameter, and its siblings need not be built. For a chance node the move must
    /// not be the recapture, so that it is there with a threat and without. The starting
    /// states keep all their moves but in a graph for their grades alone.
    fn dominated(&self, node: u32, kind: Kind) -> Option<Role> {
        let (Some(b), Kind::Decision(side) | Kind::KoChance(side)) =
            (self.settler.prover.as_ref(), kind)
        else {
            return None;
        };
        let role = Role::of(side, self.local.defender);
        let wanted = Life::wanted_by(role);
        let plain = self.moves.len() - matches!(kind, Kind::KoChance(_)) as usize;
        let wins = |c: u32| match c {
            CAPTURED => wanted == Life::Dead,
            // In the grades' game the second pass may open a confirmation phase.
            LIVES => wanted == Life::Alive && !self.purpose.restarts(),
            _ => b.settled(&self.pending[c as usize - 2]) == Some(wanted),
        };
        let whole = self.purpose != Purpose::StartGrades && self.nodes.roots.contains(&node);
        (!whole && self.moves[..plain].iter().any(|&(_, c)| wins(c))).then_some(role)
    }
}
