//! At a game's end, groups standing in the opponent's sphere without eyes: judged dead, as a
//! strong player counting a finished game judges them.
//!
//! Games between programs often end with boundaries open and dead groups still standing in
//! the winner's area; neither the eye-shape analyzer (which counts eyes in open board next to
//! a group) nor a solve (whose fight is too large to read) calls them dead. A player counting
//! the game does, by a rule of thumb stated in two parts:
//!
//! * **Eyes** are what the group has enclosed: the areas of empty points and dead stones next
//!   to it that only its own colour borders (the dead stones off the board); one of at least
//!   [`TWO_EYES`] points counts as two. A one-point area is a false eye when two of its
//!   diagonal points (one on the edge) are the opponent's: an enemy stone, or an empty point
//!   the opponent's potential favours. Open board is no eye.
//! * **Room** is where it might still make eyes: its eyes' points and the points of the open
//!   areas next to it that its own potential field favours (Yajima's field, the dead stones
//!   off the board).
//!
//! A group with fewer than two eyes, a boundary still open, some of its open neighbours
//! favoured by the opponent's potential (it stands in the opponent's sphere) and room for at
//! most [`MAX_ROOM`] points is judged dead. Its confirmation play is not read: with the
//! opponent moving first, such a group cannot make two eyes in that room while the opponent
//! plays on the points it controls, but that is a judgement, not a proof, and the group's
//! reason says so ([`How::Judged`]). Groups are judged one at a time, the one with the least
//! room (less the points the opponent holds against it) first, the field read again after each
//! (a group judged dead is off the board for the next), so that of two weak groups facing each
//! other the weaker dies and the other gains its points.
//!
//! What the rule never touches: a group whose fight was solved (its answer is exact, and an
//! exact answer that it lives or is unsettled stands; but a first look that killed it, whose
//! second look with more room could not be made, settled nothing, and the group is open to
//! the rule), a group called dead or in seki, and a
//! group that would be dead with no living enemy stone around it (a contradiction,
//! [`super::settle::contradicted`]). Enemy stones called dead that only the group judged dead
//! surrounded are dead no more once it is: they are left on the board, unsettled, as the
//! touching fights' fixpoint leaves a contradicted group. The field needs a square board; on
//! another board the rule does nothing.

use super::engine::potential;
use super::settle::contradicted;
use super::{How, SecondLook, Settled, Standing, Statuses};
use crate::go::graph::{Graph, Point};
use crate::go::rules::Color;
use crate::problem::Position;
use std::collections::BTreeSet;

/// The most room (points) a group judged dead may have: a space of seven or eight points is
/// about the least from which a group makes two eyes against any attack.
pub(crate) const MAX_ROOM: usize = 8;

/// The least enclosed space counted as two eyes: six points or more make two eyes in most
/// shapes (the rectangular six among them).
pub(crate) const TWO_EYES: usize = 6;

/// A group's eyes and room, as the module notes define them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Room {
    /// The sizes of its eyes (enclosed areas, false one-point eyes left out).
    pub eyes: Vec<usize>,
    /// Its empty neighbours in open areas.
    pub open: usize,
    /// Of those, the ones the opponent's potential favours.
    pub against: usize,
    /// Its eyes' points and the points of the open areas next to it its potential favours.
    pub room: usize,
}

impl Room {
    /// Whether the rule judges the group dead.
    fn dead(&self) -> bool {
        let two = self.eyes.iter().filter(|&&e| e >= TWO_EYES).count();
        self.eyes.len() + two < 2 && self.open > 0 && self.against > 0 && self.room <= MAX_ROOM
    }
}

