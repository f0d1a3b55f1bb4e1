//! The table built by the prover itself: each eye space as a problem of its own, every
//! position in it asked of a plain prover ([`Prover::plain`]: no table, unit starting numbers).
//!
//! The problem of a space: its cells; the enclosing chain as one point, the target, next to
//! every marked cell and to `k` outside liberties; each outside liberty next to the chain only,
//! anchored for the attacker (a stone there joins a wall that is never captured). Black
//! defends. Each position (no ban, no pass before) is asked with each side to move: the lower
//! game's `Lives` and `CapturedByKo`, the upper game's `Captured`.
//!
//! The space's *eye problem* ([`eye_problem`]) stands for the space beside another eye that is
//! sure: the chain has no outside liberty but one more point, next to the chain only and
//! anchored for no one, where the attacker may play only to capture the chain. Each position
//! is asked the lower game's `Lives` there with each side to move (the space keeps one eye);
//! with the attacker to move, also whether it still does after any one attacker move in the
//! space, the attacker to move again (see [`super::sums`]).

use super::shapes::{self, Key};
use super::{Entry, Eye, Verdicts};
use crate::go::graph::Point;
use crate::go::rules::{bit, Arena, Bits, Color, Local, Stones};
use crate::problem::LocalProblem;
use crate::prove::state::State;
use crate::prove::watch::Watch;
use crate::prove::{Effort, Finding, Goal, Prover, Statics};

/// Most outside liberties of the enclosing chain the table distinguishes.
pub(crate) const MAX_OUTSIDE: u8 = 2;

/// The point of the enclosing chain in a space's problem (the cells come first).
fn chain_point(cells: usize) -> Local {
    cells as Local
}

/// The problem of an eye space (cells in their key's order) whose chain has `outside`
/// liberties besides it, with no stones in the space.
pub(crate) fn problem(key: Key, outside: u8) -> LocalProblem {
    let cells = shapes::cells(key);
    let n = cells.len();
    let chain = chain_point(n);
    let size = n + 1 + outside as usize;
    let mut neighbours: Vec<Bits> = vec![0; size];
    for (i, &(x, y, mark)) in cells.iter().enumerate() {
        for (j, &(u, v, _)) in cells.iter().enumerate() {
            if (x - u).abs() + (y - v).abs() == 1 {
                neighbours[i] |= bit(j as Local);
            }
        }
        if mark {
            neighbours[i] |= bit(chain);
            neighbours[n] |= bit(i as Local);
        }
    }
    let mut liberties: Bits = 0;
    for l in n + 1..size {
        neighbours[l] |= bit(chain);
        neighbours[n] |= bit(l as Local);
        liberties |= bit(l as Local);
    }
    let all = (1u128 << size) - 1;
    let arena = Arena {
        global: (0..size as u16).map(Point).collect(),
        neighbours,
        all,
        playable: all & !bit(chain),
        anchor: [0, liberties],
        grid: None,
    };
    LocalProblem {
        arena,
        start: Stones {
            by_color: [bit(chain), 0],
        },
        target: bit(chain),
        defender: Color::Black,
        to_play: None,
    }
}

/// The eye problem of a space (see the module doc): its problem without outside liberties and
/// with one more point, the other eye, next to the chain only.
pub(crate) fn eye_problem(key: Key) -> LocalProblem {
    let mut local = problem(key, 0);
    let arena = &mut local.arena;
    let chain = chain_point(shapes::cells(key).len());
    let eye = arena.global.len() as Local;
    arena.global.push(Point(eye as u16));
    arena.neighbours.push(bit(chain));
    arena.neighbours[chain as usize] |= bit(eye);
    arena.all |= bit(eye);
    arena.playable |= bit(eye);
    local
}

/// The index of a position of a space from its stones (the inverse of [`stones`]).
pub(crate) fn index(key: Key, stones: &Stones) -> usize {
    let cells = shapes::cells(key);
    cells
        .iter()
        .enumerate()
        .rev()
        .fold(0, |acc, (i, &(_, _, mark))| {
            let radix = if mark { 2 } else { 3 };
            let digit = if stones.by_color[Color::White.index()] & bit(i as Local) != 0 {
                1
            } else if stones.by_color[Color::Black.index()] & bit(i as Local) != 0 {
                2
            } else {
                0
            };
            acc * radix + digit
        })
}

