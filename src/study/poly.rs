//! Polynomials and rational functions in one variable over the rationals: the life degree as
//! an exact function of the threat probability (used by the exact sweep, `piecewise`).

use crate::solve::exact::Field;
use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};
use std::fmt;
use std::ops::{Add, Div, Mul, MulAssign, Neg, Sub, SubAssign};

type Q = BigRational;

/// A polynomial with rational coefficients, lowest degree first, no trailing zeros.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Poly {
    coeffs: Vec<Q>,
}

impl Poly {
    pub fn new(mut coeffs: Vec<Q>) -> Poly {
        while coeffs.last().is_some_and(Zero::is_zero) {
            coeffs.pop();
        }
        Poly { coeffs }
    }

    pub fn constant(c: Q) -> Poly {
        Poly::new(vec![c])
    }

    /// The variable itself.
    pub fn x() -> Poly {
        Poly::new(vec![Q::zero(), Q::one()])
    }

    pub fn coeffs(&self) -> &[Q] {
        &self.coeffs
    }

    /// `None` for the zero polynomial.
    pub fn degree(&self) -> Option<usize> {
        self.coeffs.len().checked_sub(1)
    }

    pub fn is_constant(&self) -> bool {
        self.coeffs.len() <= 1
    }

    pub fn lead(&self) -> Q {
        self.coeffs.last().cloned().unwrap_or_else(Q::zero)
    }

    pub fn eval(&self, x: &Q) -> Q {
        self.coeffs
            .iter()
            .rev()
            .fold(Q::zero(), |acc, c| acc * x + c)
    }

    pub fn scale(&self, k: &Q) -> Poly {
        Poly::new(self.coeffs.iter().map(|c| c * k).collect())
    }

    pub fn derivative(&self) -> Poly {
        Poly::new(
            self.coeffs
                .iter()
                .enumerate()
                .skip(1)
                .map(|(i, c)| c * Q::from_integer(i.into()))
                .collect(),
        )
    }

    /// Quotient and remainder; `d` must not be zero.
    pub fn div_rem(&self, d: &Poly) -> (Poly, Poly) {
        let dd = d.degree().expect("division by the zero polynomial");
        let lead = d.lead();
        let mut rem = self.coeffs.clone();
        let mut quot = vec![Q::zero(); self.coeffs.len().saturating_sub(dd)];
        while rem.len() > dd && !rem.is_empty() {
            let shift = rem.len() - 1 - dd;
            let k = rem.last().expect("nonempty") / &lead;
            for (i, c) in d.coeffs.iter().enumerate() {
                rem[shift + i] -= &k * c;
            }
            quot[shift] = k;
            rem.pop();
            while rem.last().is_some_and(Zero::is_zero) {
                rem.pop();
            }
        }
        (Poly::new(quot), Poly::new(rem))
    }

    /// The same polynomial with leading coefficient 1 (zero stays zero).
    pub fn monic(&self) -> Poly {
        if self.is_zero() {
            return self.clone();
        }
        self.scale(&self.lead().recip())
    }

    /// The monic greatest common divisor.
    pub fn gcd(&self, other: &Poly) -> Poly {
        let (mut a, mut b) = (self.clone(), other.clone());
        while !b.is_zero() {
            let r = a.div_rem(&b).1;
            a = b;
            // Keeping the remainders monic stops coefficient blow-up.
            b = r.monic();
        }
        a.monic()
    }

    /// The product of the distinct irreducible factors: the same roots, each simple.
    pub fn square_free(&self) -> Poly {
        let g = self.gcd(&self.derivative());
        self.div_rem(&g).0
    }

    /// The same polynomial scaled to coprime integer coefficients with a positive leading
    /// coefficient: a canonical form for a set of roots.
    pub fn primitive(&self) -> Poly {
        let ints = self.integer_coeffs();
        let negative = ints.last().is_some_and(Signed::is_negative);
        Poly::new(
            ints.into_iter()
                .map(|n| Q::from_integer(if negative { -n } else { n }))
                .collect(),
        )
    }

    /// The coefficients as coprime integers (the polynomial up to a positive factor).
    pub fn integer_coeffs(&self) -> Vec<BigInt> {
        integer_coeffs(&self.coeffs).0
    }

    /// Written in the variable `var`, highest degree first: `2p^2 - p + 1`.
    pub fn display(&self, var: &str) -> String {
        if self.is_zero() {
            return "0".to_string();
        }
        let mut out = String::new();
        for (i, c) in self.coeffs.iter().enumerate().rev() {
            if c.is_zero() {
                continue;
            }
            let first = out.is_empty();
            if c.is_negative() {
                out.push_str(if first { "-" } else { " - " });
            } else if !first {
                out.push_str(" + ");
            }
            let a = c.abs();
            let power = match i {
                0 => String::new(),
                1 => var.to_string(),
                _ => format!("{var}^{i}"),
            };
            if i == 0 || !a.is_one() {
                if a.is_integer() || i == 0 {
                    out.push_str(&a.to_string());
                } else {
                    out.push_str(&format!("({a})"));
                }
            }
            out.push_str(&power);
        }
        out
    }
}

