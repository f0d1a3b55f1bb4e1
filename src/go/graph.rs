//! Boards as adjacency graphs.
//!
//! Go's rules need nothing but "which points touch" (Sato et al., on Go on deformed boards), so a
//! board is a list of points with drawing coordinates and neighbour lists. Square boards of any
//! size, rectangular ones included, are one generator among others; everything downstream works on
//! the graph.

use std::fmt;

/// A point of a board: an index into its [`Graph`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Point(pub u16);

impl Point {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// How the points of a board are laid out; decides how points are named and drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Layout {
    /// `width` columns by `height` rows, point `x + y * width`, `y = 0` the top row (as in SGF).
    Square { width: u8, height: u8 },
    /// Any other graph; points carry the names a board file gave them.
    Custom { names: Vec<String> },
}

/// A board: points, their neighbours and where to draw them.
#[derive(Clone, Debug, PartialEq)]
pub struct Graph {
    layout: Layout,
    neighbours: Vec<Vec<Point>>,
    coords: Vec<(f64, f64)>,
}

/// Why a board could not be built.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum GraphError {
    #[error("a board needs at least one point")]
    Empty,
    #[error("the board has {0} points; at most 65535 are supported")]
    TooLarge(usize),
    #[error("point {0} lists neighbour {1}, which does not exist")]
    UnknownNeighbour(usize, usize),
    #[error("point {0} lists itself as a neighbour")]
    SelfLoop(usize),
    #[error("point {0} lists {1} as a neighbour but {1} does not list {0}")]
    Asymmetric(usize, usize),
    #[error("point {0} lists neighbour {1} twice")]
    Duplicate(usize, usize),
    #[error("the board has {names} names for {points} points")]
    NameCount { names: usize, points: usize },
    #[error("two points are both named {0:?}")]
    DuplicateName(String),
}

impl Graph {
    /// A `width` x `height` grid with the usual four-neighbour adjacency.
    pub fn square(width: u8, height: u8) -> Graph {
        let (w, h) = (width as usize, height as usize);
        let mut neighbours = Vec::with_capacity(w * h);
        let mut coords = Vec::with_capacity(w * h);
        for y in 0..h {
            for x in 0..w {
                let mut n = Vec::with_capacity(4);
                if y > 0 {
                    n.push(Point((x + (y - 1) * w) as u16));
                }
                if x > 0 {
                    n.push(Point((x - 1 + y * w) as u16));
                }
                if x + 1 < w {
                    n.push(Point((x + 1 + y * w) as u16));
                }
                if y + 1 < h {
                    n.push(Point((x + (y + 1) * w) as u16));
                }
                neighbours.push(n);
                coords.push((x as f64, y as f64));
            }
        }
        Graph {
            layout: Layout::Square { width, height },
            neighbours,
            coords,
        }
    }

    /// Any graph, checked: neighbours exist, adjacency is symmetric, no loops or repeats.
    pub fn custom(
        names: Vec<String>,
        coords: Vec<(f64, f64)>,
        neighbours: Vec<Vec<usize>>,
    ) -> Result<Graph, GraphError> {
        let n = neighbours.len();
        if n == 0 {
            return Err(GraphError::Empty);
        }
        if n > u16::MAX as usize {
            return Err(GraphError::TooLarge(n));
        }
        if names.len() != n || coords.len() != n {
            return Err(GraphError::NameCount {
                names: names.len().min(coords.len()),
                points: n,
            });
        }
        let mut seen = std::collections::HashSet::new();
        for name in &names {
            if !seen.insert(name.as_str()) {
                return Err(GraphError::DuplicateName(name.clone()));
            }
        }
        for (p, list) in neighbours.iter().enumerate() {
            for (i, &q) in list.iter().enumerate() {
                if q >= n {
                    return Err(GraphError::UnknownNeighbour(p, q));
                }
                if q == p {
                    return Err(GraphError::SelfLoop(p));
                }
                if list[..i].contains(&q) {
                    return Err(GraphError::Duplicate(p, q));
                }
                if !neighbours[q].contains(&p) {
                    return Err(GraphError::Asymmetric(p, q));
                }
            }
        }
        let neighbours = neighbours
            .into_iter()
            .map(|l| l.into_iter().map(|q| Point(q as u16)).collect())
            .collect();
        Ok(Graph {
            layout: Layout::Custom { names },
            neighbours,
            coords,
        })
    }

