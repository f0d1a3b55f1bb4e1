//! Command-line arguments, parsed into the library's types: points, probabilities, the solve
//! request with its budget and shortcuts. Only parsing lives here; the work is the library's.

use super::memory;
use super::seconds::Seconds;
use clap::{Args, Parser, Subcommand, ValueEnum};
use lifedeg::check::Shard;
use lifedeg::compare::Format;
use lifedeg::PointName;
use lifedeg::SolveRequest;
use lifedeg::TargetChoice;
use lifedeg::{potential, regions};
use lifedeg::{Budget, MemoryLimit, Shortcuts};
use lifedeg::{ByColor, Model, Probability, ValueError};
use std::path::PathBuf;

/// The exact life degree of a group in a Go problem.
///
/// `lifedeg FILE...` solves each problem file (SGF, or TOML for problems on any board); the
/// subcommands are tools.
#[derive(Parser, Debug)]
#[command(
    version,
    about,
    args_conflicts_with_subcommands = true,
    after_help = "Exit status (every subcommand): 0 all solved; 1 an output could not be written; \
                  2 bad arguments, a file that cannot be solved (the others still are), or a limit \
                  reached (--max-states, --time-limit, --memory-limit) before the life degree was \
                  found. A limit reached once both openings' values are proven leaves the answer, \
                  the first moves not decided yet shown as undecided; one reached while counting \
                  the threats only leaves the grades `?`. Output cut short by its reader \
                  (`| head`) ends quietly with 0."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,

    #[command(flatten)]
    pub solve: SolveArgs,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Split a whole-board position into black and white regions by distance from the living
    /// stones (Tajima & Sanechika): occupied territory, sphere of influence, equal distance.
    Regions(RegionsArgs),
    /// Show the stone potential field (Yajima): halving with distance, mirrored at the edge,
    /// averaged over chains; core (territory) and rim (influence).
    Potential(PotentialArgs),
    /// Compare problems: one row per problem, highest life degree first.
    Compare(Box<CompareArgs>),
    /// Check a collection's answers: whether each book move reaches the best threat grade,
    /// one line per problem and a table per folder.
    Check(Box<CheckArgs>),
    /// The life degree across the threat probability (both sides' together).
    Sweep(Box<SweepArgs>),
    /// Time, states, throughput and memory for each problem (files or directories).
    Bench(Box<BenchArgs>),
    /// Print a generated board as a board file (TOML), to write problems on it by hand.
    Board(BoardArgs),
    /// Every group of a whole board: its status, life degree and how it was decided; at a
    /// game's end the dead stones, the neutral points, the territory and the score.
    Groups(Box<GroupsArgs>),
    /// Speak the Go Text Protocol (version 2) on standard input and output.
    Gtp(GtpArgs),
}

/// `lifedeg groups FILE...`
#[derive(Args, Debug)]
pub struct GroupsArgs {
    /// Whole-board positions: SGF (a game record is read to its end, or to --move N), `.game`
    /// files (final positions), board problems (TOML); `-` reads standard input.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,

    /// Analyse the position after this many moves of the file's main line.
    #[arg(long = "move", value_name = "N")]
    pub at_move: Option<usize>,

    /// Read the end of the game: dead stones, neutral points, territory and score (also when
    /// the record ends in two passes, and for a `.game` file).
    #[arg(long = "final")]
    pub at_end: bool,

    /// Print one JSON object per position per line.
    #[arg(long)]
    pub json: bool,

    /// Draw the board: dead stones faded with a cross, seki marked, unsettled groups
    /// labelled with their life degree, territory shaded (one file only).
    #[arg(long, value_name = "OUT")]
    pub svg: Option<PathBuf>,

    /// Write one self-contained HTML page with the picture and the report (one file only).
    #[arg(long, value_name = "OUT")]
    pub html: Option<PathBuf>,

    /// Write the position as SGF with the territory marked (TB/TW), dead stones included, at
    /// the end of the game (one file only).
    #[arg(long, value_name = "OUT")]
    pub sgf_out: Option<PathBuf>,

    #[command(flatten)]
    pub budget: BoardBudget,

