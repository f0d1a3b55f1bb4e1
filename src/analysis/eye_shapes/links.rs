//! The common links of Kato & Yamazaki that join a group's chains: diagonal, one-point jump,
//! knight's move, two-point jump and large knight's move, each with the points between its
//! ends. They need board geometry, so they exist on square boards only.

use crate::go::graph::{Graph, Point};
use std::collections::BTreeSet;

/// The common links of Kato & Yamazaki.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Link {
    Diagonal,
    OnePointJump,
    Knight,
    TwoPointJump,
    LargeKnight,
}

impl Link {
    /// The link's offset (dx, dy) with dx >= dy >= 0; the others are its reflections.
    fn offset(self) -> (i16, i16) {
        match self {
            Link::Diagonal => (1, 1),
            Link::OnePointJump => (2, 0),
            Link::Knight => (2, 1),
            Link::TwoPointJump => (3, 0),
            Link::LargeKnight => (3, 1),
        }
    }

    const ALL: [Link; 5] = [
        Link::Diagonal,
        Link::OnePointJump,
        Link::Knight,
        Link::TwoPointJump,
        Link::LargeKnight,
    ];
}

pub(super) fn is_diagonal(graph: &Graph, p: Point, q: Point) -> bool {
    graph
        .grid(p)
        .zip(graph.grid(q))
        .is_some_and(|((x0, y0), (x1, y1))| x0.abs_diff(x1) == 1 && y0.abs_diff(y1) == 1)
}

/// The points linked to `p` by a common link, each with the points between (square boards).
pub(super) fn links(graph: &Graph, p: Point) -> Vec<(Point, Vec<Point>)> {
    let Some((x, y)) = graph.grid(p) else {
        return Vec::new();
    };
    let at = |dx: i16, dy: i16| -> Option<Point> {
        let (nx, ny) = (x as i16 + dx, y as i16 + dy);
        (nx >= 0 && ny >= 0 && nx < 256 && ny < 256)
            .then(|| graph.at(nx as u8, ny as u8))
            .flatten()
    };
    let mut out = Vec::new();
    for link in Link::ALL {
        let (a, b) = link.offset();
        let mut seen = BTreeSet::new();
        for (dx, dy) in [(a, b), (b, a)] {
            for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let (dx, dy) = (dx * sx, dy * sy);
                if !seen.insert((dx, dy)) {
                    continue;
                }
                let Some(q) = at(dx, dy) else { continue };
                // Between: the points of the bounding box strictly between the ends along
                // the long axis (for a diagonal, the two shared neighbours).
                let mut between = Vec::new();
                if link == Link::Diagonal {
                    between.extend(at(dx, 0));
                    between.extend(at(0, dy));
                } else if dx.abs() > dy.abs() {
                    for i in 1..dx.abs() {
                        for j in 0..=dy.abs() {
                            between.extend(at(i * dx.signum(), j * dy.signum()));
                        }
                    }
                } else {
                    for j in 1..dy.abs() {
                        for i in 0..=dx.abs() {
                            between.extend(at(i * dx.signum(), j * dy.signum()));
                        }
                    }
                }
                out.push((q, between));
            }
        }
    }
    out
}
