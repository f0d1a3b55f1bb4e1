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

use crate::go::graph::{Graph, Layout, Point};
use crate::go::rules::Color;
use std::fmt::Write;

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

    pub fn render(&self) -> String {
        let g = self.graph;
        let f = self.frame();
        let at = |p: Point| f.pixel(g.coords(p));
        let shown = |p: Point| f.shown[p.index()];
        let (w, h) = f.size;
        let r = UNIT * 0.47;
        let mut s = String::new();
        let _ = writeln!(
            s,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0}" height="{h:.0}" viewBox="0 0 {w:.0} {h:.0}" font-family="sans-serif">"#
        );
        let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="{BOARD}"/>"#);
        if let Some(t) = &self.title {
            let _ = writeln!(
                s,
                r#"<text class="title" x="{:.1}" y="19" font-size="15" text-anchor="middle">{}</text>"#,
                w / 2.0,
                escape(t)
            );
        }
        // The shading, under the grid: on a square board each point's square (stopping at
        // the board's edge), on other boards a disc half a line wide.
        for p in g.points().filter(|&p| shown(p)) {
            let Some(css) = &self.shade[p.index()] else {
                continue;
            };
            let (x, y) = at(p);
            let css = escape(css);
            if let Layout::Square { width, height } = *g.layout() {
                let board_px = [
                    f.pixel((0.0, 0.0)),
                    f.pixel((f64::from(width) - 1.0, f64::from(height) - 1.0)),
                ];
                let half = UNIT / 2.0;
                let x0 = (x - half).max(board_px[0].0);
                let y0 = (y - half).max(board_px[0].1);
                let x1 = (x + half).min(board_px[1].0);
                let y1 = (y + half).min(board_px[1].1);
                let _ = writeln!(
                    s,
                    r#"<rect class="shade" x="{x0:.1}" y="{y0:.1}" width="{:.1}" height="{:.1}" fill="{css}"/>"#,
                    x1 - x0,
                    y1 - y0
                );
            } else {
                let _ = writeln!(
                    s,
                    r#"<circle class="shade" cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="{css}"/>"#,
                    UNIT * 0.5
                );
            }
        }
        // The grid: real edges heavy, edges leaving the crop as stubs half a line long.
        let hull = rim(g);
        for p in g.points() {
            for &q in g.neighbours(p) {
                let (a, b) = match (shown(p), shown(q)) {
                    (true, true) if q > p => (at(p), at(q)),
                    (true, false) => {
                        let (a, b) = (at(p), f.pixel(g.coords(q)));
                        (a, ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0))
                    }
                    _ => continue,
                };
                let (class, width) = if hull.contains(&(p.min(q), p.max(q))) {
                    ("edge", 2.4)
                } else {
                    ("line", 1.0)
                };
                let _ = writeln!(
                    s,
                    r#"<line class="{class}" x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{LINE}" stroke-width="{width}" stroke-linecap="square"/>"#,
                    a.0, a.1, b.0, b.1
                );
            }
        }
        self.coordinates(&f, &mut s);
        for p in g.points().filter(|&p| shown(p)) {
            let (x, y) = at(p);
            let stone = self.stones[p.index()];
            if let Some(c) = stone {
                let (fill, edge, width) = match c {
                    Color::Black => ("#141414", "#000000", 1.0),
                    Color::White => ("#fbfbf8", "#1e1e1e", 1.3),
                };
                let faded = match self.marks[p.index()] {
                    Some(Mark::Dead) => r#" opacity="0.4""#,
                    _ => "",
                };
                // The class lets a reader (or a test) pick the stones out of the picture.
                let _ = writeln!(
                    s,
                    r#"<circle class="stone {}" cx="{x:.1}" cy="{y:.1}" r="{r:.1}" fill="{fill}" stroke="{edge}" stroke-width="{width}"{faded}/>"#,
                    c.name()
                );
            }
            let ink = if stone == Some(Color::Black) {
                "white"
            } else {
                "black"
            };
            let mark = self.marks[p.index()];
            match mark {
                Some(Mark::Target) => target(&mut s, "target", x, y, r, ink),
                Some(Mark::Ring) => ring(&mut s, "ring", x, y, UNIT * 0.44),
                Some(Mark::Dead) => cross(&mut s, "dead", x, y, r * 0.6),
                Some(Mark::Seki) => square(&mut s, "seki", x, y, r * 0.5, ink),
                None => {}
            }
            if let Some(text) = &self.labels[p.index()] {
                // The colour underneath, for the label's backdrop and its note's halo (which
                // hides the grid under the letters only).
                let under = match stone {
                    Some(Color::Black) => "#141414".to_string(),
                    Some(Color::White) => "#fbfbf8".to_string(),
                    None => self.shade[p.index()]
                        .as_deref()
                        .map_or_else(|| BOARD.to_string(), over_board),
                };
                let best = mark == Some(Mark::Ring);
                let (ink, weight) = if best && stone.is_none() {
                    (BEST, r#" font-weight="bold""#)
                } else {
                    (ink, "")
                };
                let n = text.chars().count();
                let size = match n {
                    0..=2 => 16.0,
                    3 => 14.0,
                    4 => 12.0,
                    _ => 10.0,
                };
                let note = self.notes[p.index()].as_deref();
                let base = y + size * 0.36;
                if stone.is_none() {
                    // On an empty point the lines stop at the label's box, as in books.
                    let (bw, bh) = (Self::text_width(text, size) + 4.0, size * 0.8 + 4.0);
                    let _ = writeln!(
                        s,
                        r#"<rect class="backdrop" x="{:.1}" y="{:.1}" width="{bw:.1}" height="{bh:.1}" fill="{under}"/>"#,
                        x - bw / 2.0,
                        y - bh / 2.0
                    );
                }
                let halo = format!(
                    r#" stroke="{under}" stroke-width="3" stroke-linejoin="round" paint-order="stroke""#
                );
                let _ = writeln!(
                    s,
                    r#"<text class="label" x="{x:.1}" y="{base:.1}" font-size="{size}"{weight} text-anchor="middle" fill="{ink}"{halo}>{}</text>"#,
                    escape(text)
                );
                if let Some(note) = note {
                    let _ = writeln!(
                        s,
                        r#"<text class="note" x="{:.1}" y="{:.1}" font-size="10" font-style="italic" fill="{ink}"{halo}>{}</text>"#,
                        x + 6.0,
                        y + 16.0,
                        escape(note)
                    );
                }
            }
        }
        if f.grid.is_none() {
            self.names(&f, &mut s);
        }
        let mut cy = h - CAPTION * self.captions.len() as f64;
        for (mark, text) in &self.captions {
            let mut x = 10.0;
            match mark {
                // A sample, classed apart from the marks on the board.
                Some(Mark::Ring) => ring(&mut s, "key", x + 10.0, cy + 4.0, 7.0),
                Some(Mark::Target) => target(&mut s, "key", x + 10.0, cy + 4.0, 14.0, "black"),
                Some(Mark::Dead) => cross(&mut s, "key", x + 10.0, cy + 4.0, 6.0),
                Some(Mark::Seki) => square(&mut s, "key", x + 10.0, cy + 4.0, 5.0, "black"),
                None => {}
            }
            if mark.is_some() {
                x += 26.0;
            }
            let _ = writeln!(
                s,
                r#"<text class="caption" x="{x:.1}" y="{:.1}" font-size="12">{}</text>"#,
                cy + 8.0,
                escape(text)
            );
            cy += CAPTION;
        }
        s.push_str("</svg>\n");
        s
    }

    /// Column letters and row numbers on a square board, on the sides [`coordinate_sides`]
    /// picks, named as [`Graph::label`] names the points (as the text report does).
    fn coordinates(&self, f: &Frame, s: &mut String) {
        let g = self.graph;
        let Some((x0, y0, nx, ny)) = f.grid else {
            return;
        };
        let sides = coordinate_sides(f.cut);
        // Past the stubs (half a line) and clear of the stones.
        let gap = UNIT * 0.5 + 6.0;
        for x in x0..x0 + nx {
            let p = g.at(x, y0).expect("on the board");
            let name = g.label(p);
            let letter = name.trim_end_matches(|c: char| c.is_ascii_digit());
            let (px, _) = at_grid(f, g, x, y0);
            let py = if sides[1] == 3 {
                at_grid(f, g, x, y0 + ny - 1).1 + gap + 10.0
            } else {
                at_grid(f, g, x, y0).1 - gap
            };
            let _ = writeln!(
                s,
                r#"<text class="coord" x="{px:.1}" y="{py:.1}" font-size="13" text-anchor="middle" fill="{LINE}">{letter}</text>"#
            );
        }
        for y in y0..y0 + ny {
            let p = g.at(x0, y).expect("on the board");
            let name = g.label(p);
            let number = name.trim_start_matches(|c: char| !c.is_ascii_digit());
            let (_, py) = at_grid(f, g, x0, y);
            let (px, anchor) = if sides[0] == 2 {
                (at_grid(f, g, x0 + nx - 1, y).0 + gap, "start")
            } else {
                (at_grid(f, g, x0, y).0 - gap, "end")
            };
            let _ = writeln!(
                s,
                r#"<text class="coord" x="{px:.1}" y="{:.1}" font-size="13" text-anchor="{anchor}" fill="{LINE}">{number}</text>"#,
                py + 4.5
            );
        }
    }
}

