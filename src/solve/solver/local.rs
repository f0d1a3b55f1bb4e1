//! One cyclic component of the state graph (a ko loop) as a standard simple stochastic game:
//! max, min and average nodes, the component's exits as constants. It is solved by strategy
//! iteration, every fixed-strategy evaluation done exactly over the rationals
//! ([`crate::solve::exact`]), and its result is certified before it is used.
//!
//! Play that never ends is worth the no-result value `v`. Under fixed strategies that is the
//! value of a closed class of the Markov chain; in the game it needs two extra improvement
//! steps ("traps", below), without which strategy iteration can stop at a non-optimal point
//! in a game that need not terminate.

use super::{mover, Choice, Uncertified, Unsolved};
use crate::go::rules::Color;
use crate::problem::Role;
use crate::prove::state::Kind;
use crate::prove::watch::Watch;
use crate::solve::exact::{sccs, solve_linear_until};
use crate::solve::graph::GameGraph;
use crate::solve::model::{Model, Value};
use nalgebra::{DMatrix, DVector};
use nalgebra_sparse::{CooMatrix, CsrMatrix};
use num_traits::{One, Zero};

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
pub(super) struct CycleGame {
    kinds: Vec<LocalKind>,
    children: Vec<Vec<Child>>,
    exits: Vec<Value>,
    /// The node standing for each state of the component.
    pub(super) state_node: Vec<usize>,
    no_result: Value,
}

pub(super) struct LocalSolution {
    pub(super) values: Vec<Value>,
    /// The certified profile: a child index for each decision node.
    pub(super) strategy: Vec<usize>,
    pub(super) largest_system: usize,
    pub(super) no_result_used: bool,
}

/// `Err` once `watch` says a limit has passed: looked at before each pass over a component.
fn look(watch: &Watch) -> Result<(), Unsolved> {
    match watch.exceeded() {
        Some(limit) => Err(Unsolved::Stopped(limit)),
        None => Ok(()),
    }
}

/// One evaluation of fixed strategies.
struct Evaluation {
    values: Vec<Value>,
    largest_system: usize,
    no_result_used: bool,
}

