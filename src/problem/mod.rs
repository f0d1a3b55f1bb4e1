//! Problems: a position, a target and a region.
//!
//! A [`Setup`] is what a file says, unchecked. [`Setup::validate`] turns it into a [`Problem`]
//! (legal position, one-coloured target, a region to fight in) or says exactly what is wrong.
//! [`Problem::arena`] then cuts out the local area the solver plays on (in `local.rs`); what a
//! file leaves unsaid, the target and the region, is inferred in `infer.rs`. Problems come
//! from SGF files ([`sgf`]) and from board files naming points ([`board_file`]).
//!
//! May use [`crate::go`] only.

pub mod board_file;
mod frame;
mod infer;
mod local;
pub mod sgf;
mod text;

pub use frame::{AttackerBy, Framing, Place, ReadingName, TargetBy, Tried};
pub use local::LocalProblem;

use crate::go::chains::Chains;
use crate::go::graph::{Graph, Point};
use crate::go::rules::Color;
use std::collections::BTreeSet;

/// A problem as read from a file, not yet checked.
#[derive(Clone, Debug)]
pub struct Setup {
    pub graph: Graph,
    pub black: Vec<Point>,
    pub white: Vec<Point>,
    /// Stones marked as the target (SGF `TR`, or `MA` when there is no `TR`).
    pub target_marks: Vec<Point>,
    /// Points marked as the region (SGF `SQ`).
    pub region_marks: Vec<Point>,
    /// The side the problem says is to play (reported only).
    pub to_play: Option<Color>,
    pub comment: Option<String>,
}

/// A move of a game record: who played, and where (`None`: a pass).
pub type RecordMove = (Color, Option<Point>);

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
}

/// Why a setup is not a problem.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ProblemError {
    #[error("point {0} holds both a black and a white stone")]
    BothColours(String),
    #[error("the {0} chain at {1} has no liberty: the position is illegal")]
    NoLiberty(&'static str, String),
    #[error("target mark at {0} is on an empty point")]
    MarkOnEmpty(String),
    #[error("the target marks cover stones of both colours ({0} and {1})")]
    MixedTarget(String, String),
    #[error("no stones to solve")]
    NoStones,
    #[error("cannot tell which group is the target ({0}); mark it (SGF TR, board problem `target`) or give --target")]
    AmbiguousTarget(String),
    #[error("no enclosed group to take as the target; mark it (SGF TR, board problem `target`) or give --target")]
    NoTarget,
    #[error("--target {0} is not a point of the board")]
    BadTargetPoint(String),
    #[error("--target {0} is an empty point")]
    TargetEmpty(String),
    #[error("the fight spans {size} points; the solver handles at most {limit} (mark a smaller region: SGF SQ, board problem `region`)")]
    RegionTooLarge { size: usize, limit: usize },
    #[error("move {number} ({color} {point}) is illegal: {why}")]
    IllegalRecordMove {
        number: usize,
        color: &'static str,
        point: String,
        why: &'static str,
    },
    #[error("--move {0}: the record has only {1} moves")]
    PastTheRecord(usize, usize),
}

/// The most liberties an attacker chain next to a whole-board fight (or a book diagram's
/// region) may have to be taken into it ([`Problem::with_walls`]): short of liberties, it may
/// be captured there; with more, the fight is about the target, not about it, and its
/// liberties would swell the state graph.
pub const TAKEN_IN_LIBERTIES: usize = 2;

/// How to choose the target when the file does not, or should not, decide.
#[derive(Clone, Debug, Default)]
pub enum TargetChoice {
    /// The file's marks, else inference.
    #[default]
    FromFile,
    /// The group through this point (SGF `cc` or `C3` style).
    At(String),
    /// The chains through these points, all of one colour (the command line's `--target`).
    Chains(Vec<String>),
}

