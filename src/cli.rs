//! Command-line arguments.

use clap::Parser;
use lifedeg::solver::{Params, Value};
use std::path::PathBuf;

/// The exact life degree of a group in a Go problem (SGF).
#[derive(Parser, Debug)]
#[command(version, about)]
pub struct Args {
    /// Problem files (SGF).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,

    /// Print one JSON object per problem per line.
    #[arg(long)]
    pub json: bool,

    /// Probability that a side facing a ko ban has a threat (exact, e.g. 1/3).
    #[arg(long, value_name = "P", default_value = "1/2", value_parser = probability)]
    pub threat_prob: Value,

    /// Probability that Black moves first.
    #[arg(long, value_name = "Q", default_value = "1/2", value_parser = probability)]
    pub first_prob: Value,

    /// Value of play that never ends (triple ko, eternal life).
    #[arg(long, value_name = "V", default_value = "1/2", value_parser = probability)]
    pub no_result: Value,

    /// A stone of the target (SGF `cc` or `C3` style), overriding the file's marks.
    #[arg(long, value_name = "POINT")]
    pub target: Option<String>,

    /// Refuse problems whose state graph passes this many states.
    #[arg(long, value_name = "N", default_value_t = lifedeg::degree::Limits::default().max_states)]
    pub max_states: usize,
}

impl Args {
    pub fn params(&self) -> Params {
        Params {
            threat_prob: [self.threat_prob.clone(), self.threat_prob.clone()],
            first_prob: self.first_prob.clone(),
            no_result: self.no_result.clone(),
        }
    }
}

/// An exact rational in [0, 1]: `1/3`, `0.25`, `1`.
fn probability(text: &str) -> Result<Value, String> {
    let value = lifedeg::solver::parse_rational(text)?;
    if value < Value::from_integer(0.into()) || value > Value::from_integer(1.into()) {
        return Err(format!("{text} is not between 0 and 1"));
    }
    Ok(value)
}
