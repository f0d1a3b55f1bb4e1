//! Problems: a position, a target and a region.
//!
//! A [`Setup`] is what a file says, unchecked. [`Setup::validate`] turns it into a [`Problem`]
//! (legal position, one-coloured target, a region to fight in) or says exactly what is wrong.
//! [`Problem::arena`] then cuts out the local area the solver plays on (in `local.rs`); what a
//! file leaves unsaid, the target and the region, is inferred in `infer.rs`. Problems come
//! from SGF files ([`sgf`]) and from board files naming points ([`board_file`]); whole-board
//! positions also from the `.game` files of final positions ([`game_file`]).
//!
//! The files: `input.rs` (reading files: [`Input`], [`LoadError`]), `position.rs` (a whole
//! board with no target: [`Position`]), `setup.rs` (the setup,
//! its validation, a record's moves), `error.rs` (why a setup is not a problem),
//! `full_board.rs` (chains and liberties on the whole board, for checking and inference),
//! `infer.rs`, `framing/` (book diagrams), `text.rs` (what the problem's text says),
//! `local.rs`, `outcome.rs` (what a fight ends with, [`Life`], and who plays for what,
//! [`Role`]), `scope.rs` (how far a whole board's fight reaches, [`Scope`], and what each area
//! read gave), and this file: the checked [`Problem`].
//!
//! May use [`crate::go`].

pub mod board_file;
mod error;
mod framing;
mod full_board;
pub(crate) mod game_file;
mod infer;
mod input;
mod local;
mod outcome;
mod position;
mod scope;
mod setup;
pub mod sgf;
mod text;

pub use error::{IllegalRecordMove, ProblemError};
pub use framing::{
    AttackerBy, Edges, Framing, Horizontal, KeptBy, Look, Place, ReadingName, TargetBy, Tried,
    Vertical,
};
pub use input::printable;
pub use input::{inputs, problem_files, Input, LoadError};
pub(crate) use local::LocalProblem;
pub use outcome::{Life, Role};
#[cfg(test)]
pub(crate) use position::tests as position_tests;
pub use position::{Position, PositionError};
pub use scope::{Reading as ScopeReading, Scope, ScopeTried};
pub use setup::{RecordMove, Setup, TargetChoice};

use crate::go::graph::{Graph, Point};
use crate::go::rules::Color;
use full_board::FullBoard;
use std::collections::BTreeSet;

/// How points outside the region behave.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outside {
    /// As they are: an empty point outside is a liberty no one will ever fill.
    AsIs,
    /// The attacker's safe outside: empty points outside the region count as attacker stones
    /// that can never be captured (a book fragment printed without its wall).
    AttackerWall,
}

/// How the region was chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RegionSource {
    /// `SQ` marks in the file.
    Marked,
    /// The area the attacker encloses around the target.
    Enclosed,
    /// No enclosure: the area around the stones, the rest the attacker's.
    AroundStones,
    /// A whole-board position: the target's region by the region analyzer, the rest the
    /// attacker's.
    Analyzer,
    /// A book diagram framed by the rules a player reads it with ([`Framing`]), the rest the
    /// attacker's.
    Framed,
}

impl RegionSource {
    /// How the region was found, for people.
    pub fn describe(self) -> &'static str {
        match self {
            RegionSource::Marked => "marked",
            RegionSource::Enclosed => "enclosed by the attacker",
            RegionSource::AroundStones => "around the stones, the rest the attacker's",
            RegionSource::Analyzer => "by the region analyzer, the rest the attacker's",
            RegionSource::Framed => "framed, the rest the attacker's",
        }
    }
}

/// Something the user should know but that does not stop the solve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Warning {
    /// The target has liberties outside the region, so it can never be captured there.
    TargetLibertyOutside(Vec<Point>),
    /// Attacker chains next to the fight that the eye-shape analyzer does not call alive, yet
    /// left uncapturable (a liberty outside the region): each has more liberties than a chain
    /// the fight takes in, or would make it too large. One stone of each.
    UnsettledChainsFixed(Vec<Point>),
    /// Target marks on stones captured by the record's moves (`--move`): they no longer apply.
    MarksCaptured(Vec<Point>),
    /// The text ties both colours to living or dying ("Black to live; White to live"): it
    /// names no defender, and the diagram decides.
    TextNamesBothDefenders,
    /// The text says one side is to play, the file (`PL`) the other: the file's moves first.
    ToPlayDiffers { file: Color, text: Color },
}

