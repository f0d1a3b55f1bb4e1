//! Book problems (problems/book/): corner and side fragments as a book prints them, with no
//! target or region marked and the book's answer as the file's first move. The target and
//! region are inferred, and the answer must come out as a best first move for the side the
//! book says is to play. Nine published problems (tests/data/readings/) check how a diagram
//! is read: which reading is kept, when a wall is part of the fight, what the region leaves
//! out and takes in, the defender's strength outside, and which of equally large chains comes
//! first; one of the fixed sample (tests/data/books/), when a reading is looked at again with
//! more room; and diagrams turned or mirrored must read the same, as must every caption form
//! naming the defender, whoever is to play.

use crate::common::{
    read_game, Answer, Budget, Color, Grade, Move, Opening, Problem, RegionSource, SolveRequest,
};
use lifedeg::{KeptBy, Look, TargetBy};
use std::path::{Path, PathBuf};

#[test]
fn book_answers_are_best_first_moves() {
    let files = lifedeg::problem_files(&[PathBuf::from("problems/book")]).unwrap();
    assert!(
        files.len() >= 9,
        "the book set has {} problems",
        files.len()
    );
    let mut missed = Vec::new();
    for path in &files {
        let (problem, solved, (side, answer)) = solve_book_file(path);
        assert_eq!(problem.to_play(), Some(side), "{}", path.display());
        let opening = match side {
            Color::Black => &solved.black_first,
            Color::White => &solved.white_first,
        };
        if !opening.best().any(|m| m == answer) {
            missed.push(path.display().to_string());
        }
    }
    println!(
        "book problems: {} of {} answers found as best first moves",
        files.len() - missed.len(),
        files.len()
    );
    assert!(missed.is_empty(), "book answers not found: {missed:?}");
}

/// A book diagram solved as a user would (nothing marked), with the book's answer: the
/// first move of the file's main line, and who plays it. No time limit: which readings are
/// answered, and so which one is kept, must not hang on the machine's speed or load.
fn solve_book_file(path: &Path) -> (Problem, Answer, (Color, Move)) {
    let text = std::fs::read_to_string(path).unwrap();
    let (_, moves) = read_game(&text).unwrap();
    let (side, answer) = moves[0];
    assert_ne!(answer, Move::Pass, "the answer is a move");
    let answer = (side, answer);
    let solution = SolveRequest::new()
        .budget(Budget::default().time(None))
        .solve_file(path)
        .unwrap();
    (solution.problem, solution.answer, answer)
}

/// Black first's and White first's values.
fn values(solved: &Answer) -> (String, String) {
    let value = |o: &Opening| o.value.to_string();
    (value(&solved.black_first), value(&solved.white_first))
}

#[test]
fn a_group_lost_both_ways_is_read_for_its_main_body_before_the_other_colour() {
    // Black's lone stone at N18 is lost whoever moves first, so nothing hangs on the whole
    // group; the main body lives at the book's S19 and dies if White moves first. White's
    // reading is not needed.
    assert_black_main_body_kept("tests/data/readings/maeda-100-p0065.sgf");
}

#[test]
fn a_main_body_that_lives_outright_is_kept_over_a_whole_group_in_ko() {
    // Black's whole group, O19 and S18 with it, hangs on who moves first but lives only by
    // ko; its largest chain lives outright at the book's S19, the two stones given up.
    assert_black_main_body_kept("tests/data/readings/ishigure-123-basic-p0015.sgf");
}

/// Black's whole group read first, then its largest chain, which is kept: the book's answer
/// best, Black first living outright and White first killing outright.
fn assert_black_main_body_kept(path: &str) {
    let (problem, solved, (_, answer)) = solve_book_file(Path::new(path));
    let framing = problem.framing().unwrap();
    let tried: Vec<String> = framing.tried.iter().map(|r| r.to_string()).collect();
    assert_eq!(
        tried,
        ["black defends", "black defends its largest chain"],
        "{path}"
    );
    assert_eq!(framing.target_by, TargetBy::LargestChain, "{path}");
    assert!(solved.black_first.best().any(|m| m == answer), "{path}");
    assert_eq!(values(&solved), ("1".into(), "0".into()), "{path}");
}

