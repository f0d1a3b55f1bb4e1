//! The proofs' table: open addressing with Robin Hood hashing, one cache line per entry.
//!
//! df-pn looks up every child of every position it expands, and again each time the search
//! comes back to it; in large fights the table is far bigger than the caches, and those
//! look-ups take a large share of the prover's time. A general hash map keeps its
//! control bytes apart from its entries, two memory accesses per look-up of a cold entry;
//! here a look-up reads one line (and the next ones along a run), and [`Table::prefetch`]
//! lets the lines of all the children of a position load at once, in parallel, before they
//! are read. Robin Hood placement (an entry further from its home slot takes the place of one
//! nearer to its own) keeps runs short, so that a look-up of a new position, the most common
//! kind, stops after a line or two. A key's home slot depends on its state alone: the search
//! looks up a state's goals together (the goal asked, the one that implies it, the opponent's),
//! and they lie in one run.

use super::Goal;
use crate::prove::state::{Move, State};
use std::hash::BuildHasher;

/// A searched position. Proofs (pn = 0) are kept for good; the rest may be forgotten.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Entry {
    pub(super) pn: u32,
    pub(super) dn: u32,
    /// Positions expanded below it, for the replacement rule.
    pub(super) work: u32,
    /// For a disproof that leaned on the line: the round that found it (0: none).
    pub(super) loopy: u32,
    /// On the current line: a repetition if met again.
    pub(super) on_line: bool,
    /// For a proof with the prover to move: the move to a child proven before it (none for
    /// an immediate or static win). What simulation replays.
    pub(super) by: Option<Move>,
}

impl Entry {
    /// Whether the search showed that the goal fails without leaning on the line: final, as
    /// much as a proof (see [`Finding::Disproven`](super::Finding::Disproven)).
    pub(super) fn disproven(&self) -> bool {
        self.dn == 0 && self.loopy == 0 && !self.on_line
    }
}

/// One entry: the key (state and goal) with its numbers, in one cache line.
#[derive(Clone, Copy, Default)]
#[repr(C, align(64))]
struct Slot {
    state: State,
    /// 0: empty; otherwise [`tag`] of the goal.
    tag: u8,
    /// Slots from the key's home to this one.
    distance: u16,
    entry: Entry,
}

const _: () = assert!(std::mem::size_of::<Slot>() == 64);

/// A goal's tag: its index in [`Goal::ALL`] plus one.
fn tag(goal: Goal) -> u8 {
    goal as u8 + 1
}

/// Slots of a new table: a power of two.
const FIRST_SLOTS: usize = 1 << 12;

/// Slots from which a table outgrows the core's own caches (4 MB): below it, the look-ups
/// hit the caches and a prefetch only adds the cost of hashing twice.
const PREFETCH_FROM: usize = 1 << 16;

/// A map from (state, goal) to [`Entry`].
pub(crate) struct Table {
    slots: Vec<Slot>,
    len: usize,
    /// 64 − log2(slots): a hash's top bits give its home slot.
    shift: u32,
    hasher: hashbrown::DefaultHashBuilder,
}

/// Where a look-up ended: the key's slot, or where the key would go and its distance there.
enum Found {
    At(usize),
    Vacant(usize, u16),
}

impl Table {
    pub(crate) fn new() -> Table {
        Table {
            slots: vec![Slot::default(); FIRST_SLOTS],
            len: 0,
            shift: 64 - FIRST_SLOTS.trailing_zeros(),
            hasher: hashbrown::DefaultHashBuilder::default(),
        }
    }

    /// A key's home slot: by its state alone, so that a state's goals, which the search
    /// looks up together, lie in one run of neighbouring lines.
    fn home(&self, state: &State) -> usize {
        (self.hasher.hash_one(state) >> self.shift) as usize
    }

    fn mask(&self) -> usize {
        self.slots.len() - 1
    }

    /// The key's slot; else, at the first slot empty or holding an entry nearer its home than
    /// the key would be (the key, had it been inserted, would lie before it), where it goes.
    fn find(&self, state: &State, tag: u8) -> Found {
        let mut i = self.home(state);
        let mut distance = 0;
        loop {
            let s = &self.slots[i];
            if s.tag == 0 || s.distance < distance {
                return Found::Vacant(i, distance);
            }
            if s.tag == tag && s.state == *state {
                return Found::At(i);
            }
            i = (i + 1) & self.mask();
            distance += 1;
        }
    }

