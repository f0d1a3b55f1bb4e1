//! `lifedeg bench`: time, states, throughput and memory for each problem of a set.
//!
//! Each problem's life degree is solved alone (no grades), through the library's
//! [`SolveRequest`] like any other solve. A problem stopped by a limit still gives a row: the
//! work done until then, a lower bound on what the whole answer needs. [`svg`] charts the
//! proofs' sizes against the fight's empty points, one line per family of files (`corner-08`,
//! `corner-12`… are the family `corner`).
//!
//! Memory is measured by the binary's counting allocator ([`super::memory`]): the peak of
//! live heap bytes while one problem is solved.

use super::memory;
use lifedeg::chart::{Axis, Chart, Line, Mark, Note};
use lifedeg::table::{Align, Style, Table};
use lifedeg::{Detail, Error, SolveError, SolveRequest, Value};
use serde::Serialize;
use std::path::Path;
use std::time::Instant;

/// One problem's measurements.
#[derive(Clone, Debug, Serialize)]
pub struct Row {
    pub file: String,
    /// Empty points of the region at the start.
    pub empty_points: u32,
    pub states: usize,
    /// Positions the extreme games' proofs expanded.
    pub proof_positions: usize,
    /// Positions in the final proofs of the questions answered (0 when stopped).
    pub proof_size: usize,
    /// States ended because one move fixed their value (dominance pruning).
    pub dominated: usize,
    /// States left unexpanded by interval pruning.
    pub unexpanded: usize,
    pub chance_nodes: usize,
    pub largest_system: usize,
    /// The life degree, or the interval known when a limit stopped the build.
    pub life_degree: Known,
    /// The limit that stopped the build (then the counts are those reached, and the other
    /// counts and the solve are 0).
    pub stopped: Option<String>,
    pub build_ms: f64,
    pub solve_ms: f64,
    /// States built per second of graph building.
    pub states_per_sec: f64,
    /// Peak heap bytes above what was live before the problem.
    pub peak_bytes: usize,
    pub bytes_per_state: f64,
}

/// What is known of a problem's life degree: its value, or the interval a limit left.
#[derive(Clone, Debug)]
pub enum Known {
    Value(Value),
    Between(Value, Value),
}

impl std::fmt::Display for Known {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Known::Value(v) => write!(f, "{v}"),
            Known::Between(lo, hi) => write!(f, "[{lo}, {hi}]"),
        }
    }
}

