//! The inference of what a file leaves unsaid: the target (the enclosed group, else the side
//! the problem's text names) and the region (the attacker's enclosure of it, else the area
//! around the stones), on the whole board.

use super::{FullBoard, Outside, ProblemError, RegionSource};
use crate::go::graph::Point;
use crate::go::rules::{Color, MAX_LOCAL_POINTS};
use std::collections::BTreeSet;

impl FullBoard<'_> {
    /// The area around `start` bounded by `attacker`'s stones, with the attacker's chains next
    /// to it whose liberties all lie in it (those inside it, and wall chains with no liberty
    /// outside). Those must be part of the fight: left out, a captured one would leave points
    /// nobody may play, liberties the defender never loses (a straight three with White
    /// already on its vital point would live).
    fn enclosed_area(&self, start: &[Point], attacker: Color) -> Vec<Point> {
        self.enclosed_area_within(start, attacker, &|_| true)
    }

    /// [`Self::enclosed_area`] kept to the points `within` accepts (a book diagram's frame):
    /// a liberty outside them is outside the area.
    pub(super) fn enclosed_area_within(
        &self,
        start: &[Point],
        attacker: Color,
        within: &impl Fn(Point) -> bool,
    ) -> Vec<Point> {
        let mut area: BTreeSet<Point> = self
            .flood(start, |q| within(q) && self.at(q) != Some(attacker))
            .into_iter()
            .collect();
        let inside: Vec<Point> = area
            .iter()
            .flat_map(|&p| self.graph.neighbours(p).iter().copied())
            .filter(|&q| self.at(q) == Some(attacker))
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        let mut seen = BTreeSet::new();
        for q in inside {
            if seen.contains(&q) {
                continue;
            }
            let chain = self.chain(q);
            seen.extend(chain.iter().copied());
            if self.liberties(&chain).iter().all(|l| area.contains(l)) {
                area.extend(chain);
            }
        }
        area.into_iter().collect()
    }

    /// Whether an area is small enough to be called enclosed (at most half the board and
    /// within the solver's reach).
    fn small_enough(&self, area: &[Point]) -> bool {
        area.len() * 2 <= self.graph.len() && area.len() <= MAX_LOCAL_POINTS
    }

    /// The area around the stone at `p` bounded by the other colour, if it is enclosed.
    fn enclosure(&self, p: Point) -> Option<Vec<Point>> {
        let c = self.at(p)?;
        let area = self.enclosed_area(&[p], c.other());
        self.small_enough(&area).then_some(area)
    }

    /// The group of the stone at `p`: every stone of its colour in its enclosure, or its chain
    /// when nothing encloses it.
    pub(super) fn group(&self, p: Point) -> Vec<Point> {
        let c = self.at(p);
        match self.enclosure(p) {
            Some(area) => area.into_iter().filter(|&q| self.at(q) == c).collect(),
            None => self.chain(p),
        }
    }

    pub(super) fn marked_target(&self, marks: &[Point]) -> Result<Vec<Point>, ProblemError> {
        let mut target = BTreeSet::new();
        let mut colour: Option<(Color, Point)> = None;
        for &m in marks {
            let c = self
                .at(m)
                .ok_or_else(|| ProblemError::MarkOnEmpty(self.graph.name(m)))?;
            match colour {
                Some((first, at)) if first != c => {
                    return Err(ProblemError::MixedTarget(
                        self.graph.name(at),
                        self.graph.name(m),
                    ))
                }
                _ => colour = Some((c, m)),
            }
            target.extend(self.chain(m));
        }
        Ok(target.into_iter().collect())
    }

    /// The enclosed group with the most stones; a tie is ambiguous. Failing that (a book
    /// fragment printed without a wall), the largest group of the side the problem's text
    /// names ("Black to live", "White to kill").
    pub(super) fn inferred_target(&self, hint: Option<Color>) -> Result<Vec<Point>, ProblemError> {
        if let Some(target) = self.enclosed_target()? {
            return Ok(target);
        }
        let colour = hint.ok_or(ProblemError::NoTarget)?;
        self.largest(|p| (self.at(p) == Some(colour)).then(|| self.chain(p)))?
            .ok_or(ProblemError::NoTarget)
    }

    /// The enclosed group with the most stones, if any; a tie is ambiguous.
    pub(super) fn enclosed_target(&self) -> Result<Option<Vec<Point>>, ProblemError> {
        self.largest(|p| self.enclosure(p).map(|_| self.group(p)))
    }

    /// The largest of the groups `group_at` finds; equal largest groups are ambiguous.
    pub(super) fn largest(
        &self,
        group_at: impl Fn(Point) -> Option<Vec<Point>>,
    ) -> Result<Option<Vec<Point>>, ProblemError> {
        match self.all_largest(group_at).as_slice() {
            [] => Ok(None),
            [a] => Ok(Some(a.clone())),
            [a, b, ..] => Err(ProblemError::AmbiguousTarget(
                self.graph.name(a[0]),
                self.graph.name(b[0]),
            )),
        }
    }

    /// Every group `group_at` finds with the most stones, in board order of their first stone.
    pub(super) fn all_largest(
        &self,
        group_at: impl Fn(Point) -> Option<Vec<Point>>,
    ) -> Vec<Vec<Point>> {
        let mut groups: Vec<Vec<Point>> = Vec::new();
        for p in self.graph.points() {
            if self.at(p).is_some() && !groups.iter().any(|g| g.contains(&p)) {
                if let Some(g) = group_at(p) {
                    groups.push(g);
                }
            }
        }
        let most = groups.iter().map(Vec::len).max().unwrap_or(0);
        groups.retain(|g| g.len() == most);
        groups
    }

    /// The area a fragment printed without a wall is fought in: the stones' bounding box one
    /// line wider (clipped to the board); on a board without a grid, the stones and their
    /// neighbours.
    pub(super) fn fragment(&self) -> Vec<Point> {
        const MARGIN: u8 = 1;
        let stones: Vec<Point> = self
            .graph
            .points()
            .filter(|&p| self.at(p).is_some())
            .collect();
        let cells: Option<Vec<(u8, u8)>> = stones.iter().map(|&p| self.graph.grid(p)).collect();
        match cells {
            Some(cells) => {
                let x0 = cells
                    .iter()
                    .map(|c| c.0)
                    .min()
                    .unwrap_or(0)
                    .saturating_sub(MARGIN);
                let y0 = cells
                    .iter()
                    .map(|c| c.1)
                    .min()
                    .unwrap_or(0)
                    .saturating_sub(MARGIN);
                let x1 = cells.iter().map(|c| c.0).max().unwrap_or(0) + MARGIN;
                let y1 = cells.iter().map(|c| c.1).max().unwrap_or(0) + MARGIN;
                self.graph
                    .points()
                    .filter(|&p| {
                        let (x, y) = self.graph.grid(p).expect("square");
                        (x0..=x1).contains(&x) && (y0..=y1).contains(&y)
                    })
                    .collect()
            }
            None => {
                let set: BTreeSet<Point> = stones
                    .iter()
                    .flat_map(|&p| {
                        std::iter::once(p).chain(self.graph.neighbours(p).iter().copied())
                    })
                    .collect();
                set.into_iter().collect()
            }
        }
    }

    /// The attacker's enclosure of the target, if it is small enough to be called enclosed.
    pub(super) fn enclosure_of(&self, target: &[Point], defender: Color) -> Option<Vec<Point>> {
        let area = self.enclosed_area(target, defender.other());
        self.small_enough(&area).then_some(area)
    }

    /// The region when the file marks none: the attacker's enclosure of the target, or else
    /// the stones' bounding area one line wider, with the attacker owning the rest.
    pub(super) fn inferred_region(
        &self,
        target: &[Point],
        defender: Color,
    ) -> (Vec<Point>, RegionSource, Outside) {
        if let Some(area) = self.enclosure_of(target, defender) {
            return (area, RegionSource::Enclosed, Outside::AsIs);
        }
        let near = self.fragment();
        (near, RegionSource::AroundStones, Outside::AttackerWall)
    }
}
