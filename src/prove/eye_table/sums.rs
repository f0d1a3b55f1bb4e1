//! Eyes that add up (after Landman, "Eyespace values in Go", and the regions worth one or two
//! eyes of Müller, "Playing it safe", and Niu and Müller, "An improved safety solver for
//! computer Go"): a target in one chain C whose regions each give it one eye lives, though no
//! region lives on its own.
//!
//! **A region's value.** The table ([`super::build`]) records, for each position of a space,
//! what the space is worth beside another eye: whether the defender proves `Lives` in the
//! lower game of the space's *eye problem* — the space's problem with no outside liberty but
//! one more point E next to the chain only, where the attacker may play only to capture it.
//! E stands for another region that always gives C a liberty. The classes a Go player names:
//!
//! * *two eyes*: the space lives on its own (`lives` 0) with that side to move;
//! * *a sure eye*: [`Eye::One`] or better with the attacker to move;
//! * *a sure eye against two moves*: [`Eye::OneAgainstTwo`]: a sure eye, and still one
//!   after any one attacker move in the space, the attacker to move again (the defender
//!   having answered elsewhere);
//! * *one eye if the defender moves first*: [`Eye::One`] with the defender to move.
//!
//! "Two eyes if the defender moves first, one if the attacker does" is a space that lives with
//! the defender to move and is a sure eye against two moves; "one if the defender moves
//! first, none if the attacker does" one with an eye only with the defender to move.
//!
//! **The rule** ([`Values::alive`]): the target lives (the lower game's `Lives`, hence the
//! upper game's `LivesByKo`) when, among its regions looked up as the table allows (the
//! conditions of [`super::survey`]: C is the whole target, without an anchor, and each region
//! R has every neighbour in R or in C, at most [`super::MAX_SPACE`] points, all playable, none
//! anchored), (a) two are sure eyes; or (b) the defender is to move without a ban, one region
//! is a sure eye and another has an eye with the defender to move; or (c) one region A lives
//! with the defender to move and is a sure eye against two moves, and another, B, has an eye
//! with the defender to move (miai), and the defender is not to move under a ban.
//!
//! **Soundness.** The regions are disjoint, and no two are neighbours; a point of one touches
//! only that region and C. So a move in R changes only R's points and C's liberties in R, and
//! captures only stones in R, or C. Each region's eye problem, in a position, has a strategy of
//! the defender's (a finite proof of the prover's). In it, after each turn of the defender's, C
//! has a liberty in R: otherwise the attacker would play E and capture. A problem's strategy is
//! carried over to the state while C keeps a liberty outside R after every move of the
//! attacker's in R, which then stands for E: the attacker's moves in R are legal and capture
//! exactly as in the problem (C is never captured in either, and every other chain in R has
//! the same neighbours in both), and so are the defender's answers (where one joins C, C
//! breathes in both). Where the problem's strategy plays E itself, the defender passes and
//! keeps the strategy's position with E filled, in which C has two liberties in R after each
//! of its turns, so the same moves still hold with the other region beside them.
//!
//! * *(a)* The defender answers each attacker move in a region as that region's strategy says,
//!   and passes after any other move or a pass. Each sure region's strategy holds with the
//!   attacker to move, and the position of the other is left as it was: the region where the
//!   attacker did not play gives C a liberty, so each stands for the other's E. In the lower
//!   game the attacker may retake any ko: a ban in a region's problem, or its lifting by a move
//!   elsewhere, leaves the attacker's choices there as they were. Moves elsewhere touch no
//!   region, and a move on a liberty of C outside the regions still leaves C a liberty in each.
//!   The game ends: each strategy is a finite tree, the attacker's stones outside the regions
//!   are never captured (the defender plays only in the regions, which touch only C), so the
//!   attacker runs out of moves and passes, and the defender's pass ends the game with the
//!   target alive.
//! * *(b)* The defender plays the first move of B's strategy with the defender to move (legal:
//!   C has a liberty in the sure region A), or passes if it passes; both regions are then sure
//!   eyes with the attacker to move, which is (a).
//! * *(c)* With the defender to move it plays A's first move of life and A lives on its own (the
//!   table's lookup with no outside liberty, [`super`]'s argument). With the attacker to move:
//!   if it plays in B, the defender plays A's first move of life, and A lives on its own; C is
//!   not captured by the move in B, since the sure eye A gives it a liberty. Otherwise
//!   (a move in A, elsewhere, or a pass) the defender plays B's first move with the defender to
//!   move. A, after at most one attacker move, is still a sure eye with the attacker to move (a
//!   sure eye against two moves: that move, not answered there, leaves C a liberty in A, which
//!   B's first move needs), and B is one: (a) again.
//!
//! No strategy uses a threat; each ends in two passes with the target on the board, so the
//! claim holds in both extreme games, and in the grade's game as the table's own lookups do.
//! A region beyond the few counted ([`COUNTED`]) is simply left out, which only claims less.

