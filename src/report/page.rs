//! One self-contained HTML page for a solved problem: the text report (target, region, the
//! framing kept), both openings with their values and grades and every first move's, and the
//! optimal lines ([`crate::report::lines`]) as a tree to step through by clicking a move or
//! with the arrow keys, the board redrawn at each step with the position's value.
//!
//! The page needs no network and no build step: the template (`page.html`, included in the
//! binary) holds the style and a small vanilla script; the problem and its lines are embedded
//! as JSON, which the script draws as SVG. The script replays each move itself (the stone
//! played, the stones the tree says it captured), so a test reading the board the browser
//! shows checks it against the rules' own positions ([`crate::report::lines::Node::stones`]).

use crate::go::graph::{Graph, Layout, Point};
use crate::go::moves::Move;
use crate::go::rules::Color;
use crate::report::fraction;
use crate::report::lines::{Branch, Lines, Node};
use crate::report::svg::escape;
use crate::report::text::{self, Advice};
use crate::request::Solution;
use crate::solve::answer::{MoveValue, Opening};
use serde::Serialize;

/// The page's template: `/*TITLE*/` is replaced by the file's name, then `/*DATA*/` by the
/// JSON.
const TEMPLATE: &str = include_str!("page.html");

#[derive(Serialize)]
struct Data {
    file: String,
    comment: Option<String>,
    /// The text report, as the command prints it.
    report: String,
    defender: &'static str,
    board: Board,
    /// Each point's stone at the start: `black`, `white` or null.
    stones: Vec<Option<&'static str>>,
    target: Vec<usize>,
    region: Vec<usize>,
    life_degree: String,
    openings: Vec<OpeningData>,
    lines: Vec<StartData>,
}

#[derive(Serialize)]
struct Board {
    /// Width and height of a square board; null for another graph.
    square: Option<(u8, u8)>,
    points: Vec<PointData>,
    /// Adjacent points, each pair once.
    edges: Vec<(usize, usize)>,
}

#[derive(Serialize)]
struct PointData {
    x: f64,
    y: f64,
    /// The point's name as the text report writes it.
    name: String,
}

#[derive(Serialize)]
struct OpeningData {
    side: &'static str,
    value: String,
    grade: String,
    /// The grade in words.
    describe: String,
    moves: Vec<FirstMoveData>,
}

#[derive(Serialize)]
struct FirstMoveData {
    /// The point, null for a pass.
    point: Option<usize>,
    name: String,
    value: String,
    grade: String,
    best: bool,
}

#[derive(Serialize)]
struct StartData {
    side: &'static str,
    value: String,
    moves: Vec<NodeData>,
}

#[derive(Serialize)]
struct NodeData {
    side: &'static str,
    /// The point played, null for a pass.
    point: Option<usize>,
    name: String,
    captured: Vec<usize>,
    retake: bool,
    /// The chance branch, short: `ko threat: yes (1/2)`; null off a ko ban.
    branch: Option<String>,
    /// Notes on the move: its chance branch, what it captured, a retake's threat.
    notes: Vec<String>,
    value: String,
    /// Why the line stops here; null where it goes on.
    stop: Option<String>,
    children: Vec<NodeData>,
}

fn side(c: Color) -> &'static str {
    c.name()
}

fn node(g: &Graph, lines: &Lines, n: &Node) -> NodeData {
    let names = |ps: &[Point]| ps.iter().map(|&p| g.label(p)).collect::<Vec<_>>();
    let mut notes: Vec<String> = n.branch_note().into_iter().collect();
    if n.retake && notes.is_empty() {
        notes.push(format!(
            "{} retakes the ko: it needs a ko threat first.",
            n.side.title()
        ));
    }
    if let Some(c) = n.captures() {
        notes.push(format!(
            "{} {c} ({}).",
            n.side.title(),
            names(&n.captured).join(" ")
        ));
    }
    NodeData {
        side: side(n.side),
        point: n.play.map(Point::index),
        name: n.play.map_or_else(|| "pass".to_string(), |p| g.label(p)),
        captured: n.captured.iter().map(|p| p.index()).collect(),
        retake: n.retake,
        branch: n.branch.as_ref().map(|b| match b {
            Branch::Either => "ko threat: yes or no".to_string(),
            Branch::Threat(p) => format!("ko threat: yes ({})", fraction(p)),
            Branch::NoThreat(p) => format!("ko threat: no ({})", fraction(p)),
        }),
        notes,
        value: fraction(&n.value),
        stop: n.stop_note(&lines.limits),
        children: n.next.moves().iter().map(|c| node(g, lines, c)).collect(),
    }
}

fn opening(g: &Graph, o: &Opening, defender: Color) -> OpeningData {
    OpeningData {
        side: side(o.side),
        value: fraction(&o.value),
        grade: o.grade.to_string(),
        describe: o.grade.describe(defender),
        moves: o
            .moves
            .iter()
            .map(|m| FirstMoveData {
                point: match m.first {
                    Move::Play(p) => Some(p.index()),
                    Move::Pass => None,
                },
                name: m.first.label(g),
                value: match &m.value {
                    MoveValue::Undecided => "…".to_string(),
                    v => v.to_string(),
                },
                grade: m.grade.to_string(),
                best: m.value.exact() == Some(&o.value),
            })
            .collect(),
    }
}

/// The page's JSON, safe inside a `<script>` element.
fn data(file: &str, solution: &Solution, lines: &Lines, advice: &dyn Advice) -> String {
    let (problem, answer) = (&solution.problem, &solution.answer);
    let g = problem.graph();
    let board = Board {
        square: match g.layout() {
            Layout::Square { width, height } => Some((*width, *height)),
            Layout::Custom { .. } => None,
        },
        points: g
            .points()
            .map(|p| {
                let (x, y) = g.coords(p);
                PointData {
                    x,
                    y,
                    name: g.label(p),
                }
            })
            .collect(),
        edges: g
            .points()
            .flat_map(|p| {
                g.neighbours(p)
                    .iter()
                    .filter(move |&&q| q > p)
                    .map(move |&q| (p.index(), q.index()))
            })
            .collect(),
    };
    let data = Data {
        file: file.to_string(),
        comment: problem.comment().map(str::to_string),
        report: text::report(file, problem, answer, &solution.stats, advice),
        defender: side(problem.defender()),
        board,
        stones: g.points().map(|p| problem.stone(p).map(side)).collect(),
        target: problem.target().iter().map(|p| p.index()).collect(),
        region: problem.region().iter().map(|p| p.index()).collect(),
        life_degree: fraction(&answer.value),
        openings: [&answer.black_first, &answer.white_first]
            .into_iter()
            .map(|o| opening(g, o, problem.defender()))
            .collect(),
        lines: lines
            .starts
            .iter()
            .map(|s| StartData {
                side: side(s.side),
                value: fraction(&s.value),
                moves: s.moves.iter().map(|n| node(g, lines, n)).collect(),
            })
            .collect(),
    };
    // "</" would end the script element early; "<\/" is the same JSON string.
    serde_json::to_string(&data)
        .expect("the page's data serialise")
        .replace("</", "<\\/")
}

/// The page for a solved problem and its optimal lines, its report's advice in the words of
/// `advice`.
pub fn html(file: &str, solution: &Solution, lines: &Lines, advice: &dyn Advice) -> String {
    let title = escape(file);
    let (head, rest) = TEMPLATE
        .split_once("/*TITLE*/")
        .expect("the template's title");
    let (middle, tail) = rest.split_once("/*DATA*/").expect("the template's data");
    [
        head,
        &title,
        middle,
        &data(file, solution, lines, advice),
        tail,
    ]
    .concat()
}
