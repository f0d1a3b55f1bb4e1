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

mod geometry;
mod search;

use crate::go::rules::Color;

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
