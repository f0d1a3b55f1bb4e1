//! Every group on a whole board: its status (alive, dead, seki, or unsettled), its life degree
//! and grade where its fight was solved, and how it was decided; at a game's end, the dead
//! stones, the neutral points, the territory and the score.
//!
//! The steps, each in its file:
//! * `groups.rs` splits the board into groups: chains joined where they cannot be cut;
//! * `settle.rs` settles each group: statically where the eye-shape analyzer (with Benson's
//!   test and its reading) judges it alive, else by solving its fight exactly as a local
//!   problem, in an area the region analyzer chooses; a group read dead whoever moves first is
//!   read again with more room before it is called dead. What no solve settles is left
//!   unsettled with the reason (its fight too large, or a limit); at a game's end a group
//!   captured only by a snapback is read again after the recapture (Article 7-1);
//! * `seki.rs` marks the groups in seki;
//! * `sphere.rs`, at a game's end, judges dead the groups no solve settled that stand in the
//!   opponent's sphere with fewer than two eyes and little room: a judgement, reported as one;
//! * `ending.rs` reads the end of a game off the statuses: dead stones, neutral points,
//!   territory (and the eyes of groups in seki, which territory counting leaves out), the open
//!   points each side controls, and the score by area and by territory;
//!   `rules.rs` says which of the two counts the game's rules use;
//! * `engine.rs` is the one place that reaches the library's engines (reading a position, the
//!   eye-shape analyzer, the region analyzer, the exact solver).
//!
//! **What a status rests on.** During the game, a group called dead was solved dead whoever
//! moves first, whatever the ko threats, in its area and again in a larger one, every point
//! outside the area the attacker's and the groups taken to live uncapturable walls: the exact
//! answer of that local game. At the game's end ([`Stage::GameEnd`]) it was solved dead with
//! the attacker moving first and no ko threats, again in a larger area: the confirmation play
//! of the Japanese rules of 1989, in which a ko is retaken only after a pass
//! (docs/game-end.md); a fight whoever moves first wins between two such groups is left open,
//! as the rules leave it. No group is called dead that no living enemy stone borders (the
//! touching fights' fixpoint, `settle.rs`). At the game's end only, a group no solve settled
//! may also be judged dead without a proof, when it stands in the opponent's sphere with fewer
//! than two eyes and little room (`sphere.rs`): its reason ([`How::Judged`]) says so. A group
//! called alive was solved alive with the attacker moving first, or judged alive statically
//! by the eye-shape analyzer: Benson's unconditional life (a proof), or two eyes by its eye
//! shapes (a judgement, which agrees with the exact solver on every
//! group of that analyzer's test sets, docs/benchmarks.md). The area is the judgement a player
//! makes too (who owns the outside); where it matters, the report says which fights touch.
//!
//! May use [`crate::go`], [`crate::problem`], [`crate::prove`], [`crate::analysis`],
//! [`crate::solve`] and [`crate::request`].

pub(crate) mod ending;
mod engine;
pub(crate) mod groups;
mod recapture;
mod rules;
mod seki;
mod settle;
mod sphere;

pub use ending::{Ending, Score};
pub use engine::{board, load, Board};
pub use rules::Counting;
use settle::settle;
pub use settle::{Options, MAX_EMPTY};

use crate::go::color::ByColor;
use crate::go::graph::Point;
use crate::go::rules::Color;
use crate::problem::{LoadError, Position};
use crate::prove::watch::Limit;
use crate::request::in_order::in_order;
use crate::solve::grade::Grade;
use crate::solve::model::Value;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// A position analysed: every group, and at a game's end the dead stones and the count.
#[derive(Clone, Debug)]
pub struct SettledBoard {
    pub board: Board,
    pub statuses: Statuses,
    /// The end of the game, when asked for or when the record ended in two passes.
    pub ending: Option<Ending>,
    /// The wall time the analysis took.
    pub elapsed: Duration,
}

/// When a position is read: during the game, or at its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// During the game: a group is dead only when it dies whoever moves first.
    DuringGame,
    /// At the game's end (both passed, or a final position): statuses are confirmation
    /// play's, the opponent moving first (docs/game-end.md), and the end is read off them.
    GameEnd,
}

/// Settles every group of a board; at [`Stage::GameEnd`] (or when `board.ended` says the game
/// is over) by the rules of the game's end, and reads the end of the game off them as well.
pub fn settle_board(board: Board, stage: Stage, options: &Options) -> SettledBoard {
    let start = Instant::now();
    let options = Options {
        budget: options.budget.clone().since(start),
        ..options.clone()
    };
    let stage = if board.ended { Stage::GameEnd } else { stage };
    let mut statuses = settle(&board.position, stage, &options);
    if stage == Stage::GameEnd {
        sphere::judge(&board.position, &mut statuses);
    }
    let ending = (stage == Stage::GameEnd).then(|| {
        ending::ending(
            &board.position,
            &statuses,
            board.komi.unwrap_or(0.0),
            board.captured,
            board.counting,
        )
    });
    SettledBoard {
        board,
        statuses,
        ending,
        elapsed: start.elapsed(),
    }
}

/// Loads and settles each file (`at_move` and `stage` as for [`load`] and [`settle_board`]) on
/// all cores, one position a core, and hands each result to `emit` in the order given, as
/// soon as it and all before it are done.
pub fn settle_board_files(
    paths: &[PathBuf],
    at_move: Option<usize>,
    stage: Stage,
    options: &Options,
    mut emit: impl FnMut(&Path, Result<SettledBoard, LoadError>),
) {
    let settle_one = |path: &PathBuf| load(path, at_move).map(|b| settle_board(b, stage, options));
    let workers = rayon::current_num_threads();
    in_order(paths.iter().collect(), workers, settle_one, |i, found| {
        emit(&paths[i], found)
    });
}

