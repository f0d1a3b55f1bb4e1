//! Text boards for the whole-board analyses: one cell per point, plain or coloured for a
//! terminal, and the colours ([`Tint`]) the pictures share.

use crate::go::graph::{Layout, Point};
use crate::go::rules::Color;
use crate::problem::Position;

/// How a text board is written: plain characters, or coloured for a terminal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    Plain,
    Ansi,
}

/// The colours both analyses paint with, in the terminal and in SVG alike: strong and weak
/// shades of each side, a mark for points both sides reach equally, and the stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tint {
    Strong(Color),
    Weak(Color),
    Even,
    Stone(Color),
}

impl Tint {
    fn ansi(self) -> &'static str {
        match self {
            Tint::Strong(Color::Black) => "\x1b[97;48;5;25m",
            Tint::Weak(Color::Black) => "\x1b[30;48;5;153m",
            Tint::Strong(Color::White) => "\x1b[97;48;5;160m",
            Tint::Weak(Color::White) => "\x1b[30;48;5;224m",
            Tint::Even => "\x1b[30;48;5;150m",
            Tint::Stone(Color::Black) => "\x1b[1;97;40m",
            Tint::Stone(Color::White) => "\x1b[1;30;107m",
        }
    }

    /// The SVG shading; stones are drawn as stones, not shaded.
    pub fn css(self) -> Option<&'static str> {
        match self {
            Tint::Strong(Color::Black) => Some("rgba(20,60,200,0.55)"),
            Tint::Weak(Color::Black) => Some("rgba(20,60,200,0.22)"),
            Tint::Strong(Color::White) => Some("rgba(210,30,30,0.55)"),
            Tint::Weak(Color::White) => Some("rgba(210,30,30,0.22)"),
            Tint::Even => Some("rgba(40,160,40,0.40)"),
            Tint::Stone(_) => None,
        }
    }
}

/// Appends `text`, coloured when the style asks for it.
fn paint(out: &mut String, text: &str, tint: Option<Tint>, style: Style) {
    match (style, tint) {
        (Style::Ansi, Some(t)) => {
            out.push_str(t.ansi());
            out.push_str(text);
            out.push_str("\x1b[0m");
        }
        _ => out.push_str(text),
    }
}

/// A text board: one cell per point, right-aligned to `width`, with column letters and row
/// numbers on a square board, one line per point on any other graph.
pub(super) fn board_text(
    pos: &Position,
    width: usize,
    style: Style,
    cell: impl Fn(Point) -> (String, Option<Tint>),
) -> String {
    let g = pos.graph();
    let mut out = String::new();
    match *g.layout() {
        Layout::Square {
            width: w,
            height: h,
        } => {
            let column = |x: u8| {
                let label = g.label(g.at(x, 0).expect("on the board"));
                label
                    .trim_end_matches(|c: char| c.is_ascii_digit())
                    .to_string()
            };
            out.push_str("   ");
            for x in 0..w {
                out.push_str(&format!("{:>width$}", column(x)));
            }
            out.push('\n');
            for y in 0..h {
                out.push_str(&format!("{:>3}", h - y));
                for x in 0..w {
                    let (text, tint) = cell(g.at(x, y).expect("on the board"));
                    paint(&mut out, &format!("{text:>width$}"), tint, style);
                }
                out.push('\n');
            }
        }
        Layout::Custom { .. } => {
            for p in g.points() {
                let (text, tint) = cell(p);
                out.push_str(&format!("{:>6} ", g.label(p)));
                paint(&mut out, &format!("{text:>width$}"), tint, style);
                out.push('\n');
            }
        }
    }
    out
}

/// One legend line: a sample cell in its colour and what it means.
pub(super) fn legend_line(
    out: &mut String,
    sample: &str,
    tint: Option<Tint>,
    meaning: &str,
    style: Style,
) {
    out.push_str("  ");
    paint(out, sample, tint, style);
    out.push_str("  ");
    out.push_str(meaning);
    out.push('\n');
}
