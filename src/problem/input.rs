//! Reading files: the problems of a run (one per file, or per game tree of a collection), the
//! problem files of a folder, and what stops a file from being read and checked.
//!
//! The readings found here are as the file gives them: a whole board's fight is chosen above
//! this layer ([`crate::request::SolveRequest::readings`]).

use super::{
    board_file, game_file, sgf, text, Position, PositionError, Problem, ProblemError, Setup,
    TargetChoice, Warning,
};
use crate::go::graph::{Graph, Point, PointName};
use std::path::{Path, PathBuf};

/// Anything that stops a file from being read and checked, with the file it concerns.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("{file}: cannot read: {source}")]
    Io {
        file: String,
        source: std::io::Error,
    },
    #[error("{file}: {source}")]
    Sgf { file: String, source: sgf::SgfError },
    #[error("{file}: {source}")]
    BoardProblem {
        file: String,
        // Boxed: its messages carry several names, and the error is returned everywhere.
        source: Box<board_file::ProblemFileError>,
    },
    #[error("{file}: {source}")]
    Problem { file: String, source: ProblemError },
    #[error("{file}: {source}")]
    Position { file: String, source: PositionError },
    #[error("{file}: {source}")]
    GameFile {
        file: String,
        source: game_file::GameFileError,
    },
}

/// One problem of a run: a file, or one game tree of a collection file.
pub struct Input {
    /// How reports and errors name it: the file (`-`: standard input), with the tree's number
    /// and name (`GN`) when the file holds several; control characters escaped.
    pub label: String,
    read: Result<sgf::Game, LoadError>,
}

/// The problems in the files named (`-`: standard input): one per file, or one per game tree
/// of a collection, or only the `pick`-th tree of each file (counting from 1). A file that
/// cannot be read is one input that fails to load.
pub fn inputs(paths: &[PathBuf], pick: Option<usize>) -> Vec<Input> {
    paths.iter().flat_map(|p| file_inputs(p, pick)).collect()
}

fn file_inputs(path: &Path, pick: Option<usize>) -> Vec<Input> {
    let stdin = path == Path::new("-");
    let file = if stdin {
        "standard input".to_string()
    } else {
        printable(&path.display().to_string())
    };
    let failed = |e| {
        vec![Input {
            label: file.clone(),
            read: Err(e),
        }]
    };
    let bytes = if stdin {
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut bytes).map(|_| bytes)
    } else {
        std::fs::read(path)
    };
    let bytes = match bytes {
        Ok(b) => b,
        Err(source) => {
            return failed(LoadError::Io {
                file: file.clone(),
                source,
            })
        }
    };
    let sgf_error = |file: &str, source| LoadError::Sgf {
        file: file.to_string(),
        source,
    };
    if path.extension().is_some_and(|e| e == "game") {
        let read = game_file::read(&String::from_utf8_lossy(&bytes));
        return vec![Input {
            label: file.clone(),
            read: read
                .map(|(setup, _)| sgf::Game::position(setup))
                .map_err(|source| LoadError::GameFile {
                    file: file.clone(),
                    source,
                }),
        }];
    }
    if path.extension().is_some_and(|e| e == "toml") {
        let dir = path.parent().unwrap_or(Path::new("."));
        let read = board_file::read(&String::from_utf8_lossy(&bytes), dir);
        return vec![Input {
            label: file.clone(),
            read: read
                .map(sgf::Game::position)
                .map_err(|source| LoadError::BoardProblem {
                    file: file.clone(),
                    source: Box::new(source),
                }),
        }];
    }
    let games = match sgf::read_collection(&sgf::decode(&bytes)) {
        Ok(games) => games,
        Err(e) => return failed(sgf_error(&file, e)),
    };
    let count = games.len();
    if let Some(n) = pick.filter(|n| !(1..=count).contains(n)) {
        return failed(sgf_error(&file, sgf::SgfError::NoSuchProblem(n, count)));
    }
    games
        .into_iter()
        .enumerate()
        .filter(|(i, _)| pick.is_none_or(|n| n == i + 1))
        .map(|(i, game)| {
            let name = game.as_ref().ok().and_then(|g| g.name.as_deref());
            let label = match (count, name) {
                (1, _) => file.clone(),
                (_, Some(n)) => format!("{file} #{} ({})", i + 1, printable(n)),
                (_, None) => format!("{file} #{}", i + 1),
            };
            Input {
                read: game.map_err(|e| sgf_error(&label, e)),
                label,
            }
        })
        .collect()
}

