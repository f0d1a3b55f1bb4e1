//! Life by pairs of liberties (after M. Müller, "Playing it safe: recognizing secure
//! territories in computer Go by using static rules and search", and X. Niu, M. Müller, "An
//! improved safety solver for computer Go"): Benson's fixpoint, where the defender answers the
//! attacker's moves, made static by *pairs* of empty points — when the attacker takes one point
//! of a pair, the defender takes the other.
//!
//! **The pairs.** Every pair is two empty playable points of one region (a connected part of the
//! arena points without a defender stone), and no point is in two pairs.
//! * *Connection pairs.* Two chains sharing two liberties in one region are one *joined
//!   chain*: whoever takes one, the defender takes the other, which touches both. Joined
//!   chains are built by merging chains along such pairs.
//! * *Cover pairs.* In a sealed region R (as in [`crate::statics::benson::pass_alive`]: no
//!   attacker anchor, no empty point outside the fight), a point p of R *is covered* for a
//!   joined chain W when it touches W, or when both points of a pair of R touch p and W: once
//!   the pair is played out, p touches the defender's stone on it, which is part of W.
//!
//! **Counting.** A sealed region R counts for a joined chain W around it:
//! * *Benson*: R holds no pair, has an empty point, and every empty point of R touches W;
//! * *searched*: R holds no pair and the caller's local game (the safe regions) wins R;
//! * *pair-vital*: every point of R, stones included, is covered for W. The defender plays in
//!   R, and its answers may take attacker stones: the points they free must be covered too.
//!   A region holding a pair counts only this way, for every chain it counts for.
//!
//! A pair-vital region holding no connection pair counts twice for W when it has two more
//! empty points s and t, in no pair and touching W, each of which cuts R in two or more parts
//! (R without it is not connected): when the attacker takes one, the defender takes the other.
//! (A cover pair lies in one part, its points being neighbours of the point it covers; a
//! connection pair could straddle two.) A region is taken pair-vital when it holds a
//! connection pair, or when that way it counts for every chain the other ways would and more,
//! or twice. Then Benson's fixpoint runs on joined chains
//! ([`crate::statics::benson::fixpoint`]): a joined chain stays while it is counted twice (or
//! has a stone anchored or next to an empty point outside the fight); a region drops when it
//! borders a chain that dropped.
//!
//! **Soundness.** Let every target stone be in a kept joined chain. The defender's strategy:
//! when the attacker takes a point of an *intact* pair (both points empty) of a kept joined
//! chain or of a kept region, or s or t of a kept region counting twice while both are empty,
//! take the other point; in a kept searched region, answer as its local game says; otherwise
//! pass. It never uses a ko threat, and the state is worth exactly 1 for every choice of the
//! model's parameters:
//!
//! * *Invariant.* When the attacker is to move, every kept region gives each chain it counts
//!   for a liberty in it, two if it counts twice; and each pair is intact or holds one
//!   defender stone. For a pair-vital region: an empty point of R touches W or has an intact
//!   pair (two empty liberties of W) or a played-out one (a stone of W next to it), so W has a
//!   liberty in R as soon as R has an empty point. R always has one: attacker chains in R
//!   breathe only in R (it is bounded by kept chains, never captured, see below), so if R
//!   holds an attacker stone it holds an empty point; and R is never all defender stones,
//!   since a pair holds at most one of them. With s and t both empty, they are two liberties
//!   of W; once the attacker has taken one and the defender the other, u, each part of R
//!   without u is covered for W and u alone and, by the same argument, always gives W a
//!   liberty: two parts, two liberties. Benson and searched regions are as in
//!   [`crate::statics::benson::pass_alive`] and [`crate::statics::safe_regions`].
//! * *No kept stone is ever captured.* Take the first capture of a stone of a kept joined chain
//!   W, by an attacker move at p, which lies in one region. A part of W (the chains joined so
//!   far by played-out pairs) that still touches an intact connection pair has both its points
//!   as liberties; otherwise the part is all of W, which has an immortal stone or is counted
//!   twice: by two regions, one without p, or by one region that gave W two liberties before
//!   the move. Either way it still breathes. So kept regions stay bounded by defender stones.
//! * *The answers are legal and no ko capture.* The answer's point was empty before the
//!   attacker's move, so no ko bans it; it touches W, whose part there breathes after it as
//!   above (for u: each part of R without u either has an empty point or holds attacker
//!   stones that u takes).
//! * *The game ends, with the target on the board.* The defender plays at most one stone per
//!   pair, per region counting twice, and per move of a local game's finite proof; only those
//!   moves capture attacker stones, and defender stones outside the kept chains are finitely
//!   many. So the attacker runs out of moves that fill a point for good, and must pass; the
//!   defender's pass then ends the game alive. The model's restrictions all favour the
//!   defender here: the attacker may play anywhere and retake any ko, the defender never needs
//!   a threat, and no point outside the fight is ever played. In the grades' counted-threat
//!   game (the solver's grades) two passes may open a confirmation phase instead: the
//!   strategy goes on there unchanged, and the same count ends it.

