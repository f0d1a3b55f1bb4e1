//! Framing a book diagram: a corner, side or centre fragment printed with no marks, no wall on
//! its open side, and at most "Black to play".
//!
//! A player reads such a diagram without being told what to look at. These are the rules a
//! player would state, and the only ones used:
//!
//! 1. **The frame.** The stones' bounding box, each side within two lines of the board's edge
//!    moved onto the edge: stones on the third line or lower belong to the edge. Sides on an
//!    edge are closed, the others face the open board and end at the outermost stones. Two closed sides make a corner problem,
//!    one a side problem, none a centre problem. A box that reaches two opposite edges, or
//!    covers more than a third of the board, is not a fragment: a diagram shows a corner or a
//!    side (the largest of 493 book problems spans 84 points of 361), while stones spread
//!    wider are a game position or a board too small to have an open side.
//! 2. **The attacker faces the open board.** The defender's stones lie away from the open
//!    sides (against the edge, in the corner); the colour whose stones are nearer the open
//!    sides on average attacks. On a tie, the colour with more stones on the edge lines
//!    defends. Text that says "to live" or "to kill" decides instead (in any of the languages
//!    [`super::text`] reads).
//! 3. **Everything outside the frame is the attacker's**, an uncapturable wall: the defender
//!    cannot run out into the open board, and attacker stones that touch the outside are safe.
//! 4. **The region** is the part of the frame the defender's stones reach without crossing an
//!    attacker stone, with the attacker chains whose every liberty lies in it (those can be
//!    captured there). What lies behind the attacker's stones is the attacker's own area: a
//!    move there changes nothing, so it is left out. So is *open ground*: where the attacker's
//!    stones leave a gap, the points more than two steps from every defender stone that lie
//!    toward an open side. Eye space is next to the stones that make it or one step away,
//!    while open ground beyond the attacker's loose stones is the attacker's sphere in the
//!    diagram (a problem about running out would show the way out). Far points enclosed by
//!    the defender, such as the middle of a large eye space, stay. (Keeping the first line
//!    too, along which eye space may run, was measured: 152 book problems solved in 5 s
//!    instead of 223, the long edge strips making most fights too large.) So is the
//!    attacker's *own ground* behind its stones: points more than two steps from every
//!    defender stone, counting steps through empty points only (the attacker's stones stand
//!    in the way), in a stretch bordered by more attacker stones than empty points, such as a
//!    corner behind the attacker's wall that the defender sees only through a gap. And an
//!    attacker chain the region meets that is short of liberties (at most two, all within
//!    the frame) joins the fight with its liberties, until none is left: the defender can
//!    capture it, even where its last liberty lies behind it.
//! 5. **The target** is the defender's largest group: its chains that share one area of the
//!    region (eye space, or the points that join them). A defender stone cut off inside the
//!    attacker's area (a throw-in, a lone stone) is not part of it, nor is a chain already in
//!    atari: those may be sacrificed (unless nothing else is left), nor the defender's outside
//!    strength (rule 7).
//!
//! 6. **Readings.** When the text does not name the defender, each colour is a reading, the
//!    one rule 2 picks first. [`crate::solve_file`] keeps the first reading on which the
//!    outcome hangs outright: the defender moving first lives and the attacker moving first
//!    kills, whatever the threats, as in a book problem that does not ask for a ko. Failing
//!    that, the first on which it hangs at all (the defender does better moving first, as in
//!    every book problem). Each reading of a whole group is followed by the same reading with
//!    the group's largest chain alone as the target, its other chains left to be given up
//!    (several equally large chains each in turn, the deepest first: furthest from the open
//!    sides, then nearest the edge; on the same terms, judged by the reading just before),
//!    read in two cases. When the whole group's reading was
//!    answered and nothing hung on it, the whole group is seen to be lost (or safe) whoever
//!    moves first, and the problem must be about its main body (a capturing race that hangs
//!    on one chain while a cutting stone beside it is lost). And when the defender is to play (or the side to play is not said)
//!    and its whole group lives only by ko, while the attacker moving first kills outright: a
//!    group may live outright by giving up a stone, but only by ko if it keeps them all.
//!    (Giving up stones never helps the attacker, so where the attacker moving first gets
//!    only a ko against the whole group, the main body cannot hang outright either; and an
//!    attacker to play that kills the whole group outright has the book's answer.) The
//!    defender's main body comes before the other colour: a player who sees the group fall
//!    apart looks for what can be saved before doubting which side is the problem's. (The
//!    two colours' readings are solved side by side, the second's called off once one of the
//!    first's hangs: the order of preference stays as stated.)
//! 7. **The defender's stones on an open side are its strength outside.** A diagram ends at
//!    the outermost stones; a defender stone there, beyond the attacker's, is drawn to show
//!    that the defender is strong outside: it reaches the open board and cannot be captured,
//!    as the attacker's stones there cannot (rule 3), and the group lives by joining it. Its
//!    chains are walls, not target. This holds in either colour's reading (measured for the
//!    other colour's: it answers diagrams whose first reading hangs on nothing and loses
//!    none), but not for a defender the text names, whose stones are the ones in question
//!    wherever they lie; and a defender with every stone on the open side has no strength to
//!    spare.
//!
//! A diagram whose attacker already encloses the group with a complete wall is not framed
//! ([`super::Setup::readings`]): the wall is the problem's. Unless the defender has stones
//! outside that wall too: then the wall is part of the fight, and the frame is the problem's.

