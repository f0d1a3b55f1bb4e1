//! The answer's pictures, rasterized (resvg) and read back as a player would: the best move's
//! label on its point, the coordinates the text report uses, a corner problem cropped to its
//! corner with the board's edges heavy; and the SVG text of a few library answers.

use crate::common::{lifedeg, ok_stdout, problems_dir, solve, Color, Model, Move};
use lifedeg::picture;
use lifedeg::svg::BEST;
use lifedeg::Point;
use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg;
use std::sync::{Arc, OnceLock};

/// A corner problem from the books: bent three, White to kill at the corner point A19.
const CORNER: &str = "book/bent-three-kill.sgf";

/// The system's fonts, loaded once (DejaVu Sans for `sans-serif`).
fn fonts() -> Arc<usvg::fontdb::Database> {
    static FONTS: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = usvg::fontdb::Database::new();
            db.load_system_fonts();
            db.set_sans_serif_family("DejaVu Sans");
            assert!(!db.is_empty(), "no fonts found to draw the pictures' text");
            Arc::new(db)
        })
        .clone()
}

fn raster(svg: &str) -> Pixmap {
    let opt = usvg::Options {
        fontdb: fonts(),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &opt).expect("the picture parses");
    let size = tree.size().to_int_size();
    let mut pix = Pixmap::new(size.width(), size.height()).expect("a picture has a size");
    resvg::render(&tree, Transform::default(), &mut pix.as_mut());
    pix
}

/// The `#rrggbb` colour as bytes.
fn rgb(css: &str) -> [u8; 3] {
    let c = |i: usize| u8::from_str_radix(&css[1 + i..3 + i], 16).unwrap();
    [c(0), c(2), c(4)]
}

/// Pixels within `radius` of `(x, y)` whose colour is within 40 (per channel) of `colour`.
fn count_near(pix: &Pixmap, (x, y): (f64, f64), radius: f64, colour: [u8; 3]) -> usize {
    let mut n = 0;
    for py in (y - radius).floor() as i32..=(y + radius).ceil() as i32 {
        for px in (x - radius).floor() as i32..=(x + radius).ceil() as i32 {
            let d = ((px as f64 + 0.5 - x).powi(2) + (py as f64 + 0.5 - y).powi(2)).sqrt();
            let Some(c) = (px >= 0 && py >= 0)
                .then(|| pix.pixel(px as u32, py as u32))
                .flatten()
            else {
                continue;
            };
            let close = [c.red(), c.green(), c.blue()]
                .iter()
                .zip(colour)
                .all(|(&a, b)| a.abs_diff(b) <= 40);
            n += usize::from(d <= radius && close);
        }
    }
    n
}

fn solved(name: &str) -> (lifedeg::Problem, lifedeg::Answer) {
    let s = solve(&problems_dir().join(name), &Model::default());
    (s.problem, s.answer)
}

/// The texts of one class in a picture, with their anchor points.
fn texts(svg: &str, class: &str) -> Vec<(String, f64, f64)> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .map(|n| {
            let num = |a: &str| n.attribute(a).unwrap().parse::<f64>().unwrap();
            (n.text().unwrap().to_string(), num("x"), num("y"))
        })
        .collect()
}

