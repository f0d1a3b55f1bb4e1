//! The `lifedeg` command: parses the arguments and runs the subcommand asked for
//! ([`cli::commands`]), which calls the library and prints.

mod cli;

use clap::Parser;
use cli::args::{Cli, Command};
use cli::commands::{self, show};
use cli::{tell, BAD_INPUT};
use lifedeg::maps;
use lifedeg::{potential, regions};

/// Counts heap bytes so that the memory limit holds and `lifedeg bench` can report peaks.
#[global_allocator]
static ALLOC: cli::memory::CountingAlloc = cli::memory::CountingAlloc;

fn main() -> std::process::ExitCode {
    // Usage errors in one line, like every other refusal; help and version as clap prints them.
    let cli = Cli::try_parse().unwrap_or_else(|e| {
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
        None => commands::solve(&cli.solve),
        Some(Command::Compare(args)) => commands::compare(&args),
        Some(Command::Check(args)) => commands::check(&args),
        Some(Command::Sweep(args)) => commands::sweep(&args),
        Some(Command::Potential(args)) => {
            let rules = args.field.rules();
            show(
                &args.position,
                |pos| potential::field(pos, &rules),
                |(pos, field), style| maps::potential::render_text(pos, field, style),
                |(pos, field)| maps::potential::render_svg(pos, field),
            )
        }
        Some(Command::Regions(args)) => {
            let rules = args.rules();
            show(
                &args.position,
                |pos| regions::region_map(pos, &rules),
                |(pos, found), style| maps::regions::render_text(pos, found, style),
                |(pos, found)| maps::regions::render_svg(pos, found),
            )
        }
        Some(Command::Bench(args)) => commands::bench(&args),
        Some(Command::Board(args)) => commands::board(&args),
        Some(Command::Groups(args)) => commands::groups(&args),
        Some(Command::Gtp(args)) => commands::gtp(&args),
    }
}
