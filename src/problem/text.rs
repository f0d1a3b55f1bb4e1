//! What a problem's text says: who is to play, and which colour is to live.
//!
//! Book problems state it in a line of text, in the book's language. Two things are read, and
//! kept apart:
//! * **who moves first**: "Black to play", "White to move", "Black plays"; 黒先 or 黒番 (Black
//!   first, Black's turn) in Japanese, 黑先 in Chinese, 흑선 in Korean. Failing that, the side
//!   the text asks to live or to kill moves first ("White to kill", "Can White kill?",
//!   "Black to live");
//! * **who defends**: the colour the text ties to living or dying, whoever moves first. "Black
//!   to live", "Black lives", "Black does not die", "Black dies", "Can Black live?" name Black;
//!   "White to kill", "Can White kill?" name White's opponent, Black. In Japanese and Chinese a
//!   colour followed by 活 (lives), 生き (lives) or 死 (dies), perhaps with 棋 (stones) and 不
//!   (not) between: 黒活, 白先黒死 (White first, Black dies), 黑棋不死 (Black does not die);
//!   after 先, the side to play's own aim: 黒先活 (Black first, to live), 黑先杀 (Black first, to
//!   kill). In Korean 흑활, 백선흑사, 흑선활. So "White to play; Black to live" is solved with
//!   White moving first and Black defending.
//!
//! "To live" or "to kill" said of no colour ("to play and live" after a colour counts as said of
//! it) is said of the side to play. Only what the text states is used: a text that names no
//! side, or says nothing of living or killing, leaves the choice to the file and the diagram;
//! "life" (as in "life and death", or this tool's own "life degree") says nothing about who
//! defends, nor does 死活 / 사활 ("life and death"). A text that ties both colours to living
//! names no defender, and says so in a warning; so does a side to play the file's `PL`
//! contradicts, and the file's side moves first.

use super::Warning;
use crate::go::rules::Color;

/// The side the text says is to play: the first it names to play ("Black to play", 黒先,
/// 백선), else the first it asks to live or to kill ("White to kill").
pub(super) fn side_to_play(text: &str) -> Option<Color> {
    let caption = Caption::read(text);
    caption.stated.or(caption.implied)
}

/// The defender the text names: the colour it ties to living or dying, whoever is to play;
/// failing that, a "to live" or "to kill" said of no colour is said of the side the text
/// names to play, else of `file_to_play` (the file's `PL`).
pub(super) fn defender(file_to_play: Option<Color>, text: &str) -> Option<Color> {
    let caption = Caption::read(text);
    match caption.lives {
        Lives::Named(colour) => Some(colour),
        Lives::Both | Lives::Unsaid => None,
        Lives::OfTheMover(aim) => {
            let side = caption.stated.or(file_to_play)?;
            Some(match aim {
                Aim::Live => side,
                Aim::Kill => side.other(),
            })
        }
    }
}

/// Where the text contradicts itself or the file: both colours tied to living, or a side to
/// play other than `file_to_play` (the file's `PL`, which wins).
pub(super) fn contradictions(file_to_play: Option<Color>, text: &str) -> Vec<Warning> {
    let caption = Caption::read(text);
    let mut out = Vec::new();
    if caption.lives == Lives::Both {
        out.push(Warning::TextNamesBothDefenders);
    }
    if let (Some(file), Some(text)) = (file_to_play, caption.stated) {
        if file != text {
            out.push(Warning::ToPlayDiffers { file, text });
        }
    }
    out
}

/// What a text says, as read.
struct Caption {
    /// The first side it says is to play.
    stated: Option<Color>,
    /// The first side it asks to live or to kill.
    implied: Option<Color>,
    lives: Lives,
}

/// What a text says of living and dying.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Lives {
    Unsaid,
    /// The colour it ties to living or dying, the defender.
    Named(Color),
    /// It ties both colours to living or dying.
    Both,
    /// "To live" or "to kill" said of no colour: the side to play's aim.
    OfTheMover(Aim),
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Aim {
    Live,
    Kill,
}

/// One thing a phrase says, at its byte index in the text.
enum Says {
    /// This side is to play.
    Plays(Color),
    /// This side is asked to live or to kill, so moves first unless the text says who does.
    Asked(Color),
    /// This colour defends.
    Defends(Color),
}

impl Caption {
    fn read(text: &str) -> Caption {
        let text = text
            .to_lowercase()
            .replace('’', "'")
            .replace("死活", " ")
            .replace("사활", " ");
        let mut says = english(&text);
        says.extend(east_asian(&text));
        says.sort_by_key(|&(at, _)| at);
        let first = |pick: fn(&Says) -> Option<Color>| says.iter().find_map(|(_, s)| pick(s));
        let named: Vec<Color> = says
            .iter()
            .filter_map(|(_, s)| match s {
                Says::Defends(c) => Some(*c),
                _ => None,
            })
            .collect();
        let lives = match named.first() {
            Some(&c) if named.iter().all(|&d| d == c) => Lives::Named(c),
            Some(_) => Lives::Both,
            None => untied_aim(&text).map_or(Lives::Unsaid, Lives::OfTheMover),
        };
        Caption {
            stated: first(|s| match s {
                Says::Plays(c) => Some(*c),
                _ => None,
            }),
            implied: first(|s| match s {
                Says::Asked(c) => Some(*c),
                _ => None,
            }),
            lives,
        }
    }
}

