//! The rules of Go on an adjacency graph, over the local area of a fight.
//!
//! The solver never plays on the whole board: [`Arena`] holds only the points that can change
//! (the region, plus stones that could be captured and the stones those captures would free),
//! at most 128 of them, so a position is two `u128` bitboards. What lies outside the arena is
//! fixed; where it gives a chain a liberty forever, the arena records an *anchor*.

use crate::go::graph::Point;

/// A side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    Black,
    White,
}

impl Color {
    pub fn other(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Color::Black => "Black",
            Color::White => "White",
        }
    }
}

/// A local point: an index into an [`Arena`] (0..128).
pub(crate) type Local = u8;

/// A set of local points.
pub(crate) type Bits = u128;

pub(crate) const MAX_LOCAL_POINTS: usize = 128;

#[inline]
pub(crate) fn bit(p: Local) -> Bits {
    1u128 << p
}

/// Whether `set` holds two points or more (cheaper than counting them).
#[inline]
pub(crate) fn several(set: Bits) -> bool {
    set & set.wrapping_sub(1) != 0
}

/// Iterates the points of a set, lowest first.
#[inline]
pub(crate) fn points(mut set: Bits) -> impl Iterator<Item = Local> {
    std::iter::from_fn(move || {
        if set == 0 {
            None
        } else {
            let p = set.trailing_zeros() as Local;
            set &= set - 1;
            Some(p)
        }
    })
}

/// The fixed frame of a fight: local points, their adjacency, what may be played, and which
/// points have a liberty outside the arena that can never be filled.
#[derive(Clone, Debug)]
pub struct Arena {
    /// Board point of each local point.
    pub global: Vec<Point>,
    /// Local neighbours of each local point.
    pub neighbours: Vec<Bits>,
    /// All local points.
    pub all: Bits,
    /// Points a side may play on (the region).
    pub playable: Bits,
    /// `anchor[c]`: a chain of colour `c` containing one of these points can never be captured
    /// (it touches an empty point outside the region, or an uncapturable chain of its colour).
    pub anchor: [Bits; 2],
    /// Set when the local points lie in a grid box laid out row by row (bit `x + y·width`):
    /// neighbours are then four shifts instead of a loop over points.
    pub grid: Option<GridShift>,
}

/// Neighbour shifts for an arena laid out as a grid box.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GridShift {
    pub width: u32,
    /// Points with a west neighbour in the box (not in the first column).
    pub has_west: Bits,
    /// Points with an east neighbour in the box (not in the last column).
    pub has_east: Bits,
}

/// Stones on the arena's points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Stones {
    pub by_color: [Bits; 2],
}

/// What a legal move did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    pub after: Stones,
    /// Stones removed from the board.
    pub captured: Bits,
    /// The point the opponent may not retake at next turn (basic ko), if any.
    pub ko_ban: Option<Local>,
}

/// Why a move is not legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    #[error("the point is outside the region")]
    OutsideRegion,
    #[error("the point is occupied")]
    Occupied,
    #[error("the move would be suicide")]
    Suicide,
}

impl Stones {
    pub fn occupied(&self) -> Bits {
        self.by_color[0] | self.by_color[1]
    }
}

impl Arena {
    /// A whole board as one arena: every point playable, nothing anchored (for boards of at
    /// most 128 points; used to study the rules on a board by itself).
    pub fn whole(graph: &crate::go::graph::Graph) -> Option<Arena> {
        let n = graph.len();
        if n > MAX_LOCAL_POINTS {
            return None;
        }
        let all = if n == MAX_LOCAL_POINTS {
            !0
        } else {
            (1u128 << n) - 1
        };
        Some(Arena {
            global: graph.points().collect(),
            neighbours: graph
                .points()
                .map(|p| {
                    graph
                        .neighbours(p)
                        .iter()
                        .fold(0, |acc, q| acc | bit(q.0 as Local))
                })
                .collect(),
            all,
            playable: all,
            anchor: [0, 0],
            grid: None,
        })
    }

    pub fn len(&self) -> usize {
        self.global.len()
    }

    pub fn is_empty(&self) -> bool {
        self.global.is_empty()
    }

    /// Union of the neighbours of a set (local points only).
    #[inline]
    pub fn adjacent(&self, set: Bits) -> Bits {
        match self.grid {
            Some(g) => {
                (((set & g.has_west) >> 1)
                    | ((set & g.has_east) << 1)
                    | (set >> g.width)
                    | (set << g.width))
                    & self.all
            }
            None => points(set).fold(0, |acc, p| acc | self.neighbours[p as usize]),
        }
    }

    /// The chain through `p` among `own`.
    #[inline]
    pub fn chain(&self, p: Local, own: Bits) -> Bits {
        self.grow(bit(p), own)
    }