impl Setup {
    /// An empty board: no stones, no marks.
    pub fn new(graph: Graph) -> Setup {
        Setup {
            graph,
            black: vec![],
            white: vec![],
            target_marks: vec![],
            region_marks: vec![],
            to_play: None,
            comment: None,
        }
    }

    /// A square board from a text diagram, for tests and examples: rows of `X` (black), `O`
    /// (white), `.` (empty) and `#` (an empty point marked as region).
    pub fn from_diagram(rows: &[&str]) -> Setup {
        let width = rows.first().map_or(0, |r| r.chars().count());
        let mut setup = Setup::new(Graph::square(width as u8, rows.len() as u8));
        for (y, row) in rows.iter().enumerate() {
            for (x, c) in row.chars().enumerate() {
                let Some(p) = setup.graph.at(x as u8, y as u8) else {
                    continue;
                };
                match c {
                    'X' => setup.black.push(p),
                    'O' => setup.white.push(p),
                    '#' => setup.region_marks.push(p),
                    _ => {}
                }
            }
        }
        setup
    }

    /// Plays the first `count` moves of a record on the setup, with captures (a game position
    /// after move N). The marks stay, but a target mark on a stone that has been captured no
    /// longer applies: those are dropped and returned.
    pub fn play_moves(
        &mut self,
        moves: &[RecordMove],
        count: usize,
    ) -> Result<Vec<Point>, ProblemError> {
        if count > moves.len() {
            return Err(ProblemError::PastTheRecord(count, moves.len()));
        }
        let mut stones = vec![None; self.graph.len()];
        for &p in &self.black {
            stones[p.index()] = Some(Color::Black);
        }
        for &p in &self.white {
            stones[p.index()] = Some(Color::White);
        }
        let before = stones.clone();
        for (i, &(color, point)) in moves[..count].iter().enumerate() {
            let Some(p) = point else { continue };
            let illegal = |why| ProblemError::IllegalRecordMove {
                number: i + 1,
                color: color.name(),
                point: self.graph.label(p),
                why,
            };
            if stones[p.index()].is_some() {
                return Err(illegal("the point is occupied"));
            }
            stones[p.index()] = Some(color);
            let board = FullBoard {
                graph: &self.graph,
                stones: &stones,
            };
            let mut dead: Vec<Point> = Vec::new();
            for &q in self.graph.neighbours(p) {
                if stones[q.index()] == Some(color.other()) && !dead.contains(&q) {
                    let chain = board.chain(q);
                    if board.liberties(&chain).is_empty() {
                        dead.extend(chain);
                    }
                }
            }
            let suicide = dead.is_empty() && board.liberties(&board.chain(p)).is_empty();
            if suicide {
                return Err(illegal("suicide"));
            }
            for q in dead {
                stones[q.index()] = None;
            }
        }
        let (dropped, kept) = self.target_marks.iter().partition(|&&p| {
            let i = p.index();
            before[i].is_some() && stones[i] != before[i]
        });
        self.target_marks = kept;
        self.black = self
            .graph
            .points()
            .filter(|p| stones[p.index()] == Some(Color::Black))
            .collect();
        self.white = self
            .graph
            .points()
            .filter(|p| stones[p.index()] == Some(Color::White))
            .collect();
        if count > 0 {
            self.to_play = moves.get(count).map(|m| m.0);
        }
        Ok(dropped)
    }

    /// The stone on each point, checked as a position: no point holds both colours and every
    /// chain has a liberty. Needs no target, so whole-board analyses can use it.
    pub fn stones(&self) -> Result<Vec<Option<Color>>, ProblemError> {
        let graph = &self.graph;
        let mut stones = vec![None; graph.len()];
        for &p in &self.black {
            stones[p.index()] = Some(Color::Black);
        }
        for &p in &self.white {
            if stones[p.index()] == Some(Color::Black) {
                return Err(ProblemError::BothColours(graph.label(p)));
            }
            stones[p.index()] = Some(Color::White);
        }
        let board = FullBoard {
            graph,
            stones: &stones,
        };
        for p in graph.points() {
            if let Some(c) = stones[p.index()] {
                if board.liberties(&board.chain(p)).is_empty() {
                    return Err(ProblemError::NoLiberty(c.name(), graph.label(p)));
                }
            }
        }
        Ok(stones)
    }

