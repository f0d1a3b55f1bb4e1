//! The life degree across the threat probability (both sides' `p` together): sampled at
//! evenly spaced exact points, as a table, CSV or an SVG line chart.
//!
//! The chart is drawn by hand rather than with a plotting crate (`plotters` and its SVG
//! backend were considered): it is one line chart with a legend, its elements carry classes
//! the tests read (`series`, `legend`, `endless`), and a plotting crate would bring a
//! dependency tree and an output those tests could not name. The value at p = 1 is a game of
//! its own (every ko retaken forever, worth the no-result value), so it is drawn as a dot
//! apart from the line, under a note that says so.

use crate::problem::Problem;
use crate::report::{decimal, fraction};
use crate::solve::degree::{undetermined, SolveError};
use crate::solve::graph::GameGraph;
use crate::solve::limits::Limits;
use crate::solve::model::{Model, Value};
use crate::solve::solver::solve;
use std::fmt::Write;

/// One problem's life degree at each sampled `p`.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    pub name: String,
    /// `(p, life degree)`, `p` increasing.
    pub points: Vec<(Value, Value)>,
}

/// `steps + 1` evenly spaced exact points from `lo` to `hi`.
pub fn grid(lo: &Value, hi: &Value, steps: usize) -> Vec<Value> {
    let n = Value::from_integer(steps.max(1).into());
    (0..=steps.max(1))
        .map(|i| lo + (hi - lo) * Value::from_integer(i.into()) / &n)
        .collect()
}

/// The life degree at each `p` of `ps`, both sides' threat probability set to `p`; the graph
/// is built once. `on_step` is called after each solve.
pub fn sweep(
    name: &str,
    problem: &Problem,
    params: &Model,
    limits: &Limits,
    ps: &[Value],
    on_step: &dyn Fn(),
) -> Result<Series, SolveError> {
    let local = problem.arena()?;
    let graph = GameGraph::build(&local, &limits.for_every_param())
        .map_err(|e| SolveError::stopped(e, params, problem.graph()))?;
    let mut points = Vec::with_capacity(ps.len());
    for p in ps {
        let params = Model {
            threat_prob: [p.clone(), p.clone()],
            ..params.clone()
        };
        let solution = solve(&graph, problem.defender(), &params)?;
        let [b, w] = graph.roots.map(|r| solution.value(r));
        points.push((p.clone(), undetermined(&params.first_prob, b, w)));
        on_step();
    }
    Ok(Series {
        name: name.to_string(),
        points,
    })
}

/// A table: one row per `p`, one column per problem (fraction and decimal).
pub fn table(series: &[Series]) -> String {
    let mut header = vec!["p".to_string()];
    header.extend(series.iter().map(|s| s.name.clone()));
    let mut rows = vec![header];
    for (i, (p, _)) in series
        .first()
        .map_or(&[][..], |s| &s.points)
        .iter()
        .enumerate()
    {
        let mut row = vec![fraction(p)];
        row.extend(series.iter().map(|s| {
            let v = &s.points[i].1;
            format!("{} ≈ {:.4}", fraction(v), decimal(v))
        }));
        rows.push(row);
    }
    let cols = rows[0].len();
    let widths: Vec<usize> = (0..cols)
        .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    for r in rows {
        let cells: Vec<String> = r
            .iter()
            .zip(&widths)
            .map(|(c, &w)| format!("{c}{}", " ".repeat(w - c.chars().count())))
            .collect();
        writeln!(out, "{}", cells.join("  ").trim_end()).expect("string");
    }
    out
}

/// CSV in long form: `problem,p,p_approx,life_degree,approx`.
pub fn csv(series: &[Series]) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(["problem", "p", "p_approx", "life_degree", "approx"])
        .expect("in memory");
    for s in series {
        for (p, v) in &s.points {
            w.write_record([
                s.name.clone(),
                fraction(p),
                decimal(p).to_string(),
                fraction(v),
                decimal(v).to_string(),
            ])
            .expect("in memory");
        }
    }
    String::from_utf8(w.into_inner().expect("in memory")).expect("utf-8")
}

