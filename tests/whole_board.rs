//! Every group of a whole board (`lifedeg groups`, [`lifedeg::groups`]): the
//! development set's floors against the players' agreement, statuses on hand-made boards,
//! hostile boards, the end of a game, and the command's outputs.

use crate::common::{lifedeg, ok_stdout, stderr};
use lifedeg::groups::{
    self, Decides, How, Options, SecondLook, Settled, SettledBoard, Stage, Status,
};
use lifedeg::{Budget, Point};
use rayon::prelude::*;
use serde_json::Value as Json;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// The position of a file settled with the default options, its end read.
fn settle(path: &Path) -> SettledBoard {
    settle_with(path, &Options::default())
}

fn settle_with(path: &Path, options: &Options) -> SettledBoard {
    settle_at(path, Stage::GameEnd, options)
}

/// The position of a file settled at `stage`; every answer is checked for contradictions
/// (a group called dead that no living enemy stone borders).
fn settle_at(path: &Path, stage: Stage, options: &Options) -> SettledBoard {
    let board = groups::load(path, None).unwrap_or_else(|e| panic!("{e}"));
    let a = groups::settle_board(board, stage, options);
    let bad = a.statuses.contradictions(&a.board.position);
    assert!(bad.is_empty(), "{}: contradictions {bad:?}", path.display());
    a
}

/// A fixed effort for each fight, never time, so that the development set's count does not
/// move with the machine's load (as `tests/book_sample.rs` does for the books).
fn fixed_effort() -> Options {
    Options {
        budget: Budget::default()
            .time(None)
            .max_states(20_000)
            .proof_positions(Some(1_000_000)),
        ..Options::default()
    }
}

/// The group holding the stone at `point` (`C3`).
fn group<'a>(a: &'a SettledBoard, point: &str) -> &'a Settled {
    let g = a.board.position.graph();
    let name: lifedeg::PointName = point.parse().expect("a point's name");
    let p = name.on(g).expect("a point");
    a.statuses
        .groups
        .iter()
        .find(|s| s.stones.contains(&p))
        .unwrap_or_else(|| panic!("no group at {point}"))
}

fn names(a: &SettledBoard, points: &[Point]) -> Vec<String> {
    let g = a.board.position.graph();
    points.iter().map(|&p| g.label(p)).collect()
}

/// One position of the development set against the players' agreement.
struct Scored {
    file: String,
    /// Every stone's call and every point the players left neutral are right.
    right: bool,
    /// Right, and no point called neutral that the players did not leave neutral.
    strict: bool,
    /// Stones called dead that the players kept.
    false_dead: Vec<String>,
}

fn score(path: &Path) -> Scored {
    let text = std::fs::read_to_string(path).unwrap();
    let (_, agreement) = groups::read_game_file(&text).unwrap();
    let agreement = agreement.expect("the development set gives the agreement");
    let a = settle_with(path, &fixed_effort());
    let e = a.ending.as_ref().expect("a .game file is a game's end");
    let dead: BTreeSet<Point> = e.dead.iter().copied().collect();
    let removed: BTreeSet<Point> = agreement.dead.iter().copied().collect();
    let neutral: BTreeSet<Point> = e.neutral.iter().copied().collect();
    let marked: BTreeSet<Point> = agreement.neutral.iter().copied().collect();
    let false_dead: Vec<Point> = dead.difference(&removed).copied().collect();
    let right = dead == removed && marked.is_subset(&neutral);
    Scored {
        file: path.display().to_string(),
        right,
        strict: right && neutral == marked,
        false_dead: names(&a, &false_dead),
    }
}

