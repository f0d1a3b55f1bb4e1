//! `lifedeg gtp` through a real GTP client: the controller Sabaki uses (`@sabaki/gtp`, from
//! the npm registry, pinned by `tests/gtp/package-lock.json`), driven by `tests/gtp/drive.js`
//! under Node. It loads a final position and asks for the dead stones, which must be those
//! `lifedeg groups --final` gives; malformed commands must get `?` answers and leave the
//! engine answering.
//!
//! Without Node or the client (`npm ci` in `tests/gtp`) the test says so and checks nothing,
//! so that `cargo test` passes on a fresh machine; `.ci/run` installs the client and sets
//! `LIFEDEG_REQUIRE_GTP=1`, under which a missing one fails the test.

use crate::common::{command, lifedeg, ok_stdout};
use serde_json::Value as Json;
use std::collections::BTreeSet;
use std::path::Path;

/// The final position both ask about: the end of a 19x19 game, eight stones dead.
const POSITION: &str = "tests/data/groups/final-19.sgf";

/// Why the client cannot run, if it cannot.
fn missing() -> Option<&'static str> {
    let installed = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/gtp/node_modules/@sabaki/gtp")
        .is_dir();
    let node = std::process::Command::new("node")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    match (node, installed) {
        (false, _) => Some("the GTP test needs Node.js (apt-get install nodejs npm)"),
        (true, false) => Some("the GTP test needs its client: run `npm ci` in tests/gtp"),
        (true, true) => None,
    }
}

/// The stones of a list of vertices, any whitespace between them.
fn stones(text: &str) -> BTreeSet<String> {
    text.split_whitespace().map(str::to_string).collect()
}

#[test]
fn a_gtp_client_gets_the_dead_stones_and_error_answers() {
    if let Some(message) = missing() {
        assert!(
            std::env::var("LIFEDEG_REQUIRE_GTP").as_deref() != Ok("1"),
            "{message}"
        );
        eprintln!("skipped: {message}");
        return;
    }
    let out = std::process::Command::new("node")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .arg("tests/gtp/drive.js")
        .arg(env!("CARGO_BIN_EXE_lifedeg"))
        .arg(POSITION)
        .output()
        .expect("node runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let answers: Vec<Json> = serde_json::from_slice(&out.stdout).expect("one JSON array");
    let answer = |cmd: &str| -> (bool, String) {
        let a = answers
            .iter()
            .find(|a| a["command"] == cmd)
            .unwrap_or_else(|| panic!("no answer to {cmd}"));
        (
            a["error"].as_bool().unwrap(),
            a["content"].as_str().unwrap().to_string(),
        )
    };
    assert_eq!(answer("protocol_version"), (false, "2".into()));
    assert!(!answer(&format!("loadsgf {POSITION}")).0);
    // The dead stones are the subcommand's.
    let groups = ok_stdout(&lifedeg(["groups", "--final", "--json", "-q", POSITION]));
    let record: Json = serde_json::from_str(groups.trim()).unwrap();
    let expected: BTreeSet<String> = record["dead"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect();
    assert_eq!(expected.len(), 8);
    let (error, dead) = answer("final_status_list dead");
    assert!(!error);
    assert_eq!(stones(&dead), expected);
    assert_eq!(answer("final_status_list seki"), (false, String::new()));
    assert_eq!(
        answer("final_score"),
        (false, record["score"]["result"].as_str().unwrap().into())
    );
    let (error, board) = answer("showboard");
    assert!(!error && board.lines().count() >= 20, "{board}");
    // GoGui's analysis commands: listed, and the dead stones painted red on the board.
    let (error, listed) = answer("gogui-analyze_commands");
    assert!(
        !error
            && listed
                .lines()
                .any(|l| l == "gfx/Groups: status and life degree/lifedeg-gfx"),
        "{listed}"
    );
    let (error, gfx) = answer("lifedeg-gfx");
    assert!(!error, "{gfx}");
    let red = gfx
        .lines()
        .find(|l| l.starts_with("COLOR red "))
        .unwrap_or("");
    assert_eq!(
        stones(red.trim_start_matches("COLOR red ")),
        expected,
        "{gfx}"
    );
    let (error, sboard) = answer("lifedeg-sboard");
    assert!(
        !error && sboard.lines().filter(|l| !l.is_empty()).count() == 19,
        "{sboard}"
    );
    // Every malformed command gets a `?` answer, and the engine goes on answering.
    for bad in [
        "play purple Z99",
        "boardsize -3",
        "komi lots",
        "final_status_list",
        "final_status_list undead",
        "loadsgf /no/such/file.sgf",
        "lifedeg-life_degree A0",
        "undo now",
    ] {
        assert!(answer(bad).0, "{bad} got no error");
    }
    assert_eq!(
        answer("frobnicate \u{e9}\u{e8} %%%"),
        (true, "unknown command".into())
    );
    assert_eq!(
        answer("known_command final_status_list"),
        (false, "true".into())
    );
}

#[test]
fn garbage_on_the_wire_gets_error_answers_never_a_crash() {
    use std::io::Write;
    let mut engine = command()
        .arg("gtp")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = engine.stdin.take().unwrap();
    // Control characters, invalid UTF-8, a line that is only an id, a vertex past the board,
    // a huge number, a command too long; then a real question.
    input
        .write_all(
            b"\x00\x01\x02\n\xff\xfe garbage\n42\n play b T99\nboardsize 99999999999999999999\n",
        )
        .unwrap();
    input.write_all(&vec![b'x'; 100_000]).unwrap();
    input
        .write_all(b"\n7 lifedeg-life_degree D4\n8 name\n")
        .unwrap();
    drop(input);
    let out = engine.wait_with_output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let answers: Vec<&str> = text.split("\n\n").filter(|a| !a.is_empty()).collect();
    assert_eq!(answers.len(), 7, "{text}");
    assert!(
        answers[..6].iter().all(|a| a.starts_with('?')),
        "{answers:?}"
    );
    assert_eq!(answers[6], "=8 lifedeg");
}
