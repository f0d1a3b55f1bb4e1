//! Monolithic eyes (after Wolf, "A library of eyes in Go II: monolithic eyes"): the extreme
//! games of an eye space enclosed by one chain, looked up instead of searched.
//!
//! **What the table holds.** For every eye space of at most [`MAX_SPACE`] points that one
//! chain can enclose ([`shapes`]: in the open, on an edge, in a corner) and every content of
//! it (each point empty, the attacker's, or — where it does not touch the chain — the
//! defender's), with either side to move and no ban: what the prover ([`Prover`]) proved in
//! the space's own problem ([`build`]) when the enclosing chain, the target, has 0, 1 or 2
//! liberties outside it. Those outside liberties are points next to the chain and to a wall of
//! the attacker's that is never captured. The lower game's `Lives` and `CapturedByKo` and the
//! upper game's `Captured` are kept, each folded over the outside liberties: the fewest from
//! which `Lives` is proven with every larger count too, the most up to which the attacker's
//! goals are proven with every smaller one. Only proofs are kept: a
//! question the prover left open is a goal not proven. `cargo run --release --example
//! eye_table` builds the table again; a test rebuilds a sample of it and compares.
//!
//! **Edges and corners.** The game in a space depends only on which of its points are
//! neighbours and which touch the enclosing chain, so that is the key, up to the grid's
//! symmetries. A point on the edge whose every neighbour on the board is in the space touches
//! no chain; the key records it so, and the same polyomino in the open, on an edge and in a
//! corner are different keys. The chain's own shape never matters: all its stones share their
//! liberties and are captured together, like the one point that stands for it in the space's
//! problem.
//!
//! **When a state is looked up** ([`survey`]), on a grid arena: the target is one chain C
//! without an anchor (else the static tests settle it), and R is a connected part of the
//! points not in C, next to C and to no never-captured attacker stone, with at most
//! [`MAX_SPACE`] points, all playable, none anchored. Then every neighbour of a point of R is
//! in R or in C, so the moves inside R are exactly those of the space's problem: captures,
//! suicide and the ko rule read only the stones around the point played, and the chain's stones
//! next to R play the part of the problem's one chain point. Let `k` be the number of C's
//! liberties outside R. A move outside R and off C's liberties touches nothing of R or C.
//!
//! * *`Lives`*, proven in the table with `min(k, 2)` outside liberties, holds in the state. The
//!   defender plays the problem's strategy in R, keeping the problem's position beside the
//!   state's. The attacker's moves in R are the problem's. Its move on one of C's liberties
//!   outside R is the problem's filling of an outside liberty when the state is left with
//!   fewer of them than the problem; otherwise, like any other move outside R, it leaves the
//!   problem's position as it was, and the defender passes: in the lower game the attacker
//!   may retake any ko, so the problem's position with the attacker to move, ban or none, is
//!   one the strategy holds. Where the problem's defender fills its own outside liberty, the
//!   defender fills one of C's. So C always has at least the problem's liberties, the
//!   attacker's moves in R are legal and capture exactly when they are in the problem (a
//!   strategy never lets it capture C), and the attacker's stones outside R are only ever
//!   taken by the defender's fills: its moves there run out between two of the strategy's.
//!   Every line ends as the problem's do, with two passes and the target on the board. (The
//!   upper game's life does not carry over so: there a move outside R followed by the
//!   defender's pass lifts a ban on the attacker, as a threat would. `LivesByKo` is looked up
//!   as `Lives`, which implies it.)
//! * *The attacker's goals* need the outside to be the problem's: every neighbour of C outside
//!   R is either an attacker stone of a chain that is never captured or one of C's `k ≤ 2`
//!   liberties, each of which has no neighbour but C and such stones, and at least one of
//!   those (or an anchor of the attacker's). Then the moves on C's liberties are the
//!   problem's; a defender's move anywhere else is the problem's pass (lifting a ban on it as
//!   a pass does, the attacker's answer is the problem's, and the strategy never passes), and
//!   the attacker never plays there. Every line ends in the capture of C, that is of the
//!   target.
//!
//! The table's entries are states without a ban and without a pass before. A ban in R or on
//! one of C's liberties takes a move from the side to move: from the opponent of the goal's
//! prover, a move the strategy answers and need not meet; from the prover, a move the
//! strategy may need, unless the prover has threats in the goal's game (for `LivesByKo`,
//! looked up as `Lives`, the defender has). A ban elsewhere forbids only a move that touches
//! nothing of R or C.
//! The defender to move just after a pass may end the game alive at once, which only helps
//! its goals, so the attacker's are not looked up then. A capture proven in the upper game is
//! a strategy without a pass and without a threat of the attacker's, so it also proves the
//! grade's game `Dies` in both phases, as `sealed_dead` does. Every entry is a proof of the
//! prover's, and a property test compares lookups with searches of real boards.
//!
//! **The survey** that looks a state's regions up also measures them for the search's starting
//! numbers (`dfpn`): the largest region and the room they leave.

