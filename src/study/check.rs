//! Checking a collection's answers: each problem's book moves against lifedeg's grades, the
//! job of a problem editor or a teacher.
//!
//! A book's first moves are the root's children of its SGF, marked correct or wrong by the
//! conventions in use ([`BookMove`]). The rule is the books' convention (docs/grades.md): a
//! book's move is right when it reaches the best threat grade of the side to play (the books
//! count ko threats and let the attacker pick its moment, which the grade models). An answer
//! is *trivial* when nothing hangs on it: the other side moving first gets the same grade, or
//! every move reaches it. Where the side to play's grade or a book move's grade was not
//! counted (`?`), the life degree decides by the strict rule: the book's move is among the
//! best first moves by value, and the answer is not trivial by value. The strict rule's
//! verdict is always given beside.

use crate::go::graph::Graph;
use crate::go::moves::Move;
use crate::go::rules::Color;
use crate::problem::sgf::BookMove;
use crate::problem::{inputs, problem_files, Input, LoadError, Problem};
use crate::report::fraction;
use crate::report::json::{sgf_move, Record};
use crate::report::table::{Align, Style, Table};
use crate::request::{Error, Solution, SolveRequest};
use crate::solve::answer::{Answer, MoveAnswer, Opening, Stats};
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

/// What a check finds for one problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// A book move reaches the best grade, no other move does, and something hangs on it.
    Agrees,
    /// A book move reaches the best grade, and so do moves the book does not give as correct:
    /// the book's solution is not unique.
    AlsoWorks,
    /// No book move reaches the best grade.
    NotBest,
    /// A book move reaches the best grade, but nothing hangs on it.
    Trivial,
    /// No answer: a limit stopped the solve, or the file could not be read.
    NoAnswer,
    /// The file gives no first move: solved, with nothing to check.
    NoSolution,
}

impl Verdict {
    /// Every verdict, in the order the table shows them.
    pub const ALL: [Verdict; 6] = [
        Verdict::Agrees,
        Verdict::AlsoWorks,
        Verdict::NotBest,
        Verdict::Trivial,
        Verdict::NoAnswer,
        Verdict::NoSolution,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Verdict::Agrees => "agrees",
            Verdict::AlsoWorks => "also works",
            Verdict::NotBest => "not best",
            Verdict::Trivial => "trivial",
            Verdict::NoAnswer => "no answer",
            Verdict::NoSolution => "no solution",
        }
    }

    /// Whether the book's answer is right by the books' rule.
    pub fn solved(self) -> bool {
        matches!(self, Verdict::Agrees | Verdict::AlsoWorks)
    }
}

/// A rule's verdict on an answered problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Judged {
    Solved,
    Trivial,
    Miss,
}

/// What decided the books' rule: the grades, or (a grade not counted) the life degree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum DecidedBy {
    Grade,
    Value,
}

/// One problem checked.
pub struct Check {
    /// How the problem is named (the file, and the tree's number in a collection).
    pub label: String,
    /// The folder (or the collection file) it belongs to, for the table.
    pub group: String,
    /// The board the book's moves are on; `None` when the file could not be read.
    pub graph: Option<Graph>,
    pub verdict: Verdict,
    /// The strict rule's verdict; `None` without an answer or a book move.
    pub strict: Option<Judged>,
    pub decided_by: Option<DecidedBy>,
    /// The side to play: the book's correct moves' colour, else the problem's.
    pub side: Option<Color>,
    /// The book's correct first moves of that side, and its wrong ones.
    pub book: Vec<Move>,
    pub wrong: Vec<Move>,
    /// The moves the book does not give as correct that are as good as the best.
    pub also: Vec<Move>,
    /// The problem as read and its answer, or why there is none.
    pub answer: Result<Checked, Error>,
    /// The wall time the problem took: every reading of both colours, a limit's stop included.
    pub took: Duration,
}

/// A problem as read, with its answer and the work it took (the solution without its graph,
/// which a collection's check does not keep).
pub struct Checked {
    pub problem: Problem,
    pub answer: Answer,
    pub stats: Stats,
}

/// Every `n`-th problem from the `k`-th (from 1): one machine's part of a collection shared
/// among `n`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub k: usize,
    pub n: usize,
}