/// The English phrases: a colour followed by "to play", "to move", "plays" (and perhaps "and
/// live" / "and kill"), "to live", "lives", "does not die", "doesn't die", "dies", "to kill",
/// "kills"; "can" and a colour followed by "live" or "kill". Whole words only.
fn english(text: &str) -> Vec<(usize, Says)> {
    let words: Vec<(usize, &str)> = text
        .split(|c: char| !(c.is_alphabetic() || c == '\''))
        .filter(|w| !w.is_empty())
        .map(|w| (w.as_ptr() as usize - text.as_ptr() as usize, w))
        .collect();
    let colour = |w: &str| match w {
        "black" => Some(Color::Black),
        "white" => Some(Color::White),
        _ => None,
    };
    let mut out = Vec::new();
    for (i, &(at, word)) in words.iter().enumerate() {
        let Some(c) = colour(word) else { continue };
        let next: Vec<&str> = words[i + 1..].iter().take(4).map(|&(_, w)| w).collect();
        let asked = i > 0 && words[i - 1].1 == "can";
        let mut say = |s| out.push((at, s));
        match next.as_slice() {
            ["to", "play" | "move", rest @ ..] | ["plays", rest @ ..] => {
                say(Says::Plays(c));
                match rest {
                    ["and", "live", ..] => say(Says::Defends(c)),
                    ["and", "kill", ..] => say(Says::Defends(c.other())),
                    _ => {}
                }
            }
            ["to", "live", ..] => {
                say(Says::Asked(c));
                say(Says::Defends(c));
            }
            ["to", "kill", ..] => {
                say(Says::Asked(c));
                say(Says::Defends(c.other()));
            }
            ["live", ..] if asked => {
                say(Says::Asked(c));
                say(Says::Defends(c));
            }
            ["kill", ..] if asked => {
                say(Says::Asked(c));
                say(Says::Defends(c.other()));
            }
            ["lives" | "dies", ..] | ["does", "not", "die", ..] | ["doesn't", "die", ..] => {
                say(Says::Defends(c))
            }
            ["kills", ..] => say(Says::Defends(c.other())),
            _ => {}
        }
    }
    out
}

/// The Japanese, Chinese and Korean phrases: a colour followed by 先, 番 or 선 (first, turn),
/// perhaps then by the side to play's aim (活, 生き, 활: to live; 殺, 杀, 잡: to kill); or a
/// colour followed, perhaps after 棋 (stones) and 不 (not), by 活, 生き, 활 (lives) or 死, 사
/// (dies). Spaces between are allowed: 黒 先.
fn east_asian(text: &str) -> Vec<(usize, Says)> {
    let mut out = Vec::new();
    for (at, ch) in text.char_indices() {
        let c = if BLACK.contains(&ch) {
            Color::Black
        } else if WHITE.contains(&ch) {
            Color::White
        } else {
            continue;
        };
        let rest = text[at + ch.len_utf8()..].trim_start();
        if let Some(aim) = rest.strip_prefix(FIRST) {
            out.push((at, Says::Plays(c)));
            let aim = aim.trim_start();
            if LIVE.iter().any(|w| aim.starts_with(w)) {
                out.push((at, Says::Defends(c)));
            } else if KILL.iter().any(|w| aim.starts_with(w)) {
                out.push((at, Says::Defends(c.other())));
            }
            continue;
        }
        let rest = rest.strip_prefix('棋').unwrap_or(rest).trim_start();
        let rest = rest.strip_prefix('不').unwrap_or(rest).trim_start();
        if LIVE.iter().chain(&DIES).any(|w| rest.starts_with(w)) {
            out.push((at, Says::Defends(c)));
        }
    }
    out
}

/// "To live" or "to kill" said of no colour: the English words, or 活, 殺 and the like
/// anywhere. Killing is read first: "to kill" is said of the attacker only.
fn untied_aim(text: &str) -> Option<Aim> {
    let has = |words: &[&str]| {
        text.split(|c: char| !c.is_alphabetic())
            .any(|w| words.contains(&w))
    };
    if has(&["kill", "kills"]) || KILL.iter().any(|w| text.contains(w)) {
        Some(Aim::Kill)
    } else if has(&["live", "lives"]) || LIVE.iter().any(|w| text.contains(w)) {
        Some(Aim::Live)
    } else {
        None
    }
}

