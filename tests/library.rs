//! The problem library against its hand derivations (problems/README.md): life degrees, best
//! first moves and grades (threats counted).
//!
//! Every value here was worked out by hand before the solver was run on the file; a change in
//! the rules, the solver or a problem file that moves any of them fails this test.

use crate::common::{
    self, Color, Grade, Graph, Model, Move, Opening, Probability, Problem, Shortcuts, SolveRequest,
    Value,
};
use std::collections::BTreeSet;

/// A hand-derived answer: values as (numerator, denominator); best first moves as board labels,
/// `None` where several moves are equally good and no book names one.
struct Expected {
    file: &'static str,
    defender: Color,
    life_degree: (i64, i64),
    black_first: (i64, i64),
    white_first: (i64, i64),
    black_best: Option<&'static [&'static str]>,
    white_best: Option<&'static [&'static str]>,
}

const fn case(
    file: &'static str,
    defender: Color,
    values: [(i64, i64); 3],
    black_best: Option<&'static [&'static str]>,
    white_best: Option<&'static [&'static str]>,
) -> Expected {
    Expected {
        file,
        defender,
        life_degree: values[0],
        black_first: values[1],
        white_first: values[2],
        black_best,
        white_best,
    }
}

use Color::{Black, White};

const ONE: (i64, i64) = (1, 1);
const ZERO: (i64, i64) = (0, 1);
const HALF: (i64, i64) = (1, 2);

const LIBRARY: &[Expected] = &[
    // Settled shapes and one vital point (example 1: (1 + 0)/2).
    case(
        "vital-point.sgf",
        Black,
        [HALF, ONE, ZERO],
        Some(&["B1"]),
        Some(&["B1"]),
    ),
    case(
        "straight-three.sgf",
        Black,
        [HALF, ONE, ZERO],
        Some(&["D1"]),
        Some(&["D1"]),
    ),
    case(
        "bent-three.sgf",
        Black,
        [HALF, ONE, ZERO],
        Some(&["D1"]),
        Some(&["D1"]),
    ),
    case(
        "pyramid-four.sgf",
        Black,
        [HALF, ONE, ZERO],
        Some(&["D1"]),
        Some(&["D1"]),
    ),
    // Black lives at any of the three points that leave a four-point living shape.
    case(
        "bulky-five.sgf",
        Black,
        [HALF, ONE, ZERO],
        Some(&["D2", "C1", "D1"]),
        Some(&["D1"]),
    ),
    case(
        "crossed-five.sgf",
        Black,
        [HALF, ONE, ZERO],
        Some(&["D2"]),
        Some(&["D2"]),
    ),
    case(
        "rabbity-six.sgf",
        Black,
        [HALF, ONE, ZERO],
        Some(&["D3", "D2", "E2"]),
        Some(&["D2"]),
    ),
    case("square-four.sgf", Black, [ZERO, ZERO, ZERO], None, None),
    case("straight-four.sgf", Black, [ONE, ONE, ONE], None, None),
    case("bent-four.sgf", Black, [ONE, ONE, ONE], None, None),
    case("seki.sgf", Black, [ONE, ONE, ONE], Some(&["pass"]), None),
    // White C1 (or E1), Black captures two and keeps a two-point eye: one eye.
    case(
        "straight-three-occupied.sgf",
        Black,
        [ZERO, ZERO, ZERO],
        None,
        Some(&["C1", "E1"]),
    ),
    case("double-ko.sgf", Black, [ONE, ONE, ONE], None, None),
    // Kos: y = ½z, z = ½y + ½ gives y = 1/3, z = 2/3.
    case(
        "direct-ko.sgf",
        Black,
        [(2, 3), ONE, (1, 3)],
        Some(&["D4"]),
        Some(&["D4"]),
    ),
    case(
        "direct-ko-attacker-first.sgf",
        Black,
        [(1, 3), (2, 3), ZERO],
        Some(&["D3"]),
        Some(&["C5", "D3"]),
    ),
    case(
        "bent-four-corner.sgf",
        Black,
        [(2, 3), ONE, (1, 3)],
        Some(&["A1", "B1"]),
        Some(&["B1"]),
    ),
    // White waits (Black can only pass), then White A2, Black D1 takes four and White starts
    // the bent-four ko at B1: the direct ko White has taken, 1/3, whoever moves first.
    case(
        "bent-four-corner-dead.sgf",
        Black,
        [(1, 3), (1, 3), (1, 3)],
        Some(&["pass"]),
        Some(&["A2"]),
    ),
    // Black G1 hangs on F1: White captures it there (0), Black connects and the corner is
    // `bent-four-corner-dead.sgf` with White to move (1/3).
    case(
        "bent-four-or-capture.sgf",
        Black,
        [(1, 6), (1, 3), ZERO],
        Some(&["F1"]),
        Some(&["F1"]),
    ),
    // Approach kos: y = ½z + ½u, z = ½y + ½, u = the value after the approach.
    case(
        "yose-ko.sgf",
        Black,
        [(8, 9), ONE, (7, 9)],
        Some(&["A5", "D5"]),
        Some(&["D5"]),
    ),
    case(
        "approach-ko-2.sgf",
        Black,
        [(26, 27), ONE, (25, 27)],
        Some(&["A5", "D5"]),
        Some(&["D5"]),
    ),
    case(
        "yose-ko-white-target.sgf",
        White,
        [(1, 3), ZERO, (2, 3)],
        Some(&["A5", "D5"]),
        Some(&["D5"]),
    ),
    case(
        "ten-thousand-year-ko.sgf",
        Black,
        [(8, 9), ONE, (7, 9)],
        Some(&["D5"]),
        Some(&["D5"]),
    ),
    case(
        "ten-thousand-year-ko-taken.sgf",
        Black,
        [(7, 9), (8, 9), (2, 3)],
        Some(&["C5"]),
        Some(&["A3", "B3"]),
    ),
    // Two-stage ko: b = ½a + ½·min(c, t), a = ½b + ½, c = ½d, d = ½·min(c, t) + ½t with
    // t = 1/3 (the direct ko left after White connects at A5): c = 1/9, b = 11/27.
    case(
        "two-stage-ko.sgf",
        Black,
        [(19, 27), ONE, (11, 27)],
        Some(&["B5"]),
        Some(&["B5"]),
    ),
];

