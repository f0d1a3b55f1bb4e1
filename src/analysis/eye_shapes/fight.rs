//! A group's fight in a small enclosure, played out on the area the attacker encloses around
//! it, to see what the eye shapes cannot (kos, sekis, races for liberties).
//!
//! The area is the board around the group up to the attacker's stones, at most [`READ_AREA`]
//! points, with the attacker's chains that breathe only inside it or in one-point eyes of the
//! attacker's (and those eyes); the others are walls that can never be captured. Both sides
//! play there or pass; capturing any stone of the group kills it, two passes in a row leave it
//! alive (a seki is life). The fight is the life-degree model's two extreme games, asked of the
//! one prover ([`crate::prove`]) on a local problem of its own: the attacker first, with a ko
//! threat whenever he needs one and the defender never (if the group lives even so, it is alive
//! whoever starts), and the defender first with the threats his (if it dies even so, it is
//! dead). A result is only ever the prover's proof, and the play-out gives up (no result) past
//! its budget of positions (or at the caller's deadline), so it is small and bounded, and
//! deterministic without a deadline; the shape analysis decides what it leaves open.

use crate::go::chains::Chains;
use crate::go::graph::{Graph, Point};
use crate::go::rules::{bit, Color, Local};
use crate::problem::{Life, LocalProblem};
use crate::prove::state::State;
use crate::prove::watch::Watch;
use crate::prove::{Effort, Finding, Goal, Prover};
use crate::statics;
use std::collections::BTreeSet;

/// Largest area read (empty points and stones, with the attacker's chains taken in); a group
/// with more room is judged by its shape alone.
pub(super) const READ_AREA: usize = 24;

/// Positions one question of a play-out may search before it gives up; all of a group's
/// questions together, twice as many.
const READ_BUDGET: usize = 10_000;

/// What the two extreme games prove about a group, where the play-out finished them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Fought {
    /// The attacker first, always with a ko threat: how the group ends.
    pub attacker_first: Option<Life>,
    /// The defender first, always with a ko threat: how the group ends.
    pub defender_first: Option<Life>,
}

/// Plays out the fight of the group `stones` (of colour `color`) in its enclosure, if the
/// enclosure is small; a limit of `watch` passing stops the prover, leaving open what it had
/// not proven.
pub(super) fn play_out(
    graph: &Graph,
    board: &[Option<Color>],
    color: Color,
    stones: &[Point],
    watch: &Watch,
) -> Option<Fought> {
    let local = enclosure(graph, board, color, stones)?;
    Some(fight(&local, &mut prover(&local, watch.clone())))
}

/// The fight of the group `stones` in its enclosure as a local problem, if the enclosure is
/// small.
pub(crate) fn enclosure(
    graph: &Graph,
    board: &[Option<Color>],
    color: Color,
    stones: &[Point],
) -> Option<LocalProblem> {
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
    Some(LocalProblem {
        arena,
        start,
        target,
        defender: color,
        to_play: None,
    })
}

/// A prover for a group's fight, with the play-out's budget, stopped by `watch`.
pub(crate) fn prover(local: &LocalProblem, watch: Watch) -> Prover<'_> {
    let effort = Effort {
        depth: 2 * local.arena.global.len() as u32 + 4,
        nodes: READ_BUDGET,
        total: 2 * READ_BUDGET,
        tail: 0,
        table: READ_BUDGET,
        watch,
    };
    Prover::new(local, effort, statics::rules())
}

/// What the prover proves of the fight: how the group ends with the attacker first in the
/// lower game (his threats), and with the defender first in the upper one (his).
pub(crate) fn fight(local: &LocalProblem, prover: &mut Prover) -> Fought {
    let (defender, attacker) = (local.defender, local.defender.other());
    let mut ends = |first: Color, [life, death]: [Goal; 2]| {
        let state = State::new(local.start, first, None, false);
        if prover.ask(&state, life, READ_BUDGET) == Finding::Proven {
            Some(Life::Alive)
        } else if prover.ask(&state, death, READ_BUDGET) == Finding::Proven {
            Some(Life::Dead)
        } else {
            None
        }
    };
    // Alive with the attacker first and his threats is alive whoever starts.
    let attacker_first = ends(attacker, [Goal::Lives, Goal::CapturedByKo]);
    let defender_first = match attacker_first {
        Some(Life::Alive) => Some(Life::Alive),
        _ => ends(defender, [Goal::LivesByKo, Goal::Captured]),
    };
    Fought {
        attacker_first,
        defender_first,
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
        play_out(&s.graph, &board, Color::Black, &group, &Watch::unlimited())
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
