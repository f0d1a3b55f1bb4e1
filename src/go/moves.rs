//! A move on a whole board, as a Go player names one: a stone played at a point, or a pass.

use super::graph::{Graph, Point};

/// A move: a stone played at a board point, or a pass. The same type names a first move, a
/// book's move, a game record's move and a move proven best.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Move {
    Play(Point),
    Pass,
}

impl Move {
    /// The move played at `point` (`None`: a pass).
    pub fn at(point: Option<Point>) -> Move {
        point.map_or(Move::Pass, Move::Play)
    }

    /// The board point played (`None`: a pass).
    pub fn point(self) -> Option<Point> {
        match self {
            Move::Play(p) => Some(p),
            Move::Pass => None,
        }
    }

    /// The board's name of the move (`K19`, `pass`).
    pub fn label(self, g: &Graph) -> String {
        match self {
            Move::Play(p) => g.label(p),
            Move::Pass => "pass".to_string(),
        }
    }
}
