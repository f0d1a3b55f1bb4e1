//! The fight on a whole board: a game position gives no region, and the area around all its
//! stones is far too large for the solver, so the analyzers choose it.

use super::{eye_shapes, regions};
use crate::go::graph::Point;
use crate::problem::Position;
use crate::problem::{Problem, ProblemError, RegionSource};

/// A whole-board position's problem with its fight chosen; other problems unchanged.
///
/// The area around all the stones is far too large, so the fight is the target's region by
/// the region analyzer (Tajima & Sanechika), widened by one line. Outside it, groups the
/// eye-shape analyzer (Kato & Yamazaki) calls alive are walls; other groups are brought into
/// the fight where they meet it, so that they can be captured.
pub(crate) fn whole_board(problem: Problem) -> Result<Problem, ProblemError> {
    if problem.region_source() != RegionSource::AroundStones || !problem.too_large() {
        return Ok(problem);
    }
    let position = Position::from_problem(&problem);
    let rules = regions::RegionRules::distance();
    let area = regions::fight_area(&position, problem.target(), &rules, 1);
    fought_in(problem, area)
}

/// A whole board's fight read again with more room (its region widened by two lines, and the
/// defender's chains next to it brought in with their liberties, so that a connection out is
/// read with what it has), as a book diagram's second look is: where the first reads the
/// defender dead even moving first, an outcome that hangs on nothing is a sign that the area
/// left out the defender's resources. `None` for a problem not chosen on a whole board.
pub(crate) fn wider(problem: &Problem) -> Option<Problem> {
    if problem.region_source() != RegionSource::Analyzer {
        return None;
    }
    let position = Position::from_problem(problem);
    let rules = regions::RegionRules::distance();
    let mut area = regions::fight_area(&position, problem.target(), &rules, 2);
    let graph = problem.graph();
    let defender = Some(problem.defender());
    let friends: Vec<Point> = area
        .iter()
        .flat_map(|&p| graph.neighbours(p).iter().copied())
        .filter(|&q| position.stone(q) == defender)
        .collect();
    let mut brought: Vec<Point> = Vec::new();
    for f in friends {
        // A chain met at several of its stones is brought in once.
        if brought.contains(&f) {
            continue;
        }
        let chain = position.chain(f);
        brought.extend(&chain);
        for &s in &chain {
            area.extend(
                graph
                    .neighbours(s)
                    .iter()
                    .filter(|q| position.stone(**q).is_none()),
            );
        }
        area.extend(chain);
    }
    area.sort();
    area.dedup();
    fought_in(problem.clone(), area).ok()
}

/// The problem fought in `area`, the groups the eye-shape analyzer calls alive (but the
/// target's) walls.
fn fought_in(problem: Problem, area: Vec<Point>) -> Result<Problem, ProblemError> {
    let graph = problem.graph();
    let stones: Vec<_> = graph.points().map(|p| problem.stone(p)).collect();
    let walls: Vec<Point> = eye_shapes::of_board(graph, &stones)
        .groups
        .into_iter()
        .filter(|g| g.status == eye_shapes::Status::Alive)
        .filter(|g| !problem.target().iter().any(|t| g.stones.contains(t)))
        .flat_map(|g| g.stones)
        .collect();
    problem
        .with_region(&area, RegionSource::Analyzer)
        .and_then(|p| p.with_walls(&walls))
}
