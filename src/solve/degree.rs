//! The life degree of a problem: build the state graph, solve it, read off the answers.

use crate::go::graph::{Graph, Point};
use crate::go::rules::Color;
use crate::problem::{LocalProblem, Problem, ProblemError};
use crate::solve::build::{GradeGraph, Stopped};
use crate::solve::grade::{grades, node_grades, Grade};
use crate::solve::graph::GameGraph;
use crate::solve::model::{Model, Value};
use crate::solve::solver::{solve, Choice, Solution, Uncertified};
use crate::solve::state::Kind;
use crate::solve::watch::Limit;
use num_traits::{One, Zero};
use std::time::{Duration, Instant};

use crate::solve::limits::Limits;

/// A first move: a board point or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum FirstMove {
    Play(Point),
    Pass,
}

impl FirstMove {
    /// The move played at `point` (`None`: a pass).
    pub fn at(point: Option<Point>) -> FirstMove {
        point.map_or(FirstMove::Pass, FirstMove::Play)
    }

    /// The board's name of the move (`K19`, `pass`).
    pub fn label(self, g: &Graph) -> String {
        match self {
            FirstMove::Play(p) => g.label(p),
            FirstMove::Pass => "pass".to_string(),
        }
    }
}

/// What is known of the life degree after a first move.
#[derive(Clone, Debug, PartialEq)]
pub enum MoveValue {
    Exact(Value),
    /// Strictly below this, its start's value: a defender's move worse than its best. Not
    /// solved further ([`crate::solve::openings`], [`crate::solve::build::interval`]).
    Below(Value),
    /// Strictly above this, its start's value: an attacker's move worse than its best.
    Above(Value),
    /// Not examined: a first move of the side not to play, whose start's value another move
    /// proves (`solve::openings`).
    Unexamined,
    /// Not decided when a limit stopped the solve: its start's value was proven without it
    /// (it may be a best move as well).
    Undecided,
}

impl MoveValue {
    /// The exact value, if known.
    pub fn exact(&self) -> Option<&Value> {
        match self {
            MoveValue::Exact(v) => Some(v),
            MoveValue::Below(_)
            | MoveValue::Above(_)
            | MoveValue::Unexamined
            | MoveValue::Undecided => None,
        }
    }
}

impl std::fmt::Display for MoveValue {
    /// A fraction, a bound (`<1`, `>0`), `?` for a move not examined, `undecided` for one a
    /// limit left open.
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            MoveValue::Exact(v) => write!(f, "{v}"),
            MoveValue::Below(v) => write!(f, "<{v}"),
            MoveValue::Above(v) => write!(f, ">{v}"),
            MoveValue::Unexamined => write!(f, "?"),
            MoveValue::Undecided => write!(f, "undecided"),
        }
    }
}

/// One side moving first: its value and the value after each legal first move.
#[derive(Clone, Debug, PartialEq)]
pub struct Opening {
    pub side: Color,
    pub value: Value,
    /// The threats each side needs (counted, not coin flips: [`crate::solve::grade`]).
    pub grade: Grade,
    /// Every legal first move and pass, with the life degree and the grade after it.
    pub moves: Vec<MoveAnswer>,
}

/// A first move, with the life degree after it and the grade of the position it leads to.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveAnswer {
    pub first: FirstMove,
    pub value: MoveValue,
    pub grade: Grade,
}

impl LifeDegree {
    /// Whether the outcome hangs on who moves first: the defender does better moving first.
    pub fn hangs(&self, defender: Color) -> bool {
        let (mine, theirs) = self.by_defender(defender);
        mine.value > theirs.value
    }

    /// Whether it hangs outright: the defender moving first lives and the attacker moving
    /// first kills, whatever the threats.
    pub fn hangs_outright(&self, defender: Color) -> bool {
        let (mine, theirs) = self.by_defender(defender);
        mine.value.is_one() && theirs.value.is_zero()
    }

    /// Whether a smaller target (some of this one's chains given up) might hang outright
    /// where this one does not: the defender moving first does not live outright yet, and the
    /// attacker moving first kills outright already. A smaller target is never worth less to
    /// the defender (its strategy for the whole target keeps the smaller one alive wherever
    /// it kept the whole, and where the whole is lost the smaller one is worth at least 0),
    /// so where the attacker moving first only gets a ko it gets no more against less.
    pub fn smaller_target_may_hang_outright(&self, defender: Color) -> bool {
        let (mine, theirs) = self.by_defender(defender);
        !mine.value.is_one() && theirs.value.is_zero()
    }

    /// Whether the defender dies even moving first, whatever the threats: nothing hangs on who
    /// moves first, by the threats players count either.
    pub fn dies_moving_first(&self, defender: Color) -> bool {
        let (mine, _) = self.by_defender(defender);
        mine.value.is_zero() || mine.grade == Grade::Dies
    }

