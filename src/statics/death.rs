//! Static death on an arena: tests that end a state with 0, each a finite strategy of the
//! attacker that needs no threat and no pass, so the state is worth 0 for every choice of the
//! model's parameters (threat probabilities, first-move probability, the value of endless play):
//!
//! * [`forced_capture`]: a small exhaustive proof that the attacker captures a target stone
//!   within a few of its own moves, playing only inside the target's area, against every
//!   defender reply (ko recaptures included).
//! * [`sealed_dead`]: the target is sealed in by uncapturable attacker stones with room for at
//!   most one small eye, or for a three-point eye whose vital point the attacker holds or is
//!   to take (nakade); filling in from outside captures it.
//!
//! Anything else is left to the search: no heuristic ever decides a value.

use crate::go::rules::{bit, points, several, Arena, Bits, Color, Local, Stones};
#[cfg(test)]
use crate::problem::Life;
use crate::problem::LocalProblem;
use crate::prove::state::Turn;
#[cfg(test)]
use crate::statics::benson::target_pass_alive;

// The bounds keep each proof small: the solver tries one in many states, and a proof it
// cannot find within them only leaves the state to the search.

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

/// The attacker chains that touch `anchor[attacker]`: they can never be captured.
fn permanent(arena: &Arena, stones: &Stones, attacker: Color) -> Bits {
    let own = stones.by_color[attacker.index()];
    arena.grow(own & arena.anchor[attacker.index()], own)
}

