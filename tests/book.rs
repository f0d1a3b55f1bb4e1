//! Book problems (problems/book/): corner and side fragments as a book prints them, with no
//! target or region marked and the book's answer as the file's first move. The target and
//! region are inferred, and the answer must come out as a best first move for the side the
//! book says is to play.

use lifedeg::go::rules::Color;
use lifedeg::problem::TargetChoice;
use lifedeg::solve::degree::{FirstMove, Limits};
use lifedeg::solve::solver::Params;
use std::path::PathBuf;

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
        let text = std::fs::read_to_string(path).unwrap();
        let (_, moves) = lifedeg::problem::sgf::read_game(&text).unwrap();
        let (side, answer) = moves[0];
        let answer = FirstMove::Play(answer.expect("the answer is a move"));
        let (problem, solved) = lifedeg::solve_file(
            path,
            &TargetChoice::FromFile,
            None,
            &Params::default(),
            &Limits::default(),
        )
        .unwrap();
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

#[test]
fn the_time_limit_counts_from_the_clock_the_limits_carry() {
    // A clock started before the solve: the readings of a diagram share one limit this way.
    let limits = Limits {
        time_limit: Some(std::time::Duration::from_secs(1)),
        clock: Some(std::time::Instant::now() - std::time::Duration::from_secs(2)),
        ..Limits::default()
    };
    let path = PathBuf::from("problems/scaling/corner-16.sgf");
    let result = lifedeg::solve_file(
        &path,
        &TargetChoice::FromFile,
        None,
        &Params::default(),
        &limits,
    );
    match result {
        Err(lifedeg::Error::Solve {
            source: lifedeg::solve::degree::SolveError::Stopped { stopped, .. },
            ..
        }) => assert_eq!(
            stopped.limit,
            lifedeg::solve::watch::Limit::Time(std::time::Duration::from_secs(1))
        ),
        other => panic!("expected the time limit, got {:?}", other.map(|_| ())),
    }
}
