//! Pictures of problems and answers, on the board's real geometry (any graph), drawn with
//! [`svg::Picture`](crate::report::svg::Picture).

use crate::go::graph::Graph;
use crate::go::moves::Move;
use crate::go::rules::Color;
use crate::problem::Problem;
use crate::report::fraction;
use crate::report::svg::{Mark, Picture};
use crate::solve::answer::{Answer, MoveValue};
use std::path::{Path, PathBuf};

/// A light blue-grey under the region's points, where the fight is played: light enough
/// for the grid and the values to read through.
const REGION: &str = "#d3dce6";

/// The problem as set: stones, the target marked, the region shaded, cropped to the region
/// and the target.
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
    pic.focus(problem.region().iter().chain(problem.target()).copied());
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
    ))
    .caption("shaded: where the fight is played")
    .key(Mark::Target, "the target");
    pic.render()
}

/// One picture per side to move first, Black's then White's: the problem with every legal
/// first move's life degree written on its point and the best moves ringed. The title gives
/// the side's value, the value of passing, and the life degree.
pub fn svg_openings(problem: &Problem, answer: &Answer) -> Vec<(Color, String)> {
    [&answer.black_first, &answer.white_first]
        .into_iter()
        .map(|o| (o.side, opening_picture(problem, answer, o.side).render()))
        .collect()
}

/// The picture of one side's first moves (see [`svg_openings`]), for drawing or for finding
/// where a point lands ([`Picture::centre`]).
pub fn opening_picture<'p>(problem: &'p Problem, answer: &Answer, side: Color) -> Picture<'p> {
    let o = match side {
        Color::Black => &answer.black_first,
        Color::White => &answer.white_first,
    };
    let mut pic = problem_picture(problem);
    let mut pass = None;
    let mut undecided = false;
    for m in &o.moves {
        let v = &m.value;
        match m.first {
            Move::Play(p) => {
                // A word does not fit on a point.
                let label = match v {
                    MoveValue::Undecided => {
                        undecided = true;
                        "…".to_string()
                    }
                    v => v.to_string(),
                };
                pic.label(p, label).note(p, m.grade.to_string());
                if v.exact() == Some(&o.value) {
                    pic.mark(p, Mark::Ring);
                }
            }
            Move::Pass => pass = Some(m),
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
    pic.title(title)
        .caption("numbers: the life degree after that first move (1 lives, 0 dies)")
        .key(Mark::Ring, "the best first moves")
        .caption(
            "beside each, its grade: l lives, d dies, l1d lives unless the attacker has 1 threat",
        );
    if undecided {
        pic.caption("…: undecided, a limit passed first");
    }
    pic.key(Mark::Target, "the target");
    pic
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
    suffixed(out, side.name())
}

/// `OUT` with `-suffix` before its extension (`svg` when it has none).
pub fn suffixed(out: &Path, suffix: &str) -> PathBuf {
    let stem = out
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let ext = out
        .extension()
        .map_or_else(|| "svg".to_string(), |e| e.to_string_lossy().into_owned());
    out.with_file_name(format!("{stem}-{suffix}.{ext}"))
}

/// Writes [`svg_openings`] next to `out` (see [`side_path`]); returns the files written.
pub fn write_openings(
    out: &Path,
    problem: &Problem,
    answer: &Answer,
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
