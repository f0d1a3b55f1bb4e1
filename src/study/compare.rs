//! Problems side by side: one row per problem, the strongest life first.

use crate::go::graph::Graph;
use crate::report::table::{Style, Table};
use crate::report::{decimal, fraction};
use crate::request::{Error, Solution, SolveRequest};
use crate::solve::answer::Opening;
use crate::solve::model::Value;
use rayon::prelude::*;
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// One problem's row.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct Row {
    /// The file name without its extension.
    pub name: String,
    /// What the problem's comment says it is (see [`kind`]).
    pub kind: String,
    pub life_degree: String,
    pub approx: f64,
    pub black_first: String,
    pub white_first: String,
    /// The threats each side needs when it moves first (`l`, `d`, `l1d`…: see
    /// docs/grades.md).
    pub grade_black: String,
    pub grade_white: String,
    /// Best first moves, space separated (`C3` style, `pass`).
    pub best_black: String,
    pub best_white: String,
    pub states: usize,
    #[serde(skip)]
    value: Value,
}

/// The kind of ko or shape a problem's root comment names: its first line, without a leading
/// `Kind:` label, up to the first `:` ("Direct ko: Black connects…" → "Direct ko").
pub fn kind(comment: Option<&str>) -> String {
    let first = comment.and_then(|c| c.lines().next()).unwrap_or("").trim();
    let first = &crate::problem::printable(first);
    let first = match first.split_once(':') {
        Some((label, rest)) if label.trim().eq_ignore_ascii_case("kind") => rest,
        _ => first,
    };
    first.split(':').next().unwrap_or("").trim().to_string()
}

fn best(g: &Graph, o: &Opening) -> String {
    o.best().map(|m| m.label(g)).collect::<Vec<_>>().join(" ")
}

impl Row {
    pub fn new(path: &Path, solution: &Solution) -> Row {
        let (problem, answer) = (&solution.problem, &solution.answer);
        let g = problem.graph();
        Row {
            name: path.file_stem().map_or_else(
                || path.display().to_string(),
                |s| s.to_string_lossy().into_owned(),
            ),
            kind: kind(problem.comment()),
            life_degree: fraction(&answer.value),
            approx: decimal(&answer.value),
            black_first: fraction(&answer.black_first.value),
            white_first: fraction(&answer.white_first.value),
            grade_black: answer.black_first.grade.to_string(),
            grade_white: answer.white_first.grade.to_string(),
            best_black: best(g, &answer.black_first),
            best_white: best(g, &answer.white_first),
            states: solution.stats.states,
            value: answer.value.clone(),
        }
    }
}

/// Solves the files in parallel. Returns the rows, by life degree (highest first, ties by
/// name), and the files that failed, in the order given. `on_done` is called as each file
/// finishes.
pub fn compare(
    files: &[PathBuf],
    request: &SolveRequest,
    on_done: &(dyn Fn() + Sync),
) -> (Vec<Row>, Vec<Error>) {
    let results: Vec<Result<Row, Error>> = files
        .par_iter()
        .map(|path| {
            let solved = request.solve_file(path);
            on_done();
            solved.map(|solution| Row::new(path, &solution))
        })
        .collect();
    let (mut rows, mut errors) = (Vec::new(), Vec::new());
    for r in results {
        match r {
            Ok(row) => rows.push(row),
            Err(e) => errors.push(e),
        }
    }
    rows.sort_by(|a, b| b.value.cmp(&a.value).then_with(|| a.name.cmp(&b.name)));
    (rows, errors)
}

/// How to print the rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Table,
    Markdown,
    Csv,
    Json,
}

/// Why a text names no format.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a format (table, markdown, csv, json)")]
pub struct FormatError(String);

impl FromStr for Format {
    type Err = FormatError;
    fn from_str(s: &str) -> Result<Format, FormatError> {
        match s {
            "table" => Ok(Format::Table),
            "markdown" | "md" => Ok(Format::Markdown),
            "csv" => Ok(Format::Csv),
            "json" => Ok(Format::Json),
            _ => Err(FormatError(s.to_string())),
        }
    }
}

const HEADERS: [&str; 11] = [
    "problem",
    "kind",
    "life degree",
    "approx",
    "Black first",
    "White first",
    "grade (Black)",
    "grade (White)",
    "best (Black)",
    "best (White)",
    "states",
];

fn cells(r: &Row) -> [String; 11] {
    [
        r.name.clone(),
        r.kind.clone(),
        r.life_degree.clone(),
        format!("{:.3}", r.approx),
        r.black_first.clone(),
        r.white_first.clone(),
        r.grade_black.clone(),
        r.grade_white.clone(),
        r.best_black.clone(),
        r.best_white.clone(),
        r.states.to_string(),
    ]
}

/// The rows as a text table, one column per header.
fn table(rows: &[Row]) -> Table {
    let mut table = Table::new(HEADERS);
    for r in rows {
        table.row(cells(r));
    }
    table
}

/// The rows in a format.
pub fn render(rows: &[Row], format: Format) -> String {
    match format {
        Format::Table => table(rows).render(Style::Ruled),
        Format::Markdown => table(rows).render(Style::Markdown),
        Format::Csv => {
            let mut w = csv::Writer::from_writer(Vec::new());
            for r in rows {
                w.serialize(r).expect("rows serialise");
            }
            String::from_utf8(w.into_inner().expect("in memory")).expect("utf-8")
        }
        Format::Json => {
            let mut s = serde_json::to_string_pretty(rows).expect("rows serialise");
            s.push('\n');
            s
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_from_comments() {
        assert_eq!(
            kind(Some("Direct ko: Black connects and lives")),
            "Direct ko"
        );
        assert_eq!(
            kind(Some("Kind: approach ko: one move\nmore")),
            "approach ko"
        );
        assert_eq!(
            kind(Some("Straight three\nBlack to play")),
            "Straight three"
        );
        assert_eq!(kind(None), "");
    }
}