#[cfg(test)]
use crate::go::rules::Stones;
use crate::go::rules::{bit, points, several, Arena, Bits, Color, Local};
#[cfg(test)]
use crate::problem::LocalProblem;
use crate::statics::benson::{fixpoint, Counted, Split};

/// Buffers for [`alive_by_pairs`], kept by callers that run it often.
#[derive(Default)]
pub(crate) struct Pairs {
    /// Each chain's liberties among the open points.
    liberties: Vec<Bits>,
    /// Union-find over `chains`: the chains joined by connection pairs.
    parent: Vec<usize>,
    /// The joined chains' stones.
    joined: Vec<Bits>,
    /// One region's cover pairs.
    cover: Vec<Bits>,
    /// The regions that count.
    counted: Vec<Counted>,
    /// One region's border, for the local game.
    border: Vec<Bits>,
}

fn root(parent: &[usize], mut i: usize) -> usize {
    while parent[i] != i {
        i = parent[i];
    }
    i
}

/// The lowest two points of a set (of at least two).
fn two(set: Bits) -> Bits {
    let first = set & set.wrapping_neg();
    let rest = set & !first;
    first | (rest & rest.wrapping_neg())
}

/// Whether every stone of `target` is kept by Benson's fixpoint over joined chains, with
/// regions counted by Benson's rule, by `searched(region, border)` (the caller's local game,
/// for a region holding no pair; `border` as in [`crate::statics::benson::alive_with`]) or by
/// cover pairs, once or twice (see the module notes). `search_limit`: the largest region the
/// local game may win, for the cheap necessary condition tried first.
pub(crate) fn alive_by_pairs(
    arena: &Arena,
    split: &mut Split,
    color: Color,
    target: Bits,
    search_limit: u32,
    s: &mut Pairs,
    mut searched: impl FnMut(Bits, &[Bits]) -> bool,
) -> bool {
    let (own, empty, unfillable) = (split.own, split.empty, split.unfillable);
    let open = empty & arena.playable;
    // The regions reaching an attacker anchor or a point no one may fill never count (but may
    // hold connection pairs).
    let (sealed, unsealed) = (split.sealed, split.unsealed);
    let mut used = join(arena, s, &split.chains, open, [sealed, unsealed]);
    let immortal = own & (arena.anchor[color.index()] | arena.adjacent(unfillable));
    if !counts_possible(
        arena,
        s,
        target,
        immortal,
        sealed,
        open & !used,
        search_limit,
    ) {
        return false;
    }
    let safe = s
        .joined
        .iter()
        .filter(|&&w| w & immortal != 0)
        .fold(0, |acc, w| acc | w);
    s.counted.clear();
    split.trace_regions(arena);
    let split = &*split;
    for &region in &split.regions {
        let board = Board {
            empty,
            open,
            chains: &split.chains,
        };
        if let Some(counted) = count(arena, s, board, region, &mut used, &mut searched) {
            s.counted.push(counted);
        }
    }
    target & !fixpoint(&mut s.counted, own, safe) == 0
}

/// The empty points and the defender's chains, as [`count`] reads them.
#[derive(Clone, Copy)]
struct Board<'a> {
    empty: Bits,
    /// Empty points that may be played.
    open: Bits,
    /// The defender's chains, lowest point first.
    chains: &'a [Bits],
}

/// Joins the defender's chains by connection pairs: two empty points each chain touches, in
/// one of `sides` (the sealed part, or the rest); `s.joined` holds the joined chains' stones.
/// The points the pairs use.
fn join(arena: &Arena, s: &mut Pairs, chains: &[Bits], open: Bits, sides: [Bits; 2]) -> Bits {
    let n = chains.len();
    s.liberties.clear();
    s.liberties
        .extend(chains.iter().map(|&c| arena.adjacent(c) & open));
    s.parent.clear();
    s.parent.extend(0..n);
    let mut used = 0;
    for i in 0..n {
        for j in i + 1..n {
            let mut shared = s.liberties[i] & s.liberties[j] & !used;
            if !several(shared) {
                continue;
            }
            let (a, b) = (root(&s.parent, i), root(&s.parent, j));
            while several(shared) && a != b {
                let p = shared.trailing_zeros() as Local;
                let side = if sides[0] & bit(p) != 0 {
                    sides[0]
                } else {
                    sides[1]
                };
                let here = shared & arena.chain(p, side);
                if several(here) {
                    used |= two(here);
                    s.parent[a] = b;
                }
                shared &= !here;
            }
        }
    }
    s.joined.clear();
    s.joined.resize(n, 0);
    for (i, &chain) in chains.iter().enumerate() {
        let r = root(&s.parent, i);
        s.joined[r] |= chain;
    }
    s.joined.retain(|&w| w != 0);
    used
}

