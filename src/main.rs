//! The `lifedeg` command: parses arguments, calls the library, prints.

mod cli;

use clap::{CommandFactory, Parser};
use lifedeg::report;
use std::process::ExitCode;

/// Exit code for a file that could not be solved (the others are still solved).
const BAD_INPUT: u8 = 2;

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    match cli.command {
        None => solve(&cli.solve),
        Some(command) => match command {},
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
    let (params, limits, target) = (
        args.model.params(),
        args.model.limits(),
        args.model.target(),
    );
    let mut failed = false;
    for path in &args.files {
        match lifedeg::solve_file(path, &target, &params, &limits) {
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
