//! The eye-shape candidates of a group: the areas of at most [`MAX_EYE_SPACE`] points that its
//! wall (its stones and the link points facing outside, its virtual stones) cuts off, less the
//! points next to a virtual stone, each valued in eyes ([`search`](super::search)).

use super::search::{classical_eyes, searched_eyes, SEARCHED_SPACE};
use super::{EyeCandidate, MAX_EYE_SPACE};
use crate::go::graph::{Graph, Point};
use crate::go::rules::Color;
use crate::prove::watch::Watch;

/// The group's eye-shape candidates, and whether it borders open board (an area larger than
/// any eye space) where it may still run or make eyes.
pub(super) fn candidates(
    graph: &Graph,
    live: &[Option<Color>],
    weak: &[bool],
    color: Color,
    stones: &[Point],
    virtual_stones: &[Point],
    watch: &Watch,
) -> (Vec<EyeCandidate>, bool) {
    let n = graph.len();
    let touches_group = |area: &[Point]| {
        area.iter().any(|q| {
            graph
                .neighbours(*q)
                .iter()
                .any(|r| stones.binary_search(r).is_ok())
        })
    };
    // Cut-off areas: empty points and weak enemy chains inside a wall.
    let areas = |wall: &[bool]| -> Vec<Vec<Point>> {
        let open = |p: Point| {
            !wall[p.index()]
                && match live[p.index()] {
                    None => true,
                    Some(c) => c != color && weak[p.index()],
                }
        };
        let mut done = vec![false; n];
        let mut out = Vec::new();
        for p in graph.points() {
            if done[p.index()] || !open(p) {
                continue;
            }
            let area = graph.flood(&[p], open);
            for q in &area {
                done[q.index()] = true;
            }
            out.push(area);
        }
        out
    };
    // The group's stones and the given link points.
    let wall_of = |virtual_stones: &[Point]| {
        let mut wall = vec![false; n];
        for p in stones.iter().chain(virtual_stones) {
            wall[p.index()] = true;
        }
        wall
    };
    // A link point is a virtual stone only where it faces the outside: open board, strong
    // enemy stones or areas that are not the group's. One with nothing but the group's stones
    // and small areas it bounds around it lies inside the eye space and stays part of it.
    let mut faces_out = vec![false; n];
    for area in areas(&wall_of(virtual_stones)) {
        if area.len() > MAX_EYE_SPACE || !touches_group(&area) {
            for q in area {
                faces_out[q.index()] = true;
            }
        }
    }
    let virtual_stones: Vec<Point> = virtual_stones
        .iter()
        .copied()
        .filter(|&v| {
            graph.neighbours(v).iter().any(|&q| {
                faces_out[q.index()] || (live[q.index()] == Some(color.other()) && !weak[q.index()])
            })
        })
        .collect();
    let virtual_stones = &virtual_stones[..];
    let wall = wall_of(virtual_stones);
    let is_virtual = |p: Point| virtual_stones.binary_search(&p).is_ok();
    let mut out = Vec::new();
    let mut room = false;
    for area in areas(&wall) {
        // Only areas the group touches can be its eyes.
        if !touches_group(&area) {
            continue;
        }
        if area.len() > MAX_EYE_SPACE {
            room = true;
            continue;
        }
        // Inner points: not next to a virtual stone.
        let inner: Vec<Point> = area
            .iter()
            .copied()
            .filter(|&q| !graph.neighbours(q).iter().any(|&r| is_virtual(r)))
            .collect();
        let in_inner = |q: Point| inner.binary_search(&q).is_ok();
        let mut taken = vec![false; n];
        for &q in &inner {
            if taken[q.index()] {
                continue;
            }
            let piece = graph.flood(&[q], in_inner);
            for r in &piece {
                taken[r.index()] = true;
            }
            let in_piece = |r: &Point| piece.binary_search(r).is_ok();
            let complete = piece.iter().all(|&r| {
                graph
                    .neighbours(r)
                    .iter()
                    .all(|s| in_piece(s) || (wall[s.index()] && !is_virtual(*s)))
            });
            let searched = (piece.len() <= SEARCHED_SPACE)
                .then(|| searched_eyes(graph, live, color, &piece, complete, watch))
                .flatten();
            let eyes = searched
                .unwrap_or_else(|| classical_eyes(graph, live, color, stones, &piece, complete));
            out.push(EyeCandidate {
                points: piece,
                complete,
                eyes,
            });
        }
    }
    (out, room)
}
