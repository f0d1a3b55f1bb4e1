//! The frame's geometry: the box a fragment's stones fill, its sides open or closed, and how
//! far a cell lies from them.

use crate::go::graph::Layout;
use crate::problem::FullBoard;

use super::{Edges, Horizontal, Place, Vertical};

/// The frame: a box of columns `x0..=x1` and rows `y0..=y1`, and which sides face the open
/// board (left, right, top, bottom).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Frame {
    x0: u8,
    x1: u8,
    y0: u8,
    y1: u8,
    open: [bool; 4],
}

/// Stones this many lines or fewer from an edge belong to it (the third line and below).
/// On an open side the frame ends at the outermost stones: a line of room beyond them lets
/// the defender run round the attacker's loose stones, which a book's diagram means to hold
/// (measured on book problems: far more answers where nothing hangs).
const SNAP: u8 = 2;

impl Frame {
    /// The frame of the stones on a square board, if they form a fragment (rule 1).
    pub(super) fn of(board: &FullBoard) -> Option<Frame> {
        let cells: Vec<(u8, u8)> = board
            .graph
            .points()
            .filter(|&p| board.at(p).is_some())
            .map(|p| board.graph.grid(p))
            .collect::<Option<_>>()?;
        let Layout::Square { width, height } = *board.graph.layout() else {
            return None;
        };
        let x0 = cells.iter().map(|c| c.0).min()?;
        let x1 = cells.iter().map(|c| c.0).max()?;
        let y0 = cells.iter().map(|c| c.1).min()?;
        let y1 = cells.iter().map(|c| c.1).max()?;
        let (left, right) = (x0 <= SNAP, x1 + SNAP >= width - 1);
        let (top, bottom) = (y0 <= SNAP, y1 + SNAP >= height - 1);
        if (left && right) || (top && bottom) {
            return None;
        }
        let frame = Frame {
            x0: if left { 0 } else { x0 },
            x1: if right { width - 1 } else { x1 },
            y0: if top { 0 } else { y0 },
            y1: if bottom { height - 1 } else { y1 },
            open: [!left, !right, !top, !bottom],
        };
        let area = (frame.x1 - frame.x0 + 1) as usize * (frame.y1 - frame.y0 + 1) as usize;
        (area * 3 <= width as usize * height as usize).then_some(frame)
    }

    pub(super) fn contains(&self, (x, y): (u8, u8)) -> bool {
        (self.x0..=self.x1).contains(&x) && (self.y0..=self.y1).contains(&y)
    }

    /// Lines from a cell to the nearest open side.
    pub(super) fn openness(&self, cell: (u8, u8)) -> u32 {
        self.lines_to(cell, true)
    }

    /// Lines from a cell to the nearest closed side (the board's edge).
    pub(super) fn edge_distance(&self, cell: (u8, u8)) -> u32 {
        self.lines_to(cell, false)
    }

    /// Lines from a cell to the nearest side that is open (or closed), 0 if there is none.
    fn lines_to(&self, (x, y): (u8, u8), open: bool) -> u32 {
        let gaps = [x - self.x0, self.x1 - x, y - self.y0, self.y1 - y];
        (0..4)
            .filter(|&i| self.open[i] == open)
            .map(|i| gaps[i] as u32)
            .min()
            .unwrap_or(0)
    }

    /// Whether a cell lies on a closed side's first or second line.
    pub(super) fn on_edge_lines(&self, (x, y): (u8, u8)) -> bool {
        let gaps = [x - self.x0, self.x1 - x, y - self.y0, self.y1 - y];
        (0..4).any(|i| !self.open[i] && gaps[i] < SNAP)
    }

    /// Whether a cell lies on a side that faces the open board.
    pub(super) fn on_open_side(&self, (x, y): (u8, u8)) -> bool {
        let gaps = [x - self.x0, self.x1 - x, y - self.y0, self.y1 - y];
        (0..4).any(|i| self.open[i] && gaps[i] == 0)
    }

    pub(super) fn place(&self) -> Place {
        match self.open.iter().filter(|&&o| !o).count() {
            0 => Place::Centre,
            1 => Place::Side,
            _ => Place::Corner,
        }
    }

    pub(super) fn position(&self) -> Edges {
        let [left, right, top, bottom] = self.open.map(|o| !o);
        let vertical = if top {
            Some(Vertical::Top)
        } else if bottom {
            Some(Vertical::Bottom)
        } else {
            None
        };
        let horizontal = if left {
            Some(Horizontal::Left)
        } else if right {
            Some(Horizontal::Right)
        } else {
            None
        };
        Edges {
            vertical,
            horizontal,
        }
    }
}
