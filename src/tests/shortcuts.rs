//! Every shortcut against the plain search: static life and death, the extreme games'
//! proofs, interval pruning and first moves decided by proofs, alone and together, give the
//! same values, grades and best moves as the search that expands every state.

use super::{load, walled_setup};
use crate::go::color::ByColor;
use crate::go::moves::Move;
use crate::go::rules::Color;
use crate::problem::{Problem, TargetChoice};
use crate::request::{Solution, SolveRequest};
use crate::solve::answer::{Answer, MoveValue};
use crate::solve::model::{Model, Probability};
use crate::solve::{Budget, Shortcuts};
use proptest::prelude::*;

/// The shortcuts of one check: static analysis, proofs, and interval pruning (which needs
/// the proofs) as asked, first moves solved exactly unless `first_moves` says past how many
/// empty points proofs may decide them.
fn shortcuts(statics: bool, proofs: bool, interval: bool, first_moves: Option<u32>) -> Shortcuts {
    let mut s = Shortcuts::all().exact_moves();
    if !statics {
        s = s.without_statics();
    }
    if !interval {
        s = s.without_interval();
    }
    if !proofs {
        s = s.without_proofs();
    }
    match first_moves {
        Some(n) => s.first_moves_by_proof_past(n),
        None => s,
    }
}

/// Solves a problem as it is with these settings.
fn solve(
    problem: &Problem,
    params: &Model,
    shortcuts: Shortcuts,
    budget: Budget,
) -> Result<Solution, crate::solve::SolveError> {
    SolveRequest::new()
        .model(params.clone())
        .shortcuts(shortcuts)
        .budget(budget)
        .solve_problem(problem)
}

/// A random corner problem: a 5x4 area inside a white wall on a 7x6 board, random stones in
/// it, the target the black chain through a random black stone (or the colours swapped), and
/// the side to play said or not.
fn corner_problem() -> impl Strategy<Value = Option<Problem>> {
    let to_play = prop::sample::select(vec![None, Some(Color::Black), Some(Color::White)]);
    (
        proptest::collection::vec(0u8..10, 20),
        any::<prop::sample::Index>(),
        any::<bool>(),
        to_play,
    )
        .prop_map(|(cells, pick, swap, to_play)| {
            let area: [String; 4] = std::array::from_fn(|y| {
                cells[5 * y..5 * y + 5]
                    .iter()
                    .map(|c| match c {
                        0..=3 => 'X',
                        4..=5 => 'O',
                        _ => '.',
                    })
                    .collect()
            });
            let mut setup = walled_setup(area);
            setup.to_play = to_play;
            if setup.black.is_empty() {
                return None;
            }
            let target = setup.black[pick.index(setup.black.len())];
            let name = setup.graph.sgf_name(target).parse().ok()?;
            let problem = setup.validate(&TargetChoice::At(name)).ok()?;
            Some(if swap { problem.swapped() } else { problem })
        })
}

fn params() -> impl Strategy<Value = Model> {
    let p = prop::sample::select(vec![(0, 1), (1, 3), (1, 2), (1, 1)]);
    let v = prop::sample::select(vec![(0, 1), (1, 2), (1, 1)]);
    (p.clone(), p, v).prop_map(|(b, w, v)| {
        let r = |(n, d): (i64, i64)| Probability::ratio(n, d).expect("a probability");
        Model::new(ByColor::new(r(b), r(w)), r((1, 2)), r(v))
    })
}

/// A solve whose first moves proofs decided against one that solved every first move: the
/// same values and grades, a first move reported only as worse than the best is so in the full
/// search, and the best moves are the same but for moves not examined, which only the side not
/// to play has, and only beside a best move found. The number of moves only bounded, and of
/// moves not examined.
fn agree(
    fast: &Answer,
    exact: &Answer,
    to_play: Option<Color>,
) -> Result<(usize, usize), TestCaseError> {
    prop_assert_eq!(&fast.value, &exact.value);
    let (mut bounded, mut unexamined) = (0, 0);
    for (fast, exact) in [
        (&fast.black_first, &exact.black_first),
        (&fast.white_first, &exact.white_first),
    ] {
        prop_assert_eq!(&fast.value, &exact.value);
        prop_assert_eq!(fast.grade, exact.grade);
        let examined = |m: &Move| {
            let found = fast
                .moves
                .iter()
                .find(|n| n.first == *m)
                .expect("same moves");
            found.value != MoveValue::Unexamined
        };
        prop_assert_eq!(
            fast.best().collect::<Vec<_>>(),
            exact.best().filter(examined).collect::<Vec<_>>()
        );
        for (m, n) in fast.moves.iter().zip(&exact.moves) {
            prop_assert_eq!(m.first, n.first);
            // A grade is the whole game's wherever it is given.
            if m.grade.strength().is_some() {
                prop_assert_eq!(m.grade, n.grade);
            }
            let v = &m.value;
            let want = n.value.exact().expect("every first move solved");
            match v {
                MoveValue::Exact(v) => prop_assert_eq!(v, want),
                MoveValue::Below(bound) => prop_assert!(want < bound),
                MoveValue::Above(bound) => prop_assert!(want > bound),
                MoveValue::Unexamined => {
                    prop_assert!(to_play.is_some_and(|c| c != fast.side));
                    prop_assert!(fast.best().next().is_some());
                    unexamined += 1;
                }
                MoveValue::Undecided => prop_assert!(false, "a limit left {:?} undecided", m),
            }
            bounded += matches!(v, MoveValue::Below(_) | MoveValue::Above(_)) as usize;
        }
    }
    Ok((bounded, unexamined))
}

