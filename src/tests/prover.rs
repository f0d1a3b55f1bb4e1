//! The prover's proofs rebuilt bottom up from the rules' moves, for every caller: on library
//! problems as the state graph and the first moves' searches ask it, and in the eye-shape
//! analyzer's play-outs.

use crate::analysis::eye_shapes::fight;
use crate::go::rules::Color;
use crate::problem::{sgf, Life, LocalProblem, Setup, TargetChoice};
use crate::prove::state::{Rules, State};
use crate::prove::watch::Watch;
use crate::prove::{Effort, Finding, Goal, Prover};
use crate::statics;
use hashbrown::HashSet;
use std::path::Path;

/// A library problem's arena, read through the problem layer (its fight is marked: no
/// whole-board region to choose).
fn local(file: &str) -> LocalProblem {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    let bytes = std::fs::read(path).expect("a library problem");
    let setup = sgf::read(&sgf::decode(&bytes)).expect("an SGF problem");
    let mut readings = setup.readings(&TargetChoice::FromFile).expect("a problem");
    readings.swap_remove(0).arena().expect("an arena")
}

/// A prover for a library problem, with a table so small that entries get forgotten, and
/// the problem's rules.
fn prover(file: &str, nodes: usize, total: usize) -> (Prover<'static>, Rules<'static>) {
    let local: &'static LocalProblem = Box::leak(Box::new(local(file)));
    let effort = Effort {
        depth: 100,
        nodes,
        total,
        tail: 100,
        table: 1 << 12,
        watch: Watch::unlimited(),
    };
    (
        Prover::new(local, effort, statics::rules()),
        Rules { local },
    )
}

/// Asks about every state reachable from the roots (not past settled ones), as the graph
/// builder does, with a small table so that entries get forgotten; then checks the proofs,
/// and that they still settle states once the budget is spent.
fn search(file: &str) -> (Prover<'static>, Vec<Option<Life>>) {
    let (mut b, rules) = prover(file, 200_000, 2_000_000);
    let mut seen: HashSet<State> = HashSet::new();
    let mut queue = vec![rules.root(Color::Black), rules.root(Color::White)];
    let mut answers = Vec::new();
    while let Some(s) = queue.pop() {
        if seen.len() >= 3000 || !seen.insert(s) {
            continue;
        }
        let answer = b.decide(&s);
        answers.push(answer);
        if answer.is_none() {
            rules.successors(&s, &mut |t| {
                queue.push(t);
                2
            });
        }
    }
    let proofs = b.replay_proofs();
    b.spend_all();
    let proven = b.proofs();
    assert_eq!(proven.len(), proofs);
    for (s, goal) in proven {
        assert_eq!(b.decide(&s), Some(goal.end()));
    }
    (b, answers)
}

#[test]
fn corners_are_proven_alive_at_the_roots() {
    for file in [
        "problems/scaling/corner-08.sgf",
        "problems/scaling/corner-12.sgf",
    ] {
        let (_, answers) = search(file);
        // Both roots are searched and proven (the graph builder never asks about them).
        assert_eq!(answers, vec![Some(Life::Alive); 2], "{file}");
    }
}

#[test]
fn simulated_proofs_are_finite_strategies() {
    // `search` rebuilds every proof from the rules, simulated ones included.
    let (b, _) = search("problems/scaling/corner-12.sgf");
    assert!(b.simulated() > 0, "simulation never proved a state");
}

/// Visits the first thousand states reachable from a library problem's roots with one prover
/// (small budgets, a small table), then rebuilds every proof it recorded.
fn each_state(file: &str, mut visit: impl FnMut(&mut Prover, State)) {
    let (mut b, rules) = prover(file, 10_000, 10_000_000);
    let mut seen: HashSet<State> = HashSet::new();
    let mut queue = vec![rules.root(Color::Black), rules.root(Color::White)];
    while let Some(s) = queue.pop() {
        if seen.len() >= 1000 || !seen.insert(s) {
            continue;
        }
        visit(&mut b, s);
        rules.successors(&s, &mut |t| {
            queue.push(t);
            2
        });
    }
    b.replay_proofs();
}

#[test]
fn proofs_winning_every_ko_are_finite_strategies() {
    let (mut lives, mut captured, mut beyond) = (0, 0, 0);
    for file in [
        "problems/direct-ko.sgf",
        "problems/approach-ko-2.sgf",
        "problems/bent-four-corner.sgf",
    ] {
        each_state(file, |b, s| {
            let settled = b.decide(&s);
            let by_ko = [Goal::LivesByKo, Goal::CapturedByKo]
                .map(|g| b.ask(&s, g, 10_000) == Finding::Proven);
            // Each weak goal is the opponent's in the game of a strong one: never both.
            assert!(
                !(settled == Some(Life::Alive) && by_ko[1]),
                "{file}: both win"
            );
            assert!(
                !(settled == Some(Life::Dead) && by_ko[0]),
                "{file}: both win"
            );
            lives += by_ko[0] as usize;
            captured += by_ko[1] as usize;
            beyond += (by_ko.contains(&true) && settled.is_none()) as usize;
        });
    }
    assert!(lives > 0 && captured > 0 && beyond > 0);
}

