//! The end of a game read off the groups' statuses, as players count it.
//!
//! * The **dead stones** are those of the groups called dead. Unsettled groups stay on the
//!   board: the game ended with them there.
//! * With the dead stones off the board, each connected area of empty points and dead stones
//!   is **territory** of a colour when only that colour's stones border it, and **neutral**
//!   when both colours' do (dame, and a seki's shared liberties) and each of its points
//!   touches a stone: the gap between two walls. An area both colours border with a point no
//!   stone touches is **open** board, where the game has not ended (a position with open
//!   fights, or a boundary not closed); an area no stone borders (an empty board) is open
//!   too. The neutral points are the empty points of neutral areas.
//! * An open point goes to the side that **controls** it, as a strong player counts a game
//!   that ended with its boundaries open: the side toward which both the stones' potential
//!   field (Yajima) and the region analyzer's partition by distance (Tajima and Sanechika)
//!   lean, the dead stones taken off first. A point where they disagree, or neither leans, is
//!   not attributed: it is reported, and counts for nobody.
//! * **Area counting**: each colour's living stones, territory and the open points it
//!   controls. **Territory counting**: each colour's territory and the open points it
//!   controls, plus the stones it captured during the game and the dead stones it takes off
//!   at the end. The komi goes to White.
//! * **Eyes in seki** count for nobody by territory: the Japanese rules of 1989 (Article 8)
//!   call territory only the eye points of stones alive and not in seki, so an area of
//!   territory next to a group in seki is not counted by territory counting. By area it is
//!   the group's, as the Chinese rules count a seki's eyes.
//! * **Which count** is the game's rules' ([`Counting::for_rules`]): area under the Chinese,
//!   AGA, New Zealand and Ing rules (and Tromp–Taylor's), territory under the Japanese and
//!   Korean rules and when the record names none, as GTP engines count by custom.

use super::engine::control;
use super::rules::Counting;
use super::{Status, Statuses};
use crate::go::color::ByColor;
use crate::go::graph::Point;
use crate::go::rules::Color;
use crate::problem::Position;
use std::collections::BTreeSet;

/// The end of a game.
#[derive(Clone, Debug, PartialEq)]
pub struct Ending {
    /// The dead stones, sorted.
    pub dead: Vec<Point>,
    /// The neutral points, sorted.
    pub neutral: Vec<Point>,
    /// Each colour's territory, dead stones' points included, sorted.
    pub territory: ByColor<Vec<Point>>,
    /// The territory's points next to a group in seki (its eyes), sorted: not counted by
    /// territory counting (see the module notes).
    pub seki_eyes: Vec<Point>,
    /// The points of open areas (see the module notes), sorted.
    pub open: Vec<Point>,
    /// The open points each colour controls (by [`Color::index`]), sorted.
    pub controlled: ByColor<Vec<Point>>,
    /// The open points neither side controls, sorted: counted for nobody.
    pub unattributed: Vec<Point>,
    pub area: Score,
    pub territory_score: Score,
    /// The count the game's rules use.
    pub counting: Counting,
}

impl Ending {
    /// The score by the game's rules.
    pub fn score(&self) -> &Score {
        match self.counting {
            Counting::Area => &self.area,
            Counting::Territory => &self.territory_score,
        }
    }
}

/// A count: each colour's points and the komi; the result is Black's less White's and the
/// komi.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Score {
    pub black: f64,
    pub white: f64,
    pub komi: f64,
}

impl Score {
    /// Black's margin (negative: White wins).
    pub fn margin(&self) -> f64 {
        self.black - self.white - self.komi
    }

    /// The result as players and SGF write it: `B+3.5`, `W+0.5`, `0` (a draw).
    pub fn result(&self) -> String {
        let m = self.margin();
        if m > 0.0 {
            format!("B+{m}")
        } else if m < 0.0 {
            format!("W+{}", -m)
        } else {
            "0".to_string()
        }
    }
}

/// The end of the game in `position`, by `statuses`; `captured` as
/// [`super::Board::captured`].
pub(crate) fn ending(
    position: &Position,
    statuses: &Statuses,
    komi: f64,
    captured: ByColor<usize>,
    counting: Counting,
) -> Ending {
    let g = position.graph();
    let dead = statuses.dead();
    let mut living: Vec<Option<Color>> = g.points().map(|p| position.stone(p)).collect();
    for p in &dead {
        living[p.index()] = None;
    }
    let in_seki: BTreeSet<Point> = statuses.stones_with(Status::Seki).into_iter().collect();
    let Areas {
        neutral,
        territory,
        open,
        seki_eyes,
    } = areas(position, &living, &in_seki);
    let mut controlled: ByColor<Vec<Point>> = ByColor::default();
    let mut unattributed = Vec::new();
    if !open.is_empty() {
        let control = control(position, &dead);
        for &p in &open {
            match control[p.index()] {
                Some(c) => controlled[c].push(p),
                None => unattributed.push(p),
            }
        }
    }
    let held = |c: Color| territory[c].len() + controlled[c].len();
    let stones = |c: Color| living.iter().filter(|s| **s == Some(c)).count();
    let dead_of = |c: Color| {
        dead.iter()
            .filter(|p| position.stone(**p) == Some(c))
            .count()
    };
    let area = Score {
        black: (stones(Color::Black) + held(Color::Black)) as f64,
        white: (stones(Color::White) + held(Color::White)) as f64,
        komi,
    };
    // Prisoners: the other colour's stones captured in the game and taken off dead.
    let prisoners = |c: Color| captured[c.other()] + dead_of(c.other());
    // Territory counting leaves out the eyes of groups in seki.
    let eyes_in_seki = |c: Color| {
        territory[c]
            .iter()
            .filter(|p| seki_eyes.contains(p))
            .count()
    };
    let counted = |c: Color| held(c) - eyes_in_seki(c) + prisoners(c);
    let territory_score = Score {
        black: counted(Color::Black) as f64,
        white: counted(Color::White) as f64,
        komi,
    };
    Ending {
        dead,
        neutral,
        territory,
        seki_eyes,
        open,
        controlled,
        unattributed,
        area,
        territory_score,
        counting,
    }
}