pub(crate) mod build;
pub(crate) mod shapes;

pub use build::Counts;

use build::{space, MAX_OUTSIDE};

use super::{failed_slot, turn_word, Effort, Goal, Prover, Statics};
use crate::go::rules::{bit, points, Arena, Bits, Stones};
use crate::problem::LocalProblem;
use crate::prove::state::State;
use shapes::Key;
use std::sync::OnceLock;

/// Largest eye space in the table, in points.
pub const MAX_SPACE: usize = 10;

/// What the table holds for one position with one side to move (see the module doc).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Verdicts {
    /// Fewest outside liberties from which `Lives` is proven ([`Verdicts::NEVER`]: none).
    pub lives: u8,
    /// One more than the most outside liberties up to which `Captured` is proven (0: none).
    pub captured: u8,
    /// The same for `CapturedByKo`.
    pub captured_by_ko: u8,
}

impl Verdicts {
    pub(crate) const NEVER: u8 = 3;

    fn pack(self) -> u8 {
        self.lives | self.captured << 2 | self.captured_by_ko << 4
    }

    fn unpack(byte: u8) -> Verdicts {
        Verdicts {
            lives: byte & 3,
            captured: byte >> 2 & 3,
            captured_by_ko: byte >> 4 & 3,
        }
    }

    /// Whether `goal` is proven with `outside` liberties; the attacker's goals only where the
    /// outside is the problem's (`exact`).
    fn proves(self, goal: Goal, outside: u8, exact: bool) -> bool {
        match goal {
            Goal::Lives => self.lives <= outside,
            // Life in the lower game is life in the upper one.
            Goal::LivesByKo => self.lives <= outside,
            Goal::Captured | Goal::Dies => exact && outside < self.captured,
            Goal::CapturedByKo => {
                exact && (outside < self.captured_by_ko || outside < self.captured)
            }
        }
    }
}

/// One position's verdicts, with the defender and with the attacker to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Entry([u8; 2]);

impl Entry {
    pub(crate) fn pack(verdicts: [Verdicts; 2]) -> Entry {
        Entry(verdicts.map(Verdicts::pack))
    }

    pub(crate) fn verdicts(self, defender_to_move: bool) -> Verdicts {
        Verdicts::unpack(self.0[!defender_to_move as usize])
    }
}

/// The table: the spaces' keys, ascending, and their entries, in chunks of consecutive keys
/// (a lookup unpacks only the chunk it needs).
pub(crate) struct EyeTable {
    keys: Vec<Key>,
    /// Each key's chunk and the offset of its entries there.
    place: Vec<(u32, u32)>,
    chunks: Vec<Chunk>,
}

/// The entries of consecutive keys, two bytes each: packed as stored, unpacked on first use.
struct Chunk {
    packed: Vec<u8>,
    entries: OnceLock<Vec<u8>>,
}

