//! The life degree of a problem: build the state graph, solve it, read off the answers.

use crate::go::color::ByColor;
use crate::go::graph::Graph;
use crate::go::moves::Move;
use crate::go::rules::Color;
use crate::problem::{Life, LocalProblem, Problem, ProblemError, Role};
use crate::prove::state::Kind;
use crate::prove::Proofs;
use crate::solve::answer::{undetermined, Answer, Detail, MoveAnswer, MoveValue, Opening, Stats};
use crate::solve::budget::Budget;
use crate::solve::expansion::{StartGrades, Stopped};
use crate::solve::grade::Grade;
use crate::solve::graph::{GameGraph, StandIn};
use crate::solve::model::{Model, Value};
use crate::solve::shortcuts::Shortcuts;
use crate::solve::solver::{solve_within, Choice, Uncertified, Unsolved, Values};
use num_traits::One;
use std::time::{Duration, Instant};

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
        proven: Box<ByColor<Vec<String>>>,
    },
    #[error(transparent)]
    Uncertified(#[from] Uncertified),
}

impl SolveError {
    pub fn stopped(stopped: Stopped, params: &Model, graph: &Graph) -> SolveError {
        let names = |moves: &Vec<Move>| moves.iter().map(|m| m.label(graph)).collect();
        SolveError::Stopped {
            proven: Box::new(stopped.proven.as_ref().map(names)),
            stopped: Box::new(stopped),
            first_prob: Box::new(params.first_prob().clone()),
        }
    }
}

/// One line: the limit, the work done, and what is known (with the first moves proven best).
fn stopped_message(s: &Stopped, q: &Value, proven: &ByColor<Vec<String>>) -> String {
    let [(bl, bh), (wl, wh)] = s.opening_bounds().into_array();
    let interval = |lo: &Value, hi: &Value| format!("[{lo}, {hi}]");
    let opening = |lo: &Value, hi: &Value, moves: &[String]| match moves {
        [] => interval(lo, hi),
        _ => format!("{}, proven best: {}", interval(lo, hi), moves.join(" ")),
    };
    let (lo, hi) = s.life_degree_bounds(q);
    format!(
        "stopped at {} after {} states and {} proof positions, the fight having {} empty points: life degree in {} (Black first in {}, White first in {})",
        s.limit,
        s.states,
        s.proof_positions,
        s.empty_points,
        interval(&lo, &hi),
        opening(&bl, &bh, &proven.black),
        opening(&wl, &wh, &proven.white),
    )
}

/// A built and solved problem, kept for reports that look inside (graphs, lines of play).
/// Its parts are the library's own (the arena, the state graph, the values); a caller reads
/// the answer ([`Solved::answer`]), the work ([`Solved::stats`]) and the starts' grades
/// ([`Solved::grades`]).
pub struct Solved {
    pub(crate) local: LocalProblem,
    pub(crate) graph: GameGraph,
    pub(crate) values: Values,
    /// How long building the life degree's graph took, and solving it.
    times: [Duration; 2],
    /// Black first, White first.
    grades: [Grade; 2],
    /// Each first move's grade: Black first's, White first's.
    move_grades: [Vec<(Move, Grade)>; 2],
    /// What the first moves' grades still to be worked out start from.
    later: Option<Later>,
}

/// What the first moves' grades start from, kept after the answer: the shortcuts, what the
/// provers settled, and how the starts' grades were found.
struct Later {
    shortcuts: Shortcuts,
    proofs: Option<Proofs>,
    /// Proofs decided both starts: only the attacker's worse moves' grades are left.
    decided: bool,
}

/// A first move's grade when proofs decided the starts: each start is worth 1 or 0 whatever
/// the threats ([`crate::solve::grade`]: their proofs carry over to the threats' game), and so
/// is a first move settled for every parameter (a terminal other than a stand-in), but for
/// life where the defender moves just after the attacker's pass: there the proof may be the
/// defender's second pass, which in the threats' game opens the confirmation phase instead of
/// ending it. A worse move of the attacker's may be `d` all the same
/// ([`Solved::grade_first_moves`]); a worse move of the defender's is never `l`
/// ([`crate::solve::openings`]).
fn decided_grade(graph: &GameGraph, local: &LocalProblem, child: u32) -> Grade {
    let state = &graph.states[child as usize];
    let waits = state.after_pass() && state.to_move() == local.defender;
    let own = !graph.stands_in(child);
    let attacks = state.to_move() == local.defender;
    match graph.kind(child) {
        Kind::Terminal(Life::Dead) if own => Grade::Dies,
        Kind::Terminal(Life::Alive) if own && !waits => Grade::Lives,
        _ if attacks && graph.stand_ins.has(child, StandIn::Worse) => Grade::Unasked,
        _ => Grade::Uncounted,
    }
}

