//! The JSON record of one solved problem, one line each: what `--json` prints (the fields
//! are a contract: docs/usage.md, "JSON").

use super::fraction;
use crate::go::graph::Graph;
use crate::go::moves::Move;
use crate::problem::{AttackerBy, KeptBy, Look, Place, Problem, Scope, ScopeTried, TargetBy};
use crate::solve::answer::{Answer, Opening, Stats};
use serde::Serialize;

/// One problem's JSON record (the fields are a contract: see docs/usage.md, "JSON").
#[derive(Serialize, Debug, PartialEq)]
pub struct Record {
    pub file: String,
    pub defender: &'static str,
    pub target: Vec<String>,
    pub region: usize,
    pub life_degree: String,
    pub black_first: OpeningRecord,
    pub white_first: OpeningRecord,
    pub states: usize,
    pub chance_nodes: usize,
    pub largest_system: usize,
    pub no_result_used: bool,
    /// The limit that stopped the solve once both starts' values were known, some first
    /// moves left `undecided`; absent when the solve finished.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
    /// What was inferred from a book diagram; absent when the problem was not framed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub framing: Option<FramingRecord>,
    /// The area a whole board's fight was read in; absent when the problem gave its own.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fight_area: Option<FightAreaRecord>,
}

/// The area a whole board's fight was read in, and every area tried, narrowest first.
#[derive(Serialize, Debug, PartialEq)]
pub struct FightAreaRecord {
    /// `own`, `near` or `wide` ([`Scope`]).
    pub scope: Scope,
    /// Each area read: its scope, its empty points, and `answered`, `stopped` or `too_large`.
    pub tried: Vec<ScopeTried>,
}

/// How a book diagram was read ([`crate::problem::Framing`]).
#[derive(Serialize, Debug, PartialEq)]
pub struct FramingRecord {
    /// Always `auto`: inferred, not marked.
    pub mode: &'static str,
    pub place: Place,
    pub position: String,
    pub attacker: &'static str,
    pub defender: &'static str,
    pub attacker_by: AttackerBy,
    pub target: Vec<String>,
    pub region_size: usize,
    /// The defender's stones on the open side, its uncapturable strength outside (rule 7).
    pub outside_strength: Vec<String>,
    /// How the target was chosen: `group` (rule 5) or `largest_chain` (rule 6).
    pub target_by: TargetBy,
    /// `first`, or `again`: a second look with more room (rule 8).
    pub look: Look,
    /// Each reading tried, in order (`black defends`, `white defends its largest chain`,
    /// `black defends with more room`).
    pub tried: Vec<String>,
    /// Why the reading was kept: `hangs_outright`, `hangs`, `more_room` or `first_answered`
    /// (null where the problem was loaded without solving its readings).
    pub kept_by: Option<KeptBy>,
}

impl FramingRecord {
    fn new(problem: &Problem, target: &[String]) -> Option<FramingRecord> {
        let f = problem.framing()?;
        Some(FramingRecord {
            mode: "auto",
            place: f.place,
            position: f.position.to_string(),
            attacker: problem.attacker().name(),
            defender: problem.defender().name(),
            attacker_by: f.attacker_by,
            target: target.to_vec(),
            region_size: problem.region().len(),
            outside_strength: problem
                .walls()
                .iter()
                .map(|&p| problem.graph().label(p))
                .collect(),
            target_by: f.target_by,
            look: f.look,
            tried: f.tried.iter().map(ToString::to_string).collect(),
            kept_by: f.kept_by,
        })
    }
}

#[derive(Serialize, Debug, PartialEq)]
pub struct OpeningRecord {
    pub value: String,
    /// The threats each side needs, in GoTools' notation (`l`, `d`, `l1d`, `d>10l`…).
    pub grade: String,
    pub best: Vec<String>,
    pub moves: Vec<MoveRecord>,
}

#[derive(Serialize, Debug, PartialEq)]
pub struct MoveRecord {
    #[serde(rename = "move")]
    pub mv: String,
    pub value: String,
    /// The grade of the position the move leads to; `null` where it was not counted (a reader
    /// then has the value alone to go by).
    pub grade: Option<String>,
}

/// A first move by its SGF name (`pd`), or `pass`: how the JSON names moves.
pub fn sgf_move(g: &Graph, m: Move) -> String {
    match m {
        Move::Play(p) => g.sgf_name(p),
        Move::Pass => "pass".to_string(),
    }
}

fn opening_record(g: &Graph, o: &Opening) -> OpeningRecord {
    OpeningRecord {
        value: fraction(&o.value),
        grade: o.grade.to_string(),
        best: o.best().map(|m| sgf_move(g, m)).collect(),
        moves: o
            .moves
            .iter()
            .map(|m| MoveRecord {
                mv: sgf_move(g, m.first),
                value: m.value.to_string(),
                grade: m.grade.strength().map(|_| m.grade.to_string()),
            })
            .collect(),
    }
}

impl Record {
    pub fn new(file: &str, problem: &Problem, answer: &Answer, stats: &Stats) -> Record {
        let g = problem.graph();
        let mut target: Vec<String> = problem.target().iter().map(|&p| g.sgf_name(p)).collect();
        target.sort();
        Record {
            file: file.to_string(),
            defender: problem.defender().name(),
            target: target.clone(),
            region: problem.region().len(),
            life_degree: fraction(&answer.value),
            black_first: opening_record(g, &answer.black_first),
            white_first: opening_record(g, &answer.white_first),
            states: stats.states,
            chance_nodes: stats.chance_nodes,
            largest_system: stats.largest_system,
            no_result_used: answer.no_result_used,
            stopped: answer.stopped.map(|l| l.to_string()),
            framing: FramingRecord::new(problem, &target),
            fight_area: problem.scope().map(|scope| FightAreaRecord {
                scope,
                tried: problem.scopes_tried().to_vec(),
            }),
        }
    }

    pub fn to_json_line(&self) -> String {
        serde_json::to_string(self).expect("records serialise")
    }
}
