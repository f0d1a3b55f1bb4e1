//! What ends a state before its moves are made: a first move proofs decided, static life
//! and death, a proof of the extreme games. The first moves are decided here too, once both
//! starts are expanded ([`crate::solve::openings`]).

use super::builder::Builder;
use super::{prover_effort, Purpose};
use crate::problem::{Life, Role};
use crate::prove::state::{State, CAPTURED, LIVES};
use crate::prove::Prover;
use crate::solve::graph::StandIn;
use crate::solve::openings::{self, Known, RootMoves, Step};
use crate::statics::{self, death};

/// How many states (the first ones reached, nearest the roots) get the full static analysis,
/// forced-capture proofs included; later ones only the cheap unconditional-life test: proofs
/// on every state end a few more states at a far higher cost in time.
const THOROUGH_STATIC_STATES: usize = 4096;

impl Builder<'_, '_> {
    /// Once both starts are expanded, in fights large enough (see
    /// [`crate::solve::Shortcuts`]), lets proofs decide the first moves
    /// ([`crate::solve::openings`]).
    pub(crate) fn decide_openings(&mut self) {
        let local = self.local;
        if !self.proofs_decide_first_moves() {
            return;
        }
        let roots = self.nodes.roots;
        let starts = roots.map(|r| RootMoves {
            state: self.nodes.states[r as usize],
            moves: self
                .children(r)
                .iter()
                .map(|&c| match c {
                    CAPTURED => Step::Ended(Life::Dead),
                    LIVES => Step::Ended(Life::Alive),
                    c => Step::State(self.nodes.states[c as usize]),
                })
                .collect(),
        });
        // A prover of its own, with a budget as large as the graph's; the graph's
        // prover takes over only its settled results: a table and a static-test memory
        // filled by these searches would crowd out the graph's own proofs, and the
        // settled results spare the graph searching again. Past 12 empty points the
        // graph seldom finishes where these searches do not, so they are not kept to a
        // smaller share.
        let effort = prover_effort(local, self.proof_budget, self.watch.clone());
        let mut prover = Prover::new(local, effort, statics::rules());
        let max = prover.question_cap();
        let found = openings::decide(&mut prover, local.defender, local.to_play, &starts, max);
        let settler = &mut self.settler;
        settler.openings_positions = prover.positions();
        settler.openings_proof_size = prover.proof_size();
        settler.openings_decided = found.values_known;
        // Their settled results serve the graphs still to search below a first move left
        // open, and the first moves' grades asked after the answer.
        if let Some(b) = settler.prover.as_mut() {
            b.inherit(prover.into_proofs());
        }
        // Each verdict holds in the plain graph whatever the starts: a value is exact,
        // and a worse move's start has a best move proven.
        for (&r, verdicts) in roots.iter().zip(found.verdicts) {
            for (i, verdict) in verdicts.into_iter().enumerate() {
                let c = self.nodes.children(r)[i];
                let Some(verdict) = verdict.filter(|_| c > LIVES) else {
                    continue;
                };
                self.settler.first_moves.insert(c, verdict);
                if !matches!(verdict, Known::Exact(_)) {
                    // Its stand-in value holds only for this first move: the same
                    // state met below an open first move is a state of its own.
                    self.nodes.forget(c);
                }
            }
        }
    }

    /// A state's value if it is settled before expanding it: a first move proofs decided,
    /// static analysis, or a proof of the extreme games. The starting states are always
    /// expanded, so that every first move is listed.
    pub(super) fn settle(&mut self, node: u32) -> Option<Life> {
        if self.nodes.roots.contains(&node) {
            return None;
        }
        let state = self.nodes.states[node as usize];
        if let Some(verdict) = self.settler.known(node) {
            self.settler.proofs_ended += 1;
            return Some(self.decided(node, &state, verdict));
        }
        if self.shortcuts.statics() {
            if let Some(life) = self.statics(node, &state) {
                self.settler.static_ended += 1;
                return Some(life);
            }
        }
        let life = self.proven(&state);
        self.settler.proofs_ended += life.is_some() as usize;
        life
    }

    /// The value of a first move proofs decided: its own, or for a worse or unexamined move
    /// its stand-in, the mover's worst value (0 for the defender, 1 for the attacker, whose
    /// opponent moves now).
    fn decided(&mut self, node: u32, state: &State, verdict: Known) -> Life {
        let why = match verdict {
            Known::Exact(life) => return life,
            Known::Worse => StandIn::Worse,
            Known::Unexamined => StandIn::Unexamined,
        };
        self.settler.stand_ins.insert(node, why);
        let mover = Role::of(state.to_move().other(), self.local.defender);
        Life::feared_by(mover)
    }

    /// Static life and death: safe regions (pass-alive and life by pairs, see
    /// `safe_regions`) for life; sealed death, and near the roots forced capture, for death.
    fn statics(&mut self, node: u32, state: &State) -> Option<Life> {
        let local = self.local;
        let stones = state.stones();
        let turn = state.turn();
        if self.settler.safety.target_alive(local, &stones) {
            return Some(Life::Alive);
        }
        let dead = death::sealed_dead(local, &stones, turn)
            || (node as usize) < THOROUGH_STATIC_STATES
                && death::forced_capture(local, &stones, turn);
        dead.then_some(Life::Dead)
    }

    /// A proof of the extreme games, searched if need be.
    fn proven(&mut self, state: &State) -> Option<Life> {
        let local = self.local;
        let grades = self.purpose != Purpose::LifeDegree;
        let prover = self.settler.prover.as_mut()?;
        if grades && state.after_pass() && state.to_move() == local.defender {
            // In the grades' game the defender's pass here may open a confirmation phase
            // instead of ending the game, so the lower game's proof (that pass) is none. The
            // defender lives if it wins the lower game after passing: the attacker's moves
            // there are the ones the confirmation phase resumes with (see
            // `crate::solve::grade`).
            let waiting = State::new(state.stones(), state.to_move().other(), None, true);
            prover.decide(&waiting).filter(|&life| life == Life::Alive)
        } else {
            prover.decide(state)
        }
    }
}