fn value((n, d): (i64, i64)) -> Value {
    Value::new(n.into(), d.into())
}

fn best(graph: &Graph, opening: &Opening) -> BTreeSet<String> {
    opening
        .best()
        .map(|m| match m {
            Move::Play(p) => graph.label(p),
            Move::Pass => "pass".to_string(),
        })
        .collect()
}

fn check(e: &Expected) {
    let common::Solution {
        problem, answer, ..
    } = common::solve(&common::problems_dir().join(e.file), &Model::default());
    assert_eq!(problem.defender(), e.defender, "{}: defender", e.file);
    assert_eq!(
        answer.value,
        value(e.life_degree),
        "{}: life degree",
        e.file
    );
    assert_eq!(
        answer.black_first.value,
        value(e.black_first),
        "{}: Black first",
        e.file
    );
    assert_eq!(
        answer.white_first.value,
        value(e.white_first),
        "{}: White first",
        e.file
    );
    assert!(
        !answer.no_result_used,
        "{}: endless play decided a value",
        e.file
    );
    let g = problem.graph();
    for (opening, expected) in [
        (&answer.black_first, e.black_best),
        (&answer.white_first, e.white_best),
    ] {
        if let Some(moves) = expected {
            let want: BTreeSet<String> = moves.iter().map(|m| m.to_string()).collect();
            assert_eq!(
                best(g, opening),
                want,
                "{}: best moves, {:?} first",
                e.file,
                opening.side
            );
        }
    }
}

#[test]
fn every_problem_matches_its_hand_derivation() {
    for e in LIBRARY {
        check(e);
    }
}