    /// No progress line on stderr.
    #[arg(long, short)]
    pub quiet: bool,
}

/// What one whole-board position may spend.
#[derive(Args, Debug, Clone)]
pub struct BoardBudget {
    /// Stop a position after this many seconds in all (10, 2.5; 0: no limit); a fight's first look
    /// gets at most a tenth of it, its second look a third, and a group whose fight a limit
    /// stops is left unsettled.
    #[arg(long, value_name = "SECONDS", default_value = "10")]
    pub time_limit: Seconds,

    /// Solve fights of at most this many empty points; larger ones are left unsettled.
    #[arg(long, value_name = "N", default_value_t = lifedeg::groups::MAX_EMPTY)]
    pub max_empty: usize,
}

impl BoardBudget {
    pub fn options(&self) -> lifedeg::groups::Options {
        let default = lifedeg::groups::Options::default();
        let time = self.time_limit.limit();
        lifedeg::groups::Options {
            budget: default.budget.time(time),
            max_empty: self.max_empty,
            ..default
        }
    }
}

/// `lifedeg gtp`
#[derive(Args, Debug)]
pub struct GtpArgs {
    #[command(flatten)]
    pub budget: BoardBudget,
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

/// `lifedeg check FILES|DIRS...`
#[derive(Args, Debug)]
pub struct CheckArgs {
    /// Problem files with their solutions (the root's children are the book's first moves,
    /// marked correct or wrong by `RIGHT`, "Correct…", "Wrong…" comments), or directories of
    /// them; each game tree of a collection file is a problem.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,

    /// Print one JSON object per problem per line (the verdicts, and the answer as `--json`
    /// gives it) instead of the lines and the table.
    #[arg(long)]
    pub json: bool,

    /// Check only every N-th problem from the K-th (from 1), to share a collection among N
    /// machines; merge their `--json` lines afterwards.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<Shard>,

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
    #[arg(long, value_name = "LO..HI", default_value = "0..1")]
    pub threat_prob: ProbabilityRange,

    /// Intervals between sampled points (points = steps + 1), at most 10000.
    #[arg(long, value_name = "N", default_value_t = 20, value_parser = clap::value_parser!(u16).range(1..=10_000))]
    pub steps: u16,

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
    pub lo: Probability,
    pub hi: Probability,
}

/// Why a text is not a range of probabilities.
#[derive(Debug, thiserror::Error)]
pub enum RangeError {
    #[error(transparent)]
    Value(#[from] ValueError),
    #[error("{0}: the range is empty (LO is above HI)")]
    Empty(String),
}

impl std::str::FromStr for ProbabilityRange {
    type Err = RangeError;

    /// `LO..HI` or a single probability.
    fn from_str(text: &str) -> Result<ProbabilityRange, RangeError> {
        let (lo, hi) = text.split_once("..").unwrap_or((text, text));
        let (lo, hi): (Probability, Probability) = (lo.parse()?, hi.parse()?);
        if lo > hi {
            return Err(RangeError::Empty(text.to_string()));
        }
        Ok(ProbabilityRange { lo, hi })
    }
}

/// Benchmarking.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Problem files or directories of them.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,

    /// Print one JSON object per problem per line instead of the table.
    #[arg(long)]
    pub json: bool,

    /// Also write a chart (SVG) of the proof positions against the empty points, one line
    /// per family of files (corner-08, corner-12… are one family).
    #[arg(long, value_name = "OUT")]
    pub svg: Option<PathBuf>,

    #[command(flatten)]
    pub model: ModelArgs,
}

/// Generating boards.
#[derive(Args, Debug)]
pub struct BoardArgs {
    /// The board: `square W`, `square WxH`, `tri N`, `trihex N` or `hex N`.
    #[arg(value_name = "SPEC")]
    pub spec: String,

    /// Also draw the board with every point's name, to this SVG file.
    #[arg(long, value_name = "OUT")]
    pub svg: Option<PathBuf>,
}

/// What both analyses read and write.
#[derive(Args, Debug)]
pub struct PositionArgs {
    /// The position (SGF); no target needed.
    pub file: PathBuf,

