//! The exact solver for the simple stochastic game of a state graph.
//!
//! The state graph is split into strongly connected components, solved sinks first. A node on
//! no cycle takes the max, min or average of values already known. A cyclic component (a ko
//! loop) is a small stochastic game of its own, with its exits as constants (`local`); it is
//! solved by strategy iteration with every fixed-strategy evaluation done exactly over the
//! rationals ([`crate::solve::exact`]), and its result is certified before it is used. Play
//! that never ends is worth the no-result value ([`Model::no_result`]).

use crate::go::rules::Color;
use crate::problem::Role;
use crate::prove::state::Kind;
use crate::prove::watch::{Limit, Watch};
use crate::solve::exact::each_scc;
use crate::solve::graph::GameGraph;
use crate::solve::model::{Model, Value};
use num_traits::{One, Zero};

mod local;
use local::CycleGame;

/// The solved game: every node's certified value.
#[derive(Clone, Debug)]
pub(crate) struct Values {
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
pub(crate) enum Choice {
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

impl Values {
    /// The value of a node of the state graph.
    pub(crate) fn value(&self, node: u32) -> &Value {
        &self.table[self.ids[node as usize] as usize]
    }

    /// A strategy profile achieving the values: at each node, the child each side plays. On
    /// a cycle it is the profile strategy iteration certified, not merely a locally best
    /// child, which could loop forever where the certified one leaves; elsewhere the first
    /// best child.
    pub(crate) fn choices(
        &self,
        graph: &GameGraph,
        defender: Color,
        params: &Model,
    ) -> Vec<Choice> {
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
                    Kind::Decision(c) => Choice::Move(best_child(Role::of(c, defender), &kids)),
                    Kind::KoChance(c) => {
                        let p = params.threat_prob(c);
                        let role = Role::of(c, defender);
                        Choice::Chance {
                            with: (!p.is_zero()).then(|| best_child(role, &kids)),
                            without: (!p.is_one())
                                .then(|| best_child(role, &kids[..kids.len() - 1])),
                        }
                    }
                }
            })
            .collect()
    }
}

/// The first of the children best for the side to move, whose role it is (the defender
/// maximises).
fn best_child(role: Role, children: &[&Value]) -> usize {
    let better = |a: &Value, b: &Value| match role {
        Role::Defender => a > b,
        Role::Attacker => a < b,
    };
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

/// Why a graph has no values: a component failed certification (a bug), or a limit passed
/// while solving (the values of a graph that large are not worked out past the limit).
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub(crate) enum Unsolved {
    #[error(transparent)]
    Uncertified(#[from] Uncertified),
    #[error("stopped at {0} while solving the graph")]
    Stopped(Limit),
}

/// States solved between two looks at the watch while solving a graph.
const WATCH_EVERY: usize = 1 << 14;

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

    /// The best of `ids` for `role` (the defender maximises).
    fn best(&self, role: Role, ids: impl Iterator<Item = u32>) -> u32 {
        let rank = |&id: &u32| self.rank[id as usize];
        let v = match role {
            Role::Defender => ids.max_by_key(rank),
            Role::Attacker => ids.min_by_key(rank),
        };
        v.expect("every state has a move: pass is always legal")
    }

    /// A node's value from its children's (its equation).
    fn equation(&mut self, kind: Kind, defender: Color, params: &Model, kids: &[u32]) -> u32 {
        match kind {
            // Ids 0 and 1 are the values 0 and 1.
            Kind::Terminal(life) => u32::from(life.value()),
            Kind::Decision(c) => self.best(Role::of(c, defender), kids.iter().copied()),
            Kind::KoChance(c) => {
                let role = Role::of(c, defender);
                let with = self.best(role, kids.iter().copied());
                let without = self.best(role, kids[..kids.len() - 1].iter().copied());
                if with == without {
                    return with;
                }
                if let Some(&id) = self.mixes.get(&(with, without, c)) {
                    return id;
                }
                let p = params.threat_prob(c);
                let v = p * &self.values[with as usize]
                    + (Value::one() - p) * &self.values[without as usize];
                let id = self.intern(v);
                self.mixes.insert((with, without, c), id);
                id
            }
        }
    }
}

/// The role of the side to move at a node; none at a terminal.
fn mover(kind: Kind, defender: Color) -> Option<Role> {
    match kind {
        Kind::Decision(c) | Kind::KoChance(c) => Some(Role::of(c, defender)),
        Kind::Terminal(_) => None,
    }
}

/// Solves the whole graph exactly, with no limit.
pub(crate) fn solve(
    graph: &GameGraph,
    defender: Color,
    params: &Model,
) -> Result<Values, Uncertified> {
    solve_within(graph, defender, params, &Watch::unlimited()).map_err(|e| match e {
        Unsolved::Uncertified(e) => e,
        Unsolved::Stopped(_) => unreachable!("an unlimited watch never stops"),
    })
}

/// Solves the whole graph exactly, until `watch` says a limit has passed: looked at every
/// [`WATCH_EVERY`] states and at each step of a cyclic component's strategy iteration.
pub(crate) fn solve_within(
    graph: &GameGraph,
    defender: Color,
    params: &Model,
    watch: &Watch,
) -> Result<Values, Unsolved> {
    const UNSOLVED: u32 = u32::MAX;
    let n = graph.len();
    let mut table = Table::new();
    let mut ids = vec![UNSOLVED; n];
    ids[0] = 0;
    ids[1] = 1;
    let mut out = Values {
        ids: Vec::new(),
        table: Vec::new(),
        largest_system: 0,
        no_result_used: false,
        cyclic_states: 0,
        cyclic_choices: hashbrown::HashMap::new(),
    };
    let mut kids: Vec<u32> = Vec::new();
    let mut failure = None;
    let (mut done, mut looked) = (0, 0);
    each_scc(
        n,
        |v, buf| buf.extend(graph.children(v as u32).iter().map(|&c| c as usize)),
        |comp| {
            if failure.is_some() {
                return;
            }
            done += comp.len();
            if done >= looked + WATCH_EVERY {
                looked = done;
                if let Some(limit) = watch.exceeded() {
                    failure = Some(Unsolved::Stopped(limit));
                    return;
                }
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
                CycleGame::from_component(graph, comp, &ids, &table.values, defender, params);
            match local.solve(watch) {
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
