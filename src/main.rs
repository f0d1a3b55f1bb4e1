//! The `lifedeg` command: parses arguments, calls the library, prints.

mod cli;

use clap::{CommandFactory, Parser};
use lifedeg::analysis::{potential, regions, AnalysisError, Position, Style};
use lifedeg::{board, picture, report};
use std::io::IsTerminal;
use std::process::ExitCode;

/// Counts heap bytes so `lifedeg bench` can report peak memory.
#[global_allocator]
static ALLOC: lifedeg::bench::CountingAlloc = lifedeg::bench::CountingAlloc;

/// Exit code for a file that could not be solved (the others are still solved).
const BAD_INPUT: u8 = 2;
/// Exit code when the output could not be written.
const BAD_OUTPUT: u8 = 1;

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    match cli.command {
        None => solve(&cli.solve),
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

fn bench(args: &cli::BenchArgs) -> ExitCode {
    let (params, limits) = (args.model.params(), args.model.limits());
    let mut rows = Vec::new();
    let mut failed = false;
    for path in lifedeg::problem_files(&args.paths) {
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
    exit_code(failed)
}

fn exit_code(failed: bool) -> ExitCode {
    if failed {
        ExitCode::from(BAD_INPUT)
    } else {
        ExitCode::SUCCESS
    }
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

fn solve(args: &cli::SolveArgs) -> ExitCode {
    if args.files.is_empty() {
        cli::Cli::command()
            .error(
                clap::error::ErrorKind::MissingRequiredArgument,
                "give at least one problem file",
            )
            .exit();
    }
    if args.svg.is_some() && args.files.len() > 1 {
        cli::Cli::command()
            .error(
                clap::error::ErrorKind::ArgumentConflict,
                "--svg draws one problem: give one file",
            )
            .exit();
    }
    let (params, limits, target) = (
        args.model.params(),
        args.model.limits(),
        args.model.target(),
    );
    let mut failed = false;
    for path in &args.files {
        match lifedeg::solve_file(path, &target, args.model.at_move, &params, &limits) {
            Ok((problem, answer)) => {
                let file = path.display().to_string();
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
            }
            Err(e) => {
                eprintln!("lifedeg: {e}");
                failed = true;
            }
        }
    }
    exit_code(failed)
}
