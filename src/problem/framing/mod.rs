//! Framing a book diagram: a corner, side or centre fragment printed with no marks, no wall on
//! its open side, and at most "Black to play".
//!
//! A player reads such a diagram without being told what to look at, so it is read with the
//! rules a player would state, and only those: the frame is the stones' box, its sides on the
//! board's edge closed and the others open (rule 1); the attacker faces the open board (2) and
//! owns everything outside the frame (3); the region is what the defender's stones reach
//! (4); the target is its largest group (5), less its strength outside (7); each colour, each
//! group's main body, is a reading (6), the one kept chosen when they are solved
//! (`readings.rs`); and each reading has a second look with more room (8), taken when the
//! defender dies on the first even moving first. The code refers to the rules by number. The
//! reading rules are in docs/framing.md.
//!
//! Here, the readings' vocabulary, as the report names them; the frame is in `geometry.rs`,
//! the readings' search on the whole board in `search.rs`. A diagram whose attacker already
//! encloses the group is not framed ([`super::Setup::readings`]).

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

/// Which look at a diagram a reading is (rule 8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Look {
    /// The eye space reaching two steps from the defender's stones on open ground.
    First,
    /// A second look, more generous to the defender: its eye space reaching three steps.
    Again,
}

/// One reading of a diagram, as the report names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReadingName {
    pub defender: Color,
    pub target_by: TargetBy,
    pub look: Look,
}

impl std::fmt::Display for ReadingName {
    /// `black defends`, `white defends its largest chain`, `black defends with more room`.
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "{} defends", self.defender.name())?;
        if self.target_by == TargetBy::LargestChain {
            write!(f, " its largest chain")?;
        }
        if self.look == Look::Again {
            write!(f, " with more room")?;
        }
        Ok(())
    }
}

/// Why the reading kept was kept, among those tried.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum KeptBy {
    /// The first on which the outcome hangs outright: the defender moving first lives and
    /// the attacker moving first kills, whatever the threats.
    #[serde(rename = "hangs_outright")]
    FirstMoveDecides,
    /// The first on which the outcome hangs on who moves first.
    #[serde(rename = "hangs")]
    FirstMoveMatters,
    /// The second look: the first look kept had the defender dead even moving first.
    MoreRoom,
    /// Nothing hangs on any reading answered; the first answered.
    FirstAnswered,
}

impl KeptBy {
    pub fn describe(self) -> &'static str {
        match self {
            KeptBy::FirstMoveDecides => "the first on which the outcome hangs outright",
            KeptBy::FirstMoveMatters => "the first on which the outcome hangs on who moves first",
            KeptBy::MoreRoom => "on the first look the group died even moving first",
            KeptBy::FirstAnswered => "nothing hangs on any; the first answered",
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

/// Where on the board a diagram sits: the closed edges it touches, top or bottom and left or
/// right (`top-right`, `left`; `centre` when it touches none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Edges {
    pub vertical: Option<Vertical>,
    pub horizontal: Option<Horizontal>,
}

/// The top or the bottom edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Vertical {
    Top,
    Bottom,
}

/// The left or the right edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Horizontal {
    Left,
    Right,
}

impl std::fmt::Display for Edges {
    /// `top-right`, `bottom`, `left`, `centre`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let vertical = self.vertical.map(|v| match v {
            Vertical::Top => "top",
            Vertical::Bottom => "bottom",
        });
        let horizontal = self.horizontal.map(|h| match h {
            Horizontal::Left => "left",
            Horizontal::Right => "right",
        });
        match (vertical, horizontal) {
            (None, None) => f.write_str("centre"),
            (Some(v), None) => f.write_str(v),
            (None, Some(h)) => f.write_str(h),
            (Some(v), Some(h)) => write!(f, "{v}-{h}"),
        }
    }
}

/// What was inferred from a book diagram, for the report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Framing {
    pub place: Place,
    /// Where on the board: `top-right`, `left`, `centre`, …
    pub position: Edges,
    pub attacker_by: AttackerBy,
    pub target_by: TargetBy,
    pub look: Look,
    /// The readings tried, in order: filled in when a solve chooses among them.
    pub tried: Vec<Tried>,
    /// Why this reading was kept: filled in with `tried`.
    pub kept_by: Option<KeptBy>,
}
