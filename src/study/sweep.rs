//! The life degree across the threat probability (both sides' `p` together): sampled at
//! evenly spaced exact points, as a table, CSV or an SVG line chart.
//!
//! The value at p = 1 is a game of its own (every ko retaken forever, worth the no-result
//! value), so the chart ([`crate::report::chart`]) draws it as a dot apart from the line,
//! under a note that says so.

use crate::problem::Problem;
use crate::report::chart::{Axis, Chart, Line, Mark, Note};
use crate::report::table::{Style, Table};
use crate::report::{decimal, fraction};
use crate::request::SolveRequest;
use crate::solve::answer::undetermined;
use crate::solve::degree::SolveError;
use crate::solve::model::{Probability, Value};
use crate::solve::solver::solve;

/// One problem's life degree at each sampled `p`.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    pub name: String,
    /// `(p, life degree)`, `p` increasing.
    pub points: Vec<(Value, Value)>,
}

/// `steps + 1` evenly spaced exact points from `lo` to `hi`.
pub fn grid(lo: &Probability, hi: &Probability, steps: usize) -> Vec<Probability> {
    let n = Value::from_integer(steps.max(1).into());
    let (lo, hi) = (lo.value(), hi.value());
    (0..=steps.max(1))
        .map(|i| {
            let p = lo + (hi - lo) * Value::from_integer(i.into()) / &n;
            Probability::new(p).expect("a point between two probabilities is one")
        })
        .collect()
}

/// The life degree at each `p` of `ps`, both sides' threat probability set to `p`; the graph
/// is built once. `on_step` is called after each solve.
pub fn sweep(
    name: &str,
    problem: &Problem,
    request: &SolveRequest,
    ps: &[Probability],
    on_step: &dyn Fn(),
) -> Result<Series, SolveError> {
    let params = request.params();
    let graph = request.graph_for_every_param(problem)?;
    let mut points = Vec::with_capacity(ps.len());
    for p in ps {
        let params = params.clone().with_threat_prob(p.clone());
        let solution = solve(&graph, problem.defender(), &params)?;
        let [b, w] = graph.roots.map(|r| solution.value(r));
        points.push((p.value().clone(), undetermined(params.first_prob(), b, w)));
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
    let mut table = Table::new(header);
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
        table.row(row);
    }
    table.render(Style::Plain)
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

/// A line chart: `p` across, life degree (0 to 1) up, one line per problem, ticks, a grid and
/// a legend. A sample at p = 1 (every ko endless) is a dot apart from its line, under a note.
pub fn svg(series: &[Series]) -> String {
    let first = series.first().map_or(&[][..], |s| &s.points);
    let lo = first.first().map_or(0.0, |(p, _)| decimal(p));
    let hi = first.last().map_or(1.0, |(p, _)| decimal(p));
    let one = Value::from_integer(1.into());
    let span = if hi > lo { hi - lo } else { 1.0 };
    let lines = series
        .iter()
        .map(|s| {
            let (line, endless) = match s.points.split_last() {
                Some((last, rest)) if last.0 == one => (rest, Some(last)),
                _ => (&s.points[..], None),
            };
            Line {
                name: s.name.clone(),
                points: line.iter().map(|(p, v)| (decimal(p), decimal(v))).collect(),
                marks: endless
                    .map(|(p, v)| Mark {
                        at: (decimal(p), decimal(v)),
                        filled: true,
                        class: "endless",
                        title: format!("{} at p = 1: {}", s.name, fraction(v)),
                    })
                    .into_iter()
                    .collect(),
            }
        })
        .collect();
    Chart {
        title: "Life degree against the threat probability".to_string(),
        // Fifths of the p range, tenths of the value.
        x: Axis {
            label: "threat probability p (both sides)".to_string(),
            lo,
            hi: lo + span,
            ticks: (0..=5)
                .map(|i| lo + span * i as f64 / 5.0)
                .map(|p| (p, format!("{p:.2}")))
                .collect(),
            log: false,
        },
        y: Axis {
            label: "life degree".to_string(),
            lo: 0.0,
            hi: 1.0,
            ticks: (0..=10)
                .map(|i| i as f64 / 10.0)
                .map(|v| (v, format!("{v:.1}")))
                .collect(),
            log: false,
        },
        lines,
        note: first.last().filter(|(p, _)| *p == one).map(|_| Note {
            x: 1.0,
            text: "dots at p = 1: every ko endless, the no-result value".to_string(),
            class: "endless-note",
        }),
    }
    .svg()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_is_exact_and_even() {
        let g = grid(&Probability::zero(), &Probability::one(), 3);
        let s: Vec<String> = g.iter().map(|p| fraction(p.value())).collect();
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
