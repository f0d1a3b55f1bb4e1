//! The integration tests: one crate (`autotests = false` in Cargo.toml), one module a file
//! beside this one, `tests/<module>.rs`. Run one module with `cargo test --test tests cli::`.
//!
//! Snapshots are in tests/snapshots/, named `tests__<module>__<name>.snap`; proptest keeps the
//! failing cases of `tests/<module>.rs` in `tests/<module>.proptest-regressions`.

/// Shared by the modules: the problems, how they are solved, running the binary.
mod common;

/// Non-square boards (board files and generators), their errors and pictures.
mod boards;
/// How book diagrams are read: the problems/book answers and tests/data/readings.
mod book_readings;
/// The fixed sample of book diagrams (tests/data/books) scored by the books' rule.
mod book_sample;
/// The `--html` page in headless Chromium: stepping through the lines.
mod browser;
/// `lifedeg check`: solutions read, verdicts, the table, shards.
mod check;
/// The command line: output formats, options and bad input.
mod cli;
/// The relative links in README.md, problems/README.md and docs/.
mod doc_links;
/// The eye-shape analyzer against the exact solver.
mod eyes;
/// `lifedeg gtp` through the GTP client Sabaki uses, and garbage on the wire.
mod gtp;
/// Hostile and unusual input to the binary.
mod hostile;
/// Interval pruning against the whole graph.
mod interval;
/// The problem library against its hand derivations.
mod library;
/// The answer's pictures, rasterized and read back; their SVG text.
mod pictures;
/// Snapshots of the JSON record of every problem in problems/.
mod records;
/// The code's shape: the library's layers, file and function sizes, types over bools.
mod structure;
/// The study tools: compare, sweep, optimal lines, the DOT graph.
mod study;
/// Every group of a whole board: the development set's floors, statuses, the game's end.
mod whole_board;