#[test]
fn the_development_set_keeps_its_floors() {
    let mut files = Vec::new();
    for folder in ["easy", "patterns", "no_removals"] {
        let dir = data("whole-board").join(folder);
        for entry in std::fs::read_dir(dir).unwrap() {
            files.push(entry.unwrap().path());
        }
    }
    files.sort();
    assert_eq!(files.len(), 31);
    let scored: Vec<Scored> = files.par_iter().map(|f| score(f)).collect();
    let right = scored.iter().filter(|s| s.right).count();
    let strict = scored.iter().filter(|s| s.strict).count();
    let wrong: Vec<&str> = scored
        .iter()
        .filter(|s| !s.right)
        .map(|s| s.file.as_str())
        .collect();
    println!("{right} of 31 right, {strict} strict; wrong: {wrong:?}");
    // The floors: docs/benchmarks.md has the figures and GNU Go's beside them.
    assert!(right >= 31, "{right} of 31 right; wrong: {wrong:?}");
    assert!(strict >= 29, "{strict} of 31 right by the strict count");
    // A living stone is never called dead.
    for s in &scored {
        assert!(s.false_dead.is_empty(), "{}: {:?}", s.file, s.false_dead);
    }
}

#[test]
fn seki_is_alive_and_its_shared_liberties_are_neutral() {
    // Two white groups, each with an eye, around a black pair with none: a seki.
    let a = settle(&data("whole-board/patterns/seki_two_and_zero_eyes.game"));
    for point in ["B9", "D9", "F9"] {
        assert_eq!(group(&a, point).status(), Status::Seki, "{point}");
    }
    let e = a.ending.as_ref().unwrap();
    assert!(e.dead.is_empty());
    assert_eq!(names(&a, &e.neutral), ["C9", "E9"]);
    // "A seki with one false eye": White, to break it, gives two stones at A8 A9 and takes
    // one back at A8, and the position comes back: sending two, returning one. The model
    // calls such endless play no result (1/2), with either side first. At the game's end
    // (a final position) confirmation play cannot take the pair off, and it shares its
    // unfillable liberties with living White stones: a seki. Both liberties stay neutral.
    let a = settle(&data("whole-board/patterns/seki_one_false_eye.game"));
    let pair = group(&a, "B9");
    assert_eq!(pair.status(), Status::Seki);
    assert_eq!(pair.life_degree().unwrap().to_string(), "1/2");
    let grades = pair.grades().unwrap();
    assert!(grades.iter().all(|g| g.to_string() == "e"), "{grades:?}");
    let e = a.ending.as_ref().unwrap();
    assert!(e.dead.is_empty());
    assert_eq!(names(&a, &e.neutral), ["A9", "C9"]);
}

#[test]
fn a_false_eye_does_not_save_a_group() {
    // White's group along the bottom has two eye points, but the one at C1 is false: B1 is
    // a stone of its own in atari there.
    let a = settle(&data("whole-board/patterns/false_eye.game"));
    let s = group(&a, "C2");
    assert_eq!(s.status(), Status::Dead);
    assert!(matches!(
        s.how,
        How::Solved {
            second: SecondLook::Made { .. },
            ..
        }
    ));
    assert_eq!(group(&a, "B1").status(), Status::Dead);
}

#[test]
fn a_dead_group_inside_a_live_one() {
    // A black stone left inside White's living group (the end of a 9x9 game).
    let a = settle(&data("whole-board/easy/13003398.game"));
    let inside = group(&a, "H3");
    assert_eq!(inside.status(), Status::Dead);
    assert_eq!(
        inside.life_degree().map(ToString::to_string),
        Some("0".into())
    );
    assert_eq!(group(&a, "H4").status(), Status::Alive);
    let e = a.ending.as_ref().unwrap();
    assert_eq!(names(&a, &e.dead), ["H3"]);
    // The dead stone's point is White's territory.
    let h3 = a.board.position.graph().parse_point("H3").unwrap();
    assert!(e.territory.white.contains(&h3));
}

