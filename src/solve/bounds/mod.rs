//! Bounds from the two extreme games, to settle states without expanding them.
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
//! Proofs are found by depth-first proof-number search (df-pn, Nagai) with a transposition
//! table; the prover's side is the OR player. Only a proof (pn = 0) ever settles a state, and
//! every proof is a finite strategy, independent of the line that found it:
//!
//! * a position repeated on the current line, or one past the depth cap, counts as a failure
//!   for the prover (pn = ∞, dn = 0), never as a success;
//! * a proof is recorded only when the prover wins at once (capture; the second pass, or an
//!   attacker's pass, which the defender answers with the second; a target alive by
//!   [`crate::analysis::safe_regions`] or dead by [`life::sealed_dead`], whose strategies
//!   use no threat), or when one child (OR) or every child (AND) is already
//!   recorded as proven. By induction on the order in which proofs are recorded, each proven
//!   state has a winning strategy that only ever moves to states proven *earlier*, so it
//!   reaches an immediate win within finitely many moves, whatever line led to the state.
//!   Proofs are never forgotten (only unproven entries are, past the table's bound), so a
//!   state proven anywhere settles it wherever the graph builder meets it, budget spent or
//!   not.
//!
//! **Simulation** (Kawano) proves a sibling of a proven child of an opponent node by replaying
//! the proven child's strategy: in the sibling, the move recorded with the child's proof (the
//! prover's ko bans obeyed); against every opponent move there (all of them, by the rules of
//! the extreme game), the proof of the child's answer to the same move, where the sibling's
//! own position is not already proven or won at once. It records a state proven only when its
//! chosen child (prover to move) or all its children (opponent to move) are already recorded
//! proven, or win at once, exactly as the search does, so the induction above covers it; it
//! never enters a state on the current line. Each step of a replay moves the source to a state
//! proven earlier than the last, so a replay ends; a budget keeps failing ones short.
//!
//! Disproofs (dn = 0) may depend on the line (the graph-history interaction problem): a
//! repetition disproves a state on this line that another line might prove. They only steer
//! the search and never settle anything, so a wrong one can lose a proof but never create
//! one. Disproofs that leaned on the line are marked with the *round* that found them and
//! forgotten when the next round starts. Each question of the first moves' searches
//! ([`crate::solve::openings`]) is a round of its own: they ask a question again with a larger
//! budget, which a disproof kept from the last time would answer at once. The state graph's
//! questions ([`Bounds::decide`], each asked once per state) share one round: a disproof found
//! under one state steers the searches under the next, as it steers its own question's
//! (measured on `problems/scaling/crowded-22.sgf`, a long ko where most questions fail: 4.06
//! million positions to 0.47 million, the states and the answer the same). The disproofs that
//! did not lean on a line also tell the first moves' searches not to ask that question again.
//!
//! **The opponent's proofs refute.** Each game has two goals, one per side: `Lives` and
//! `CapturedByKo` in the lower game, `Captured` and `LivesByKo` in the upper one. A proof of
//! one is a strategy that forces its side's result whatever the other side does, so the other
//! goal can never be proven: a state proven for the opponent's goal is a final disproof of
//! this one, found without searching it (measured on book problems: about half the positions).
//! Since a goal without threats implies the same goal with them, `Lives` refutes `Captured`
//! too, and `Captured` refutes `Lives`. A new state that the static test settles for the
//! opponent (alive while the attacker searches, dead while the defender does) is recorded as
//! the opponent's proof, and is lost for the search at once.

use crate::analysis::life;
use crate::analysis::safe_regions::Safety;
use crate::go::rules::{Color, Stones};
use crate::problem::LocalProblem;
use crate::solve::state::{Kind, Move, Rules, State, CAPTURED, LIVES};
use crate::solve::watch::{self, Watch};
use hashbrown::HashSet;
use std::sync::atomic::Ordering;
use table::Table;

mod table;

/// What a proof establishes. The first two settle a state's value for every parameter; the
/// two "by ko" goals, where the prover wins every ko (it always has a threat, the opponent
/// never), only bound it, and only while neither side is sure of its threats (see
/// [`crate::solve::openings`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    /// The defender forces the two closing passes in the lower game: value 1.
    Lives,
    /// The attacker forces a capture in the upper game: value 0.
    Captured,
    /// The defender forces the two closing passes in the upper game: value above 0.
    LivesByKo,
    /// The attacker forces a capture in the lower game: value below 1.
    CapturedByKo,
}

