//! Learns the move model (`src/prove/move_model/weights.txt`) from the prover's own proofs.
//!
//! `cargo run --release --example move_model -- SECONDS FILES|DIRS… > src/prove/move_model/weights.txt`:
//! solves each file (one at a time, in order) with a time limit of `SECONDS`, collects the
//! positions of every final proof where the prover moves, and fits the weights (a fixed seed:
//! the same files give the same weights). A directory's problems are taken in their order but
//! every tenth (the first, the eleventh…), which is left for measuring. Progress goes to
//! standard error, the weights to standard output.

use lifedeg::{Budget, SolveRequest};
use std::path::PathBuf;
use std::time::Duration;

fn main() {
    let mut args = std::env::args().skip(1);
    let seconds: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or_else(|| {
        eprintln!("move_model: give a time limit in seconds, then the files");
        std::process::exit(2)
    });
    let mut files = Vec::new();
    for named in args.map(PathBuf::from) {
        let found = lifedeg::problem_files(std::slice::from_ref(&named)).unwrap_or_else(|e| {
            eprintln!("move_model: {e}");
            std::process::exit(2)
        });
        let held_out = |i: usize| named.is_dir() && i.is_multiple_of(10);
        let kept = found.into_iter().enumerate().filter(|&(i, _)| !held_out(i));
        files.extend(kept.map(|(_, f)| f));
    }
    let budget = Budget::default().time(Some(Duration::from_secs(seconds)));
    let request = SolveRequest::new().budget(budget);
    lifedeg::move_model::collect();
    for (i, file) in files.iter().enumerate() {
        if let Err(e) = request.solve_file(file) {
            eprintln!("{}: {e}", file.display());
        }
        if (i + 1).is_multiple_of(20) {
            eprintln!("{} of {} files", i + 1, files.len());
        }
    }
    let source = format!(
        "The move model's weights, learned by the example move_model from the final proofs of\n\
         the prover on {} development files ({} s each): the winning move against every other\n\
         legal move where the prover moves.",
        files.len(),
        seconds
    );
    let (text, examples, first) = lifedeg::move_model::learn(&source);
    eprintln!(
        "{examples} positions; the winning move ranked first in {:.1} %",
        first * 100.0
    );
    print!("{text}");
}
