//! The `regions` and `potential` commands, run as a user would.

use std::path::PathBuf;
use std::process::{Command, Output};

fn lifedeg(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lifedeg"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs")
}

fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}

fn temp_svg(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("lifedeg-{}-{name}.svg", std::process::id()))
}

#[test]
fn regions_text() {
    let out = lifedeg(&["regions", "tests/data/two-frameworks.sgf"]);
    // Not a terminal: plain letters, no escape codes.
    insta::assert_snapshot!(stdout(&out));
}

#[test]
fn potential_text() {
    let out = lifedeg(&["potential", "tests/data/two-frameworks.sgf"]);
    insta::assert_snapshot!(stdout(&out));
}

#[test]
fn dead_stones_and_schemes() {
    // White's stone at C2 sits inside Black's lower-left area; declared dead, its side of the
    // board turns Black's.
    let alive = stdout(&lifedeg(&[
        "regions",
        "tests/data/corner-group.sgf",
        "--scheme",
        "distance",
    ]));
    let dead = stdout(&lifedeg(&[
        "regions",
        "tests/data/corner-group.sgf",
        "--scheme",
        "distance",
        "--dead",
        "C2",
    ]));
    let row = |text: &str, r: &str| text.lines().find(|l| l.starts_with(r)).unwrap().to_string();
    assert_eq!(row(&alive, "  2 "), "  2 w w O X b b w w w");
    assert_eq!(row(&dead, "  2 "), "  2 b b o X b b w w w");
    assert_eq!(row(&alive, "  1 "), "  1 w w w b b b w w w");
    assert_eq!(row(&dead, "  1 "), "  1 b b b b b b w w w");
}

#[test]
fn svg_pictures_parse() {
    for command in ["regions", "potential"] {
        let path = temp_svg(command);
        let out = lifedeg(&[
            command,
            "tests/data/two-frameworks.sgf",
            "--svg",
            path.to_str().unwrap(),
        ]);
        stdout(&out);
        let svg = std::fs::read_to_string(&path).unwrap();
        std::fs::remove_file(&path).unwrap();
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let stones = doc
            .descendants()
            .filter(|n| n.has_tag_name("circle") && n.attribute("r") != Some("18.0"))
            .count();
        assert_eq!(stones, 6, "{command}: five stones");
    }
}

#[test]
fn bad_files_exit_2_naming_the_file() {
    let out = lifedeg(&["potential", "tests/data/missing.sgf"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("tests/data/missing.sgf"), "{err}");
    let out = lifedeg(&["regions", "tests/data/two-frameworks.sgf", "--dead", "E4"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        err.trim(),
        "lifedeg: tests/data/two-frameworks.sgf: --dead E4 is an empty point; only stones can be dead"
    );
}
