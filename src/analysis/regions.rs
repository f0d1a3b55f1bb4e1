//! Regions and families (Tajima & Sanechika, "Families and regions in Go").
//!
//! Definitions (section 2): a *region* (領域) is a connected set of points when the board is
//! split into black and white by distance from each colour's living stones; a *family* (族) is
//! the set of groups in one region. Region attributes (section 2): size, sure territory
//! (確定地), occupied territory (占有地: the part the other side cannot enter), sphere of
//! influence (勢力圏: the rest) and equivalent points (等価目数: an estimate of the points the
//! region is worth).
//!
//! Distances (section 3) run along paths of adjacent non-stone points from a colour's living
//! stones. The printed copy of the paper has lost most of its digits; where a number is
//! unreadable we say what we chose:
//! * *kosuri point* (3.1): an empty point next to enemy stones; a path's kosuri count adds up
//!   along the path, a point touching two enemy stones at once counting 2 ("n" lost, read as
//!   one per stone).
//! * extra kosuri (3.1): a path that reaches the edge adds kosuri (count lost: we add 1, once
//!   per arrival on the first line from inside); a path that goes *under* an enemy stone on
//!   the third line or lower (the full-width "３線以下" survived) counts 2 for that stone, not 1
//!   ("under" = the kosuri point is on a lower line than the stone).
//! * *degree priority* (3.2): distance is path length, over paths whose cumulative kosuri
//!   stays below a limit (lost; we read "points with kosuri 2 or more cannot be reached",
//!   consistent with relaxation (2)(b) of 3.5, "reachable up to the point where it becomes 2").
//! * *kosuri priority* (3.3): fewer kosuri beats any length; equal kosuri, shorter wins
//!   (the paper: "equivalent to converting one kosuri into a large distance, e.g. 100").
//! * *kosuri converted to distance* (3.4): one kosuri costs `n` steps (the paper's usual range
//!   is lost; we default to 3).
//! * The plain partition of section 2 treats every point alike: path length, no kosuri.
//!
//! Reachability limits apply to all three kosuri schemes alike (a point is reachable when some
//! path stays within the limit), so they differ only in which path measures the distance.

use super::potential::{self, Field};
use super::AnalysisError;
use crate::go::color::ByColor;
use crate::go::graph::Point;
use crate::go::rules::Color;
use crate::problem::Position;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

/// How distance is measured (Tajima & Sanechika, sections 2 and 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scheme {
    /// Section 2: path length, every point alike, no kosuri.
    Distance,
    /// 3.2 (次数優先): path length, over paths within the kosuri limit.
    DegreePriority,
    /// 3.3 (コスリ数優先): least kosuri first, then length.
    KosuriPriority,
    /// 3.4: length plus `per_kosuri` for each kosuri.
    Converted { per_kosuri: u32 },
}

impl Scheme {
    pub fn name(self) -> String {
        match self {
            Scheme::Distance => "distance".into(),
            Scheme::DegreePriority => "degree priority".into(),
            Scheme::KosuriPriority => "kosuri priority".into(),
            Scheme::Converted { per_kosuri } => format!("kosuri = {per_kosuri} steps"),
        }
    }
}

/// How the partition measures distance (the scheme and its kosuri rules) and how a region's
/// worth is estimated (the sure-territory threshold and the potential field).
#[derive(Clone, Debug, PartialEq)]
pub struct RegionRules {
    pub scheme: Scheme,
    /// The most kosuri a path may gather (`None`: any, relaxation 3.5(2)(a)). Not used by
    /// [`Scheme::Distance`].
    pub kosuri_limit: Option<u32>,
    /// Kosuri added when a path arrives on the first line.
    pub edge_kosuri: u32,
    /// Enemy stones on this line or lower count [`RegionRules::low_kosuri`] for a path under them.
    pub low_line: u32,
    pub low_kosuri: u32,
    /// Potential (for the region's colour) from which a point is sure territory. 32 is the
    /// potential field's middle-game core, which Yajima equates with sure territory (his section
    /// 2(8)).
    pub sure: f64,
    /// The field that decides sure territory and equivalent points.
    pub potential: potential::FieldRules,
}

