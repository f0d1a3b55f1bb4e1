//! Every position of a small region, and every small change to a library problem, solved
//! exactly: which values the model gives at all (whether 7/12, a value the model's source
//! gives for a harder ko, is one of them).
//!
//! Two searches, both exhaustive within their bounds (nothing is sampled):
//!
//! * [`shape_table`]: a [`Shape`], a rectangle of points in the corner or on the side of the
//!   board, surrounded by the target's ring of black stones, by that ring open on the far
//!   side, or by the attacker's wall alone ([`Ring`]); beyond, everything is the attacker's
//!   uncapturable wall. Black defends (swapping the colours swaps the openings and keeps the
//!   life degree, so White defending adds no value the table does not hold with its openings
//!   swapped). Every filling of the rectangle with black, white and empty points is visited,
//!   in base-3 order; a filling is a position when every black chain has an empty point next
//!   to it and every white chain an empty point or the wall (the rules' legality); the ring is
//!   its target, or without one each black chain in turn. A filling whose mirror image (a side
//!   shape's left-right mirror, a square corner's diagonal) comes earlier in the order is the
//!   same problem seen in the mirror and is skipped.
//! * [`variant_table`]: a library file with up to `changes` points changed (each to any other
//!   of empty, black or white) among the points of its fight and those next to them, its
//!   marks kept (a target mark on a stone that is no longer the defender's is dropped, and a
//!   variant left without one is skipped; a file without target marks has its target inferred
//!   again). A variant the file rules refuse (a chain without liberties, a region too large)
//!   is skipped, and so is one whose fight grows by more points than were changed: a wall
//!   opened, a larger fight, not a variant of the ko.
//!
//! A problem the solver stops on a limit is counted as unsolved, never given a value, so every
//! value in a table is the exact value of its witness. A value that the no-result rule decided
//! (a cycle no one leaves) is kept apart from the others: it depends on that rule's parameter.

use crate::go::graph::{Graph, Point};
use crate::go::rules::Color;
use crate::problem::{Problem, RegionSource, Setup, TargetChoice};
use crate::report::fraction;
use crate::request::SolveRequest;
use crate::solve::answer::Detail;
use crate::solve::model::Value;
use std::collections::BTreeMap;
use std::fmt;

/// Where a [`Shape`]'s rectangle lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edge {
    /// Two sides on the board's edge (its top left corner).
    Corner,
    /// One side on the board's edge (the top).
    Side,
}

/// What surrounds a [`Shape`]'s rectangle on the sides away from the edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ring {
    /// The attacker's wall: the defender must live inside the rectangle; each black chain
    /// there is a target.
    Attacker,
    /// A ring of black stones, the target, and the attacker's wall beyond it: the rectangle is
    /// the target's eye space, every liberty it has.
    Defender,
    /// The same ring, but the attacker's wall instead on the far side (the column away from
    /// the corner, or the right one): the eye space touches the wall, and white stones there
    /// cannot be captured.
    Open,
}

/// A rectangle of `width × height` points to fill with stones, and what surrounds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub edge: Edge,
    pub ring: Ring,
    pub width: u8,
    pub height: u8,
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let edge = match self.edge {
            Edge::Corner => "corner",
            Edge::Side => "side",
        };
        let ring = match self.ring {
            Ring::Attacker => "attacker's wall",
            Ring::Defender => "target's ring",
            Ring::Open => "target's ring open on the far side",
        };
        write!(f, "{edge} {}x{}, {ring}", self.width, self.height)
    }
}

/// A board point's contents for the legality check: empty, black, white, or the wall.
const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const WALL: u8 = 3;

