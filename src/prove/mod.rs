//! The prover: one search for every question "can this side force this end here, within this
//! budget" on a local problem, in the two extreme games of the model (and the grade's game).
//! The state graph asks it to settle states without expanding them, the first moves' searches
//! to decide the openings, the eye-shape analyzer to read a group's fight in its enclosure; each
//! caller states its goal (a [`Goal`]), its area (the [`LocalProblem`]), its budget (an
//! [`Effort`]) and the static tests that end a game early ([`Statics`]).
//!
//! The life degree is monotone in each side's threat probability. In the *lower* game the
//! defender never has a threat and the attacker always has one; in the *upper* game it is the
//! other way round. Both are deterministic, and:
//!
//! * if the defender can force the two closing passes in the lower game, the state is worth
//!   exactly 1: the defender's winning strategy never uses a threat, so it is available in the
//!   real game, where the attacker has at most the options it had in the lower game;
//! * symmetrically, if the attacker can force a capture in the upper game, the state is worth 0.
//!
//! Neither depends on the model's probabilities or on the value of endless play (a proof never
//! relies on play going on forever), so a settled state is a terminal for every parameter
//! choice.
//!
//! Proofs are found by depth-first proof-number search (`dfpn`) with a transposition table
//! (`table`), and by simulation (`simulation`); the prover's side is the OR player. Only a
//! proof (pn = 0) ever settles a state, and every proof is a finite strategy, independent of
//! the line that found it:
//!
//! * a position repeated on the current line, or one past the depth cap, counts as a failure
//!   for the prover (pn = ∞, dn = 0), never as a success;
//! * a proof is recorded only when the prover wins at once (capture; the second pass, or an
//!   attacker's pass, which the defender answers with the second; a target the caller's
//!   [`Statics`] call alive or dead, each claim a finite strategy that uses no threat; a goal
//!   the monolithic eyes' table proves, whose strategy is one of the table's proofs carried
//!   over, see [`eye_table`]), or when one child (OR) or every child (AND) is already
//!   recorded as proven. By induction on the order in which proofs are recorded, each proven
//!   state has a winning strategy that only ever moves to states proven *earlier*, so it
//!   reaches an immediate win within finitely many moves, whatever line led to the state.
//!   Proofs are never forgotten (only unproven entries are, past the table's bound), so a
//!   state proven anywhere settles it wherever the graph builder meets it, budget spent or
//!   not.
//!
//! Disproofs only steer the search and never settle anything (see `dfpn`).
//!
//! **The grade `d`.** A third game decides the threat grade `d` of a state without the
//! counted-threat layers of [`crate::solve::grade`] (`d`: the attacker kills with no threat of
//! its own against every number of defender threats, two passes opening a confirmation phase
//! without threats while any are held). Goal [`Goal::Dies`] is played in two phases, the second
//! marked on the state ([`State::threatless`]). In the first the defender may always retake
//! and the attacker never, as in the upper game, but the attacker's pass does not end it: two
//! passes in a row start the second phase from the same position, passes forgotten, and each
//! retake of the defender may also be its last threat, a second child in the second phase. In
//! the second phase no side retakes a banned ko and two passes end the game alive. A proof of
//! capture in this game, together with one from the same state in the second phase (the
//! defender holding no threat from the start), gives `d`: against `n` threats the attacker
//! plays the proof, taking the defender's `n`-th retake as its last (the second child) and the
//! confirmation phase, or two passes after the last threat, as the second phase; every line
//! ends in a capture. The converse may fail (the attacker of the layers knows `n` before the
//! first move), which leaves a grade unknown, never wrong. The static tests and the other
//! games' proofs carry over as in the grades' graph: a capture proven in the upper game, or by
//! the static test of death, needs no threat and no pass of the attacker, so it proves `Dies` in
//! both phases; static life refutes it, and so, as far as the search is concerned, does life
//! proven in the lower game (see [`Goal::dual`]).
//!
//! This module holds the goals, the questions' API ([`Prover::decide`] for the state graph,
//! [`Prover::ask`] for the first moves' searches), the proof numbers and their recording, the
//! extreme games' moves and the static tests that end them early.
//!
//! May use [`crate::go`] and [`crate::problem`].

