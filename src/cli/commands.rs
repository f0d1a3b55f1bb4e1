//! Each subcommand's run: it calls the library and prints what it found, and says which
//! file failed and why. The exit status is the run's worst outcome.

use super::args;
use super::bench;
use super::messages::{self, Options};
use super::progress::Progress;
use super::{exit, inputs_failed, say, tell, usage_error, write, BAD_INPUT, BAD_OUTPUT};
use lifedeg::board_text::Style;
use lifedeg::{board, dot, json, lines, page, picture, text};
use lifedeg::{check, compare, piecewise, sweep};
use lifedeg::{groups, AnalysisError, ByColor, Position, Solution, SolveRequest};
use std::io::IsTerminal;
use std::path::Path;
use std::process::ExitCode;

/// `lifedeg FILE...`: solves each problem, on all cores, printed in order.
pub fn solve(args: &args::SolveArgs) -> ExitCode {
    if args.files.is_empty() {
        usage_error("give at least one problem file (`lifedeg --help` for more)");
    }
    let request = args.request();
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
    request.solve_inputs(inputs, |label, solved, _| {
        progress.step();
        status = status.max(progress.suspend(|| show_solved(args, &request, label, solved)));
    });
    drop(progress);
    exit(status)
}

/// Prints one solved problem and writes its drawings; the status (0 if nothing failed).
fn show_solved(
    args: &args::SolveArgs,
    request: &SolveRequest,
    file: &str,
    solved: Result<Solution, lifedeg::Error>,
) -> u8 {
    let mut status = 0;
    let solution = match solved {
        Ok(found) => found,
        Err(e) => {
            tell!("lifedeg: {}", messages::error(&e));
            return BAD_INPUT;
        }
    };
    let Solution {
        problem,
        answer,
        stats,
        solved,
    } = &solution;
    if args.json {
        for w in text::warnings(problem) {
            tell!("{file}: {w}");
        }
        let record = json::Record::new(file, problem, answer, stats);
        say!("{}\n", record.to_json_line());
    } else {
        say!("{}", text::report(file, problem, answer, stats, &Options));
    }
    if let Some(out) = &args.svg {
        status = status.max(wrote(out, picture::write_openings(out, problem, answer)));
    }
    if let Some(out) = &args.region_svg {
        status = status.max(write(out, &picture::svg_region(problem)));
    }
    let params = request.params();
    if args.draws_lines() {
        let tree = lines::Lines::new(problem, solved, params, lines::TreeLimits::default());
        status = status.max(show_lines(args, file, &solution, &tree));
    }
    if let Some(out) = &args.dot {
        match dot::dot(problem, solved, params, dot::MAX_DOT_STATES) {
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
fn show_lines(args: &args::SolveArgs, file: &str, solution: &Solution, tree: &lines::Lines) -> u8 {
    let (problem, answer) = (&solution.problem, &solution.answer);
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
        status = status.max(write(out, &page::html(file, solution, tree, &Options)));
    }
    status
}

pub fn bench(args: &args::BenchArgs) -> ExitCode {
    let request = args.model.request().at_move(args.model.game.at_move);
    let mut rows = Vec::new();
    let mut failed = false;
    let files = match lifedeg::problem_files(&args.paths) {
        Ok(f) => f,
        Err(e) => {
            tell!("lifedeg: {}", messages::load_error(&e));
            return ExitCode::from(BAD_INPUT);
        }
    };
    for path in files {
        match bench::measure(&path, &request) {
            Ok(row) => {
                if args.json {
                    say!("{}\n", serde_json::to_string(&row).expect("rows serialise"));
                }
                rows.push(row);
            }
            Err(e) => {
                tell!("lifedeg: {}", messages::error(&e));
                failed = true;
            }
        }
    }
    if !args.json {
        say!("{}", bench::table(&rows));
    }
    let written = args
        .svg
        .as_ref()
        .map_or(0, |out| write(out, &bench::svg(&rows)));
    exit(inputs_failed(failed).max(written))
}

pub fn board(args: &args::BoardArgs) -> ExitCode {
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

/// Loads a whole-board position and runs an analysis on it; what went wrong, in one line,
/// naming the file.
fn analyse<T>(
    args: &args::PositionArgs,
    analysis: impl FnOnce(&Position) -> Result<T, AnalysisError>,
) -> Result<(Position, T), String> {
    let file = args.file.display();
    let pos = lifedeg::Input::only(&args.file)
        .and_then(|input| input.position(args.at_move, &args.dead))
        .map_err(|e| messages::load_error(&e))?;
    let found = analysis(&pos).map_err(|e| format!("{file}: {e}"))?;
    Ok((pos, found))
}

/// `lifedeg potential FILE`: the stone potential field.
pub fn potential(args: &args::PotentialArgs) -> ExitCode {
    let rules = args.field.rules();
    show(
        &args.position,
        |pos| lifedeg::potential::field(pos, &rules),
        |(pos, field), style| lifedeg::maps::potential::render_text(pos, field, style),
        |(pos, field)| lifedeg::maps::potential::render_svg(pos, field),
    )
}

/// `lifedeg regions FILE`: black and white regions by distance from the living stones.
pub fn regions(args: &args::RegionsArgs) -> ExitCode {
    let rules = args.rules();
    show(
        &args.position,
        |pos| lifedeg::regions::region_map(pos, &rules),
        |(pos, found), style| lifedeg::maps::regions::render_text(pos, found, style),
        |(pos, found)| lifedeg::maps::regions::render_svg(pos, found),
    )
}

/// Runs the analysis `args` asks for, prints it (coloured on a terminal) and writes its
/// picture if asked.
fn show<T>(
    args: &args::PositionArgs,
    analysis: impl FnOnce(&Position) -> Result<T, AnalysisError>,
    text: impl Fn(&(Position, T), Style) -> String,
    svg: impl Fn(&(Position, T)) -> String,
) -> ExitCode {
    let found = match analyse(args, analysis) {
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

pub fn compare(args: &args::CompareArgs) -> ExitCode {
    let files = match lifedeg::problem_files(&args.files) {
        Ok(f) => f,
        Err(e) => {
            tell!("lifedeg: {}", messages::load_error(&e));
            return ExitCode::from(BAD_INPUT);
        }
    };
    let request = args.model.request();
    let progress = Progress::start("comparing", Some(files.len() as u64), args.model.game.quiet);
    let (rows, errors) = compare::compare(&files, &request, &|| progress.step());
    drop(progress);
    for e in &errors {
        tell!("lifedeg: {}", messages::error(e));
    }
    say!("{}", compare::render(&rows, args.format));
    exit(inputs_failed(!errors.is_empty()))
}

pub fn check(args: &args::CheckArgs) -> ExitCode {
    let problems = match check::Problems::find(&args.paths, args.shard) {
        Ok(found) => found,
        Err(e) => {
            tell!("lifedeg: {}", messages::load_error(&e));
            return exit(BAD_INPUT);
        }
    };
    let request = args.model.request();
    let message = format!("checking {} problems", problems.len());
    let progress = Progress::start(message, Some(problems.len() as u64), args.model.game.quiet);
    let (mut checks, mut failed) = (Vec::new(), false);
    check::check(problems, &request, |c| {
        progress.step();
        failed |= c.verdict == check::Verdict::NoAnswer;
        progress.suspend(|| match args.json {
            true => say!("{}\n", c.to_json_line(messages::error)),
            false => say!("{}\n", c.line(messages::error)),
        });
        checks.push(c);
    });
    drop(progress);
    if !args.json {
        say!("\n{}", check::table(&checks));
    }
    exit(inputs_failed(failed))
}

pub fn sweep(args: &args::SweepArgs) -> ExitCode {
    if args.exact && args.csv {
        usage_error("--csv is for sampled sweeps; --exact prints the pieces as text");
    }
    let (lo, hi) = (&args.threat_prob.lo, &args.threat_prob.hi);
    let request = args
        .game
        .request()
        .model(args.game.params(ByColor::both(lo.clone())));
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
        let problem = match request.load(path) {
            Ok(p) => p,
            Err(e) => {
                tell!("lifedeg: {}", messages::load_error(&e));
                failed = true;
                continue;
            }
        };
        let file = path.display();
        if args.exact {
            match piecewise::exact_sweep(&problem, &request, lo.value(), hi.value(), &|| {
                progress.step()
            }) {
                Ok(s) => {
                    say!("{}", s.text(&name));
                    // For the chart: the exact functions at many points.
                    let chart = sweep::grid(lo, hi, 200);
                    let points = chart
                        .into_iter()
                        .filter_map(|p| s.value_at(p.value()).map(|v| (p.into_value(), v)))
                        .collect();
                    series.push(sweep::Series { name, points });
                }
                Err(e) => {
                    let why = match &e {
                        piecewise::ExactSweepError::Solve(e) => messages::solve_error(e),
                        e => e.to_string(),
                    };
                    tell!("lifedeg: {file}: {why}");
                    failed = true;
                }
            }
        } else {
            match sweep::sweep(&name, &problem, &request, &ps, &|| progress.step()) {
                Ok(s) => series.push(s),
                Err(e) => {
                    tell!("lifedeg: {file}: {}", messages::solve_error(&e));
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

/// `lifedeg groups FILE...`: every group of each whole board, printed in order.
pub fn groups(args: &args::GroupsArgs) -> ExitCode {
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
    lifedeg::groups::settle_board_files(
        &args.files,
        args.at_move,
        if args.at_end {
            lifedeg::groups::Stage::GameEnd
        } else {
            lifedeg::groups::Stage::DuringGame
        },
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
    args: &args::GroupsArgs,
    path: &Path,
    found: Result<lifedeg::groups::SettledBoard, lifedeg::LoadError>,
) -> u8 {
    let analysis = match found {
        Ok(a) => a,
        Err(e) => {
            tell!("lifedeg: {}", messages::load_error(&e));
            return BAD_INPUT;
        }
    };
    let file = lifedeg::printable(&path.display().to_string());
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

/// `lifedeg gtp`: the Go Text Protocol on standard input and output.
pub fn gtp(args: &args::GtpArgs) -> ExitCode {
    let mut engine = lifedeg::GtpEngine::new(args.budget.options());
    match engine.run(std::io::stdin().lock(), std::io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            tell!("lifedeg: gtp: {e}");
            exit(BAD_OUTPUT)
        }
    }
}
