//! Why a setup is not a problem.

use crate::go::graph::PointName;
use crate::go::rules::Color;

/// Why a setup is not a problem. Points are named as the board names them (`C3`).
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ProblemError {
    #[error("point {0} holds both a black and a white stone")]
    BothColours(PointName),
    #[error("the {} chain at {} has no liberty: the position is illegal", .0.name(), .1)]
    NoLiberty(Color, PointName),
    #[error("target mark at {0} is on an empty point")]
    MarkOnEmpty(PointName),
    #[error("the target marks cover stones of both colours ({0} and {1})")]
    MixedTarget(PointName, PointName),
    #[error("no stones to solve")]
    NoStones,
    /// Two groups, each named by a stone, are equally the target.
    #[error("cannot tell which group is the target ({0} or {1}); mark it (SGF TR, board problem `target`) or name one of its stones")]
    AmbiguousTarget(PointName, PointName),
    #[error("no enclosed group to take as the target; mark it (SGF TR, board problem `target`) or name one of its stones")]
    NoTarget,
    #[error("target stone {0}: not a point of the board")]
    BadTargetPoint(PointName),
    #[error("target stone {0}: an empty point")]
    TargetEmpty(PointName),
    #[error("the fight spans {size} points; the solver handles at most {limit} (mark a smaller region: SGF SQ, board problem `region`)")]
    RegionTooLarge { size: usize, limit: usize },
    #[error("move {number} ({} {point}) is illegal: {why}", .color.name())]
    IllegalRecordMove {
        number: usize,
        color: Color,
        point: PointName,
        why: IllegalRecordMove,
    },
    #[error("the position after move {0} asked for: the record has only {1} moves")]
    PastTheRecord(usize, usize),
}

/// Why a game record's move cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalRecordMove {
    #[error("the point is occupied")]
    Occupied,
    #[error("suicide")]
    Suicide,
}
