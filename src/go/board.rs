//! Boards as files and generators.
//!
//! A **board file** (TOML) lists the points, each with a name and drawing coordinates, and the
//! adjacency as edges between names:
//!
//! ```toml
//! # A ring of four points.
//! points = [
//!   { name = "n", x = 1, y = 0 },
//!   { name = "e", x = 2, y = 1 },
//!   { name = "s", x = 1, y = 2 },
//!   { name = "w", x = 0, y = 1 },
//! ]
//! edges = [["n", "e"], ["e", "s"], ["s", "w"], ["w", "n"]]
//! ```
//!
//! `y` grows downwards (as on screen); only the coordinates' proportions matter for drawing.
//! A name is any non-empty text without spaces other than `pass` (reports use it for passing).
//! An edge joins two points both ways; listing it twice, or a point with itself, is an error.
//!
//! **Generators** ([`Spec`]) build the boards of figure 1 of Sato et al.'s study of Go on deformed
//! boards:
//!
//! * `square W` / `square WxH`: the usual grid, exactly [`Graph::square`] (points named `cc`
//!   or `C3` as in SGF problems).
//! * `tri N`: a triangle of the triangle tiling, `N` points a side (`N(N+1)/2` points). The
//!   points are the tiling's vertices: six neighbours inside, four on an edge, two at each of
//!   the three corners (figure 1(a): three corners).
//! * `trihex N`: a hexagon of the triangle tiling, `N` points a side (`3N(N-1)+1` points):
//!   six neighbours inside, four on an edge, three at each of the six corners (figure 1(b)).
//! * `hex N`: a hexagon made of `3N(N-1)+1` hexagonal cells, `N` cells a side; the points are
//!   the cells' corners, where three hexagons meet (`6N²` points), so every point has three
//!   neighbours, or two on the rim, where corners and sides look alike (figure 1(c)).
//!
//! Generated points other than square ones are named by row and place: rows `a`, `b`, ... from
//! the top (`z` is followed by `aa`), places `1`, `2`, ... from the left, so `c4` is the fourth
//! point of the third row. `lifedeg board SPEC` prints a generated board as a board file and
//! can draw it with every point's name.

use crate::go::graph::{Graph, GraphError};
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;
use std::path::Path;
use std::str::FromStr;

/// One point of a board file.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PointEntry {
    pub name: String,
    pub x: f64,
    pub y: f64,
}

/// A board file as written.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct BoardFile {
    pub points: Vec<PointEntry>,
    #[serde(default)]
    pub edges: Vec<[String; 2]>,
}

/// Why a board file or generator spec does not give a board.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum BoardError {
    #[error("cannot read: {0}")]
    Io(String),
    #[error("line {line}: {message}")]
    Toml { line: usize, message: String },
    #[error("the board has no points")]
    Empty,
    #[error("the board has {0} points; at most 65535 are supported")]
    TooLarge(usize),
    #[error("point name {0:?} is not allowed (non-empty, no spaces, not \"pass\")")]
    BadName(String),
    #[error("two points are both named {0:?}")]
    DuplicateName(String),
    #[error("point {0:?} has a coordinate that is not a finite number")]
    BadCoordinate(String),
    #[error("edge {index} ({a:?}, {b:?}) names {missing:?}, which is not a point of the board")]
    UnknownPoint {
        index: usize,
        a: String,
        b: String,
        missing: String,
    },
    #[error("edge ({0:?}, {0:?}) joins a point to itself")]
    SelfLoop(String),
    #[error("the edge between {0:?} and {1:?} is listed twice")]
    DuplicateEdge(String, String),
    #[error(transparent)]
    Graph(GraphError),
    #[error("unknown board {0:?}: write `square W`, `square WxH`, `tri N`, `trihex N` or `hex N`")]
    BadSpec(String),
    #[error("board {spec:?}: the size must be from {min} to {max}")]
    BadSize { spec: String, min: u32, max: u32 },
}

/// Turns a TOML error into a one-line message with its line number.
pub(crate) fn toml_error(text: &str, e: &toml::de::Error) -> BoardError {
    let line = e.span().map_or(0, |s| {
        text[..s.start.min(text.len())].matches('\n').count() + 1
    });
    BoardError::Toml {
        line,
        message: e.message().trim().replace('\n', " "),
    }
}

impl BoardFile {
    /// Reads a board file's text.
    pub fn parse(text: &str) -> Result<BoardFile, BoardError> {
        toml::from_str(text).map_err(|e| toml_error(text, &e))
    }

