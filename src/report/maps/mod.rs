//! The whole-board analyses drawn: the stone potential field ([`potential`]) and the black
//! and white regions ([`regions`]), each as a text board ([`crate::report::board_text`]) and
//! an SVG picture.

pub mod potential;
pub mod regions;
