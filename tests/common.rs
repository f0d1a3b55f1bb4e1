//! Shared by the test modules: where the problems are, how they are solved, and how the
//! `lifedeg` binary is run.
//!
//! The library's items that several modules use are imported here once, and the modules take
//! them from here (`use crate::common::{Model, Value}`): a path that moves in the library is
//! fixed in this one place.

pub use lifedeg::json::Record;
pub use lifedeg::sgf::read_game;
pub use lifedeg::{
    Answer, Budget, Color, Grade, Graph, Model, Move, Opening, Probability, Problem, RegionSource,
    Setup, Shortcuts, Solution, SolveRequest, TargetChoice, Value,
};

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub fn problems_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("problems")
}

/// Every problem file directly in problems/, sorted.
pub fn problem_files() -> Vec<PathBuf> {
    lifedeg::problem_files(&[problems_dir()]).expect("problems/ is readable")
}

/// Solves a file with the file's own target, failing the test with the tool's message.
pub fn solve(path: &Path, params: &Model) -> Solution {
    SolveRequest::new()
        .model(params.clone())
        .solve_file(path)
        .unwrap_or_else(|err| panic!("{err}"))
}

/// Loads a file's problem (its most plausible reading), failing the test with the message.
pub fn load(path: &Path) -> Problem {
    SolveRequest::new()
        .load(path)
        .unwrap_or_else(|err| panic!("{err}"))
}

/// Solves a checked problem as it is, failing the test with the message.
pub fn solve_problem(problem: &Problem, request: &SolveRequest) -> Solution {
    request
        .solve_problem(problem)
        .unwrap_or_else(|err| panic!("{err}"))
}

/// The `lifedeg` binary, to be given its arguments and run from the crate's folder (the
/// tests' relative paths, `problems/...` and `tests/data/...`, start there). For a run that
/// needs its standard streams set up; [`lifedeg`] runs it with the output captured.
pub fn command() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_lifedeg"));
    c.current_dir(env!("CARGO_MANIFEST_DIR"));
    c
}

/// Runs the binary with `args` to its end, standard output and error captured.
pub fn lifedeg<I, S>(args: I) -> Output
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    command().args(args).output().expect("the binary runs")
}

/// A run's standard output, which must be UTF-8.
pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("the standard output is UTF-8")
}

/// A run's standard error, which must be UTF-8.
pub fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("the standard error is UTF-8")
}

/// The output of a run that must succeed (its standard error is the failure's message).
pub fn ok_stdout(o: &Output) -> String {
    assert!(o.status.success(), "{}", stderr(o));
    stdout(o)
}

/// `text` with what differs between machines and runs replaced, so that a snapshot of it holds
/// everywhere: each `(path, name)` of `paths` (a temporary or scratch folder) by its name, and
/// the time a solve took, at the end of a report's counts line (`…, 12 ms`), by `[time]`.
pub fn machine_free(text: &str, paths: &[(&str, &str)]) -> String {
    let mut text = text.to_string();
    for (path, name) in paths {
        text = text.replace(path, name);
    }
    text.split_inclusive('\n')
        .map(|line| {
            let (body, end) = match line.strip_suffix('\n') {
                Some(body) => (body, "\n"),
                None => (line, ""),
            };
            match body
                .strip_suffix(" ms")
                .and_then(|head| head.rsplit_once(", "))
            {
                Some((head, n)) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => {
                    format!("{head}, [time] ms{end}")
                }
                _ => line.to_string(),
            }
        })
        .collect()
}