use crate::go::rules::{Color, Stones};
use crate::problem::{Life, LocalProblem};
use crate::prove::state::{Kind, Move, Rules, State, Turn, CAPTURED, LIVES};
pub(crate) use goal::Goal;
use hashbrown::HashSet;
use std::sync::atomic::Ordering;
use table::{Entry, Table};
use watch::Watch;

mod dfpn;
pub(crate) mod eye_table;
mod goal;
mod proof;
#[cfg(test)]
mod replay;
mod simulation;
pub(crate) mod state;
mod table;
pub(crate) mod watch;

/// The static tests that end an extreme game before its end, given by the caller (they read
/// the position, which the analyzers above this layer know how to). Each claim must hold in
/// both extreme games: a target called alive is kept by a strategy of the defender that needs
/// no threat and ends in two passes; one called dead is captured by a strategy of the attacker
/// that needs no threat and no pass.
pub(crate) trait Statics: Send + Sync {
    /// Whether the target is alive for good with these stones, whoever is to move.
    fn alive(&mut self, local: &LocalProblem, stones: &Stones) -> bool;
    /// Whether the target is dead with these stones and this side to move.
    fn dead(&mut self, local: &LocalProblem, stones: &Stones, turn: Turn) -> bool;
}

/// What one question found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Finding {
    Proven,
    /// The search showed that the goal does not hold; asking again cannot prove it.
    Disproven,
    /// The search showed that the goal does not hold, counting a repetition on its line as a
    /// failure: another line might still prove it, but most often none does.
    Refuted,
    /// Not settled within the budget.
    Open,
}

/// How hard to look.
#[derive(Clone, Debug)]
pub(crate) struct Effort {
    /// Longest line searched, in moves; deeper positions count as failures.
    pub depth: u32,
    /// Most positions one question may expand.
    pub nodes: usize,
    /// Most positions all questions together may expand; after that each question gets only
    /// `tail` positions, while the tail earns its keep (see [`Prover::decide`]).
    pub total: usize,
    /// Positions a question may search once `total` is spent.
    pub tail: usize,
    /// Most unproven positions remembered; past it the least-searched ones are forgotten.
    pub table: usize,
    /// The solve's time and memory limits: once passed, no more searching.
    pub watch: Watch,
}

/// Positions searched between two looks at the watch: a few milliseconds' worth, so that a
/// reading called off (another reading of the diagram answered) stops at once, not tens of
/// milliseconds later while the answer waits for it; a look costs a clock read.
const WATCH_EVERY: usize = 512;

/// Tail questions one proof pays for: past a start-up credit, the tail goes on only while
/// about one question in this many settles its state, so that a graph where short searches
/// settle nothing is built at full speed.
const TAIL_REWARD: usize = 20;

/// Proof and disproof numbers at or above this are infinite.
const INF: u32 = u32::MAX / 2;

/// A child's numbers as the parent sees them.
#[derive(Clone, Copy, Debug)]
struct Numbers {
    pn: u32,
    dn: u32,
    loopy: bool,
}

const PROVEN: Numbers = Numbers {
    pn: 0,
    dn: INF,
    loopy: false,
};

const LOST: Numbers = Numbers {
    pn: INF,
    dn: 0,
    loopy: false,
};

/// A failure that leans on the line: a repetition, or the depth cap.
const REPEATED: Numbers = Numbers {
    pn: INF,
    dn: 0,
    loopy: true,
};

/// Where a move leads: an immediate result, or a state.
#[derive(Clone, Copy, Debug)]
enum Child {
    Won,
    Lost,
    State(State),
}

/// Buffers for one level of the search, kept between calls.
#[derive(Default)]
struct Scratch {
    kids: Vec<State>,
    moves: Vec<(Move, u32)>,
    children: Vec<Child>,
    numbers: Vec<Numbers>,
}

/// What a prover settled for good, apart from the prover: kept between the answer and the
/// first moves' grades, which a later prover works out ([`Prover::into_proofs`]).
pub(crate) struct Proofs {
    settled: Vec<(State, Goal, Entry)>,
    asked: HashSet<State>,
}

