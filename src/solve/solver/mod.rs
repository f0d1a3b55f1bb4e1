//! The exact solver for the simple stochastic game of a state graph.
//!
//! The state graph is split into strongly connected components, solved sinks first. A node on
//! no cycle takes the max, min or average of values already known. A cyclic component (a ko
//! loop) is a small stochastic game of its own, with its exits as constants; it is solved by
//! strategy iteration with every fixed-strategy evaluation done exactly over the rationals
//! ([`crate::solve::exact`]), and its result is certified before it is used.
//!
//! Play that never ends is worth the no-result value `v`. Under fixed strategies that is the
//! value of a closed class of the Markov chain; in the game it needs two extra improvement
//! steps ("traps", below), without which strategy iteration can stop at a non-optimal point
//! in a game that need not terminate.
//!
//! The file passes 700 lines because the component solver (strategy iteration, traps and the
//! certificate) is one algorithm over one private `LocalGame`; split, its parts would share
//! that type's internals across files.

use crate::go::rules::Color;
use crate::solve::exact::{each_scc, sccs, solve_linear};
use crate::solve::graph::GameGraph;
use crate::solve::model::{Model, Value};
use crate::solve::state::Kind;
use num_traits::{One, Zero};

/// The solved game.
#[derive(Clone, Debug)]
pub struct Solution {
    /// The value id of every node of the state graph.
    ids: Vec<u32>,
    /// The distinct values, by id.
    table: Vec<Value>,
    /// Unknowns in the largest linear system solved exactly.
    pub largest_system: usize,
    /// Whether some state's value came from the no-result rule.
    pub no_result_used: bool,
    /// States on a cycle (solved by strategy iteration).
    pub cyclic_states: usize,
    /// The certified choices at states on a cycle (elsewhere any best child will do).
    cyclic_choices: hashbrown::HashMap<u32, Choice>,
}

/// What the side to move plays at a node under the solution's strategy profile: child
/// indices into [`GameGraph::children`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    Terminal,
    /// A decision node's child.
    Move(usize),
    /// A chance node: the child with a threat and without one; `None` where that branch has
    /// probability 0 (a threat probability of 0 or 1).
    Chance {
        with: Option<usize>,
        without: Option<usize>,
    },
}

impl Solution {
    /// The value of a node of the state graph.
    pub fn value(&self, node: u32) -> &Value {
        &self.table[self.ids[node as usize] as usize]
    }

    /// A strategy profile achieving the values: at each node, the child each side plays. On
    /// a cycle it is the profile strategy iteration certified, not merely a locally best
    /// child, which could loop forever where the certified one leaves; elsewhere the first
    /// best child.
    pub fn choices(&self, graph: &GameGraph, defender: Color, params: &Model) -> Vec<Choice> {
        (0..graph.len() as u32)
            .map(|node| {
                if let Some(&c) = self.cyclic_choices.get(&node) {
                    return c;
                }
                let kids: Vec<&Value> = graph
                    .children(node)
                    .iter()
                    .map(|&c| self.value(c))
                    .collect();
                let kind = graph.kind(node);
                match kind {
                    Kind::Terminal(_) => Choice::Terminal,
                    Kind::Decision(c) => Choice::Move(best_child(c == defender, &kids)),
                    Kind::KoChance(c) => {
                        let p = &params.threat_prob[c.index()];
                        let max = c == defender;
                        Choice::Chance {
                            with: (!p.is_zero()).then(|| best_child(max, &kids)),
                            without: (!p.is_one())
                                .then(|| best_child(max, &kids[..kids.len() - 1])),
                        }
                    }
                }
            })
            .collect()
    }
}

/// The first of the children best for the side to move.
fn best_child(maximise: bool, children: &[&Value]) -> usize {
    let better = |a: &Value, b: &Value| if maximise { a > b } else { a < b };
    (1..children.len()).fold(0, |i, j| {
        if better(children[j], children[i]) {
            j
        } else {
            i
        }
    })
}

