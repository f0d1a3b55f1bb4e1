//! Setups: what a file says, unchecked, and its validation into problems (the position
//! checked, the target and the region settled); the moves of a game record played on it.

use super::{
    text, Framing, FullBoard, IllegalRecordMove, Outside, Problem, ProblemError, RegionSource,
    Warning,
};
use crate::go::graph::{Graph, Point, PointName};
use crate::go::moves::Move;
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
pub type RecordMove = (Color, Move);

/// How to choose the target when the file does not, or should not, decide.
#[derive(Clone, Debug, Default)]
pub enum TargetChoice {
    /// The file's marks, else inference.
    #[default]
    FromFile,
    /// The group through this point.
    At(PointName),
    /// The chains through these points, all of one colour.
    Chains(Vec<PointName>),
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
        for (i, &(color, played)) in moves[..count].iter().enumerate() {
            let Move::Play(p) = played else { continue };
            let illegal = |why| ProblemError::IllegalRecordMove {
                number: i + 1,
                color,
                point: self.graph.name(p),
                why,
            };
            if stones[p.index()].is_some() {
                return Err(illegal(IllegalRecordMove::Occupied));
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
                return Err(illegal(IllegalRecordMove::Suicide));
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
                return Err(ProblemError::BothColours(graph.name(p)));
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
                    return Err(ProblemError::NoLiberty(c, graph.name(p)));
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
        let stone_at = |name: &PointName| {
            let p = name
                .on(&self.graph)
                .ok_or_else(|| ProblemError::BadTargetPoint(name.clone()))?;
            match stones[p.index()] {
                Some(_) => Ok(p),
                None => Err(ProblemError::TargetEmpty(self.graph.name(p))),
            }
        };
        let target = match choice {
            TargetChoice::At(name) => board.group(stone_at(name)?),
            TargetChoice::Chains(names) => {
                let points = names.iter().map(stone_at).collect::<Result<Vec<_>, _>>()?;
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

    /// A whole board's fight as the caller chose it: the chains through `target` (stones of
    /// one colour) fought in `region`, every point outside it the attacker's
    /// ([`RegionSource::Analyzer`]), with `walls` uncapturable and the attacker's chains short
    /// of liberties taken in ([`Problem::with_walls`]). The walls are set before the arena is
    /// checked: without them, the chains around a fight on a full board may reach far.
    pub fn fight(
        self,
        target: &[Point],
        region: &[Point],
        walls: &[Point],
    ) -> Result<Problem, ProblemError> {
        let stones = self.stones()?;
        let board = FullBoard {
            graph: &self.graph,
            stones: &stones,
        };
        let target = board.marked_target(target)?;
        let mut r: BTreeSet<Point> = region.iter().copied().collect();
        r.extend(target.iter().copied());
        let settled = (
            r.into_iter().collect(),
            RegionSource::AroundStones,
            Outside::AttackerWall,
        );
        // Not checked against the arena's size here (`AroundStones`): `with_walls` checks it.
        let mut problem = self.problem(stones, target, settled, None)?;
        problem.region_source = RegionSource::Analyzer;
        problem.with_walls(walls)
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
            scope: None,
            scopes_tried: Vec::new(),
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
        // book's (framing/): Black, in the corner, defends, and the fight stays in the
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
            ProblemError::NoLiberty(Color::Black, "A3".parse().unwrap())
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
