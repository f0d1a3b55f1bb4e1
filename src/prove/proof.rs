//! The final proof: the positions of the strategies the prover's answers rest on, walked from
//! every question it proved through the recorded proofs (the recorded winning move where the
//! prover moves, every move where the opponent does). Positions searched over its size is the
//! *search overhead*.
//!
//! A proof's position without a recorded move (prover to move), or with a child not proven
//! (opponent to move), is a leaf: an immediate win, a static test's or the eye table's claim.

use super::{Child, Goal, Prover, Scratch, WATCH_EVERY};
use crate::prove::state::State;
use hashbrown::HashSet;

impl Prover<'_> {
    /// The goal proven for a state, `goal` itself or the goal that implies it, if either is.
    fn proven_as(&self, state: &State, goal: Goal) -> Option<Goal> {
        let proven = |g: Goal| self.table.get(&g.key(state), g).is_some_and(|e| e.pn == 0);
        [Some(goal), goal.stronger()]
            .into_iter()
            .flatten()
            .find(|&g| proven(g))
    }

    /// Positions in the final proof of every question this prover searched and proved, each
    /// position and goal counted once, leaves included (the proofs it inherited count only
    /// where its own questions' proofs pass through them). 0 once the watch's limit has
    /// passed: the walk must not hold the answer past it.
    pub(crate) fn proof_size(&self) -> usize {
        if self.halted {
            return 0;
        }
        let mut seen: HashSet<(State, Goal)> = HashSet::new();
        let mut stack = self.answered.clone();
        let mut scratch = Scratch::default();
        let mut popped = 0;
        while let Some((state, asked)) = stack.pop() {
            popped += 1;
            if popped % WATCH_EVERY == 0 && self.effort.watch.exceeded().is_some() {
                return 0;
            }
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
            let Scratch {
                moves, children, ..
            } = &scratch;
            if or {
                let won = (0..moves.len())
                    .find(|&i| Some(moves[i].0) == by && proven(&children[i]))
                    .or_else(|| children.iter().position(proven));
                if let Some(&Child::State(t)) = won.map(|i| &children[i]) {
                    stack.push((t, goal));
                }
            } else if children.iter().all(proven) {
                stack.extend(children.iter().filter_map(|c| match c {
                    Child::State(t) => Some((*t, goal)),
                    _ => None,
                }));
            }
        }
        seen.len()
    }
}
