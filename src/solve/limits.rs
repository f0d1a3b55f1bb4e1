//! The limits of one solve: how large its graph may grow, how long it may run and how much
//! memory it may hold, and what may end a state before it is expanded (never changing a
//! value).

use crate::solve::model::Model;
use crate::solve::watch::{CallOff, Watch};
use num_traits::{One, Zero};
use std::time::{Duration, Instant};

/// How large a graph may grow, and what may end a state before it is expanded (never
/// changing a value).
#[derive(Clone, Debug)]
pub struct Limits {
    /// Stop a problem whose state graph passes this many states.
    pub max_states: usize,
    /// End states that static analysis proves alive or dead ([`crate::analysis::static_life`]).
    pub static_life: bool,
    /// End states that an extreme game settles ([`crate::solve::bounds`]).
    pub bounds: bool,
    /// Most positions the extreme games' proofs may search in all; `None` chooses by the
    /// region's size.
    pub proof_budget: Option<usize>,
    /// Stop a solve that runs longer than this.
    pub time_limit: Option<Duration>,
    /// When the time limit's clock started; `None`: when the solve starts. Several solves of
    /// one problem (the readings of a book diagram) share one clock this way.
    pub clock: Option<Instant>,
    /// Stop a solve once the process's live heap passes this many bytes.
    pub memory_limit: Option<usize>,
    /// Stop a solve once another thread calls it off (the readings of a book diagram solved
    /// side by side).
    pub call_off: Option<CallOff>,
    /// In fights of more than this many empty points, let proofs alone decide the first
    /// moves when they can ([`crate::solve::openings`]): the starting states' values and best
    /// moves stay exact, a first move worse than the best gets only that bound. `None`: never.
    /// Sound only while both sides' threat probabilities lie strictly between 0 and 1, and
    /// needs `bounds`.
    pub first_moves_by_proof: Option<u32>,
    /// Expand only the states that may still change a value: the starting states' and the
    /// first moves' ([`crate::solve::build::interval`]). For solves under one choice of the
    /// parameters; needs `bounds`.
    pub interval: bool,
}

impl Limits {
    /// These limits for one choice of the parameters: first moves are decided by proofs only
    /// while both sides' threat probabilities lie strictly between 0 and 1 (see
    /// [`crate::solve::openings`]).
    pub fn for_params(&self, params: &Model) -> Limits {
        let uncertain = params
            .threat_prob
            .iter()
            .all(|p| !p.is_zero() && !p.is_one());
        Limits {
            first_moves_by_proof: self.first_moves_by_proof.filter(|_| uncertain),
            ..self.clone()
        }
    }

    /// The same limits for a graph solved under every parameter (a sweep): no first move
    /// left bounded.
    pub fn for_every_param(&self) -> Limits {
        Limits {
            first_moves_by_proof: None,
            interval: false,
            ..self.clone()
        }
    }

    /// The watch over one solve: the time limit counted from [`Limits::clock`] (or now).
    pub fn watch(&self) -> Watch {
        let clock = self.clock.unwrap_or_else(Instant::now);
        Watch::since(
            clock,
            self.time_limit,
            self.memory_limit,
            self.call_off.clone(),
        )
    }

    /// The plain search: every state expanded, nothing ended early, no time or memory limit,
    /// only a bound on states. The reference that pruned solves are checked against.
    pub const fn plain(max_states: usize) -> Limits {
        Limits {
            max_states,
            static_life: false,
            bounds: false,
            proof_budget: None,
            time_limit: None,
            clock: None,
            memory_limit: None,
            call_off: None,
            first_moves_by_proof: None,
            interval: false,
        }
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_states: 20_000_000,
            static_life: true,
            bounds: true,
            proof_budget: None,
            // An answer within half a minute: past it, what is proven (see
            // `Builder::finish_or_answer_at_limit`).
            time_limit: Some(Duration::from_secs(25)),
            clock: None,
            // The whole process's heap (files are solved two at a time on two cores), checked
            // between allocations: a table doubling past the check stays under 4 GB.
            memory_limit: Some(2_000_000_000),
            call_off: None,
            first_moves_by_proof: Some(EXACT_MOVES_UP_TO),
            interval: true,
        }
    }
}

/// Fights this small (empty points) solve every first move exactly by default: the whole
/// graph is cheap there, and every value a player may ask about is shown.
pub const EXACT_MOVES_UP_TO: u32 = 12;
