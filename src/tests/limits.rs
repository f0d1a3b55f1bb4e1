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
