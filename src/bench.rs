//! Benchmarks: time, states, throughput and memory for each problem of a set.
//!
//! Memory is measured by [`crate::solve::watch::CountingAlloc`], which the `lifedeg` binary installs
//! as its global allocator: the peak of live heap bytes while one problem is solved.

use crate::problem::TargetChoice;
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
    pub life_degree: String,
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
    let graph = GameGraph::build_for(&local, &limits.for_params(params), params).map_err(|e| {
        fail(crate::solve::degree::SolveError::stopped(
            e,
            params,
            problem.graph(),
        ))
    })?;
    let build = t0.elapsed().as_secs_f64();
    let t1 = Instant::now();
    let solution = solve(&graph, problem.defender(), params).map_err(|e| fail(e.into()))?;
    let solve_time = t1.elapsed().as_secs_f64();
    let peak = crate::solve::watch::peak_bytes().saturating_sub(base);
    let states = graph.len() - 2;
    let [b, w] = graph.roots.map(|r| solution.value(r).clone());
    let q = &params.first_prob;
    let value = q * b + (crate::solve::model::Value::from_integer(1.into()) - q) * w;
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
        build_ms: build * 1e3,
        solve_ms: solve_time * 1e3,
        states_per_sec: states as f64 / build.max(1e-9),
        peak_bytes: peak,
        bytes_per_state: peak as f64 / states.max(1) as f64,
    })
}

/// The rows as a Markdown table, with the growth exponent fitted over the rows.
pub fn table(rows: &[Row]) -> String {
    let mut out = String::from(
        "| file | empty | proof positions | states | dominated | unexpanded | chance | system | value | build ms | solve ms | states/s | peak MB | B/state |\n|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|\n",
    );
    for r in rows {
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {:.1} | {:.1} | {:.2e} | {:.1} | {:.0} |\n",
            r.file,
            r.empty_points,
            r.proof_positions,
            r.states,
            r.dominated,
            r.unexpanded,
            r.chance_nodes,
            r.largest_system,
            r.life_degree,
            r.build_ms,
            r.solve_ms,
            r.states_per_sec,
            r.peak_bytes as f64 / 1e6,
            r.bytes_per_state
        ));
    }
    if let Some(base) = growth_base(rows) {
        out.push_str(&format!(
            "\nstates grow like {base:.2}^(empty points) over these rows (least squares on log states)\n"
        ));
    }
    out
}

/// The base `b` of the fit `states ≈ c·b^empty` over rows with distinct sizes.
pub fn growth_base(rows: &[Row]) -> Option<f64> {
    let pts: Vec<(f64, f64)> = rows
        .iter()
        .filter(|r| r.states > 0)
        .map(|r| (r.empty_points as f64, (r.states as f64).ln()))
        .collect();
    let n = pts.len() as f64;
    let mx = pts.iter().map(|p| p.0).sum::<f64>() / n;
    let my = pts.iter().map(|p| p.1).sum::<f64>() / n;
    let sxx: f64 = pts.iter().map(|p| (p.0 - mx).powi(2)).sum();
    let sxy: f64 = pts.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    (pts.len() >= 2 && sxx > 0.0).then(|| (sxy / sxx).exp())
}