impl Default for RegionRules {
    /// Degree priority with the readings above.
    fn default() -> RegionRules {
        RegionRules {
            scheme: Scheme::DegreePriority,
            kosuri_limit: Some(1),
            edge_kosuri: 1,
            low_line: 3,
            low_kosuri: 2,
            sure: 32.0,
            potential: potential::FieldRules::default(),
        }
    }
}

impl RegionRules {
    /// The plain partition of section 2 (what [`fight_area`] wants: all the space, no kosuri).
    pub fn distance() -> RegionRules {
        RegionRules {
            scheme: Scheme::Distance,
            ..RegionRules::default()
        }
    }
}

/// How a colour reaches a point by its best path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reach {
    /// The measured distance (what the partition compares).
    pub cost: u64,
    pub length: u32,
    pub kosuri: u32,
}

/// Occupied territory (the other side cannot reach it) or sphere of influence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hold {
    Occupied,
    Sphere,
}

/// What a point is in the partition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// A living stone.
    Stone(Color),
    /// A non-stone point (empty, or a dead stone) nearer to this colour.
    Area(Color, Hold),
    /// Both colours at the same distance (等距離点).
    Even,
    /// Neither colour can reach it.
    Unreached,
}

/// A region and its attributes (section 2).
#[derive(Clone, Debug, PartialEq)]
pub struct Region {
    pub color: Color,
    /// Every point, stones included, sorted.
    pub points: Vec<Point>,
    /// Living stones, and the chains they form (the family).
    pub stones: usize,
    pub chains: usize,
    /// Non-stone points (empty points and dead stones).
    pub size: usize,
    pub occupied: usize,
    pub sphere: usize,
}

/// The board split into regions.
#[derive(Clone, Debug)]
pub struct Partition {
    pub rules: RegionRules,
    /// Each colour's best path to each point.
    pub reach: ByColor<Vec<Option<Reach>>>,
    pub class: Vec<Class>,
    pub regions: Vec<Region>,
    /// The region of each point, if any.
    pub region_of: Vec<Option<usize>>,
}

/// The kosuri a path of colour `c` gathers by stepping from a point on line `from_line` onto
/// `to` (3.1): one per adjacent enemy stone (two under a low one), plus the edge's.
pub fn step_kosuri(
    pos: &Position,
    lines: &[u32],
    rules: &RegionRules,
    c: Color,
    from_line: u32,
    to: Point,
) -> u32 {
    let here = lines[to.index()];
    let stones: u32 = pos
        .graph()
        .neighbours(to)
        .iter()
        .filter(|&&s| pos.living(s) == Some(c.other()))
        .map(|&s| {
            let line = lines[s.index()];
            if line <= rules.low_line && here < line {
                rules.low_kosuri
            } else {
                1
            }
        })
        .sum();
    let edge = if here == 1 && from_line > 1 {
        rules.edge_kosuri
    } else {
        0
    };
    stones + edge
}

