//! The state graph in Graphviz DOT, for problems small enough to read.
//!
//! Decision states are boxes, states facing a ko ban (chance nodes) diamonds, the two
//! terminals double octagons. Every legal move is an edge labelled with its point; the moves
//! of the certified strategy profile are bold and carry their probability (1, or `p` and
//! `1 − p` at a chance node), the others are grey. Each state shows its value.

use crate::go::moves::Move;
use crate::problem::{Life, Problem};
use crate::prove::state::{Kind, CAPTURED, LIVES};
use crate::report::fraction;
use crate::solve::degree::Solved;
use crate::solve::model::{Model, Value};
use crate::solve::solver::Choice;
use num_traits::One;
use std::fmt::Write;

/// The largest graph drawn by default: beyond this a picture is unreadable.
pub const MAX_DOT_STATES: usize = 200;

/// Why the graph is not drawn.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("the state graph has {states} states; DOT output is limited to {limit} (a larger graph cannot be read as a picture)")]
pub struct TooLargeToDraw {
    pub states: usize,
    pub limit: usize,
}

/// The DOT text of a solved problem's state graph. Every state's value is shown, so the graph
/// should be built whole (interval pruning off, [`crate::Shortcuts::without_interval`], as the
/// command line does for `--dot`): interval pruning certifies only the values the answer shows.
pub fn dot(
    problem: &Problem,
    solved: &Solved,
    params: &Model,
    limit: usize,
) -> Result<String, TooLargeToDraw> {
    let graph = &solved.graph;
    let states = graph.len() - 2;
    if states > limit {
        return Err(TooLargeToDraw { states, limit });
    }
    let choices = solved.choices(params);
    let arena = &solved.local.arena;
    let mut out = String::from("digraph lifedeg {\n  rankdir=LR;\n  node [fontname=\"sans-serif\", fontsize=10];\n  edge [fontname=\"sans-serif\", fontsize=9];\n");
    writeln!(
        out,
        "  n{CAPTURED} [shape=doubleoctagon, label=\"captured\\n0\"];"
    )
    .expect("string");
    writeln!(
        out,
        "  n{LIVES} [shape=doubleoctagon, label=\"lives\\n1\"];"
    )
    .expect("string");
    for s in 2..graph.len() as u32 {
        let state = &graph.states[s as usize];
        let side = state.to_move().title();
        let value = fraction(solved.values.value(s));
        let root = match graph.roots.iter().position(|&r| r == s) {
            Some(0) => ", penwidth=2, xlabel=\"Black first\"",
            Some(_) => ", penwidth=2, xlabel=\"White first\"",
            None => "",
        };
        let (shape, what) = match graph.kind(s) {
            Kind::KoChance(_) => ("diamond", format!("{side}, ko ban")),
            // Ended early: static analysis or a bound proved the value.
            Kind::Terminal(life) => (
                "octagon",
                format!(
                    "{side} to move, settled: {}",
                    match life {
                        Life::Alive => "lives",
                        Life::Dead => "dies",
                    }
                ),
            ),
            Kind::Decision(_) => ("box", format!("{side} to move")),
        };
        writeln!(
            out,
            "  n{s} [shape={shape}, label=\"{what}\\n{value}\"{root}];"
        )
        .expect("string");
        let succ = graph.successors(&solved.local, s);
        let last = succ.moves.len().saturating_sub(1);
        let p = match graph.kind(s) {
            Kind::KoChance(c) => params.threat_prob(c).clone(),
            _ => Value::one(),
        };
        // The probability each edge is played with under the profile.
        let mut prob = vec![Value::from_integer(0.into()); succ.moves.len()];
        match choices[s as usize] {
            Choice::Terminal => {}
            Choice::Move(i) => prob[i] = Value::one(),
            Choice::Chance { with, without } => {
                if let Some(a) = with {
                    prob[a] += &p;
                }
                if let Some(b) = without {
                    prob[b] += Value::one() - &p;
                }
            }
        }
        for (i, &(m, child)) in succ.moves.iter().enumerate() {
            let mut label = Move::at(m.point(arena)).label(problem.graph());
            if matches!(graph.kind(s), Kind::KoChance(_)) && i == last {
                label.push_str(" (retake, needs a threat)");
            }
            let style = if prob[i] > Value::from_integer(0.into()) {
                format!("style=bold, label=\"{label}\\n{}\"", fraction(&prob[i]))
            } else {
                format!("color=gray, fontcolor=gray, label=\"{label}\"")
            };
            writeln!(out, "  n{s} -> n{child} [{style}];").expect("string");
        }
    }
    out.push_str("}\n");
    Ok(out)
}
