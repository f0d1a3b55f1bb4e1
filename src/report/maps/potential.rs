//! The potential field (Yajima, [`crate::analysis::potential`]) drawn for people: a text board
//! of values and zones with a legend and the totals, or an SVG picture.

use crate::analysis::potential::{Field, Zone};
use crate::go::graph::Point;
use crate::go::rules::Color;
use crate::problem::Position;
use crate::report::board_text::{board_text, legend_line, Style, Tint};
use crate::report::svg::Picture;

fn tint(zone: Zone) -> Option<Tint> {
    match zone {
        Zone::Core(c) => Some(Tint::Strong(c)),
        Zone::Rim(c) => Some(Tint::Weak(c)),
        Zone::Neutral => None,
    }
}

/// The letter after each value: the stone, or the zone of an empty (or dead-stone) point.
fn letter(pos: &Position, field: &Field, p: Point) -> char {
    match (pos.stone(p), pos.is_dead(p)) {
        (Some(Color::Black), false) => 'X',
        (Some(Color::White), false) => 'O',
        (Some(Color::Black), true) => 'x',
        (Some(Color::White), true) => 'o',
        (None, _) => match field.zone(p) {
            Zone::Core(Color::Black) => 'B',
            Zone::Rim(Color::Black) => 'b',
            Zone::Core(Color::White) => 'W',
            Zone::Rim(Color::White) => 'w',
            Zone::Neutral => '.',
        },
    }
}

/// The field as a text board: each point's value (rounded) and letter, coloured by zone.
pub fn render_text(pos: &Position, field: &Field, style: Style) -> String {
    let prm = field.rules();
    let mut out = format!(
        "Potential field (Black +, White -; reach {}, core >= {}, rim >= {}{})\n",
        prm.reach,
        prm.core,
        prm.rim,
        if prm.delocalize {
            ", chains delocalized"
        } else {
            ""
        }
    );
    out.push_str(&board_text(pos, 6, style, |p| {
        let tint = match pos.living(p) {
            Some(c) => Some(Tint::Stone(c)),
            None => tint(field.zone(p)),
        };
        (
            format!("{:.0}{}", field.value(p), letter(pos, field, p)),
            tint,
        )
    }));
    out.push_str("Legend:\n");
    for (sample, t, meaning) in [
        (
            "X/O",
            Some(Tint::Stone(Color::Black)),
            "living stones (value: chain mean); x/o dead",
        ),
        (
            "B",
            Some(Tint::Strong(Color::Black)),
            "black core (territory)",
        ),
        ("b", Some(Tint::Weak(Color::Black)), "black rim (influence)"),
        (
            "W",
            Some(Tint::Strong(Color::White)),
            "white core (territory)",
        ),
        ("w", Some(Tint::Weak(Color::White)), "white rim (influence)"),
        (".", None, "neutral"),
    ] {
        legend_line(&mut out, sample, t, meaning, style);
    }
    let s = field.summary();
    for c in [Color::Black, Color::White] {
        out.push_str(&format!(
            "{}: core {} points (potential {:.0}), rim {} points (potential {:.0})\n",
            c.title(),
            s.core_points[c],
            s.core_potential[c],
            s.rim_points[c],
            s.rim_potential[c]
        ));
    }
    out
}

/// The field as an SVG picture: shading by zone, the rounded values as labels.
pub fn render_svg(pos: &Position, field: &Field) -> String {
    let g = pos.graph();
    let mut pic = Picture::new(g);
    pic.title(format!(
        "Potential (core >= {}, rim >= {})",
        field.rules().core,
        field.rules().rim
    ));
    for p in g.points() {
        if let Some(c) = pos.stone(p) {
            pic.stone(p, c);
        }
        if let Some(css) = tint(field.zone(p)).and_then(Tint::css) {
            pic.shade(p, css);
        }
        let v = field.value(p);
        if v != 0.0 || pos.stone(p).is_some() {
            let dead = if pos.is_dead(p) { "x" } else { "" };
            pic.label(p, format!("{v:.0}{dead}"));
        }
    }
    pic.render()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::potential::{field, FieldRules};
    use crate::problem::position_tests::position;

    #[test]
    fn text_and_svg() {
        let pos = position(&["X...", "....", "...O", "...."]);
        let f = field(&pos, &FieldRules::default()).unwrap();
        let text = render_text(&pos, &f, Style::Plain);
        assert!(!text.contains('\x1b'));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[1], "        A     B     C     D");
        // A4 holds the stone: 64 + two images at distance 1 (32 each) + 16 + white's reach.
        assert!(lines[2].starts_with("  4"), "{text}");
        assert!(text.contains("Legend:"));
        let ansi = render_text(&pos, &f, Style::Ansi);
        assert!(ansi.contains("\x1b[0m"));
        let svg = render_svg(&pos, &f);
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let texts = doc.descendants().filter(|n| n.has_tag_name("text")).count();
        // The title and one label per point that has a value.
        assert!(texts > 1);
    }
}