/// Why a text is not a shard.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}: a shard is K/N with 1 ≤ K ≤ N")]
pub struct ShardError(String);

impl FromStr for Shard {
    type Err = ShardError;
    fn from_str(s: &str) -> Result<Shard, ShardError> {
        let bad = || ShardError(s.to_string());
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let (k, n) = (
            k.trim().parse().map_err(|_| bad())?,
            n.trim().parse().map_err(|_| bad())?,
        );
        if k == 0 || k > n {
            return Err(bad());
        }
        Ok(Shard { k, n })
    }
}

/// The problems of a check: their inputs, with the group each belongs to.
pub struct Problems {
    inputs: Vec<Input>,
    groups: Vec<String>,
}

impl Problems {
    /// The problems in the files and folders named (a folder's problem files, each tree of a
    /// collection), every `n`-th from the `k`-th only with a shard. A problem's group is its
    /// folder, or its file when the file holds several.
    pub fn find(paths: &[PathBuf], shard: Option<Shard>) -> Result<Problems, LoadError> {
        let mut found = Vec::new();
        for file in problem_files(paths)? {
            let trees = inputs(std::slice::from_ref(&file), None);
            let group = if trees.len() > 1 {
                file.display().to_string()
            } else {
                file.parent()
                    .filter(|p| !p.as_os_str().is_empty())
                    .unwrap_or(Path::new("."))
                    .display()
                    .to_string()
            };
            found.extend(trees.into_iter().map(|input| (input, group.clone())));
        }
        let (inputs, groups) = found
            .into_iter()
            .enumerate()
            .filter(|&(i, _)| shard.is_none_or(|s| i % s.n == s.k - 1))
            .map(|(_, found)| found)
            .unzip();
        Ok(Problems { inputs, groups })
    }

    pub fn len(&self) -> usize {
        self.inputs.len()
    }

    pub fn is_empty(&self) -> bool {
        self.inputs.is_empty()
    }
}

/// Checks the problems on all cores (as [`SolveRequest::solve_inputs`] solves them), handing
/// each [`Check`] to `emit` in the order found, as soon as it and all before it are done.
pub fn check(problems: Problems, request: &SolveRequest, mut emit: impl FnMut(Check)) {
    let answers: Vec<(Option<Graph>, Vec<BookMove>)> = problems
        .inputs
        .iter()
        .map(|i| match i.book_answer() {
            Some((graph, moves)) => (Some(graph.clone()), moves.to_vec()),
            None => (None, Vec::new()),
        })
        .collect();
    let mut found = problems.groups.into_iter().zip(answers);
    request.solve_inputs(problems.inputs, |label, solved, took| {
        let (group, (graph, answer)) = found.next().expect("one answer per input");
        emit(judge(
            label.to_string(),
            group,
            graph,
            &answer,
            solved,
            took,
        ));
    });
}

/// Judges one solved (or failed) problem against the book's first moves.
fn judge(
    label: String,
    group: String,
    graph: Option<Graph>,
    answer: &[BookMove],
    solved: Result<Solution, Error>,
    took: Duration,
) -> Check {
    let solved = solved.map(|s| Checked {
        problem: s.problem,
        answer: s.answer,
        stats: s.stats,
    });
    let side = answer
        .iter()
        .find(|m| m.correct)
        .or(answer.first())
        .map(|m| m.color)
        .or_else(|| solved.as_ref().ok().and_then(|c| c.problem.to_play()));
    let of_side = |correct: bool| -> Vec<Move> {
        answer
            .iter()
            .filter(|m| Some(m.color) == side && m.correct == correct)
            .map(|m| m.played)
            .collect()
    };
    let (book, wrong) = (of_side(true), of_side(false));
    let mut check = Check {
        label,
        group,
        graph,
        verdict: Verdict::NoAnswer,
        strict: None,
        decided_by: None,
        side,
        book,
        wrong,
        also: Vec::new(),
        answer: solved,
        took,
    };
    let Ok(Checked { answer, .. }) = &check.answer else {
        return check;
    };
    let Some(side) = side.filter(|_| !check.book.is_empty()) else {
        check.verdict = Verdict::NoSolution;
        return check;
    };
    let (mine, other) = match side {
        Color::Black => (&answer.black_first, &answer.white_first),
        Color::White => (&answer.white_first, &answer.black_first),
    };
    let strict = by_value(mine, other, &check.book);
    let (books, by, good): (Judged, DecidedBy, Vec<Move>) = match by_grade(mine, other, &check.book)
    {
        Some(judged) => (judged, DecidedBy::Grade, by_grade_best(mine)),
        None => (strict, DecidedBy::Value, mine.best().collect()),
    };
    check.strict = Some(strict);
    check.decided_by = Some(by);
    check.verdict = match books {
        Judged::Miss => Verdict::NotBest,
        Judged::Trivial => Verdict::Trivial,
        Judged::Solved => {
            check.also = good
                .into_iter()
                .filter(|m| !check.book.contains(m))
                .collect();
            if check.also.is_empty() {
                Verdict::Agrees
            } else {
                Verdict::AlsoWorks
            }
        }
    };
    check
}

