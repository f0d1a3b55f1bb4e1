//! The optimal lines as an SGF game tree: the problem's position at the root, then Black
//! first's line and White first's, each move commented with the life degree after it. The file
//! loads back as the same problem.

use super::{Lines, Node};
use crate::go::graph::Point;
use crate::go::rules::Color;
use crate::problem::Problem;
use crate::report::fraction;
use crate::solve::answer::Answer;
use sgf_parse::go::{self, Prop};
use sgf_parse::{SgfNode, SgfProp, Text};
use std::collections::HashSet;

/// Why the tree cannot be written.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum LinesError {
    #[error("SGF output needs a square board; this problem's board is a custom graph")]
    NotSquare,
}

fn text(s: String) -> Prop {
    Prop::C(Text { text: s })
}

/// What the comment of a move says: its branch, then the value after it and how the line
/// goes on.
fn comment(node: &Node, lines: &Lines) -> String {
    let mut out = node.branch_note().unwrap_or_default();
    let mut add = |s: String| {
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&s);
    };
    if !node.settled() {
        add(format!("Life degree here: {}.", fraction(&node.value)));
    }
    if let Some(stop) = node.stop_note(&lines.limits) {
        add(stop);
    }
    out
}

struct Writer<'a> {
    problem: &'a Problem,
    lines: &'a Lines,
}

impl Writer<'_> {
    fn point(&self, p: Point) -> Result<go::Point, LinesError> {
        let (x, y) = self.problem.graph().grid(p).ok_or(LinesError::NotSquare)?;
        Ok(go::Point { x, y })
    }

    /// A move and its replies; `head` goes before its comment.
    fn node(&self, node: &Node, head: Option<String>) -> Result<SgfNode<Prop>, LinesError> {
        let mv = match node.play {
            Some(p) => go::Move::Move(self.point(p)?),
            None => go::Move::Pass,
        };
        let mv = match node.side {
            Color::Black => Prop::B(mv),
            Color::White => Prop::W(mv),
        };
        let mut c = comment(node, self.lines);
        if let Some(head) = head {
            c = format!("{head}\n{c}");
        }
        let children = node
            .next
            .moves()
            .iter()
            .map(|n| self.node(n, None))
            .collect::<Result<_, _>>()?;
        Ok(SgfNode::new(vec![mv, text(c)], children, false))
    }
}

/// The SGF text of the optimal lines of a solved problem.
pub fn sgf_tree(problem: &Problem, lines: &Lines, answer: &Answer) -> Result<String, LinesError> {
    let g = problem.graph();
    let (width, height) = match g.layout() {
        crate::go::graph::Layout::Square { width, height } => (*width, *height),
        crate::go::graph::Layout::Custom { .. } => return Err(LinesError::NotSquare),
    };
    let w = Writer { problem, lines };
    let set = |pts: &mut dyn Iterator<Item = Point>| -> Result<HashSet<go::Point>, LinesError> {
        pts.map(|p| w.point(p)).collect()
    };
    let black = set(&mut g
        .points()
        .filter(|&p| problem.stone(p) == Some(Color::Black)))?;
    let white = set(&mut g
        .points()
        .filter(|&p| problem.stone(p) == Some(Color::White)))?;
    // A framed book diagram is written as printed, unmarked, so that it is framed again the
    // same way; any other target is marked.
    let framed = problem.region_source() == crate::problem::RegionSource::Framed;
    let target = match framed {
        true => HashSet::new(),
        false => set(&mut problem.target().iter().copied())?,
    };
    // A region the file marked cannot be inferred again: mark it, so that the tree loads back
    // as the same problem. An inferred one is inferred again from the same stones and marks.
    let region = match problem.region_source() {
        crate::problem::RegionSource::Marked => set(&mut problem.region().iter().copied())?,
        _ => HashSet::new(),
    };
    let mut intro = format!(
        "Life degree of the {} target ({}): {} (turn undetermined).\nBlack first: {}. White first: {}.\n",
        problem.defender().name(),
        if framed { "framed from the diagram" } else { "marked" },
        fraction(&answer.value),
        fraction(&answer.black_first.value),
        fraction(&answer.white_first.value)
    );
    intro.push_str(
        "The variations are the solver's optimal lines; at a ko ban they split into \"ko threat: yes\" and \"ko threat: no\".",
    );
    if let Some(c) = problem.comment() {
        intro = format!("{c}\n\n{intro}");
    }
    let mut variations = Vec::new();
    for start in &lines.starts {
        for (i, node) in start.moves.iter().enumerate() {
            let head = (i == 0).then(|| {
                format!(
                    "{} moves first: life degree {}.",
                    start.side.title(),
                    fraction(&start.value)
                )
            });
            variations.push(w.node(node, head)?);
        }
    }
    let mut props = vec![
        Prop::new("GM".to_string(), vec!["1".to_string()]),
        Prop::new("FF".to_string(), vec!["4".to_string()]),
        Prop::new("CA".to_string(), vec!["UTF-8".to_string()]),
        Prop::SZ((width, height)),
    ];
    // An empty point list is not valid SGF: leave such a property out.
    for (make, set) in [
        (Prop::AB as fn(_) -> Prop, black),
        (Prop::AW, white),
        (Prop::TR, target),
        (Prop::SQ, region),
    ] {
        if !set.is_empty() {
            props.push(make(set));
        }
    }
    if let Some(side) = problem.to_play() {
        props.push(Prop::PL(match side {
            Color::Black => sgf_parse::Color::Black,
            Color::White => sgf_parse::Color::White,
        }));
    }
    props.push(text(intro));
    let mut out = SgfNode::new(props, variations, true).serialize();
    out.push('\n');
    Ok(out)
}