    /// Also write an SVG picture here.
    #[arg(long, value_name = "OUT")]
    pub svg: Option<PathBuf>,

    /// Analyse the position after this many moves of the file's main line (a game record).
    #[arg(long = "move", value_name = "N")]
    pub at_move: Option<usize>,

    /// Stones to treat as dead (each names its whole chain; SGF `cc` or `C3` style; repeat
    /// the option or separate with commas).
    #[arg(long, value_name = "POINT", value_delimiter = ',')]
    pub dead: Vec<PointName>,
}

/// The potential field's parameters.
#[derive(Args, Debug)]
pub struct FieldArgs {
    /// Distance the potential reaches (a stone is worth 2^reach on its point).
    #[arg(long, value_name = "D", default_value_t = potential::FieldRules::default().reach,
          value_parser = clap::value_parser!(u32).range(0..=30))]
    pub reach: u32,

    /// |potential| from which a point is core (territory).
    #[arg(long, value_name = "T", default_value_t = potential::FieldRules::default().core)]
    pub core: f64,

    /// |potential| from which a point is rim (influence).
    #[arg(long, value_name = "T", default_value_t = potential::FieldRules::default().rim)]
    pub rim: f64,

    /// Keep each stone's own value instead of its chain's mean.
    #[arg(long)]
    pub no_delocalize: bool,
}

impl FieldArgs {
    pub fn rules(&self) -> potential::FieldRules {
        potential::FieldRules {
            reach: self.reach,
            core: self.core,
            rim: self.rim,
            delocalize: !self.no_delocalize,
        }
    }
}

#[derive(Args, Debug)]
pub struct PotentialArgs {
    #[command(flatten)]
    pub position: PositionArgs,

    #[command(flatten)]
    pub field: FieldArgs,
}

/// How the region analyzer measures distance.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum SchemeArg {
    /// Path length, no kosuri.
    Distance,
    /// Path length over paths within the kosuri limit.
    Degree,
    /// Fewest kosuri first, then length.
    Kosuri,
    /// Length plus --per-kosuri steps per kosuri.
    Converted,
}

#[derive(Args, Debug)]
pub struct RegionsArgs {
    #[command(flatten)]
    pub position: PositionArgs,

    /// How distance is measured (Tajima & Sanechika, sections 2 and 3).
    #[arg(long, value_enum, default_value = "degree")]
    pub scheme: SchemeArg,

    /// Steps one kosuri counts for (with --scheme converted).
    #[arg(long, value_name = "N", default_value_t = 3)]
    pub per_kosuri: u32,

    /// The most kosuri a path may gather.
    #[arg(
        long,
        value_name = "K",
        default_value_t = 1,
        conflicts_with = "any_kosuri"
    )]
    pub kosuri_limit: u32,

    /// No kosuri limit: every point is reachable.
    #[arg(long)]
    pub any_kosuri: bool,

    /// Potential from which a point is sure territory.
    #[arg(long, value_name = "T", default_value_t = regions::RegionRules::default().sure)]
    pub sure: f64,

    #[command(flatten)]
    pub field: FieldArgs,
}

impl RegionsArgs {
    pub fn rules(&self) -> regions::RegionRules {
        let scheme = match self.scheme {
            SchemeArg::Distance => regions::Scheme::Distance,
            SchemeArg::Degree => regions::Scheme::DegreePriority,
            SchemeArg::Kosuri => regions::Scheme::KosuriPriority,
            SchemeArg::Converted => regions::Scheme::Converted {
                per_kosuri: self.per_kosuri,
            },
        };
        regions::RegionRules {
            scheme,
            kosuri_limit: (!self.any_kosuri).then_some(self.kosuri_limit),
            sure: self.sure,
            potential: self.field.rules(),
            ..regions::RegionRules::default()
        }
    }
}