impl Input {
    /// The book's first moves the file gives ([`sgf::Game::answer`]; none for a board file),
    /// with the board they are on; `None` for a file that cannot be read.
    pub fn book_answer(&self) -> Option<(&Graph, &[sgf::BookMove])> {
        self.read
            .as_ref()
            .ok()
            .map(|g| (&g.setup.graph, g.answer.as_slice()))
    }

    /// The file's game tree as read: the setup, the record's moves, its komi.
    pub fn game(self) -> Result<sgf::Game, LoadError> {
        self.read
    }

    /// The one problem in a file (an error for a collection).
    pub fn only(path: &Path) -> Result<Input, LoadError> {
        let mut found = file_inputs(path, None);
        match found.len() {
            1 => Ok(found.pop().expect("one")),
            n => Err(LoadError::Sgf {
                file: printable(&path.display().to_string()),
                source: sgf::SgfError::Several(n),
            }),
        }
    }

    /// Every reading of the problem ([`Setup::readings`]), most plausible first, as the file
    /// gives it: a whole board's fight is still the area around the stones
    /// ([`crate::request::SolveRequest::readings`] chooses it). Never empty. `at_move` as for
    /// [`Input::setup`].
    pub fn readings_as_read(
        self,
        target: &TargetChoice,
        at_move: Option<usize>,
    ) -> Result<Vec<Problem>, LoadError> {
        let label = self.label.clone();
        let fail = |source| LoadError::Problem {
            file: label.clone(),
            source,
        };
        let (setup, dropped) = self.setup(at_move)?;
        // Where the text contradicts itself or the file's `PL`; once a record's moves are
        // played, the side to play is the record's, not the one the text speaks of.
        let moved = at_move.is_some_and(|n| n > 0);
        let file_to_play = setup.to_play.filter(|_| !moved);
        let said = (setup.comment.as_deref())
            .map_or_else(Vec::new, |c| text::contradictions(file_to_play, c));
        Ok(setup
            .readings(target)
            .map_err(fail)?
            .into_iter()
            .map(|mut problem| {
                for w in &said {
                    problem.warn(w.clone());
                }
                if !dropped.is_empty() {
                    problem.warn(Warning::MarksCaptured(dropped.clone()));
                }
                problem
            })
            .collect())
    }

    /// The whole-board position, checked as a position only (legal stones, no target), after
    /// `at_move` moves of a record if asked, with the chains through `dead` declared dead.
    pub fn position(
        self,
        at_move: Option<usize>,
        dead: &[PointName],
    ) -> Result<Position, LoadError> {
        let file = self.label.clone();
        let setup = self.setup(at_move)?.0;
        let position = Position::from_setup(&setup).map_err(|source| LoadError::Problem {
            file: file.clone(),
            source,
        })?;
        position
            .with_dead(dead)
            .map_err(|source| LoadError::Position { file, source })
    }

    /// The setup, unchecked, after its first `at_move` moves if asked (the position after
    /// the first n moves of its main line, as for a game record), with the target marks
    /// those moves captured.
    pub fn setup(self, at_move: Option<usize>) -> Result<(Setup, Vec<Point>), LoadError> {
        let mut game = self.read?;
        let dropped = match at_move {
            Some(n) => {
                game.setup
                    .play_moves(&game.moves, n)
                    .map_err(|source| LoadError::Problem {
                        file: self.label,
                        source,
                    })?
            }
            None => Vec::new(),
        };
        Ok((game.setup, dropped))
    }
}

/// The problem files named: each file as given, each directory's problem files (`*.sgf`, and
/// `*.toml` board problems; not recursive) in name order.
pub fn problem_files(inputs: &[PathBuf]) -> Result<Vec<PathBuf>, LoadError> {
    let mut out = Vec::new();
    for input in inputs {
        if !input.is_dir() {
            out.push(input.clone());
            continue;
        }
        let io = |source| LoadError::Io {
            file: input.display().to_string(),
            source,
        };
        let mut found: Vec<PathBuf> = std::fs::read_dir(input)
            .map_err(io)?
            .map(|e| e.map(|e| e.path()).map_err(io))
            .collect::<Result<Vec<_>, _>>()?
            .into_iter()
            .filter(|p| {
                p.is_file()
                    && p.extension().is_some_and(|e| {
                        e.eq_ignore_ascii_case("sgf") || e.eq_ignore_ascii_case("toml")
                    })
            })
            .collect();
        found.sort();
        out.extend(found);
    }
    Ok(out)
}

/// Text from a file made safe to print on a terminal: control characters (escape sequences
/// included) and bidirectional overrides are shown as escapes (`\u{1b}`), not sent raw.
pub fn printable(text: &str) -> String {
    let hidden = |c: char| {
        c.is_control()
            || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
    };
    text.chars()
        .map(|c| {
            if hidden(c) {
                c.escape_unicode().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}
