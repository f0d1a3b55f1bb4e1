//! The Go Text Protocol, version 2 (Gunnar Farnebäck's specification; GNU Go 3.4 its
//! reference), so that the programs players and servers already use can ask lifedeg which
//! stones are dead at a game's end.
//!
//! `lifedeg gtp` reads commands on standard input and answers on standard output. Each line
//! is cleaned as the specification says (control characters other than tab and newline
//! dropped, tabs made spaces, everything after `#` dropped, empty lines ignored), then read as
//! an optional id number, a command name and its arguments. An answer is `=id result` or
//! `?id message`, ended by an empty line; a line that is not a command gets a `?` answer, never
//! a crash.
//!
//! The commands: the administrative ones (`protocol_version`, `name`, `version`,
//! `known_command`, `list_commands`, `quit`), the setup ones (`boardsize`, `clear_board`,
//! `komi`, `play`, `undo`, `loadsgf`, `showboard`), and from the whole-board analysis
//! ([`crate::whole_board`]) `final_status_list dead|alive|seki` and `final_score` (counted by
//! the loaded game's rules: territory under Japanese rules and when none are named, area
//! under Chinese, AGA and New Zealand rules), GoGui's analysis commands (`gogui-analyze_commands`,
//! `lifedeg-gfx`, `lifedeg-sboard`: see [`gogui`]), and one of its own, `lifedeg-life_degree VERTEX`: the status of the group
//! through the vertex, its life degree and its grades with Black first and White first (`?`
//! where its fight was not solved, a group settled statically included). Unsettled groups stay
//! on the board: `final_status_list alive` lists them.
//!
//! The position is the setup (a loaded file's stones, or an empty board) and the moves played
//! since, replayed by the record's rules (a move on a stone or a suicide is illegal); a move
//! that would bring back the position before the opponent's last move (a ko retaken at once)
//! is illegal too.
//!
//! May use [`crate::go`], [`crate::problem`], [`crate::whole_board`] and [`crate::report`].
//!
//! Each command's answer stays typed ([`Reply`] or [`GtpError`]) until [`Engine::run`] writes it.

mod gogui;
mod reply;

pub use reply::{Answer, GtpError, Reply};

use crate::go::graph::{Graph, Point};
use crate::go::moves::Move;
use crate::go::rules::Color;
use crate::problem::sgf::Game;
use crate::problem::{Input, RecordMove, Setup};
use crate::report::fraction;
use crate::report::groups::board_text;
use crate::whole_board::{self, How, Options, SettledBoard, Status};
use std::io::{BufRead, Write};
use std::path::Path;

/// The commands answered, as `list_commands` gives them.
const COMMANDS: [&str; 19] = [
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "undo",
    "loadsgf",
    "showboard",
    "final_status_list",
    "final_score",
    "lifedeg-life_degree",
    "gogui-analyze_commands",
    "lifedeg-gfx",
    "lifedeg-sboard",
];

/// The largest board `boardsize` accepts (the specification's 25).
const MAX_SIZE: u8 = 25;

/// An engine's state: the game so far and its analysis, kept until the game changes.
pub struct Engine {
    game: Game,
    options: Options,
    analysis: Option<SettledBoard>,
}

impl Engine {
    /// An empty 19x19 board, komi 0.
    pub fn new(options: Options) -> Engine {
        let mut game = Game::position(Setup::new(Graph::square(19, 19)));
        game.komi = Some(0.0);
        Engine {
            game,
            options,
            analysis: None,
        }
    }

    /// Answers every command from `input` on `output` until `quit` or the end of the input.
    pub fn run(&mut self, input: impl BufRead, mut output: impl Write) -> std::io::Result<()> {
        for line in input.split(b'\n') {
            let line = String::from_utf8_lossy(&line?).into_owned();
            let Some((id, command, args)) = parse(&line) else {
                continue;
            };
            let quit = command == "quit";
            let answer = self.answer(&command, &args);
            let (sign, text) = reply::written(&answer);
            let id = id.map_or(String::new(), |n| n.to_string());
            write!(output, "{sign}{id}{text}\n\n")?;
            output.flush()?;
            if quit {
                break;
            }
        }
        Ok(())
    }

