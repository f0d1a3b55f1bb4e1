//! Benchmarks: time, states, throughput and memory for each problem of a set.
//!
//! A problem stopped by a limit still gives a row: the work done until then, a lower bound on
//! what the whole answer needs. [`svg`] charts the proofs' sizes against the fight's empty
//! points, one line per family of files (`corner-08`, `corner-12`… are the family `corner`).
//!
//! Memory is measured by [`crate::solve::watch::CountingAlloc`], which the `lifedeg` binary installs
//! as its global allocator: the peak of live heap bytes while one problem is solved.

use crate::problem::TargetChoice;
use crate::report::chart::{Axis, Chart, Line, Mark, Note};
use crate::solve::degree::{stopped_bounds, undetermined};
use crate::solve::graph::GameGraph;
use crate::solve::limits::Limits;
use crate::solve::model::Model;
use crate::solve::solver::solve;
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
    /// States ended because one move fixed their value (dominance pruning).
    pub dominated: usize,
    /// States left unexpanded by interval pruning.
    pub unexpanded: usize,
    pub chance_nodes: usize,
    pub largest_system: usize,
    /// The life degree, or the interval known when a limit stopped the build.
    pub life_degree: String,
    /// The limit that stopped the build (then the counts are those reached, and the other
    /// counts and the solve are 0).
    pub stopped: Option<String>,
    pub build_ms: f64,
    pub solve_ms: f64,
    /// States built per second of graph building.
    pub states_per_sec: f64,
    /// Peak heap bytes above what was live before the problem (0 if the counter is absent).
    pub peak_bytes: usize,
    pub bytes_per_state: f64,
}

/// Measures one file; errors are the library's usual ones.
pub fn measure(
    path: &Path,
    params: &Model,
    limits: &Limits,
) -> Result<Row, crate::readings::Error> {
    let problem = crate::analysis::load::load(path, &TargetChoice::FromFile)?;
    let file = path.display().to_string();
    let fail = |source: crate::solve::degree::SolveError| crate::readings::Error::Solve {
        file: file.clone(),
        source,
    };
    let base = crate::solve::watch::reset_peak();
    let local = problem.arena().map_err(|e| fail(e.into()))?;
    let t0 = Instant::now();
    let built = GameGraph::build_for(&local, &limits.for_params(params), params);
    let build = t0.elapsed().as_secs_f64();
    let graph = match built {
        Ok(graph) => graph,
        Err(s) => {
            let (lo, hi) = stopped_bounds(&s, &params.first_prob);
            let peak = crate::solve::watch::peak_bytes().saturating_sub(base);
            return Ok(Row {
                file,
                empty_points: s.empty_points,
                states: s.states,
                proof_positions: s.proof_positions,
                dominated: 0,
                unexpanded: 0,
                chance_nodes: 0,
                largest_system: 0,
                life_degree: format!("[{lo}, {hi}]"),
                stopped: Some(s.limit.to_string()),
                build_ms: build * 1e3,
                solve_ms: 0.0,
                states_per_sec: s.states as f64 / build.max(1e-9),
                peak_bytes: peak,
                bytes_per_state: peak as f64 / s.states.max(1) as f64,
            });
        }
    };
    let t1 = Instant::now();
    let solution = solve(&graph, problem.defender(), params).map_err(|e| fail(e.into()))?;
    let solve_time = t1.elapsed().as_secs_f64();
    let peak = crate::solve::watch::peak_bytes().saturating_sub(base);
    let states = graph.len() - 2;
    let [b, w] = graph.roots.map(|r| solution.value(r).clone());
    let value = undetermined(&params.first_prob, &b, &w);
    Ok(Row {
        file,
        empty_points: (local.arena.playable & !local.start.occupied()).count_ones(),
        states,
        proof_positions: graph.proof_positions,
        dominated: graph.dominated,
        unexpanded: graph.unexpanded.len(),
        chance_nodes: graph.chance_nodes(),
        largest_system: solution.largest_system,
        life_degree: value.to_string(),
        stopped: None,
        build_ms: build * 1e3,
        solve_ms: solve_time * 1e3,
        states_per_sec: states as f64 / build.max(1e-9),
        peak_bytes: peak,
        bytes_per_state: peak as f64 / states.max(1) as f64,
    })
}

/// The rows as a Markdown table, with the growth exponent fitted over the rows solved. A row
/// stopped by a limit shows the counts it reached as lower bounds (`≥`).
pub fn table(rows: &[Row]) -> String {
    let mut out = String::from(
        "| file | empty | proof positions | states | dominated | unexpanded | chance | system | value | build ms | solve ms | states/s | peak MB | B/state |\n|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|\n",
    );
    for r in rows {
        let (at_least, value) = match &r.stopped {
            Some(limit) => ("≥ ", format!("in {}, stopped at {limit}", r.life_degree)),
            None => ("", r.life_degree.clone()),
        };
        out.push_str(&format!(
            "| {} | {} | {at_least}{} | {at_least}{} | {} | {} | {} | {} | {} | {:.1} | {:.1} | {:.2e} | {:.1} | {:.0} |\n",
            r.file,
            r.empty_points,
            r.proof_positions,
            r.states,
            r.dominated,
            r.unexpanded,
            r.chance_nodes,
            r.largest_system,
            value,
            r.build_ms,
            r.solve_ms,
            r.states_per_sec,
            r.peak_bytes as f64 / 1e6,
            r.bytes_per_state
        ));
    }
    if let Some(base) = growth_base(rows) {
        out.push_str(&format!(
            "\nstates grow like {base:.2}^(empty points) over the rows solved (least squares on log states)\n"
        ));
    }
    out
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
