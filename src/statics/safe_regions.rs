//! Safe regions (after Müller, "Playing it safe: recognizing secure territories in computer
//! Go by using static rules and search"): static life much stronger than pass-alive.
//!
//! Benson's algorithm ([`crate::statics::benson::pass_alive`]) counts a region for a chain
//! only when every empty point of it is already a liberty of the chain. Here a small sealed region
//! also counts for every chain around it when a local search proves that the defender keeps it by
//! answering there: for each attacker move in the region there is a reply in the region (or a pass)
//! such that, in the end, the region holds an eye of every chain around it.
//!
//! **The local game** of a sealed region R (no attacker anchor, no empty point outside the
//! fight) is played on R and the defender stones around it (the *border*), which count as
//! uncapturable; border stones of one chain are joined, so they share their liberties in R.
//! The attacker moves first, anywhere in R, retaking any ko (it always has a threat); the
//! defender answers in R, obeying every ban (it never has one), or passes. The defender wins
//! the local game when, after its answer (or at the start), the region is *settled*: every
//! defender stone in it is pass-alive on the local game's board, and each border chain has a
//! sealed empty part of R all of whose empty points are its liberties (an *eye*). It loses
//! if a border chain is left without a liberty in R after its own turn, or a position repeats,
//! or the search gives up (depth or budget). A border chain's liberties here are those of the
//! chain it forms with the defender stones joined to it in R: joined on the local board, they
//! are joined on the real one. A win is a finite strategy tree: repetitions count as losses,
//! so it never leans on play going on forever, nor on winning a ko.
//!
//! **The combination** is Benson's fixpoint with these regions added: a chain stays while it
//! has two counted regions (Benson-vital or safe by search); a region drops out when it borders
//! a chain that dropped out. If every target stone ends in a kept chain, the state is worth
//! exactly 1, for every choice of the model's parameters. The defender's strategy: when the
//! attacker plays in a safe region that is not yet settled, answer there as the local proof
//! says; otherwise pass. Proof:
//!
//! * *No kept chain is ever captured.* Take the first capture of a kept chain c, or of a
//!   defender stone inside a safe region, by an attacker move at p. A stone inside a safe
//!   region: before the region settles, the local proof (borders uncapturable, which holds
//!   until this first capture) never loses one that matters, and after it settles, Benson's
//!   argument on the local board shows that no attacker move captures it. A kept chain c has two
//!   counted regions, and p lies in at most one of them; the other still gives c a liberty: a
//!   Benson-vital region cannot be filled by the attacker (its last stone would have no
//!   liberty, as in [`crate::statics::benson::pass_alive`]); a safe region that is not
//!   settled was last changed by the defender's answer, after which c has a liberty in it; a
//!   settled one has an eye of c that the attacker can never fill (same argument). In the local
//!   game the attacker's moves are exactly those of the real game: its stones in R breathe only in
//!   R, and a move filling c's last liberty in R is suicide in both (c breathes elsewhere).
//! * *The game ends, with the target on the board.* Each safe region sees finitely many
//!   attacker moves before it settles (its proof is a finite tree); attacker stones outside
//!   unsettled safe regions are never captured (the defender only plays inside those regions,
//!   and a region is bounded by defender stones), so each such move fills a point for good.
//!   The attacker soon has only a pass left; the defender's pass after it ends the game alive.
//!   The ko rules enter only the local game, where the defender never uses a threat and the
//!   attacker may always retake; the real game gives the defender at least that.
//!
//! Nothing here guesses: a region the search cannot settle within its budget simply does not
//! count, and the state is left to the search (which does not ask the same position of that
//! region again). The defender's answers next to the attacker's move are tried first and the
//! pass last: where the answer that keeps a region is, most of the time.

use crate::go::rules::{bit, points, Arena, Bits, Color, Local, Stones};
use crate::problem::LocalProblem;
use crate::statics::benson::{alive_in, alive_with, Benson, Split};
use crate::statics::liberty_pairs::{alive_by_pairs, Pairs};
use hashbrown::{HashMap, HashSet};

