//! The fight on a whole board: a game position gives no region, and the area around all its
//! stones is far too large for the solver, so the analyzers choose it.
//!
//! A player reads a group's fight close to it first (its liberties, then its eye space and the
//! points next to it, the enemy's stones around as they stand) and looks further out as the
//! time allows: the areas are [`Scope`]s, narrowest first, each taking in the one before. Every
//! area keeps the defender's resources next to the group: the attacker's chains short of
//! liberties that meet it are brought in with their liberties ([`Problem::with_walls`]), and a
//! friend the group reaches is met with its chain, a living one (a wall) as a connection out.
//! From the own space on, an attacker chain touching the group that the group may win a
//! capturing race against (few liberties, no more than the group's) is brought in with all its
//! liberties, however far they lie: a group inside the attacker's area often lives only by
//! capturing such a chain, and with one liberty left outside the chain could never be.

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

/// The most liberties an attacker chain touching the group may have and still be read as one
/// to capture from its own space on: a capturing race between the group and a chain in
/// contact is decided by their liberties, and a group short of eyes rarely has more than a
/// few; a chain with more stands as it is (the narrower rule, [`Problem::with_walls`], takes
/// in any chain with at most two).
const RACE_LIBERTIES: usize = 3;

/// The largest pocket of empty points the own space takes in whole where it encloses one.
const POCKET: usize = 10;

/// A whole-board position's problem with its fight chosen, read in the narrowest area that
/// the solver's arena holds; other problems unchanged.
///
/// A problem around all the stones is a whole board's when it is too large for the arena, or
/// holds more empty points than the solver settles at once; so is the attacker's enclosure of
/// the target on a whole board's position (stones spread past one arena): a whole board's
/// enclosure is often dense (many chains to capture, kos, the enclosing chains themselves
/// short of liberties), and a player reads it close to the group first, as on an open board,
/// and the enclosure itself last ([`Scope::Enclosure`]), unless no area is narrower. The
/// walls are chosen within the limits of `watch` ([`living`]).
pub(crate) fn whole_board(problem: Problem, watch: &Watch) -> Result<Problem, ProblemError> {
    let too_large = match problem.region_source() {
        RegionSource::AroundStones => {
            let too_large = problem.too_large();
            if !too_large && problem.empty_points() <= WHOLE_BOARD_EMPTY {
                return Ok(problem);
            }
            too_large
        }
        RegionSource::Enclosed if problem.stones_spread_past_arena() => false,
        _ => return Ok(problem),
    };
    let enclosed = problem.region_source() == RegionSource::Enclosed;
    let walls = living(&problem, watch);
    let mut failed = None;
    let mut scope = Some(Scope::Liberties);
    while let Some(s) = scope.filter(|&s| s != Scope::Enclosure) {
        match in_scope(&problem, s, &walls) {
            // An enclosure no area is narrower than is read at once, as it is.
            Ok(p) if enclosed && p.empty_points() >= problem.empty_points() => return Ok(problem),
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
    if scope == Scope::Enclosure {
        return problem.in_enclosure();
    }
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
    let build = |mut area: Vec<Point>| {
        area.sort();
        area.dedup();
        problem
            .clone()
            .with_region(&area, RegionSource::Analyzer)
            .and_then(|p| p.with_walls(walls))
            .map(|p| p.scoped(scope))
    };
    // Past the liberties, the chains the group races to capture; without them if the
    // fight grows too large with them.
    if scope >= Scope::Own {
        let race = racing(&position, problem.target(), walls);
        if !race.is_empty() {
            let mut with = area.clone();
            with.extend(race);
            if let Ok(p) = build(with) {
                return Ok(p);
            }
        }
    }
    build(area)
}

/// The attacker's chains touching the group with at most [`RACE_LIBERTIES`] liberties and no
/// more than the group has, with those liberties: the group may live by winning a capturing
/// race against one (the side with more liberties wins it), which it can only do where the
/// chain's every liberty is in the fight. Living chains (walls) are left out: they are not
/// captured.
fn racing(position: &Position, target: &[Point], walls: &[Point]) -> Vec<Point> {
    let g = position.graph();
    let attacker = position.stone(target[0]).map(|c| c.other());
    let most = position.liberties(target).len().min(RACE_LIBERTIES);
    let mut seen: Vec<Point> = Vec::new();
    let mut race: Vec<Point> = Vec::new();
    for &t in target {
        for &q in g.neighbours(t) {
            if position.stone(q) != attacker || seen.contains(&q) {
                continue;
            }
            let chain = position.chain(q);
            seen.extend(&chain);
            if chain.iter().any(|s| walls.binary_search(s).is_ok()) {
                continue;
            }
            let free = position.liberties(&chain);
            if free.len() <= most {
                race.extend(chain);
                race.extend(free);
            }
        }
    }
    race
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
    fn a_chain_the_group_races_is_taken_in_with_its_far_liberty() {
        // Black's corner group (A3 B3 C3 D3 D4 D5 D2 E2 E1, four liberties) round White's
        // B2 C2, whose liberties are A2, C1 and B1, three steps from Black: out of the own
        // space, taken in as a race.
        let rows = [
            ".........",
            ".........",
            ".........",
            "..O.O....",
            "O.OXO....",
            ".OOXO....",
            "XXXXO....",
            ".OOXXO...",
            "....XO...",
        ];
        let pos = position(&rows);
        let at = |name: &str| at(&pos, name);
        let target = pos.chain(at("D3"));
        let own = names(&pos, &own_space(&pos, &target, &[], 2));
        assert!(!own.contains(&"B1".to_string()), "{own:?}");
        let race = names(&pos, &racing(&pos, &target, &[]));
        for p in ["B2", "C2", "A2", "B1", "C1"] {
            assert!(race.contains(&p.to_string()), "{p} in {race:?}");
        }
        // White's chains of more liberties than three are not (E3 to E6, B4 to C6).
        for p in ["E4", "C4"] {
            assert!(!race.contains(&p.to_string()), "{p} not in {race:?}");
        }
        // As a wall (called alive), the chain is not raced.
        let walls = [at("B2"), at("C2")];
        let race = names(&pos, &racing(&pos, &target, &walls));
        assert!(!race.contains(&"B1".to_string()), "{race:?}");
    }

    #[test]
    fn a_chain_with_more_liberties_than_the_group_is_not_raced() {
        // Black's two stones C1 D1 (two liberties) under White's B2 C2 D2 E2 (many): a race
        // the group cannot win.
        let rows = [
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".OOOO....",
            "..XX.....",
        ];
        let pos = position(&rows);
        let target = pos.chain(at(&pos, "C1"));
        assert!(racing(&pos, &target, &[]).is_empty());
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
