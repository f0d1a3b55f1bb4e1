//! How many eyes one eye space is worth with each side to play there first: small spaces by
//! playing them out alone with their boundary fixed ([`searched_eyes`]), larger ones (and small
//! ones whose play passes its budget) by their classical shape ([`classical_eyes`]).

use super::Eyes;
use crate::go::graph::{Graph, Point};
use crate::go::rules::{points, Arena, Color, Local, Stones};
use crate::prove::watch::Watch;
use hashbrown::HashMap;
use std::collections::BTreeSet;

/// Eye spaces of at most this many points are valued by [`searched_eyes`]; larger ones by
/// their shape ([`classical_eyes`]).
pub(super) const SEARCHED_SPACE: usize = 9;

/// At most this many points in such a search: the space and the chains played with.
const SEARCHED_ARENA: usize = 14;

/// Positions one space's search may visit; past them, the space is valued by its shape. A
/// space of nine points with chains to capture around it can take millions.
const SEARCH_BUDGET: usize = 200_000;

/// Eyes of an empty, completely bounded eye space by its shape: the classical eye shapes.
/// `adj[i]` lists the neighbours of point `i` inside the space.
fn shape_eyes(adj: &[Vec<usize>]) -> Eyes {
    let n = adj.len();
    let degree: Vec<usize> = adj.iter().map(Vec::len).collect();
    let max_degree = degree.iter().copied().max().unwrap_or(0);
    let settled = |e: u8| Eyes {
        attacker_first: e,
        defender_first: e,
    };
    let vital = Eyes {
        attacker_first: 1,
        defender_first: 2,
    };
    // A 2x2 block: four points each next to two others among them.
    let has_square = (0..n).any(|a| {
        adj[a].iter().any(|&b| {
            adj[a]
                .iter()
                .any(|&c| c != b && adj[b].iter().any(|&d| d != a && adj[c].contains(&d)))
        })
    });
    match n {
        0..=2 => settled(1),
        // Straight or bent three: the middle point decides.
        3 => vital,
        // Square four is one eye; pyramid four has a vital point; straight and bent four live.
        4 if has_square => settled(1),
        4 if max_degree == 3 => vital,
        // Bulky five (a square plus one) and the cross have a vital point.
        5 if has_square || max_degree == 4 => vital,
        // Rabbity six: a point next to four others.
        6 if max_degree == 4 => vital,
        _ => settled(2),
    }
}

/// Eyes of a large eye space by its classical shape (complete boundary) or by one-eye
/// reachability (open boundary).
pub(super) fn classical_eyes(
    graph: &Graph,
    live: &[Option<Color>],
    color: Color,
    stones: &[Point],
    piece: &[Point],
    complete: bool,
) -> Eyes {
    let in_piece = |r: &Point| piece.binary_search(r).is_ok();
    if !complete {
        // One-eye reachability: a point with every neighbour the group's or the piece's can
        // be closed into one eye.
        let reach = piece.iter().any(|&r| {
            live[r.index()].is_none()
                && graph
                    .neighbours(r)
                    .iter()
                    .all(|s| in_piece(s) || stones.binary_search(s).is_ok())
        });
        // An enemy stone on the boundary can push in: then no eye is sure.
        let pressed = piece.iter().any(|&r| {
            graph
                .neighbours(r)
                .iter()
                .any(|s| live[s.index()] == Some(color.other()) && !in_piece(s))
        });
        return Eyes {
            attacker_first: 0,
            defender_first: u8::from(reach && !pressed),
        };
    }
    let index = |r: &Point| piece.binary_search(r).ok();
    let adj: Vec<Vec<usize>> = piece
        .iter()
        .map(|&r| graph.neighbours(r).iter().filter_map(index).collect())
        .collect();
    let shape = shape_eyes(&adj);
    // Weak enemy stones inside are captured in the end, so the shape counts with their
    // points; but one on a vital point has already taken it.
    let most = adj.iter().map(Vec::len).max().unwrap_or(0);
    let on_vital = piece
        .iter()
        .zip(&adj)
        .any(|(r, a)| a.len() == most && live[r.index()] == Some(color.other()));
    if on_vital {
        Eyes {
            attacker_first: shape.attacker_first,
            defender_first: shape.attacker_first,
        }
    } else {
        shape
    }
}

