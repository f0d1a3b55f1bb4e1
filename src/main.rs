//! The `lifedeg` command: parses arguments, calls the library, prints.

mod cli;

use clap::{CommandFactory, Parser};
use lifedeg::analysis::{potential, regions, AnalysisError, Position, Style};
use lifedeg::go::board;
use lifedeg::report::progress::Progress;
use lifedeg::report::{self, dot, lines, picture};
use lifedeg::study::{compare, piecewise, sweep};
use std::io::IsTerminal;
use std::path::Path;
use std::process::ExitCode;

/// Counts heap bytes so `lifedeg bench` can report peak memory.
#[global_allocator]
static ALLOC: lifedeg::bench::CountingAlloc = lifedeg::bench::CountingAlloc;

/// Exit code for a file that could not be solved (the others are still solved).
const BAD_INPUT: u8 = 2;
/// Exit code for an output file that could not be written.
const BAD_OUTPUT: u8 = 1;

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    match cli.command {
        None => solve(&cli.solve),
        Some(cli::Command::Compare(args)) => compare(&args),
        Some(cli::Command::Sweep(args)) => sweep(&args),
        Some(cli::Command::Potential(args)) => {
            let params = args.field.params();
            show(
                analyse(&args.position, |pos| potential::field(pos, &params)),
                &args.position,
                |(pos, field), style| potential::render_text(pos, field, style),
                |(pos, field)| potential::render_svg(pos, field),
            )
        }
        Some(cli::Command::Regions(args)) => {
            let params = args.params();
            show(
                analyse(&args.position, |pos| regions::analyse(pos, &params)),
                &args.position,
                |(pos, found), style| regions::render_text(pos, found, style),
                |(pos, found)| regions::render_svg(pos, found),
            )
        }
        Some(cli::Command::Bench(args)) => bench(&args),
        Some(cli::Command::Board(args)) => board(&args),
    }
}

fn exit(failed: bool) -> ExitCode {
    if failed {
        ExitCode::from(BAD_INPUT)
    } else {
        ExitCode::SUCCESS
    }
}

fn usage_error(message: &str) -> ! {
    cli::Cli::command()
        .error(clap::error::ErrorKind::ArgumentConflict, message)
        .exit()
}

/// Writes an output file; says which file failed.
fn write(path: &Path, text: &str) -> bool {
    match std::fs::write(path, text) {
        Ok(()) => true,
        Err(e) => {
            eprintln!("lifedeg: {}: cannot write: {e}", path.display());
            false
        }
    }
}

fn solve(args: &cli::SolveArgs) -> ExitCode {
    if args.files.is_empty() {
        cli::Cli::command()
            .error(
                clap::error::ErrorKind::MissingRequiredArgument,
                "give at least one problem file",
            )
            .exit();
    }
    let drawings = [&args.svg, &args.region_svg, &args.sgf_out, &args.dot];
    if drawings.iter().any(|d| d.is_some()) && args.files.len() > 1 {
        usage_error("--svg, --region-svg, --sgf-out and --dot draw one problem: give one file");
    }
    let (params, limits, target) = (
        args.model.params(),
        args.model.limits(),
        args.model.target(),
    );
    let at_move = args.model.game.at_move;
    let mut failed = false;
    let message = match args.files.as_slice() {
        [one] => format!("solving {}", one.display()),
        many => format!("solving {} files", many.len()),
    };
    let progress = Progress::start(message, Some(args.files.len() as u64));
    lifedeg::solve_files_kept(
        &args.files,
        &target,
        at_move,
        &params,
        &limits,
        |path, solved| {
            progress.step();
            failed |= progress.suspend(|| show_solved(args, &params, path, solved));
        },
    );
    drop(progress);
    exit(failed)
}

/// Prints one solved file and writes its drawings; true if anything failed.
fn show_solved(
    args: &cli::SolveArgs,
    params: &lifedeg::solve::solver::Params,
    path: &Path,
    solved: Result<lifedeg::Kept, lifedeg::Error>,
) -> bool {
    let mut failed = false;
    let file = path.display().to_string();
    let (problem, solved, answer) = match solved {
        Ok(found) => found,
        Err(e) => {
            eprintln!("lifedeg: {e}");
            return true;
        }
    };
    if args.json {
        for w in report::warnings(&problem) {
            eprintln!("{file}: {w}");
        }
        println!(
            "{}",
            report::Record::new(&file, &problem, &answer).to_json_line()
        );
    } else {
        print!("{}", report::text(&file, &problem, &answer));
    }
    if let Some(out) = &args.svg {
        match picture::write_openings(out, &problem, &answer) {
            Ok(paths) => {
                for p in paths {
                    eprintln!("wrote {}", p.display());
                }
            }
            Err(e) => {
                eprintln!("lifedeg: {}: cannot write: {e}", out.display());
                failed = true;
            }
        }
    }
    if let Some(out) = &args.region_svg {
        failed |= !write(out, &picture::svg_region(&problem));
    }
    if let Some(out) = &args.sgf_out {
        let limits = lines::TreeLimits::default();
        match lines::sgf_tree(&problem, &solved, params, &answer, limits) {
            Ok(text) => failed |= !write(out, &text),
            Err(e) => {
                eprintln!("lifedeg: {file}: {e}");
                failed = true;
            }
        }
    }
    if let Some(out) = &args.dot {
        match dot::dot(&problem, &solved, params, dot::MAX_DOT_STATES) {
            Ok(text) => failed |= !write(out, &text),
            Err(e) => {
                eprintln!("lifedeg: {file}: {e}");
                failed = true;
            }
        }
    }
    failed
}