/// The solver could not certify a component: a bug, never an answer.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("internal error: a component of {size} states failed certification ({why})")]
pub struct Uncertified {
    pub size: usize,
    pub why: &'static str,
}

/// Distinct values, interned. Nodes hold a `u32` id; most graphs have a handful of distinct
/// values, so ranks compare them without rational arithmetic and states cost 4 bytes each.
struct Table {
    values: Vec<Value>,
    ids: hashbrown::HashMap<Value, u32>,
    rank: Vec<u32>,
    /// Threat averages already computed: (with-threat id, without id, colour) -> id.
    mixes: hashbrown::HashMap<(u32, u32, Color), u32>,
}

impl Table {
    fn new() -> Table {
        let mut t = Table {
            values: Vec::new(),
            ids: hashbrown::HashMap::new(),
            rank: Vec::new(),
            mixes: hashbrown::HashMap::new(),
        };
        t.intern(Value::zero());
        t.intern(Value::one());
        t
    }

    fn intern(&mut self, v: Value) -> u32 {
        if let Some(&id) = self.ids.get(&v) {
            return id;
        }
        let id = self.values.len() as u32;
        self.ids.insert(v.clone(), id);
        self.values.push(v);
        let mut order: Vec<u32> = (0..=id).collect();
        order.sort_by(|&a, &b| self.values[a as usize].cmp(&self.values[b as usize]));
        self.rank = vec![0; order.len()];
        for (r, &i) in order.iter().enumerate() {
            self.rank[i as usize] = r as u32;
        }
        id
    }

    fn best(&self, maximise: bool, ids: impl Iterator<Item = u32>) -> u32 {
        let rank = |&id: &u32| self.rank[id as usize];
        let v = if maximise {
            ids.max_by_key(rank)
        } else {
            ids.min_by_key(rank)
        };
        v.expect("every state has a move: pass is always legal")
    }

    /// A node's value from its children's (its equation).
    fn equation(&mut self, kind: Kind, defender: Color, params: &Model, kids: &[u32]) -> u32 {
        match kind {
            Kind::Terminal(live) => live as u32,
            Kind::Decision(c) => self.best(c == defender, kids.iter().copied()),
            Kind::KoChance(c) => {
                let with = self.best(c == defender, kids.iter().copied());
                let without = self.best(c == defender, kids[..kids.len() - 1].iter().copied());
                if with == without {
                    return with;
                }
                if let Some(&id) = self.mixes.get(&(with, without, c)) {
                    return id;
                }
                let p = &params.threat_prob[c.index()];
                let v = p * &self.values[with as usize]
                    + (Value::one() - p) * &self.values[without as usize];
                let id = self.intern(v);
                self.mixes.insert((with, without, c), id);
                id
            }
        }
    }
}

/// Which side a decision node belongs to.
fn maximiser(kind: Kind, defender: Color) -> Option<bool> {
    match kind {
        Kind::Decision(c) | Kind::KoChance(c) => Some(c == defender),
        Kind::Terminal(_) => None,
    }
}