    /// Checks the board and builds its graph.
    pub fn graph(&self) -> Result<Graph, BoardError> {
        let mut index = BTreeMap::new();
        for (i, p) in self.points.iter().enumerate() {
            if p.name.is_empty() || p.name.contains(char::is_whitespace) || p.name == "pass" {
                return Err(BoardError::BadName(p.name.clone()));
            }
            if !(p.x.is_finite() && p.y.is_finite()) {
                return Err(BoardError::BadCoordinate(p.name.clone()));
            }
            index.insert(p.name.as_str(), i);
        }
        let mut neighbours = vec![Vec::new(); self.points.len()];
        for (i, [a, b]) in self.edges.iter().enumerate() {
            let find = |name: &String| {
                index
                    .get(name.as_str())
                    .copied()
                    .ok_or_else(|| BoardError::UnknownPoint {
                        index: i + 1,
                        a: a.clone(),
                        b: b.clone(),
                        missing: name.clone(),
                    })
            };
            let (p, q) = (find(a)?, find(b)?);
            neighbours[p].push(q);
            if p != q {
                neighbours[q].push(p);
            }
        }
        let names: Vec<String> = self.points.iter().map(|p| p.name.clone()).collect();
        let coords = self.points.iter().map(|p| (p.x, p.y)).collect();
        // The graph's own check is the authority; its errors are told back by point name.
        Graph::custom(names.clone(), coords, neighbours).map_err(|e| match e {
            GraphError::Empty => BoardError::Empty,
            GraphError::TooLarge(n) => BoardError::TooLarge(n),
            GraphError::SelfLoop(p) => BoardError::SelfLoop(names[p].clone()),
            GraphError::Duplicate(p, q) => {
                BoardError::DuplicateEdge(names[p].clone(), names[q].clone())
            }
            GraphError::DuplicateName(n) => BoardError::DuplicateName(n),
            // Edges go in both ways between names that exist, so the rest cannot happen here;
            // they are passed on rather than assumed away.
            other => BoardError::Graph(other),
        })
    }

    /// The board file describing a graph (points by their machine names).
    pub fn of(graph: &Graph) -> BoardFile {
        let points = graph
            .points()
            .map(|p| {
                let (x, y) = graph.coords(p);
                PointEntry {
                    name: graph.sgf_name(p),
                    x,
                    y,
                }
            })
            .collect();
        let edges = graph
            .points()
            .flat_map(|p| {
                graph
                    .neighbours(p)
                    .iter()
                    .filter(move |&&q| q > p)
                    .map(move |&q| [graph.sgf_name(p), graph.sgf_name(q)])
            })
            .collect();
        BoardFile { points, edges }
    }

    /// The file's text: one point and one line of edges per row, so it stays readable.
    pub fn to_toml(&self) -> String {
        let quote = |s: &str| toml::Value::String(s.to_string()).to_string();
        let num = |v: f64| {
            // Four decimals keep √3 rows exact enough to draw and short to read.
            let r = (v * 1e4).round() / 1e4;
            if r == r.trunc() {
                format!("{r:.0}")
            } else {
                format!("{r}")
            }
        };
        let mut out = String::from("points = [\n");
        for p in &self.points {
            let _ = writeln!(
                out,
                "  {{ name = {}, x = {}, y = {} }},",
                quote(&p.name),
                num(p.x),
                num(p.y)
            );
        }
        out.push_str("]\nedges = [\n");
        for e in &self.edges {
            let _ = writeln!(out, "  [{}, {}],", quote(&e[0]), quote(&e[1]));
        }
        out.push_str("]\n");
        out
    }
}

/// Reads and checks a board file.
pub fn load(path: &Path) -> Result<Graph, BoardError> {
    let text = std::fs::read_to_string(path).map_err(|e| BoardError::Io(e.to_string()))?;
    BoardFile::parse(&text)?.graph()
}

/// A generated board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spec {
    Square {
        width: u8,
        height: u8,
    },
    /// A triangle of the triangle tiling, `n` points a side.
    Tri(u32),
    /// A hexagon of the triangle tiling, `n` points a side.
    TriHex(u32),
    /// A hexagon of `n` hexagonal cells a side; points are the cells' corners.
    Hex(u32),
}

/// Sizes that keep a generated board within the graph's 65535 points.
const MAX_TRI: u32 = 300;
const MAX_TRIHEX: u32 = 140;
const MAX_HEX: u32 = 100;

impl FromStr for Spec {
    type Err = BoardError;

