//! Reading problems from SGF.
//!
//! Conventions: `AB`/`AW` stones, `SZ` square or `w:h`, `PL` side to play, `TR`
//! (else `MA`) marks the target, `SQ` the region, the root `C` describes the problem. Only the
//! root node's setup counts. Of later nodes, two things are read: the moves of the main line,
//! for game records, and the root's children, which are a book's first moves, each judged
//! correct or wrong by its variation's marks ([`BookMove`]). A file may hold several game
//! trees (a collection).

use crate::go::graph::{sgf_letter, Graph, Point};
use crate::go::moves::Move;
use crate::go::rules::Color;
use crate::problem::{RecordMove, Setup};
use sgf_parse::go::{self, Prop};
use sgf_parse::{GameTree, SgfNode};
use std::collections::HashSet;

/// Why a file is not a usable SGF problem.
#[derive(Debug, thiserror::Error)]
pub enum SgfError {
    #[error("not valid SGF: {0}")]
    Parse(String),
    #[error("the file holds no game tree")]
    Empty,
    #[error("the file holds {0} game trees; pick one")]
    Several(usize),
    #[error("problem {0} asked for: the file holds {1} game trees")]
    NoSuchProblem(usize, usize),
    #[error("a game tree is {0} nodes deep; at most {1} are read")]
    TooDeep(usize, usize),
    #[error("not a game of Go (GM is not 1)")]
    NotGo,
    #[error("invalid {0} property: {1:?}")]
    InvalidProperty(String, Vec<String>),
    #[error("board size {0}x{1} is not supported (1 to 52 each way)")]
    BadSize(u8, u8),
    #[error("{property}[{point}] is off the {width}x{height} board")]
    OffBoard {
        property: &'static str,
        point: String,
        width: u8,
        height: u8,
    },
}

/// One game tree of a file: the root setup, the moves of the main line (a game record, or the
/// answer line of a book problem), the book's first moves and the tree's name (`GN`).
#[derive(Clone, Debug)]
pub struct Game {
    pub setup: Setup,
    pub moves: Vec<RecordMove>,
    /// The root's children that are moves, in the file's order.
    pub answer: Vec<BookMove>,
    pub name: Option<String>,
    /// The komi (`KM`), when the file gives one.
    pub komi: Option<f64>,
    /// The rules the game was played by (`RU`), as the file writes them.
    pub rules: Option<String>,
}

impl Game {
    /// A position with no record, no answer, no name and no komi (a board or `.game` file).
    pub fn position(setup: Setup) -> Game {
        Game {
            setup,
            moves: Vec::new(),
            answer: Vec::new(),
            name: None,
            komi: None,
            rules: None,
        }
    }
}

/// A first move a problem file gives (a child of the root), and whether the file calls it
/// correct.
///
/// A variation is marked by the conventions in use: a comment holding `RIGHT` (goproblems.com
/// and most apps mark the end of each correct line so) or beginning "Correct", or the `TE`
/// (good move) property, say correct; a comment beginning "Wrong" or "Incorrect", or `BM`
/// (bad move), say wrong. The first move's own node decides; failing that, a correct mark
/// anywhere below it (some line after it works), then a wrong one. Unmarked first moves are
/// wrong when another is marked correct (the `RIGHT` convention marks only the correct lines),
/// and correct otherwise (a file holding only its correct lines).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    pub color: Color,
    pub played: Move,
    pub correct: bool,
}

/// What a node's marks say of its line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Said {
    Correct,
    Wrong,
}

fn said(node: &SgfNode<Prop>) -> Option<Said> {
    let begins = |text: &str, word: &str| {
        text.get(..word.len())
            .is_some_and(|start| start.eq_ignore_ascii_case(word))
    };
    node.properties().find_map(|prop| match prop {
        Prop::TE(_) => Some(Said::Correct),
        Prop::BM(_) => Some(Said::Wrong),
        Prop::C(t) => {
            let text = t.text.trim_start();
            if text.contains("RIGHT") || begins(text, "correct") {
                Some(Said::Correct)
            } else if begins(text, "wrong") || begins(text, "incorrect") {
                Some(Said::Wrong)
            } else {
                None
            }
        }
        _ => None,
    })
}

/// What a first move's variation says: its own node, else any correct mark below, else any
/// wrong one.
fn variation_said(first: &SgfNode<Prop>) -> Option<Said> {
    if let Some(s) = said(first) {
        return Some(s);
    }
    // Without recursion: a line may be deep.
    let (mut stack, mut wrong) = (first.children().collect::<Vec<_>>(), false);
    while let Some(node) = stack.pop() {
        match said(node) {
            Some(Said::Correct) => return Some(Said::Correct),
            Some(Said::Wrong) => wrong = true,
            None => {}
        }
        stack.extend(node.children());
    }
    wrong.then_some(Said::Wrong)
}

