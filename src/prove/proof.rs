//! The final proof: the positions of the strategies the prover's answers rest on, walked from
//! every question it proved through the recorded proofs (the recorded winning move where the
//! prover moves, every move where the opponent does). Its size against the positions searched
//! is the *search overhead*; its winning moves are what the move model learns from
//! ([`super::move_model`]).
//!
//! A proof's position without a recorded move (prover to move), or with a child not proven
//! (opponent to move), is a leaf: an immediate win, a static test's or the eye table's claim.

use super::move_model::learn;
use super::{Child, Goal, Prover, Scratch};
use crate::go::rules::Local;
use crate::prove::state::{Move, State};
use hashbrown::HashSet;

/// One position of a final proof where the prover moves: its moves and the winning one.
pub(crate) struct Choice<'s> {
    pub(crate) state: &'s State,
    pub(crate) goal: Goal,
    /// Every legal move of the extreme game and where it leads.
    pub(crate) moves: &'s [(Move, u32)],
    pub(crate) children: &'s [Child],
    /// The index of the winning move in `moves`.
    pub(crate) won: usize,
    /// The point played last on the way the walk came (none after a pass or at a root).
    pub(crate) last: Option<Local>,
}

impl Prover<'_> {
    /// The goal proven for a state, `goal` itself or the goal that implies it, if either is.
    fn proven_as(&self, state: &State, goal: Goal) -> Option<Goal> {
        let proven = |g: Goal| self.table.get(&g.key(state), g).is_some_and(|e| e.pn == 0);
        [Some(goal), goal.stronger()]
            .into_iter()
            .flatten()
            .find(|&g| proven(g))
    }

    /// Positions in the final proof of every question this prover proved (each position and
    /// goal counted once, leaves included); `at_choice` is shown each position where the
    /// prover moves and a recorded move wins.
    pub(crate) fn walk_final_proof(&self, mut at_choice: impl FnMut(&Choice)) -> usize {
        let mut seen: HashSet<(State, Goal)> = HashSet::new();
        let mut stack: Vec<(State, Goal, Option<Local>)> =
            self.answered.iter().map(|&(s, g)| (s, g, None)).collect();
        let mut scratch = Scratch::default();
        while let Some((state, asked, last)) = stack.pop() {
            let Some(goal) = self.proven_as(&state, asked) else {
                continue;
            };
            if !seen.insert((goal.key(&state), goal)) {
                continue;
            }
            let by = self.table.get(&goal.key(&state), goal).and_then(|e| e.by);
            let or = state.to_move() == self.prover(goal);
            if or && by.is_none() {
                continue;
            }
            self.children(&state, goal, &mut scratch);
            let proven = |c: &Child| match c {
                Child::Won => true,
                Child::Lost => false,
                Child::State(t) => self.proven_as(t, goal).is_some(),
            };
            if or {
                let won = (0..scratch.moves.len())
                    .find(|&i| Some(scratch.moves[i].0) == by && proven(&scratch.children[i]))
                    .or_else(|| scratch.children.iter().position(proven));
                let Some(won) = won else { continue };
                at_choice(&Choice {
                    state: &state,
                    goal,
                    moves: &scratch.moves,
                    children: &scratch.children,
                    won,
                    last,
                });
                if let Child::State(t) = scratch.children[won] {
                    stack.push((t, goal, learn::point(scratch.moves[won].0)));
                }
            } else if scratch.children.iter().all(proven) {
                for (c, &(m, _)) in scratch.children.iter().zip(&scratch.moves) {
                    if let Child::State(t) = c {
                        stack.push((*t, goal, learn::point(m)));
                    }
                }
            }
        }
        seen.len()
    }

    /// Positions in the final proof of every question this prover proved; while the move
    /// model's examples are collected ([`learn::collect`]), its choices are kept as examples.
    pub(crate) fn proof_size(&self) -> usize {
        if learn::collecting() {
            let local = self.rules.local;
            return self.walk_final_proof(|choice| learn::keep(local, choice));
        }
        self.walk_final_proof(|_| {})
    }
}
