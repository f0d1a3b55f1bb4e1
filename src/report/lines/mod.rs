//! The optimal lines of play, as a plain tree built once and drawn three ways: an SGF game
//! tree to click through in any SGF editor ([`sgf`]), numbered diagrams as books print them
//! ([`diagrams`]) and the page to step through in a browser ([`crate::report::page`]).
//!
//! From the problem's position: one line with Black moving first, one with White. Each side
//! plays the move of the strategy profile the solver certified; a side facing a ko ban gets
//! two branches, "ko threat: yes" and "ko threat: no", with their probabilities. Each move
//! carries the stones on the board after it (replayed by the rules the graph was built with,
//! so they are the state's own), the stones it captured, and the life degree after it. The
//! tree stops where a position repeats on the line, at a depth bound and at a size bound, and
//! says so.
//!
//! The lines pass through states whose values the answer does not show, so the graph should
//! be built whole (interval pruning off, [`crate::Shortcuts::without_interval`], as the command
//! line does for `--sgf-out`, `--lines-svg` and `--html`).

pub mod diagrams;
pub mod sgf;

pub use sgf::{sgf_tree, LinesError};

use crate::go::color::ByColor;
use crate::go::graph::Point;
use crate::go::rules::{bit, points, Color, Stones};
use crate::problem::Problem;
use crate::prove::state::{Kind, Move, CAPTURED, LIVES};
use crate::report::fraction;
use crate::solve::degree::Solved;
use crate::solve::model::{Model, Value};
use crate::solve::solver::Choice;
use num_traits::One;

/// Bounds on the tree.
#[derive(Clone, Copy, Debug)]
pub struct TreeLimits {
    /// Moves along one line.
    pub max_depth: usize,
    /// Move nodes in the whole tree.
    pub max_nodes: usize,
}

impl Default for TreeLimits {
    fn default() -> TreeLimits {
        TreeLimits {
            max_depth: 40,
            max_nodes: 2000,
        }
    }
}

/// The optimal lines of a solved problem.
#[derive(Clone, Debug)]
pub struct Lines {
    /// Black first's and White first's.
    pub starts: ByColor<Start>,
    /// The bounds the tree was built with.
    pub limits: TreeLimits,
}

/// The lines with one side moving first.
#[derive(Clone, Debug)]
pub struct Start {
    pub side: Color,
    /// The life degree with this side to move first.
    pub value: Value,
    /// The first move played: a list, as a move's replies are (a start faces no ko ban, so
    /// it holds one move, or none where the start has none).
    pub moves: Vec<Node>,
}

/// One move on a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    pub side: Color,
    /// The point played; `None` for a pass.
    pub play: Option<Point>,
    /// The stones the move captured.
    pub captured: Vec<Point>,
    /// The move retakes a ko, which its side may do only after a ko threat.
    pub retake: bool,
    /// The chance branch the move is on, where its side faced a ko ban.
    pub branch: Option<Branch>,
    /// Every point's stone after the move (indexed by point).
    pub stones: Vec<Option<Color>>,
    /// The life degree after the move.
    pub value: Value,
    /// How the line goes on, or why it stops.
    pub next: Next,
}

/// The branch of a side facing a ko ban.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Branch {
    /// The same move with a threat or without.
    Either,
    /// With a ko threat, of this probability.
    Threat(Value),
    /// Without one, of this probability.
    NoThreat(Value),
}

/// What follows a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Next {
    /// The replies (one, or a chance's branches).
    Moves(Vec<Node>),
    /// The target is captured.
    Captured,
    /// Two passes in a row: the target lives.
    Lives,
    /// The position was settled without search (static analysis or a proof); the value says
    /// which way.
    Settled,
    /// The position (same side to move) stood earlier on this line: at the start (0) or after
    /// move `k`.
    Repeats(usize),
    /// The line reached [`TreeLimits::max_depth`].
    DepthCut,
    /// The tree reached [`TreeLimits::max_nodes`].
    NodesCut,
}

impl Next {
    /// The replies, if the line goes on.
    pub fn moves(&self) -> &[Node] {
        match self {
            Next::Moves(m) => m,
            _ => &[],
        }
    }
}

impl Node {
    /// The branch in words, where the side faced a ko ban.
    pub fn branch_note(&self) -> Option<String> {
        let name = self.side.title();
        Some(match self.branch.as_ref()? {
            Branch::Either => {
                format!("ko threat: yes or no, the same move ({name} facing the ban).")
            }
            Branch::Threat(p) => format!(
                "ko threat: yes (probability {}). {}",
                fraction(p),
                if self.retake {
                    format!(
                        "{name} plays a ko threat elsewhere, it is answered, and {name} retakes."
                    )
                } else {
                    format!("{name} has a threat but does not need the retake.")
                }
            ),
            Branch::NoThreat(p) => format!(
                "ko threat: no (probability {}). {name} may not retake.",
                fraction(p)
            ),
        })
    }

    /// Whether the line ends in a settled value (captured, lives, or settled without search),
    /// which then says it all.
    pub fn settled(&self) -> bool {
        matches!(self.next, Next::Captured | Next::Lives | Next::Settled)
    }

