//! What a problem's text says: who is to play, and whether that side is to live or to kill.
//!
//! Book problems state it in a line of text, in the book's language: "Black to play",
//! "White to kill"; in Japanese 黒先 (Black first), 黒先活 or 黒先生き (Black to live), 黒先白死
//! (Black first, White dies); in Chinese the same with 黑; in Korean 흑선, 흑선활, 흑선백사.
//! Only what the text states is used: a text that names no side, or says nothing of living
//! or killing, leaves the choice to the diagram.

use crate::go::rules::Color;

/// The side the text says is to play: "Black to play", "White to kill", 黒先, 백선.
pub(super) fn side_to_play(text: &str) -> Option<Color> {
    let text = text.to_lowercase();
    let english = |word: &str| {
        ["to play", "to move", "to live", "to kill", "plays"]
            .iter()
            .filter_map(|verb| text.find(&format!("{word} {verb}")))
            .min()
    };
    // 先 / 선 ("first") or 番 ("turn") right after the colour (spaces allowed: 黒 先).
    let first = |colours: &[char]| {
        colours
            .iter()
            .filter_map(|&c| find_pair(&text, c, &['先', '番', '선']))
            .min()
    };
    let at =
        |word: &str, colours: &[char]| [english(word), first(colours)].into_iter().flatten().min();
    match (at("black", &BLACK), at("white", &WHITE)) {
        (Some(b), Some(w)) => Some(if b < w { Color::Black } else { Color::White }),
        (Some(_), None) => Some(Color::Black),
        (None, Some(_)) => Some(Color::White),
        (None, None) => None,
    }
}

/// The defender the text implies, given the side to play: that side if it is "to live", the
/// other if it is "to kill"; the colour the text says dies or lives (白死, 黒活, 백사) wherever
/// it names one. Whole English words only: "life" (as in "life and death", or this tool's
/// own "life degree") says nothing about who defends, nor does 死活 / 사활 ("life and death").
pub(super) fn defender(to_play: Option<Color>, text: &str) -> Option<Color> {
    let text = text
        .to_lowercase()
        .replace("死活", " ")
        .replace("사활", " ");
    for (colour, chars) in [(Color::Black, &BLACK[..]), (Color::White, &WHITE[..])] {
        if chars
            .iter()
            .any(|&c| find_pair(&text, c, &DIES_OR_LIVES).is_some())
        {
            return Some(colour);
        }
    }
    let side = to_play?;
    let has = |words: &[&str]| {
        text.split(|c: char| !c.is_alphabetic())
            .any(|w| words.contains(&w))
    };
    if has(&["kill", "kills"]) || KILL.iter().any(|w| text.contains(w)) {
        Some(side.other())
    } else if has(&["live", "lives"]) || LIVE.iter().any(|w| text.contains(w)) {
        Some(side)
    } else {
        None
    }
}

/// Black in Japanese (黒), Chinese (黑) and Korean (흑).
const BLACK: [char; 3] = ['黒', '黑', '흑'];
/// White in Japanese and Chinese (白) and Korean (백).
const WHITE: [char; 2] = ['白', '백'];
/// "Dies" or "lives" right after a colour, which names the defender: 白死, 黒活 (Japanese,
/// Chinese), 백사, 흑활 (Korean).
const DIES_OR_LIVES: [char; 4] = ['死', '活', '사', '활'];
/// "To live", said of the side to play: 活 (活 also in 黒先活; 활 in Korean), 生き (Japanese,
/// spelt with its ending: 生 alone is also the 生 of 先生, "teacher").
const LIVE: [&str; 3] = ["活", "生き", "활"];
/// "To kill": 殺 (Japanese), 杀 (Chinese), 잡 (Korean, "to capture").
const KILL: [&str; 3] = ["殺", "杀", "잡"];

/// Where `first` stands right before one of `then` (spaces between allowed), as a byte index.
fn find_pair(text: &str, first: char, then: &[char]) -> Option<usize> {
    text.char_indices().find_map(|(i, c)| {
        let next = text[i + c.len_utf8()..].trim_start().chars().next()?;
        (c == first && then.contains(&next)).then_some(i)
    })
}

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
        ] {
            assert_eq!(super::defender(to_play, text), defender, "{text}");
        }
    }
}