impl Chunk {
    fn entries(&self) -> &[u8] {
        self.entries.get_or_init(|| {
            miniz_oxide::inflate::decompress_to_vec(&self.packed)
                .expect("the stored eye table is well formed")
        })
    }

    fn entry(&self, at: usize) -> Option<Entry> {
        let e = self.entries().get(2 * at..2 * at + 2)?;
        Some(Entry([e[0], e[1]]))
    }
}

/// Entries a chunk holds at most, unless one key has more by itself.
const CHUNK: usize = 1 << 16;

/// The table's bytes: a header; the number of keys, then the length and bytes of the keys
/// (16 bytes each, little-endian), deflated; then each chunk's length and entries (two bytes
/// each), deflated.
const DATA: &[u8] = include_bytes!("eyes.bin");
const MAGIC: &[u8; 8] = b"LDEYES03";

/// Where each key's entries lie: its chunk and offset there; also each chunk's entries.
fn places(keys: &[Key]) -> (Vec<(u32, u32)>, Vec<usize>) {
    let mut sizes = vec![0usize];
    let place = keys
        .iter()
        .map(|&key| {
            let n = shapes::positions(key);
            if sizes[sizes.len() - 1] > 0 && sizes[sizes.len() - 1] + n > CHUNK {
                sizes.push(0);
            }
            let last = sizes.len() - 1;
            let at = sizes[last];
            sizes[last] += n;
            (last as u32, at as u32)
        })
        .collect();
    (place, sizes)
}

impl EyeTable {
    /// The table from its spaces' keys, ascending, and their entries, in that order.
    pub(crate) fn new(keys: Vec<Key>, entries: Vec<Entry>) -> EyeTable {
        let (place, sizes) = places(&keys);
        let mut rest = entries.into_iter();
        let chunks = sizes
            .iter()
            .map(|&n| Chunk {
                packed: Vec::new(),
                entries: OnceLock::from(
                    rest.by_ref().take(n).flat_map(|e| e.0).collect::<Vec<u8>>(),
                ),
            })
            .collect();
        assert!(rest.next().is_none(), "one entry per position");
        EyeTable {
            keys,
            place,
            chunks,
        }
    }

