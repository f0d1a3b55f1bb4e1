//! Depth-first proof-number search (df-pn, Nagai) over the extreme games: what the search
//! already knows of a state, and the search itself. What makes a recorded proof sound is in
//! the module doc of [`prove`](super).
//!
//! Disproofs (dn = 0) may depend on the line (the graph-history interaction problem): a
//! repetition disproves a state on this line that another line might prove. They only steer
//! the search and never settle anything, so a wrong one can lose a proof but never create
//! one. Disproofs that leaned on the line are marked with the *round* that found them and
//! forgotten when the next round starts. Each question of the first moves' searches
//! ([`crate::solve::openings`]) is a round of its own: they ask a question again with a larger
//! budget, which a disproof kept from the last time would answer at once. The state graph's
//! questions ([`Prover::decide`], each asked once per state) share one round: a disproof found
//! under one state steers the searches under the next, as it steers its own question's. The
//! disproofs that did not lean on a line also tell the first moves' searches not to ask that
//! question again.
//!
//! **The opponent's proofs refute.** Each game has two goals, one per side: `Lives` and
//! `CapturedByKo` in the lower game, `Captured` and `LivesByKo` in the upper one. A proof of
//! one is a strategy that forces its side's result whatever the other side does, so the other
//! goal can never be proven: a state proven for the opponent's goal is a final disproof of
//! this one, found without searching it. Since a goal without threats implies the same goal
//! with them, `Lives` refutes `Captured` too, and `Captured` refutes `Lives`. A new state that
//! the static test settles for the opponent (alive while the attacker searches, dead while
//! the defender does) is recorded as the opponent's proof, and is lost for the search at once.

use super::simulation::SIMULATION_BUDGET;
use super::table::Entry;
use super::{Child, Goal, Numbers, Prover, Scratch, INF, LOST, PROVEN, REPEATED};
use crate::prove::state::State;

