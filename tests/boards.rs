//! Problems on boards given as files or generators: the same values as SGF on square boards,
//! hand-derived values on the honeycomb and the triangle tiling, errors, and pictures.

use crate::common::{
    lifedeg, machine_free, solve_problem, stderr, stdout, Answer, Color, Graph, Move, Problem,
    Record, RegionSource, Solution, SolveRequest, TargetChoice, Value,
};
use lifedeg::board::{BoardError, BoardFile, Spec};
use lifedeg::board_file::{self, ProblemFileError};
use lifedeg::picture;
use lifedeg::LoadError;
use std::path::{Path, PathBuf};

fn problems(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("problems")
        .join(name)
}

fn solve(problem: &Problem) -> Solution {
    solve_problem(problem, &SolveRequest::new())
}

fn solve_file(name: &str) -> Solution {
    let problem = crate::common::load(&problems(name));
    solve(&problem)
}

fn v(text: &str) -> Value {
    text.parse().unwrap()
}

/// The value after a first move given by point name (or "pass").
fn after(problem: &Problem, answer: &Answer, side: Color, mv: &str) -> Value {
    let opening = match side {
        Color::Black => &answer.black_first,
        Color::White => &answer.white_first,
    };
    let m = if mv == "pass" {
        Move::Pass
    } else {
        Move::Play(
            mv.parse::<lifedeg::PointName>()
                .unwrap()
                .on(problem.graph())
                .expect("a point"),
        )
    };
    opening
        .moves
        .iter()
        .find(|x| x.first == m)
        .unwrap_or_else(|| panic!("{mv} is not a legal first move"))
        .value
        .exact()
        .unwrap_or_else(|| panic!("{mv} is only bounded"))
        .clone()
}

/// Solves a file and checks its life degree and the values with Black and White first.
fn solve_expecting(name: &str, degree: &str, black: &str, white: &str) -> Solution {
    let s = solve_file(name);
    let a = &s.answer;
    assert_eq!(
        [&a.value, &a.black_first.value, &a.white_first.value],
        [&v(degree), &v(black), &v(white)],
        "{name}"
    );
    s
}

fn record(s: &Solution) -> Record {
    Record::new("same", &s.problem, &s.answer, &s.stats)
}

#[test]
fn square_board_file_gives_the_sgf_values() {
    let sgf = solve_file("direct-ko.sgf");
    let file = solve_file("boards/square-direct-ko.toml");
    // The board file names points as SGF does, so the whole JSON record must agree: values,
    // every first move, the state count.
    assert_eq!(record(&file), record(&sgf));
    assert_eq!(file.answer.value, v("2/3"));
}

#[test]
fn square_generator_gives_the_sgf_values() {
    // The same problem on the generated board, written with C3-style names.
    let text = r#"
board = "square 7x5"
black = ["B5", "D5", "E5", "A4", "B4", "C4", "E4", "D3"]
white = ["F5", "F4", "A3", "B3", "C3", "E3", "F3", "C2", "D2", "E2"]
target = ["B5", "D5"]
"#;
    let setup = board_file::read(text, Path::new(".")).unwrap();
    assert_eq!(setup.graph, Graph::square(7, 5));
    let problem = setup.validate(&TargetChoice::FromFile).unwrap();
    let sgf = solve_file("direct-ko.sgf");
    assert_eq!(record(&solve(&problem)), record(&sgf));
}

#[test]
fn the_square_board_file_is_the_square_graph() {
    let file = lifedeg::board::load(&problems("boards/square-7x5.toml")).unwrap();
    let square = Graph::square(7, 5);
    assert_eq!(file.len(), square.len());
    for p in square.points() {
        assert_eq!(file.sgf_name(p), square.sgf_name(p));
        assert_eq!(file.neighbours(p), square.neighbours(p));
        assert_eq!(file.coords(p), square.coords(p));
    }
}