/// Coefficients times the least common denominator, divided by their gcd; and that factor.
fn integer_coeffs(coeffs: &[Q]) -> (Vec<BigInt>, Q) {
    let lcm = coeffs.iter().fold(BigInt::one(), |l, c| l.lcm(c.denom()));
    let ints: Vec<BigInt> = coeffs
        .iter()
        .map(|c| (c * Q::from_integer(lcm.clone())).to_integer())
        .collect();
    let gcd = ints.iter().fold(BigInt::zero(), |g, n| g.gcd(n));
    let gcd = if gcd.is_zero() { BigInt::one() } else { gcd };
    let factor = Q::new(lcm, gcd.clone());
    (ints.into_iter().map(|n| n / &gcd).collect(), factor)
}

impl Zero for Poly {
    fn zero() -> Poly {
        Poly { coeffs: Vec::new() }
    }
    fn is_zero(&self) -> bool {
        self.coeffs.is_empty()
    }
}

impl One for Poly {
    fn one() -> Poly {
        Poly::constant(Q::one())
    }
}

impl Add<&Poly> for &Poly {
    type Output = Poly;
    fn add(self, o: &Poly) -> Poly {
        let n = self.coeffs.len().max(o.coeffs.len());
        let get = |p: &Poly, i: usize| p.coeffs.get(i).cloned().unwrap_or_else(Q::zero);
        Poly::new((0..n).map(|i| get(self, i) + get(o, i)).collect())
    }
}

impl Neg for &Poly {
    type Output = Poly;
    fn neg(self) -> Poly {
        Poly::new(self.coeffs.iter().map(|c| -c).collect())
    }
}

impl Sub<&Poly> for &Poly {
    type Output = Poly;
    fn sub(self, o: &Poly) -> Poly {
        self + &(-o)
    }
}

impl Mul<&Poly> for &Poly {
    type Output = Poly;
    fn mul(self, o: &Poly) -> Poly {
        if self.is_zero() || o.is_zero() {
            return Poly::zero();
        }
        let mut c = vec![Q::zero(); self.coeffs.len() + o.coeffs.len() - 1];
        for (i, a) in self.coeffs.iter().enumerate() {
            for (j, b) in o.coeffs.iter().enumerate() {
                c[i + j] += a * b;
            }
        }
        Poly::new(c)
    }
}

impl Add for Poly {
    type Output = Poly;
    fn add(self, o: Poly) -> Poly {
        &self + &o
    }
}

impl Mul for Poly {
    type Output = Poly;
    fn mul(self, o: Poly) -> Poly {
        &self * &o
    }
}

/// A rational function `num/den` in lowest terms, `den` monic.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RatFunc {
    num: Poly,
    den: Poly,
}

impl RatFunc {
    /// `num/den`, reduced; `den` must not be zero.
    pub fn new(num: Poly, den: Poly) -> RatFunc {
        assert!(!den.is_zero(), "rational function with a zero denominator");
        if num.is_zero() {
            return RatFunc::zero();
        }
        let g = num.gcd(&den);
        let (num, den) = (num.div_rem(&g).0, den.div_rem(&g).0);
        let k = den.lead().recip();
        RatFunc {
            num: num.scale(&k),
            den: den.scale(&k),
        }
    }

    pub fn constant(c: Q) -> RatFunc {
        RatFunc {
            num: Poly::constant(c),
            den: Poly::one(),
        }
    }

    /// The variable itself.
    pub fn x() -> RatFunc {
        RatFunc {
            num: Poly::x(),
            den: Poly::one(),
        }
    }

    pub fn num(&self) -> &Poly {
        &self.num
    }

    pub fn den(&self) -> &Poly {
        &self.den
    }

    /// The value at `x`; `None` at a pole.
    pub fn eval(&self, x: &Q) -> Option<Q> {
        let d = self.den.eval(x);
        (!d.is_zero()).then(|| self.num.eval(x) / d)
    }

    /// Written with integer coefficients: `(2p + 1)/(2p + 2)`, `p/2` as `p/2`.
    pub fn display(&self, var: &str) -> String {
        // Scale numerator and denominator by one factor so that both have coprime integer
        // coefficients together.
        let all: Vec<Q> = self
            .num
            .coeffs
            .iter()
            .chain(&self.den.coeffs)
            .cloned()
            .collect();
        let (_, factor) = integer_coeffs(&all);
        let num = self.num.scale(&factor);
        let den = self.den.scale(&factor);
        let wrap = |p: &Poly| {
            let s = p.display(var);
            if p.coeffs.iter().filter(|c| !c.is_zero()).count() > 1 {
                format!("({s})")
            } else {
                s
            }
        };
        if den.is_one() {
            num.display(var)
        } else {
            format!("{}/{}", wrap(&num), wrap(&den))
        }
    }
}

