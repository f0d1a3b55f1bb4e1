//! The study tools: compare, sweep, the SGF tree of optimal lines, the DOT graph.

use crate::common::{
    lifedeg, load, stderr, stdout, Color, Model, Probability, Shortcuts, Solution, SolveRequest,
    Value,
};
use lifedeg::compare::{compare, render, Format};
use lifedeg::lines::diagrams::svg_lines;
use lifedeg::lines::{Lines, Next};
use std::path::{Path, PathBuf};

fn q(n: i64, d: i64) -> Value {
    Value::new(n.into(), d.into())
}

fn data() -> Vec<PathBuf> {
    lifedeg::problem_files(&[PathBuf::from("tests/data/compare")]).unwrap()
}

fn rows() -> Vec<lifedeg::compare::Row> {
    let (rows, errors) = compare(&data(), &SolveRequest::new(), &|| {});
    assert!(errors.is_empty(), "{errors:?}");
    rows
}

#[test]
fn compare_table() {
    insta::assert_snapshot!(render(&rows(), Format::Table));
}

#[test]
fn compare_markdown() {
    insta::assert_snapshot!(render(&rows(), Format::Markdown));
}

#[test]
fn compare_csv() {
    insta::assert_snapshot!(render(&rows(), Format::Csv));
}

#[test]
fn compare_json() {
    insta::assert_snapshot!(render(&rows(), Format::Json));
}

#[test]
fn compare_sorts_by_life_degree_then_name() {
    let names: Vec<String> = rows().into_iter().map(|r| r.name).collect();
    assert_eq!(names, ["direct-ko", "direct-ko-white", "straight-three"]);
}

#[test]
fn compare_reports_a_bad_file_and_goes_on() {
    let files = vec![
        PathBuf::from("tests/data/no-such.sgf"),
        PathBuf::from("tests/data/compare/direct-ko.sgf"),
    ];
    let (rows, errors) = compare(&files, &SolveRequest::new(), &|| {});
    assert_eq!(rows.len(), 1);
    assert_eq!(errors.len(), 1);
    assert!(errors[0]
        .to_string()
        .starts_with("tests/data/no-such.sgf: cannot read"));
    let out = lifedeg([
        "compare",
        "tests/data/no-such.sgf",
        "tests/data/compare/direct-ko.sgf",
        "--format",
        "csv",
    ]);
    assert_eq!(out.status.code(), Some(2));
    // The bad file named on standard error, the good one's row in the table.
    insta::assert_snapshot!("bad_file_refused", stderr(&out));
    insta::assert_snapshot!("good_file_compared", stdout(&out));
}

fn life_degree_json(args: &[&str]) -> String {
    let out = lifedeg(
        ["tests/data/compare/direct-ko.sgf", "--json"]
            .iter()
            .chain(args),
    );
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    v["life_degree"].as_str().unwrap().to_string()
}

#[test]
fn per_colour_threat_probabilities() {
    // Black (the defender) always has a threat, White never: Black wins the ko.
    assert_eq!(
        life_degree_json(&["--black-threat-prob", "1", "--white-threat-prob", "0"]),
        "1"
    );
    // The other way round White wins it, so only Black moving first lives.
    assert_eq!(
        life_degree_json(&["--black-threat-prob", "0", "--white-threat-prob", "1"]),
        "1/2"
    );
    // The per-colour option overrides the shared one for its colour only.
    assert_eq!(
        life_degree_json(&["--threat-prob", "1/3", "--white-threat-prob", "1/3"]),
        life_degree_json(&["--threat-prob", "1/3"])
    );
}

#[test]
fn sweep_values_and_chart() {
    let problem = load(Path::new("tests/data/compare/direct-ko.sgf"));
    let ps = lifedeg::sweep::grid(&Probability::zero(), &Probability::one(), 8);
    let request = SolveRequest::new();
    let s = lifedeg::sweep::sweep("direct-ko", &problem, &request, &ps, &|| {}).unwrap();
    for (p, v) in &s.points {
        // The source's example 2 with threat probability p: (1 + 2p)/(2 + 2p).
        assert_eq!(v, &((q(1, 1) + q(2, 1) * p) / (q(2, 1) + q(2, 1) * p)));
    }
    let other = load(Path::new("tests/data/compare/straight-three.sgf"));
    let t = lifedeg::sweep::sweep("straight <three>", &other, &request, &ps, &|| {}).unwrap();
    let svg = lifedeg::sweep::svg(&[s.clone(), t]);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    let lines: Vec<_> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("series"))
        .collect();
    assert_eq!(lines.len(), 2);
    // p = 0, 1/8, ..., 7/8 on the line; p = 1 (every ko endless) a dot apart, under its note.
    for l in &lines {
        assert_eq!(l.attribute("points").unwrap().split(' ').count(), 8);
    }
    let class = |c: &str| {
        doc.descendants()
            .filter(|n| n.attribute("class") == Some(c))
            .count()
    };
    assert_eq!(class("endless"), 2);
    assert_eq!(class("endless-note"), 1);
    let legend: Vec<&str> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("legend"))
        .filter_map(|n| n.text())
        .collect();
    assert_eq!(legend, ["direct-ko", "straight <three>"]);
    // Ticks on both axes.
    let labels: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .collect();
    for tick in ["0.0", "0.5", "1.0", "0.00", "0.40", "1.00"] {
        assert!(labels.contains(&tick), "missing tick {tick}");
    }
    let csv = lifedeg::sweep::csv(&[s]);
    assert!(
        csv.starts_with("problem,p,p_approx,life_degree,approx\ndirect-ko,0,0,1/2,0.5\n"),
        "{csv}"
    );
}

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

/// The enumeration of a small shape: the side 3×2 eye space inside the target's ring holds the
/// vital point (1/2), the direct ko (2/3) and its taken side (1/3, 1/6), life and death, and
/// nothing else; and a library file unchanged keeps its value.
#[test]
fn enumerate_small_shape_and_variant() {
    use lifedeg::enumerate::{shape_table, variant_table, Edge, Ring, Shape};
    let shape = Shape {
        edge: Edge::Side,
        ring: Ring::Defender,
        width: 3,
        height: 2,
    };
    let table = shape_table(&shape, &SolveRequest::new(), |_, _| {});
    assert_eq!(
        (table.positions, table.solved, table.unsolved),
        (309, 309, 0)
    );
    let degrees: Vec<Value> = table.values.keys().map(|v| v.life_degree.clone()).collect();
    let expected = [q(0, 1), q(1, 6), q(1, 3), q(1, 2), q(2, 3), q(1, 1)];
    assert_eq!(degrees, expected);
    let text = std::fs::read_to_string("problems/direct-ko.sgf").unwrap();
    let setup = lifedeg::sgf::read(&text).unwrap();
    let table = variant_table("direct-ko", &setup, 0, &SolveRequest::new());
    let (values, seen) = table.values.iter().next().unwrap();
    assert_eq!((values.life_degree.clone(), seen.count), (q(2, 3), 1));
    assert_eq!(seen.witness, "as in the file");
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
