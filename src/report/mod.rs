//! Reports: the text a person reads and the JSON Lines a program reads (here), pictures of
//! problems and answers ([`picture`]), the optimal lines of play as SGF and numbered diagrams
//! ([`lines`]), one HTML page to explore them ([`page`]), the state graph as
//! Graphviz DOT ([`dot`]), line charts ([`chart`]) and progress bars ([`progress`]); the
//! whole-board analyses as text boards and pictures ([`potential`], [`regions`], drawn with
//! [`board_text`]), and every group of a whole board ([`groups`]).
//!
//! May use the layers below it ([`crate::go`] to [`crate::solve`]); never the study layer.

pub mod board_text;
pub mod chart;
pub mod dot;
pub mod groups;
pub mod lines;
pub mod page;
pub mod picture;
pub mod potential;
pub mod progress;
pub mod regions;

use crate::go::graph::Graph;
use crate::problem::{AttackerBy, Framing, KeptBy, Look, Place, Problem, TargetBy, Warning};
use crate::solve::degree::{FirstMove, LifeDegree, MoveAnswer, MoveValue, Opening};
use crate::solve::model::Value;
use num_traits::{Signed, ToPrimitive};
use serde::Serialize;
use std::fmt::Write;

/// Text from a file made safe to print (it moved to [`crate::problem`], which names files).
pub use crate::problem::printable;

/// A value as a reduced fraction: "1", "0", "7/12".
pub fn fraction(v: &Value) -> String {
    v.to_string()
}

/// A value as a decimal, for people.
pub fn decimal(v: &Value) -> f64 {
    v.to_f64().unwrap_or(f64::NAN)
}

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
            position: f.position.clone(),
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
pub fn sgf_move(g: &Graph, m: FirstMove) -> String {
    match m {
        FirstMove::Play(p) => g.sgf_name(p),
        FirstMove::Pass => "pass".to_string(),
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
    pub fn new(file: &str, problem: &Problem, answer: &LifeDegree) -> Record {
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
            states: answer.states,
            chance_nodes: answer.chance_nodes,
            largest_system: answer.largest_system,
            no_result_used: answer.no_result_used,
            stopped: answer.stopped.map(|l| l.to_string()),
            framing: FramingRecord::new(problem, &target),
        }
    }

    pub fn to_json_line(&self) -> String {
        serde_json::to_string(self).expect("records serialise")
    }
}

/// The warnings of a problem as sentences.
pub fn warnings(problem: &Problem) -> Vec<String> {
    let g = problem.graph();
    let names = |points: &[crate::go::graph::Point]| {
        points
            .iter()
            .map(|&p| g.label(p))
            .collect::<Vec<_>>()
            .join(" ")
    };
    problem
        .warnings()
        .iter()
        .map(|w| match w {
            Warning::TargetLibertyOutside(points) => format!(
                "warning: the target has liberties outside the region ({}), so it can never be captured there",
                names(points)
            ),
            Warning::UnsettledChainsFixed(points) => format!(
                "warning: chains next to the fight that the eye-shape analyzer does not call alive are left uncapturable, having more than {} liberties or making the fight too large ({})",
                crate::problem::TAKEN_IN_LIBERTIES,
                names(points)
            ),
            Warning::MarksCaptured(points) => format!(
                "warning: target marks on stones captured by the moves played are dropped ({})",
                names(points)
            ),
        })
        .collect()
}

fn opening_line(g: &Graph, o: &Opening, defender: crate::go::rules::Color) -> String {
    // A best move's grade is shown where it is not its opening's.
    let mut best: Vec<String> = o
        .moves
        .iter()
        .filter(|m| m.value.exact() == Some(&o.value))
        .map(|m| {
            if m.grade == o.grade {
                m.first.label(g)
            } else {
                format!("{} {}", m.first.label(g), m.grade)
            }
        })
        .collect();
    for (left, why) in [
        (MoveValue::Unexamined, "not examined"),
        (MoveValue::Undecided, "undecided"),
    ] {
        if let n @ 1.. = o.count(&left) {
            best.push(format!("({n} other moves {why})"));
        }
    }
    let mut others: Vec<&MoveAnswer> = o
        .moves
        .iter()
        .filter(|m| {
            m.value.exact() != Some(&o.value)
                && !matches!(m.value, MoveValue::Unexamined | MoveValue::Undecided)
        })
        .collect();
    // Closest to the best first: the moves a player would consider next; bounded ones last.
    let distance = |v: &MoveValue| v.exact().map(|v| (v - &o.value).abs());
    others.sort_by(|a, b| {
        let (da, db) = (distance(&a.value), distance(&b.value));
        (da.is_none(), da)
            .cmp(&(db.is_none(), db))
            .then(a.first.cmp(&b.first))
    });
    const SHOWN: usize = 6;
    let mut rest: Vec<String> = others
        .iter()
        .take(SHOWN)
        .map(|m| format!("{} {} {}", m.first.label(g), m.value, m.grade))
        .collect();
    if others.len() > SHOWN {
        rest.push("…".to_string());
    }
    let mut line = format!(
        "  {} first  {:<7} ({})   best: {}",
        o.side.title(),
        fraction(&o.value),
        o.grade.describe(defender),
        best.join(" ")
    );
    if !rest.is_empty() {
        write!(line, "   ({})", rest.join(", ")).expect("string");
    }
    line
}

