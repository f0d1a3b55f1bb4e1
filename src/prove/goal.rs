//! The goals a question may ask: an end each extreme game may be won with, and the grade's
//! game (see the module doc of [`crate::prove`]).

use crate::problem::Life;
use crate::prove::state::State;

/// What a proof establishes. The first two settle a state's value for every parameter; the
/// two "by ko" goals, where the prover wins every ko (it always has a threat, the opponent
/// never), only bound it, and only while neither side is sure of its threats (see
/// [`crate::solve::openings`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Goal {
    /// The defender forces the two closing passes in the lower game: value 1.
    Lives,
    /// The attacker forces a capture in the upper game: value 0.
    Captured,
    /// The defender forces the two closing passes in the upper game: value above 0.
    LivesByKo,
    /// The attacker forces a capture in the lower game: value below 1.
    CapturedByKo,
    /// The attacker forces a capture in the counted-threat game without a threat of its own,
    /// however many the defender holds: the grade `d` (see the module doc).
    Dies,
}

impl Goal {
    /// Every goal, in declaration order.
    pub(crate) const ALL: [Goal; 5] = [
        Goal::Lives,
        Goal::Captured,
        Goal::LivesByKo,
        Goal::CapturedByKo,
        Goal::Dies,
    ];

    /// Whether the defender is the prover.
    pub(crate) fn defender_proves(self) -> bool {
        matches!(self, Goal::Lives | Goal::LivesByKo)
    }

    /// The end a proof of this goal forces in its game: life for the defender's goals,
    /// capture for the attacker's.
    pub(crate) fn end(self) -> Life {
        if self.defender_proves() {
            Life::Alive
        } else {
            Life::Dead
        }
    }

    /// Whether the game is the lower one (the attacker always has a threat, the defender
    /// never); otherwise the upper one.
    pub(super) fn lower(self) -> bool {
        matches!(self, Goal::Lives | Goal::CapturedByKo)
    }

    /// The opponent's goal whose proof refutes this one: in the same game, or for `Dies`, the
    /// lower game's life (whose strategy never needs a threat nor lets the attacker's threats
    /// count, so the attacker cannot force a capture against it — but for the defender's pass
    /// that opens the phase without threats, which it may not foresee: such a refutation only
    /// steers the search and leaves a grade unknown, never wrong).
    pub(super) fn dual(self) -> Goal {
        match self {
            Goal::Lives => Goal::CapturedByKo,
            Goal::CapturedByKo | Goal::Dies => Goal::Lives,
            Goal::Captured => Goal::LivesByKo,
            Goal::LivesByKo => Goal::Captured,
        }
    }

    /// The opponent's goal that settles a state's value, refuting this one.
    pub(super) fn opposite(self) -> Goal {
        if self.defender_proves() {
            Goal::Captured
        } else {
            Goal::Lives
        }
    }

    /// The goal that implies this one: winning without threats wins with all of them.
    pub(super) fn stronger(self) -> Option<Goal> {
        match self {
            Goal::LivesByKo => Some(Goal::Lives),
            Goal::CapturedByKo | Goal::Dies => Some(Goal::Captured),
            _ => None,
        }
    }

    /// The key of `state`'s entry for this goal: only `Dies` tells a state without threats
    /// from the same one with them; the other games hold their threats throughout.
    pub(super) fn key(self, state: &State) -> State {
        if self == Goal::Dies {
            *state
        } else {
            state.with_threats()
        }
    }
}
