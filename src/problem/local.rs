//! The local arena a problem is solved on: the region, every chain that could be captured in
//! it and the chains those captures could free, laid out as bitboards.

use super::{Problem, ProblemError};
use crate::go::graph::{Graph, Point};
use crate::go::rules::{bit, Arena, Bits, Color, GridShift, Local, Stones, MAX_LOCAL_POINTS};
use std::collections::VecDeque;

/// Where each local point sits in the arena's bitboards: in a grid box laid out row by row
/// when the board is a grid and the box fits, so that neighbours are shifts; else in order.
struct Layout {
    /// The board point of each bit (grid box cells that are not local are never set).
    cells: Vec<Point>,
    grid: Option<GridShift>,
}

impl Layout {
    fn new(graph: &Graph, local: &[Point]) -> Layout {
        let cells: Option<Vec<(u8, u8)>> = local.iter().map(|&p| graph.grid(p)).collect();
        if let Some(cells) = cells.filter(|c| !c.is_empty()) {
            let (x0, x1) = (
                cells.iter().map(|c| c.0).min(),
                cells.iter().map(|c| c.0).max(),
            );
            let (y0, y1) = (
                cells.iter().map(|c| c.1).min(),
                cells.iter().map(|c| c.1).max(),
            );
            let (x0, x1, y0, y1) = (
                x0.unwrap_or(0),
                x1.unwrap_or(0),
                y0.unwrap_or(0),
                y1.unwrap_or(0),
            );
            let (w, h) = (x1 - x0 + 1, y1 - y0 + 1);
            if w as usize * h as usize <= MAX_LOCAL_POINTS {
                let mut cells = Vec::new();
                let (mut has_west, mut has_east) = (0, 0);
                for y in y0..=y1 {
                    for x in x0..=x1 {
                        let b = bit(cells.len() as Local);
                        cells.push(graph.at(x, y).expect("inside the board"));
                        if x > x0 {
                            has_west |= b;
                        }
                        if x < x1 {
                            has_east |= b;
                        }
                    }
                }
                return Layout {
                    cells,
                    grid: Some(GridShift {
                        width: w as u32,
                        has_west,
                        has_east,
                    }),
                };
            }
        }
        Layout {
            cells: local.to_vec(),
            grid: None,
        }
    }

    /// The bit of a board point, if the layout has one for it (setup only: at most 128 cells).
    fn index(&self, p: Point) -> Option<Local> {
        self.cells.iter().position(|&c| c == p).map(|i| i as Local)
    }
}

/// The arena a problem is solved on, with its start position and target.
#[derive(Clone, Debug)]
pub struct LocalProblem {
    pub arena: Arena,
    pub start: Stones,
    /// Local points of the target stones.
    pub target: Bits,
    pub defender: Color,
    /// The side the problem says is to play, if it says: only that side's first moves are all
    /// examined when proofs decide them (`solve::openings`).
    pub to_play: Option<Color>,
}

impl LocalProblem {
    /// Empty points of the fight at the start.
    pub fn empty_points(&self) -> u32 {
        (self.arena.playable & !self.start.occupied()).count_ones()
    }
}

impl Problem {
    /// The local points of the fight — the region, every chain that could be captured in it,
    /// and the chains those captures could free, closed under that rule — and which stones
    /// are immortal (set for the chains met on the way).
    pub(super) fn local_points(&self) -> (Vec<Point>, Vec<bool>) {
        let full = self.full();
        let n = self.graph.len();
        let mut local: Vec<Point> = self.region.clone();
        let mut in_local = vec![false; n];
        for &p in &local {
            in_local[p.index()] = true;
        }
        let mut immortal = vec![false; n];
        let mut done = vec![false; n];
        let mut queue: VecDeque<Point> = self
            .region
            .iter()
            .flat_map(|&p| std::iter::once(p).chain(self.graph.neighbours(p).iter().copied()))
            .filter(|&p| self.stone(p).is_some())
            .collect();
        while let Some(p) = queue.pop_front() {
            if done[p.index()] {
                continue;
            }
            let c = self.stone(p).expect("queued stones");
            let chain = full.chain(p);
            let is_immortal = self.walls.binary_search(&p).is_ok()
                || chain
                    .iter()
                    .flat_map(|&q| self.graph.neighbours(q))
                    .any(|&q| self.outside_liberty(c, q));
            for &q in &chain {
                done[q.index()] = true;
                immortal[q.index()] = is_immortal;
            }
            // An immortal chain never leaves the board: it only lends its colour an anchor.
            if is_immortal && chain.iter().all(|q| !self.in_region(*q)) {
                continue;
            }
            for &q in &chain {
                if !in_local[q.index()] {
                    in_local[q.index()] = true;
                    local.push(q);
                }
                for &r in self.graph.neighbours(q) {
                    if self.stone(r) == Some(c.other()) && !done[r.index()] {
                        queue.push_back(r);
                    }
                }
            }
        }
        (local, immortal)
    }

    /// The local area of the fight as an arena: the region, every chain that could be captured
    /// in it, and the chains those captures could free, closed under that rule.
    pub fn arena(&self) -> Result<LocalProblem, ProblemError> {
        let (mut local, immortal) = self.local_points();
        let outside_liberty = |c: Color, p: Point| self.outside_liberty(c, p);
        if local.len() > MAX_LOCAL_POINTS {
            return Err(ProblemError::RegionTooLarge {
                size: local.len(),
                limit: MAX_LOCAL_POINTS,
            });
        }
        local.sort();
        let layout = Layout::new(&self.graph, &local);
        let mut arena = Arena {
            global: layout.cells.clone(),
            neighbours: vec![0; layout.cells.len()],
            all: local
                .iter()
                .fold(0, |acc, &p| acc | bit(layout.index(p).expect("local"))),
            playable: 0,
            anchor: [0, 0],
            grid: layout.grid,
        };
        let mut start = Stones::default();
        let mut target = 0;
        for &p in &local {
            let i = layout.index(p).expect("local") as usize;
            let b = bit(i as Local);
            if self.in_region(p) {
                arena.playable |= b;
            }
            if let Some(c) = self.stone(p) {
                start.by_color[c.index()] |= b;
                if immortal[p.index()] {
                    arena.anchor[c.index()] |= b;
                }
            }
            if self.target.binary_search(&p).is_ok() {
                target |= b;
            }
            for &q in self.graph.neighbours(p) {
                match layout.index(q).filter(|_| local.binary_search(&q).is_ok()) {
                    Some(j) => arena.neighbours[i] |= bit(j),
                    None => {
                        for c in [Color::Black, Color::White] {
                            // Outside neighbours are fixed: a permanent liberty, or an
                            // uncapturable chain this point's stone would join.
                            if outside_liberty(c, q)
                                || (self.stone(q) == Some(c) && immortal[q.index()])
                            {
                                arena.anchor[c.index()] |= b;
                            }
                        }
                    }
                }
            }
        }
        Ok(LocalProblem {
            arena,
            start,
            target,
            defender: self.defender,
            to_play: self.to_play,
        })
    }
}
