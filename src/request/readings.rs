//! Which reading of a book diagram is kept: the input is loaded with every reading it has, the
//! readings are solved, and one is kept with its answer. The reading rules are in
//! docs/framing.md.

use super::{widening, Error, Solution, SolveRequest};
use crate::go::moves::Move;
use crate::problem::sgf::BookMove;
use crate::problem::{Input, KeptBy, Look, Problem, ReadingName, Tried};
use crate::prove::watch;
use crate::solve::answer::Detail;
use crate::solve::degree::SolveError;
use std::time::Instant;

/// Loads and solves one input, keeping one reading.
///
/// A book diagram read several ways keeps the first reading, most plausible first, on which
/// the outcome hangs outright; failing that, the first on which it hangs at all; if none
/// hangs, the first one answered (rule 6). A first look replaced by its second look (rule 8)
/// is not kept, nor a second look that changed nothing. Each colour's readings are solved in
/// order (`solve_colour`), the two colours side by side under one time limit: the second
/// colour's are called off as soon as one of the first colour's hangs, since a first-colour
/// reading would be kept whatever the second found. The kept problem records the readings
/// tried and why it was kept.
pub(super) fn solve_input(request: &SolveRequest, input: Input) -> Result<Solution, Error> {
    let file = input.label.clone();
    let asked = book_moves(&input);
    // One time limit for the whole input, however many readings it takes. The readings are
    // chosen by their answers; only the kept one's first moves are graded, after.
    let clock = request.budget.clock().unwrap_or_else(Instant::now);
    let full = &SolveRequest {
        budget: request.budget.clone().since(clock),
        ..request.clone()
    };
    let request = &SolveRequest {
        detail: match full.detail {
            Detail::Grades => Detail::Answer,
            detail => detail,
        },
        ..full.clone()
    };
    let (mut readings, again): (Vec<Problem>, Vec<Problem>) = request
        .readings(input)?
        .into_iter()
        .partition(|p| p.reading().look == Look::First);
    // A whole board's fight is read in areas chosen by the analyzers, narrowest first.
    if let [fight] = &readings[..] {
        if fight.scope().is_some() {
            let solution =
                widening::solve(fight, request).map_err(|source| Error::Solve { file, source })?;
            return Ok(graded(solution, full, &asked, clock));
        }
    }
    // The readings in which the first reading's colour defends come first.
    let first_colour = readings[0].defender();
    let split = readings
        .iter()
        .position(|p| p.defender() != first_colour)
        .unwrap_or(readings.len());
    let second = readings.split_off(split);
    let (again, second_again) = again
        .into_iter()
        .partition(|p| p.defender() == first_colour);
    let call_off = watch::CallOff::default();
    let later = SolveRequest {
        budget: request.budget.clone().called_off_by(call_off.clone()),
        ..request.clone()
    };
    let (mut solved, second) = rayon::join(
        || {
            let solved = solve_colour(readings, again, request);
            if solved.iter().any(Reading::matters) {
                call_off.call_off();
            }
            solved
        },
        || solve_colour(second, second_again, &later),
    );
    if !solved.iter().any(Reading::matters) {
        solved.extend(second);
    }
    let tried: Vec<Tried> = solved
        .iter()
        .map(|o| Tried {
            reading: o.problem.reading(),
            answered: o.solution.is_ok(),
        })
        .collect();
    let Some((i, kept_by)) = kept(&solved) else {
        // The first failure is the one reported.
        let source = solved
            .into_iter()
            .find_map(|o| o.solution.err())
            .expect("an input has at least one reading");
        return Err(Error::Solve { file, source });
    };
    let Reading { solution, .. } = solved.swap_remove(i);
    let mut solution = solution.expect("an answered reading");
    // A second look is kept only where it changed what the first said (rule 8).
    let kept_by = match solution.problem.reading().look {
        Look::Again => KeptBy::MoreRoom,
        Look::First => kept_by,
    };
    solution.problem.set_readings_tried(tried, kept_by);
    Ok(graded(solution, full, &asked, clock))
}

/// The solution with its first moves' grades worked out, the ones `asked` first, when the
/// request wants them, with the time that remains.
fn graded(mut solution: Solution, full: &SolveRequest, asked: &[Move], clock: Instant) -> Solution {
    if full.detail == Detail::Grades {
        solution.solved.grade_first_moves(asked, &full.budget);
        solution.answer = solution.solved.answer(&full.model);
        solution.stats = solution.solved.stats(clock.elapsed());
    }
    solution
}