impl Solved {
    /// Builds and solves a problem's graph, and counts the grades `detail` asks for: the
    /// answer's first, the first moves' after it with what `budget` leaves.
    pub fn new(
        problem: &Problem,
        params: &Model,
        shortcuts: Shortcuts,
        budget: &Budget,
        detail: Detail,
    ) -> Result<Solved, SolveError> {
        let local = problem.arena()?;
        let shortcuts = shortcuts.for_params(params);
        let stopped = |e| SolveError::stopped(e, params, problem.graph());
        let start = Instant::now();
        let watch = budget.watch();
        let timed_solve = |graph: &GameGraph| {
            let t = Instant::now();
            let values = solve_within(graph, problem.defender(), params, &watch);
            (values, t.elapsed())
        };
        // A limit passing while the graph is solved stops the solve with what the graph shows.
        let unsolved = |graph: &GameGraph, e| match e {
            Unsolved::Uncertified(e) => SolveError::Uncertified(e),
            Unsolved::Stopped(limit) => stopped(graph.stopped_solving(&local, limit)),
        };
        if detail == Detail::Values {
            let graph = GameGraph::build_for(&local, shortcuts, budget, params).map_err(stopped)?;
            let built = start.elapsed();
            let (solution, solved) = timed_solve(&graph);
            let solution = solution.map_err(|e| unsolved(&graph, e))?;
            let unasked = graph
                .roots
                .map(|r| first_moves(&graph, &local, r, |_| Grade::Unasked));
            return Ok(Solved {
                local,
                graph,
                values: solution,
                times: [built, solved],
                grades: [Grade::Unasked; 2],
                move_grades: unasked,
                later: None,
            });
        }
        let with_plain = |graph: &GameGraph| {
            let built = start.elapsed();
            let (solution, solved) = timed_solve(graph);
            (solution, [built, solved])
        };
        let (graph, (solution, times), start_grades, proofs) =
            GameGraph::build_with_restarts(&local, shortcuts, budget, params, with_plain)
                .map_err(stopped)?;
        let solution = solution.map_err(|e| unsolved(&graph, e))?;
        let each = |grade: &dyn Fn(u32) -> Grade| {
            graph.roots.map(|r| first_moves(&graph, &local, r, grade))
        };
        let later = |decided| Later {
            shortcuts,
            proofs,
            decided,
        };
        let (grades, move_grades, later) = match start_grades {
            StartGrades::Counted(grades) => (grades, each(&|_| Grade::Unasked), Some(later(false))),
            StartGrades::Stopped(limit) => (
                [Grade::Unknown(limit); 2],
                each(&|_| Grade::Unknown(limit)),
                None,
            ),
            // Proofs decided the starts: each is worth 1 or 0 whatever the threats.
            StartGrades::Decided => {
                let extremes = graph.roots.map(|r| extreme(solution.value(r)));
                let settled = |child: u32| decided_grade(&graph, &local, child);
                (extremes, each(&settled), Some(later(true)))
            }
        };
        let mut solved = Solved {
            local,
            graph,
            values: solution,
            times,
            grades,
            move_grades,
            later,
        };
        if detail == Detail::Grades {
            solved.grade_first_moves(&[], budget);
        }
        Ok(solved)
    }

    /// Works out the first moves' grades left after the answer, those of `asked` first, with
    /// what `budget` leaves (its time limit counted from its clock): a limit passing leaves
    /// the rest unknown. Once only: a second call does nothing.
    pub fn grade_first_moves(&mut self, asked: &[Move], budget: &Budget) {
        let Some(later) = self.later.take() else {
            return;
        };
        let asked = asked.to_vec();
        let found = (&self.graph, later.proofs);
        let (graded, stopped) = if later.decided {
            let (dead, stopped) = GameGraph::dead_by_grade(&self.local, budget, found, &asked);
            let root = self.graph.roots[self.local.defender.other().index()];
            let moves = self.graph.successors(&self.local, root).moves.into_iter();
            let moves = moves.filter(|(_, c)| dead.contains(c));
            let dies = moves.map(|(m, _)| (Move::at(m.point(&self.local.arena)), Grade::Dies));
            let mut graded: ByColor<Vec<_>> = ByColor::default();
            graded[self.local.defender.other()] = dies.collect();
            (vec![graded], stopped)
        } else {
            let results =
                GameGraph::grade_first_moves(&self.local, later.shortcuts, budget, found, asked);
            let stopped = results.iter().find_map(|r| r.as_ref().err().copied());
            let graded = results.into_iter().flatten().map(|g| {
                debug_assert_eq!(g.starts, self.grades, "the starts' grades on either graph");
                g.moves
            });
            (graded.collect(), stopped)
        };
        for moves in graded {
            for (side, moves) in moves.into_iter().enumerate() {
                for (first, grade) in moves {
                    let entry = self.move_grades[side].iter_mut().find(|(f, _)| *f == first);
                    entry.expect("the same first moves on either graph").1 = grade;
                }
            }
        }
        // What is still not asked: unknown at a limit, else not counted.
        let left = stopped.map_or(Grade::Uncounted, Grade::Unknown);
        for (_, grade) in self.move_grades.iter_mut().flatten() {
            if *grade == Grade::Unasked {
                *grade = left;
            }
        }
    }

    /// The starts' grades: Black first's and White first's.
    pub fn grades(&self) -> ByColor<Grade> {
        ByColor::from(self.grades)
    }