impl Shape {
    /// The board, the rectangle's points row by row from the edge, and the target's ring
    /// stones. The ring (when there is one) surrounds the rectangle on the sides away from the
    /// edge, the attacker's wall surrounds both: every empty point that is not the
    /// rectangle's is the wall.
    fn board(&self) -> (Graph, Vec<Point>, Vec<Point>) {
        let (w, h) = (self.width, self.height);
        let (left, board_width) = match self.edge {
            Edge::Corner => (0, w + 2),
            Edge::Side => (2, w + 4),
        };
        let graph = Graph::square(board_width, h + 2);
        let cells = (0..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .map(|(x, y)| graph.at(x + left, y).expect("inside the board"))
            .collect();
        // The ring's row under the rectangle runs from the column left of it (on the side) to
        // the column right of it (closed) or the rectangle's last (open).
        let last = match self.ring {
            Ring::Attacker => return (graph, cells, vec![]),
            Ring::Defender => left + w,
            Ring::Open => left + w - 1,
        };
        let first = left.saturating_sub(1);
        let ring = graph
            .points()
            .filter(|&p| {
                let (x, y) = graph.grid(p).expect("a square board");
                let row = y == h && (first..=last).contains(&x);
                let left_column = self.edge == Edge::Side && x == first;
                let right_column = self.ring == Ring::Defender && x == left + w;
                row || (y < h && (left_column || right_column))
            })
            .collect();
        (graph, cells, ring)
    }

    /// The mirror that maps the rectangle and its ring onto themselves while keeping the edge
    /// where it is, as a permutation of the rectangle's cells (row by row): a side's
    /// left-right mirror, a square corner's diagonal. A corner that is not square, or a ring
    /// open on one side, has none.
    fn mirror(&self) -> Option<Vec<usize>> {
        let (w, h) = (self.width as usize, self.height as usize);
        match (self.edge, self.ring) {
            (_, Ring::Open) => None,
            (Edge::Side, _) => Some((0..w * h).map(|i| (i / w) * w + (w - 1 - i % w)).collect()),
            (Edge::Corner, _) if w == h => Some((0..w * h).map(|i| (i % w) * w + i / w).collect()),
            (Edge::Corner, _) => None,
        }
    }
}

/// A problem's root values: the life degree, and Black's and White's first-move values.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Values {
    pub life_degree: Value,
    pub black_first: Value,
    pub white_first: Value,
    /// Whether the no-result rule decided a value (see the module's doc).
    pub no_result: bool,
}

impl fmt::Display for Values {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (Black first {}, White first {}){}",
            fraction(&self.life_degree),
            fraction(&self.black_first),
            fraction(&self.white_first),
            if self.no_result { ", no result" } else { "" }
        )
    }
}

/// How often a value occurred, and the first problem that gave it.
#[derive(Clone, Debug)]
pub struct Seen {
    pub count: usize,
    pub witness: String,
}

/// What one search found.
#[derive(Clone, Debug)]
pub struct Table {
    /// The shape, or the file and the number of changes.
    pub name: String,
    /// Positions (fillings or variants) that passed the rules, mirror images counted once.
    pub positions: usize,
    /// Problems solved exactly (a position has one per target).
    pub solved: usize,
    /// Problems the solver stopped on a limit.
    pub unsolved: usize,
    pub values: BTreeMap<Values, Seen>,
}

impl Table {
    fn new(name: String) -> Table {
        Table {
            name,
            positions: 0,
            solved: 0,
            unsolved: 0,
            values: BTreeMap::new(),
        }
    }

    /// Solves one problem for its values alone (no grades) and records them, with `witness`
    /// if they are new.
    fn solve(&mut self, problem: &Problem, request: &SolveRequest, witness: impl Fn() -> String) {
        let request = request.clone().detail(Detail::Values);
        match request.solve_problem(problem).map(|s| s.answer) {
            Ok(answer) if answer.stopped.is_none() => {
                self.solved += 1;
                let values = Values {
                    life_degree: answer.value,
                    black_first: answer.black_first.value,
                    white_first: answer.white_first.value,
                    no_result: answer.no_result_used,
                };
                self.values
                    .entry(values)
                    .or_insert_with(|| Seen {
                        count: 0,
                        witness: witness(),
                    })
                    .count += 1;
            }
            _ => self.unsolved += 1,
        }
    }
}