/// Solves the whole graph exactly.
pub fn solve(graph: &GameGraph, defender: Color, params: &Model) -> Result<Solution, Uncertified> {
    const UNSOLVED: u32 = u32::MAX;
    let n = graph.len();
    let mut table = Table::new();
    let mut ids = vec![UNSOLVED; n];
    ids[0] = 0;
    ids[1] = 1;
    let mut out = Solution {
        ids: Vec::new(),
        table: Vec::new(),
        largest_system: 0,
        no_result_used: false,
        cyclic_states: 0,
        cyclic_choices: hashbrown::HashMap::new(),
    };
    let mut kids: Vec<u32> = Vec::new();
    let mut failure = None;
    each_scc(
        n,
        |v, buf| buf.extend(graph.children(v as u32).iter().map(|&c| c as usize)),
        |comp| {
            if failure.is_some() {
                return;
            }
            if let [s] = *comp {
                let s = s as u32;
                if s <= 1 {
                    return;
                }
                if !graph.children(s).contains(&s) {
                    kids.clear();
                    kids.extend(graph.children(s).iter().map(|&c| ids[c as usize]));
                    debug_assert!(kids.iter().all(|&k| k != UNSOLVED), "sinks first");
                    ids[s as usize] = table.equation(graph.kind(s), defender, params, &kids);
                    return;
                }
            }
            out.cyclic_states += comp.len();
            let local =
                LocalGame::from_component(graph, comp, &ids, &table.values, defender, params);
            match local.solve() {
                Ok(solved) => {
                    out.largest_system = out.largest_system.max(solved.largest_system);
                    out.no_result_used |= solved.no_result_used;
                    for (i, &s) in comp.iter().enumerate() {
                        let node = local.state_node[i];
                        ids[s] = table.intern(solved.values[node].clone());
                        let choice =
                            local.choice(node, graph.kind(s as u32), params, &solved.strategy);
                        out.cyclic_choices.insert(s as u32, choice);
                    }
                }
                Err(e) => failure = Some(e),
            }
        },
    );
    if let Some(e) = failure {
        return Err(e);
    }
    out.ids = ids;
    out.table = table.values;
    Ok(out)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Player {
    Max,
    Min,
}

#[derive(Clone, Debug)]
enum LocalKind {
    Decision(Player),
    /// Probability of the first child; the second has the rest.
    Average(Value),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Child {
    Node(usize),
    /// Index into the constants (exits of the component).
    Exit(usize),
}

/// A component as a standard simple stochastic game: max, min and average nodes.
struct LocalGame {
    kinds: Vec<LocalKind>,
    children: Vec<Vec<Child>>,
    exits: Vec<Value>,
    /// The node standing for each state of the component.
    state_node: Vec<usize>,
    no_result: Value,
}

struct LocalSolution {
    values: Vec<Value>,
    /// The certified profile: a child index for each decision node.
    strategy: Vec<usize>,
    largest_system: usize,
    no_result_used: bool,
}

/// One evaluation of fixed strategies.
struct Evaluation {
    values: Vec<Value>,
    largest_system: usize,
    no_result_used: bool,
}

impl LocalGame {
    fn from_component(
        graph: &GameGraph,
        comp: &[usize],
        ids: &[u32],
        table: &[Value],
        defender: Color,
        params: &Model,
    ) -> LocalGame {
        let index: hashbrown::HashMap<usize, usize> =
            comp.iter().enumerate().map(|(i, &s)| (s, i)).collect();
        let mut game = LocalGame {
            kinds: Vec::new(),
            children: Vec::new(),
            exits: Vec::new(),
            state_node: vec![0; comp.len()],
            no_result: params.no_result.clone(),
        };
        // State i of the component is node i; chance states add their two decision nodes.
        for _ in comp {
            game.kinds.push(LocalKind::Decision(Player::Max));
            game.children.push(Vec::new());
        }
        for (i, &s) in comp.iter().enumerate() {
            game.state_node[i] = i;
            let kids: Vec<Child> = graph
                .children(s as u32)
                .iter()
                .map(|&c| match index.get(&(c as usize)) {
                    Some(&j) => Child::Node(j),
                    None => {
                        game.exits.push(table[ids[c as usize] as usize].clone());
                        Child::Exit(game.exits.len() - 1)
                    }
                })
                .collect();
            let kind = graph.kind(s as u32);
            let player = if maximiser(kind, defender) == Some(true) {
                Player::Max
            } else {
                Player::Min
            };
            match kind {
                Kind::KoChance(c) => {
                    let p = params.threat_prob[c.index()].clone();
                    let without = kids[..kids.len() - 1].to_vec();
                    if p.is_one() {
                        game.set(i, LocalKind::Decision(player), kids);
                    } else if p.is_zero() {
                        game.set(i, LocalKind::Decision(player), without);
                    } else {
                        let a = game.push(LocalKind::Decision(player), kids);
                        let b = game.push(LocalKind::Decision(player), without);
                        game.set(
                            i,
                            LocalKind::Average(p),
                            vec![Child::Node(a), Child::Node(b)],
                        );
                    }
                }
                _ => game.set(i, LocalKind::Decision(player), kids),
            }
        }
        game
    }

    fn set(&mut self, i: usize, kind: LocalKind, children: Vec<Child>) {
        self.kinds[i] = kind;
        self.children[i] = children;
    }

    fn push(&mut self, kind: LocalKind, children: Vec<Child>) -> usize {
        self.kinds.push(kind);
        self.children.push(children);
        self.kinds.len() - 1
    }

    fn len(&self) -> usize {
        self.kinds.len()
    }

    /// A state's choice under `strategy`: the strategy's indices are graph child indices,
    /// since a decision node's children, and those of a chance state's two decision nodes,
    /// are the state's graph children (or all but the last) in order. A chance state whose
    /// threat probability is 0 or 1 is a single decision node here.
    fn choice(&self, node: usize, kind: Kind, params: &Model, strategy: &[usize]) -> Choice {
        let chance = match kind {
            Kind::KoChance(c) => Some(&params.threat_prob[c.index()]),
            _ => None,
        };
        match (&self.kinds[node], chance) {
            (LocalKind::Average(_), _) => {
                let [Child::Node(with), Child::Node(without)] = self.children[node][..] else {
                    unreachable!("a chance state's branches are its own two nodes")
                };
                Choice::Chance {
                    with: Some(strategy[with]),
                    without: Some(strategy[without]),
                }
            }
            (LocalKind::Decision(_), Some(p)) if p.is_one() => Choice::Chance {
                with: Some(strategy[node]),
                without: None,
            },
            (LocalKind::Decision(_), Some(_)) => Choice::Chance {
                with: None,
                without: Some(strategy[node]),
            },
            (LocalKind::Decision(_), None) => Choice::Move(strategy[node]),
        }
    }

    fn value<'a>(&'a self, x: &'a [Value], c: Child) -> &'a Value {
        match c {
            Child::Node(j) => &x[j],
            Child::Exit(e) => &self.exits[e],
        }
    }

    fn is(&self, s: usize, who: Player) -> bool {
        matches!(self.kinds[s], LocalKind::Decision(p) if p == who)
    }

    /// Successors with positive probability under a strategy profile.
    fn step(&self, s: usize, strategy: &[usize]) -> Vec<(Child, Value)> {
        match &self.kinds[s] {
            LocalKind::Decision(_) => vec![(self.children[s][strategy[s]], Value::one())],
            LocalKind::Average(p) => vec![
                (self.children[s][0], p.clone()),
                (self.children[s][1], Value::one() - p),
            ],
        }
    }

    /// Exact values of the Markov chain the strategies leave. A closed class with no way out
    /// is play that never ends: it gets the no-result value.
    fn evaluate(&self, strategy: &[usize]) -> Evaluation {
        let n = self.len();
        let mut x: Vec<Option<Value>> = vec![None; n];
        let mut eval = Evaluation {
            values: Vec::new(),
            largest_system: 0,
            no_result_used: false,
        };
        let succ = |s: usize, buf: &mut Vec<usize>| {
            for (c, _) in self.step(s, strategy) {
                if let Child::Node(j) = c {
                    buf.push(j);
                }
            }
        };
        for comp in sccs(n, succ) {
            let inside = |c: Child| matches!(c, Child::Node(j) if comp.contains(&j));
            let closed = comp
                .iter()
                .all(|&s| self.step(s, strategy).iter().all(|&(c, _)| inside(c)));
            if closed {
                for &s in &comp {
                    x[s] = Some(self.no_result.clone());
                }
                eval.no_result_used = true;
                continue;
            }
            // Decision nodes pass their child's value on, so only average nodes are unknowns:
            // follow decision links to an average node of this class or to a known value.
            let unknowns: Vec<usize> = comp
                .iter()
                .copied()
                .filter(|&s| matches!(self.kinds[s], LocalKind::Average(_)))
                .collect();
            let resolve = |mut c: Child| -> Result<usize, Value> {
                loop {
                    match c {
                        Child::Exit(e) => return Err(self.exits[e].clone()),
                        Child::Node(j) if !comp.contains(&j) => {
                            return Err(x[j].clone().expect("solved earlier"))
                        }
                        Child::Node(j) => match self.kinds[j] {
                            LocalKind::Average(_) => {
                                return Ok(unknowns.iter().position(|&u| u == j).expect("unknown"))
                            }
                            LocalKind::Decision(_) => c = self.children[j][strategy[j]],
                        },
                    }
                }
            };
            let k = unknowns.len();
            let mut matrix = vec![vec![Value::zero(); k]; k];
            let mut rhs = vec![Value::zero(); k];
            for (row, &u) in unknowns.iter().enumerate() {
                matrix[row][row] = Value::one();
                for (c, p) in self.step(u, strategy) {
                    match resolve(c) {
                        Ok(col) => matrix[row][col] -= &p,
                        Err(v) => rhs[row] += p * v,
                    }
                }
            }
            let ends: Vec<Result<usize, Value>> =
                comp.iter().map(|&s| resolve(Child::Node(s))).collect();
            eval.largest_system = eval.largest_system.max(k);
            let solution = solve_linear(matrix, rhs).expect("a class with an exit is transient");
            for (&s, end) in comp.iter().zip(ends) {
                x[s] = Some(match end {
                    Ok(i) => solution[i].clone(),
                    Err(v) => v,
                });
            }
        }
        eval.values = x.into_iter().map(|v| v.expect("all solved")).collect();
        eval
    }

    /// Switches `who`'s nodes to strictly better children. Returns whether anything changed.
    fn improve(&self, x: &[Value], strategy: &mut [usize], who: Player) -> bool {
        let mut changed = false;
        for (s, choice) in strategy.iter_mut().enumerate() {
            if !self.is(s, who) {
                continue;
            }
            let kids = &self.children[s];
            let current = self.value(x, kids[*choice]);
            let mut pick = *choice;
            for (i, &c) in kids.iter().enumerate() {
                let v = self.value(x, c);
                let better = match who {
                    Player::Max => v > self.value(x, kids[pick]),
                    Player::Min => v < self.value(x, kids[pick]),
                };
                if better {
                    pick = i;
                }
            }
            if self.value(x, kids[pick]) != current {
                *choice = pick;
                changed = true;
            }
        }
        changed
    }

    /// Whether `who` would gain from play that never ends at a node's level.
    fn endless_helps(&self, who: Player, level: &Value) -> bool {
        match who {
            Player::Max => level < &self.no_result,
            Player::Min => level > &self.no_result,
        }
    }

    /// Traps: sets of equal-valued nodes where `who` gains from endless play and can keep the
    /// play inside whatever chance does. With `fixed` the other side's strategy is given (a
    /// best response, for the inner loop); without it the other side may leave only to
    /// nodes worth more to `who` (the outer loop). Switches `who` to stay inside; returns
    /// whether any trap was found.
    fn trap(&self, x: &[Value], strategy: &mut [usize], who: Player, fixed: bool) -> bool {
        let n = self.len();
        let mut inside: Vec<bool> = (0..n).map(|s| self.endless_helps(who, &x[s])).collect();
        loop {
            let mut removed = false;
            for s in 0..n {
                if !inside[s] {
                    continue;
                }
                let level = &x[s];
                let held = |c: Child| matches!(c, Child::Node(j) if inside[j] && &x[j] == level);
                let stays = match &self.kinds[s] {
                    LocalKind::Average(_) => self.children[s].iter().all(|&c| held(c)),
                    LocalKind::Decision(p) if *p == who => {
                        self.children[s].iter().any(|&c| held(c))
                    }
                    LocalKind::Decision(_) if fixed => held(self.children[s][strategy[s]]),
                    // The other side leaves only to nodes it values less than this level.
                    LocalKind::Decision(_) => self.children[s]
                        .iter()
                        .all(|&c| held(c) || self.value(x, c) != level),
                };
                if !stays {
                    inside[s] = false;
                    removed = true;
                }
            }
            if !removed {
                break;
            }
        }
        let mut found = false;
        for s in 0..n {
            if inside[s] && self.is(s, who) {
                let level = &x[s];
                let stay = self.children[s]
                    .iter()
                    .position(|&c| matches!(c, Child::Node(j) if inside[j] && &x[j] == level))
                    .expect("trap nodes keep a child inside");
                strategy[s] = stay;
                found = true;
            }
        }
        found
    }

    /// The best response of `who` to the other side's strategy in `strategy`.
    fn best_response(&self, strategy: &mut [usize], who: Player) -> Evaluation {
        loop {
            let eval = self.evaluate(strategy);
            if self.improve(&eval.values, strategy, who) {
                continue;
            }
            if self.trap(&eval.values, strategy, who, true) {
                continue;
            }
            return eval;
        }
    }

    fn solve(&self) -> Result<LocalSolution, Uncertified> {
        let n = self.len();
        let mut strategy = vec![0usize; n];
        let mut largest = 0;
        let eval = loop {
            let eval = self.best_response(&mut strategy, Player::Min);
            largest = largest.max(eval.largest_system);
            if self.improve(&eval.values, &mut strategy, Player::Max) {
                continue;
            }
            if self.trap(&eval.values, &mut strategy, Player::Max, false) {
                continue;
            }
            break eval;
        };
        self.certify(&eval.values)?;
        Ok(LocalSolution {
            values: eval.values,
            strategy,
            largest_system: largest,
            no_result_used: eval.no_result_used,
        })
    }

    /// Proves `x` is the value: every node's equation holds, and at every level where a side
    /// would gain from endless play the other side has a strategy, optimal at each node,
    /// that leaves the level with positive probability from everywhere (so endless play at
    /// that level has probability 0 and each side's guarantee is `x`).
    fn certify(&self, x: &[Value]) -> Result<(), Uncertified> {
        let fail = |why| Uncertified {
            size: self.len(),
            why,
        };
        for s in 0..self.len() {
            let kids = self.children[s].iter().map(|&c| self.value(x, c));
            let expected = match &self.kinds[s] {
                LocalKind::Decision(Player::Max) => kids.max().cloned(),
                LocalKind::Decision(Player::Min) => kids.min().cloned(),
                LocalKind::Average(p) => Some(
                    p * self.value(x, self.children[s][0])
                        + (Value::one() - p) * self.value(x, self.children[s][1]),
                ),
            };
            if expected.as_ref() != Some(&x[s]) {
                return Err(fail("a node's equation does not hold"));
            }
        }
        for (who, other) in [(Player::Max, Player::Min), (Player::Min, Player::Max)] {
            let level_set: Vec<bool> = (0..self.len())
                .map(|s| self.endless_helps(who, &x[s]))
                .collect();
            // `other`'s attractor out of each level: grow the set of nodes from which it
            // leaves (or reaches an attracted node) whatever `who` does.
            let mut attracted = vec![false; self.len()];
            loop {
                let mut grew = false;
                for s in 0..self.len() {
                    if !level_set[s] || attracted[s] {
                        continue;
                    }
                    let level = &x[s];
                    let gone = |c: Child| match c {
                        Child::Exit(_) => true,
                        Child::Node(j) => &x[j] != level || attracted[j],
                    };
                    let pulls = match &self.kinds[s] {
                        LocalKind::Average(_) => self.children[s].iter().any(|&c| gone(c)),
                        LocalKind::Decision(p) if *p == other => self.children[s]
                            .iter()
                            .any(|&c| self.value(x, c) == level && gone(c)),
                        LocalKind::Decision(_) => self.children[s].iter().all(|&c| gone(c)),
                    };
                    if pulls {
                        attracted[s] = true;
                        grew = true;
                    }
                }
                if !grew {
                    break;
                }
            }
            if (0..self.len()).any(|s| level_set[s] && !attracted[s]) {
                return Err(fail(
                    "a side could prolong play forever at a level it gains by",
                ));
            }
        }
        Ok(())
    }
}