/// Reads the problem in SGF text.
pub fn read(text: &str) -> Result<Setup, SgfError> {
    read_game(text).map(|(setup, _)| setup)
}

/// Reads the root setup and the moves of the main line of a file holding one game tree.
pub fn read_game(text: &str) -> Result<(Setup, Vec<RecordMove>), SgfError> {
    let mut games = read_collection(text)?;
    match games.len() {
        1 => games.pop().expect("one").map(|g| (g.setup, g.moves)),
        n => Err(SgfError::Several(n)),
    }
}

/// The deepest game tree read, in nodes along one line. Parsing and dropping a tree recurse once
/// per node (in the SGF library), so the depth is bounded, and the work runs on a thread whose
/// stack holds `STACK_PER_NODE` bytes for each.
pub const MAX_DEPTH: usize = 250_000;
const STACK_PER_NODE: usize = 1024;

/// Reads every game tree of a collection: the file must parse, and each tree is then read on
/// its own (a tree that breaks the rules does not cost the others).
pub fn read_collection(text: &str) -> Result<Vec<Result<Game, SgfError>>, SgfError> {
    // Anything before the first game tree is not SGF (a mail header, a title): skip it.
    let start = text
        .char_indices()
        .find(|&(i, c)| c == '(' && text[i + 1..].trim_start().starts_with(';'))
        .ok_or(SgfError::Empty)?
        .0;
    let text = &text[start..];
    let depth = depth(text);
    if depth > MAX_DEPTH {
        return Err(SgfError::TooDeep(depth, MAX_DEPTH));
    }
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size((depth + 1000) * STACK_PER_NODE)
            .spawn_scoped(scope, || {
                let trees = sgf_parse::parse(text).map_err(|e| SgfError::Parse(e.to_string()))?;
                if trees.is_empty() {
                    return Err(SgfError::Empty);
                }
                Ok(trees
                    .iter()
                    .map(|tree| match tree {
                        GameTree::GoGame(root) => read_tree(root),
                        GameTree::Unknown(_) => Err(SgfError::NotGo),
                    })
                    .collect())
            })
            .map_err(|e| SgfError::Parse(format!("no thread to parse in: {e}")))?
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    })
}

/// The most nodes along one line of any game tree in the text (property values skipped).
fn depth(text: &str) -> usize {
    let (mut depth, mut deepest, mut open) = (0, 0, Vec::new());
    let mut bytes = text.bytes();
    while let Some(b) = bytes.next() {
        match b {
            b'[' => {
                while let Some(v) = bytes.next() {
                    match v {
                        b'\\' => {
                            bytes.next();
                        }
                        b']' => break,
                        _ => {}
                    }
                }
            }
            b'(' => open.push(depth),
            b')' => depth = open.pop().unwrap_or(0),
            b';' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            _ => {}
        }
    }
    deepest
}

