//! The optimal lines of play as an SGF game tree, to click through in any SGF editor.
//!
//! From the problem's position: one variation with Black moving first, one with White. Each
//! side plays the move of the strategy profile the solver certified; a side facing a ko ban
//! gets two variations, "ko threat: yes" and "ko threat: no", with their probabilities.
//! Comments give the life degree after each move. The tree stops where a position repeats on
//! the line, at a depth bound and at a size bound, and says so.

use crate::go::graph::Point;
use crate::go::rules::Color;
use crate::problem::Problem;
use crate::report::fraction;
use crate::solve::degree::{LifeDegree, Solved};
use crate::solve::model::{Model, Value};
use crate::solve::solver::Choice;
use crate::solve::state::{Kind, Move, CAPTURED, LIVES};
use num_traits::One;
use sgf_parse::go::{self, Prop};
use sgf_parse::{SgfNode, SgfProp, Text};
use std::collections::HashSet;

/// Bounds on the tree.
#[derive(Clone, Copy, Debug)]
pub struct TreeLimits {
    /// Moves along one line.
    pub max_depth: usize,
    /// Move nodes in the whole tree.
    pub max_nodes: usize,
}

impl Default for TreeLimits {
    fn default() -> TreeLimits {
        TreeLimits {
            max_depth: 40,
            max_nodes: 2000,
        }
    }
}

/// Why the tree cannot be written.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum LinesError {
    #[error("SGF output needs a square board; this problem's board is a custom graph")]
    NotSquare,
}

struct Builder<'a> {
    problem: &'a Problem,
    solved: &'a Solved,
    params: &'a Model,
    /// The certified profile (see [`Solved::choices`]).
    choices: Vec<crate::solve::solver::Choice>,
    limits: TreeLimits,
    nodes: usize,
}

fn text(s: String) -> Prop {
    Prop::C(Text { text: s })
}

