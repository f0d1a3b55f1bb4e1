//! Benson's unconditional life on an arena ([`pass_alive`]), and the fixpoint it shares with
//! the safe regions ([`alive_with`], [`fixpoint`]): stones that can never be captured, even if
//! their side passes forever. Life by these rules is worth 1 for every choice of the model's
//! parameters (see `classify` in [`crate::statics::death`]).

use crate::go::rules::{Arena, Bits, Color, Stones};
#[cfg(test)]
use crate::problem::LocalProblem;

/// The stones of `color` that can never be captured, even if `color` passes forever
/// (Benson's algorithm, on an arena).
///
/// Benson: let X be `color`'s chains and R the *regions* — maximal connected sets of points
/// without a `color` stone. A region is *vital* to a chain when the chain borders it and every
/// empty point of the region is a liberty of the chain. Repeat until nothing changes: drop
/// from X each chain with fewer than two vital regions in R; drop from R each region that
/// borders a chain not in X. The chains left in X are pass-alive.
///
/// The arena adds three things the board does not have:
/// * a chain touching `anchor[color]`, or next to an empty point outside the region (nobody
///   may ever play there, so it stays a liberty forever), can never be captured: it stays in
///   X whatever its regions;
/// * a region can be vital only if it is *sealed*: none of its points is in
///   `anchor[enemy]` (an enemy chain there breathes outside the arena, forever) and none is an
///   empty point outside the region (a liberty no one can fill). Everything else around a
///   sealed region is a `color` stone of the arena or a fixed `color` chain outside it (which
///   is where an arena point's off-arena neighbours can be when it has no enemy anchor).
///
/// Proof (the classical one, checked against these changes). Let `color` pass forever and
/// suppose the enemy captures a chain C of the final X, the first such capture, by a move at
/// `p`. C is not anchored and has no unfillable liberty, so it has two vital sealed regions
/// R1, R2 of the final R, whose borders are final-X chains (or fixed `color` chains), all still
/// on the board before this move; `color` never plays, so R1 and R2 are still exactly the same
/// point sets. After the move C has no liberty, so every empty point of R1 and R2 (all of them
/// liberties of C) is filled. `p` is in at most one of them, say not in R2: then R2 was full of
/// enemy stones before the move. Those chains lie inside R2 (it is bounded by `color` stones),
/// have no empty point there, no anchor and no unfillable liberty (R2 is sealed): they had no
/// liberty, which no legal position allows. So no final-X chain is ever captured.
pub(crate) fn pass_alive(arena: &Arena, stones: &Stones, color: Color) -> Bits {
    alive_with(arena, stones, color, &mut Benson::default(), |_, _| false)
}

/// Buffers for [`alive_with`], kept by callers that run it often (it allocates nothing once
/// they have grown).
#[derive(Default)]
pub(crate) struct Benson {
    /// The sealed regions that count for some chain (see [`Counted`]).
    regions: Vec<Counted>,
    /// One region's border, for `healthy`.
    border: Vec<Bits>,
    /// The position as read by [`alive_with`].
    split: Split,
}

/// A position as the static rules read it for one side: its stones and chains, and the points
/// without its stones cut in two, the regions that reach an enemy anchor or an empty point
/// outside the fight (they never count) and the sealed rest. Read once, it serves Benson's rule,
/// the safe regions and the pairs of liberties alike.
#[derive(Default)]
pub(crate) struct Split {
    pub own: Bits,
    pub empty: Bits,
    /// Empty points outside the fight: nobody may fill them.
    pub unfillable: Bits,
    /// The regions (points without a stone of the side) that touch an enemy anchor or an
    /// unfillable point, in one flood.
    pub unsealed: Bits,
    /// The other regions.
    pub sealed: Bits,
    /// The side's chains, by their lowest point.
    pub chains: Vec<Bits>,
    /// The sealed regions (connected parts of `sealed`), by their lowest point, once traced
    /// ([`Split::trace_regions`]).
    pub regions: Vec<Bits>,
    /// The sealed points `regions` were traced for since the last read, if any.
    regions_of: Option<Bits>,
}

impl Split {
    /// Reads `stones` for `color`, into this buffer.
    pub(crate) fn read(&mut self, arena: &Arena, stones: &Stones, color: Color) {
        let own = stones.by_color[color.index()];
        let empty = arena.all & !stones.occupied();
        let unfillable = empty & !arena.playable;
        let rest = arena.all & !own;
        let unsealed = arena.grow(
            rest & (arena.anchor[color.other().index()] | unfillable),
            rest,
        );
        self.own = own;
        self.empty = empty;
        self.unfillable = unfillable;
        self.unsealed = unsealed;
        self.sealed = rest & !unsealed;
        self.chains.clear();
        self.chains.extend(arena.parts(own, own));
        self.regions_of = None;
    }

