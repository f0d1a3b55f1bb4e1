//! The integration tests: one crate (`autotests = false` in Cargo.toml), one module a file
//! beside this one, `tests/<module>.rs`. Run one module with `cargo test --test tests cli::`.
//!
//! Each module tests across one boundary, and a test goes where its boundary is:
//!
//! * **the public API**: what a library user calls (`lifedeg::…`), its answers and reports;
//! * **the command line**: the `lifedeg` binary run as a user runs it, its output, its exit
//!   codes and what it does with bad input;
//! * **the datasets**: collections read and scored as a whole (books, whole boards, labelled
//!   eye shapes), against their floors;
//! * **the house itself**: the code's shape and the documents' links.
//!
//! A check that needs the library's internals is not here but in `src/tests/`.
//!
//! Snapshots are in tests/snapshots/, named `tests__<module>__<name>.snap`; proptest keeps the
//! failing cases of `tests/<module>.rs` in `tests/<module>.proptest-regressions`.

/// Shared by the modules: the problems, how they are solved, running the binary.
mod common;

// The public API.

/// Non-square boards (board files and generators), their errors and pictures.
mod boards;
/// Interval pruning against the whole graph.
mod interval;
/// The problem library against its hand derivations.
mod library;
/// The optimal lines: their SGF tree, each move's effect, the numbered diagrams.
mod lines;
/// The answer's pictures, rasterized and read back; their SVG text.
mod pictures;
/// Snapshots of the JSON record of every problem in problems/.
mod records;
/// The study tools: compare, sweep, enumerate.
mod study;

// The command line.

/// The `--html` page in headless Chromium: stepping through the lines.
mod browser;
/// `lifedeg check`: solutions read, verdicts, the table, shards.
mod check;
/// The command line: output formats, options and bad input.
mod cli;
/// `lifedeg gtp` through the GTP client Sabaki uses, and garbage on the wire.
mod gtp;
/// Hostile and unusual input to the binary.
mod hostile;

// The datasets.

/// How book diagrams are read: the problems/book answers and tests/data/readings.
mod book_readings;
/// The fixed sample of book diagrams (tests/data/books) scored by the books' rule.
mod book_sample;
/// The eye-shape analyzer against the exact solver, on labelled shapes.
mod eyes;
/// Every group of a whole board: the development set's floors, statuses, the game's end.
mod whole_board;

// The house itself.

/// The relative links in README.md, problems/README.md and docs/.
mod doc_links;
/// The code's shape: layers and their docs, circles, file and function sizes, bools.
mod structure;
