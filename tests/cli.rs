//! The command line: output formats, options, and bad input (one line naming the file, exit
//! code 2, the other files still solved).

use crate::common::{lifedeg, machine_free, ok_stdout, stderr, stdout};

#[test]
fn json_record_has_exactly_the_contract_fields() {
    let o = lifedeg(["--json", "problems/direct-ko.sgf"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    let mut keys: Vec<&str> = v.as_object().unwrap().keys().map(|k| k.as_str()).collect();
    keys.sort();
    assert_eq!(
        keys,
        [
            "black_first",
            "chance_nodes",
            "defender",
            "file",
            "largest_system",
            "life_degree",
            "no_result_used",
            "region",
            "states",
            "target",
            "white_first"
        ]
    );
    assert_eq!(v["life_degree"], "2/3");
    assert_eq!(v["defender"], "black");
    assert_eq!(v["black_first"]["value"], "1");
    assert_eq!(v["white_first"]["value"], "1/3");
    assert_eq!(v["white_first"]["best"], serde_json::json!(["db"]));
    let moves = v["black_first"]["moves"].as_array().unwrap();
    assert_eq!(moves.last().unwrap()["move"], "pass");
    let target: Vec<&str> = v["target"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap())
        .collect();
    let mut sorted = target.clone();
    sorted.sort();
    assert_eq!(target, sorted);
}

/// The text report of direct-ko, the time it took left out.
fn direct_ko_text() -> String {
    machine_free(&stdout(&lifedeg(["problems/direct-ko.sgf"])), &[])
}

#[test]
fn text_report_shows_value_openings_and_counts() {
    // The life degree, each opening's value and best moves, and the counts.
    insta::assert_snapshot!(direct_ko_text());
}

#[test]
fn options_change_the_model() {
    // Example 2 as a function of p: (1 + 2p) / (2 + 2p); at p = 1/3 that is 5/8.
    let o = lifedeg(["--json", "--threat-prob", "1/3", "problems/direct-ko.sgf"]);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["life_degree"], "5/8");
    // Black first 1, White first 1/4 for p = 1/3; with q = 0.25: 1/4 + 3/4 * 1/4 = 7/16.
    let o = lifedeg([
        "--json",
        "--threat-prob",
        "1/3",
        "--first-prob",
        "0.25",
        "problems/direct-ko.sgf",
    ]);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["white_first"]["value"], "1/4");
    assert_eq!(v["life_degree"], "7/16");
}

/// `--no-proofs` turns the extreme games' proofs off, and `--no-bounds`, its old name, still
/// does: the same values.
#[test]
fn no_proofs_keeps_its_old_name() {
    let run = |flag: &str| {
        let o = lifedeg(["--json", flag, "problems/direct-ko.sgf"]);
        assert!(o.status.success(), "{flag}: {o:?}");
        serde_json::from_str::<serde_json::Value>(stdout(&o).trim()).unwrap()
    };
    let (new, old) = (run("--no-proofs"), run("--no-bounds"));
    assert_eq!(new["life_degree"], "2/3");
    assert_eq!(new["life_degree"], old["life_degree"]);
}

#[test]
fn bad_probabilities_are_refused() {
    for bad in ["3/2", "-1", "x", "1/0"] {
        let o = lifedeg(["--threat-prob", bad, "problems/direct-ko.sgf"]);
        assert_eq!(o.status.code(), Some(2), "{bad}");
    }
}

