//! Builds the monolithic eyes' table (`src/prove/eye_table/eyes.bin`) with the prover.
//!
//! `cargo run --release --example eye_table -- [most] > src/prove/eye_table/eyes.bin`: every eye
//! space of at most `most` points (default: the table's size). Progress goes to standard
//! error, the table's bytes to standard output.

use lifedeg::eye_table::{build, MAX_SPACE};
use std::io::Write;

fn main() -> std::io::Result<()> {
    let most = match std::env::args().nth(1) {
        Some(arg) => arg.parse().unwrap_or_else(|_| {
            eprintln!("eye_table: the size must be a number of points, not `{arg}`");
            std::process::exit(2)
        }),
        None => MAX_SPACE,
    };
    let (mut open, mut irregular) = (0, 0);
    let table = build(most, |done, total, counts| {
        open += counts.open;
        irregular += counts.irregular;
        if done % 50 == 0 || done == total {
            eprintln!("{done} of {total} spaces, {open} questions open, {irregular} irregular");
        }
    });
    std::io::stdout().write_all(&table)
}