    /// The answer to one command.
    pub fn answer(&mut self, command: &str, args: &[String]) -> Answer {
        let none = |args: &[String]| match args {
            [] => Ok(()),
            _ => Err(GtpError::Syntax),
        };
        let line = |t: &str| Reply::Line(t.to_string());
        let lines = |l: &[&str]| Reply::Lines(l.iter().map(|c| c.to_string()).collect());
        match command {
            "protocol_version" => none(args).map(|()| line("2")),
            "name" => none(args).map(|()| line("lifedeg")),
            "version" => none(args).map(|()| line(env!("CARGO_PKG_VERSION"))),
            "known_command" => match args {
                [name] => Ok(line(&COMMANDS.contains(&name.as_str()).to_string())),
                _ => Err(GtpError::Syntax),
            },
            "list_commands" => none(args).map(|()| lines(&COMMANDS)),
            "quit" => Ok(Reply::Empty),
            "boardsize" => self.boardsize(args),
            "clear_board" => none(args).map(|()| self.clear()),
            "komi" => match args {
                [k] => match k.parse::<f64>() {
                    Ok(k) if k.is_finite() => {
                        self.game.komi = Some(k);
                        self.analysis = None;
                        Ok(Reply::Empty)
                    }
                    _ => Err(GtpError::Syntax),
                },
                _ => Err(GtpError::Syntax),
            },
            "play" => self.play(args),
            "undo" => none(args).and_then(|()| match self.game.moves.pop() {
                Some(_) => {
                    self.analysis = None;
                    Ok(Reply::Empty)
                }
                None => Err(GtpError::CannotUndo),
            }),
            "loadsgf" => self.loadsgf(args),
            "showboard" => none(args).and_then(|()| self.showboard()),
            "final_status_list" => self.final_status_list(args),
            "final_score" => {
                none(args)?;
                let a = self.analysis()?;
                let e = a.ending.as_ref().ok_or(GtpError::CannotScore)?;
                Ok(Reply::Line(e.score().result()))
            }
            "lifedeg-life_degree" => self.life_degree(args),
            "gogui-analyze_commands" => none(args).map(|()| lines(&gogui::ANALYZE_COMMANDS)),
            "lifedeg-gfx" => {
                none(args)?;
                Ok(Reply::Block(gogui::gfx(self.analysis()?)))
            }
            "lifedeg-sboard" => {
                none(args)?;
                let board = gogui::sboard(self.analysis()?).ok_or(GtpError::CannotScore)?;
                Ok(Reply::Block(board))
            }
            _ => Err(GtpError::UnknownCommand),
        }
    }

    fn graph(&self) -> &Graph {
        &self.game.setup.graph
    }

    fn clear(&mut self) -> Reply {
        let g = self.graph().clone();
        let komi = self.game.komi;
        self.game = Game::position(Setup::new(g));
        self.game.komi = komi;
        self.analysis = None;
        Reply::Empty
    }

    fn boardsize(&mut self, args: &[String]) -> Answer {
        let [size] = args else {
            return Err(GtpError::Syntax);
        };
        let size: u8 = size.parse().map_err(|_| GtpError::Syntax)?;
        if !(1..=MAX_SIZE).contains(&size) {
            return Err(GtpError::UnacceptableSize);
        }
        self.game.setup = Setup::new(Graph::square(size, size));
        Ok(self.clear())
    }

