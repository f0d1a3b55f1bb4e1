//! The eye table against the prover: a sample rebuilt, and lookups on real boards compared
//! with searches that do not use the table.

use crate::go::rules::{bit, Color};
use crate::problem::{sgf, LocalProblem, TargetChoice};
use crate::prove::eye_table::build::{self, space, MAX_OUTSIDE};
use crate::prove::eye_table::shapes::{self, Key};
use crate::prove::eye_table::{
    survey, table, Entry, Eye, EyeTable, ShapeCache, Verdicts, MAX_SPACE,
};
use crate::prove::state::State;
use crate::prove::watch::Watch;
use crate::prove::{Effort, Finding, Goal, Prover};
use crate::statics;
use proptest::prelude::*;

/// The stored table holds what the prover finds today, on a sample of its spaces.
#[test]
fn a_sample_rebuilt_matches_the_stored_table() {
    let stored = table();
    assert_eq!(
        stored.keys(),
        shapes::all(MAX_SPACE).as_slice(),
        "the table's spaces"
    );
    let mut compared = 0;
    for &key in stored.keys().iter().step_by(53) {
        if shapes::positions(key) > 800 {
            continue;
        }
        let (entries, _) = space(key, &statics::rules);
        for (index, e) in entries.iter().enumerate() {
            assert_eq!(
                stored.entry(key, index),
                Some(*e),
                "{key:x} position {index}"
            );
        }
        compared += entries.len();
    }
    assert!(compared > 10_000, "{compared} positions compared");
}

/// The table's bytes read back as the same table.
#[test]
fn the_table_reads_back_what_it_writes() {
    let keys = shapes::all(4);
    let entries: Vec<Entry> = keys
        .iter()
        .flat_map(|&k| (0..shapes::positions(k)).map(move |i| (k, i)))
        .map(|(k, i)| {
            let v = |n: usize| Verdicts {
                lives: (n % 4) as u8,
                captured: (n / 4 % 4) as u8,
                captured_by_ko: (n / 16 % 4) as u8,
                eye: [Eye::None, Eye::One, Eye::OneAgainstTwo][n / 64 % 3],
            };
            Entry::pack([v(k as usize + i), v(i)])
        })
        .collect();
    let table = EyeTable::new(keys.clone(), entries.clone());
    let read = EyeTable::from_bytes(&table.to_bytes()).expect("well formed");
    let mut at = 0;
    for &k in &keys {
        for i in 0..shapes::positions(k) {
            assert_eq!(read.entry(k, i), Some(entries[at]));
            at += 1;
        }
    }
    assert!(EyeTable::from_bytes(&table.to_bytes()[..40]).is_none());
}

/// Where an eye space is put on a 19×19 board: in the corner, on an edge, in the open.
const PLACES: [(i32, i32); 3] = [(0, 0), (0, 6), (6, 6)];

/// A real board for position `index` of space `key` placed at `place` under `symmetry`: the
/// space, enclosed by one black chain (the target: every point next to the space, diagonally
/// too), behind it a white wall two stones thick whose outside is open board, and `outside`
/// of the wall's inner points next to the chain left empty as the chain's liberties (each next
/// to nothing but the chain and the wall). `None` when the placement does not fit: the chain
/// in pieces, or too few such points. With the board, the number of its points that can
/// change: the space, the chain and its liberties.
fn board(
    key: Key,
    index: usize,
    place: (i32, i32),
    symmetry: usize,
    outside: usize,
) -> Option<(String, u32)> {
    board_of(&[(key, index, place, symmetry)], outside)
}

/// A space's position put on the board: its key, its position's index, where its box's corner
/// goes, and one of four symmetries.
pub(super) type Placed = (Key, usize, (i32, i32), usize);

/// Whether a point is on the 19×19 board.
fn on((x, y): (i32, i32)) -> bool {
    (0..19).contains(&x) && (0..19).contains(&y)
}

/// The cells of a placed space, in its key's order; `None` if its marks are not the key's (a
/// cell touches the chain where it has a neighbour on the board outside every space).
fn cells_of(placed: &[Placed]) -> Option<Vec<Vec<(i32, i32)>>> {
    let spaces: Vec<Vec<(i32, i32)>> = placed
        .iter()
        .map(|&(key, _, place, symmetry)| {
            let flip = |(x, y): (i32, i32)| match symmetry {
                0 => (x, y),
                1 => (y, x),
                2 => (-x, y),
                _ => (-y, -x),
            };
            let moved: Vec<(i32, i32)> = shapes::cells(key)
                .iter()
                .map(|&(x, y, _)| flip((x, y)))
                .collect();
            let x0 = moved.iter().map(|c| c.0).min().unwrap_or(0);
            let y0 = moved.iter().map(|c| c.1).min().unwrap_or(0);
            moved
                .iter()
                .map(|&(x, y)| (x - x0 + place.0, y - y0 + place.1))
                .collect()
        })
        .collect();
    let taken = |c: &(i32, i32)| spaces.iter().any(|s| s.contains(c));
    let touches = |c: (i32, i32), own: &[(i32, i32)]| {
        [(1, 0), (-1, 0), (0, 1), (0, -1)].iter().any(|d| {
            let n = (c.0 + d.0, c.1 + d.1);
            on(n) && !own.contains(&n)
        })
    };
    for (space, &(key, ..)) in spaces.iter().zip(placed) {
        for (&(_, _, mark), &c) in shapes::cells(key).iter().zip(space) {
            // Two spaces apart: no cell next to another space's.
            let next_to_other = [(1, 0), (-1, 0), (0, 1), (0, -1)].iter().any(|d| {
                let n = (c.0 + d.0, c.1 + d.1);
                !space.contains(&n) && taken(&n)
            });
            if touches(c, space) != mark || next_to_other || !on(c) {
                return None;
            }
        }
    }
    Some(spaces)
}

