//! Interval pruning: exact values without the whole graph.
//!
//! Most of a fight's reachable graph is play neither side would choose. Every state's value
//! lies in an interval `[lo, hi]`, and a move whose upper bound is below the lower bound of
//! its state (for the defender; the other way round for the attacker) can never be chosen:
//! what lies below it cannot change the state's value. This is the pruning of expectimax
//! trees with chance nodes (Ballard's *-minimax), applied to the cyclic graph.
//!
//! **Bounds.** A state not yet expanded is worth something in `[0, 1]`. The game's values are
//! a fixed point of its one-step operator (each state's value is the max, min or threat
//! average of its children's), which is monotone; so iterating it from values known to lie
//! below the true ones (unexpanded states 0) stays below them, and from above (unexpanded
//! states 1) stays above, after any number of steps, in any order. Each round updates only
//! the states just expanded and, as long as their bounds move, their parents; bounds from the
//! last round start the next one: they are still bounds once more states are expanded.
//!
//! **Rounds.** From the starting states and every first move, through states whose bounds are
//! still apart, follow the mover's most hopeful moves among those whose bounds are apart: the
//! highest upper bound for the defender (then the highest lower bound), the lowest lower bound
//! for the attacker (then the lowest upper bound); at a chance node, the most hopeful with a
//! threat and without one. Expand every unexpanded state so reached, all at once; update the
//! bounds; repeat until none is reached. A most hopeful move either turns out best (its bounds
//! close on the state's value) or falls below a sibling, which is followed next: in the end
//! each move has its value or is shown unable to be best, the certificate *-minimax needs. The
//! states left unexpanded become terminals holding their mover's worst value, as a first move
//! shown only worse does ([`crate::solve::openings`]).
//!
//! **Certification.** Floating-point bounds only steer the expansion; the answer is certified
//! exactly. The finished graph is solved with every unexpanded state worth 0, and again with
//! every one worth 1. The game's value is monotone in a state's value (whoever gains from a
//! higher value can play as in the game with the lower one until that state, then as in the
//! whole game from there), so the true values lie between the two solves' values. Where they
//! agree at the starts and at every first move, those are the whole game's values, and the
//! stand-ins, which lie in `[0, 1]`, give them as well. Otherwise (play that never ends, which
//! the bounds cannot settle; a rounding that hid a move) the whole graph is built and solved
//! as usual.

use crate::go::rules::Color;
use crate::problem::Life;
use crate::prove::state::Kind;
use crate::solve::expansion::{Builder, Stopped};
use crate::solve::graph::GameGraph;
use crate::solve::model::Model;
use crate::solve::solver::{solve_within, Unsolved, Values};
use num_traits::ToPrimitive;

/// Bounds this close count as met: floating-point updates approach a ko loop's value only in
/// the limit. Exact certification does not depend on it.
const EPS: f64 = 1e-9;

/// A change in a state's bounds this small is not passed on to its parents: a ko loop's
/// bounds approach its value only in the limit. Any bounds are bounds: this only ends the
/// updates.
const TOLERANCE: f64 = 1e-12;

/// Expands the states that may still change the values of `required` (the starts and the
/// first moves), round by round, until none is left.
pub(crate) fn expand(b: &mut Builder, params: &Model, required: &[u32]) -> Result<(), Stopped> {
    // The threat probabilities steer the expansion only: certification is exact.
    let p = params
        .threat_probs()
        .map(|p| p.to_f64().unwrap_or(0.5))
        .into_array();
    let mut bounds = Intervals::new(b.defender(), p);
    // Every expanded state, the two terminals included, to start with.
    let mut changed: Vec<u32> = (0..b.len() as u32)
        .filter(|&v| b.kind(v).is_some())
        .collect();
    loop {
        // A round may expand few states and still pass over many: the watch each round.
        b.check_now()?;
        bounds.update(b, &changed);
        let todo = bounds.relevant(b, required);
        if todo.is_empty() {
            return Ok(());
        }
        for &v in &todo {
            b.check()?;
            b.expand(v);
        }
        changed = todo;
    }
}

