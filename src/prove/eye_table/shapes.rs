//! Eye spaces as keys: a set of grid cells, each marked by whether it touches the enclosing
//! chain, up to the eight symmetries of the grid.
//!
//! The game inside an eye space depends only on which of its cells are neighbours and which
//! touch the enclosing chain, so that is the key. A cell of a space in the open touches the
//! chain wherever it has a neighbour outside the space; on the edge or in the corner a cell
//! may have none, and is then unmarked. [`all`] lists the spaces one chain can enclose: every
//! polyomino of at most `max` cells placed in the open, along an edge and in a corner, when
//! the points around it form one connected piece (else no single chain could hold them all).

use hashbrown::HashSet;

/// Most cells of a key: coordinates are kept in a box of this width.
pub(crate) const MAX_CELLS: usize = 10;

/// Bits of the box: cell `(x, y)` is bit `x + y·MAX_CELLS`; above them, one mark per cell, in
/// the order of their bits.
const BOX: usize = MAX_CELLS * MAX_CELLS;

/// A canonical eye space: the cells' bits and, above [`BOX`], their marks.
pub(crate) type Key = u128;

/// A map of the grid's cells.
type Symmetry = fn(i32, i32) -> (i32, i32);

/// The eight symmetries of the grid.
const SYMMETRIES: [Symmetry; 8] = [
    |x, y| (x, y),
    |x, y| (-x, y),
    |x, y| (x, -y),
    |x, y| (-x, -y),
    |x, y| (y, x),
    |x, y| (-y, x),
    |x, y| (y, -x),
    |x, y| (-y, -x),
];

/// The key of cells placed anywhere, each with its mark, under one symmetry: translated to the
/// box's corner. With it, where each cell went (its rank in the key's order).
fn placed(cells: &[(i32, i32, bool)], symmetry: Symmetry) -> (Key, [u8; MAX_CELLS]) {
    let mut moved = [(0i32, 0i32); MAX_CELLS];
    for (m, &(x, y, _)) in moved.iter_mut().zip(cells) {
        *m = symmetry(x, y);
    }
    let moved = &moved[..cells.len()];
    let x0 = moved.iter().map(|c| c.0).min().unwrap_or(0);
    let y0 = moved.iter().map(|c| c.1).min().unwrap_or(0);
    let bit = |&(x, y): &(i32, i32)| ((x - x0) + (y - y0) * MAX_CELLS as i32) as usize;
    let cells_bits = moved.iter().fold(0u128, |acc, c| acc | 1u128 << bit(c));
    let mut rank = [0u8; MAX_CELLS];
    let mut marks = 0u128;
    for (i, (c, &(_, _, mark))) in moved.iter().zip(cells).enumerate() {
        let r = (cells_bits & ((1u128 << bit(c)) - 1)).count_ones();
        rank[i] = r as u8;
        marks |= (mark as u128) << (BOX as u32 + r);
    }
    (cells_bits | marks, rank)
}

/// The canonical key of an eye space (the least over the symmetries), and each given cell's
/// rank among the key's cells. At most [`MAX_CELLS`] cells.
pub(crate) fn canonical(cells: &[(i32, i32, bool)]) -> (Key, [u8; MAX_CELLS]) {
    SYMMETRIES
        .iter()
        .map(|&s| placed(cells, s))
        .min_by_key(|&(key, _)| key)
        .expect("eight symmetries")
}

/// A key's cells in their order: coordinates and marks.
pub(crate) fn cells(key: Key) -> Vec<(i32, i32, bool)> {
    (0..BOX)
        .filter(|&b| key >> b & 1 == 1)
        .enumerate()
        .map(|(rank, b)| {
            let mark = key >> (BOX + rank) & 1 == 1;
            ((b % MAX_CELLS) as i32, (b / MAX_CELLS) as i32, mark)
        })
        .collect()
}

const STEPS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

/// Every fixed polyomino of `n` cells, translated to the origin, for `n` in `1..=max`.
fn polyominoes(max: usize) -> Vec<Vec<(i32, i32)>> {
    let normal = |cells: &mut Vec<(i32, i32)>| {
        let x0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
        let y0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
        for c in cells.iter_mut() {
            *c = (c.0 - x0, c.1 - y0);
        }
        cells.sort_unstable();
    };
    let mut all = Vec::new();
    let mut size: Vec<Vec<(i32, i32)>> = vec![vec![(0, 0)]];
    for _ in 1..=max {
        all.extend(size.iter().cloned());
        let mut next: HashSet<Vec<(i32, i32)>> = HashSet::new();
        for p in &size {
            for &(x, y) in p {
                for (dx, dy) in STEPS {
                    let c = (x + dx, y + dy);
                    if !p.contains(&c) {
                        let mut grown = p.clone();
                        grown.push(c);
                        normal(&mut grown);
                        next.insert(grown);
                    }
                }
            }
        }
        size = next.into_iter().collect();
        size.sort_unstable();
    }
    all
}

