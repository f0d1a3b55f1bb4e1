//! Drawing a [`Picture`]: the SVG document, piece by piece (shading, grid, coordinates,
//! stones with their marks and labels, point names on other boards, captions).

use super::{escape, over_board, Frame, Mark, Picture, BEST, BOARD, CAPTION, LINE, UNIT};
use crate::go::graph::{Graph, Layout, Point};
use crate::go::rules::Color;
use std::fmt::Write;

impl Picture<'_> {
    /// The picture as an SVG document.
    pub fn render(&self) -> String {
        let f = self.frame();
        let (w, h) = f.size;
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
        self.shading(&f, &mut s);
        self.grid(&f, &mut s);
        self.coordinates(&f, &mut s);
        for p in self.graph.points().filter(|&p| f.shown[p.index()]) {
            self.point(&f, p, &mut s);
        }
        if f.grid.is_none() {
            self.names(&f, &mut s);
        }
        self.captions(h, &mut s);
        s.push_str("</svg>\n");
        s
    }

    /// The shading, under the grid: on a square board each point's square (stopping at the
    /// board's edge), on other boards a disc half a line wide.
    fn shading(&self, f: &Frame, s: &mut String) {
        let g = self.graph;
        let at = |p: Point| f.pixel(g.coords(p));
        for p in g.points().filter(|&p| f.shown[p.index()]) {
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
    }

    /// The grid: real edges heavy, edges leaving the crop as stubs half a line long.
    fn grid(&self, f: &Frame, s: &mut String) {
        let g = self.graph;
        let at = |p: Point| f.pixel(g.coords(p));
        let shown = |p: Point| f.shown[p.index()];
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
    }

    /// A drawn point: its stone, its mark, and its label with its note.
    fn point(&self, f: &Frame, p: Point, s: &mut String) {
        let r = UNIT * 0.47;
        let (x, y) = f.pixel(self.graph.coords(p));
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
            Some(Mark::Target) => target(s, "target", x, y, r, ink),
            Some(Mark::Ring) => ring(s, "ring", x, y, UNIT * 0.44),
            Some(Mark::Dead) => cross(s, "dead", x, y, r * 0.6),
            Some(Mark::Seki) => square(s, "seki", x, y, r * 0.5, ink),
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

    /// The caption lines under the diagram, the last ending at the picture's height `h`.
    fn captions(&self, h: f64, s: &mut String) {
        let mut cy = h - CAPTION * self.captions.len() as f64;
        for (mark, text) in &self.captions {
            let mut x = 10.0;
            match mark {
                // A sample, classed apart from the marks on the board.
                Some(Mark::Ring) => ring(s, "key", x + 10.0, cy + 4.0, 7.0),
                Some(Mark::Target) => target(s, "key", x + 10.0, cy + 4.0, 14.0, "black"),
                Some(Mark::Dead) => cross(s, "key", x + 10.0, cy + 4.0, 6.0),
                Some(Mark::Seki) => square(s, "key", x + 10.0, cy + 4.0, 5.0, "black"),
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
pub(super) fn coordinate_sides(cut: [bool; 4]) -> [usize; 2] {
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
