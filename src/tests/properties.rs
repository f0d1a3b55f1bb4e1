//! Property tests of the solver on random small positions, each checked independently.
//!
//! * every value lies in [0, 1] and satisfies its node's equation exactly;
//! * the defender moving first is never worse than the attacker moving first;
//! * a smaller target (chains of it given up) is never worth less to the defender;
//! * swapping the colours of every stone keeps the life degree and swaps the openings;
//! * with threat probability 0 (a banned recapture is never allowed) and 1 (always allowed)
//!   the game is deterministic, and its values equal a plain win/draw/loss analysis written
//!   here from the rules alone: 1 if the defender can force the two passes, the no-result value
//!   if it can at least keep the target on the board forever, else 0;
//! * the grade (threats counted) never contradicts the life degree, and the early endings
//!   (static analysis, extreme-game proofs) never change a grade;
//! * reading a random book-like corner diagram (the framing) gives readings or an error, each
//!   reading's target the defender's stones in its region, never an empty one;
//! * a library problem file damaged at random (bytes cut, flipped, or SGF and board-file
//!   pieces spliced in) is read, framed and put on its arena, or refused: never a panic.

use crate::go::color::ByColor;
use crate::go::graph::{Graph, Point};
use crate::go::rules::{bit, points, Color, Local, Stones};
use crate::problem::{Life, Problem, Setup, TargetChoice};
use crate::prove::state::Kind;
use crate::request::SolveRequest;
use crate::solve::answer::Answer;
use crate::solve::answer::Detail;
use crate::solve::degree::{SolveError, Solved};
use crate::solve::graph::GameGraph;
use crate::solve::{Budget, Grade, Model, Probability, Shortcuts, Value};
use hashbrown::HashMap;
use num_traits::{One, Zero};
use proptest::prelude::*;

fn r(n: i64, d: i64) -> Value {
    Value::new(n.into(), d.into())
}

fn params(p: Value) -> Model {
    Model::default().with_threat_prob(Probability::new(p).expect("a probability"))
}

/// The plain search (every state expanded) of a problem, with its grades.
fn plain(problem: &Problem, params: &Model) -> Result<Solved, SolveError> {
    plain_to(problem, params, Detail::Grades)
}

/// The plain search of a problem, as far as `detail` asks: a property of the values alone
/// has no need of the threat-counting graphs behind the grades.
fn plain_to(problem: &Problem, params: &Model, detail: Detail) -> Result<Solved, SolveError> {
    let budget = Budget::states_only(60_000);
    Solved::new(problem, params, Shortcuts::none(), &budget, detail)
}

/// The solve with `shortcuts`, with its grades.
fn shortcut(problem: &Problem, params: &Model, shortcuts: Shortcuts) -> Result<Solved, SolveError> {
    Solved::new(
        problem,
        params,
        shortcuts,
        &Budget::default(),
        Detail::Grades,
    )
}

/// A random small board position with every point in the region and a chosen target chain.
fn problem() -> impl Strategy<Value = Problem> {
    position().prop_filter_map("needs a legal position with stones", |(mut setup, pick)| {
        let stones: Vec<Point> = setup.black.iter().chain(&setup.white).copied().collect();
        if stones.is_empty() {
            return None;
        }
        setup.target_marks = vec![*pick.get(&stones)];
        setup.validate(&TargetChoice::FromFile).ok()
    })
}

/// A random position as [`problem`] gives, with the chains through two of one colour's stones
/// as the target, and the same position with the first one's chain alone as the target.
fn nested_targets() -> impl Strategy<Value = (Problem, Problem)> {
    (position(), any::<prop::sample::Index>(), any::<bool>()).prop_filter_map(
        "needs a legal position with two chains of one colour",
        |((mut setup, first), second, white)| {
            let stones = if white { &setup.white } else { &setup.black }.clone();
            if stones.is_empty() {
                return None;
            }
            let (a, b) = (*first.get(&stones), *second.get(&stones));
            setup.target_marks = vec![a, b];
            let whole = setup.clone().validate(&TargetChoice::FromFile).ok()?;
            setup.target_marks = vec![a];
            let part = setup.validate(&TargetChoice::FromFile).ok()?;
            (part.target().len() < whole.target().len()).then_some((whole, part))
        },
    )
}

