//! Interval pruning against the whole graph on crowded fights, where it leaves states
//! unexpanded: every value the answer shows is the same (random corner problems under random
//! parameters are compared in the library's own checks, `src/tests/shortcuts.rs`).

use crate::common::{load, Model, Probability, Shortcuts, SolveRequest};
use std::path::Path;

fn r(n: i64, d: i64) -> Probability {
    Probability::ratio(n, d).expect("a probability")
}

#[test]
fn interval_pruning_builds_less_and_changes_no_value() {
    let whole = Shortcuts::all().without_interval();
    let mut cases = 0;
    for (file, threats) in [
        (
            "problems/scaling/crowded-16.sgf",
            vec![r(1, 2), r(1, 5), r(1, 1)],
        ),
        ("problems/scaling/crowded-19.sgf", vec![r(1, 2), r(3, 4)]),
        ("problems/scaling/crowded-30.sgf", vec![r(1, 2)]),
    ] {
        let problem = load(Path::new(file));
        for p in threats {
            let params = Model::default().with_threat_prob(p.clone());
            let solve = |shortcuts: Shortcuts| {
                let request = SolveRequest::new()
                    .model(params.clone())
                    .shortcuts(shortcuts);
                request.solve_problem(&problem).expect("solves")
            };
            let full = solve(whole);
            let pruned = solve(Shortcuts::all());
            assert_eq!(full.stats.unexpanded, 0, "{file}");
            assert_eq!(pruned.answer.value, full.answer.value, "{file} at {p}");
            let openings = |s: &lifedeg::Solution| {
                [s.answer.black_first.clone(), s.answer.white_first.clone()]
            };
            assert_eq!(openings(&pruned), openings(&full), "{file} at {p}");
            let (states, unexpanded) = (pruned.stats.states, pruned.stats.unexpanded);
            assert!(states <= full.stats.states, "{file} at {p}");
            cases += (unexpanded > 0 && states < full.stats.states) as usize;
        }
    }
    assert!(
        cases >= 4,
        "only {cases} graphs with states left unexpanded"
    );
}
