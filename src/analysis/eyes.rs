//! Eye-shape analyzer (after Kato & Yamazaki): judges every group of a whole-board
//! position alive, dead or unsettled from its eye-shape candidates, without searching the
//! fight (only each small eye space is played out on its own).
//!
//! The steps follow the paper; where it is vague the definitions here are exact:
//! * **chains** (連): stones of one colour joined by adjacency;
//! * **captured-looking chains** are taken off before grouping (the paper's ★ stones): a chain
//!   with one liberty that cannot capture a neighbouring chain in atari and would still have at
//!   most one liberty after extending at its liberty;
//! * **groups** (群): chains joined by the paper's common links — diagonal, one-point jump,
//!   knight's move, two-point jump, large knight's move (plain adjacency is the chain). A link
//!   is cut by an enemy stone on any point between its ends; a diagonal only by enemy stones on
//!   both shared neighbours (one of them leaves the other to connect at);
//! * the empty points between a link's ends are the group's **virtual stones** (仮想石); the
//!   group's stones and virtual stones are its wall. A link point with nothing around it but
//!   the group's stones, other link points and the small areas the wall cuts off lies inside
//!   the group's own space and is given back to it (else a one-point jump would wall up the
//!   very eye it encloses);
//! * **eye-shape candidates** (眼形候補): the parts of the board the wall cuts off, at most
//!   [`MAX_EYE_SPACE`] points (enemy stones in them included), less the **inner points'**
//!   exception — points next to a virtual stone are not inner (the defender will have to block
//!   there) — split into connected pieces;
//! * a candidate's boundary is **complete** when everything around it is the group's stones;
//!   otherwise it is open to the enemy and only the **one-eye reachability** test counts it;
//! * the **eyes** a candidate is worth with each side to play there first: for a space of at
//!   most nine points, by playing the space out alone with its boundary fixed (the classical
//!   shapes, killing stones already inside, throw-ins and captures of boundary chains that
//!   breathe only inside it all follow); for a larger one, by its classical shape;
//! * the **status**: alive when Benson's algorithm proves it ([`life::pass_alive`]) or the
//!   candidates give two eyes even with the attacker first — in either case only if no chain
//!   of the group is **exposed** (the attacker, first, takes it: the judge counts any captured
//!   stone); dead when they do not give two even with the defender first, or an exposed chain
//!   breathing outside the candidates needs the move the shape needs, and no neighbouring
//!   enemy chain short of liberties could be captured for eyes; otherwise unsettled.
//!
//! Links need board geometry, so they are found on square boards only; on other graphs groups
//! are chains and the rest is unchanged.
//!
//! The file passes 700 lines (about 880 of code) because the steps above are one pipeline over
//! the same board, wall and candidates; the eye-space search (`searched_eyes`) is the part
//! that could stand alone.

use crate::analysis::life;
use crate::go::graph::{Graph, Point};
use crate::go::rules::{bit, points, Arena, Color, Local, Stones};
use hashbrown::HashMap;
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

