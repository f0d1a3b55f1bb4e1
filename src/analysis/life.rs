//! Static life and death on an arena: terminal classification that never changes a value.
//!
//! The solver may end a state early with 1 or 0 only when that is the state's exact value for
//! every choice of the model's parameters (threat probabilities, first-move probability, the
//! value of endless play). Two tests are used, each with its proof below:
//!
//! * [`pass_alive`]: Benson's unconditional life, adapted to an arena. If every target stone
//!   is in a pass-alive chain, the state is worth 1.
//! * [`forced_capture`]: a small exhaustive proof that the attacker captures a target stone
//!   within a few of its own moves, playing only inside the target's area, against every
//!   defender reply (ko recaptures included). If one exists, the state is worth 0.
//!
//! Anything else is left to the search: no heuristic ever decides a value.

use crate::go::rules::{points, Arena, Bits, Color, Local, Stones};
use crate::problem::LocalProblem;

/// The connected parts of a set of points (the chains of a set of stones).
fn parts(arena: &Arena, set: Bits) -> impl Iterator<Item = Bits> + '_ {
    let mut rest = set;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let part = arena.chain(rest.trailing_zeros() as Local, set);
            rest &= !part;
            part
        })
    })
}

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
pub fn pass_alive(arena: &Arena, stones: &Stones, color: Color) -> Bits {
    alive_with(arena, stones, color, &mut Benson::default(), |_, _| false)
}

/// Buffers for [`alive_with`], kept by callers that run it often (it allocates nothing once
/// they have grown).
#[derive(Default)]
pub(crate) struct Benson {
    /// The sealed regions that count for some chain: the chains around each (their
    /// stones) and the chains it counts for.
    regions: Vec<(Bits, Bits)>,
    /// One region's border, for `healthy`.
    border: Vec<Bits>,
}

/// Benson's algorithm where, besides the vital regions, a sealed region counts for every chain
/// around it when `healthy(region, border)` says so (`border`: each chain around it, cut down
/// to its stones next to the region) ([`crate::analysis::safe_regions`] proves the
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
    mut healthy: impl FnMut(Bits, &[Bits]) -> bool,
) -> Bits {
    let own = stones.by_color[color.index()];
    let empty = arena.all & !stones.occupied();
    let unfillable = empty & !arena.playable;
    let safe = arena.grow(
        own & (arena.anchor[color.index()] | arena.adjacent(unfillable)),
        own,
    );
    let regions = &mut scratch.regions;
    regions.clear();
    // Regions: the connected parts of the points without a `color` stone.
    for region in parts(arena, arena.all & !own) {
        if region & (arena.anchor[color.other().index()] | unfillable) != 0 {
            continue;
        }
        let next_to = arena.adjacent(region);
        let around = arena.grow(next_to & own, own);
        let inside = region & empty;
        let mut vital = 0;
        if inside != 0 {
            let mut rest = around;
            while rest != 0 {
                let c = arena.chain(rest.trailing_zeros() as Local, own);
                rest &= !c;
                if inside & !arena.adjacent(c) == 0 {
                    vital |= c;
                }
            }
        }
        let healthy = vital != around && {
            scratch.border.clear();
            let mut rest = around;
            while rest != 0 {
                let c = arena.chain(rest.trailing_zeros() as Local, own);
                rest &= !c;
                scratch.border.push(c & next_to);
            }
            healthy(region, &scratch.border)
        };
        let vital = if healthy { around } else { vital };
        if vital != 0 {
            regions.push((around, vital));
        }
    }
    let mut x = own;
    loop {
        let (mut once, mut twice) = (0, 0);
        for &(_, vital) in regions.iter() {
            twice |= once & vital;
            once |= vital;
        }
        let kept = x & (safe | twice);
        let before = regions.len();
        regions.retain(|&(around, _)| around & !kept == 0);
        if kept == x && regions.len() == before {
            return x;
        }
        x = kept;
    }
}

// The bounds are measured: on corner problems of 10^5 to 10^6 states, proofs of two attacker
// moves end about as many states as deeper ones, at a fraction of the time.

/// Most empty points a target area may have for [`forced_capture`] to be tried.
const MAX_AREA_MOVES: u32 = 12;
/// Most attacker moves in a proof.
const MAX_DEPTH: u32 = 2;
/// Most moves tried by one call of [`forced_capture`]; past it, no proof (and no answer).
const BUDGET: u32 = 200;

/// A bounded search for a forced capture inside one area.
struct Proof<'a> {
    arena: &'a Arena,
    target: Bits,
    attacker: Color,
    area: Bits,
    budget: u32,
}

