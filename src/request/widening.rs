//! A whole board's fight read in the analyzers' areas ([`Scope`]), narrowest first, while the
//! time allows: the next area out may hold resources of either side that a narrower one fixed
//! as they stood (a connection out, a chain to capture, an approach from outside), so the
//! widest area answered is kept, and the answer records every area read.

use super::{Solution, SolveRequest};
use crate::analysis::fight_area;
use crate::problem::{Problem, Scope, ScopeReading, ScopeTried};
use crate::solve::degree::SolveError;
use std::time::Duration;

/// The share of the time limit the narrowest area may take: it is read first so that a hard
/// fight still gets an answer in it, and must leave the group's own space the rest.
const NARROWEST_SHARE: u64 = 3;

/// Solves a whole board's fight (`fight`, the analyzers' narrowest area that builds) in each
/// area in turn. The narrowest is read within a share of the time limit; a limit reached in a
/// wider area ends the reading, the widest answer standing. With no area answered, the last
/// area's error.
pub(super) fn solve(fight: &Problem, request: &SolveRequest) -> Result<Solution, SolveError> {
    let first = fight.scope().expect("a whole board's fight");
    let mut kept: Option<Solution> = None;
    let mut failed: Option<SolveError> = None;
    let mut tried: Vec<ScopeTried> = Vec::new();
    let mut problem = fight.clone();
    loop {
        let scope = problem.scope().expect("a whole board's fight");
        let capped;
        let asked = if scope == first && scope.wider().is_some() {
            let budget = request.budget.clone();
            // In tenths of a second, as the limit is reported.
            let share = budget
                .time_limit()
                .map(|t| Duration::from_millis(t.as_millis() as u64 / NARROWEST_SHARE / 100 * 100));
            capped = SolveRequest {
                budget: budget.time(share),
                ..request.clone()
            };
            &capped
        } else {
            request
        };
        let read = |reading| ScopeTried {
            scope,
            empty_points: problem.empty_points(),
            reading,
        };
        match asked.solve_problem(&problem) {
            Ok(solution) => {
                tried.push(read(ScopeReading::Answered));
                kept = Some(solution);
            }
            Err(SolveError::Problem(e)) => {
                tried.push(read(ScopeReading::TooLarge));
                failed = Some(SolveError::Problem(e));
            }
            Err(e) => {
                tried.push(read(ScopeReading::Stopped));
                failed = Some(e);
                // Past the narrowest area's share, a wider one is only harder.
                if scope != first {
                    break;
                }
            }
        }
        if request.budget.watch().exceeded().is_some() {
            break;
        }
        match next(fight, &problem) {
            Some(wider) => problem = wider,
            None => break,
        }
    }
    match kept {
        Some(mut solution) => {
            solution.problem.set_scopes_tried(tried);
            Ok(solution)
        }
        None => Err(failed.expect("an area was read")),
    }
}

/// The fight in the next area out from `read`'s that builds and adds points, if any. For a
/// group the attacker encloses, the areas end with the enclosure: one with as many empty
/// points as the enclosure is not read before it.
fn next(fight: &Problem, read: &Problem) -> Option<Problem> {
    let enclosure = fight_area::widened(fight, Scope::Enclosure).and_then(Result::ok);
    let mut scope: Scope = read.scope()?;
    loop {
        scope = scope.wider()?;
        if let Some(Ok(p)) = fight_area::widened(fight, scope) {
            let past = scope != Scope::Enclosure
                && (enclosure.as_ref()).is_some_and(|e| p.empty_points() >= e.empty_points());
            // An area no larger than the one read already adds nothing.
            if !past && p.region() != read.region() {
                return Some(p);
            }
        }
    }
}
