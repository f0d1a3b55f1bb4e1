//! The optimal lines, read by a program and by a person: the SGF tree of every line (within
//! its size bound), each move's effect on the board (a node's id is its state's index), and
//! the numbered diagrams.

use crate::common::{Color, Model, Shortcuts, Solution, SolveRequest};
use lifedeg::lines::diagrams::svg_lines;
use lifedeg::lines::{Lines, Next};
use std::path::Path;

fn solved(path: &str) -> Solution {
    // The whole graph, so that the drawings show every state.
    SolveRequest::new()
        .shortcuts(Shortcuts::none())
        .solve_file(Path::new(path))
        .unwrap()
}

#[test]
fn sgf_tree_of_optimal_lines_parses() {
    let Solution {
        problem,
        solved: s,
        answer,
        ..
    } = solved("tests/data/compare/direct-ko.sgf");
    let lines = Lines::new(&problem, &s, &Model::default(), Default::default());
    let text = lifedeg::lines::sgf_tree(&problem, &lines, &answer).unwrap();
    let trees = sgf_parse::go::parse(&text).unwrap();
    assert_eq!(trees.len(), 1);
    let root = &trees[0];
    for p in ["AB", "AW", "TR", "SZ", "C"] {
        assert!(root.get_property(p).is_some(), "root lacks {p}");
    }
    let firsts: Vec<_> = root.children().collect();
    assert_eq!(firsts.len(), 2, "Black first and White first");
    assert!(firsts[0].get_property("B").is_some());
    assert!(firsts[1].get_property("W").is_some());
    // Walk every node: collect comments.
    let mut comments = Vec::new();
    let mut stack = vec![root];
    while let Some(n) = stack.pop() {
        if let Some(sgf_parse::go::Prop::C(t)) = n.get_property("C") {
            comments.push(t.text.clone());
        }
        stack.extend(n.children());
    }
    let has = |s: &str| comments.iter().any(|c| c.contains(s));
    assert!(has("ko threat: yes (probability 1/2)"));
    assert!(has("ko threat: no (probability 1/2)"));
    assert!(has("The position repeats"));
    assert!(has("The target is captured: 0."));
    assert!(has("the target lives: 1."));
    // The file is also a problem file: reading it back gives the same life degree.
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("lines.sgf");
    std::fs::write(&out, &text).unwrap();
    let again = SolveRequest::new().solve_file(&out).unwrap().answer;
    assert_eq!(again.value, answer.value);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn sgf_tree_respects_its_size_bound() {
    let Solution {
        problem,
        solved: s,
        answer,
        ..
    } = solved("tests/data/compare/straight-three.sgf");
    let limits = lifedeg::lines::TreeLimits {
        max_depth: 40,
        max_nodes: 1,
    };
    let lines = Lines::new(&problem, &s, &Model::default(), limits);
    let text = lifedeg::lines::sgf_tree(&problem, &lines, &answer).unwrap();
    assert!(text.contains("Tree cut here"), "{text}");
    assert!(sgf_parse::go::parse(&text).is_ok());
}

/// Every move of the tree, depth first.
fn every_move(nodes: &[lifedeg::lines::Node], out: &mut Vec<lifedeg::lines::Node>) {
    for n in nodes {
        out.push(n.clone());
        every_move(n.next.moves(), out);
    }
}

#[test]
fn each_move_of_the_lines_changes_the_board_by_its_stone_and_captures() {
    let Solution {
        problem, solved: s, ..
    } = solved("tests/data/compare/direct-ko.sgf");
    let lines = Lines::new(&problem, &s, &Model::default(), Default::default());
    let g = problem.graph();
    let (mut retakes, mut captures) = (0, 0);
    for start in &lines.starts {
        // Parent boards along the walk: a move's board is its parent's, the stone played,
        // the captured stones (the other colour's) gone.
        fn check(
            before: &[Option<Color>],
            nodes: &[lifedeg::lines::Node],
            counts: &mut (usize, usize),
        ) {
            for n in nodes {
                let mut expected = before.to_vec();
                if let Some(p) = n.play {
                    assert_eq!(before[p.index()], None, "played on an empty point");
                    expected[p.index()] = Some(n.side);
                }
                for c in &n.captured {
                    assert_eq!(before[c.index()], Some(n.side.other()));
                    expected[c.index()] = None;
                }
                assert_eq!(n.stones, expected);
                counts.0 += n.retake as usize;
                counts.1 += !n.captured.is_empty() as usize;
                check(&n.stones, n.next.moves(), counts);
            }
        }
        let board: Vec<Option<Color>> = g.points().map(|p| problem.stone(p)).collect();
        let mut counts = (0, 0);
        check(&board, &start.moves, &mut counts);
        retakes += counts.0;
        captures += counts.1;
    }
    // White takes the ko, Black retakes with a threat, White retakes with one: at least two
    // retakes and three captures.
    assert!(
        retakes >= 2 && captures >= 3,
        "{retakes} retakes, {captures} captures"
    );
    let mut all = Vec::new();
    every_move(&lines.starts.white.moves, &mut all);
    assert!(all.iter().any(|n| n.next == Next::Repeats(1)));
}

#[test]
fn numbered_diagrams_note_retakes_captures_and_ends() {
    // As the command line solves for them: the whole graph, the shortcuts on.
    let whole = SolveRequest::new().shortcuts(Shortcuts::all().without_interval());
    let path = Path::new("tests/data/compare/direct-ko.sgf");
    let Solution {
        problem, solved: s, ..
    } = whole.solve_file(path).unwrap();
    let lines = Lines::new(&problem, &s, &Model::default(), Default::default());
    let black = svg_lines(&problem, &lines.starts.black);
    let white = svg_lines(&problem, &lines.starts.white);
    // Black connects and lives; White takes the ko, then a threat or none, each a diagram.
    assert_eq!((black.len(), white.len()), (1, 3));
    let captions = |svg: &str| {
        let doc = roxmltree::Document::parse(svg).unwrap();
        doc.descendants()
            .filter(|n| n.attribute("class") == Some("caption"))
            .map(|n| n.text().unwrap_or("").trim().to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let first = captions(&white[0]);
    for note in [
        "1 captures one stone.",
        "2 retakes the ko, needs a threat (probability 1/2), captures one stone.",
        "3 retakes at 1, needs a threat (probability 1/2), captures one stone.",
        "After 3 the position after 1 is back: the play goes round; life degree 1/3.",
    ] {
        assert!(first.contains(note), "{note} not in {first}");
    }
    assert!(captions(&white[1]).contains("3 passes, no ko threat for White (probability 1/2)."));
    assert!(captions(&white[2]).contains("After 2 the target dies: 0"));
    assert!(captions(&black[0]).contains("After 1 the target lives: 1"));
    // The numbers on their points: 1 and 2 drawn, 3 (at 1) only noted.
    let doc = roxmltree::Document::parse(&white[0]).unwrap();
    let numbers: Vec<&str> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("label"))
        .filter_map(|n| n.text())
        .collect();
    assert_eq!(numbers, ["1", "2"]);
}