    fn play(&mut self, args: &[String]) -> Answer {
        let [color, vertex] = args else {
            return Err(GtpError::Syntax);
        };
        let color = parse_color(color).ok_or(GtpError::Syntax)?;
        let point = parse_vertex(self.graph(), vertex).ok_or(GtpError::Syntax)?;
        let mut moves = self.game.moves.clone();
        moves.push((color, Move::at(point)));
        let after = stones_after(&self.game.setup, &moves).ok_or(GtpError::IllegalMove)?;
        // A ko retaken at once brings back the position before the opponent's last move.
        let n = moves.len();
        if point.is_some()
            && n >= 2
            && stones_after(&self.game.setup, &moves[..n - 2]) == Some(after)
        {
            return Err(GtpError::IllegalMove);
        }
        self.game.moves = moves;
        self.analysis = None;
        Ok(Reply::Empty)
    }

    fn loadsgf(&mut self, args: &[String]) -> Answer {
        let (file, upto) = match args {
            [file] => (file, None),
            [file, n] => (
                file,
                Some(n.parse::<usize>().map_err(|_| GtpError::Syntax)?),
            ),
            _ => return Err(GtpError::Syntax),
        };
        let mut game = Input::only(Path::new(file))
            .and_then(Input::game)
            .map_err(|_| GtpError::CannotLoad)?;
        // The position before move `upto` (from 1), or after the whole record.
        if let Some(n) = upto {
            game.moves.truncate(n.saturating_sub(1));
        }
        if stones_after(&game.setup, &game.moves).is_none() {
            return Err(GtpError::CannotLoad);
        }
        game.komi = game.komi.or(self.game.komi);
        self.game = game;
        self.analysis = None;
        Ok(Reply::Empty)
    }

    fn showboard(&mut self) -> Answer {
        let board = self.board()?;
        let mut text = board_text(&board.position);
        for c in [Color::White, Color::Black] {
            text.push_str(&format!(
                "\n{} has captured {} stones",
                c.title(),
                board.captured[c.other()]
            ));
        }
        Ok(Reply::Block(
            text.trim_end().lines().map(str::to_string).collect(),
        ))
    }

    fn board(&self) -> Result<whole_board::Board, GtpError> {
        whole_board::board(self.game.clone(), None, true)
            .map_err(|e| GtpError::Position(e.to_string()))
    }

    /// The analysis of the current position, made once per position.
    fn analysis(&mut self) -> Result<&SettledBoard, GtpError> {
        if self.analysis.is_none() {
            let board = self.board()?;
            self.analysis = Some(whole_board::settle_board(
                board,
                whole_board::Stage::GameEnd,
                &self.options,
            ));
        }
        Ok(self.analysis.as_ref().expect("made"))
    }

