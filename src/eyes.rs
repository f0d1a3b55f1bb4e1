//! Eye-shape analyzer (seed 001, Kato & Yamazaki): judges every group of a whole-board
//! position alive, dead or unsettled from its eye-shape candidates, without search.
//!
//! The steps follow the seed; where it is vague the definitions here are exact:
//! * **chains** (連): stones of one colour joined by adjacency;
//! * **captured-looking chains** are taken off before grouping (the seed's ★ stones): a chain
//!   with one liberty that cannot capture a neighbouring chain in atari and would still have at
//!   most one liberty after extending at its liberty;
//! * **groups** (群): chains joined by the seed's common links — diagonal, one-point jump,
//!   knight's move, two-point jump, large knight's move (plain adjacency is the chain). A link
//!   is cut by an enemy stone on any point between its ends; a diagonal only by enemy stones on
//!   both shared neighbours (one of them leaves the other to connect at);
//! * the empty points between a link's ends are the group's **virtual stones** (仮想石); the
//!   group's stones and virtual stones are its wall;
//! * **eye-shape candidates** (眼形候補): the parts of the board the wall cuts off, at most
//!   [`MAX_EYE_SPACE`] points (enemy stones in them included), less the **inner points'**
//!   exception — points next to a virtual stone are not inner (the defender will have to block
//!   there) — split into connected pieces;
//! * a candidate's boundary is **complete** when everything around it is the group's stones;
//!   otherwise it is open to the enemy and only the **one-eye reachability** test counts it;
//! * the **status** comes from the eyes each candidate is worth with either side to play there.
//!
//! Links need board geometry, so they are found on square boards only; on other graphs groups
//! are chains and the rest is unchanged.

use crate::graph::{Graph, Point};
use crate::rules::Color;
use std::collections::BTreeSet;

/// Largest cut-off area counted as an eye-shape candidate; anything larger is open board.
pub const MAX_EYE_SPACE: usize = 12;

/// Chains, groups and their eye shapes for a whole-board position.
#[derive(Clone, Debug)]
pub struct Analysis {
    pub chains: Vec<Chain>,
    pub groups: Vec<Group>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chain {
    pub color: Color,
    pub stones: Vec<Point>,
    pub liberties: Vec<Point>,
    /// Taken off before grouping (see the module notes).
    pub captured_looking: bool,
}

/// The common links of seed 001.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Link {
    Diagonal,
    OnePointJump,
    Knight,
    TwoPointJump,
    LargeKnight,
}

impl Link {
    /// The link's offset (dx, dy) with dx >= dy >= 0; the others are its reflections.
    fn offset(self) -> (i16, i16) {
        match self {
            Link::Diagonal => (1, 1),
            Link::OnePointJump => (2, 0),
            Link::Knight => (2, 1),
            Link::TwoPointJump => (3, 0),
            Link::LargeKnight => (3, 1),
        }
    }

    const ALL: [Link; 5] = [
        Link::Diagonal,
        Link::OnePointJump,
        Link::Knight,
        Link::TwoPointJump,
        Link::LargeKnight,
    ];
}

/// How many eyes a candidate is worth with each side to play in it first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Eyes {
    pub attacker_first: u8,
    pub defender_first: u8,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EyeCandidate {
    /// Its points (empty, or enemy stones inside).
    pub points: Vec<Point>,
    pub complete: bool,
    pub eyes: Eyes,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Alive,
    Dead,
    Unsettled,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    pub color: Color,
    /// Indices into [`Analysis::chains`].
    pub chains: Vec<usize>,
    pub stones: Vec<Point>,
    /// Empty points on the group's links.
    pub virtual_stones: Vec<Point>,
    pub candidates: Vec<EyeCandidate>,
    pub status: Status,
}

impl Analysis {
    /// The group holding the stone at `p`.
    pub fn group_of(&self, p: Point) -> Option<&Group> {
        self.groups.iter().find(|g| g.stones.contains(&p))
    }
}

/// A position being analysed.
struct Board<'a> {
    graph: &'a Graph,
    stones: Vec<Option<Color>>,
}

