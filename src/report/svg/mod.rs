//! Board pictures as SVG, for any board graph, drawn as books print diagrams: cropped to the
//! points that matter with a line or two of margin, the board's real edges heavier than the
//! cut sides (whose lines run off as short stubs), coordinates on the cut sides of a square
//! board (the names the text report uses), shading under the grid, stones with a clean
//! outline, labels on a backdrop just the size of their text, and a caption.
//! Every picture the tool draws goes through [`Picture`].
//!
//! The crop is the bounding box, in drawing coordinates, of the points the picture is about
//! ([`Picture::focus`], or every point carrying a shade, mark or label), grown by two lines
//! and pushed out to the board's side when it would stop within two lines of it; a point is
//! drawn when it lies in that box. A real edge is a board edge
//! on the drawing's outer face (the four sides of a square board, the zigzag rim of a
//! honeycomb).

mod draw;

use draw::coordinate_sides;

use crate::go::graph::{Graph, Layout, Point};
use crate::go::rules::Color;

/// A mark drawn on a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// The target (a triangle).
    Target,
    /// A highlighted point (a ring; its label drawn bold in [`BEST`]), e.g. a best move.
    Ring,
    /// A dead stone: drawn faded, with a cross.
    Dead,
    /// A stone in seki (a square).
    Seki,
}

/// What to draw on a board.
pub struct Picture<'a> {
    graph: &'a Graph,
    stones: Vec<Option<Color>>,
    shade: Vec<Option<String>>,
    marks: Vec<Option<Mark>>,
    labels: Vec<Option<String>>,
    notes: Vec<Option<String>>,
    title: Option<String>,
    focus: Vec<Point>,
    captions: Vec<(Option<Mark>, String)>,
}

/// Pixels between adjacent points on a square board (other boards are scaled alike).
const UNIT: f64 = 36.0;
/// Lines of board shown around the points the picture is about.
const MARGIN_LINES: f64 = 2.0;
/// A crop that would stop this close to the board's side (in lines) is taken to the side.
const SNAP_LINES: f64 = 2.0;
/// Pixels around the drawn points: room for a stone and a stub.
const PAD: f64 = 24.0;
/// Pixels around the drawn points on a side that carries coordinates.
const PAD_COORDS: f64 = 44.0;
/// The title's band and a caption line's height.
const TITLE: f64 = 26.0;
const CAPTION: f64 = 17.0;
/// The board's wood colour.
const BOARD: &str = "#e8c47c";
/// The best moves' ring and label colour.
pub const BEST: &str = "#c00000";
const LINE: &str = "#3a2a10";

/// Text made safe for SVG and HTML, in text and in attribute values.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// An opaque colour (`#rrggbb`) as red, green, blue.
fn hex(css: &str) -> Option<[f64; 3]> {
    let h = css.strip_prefix('#').filter(|h| h.len() == 6)?;
    let c = |i: usize| u8::from_str_radix(&h[i..i + 2], 16).ok().map(f64::from);
    Some([c(0)?, c(2)?, c(4)?])
}