    pub(crate) fn get(&self, state: &State, goal: Goal) -> Option<&Entry> {
        match self.find(state, tag(goal)) {
            Found::At(i) => Some(&self.slots[i].entry),
            Found::Vacant(..) => None,
        }
    }

    /// Every goal's entry for a state (indexed by the goal's declaration order), in one walk
    /// along the run where they all lie.
    pub(crate) fn goals(&self, state: &State) -> [Option<Entry>; Goal::ALL.len()] {
        let mut found = [None; Goal::ALL.len()];
        let mut i = self.home(state);
        let mut distance = 0;
        loop {
            let s = &self.slots[i];
            if s.tag == 0 || s.distance < distance {
                return found;
            }
            if s.state == *state {
                found[s.tag as usize - 1] = Some(s.entry);
            }
            i = (i + 1) & self.mask();
            distance += 1;
        }
    }

    /// Starts loading the line where the key's look-up begins.
    pub(crate) fn prefetch(&self, state: &State) {
        if self.slots.len() < PREFETCH_FROM {
            return;
        }
        let line = &self.slots[self.home(state)];
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
    pub(crate) fn upsert(
        &mut self,
        state: &State,
        goal: Goal,
        new: impl FnOnce() -> Entry,
    ) -> (&mut Entry, bool) {
        let tag = tag(goal);
        let mut found = self.find(state, tag);
        if let Found::Vacant(..) = found {
            // At most three quarters full: the runs stay short.
            if (self.len + 1) * 4 > self.slots.len() * 3 {
                self.grow();
                found = self.find(state, tag);
            }
        }
        match found {
            Found::At(i) => (&mut self.slots[i].entry, false),
            Found::Vacant(i, distance) => {
                let slot = Slot {
                    state: *state,
                    tag,
                    distance,
                    entry: new(),
                };
                self.place(i, slot);
                (&mut self.slots[i].entry, true)
            }
        }
    }

    pub(crate) fn insert(&mut self, state: &State, goal: Goal, entry: Entry) {
        *self.upsert(state, goal, || entry).0 = entry;
    }

    /// Puts `slot` at `i` (its place by [`Table::find`]), moving each entry it displaces on to
    /// the next slot nearer its home than it would be.
    fn place(&mut self, mut i: usize, mut slot: Slot) {
        loop {
            let here = &mut self.slots[i];
            if here.tag == 0 {
                *here = slot;
                break;
            }
            if here.distance < slot.distance {
                std::mem::swap(here, &mut slot);
            }
            i = (i + 1) & self.mask();
            slot.distance += 1;
        }
        self.len += 1;
    }

    fn grow(&mut self) {
        let bigger = vec![Slot::default(); self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, bigger);
        self.shift -= 1;
        self.len = 0;
        for s in old.into_iter().filter(|s| s.tag != 0) {
            let home = self.home(&s.state);
            self.place(home, Slot { distance: 0, ..s });
        }
    }

    /// Keeps only the entries `keep` accepts. In place: each removal shifts the rest of its
    /// run back over the hole (an entry moved back is looked at again, which is harmless).
    pub(crate) fn retain(&mut self, mut keep: impl FnMut(&Entry) -> bool) {
        let mut i = 0;
        while i < self.slots.len() {
            if self.slots[i].tag != 0 && !keep(&self.slots[i].entry) {
                self.remove_at(i);
            } else {
                i += 1;
            }
        }
    }

    /// Empties slot `hole`, moving each later entry of the run that is not at its home back
    /// by one, so that every look-up still finds its entry.
    fn remove_at(&mut self, mut hole: usize) {
        let mask = self.mask();
        let mut next = (hole + 1) & mask;
        while self.slots[next].tag != 0 && self.slots[next].distance > 0 {
            let mut s = self.slots[next];
            s.distance -= 1;
            self.slots[hole] = s;
            hole = next;
            next = (next + 1) & mask;
        }
        self.slots[hole] = Slot::default();
        self.len -= 1;
    }

    pub(crate) fn iter(&self) -> impl Iterator<Item = (State, Goal, &Entry)> {
        self.slots
            .iter()
            .filter(|s| s.tag != 0)
            .map(|s| (s.state, Goal::ALL[s.tag as usize - 1], &s.entry))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::rules::{Color, Stones};
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
                let goal = Goal::ALL[g];
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
                prop_assert_eq!(table.get(&state(n), Goal::ALL[g]).map(|e| e.work), Some(w));
            }
            prop_assert_eq!(table.iter().count(), map.len());
        }
    }
}