#[test]
fn the_best_moves_labels_sit_on_their_points() {
    for name in [CORNER, "yose-ko.sgf", "boards/hex-direct-ko.toml"] {
        let (problem, answer) = solved(name);
        for side in [Color::Black, Color::White] {
            let opening = match side {
                Color::Black => &answer.black_first,
                Color::White => &answer.white_first,
            };
            let best: Vec<Point> = opening
                .best()
                .filter_map(|m| match m {
                    Move::Play(p) => Some(p),
                    Move::Pass => None,
                })
                .collect();
            let pic = picture::opening_picture(&problem, &answer, side);
            let pix = raster(&pic.render());
            let red = rgb(BEST);
            for m in &opening.moves {
                let Move::Play(p) = m.first else {
                    continue;
                };
                let centre = pic.centre(p).expect("every first move is drawn");
                // The label's letters: within a third of a line of the point.
                let ink = count_near(&pix, centre, 12.0, red);
                if best.contains(&p) {
                    assert!(ink >= 15, "{name} {side:?}: {ink} red pixels on best {p:?}");
                    // And the ring round it, on all four sides.
                    for (dx, dy) in [(16.0, 0.0), (-16.0, 0.0), (0.0, 16.0), (0.0, -16.0)] {
                        let at = (centre.0 + dx, centre.1 + dy);
                        assert!(count_near(&pix, at, 1.5, red) > 0, "{name}: ring at {p:?}");
                    }
                } else {
                    assert_eq!(ink, 0, "{name} {side:?}: red on {p:?}, not a best move");
                }
            }
        }
    }
}

/// The text board `lifedeg regions` prints: its column letters and row numbers, by column
/// and row index.
fn text_report_coordinates(file: &str) -> (Vec<String>, Vec<String>) {
    let text = ok_stdout(&lifedeg(["regions", file]));
    let mut lines = text.lines().skip(1);
    let columns = lines
        .next()
        .unwrap()
        .split_whitespace()
        .map(str::to_string)
        .collect();
    let rows = lines
        .take_while(|l| !l.starts_with("Legend"))
        .map(|l| l.split_whitespace().next().unwrap().to_string())
        .collect();
    (columns, rows)
}

#[test]
fn coordinates_are_the_text_reports() {
    let file = format!("problems/{CORNER}");
    let (columns, rows) = text_report_coordinates(&file);
    assert_eq!((columns.len(), rows.len()), (19, 19));
    let (problem, answer) = solved(CORNER);
    let g = problem.graph();
    let pic = picture::opening_picture(&problem, &answer, Color::White);
    let svg = pic.render();
    let coords = texts(&svg, "coord");
    let mut seen = (0, 0);
    for (text, x, y) in &coords {
        // A letter stands under (or over) its column, a number beside its row: find the
        // drawn points it lines up with and compare with the text board's name for them.
        let column = g
            .points()
            .filter_map(|p| pic.centre(p).map(|c| (p, c)))
            .find(|(_, c)| (c.0 - x).abs() < 0.1);
        let row = g
            .points()
            .filter_map(|p| pic.centre(p).map(|c| (p, c)))
            .find(|(_, c)| (c.1 - (y - 4.5)).abs() < 0.1);
        match (column, row) {
            (Some((p, _)), None) => {
                assert_eq!(*text, columns[g.grid(p).unwrap().0 as usize]);
                seen.0 += 1;
            }
            (None, Some((p, _))) => {
                assert_eq!(*text, rows[g.grid(p).unwrap().1 as usize]);
                seen.1 += 1;
            }
            other => panic!("{text} at ({x}, {y}) lines up with {other:?}"),
        }
    }
    // A19..E15: five columns, five rows.
    assert_eq!(seen, (5, 5), "{coords:?}");
    // The report's best move for White is where the drawn "A" and "19" cross.
    let report = ok_stdout(&lifedeg([file.as_str()]));
    let best = report
        .lines()
        .find(|l| l.trim_start().starts_with("White first"))
        .and_then(|l| l.split("best: ").nth(1))
        .and_then(|b| b.split_whitespace().next())
        .unwrap();
    assert_eq!(best, "A19");
    let letter = coords.iter().find(|t| t.0 == "A").unwrap();
    let number = coords.iter().find(|t| t.0 == "19").unwrap();
    let p = g.parse_point(best).unwrap();
    let (x, y) = pic.centre(p).unwrap();
    assert!((x - letter.1).abs() < 0.1 && (y - (number.2 - 4.5)).abs() < 0.1);
}

