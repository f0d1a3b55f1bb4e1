//! The first moves decided by proofs alone, without the state graph below them (or below all
//! but a few).
//!
//! A book problem's answer is usually extreme: the side to play lives (or kills) moving first
//! and fails moving second, so each starting state is worth 1 or 0. Which first moves achieve
//! that then follows from proofs about the first moves alone:
//!
//! * a first move of the defender proven to live in the lower game (value 1), or of the
//!   attacker proven to capture in the upper game (value 0), is best ([`crate::prove`]);
//! * once the side to move has such a move, every other first move is either best too (proven
//!   the same way) or *worse*: its value is not that extreme. A proof that the opponent wins
//!   the game in which the opponent wins every ko (it always has a threat, the mover never:
//!   goals `CapturedByKo`, `LivesByKo`) shows that. It is a finite strategy ending in the
//!   opponent's extreme, and the real game follows it with positive probability when both
//!   sides' threat probabilities lie strictly between 0 and 1: each coin flip on its lines goes
//!   its way with probability at least min(p, 1 − p), and its lines are finitely long. So the
//!   value is strictly below 1 (above 0), whatever happens off those lines;
//! * when every first move is proven at the mover's worst extreme (the opponent wins without
//!   threats), so is the start, and every move is best. Each move is asked separately, with a
//!   budget of its own: one question over the start would share one budget among them all.
//!
//! When both starting states are decided so, the graph holds only them and their first moves,
//! as terminals. A worse move gets the mover's worst value: the starting state's value and
//! best moves are the same either way, since the best move is above it whatever its value, and
//! the report shows only the bound. The grades follow too: a start proven without threats for
//! the mover is `l` or `d`. A worse move of the attacker may still be `d` (bent four in the
//! corner is worth more than 0 and dead by the count): [`dead_by_grade`], asked after the
//! answer, looks for a proof of the counted-threat game ([`Goal::Dies`]). A worse move of the defender is never `l`: the
//! attacker's proof in the game where it wins every ko is finite, so enough threats follow it
//! without two passes.
//!
//! Some first moves may stay open for good: a move worth exactly the mover's extreme only
//! because the coin flips end a cycle of kos sooner or later has no proof in either extreme
//! game (there, one side can keep the cycle going forever). When the budget is spent, the
//! open first moves are left to the state graph, which solves them exactly; the decided ones
//! stay terminals. If a limit stops that graph while both starts' values are known, the
//! answer stands with the open first moves undecided
//! ([`crate::solve::graph::StandIn::Undecided`]). Only when both starts' values are known
//! do the grades follow as above; otherwise the grades' graph is built as usual, every first
//! move in it, with these proofs known to its prover: a start with a first move proven at its
//! mover's extreme is a terminal there (`l` or `d`), its other moves not built. A worse move
//! (only ever found for a start whose value is proven) keeps its stand-in value to itself: its
//! state is taken out of the graph's table, so the same stones met below an open first move
//! make a state of their own, expanded as usual. (The first moves of one start are never
//! states of the other: the other side is to move.) A decided first move's exact value may be
//! met anywhere.
//!
//! When the problem says who is to play, only that side's first moves are all examined: the
//! other start is searched until its value is proven (a move at its mover's extreme, or every
//! move at its worst), and its first moves still open then are left *unexamined*. They are
//! terminals with the same stand-in as a worse move, which leaves the start's value and the
//! moves proven best as they are; the report shows them as not examined. That start matters to
//! the problem only through its value (whether the outcome hangs on the turn), and classifying
//! each of its moves costs a proof of its own, often the larger part of the work.
//!
//! Each question is asked with growing budgets, every open question at one budget before any
//! at the next, so that the easy ones settle first and one hard question does not use up the
//! time the others need. A question disproven (the search found that its goal fails, without
//! leaning on the line) is not asked again. The searches have a prover of their own; the state
//! graph's prover then takes over only what they settled for good (proofs, and disproofs that
//! did not lean on a line), not the unproven entries that would crowd its table.

use crate::go::rules::Color;
use crate::problem::{Life, Role};
use crate::prove::state::State;
use crate::prove::{Finding, Goal, Prover};

/// Where a first move leads.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Step {
    /// The game ends there.
    Ended(Life),
    State(State),
}

/// A starting state and where each of its moves leads.
pub(crate) struct RootMoves {
    pub state: State,
    pub moves: Vec<Step>,
}

/// What is known of a first move once its start is decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Known {
    /// Worth exactly 1 (alive) or 0.
    Exact(Life),
    /// Worse for the mover than its best move, which is worth the mover's extreme.
    Worse,
    /// Not examined: the side to play is the other one, and this start's value is proven by
    /// another move.
    Unexamined,
}

