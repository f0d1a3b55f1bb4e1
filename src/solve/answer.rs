//! The answer a solve gives ([`Answer`]): the life degree, and for each side moving first its
//! value, grade and every first move's; beside it, the work the solve did ([`Stats`]).

use crate::go::moves::Move;
use crate::go::rules::Color;
use crate::prove::watch::Limit;
use crate::solve::grade::Grade;
use crate::solve::model::Value;
use num_traits::{One, Zero};
use std::time::Duration;

/// What a solve works out beside the life degree.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Detail {
    /// The values alone: no threats counted (every grade [`Grade::Unasked`]).
    Values,
    /// The answer: the values and the starts' grades. The first moves' grades are left to
    /// [`crate::solve::Solved::grade_first_moves`] ([`Grade::Unasked`] until then, but where
    /// proofs give them at once).
    Answer,
    /// The answer, then every first move's grade with the time that remains.
    #[default]
    Grades,
}

/// What is known of the life degree after a first move.
#[derive(Clone, Debug, PartialEq)]
pub enum MoveValue {
    Exact(Value),
    /// Strictly below this, its start's value: a defender's move worse than its best. Not
    /// solved further (docs/algorithms/openings.md, docs/algorithms/interval.md).
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
    /// The threats each side needs (counted, not coin flips: docs/grades.md).
    pub grade: Grade,
    /// Every legal first move and pass, with the life degree and the grade after it.
    pub moves: Vec<MoveAnswer>,
}

/// A first move, with the life degree after it and the grade of the position it leads to.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveAnswer {
    pub first: Move,
    pub value: MoveValue,
    pub grade: Grade,
}

impl Answer {
    /// Whether the outcome hangs on who moves first: the defender does better moving first.
    pub fn first_move_matters(&self, defender: Color) -> bool {
        let (mine, theirs) = self.by_defender(defender);
        mine.value > theirs.value
    }

    /// Whether it hangs outright: the defender moving first lives and the attacker moving
    /// first kills, whatever the threats.
    pub fn first_move_decides(&self, defender: Color) -> bool {
        let (mine, theirs) = self.by_defender(defender);
        mine.value.is_one() && theirs.value.is_zero()
    }

    /// Whether a smaller target (some of this one's chains given up) might hang outright
    /// where this one does not: the defender moving first does not live outright yet, and the
    /// attacker moving first kills outright already. A smaller target is never worth less to
    /// the defender (its strategy for the whole target keeps the smaller one alive wherever
    /// it kept the whole, and where the whole is lost the smaller one is worth at least 0),
    /// so where the attacker moving first only gets a ko it gets no more against less.
    pub fn smaller_target_first_move_may_decide(&self, defender: Color) -> bool {
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
    pub fn best(&self) -> impl Iterator<Item = Move> + '_ {
        self.moves
            .iter()
            .filter(|m| m.value.exact() == Some(&self.value))
            .map(|m| m.first)
    }
}

/// The answer for a problem: the life degree, and each side moving first.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    /// Turn undetermined: `q·B + (1−q)·W`.
    pub value: Value,
    pub black_first: Opening,
    pub white_first: Opening,
    /// Whether some value came from the no-result rule (play that never ends).
    pub no_result_used: bool,
    /// The limit that stopped the solve once both starts' values were known: first moves
    /// still open are [`MoveValue::Undecided`].
    pub stopped: Option<Limit>,
}

/// The work a solve did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stats {
    /// States in the graph (terminals not counted).
    pub states: usize,
    pub chance_nodes: usize,
    /// Unknowns in the largest linear system solved exactly.
    pub largest_system: usize,
    /// States on a cycle (solved by strategy iteration).
    pub cyclic_states: usize,
    /// States ended early by static analysis (counted in `states`).
    pub static_ended: usize,
    /// States ended early by the extreme games' bounds (counted in `states`).
    pub proofs_ended: usize,
    /// States ended because one move fixed their value (dominance).
    pub dominated: usize,
    /// States left unexpanded by interval pruning, no line either side would choose passing
    /// through them (counted in `states`).
    pub unexpanded: usize,
    /// Positions the extreme games' proofs searched.
    pub proof_positions: usize,
    /// Positions in the final proofs of the questions the proofs answered: `proof_positions`
    /// over it is the search overhead.
    pub proof_size: usize,
    /// Empty points of the fight at the start.
    pub empty_points: u32,
    /// Building the life degree's graph, and solving it exactly.
    pub build_time: Duration,
    pub solve_time: Duration,
    /// First moves only bounded, not solved ([`MoveValue::Below`], [`MoveValue::Above`]).
    pub bounded_moves: usize,
    /// First moves of the side not to play left unexamined ([`MoveValue::Unexamined`]).
    pub unexamined_moves: usize,
    /// The whole solve, from the start of the reading's clock.
    pub elapsed: Duration,
}

/// The value when the turn is undetermined: `q·B + (1−q)·W`, where Black moves first with
/// probability `q`.
pub(crate) fn undetermined(q: &Value, black_first: &Value, white_first: &Value) -> Value {
    q * black_first + (Value::one() - q) * white_first
}
