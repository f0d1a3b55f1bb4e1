//! The solved graph read directly: the certified strategy profile gives every value, and the
//! DOT drawing has one node per state and one edge per move.

use crate::problem::Problem;
use crate::prove::state::Kind;
use crate::report::dot::dot;
use crate::solve::solver::Choice;
use crate::solve::{Budget, Detail, Model, Shortcuts, Solved, Value};

fn q(n: i64, d: i64) -> Value {
    Value::new(n.into(), d.into())
}

/// The whole graph of a library problem, every state expanded, with the problem.
fn solved(file: &str) -> (Problem, Solved) {
    let problem = super::load(file);
    let (params, budget) = (Model::default(), Budget::default());
    let solved = Solved::new(
        &problem,
        &params,
        Shortcuts::none(),
        &budget,
        Detail::Grades,
    );
    (problem, solved.unwrap())
}

#[test]
fn certified_choices_give_the_values() {
    let (_, s) = solved("tests/data/compare/direct-ko.sgf");
    let v = |node: u32| s.values.value(node);
    let half = q(1, 2);
    let choices = s.choices(&Model::default());
    for node in 0..s.graph.len() as u32 {
        let kids = s.graph.children(node);
        let expected = match choices[node as usize] {
            Choice::Terminal => continue,
            Choice::Move(i) => v(kids[i]).clone(),
            Choice::Chance {
                with: Some(a),
                without: Some(b),
            } => {
                assert!(matches!(s.graph.kind(node), Kind::KoChance(_)));
                assert!(b < kids.len() - 1, "without a threat, no retake");
                &half * v(kids[a]) + &half * v(kids[b])
            }
            other => panic!("unexpected choice {other:?}"),
        };
        assert_eq!(*v(node), expected, "node {node}");
    }
}

#[test]
fn dot_graph_structure() {
    let (problem, s) = solved("tests/data/compare/direct-ko.sgf");
    let text = dot(&problem, &s, &Model::default(), 200).unwrap();
    assert!(text.starts_with("digraph lifedeg {"));
    assert!(text.trim_end().ends_with('}'));
    let edges = text.lines().filter(|l| l.contains(" -> ")).count();
    let expected: usize = (2..s.graph.len() as u32)
        .map(|n| s.graph.children(n).len())
        .sum();
    assert_eq!(edges, expected);
    let diamonds = text.lines().filter(|l| l.contains("shape=diamond")).count();
    assert_eq!(diamonds, s.graph.chance_nodes());
    let boxes = text.lines().filter(|l| l.contains("shape=box")).count();
    assert_eq!(diamonds + boxes, s.graph.len() - 2);
    assert_eq!(text.matches("shape=doubleoctagon").count(), 2);
    assert!(text.contains("(retake, needs a threat)\\n1/2"));
    let refused = dot(&problem, &s, &Model::default(), 10).unwrap_err();
    assert_eq!(refused.states, 39);
    assert!(refused.to_string().contains("39 states"));
}
