//! Why a setup is not a problem.

use crate::go::graph::PointName;

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
    #[error("cannot tell which group is the target ({0}); mark it (SGF TR, board problem `target`) or name one of its stones")]
    AmbiguousTarget(String),
    #[error("no enclosed group to take as the target; mark it (SGF TR, board problem `target`) or name one of its stones")]
    NoTarget,
    #[error("target stone {0}: not a point of the board")]
    BadTargetPoint(PointName),
    #[error("target stone {0}: an empty point")]
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
    #[error("the position after move {0} asked for: the record has only {1} moves")]
    PastTheRecord(usize, usize),
}