#[test]
fn an_unsettled_ko_on_a_whole_board() {
    // The library's direct ko in a 9x9 corner: Black connects and lives, White takes first
    // and the ko decides; its value is the problem's, 2/3 (problems/direct-ko.sgf).
    let ko = data("groups/ko.sgf");
    let a = settle_at(&ko, Stage::DuringGame, &Options::default());
    let s = group(&a, "B9");
    assert_eq!(s.status(), Status::Unsettled);
    assert_eq!(s.decides(), Some(Decides::Ko));
    assert_eq!(s.life_degree().unwrap().to_string(), "2/3");
    let grades = s
        .grades()
        .unwrap()
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>();
    assert_eq!(grades, ["l", "d1l"]);
    assert!(a.ending.is_none());
    // At the game's end, confirmation play: White first takes the ko, Black may retake only
    // after a pass, and White connects: dead (d1l: dies with no threats).
    let a = settle(&ko);
    assert_eq!(group(&a, "B9").status(), Status::Dead);
}

#[test]
fn a_fight_too_large_is_unsettled_not_dead() {
    // A stone each on an empty 19x19: each has far more room than a fight is read in.
    let a = settle(&data("groups/far.sgf"));
    assert_eq!(a.statuses.groups.len(), 2);
    for s in &a.statuses.groups {
        assert_eq!(s.status(), Status::Unsettled);
        assert!(matches!(s.how, How::TooLarge { empty } if empty > groups::MAX_EMPTY));
    }
    assert!(a.ending.as_ref().unwrap().dead.is_empty());
    // The text says why.
    let out = ok_stdout(&lifedeg(["groups", "-q", "tests/data/groups/far.sgf"]));
    assert!(
        out.contains("not settled: its fight is too large ("),
        "{out}"
    );
}

