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
//!   breathe only inside it all follow), within a budget of positions; for a larger one, or
//!   one whose play passes the budget, by its classical shape;
//! * the **status**: alive when Benson's algorithm proves it (`benson::pass_alive`) or the
//!   candidates give two eyes even with the attacker first — in either case only if no chain
//!   of the group is **exposed** (the attacker, first, takes it: the judge counts any captured
//!   stone); dead when they do not give two even with the defender first, or an exposed chain
//!   breathing outside the candidates needs the move the shape needs, and no neighbouring
//!   enemy chain short of liberties could be captured for eyes; otherwise unsettled;
//! * **the fight played out** (not in the paper): a group in a small enclosure is also played
//!   out there, within a node budget, as the life-degree model's two extreme games
//!   (`fight.rs`); what
//!   it proves overrides the shapes — alive if it lives with the attacker first and every ko
//!   threat his (a seki included), dead if it dies with the defender first and every threat
//!   his, unsettled if it is neither or the play-out refutes the shapes' verdict.
//!
//! * **a deadline** (not in the paper): the eye searches and the play-outs look at the caller's
//!   watch (`of_board_within`). A group whose reading a limit cut short, or that the limit
//!   reached before its reading, is unsettled unless Benson's test or its captured-looking
//!   chains settle it: the analyzer claims nothing it did not finish. Its callers lose no
//!   soundness by it (an unsettled group is neither a wall of a fight nor settled statically),
//!   only what the rest of the reading would have told them.
//!
//! Links need board geometry, so they are found on square boards only; on other graphs groups
//! are chains and the rest is unchanged.
//!
//! This file is the pipeline, from chains to status; the links are in `links.rs`, the wall and
//! its candidates in `candidates.rs`, the eyes of one eye space in `search.rs`, and the
//! fight of a group in its enclosure in `fight.rs`.

mod candidates;
pub(crate) mod fight;
mod links;
mod search;

pub use links::Link;

use crate::go::chains::{Chain, Chains};
use crate::go::graph::{Graph, Point};
use crate::go::rules::{bit, points, Arena, Color, Local, Stones};
use crate::problem::Life;
use crate::prove::watch::Watch;
use crate::statics::benson;
use candidates::candidates;
use links::{is_diagonal, links};
use std::collections::BTreeSet;

/// Largest cut-off area counted as an eye-shape candidate; anything larger is open board.
pub const MAX_EYE_SPACE: usize = 12;

/// Chains, groups and their eye shapes for a whole-board position.
#[derive(Clone, Debug)]
pub struct BoardShapes {
    /// Every chain, in the order of their first points.
    pub chains: Vec<Chain>,
    /// Which chains are taken off before grouping, by index into [`BoardShapes::chains`] (see
    /// the module notes).
    pub captured_looking: Vec<bool>,
    pub groups: Vec<Group>,
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
    /// Indices into [`BoardShapes::chains`].
    pub chains: Vec<usize>,
    pub stones: Vec<Point>,
    /// Empty points on the group's links.
    pub virtual_stones: Vec<Point>,
    pub candidates: Vec<EyeCandidate>,
    pub status: Status,
}

impl BoardShapes {
    /// The group holding the stone at `p`.
    pub fn group_of(&self, p: Point) -> Option<&Group> {
        self.groups.iter().find(|g| g.stones.contains(&p))
    }
}

/// Analyses a whole-board position.
pub fn of_board(graph: &Graph, stones: &[Option<Color>]) -> BoardShapes {
    of_board_within(graph, stones, &Watch::unlimited())
}

/// Analyses a whole-board position until a limit of `watch` passes: the groups not read in
/// full by then are unsettled (see the module notes).
pub(crate) fn of_board_within(
    graph: &Graph,
    stones: &[Option<Color>],
    watch: &Watch,
) -> BoardShapes {
    let board = Chains::new(graph, stones);
    let chains = board.all();
    let captured_looking: Vec<bool> = chains
        .iter()
        .map(|c| looks_captured(board, c, &chains))
        .collect();
    // Grouping sees the board without the captured-looking chains.
    let mut live = stones.to_vec();
    for (c, _) in chains
        .iter()
        .zip(&captured_looking)
        .filter(|(_, &dead)| dead)
    {
        for s in &c.stones {
            live[s.index()] = None;
        }
    }
    // Weak chains: small and short of liberties; the other side's eye space may hold them.
    let mut weak = vec![false; graph.len()];
    for (c, _) in chains
        .iter()
        .zip(&captured_looking)
        .filter(|(_, &dead)| !dead)
    {
        if c.stones.len() <= 3 && c.liberties.len() <= 2 {
            for s in &c.stones {
                weak[s.index()] = true;
            }
        }
    }
    let (members, virtual_of) = linked(graph, &chains, &live);
    let whole = Whole {
        graph,
        board,
        chains: &chains,
        captured_looking: &captured_looking,
        live,
        weak,
        pass_alive: pass_alive_stones(graph, stones),
        watch,
    };
    let groups = members
        .into_iter()
        .filter(|m| !m.is_empty())
        .map(|m| whole.group(m, &virtual_of))
        .collect();
    BoardShapes {
        chains,
        captured_looking,
        groups,
    }
}