    /// The certified strategy profile: each node's choice (see the solver's
    /// `Values::choices`).
    pub(crate) fn choices(&self, params: &Model) -> Vec<Choice> {
        self.values
            .choices(&self.graph, self.local.defender, params)
    }

    fn opening(&self, side: Color) -> Opening {
        let root = self.graph.roots[side.index()];
        let succ = self.graph.successors(&self.local, root);
        let moves = succ
            .moves
            .iter()
            .map(|&(m, child)| {
                let m = Move::at(m.point(&self.local.arena));
                let why = |w| self.graph.stand_ins.has(child, w);
                let start = || self.values.value(root).clone();
                let value = if why(StandIn::Unexamined) {
                    MoveValue::Unexamined
                } else if why(StandIn::Undecided) {
                    MoveValue::Undecided
                } else if !why(StandIn::Worse) {
                    MoveValue::Exact(self.values.value(child).clone())
                } else {
                    match Role::of(side, self.local.defender) {
                        Role::Defender => MoveValue::Below(start()),
                        Role::Attacker => MoveValue::Above(start()),
                    }
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
            value: self.values.value(root).clone(),
            grade: self.grades[side.index()],
            moves,
        }
    }

    /// The answer: the life degree under `params`, each opening's value, grade and moves.
    pub fn answer(&self, params: &Model) -> Answer {
        let black_first = self.opening(Color::Black);
        let white_first = self.opening(Color::White);
        let value = undetermined(params.first_prob(), &black_first.value, &white_first.value);
        Answer {
            value,
            black_first,
            white_first,
            no_result_used: self.values.no_result_used,
            stopped: self.graph.stopped,
        }
    }

    /// The work done, `elapsed` the time it took.
    pub fn stats(&self, elapsed: Duration) -> Stats {
        let stand_ins = &self.graph.stand_ins;
        Stats {
            states: self.graph.len() - 2,
            chance_nodes: self.graph.chance_nodes(),
            largest_system: self.values.largest_system,
            cyclic_states: self.values.cyclic_states,
            static_ended: self.graph.static_ended,
            proofs_ended: self.graph.proofs_ended,
            dominated: self.graph.dominated,
            unexpanded: stand_ins.count(StandIn::Unexpanded),
            proof_positions: self.graph.proof_positions,
            proof_size: self.graph.proof_size,
            empty_points: self.local.empty_points(),
            build_time: self.times[0],
            solve_time: self.times[1],
            bounded_moves: stand_ins.count(StandIn::Worse),
            unexamined_moves: stand_ins.count(StandIn::Unexamined),
            elapsed,
        }
    }
}

/// `l` or `d`: the grade of a state whose value is 1 or 0 whatever the threats.
fn extreme(value: &Value) -> Grade {
    if value.is_one() {
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
) -> Vec<(Move, Grade)> {
    graph
        .successors(local, root)
        .moves
        .iter()
        .map(|&(m, child)| (Move::at(m.point(&local.arena)), grade(child)))
        .collect()
}

impl Stopped {
    /// What the stopped build knows of each opening: Black first's and White first's bounds.
    pub fn opening_bounds(&self) -> ByColor<(Value, Value)> {
        self.openings.map(|(lo, hi)| {
            (
                Value::from_integer(lo.into()),
                Value::from_integer(hi.into()),
            )
        })
    }

    /// The bounds it puts on the life degree (the turn undetermined), Black moving first with
    /// probability `q`.
    pub fn life_degree_bounds(&self, q: &Value) -> (Value, Value) {
        let [(bl, bh), (wl, wh)] = self.opening_bounds().into_array();
        (undetermined(q, &bl, &wl), undetermined(q, &bh, &wh))
    }
}

#[cfg(test)]
mod tests {
    // A problem-layer behaviour (taking chains into a whole-board fight) checked by its values,
    // which needs the solver: so it lives here, above both.
    use crate::problem::{Problem, RegionSource, Setup, TargetChoice};

    #[test]
    fn attacker_chains_short_of_liberties_are_taken_into_the_fight_unless_walls() {
        use crate::solve::answer::Detail;
        use crate::solve::degree::Solved;
        use crate::solve::model::Model;
        use crate::solve::{Budget, Shortcuts};
        use num_traits::{One, Zero};
        // The lone black stone at C5 faces the white chain A5-B5 in atari, whose liberty A4
        // lies outside a region of C5 and its neighbours.
        let s = Setup::from_diagram(&["OOX...", ".X..XO", "OX.OOO", "X....O", "X.O.XO"]);
        let p = s
            .validate(&TargetChoice::At("ca".parse().unwrap()))
            .unwrap();
        let g = p.graph().clone();
        let at = |x, y| g.at(x, y).unwrap();
        let area = [at(1, 0), at(2, 0), at(3, 0), at(2, 1)];
        let fixed = p.with_region(&area, RegionSource::Analyzer).unwrap();
        let value = |p: &Problem| {
            let params = Model::default();
            let budget = Budget::default();
            let solved = Solved::new(p, &params, Shortcuts::all(), &budget, Detail::Grades);
            solved.unwrap().answer(&params).value
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