    /// Every chain among `own` that meets `seed` (a subset of `own`), together.
    #[inline]
    pub fn grow(&self, seed: Bits, own: Bits) -> Bits {
        let mut chain = seed;
        let mut frontier = chain;
        while frontier != 0 {
            let grown = self.adjacent(frontier) & own & !chain;
            chain |= grown;
            frontier = grown;
        }
        chain
    }

    /// The connected parts of `set` that meet `seeds` (all of them when `seeds` is `set`: the
    /// chains of a set of stones).
    pub fn parts(&self, seeds: Bits, set: Bits) -> impl Iterator<Item = Bits> + '_ {
        let mut rest = seeds & set;
        std::iter::from_fn(move || {
            (rest != 0).then(|| {
                let part = self.chain(rest.trailing_zeros() as Local, set);
                rest &= !part;
                part
            })
        })
    }

    /// Local empty points next to a chain.
    #[inline]
    pub fn liberties(&self, chain: Bits, stones: &Stones) -> Bits {
        self.adjacent(chain) & self.all & !stones.occupied()
    }

    /// Whether a chain of `color` is alive for now: it has a liberty, here or outside forever.
    #[inline]
    fn breathes(&self, chain: Bits, color: Color, stones: &Stones) -> bool {
        chain & self.anchor[color.index()] != 0 || self.liberties(chain, stones) != 0
    }

    /// Plays `color` at `p`: captures, suicide and the basic ko rule (docs/MODEL.md). The caller
    /// enforces an existing ko ban.
    pub fn play(&self, stones: &Stones, color: Color, p: Local) -> Result<Played, IllegalMove> {
        let b = bit(p);
        if self.playable & b == 0 {
            return Err(IllegalMove::OutsideRegion);
        }
        if stones.occupied() & b != 0 {
            return Err(IllegalMove::Occupied);
        }
        let me = color.index();
        let them = color.other().index();
        let mut after = *stones;
        after.by_color[me] |= b;
        let near = self.neighbours[p as usize];
        let mut captured = 0;
        let mut enemies = near & after.by_color[them];
        let empty = self.all & !after.occupied();
        while enemies != 0 {
            let q = enemies.trailing_zeros() as Local;
            // Most neighbours have a liberty of their own: no need to trace their chain.
            if self.neighbours[q as usize] & empty != 0 {
                enemies &= !bit(q);
                continue;
            }
            let chain = self.chain(q, after.by_color[them]);
            enemies &= !chain;
            if !self.breathes(chain, color.other(), &after) {
                captured |= chain;
            }
        }
        after.by_color[them] &= !captured;
        let liberties_here = near & (empty | captured);
        let alone = near & after.by_color[me] == 0;
        let breathes = liberties_here != 0
            || b & self.anchor[me] != 0
            || (!alone && self.breathes(self.chain(p, after.by_color[me]), color, &after));
        if !breathes {
            return Err(IllegalMove::Suicide);
        }
        // Basic ko: exactly one stone taken by a lone stone left with a single liberty.
        let ko_ban = (captured != 0
            && !several(captured)
            && alone
            && b & self.anchor[me] == 0
            && liberties_here != 0
            && !several(liberties_here))
        .then(|| captured.trailing_zeros() as Local);
        Ok(Played {
            after,
            captured,
            ko_ban,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::graph::Graph;

    /// An arena over a whole small square board, every point playable, nothing anchored.
    fn board(w: u8, h: u8) -> (Graph, Arena) {
        let g = Graph::square(w, h);
        let arena = Arena::whole(&g).expect("small board");
        (g, arena)
    }

    /// Parses rows of `X` (black), `O` (white), `.` (empty) into stones.
    fn stones(g: &Graph, rows: &[&str]) -> Stones {
        let mut s = Stones::default();
        for (y, row) in rows.iter().enumerate() {
            for (x, c) in row.chars().enumerate() {
                let p = g.at(x as u8, y as u8).unwrap().0 as Local;
                match c {
                    'X' => s.by_color[0] |= bit(p),
                    'O' => s.by_color[1] |= bit(p),
                    _ => {}
                }
            }
        }
        s
    }

    fn at(g: &Graph, x: u8, y: u8) -> Local {
        g.at(x, y).unwrap().0 as Local
    }

    /// The same arena with shift-based neighbours: the whole board is one grid box.
    fn grid_board(w: u8, h: u8) -> (Graph, Arena) {
        let (g, mut a) = board(w, h);
        let all = a.all;
        let column = |x: u8| (0..h).fold(0, |acc, y| acc | bit(x + y * w));
        a.grid = Some(GridShift {
            width: w as u32,
            has_west: all & !column(0),
            has_east: all & !column(w - 1),
        });
        (g, a)
    }

    #[test]
    fn grid_shifts_agree_with_neighbour_lists() {
        let (_, plain) = board(5, 4);
        let (_, grid) = grid_board(5, 4);
        for set in [
            1u128,
            0b10110,
            1 << 19,
            0xF_FFFF,
            0x8_4210,
            1 << 4 | 1 << 15,
        ] {
            assert_eq!(plain.adjacent(set), grid.adjacent(set), "{set:b}");
        }
    }

    #[test]
    fn single_capture_in_the_corner() {
        let (g, a) = board(3, 3);
        let s = stones(&g, &["OX.", "...", "..."]);
        let r = a.play(&s, Color::Black, at(&g, 0, 1)).unwrap();
        assert_eq!(r.captured, bit(at(&g, 0, 0)));
        assert_eq!(r.after.by_color[1], 0);
        // The capturing stone has two liberties: no ko.
        assert_eq!(r.ko_ban, None);
    }

    #[test]
    fn multi_stone_capture() {
        let (g, a) = board(4, 3);
        let s = stones(&g, &["OOX.", "XX..", "...."]);
        let r = a.play(&s, Color::Black, at(&g, 2, 0)).unwrap_err();
        assert_eq!(r, IllegalMove::Occupied);
        let s = stones(&g, &["OO.X", "XX..", "...."]);
        let r = a.play(&s, Color::Black, at(&g, 2, 0)).unwrap();
        assert_eq!(r.captured.count_ones(), 2);
        assert_eq!(r.ko_ban, None);
    }

    #[test]
    fn suicide_is_illegal_but_capturing_is_not() {
        let (g, a) = board(3, 3);
        let s = stones(&g, &[".X.", "X..", "..."]);
        assert_eq!(
            a.play(&s, Color::White, at(&g, 0, 0)),
            Err(IllegalMove::Suicide)
        );
        // Multi-stone suicide too.
        let s = stones(&g, &["O.X", "XX.", "..."]);
        assert_eq!(
            a.play(&s, Color::White, at(&g, 1, 0)),
            Err(IllegalMove::Suicide)
        );
        // Filling its own last liberty is fine when it captures.
        let s = stones(&g, &[".XO", "XO.", "O.."]);
        let r = a.play(&s, Color::White, at(&g, 0, 0)).unwrap();
        assert_eq!(r.captured.count_ones(), 2);
    }

    #[test]
    fn ko_capture_sets_a_ban_and_recapture_is_possible() {
        // . X O .
        // X O . O
        // . X O .
        let (g, a) = board(4, 3);
        let s = stones(&g, &[".XO.", "XO.O", ".XO."]);
        let r = a.play(&s, Color::Black, at(&g, 2, 1)).unwrap();
        assert_eq!(r.captured, bit(at(&g, 1, 1)));
        assert_eq!(r.ko_ban, Some(at(&g, 1, 1)));
        // The recapture is itself a ko capture.
        let back = a.play(&r.after, Color::White, at(&g, 1, 1)).unwrap();
        assert_eq!(back.ko_ban, Some(at(&g, 2, 1)));
    }

    #[test]
    fn snapback_is_not_ko() {
        // X . . O X .   Black throws in at c3; White takes it with a chain, not a lone
        // X O O O X .   stone, so there is no ban and Black takes five back at once.
        // X X X X X .
        let (g, a) = board(6, 3);
        let s = stones(&g, &["X..OX.", "XOOOX.", "XXXXX."]);
        let throw_in = a.play(&s, Color::Black, at(&g, 2, 0)).unwrap();
        assert_eq!(throw_in.captured, 0);
        let take = a.play(&throw_in.after, Color::White, at(&g, 1, 0)).unwrap();
        assert_eq!(take.captured, bit(at(&g, 2, 0)));
        assert_eq!(take.ko_ban, None);
        let snap = a.play(&take.after, Color::Black, at(&g, 2, 0)).unwrap();
        assert_eq!(snap.captured.count_ones(), 5);
        assert_eq!(snap.ko_ban, None);
    }

    #[test]
    fn anchored_chain_is_never_captured() {
        let (g, mut a) = board(3, 1);
        let s = stones(&g, &["O.."]);
        a.anchor[1] = bit(at(&g, 0, 0));
        let r = a.play(&s, Color::Black, at(&g, 1, 0)).unwrap();
        assert_eq!(r.captured, 0);
    }

    #[test]
    fn only_region_points_are_playable() {
        let (g, mut a) = board(3, 1);
        a.playable = bit(at(&g, 0, 0));
        assert_eq!(
            a.play(&Stones::default(), Color::Black, at(&g, 1, 0)),
            Err(IllegalMove::OutsideRegion)
        );
    }
}