/// The first question's budget, in positions; each round multiplies it by [`GROWTH`].
const FIRST_BUDGET: usize = 10_000;
const GROWTH: usize = 4;

/// The largest budget of a question of a worse move's grade, in positions: most such proofs
/// take a few tens of thousands, and a grade is worth less than the value it comes beside.
const GRADE_BUDGET: usize = 160_000;

/// The positions all of a start's grade questions may search together, at least (more where
/// the values took more): a few seconds.
const GRADE_FLOOR: usize = 4 * GRADE_BUDGET;

/// What the proofs found: each first move's verdict, for both starts (`None`: left to the
/// state graph below it), and whether both starts' values are proven.
pub(crate) struct Found {
    pub verdicts: [Vec<Option<Known>>; 2],
    pub values_known: bool,
}

/// Asks the first moves' questions, each with at most `max` positions, until every first move
/// has its verdict or the budget is spent. With `to_play`, the other side's start is searched
/// only until its value is known.
pub(crate) fn decide(
    prover: &mut Prover,
    defender: Color,
    to_play: Option<Color>,
    starts: &[RootMoves; 2],
    max: usize,
) -> Found {
    let value_only = |start: &RootMoves| to_play.is_some_and(|c| c != start.state.to_move());
    let mut verdicts: [Vec<Option<Known>>; 2] = [0, 1].map(|i| {
        let start = &starts[i];
        let mut known: Vec<Option<Known>> = start
            .moves
            .iter()
            .map(|next| match next {
                Step::Ended(lives) => Some(Known::Exact(*lives)),
                Step::State(_) => None,
            })
            .collect();
        settle(prover, start, &mut known);
        known
    });
    // Whether a first move was refuted as best (so that its bound is asked first).
    let mut refuted = starts
        .each_ref()
        .map(|start| vec![false; start.moves.len()]);
    let mut budget = FIRST_BUDGET.min(max);
    let mut round = 0;
    loop {
        let mut decided = true;
        for ((start, known), refuted) in starts.iter().zip(&mut verdicts).zip(&mut refuted) {
            let role = Role::of(start.state.to_move(), defender);
            decided &= match seek_best(prover, role, start, known, budget) {
                Seek::AllKnown => true,
                Seek::Open => false,
                Seek::HasBest if value_only(start) => true,
                Seek::HasBest => classify(prover, role, start, known, refuted, budget, round),
            };
        }
        if decided || budget >= max || prover.stopped() {
            // Some first moves may stay open for good (see the module doc); the starts' values
            // may be known all the same.
            let mut values_known = true;
            for (start, known) in starts.iter().zip(&mut verdicts) {
                let value = value_known(defender, start, known);
                values_known &= value;
                if value && value_only(start) {
                    for verdict in known.iter_mut().filter(|v| v.is_none()) {
                        *verdict = Some(Known::Unexamined);
                    }
                }
            }
            return Found {
                verdicts,
                values_known,
            };
        }
        budget = budget.saturating_mul(GROWTH).min(max);
        round += 1;
    }
}

/// Whether a start's value is proven: a first move is proven at the mover's extreme, or
/// every first move at its worst.
fn value_known(defender: Color, start: &RootMoves, known: &[Option<Known>]) -> bool {
    let role = Role::of(start.state.to_move(), defender);
    let worst = Some(Known::Exact(Life::feared_by(role)));
    has_best(role, known) || known.iter().all(|v| *v == worst)
}

/// Whether a first move is proven at the mover's extreme.
fn has_best(role: Role, known: &[Option<Known>]) -> bool {
    known.contains(&Some(Known::Exact(Life::wanted_by(role))))
}

/// The mover's goal, the opponent's, and the opponent's when it wins every ko.
fn goals(role: Role) -> (Goal, Goal, Goal) {
    match role {
        Role::Defender => (Goal::Lives, Goal::Captured, Goal::CapturedByKo),
        Role::Attacker => (Goal::Captured, Goal::Lives, Goal::LivesByKo),
    }
}

/// Where a start's search for its best move stands after a round.
enum Seek {
    /// A first move is proven at the mover's extreme.
    HasBest,
    /// No best move, but every first move has its verdict.
    AllKnown,
    /// No best move, and some first move is still open.
    Open,
}

