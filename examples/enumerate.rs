//! Writes the tables of `docs/values.md`: every value the model gives on the small shapes and
//! on the library's kos changed at a few points ([`lifedeg::enumerate`]).
//!
//! `cargo run --release --example enumerate -- [most] [changes] [least]`: shapes of `least`
//! (default 1) to `most` (default 10) points, and library variants of up to `changes` changed
//! points (default 2). Each problem may take 2 s and 300 000 states; past that it is counted
//! as stopped. Progress goes to standard error, the Markdown tables to standard output.

use lifedeg::enumerate::{shape_table, variant_table, Edge, Ring, Shape, Table};
use lifedeg::{Budget, SolveRequest};
use std::path::Path;
use std::time::{Duration, Instant};

/// The library files whose variants are searched: the kos and the seki.
const FAMILIES: [&str; 12] = [
    "direct-ko",
    "direct-ko-attacker-first",
    "bent-four-corner",
    "yose-ko",
    "yose-ko-white-target",
    "approach-ko-2",
    "ten-thousand-year-ko",
    "ten-thousand-year-ko-taken",
    "two-stage-ko",
    "double-ko",
    "seki",
    "bent-four-corner-dead",
];

fn print(table: &Table, seconds: f64) {
    println!(
        "\n### {}\n\n{} positions, {} problems solved, {} stopped on a limit, {seconds:.0} s\n",
        table.name, table.positions, table.solved, table.unsolved
    );
    println!("| life degree | Black first | White first | count | first witness |");
    println!("|---|---|---|---|---|");
    for (v, seen) in &table.values {
        println!(
            "| {}{} | {} | {} | {} | `{}` |",
            v.life_degree,
            if v.no_result { " (no result)" } else { "" },
            v.black_first,
            v.white_first,
            seen.count,
            seen.witness
        );
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let most: usize = args
        .next()
        .map_or(10, |a| a.parse().expect("a number of points"));
    let changes: usize = args
        .next()
        .map_or(2, |a| a.parse().expect("a number of changes"));
    let least: usize = args
        .next()
        .map_or(1, |a| a.parse().expect("a number of points"));
    let budget = Budget::default()
        .max_states(300_000)
        .time(Some(Duration::from_secs(2)));
    let request = SolveRequest::new().budget(budget);
    let mut shapes = Vec::new();
    for ring in [Ring::Defender, Ring::Open, Ring::Attacker] {
        for edge in [Edge::Corner, Edge::Side] {
            for height in 1..=4u8 {
                for width in 1..=12u8 {
                    // A corner rectangle taller than wide is a wider one in the mirror.
                    let mirrored = edge == Edge::Corner && ring != Ring::Open && width < height;
                    let points = usize::from(width * height);
                    if (least..=most).contains(&points) && !mirrored {
                        shapes.push(Shape {
                            edge,
                            ring,
                            width,
                            height,
                        });
                    }
                }
            }
        }
    }
    for shape in &shapes {
        let start = Instant::now();
        let table = shape_table(shape, &request, |done, total| {
            if done % 20_000 == 0 {
                eprintln!("{shape}: {done}/{total}");
            }
        });
        print(&table, start.elapsed().as_secs_f64());
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("problems");
    for name in FAMILIES {
        let text =
            std::fs::read_to_string(dir.join(format!("{name}.sgf"))).expect("a library file");
        let setup = lifedeg::sgf::read(&text).expect("a library file reads");
        let start = Instant::now();
        eprintln!("{name}");
        let table = variant_table(name, &setup, changes, &request);
        print(&table, start.elapsed().as_secs_f64());
    }
}
