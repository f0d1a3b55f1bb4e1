//! Chains and liberties of the stones on a whole board.
//!
//! Checking a problem, inferring its target and region, and the whole-board analyses all ask
//! the same questions of a board graph and the stone on each of its points: which stones form
//! the chain through a point, which empty points are its liberties, and what are all the
//! chains. [`Chains`] answers them with plain point lists, once for all those callers. The
//! solver plays on a local arena of bitboards instead ([`rules`](super::rules)), which is kept
//! apart because it is the hot path.

use super::graph::{Graph, Point};
use super::rules::Color;
use std::collections::BTreeSet;

/// A board graph with the stone on each of its points (one entry per point), read as chains.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Chains<'a> {
    graph: &'a Graph,
    stones: &'a [Option<Color>],
}

/// A chain with its liberties.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chain {
    pub color: Color,
    /// Its stones, sorted.
    pub stones: Vec<Point>,
    /// The empty points next to it, sorted.
    pub liberties: Vec<Point>,
}

impl<'a> Chains<'a> {
    pub(crate) fn new(graph: &'a Graph, stones: &'a [Option<Color>]) -> Chains<'a> {
        Chains { graph, stones }
    }

    pub(crate) fn graph(&self) -> &'a Graph {
        self.graph
    }

    /// The stone on each point.
    pub(crate) fn stones(&self) -> &'a [Option<Color>] {
        self.stones
    }

    pub(crate) fn stone(&self, p: Point) -> Option<Color> {
        self.stones[p.index()]
    }

    /// The chain through `p`: the points connected to it that hold what it holds, sorted (for
    /// an empty point, the empty area around it).
    pub(crate) fn chain(&self, p: Point) -> Vec<Point> {
        let c = self.stone(p);
        self.graph.flood(&[p], |q| self.stone(q) == c)
    }

    /// The empty points next to any of these stones, sorted.
    pub(crate) fn liberties(&self, stones: &[Point]) -> Vec<Point> {
        let set: BTreeSet<Point> = stones
            .iter()
            .flat_map(|&p| self.graph.neighbours(p).iter().copied())
            .filter(|&q| self.stone(q).is_none())
            .collect();
        set.into_iter().collect()
    }

    /// Every chain with its liberties, in the order of their first points.
    pub(crate) fn all(&self) -> Vec<Chain> {
        let mut done = vec![false; self.graph.len()];
        let mut out = Vec::new();
        for p in self.graph.points() {
            let Some(color) = self.stone(p) else {
                continue;
            };
            if done[p.index()] {
                continue;
            }
            let stones = self.chain(p);
            for q in &stones {
                done[q.index()] = true;
            }
            let liberties = self.liberties(&stones);
            out.push(Chain {
                color,
                stones,
                liberties,
            });
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chains_liberties_and_empty_areas() {
        // X X .
        // O . .
        let g = Graph::square(3, 2);
        let at = |x, y| g.at(x, y).unwrap();
        let mut stones = vec![None; g.len()];
        stones[at(0, 0).index()] = Some(Color::Black);
        stones[at(1, 0).index()] = Some(Color::Black);
        stones[at(0, 1).index()] = Some(Color::White);
        let board = Chains::new(&g, &stones);
        assert_eq!(board.chain(at(1, 0)), vec![at(0, 0), at(1, 0)]);
        assert_eq!(
            board.liberties(&board.chain(at(0, 0))),
            vec![at(2, 0), at(1, 1)]
        );
        assert_eq!(board.chain(at(2, 1)), vec![at(2, 0), at(1, 1), at(2, 1)]);
        let all = board.all();
        assert_eq!(all.len(), 2);
        assert_eq!(all[1].color, Color::White);
        assert_eq!(all[1].liberties, vec![at(1, 1)]);
    }
}