/// Each point's best path from the living stones of `c`: Dijkstra over (point, kosuri so far)
/// so that the kosuri limit is exact, not a greedy guess.
fn reach(pos: &Position, lines: &[u32], rules: &RegionRules, c: Color) -> Vec<Option<Reach>> {
    let g = pos.graph();
    let n = g.len();
    let (limit, per_kosuri) = match rules.scheme {
        Scheme::Distance => (None, 0),
        Scheme::DegreePriority => (rules.kosuri_limit, 0),
        // A best path visits each point once, so its length stays below n + 1.
        Scheme::KosuriPriority => (rules.kosuri_limit, n as u64 + 1),
        Scheme::Converted { per_kosuri } => (rules.kosuri_limit, u64::from(per_kosuri)),
    };
    let counts_kosuri = rules.scheme != Scheme::Distance;
    // Without a limit the kosuri so far does not restrict anything: one state per point.
    let layers = limit.map_or(1, |l| l as usize + 1);
    let state =
        |p: Point, k: u32| p.index() * layers + if limit.is_some() { k as usize } else { 0 };
    let mut best: Vec<Option<Reach>> = vec![None; n * layers];
    let mut heap = BinaryHeap::new();
    for p in g.points() {
        if pos.living(p) == Some(c) {
            best[state(p, 0)] = Some(Reach {
                cost: 0,
                length: 0,
                kosuri: 0,
            });
            heap.push(Reverse((0u64, 0u32, 0u32, p)));
        }
    }
    while let Some(Reverse((cost, length, kosuri, p))) = heap.pop() {
        if best[state(p, kosuri)].is_some_and(|r| r.cost < cost) {
            continue;
        }
        for &q in g.neighbours(p) {
            if pos.living(q).is_some() {
                continue;
            }
            let step = if counts_kosuri {
                step_kosuri(pos, lines, rules, c, lines[p.index()], q)
            } else {
                0
            };
            let k = kosuri + step;
            if limit.is_some_and(|l| k > l) {
                continue;
            }
            let next = Reach {
                cost: cost + 1 + per_kosuri * u64::from(step),
                length: length + 1,
                kosuri: k,
            };
            let slot = &mut best[state(q, k)];
            if slot.is_none_or(|r| next.cost < r.cost) {
                *slot = Some(next);
                heap.push(Reverse((next.cost, next.length, k, q)));
            }
        }
    }
    (0..n)
        .map(|i| {
            best[i * layers..(i + 1) * layers]
                .iter()
                .flatten()
                .min_by_key(|r| (r.cost, r.kosuri))
                .copied()
        })
        .collect()
}

/// Splits the board into regions (sections 2 and 3).
pub fn partition(pos: &Position, rules: &RegionRules) -> Partition {
    let g = pos.graph();
    let lines = pos.lines();
    let reach = ByColor::from_fn(|c| reach(pos, &lines, rules, c));
    let class: Vec<Class> = g
        .points()
        .map(|p| {
            if let Some(c) = pos.living(p) {
                return Class::Stone(c);
            }
            let (b, w) = (reach.black[p.index()], reach.white[p.index()]);
            match (b, w) {
                (None, None) => Class::Unreached,
                (Some(_), None) => Class::Area(Color::Black, Hold::Occupied),
                (None, Some(_)) => Class::Area(Color::White, Hold::Occupied),
                (Some(b), Some(w)) if b.cost < w.cost => Class::Area(Color::Black, Hold::Sphere),
                (Some(b), Some(w)) if w.cost < b.cost => Class::Area(Color::White, Hold::Sphere),
                _ => Class::Even,
            }
        })
        .collect();
    let color_of = |p: Point| match class[p.index()] {
        Class::Stone(c) | Class::Area(c, _) => Some(c),
        Class::Even | Class::Unreached => None,
    };
    let mut region_of = vec![None; g.len()];
    let mut regions = Vec::new();
    for start in g.points() {
        let Some(c) = color_of(start) else { continue };
        if region_of[start.index()].is_some() {
            continue;
        }
        let id = regions.len();
        region_of[start.index()] = Some(id);
        let mut queue = VecDeque::from([start]);
        let mut points = Vec::new();
        while let Some(a) = queue.pop_front() {
            points.push(a);
            for &b in g.neighbours(a) {
                if region_of[b.index()].is_none() && color_of(b) == Some(c) {
                    region_of[b.index()] = Some(id);
                    queue.push_back(b);
                }
            }
        }
        points.sort();
        regions.push(region(pos, &class, c, points));
    }
    Partition {
        rules: rules.clone(),
        reach,
        class,
        regions,
        region_of,
    }
}

fn region(pos: &Position, class: &[Class], color: Color, points: Vec<Point>) -> Region {
    let count = |f: &dyn Fn(Class) -> bool| points.iter().filter(|p| f(class[p.index()])).count();
    let stones = count(&|k| matches!(k, Class::Stone(_)));
    let occupied = count(&|k| matches!(k, Class::Area(_, Hold::Occupied)));
    let sphere = count(&|k| matches!(k, Class::Area(_, Hold::Sphere)));
    let chains = pos
        .living_chains()
        .iter()
        .filter(|ch| points.binary_search(&ch[0]).is_ok())
        .count();
    Region {
        color,
        points,
        stones,
        chains,
        size: occupied + sphere,
        occupied,
        sphere,
    }
}

