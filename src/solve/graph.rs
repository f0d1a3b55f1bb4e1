//! The state graph: every position both sides can reach, repeated positions merged, in
//! compressed rows. A state and its moves are [`state`](crate::prove::state)'s; the graph is built by
//! [`expansion`](super::expansion) and solved by [`solver`](super::solver).
//!
//! Node 0 is "target captured" (value 0), node 1 "target lives" (value 1); states follow.
//! With static analysis on, a state it proves alive or dead
//! ([`crate::statics`]) is a terminal node of its own: its exact value, no
//! children (the starting states excepted, so that every first move is still listed).
//! A state facing a retakable ko ban is a chance node: with a threat the side may choose among
//! all children, without one among all but the last, which is the recapture.
//! For one choice of the parameters, interval pruning (in [`expansion`](super::expansion))
//! expands only the states that can change a value the answer shows; the others are
//! terminals holding their mover's worst value ([`StandIn::Unexpanded`]).

use crate::go::rules::{Color, Stones};
use crate::problem::LocalProblem;
use crate::prove::state::{Kind, Rules, State, Successors, LIVES};
use crate::prove::watch::Limit;

/// The whole reachable game, in compressed rows.
pub struct GameGraph {
    pub states: Vec<State>,
    /// Each node's kind, and its children in compressed rows: node `n`'s are
    /// `children[offsets[n]..offsets[n + 1]]`. Written by [`expansion`](super::expansion) only.
    pub(super) kinds: Vec<Kind>,
    pub(super) offsets: Vec<u32>,
    pub(super) children: Vec<u32>,
    /// Black-first and White-first starting states.
    pub roots: [u32; 2],
    /// States ended by static analysis.
    pub static_ended: usize,
    /// States ended by the extreme games' bounds.
    pub proofs_ended: usize,
    /// Positions the extreme games' proof search expanded.
    pub proof_positions: usize,
    /// Positions in the final proofs of the questions the proof search answered.
    pub proof_size: usize,
    /// States ended because a move fixed their value (dominance), their other children
    /// not built.
    pub dominated: usize,
    /// Whether proofs decided both starting states' values ([`crate::solve::openings`]); the
    /// first moves they decided are terminals (whether or not they decided the starts), and
    /// the graph solves the others below them.
    pub openings_decided: bool,
    /// The terminals holding a stand-in instead of their own value, and why.
    pub stand_ins: StandIns,
    /// For graphs built for grades: the *restart* of each state just after a pass — the same
    /// stones with the other side to move, no ban and no pass before — where the confirmation
    /// phase of [`crate::solve::grade`] resumes when this state's side passes too; `NO_NODE`
    /// for other nodes. Empty in other graphs.
    pub(super) restarts: Vec<u32>,
    /// The limit that stopped the graph once both starts' values were known, if one did:
    /// the graph is then the starts and their first moves only, those still open
    /// ([`StandIn::Undecided`]) terminals holding their mover's worst value.
    pub stopped: Option<Limit>,
}

/// Why a terminal holds its mover's worst value as a stand-in instead of its own value. The
/// stand-in leaves every value the answer shows as it is (see each kind's module). A node may
/// stand in for more than one reason (a first move shown worse and never expanded).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum StandIn {
    /// A first move known only to be worse for its mover than its best move, which is worth
    /// the mover's extreme ([`crate::solve::openings`]).
    Worse,
    /// A first move of the side not to play left unexamined once its start's value was proven
    /// by another move.
    Unexamined,
    /// A first move a limit left undecided ([`GameGraph::stopped`]); each start's value is
    /// proven without it.
    Undecided,
    /// A state interval pruning left unexpanded ([`crate::solve::expansion::interval`]), on no
    /// line either side would choose.
    Unexpanded,
}

/// The stand-ins of a graph: each node with each reason it stands in for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StandIns(std::collections::BTreeSet<(u32, StandIn)>);

impl StandIns {
    /// Whether a node stands in for this reason.
    pub fn has(&self, node: u32, why: StandIn) -> bool {
        self.0.contains(&(node, why))
    }

    /// Whether a node stands in at all.
    pub fn any(&self, node: u32) -> bool {
        self.0
            .range((node, StandIn::Worse)..=(node, StandIn::Unexpanded))
            .next()
            .is_some()
    }

    /// Records a reason a node stands in for.
    pub(crate) fn insert(&mut self, node: u32, why: StandIn) {
        self.0.insert((node, why));
    }

    /// The nodes standing in for a reason, in order.
    pub fn nodes(&self, why: StandIn) -> impl Iterator<Item = u32> + '_ {
        self.0
            .iter()
            .filter(move |&&(_, w)| w == why)
            .map(|&(n, _)| n)
    }

    /// How many nodes stand in for a reason.
    pub fn count(&self, why: StandIn) -> usize {
        self.nodes(why).count()
    }
}

/// No node: a state without a restart ([`GameGraph::restart`]).
pub(super) const NO_NODE: u32 = u32::MAX;

impl GameGraph {
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
            proofs_ended: 0,
            proof_positions: 0,
            proof_size: 0,
            dominated: 0,
            openings_decided: false,
            stand_ins: StandIns::default(),
            restarts: Vec::new(),
            stopped: None,
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

    /// Whether a terminal holds a stand-in instead of its own value ([`StandIn`]).
    pub fn stands_in(&self, node: u32) -> bool {
        self.stand_ins.any(node)
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
pub(crate) fn replay(
    local: &LocalProblem,
    state: &State,
    kind: Kind,
    children: &[u32],
) -> Successors {
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
