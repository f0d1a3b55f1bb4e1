//! Every group of a whole board ([`crate::whole_board`]) as people and programs read it: a
//! text table, one JSON object per position, a picture of the board (dead stones faded with a
//! cross, seki marked, unsettled groups labelled with their life degree, territory shaded),
//! the same picture on one HTML page beside the group table (`groups_page.rs`), and an SGF with the dead stones and the territory
//! marked as editors show them (`TB`/`TW`). Points are named as the text report names them
//! (`C3`).

use crate::go::graph::{Graph, Point};
use crate::go::rules::Color;
use crate::problem::Position;
use crate::report::board_text::Style;
use crate::report::fraction;
use crate::report::svg::{Mark, Picture};
use crate::whole_board::{
    Counting, Decides, Ending, How, Score, SecondLook, Settled, SettledBoard, Standing, Status,
};
use serde::Serialize;
use std::fmt::Write;

/// Names of points, as the text report writes them.
fn names(g: &Graph, points: &[Point]) -> Vec<String> {
    points.iter().map(|&p| g.label(p)).collect()
}

/// `n` things, `1 thing`.
fn count(n: usize, thing: &str) -> String {
    match n {
        1 => format!("1 {thing}"),
        n => format!("{n} {thing}s"),
    }
}

/// The status in words: `alive`, `dead`, `seki`, `unsettled (whoever moves first)`.
pub(super) fn status(s: &Settled) -> String {
    match s.standing {
        Standing::Unsettled(Some(Decides::FirstMover)) => "unsettled (whoever moves first)".into(),
        Standing::Unsettled(Some(Decides::Ko)) => "unsettled (a ko)".into(),
        Standing::Unsettled(Some(Decides::NoResult)) => "unsettled (endless play)".into(),
        Standing::Unsettled(Some(Decides::MutualFight)) => {
            "unsettled (a mutual fight the rules leave open)".into()
        }
        standing => format!("{:?}", standing.status()).to_lowercase(),
    }
}

/// How a group was settled, in words.
pub fn how(s: &Settled) -> String {
    match &s.how {
        How::Static => "static: two eyes or unconditional life (eye-shape analyzer)".into(),
        How::Solved { empty, second, .. } => {
            let first = format!("solved in {}", count(*empty, "empty point"));
            match second {
                SecondLook::NotNeeded => first,
                SecondLook::Made { empty } => format!("{first}, again in {empty} with more room"),
                SecondLook::TooLarge { empty } => {
                    format!("{first}; the second look's {empty} empty points too many to read")
                }
                SecondLook::Stopped(limit) => {
                    format!("{first}; the second look stopped at {limit}")
                }
            }
        }
        How::TooLarge { empty } => format!(
            "not settled: its fight is too large ({})",
            count(*empty, "empty point")
        ),
        How::Territory { empty } => format!(
            "not settled: its territory ({}) is larger than any eye space, its fight too large",
            count(*empty, "empty point")
        ),
        How::Stopped(limit) => format!("not settled: the time ran out ({limit})"),
        How::Judged { eyes, room } => format!(
            "judged at the game's end, not solved: {} and {} of room in the opponent's sphere",
            count(*eyes, "eye"),
            count(*room, "point")
        ),
    }
}

pub(super) fn side(c: Color) -> &'static str {
    c.name()
}