#[test]
fn a_group_dead_even_moving_first_is_looked_at_again_with_more_room() {
    // Ishigure's 123 Basic Tsumego 73 (from the fixed sample): P19 and Q18, behind Black's
    // O17-Q17, are the attacker's own ground on the first look, three steps from White's
    // stones, and there White dies even moving first. The second look (rule 8) takes them in,
    // and with them Black's O17-Q17, now short of liberties in the fight (rule 4): White
    // lives moving first, and Black's N19, the book's move, kills outright.
    let path = "tests/data/books/ishigure-123-basic-p0073.sgf";
    let (problem, solved, (_, answer)) = solve_book_file(Path::new(path));
    let framing = problem.framing().unwrap();
    let tried: Vec<String> = framing.tried.iter().map(|r| r.to_string()).collect();
    assert_eq!(tried, ["white defends", "white defends with more room"]);
    assert_eq!(framing.look, Look::Again);
    assert_eq!(framing.kept_by, Some(KeptBy::MoreRoom));
    // The first look's region: the same reading, the eye space two steps out.
    let readings = SolveRequest::new()
        .readings(lifedeg::Input::only(Path::new(path)).unwrap())
        .unwrap();
    let first = &readings[0];
    assert_eq!(first.reading().look, Look::First);
    let added: Vec<String> = (problem.region().iter())
        .filter(|p| !first.region().contains(p))
        .map(|&p| problem.graph().label(p))
        .collect();
    assert_eq!(added, ["P19", "Q18", "O17", "P17", "Q17"]);
    assert_eq!(values(&solved), ("0".into(), "1".into()));
    let book = solved.black_first.moves.iter().find(|m| m.first == answer);
    assert_eq!(book.map(|m| m.grade), Some(Grade::Dies));
}

#[test]
fn a_wall_with_the_defenders_stones_beyond_it_is_framed() {
    // Black's stones enclose White's group, but White's stone at O19 lies outside them and
    // Black's P19 Q19 are short of liberties: the wall is part of the fight. Enclosed (the
    // wall uncapturable), White would live whoever moves first.
    let path = PathBuf::from("tests/data/readings/yamada-high-speed-attack-p4025.sgf");
    let (problem, solved, (_, answer)) = solve_book_file(&path);
    assert_eq!(problem.region_source(), RegionSource::Framed);
    assert_eq!(problem.defender(), Color::White);
    assert!(solved.black_first.best().any(|m| m == answer));
    // Black's T16 is short of liberties too (rule 4): with T15 in the fight, White answering
    // the book's move can capture it for a ko, worth 2/9 to White.
    assert_eq!(values(&solved), ("2/9".into(), "1".into()));
}

/// The book's answer the one best first move for Black, who lives moving first and dies
/// moving second.
fn assert_black_answer_alone(path: &str) -> Problem {
    let (problem, solved, (_, answer)) = solve_book_file(Path::new(path));
    assert_eq!(problem.defender(), Color::Black, "{path}");
    assert_eq!(
        solved.black_first.best().collect::<Vec<_>>(),
        [answer],
        "{path}"
    );
    assert_eq!(values(&solved), ("1".into(), "0".into()), "{path}");
    problem
}

#[test]
fn the_attackers_ground_behind_its_wall_is_left_out() {
    // White's corner behind R18-S16 (R19 T19 T16 ...) is reached by Black's R-stones only
    // through S15; fought over, it made the fight too large to answer in 25 s.
    let problem = assert_black_answer_alone("tests/data/readings/ishigure-123-basic-p0022.sgf");
    let g = problem.graph();
    for point in ["T19", "T18", "T17", "T16", "S19"] {
        let p = g.parse_point(point).unwrap();
        assert!(!problem.region().contains(&p), "{point}");
    }
}

#[test]
fn an_attacker_chain_short_of_liberties_joins_the_fight() {
    // White's Q19 (liberties P19, R19) can be captured: R19 is in the fight although White's
    // stones stand between it and Black's.
    let problem = assert_black_answer_alone("tests/data/readings/ishigure-123-basic-p0008.sgf");
    let r19 = problem.graph().parse_point("R19").unwrap();
    assert!(problem.region().contains(&r19));
}

