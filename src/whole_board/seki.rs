//! Seki: a group that lives and shares a liberty with a living enemy group, at which neither
//! side can play without capturing nothing and leaving itself at most one liberty, lives in
//! seki, and so does the enemy group. At a game's end a group whose capture is endless play
//! with the attacker moving first stands for this too: confirmation play cannot take it off.

use super::groups;
use super::{Decides, Settled, Stage, Standing};
use crate::go::chains::Chains;
use crate::go::graph::Point;
use crate::go::rules::Color;
use crate::problem::Position;
use crate::solve::grade::Grade;
use std::collections::BTreeSet;

/// The empty points next to stones of both colours where neither side can play without
/// capturing nothing and leaving itself at most one liberty: a seki's shared liberties, when
/// the groups around them live.
pub(super) fn shut_points(position: &Position) -> BTreeSet<Point> {
    let g = position.graph();
    let stones: Vec<Option<Color>> = g.points().map(|p| position.stone(p)).collect();
    let board = Chains::new(g, &stones);
    g.points()
        .filter(|p| stones[p.index()].is_none())
        .filter(|&p| {
            [Color::Black, Color::White].iter().all(|&c| {
                g.neighbours(p).iter().any(|q| stones[q.index()] == Some(c))
                    && groups::untenable(board, p, c)
            })
        })
        .collect()
}

/// Marks the living groups in seki (see the module notes). At a game's end a group whose
/// capture is endless play with the attacker first stands too: confirmation play cannot take
/// it off, so it lives, and where it shares such a liberty with a living enemy it is in seki.
pub(super) fn mark(position: &Position, groups: &mut [Settled], stage: Stage) {
    let g = position.graph();
    let stones: Vec<Option<Color>> = g.points().map(|p| position.stone(p)).collect();
    let mut group_of = vec![usize::MAX; g.len()];
    for (i, group) in groups.iter().enumerate() {
        for s in &group.stones {
            group_of[s.index()] = i;
        }
    }
    let mut seki = BTreeSet::new();
    for p in shut_points(position) {
        let living: BTreeSet<usize> = g
            .neighbours(p)
            .iter()
            .filter(|q| stones[q.index()].is_some())
            .map(|q| group_of[q.index()])
            .filter(|&i| stands(&groups[i], stage))
            .collect();
        let both = [Color::Black, Color::White]
            .iter()
            .all(|&c| living.iter().any(|&i| groups[i].color == c));
        if both {
            seki.extend(living);
        }
    }
    for i in seki {
        groups[i].standing = Standing::Seki;
    }
}

/// Whether a group stands as alive for a seki: alive, in seki, or at a game's end endless
/// play with the attacker moving first.
fn stands(s: &Settled, stage: Stage) -> bool {
    let endless = s
        .grades()
        .is_some_and(|grades| *grades.get(s.color.other()) == Grade::NoResult);
    match s.standing {
        Standing::Alive | Standing::Seki => true,
        Standing::Unsettled(Some(Decides::NoResult)) => stage == Stage::GameEnd && endless,
        Standing::Dead | Standing::Unsettled(_) => false,
    }
}
