//! Static life and death: hand positions, and each static rule against the unpruned search on
//! every state of small problems.

use super::{load, walled_problem};
use crate::go::color::ByColor;
use crate::go::graph::Graph;
use crate::go::rules::Color;
use crate::problem::{Life, LocalProblem, Problem, Setup, TargetChoice};
use crate::prove::state::Turn;
use crate::solve::answer::Detail;
use crate::solve::degree::{SolveError, Solved};
use crate::solve::model::{Model, Probability};
use crate::solve::{Budget, Shortcuts};
use crate::statics::benson::pass_alive;
use crate::statics::death::{classify, forced_capture, sealed_dead};
use crate::statics::liberty_pairs::target_lives_by_pairs;
use crate::statics::safe_regions::Safety;

/// The arena of a problem whose target is the black group through `target` (SGF name).
fn local(rows: &[&str], target: &str) -> LocalProblem {
    Setup::from_diagram(rows)
        .validate(&TargetChoice::At(target.parse().unwrap()))
        .expect("a valid problem")
        .arena()
        .expect("fits")
}

/// The arena index of a board point.
fn index_of(l: &LocalProblem, g: &Graph, name: &str) -> u8 {
    let p = name
        .parse::<crate::go::graph::PointName>()
        .unwrap()
        .on(g)
        .expect("a point");
    l.arena
        .global
        .iter()
        .position(|&q| q == p)
        .expect("in the arena") as u8
}

/// `side` to move just after the other side passed.
fn just_after_pass(side: Color) -> Turn {
    Turn {
        after_pass: true,
        ..Turn::fresh(side)
    }
}

fn lives_unconditionally(l: &LocalProblem) -> bool {
    l.target & !pass_alive(&l.arena, &l.start, l.defender) == 0
}

#[test]
fn two_real_eyes_are_pass_alive() {
    let l = local(
        &["X.X.XO.", "XXXXXO.", "OOOOOO.", ".......", "......."],
        "aa",
    );
    assert!(lives_unconditionally(&l));
    assert_eq!(
        classify(&l, &l.start, Turn::fresh(Color::White)),
        Some(Life::Alive)
    );
}

#[test]
fn a_false_eye_is_not_pass_alive() {
    // The eye at b7 touches the lone stone at c7 and a chain whose only liberty it is.
    let l = local(
        &["X.X.XO.", "XXOXXO.", "OOOOOO.", ".......", "......."],
        "aa",
    );
    assert!(!lives_unconditionally(&l));
}

#[test]
fn one_big_eye_is_not_pass_alive() {
    let l = local(
        &["...XO..", "XXXXO..", "OOOOO..", ".......", "......."],
        "da",
    );
    assert!(!lives_unconditionally(&l));
    // A straight three: whoever plays the middle decides, so nothing is static yet.
    assert_eq!(classify(&l, &l.start, Turn::fresh(Color::Black)), None);
}

#[test]
fn an_enemy_stone_in_an_eye_does_not_stop_life() {
    // White's stone at a7 sits in an eye whose empty point is a liberty of the black chain.
    let l = local(
        &["O.X.XO.", "XXXXXO.", "OOOOOO.", ".......", "......."],
        "ca",
    );
    assert!(lives_unconditionally(&l));
}

#[test]
fn a_liberty_outside_the_region_lasts_forever() {
    // One eye (b7) and an empty point outside the region (d7) that no one may ever fill.
    let l = local(
        &["X#X.XO.", "XXXXXO.", "OOOOOO.", ".......", "......."],
        "aa",
    );
    assert!(lives_unconditionally(&l));
    // Without it, one eye only.
    let l = local(
        &["X#XXXO.", "XXXXXO.", "OOOOOO.", ".......", "......."],
        "aa",
    );
    assert!(!lives_unconditionally(&l));
}

#[test]
fn a_small_enclosed_space_is_dead_whoever_moves() {
    let l = local(
        &["..XO...", "XXXO...", "OOOO...", ".......", "......."],
        "ca",
    );
    for side in [Color::Black, Color::White] {
        assert_eq!(classify(&l, &l.start, Turn::fresh(side)), Some(Life::Dead));
    }
    // Just after White passed, Black's pass ends the game alive.
    assert_eq!(classify(&l, &l.start, just_after_pass(Color::Black)), None);
}