#[test]
fn the_defenders_stones_on_the_open_side_are_its_strength() {
    // Black's J16 and K15 are walls, not target: Black's group lives by joining them.
    let problem = assert_black_answer_alone("tests/data/readings/maeda-100-p0098.sgf");
    let g = problem.graph();
    let walls: Vec<String> = problem.walls().iter().map(|&p| g.label(p)).collect();
    assert_eq!(walls, ["J16", "K15"]);
    assert!(problem
        .target()
        .iter()
        .all(|p| !problem.walls().contains(p)));
}

#[test]
fn a_reading_left_with_only_a_stone_in_atari_targets_it() {
    // White's group inside is the problem (Black kills at the book's N19). In Black's reading,
    // every black chain but M17 has a stone on an open side, its strength outside (rule 7),
    // and M17 is in atari: the stone is all that reading has to defend, not an empty target
    // (which stopped the program before).
    let path = PathBuf::from("tests/data/readings/yamada-high-speed-attack-p1006.sgf");
    let input = lifedeg::inputs(std::slice::from_ref(&path), None).remove(0);
    let readings = SolveRequest::new().readings(input).unwrap();
    let black = readings
        .iter()
        .find(|r| r.defender() == Color::Black)
        .expect("Black's reading");
    let g = black.graph();
    let target: Vec<String> = black.target().iter().map(|&p| g.label(p)).collect();
    assert_eq!(target, ["M17"]);
    let (problem, solved, (_, answer)) = solve_book_file(&path);
    assert_eq!(problem.defender(), Color::White);
    assert_eq!(solved.black_first.best().collect::<Vec<_>>(), [answer]);
    assert_eq!(values(&solved), ("0".into(), "1".into()));
}

#[test]
fn a_kill_the_books_count_as_clean_can_leave_a_ko_under_the_two_pass_rule() {
    // Ishigure 87 (White enclosed: no frame to question). The book kills at P16, and the
    // threat grades, counted the books' way (the position left when play stops is settled by
    // play without threats), agree: White dies whatever the threats. The life degree ends
    // the fight alive at two passes, so Black must fight out a ko first; R19, O17 and Q16
    // kill with no ko, and only they are best.
    let path = PathBuf::from("tests/data/readings/ishigure-123-basic-p0087.sgf");
    let (problem, solved, (_, answer)) = solve_book_file(&path);
    let g = problem.graph();
    assert_eq!(problem.defender(), Color::White);
    let best: Vec<String> = solved.black_first.best().map(|m| m.label(g)).collect();
    assert_eq!(best, ["R19", "O17", "Q16"]);
    let book = solved.black_first.moves.iter().find(|m| m.first == answer);
    assert_eq!(
        book.and_then(|m| m.value.exact()).map(|v| v.to_string()),
        Some("17/81".into())
    );
    // By the books' count it is as good a kill as the best: dead whatever the threats.
    assert_eq!(book.map(|m| m.grade), Some(Grade::Dies));
    // After the book's move (the file's main line), White to play.
    let after = SolveRequest::new()
        .at_move(Some(1))
        .solve_file(&path)
        .unwrap()
        .answer;
    assert_eq!(after.white_first.value.to_string(), "17/81");
    assert_eq!(after.white_first.grade, Grade::Dies);
    assert_eq!(solved.black_first.grade, Grade::Dies);
}

#[test]
fn the_time_limit_counts_from_the_clock_the_budget_carries() {
    // A clock started before the solve: the readings of a diagram share one limit this way.
    let budget = Budget::default()
        .time(Some(std::time::Duration::from_secs(1)))
        .since(std::time::Instant::now() - std::time::Duration::from_secs(2));
    let path = PathBuf::from("problems/scaling/corner-16.sgf");
    let result = SolveRequest::new().budget(budget).solve_file(&path);
    match result {
        Err(lifedeg::Error::Solve {
            source: lifedeg::SolveError::Stopped { stopped, .. },
            ..
        }) => assert_eq!(
            stopped.limit,
            lifedeg::Limit::Time(std::time::Duration::from_secs(1))
        ),
        other => panic!("expected the time limit, got {:?}", other.map(|_| ())),
    }
}