/// Whether the graph's values at `required` are certified (see the module doc): the same with
/// every unexpanded state worth 0 and worth 1.
pub(crate) fn certified(b: &Builder, required: &[u32], params: &Model) -> Result<bool, Stopped> {
    let both = extremes(b, params)?;
    Ok(both.is_some_and(|[lo, hi]| required.iter().all(|&n| lo.value(n) == hi.value(n))))
}

/// The graph solved with every unexpanded state worth 0, and worth 1; `None` if either solve
/// fails certification. The two solves share nothing, so each gets a core. A limit passing
/// while they run stops the build.
fn extremes(b: &Builder, params: &Model) -> Result<Option<[Values; 2]>, Stopped> {
    let (lo, hi) = (b.snapshot(Life::Dead), b.snapshot(Life::Alive));
    let solve = |g: &GameGraph| solve_within(g, b.defender(), params, &b.watch);
    match rayon::join(|| solve(&lo), || solve(&hi)) {
        (Ok(lo), Ok(hi)) => Ok(Some([lo, hi])),
        (Err(Unsolved::Stopped(limit)), _) | (_, Err(Unsolved::Stopped(limit))) => {
            Err(b.stopped(limit))
        }
        _ => Ok(None),
    }
}

/// Whether the graph certifies both starts' values, and of each first move either its value
/// or that it is worse for its mover than the start (below it for the defender, above it for
/// the attacker); the worse ones are marked so. As [`certified`], with the values exact: a
/// first move whose true value lies in `[lo, hi]` with `hi` below the start's value cannot be
/// best, whatever lies below it.
pub(crate) fn certified_best(b: &mut Builder, params: &Model) -> Result<bool, Stopped> {
    let Some([lo, hi]) = extremes(b, params)? else {
        return Ok(false);
    };
    let mut worse = Vec::new();
    for root in b.roots() {
        let value = lo.value(root);
        if value != hi.value(root) {
            return Ok(false);
        }
        let defends = b.kind(root) == Some(Kind::Decision(b.defender()));
        for &c in b.children(root) {
            if lo.value(c) == hi.value(c) {
                continue;
            }
            let below = if defends {
                hi.value(c) < value
            } else {
                lo.value(c) > value
            };
            if !below {
                return Ok(false);
            }
            worse.push(c);
        }
    }
    for c in worse {
        b.mark_worse(c);
    }
    Ok(true)
}

/// Every state's bounds, and what updating them needs. Each round costs what it touches, not
/// the graph's size.
struct Intervals {
    defender: Color,
    /// Threat probabilities (Black, White).
    p: [f64; 2],
    lo: Vec<f64>,
    hi: Vec<f64>,
    /// Each state's parents as linked lists: its last edge in `edges`, `NONE` for none.
    last: Vec<u32>,
    /// (parent, the child's previous edge).
    edges: Vec<(u32, u32)>,
    /// Marks of the current round (`round` when set): no clearing between rounds.
    mark: Vec<u32>,
    round: u32,
}

const NONE: u32 = u32::MAX;

impl Intervals {
    fn new(defender: Color, p: [f64; 2]) -> Intervals {
        Intervals {
            defender,
            p,
            lo: Vec::new(),
            hi: Vec::new(),
            last: Vec::new(),
            edges: Vec::new(),
            mark: Vec::new(),
            round: 0,
        }
    }

    /// A new round of marks, for the states met so far and since.
    fn next_round(&mut self, n: usize) {
        self.round += 1;
        self.mark.resize(n, 0);
    }

    fn marked(&mut self, v: u32) -> bool {
        std::mem::replace(&mut self.mark[v as usize], self.round) == self.round
    }