/// A random small board, every point in the region, no marks yet; and a pick.
fn position() -> impl Strategy<Value = (Setup, prop::sample::Index)> {
    (2u8..=4, 2u8..=3)
        .prop_flat_map(|(w, h)| {
            let n = w as usize * h as usize;
            (
                Just((w, h)),
                prop::collection::vec(0u8..5, n),
                any::<prop::sample::Index>(),
            )
        })
        .prop_map(|((w, h), cells, pick)| {
            let graph = Graph::square(w, h);
            let mut setup = Setup {
                graph: graph.clone(),
                black: vec![],
                white: vec![],
                target_marks: vec![],
                region_marks: graph.points().collect(),
                to_play: None,
                comment: None,
            };
            for (i, c) in cells.iter().enumerate() {
                match c {
                    0 => setup.black.push(Point(i as u16)),
                    1 => setup.white.push(Point(i as u16)),
                    _ => {}
                }
            }
            (setup, pick)
        })
}

/// The plain search's values (no grades) with threat probability `p`, and its answer.
fn solve(problem: &Problem, p: Value) -> Option<(Solved, Answer)> {
    let params = params(p);
    let solved = plain_to(problem, &params, Detail::Values).ok()?;
    let answer = solved.answer(&params);
    Some((solved, answer))
}

/// Whether both grades were counted: a limit passing while building the grades' graph leaves
/// them unknown (the life degree stands).
fn counted(solved: &Solved) -> bool {
    !solved
        .grades()
        .iter()
        .any(|g| matches!(g, Grade::Unknown(_)))
}

/// Checks each node's equation from scratch: max, min, or the threat coin's average.
fn check_equations(solved: &Solved, defender: Color, p: &Value) {
    let g: &GameGraph = &solved.graph;
    let sol = &solved.values;
    for node in 0..g.len() as u32 {
        let v = sol.value(node);
        assert!(
            *v >= Value::zero() && *v <= Value::one(),
            "value {v} out of [0,1]"
        );
        let kids: Vec<&Value> = g.children(node).iter().map(|&c| sol.value(c)).collect();
        let opt = |side: Color, kids: &[&Value]| -> Value {
            let it = kids.iter().copied();
            if side == defender { it.max() } else { it.min() }
                .unwrap()
                .clone()
        };
        let expected = match g.kind(node) {
            Kind::Terminal(Life::Alive) => Value::one(),
            Kind::Terminal(Life::Dead) => Value::zero(),
            Kind::Decision(side) => opt(side, &kids),
            Kind::KoChance(side) => {
                p * opt(side, &kids) + (Value::one() - p) * opt(side, &kids[..kids.len() - 1])
            }
        };
        assert_eq!(*v, expected, "node {node} breaks its equation");
    }
}

/// A deterministic position: stones, side to move, banned point, previous move a pass.
type Pos = (Stones, Color, Option<Local>, bool);

