//! The board split into groups: chains of one colour joined where the other side cannot cut
//! them, as a player joins them at a glance.
//!
//! Two chains of one colour are one group when
//! * they share two liberties: a move at one is answered by connecting at the other;
//! * they share a liberty where a stone of the other colour would capture nothing and be left
//!   with at most one liberty (an eye, or a tiger's mouth): it would be taken at once;
//! * they both border an empty area that only their colour borders (an eye or a territory of
//!   theirs), and none of the chains around it is short of liberties (a chain in atari there
//!   makes the eye false): to cut them the other side would have to live inside.
//!
//! The joins are transitive: a group is a class of chains under them.

use crate::go::chains::{Chain, Chains};
use crate::go::graph::{Graph, Point};
use crate::go::rules::Color;

/// A group: chains joined where they cannot be cut.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Group {
    pub color: Color,
    /// Its chains, by index into the board's chains.
    pub chains: Vec<usize>,
    /// Its stones, sorted.
    pub stones: Vec<Point>,
}

/// Every chain of the board and the groups they make, groups in the order of their first
/// stones.
pub(crate) fn split(graph: &Graph, stones: &[Option<Color>]) -> (Vec<Chain>, Vec<Group>) {
    let board = Chains::new(graph, stones);
    let chains = board.all();
    let mut owner = vec![usize::MAX; graph.len()];
    for (i, c) in chains.iter().enumerate() {
        for s in &c.stones {
            owner[s.index()] = i;
        }
    }
    let mut parent: Vec<usize> = (0..chains.len()).collect();
    let mut join = |a: usize, b: usize| {
        let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
        parent[ra] = rb;
    };
    // Shared liberties: two, or one the other side cannot hold.
    for (i, a) in chains.iter().enumerate() {
        for (j, b) in chains.iter().enumerate().skip(i + 1) {
            if a.color != b.color {
                continue;
            }
            let shared: Vec<Point> = a
                .liberties
                .iter()
                .filter(|l| b.liberties.binary_search(l).is_ok())
                .copied()
                .collect();
            if shared.len() >= 2 || shared.iter().any(|&l| untenable(board, l, a.color)) {
                join(i, j);
            }
        }
    }
    // Eyes and territories of one colour.
    let mut seen = vec![false; graph.len()];
    for p in graph.points() {
        if stones[p.index()].is_some() || seen[p.index()] {
            continue;
        }
        let area = board.chain(p);
        for q in &area {
            seen[q.index()] = true;
        }
        let mut around: Vec<usize> = area
            .iter()
            .flat_map(|&q| graph.neighbours(q))
            .filter(|q| stones[q.index()].is_some())
            .map(|q| owner[q.index()])
            .collect();
        around.sort_unstable();
        around.dedup();
        let one_colour = around
            .windows(2)
            .all(|w| chains[w[0]].color == chains[w[1]].color);
        let sound = around.iter().all(|&c| chains[c].liberties.len() >= 2);
        if one_colour && sound {
            for w in around.windows(2) {
                join(w[0], w[1]);
            }
        }
    }
    let mut members: Vec<Vec<usize>> = vec![Vec::new(); chains.len()];
    for i in 0..chains.len() {
        members[root(&mut parent, i)].push(i);
    }
    let mut groups: Vec<Group> = members
        .into_iter()
        .filter(|m| !m.is_empty())
        .map(|m| {
            let mut stones: Vec<Point> = m.iter().flat_map(|&i| chains[i].stones.clone()).collect();
            stones.sort();
            Group {
                color: chains[m[0]].color,
                chains: m,
                stones,
            }
        })
        .collect();
    groups.sort_by_key(|g| g.stones[0]);
    (chains, groups)
}

fn root(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

/// Whether a stone of the other colour than `color` at the empty point `p` would capture
/// nothing and be left with at most one liberty.
pub(super) fn untenable(board: Chains, p: Point, color: Color) -> bool {
    let mut after = board.stones().to_vec();
    after[p.index()] = Some(color.other());
    let played = Chains::new(board.graph(), &after);
    let captures =
        board.graph().neighbours(p).iter().any(|&q| {
            after[q.index()] == Some(color) && played.liberties(&played.chain(q)).is_empty()
        });
    !captures && played.liberties(&played.chain(p)).len() <= 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::Setup;

    fn split_diagram(rows: &[&str]) -> (Graph, Vec<Group>) {
        let setup = Setup::from_diagram(rows);
        let stones = setup.stones().unwrap();
        let (_, groups) = split(&setup.graph, &stones);
        (setup.graph, groups)
    }

    #[test]
    fn chains_join_through_two_liberties_and_a_tigers_mouth() {
        // A bamboo joint (A9 B9 and A7 B7: two liberties in common), a tiger's mouth (E5 G5
        // F4 around F5: White there would keep one liberty), and two stones one liberty apart
        // that White can cut at C2 (B2, D2). White's J1 keeps the open board from being
        // Black's territory.
        let (g, groups) = split_diagram(&[
            "XX.......",
            ".........",
            "XX.......",
            ".........",
            "....X.X..",
            ".....X...",
            ".........",
            ".X.X.....",
            "........O",
        ]);
        let black: Vec<Vec<String>> = groups
            .iter()
            .filter(|gr| gr.color == Color::Black)
            .map(|gr| gr.stones.iter().map(|&p| g.label(p)).collect())
            .collect();
        assert_eq!(
            black,
            [
                vec!["A9", "B9", "A7", "B7"],
                vec!["E5", "G5", "F4"],
                vec!["B2"],
                vec!["D2"]
            ]
        );
        let white = groups.iter().filter(|gr| gr.color == Color::White).count();
        assert_eq!(white, 1);
    }

    #[test]
    fn a_false_eye_does_not_join_a_true_one_does() {
        // The eye at C3 between White's B3 and its C2 D2 D3: B3 is in atari there (Black at
        // A3 and B2), so Black captures at C3, and the chains stay apart.
        let white = |rows: &[&str]| {
            let (_, groups) = split_diagram(rows);
            groups.iter().filter(|g| g.color == Color::White).count()
        };
        assert_eq!(white(&["XO.O.", ".XOO.", "....."]), 2);
        // With a liberty of its own at A3, B3 is no longer in atari: one group.
        assert_eq!(white(&[".O.O.", ".XOO.", "....."]), 1);
    }
}