/// How a sealed region counts for the joined chains around it: by Benson's rule or the local
/// game without pairs, else by cover pairs (once) and two cutting points (twice), adding the
/// pairs it takes to `used`; `None` if it counts for no chain.
fn count(
    arena: &Arena,
    s: &mut Pairs,
    board: Board,
    region: Bits,
    used: &mut Bits,
    searched: &mut impl FnMut(Bits, &[Bits]) -> bool,
) -> Option<Counted> {
    let Board {
        empty,
        open,
        chains,
    } = board;
    let next_to = arena.adjacent(region);
    let around = s
        .joined
        .iter()
        .filter(|&&w| w & next_to != 0)
        .fold(0, |acc, w| acc | w);
    let inside = region & empty;
    let hosting = region & *used != 0;
    // Without pairs: Benson's rule, else the local game.
    let mut plain = 0;
    if !hosting && inside != 0 {
        for &w in s.joined.iter().filter(|&&w| w & next_to != 0) {
            if inside & !arena.adjacent(w) == 0 {
                plain |= w;
            }
        }
        if plain != around {
            s.border.clear();
            for &c in chains.iter().filter(|&&c| c & next_to != 0) {
                s.border.push(c & next_to);
            }
            if searched(region, &s.border) {
                plain = around;
            }
        }
    }
    // With pairs: every point covered, cover pairs taken from the free points.
    let mut free = region & open & !*used;
    s.cover.clear();
    let mut covered = 0;
    for &w in s.joined.iter().filter(|&&w| w & next_to != 0) {
        let touching = arena.adjacent(w);
        let before = s.cover.len();
        let mut taken = 0;
        let all = points(region & !touching).all(|p| {
            let near = arena.neighbours[p as usize] & touching;
            if s.cover.iter().any(|&pair| pair & !near == 0) {
                return true;
            }
            let candidates = near & free & !taken;
            if !several(candidates) {
                return false;
            }
            let pair = two(candidates);
            taken |= pair;
            s.cover.push(pair);
            true
        });
        if all {
            covered |= w;
            free &= !taken;
        } else {
            s.cover.truncate(before);
        }
    }
    let (twice, miai) = if covered != 0 && !hosting {
        twice(arena, &s.joined, region, free, covered)
    } else {
        (0, 0)
    };
    let with_pairs = hosting || covered & plain == plain && (covered != plain || twice != 0);
    let (once, twice) = if with_pairs {
        *used |= s.cover.iter().fold(0, |acc, p| acc | p) | if twice != 0 { miai } else { 0 };
        (covered, twice)
    } else {
        (plain, 0)
    };
    (once != 0).then_some(Counted {
        around,
        once,
        twice,
    })
}

/// Twice: two empty points of the region, in no pair (`free`), each cutting the region, both
/// liberties of a chain it covers. Not beside a connection pair, which could straddle two
/// parts. The chains counted twice, and the two points.
fn twice(arena: &Arena, joined: &[Bits], region: Bits, free: Bits, covered: Bits) -> (Bits, Bits) {
    let cuts: Vec<Local> = points(free)
        .filter(|&c| {
            let rest = region & !bit(c);
            arena.parts(rest, rest).nth(1).is_some()
        })
        .collect();
    for (k, &a) in cuts.iter().enumerate() {
        for &b in &cuts[k + 1..] {
            let miai = bit(a) | bit(b);
            let twice = joined
                .iter()
                .filter(|&&w| w & covered != 0 && miai & !arena.adjacent(w) == 0)
                .fold(0, |acc, w| acc | w);
            if twice != 0 {
                return (twice, miai);
            }
        }
    }
    (0, 0)
}

/// A necessary condition for [`alive_by_pairs`], cheap next to it: every joined chain holding a
/// target stone is immortal or could be counted twice by the sealed regions next to it — one
/// that Benson's rule or the local game (at most `search_limit` points) could count, or whose
/// points off the chain each have two `free` neighbours on its liberties, twice if it has four
/// points or more. In most positions of a fight some target chain could not.
fn counts_possible(
    arena: &Arena,
    s: &Pairs,
    target: Bits,
    immortal: Bits,
    sealed: Bits,
    free: Bits,
    search_limit: u32,
) -> bool {
    s.joined.iter().filter(|&&w| w & target != 0).all(|&w| {
        if w & immortal != 0 {
            return true;
        }
        let touching = arena.adjacent(w);
        let mut rest = touching & sealed;
        let mut count = 0;
        while rest != 0 && count < 2 {
            let region = arena.chain(rest.trailing_zeros() as Local, sealed);
            rest &= !region;
            let liberties = free & region & touching;
            let coverable = points(region & !touching)
                .all(|p| several(arena.neighbours[p as usize] & liberties));
            count += if coverable && region.count_ones() >= 4 {
                2
            } else {
                let size = region.count_ones();
                (coverable || size <= search_limit || region & !touching & free == 0) as u32
            };
        }
        count >= 2
    })
}

/// Whether every target stone is kept by life by pairs of liberties without local games
/// (Benson's and pair-vital regions only): the state is worth exactly 1 (see the module notes).
#[cfg(test)]
pub(crate) fn target_lives_by_pairs(local: &LocalProblem, stones: &Stones) -> bool {
    let arena = &local.arena;
    let (color, target) = (local.defender, local.target);
    let mut split = Split::default();
    split.read(arena, stones, color);
    alive_by_pairs(
        arena,
        &mut split,
        color,
        target,
        0,
        &mut Pairs::default(),
        |_, _| false,
    )
}