/// The prover, with the proofs found so far.
pub(crate) struct Prover<'a> {
    rules: Rules<'a>,
    defender: Color,
    effort: Effort,
    table: Table,
    /// Unproven entries in the table.
    open: usize,
    /// Entries with at most this much work are dropped when the table is full.
    forget_below: u32,
    /// Length of the current line.
    depth: usize,
    /// The round of questions under way (see the module doc): a disproof that leaned on the
    /// line counts in its own round only.
    round: u32,
    spent: usize,
    total_spent: usize,
    /// Positions the tail searches may still spend: a fortieth of the total to start with;
    /// each proof they find adds [`TAIL_REWARD`] questions' worth.
    tail_credit: usize,
    /// Positions counted for the progress line and the watch last looked at.
    checked: usize,
    /// The watch's time or memory limit has passed.
    halted: bool,
    scratch: Vec<Scratch>,
    /// The static tests that end the games early.
    statics: Box<dyn Statics>,
    /// Buffers for simulation's opponent nodes, by depth.
    replies: Vec<Scratch>,
    /// Proofs simulation found with the prover to move.
    #[cfg(test)]
    simulated: usize,
    /// States [`Prover::decide`] searched both questions for without settling them: asked
    /// again (the grades' graph meets the life degree's states once more), they are left open
    /// at once, the renewed budget going to states not searched yet.
    asked: HashSet<State>,
    /// The questions searched and proven, the roots of the final proof ([`proof`]).
    answered: Vec<(State, Goal)>,
    /// Stones the static test failed on lately (a cache: the same stones come back with
    /// either side to move, and each time a parent is searched again). Empty slots hold no
    /// stones, which no state has (the target is on the board).
    not_alive: Vec<Stones>,
    /// States the static test of death failed on lately, as `not_alive` (it reads the turn
    /// too, so the whole state is the key).
    not_dead: Vec<State>,
    /// The monolithic eyes' table the static tests look positions up in (`None`: a plain
    /// prover, [`Prover::plain`]).
    eyes: Option<&'static eye_table::EyeTable>,
    /// The surveys of the target's regions made lately ([`eye_table::survey`]).
    surveys: Vec<(State, eye_table::Survey)>,
    /// The eye spaces and chains the surveys met lately.
    surveyed: eye_table::SurveyCache,
}

/// Slots in [`Prover::not_alive`] and [`Prover::not_dead`]: a power of two.
const FAILED_SLOTS: usize = 1 << 12;

/// The slot of a set of stones in [`Prover::not_alive`] (`turn` 0), and of a state in
/// [`Prover::not_dead`] or [`Prover::surveys`] (`turn`: [`turn_word`]).
fn failed_slot(stones: &Stones, turn: u64) -> usize {
    let [b, w] = stones.by_color;
    let words = [b as u64, (b >> 64) as u64, w as u64, (w >> 64) as u64, turn];
    let h = words.iter().fold(0u64, |h, &x| {
        (h ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29)
    });
    (h >> 48) as usize & (FAILED_SLOTS - 1)
}

/// A state's side to move, pass and ban, packed in a word.
fn turn_word(state: &State) -> u64 {
    let turn = state.turn();
    turn.to_move.index() as u64
        | (turn.after_pass as u64) << 1
        | turn.ko.map_or(0, |k| k as u64 + 1) << 2
}

/// A static test's result for `key`, false at once if `slot` holds `key` (the test failed on
/// it lately); a failure is remembered there.
fn unless_failed<K: Copy + PartialEq>(slot: &mut K, key: K, test: impl FnOnce() -> bool) -> bool {
    if *slot == key {
        return false;
    }
    let settled = test();
    if !settled {
        *slot = key;
    }
    settled
}

