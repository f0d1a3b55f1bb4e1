//! Simulation (Kawano) proves a sibling of a proven child of an opponent node by replaying
//! the proven child's strategy: in the sibling, the move recorded with the child's proof (the
//! prover's ko bans obeyed); against every opponent move there (all of them, by the rules of
//! the extreme game), the proof of the child's answer to the same move, where the sibling's
//! own position is not already proven or won at once. It records a state proven only when its
//! chosen child (prover to move) or all its children (opponent to move) are already recorded
//! proven, or win at once, exactly as the search does, so the induction of the module doc of
//! [`bounds`](super) covers it; it never enters a state on the current line. Each step of a
//! replay moves the source to a state proven earlier than the last, so a replay ends; a budget
//! keeps failing ones short.

use super::{Child, Goal, Prover, Scratch, PROVEN};
use crate::prove::state::{Move, State};

/// Most positions one simulation may visit: a replay that fits is cheap next to a search,
/// one that does not is left to the search.
pub(super) const SIMULATION_BUDGET: u32 = 1000;

impl Prover<'_> {
    /// Simulation (Kawano): proves `target`, the prover to move, by replaying the proof of
    /// `source`: the same winning move, and against each opponent reply the proof of the
    /// source's same reply, down to wins of the target's own (immediate, static, or proofs
    /// already recorded). Records every state it proves, each only once its child (prover
    /// to move) or all its children (opponent to move) are recorded proven. Gives up, having
    /// recorded what it proved, when the replay fails or `budget` runs out.
    pub(super) fn simulate(
        &mut self,
        target: &State,
        source: &State,
        goal: Goal,
        depth: u32,
        budget: &mut u32,
    ) -> bool {
        match self.replay_known(target, goal, depth, budget) {
            Replay::Proven => return true,
            Replay::GivenUp => return false,
            Replay::Look => {}
        }
        // Not counted as a position: only one move is tried here.
        if self.settled_statically(target, goal) {
            self.record(target, goal, PROVEN, 1);
            return true;
        }
        let Some(m) = self.table.get(source, goal).and_then(|e| e.by) else {
            return false;
        };
        // A prover without threats may not retake a banned ko.
        if self.prover(goal) != self.threat_holder(goal)
            && matches!(m, Move::Play(p) if target.ko() == Some(p))
        {
            return false;
        }
        let proven = match (self.step(target, m, goal), self.step(source, m, goal)) {
            (Some(Child::Won), _) => true,
            (Some(Child::State(t)), Some(Child::State(s))) => {
                self.simulate_reply(&t, &s, goal, depth + 1, budget)
            }
            _ => false,
        };
        if proven {
            self.record_by(target, goal, PROVEN, 1, Some(m));
            #[cfg(test)]
            {
                self.simulated += 1;
            }
        }
        proven
    }

    /// [`Prover::simulate`] with the opponent to move: every reply of `target` must be won,
    /// through the proof of `source`'s same reply where the target's own win is not known.
    fn simulate_reply(
        &mut self,
        target: &State,
        source: &State,
        goal: Goal,
        depth: u32,
        budget: &mut u32,
    ) -> bool {
        match self.replay_known(target, goal, depth, budget) {
            Replay::Proven => return true,
            Replay::GivenUp => return false,
            Replay::Look => {}
        }
        self.spent += 1;
        let level = depth as usize;
        if self.replies.len() <= level {
            self.replies.resize_with(level + 1, Scratch::default);
        }
        let mut scratch = std::mem::take(&mut self.replies[level]);
        self.children(target, goal, &mut scratch);
        let mut proven = true;
        for (&(m, _), child) in scratch.moves.iter().zip(&scratch.children) {
            let won = match child {
                Child::Won => true,
                Child::Lost => false,
                Child::State(t) => {
                    self.proven(t, goal)
                        || match self.step(source, m, goal) {
                            Some(Child::State(s)) if self.proven(&s, goal) => {
                                self.simulate(t, &s, goal, depth + 1, budget)
                            }
                            // The source won at once: the target only by the static test.
                            _ if self.settled_statically(t, goal) => {
                                self.record(t, goal, PROVEN, 1);
                                true
                            }
                            _ => false,
                        }
                }
            };
            if !won {
                proven = false;
                break;
            }
        }
        self.replies[level] = scratch;
        if proven {
            self.record(target, goal, PROVEN, 1);
        }
        proven
    }

    /// A replay's verdict on `target` before looking at it: proven already, or given up
    /// (on the current line, too deep, or out of budget); else one unit of budget is taken.
    fn replay_known(&self, target: &State, goal: Goal, depth: u32, budget: &mut u32) -> Replay {
        match self.table.get(target, goal) {
            Some(e) if e.pn == 0 => return Replay::Proven,
            Some(e) if e.on_line => return Replay::GivenUp,
            _ => {}
        }
        if *budget == 0 || depth >= self.effort.depth {
            return Replay::GivenUp;
        }
        *budget -= 1;
        Replay::Look
    }
}

/// What a replay knows of a position before looking at it.
enum Replay {
    Proven,
    /// On the current line, too deep, or out of budget.
    GivenUp,
    /// Nothing yet: look (one unit of budget taken).
    Look,
}