/// The common links of Kato & Yamazaki.
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

    /// The attacker, first, captures the chain whatever its owner answers: it is in atari, or
    /// the attacker can put it in atari (a move with a liberty of its own) and then it looks
    /// captured. The judge counts a group dead as soon as any of its stones is taken.
    fn exposed(&self, chain: &Chain) -> bool {
        match chain.liberties[..] {
            [_] => true,
            [a, b] => [a, b].into_iter().any(|atari| {
                let mut played = self.stones.clone();
                played[atari.index()] = Some(chain.color.other());
                let after = Board {
                    graph: self.graph,
                    stones: played,
                };
                let attacker = after.graph.flood(&[atari], |q| {
                    after.stones[q.index()] == Some(chain.color.other())
                });
                if after.liberties(&attacker).is_empty() {
                    return false;
                }
                let chains = after.chains();
                chains
                    .iter()
                    .find(|c| c.stones.contains(&chain.stones[0]))
                    .is_some_and(|c| after.captured_looking(c, &chains))
            }),
            _ => false,
        }
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
    let pass_alive = pass_alive_stones(graph, stones);
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
            let (candidates, room) =
                candidates(graph, &live, &weak, color, &stones, &virtual_stones);
            // A neighbouring enemy chain short of liberties may be captured for eyes (one
            // inside an eye-shape candidate is counted there already).
            let in_candidate = |p: &Point| candidates.iter().any(|c| c.points.contains(p));
            let counter = chains.iter().any(|c| {
                c.color != color
                    && !c.captured_looking
                    && c.liberties.len() <= 2
                    && !c.stones.iter().all(in_candidate)
                    && c.stones.iter().any(|s| {
                        graph
                            .neighbours(*s)
                            .iter()
                            .any(|q| stones.binary_search(q).is_ok())
                    })
            });
            // A chain the attacker captures however its owner answers. Saving it costs the
            // defender his move unless it breathes in an eye space, where that move may also
            // make the eyes: only an exposed chain all of whose liberties lie outside the
            // candidates makes the group dead when its shape is unsettled.
            let exposed: Vec<&Chain> = m
                .iter()
                .map(|&i| &chains[i])
                .filter(|c| board.exposed(c))
                .collect();
            let cut_off = exposed
                .iter()
                .any(|c| !c.liberties.iter().any(in_candidate));
            // Benson's unconditional life settles it whatever the shapes say, unless a chain
            // linked to the pass-alive ones can be taken outside them (one breathing in their
            // eye spaces is a ko stone there, as in a double ko).
            let status = if !cut_off && stones.iter().any(|s| pass_alive[s.index()]) {
                Status::Alive
            } else {
                status(&candidates, counter || room, !exposed.is_empty(), cut_off)
            };
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

/// The stones that are pass-alive (Benson, [`life::pass_alive`]) on boards the whole-board
/// arena holds; none on larger boards.
fn pass_alive_stones(graph: &Graph, stones: &[Option<Color>]) -> Vec<bool> {
    let mut alive = vec![false; graph.len()];
    let Some(arena) = Arena::whole(graph) else {
        return alive;
    };
    let mut bits = Stones::default();
    for p in graph.points() {
        if let Some(c) = stones[p.index()] {
            bits.by_color[c.index()] |= bit(p.index() as Local);
        }
    }
    for c in [Color::Black, Color::White] {
        for i in points(life::pass_alive(&arena, &bits, c)) {
            alive[i as usize] = true;
        }
    }
    alive
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

/// The group's eye-shape candidates, and whether it borders open board (an area larger than
/// any eye space) where it may still run or make eyes.
fn candidates(
    graph: &Graph,
    live: &[Option<Color>],
    weak: &[bool],
    color: Color,
    stones: &[Point],
    virtual_stones: &[Point],
) -> (Vec<EyeCandidate>, bool) {
    let n = graph.len();
    let touches_group = |area: &[Point]| {
        area.iter().any(|q| {
            graph
                .neighbours(*q)
                .iter()
                .any(|r| stones.binary_search(r).is_ok())
        })
    };
    // Cut-off areas: empty points and weak enemy chains inside a wall.
    let areas = |wall: &[bool]| -> Vec<Vec<Point>> {
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
            out.push(area);
        }
        out
    };
    // The group's stones and the given link points.
    let wall_of = |virtual_stones: &[Point]| {
        let mut wall = vec![false; n];
        for p in stones.iter().chain(virtual_stones) {
            wall[p.index()] = true;
        }
        wall
    };
    // A link point is a virtual stone only where it faces the outside: open board, strong
    // enemy stones or areas that are not the group's. One with nothing but the group's stones
    // and small areas it bounds around it lies inside the eye space and stays part of it.
    let mut faces_out = vec![false; n];
    for area in areas(&wall_of(virtual_stones)) {
        if area.len() > MAX_EYE_SPACE || !touches_group(&area) {
            for q in area {
                faces_out[q.index()] = true;
            }
        }
    }
    let virtual_stones: Vec<Point> = virtual_stones
        .iter()
        .copied()
        .filter(|&v| {
            graph.neighbours(v).iter().any(|&q| {
                faces_out[q.index()] || (live[q.index()] == Some(color.other()) && !weak[q.index()])
            })
        })
        .collect();
    let virtual_stones = &virtual_stones[..];
    let wall = wall_of(virtual_stones);
    let is_virtual = |p: Point| virtual_stones.binary_search(&p).is_ok();
    let mut out = Vec::new();
    let mut room = false;
    for area in areas(&wall) {
        // Only areas the group touches can be its eyes.
        if !touches_group(&area) {
            continue;
        }
        if area.len() > MAX_EYE_SPACE {
            room = true;
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
            let eyes = if piece.len() <= SEARCHED_SPACE {
                searched_eyes(graph, live, color, &piece, complete)
            } else {
                classical_eyes(graph, live, color, stones, &piece, complete)
            };
            out.push(EyeCandidate {
                points: piece,
                complete,
                eyes,
            });
        }
    }
    (out, room)
}

/// Alive if two eyes even with the attacker first and no chain `exposed`, dead if not two even
/// with the defender first, or not two with the attacker first and a `cut_off` chain to save
/// as well, and no other `chance` (an enemy chain to capture, open board to run to); otherwise
/// unsettled. Playing first changes one candidate: the attacker spoils the one with most at
/// stake and the defender then secures the next.
fn status(candidates: &[EyeCandidate], chance: bool, exposed: bool, cut_off: bool) -> Status {
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
    let shape_alive = base + second >= 2;
    if shape_alive && !exposed {
        Status::Alive
    } else if (base + first < 2 || cut_off && !shape_alive) && !chance {
        Status::Dead
    } else {
        Status::Unsettled
    }
}

/// Eye spaces of at most this many points are valued by [`searched_eyes`]; larger ones by
/// their shape ([`classical_eyes`]).
const SEARCHED_SPACE: usize = 9;

/// At most this many points in such a search: the space and the chains played with.
const SEARCHED_ARENA: usize = 14;

/// Eyes of a large eye space by its classical shape (complete boundary) or by one-eye
/// reachability (open boundary).
fn classical_eyes(
    graph: &Graph,
    live: &[Option<Color>],
    color: Color,
    stones: &[Point],
    piece: &[Point],
    complete: bool,
) -> Eyes {
    let in_piece = |r: &Point| piece.binary_search(r).is_ok();
    if !complete {
        // One-eye reachability: a point with every neighbour the group's or the piece's can
        // be closed into one eye.
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
        return Eyes {
            attacker_first: 0,
            defender_first: u8::from(reach && !pressed),
        };
    }
    let index = |r: &Point| piece.binary_search(r).ok();
    let adj: Vec<Vec<usize>> = piece
        .iter()
        .map(|&r| graph.neighbours(r).iter().filter_map(index).collect())
        .collect();
    let shape = shape_eyes(&adj);
    // Weak enemy stones inside are captured in the end, so the shape counts with their
    // points; but one on a vital point has already taken it.
    let most = adj.iter().map(Vec::len).max().unwrap_or(0);
    let on_vital = piece
        .iter()
        .zip(&adj)
        .any(|(r, a)| a.len() == most && live[r.index()] == Some(color.other()));
    if on_vital {
        Eyes {
            attacker_first: shape.attacker_first,
            defender_first: shape.attacker_first,
        }
    } else {
        shape
    }
}

/// Eyes of a small eye space by exhaustive play inside it alone: its boundary is fixed (the
/// defender's stones there can never be captured, enemy stones are the attacker's), both sides
/// play or pass in the space with captures and the ko rule, and when both pass each connected
/// empty part touching only the defender is one eye. This is eye-shape analysis of the space,
/// not a search of the fight: the group itself is taken as safe.
///
/// An open space (`complete` false) is the paper's one-eye reachability: the attacker, first,
/// breaks in through the open boundary; the defender, first, closes it (its empty points
/// outside count as the defender's) and gets at most one eye.
fn searched_eyes(
    graph: &Graph,
    live: &[Option<Color>],
    color: Color,
    piece: &[Point],
    complete: bool,
) -> Eyes {
    // Chains around the space that breathe only inside it are not fixed: they are played
    // with (captured, or taken back into the space), as long as the space stays small.
    let mut local: BTreeSet<Point> = piece.iter().copied().collect();
    for &r in piece {
        for &s in graph.neighbours(r) {
            let Some(c) = live[s.index()] else { continue };
            if local.contains(&s) {
                continue;
            }
            let chain = graph.flood(&[s], |q| live[q.index()] == Some(c));
            let inside = chain.iter().all(|&q| {
                graph
                    .neighbours(q)
                    .iter()
                    .all(|t| live[t.index()].is_some() || piece.binary_search(t).is_ok())
            });
            if inside && local.len() + chain.len() <= SEARCHED_ARENA {
                local.extend(chain);
            }
        }
    }
    let local: Vec<Point> = local.into_iter().collect();
    let index = |r: &Point| local.binary_search(r).ok();
    let mut arena = Arena {
        global: local.clone(),
        neighbours: vec![0; local.len()],
        all: 0,
        playable: 0,
        anchor: [0, 0],
        grid: None,
    };
    let mut start = Stones::default();
    for (i, &r) in local.iter().enumerate() {
        let b = bit(i as Local);
        arena.all |= b;
        if let Some(c) = live[r.index()] {
            start.by_color[c.index()] |= b;
        }
        for s in graph.neighbours(r) {
            match index(s) {
                Some(j) => arena.neighbours[i] |= bit(j as Local),
                None if live[s.index()] == Some(color)
                    || !complete && live[s.index()].is_none() =>
                {
                    arena.anchor[color.index()] |= b
                }
                None => arena.anchor[color.other().index()] |= b,
            }
        }
    }
    arena.playable = arena.all;
    let mut search = EyeSearch {
        arena: &arena,
        defender: color,
        memo: HashMap::new(),
        whole: HashMap::new(),
    };
    let depth = 2 * local.len() as u8 + 4;
    let defender_first = search.value((start, color, None, false), depth);
    if complete {
        Eyes {
            attacker_first: search.value((start, color.other(), None, false), depth),
            defender_first,
        }
    } else {
        Eyes {
            attacker_first: 0,
            defender_first: defender_first.min(1),
        }
    }
}

/// A position of the eye search: stones, side to move, banned point, last move a pass.
type Node = (Stones, Color, Option<Local>, bool);

struct EyeSearch<'a> {
    arena: &'a Arena,
    defender: Color,
    /// Answers the depth bound cut short, by position, depth and goal.
    memo: HashMap<(Node, u8, u8), bool>,
    /// Answers the depth bound never cut short, by position and goal, with the least depth
    /// they were found at: they hold at every greater depth, where the same moves meet the
    /// same answers. Without this, a position reached at many depths is searched at each.
    whole: HashMap<(Node, u8), (u8, bool)>,
}

