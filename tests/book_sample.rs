//! Book diagrams as printed (tests/data/books/, a fixed sample of seven collections): nothing
//! marked, the framing infers attacker, target and region. A problem counts as solved by the
//! rule players would use: for the side to play, the book's move is among the best first
//! moves, and the answer is not trivial (that side moving first gets a different value from
//! the other side moving first, and not every move is best).
//!
//! Each problem gets a fixed effort (states and proof positions, never time), so the count is
//! the same on every machine; the floor is the count measured, so any loss fails the test.

use crate::common::{read_game, Color, FirstMove, LifeDegree, Limits, Model, TargetChoice};
use rayon::prelude::*;
use std::path::{Path, PathBuf};

/// Solved problems of the sample, as measured (out of 45).
const FLOOR: usize = 30;

/// Why a problem is not solved.
#[derive(Debug)]
enum Verdict {
    Solved,
    /// The book's move is best, but nothing hangs on it.
    Trivial,
    /// The book's move is not among the best.
    Miss,
    /// No answer within the effort, or the diagram was refused.
    Error(String),
}

fn judge(path: &Path) -> Verdict {
    let text = std::fs::read_to_string(path).unwrap();
    let (_, moves) = read_game(&text).unwrap();
    let (side, book) = moves[0];
    let book = FirstMove::Play(book.expect("the book's answer is a move"));
    // Small enough that the whole sample stays well under a minute; no time limit, so the
    // count does not depend on the machine.
    let limits = Limits {
        max_states: 20_000,
        proof_budget: Some(200_000),
        time_limit: None,
        ..Limits::default()
    };
    let answer: LifeDegree = match lifedeg::solve_file(
        path,
        &TargetChoice::FromFile,
        None,
        &Model::default(),
        &limits,
    ) {
        Ok((_, answer)) => answer,
        Err(e) => return Verdict::Error(e.to_string()),
    };
    let (mine, other) = match side {
        Color::Black => (&answer.black_first, &answer.white_first),
        Color::White => (&answer.white_first, &answer.black_first),
    };
    if !mine.best().any(|m| m == book) {
        Verdict::Miss
    } else if mine.value == other.value || mine.best().count() == mine.moves.len() {
        Verdict::Trivial
    } else {
        Verdict::Solved
    }
}

#[test]
fn book_diagrams_are_framed_and_solved() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/books");
    let files: Vec<PathBuf> = lifedeg::problem_files(&[dir]).unwrap();
    assert_eq!(files.len(), 45, "the sample is fixed");
    // On all cores: each file is solved alone, so the count does not depend on the order.
    let verdicts: Vec<(String, Verdict)> = files
        .par_iter()
        .map(|f| (f.file_name().unwrap().to_string_lossy().into(), judge(f)))
        .collect();
    let solved = verdicts
        .iter()
        .filter(|(_, v)| matches!(v, Verdict::Solved))
        .count();
    for (name, verdict) in &verdicts {
        match verdict {
            Verdict::Error(why) => println!("{name}: no answer: {why}"),
            v => println!("{name}: {v:?}"),
        }
    }
    println!("book sample: {solved} of {} solved", files.len());
    assert!(
        solved >= FLOOR,
        "{solved} solved, fewer than the floor of {FLOOR}"
    );
}
