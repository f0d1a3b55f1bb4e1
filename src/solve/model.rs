//! The model's parameters (docs/MODEL.md): each side's probability of having a ko threat,
//! the probability that Black moves first, and the value of play that never ends; and the
//! exact values the solver computes with them.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};

/// An exact value: a probability of life, or one of the model's parameters.
pub type Value = BigRational;

/// The model's probabilities and the value of endless play (docs/MODEL.md).
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    /// Probability that a side facing a ko ban has a threat, by colour (Black, White).
    pub threat_prob: [Value; 2],
    /// Probability that Black moves first.
    pub first_prob: Value,
    /// Value of play that never ends.
    pub no_result: Value,
}

impl Default for Model {
    fn default() -> Model {
        let half = BigRational::new(1.into(), 2.into());
        Model {
            threat_prob: [half.clone(), half.clone()],
            first_prob: half.clone(),
            no_result: half,
        }
    }
}

/// Why a text is not an exact value.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ValueError {
    #[error("{0:?} is not a number (write 1/3, 0.25 or 1)")]
    NotANumber(String),
    #[error("{0:?} divides by zero")]
    DivisionByZero(String),
    #[error("{0} is not between 0 and 1")]
    NotAProbability(String),
}

/// Reads an exact rational: `1/3`, `2`, or a decimal such as `0.25`.
pub(crate) fn parse_value(text: &str) -> Result<Value, ValueError> {
    let t = text.trim();
    let bad = || ValueError::NotANumber(text.to_string());
    if let Some((n, d)) = t.split_once('/') {
        let n: BigInt = n.trim().parse().map_err(|_| bad())?;
        let d: BigInt = d.trim().parse().map_err(|_| bad())?;
        if d.is_zero() {
            return Err(ValueError::DivisionByZero(text.to_string()));
        }
        return Ok(Value::new(n, d));
    }
    let (whole, frac) = t.split_once('.').unwrap_or((t, ""));
    if !frac.chars().all(|c| c.is_ascii_digit()) {
        return Err(bad());
    }
    let digits: BigInt = format!("{whole}{frac}").parse().map_err(|_| bad())?;
    Ok(Value::new(digits, BigInt::from(10).pow(frac.len() as u32)))
}

/// An exact probability: a value in [0, 1].
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Probability(Value);

impl Probability {
    pub fn value(&self) -> &Value {
        &self.0
    }

    pub fn into_value(self) -> Value {
        self.0
    }
}

impl std::str::FromStr for Probability {
    type Err = ValueError;

    /// `1/3`, `0.25`, `1`: an exact value between 0 and 1.
    fn from_str(text: &str) -> Result<Probability, ValueError> {
        let value = parse_value(text)?;
        if value < Value::zero() || value > Value::one() {
            return Err(ValueError::NotAProbability(text.to_string()));
        }
        Ok(Probability(value))
    }
}
