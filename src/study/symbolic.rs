//! A fixed strategy profile's values as exact rational functions of the threat probability.
//!
//! With both sides' choices fixed the game is a Markov chain whose transition probabilities
//! are `p` and `1 − p`; its values solve a linear system over the field Q(p). The system is
//! split and solved as the solver's evaluation does it: strongly connected components sinks
//! first, a closed class (play that never ends) worth the no-result value, and only the chance
//! nodes of a class as unknowns, solved by exact elimination.

use crate::problem::Life;
use crate::prove::state::Kind;
use crate::solve::exact::{sccs, solve_linear};
use crate::solve::graph::GameGraph;
use crate::solve::model::Value;
use crate::solve::solver::Choice;
use crate::study::poly::RatFunc;
use nalgebra::{DMatrix, DVector};
use num_traits::{One, Zero};

/// The values of every node of `graph` under the strategy profile `choices`, with the threat
/// probabilities (Black, White) given as rational functions. The profile must come from a
/// threat probability strictly between 0 and 1, so that every chance node has both branches.
pub(crate) fn profile_values(
    graph: &GameGraph,
    choices: &[Choice],
    threat: &[RatFunc; 2],
    no_result: &Value,
) -> Vec<RatFunc> {
    let n = graph.len();
    let without = threat.clone().map(|p| &RatFunc::one() - &p);
    // Each node's successors in the chain, with their probabilities.
    let step = |s: usize| -> Vec<(usize, RatFunc)> {
        let kids = graph.children(s as u32);
        match (choices[s], graph.kind(s as u32)) {
            (Choice::Terminal, _) => Vec::new(),
            (Choice::Move(i), _) => vec![(kids[i] as usize, RatFunc::one())],
            (
                Choice::Chance {
                    with: Some(a),
                    without: Some(b),
                },
                Kind::KoChance(c),
            ) => vec![
                (kids[a] as usize, threat[c.index()].clone()),
                (kids[b] as usize, without[c.index()].clone()),
            ],
            _ => panic!("profile_values needs a profile from a threat probability in (0, 1)"),
        }
    };
    let mut x: Vec<Option<RatFunc>> = vec![None; n];
    let comps = sccs(n, |s, buf| buf.extend(step(s).into_iter().map(|(c, _)| c)));
    let mut inside = vec![false; n];
    for comp in comps {
        if let [s] = comp[..] {
            if let Kind::Terminal(life) = graph.kind(s as u32) {
                x[s] = Some(match life {
                    Life::Alive => RatFunc::one(),
                    Life::Dead => RatFunc::zero(),
                });
                continue;
            }
        }
        for &s in &comp {
            inside[s] = true;
        }
        let closed = comp
            .iter()
            .all(|&s| step(s).iter().all(|&(c, _)| inside[c]));
        if closed {
            for &s in &comp {
                x[s] = Some(RatFunc::constant(no_result.clone()));
            }
        } else {
            solve_class(&comp, &step, &inside, &mut x);
        }
        for &s in &comp {
            inside[s] = false;
        }
    }
    x.into_iter()
        .map(|v| v.expect("every node evaluated"))
        .collect()
}

/// Solves a class with a way out: its chance nodes are the unknowns; a decision node passes on
/// the value of the chance node or known value its choices lead to.
fn solve_class(
    comp: &[usize],
    step: &impl Fn(usize) -> Vec<(usize, RatFunc)>,
    inside: &[bool],
    x: &mut [Option<RatFunc>],
) {
    let unknowns: Vec<usize> = comp
        .iter()
        .copied()
        .filter(|&s| step(s).len() == 2)
        .collect();
    let column = |s: usize| unknowns.iter().position(|&u| u == s);
    // A decision cycle inside a class with a way out would be a closed class of its own, so
    // following decision links ends at an unknown or outside.
    let resolve = |mut s: usize| -> Result<usize, RatFunc> {
        loop {
            if !inside[s] {
                return Err(x[s].clone().expect("solved earlier"));
            }
            if let Some(col) = column(s) {
                return Ok(col);
            }
            s = step(s)[0].0;
        }
    };
    let k = unknowns.len();
    let mut matrix = DMatrix::<RatFunc>::zeros(k, k);
    let mut rhs = DVector::<RatFunc>::zeros(k);
    for (row, &u) in unknowns.iter().enumerate() {
        matrix[(row, row)] = RatFunc::one();
        for (c, p) in step(u) {
            match resolve(c) {
                Ok(col) => matrix[(row, col)] -= &p,
                Err(v) => rhs[row] = &rhs[row] + &(&p * &v),
            }
        }
    }
    let ends: Vec<Result<usize, RatFunc>> = comp.iter().map(|&s| resolve(s)).collect();
    let solution = solve_linear(matrix, rhs).expect("a class with a way out is transient");
    for (&s, end) in comp.iter().zip(ends) {
        x[s] = Some(match end {
            Ok(col) => solution[col].clone(),
            Err(v) => v,
        });
    }
}