use super::{Entry, Eye};

/// Regions whose values are kept for the sum; more are left out.
pub(crate) const COUNTED: usize = 8;

/// A sure eye: one eye with the attacker to move.
fn sure(e: &Entry) -> bool {
    e.verdicts(false).eye != Eye::None
}

/// One eye with the defender to move.
fn raised(e: &Entry) -> bool {
    e.verdicts(true).eye != Eye::None
}

/// Life on its own with the defender to move, and a sure eye against two moves.
fn miai(e: &Entry) -> bool {
    e.verdicts(true).lives == 0 && e.verdicts(false).eye == Eye::OneAgainstTwo
}

/// The entries of a target's regions, as many as [`COUNTED`].
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Values {
    found: [Entry; COUNTED],
    count: usize,
}

/// Who moves in the state the sum is asked of, as far as the rule cares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mover {
    Attacker,
    /// The defender, free to play any point of the regions (no ban).
    Defender,
    /// The defender under a ko ban: as far as the rule goes, it may only pass.
    DefenderBanned,
}

impl Values {
    /// Adds a region's entry (left out beyond [`COUNTED`]).
    pub(crate) fn add(&mut self, entry: Entry) {
        if self.count < COUNTED {
            self.found[self.count] = entry;
            self.count += 1;
        }
    }

    /// Whether the regions' values add up to life with `mover` to move (see the module doc).
    pub(crate) fn alive(&self, mover: Mover) -> bool {
        let found = &self.found[..self.count];
        if found.iter().filter(|e| sure(e)).count() >= 2 {
            return true;
        }
        // Two different regions, one as `a` says and the other as `b` does.
        let pair = |a: fn(&Entry) -> bool, b: fn(&Entry) -> bool| {
            let n = found.len();
            (0..n).any(|i| a(&found[i]) && (0..n).any(|j| j != i && b(&found[j])))
        };
        match mover {
            Mover::DefenderBanned => false,
            Mover::Defender => pair(sure, raised) || pair(miai, raised),
            Mover::Attacker => pair(miai, raised),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prove::eye_table::Verdicts;

    /// An entry with `lives` and `eye` with the defender to move, then with the attacker.
    fn entry(first: (u8, Eye), second: Eye) -> Entry {
        let v = |lives, eye| Verdicts {
            lives,
            eye,
            ..Verdicts::default()
        };
        Entry::pack([v(first.0, first.1), v(3, second)])
    }

    #[test]
    fn two_sure_eyes_live_whoever_moves() {
        let mut values = Values::default();
        values.add(entry((3, Eye::One), Eye::One));
        assert!(!values.alive(Mover::Attacker));
        values.add(entry((3, Eye::One), Eye::One));
        for mover in [Mover::Attacker, Mover::Defender, Mover::DefenderBanned] {
            assert!(values.alive(mover));
        }
    }

    #[test]
    fn two_or_one_beside_one_or_none_is_miai() {
        let mut values = Values::default();
        values.add(entry((0, Eye::One), Eye::OneAgainstTwo));
        values.add(entry((3, Eye::One), Eye::None));
        assert!(values.alive(Mover::Attacker));
        assert!(values.alive(Mover::Defender));
        assert!(!values.alive(Mover::DefenderBanned));
        // Not sure against two moves: the attacker's second move there could take the eye.
        let mut values = Values::default();
        values.add(entry((0, Eye::One), Eye::One));
        values.add(entry((3, Eye::One), Eye::None));
        assert!(!values.alive(Mover::Attacker));
        assert!(values.alive(Mover::Defender));
    }

    #[test]
    fn one_eye_or_none_twice_is_not_enough() {
        let mut values = Values::default();
        values.add(entry((3, Eye::One), Eye::None));
        values.add(entry((3, Eye::One), Eye::None));
        for mover in [Mover::Attacker, Mover::Defender] {
            assert!(!values.alive(mover));
        }
    }
}