    /// The defender's start, then the attacker's.
    fn by_defender(&self, defender: Color) -> (&Opening, &Opening) {
        match defender {
            Color::Black => (&self.black_first, &self.white_first),
            Color::White => (&self.white_first, &self.black_first),
        }
    }
}

impl Opening {
    /// First moves with this value: the ones not examined, or a limit left undecided.
    pub fn count(&self, value: &MoveValue) -> usize {
        self.moves.iter().filter(|m| m.value == *value).count()
    }

    /// The moves that achieve the value.
    pub fn best(&self) -> impl Iterator<Item = FirstMove> + '_ {
        self.moves
            .iter()
            .filter(|m| m.value.exact() == Some(&self.value))
            .map(|m| m.first)
    }
}

/// The answer for a problem.
#[derive(Clone, Debug)]
pub struct LifeDegree {
    /// Turn undetermined: `q·B + (1−q)·W`.
    pub value: Value,
    pub black_first: Opening,
    pub white_first: Opening,
    /// States in the graph (terminals not counted).
    pub states: usize,
    pub chance_nodes: usize,
    pub largest_system: usize,
    pub cyclic_states: usize,
    pub no_result_used: bool,
    /// States ended early by static analysis (counted in `states`).
    pub static_ended: usize,
    /// States ended early by the extreme games' bounds (counted in `states`).
    pub bounds_ended: usize,
    /// States left unexpanded by interval pruning, no line either side would choose passing
    /// through them (counted in `states`).
    pub unexpanded: usize,
    /// First moves only bounded, not solved ([`MoveValue::Below`], [`MoveValue::Above`]).
    pub bounded_moves: usize,
    /// First moves of the side not to play left unexamined ([`MoveValue::Unexamined`]).
    pub unexamined_moves: usize,
    /// The limit that stopped the solve once both starts' values were known: first moves
    /// still open are [`MoveValue::Undecided`].
    pub stopped: Option<Limit>,
    pub elapsed: Duration,
}