/// The areas of empty points and dead stones (see the module notes), each list sorted.
struct Areas {
    neutral: Vec<Point>,
    territory: ByColor<Vec<Point>>,
    open: Vec<Point>,
    seki_eyes: Vec<Point>,
}

/// Splits the points no living stone stands on (`living`: the stones less the dead) into
/// neutral points, territory, open board and the eyes of the groups in seki (`in_seki`).
fn areas(position: &Position, living: &[Option<Color>], in_seki: &BTreeSet<Point>) -> Areas {
    let g = position.graph();
    let mut out = Areas {
        neutral: Vec::new(),
        territory: ByColor::default(),
        open: Vec::new(),
        seki_eyes: Vec::new(),
    };
    let mut seen = vec![false; g.len()];
    for p in g.points() {
        if living[p.index()].is_some() || seen[p.index()] {
            continue;
        }
        let area = g.flood(&[p], |q| living[q.index()].is_none());
        let mut borders = [false; 2];
        for &q in &area {
            seen[q.index()] = true;
            for &r in g.neighbours(q) {
                if let Some(c) = living[r.index()] {
                    borders[c.index()] = true;
                }
            }
        }
        let touched = |q: &Point| g.neighbours(*q).iter().any(|r| living[r.index()].is_some());
        let next_to_seki = area
            .iter()
            .any(|q| g.neighbours(*q).iter().any(|r| in_seki.contains(r)));
        if next_to_seki && borders[0] != borders[1] {
            out.seki_eyes.extend(area.iter().copied());
        }
        match borders {
            [true, true] if area.iter().all(touched) => {
                out.neutral
                    .extend(area.iter().filter(|q| position.stone(**q).is_none()));
            }
            [true, false] => out.territory.black.extend(area),
            [false, true] => out.territory.white.extend(area),
            _ => out.open.extend(area),
        }
    }
    out.neutral.sort();
    out.open.sort();
    out.seki_eyes.sort();
    for t in &mut out.territory {
        t.sort();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::position_tests::position;
    use crate::whole_board::Standing;

    #[test]
    fn open_points_go_to_the_side_that_controls_them() {
        // Two walls facing each other across three open lines: the line next to each wall is
        // its side's, the middle line nobody's.
        let pos = position(&[
            "..X...O..",
            "..X...O..",
            "..X...O..",
            "..X...O..",
            "..X...O..",
            "..X...O..",
            "..X...O..",
            "..X...O..",
            "..X...O..",
        ]);
        let statuses = Statuses {
            groups: Vec::new(),
            touching: Vec::new(),
        };
        let g = pos.graph();
        let e = ending(
            &pos,
            &statuses,
            0.5,
            ByColor::default(),
            Counting::Territory,
        );
        assert_eq!(e.open.len(), 27);
        let column = |x: u8| -> Vec<Point> {
            let mut v: Vec<Point> = (0..9).map(|y| g.at(x, y).unwrap()).collect();
            v.sort();
            v
        };
        assert_eq!(e.controlled, ByColor::new(column(3), column(5)));
        assert_eq!(e.unattributed, column(4));
        // Territory 18 and 9 controlled each: White wins by the komi.
        assert_eq!(e.score().result(), "W+0.5");
        assert_eq!(e.area.black, 9.0 + 18.0 + 9.0);
    }

    #[test]
    fn the_eyes_of_groups_in_seki_count_by_area_not_by_territory() {
        // A black and a white group side by side, each with a one-point eye at its end.
        let pos = position(&[".XO.", ".XO.", ".XO.", ".XO."]);
        let g = pos.graph();
        let group = |c: Color, standing: Standing| {
            let mut stones: Vec<Point> = g.points().filter(|&p| pos.stone(p) == Some(c)).collect();
            stones.sort();
            super::super::Settled {
                color: c,
                stones,
                standing,
                how: super::super::How::Static,
                area: Vec::new(),
            }
        };
        for (standing, eyes) in [(Standing::Alive, 0), (Standing::Seki, 8)] {
            let statuses = Statuses {
                groups: vec![group(Color::Black, standing), group(Color::White, standing)],
                touching: Vec::new(),
            };
            let e = ending(
                &pos,
                &statuses,
                0.0,
                ByColor::default(),
                Counting::Territory,
            );
            assert_eq!(e.seki_eyes.len(), eyes);
            assert_eq!(e.territory.black.len(), 4);
            assert_eq!(e.area.black, 8.0);
            let counted = if eyes == 0 { 4.0 } else { 0.0 };
            assert_eq!(e.territory_score.black, counted);
            assert_eq!(e.territory_score.white, counted);
        }
    }
}