/// Win/draw/loss values of the deterministic game (`retake`: a banned recapture is allowed),
/// computed from the rules alone by attractors on the explicit game.
fn minimax(problem: &Problem, retake: bool, no_result: &Value) -> [Value; 2] {
    let local = problem.arena().unwrap();
    let a = &local.arena;
    let defender = problem.defender();
    // Node 0: captured, node 1: lives; positions after.
    let mut index: HashMap<Pos, usize> = HashMap::new();
    let mut positions: Vec<Pos> = Vec::new();
    let mut children: Vec<Vec<usize>> = vec![vec![], vec![]];
    let mut intern = |pos: Pos, positions: &mut Vec<Pos>| -> usize {
        *index.entry(pos).or_insert_with(|| {
            positions.push(pos);
            positions.len() + 1
        })
    };
    let roots = [
        intern((local.start, Color::Black, None, false), &mut positions),
        intern((local.start, Color::White, None, false), &mut positions),
    ];
    let mut next = 0;
    while next < positions.len() {
        let (stones, side, ban, passed) = positions[next];
        let mut kids = vec![];
        for p in points(a.playable & !stones.occupied()) {
            if Some(p) == ban && !retake {
                continue;
            }
            if let Ok(played) = a.play(&stones, side, p) {
                if played.captured & local.target != 0 {
                    kids.push(0);
                } else {
                    let ko = played.ko_ban.filter(|&k| a.playable & bit(k) != 0);
                    kids.push(intern(
                        (played.after, side.other(), ko, false),
                        &mut positions,
                    ));
                }
            }
        }
        kids.push(if passed {
            1
        } else {
            intern((stones, side.other(), None, true), &mut positions)
        });
        children.push(kids);
        next += 1;
    }
    let n = children.len();
    let owner = |v: usize| positions[v - 2].1;
    // Attractor of `goal` for `who`: nodes from which `who` forces reaching it.
    let attractor = |goal: usize, who: Color| -> Vec<bool> {
        let mut inside = vec![false; n];
        inside[goal] = true;
        loop {
            let mut grew = false;
            for v in 2..n {
                if inside[v] {
                    continue;
                }
                let kids = &children[v];
                let reach = if owner(v) == who {
                    kids.iter().any(|&c| inside[c])
                } else {
                    kids.iter().all(|&c| inside[c])
                };
                if reach {
                    inside[v] = true;
                    grew = true;
                }
            }
            if !grew {
                return inside;
            }
        }
    };
    let lives = attractor(1, defender);
    let dies = attractor(0, defender.other());
    roots.map(|root| {
        if lives[root] {
            Value::one()
        } else if dies[root] {
            Value::zero()
        } else {
            no_result.clone()
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn values_satisfy_equations_and_bounds(problem in problem(), num in 0i64..=4) {
        let p = r(num, 4);
        let Some((solved, answer)) = solve(&problem, p.clone()) else { return Ok(()) };
        check_equations(&solved, problem.defender(), &p);
        let (first, second) = match problem.defender() {
            Color::Black => (&answer.black_first.value, &answer.white_first.value),
            Color::White => (&answer.white_first.value, &answer.black_first.value),
        };
        prop_assert!(first >= second, "defender first {first} < attacker first {second}");
        let (lo, hi) = (first.min(second), first.max(second));
        prop_assert!(lo <= &answer.value && &answer.value <= hi);
    }

    /// The properties of the grades (and the colour swap), on one plain search of each
    /// problem and one of its colours swapped, the threats ½ (`Model::default()`): see
    /// [`colour_swap_swaps_values_and_grades`], [`grades_never_contradict_the_life_degree`],
    /// [`a_start_is_graded_at_least_as_its_best_first_move`] and
    /// [`early_endings_never_change_a_grade`].
    #[test]
    fn grades_and_the_colour_swap(problem in problem()) {
        let params = Model::default();
        let Ok(solved) = plain(&problem, &params) else { return Ok(()) };
        // The swap's starts' grades are compared, not its first moves'.
        if let Ok(swapped) = plain_to(&problem.swapped(), &params, Detail::Answer) {
            colour_swap_swaps_values_and_grades(&solved, &swapped, &params)?;
        }
        if !counted(&solved) {
            return Ok(());
        }
        let answer = solved.answer(&params);
        grades_never_contradict_the_life_degree(&problem, &answer)?;
        a_start_is_graded_at_least_as_its_best_first_move(&problem, &answer)?;
        early_endings_never_change_a_grade(&problem, &solved, &params)?;
    }

    /// Giving up stones never makes a target worth less to the defender: its strategy for
    /// the whole target keeps the part alive wherever it kept the whole (what lets a book
    /// diagram's main body be read only where it may hang outright).
    #[test]
    fn a_smaller_target_is_never_worth_less(
        (whole, part) in nested_targets(),
        num in 0i64..=4,
    ) {
        let p = r(num, 4);
        let Some((_, a)) = solve(&whole, p.clone()) else { return Ok(()) };
        let Some((_, b)) = solve(&part, p) else { return Ok(()) };
        prop_assert!(b.black_first.value >= a.black_first.value);
        prop_assert!(b.white_first.value >= a.white_first.value);
    }

    #[test]
    fn no_threats_is_plain_minimax(problem in problem()) {
        let Some((_, answer)) = solve(&problem, Value::zero()) else { return Ok(()) };
        let expected = minimax(&problem, false, Model::default().no_result());
        prop_assert_eq!(&answer.black_first.value, &expected[0]);
        prop_assert_eq!(&answer.white_first.value, &expected[1]);
    }

    #[test]
    fn always_threats_is_minimax_with_free_retakes(problem in problem()) {
        let Some((_, answer)) = solve(&problem, Value::one()) else { return Ok(()) };
        let expected = minimax(&problem, true, Model::default().no_result());
        prop_assert_eq!(&answer.black_first.value, &expected[0]);
        prop_assert_eq!(&answer.white_first.value, &expected[1]);
    }
}

/// Swapping the colours of every stone keeps the life degree, swaps the openings' values and,
/// where both were counted, swaps the grades.
fn colour_swap_swaps_values_and_grades(
    a: &Solved,
    b: &Solved,
    params: &Model,
) -> Result<(), TestCaseError> {
    let (x, y) = (a.answer(params), b.answer(params));
    prop_assert_eq!(&x.value, &y.value);
    prop_assert_eq!(&x.black_first.value, &y.white_first.value);
    prop_assert_eq!(&x.white_first.value, &y.black_first.value);
    if counted(a) && counted(b) {
        prop_assert_eq!(a.grades(), b.grades().swapped());
    }
    Ok(())
}

/// `l` is worth 1 and a ko lies strictly between 0 and 1 (or endless play decided it). `d`
/// is worth less than 1, and 0 unless it is the players' convention: the attacker kills
/// only by choosing its moment, so a defender that may always retake keeps its group.
fn grades_never_contradict_the_life_degree(
    problem: &Problem,
    answer: &Answer,
) -> Result<(), TestCaseError> {
    let mut always = ByColor::both(Probability::zero());
    always[problem.defender()] = Probability::one();
    let defender_always = Model::default().with_threat_probs(always);
    // Only its values are read.
    let Ok(upper) = plain_to(problem, &defender_always, Detail::Values) else {
        return Ok(());
    };
    let upper = upper.answer(&defender_always);
    for (o, up) in [
        (&answer.black_first, &upper.black_first.value),
        (&answer.white_first, &upper.white_first.value),
    ] {
        let (v, between) = (&o.value, o.value > Value::zero() && o.value < Value::one());
        match o.grade {
            Grade::Lives => prop_assert!(v.is_one(), "l but {v}"),
            Grade::Dies => prop_assert!(
                v.is_zero() || (v < &Value::one() && !up.is_zero()),
                "d but {v} (defender always retaking: {up})"
            ),
            _ => prop_assert!(between || answer.no_result_used, "{} but {v}", o.grade),
        }
    }
    Ok(())
}

/// The early endings (static analysis, the extreme games' proofs) never change a grade.
fn early_endings_never_change_a_grade(
    problem: &Problem,
    plain: &Solved,
    params: &Model,
) -> Result<(), TestCaseError> {
    let pruned = shortcut(problem, params, Shortcuts::all()).expect("pruned is smaller");
    prop_assert_eq!(plain.grades(), pruned.grades());
    // First moves decided by proofs in every fight, however small (by default only past 12
    // empty points): the grades' graph then starts from those proofs.
    let proofs = Shortcuts::all().first_moves_by_proof_past(0);
    let decided = shortcut(problem, params, proofs).expect("pruned is smaller");
    prop_assert_eq!(plain.grades(), decided.grades());
    // So does each first move's grade, wherever one is given (`?` where proofs left the
    // move open).
    let openings = |s: &Solved| {
        let answer = s.answer(params);
        [answer.black_first, answer.white_first]
    };
    let whole = openings(plain);
    for early in [openings(&pruned), openings(&decided)] {
        for (o, w) in early.iter().zip(&whole) {
            for (m, n) in o.moves.iter().zip(&w.moves) {
                prop_assert_eq!(m.first, n.first);
                if m.grade.strength().is_some() {
                    prop_assert_eq!(m.grade, n.grade, "{:?}", m.first);
                }
            }
        }
    }
    // Without proofs deciding the starts, every first move is graded.
    prop_assert!(openings(&pruned)
        .iter()
        .all(|o| o.moves.iter().all(|m| m.grade.strength().is_some())));
    Ok(())
}

/// A start's grade is at least as good for its mover as each of its first moves' grades:
/// as strong as the defender's strongest, as weak as the attacker's weakest
/// ([`Grade::strength`]). Not always equal to one of them (see `strength`).
fn a_start_is_graded_at_least_as_its_best_first_move(
    problem: &Problem,
    answer: &Answer,
) -> Result<(), TestCaseError> {
    let defender = problem.defender();
    for o in [&answer.black_first, &answer.white_first] {
        let strengths: Option<Vec<i32>> = o.moves.iter().map(|m| m.grade.strength()).collect();
        let strengths = strengths.expect("every first move graded");
        let start = o.grade.strength().expect("the start graded");
        let side = o.side.title();
        if o.side == defender {
            prop_assert!(
                strengths.iter().all(|&s| start >= s),
                "{} first {}",
                side,
                o.grade
            );
        } else {
            prop_assert!(
                strengths.iter().all(|&s| start <= s),
                "{} first {}",
                side,
                o.grade
            );
        }
    }
    Ok(())
}

/// The source's example 2, exactly, and a no-result case the defender can force.
#[test]
fn direct_ko_is_two_thirds() {
    let problem = super::load("problems/direct-ko.sgf");
    let (solved, answer) = solve(&problem, r(1, 2)).unwrap();
    assert_eq!(answer.value, r(2, 3));
    assert_eq!(answer.black_first.value, r(1, 1));
    assert_eq!(answer.white_first.value, r(1, 3));
    check_equations(&solved, problem.defender(), &r(1, 2));
    // Example 2's function of p: (1 + 2p) / (2 + 2p) for the life degree.
    for (n, d) in [(0, 1), (1, 5), (1, 3), (3, 4), (1, 1)] {
        let p = r(n, d);
        let (_, a) = solve(&problem, p.clone()).unwrap();
        let one = Value::one();
        let two = r(2, 1);
        assert_eq!(a.value, (&one + &two * &p) / (&two + &two * &p), "p = {p}");
    }
}

/// A book-like diagram: random stones in the top-left 7×7 corner of a 19×19 board (the rest
/// of the board empty), nothing marked; sometimes the side to play said.
fn diagram() -> impl Strategy<Value = Setup> {
    (
        // Half the points stones, a quarter each colour.
        proptest::collection::vec(0u8..8, 49),
        prop_oneof![
            Just(None),
            Just(Some(Color::Black)),
            Just(Some(Color::White))
        ],
    )
        .prop_map(|(cells, to_play)| {
            let rows: Vec<String> = (0..19)
                .map(|y| {
                    (0..19)
                        .map(|x| match (x < 7 && y < 7).then(|| cells[y * 7 + x]) {
                            Some(0) | Some(1) => 'X',
                            Some(2) | Some(3) => 'O',
                            _ => '.',
                        })
                        .collect()
                })
                .collect();
            let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
            let mut setup = Setup::from_diagram(&rows);
            setup.to_play = to_play;
            setup
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    /// Reading a diagram never panics: it gives readings or an error, and each reading's
    /// target is stones of its defender, in its region and none of them its walls.
    #[test]
    fn every_reading_of_a_diagram_has_a_target(setup in diagram()) {
        let Ok(readings) = setup.readings(&TargetChoice::FromFile) else { return Ok(()) };
        prop_assert!(!readings.is_empty());
        for r in &readings {
            prop_assert!(!r.target().is_empty());
            for &p in r.target() {
                prop_assert_eq!(r.stone(p), Some(r.defender()));
                prop_assert!(r.region().contains(&p));
                prop_assert!(!r.walls().contains(&p));
            }
        }
    }
}

/// The library's problem files (SGF and board files), as bytes, with their extensions; read
/// once for all cases.
fn library_files() -> &'static [(Vec<u8>, &'static str)] {
    static FILES: std::sync::OnceLock<Vec<(Vec<u8>, &'static str)>> = std::sync::OnceLock::new();
    FILES.get_or_init(read_library_files)
}

fn read_library_files() -> Vec<(Vec<u8>, &'static str)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("problems");
    let dirs = [root.clone(), root.join("book"), root.join("boards")];
    crate::problem::problem_files(&dirs)
        .expect("the problems folders")
        .into_iter()
        .map(|path| {
            let ext = match path.extension().and_then(|e| e.to_str()) {
                Some("toml") => "toml",
                _ => "sgf",
            };
            (std::fs::read(&path).expect("a problem file"), ext)
        })
        .collect()
}

/// What a damaged file may have spliced in: the pieces of SGF and board files that change
/// what is read (sizes, stones off the board or on each other, marks, turns, moves, text),
/// and bytes no text encoding accepts.
const SPLICES: [&[u8]; 16] = [
    b"[",
    b"]",
    b"(",
    b")",
    b";",
    b"\\",
    b"AB[aa]",
    b"AW[ss]",
    b"SZ[1]",
    b"SZ[25]",
    b"SZ[2:3]",
    b"TR[zz]",
    b"AE[aa]AB[aa:ss]",
    b"PL[W]B[]W[tt]",
    b"C[White to live]",
    b"\xff\xfe",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// A damaged problem file never panics the reading of it: each of its problems is read,
    /// framed and put on its arena, or refused with an error.
    #[test]
    fn a_damaged_file_is_read_or_refused(
        file in any::<prop::sample::Index>(),
        edits in prop::collection::vec((any::<prop::sample::Index>(), 0..3u8, any::<prop::sample::Index>(), any::<u8>()), 1..6),
    ) {
        let files = library_files();
        let (bytes, ext) = &files[file.index(files.len())];
        let mut bytes = bytes.clone();
        for (at, kind, splice, byte) in edits {
            let i = at.index(bytes.len() + 1);
            match kind {
                0 => {
                    let end = (i + 1 + byte as usize % 8).min(bytes.len());
                    bytes.drain(i.min(end)..end);
                }
                1 => {
                    let piece = SPLICES[splice.index(SPLICES.len())];
                    bytes.splice(i..i, piece.iter().copied());
                }
                _ => {
                    if let Some(b) = bytes.get_mut(i) {
                        *b = byte;
                    }
                }
            }
        }
        let dir = tempfile::tempdir().expect("a scratch folder");
        let path = dir.path().join(format!("damaged.{ext}"));
        std::fs::write(&path, &bytes).expect("the damaged file is written");
        for input in crate::problem::inputs(&[path], None) {
            let found = SolveRequest::new().readings(input);
            let Ok(readings) = found else { continue };
            prop_assert!(!readings.is_empty());
            for problem in &readings {
                let _ = problem.arena();
            }
        }
    }
}