/// A filling's cells: 0 empty, 1 black, 2 white.
fn digits(mut index: u64, n: usize) -> Vec<u8> {
    (0..n)
        .map(|_| {
            let d = (index % 3) as u8;
            index /= 3;
            d
        })
        .collect()
}

fn index_of(cells: &[u8]) -> u64 {
    cells.iter().rev().fold(0, |acc, &d| acc * 3 + d as u64)
}

/// Whether every chain on the board has a liberty: an empty point, or for White the wall.
/// `board` holds each point's contents ([`EMPTY`], [`BLACK`], [`WHITE`], [`WALL`]).
fn legal(graph: &Graph, board: &[u8]) -> bool {
    let mut seen = vec![false; board.len()];
    for start in graph.points() {
        let colour = board[start.index()];
        if !(colour == BLACK || colour == WHITE) || seen[start.index()] {
            continue;
        }
        let mut stack = vec![start];
        seen[start.index()] = true;
        let mut breathes = false;
        while let Some(p) = stack.pop() {
            for &q in graph.neighbours(p) {
                match board[q.index()] {
                    EMPTY => breathes = true,
                    WALL => breathes |= colour == WHITE,
                    c if c == colour && !seen[q.index()] => {
                        seen[q.index()] = true;
                        stack.push(q);
                    }
                    _ => {}
                }
            }
        }
        if !breathes {
            return false;
        }
    }
    true
}