use super::{FullBoard, ProblemError, TAKEN_IN_LIBERTIES};
use crate::go::graph::{Layout, Point};
use crate::go::rules::Color;
use std::collections::BTreeSet;

/// Where a fragment lies on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Place {
    Corner,
    Side,
    Centre,
}

/// How the attacker was chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AttackerBy {
    /// The problem's text says "to live" or "to kill".
    Text,
    /// Its stones are nearer the open sides (rule 2).
    OpenSide,
    /// The other colour's reading, tried because nothing hung on the first (or a limit left
    /// the first without an answer).
    OtherReading,
}

impl AttackerBy {
    pub fn describe(self) -> &'static str {
        match self {
            AttackerBy::Text => "the text says so",
            AttackerBy::OpenSide => "its stones face the open side",
            AttackerBy::OtherReading => "nothing hangs on the other reading",
        }
    }
}

/// Which of the defender's stones a reading takes as the target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TargetBy {
    /// The chains sharing the area that holds the most defender stones (rule 5).
    Group,
    /// That group's largest chain alone (or one of its equally large ones), the others left to
    /// be given up (rule 6).
    LargestChain,
}

/// One reading of a diagram, as the report names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReadingName {
    pub defender: Color,
    pub target_by: TargetBy,
}

impl std::fmt::Display for ReadingName {
    /// `black defends`, `white defends its largest chain`.
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "{} defends", self.defender.name())?;
        match self.target_by {
            TargetBy::Group => Ok(()),
            TargetBy::LargestChain => write!(f, " its largest chain"),
        }
    }
}

/// A reading solved on a diagram, and whether it was answered (a limit may stop it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tried {
    pub reading: ReadingName,
    pub answered: bool,
}

impl std::fmt::Display for Tried {
    /// `white defends`, `white defends (no answer)`.
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "{}", self.reading)?;
        if !self.answered {
            write!(f, " (no answer)")?;
        }
        Ok(())
    }
}

/// What was inferred from a book diagram, for the report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Framing {
    pub place: Place,
    /// Where on the board: `top-right`, `left`, `centre`, …
    pub position: String,
    pub attacker_by: AttackerBy,
    pub target_by: TargetBy,
    /// The readings tried, in order: filled in when a solve chooses among them.
    pub tried: Vec<Tried>,
}

/// The frame: a box of columns `x0..=x1` and rows `y0..=y1`, and which sides face the open
/// board (left, right, top, bottom).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Frame {
    x0: u8,
    x1: u8,
    y0: u8,
    y1: u8,
    open: [bool; 4],
}

/// Stones this many lines or fewer from an edge belong to it (the third line and below).
/// On an open side the frame ends at the outermost stones: a line of room beyond them lets
/// the defender run round the attacker's loose stones, which a book's diagram means to hold
/// (measured on book problems: far more answers where nothing hangs).
const SNAP: u8 = 2;