/// Eyes of a small eye space by exhaustive play inside it alone: its boundary is fixed (the
/// defender's stones there can never be captured, enemy stones are the attacker's), both sides
/// play or pass in the space with captures and the ko rule, and when both pass each connected
/// empty part touching only the defender is one eye. This is eye-shape analysis of the space,
/// not a search of the fight: the group itself is taken as safe.
///
/// An open space (`complete` false) is the paper's one-eye reachability: the attacker, first,
/// breaks in through the open boundary; the defender, first, closes it (its empty points
/// outside count as the defender's) and gets at most one eye.
///
/// `None` when the search passes its budget ([`SEARCH_BUDGET`] positions) or a limit of
/// `watch` passes.
pub(super) fn searched_eyes(
    graph: &Graph,
    live: &[Option<Color>],
    color: Color,
    piece: &[Point],
    complete: bool,
    watch: &Watch,
) -> Option<Eyes> {
    // Chains around the space that breathe only inside it are not fixed: they are played
    // with (captured, or taken back into the space), as long as the space stays small.
    let mut local: BTreeSet<Point> = piece.iter().copied().collect();
    for &r in piece {
        for &s in graph.neighbours(r) {
            let Some(c) = live[s.index()] else { continue };
            if local.contains(&s) {
                continue;
            }
            let chain = graph.flood(&[s], |q| live[q.index()] == Some(c));
            let inside = chain.iter().all(|&q| {
                graph
                    .neighbours(q)
                    .iter()
                    .all(|t| live[t.index()].is_some() || piece.binary_search(t).is_ok())
            });
            if inside && local.len() + chain.len() <= SEARCHED_ARENA {
                local.extend(chain);
            }
        }
    }
    let local: Vec<Point> = local.into_iter().collect();
    let (arena, start) = super::local_arena(
        graph,
        &local,
        |r| live[r.index()],
        |s| {
            let defenders =
                live[s.index()] == Some(color) || !complete && live[s.index()].is_none();
            let mut anchor = [false; 2];
            anchor[if defenders { color } else { color.other() }.index()] = true;
            anchor
        },
    );
    if watch.exceeded().is_some() {
        return None;
    }
    let mut search = EyeSearch {
        arena: &arena,
        defender: color,
        memo: HashMap::new(),
        whole: HashMap::new(),
        left: SEARCH_BUDGET,
        watch,
    };
    let depth = 2 * local.len() as u8 + 4;
    let defender_first = search.value((start, color, None, false), depth);
    let eyes = if complete {
        Eyes {
            attacker_first: search.value((start, color.other(), None, false), depth),
            defender_first,
        }
    } else {
        Eyes {
            attacker_first: 0,
            defender_first: defender_first.min(1),
        }
    };
    (search.left > 0).then_some(eyes)
}

/// A position of the eye search: stones, side to move, banned point, last move a pass.
type Node = (Stones, Color, Option<Local>, bool);

struct EyeSearch<'a> {
    arena: &'a Arena,
    defender: Color,
    /// Answers the depth bound cut short, by position, depth and goal.
    memo: HashMap<(Node, u8, u8), bool>,
    /// Answers the depth bound never cut short, by position and goal, with the least depth
    /// they were found at: they hold at every greater depth, where the same moves meet the
    /// same answers. Without this, a position reached at many depths is searched at each.
    whole: HashMap<(Node, u8), (u8, bool)>,
    /// Positions the search may still visit; at 0 every answer is worthless.
    left: usize,
    /// Looked at every [`WATCH_EVERY`] positions: a limit passing ends the search as its
    /// budget does.
    watch: &'a Watch,
}

/// Positions the eye search visits between two looks at the watch: about a millisecond.
const WATCH_EVERY: usize = 1024;