#[test]
fn a_straight_three_is_dead_only_with_the_attacker_to_move() {
    // Whoever plays the middle decides. Black first is left to the search (neither
    // pass-alive nor a short forced capture); White first takes the vital point (nakade).
    let l = local(
        &["...XO..", "XXXXO..", "OOOOO..", ".......", "......."],
        "da",
    );
    assert_eq!(classify(&l, &l.start, Turn::fresh(Color::Black)), None);
    assert_eq!(
        classify(&l, &l.start, Turn::fresh(Color::White)),
        Some(Life::Dead)
    );
}

#[test]
fn a_ko_is_not_death_but_a_lost_ko_is() {
    // problems/direct-ko.sgf: White takes the ko at D4, banning Black's retake at D3.
    let problem = load("problems/direct-ko.sgf");
    let l = problem.arena().expect("fits");
    let g = problem.graph();
    let (take, retake) = (index_of(&l, g, "db"), index_of(&l, g, "dc"));
    let taken = l.arena.play(&l.start, Color::White, take).expect("legal");
    assert_eq!(taken.ko_ban, Some(retake));
    // Black may retake with a threat: worth 1/3, not 0.
    assert_eq!(
        classify(
            &l,
            &taken.after,
            Turn {
                to_move: Color::Black,
                ko: taken.ko_ban,
                after_pass: false
            }
        ),
        None
    );
    // Once White has connected, Black is dead whatever it plays.
    let connected = l
        .arena
        .play(&taken.after, Color::White, retake)
        .expect("legal");
    assert_eq!(
        classify(&l, &connected.after, Turn::fresh(Color::Black)),
        Some(Life::Dead)
    );
}

#[test]
fn the_attacker_never_counts_on_a_ko_threat() {
    // Black's lone stone at C3 has just taken a ko at B3: White may not retake at once.
    let rows = [".XO...", "X#XO..", ".XO...", "......"];
    let l = local(&rows, "cb");
    let ko = index_of(&l, &Graph::square(6, 4), "bb");
    assert_eq!(
        classify(
            &l,
            &l.start,
            Turn {
                to_move: Color::White,
                ko: Some(ko),
                after_pass: false
            }
        ),
        None
    );
    assert_eq!(
        classify(&l, &l.start, Turn::fresh(Color::White)),
        Some(Life::Dead)
    );
}

#[test]
fn seki_is_never_called_dead() {
    // Black and White's five inner stones share the liberties C1 and J1 and neither can
    // approach (problems/seki.sgf).
    let l = local(
        &["...........", "OOOOOOOOOOO", "OXXXXXXXXXO", "OX.OOOOO.XO"],
        "bc",
    );
    for side in [Color::Black, Color::White] {
        assert_eq!(classify(&l, &l.start, Turn::fresh(side)), None);
    }
}

/// The arena of [`walled_problem`].
fn walled(area: [&str; 4], target: &str) -> LocalProblem {
    walled_problem(area, target).arena().expect("fits")
}

#[test]
fn a_sealed_group_with_one_small_eye_is_dead() {
    // One-point eye at A1, two-point eye at A1-B1; the other liberties all touch White's wall.
    for area in [
        [".XO..", "XXO..", "..O..", "OOO.."],
        ["..XO.", "XXXO.", "...O.", "OOOO."],
    ] {
        let l = walled(area, "ab");
        for side in [Color::Black, Color::White] {
            assert!(sealed_dead(&l, &l.start, Turn::fresh(side)), "{area:?}");
            assert_eq!(classify(&l, &l.start, Turn::fresh(side)), Some(Life::Dead));
            // Three liberties or more: beyond the short forced capture.
            assert!(!forced_capture(&l, &l.start, Turn::fresh(side)));
        }
        // Just after White passed, Black's pass ends the game alive.
        assert!(!sealed_dead(&l, &l.start, just_after_pass(Color::Black)));
    }
}