/// Black in Japanese (黒), Chinese (黑) and Korean (흑).
const BLACK: [char; 3] = ['黒', '黑', '흑'];
/// White in Japanese and Chinese (白) and Korean (백).
const WHITE: [char; 2] = ['白', '백'];
/// "First" or "turn" after a colour: who moves first (先, 番; Korean 선).
const FIRST: [char; 3] = ['先', '番', '선'];
/// "Lives": 活 (Japanese, Chinese), 生き (Japanese, spelt with its ending: 生 alone is also the
/// 生 of 先生, "teacher"), 활 (Korean).
const LIVE: [&str; 3] = ["活", "生き", "활"];
/// "Dies": 死 (Japanese, Chinese), 사 (Korean).
const DIES: [&str; 2] = ["死", "사"];
/// "To kill": 殺 (Japanese), 杀 (Chinese), 잡 (Korean, "to capture").
const KILL: [&str; 3] = ["殺", "杀", "잡"];

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black, White};

    #[test]
    fn the_side_to_play_in_each_language() {
        for (text, side) in [
            ("Black to play", Some(Black)),
            ("White to kill.", Some(White)),
            ("White to move", Some(White)),
            ("黒先", Some(Black)),
            ("白先黒死", Some(White)),
            ("黑先活", Some(Black)),
            ("흑선백사", Some(Black)),
            ("백 선", Some(White)),
            ("黒番", Some(Black)),
            ("問題 1", None),
            ("White's group: Black to play", Some(Black)),
            // Who is to play comes before who is to live, wherever each stands.
            ("White to play; Black to live", Some(White)),
            ("Black to live; White to play", Some(White)),
            ("Can White kill? Black to live", Some(White)),
            ("Black to live", Some(Black)),
            ("Black lives", None),
            ("黑棋不死", None),
        ] {
            assert_eq!(side_to_play(text), side, "{text}");
        }
    }

    #[test]
    fn the_defender_in_each_language() {
        for (to_play, text, defender) in [
            (Some(Black), "Black to kill", Some(White)),
            (Some(White), "White to live.", Some(White)),
            (Some(Black), "Black to play", None),
            (Some(White), "White to play", None),
            (Some(Black), "a life and death problem", None),
            (Some(Black), "黒先白死", Some(White)),
            (Some(Black), "黒先活", Some(Black)),
            (Some(White), "白先生き", Some(White)),
            (Some(Black), "黑先杀", Some(White)),
            (Some(White), "白先黑死", Some(Black)),
            (Some(Black), "흑선백사", Some(White)),
            (Some(Black), "흑선활", Some(Black)),
            (Some(Black), "黒先 死活", None),
            (Some(Black), "藤沢先生の問題", None),
            (None, "黒死", Some(Black)),
            (Some(White), "白先黒活", Some(Black)),
            (None, "to live", None),
            (Some(White), "to live", Some(White)),
            // The colour tied to living defends, whoever is to play.
            (Some(White), "White to play; Black to live", Some(Black)),
            (Some(White), "Black to live", Some(Black)),
            (Some(White), "Can White kill? Black to live", Some(Black)),
            (Some(Black), "Can White kill?", Some(Black)),
            (Some(Black), "White to kill", Some(Black)),
            (Some(White), "Black lives.", Some(Black)),
            (Some(White), "Black does not die", Some(Black)),
            (Some(White), "Black doesn’t die", Some(Black)),
            (Some(White), "White first, Black dies", Some(Black)),
            (Some(White), "黑棋不死", Some(Black)),
            (Some(White), "黒先活", Some(Black)),
            (Some(White), "白先黒死", Some(Black)),
            (Some(White), "흑선활", Some(Black)),
            (Some(White), "Black to play and live", Some(Black)),
            (Some(Black), "White to play and kill", Some(Black)),
            (Some(White), "Black to play. Can it live?", Some(Black)),
            // Both colours tied to living: no defender.
            (Some(Black), "Black to live; White to live", None),
            (Some(Black), "黑活白活", None),
        ] {
            assert_eq!(super::defender(to_play, text), defender, "{text}");
        }
    }

    #[test]
    fn contradictions_are_warned_of() {
        assert_eq!(
            contradictions(Some(White), "Black to play and live"),
            [Warning::ToPlayDiffers {
                file: White,
                text: Black
            }]
        );
        assert_eq!(
            contradictions(Some(Black), "Black to live; White to live"),
            [Warning::TextNamesBothDefenders]
        );
        // Asked to live, not said to play: no contradiction with the file.
        for text in ["Black to live", "White to play; Black to live", "白先黒死"] {
            assert_eq!(contradictions(Some(White), text), [], "{text}");
        }
        assert_eq!(contradictions(None, "Black to play"), []);
        assert_eq!(contradictions(Some(White), "White to play"), []);
    }
}
