//! A capture taken back, at a game's end (the Japanese rules of 1989, Article 7-1: stones are
//! alive when capturing them lets a new stone be played that the opponent cannot capture):
//! the snapback's captors, which `settle.rs` takes off to read the captured group again as
//! the recapture leaves it (docs/game-end.md).

use super::Settled;
use crate::go::chains::Chains;
use crate::go::graph::Point;
use crate::go::rules::Color;
use crate::problem::Position;
use std::collections::BTreeSet;

/// The enemy stones called dead whoever moves first (`dead_anyway`) whose recapture answers
/// the capture of group `i`: a chain of the group in atari, whose last liberty is the last
/// liberty of such enemy chains next to it, so that the stone capturing there joins them and
/// the chain it makes is left in atari, more than one stone (one for one is a ko, which the
/// fight reads). Empty when the capture is no snapback.
pub(super) fn snapback(
    position: &Position,
    groups: &[Settled],
    i: usize,
    dead_anyway: &BTreeSet<Point>,
) -> Vec<Point> {
    let g = position.graph();
    let stones: Vec<Option<Color>> = g.points().map(|p| position.stone(p)).collect();
    let board = Chains::new(g, &stones);
    let group = &groups[i];
    let mut out = BTreeSet::new();
    let mut seen = BTreeSet::new();
    for &s in &group.stones {
        if !seen.insert(s) {
            continue;
        }
        let chain = board.chain(s);
        seen.extend(chain.iter().copied());
        let [last] = board.liberties(&chain)[..] else {
            continue;
        };
        // The attacker's chains joined by a stone at `last`, and the defender's it captures.
        let next = g.neighbours(last);
        let joined: BTreeSet<Point> = next
            .iter()
            .filter(|&&q| stones[q.index()] == Some(group.color.other()))
            .flat_map(|&q| board.chain(q))
            .collect();
        let captured: BTreeSet<Point> = next
            .iter()
            .filter(|&&q| stones[q.index()] == Some(group.color))
            .map(|&q| board.chain(q))
            .filter(|c| board.liberties(c) == [last])
            .flatten()
            .collect();
        if joined.is_empty() || !joined.iter().all(|p| dead_anyway.contains(p)) {
            continue;
        }
        let liberties: BTreeSet<Point> = joined
            .iter()
            .chain(std::iter::once(&last))
            .flat_map(|&p| g.neighbours(p).iter().copied())
            .filter(|&q| q != last && (stones[q.index()].is_none() || captured.contains(&q)))
            .collect();
        if liberties.len() == 1 {
            out.extend(joined);
        }
    }
    out.into_iter().collect()
}

/// `board` with these stones taken off (their points empty), the other dead stones still
/// declared dead.
pub(super) fn without(board: &Position, stones: &[Point]) -> Position {
    let g = board.graph();
    let on: Vec<Option<Color>> = g
        .points()
        .map(|p| board.stone(p).filter(|_| !stones.contains(&p)))
        .collect();
    let dead: Vec<Point> = g
        .points()
        .filter(|&p| board.is_dead(p) && !stones.contains(&p))
        .collect();
    Position::new(g.clone(), on).with_dead_at(&dead)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::position_tests::position;
    use crate::whole_board::{How, Standing};

    fn one(pos: &Position, x: u8, y: u8) -> Settled {
        let p = pos.graph().at(x, y).expect("a point");
        let mut stones = pos.chain(p);
        stones.sort();
        Settled {
            color: pos.stone(p).expect("a stone"),
            stones,
            standing: Standing::Dead,
            how: How::Static,
            area: Vec::new(),
        }
    }

    #[test]
    fn a_capture_that_leaves_dead_captors_in_atari_is_a_snapback() {
        // The white stone D9 is in atari at D8; Black's dead pair C9 C8 has D8 as its last
        // liberty too: Black D8 captures and is left in atari at D9 with the pair.
        let pos = position(&[
            "OOXOX....",
            "OOX.OX...",
            "OOOO.....",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
        ]);
        let groups = vec![one(&pos, 3, 0), one(&pos, 2, 0)];
        let dead: BTreeSet<Point> = groups[1].stones.iter().copied().collect();
        let captors = snapback(&pos, &groups, 0, &dead);
        assert_eq!(captors, groups[1].stones);
        // Captors not dead whoever moves first: no snapback to read.
        assert!(snapback(&pos, &groups, 0, &BTreeSet::new()).is_empty());
    }
}