impl EyeSearch<'_> {
    /// Eyes (0 to 2) the defender makes from `node`. The depth bound ends cycles of captures
    /// (long kos count as settled as they are). Two yes-or-no searches find it: they cut off
    /// far more moves than one search for the number.
    fn value(&mut self, node: Node, depth: u8) -> u8 {
        if !self.reaches(node, depth, 1).0 {
            0
        } else if self.reaches(node, depth, 2).0 {
            2
        } else {
            1
        }
    }

    /// Whether the defender makes at least `goal` eyes from `node`, and whether the depth
    /// bound never cut the search short.
    fn reaches(&mut self, node: Node, depth: u8, goal: u8) -> (bool, bool) {
        if let Some(&(least, r)) = self.whole.get(&(node, goal)) {
            if least <= depth {
                return (r, true);
            }
        }
        if let Some(&r) = self.memo.get(&(node, depth, goal)) {
            return (r, false);
        }
        if self.left.is_multiple_of(WATCH_EVERY) && self.watch.exceeded().is_some() {
            self.left = 0;
        }
        if self.left == 0 {
            return (false, false);
        }
        self.left -= 1;
        let (stones, to_move, ko, passed) = node;
        let defending = to_move == self.defender;
        let mut whole = depth > 0;
        // The eyes as the stones stand once nothing more is searched or just after a pass;
        // else passing, which ends the game if the other side passes too.
        let mut reached = if passed || depth == 0 {
            self.settled_eyes(&stones) >= goal
        } else {
            let (r, w) = self.reaches((stones, to_move.other(), None, true), depth - 1, goal);
            whole &= w;
            r
        };
        // The defender needs one move that reaches the goal, the attacker one that does not.
        if depth > 0 && reached != defending {
            let empty = self.arena.all & !stones.occupied();
            for p in points(empty) {
                if Some(p) == ko {
                    continue;
                }
                let Ok(played) = self.arena.play(&stones, to_move, p) else {
                    continue;
                };
                let child = (played.after, to_move.other(), played.ko_ban, false);
                let (r, w) = self.reaches(child, depth - 1, goal);
                whole &= w;
                if r == defending {
                    reached = r;
                    break;
                }
            }
        }
        if whole {
            self.whole.insert((node, goal), (depth, reached));
        } else {
            self.memo.insert((node, depth, goal), reached);
        }
        (reached, whole)
    }

    /// Eyes as the stones stand: connected parts of the points without a defender stone that
    /// are empty and touch nothing of the attacker's outside, at most two.
    fn settled_eyes(&self, stones: &Stones) -> u8 {
        let attacker = self.defender.other().index();
        let open = self.arena.all & !stones.by_color[self.defender.index()];
        let mut rest = open;
        let mut eyes = 0;
        while rest != 0 {
            let part = self.arena.chain(rest.trailing_zeros() as Local, open);
            rest &= !part;
            if part & (stones.by_color[attacker] | self.arena.anchor[attacker]) == 0 {
                eyes += 1;
            }
        }
        eyes.min(2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::eye_shapes::of_board;
    use crate::problem::Setup;

    /// The eyes of the black group's candidate in the top left corner of a diagram (black
    /// `X`, white `O`).
    fn eyes_of(rows: &[&str]) -> Eyes {
        let s = Setup::from_diagram(rows);
        let mut stones = vec![None; s.graph.len()];
        for p in &s.black {
            stones[p.index()] = Some(Color::Black);
        }
        for p in &s.white {
            stones[p.index()] = Some(Color::White);
        }
        let a = of_board(&s.graph, &stones);
        let g = a.group_of(s.black[0]).expect("a black group");
        let corner = s.graph.at(0, 0).expect("a corner");
        let c = g
            .candidates
            .iter()
            .find(|c| c.points.contains(&corner))
            .expect("a candidate in the corner");
        assert!(c.complete);
        c.eyes
    }

    fn eyes(attacker_first: u8, defender_first: u8) -> Eyes {
        Eyes {
            attacker_first,
            defender_first,
        }
    }

    #[test]
    fn small_eye_spaces_are_played_out_to_their_classical_values() {
        // The black walls have liberties outside, so only the space is fought over.
        // Straight three: the middle point decides.
        assert_eq!(eyes_of(&["...X..", "XXXX..", "......"]), eyes(1, 2));
        // The killing stone already on it: one eye whoever plays.
        assert_eq!(eyes_of(&[".O.X..", "XXXX..", "......"]), eyes(1, 1));
        // Square four: one eye.
        assert_eq!(eyes_of(&["..X..", "..X..", "XXX..", "....."]), eyes(1, 1));
        // Straight four: two eyes.
        assert_eq!(eyes_of(&["....X..", "XXXXX..", "......."]), eyes(2, 2));
        // Pyramid four on the edge: the middle decides.
        assert_eq!(
            eyes_of(&["...X..", "X.XX..", "XXX...", "......"]),
            eyes(1, 2)
        );
        // Bulky five: the vital point decides.
        assert_eq!(
            eyes_of(&["...X..", "..XX..", "XXX...", "......"]),
            eyes(1, 2)
        );
        // Enclosed with no liberty outside, the attacker first fills the space and captures.
        assert_eq!(eyes_of(&["...XO", "XXXXO", "OOOOO"]), eyes(0, 2));
    }
}
