//! The fight on a whole board: a game position gives no region, and the area around all its
//! stones is far too large for the solver, so the analyzers choose it.
//!
//! A player reads a group's fight close to it first (its liberties, then its eye space and the
//! points next to it, the enemy's stones around as they stand) and looks further out as the
//! time allows: the areas are [`Scope`]s, narrowest first, each taking in the one before. Every
//! area keeps the defender's resources next to the group: the attacker's chains short of
//! liberties that meet it are brought in with their liberties ([`Problem::with_walls`]), and a
//! friend the group reaches is met with its chain, a living one (a wall) as a connection out.

use super::{eye_shapes, regions};
use crate::go::graph::Point;
use crate::problem::{Position, Scope};
use crate::problem::{Problem, ProblemError, RegionSource};
use crate::prove::watch::Watch;
use std::collections::VecDeque;

/// Empty points around all the stones past which a fight is read as a whole board's: more
/// than the solver settles at once, so the analyzers choose its area.
const WHOLE_BOARD_EMPTY: usize = 24;

/// How many steps from the group an area reaches over empty points before the region
/// analyzer's: its liberties, then the points next to them, where the eye space and the vital
/// points of a fight lie.
fn steps(scope: Scope) -> u32 {
    match scope {
        Scope::Liberties => 1,
        _ => 2,
    }
}

/// The largest pocket of empty points the own space takes in whole where it encloses one.
const POCKET: usize = 10;

/// A whole-board position's problem with its fight chosen, read in the narrowest area that
/// the solver's arena holds; other problems unchanged.
///
/// A problem around all the stones is a whole board's when it is too large for the arena, or
/// holds more empty points than the solver settles at once. The walls are chosen within the
/// limits of `watch` ([`living`]).
pub(crate) fn whole_board(problem: Problem, watch: &Watch) -> Result<Problem, ProblemError> {
    if problem.region_source() != RegionSource::AroundStones {
        return Ok(problem);
    }
    let too_large = problem.too_large();
    if !too_large && problem.empty_points() <= WHOLE_BOARD_EMPTY {
        return Ok(problem);
    }
    let walls = living(&problem, watch);
    let mut failed = None;
    let mut scope = Some(Scope::Liberties);
    while let Some(s) = scope {
        match in_scope(&problem, s, &walls) {
            Ok(p) => return Ok(p),
            Err(e) => failed = Some(e),
        }
        scope = s.wider();
    }
    match failed {
        Some(e) if too_large => Err(e),
        _ => Ok(problem),
    }
}

/// A whole board's fight (a problem the analyzers chose) read in another area, with the same
/// walls; `None` for a problem not chosen on a whole board.
pub(crate) fn widened(problem: &Problem, scope: Scope) -> Option<Result<Problem, ProblemError>> {
    problem.scope()?;
    Some(in_scope(problem, scope, problem.walls()))
}

/// The problem's fight read in `scope`, `walls` (sorted: the groups the eye-shape analyzer
/// calls alive, but the target's) uncapturable.
fn in_scope(problem: &Problem, scope: Scope, walls: &[Point]) -> Result<Problem, ProblemError> {
    let position = Position::from_problem(problem);
    let mut area = own_space(&position, problem.target(), walls, steps(scope));
    if scope >= Scope::Near {
        let rules = regions::RegionRules::distance();
        area.extend(regions::fight_area(&position, problem.target(), &rules, 1));
    }
    if scope >= Scope::Wide {
        let rules = regions::RegionRules::distance();
        area.extend(regions::fight_area(&position, problem.target(), &rules, 2));
        area = with_friends(&position, problem, area);
    }
    area.sort();
    area.dedup();
    problem
        .clone()
        .with_region(&area, RegionSource::Analyzer)
        .and_then(|p| p.with_walls(walls))
        .map(|p| p.scoped(scope))
}

/// The stones of the groups the eye-shape analyzer calls alive, but the target's. Past a
/// limit of `watch` the analyzer calls alive no group it has not read in full (the fight is
/// then read with fewer walls, nothing assumed uncapturable that was not found alive).
fn living(problem: &Problem, watch: &Watch) -> Vec<Point> {
    let graph = problem.graph();
    let stones: Vec<_> = graph.points().map(|p| problem.stone(p)).collect();
    let mut walls: Vec<Point> = eye_shapes::of_board_within(graph, &stones, watch)
        .groups
        .into_iter()
        .filter(|g| g.status == eye_shapes::Status::Alive)
        .filter(|g| !problem.target().iter().any(|t| g.stones.contains(t)))
        .flat_map(|g| g.stones)
        .collect();
    walls.sort();
    walls
}