    fn final_status_list(&mut self, args: &[String]) -> Answer {
        let [status] = args else {
            return Err(GtpError::Syntax);
        };
        let wanted: &[Status] = match status.as_str() {
            "dead" => &[Status::Dead],
            "seki" => &[Status::Seki],
            "alive" => &[Status::Alive, Status::Unsettled],
            _ => return Err(GtpError::Syntax),
        };
        let a = self.analysis()?;
        let g = a.board.position.graph();
        let lines: Vec<String> = a
            .statuses
            .groups
            .iter()
            .filter(|s| wanted.contains(&s.status()))
            .map(|s| {
                s.stones
                    .iter()
                    .map(|&p| g.label(p))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        Ok(Reply::Lines(lines))
    }

    fn life_degree(&mut self, args: &[String]) -> Answer {
        let [vertex] = args else {
            return Err(GtpError::Syntax);
        };
        let Some(Some(p)) = parse_vertex(self.graph(), vertex) else {
            return Err(GtpError::Syntax);
        };
        let a = self.analysis()?;
        let s = a
            .statuses
            .groups
            .iter()
            .find(|s| s.stones.contains(&p))
            .ok_or(GtpError::EmptyVertex)?;
        let status = format!("{:?}", s.status()).to_lowercase();
        let (degree, grades) = match &s.how {
            How::Solved {
                life_degree,
                grades,
                ..
            } => (
                fraction(life_degree),
                format!("{} {}", grades.black, grades.white),
            ),
            _ => ("?".into(), "? ?".into()),
        };
        Ok(Reply::Line(format!("{status} {degree} {grades}")))
    }
}

/// The stones after `moves` played on `setup`, or `None` if one is illegal.
fn stones_after(setup: &Setup, moves: &[RecordMove]) -> Option<Vec<Option<Color>>> {
    let mut s = setup.clone();
    s.play_moves(moves, moves.len()).ok()?;
    s.stones().ok()
}

/// A line cleaned as the specification says, split into its id, command and arguments;
/// `None` for a line with nothing in it.
fn parse(line: &str) -> Option<(Option<u64>, String, Vec<String>)> {
    let clean: String = line
        .chars()
        .filter(|&c| !c.is_control() || c == '\t')
        .map(|c| if c == '\t' { ' ' } else { c })
        .collect();
    let clean = clean.split('#').next().unwrap_or("");
    let mut words = clean.split_whitespace();
    let first = words.next()?;
    let (id, command) = match first.parse::<u64>() {
        Ok(id) => (Some(id), words.next().unwrap_or("").to_string()),
        Err(_) => (None, first.to_string()),
    };
    Some((id, command, words.map(str::to_string).collect()))
}

fn parse_color(text: &str) -> Option<Color> {
    match text.to_ascii_lowercase().as_str() {
        "b" | "black" => Some(Color::Black),
        "w" | "white" => Some(Color::White),
        _ => None,
    }
}

/// A vertex (`D4`, any case) or `pass` (`Some(None)`); `None` for anything else.
fn parse_vertex(g: &Graph, text: &str) -> Option<Option<Point>> {
    if text.eq_ignore_ascii_case("pass") {
        return Some(None);
    }
    let mut chars = text.chars();
    let letter = chars.next()?;
    let digits = chars.as_str();
    if !letter.is_ascii_alphabetic()
        || digits.is_empty()
        || !digits.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    g.parse_point(text).map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn engine() -> Engine {
        Engine::new(Options::default())
    }

    fn ask(e: &mut Engine, line: &str) -> Answer {
        let (_, command, args) = parse(line).expect("a command");
        e.answer(&command, &args)
    }

    #[test]
    fn lines_are_cleaned_and_split() {
        assert_eq!(parse("  # a comment"), None);
        assert_eq!(parse(""), None);
        assert_eq!(
            parse("12 play\tblack D4 # there\r"),
            Some((Some(12), "play".into(), vec!["black".into(), "D4".into()]))
        );
        assert_eq!(parse("7"), Some((Some(7), String::new(), vec![])));
    }

    #[test]
    fn play_undo_and_the_ko_rule() {
        let mut e = engine();
        assert_eq!(ask(&mut e, "boardsize 5"), Ok(Reply::Empty));
        assert_eq!(ask(&mut e, "boardsize 99"), Err(GtpError::UnacceptableSize));
        // A ko at B4/C4: Black takes, White may not take back at once.
        for m in [
            "black B5", "white C5", "black A4", "white D4", "black B3", "white C3", "black C4",
        ] {
            assert_eq!(ask(&mut e, &format!("play {m}")), Ok(Reply::Empty), "{m}");
        }
        assert_eq!(ask(&mut e, "play white B4"), Ok(Reply::Empty));
        assert_eq!(ask(&mut e, "play black C4"), Err(GtpError::IllegalMove));
        assert_eq!(ask(&mut e, "play black B4"), Err(GtpError::IllegalMove));
        assert_eq!(ask(&mut e, "play black Z9"), Err(GtpError::Syntax));
        assert_eq!(ask(&mut e, "play black aa"), Err(GtpError::Syntax));
        assert_eq!(ask(&mut e, "play purple D1"), Err(GtpError::Syntax));
        assert_eq!(ask(&mut e, "play black pass"), Ok(Reply::Empty));
        assert_eq!(ask(&mut e, "undo"), Ok(Reply::Empty));
        assert_eq!(ask(&mut e, "clear_board"), Ok(Reply::Empty));
        assert_eq!(ask(&mut e, "undo"), Err(GtpError::CannotUndo));
    }

    #[test]
    fn administrative_commands() {
        let mut e = engine();
        assert_eq!(ask(&mut e, "protocol_version"), Ok(Reply::Line("2".into())));
        assert_eq!(
            ask(&mut e, "known_command final_status_list"),
            Ok(Reply::Line("true".into()))
        );
        assert_eq!(
            ask(&mut e, "known_command genmove"),
            Ok(Reply::Line("false".into()))
        );
        assert_eq!(
            ask(&mut e, "list_commands"),
            Ok(Reply::Lines(COMMANDS.map(str::to_string).to_vec()))
        );
        assert_eq!(ask(&mut e, "frobnicate"), Err(GtpError::UnknownCommand));
        assert_eq!(ask(&mut e, "komi six"), Err(GtpError::Syntax));
        assert_eq!(
            ask(&mut e, "final_status_list undead"),
            Err(GtpError::Syntax)
        );
        assert_eq!(
            ask(&mut e, "loadsgf /no/such/file.sgf"),
            Err(GtpError::CannotLoad)
        );
    }

    #[test]
    fn the_session_answers_each_line_and_stops_at_quit() {
        let mut e = engine();
        let input =
            b"1 name\n\n# nothing\nbogus\xff command\nboardsize 3\nshowboard\n2 quit\n3 name\n";
        let mut out = Vec::new();
        e.run(&input[..], &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        let answers: Vec<&str> = out.split("\n\n").collect();
        assert_eq!(answers[..3], ["=1 lifedeg", "? unknown command", "="]);
        // The board has no empty line in it, so it is one answer.
        assert!(answers[3].starts_with("= \n") && answers[3].contains("Black has captured 0"));
        assert_eq!(answers[4..], ["=2", ""]);
    }

    #[test]
    fn gogui_paints_every_group() {
        let mut e = engine();
        assert_eq!(
            ask(&mut e, "gogui-analyze_commands"),
            Ok(Reply::Lines(
                gogui::ANALYZE_COMMANDS.map(str::to_string).to_vec()
            ))
        );
        assert_eq!(
            ask(&mut e, "loadsgf tests/data/groups/final-19.sgf"),
            Ok(Reply::Empty)
        );
        let Ok(Reply::Block(gfx)) = ask(&mut e, "lifedeg-gfx") else {
            panic!("a gfx block");
        };
        let Ok(Reply::Lines(dead)) = ask(&mut e, "final_status_list dead") else {
            panic!("dead stones");
        };
        let dead: Vec<&str> = dead.iter().flat_map(|l| l.split_whitespace()).collect();
        // The dead stones painted red and marked; every line a gfx command.
        let red = gfx.iter().find(|l| l.starts_with("COLOR red ")).unwrap();
        let mark = gfx.iter().find(|l| l.starts_with("MARK ")).unwrap();
        for d in &dead {
            assert!(red.split_whitespace().any(|w| w == *d), "{d}: {red}");
            assert!(mark.split_whitespace().any(|w| w == *d), "{d}: {mark}");
        }
        for l in &gfx {
            let word = l.split_whitespace().next().unwrap();
            assert!(
                ["COLOR", "LABEL", "MARK", "BLACK", "WHITE", "TEXT"].contains(&word),
                "{l}"
            );
        }
        // The board of strings: 19 rows of 19, a dead stone's point `D`.
        let Ok(Reply::Block(rows)) = ask(&mut e, "lifedeg-sboard") else {
            panic!("an sboard block");
        };
        assert_eq!(rows.len(), 19);
        assert!(rows.iter().all(|r| r.split(' ').count() == 19));
        let g = Graph::square(19, 19);
        let p = g.parse_point(dead[0]).unwrap();
        let (x, y) = g.grid(p).unwrap();
        assert_eq!(rows[y as usize].split(' ').nth(x as usize), Some("D"));
    }
}