/// Line colours, distinguishable in colour and in grey.
const PALETTE: [&str; 8] = [
    "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf",
];
const DASHES: [&str; 4] = ["", "6 3", "2 3", "8 3 2 3"];

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Height of one legend line.
const LEGEND_LINE: f64 = 20.0;

/// A line chart: `p` across, life degree (0 to 1) up, one line per problem, ticks, a grid and
/// a legend at the right, in as many columns as the problems need. A sample at p = 1 (every
/// ko endless) is a dot apart from its line.
pub fn svg(series: &[Series]) -> String {
    const H: f64 = 434.0;
    let (left, top, bottom) = (60.0, 44.0, 50.0);
    let pw = 380.0;
    let ph = H - top - bottom;
    // The legend: columns of as many lines as the plot is high, each as wide as the longest
    // name (about 7 px a character) and its sample line.
    let longest = series
        .iter()
        .map(|s| s.name.chars().count())
        .max()
        .unwrap_or(0);
    let rows = ((ph - 10.0) / LEGEND_LINE) as usize + 1;
    let columns = series.len().div_ceil(rows).max(1);
    let column_w = 44.0 + 7.0 * longest as f64;
    let w = left + pw + 16.0 + column_w * columns as f64;
    let first = series.first().map_or(&[][..], |s| &s.points);
    let lo = first.first().map_or(0.0, |(p, _)| decimal(p));
    let hi = first.last().map_or(1.0, |(p, _)| decimal(p));
    let one = Value::from_integer(1.into());
    let span = if hi > lo { hi - lo } else { 1.0 };
    let x = |p: f64| left + (p - lo) / span * pw;
    let y = |v: f64| top + (1.0 - v) * ph;
    let mut out = String::new();
    writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{H}" viewBox="0 0 {w} {H}" font-family="sans-serif" font-size="12">"#
    )
    .expect("string");
    writeln!(out, r#"<rect width="{w}" height="{H}" fill="white"/>"#).expect("string");
    writeln!(
        out,
        r#"<text x="{}" y="18" text-anchor="middle" font-size="14">Life degree against the threat probability</text>"#,
        left + pw / 2.0
    )
    .expect("string");
    // Grid and ticks: tenths of the value, fifths of the p range.
    for i in 0..=10 {
        let v = i as f64 / 10.0;
        let yy = y(v);
        writeln!(
            out,
            r##"<line x1="{left}" y1="{yy:.2}" x2="{:.2}" y2="{yy:.2}" stroke="#ddd"/><text x="{:.2}" y="{:.2}" text-anchor="end">{v:.1}</text>"##,
            left + pw,
            left - 6.0,
            yy + 4.0
        )
        .expect("string");
    }
    for i in 0..=5 {
        let p = lo + span * i as f64 / 5.0;
        let xx = x(p);
        writeln!(
            out,
            r##"<line x1="{xx:.2}" y1="{top}" x2="{xx:.2}" y2="{:.2}" stroke="#ddd"/><text x="{xx:.2}" y="{:.2}" text-anchor="middle">{p:.2}</text>"##,
            top + ph,
            top + ph + 18.0,
        )
        .expect("string");
    }
    writeln!(
        out,
        r#"<rect x="{left}" y="{top}" width="{pw}" height="{ph}" fill="none" stroke="black"/>"#
    )
    .expect("string");
    writeln!(
        out,
        r#"<text x="{:.2}" y="{:.2}" text-anchor="middle">threat probability p (both sides)</text>"#,
        left + pw / 2.0,
        H - 10.0
    )
    .expect("string");
    writeln!(
        out,
        r#"<text transform="translate(16 {:.2}) rotate(-90)" text-anchor="middle">life degree</text>"#,
        top + ph / 2.0
    )
    .expect("string");
    if first.last().is_some_and(|(p, _)| *p == one) {
        let x1 = x(1.0);
        writeln!(
            out,
            r##"<line x1="{x1:.2}" y1="{:.2}" x2="{x1:.2}" y2="{top}" stroke="#888" stroke-dasharray="3 3"/><text class="endless-note" x="{:.2}" y="{:.2}" text-anchor="end" font-size="11">dots at p = 1: every ko endless, the no-result value</text>"##,
            top - 12.0,
            x1 - 5.0,
            top - 4.0
        )
        .expect("string");
    }
    for (i, s) in series.iter().enumerate() {
        let colour = PALETTE[i % PALETTE.len()];
        let dash = DASHES[(i / PALETTE.len()) % DASHES.len()];
        let dash = if dash.is_empty() {
            String::new()
        } else {
            format!(r#" stroke-dasharray="{dash}""#)
        };
        let (line, endless) = match s.points.split_last() {
            Some((last, rest)) if last.0 == one => (rest, Some(last)),
            _ => (&s.points[..], None),
        };
        let pts: Vec<String> = line
            .iter()
            .map(|(p, v)| format!("{:.2},{:.2}", x(decimal(p)), y(decimal(v))))
            .collect();
        writeln!(
            out,
            r#"<polyline class="series" fill="none" stroke="{colour}" stroke-width="2"{dash} points="{}"><title>{}</title></polyline>"#,
            pts.join(" "),
            escape(&s.name)
        )
        .expect("string");
        if let Some((p, v)) = endless {
            writeln!(
                out,
                r#"<circle class="endless" cx="{:.2}" cy="{:.2}" r="3.5" fill="{colour}"><title>{} at p = 1: {}</title></circle>"#,
                x(decimal(p)),
                y(decimal(v)),
                escape(&s.name),
                fraction(v)
            )
            .expect("string");
        }
        let ly = top + 10.0 + LEGEND_LINE * (i % rows) as f64;
        let lx = left + pw + 16.0 + column_w * (i / rows) as f64;
        writeln!(
            out,
            r#"<line x1="{lx}" y1="{ly}" x2="{}" y2="{ly}" stroke="{colour}" stroke-width="2"{dash}/><text class="legend" x="{}" y="{}">{}</text>"#,
            lx + 24.0,
            lx + 30.0,
            ly + 4.0,
            escape(&s.name)
        )
        .expect("string");
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_is_exact_and_even() {
        let g = grid(
            &Value::from_integer(0.into()),
            &Value::from_integer(1.into()),
            3,
        );
        let s: Vec<String> = g.iter().map(fraction).collect();
        assert_eq!(s, ["0", "1/3", "2/3", "1"]);
    }

    #[test]
    fn the_legend_wraps_into_columns() {
        let (zero, one) = (Value::from_integer(0.into()), Value::from_integer(1.into()));
        let series: Vec<Series> = (0..40)
            .map(|i| Series {
                name: format!("problem-{i}"),
                points: vec![(zero.clone(), one.clone()), (one.clone(), zero.clone())],
            })
            .collect();
        let chart = svg(&series);
        let doc = roxmltree::Document::parse(&chart).unwrap();
        let size = |a: &str| {
            doc.root_element()
                .attribute(a)
                .unwrap()
                .parse::<f64>()
                .unwrap()
        };
        let (w, h) = (size("width"), size("height"));
        let mut columns = Vec::new();
        for n in doc
            .descendants()
            .filter(|n| n.attribute("class") == Some("legend"))
        {
            let at = |a: &str| n.attribute(a).unwrap().parse::<f64>().unwrap();
            let (x, y) = (at("x"), at("y"));
            // The name (7 px a character at most) ends inside the picture.
            assert!(
                x + 7.0 * 10.0 <= w && y <= h,
                "legend at ({x}, {y}) in {w} x {h}"
            );
            if !columns.contains(&x) {
                columns.push(x);
            }
        }
        assert_eq!(columns.len(), 3);
    }
}
