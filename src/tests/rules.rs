//! The rules on other tilings, played out at random.

use crate::go::board::Spec;
use crate::go::graph::Graph;
use crate::go::rules::{bit, Arena, Color, Stones};

/// Random games: how many single-stone captures and how many basic-ko bans they produce.
fn random_captures(g: &Graph, games: usize) -> (usize, usize) {
    let arena = Arena::whole(g).expect("a small board");
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move |n: usize| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((seed >> 33) as usize) % n
    };
    let (mut single, mut bans) = (0, 0);
    for _ in 0..games {
        let mut stones = Stones::default();
        let mut color = Color::Black;
        for _ in 0..4 * g.len() {
            let empty: Vec<u8> = (0..g.len() as u8)
                .filter(|&p| stones.occupied() & bit(p) == 0)
                .collect();
            if empty.is_empty() {
                break;
            }
            let p = empty[next(empty.len())];
            if let Ok(played) = arena.play(&stones, color, p) {
                single += (played.captured.count_ones() == 1) as usize;
                bans += played.ko_ban.is_some() as usize;
                stones = played.after;
            }
            color = color.other();
        }
    }
    (single, bans)
}

/// On the triangle tiling a basic ko cannot happen: the capturing point k and the captured
/// stone j share a neighbour c (every edge lies on a triangle). j alone in atari needs c to
/// be White; then White's stone at k joins c, so it is never a lone stone. The rules agree:
/// thousands of single-stone captures in random games, never a ko ban. The honeycomb, with
/// no triangles, has kos (and so does the square board).
#[test]
fn the_triangle_tiling_has_no_basic_ko() {
    let (single, bans) = random_captures(&Spec::TriHex(4).graph(), 300);
    assert!(single > 1000, "only {single} single-stone captures");
    assert_eq!(bans, 0);
    let (_, hex_bans) = random_captures(&Spec::Hex(3).graph(), 300);
    assert!(hex_bans > 0);
}
