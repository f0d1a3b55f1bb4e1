//! A group's fight in a small enclosure, played out on the area the
//! attacker encloses around it, to see what the eye shapes cannot (kos, sekis, races for
//! liberties).
//!
//! The area is the board around the group up to the attacker's stones, at most
//! [`READ_AREA`] points, with the attacker's chains that breathe only inside it or in
//! one-point eyes of the attacker's (and those eyes); the others are walls that can never be
//! captured. Both sides play there or pass; capturing any stone of
//! the group kills it, two passes in a row leave it alive (a seki is life). Kos are read as the
//! life-degree model's two extreme games: the attacker first, with a ko threat whenever he
//! needs one and the defender never (if the group lives even so, it is alive whoever starts),
//! and the defender first with the threats his (if it dies even so, it is dead). A result is
//! only ever a proof — every line it rests on ended in a capture or two passes — and the
//! play-out gives up (no result) past a depth bound or a node budget, so it is small, bounded
//! and deterministic; the shape analysis decides what it leaves open.

use crate::go::chains::Chains;
use crate::go::graph::{Graph, Point};
use crate::go::rules::{bit, points, Arena, Bits, Color, Local, Stones};
use crate::problem::{Life, Role};
use hashbrown::HashMap;
use std::collections::BTreeSet;

/// Largest area read (empty points and stones, with the attacker's chains taken in); a group
/// with more room is judged by its shape alone.
pub(super) const READ_AREA: usize = 24;

/// Positions one play-out of a group (both games) may visit before it gives up.
const READ_BUDGET: usize = 10_000;

/// What the two extreme games prove about a group, where the play-out finished them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Fought {
    /// The attacker first, always with a ko threat: how the group ends.
    pub attacker_first: Option<Life>,
    /// The defender first, always with a ko threat: how the group ends.
    pub defender_first: Option<Life>,
}

/// Plays out the fight of the group `stones` (of colour `color`) in its enclosure, if the
/// enclosure is small.
pub(super) fn play_out(
    graph: &Graph,
    board: &[Option<Color>],
    color: Color,
    stones: &[Point],
) -> Option<Fought> {
    let attacker = color.other();
    let mut area: BTreeSet<Point> = graph
        .flood(stones, |q| board[q.index()] != Some(attacker))
        .into_iter()
        .collect();
    if area.len() > READ_AREA {
        return None;
    }
    // The attacker's chains that breathe only in the area or in one-point eyes of the
    // attacker's are fought over, with those eyes (an inner chain in a seki, a ko stone); the
    // others are walls.
    let chains = Chains::new(graph, board);
    let touching: BTreeSet<Point> = area
        .iter()
        .flat_map(|&p| graph.neighbours(p).iter().copied())
        .filter(|&q| board[q.index()] == Some(attacker))
        .collect();
    let mut seen = BTreeSet::new();
    for q in touching {
        if seen.contains(&q) {
            continue;
        }
        let chain = chains.chain(q);
        seen.extend(chain.iter().copied());
        let attackers_eye = |l: &Point| {
            graph
                .neighbours(*l)
                .iter()
                .all(|r| board[r.index()] == Some(attacker))
        };
        let liberties = chains.liberties(&chain);
        if liberties
            .iter()
            .all(|l| area.contains(l) || attackers_eye(l))
        {
            area.extend(liberties);
            area.extend(chain);
        }
    }
    if area.len() > READ_AREA {
        return None;
    }
    let local: Vec<Point> = area.into_iter().collect();
    // Outside stones are never captured: a stone played next to them joins them; an outside
    // liberty is never filled.
    let (arena, start) = super::local_arena(
        graph,
        &local,
        |r| board[r.index()],
        |s| {
            let mut anchor = [board[s.index()].is_none(); 2];
            if let Some(c) = board[s.index()] {
                anchor[c.index()] = true;
            }
            anchor
        },
    );
    let target = local
        .iter()
        .enumerate()
        .filter(|(_, r)| stones.binary_search(r).is_ok())
        .fold(0, |t, (i, _)| t | bit(i as Local));
    let mut fight = Fight {
        arena: &arena,
        defender: color,
        target,
        favoured: attacker,
        proved: HashMap::new(),
        open: HashMap::new(),
        nodes: 0,
    };
    let depth = 2 * (local.len() as u8) + 4;
    let attacker_first = fight.lives((start, attacker, None, false), depth);
    // Alive with the attacker first and his threats is alive whoever starts.
    let defender_first = if attacker_first == Some(Life::Alive) {
        Some(Life::Alive)
    } else {
        fight.favoured = color;
        fight.proved.clear();
        fight.open.clear();
        fight.lives((start, color, None, false), depth)
    };
    Some(Fought {
        attacker_first,
        defender_first,
    })
}

