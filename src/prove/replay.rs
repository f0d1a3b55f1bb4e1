//! For the checks of every caller's proofs (`src/tests/`): each proof the prover recorded is
//! rebuilt bottom-up from the moves of the rules, and the prover's state read.
//!
//! What the replay checks by itself is the shape of every proof: a tree of moves made by the
//! rules, with no cycle, whose leaves are immediate wins. At the leaves it trusts the same
//! static claims the search does (the caller's static tests and the eye table's lookups,
//! through the prover's own `settled_statically`); those are checked elsewhere, each against
//! searches that do not use it: the static rules in `src/tests/statics.rs`, the table in
//! `src/tests/eye_table.rs`.

use super::{Child, Goal, Prover, Scratch};
use crate::prove::state::State;
use hashbrown::HashSet;

impl Prover<'_> {
    /// Rebuilds every recorded proof from the rules' moves, bottom-up: a state counts once it
    /// wins at once (the caller's static tests and the eye table's lookups included: their
    /// wins are finite strategies of their own) or its children (one for the prover, all for the opponent) already count. A
    /// proof leaning on itself through a cycle would never be rebuilt. The number of proofs,
    /// every one rebuilt; a panic names a proof that is no finite strategy.
    pub(crate) fn replay_proofs(&mut self) -> usize {
        let claimed = self.proofs();
        let mut rebuilt: HashSet<(State, Goal)> = HashSet::new();
        let mut scratch = Scratch::default();
        loop {
            let before = rebuilt.len();
            for &(s, goal) in &claimed {
                if rebuilt.contains(&(s, goal)) {
                    continue;
                }
                let ok = self.settled_statically(&s, goal) || {
                    self.children(&s, goal, &mut scratch);
                    let wins = |c: &Child| match c {
                        Child::Won => true,
                        Child::Lost => false,
                        Child::State(t) => {
                            rebuilt.contains(&(*t, goal))
                                || goal
                                    .stronger()
                                    .is_some_and(|g| rebuilt.contains(&(g.key(t), g)))
                        }
                    };
                    if s.to_move() == self.prover(goal) {
                        scratch.children.iter().any(wins)
                    } else {
                        scratch.children.iter().all(wins)
                    }
                };
                if ok {
                    rebuilt.insert((s, goal));
                }
            }
            if rebuilt.len() == before {
                break;
            }
        }
        assert_eq!(
            rebuilt.len(),
            claimed.len(),
            "a proof that is no finite strategy"
        );
        claimed.len()
    }

    /// Every proof recorded: the state and its goal.
    pub(crate) fn proofs(&self) -> Vec<(State, Goal)> {
        self.table
            .iter()
            .filter(|(_, _, e)| e.pn == 0)
            .map(|(s, g, _)| (s, g))
            .collect()
    }

    /// A disproof recorded that leaned on its line, if there is one.
    pub(crate) fn loopy(&self) -> Option<(State, Goal)> {
        self.table
            .iter()
            .find(|(_, _, e)| e.loopy != 0)
            .map(|(s, g, _)| (s, g))
    }

    /// Whether the search knows something of a question (its numbers are in the table).
    pub(crate) fn remembers(&self, state: &State, goal: Goal) -> bool {
        self.known(state, goal).is_some()
    }

    /// Spends the whole budget: from now on each question gets only the tail's search.
    pub(crate) fn spend_all(&mut self) {
        self.total_spent = self.effort.total;
    }

    /// Proofs simulation found with the prover to move.
    pub(crate) fn simulated(&self) -> usize {
        self.simulated
    }
}
