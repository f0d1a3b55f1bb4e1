//! The move model: how likely each legal move of a local position is to be the one a proof
//! plays, from features a Go player would name, with weights learned from the prover's own
//! proofs ([`learn`]). The prover turns it into a cost per move (df-pn with heuristic edge
//! costs, Kishimoto, Buesser, Chen and Botea, NeurIPS 2019: see [`super::dfpn`]), which only
//! orders the search.
//!
//! The features of a move, each seen from the side playing it (so that the colours are
//! canonical) and weighed apart for the defender and the attacker:
//!
//! * the pattern around it: what lies on each neighbouring point (empty, the edge, a chain of
//!   either side with one, two or more liberties, a chain that can never be captured counting
//!   as many), as a multiset, which is what stays of the pattern under the board's rotations
//!   and reflections on an arena that is only a graph of points;
//! * stones it captures (none, one, more), the liberties of the chain it makes (one to four
//!   or more), whether it puts an enemy chain in atari, whether it saves a chain of its own
//!   from atari, whether it takes a ko;
//! * how far it is from the last move and from the target (touching, two steps, further);
//! * the eye space: whether it is played in an empty region next to the target, and there
//!   whether it fills the region's last point, splits it or shrinks it, and the region's size;
//! * passing, a feature of its own.
//!
//! The weights are in `weights.txt`, written by `cargo run --release --example move_model`
//! ([`learn`] names the data they come from), read at first use. A model never changes an
//! answer: a proof is a proof whichever order found it.

use super::state::{Move, State};
use super::Child;
use crate::go::rules::{bit, points, Bits, Color, Local, Stones};
use crate::problem::LocalProblem;
use std::sync::OnceLock;

pub(crate) mod learn;

/// What a neighbouring point holds, seen from the mover: empty, an own chain with one, two,
/// three or more liberties (or never capturable), the same for the opponent, the edge.
const KINDS: usize = 8;
const EDGE: usize = 7;

// The features' indices, per side: each group's first index, then its width.
const PATTERN: usize = 0;
const PATTERNS: usize = KINDS * KINDS * KINDS * KINDS;
const CAPTURES: usize = PATTERN + PATTERNS;
const OWN_LIBERTIES: usize = CAPTURES + 3;
const ATARI: usize = OWN_LIBERTIES + 4;
const SAVES: usize = ATARI + 1;
const KO: usize = SAVES + 1;
const NEAR_LAST: usize = KO + 1;
const NEAR_TARGET: usize = NEAR_LAST + 4;
const EYE: usize = NEAR_TARGET + 3;
const EYE_SIZE: usize = EYE + 4;
const PASS: usize = EYE_SIZE + 5;
/// Features per side.
pub(crate) const PER_SIDE: usize = PASS + 1;
/// Most features one move has.
pub(crate) const MOST: usize = 11;

/// The features of one move, as indices into the weights.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Features {
    len: u8,
    at: [u16; MOST],
}

impl Features {
    fn push(&mut self, index: usize) {
        self.at[self.len as usize] = index as u16;
        self.len += 1;
    }

    pub(crate) fn indices(&self) -> &[u16] {
        &self.at[..self.len as usize]
    }
}

/// What the features of a position's moves share: each point's kind of chain, the empty
/// regions next to the target.
pub(crate) struct Context<'a> {
    local: &'a LocalProblem,
    stones: Stones,
    mover: Color,
    /// Per point: 0 empty, 1–3 the liberties of the chain on it (3: three or more, or never
    /// captured).
    liberties: [u8; 128],
    /// Empty points in regions that touch the target.
    eye_space: Bits,
    near_last: [Bits; 2],
    near_target: [Bits; 2],
    offset: usize,
}