impl Picture<'_> {
    /// On other boards, each drawn empty point's name (the moves are played there) in small
    /// type, in the widest gap between its lines, unless its label is the name.
    fn names(&self, f: &Frame, s: &mut String) {
        let g = self.graph;
        for p in g.points() {
            let name = g.label(p);
            let written = self.labels[p.index()].as_ref() == Some(&name);
            if !f.shown[p.index()] || self.stones[p.index()].is_some() || written {
                continue;
            }
            let (x, y) = g.coords(p);
            let mut angles: Vec<f64> = g
                .neighbours(p)
                .iter()
                .map(|&q| {
                    let (u, v) = g.coords(q);
                    (v - y).atan2(u - x)
                })
                .collect();
            angles.sort_by(f64::total_cmp);
            let tau = std::f64::consts::TAU;
            // The widest gap between consecutive lines (all round for a lone point).
            let (mut best, mut bisector) = (0.0, std::f64::consts::FRAC_PI_4);
            for (i, &a) in angles.iter().enumerate() {
                let b = angles.get(i + 1).copied().unwrap_or(angles[0] + tau);
                if b - a > best {
                    (best, bisector) = (b - a, (a + b) / 2.0);
                }
            }
            let (px, py) = f.pixel((x, y));
            let d = UNIT * 0.58;
            let _ = writeln!(
                s,
                r#"<text class="name" x="{:.1}" y="{:.1}" font-size="8" text-anchor="middle" fill="{LINE}" fill-opacity="0.7">{}</text>"#,
                px + d * bisector.cos(),
                py + d * bisector.sin() + 3.0,
                escape(&name)
            );
        }
    }
}