impl EyeSearch<'_> {
    /// Eyes (0 to 2) the defender makes from `node`. The depth bound ends cycles of captures
    /// (long kos count as settled as they are). Two yes-or-no searches find it: they cut off
    /// far more moves than one search for the number.
    fn value(&mut self, node: Node, depth: u8) -> u8 {
        if !self.reaches(node, depth, 1).0 {
            0
        } else if self.reaches(node, depth, 2).0 {
            2
        } else {
            1
        }
    }

    /// Whether the defender makes at least `goal` eyes from `node`, and whether the depth
    /// bound never cut the search short.
    fn reaches(&mut self, node: Node, depth: u8, goal: u8) -> (bool, bool) {
        if let Some(&(least, r)) = self.whole.get(&(node, goal)) {
            if least <= depth {
                return (r, true);
            }
        }
        if let Some(&r) = self.memo.get(&(node, depth, goal)) {
            return (r, false);
        }
        let (stones, to_move, ko, passed) = node;
        let defending = to_move == self.defender;
        let mut whole = depth > 0;
        // The eyes as the stones stand once nothing more is searched or just after a pass;
        // else passing, which ends the game if the other side passes too.
        let mut reached = if passed || depth == 0 {
            self.settled_eyes(&stones) >= goal
        } else {
            let (r, w) = self.reaches((stones, to_move.other(), None, true), depth - 1, goal);
            whole &= w;
            r
        };
        // The defender needs one move that reaches the goal, the attacker one that does not.
        if depth > 0 && reached != defending {
            let empty = self.arena.all & !stones.occupied();
            for p in points(empty) {
                if Some(p) == ko {
                    continue;
                }
                let Ok(played) = self.arena.play(&stones, to_move, p) else {
                    continue;
                };
                let child = (played.after, to_move.other(), played.ko_ban, false);
                let (r, w) = self.reaches(child, depth - 1, goal);
                whole &= w;
                if r == defending {
                    reached = r;
                    break;
                }
            }
        }
        if whole {
            self.whole.insert((node, goal), (depth, reached));
        } else {
            self.memo.insert((node, depth, goal), reached);
        }
        (reached, whole)
    }

    /// Eyes as the stones stand: connected parts of the points without a defender stone that
    /// are empty and touch nothing of the attacker's outside, at most two.
    fn settled_eyes(&self, stones: &Stones) -> u8 {
        let attacker = self.defender.other().index();
        let open = self.arena.all & !stones.by_color[self.defender.index()];
        let mut rest = open;
        let mut eyes = 0;
        while rest != 0 {
            let part = self.arena.chain(rest.trailing_zeros() as Local, open);
            rest &= !part;
            if part & (stones.by_color[attacker] | self.arena.anchor[attacker]) == 0 {
                eyes += 1;
            }
        }
        eyes.min(2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::Setup;

    /// The eyes of the black group's candidate in the top left corner of a diagram (black
    /// `X`, white `O`).
    fn eyes_of(rows: &[&str]) -> Eyes {
        let s = Setup::from_diagram(rows);
        let mut stones = vec![None; s.graph.len()];
        for p in &s.black {
            stones[p.index()] = Some(Color::Black);
        }
        for p in &s.white {
            stones[p.index()] = Some(Color::White);
        }
        let a = analyse(&s.graph, &stones);
        let g = a.group_of(s.black[0]).expect("a black group");
        let corner = s.graph.at(0, 0).expect("a corner");
        let c = g
            .candidates
            .iter()
            .find(|c| c.points.contains(&corner))
            .expect("a candidate in the corner");
        assert!(c.complete);
        c.eyes
    }

    fn eyes(attacker_first: u8, defender_first: u8) -> Eyes {
        Eyes {
            attacker_first,
            defender_first,
        }
    }

    #[test]
    fn small_eye_spaces_are_played_out_to_their_classical_values() {
        // The black walls have liberties outside, so only the space is fought over.
        // Straight three: the middle point decides.
        assert_eq!(eyes_of(&["...X..", "XXXX..", "......"]), eyes(1, 2));
        // The killing stone already on it: one eye whoever plays.
        assert_eq!(eyes_of(&[".O.X..", "XXXX..", "......"]), eyes(1, 1));
        // Square four: one eye.
        assert_eq!(eyes_of(&["..X..", "..X..", "XXX..", "....."]), eyes(1, 1));
        // Straight four: two eyes.
        assert_eq!(eyes_of(&["....X..", "XXXXX..", "......."]), eyes(2, 2));
        // Pyramid four on the edge: the middle decides.
        assert_eq!(
            eyes_of(&["...X..", "X.XX..", "XXX...", "......"]),
            eyes(1, 2)
        );
        // Bulky five: the vital point decides.
        assert_eq!(
            eyes_of(&["...X..", "..XX..", "XXX...", "......"]),
            eyes(1, 2)
        );
        // Enclosed with no liberty outside, the attacker first fills the space and captures.
        assert_eq!(eyes_of(&["...XO", "XXXXO", "OOOOO"]), eyes(0, 2));
    }
}