/// The first moves a file gives as the book's answer, the correct ones first: their grades
/// are worked out before the other first moves'.
fn book_moves(input: &Input) -> Vec<Move> {
    let Some((_, moves)) = input.book_answer() else {
        return Vec::new();
    };
    let (correct, wrong): (Vec<&BookMove>, Vec<_>) = moves.iter().partition(|m| m.correct);
    correct.into_iter().chain(wrong).map(|m| m.played).collect()
}

/// A reading solved, or not (a limit stopped it).
struct Reading {
    problem: Problem,
    solution: Result<Solution, SolveError>,
    first_move_matters: bool,
    /// It hangs outright ([`crate::solve::Answer::first_move_decides`]).
    first_move_decides: bool,
    /// The colour's next reading (the group's largest chain, or the next equally large one,
    /// alone) is worth solving.
    go_on: bool,
    /// Not to be kept: a first look its second look replaced, or a second look that changed
    /// nothing (rule 8).
    passed_over: bool,
}

impl Reading {
    fn solve(problem: Problem, request: &SolveRequest) -> Self {
        let solution = request.solve_problem(&problem);
        let answer = solution.as_ref().ok().map(|s| &s.answer);
        let defender = problem.defender();
        let first_move_matters = answer.is_some_and(|a| a.first_move_matters(defender));
        let first_move_decides = answer.is_some_and(|a| a.first_move_decides(defender));
        let defender_to_play = problem.to_play().is_none_or(|c| c == defender);
        let go_on = answer.is_some_and(|a| {
            !first_move_matters
                || defender_to_play && a.smaller_target_first_move_may_decide(defender)
        });
        Reading {
            problem,
            solution,
            first_move_matters,
            first_move_decides,
            go_on,
            passed_over: false,
        }
    }

    /// It hangs on who moves first, and may be kept.
    fn matters(&self) -> bool {
        self.first_move_matters && !self.passed_over
    }

    /// Answered, with the defender dead even moving first.
    fn dies_moving_first(&self) -> bool {
        self.solution
            .as_ref()
            .is_ok_and(|s| s.answer.dies_moving_first(self.problem.defender()))
    }
}

/// Solves the readings of one colour in order (a whole group, then its main body alone, rule
/// 6), each only when the one before was answered and says it is worth solving
/// ([`Reading::go_on`]: nothing hung on it, or the defender is to play and the main body
/// might hang outright where the group only hangs on a ko,
/// [`crate::solve::Answer::smaller_target_first_move_may_decide`]), and no limit has been reached.
/// Then, if on the reading the colour would keep the defender dies even moving first, its second
/// look with more room (rule 8), from `again`: it replaces the first look when the outcome hangs on
/// it and the defender moving first no longer simply dies. It comes last, so that it never takes
/// time from a first look.
fn solve_colour(
    readings: Vec<Problem>,
    mut again: Vec<Problem>,
    request: &SolveRequest,
) -> Vec<Reading> {
    let mut outcomes: Vec<Reading> = Vec::new();
    for problem in readings {
        if let Some(last) = outcomes.last() {
            if !last.go_on || request.budget.watch().exceeded().is_some() {
                break;
            }
        }
        outcomes.push(Reading::solve(problem, request));
    }
    let Some((i, _)) = kept(&outcomes) else {
        return outcomes;
    };
    let first = &outcomes[i];
    let name = ReadingName {
        look: Look::Again,
        ..first.problem.reading()
    };
    let second_look = again
        .iter()
        .position(|p| p.reading() == name && p.target() == first.problem.target())
        .filter(|_| first.dies_moving_first())
        // Past the limit, the first look stands: no time is left to look again.
        .filter(|_| request.budget.watch().exceeded().is_none());
    if let Some(j) = second_look {
        let mut second = Reading::solve(again.swap_remove(j), request);
        if second.first_move_matters && !second.dies_moving_first() {
            outcomes[i].passed_over = true;
        } else {
            second.passed_over = true;
        }
        outcomes.push(second);
    }
    outcomes
}

/// The reading kept among these, and why: the first not passed over on which the outcome
/// hangs outright, else the first on which it hangs, else the first answered.
fn kept(outcomes: &[Reading]) -> Option<(usize, KeptBy)> {
    let first =
        |test: &dyn Fn(&Reading) -> bool| outcomes.iter().position(|o| !o.passed_over && test(o));
    first(&|o| o.first_move_decides)
        .map(|i| (i, KeptBy::FirstMoveDecides))
        .or_else(|| first(&|o| o.first_move_matters).map(|i| (i, KeptBy::FirstMoveMatters)))
        .or_else(|| first(&|o| o.solution.is_ok()).map(|i| (i, KeptBy::FirstAnswered)))
}
