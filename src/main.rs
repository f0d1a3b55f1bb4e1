//! The `lifedeg` command: parses arguments, solves each file, prints.

mod cli;

use clap::Parser;
use lifedeg::problem::TargetChoice;
use lifedeg::report;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args = cli::Args::parse();
    let params = args.params();
    let limits = lifedeg::degree::Limits {
        max_states: args.max_states,
    };
    let target = args
        .target
        .clone()
        .map_or(TargetChoice::FromFile, TargetChoice::At);
    let mut failed = false;
    for path in &args.files {
        match lifedeg::solve_file(path, &target, &params, &limits) {
            Ok((problem, answer)) => {
                let file = path.display().to_string();
                if args.json {
                    for w in report::warnings(&problem) {
                        eprintln!("{file}: {w}");
                    }
                    println!("{}", report::Record::new(&file, &problem, &answer).to_json_line());
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
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    }
}
