//! The model's parameters (docs/MODEL.md): each side's probability of having a ko threat,
//! the probability that Black moves first, and the value of play that never ends; and the
//! exact values the solver computes with them.

use crate::go::color::ByColor;
use crate::go::rules::Color;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};

/// An exact value: a probability of life, or one of the model's parameters.
pub type Value = BigRational;

/// The model's probabilities and the value of endless play (docs/MODEL.md), each a checked
/// [`Probability`]: a model cannot hold a threat probability of 7/2.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    /// Probability that a side facing a ko ban has a threat, by colour.
    threat_prob: ByColor<Probability>,
    /// Probability that Black moves first.
    first_prob: Probability,
    /// Value of play that never ends.
    no_result: Probability,
}

impl Model {
    /// Each side's threat probability, the probability that Black moves first, and the
    /// value of play that never ends.
    pub fn new(
        threat_prob: ByColor<Probability>,
        first_prob: Probability,
        no_result: Probability,
    ) -> Model {
        Model {
            threat_prob,
            first_prob,
            no_result,
        }
    }

    /// This model with both sides' threat probability `p`.
    pub fn with_threat_prob(self, p: Probability) -> Model {
        self.with_threat_probs(ByColor::both(p))
    }

    /// This model with each side's own threat probability.
    pub fn with_threat_probs(self, threat_prob: ByColor<Probability>) -> Model {
        Model {
            threat_prob,
            ..self
        }
    }

    /// This model with Black moving first with probability `q`.
    pub fn with_first_prob(self, first_prob: Probability) -> Model {
        Model { first_prob, ..self }
    }

    /// This model with endless play worth `v`.
    pub fn with_no_result(self, no_result: Probability) -> Model {
        Model { no_result, ..self }
    }

    /// Probability that `color`, facing a ko ban, has a threat.
    pub fn threat_prob(&self, color: Color) -> &Value {
        self.threat_prob[color].value()
    }

    /// Both sides' threat probabilities.
    pub fn threat_probs(&self) -> ByColor<&Value> {
        self.threat_prob.as_ref().map(Probability::value)
    }

    /// Probability that Black moves first.
    pub fn first_prob(&self) -> &Value {
        self.first_prob.value()
    }

    /// Value of play that never ends.
    pub fn no_result(&self) -> &Value {
        self.no_result.value()
    }
}

impl Default for Model {
    /// Every probability ½: each side has a threat as often as not, either side moves first,
    /// endless play is worth ½.
    fn default() -> Model {
        let half = Probability::half();
        Model {
            threat_prob: ByColor::both(half.clone()),
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

/// A value outside [0, 1] offered as a probability.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0} is not between 0 and 1")]
pub struct NotAProbability(pub Value);

impl Probability {
    /// `value` as a probability, refused outside [0, 1].
    pub fn new(value: Value) -> Result<Probability, NotAProbability> {
        if value < Value::zero() || value > Value::one() {
            return Err(NotAProbability(value));
        }
        Ok(Probability(value))
    }

    /// `numer / denom`, refused outside [0, 1] (or when `denom` is 0).
    pub fn ratio(numer: i64, denom: i64) -> Result<Probability, NotAProbability> {
        if denom == 0 {
            return Err(NotAProbability(Value::zero()));
        }
        Probability::new(Value::new(numer.into(), denom.into()))
    }

    pub fn zero() -> Probability {
        Probability(Value::zero())
    }

    pub fn one() -> Probability {
        Probability(Value::one())
    }

    pub fn half() -> Probability {
        Probability(Value::new(1.into(), 2.into()))
    }

    pub fn value(&self) -> &Value {
        &self.0
    }

    pub fn into_value(self) -> Value {
        self.0
    }
}

impl TryFrom<Value> for Probability {
    type Error = NotAProbability;

    fn try_from(value: Value) -> Result<Probability, NotAProbability> {
        Probability::new(value)
    }
}

impl std::fmt::Display for Probability {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl std::str::FromStr for Probability {
    type Err = ValueError;

    /// `1/3`, `0.25`, `1`: an exact value between 0 and 1.
    fn from_str(text: &str) -> Result<Probability, ValueError> {
        Probability::new(parse_value(text)?)
            .map_err(|_| ValueError::NotAProbability(text.to_string()))
    }
}