/// Judges, at a game's end, the groups standing in the opponent's sphere (see the module
/// notes), until no more is.
pub(crate) fn judge(position: &Position, statuses: &mut Statuses) {
    let mut spared: BTreeSet<usize> = BTreeSet::new();
    for _ in 0..statuses.groups.len() {
        let board = position.clone().with_dead_at(&statuses.dead());
        let Some(field) = potential(&board) else {
            return;
        };
        let weakest = statuses
            .groups
            .iter()
            .enumerate()
            .filter(|(i, s)| open_to_judgement(s) && !spared.contains(i))
            .map(|(i, s)| (i, room(&board, &field, &s.stones, s.color)))
            .filter(|(_, r)| r.dead())
            .min_by_key(|(i, r)| {
                let key = r.room as i64 - r.against as i64;
                (key, statuses.groups[*i].stones.len(), *i)
            });
        let Some((i, r)) = weakest else {
            return;
        };
        let before = statuses.groups[i].clone();
        statuses.groups[i].standing = Standing::Dead;
        statuses.groups[i].how = How::Judged {
            eyes: r.eyes.len(),
            room: r.room,
        };
        let bad = contradicted(position, &statuses.groups);
        if bad.contains(&i) {
            statuses.groups[i] = before;
            spared.insert(i);
            continue;
        }
        // The enemy stones it alone had captured are not dead once it is: left on the board.
        for j in bad {
            statuses.groups[j].standing = Standing::Unsettled(None);
        }
    }
}

/// Whether the rule may judge a group: one the eye-shape analyzer called alive, or one no
/// solve settled (none made, or a first look that killed it whose second look, with more
/// room, could not be made: too large, or a limit).
fn open_to_judgement(s: &Settled) -> bool {
    let standing = matches!(s.standing, Standing::Alive | Standing::Unsettled(_));
    let unsolved = match &s.how {
        How::Static | How::TooLarge { .. } | How::Territory { .. } | How::Stopped(_) => true,
        How::Solved { second, .. } => {
            s.standing == Standing::Unsettled(None)
                && matches!(second, SecondLook::TooLarge { .. } | SecondLook::Stopped(_))
        }
        How::Judged { .. } => false,
    };
    standing && unsolved
}

/// A group's eyes and room on `board` (its dead stones off), `field` its potential field
/// (positive for Black).
pub(crate) fn room(board: &Position, field: &[f64], stones: &[Point], color: Color) -> Room {
    let g = board.graph();
    let favours = |p: Point, c: Color| match c {
        Color::Black => field[p.index()] > 0.0,
        Color::White => field[p.index()] < 0.0,
    };
    let free = |p: Point| board.living(p).is_none();
    let next: BTreeSet<Point> = stones
        .iter()
        .flat_map(|&s| g.neighbours(s).iter().copied())
        .filter(|&q| free(q))
        .collect();
    let mut out = Room {
        eyes: Vec::new(),
        open: 0,
        against: 0,
        room: 0,
    };
    let mut seen: BTreeSet<Point> = BTreeSet::new();
    for &q in &next {
        if seen.contains(&q) {
            continue;
        }
        let area = g.flood(&[q], free);
        seen.extend(area.iter().copied());
        let enclosed = area
            .iter()
            .flat_map(|&p| g.neighbours(p))
            .all(|&r| board.living(r).is_none_or(|c| c == color));
        if enclosed {
            let enemy = |p: Point| match board.living(p) {
                Some(c) => c != color,
                None => favours(p, color.other()),
            };
            if !(area.len() == 1 && false_eye(g, area[0], enemy)) {
                out.eyes.push(area.len());
                out.room += area.len();
            }
            continue;
        }
        for &p in &area {
            if next.contains(&p) {
                out.open += 1;
                out.against += usize::from(favours(p, color.other()));
            }
            out.room += usize::from(favours(p, color));
        }
    }
    out
}