/// Library problems whose first moves proofs decide (here in every fight; by default only
/// past 12 empty points), some only as worse than the best; with a small proof budget, some
/// first moves are left open and solved in the graph below them.
#[test]
fn first_moves_decided_by_proofs_agree_with_the_full_solve() {
    let (mut bounded, mut unexamined, mut left_open, mut below_a_ko) = (0, 0, 0, 0);
    for file in [
        "problems/book/bulky-five-kill.sgf",
        "problems/book/bulky-five-live.sgf",
        "problems/scaling/corner-08.sgf",
        "problems/scaling/crowded-19.sgf",
        "problems/scaling/crowded-22.sgf",
    ] {
        let problem = load(file);
        let params = Model::default();
        let solve = |first_moves_by_proof: Option<u32>, proof_budget: Option<usize>| {
            let s = shortcuts(true, true, true, first_moves_by_proof);
            // No time limit: what is compared must not move with the machine's load.
            let budget = Budget::default().time(None).proof_positions(proof_budget);
            solve(&problem, &params, s, budget).expect("solves")
        };
        let exact = solve(None, None);
        for budget in [None, Some(1_000)] {
            let fast = solve(Some(0), budget);
            let graph = &fast.solved.graph;
            let answer = &fast.answer;
            let (b, u) = agree(answer, &exact.answer, problem.to_play())
                .unwrap_or_else(|e| panic!("{file}: {e}"));
            bounded += b;
            unexamined += u;
            // Worse than a start whose value is not extreme (a ko): shown by interval pruning.
            for opening in [&answer.black_first, &answer.white_first] {
                below_a_ko += opening
                    .moves
                    .iter()
                    .filter(|m| match &m.value {
                        MoveValue::Below(b) | MoveValue::Above(b) => !b.is_integer(),
                        _ => false,
                    })
                    .count();
            }
            let states = fast.stats.states;
            if budget.is_none() {
                assert!(states < exact.stats.states, "{file}: no states saved");
            }
            // Decided starts, yet more states than the starts and their first moves.
            let firsts: usize = graph
                .roots
                .iter()
                .map(|&r| graph.successors(&fast.solved.local, r).moves.len())
                .sum();
            left_open += (graph.openings_decided && states > 2 + firsts) as usize;
        }
    }
    assert!(bounded > 0, "no first move was only bounded");
    assert!(
        unexamined > 0,
        "no first move of the side not to play was left unexamined"
    );
    assert!(left_open > 0, "no first move was left to the graph");
    assert!(below_a_ko > 0, "no first move was shown worse than a ko");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Ending states early changes no value: not the life degree, not an opening, not any
    /// first move — whatever the threat probabilities and the value of endless play.
    #[test]
    fn static_analysis_never_changes_a_value(problem in corner_problem(), params in params()) {
        let Some(problem) = problem else { return Ok(()) };
        let full = Budget::states_only(60_000);
        let Ok(plain) = solve(&problem, &params, Shortcuts::none(), full.clone()) else {
            return Ok(());
        };
        // Static analysis, the extreme games' bounds, both together, and both with a proof
        // budget so small that it runs out in the middle of the build; interval pruning (which
        // needs the bounds) with the bounds, with both, and with the small budget.
        for (statics, bounds, proof_budget, interval) in [
            (true, false, None, false),
            (false, true, None, false),
            (true, true, None, false),
            (true, true, Some(40), false),
            (false, true, None, true),
            (true, true, None, true),
            (true, true, Some(40), true),
        ] {
            let s = shortcuts(statics, bounds, interval, None);
            let budget = full.clone().proof_positions(proof_budget);
            let fast = solve(&problem, &params, s, budget)
                .expect("fewer states than the full search");
            prop_assert_eq!(&fast.answer.value, &plain.answer.value);
            prop_assert_eq!(&fast.answer.black_first, &plain.answer.black_first);
            prop_assert_eq!(&fast.answer.white_first, &plain.answer.white_first);
            prop_assert!(fast.stats.states <= plain.stats.states);
        }
        // First moves decided by proofs alone (where the threats allow it).
        // In every fight, however small (by default only past 12 empty points).
        // With a small proof budget as well, which leaves some first moves to the graph.
        for proof_budget in [None, Some(2_000)] {
            let s = shortcuts(true, true, true, Some(0));
            let budget = Budget::default().time(None).proof_positions(proof_budget);
            let fast = solve(&problem, &params, s, budget).expect("fewer states");
            agree(&fast.answer, &plain.answer, problem.to_play())?;
        }
        prop_assert_eq!(plain.stats.static_ended + plain.stats.proofs_ended, 0);
    }
}