impl Board<'_> {
    fn chains(&self) -> Vec<Chain> {
        let mut done = vec![false; self.graph.len()];
        let mut out = Vec::new();
        for p in self.graph.points() {
            let Some(color) = self.stones[p.index()] else {
                continue;
            };
            if done[p.index()] {
                continue;
            }
            let stones = self
                .graph
                .flood(&[p], |q| self.stones[q.index()] == Some(color));
            for q in &stones {
                done[q.index()] = true;
            }
            let liberties = self.liberties(&stones);
            out.push(Chain {
                color,
                stones,
                liberties,
                captured_looking: false,
            });
        }
        out
    }

    fn liberties(&self, stones: &[Point]) -> Vec<Point> {
        let set: BTreeSet<Point> = stones
            .iter()
            .flat_map(|&p| self.graph.neighbours(p).iter().copied())
            .filter(|q| self.stones[q.index()].is_none())
            .collect();
        set.into_iter().collect()
    }

    /// In atari, no neighbouring enemy chain in atari to take, and extending at the liberty
    /// still leaves at most one liberty.
    fn captured_looking(&self, chain: &Chain, chains: &[Chain]) -> bool {
        let [liberty] = chain.liberties[..] else {
            return false;
        };
        let touching = |c: &Chain, color: Color| {
            c.color == color
                && c.stones.iter().any(|&s| {
                    self.graph
                        .neighbours(s)
                        .iter()
                        .any(|q| chain.stones.contains(q))
                })
        };
        if chains
            .iter()
            .any(|c| touching(c, chain.color.other()) && c.liberties.len() == 1)
        {
            return false;
        }
        let mut extended = self.stones.clone();
        extended[liberty.index()] = Some(chain.color);
        let grown = Board {
            graph: self.graph,
            stones: extended,
        };
        let stones = grown
            .graph
            .flood(&[liberty], |q| grown.stones[q.index()] == Some(chain.color));
        grown.liberties(&stones).len() <= 1
    }
}

/// Eyes of an empty, completely bounded eye space by its shape: the classical eye shapes.
/// `adj[i]` lists the neighbours of point `i` inside the space.
fn shape_eyes(adj: &[Vec<usize>]) -> Eyes {
    let n = adj.len();
    let degree: Vec<usize> = adj.iter().map(Vec::len).collect();
    let max_degree = degree.iter().copied().max().unwrap_or(0);
    let settled = |e: u8| Eyes {
        attacker_first: e,
        defender_first: e,
    };
    let vital = Eyes {
        attacker_first: 1,
        defender_first: 2,
    };
    // A 2x2 block: four points each next to two others among them.
    let has_square = (0..n).any(|a| {
        adj[a].iter().any(|&b| {
            adj[a]
                .iter()
                .any(|&c| c != b && adj[b].iter().any(|&d| d != a && adj[c].contains(&d)))
        })
    });
    match n {
        0..=2 => settled(1),
        // Straight or bent three: the middle point decides.
        3 => vital,
        // Square four is one eye; pyramid four has a vital point; straight and bent four live.
        4 if has_square => settled(1),
        4 if max_degree == 3 => vital,
        // Bulky five (a square plus one) and the cross have a vital point.
        5 if has_square || max_degree == 4 => vital,
        // Rabbity six: a point next to four others.
        6 if max_degree == 4 => vital,
        _ => settled(2),
    }
}

