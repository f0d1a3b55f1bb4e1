//! Learning the move model from the prover's own proofs.
//!
//! The examples are the positions of final proofs ([`crate::prove::proof`]) where the prover
//! moves: the winning move recorded there against every other legal move. While collecting is
//! on ([`collect`]), every prover's final proofs are walked as its build ends and each such
//! position is kept once. The model is a conditional logit (a softmax over a position's moves
//! of the sum of their features' weights), fitted by plain stochastic gradient descent with a
//! fixed seed and a little weight decay, so that a rebuild on the same data gives the same
//! file.
//!
//! The stored weights (`weights.txt`) were learned from the proofs found on development data
//! only: the book problems of the development set but every tenth (kept for measuring), and the
//! small files of the scaling series (`corner-08`, `corner-12`, the crowded fights); never
//! on the corners of 16 points and more, which are what the costs are measured on. The file's
//! header names the run that wrote it.

use super::{Context, Features, Weights, PER_SIDE};
use crate::problem::LocalProblem;
use crate::prove::proof::Choice;
use crate::prove::state::{Move, State};
use crate::prove::Goal;
use hashbrown::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

/// One example: the features of a position's moves and the index of the winning one.
pub(crate) struct Example {
    moves: Vec<Features>,
    won: usize,
}

/// What collecting has gathered.
#[derive(Default)]
struct Collected {
    seen: HashSet<(State, Goal)>,
    examples: Vec<Example>,
}

static COLLECTING: AtomicBool = AtomicBool::new(false);
static COLLECTED: Mutex<Option<Collected>> = Mutex::new(None);

/// Starts collecting examples from every prover's final proofs (for the example that learns
/// the model); nothing is collected otherwise.
pub fn collect() {
    *COLLECTED.lock().unwrap_or_else(|e| e.into_inner()) = Some(Collected::default());
    COLLECTING.store(true, Ordering::Relaxed);
}

/// Whether examples are being collected.
pub(crate) fn collecting() -> bool {
    COLLECTING.load(Ordering::Relaxed)
}

/// Keeps a position of a final proof as an example, once.
pub(crate) fn keep(local: &LocalProblem, choice: &Choice) {
    let mut guard = COLLECTED.lock().unwrap_or_else(|e| e.into_inner());
    let Some(collected) = guard.as_mut() else {
        return;
    };
    if !collected.seen.insert((*choice.state, choice.goal)) {
        return;
    }
    let context = Context::new(local, choice.state, choice.last);
    let moves = choice
        .moves
        .iter()
        .zip(choice.children)
        .map(|(&(m, _), child)| context.features(m, child))
        .collect();
    collected.examples.push(Example {
        moves,
        won: choice.won,
    });
}

/// The point a move is played at, for the next position's "last move".
pub(crate) fn point(m: Move) -> Option<u8> {
    match m {
        Move::Play(p) => Some(p),
        Move::Pass => None,
    }
}

/// Passes over the examples.
const EPOCHS: usize = 12;
/// The learning rate, and the weight decay per step on the weights a step touches.
const RATE: f32 = 0.05;
const DECAY: f32 = 1e-4;
/// The shuffle's seed.
const SEED: u64 = 0x005E_ED0F_11FE;

/// SplitMix64: the shuffle's generator.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D1_049B_B133_111E);
    z ^ (z >> 31)
}

/// The weights fitted to the examples collected, as the stored file's text (`source` heads it,
/// one line a comment), with the examples' count and how often the fitted model ranks the
/// winning move first.
pub fn learn(source: &str) -> (String, usize, f64) {
    let collected = COLLECTED
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .take()
        .unwrap_or_default();
    COLLECTING.store(false, Ordering::Relaxed);
    let examples = collected.examples;
    let mut w = vec![0f32; 2 * PER_SIDE];
    let mut order: Vec<usize> = (0..examples.len()).collect();
    let mut rng = SEED;
    let mut scores = Vec::new();
    for _ in 0..EPOCHS {
        for i in (1..order.len()).rev() {
            order.swap(i, (next(&mut rng) % (i as u64 + 1)) as usize);
        }
        for &e in &order {
            let ex = &examples[e];
            scores.clear();
            scores.extend(ex.moves.iter().map(|f| Weights::sum(&w, f)));
            let top = scores.iter().cloned().fold(f32::MIN, f32::max);
            let total: f32 = scores.iter().map(|s| (s - top).exp()).sum();
            for (j, f) in ex.moves.iter().enumerate() {
                let p = (scores[j] - top).exp() / total;
                let g = (j == ex.won) as u8 as f32 - p;
                for &i in f.indices() {
                    let wi = &mut w[i as usize];
                    *wi += RATE * g - DECAY * *wi;
                }
            }
        }
    }
    let first = examples
        .iter()
        .filter(|ex| {
            let s: Vec<f32> = ex.moves.iter().map(|f| Weights::sum(&w, f)).collect();
            s.iter().all(|&x| x <= s[ex.won])
        })
        .count();
    let ranked = first as f64 / examples.len().max(1) as f64;
    (to_text(source, &w, examples.len()), examples.len(), ranked)
}

/// The weights' text: comment lines (`#`), then one line per weight not zero: the index and
/// the weight.
fn to_text(source: &str, w: &[f32], examples: usize) -> String {
    let mut out = String::new();
    for line in source.lines() {
        out.push_str(&format!("# {line}\n"));
    }
    out.push_str(&format!(
        "# {examples} positions; {} features per side; index weight\n",
        PER_SIDE
    ));
    for (i, &x) in w.iter().enumerate() {
        if x.abs() >= 1e-3 {
            out.push_str(&format!("{i} {x:.3}\n"));
        }
    }
    out
}

/// The weights a file's text gives (`None`: no weight at all, before the first build).
pub(crate) fn parse(text: &str) -> Result<Option<Weights>, String> {
    let mut w = vec![0f32; 2 * PER_SIDE];
    let mut any = false;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let mut words = line.split_whitespace();
        let (Some(i), Some(x), None) = (words.next(), words.next(), words.next()) else {
            return Err(format!("not an index and a weight: `{line}`"));
        };
        let i: usize = i.parse().map_err(|_| format!("bad index `{i}`"))?;
        let x: f32 = x.parse().map_err(|_| format!("bad weight `{x}`"))?;
        *w.get_mut(i).ok_or(format!("index {i} out of range"))? = x;
        any = true;
    }
    Ok(any.then_some(Weights(w)))
}

impl Weights {
    fn sum(w: &[f32], f: &Features) -> f32 {
        f.indices().iter().map(|&i| w[i as usize]).sum()
    }
}