/// A region's worth by the potential field (section 2's sure territory and equivalent points).
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// Non-stone points whose potential for the region's colour reaches [`RegionRules::sure`].
    pub sure: usize,
    /// Each non-stone point counts its potential over the sure threshold, at most 1: sure
    /// points count 1, the sphere fractions (the paper's "normalized potential", figure 2).
    pub equivalent: f64,
}

/// The partition with its potential field and each region's estimate.
#[derive(Clone, Debug)]
pub struct RegionMap {
    pub partition: Partition,
    pub field: Field,
    pub estimates: Vec<Estimate>,
}

/// Partition and attributes (needs a square board for the potential field).
pub fn region_map(pos: &Position, rules: &RegionRules) -> Result<RegionMap, AnalysisError> {
    let field = potential::field(pos, &rules.potential)?;
    let partition = partition(pos, rules);
    let estimates = partition
        .regions
        .iter()
        .map(|r| {
            let mut e = Estimate {
                sure: 0,
                equivalent: 0.0,
            };
            for &p in &r.points {
                if matches!(partition.class[p.index()], Class::Area(..)) {
                    let v = field.value_for(p, r.color);
                    if v >= rules.sure {
                        e.sure += 1;
                    }
                    e.equivalent += (v / rules.sure).clamp(0.0, 1.0);
                }
            }
            e
        })
        .collect();
    Ok(RegionMap {
        partition,
        field,
        estimates,
    })
}