    /// Value iteration from below (`lo`, unexpanded states 0) and above (`hi`, unexpanded
    /// states 1), from the last round's bounds, by a worklist: the states `changed` (just
    /// expanded) are computed again, then the parents of every state whose bounds moved. New
    /// states start at `[0, 1]`.
    fn update(&mut self, b: &Builder, changed: &[u32]) {
        let n = b.len();
        self.lo.resize(n, 0.0);
        self.hi.resize(n, 1.0);
        self.last.resize(n, NONE);
        // Each state is expanded once, so its edges are recorded once.
        for &v in changed {
            for &c in b.children(v) {
                self.edges.push((v, self.last[c as usize]));
                self.last[c as usize] = self.edges.len() as u32 - 1;
            }
        }
        self.next_round(n);
        let mut queue = std::collections::VecDeque::new();
        for &v in changed {
            if !self.marked(v) {
                queue.push_back(v);
            }
        }
        // A mark means "queued" here.
        while let Some(v) = queue.pop_front() {
            let i = v as usize;
            self.mark[i] = 0;
            let (l, h) = match b.kind(v) {
                None => (0.0, 1.0),
                Some(Kind::Terminal(life)) => (f64::from(life.value()), f64::from(life.value())),
                Some(kind) => {
                    let kids = b.children(v);
                    (
                        self.backup(kind, kids, &self.lo),
                        self.backup(kind, kids, &self.hi),
                    )
                }
            };
            let moved = (l - self.lo[i]).abs() > TOLERANCE || (h - self.hi[i]).abs() > TOLERANCE;
            self.lo[i] = l;
            self.hi[i] = h;
            if moved {
                let mut e = self.last[i];
                while e != NONE {
                    let (q, previous) = self.edges[e as usize];
                    if !self.marked(q) {
                        queue.push_back(q);
                    }
                    e = previous;
                }
            }
        }
    }

    /// A state's value from its children's values `x`.
    fn backup(&self, kind: Kind, kids: &[u32], x: &[f64]) -> f64 {
        let best = |kids: &[u32], max: bool| {
            let values = kids.iter().map(|&c| x[c as usize]);
            if max {
                values.fold(0.0, f64::max)
            } else {
                values.fold(1.0, f64::min)
            }
        };
        match kind {
            Kind::Decision(side) => best(kids, side == self.defender),
            Kind::KoChance(side) => {
                let max = side == self.defender;
                let q = self.p[side.index()];
                q * best(kids, max) + (1.0 - q) * best(&kids[..kids.len() - 1], max)
            }
            Kind::Terminal(life) => f64::from(life.value()),
        }
    }

    /// Whether a state's bounds are still apart.
    fn open(&self, v: u32) -> bool {
        self.hi[v as usize] - self.lo[v as usize] > EPS
    }

    /// The unexpanded states reached from `required` through each state's most hopeful moves
    /// (see the module doc), into states whose bounds are apart.
    fn relevant(&mut self, b: &Builder, required: &[u32]) -> Vec<u32> {
        self.next_round(b.len());
        let mut stack = Vec::new();
        for &r in required {
            if !self.marked(r) {
                stack.push(r);
            }
        }
        let mut todo = Vec::new();
        while let Some(v) = stack.pop() {
            let kind = match b.kind(v) {
                None => {
                    todo.push(v);
                    continue;
                }
                Some(Kind::Terminal(_)) => continue,
                Some(kind) => kind,
            };
            if !self.open(v) {
                continue;
            }
            let (side, chance) = match kind {
                Kind::Decision(side) => (side, false),
                Kind::KoChance(side) => (side, true),
                Kind::Terminal(_) => unreachable!("matched above"),
            };
            let max = side == self.defender;
            let kids = b.children(v);
            // The recapture, a chance node's last move, needs a threat.
            let plain = kids.len() - chance as usize;
            // How hopeful a move is for the mover: highest upper bound for the defender (then
            // highest lower bound), lowest lower bound for the attacker (then lowest upper).
            let (lo, hi) = (&self.lo, &self.hi);
            let hope = |c: u32| {
                let (l, h) = (lo[c as usize], hi[c as usize]);
                if max {
                    (h, l)
                } else {
                    (1.0 - l, 1.0 - h)
                }
            };
            let most = |kids: &[u32]| {
                kids.iter()
                    .filter(|&&c| self.open(c))
                    .map(|&c| hope(c))
                    .fold((f64::MIN, f64::MIN), |a, b| if b > a { b } else { a })
            };
            let with = most(kids);
            let without = if chance { most(&kids[..plain]) } else { with };
            let near = |c: u32, best: (f64, f64)| {
                let h = hope(c);
                h.0 >= best.0 - EPS && h.1 >= best.1 - EPS
            };
            for (k, &c) in kids.iter().enumerate() {
                let hopeful = self.open(c) && (near(c, with) || k < plain && near(c, without));
                if hopeful && self.mark[c as usize] != self.round {
                    self.mark[c as usize] = self.round;
                    stack.push(c);
                }
            }
        }
        todo
    }
}
