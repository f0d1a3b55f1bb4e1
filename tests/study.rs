//! The study tools: compare, sweep, enumerate.

use crate::common::{lifedeg, load, stderr, stdout, Probability, SolveRequest, Value};
use lifedeg::compare::{compare, render, Format};
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