/// A checked problem.
#[derive(Clone, Debug)]
pub struct Problem {
    graph: Graph,
    stones: Vec<Option<Color>>,
    defender: Color,
    target: Vec<Point>,
    region: Vec<Point>,
    region_source: RegionSource,
    outside: Outside,
    /// Stones fixed as uncapturable walls, sorted: groups the eye-shape analyzer calls alive
    /// (a whole board), or a book diagram's defender stones on its open side (its strength
    /// outside).
    walls: Vec<Point>,
    to_play: Option<Color>,
    comment: Option<String>,
    warnings: Vec<Warning>,
    /// What framing a book diagram inferred, when it was framed.
    framing: Option<Framing>,
    /// The area a whole board's fight was read in, when the analyzers chose it.
    scope: Option<Scope>,
    /// Every area a whole board's fight was read in, narrowest first.
    scopes_tried: Vec<ScopeTried>,
}

/// The most liberties an attacker chain next to a whole-board fight (or a book diagram's
/// region) may have to be taken into it ([`Problem::with_walls`]): short of liberties, it may
/// be captured there; with more, the fight is about the target, not about it, and its
/// liberties would swell the state graph.
pub(crate) const TAKEN_IN_LIBERTIES: usize = 2;

impl Problem {
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    pub fn stone(&self, p: Point) -> Option<Color> {
        self.stones[p.index()]
    }

    pub fn defender(&self) -> Color {
        self.defender
    }

    pub fn attacker(&self) -> Color {
        self.defender.other()
    }

    /// Target stones, sorted.
    pub fn target(&self) -> &[Point] {
        &self.target
    }

    /// Region points, sorted.
    pub fn region(&self) -> &[Point] {
        &self.region
    }

    pub fn region_source(&self) -> RegionSource {
        self.region_source
    }

    pub fn outside(&self) -> Outside {
        self.outside
    }

    /// Stones fixed as uncapturable walls, sorted.
    pub fn walls(&self) -> &[Point] {
        &self.walls
    }

    /// One stone of each wall chain the fight meets (in the region or next to it).
    pub fn walls_met(&self) -> Vec<Point> {
        let full = self.full();
        let mut seen: BTreeSet<Point> = BTreeSet::new();
        let mut out = Vec::new();
        for &p in &self.region {
            for q in std::iter::once(p).chain(self.graph.neighbours(p).iter().copied()) {
                if self.walls.binary_search(&q).is_ok() && !seen.contains(&q) {
                    seen.extend(full.chain(q));
                    out.push(q);
                }
            }
        }
        out.sort();
        out
    }

    pub fn to_play(&self) -> Option<Color> {
        self.to_play
    }

    pub fn comment(&self) -> Option<&str> {
        self.comment.as_deref()
    }

    /// The defender the problem's text names ("Black to live", 白先黒死), if it names one.
    pub fn text_defender(&self) -> Option<Color> {
        text::defender(self.to_play, self.comment.as_deref()?)
    }

    /// Adds a warning found while reading the file.
    pub fn warn(&mut self, warning: Warning) {
        self.warnings.push(warning);
    }

    pub fn warnings(&self) -> &[Warning] {
        &self.warnings
    }

    /// What was inferred from a book diagram, when the problem was framed as one.
    pub fn framing(&self) -> Option<&Framing> {
        self.framing.as_ref()
    }

    /// The area a whole board's fight was read in, when the analyzers chose it.
    pub fn scope(&self) -> Option<Scope> {
        self.scope
    }

    /// Every area a whole board's fight was read in, narrowest first (empty until solved).
    pub fn scopes_tried(&self) -> &[ScopeTried] {
        &self.scopes_tried
    }

    /// The same problem, its region being a whole board's fight read in `scope`.
    pub fn scoped(self, scope: Scope) -> Problem {
        Problem {
            scope: Some(scope),
            ..self
        }
    }

    /// Records the areas a whole board's fight was read in.
    pub fn set_scopes_tried(&mut self, tried: Vec<ScopeTried>) {
        self.scopes_tried = tried;
    }

    /// The empty points of the region.
    pub fn empty_points(&self) -> usize {
        self.region
            .iter()
            .filter(|&&p| self.stone(p).is_none())
            .count()
    }

    /// This reading's name: its defender, and which of its stones are the target.
    pub fn reading(&self) -> ReadingName {
        let f = self.framing.as_ref();
        ReadingName {
            defender: self.defender,
            target_by: f.map_or(TargetBy::Group, |f| f.target_by),
            look: f.map_or(Look::First, |f| f.look),
        }
    }

    /// Records the readings of a book diagram tried, and why this one was kept.
    pub fn set_readings_tried(&mut self, tried: Vec<Tried>, kept_by: KeptBy) {
        if let Some(f) = &mut self.framing {
            f.tried = tried;
            f.kept_by = Some(kept_by);
        }
    }