/// Solving files.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// Problem files: `.toml` for a problem on any board (see `lifedeg board`), SGF otherwise
    /// (a collection of several game trees gives one problem each); `-` reads standard input.
    pub files: Vec<PathBuf>,

    /// Print one JSON object per problem per line.
    #[arg(long)]
    pub json: bool,

    /// Draw the answer: OUT-black.svg and OUT-white.svg (from OUT.svg), each with the life
    /// degree after every first move of that side written on its point. One problem file only.
    #[arg(long, value_name = "OUT")]
    pub svg: Option<PathBuf>,

    /// Draw the area the fight is played in (region shaded, target marked) to this SVG file
    /// (one problem file only).
    #[arg(long, value_name = "OUT")]
    pub region_svg: Option<PathBuf>,

    /// Write the optimal lines as an SGF game tree (one problem file only).
    #[arg(long, value_name = "OUT")]
    pub sgf_out: Option<PathBuf>,

    /// Draw the optimal lines as numbered diagrams, as books print solutions: OUT-black-1.svg,
    /// OUT-black-2.svg … and OUT-white-1.svg … (from OUT.svg), one per line (a ko threat or
    /// none gives two), the moves numbered on their points and captures, ko retakes and the
    /// line's end written under them. One problem file only.
    #[arg(long, value_name = "OUT")]
    pub lines_svg: Option<PathBuf>,

    /// Write one self-contained HTML page (no network needed): the problem, both openings
    /// with their values and grades, and the optimal lines to step through by clicking or
    /// with the arrow keys. One problem file only.
    #[arg(long, value_name = "OUT")]
    pub html: Option<PathBuf>,

    /// Write the state graph in Graphviz DOT (one problem file only; small graphs only).
    #[arg(long, value_name = "OUT")]
    pub dot: Option<PathBuf>,

    /// In a file holding several game trees (a collection), solve only the N-th (from 1);
    /// without it every tree is solved.
    #[arg(long, value_name = "N")]
    pub problem: Option<usize>,

    #[command(flatten)]
    pub model: ModelArgs,
}

impl SolveArgs {
    /// The request, with the whole graph built when a drawing shows its states' values
    /// (`--sgf-out`, `--lines-svg`, `--html`, `--dot`): interval pruning certifies only the
    /// values the answer shows.
    pub fn request(&self) -> SolveRequest {
        let request = self.model.request().at_move(self.model.game.at_move);
        if self.draws_lines() || self.dot.is_some() {
            let shortcuts = self.model.game.shortcuts().without_interval();
            request.shortcuts(shortcuts)
        } else {
            request
        }
    }

    /// Whether a drawing of the optimal lines is asked for.
    pub fn draws_lines(&self) -> bool {
        [&self.sgf_out, &self.lines_svg, &self.html]
            .iter()
            .any(|o| o.is_some())
    }
}

/// The model's parameters and the problem's target: shared by every command that solves.
#[derive(Args, Debug, Clone)]
pub struct ModelArgs {
    /// Probability that a side facing a ko ban has a threat (exact, e.g. 1/3).
    #[arg(long, value_name = "P", default_value = "1/2")]
    pub threat_prob: Probability,

    /// Black's threat probability, overriding --threat-prob for Black.
    #[arg(long, value_name = "P")]
    pub black_threat_prob: Option<Probability>,

    /// White's threat probability, overriding --threat-prob for White.
    #[arg(long, value_name = "P")]
    pub white_threat_prob: Option<Probability>,

    #[command(flatten)]
    pub game: GameArgs,
}

impl ModelArgs {
    pub fn params(&self) -> Model {
        let own = |p: &Option<Probability>| p.as_ref().unwrap_or(&self.threat_prob).clone();
        self.game.params(ByColor::new(
            own(&self.black_threat_prob),
            own(&self.white_threat_prob),
        ))
    }

    /// The request these options make, for the setup (`--move` is for the solve alone).
    pub fn request(&self) -> SolveRequest {
        self.game.request().model(self.params())
    }
}