/// Steps from the defender's stones that its eye space may reach on open ground (rule 4).
const EYE_REACH: usize = 2;

impl Frame {
    /// The frame of the stones on a square board, if they form a fragment (rule 1).
    fn of(board: &FullBoard) -> Option<Frame> {
        let cells: Vec<(u8, u8)> = board
            .graph
            .points()
            .filter(|&p| board.at(p).is_some())
            .map(|p| board.graph.grid(p))
            .collect::<Option<_>>()?;
        let Layout::Square { width, height } = *board.graph.layout() else {
            return None;
        };
        let x0 = cells.iter().map(|c| c.0).min()?;
        let x1 = cells.iter().map(|c| c.0).max()?;
        let y0 = cells.iter().map(|c| c.1).min()?;
        let y1 = cells.iter().map(|c| c.1).max()?;
        let (left, right) = (x0 <= SNAP, x1 + SNAP >= width - 1);
        let (top, bottom) = (y0 <= SNAP, y1 + SNAP >= height - 1);
        if (left && right) || (top && bottom) {
            return None;
        }
        let frame = Frame {
            x0: if left { 0 } else { x0 },
            x1: if right { width - 1 } else { x1 },
            y0: if top { 0 } else { y0 },
            y1: if bottom { height - 1 } else { y1 },
            open: [!left, !right, !top, !bottom],
        };
        let area = (frame.x1 - frame.x0 + 1) as usize * (frame.y1 - frame.y0 + 1) as usize;
        (area * 3 <= width as usize * height as usize).then_some(frame)
    }

    fn contains(&self, (x, y): (u8, u8)) -> bool {
        (self.x0..=self.x1).contains(&x) && (self.y0..=self.y1).contains(&y)
    }

    /// Lines from a cell to the nearest open side.
    fn openness(&self, cell: (u8, u8)) -> u32 {
        self.lines_to(cell, true)
    }

    /// Lines from a cell to the nearest closed side (the board's edge).
    fn edge_distance(&self, cell: (u8, u8)) -> u32 {
        self.lines_to(cell, false)
    }

    /// Lines from a cell to the nearest side that is open (or closed), 0 if there is none.
    fn lines_to(&self, (x, y): (u8, u8), open: bool) -> u32 {
        let gaps = [x - self.x0, self.x1 - x, y - self.y0, self.y1 - y];
        (0..4)
            .filter(|&i| self.open[i] == open)
            .map(|i| gaps[i] as u32)
            .min()
            .unwrap_or(0)
    }

    /// Whether a cell lies on a closed side's first or second line.
    fn on_edge_lines(&self, (x, y): (u8, u8)) -> bool {
        let gaps = [x - self.x0, self.x1 - x, y - self.y0, self.y1 - y];
        (0..4).any(|i| !self.open[i] && gaps[i] < SNAP)
    }

    /// Whether a cell lies on a side that faces the open board.
    fn on_open_side(&self, (x, y): (u8, u8)) -> bool {
        let gaps = [x - self.x0, self.x1 - x, y - self.y0, self.y1 - y];
        (0..4).any(|i| self.open[i] && gaps[i] == 0)
    }

    fn place(&self) -> Place {
        match self.open.iter().filter(|&&o| !o).count() {
            0 => Place::Centre,
            1 => Place::Side,
            _ => Place::Corner,
        }
    }

    fn position(&self) -> String {
        let [left, right, top, bottom] = self.open.map(|o| !o);
        let vertical = if top {
            "top"
        } else if bottom {
            "bottom"
        } else {
            ""
        };
        let horizontal = if left {
            "left"
        } else if right {
            "right"
        } else {
            ""
        };
        match (vertical, horizontal) {
            ("", "") => "centre".into(),
            (v, "") => v.into(),
            ("", h) => h.into(),
            (v, h) => format!("{v}-{h}"),
        }
    }
}

/// One way to read a diagram: who defends, which stones, where the fight is.
pub(super) struct Reading {
    pub target: Vec<Point>,
    pub region: Vec<Point>,
    /// The defender's outside strength (rule 7), sorted.
    pub walls: Vec<Point>,
    pub framing: Framing,
}