impl Goal {
    /// Whether the defender is the prover.
    pub fn lives(self) -> bool {
        matches!(self, Goal::Lives | Goal::LivesByKo)
    }

    /// Whether the game is the lower one (the attacker always has a threat, the defender
    /// never); otherwise the upper one.
    fn lower(self) -> bool {
        matches!(self, Goal::Lives | Goal::CapturedByKo)
    }

    /// The opponent's goal in the same game: a proof of either refutes the other.
    fn dual(self) -> Goal {
        match self {
            Goal::Lives => Goal::CapturedByKo,
            Goal::CapturedByKo => Goal::Lives,
            Goal::Captured => Goal::LivesByKo,
            Goal::LivesByKo => Goal::Captured,
        }
    }

    /// The opponent's goal that settles a state's value, refuting this one.
    fn opposite(self) -> Goal {
        if self.lives() {
            Goal::Captured
        } else {
            Goal::Lives
        }
    }

    /// The goal that implies this one: winning without threats wins with all of them.
    fn stronger(self) -> Option<Goal> {
        match self {
            Goal::LivesByKo => Some(Goal::Lives),
            Goal::CapturedByKo => Some(Goal::Captured),
            _ => None,
        }
    }
}

/// What one question found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Effort {
    /// Longest line searched, in moves; deeper positions count as failures.
    pub depth: u32,
    /// Most positions one question may expand.
    pub nodes: usize,
    /// Most positions all questions together may expand; after that each question gets only
    /// `tail` positions, while the tail earns its keep (see [`Bounds::decide`]).
    pub total: usize,
    /// Positions a question may search once `total` is spent.
    pub tail: usize,
    /// Most unproven positions remembered; past it the least-searched ones are forgotten.
    pub table: usize,
    /// The solve's time and memory limits: once passed, no more searching.
    pub watch: Watch,
}

/// Tail questions one proof pays for: past a start-up credit, the tail goes on only while
/// about one question in this many settles its state, so that a graph where short searches
/// settle nothing is built at full speed.
const TAIL_REWARD: usize = 20;

/// Proof and disproof numbers at or above this are infinite.
const INF: u32 = u32::MAX / 2;

/// A searched position. Proofs (pn = 0) are kept for good; the rest may be forgotten.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    pn: u32,
    dn: u32,
    /// Positions expanded below it, for the replacement rule.
    work: u32,
    /// For a disproof that leaned on the line: the round that found it (0: none).
    loopy: u32,
    /// On the current line: a repetition if met again.
    on_line: bool,
    /// For a proof with the prover to move: the move to a child proven before it (none for
    /// an immediate or static win). What simulation replays.
    by: Option<Move>,
}

impl Entry {
    /// Whether the search showed that the goal fails without leaning on the line: final, as
    /// much as a proof (see [`Answer::Disproven`]).
    fn disproven(&self) -> bool {
        self.dn == 0 && self.loopy == 0 && !self.on_line
    }
}

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

const UNKNOWN: Numbers = Numbers {
    pn: 1,
    dn: 1,
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

/// The prover, with the proofs found so far.
pub struct Bounds<'a> {
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
    /// The static test that ends the lower game early.
    safety: Safety,
    /// Buffers for simulation's opponent nodes, by depth.
    replies: Vec<Scratch>,
    /// Proofs simulation found with the prover to move.
    #[cfg(test)]
    simulated: usize,
    /// States [`Bounds::decide`] searched both questions for without settling them: asked
    /// again (the grades' graph meets the life degree's states once more), they are left open
    /// at once, the renewed budget going to states not searched yet.
    asked: HashSet<State>,
    /// Stones the static test failed on lately (a cache: the same stones come back with
    /// either side to move, and each time a parent is searched again). Empty slots hold no
    /// stones, which no state has (the target is on the board).
    not_alive: Vec<Stones>,
    /// States the static test of death failed on lately, as `not_alive` (it reads the turn
    /// too, so the whole state is the key).
    not_dead: Vec<State>,
}

/// Most positions one simulation may visit: a replay that fits is cheap next to a search,
/// one that does not is left to the search.
const SIMULATION_BUDGET: u32 = 1000;

/// Slots in [`Bounds::not_alive`] and [`Bounds::not_dead`]: a power of two.
const FAILED_SLOTS: usize = 1 << 12;