/// Largest region (points, stones included) searched; a larger one simply does not count.
const MAX_REGION: u32 = 9;
/// Most positions one local search may visit.
const BUDGET: u32 = 600;
/// Longest local line, in moves.
const MAX_DEPTH: u32 = 14;

/// The safe-region test, with the local games it has already played: a position won or lost
/// in a region's local game is won or lost whenever that region comes up again.
#[derive(Default)]
pub(crate) struct Safety {
    games: Games,
    /// Buffers for the whole arena's Benson test.
    benson: Benson,
    /// Buffers for the test by pairs of liberties.
    pairs: Pairs,
    /// The regions the local games were asked about in one test, and their verdicts.
    verdicts: Vec<(Bits, bool)>,
    /// The position the test reads, read once for all its rules.
    split: Split,
}

/// The local games played, by region, then by border chains (arena points): looked up
/// without building a key.
#[derive(Default)]
struct Games {
    by_region: HashMap<Bits, Vec<Memo>>,
    /// Buffers for the local boards' Benson tests.
    benson: Benson,
}

/// A local game and what is known of its positions (on its own board, attacker to move).
struct Memo {
    chains: Vec<Bits>,
    game: RegionGame,
    known: HashMap<Stones, RegionEnd>,
    /// Starting positions whose search gave up (repetition, depth or budget): not searched
    /// again, where a second search would mostly give up the same way.
    gave_up: HashSet<Stones>,
}

impl Safety {
    /// Whether every target stone is in a chain kept alive by Benson's rule with the safe
    /// regions added, or else by life by pairs of liberties
    /// ([`crate::statics::liberty_pairs`], with these regions among its counted ones): the
    /// state is worth exactly 1 (see the module notes).
    pub(crate) fn target_alive(&mut self, local: &LocalProblem, stones: &Stones) -> bool {
        let arena = &local.arena;
        let color = local.defender;
        let games = &mut self.games;
        let split = &mut self.split;
        split.read(arena, stones, color);
        // The local games only where two regions could count for each target chain; each
        // region's verdict kept for the test by pairs.
        let searching = two_regions_possible(local, split);
        let verdicts = &mut self.verdicts;
        verdicts.clear();
        if searching {
            let alive = alive_in(arena, split, color, &mut self.benson, |region, border| {
                let safe = games.region_safe(arena, stones, color, region, border);
                verdicts.push((region, safe));
                safe
            });
            if local.target & !alive == 0 {
                return true;
            }
        }
        let limit = if searching { MAX_REGION } else { 0 };
        let target = local.target;
        alive_by_pairs(
            arena,
            split,
            color,
            target,
            limit,
            &mut self.pairs,
            |region, border| {
                searching
                    && match verdicts.iter().find(|v| v.0 == region) {
                        Some(&(_, safe)) => safe,
                        None => games.region_safe(arena, stones, color, region, border),
                    }
            },
        )
    }
}

/// A necessary condition for [`Safety::target_alive`], cheap next to the test itself: every
/// target chain that is not safe by itself borders two regions that could count for it —
/// sealed, and vital to it (every empty point a liberty of it) or small enough for the local
/// search. In most positions of a fight some target chain has not, and the test ends here.
fn two_regions_possible(local: &LocalProblem, split: &Split) -> bool {
    let arena = &local.arena;
    let color = local.defender;
    let (empty, unfillable) = (split.empty, split.unfillable);
    // The regions that reach the open board or a point no one may fill never count, and are
    // often large.
    let sealed = split.sealed;
    split
        .chains
        .iter()
        .filter(|&&chain| chain & local.target != 0)
        .all(|&chain| {
            let next_to = arena.adjacent(chain);
            if chain & arena.anchor[color.index()] != 0 || next_to & unfillable != 0 {
                return true;
            }
            let liberties = next_to & empty;
            let mut rest = next_to & sealed;
            let mut counted = 0;
            while rest != 0 && counted < 2 {
                let region = arena.chain(rest.trailing_zeros() as Local, sealed);
                rest &= !region;
                let small = region.count_ones() <= MAX_REGION;
                let vital = region & empty & !liberties == 0;
                counted += (small || vital) as u32;
            }
            counted >= 2
        })
}