/// The strict rule: the life degree's best moves.
fn by_value(mine: &Opening, other: &Opening, book: &[Move]) -> Judged {
    if !mine.best().any(|m| book.contains(&m)) {
        Judged::Miss
    } else if mine.value == other.value || mine.best().count() == mine.moves.len() {
        Judged::Trivial
    } else {
        Judged::Solved
    }
}

/// The books' rule by the grades; `None` where the start's grade or a book move's was not
/// counted (or a book move is not among the moves of the fight read).
fn by_grade(mine: &Opening, other: &Opening, book: &[Move]) -> Option<Judged> {
    mine.grade.strength()?;
    let grades = book
        .iter()
        .map(|b| {
            let m = mine.moves.iter().find(|m| m.first == *b)?;
            m.grade.strength().map(|_| m.grade)
        })
        .collect::<Option<Vec<_>>>()?;
    Some(if !grades.contains(&mine.grade) {
        Judged::Miss
    } else if other.grade == mine.grade || mine.moves.iter().all(|m| m.grade == mine.grade) {
        Judged::Trivial
    } else {
        Judged::Solved
    })
}

/// The moves that reach the start's grade.
fn by_grade_best(mine: &Opening) -> Vec<Move> {
    mine.moves
        .iter()
        .filter(|m| m.grade == mine.grade)
        .map(|m| m.first)
        .collect()
}

/// A move with its grade and life degree: `R18 (l, 1)`.
fn graded(g: &Graph, m: &MoveAnswer) -> String {
    format!("{} ({}, {})", m.first.label(g), m.grade, m.value)
}

/// The moves of an opening named, graded.
fn moves_graded(g: &Graph, o: &Opening, moves: &[Move]) -> String {
    let found: Vec<String> = moves
        .iter()
        .map(|&first| match o.moves.iter().find(|m| m.first == first) {
            Some(m) => graded(g, m),
            None => format!("{} (not in the fight read)", first.label(g)),
        })
        .collect();
    found.join(", ")
}

impl Check {
    /// One line: the problem, the verdict, and what it rests on; a problem not solved says
    /// why in the words of `error`.
    pub fn line(&self, error: impl Fn(&Error) -> String) -> String {
        let why = match &self.answer {
            Err(e) => error(e),
            Ok(c) => self.explain(c.problem.graph(), &c.answer),
        };
        format!("{}  {}: {why}", self.label, self.verdict.name())
    }

    fn explain(&self, g: &Graph, answer: &Answer) -> String {
        let opening = |o: &Opening| {
            let best: Vec<String> = o.best().map(|m| m.label(g)).collect();
            format!(
                "{} first {} ({}), best {}",
                o.side.title(),
                fraction(&o.value),
                o.grade,
                best.join(" ")
            )
        };
        let Some(side) = self.side.filter(|_| self.verdict != Verdict::NoSolution) else {
            return format!(
                "{}; {}",
                opening(&answer.black_first),
                opening(&answer.white_first)
            );
        };
        let (mine, other) = match side {
            Color::Black => (&answer.black_first, &answer.white_first),
            Color::White => (&answer.white_first, &answer.black_first),
        };
        let book = format!(
            "book {} {}",
            side.title(),
            moves_graded(g, mine, &self.book)
        );
        let best = || match self.decided_by {
            Some(DecidedBy::Grade) => by_grade_best(mine),
            _ => mine.best().collect(),
        };
        let by = match self.decided_by {
            Some(DecidedBy::Value) => "; by the life degree (a grade not counted)",
            _ => "",
        };
        match self.verdict {
            Verdict::NoSolution | Verdict::NoAnswer => String::new(),
            Verdict::Agrees => format!(
                "{book}; {} first {} ({}){by}",
                other.side.title(),
                other.grade,
                fraction(&other.value)
            ),
            Verdict::AlsoWorks => {
                format!("{book}; also {}{by}", moves_graded(g, mine, &self.also))
            }
            Verdict::NotBest => format!("{book}; best {}{by}", moves_graded(g, mine, &best())),
            Verdict::Trivial => format!(
                "{book}; nothing hangs on it: {} first {} ({}), {} of {} moves as good{by}",
                other.side.title(),
                other.grade,
                fraction(&other.value),
                best().len(),
                mine.moves.len()
            ),
        }
    }

