//! What may end a state before it is expanded, or leave it unexpanded, never changing a
//! value: static life and death, the extreme games' proofs, first moves decided by proofs,
//! interval pruning. The last two need the proofs, and the type says so: without proofs they
//! cannot be asked for.

use crate::solve::model::Model;
use num_traits::{One, Zero};

/// The shortcuts a solve may take (every one by default). Each gives the same values as the
/// plain search, only sooner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shortcuts {
    statics: bool,
    proofs: Option<Proofs>,
}

/// What the extreme games' proofs are used for, beyond settling states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Proofs {
    /// Expand only the states that may still change a value the answer shows.
    interval: bool,
    /// In fights of more than this many empty points, let proofs alone decide the first
    /// moves when they can; `None`: never.
    first_moves_past: Option<u32>,
}

/// Fights this small (empty points) solve every first move exactly by default: the whole
/// graph is cheap there, and every value a player may ask about is shown.
pub(crate) const EXACT_MOVES_UP_TO: u32 = 12;

impl Default for Shortcuts {
    fn default() -> Shortcuts {
        Shortcuts::all()
    }
}

impl Shortcuts {
    /// Every shortcut: static analysis, proofs, first moves decided by proofs in fights of
    /// more than `EXACT_MOVES_UP_TO` (12) empty points, interval pruning.
    pub fn all() -> Shortcuts {
        Shortcuts {
            statics: true,
            proofs: Some(Proofs {
                interval: true,
                first_moves_past: Some(EXACT_MOVES_UP_TO),
            }),
        }
    }

    /// None: every state expanded, nothing ended early.
    pub fn none() -> Shortcuts {
        Shortcuts {
            statics: false,
            proofs: None,
        }
    }

    /// No early ending by static life and death (docs/algorithms/static-life.md).
    pub fn without_statics(self) -> Shortcuts {
        Shortcuts {
            statics: false,
            ..self
        }
    }

    /// No extreme games' proofs, and so none of what needs them (first moves decided by
    /// proofs, interval pruning).
    pub fn without_proofs(self) -> Shortcuts {
        Shortcuts {
            proofs: None,
            ..self
        }
    }

    /// The whole state graph: no interval pruning.
    pub fn without_interval(self) -> Shortcuts {
        self.with_proofs(|p| Proofs {
            interval: false,
            ..p
        })
    }

    /// Every first move solved exactly: none decided by proofs alone.
    pub fn exact_moves(self) -> Shortcuts {
        self.with_proofs(|p| Proofs {
            first_moves_past: None,
            ..p
        })
    }

    /// Let proofs decide the first moves in fights of more than `empty_points` empty points
    /// (where proofs are used at all).
    pub fn first_moves_by_proof_past(self, empty_points: u32) -> Shortcuts {
        self.with_proofs(|p| Proofs {
            first_moves_past: Some(empty_points),
            ..p
        })
    }

    fn with_proofs(self, change: impl FnOnce(Proofs) -> Proofs) -> Shortcuts {
        Shortcuts {
            proofs: self.proofs.map(change),
            ..self
        }
    }

    /// End states that static analysis proves alive or dead.
    pub fn statics(&self) -> bool {
        self.statics
    }

    /// End states that an extreme game settles (docs/algorithms/extreme-games.md).
    pub fn proofs(&self) -> bool {
        self.proofs.is_some()
    }

    /// Expand only the states that may still change the starting states' or the first
    /// moves' values (docs/algorithms/interval.md); needs the proofs.
    pub fn interval(&self) -> bool {
        self.proofs.is_some_and(|p| p.interval)
    }

    /// In fights of more than this many empty points, let proofs alone decide the first
    /// moves when they can (docs/algorithms/openings.md): the starting states' values and best
    /// moves stay exact, a first move worse than the best gets only that bound.
    pub fn first_moves_by_proof(&self) -> Option<u32> {
        self.proofs.and_then(|p| p.first_moves_past)
    }

    /// These shortcuts for one choice of the parameters: first moves are decided by proofs
    /// only while both sides' threat probabilities lie strictly between 0 and 1 (see
    /// [`crate::solve::openings`]).
    pub(crate) fn for_params(self, params: &Model) -> Shortcuts {
        let uncertain = params
            .threat_probs()
            .iter()
            .all(|p| !p.is_zero() && !p.is_one());
        if uncertain {
            self
        } else {
            self.exact_moves()
        }
    }

    /// The same shortcuts for a graph solved under every parameter (a sweep, the grades): no
    /// first move left bounded, no interval pruning.
    pub(crate) fn for_every_param(self) -> Shortcuts {
        self.exact_moves().without_interval()
    }
}