    fn from_str(text: &str) -> Result<Spec, BoardError> {
        let bad = || BoardError::BadSpec(text.to_string());
        let words: Vec<&str> = text.split_whitespace().collect();
        let [kind, size] = words.as_slice() else {
            return Err(bad());
        };
        let in_range = |n: &str, max: u32| -> Result<u32, BoardError> {
            let n: u32 = n.parse().map_err(|_| bad())?;
            if (1..=max).contains(&n) {
                Ok(n)
            } else {
                Err(BoardError::BadSize {
                    spec: text.to_string(),
                    min: 1,
                    max,
                })
            }
        };
        match *kind {
            "square" => {
                let (w, h) = size.split_once('x').unwrap_or((size, size));
                // SGF names square points with 52 letters, so 52 is the widest.
                let (w, h) = (in_range(w, 52)?, in_range(h, 52)?);
                Ok(Spec::Square {
                    width: w as u8,
                    height: h as u8,
                })
            }
            "tri" => Ok(Spec::Tri(in_range(size, MAX_TRI)?)),
            "trihex" => Ok(Spec::TriHex(in_range(size, MAX_TRIHEX)?)),
            "hex" => Ok(Spec::Hex(in_range(size, MAX_HEX)?)),
            _ => Err(bad()),
        }
    }
}

/// Axial coordinates on the triangle lattice: `(a, b)` is drawn at `(a + b/2, b·√3/2)`.
type Axial = (i32, i32);

/// The six unit steps of the triangle lattice, in turning order.
const STEPS: [Axial; 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];

impl Spec {
    pub fn graph(self) -> Graph {
        match self {
            Spec::Square { width, height } => Graph::square(width, height),
            Spec::Tri(n) => {
                let n = n as i32;
                let points = (0..n).flat_map(|b| (-b..=0).map(move |a| (a, b))).collect();
                triangle_tiling(points)
            }
            Spec::TriHex(n) => triangle_tiling(hexagon(n as i32 - 1)),
            Spec::Hex(n) => honeycomb(hexagon(n as i32 - 1)),
        }
    }
}

/// The lattice points within `r` steps of the origin: a hexagon `r + 1` points a side.
fn hexagon(r: i32) -> BTreeSet<Axial> {
    (-r..=r)
        .flat_map(|a| (-r..=r).map(move |b| (a, b)))
        .filter(|&(a, b)| (a + b).abs() <= r)
        .collect()
}

/// The vertices of the triangle tiling at `points`, joined by the tiling's edges.
fn triangle_tiling(points: BTreeSet<Axial>) -> Graph {
    let mut edges = Vec::new();
    for &(a, b) in &points {
        // Three of the six steps reach each edge once.
        for (da, db) in &STEPS[..3] {
            let q = (a + da, b + db);
            if points.contains(&q) {
                edges.push(((a, b), q));
            }
        }
    }
    lattice_graph(&points, &edges, 1)
}

/// The corners of the hexagonal cells centred at `cells` (a honeycomb), joined by cell sides.
///
/// A corner is where three cells meet: the centre of a triangle of cell centres. Coordinates
/// are tripled so the corners `3c + s_k + s_(k+1)` stay integers.
fn honeycomb(cells: BTreeSet<Axial>) -> Graph {
    let mut points = BTreeSet::new();
    let mut edges = BTreeSet::new();
    for &(a, b) in &cells {
        let corner = |k: usize| {
            let (s, t) = (STEPS[k % 6], STEPS[(k + 1) % 6]);
            (3 * a + s.0 + t.0, 3 * b + s.1 + t.1)
        };
        for k in 0..6 {
            let (p, q) = (corner(k), corner(k + 1));
            points.insert(p);
            edges.insert((p.min(q), p.max(q)));
        }
    }
    let edges: Vec<(Axial, Axial)> = edges.into_iter().collect();
    lattice_graph(&points, &edges, 3)
}

/// Names lattice points by row (top first) and place (left first) and builds the graph.
/// `scale` divides the axial coordinates before drawing.
fn lattice_graph(points: &BTreeSet<Axial>, edges: &[(Axial, Axial)], scale: i32) -> Graph {
    let mut rows: BTreeMap<i32, Vec<Axial>> = BTreeMap::new();
    for &(a, b) in points {
        rows.entry(b).or_default().push((a, b));
    }
    let mut order = Vec::with_capacity(points.len());
    let mut names = Vec::with_capacity(points.len());
    for (row, (_, mut pts)) in rows.into_iter().enumerate() {
        // Left to right: x grows with 2a + b.
        pts.sort_by_key(|&(a, b)| 2 * a + b);
        for (place, p) in pts.into_iter().enumerate() {
            names.push(format!("{}{}", row_name(row), place + 1));
            order.push(p);
        }
    }
    let index: BTreeMap<Axial, usize> = order.iter().enumerate().map(|(i, &p)| (p, i)).collect();
    let s = scale as f64;
    let coords = order
        .iter()
        .map(|&(a, b)| {
            let (a, b) = (a as f64 / s, b as f64 / s);
            (a + b / 2.0, b * 3f64.sqrt() / 2.0)
        })
        .collect();
    let mut neighbours = vec![Vec::new(); order.len()];
    for (p, q) in edges {
        let (i, j) = (index[p], index[q]);
        neighbours[i].push(j);
        neighbours[j].push(i);
    }
    // Ascending, as on square boards, so a board file written from this graph reads back equal.
    for list in &mut neighbours {
        list.sort_unstable();
    }
    Graph::custom(names, coords, neighbours).expect("lattice boards are well formed")
}

