//! Line charts as SVG: the threat sweep's life degree against `p`, the benchmarks' proof
//! sizes against empty points.
//!
//! Drawn by hand rather than with a plotting crate (`plotters` and its SVG backend were
//! considered): each chart is lines with marks and a legend, its elements carry classes the
//! tests read (`series`, `legend`, and each mark's own), and a plotting crate would bring a
//! dependency tree and an output those tests could not name.

use crate::report::svg::escape;
use std::fmt::Write;

/// One axis: its label, its range, its ticks (each drawn as a grid line with its label), and
/// whether it is logarithmic (then `lo`, `hi` and the ticks are the values, not their logs).
pub struct Axis {
    pub label: String,
    pub lo: f64,
    pub hi: f64,
    pub ticks: Vec<(f64, String)>,
    pub log: bool,
}

/// A point drawn as a dot of its own: filled or hollow, with its class and a tooltip.
pub struct Mark {
    pub at: (f64, f64),
    pub filled: bool,
    pub class: &'static str,
    pub title: String,
}

/// One line of the chart, named in the legend, with its marks.
pub struct Line {
    pub name: String,
    pub points: Vec<(f64, f64)>,
    pub marks: Vec<Mark>,
}

/// A dashed upright line at `x` with a note beside its top.
pub struct Note {
    pub x: f64,
    pub text: String,
    pub class: &'static str,
}

pub struct Chart {
    pub title: String,
    pub x: Axis,
    pub y: Axis,
    pub lines: Vec<Line>,
    pub note: Option<Note>,
}

/// Line colours, distinguishable in colour and in grey.
const PALETTE: [&str; 8] = [
    "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf",
];
const DASHES: [&str; 4] = ["", "6 3", "2 3", "8 3 2 3"];

/// Height of one legend line.
const LEGEND_LINE: f64 = 20.0;

impl Axis {
    /// Where `v` falls from `lo` (0) to `hi` (1).
    fn share(&self, v: f64) -> f64 {
        let (v, lo, hi) = if self.log {
            (v.log10(), self.lo.log10(), self.hi.log10())
        } else {
            (v, self.lo, self.hi)
        };
        if hi > lo {
            (v - lo) / (hi - lo)
        } else {
            0.0
        }
    }
}

impl Chart {
    /// The chart: the plot, its grid and ticks, and a legend at the right in as many columns
    /// as the lines need.
    pub fn svg(&self) -> String {
        const H: f64 = 434.0;
        let (left, top, bottom) = (60.0, 44.0, 50.0);
        let pw = 380.0;
        let ph = H - top - bottom;
        // The legend: columns of as many lines as the plot is high, each as wide as the
        // longest name (about 7 px a character) and its sample line.
        let longest = self
            .lines
            .iter()
            .map(|l| l.name.chars().count())
            .max()
            .unwrap_or(0);
        let rows = ((ph - 10.0) / LEGEND_LINE) as usize + 1;
        let columns = self.lines.len().div_ceil(rows).max(1);
        let column_w = 44.0 + 7.0 * longest as f64;
        let w = left + pw + 16.0 + column_w * columns as f64;
        let x = |v: f64| left + self.x.share(v) * pw;
        let y = |v: f64| top + (1.0 - self.y.share(v)) * ph;
        let mut out = String::new();
        let mut put = |line: String| writeln!(out, "{line}").expect("string");
        put(format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{H}" viewBox="0 0 {w} {H}" font-family="sans-serif" font-size="12">"#
        ));
        put(format!(r#"<rect width="{w}" height="{H}" fill="white"/>"#));
        put(format!(
            r#"<text x="{}" y="18" text-anchor="middle" font-size="14">{}</text>"#,
            left + pw / 2.0,
            escape(&self.title)
        ));
        for (v, label) in &self.y.ticks {
            let yy = y(*v);
            put(format!(
                r##"<line x1="{left}" y1="{yy:.2}" x2="{:.2}" y2="{yy:.2}" stroke="#ddd"/><text x="{:.2}" y="{:.2}" text-anchor="end">{}</text>"##,
                left + pw,
                left - 6.0,
                yy + 4.0,
                escape(label)
            ));
        }
        for (v, label) in &self.x.ticks {
            let xx = x(*v);
            put(format!(
                r##"<line x1="{xx:.2}" y1="{top}" x2="{xx:.2}" y2="{:.2}" stroke="#ddd"/><text x="{xx:.2}" y="{:.2}" text-anchor="middle">{}</text>"##,
                top + ph,
                top + ph + 18.0,
                escape(label)
            ));
        }
        put(format!(
            r#"<rect x="{left}" y="{top}" width="{pw}" height="{ph}" fill="none" stroke="black"/>"#
        ));
        put(format!(
            r#"<text x="{:.2}" y="{:.2}" text-anchor="middle">{}</text>"#,
            left + pw / 2.0,
            H - 10.0,
            escape(&self.x.label)
        ));
        put(format!(
            r#"<text transform="translate(16 {:.2}) rotate(-90)" text-anchor="middle">{}</text>"#,
            top + ph / 2.0,
            escape(&self.y.label)
        ));
        if let Some(note) = &self.note {
            let x1 = x(note.x);
            put(format!(
                r##"<line x1="{x1:.2}" y1="{:.2}" x2="{x1:.2}" y2="{top}" stroke="#888" stroke-dasharray="3 3"/><text class="{}" x="{:.2}" y="{:.2}" text-anchor="end" font-size="11">{}</text>"##,
                top - 12.0,
                note.class,
                x1 - 5.0,
                top - 4.0,
                escape(&note.text)
            ));
        }
        for (i, line) in self.lines.iter().enumerate() {
            let colour = PALETTE[i % PALETTE.len()];
            let dash = DASHES[(i / PALETTE.len()) % DASHES.len()];
            let dash = if dash.is_empty() {
                String::new()
            } else {
                format!(r#" stroke-dasharray="{dash}""#)
            };
            let pts: Vec<String> = line
                .points
                .iter()
                .map(|&(px, py)| format!("{:.2},{:.2}", x(px), y(py)))
                .collect();
            put(format!(
                r#"<polyline class="series" fill="none" stroke="{colour}" stroke-width="2"{dash} points="{}"><title>{}</title></polyline>"#,
                pts.join(" "),
                escape(&line.name)
            ));
            for m in &line.marks {
                let fill = if m.filled { colour } else { "white" };
                put(format!(
                    r#"<circle class="{}" cx="{:.2}" cy="{:.2}" r="3.5" fill="{fill}" stroke="{colour}"><title>{}</title></circle>"#,
                    m.class,
                    x(m.at.0),
                    y(m.at.1),
                    escape(&m.title)
                ));
            }
            let ly = top + 10.0 + LEGEND_LINE * (i % rows) as f64;
            let lx = left + pw + 16.0 + column_w * (i / rows) as f64;
            put(format!(
                r#"<line x1="{lx}" y1="{ly}" x2="{}" y2="{ly}" stroke="{colour}" stroke-width="2"{dash}/><text class="legend" x="{}" y="{}">{}</text>"#,
                lx + 24.0,
                lx + 30.0,
                ly + 4.0,
                escape(&line.name)
            ));
        }
        out.push_str("</svg>\n");
        out
    }
}
