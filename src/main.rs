//! The `lifedeg` command: parses arguments, calls the library, prints.

mod cli;

use clap::Parser;
use lifedeg::analysis::{potential, regions, AnalysisError, Position};
use lifedeg::go::board;
use lifedeg::report::board_text::Style;
use lifedeg::report::progress::Progress;
use lifedeg::report::{self, dot, lines, page, picture};
use lifedeg::study::{check, compare, piecewise, sweep};
use std::io::IsTerminal;
use std::path::Path;
use std::process::ExitCode;

/// Counts heap bytes so that `lifedeg bench` can report peak memory and the memory limit holds.
#[global_allocator]
static ALLOC: lifedeg::solve::watch::CountingAlloc = lifedeg::solve::watch::CountingAlloc;

/// Exit code for a file that could not be solved (the others are still solved), a refusal or a
/// limit reached, and for bad arguments (as clap gives them).
const BAD_INPUT: u8 = 2;
/// Exit code for an output file (or standard output) that could not be written.
const BAD_OUTPUT: u8 = 1;

/// Prints to standard output. A reader that has gone (`lifedeg … | head`) ends the run
/// quietly and successfully; any other failure (a full disk) ends it with one line.
macro_rules! say {
    ($($arg:tt)*) => {
        out(&format!($($arg)*))
    };
}

