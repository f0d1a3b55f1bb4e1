//! The grades' graph grown scope by scope ([`super::Scope`]): the starts, the first moves
//! asked for, every first move.

use super::builder::Builder;
use super::{Graded, Scope, Stopped};
use crate::go::color::ByColor;
use crate::go::moves::Move;
use crate::problem::Life;
use crate::prove::state::State;
use crate::prove::watch::Limit;
use crate::solve::grade::{self, node_grades};
use crate::solve::graph::{replay, GameGraph, StandIn};

impl Builder<'_, '_> {
    /// Grows the graph until each scope's grades are certified, in turn, pushing them to
    /// `graded`; stops at a limit with the scopes reached so far pushed.
    pub(super) fn grade_scopes(
        &mut self,
        plain: &GameGraph,
        scopes: &[Scope],
        graded: &mut Vec<Graded>,
    ) -> Result<(), Stopped> {
        let left: hashbrown::HashSet<u32> = plain.stand_ins.nodes(StandIn::Unexpanded).collect();
        if left.is_empty() {
            // The life degree's graph was whole: so is this one, and it settles every scope.
            self.expand_all()?;
        } else {
            let expanded: hashbrown::HashSet<State> = (2..plain.len() as u32)
                .filter(|i| !left.contains(i))
                .map(|i| plain.states[i as usize])
                .collect();
            self.expand_where(|s| expanded.contains(s))?;
        }
        for scope in scopes {
            let shown = self.shown(scope);
            // While the two bounds' grades differ, the states they may hang on.
            let certified = loop {
                let (lost, won) = (self.snapshot(Life::Dead), self.snapshot(Life::Alive));
                let unsettled =
                    grade::unsettled(&lost, &won, self.local.defender, &shown, &self.watch);
                match unsettled.map_err(|limit| self.stopped(limit))? {
                    None => break lost,
                    Some(open) if open.is_empty() => {
                        self.expand_all()?;
                        break self.snapshot(Life::Dead);
                    }
                    Some(open) => {
                        for v in open {
                            self.check()?;
                            self.expand(v);
                        }
                    }
                }
            };
            // Certified, the graph with every state left unexpanded captured has the whole
            // game's grades. Not a mixture of captured and alive: the shown results would be
            // the same, but an axis could then stop short of stable, and an unstable axis reads
            // as "more than 10 threats" where the whole game needs none.
            let done = self.graded(&certified, scope);
            graded.push(done.map_err(|limit| self.stopped(limit))?);
        }
        Ok(())
    }

    /// The nodes whose grades a scope asks for: the starts, then the scope's first moves.
    fn shown(&self, scope: &Scope) -> Vec<u32> {
        let mut shown = self.roots().to_vec();
        for root in self.roots() {
            let moves = self.first_moves(root).into_iter();
            shown.extend(moves.filter(|(m, _)| scope.has(*m)).map(|(_, c)| c));
        }
        shown
    }

    /// A start's first moves and the nodes they lead to.
    fn first_moves(&self, root: u32) -> Vec<(Move, u32)> {
        let Some(kind) = self.kind(root) else {
            return Vec::new();
        };
        let state = &self.nodes.states[root as usize];
        replay(self.local, state, kind, self.children(root))
            .moves
            .into_iter()
            .map(|(m, c)| (Move::at(m.point(&self.local.arena)), c))
            .collect()
    }

    /// The grades a scope asks for, on a certified graph, unless a limit passes first.
    fn graded(&self, certified: &GameGraph, scope: &Scope) -> Result<Graded, Limit> {
        let shown = self.shown(scope);
        let grades = node_grades(certified, self.local.defender, &shown, &self.watch)?;
        let mut rest = grades[2..].iter().copied();
        let moves = ByColor::from(self.roots()).map(|root| {
            let firsts = self.first_moves(root).into_iter();
            firsts
                .filter(|&(m, _)| scope.has(m))
                .map(|(m, _)| (m, rest.next().expect("a grade per move shown")))
                .collect()
        });
        Ok(Graded {
            starts: [grades[0], grades[1]],
            moves,
        })
    }
}

impl Scope {
    /// Whether a first move's grade is asked for.
    fn has(&self, first: Move) -> bool {
        match self {
            Scope::Starts => false,
            Scope::Moves(asked) => asked.contains(&first),
            Scope::FirstMoves => true,
        }
    }
}
