//! The life degree as an exact function of the threat probability `p` (both sides' together).
//!
//! For fixed strategies the value is a rational function of `p`; the optimal strategies change
//! only at finitely many `p`. So: solve at a rational `p₀`, take the strategy profile the solver
//! certified there, and evaluate it over Q(p) (`study::symbolic`). The solver's certificate
//! compares each node's value with its children's and with the no-result value; those
//! differences are rational functions, so between consecutive real roots of their numerators
//! (the *cell* of `p₀`) every comparison keeps its outcome at `p₀`, the certificate holds, and
//! the profile's function is the life degree on the whole cell. Walking cell to cell across
//! the range gives the pieces; roots are kept exactly (`study::roots`), so a breakpoint may
//! be irrational. Adjacent cells with the same function are merged. The ends of the range are
//! solved directly: at `p = 0` or `1` a ko loop can close and the value can jump.

use crate::go::rules::Color;
use crate::problem::Problem;
use crate::request::SolveRequest;
use crate::solve::answer::undetermined;
use crate::solve::degree::SolveError;
use crate::solve::graph::GameGraph;
use crate::solve::model::{Model, Probability, Value};
use crate::solve::solver::{solve, Choice, Values};
use crate::study::poly::{Poly, RatFunc};
use crate::study::roots::{rational_between, roots_between, Real};
use crate::study::symbolic::profile_values;
use num_traits::{One, Zero};
use std::cmp::Ordering;
use std::collections::{HashMap, HashSet};

/// One piece: on the open interval `(from, to)` the life degree is `value`.
#[derive(Clone, Debug)]
pub struct Piece {
    pub from: Real,
    pub to: Real,
    pub value: RatFunc,
}

/// The life degree over a range of `p`.
#[derive(Clone, Debug)]
pub struct ExactSweep {
    pub lo: Value,
    pub hi: Value,
    /// The life degree at the ends of the range (solved there, not taken from a piece).
    pub at_lo: Value,
    pub at_hi: Value,
    /// Pieces on open intervals covering `(lo, hi)` except their shared ends; empty when
    /// `lo == hi`.
    pub pieces: Vec<Piece>,
    /// Pointwise solves made.
    pub solves: usize,
}