/// Analyses a whole-board position.
pub fn analyse(graph: &Graph, stones: &[Option<Color>]) -> Analysis {
    let board = Board {
        graph,
        stones: stones.to_vec(),
    };
    let mut chains = board.chains();
    let mut owner = vec![None; graph.len()];
    for (i, c) in chains.iter().enumerate() {
        for s in &c.stones {
            owner[s.index()] = Some(i);
        }
    }
    let looks_captured: Vec<bool> = chains
        .iter()
        .map(|c| board.captured_looking(c, &chains))
        .collect();
    for (c, dead) in chains.iter_mut().zip(&looks_captured) {
        c.captured_looking = *dead;
    }
    // Grouping sees the board without the captured-looking chains.
    let mut live = board.stones.clone();
    for c in chains.iter().filter(|c| c.captured_looking) {
        for s in &c.stones {
            live[s.index()] = None;
        }
    }
    let mut parent: Vec<usize> = (0..chains.len()).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    let mut virtual_of: Vec<BTreeSet<Point>> = vec![BTreeSet::new(); chains.len()];
    for p in graph.points() {
        let (Some(color), Some(i)) = (live[p.index()], owner[p.index()]) else {
            continue;
        };
        for (q, between) in links(graph, p) {
            let (Some(j), true) = (owner[q.index()], live[q.index()] == Some(color)) else {
                continue;
            };
            if i == j {
                continue;
            }
            let enemy = |b: &Point| live[b.index()] == Some(color.other());
            let diagonal = is_diagonal(graph, p, q);
            let cut = if diagonal {
                between.iter().all(enemy)
            } else {
                between.iter().any(enemy)
            };
            if cut {
                continue;
            }
            let (a, b) = (root(&mut parent, i), root(&mut parent, j));
            parent[a] = b;
            // A diagonal is closed already (the board is four-connected); jumps are not.
            if !diagonal {
                virtual_of[i].extend(between.iter().filter(|b| live[b.index()].is_none()));
            }
        }
    }
    // Weak chains: small and short of liberties; the other side's eye space may hold them.
    let mut weak = vec![false; graph.len()];
    for c in chains.iter().filter(|c| !c.captured_looking) {
        if c.stones.len() <= 3 && c.liberties.len() <= 2 {
            for s in &c.stones {
                weak[s.index()] = true;
            }
        }
    }
    let mut members: Vec<Vec<usize>> = vec![Vec::new(); chains.len()];
    for i in 0..chains.len() {
        let r = root(&mut parent, i);
        members[r].push(i);
    }
    let groups = members
        .into_iter()
        .filter(|m| !m.is_empty())
        .map(|m| {
            let color = chains[m[0]].color;
            let mut stones: Vec<Point> = m.iter().flat_map(|&i| chains[i].stones.clone()).collect();
            stones.sort();
            let virtual_stones: Vec<Point> = m
                .iter()
                .flat_map(|&i| virtual_of[i].iter().copied())
                .collect::<BTreeSet<_>>()
                .into_iter()
                .collect();
            if m.iter().all(|&i| chains[i].captured_looking) {
                return Group {
                    color,
                    chains: m,
                    stones,
                    virtual_stones,
                    candidates: Vec::new(),
                    status: Status::Dead,
                };
            }
            let candidates = candidates(graph, &live, &weak, color, &stones, &virtual_stones);
            // A neighbouring enemy chain short of liberties may be captured for eyes.
            let counter = chains.iter().any(|c| {
                c.color != color
                    && !c.captured_looking
                    && c.liberties.len() <= 2
                    && c.stones.iter().any(|s| {
                        graph
                            .neighbours(*s)
                            .iter()
                            .any(|q| stones.binary_search(q).is_ok())
                    })
            });
            let status = status(&candidates, counter);
            Group {
                color,
                chains: m,
                stones,
                virtual_stones,
                candidates,
                status,
            }
        })
        .collect();
    Analysis { chains, groups }
}

fn is_diagonal(graph: &Graph, p: Point, q: Point) -> bool {
    graph
        .grid(p)
        .zip(graph.grid(q))
        .is_some_and(|((x0, y0), (x1, y1))| x0.abs_diff(x1) == 1 && y0.abs_diff(y1) == 1)
}

/// The points linked to `p` by a common link, each with the points between (square boards).
fn links(graph: &Graph, p: Point) -> Vec<(Point, Vec<Point>)> {
    let Some((x, y)) = graph.grid(p) else {
        return Vec::new();
    };
    let at = |dx: i16, dy: i16| -> Option<Point> {
        let (nx, ny) = (x as i16 + dx, y as i16 + dy);
        (nx >= 0 && ny >= 0 && nx < 256 && ny < 256)
            .then(|| graph.at(nx as u8, ny as u8))
            .flatten()
    };
    let mut out = Vec::new();
    for link in Link::ALL {
        let (a, b) = link.offset();
        let mut seen = BTreeSet::new();
        for (dx, dy) in [(a, b), (b, a)] {
            for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let (dx, dy) = (dx * sx, dy * sy);
                if !seen.insert((dx, dy)) {
                    continue;
                }
                let Some(q) = at(dx, dy) else { continue };
                // Between: the points of the bounding box strictly between the ends along
                // the long axis (for a diagonal, the two shared neighbours).
                let mut between = Vec::new();
                if link == Link::Diagonal {
                    between.extend(at(dx, 0));
                    between.extend(at(0, dy));
                } else if dx.abs() > dy.abs() {
                    for i in 1..dx.abs() {
                        for j in 0..=dy.abs() {
                            between.extend(at(i * dx.signum(), j * dy.signum()));
                        }
                    }
                } else {
                    for j in 1..dy.abs() {
                        for i in 0..=dx.abs() {
                            between.extend(at(i * dx.signum(), j * dy.signum()));
                        }
                    }
                }
                out.push((q, between));
            }
        }
    }
    out
}