/// Whether a one-point eye at `p` is false: two of its diagonal points the opponent's (one,
/// on the edge or in the corner, where it has fewer than four).
fn false_eye(g: &Graph, p: Point, enemy: impl Fn(Point) -> bool) -> bool {
    let Some((x, y)) = g.grid(p) else {
        return false;
    };
    let diagonals: Vec<Point> = [(1i8, 1i8), (1, -1), (-1, 1), (-1, -1)]
        .iter()
        .filter_map(|&(dx, dy)| g.at(x.checked_add_signed(dx)?, y.checked_add_signed(dy)?))
        .collect();
    let taken = diagonals.iter().filter(|&&d| enemy(d)).count();
    taken >= if diagonals.len() == 4 { 2 } else { 1 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::color::ByColor;
    use crate::problem::position_tests::position;
    use crate::solve::grade::Grade;
    use crate::solve::model::Value;
    use num_traits::Zero;

    /// Every group of the board as one chain each, all called alive by the eye-shape analyzer.
    fn statuses(pos: &Position) -> Statuses {
        let groups = pos
            .living_chains()
            .into_iter()
            .map(|mut stones| {
                stones.sort();
                Settled {
                    color: pos.stone(stones[0]).expect("a stone"),
                    stones,
                    standing: Standing::Alive,
                    how: How::Static,
                    area: Vec::new(),
                }
            })
            .collect();
        Statuses {
            groups,
            touching: Vec::new(),
        }
    }

    fn of(s: &Statuses, c: Color) -> &Settled {
        s.groups.iter().find(|g| g.color == c).expect("a group")
    }

    /// A white wall round the board's middle, its boundary open to the edge.
    const INSIDE: [&str; 9] = [
        ".........",
        ".OOOOOOO.",
        ".O.....O.",
        ".O.....O.",
        ".O..X..O.",
        ".O..X..O.",
        ".O.....O.",
        ".OOOOOOO.",
        ".........",
    ];

    #[test]
    fn a_group_without_eyes_in_the_opponents_sphere_is_judged_dead() {
        let pos = position(&INSIDE);
        let mut s = statuses(&pos);
        judge(&pos, &mut s);
        let black = of(&s, Color::Black);
        assert_eq!(black.standing, Standing::Dead);
        assert!(
            matches!(black.how, How::Judged { eyes: 0, .. }),
            "{black:?}"
        );
        assert_eq!(of(&s, Color::White).standing, Standing::Alive);
        assert!(s.contradictions(&pos).is_empty());
    }

    #[test]
    fn two_eyes_or_a_space_of_six_are_never_judged() {
        let two_eyes = position(&[
            ".OOOOOOO.",
            ".O.....O.",
            ".O.XXX.O.",
            ".O.X.X.O.",
            ".O.XXX.O.",
            ".O.X.X.O.",
            ".O.XXX.O.",
            ".O.....O.",
            ".OOOOOOO.",
        ]);
        let six = position(&[
            ".OOOOOOO.",
            ".O.....O.",
            ".O.XXXX.O",
            ".O.X..X.O",
            ".O.X..X.O",
            ".O.X..X.O",
            ".O.XXXX.O",
            ".O.....O.",
            ".OOOOOOO.",
        ]);
        for pos in [two_eyes, six] {
            let mut s = statuses(&pos);
            let field = potential(&pos).expect("a square board");
            let black = of(&s, Color::Black).clone();
            let r = room(&pos, &field, &black.stones, Color::Black);
            assert!(r.against > 0 && r.room <= MAX_ROOM, "{r:?}");
            judge(&pos, &mut s);
            assert_eq!(of(&s, Color::Black).standing, Standing::Alive);
        }
    }

    #[test]
    fn a_solved_group_is_never_judged() {
        let pos = position(&INSIDE);
        let mut s = statuses(&pos);
        let black = s.groups.iter_mut().find(|g| g.color == Color::Black);
        let black = black.expect("a group");
        black.standing = Standing::Unsettled(Some(super::super::Decides::FirstMover));
        black.how = How::Solved {
            empty: 20,
            second: super::super::SecondLook::NotNeeded,
            life_degree: Value::zero(),
            grades: ByColor::new(Grade::Lives, Grade::Dies),
        };
        let before = s.groups.clone();
        judge(&pos, &mut s);
        assert_eq!(format!("{:?}", s.groups), format!("{before:?}"));
    }

    #[test]
    fn a_one_point_eye_with_two_enemy_diagonals_is_false() {
        let rows = |top: &'static str| {
            [
                ".......", ".......", top, "..X.X..", "...X...", ".......", "O.....O",
            ]
        };
        let cross = |pos: &Position| -> Vec<Point> {
            let g = pos.graph();
            let mut v: Vec<Point> = [(3, 2), (2, 3), (4, 3), (3, 4)]
                .iter()
                .map(|&(x, y)| g.at(x, y).expect("a point"))
                .collect();
            v.sort();
            v
        };
        for (top, eyes) in [("...X...", vec![1]), ("..OXO..", vec![])] {
            let pos = position(&rows(top));
            let field = potential(&pos).expect("a square board");
            let r = room(&pos, &field, &cross(&pos), Color::Black);
            assert_eq!(r.eyes, eyes, "{top}");
        }
    }
}
