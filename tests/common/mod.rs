//! Shared by the library tests: where the problems are and how they are solved.

use lifedeg::problem::{Problem, TargetChoice};
use lifedeg::solve::degree::LifeDegree;
use lifedeg::solve::limits::Limits;
use lifedeg::solve::model::Model;
use std::path::{Path, PathBuf};

pub fn problems_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("problems")
}

/// Every problem file directly in problems/, sorted.
pub fn problem_files() -> Vec<PathBuf> {
    lifedeg::problem_files(&[problems_dir()]).expect("problems/ is readable")
}

/// Solves a file with the file's own target, failing the test with the tool's message.
pub fn solve(path: &Path, params: &Model) -> (Problem, LifeDegree) {
    lifedeg::solve_file(
        path,
        &TargetChoice::FromFile,
        None,
        params,
        &Limits::default(),
    )
    .unwrap_or_else(|err| panic!("{err}"))
}
