//! Studying answers across models and files: sweeps of the threat probability ([`sweep`]), the
//! exact value as a piecewise function of it ([`piecewise`], over [`poly`], [`roots`] and
//! [`symbolic`]), comparisons of many files ([`compare`]),
//! and exhaustive searches of small shapes for the values the model gives ([`enumerate`]).
//!
//! May use every layer below it ([`crate::go`] to [`crate::solve`]) and the number formats of
//! [`crate::report`]; report never uses study.

pub mod check;
pub mod compare;
pub mod enumerate;
pub mod piecewise;
pub(crate) mod poly;
pub(crate) mod roots;
pub mod sweep;
pub(crate) mod symbolic;
