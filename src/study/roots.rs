//! Real roots of rational polynomials, exactly. Sturm sequences count roots in an interval, so
//! bisection isolates each root in a rational interval that holds no other; a root is then
//! kept as (square-free polynomial, interval) and compared, refined or tested for being
//! rational without any floating point.

use crate::study::poly::Poly;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::cmp::Ordering;
use std::fmt;

type Q = BigRational;

/// A real number that is rational or a root of a rational polynomial.
#[derive(Clone, Debug)]
pub enum Real {
    Rational(Q),
    /// The only root of `poly` (square-free) in the open interval `(lo, hi)`; `poly` is
    /// nonzero, with opposite signs, at both ends.
    Root {
        poly: Poly,
        lo: Q,
        hi: Q,
    },
}

fn sturm_sequence(f: &Poly) -> Vec<Poly> {
    let mut seq = vec![f.clone(), f.derivative()];
    while !seq.last().expect("nonempty").is_zero() {
        let n = seq.len();
        let r = seq[n - 2].div_rem(&seq[n - 1]).1;
        seq.push(-&r);
    }
    seq.pop();
    seq
}

/// Sign changes of the sequence at `x`, zeros skipped.
fn variations(seq: &[Poly], x: &Q) -> usize {
    let signs: Vec<bool> = seq
        .iter()
        .map(|p| p.eval(x))
        .filter(|v| !v.is_zero())
        .map(|v| v.is_positive())
        .collect();
    signs.windows(2).filter(|w| w[0] != w[1]).count()
}

/// A point strictly inside `(lo, hi)` where `f` is not zero.
fn split_point(f: &Poly, lo: &Q, hi: &Q) -> Q {
    // Finitely many roots, so one of the points hi - (hi-lo)/k is not one.
    (2..)
        .map(|k| lo + (hi - lo) / Q::from_integer(BigInt::from(k)))
        .find(|m| !f.eval(m).is_zero())
        .expect("a polynomial has finitely many roots")
}

/// The distinct real roots of `f` in the open interval `(a, b)`, in increasing order.
/// `f` must not be the zero polynomial.
pub(crate) fn roots_between(f: &Poly, a: &Q, b: &Q) -> Vec<Real> {
    let mut g = f.square_free();
    // Dividing out a root at an end keeps the ends off the roots, as Sturm's count needs.
    for end in [a, b] {
        if !g.is_constant() && g.eval(end).is_zero() {
            g = g.div_rem(&Poly::new(vec![-end.clone(), Q::one()])).0;
        }
    }
    if g.is_constant() || a >= b {
        return Vec::new();
    }
    let seq = sturm_sequence(&g);
    let mut out = Vec::new();
    let mut stack = vec![(a.clone(), b.clone())];
    while let Some((lo, hi)) = stack.pop() {
        let count = variations(&seq, &lo) - variations(&seq, &hi);
        match count {
            0 => {}
            1 => out.push(Real::Root {
                poly: g.clone(),
                lo,
                hi,
            }),
            _ => {
                let m = split_point(&g, &lo, &hi);
                // Upper half first on the stack so the lower half pops first.
                stack.push((m.clone(), hi));
                stack.push((lo, m));
            }
        }
    }
    out
}

impl Real {
    /// A rational at or below the number.
    pub fn lower(&self) -> &Q {
        match self {
            Real::Rational(r) => r,
            Real::Root { lo, .. } => lo,
        }
    }

    /// A rational at or above the number.
    pub fn upper(&self) -> &Q {
        match self {
            Real::Rational(r) => r,
            Real::Root { hi, .. } => hi,
        }
    }

    /// Halves the isolating interval (a rational stays as it is).
    pub fn refine(&mut self) {
        if let Real::Root { poly, lo, hi } = self {
            let mid = (&*lo + &*hi) / Q::from_integer(2.into());
            let at_mid = poly.eval(&mid);
            if at_mid.is_zero() {
                *self = Real::Rational(mid);
            } else if at_mid.is_positive() == poly.eval(lo).is_positive() {
                *lo = mid;
            } else {
                *hi = mid;
            }
        }
    }