/// The group's own space: the empty points at most `steps` from it, a friend's chain met
/// on the way taken in whole and gone on from (a living friend, a wall, is met and not gone
/// through), and every small pocket of empty points those enclose with the defender's stones.
/// The attacker's stones are not crossed: they stand as they are.
fn own_space(position: &Position, target: &[Point], walls: &[Point], steps: u32) -> Vec<Point> {
    let g = position.graph();
    let defender = position.stone(target[0]);
    let mut dist = vec![u32::MAX; g.len()];
    // Breadth first with chains at no cost: a chain's stones share their distance.
    let mut queue: VecDeque<Point> = VecDeque::new();
    for &t in target {
        dist[t.index()] = 0;
        queue.push_back(t);
    }
    while let Some(p) = queue.pop_front() {
        let d = dist[p.index()];
        let wall = |q: Point| walls.binary_search(&q).is_ok();
        if position.stone(p).is_some() && wall(p) {
            continue;
        }
        for &q in g.neighbours(p) {
            if dist[q.index()] != u32::MAX {
                continue;
            }
            match position.stone(q) {
                None if d < steps => {
                    dist[q.index()] = d + 1;
                    queue.push_back(q);
                }
                Some(c) if Some(c) == defender => {
                    for s in position.chain(q) {
                        dist[s.index()] = d;
                        queue.push_front(s);
                    }
                }
                _ => {}
            }
        }
    }
    let mut area: Vec<Point> = g
        .points()
        .filter(|&p| dist[p.index()] != u32::MAX)
        .filter(|&p| position.stone(p).is_none() || walls.binary_search(&p).is_err())
        .collect();
    // Pockets: empty points left out that only the area and the defender's stones surround.
    let mut seen = dist.iter().map(|&s| s != u32::MAX).collect::<Vec<bool>>();
    for p in g.points() {
        if seen[p.index()] || position.stone(p).is_some() {
            continue;
        }
        let pocket = g.flood(&[p], |q| position.stone(q).is_none() && !seen[q.index()]);
        for &q in &pocket {
            seen[q.index()] = true;
        }
        let next = || pocket.iter().flat_map(|&q| g.neighbours(q));
        let open = next().any(|&r| position.stone(r).is_some_and(|c| Some(c) != defender));
        let touches = next().any(|r| dist[r.index()] != u32::MAX);
        if !open && touches && pocket.len() <= POCKET {
            area.extend(pocket);
        }
    }
    area
}

/// The area with the defender's chains next to it brought in with their liberties, so that a
/// connection out is read with what it has.
fn with_friends(position: &Position, problem: &Problem, mut area: Vec<Point>) -> Vec<Point> {
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
    area
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::position_tests::position;

    /// The point a name (`C5`) gives on the position's board.
    fn at(pos: &Position, name: &str) -> Point {
        let g = pos.graph();
        g.points().find(|&p| g.label(p) == name).unwrap()
    }

    fn names(pos: &Position, points: &[Point]) -> Vec<String> {
        let mut n: Vec<String> = points.iter().map(|&p| pos.graph().label(p)).collect();
        n.sort();
        n
    }

    #[test]
    fn own_space_reaches_two_steps_meets_friends_and_stops_at_the_enemy() {
        // Black's stone at C5 (the target) with a friend at E5 one point away and White at
        // C3 below; a living black group (a wall) at G8.
        let rows = [
            ".........",
            "......X..",
            ".........",
            ".........",
            "..X.X....",
            ".........",
            "..O......",
            ".........",
            ".........",
        ];
        let pos = position(&rows);
        let at = |name: &str| at(&pos, name);
        let target = [at("C5")];
        let area = own_space(&pos, &target, &[], 2);
        let n = names(&pos, &area);
        // Two steps from C5 over empty points: not C3 (White's stone), nor what lies behind it.
        for p in ["B5", "D5", "C6", "C4", "A5", "C7", "B6", "D6", "B4", "D4"] {
            assert!(n.contains(&p.to_string()), "{p} in {n:?}");
        }
        assert!(!n.contains(&"C3".to_string()) && !n.contains(&"C2".to_string()));
        // The friend E5 is met at D5 (one step): taken in with the points one step from it.
        assert!(n.contains(&"E5".to_string()) && n.contains(&"F5".to_string()));
        assert!(!n.contains(&"G5".to_string()), "three steps away: {n:?}");
        // A living friend is met, not gone through: its stone is no area point.
        let walls = [at("E5")];
        let area = own_space(&pos, &target, &walls, 2);
        let n = names(&pos, &area);
        assert!(!n.contains(&"E5".to_string()) && !n.contains(&"F5".to_string()));
    }

    #[test]
    fn own_space_takes_in_a_pocket_the_group_encloses() {
        // White's ring encloses five lines by five; its centre D6 is three steps from every
        // ring stone, left out by the steps yet taken in as a pocket the area encloses.
        let rows = [
            "OOOOOOO..",
            "O.....O..",
            "O.....O..",
            "O.....O..",
            "O.....O..",
            "O.....O..",
            "OOOOOOO..",
            ".........",
            "....X....",
        ];
        let pos = position(&rows);
        let target = [at(&pos, "A9")];
        let n = names(&pos, &own_space(&pos, &target, &[], 2));
        for p in ["D6", "C6", "D7", "B8"] {
            assert!(n.contains(&p.to_string()), "{p} in {n:?}");
        }
        // The enemy's stone stands as it is: no area point.
        assert!(!n.contains(&"E1".to_string()));
    }
}