/// The opaque colour a shade shows over the wood: `#rrggbb` as is, `rgba(...)` blended.
fn over_board(css: &str) -> String {
    let wood = hex(BOARD).expect("a hex colour");
    let rgba: Option<Vec<f64>> = css
        .strip_prefix("rgba(")
        .and_then(|s| s.strip_suffix(')'))
        .and_then(|s| s.split(',').map(|v| v.trim().parse().ok()).collect());
    let rgb = match (hex(css), rgba) {
        (Some(c), _) => c,
        (None, Some(v)) if v.len() == 4 => [0, 1, 2].map(|i| v[i] * v[3] + wood[i] * (1.0 - v[3])),
        _ => wood,
    };
    let [r, g, b] = rgb.map(|v| v.round().clamp(0.0, 255.0) as u8);
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// Where a picture's points land: which are drawn, the pixel centre of each, the picture's
/// size, and which sides of a square board are cut.
struct Frame {
    shown: Vec<bool>,
    /// Pixels per drawing unit.
    k: f64,
    /// The crop's top-left corner, in drawing coordinates, and where it lands in pixels.
    origin: (f64, f64),
    at: (f64, f64),
    /// The picture's width and height in pixels.
    size: (f64, f64),
    /// Cut sides: left, top, right, bottom.
    cut: [bool; 4],
    /// Square boards: the first drawn column and row, and how many of each.
    grid: Option<(u8, u8, u8, u8)>,
}

impl Frame {
    /// The pixel centre of a drawn point; `None` for a point the crop leaves out.
    fn centre(&self, g: &Graph, p: Point) -> Option<(f64, f64)> {
        self.shown[p.index()].then(|| self.pixel(g.coords(p)))
    }

    fn pixel(&self, (x, y): (f64, f64)) -> (f64, f64) {
        (
            self.at.0 + (x - self.origin.0) * self.k,
            self.at.1 + (y - self.origin.1) * self.k,
        )
    }
}

impl<'a> Picture<'a> {
    pub fn new(graph: &'a Graph) -> Picture<'a> {
        let n = graph.len();
        Picture {
            graph,
            stones: vec![None; n],
            shade: vec![None; n],
            marks: vec![None; n],
            labels: vec![None; n],
            notes: vec![None; n],
            title: None,
            focus: Vec::new(),
            captions: Vec::new(),
        }
    }

    pub fn stone(&mut self, p: Point, c: Color) -> &mut Self {
        self.stones[p.index()] = Some(c);
        self
    }

    /// Fills the area around a point, under the grid, with a CSS colour (`#8fbc8f` or
    /// `rgba(0,0,255,0.3)`).
    pub fn shade(&mut self, p: Point, css: impl Into<String>) -> &mut Self {
        self.shade[p.index()] = Some(css.into());
        self
    }

    pub fn mark(&mut self, p: Point, m: Mark) -> &mut Self {
        self.marks[p.index()] = Some(m);
        self
    }

    /// A short text written on a point (a value, a count).
    pub fn label(&mut self, p: Point, text: impl Into<String>) -> &mut Self {
        self.labels[p.index()] = Some(text.into());
        self
    }

    /// A second, smaller text by a point's label, below and to the right, off the lines, in
    /// italics so that an `l` is not taken for a line (a grade beside a value).
    pub fn note(&mut self, p: Point, text: impl Into<String>) -> &mut Self {
        self.notes[p.index()] = Some(text.into());
        self
    }

    pub fn title(&mut self, text: impl Into<String>) -> &mut Self {
        self.title = Some(text.into());
        self
    }

    /// Points the picture is about: the crop keeps them with a margin. Without any, the
    /// points carrying a shade, mark or label are kept; without those, the stones; without
    /// stones, the whole board.
    pub fn focus(&mut self, points: impl IntoIterator<Item = Point>) -> &mut Self {
        self.focus.extend(points);
        self
    }

    /// A line of text under the diagram (a legend line, a note on the play).
    pub fn caption(&mut self, text: impl Into<String>) -> &mut Self {
        self.captions.push((None, text.into()));
        self
    }

    /// A legend line under the diagram with a sample of `mark` before its text.
    pub fn key(&mut self, mark: Mark, text: impl Into<String>) -> &mut Self {
        self.captions.push((Some(mark), text.into()));
        self
    }

    /// The typical distance between adjacent points, so any tiling draws at a readable size.
    fn scale(&self) -> f64 {
        let g = self.graph;
        let (mut sum, mut count) = (0.0, 0usize);
        for p in g.points() {
            let (x, y) = g.coords(p);
            for &q in g.neighbours(p) {
                let (u, v) = g.coords(q);
                sum += ((x - u).powi(2) + (y - v).powi(2)).sqrt();
                count += 1;
            }
        }
        if count == 0 || sum == 0.0 {
            UNIT
        } else {
            UNIT / (sum / count as f64)
        }
    }

    /// The points the crop keeps (see [`Picture::focus`]).
    fn kept(&self) -> Vec<Point> {
        if !self.focus.is_empty() {
            return self.focus.clone();
        }
        let g = self.graph;
        let i = |p: Point| p.index();
        let marked: Vec<Point> = g
            .points()
            .filter(|&p| {
                self.shade[i(p)].is_some()
                    || self.marks[i(p)].is_some()
                    || self.labels[i(p)].is_some()
            })
            .collect();
        if !marked.is_empty() {
            return marked;
        }
        let stones: Vec<Point> = g
            .points()
            .filter(|&p| self.stones[i(p)].is_some())
            .collect();
        if stones.is_empty() {
            g.points().collect()
        } else {
            stones
        }
    }

    /// Texts' widths, roughly (sans-serif at `size` pixels).
    fn text_width(text: &str, size: f64) -> f64 {
        0.56 * size * text.chars().count() as f64
    }

    /// The crop and the pixel layout.
    fn frame(&self) -> Frame {
        let g = self.graph;
        let k = self.scale();
        let line = UNIT / k;
        let bbox = |pts: &mut dyn Iterator<Item = Point>| {
            pts.map(|p| g.coords(p)).fold(
                [
                    f64::INFINITY,
                    f64::INFINITY,
                    f64::NEG_INFINITY,
                    f64::NEG_INFINITY,
                ],
                |[a, b, c, d], (x, y)| [a.min(x), b.min(y), c.max(x), d.max(y)],
            )
        };
        let board = bbox(&mut g.points());
        let kept = bbox(&mut self.kept().into_iter());
        let mut crop = [0.0; 4];
        let mut cut = [false; 4];
        for side in 0..4 {
            // Left and top grow down, right and bottom up.
            let dir = if side < 2 { -1.0 } else { 1.0 };
            let grown = kept[side] + dir * MARGIN_LINES * line;
            let gap = (board[side] - grown) * dir;
            if gap <= SNAP_LINES * line + 1e-9 {
                crop[side] = board[side];
            } else {
                crop[side] = grown;
                cut[side] = true;
            }
        }
        let eps = 1e-6 * line;
        let shown: Vec<bool> = g
            .points()
            .map(|p| {
                let (x, y) = g.coords(p);
                x >= crop[0] - eps && y >= crop[1] - eps && x <= crop[2] + eps && y <= crop[3] + eps
            })
            .collect();
        let grid = match g.layout() {
            Layout::Square { .. } => {
                let (x0, y0) = (crop[0].round() as u8, crop[1].round() as u8);
                let (x1, y1) = (crop[2].round() as u8, crop[3].round() as u8);
                Some((x0, y0, x1 - x0 + 1, y1 - y0 + 1))
            }
            Layout::Custom { .. } => None,
        };
        let coords = coordinate_sides(cut);
        let pad = |side: usize| {
            if grid.is_some() && coords.contains(&side) {
                PAD_COORDS
            } else {
                PAD
            }
        };
        let board_w = (crop[2] - crop[0]) * k + pad(0) + pad(2);
        let board_h = (crop[3] - crop[1]) * k + pad(1) + pad(3);
        let title_w = self
            .title
            .as_ref()
            .map_or(0.0, |t| Self::text_width(t, 15.0) + 20.0);
        let caption_w = self
            .captions
            .iter()
            .map(|(m, t)| Self::text_width(t, 12.0) + if m.is_some() { 44.0 } else { 20.0 })
            .fold(0.0, f64::max);
        let w = board_w.max(title_w).max(caption_w);
        let top = if self.title.is_some() { TITLE } else { 0.0 };
        let bottom = if self.captions.is_empty() {
            0.0
        } else {
            6.0 + CAPTION * self.captions.len() as f64
        };
        Frame {
            shown,
            k,
            origin: (crop[0], crop[1]),
            // On a pixel's centre, so that one-pixel lines stay sharp.
            at: (
                ((w - board_w) / 2.0 + pad(0)).round() + 0.5,
                top + pad(1) + 0.5,
            ),
            size: (w.ceil(), (top + board_h + bottom).ceil()),
            cut,
            grid,
        }
    }

    /// The pixel centre of a point in the rendered picture; `None` if the crop leaves it out.
    pub fn centre(&self, p: Point) -> Option<(f64, f64)> {
        self.frame().centre(self.graph, p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_every_point_and_edge() {
        let g = Graph::square(3, 2);
        let mut pic = Picture::new(&g);
        pic.stone(Point(0), Color::Black)
            .mark(Point(0), Mark::Target)
            .label(Point(4), "1/2")
            .shade(Point(5), "rgba(0,0,255,0.3)")
            .title("a <test>");
        let svg = pic.render();
        assert!(svg.starts_with("<svg"));
        // A board this small is never cropped: 7 edges, all but the middle column's on the rim.
        assert_eq!(svg.matches("<line").count(), 7);
        assert_eq!(svg.matches(r#"class="edge""#).count(), 6);
        assert!(svg.contains("1/2"));
        assert!(svg.contains("a &lt;test&gt;"));
        assert!(svg.trim_end().ends_with("</svg>"));
    }

    #[test]
    fn crops_to_the_focus_with_a_margin() {
        let g = Graph::square(19, 19);
        let mut pic = Picture::new(&g);
        // A top-left corner fight: A19..C17 with two lines of margin, A19..E15.
        let corner = [(0, 0), (1, 0), (2, 1), (0, 2)].map(|(x, y)| g.at(x, y).unwrap());
        pic.focus(corner);
        let f = pic.frame();
        let shown: Vec<String> = g
            .points()
            .filter(|&p| f.centre(&g, p).is_some())
            .map(|p| g.label(p))
            .collect();
        assert_eq!(shown.len(), 25);
        assert!(shown.contains(&"E15".to_string()) && !shown.contains(&"F19".to_string()));
        assert_eq!(f.cut, [false, false, true, true]);
        let (ax, ay) = f.centre(&g, corner[0]).unwrap();
        let (bx, by) = f.centre(&g, corner[1]).unwrap();
        assert_eq!((bx - ax, by - ay), (UNIT, 0.0));
    }

    #[test]
    fn shades_blend_over_the_wood() {
        assert_eq!(over_board("#102030"), "#102030");
        assert_eq!(over_board("rgba(0,0,0,0.5)"), "#74623e");
        assert_eq!(over_board("url(x)"), BOARD);
    }
}