#[test]
fn a_time_limit_takes_fractions_of_a_second() {
    // As `timeout` and `sleep` read a duration: whole seconds, a decimal, or a fraction.
    for limit in ["15", "15.0", "0.5"] {
        let o = lifedeg(["--json", "--time-limit", limit, "problems/direct-ko.sgf"]);
        assert!(o.status.success(), "{limit}: {}", stderr(&o));
        let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
        assert_eq!(v["life_degree"], "2/3", "{limit}");
    }
    let o = lifedeg([
        "groups",
        "-q",
        "--time-limit",
        "2.5",
        "tests/data/groups/far.sgf",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    // A negative or not-a-number limit: one line saying what is wrong, exit code 2.
    for (bad, says) in [
        ("-1", "cannot be negative"),
        ("NaN", "not a number of seconds"),
    ] {
        let o = lifedeg([&format!("--time-limit={bad}"), "problems/direct-ko.sgf"]);
        assert_eq!(o.status.code(), Some(2), "{bad}");
        let err = stderr(&o);
        assert!(
            err.contains(says) && err.lines().count() == 1,
            "{bad}: {err}"
        );
    }
}

#[test]
fn target_option_picks_a_chain() {
    let o = lifedeg(["--json", "--target", "B5", "problems/direct-ko.sgf"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = lifedeg(["--target", "Z9", "problems/direct-ko.sgf"]);
    assert_eq!(o.status.code(), Some(2));
    insta::assert_snapshot!(stderr(&o));
}

/// Each bad file: exit 2, one line naming the file and what is wrong (the snapshot, one line
/// a file), no panic; the good file after it solved as if alone.
#[test]
fn bad_files_are_named_and_the_rest_still_solved() {
    let files = [
        "unreadable.sgf",
        "mixed-target.sgf",
        "off-board.sgf",
        "no-liberty.sgf",
        "no-target.sgf",
        "ambiguous.sgf",
        "mark-on-empty.sgf",
        "both-colours.sgf",
        "missing.sgf",
    ];
    let alone = direct_ko_text();
    let mut errors = String::new();
    for file in files {
        let path = format!("tests/data/bad/{file}");
        let o = lifedeg([&path, "problems/direct-ko.sgf"]);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{file}: {err}");
        assert_eq!(err.lines().count(), 1, "{file}: {err}");
        assert!(!err.contains("panicked"), "{file}: {err}");
        assert_eq!(
            machine_free(&stdout(&o), &[]),
            alone,
            "{file}: the good file was not solved"
        );
        errors.push_str(&err);
    }
    insta::assert_snapshot!(errors);
}

#[test]
fn a_target_that_cannot_be_captured_is_warned_about() {
    let o = lifedeg(["tests/data/escapes.sgf"]);
    assert!(o.status.success());
    // In the report, under the target's line.
    insta::assert_snapshot!("escapes_text", machine_free(&stdout(&o), &[]));
    // Beside a JSON record, on standard error, naming the file.
    let o = lifedeg(["--json", "tests/data/escapes.sgf"]);
    insta::assert_snapshot!("escapes_json_stderr", stderr(&o));
}

#[test]
fn a_game_record_is_solved_after_move_n() {
    let o = lifedeg(["--json", "--move", "14", "tests/data/game.sgf"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    // The corner's straight three: whoever plays the vital point B19 (SGF ba) decides.
    assert_eq!(v["life_degree"], "1/2");
    assert_eq!(v["black_first"]["best"], serde_json::json!(["ba"]));
    assert_eq!(v["white_first"]["best"], serde_json::json!(["ba"]));
    let o = lifedeg(["--move", "16", "--target", "A18", "tests/data/game.sgf"]);
    insta::assert_snapshot!(machine_free(&stdout(&o), &[]));
}

#[test]
fn a_bad_record_is_named() {
    let o = lifedeg(["--move", "17", "tests/data/game.sgf"]);
    assert_eq!(o.status.code(), Some(2));
    insta::assert_snapshot!("move_past_the_end", stderr(&o));
    let o = lifedeg(["--move", "2", "tests/data/bad/occupied-record.sgf"]);
    assert_eq!(o.status.code(), Some(2));
    insta::assert_snapshot!("illegal_move", stderr(&o));
}

#[test]
fn regions_text() {
    // Not a terminal: plain letters, no escape codes.
    let out = lifedeg(["regions", "tests/data/two-frameworks.sgf"]);
    insta::assert_snapshot!(ok_stdout(&out));
}

#[test]
fn potential_text() {
    let out = lifedeg(["potential", "tests/data/two-frameworks.sgf"]);
    insta::assert_snapshot!(ok_stdout(&out));
}

#[test]
fn regions_with_dead_stones() {
    // White's stone at C2 sits inside Black's lower-left area; declared dead, its side of the
    // board turns Black's.
    let file = "tests/data/corner-group.sgf";
    let alive = ok_stdout(&lifedeg(["regions", file, "--scheme", "distance"]));
    let dead = ok_stdout(&lifedeg([
        "regions", file, "--scheme", "distance", "--dead", "C2",
    ]));
    let row = |text: &str, r: &str| text.lines().find(|l| l.starts_with(r)).unwrap().to_string();
    assert_eq!(row(&alive, "  2 "), "  2 w w O X b b w w w");
    assert_eq!(row(&dead, "  2 "), "  2 b b o X b b w w w");
    assert_eq!(row(&alive, "  1 "), "  1 w w w b b b w w w");
    assert_eq!(row(&dead, "  1 "), "  1 b b b b b b w w w");
}

#[test]
fn analysis_pictures_parse() {
    for command in ["regions", "potential"] {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(format!("{command}.svg"));
        let out = lifedeg([
            command,
            "tests/data/two-frameworks.sgf",
            "--svg",
            path.to_str().unwrap(),
        ]);
        ok_stdout(&out);
        let svg = std::fs::read_to_string(&path).unwrap();
        std::fs::remove_file(&path).unwrap();
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let stones = doc
            .descendants()
            .filter(|n| n.attribute("class").is_some_and(|c| c.starts_with("stone")))
            .count();
        assert_eq!(stones, 6, "{command}");
    }
}

#[test]
fn analysis_bad_input_exits_2_naming_the_file() {
    let out = lifedeg(["potential", "tests/data/missing.sgf"]);
    assert_eq!(out.status.code(), Some(2));
    insta::assert_snapshot!(stderr(&out));
    let out = lifedeg(["regions", "tests/data/two-frameworks.sgf", "--dead", "E4"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out).trim(),
        "lifedeg: tests/data/two-frameworks.sgf: --dead E4 is an empty point; only stones can be dead"
    );
}

#[test]
fn a_whole_board_position_is_fought_in_the_analyzers_region() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("region.svg");
    let o = lifedeg([
        "--target",
        "R10",
        "--region-svg",
        path.to_str().unwrap(),
        "tests/data/whole-board.sgf",
    ]);
    // Not enclosed, and the stones span the board: the analyzers pick the area, the group's
    // own space first and then wider ones while the time allows; the widest answered is kept
    // and named (`fight read in the group's region two lines wider`). White's wall has no
    // eyes: not called alive, yet with its many liberties left fixed (Q11), and the report
    // says so.
    insta::assert_snapshot!(machine_free(&ok_stdout(&o), &[]));
    let svg = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let marks = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("target"))
        .count();
    assert_eq!(marks, 6);
}

#[test]
fn a_whole_board_fight_is_read_in_the_groups_own_space_first() {
    // Black's G2 G3 stand one step from Black's corner group with two eyes, F2 and F3 the
    // connection (miai). Read first on its liberties (the friend met there, its two eyes
    // pockets taken in), then in its own space (the points two steps from it): Black lives
    // whoever moves first in both, and the answer says where it was read and what the wider
    // areas gave.
    let o = lifedeg([
        "--json",
        "--quiet",
        "--time-limit",
        "5",
        "--target",
        "G3",
        "tests/data/connects-out.sgf",
    ]);
    let v: serde_json::Value = serde_json::from_str(ok_stdout(&o).trim()).unwrap();
    let tried = v["fight_area"]["tried"].as_array().unwrap();
    assert_eq!(tried[0]["scope"], "liberties");
    assert_eq!(tried[0]["empty_points"], 6);
    assert_eq!(tried[0]["reading"], "answered");
    assert_eq!(tried[1]["scope"], "own");
    assert_eq!(tried[1]["empty_points"], 11);
    assert_eq!(tried[1]["reading"], "answered");
    // The reading kept is one of those answered.
    let kept = &v["fight_area"]["scope"];
    assert!(
        tried
            .iter()
            .any(|t| &t["scope"] == kept && t["reading"] == "answered"),
        "{v}"
    );
    // The narrowest reading itself, with no limit: alive whoever moves first, the corner
    // group a friend to connect to.
    let request =
        lifedeg::SolveRequest::new().target(lifedeg::TargetChoice::At("G3".parse().unwrap()));
    let input = lifedeg::Input::only(std::path::Path::new("tests/data/connects-out.sgf")).unwrap();
    let problem = request.readings(input).unwrap().swap_remove(0);
    assert_eq!(problem.scope(), Some(lifedeg::Scope::Liberties));
    let solution = request.solve_problem(&problem).unwrap();
    assert_eq!(solution.answer.value.to_string(), "1");
}

#[test]
fn a_large_enclosure_on_a_whole_board_is_read_narrowest_first_and_itself_last() {
    // White's corner group, enclosed by Black, with eye spaces of 5 and 25 points: 30 empty
    // points, more than the solver settles at once in a dense whole-board enclosure. With
    // stones spread over the board it is a whole board's fight: read on its liberties
    // first, then (the own space and the region analyzer's areas holding as many empty
    // points as the enclosure) in the enclosure itself, the widest answered kept.
    let o = lifedeg([
        "--json",
        "--quiet",
        "--time-limit",
        "10",
        "--target",
        "B3",
        "tests/data/enclosed-whole-board.sgf",
    ]);
    let v: serde_json::Value = serde_json::from_str(ok_stdout(&o).trim()).unwrap();
    let tried = v["fight_area"]["tried"].as_array().unwrap();
    let scopes: Vec<&str> = tried.iter().map(|t| t["scope"].as_str().unwrap()).collect();
    assert_eq!(scopes, ["liberties", "enclosure"], "{v}");
    assert!(tried.iter().all(|t| t["reading"] == "answered"), "{v}");
    assert_eq!(tried[1]["empty_points"], 30, "{v}");
    assert_eq!(v["fight_area"]["scope"], "enclosure", "{v}");
    assert_eq!(v["black_first"]["value"], "1", "{v}");
    assert_eq!(v["white_first"]["value"], "1", "{v}");
    // The same group alone on the board is a diagram: its enclosure is its region, read
    // at once.
    let request =
        lifedeg::SolveRequest::new().target(lifedeg::TargetChoice::At("B3".parse().unwrap()));
    let read = |file: &str| {
        let input = lifedeg::Input::only(std::path::Path::new(file)).unwrap();
        request.readings(input).unwrap().swap_remove(0)
    };
    let diagram = read("tests/data/enclosed-diagram.sgf");
    assert_eq!(diagram.scope(), None);
    assert_eq!(diagram.region_source(), lifedeg::RegionSource::Enclosed);
    assert_eq!(diagram.empty_points(), 30);
    let whole = read("tests/data/enclosed-whole-board.sgf");
    assert_eq!(whole.scope(), Some(lifedeg::Scope::Liberties));
}

#[test]
fn a_whole_board_group_may_win_a_capturing_race_inside_its_area() {
    // Black's corner group round White's B2 C2, whose three liberties reach B1, three steps
    // from Black: out of the group's own space, yet taken in with the chain, which the group
    // races (three liberties, the group four). Black lives moving first by capturing it (A2,
    // B1 or C1); White moving first kills at C1. Without the race the chain would stand
    // uncapturable and the group read dead whoever moves first.
    let o = lifedeg([
        "--json",
        "--quiet",
        "--time-limit",
        "8",
        "--target",
        "D3",
        "tests/data/race-inside.sgf",
    ]);
    let v: serde_json::Value = serde_json::from_str(ok_stdout(&o).trim()).unwrap();
    let tried = v["fight_area"]["tried"].as_array().unwrap();
    assert!(
        tried
            .iter()
            .any(|t| t["scope"] == "own" && t["reading"] == "answered"),
        "{v}"
    );
    assert_eq!(v["black_first"]["value"], "1", "{v}");
    let best = v["black_first"]["best"].as_array().unwrap();
    assert!(
        best.iter()
            .all(|m| ["ar", "bs", "cs"].contains(&m.as_str().unwrap())),
        "{v}"
    );
    assert_eq!(v["white_first"]["value"], "0", "{v}");
    assert_eq!(v["white_first"]["best"], serde_json::json!(["cs"]), "{v}");
}

#[test]
fn lines_svg_and_html_write_their_files() {
    let dir = tempfile::tempdir().unwrap();
    let (svg, html) = (dir.path().join("ko.svg"), dir.path().join("ko.html"));
    let o = lifedeg([
        "--quiet",
        "problems/direct-ko.sgf",
        "--lines-svg",
        svg.to_str().unwrap(),
        "--html",
        html.to_str().unwrap(),
    ]);
    ok_stdout(&o);
    let mut written: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    written.sort();
    assert_eq!(
        written,
        [
            "ko-black-1.svg",
            "ko-white-1.svg",
            "ko-white-2.svg",
            "ko-white-3.svg",
            "ko.html"
        ]
    );
    for name in &written[..4] {
        let text = std::fs::read_to_string(dir.path().join(name)).unwrap();
        roxmltree::Document::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    // Self-contained: nothing loaded from elsewhere, the data inside as JSON.
    let page = std::fs::read_to_string(&html).unwrap();
    for outside in ["src=", "href=", "@import", "url("] {
        assert!(!page.contains(outside), "{outside}");
    }
    let data = page
        .split_once(r#"<script type="application/json" id="data">"#)
        .and_then(|(_, rest)| rest.split_once("</script>"))
        .unwrap()
        .0;
    let data: serde_json::Value = serde_json::from_str(data).unwrap();
    assert_eq!(data["life_degree"], "2/3");
    assert_eq!(data["lines"][1]["value"], "1/3");
    assert_eq!(data["lines"][1]["moves"][0]["name"], "D4");
    // One problem only, as for the other drawings.
    let o = lifedeg([
        "problems/direct-ko.sgf",
        "problems/seki.sgf",
        "--html",
        html.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("draw one problem"), "{}", stderr(&o));
}