    pub fn len(&self) -> usize {
        self.neighbours.len()
    }

    pub fn is_empty(&self) -> bool {
        self.neighbours.is_empty()
    }

    pub fn points(&self) -> impl Iterator<Item = Point> {
        (0..self.len() as u16).map(Point)
    }

    /// The points reachable from `start` through points `pass` accepts (`start` included),
    /// sorted.
    pub fn flood(&self, start: &[Point], pass: impl Fn(Point) -> bool) -> Vec<Point> {
        let mut seen = vec![false; self.len()];
        let mut todo: Vec<Point> = start.to_vec();
        for p in start {
            seen[p.index()] = true;
        }
        let mut out = Vec::new();
        while let Some(p) = todo.pop() {
            out.push(p);
            for &q in self.neighbours(p) {
                if !seen[q.index()] && pass(q) {
                    seen[q.index()] = true;
                    todo.push(q);
                }
            }
        }
        out.sort();
        out
    }

    pub fn neighbours(&self, p: Point) -> &[Point] {
        &self.neighbours[p.index()]
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// Drawing coordinates (square boards: column, row from the top).
    pub fn coords(&self, p: Point) -> (f64, f64) {
        self.coords[p.index()]
    }

    /// Column and row (from the top) of a point on a square board.
    pub fn grid(&self, p: Point) -> Option<(u8, u8)> {
        match self.layout {
            Layout::Square { width, .. } => {
                let w = width as u16;
                Some(((p.0 % w) as u8, (p.0 / w) as u8))
            }
            Layout::Custom { .. } => None,
        }
    }

    pub fn at(&self, x: u8, y: u8) -> Option<Point> {
        match self.layout {
            Layout::Square { width, height } if x < width && y < height => {
                Some(Point(x as u16 + y as u16 * width as u16))
            }
            _ => None,
        }
    }

    /// The machine name of a point: SGF coordinates (`aa` = top-left) on a square board, the
    /// board file's name otherwise.
    pub fn sgf_name(&self, p: Point) -> String {
        match &self.layout {
            Layout::Square { .. } => {
                let (x, y) = self.grid(p).expect("square board");
                format!("{}{}", sgf_letter(x), sgf_letter(y))
            }
            Layout::Custom { names } => names[p.index()].clone(),
        }
    }

    /// The human name of a point: `C3` style (columns skip I, rows count from the bottom) on a
    /// square board, the board file's name otherwise.
    /// The name of `p` on this board, typed (`C3`).
    pub fn name(&self, p: Point) -> PointName {
        PointName(self.label(p))
    }

    pub fn label(&self, p: Point) -> String {
        match &self.layout {
            Layout::Square { height, .. } => {
                let (x, y) = self.grid(p).expect("square board");
                format!("{}{}", column_letter(x), *height - y)
            }
            Layout::Custom { names } => names[p.index()].clone(),
        }
    }

    /// Reads a point written as SGF (`cc`), `C3` style, or (custom boards) by name.
    pub fn parse_point(&self, text: &str) -> Option<Point> {
        match &self.layout {
            Layout::Square { height, .. } => {
                let t = text.trim();
                let b = t.as_bytes();
                if b.len() == 2 && b.iter().all(u8::is_ascii_lowercase) {
                    return self.at(sgf_index(b[0])?, sgf_index(b[1])?);
                }
                let col = t.chars().next()?.to_ascii_uppercase();
                let x = column_index(col)?;
                let row: u8 = t[col.len_utf8()..].parse().ok()?;
                if row == 0 || row > *height {
                    return None;
                }
                self.at(x, *height - row)
            }
            Layout::Custom { names } => names
                .iter()
                .position(|n| n == text)
                .map(|i| Point(i as u16)),
        }
    }
}

/// A point as a person names it, before it is placed on a board: SGF letters (`cc`), a column
/// letter and row number (`C3`), or a board file's own name. [`PointName::on`] finds it on a
/// board. Any text without spaces or commas is a name (a board file may name its points
/// anything); an empty one is refused.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PointName(String);

/// Why a text cannot name a point.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PointNameError {
    #[error("a point's name is empty")]
    Empty,
    #[error("{0:?} holds a space or a comma, which no point's name does")]
    Separator(String),
}

