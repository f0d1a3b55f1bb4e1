//! The whole board's chains and liberties, for checking and inference.

use crate::go::chains::Chains;
use crate::go::graph::{Graph, Point};
use crate::go::rules::Color;

/// Whole-board chain arithmetic for checking and inference (the solver uses
/// [`Arena`](crate::go::rules::Arena)).
pub(super) struct FullBoard<'a> {
    pub(super) graph: &'a Graph,
    pub(super) stones: &'a [Option<Color>],
}

impl FullBoard<'_> {
    pub(super) fn at(&self, p: Point) -> Option<Color> {
        self.stones[p.index()]
    }

    /// Points reachable from `start` through points `pass` accepts.
    pub(super) fn flood(&self, start: &[Point], pass: impl Fn(Point) -> bool) -> Vec<Point> {
        self.graph.flood(start, pass)
    }

    pub(super) fn chain(&self, p: Point) -> Vec<Point> {
        Chains::new(self.graph, self.stones).chain(p)
    }

    pub(super) fn liberties(&self, chain: &[Point]) -> Vec<Point> {
        Chains::new(self.graph, self.stones).liberties(chain)
    }
}
