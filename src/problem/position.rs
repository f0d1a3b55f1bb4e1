//! A whole-board position: a board with its stones, some declared dead, with no target. What
//! the whole-board analyses read ([`crate::analysis`]).

use super::{Problem, ProblemError, Setup};
use crate::go::chains::Chains;
use crate::go::graph::{Graph, Layout, Point, PointName};
use crate::go::rules::Color;
use std::collections::VecDeque;

/// Why a position cannot be set up as asked.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PositionError {
    #[error("dead stone {0}: not a point of the board")]
    DeadNotAPoint(PointName),
    #[error("dead stone {0}: an empty point; only stones can be dead")]
    DeadOnEmpty(PointName),
}

/// A board with its stones, some of which the caller may declare dead. Dead stones are off the
/// board for the analyses: they radiate nothing, block nothing and count as territory of the
/// side that surrounds them (Tajima & Sanechika partition "from the living stones").
#[derive(Clone, Debug)]
pub struct Position {
    graph: Graph,
    stones: Vec<Option<Color>>,
    dead: Vec<bool>,
}

impl Position {
    /// A position from a checked stone array (one entry per point of `graph`).
    pub fn new(graph: Graph, stones: Vec<Option<Color>>) -> Position {
        assert_eq!(graph.len(), stones.len(), "one entry per point");
        let dead = vec![false; stones.len()];
        Position {
            graph,
            stones,
            dead,
        }
    }

    /// The position of a file, checked as a position only (no target needed).
    pub fn from_setup(setup: &Setup) -> Result<Position, ProblemError> {
        Ok(Position::new(setup.graph.clone(), setup.stones()?))
    }

    pub fn from_problem(problem: &Problem) -> Position {
        let g = problem.graph();
        Position::new(g.clone(), g.points().map(|p| problem.stone(p)).collect())
    }

    /// Declares the chains through the points these name dead.
    pub fn with_dead(self, names: &[PointName]) -> Result<Position, PositionError> {
        let mut points = Vec::with_capacity(names.len());
        for name in names {
            let p = name
                .on(&self.graph)
                .ok_or_else(|| PositionError::DeadNotAPoint(name.clone()))?;
            if self.stone(p).is_none() {
                return Err(PositionError::DeadOnEmpty(self.graph.name(p)));
            }
            points.push(p);
        }
        Ok(self.with_dead_at(&points))
    }

    /// Declares the chains through these points (stones, each) dead.
    pub fn with_dead_at(mut self, points: &[Point]) -> Position {
        for &p in points {
            for q in self.chain(p) {
                self.dead[q.index()] = true;
            }
        }
        self
    }

    /// Declares the chains through these points alive (stones on them, that is).
    pub fn with_alive(mut self, points: &[Point]) -> Position {
        for &p in points {
            if self.stone(p).is_some() {
                for q in self.chain(p) {
                    self.dead[q.index()] = false;
                }
            }
        }
        self
    }

    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The stone on a point, dead or alive.
    pub fn stone(&self, p: Point) -> Option<Color> {
        self.stones[p.index()]
    }

    pub fn is_dead(&self, p: Point) -> bool {
        self.dead[p.index()]
    }

    /// The living stone on a point; dead stones read as empty.
    pub fn living(&self, p: Point) -> Option<Color> {
        self.stone(p).filter(|_| !self.is_dead(p))
    }

    /// The chain of the stone at `p` (same colour, connected).
    pub fn chain(&self, p: Point) -> Vec<Point> {
        Chains::new(&self.graph, &self.stones).chain(p)
    }

    /// The empty points next to any of these stones, sorted.
    pub fn liberties(&self, stones: &[Point]) -> Vec<Point> {
        Chains::new(&self.graph, &self.stones).liberties(stones)
    }

    /// Every chain of living stones.
    pub fn living_chains(&self) -> Vec<Vec<Point>> {
        let mut done = vec![false; self.graph.len()];
        let mut chains = Vec::new();
        for p in self.graph.points() {
            if !done[p.index()] && self.living(p).is_some() {
                let chain = self.chain(p);
                for q in &chain {
                    done[q.index()] = true;
                }
                chains.push(chain);
            }
        }
        chains
    }