    /// Checks the position and settles the target and the region.
    pub fn validate(self, choice: &TargetChoice) -> Result<Problem, ProblemError> {
        let mut readings = self.readings(choice)?;
        Ok(readings.swap_remove(0))
    }

    /// Checks the position and settles the target and the region: one problem, or for a book
    /// diagram with nothing marked, each way to read it, the most plausible first (never
    /// empty).
    pub fn readings(self, choice: &TargetChoice) -> Result<Vec<Problem>, ProblemError> {
        let stones = self.stones()?;
        if self.black.is_empty() && self.white.is_empty() {
            return Err(ProblemError::NoStones);
        }
        let board = FullBoard {
            graph: &self.graph,
            stones: &stones,
        };
        let hint = self
            .comment
            .as_deref()
            .and_then(|c| text::defender(self.to_play, c));
        let unmarked = self.target_marks.is_empty() && self.region_marks.is_empty();
        if let (TargetChoice::FromFile, true) = (choice, unmarked) {
            if let Some(readings) = board.frame_readings(hint) {
                let readings = readings?;
                // A fragment whose attacker already encloses the group is an enclosed
                // problem, solved as before: the frame would add nothing. Unless the
                // defender has stones beyond the wall too: then the wall is part of the
                // fight (it may be short of liberties itself), and the frame is the
                // problem's.
                let enclosed = board.enclosed_target().ok().flatten();
                let target = &readings[0].target;
                let walled_in = enclosed.as_ref() == Some(target)
                    && target
                        .first()
                        .and_then(|&p| board.at(p))
                        .is_some_and(|defender| {
                            board.stones_of(defender).iter().all(|p| target.contains(p))
                        });
                if !walled_in {
                    return readings
                        .into_iter()
                        .map(|r| {
                            let settled = (r.region, RegionSource::Framed, Outside::AttackerWall);
                            let framed = Some((r.framing, r.walls));
                            self.problem(stones.clone(), r.target, settled, framed)
                        })
                        .collect();
                }
            }
        }
        let stone_at = |text: &String| {
            let p = self
                .graph
                .parse_point(text)
                .ok_or_else(|| ProblemError::BadTargetPoint(text.clone()))?;
            match stones[p.index()] {
                Some(_) => Ok(p),
                None => Err(ProblemError::TargetEmpty(self.graph.label(p))),
            }
        };
        let target = match choice {
            TargetChoice::At(text) => board.group(stone_at(text)?),
            TargetChoice::Chains(texts) => {
                let points = texts.iter().map(stone_at).collect::<Result<Vec<_>, _>>()?;
                board.marked_target(&points)?
            }
            TargetChoice::FromFile if !self.target_marks.is_empty() => {
                board.marked_target(&self.target_marks)?
            }
            TargetChoice::FromFile => board.inferred_target(hint)?,
        };
        let defender = stones[target[0].index()].expect("target stones exist");
        let (region, source, outside) = if self.region_marks.is_empty() {
            board.inferred_region(&target, defender)
        } else {
            let mut r: BTreeSet<Point> = self.region_marks.iter().copied().collect();
            r.extend(target.iter().copied());
            (r.into_iter().collect(), RegionSource::Marked, Outside::AsIs)
        };
        Ok(vec![self.problem(
            stones,
            target,
            (region, source, outside),
            None,
        )?])
    }

