//! Checks of the internals against independent references: every static rule and every
//! shortcut against the plain search, invariants of solved graphs, the exact sweep against
//! pointwise solves. They read the library's internals, so they live inside it; `tests/` checks
//! the public API and the binary.

mod eye_sums;
mod eye_table;
mod graphs;
mod limits;
mod piecewise;
mod properties;
mod prover;
mod rules;
mod shortcuts;
mod statics;

use crate::problem::{Problem, Setup, TargetChoice};
use crate::request::SolveRequest;
use std::path::Path;

/// A library problem (a path from the crate's folder), as its file marks it.
fn load(file: &str) -> Problem {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    SolveRequest::new()
        .load(&path)
        .unwrap_or_else(|e| panic!("{e}"))
}

/// A problem on [`walled_setup`]: the target is the black group through `target`.
pub(super) fn walled_problem(area: [&str; 4], target: &str) -> Problem {
    walled_setup(area)
        .validate(&TargetChoice::At(target.parse().unwrap()))
        .expect("a valid problem")
}

/// The setup of a 5x4 corner area (rows of 5) walled in by White outside it, on a 7x6 board,
/// with open board beyond the wall; the region is the whole area, stones included.
pub(super) fn walled_setup<S: AsRef<str>>(area: [S; 4]) -> Setup {
    let mut rows: Vec<String> = area.iter().map(|r| format!("{}O.", r.as_ref())).collect();
    rows.push("OOOOOO.".into());
    rows.push(".......".into());
    let mut setup = Setup::from_diagram(&rows.iter().map(String::as_str).collect::<Vec<_>>());
    setup.region_marks = (0..20)
        .map(|i| setup.graph.at(i % 5, i / 5).expect("on the board"))
        .collect();
    setup
}
