//! Studying answers across models and files: sweeps of the threat probability ([`sweep`]), the
//! exact value as a piecewise function of it ([`piecewise`], over [`poly`], [`roots`] and
//! [`symbolic`]), comparisons of many files ([`compare`]),
//! and exhaustive searches of small shapes for the values the model gives ([`enumerate`]).
//!
//! May use [`crate::go`], [`crate::problem`], [`crate::prove`], [`crate::solve`],
//! [`crate::request`] and [`crate::report`] (the number formats and reports).

pub mod check;
pub mod compare;
pub mod enumerate;
pub mod piecewise;
pub(crate) mod poly;
pub(crate) mod roots;
pub mod sweep;
pub(crate) mod symbolic;