/// Why an exact sweep failed.
#[derive(Debug, thiserror::Error)]
pub enum ExactSweepError {
    #[error(transparent)]
    Solve(#[from] SolveError),
    #[error("the threat probability range {lo}..{hi} is not within 0..1 in increasing order")]
    BadRange { lo: String, hi: String },
    #[error("internal error: the certified profile's function gives {function} at p = {p}, the solver {solver}")]
    Mismatch {
        p: String,
        function: String,
        solver: String,
    },
    #[error("internal error: no cell to the right of p = {0} after {1} tries")]
    Stuck(String, usize),
}

impl From<crate::solve::solver::Uncertified> for ExactSweepError {
    fn from(e: crate::solve::solver::Uncertified) -> ExactSweepError {
        ExactSweepError::Solve(e.into())
    }
}

/// Bound on the retries for one cell: each retry moves the sample point below a root of the
/// previous sample's profile, and finitely many profiles have finitely many roots, so a
/// correct solver needs few.
const MAX_TRIES: usize = 200;

impl ExactSweep {
    /// The life degree at a rational `p` in the range: the piece holding `p`, or (at a
    /// breakpoint, where the value is continuous) the piece ending there; the ends as solved.
    pub fn value_at(&self, p: &Value) -> Option<Value> {
        if p == &self.lo {
            return Some(self.at_lo.clone());
        }
        if p == &self.hi {
            return Some(self.at_hi.clone());
        }
        let at = Real::Rational(p.clone());
        self.pieces
            .iter()
            .find(|piece| {
                piece.from.cmp_exact(&at) == Ordering::Less
                    && piece.to.cmp_exact(&at) != Ordering::Less
            })
            .and_then(|piece| piece.value.eval(p))
    }
}

/// The exact life degree of `problem` as a function of both sides' threat probability over
/// `lo ≤ p ≤ hi`; `params`' other fields are kept.
pub fn exact_sweep(
    problem: &Problem,
    request: &SolveRequest,
    lo: &Value,
    hi: &Value,
    on_solve: &dyn Fn(),
) -> Result<ExactSweep, ExactSweepError> {
    let graph = request.graph_for_every_param(problem)?;
    let params = request.params();
    exact_sweep_graph(&graph, problem.defender(), params, lo, hi, on_solve)
}

/// [`exact_sweep`] on a state graph.
pub fn exact_sweep_graph(
    graph: &GameGraph,
    defender: Color,
    params: &Model,
    lo: &Value,
    hi: &Value,
    on_solve: &dyn Fn(),
) -> Result<ExactSweep, ExactSweepError> {
    if lo > hi || lo < &Value::zero() || hi > &Value::one() {
        return Err(ExactSweepError::BadRange {
            lo: lo.to_string(),
            hi: hi.to_string(),
        });
    }
    let mut solves = 0;
    // A pointwise solve, with the certified profile's choices at that p.
    let mut point = |p: &Value| -> Result<(Values, Vec<Choice>), ExactSweepError> {
        let p = Probability::new(p.clone()).expect("p lies in [lo, hi], within [0, 1]");
        let params = params.clone().with_threat_prob(p);
        solves += 1;
        on_solve();
        let solution = solve(graph, defender, &params)?;
        let choices = solution.choices(graph, defender, &params);
        Ok((solution, choices))
    };
    let q = params.first_prob();
    let root_value = |(solution, _): &(Values, Vec<Choice>)| {
        let [b, w] = graph.roots.map(|r| solution.value(r));
        undetermined(q, b, w)
    };
    let at_lo = root_value(&point(lo)?);
    let at_hi = root_value(&point(hi)?);
    let symbolic_q = RatFunc::constant(q.clone());
    let threat = [RatFunc::x(), RatFunc::x()];
    let mut pieces: Vec<Piece> = Vec::new();
    let mut left = Real::Rational(lo.clone());
    let end = Real::Rational(hi.clone());
    while left.cmp_exact(&end) == Ordering::Less {
        let mut upper = end.clone();
        let mut tries = 0;
        let (to, value) = loop {
            tries += 1;
            if tries > MAX_TRIES {
                return Err(ExactSweepError::Stuck(left.to_string(), MAX_TRIES));
            }
            let p0 = rational_between(&left, &upper);
            let (solution, choices) = point(&p0)?;
            let f = profile_values(graph, &choices, &threat, params.no_result());
            for (node, fs) in f.iter().enumerate() {
                let vs = solution.value(node as u32);
                let at = fs.eval(&p0);
                if at.as_ref() != Some(vs) {
                    return Err(ExactSweepError::Mismatch {
                        p: p0.to_string(),
                        function: at.map_or_else(|| "a pole".to_string(), |v| v.to_string()),
                        solver: vs.to_string(),
                    });
                }
            }
            match cell(
                &critical_polys(graph, &f, params.no_result()),
                &left,
                &p0,
                hi,
            ) {
                Cell::OnRoot => upper = Real::Rational(p0),
                Cell::Between(ends) => {
                    let (from, to) = *ends;
                    if from.cmp_exact(&left) == Ordering::Greater {
                        upper = from;
                        continue;
                    }
                    let [b, w] = graph.roots.map(|r| &f[r as usize]);
                    let one_minus_q = &RatFunc::one() - &symbolic_q;
                    break (to, &(&symbolic_q * b) + &(&one_minus_q * w));
                }
            }
        };
        match pieces.last_mut() {
            Some(last) if last.value == value => last.to = to.clone(),
            _ => pieces.push(Piece {
                from: left.clone(),
                to: to.clone(),
                value,
            }),
        }
        left = to;
    }
    // Report each breakpoint by the smallest polynomial that has it: a piece's end is a root
    // of the difference between its function and the next one's (the value is continuous).
    let ends: Vec<Real> = pieces
        .windows(2)
        .map(|w| {
            w[0].to
                .simplified(&(&w[0].value - &w[1].value).num().clone())
        })
        .collect();
    for (i, e) in ends.into_iter().enumerate() {
        pieces[i].to = e.clone();
        pieces[i + 1].from = e;
    }
    Ok(ExactSweep {
        lo: lo.clone(),
        hi: hi.clone(),
        at_lo,
        at_hi,
        pieces,
        solves,
    })
}

impl ExactSweep {
    /// The pieces as text: each interval of `p` with its function, the ends as solved, and the
    /// irrational breakpoints defined below (named b1, b2, …).
    pub fn text(&self, name: &str) -> String {
        let mut out = format!(
            "{name}  life degree as an exact function of p (both sides' threat probability)\n"
        );
        let mut defined: Vec<String> = Vec::new();
        let mut show = |r: &Real| match r {
            Real::Rational(q) => q.to_string(),
            Real::Root { .. } => {
                let label = format!("b{}", defined.len() + 1);
                defined.push(format!("  {label} = {r}"));
                label
            }
        };
        let mut rows: Vec<(String, String)> =
            vec![(format!("p = {}", self.lo), self.at_lo.to_string())];
        let mut previous: Option<String> = None;
        for piece in &self.pieces {
            let from = previous.take().unwrap_or_else(|| show(&piece.from));
            let to = show(&piece.to);
            rows.push((format!("{from} < p < {to}"), piece.value.to_string()));
            previous = Some(to);
        }
        if self.hi != self.lo {
            rows.push((format!("p = {}", self.hi), self.at_hi.to_string()));
        }
        let width = rows
            .iter()
            .map(|(a, _)| a.chars().count())
            .max()
            .unwrap_or(0);
        for (a, b) in rows {
            out.push_str(&format!(
                "  {a}{}  {b}\n",
                " ".repeat(width - a.chars().count())
            ));
        }
        for d in defined {
            out.push_str(&d);
            out.push('\n');
        }
        out.push_str(&format!(
            "  {} piece{}, {} pointwise solves\n",
            self.pieces.len(),
            if self.pieces.len() == 1 { "" } else { "s" },
            self.solves
        ));
        out
    }
}

enum Cell {
    /// The sample point is itself a root: no cell.
    OnRoot,
    /// The open cell around the sample point.
    Between(Box<(Real, Real)>),
}

/// The cell of `p0`: between the largest root below it (not below `left`'s lower bound) and
/// the smallest above it (up to `hi`).
fn cell(polys: &[Poly], left: &Real, p0: &Value, hi: &Value) -> Cell {
    let mut from = Real::Rational(left.lower().clone());
    let mut to = Real::Rational(hi.clone());
    for f in polys {
        if f.eval(p0).is_zero() {
            return Cell::OnRoot;
        }
        for r in roots_between(f, left.lower(), hi) {
            if r.cmp_exact(&Real::Rational(p0.clone())) == Ordering::Less {
                if r.cmp_exact(&from) == Ordering::Greater {
                    from = r;
                }
            } else if r.cmp_exact(&to) == Ordering::Less {
                to = r;
            }
        }
    }
    Cell::Between(Box::new((from, to)))
}

/// The numerators of every difference the solver's certificate looks at: between a node and
/// its children, between two children of a node, and between a node and the no-result value.
/// Square-free and primitive, each once; constants dropped.
fn critical_polys(graph: &GameGraph, f: &[RatFunc], no_result: &Value) -> Vec<Poly> {
    let mut ids: HashMap<&RatFunc, usize> = HashMap::new();
    let no_result = RatFunc::constant(no_result.clone());
    let mut functions: Vec<&RatFunc> = vec![&no_result];
    ids.insert(&no_result, 0);
    let mut pairs: HashSet<(usize, usize)> = HashSet::new();
    for s in 2..graph.len() {
        let mut group: Vec<usize> = std::iter::once(s as u32)
            .chain(graph.children(s as u32).iter().copied())
            .map(|node| {
                let g = &f[node as usize];
                *ids.entry(g).or_insert_with(|| {
                    functions.push(g);
                    functions.len() - 1
                })
            })
            .collect();
        group.push(0);
        group.sort_unstable();
        group.dedup();
        for (i, &a) in group.iter().enumerate() {
            for &b in &group[i + 1..] {
                pairs.insert((a, b));
            }
        }
    }
    let mut polys: HashSet<Poly> = HashSet::new();
    for (a, b) in pairs {
        let (fa, fb) = (functions[a], functions[b]);
        let diff = &(fa.num() * fb.den()) - &(fb.num() * fa.den());
        if !diff.is_constant() {
            polys.insert(diff.square_free().primitive());
        }
    }
    let mut out: Vec<Poly> = polys.into_iter().collect();
    // A fixed order keeps runs reproducible.
    out.sort_by_key(|p| (p.degree(), format!("{p:?}")));
    out
}
