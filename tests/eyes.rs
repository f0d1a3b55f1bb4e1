//! The eye-shape analyzer against the exact solver: a labelled set of groups and the
//! confusion table beside Kato & Yamazaki's figures.
//!
//! The exact solver labels the generated corner groups once, into tests/data/eyes/: solving
//! them takes minutes, reading them none. `cargo test --test tests -- --ignored
//! eyes::regenerate` writes the files again. Every run checks that they hold exactly the
//! generator's positions in order and solves a sample of their labels again, so they cannot
//! drift from the generator or the solver.

use crate::common::{Budget, Color, Problem, Setup, Shortcuts, SolveRequest, TargetChoice};
use lifedeg::eye_shapes::{of_board, Status};
use lifedeg::Detail;
use num_traits::{One, Zero};
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::PathBuf;

const STATUSES: [Status; 3] = [Status::Alive, Status::Dead, Status::Unsettled];

/// The rates of correct verdicts (alive, dead, unsettled) the analyzer reaches on the main set,
/// rounded down: a regression guard, not a goal.
const FLOORS: [f64; 3] = [100.0, 98.0, 93.0];

/// The same on the held-out set.
const HELD_OUT_FLOORS: [f64; 3] = [100.0, 95.0, 97.0];

/// The judge's limit on states: positions beyond it are left unlabelled.
const MAX_STATES: usize = 30_000;

/// The exact judge: 1 with either side first is alive, 0 with either is dead.
fn judge(problem: &Problem) -> Option<Status> {
    // The plain search, so that which groups the judge settles does not move with pruning.
    let request = SolveRequest::new()
        .shortcuts(Shortcuts::none())
        .budget(Budget::states_only(MAX_STATES))
        .detail(Detail::Values);
    let answer = request.solve_problem(problem).ok()?.answer;
    let (b, w) = (&answer.black_first.value, &answer.white_first.value);
    Some(if b.is_one() && w.is_one() {
        Status::Alive
    } else if b.is_zero() && w.is_zero() {
        Status::Dead
    } else {
        Status::Unsettled
    })
}

/// The analyzer's verdict on a problem's target, from the whole board. The target may span
/// several of the analyzer's groups (a problem's target is every stone of its colour in the
/// enclosure), and the judge counts it dead as soon as any target stone is captured: so it is
/// alive when all those groups are, dead when one of them is, unsettled otherwise.
fn verdict(problem: &Problem) -> Status {
    let g = problem.graph();
    let stones: Vec<Option<Color>> = g.points().map(|p| problem.stone(p)).collect();
    let analysis = of_board(g, &stones);
    let statuses: Vec<Status> = problem
        .target()
        .iter()
        .map(|&p| {
            analysis
                .group_of(p)
                .expect("target stones are in a group")
                .status
        })
        .collect();
    if statuses.contains(&Status::Dead) {
        Status::Dead
    } else if statuses.iter().all(|&s| s == Status::Alive) {
        Status::Alive
    } else {
        Status::Unsettled
    }
}

/// A corner position on a 7x6 board: a white wall around a 5x4 area with open board beyond;
/// inside, a black enclosure of random size with holes, random stones in and around it.
fn corner_position() -> impl Strategy<Value = (Vec<String>, usize)> {
    (
        1usize..=3,
        1usize..=2,
        proptest::collection::vec(0u8..100, 20),
        0usize..20,
    )
        .prop_map(|(kx, ky, dice, pick)| {
            let mut rows = vec![vec!['.'; 7]; 6];
            for row in &mut rows[..5] {
                row[5] = 'O';
            }
            rows[4][..5].fill('O');
            for y in 0..4 {
                for x in 0..5 {
                    let d = dice[x + 5 * y];
                    let wall = (x == kx && y <= ky) || (y == ky && x <= kx);
                    let inside = x < kx && y < ky;
                    rows[y][x] = if wall {
                        if d < 85 {
                            'X'
                        } else if d < 92 {
                            'O'
                        } else {
                            '.'
                        }
                    } else if inside {
                        if d < 20 {
                            'X'
                        } else if d < 35 {
                            'O'
                        } else {
                            '.'
                        }
                    } else if d < 20 {
                        'O'
                    } else if d < 30 {
                        'X'
                    } else {
                        '.'
                    };
                }
            }
            (
                rows.into_iter().map(|r| r.into_iter().collect()).collect(),
                pick,
            )
        })
}