/// The text report of an analysed position.
pub fn text(file: &str, a: &SettledBoard) -> String {
    let g = a.board.position.graph();
    let mut s = String::new();
    let _ = write!(s, "{file}  {}", board_size(g));
    if let Some(c) = a.board.to_play {
        let _ = write!(s, ", {} to play", c.title());
    }
    let _ = writeln!(
        s,
        "{}",
        if a.ending.is_some() {
            ", the end of the game"
        } else {
            ", as it stands"
        }
    );
    let _ = writeln!(
        s,
        "  {:>3}  {:<5}  {:>6}  {:<5}  {:<32}  {:<11}  {:<6}  how",
        "#", "group", "stones", "at", "status", "life degree", "grades"
    );
    for (i, grp) in a.statuses.groups.iter().enumerate() {
        let grades = grp
            .grades()
            .map_or(String::new(), |gr| format!("{} {}", gr.black, gr.white));
        let degree = grp.life_degree().map_or(String::new(), fraction);
        let _ = writeln!(
            s,
            "  {:>3}  {:<5}  {:>6}  {:<5}  {:<32}  {:<11}  {:<6}  {}",
            i + 1,
            side(grp.color),
            grp.stones.len(),
            g.label(grp.stones[0]),
            status(grp),
            degree,
            grades,
            how(grp)
        );
    }
    if !a.statuses.touching.is_empty() {
        let pairs: Vec<String> = a
            .statuses
            .touching
            .iter()
            .map(|(i, j)| format!("#{} and #{}", i + 1, j + 1))
            .collect();
        let _ = writeln!(
            s,
            "  fights that touch (their answers are not independent): {}",
            pairs.join(", ")
        );
    }
    if let Some(e) = &a.ending {
        ending_text(&mut s, g, e, a.board.komi);
    }
    let with = |f: &dyn Fn(&Settled) -> bool| a.statuses.groups.iter().filter(|x| f(x)).count();
    let _ = writeln!(
        s,
        "  {}: {} settled statically, {} solved, {} unsettled; {:.2} s",
        count(a.statuses.groups.len(), "group"),
        with(&|x| x.how == How::Static),
        with(&|x| matches!(x.how, How::Solved { .. })),
        with(&|x| x.status() == Status::Unsettled),
        a.elapsed.as_secs_f64()
    );
    s
}

fn board_size(g: &Graph) -> String {
    match g.layout() {
        crate::go::graph::Layout::Square { width, height } => format!("{width}x{height}"),
        crate::go::graph::Layout::Custom { .. } => format!("{} points", g.len()),
    }
}

pub(super) fn ending_text(s: &mut String, g: &Graph, e: &Ending, komi: Option<f64>) {
    let list = |points: &[Point]| match points {
        [] => "none".to_string(),
        _ => names(g, points).join(" "),
    };
    let _ = writeln!(
        s,
        "  dead: {} ({})",
        list(&e.dead),
        count(e.dead.len(), "stone")
    );
    let _ = writeln!(s, "  neutral: {}", list(&e.neutral));
    if !e.open.is_empty() {
        let _ = writeln!(
            s,
            "  open (boundaries not closed): {}; controlled by Black {}, by White {}, by neither {}",
            count(e.open.len(), "point"),
            e.controlled.black.len(),
            e.controlled.white.len(),
            e.unattributed.len()
        );
        if !e.unattributed.is_empty() {
            let _ = writeln!(s, "  not attributed: {}", list(&e.unattributed));
        }
    }
    let _ = writeln!(
        s,
        "  territory: Black {}, White {}",
        e.territory.black.len(),
        e.territory.white.len()
    );
    if !e.seki_eyes.is_empty() {
        let _ = writeln!(
            s,
            "  eyes in seki (not counted by territory): {}",
            list(&e.seki_eyes)
        );
    }
    let komi = komi.map_or("no komi given".to_string(), |k| format!("komi {k}"));
    let score = |name: &str, sc: &Score| {
        format!(
            "{name} Black {} White {}: {}",
            sc.black,
            sc.white,
            sc.result()
        )
    };
    let _ = writeln!(
        s,
        "  score ({komi}): {}; {}",
        score("area", &e.area),
        score("territory", &e.territory_score)
    );
    let _ = writeln!(
        s,
        "  by the rules ({} counting): {}",
        e.counting.name(),
        e.score().result()
    );
}

/// One group in the JSON record.
#[derive(Serialize, Debug, PartialEq)]
pub struct GroupRecord {
    pub color: &'static str,
    pub stones: Vec<String>,
    pub status: Status,
    /// What decides an unsettled group: `first_mover`, `ko` or `no_result` (endless play);
    /// null otherwise.
    pub decides: Option<Decides>,
    pub life_degree: Option<String>,
    /// The grades with Black first and with White first; null where not solved.
    pub grades: Option<[String; 2]>,
    /// `static`, `solved`, `too_large`, `territory` or `stopped`.
    pub how: &'static str,
    /// Empty points of the fight's area (the first look's), or of the territory; null for a
    /// static or stopped group.
    pub empty: Option<usize>,
    /// The second look: `not_needed`, `made`, `too_large` or `stopped`; null unless solved.
    pub second_look: Option<&'static str>,
    /// How, in words (as the text report says it).
    pub reason: String,
}

/// A count in the JSON record.
#[derive(Serialize, Debug, PartialEq)]
pub struct ScoreRecord {
    pub black: f64,
    pub white: f64,
    pub result: String,
}