    /// One JSON object: the verdicts, the book's moves (SGF names, as in the solve's JSON)
    /// and the answer as `lifedeg --json` gives it; a problem not solved says why in the
    /// words of `error`.
    pub fn to_json_line(&self, error: impl Fn(&Error) -> String) -> String {
        #[derive(Serialize)]
        struct Line<'a> {
            file: &'a str,
            group: &'a str,
            verdict: Verdict,
            strict: Option<Judged>,
            decided_by: Option<DecidedBy>,
            side: Option<&'static str>,
            book: Vec<String>,
            wrong: Vec<String>,
            also: Vec<String>,
            error: Option<String>,
            /// Wall time, both colours' readings included.
            seconds: f64,
            answer: Option<Record>,
        }
        let names = |moves: &[Move]| -> Vec<String> {
            match &self.graph {
                Some(g) => moves.iter().map(|&m| sgf_move(g, m)).collect(),
                None => Vec::new(),
            }
        };
        let line = Line {
            file: &self.label,
            group: &self.group,
            verdict: self.verdict,
            strict: self.strict,
            decided_by: self.decided_by,
            side: self.side.map(|c| c.name()),
            book: names(&self.book),
            wrong: names(&self.wrong),
            also: names(&self.also),
            error: self.answer.as_ref().err().map(error),
            seconds: self.took.as_secs_f64(),
            answer: self
                .answer
                .as_ref()
                .ok()
                .map(|c| Record::new(&self.label, &c.problem, &c.answer, &c.stats)),
        };
        serde_json::to_string(&line).expect("checks serialise")
    }
}

/// The summary: one row per group, and the total when there are several.
pub fn table(checks: &[Check]) -> String {
    let mut groups: Vec<&str> = Vec::new();
    for c in checks {
        if !groups.contains(&c.group.as_str()) {
            groups.push(&c.group);
        }
    }
    let mut rows: Vec<(String, Vec<&Check>)> = groups
        .iter()
        .map(|g| {
            let of: Vec<&Check> = checks.iter().filter(|c| c.group == *g).collect();
            (g.to_string(), of)
        })
        .collect();
    if rows.len() > 1 {
        rows.push(("all".to_string(), checks.iter().collect()));
    }
    let mut header: Vec<String> = vec!["collection".into(), "problems".into()];
    header.extend(Verdict::ALL.iter().map(|v| v.name().to_string()));
    header.extend(["solved".into(), "strict".into(), "median s".into()]);
    let mut table = Table::new(header).aligned_from(1, Align::Right);
    for (name, of) in &rows {
        let n = of.len();
        let count = |v: Verdict| of.iter().filter(|c| c.verdict == v).count();
        let solved = of.iter().filter(|c| c.verdict.solved()).count();
        let strict = of
            .iter()
            .filter(|c| c.strict == Some(Judged::Solved))
            .count();
        let mut times: Vec<Duration> = of.iter().map(|c| c.took).collect();
        times.sort();
        let median = times.get(n / 2).map_or(0.0, Duration::as_secs_f64);
        let percent = |k: usize| format!("{k} ({:.0}%)", 100.0 * k as f64 / n.max(1) as f64);
        let mut row = vec![name.clone(), n.to_string()];
        row.extend(Verdict::ALL.iter().map(|&v| count(v).to_string()));
        row.extend([percent(solved), percent(strict), format!("{median:.2}")]);
        table.row(row);
    }
    table.render(Style::Plain)
}
