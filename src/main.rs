//! The `lifedeg` command: parses arguments, calls the library, prints.

mod cli;

use clap::{CommandFactory, Parser};
use lifedeg::analysis::{potential, regions, AnalysisError, Position, Style};
use lifedeg::report;
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
        Some(cli::Command::Bench { paths, json, model }) => bench(&paths, json, &model),
    }
}

fn bench(paths: &[std::path::PathBuf], json: bool, model: &cli::ModelArgs) -> ExitCode {
    let (params, limits) = (model.params(), model.limits());
    let mut rows = Vec::new();
    let mut failed = false;
    for path in lifedeg::problem_files(paths) {
        match lifedeg::bench::measure(&path, &params, &limits) {
            Ok(row) if json => println!("{}", serde_json::to_string(&row).expect("rows serialise")),
            Ok(row) => rows.push(row),
            Err(e) => {
                eprintln!("lifedeg: {e}");
                failed = true;
            }
        }
    }
    if !json {
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
            }
            Err(e) => {
                eprintln!("lifedeg: {e}");
                failed = true;
            }
        }
    }
    if failed {
        ExitCode::from(BAD_INPUT)
    } else {
        ExitCode::SUCCESS
    }
}
