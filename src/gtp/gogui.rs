//! GoGui's analysis commands: `gogui-analyze_commands` lists them, and each paints the
//! whole-board analysis on GoGui's board (GoGui's manual, "Analyze Commands").
//!
//! * `lifedeg-gfx` (type `gfx`): each group's status as the colour of its points (`COLOR`:
//!   green alive, red dead, blue seki, yellow unsettled), each unsettled group labelled with its
//!   life degree (`LABEL`, `?` where its fight was not solved), dead stones marked (`MARK`), at a
//!   game's end the territory and the open points each side controls (`BLACK`, `WHITE`), and a
//!   line of text with the counts (`TEXT`).
//! * `lifedeg-sboard` (type `sboard`): a board of strings, one a point from the top line down:
//!   `A` alive, `D` dead, `S` seki, an unsettled group's life degree (`?` where not solved),
//!   `""` on an empty point.

use crate::go::graph::{Layout, Point};
use crate::go::rules::Color;
use crate::report::fraction;
use crate::whole_board::{Settled, SettledBoard, Status};

/// The analysis commands, as `gogui-analyze_commands` lists them (`type/label/command`).
pub(super) const ANALYZE_COMMANDS: [&str; 3] = [
    "gfx/Groups: status and life degree/lifedeg-gfx",
    "sboard/Groups: life degree/lifedeg-sboard",
    "string/Group: life degree and grades/lifedeg-life_degree %p",
];

/// The colour GoGui paints a group of this status with.
fn colour(status: Status) -> &'static str {
    match status {
        Status::Alive => "green",
        Status::Dead => "red",
        Status::Seki => "blue",
        Status::Unsettled => "yellow",
    }
}

/// An unsettled group's label: its life degree, or `?`.
fn degree(s: &Settled) -> String {
    s.life_degree().map_or("?".to_string(), fraction)
}

/// The `gfx` drawing of the analysis, one command a line.
pub(super) fn gfx(a: &SettledBoard) -> Vec<String> {
    let g = a.board.position.graph();
    let names = |points: &mut dyn Iterator<Item = Point>| -> String {
        points.map(|p| g.label(p)).collect::<Vec<_>>().join(" ")
    };
    let mut lines = Vec::new();
    for status in [Status::Alive, Status::Dead, Status::Seki, Status::Unsettled] {
        let mut stones = a
            .statuses
            .groups
            .iter()
            .filter(|s| s.status() == status)
            .flat_map(|s| s.stones.iter().copied())
            .peekable();
        if stones.peek().is_some() {
            lines.push(format!("COLOR {} {}", colour(status), names(&mut stones)));
        }
    }
    for s in &a.statuses.groups {
        if s.status() == Status::Unsettled {
            lines.push(format!("LABEL {} {}", g.label(s.stones[0]), degree(s)));
        }
    }
    let dead = a.statuses.dead();
    if !dead.is_empty() {
        lines.push(format!("MARK {}", names(&mut dead.iter().copied())));
    }
    if let Some(e) = &a.ending {
        for c in [Color::Black, Color::White] {
            let mut held = e.territory[c].iter().chain(&e.controlled[c]).copied();
            let held = names(&mut held);
            if !held.is_empty() {
                lines.push(format!("{} {held}", c.title().to_uppercase()));
            }
        }
    }
    let count = |st: Status| {
        a.statuses
            .groups
            .iter()
            .filter(|s| s.status() == st)
            .count()
    };
    let mut text = format!(
        "TEXT {} groups: {} alive, {} dead, {} seki, {} unsettled",
        a.statuses.groups.len(),
        count(Status::Alive),
        count(Status::Dead),
        count(Status::Seki),
        count(Status::Unsettled)
    );
    if let Some(e) = &a.ending {
        text.push_str(&format!(
            "; {} counting: {}",
            e.counting.name(),
            e.score().result()
        ));
    }
    lines.push(text);
    lines
}

/// The `sboard` of the analysis: one line a row, the top row first; `None` on a board that is
/// not square.
pub(super) fn sboard(a: &SettledBoard) -> Option<Vec<String>> {
    let g = a.board.position.graph();
    let Layout::Square { width, height } = *g.layout() else {
        return None;
    };
    let mut cell = vec!["\"\"".to_string(); g.len()];
    for s in &a.statuses.groups {
        let text = match s.status() {
            Status::Alive => "A".to_string(),
            Status::Dead => "D".to_string(),
            Status::Seki => "S".to_string(),
            Status::Unsettled => degree(s),
        };
        for p in &s.stones {
            cell[p.index()] = text.clone();
        }
    }
    // Rows from the top of the board (y = 0, the highest line number) down, as GoGui reads.
    Some(
        (0..height)
            .map(|y| {
                (0..width)
                    .map(|x| cell[g.at(x, y).expect("on the board").index()].as_str())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect(),
    )
}