/// Honeycomb direct ko (problems/boards/hex-direct-ko.toml). Target: chains A = b1 c1 d2 c2
/// b2 and B = b3 c3; eye a1 touches only A, a2 touches A and B; d3 touches A (c2), B (c3)
/// and the black ko stone e3, whose other neighbours f3 and f4 are White.
///
/// * Black first connects at d3: one chain with eyes a1 and a2, and White may play neither
///   (each would be suicide), so it lives: 1.
/// * White first takes at d3, capturing e3. White's d3 stands alone with the single liberty
///   e3: a ko. Let y = Black to move, banned from e3; z = after Black retakes (White banned).
///   In y Black's only moves besides the retake are a1, a2 or pass, after which B (liberty a2
///   only) is taken at a2: so y = ½·z + ½·0. In z White's a1 and a2 are suicide, so without a
///   threat White passes and Black connects: z = ½·y + ½·1. Hence y = 1/3, z = 2/3.
/// * White's other first move, pass, lets Black connect (1): White first = 1/3.
///
/// Life degree = (1 + 1/3)/2 = 2/3, as the model's example 2 on the square board.
#[test]
fn honeycomb_direct_ko_is_two_thirds() {
    let s = solve_expecting("boards/hex-direct-ko.toml", "2/3", "1", "1/3");
    let (p, a) = (&s.problem, &s.answer);
    assert_eq!(after(p, a, Color::Black, "d3"), v("1"));
    assert_eq!(after(p, a, Color::White, "d3"), v("1/3"));
    assert_eq!(after(p, a, Color::White, "pass"), v("1"));
    // Black filling its own eye first lets White take the ko at once: y again.
    assert_eq!(after(p, a, Color::Black, "a1"), v("1/3"));
    assert!(s.stats.chance_nodes > 0);
}

/// Honeycomb straight three (problems/boards/hex-straight-three.toml): eye space a1 - b2 - a2.
/// Black at b2 leaves two one-point eyes: 1. White at b2 kills: if Black fills a1 (or a2),
/// White takes the whole group at the other; if Black waits, White plays a1 and the group
/// has the single liberty a2 — Black taking the two white stones there leaves a two-point
/// eye that White reduces the same way. So (1 + 0)/2 = 1/2, the model's example 1.
#[test]
fn honeycomb_straight_three_is_one_half_and_inferred() {
    let s = solve_expecting("boards/hex-straight-three.toml", "1/2", "1", "0");
    let (p, a) = (&s.problem, &s.answer);
    assert_eq!(a.black_first.best().collect::<Vec<_>>().len(), 1);
    assert_eq!(after(p, a, Color::Black, "b2"), v("1"));
    assert_eq!(after(p, a, Color::White, "b2"), v("0"));
    // The file marks nothing: the black group and its eye space were found on the graph.
    assert_eq!(p.defender(), Color::Black);
    assert_eq!(p.target().len(), 7);
    assert_eq!(p.region_source(), RegionSource::Enclosed);
    let names: Vec<String> = p.region().iter().map(|&q| p.graph().label(q)).collect();
    for eye in ["a1", "b2", "a2"] {
        assert!(names.iter().any(|n| n == eye), "{eye} in {names:?}");
    }
    assert_eq!(p.region().len(), 10);
}

/// Triangle-tiling straight three (problems/boards/tri-straight-three.toml): a1 - b1 - c1
/// down the left edge of `tri 6`; a1 and c1 do not touch. The same argument as on the
/// honeycomb: b1 is the vital point, 1/2.
#[test]
fn triangle_straight_three_is_one_half() {
    let s = solve_expecting("boards/tri-straight-three.toml", "1/2", "1", "0");
    let (p, a) = (&s.problem, &s.answer);
    assert_eq!(after(p, a, Color::Black, "b1"), v("1"));
    assert_eq!(after(p, a, Color::Black, "a1"), v("0"));
    assert_eq!(after(p, a, Color::White, "b1"), v("0"));
    assert_eq!(p.region_source(), RegionSource::Enclosed);
}

/// Triangle-tiling bulky three (problems/boards/trihex-bulky-three.toml): a1, a2, b2 all
/// touch each other, so the empty points of the eye space always form one region and Black
/// never has two eyes; White fills it down to the last liberty: 0 whoever starts.
#[test]
fn triangle_bulky_three_is_dead() {
    solve_expecting("boards/trihex-bulky-three.toml", "0", "0", "0");
}