/// Prints one line to standard error; a failure to do so has nowhere to be reported.
macro_rules! tell {
    ($($arg:tt)*) => {{
        use std::io::Write;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

fn out(text: &str) {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        tell!("lifedeg: cannot write to standard output: {e}");
        std::process::exit(BAD_OUTPUT.into());
    }
}

fn main() -> ExitCode {
    // Usage errors in one line, like every other refusal; help and version as clap prints them.
    let cli = cli::Cli::try_parse().unwrap_or_else(|e| {
        use clap::error::ErrorKind::*;
        if matches!(
            e.kind(),
            DisplayHelp | DisplayVersion | DisplayHelpOnMissingArgumentOrSubcommand
        ) {
            e.exit()
        }
        let text = e.to_string();
        tell!(
            "lifedeg: {}",
            text.lines()
                .next()
                .unwrap_or_default()
                .trim_start_matches("error: ")
        );
        std::process::exit(BAD_INPUT.into())
    });
    match cli.command {
        None => solve(&cli.solve),
        Some(cli::Command::Compare(args)) => compare(&args),
        Some(cli::Command::Check(args)) => check(&args),
        Some(cli::Command::Sweep(args)) => sweep(&args),
        Some(cli::Command::Potential(args)) => {
            let rules = args.field.rules();
            show(
                analyse(&args.position, |pos| potential::field(pos, &rules)),
                &args.position,
                |(pos, field), style| report::potential::render_text(pos, field, style),
                |(pos, field)| report::potential::render_svg(pos, field),
            )
        }
        Some(cli::Command::Regions(args)) => {
            let rules = args.rules();
            show(
                analyse(&args.position, |pos| regions::analyse(pos, &rules)),
                &args.position,
                |(pos, found), style| report::regions::render_text(pos, found, style),
                |(pos, found)| report::regions::render_svg(pos, found),
            )
        }
        Some(cli::Command::Bench(args)) => bench(&args),
        Some(cli::Command::Board(args)) => board(&args),
        Some(cli::Command::Groups(args)) => groups(&args),
        Some(cli::Command::Gtp(args)) => gtp(&args),
    }
}

fn groups(args: &cli::GroupsArgs) -> ExitCode {
    let drawings = [&args.svg, &args.html, &args.sgf_out];
    if drawings.iter().any(|d| d.is_some()) && args.files.len() > 1 {
        usage_error("--svg, --html and --sgf-out draw one position: give one file");
    }
    let options = args.budget.options();
    let message = match args.files.as_slice() {
        [one] => format!("analysing {}", one.display()),
        many => format!("analysing {} positions", many.len()),
    };
    let progress = Progress::start(message, Some(args.files.len() as u64), args.quiet);
    let mut status = 0;
    lifedeg::whole_board::analyse_files(
        &args.files,
        args.at_move,
        args.at_end,
        &options,
        |path, found| {
            progress.step();
            status = status.max(progress.suspend(|| show_groups(args, path, found)));
        },
    );
    drop(progress);
    exit(status)
}

/// Prints one analysed position and writes its drawings; the status (0 if nothing failed).
fn show_groups(
    args: &cli::GroupsArgs,
    path: &Path,
    found: Result<lifedeg::whole_board::Analysis, lifedeg::LoadError>,
) -> u8 {
    use lifedeg::report::groups;
    let analysis = match found {
        Ok(a) => a,
        Err(e) => {
            tell!("lifedeg: {e}");
            return BAD_INPUT;
        }
    };
    let file = lifedeg::problem::printable(&path.display().to_string());
    if args.json {
        say!(
            "{}\n",
            groups::PositionRecord::new(&file, &analysis).to_json_line()
        );
    } else {
        say!("{}", groups::text(&file, &analysis));
    }
    let mut status = 0;
    if let Some(out) = &args.svg {
        status = status.max(write(out, &groups::svg(&file, &analysis)));
    }
    if let Some(out) = &args.html {
        status = status.max(write(out, &groups::html(&file, &analysis)));
    }
    if let Some(out) = &args.sgf_out {
        match (&analysis.ending, groups::sgf(&analysis)) {
            (_, Some(text)) => status = status.max(write(out, &text)),
            (None, None) => {
                tell!("lifedeg: {file}: --sgf-out writes the end of a game: give --final");
                status = BAD_INPUT;
            }
            (Some(_), None) => {
                tell!("lifedeg: {file}: --sgf-out needs a square board (SGF has no other)");
                status = BAD_INPUT;
            }
        }
    }
    status
}

fn gtp(args: &cli::GtpArgs) -> ExitCode {
    let mut engine = lifedeg::gtp::Engine::new(args.budget.options());
    match engine.run(std::io::stdin().lock(), std::io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            tell!("lifedeg: gtp: {e}");
            exit(BAD_OUTPUT)
        }
    }
}

/// The exit code of a run: its worst outcome (0 all solved, [`BAD_OUTPUT`], [`BAD_INPUT`]).
fn exit(status: u8) -> ExitCode {
    ExitCode::from(status)
}

/// The status of a run in which inputs may have failed.
fn inputs_failed(failed: bool) -> u8 {
    if failed {
        BAD_INPUT
    } else {
        0
    }
}

fn usage_error(message: &str) -> ! {
    tell!("lifedeg: {message}");
    std::process::exit(BAD_INPUT.into())
}

/// Writes an output file; says which file failed. The status: 0 or [`BAD_OUTPUT`].
fn write(path: &Path, text: &str) -> u8 {
    match std::fs::write(path, text) {
        Ok(()) => 0,
        Err(e) => {
            tell!("lifedeg: {}: cannot write: {e}", path.display());
            BAD_OUTPUT
        }
    }
}

fn solve(args: &cli::SolveArgs) -> ExitCode {
    if args.files.is_empty() {
        usage_error("give at least one problem file (`lifedeg --help` for more)");
    }
    let (params, limits, target) = (args.model.params(), args.limits(), args.model.target());
    let at_move = args.model.game.at_move;
    let inputs = lifedeg::inputs(&args.files, args.problem);
    let drawings = [&args.svg, &args.region_svg, &args.dot];
    if (args.draws_lines() || drawings.iter().any(|d| d.is_some())) && inputs.len() > 1 {
        usage_error(
            "--svg, --region-svg, --sgf-out, --lines-svg, --html and --dot draw one problem: give one file (and --problem N for a collection)",
        );
    }
    let mut status = 0;
    let message = match inputs.as_slice() {
        [one] => format!("solving {}", one.label),
        many => format!("solving {} problems", many.len()),
    };
    let progress = Progress::start(message, Some(inputs.len() as u64), args.model.game.quiet);
    lifedeg::solve_inputs_kept(
        inputs,
        &target,
        at_move,
        &params,
        &limits,
        |label, solved, _| {
            progress.step();
            status = status.max(progress.suspend(|| show_solved(args, &params, label, solved)));
        },
    );
    drop(progress);
    exit(status)
}

/// Prints one solved problem and writes its drawings; the status (0 if nothing failed).
fn show_solved(
    args: &cli::SolveArgs,
    params: &lifedeg::solve::model::Model,
    file: &str,
    solved: Result<lifedeg::Kept, lifedeg::Error>,
) -> u8 {
    let mut status = 0;
    let lifedeg::Kept {
        problem,
        solved,
        answer,
    } = match solved {
        Ok(found) => found,
        Err(e) => {
            tell!("lifedeg: {e}");
            return BAD_INPUT;
        }
    };
    if args.json {
        for w in report::warnings(&problem) {
            tell!("{file}: {w}");
        }
        say!(
            "{}\n",
            report::Record::new(file, &problem, &answer).to_json_line()
        );
    } else {
        say!("{}", report::text(file, &problem, &answer));
    }
    if let Some(out) = &args.svg {
        status = status.max(wrote(out, picture::write_openings(out, &problem, &answer)));
    }
    if let Some(out) = &args.region_svg {
        status = status.max(write(out, &picture::svg_region(&problem)));
    }
    if args.draws_lines() {
        let tree = lines::Lines::new(&problem, &solved, params, lines::TreeLimits::default());
        status = status.max(show_lines(args, file, &problem, &answer, &tree));
    }
    if let Some(out) = &args.dot {
        match dot::dot(&problem, &solved, params, dot::MAX_DOT_STATES) {
            Ok(text) => status = status.max(write(out, &text)),
            Err(e) => {
                tell!("lifedeg: {file}: {e}");
                status = BAD_INPUT;
            }
        }
    }
    status
}

/// Says which files a drawing named after `out` was written to, or that it could not be; the
/// status: 0 or [`BAD_OUTPUT`].
fn wrote(out: &Path, written: std::io::Result<Vec<std::path::PathBuf>>) -> u8 {
    match written {
        Ok(paths) => {
            for p in paths {
                tell!("wrote {}", p.display());
            }
            0
        }
        Err(e) => {
            tell!("lifedeg: {}: cannot write: {e}", out.display());
            BAD_OUTPUT
        }
    }
}

/// Writes the drawings of the optimal lines asked for; the status (0 if nothing failed).
fn show_lines(
    args: &cli::SolveArgs,
    file: &str,
    problem: &lifedeg::problem::Problem,
    answer: &lifedeg::solve::degree::LifeDegree,
    tree: &lines::Lines,
) -> u8 {
    let mut status = 0;
    if let Some(out) = &args.sgf_out {
        match lines::sgf_tree(problem, tree, answer) {
            Ok(text) => status = status.max(write(out, &text)),
            Err(e) => {
                tell!("lifedeg: {file}: {e}");
                status = BAD_INPUT;
            }
        }
    }
    if let Some(out) = &args.lines_svg {
        status = status.max(wrote(out, lines::diagrams::write_lines(out, problem, tree)));
    }
    if let Some(out) = &args.html {
        status = status.max(write(out, &page::html(file, problem, answer, tree)));
    }
    status
}

fn bench(args: &cli::BenchArgs) -> ExitCode {
    let (params, limits) = (args.model.params(), args.model.limits());
    let mut rows = Vec::new();
    let mut failed = false;
    let files = match lifedeg::problem_files(&args.paths) {
        Ok(f) => f,
        Err(e) => {
            tell!("lifedeg: {e}");
            return ExitCode::from(BAD_INPUT);
        }
    };
    for path in files {
        match lifedeg::bench::measure(&path, &params, &limits) {
            Ok(row) => {
                if args.json {
                    say!("{}\n", serde_json::to_string(&row).expect("rows serialise"));
                }
                rows.push(row);
            }
            Err(e) => {
                tell!("lifedeg: {e}");
                failed = true;
            }
        }
    }
    if !args.json {
        say!("{}", lifedeg::bench::table(&rows));
    }
    let written = args
        .svg
        .as_ref()
        .map_or(0, |out| write(out, &lifedeg::bench::svg(&rows)));
    exit(inputs_failed(failed).max(written))
}

fn board(args: &cli::BoardArgs) -> ExitCode {
    let graph = match args.spec.parse::<board::Spec>() {
        Ok(spec) => spec.graph(),
        Err(e) => {
            tell!("lifedeg: {e}");
            return ExitCode::from(BAD_INPUT);
        }
    };
    say!("{}", board::BoardFile::of(&graph).to_toml());
    if let Some(out) = &args.svg {
        if let Err(e) = std::fs::write(out, picture::svg_names(&graph)) {
            tell!("lifedeg: {}: cannot write: {e}", out.display());
            return ExitCode::from(BAD_OUTPUT);
        }
    }
    ExitCode::SUCCESS
}

fn analyse<T>(
    args: &cli::PositionArgs,
    analysis: impl FnOnce(&Position) -> Result<T, AnalysisError>,
) -> Result<(Position, T), lifedeg::PositionError> {
    lifedeg::analyse_file(&args.file, args.at_move, &args.dead, analysis)
}

/// Prints an analysis (coloured on a terminal) and writes its picture if asked.
fn show<T>(
    result: Result<T, lifedeg::PositionError>,
    args: &cli::PositionArgs,
    text: impl Fn(&T, Style) -> String,
    svg: impl Fn(&T) -> String,
) -> ExitCode {
    let found = match result {
        Ok(found) => found,
        Err(e) => {
            tell!("lifedeg: {e}");
            return ExitCode::from(BAD_INPUT);
        }
    };
    // Colour only on a terminal, and never when NO_COLOR is set (no-color.org).
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let style = if std::io::stdout().is_terminal() && !no_color {
        Style::Ansi
    } else {
        Style::Plain
    };
    say!("{}", text(&found, style));
    if let Some(out) = &args.svg {
        if let Err(e) = std::fs::write(out, svg(&found)) {
            tell!("lifedeg: {}: cannot write: {e}", out.display());
            return ExitCode::from(BAD_OUTPUT);
        }
    }
    ExitCode::SUCCESS
}

fn compare(args: &cli::CompareArgs) -> ExitCode {
    let files = match lifedeg::problem_files(&args.files) {
        Ok(f) => f,
        Err(e) => {
            tell!("lifedeg: {e}");
            return ExitCode::from(BAD_INPUT);
        }
    };
    let (params, limits, target) = (
        args.model.params(),
        args.model.limits(),
        args.model.target(),
    );
    let progress = Progress::start("comparing", Some(files.len() as u64), args.model.game.quiet);
    let (rows, errors) = compare::compare(&files, &target, &params, &limits, &|| progress.step());
    drop(progress);
    for e in &errors {
        tell!("lifedeg: {e}");
    }
    say!("{}", compare::render(&rows, args.format));
    exit(inputs_failed(!errors.is_empty()))
}

fn check(args: &cli::CheckArgs) -> ExitCode {
    let problems = match check::Problems::find(&args.paths, args.shard) {
        Ok(found) => found,
        Err(e) => {
            tell!("lifedeg: {e}");
            return exit(BAD_INPUT);
        }
    };
    let (params, limits, target) = (
        args.model.params(),
        args.model.limits(),
        args.model.target(),
    );
    let message = format!("checking {} problems", problems.len());
    let progress = Progress::start(message, Some(problems.len() as u64), args.model.game.quiet);
    let (mut checks, mut failed) = (Vec::new(), false);
    check::check(problems, &target, &params, &limits, |c| {
        progress.step();
        failed |= c.verdict == check::Verdict::NoAnswer;
        progress.suspend(|| match args.json {
            true => say!("{}\n", c.to_json_line()),
            false => say!("{}\n", c.line()),
        });
        checks.push(c);
    });
    drop(progress);
    if !args.json {
        say!("\n{}", check::table(&checks));
    }
    exit(inputs_failed(failed))
}

fn sweep(args: &cli::SweepArgs) -> ExitCode {
    if args.exact && args.csv {
        usage_error("--csv is for sampled sweeps; --exact prints the pieces as text");
    }
    let (lo, hi) = (&args.threat_prob.lo, &args.threat_prob.hi);
    let params = args.game.params([lo.clone(), lo.clone()]);
    let (limits, target) = (args.game.limits(), args.game.target());
    let ps = sweep::grid(lo, hi, args.steps.into());
    let total = if args.exact {
        None
    } else {
        Some((ps.len() * args.files.len()) as u64)
    };
    let progress = Progress::start("sweeping", total, args.game.quiet);
    let mut failed = false;
    let mut series = Vec::new();
    for path in &args.files {
        let name = path.file_stem().map_or_else(
            || path.display().to_string(),
            |s| s.to_string_lossy().into_owned(),
        );
        let problem = match lifedeg::load(path, &target) {
            Ok(p) => p,
            Err(e) => {
                tell!("lifedeg: {e}");
                failed = true;
                continue;
            }
        };
        let file = path.display();
        if args.exact {
            match piecewise::exact_sweep(&problem, &params, &limits, lo, hi, &|| progress.step()) {
                Ok(s) => {
                    say!("{}", s.text(&name));
                    // For the chart: the exact functions at many points.
                    let chart = sweep::grid(lo, hi, 200);
                    let points = chart
                        .into_iter()
                        .filter_map(|p| s.value_at(&p).map(|v| (p, v)))
                        .collect();
                    series.push(sweep::Series { name, points });
                }
                Err(e) => {
                    tell!("lifedeg: {file}: {e}");
                    failed = true;
                }
            }
        } else {
            match sweep::sweep(&name, &problem, &params, &limits, &ps, &|| progress.step()) {
                Ok(s) => series.push(s),
                Err(e) => {
                    tell!("lifedeg: {file}: {e}");
                    failed = true;
                }
            }
        }
    }
    drop(progress);
    if !args.exact {
        if args.csv {
            say!("{}", sweep::csv(&series));
        } else {
            say!("{}", sweep::table(&series));
        }
    }
    let mut status = inputs_failed(failed);
    if let Some(out) = &args.svg {
        status = status.max(write(out, &sweep::svg(&series)));
    }
    exit(status)
}