/// A set of generated corners: its labels file, the generator's seed, how many draws it may
/// take and how many labelled groups it stops at.
struct Corners {
    file: &'static str,
    seed: &'static str,
    runner: fn() -> TestRunner,
    draws: usize,
    labelled: usize,
}

impl Corners {
    fn path(&self) -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(self.file)
    }

    /// The generator's distinct corner problems, in order, each with its diagram rows joined
    /// by '/' and the black stone naming its target.
    fn candidates(&self) -> impl Iterator<Item = (String, String, Problem)> {
        let strategy = corner_position();
        let mut runner = (self.runner)();
        let mut seen = BTreeSet::new();
        (0..self.draws).filter_map(move |_| {
            let (rows, pick) = strategy.new_tree(&mut runner).expect("strategy").current();
            let s = Setup::from_diagram(&rows.iter().map(String::as_str).collect::<Vec<_>>());
            if s.black.is_empty() {
                return None;
            }
            let target = s.graph.sgf_name(s.black[pick % s.black.len()]);
            let problem = s.validate(&TargetChoice::At(target.parse().ok()?)).ok()?;
            if !seen.insert((rows.clone(), problem.target().to_vec())) {
                return None;
            }
            Some((rows.join("/"), target, problem))
        })
    }

    /// The labelled groups of the file, after checking that its positions are exactly the
    /// generator's and that the solver still gives a sample of its labels.
    fn read(&self) -> Vec<(String, Problem, Status)> {
        let path = self.path();
        let text = std::fs::read_to_string(&path).expect("the labels file is readable");
        let lines: Vec<&str> = text
            .lines()
            .filter(|l| !l.starts_with('#'))
            .skip(1)
            .collect();
        let candidates: Vec<_> = self.candidates().take(lines.len()).collect();
        assert_eq!(candidates.len(), lines.len(), "{} is too long", self.file);
        let mut set = Vec::new();
        for (line, (position, target, problem)) in lines.iter().zip(candidates) {
            // A file may hold more than the set needs (written when problems/ had fewer
            // files): the set is its first `labelled`, as the generator would stop.
            if set.len() == self.labelled {
                break;
            }
            let fields: Vec<&str> = line.split(',').collect();
            assert_eq!(
                fields[..2],
                [position.as_str(), target.as_str()],
                "{} is not the generator's output: regenerate it",
                self.file
            );
            let label = match fields[2] {
                "refused" => None,
                name => Some(
                    *STATUSES
                        .iter()
                        .find(|s| label_name(Some(**s)) == name)
                        .expect("a known label"),
                ),
            };
            if let Some(label) = label {
                set.push((position, problem, label));
            }
        }
        assert_eq!(set.len(), self.labelled, "{} ends early", self.file);
        reverify(self.file, &set);
        set
    }

    /// Labels the generator's positions with the judge until `labelled` are labelled, and
    /// writes them to the file.
    fn write(&self) {
        let mut text = format!(
            "# Generated corner groups for tests/eyes.rs, labelled by this repository's exact\n\
             # solver (the plain search, at most {MAX_STATES} states): alive (1 whoever starts),\n\
             # dead (0 whoever starts), unsettled, or refused (over the limit; left out).\n\
             # Positions: the corner generator in tests/eyes.rs drawn with {}, in order,\n\
             # each distinct group once, until {} are labelled.\n\
             # Written by: cargo test --test eyes -- --ignored regenerate\n\
             position,target,label\n",
            self.seed, self.labelled
        );
        let mut labelled = 0;
        for (position, target, problem) in self.candidates() {
            if labelled == self.labelled {
                break;
            }
            let label = judge(&problem);
            labelled += usize::from(label.is_some());
            writeln!(text, "{position},{target},{}", label_name(label)).expect("a string");
        }
        let path = self.path();
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("the folder is made");
        std::fs::write(path, text).expect("the labels file is writable");
    }
}

fn label_name(label: Option<Status>) -> &'static str {
    match label {
        Some(Status::Alive) => "alive",
        Some(Status::Dead) => "dead",
        Some(Status::Unsettled) => "unsettled",
        None => "refused",
    }
}

/// Solves a sample of the labels again: up to seven of each class, spread through the set.
fn reverify(file: &str, set: &[(String, Problem, Status)]) {
    for status in STATUSES {
        let class: Vec<_> = set.iter().filter(|(_, _, l)| *l == status).collect();
        let n = class.len().min(7);
        for k in 0..n {
            let (position, problem, label) = class[(2 * k + 1) * class.len() / (2 * n)];
            assert_eq!(
                judge(problem),
                Some(*label),
                "{file}: the solver no longer labels {position} so: regenerate it"
            );
        }
    }
}