/// The stones of position `index` of a space (its cells' contents in the mixed radix of
/// [`shapes::positions`]), the chain's point included.
pub(crate) fn stones(key: Key, index: usize) -> Stones {
    let cells = shapes::cells(key);
    let mut rest = index;
    let mut stones = Stones {
        by_color: [bit(chain_point(cells.len())), 0],
    };
    for (i, &(_, _, mark)) in cells.iter().enumerate() {
        let radix = if mark { 2 } else { 3 };
        match rest % radix {
            1 => stones.by_color[Color::White.index()] |= bit(i as Local),
            2 => stones.by_color[Color::Black.index()] |= bit(i as Local),
            _ => {}
        }
        rest /= radix;
    }
    stones
}

/// Whether every chain of a position has a liberty.
pub(crate) fn legal(arena: &Arena, stones: &Stones) -> bool {
    [Color::Black, Color::White].into_iter().all(|color| {
        let own = stones.by_color[color.index()];
        arena.parts(own, own).all(|chain| {
            chain & arena.anchor[color.index()] != 0 || arena.liberties(chain, stones) != 0
        })
    })
}

/// Positions one question may search: far more than any space of the table needs (a question
/// left open is recorded as unproven, which is sound).
const QUESTION: usize = 2_000_000;

/// What each extreme game proves in every position of a space with `outside` liberties: per
/// position, with the defender and with the attacker to move, the goals proven (`None`: the
/// position is not legal). Also the positions' questions left open by the budget.
fn prove_space(
    key: Key,
    outside: u8,
    statics: &dyn Fn() -> Box<dyn Statics>,
) -> (Vec<Option<[[bool; 3]; 2]>>, usize) {
    let local = problem(key, outside);
    let effort = Effort {
        depth: 100,
        nodes: QUESTION,
        total: usize::MAX / 2,
        tail: 0,
        table: 1 << 22,
        watch: Watch::unlimited(),
    };
    let mut prover = Prover::plain(&local, effort, statics());
    let mut open = 0;
    let positions = shapes::positions(key);
    // The fullest positions first: their proofs serve the emptier ones.
    let found = (0..positions)
        .rev()
        .map(|index| {
            let stones = stones(key, index);
            legal(&local.arena, &stones).then(|| {
                [Color::Black, Color::White].map(|to_move| {
                    let state = State::new(stones, to_move, None, false);
                    GOALS.map(|goal| match prover.ask(&state, goal, QUESTION) {
                        Finding::Proven => true,
                        Finding::Open => {
                            open += 1;
                            false
                        }
                        _ => false,
                    })
                })
            })
        })
        .collect::<Vec<_>>();
    (found.into_iter().rev().collect(), open)
}

/// Whether the space keeps one eye in every position of its eye problem, with the defender and
/// with the attacker to move (`None`: the position is not legal); also the questions left open.
fn prove_eye(key: Key, statics: &dyn Fn() -> Box<dyn Statics>) -> (Vec<Option<[bool; 2]>>, usize) {
    let local = eye_problem(key);
    let effort = Effort {
        depth: 100,
        nodes: QUESTION,
        total: usize::MAX / 2,
        tail: 0,
        table: 1 << 22,
        watch: Watch::unlimited(),
    };
    let mut prover = Prover::plain(&local, effort, statics());
    let mut open = 0;
    let found = (0..shapes::positions(key))
        .rev()
        .map(|index| {
            let stones = stones(key, index);
            legal(&local.arena, &stones).then(|| {
                [Color::Black, Color::White].map(|to_move| {
                    let state = State::new(stones, to_move, None, false);
                    match prover.ask(&state, Goal::Lives, QUESTION) {
                        Finding::Proven => true,
                        Finding::Open => {
                            open += 1;
                            false
                        }
                        _ => false,
                    }
                })
            })
        })
        .collect::<Vec<_>>();
    (found.into_iter().rev().collect(), open)
}