/// Writes `text` to the file `name` in `dir` (a temporary directory the caller keeps).
fn write_temp(dir: &tempfile::TempDir, name: &str, text: &str) -> PathBuf {
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn load_error(name: &str, text: &str) -> LoadError {
    let dir = tempfile::tempdir().unwrap();
    load_error_in(&dir, name, text)
}

fn load_error_in(dir: &tempfile::TempDir, name: &str, text: &str) -> LoadError {
    SolveRequest::new()
        .load(&write_temp(dir, name, text))
        .unwrap_err()
}

/// The board-file error behind a problem that uses the board file `text`.
fn board_file_error(name: &str, text: &str) -> BoardError {
    let dir = tempfile::tempdir().unwrap();
    write_temp(&dir, &format!("{name}.board.toml"), text);
    let problem = format!("board = {{ file = \"{name}.board.toml\" }}\nblack = [\"p\"]\n");
    match load_error_in(&dir, &format!("{name}.toml"), &problem) {
        LoadError::BoardProblem { file, source } => {
            assert!(file.ends_with(&format!("{name}.toml")));
            match *source {
                ProblemFileError::BoardFile {
                    file: board,
                    source,
                } => {
                    assert!(board.ends_with(&format!("{name}.board.toml")));
                    source
                }
                other => panic!("unexpected error {other}"),
            }
        }
        other => panic!("unexpected error {other}"),
    }
}

const TWO: &str = "points = [{ name = \"p\", x = 0, y = 0 }, { name = \"q\", x = 1, y = 0 }]\n";

#[test]
fn board_file_errors_name_the_file_and_the_fault() {
    assert_eq!(
        board_file_error("unknown", &format!("{TWO}edges = [[\"p\", \"r\"]]\n")),
        BoardError::UnknownPoint {
            index: 1,
            a: "p".into(),
            b: "r".into(),
            missing: "r".into()
        }
    );
    assert_eq!(
        board_file_error("self", &format!("{TWO}edges = [[\"p\", \"p\"]]\n")),
        BoardError::SelfLoop("p".into())
    );
    assert_eq!(
        board_file_error(
            "twice",
            &format!("{TWO}edges = [[\"p\", \"q\"], [\"q\", \"p\"]]\n")
        ),
        BoardError::DuplicateEdge("p".into(), "q".into())
    );
    assert_eq!(
        board_file_error(
            "names",
            "points = [{ name = \"p\", x = 0, y = 0 }, { name = \"p\", x = 1, y = 0 }]\n"
        ),
        BoardError::DuplicateName("p".into())
    );
    assert_eq!(
        board_file_error("pass", "points = [{ name = \"pass\", x = 0, y = 0 }]\n"),
        BoardError::BadName("pass".into())
    );
    assert_eq!(
        board_file_error("empty", "points = []\n"),
        BoardError::Empty
    );
    assert!(matches!(
        board_file_error("syntax", "points = [\n  { name = \"p\", x = 0 }\n]\n"),
        BoardError::Toml { line: 2, .. }
    ));
    assert!(matches!(
        board_file_error("missing", "edges = []\n"),
        BoardError::Toml { .. }
    ));
}

#[test]
fn problem_file_errors_are_one_line_and_name_the_file() {
    let cases = [
        (
            "bad-point.toml",
            "board = \"hex 2\"\nblack = [\"q9\"]\n",
            "q9",
        ),
        (
            "bad-spec.toml",
            "board = \"hex two\"\nblack = [\"a1\"]\n",
            "hex two",
        ),
        ("bad-size.toml", "board = \"tri 0\"\n", "size"),
        // A legal board and names, but an illegal position: the ordinary problem check.
        (
            "no-liberty.toml",
            "board = \"hex 1\"\nblack = [\"a1\"]\nwhite = [\"b1\", \"b2\"]\n",
            "no liberty",
        ),
    ];
    for (name, text, needle) in cases {
        let message = load_error(name, text).to_string();
        assert!(message.contains(name), "{message}");
        assert!(message.contains(needle), "{message}");
        assert!(!message.contains('\n'), "{message}");
    }
}

#[test]
fn a_bad_board_file_exits_with_code_2() {
    let dir = tempfile::tempdir().unwrap();
    let path = write_temp(
        &dir,
        "cli-bad.toml",
        "board = \"hex 2\"\nblack = [\"nowhere\"]\n",
    );
    let out = lifedeg([&path]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{err}");
    // The file (cli-bad.toml) and the name that is not a point (nowhere).
    let dir = dir.path().display().to_string();
    insta::assert_snapshot!(machine_free(&err, &[(&dir, "[tmp]")]));
}

#[test]
fn json_moves_are_point_names() {
    let r = record(&solve_file("boards/hex-direct-ko.toml"));
    assert_eq!(r.black_first.best, vec!["d3".to_string()]);
    assert!(r.white_first.moves.iter().any(|m| m.mv == "pass"));
    let mut target = r.target.clone();
    target.sort();
    assert_eq!(target, ["b1", "b2", "b3", "c1", "c2", "c3", "d2"]);
}

/// Checks one opening picture: well-formed XML, one stone element per stone, one target mark
/// per target stone, one value per legal first move on a point, a ring per best such move.
fn check_picture(problem: &Problem, answer: &Answer, side: Color, svg: &str) {
    let doc = roxmltree::Document::parse(svg).expect("the picture is XML");
    let class = |c: &str| {
        doc.descendants()
            .filter(|n| n.attribute("class") == Some(c))
            .count()
    };
    let g = problem.graph();
    let stones = |c: Color| g.points().filter(|&p| problem.stone(p) == Some(c)).count();
    assert_eq!(class("stone black"), stones(Color::Black));
    assert_eq!(class("stone white"), stones(Color::White));
    assert_eq!(class("target"), problem.target().len());
    let opening = match side {
        Color::Black => &answer.black_first,
        Color::White => &answer.white_first,
    };
    let plays = |o: &[Move]| o.iter().filter(|m| **m != Move::Pass).count();
    let all: Vec<Move> = opening.moves.iter().map(|m| m.first).collect();
    let best: Vec<Move> = opening.best().collect();
    assert_eq!(class("label"), plays(&all));
    assert_eq!(class("ring"), plays(&best));
    let title = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("title"))
        .and_then(|n| n.text())
        .unwrap();
    assert!(title.starts_with(side.title()), "{title}");
    assert!(
        title.contains(&format!("life degree {}", answer.value)),
        "{title}"
    );
}

#[test]
fn opening_pictures_parse_and_show_every_stone() {
    for name in [
        "boards/hex-direct-ko.toml",
        "boards/tri-straight-three.toml",
        "boards/trihex-bulky-three.toml",
        "direct-ko.sgf",
    ] {
        let Solution {
            problem, answer, ..
        } = solve_file(name);
        let pictures = picture::svg_openings(&problem, &answer);
        let sides: Vec<Color> = pictures.iter().map(|(c, _)| *c).collect();
        assert_eq!(sides, [Color::Black, Color::White]);
        for (side, svg) in &pictures {
            check_picture(&problem, &answer, *side, svg);
        }
    }
}

#[test]
fn svg_option_writes_one_picture_per_side() {
    let dir = tempfile::tempdir().unwrap();
    let out = write_temp(&dir, "ko.svg", "");
    let run = lifedeg([
        problems("boards/hex-direct-ko.toml"),
        "--svg".into(),
        out.clone(),
    ]);
    assert!(run.status.success());
    for side in ["black", "white"] {
        let path = out.with_file_name(format!("ko-{side}.svg"));
        let svg = std::fs::read_to_string(&path).unwrap();
        roxmltree::Document::parse(&svg).unwrap();
    }
}

#[test]
fn board_command_prints_a_loadable_board_file() {
    let out = lifedeg(["board", "hex 2"]);
    assert!(out.status.success());
    let text = stdout(&out);
    let g = BoardFile::parse(&text).unwrap().graph().unwrap();
    let generated = Spec::Hex(2).graph();
    assert_eq!(g.len(), 24);
    for p in g.points() {
        assert_eq!(g.label(p), generated.label(p));
        assert_eq!(g.neighbours(p), generated.neighbours(p));
    }
    let bad = lifedeg(["board", "hex"]);
    assert_eq!(bad.status.code(), Some(2));
}