#[test]
fn hostile_boards_get_an_answer_or_one_line() {
    // An empty board: no group, nothing dead, every point open.
    let a = settle(&data("groups/empty.sgf"));
    assert!(a.statuses.groups.is_empty());
    let e = a.ending.as_ref().unwrap();
    assert!(e.dead.is_empty() && e.neutral.is_empty());
    assert_eq!(e.open.len(), 361);
    assert_eq!(e.area.result(), "W+6.5");
    // Every chain in atari, both at B2: whoever moves first captures. During the game
    // whoever moves first decides; at its end confirmation play would call both dead, a
    // mutual fight the rules leave open: nothing is dead and B2 is neutral.
    let atari = data("groups/atari.sgf");
    let a = settle_at(&atari, Stage::DuringGame, &Options::default());
    assert_eq!(a.statuses.groups.len(), 2);
    for s in &a.statuses.groups {
        assert_eq!(s.status(), Status::Unsettled);
        assert_eq!(s.decides(), Some(Decides::FirstMover));
    }
    let a = settle(&atari);
    for s in &a.statuses.groups {
        assert_eq!(s.status(), Status::Unsettled);
        assert_eq!(s.decides(), Some(Decides::MutualFight));
    }
    assert_eq!(names(&a, &a.ending.as_ref().unwrap().neutral), ["B2"]);
    // A full board has no liberty anywhere: refused, the file named, exit status 2.
    let out = lifedeg(["groups", "-q", "tests/data/groups/full.sgf"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.starts_with("lifedeg: tests/data/groups/full.sgf:") && err.contains("no liberty"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1);
}

#[test]
fn a_record_ending_in_two_passes_is_counted() {
    // The record ends in two passes: the end of the game is read, with the file's komi.
    let out = ok_stdout(&lifedeg([
        "groups",
        "--json",
        "tests/data/groups/record.sgf",
    ]));
    let j: Json = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(j["final"], true);
    assert_eq!(j["dead"], serde_json::json!(["H3"]));
    assert_eq!(j["neutral"], serde_json::json!(["A9"]));
    assert_eq!(j["komi"], 6.5);
    // Area: Black 42, White 38; territory: Black 10, White 12 and the dead H3 taken: 13.
    assert_eq!(j["area_score"]["result"], "W+2.5");
    assert_eq!(j["territory_score"]["result"], "W+9.5");
    // No `RU`: counted by territory, as GTP engines count.
    assert_eq!(j["counting"], "territory");
    assert_eq!(j["score"]["result"], "W+9.5");
    // Before the passes, the position is analysed as it stands: no dead list.
    let out = ok_stdout(&lifedeg([
        "groups",
        "--json",
        "--move",
        "2",
        "tests/data/groups/record.sgf",
    ]));
    let j: Json = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(j["final"], false);
    assert!(j.get("dead").is_none());
    assert_eq!(j["groups"].as_array().unwrap().len(), 5);
}

#[test]
fn a_position_mid_game_names_its_unsettled_groups_and_why() {
    let out = ok_stdout(&lifedeg(["groups", "-q", "tests/data/whole-board.sgf"]));
    assert!(out.contains("as it stands"), "{out}");
    assert!(!out.contains("dead:"), "{out}");
    // Every unsettled row says why.
    for line in out.lines().filter(|l| l.contains("unsettled  ")) {
        assert!(
            line.contains("too large") || line.contains("time ran out") || line.contains("solved"),
            "{line}"
        );
    }
}

#[test]
fn the_json_lists_every_group_and_the_end() {
    let out = ok_stdout(&lifedeg([
        "groups",
        "--json",
        "tests/data/whole-board/easy/13003398.game",
        "tests/data/groups/far.sgf",
    ]));
    let lines: Vec<Json> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2, "one object per position, in order");
    let j = &lines[0];
    assert_eq!(j["file"], "tests/data/whole-board/easy/13003398.game");
    assert_eq!(j["board"], serde_json::json!([9, 9]));
    let groups = j["groups"].as_array().unwrap();
    assert_eq!(groups.len(), 5);
    let h3 = groups.iter().find(|g| g["stones"][0] == "H3").unwrap();
    assert_eq!(h3["status"], "dead");
    assert_eq!(h3["how"], "solved");
    assert_eq!(h3["life_degree"], "0");
    assert_eq!(h3["grades"], serde_json::json!(["d", "d"]));
    for g in groups {
        assert!(g["reason"].as_str().is_some_and(|r| !r.is_empty()));
    }
    assert_eq!(j["dead"], serde_json::json!(["H3"]));
    assert_eq!(lines[1]["groups"][0]["how"], "too_large");
}

#[test]
fn pictures_page_and_sgf_mark_the_dead_and_the_territory() {
    let dir = tempfile::tempdir().unwrap();
    let [svg, html, sgf] = ["b.svg", "b.html", "b.sgf"].map(|n| dir.path().join(n));
    let out = lifedeg([
        "groups".as_ref(),
        "-q".as_ref(),
        "tests/data/whole-board/easy/13003398.game".as_ref(),
        "--svg".as_ref(),
        svg.as_os_str(),
        "--html".as_ref(),
        html.as_os_str(),
        "--sgf-out".as_ref(),
        sgf.as_os_str(),
    ]);
    ok_stdout(&out);
    let svg = std::fs::read_to_string(svg).unwrap();
    // One dead stone, faded and crossed; territory shaded.
    assert_eq!(svg.matches(r#"opacity="0.4""#).count(), 1);
    assert_eq!(svg.matches(r#"class="dead""#).count(), 1);
    assert!(svg.contains(r#"class="shade""#));
    let html = std::fs::read_to_string(html).unwrap();
    assert!(html.contains("<svg") && html.contains("dead: H3"));
    // The SGF reads back: White's territory takes in the dead stone (H3 = hg).
    let sgf = std::fs::read_to_string(sgf).unwrap();
    let games = lifedeg::sgf::read_collection(&sgf).unwrap();
    assert_eq!(games.len(), 1);
    let tw = sgf.split("TW").nth(1).unwrap();
    assert!(tw.split("C[").next().unwrap().contains("[hg]"), "{sgf}");
}

#[test]
fn the_rules_examples_at_the_end_of_a_game() {
    // docs/game-end.md. Bent four in the corner: during the game a ko (Black first takes it,
    // White first lives); at the end dead, Black taking the ko first and White retaking only
    // after a pass.
    let bent = data("groups/bent-four.sgf");
    let a = settle_at(&bent, Stage::DuringGame, &Options::default());
    let s = group(&a, "D9");
    assert_eq!(
        (s.status(), s.decides()),
        (Status::Unsettled, Some(Decides::Ko))
    );
    assert_eq!(
        s.grades()
            .unwrap()
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        ["d1l", "l"]
    );
    let a = settle(&bent);
    assert_eq!(group(&a, "D9").status(), Status::Dead);
    assert_eq!(a.ending.as_ref().unwrap().dead.len(), 6);
    // A capturing race whoever moves first wins: during the game each is unsettled, whoever
    // moves first; at the end confirmation play would call both dead, which the rules leave
    // to the players: both unsettled, a mutual fight, and nothing dead.
    let race = data("groups/semeai.sgf");
    let a = settle_at(&race, Stage::DuringGame, &Options::default());
    for point in ["D8", "E8"] {
        assert_eq!(
            group(&a, point).decides(),
            Some(Decides::FirstMover),
            "{point}"
        );
    }
    let a = settle(&race);
    for point in ["D8", "E8"] {
        let s = group(&a, point);
        assert_eq!(s.status(), Status::Unsettled, "{point}");
        assert_eq!(s.decides(), Some(Decides::MutualFight), "{point}");
    }
    assert!(a.ending.as_ref().unwrap().dead.is_empty());
    // A seki with a ko inside (a ten-thousand-year ko): during the game both groups hang on
    // the ko. At the end confirmation play settles it with no threats: White moving first
    // takes the ko and, after Black's pass, connects, and the seki is as it was; Black
    // moving first connects, a plain seki. Neither group is dead; the lone ko stone C9 is
    // (White takes it first and connects), and the shared liberties and the ko point are
    // dame, nobody's.
    let seki = data("groups/seki-ko.sgf");
    let a = settle_at(&seki, Stage::DuringGame, &Options::default());
    for point in ["E9", "A9"] {
        assert_eq!(group(&a, point).decides(), Some(Decides::Ko), "{point}");
    }
    let a = settle(&seki);
    for point in ["E9", "A9"] {
        let s = group(&a, point);
        assert!(
            matches!(s.status(), Status::Alive | Status::Seki),
            "{point}: {s:?}"
        );
    }
    let grades = |point: &str| -> Vec<String> {
        let s = group(&a, point);
        s.grades()
            .unwrap()
            .iter()
            .map(ToString::to_string)
            .collect()
    };
    assert_eq!(grades("E9"), ["l", "l1d"]);
    assert_eq!(group(&a, "C9").status(), Status::Dead);
    let e = a.ending.as_ref().unwrap();
    assert_eq!(names(&a, &e.dead), ["C9"]);
    assert_eq!(names(&a, &e.neutral), ["D9", "A7", "B7"]);
    assert!(e.territory.black.is_empty());
}

#[test]
fn no_answer_contradicts_itself_on_other_boards() {
    // The boards of problems/boards, read during the game and at its end: `settle_at`
    // asserts that no group called dead lacks a living enemy around it.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("problems/boards");
    let mut read = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let board = std::fs::read_to_string(&path).unwrap();
        // Board files (no stones) are not positions.
        if path.extension().is_none_or(|e| e != "toml") || !board.contains("black") {
            continue;
        }
        for stage in [Stage::DuringGame, Stage::GameEnd] {
            settle_at(&path, stage, &fixed_effort());
        }
        read += 1;
    }
    assert_eq!(read, 5);
}