fn at_grid(f: &Frame, g: &Graph, x: u8, y: u8) -> (f64, f64) {
    f.pixel(g.coords(g.at(x, y).expect("on the board")))
}

/// Which sides carry the coordinates, `[rows, columns]` as side numbers (0 left, 1 top,
/// 2 right, 3 bottom): a cut side, the left and bottom ones first; the left and bottom when
/// no side is cut.
fn coordinate_sides(cut: [bool; 4]) -> [usize; 2] {
    let rows = if !cut[0] && cut[2] { 2 } else { 0 };
    let columns = if !cut[3] && cut[1] { 1 } else { 3 };
    [rows, columns]
}

/// The board's edges on its outer face: walked from the leftmost point, at each point
/// taking the next edge round from the one it came in by, turning always the same way (the
/// rule that walks a face of a drawing without crossings; starting from the direction
/// pointing out of the board, it walks the outside).
fn rim(g: &Graph) -> Vec<(Point, Point)> {
    let angle = |v: Point, w: Point| {
        let ((a, b), (c, d)) = (g.coords(v), g.coords(w));
        (d - b).atan2(c - a)
    };
    // Going back the way it came is the last choice.
    let turn = |from: f64, to: f64| match (to - from).rem_euclid(std::f64::consts::TAU) {
        t if t < 1e-9 => std::f64::consts::TAU,
        t => t,
    };
    let next = |v: Point, from: f64| {
        g.neighbours(v)
            .iter()
            .copied()
            .min_by(|&a, &b| turn(from, angle(v, a)).total_cmp(&turn(from, angle(v, b))))
    };
    let start = g.points().min_by(|&a, &b| {
        let ((ax, ay), (bx, by)) = (g.coords(a), g.coords(b));
        ax.total_cmp(&bx).then(ay.total_cmp(&by))
    });
    let Some(start) = start else {
        return Vec::new();
    };
    let Some(first) = next(start, std::f64::consts::PI) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let (mut u, mut v) = (start, first);
    let edges: usize = g.points().map(|p| g.neighbours(p).len()).sum();
    for _ in 0..edges {
        out.push((u.min(v), u.max(v)));
        let w = next(v, angle(v, u)).expect("v has u as a neighbour");
        (u, v) = (v, w);
        if (u, v) == (start, first) {
            break;
        }
    }
    out.sort();
    out.dedup();
    out
}

fn target(s: &mut String, class: &str, x: f64, y: f64, r: f64, ink: &str) {
    let d = r * 0.55;
    let _ = writeln!(
        s,
        r#"<polygon class="{class}" points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" fill="none" stroke="{ink}" stroke-width="2" stroke-linejoin="round"/>"#,
        x,
        y - d,
        x - d * 0.87,
        y + d * 0.5,
        x + d * 0.87,
        y + d * 0.5
    );
}

fn cross(s: &mut String, class: &str, x: f64, y: f64, d: f64) {
    let _ = writeln!(
        s,
        r#"<path class="{class}" d="M{:.1},{:.1}L{:.1},{:.1}M{:.1},{:.1}L{:.1},{:.1}" stroke="{BEST}" stroke-width="2.5"/>"#,
        x - d,
        y - d,
        x + d,
        y + d,
        x - d,
        y + d,
        x + d,
        y - d
    );
}

fn square(s: &mut String, class: &str, x: f64, y: f64, d: f64, ink: &str) {
    let _ = writeln!(
        s,
        r#"<rect class="{class}" x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="none" stroke="{ink}" stroke-width="2"/>"#,
        x - d,
        y - d,
        2.0 * d,
        2.0 * d
    );
}

fn ring(s: &mut String, class: &str, x: f64, y: f64, r: f64) {
    let _ = writeln!(
        s,
        r#"<circle class="{class}" cx="{x:.1}" cy="{y:.1}" r="{r:.1}" fill="none" stroke="{BEST}" stroke-width="2.5"/>"#
    );
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
