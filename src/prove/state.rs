//! The game's states and moves: what a state is, and where each move leads.
//!
//! A state is (stones, side to move, ko-banned point, previous move was a pass) — the model's
//! state exactly, except that a ban on a point the banned side could never retake at anyway
//! (outside the region) is dropped, which merges states with identical futures. The proofs of
//! the grade `d` mark one more thing on it: whether the threats are gone.
//!
//! [`Rules`] expands a state: a move leads to a terminal ([`CAPTURED`], [`LIVES`]) or to a new
//! state. The state graph and the extreme games' proofs both expand states with it, so it sits
//! below them both.

use crate::go::graph::Point;
use crate::go::rules::{bit, points, Arena, Bits, Color, Local, Stones};
use crate::problem::{Life, LocalProblem};

pub(crate) const CAPTURED: u32 = 0;
pub(crate) const LIVES: u32 = 1;
const NO_KO: u8 = u8::MAX;

/// A state, packed: 40 bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct State {
    black: [u64; 2],
    white: [u64; 2],
    ko: u8,
    /// Bit 0: White to move. Bit 1: the previous move was a pass. Bit 2: no side holds a
    /// ko threat any more (only in the proofs of grades, [`crate::prove`]; never in
    /// the state graph).
    flags: u8,
}

impl State {
    pub fn new(stones: Stones, to_move: Color, ko: Option<Local>, after_pass: bool) -> State {
        let split = |b: Bits| [b as u64, (b >> 64) as u64];
        State {
            black: split(stones.by_color[0]),
            white: split(stones.by_color[1]),
            ko: ko.unwrap_or(NO_KO),
            flags: (to_move == Color::White) as u8 | ((after_pass as u8) << 1),
        }
    }

    pub fn stones(&self) -> Stones {
        let join = |w: [u64; 2]| w[0] as u128 | ((w[1] as u128) << 64);
        Stones {
            by_color: [join(self.black), join(self.white)],
        }
    }

    pub fn to_move(self) -> Color {
        if self.flags & 1 == 0 {
            Color::Black
        } else {
            Color::White
        }
    }

    pub fn ko(&self) -> Option<Local> {
        (self.ko != NO_KO).then_some(self.ko)
    }

    pub fn after_pass(&self) -> bool {
        self.flags & 2 != 0
    }

    /// Whether no side holds a ko threat any more: the phase of a proof of `d` that follows
    /// the defender's last threat or two passes ([`crate::prove::Goal::Dies`]).
    pub fn threatless(&self) -> bool {
        self.flags & 4 != 0
    }

    /// The same state with no threats left.
    pub fn without_threats(mut self) -> State {
        self.flags |= 4;
        self
    }

    /// The same state in the games where threats are held (the state graph's state).
    pub fn with_threats(mut self) -> State {
        self.flags &= !4;
        self
    }

    /// The side to move, the ban and the pass, for the static tests.
    pub fn turn(&self) -> Turn {
        Turn {
            to_move: self.to_move(),
            ko: self.ko(),
            after_pass: self.after_pass(),
        }
    }
}

/// What the static tests need of a state besides its stones: the side to move, the point a ko
/// bans it from, and whether the last move was a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turn {
    pub to_move: Color,
    pub ko: Option<Local>,
    pub after_pass: bool,
}

impl Turn {
    /// `to_move` to play, with no ban and no pass before.
    pub fn fresh(to_move: Color) -> Turn {
        Turn {
            to_move,
            ko: None,
            after_pass: false,
        }
    }

    /// Whether the defender, to move just after a pass, would end the game alive by passing.
    pub(crate) fn pass_ends(self, defender: Color) -> bool {
        self.to_move == defender && self.after_pass
    }
}

/// A move: a local point or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Move {
    Play(Local),
    Pass,
}

impl Move {
    /// The board point played, `None` for a pass.
    pub fn point(self, arena: &Arena) -> Option<Point> {
        match self {
            Move::Play(p) => Some(arena.global[p as usize]),
            Move::Pass => None,
        }
    }
}

/// What a node is, for the solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The game is over: value 1 alive, 0 dead.
    Terminal(Life),
    /// The side to move picks a child.
    Decision(Color),
    /// The side to move faces a ban it may lift with a ko threat: the last child is the
    /// recapture, available only with a threat.
    KoChance(Color),
}

/// The children of a state, labelled by move.
#[derive(Clone, Debug)]
pub struct Successors {
    pub kind: Kind,
    /// Moves in point order, then pass, then (for a chance node) the recapture.
    pub moves: Vec<(Move, u32)>,
}

/// The game's rules over an arena: expands states.
pub(crate) struct Rules<'a> {
    pub local: &'a LocalProblem,
}

impl Rules<'_> {
    fn arena(&self) -> &Arena {
        &self.local.arena
    }

    /// The state at the start with `first` to move.
    pub(crate) fn root(&self, first: Color) -> State {
        State::new(self.local.start, first, None, false)
    }

    /// Where a move leads: a terminal, or a new state for `intern` to number.
    pub(crate) fn child(
        &self,
        state: &State,
        m: Move,
        intern: &mut impl FnMut(State) -> u32,
    ) -> Option<u32> {
        let side = state.to_move();
        match m {
            Move::Pass if state.after_pass() => Some(LIVES),
            Move::Pass => Some(intern(State::new(state.stones(), side.other(), None, true))),
            Move::Play(p) => {
                let played = self.arena().play(&state.stones(), side, p).ok()?;
                if played.captured & self.local.target != 0 {
                    return Some(CAPTURED);
                }
                // A ban on a point the opponent may not play anyway changes nothing.
                let ko = played
                    .ko_ban
                    .filter(|&k| self.arena().playable & bit(k) != 0);
                Some(intern(State::new(played.after, side.other(), ko, false)))
            }
        }
    }

    /// All moves from a state and where they lead.
    pub(crate) fn successors(
        &self,
        state: &State,
        intern: &mut impl FnMut(State) -> u32,
    ) -> Successors {
        let mut moves = Vec::new();
        let kind = self.successors_into(state, intern, &mut moves);
        Successors { kind, moves }
    }

    /// [`Rules::successors`] into a buffer the caller reuses (graph building allocates
    /// nothing per state).
    pub(crate) fn successors_into(
        &self,
        state: &State,
        intern: &mut impl FnMut(State) -> u32,
        moves: &mut Vec<(Move, u32)>,
    ) -> Kind {
        let stones = state.stones();
        let side = state.to_move();
        let ko = state.ko();
        moves.clear();
        let open = self.arena().playable & !stones.occupied();
        for p in points(open) {
            if Some(p) != ko {
                if let Some(c) = self.child(state, Move::Play(p), intern) {
                    moves.push((Move::Play(p), c));
                }
            }
        }
        if let Some(c) = self.child(state, Move::Pass, intern) {
            moves.push((Move::Pass, c));
        }
        let mut kind = Kind::Decision(side);
        if let Some(k) = ko {
            if let Some(c) = self.child(state, Move::Play(k), intern) {
                moves.push((Move::Play(k), c));
                kind = Kind::KoChance(side);
            }
        }
        kind
    }
}
