//! Reports: the text a person reads ([`text`]) and the JSON Lines a program reads ([`json`]),
//! pictures of problems and answers ([`picture`], drawn with [`svg`]), the optimal lines of
//! play as SGF and numbered diagrams ([`lines`]), one HTML page to explore them ([`page`]), the
//! state graph as Graphviz DOT ([`dot`]), line charts ([`chart`]), text tables ([`table`]),
//! the whole-board analyses as text boards and pictures ([`maps`], with [`board_text`]), and
//! every group of a whole board ([`groups`]). The command line's words (its options named in
//! errors, progress bars) are the binary's, in `src/cli/`.
//!
//! May use [`crate::go`], [`crate::problem`], [`crate::prove`], [`crate::analysis`],
//! [`crate::solve`], [`crate::request`] and [`crate::whole_board`].

pub mod board_text;
pub mod chart;
pub mod dot;
pub(crate) mod groups;
pub(crate) mod groups_page;
pub mod json;
pub mod lines;
pub mod maps;
pub mod page;
pub mod picture;
pub mod svg;
pub mod table;
pub mod text;

use crate::solve::model::Value;
use num_traits::ToPrimitive;

/// A value as a reduced fraction: "1", "0", "7/12".
pub(crate) fn fraction(v: &Value) -> String {
    v.to_string()
}

/// A value as a decimal, for people.
pub(crate) fn decimal(v: &Value) -> f64 {
    v.to_f64().unwrap_or(f64::NAN)
}