/// What framing a book diagram inferred, for people.
fn framing_line(problem: &Problem, f: &Framing) -> String {
    let place = match f.place {
        Place::Corner => "corner",
        Place::Side => "side",
        Place::Centre => "centre",
    };
    // The other colour's readings may have been passed over for want of an answer (a
    // limit) rather than because nothing hung on them.
    let mut others = f
        .tried
        .iter()
        .filter(|t| t.reading.defender != problem.defender())
        .peekable();
    let unanswered = others.peek().is_some() && others.all(|t| !t.answered);
    let why = match f.attacker_by {
        AttackerBy::OtherReading if unanswered => "the other reading got no answer",
        by => by.describe(),
    };
    let mut line = format!(
        "framing: auto ({place}, {}); attacker {} ({why})",
        f.position,
        problem.attacker().name(),
    );
    if f.tried.len() > 1 {
        let tried: Vec<String> = f.tried.iter().map(ToString::to_string).collect();
        write!(line, "; readings tried: {}", tried.join(", ")).expect("string");
        if let Some(by) = f.kept_by {
            write!(line, "; kept: {} ({})", problem.reading(), by.describe()).expect("string");
        }
    }
    line
}

/// The text report for one problem.
pub fn text(file: &str, problem: &Problem, answer: &LifeDegree) -> String {
    let g = problem.graph();
    let target = problem.target();
    const LISTED: usize = 8;
    let mut names: Vec<String> = target.iter().take(LISTED).map(|&p| g.label(p)).collect();
    if target.len() > LISTED {
        names.push("…".to_string());
    }
    let mut out = String::new();
    let stones = if target.len() == 1 { "stone" } else { "stones" };
    writeln!(
        out,
        "{file}  target: {}, {} {stones} ({})   region: {} points ({})",
        problem.defender().name(),
        target.len(),
        names.join(" "),
        problem.region().len(),
        problem.region_source().describe()
    )
    .expect("string");
    if let Some(c) = problem.comment() {
        let first = printable(c.lines().next().unwrap_or(""));
        writeln!(out, "  {first}").expect("string");
    }
    if let Some(f) = problem.framing() {
        writeln!(out, "  {}", framing_line(problem, f)).expect("string");
    }
    let walls = problem.walls_met();
    if !walls.is_empty() {
        let names: Vec<String> = walls.iter().map(|&p| g.label(p)).collect();
        let why = match problem.framing() {
            Some(_) => "the defender's stones on the open side, its strength outside",
            None => "called alive by the eye-shape analyzer",
        };
        writeln!(out, "  walls ({why}): {}", names.join(" ")).expect("string");
    }
    for w in warnings(problem) {
        writeln!(out, "  {w}").expect("string");
    }
    writeln!(
        out,
        "  life degree  {} ≈ {:.3}   (turn undetermined)",
        fraction(&answer.value),
        decimal(&answer.value)
    )
    .expect("string");
    for o in [&answer.black_first, &answer.white_first] {
        writeln!(out, "{}", opening_line(g, o, problem.defender())).expect("string");
    }
    if let Some(c) = problem.to_play() {
        writeln!(out, "  the problem says {} to play", c.title()).expect("string");
    }
    if answer.no_result_used {
        writeln!(out, "  endless play (no result) decided some values").expect("string");
    }
    let mut bounded = String::new();
    if answer.bounded_moves > 0 {
        let n = answer.bounded_moves;
        write!(bounded, "; {n} first moves only shown worse than the best").expect("string");
    }
    if let (n @ 1.., Some(c)) = (answer.unexamined_moves, problem.to_play()) {
        let other = c.other().title();
        write!(bounded, "; {n} first moves of {other} not examined").expect("string");
    }
    if !bounded.is_empty() {
        bounded.push_str(" (--exact-moves solves them)");
    }
    if let Some(limit) = answer.stopped {
        let undecided = |o: &Opening| o.count(&MoveValue::Undecided);
        write!(
            bounded,
            "; stopped at {limit} with the starts' values proven, {} first moves undecided ({} to decide them)",
            undecided(&answer.black_first) + undecided(&answer.white_first),
            limit.how_to_raise()
        )
        .expect("string");
    }
    writeln!(
        out,
        "  {} states ({} ended by static analysis, {} by bounds{}{bounded}), {} chance nodes, largest exact system {} unknowns, {} ms",
        answer.states,
        answer.static_ended,
        answer.bounds_ended,
        match answer.unexpanded {
            0 => String::new(),
            n => format!(", {n} left unexpanded"),
        },
        answer.chance_nodes,
        answer.largest_system,
        answer.elapsed.as_millis()
    )
    .expect("string");
    out
}
