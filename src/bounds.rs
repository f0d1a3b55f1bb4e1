//! Bounds from the two extreme games, to settle states without expanding them.
//!
//! The life degree is monotone in each side's threat probability. In the *lower* game the
//! defender never has a threat and the attacker always has one; in the *upper* game it is the
//! other way round. Both are deterministic, and:
//!
//! * if the defender can force the two closing passes in the lower game, the state is worth
//!   exactly 1: the defender's winning strategy never uses a threat, so it is available in the
//!   real game, where the attacker has at most the options it had in the lower game;
//! * symmetrically, if the attacker can force a capture in the upper game, the state is worth 0.
//!
//! Neither depends on the model's probabilities or on the value of endless play (a proof never
//! relies on play going on forever), so a settled state is a terminal for every parameter
//! choice. Proofs are found by depth-limited AND/OR search with iterative deepening; a position
//! repeated on the current line counts as unproven, so every proof is a finite strategy and
//! can be cached independently of the line that found it.

use crate::game::{Kind, Move, Rules, State, CAPTURED, LIVES};
use crate::life;
use crate::problem::LocalProblem;
use crate::rules::Color;
use hashbrown::HashSet;

/// What a proof establishes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Goal {
    /// The defender forces the two closing passes in the lower game: value 1.
    Lives,
    /// The attacker forces a capture in the upper game: value 0.
    Captured,
}

/// How hard to look.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Effort {
    /// Deepest search, in moves.
    pub depth: u32,
    /// Most positions one question may visit.
    pub nodes: usize,
    /// Most positions all questions together may visit; after that only proofs already
    /// found count.
    pub total: usize,
}

/// A position's children (states, and moves with child ids) kept between calls.
type Scratch = (Vec<State>, Vec<(Move, u32)>);

/// The prover, with the proofs found so far.
pub struct Bounds<'a> {
    rules: Rules<'a>,
    defender: Color,
    effort: Effort,
    proven: HashSet<(State, Goal)>,
    spent: usize,
    total_spent: usize,
    /// Reused move lists, one per depth.
    scratch: Vec<Scratch>,
}

impl<'a> Bounds<'a> {
    pub fn new(local: &'a LocalProblem, effort: Effort) -> Bounds<'a> {
        Bounds {
            rules: Rules { local },
            defender: local.defender,
            effort,
            proven: HashSet::new(),
            spent: 0,
            total_spent: 0,
            scratch: Vec::new(),
        }
    }

    /// The exact value of a state when an extreme game settles it: `Some(true)` lives (1),
    /// `Some(false)` dies (0). States met first (nearest the roots) are searched; once the
    /// total effort is spent, only proofs already found count.
    pub fn decide(&mut self, state: &State) -> Option<bool> {
        for goal in [Goal::Lives, Goal::Captured] {
            if self.proven.contains(&(*state, goal)) {
                return Some(goal == Goal::Lives);
            }
        }
        if self.total_spent >= self.effort.total {
            return None;
        }
        for goal in [Goal::Lives, Goal::Captured] {
            // `spent` counts this question's positions over all its depths.
            self.spent = 0;
            let mut proved = false;
            for depth in 1..=self.effort.depth {
                proved = self.prove(state, goal, depth, &mut Vec::new());
                if proved || self.spent >= self.effort.nodes {
                    break;
                }
            }
            self.total_spent += self.spent;
            if proved {
                return Some(goal == Goal::Lives);
            }
        }
        None
    }

    fn prove(&mut self, state: &State, goal: Goal, depth: u32, line: &mut Vec<State>) -> bool {
        if self.proven.contains(&(*state, goal)) {
            return true;
        }
        if depth == 0 || self.spent >= self.effort.nodes || line.contains(state) {
            return false;
        }
        self.spent += 1;
        // A pass-alive target wins the lower game: the defender passes until the attacker
        // runs out of moves (see `life::classify`).
        if goal == Goal::Lives && life::target_pass_alive(self.rules.local, &state.stones()) {
            self.proven.insert((*state, goal));
            return true;
        }
        let level = line.len();
        if self.scratch.len() <= level {
            self.scratch.push((Vec::new(), Vec::new()));
        }
        let (mut kids, mut moves) = std::mem::take(&mut self.scratch[level]);
        kids.clear();
        let kind = {
            let succ = self.rules.successors(state, &mut |s| {
                kids.push(s);
                kids.len() as u32 + 1
            });
            moves.clear();
            moves.extend(succ.moves);
            succ.kind
        };
        let (prover, good, bad) = match goal {
            Goal::Lives => (self.defender, LIVES, CAPTURED),
            Goal::Captured => (self.defender.other(), CAPTURED, LIVES),
        };
        if let Kind::KoChance(side) = kind {
            // The prover never has a threat in its extreme game; the opponent always has one.
            if side == prover {
                moves.pop();
            }
        }
        line.push(*state);
        let choose = state.to_move() == prover;
        let mut result = !choose;
        // Immediate outcomes first: a winning move ends an OR node, a losing one an AND node.
        if moves
            .iter()
            .any(|&(_, c)| c == if choose { good } else { bad })
        {
            result = choose;
        } else {
            for &(_, c) in moves.iter() {
                let settled = c == good
                    || (c != bad && self.prove(&kids[c as usize - 2], goal, depth - 1, line));
                if settled == choose {
                    result = choose;
                    break;
                }
            }
        }
        line.pop();
        self.scratch[level] = (kids, moves);
        if result {
            self.proven.insert((*state, goal));
        }
        result
    }
}
