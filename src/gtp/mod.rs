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
//! ([`crate::whole_board`]) `final_status_list dead|alive|seki` and `final_score` (area
//! counting), and one of its own, `lifedeg-life_degree VERTEX`: the status of the group
//! through the vertex, its life degree and its grades with Black first and White first (`?`
//! where its fight was not solved, a group settled statically included). Unsettled groups stay
//! on the board: `final_status_list alive` lists them.
//!
//! The position is the setup (a loaded file's stones, or an empty board) and the moves played
//! since, replayed by the record's rules (a move on a stone or a suicide is illegal); a move
//! that would bring back the position before the opponent's last move (a ko retaken at once)
//! is illegal too.

use crate::go::graph::{Graph, Point};
use crate::go::rules::Color;
use crate::problem::sgf::Game;
use crate::problem::{Input, RecordMove, Setup};
use crate::report::fraction;
use crate::report::groups::board_text;
use crate::whole_board::{self, Analysis, Options, Status};
use std::io::{BufRead, Write};
use std::path::Path;

/// The commands answered, as `list_commands` gives them.
const COMMANDS: [&str; 16] = [
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
];

/// The largest board `boardsize` accepts (the specification's 25).
const MAX_SIZE: u8 = 25;

/// An engine's state: the game so far and its analysis, kept until the game changes.
pub struct Engine {
    game: Game,
    options: Options,
    analysis: Option<Analysis>,
}