    fn full(&self) -> FullBoard<'_> {
        FullBoard {
            graph: &self.graph,
            stones: &self.stones,
        }
    }

    fn in_region(&self, p: Point) -> bool {
        self.region.binary_search(&p).is_ok()
    }

    /// Empty points outside the region next to the target (only when the outside is as is).
    fn target_liberties_outside(&self) -> Vec<Point> {
        if self.outside == Outside::AttackerWall {
            return Vec::new();
        }
        let full = self.full();
        let mut out = BTreeSet::new();
        for &t in &self.target {
            for lib in full.liberties(&full.chain(t)) {
                if !self.in_region(lib) {
                    out.insert(lib);
                }
            }
        }
        out.into_iter().collect()
    }

    /// Whether `p` is a liberty no one can ever fill for a chain of `c`: an empty point outside
    /// the region (unless the outside is the attacker's wall), or, for the attacker, the wall
    /// itself. A chain with one is immortal, as is a chain of the fixed walls.
    fn outside_liberty(&self, c: Color, p: Point) -> bool {
        !self.in_region(p)
            && self.stone(p).is_none()
            && (self.outside == Outside::AsIs || c == self.attacker())
    }

    /// The same problem fought in another region (plus the target), every point outside it
    /// the attacker's, as when the region analyzer chooses the area on a whole board.
    pub fn with_region(
        mut self,
        region: &[Point],
        source: RegionSource,
    ) -> Result<Problem, ProblemError> {
        self.scope = None;
        let mut r: BTreeSet<Point> = region.iter().copied().collect();
        r.extend(self.target.iter().copied());
        self.region = r.into_iter().collect();
        self.region_source = source;
        self.outside = Outside::AttackerWall;
        self.warnings.clear();
        self.arena()?;
        Ok(self)
    }

    /// The same problem with `walls` (stones of groups the eye-shape analyzer calls alive, on a
    /// whole board) fixed as uncapturable, and every other attacker chain the fight meets that
    /// is short of liberties (at most `TAKEN_IN_LIBERTIES`) brought into it with its
    /// liberties, so that it can be captured: with the outside the attacker's, it would
    /// otherwise never be. The other ones (more liberties, or a fight too large with them) stay
    /// fixed and are named in a warning. The target's stones are never walls.
    pub fn with_walls(mut self, walls: &[Point]) -> Result<Problem, ProblemError> {
        let mut w: BTreeSet<Point> = walls.iter().copied().collect();
        for t in &self.target {
            w.remove(t);
        }
        self.walls = w.into_iter().collect();
        let attacker = Some(self.attacker());
        let mut kept: Vec<Point> = Vec::new();
        loop {
            let (_, immortal) = self.local_points();
            let full = self.full();
            let fixed = self.graph.points().find(|&p| {
                immortal[p.index()]
                    && self.stone(p) == attacker
                    && self.walls.binary_search(&p).is_err()
                    && !kept.iter().any(|&k| full.chain(k).contains(&p))
            });
            let Some(p) = fixed else { break };
            let chain = full.chain(p);
            let liberties = full.liberties(&chain);
            let mut wider = self.clone();
            let mut r: BTreeSet<Point> = self.region.iter().copied().collect();
            r.extend(chain.iter().copied());
            r.extend(liberties.iter().copied());
            wider.region = r.into_iter().collect();
            if liberties.len() <= TAKEN_IN_LIBERTIES && wider.arena().is_ok() {
                self = wider;
            } else {
                kept.push(p);
            }
        }
        if !kept.is_empty() {
            self.warnings.push(Warning::UnsettledChainsFixed(kept));
        }
        self.arena()?;
        Ok(self)
    }

    /// The same problem fought in the attacker's enclosure of the target, as a file that marks
    /// no region gives it (the outside as it stands, no walls), read as a whole board's
    /// widest area ([`Scope::Enclosure`]); `None` if the target is not enclosed in an area
    /// small enough.
    pub fn in_enclosure(&self) -> Option<Result<Problem, ProblemError>> {
        let area = self.full().enclosure_of(&self.target, self.defender)?;
        let problem = Problem {
            region: area,
            region_source: RegionSource::Enclosed,
            outside: Outside::AsIs,
            walls: Vec::new(),
            warnings: Vec::new(),
            scope: Some(Scope::Enclosure),
            ..self.clone()
        };
        Some(problem.arena().map(|_| problem))
    }

    /// Whether the stones spread further than one arena holds: the area around them all (the
    /// one a fragment printed without a wall is fought in) has more points than the solver's
    /// arena, as on a whole board's position, never on a diagram.
    pub fn stones_spread_past_arena(&self) -> bool {
        self.full().fragment().len() > crate::go::rules::MAX_LOCAL_POINTS
    }

    /// Whether the region is too large for the solver's arena.
    pub fn too_large(&self) -> bool {
        matches!(self.arena(), Err(ProblemError::RegionTooLarge { .. }))
    }

    /// The same problem with every stone's colour swapped.
    pub fn swapped(&self) -> Problem {
        let mut p = self.clone();
        for s in &mut p.stones {
            *s = s.map(Color::other);
        }
        p.defender = self.defender.other();
        p.to_play = self.to_play.map(Color::other);
        p
    }
}