/// The end of the game in the JSON record.
#[derive(Serialize, Debug, PartialEq)]
pub struct TerritoryRecord {
    pub black: Vec<String>,
    pub white: Vec<String>,
}

/// One position's JSON record (the fields are a contract: see docs/usage.md).
#[derive(Serialize, Debug, PartialEq)]
pub struct PositionRecord {
    pub file: String,
    /// Width and height.
    pub board: Option<(u8, u8)>,
    pub to_play: Option<&'static str>,
    /// Whether the end of the game was read (`--final`, two passes, a `.game` file).
    #[serde(rename = "final")]
    pub at_end: bool,
    pub groups: Vec<GroupRecord>,
    /// Pairs of groups (indices into `groups`, from 0) whose fights share points.
    pub touching: Vec<(usize, usize)>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dead: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub neutral: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub open: Option<Vec<String>>,
    /// The open points each side controls, counted for it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub controlled: Option<TerritoryRecord>,
    /// The open points neither side controls, counted for nobody.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unattributed: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub territory: Option<TerritoryRecord>,
    /// The territory's points that are eyes of groups in seki (not counted by territory);
    /// left out when there are none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seki_eyes: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub komi: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub area_score: Option<ScoreRecord>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub territory_score: Option<ScoreRecord>,
    /// The count the game's rules use (`area` or `territory`) and its score.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub counting: Option<Counting>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<ScoreRecord>,
    pub seconds: f64,
}

fn group_record(g: &Graph, s: &Settled) -> GroupRecord {
    let (how_name, empty, second) = match &s.how {
        How::Static => ("static", None, None),
        How::Solved { empty, second, .. } => (
            "solved",
            Some(*empty),
            Some(match second {
                SecondLook::NotNeeded => "not_needed",
                SecondLook::Made { .. } => "made",
                SecondLook::TooLarge { .. } => "too_large",
                SecondLook::Stopped(_) => "stopped",
            }),
        ),
        How::TooLarge { empty } => ("too_large", Some(*empty), None),
        How::Territory { empty } => ("territory", Some(*empty), None),
        How::Stopped(_) => ("stopped", None, None),
        How::Judged { .. } => ("judged", None, None),
    };
    GroupRecord {
        color: side(s.color),
        stones: names(g, &s.stones),
        status: s.status(),
        decides: s.decides(),
        life_degree: s.life_degree().map(fraction),
        grades: s
            .grades()
            .map(|gr| [gr.black.to_string(), gr.white.to_string()]),
        how: how_name,
        empty,
        second_look: second,
        reason: how(s),
    }
}

fn score_record(s: &Score) -> ScoreRecord {
    ScoreRecord {
        black: s.black,
        white: s.white,
        result: s.result(),
    }
}

impl PositionRecord {
    pub fn new(file: &str, a: &SettledBoard) -> PositionRecord {
        let g = a.board.position.graph();
        let e = a.ending.as_ref();
        PositionRecord {
            file: file.to_string(),
            board: match g.layout() {
                crate::go::graph::Layout::Square { width, height } => Some((*width, *height)),
                crate::go::graph::Layout::Custom { .. } => None,
            },
            to_play: a.board.to_play.map(side),
            at_end: e.is_some(),
            groups: a
                .statuses
                .groups
                .iter()
                .map(|s| group_record(g, s))
                .collect(),
            touching: a.statuses.touching.clone(),
            dead: e.map(|e| names(g, &e.dead)),
            neutral: e.map(|e| names(g, &e.neutral)),
            open: e.map(|e| names(g, &e.open)),
            controlled: e.map(|e| TerritoryRecord {
                black: names(g, &e.controlled.black),
                white: names(g, &e.controlled.white),
            }),
            unattributed: e.map(|e| names(g, &e.unattributed)),
            territory: e.map(|e| TerritoryRecord {
                black: names(g, &e.territory.black),
                white: names(g, &e.territory.white),
            }),
            seki_eyes: e
                .filter(|e| !e.seki_eyes.is_empty())
                .map(|e| names(g, &e.seki_eyes)),
            komi: e.and(a.board.komi),
            area_score: e.map(|e| score_record(&e.area)),
            territory_score: e.map(|e| score_record(&e.territory_score)),
            counting: e.map(|e| e.counting),
            score: e.map(|e| score_record(e.score())),
            seconds: a.elapsed.as_secs_f64(),
        }
    }

    pub fn to_json_line(&self) -> String {
        serde_json::to_string(self).expect("records serialise")
    }
}