/// The groups of chains the links join (each a list of chain indices, empty for a chain
/// joined into another's group), and each chain's virtual stones: the empty points between
/// the ends of its links that are not diagonals.
fn linked(
    graph: &Graph,
    chains: &[Chain],
    live: &[Option<Color>],
) -> (Vec<Vec<usize>>, Vec<BTreeSet<Point>>) {
    let mut owner = vec![None; graph.len()];
    for (i, c) in chains.iter().enumerate() {
        for s in &c.stones {
            owner[s.index()] = Some(i);
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
    let mut members: Vec<Vec<usize>> = vec![Vec::new(); chains.len()];
    for i in 0..chains.len() {
        let r = root(&mut parent, i);
        members[r].push(i);
    }
    (members, virtual_of)
}

/// The whole board as the groups are judged on it.
struct Whole<'a> {
    graph: &'a Graph,
    board: Chains<'a>,
    chains: &'a [Chain],
    captured_looking: &'a [bool],
    /// The stones without the captured-looking chains.
    live: Vec<Option<Color>>,
    /// Stones of small chains short of liberties.
    weak: Vec<bool>,
    /// Pass-alive stones (Benson).
    pass_alive: Vec<bool>,
    /// The caller's limits: a group read past them is unsettled.
    watch: &'a Watch,
}

impl Whole<'_> {
    /// The status of the group of the chains `m` without reading it: dead if every chain
    /// looks captured; past the limit, alive by Benson's test (no chain exposed) or else
    /// unsettled. `None`: it is to be read.
    fn unread(&self, m: &[usize], pass_alive: bool) -> Option<Status> {
        if m.iter().all(|&i| self.captured_looking[i]) {
            Some(Status::Dead)
        } else if self.watch.exceeded().is_some() {
            let exposed = m.iter().any(|&i| exposed(self.board, &self.chains[i]));
            Some(if pass_alive && !exposed {
                Status::Alive
            } else {
                Status::Unsettled
            })
        } else {
            None
        }
    }

    /// The group of the chains `m`, with its eye-shape candidates and status.
    fn group(&self, m: Vec<usize>, virtual_of: &[BTreeSet<Point>]) -> Group {
        let (graph, chains) = (self.graph, self.chains);
        let color = chains[m[0]].color;
        let mut stones: Vec<Point> = m.iter().flat_map(|&i| chains[i].stones.clone()).collect();
        stones.sort();
        let virtual_stones: Vec<Point> = m
            .iter()
            .flat_map(|&i| virtual_of[i].iter().copied())
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        let pass_alive = stones.iter().any(|s| self.pass_alive[s.index()]);
        if let Some(status) = self.unread(&m, pass_alive) {
            return Group {
                color,
                chains: m,
                stones,
                virtual_stones,
                candidates: Vec::new(),
                status,
            };
        }
        let (candidates, room) = candidates(
            graph,
            &self.live,
            &self.weak,
            color,
            &stones,
            &virtual_stones,
            self.watch,
        );
        // A neighbouring enemy chain short of liberties may be captured for eyes (one
        // inside an eye-shape candidate is counted there already).
        let in_candidate = |p: &Point| candidates.iter().any(|c| c.points.contains(p));
        let counter = chains.iter().zip(self.captured_looking).any(|(c, &dead)| {
            c.color != color
                && !dead
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
            .filter(|c| exposed(self.board, c))
            .collect();
        let cut_off = exposed
            .iter()
            .any(|c| !c.liberties.iter().any(in_candidate));
        // Benson's unconditional life settles it whatever the shapes say, unless a chain
        // linked to the pass-alive ones can be taken outside them (one breathing in their
        // eye spaces is a ko stone there, as in a double ko).
        let status = if !cut_off && pass_alive {
            Status::Alive
        } else if self.watch.exceeded().is_some() {
            // The limit cut the reading short: its eyes or its play-out may be missing.
            Status::Unsettled
        } else {
            let situation = Situation {
                escape: counter || room,
                exposed: !exposed.is_empty(),
                cut_off,
            };
            let shape = status(&candidates, situation);
            let fought = fight::play_out(graph, self.board.stones(), color, &stones, self.watch);
            match fought {
                _ if self.watch.exceeded().is_some() => Status::Unsettled,
                Some(fought) => settle(shape, fought),
                None => shape,
            }
        };
        Group {
            color,
            chains: m,
            stones,
            virtual_stones,
            candidates,
            status,
        }
    }
}

/// In atari, no neighbouring enemy chain in atari to take, and extending at the liberty
/// still leaves at most one liberty.
fn looks_captured(board: Chains, chain: &Chain, chains: &[Chain]) -> bool {
    let [liberty] = chain.liberties[..] else {
        return false;
    };
    let touching = |c: &Chain, color: Color| {
        c.color == color
            && c.stones.iter().any(|&s| {
                board
                    .graph()
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
    let mut extended = board.stones().to_vec();
    extended[liberty.index()] = Some(chain.color);
    let grown = Chains::new(board.graph(), &extended);
    grown.liberties(&grown.chain(liberty)).len() <= 1
}

/// The attacker, first, captures the chain whatever its owner answers: it is in atari, or
/// the attacker can put it in atari (a move with a liberty of its own) and then it looks
/// captured. The judge counts a group dead as soon as any of its stones is taken.
fn exposed(board: Chains, chain: &Chain) -> bool {
    match chain.liberties[..] {
        [_] => true,
        [a, b] => [a, b].into_iter().any(|atari| {
            let mut played = board.stones().to_vec();
            played[atari.index()] = Some(chain.color.other());
            let after = Chains::new(board.graph(), &played);
            if after.liberties(&after.chain(atari)).is_empty() {
                return false;
            }
            let chains = after.all();
            chains
                .iter()
                .find(|c| c.stones.contains(&chain.stones[0]))
                .is_some_and(|c| looks_captured(after, c, &chains))
        }),
        _ => false,
    }
}

/// The stones that are pass-alive (Benson, [`benson::pass_alive`]) on boards the whole-board
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
        for i in points(benson::pass_alive(&arena, &bits, c)) {
            alive[i as usize] = true;
        }
    }
    alive
}

/// The shape's verdict corrected by what the play-out proved: alive if the group lives with the
/// attacker first and his threats, dead if it dies with the defender first and his; unsettled
/// if moving first decides, or the play-out refutes the shape's alive or dead.
fn settle(shape: Status, fought: fight::Fought) -> Status {
    use Life::{Alive, Dead};
    match (fought.attacker_first, fought.defender_first) {
        (Some(Alive), _) => Status::Alive,
        (_, Some(Dead)) => Status::Dead,
        (Some(Dead), Some(Alive)) => Status::Unsettled,
        (Some(Dead), None) if shape == Status::Alive => Status::Unsettled,
        (None, Some(Alive)) if shape == Status::Dead => Status::Unsettled,
        _ => shape,
    }
}

/// What a group's status hangs on beside its eye shapes.
#[derive(Clone, Copy, Debug)]
struct Situation {
    /// Another chance: an enemy chain short of liberties to capture, or open board to run to.
    escape: bool,
    /// Some chain of the group the attacker, first, captures whatever its owner answers.
    exposed: bool,
    /// Such a chain breathes outside the eye-shape candidates only.
    cut_off: bool,
}

/// Alive if two eyes even with the attacker first and no chain exposed, dead if not two even
/// with the defender first, or not two with the attacker first and a cut-off chain to save
/// as well, and no escape; otherwise unsettled. Playing first changes one candidate: the attacker
/// spoils the one with most at stake and the defender then secures the next.
fn status(candidates: &[EyeCandidate], situation: Situation) -> Status {
    let Situation {
        escape,
        exposed,
        cut_off,
    } = situation;
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
    } else if (base + first < 2 || cut_off && !shape_alive) && !escape {
        Status::Dead
    } else {
        Status::Unsettled
    }
}

/// The arena of the local points `local` (sorted), with the start's stones (`stone`), all of
/// them playable: a neighbour outside them makes each point an anchor of the colours `outside`
/// says (by colour index).
fn local_arena(
    graph: &Graph,
    local: &[Point],
    stone: impl Fn(Point) -> Option<Color>,
    outside: impl Fn(Point) -> [bool; 2],
) -> (Arena, Stones) {
    let mut arena = Arena {
        global: local.to_vec(),
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
        if let Some(c) = stone(r) {
            start.by_color[c.index()] |= b;
        }
        for &s in graph.neighbours(r) {
            match local.binary_search(&s) {
                Ok(j) => arena.neighbours[i] |= bit(j as Local),
                Err(_) => {
                    for (c, anchored) in outside(s).into_iter().enumerate() {
                        if anchored {
                            arena.anchor[c] |= b;
                        }
                    }
                }
            }
        }
    }
    arena.playable = arena.all;
    (arena, start)
}
