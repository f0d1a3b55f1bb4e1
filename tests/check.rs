//! `lifedeg check`: reading a collection's solutions, the verdicts, the table, shards and the
//! exit status. The verdicts against the scoring rule on the book sample are in
//! `book_sample.rs`.

use crate::common::{lifedeg, ok_stdout, stderr, stdout};

/// Six small shapes with solutions marked each way (tests/data/check/shapes.sgf): `RIGHT`,
/// "Correct"/"Wrong" comments, `TE`/`BM`, a file of correct lines only, and a problem without a
/// solution.
const SHAPES: &str = "tests/data/check/shapes.sgf";

/// The table's last column (the median time) replaced, so that the text holds everywhere.
fn timeless(text: &str) -> String {
    let mut table = false;
    text.lines()
        .map(|line| {
            table |= line.starts_with("collection");
            match line.rsplit_once("  ") {
                Some((head, _)) if table => format!("{head}  [time]\n"),
                _ => format!("{line}\n"),
            }
        })
        .collect()
}

#[test]
fn each_problem_gets_a_verdict_and_the_table_counts_them() {
    let o = lifedeg(["check", "-q", SHAPES]);
    insta::assert_snapshot!(timeless(&ok_stdout(&o)));
}

#[test]
fn json_lines_carry_the_verdicts_and_the_answer() {
    let o = lifedeg(["check", "-q", "--json", SHAPES]);
    let lines: Vec<serde_json::Value> = ok_stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect();
    let field = |i: usize, key: &str| lines[i][key].clone();
    let verdicts: Vec<String> = (0..lines.len())
        .map(|i| field(i, "verdict").as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        verdicts,
        [
            "agrees",
            "not-best",
            "also-works",
            "trivial",
            "agrees",
            "no-solution"
        ]
    );
    // RIGHT marks the correct line; the unmarked first move is then wrong.
    assert_eq!(field(0, "book"), serde_json::json!(["dd"]));
    assert_eq!(field(0, "wrong"), serde_json::json!(["cd"]));
    // The book's move and the best one, with their grades, are in the answer.
    let white = &lines[1]["answer"]["white_first"];
    assert_eq!(white["grade"], "d");
    assert_eq!(white["best"], serde_json::json!(["dd"]));
    assert_eq!(field(2, "also"), serde_json::json!(["dd", "ce"]));
    // TE marks the book's move, BM the pass it rejects.
    assert_eq!(field(4, "book"), serde_json::json!(["db"]));
    assert_eq!(field(4, "wrong"), serde_json::json!(["pass"]));
    assert_eq!(field(5, "book"), serde_json::json!([]));
    assert!(lines.iter().all(|l| l["answer"]["life_degree"].is_string()));
    assert!(lines
        .iter()
        .all(|l| l["seconds"].as_f64().is_some_and(|s| s >= 0.0)));
}

#[test]
fn a_problem_stopped_by_a_limit_is_timed_too() {
    // The median of the table is the time a problem took, the stopped ones included: their
    // time is the limit's, not zero.
    let o = lifedeg([
        "check",
        "-q",
        "--json",
        "--max-states",
        "1",
        "--proof-budget",
        "10",
        "problems/scaling/crowded-16.sgf",
    ]);
    let line: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(line["verdict"], "no-answer");
    assert!(line["answer"].is_null());
    assert!(line["seconds"].as_f64().is_some_and(|s| s > 0.0), "{line}");
}

#[test]
fn a_shard_takes_every_nth_problem() {
    let o = lifedeg(["check", "-q", "--json", "--shard", "2/3", SHAPES]);
    let files: Vec<String> = ok_stdout(&o)
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["file"].to_string())
        .collect();
    assert_eq!(files.len(), 2);
    assert!(
        files[0].contains("#2 ") && files[1].contains("#5 "),
        "{files:?}"
    );
    let o = lifedeg(["check", "--shard", "4/3", SHAPES]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("1 ≤ K ≤ N"), "{}", stderr(&o));
}

#[test]
fn a_problem_without_an_answer_is_reported_and_sets_the_status() {
    let o = lifedeg(["check", "-q", "--max-states", "3", SHAPES]);
    assert_eq!(o.status.code(), Some(2));
    let out = stdout(&o);
    assert!(out.contains("no answer: "), "{out}");
    assert!(out.contains("stopped at the state limit"), "{out}");
}

#[test]
fn a_bad_file_is_named() {
    let o = lifedeg(["check", "-q", "tests/data/bad/unreadable.sgf", SHAPES]);
    assert_eq!(o.status.code(), Some(2));
    let out = stdout(&o);
    assert!(
        out.contains("tests/data/bad/unreadable.sgf  no answer: tests/data/bad/unreadable.sgf: "),
        "{out}"
    );
}

/// Book shapes captioned as books print them (tests/data/check/captions.sgf): "White to play;
/// Black to live", "Can White kill?", 黒先活, 黑棋不死, 白先黒死, 흑선활 and the like.
const CAPTIONS: &str = "tests/data/check/captions.sgf";

#[test]
fn captions_name_the_defender_whoever_plays() {
    // Black defends in every one, whoever the file says is to play; read as "the side to play
    // lives", the three with White to play and Black to live were not best.
    let o = lifedeg(["check", "-q", "--json", CAPTIONS]);
    let lines: Vec<serde_json::Value> = ok_stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect();
    assert_eq!(lines.len(), 12);
    for line in &lines {
        assert_eq!(line["answer"]["defender"], "black", "{}", line["file"]);
        let verdict = line["verdict"].as_str().unwrap();
        assert!(
            ["agrees", "also-works"].contains(&verdict),
            "{}: {verdict}",
            line["file"]
        );
    }
    // The one caption naming a side to play other than the file's is warned of; the file's
    // side moves first.
    let said = stderr(&lifedeg(["--json", CAPTIONS]));
    let warned: Vec<&str> = said.lines().filter(|l| l.contains("warning")).collect();
    assert_eq!(warned.len(), 1, "{warned:?}");
    assert!(warned[0].contains("#3"));
    assert!(warned[0].contains("the text says Black to play, the file (PL) White"));
}
