//! The exact sweep against pointwise solves.

use crate::go::rules::Color;
use crate::problem::Life;
use crate::prove::state::Kind;
use crate::request::SolveRequest;
use crate::solve::graph::GameGraph;
use crate::solve::{Model, Probability, Value};
use crate::study::piecewise::{exact_sweep, exact_sweep_graph, ExactSweep};
use crate::study::roots::Real;
use std::path::Path;

fn q(n: i64, d: i64) -> Value {
    Value::new(n.into(), d.into())
}

fn sweep(path: &Path) -> ExactSweep {
    let request = SolveRequest::new();
    let problem = request.load(path).unwrap();
    exact_sweep(&problem, &request, &q(0, 1), &q(1, 1), &|| {}).unwrap()
}

#[test]
fn direct_ko_is_the_sources_function() {
    let s = sweep(Path::new("tests/data/compare/direct-ko.sgf"));
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
    let files = crate::problem::problem_files(&["problems".into()]).unwrap();
    assert!(!files.is_empty());
    for path in files {
        let problem = SolveRequest::new().load(&path).unwrap();
        let s = sweep(&path);
        for k in 0..=29 {
            let p = q(k, 29);
            let params =
                Model::default().with_threat_prob(Probability::new(p.clone()).expect("in [0, 1]"));
            let pointwise = SolveRequest::new()
                .model(params)
                .solve_problem(&problem)
                .unwrap()
                .answer
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

/// A hand-made game with both a rational and an irrational breakpoint:
/// Black first: max(p², 1/2) (a chain of two kos, or endless play worth 1/2);
/// White first: min(p, 1 − p) (two kos, one for each side).
fn breakpoint_game() -> GameGraph {
    use Color::{Black, White};
    let kinds = vec![
        Kind::Terminal(Life::Dead),
        Kind::Terminal(Life::Alive),
        Kind::Decision(Black),
        Kind::KoChance(Black),
        Kind::KoChance(Black),
        Kind::Decision(White),
        Kind::Decision(Black),
        Kind::Decision(White),
        Kind::KoChance(White),
    ];
    let children = vec![
        vec![],
        vec![],
        vec![3, 5],
        vec![0, 4],
        vec![0, 1],
        vec![6],
        vec![5],
        vec![4, 8],
        vec![1, 0],
    ];
    GameGraph::from_parts(kinds, children, [2, 7])
}

#[test]
fn breakpoints_rational_and_irrational() {
    let graph = breakpoint_game();
    let s = exact_sweep_graph(
        &graph,
        Color::Black,
        &Model::default(),
        &q(0, 1),
        &q(1, 1),
        &|| {},
    )
    .unwrap();
    let functions: Vec<String> = s.pieces.iter().map(|p| p.value.to_string()).collect();
    assert_eq!(functions, ["(2p + 1)/4", "(-2p + 3)/4", "(p^2 - p + 1)/2"]);
    assert!(matches!(&s.pieces[0].to, Real::Rational(r) if *r == q(1, 2)));
    let b = &s.pieces[1].to;
    assert_eq!(b.rational(), None);
    assert!((b.approx() - 0.5f64.sqrt()).abs() < 1e-12);
    assert!(b.to_string().starts_with("root of 2p^2 - 1 in ("), "{b}");
    assert_eq!((s.at_lo.clone(), s.at_hi.clone()), (q(1, 4), q(1, 2)));
    // Against the definition at many rational points.
    for k in 0..=60 {
        let p = q(k, 60);
        let black = std::cmp::max(&p * &p, q(1, 2));
        let white = std::cmp::min(p.clone(), q(1, 1) - &p);
        assert_eq!(s.value_at(&p), Some((black + white) / q(2, 1)), "p = {p}");
    }
    let text = s.text("game");
    assert!(text.contains("1/2 < p < b1"), "{text}");
    assert!(text.contains("b1 = root of 2p^2 - 1"), "{text}");
}
