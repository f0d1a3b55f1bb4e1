//! The exact sweep against pointwise solves.

use lifedeg::degree::{life_degree, Limits};
use lifedeg::piecewise::exact_sweep;
use lifedeg::problem::TargetChoice;
use lifedeg::solver::{Params, Value};
use std::path::Path;

fn q(n: i64, d: i64) -> Value {
    Value::new(n.into(), d.into())
}

fn sweep(path: &Path) -> lifedeg::piecewise::ExactSweep {
    let problem = lifedeg::load(path, &TargetChoice::FromFile).unwrap();
    exact_sweep(
        &problem,
        &Params::default(),
        &Limits::default(),
        &q(0, 1),
        &q(1, 1),
        &|| {},
    )
    .unwrap()
}

#[test]
fn direct_ko_is_the_sources_function() {
    let s = sweep(Path::new("tests/data/direct-ko.sgf"));
    assert_eq!(s.pieces.len(), 1);
    assert_eq!(s.pieces[0].value.to_string(), "(2p + 1)/(2p + 2)");
    assert_eq!(s.at_lo, q(1, 2));
    assert_eq!(s.at_hi, q(3, 4));
    assert_eq!(s.value_at(&q(1, 2)), Some(q(2, 3)));
}

/// Every problem in problems/: the pieces agree exactly with a pointwise solve at 30 rational
/// threat probabilities, ends included.
#[test]
fn every_problem_matches_pointwise_solves() {
    let mut files: Vec<_> = std::fs::read_dir("problems")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "sgf"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    for path in files {
        let problem = lifedeg::load(&path, &TargetChoice::FromFile).unwrap();
        let s = sweep(&path);
        for k in 0..=29 {
            let p = q(k, 29);
            let params = Params {
                threat_prob: [p.clone(), p.clone()],
                ..Params::default()
            };
            let pointwise = life_degree(&problem, &params, &Limits::default())
                .unwrap()
                .value;
            assert_eq!(
                s.value_at(&p),
                Some(pointwise),
                "{} at p = {p}",
                path.display()
            );
        }
    }
}