/// A position of the play-out: stones, side to move, banned point, last move a pass.
type Node = (Stones, Color, Option<Local>, bool);

struct Fight<'a> {
    arena: &'a Arena,
    defender: Color,
    /// The group's stones: capturing any of them kills it.
    target: Bits,
    /// The side with a ko threat whenever it needs one: it may retake a ko at once.
    favoured: Color,
    /// Proved results by position: they hold at any depth.
    proved: HashMap<Node, Life>,
    /// Positions left open, with the greatest depth they were left open at.
    open: HashMap<Node, u8>,
    /// Positions visited, over both games.
    nodes: usize,
}

impl Fight<'_> {
    /// How the group ends from `node` (a proof), `None` when the depth bound or the budget
    /// left it open.
    fn lives(&mut self, node: Node, depth: u8) -> Option<Life> {
        if let Some(&r) = self.proved.get(&node) {
            return Some(r);
        }
        if depth == 0 || self.nodes >= READ_BUDGET {
            return None;
        }
        if self.open.get(&node).is_some_and(|&d| d >= depth) {
            return None;
        }
        self.nodes += 1;
        let (stones, to_move, ko, passed) = node;
        let wanted = Life::wanted_by(Role::of(to_move, self.defender));
        // The side to move wants `wanted`; any open line leaves the result open unless
        // another proves it.
        let mut open = false;
        let empty = self.arena.all & !stones.occupied();
        let moves = points(empty).map(Some).chain(std::iter::once(None));
        for p in moves {
            let result = match p {
                // Two passes end it with the group on the board.
                None if passed => Some(Life::Alive),
                None => self.lives((stones, to_move.other(), None, true), depth - 1),
                Some(p) => {
                    if Some(p) == ko && to_move != self.favoured {
                        continue;
                    }
                    let Ok(played) = self.arena.play(&stones, to_move, p) else {
                        continue;
                    };
                    if played.captured & self.target != 0 {
                        Some(Life::Dead)
                    } else {
                        let child = (played.after, to_move.other(), played.ko_ban, false);
                        self.lives(child, depth - 1)
                    }
                }
            };
            match result {
                Some(r) if r == wanted => {
                    self.proved.insert(node, r);
                    return Some(r);
                }
                Some(_) => {}
                None => open = true,
            }
        }
        if open {
            self.open.insert(node, depth);
            None
        } else {
            self.proved.insert(node, wanted.other());
            Some(wanted.other())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::Setup;

    /// The play-out of the black group through the first black stone of a diagram.
    fn play_out_black(rows: &[&str]) -> Option<Fought> {
        let s = Setup::from_diagram(rows);
        let mut board = vec![None; s.graph.len()];
        for p in &s.black {
            board[p.index()] = Some(Color::Black);
        }
        for p in &s.white {
            board[p.index()] = Some(Color::White);
        }
        let group = s
            .graph
            .flood(&[s.black[0]], |q| board[q.index()] == Some(Color::Black));
        play_out(&s.graph, &board, Color::Black, &group)
    }

    #[test]
    fn the_play_out_sees_kos_and_sekis() {
        // Straight three in the corner: whoever plays the middle first decides.
        let three = play_out_black(&["...XO.", "XXXXO.", "OOOOO."]).expect("small");
        assert_eq!(three.attacker_first, Some(Life::Dead));
        assert_eq!(three.defender_first, Some(Life::Alive));
        // A seki: Black's one eye against the inner white chain's, one liberty shared;
        // whoever fills it is taken.
        let seki = play_out_black(&[".X.O.OXO", "XXXOOOXO", "OOXXXXXO", ".OOOOOOO", "........"])
            .expect("small");
        assert_eq!(seki.attacker_first, Some(Life::Alive));
    }
}
