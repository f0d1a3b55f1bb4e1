//! The text report a person reads: the problem, its life degree, each opening with its best
//! and other first moves, and the work done.

use super::{decimal, fraction};
use crate::go::graph::Graph;
use crate::problem::{
    printable, AttackerBy, Framing, Place, Problem, Scope, ScopeReading, Warning,
};
use crate::prove::watch::Limit;
use crate::solve::answer::{Answer, MoveAnswer, MoveValue, Opening, Stats};
use num_traits::Signed;
use std::fmt::Write;

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
            Warning::TextNamesBothDefenders => "warning: the text says both Black and White are to live (or both to die), so it names no defender: the diagram decides".to_string(),
            Warning::ToPlayDiffers { file, text } => format!(
                "warning: the text says {} to play, the file (PL) {}: {} moves first",
                text.title(),
                file.title(),
                file.title()
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

/// How a reader goes further, in the words of whoever shows the report: the library speaks
/// of the budget and the shortcuts ([`Settings`]); the command line names its options.
pub trait Advice {
    /// What to do to go further once `limit` has stopped a solve.
    fn raise(&self, limit: Limit) -> String;
    /// What solves exactly the first moves shown only worse than the best, or not examined.
    fn exact_moves(&self) -> String;
}

/// The library's words: the settings of a `SolveRequest` that go further.
#[derive(Clone, Copy, Debug, Default)]
pub struct Settings;

impl Advice for Settings {
    fn raise(&self, limit: Limit) -> String {
        match limit {
            Limit::States(_) => "raise the budget's state limit, or its proof positions so that \
                                 proofs settle more states"
                .to_string(),
            Limit::Time(_) => "raise the budget's time limit".to_string(),
            Limit::Memory(_) => "raise the budget's memory limit".to_string(),
            Limit::Cancelled => "solve this reading alone".to_string(),
        }
    }

    fn exact_moves(&self) -> String {
        "Shortcuts::exact_moves solves them".to_string()
    }
}

/// The text report for one problem, its advice in the words of `advice`.
pub fn report(
    file: &str,
    problem: &Problem,
    answer: &Answer,
    stats: &Stats,
    advice: &dyn Advice,
) -> String {
    let g = problem.graph();
    let mut out = heading(file, problem);
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
        // The text may name another side to live than the one to play: both are kept.
        let lives = match problem.text_defender() {
            Some(d) if d != c => format!(", {} to live", d.title()),
            _ => String::new(),
        };
        writeln!(out, "  the problem says {} to play{lives}", c.title()).expect("string");
    }
    if answer.no_result_used {
        writeln!(out, "  endless play (no result) decided some values").expect("string");
    }
    writeln!(out, "{}", work_line(problem, answer, stats, advice)).expect("string");
    out
}

/// The report's first lines: the target and the region, the problem's text, its framing,
/// walls and warnings.
fn heading(file: &str, problem: &Problem) -> String {
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
    if let Some(scope) = problem.scope() {
        writeln!(out, "  {}", scope_line(problem, scope)).expect("string");
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
    out
}

/// The area a whole board's fight was read in, and the wider ones that gave no answer:
/// `fight read in the group's own space and the points next to it (12 empty points); wider:
/// near (30 empty points) stopped at a limit`.
fn scope_line(problem: &Problem, scope: Scope) -> String {
    let mut line = format!(
        "fight read in {} ({} empty points)",
        scope.describe(),
        problem.empty_points()
    );
    let unread: Vec<String> = problem
        .scopes_tried()
        .iter()
        .filter(|t| t.scope > scope)
        .map(|t| {
            let why = match t.reading {
                ScopeReading::Stopped => "stopped at a limit",
                ScopeReading::TooLarge => "too large",
                ScopeReading::Answered => "answered",
            };
            format!("{} ({} empty points) {why}", t.scope.name(), t.empty_points)
        })
        .collect();
    if !unread.is_empty() {
        write!(line, "; wider: {}", unread.join(", ")).expect("string");
    }
    line
}

/// The work a solve took: states, their early endings, what was left and why.
fn work_line(problem: &Problem, answer: &Answer, stats: &Stats, advice: &dyn Advice) -> String {
    let mut bounded = String::new();
    if stats.bounded_moves > 0 {
        let n = stats.bounded_moves;
        write!(bounded, "; {n} first moves only shown worse than the best").expect("string");
    }
    if let (n @ 1.., Some(c)) = (stats.unexamined_moves, problem.to_play()) {
        let other = c.other().title();
        write!(bounded, "; {n} first moves of {other} not examined").expect("string");
    }
    if !bounded.is_empty() {
        write!(bounded, " ({})", advice.exact_moves()).expect("string");
    }
    if let Some(limit) = answer.stopped {
        let undecided = |o: &Opening| o.count(&MoveValue::Undecided);
        write!(
            bounded,
            "; stopped at {limit} with the starts' values proven, {} first moves undecided ({} to decide them)",
            undecided(&answer.black_first) + undecided(&answer.white_first),
            advice.raise(limit)
        )
        .expect("string");
    }
    format!(
        "  {} states ({} ended by static analysis, {} by bounds{}{bounded}), {} chance nodes, largest exact system {} unknowns, {} ms",
        stats.states,
        stats.static_ended,
        stats.proofs_ended,
        match stats.unexpanded {
            0 => String::new(),
            n => format!(", {n} left unexpanded"),
        },
        stats.chance_nodes,
        stats.largest_system,
        stats.elapsed.as_millis()
    )
}