/// Territory shades: dark for Black's, light for White's, blue-grey for neutral points.
const BLACK_AREA: &str = "rgba(40,30,20,0.45)";
const WHITE_AREA: &str = "rgba(255,255,255,0.6)";
const NEUTRAL: &str = "rgba(120,140,200,0.45)";

/// The picture of an analysed position (see the module notes).
pub fn svg(file: &str, a: &SettledBoard) -> String {
    let g = a.board.position.graph();
    let mut pic = Picture::new(g);
    for p in g.points() {
        if let Some(c) = a.board.position.stone(p) {
            pic.stone(p, c);
        }
    }
    if let Some(e) = &a.ending {
        for (points, css) in [
            (&e.territory.black, BLACK_AREA),
            (&e.territory.white, WHITE_AREA),
            (&e.neutral, NEUTRAL),
        ] {
            for &p in points {
                pic.shade(p, css);
            }
        }
    }
    let mut unsettled = false;
    for s in &a.statuses.groups {
        match s.status() {
            Status::Dead => s.stones.iter().for_each(|&p| {
                pic.mark(p, Mark::Dead);
            }),
            Status::Seki => s.stones.iter().for_each(|&p| {
                pic.mark(p, Mark::Seki);
            }),
            Status::Unsettled => {
                unsettled = true;
                let label = s.life_degree().map_or("?".to_string(), fraction);
                pic.label(s.stones[0], label);
            }
            Status::Alive => {}
        }
    }
    // The whole board: the picture is about all of it.
    pic.focus(g.points());
    let title = match &a.ending {
        Some(e) => format!(
            "{file}: area {}, territory {}",
            e.area.result(),
            e.territory_score.result()
        ),
        None => file.to_string(),
    };
    pic.title(title).key(Mark::Dead, "dead");
    if a.statuses.groups.iter().any(|s| s.status() == Status::Seki) {
        pic.key(Mark::Seki, "seki");
    }
    if unsettled {
        pic.caption("a number on a group: its life degree, unsettled (?: not solved)");
    }
    if a.ending.is_some() {
        pic.caption("shaded: territory, dark Black's, light White's; blue-grey: neutral");
    }
    pic.render()
}

/// The position as SGF, the dead stones and the territory marked as editors show them: each
/// colour's territory (the dead stones in it included) as `TB`/`TW`, the count in the
/// comment. `None` before the end of the game, or on a board SGF cannot write.
pub fn sgf(a: &SettledBoard) -> Option<String> {
    let e = a.ending.as_ref()?;
    let g = a.board.position.graph();
    let crate::go::graph::Layout::Square { width, height } = *g.layout() else {
        return None;
    };
    let list = |points: &mut dyn Iterator<Item = Point>| -> String {
        points.map(|p| format!("[{}]", g.sgf_name(p))).collect()
    };
    let stones = |c: Color| list(&mut g.points().filter(|&p| a.board.position.stone(p) == Some(c)));
    let size = if width == height {
        width.to_string()
    } else {
        format!("{width}:{height}")
    };
    let mut s = format!("(;GM[1]FF[4]CA[UTF-8]SZ[{size}]");
    if let Some(k) = a.board.komi {
        let _ = write!(s, "KM[{k}]");
    }
    if let Some(c) = a.board.to_play {
        let _ = write!(s, "PL[{}]", if c == Color::Black { "B" } else { "W" });
    }
    let _ = write!(s, "AB{}AW{}", stones(Color::Black), stones(Color::White));
    for (prop, points) in [("TB", &e.territory.black), ("TW", &e.territory.white)] {
        if !points.is_empty() {
            let _ = write!(s, "{prop}{}", list(&mut points.iter().copied()));
        }
    }
    let comment = format!(
        "lifedeg groups: dead {}; area {}, territory {}",
        e.dead.len(),
        e.area.result(),
        e.territory_score.result()
    );
    let _ = write!(
        s,
        "C[{}])",
        comment.replace('\\', "\\\\").replace(']', "\\]")
    );
    s.push('\n');
    Some(s)
}

/// The stones of a position as a text board: `X` black, `O` white, `.` empty, with the
/// coordinates (GTP's `showboard`).
pub fn board_text(position: &Position) -> String {
    super::board_text::board_text(position, 2, Style::Plain, |p| {
        let c = match position.stone(p) {
            Some(Color::Black) => "X",
            Some(Color::White) => "O",
            None => ".",
        };
        (c.to_string(), None)
    })
}