impl<'a> Context<'a> {
    /// The context of `state`'s moves, `last` the point played last (none after a pass or at
    /// a question's start).
    pub(crate) fn new(local: &'a LocalProblem, state: &State, last: Option<Local>) -> Context<'a> {
        let arena = &local.arena;
        let stones = state.stones();
        let mover = state.to_move();
        let mut liberties = [0u8; 128];
        for color in [Color::Black, Color::White] {
            let own = stones.by_color[color.index()];
            for chain in arena.parts(own, own) {
                let n = if chain & arena.anchor[color.index()] != 0 {
                    3
                } else {
                    arena.liberties(chain, &stones).count_ones().min(3) as u8
                };
                for p in points(chain) {
                    liberties[p as usize] = n;
                }
            }
        }
        let empty = arena.all & !stones.occupied();
        let eye_space = arena
            .parts(empty & arena.adjacent(local.target), empty)
            .fold(0, |a, r| a | r);
        let rings = |seed: Bits| {
            let one = arena.adjacent(seed);
            [one, arena.adjacent(one) | one]
        };
        Context {
            local,
            stones,
            mover,
            liberties,
            eye_space,
            near_last: last.map_or([0, 0], |p| rings(bit(p))),
            near_target: rings(local.target),
            offset: if mover == local.defender { 0 } else { PER_SIDE },
        }
    }

    /// The features of the move `m` leading to `child`.
    pub(crate) fn features(&self, m: Move, child: &Child) -> Features {
        let mut f = Features::default();
        let Move::Play(p) = m else {
            f.push(self.offset + PASS);
            return f;
        };
        let arena = &self.local.arena;
        let me = self.mover.index();
        let them = self.mover.other().index();
        let b = bit(p);
        let near = arena.neighbours[p as usize];
        // The pattern: the neighbours' kinds, sorted.
        let mut kinds = [EDGE; 4];
        for (slot, q) in kinds.iter_mut().zip(points(near)) {
            let q_bit = bit(q);
            let libs = self.liberties[q as usize] as usize;
            *slot = if self.stones.by_color[me] & q_bit != 0 {
                libs
            } else if self.stones.by_color[them] & q_bit != 0 {
                3 + libs
            } else {
                0
            };
        }
        kinds.sort_unstable();
        let pattern = kinds.iter().fold(0, |a, &k| a * KINDS + k);
        f.push(self.offset + PATTERN + pattern);
        let after = match child {
            Child::State(s) => Some(s.stones()),
            // The target captured: no position after it to read.
            _ => arena
                .play(&self.stones, self.mover, p)
                .ok()
                .map(|pl| pl.after),
        };
        let after = after.unwrap_or(self.stones);
        let captured = (self.stones.by_color[them] & !after.by_color[them]).count_ones();
        f.push(self.offset + CAPTURES + captured.min(2) as usize);
        let chain = arena.chain(p, after.by_color[me]);
        let libs = if chain & arena.anchor[me] != 0 {
            4
        } else {
            arena.liberties(chain, &after).count_ones().clamp(1, 4) as usize
        };
        f.push(self.offset + OWN_LIBERTIES + libs - 1);
        let enemies = near & after.by_color[them];
        if points(enemies).any(|q| self.liberties[q as usize] == 2) {
            f.push(self.offset + ATARI);
        }
        let own = near & self.stones.by_color[me];
        if libs > 1 && points(own).any(|q| self.liberties[q as usize] == 1) {
            f.push(self.offset + SAVES);
        }
        if matches!(child, Child::State(s) if s.ko().is_some()) {
            f.push(self.offset + KO);
        }
        let ring = |rings: &[Bits; 2], any: bool| match () {
            _ if !any => 3,
            _ if rings[0] & b != 0 => 0,
            _ if rings[1] & b != 0 => 1,
            _ => 2,
        };
        let last = self.near_last[1] != 0;
        f.push(self.offset + NEAR_LAST + ring(&self.near_last, last));
        f.push(self.offset + NEAR_TARGET + ring(&self.near_target, true).min(2));
        self.eye_features(p, &mut f);
        f
    }

    /// The eye space's features of a move at `p`: outside it, or filling, splitting or
    /// shrinking its region, and the region's size.
    fn eye_features(&self, p: Local, f: &mut Features) {
        if self.eye_space & bit(p) == 0 {
            f.push(self.offset + EYE);
            return;
        }
        let arena = &self.local.arena;
        let region = arena.chain(p, self.eye_space);
        let rest = region & !bit(p);
        let effect = if rest == 0 {
            1
        } else if arena.chain(rest.trailing_zeros() as Local, rest) != rest {
            2
        } else {
            3
        };
        f.push(self.offset + EYE + effect);
        let size = match region.count_ones() {
            n @ 1..=3 => n as usize - 1,
            4..=6 => 3,
            _ => 4,
        };
        f.push(self.offset + EYE_SIZE + size);
    }
}

/// The learned weights, per side ([`PER_SIDE`] each: the defender's, then the attacker's).
pub(crate) struct Weights(Vec<f32>);

impl Weights {
    /// A move's score: the sum of its features' weights (a log-probability up to a constant
    /// shared by the position's moves).
    pub(crate) fn score(&self, f: &Features) -> f32 {
        f.indices().iter().map(|&i| self.0[i as usize]).sum()
    }
}

/// The weights stored in the repository.
const DATA: &str = include_str!("weights.txt");

/// The stored weights, read at first use (`None` before the first build of the file).
pub(crate) fn weights() -> Option<&'static Weights> {
    static WEIGHTS: OnceLock<Option<Weights>> = OnceLock::new();
    WEIGHTS
        .get_or_init(|| learn::parse(DATA).expect("the stored move model is well formed"))
        .as_ref()
}

/// Cost units per nat of probability below the position's likeliest move.
const UNITS_PER_NAT: f32 = 2.0;

/// The most a move costs.
pub(crate) const MOST_COST: u32 = 8;

/// Each move's cost into `costs`: the log-probability it lies below the likeliest move of the
/// position, in whole units, at most [`MOST_COST`].
pub(crate) fn costs(
    weights: &Weights,
    context: &Context,
    moves: &[(Move, u32)],
    children: &[Child],
    costs: &mut Vec<u32>,
) {
    costs.clear();
    let mut best = f32::MIN;
    for (&(m, _), child) in moves.iter().zip(children) {
        let s = weights.score(&context.features(m, child));
        best = best.max(s);
        costs.push(s.to_bits());
    }
    for c in costs.iter_mut() {
        let below = (best - f32::from_bits(*c)) * UNITS_PER_NAT;
        *c = (below.round() as u32).min(MOST_COST);
    }
}