#[test]
fn every_problem_file_has_a_hand_derivation() {
    let files: BTreeSet<String> = common::problem_files()
        .iter()
        .map(|p| {
            p.file_name()
                .expect("file name")
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    let covered: BTreeSet<String> = LIBRARY.iter().map(|e| e.file.to_string()).collect();
    assert_eq!(
        files, covered,
        "problems/*.sgf and the table here must list the same files"
    );
    let graded: BTreeSet<String> = GRADES
        .iter()
        .filter(|(f, _, _)| !f.contains('/'))
        .map(|(f, _, _)| f.to_string())
        .collect();
    assert_eq!(
        files, graded,
        "problems/*.sgf and GRADES must list the same files"
    );
}

// Grades: threats counted, GoTools' notation (problems/README.md, "Grades: threats counted").

/// (file under problems/, grade with Black first, grade with White first).
const GRADES: &[(&str, &str, &str)] = &[
    ("vital-point.sgf", "l", "d"),
    ("straight-three.sgf", "l", "d"),
    ("bent-three.sgf", "l", "d"),
    ("pyramid-four.sgf", "l", "d"),
    ("bulky-five.sgf", "l", "d"),
    ("crossed-five.sgf", "l", "d"),
    ("rabbity-six.sgf", "l", "d"),
    ("square-four.sgf", "d", "d"),
    ("straight-four.sgf", "l", "l"),
    ("bent-four.sgf", "l", "l"),
    ("seki.sgf", "l", "l"),
    ("straight-three-occupied.sgf", "d", "d"),
    ("double-ko.sgf", "l", "l"),
    ("direct-ko.sgf", "l", "d1l"),
    ("direct-ko-attacker-first.sgf", "l1d", "d"),
    ("bent-four-corner.sgf", "l", "d1l"),
    ("bent-four-corner-dead.sgf", "d", "d"),
    ("bent-four-or-capture.sgf", "d", "d"),
    ("yose-ko.sgf", "l", "l1d"),
    ("approach-ko-2.sgf", "l", "l2d"),
    ("yose-ko-white-target.sgf", "d", "l1d"),
    ("ten-thousand-year-ko.sgf", "l", "l1d"),
    ("ten-thousand-year-ko-taken.sgf", "l2d", "l1d"),
    ("two-stage-ko.sgf", "l", "d1l"),
    ("book/straight-three-live.sgf", "l", "d"),
    ("book/straight-three-kill.sgf", "l", "d"),
    ("book/straight-three-open-live.sgf", "l", "d"),
    ("book/straight-three-open-kill.sgf", "l", "d"),
    ("book/bent-three-live.sgf", "l", "d"),
    ("book/bent-three-kill.sgf", "l", "d"),
    ("book/bulky-five-live.sgf", "l", "d"),
    ("book/bulky-five-kill.sgf", "l", "d"),
    ("book/crossed-five-kill.sgf", "l", "d"),
    ("book/rabbity-six-live.sgf", "l", "d"),
    ("book/rabbity-six-kill.sgf", "l", "d"),
    ("scaling/corner-08.sgf", "l", "l"),
    ("scaling/corner-12.sgf", "l", "l"),
];

#[test]
fn every_problem_has_its_hand_derived_grade() {
    for &(file, black, white) in GRADES {
        let answer = common::solve(&common::problems_dir().join(file), &Model::default()).answer;
        assert_eq!(
            answer.black_first.grade.to_string(),
            black,
            "{file}: Black first"
        );
        assert_eq!(
            answer.white_first.grade.to_string(),
            white,
            "{file}: White first"
        );
    }
}

/// With no threats at all, each ko collapses to a boolean game: a check that the ko values
/// come from the threats and not from elsewhere.
#[test]
fn without_threats_the_kos_are_decided_by_who_holds_them() {
    let no_threats = Model::default().with_threat_prob(Probability::zero());
    // Direct ko: the side to move wins it. Approach and ten-thousand-year kos: the attacker
    // needs two ko wins, so without threats it never captures. Two-stage ko: each of White's
    // ko captures leaves Black needing a threat, so White first wins.
    for (file, b, w) in [
        ("direct-ko.sgf", ONE, ZERO),
        ("bent-four-corner.sgf", ONE, ZERO),
        ("yose-ko.sgf", ONE, ONE),
        ("ten-thousand-year-ko.sgf", ONE, ONE),
        ("two-stage-ko.sgf", ONE, ZERO),
    ] {
        let answer = common::solve(&common::problems_dir().join(file), &no_threats).answer;
        assert_eq!(answer.black_first.value, value(b), "{file}: Black first");
        assert_eq!(answer.white_first.value, value(w), "{file}: White first");
    }
}

/// A first move only shown worse than the best by proofs (its value a bound) may still be
/// graded `d` by a proof of the counted-threat game; the whole graph, which counts the threats
/// layer by layer, gives every such move `d` too. Every library problem, first moves decided by
/// proofs however small the fight (by default only past 12 empty points).
#[test]
fn a_worse_move_proven_d_is_d_in_the_whole_graph() {
    use lifedeg::MoveValue;
    let params = Model::default();
    let answer = |problem: &Problem, shortcuts: Shortcuts| {
        let request = SolveRequest::new()
            .model(params.clone())
            .shortcuts(shortcuts);
        request.solve_problem(problem).expect("solved").answer
    };
    let mut graded = 0;
    for file in GRADES
        .iter()
        .map(|g| g.0)
        .filter(|f| !f.starts_with("scaling/"))
    {
        let problem = common::solve(&common::problems_dir().join(file), &params).problem;
        let whole = answer(&problem, Shortcuts::all().exact_moves());
        let decided = answer(&problem, Shortcuts::all().first_moves_by_proof_past(0));
        let pairs = [
            (&decided.black_first, &whole.black_first),
            (&decided.white_first, &whole.white_first),
        ];
        for (o, w) in pairs {
            for (m, n) in o.moves.iter().zip(&w.moves) {
                if matches!(m.value, MoveValue::Above(_)) && m.grade == Grade::Dies {
                    assert_eq!(n.grade, Grade::Dies, "{file}: {:?}", m.first);
                    graded += 1;
                }
            }
        }
    }
    assert!(graded > 0, "no worse move proven `d`");
}

/// The answer (values, the starts' grades, best moves) is worked out before the first moves'
/// grades and does not wait for them; worked out after, some asked first, the first moves'
/// grades are those of a solve in one go. Every problem with a hand-derived grade, with the
/// first moves decided by proofs (only the attacker's worse moves' `d` left after the answer)
/// and without.
#[test]
fn first_moves_are_graded_after_the_answer_as_in_one_go() {
    use lifedeg::{Budget, Detail};
    let params = Model::default();
    let by_proofs = Shortcuts::all().first_moves_by_proof_past(0);
    let cases = GRADES
        .iter()
        .flat_map(|g| [(g.0, Shortcuts::all()), (g.0, by_proofs)]);
    for (file, shortcuts) in cases {
        let problem = common::load(&common::problems_dir().join(file));
        let request = SolveRequest::new().shortcuts(shortcuts);
        let whole = request.solve_problem(&problem).unwrap().answer;
        let request = request.detail(Detail::Answer);
        let mut first = request.solve_problem(&problem).unwrap();
        let answer = &first.answer;
        assert_eq!(answer.value, whole.value, "{file}");
        for (o, w) in [
            (&answer.black_first, &whole.black_first),
            (&answer.white_first, &whole.white_first),
        ] {
            assert_eq!((&o.value, o.grade), (&w.value, w.grade), "{file}");
            assert!(o.best().eq(w.best()), "{file}: the best moves");
            for (m, n) in o.moves.iter().zip(&w.moves) {
                assert!(
                    m.grade == Grade::Unasked || m.grade == n.grade,
                    "{file}: {:?} is {} before the details, {} in one go",
                    m.first,
                    m.grade,
                    n.grade
                );
            }
        }
        // The last of White first's moves asked first (a pass, most often).
        let asked: Vec<Move> = whole
            .white_first
            .moves
            .iter()
            .rev()
            .take(1)
            .map(|m| m.first)
            .collect();
        first.solved.grade_first_moves(&asked, &Budget::default());
        assert_eq!(first.solved.answer(&params), whole, "{file}");
    }
}