impl FullBoard<'_> {
    /// The readings of a book diagram, most plausible first, or `None` when the stones do not
    /// form a fragment. `hint` is the defender the problem's text names.
    pub(super) fn frame_readings(
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
            let reach = self.enclosed_area_within(&stones, defender.other(), &inside);
            let open = self.not_fought(&frame, &stones, &reach, defender.other());
            let mut region: BTreeSet<Point> = if open.is_empty() {
                reach
            } else {
                let fight = |p: Point| inside(p) && !open.contains(&p);
                self.enclosed_area_within(&stones, defender.other(), &fight)
            }
            .into_iter()
            .collect();
            self.take_in_short_chains(&mut region, defender.other(), &inside);
            readings.push(Reading {
                target,
                region: region.into_iter().collect(),
                walls: strength,
                framing: Framing {
                    place: frame.place(),
                    position: frame.position(),
                    attacker_by,
                    target_by: TargetBy::Group,
                    tried: Vec::new(),
                },
            });
        }
        // Rule 6: after each reading of the whole group, its largest chain alone.
        let readings = readings
            .into_iter()
            .flat_map(|r| {
                let largest: Vec<Reading> = self
                    .largest_chains(&r.target, &frame)
                    .into_iter()
                    .map(|target| Reading {
                        target,
                        region: r.region.clone(),
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

    /// The points of a region left out of the fight (rule 4): open ground, the parts far from
    /// every defender stone (counting steps through the region) that reach an open side of
    /// the frame; and the attacker's own ground, the parts far from every defender stone
    /// (counting steps through empty points only: the attacker's stones stand in the way)
    /// that are bordered by more attacker stones than empty points.
    fn not_fought(
        &self,
        frame: &Frame,
        defenders: &[Point],
        region: &[Point],
        attacker: Color,
    ) -> BTreeSet<Point> {
        let in_region: BTreeSet<Point> = region.iter().copied().collect();
        let mut out = BTreeSet::new();
        for part in self.far_parts(defenders, |q| in_region.contains(&q)) {
            if part
                .iter()
                .any(|&q| self.graph.grid(q).is_some_and(|c| frame.on_open_side(c)))
            {
                out.extend(part);
            }
        }
        let empty = |q: Point| in_region.contains(&q) && self.at(q).is_none();
        for part in self.far_parts(defenders, empty) {
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

    /// The connected parts of the points `walk` accepts that lie more than [`EYE_REACH`]
    /// steps (through such points) from every defender stone.
    fn far_parts(&self, defenders: &[Point], walk: impl Fn(Point) -> bool) -> Vec<Vec<Point>> {
        let mut near: BTreeSet<Point> = defenders.iter().copied().collect();
        let mut ring: Vec<Point> = defenders.to_vec();
        for _ in 0..EYE_REACH {
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

    pub(super) fn stones_of(&self, c: Color) -> Vec<Point> {
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
            [a, b, ..] if a.len() == b.len() => Err(ProblemError::AmbiguousTarget(format!(
                "{} or {}",
                self.graph.label(a[0]),
                self.graph.label(b[0])
            ))),
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
    use crate::problem::{Problem, RegionSource, Setup, TargetChoice};

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
        assert_eq!((f.place, f.position.as_str()), (Place::Corner, "top-left"));
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
        assert_eq!((f.place, f.position.as_str()), (Place::Side, "bottom"));
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
        assert_eq!(f.position, "top-right");
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
        let rows = [
            ".X.O...", "XX.O...", "..XO...", "OO.....", ".......", "......O",
        ];
        let p = &readings(board(&rows))[0];
        assert_eq!(p.defender(), Color::Black);
        for (x, y) in [(2, 3), (3, 3), (2, 4)] {
            assert!(p.region().contains(&label(p, x, y)), "({x}, {y})");
        }
        for (x, y) in [(4, 3), (4, 1), (1, 5), (5, 5)] {
            assert!(!p.region().contains(&label(p, x, y)), "({x}, {y})");
        }
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
        assert!(matches!(err, ProblemError::AmbiguousTarget(_)), "{err}");
        assert!(err.to_string().contains("--target"));
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