impl<'a> Prover<'a> {
    pub(crate) fn new(
        local: &'a LocalProblem,
        effort: Effort,
        statics: Box<dyn Statics>,
    ) -> Prover<'a> {
        Prover {
            rules: Rules { local },
            defender: local.defender,
            tail_credit: effort.total / 40,
            effort,
            table: Table::new(),
            open: 0,
            forget_below: 1,
            depth: 0,
            round: 1,
            spent: 0,
            total_spent: 0,
            checked: 0,
            halted: false,
            scratch: Vec::new(),
            statics,
            replies: Vec::new(),
            #[cfg(test)]
            simulated: 0,
            not_alive: vec![Stones::default(); FAILED_SLOTS],
            not_dead: vec![State::default(); FAILED_SLOTS],
            asked: HashSet::new(),
            answered: Vec::new(),
            eyes: Some(eye_table::table()),
            surveys: vec![(State::default(), eye_table::Survey::default()); FAILED_SLOTS],
            surveyed: eye_table::SurveyCache::default(),
        }
    }

    /// A fresh total budget as large as the first, keeping every proof found so far.
    pub(crate) fn renew_budget(&mut self) {
        self.effort.total = self.effort.total.saturating_add(self.total_spent);
    }

    /// What this prover settled for good, to be taken over by another prover of the same
    /// problem ([`Prover::inherit`]): its proofs (each a finite strategy through states it
    /// proved earlier, all of which come along, so the induction of the module doc holds with
    /// them first), its disproofs that did not lean on a line, and the states
    /// [`Prover::decide`] searched in vain. Open entries (neither), which would crowd the
    /// table, do not come along.
    pub(crate) fn into_proofs(self) -> Proofs {
        let settled = self
            .table
            .iter()
            .filter(|(_, _, e)| e.pn == 0 || e.disproven())
            .map(|(state, goal, e)| (state, goal, Entry { work: 0, ..*e }))
            .collect();
        Proofs {
            settled,
            asked: self.asked,
        }
    }

    /// Takes over what another prover of the same problem settled ([`Prover::into_proofs`]).
    pub(crate) fn inherit(&mut self, proofs: Proofs) {
        for (state, goal, e) in proofs.settled {
            self.open += (e.pn != 0) as usize;
            self.table.insert(&state, goal, e);
        }
        self.asked.extend(proofs.asked);
    }

    /// Positions searched so far, for all questions.
    pub(crate) fn positions(&self) -> usize {
        self.total_spent + self.spent
    }

    /// Whether the watch's limit has passed: looked at every [`WATCH_EVERY`] positions, which
    /// are then counted for the progress line.
    fn halted(&mut self) -> bool {
        let done = self.positions();
        if done >= self.checked + WATCH_EVERY {
            watch::PROOF_POSITIONS.fetch_add((done - self.checked) as u64, Ordering::Relaxed);
            self.checked = done;
            self.halted |= self.effort.watch.exceeded().is_some();
        }
        self.halted
    }

    /// Whether the watch's time or memory limit has stopped the search.
    pub(crate) fn stopped(&self) -> bool {
        self.halted
    }

    /// Most positions one question may search.
    pub(crate) fn question_cap(&self) -> usize {
        self.effort.nodes
    }

    /// A state's value if a proof already settles it, without searching.
    pub(crate) fn settled(&self, state: &State) -> Option<Life> {
        [Goal::Lives, Goal::Captured]
            .into_iter()
            .find(|&goal| self.proven(state, goal))
            .map(Goal::end)
    }

    /// Whether a goal is proven for a state, directly or by the goal that implies it.
    fn proven(&self, state: &State, goal: Goal) -> bool {
        self.table
            .get(&goal.key(state), goal)
            .is_some_and(|e| e.pn == 0)
            || goal.stronger().is_some_and(|g| self.proven(state, g))
    }

    /// The exact value of a state when an extreme game settles it: alive (1) or dead (0).
    /// States met first (nearest the roots) get large searches; once the total effort is
    /// spent, each question gets a small one (`tail`) as long as those
    /// keep finding proofs: deep in a ko fight most states are settled by a short capture or
    /// a quick life, and each one settled saves building everything below it.
    pub(crate) fn decide(&mut self, state: &State) -> Option<Life> {
        if let Some(life) = self.settled(state) {
            return Some(life);
        }
        if self.asked.contains(state) {
            return None;
        }
        for goal in [Goal::Lives, Goal::Captured] {
            let tail = self.effort.total <= self.total_spent;
            if self.halted || (tail && self.tail_credit == 0) {
                return None;
            }
            let limit = if tail {
                self.effort.tail.min(self.tail_credit)
            } else {
                self.effort.nodes
            };
            let (proven, spent) = self.search(state, goal, limit);
            if tail {
                self.tail_credit -= spent.min(self.tail_credit);
                if proven {
                    self.tail_credit += TAIL_REWARD * self.effort.tail;
                }
            }
            if proven {
                return Some(goal.end());
            }
        }
        if !self.halted {
            self.asked.insert(*state);
        }
        None
    }

    /// Whether `goal` holds for `state`, searching at most `limit` positions (and what the
    /// total leaves) if no proof is known yet. For the first moves
    /// ([`crate::solve::openings`]), which ask each question with growing budgets: each ask is
    /// a round of its own, so that the disproofs of the last time that leaned on their line
    /// do not answer it at once.
    pub(crate) fn ask(&mut self, state: &State, goal: Goal, limit: usize) -> Finding {
        match self.finding(state, goal) {
            Finding::Refuted | Finding::Open
                if !self.halted && self.effort.total > self.total_spent =>
            {
                self.round += 1;
                self.search(state, goal, limit);
                self.finding(state, goal)
            }
            known => known,
        }
    }

    /// What is recorded of a question, without searching. A disproof that does not lean on
    /// the line is final: no budget proves it.
    pub(crate) fn finding(&self, state: &State, goal: Goal) -> Finding {
        if self.proven(state, goal) {
            return Finding::Proven;
        }
        if self.proven(state, goal.dual()) {
            return Finding::Disproven;
        }
        match self.table.get(state, goal) {
            Some(e) if e.disproven() => Finding::Disproven,
            Some(e) if e.dn == 0 => Finding::Refuted,
            _ => Finding::Open,
        }
    }

    /// One question: whether `goal` is proven for `state` after a search of at most `limit`
    /// positions (and what the total leaves), and the positions spent.
    fn search(&mut self, state: &State, goal: Goal, limit: usize) -> (bool, usize) {
        self.spent = 0;
        let left = self.effort.total.saturating_sub(self.total_spent);
        self.mid(state, goal, INF, INF, limit.min(left.max(self.effort.tail)));
        let spent = std::mem::take(&mut self.spent);
        self.total_spent += spent;
        let proven = self.proven(state, goal);
        if proven {
            self.answered.push((*state, goal));
        }
        (proven, spent)
    }

    /// Whether the static tests settle the state for the goal's side: a target in one chain
    /// around an eye space of the monolithic eyes' table gets what the table proves
    /// ([`eye_table`]), and the caller's tests ([`Statics`]) the rest. A failure of the caller's is
    /// remembered for a while (the same stones come back often).
    fn settled_statically(&mut self, state: &State, goal: Goal) -> bool {
        if self.survey(state).proves(goal) {
            return true;
        }
        let local = self.rules.local;
        let stones = state.stones();
        if !goal.defender_proves() {
            let turn = state.turn();
            let slot = &mut self.not_dead[failed_slot(&stones, turn_word(state))];
            let statics = &mut self.statics;
            return unless_failed(slot, *state, || statics.dead(local, &stones, turn));
        }
        let slot = &mut self.not_alive[failed_slot(&stones, 0)];
        let statics = &mut self.statics;
        unless_failed(slot, stones, || statics.alive(local, &stones))
    }

    /// The prover of a goal: the side whose win it is.
    fn prover(&self, goal: Goal) -> Color {
        if goal.defender_proves() {
            self.defender
        } else {
            self.defender.other()
        }
    }

    /// The side that always has a ko threat in a goal's game; the other never has one.
    fn threat_holder(&self, goal: Goal) -> Color {
        if goal.lower() {
            self.defender.other()
        } else {
            self.defender
        }
    }

    /// The moves from a state in its extreme game, into `scratch.children`.
    fn children(&self, state: &State, goal: Goal, scratch: &mut Scratch) {
        let Scratch {
            kids,
            moves,
            children,
            ..
        } = scratch;
        kids.clear();
        let kind = self.rules.successors_into(
            state,
            &mut |s| {
                kids.push(s);
                kids.len() as u32 + 1
            },
            moves,
        );
        if let Kind::KoChance(side) = kind {
            // In each extreme game one side always has a threat, the other never; in the
            // grade's game, once threats are gone, neither.
            if side != self.threat_holder(goal) || state.threatless() {
                moves.pop();
            }
        }
        if goal == Goal::Dies {
            self.count_threats(state, kind, kids, moves);
        }
        let (good, bad) = if goal.defender_proves() {
            (LIVES, CAPTURED)
        } else {
            (CAPTURED, LIVES)
        };
        children.clear();
        children.extend(
            moves
                .iter()
                .map(|&(m, c)| match self.outcome(state, m, c, goal) {
                    c if c == good => Child::Won,
                    c if c == bad => Child::Lost,
                    c => Child::State(kids[c as usize - 2]),
                }),
        );
    }

    /// The grade's game (goal `Dies`) from the moves of the upper game: once threats are
    /// gone they stay gone; before, two passes open the phase without threats from the same
    /// position, and the defender's retake may spend its last threat (a second child, without
    /// threats).
    fn count_threats(
        &self,
        state: &State,
        kind: Kind,
        kids: &mut Vec<State>,
        moves: &mut Vec<(Move, u32)>,
    ) {
        if state.threatless() {
            for kid in kids.iter_mut() {
                *kid = kid.without_threats();
            }
            return;
        }
        let add = |kids: &mut Vec<State>, kid: State| {
            kids.push(kid);
            kids.len() as u32 + 1
        };
        if let Some(pass) = moves
            .iter_mut()
            .find(|&&mut (m, c)| m == Move::Pass && c == LIVES)
        {
            let resumed = State::new(state.stones(), state.to_move().other(), None, false);
            pass.1 = add(kids, resumed.without_threats());
        }
        if kind == Kind::KoChance(self.defender) {
            let (retake, c) = moves[moves.len() - 1];
            let last = kids[c as usize - 2].without_threats();
            moves.push((retake, add(kids, last)));
        }
    }

    /// Where one move leads in a goal's extreme game (`None`: illegal); the caller checks
    /// the prover's ko bans.
    fn step(&self, state: &State, m: Move, goal: Goal) -> Option<Child> {
        let mut next = None;
        let c = self.rules.child(state, m, &mut |s| {
            next = Some(s);
            2
        })?;
        Some(match (self.outcome(state, m, c, goal), next) {
            (c, Some(s)) if c > LIVES => Child::State(s),
            (c, _) => {
                if (c == LIVES) == goal.defender_proves() {
                    Child::Won
                } else {
                    Child::Lost
                }
            }
        })
    }

    /// Where a move leads in the extreme games: what [`Rules::child`] says, except that the
    /// attacker's pass ends the game alive, since the defender answers it with the second
    /// pass (the most it can get: a proof of either side needs nothing more). In the grade's
    /// game that pass ends it only once threats are gone; before, it may open the phase
    /// without them.
    fn outcome(&self, state: &State, m: Move, c: u32, goal: Goal) -> u32 {
        let ends = goal != Goal::Dies || state.threatless();
        if m == Move::Pass && state.to_move() != self.defender && ends {
            LIVES
        } else {
            c
        }
    }

    /// Records a state's numbers (taking it off the line), forgetting the least-searched
    /// unproven entries when too many are kept.
    fn record(&mut self, state: &State, goal: Goal, n: Numbers, work: u32) {
        self.record_by(state, goal, n, work, None);
    }

    /// [`Prover::record`], with the prover's winning move of a proof.
    fn record_by(&mut self, state: &State, goal: Goal, n: Numbers, work: u32, by: Option<Move>) {
        if self.open >= self.effort.table {
            // Entries with little work below them are the quickest to find again.
            while self.open >= self.effort.table / 2 {
                let below = self.forget_below;
                self.table
                    .retain(|e| e.pn == 0 || e.on_line || e.work > below);
                self.open = self.table.iter().filter(|(_, _, e)| e.pn != 0).count();
                self.forget_below = self.forget_below.saturating_mul(2);
            }
            self.forget_below = (self.forget_below / 4).max(1);
        }
        let entry = Entry {
            pn: n.pn,
            dn: n.dn,
            work,
            loopy: if n.dn == 0 && n.loopy { self.round } else { 0 },
            on_line: false,
            by,
        };
        let (slot, new) = self.table.upsert(&goal.key(state), goal, || entry);
        let was_open = !new && slot.pn != 0;
        *slot = entry;
        self.open = self.open + (entry.pn != 0) as usize - was_open as usize;
    }
}