/// Reads one game tree.
fn read_tree(root: &SgfNode<Prop>) -> Result<Game, SgfError> {
    let (width, height) = match root.get_property("SZ") {
        Some(Prop::SZ(size)) => *size,
        _ => (19, 19),
    };
    if !(1..=52).contains(&width) || !(1..=52).contains(&height) {
        return Err(SgfError::BadSize(width, height));
    }
    let graph = Graph::square(width, height);
    let points =
        |property: &'static str, set: &HashSet<go::Point>| -> Result<Vec<Point>, SgfError> {
            let mut out: Vec<Point> = set
                .iter()
                .map(|p| {
                    graph.at(p.x, p.y).ok_or_else(|| SgfError::OffBoard {
                        property,
                        point: format!("{}{}", sgf_letter(p.x), sgf_letter(p.y)),
                        width,
                        height,
                    })
                })
                .collect::<Result<_, _>>()?;
            out.sort();
            Ok(out)
        };
    let mut setup = Setup::new(graph.clone());
    let mut ma = vec![];
    for prop in root.properties() {
        match prop {
            Prop::AB(s) => setup.black.extend(points("AB", s)?),
            Prop::AW(s) => setup.white.extend(points("AW", s)?),
            Prop::TR(s) => setup.target_marks.extend(points("TR", s)?),
            Prop::MA(s) => ma.extend(points("MA", s)?),
            Prop::SQ(s) => setup.region_marks.extend(points("SQ", s)?),
            Prop::PL(c) => {
                setup.to_play = Some(match c {
                    sgf_parse::Color::Black => Color::Black,
                    sgf_parse::Color::White => Color::White,
                })
            }
            Prop::C(t) => setup.comment = Some(t.text.trim().to_string()),
            Prop::Invalid(id, values)
                if matches!(id.as_str(), "AB" | "AW" | "TR" | "MA" | "SQ" | "SZ" | "PL") =>
            {
                return Err(SgfError::InvalidProperty(id.clone(), values.clone()))
            }
            _ => {}
        }
    }
    if setup.target_marks.is_empty() {
        // MA counts as a target mark only on stones: on empty points it is an annotation.
        let stones: HashSet<Point> = setup.black.iter().chain(&setup.white).copied().collect();
        setup.target_marks = ma.into_iter().filter(|p| stones.contains(p)).collect();
    }
    if setup.to_play.is_none() {
        setup.to_play = setup.comment.as_deref().and_then(super::text::side_to_play);
    }
    let name = match root.get_property("GN") {
        Some(Prop::GN(t)) => Some(t.text.trim().to_string()),
        _ => None,
    };
    let komi = match root.get_property("KM") {
        Some(Prop::KM(k)) => Some(*k),
        _ => None,
    };
    let rules = match root.get_property("RU") {
        Some(Prop::RU(t)) => Some(t.text.trim().to_string()),
        _ => None,
    };
    // FF[4]: `tt` is also a pass on boards up to 19x19.
    let pass_tt = width <= 19 && height <= 19;
    let read_move = |node: &SgfNode<Prop>| -> Result<Option<RecordMove>, SgfError> {
        let (color, mv) = match node.get_move() {
            Some(Prop::B(m)) => (Color::Black, m),
            Some(Prop::W(m)) => (Color::White, m),
            _ => return Ok(None),
        };
        let played = match mv {
            go::Move::Pass => Move::Pass,
            go::Move::Move(go::Point { x: 19, y: 19 }) if pass_tt => Move::Pass,
            go::Move::Move(p) => {
                Move::Play(graph.at(p.x, p.y).ok_or_else(|| SgfError::OffBoard {
                    property: if color == Color::Black { "B" } else { "W" },
                    point: format!("{}{}", sgf_letter(p.x), sgf_letter(p.y)),
                    width,
                    height,
                })?)
            }
        };
        Ok(Some((color, played)))
    };
    let mut moves = Vec::new();
    for node in root.main_variation() {
        moves.extend(read_move(node)?);
    }
    let mut firsts = Vec::new();
    for node in root.children() {
        if let Some(mv) = read_move(node)? {
            firsts.push((mv, variation_said(node)));
        }
    }
    let any_correct = firsts.iter().any(|(_, s)| *s == Some(Said::Correct));
    let answer = firsts
        .into_iter()
        .map(|((color, played), said)| BookMove {
            color,
            played,
            correct: said.map_or(!any_correct, |s| s == Said::Correct),
        })
        .collect();
    Ok(Game {
        setup,
        moves,
        answer,
        name,
        komi,
        rules,
    })
}