impl Serialize for Known {
    /// As text: `2/3`, or `[0, 1/2]`.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// Measures one file with the request's parameters, budget and shortcuts.
pub fn measure(path: &Path, request: &SolveRequest) -> Result<Row, Error> {
    let request = request.clone().detail(Detail::Values);
    let problem = request.load(path)?;
    let file = path.display().to_string();
    let base = memory::reset_peak();
    let start = Instant::now();
    let solved = request.solve_problem(&problem);
    let peak = memory::peak_bytes().saturating_sub(base);
    let solution = match solved {
        Ok(solution) => solution,
        Err(SolveError::Stopped { stopped: s, .. }) => {
            let build = start.elapsed().as_secs_f64();
            let (lo, hi) = s.life_degree_bounds(request.params().first_prob());
            return Ok(Row {
                file,
                empty_points: s.empty_points,
                states: s.states,
                proof_positions: s.proof_positions,
                proof_size: 0,
                dominated: 0,
                unexpanded: 0,
                chance_nodes: 0,
                largest_system: 0,
                life_degree: Known::Between(lo, hi),
                stopped: Some(s.limit.to_string()),
                build_ms: build * 1e3,
                solve_ms: 0.0,
                states_per_sec: s.states as f64 / build.max(1e-9),
                peak_bytes: peak,
                bytes_per_state: peak as f64 / s.states.max(1) as f64,
            });
        }
        Err(source) => return Err(Error::Solve { file, source }),
    };
    let stats = &solution.stats;
    let build = stats.build_time.as_secs_f64();
    Ok(Row {
        file,
        empty_points: stats.empty_points,
        states: stats.states,
        proof_positions: stats.proof_positions,
        proof_size: stats.proof_size,
        dominated: stats.dominated,
        unexpanded: stats.unexpanded,
        chance_nodes: stats.chance_nodes,
        largest_system: stats.largest_system,
        life_degree: Known::Value(solution.answer.value.clone()),
        stopped: None,
        build_ms: build * 1e3,
        solve_ms: stats.solve_time.as_secs_f64() * 1e3,
        states_per_sec: stats.states as f64 / build.max(1e-9),
        peak_bytes: peak,
        bytes_per_state: peak as f64 / stats.states.max(1) as f64,
    })
}

/// The rows as a Markdown table, with the growth exponent fitted over the rows solved. A row
/// stopped by a limit shows the counts it reached as lower bounds (`≥`).
pub fn table(rows: &[Row]) -> String {
    let header = [
        "file",
        "empty",
        "proof positions",
        "in the proof",
        "overhead",
        "states",
        "dominated",
        "unexpanded",
        "chance",
        "system",
        "value",
        "build ms",
        "solve ms",
        "states/s",
        "peak MB",
        "B/state",
    ];
    let mut table = Table::new(header)
        .aligned_from(1, Align::Right)
        .aligned(10, Align::Left);
    for r in rows {
        let (at_least, value) = match &r.stopped {
            Some(limit) => ("≥ ", format!("in {}, stopped at {limit}", r.life_degree)),
            None => ("", r.life_degree.to_string()),
        };
        table.row([
            r.file.clone(),
            r.empty_points.to_string(),
            format!("{at_least}{}", r.proof_positions),
            r.proof_size.to_string(),
            overhead(r),
            format!("{at_least}{}", r.states),
            r.dominated.to_string(),
            r.unexpanded.to_string(),
            r.chance_nodes.to_string(),
            r.largest_system.to_string(),
            value,
            format!("{:.1}", r.build_ms),
            format!("{:.1}", r.solve_ms),
            format!("{:.2e}", r.states_per_sec),
            format!("{:.1}", r.peak_bytes as f64 / 1e6),
            format!("{:.0}", r.bytes_per_state),
        ]);
    }
    let mut out = table.render(Style::Markdown);
    if let Some(base) = growth_base(rows) {
        out.push_str(&format!(
            "\nstates grow like {base:.2}^(empty points) over the rows solved (least squares on log states)\n"
        ));
    }
    out
}

/// The search overhead: positions searched for each position of the final proof (blank
/// without a proof).
fn overhead(r: &Row) -> String {
    if r.proof_size == 0 {
        return String::new();
    }
    format!("{:.1}", r.proof_positions as f64 / r.proof_size as f64)
}

/// The family of a file: its name without the extension and a trailing `-NN`
/// (`scaling/corner-20.sgf` is `corner`).
fn family(file: &str) -> &str {
    let name = Path::new(file)
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or(file);
    match name.rsplit_once('-') {
        Some((family, n)) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => family,
        _ => name,
    }
}

/// A chart of the proofs' sizes: proof positions (a logarithmic scale) against the fight's
/// empty points, a line through each family's problems solved, a hollow dot for a problem
/// stopped by a limit (what it reached: a lower bound) and a note where those begin. Rows
/// with no proof position are left out.
pub fn svg(rows: &[Row]) -> String {
    let shown: Vec<&Row> = rows.iter().filter(|r| r.proof_positions > 0).collect();
    let mut families: Vec<&str> = Vec::new();
    for r in &shown {
        if !families.contains(&family(&r.file)) {
            families.push(family(&r.file));
        }
    }
    let lines = families
        .iter()
        .map(|&name| {
            let mut own: Vec<&Row> = shown
                .iter()
                .copied()
                .filter(|r| family(&r.file) == name)
                .collect();
            own.sort_by_key(|r| r.empty_points);
            let at = |r: &Row| (r.empty_points as f64, r.proof_positions as f64);
            Line {
                name: name.to_string(),
                points: own
                    .iter()
                    .filter(|r| r.stopped.is_none())
                    .map(|r| at(r))
                    .collect(),
                marks: own
                    .iter()
                    .map(|r| match &r.stopped {
                        None => Mark {
                            at: at(r),
                            filled: true,
                            class: "solved",
                            title: format!("{}: {} proof positions", r.file, r.proof_positions),
                        },
                        Some(limit) => Mark {
                            at: at(r),
                            filled: false,
                            class: "stopped",
                            title: format!(
                                "{}: stopped at {limit} after {} proof positions",
                                r.file, r.proof_positions
                            ),
                        },
                    })
                    .collect(),
            }
        })
        .collect();
    let (lo_x, hi_x) = shown.iter().fold((u32::MAX, 0), |(lo, hi), r| {
        (lo.min(r.empty_points), hi.max(r.empty_points))
    });
    let (lo_x, hi_x) = if shown.is_empty() {
        (0, 1)
    } else {
        (lo_x, hi_x.max(lo_x + 1))
    };
    let step = (hi_x - lo_x).div_ceil(8).max(1);
    let max = shown.iter().map(|r| r.proof_positions).max().unwrap_or(1);
    let min = shown.iter().map(|r| r.proof_positions).min().unwrap_or(1);
    // Whole decades: 10^lo to 10^hi.
    let decade = |n: usize| (n as f64).log10();
    let (lo_y, hi_y) = (decade(min).floor() as i32, decade(max).ceil() as i32);
    let hi_y = hi_y.max(lo_y + 1);
    Chart {
        title: "Proof positions against empty points".to_string(),
        x: Axis {
            label: "empty points of the fight".to_string(),
            lo: lo_x as f64,
            hi: hi_x as f64,
            ticks: (lo_x..=hi_x)
                .step_by(step as usize)
                .map(|n| (n as f64, n.to_string()))
                .collect(),
            log: false,
        },
        y: Axis {
            label: "proof positions".to_string(),
            lo: 10f64.powi(lo_y),
            hi: 10f64.powi(hi_y),
            ticks: (lo_y..=hi_y)
                .map(|k| (10f64.powi(k), power_of_ten(k)))
                .collect(),
            log: true,
        },
        lines,
        // Where the limits start to stop problems, said once for the hollow marks.
        note: shown
            .iter()
            .filter(|r| r.stopped.is_some())
            .map(|r| r.empty_points)
            .min()
            .map(|x| Note {
                x: x as f64,
                text: "hollow: stopped by a limit (a lower bound)".to_string(),
                class: "stopped-note",
            }),
    }
    .svg()
}

/// 10^k as people write it: 1, 10, 100, 1 k … 100 M, 1 G, then 10^k.
fn power_of_ten(k: i32) -> String {
    match k {
        0..=2 => 10u32.pow(k as u32).to_string(),
        3..=5 => format!("{} k", 10u32.pow(k as u32 - 3)),
        6..=8 => format!("{} M", 10u32.pow(k as u32 - 6)),
        9..=11 => format!("{} G", 10u32.pow(k as u32 - 9)),
        _ => format!("10^{k}"),
    }
}

/// The base `b` of the fit `states ≈ c·b^empty` over rows with distinct sizes.
pub fn growth_base(rows: &[Row]) -> Option<f64> {
    let pts: Vec<(f64, f64)> = rows
        .iter()
        .filter(|r| r.states > 0 && r.stopped.is_none())
        .map(|r| (r.empty_points as f64, (r.states as f64).ln()))
        .collect();
    let n = pts.len() as f64;
    let mx = pts.iter().map(|p| p.0).sum::<f64>() / n;
    let my = pts.iter().map(|p| p.1).sum::<f64>() / n;
    let sxx: f64 = pts.iter().map(|p| (p.0 - mx).powi(2)).sum();
    let sxy: f64 = pts.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    (pts.len() >= 2 && sxx > 0.0).then(|| (sxy / sxx).exp())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    #[test]
    fn bench_rows_chart_the_proofs_and_mark_the_stopped() {
        let corner = |n: u32| PathBuf::from(format!("problems/scaling/corner-{n:02}.sgf"));
        let request = SolveRequest::new();
        let mut rows = vec![
            measure(&corner(8), &request).unwrap(),
            measure(&corner(12), &request).unwrap(),
        ];
        // A state limit stops corner-16's build: its row keeps the work done, as lower bounds.
        let tight = request.budget(lifedeg::Budget::default().max_states(20));
        rows.push(measure(&corner(16), &tight).unwrap());
        assert_eq!(
            rows.iter().map(|r| r.stopped.is_some()).collect::<Vec<_>>(),
            [false, false, true]
        );
        assert_eq!(rows[0].life_degree.to_string(), "1");
        let stopped = rows[2].life_degree.to_string();
        assert!(stopped.starts_with('['), "{stopped}");
        assert!(rows.iter().all(|r| r.proof_positions > 0));
        // The solved rows' final proofs are counted, the stopped row's are not.
        assert!(rows[..2].iter().all(|r| r.proof_size > 0));
        assert_eq!(rows[2].proof_size, 0);
        let at_least = format!(" ≥ {} |", rows[2].proof_positions);
        assert!(table(&rows).contains(&at_least), "{}", table(&rows));
        let chart = svg(&rows);
        let doc = roxmltree::Document::parse(&chart).unwrap();
        let class = |c: &str| {
            doc.descendants()
                .filter(|n| n.attribute("class") == Some(c))
                .collect::<Vec<_>>()
        };
        // One family, its line through the two solved, a hollow dot for the stopped one.
        assert_eq!(class("series").len(), 1);
        assert_eq!(
            class("series")[0]
                .attribute("points")
                .unwrap()
                .split(' ')
                .count(),
            2
        );
        assert_eq!(class("solved").len(), 2);
        assert_eq!(class("stopped").len(), 1);
        assert_eq!(class("stopped")[0].attribute("fill"), Some("white"));
        assert_eq!(class("stopped-note").len(), 1);
        let legend: Vec<&str> = class("legend").iter().filter_map(|n| n.text()).collect();
        assert_eq!(legend, ["corner"]);
        // The logarithmic axis has a tick at each power of ten, up to one above the largest.
        let labels: Vec<&str> = doc
            .descendants()
            .filter(|n| n.has_tag_name("text"))
            .filter_map(|n| n.text())
            .collect();
        assert!(labels.contains(&"10 k"), "{labels:?}");
    }

    #[test]
    fn families_and_decades() {
        assert_eq!(family("problems/scaling/corner-20.sgf"), "corner");
        assert_eq!(family("crowded-22.sgf"), "crowded");
        assert_eq!(family("problems/yose-ko.sgf"), "yose-ko");
        assert_eq!(family("ko-.sgf"), "ko-");
        let names: Vec<String> = [0, 2, 3, 5, 6, 9, 12].map(power_of_ten).to_vec();
        assert_eq!(names, ["1", "100", "1 k", "100 k", "1 M", "1 G", "10^12"]);
    }
}