/// [`board`] for several spaces, each with its position, enclosed by one chain (`None` if
/// they do not fit so). With the board, the number of points that can change.
pub(super) fn board_of(placed: &[Placed], outside: usize) -> Option<(String, u32)> {
    let spaces = cells_of(placed)?;
    let space: Vec<(i32, i32)> = spaces.concat();
    let ring = |inner: &[(i32, i32)], taken: &[(i32, i32)]| -> Vec<(i32, i32)> {
        let mut out = Vec::new();
        for &(x, y) in inner {
            for dx in -1..=1 {
                for dy in -1..=1 {
                    let c = (x + dx, y + dy);
                    if on(c) && !taken.contains(&c) && !out.contains(&c) {
                        out.push(c);
                    }
                }
            }
        }
        out
    };
    let chain = ring(&space, &space);
    let inside: Vec<(i32, i32)> = space.iter().chain(&chain).copied().collect();
    let wall = ring(&chain, &inside);
    let all: Vec<(i32, i32)> = inside.iter().chain(&wall).copied().collect();
    let outer = ring(&wall, &all);
    // One chain: connected by plain adjacency.
    let mut seen = vec![chain[0]];
    let mut stack = vec![chain[0]];
    while let Some((x, y)) = stack.pop() {
        for d in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let c = (x + d.0, y + d.1);
            if chain.contains(&c) && !seen.contains(&c) {
                seen.push(c);
                stack.push(c);
            }
        }
    }
    if seen.len() != chain.len() {
        return None;
    }
    // Liberties: inner wall points next to the chain, next to no outer point and to no
    // other liberty.
    let next = |a: (i32, i32), b: (i32, i32)| (a.0 - b.0).abs() + (a.1 - b.1).abs() == 1;
    let mut liberties: Vec<(i32, i32)> = Vec::new();
    for &w in &wall {
        if liberties.len() == outside {
            break;
        }
        let by_chain = chain.iter().any(|&c| next(c, w));
        let open = outer.iter().any(|&o| next(o, w)) || !on(w);
        let by_liberty = liberties.iter().any(|&l| next(l, w));
        let beside_edge = [(1, 0), (-1, 0), (0, 1), (0, -1)]
            .iter()
            .any(|d| !on((w.0 + d.0, w.1 + d.1)));
        if by_chain && !open && !by_liberty && !beside_edge {
            liberties.push(w);
        }
    }
    if liberties.len() < outside {
        return None;
    }
    let point =
        |(x, y): (i32, i32)| format!("[{}{}]", (b'a' + x as u8) as char, (b'a' + y as u8) as char);
    let mut black: Vec<String> = chain.iter().map(|&c| point(c)).collect();
    let mut white: Vec<String> = wall
        .iter()
        .chain(&outer)
        .filter(|w| !liberties.contains(w))
        .map(|&w| point(w))
        .collect();
    for (cells, &(key, index, ..)) in spaces.iter().zip(placed) {
        let stones = build::stones(key, index);
        for (i, &c) in cells.iter().enumerate() {
            if stones.by_color[0] & bit(i as u8) != 0 {
                black.push(point(c));
            }
            if stones.by_color[1] & bit(i as u8) != 0 {
                white.push(point(c));
            }
        }
    }
    let region: Vec<String> = space.iter().chain(&liberties).map(|&c| point(c)).collect();
    let text = format!(
        "(;GM[1]FF[4]SZ[19]AB{}AW{}TR{}SQ{})",
        black.concat(),
        white.concat(),
        point(chain[0]),
        region.concat()
    );
    Some((text, (space.len() + chain.len() + liberties.len()) as u32))
}

/// A board's arena, read through the problem layer (`None` if the board is no problem: a wall
/// chain left without a liberty against the board's edge).
pub(super) fn local(text: &str) -> Option<LocalProblem> {
    let setup = sgf::read(text).expect("an SGF problem");
    let mut readings = setup.readings(&TargetChoice::FromFile).ok()?;
    readings.swap_remove(0).arena().ok()
}

/// What the prover without the table proves of a state, goal by goal ([`Goal::ALL`]).
pub(super) fn searched(local: &LocalProblem, state: &State) -> [bool; 5] {
    let effort = Effort {
        depth: 100,
        nodes: 2_000_000,
        total: usize::MAX / 2,
        tail: 0,
        table: 1 << 20,
        watch: Watch::unlimited(),
    };
    let mut prover = Prover::plain(local, effort, statics::rules());
    Goal::ALL.map(|goal| prover.ask(state, goal, 2_000_000) == Finding::Proven)
}