/// The group's eye-shape candidates.
fn candidates(
    graph: &Graph,
    live: &[Option<Color>],
    weak: &[bool],
    color: Color,
    stones: &[Point],
    virtual_stones: &[Point],
) -> Vec<EyeCandidate> {
    let n = graph.len();
    let mut wall = vec![false; n];
    for p in stones.iter().chain(virtual_stones) {
        wall[p.index()] = true;
    }
    let is_virtual = |p: Point| virtual_stones.binary_search(&p).is_ok();
    // Cut-off areas: empty points and weak enemy chains inside the wall.
    let open = |p: Point| {
        !wall[p.index()]
            && match live[p.index()] {
                None => true,
                Some(c) => c != color && weak[p.index()],
            }
    };
    let mut done = vec![false; n];
    let mut out = Vec::new();
    for p in graph.points() {
        if done[p.index()] || !open(p) {
            continue;
        }
        let area = graph.flood(&[p], open);
        for q in &area {
            done[q.index()] = true;
        }
        // Only areas the group touches can be its eyes.
        let touches = area.iter().any(|q| {
            graph
                .neighbours(*q)
                .iter()
                .any(|r| stones.binary_search(r).is_ok())
        });
        if area.len() > MAX_EYE_SPACE || !touches {
            continue;
        }
        // Inner points: not next to a virtual stone.
        let inner: Vec<Point> = area
            .iter()
            .copied()
            .filter(|&q| !graph.neighbours(q).iter().any(|&r| is_virtual(r)))
            .collect();
        let in_inner = |q: Point| inner.binary_search(&q).is_ok();
        let mut taken = vec![false; n];
        for &q in &inner {
            if taken[q.index()] {
                continue;
            }
            let piece = graph.flood(&[q], in_inner);
            for r in &piece {
                taken[r.index()] = true;
            }
            let in_piece = |r: &Point| piece.binary_search(r).is_ok();
            let complete = piece.iter().all(|&r| {
                graph
                    .neighbours(r)
                    .iter()
                    .all(|s| in_piece(s) || (wall[s.index()] && !is_virtual(*s)))
            });
            let enemies = piece
                .iter()
                .filter(|r| live[r.index()] == Some(color.other()))
                .count();
            let eyes = if !complete {
                // One-eye reachability: a point with every neighbour the group's or the
                // piece's can be closed into one eye.
                let reach = piece.iter().any(|&r| {
                    live[r.index()].is_none()
                        && graph
                            .neighbours(r)
                            .iter()
                            .all(|s| in_piece(s) || stones.binary_search(s).is_ok())
                });
                // An enemy stone on the boundary can push in: then no eye is sure.
                let pressed = piece.iter().any(|&r| {
                    graph
                        .neighbours(r)
                        .iter()
                        .any(|s| live[s.index()] == Some(color.other()) && !in_piece(s))
                });
                Eyes {
                    attacker_first: 0,
                    defender_first: u8::from(reach && !pressed),
                }
            } else {
                let index = |r: &Point| piece.binary_search(r).ok();
                let adj: Vec<Vec<usize>> = piece
                    .iter()
                    .map(|&r| graph.neighbours(r).iter().filter_map(index).collect())
                    .collect();
                let shape = shape_eyes(&adj);
                // Weak enemy stones inside are captured in the end, so the shape counts with
                // their points; but one on a vital point has already taken it.
                let most = adj.iter().map(Vec::len).max().unwrap_or(0);
                let on_vital = piece
                    .iter()
                    .zip(&adj)
                    .any(|(r, a)| a.len() == most && live[r.index()] == Some(color.other()));
                if enemies > 0 && on_vital {
                    Eyes {
                        attacker_first: shape.attacker_first,
                        defender_first: shape.attacker_first,
                    }
                } else {
                    shape
                }
            };
            out.push(EyeCandidate {
                points: piece,
                complete,
                eyes,
            });
        }
    }
    out
}

/// Alive if two eyes even with the attacker first, dead if not two even with the defender
/// first and no neighbouring enemy chain to `counter`-capture, otherwise unsettled. Playing
/// first changes one candidate: the attacker spoils the one with most at stake and the
/// defender then secures the next.
fn status(candidates: &[EyeCandidate], counter: bool) -> Status {
    let base: u32 = candidates
        .iter()
        .map(|c| c.eyes.attacker_first as u32)
        .sum();
    let mut gaps: Vec<u32> = candidates
        .iter()
        .map(|c| c.eyes.defender_first.saturating_sub(c.eyes.attacker_first) as u32)
        .collect();
    gaps.sort_unstable_by(|a, b| b.cmp(a));
    let first = gaps.first().copied().unwrap_or(0);
    let second = gaps.get(1).copied().unwrap_or(0);
    if base + second >= 2 {
        Status::Alive
    } else if base + first < 2 && !counter {
        Status::Dead
    } else {
        Status::Unsettled
    }
}