#[test]
fn sealing_needs_walls_and_one_small_eye() {
    let both = [Color::Black, Color::White];
    for (area, sides) in [
        // Two eyes.
        ([".X.XO", "XXXXO", "....O", "OOOOO"], &both[..]),
        // A straight three, Black to take its middle.
        (["...XO", "XXXXO", "....O", "OOOOO"], &[Color::Black]),
        // A white stone inside that Black may capture, not on the vital point: two eyes.
        (["O..XO", "XXXXO", "....O", "OOOOO"], &[Color::Black]),
        // A white wall cut off from the outside.
        ([".XO..", "XXO..", "..O..", "...O."], &both),
    ] {
        let l = walled(area, "bb");
        for &side in sides {
            assert!(!sealed_dead(&l, &l.start, Turn::fresh(side)), "{area:?}");
        }
    }
}

#[test]
fn a_nakade_is_dead() {
    // A straight three along the edge with White's stone in its middle, a two-point eye
    // with White's stone in it, and a bent three in the corner whose vital point (A1) White
    // is to take; three or four outside liberties each.
    let both = [Color::Black, Color::White];
    for (area, target, sides) in [
        ([".O.XO", "XXXXO", "....O", "OOOOO"], "da", &both[..]),
        (["O.XO.", "XXXO.", "...O.", "OOOO."], "bb", &both),
        (["..X.O", ".XX.O", "XX..O", "OOOOO"], "ca", &[Color::White]),
    ] {
        let l = walled(area, target);
        for &side in sides {
            assert!(sealed_dead(&l, &l.start, Turn::fresh(side)), "{area:?}");
            assert!(!forced_capture(&l, &l.start, Turn::fresh(side)));
        }
        // Just after White passed, Black's pass ends the game alive.
        assert!(!sealed_dead(&l, &l.start, just_after_pass(Color::Black)));
    }
    // Black to move in the bent three takes the vital point.
    let l = walled(["..X.O", ".XX.O", "XX..O", "OOOOO"], "ca");
    assert!(!sealed_dead(&l, &l.start, Turn::fresh(Color::Black)));
}

/// The whole graph of `problem` solved without static analysis, bounds or pruning (at most
/// 100 000 states), under the parameters hardest for a static claim of life (`life`) or of
/// death: the claimed side's opponent always has a ko threat and it never does, and endless
/// play is worth what the claim does not say.
fn unpruned_against(problem: &Problem, life: Life) -> Result<Solved, SolveError> {
    let (hard, easy) = match life {
        Life::Alive => (Probability::zero(), Probability::one()),
        Life::Dead => (Probability::one(), Probability::zero()),
    };
    let mut threats = ByColor::both(easy);
    threats[problem.defender()] = hard.clone();
    let params = Model::default()
        .with_threat_probs(threats)
        .with_no_result(hard);
    let budget = Budget::default().max_states(100_000);
    Solved::new(problem, &params, Shortcuts::none(), &budget, Detail::Grades)
}

