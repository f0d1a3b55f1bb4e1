//! The reading search: the readings of a book diagram, found on the whole board within its
//! frame.

use super::geometry::Frame;
use super::{AttackerBy, Framing, Look, TargetBy};
use crate::go::graph::Point;
use crate::go::rules::Color;
use crate::problem::{FullBoard, ProblemError, TAKEN_IN_LIBERTIES};
use std::collections::BTreeSet;

/// Steps from the defender's stones that its eye space may reach on open ground (rule 4); one
/// more on a second look (rule 8).
const EYE_REACH: usize = 2;

/// One way to read a diagram: who defends, which stones, where the fight is.
#[derive(Clone)]
pub(in crate::problem) struct Reading {
    pub target: Vec<Point>,
    pub region: Vec<Point>,
    /// The region with room one step wider (rule 8).
    wider: Vec<Point>,
    /// The defender's outside strength (rule 7), sorted.
    pub walls: Vec<Point>,
    pub framing: Framing,
}

impl FullBoard<'_> {
    /// The readings of a book diagram, most plausible first, or `None` when the stones do not
    /// form a fragment. `hint` is the defender the problem's text names.
    pub(in crate::problem) fn frame_readings(
        &self,
        hint: Option<Color>,
    ) -> Option<Result<Vec<Reading>, ProblemError>> {
        let frame = Frame::of(self)?;
        let inside = |p: Point| self.graph.grid(p).is_some_and(|c| frame.contains(c));
        let defenders = match hint {
            Some(d) => vec![(d, AttackerBy::Text)],
            None => {
                let first = self.inner_colour(&frame);
                vec![
                    (first, AttackerBy::OpenSide),
                    (first.other(), AttackerBy::OtherReading),
                ]
            }
        };
        let mut readings = Vec::new();
        for (i, (defender, attacker_by)) in defenders.into_iter().enumerate() {
            let stones: Vec<Point> = self.stones_of(defender);
            // Rule 7: not when the text names the defender: its stones are the ones in
            // question, wherever they lie.
            let strength = match attacker_by {
                AttackerBy::Text => Vec::new(),
                _ => self.outside_strength(&frame, &stones),
            };
            let inner: Vec<Point> = stones
                .iter()
                .copied()
                .filter(|p| !strength.contains(p))
                .collect();
            let target = match self.largest_area_group(&inner, defender, &inside, &strength) {
                Ok(group) => group,
                // The first reading must be readable; a later one is only a fallback.
                Err(e) if i == 0 => return Some(Err(e)),
                Err(_) => continue,
            };
            let region = |reach| self.fight_region(&frame, &stones, defender, &inside, reach);
            let (region, wider) = (region(EYE_REACH), region(EYE_REACH + 1));
            readings.push(Reading {
                target,
                region,
                wider,
                walls: strength,
                framing: Framing {
                    place: frame.place(),
                    position: frame.position(),
                    attacker_by,
                    target_by: TargetBy::Group,
                    look: Look::First,
                    tried: Vec::new(),
                    kept_by: None,
                },
            });
        }
        // Rule 6: after each reading of the whole group, its largest chain alone.
        let readings: Vec<Reading> = readings
            .into_iter()
            .flat_map(|r| {
                let largest: Vec<Reading> = self
                    .largest_chains(&r.target, &frame)
                    .into_iter()
                    .map(|target| Reading {
                        target,
                        region: r.region.clone(),
                        wider: r.wider.clone(),
                        walls: r.walls.clone(),
                        framing: Framing {
                            target_by: TargetBy::LargestChain,
                            ..r.framing.clone()
                        },
                    })
                    .collect();
                std::iter::once(r).chain(largest)
            })
            .collect();
        // Rule 8: each reading again with more room, where that changes its region: a second
        // look, taken when the defender dies on the first even moving first (`readings.rs`).
        let again: Vec<Reading> = readings
            .iter()
            .filter(|r| r.wider != r.region)
            .map(|r| Reading {
                region: r.wider.clone(),
                framing: Framing {
                    look: Look::Again,
                    ..r.framing.clone()
                },
                ..r.clone()
            })
            .collect();
        let readings = readings.into_iter().chain(again).collect();
        Some(Ok(readings))
    }

    /// The largest of a group's chains, each sorted: several when they are equally large (each
    /// is read as the main body in turn), none when the group is one chain. Equally large ones
    /// come deepest first: furthest from the open sides, then nearest a closed one, as a
    /// player looks first at the stones furthest inside; board order only breaks a tie in
    /// both, so that a diagram turned or mirrored is read the same (measured: Maeda 92 read
    /// J18 before M18, and N18, the book's move against M18, was a miss; turned half round it
    /// was solved).
    fn largest_chains(&self, group: &[Point], frame: &Frame) -> Vec<Vec<Point>> {
        let mut chains = self.all_largest(|p| group.contains(&p).then(|| self.chain(p)));
        if let [one] = chains.as_slice() {
            if one.len() == group.len() {
                return Vec::new();
            }
        }
        for chain in &mut chains {
            chain.sort();
        }
        chains.sort_by_key(|chain| {
            let cells: Vec<(u8, u8)> = chain.iter().filter_map(|&p| self.graph.grid(p)).collect();
            let nearest = |f: fn(&Frame, (u8, u8)) -> u32| cells.iter().map(|&c| f(frame, c)).min();
            (
                std::cmp::Reverse(nearest(Frame::openness)),
                nearest(Frame::edge_distance),
            )
        });
        chains
    }

    /// The region a reading fights in (rule 4): what the defender's stones reach within the
    /// frame, less the ground nobody fights over ([`Self::not_fought`], with the eye space
    /// reaching `reach` steps from the defender's stones), with the attacker's chains short of
    /// liberties taken in.
    fn fight_region(
        &self,
        frame: &Frame,
        stones: &[Point],
        defender: Color,
        inside: &impl Fn(Point) -> bool,
        reach: usize,
    ) -> Vec<Point> {
        let area = self.enclosed_area_within(stones, defender.other(), inside);
        let open = self.not_fought(frame, stones, &area, defender.other(), reach);
        let mut region: BTreeSet<Point> = if open.is_empty() {
            area
        } else {
            let fight = |p: Point| inside(p) && !open.contains(&p);
            self.enclosed_area_within(stones, defender.other(), &fight)
        }
        .into_iter()
        .collect();
        self.take_in_short_chains(&mut region, defender.other(), inside);
        region.into_iter().collect()
    }

    /// The points of a region left out of the fight (rule 4): open ground, the parts more than
    /// `reach` steps from every defender stone (counting steps through the region) that reach
    /// an open side of the frame; and the attacker's own ground, the parts as far from every
    /// defender stone (counting steps through empty points only: the attacker's stones stand
    /// in the way) that are bordered by more attacker stones than empty points.
    fn not_fought(
        &self,
        frame: &Frame,
        defenders: &[Point],
        region: &[Point],
        attacker: Color,
        reach: usize,
    ) -> BTreeSet<Point> {
        let in_region: BTreeSet<Point> = region.iter().copied().collect();
        let mut out = BTreeSet::new();
        for part in self.far_parts(defenders, reach, |q| in_region.contains(&q)) {
            if part
                .iter()
                .any(|&q| self.graph.grid(q).is_some_and(|c| frame.on_open_side(c)))
            {
                out.extend(part);
            }
        }
        let empty = |q: Point| in_region.contains(&q) && self.at(q).is_none();
        for part in self.far_parts(defenders, reach, empty) {
            let border: BTreeSet<Point> = part
                .iter()
                .flat_map(|&q| self.graph.neighbours(q).iter().copied())
                .filter(|q| !part.contains(q))
                .collect();
            let walls = border.iter().filter(|&&q| self.at(q) == Some(attacker));
            let gaps = border.iter().filter(|&&q| self.at(q).is_none());
            if walls.count() > gaps.count() {
                out.extend(part);
            }
        }
        out
    }

    /// The connected parts of the points `walk` accepts that lie more than `reach` steps
    /// (through such points) from every defender stone.
    fn far_parts(
        &self,
        defenders: &[Point],
        reach: usize,
        walk: impl Fn(Point) -> bool,
    ) -> Vec<Vec<Point>> {
        let mut near: BTreeSet<Point> = defenders.iter().copied().collect();
        let mut ring: Vec<Point> = defenders.to_vec();
        for _ in 0..reach {
            ring = ring
                .iter()
                .flat_map(|&p| self.graph.neighbours(p).iter().copied())
                .filter(|&q| walk(q) && near.insert(q))
                .collect();
        }
        let far = |q: Point| walk(q) && !near.contains(&q);
        let mut parts = Vec::new();
        let mut seen = BTreeSet::new();
        for p in self.graph.points() {
            if far(p) && !seen.contains(&p) {
                let part = self.flood(&[p], far);
                seen.extend(part.iter().copied());
                parts.push(part);
            }
        }
        parts
    }

    /// The defender's outside strength (rule 7): its chains with a stone on an open side of
    /// the frame, unless that is every stone it has.
    fn outside_strength(&self, frame: &Frame, stones: &[Point]) -> Vec<Point> {
        let mut strength: BTreeSet<Point> = BTreeSet::new();
        for &s in stones {
            let open = self.graph.grid(s).is_some_and(|c| frame.on_open_side(c));
            if open && !strength.contains(&s) {
                strength.extend(self.chain(s));
            }
        }
        if strength.len() == stones.len() {
            return Vec::new();
        }
        strength.into_iter().collect()
    }

    /// Brings into the region every attacker chain next to it that is short of liberties (at
    /// most [`TAKEN_IN_LIBERTIES`], all inside the frame), with its liberties, until none is
    /// left (rule 4): the defender can capture it, whichever side of it its liberties lie.
    fn take_in_short_chains(
        &self,
        region: &mut BTreeSet<Point>,
        attacker: Color,
        inside: &impl Fn(Point) -> bool,
    ) {
        loop {
            let mut grow: BTreeSet<Point> = BTreeSet::new();
            for &p in region.iter() {
                for &q in self.graph.neighbours(p) {
                    if self.at(q) != Some(attacker) || region.contains(&q) || grow.contains(&q) {
                        continue;
                    }
                    let chain = self.chain(q);
                    let liberties = self.liberties(&chain);
                    if liberties.len() <= TAKEN_IN_LIBERTIES && liberties.iter().all(|&l| inside(l))
                    {
                        grow.extend(chain);
                        grow.extend(liberties);
                    }
                }
            }
            let before = region.len();
            region.extend(grow);
            if region.len() == before {
                return;
            }
        }
    }

    pub(in crate::problem) fn stones_of(&self, c: Color) -> Vec<Point> {
        self.graph
            .points()
            .filter(|&p| self.at(p) == Some(c))
            .collect()
    }

    /// The colour whose stones lie further from the open sides (rule 2).
    fn inner_colour(&self, frame: &Frame) -> Color {
        let measure = |c: Color| {
            let cells: Vec<(u8, u8)> = self
                .stones_of(c)
                .into_iter()
                .filter_map(|p| self.graph.grid(p))
                .collect();
            let open: u32 = cells.iter().map(|&cell| frame.openness(cell)).sum();
            let edge = cells
                .iter()
                .filter(|&&cell| frame.on_edge_lines(cell))
                .count();
            (open, cells.len() as u32, edge)
        };
        let (b_open, b_count, b_edge) = measure(Color::Black);
        let (w_open, w_count, w_edge) = measure(Color::White);
        if b_count == 0 || w_count == 0 {
            // Only one colour on the board: it is the one to live or die.
            return if b_count == 0 {
                Color::White
            } else {
                Color::Black
            };
        }
        // Mean distances compared without division.
        match (b_open * w_count).cmp(&(w_open * b_count)) {
            std::cmp::Ordering::Greater => Color::Black,
            std::cmp::Ordering::Less => Color::White,
            std::cmp::Ordering::Equal if w_edge > b_edge => Color::White,
            std::cmp::Ordering::Equal => Color::Black,
        }
    }

    /// The defender's stones that share the area (within the frame, not crossing an attacker
    /// stone) holding the most of them (rule 5), less its outside `strength` (rule 7) and the
    /// chains in atari among them when others are left; two such groups of one size are
    /// ambiguous.
    fn largest_area_group(
        &self,
        stones: &[Point],
        defender: Color,
        inside: &impl Fn(Point) -> bool,
        strength: &[Point],
    ) -> Result<Vec<Point>, ProblemError> {
        let mut seen: BTreeSet<Point> = BTreeSet::new();
        let mut groups: Vec<Vec<Point>> = Vec::new();
        for &s in stones {
            if seen.contains(&s) {
                continue;
            }
            let area = self.flood(&[s], |q| inside(q) && self.at(q) != Some(defender.other()));
            let group: Vec<Point> = area
                .into_iter()
                .filter(|&q| self.at(q) == Some(defender))
                .collect();
            seen.extend(group.iter().copied());
            groups.push(group);
        }
        groups.sort_by_key(|g| std::cmp::Reverse(g.len()));
        match groups.as_slice() {
            [] => Err(ProblemError::NoTarget),
            [a, b, ..] if a.len() == b.len() => Err(ProblemError::AmbiguousTarget(
                self.graph.name(a[0]),
                self.graph.name(b[0]),
            )),
            [a, ..] => {
                // The outside strength (rule 7) is wall, not target; of the rest, a chain
                // already in atari is a stone to give up, unless nothing else is left.
                let group: Vec<Point> = a
                    .iter()
                    .copied()
                    .filter(|p| !strength.contains(p))
                    .collect();
                let safe: Vec<Point> = group
                    .iter()
                    .copied()
                    .filter(|&p| self.liberties(&self.chain(p)).len() > 1)
                    .collect();
                let mut target = if safe.is_empty() { group } else { safe };
                if target.is_empty() {
                    return Err(ProblemError::NoTarget);
                }
                target.sort();
                Ok(target)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::{Place, Problem, ReadingName, RegionSource, Setup, TargetChoice};

    /// A 13×13 board with `rows` drawn from its top-left corner (the rest empty).
    fn board(rows: &[&str]) -> Setup {
        let mut full: Vec<String> = rows.iter().map(|r| format!("{r:.<13}")).collect();
        full.resize(13, ".".repeat(13));
        let full: Vec<&str> = full.iter().map(String::as_str).collect();
        Setup::from_diagram(&full)
    }

    fn readings(setup: Setup) -> Vec<Problem> {
        setup.readings(&TargetChoice::FromFile).unwrap()
    }

    fn label(p: &Problem, x: u8, y: u8) -> Point {
        p.graph().at(x, y).unwrap()
    }

    // A loose black group in the top-left corner, White around it with a gap at D10.
    const CORNER: [&str; 5] = ["..X.O", "XX.XO", "OOX.O", "..O.O", "....."];

    #[test]
    fn a_corner_group_is_the_target_and_the_outside_stones_attack() {
        let r = readings(board(&CORNER));
        let p = &r[0];
        assert_eq!(p.defender(), Color::Black);
        assert_eq!(p.region_source(), RegionSource::Framed);
        let f = p.framing().unwrap();
        assert_eq!(
            (f.place, f.position.to_string().as_str()),
            (Place::Corner, "top-left")
        );
        assert_eq!(f.attacker_by, AttackerBy::OpenSide);
        assert_eq!(p.target().len(), 5);
        // Every black stone, and no point beyond the frame (the stones' box).
        assert!(p.region().iter().all(|&q| {
            let (x, y) = p.graph().grid(q).unwrap();
            x <= 4 && y <= 3
        }));
        // Then the group's largest chain alone (rule 6): Black's is A12 B12, its others single
        // stones.
        let by = |p: &Problem| p.framing().unwrap().target_by;
        assert_eq!(by(&r[0]), TargetBy::Group);
        let p = &r[1];
        assert_eq!(
            (p.defender(), by(p)),
            (Color::Black, TargetBy::LargestChain)
        );
        assert_eq!(p.target(), [label(p, 0, 1), label(p, 1, 1)]);
        assert_eq!(p.region(), r[0].region());
        // The other colour's reading is there for the solver to fall back on.
        assert_eq!(r[2].defender(), Color::White);
        assert_eq!(by(&r[2]), TargetBy::Group);
        assert_eq!(
            r[2].framing().unwrap().attacker_by,
            AttackerBy::OtherReading
        );
    }

    #[test]
    fn equally_large_chains_are_each_read_as_the_main_body() {
        // Black's group in the corner is two chains of two stones sharing the points C13 and
        // B12; neither is larger, so each is read alone, before White: as far from the open
        // sides and as near the edge as each other, in board order.
        let r = readings(board(&["XX.XX.O", "O.OOOOO"]));
        let by = |p: &Problem| (p.defender(), p.framing().unwrap().target_by);
        assert_eq!(by(&r[0]), (Color::Black, TargetBy::Group));
        assert_eq!(r[0].target().len(), 4);
        let main: Vec<Vec<Point>> = r[1..3].iter().map(|p| p.target().to_vec()).collect();
        let p = &r[0];
        assert_eq!(
            main,
            [
                vec![label(p, 0, 0), label(p, 1, 0)],
                vec![label(p, 3, 0), label(p, 4, 0)]
            ]
        );
        assert!(r[1..3].iter().all(
            |p| by(p) == (Color::Black, TargetBy::LargestChain) && p.region() == r[0].region()
        ));
        assert_eq!(r[3].defender(), Color::White);
    }

    #[test]
    fn side_and_centre_frames() {
        let mut rows = vec![""; 13];
        // A gap at G3 in White's wall: not enclosed, so framed.
        rows[10] = "....OO.OO";
        rows[11] = "....OXXXO";
        rows[12] = "....OX.XO";
        let p = &readings(board(&rows))[0];
        let f = p.framing().unwrap();
        assert_eq!(
            (f.place, f.position.to_string().as_str()),
            (Place::Side, "bottom")
        );
        assert_eq!(p.defender(), Color::Black);

        let mut rows = vec![""; 13];
        rows[4] = ".....O.O";
        rows[5] = "....OX.XO";
        rows[6] = "....OXXXO";
        rows[7] = ".....OOO";
        let p = &readings(board(&rows))[0];
        assert_eq!(p.framing().unwrap().place, Place::Centre);
        assert_eq!(p.defender(), Color::Black);
    }

    #[test]
    fn stones_on_the_third_line_belong_to_the_edge() {
        let mut rows = vec![""; 13];
        rows[2] = "..........XO";
        rows[3] = "...........O";
        let p = &readings(board(&rows))[0];
        let f = p.framing().unwrap();
        assert_eq!(f.position.to_string(), "top-right");
        // The first line under the defender's stones is in the fight.
        assert_eq!(p.defender(), Color::White);
        assert!(p.region().contains(&label(p, 11, 0)));
    }

    #[test]
    fn the_defender_cannot_escape_past_the_frame() {
        // White's wall has a gap at D10: the region stops at the outermost stones and
        // the rest of the board is White's.
        let p = &readings(board(&CORNER))[0];
        assert!(!p.region().contains(&label(p, 3, 4)));
        assert!(p.region().contains(&label(p, 3, 3)));
    }

    #[test]
    fn open_ground_past_the_attackers_stones_is_the_attackers() {
        // Black's corner group reaches out under White's stones into the frame's open area;
        // only what lies within two steps of Black's stones is fought over.
        let p = &readings(board(&OPEN_GROUND))[0];
        assert_eq!(p.defender(), Color::Black);
        for (x, y) in [(2, 3), (3, 3), (2, 4)] {
            assert!(p.region().contains(&label(p, x, y)), "({x}, {y})");
        }
        for (x, y) in [(4, 3), (4, 1), (1, 5), (5, 5)] {
            assert!(!p.region().contains(&label(p, x, y)), "({x}, {y})");
        }
    }

    // A black corner group reaching out under White's stones into the frame's open area.
    const OPEN_GROUND: [&str; 6] = [
        ".X.O...", "XX.O...", "..XO...", "OO.....", ".......", "......O",
    ];

    #[test]
    fn a_second_look_gives_the_eye_space_a_step_more() {
        // Rule 8: the same reading again, the points three steps from Black's stones fought
        // over too; second looks come after every first look.
        let all = readings(board(&OPEN_GROUND));
        let first = &all[0];
        let name = ReadingName {
            look: Look::Again,
            ..first.reading()
        };
        let again = all
            .iter()
            .find(|p| p.reading() == name && p.target() == first.target())
            .expect("a second look");
        assert!(first.region().iter().all(|q| again.region().contains(q)));
        assert!(!first.region().contains(&label(first, 4, 3)));
        assert!(again.region().contains(&label(again, 4, 3)));
        let firsts = all
            .iter()
            .take_while(|p| p.reading().look == Look::First)
            .count();
        assert!(all[firsts..]
            .iter()
            .all(|p| p.reading().look == Look::Again));
    }

    #[test]
    fn the_attackers_own_ground_behind_its_wall_is_not_fought() {
        // Ishigure's 123 Basic Tsumego 22, mirrored: Black's stones at C10-C11 see the corner
        // behind White's wall (B11, B12, C12) only through A9 and B9. That corner is White's
        // ground: far from Black's stones and bordered by White's more than by empty points.
        let rows = [
            "...O..OXO.",
            ".OOXXXXXO.",
            ".OXO..XOO.",
            ".OXO...XO.",
            "..X....XO.",
            ".OOOO.OO..",
        ];
        let p = &readings(board(&rows))[0];
        assert_eq!(p.defender(), Color::Black);
        for (x, y) in [(0, 0), (1, 0), (0, 1), (0, 2), (0, 3), (1, 1)] {
            assert!(!p.region().contains(&label(p, x, y)), "({x}, {y})");
        }
        // Black's eye space, with White's stones inside it, stays.
        for (x, y) in [(4, 2), (5, 3), (3, 2), (1, 4)] {
            assert!(p.region().contains(&label(p, x, y)), "({x}, {y})");
        }
        // White's D13 has two liberties, E13 and C13: Black can capture it, so C13 comes back
        // into the fight with it, although it lies in White's ground.
        for (x, y) in [(3, 0), (2, 0)] {
            assert!(p.region().contains(&label(p, x, y)), "({x}, {y})");
        }
    }

    #[test]
    fn the_defenders_stones_on_the_open_side_are_its_outside_strength() {
        // CORNER with a black stone at D9, out past the gap in White's wall on the frame's
        // open side: Black's strength outside, uncapturable, not the group in question.
        let mut rows = CORNER.to_vec();
        rows[4] = "...X.";
        let p = &readings(board(&rows))[0];
        let d9 = label(p, 3, 4);
        assert_eq!(p.defender(), Color::Black);
        assert_eq!(p.target().len(), 5);
        assert!(!p.target().contains(&d9));
        assert_eq!(p.walls(), [d9]);
        // The other colour's reading: White's E column, on the open side, is its strength, and
        // its target lies among its stones inside (A11 B11, C10).
        let white = readings(board(&rows))
            .into_iter()
            .find(|r| r.defender() == Color::White)
            .unwrap();
        assert!(white.walls().contains(&label(&white, 4, 0)));
        assert!(!white.walls().contains(&label(&white, 0, 2)));
        assert!(white.target().iter().all(|t| !white.walls().contains(t)));
    }

    #[test]
    fn the_middle_of_a_large_eye_space_stays() {
        // Points far from Black's stones but walled in by them are eye space, not open ground.
        let rows = [
            ".....XO", ".....XO", ".....XO", ".....XO", "XXXXXXO", ".OOOOO.",
        ];
        let p = &readings(board(&rows))[0];
        assert_eq!(p.defender(), Color::Black);
        assert_eq!(p.region_source(), RegionSource::Framed);
        assert!(p.region().contains(&label(p, 0, 0)));
        assert!(p.region().contains(&label(p, 0, 5)));
    }

    #[test]
    fn a_chain_in_atari_is_not_target() {
        // Black's D10 shares the group's area but has one liberty left (D11): the group is
        // the rest.
        let mut rows = CORNER.to_vec();
        rows[3] = "..OXO";
        rows[4] = "...O.";
        let p = &readings(board(&rows))[0];
        let d10 = label(p, 3, 3);
        assert_eq!(p.defender(), Color::Black);
        assert!(p.region().contains(&d10));
        assert!(!p.target().contains(&d10));
        assert_eq!(p.target().len(), 5);
    }

    #[test]
    fn a_lone_stone_in_the_attackers_area_is_not_target() {
        // Black's throw-in at F13 sits inside White's area, cut off from the group.
        let rows = ["..X.OX.O", "XX.XOOOO", "OOX.O", "..O.O", "....."];
        let p = &readings(board(&rows))[0];
        let f13 = label(p, 5, 0);
        assert_eq!(p.defender(), Color::Black);
        assert!(!p.target().contains(&f13));
        assert!(p.region().contains(&f13));
    }

    #[test]
    fn two_groups_of_one_size_are_refused_with_both_named() {
        // Two black groups of five stones, each with an eye and walled off by White: which
        // one is asked about?
        let rows = ["X.XO.OX.XO", "XXXO.OXXXO", "OOOO.OOOOO"];
        let err = board(&rows)
            .readings(&TargetChoice::FromFile)
            .err()
            .unwrap();
        assert!(matches!(err, ProblemError::AmbiguousTarget(..)), "{err}");
        assert!(err.to_string().contains("name one of its stones"));
    }

    #[test]
    fn the_text_overrides_the_geometry() {
        // In English, and in Japanese (白先生き: White first, to live).
        for text in ["White to live", "白先生き"] {
            let mut setup = board(&CORNER);
            setup.to_play = Some(Color::White);
            setup.comment = Some(text.into());
            let r = readings(setup);
            // White's group, then its largest chain: no Black reading.
            assert_eq!(r.len(), 2, "{text}");
            assert!(r.iter().all(|p| p.defender() == Color::White));
            assert_eq!(r[0].framing().unwrap().attacker_by, AttackerBy::Text);
        }
    }

    #[test]
    fn a_fragment_its_attacker_encloses_is_solved_as_before() {
        let rows = [".X.XO", "XXXXO", "OOOOO"];
        let r = readings(board(&rows));
        assert_eq!(r.len(), 1);
        assert_eq!(r[0].region_source(), RegionSource::Enclosed);
        assert!(r[0].framing().is_none());
    }
}
