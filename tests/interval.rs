//! Interval pruning against the whole graph on crowded fights, where it leaves states
//! unexpanded: every value the answer shows is the same (random corner problems under random
//! parameters are compared in tests/static_life.rs).

use crate::common::{Limits, Model, Solved, TargetChoice, Value};
use std::path::Path;
use std::time::Duration;

fn r(n: i64, d: i64) -> Value {
    Value::new(n.into(), d.into())
}

#[test]
fn interval_pruning_builds_less_and_changes_no_value() {
    let whole = Limits {
        interval: false,
        ..Limits::default()
    };
    let mut cases = 0;
    for (file, threats) in [
        (
            "problems/scaling/crowded-16.sgf",
            vec![r(1, 2), r(1, 5), r(1, 1)],
        ),
        ("problems/scaling/crowded-19.sgf", vec![r(1, 2), r(3, 4)]),
        ("problems/scaling/crowded-30.sgf", vec![r(1, 2)]),
    ] {
        let problem = lifedeg::load(Path::new(file), &TargetChoice::FromFile).expect("loads");
        for p in threats {
            let params = Model {
                threat_prob: [p.clone(), p.clone()],
                ..Model::default()
            };
            let solve = |limits: &Limits| {
                let solved = Solved::new(&problem, &params, limits).expect("solves");
                let unexpanded = solved.graph.unexpanded.len();
                (solved.life_degree(&params, Duration::ZERO), unexpanded)
            };
            let (full, none) = solve(&whole);
            let (pruned, unexpanded) = solve(&Limits::default());
            assert_eq!(none, 0, "{file}");
            assert_eq!(pruned.value, full.value, "{file} at {p}");
            assert_eq!(pruned.black_first, full.black_first, "{file} at {p}");
            assert_eq!(pruned.white_first, full.white_first, "{file} at {p}");
            assert_eq!(pruned.unexpanded, unexpanded);
            assert!(pruned.states <= full.states, "{file} at {p}");
            cases += (unexpanded > 0 && pruned.states < full.states) as usize;
        }
    }
    assert!(
        cases >= 4,
        "only {cases} graphs with states left unexpanded"
    );
}