impl Builder<'_> {
    fn point(&self, p: Point) -> Result<go::Point, LinesError> {
        let (x, y) = self.problem.graph().grid(p).ok_or(LinesError::NotSquare)?;
        Ok(go::Point { x, y })
    }

    fn value(&self, node: u32) -> &Value {
        self.solved.solution.value(node)
    }

    fn move_prop(&self, side: Color, m: Move) -> Result<Prop, LinesError> {
        let mv = match m.point(&self.solved.local.arena) {
            Some(p) => go::Move::Move(self.point(p)?),
            None => go::Move::Pass,
        };
        Ok(match side {
            Color::Black => Prop::B(mv),
            Color::White => Prop::W(mv),
        })
    }

    /// The variations for the moves played from `state` (on the line `path`).
    fn moves_from(
        &mut self,
        state: u32,
        path: &mut Vec<u32>,
    ) -> Result<Vec<SgfNode<Prop>>, LinesError> {
        let graph = &self.solved.graph;
        let succ = graph.successors(&self.solved.local, state);
        let side = graph.states[state as usize].to_move();
        let name = side.title();
        let branches: Vec<(usize, String)> = match self.choices[state as usize] {
            Choice::Terminal => Vec::new(),
            Choice::Move(i) => vec![(i, String::new())],
            Choice::Chance { with, without } => {
                let p = &self.params.threat_prob[side.index()];
                let retake = succ.moves.len() - 1;
                let threat = |i: usize| {
                    if i == retake {
                        format!("{name} plays a ko threat elsewhere, it is answered, and {name} retakes.")
                    } else {
                        format!("{name} has a threat but does not need the retake.")
                    }
                };
                match (with, without) {
                    (Some(a), Some(b)) if a == b => {
                        vec![(
                            a,
                            format!("ko threat: yes or no, the same move ({name} facing the ban)."),
                        )]
                    }
                    _ => with
                        .map(|a| {
                            (
                                a,
                                format!(
                                    "ko threat: yes (probability {}). {}",
                                    fraction(p),
                                    threat(a)
                                ),
                            )
                        })
                        .into_iter()
                        .chain(without.map(|b| {
                            (
                                b,
                                format!(
                                    "ko threat: no (probability {}). {name} may not retake.",
                                    fraction(&(Value::one() - p))
                                ),
                            )
                        }))
                        .collect(),
                }
            }
        };
        let mut out = Vec::new();
        for (i, note) in branches {
            let (m, child) = succ.moves[i];
            out.push(self.move_node(side, m, child, note, path)?);
        }
        Ok(out)
    }

    fn move_node(
        &mut self,
        side: Color,
        m: Move,
        child: u32,
        note: String,
        path: &mut Vec<u32>,
    ) -> Result<SgfNode<Prop>, LinesError> {
        self.nodes += 1;
        let mut comment = note;
        let mut add = |s: String| {
            if !comment.is_empty() {
                comment.push('\n');
            }
            comment.push_str(&s);
        };
        let mut children = Vec::new();
        match child {
            CAPTURED => add("The target is captured: 0.".to_string()),
            LIVES => add("Two passes in a row: the target lives: 1.".to_string()),
            _ if matches!(self.solved.graph.kind(child), Kind::Terminal(_)) => add(format!(
                "Settled without search (static analysis or a proof): the target {}.",
                if *self.value(child) == Value::one() {
                    "lives: 1"
                } else {
                    "dies: 0"
                }
            )),
            _ => {
                add(format!(
                    "Life degree here: {}.",
                    fraction(self.value(child))
                ));
                if let Some(k) = path.iter().position(|&s| s == child) {
                    let when = if k == 0 {
                        "at the start".to_string()
                    } else {
                        format!("after move {k}")
                    };
                    add(format!(
                        "The position repeats ({when} of this line, same side to move): the line goes round from here."
                    ));
                } else if path.len() >= self.limits.max_depth {
                    add(format!("Line cut at {} moves.", self.limits.max_depth));
                } else if self.nodes >= self.limits.max_nodes {
                    add(format!(
                        "Tree cut here ({} moves shown in all).",
                        self.limits.max_nodes
                    ));
                } else {
                    path.push(child);
                    children = self.moves_from(child, path)?;
                    path.pop();
                }
            }
        }
        let props = vec![self.move_prop(side, m)?, text(comment)];
        Ok(SgfNode::new(props, children, false))
    }
}

/// The SGF text of the optimal lines of a solved problem. The lines pass through states whose
/// values the answer does not show, so the graph should be built whole
/// ([`crate::solve::limits::Limits::interval`] off, as the command line does for `--sgf-out`).
pub fn sgf_tree(
    problem: &Problem,
    solved: &Solved,
    params: &Model,
    answer: &LifeDegree,
    limits: TreeLimits,
) -> Result<String, LinesError> {
    let g = problem.graph();
    let (width, height) = match g.layout() {
        crate::go::graph::Layout::Square { width, height } => (*width, *height),
        crate::go::graph::Layout::Custom { .. } => return Err(LinesError::NotSquare),
    };
    let mut b = Builder {
        problem,
        solved,
        params,
        choices: solved.choices(params),
        limits,
        nodes: 0,
    };
    let set = |pts: &mut dyn Iterator<Item = Point>| -> Result<HashSet<go::Point>, LinesError> {
        pts.map(|p| b.point(p)).collect()
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
    for side in [Color::Black, Color::White] {
        let root = solved.graph.roots[side.index()];
        let mut path = vec![root];
        let mut lines = b.moves_from(root, &mut path)?;
        if let Some(first) = lines.first_mut() {
            let head = format!(
                "{} moves first: life degree {}.",
                side.title(),
                fraction(b.value(root))
            );
            let mut props: Vec<Prop> = first.properties().cloned().collect();
            for p in &mut props {
                if let Prop::C(t) = p {
                    t.text = format!("{head}\n{}", t.text);
                }
            }
            let children: Vec<SgfNode<Prop>> = first.children().cloned().collect();
            *first = SgfNode::new(props, children, false);
        }
        variations.extend(lines);
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