/// The text of an SGF file: without a byte-order mark, decoded by its `CA` charset (any the
/// WHATWG Encoding Standard names: UTF-8, ISO-8859-1, Shift_JIS and EUC-JP for Japanese books,
/// GB2312, GBK and Big5 for Chinese, EUC-KR for Korean), else as UTF-8 when it is valid, else
/// as ISO-8859-1 (the SGF default). Stones and marks are ASCII either way; only comments and
/// names differ, and a comment may say who is to play.
pub fn decode(bytes: &[u8]) -> String {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let charset = bytes.windows(3).position(|w| w == b"CA[").and_then(|at| {
        let value = &bytes[at + 3..];
        let end = value.iter().position(|&b| b == b']')?;
        encoding_rs::Encoding::for_label(value[..end].trim_ascii())
    });
    let encoding = match (charset, std::str::from_utf8(bytes)) {
        (Some(encoding), _) => encoding,
        (None, Ok(text)) => return text.to_string(),
        // ISO-8859-1 byte for byte (the Encoding Standard reads that label as Windows-1252).
        (None, Err(_)) => return bytes.iter().map(|&b| char::from(b)).collect(),
    };
    encoding.decode_without_bom_handling(bytes).0.into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether each first move of a one-tree file is correct.
    fn correct(text: &str) -> Vec<bool> {
        let games = read_collection(text).unwrap();
        let game = games.into_iter().next().unwrap().unwrap();
        game.answer.iter().map(|m| m.correct).collect()
    }

    #[test]
    fn book_moves_are_judged_by_their_marks() {
        // RIGHT deep in a line marks its first move; the unmarked one is then wrong.
        let right = "(;SZ[5](;B[aa];W[bb];B[cc]C[Lives. RIGHT])(;B[ab];W[bb]))";
        assert_eq!(correct(right), [true, false]);
        // The first move's own mark decides; a wrong mark alone leaves the unmarked correct.
        let own = "(;SZ[5](;B[aa]C[wrong];W[bb]C[RIGHT])(;B[ab])(;B[ac]BM[1]))";
        assert_eq!(correct(own), [false, true, false]);
        // A file of correct lines only.
        assert_eq!(correct("(;SZ[5](;B[aa])(;B[ab];W[bb]))"), [true, true]);
        // "Incorrect" is not "correct"; TE is; a pass is a move.
        let words = "(;SZ[5](;B[aa]C[Incorrect.])(;B[]TE[1])(;W[ab]C[Correct!]))";
        assert_eq!(correct(words), [false, true, true]);
    }

    #[test]
    fn reads_setup_and_marks() {
        let s = read("(;SZ[5:4]PL[W]C[hello]AB[aa][ba]AW[ca]TR[aa]SQ[ab:bb])").unwrap();
        assert_eq!(s.black.len(), 2);
        assert_eq!(s.white.len(), 1);
        assert_eq!(s.target_marks.len(), 1);
        assert_eq!(s.region_marks.len(), 2);
        assert_eq!(s.to_play, Some(Color::White));
        assert_eq!(s.comment.as_deref(), Some("hello"));
        assert_eq!(s.graph.len(), 20);
    }

    #[test]
    fn reads_the_main_line_and_the_side_from_the_comment() {
        let (s, moves) =
            read_game("(;SZ[9]C[White to kill.]AB[cc];W[dd];B[];W[ee](;B[aa]))").unwrap();
        assert_eq!(s.to_play, Some(Color::White));
        assert_eq!(moves.len(), 4);
        assert_eq!(moves[1], (Color::Black, Move::Pass));
        assert_eq!(moves[3].1.point(), s.graph.parse_point("aa"));
        let s = read("(;SZ[9]C[黒先白死]AB[cc])").unwrap();
        assert_eq!(s.to_play, Some(Color::Black));
    }

    #[test]
    fn off_board_points_are_errors() {
        let e = read("(;SZ[3]AB[dd])").unwrap_err();
        assert!(matches!(e, SgfError::OffBoard { .. }), "{e}");
    }

    #[test]
    fn garbage_is_an_error() {
        assert!(matches!(read("not sgf"), Err(SgfError::Empty)));
        assert!(matches!(read("(;SZ[9]AB[aa"), Err(SgfError::Parse(_))));
        assert!(read("").is_err());
    }

    #[test]
    fn leading_text_is_skipped_and_tt_is_a_pass_up_to_19x19() {
        let (_, moves) = read_game("Problem 1 (easy)\n(;SZ[19]AB[aa];W[tt];B[])").unwrap();
        assert_eq!(
            moves,
            [(Color::White, Move::Pass), (Color::Black, Move::Pass)]
        );
        assert!(read_game("(;SZ[20]AB[aa];W[tt])").is_ok_and(|(_, m)| m[0].1 != Move::Pass));
    }

    #[test]
    fn charsets_and_byte_order_marks_are_decoded() {
        assert_eq!(decode(b"\xEF\xBB\xBF(;C[caf\xC3\xA9])"), "(;C[caf\u{e9}])");
        assert_eq!(
            decode(b"(;CA[ISO-8859-1]C[caf\xE9])"),
            "(;CA[ISO-8859-1]C[caf\u{e9}])"
        );
        assert_eq!(decode(b"(;C[caf\xE9])"), "(;C[caf\u{e9}])");
        // 黒先白死 in Shift_JIS, 黑先活 in GB2312, 흑선 in EUC-KR.
        let sjis = b"(;CA[Shift_JIS]C[\x8D\x95\x90\xE6\x94\x92\x8E\x80])";
        assert_eq!(
            decode(sjis),
            "(;CA[Shift_JIS]C[\u{9ed2}\u{5148}\u{767d}\u{6b7b}])"
        );
        let gb = b"(;CA[GB2312]C[\xBA\xDA\xCF\xC8\xBB\xEE])";
        assert_eq!(decode(gb), "(;CA[GB2312]C[\u{9ed1}\u{5148}\u{6d3b}])");
        let kr = b"(;CA[EUC-KR]C[\xC8\xE6\xBC\xB1])";
        assert_eq!(decode(kr), "(;CA[EUC-KR]C[\u{d751}\u{c120}])");
    }

    #[test]
    fn a_long_main_line_is_dropped_without_recursion() {
        let text = format!("(;SZ[9]AB[aa]{})", ";B[]".repeat(200_000));
        assert_eq!(read_game(&text).unwrap().1.len(), 200_000);
    }
}
