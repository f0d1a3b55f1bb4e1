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
//! upper game's `LivesByKo`), whoever is to move and whatever the ban, when two of its regions
//! looked up as the table allows (the conditions of [`super::survey`]: C is the whole target,
//! without an anchor, and each region R has every neighbour in R or in C, at most
//! [`super::MAX_SPACE`] points, all playable, none anchored) are sure eyes. The other classes
//! would make more sums (a sure eye beside one the defender raises with the move; a region of
//! two eyes or one, sure against two moves, beside one of one eye or none: miai), but the
//! check against the search on generated boards never saw them decide a position, in small
//! monolithic spaces an eye beside another is nearly always sure, so the rule leaves them out.
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
//! The defender answers each attacker move in one of the two regions as that region's
//! strategy says, and passes after any other move or a pass (with the defender to move, it
//! passes first). Each region's strategy holds with the attacker to move, and the position of
//! the other is left as it was: the region where the attacker did not play gives C a liberty,
//! so each stands for the other's E. In the lower game the attacker may retake any ko: a ban
//! in a region's problem, or its lifting by a move elsewhere, leaves the attacker's choices
//! there as they were; a ban on the defender only forbids a move it does not make. Moves
//! elsewhere touch no region, and a move on a liberty of C outside the regions still leaves C
//! a liberty in each. The game ends: each strategy is a finite tree, the attacker's stones
//! outside the regions are never captured (the defender plays only in the regions, which
//! touch only C), so the attacker runs out of moves and passes, and the defender's pass ends
//! the game with the target alive.
//!
//! The strategy uses no threat and ends in two passes with the target on the board, so the
//! claim holds in both extreme games, and in the grade's game as the table's own lookups do.

use super::{Entry, Eye};

/// A region's entry: whether it is a sure eye (one eye with the attacker to move).
fn sure(e: Entry) -> bool {
    e.verdicts(false).eye != Eye::None
}

/// How many of a target's regions are sure eyes, as far as the rule needs to count.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Values {
    sure: u8,
}

impl Values {
    /// Adds a region's entry.
    pub(crate) fn add(&mut self, entry: Entry) {
        self.sure = (self.sure + sure(entry) as u8).min(2);
    }

    /// Whether the regions' values add up to life, whoever is to move (see the module doc).
    pub(crate) fn alive(&self) -> bool {
        self.sure >= 2
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prove::eye_table::Verdicts;

    /// An entry with `eye` with the defender to move, then with the attacker.
    fn entry(first: Eye, second: Eye) -> Entry {
        let v = |eye| Verdicts {
            lives: 3,
            eye,
            ..Verdicts::default()
        };
        Entry::pack([v(first), v(second)])
    }

    #[test]
    fn two_sure_eyes_live() {
        let mut values = Values::default();
        values.add(entry(Eye::One, Eye::One));
        assert!(!values.alive());
        values.add(entry(Eye::One, Eye::OneAgainstTwo));
        assert!(values.alive());
    }

    #[test]
    fn eyes_only_with_the_defender_to_move_are_not_enough() {
        let mut values = Values::default();
        for _ in 0..3 {
            values.add(entry(Eye::One, Eye::None));
        }
        values.add(entry(Eye::None, Eye::One));
        assert!(!values.alive());
    }
}
