//! The region partition (Tajima & Sanechika, [`crate::analysis::regions`]) drawn for people:
//! a text board with a legend and the table of regions, or an SVG picture.

use crate::analysis::regions::{Class, Hold, RegionMap, RegionRules, Scheme};
use crate::go::graph::Point;
use crate::go::rules::Color;
use crate::problem::Position;
use crate::report::board_text::{board_text, legend_line, Style, Tint};
use crate::report::svg::Picture;

fn tint(class: Class) -> Option<Tint> {
    match class {
        Class::Stone(c) => Some(Tint::Stone(c)),
        Class::Area(c, Hold::Occupied) => Some(Tint::Strong(c)),
        Class::Area(c, Hold::Sphere) => Some(Tint::Weak(c)),
        Class::Even => Some(Tint::Even),
        Class::Unreached => None,
    }
}

/// One letter per point: stones (`x`/`o` dead), occupied `B`/`W`, sphere `b`/`w`, even `*`.
fn letter(pos: &Position, class: Class, p: Point) -> char {
    match (pos.stone(p), class) {
        (Some(Color::Black), Class::Area(..) | Class::Even | Class::Unreached) => 'x',
        (Some(Color::White), Class::Area(..) | Class::Even | Class::Unreached) => 'o',
        _ => class_letter(class),
    }
}

/// The letter of a class on a living stone or an empty point.
fn class_letter(class: Class) -> char {
    match class {
        Class::Stone(Color::Black) => 'X',
        Class::Stone(Color::White) => 'O',
        Class::Area(Color::Black, Hold::Occupied) => 'B',
        Class::Area(Color::Black, Hold::Sphere) => 'b',
        Class::Area(Color::White, Hold::Occupied) => 'W',
        Class::Area(Color::White, Hold::Sphere) => 'w',
        Class::Even => '*',
        Class::Unreached => '.',
    }
}

fn meaning(class: Class) -> &'static str {
    match class {
        Class::Stone(_) => "living stones X/O (x/o dead)",
        Class::Area(Color::Black, Hold::Occupied) => {
            "black occupied territory (White cannot reach)"
        }
        Class::Area(Color::Black, Hold::Sphere) => "black sphere of influence",
        Class::Area(Color::White, Hold::Occupied) => {
            "white occupied territory (Black cannot reach)"
        }
        Class::Area(Color::White, Hold::Sphere) => "white sphere of influence",
        Class::Even => "equal distance",
        Class::Unreached => "reached by neither",
    }
}

fn describe(rules: &RegionRules) -> String {
    let limit = match (rules.scheme, rules.kosuri_limit) {
        (Scheme::Distance, _) => String::new(),
        (_, Some(l)) => format!(", paths with at most {l} kosuri"),
        (_, None) => ", any kosuri".into(),
    };
    format!("{}{limit}", rules.scheme.name())
}

/// The partition as a text board, a legend and the table of regions.
pub fn render_text(pos: &Position, analysis: &RegionMap, style: Style) -> String {
    let part = &analysis.partition;
    let mut out = format!("Regions ({})\n", describe(&part.rules));
    out.push_str(&board_text(pos, 2, style, |p| {
        let class = part.class[p.index()];
        (letter(pos, class, p).to_string(), tint(class))
    }));
    out.push_str("Legend:\n");
    for class in [
        Class::Stone(Color::Black),
        Class::Area(Color::Black, Hold::Occupied),
        Class::Area(Color::Black, Hold::Sphere),
        Class::Area(Color::White, Hold::Occupied),
        Class::Area(Color::White, Hold::Sphere),
        Class::Even,
        Class::Unreached,
    ] {
        let sample = class_letter(class).to_string();
        legend_line(&mut out, &sample, tint(class), meaning(class), style);
    }
    out.push_str(&format!(
        "{:>3} {:<6} {:>6} {:>6} {:>5} {:>5} {:>8} {:>6} {:>10}\n",
        "#", "colour", "stones", "chains", "size", "sure", "occupied", "sphere", "equivalent"
    ));
    for (i, (r, e)) in part.regions.iter().zip(&analysis.estimates).enumerate() {
        out.push_str(&format!(
            "{:>3} {:<6} {:>6} {:>6} {:>5} {:>5} {:>8} {:>6} {:>10.2}\n",
            i + 1,
            r.color.name(),
            r.stones,
            r.chains,
            r.size,
            e.sure,
            r.occupied,
            r.sphere,
            e.equivalent
        ));
    }
    out
}

/// The partition as an SVG picture: shading by class, each point's distance from its owner
/// as a label (`5k1`: 5 steps with 1 kosuri), `*` on equal-distance points.
pub fn render_svg(pos: &Position, analysis: &RegionMap) -> String {
    let part = &analysis.partition;
    let g = pos.graph();
    let mut pic = Picture::new(g);
    pic.title(format!("Regions ({})", describe(&part.rules)));
    for p in g.points() {
        if let Some(c) = pos.stone(p) {
            pic.stone(p, c);
        }
        let class = part.class[p.index()];
        if let Some(css) = tint(class).and_then(Tint::css) {
            pic.shade(p, css);
        }
        let label = match class {
            Class::Area(c, _) => part.reach[c][p.index()].map(|r| match r.kosuri {
                0 => r.length.to_string(),
                k => format!("{}k{k}", r.length),
            }),
            Class::Even => Some("*".to_string()),
            Class::Stone(_) | Class::Unreached => None,
        };
        if let Some(text) = label {
            pic.label(p, text);
        }
    }
    pic.render()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::regions::region_map;
    use crate::problem::position_tests::position;

    /// A 9x9 position, empty but for its fifth row.
    fn with_row_5(row: &str) -> Position {
        let mut rows = ["........."; 9];
        rows[4] = row;
        position(&rows)
    }

    #[test]
    fn dead_stones_read_as_territory() {
        let pos = with_row_5(".OX...O..")
            .with_dead(&["B5".parse().unwrap()])
            .unwrap();
        let text = render_text(
            &pos,
            &region_map(&pos, &RegionRules::distance()).unwrap(),
            Style::Plain,
        );
        assert_eq!(text.lines().nth(6), Some("  5 b o X b * w O w w"), "{text}");
    }

    #[test]
    fn text_and_svg() {
        let pos = with_row_5("..X...O..");
        let a = region_map(&pos, &RegionRules::distance()).unwrap();
        let text = render_text(&pos, &a, Style::Plain);
        let expected_row = "  5 b b X b * w O w w";
        assert_eq!(text.lines().nth(6), Some(expected_row), "{text}");
        assert!(text.contains("  1 black       1      1    35     1        0     35      11.25"));
        assert!(render_text(&pos, &a, Style::Ansi).contains('\x1b'));
        let svg = render_svg(&pos, &a);
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let texts = |class: &str| -> Vec<&str> {
            doc.descendants()
                .filter(|n| n.attribute("class") == Some(class))
                .filter_map(|n| n.text())
                .collect()
        };
        // One label per non-stone point: 9 equal-distance marks.
        let labels = texts("label");
        assert_eq!(labels.iter().filter(|&&t| t == "*").count(), 9);
        assert_eq!(labels.len(), 79);
        assert_eq!(texts("title").len(), 1);
        // The whole board is drawn (every point is labelled or a stone): 9 letters, 9 numbers.
        assert_eq!(texts("coord").len(), 18);
    }
}