/// What a group is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Alive,
    Dead,
    /// Alive without two eyes, sharing liberties with an enemy group that lives the same way.
    Seki,
    /// Not settled: who moves first, or a ko, decides; or no solve said (see [`How`]).
    Unsettled,
}

/// What decides an unsettled group.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Decides {
    /// Whoever moves first: the defender first lives, the attacker first kills.
    FirstMover,
    /// A ko: a start's value lies strictly between 0 and 1.
    Ko,
    /// Play that never ends (a cycle with no ko threat in it, as in "sending two, returning
    /// one"): its value, the model's no-result value, decided it.
    NoResult,
    /// At a game's end, a fight with an enemy group in which whoever moves first captures the
    /// other: confirmation play, the opponent moving first, would call both dead, which
    /// cannot both be; the rules leave it to the players, and so does the analysis.
    MutualFight,
}

/// How a group's status was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum How {
    /// Statically: the eye-shape analyzer judges it alive (two eyes, or Benson's
    /// unconditional life).
    Static,
    /// Its fight was solved exactly, in an area of this many empty points (the first look's),
    /// with this life degree and these threat grades (each colour's, moving first).
    Solved {
        empty: usize,
        second: SecondLook,
        life_degree: Value,
        grades: ByColor<Grade>,
    },
    /// Its fight has more empty points than the solver is asked to read.
    TooLarge { empty: usize },
    /// Its territory (the empty points next to it that only its colour borders) is larger
    /// than any eye space: too large a fight to read.
    Territory { empty: usize },
    /// A limit stopped its solve (the time limit, mostly).
    Stopped(Limit),
    /// At a game's end, judged dead without a solve: it stands in the opponent's sphere with
    /// this many eyes (fewer than two) and this much room to make them in (`sphere.rs`). A
    /// judgement, not a proof.
    Judged { eyes: usize, room: usize },
}

/// The second look with more room, made where the first read a group dead whoever moves
/// first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SecondLook {
    /// Not needed: the first look did not read the group dead whoever moves first.
    NotNeeded,
    /// Made, in an area of this many empty points: its answer is the one reported.
    Made { empty: usize },
    /// Not made, its area having this many empty points, more than a fight is read with: the
    /// first look stands.
    TooLarge { empty: usize },
    /// Stopped by a limit: the first look stands.
    Stopped(Limit),
}

/// What a group is, with what each status carries: only an unsettled group has a reason
/// (see [`Status`] for the plain status).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    Alive,
    Dead,
    /// Alive without two eyes, sharing liberties with an enemy group that lives the same way.
    Seki,
    /// Not settled: what decides it, where its solve said; `None` where no solve did (too
    /// large, stopped, or read dead with nothing living around it to capture it).
    Unsettled(Option<Decides>),
}

impl Standing {
    /// The plain status.
    pub fn status(self) -> Status {
        match self {
            Standing::Alive => Status::Alive,
            Standing::Dead => Status::Dead,
            Standing::Seki => Status::Seki,
            Standing::Unsettled(_) => Status::Unsettled,
        }
    }

    /// What decides an unsettled group, where its solve said.
    pub fn decides(self) -> Option<Decides> {
        match self {
            Standing::Unsettled(decides) => decides,
            Standing::Alive | Standing::Dead | Standing::Seki => None,
        }
    }
}

/// One group and what is known of it: its standing, and how it was found (with the life
/// degree and grades where a solve found it, [`How::Solved`]).
#[derive(Clone, Debug)]
pub struct Settled {
    pub color: Color,
    /// Its stones, sorted.
    pub stones: Vec<Point>,
    pub standing: Standing,
    pub how: How,
    /// The area its fight was played in (empty for a group settled statically).
    pub area: Vec<Point>,
}

impl Settled {
    /// The plain status: alive, dead, seki or unsettled.
    pub fn status(&self) -> Status {
        self.standing.status()
    }

    /// What decides an unsettled group, where its fight was solved.
    pub fn decides(&self) -> Option<Decides> {
        self.standing.decides()
    }

    /// The life degree, where the fight was solved.
    pub fn life_degree(&self) -> Option<&Value> {
        match &self.how {
            How::Solved { life_degree, .. } => Some(life_degree),
            _ => None,
        }
    }

    /// The threat grades with Black first and with White first, where solved.
    pub fn grades(&self) -> Option<ByColor<Grade>> {
        match &self.how {
            How::Solved { grades, .. } => Some(*grades),
            _ => None,
        }
    }
}

/// Every group of a position, and what the analysis warns about.
#[derive(Clone, Debug)]
pub struct Statuses {
    pub groups: Vec<Settled>,
    /// Pairs of groups (indices into [`Statuses::groups`]) whose fights share points: their
    /// answers are not independent.
    pub touching: Vec<(usize, usize)>,
}

impl Statuses {
    /// The groups called dead that no living stone of the other colour borders: the dead
    /// stones next to them, or around the area they stand in, are all the other colour's dead
    /// stones. An answer never holds one (the touching fights' fixpoint, `settle.rs`).
    pub fn contradictions(&self, position: &Position) -> Vec<usize> {
        settle::contradicted(position, &self.groups)
    }

    /// The stones of the groups called dead, sorted.
    pub fn dead(&self) -> Vec<Point> {
        self.stones_with(Status::Dead)
    }

    /// The stones of the groups with this status, sorted.
    pub fn stones_with(&self, status: Status) -> Vec<Point> {
        let mut out: Vec<Point> = self
            .groups
            .iter()
            .filter(|g| g.status() == status)
            .flat_map(|g| g.stones.iter().copied())
            .collect();
        out.sort();
        out
    }
}
