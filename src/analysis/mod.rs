//! Whole-board analyses of a position, with no target needed: the stone potential field
//! (Yajima, [`potential`]) and the partition of the board into black and white regions
//! (Tajima & Sanechika, [`regions`]). Both are shown to the user (the report layer draws them)
//! and feed the solver's choice of the local area a fight is played in
//! ([`regions::fight_area`]). Beside them, the eye-shape analyzer of whole-board groups
//! ([`eyes`]) and static life and death on a fight's arena ([`static_life`]) with safe regions
//! ([`safe_regions`]) and life by pairs of liberties ([`liberty_pairs`]), which end the
//! solver's states early; and the choice of a whole board's fight ([`fight_area`]).
//!
//! May use [`crate::go`] and [`crate::problem`].

pub mod eyes;
pub(crate) mod fight_area;
pub(crate) mod liberty_pairs;
pub mod potential;
pub mod regions;
pub(crate) mod safe_regions;
pub(crate) mod static_life;
pub(crate) mod statics;

/// Why an analysis cannot be made as asked.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum AnalysisError {
    #[error("the potential field needs a square-grid board (it mirrors at the board edge)")]
    NotSquare,
}