/// One answer: success or failure, and its text.
type Answer = Result<String, String>;

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
            let (sign, text) = match answer {
                Ok(t) => ('=', t),
                Err(t) => ('?', t),
            };
            let id = id.map_or(String::new(), |n| n.to_string());
            // An empty line ends an answer: none inside one (a board may start on the next).
            let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
            let text = match (text.starts_with('\n'), lines.is_empty()) {
                (_, true) => String::new(),
                (true, false) => format!(" \n{}", lines.join("\n")),
                (false, false) => format!(" {}", lines.join("\n")),
            };
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
            _ => Err("syntax error".to_string()),
        };
        match command {
            "protocol_version" => none(args).map(|()| "2".into()),
            "name" => none(args).map(|()| "lifedeg".into()),
            "version" => none(args).map(|()| env!("CARGO_PKG_VERSION").into()),
            "known_command" => match args {
                [name] => Ok(COMMANDS.contains(&name.as_str()).to_string()),
                _ => Err("syntax error".into()),
            },
            "list_commands" => none(args).map(|()| COMMANDS.join("\n")),
            "quit" => Ok(String::new()),
            "boardsize" => self.boardsize(args),
            "clear_board" => none(args).map(|()| self.clear()),
            "komi" => match args {
                [k] => match k.parse::<f64>() {
                    Ok(k) if k.is_finite() => {
                        self.game.komi = Some(k);
                        self.analysis = None;
                        Ok(String::new())
                    }
                    _ => Err("syntax error".into()),
                },
                _ => Err("syntax error".into()),
            },
            "play" => self.play(args),
            "undo" => none(args).and_then(|()| match self.game.moves.pop() {
                Some(_) => {
                    self.analysis = None;
                    Ok(String::new())
                }
                None => Err("cannot undo".into()),
            }),
            "loadsgf" => self.loadsgf(args),
            "showboard" => none(args).and_then(|()| self.showboard()),
            "final_status_list" => self.final_status_list(args),
            "final_score" => {
                none(args)?;
                let a = self.analysis()?;
                let e = a.ending.as_ref().ok_or("cannot score")?;
                Ok(e.area.result())
            }
            "lifedeg-life_degree" => self.life_degree(args),
            _ => Err("unknown command".into()),
        }
    }

    fn graph(&self) -> &Graph {
        &self.game.setup.graph
    }

    fn clear(&mut self) -> String {
        let g = self.graph().clone();
        let komi = self.game.komi;
        self.game = Game::position(Setup::new(g));
        self.game.komi = komi;
        self.analysis = None;
        String::new()
    }

    fn boardsize(&mut self, args: &[String]) -> Answer {
        let [size] = args else {
            return Err("syntax error".into());
        };
        let size: u8 = size.parse().map_err(|_| "syntax error".to_string())?;
        if !(1..=MAX_SIZE).contains(&size) {
            return Err("unacceptable size".into());
        }
        self.game.setup = Setup::new(Graph::square(size, size));
        Ok(self.clear())
    }

    fn play(&mut self, args: &[String]) -> Answer {
        let [color, vertex] = args else {
            return Err("syntax error".into());
        };
        let color = parse_color(color).ok_or("syntax error")?;
        let point = parse_vertex(self.graph(), vertex).ok_or("syntax error")?;
        let mut moves = self.game.moves.clone();
        moves.push((color, point));
        let after = stones_after(&self.game.setup, &moves).ok_or("illegal move")?;
        // A ko retaken at once brings back the position before the opponent's last move.
        let n = moves.len();
        if point.is_some()
            && n >= 2
            && stones_after(&self.game.setup, &moves[..n - 2]) == Some(after)
        {
            return Err("illegal move".into());
        }
        self.game.moves = moves;
        self.analysis = None;
        Ok(String::new())
    }

    fn loadsgf(&mut self, args: &[String]) -> Answer {
        let (file, upto) = match args {
            [file] => (file, None),
            [file, n] => (file, Some(n.parse::<usize>().map_err(|_| "syntax error")?)),
            _ => return Err("syntax error".into()),
        };
        let mut game = Input::only(Path::new(file))
            .and_then(Input::game)
            .map_err(|_| "cannot load file")?;
        // The position before move `upto` (from 1), or after the whole record.
        if let Some(n) = upto {
            game.moves.truncate(n.saturating_sub(1));
        }
        if stones_after(&game.setup, &game.moves).is_none() {
            return Err("cannot load file".into());
        }
        game.komi = game.komi.or(self.game.komi);
        self.game = game;
        self.analysis = None;
        Ok(String::new())
    }

    fn showboard(&mut self) -> Answer {
        let board = self.board()?;
        let mut text = board_text(&board.position);
        for c in [Color::White, Color::Black] {
            text.push_str(&format!(
                "\n{} has captured {} stones",
                c.title(),
                board.captured[c.other().index()]
            ));
        }
        Ok(format!("\n{}", text.trim_end()))
    }

    fn board(&self) -> Result<whole_board::Board, String> {
        whole_board::board(self.game.clone(), None, true).map_err(|e| e.to_string())
    }

    /// The analysis of the current position, made once per position.
    fn analysis(&mut self) -> Result<&Analysis, String> {
        if self.analysis.is_none() {
            let board = self.board()?;
            self.analysis = Some(whole_board::analyse(
                board,
                whole_board::Stage::GameEnd,
                &self.options,
            ));
        }
        Ok(self.analysis.as_ref().expect("made"))
    }

    fn final_status_list(&mut self, args: &[String]) -> Answer {
        let [status] = args else {
            return Err("syntax error".into());
        };
        let wanted: &[Status] = match status.as_str() {
            "dead" => &[Status::Dead],
            "seki" => &[Status::Seki],
            "alive" => &[Status::Alive, Status::Unsettled],
            _ => return Err("syntax error".into()),
        };
        let a = self.analysis()?;
        let g = a.board.position.graph();
        let lines: Vec<String> = a
            .verdict
            .groups
            .iter()
            .filter(|s| wanted.contains(&s.status))
            .map(|s| {
                s.stones
                    .iter()
                    .map(|&p| g.label(p))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        Ok(lines.join("\n"))
    }

    fn life_degree(&mut self, args: &[String]) -> Answer {
        let [vertex] = args else {
            return Err("syntax error".into());
        };
        let Some(Some(p)) = parse_vertex(self.graph(), vertex) else {
            return Err("syntax error".into());
        };
        let a = self.analysis()?;
        let s = a
            .verdict
            .groups
            .iter()
            .find(|s| s.stones.contains(&p))
            .ok_or("vertex is empty")?;
        let status = format!("{:?}", s.status).to_lowercase();
        let (degree, grades) = match (&s.life_degree, s.grades) {
            (Some(v), Some([b, w])) => (fraction(v), format!("{b} {w}")),
            _ => ("?".into(), "? ?".into()),
        };
        Ok(format!("{status} {degree} {grades}"))
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
        assert_eq!(ask(&mut e, "boardsize 5"), Ok(String::new()));
        assert_eq!(ask(&mut e, "boardsize 99"), Err("unacceptable size".into()));
        // A ko at B4/C4: Black takes, White may not take back at once.
        for m in [
            "black B5", "white C5", "black A4", "white D4", "black B3", "white C3", "black C4",
        ] {
            assert_eq!(ask(&mut e, &format!("play {m}")), Ok(String::new()), "{m}");
        }
        assert_eq!(ask(&mut e, "play white B4"), Ok(String::new()));
        assert_eq!(ask(&mut e, "play black C4"), Err("illegal move".into()));
        assert_eq!(ask(&mut e, "play black B4"), Err("illegal move".into()));
        assert_eq!(ask(&mut e, "play black Z9"), Err("syntax error".into()));
        assert_eq!(ask(&mut e, "play black aa"), Err("syntax error".into()));
        assert_eq!(ask(&mut e, "play purple D1"), Err("syntax error".into()));
        assert_eq!(ask(&mut e, "play black pass"), Ok(String::new()));
        assert_eq!(ask(&mut e, "undo"), Ok(String::new()));
        assert_eq!(ask(&mut e, "clear_board"), Ok(String::new()));
        assert_eq!(ask(&mut e, "undo"), Err("cannot undo".into()));
    }

    #[test]
    fn administrative_commands() {
        let mut e = engine();
        assert_eq!(ask(&mut e, "protocol_version"), Ok("2".into()));
        assert_eq!(
            ask(&mut e, "known_command final_status_list"),
            Ok("true".into())
        );
        assert_eq!(ask(&mut e, "known_command genmove"), Ok("false".into()));
        assert!(ask(&mut e, "list_commands").unwrap().lines().count() == COMMANDS.len());
        assert_eq!(ask(&mut e, "frobnicate"), Err("unknown command".into()));
        assert_eq!(ask(&mut e, "komi six"), Err("syntax error".into()));
        assert_eq!(
            ask(&mut e, "final_status_list undead"),
            Err("syntax error".into())
        );
        assert_eq!(
            ask(&mut e, "loadsgf /no/such/file.sgf"),
            Err("cannot load file".into())
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
}
