//! The optimal lines as numbered diagrams, as books print solutions: the problem's position
//! with the moves of one line numbered 1, 2, 3 … on their points, and under it what the
//! numbers do not show: a move on a point already numbered ("3 at 1"), ko retakes and the
//! threat they need, captures, passes, and how the line ends.
//!
//! One diagram per line from a start to where it stops: a line splits where a side facing a
//! ko ban may have a threat or not, so each branch gets a diagram of its own, numbered again
//! from the start.

use super::{Branch, Lines, Next, Node, Start};
use crate::go::rules::Color;
use crate::problem::Problem;
use crate::report::fraction;
use crate::report::svg::{escape, Mark, Picture};
use num_traits::One;
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// The most diagrams drawn for one side: the first lines in the tree's order; the last one
/// drawn says how many more there are.
pub const MAX_DIAGRAMS: usize = 12;

/// The lines from a start to every place the tree stops, in the tree's order.
fn leaves(start: &Start) -> Vec<Vec<&Node>> {
    fn walk<'a>(node: &'a Node, path: &mut Vec<&'a Node>, out: &mut Vec<Vec<&'a Node>>) {
        path.push(node);
        match node.next.moves() {
            [] => out.push(path.clone()),
            replies => replies.iter().for_each(|n| walk(n, path, out)),
        }
        path.pop();
    }
    let mut out = Vec::new();
    for node in &start.moves {
        walk(node, &mut Vec::new(), &mut out);
    }
    out
}

/// The sentence under a diagram for the line's end, the last move being number `k`.
fn ending(last: &Node, k: usize) -> String {
    let value = fraction(&last.value);
    match &last.next {
        // The move's own note says what it captured.
        Next::Captured => "The target is captured: 0.".to_string(),
        Next::Lives => format!("After {k}, two passes in a row: the target lives: 1."),
        Next::Settled => format!(
            "After {k} the target {} (settled by static analysis or a proof).",
            if last.value.is_one() {
                "lives: 1"
            } else {
                "dies: 0"
            }
        ),
        Next::Repeats(0) => {
            format!("After {k} the start is back: the play goes round; life degree {value}.")
        }
        Next::Repeats(m) => format!(
            "After {k} the position after {m} is back: the play goes round; life degree {value}."
        ),
        _ => format!("Line cut after {k}: life degree {value}."),
    }
}

/// One line drawn: the picture and the notes under it.
fn diagram(problem: &Problem, line: &[&Node], title: String) -> String {
    let g = problem.graph();
    let mut pic = Picture::new(g);
    for p in g.points() {
        if let Some(c) = problem.stone(p) {
            pic.stone(p, c);
        }
    }
    let mut numbered = vec![None; g.len()];
    let mut notes = Vec::new();
    for (i, node) in line.iter().enumerate() {
        let k = i + 1;
        // "3 retakes at 1", "needs a threat (probability 1/2)", "captures one stone".
        let mut parts = Vec::new();
        let at = node.play.and_then(|p| numbered[p.index()]);
        parts.push(match (node.play, at, node.retake) {
            (None, ..) => format!("{k} passes"),
            (Some(_), Some(m), true) => format!("{k} retakes at {m}"),
            (Some(_), Some(m), false) => format!("{k} at {m}"),
            (Some(_), None, true) => format!("{k} retakes the ko"),
            (Some(_), None, false) => k.to_string(),
        });
        match &node.branch {
            Some(Branch::Threat(p)) if node.retake => {
                parts.push(format!("needs a threat (probability {})", fraction(p)))
            }
            Some(Branch::NoThreat(p)) => parts.push(format!(
                "no ko threat for {} (probability {})",
                node.side.title(),
                fraction(p)
            )),
            _ => {}
        }
        parts.extend(node.captures());
        if let (Some(p), None) = (node.play, at) {
            numbered[p.index()] = Some(k);
            pic.stone(p, node.side).label(p, k.to_string());
        }
        match parts.len() {
            // A numbered stone on its own point says it all.
            1 if at.is_none() && node.play.is_some() => {}
            1 => notes.push(format!("{}.", parts[0])),
            // "1 captures one stone.", "2: no ko threat for Black (…)."
            _ if parts[0] == k.to_string() => {
                let sep = if parts[1].starts_with("captures") {
                    " "
                } else {
                    ": "
                };
                notes.push(format!("{k}{sep}{}.", parts[1..].join(", ")))
            }
            _ => notes.push(format!("{}.", parts.join(", "))),
        }
    }
    for &p in problem.target() {
        if numbered[p.index()].is_none() {
            pic.mark(p, Mark::Target);
        }
    }
    let last = line.last().expect("a line has a move");
    notes.push(ending(last, line.len()));
    pic.title(title);
    with_caption(&pic.render(), &notes)
}