/// The polyomino `cells` placed `(dx, dy)` from the corner of a board whose edges are the
/// lines x = −1 and y = −1, marked, if the points around it are connected.
fn enclosed(cells: &[(i32, i32)], dx: i32, dy: i32) -> Option<Vec<(i32, i32, bool)>> {
    let cells: Vec<(i32, i32)> = cells.iter().map(|&(x, y)| (x + dx, y + dy)).collect();
    let w = cells.iter().map(|c| c.0).max()? + 2;
    let h = cells.iter().map(|c| c.1).max()? + 2;
    let on_board = |(x, y): (i32, i32)| x >= 0 && y >= 0;
    // The points of the window [0, w] × [0, h] outside the space: one piece?
    let outside: Vec<(i32, i32)> = (0..=w)
        .flat_map(|x| (0..=h).map(move |y| (x, y)))
        .filter(|c| !cells.contains(c))
        .collect();
    let mut seen = vec![outside[0]];
    let mut stack = vec![outside[0]];
    while let Some((x, y)) = stack.pop() {
        for (sx, sy) in STEPS {
            let c = (x + sx, y + sy);
            if outside.contains(&c) && !seen.contains(&c) {
                seen.push(c);
                stack.push(c);
            }
        }
    }
    (seen.len() == outside.len()).then(|| {
        cells
            .iter()
            .map(|&(x, y)| {
                let mark = STEPS.iter().any(|&(sx, sy)| {
                    let c = (x + sx, y + sy);
                    on_board(c) && !cells.contains(&c)
                });
                (x, y, mark)
            })
            .collect()
    })
}

/// Every eye space of at most `max` cells one chain can enclose, in the open, on an edge or in
/// a corner: their canonical keys, ascending.
pub(crate) fn all(max: usize) -> Vec<Key> {
    let mut keys: HashSet<Key> = HashSet::new();
    for p in polyominoes(max.min(MAX_CELLS)) {
        for (dx, dy) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
            if let Some(space) = enclosed(&p, dx, dy) {
                keys.insert(canonical(&space).0);
            }
        }
    }
    let mut keys: Vec<Key> = keys.into_iter().collect();
    keys.sort_unstable();
    keys
}

/// Contents a key's cells can hold: a marked cell is empty or the attacker's (a defender stone
/// there would be part of the enclosing chain), an unmarked one empty, the attacker's or the
/// defender's. The number of positions, counted in this mixed radix.
pub(crate) fn positions(key: Key) -> usize {
    let (n, marked) = size(key);
    2usize.pow(marked) * 3usize.pow(n - marked)
}

/// A key's number of cells, and of marked ones.
pub(crate) fn size(key: Key) -> (u32, u32) {
    let cells = (key & ((1 << BOX) - 1)).count_ones();
    (cells, (key >> BOX).count_ones())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_of_the_small_spaces() {
        // One and two cells: every cell touches the chain wherever they lie.
        let keys = all(3);
        let sizes: Vec<usize> = keys.iter().map(|&k| cells(k).len()).collect();
        assert_eq!(sizes.iter().filter(|&&n| n == 1).count(), 1);
        assert_eq!(sizes.iter().filter(|&&n| n == 2).count(), 1);
        // Straight and bent three, and the bent three in the corner, whose corner cell
        // touches no chain.
        assert_eq!(sizes.iter().filter(|&&n| n == 3).count(), 3);
    }

    #[test]
    fn a_key_is_the_same_under_every_symmetry() {
        let l = [(0, 0, true), (0, 1, false), (0, 2, true), (1, 2, true)];
        let key = canonical(&l).0;
        for s in SYMMETRIES {
            let moved: Vec<(i32, i32, bool)> = l
                .iter()
                .map(|&(x, y, m)| {
                    let (x, y) = s(x, y);
                    (x + 5, y - 3, m)
                })
                .collect();
            assert_eq!(canonical(&moved).0, key);
        }
        assert_eq!(canonical(&cells(key)).0, key);
    }
}