impl Prover<'_> {
    /// A state's numbers if the search knows them: proven, on the line, or in the table.
    pub(super) fn known(&self, state: &State, goal: Goal) -> Option<Numbers> {
        let entries = self.table.goals(state);
        // A state without threats (the grade's game) has only its own goal's entry; the other
        // goals' are those of the same state with threats.
        let others = if state.threatless() {
            self.table.goals(&state.with_threats())
        } else {
            entries
        };
        let proven = |goal: Goal| {
            let proven = |g: Goal| {
                let entries = if g == Goal::Dies { &entries } else { &others };
                entries[g as usize].is_some_and(|e| e.pn == 0)
            };
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

    /// df-pn's recursive step, called MID (multiple iterative deepening) as in Nagai's
    /// df-pn: searches `state` until its proof number reaches `th_pn`, its disproof number
    /// `th_dn`, or the question's budget `limit` runs out, and records what it found.
    pub(super) fn mid(
        &mut self,
        state: &State,
        goal: Goal,
        th_pn: u32,
        th_dn: u32,
        limit: usize,
    ) -> Numbers {
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
            numbers.push(self.starting(child, goal, or));
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
            let runner_up = past(second);
            let (child_pn, child_dn) = if or {
                (th_pn.min(runner_up), th_dn - here.dn + n.dn)
            } else {
                (th_pn - here.pn + n.pn, th_dn.min(runner_up))
            };
            // Only the searched child's numbers are refreshed (what it records is what it
            // returns); a sibling proven meanwhile through a transposition is found when it
            // is next chosen, at the cost of one table look-up.
            numbers[best] = self.mid(&next, goal, child_pn.min(INF), child_dn.min(INF), limit);
            // The grade's game is not simulated: its moves do not map one to one (a pass may
            // open the phase without threats, a retake has two children).
            if !or && numbers[best].pn == 0 && goal != Goal::Dies {
                self.simulate_siblings(children, numbers, &next, goal);
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

    /// A child's numbers as the search starts on its parent (`or`: the prover moves there).
    /// Of the static tests, only the one that would settle the parent at once runs on a new
    /// child (for the prover's goal at an OR node, the opponent's at an AND node); the other
    /// waits until the child is searched, which costs less time. A new state the static test
    /// settles for the prover is proven at once (recorded as if searched), without expanding
    /// it; one it settles the other way is lost: the opponent's proof, recorded, refutes this
    /// goal wherever the state comes up. Any other new state starts with numbers from what its
    /// regions look like ([`Prover::initial`]).
    fn starting(&mut self, child: &Child, goal: Goal, or: bool) -> Numbers {
        match child {
            Child::Won => PROVEN,
            Child::Lost => LOST,
            Child::State(s) => match self.known(s, goal) {
                Some(n) => n,
                None if or && self.settled_statically(s, goal) => {
                    self.record(s, goal, PROVEN, 1);
                    PROVEN
                }
                None if !or && self.settled_statically(s, goal.opposite()) => {
                    self.record(s, goal.opposite(), PROVEN, 1);
                    LOST
                }
                None => self.initial(s, goal),
            },
        }
    }

    /// Simulation: once a child of an AND node is proven, its siblings may fall to the same
    /// strategy (`proven` is the child's state).
    fn simulate_siblings(
        &mut self,
        children: &[Child],
        numbers: &mut [Numbers],
        proven: &State,
        goal: Goal,
    ) {
        for (child, n) in children.iter().zip(numbers.iter_mut()) {
            if let Child::State(s) = child {
                if n.pn != 0 {
                    let mut budget = SIMULATION_BUDGET;
                    if self.simulate(s, proven, goal, 0, &mut budget) {
                        *n = PROVEN;
                    }
                }
            }
        }
    }
}

/// The starting numbers of a plain prover's new state ([`Prover::plain`]).
const UNIT: Numbers = Numbers {
    pn: 1,
    dn: 1,
    loopy: false,
};

/// The least a child's threshold runs past its runner-up's number: with starting numbers above
/// one, a step of one would bring the search back to the parent after each expansion.
const STEP: u32 = 2;

/// How far a child may run past its runner-up's number `second`: 1 + ε (Pawlewicz & Lew), a
/// quarter past it, so that the search does not thrash between two close siblings, and at
/// least a [`STEP`].
fn past(second: u32) -> u32 {
    second
        .saturating_add(STEP)
        .max(second + second / 4)
        .min(INF)
}

/// The largest region the safe regions' local games read (the eye table's reach one point
/// more): past it, each point of a region is about one exchange more before a proof of life.
const SEEN: u8 = 9;

impl Prover<'_> {
    /// The numbers a new state starts with: estimates of how far each side is from its goal
    /// (Kishimoto & Müller). The defender needs two eyes: fewer points already walled off as
    /// eyes, and regions too large for the static tests to see life in (each point beyond
    /// them about one exchange more), mean further to go. The attacker needs to fill the room
    /// the target's regions leave, about an exchange for each four empty points. They only
    /// order the search: every number is positive and finite, and only proofs settle.
    fn initial(&mut self, s: &State, goal: Goal) -> Numbers {
        if self.eyes.is_none() {
            return UNIT;
        }
        let local = self.rules.local;
        let arena = &local.arena;
        let stones = s.stones();
        let attacker = local.defender.other();
        let empty = arena.all & !stones.occupied();
        let walled = empty
            & arena.playable
            & !arena.adjacent(empty | stones.by_color[attacker.index()])
            & !arena.anchor[attacker.index()];
        let survey = self.survey(s);
        let to_live =
            (3 - walled.count_ones().min(2)).max(1 + survey.largest.saturating_sub(SEEN) as u32);
        let to_kill = 1 + survey.room as u32 / 4;
        let (pn, dn) = if goal.defender_proves() {
            (to_live, to_kill)
        } else {
            (to_kill, to_live)
        };
        Numbers {
            pn,
            dn,
            loopy: false,
        }
    }
}

/// A node's numbers from its children's: OR takes the best child's proof number and the sum of
/// disproof numbers, AND the reverse. A sum stays below [`INF`] unless a child's number is
/// infinite: in a deep search the sums over a graph of transpositions can pass it (each level
/// multiplies them by the moves counted twice and more), and a number saturated to infinity
/// would pass every threshold, the root's too, so that the question stopped for good without
/// a proof or a disproof (a first move of corner-20 did).
fn combine(children: &[Numbers], or: bool) -> Numbers {
    let min = |f: fn(&Numbers) -> u32| children.iter().map(f).min().unwrap_or(INF);
    let sum = |f: fn(&Numbers) -> u32| {
        let mut total = 0u32;
        for n in children {
            let x = f(n);
            if x >= INF {
                return INF;
            }
            total = total.saturating_add(x);
        }
        total.min(INF - 1)
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