    /// The table as stored.
    pub(crate) fn to_bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.extend((self.keys.len() as u32).to_le_bytes());
        let keys: Vec<u8> = self.keys.iter().flat_map(|k| k.to_le_bytes()).collect();
        let blocks = std::iter::once(keys.as_slice()).chain(self.chunks.iter().map(Chunk::entries));
        for block in blocks {
            let packed = miniz_oxide::deflate::compress_to_vec(block, 10);
            out.extend((packed.len() as u32).to_le_bytes());
            out.extend(packed);
        }
        out
    }

    /// The table from its stored bytes, if they are well formed (the entries are checked when
    /// first unpacked).
    pub(crate) fn from_bytes(bytes: &[u8]) -> Option<EyeTable> {
        let rest = bytes.strip_prefix(MAGIC)?;
        let (count, mut rest) = rest.split_first_chunk::<4>()?;
        let mut blocks = Vec::new();
        while !rest.is_empty() {
            let (len, more) = rest.split_first_chunk::<4>()?;
            let (packed, more) = more.split_at_checked(u32::from_le_bytes(*len) as usize)?;
            blocks.push(packed.to_vec());
            rest = more;
        }
        if blocks.is_empty() {
            return None;
        }
        let keys = miniz_oxide::inflate::decompress_to_vec(&blocks.remove(0)).ok()?;
        let keys: Vec<Key> = keys
            .chunks_exact(16)
            .map(|k| Key::from_le_bytes(k.try_into().expect("16 bytes")))
            .collect();
        let (place, sizes) = places(&keys);
        let well_formed = keys.len() == u32::from_le_bytes(*count) as usize
            && keys.is_sorted()
            && keys.iter().all(|&k| shapes::size(k).0 > 0)
            && sizes.len() == blocks.len();
        let chunks = blocks
            .into_iter()
            .map(|packed| Chunk {
                packed,
                entries: OnceLock::new(),
            })
            .collect();
        well_formed.then_some(EyeTable {
            keys,
            place,
            chunks,
        })
    }

    /// A space's entry for a position, if the space is in the table.
    #[cfg(test)]
    pub(crate) fn entry(&self, key: Key, index: usize) -> Option<Entry> {
        let s = self.keys.binary_search(&key).ok()?;
        let (chunk, at) = self.place[s];
        self.chunks[chunk as usize].entry(at as usize + index)
    }

    /// The spaces' keys.
    #[cfg(test)]
    pub(crate) fn keys(&self) -> &[Key] {
        &self.keys
    }

    /// The goals the table proves of one region `space` of the target's `chain` in `state` (see
    /// the module doc for when it may), as a set of [`goal_bit`]s.
    fn proven(
        &self,
        local: &LocalProblem,
        look: &Look,
        space: Bits,
        cache: &mut SurveyCache,
    ) -> u8 {
        let Some(entry) = self.lookup(local, look.chain, space, &look.stones, cache) else {
            return 0;
        };
        let defender = local.defender;
        let state = look.state;
        let to_move = state.to_move();
        let verdicts = entry.verdicts(to_move == defender);
        let count = ((look.liberties & !space).count_ones() as u8).min(MAX_OUTSIDE);
        let banned = state
            .ko()
            .is_some_and(|k| (space | look.liberties) & bit(k) != 0);
        // The defender to move just after a pass may end the game alive at once.
        let attacker_goals = !(to_move == defender && state.after_pass());
        let mut exact = None;
        let mut proven = 0;
        for goal in Goal::ALL {
            let lives = goal.defender_proves();
            // A ban inside takes a move from the side to move: one the strategy may need only
            // if that side proves the goal without threats in its game.
            let prover = if lives { defender } else { defender.other() };
            let without_threats = matches!(goal, Goal::Lives | Goal::Captured | Goal::Dies);
            if (banned && to_move == prover && without_threats) || (!lives && !attacker_goals) {
                continue;
            }
            let exact =
                lives || *exact.get_or_insert_with(|| self.exact_outside(local, look, space));
            if verdicts.proves(goal, count, exact) {
                proven |= goal_bit(goal);
            }
        }
        proven
    }

    /// Whether the chain's neighbours outside `space` are those of the table's problem: the
    /// attacker's never-captured wall and at most [`MAX_OUTSIDE`] liberties, each next to
    /// nothing but the chain and that wall, and able to hold an attacker stone for good.
    fn exact_outside(&self, local: &LocalProblem, look: &Look, space: Bits) -> bool {
        let arena = &local.arena;
        let attacker = local.defender.other();
        let (chain, wall) = (look.chain, look.wall);
        let around = arena.adjacent(chain) & !(space | chain);
        let outside = look.liberties & !space;
        if around & !(wall | outside) != 0 || outside.count_ones() > MAX_OUTSIDE as u32 {
            return false;
        }
        points(outside).all(|l| {
            let next = arena.adjacent(bit(l));
            let held = next & wall != 0 || arena.anchor[attacker.index()] & bit(l) != 0;
            next & !(chain | wall) == 0
                && held
                && arena.playable & bit(l) != 0
                && arena.anchor[local.defender.index()] & bit(l) == 0
        })
    }

    /// The entry of a space's position: its points' cells (bit `x + y·width` of the grid),
    /// marked where they touch the chain, and their contents.
    fn lookup(
        &self,
        local: &LocalProblem,
        chain: Bits,
        space: Bits,
        stones: &Stones,
        cache: &mut SurveyCache,
    ) -> Option<Entry> {
        let arena = &local.arena;
        let marks = arena.adjacent(chain) & space;
        let shape = cache.shape(space, marks, || {
            let width = arena.grid.map_or(1, |g| g.width);
            let mut cells = [(0i32, 0i32, false); shapes::MAX_CELLS];
            for (i, p) in points(space).enumerate() {
                let (x, y) = (p as u32 % width, p as u32 / width);
                cells[i] = (x as i32, y as i32, marks & bit(p) != 0);
            }
            let (key, rank) = shapes::canonical(&cells[..space.count_ones() as usize]);
            Shape {
                index: self.keys.binary_search(&key).ok(),
                rank,
            }
        });
        let s = shape.index?;
        let defender = local.defender;
        let mut digits = [0usize; shapes::MAX_CELLS];
        let mut radix = [0usize; shapes::MAX_CELLS];
        for (i, p) in points(space).enumerate() {
            let r = shape.rank[i] as usize;
            radix[r] = if marks & bit(p) != 0 { 2 } else { 3 };
            digits[r] = if stones.by_color[defender.other().index()] & bit(p) != 0 {
                1
            } else if stones.by_color[defender.index()] & bit(p) != 0 {
                2
            } else {
                0
            };
        }
        let n = space.count_ones() as usize;
        let index = (0..n).rev().fold(0, |acc, r| acc * radix[r] + digits[r]);
        let (chunk, at) = self.place[s];
        self.chunks[chunk as usize].entry(at as usize + index)
    }
}