/// Whether position `at` keeps one eye with the attacker to move, and again after any one
/// attacker move in the space with the attacker to move again (`eyes`: [`prove_eye`]'s).
fn eye_after_two(key: Key, local: &LocalProblem, eyes: &[Option<[bool; 2]>], at: usize) -> bool {
    let sure = |i: usize| eyes[i].is_some_and(|e| e[1]);
    if !sure(at) {
        return false;
    }
    let before = stones(key, at);
    let cells = shapes::cells(key).len();
    let chain = bit(chain_point(cells));
    let inside = (1 << cells) - 1;
    let liberties = local.arena.adjacent(chain) & inside & !before.occupied();
    // The attacker's move on the chain's last liberty in the space is suicide here, with the
    // other eye beside it, but where the other region gives the chain no liberty yet it
    // captures: never sure.
    liberties.count_ones() >= 2
        && (0..cells as Local).all(|p| match local.arena.play(&before, Color::White, p) {
            Ok(played) => sure(index(key, &played.after)),
            Err(_) => true,
        })
}

/// What every position of a space keeps beside another sure eye, with the defender and with
/// the attacker to move; also the questions left open.
pub(crate) fn eyes(key: Key, statics: &dyn Fn() -> Box<dyn Statics>) -> (Vec<[Eye; 2]>, usize) {
    let (found, open) = prove_eye(key, statics);
    let local = eye_problem(key);
    let eyes = (0..found.len())
        .map(|index| {
            [0, 1].map(|side| {
                if side == 1 && eye_after_two(key, &local, &found, index) {
                    Eye::OneAgainstTwo
                } else if found[index].is_some_and(|e| e[side]) {
                    Eye::One
                } else {
                    Eye::None
                }
            })
        })
        .collect();
    (eyes, open)
}

/// The goals of [`Entry`], in the order of [`prove_space`]'s answers.
pub(crate) const GOALS: [Goal; 3] = [Goal::Lives, Goal::Captured, Goal::CapturedByKo];

/// The fewest outside liberties from which every larger count proves a defender's goal
/// ([`Verdicts::NEVER`] if none), and whether a smaller count proved it too (none expected).
/// A count that makes the position illegal (`None`: the chain without a liberty) never comes
/// up in a lookup, and agrees with anything.
fn from(by_outside: [Option<bool>; 3]) -> (u8, bool) {
    let from = (0..3)
        .rev()
        .take_while(|&k| by_outside[k] != Some(false))
        .last();
    let beyond = (0..from.unwrap_or(3)).any(|k| by_outside[k] == Some(true));
    (from.map_or(Verdicts::NEVER, |k| k as u8), beyond)
}

/// One more than the most outside liberties up to which every smaller count proves an
/// attacker's goal (0 if none), and whether a larger count proved it too (none expected).
fn upto(by_outside: [Option<bool>; 3]) -> (u8, bool) {
    let upto = (0..3).take_while(|&k| by_outside[k] != Some(false)).count();
    let beyond = (upto..3).any(|k| by_outside[k] == Some(true));
    (upto as u8, beyond)
}

/// What building a space found besides its entries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Questions left open by the budget.
    pub open: usize,
    /// Verdicts where more outside liberties proved less for the defender, or more for the
    /// attacker: each keeps only what holds for every count.
    pub irregular: usize,
}

/// Every position's verdicts for a space, folded over the outside liberties: for the
/// defender's goals the fewest liberties from which the goal is proven with every larger
/// number too, for the attacker's the most up to which it is proven with every smaller one.
pub(crate) fn space(key: Key, statics: &dyn Fn() -> Box<dyn Statics>) -> (Vec<Entry>, Counts) {
    let by_outside: Vec<_> = (0..=MAX_OUTSIDE)
        .map(|k| prove_space(key, k, statics))
        .collect();
    let (eyes, eyes_open) = eyes(key, statics);
    let mut counts = Counts {
        open: by_outside.iter().map(|(_, open)| open).sum::<usize>() + eyes_open,
        irregular: 0,
    };
    let entries = (0..shapes::positions(key))
        .map(|index| {
            Entry::pack([0, 1].map(|side| {
                let proven =
                    |goal: usize| [0, 1, 2].map(|k| by_outside[k].0[index].map(|f| f[side][goal]));
                let fields = [from(proven(0)), upto(proven(1)), upto(proven(2))];
                counts.irregular += fields.iter().filter(|f| f.1).count();
                Verdicts {
                    lives: fields[0].0,
                    captured: fields[1].0,
                    captured_by_ko: fields[2].0,
                    eye: eyes[index][side],
                }
            }))
        })
        .collect();
    (entries, counts)
}