impl Games {
    /// Whether the defender keeps the sealed region by answering there.
    fn region_safe(
        &mut self,
        arena: &Arena,
        stones: &Stones,
        color: Color,
        region: Bits,
        chains: &[Bits],
    ) -> bool {
        if region.count_ones() > MAX_REGION {
            return false;
        }
        let border = chains.iter().fold(0, |acc, c| acc | c);
        let memos = self.by_region.entry(region).or_default();
        let i = match memos.iter().position(|m| m.chains == chains) {
            Some(i) => i,
            None => {
                memos.push(Memo {
                    chains: chains.to_vec(),
                    game: RegionGame::new(arena, color, region, border, chains),
                    known: HashMap::new(),
                    gave_up: HashSet::new(),
                });
                memos.len() - 1
            }
        };
        let memo = &mut memos[i];
        let members = memo.game.members;
        let start = Stones {
            by_color: stones.by_color.map(|s| s & members),
        };
        if memo.gave_up.contains(&start) {
            return false;
        }
        let mut search = Search {
            game: &memo.game,
            known: &mut memo.known,
            benson: &mut self.benson,
            line: HashSet::new(),
            liberties: Vec::new(),
            budget: BUDGET,
        };
        match search.answered(&start, 0) {
            RegionEnd::Won => true,
            RegionEnd::Lost => false,
            RegionEnd::Unknown => {
                memo.gave_up.insert(start);
                false
            }
        }
    }
}

/// The local game of one region, on the arena's own points cut down to the region and its
/// border: adjacency only among them, the border anchored (uncapturable).
struct RegionGame {
    arena: Arena,
    defender: Color,
    region: Bits,
    /// Each border chain's stones.
    chains: Vec<Bits>,
    /// The region and its border: the local game's stones are the state's on these points.
    members: Bits,
}

impl RegionGame {
    fn new(arena: &Arena, defender: Color, region: Bits, border: Bits, chains: &[Bits]) -> Self {
        let set = region | border;
        let mut anchor = [0, 0];
        anchor[defender.index()] = border | (region & arena.anchor[defender.index()]);
        let local = Arena {
            global: arena.global.clone(),
            neighbours: arena.neighbours.iter().map(|&n| n & set).collect(),
            all: set,
            playable: region & arena.playable,
            anchor,
            grid: arena.grid,
        };
        RegionGame {
            arena: local,
            defender,
            region,
            chains: chains.to_vec(),
            members: set,
        }
    }

    /// The defender stones joined to `seed` among `own`: connected on the local board, the
    /// stones of one border chain counting as connected (they are, outside the region).
    fn joined(&self, seed: Bits, own: Bits) -> Bits {
        let mut joined = seed;
        loop {
            let grown = self.arena.grow(joined, own);
            let more = self
                .chains
                .iter()
                .filter(|&&c| c & grown != 0)
                .fold(grown, |acc, &c| acc | c);
            if more == grown {
                return grown;
            }
            joined = more;
        }
    }

    /// Each border chain's liberties in the region, counting the defender stones joined to it
    /// there, into `out`.
    fn liberties(&self, stones: &Stones, out: &mut Vec<Bits>) {
        let own = stones.by_color[self.defender.index()];
        let empty = self.region & !stones.occupied();
        out.clear();
        out.extend(
            self.chains
                .iter()
                .map(|&c| self.arena.adjacent(self.joined(c, own)) & empty),
        );
    }