/// Everything but the threat probability: shared with `sweep`, which varies that one.
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// Probability that Black moves first.
    #[arg(long, value_name = "Q", default_value = "1/2")]
    pub first_prob: Probability,

    /// Value of play that never ends (triple ko, eternal life).
    #[arg(long, value_name = "V", default_value = "1/2")]
    pub no_result: Probability,

    /// A stone of the target (SGF `cc` or `C3` style, or a point's name on other boards),
    /// overriding the file's marks: the target is the chain through it. Repeat the option, or
    /// give a list (`C3,D4`), to take several chains, e.g. one stone of each chain of a group.
    #[arg(long, value_name = "POINT", value_delimiter = ',')]
    pub target: Vec<PointName>,

    /// Solve the position after this many moves of the file's main line (a game record).
    #[arg(long = "move", value_name = "N")]
    pub at_move: Option<usize>,

    /// Stop solving a problem whose state graph passes this many states, with what is known.
    #[arg(long, value_name = "N", default_value_t = Budget::default().state_limit())]
    pub max_states: usize,

    /// Stop solving a problem after this many seconds (15, 0.5), with what is known (0: no
    /// limit).
    #[arg(long, value_name = "SECONDS", default_value_t = Seconds::from(Budget::default().time_limit()))]
    pub time_limit: Seconds,

    /// Stop solving once the heap holds this many megabytes (0: no limit).
    #[arg(long, value_name = "MB", default_value_t = memory::DEFAULT_LIMIT_MB)]
    pub memory_limit: usize,

    /// No progress line on stderr.
    #[arg(long, short)]
    pub quiet: bool,

    /// Search every state: no early ending by static life-and-death analysis.
    #[arg(long)]
    pub no_static: bool,

    /// Do not settle states by the extreme games (threats always for one side, never for
    /// the other); the values are the same, only slower to find.
    #[arg(long, alias = "no-bounds")]
    pub no_proofs: bool,

    /// Most positions the extreme games' proofs may search in all [default: by the region's
    /// empty points, 8 to 90 million]; a larger budget can settle a larger problem at its
    /// first moves.
    #[arg(long, value_name = "N")]
    pub proof_budget: Option<usize>,

    /// Solve every first move exactly. By default, in fights of more than 12 empty points,
    /// when proofs show that the side to move lives (or kills) and that some first moves fail
    /// to, those are reported only as worse (`<1`, `>0`) and the play below them is not solved;
    /// and when the problem says who is to play, the other side's first moves are examined only
    /// until its value is proven (the rest reported as not examined, `?`).
    #[arg(long)]
    pub exact_moves: bool,

    /// Build the whole state graph: no interval pruning (by default only the states that may
    /// still change a value shown are expanded, and the values are certified exactly); the
    /// values are the same. Implied by `--sgf-out`, `--lines-svg`, `--html` and `--dot`, which
    /// show every state's value, and by `--no-proofs`.
    #[arg(long)]
    pub whole_graph: bool,
}

impl GameArgs {
    /// The parameters with the given threat probabilities.
    pub fn params(&self, threat_prob: ByColor<Probability>) -> Model {
        Model::new(threat_prob, self.first_prob.clone(), self.no_result.clone())
    }

    pub fn budget(&self) -> Budget {
        let memory = (self.memory_limit > 0).then(|| MemoryLimit {
            bytes: self.memory_limit * 1_000_000,
            gauge: memory::live_bytes,
        });
        Budget::default()
            .max_states(self.max_states)
            .proof_positions(self.proof_budget)
            .time(self.time_limit.limit())
            .memory(memory)
    }

    pub fn shortcuts(&self) -> Shortcuts {
        let mut shortcuts = Shortcuts::all();
        if self.no_static {
            shortcuts = shortcuts.without_statics();
        }
        if self.no_proofs {
            shortcuts = shortcuts.without_proofs();
        }
        if self.exact_moves {
            shortcuts = shortcuts.exact_moves();
        }
        if self.whole_graph {
            shortcuts = shortcuts.without_interval();
        }
        shortcuts
    }

    pub fn target(&self) -> TargetChoice {
        if self.target.is_empty() {
            TargetChoice::FromFile
        } else {
            TargetChoice::Chains(self.target.clone())
        }
    }

    /// The request these options make (threat probabilities aside), for the setup.
    pub fn request(&self) -> SolveRequest {
        SolveRequest::new()
            .target(self.target())
            .budget(self.budget())
            .shortcuts(self.shortcuts())
    }
}
