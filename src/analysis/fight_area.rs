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