    /// Where a rational lies relative to this number.
    fn cmp_rational(&self, r: &Q) -> Ordering {
        match self {
            Real::Rational(x) => x.cmp(r),
            Real::Root { poly, lo, hi } => {
                if r <= lo {
                    Ordering::Greater
                } else if r >= hi {
                    Ordering::Less
                } else {
                    let at = poly.eval(r);
                    if at.is_zero() {
                        Ordering::Equal
                    } else if at.is_positive() == poly.eval(lo).is_positive() {
                        // No sign change between lo and r: the root is above r.
                        Ordering::Greater
                    } else {
                        Ordering::Less
                    }
                }
            }
        }
    }

    /// Exact comparison.
    pub fn cmp_exact(&self, other: &Real) -> Ordering {
        match (self, other) {
            (_, Real::Rational(r)) => self.cmp_rational(r),
            (Real::Rational(r), _) => other.cmp_rational(r).reverse(),
            (
                Real::Root {
                    poly: f,
                    lo: flo,
                    hi: fhi,
                },
                Real::Root {
                    poly: g,
                    lo: glo,
                    hi: ghi,
                },
            ) => {
                let (lo, hi) = (flo.max(glo), fhi.min(ghi));
                if lo < hi {
                    // Equal exactly when the common factor has its root in the overlap (the
                    // overlap's ends are non-roots of f or g, so of the common factor).
                    let common = f.gcd(g);
                    if !common.is_constant() && !roots_between(&common, lo, hi).is_empty() {
                        return Ordering::Equal;
                    }
                } else if fhi <= glo {
                    return Ordering::Less;
                } else {
                    return Ordering::Greater;
                }
                let (mut a, mut b) = (self.clone(), other.clone());
                loop {
                    a.refine();
                    b.refine();
                    let apart = a.upper() <= b.lower() || b.upper() <= a.lower();
                    let rational = |x: &Real| matches!(x, Real::Rational(_));
                    if apart || rational(&a) || rational(&b) {
                        return a.cmp_exact(&b);
                    }
                }
            }
        }
    }

    /// The number itself when it is rational (an exact test, not a guess): a rational root
    /// of an integer polynomial with leading coefficient `n` is `k/n` for an integer `k`, and
    /// an interval narrower than `1/n` holds at most one such point.
    pub fn rational(&self) -> Option<Q> {
        let (poly, mut x) = match self {
            Real::Rational(r) => return Some(r.clone()),
            Real::Root { poly, .. } => (poly, self.clone()),
        };
        let ints = poly.integer_coeffs();
        let n = ints.last().expect("nonconstant").abs();
        let width = Q::new(BigInt::one(), n.clone());
        while x.upper() - x.lower() >= width {
            x.refine();
        }
        if let Real::Rational(r) = x {
            return Some(r);
        }
        let k = (x.lower() * Q::from_integer(n.clone())).ceil();
        let candidate = k / Q::from_integer(n);
        (x.cmp_rational(&candidate) == Ordering::Equal).then_some(candidate)
    }

    /// A decimal approximation (to about 1e-12).
    pub fn approx(&self) -> f64 {
        let mut x = self.clone();
        let eps = Q::new(BigInt::one(), BigInt::from(1_000_000_000_000u64));
        while x.upper() - x.lower() > eps {
            x.refine();
        }
        ((x.lower() + x.upper()) / Q::from_integer(2.into()))
            .to_f64()
            .unwrap_or(f64::NAN)
    }

    /// The same number as a rational when it is one, else with its polynomial reduced to the
    /// factor it shares with `other` when that factor still has the root (a smaller
    /// polynomial to report).
    pub fn simplified(&self, other: &Poly) -> Real {
        if let Some(r) = self.rational() {
            return Real::Rational(r);
        }
        let Real::Root { poly, lo, hi } = self else {
            unreachable!("rationals returned above")
        };
        let common = poly.gcd(other);
        if !common.is_constant() && !roots_between(&common, lo, hi).is_empty() {
            return Real::Root {
                poly: common.square_free(),
                lo: lo.clone(),
                hi: hi.clone(),
            };
        }
        self.clone()
    }
}