    /// The line of every point: 1 on the edge, 2 next to it, and so on. On a square board
    /// that is the usual line number; on other graphs the edge is where points have fewer
    /// neighbours than the most any point has.
    pub fn lines(&self) -> Vec<u32> {
        let g = &self.graph;
        if let Layout::Square { width, height } = *g.layout() {
            return g
                .points()
                .map(|p| {
                    let (x, y) = g.grid(p).expect("square board");
                    let d = x.min(y).min(width - 1 - x).min(height - 1 - y);
                    u32::from(d) + 1
                })
                .collect();
        }
        let full = g.points().map(|p| g.neighbours(p).len()).max().unwrap_or(0);
        let mut line = vec![u32::MAX; g.len()];
        let mut queue = VecDeque::new();
        for p in g.points() {
            if g.neighbours(p).len() < full {
                line[p.index()] = 1;
                queue.push_back(p);
            }
        }
        while let Some(a) = queue.pop_front() {
            for &b in g.neighbours(a) {
                if line[b.index()] == u32::MAX {
                    line[b.index()] = line[a.index()] + 1;
                    queue.push_back(b);
                }
            }
        }
        // A graph where every point is alike (a torus) has no edge at all.
        line
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::str::FromStr;

    /// A square position from rows of `X` (black), `O` (white) and anything else (empty).
    pub(crate) fn position(rows: &[&str]) -> Position {
        let graph = Graph::square(rows[0].len() as u8, rows.len() as u8);
        let mut stones = vec![None; graph.len()];
        for (y, row) in rows.iter().enumerate() {
            for (x, c) in row.chars().enumerate() {
                let p = graph.at(x as u8, y as u8).unwrap();
                stones[p.index()] = match c {
                    'X' => Some(Color::Black),
                    'O' => Some(Color::White),
                    _ => None,
                };
            }
        }
        Position::new(graph, stones)
    }

    #[test]
    fn lines_on_other_graphs_count_from_the_low_degree_points() {
        // A path of four points: the two ends have one neighbour.
        let names = (0..4).map(|i| i.to_string()).collect();
        let coords = (0..4).map(|i| (i as f64, 0.0)).collect();
        let links = vec![vec![1], vec![0, 2], vec![1, 3], vec![2]];
        let pos = Position::new(Graph::custom(names, coords, links).unwrap(), vec![None; 4]);
        assert_eq!(pos.lines(), vec![1, 2, 2, 1]);
    }

    #[test]
    fn lines_count_from_the_edge() {
        let pos = position(&["....", "....", "....", "...."]);
        let g = pos.graph();
        let lines = pos.lines();
        assert_eq!(lines[g.at(0, 0).unwrap().index()], 1);
        assert_eq!(lines[g.at(1, 1).unwrap().index()], 2);
        assert_eq!(lines[g.at(2, 1).unwrap().index()], 2);
        assert_eq!(lines[g.at(3, 2).unwrap().index()], 1);
    }

    #[test]
    fn dead_marks_whole_chains_and_reads_as_empty() {
        let err = position(&["XX..", "....", "..O.", "...."])
            .with_dead(&[PointName::from_str("Z9").unwrap()])
            .unwrap_err();
        assert_eq!(
            err,
            PositionError::DeadNotAPoint(PointName::from_str("Z9").unwrap())
        );
        let pos = position(&["XX..", "....", "..O.", "...."])
            .with_dead(&[PointName::from_str("A4").unwrap()])
            .unwrap();
        let g = pos.graph();
        assert!(pos.is_dead(g.at(1, 0).unwrap()));
        assert_eq!(pos.living(g.at(1, 0).unwrap()), None);
        assert_eq!(pos.stone(g.at(1, 0).unwrap()), Some(Color::Black));
        assert_eq!(pos.living_chains().len(), 1);
        let err = position(&["XX..", "....", "..O.", "...."])
            .with_dead(&[PointName::from_str("D1").unwrap()])
            .unwrap_err();
        assert_eq!(err, PositionError::DeadOnEmpty("D1".parse().unwrap()));
    }
}
