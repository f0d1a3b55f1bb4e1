//! What ends states early in one build, remembered across its states: the extreme games'
//! prover, the safe regions' memory, the first moves proofs decided, and how many states
//! ended each way. The settling itself is the builder's ([`super::settle`]).

use crate::prove::Prover;
use crate::solve::graph::{StandIn, StandIns};
use crate::solve::openings::Known;
use crate::statics::safe_regions::Safety;

/// What ends states early in one build, and how many each way ended.
pub(super) struct Settler<'a, 'b> {
    /// The extreme games' prover, when the shortcuts allow it.
    pub(super) prover: &'b mut Option<Prover<'a>>,
    pub(super) safety: Safety,
    /// The first moves' verdicts, when proofs decide them.
    pub(super) first_moves: hashbrown::HashMap<u32, Known>,
    /// Whether proofs decided both starts' values.
    pub(super) openings_decided: bool,
    /// Positions the first moves' own prover searched.
    pub(super) openings_positions: usize,
    /// Positions in the final proofs of the first moves' own prover.
    pub(super) openings_proof_size: usize,
    /// The first moves holding a stand-in (worse, unexamined).
    pub(super) stand_ins: StandIns,
    pub(super) dominated: usize,
    pub(super) static_ended: usize,
    pub(super) proofs_ended: usize,
}

impl<'a, 'b> Settler<'a, 'b> {
    pub(super) fn new(prover: &'b mut Option<Prover<'a>>) -> Settler<'a, 'b> {
        Settler {
            prover,
            safety: Safety::default(),
            first_moves: hashbrown::HashMap::new(),
            openings_decided: false,
            openings_positions: 0,
            openings_proof_size: 0,
            stand_ins: StandIns::default(),
            dominated: 0,
            static_ended: 0,
            proofs_ended: 0,
        }
    }

    /// What proofs decided of a first move, if they did.
    pub(super) fn known(&self, node: u32) -> Option<Known> {
        self.first_moves.get(&node).copied()
    }

    /// Marks a first move as only worse than its start's best (a bound, not a value).
    pub(super) fn mark_worse(&mut self, node: u32) {
        self.stand_ins.insert(node, StandIn::Worse);
    }

    /// Positions searched by every prover of this build.
    pub(super) fn proof_positions(&self) -> usize {
        self.prover.as_ref().map_or(0, |b| b.positions()) + self.openings_positions
    }

    /// Positions in the final proofs of every prover of this build (see
    /// [`Prover::proof_size`]).
    pub(super) fn proof_size(&self) -> usize {
        self.prover.as_ref().map_or(0, |b| b.proof_size()) + self.openings_proof_size
    }
}