    /// Settled: every defender stone pass-alive on the local board, and an eye for each
    /// border chain (`liberties`: theirs, from [`RegionGame::liberties`]).
    fn settled(&self, stones: &Stones, liberties: &[Bits], benson: &mut Benson) -> bool {
        let own = stones.by_color[self.defender.index()];
        let empty = self.region & !stones.occupied();
        let open = self.region & !own;
        // The eyes first: cheap, and what most positions lack.
        let has_eye = |liberties: Bits| {
            points(liberties).any(|p| {
                let part = self.arena.chain(p, open);
                part & empty & !liberties == 0
            })
        };
        if !liberties.iter().all(|&l| has_eye(l)) {
            return false;
        }
        let inner = own & self.region;
        inner == 0
            || inner & !alive_with(&self.arena, stones, self.defender, benson, |_, _| false) == 0
    }
}

/// How the region's local game ended for the defender.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RegionEnd {
    Won,
    /// Lost without leaning on the line: the same position always loses.
    Lost,
    /// Lost through a repetition, the depth cap or the budget.
    Unknown,
}

struct Search<'a> {
    game: &'a RegionGame,
    /// Positions (attacker to move) proven won or lost. A win is a finite strategy and a
    /// loss here never leans on the line, so both hold whatever line reaches the position.
    known: &'a mut HashMap<Stones, RegionEnd>,
    benson: &'a mut Benson,
    line: HashSet<Stones>,
    /// Buffer for [`RegionGame::liberties`].
    liberties: Vec<Bits>,
    budget: u32,
}

impl Search<'_> {
    /// The defender has just answered (or the game starts): attacker to move.
    fn answered(&mut self, stones: &Stones, depth: u32) -> RegionEnd {
        // Only positions where every border chain breathes are ever recorded.
        if let Some(&end) = self.known.get(stones) {
            return end;
        }
        self.game.liberties(stones, &mut self.liberties);
        if self.liberties.contains(&0) {
            return RegionEnd::Lost;
        }
        if self.game.settled(stones, &self.liberties, self.benson) {
            return RegionEnd::Won;
        }
        if depth >= MAX_DEPTH || self.budget == 0 || self.line.contains(stones) {
            return RegionEnd::Unknown;
        }
        self.budget -= 1;
        self.line.insert(*stones);
        let attacker = self.game.defender.other();
        let empty = self.game.arena.playable & !stones.occupied();
        let mut result = RegionEnd::Won;
        for p in points(empty) {
            let Ok(played) = self.game.arena.play(stones, attacker, p) else {
                continue;
            };
            match self.answer(&played.after, p, played.ko_ban, depth + 1) {
                RegionEnd::Won => {}
                lost => {
                    result = lost;
                    break;
                }
            }
        }
        self.line.remove(stones);
        if result != RegionEnd::Unknown {
            self.known.insert(*stones, result);
        }
        result
    }

    /// The defender answers the attacker's move at `last`: a move in the region (next to
    /// `last` first) or, last, a pass.
    fn answer(
        &mut self,
        stones: &Stones,
        last: Local,
        ban: Option<Local>,
        depth: u32,
    ) -> RegionEnd {
        let defender = self.game.defender;
        let empty = self.game.arena.playable & !stones.occupied();
        let near = self.game.arena.adjacent(bit(last)) & empty;
        let mut result = RegionEnd::Lost;
        for p in points(near).chain(points(empty & !near)) {
            if Some(p) == ban {
                continue;
            }
            let Ok(played) = self.game.arena.play(stones, defender, p) else {
                continue;
            };
            match self.answered(&played.after, depth + 1) {
                RegionEnd::Won => return RegionEnd::Won,
                RegionEnd::Unknown => result = RegionEnd::Unknown,
                RegionEnd::Lost => {}
            }
        }
        match self.answered(stones, depth) {
            RegionEnd::Lost => result,
            passed => passed,
        }
    }
}
