//! Finishing a build: the graph as built (states left unexpanded standing in), the whole graph
//! when a pruned one is not certified, the starts alone when a limit passed once their values
//! were known, and snapshots for solving a graph still being built.

use super::builder::Builder;
use super::Stopped;
use crate::problem::{Life, Role};
use crate::prove::state::{Kind, LIVES};
use crate::prove::watch::Limit;
use crate::solve::graph::{GameGraph, StandIn, StandIns};
use crate::solve::openings::Known;

impl<'a, 'b> Builder<'a, 'b> {
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

    /// A graph with this builder's counts and the given nodes.
    fn graph(&self, stand_ins: StandIns) -> GameGraph {
        let settler = &self.settler;
        GameGraph {
            proof_positions: settler.proof_positions(),
            proof_size: settler.proof_size(),
            static_ended: settler.static_ended,
            proofs_ended: settler.proofs_ended,
            dominated: settler.dominated,
            openings_decided: settler.openings_decided,
            stand_ins,
            ..GameGraph::from_parts(Vec::new(), Vec::new(), self.nodes.roots)
        }
    }

    /// The graph of the starts and their first moves alone, once `limit` stopped the build
    /// with both starts' values known: each start has a first move settled at its mover's
    /// extreme, or every one settled at its worst. A first move settled is one whose state
    /// is a terminal or whose verdict the proofs gave ([`crate::solve::openings`]), built or
    /// not yet. A first move not settled becomes a
    /// terminal holding its mover's worst value, as a worse move does, and is listed as
    /// undecided: it can only be in a start of the first kind, whose value and settled best
    /// moves the stand-in leaves as they are. A settled first move is a terminal for every
    /// choice of the parameters, so the starts' grades are `l` or `d` as when proofs decide
    /// the openings ([`crate::solve::openings`]).
    fn finish_stopped(self, limit: Limit) -> GameGraph {
        let defender = self.local.defender;
        let mut graph = GameGraph {
            states: vec![self.nodes.states[0]; 2],
            kinds: vec![Kind::Terminal(Life::Dead), Kind::Terminal(Life::Alive)],
            roots: [2, 3],
            openings_decided: true,
            stopped: Some(limit),
            ..self.graph(StandIns::default())
        };
        let push = |graph: &mut GameGraph, node: u32, kind: Kind| {
            graph.states.push(self.nodes.states[node as usize]);
            graph.kinds.push(kind);
            graph.kinds.len() as u32 - 1
        };
        for root in self.nodes.roots {
            let kind = self.kind(root).expect("the starts are expanded");
            push(&mut graph, root, kind);
        }
        // The starts' children, in order; the first moves have none.
        let mut ends = [0; 2];
        for (end, root) in ends.iter_mut().zip(self.nodes.roots) {
            for &c in self.children(root) {
                if c <= LIVES {
                    graph.children.push(c);
                    continue;
                }
                let mover = Role::of(self.nodes.states[c as usize].to_move().other(), defender);
                let worst = Kind::Terminal(Life::feared_by(mover));
                // A first move the proofs decided keeps its verdict whether or not the build
                // reached it: an exact value as its terminal, a worse or unexamined move its
                // stand-in. (Taken for undecided, a proven best move would stand in at its
                // mover's worst, and its start's value with it.)
                let (kind, stand_in) = match (self.kind(c), self.settler.known(c)) {
                    (Some(kind @ Kind::Terminal(_)), _) => (kind, None),
                    (_, Some(Known::Exact(life))) => (Kind::Terminal(life), None),
                    (_, Some(Known::Worse)) => (worst, Some(StandIn::Worse)),
                    (_, Some(Known::Unexamined)) => (worst, Some(StandIn::Unexamined)),
                    (_, None) => (worst, Some(StandIn::Undecided)),
                };
                let id = push(&mut graph, c, kind);
                // A worse move or an unexamined one expanded keeps its stand-in.
                let had = |why| self.settler.stand_ins.has(c, why);
                let kept = [StandIn::Worse, StandIn::Unexamined]
                    .into_iter()
                    .find(|&w| had(w));
                if let Some(why) = kept.or(stand_in) {
                    graph.stand_ins.insert(id, why);
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
    /// state not expanded a terminal ending as `unexpanded` says.
    pub(crate) fn snapshot(&self, unexpanded: Life) -> GameGraph {
        let mut offsets = Vec::with_capacity(self.len() + 1);
        offsets.push(0);
        let mut children = Vec::with_capacity(self.nodes.children.len());
        for i in 0..self.len() as u32 {
            children.extend_from_slice(self.children(i));
            offsets.push(children.len() as u32);
        }
        let kinds = self
            .nodes
            .kinds
            .iter()
            .map(|k| k.unwrap_or(Kind::Terminal(unexpanded)));
        GameGraph {
            kinds: kinds.collect(),
            offsets,
            children,
            restarts: self.nodes.restarts.clone(),
            ..GameGraph::from_parts(Vec::new(), Vec::new(), self.nodes.roots)
        }
    }

    /// The graph as built. A state not expanded (left out by interval pruning) is a
    /// terminal holding its mover's worst value, as a first move shown only worse does.
    pub(super) fn finish(self) -> GameGraph {
        let n = self.len();
        let nodes = &self.nodes;
        // Built breadth-first, the children already lie in node order.
        let mut end = 0;
        let in_order = nodes.spans.iter().all(|&(start, len)| {
            let next = len == 0 || start == end;
            end += len;
            next
        });
        let mut offsets = Vec::with_capacity(n + 1);
        offsets.push(0);
        let mut children = Vec::new();
        let mut kinds = Vec::with_capacity(n);
        let mut stand_ins = self.settler.stand_ins.clone();
        for (i, kind) in nodes.kinds.iter().enumerate() {
            let (start, len) = nodes.spans[i];
            kinds.push(kind.unwrap_or_else(|| {
                stand_ins.insert(i as u32, StandIn::Unexpanded);
                let mover = Role::of(nodes.states[i].to_move().other(), self.local.defender);
                Kind::Terminal(Life::feared_by(mover))
            }));
            if !in_order {
                children.extend_from_slice(&nodes.children[start as usize..(start + len) as usize]);
            }
            offsets.push(offsets[i] + len);
        }
        let graph = self.graph(stand_ins);
        let Builder { nodes, .. } = self;
        GameGraph {
            states: nodes.states,
            kinds,
            offsets,
            children: if in_order { nodes.children } else { children },
            restarts: nodes.restarts,
            ..graph
        }
    }
}