/// One round of the search for a start's best move.
fn seek_best(
    prover: &mut Prover,
    role: Role,
    start: &RootMoves,
    known: &mut [Option<Known>],
    budget: usize,
) -> Seek {
    let (best, worst, _) = goals(role);
    if has_best(role, known) {
        return Seek::HasBest;
    }
    let answer = prover.ask(&start.state, best, budget);
    if answer == Finding::Proven {
        // The proof's move is proven now; others may be too.
        settle(prover, start, known);
        if has_best(role, known) {
            return Seek::HasBest;
        }
    }
    // Perhaps every move loses: asked move by move, each with its own budget (one question
    // over all of them would share one budget). While the best move's search is still open,
    // each gets a quarter of its budget: in a book problem the side to play has a best move,
    // and these questions would otherwise take most of the time.
    let each = if answer == Finding::Open {
        budget / GROWTH
    } else {
        budget
    };
    for (next, verdict) in start.moves.iter().zip(known.iter_mut()) {
        if let (Step::State(s), None) = (next, *verdict) {
            if prover.ask(s, worst, each) == Finding::Proven {
                *verdict = Some(Known::Exact(Life::feared_by(role)));
            }
        }
    }
    if known.iter().all(Option::is_some) {
        Seek::AllKnown
    } else {
        Seek::Open
    }
}

/// One round of the search for the verdicts of a start's other first moves, once it has a
/// best move: whether every first move has its verdict now.
fn classify(
    prover: &mut Prover,
    role: Role,
    start: &RootMoves,
    known: &mut [Option<Known>],
    refuted: &mut [bool],
    budget: usize,
    round: usize,
) -> bool {
    let (best, worst, worse) = goals(role);
    for ((next, verdict), refuted) in start.moves.iter().zip(known.iter_mut()).zip(refuted) {
        let (Step::State(s), None) = (next, *verdict) else {
            continue;
        };
        // A move that is not best is usually refuted as such early on; its bound is asked for
        // then (first, in the rounds after), or once a few rounds have passed, and not for the
        // best moves that only need a larger budget.
        let mut ask = |goal| prover.ask(s, goal, budget);
        *verdict = if round == 0 && ask(worst) == Finding::Proven {
            Some(Known::Exact(Life::feared_by(role)))
        } else if *refuted && ask(worse) == Finding::Proven {
            Some(Known::Worse)
        } else {
            match ask(best) {
                Finding::Proven => Some(Known::Exact(Life::wanted_by(role))),
                Finding::Open if round < 2 => None,
                answer => {
                    let asked = std::mem::replace(refuted, answer != Finding::Open);
                    (!asked && ask(worse) == Finding::Proven).then_some(Known::Worse)
                }
            }
        };
    }
    known.iter().all(Option::is_some)
}

/// Which of the attacker's worse first moves (each given by the state it leads to) are proven
/// `d` ([`Goal::Dies`]): a kill by the counted threats, though not whatever the threats, worth
/// more than 0 in the life degree (bent four in the corner, or a ko the defender can never
/// win). Both the game in which the defender holds threats and the one in which it holds none
/// from the start must be won. Each question is asked with growing budgets up to `max`, every
/// open one at one budget before any at the next, until the prover has searched `until`
/// positions in all or its watch stops it.
pub(crate) fn dead_by_grade(
    prover: &mut Prover,
    moves: &[State],
    until: usize,
    max: usize,
) -> Vec<bool> {
    // Per move, its questions still open (the one without threats asked first, the quicker
    // to settle); `None` once a question is disproven.
    let mut open: Vec<Option<Vec<State>>> = moves
        .iter()
        .map(|s| Some(vec![*s, s.without_threats()]))
        .collect();
    let max = max.min(GRADE_BUDGET);
    let done = |prover: &Prover| prover.positions() >= until || prover.stopped();
    let mut budget = FIRST_BUDGET.min(max);
    loop {
        for questions in &mut open {
            let Some(states) = questions else {
                continue;
            };
            while let Some(s) = states.last() {
                if done(prover) {
                    break;
                }
                match prover.ask(s, Goal::Dies, budget) {
                    Finding::Proven => {
                        states.pop();
                    }
                    Finding::Disproven => {
                        *questions = None;
                        break;
                    }
                    Finding::Refuted | Finding::Open => break,
                }
            }
        }
        let asking = open.iter().flatten().any(|q| !q.is_empty());
        if !asking || done(prover) || budget >= max {
            return open
                .into_iter()
                .map(|q| q.is_some_and(|q| q.is_empty()))
                .collect();
        }
        budget = budget.saturating_mul(GROWTH).min(max);
    }
}

/// The positions the worse moves' grade questions may search together, where the values took
/// `values` positions: about as many again (a grade is worth less than the value it comes
/// beside), at least [`GRADE_FLOOR`].
pub(crate) fn grade_allowance(values: usize) -> usize {
    values.max(GRADE_FLOOR)
}

/// Fills in the first moves a proof now settles.
fn settle(prover: &Prover, start: &RootMoves, known: &mut [Option<Known>]) {
    for (next, verdict) in start.moves.iter().zip(known.iter_mut()) {
        if let (Step::State(s), None) = (next, *verdict) {
            *verdict = prover.settled(s).map(Known::Exact);
        }
    }
}
