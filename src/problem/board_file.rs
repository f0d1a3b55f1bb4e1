//! Problems on any board, written by point name (TOML): the format for boards SGF cannot
//! describe (triangle and hexagon tilings, hand-made graphs), usable for square boards too.
//!
//! ```toml
//! comment = "Straight three on the honeycomb"
//! board = "hex 2"              # a generator (see `board`), or
//! # board = { file = "my-board.toml" }   a board file, relative to this file, or
//! # [board] points = [...] edges = [...]  a board written inline (at the end of the file)
//! black = ["b2", "b3"]
//! white = ["c1"]
//! target = ["b2"]              # optional: stones of the target (else inferred)
//! region = ["a1", "a2"]        # optional: the points fought over (else inferred)
//! to_play = "black"            # optional: reported only
//! ```
//!
//! The result is a [`Setup`], so checking, solving and reporting are those of SGF problems.

use crate::go::board::{self, toml_error, BoardError, BoardFile, Spec};
use crate::go::graph::{Graph, Point};
use crate::go::rules::Color;
use crate::problem::Setup;
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// Why a problem file does not give a setup.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum ProblemFileError {
    #[error("{0}")]
    Toml(BoardError),
    #[error("board: {0}")]
    Board(BoardError),
    #[error("board: {0}")]
    InlineBoard(String),
    #[error("this is a board file, not a problem: name it in a problem as board = {{ file = \"PATH\" }}")]
    IsBoardFile,
    #[error("board file {file}: {source}")]
    BoardFile { file: String, source: BoardError },
    #[error("`board` must be a generator like \"hex 3\", {{ file = \"PATH\" }}, or a table of points and edges")]
    BoardKind,
    #[error("{list}: {name:?} is not a point of the board")]
    UnknownPoint { list: &'static str, name: String },
    #[error("to_play must be \"black\" or \"white\", not {0:?}")]
    BadColor(String),
}

/// The file as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ProblemFile {
    board: toml::Value,
    #[serde(default)]
    black: Vec<String>,
    #[serde(default)]
    white: Vec<String>,
    #[serde(default)]
    target: Vec<String>,
    #[serde(default)]
    region: Vec<String>,
    comment: Option<String>,
    to_play: Option<String>,
}

/// Reads a problem; `dir` is where a board file named in it is looked for.
pub fn read(text: &str, dir: &Path) -> Result<Setup, ProblemFileError> {
    let file: ProblemFile = toml::from_str(text).map_err(|e| {
        // A board file given where a problem was expected deserves a plain word.
        if BoardFile::parse(text).is_ok() {
            ProblemFileError::IsBoardFile
        } else {
            ProblemFileError::Toml(toml_error(text, &e))
        }
    })?;
    let graph = board_of(file.board, dir)?;
    let points = |list: &'static str, names: &[String]| -> Result<Vec<Point>, ProblemFileError> {
        names
            .iter()
            .map(|n| {
                graph
                    .parse_point(n)
                    .ok_or_else(|| ProblemFileError::UnknownPoint {
                        list,
                        name: n.clone(),
                    })
            })
            .collect()
    };
    let to_play = match file.to_play.as_deref() {
        None => None,
        Some("black") => Some(Color::Black),
        Some("white") => Some(Color::White),
        Some(other) => return Err(ProblemFileError::BadColor(other.to_string())),
    };
    Ok(Setup {
        black: points("black", &file.black)?,
        white: points("white", &file.white)?,
        target_marks: points("target", &file.target)?,
        region_marks: points("region", &file.region)?,
        to_play,
        comment: file.comment.map(|c| c.trim().to_string()),
        graph,
    })
}

fn board_of(value: toml::Value, dir: &Path) -> Result<Graph, ProblemFileError> {
    match value {
        toml::Value::String(spec) => spec
            .parse::<Spec>()
            .map(Spec::graph)
            .map_err(ProblemFileError::Board),
        toml::Value::Table(t) if t.contains_key("file") => {
            let path = match (t.len(), t.get("file")) {
                (1, Some(toml::Value::String(p))) => dir.join(PathBuf::from(p)),
                _ => return Err(ProblemFileError::BoardKind),
            };
            board::load(&path).map_err(|source| ProblemFileError::BoardFile {
                file: path.display().to_string(),
                source,
            })
        }
        toml::Value::Table(t) => {
            // Re-read the inline table as a board file for its own field checks.
            let inline: BoardFile = toml::Value::Table(t).try_into().map_err(|e| {
                ProblemFileError::InlineBoard(toml::de::Error::message(&e).replace('\n', " "))
            })?;
            inline.graph().map_err(ProblemFileError::Board)
        }
        _ => Err(ProblemFileError::BoardKind),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_generated_board_problem() {
        let s = read(
            r#"
comment = "test"
board = "tri 3"
black = ["a1"]
white = ["c2"]
target = ["a1"]
to_play = "white"
"#,
            Path::new("."),
        )
        .unwrap();
        assert_eq!(s.graph.len(), 6);
        assert_eq!(s.black, vec![Point(0)]);
        assert_eq!(s.white.len(), 1);
        assert_eq!(s.to_play, Some(Color::White));
        assert_eq!(s.comment.as_deref(), Some("test"));
    }

    #[test]
    fn reads_an_inline_board() {
        let s = read(
            r#"
black = ["p"]
[board]
points = [{ name = "p", x = 0, y = 0 }, { name = "q", x = 1, y = 0 }]
edges = [["p", "q"]]
"#,
            Path::new("."),
        )
        .unwrap();
        assert_eq!(s.graph.neighbours(Point(0)), &[Point(1)]);
    }

    #[test]
    fn errors_name_what_is_wrong() {
        let dir = Path::new(".");
        assert_eq!(
            read("board = \"hex 2\"\nblack = [\"zz9\"]\n", dir).unwrap_err(),
            ProblemFileError::UnknownPoint {
                list: "black",
                name: "zz9".into()
            }
        );
        assert!(matches!(
            read("board = \"hexagon 2\"\n", dir).unwrap_err(),
            ProblemFileError::Board(BoardError::BadSpec(_))
        ));
        assert_eq!(
            read("points = [{ name = \"p\", x = 0, y = 0 }]\n", dir).unwrap_err(),
            ProblemFileError::IsBoardFile
        );
        assert!(matches!(
            read("board = 3\n", dir).unwrap_err(),
            ProblemFileError::BoardKind
        ));
        assert!(matches!(
            read("board = \"hex 2\"\nblak = []\n", dir).unwrap_err(),
            ProblemFileError::Toml(BoardError::Toml { line: 2, .. })
        ));
        assert!(matches!(
            read("board = \"hex 2\"\nto_play = \"B\"\n", dir).unwrap_err(),
            ProblemFileError::BadColor(_)
        ));
        assert!(matches!(
            read("board = { file = \"no/such/board.toml\" }\n", dir).unwrap_err(),
            ProblemFileError::BoardFile {
                source: BoardError::Io(_),
                ..
            }
        ));
    }
}