/// A space's place in the table as the arena lays it out: its key's index in the table, if
/// there, and each of its points' rank among the key's cells.
#[derive(Clone, Copy, Debug, Default)]
struct Shape {
    index: Option<usize>,
    rank: [u8; shapes::MAX_CELLS],
}

/// What the surveys of one local problem met lately: the spaces, by their points and marks (a
/// search meets the same ones again and again, with other contents), and the chains traced,
/// by the stones they were traced among (siblings share one side's stones).
pub(crate) struct SurveyCache {
    shapes: Vec<(Bits, Bits, Shape)>,
    /// The chain of the target's first stone, by the defender's stones.
    first_chains: Vec<Option<(Bits, Bits)>>,
    /// The attacker's wall (its chains that are never captured), by the attacker's stones.
    walls: Vec<Option<(Bits, Bits)>>,
    /// The target's regions ([`grow_spaces`]), by the target's chain and the wall.
    spaces: Vec<(Bits, Bits, Vec<Space>)>,
}

/// Slots of a [`SurveyCache`]'s spaces: a power of two.
const SHAPE_SLOTS: usize = 1 << 10;

/// Slots of a [`SurveyCache`]'s chains of each kind: a power of two.
const TRACED_SLOTS: usize = 1 << 8;

impl Default for SurveyCache {
    fn default() -> SurveyCache {
        SurveyCache {
            shapes: vec![(0, 0, Shape::default()); SHAPE_SLOTS],
            first_chains: vec![None; TRACED_SLOTS],
            walls: vec![None; TRACED_SLOTS],
            spaces: vec![(0, 0, Vec::new()); TRACED_SLOTS],
        }
    }
}

/// A hash of a set of points, its top bits uniform.
fn spread(set: Bits) -> Bits {
    set.wrapping_mul(0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C835)
}

impl SurveyCache {
    /// The slot of `spaces` holding the target's regions around `chain` inside `wall`, grown
    /// again only when not met lately.
    fn spaces(&mut self, arena: &Arena, chain: Bits, wall: Bits) -> usize {
        let i = (spread(chain ^ wall.rotate_left(41)) >> 120) as usize & (TRACED_SLOTS - 1);
        let slot = &mut self.spaces[i];
        // An empty chain (the target captured) has no regions: the empty list is right.
        if slot.0 != chain || slot.1 != wall {
            slot.0 = chain;
            slot.1 = wall;
            grow_spaces(arena, chain, wall, &mut slot.2);
        }
        i
    }

