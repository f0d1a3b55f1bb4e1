//! The proofs' table: open addressing with linear probing, one cache line per entry.
//!
//! df-pn looks up every child of every position it expands, and again each time the search
//! comes back to it; in large fights the table is far bigger than the caches, and those
//! look-ups took 30–40 % of the prover's time (measured). A general hash map keeps its
//! control bytes apart from its entries, two memory accesses per look-up of a cold entry;
//! here a look-up reads one line (and the next ones along a run), and [`Table::prefetch`]
//! lets the lines of all the children of a position load at once, in parallel, before they
//! are read.

use super::{Entry, Goal};
use crate::solve::state::State;
use std::hash::BuildHasher;

/// One entry: the key (state and goal) with its numbers, in one cache line.
#[derive(Clone, Copy, Default)]
#[repr(C, align(64))]
struct Slot {
    state: State,
    /// 0: empty; otherwise [`tag`] of the goal.
    tag: u8,
    entry: Entry,
}

const _: () = assert!(std::mem::size_of::<Slot>() == 64);

const GOALS: [Goal; 4] = [
    Goal::Lives,
    Goal::Captured,
    Goal::LivesByKo,
    Goal::CapturedByKo,
];

fn tag(goal: Goal) -> u8 {
    GOALS
        .iter()
        .position(|&g| g == goal)
        .map_or(0, |i| i as u8 + 1)
}

/// Slots of a new table: a power of two.
const FIRST_SLOTS: usize = 1 << 10;

/// A map from (state, goal) to [`Entry`].
pub struct Table {
    slots: Vec<Slot>,
    len: usize,
    /// 64 − log2(slots): a hash's top bits give its home slot.
    shift: u32,
    hasher: hashbrown::DefaultHashBuilder,
}

impl Table {
    pub fn new() -> Table {
        Table {
            slots: vec![Slot::default(); FIRST_SLOTS],
            len: 0,
            shift: 64 - FIRST_SLOTS.trailing_zeros(),
            hasher: hashbrown::DefaultHashBuilder::default(),
        }
    }

    fn home(&self, state: &State, tag: u8) -> usize {
        (self.hasher.hash_one((state, tag)) >> self.shift) as usize
    }

    fn mask(&self) -> usize {
        self.slots.len() - 1
    }

    /// The slot holding the key, or the empty slot where it would go.
    fn find(&self, state: &State, tag: u8) -> usize {
        let mut i = self.home(state, tag);
        loop {
            let s = &self.slots[i];
            if s.tag == 0 || (s.tag == tag && s.state == *state) {
                return i;
            }
            i = (i + 1) & self.mask();
        }
    }

    pub fn get(&self, state: &State, goal: Goal) -> Option<&Entry> {
        let s = &self.slots[self.find(state, tag(goal))];
        (s.tag != 0).then_some(&s.entry)
    }

    /// Starts loading the line where the key's look-up begins.
    pub fn prefetch(&self, state: &State, goal: Goal) {
        let line = &self.slots[self.home(state, tag(goal))];
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            // SAFETY: a prefetch is a hint with no effect on memory, for any address; SSE,
            // which it needs, is part of every x86-64 processor.
            unsafe { _mm_prefetch::<_MM_HINT_T0>((line as *const Slot).cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = line;
    }

    /// The key's entry, inserted as `new()` if absent; also whether it was inserted.
    pub fn upsert(
        &mut self,
        state: &State,
        goal: Goal,
        new: impl FnOnce() -> Entry,
    ) -> (&mut Entry, bool) {
        let tag = tag(goal);
        let mut i = self.find(state, tag);
        let inserted = self.slots[i].tag == 0;
        if inserted {
            // At most three quarters full: longer runs would cost more lines per miss.
            if (self.len + 1) * 4 > self.slots.len() * 3 {
                self.grow();
                i = self.find(state, tag);
            }
            self.slots[i] = Slot {
                state: *state,
                tag,
                entry: new(),
            };
            self.len += 1;
        }
        (&mut self.slots[i].entry, inserted)
    }

    pub fn insert(&mut self, state: &State, goal: Goal, entry: Entry) {
        *self.upsert(state, goal, || entry).0 = entry;
    }

    fn grow(&mut self) {
        let bigger = vec![Slot::default(); self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, bigger);
        self.shift -= 1;
        for s in old.into_iter().filter(|s| s.tag != 0) {
            let i = self.find(&s.state, s.tag);
            self.slots[i] = s;
        }
    }

    /// Keeps only the entries `keep` accepts. In place: each removal shifts the rest of its
    /// run back over the hole (an entry moved back is looked at again, which is harmless).
    pub fn retain(&mut self, mut keep: impl FnMut(&Entry) -> bool) {
        let mut i = 0;
        while i < self.slots.len() {
            if self.slots[i].tag != 0 && !keep(&self.slots[i].entry) {
                self.remove_at(i);
            } else {
                i += 1;
            }
        }
    }

    /// Empties slot `hole`, moving back each later entry of the run that may sit there (its
    /// home is not between the hole and it), so that every look-up still finds its entry.
    fn remove_at(&mut self, mut hole: usize) {
        let mask = self.mask();
        let mut j = (hole + 1) & mask;
        while self.slots[j].tag != 0 {
            let s = self.slots[j];
            let home = self.home(&s.state, s.tag);
            if j.wrapping_sub(home) & mask >= j.wrapping_sub(hole) & mask {
                self.slots[hole] = s;
                hole = j;
            }
            j = (j + 1) & mask;
        }
        self.slots[hole] = Slot::default();
        self.len -= 1;
    }

    pub fn iter(&self) -> impl Iterator<Item = (State, Goal, &Entry)> {
        self.slots
            .iter()
            .filter(|s| s.tag != 0)
            .map(|s| (s.state, GOALS[s.tag as usize - 1], &s.entry))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::rules::Color;
    use crate::go::rules::Stones;
    use proptest::prelude::*;

    fn state(n: u32) -> State {
        let stones = Stones {
            by_color: [n as u128, (n as u128) << 40],
        };
        State::new(stones, Color::Black, None, false)
    }

    fn entry(work: u32) -> Entry {
        Entry {
            work,
            ..Entry::default()
        }
    }

    proptest! {
        /// The table agrees with a plain map through inserts and removals (with growth and
        /// runs that wrap round the end of the slots).
        #[test]
        fn behaves_as_a_map(ops in prop::collection::vec((0u32..3000, 0usize..4, any::<bool>()), 1..4000)) {
            let mut table = Table::new();
            let mut map = std::collections::HashMap::new();
            for (n, g, keep_odd) in ops {
                let goal = GOALS[g];
                if keep_odd && n % 97 == 0 {
                    table.retain(|e| e.work % 2 == 1);
                    map.retain(|_, w: &mut u32| *w % 2 == 1);
                } else {
                    table.insert(&state(n), goal, entry(n));
                    map.insert((n, g), n);
                }
            }
            prop_assert_eq!(table.len, map.len());
            for (&(n, g), &w) in &map {
                prop_assert_eq!(table.get(&state(n), GOALS[g]).map(|e| e.work), Some(w));
            }
            prop_assert_eq!(table.iter().count(), map.len());
        }
    }
}
