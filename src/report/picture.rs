//! Pictures of problems and answers, on the board's real geometry (any graph), drawn with
//! [`svg::Picture`](crate::go::svg::Picture).

use crate::go::graph::Graph;
use crate::go::rules::Color;
use crate::go::svg::{Mark, Picture};
use crate::problem::Problem;
use crate::report::fraction;
use crate::solve::degree::{FirstMove, LifeDegree, MoveValue, Opening};
use std::path::{Path, PathBuf};

/// Light blue under the region's points: where the fight is played. Opaque, so that a
/// value's backdrop matches it.
const REGION: &str = "#a9c6ea";

/// The problem as set: stones, the target marked, the region shaded.
fn problem_picture(problem: &Problem) -> Picture<'_> {
    let g = problem.graph();
    let mut pic = Picture::new(g);
    for p in g.points() {
        if let Some(c) = problem.stone(p) {
            pic.stone(p, c);
        }
    }
    for &p in problem.region() {
        pic.shade(p, REGION);
    }
    for &p in problem.target() {
        pic.mark(p, Mark::Target);
    }
    pic
}

/// The area the fight is played in: the problem with its region shaded and the target
/// marked, titled with how the region was found.
pub fn svg_region(problem: &Problem) -> String {
    let mut pic = problem_picture(problem);
    pic.title(format!(
        "region: {} points ({})",
        problem.region().len(),
        problem.region_source().describe()
    ));
    pic.render()
}

/// One picture per side to move first, Black's then White's: the problem with every legal
/// first move's life degree written on its point and the best moves ringed. The title gives
/// the side's value, the value of passing, and the life degree.
pub fn svg_openings(problem: &Problem, answer: &LifeDegree) -> Vec<(Color, String)> {
    [&answer.black_first, &answer.white_first]
        .into_iter()
        .map(|o| (o.side, opening_svg(problem, answer, o)))
        .collect()
}

fn opening_svg(problem: &Problem, answer: &LifeDegree, o: &Opening) -> String {
    let mut pic = problem_picture(problem);
    let mut pass = None;
    for m in &o.moves {
        let v = &m.value;
        match m.first {
            FirstMove::Play(p) => {
                // A word does not fit on a point.
                let label = match v {
                    MoveValue::Undecided => "…".to_string(),
                    v => v.to_string(),
                };
                pic.label(p, label).note(p, m.grade.to_string());
                if v.exact() == Some(&o.value) {
                    pic.mark(p, Mark::Ring);
                }
            }
            FirstMove::Pass => pass = Some(m),
        }
    }
    let mut title = format!("{} first: {}", o.side.title(), fraction(&o.value));
    if let Some(m) = pass {
        let best = if m.value.exact() == Some(&o.value) {
            " (best)"
        } else {
            ""
        };
        title.push_str(&format!(" · pass {} {}{best}", m.value, m.grade));
    }
    title.push_str(&format!(" · life degree {}", fraction(&answer.value)));
    pic.title(title);
    pic.render()
}

/// A board with every point's name written on it, for writing problems by hand.
pub fn svg_names(graph: &Graph) -> String {
    let mut pic = Picture::new(graph);
    for p in graph.points() {
        pic.label(p, graph.label(p));
    }
    pic.render()
}

/// Where the picture for `side` goes: `OUT` with `-black` or `-white` before its extension
/// (`ko.svg` → `ko-black.svg`).
pub fn side_path(out: &Path, side: Color) -> PathBuf {
    let stem = out
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let ext = out
        .extension()
        .map_or_else(|| "svg".to_string(), |e| e.to_string_lossy().into_owned());
    out.with_file_name(format!("{stem}-{}.{ext}", side.name()))
}

/// Writes [`svg_openings`] next to `out` (see [`side_path`]); returns the files written.
pub fn write_openings(
    out: &Path,
    problem: &Problem,
    answer: &LifeDegree,
) -> std::io::Result<Vec<PathBuf>> {
    svg_openings(problem, answer)
        .into_iter()
        .map(|(side, svg)| {
            let path = side_path(out, side);
            std::fs::write(&path, svg)?;
            Ok(path)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn side_paths_insert_the_colour() {
        assert_eq!(
            side_path(Path::new("out/ko.svg"), Color::Black),
            PathBuf::from("out/ko-black.svg")
        );
        assert_eq!(
            side_path(Path::new("ko"), Color::White),
            PathBuf::from("ko-white.svg")
        );
    }
}