/// The slot of a set of stones in [`Bounds::not_alive`] (`turn` 0), and of a state in
/// [`Bounds::not_dead`] (`turn` its side to move, pass and ban packed in a word).
fn failed_slot(stones: &Stones, turn: u64) -> usize {
    let [b, w] = stones.by_color;
    let words = [b as u64, (b >> 64) as u64, w as u64, (w >> 64) as u64, turn];
    let h = words.iter().fold(0u64, |h, &x| {
        (h ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29)
    });
    (h >> 48) as usize & (FAILED_SLOTS - 1)
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

impl<'a> Bounds<'a> {
    pub fn new(local: &'a LocalProblem, effort: Effort) -> Bounds<'a> {
        Bounds {
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
            safety: Safety::default(),
            replies: Vec::new(),
            #[cfg(test)]
            simulated: 0,
            not_alive: vec![Stones::default(); FAILED_SLOTS],
            not_dead: vec![State::default(); FAILED_SLOTS],
            asked: HashSet::new(),
        }
    }

    /// A fresh total budget as large as the first, keeping every proof found so far.
    pub fn renew_budget(&mut self) {
        self.effort.total = self.effort.total.saturating_add(self.total_spent);
    }

    /// Takes over what another prover of the same problem settled for good: its proofs (each
    /// a finite strategy through states it proved earlier, all of which come along, so the
    /// induction of the module doc holds with them first) and its disproofs that did not lean
    /// on a line. Open entries (neither), which would crowd the table, do not come along.
    pub fn inherit(&mut self, other: Bounds) {
        let settled = other
            .table
            .iter()
            .filter(|(_, _, e)| e.pn == 0 || e.disproven());
        for (state, goal, e) in settled {
            self.open += (e.pn != 0) as usize;
            self.table.insert(&state, goal, Entry { work: 0, ..*e });
        }
    }

    /// Positions searched so far, for all questions.
    pub fn positions(&self) -> usize {
        self.total_spent + self.spent
    }

    /// Whether the watch's limit has passed: looked at every few thousand positions, which
    /// are then counted for the progress line.
    fn halted(&mut self) -> bool {
        let done = self.positions();
        if done >= self.checked + 4096 {
            watch::PROOF_POSITIONS.fetch_add((done - self.checked) as u64, Ordering::Relaxed);
            self.checked = done;
            self.halted |= self.effort.watch.exceeded().is_some();
        }
        self.halted
    }

    /// Whether the watch's time or memory limit has stopped the search.
    pub fn stopped(&self) -> bool {
        self.halted
    }

    /// Most positions one question may search.
    pub fn question_cap(&self) -> usize {
        self.effort.nodes
    }

    /// A state's value if a proof already settles it, without searching.
    pub fn settled(&self, state: &State) -> Option<bool> {
        [Goal::Lives, Goal::Captured]
            .into_iter()
            .find(|&goal| self.proven(state, goal))
            .map(|goal| goal == Goal::Lives)
    }

    /// Whether a goal is proven for a state, directly or by the goal that implies it.
    fn proven(&self, state: &State, goal: Goal) -> bool {
        self.table.get(state, goal).is_some_and(|e| e.pn == 0)
            || goal.stronger().is_some_and(|g| self.proven(state, g))
    }

    /// The exact value of a state when an extreme game settles it: `Some(true)` lives (1),
    /// `Some(false)` dies (0). States met first (nearest the roots) get large searches; once
    /// the total effort is spent, each question gets a small one (`tail`) as long as those
    /// keep finding proofs: deep in a ko fight most states are settled by a short capture or
    /// a quick life, and each one settled saves building everything below it.
    pub fn decide(&mut self, state: &State) -> Option<bool> {
        if let Some(lives) = self.settled(state) {
            return Some(lives);
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
                return Some(goal == Goal::Lives);
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
    pub fn ask(&mut self, state: &State, goal: Goal, limit: usize) -> Answer {
        match self.answer(state, goal) {
            Answer::Refuted | Answer::Open
                if !self.halted && self.effort.total > self.total_spent =>
            {
                self.round += 1;
                self.search(state, goal, limit);
                self.answer(state, goal)
            }
            known => known,
        }
    }

    /// What is recorded of a question, without searching. A disproof that does not lean on
    /// the line is final: no budget proves it.
    fn answer(&self, state: &State, goal: Goal) -> Answer {
        if self.proven(state, goal) {
            return Answer::Proven;
        }
        if self.proven(state, goal.dual()) {
            return Answer::Disproven;
        }
        match self.table.get(state, goal) {
            Some(e) if e.disproven() => Answer::Disproven,
            Some(e) if e.dn == 0 => Answer::Refuted,
            _ => Answer::Open,
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
        (self.proven(state, goal), spent)
    }

    /// A target kept alive by Benson's rule with safe regions wins the lower game: the
    /// defender answers in those regions and passes otherwise (see `safe_regions`). A target
    /// sealed in with at most one small eye, or a nakade, loses both games
    /// ([`life::sealed_dead`]).
    fn settled_statically(&mut self, state: &State, goal: Goal) -> bool {
        let local = self.rules.local;
        let stones = state.stones();
        if !goal.lives() {
            let turn = state.turn();
            let packed = turn.to_move.index() as u64
                | (turn.after_pass as u64) << 1
                | turn.ko.map_or(0, |k| k as u64 + 1) << 2;
            let slot = &mut self.not_dead[failed_slot(&stones, packed)];
            return unless_failed(slot, *state, || life::sealed_dead(local, &stones, turn));
        }
        let slot = &mut self.not_alive[failed_slot(&stones, 0)];
        unless_failed(slot, stones, || self.safety.target_alive(local, &stones))
    }

    /// The prover of a goal: the side whose win it is.
    fn prover(&self, goal: Goal) -> Color {
        if goal.lives() {
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

    /// A state's numbers if the search knows them: proven, on the line, or in the table.
    fn known(&self, state: &State, goal: Goal) -> Option<Numbers> {
        let entries = self.table.goals(state);
        let proven = |goal: Goal| {
            let proven = |g: Goal| entries[g as usize].is_some_and(|e| e.pn == 0);
            proven(goal) || goal.stronger().is_some_and(proven)
        };
        if goal.stronger().is_some_and(proven) {
            return Some(PROVEN);
        }
        let e = entries[goal as usize];
        // The opponent's proof in the same game is a final disproof (a state on the line
        // stays a repetition: its entry is the search's own).
        if !e.is_some_and(|e| e.pn == 0 || e.on_line || e.disproven()) && proven(goal.dual()) {
            return Some(LOST);
        }
        let e = e?;
        if e.pn == 0 {
            Some(PROVEN)
        } else if e.on_line {
            Some(REPEATED)
        } else if e.loopy == 0 || e.loopy == self.round {
            Some(Numbers {
                pn: e.pn,
                dn: e.dn,
                loopy: e.loopy != 0,
            })
        } else {
            None
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
            // In each extreme game one side always has a threat, the other never.
            if side != self.threat_holder(goal) {
                moves.pop();
            }
        }
        let (good, bad) = if goal.lives() {
            (LIVES, CAPTURED)
        } else {
            (CAPTURED, LIVES)
        };
        children.clear();
        children.extend(moves.iter().map(|&(m, c)| match self.outcome(state, m, c) {
            c if c == good => Child::Won,
            c if c == bad => Child::Lost,
            c => Child::State(kids[c as usize - 2]),
        }));
    }

    /// Searches `state` until its proof number reaches `th_pn`, its disproof number `th_dn`,
    /// or the question's budget `limit` runs out, and records what it found.
    fn mid(&mut self, state: &State, goal: Goal, th_pn: u32, th_dn: u32, limit: usize) -> Numbers {
        let known = self.known(state, goal);
        if let Some(n) = known {
            if n.pn == 0 || n.dn == 0 {
                return n;
            }
        }
        // A state met for the first time: the static tests, both ways (its parent ran only
        // the one that would settle the parent at once). One with an entry has been tested
        // already, but for an entry of an earlier round that leaned on its line: tested
        // again, harmlessly.
        if known.is_none() {
            if self.settled_statically(state, goal) {
                self.record(state, goal, PROVEN, 1);
                return PROVEN;
            }
            if self.settled_statically(state, goal.opposite()) {
                self.record(state, goal.opposite(), PROVEN, 1);
                return LOST;
            }
        }
        let start = self.spent;
        self.spent += 1;
        if self.depth as u32 >= self.effort.depth {
            self.record(state, goal, REPEATED, 1);
            return REPEATED;
        }
        let level = self.depth;
        if self.scratch.len() <= level {
            self.scratch.push(Scratch::default());
        }
        let mut scratch = std::mem::take(&mut self.scratch[level]);
        self.children(state, goal, &mut scratch);
        let or = state.to_move() == self.prover(goal);
        let (entry, new) = self.table.upsert(state, goal, || Entry {
            pn: 1,
            dn: 1,
            ..Entry::default()
        });
        entry.on_line = true;
        self.open += new as usize;
        self.depth += 1;
        let Scratch {
            children, numbers, ..
        } = &mut scratch;
        // The children's entries (every goal of a state lies in one run), loading together
        // before they are read one by one.
        for child in children.iter() {
            if let Child::State(s) = child {
                self.table.prefetch(s);
            }
        }
        // Starting numbers once; after each step only what the search has learnt since.
        numbers.clear();
        for child in children.iter() {
            numbers.push(match child {
                Child::Won => PROVEN,
                Child::Lost => LOST,
                // Unit numbers for a new state: measured, estimates from eye space or
                // liberties did not pay for themselves. Of the static tests, only the one
                // that would settle this node at once runs on each new child (for the prover's
                // goal at an OR node, the opponent's at an AND node); the other waits until
                // the child is searched (measured: a sixth less time on book problems). A new
                // state the static test settles for the prover is proven at once (recorded as
                // if searched), without expanding it.
                Child::State(s) => match self.known(s, goal) {
                    Some(n) => n,
                    None if or && self.settled_statically(s, goal) => {
                        self.record(s, goal, PROVEN, 1);
                        PROVEN
                    }
                    // One the static test settles the other way is lost: the opponent's proof,
                    // recorded, refutes this goal wherever the state comes up.
                    None if !or && self.settled_statically(s, goal.opposite()) => {
                        self.record(s, goal.opposite(), PROVEN, 1);
                        LOST
                    }
                    None => UNKNOWN,
                },
            });
        }
        let result = loop {
            let here = combine(numbers, or);
            if here.pn >= th_pn || here.dn >= th_dn || here.pn == 0 || here.dn == 0 {
                break here;
            }
            if self.spent >= limit || self.halted() {
                break here;
            }
            // The most promising child, and the runner-up's number to bound its search.
            let key = |n: &Numbers| if or { n.pn } else { n.dn };
            let (mut best, mut second) = (0, INF);
            for (i, n) in numbers.iter().enumerate().skip(1) {
                if key(n) < key(&numbers[best]) {
                    second = key(&numbers[best]);
                    best = i;
                } else if key(n) < second {
                    second = key(n);
                }
            }
            let Child::State(next) = children[best] else {
                unreachable!("a settled child would have settled its parent")
            };
            let n = numbers[best];
            // 1 + ε (Pawlewicz & Lew): let the child run a quarter past the runner-up, so
            // that the search does not thrash between two close siblings.
            let runner_up = second.saturating_add(1).max(second + second / 4).min(INF);
            let (child_pn, child_dn) = if or {
                (th_pn.min(runner_up), th_dn - here.dn + n.dn)
            } else {
                (th_pn - here.pn + n.pn, th_dn.min(runner_up))
            };
            // Only the searched child's numbers are refreshed (what it records is what it
            // returns); a sibling proven meanwhile through a transposition is found when it
            // is next chosen, at the cost of one table look-up.
            numbers[best] = self.mid(&next, goal, child_pn.min(INF), child_dn.min(INF), limit);
            if !or && numbers[best].pn == 0 {
                // Simulation: the siblings may fall to the same strategy.
                for (child, n) in children.iter().zip(numbers.iter_mut()) {
                    if let Child::State(s) = child {
                        if n.pn != 0 {
                            let mut budget = SIMULATION_BUDGET;
                            let ok = self.simulate(s, &next, goal, 0, &mut budget);
                            if ok {
                                *n = PROVEN;
                            }
                        }
                    }
                }
            }
        };
        // The prover's winning move, for simulation to replay.
        let by = if or && result.pn == 0 {
            let won = numbers.iter().position(|n| n.pn == 0);
            won.map(|i| scratch.moves[i].0)
        } else {
            None
        };
        self.depth -= 1;
        self.scratch[level] = scratch;
        self.record_by(state, goal, result, (self.spent - start) as u32, by);
        result
    }

    /// Simulation (Kawano): proves `target`, the prover to move, by replaying the proof of
    /// `source`: the same winning move, and against each opponent reply the proof of the
    /// source's same reply, down to wins of the target's own (immediate, static, or proofs
    /// already recorded). Records every state it proves, each only once its child (prover
    /// to move) or all its children (opponent to move) are recorded proven. Gives up, having
    /// recorded what it proved, when the replay fails or `budget` runs out.
    fn simulate(
        &mut self,
        target: &State,
        source: &State,
        goal: Goal,
        depth: u32,
        budget: &mut u32,
    ) -> bool {
        if let Some(known) = self.replay_known(target, goal, depth, budget) {
            return known;
        }
        // Not counted as a position: only one move is tried here.
        if self.settled_statically(target, goal) {
            self.record(target, goal, PROVEN, 1);
            return true;
        }
        let Some(m) = self.table.get(source, goal).and_then(|e| e.by) else {
            return false;
        };
        // A prover without threats may not retake a banned ko.
        if self.prover(goal) != self.threat_holder(goal)
            && matches!(m, Move::Play(p) if target.ko() == Some(p))
        {
            return false;
        }
        let proven = match (self.step(target, m, goal), self.step(source, m, goal)) {
            (Some(Child::Won), _) => true,
            (Some(Child::State(t)), Some(Child::State(s))) => {
                self.simulate_reply(&t, &s, goal, depth + 1, budget)
            }
            _ => false,
        };
        if proven {
            self.record_by(target, goal, PROVEN, 1, Some(m));
            #[cfg(test)]
            {
                self.simulated += 1;
            }
        }
        proven
    }

    /// [`Bounds::simulate`] with the opponent to move: every reply of `target` must be won,
    /// through the proof of `source`'s same reply where the target's own win is not known.
    fn simulate_reply(
        &mut self,
        target: &State,
        source: &State,
        goal: Goal,
        depth: u32,
        budget: &mut u32,
    ) -> bool {
        if let Some(known) = self.replay_known(target, goal, depth, budget) {
            return known;
        }
        self.spent += 1;
        let level = depth as usize;
        if self.replies.len() <= level {
            self.replies.resize_with(level + 1, Scratch::default);
        }
        let mut scratch = std::mem::take(&mut self.replies[level]);
        self.children(target, goal, &mut scratch);
        let mut proven = true;
        for (&(m, _), child) in scratch.moves.iter().zip(&scratch.children) {
            let won = match child {
                Child::Won => true,
                Child::Lost => false,
                Child::State(t) => {
                    self.proven(t, goal)
                        || match self.step(source, m, goal) {
                            Some(Child::State(s)) if self.proven(&s, goal) => {
                                self.simulate(t, &s, goal, depth + 1, budget)
                            }
                            // The source won at once: the target only by the static test.
                            _ if self.settled_statically(t, goal) => {
                                self.record(t, goal, PROVEN, 1);
                                true
                            }
                            _ => false,
                        }
                }
            };
            if !won {
                proven = false;
                break;
            }
        }
        self.replies[level] = scratch;
        if proven {
            self.record(target, goal, PROVEN, 1);
        }
        proven
    }

    /// A replay's verdict on `target` before looking at it: proven already, or given up
    /// (on the current line, too deep, or out of budget); else one unit of budget is taken.
    fn replay_known(
        &self,
        target: &State,
        goal: Goal,
        depth: u32,
        budget: &mut u32,
    ) -> Option<bool> {
        match self.table.get(target, goal) {
            Some(e) if e.pn == 0 => return Some(true),
            Some(e) if e.on_line => return Some(false),
            _ => {}
        }
        if *budget == 0 || depth >= self.effort.depth {
            return Some(false);
        }
        *budget -= 1;
        None
    }

    /// Where one move leads in a goal's extreme game (`None`: illegal); the caller checks
    /// the prover's ko bans.
    fn step(&self, state: &State, m: Move, goal: Goal) -> Option<Child> {
        let mut next = None;
        let c = self.rules.child(state, m, &mut |s| {
            next = Some(s);
            2
        })?;
        Some(match (self.outcome(state, m, c), next) {
            (c, Some(s)) if c > LIVES => Child::State(s),
            (c, _) => {
                if (c == LIVES) == goal.lives() {
                    Child::Won
                } else {
                    Child::Lost
                }
            }
        })
    }

    /// Where a move leads in the extreme games: what [`Rules::child`] says, except that the
    /// attacker's pass ends the game alive, since the defender answers it with the second
    /// pass (the most it can get: a proof of either side needs nothing more).
    fn outcome(&self, state: &State, m: Move, c: u32) -> u32 {
        if m == Move::Pass && state.to_move() != self.defender {
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

    /// [`Bounds::record`], with the prover's winning move of a proof.
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
        let (slot, new) = self.table.upsert(state, goal, || entry);
        let was_open = !new && slot.pn != 0;
        *slot = entry;
        self.open = self.open + (entry.pn != 0) as usize - was_open as usize;
    }
}

/// A node's numbers from its children's: OR takes the best child's proof number and the sum of
/// disproof numbers, AND the reverse.
fn combine(children: &[Numbers], or: bool) -> Numbers {
    let min = |f: fn(&Numbers) -> u32| children.iter().map(f).min().unwrap_or(INF);
    let sum = |f: fn(&Numbers) -> u32| {
        children
            .iter()
            .map(f)
            .fold(0u32, |a, b| a.saturating_add(b))
            .min(INF)
    };
    let (pn, dn) = if or {
        (min(|n| n.pn), sum(|n| n.dn))
    } else {
        (sum(|n| n.pn), min(|n| n.dn))
    };
    // A disproof leans on the line if any disproof it rests on does.
    let loopy = dn == 0 && children.iter().any(|n| n.dn == 0 && n.loopy);
    Numbers { pn, dn, loopy }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::TargetChoice;
    use hashbrown::HashSet;
    use std::path::Path;

    fn local(file: &str) -> LocalProblem {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
        let problem = crate::load(&path, &TargetChoice::FromFile).expect("a library problem");
        problem.arena().expect("an arena")
    }

    /// Every recorded proof is rebuilt from the rules alone, bottom-up: a state counts once
    /// it wins at once or its children (one for the prover, all for the opponent) already
    /// count. A proof leaning on itself through a cycle would never be rebuilt.
    fn check_proofs(b: &mut Bounds) -> usize {
        let claimed: Vec<(State, Goal)> = b
            .table
            .iter()
            .filter(|(_, _, e)| e.pn == 0)
            .map(|(s, g, _)| (s, g))
            .collect();
        let mut rebuilt: HashSet<(State, Goal)> = HashSet::new();
        let mut scratch = Scratch::default();
        // The static tests, with what they have learnt: their wins are finite strategies of
        // their own (see `safe_regions` and `life::sealed_dead`), so only the search's proofs
        // are rebuilt here.
        let mut safety = std::mem::take(&mut b.safety);
        loop {
            let before = rebuilt.len();
            for &(s, goal) in &claimed {
                if rebuilt.contains(&(s, goal)) {
                    continue;
                }
                let (local, stones) = (b.rules.local, s.stones());
                let statically = if goal.lives() {
                    safety.target_alive(local, &stones)
                } else {
                    life::sealed_dead(local, &stones, s.turn())
                };
                let ok = statically || {
                    b.children(&s, goal, &mut scratch);
                    let wins = |c: &Child| match c {
                        Child::Won => true,
                        Child::Lost => false,
                        Child::State(t) => {
                            rebuilt.contains(&(*t, goal))
                                || goal.stronger().is_some_and(|g| rebuilt.contains(&(*t, g)))
                        }
                    };
                    if s.to_move() == b.prover(goal) {
                        scratch.children.iter().any(wins)
                    } else {
                        scratch.children.iter().all(wins)
                    }
                };
                if ok {
                    rebuilt.insert((s, goal));
                }
            }
            if rebuilt.len() == before {
                break;
            }
        }
        b.safety = safety;
        assert_eq!(
            rebuilt.len(),
            claimed.len(),
            "a proof that is no finite strategy"
        );
        claimed.len()
    }

    /// A prover for a library problem, with a table so small that entries get forgotten, and
    /// the problem's rules.
    fn prover(file: &str, nodes: usize, total: usize) -> (Bounds<'static>, Rules<'static>) {
        let local: &'static LocalProblem = Box::leak(Box::new(local(file)));
        let effort = Effort {
            depth: 100,
            nodes,
            total,
            tail: 100,
            table: 1 << 12,
            watch: Watch::unlimited(),
        };
        (Bounds::new(local, effort), Rules { local })
    }

    /// Asks about every state reachable from the roots (not past settled ones), as the graph
    /// builder does, with a small table so that entries get forgotten; then checks the proofs,
    /// and that they still settle states once the budget is spent.
    fn search(file: &str) -> (Bounds<'static>, Vec<Option<bool>>) {
        let (mut b, rules) = prover(file, 200_000, 2_000_000);
        let mut seen: HashSet<State> = HashSet::new();
        let mut queue = vec![rules.root(Color::Black), rules.root(Color::White)];
        let mut answers = Vec::new();
        while let Some(s) = queue.pop() {
            if seen.len() >= 3000 || !seen.insert(s) {
                continue;
            }
            let answer = b.decide(&s);
            answers.push(answer);
            if answer.is_none() {
                rules.successors(&s, &mut |t| {
                    queue.push(t);
                    2
                });
            }
        }
        let proofs = check_proofs(&mut b);
        b.total_spent = b.effort.total;
        let proven: Vec<(State, Goal)> = b
            .table
            .iter()
            .filter(|(_, _, e)| e.pn == 0)
            .map(|(s, g, _)| (s, g))
            .collect();
        assert_eq!(proven.len(), proofs);
        for (s, goal) in proven {
            assert_eq!(b.decide(&s), Some(goal == Goal::Lives));
        }
        (b, answers)
    }

    #[test]
    fn corners_are_proven_alive_at_the_roots() {
        for file in [
            "problems/scaling/corner-08.sgf",
            "problems/scaling/corner-12.sgf",
        ] {
            let (_, answers) = search(file);
            // Both roots are searched and proven (the graph builder never asks about them).
            assert_eq!(answers, vec![Some(true), Some(true)], "{file}");
        }
    }

    #[test]
    fn simulated_proofs_are_finite_strategies() {
        // `search` rebuilds every proof from the rules, simulated ones included.
        let (b, _) = search("problems/scaling/corner-12.sgf");
        assert!(b.simulated > 0, "simulation never proved a state");
    }

    #[test]
    fn proofs_winning_every_ko_are_finite_strategies() {
        let (mut lives, mut captured, mut beyond) = (0, 0, 0);
        for file in [
            "problems/direct-ko.sgf",
            "problems/approach-ko-2.sgf",
            "problems/bent-four-corner.sgf",
        ] {
            let (mut b, rules) = prover(file, 10_000, 10_000_000);
            let mut seen: HashSet<State> = HashSet::new();
            let mut queue = vec![rules.root(Color::Black), rules.root(Color::White)];
            while let Some(s) = queue.pop() {
                if seen.len() >= 1000 || !seen.insert(s) {
                    continue;
                }
                let settled = b.decide(&s);
                let by_ko = [Goal::LivesByKo, Goal::CapturedByKo]
                    .map(|g| b.ask(&s, g, 10_000) == Answer::Proven);
                // Each weak goal is the opponent's in the game of a strong one: never both.
                assert!(!(settled == Some(true) && by_ko[1]), "{file}: both win");
                assert!(!(settled == Some(false) && by_ko[0]), "{file}: both win");
                lives += by_ko[0] as usize;
                captured += by_ko[1] as usize;
                beyond += (by_ko.contains(&true) && settled.is_none()) as usize;
                rules.successors(&s, &mut |t| {
                    queue.push(t);
                    2
                });
            }
            check_proofs(&mut b);
        }
        assert!(lives > 0 && captured > 0 && beyond > 0);
    }

    /// A disproof that leaned on its line steers the graph's later questions, but not a first
    /// move's question asked again with a larger budget (see the module doc).
    #[test]
    fn the_graphs_questions_share_a_round_and_each_ask_starts_one() {
        let (mut b, rules) = prover("problems/double-ko.sgf", 10_000, 10_000_000);
        let mut queue = vec![rules.root(Color::Black), rules.root(Color::White)];
        let mut seen: HashSet<State> = HashSet::new();
        // Questions about states, as the graph builder asks them, until one leaves a
        // disproof that leaned on its line; the next question still knows it.
        let (kept, next) = loop {
            let s = queue.pop().expect("a disproof leaning on the line");
            if !seen.insert(s) {
                continue;
            }
            b.decide(&s);
            rules.successors(&s, &mut |t| {
                queue.push(t);
                2
            });
            let loopy = b.table.iter().find(|(_, _, e)| e.loopy != 0);
            if let Some((state, goal, _)) = loopy {
                let kept = (state, goal);
                let next = *queue.iter().find(|t| !seen.contains(*t)).expect("a state");
                break (kept, next);
            }
        };
        b.decide(&next);
        assert!(b.known(&kept.0, kept.1).is_some(), "forgotten by the graph");
        // Asked again as a first move's question, it is searched afresh, not answered at
        // once by the disproof of the last round.
        assert_eq!(b.answer(&kept.0, kept.1), Answer::Refuted);
        let before = b.positions();
        b.ask(&kept.0, kept.1, 1000);
        assert!(
            b.positions() > before,
            "answered by the last round's disproof"
        );
    }

    #[test]
    fn proofs_with_kos_are_finite_strategies() {
        let mut settled = HashSet::new();
        for file in [
            "problems/direct-ko.sgf",
            "problems/double-ko.sgf",
            "problems/approach-ko-2.sgf",
            "problems/ten-thousand-year-ko.sgf",
            "problems/yose-ko.sgf",
            "problems/bent-four-corner.sgf",
        ] {
            let (_, answers) = search(file);
            settled.extend(answers.into_iter().flatten());
        }
        // Both goals were proven somewhere.
        assert!(settled.contains(&true) && settled.contains(&false));
    }
}