impl CycleGame {
    pub(super) fn from_component(
        graph: &GameGraph,
        comp: &[usize],
        ids: &[u32],
        table: &[Value],
        defender: Color,
        params: &Model,
    ) -> CycleGame {
        let index: hashbrown::HashMap<usize, usize> =
            comp.iter().enumerate().map(|(i, &s)| (s, i)).collect();
        let mut game = CycleGame {
            kinds: Vec::new(),
            children: Vec::new(),
            exits: Vec::new(),
            state_node: vec![0; comp.len()],
            no_result: params.no_result().clone(),
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
            let player = if mover(kind, defender) == Some(Role::Defender) {
                Player::Max
            } else {
                Player::Min
            };
            match kind {
                Kind::KoChance(c) => {
                    let p = params.threat_prob(c).clone();
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
    pub(super) fn choice(
        &self,
        node: usize,
        kind: Kind,
        params: &Model,
        strategy: &[usize],
    ) -> Choice {
        let chance = match kind {
            Kind::KoChance(c) => Some(params.threat_prob(c)),
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
    fn evaluate(&self, strategy: &[usize], watch: &Watch) -> Result<Evaluation, Unsolved> {
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
        let mut since_look = 0;
        for comp in sccs(n, succ) {
            since_look += comp.len();
            if since_look >= 1 << 12 {
                since_look = 0;
                look(watch)?;
            }
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
            // The chain's equations on the unknowns, `x = P·x + b`, as `(I − P)·x = b`.
            let k = unknowns.len();
            let mut matrix = DMatrix::<Value>::zeros(k, k);
            let mut rhs = DVector::<Value>::zeros(k);
            for (row, &u) in unknowns.iter().enumerate() {
                matrix[(row, row)] = Value::one();
                for (c, p) in self.step(u, strategy) {
                    match resolve(c) {
                        Ok(col) => matrix[(row, col)] -= &p,
                        Err(v) => rhs[row] += p * v,
                    }
                }
            }
            let ends: Vec<Result<usize, Value>> =
                comp.iter().map(|&s| resolve(Child::Node(s))).collect();
            eval.largest_system = eval.largest_system.max(k);
            // A large class's elimination looks at the watch as it goes.
            let solution = solve_linear_until(matrix, rhs, || look(watch))?
                .expect("a class with an exit is transient");
            for (&s, end) in comp.iter().zip(ends) {
                x[s] = Some(match end {
                    Ok(i) => solution[i].clone(),
                    Err(v) => v,
                });
            }
        }
        eval.values = x.into_iter().map(|v| v.expect("all solved")).collect();
        Ok(eval)
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
    fn trap(
        &self,
        x: &[Value],
        strategy: &mut [usize],
        (who, fixed): (Player, bool),
        watch: &Watch,
    ) -> Result<bool, Unsolved> {
        let n = self.len();
        let mut inside: Vec<bool> = (0..n).map(|s| self.endless_helps(who, &x[s])).collect();
        loop {
            look(watch)?;
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
        Ok(found)
    }

    /// The best response of `who` to the other side's strategy in `strategy`.
    fn best_response(
        &self,
        strategy: &mut [usize],
        who: Player,
        watch: &Watch,
    ) -> Result<Evaluation, Unsolved> {
        loop {
            look(watch)?;
            let eval = self.evaluate(strategy, watch)?;
            if self.improve(&eval.values, strategy, who) {
                continue;
            }
            if self.trap(&eval.values, strategy, (who, true), watch)? {
                continue;
            }
            return Ok(eval);
        }
    }

    /// The component's values and a certified profile; each step of the strategy iteration
    /// looks at `watch` first.
    pub(super) fn solve(&self, watch: &Watch) -> Result<LocalSolution, Unsolved> {
        let n = self.len();
        let mut strategy = vec![0usize; n];
        let mut largest = 0;
        let eval = loop {
            let eval = self.best_response(&mut strategy, Player::Min, watch)?;
            largest = largest.max(eval.largest_system);
            if self.improve(&eval.values, &mut strategy, Player::Max) {
                continue;
            }
            if self.trap(&eval.values, &mut strategy, (Player::Max, false), watch)? {
                continue;
            }
            break eval;
        };
        self.certify(&eval.values, watch)?;
        Ok(LocalSolution {
            values: eval.values,
            strategy,
            largest_system: largest,
            no_result_used: eval.no_result_used,
        })
    }

    /// Proves `x` is the value: every node's equation holds ([`CycleGame::equations_hold`]),
    /// and at every level where a side would gain from endless play the other side has a
    /// strategy, optimal at each node, that leaves the level with positive probability from
    /// everywhere (so endless play at that level has probability 0 and each side's guarantee
    /// is `x`).
    fn certify(&self, x: &[Value], watch: &Watch) -> Result<(), Unsolved> {
        let fail = |why| {
            Unsolved::Uncertified(Uncertified {
                size: self.len(),
                why,
            })
        };
        if !self.equations_hold(x) {
            return Err(fail("a node's equation does not hold"));
        }
        for (who, other) in [(Player::Max, Player::Min), (Player::Min, Player::Max)] {
            let level_set: Vec<bool> = (0..self.len())
                .map(|s| self.endless_helps(who, &x[s]))
                .collect();
            // `other`'s attractor out of each level: grow the set of nodes from which it
            // leaves (or reaches an attracted node) whatever `who` does.
            let mut attracted = vec![false; self.len()];
            loop {
                look(watch)?;
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

    /// Whether every node's equation holds at `x`: a decision node is worth its best child
    /// (the most for `Max`, the least for `Min`), an average node the average of its two.
    /// With each decision node's best child at `x` chosen, the equations are linear,
    /// `x = P·x + b`: `P` (sparse, one or two entries a row) holds the moves between the
    /// component's nodes with their probabilities, `b` what the exits bring in. They hold
    /// when the residual `P·x + b − x` is zero, exactly.
    fn equations_hold(&self, x: &[Value]) -> bool {
        let n = self.len();
        let mut p = CooMatrix::new(n, n);
        let mut b = DVector::<Value>::zeros(n);
        for s in 0..n {
            let kids = &self.children[s];
            let moves = match &self.kinds[s] {
                LocalKind::Decision(who) => {
                    let by_value =
                        |a: &&Child, c: &&Child| self.value(x, **a).cmp(self.value(x, **c));
                    let best = match who {
                        Player::Max => kids.iter().max_by(by_value),
                        Player::Min => kids.iter().min_by(by_value),
                    };
                    let Some(&best) = best else {
                        return false;
                    };
                    vec![(best, Value::one())]
                }
                LocalKind::Average(q) => vec![(kids[0], q.clone()), (kids[1], Value::one() - q)],
            };
            for (c, weight) in moves {
                match c {
                    Child::Node(j) => p.push(s, j, weight),
                    Child::Exit(e) => b[s] += weight * &self.exits[e],
                }
            }
        }
        let p = CsrMatrix::from(&p);
        let x = DVector::from_column_slice(x);
        let residual = &p * &x + b - &x;
        residual.iter().all(Value::is_zero)
    }
}
