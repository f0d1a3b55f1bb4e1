//! The library's engines as the whole-board analysis uses them, one adapter each: reading a
//! position, the eye-shape analyzer, the region analyzer's fight area, and the exact solver on
//! one local problem. Nothing else in this module reaches below it.

use super::rules::Counting;
use crate::analysis::eye_shapes;
use crate::analysis::potential::{field, FieldRules};
use crate::analysis::regions::{fight_area, partition, Class, RegionRules};
use crate::go::color::ByColor;
use crate::go::graph::Point;
use crate::go::moves::Move;
use crate::go::rules::Color;
use crate::problem::sgf::Game;
use crate::problem::{Input, LoadError, Position, ProblemError, Setup};
use crate::prove::watch::Watch;
use crate::request::SolveRequest;
use crate::solve::answer::Answer;
use crate::solve::answer::Detail;
use crate::solve::budget::Budget;
use crate::solve::degree::SolveError;
use crate::solve::model::Model;
use std::path::Path;

/// A whole-board position as a file gives it: the stones after the record's moves, the komi
/// and the prisoners, and whether the record ended in two passes.
#[derive(Clone, Debug)]
pub struct Board {
    pub position: Position,
    /// The side to move next, when the file says.
    pub to_play: Option<Color>,
    /// The komi (SGF `KM`), when the file gives one.
    pub komi: Option<f64>,
    /// How the game's rules (SGF `RU`) count the score.
    pub counting: Counting,
    /// Stones of each colour captured by the record's moves.
    pub captured: ByColor<usize>,
    /// The game is over: the record's last two moves were passes, or the file holds a final
    /// position (`.game`).
    pub ended: bool,
}

/// Reads the position of a file (SGF, `.game`, or a board problem): after `at_move` moves of
/// its record, or after all of them. A `.game` file holds a final position: the game is over.
pub fn load(path: &Path, at_move: Option<usize>) -> Result<Board, LoadError> {
    let input = Input::only(path)?;
    let label = input.label.clone();
    let game = input.game()?;
    let final_position = path.extension().is_some_and(|e| e == "game");
    board(game, at_move, final_position).map_err(|source| LoadError::Problem {
        file: label,
        source,
    })
}

/// The position of a game as read: after `at_move` moves of its record, or after all of them;
/// `ended` says the game is over whatever the record's end.
pub fn board(game: Game, at_move: Option<usize>, ended: bool) -> Result<Board, ProblemError> {
    let mut setup = game.setup;
    let played = at_move.unwrap_or(game.moves.len());
    let count = |s: &Setup| [s.black.len(), s.white.len()];
    let before = count(&setup);
    setup.play_moves(&game.moves, played)?;
    let after = count(&setup);
    let moves = &game.moves[..played.min(game.moves.len())];
    // A colour's stones captured: those it had and played, less those left.
    let captured = ByColor::from_fn(|c| {
        let placed = moves
            .iter()
            .filter(|m| m.0 == c && m.1 != Move::Pass)
            .count();
        before[c.index()] + placed - after[c.index()]
    });
    let passed = moves.len() >= 2 && moves[moves.len() - 2..].iter().all(|m| m.1 == Move::Pass);
    let stones = setup.stones()?;
    Ok(Board {
        position: Position::new(setup.graph.clone(), stones),
        to_play: setup.to_play,
        komi: game.komi,
        counting: Counting::for_rules(game.rules.as_deref()),
        captured,
        ended: passed || ended,
    })
}

/// What the eye-shape analyzer says of the stone on each point (its group's status), the
/// groups it has not read in full when a limit of `watch` passes unsettled.
pub(crate) fn eye_status(position: &Position, watch: &Watch) -> Vec<Option<eye_shapes::Status>> {
    let g = position.graph();
    let stones: Vec<Option<Color>> = g.points().map(|p| position.stone(p)).collect();
    let mut status = vec![None; g.len()];
    for group in eye_shapes::of_board_within(g, &stones, watch).groups {
        for s in group.stones {
            status[s.index()] = Some(group.status);
        }
    }
    status
}

/// The region analyzer's view of a fight over `target`, by distance from the living stones
/// (those of `position` not declared dead): the target's own region (the points nearer to
/// its colour's stones than to the other's, around its stones), and its fight area (that
/// region with the contested points around it, widened by `margin` lines).
pub(crate) fn area(position: &Position, target: &[Point], margin: u32) -> (Vec<Point>, Vec<Point>) {
    let rules = RegionRules::distance();
    let part = partition(position, &rules);
    let mut own: Vec<Point> = target
        .iter()
        .filter_map(|t| part.region_of[t.index()])
        .flat_map(|r| part.regions[r].points.iter().copied())
        .collect();
    own.sort();
    own.dedup();
    (own, fight_area(position, target, &rules, margin))
}

/// Who controls each point no living stone stands on, `dead` taken off the board: the colour
/// toward which both the potential field (Yajima) and the region analyzer (Tajima and
/// Sanechika) lean. `None` where they disagree or neither leans (a point both sides reach
/// alike), and everywhere on a board that is not square (the field needs one).
pub(crate) fn control(position: &Position, dead: &[Point]) -> Vec<Option<Color>> {
    let position = position.clone().with_dead_at(dead);
    let g = position.graph();
    let Ok(field) = field(&position, &FieldRules::default()) else {
        return vec![None; g.len()];
    };
    let part = partition(&position, &RegionRules::default());
    g.points()
        .map(|p| {
            let v = field.value(p);
            let by_field = if v > 0.0 {
                Some(Color::Black)
            } else if v < 0.0 {
                Some(Color::White)
            } else {
                None
            };
            let by_region = match part.class[p.index()] {
                Class::Area(c, _) => Some(c),
                _ => None,
            };
            by_field.filter(|c| by_region == Some(*c))
        })
        .collect()
}

/// The potential field (Yajima) of the living stones of `position`, Black positive, by point;
/// `None` on a board that is not square (the field needs one).
pub(crate) fn potential(position: &Position) -> Option<Vec<f64>> {
    let field = field(position, &FieldRules::default()).ok()?;
    Some(position.graph().points().map(|p| field.value(p)).collect())
}

/// A local problem solved, or why it was not.
pub(crate) enum Solve {
    Answer(Box<Answer>),
    /// The fight is too large for the solver's arena.
    TooLarge,
    /// A limit stopped the solve before the life degree was known.
    Stopped(SolveError),
}

/// Solves the fight over `target` (stones of one colour) played in `area`, every point
/// outside it the attacker's, with `walls` (stones of groups taken to live) uncapturable.
pub(crate) fn solve(
    position: &Position,
    target: &[Point],
    area: &[Point],
    walls: &[Point],
    model: &Model,
    budget: &Budget,
) -> Solve {
    let g = position.graph();
    let mut setup = Setup::new(g.clone());
    for p in g.points() {
        match position.stone(p) {
            Some(Color::Black) => setup.black.push(p),
            Some(Color::White) => setup.white.push(p),
            None => {}
        }
    }
    let problem = match setup.fight(target, area, walls) {
        Ok(p) => p,
        Err(_) => return Solve::TooLarge,
    };
    // The values and the starts' grades decide a group: its first moves' grades are not
    // worked out.
    let request = SolveRequest::new()
        .model(model.clone())
        .budget(budget.clone())
        .detail(Detail::Answer);
    match request.solve_problem(&problem) {
        Ok(solution) => Solve::Answer(Box::new(solution.answer)),
        Err(SolveError::Problem(_)) => Solve::TooLarge,
        Err(e) => Solve::Stopped(e),
    }
}
