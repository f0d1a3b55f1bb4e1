//! Board pictures as SVG, for any board graph: lines between adjacent points, stones, shaded
//! points, marks and short labels. Every picture the tool draws goes through [`Picture`].

use crate::go::graph::{Graph, Point};
use crate::go::rules::Color;
use std::fmt::Write;

/// A mark drawn on a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// The target (a triangle).
    Target,
    /// A highlighted point (a ring), e.g. a best move.
    Ring,
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
}

/// Pixels between adjacent points on a square board (other boards are scaled alike).
const UNIT: f64 = 36.0;
const MARGIN: f64 = 30.0;
/// The board's wood colour.
const BOARD: &str = "#e8c47c";

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
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
        }
    }

    pub fn stone(&mut self, p: Point, c: Color) -> &mut Self {
        self.stones[p.index()] = Some(c);
        self
    }

    /// Fills the area around a point with a CSS colour (e.g. `#8fbc8f` or `rgba(0,0,255,0.3)`).
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

    /// A second, smaller text under a point's label (a grade under a value).
    pub fn note(&mut self, p: Point, text: impl Into<String>) -> &mut Self {
        self.notes[p.index()] = Some(text.into());
        self
    }

    pub fn title(&mut self, text: impl Into<String>) -> &mut Self {
        self.title = Some(text.into());
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

    pub fn render(&self) -> String {
        let g = self.graph;
        let k = self.scale();
        let (min_x, min_y) = g
            .points()
            .map(|p| g.coords(p))
            .fold((f64::INFINITY, f64::INFINITY), |(a, b), (x, y)| {
                (a.min(x), b.min(y))
            });
        let top = if self.title.is_some() { 24.0 } else { 0.0 };
        let at = |p: Point| {
            let (x, y) = g.coords(p);
            (MARGIN + (x - min_x) * k, top + MARGIN + (y - min_y) * k)
        };
        let (w, h) = g
            .points()
            .map(at)
            .fold((0.0f64, 0.0f64), |(a, b), (x, y)| (a.max(x), b.max(y)));
        // Wide enough for the title too (about 8.5 pixels a character at its size).
        let title_width = self
            .title
            .as_ref()
            .map_or(0.0, |t| MARGIN + 8.5 * t.chars().count() as f64);
        let (w, h) = ((w + MARGIN).max(title_width), h + MARGIN);
        let r = UNIT * 0.46;
        let mut s = String::new();
        let _ = writeln!(
            s,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0}" height="{h:.0}" viewBox="0 0 {w:.0} {h:.0}" font-family="sans-serif">"#
        );
        let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="{BOARD}"/>"#);
        if let Some(t) = &self.title {
            let _ = writeln!(
                s,
                r#"<text x="{:.1}" y="20" font-size="15">{}</text>"#,
                MARGIN * 0.5,
                escape(t)
            );
        }
        for p in g.points() {
            if let Some(css) = &self.shade[p.index()] {
                let (x, y) = at(p);
                let _ = writeln!(
                    s,
                    r#"<circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="{}"/>"#,
                    UNIT * 0.5,
                    escape(css)
                );
            }
        }
        for p in g.points() {
            for &q in g.neighbours(p) {
                if q > p {
                    let ((x1, y1), (x2, y2)) = (at(p), at(q));
                    let _ = writeln!(
                        s,
                        r#"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="black" stroke-width="1"/>"#
                    );
                }
            }
        }
        for p in g.points() {
            let (x, y) = at(p);
            let stone = self.stones[p.index()];
            if let Some(c) = stone {
                let (fill, edge) = match c {
                    Color::Black => ("black", "black"),
                    Color::White => ("white", "black"),
                };
                // The class lets a reader (or a test) pick the stones out of the picture.
                let _ = writeln!(
                    s,
                    r#"<circle class="stone {}" cx="{x:.1}" cy="{y:.1}" r="{r:.1}" fill="{fill}" stroke="{edge}"/>"#,
                    c.name()
                );
            }
            let ink = if stone == Some(Color::Black) {
                "white"
            } else {
                "black"
            };
            match self.marks[p.index()] {
                Some(Mark::Target) => {
                    let d = r * 0.5;
                    let _ = writeln!(
                        s,
                        r#"<polygon class="target" points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" fill="none" stroke="{ink}" stroke-width="2"/>"#,
                        x,
                        y - d,
                        x - d * 0.87,
                        y + d * 0.5,
                        x + d * 0.87,
                        y + d * 0.5
                    );
                }
                Some(Mark::Ring) => {
                    let _ = writeln!(
                        s,
                        r#"<circle class="ring" cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="none" stroke="red" stroke-width="3"/>"#,
                        r * 1.05
                    );
                }
                None => {}
            }
            if let Some(text) = &self.labels[p.index()] {
                if stone.is_none() {
                    // Lift the text off the board lines, keeping the point's shading.
                    let fill = self.shade[p.index()].as_deref().unwrap_or(BOARD);
                    let _ = writeln!(
                        s,
                        r#"<circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="{}"/>"#,
                        UNIT * 0.36,
                        escape(fill)
                    );
                }
                let size = if text.chars().count() > 3 { 9 } else { 12 };
                let note = self.notes[p.index()].as_deref();
                // With a note, the label moves up to make room for it.
                let lift = if note.is_some() { 3.0 } else { -4.0 };
                let _ = writeln!(
                    s,
                    r#"<text class="label" x="{x:.1}" y="{:.1}" font-size="{size}" text-anchor="middle" fill="{ink}">{}</text>"#,
                    y - lift,
                    escape(text)
                );
                if let Some(note) = note {
                    let _ = writeln!(
                        s,
                        r#"<text class="note" x="{x:.1}" y="{:.1}" font-size="8" text-anchor="middle" fill="{ink}">{}</text>"#,
                        y + 8.0,
                        escape(note)
                    );
                }
            }
        }
        s.push_str("</svg>\n");
        s
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
        assert_eq!(svg.matches("<line").count(), 7);
        assert!(svg.contains("1/2"));
        assert!(svg.contains("a &lt;test&gt;"));
        assert!(svg.trim_end().ends_with("</svg>"));
    }
}