/// The local area a fight over `target` (its stones) is played in: the regions holding the
/// target's stones, by this analysis, with the equal-distance and unreached points next to
/// them (the boundary the paper draws as the equal-distance line, contested by both), widened
/// by `margin` steps (1 adds the stones around). The target counts as living even if
/// declared dead. [`RegionRules::distance`] suits this best: kosuri limits can leave eye points
/// next to the attacker's wall unreached.
pub fn fight_area(
    pos: &Position,
    target: &[Point],
    rules: &RegionRules,
    margin: u32,
) -> Vec<Point> {
    let pos = pos.clone().with_alive(target);
    let part = partition(&pos, rules);
    let g = pos.graph();
    let mut inside = vec![false; g.len()];
    let mut frontier = Vec::new();
    for &t in target {
        if let Some(id) = part.region_of[t.index()] {
            for &p in &part.regions[id].points {
                if !inside[p.index()] {
                    inside[p.index()] = true;
                    frontier.push(p);
                }
            }
        }
    }
    let boundary: Vec<Point> = frontier
        .iter()
        .flat_map(|&p| g.neighbours(p).iter().copied())
        .filter(|q| matches!(part.class[q.index()], Class::Even | Class::Unreached))
        .collect();
    for q in boundary {
        if !inside[q.index()] {
            inside[q.index()] = true;
            frontier.push(q);
        }
    }
    for _ in 0..margin {
        let mut next = Vec::new();
        for p in frontier {
            for &q in g.neighbours(p) {
                if !inside[q.index()] {
                    inside[q.index()] = true;
                    next.push(q);
                }
            }
        }
        frontier = next;
    }
    g.points().filter(|p| inside[p.index()]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::graph::Graph;
    use crate::problem::position_tests::position;

    const EMPTY9: [&str; 9] = [
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
    ];

    fn with(rows: &[&str], stones: &[(usize, usize, char)]) -> Position {
        let mut rows: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
        for &(x, y, c) in stones {
            rows[y].replace_range(x..x + 1, &c.to_string());
        }
        let refs: Vec<&str> = rows.iter().map(String::as_str).collect();
        position(&refs)
    }

    fn at(pos: &Position, x: u8, y: u8) -> Point {
        pos.graph().at(x, y).unwrap()
    }

    #[test]
    fn two_stones_on_a_row_split_at_the_middle_column() {
        // Black C5, White G5: column E is equally far from both, the rest splits in halves.
        let pos = with(&EMPTY9, &[(2, 4, 'X'), (6, 4, 'O')]);
        let part = partition(&pos, &RegionRules::distance());
        for p in pos.graph().points() {
            let (x, _) = pos.graph().grid(p).unwrap();
            let expected = match x {
                4 => Class::Even,
                _ if pos.stone(p).is_some() => Class::Stone(pos.stone(p).unwrap()),
                0..=3 => Class::Area(Color::Black, Hold::Sphere),
                _ => Class::Area(Color::White, Hold::Sphere),
            };
            assert_eq!(part.class[p.index()], expected, "{}", pos.graph().label(p));
        }
        assert_eq!(part.regions.len(), 2);
        let black = &part.regions[0];
        assert_eq!((black.color, black.points.len()), (Color::Black, 36));
        assert_eq!((black.size, black.occupied, black.sphere), (35, 0, 35));
        assert_eq!((black.stones, black.chains), (1, 1));
    }

    #[test]
    fn two_stones_on_a_diagonal_tie_in_two_corners() {
        // Black C7, White G3. Manhattan bisectors are not lines: in the two corners beyond
        // both stones' rows and columns the distances differ by the same amount, so the whole
        // 3x3 corners tie, and so does the anti-diagonal between the stones (E5, D6, F4).
        let pos = with(&EMPTY9, &[(2, 2, 'X'), (6, 6, 'O')]);
        let part = partition(&pos, &RegionRules::distance());
        let even: Vec<String> = pos
            .graph()
            .points()
            .filter(|p| part.class[p.index()] == Class::Even)
            .map(|p| pos.graph().label(p))
            .collect();
        assert_eq!(even.len(), 21);
        for name in ["A1", "C3", "G9", "J7", "E5", "D4", "F6"] {
            assert!(even.contains(&name.to_string()), "{name} in {even:?}");
        }
        assert_eq!(part.regions[0].points.len(), 30);
    }

    #[test]
    fn kosuri_counts_enemy_stones_low_stones_and_the_edge() {
        // White on the third line from the bottom (D3) and in the middle (D5).
        let pos = position(&[
            ".......", ".......", "...O...", ".......", "...O...", ".......", ".......",
        ]);
        let lines = pos.lines();
        let p = RegionRules::default();
        let k = |from_line, x, y| {
            step_kosuri(&pos, &lines, &p, Color::Black, from_line, at(&pos, x, y))
        };
        // Next to one stone: 1; between the two stones: 2.
        assert_eq!(k(3, 2, 4), 1);
        assert_eq!(k(4, 3, 3), 2);
        // Under the third-line stone (D2, second line): 2.
        assert_eq!(k(2, 3, 5), 2);
        // Arriving on the first line from the second adds 1; moving along it does not.
        assert_eq!(k(2, 0, 3), 1);
        assert_eq!(k(1, 0, 3), 0);
        // White's own paths see no kosuri from white stones.
        assert_eq!(
            step_kosuri(&pos, &lines, &p, Color::White, 4, at(&pos, 3, 3)),
            0
        );
    }

    #[test]
    fn degree_priority_cuts_off_what_only_kosuri_paths_reach() {
        // A white one-point jump (C5, E5): the point between them touches both stones, so
        // Black cannot pass there under degree priority; by plain distance it can.
        let pos = position(&[
            ".......", ".......", "..O.O..", ".......", ".......", "...X...", ".......",
        ]);
        let between = at(&pos, 3, 2);
        let plain = partition(&pos, &RegionRules::distance());
        assert_eq!(plain.reach.black[between.index()].unwrap().length, 3);
        assert_eq!(
            plain.class[between.index()],
            Class::Area(Color::White, Hold::Sphere)
        );
        let degree = partition(&pos, &RegionRules::default());
        assert_eq!(degree.reach.black[between.index()], None);
        assert_eq!(
            degree.class[between.index()],
            Class::Area(Color::White, Hold::Occupied)
        );
    }

    #[test]
    fn the_schemes_choose_different_paths() {
        // Black B4, White D5. From B4 to E4 the straight path (3 steps) passes D4, next to
        // the white stone (1 kosuri); the detour under it (C3, D3, E3, E4: 5 steps) has none.
        let pos = position(&[
            ".......", ".......", "...O...", ".X.....", ".......", ".......", ".......",
        ]);
        let e4 = at(&pos, 4, 3).index();
        let black = |scheme| {
            partition(
                &pos,
                &RegionRules {
                    scheme,
                    ..RegionRules::default()
                },
            )
            .reach
            .black[e4]
                .unwrap()
        };
        let r = black(Scheme::DegreePriority);
        assert_eq!((r.cost, r.length, r.kosuri), (3, 3, 1));
        let r = black(Scheme::KosuriPriority);
        assert_eq!((r.length, r.kosuri), (5, 0));
        let r = black(Scheme::Converted { per_kosuri: 1 });
        assert_eq!((r.cost, r.length, r.kosuri), (4, 3, 1));
        let r = black(Scheme::Converted { per_kosuri: 3 });
        assert_eq!((r.cost, r.length, r.kosuri), (5, 5, 0));
    }

    #[test]
    fn lone_stone_estimates() {
        // A lone black stone in the middle of 19x19: everything is black's occupied territory.
        // Sure territory (potential >= 32): the four neighbours. Equivalent points: distance d
        // points count 2^(6-d)/32, capped at 1: 4*1 + 8/2 + 12/4 + 16/8 + 20/16 + 24/32 = 15.
        let graph = Graph::square(19, 19);
        let mut stones = vec![None; graph.len()];
        stones[graph.at(9, 9).unwrap().index()] = Some(Color::Black);
        let pos = Position::new(graph, stones);
        let a = region_map(&pos, &RegionRules::default()).unwrap();
        let r = &a.partition.regions[0];
        assert_eq!(a.partition.regions.len(), 1);
        assert_eq!((r.size, r.occupied, r.sphere), (360, 360, 0));
        assert_eq!(
            a.estimates[0],
            Estimate {
                sure: 4,
                equivalent: 15.0
            }
        );
    }

    #[test]
    fn fight_area_is_the_target_region_plus_margin() {
        // A black corner group walled in by White, with more white stones far away.
        let rows = [
            ".X.O.....",
            "XX.O.....",
            "OOOO.....",
            ".........",
            ".........",
            "......O..",
            ".........",
            "..X......",
            ".........",
        ];
        let pos = position(&rows);
        let target = [at(&pos, 1, 1)];
        let part = partition(&pos, &RegionRules::distance());
        // The points next to the wall are as near to White as to Black.
        assert_eq!(part.class[at(&pos, 2, 0).index()], Class::Even);
        let region = &part.regions[part.region_of[target[0].index()].unwrap()];
        assert_eq!(region.points.len(), 4);
        let area = fight_area(&pos, &target, &RegionRules::distance(), 0);
        let names: Vec<String> = area.iter().map(|&p| pos.graph().label(p)).collect();
        assert_eq!(names, ["A9", "B9", "C9", "A8", "B8", "C8"]);
        // Margin 1 adds the wall next to it: D9, D8, A7, B7, C7 (D7 touches only diagonally).
        assert_eq!(
            fight_area(&pos, &target, &RegionRules::distance(), 1).len(),
            11
        );
        // Declared dead, the target still gets its own area.
        let dead = pos.clone().with_dead(&["B8".parse().unwrap()]).unwrap();
        assert_eq!(
            fight_area(&dead, &target, &RegionRules::distance(), 0),
            area
        );
    }

    #[test]
    fn dead_stones_become_territory() {
        let pos = with(&EMPTY9, &[(2, 4, 'X'), (6, 4, 'O'), (1, 4, 'O')])
            .with_dead(&["B5".parse().unwrap()])
            .unwrap();
        let part = partition(&pos, &RegionRules::distance());
        assert_eq!(
            part.class[at(&pos, 1, 4).index()],
            Class::Area(Color::Black, Hold::Sphere)
        );
    }
}