/// One comparison: a space's position put on a real board (see [`board`]), its lookups and
/// the search without the table, goal by goal ([`Goal::ALL`]); `None` if the board cannot be
/// built. With `ban`, the side to move is banned from the board's first empty point; with
/// `passed`, the last move was a pass. Asserts
/// that the table proves nothing the search does not, and, with at most [`MAX_OUTSIDE`]
/// liberties outside and no ban, that it proves every goal it keeps that the search proves.
fn compare(
    key: Key,
    index: usize,
    place: (i32, i32),
    symmetry: usize,
    outside: usize,
    to_move: Color,
    (ban, passed): (bool, bool),
) -> Option<[bool; 5]> {
    let counted = outside.min(MAX_OUTSIDE as usize) as u8;
    if !build::legal(
        &build::problem(key, counted).arena,
        &build::stones(key, index),
    ) {
        return None;
    }
    let (text, points) = board(key, index, place, symmetry, outside)?;
    let local = local(&text)?;
    // Nothing local but the space, the chain and its liberties: the wall is never taken.
    if local.arena.all.count_ones() != points {
        return None;
    }
    let empty = local.arena.playable & !local.start.occupied();
    let ko = (ban && empty != 0).then(|| empty.trailing_zeros() as u8);
    let state = State::new(local.start, to_move, ko, passed);
    let found = survey(Some(table()), &local, &state, &mut ShapeCache::default());
    let looked = Goal::ALL.map(|goal| found.proves(goal));
    let found = searched(&local, &state);
    for (g, goal) in Goal::ALL.into_iter().enumerate() {
        assert!(
            !looked[g] || found[g],
            "{text} ({ko:?}): the table proves {goal:?}, the search does not"
        );
        let plain = ko.is_none() && !passed;
        if outside <= MAX_OUTSIDE as usize && plain && build::GOALS.contains(&goal) {
            assert!(
                looked[g] || !found[g],
                "{text}: the search proves {goal:?}, the table does not"
            );
        }
    }
    Some(looked)
}

/// A position of `key` from random draws: each cell that touches the chain the attacker's
/// half the time, each other cell empty, the attacker's or the defender's.
pub(super) fn position(key: Key, draws: &[u8]) -> usize {
    let cells = shapes::cells(key);
    cells
        .iter()
        .zip(draws)
        .rev()
        .fold(0, |acc, (&(_, _, mark), &d)| {
            if mark {
                acc * 2 + (d % 2) as usize
            } else {
                acc * 3 + (d % 5).min(2) as usize
            }
        })
}

/// A key of `size` points: the `pick`-th of that size (counted round).
pub(super) fn key_of(size: usize, pick: usize) -> Key {
    let keys: Vec<Key> = table()
        .keys()
        .iter()
        .copied()
        .filter(|&k| shapes::cells(k).len() == size)
        .collect();
    keys[pick % keys.len()]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// On a real board that is exactly a space's problem, the table proves what the search
    /// proves; with more outside liberties than the table counts, whatever the table proves
    /// the search proves too.
    #[test]
    fn lookups_agree_with_search_on_real_boards(
        size in 2..=MAX_SPACE,
        pick in any::<usize>(),
        draws in prop::collection::vec(any::<u8>(), MAX_SPACE),
        place in 0..PLACES.len(),
        symmetry in 0..4usize,
        outside in 0..=3usize,
        attacker_first in any::<bool>(),
        ban in any::<bool>(),
        passed in any::<bool>(),
    ) {
        let key = key_of(size, pick);
        let to_move = if attacker_first { Color::White } else { Color::Black };
        let index = position(key, &draws);
        compare(key, index, PLACES[place], symmetry, outside, to_move, (ban, passed));
    }
}

/// The comparisons cover every goal: over a fixed sample, each is proven by the table
/// somewhere and fails somewhere, bans and passes included.
#[test]
fn the_comparisons_see_every_verdict() {
    let mut proven = [0; 5];
    let mut failed = [0; 5];
    let mut compared = 0;
    for n in 0..240 {
        let size = 2 + n % (MAX_SPACE - 1);
        let key = key_of(size, n * 7919);
        let draws: Vec<u8> = (0..MAX_SPACE).map(|i| (n * 7 + i * 13) as u8).collect();
        let to_move = [Color::White, Color::Black][n % 2];
        let (place, outside) = (PLACES[n % 3], n % 3);
        let index = position(key, &draws);
        let odd = (n % 5 == 0, n % 7 == 0);
        let Some(looked) = compare(key, index, place, n % 4, outside, to_move, odd) else {
            continue;
        };
        compared += 1;
        for g in 0..5 {
            proven[g] += looked[g] as usize;
            failed[g] += !looked[g] as usize;
        }
    }
    assert!(compared >= 50, "{compared} compared");
    assert!(
        proven.iter().all(|&p| p > 0) && failed.iter().all(|&f| f > 0),
        "{proven:?} {failed:?}"
    );
}