impl fmt::Display for Real {
    /// `1/3`, or `root of 2p^2 - 1 in (181/256, 1449/2048) ≈ 0.707107`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Real::Rational(r) => write!(f, "{r}"),
            Real::Root { .. } => {
                // A narrow interval says more than the one isolation happened to stop at.
                let mut narrow = self.clone();
                let width = Q::new(BigInt::one(), BigInt::from(1000));
                while narrow.upper() - narrow.lower() > width {
                    narrow.refine();
                }
                match &narrow {
                    Real::Root { poly, lo, hi } => write!(
                        f,
                        "root of {} in ({lo}, {hi}) ≈ {:.6}",
                        poly.primitive().display("p"),
                        self.approx()
                    ),
                    Real::Rational(r) => write!(f, "{r}"),
                }
            }
        }
    }
}

/// The simplest rational (smallest denominator, then numerator) in the open interval
/// `(a, b)`, or `(a, ∞)` without `b`; `a` must be at least 0 and below `b`. Sample points
/// chosen this way keep the solver's numbers small.
pub(crate) fn simplest_between(a: &Q, b: Option<&Q>) -> Q {
    let n = a.floor();
    let next = &n + Q::one();
    if b.is_none_or(|b| &next < b) {
        return next;
    }
    let b = b.expect("bounded here");
    // (a, b) lies within [n, n+1]: write x = n + 1/y with y in (1/(b-n), 1/(a-n)).
    let y_lo = (b - &n).recip();
    let y_hi = (a != &n).then(|| (a - &n).recip());
    n + simplest_between(&y_lo, y_hi.as_ref()).recip()
}

/// A simple rational strictly between two reals, `a < b`, `a ≥ 0`.
pub(crate) fn rational_between(a: &Real, b: &Real) -> Q {
    let (mut a, mut b) = (a.clone(), b.clone());
    while a.upper() >= b.lower() {
        a.refine();
        b.refine();
    }
    simplest_between(a.upper(), Some(b.lower()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::poly::tests::{poly, q};

    #[test]
    fn isolates_and_orders_roots() {
        // 2x^2 - 1 has roots ±1/√2; (x - 1/3)(2x^2 - 1) adds 1/3.
        let f = &poly(&[-1, 3]) * &poly(&[-1, 0, 2]);
        let roots = roots_between(&f, &q(-1, 1), &q(1, 1));
        assert_eq!(roots.len(), 3);
        assert!((roots[0].approx() + 0.5f64.sqrt()).abs() < 1e-9);
        assert_eq!(roots[1].rational(), Some(q(1, 3)));
        assert!((roots[2].approx() - 0.5f64.sqrt()).abs() < 1e-9);
        assert_eq!(roots[2].rational(), None);
        assert_eq!(roots[0].cmp_exact(&roots[1]), Ordering::Less);
        assert_eq!(roots[2].cmp_exact(&roots[1]), Ordering::Greater);
        // The same root from another polynomial compares equal.
        let g = &poly(&[-1, 0, 2]) * &poly(&[5, 1]);
        let same = roots_between(&g, &q(0, 1), &q(1, 1));
        assert_eq!(same.len(), 1);
        assert_eq!(same[0].cmp_exact(&roots[2]), Ordering::Equal);
        assert_eq!(roots[2].to_string(), format!("{}", roots[2]));
    }

    #[test]
    fn roots_at_the_ends_are_excluded() {
        let f = &poly(&[0, 1]) * &poly(&[-1, 1]);
        assert!(roots_between(&f, &q(0, 1), &q(1, 1)).is_empty());
        assert_eq!(roots_between(&f, &q(-1, 2), &q(2, 1)).len(), 2);
    }

    #[test]
    fn simplest_rationals() {
        assert_eq!(simplest_between(&q(0, 1), Some(&q(1, 1))), q(1, 2));
        assert_eq!(simplest_between(&q(1, 3), Some(&q(1, 2))), q(2, 5));
        assert_eq!(simplest_between(&q(0, 1), Some(&q(2, 1))), q(1, 1));
        assert_eq!(simplest_between(&q(7, 10), Some(&q(71, 100))), q(12, 17));
    }
}