/// The point `(x, y)` of a 19×19 board under one of its eight symmetries: `k & 3` quarter
/// turns, then a mirror when `k & 4`.
fn turned((mut x, mut y): (u8, u8), k: u8) -> (u8, u8) {
    for _ in 0..k & 3 {
        (x, y) = (18 - y, x);
    }
    if k & 4 != 0 {
        x = 18 - x;
    }
    (x, y)
}

/// An SGF text with every point value (`[cd]`) moved by [`turned`].
fn turned_sgf(text: &str, k: u8) -> String {
    let b = text.as_bytes();
    let mut out = b.to_vec();
    for i in 0..b.len().saturating_sub(3) {
        let point = |c: u8| (b'a'..=b's').contains(&c);
        if b[i] == b'[' && point(b[i + 1]) && point(b[i + 2]) && b[i + 3] == b']' {
            let (x, y) = turned((b[i + 1] - b'a', b[i + 2] - b'a'), k);
            out[i + 1] = b'a' + x;
            out[i + 2] = b'a' + y;
        }
    }
    String::from_utf8(out).unwrap()
}

#[test]
fn a_diagram_reads_the_same_in_every_corner_and_on_every_side() {
    // The framing rules speak of open sides and edges, never of one corner: the diagram
    // turned or mirrored (the development set is printed in the top-right corner and on the
    // top side) gives the same defender, region, values and best moves, turned with it.
    let files = [
        "tests/data/readings/maeda-100-p0065.sgf",
        "tests/data/readings/yamada-high-speed-attack-p4025.sgf",
        "tests/data/readings/ishigure-123-basic-p0008.sgf",
        "tests/data/readings/maeda-100-p0098.sgf",
        "tests/data/books/fujisawa-intermediate-p0053.sgf",
        "tests/data/books/fujisawa-advanced-p0092.sgf",
        "tests/data/books/yamada-high-speed-attack-p2024.sgf",
        "tests/data/books/ishigure-123-basic-p0025.sgf",
        "tests/data/books/maeda-100-p0085.sgf",
        "tests/data/books/yamada-high-speed-attack-p1025.sgf",
    ];
    let dir = tempfile::tempdir().unwrap();
    for file in files {
        let text = std::fs::read_to_string(file).unwrap();
        // What a reading gives, and each opening's best moves as board cells (`None`: pass).
        let read = |k: u8| {
            let path = dir.path().join(format!("k{k}.sgf"));
            std::fs::write(&path, turned_sgf(&text, k)).unwrap();
            let (problem, solved, _) = solve_book_file(&path);
            let g = problem.graph();
            let cells = |o: &Opening| -> Vec<Option<(u8, u8)>> {
                o.best()
                    .map(|m| match m {
                        Move::Play(p) => g.grid(p),
                        Move::Pass => None,
                    })
                    .collect()
            };
            let answer = (
                problem.defender(),
                problem.region().len(),
                problem.framing().map(|f| f.place),
                solved.value.to_string(),
                values(&solved),
            );
            (
                answer,
                [cells(&solved.black_first), cells(&solved.white_first)],
            )
        };
        let (upright, upright_best) = read(0);
        for k in 1..8 {
            let (answer, best) = read(k);
            assert_eq!(answer, upright, "{file} turned by {k}");
            // The upright best moves, turned, are the turned diagram's.
            for (mut turned_best, upright) in best.into_iter().zip(&upright_best) {
                let mut expected: Vec<_> =
                    upright.iter().map(|c| c.map(|c| turned(c, k))).collect();
                expected.sort();
                turned_best.sort();
                assert_eq!(turned_best, expected, "{file} turned by {k}");
            }
        }
    }
}

