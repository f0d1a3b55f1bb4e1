//! The eyes' sums against the search: boards where one chain encloses two spaces, each in some
//! position; wherever the regions' values add up to life ([`crate::prove::eye_table::sums`]), the prover without the
//! table must prove it too.

use super::eye_table::{board_of, key_of, local, position, searched, Placed};
use crate::go::rules::Color;
use crate::prove::eye_table::build;
use crate::prove::eye_table::shapes::{self, Key};
use crate::prove::eye_table::sums::Values;
use crate::prove::eye_table::{survey, table, ShapeCache};
use crate::prove::state::State;
use crate::prove::Goal;
use proptest::prelude::*;

/// Largest space put beside another: the search must settle the two together.
const LARGEST: usize = 5;

/// What the sum says of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sum {
    Alive,
    Silent,
}

/// The board of two spaces with their positions, the second to the right of the first, each
/// under the first symmetry and in the first place that give its cells its key's marks (a
/// corner, an edge or the open); with it, the spaces as placed and the points that can change.
fn put(spaces: [(Key, usize); 2], outside: usize) -> Option<([Placed; 2], String, u32)> {
    let width = |key: Key, symmetry: usize| {
        let cells = shapes::cells(key);
        let span = |v: Vec<i32>| v.iter().max().unwrap_or(&0) - v.iter().min().unwrap_or(&0) + 1;
        let (xs, ys) = (cells.iter().map(|c| c.0), cells.iter().map(|c| c.1));
        if symmetry.is_multiple_of(2) {
            span(xs.collect())
        } else {
            span(ys.collect())
        }
    };
    let [(k1, i1), (k2, i2)] = spaces;
    for s1 in 0..4 {
        for p1 in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            let x2 = p1.0 + width(k1, s1) + 1;
            for s2 in 0..4 {
                for y2 in 0..3 {
                    let placed = [(k1, i1, p1, s1), (k2, i2, (x2, y2), s2)];
                    if let Some((text, points)) = board_of(&placed, outside) {
                        return Some((placed, text, points));
                    }
                }
            }
        }
    }
    None
}

/// One comparison: the board of two spaces in their positions (see [`put`]) with
/// `outside` liberties of the chain beyond them, `to_move` to move (banned from the first
/// empty point with `ban`). `None` if the board cannot be built; else what the sum says.
/// Asserts that the survey proves life wherever the sum claims it, and that the search
/// without the table proves whatever the survey proves of life.
fn compare(spaces: [(Key, usize); 2], outside: usize, to_move: Color, ban: bool) -> Option<Sum> {
    for (key, index) in spaces {
        if !build::legal(&build::eye_problem(key).arena, &build::stones(key, index)) {
            return None;
        }
    }
    let (placed, text, points) = put(spaces, outside)?;
    let local = local(&text)?;
    if local.arena.all.count_ones() != points {
        return None;
    }
    let empty = local.arena.playable & !local.start.occupied();
    let ko = (ban && empty != 0).then(|| empty.trailing_zeros() as u8);
    let state = State::new(local.start, to_move, ko, false);
    let mut values = Values::default();
    for &(key, index, ..) in &placed {
        values.add(table().entry(key, index).expect("a space of the table"));
    }
    let claim = values.alive();
    let said = if claim { Sum::Alive } else { Sum::Silent };
    let found = survey(Some(table()), &local, &state, &mut ShapeCache::default());
    assert!(
        !claim || found.proves(Goal::Lives),
        "{text} ({ko:?}, {to_move:?}): the sum claims life, the survey does not"
    );
    if found.proves(Goal::Lives) || found.proves(Goal::LivesByKo) {
        let searched = searched(&local, &state);
        for (g, goal) in Goal::ALL.into_iter().enumerate() {
            assert!(
                !found.proves(goal) || searched[g],
                "{text} ({ko:?}, {to_move:?}): the survey proves {goal:?}, the search does not"
            );
        }
    }
    Some(said)
}

/// Two spaces from draws: sizes, picks and positions; the first empty in every other sample
/// (`n` even), where the eyes' values are most often sure.
fn drawn(n: usize, draws: &[u8]) -> [(Key, usize); 2] {
    [0, 1].map(|i| {
        let size = 1 + (n / (i + 1) + draws[i] as usize) % LARGEST;
        let key = key_of(size, n * 31 + draws[2 + i] as usize * 7 + i);
        let cells: Vec<u8> = draws[4 + 5 * i..].iter().copied().take(5).collect();
        let empty = i == 0 && n.is_multiple_of(2);
        (key, if empty { 0 } else { position(key, &cells) })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// On boards of two spaces around one chain, the survey with the sums proves life only
    /// where the search does.
    #[test]
    fn sums_claim_life_only_where_the_search_finds_it(
        n in any::<usize>(),
        draws in prop::collection::vec(any::<u8>(), 16),
        outside in 0..=2usize,
        attacker_first in any::<bool>(),
        ban in any::<bool>(),
    ) {
        let to_move = if attacker_first { Color::White } else { Color::Black };
        compare(drawn(n % 1000, &draws), outside, to_move, ban);
    }
}

/// Over a fixed sample, the sums claim life with each side to move, and each claim is checked
/// against the search.
#[test]
fn the_sums_claim_life_with_each_side_to_move() {
    let mut seen = [0; 2];
    let mut compared = 0;
    for n in 0..400 {
        let draws: Vec<u8> = (0..16).map(|i| (n * 37 + i * 11 + n / 7) as u8).collect();
        let to_move = [Color::White, Color::Black][n / 2 % 2];
        let Some(claim) = compare(drawn(n, &draws), n % 3, to_move, n % 11 == 0) else {
            continue;
        };
        compared += 1;
        seen[n / 2 % 2] += (claim == Sum::Alive) as usize;
    }
    assert!(compared >= 100, "{compared} compared, {seen:?}");
    assert!(seen.iter().all(|&s| s > 0), "{seen:?}");
}