/// Sealed death against the unpruned search: on every state of the whole graph of small
/// problems, the rule claims death only where the solved value is 0 — with the defender
/// always having a ko threat and the attacker never, and with endless play worth 1 (the
/// hardest case for the attacker) — and it claims it beyond the short forced capture, with
/// an attacker stone inside, and with the attacker to take the vital point.
#[test]
fn sealed_death_is_claimed_only_where_the_search_finds_it() {
    use num_traits::Zero;
    let mut beyond_forced = 0;
    // Claims with an attacker stone not joined to the wall, and claims that hold only with
    // the attacker to move.
    let (mut stone_inside, mut to_take) = (0, 0);
    // Library problems, and Black groups with one eye or a two-point eye and many liberties
    // inside White's wall.
    let built = [
        walled_problem([".X.OO", "XX.OO", "...OO", "OOOOO"], "ab"),
        walled_problem(["..XOO", "XXX.O", "....O", "OOOOO"], "ab"),
        // Nakade: a straight three, a bent three, a straight three with White's stone inside.
        walled_problem(["...XO", "XXXXO", "....O", "OOOOO"], "da"),
        walled_problem(["..X.O", ".XX.O", "XX..O", "OOOOO"], "ca"),
        walled_problem([".O.XO", "XXXXO", "....O", "OOOOO"], "da"),
    ];
    let library = [
        "problems/scaling/corner-08.sgf",
        "problems/bent-four-corner.sgf",
        "problems/direct-ko.sgf",
        "problems/book/crossed-five-kill.sgf",
        "problems/book/straight-three-open-kill.sgf",
    ];
    let problems = built
        .into_iter()
        .map(|p| ("built".to_string(), p))
        .chain(library.iter().map(|&f| (f.to_string(), load(f))));
    for (file, problem) in problems {
        let Ok(solved) = unpruned_against(&problem, Life::Dead) else {
            eprintln!("{file} too big");
            continue;
        };
        let l = &solved.local;
        for (node, state) in solved.graph.states.iter().enumerate().skip(2) {
            let (stones, turn) = (state.stones(), state.turn());
            if sealed_dead(l, &stones, turn) {
                assert!(solved.values.value(node as u32).is_zero(), "{file}");
                beyond_forced += !forced_capture(l, &stones, turn) as usize;
                let attacker = l.defender.other();
                let own = stones.by_color[attacker.index()];
                let loose = own & !l.arena.grow(own & l.arena.anchor[attacker.index()], own);
                stone_inside += (loose != 0) as usize;
                let waiting = Turn::fresh(attacker.other());
                to_take += (turn.to_move == attacker && !sealed_dead(l, &stones, waiting)) as usize;
            }
        }
    }
    assert!(
        beyond_forced > 1000,
        "only {beyond_forced} states beyond the forced capture"
    );
    assert!(
        stone_inside > 1000,
        "only {stone_inside} with a stone inside"
    );
    assert!(
        to_take > 100,
        "only {to_take} with the attacker to take the vital point"
    );
}

/// Safe regions against the unpruned search: on every state of the whole graph of small
/// problems, the rule claims life only where the solved value is 1 — with the attacker
/// always having a ko threat and the defender never (the hardest case for the defender),
/// and with endless play worth 0 — and it claims it well beyond pass-alive.
#[test]
fn safe_regions_claim_life_only_where_the_search_finds_it() {
    use num_traits::One;
    let mut beyond_benson = 0;
    let files = [
        "problems/scaling/corner-08.sgf",
        "problems/bent-four-corner.sgf",
        "problems/direct-ko.sgf",
        "problems/ten-thousand-year-ko.sgf",
    ];
    // Regions of nine points, the largest the local games search: empty, and with a stone of
    // each colour in them.
    let nine = [
        ["...XX", "...XX", "...XX", "XXXXX"],
        [".O.XX", "...XX", ".X.XX", "XXXXX"],
    ];
    let problems = files.iter().map(|&f| (f.to_string(), load(f))).chain(
        nine.iter()
            .map(|&area| (format!("{area:?}"), walled_problem(area, "da"))),
    );
    for (file, problem) in problems {
        let solved = unpruned_against(&problem, Life::Alive).expect("solves");
        let mut safety = Safety::default();
        for (node, state) in solved.graph.states.iter().enumerate().skip(2) {
            let stones = state.stones();
            if safety.target_alive(&solved.local, &stones) {
                assert!(solved.values.value(node as u32).is_one(), "{file}");
                let benson = pass_alive(&solved.local.arena, &stones, solved.local.defender);
                beyond_benson += (solved.local.target & !benson != 0) as usize;
            }
        }
    }
    assert!(
        beyond_benson > 100,
        "only {beyond_benson} states beyond Benson"
    );
}

/// Whether every target stone is kept by life by pairs of liberties alone (no local game).
fn lives_by_pairs(l: &LocalProblem) -> bool {
    target_lives_by_pairs(l, &l.start)
}

