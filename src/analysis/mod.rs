//! Whole-board analyses of a position, with no target needed: the stone potential field
//! (Yajima, [`potential`]) and the partition of the board into black and white regions
//! (Tajima & Sanechika, [`regions`]). Both are shown to the user (the report layer draws them)
//! and feed the solver's choice of the local area a fight is played in
//! ([`regions::fight_area`]). Beside them, the eye-shape analyzer of whole-board groups
//! ([`eye_shapes`]), whose play-outs ask the prover with the static tests of [`crate::statics`]; and
//! the choice of a whole board's fight ([`fight_area`]).
//!
//! May use [`crate::go`], [`crate::problem`], [`crate::prove`] and [`crate::statics`].

pub mod eye_shapes;
pub(crate) mod fight_area;
pub mod potential;
pub mod regions;

/// Why an analysis cannot be made as asked.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum AnalysisError {
    #[error("the potential field needs a square-grid board (it mirrors at the board edge)")]
    NotSquare,
}