/// The position as rows of text, from the edge: `X` the target, `x` other black stones, `O`
/// white, `.` empty, `#` the wall; rows joined by `/`.
fn diagram(graph: &Graph, board: &[u8], target: &[Point]) -> String {
    let width = (0..).map_while(|x| graph.at(x, 0)).count();
    graph
        .points()
        .map(|p| match board[p.index()] {
            EMPTY => '.',
            BLACK if target.contains(&p) => 'X',
            BLACK => 'x',
            WHITE => 'O',
            _ => '#',
        })
        .collect::<Vec<char>>()
        .chunks(width)
        .map(|row| row.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("/")
}

/// Every position of `shape`, solved with its targets (see the module's doc). `progress` is
/// called with the fillings visited so far and their total.
pub fn shape_table(
    shape: &Shape,
    request: &SolveRequest,
    mut progress: impl FnMut(u64, u64),
) -> Table {
    let (graph, cells, ring) = shape.board();
    let n = cells.len();
    let mut empty_board = vec![WALL; graph.len()];
    for &p in &ring {
        empty_board[p.index()] = BLACK;
    }
    let mirror = shape.mirror();
    let mut table = Table::new(shape.to_string());
    let total = 3u64.pow(n as u32);
    for index in 0..total {
        progress(index, total);
        let fill = digits(index, n);
        if let Some(m) = &mirror {
            let image: Vec<u8> = m.iter().map(|&j| fill[j]).collect();
            if index_of(&image) < index {
                continue;
            }
        }
        let mut board = empty_board.clone();
        for (&p, &c) in cells.iter().zip(&fill) {
            board[p.index()] = c;
        }
        let black: Vec<Point> = graph
            .points()
            .filter(|p| board[p.index()] == BLACK)
            .collect();
        if black.is_empty() || !legal(&graph, &board) {
            continue;
        }
        table.positions += 1;
        let mut setup = Setup::new(graph.clone());
        setup.black = black.clone();
        setup.white = graph
            .points()
            .filter(|p| board[p.index()] == WHITE)
            .collect();
        setup.region_marks = cells.clone();
        // The ring is the target; without one, each black chain is.
        let targets: Vec<Vec<Point>> = if ring.is_empty() {
            black.iter().map(|&p| vec![p]).collect()
        } else {
            vec![ring.clone()]
        };
        let mut done: Vec<Point> = Vec::new();
        for marks in targets {
            if done.contains(&marks[0]) {
                continue;
            }
            let mut s = setup.clone();
            s.target_marks = marks;
            let problem = s
                .validate(&TargetChoice::FromFile)
                .and_then(|p| p.with_region(&cells, RegionSource::Marked));
            let Ok(problem) = problem else {
                table.unsolved += 1;
                continue;
            };
            done.extend_from_slice(problem.target());
            let target = problem.target().to_vec();
            table.solve(&problem, request, || diagram(&graph, &board, &target));
        }
    }
    progress(total, total);
    table
}

/// One change of a variant: a point's index among those that may change, and what it holds.
type Change = (usize, Option<Color>);

/// What a point may hold in a variant.
const CONTENTS: [Option<Color>; 3] = [None, Some(Color::Black), Some(Color::White)];

/// Every variant of `setup` (a library file) with at most `changes` points changed, solved
/// with the file's own marks (see the module's doc). `name` names the table.
pub fn variant_table(name: &str, setup: &Setup, changes: usize, request: &SolveRequest) -> Table {
    let graph = &setup.graph;
    // The points the changes may touch: the file's fight (its region and the stones next to
    // it) and the points next to that; farther stones are wall, and changing them changes
    // what is enclosed, not the ko.
    let Ok(problem) = setup.clone().validate(&TargetChoice::FromFile) else {
        return Table::new(format!("{name}: the file does not read as a problem"));
    };
    let near = |p: Point| {
        std::iter::once(p)
            .chain(graph.neighbours(p).iter().copied())
            .any(|q| problem.region().contains(&q))
    };
    let points: Vec<Point> = graph.points().filter(|&p| near(p)).collect();
    let original: Vec<Option<Color>> = graph
        .points()
        .map(|p| {
            if setup.black.contains(&p) {
                Some(Color::Black)
            } else if setup.white.contains(&p) {
                Some(Color::White)
            } else {
                None
            }
        })
        .collect();
    let defender = setup.target_marks.first().and_then(|p| original[p.index()]);
    let mut table = Table::new(format!("{name}, up to {changes} changes"));
    // Each entry: the first point still free to change, and the changes so far (a point's
    // index in `points`, in increasing order, and what it holds instead).
    let mut stack: Vec<(usize, Vec<Change>)> = vec![(0, vec![])];
    while let Some((from, done)) = stack.pop() {
        if done.len() < changes {
            for i in from..points.len() {
                for c in CONTENTS
                    .iter()
                    .filter(|&&c| c != original[points[i].index()])
                {
                    let mut more = done.clone();
                    more.push((i, *c));
                    stack.push((i + 1, more));
                }
            }
        }
        let mut s = setup.clone();
        let mut now = original.clone();
        for &(i, c) in &done {
            now[points[i].index()] = c;
        }
        s.black = graph
            .points()
            .filter(|p| now[p.index()] == Some(Color::Black))
            .collect();
        s.white = graph
            .points()
            .filter(|p| now[p.index()] == Some(Color::White))
            .collect();
        // A file without marks has its target inferred again; one whose marked target is
        // gone is not the same problem any more.
        s.target_marks.retain(|p| now[p.index()] == defender);
        if s.target_marks.is_empty() && !setup.target_marks.is_empty() {
            continue;
        }
        let Ok(variant) = s.validate(&TargetChoice::FromFile) else {
            continue;
        };
        if variant.region().len() > problem.region().len() + changes {
            continue;
        }
        table.positions += 1;
        table.solve(&variant, request, || {
            let changed: Vec<String> = done
                .iter()
                .map(|&(i, c)| {
                    let what = match c {
                        None => "empty",
                        Some(Color::Black) => "B",
                        Some(Color::White) => "W",
                    };
                    format!("{} {what}", graph.label(points[i]))
                })
                .collect();
            if changed.is_empty() {
                "as in the file".to_string()
            } else {
                changed.join(", ")
            }
        });
    }
    table
}