    /// Why the line stops after this move, in words; `None` where it goes on.
    pub fn stop_note(&self, limits: &TreeLimits) -> Option<String> {
        Some(match &self.next {
            Next::Moves(_) => return None,
            Next::Captured => "The target is captured: 0.".to_string(),
            Next::Lives => "Two passes in a row: the target lives: 1.".to_string(),
            Next::Settled => format!(
                "Settled without search (static analysis or a proof): the target {}.",
                if self.value.is_one() {
                    "lives: 1"
                } else {
                    "dies: 0"
                }
            ),
            Next::Repeats(k) => {
                let when = if *k == 0 {
                    "at the start".to_string()
                } else {
                    format!("after move {k}")
                };
                format!(
                    "The position repeats ({when} of this line, same side to move): the line goes round from here."
                )
            }
            Next::DepthCut => format!("Line cut at {} moves.", limits.max_depth),
            Next::NodesCut => format!("Tree cut here ({} moves shown in all).", limits.max_nodes),
        })
    }

    /// What the move captured, in words ("captures two stones"); `None` if nothing.
    pub fn captures(&self) -> Option<String> {
        Some(match self.captured.len() {
            0 => return None,
            1 => "captures one stone".to_string(),
            2 => "captures two stones".to_string(),
            3 => "captures three stones".to_string(),
            n => format!("captures {n} stones"),
        })
    }
}

struct Builder<'a> {
    problem: &'a Problem,
    solved: &'a Solved,
    params: &'a Model,
    /// The certified profile (see [`Solved::choices`]).
    choices: Vec<Choice>,
    limits: TreeLimits,
    nodes: usize,
}

impl Builder<'_> {
    fn value(&self, node: u32) -> &Value {
        self.solved.values.value(node)
    }

    /// Every point's stone: the fight's points from `local`, the rest as the problem sets them.
    fn board(&self, local: &Stones) -> Vec<Option<Color>> {
        let g = self.problem.graph();
        let mut out: Vec<Option<Color>> = g.points().map(|p| self.problem.stone(p)).collect();
        let arena = &self.solved.local.arena;
        for i in points(arena.all) {
            let p = arena.global[i as usize];
            out[p.index()] = [Color::Black, Color::White]
                .into_iter()
                .find(|c| local.by_color[c.index()] & bit(i) != 0);
        }
        out
    }

    /// The moves played from `state` (on the line `path`).
    fn moves_from(&mut self, state: u32, path: &mut Vec<u32>) -> Vec<Node> {
        let graph = &self.solved.graph;
        let succ = graph.successors(&self.solved.local, state);
        let p = self
            .params
            .threat_prob(graph.states[state as usize].to_move());
        let branches: Vec<(usize, Option<Branch>)> = match self.choices[state as usize] {
            Choice::Terminal => Vec::new(),
            Choice::Move(i) => vec![(i, None)],
            Choice::Chance {
                with: Some(a),
                without: Some(b),
            } if a == b => vec![(a, Some(Branch::Either))],
            Choice::Chance { with, without } => with
                .map(|a| (a, Some(Branch::Threat(p.clone()))))
                .into_iter()
                .chain(without.map(|b| (b, Some(Branch::NoThreat(Value::one() - p)))))
                .collect(),
        };
        let retake = matches!(succ.kind, Kind::KoChance(_)).then(|| succ.moves.len() - 1);
        branches
            .into_iter()
            .map(|(i, branch)| {
                let (m, child) = succ.moves[i];
                self.node(state, m, child, retake == Some(i), branch, path)
            })
            .collect()
    }

    fn node(
        &mut self,
        state: u32,
        m: Move,
        child: u32,
        retake: bool,
        branch: Option<Branch>,
        path: &mut Vec<u32>,
    ) -> Node {
        self.nodes += 1;
        let before = &self.solved.graph.states[state as usize];
        let side = before.to_move();
        let arena = &self.solved.local.arena;
        // Replayed rather than read from the child, which a terminal does not store.
        let (after, captured) = match m {
            Move::Play(p) => {
                let played = arena
                    .play(&before.stones(), side, p)
                    .expect("the graph's moves are legal");
                (played.after, played.captured)
            }
            Move::Pass => (before.stones(), 0),
        };
        let next = match child {
            CAPTURED => Next::Captured,
            LIVES => Next::Lives,
            _ if matches!(self.solved.graph.kind(child), Kind::Terminal(_)) => Next::Settled,
            _ => {
                if let Some(k) = path.iter().position(|&s| s == child) {
                    Next::Repeats(k)
                } else if path.len() >= self.limits.max_depth {
                    Next::DepthCut
                } else if self.nodes >= self.limits.max_nodes {
                    Next::NodesCut
                } else {
                    path.push(child);
                    let replies = self.moves_from(child, path);
                    path.pop();
                    Next::Moves(replies)
                }
            }
        };
        Node {
            side,
            play: m.point(arena),
            captured: points(captured).map(|q| arena.global[q as usize]).collect(),
            retake,
            branch,
            stones: self.board(&after),
            value: self.value(child).clone(),
            next,
        }
    }
}

impl Lines {
    /// The optimal lines of a solved problem (built whole: see the module's note).
    pub fn new(problem: &Problem, solved: &Solved, params: &Model, limits: TreeLimits) -> Lines {
        let mut b = Builder {
            problem,
            solved,
            params,
            choices: solved.choices(params),
            limits,
            nodes: 0,
        };
        let starts = ByColor::from_fn(|side| {
            let root = solved.graph.roots[side.index()];
            let moves = b.moves_from(root, &mut vec![root]);
            Start {
                side,
                value: b.value(root).clone(),
                moves,
            }
        });
        Lines { starts, limits }
    }
}
