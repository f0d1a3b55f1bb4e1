//! Reading problems from SGF.
//!
//! Conventions (MODEL.md): `AB`/`AW` stones, `SZ` square or `w:h`, `PL` side to play, `TR`
//! (else `MA`) marks the target, `SQ` the region, the root `C` describes the problem. Only the
//! root node's setup counts; later nodes (solutions, variations) are ignored.

use crate::graph::{Graph, Point};
use crate::problem::Setup;
use crate::rules::Color;
use sgf_parse::go::{self, Prop};
use std::collections::HashSet;

/// Why a file is not a usable SGF problem.
#[derive(Debug, thiserror::Error)]
pub enum SgfError {
    #[error("not valid SGF: {0}")]
    Parse(String),
    #[error("the file holds no game tree")]
    Empty,
    #[error("the file holds {0} game trees; give one problem per file")]
    Several(usize),
    #[error("invalid {0} property: {1:?}")]
    InvalidProperty(String, Vec<String>),
    #[error("board size {0}x{1} is not supported (1 to 52 each way)")]
    BadSize(u8, u8),
    #[error("{property} point {x},{y} is off the {width}x{height} board")]
    OffBoard {
        property: &'static str,
        x: u8,
        y: u8,
        width: u8,
        height: u8,
    },
}

/// Reads the problem in SGF text.
pub fn read(text: &str) -> Result<Setup, SgfError> {
    let trees = go::parse(text).map_err(|e| SgfError::Parse(e.to_string()))?;
    let root = match trees.as_slice() {
        [] => return Err(SgfError::Empty),
        [one] => one,
        many => return Err(SgfError::Several(many.len())),
    };
    let (width, height) = match root.get_property("SZ") {
        Some(Prop::SZ(size)) => *size,
        _ => (19, 19),
    };
    if !(1..=52).contains(&width) || !(1..=52).contains(&height) {
        return Err(SgfError::BadSize(width, height));
    }
    let graph = Graph::square(width, height);
    let points = |property: &'static str, set: &HashSet<go::Point>| -> Result<Vec<Point>, SgfError> {
        let mut out: Vec<Point> = set
            .iter()
            .map(|p| {
                graph.at(p.x, p.y).ok_or(SgfError::OffBoard {
                    property,
                    x: p.x,
                    y: p.y,
                    width,
                    height,
                })
            })
            .collect::<Result<_, _>>()?;
        out.sort();
        Ok(out)
    };
    let mut setup = Setup {
        graph: graph.clone(),
        black: vec![],
        white: vec![],
        target_marks: vec![],
        region_marks: vec![],
        to_play: None,
        comment: None,
    };
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
    Ok(setup)
}

/// Writes a setup back as SGF (the problem library's files are made this way too).
pub fn write(setup: &Setup) -> String {
    let g = &setup.graph;
    let list = |id: &str, pts: &[Point]| -> String {
        if pts.is_empty() {
            return String::new();
        }
        let mut s = id.to_string();
        for &p in pts {
            s.push_str(&format!("[{}]", g.sgf_name(p)));
        }
        s
    };
    let size = match g.layout() {
        crate::graph::Layout::Square { width, height } if width == height => format!("{width}"),
        crate::graph::Layout::Square { width, height } => format!("{width}:{height}"),
        crate::graph::Layout::Custom { .. } => unreachable!("SGF boards are square grids"),
    };
    let mut out = format!("(;GM[1]FF[4]SZ[{size}]");
    if let Some(c) = &setup.comment {
        out.push_str(&format!("C[{}]", c.replace('\\', "\\\\").replace(']', "\\]")));
    }
    if let Some(c) = setup.to_play {
        out.push_str(&format!("PL[{}]", if c == Color::Black { "B" } else { "W" }));
    }
    out.push_str(&list("AB", &setup.black));
    out.push_str(&list("AW", &setup.white));
    out.push_str(&list("TR", &setup.target_marks));
    out.push_str(&list("SQ", &setup.region_marks));
    out.push_str(")\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn off_board_points_are_errors() {
        let e = read("(;SZ[3]AB[dd])").unwrap_err();
        assert!(matches!(e, SgfError::OffBoard { .. }), "{e}");
    }

    #[test]
    fn garbage_is_an_error() {
        assert!(matches!(read("not sgf"), Err(SgfError::Parse(_))));
        assert!(read("").is_err());
    }

    #[test]
    fn write_then_read_round_trips() {
        let s = read("(;SZ[7:5]C[a ] b]PL[B]AB[aa][bb]AW[cc]TR[aa]SQ[dd])").unwrap();
        let again = read(&write(&s)).unwrap();
        assert_eq!(again.black, s.black);
        assert_eq!(again.white, s.white);
        assert_eq!(again.target_marks, s.target_marks);
        assert_eq!(again.region_marks, s.region_marks);
        assert_eq!(again.comment, s.comment);
        assert_eq!(again.to_play, s.to_play);
    }
}
