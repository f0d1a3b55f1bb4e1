//! Command-line arguments. Only parsing lives here; the work is the library's.

use clap::{Args, Parser, Subcommand};
use lifedeg::compare::Format;
use lifedeg::degree::Limits;
use lifedeg::problem::TargetChoice;
use lifedeg::solver::{Params, Value};
use std::path::PathBuf;

/// The exact life degree of a group in a Go problem.
///
/// `lifedeg FILE...` solves each SGF file; the subcommands are study tools.
#[derive(Parser, Debug)]
#[command(version, about, args_conflicts_with_subcommands = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,

    #[command(flatten)]
    pub solve: SolveArgs,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Compare problems: one row per problem, highest life degree first.
    Compare(CompareArgs),
    /// The life degree across the threat probability (both sides' together).
    Sweep(SweepArgs),
}

/// `lifedeg compare FILES|DIRS...`
#[derive(Args, Debug)]
pub struct CompareArgs {
    /// Problem files, or directories whose *.sgf files are compared.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,

    /// Output format: table, markdown, csv or json.
    #[arg(long, default_value = "table")]
    pub format: Format,

    #[command(flatten)]
    pub model: ModelArgs,
}

/// `lifedeg sweep FILE... --threat-prob 0..1 --steps N`
#[derive(Args, Debug)]
pub struct SweepArgs {
    /// Problem files.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,

    /// The range of the threat probability, `LO..HI` (exact, e.g. 1/4..3/4), or one value.
    #[arg(long, value_name = "LO..HI", default_value = "0..1", value_parser = probability_range)]
    pub threat_prob: ProbabilityRange,

    /// Intervals between sampled points (points = steps + 1).
    #[arg(long, value_name = "N", default_value_t = 20)]
    pub steps: usize,

    /// Print CSV instead of a table.
    #[arg(long)]
    pub csv: bool,

    /// Write a line chart (SVG) of the life degree against p.
    #[arg(long, value_name = "OUT")]
    pub svg: Option<PathBuf>,

    /// The life degree as an exact piecewise rational function of p instead of samples
    /// (with --svg, the chart draws these functions).
    #[arg(long)]
    pub exact: bool,

    #[command(flatten)]
    pub game: GameArgs,
}

/// A closed range of probabilities.
#[derive(Clone, Debug)]
pub struct ProbabilityRange {
    pub lo: Value,
    pub hi: Value,
}

/// Solving files.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// Problem files (SGF).
    pub files: Vec<PathBuf>,

    /// Print one JSON object per problem per line.
    #[arg(long)]
    pub json: bool,

    /// Write the optimal lines as an SGF game tree (one problem file only).
    #[arg(long, value_name = "OUT")]
    pub sgf_out: Option<PathBuf>,

    /// Write the state graph in Graphviz DOT (one problem file only; small graphs only).
    #[arg(long, value_name = "OUT")]
    pub dot: Option<PathBuf>,

    #[command(flatten)]
    pub model: ModelArgs,
}

/// The model's parameters and the problem's target: shared by every command that solves.
#[derive(Args, Debug, Clone)]
pub struct ModelArgs {
    /// Probability that a side facing a ko ban has a threat (exact, e.g. 1/3).
    #[arg(long, value_name = "P", default_value = "1/2", value_parser = probability)]
    pub threat_prob: Value,

    /// Black's threat probability, overriding --threat-prob for Black.
    #[arg(long, value_name = "P", value_parser = probability)]
    pub black_threat_prob: Option<Value>,

    /// White's threat probability, overriding --threat-prob for White.
    #[arg(long, value_name = "P", value_parser = probability)]
    pub white_threat_prob: Option<Value>,

    #[command(flatten)]
    pub game: GameArgs,
}

impl ModelArgs {
    pub fn params(&self) -> Params {
        let own = |p: &Option<Value>| p.clone().unwrap_or_else(|| self.threat_prob.clone());
        self.game
            .params([own(&self.black_threat_prob), own(&self.white_threat_prob)])
    }

    pub fn limits(&self) -> Limits {
        self.game.limits()
    }

    pub fn target(&self) -> TargetChoice {
        self.game.target()
    }
}

/// Everything but the threat probability: shared with `sweep`, which varies that one.
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
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
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_states)]
    pub max_states: usize,
}

impl GameArgs {
    /// The parameters with the given threat probabilities (Black, White).
    pub fn params(&self, threat_prob: [Value; 2]) -> Params {
        Params {
            threat_prob,
            first_prob: self.first_prob.clone(),
            no_result: self.no_result.clone(),
        }
    }

    pub fn limits(&self) -> Limits {
        Limits {
            max_states: self.max_states,
        }
    }

    pub fn target(&self) -> TargetChoice {
        self.target
            .clone()
            .map_or(TargetChoice::FromFile, TargetChoice::At)
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

/// `LO..HI` or a single probability.
fn probability_range(text: &str) -> Result<ProbabilityRange, String> {
    let (lo, hi) = text.split_once("..").unwrap_or((text, text));
    let (lo, hi) = (probability(lo)?, probability(hi)?);
    if lo > hi {
        return Err(format!("{text}: the range is empty (LO is above HI)"));
    }
    Ok(ProbabilityRange { lo, hi })
}