#[test]
fn a_straight_four_lives_by_its_two_cutting_points() {
    // One region of four points along the edge: whichever of B7 and C7 White takes, Black
    // takes the other and has two eyes. Benson sees one region.
    let l = walled(["....X", "XXXXX", ".....", "....."], "ab");
    assert!(!lives_unconditionally(&l));
    assert!(lives_by_pairs(&l));
    // A straight three has one cutting point; so has a bent four in the corner, whose corner
    // point, no liberty, is covered by the pair beside it: neither lives statically.
    for area in [
        ["...XX", "XXXXX", ".....", "....."],
        ["...XX", ".XXXX", "XX...", "....."],
    ] {
        let l = walled(area, "db");
        assert!(!lives_by_pairs(&l), "{area:?}");
    }
}

#[test]
fn chains_sharing_two_liberties_live_as_one() {
    // Two chains with one eye each, sharing C7 and C6: whichever White takes, Black connects.
    let rows =
        |top: &'static str, below: &'static str| [top, below, "OOOOOOO.", "........", "........"];
    let l = local(&rows(".X.X.XO.", "XX.XXXO."), "bb");
    assert!(!lives_unconditionally(&l));
    assert!(lives_by_pairs(&l));
    // With White on C6 they share one liberty only: White cuts at C7.
    let l = local(&rows(".X.X.XO.", "XXOXXXO."), "bb");
    assert!(!lives_by_pairs(&l));
    // Joined, but with one eye between them.
    let l = local(&rows(".X.XXXO.", "XX.XXXO."), "bb");
    assert!(!lives_by_pairs(&l));
}

#[test]
fn a_region_covered_by_pairs_counts_like_an_eye() {
    // A bent three in the corner: A7 is no liberty, but its neighbours B7 and A6 are, and
    // whichever White takes, Black takes the other. With the eye at D7 that is life before
    // two finished eyes exist.
    let l = walled(["..X.X", ".XXXX", "XX...", "....."], "bb");
    assert!(!lives_unconditionally(&l));
    assert!(lives_by_pairs(&l));
    // A pair needs both points empty: with White on B7 nothing covers A7.
    let l = walled([".OX.X", ".XXXX", "XX...", "....."], "bb");
    assert!(!lives_by_pairs(&l));
}

/// Life by pairs against the unpruned search: on every state of the whole graph of small
/// problems, the rule claims life only where the solved value is 1 — with the attacker always
/// having a ko threat and the defender never, and endless play worth 0, the hardest case for
/// the defender — and it claims it beyond Benson, with joined chains and regions counting twice.
#[test]
fn liberty_pairs_claim_life_only_where_the_search_finds_it() {
    use num_traits::One;
    let (mut beyond_benson, mut claims) = (0, 0);
    let files = [
        "problems/scaling/corner-08.sgf",
        "problems/bent-four-corner.sgf",
        "problems/straight-four.sgf",
        "problems/direct-ko.sgf",
        "problems/ten-thousand-year-ko.sgf",
        "problems/seki.sgf",
    ];
    let built = [
        // A straight four, a bent three beside an eye, a pyramid four.
        walled_problem(["....X", "XXXXX", "OOOOO", "OOOOO"], "ab"),
        walled_problem(["..X.X", ".XXXX", "XXOOO", "OOOOO"], "bb"),
        walled_problem(["X...X", "XX.XX", "XXXXX", "OOOOO"], "aa"),
    ];
    let problems = files
        .iter()
        .map(|&f| (f.to_string(), load(f)))
        .chain(built.into_iter().map(|p| ("built".to_string(), p)));
    for (file, problem) in problems {
        let Ok(solved) = unpruned_against(&problem, Life::Alive) else {
            panic!("{file} too big");
        };
        let l = &solved.local;
        for (node, state) in solved.graph.states.iter().enumerate().skip(2) {
            let stones = state.stones();
            if target_lives_by_pairs(l, &stones) {
                assert!(solved.values.value(node as u32).is_one(), "{file}");
                claims += 1;
                let benson = pass_alive(&l.arena, &stones, l.defender);
                beyond_benson += (l.target & !benson != 0) as usize;
            }
        }
    }
    eprintln!("{claims} claims, {beyond_benson} beyond Benson");
    assert!(
        beyond_benson > 100,
        "only {beyond_benson} states beyond Benson"
    );
}