    /// Traces the sealed regions into `regions`, on the first call after [`Split::read`]: not
    /// every test gets that far.
    pub(crate) fn trace_regions(&mut self, arena: &Arena) {
        if self.regions_of != Some(self.sealed) {
            self.regions.clear();
            self.regions.extend(arena.parts(self.sealed, self.sealed));
            self.regions_of = Some(self.sealed);
        }
    }
}

/// Benson's algorithm where, besides the vital regions, a sealed region counts for every chain
/// around it when `healthy(region, border)` says so (`border`: each chain around it, cut down
/// to its stones next to the region) ([`crate::statics::safe_regions`] proves the
/// defender keeps such a region by answering in it). With `healthy` always false this is
/// [`pass_alive`].
///
/// Sets of chains are kept as sets of their stones: a region counts for a union of whole
/// chains, so a chain has two counting regions exactly when its stones are covered twice.
pub(crate) fn alive_with(
    arena: &Arena,
    stones: &Stones,
    color: Color,
    scratch: &mut Benson,
    healthy: impl FnMut(Bits, &[Bits]) -> bool,
) -> Bits {
    let mut split = std::mem::take(&mut scratch.split);
    split.read(arena, stones, color);
    let alive = alive_in(arena, &mut split, color, scratch, healthy);
    scratch.split = split;
    alive
}

/// [`alive_with`] on a position already read for `color`.
pub(crate) fn alive_in(
    arena: &Arena,
    split: &mut Split,
    color: Color,
    scratch: &mut Benson,
    mut healthy: impl FnMut(Bits, &[Bits]) -> bool,
) -> Bits {
    let (own, empty) = (split.own, split.empty);
    let safe = arena.grow(
        own & (arena.anchor[color.index()] | arena.adjacent(split.unfillable)),
        own,
    );
    let regions = &mut scratch.regions;
    regions.clear();
    // Regions: the connected parts of the points without a `color` stone, the sealed ones
    // (lowest point first, as the chains).
    split.trace_regions(arena);
    let split = &*split;
    for &region in &split.regions {
        let next_to = arena.adjacent(region);
        let inside = region & empty;
        let mut around = 0;
        let mut vital = 0;
        for &c in split.chains.iter().filter(|&&c| c & next_to != 0) {
            around |= c;
            if inside != 0 && inside & !arena.adjacent(c) == 0 {
                vital |= c;
            }
        }
        let healthy = vital != around && {
            scratch.border.clear();
            for &c in split.chains.iter().filter(|&&c| c & next_to != 0) {
                scratch.border.push(c & next_to);
            }
            healthy(region, &scratch.border)
        };
        let vital = if healthy { around } else { vital };
        if vital != 0 {
            regions.push(Counted {
                around,
                once: vital,
                twice: 0,
            });
        }
    }
    fixpoint(regions, own, safe)
}

/// A sealed region that counts for some chains: the chains around it (their stones), those
/// it counts for, and those among them it counts for twice. Sets of chains are unions of
/// whole chains.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Counted {
    pub around: Bits,
    pub once: Bits,
    pub twice: Bits,
}

/// Benson's fixpoint over counted regions: starting from `own`, drop every chain not in
/// `safe` that is not counted twice (by two regions, or by one region twice), and every region
/// around a dropped chain, until nothing changes; what is left.
pub(crate) fn fixpoint(regions: &mut Vec<Counted>, own: Bits, safe: Bits) -> Bits {
    let mut x = own;
    loop {
        let (mut once, mut twice) = (0, 0);
        for r in regions.iter() {
            twice |= once & r.once | r.twice;
            once |= r.once;
        }
        let kept = x & (safe | twice);
        let before = regions.len();
        regions.retain(|r| r.around & !kept == 0);
        if kept == x && regions.len() == before {
            return x;
        }
        x = kept;
    }
}

/// Whether every target stone is in a pass-alive chain (worth 1: see [`crate::statics::death::classify`]).
#[cfg(test)]
pub(crate) fn target_pass_alive(local: &LocalProblem, stones: &Stones) -> bool {
    local.target & !pass_alive(&local.arena, stones, local.defender) == 0
}