    /// The problem of this setup with a target and region (with where it came from and how the
    /// outside behaves) settled, checked against the arena's size unless the caller will
    /// choose another region. A framed book diagram comes with its framing and walls.
    fn problem(
        &self,
        stones: Vec<Option<Color>>,
        target: Vec<Point>,
        (region, region_source, outside): (Vec<Point>, RegionSource, Outside),
        framed: Option<(Framing, Vec<Point>)>,
    ) -> Result<Problem, ProblemError> {
        let (framing, walls) = framed.map_or((None, Vec::new()), |(f, w)| (Some(f), w));
        let defender = stones[target[0].index()].expect("target stones exist");
        let mut problem = Problem {
            graph: self.graph.clone(),
            stones,
            defender,
            target,
            region,
            region_source,
            outside,
            walls,
            to_play: self.to_play,
            comment: self.comment.clone(),
            warnings: Vec::new(),
            framing,
        };
        let escapes = problem.target_liberties_outside();
        if !escapes.is_empty() {
            problem
                .warnings
                .push(Warning::TargetLibertyOutside(escapes));
        }
        // A fragment's area may be too large for the arena: the caller may choose another
        // region (`with_region`); the solver refuses it otherwise.
        if region_source != RegionSource::AroundStones {
            problem.arena()?;
        }
        Ok(problem)
    }
}

/// Whole-board chain arithmetic for checking and inference (the solver uses [`Arena`](crate::go::rules::Arena)).
struct FullBoard<'a> {
    graph: &'a Graph,
    stones: &'a [Option<Color>],
}

