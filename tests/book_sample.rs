//! Book diagrams as printed (tests/data/books/, a fixed sample of seven collections): nothing
//! marked, the framing infers attacker, target and region. A problem counts as solved by two
//! rules:
//!
//! * the books' rule: for the side to play, the book's move reaches that side's best threat
//!   grade, and the answer is not trivial (the other side moving first gets a different grade,
//!   and not every move reaches the best one); where the book's move or the start has no grade
//!   (`?`), the strict rule decides;
//! * the strict rule (the life degree's): the book's move is among the best first moves, and
//!   the answer is not trivial (that side moving first gets a different value from the other
//!   side moving first, and not every move is best).
//!
//! Each problem gets a fixed effort (states and proof positions, never time), so the count is
//! the same on every machine; the floor is the count measured, so any loss fails the test.

use crate::common::{read_game, Color, FirstMove, LifeDegree, Limits, Model, TargetChoice};
use rayon::prelude::*;
use std::path::{Path, PathBuf};

/// Solved problems of the sample by the strict rule, as measured (out of 45).
const FLOOR: usize = 30;
/// Solved problems of the sample by the books' rule, as measured (out of 45).
const BOOKS_FLOOR: usize = 29;

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

/// The strict verdict and the books'.
fn judge(path: &Path) -> (Verdict, Verdict) {
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
        Err(e) => return (Verdict::Error(e.to_string()), Verdict::Error(e.to_string())),
    };
    let (mine, other) = match side {
        Color::Black => (&answer.black_first, &answer.white_first),
        Color::White => (&answer.white_first, &answer.black_first),
    };
    let strict = if !mine.best().any(|m| m == book) {
        Verdict::Miss
    } else if mine.value == other.value || mine.best().count() == mine.moves.len() {
        Verdict::Trivial
    } else {
        Verdict::Solved
    };
    let graded = mine.moves.iter().find(|m| m.first == book).map(|m| m.grade);
    let books = match graded {
        Some(g) if g.strength().is_some() && mine.grade.strength().is_some() => {
            if g != mine.grade {
                Verdict::Miss
            } else if other.grade == mine.grade || mine.moves.iter().all(|m| m.grade == g) {
                Verdict::Trivial
            } else {
                Verdict::Solved
            }
        }
        _ => match strict {
            Verdict::Solved => Verdict::Solved,
            Verdict::Trivial => Verdict::Trivial,
            Verdict::Miss => Verdict::Miss,
            Verdict::Error(ref e) => Verdict::Error(e.clone()),
        },
    };
    (strict, books)
}

#[test]
fn book_diagrams_are_framed_and_solved() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/books");
    let files: Vec<PathBuf> = lifedeg::problem_files(&[dir]).unwrap();
    assert_eq!(files.len(), 45, "the sample is fixed");
    // On all cores: each file is solved alone, so the count does not depend on the order.
    let verdicts: Vec<(String, (Verdict, Verdict))> = files
        .par_iter()
        .map(|f| (f.file_name().unwrap().to_string_lossy().into(), judge(f)))
        .collect();
    let solved = |books: bool| {
        let verdict = |(strict, by_books): &(Verdict, Verdict)| {
            matches!(if books { by_books } else { strict }, Verdict::Solved)
        };
        verdicts.iter().filter(|(_, v)| verdict(v)).count()
    };
    for (name, (strict, books)) in &verdicts {
        match strict {
            Verdict::Error(why) => println!("{name}: no answer: {why}"),
            v => println!("{name}: {v:?} (books' rule: {books:?})"),
        }
    }
    let (strict, books) = (solved(false), solved(true));
    println!(
        "book sample: {books} of {} solved by the books' rule, {strict} by the strict rule",
        files.len()
    );
    assert!(
        strict >= FLOOR,
        "{strict} solved, fewer than the floor of {FLOOR}"
    );
    assert!(
        books >= BOOKS_FLOOR,
        "{books} solved by the books' rule, fewer than the floor of {BOOKS_FLOOR}"
    );
}