    fn shape(&mut self, space: Bits, marks: Bits, place: impl FnOnce() -> Shape) -> Shape {
        let h = spread(space ^ marks.rotate_left(17));
        let slot = &mut self.shapes[(h >> 118) as usize & (SHAPE_SLOTS - 1)];
        if slot.0 != space || slot.1 != marks {
            *slot = (space, marks, place());
        }
        slot.2
    }
}

/// What `trace` gives for `stones`, from `slots` if it was traced lately.
fn traced(slots: &mut [Option<(Bits, Bits)>], stones: Bits, trace: impl FnOnce() -> Bits) -> Bits {
    let slot = &mut slots[(spread(stones) >> 120) as usize & (TRACED_SLOTS - 1)];
    match *slot {
        Some((key, chain)) if key == stones => chain,
        _ => {
            let chain = trace();
            *slot = Some((stones, chain));
            chain
        }
    }
}

/// A goal's bit in a set of goals.
fn goal_bit(goal: Goal) -> u8 {
    1 << goal as u8
}

/// What one pass over the target's regions found: the goals the table proves, and, for the
/// search's starting numbers, the size of the largest region and the empty points of them all
/// (both counted up to [`SURVEYED`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Survey {
    /// The goals proven, as a set of [`goal_bit`]s.
    pub proven: u8,
    pub largest: u8,
    pub room: u8,
}

impl Survey {
    pub(crate) fn proves(self, goal: Goal) -> bool {
        self.proven & goal_bit(goal) != 0
    }
}

/// Points of a region counted at most: beyond, a region is only large.
const SURVEYED: u32 = 32;

/// A state as the survey sees it.
struct Look {
    state: State,
    stones: Stones,
    /// The target's chains.
    chain: Bits,
    /// Their liberties.
    liberties: Bits,
    /// The attacker's chains that are never captured.
    wall: Bits,
}

/// The target's regions in `state`: the connected parts of the points that are neither the
/// target's chains nor the attacker's wall, next to the target. Each is looked up in `table`
/// when the target is one chain and the region may be (see the module doc).
pub(crate) fn survey(
    table: Option<&EyeTable>,
    local: &LocalProblem,
    state: &State,
    cache: &mut SurveyCache,
) -> Survey {
    let arena = &local.arena;
    let defender = local.defender;
    let stones = state.stones();
    let own = stones.by_color[defender.index()];
    let theirs = stones.by_color[defender.other().index()];
    // The target is most often one chain: the chain of its first stone, traced once.
    let first = bit(local.target.trailing_zeros() as u8);
    let of_first = traced(&mut cache.first_chains, own, || arena.grow(first, own));
    let one_chain = of_first & !own == 0 && local.target & own & !of_first == 0;
    let chain = if one_chain {
        of_first
    } else {
        arena.grow(local.target & own, own)
    };
    let held = arena.anchor[defender.other().index()];
    let wall = traced(&mut cache.walls, theirs, || {
        arena.grow(theirs & held, theirs)
    });
    let empty = arena.all & !stones.occupied();
    let look = Look {
        state: *state,
        stones,
        chain,
        liberties: arena.adjacent(chain) & empty,
        wall,
    };
    let table = table.filter(|_| {
        arena.grid.is_some() && one_chain && chain & arena.anchor[defender.index()] == 0
    });
    let mut survey = Survey::default();
    let mut room = 0;
    let slot = cache.spaces(arena, chain, wall);
    let spaces = std::mem::take(&mut cache.spaces[slot].2);
    for space in &spaces {
        survey.largest = survey.largest.max(space.size);
        room += (space.points & empty).count_ones();
        if let Some(table) = table.filter(|_| space.lookup == Lookup::Ask) {
            survey.proven |= table.proven(local, &look, space.points, cache);
        }
    }
    cache.spaces[slot].2 = spaces;
    survey.room = room.min(SURVEYED) as u8;
    survey
}