#[test]
fn a_corner_problem_shows_the_corner_with_heavy_edges() {
    let (problem, answer) = solved(CORNER);
    let g = problem.graph();
    let pic = picture::opening_picture(&problem, &answer, Color::White);
    let pix = raster(&pic.render());
    // Only the corner: A19..E15 of the 19x19 board, the far side left out.
    let shown: Vec<String> = g
        .points()
        .filter(|&p| pic.centre(p).is_some())
        .map(|p| g.label(p))
        .collect();
    assert_eq!(shown.len(), 25, "{shown:?}");
    for far in ["F19", "A14", "T1", "K10"] {
        assert!(!shown.contains(&far.to_string()), "{far}");
    }
    // A whole board would be over 18 lines (648 px) across; the corner is 4 lines and its
    // frame (the caption sets the width).
    assert!(pix.height() < 400, "{} x {}", pix.width(), pix.height());
    let at = |name: &str| pic.centre(g.parse_point(name).unwrap()).unwrap();
    // How thick a line is: dark pixels across it, half-way between two points (the wood and
    // the region's shading are lighter).
    let thickness = |(x, y): (f64, f64), vertical: bool| {
        (-4..=4)
            .filter(|d| {
                let (px, py) = if vertical {
                    (x + f64::from(*d), y)
                } else {
                    (x, y + f64::from(*d))
                };
                let c = pix.pixel(px as u32, py as u32).unwrap();
                c.red() < 180
            })
            .count()
    };
    let mid = |a: (f64, f64), b: (f64, f64)| ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
    // The top edge (between A19 and B19) and the left edge (A19..A18) are the board's.
    let top = thickness(mid(at("A19"), at("B19")), false);
    let left = thickness(mid(at("A16"), at("A15")), true);
    // Inner lines and the cut sides' last lines are thin.
    let inner = thickness(mid(at("D16"), at("E16")), false);
    let cut = thickness(mid(at("E16"), at("E15")), true);
    assert!(top >= 2 && left >= 2, "edges: top {top}, left {left}");
    assert!(
        top > inner && left > cut,
        "top {top} left {left} inner {inner} cut {cut}"
    );
    // The cut sides' lines run on past the last drawn line; the board's edges do not.
    let (ex, ey) = at("E15");
    let past = |(x, y): (f64, f64)| pix.pixel(x as u32, y as u32).unwrap().red() < 180;
    assert!(
        past((ex + 10.0, ey)) && past((ex, ey + 10.0)),
        "stubs at E15"
    );
    let (ax, ay) = at("A19");
    assert!(
        !past((ax - 10.0, ay)) && !past((ax, ay - 10.0)),
        "nothing past A19"
    );
}

/// The SVG of both openings, one after the other.
fn openings_svg(name: &str) -> String {
    let (problem, answer) = solved(name);
    picture::svg_openings(&problem, &answer)
        .into_iter()
        .map(|(_, svg)| svg)
        .collect()
}

#[test]
fn snapshot_book_corner() {
    insta::assert_snapshot!(openings_svg(CORNER));
}

#[test]
fn snapshot_ko() {
    insta::assert_snapshot!(openings_svg("yose-ko.sgf"));
}

#[test]
fn snapshot_hex_board() {
    insta::assert_snapshot!(openings_svg("boards/hex-direct-ko.toml"));
}

#[test]
fn the_readme_pictures_are_what_lifedeg_draws() {
    let (problem, answer) = solved(CORNER);
    for (side, drawn) in picture::svg_openings(&problem, &answer) {
        let name = format!("docs/pictures/bent-three-kill-{}.svg", side.name());
        let kept = std::fs::read_to_string(format!("{}/{name}", env!("CARGO_MANIFEST_DIR")));
        assert!(
            kept.is_ok_and(|k| k == drawn),
            "{name} is not what lifedeg draws now: run \
             `lifedeg problems/{CORNER} --svg docs/pictures/bent-three-kill.svg`"
        );
    }
}