/// A disproof that leaned on its line steers the graph's later questions, but not a first
/// move's question asked again with a larger budget (see the module doc).
#[test]
fn the_graphs_questions_share_a_round_and_each_ask_starts_one() {
    let (mut b, rules) = prover("problems/double-ko.sgf", 10_000, 10_000_000);
    let mut queue = vec![rules.root(Color::Black), rules.root(Color::White)];
    let mut seen: HashSet<State> = HashSet::new();
    // Questions about states, as the graph builder asks them, until one leaves a
    // disproof that leaned on its line; the next question still knows it.
    let (kept, next) = loop {
        let s = queue.pop().expect("a disproof leaning on the line");
        if !seen.insert(s) {
            continue;
        }
        b.decide(&s);
        rules.successors(&s, &mut |t| {
            queue.push(t);
            2
        });
        if let Some(kept) = b.loopy() {
            let next = *queue.iter().find(|t| !seen.contains(*t)).expect("a state");
            break (kept, next);
        }
    };
    b.decide(&next);
    assert!(b.remembers(&kept.0, kept.1), "forgotten by the graph");
    // Asked again as a first move's question, it is searched afresh, not answered at
    // once by the disproof of the last round.
    assert_eq!(b.finding(&kept.0, kept.1), Finding::Refuted);
    let before = b.positions();
    b.ask(&kept.0, kept.1, 1000);
    assert!(
        b.positions() > before,
        "answered by the last round's disproof"
    );
}

#[test]
fn proofs_with_kos_are_finite_strategies() {
    let mut settled = HashSet::new();
    for file in [
        "problems/direct-ko.sgf",
        "problems/double-ko.sgf",
        "problems/approach-ko-2.sgf",
        "problems/ten-thousand-year-ko.sgf",
        "problems/yose-ko.sgf",
        "problems/bent-four-corner.sgf",
    ] {
        let (_, answers) = search(file);
        settled.extend(answers.into_iter().flatten());
    }
    // Both goals were proven somewhere.
    assert!(settled.contains(&Life::Alive) && settled.contains(&Life::Dead));
}

/// Proofs of the grade `d` are finite strategies of the grade's game (its second phase
/// included), and some prove `d` where no capture is proven whatever the threats: bent four in
/// the corner, a ko only the attacker can start.
#[test]
fn proofs_of_the_grade_d_are_finite_strategies() {
    let mut beyond = 0;
    for file in [
        "problems/bent-four-corner.sgf",
        "problems/bent-four-corner-dead.sgf",
        "problems/direct-ko.sgf",
        "problems/approach-ko-2.sgf",
    ] {
        each_state(file, |b, s| {
            let dies = [s, s.without_threats()].map(|t| b.ask(&t, Goal::Dies, 10_000));
            let captured = b.ask(&s, Goal::Captured, 10_000) == Finding::Proven;
            // A capture whatever the threats is `d` too.
            assert!(!captured || dies == [Finding::Proven; 2], "{file}");
            beyond += (dies == [Finding::Proven; 2] && !captured) as usize;
        });
    }
    assert!(beyond > 0, "no `d` beyond a capture whatever the threats");
}

/// Every proof an eye-shape play-out records is a finite strategy, rebuilt bottom up: on a
/// straight three, a seki and a group with two eyes.
#[test]
fn play_outs_prove_only_finite_strategies() {
    let diagrams: [&[&str]; 3] = [
        &["...XO.", "XXXXO.", "OOOOO."],
        &[".X.O.OXO", "XXXOOOXO", "OOXXXXXO", ".OOOOOOO", "........"],
        &["X.XO.", ".XXO.", "XXOO.", "OO...", "....."],
    ];
    for rows in diagrams {
        let s = Setup::from_diagram(rows);
        let board = s.stones().expect("a legal position");
        let group = s
            .graph
            .flood(&[s.black[0]], |q| board[q.index()] == Some(Color::Black));
        let local = fight::enclosure(&s.graph, &board, Color::Black, &group).expect("small");
        let mut prover = fight::prover(&local, crate::prove::watch::Watch::unlimited());
        let fought = fight::fight(&local, &mut prover);
        // Each play-out settles its group one way or another, and on proofs only.
        assert!(fought.attacker_first.is_some(), "{rows:?}");
        assert!(prover.replay_proofs() > 0, "{rows:?}");
    }
}