/// Why a problem could not be solved.
#[derive(Debug, thiserror::Error)]
pub enum SolveError {
    #[error(transparent)]
    Problem(#[from] ProblemError),
    /// A limit passed; `first_prob` (Black's chance to move first) turns what the partial
    /// graph shows of each opening into bounds on the life degree. Boxed: large, and rare.
    #[error("{}", stopped_message(.stopped, .first_prob, .proven))]
    Stopped {
        stopped: Box<Stopped>,
        first_prob: Box<Value>,
        /// The board's names of [`Stopped::proven`]'s moves: Black first's, White first's.
        proven: Box<[Vec<String>; 2]>,
    },
    #[error(transparent)]
    Uncertified(#[from] Uncertified),
}

impl SolveError {
    pub fn stopped(stopped: Stopped, params: &Model, graph: &Graph) -> SolveError {
        let name = |&m: &Option<Point>| FirstMove::at(m).label(graph);
        SolveError::Stopped {
            proven: Box::new(
                stopped
                    .proven
                    .each_ref()
                    .map(|ms| ms.iter().map(name).collect()),
            ),
            stopped: Box::new(stopped),
            first_prob: Box::new(params.first_prob.clone()),
        }
    }
}

/// One line: the limit, the work done, what is known (with the first moves proven best),
/// and how to go further.
fn stopped_message(s: &Stopped, q: &Value, proven: &[Vec<String>; 2]) -> String {
    let [(bl, bh), (wl, wh)] = opening_bounds(s);
    let interval = |lo: &Value, hi: &Value| format!("[{lo}, {hi}]");
    let opening = |lo: &Value, hi: &Value, moves: &[String]| match moves {
        [] => interval(lo, hi),
        _ => format!("{}, proven best: {}", interval(lo, hi), moves.join(" ")),
    };
    let raise = s.limit.how_to_raise();
    let (lo, hi) = stopped_bounds(s, q);
    format!(
        "stopped at {} after {} states and {} proof positions, the fight having {} empty points: life degree in {} (Black first in {}, White first in {}); to go further, {raise}, or mark a smaller area for the fight (SGF SQ)",
        s.limit,
        s.states,
        s.proof_positions,
        s.empty_points,
        interval(&lo, &hi),
        opening(&bl, &bh, &proven[0]),
        opening(&wl, &wh, &proven[1]),
    )
}

/// A built and solved problem, kept for reports that look inside (graphs, lines of play).
pub struct Solved {
    pub local: LocalProblem,
    pub graph: GameGraph,
    pub solution: Solution,
    /// Black first, White first.
    pub grades: [Grade; 2],
    /// Each first move's grade: Black first's, White first's.
    move_grades: [Vec<(FirstMove, Grade)>; 2],
}

impl Solved {
    pub fn new(problem: &Problem, params: &Model, limits: &Limits) -> Result<Solved, SolveError> {
        let local = problem.arena()?;
        let solve = |graph: &GameGraph| solve(graph, problem.defender(), params);
        let (graph, solution, restarts) =
            GameGraph::build_with_restarts(&local, &limits.for_params(params), params, solve)
                .map_err(|e| SolveError::stopped(e, params, problem.graph()))?;
        let solution = solution?;
        // The first moves, each with the limit that stopped its grade.
        let unknown = |limit| {
            graph
                .roots
                .map(|r| first_moves(&graph, &local, r, |_| Grade::Unknown(limit)))
        };
        let (grades, move_grades) = match restarts {
            GradeGraph::Built(_, Ok(every)) => counted(&every, &local),
            GradeGraph::Built(starts, Err(limit)) => {
                (grades(&starts, local.defender), unknown(limit))
            }
            GradeGraph::Stopped(limit) => ([Grade::Unknown(limit); 2], unknown(limit)),
            // Proofs decided the starts: each is worth 1 or 0 whatever the threats
            // ([`crate::solve::grade`]: their proofs carry over to the threats' game), and so
            // is a first move settled for every parameter (a terminal other than a stand-in),
            // but for life where the defender moves just after the attacker's pass: there the
            // proof may be the defender's second pass, which in the threats' game opens the
            // confirmation phase instead of ending it.
            GradeGraph::Decided => {
                let settled = |child: u32| {
                    let state = &graph.states[child as usize];
                    let waits = state.after_pass() && state.to_move() == local.defender;
                    match graph.kind(child) {
                        _ if graph.dead_by_grade.contains(&child) => Grade::Dies,
                        Kind::Terminal(false) if !graph.stands_in(child) => Grade::Dies,
                        Kind::Terminal(true) if !graph.stands_in(child) && !waits => Grade::Lives,
                        _ => Grade::Uncounted,
                    }
                };
                (
                    graph.roots.map(|r| extreme(solution.value(r).is_one())),
                    graph.roots.map(|r| first_moves(&graph, &local, r, settled)),
                )
            }
        };
        Ok(Solved {
            local,
            graph,
            solution,
            grades,
            move_grades,
        })
    }

    /// The certified strategy profile: each node's choice (see [`Solution::choices`]).
    pub fn choices(&self, params: &Model) -> Vec<Choice> {
        self.solution
            .choices(&self.graph, self.local.defender, params)
    }

    fn opening(&self, side: Color) -> Opening {
        let root = self.graph.roots[side.index()];
        let succ = self.graph.successors(&self.local, root);
        let moves = succ
            .moves
            .iter()
            .map(|&(m, child)| {
                let m = FirstMove::at(m.point(&self.local.arena));
                let value = if self.graph.unexamined.contains(&child) {
                    MoveValue::Unexamined
                } else if self.graph.undecided.contains(&child) {
                    MoveValue::Undecided
                } else if !self.graph.worse.contains(&child) {
                    MoveValue::Exact(self.solution.value(child).clone())
                } else if side == self.local.defender {
                    MoveValue::Below(self.solution.value(root).clone())
                } else {
                    MoveValue::Above(self.solution.value(root).clone())
                };
                let grade = self.move_grades[side.index()]
                    .iter()
                    .find(|(first, _)| *first == m)
                    .map_or(Grade::Uncounted, |&(_, g)| g);
                MoveAnswer {
                    first: m,
                    value,
                    grade,
                }
            })
            .collect();
        Opening {
            side,
            value: self.solution.value(root).clone(),
            grade: self.grades[side.index()],
            moves,
        }
    }

    pub fn life_degree(&self, params: &Model, elapsed: Duration) -> LifeDegree {
        let black_first = self.opening(Color::Black);
        let white_first = self.opening(Color::White);
        let value = undetermined(&params.first_prob, &black_first.value, &white_first.value);
        LifeDegree {
            value,
            black_first,
            white_first,
            states: self.graph.len() - 2,
            chance_nodes: self.graph.chance_nodes(),
            largest_system: self.solution.largest_system,
            cyclic_states: self.solution.cyclic_states,
            no_result_used: self.solution.no_result_used,
            static_ended: self.graph.static_ended,
            bounds_ended: self.graph.bounds_ended,
            unexpanded: self.graph.unexpanded.len(),
            bounded_moves: self.graph.worse.len(),
            unexamined_moves: self.graph.unexamined.len(),
            stopped: self.graph.stopped,
            elapsed,
        }
    }
}

/// `l` or `d`: the grade of a state whose value is 1 or 0 whatever the threats.
fn extreme(lives: bool) -> Grade {
    if lives {
        Grade::Lives
    } else {
        Grade::Dies
    }
}

/// The first moves from `root`, each with `grade` of the state it leads to.
fn first_moves(
    graph: &GameGraph,
    local: &LocalProblem,
    root: u32,
    grade: impl Fn(u32) -> Grade,
) -> Vec<(FirstMove, Grade)> {
    graph
        .successors(local, root)
        .moves
        .iter()
        .map(|&(m, child)| (FirstMove::at(m.point(&local.arena)), grade(child)))
        .collect()
}

/// The starts' grades and their first moves' on the grades' graph.
fn counted(graph: &GameGraph, local: &LocalProblem) -> ([Grade; 2], [Vec<(FirstMove, Grade)>; 2]) {
    let moves = graph.roots.map(|r| graph.successors(local, r).moves);
    let nodes: Vec<u32> = graph
        .roots
        .into_iter()
        .chain(moves.iter().flatten().map(|&(_, child)| child))
        .collect();
    let grades = node_grades(graph, local.defender, &nodes);
    let mut rest = grades[2..].iter().copied();
    let firsts = moves.map(|ms| {
        ms.iter()
            .map(|&(m, _)| {
                (
                    FirstMove::at(m.point(&local.arena)),
                    rest.next().expect("a grade"),
                )
            })
            .collect()
    });
    ([grades[0], grades[1]], firsts)
}

/// What a stopped build knows of each opening: Black first's and White first's bounds.
fn opening_bounds(s: &Stopped) -> [(Value, Value); 2] {
    s.openings.map(|(lo, hi)| {
        (
            Value::from_integer(lo.into()),
            Value::from_integer(hi.into()),
        )
    })
}

/// The bounds a stopped build puts on the life degree (the turn undetermined).
pub fn stopped_bounds(s: &Stopped, q: &Value) -> (Value, Value) {
    let [(bl, bh), (wl, wh)] = opening_bounds(s);
    (undetermined(q, &bl, &wl), undetermined(q, &bh, &wh))
}

/// The value when the turn is undetermined: `q·B + (1−q)·W`, where Black moves first with
/// probability `q`.
pub fn undetermined(q: &Value, black_first: &Value, white_first: &Value) -> Value {
    q * black_first + (Value::one() - q) * white_first
}

/// Solves a problem.
pub fn life_degree(
    problem: &Problem,
    params: &Model,
    limits: &Limits,
) -> Result<LifeDegree, SolveError> {
    let start = Instant::now();
    let solved = Solved::new(problem, params, limits)?;
    Ok(solved.life_degree(params, start.elapsed()))
}

#[cfg(test)]
mod tests {
    // A problem-layer behaviour (taking chains into a whole-board fight) checked by its values,
    // which needs the solver: so it lives here, above both.
    use crate::problem::{Problem, RegionSource, Setup, TargetChoice};

    #[test]
    fn attacker_chains_short_of_liberties_are_taken_into_the_fight_unless_walls() {
        use crate::solve::degree::life_degree;
        use crate::solve::limits::Limits;
        use num_traits::{One, Zero};
        // The lone black stone at C5 faces the white chain A5-B5 in atari, whose liberty A4
        // lies outside a region of C5 and its neighbours.
        let s = Setup::from_diagram(&["OOX...", ".X..XO", "OX.OOO", "X....O", "X.O.XO"]);
        let p = s.validate(&TargetChoice::At("ca".into())).unwrap();
        let g = p.graph().clone();
        let at = |x, y| g.at(x, y).unwrap();
        let area = [at(1, 0), at(2, 0), at(3, 0), at(2, 1)];
        let fixed = p.with_region(&area, RegionSource::Analyzer).unwrap();
        let value = |p: &Problem| {
            life_degree(
                p,
                &crate::solve::model::Model::default(),
                &Limits::default(),
            )
            .unwrap()
            .value
        };
        // With the outside the attacker's, the chain breathes there forever: Black is lost.
        assert!(value(&fixed).is_zero());
        // Taken into the fight with its liberty, it is captured at A4 and Black lives.
        let taken = fixed.clone().with_walls(&[]).unwrap();
        assert!(taken.region().contains(&at(0, 1)) && taken.region().contains(&at(0, 0)));
        assert!(taken.warnings().is_empty());
        assert!(value(&taken).is_one());
        // Called alive (a wall), it stays fixed (A3, short of liberties too, is still taken).
        let walled = fixed.clone().with_walls(&[at(0, 0), at(1, 0)]).unwrap();
        assert!(!walled.region().contains(&at(0, 0)) && walled.region().contains(&at(0, 2)));
        assert!(value(&walled).is_zero());
    }
}