impl FullBoard<'_> {
    fn at(&self, p: Point) -> Option<Color> {
        self.stones[p.index()]
    }

    /// Points reachable from `start` through points `pass` accepts.
    fn flood(&self, start: &[Point], pass: impl Fn(Point) -> bool) -> Vec<Point> {
        self.graph.flood(start, pass)
    }

    fn chain(&self, p: Point) -> Vec<Point> {
        Chains::new(self.graph, self.stones).chain(p)
    }

    fn liberties(&self, chain: &[Point]) -> Vec<Point> {
        Chains::new(self.graph, self.stones).liberties(chain)
    }
}

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

    /// This reading's name: its defender, and which of its stones are the target.
    pub fn reading(&self) -> ReadingName {
        ReadingName {
            defender: self.defender,
            target_by: self
                .framing
                .as_ref()
                .map_or(TargetBy::Group, |f| f.target_by),
        }
    }

    /// Records the readings of a book diagram tried before this one was kept.
    pub fn set_readings_tried(&mut self, tried: Vec<Tried>) {
        if let Some(f) = &mut self.framing {
            f.tried = tried;
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
    /// is short of liberties (at most [`TAKEN_IN_LIBERTIES`]) brought into it with its
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

#[cfg(test)]
mod tests {
    use super::*;

    fn setup(w: u8, h: u8, rows: &[&str]) -> Setup {
        let s = Setup::from_diagram(rows);
        assert_eq!(s.graph, Graph::square(w, h));
        s
    }

    #[test]
    fn infers_the_enclosed_group_and_its_region() {
        let s = setup(6, 5, &["..XO..", "XXXO..", "OOOO..", "......", "......"]);
        let p = s.validate(&TargetChoice::FromFile).unwrap();
        assert_eq!(p.defender(), Color::Black);
        assert_eq!(p.target().len(), 4);
        assert_eq!(p.region_source(), RegionSource::Enclosed);
        // Two empty points and the four black stones.
        assert_eq!(p.region().len(), 6);
        assert!(p.warnings().is_empty());
    }

    #[test]
    fn attacker_stones_inside_the_enclosure_are_part_of_the_region() {
        // A straight three with White on its vital point B5: once captured, B5 must be
        // playable again, or the target could never be captured.
        let s = setup(6, 4, &[".O.XO.", "XXXXO.", "OOOOO.", "......"]);
        let p = s.validate(&TargetChoice::FromFile).unwrap();
        let b5 = p.graph().at(1, 0).unwrap();
        assert!(p.region().contains(&b5));
        // The wall, with liberties outside, is not.
        assert!(!p.region().contains(&p.graph().at(4, 0).unwrap()));
        assert_eq!(p.region().len(), 8);
    }

    #[test]
    fn a_fragment_without_a_wall_is_framed() {
        // White's line has a gap (D6): nothing is enclosed, so the diagram is framed as a
        // book's (frame.rs): Black, in the corner, defends, and the fight stays in the
        // stones' box, the rest White's. The text says the same when it says anything.
        let mut s = setup(
            11,
            8,
            &[
                "...XO......",
                "XXXXO......",
                "OOO.O......",
                "...........",
                "...........",
                "...........",
                "...........",
                "...........",
            ],
        );
        for comment in [None, Some("Black to play and live.")] {
            s.to_play = Some(Color::Black);
            s.comment = comment.map(String::from);
            let p = s.clone().validate(&TargetChoice::FromFile).unwrap();
            assert_eq!(p.defender(), Color::Black);
            assert_eq!(p.target().len(), 5);
            assert_eq!(p.region_source(), RegionSource::Framed);
            assert_eq!(p.outside(), Outside::AttackerWall);
            // The box is 5 × 3: its 15 points less White's 6 stones, all reached by Black.
            assert_eq!(p.region().len(), 15 - 6);
        }
    }

    #[test]
    fn the_text_names_the_target_when_nothing_holds_it() {
        // Two loose stones, neither held: "White to kill" makes Black the defender.
        let mut s = setup(
            11,
            6,
            &[
                "...........",
                "...........",
                "..X...O....",
                "...........",
                "...........",
                "...........",
            ],
        );
        s.to_play = Some(Color::White);
        s.comment = Some("White to kill.".into());
        let p = s.clone().validate(&TargetChoice::FromFile).unwrap();
        assert_eq!(p.defender(), Color::Black);
        s.comment = Some("White to live.".into());
        let p = s.validate(&TargetChoice::FromFile).unwrap();
        assert_eq!(p.defender(), Color::White);
    }

    #[test]
    fn rejects_a_chain_without_liberty() {
        let s = setup(3, 3, &["XO.", "O..", "..."]);
        assert_eq!(
            s.validate(&TargetChoice::FromFile).unwrap_err(),
            ProblemError::NoLiberty("black", "A3".into())
        );
    }

    #[test]
    fn marks_on_both_colours_are_an_error() {
        let mut s = setup(5, 5, &["XO...", ".....", ".....", ".....", "....."]);
        s.target_marks = vec![s.black[0], s.white[0]];
        assert!(matches!(
            s.validate(&TargetChoice::FromFile),
            Err(ProblemError::MixedTarget(..))
        ));
    }

    #[test]
    fn warns_when_the_target_breathes_outside_the_region() {
        let mut s = setup(5, 5, &["X....", ".....", ".....", ".....", "....O"]);
        s.target_marks = vec![s.black[0]];
        s.region_marks = vec![s.graph.parse_point("ab").unwrap()];
        let p = s.validate(&TargetChoice::FromFile).unwrap();
        assert_eq!(p.warnings().len(), 1);
    }

    #[test]
    fn arena_anchors_chains_that_breathe_outside() {
        // White's wall touches open board outside the enclosed region.
        let s = setup(6, 5, &["..XO..", "XXXO..", "OOOO..", "......", "......"]);
        let p = s.validate(&TargetChoice::FromFile).unwrap();
        let l = p.arena().unwrap();
        assert_eq!(l.arena.playable.count_ones(), 6);
        // The black stones next to the immortal white wall are not anchored for black...
        assert_eq!(l.arena.anchor[0], 0);
        // ...and white stones played in the region next to the wall are.
        assert_ne!(l.arena.anchor[1], 0);
        assert_eq!(l.target.count_ones(), 4);
    }
}