/// The target's areas: the connected components, each holding a target stone, of the arena
/// points not in `permanent`.
fn areas(arena: &Arena, target: Bits, permanent: Bits) -> impl Iterator<Item = Bits> + '_ {
    arena.parts(target, arena.all & !permanent)
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
pub(crate) fn forced_capture(local: &LocalProblem, stones: &Stones, turn: Turn) -> bool {
    if turn.pass_ends(local.defender) {
        return false;
    }
    let arena = &local.arena;
    let attacker = local.defender.other();
    let empty = arena.all & !stones.occupied();
    for area in areas(arena, local.target, permanent(arena, stones, attacker)) {
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
            let won = if turn.to_move == attacker {
                proof.attacker_wins(stones, turn.ko, depth)
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

/// Whether the attacker can force the capture of a target stone by filling in from its
/// uncapturable stones, whatever the defender does and whatever the coin flips say: the target
/// is sealed in and has room for at most one small eye, or for an eye of two or three points
/// whose vital point the attacker holds or is to take (nakade).
///
/// Let P be the attacker chains that touch `anchor[attacker]` (never captured), and the
/// *outer* points those next to P or in `anchor[attacker]`: an attacker stone there joins P
/// (or breathes outside), so it is always legal and never captured. Take an area as in
/// [`forced_capture`] — a connected component, holding a target stone, of the arena points not
/// in P — with no point in `anchor[defender]` and no empty point outside the region. Its *eye
/// points* are its empty points that are not outer. The test holds in two cases.
///
/// **One small eye**: no attacker stone in the area, at most two eye points and, if two, they
/// are neighbours and each has at least two neighbours.
///
/// **Nakade**: call *target chains* the defender chains holding a target stone. Every defender
/// stone of the area outside them is on an outer point, and the area holds one attacker
/// stone, on a point `b` whose neighbours are eye points and target-chain stones; the eye
/// points are one or two neighbours of `b`, each next to a target chain. Or the area holds no
/// attacker stone, the attacker is to move, and some eye point `b` is such a point once the
/// attacker plays there: three eye points, `b` and two of its neighbours.
///
/// Proof of the first case: the attacker's strategy is to play, while there is one, an empty
/// outer point of the area, and never to pass.
/// * *Fill phase.* Each such move joins P. The area holds no attacker stone outside P, so the
///   defender can capture nothing: it never takes a ko, so the attacker is never banned (a
///   ban on it right now is excluded), and its move is always legal. A defender chain it
///   captures, if not a target chain, leaves a space bounded by P only, cut off from the
///   target. Points only ever stop being eye points. Each attacker move fills one more point
///   of the area for good, so the phase ends, in a capture (a win) or with no empty outer point
///   left. The attacker never passes, so two passes in a row cannot end the game, unless the
///   defender is to move just after a pass; the test excludes that state.
/// * *End.* Every empty point of the area is now one of the original eye points, and every
///   liberty of every defender chain in it is among them; every target chain has one.
///   One point e: the defender cannot fill it (suicide); the attacker plays e and takes every
///   chain around it, targets included. Two neighbours e1, e2: if the defender fills one, or
///   a target chain has a single liberty, the attacker takes a target chain at its last one.
///   Otherwise every target chain has both; the attacker plays e1 (it breathes at e2, or
///   captures), leaving the targets only e2. The defender may pass or play elsewhere (the
///   attacker takes them at e2), or take the stone on e1 by playing e2 — only if that stone
///   breathes at e2 alone, since otherwise e2 would be suicide. Then e2's other neighbour is a
///   defender stone, so no ko arises, and the chain through e2, which holds every target
///   chain, breathes at e1 alone: the attacker takes it there.
///
/// Proof of the nakade case. With `b` empty, the attacker plays it first: it breathes at its
/// two neighbours among the eye points (or captures), and the position is the first form with
/// the defender to move. In that form, call E the eye points (all next to `b`); `b`'s
/// neighbours are E and target-chain stones. The attacker plays, while there is one, an empty
/// outer point of the area (it joins P), and never passes.
/// * Each defender stone played on E joins a target chain, since each point of E is next to
///   one; any other defender stone of the area stands, or is played, on an outer point, so if
///   it is ever captured its points are outer again. So the eye points never grow, except at
///   `b` as below. `b` breathes only on E, so the defender can take it only by filling E; the
///   capturing stone joins a target chain, so no ko arises, and the area then has no attacker
///   stone outside P and at most the one eye point `b`: the first case, with the attacker to
///   move and no ban. If a point of E becomes outer and the attacker fills it, `b` joins P and
///   its neighbours are outer: the first case again, with no eye point. No other move of the
///   defender captures anything, so the attacker is never banned.
/// * When no empty outer point is left, every empty point of the area is in E and every
///   target chain breathes only there. If one point of E is empty, the attacker plays it and
///   takes every target chain. If two, the attacker plays one, e1 (its chain with `b`
///   breathes at e2, or captures); the defender can only take those two stones by playing e2
///   (no ko: two stones), which leaves the first case with the two eye points e1 and `b`,
///   neighbours with two neighbours each, and the attacker to move; otherwise the attacker
///   plays e2 and takes every target chain.
///
/// In both cases the game ends with a capture within a bounded number of moves, whatever the
/// defender and chance do, so the state is worth 0 for every choice of the model's parameters.
pub(crate) fn sealed_dead(local: &LocalProblem, stones: &Stones, turn: Turn) -> bool {
    let attacker = local.defender.other();
    if turn.pass_ends(local.defender) || turn.to_move == attacker && turn.ko.is_some() {
        return false;
    }
    let arena = &local.arena;
    let own = stones.by_color[attacker.index()];
    let permanent = permanent(arena, stones, attacker);
    let outer = arena.adjacent(permanent) | arena.anchor[attacker.index()];
    let empty = arena.all & !stones.occupied();
    let defenders = stones.by_color[local.defender.index()];
    areas(arena, local.target, permanent).any(|area| {
        if area & arena.anchor[local.defender.index()] != 0 || area & empty & !arena.playable != 0 {
            return false;
        }
        let eyes = area & empty & !outer;
        let inside = area & own;
        let to_take = inside == 0 && eyes.count_ones() == 3 && turn.to_move == attacker;
        if inside == 0 && !to_take {
            return one_small_eye(arena, eyes);
        }
        // A nakade: one attacker stone inside, or three eye points for it to take. Only then
        // are the target chains traced.
        let targets = arena.grow(local.target & defenders, defenders);
        if several(inside) || area & defenders & !(targets | outer) != 0 {
            return false;
        }
        // The vital point `b`, with the eye points `rest` around it.
        let vital = |b: Local, rest: Bits| {
            let around = arena.adjacent(bit(b));
            rest & !around == 0
                && around & !(rest | targets) == 0
                && rest.count_ones() <= 2
                && points(rest).all(|e| arena.adjacent(bit(e)) & targets != 0)
        };
        if to_take {
            points(eyes).any(|b| vital(b, eyes & !bit(b)))
        } else {
            vital(inside.trailing_zeros() as Local, eyes)
        }
    })
}

/// At most two eye points, and if two, neighbours with two neighbours each (the first case of
/// [`sealed_dead`]).
fn one_small_eye(arena: &Arena, eyes: Bits) -> bool {
    match eyes.count_ones() {
        0 | 1 => true,
        2 => {
            let first = bit(eyes.trailing_zeros() as Local);
            arena.adjacent(first) & eyes != 0
                && points(eyes).all(|e| several(arena.adjacent(bit(e))))
        }
        _ => false,
    }
}

/// The exact value of a state when static analysis can prove it: alive (value 1), dead (value
/// 0), or `None`: unknown. The three tests composed, for the tests of the rules (the state
/// graph uses the safe regions, which include pass-alive, and each death test as it pays).
///
/// Life: every target stone is in a chain that is pass-alive ([`crate::statics::benson::pass_alive`]). Value 1 needs
/// more than "never captured": play that never ends is worth the no-result value, and the
/// attacker need not pass. But the defender can force an end: let it pass at every turn. Then
/// no attacker stone is ever removed (only the defender's moves capture attacker stones, and
/// suicide is illegal), so each attacker move fills one more of the finitely many region
/// points for good; the attacker soon has nothing left but to pass, and the defender's next
/// pass is the second in a row: the game ends with the target on the board, worth 1, in a
/// bounded number of moves, whatever the attacker and the coin flips do. Since 1 is the
/// largest value, the state is worth exactly 1 for every choice of the parameters.
///
/// Death: [`sealed_dead`] or [`forced_capture`].
#[cfg(test)]
pub(crate) fn classify(local: &LocalProblem, stones: &Stones, turn: Turn) -> Option<Life> {
    if target_pass_alive(local, stones) {
        return Some(Life::Alive);
    }
    let dead = sealed_dead(local, stones, turn) || forced_capture(local, stones, turn);
    dead.then_some(Life::Dead)
}