/// Row names: `a`..`z`, then `aa`, `ab`, ... like spreadsheet columns.
fn row_name(mut row: usize) -> String {
    let mut name = Vec::new();
    loop {
        name.push(b'a' + (row % 26) as u8);
        if row < 26 {
            break;
        }
        row = row / 26 - 1;
    }
    name.reverse();
    String::from_utf8(name).expect("ASCII")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::graph::Point;

    fn degrees(g: &Graph) -> BTreeMap<usize, usize> {
        let mut d = BTreeMap::new();
        for p in g.points() {
            *d.entry(g.neighbours(p).len()).or_default() += 1;
        }
        d
    }

    #[test]
    fn square_generator_is_the_square_graph() {
        assert_eq!(
            "square 7x5".parse::<Spec>().unwrap().graph(),
            Graph::square(7, 5)
        );
        assert_eq!(
            "square 6".parse::<Spec>().unwrap().graph(),
            Graph::square(6, 6)
        );
    }

    #[test]
    fn triangle_board_counts() {
        let g = Spec::Tri(8).graph();
        assert_eq!(g.len(), 36);
        // Three corners of degree 2, 3·6 edge points of degree 4, 15 inside of degree 6.
        assert_eq!(degrees(&g), BTreeMap::from([(2, 3), (4, 18), (6, 15)]));
        assert_eq!(g.label(Point(0)), "a1");
        assert_eq!(g.label(Point(35)), "h8");
    }

    #[test]
    fn hexagon_of_triangles_counts() {
        let g = Spec::TriHex(4).graph();
        assert_eq!(g.len(), 37);
        assert_eq!(degrees(&g), BTreeMap::from([(3, 6), (4, 12), (6, 19)]));
    }

    #[test]
    fn honeycomb_counts() {
        for n in 1..=4u32 {
            let g = Spec::Hex(n).graph();
            assert_eq!(g.len() as u32, 6 * n * n);
            // Euler: V - E + F = 2 with F = cells + the outside, so E = V + cells - 1.
            let cells = 3 * n * (n - 1) + 1;
            let edges: usize = g.points().map(|p| g.neighbours(p).len()).sum::<usize>() / 2;
            assert_eq!(edges as u32, 6 * n * n + cells - 1);
            assert!(g.points().all(|p| (2..=3).contains(&g.neighbours(p).len())));
        }
        // One cell: a ring of six.
        assert_eq!(degrees(&Spec::Hex(1).graph()), BTreeMap::from([(2, 6)]));
    }

    #[test]
    fn generated_boards_are_drawn_with_unit_edges() {
        for spec in ["tri 4", "trihex 3", "hex 3"] {
            let g = spec.parse::<Spec>().unwrap().graph();
            for p in g.points() {
                let (x, y) = g.coords(p);
                for &q in g.neighbours(p) {
                    let (u, v) = g.coords(q);
                    let d = ((x - u).powi(2) + (y - v).powi(2)).sqrt();
                    let want = if spec.starts_with("hex") {
                        1.0 / 3f64.sqrt()
                    } else {
                        1.0
                    };
                    assert!((d - want).abs() < 1e-9, "{spec}: {d}");
                }
            }
        }
    }

    #[test]
    fn row_names_continue_past_z() {
        assert_eq!(row_name(0), "a");
        assert_eq!(row_name(25), "z");
        assert_eq!(row_name(26), "aa");
        assert_eq!(row_name(27), "ab");
        assert_eq!(row_name(52), "ba");
    }

    #[test]
    fn a_board_file_round_trips() {
        let g = Spec::Hex(2).graph();
        let text = BoardFile::of(&g).to_toml();
        let again = BoardFile::parse(&text).unwrap().graph().unwrap();
        assert_eq!(again.len(), g.len());
        for p in g.points() {
            assert_eq!(again.label(p), g.label(p));
            assert_eq!(again.neighbours(p).len(), g.neighbours(p).len());
        }
    }

    #[test]
    fn bad_specs_are_errors() {
        assert!(matches!("hex".parse::<Spec>(), Err(BoardError::BadSpec(_))));
        assert!(matches!(
            "circle 3".parse::<Spec>(),
            Err(BoardError::BadSpec(_))
        ));
        assert!(matches!(
            "hex 0".parse::<Spec>(),
            Err(BoardError::BadSize { .. })
        ));
        assert!(matches!(
            "square 60".parse::<Spec>(),
            Err(BoardError::BadSize { .. })
        ));
    }
}
