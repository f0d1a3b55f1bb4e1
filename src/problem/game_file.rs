//! Final positions with the players' agreement (`.game`), the format the Online Go Server's
//! score-estimator project publishes its test games in (online-go/score-estimator,
//! `test_games/`):
//!
//! ```text
//! # 1=black -1=white 0=open
//! height 9
//! width 9
//! player_to_move 1
//!  <height rows of width numbers: 1 black stone, -1 white stone, 0 empty>
//!
//!  <height rows of width numbers: the players' agreement>
//! ```
//!
//! In the agreement, a `1` on a stone says the stone was removed as dead, a `1` on an empty
//! point that the point is neutral (dame, or a seki's shared liberty); rows run from the top.
//! The agreement is optional: a file with the position alone is a position to analyse.

use crate::go::graph::{Graph, Point};
use crate::go::rules::Color;
use crate::problem::Setup;

/// Why a `.game` file does not give a position.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum GameFileError {
    #[error("line {line}: expected `{key} N`")]
    Header { line: usize, key: &'static str },
    #[error("board size {0}x{1} is not supported (1 to 52 each way)")]
    BadSize(usize, usize),
    #[error("player_to_move must be 1 (black) or -1 (white), not {0}")]
    BadPlayer(String),
    #[error("line {line}: {value:?} is not one of 1, -1, 0")]
    BadValue { line: usize, value: String },
    #[error("the board has {found} numbers; a {width}x{height} board needs {needed}")]
    Short {
        found: usize,
        width: usize,
        height: usize,
        needed: usize,
    },
    #[error("line {line}: {value:?}: the agreement is 0 or 1 on each point")]
    BadMark { line: usize, value: String },
    #[error("after the board, {0} numbers: the agreement needs one per point or none at all")]
    PartialAgreement(usize),
}

/// What the players agreed on at the game's end.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Agreement {
    /// The stones removed as dead, sorted.
    pub dead: Vec<Point>,
    /// The empty points left neutral (dame, seki liberties), sorted.
    pub neutral: Vec<Point>,
}

/// The position of a `.game` file, and the players' agreement if the file gives one.
pub fn read(text: &str) -> Result<(Setup, Option<Agreement>), GameFileError> {
    // Every number after the header, with its line (comments dropped).
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.split('#').next().unwrap_or("")))
        .filter(|(_, l)| !l.trim().is_empty());
    let mut header = |key: &'static str| -> Result<(usize, String), GameFileError> {
        let (line, text) = lines.next().ok_or(GameFileError::Header { line: 0, key })?;
        let mut words = text.split_whitespace();
        match (words.next(), words.next(), words.next()) {
            (Some(k), Some(v), None) if k == key => Ok((line, v.to_string())),
            _ => Err(GameFileError::Header { line, key }),
        }
    };
    let mut size = |key| {
        let (line, v) = header(key)?;
        v.parse::<usize>()
            .map_err(|_| GameFileError::Header { line, key })
    };
    let height = size("height")?;
    let width = size("width")?;
    let to_play = match header("player_to_move")?.1.as_str() {
        "1" => Color::Black,
        "-1" => Color::White,
        other => return Err(GameFileError::BadPlayer(other.to_string())),
    };
    if !(1..=52).contains(&width) || !(1..=52).contains(&height) {
        return Err(GameFileError::BadSize(width, height));
    }
    let numbers: Vec<(usize, &str)> = lines
        .flat_map(|(line, text)| text.split_whitespace().map(move |w| (line, w)))
        .collect();
    let needed = width * height;
    if numbers.len() < needed {
        return Err(GameFileError::Short {
            found: numbers.len(),
            width,
            height,
            needed,
        });
    }
    let graph = Graph::square(width as u8, height as u8);
    let at = |i: usize| {
        graph
            .at((i % width) as u8, (i / width) as u8)
            .expect("on the board")
    };
    let mut setup = Setup::new(graph.clone());
    setup.to_play = Some(to_play);
    for (i, &(line, value)) in numbers[..needed].iter().enumerate() {
        match value {
            "1" => setup.black.push(at(i)),
            "-1" => setup.white.push(at(i)),
            "0" => {}
            _ => {
                return Err(GameFileError::BadValue {
                    line,
                    value: value.to_string(),
                })
            }
        }
    }
    let rest = &numbers[needed..];
    if rest.is_empty() {
        return Ok((setup, None));
    }
    if rest.len() != needed {
        return Err(GameFileError::PartialAgreement(rest.len()));
    }
    let mut agreement = Agreement::default();
    for (i, &(line, value)) in rest.iter().enumerate() {
        let p = at(i);
        match value {
            "0" => {}
            "1" if setup.black.contains(&p) || setup.white.contains(&p) => agreement.dead.push(p),
            "1" => agreement.neutral.push(p),
            _ => {
                return Err(GameFileError::BadMark {
                    line,
                    value: value.to_string(),
                })
            }
        }
    }
    agreement.dead.sort();
    agreement.neutral.sort();
    Ok((setup, Some(agreement)))
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: &str = "# 1=black -1=white 0=open\nheight 3\nwidth 4\nplayer_to_move -1\n\
        1 1 -1 0\n0 1 -1 0\n1 1 -1 -1\n\n0 0 0 0\n1 0 0 0\n0 0 0 0\n";

    #[test]
    fn reads_the_position_and_the_agreement() {
        let (setup, agreement) = read(GAME).unwrap();
        assert_eq!(setup.graph, Graph::square(4, 3));
        assert_eq!(setup.black.len(), 5);
        assert_eq!(setup.white.len(), 4);
        assert_eq!(setup.to_play, Some(Color::White));
        let agreement = agreement.unwrap();
        assert!(agreement.dead.is_empty());
        assert_eq!(agreement.neutral, [setup.graph.at(0, 1).unwrap()]);
        // A stone marked is dead.
        let marked = GAME.replace("0 0 0 0\n1 0 0 0", "0 0 1 0\n0 0 0 0");
        let (setup, agreement) = read(&marked).unwrap();
        assert_eq!(agreement.unwrap().dead, [setup.graph.at(2, 0).unwrap()]);
    }

    #[test]
    fn the_agreement_is_optional_and_bad_files_say_why() {
        let bare = GAME.split("\n\n").next().unwrap();
        assert_eq!(read(bare).unwrap().1, None);
        assert!(matches!(
            read(&GAME.replace("width 4", "width x")),
            Err(GameFileError::Header { .. })
        ));
        assert_eq!(
            read(&GAME.replace("player_to_move -1", "player_to_move 2")).unwrap_err(),
            GameFileError::BadPlayer("2".into())
        );
        assert!(matches!(
            read(&GAME.replace("1 1 -1 0\n", "1 7 -1 0\n")),
            Err(GameFileError::BadValue { line: 5, .. })
        ));
        assert!(matches!(
            read(&GAME[..60]),
            Err(GameFileError::Short { .. })
        ));
        assert_eq!(
            read(&format!("{GAME} 0")).unwrap_err(),
            GameFileError::PartialAgreement(13)
        );
        assert_eq!(
            read(&GAME.replace("height 3", "height 0")).unwrap_err(),
            GameFileError::BadSize(4, 0)
        );
        assert!(read("").is_err());
    }
}