impl fmt::Display for RatFunc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.display("p"))
    }
}

impl Zero for RatFunc {
    fn zero() -> RatFunc {
        RatFunc {
            num: Poly::zero(),
            den: Poly::one(),
        }
    }
    fn is_zero(&self) -> bool {
        self.num.is_zero()
    }
}

impl One for RatFunc {
    fn one() -> RatFunc {
        RatFunc::constant(Q::one())
    }
}

impl Add<&RatFunc> for &RatFunc {
    type Output = RatFunc;
    fn add(self, o: &RatFunc) -> RatFunc {
        if self.den == o.den {
            return RatFunc::new(&self.num + &o.num, self.den.clone());
        }
        RatFunc::new(
            &(&self.num * &o.den) + &(&o.num * &self.den),
            &self.den * &o.den,
        )
    }
}

impl Neg for &RatFunc {
    type Output = RatFunc;
    fn neg(self) -> RatFunc {
        RatFunc {
            num: -&self.num,
            den: self.den.clone(),
        }
    }
}

impl Sub<&RatFunc> for &RatFunc {
    type Output = RatFunc;
    fn sub(self, o: &RatFunc) -> RatFunc {
        self + &(-o)
    }
}

impl Mul<&RatFunc> for &RatFunc {
    type Output = RatFunc;
    fn mul(self, o: &RatFunc) -> RatFunc {
        RatFunc::new(&self.num * &o.num, &self.den * &o.den)
    }
}

impl Div<&RatFunc> for &RatFunc {
    type Output = RatFunc;
    fn div(self, o: &RatFunc) -> RatFunc {
        RatFunc::new(&self.num * &o.den, &self.den * &o.num)
    }
}

impl Add for RatFunc {
    type Output = RatFunc;
    fn add(self, o: RatFunc) -> RatFunc {
        &self + &o
    }
}

impl Mul for RatFunc {
    type Output = RatFunc;
    fn mul(self, o: RatFunc) -> RatFunc {
        &self * &o
    }
}

impl<'a> Mul<&'a RatFunc> for RatFunc {
    type Output = RatFunc;
    fn mul(self, o: &'a RatFunc) -> RatFunc {
        &self * o
    }
}

impl<'a> Sub<&'a RatFunc> for RatFunc {
    type Output = RatFunc;
    fn sub(self, o: &'a RatFunc) -> RatFunc {
        &self - o
    }
}

impl<'a> MulAssign<&'a RatFunc> for RatFunc {
    fn mul_assign(&mut self, o: &'a RatFunc) {
        *self = &*self * o;
    }
}

impl<'a> SubAssign<&'a RatFunc> for RatFunc {
    fn sub_assign(&mut self, o: &'a RatFunc) {
        *self = &*self - o;
    }
}

impl Field for RatFunc {
    fn inverse(&self) -> RatFunc {
        &RatFunc::one() / self
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub(crate) fn q(n: i64, d: i64) -> Q {
        Q::new(n.into(), d.into())
    }

    /// A polynomial from integer coefficients, lowest degree first.
    pub(crate) fn poly(c: &[i64]) -> Poly {
        Poly::new(c.iter().map(|&n| q(n, 1)).collect())
    }

    #[test]
    fn division_and_gcd() {
        // (x - 1)(x + 2) and (x - 1)(x - 3) share x - 1.
        let a = &poly(&[-1, 1]) * &poly(&[2, 1]);
        let b = &poly(&[-1, 1]) * &poly(&[-3, 1]);
        assert_eq!(a.gcd(&b), poly(&[-1, 1]));
        let (quot, rem) = a.div_rem(&poly(&[-1, 1]));
        assert_eq!(quot, poly(&[2, 1]));
        assert!(rem.is_zero());
    }

    #[test]
    fn square_free_drops_repeats() {
        let sq = &poly(&[-1, 1]) * &poly(&[-1, 1]);
        let f = &sq * &poly(&[0, 1]);
        assert_eq!(
            f.square_free().monic(),
            (&poly(&[-1, 1]) * &poly(&[0, 1])).monic()
        );
    }

    #[test]
    fn rational_functions_reduce_and_print() {
        let p = RatFunc::x();
        let one = RatFunc::one();
        // y = p/(1+p), life degree = (1 + y)/2 = (1 + 2p)/(2 + 2p): the source's example 2.
        let y = &p / &(&one + &p);
        let half = RatFunc::constant(q(1, 2));
        let ld = &half * &(&one + &y);
        assert_eq!(ld.to_string(), "(2p + 1)/(2p + 2)");
        assert_eq!(ld.eval(&q(1, 2)), Some(q(2, 3)));
        let cancels = &(&p * &p) / &p;
        assert_eq!(cancels, p);
        assert_eq!((&p - &p).to_string(), "0");
        assert_eq!(poly(&[1, 0, -2]).display("p"), "-2p^2 + 1");
    }
}