impl std::str::FromStr for PointName {
    type Err = PointNameError;

    fn from_str(text: &str) -> Result<PointName, PointNameError> {
        let t = text.trim();
        if t.is_empty() {
            Err(PointNameError::Empty)
        } else if t.contains(|c: char| c.is_whitespace() || c == ',') {
            Err(PointNameError::Separator(t.to_string()))
        } else {
            Ok(PointName(t.to_string()))
        }
    }
}

impl std::fmt::Display for PointName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl PointName {
    /// The point this names on `graph`, if it names one there.
    pub fn on(&self, graph: &Graph) -> Option<Point> {
        graph.parse_point(&self.0)
    }
}

/// SGF letters: `a`..`z` then `A`..`Z` (boards up to 52 wide).
pub(crate) fn sgf_letter(i: u8) -> char {
    if i < 26 {
        (b'a' + i) as char
    } else {
        (b'A' + i - 26) as char
    }
}

fn sgf_index(c: u8) -> Option<u8> {
    match c {
        b'a'..=b'z' => Some(c - b'a'),
        b'A'..=b'Z' => Some(c - b'A' + 26),
        _ => None,
    }
}

/// Board columns as players write them: `A`..`H`, `J`..`Z` (no `I`), then `AA`...
fn column_letter(x: u8) -> String {
    const LETTERS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";
    let n = LETTERS.len() as u8;
    if x < n {
        (LETTERS[x as usize] as char).to_string()
    } else {
        let c = LETTERS[(x - n) as usize % LETTERS.len()] as char;
        format!("{c}{c}")
    }
}

fn column_index(c: char) -> Option<u8> {
    match c {
        'A'..='H' => Some(c as u8 - b'A'),
        'J'..='Z' => Some(c as u8 - b'A' - 1),
        _ => None,
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip() {
        let g = Graph::square(19, 19);
        let p = g.parse_point("cc").unwrap();
        assert_eq!(g.label(p), "C17");
        assert_eq!(g.parse_point("C17"), Some(p));
        assert_eq!(g.label(g.parse_point("ss").unwrap()), "T1");
        assert_eq!(g.parse_point("I5"), None);
        assert_eq!(g.parse_point("A20"), None);
    }

    #[test]
    fn rectangular_neighbours() {
        let g = Graph::square(5, 3);
        assert_eq!(g.len(), 15);
        assert_eq!(g.neighbours(g.at(0, 0).unwrap()).len(), 2);
        assert_eq!(g.neighbours(g.at(2, 1).unwrap()).len(), 4);
        assert_eq!(g.label(g.at(4, 2).unwrap()), "E1");
    }

    #[test]
    fn custom_graph_is_checked() {
        let names = vec!["a".to_string(), "b".to_string()];
        let c = vec![(0.0, 0.0), (1.0, 0.0)];
        assert!(Graph::custom(names.clone(), c.clone(), vec![vec![1], vec![0]]).is_ok());
        assert_eq!(
            Graph::custom(names, c, vec![vec![1], vec![]]),
            Err(GraphError::Asymmetric(0, 1))
        );
    }
}
