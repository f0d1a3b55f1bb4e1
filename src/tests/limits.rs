//! A limit is a promise: each phase of a solve looks at the watch, so a solve called off (or
//! past its time) stops in whichever phase it is, with what is proven, and says it stopped.

use crate::prove::watch::{CallOff, Limit, Watch};
use crate::solve::grade::{node_grades, unsettled};
use crate::solve::solver::{solve_within, Unsolved};
use crate::solve::{Budget, Detail, Model, Shortcuts, SolveError, Solved};
use std::time::Instant;

/// A watch already called off.
fn called_off() -> (Watch, CallOff) {
    let call_off = CallOff::default();
    call_off.call_off();
    let watch = Watch::since(Instant::now(), None, None, Some(call_off.clone()));
    (watch, call_off)
}

#[test]
fn a_watch_called_off_stops_the_exact_solve_and_the_grades() {
    // A direct ko: the whole graph has a ko loop, solved by strategy iteration.
    let problem = super::load("tests/data/compare/direct-ko.sgf");
    let (params, budget) = (Model::default(), Budget::default());
    let whole = Solved::new(
        &problem,
        &params,
        Shortcuts::none(),
        &budget,
        Detail::Grades,
    );
    let graph = whole.unwrap().graph;
    let defender = problem.defender();
    let (watch, _) = called_off();
    let unlimited = Watch::unlimited();
    assert!(solve_within(&graph, defender, &params, &unlimited).is_ok());
    assert_eq!(
        solve_within(&graph, defender, &params, &watch).err(),
        Some(Unsolved::Stopped(Limit::Cancelled))
    );
    // (The grades' layers need a graph built with restarts: only their stop is tried here.)
    let roots = graph.roots;
    assert_eq!(
        node_grades(&graph, defender, &roots, &watch),
        Err(Limit::Cancelled)
    );
    assert_eq!(
        unsettled(&graph, &graph, defender, &roots, &watch),
        Err(Limit::Cancelled)
    );
}

#[test]
fn a_solve_called_off_stops_before_it_builds_and_says_so() {
    let problem = super::load("tests/data/compare/direct-ko.sgf");
    let params = Model::default();
    let (_, call_off) = called_off();
    let budget = Budget::default().called_off_by(call_off);
    for detail in [Detail::Values, Detail::Answer, Detail::Grades] {
        let solved = Solved::new(&problem, &params, Shortcuts::all(), &budget, detail);
        match solved {
            Err(SolveError::Stopped { stopped, .. }) => {
                assert_eq!(stopped.limit, Limit::Cancelled);
                assert!(stopped.states <= 2, "{detail:?}: {} states", stopped.states);
            }
            other => panic!("{detail:?}: not stopped: {:?}", other.err()),
        }
    }
}

/// A limit passing once both starts' values are proven leaves those values as proven, never a
/// stand-in's: on every library problem, first moves decided by proofs whatever the fight's
/// size, the build stopped at every state count up to the whole graph's. Each answer given
/// has the unlimited solve's starts' values, and so never the defender worse off moving first
/// than the attacker moving first (moving first the defender may pass: two passes end the
/// fight with the target alive). A stop right after the proofs decided the first moves,
/// before the build reached them, once showed a start's proven best moves at their mover's
/// worst value.
#[test]
fn a_limit_once_the_starts_are_proven_keeps_their_values() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("problems");
    let files = crate::problem::problem_files(&[root.clone(), root.join("book")]).unwrap();
    let params = Model::default();
    let shortcuts = Shortcuts::all().first_moves_by_proof_past(0);
    let mut stopped_answers = 0;
    for path in files {
        let problem = crate::request::SolveRequest::new().load(&path).unwrap();
        let solve =
            |budget: &Budget| Solved::new(&problem, &params, shortcuts, budget, Detail::Answer);
        let whole = solve(&Budget::states_only(usize::MAX))
            .unwrap()
            .answer(&params);
        let starts = |a: &crate::solve::Answer| {
            let (b, w) = (a.black_first.value.clone(), a.white_first.value.clone());
            match problem.defender() {
                crate::go::rules::Color::Black => (b, w),
                crate::go::rules::Color::White => (w, b),
            }
        };
        let (defender_first, attacker_first) = starts(&whole);
        assert!(defender_first >= attacker_first, "{}", path.display());
        for max in 0..300 {
            let Ok(solved) = solve(&Budget::states_only(max)) else {
                continue;
            };
            let answer = solved.answer(&params);
            if answer.stopped.is_none() {
                break;
            }
            stopped_answers += 1;
            let (mine, theirs) = starts(&answer);
            let at = format!("{} at {max} states", path.display());
            assert!(mine >= theirs, "{at}: {mine} < {theirs}");
            assert_eq!(
                (mine, theirs),
                (defender_first.clone(), attacker_first.clone()),
                "{at}"
            );
        }
    }
    // The stop once the starts are proven is met.
    assert!(stopped_answers > 0);
}

/// The eye-shape analyzer past its caller's limit reads no group: only Benson's test and the
/// captured-looking chains still settle one, the rest are unsettled, so nothing is called
/// alive (a wall of a whole board's fight) that was not read.
#[test]
fn the_eye_shape_analyzer_past_its_limit_calls_unread_groups_unsettled() {
    use crate::analysis::eye_shapes::{of_board, of_board_within, Status};
    let analyse = |rows: &[&str], watch: &Watch| {
        let s = crate::problem::Setup::from_diagram(rows);
        let mut board = vec![None; s.graph.len()];
        for p in &s.black {
            board[p.index()] = Some(crate::go::rules::Color::Black);
        }
        for p in &s.white {
            board[p.index()] = Some(crate::go::rules::Color::White);
        }
        let whole = of_board(&s.graph, &board);
        let within = of_board_within(&s.graph, &board, watch);
        let status = |a: &crate::analysis::eye_shapes::BoardShapes| {
            a.group_of(s.black[0]).expect("a black group").status
        };
        (status(&whole), status(&within))
    };
    let (watch, _) = called_off();
    // A seki, alive by the play-out: unread past the limit.
    let seki = [".X.O.OXO", "XXXOOOXO", "OOXXXXXO", ".OOOOOOO", "........"];
    assert_eq!(analyse(&seki, &watch), (Status::Alive, Status::Unsettled));
    assert_eq!(
        analyse(&seki, &Watch::unlimited()),
        (Status::Alive, Status::Alive)
    );
    // Two eyes in the corner, alive by Benson's test: alive still.
    let two_eyes = [".X.X..", "XXXX..", "......"];
    assert_eq!(analyse(&two_eyes, &watch), (Status::Alive, Status::Alive));
}