/// The main set of generated corners: with the problem files, 300 groups when it was made.
fn main_corners(labelled: usize) -> Corners {
    Corners {
        file: "tests/data/eyes/labels.csv",
        seed: "proptest's deterministic runner",
        runner: TestRunner::deterministic,
        draws: 6000,
        labelled,
    }
}

/// A held-out set of generated corners from another seed, never used to tune the analyzer.
const HELD_OUT: Corners = Corners {
    file: "tests/data/eyes/held-out.csv",
    seed: "a ChaCha runner seeded with 32 bytes 0x5e",
    runner: || {
        let rng = TestRng::from_seed(RngAlgorithm::ChaCha, &[0x5e; 32]);
        TestRunner::new_with_rng(Config::default(), rng)
    },
    draws: 4000,
    labelled: 200,
};

/// Every file in problems/ the judge settles, labelled.
fn library() -> Vec<(String, Problem, Status)> {
    let files = lifedeg::problem_files(&["problems".into()]).expect("problems/ is readable");
    files
        .into_iter()
        .filter_map(|path| {
            let problem = SolveRequest::new().load(&path).ok()?;
            let label = judge(&problem)?;
            Some((path.display().to_string(), problem, label))
        })
        .collect()
}

/// Prints the confusion table of a labelled set beside Kato & Yamazaki's figures; returns the rates
/// of correct verdicts (alive, dead, unsettled).
fn confusion_table(title: &str, set: &[(String, Problem, Status)]) -> [f64; 3] {
    let mut table = [[0usize; 3]; 3];
    for (_, problem, label) in set {
        let row = STATUSES.iter().position(|s| s == label).expect("status");
        let col = STATUSES
            .iter()
            .position(|s| *s == verdict(problem))
            .expect("status");
        table[row][col] += 1;
    }
    let seed = [83, 58, 78];
    println!(
        "eye-shape analyzer vs exact solver, {title}: {} groups",
        set.len()
    );
    println!("truth \\ analyzer   alive   dead  unsettled   correct   Kato & Yamazaki");
    let mut rates = [0.0; 3];
    for (i, s) in STATUSES.iter().enumerate() {
        let n: usize = table[i].iter().sum();
        rates[i] = if n == 0 {
            0.0
        } else {
            100.0 * table[i][i] as f64 / n as f64
        };
        println!(
            "{:<10} {:>4}    {:>6} {:>6} {:>9}   {:>6.1} %   {:>3} %",
            format!("{s:?}"),
            n,
            table[i][0],
            table[i][1],
            table[i][2],
            rates[i],
            seed[i]
        );
    }
    let right: usize = (0..3).map(|i| table[i][i]).sum();
    println!(
        "overall {:.1} % correct",
        100.0 * right as f64 / set.len() as f64
    );
    rates
}

#[test]
fn confusion_table_against_the_exact_solver() {
    let mut set = library();
    set.extend(main_corners(300 - set.len()).read());
    let rates = confusion_table("problem library and generated corners", &set);
    assert!(set.len() >= 200, "the labelled set is large enough");
    assert_floors(rates, FLOORS);
}

/// The held-out set, reported beside the main set to show how far its figures carry over.
#[test]
fn held_out_confusion_table() {
    let set = HELD_OUT.read();
    let rates = confusion_table("held-out generated corners", &set);
    assert!(set.len() >= 150, "the held-out set is large enough");
    assert_floors(rates, HELD_OUT_FLOORS);
}

/// Each class's rate of correct verdicts at or above its floor.
fn assert_floors(rates: [f64; 3], floors: [f64; 3]) {
    for (i, floor) in floors.iter().enumerate() {
        assert!(rates[i] >= *floor, "{:?} below its floor", STATUSES[i]);
    }
}

/// Labels the main set's corners again with the exact solver (minutes).
#[test]
#[ignore = "rewrites tests/data/eyes/labels.csv with the exact solver's labels"]
fn regenerate_main_labels() {
    main_corners(300 - library().len()).write();
}

/// Labels the held-out corners again with the exact solver (minutes).
#[test]
#[ignore = "rewrites tests/data/eyes/held-out.csv with the exact solver's labels"]
fn regenerate_held_out_labels() {
    HELD_OUT.write();
}
