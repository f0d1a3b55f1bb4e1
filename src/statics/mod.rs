//! Static life and death on a fight's arena: rules that settle a target without reading, each
//! claim a finite strategy that needs no threat, so the value it gives (1 alive, 0 dead) is the
//! state's exact value for every choice of the model's parameters. Benson's unconditional life
//! ([`benson`]), widened by safe regions ([`safe_regions`]) and pairs of liberties
//! ([`liberty_pairs`]); death by a seal with at most one small eye or a nakade, or by a forced
//! capture ([`death`]). The state graph ends its states with them, and bundled here
//! ([`Rules`]) they are the static tests the prover ends the extreme games with
//! ([`crate::prove::Statics`]): life by Benson's rule with safe regions and pairs of liberties,
//! death by a seal. The monolithic eyes' table is built here too ([`build_eye_table`]), by the
//! prover with these tests.
//!
//! May use [`crate::go`], [`crate::problem`] and [`crate::prove`].

pub(crate) mod benson;
pub(crate) mod death;
pub(crate) mod liberty_pairs;
pub(crate) mod safe_regions;

use crate::go::rules::Stones;
use crate::problem::LocalProblem;
use crate::prove::eye_table::{self, Counts as EyeCounts};
use crate::prove::state::Turn;
use crate::prove::Statics;
use safe_regions::Safety;

/// The static rules as the prover's static tests, with what they remember between positions.
#[derive(Default)]
pub(crate) struct Rules {
    safety: Safety,
}

impl Statics for Rules {
    /// A target kept alive by Benson's rule with safe regions, or by pairs of liberties, wins
    /// the lower game: the defender answers in those regions and at those pairs and passes
    /// otherwise.
    fn alive(&mut self, local: &LocalProblem, stones: &Stones) -> bool {
        self.safety.target_alive(local, stones)
    }

    /// A target sealed in with at most one small eye, or a nakade, loses both games.
    fn dead(&mut self, local: &LocalProblem, stones: &Stones, turn: Turn) -> bool {
        death::sealed_dead(local, stones, turn)
    }
}

/// The static rules as the prover's static tests, boxed for a prover.
pub(crate) fn rules() -> Box<dyn Statics> {
    Box::new(Rules::default())
}

/// The monolithic eyes' table the prover looks positions up in, built again by the prover with
/// these static tests for every eye space of at most `most` points, as stored in the library
/// (`cargo run --release --example eye_table`). `progress` is told, as each space is done, how
/// many are and of how many, and what the build found in it.
pub fn build_eye_table(most: usize, progress: impl FnMut(usize, usize, EyeCounts)) -> Vec<u8> {
    eye_table::generate(most, &rules, progress).to_bytes()
}