fn bench(args: &cli::BenchArgs) -> ExitCode {
    let (params, limits) = (args.model.params(), args.model.limits());
    let mut rows = Vec::new();
    let mut failed = false;
    let files = match lifedeg::problem_files(&args.paths) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("lifedeg: {e}");
            return ExitCode::from(BAD_INPUT);
        }
    };
    for path in files {
        match lifedeg::bench::measure(&path, &params, &limits) {
            Ok(row) if args.json => {
                println!("{}", serde_json::to_string(&row).expect("rows serialise"))
            }
            Ok(row) => rows.push(row),
            Err(e) => {
                eprintln!("lifedeg: {e}");
                failed = true;
            }
        }
    }
    if !args.json {
        print!("{}", lifedeg::bench::table(&rows));
    }
    exit(failed)
}

fn board(args: &cli::BoardArgs) -> ExitCode {
    let graph = match args.spec.parse::<board::Spec>() {
        Ok(spec) => spec.graph(),
        Err(e) => {
            eprintln!("lifedeg: {e}");
            return ExitCode::from(BAD_INPUT);
        }
    };
    print!("{}", board::BoardFile::of(&graph).to_toml());
    if let Some(out) = &args.svg {
        if let Err(e) = std::fs::write(out, picture::svg_names(&graph)) {
            eprintln!("lifedeg: {}: cannot write: {e}", out.display());
            return ExitCode::from(BAD_OUTPUT);
        }
    }
    ExitCode::SUCCESS
}

fn analyse<T>(
    args: &cli::PositionArgs,
    analysis: impl FnOnce(&Position) -> Result<T, AnalysisError>,
) -> Result<(Position, T), lifedeg::Error> {
    lifedeg::analyse_file(&args.file, args.at_move, &args.dead, analysis)
}

/// Prints an analysis (coloured on a terminal) and writes its picture if asked.
fn show<T>(
    result: Result<T, lifedeg::Error>,
    args: &cli::PositionArgs,
    text: impl Fn(&T, Style) -> String,
    svg: impl Fn(&T) -> String,
) -> ExitCode {
    let found = match result {
        Ok(found) => found,
        Err(e) => {
            eprintln!("lifedeg: {e}");
            return ExitCode::from(BAD_INPUT);
        }
    };
    let style = if std::io::stdout().is_terminal() {
        Style::Ansi
    } else {
        Style::Plain
    };
    print!("{}", text(&found, style));
    if let Some(out) = &args.svg {
        if let Err(e) = std::fs::write(out, svg(&found)) {
            eprintln!("lifedeg: {}: cannot write: {e}", out.display());
            return ExitCode::from(BAD_OUTPUT);
        }
    }
    ExitCode::SUCCESS
}

fn compare(args: &cli::CompareArgs) -> ExitCode {
    let files = match lifedeg::problem_files(&args.files) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("lifedeg: {e}");
            return ExitCode::from(BAD_INPUT);
        }
    };
    let (params, limits, target) = (
        args.model.params(),
        args.model.limits(),
        args.model.target(),
    );
    let progress = Progress::start("comparing", Some(files.len() as u64));
    let (rows, errors) = compare::compare(&files, &target, &params, &limits, &|| progress.step());
    drop(progress);
    for e in &errors {
        eprintln!("lifedeg: {e}");
    }
    print!("{}", compare::render(&rows, args.format));
    exit(!errors.is_empty())
}

fn sweep(args: &cli::SweepArgs) -> ExitCode {
    if args.exact && args.csv {
        usage_error("--csv is for sampled sweeps; --exact prints the pieces as text");
    }
    let (lo, hi) = (&args.threat_prob.lo, &args.threat_prob.hi);
    let params = args.game.params([lo.clone(), lo.clone()]);
    let (limits, target) = (args.game.limits(), args.game.target());
    let ps = sweep::grid(lo, hi, args.steps);
    let total = if args.exact {
        None
    } else {
        Some((ps.len() * args.files.len()) as u64)
    };
    let progress = Progress::start("sweeping", total);
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
                eprintln!("lifedeg: {e}");
                failed = true;
                continue;
            }
        };
        let file = path.display();
        if args.exact {
            match piecewise::exact_sweep(&problem, &params, &limits, lo, hi, &|| progress.step()) {
                Ok(s) => {
                    print!("{}", s.text(&name));
                    // For the chart: the exact functions at many points.
                    let chart = sweep::grid(lo, hi, 200);
                    let points = chart
                        .into_iter()
                        .filter_map(|p| s.value_at(&p).map(|v| (p, v)))
                        .collect();
                    series.push(sweep::Series { name, points });
                }
                Err(e) => {
                    eprintln!("lifedeg: {file}: {e}");
                    failed = true;
                }
            }
        } else {
            match sweep::sweep(&name, &problem, &params, &limits, &ps, &|| progress.step()) {
                Ok(s) => series.push(s),
                Err(e) => {
                    eprintln!("lifedeg: {file}: {e}");
                    failed = true;
                }
            }
        }
    }
    drop(progress);
    if !args.exact {
        if args.csv {
            print!("{}", sweep::csv(&series));
        } else {
            print!("{}", sweep::table(&series));
        }
    }
    if let Some(out) = &args.svg {
        failed |= !write(out, &sweep::svg(&series));
    }
    exit(failed)
}