impl Proof<'_> {
    fn spend(&mut self) -> bool {
        if self.budget == 0 {
            return false;
        }
        self.budget -= 1;
        true
    }

    /// The liberties of the target chains of the area that have at most `depth` of them.
    /// Only these chains can be captured within `depth` attacker moves, even against a
    /// defender that only passes (each attacker move takes at most one liberty from a chain);
    /// the search tries only these points for the attacker, which keeps every proof it finds
    /// a proof and makes failing searches short.
    fn reachable_liberties(&self, stones: &Stones, depth: u32) -> Bits {
        let defender = self.attacker.other();
        let own = stones.by_color[defender.index()];
        let mut rest = self.target & self.area & own;
        let mut out = 0;
        while rest != 0 {
            let chain = self.arena.chain(rest.trailing_zeros() as Local, own);
            rest &= !chain;
            let liberties = self.arena.liberties(chain, stones);
            if chain & self.arena.anchor[defender.index()] == 0 && liberties.count_ones() <= depth {
                out |= liberties;
            }
        }
        out
    }

    /// The attacker, to move with `ban` in force, captures a target stone within `depth`
    /// of its moves.
    fn attacker_wins(&mut self, stones: &Stones, ban: Option<Local>, depth: u32) -> bool {
        let open = self.reachable_liberties(stones, depth) & self.arena.playable;
        for p in points(open) {
            if Some(p) == ban || !self.spend() {
                continue;
            }
            let Ok(played) = self.arena.play(stones, self.attacker, p) else {
                continue;
            };
            if played.captured & self.target != 0 {
                return true;
            }
            if depth > 1 && self.defender_loses(&played.after, depth - 1) {
                return true;
            }
        }
        false
    }

    /// Whatever the defender does — pass, play elsewhere, play any legal point of the area,
    /// retake a ko as if it always had a threat — the attacker then wins within `depth`.
    /// (A ban on the defender is ignored: it may always have a threat.)
    fn defender_loses(&mut self, stones: &Stones, depth: u32) -> bool {
        if !self.attacker_wins(stones, None, depth) {
            return false;
        }
        let defender = self.attacker.other();
        let open = self.area & self.arena.playable & !stones.occupied();
        for p in points(open) {
            if !self.spend() {
                return false;
            }
            if let Ok(played) = self.arena.play(stones, defender, p) {
                if !self.attacker_wins(&played.after, played.ko_ban, depth) {
                    return false;
                }
            }
        }
        true
    }
}

/// Whether the attacker can force the capture of a target stone, whatever the defender does
/// and whatever the ko-threat coin flips say.
///
/// Let P be the attacker chains that touch `anchor[attacker]`: they can never be captured.
/// An *area* is a connected component, containing a target stone, of the arena points not in
/// P. Nothing outside an area ever touches it except P: a point next to an area point is in
/// the area or in P, so a move outside the area neither captures nor gives a liberty to
/// anything inside it (P is never captured). The search lets the attacker play only inside the
/// area, never pass and never retake a banned ko (it may have no threat); it lets the
/// defender pass or play elsewhere (the same thing for the area; it also lifts any ban on the
/// attacker), or play any legal point of the area, retaking a banned ko as if it always had a
/// threat. A proof found this way is an attacker strategy that captures a target stone within
/// `MAX_DEPTH` of its moves against every defender strategy and every outcome of chance: the
/// game ends with 0 in a bounded number of moves. The attacker never passes, so two passes in
/// a row (worth 1) cannot happen — except right now, if the defender is to move just after a
/// pass: then its pass ends the game alive, and no proof is attempted.
pub fn forced_capture(
    local: &LocalProblem,
    stones: &Stones,
    to_move: Color,
    ko: Option<Local>,
    after_pass: bool,
) -> bool {
    let arena = &local.arena;
    let attacker = local.defender.other();
    if to_move == local.defender && after_pass {
        return false;
    }
    let own = stones.by_color[attacker.index()];
    let permanent = arena.grow(own & arena.anchor[attacker.index()], own);
    let empty = arena.all & !stones.occupied();
    let mut rest = local.target;
    while rest != 0 {
        let area = arena.chain(rest.trailing_zeros() as Local, arena.all & !permanent);
        rest &= !area;
        if (area & empty & arena.playable).count_ones() > MAX_AREA_MOVES {
            continue;
        }
        let mut proof = Proof {
            arena,
            target: local.target,
            attacker,
            area,
            budget: BUDGET,
        };
        for depth in 1..=MAX_DEPTH {
            let won = if to_move == attacker {
                proof.attacker_wins(stones, ko, depth)
            } else {
                proof.defender_loses(stones, depth)
            };
            if won {
                return true;
            }
        }
    }
    false
}

/// Whether every target stone is in a pass-alive chain (worth 1: see [`classify`]).
pub fn target_pass_alive(local: &LocalProblem, stones: &Stones) -> bool {
    local.target & !pass_alive(&local.arena, stones, local.defender) == 0
}

/// The exact value of a state when static analysis can prove it: `Some(true)` = the target
/// lives (value 1), `Some(false)` = it is captured (value 0), `None` = unknown.
///
/// Life: every target stone is in a chain that is pass-alive ([`pass_alive`]). Value 1 needs
/// more than "never captured": play that never ends is worth the no-result value, and the
/// attacker need not pass. But the defender can force an end: let it pass at every turn. Then
/// no attacker stone is ever removed (only the defender's moves capture attacker stones, and
/// suicide is illegal), so each attacker move fills one more of the finitely many region
/// points for good; the attacker soon has nothing left but to pass, and the defender's next
/// pass is the second in a row: the game ends with the target on the board, worth 1, in a
/// bounded number of moves, whatever the attacker and the coin flips do. Since 1 is the
/// largest value, the state is worth exactly 1 for every choice of the parameters.
///
/// Death: [`forced_capture`].
pub fn classify(
    local: &LocalProblem,
    stones: &Stones,
    to_move: Color,
    ko: Option<Local>,
    after_pass: bool,
) -> Option<bool> {
    if target_pass_alive(local, stones) {
        return Some(true);
    }
    forced_capture(local, stones, to_move, ko, after_pass).then_some(false)
}