/// A number attribute of the first tag of `svg` (`width="480"`).
fn attribute(svg: &str, name: &str) -> Option<f64> {
    let tag = &svg[..svg.find('>')?];
    let start = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    let rest = &tag[start..];
    rest[..rest.find('"')?].parse().ok()
}

/// Pixels a character of the caption takes, about, at its size.
const CHAR: f64 = 6.6;
const LINE: f64 = 17.0;

/// `svg` with lines of text under it: the picture nested as it is, in a taller picture.
fn with_caption(svg: &str, lines: &[String]) -> String {
    let (w, h) = (
        attribute(svg, "width").unwrap_or(400.0),
        attribute(svg, "height").unwrap_or(400.0),
    );
    // Wrapped to the picture's width, but never narrower than 56 characters.
    let per_line = ((w - 20.0) / CHAR).max(56.0) as usize;
    let mut wrapped: Vec<String> = Vec::new();
    for line in lines {
        let mut current = String::new();
        for word in line.split(' ') {
            if !current.is_empty() && current.chars().count() + 1 + word.chars().count() > per_line
            {
                wrapped.push(std::mem::take(&mut current));
                current.push_str("   ");
            } else if !current.is_empty() {
                current.push(' ');
            }
            current.push_str(word);
        }
        wrapped.push(current);
    }
    let widest = wrapped.iter().map(|l| l.chars().count()).max().unwrap_or(0) as f64;
    let width = w.max(widest * CHAR + 20.0);
    let height = h + LINE * wrapped.len() as f64 + 10.0;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="sans-serif">"#
    );
    let _ = writeln!(out, r#"<rect width="100%" height="100%" fill="white"/>"#);
    out.push_str(svg);
    for (i, line) in wrapped.iter().enumerate() {
        let _ = writeln!(
            out,
            r#"<text class="caption" x="10" y="{:.0}" font-size="12" xml:space="preserve">{}</text>"#,
            h + LINE * (i + 1) as f64,
            escape(line)
        );
    }
    out.push_str("</svg>\n");
    out
}

/// The diagrams of one side's lines, first to last (at most [`MAX_DIAGRAMS`]).
pub fn svg_lines(problem: &Problem, start: &Start) -> Vec<String> {
    let all = leaves(start);
    let n = all.len();
    let side = start.side.title();
    let value = fraction(&start.value);
    all.iter()
        .take(MAX_DIAGRAMS)
        .enumerate()
        .map(|(i, line)| {
            let mut title = format!("{side} first: {value}");
            if n > 1 {
                write!(title, " · line {} of {n}", i + 1).expect("string");
            }
            if i + 1 == MAX_DIAGRAMS && n > MAX_DIAGRAMS {
                write!(title, " ({} more not drawn)", n - MAX_DIAGRAMS).expect("string");
            }
            diagram(problem, line, title)
        })
        .collect()
}

/// Where diagram `i` (from 1) of `side`'s lines goes: `OUT` with `-black-1` (…) before its
/// extension (`ko.svg` → `ko-black-1.svg`), as [`crate::report::picture::side_path`] names.
pub fn line_path(out: &Path, side: Color, i: usize) -> PathBuf {
    crate::report::picture::suffixed(out, &format!("{}-{i}", side.name()))
}

/// Writes both sides' diagrams next to `out` (see [`line_path`]); returns the files written.
pub fn write_lines(out: &Path, problem: &Problem, lines: &Lines) -> std::io::Result<Vec<PathBuf>> {
    let mut written = Vec::new();
    for start in &lines.starts {
        for (i, svg) in svg_lines(problem, start).into_iter().enumerate() {
            let path = line_path(out, start.side, i + 1);
            std::fs::write(&path, svg)?;
            written.push(path);
        }
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_paths_number_each_side() {
        assert_eq!(
            line_path(Path::new("out/ko.svg"), Color::White, 2),
            PathBuf::from("out/ko-white-2.svg")
        );
    }

    #[test]
    fn captions_sit_under_the_picture() {
        let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="80"></svg>"#;
        let out = with_caption(svg, &["3 at 1: retakes the ko.".to_string()]);
        assert!(out.contains(r#"y="97""#), "{out}");
        assert!(out.contains(svg));
    }
}