#[test]
fn equally_large_chains_are_read_deepest_first_in_any_orientation() {
    // White's group is three lone stones; nothing hangs on them together, so each is read
    // alone. M18 lies deeper in Black's area than J18 (two lines from the open sides against
    // one) and is read first: the book's N18 cuts it off. Before, board order read J18 first
    // and its reading hung too, with H18 best; turned half round, the order was the other way.
    let file = "tests/data/readings/maeda-100-p0092.sgf";
    let text = std::fs::read_to_string(file).unwrap();
    let dir = tempfile::tempdir().unwrap();
    for k in [0, 2] {
        let path = dir.path().join(format!("k{k}.sgf"));
        std::fs::write(&path, turned_sgf(&text, k)).unwrap();
        let (problem, solved, (_, answer)) = solve_book_file(&path);
        let g = problem.graph();
        let m18 = g.parse_point("M18").unwrap();
        let (x, y) = turned(g.grid(m18).unwrap(), k);
        assert_eq!(problem.target(), [g.at(x, y).unwrap()], "turned by {k}");
        assert_eq!(solved.black_first.best().collect::<Vec<_>>(), [answer]);
        assert_eq!(values(&solved), ("0".into(), "1".into()));
    }
}

/// The caption forms docs/framing.md lists, each naming the defender in its language (`{d}`
/// in English, `{dj}` Japanese, `{dz}` Chinese, `{dk}` Korean; `{a}` and the rest its
/// opponent), with the side it says is to play, if it says one (`true`: the defender).
const CAPTIONS: [(&str, Option<bool>); 15] = [
    ("{a} to play; {d} to live", Some(false)),
    ("{d} to play and live", Some(true)),
    ("{d} to live", None),
    ("{a} to play. {d} lives.", Some(false)),
    ("{a} to play. {d} does not die.", Some(false)),
    ("Can {a} kill? {d} to live", None),
    ("{a} to kill", None),
    ("{a} to play and kill", Some(false)),
    ("{dj}先活", Some(true)),
    ("{aj}先{dj}死", Some(false)),
    ("{dz}先活", Some(true)),
    ("{dz}棋不死", None),
    ("{az}先{dz}死", Some(false)),
    ("{dk}선활", Some(true)),
    ("{ak}선{dk}사", Some(false)),
];

/// A caption form with its colours filled in.
fn caption(form: &str, defender: Color) -> String {
    let names = |c: Color| match c {
        Color::Black => ["Black", "黒", "黑", "흑"],
        Color::White => ["White", "白", "白", "백"],
    };
    let (d, a) = (names(defender), names(defender.other()));
    let mut text = form.to_string();
    for (i, suffix) in ["", "j", "z", "k"].iter().enumerate() {
        text = text.replace(&format!("{{d{suffix}}}"), d[i]);
        text = text.replace(&format!("{{a{suffix}}}"), a[i]);
    }
    text
}

#[test]
fn the_colour_the_caption_ties_to_living_defends_whoever_plays() {
    // Every caption form, naming either colour, with either side to play (PL), in every
    // corner and on every side: the named colour defends, the file's side moves first, and a
    // caption naming the other side to play is warned of.
    let text = std::fs::read_to_string("tests/data/readings/maeda-100-p0065.sgf").unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("caption.sgf");
    for (form, says_to_play) in CAPTIONS {
        for defender in [Color::Black, Color::White] {
            let words = caption(form, defender);
            let said = says_to_play.map(|d| if d { defender } else { defender.other() });
            for to_play in [Color::Black, Color::White] {
                let pl = if to_play == Color::Black { "B" } else { "W" };
                let sgf = text.replace(
                    "PL[B]C[Black to play]",
                    &format!("CA[UTF-8]PL[{pl}]C[{words}]"),
                );
                let mut upright = None;
                for k in 0..8 {
                    std::fs::write(&path, turned_sgf(&sgf, k)).unwrap();
                    let input = lifedeg::Input::only(&path).unwrap();
                    let readings = SolveRequest::new().readings(input).unwrap();
                    let case = format!("{words:?}, {pl} to play, turned by {k}");
                    assert!(readings.iter().all(|r| r.defender() == defender), "{case}");
                    let problem = &readings[0];
                    let read = (problem.target().len(), problem.region().len());
                    assert_eq!(*upright.get_or_insert(read), read, "{case}");
                    assert_eq!(problem.to_play(), Some(to_play), "{case}");
                    let expected: Vec<lifedeg::Warning> = said
                        .filter(|&s| s != to_play)
                        .map(|text| lifedeg::Warning::ToPlayDiffers {
                            file: to_play,
                            text,
                        })
                        .into_iter()
                        .collect();
                    assert_eq!(problem.warnings(), expected, "{case}");
                }
            }
        }
    }
}