/// The target's regions as [`survey`] grows them: each from the lowest point next to `chain`
/// that no region grown before holds, through every point but the chain's and the `wall`'s,
/// stones included, no further than [`SURVEYED`] points. They depend on the chain and the wall
/// alone, so most of a search's states share them with their neighbours.
fn grow_spaces(arena: &Arena, chain: Bits, wall: Bits, out: &mut Vec<Space>) {
    out.clear();
    let anchored = arena.anchor[0] | arena.anchor[1];
    let within = arena.all & !chain & !wall;
    let mut seeds = arena.adjacent(chain) & within;
    while seeds != 0 {
        let mut space = bit(seeds.trailing_zeros() as u8);
        let mut frontier = space;
        while frontier != 0 && space.count_ones() < SURVEYED {
            frontier = arena.adjacent(frontier) & within & !space;
            space |= frontier;
        }
        seeds &= !space;
        let size = space.count_ones();
        // Looked up in the table: grown whole, away from the wall, small, all playable and
        // none anchored (see the module doc).
        let lookup = if frontier == 0
            && arena.adjacent(space) & wall == 0
            && size as usize <= MAX_SPACE
            && space & anchored == 0
            && space & !arena.playable == 0
        {
            Lookup::Ask
        } else {
            Lookup::Skip
        };
        out.push(Space {
            points: space,
            size: size as u8,
            lookup,
        });
    }
}

/// One of the target's regions in a survey.
#[derive(Clone, Copy, Debug)]
struct Space {
    points: Bits,
    /// Its points, stones included.
    size: u8,
    /// Whether the table may be asked about it.
    lookup: Lookup,
}

/// Whether the table may be asked about a region.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lookup {
    Ask,
    Skip,
}

/// The table stored with the library, read once.
pub(crate) fn table() -> &'static EyeTable {
    static TABLE: OnceLock<EyeTable> = OnceLock::new();
    TABLE.get_or_init(|| {
        if DATA.is_empty() {
            // Before the first build of the table.
            return EyeTable::new(Vec::new(), Vec::new());
        }
        EyeTable::from_bytes(DATA).expect("the stored eye table is well formed")
    })
}

/// The whole table for spaces of at most `max` points, built by the prover with the static
/// tests `statics` makes; `progress` is told, as each space is done, how many are and of how
/// many, and what the build found in it.
pub(crate) fn generate(
    max: usize,
    statics: &dyn Fn() -> Box<dyn Statics>,
    mut progress: impl FnMut(usize, usize, Counts),
) -> EyeTable {
    let keys = shapes::all(max);
    let mut entries = Vec::new();
    for (done, &key) in keys.iter().enumerate() {
        let (found, counts) = space(key, statics);
        entries.extend(found);
        progress(done + 1, keys.len(), counts);
    }
    EyeTable::new(keys, entries)
}

impl<'a> Prover<'a> {
    /// A prover without the eye table and without the starting numbers its survey gives
    /// (plain df-pn): the one that builds the table. In the table's small spaces, ko cycles
    /// make larger starting numbers saturate, which leaves more questions open.
    pub(crate) fn plain(
        local: &'a LocalProblem,
        effort: Effort,
        statics: Box<dyn Statics>,
    ) -> Prover<'a> {
        Prover {
            eyes: None,
            ..Prover::new(local, effort, statics)
        }
    }

    /// The survey of a state's regions ([`survey`]): kept in a small cache, since the static
    /// tests ask about a state for several goals and the starting numbers read it too.
    pub(crate) fn survey(&mut self, state: &State) -> Survey {
        // The grade's phase changes nothing the survey sees.
        let key = state.with_threats();
        let slot = &mut self.surveys[failed_slot(&state.stones(), turn_word(state))];
        if slot.0 != key {
            *slot = (
                key,
                survey(self.eyes, self.rules.local, state, &mut self.surveyed),
            );
        }
        slot.1
    }
}
