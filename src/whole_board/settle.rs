//! Settling each group: statically where the eye-shape analyzer judges it alive, else by
//! solving its fight, smallest groups first.
//!
//! **The fight's area** is the group's region by the region analyzer (the points nearer to
//! its stones than to any other living stone, with the contested ones between), widened by
//! one line, and kept within [`REACH`] steps of the group's own ground (its stones and the
//! empty areas only its colour borders: its eyes and territory, which are always in); as a
//! book diagram's eye space is (docs/framing.md, rule 4). Next to it, the group's friends
//! (chains of its colour that are not walls) come in with their liberties, so that a
//! connection to them is read with what they really have. Outside the area every point is the
//! attacker's; the groups judged alive statically, and those with more room than a fight is
//! read in, are uncapturable walls; the attacker's chains next to the area that are short of
//! liberties and not walls are taken into the fight with their liberties, so that they can be
//! captured there (a wall stone short of liberties, a capture for eyes). Groups found dead
//! before are off the board for the region analyzer, so that the area of a group around them
//! takes in their points.
//!
//! **The second look.** A group read dead whoever moves first (value 0, or `d` by the threats
//! players count) is read once more in an area one step wider, every other rule the same, as
//! a book diagram is (rule 8): an outcome that hangs on nothing is a sign the area left out the
//! defender's resources. The second look may have [`MORE_ROOM`] more empty points than a
//! first look. Its answer replaces the first; where it cannot be made (too large, or a limit)
//! the group is not called dead but left unsettled, the first look's answer reported with the
//! reason.
//!
//! **Order.** Groups the eye-shape analyzer judges alive are settled first, then groups with
//! more room than a fight is read in are set aside, unsettled: those whose territory is
//! larger than any eye space ([`MAX_EYE_SPACE`] points; their life hangs on no eye shape,
//! and its proof takes seconds), and those whose fight has more than [`Options::max_empty`]
//! empty points. Then the rest are solved, fewest stones first. Only those two kinds are walls
//! in later fights (a group judged alive that shares a liberty neither side can fill not even
//! those: it may live in seki): a group that lives by its solve may live in seki with its
//! neighbour, which its neighbour's fight must be free to read.
//!
//! **Touching fights.** Fights that share points are read to a fixpoint: a group called dead
//! (whoever moves first) is off the board for the region analyzer in the later fights; a group
//! whose fight gave no answer is read again once groups in its area have died since; at a
//! game's end, two touching groups each dead by confirmation play alone are a mutual fight,
//! left open; and a group called dead with no living enemy stone around it (its enemies all
//! called dead) is read again with them taken off the board, their points empty, and is never
//! left dead so. Reading the union of touching fights as one problem is not done: the solver's
//! target is one group, and the union of two dead groups' fights is larger than a fight is
//! read in.
//!
//! **Seki** is marked last (`seki.rs`).

use super::engine::{self, Solve};
use super::groups::{self, Group};
use super::recapture;
use super::seki;
use super::{Decides, How, SecondLook, Settled, Stage, Standing, Statuses};
use crate::analysis::eye_shapes::{self, MAX_EYE_SPACE};
use crate::go::chains::Chains;
use crate::go::color::ByColor;
use crate::go::graph::Point;
use crate::go::rules::Color;
use crate::problem::Position;
use crate::prove::watch::Limit;
use crate::solve::answer::{Answer, Opening};
use crate::solve::budget::Budget;
use crate::solve::degree::SolveError;
use crate::solve::grade::Grade;
use crate::solve::model::Model;
use num_traits::{One, Zero};
use std::collections::{BTreeSet, VecDeque};
use std::time::{Duration, Instant};

/// What a whole-board analysis may spend.
#[derive(Clone, Debug)]
pub struct Options {
    pub model: Model,
    /// What the whole position may spend: its time limit is shared by all its fights; a
    /// first look gets at most a `FIRST_LOOK_SHARE`th of it, a second look a
    /// `SECOND_LOOK_SHARE`th.
    pub budget: Budget,
    /// The most empty points a fight may have to be solved.
    pub max_empty: usize,
}

/// Fights larger than this (empty points) are not read by default: past it, the solver's
/// time grows past what a whole board can give one group.
pub const MAX_EMPTY: usize = 20;

/// How many more empty points than a first look a second look may have: a step more room
/// adds a ring of points, and each two more points roughly triple a proof's cost; past
/// these, a second look seldom ends within its share of the time.
pub(crate) const MORE_ROOM: usize = 4;

/// The share of a position's time limit a first look may take (one over this): enough for
/// the small fights of dead stones, which take milliseconds; a living group with a large
/// territory, whose proof can take seconds, is left unsettled past it.
pub(crate) const FIRST_LOOK_SHARE: u32 = 10;

/// The share a second look may take: it is made only where a group would be called dead.
pub(crate) const SECOND_LOOK_SHARE: u32 = 3;

/// Steps from a group's own ground its first look's area reaches (the second look, one more).
pub(crate) const REACH: u32 = 2;

impl Default for Options {
    fn default() -> Options {
        Options {
            model: Model::default(),
            budget: Budget::default().time(Some(Duration::from_secs(10))),
            max_empty: MAX_EMPTY,
        }
    }
}

/// Settles every group of the position, by the rules of `stage`.
pub(crate) fn settle(position: &Position, stage: Stage, options: &Options) -> Statuses {
    let g = position.graph();
    let stones: Vec<Option<Color>> = g.points().map(|p| position.stone(p)).collect();
    let (_, groups) = groups::split(g, &stones);
    let clock = options.budget.clock().unwrap_or_else(Instant::now);
    let eyes = engine::eye_status(position, &options.budget.clone().since(clock).watch());
    let shut = seki::shut_points(position);
    let mut settled: Vec<Option<Settled>> = vec![None; groups.len()];
    let mut walls: BTreeSet<Point> = BTreeSet::new();
    for (i, group) in groups.iter().enumerate() {
        let alive = group
            .stones
            .iter()
            .all(|s| eyes[s.index()] == Some(eye_shapes::Status::Alive));
        if alive {
            settled[i] = Some(Settled {
                standing: Standing::Alive,
                ..open(group, How::Static, Vec::new())
            });
            // A group that may live in seki is no wall: its partner's fight must read it.
            let liberties = group.stones.iter().flat_map(|&s| g.neighbours(s));
            if !liberties.into_iter().any(|l| shut.contains(l)) {
                walls.extend(&group.stones);
            }
        }
    }
    for (i, group) in groups.iter().enumerate() {
        if settled[i].is_some() {
            continue;
        }
        let (area, territory) = area(position, group, &walls, REACH);
        let empty = empty_points(position, &area);
        let how = if territory > MAX_EYE_SPACE {
            How::Territory { empty: territory }
        } else if empty > options.max_empty {
            How::TooLarge { empty }
        } else {
            continue;
        };
        settled[i] = Some(open(group, how, area));
        walls.extend(&group.stones);
    }
    let mut order: Vec<usize> = (0..groups.len())
        .filter(|&i| settled[i].is_none())
        .collect();
    order.sort_by_key(|&i| groups[i].stones.len());
    let mut board = position.clone();
    // The dead stones in each fight's area when it was read (solved groups only).
    let mut seen: Vec<Option<usize>> = vec![None; groups.len()];
    for &i in &order {
        let found = fight(&board, &groups[i], &walls, options, clock, stage);
        seen[i] = Some(dead_in(&board, &found.area));
        // Taken off for the later fights' areas when dead whoever moves first; a group dead
        // by confirmation play alone may be one side of a mutual fight, read first.
        if found.standing == Standing::Dead && !by_confirmation_alone(&found) {
            board = board.with_dead_at(&found.stones);
        }
        settled[i] = Some(found);
    }
    let mut settled: Vec<Settled> = settled.into_iter().map(|s| s.expect("settled")).collect();
    let read = Reader {
        position,
        groups: &groups,
        walls: &walls,
        options,
        clock,
        stage,
    };
    read.again_next_to_the_dead(&mut board, &mut settled, &mut seen);
    if stage == Stage::GameEnd {
        for i in mutual_fights(position, &settled) {
            settled[i].standing = Standing::Unsettled(Some(Decides::MutualFight));
        }
        for s in settled.iter().filter(|s| s.standing == Standing::Dead) {
            board = board.with_dead_at(&s.stones);
        }
    }
    if stage == Stage::GameEnd {
        read.again_after_the_recapture(&mut board, &mut settled);
    }
    read.again_where_contradicted(&mut board, &mut settled);
    seki::mark(position, &mut settled, stage);
    let touching = touching(&settled);
    Statuses {
        groups: settled,
        touching,
    }
}

/// What re-reading a group needs.
struct Reader<'a> {
    position: &'a Position,
    groups: &'a [Group],
    walls: &'a BTreeSet<Point>,
    options: &'a Options,
    clock: Instant,
    stage: Stage,
}

impl Reader<'_> {
    /// `group`'s fight read again on `board`.
    fn read(&self, board: &Position, group: &Group) -> Settled {
        fight(
            board,
            group,
            self.walls,
            self.options,
            self.clock,
            self.stage,
        )
    }

    /// The fixpoint of touching fights, the other way: a group its fight left unsettled with
    /// no answer (too large, or a limit, on its first or second look) is read again when
    /// groups in its area have been called dead since (and are off the board for its area),
    /// until nothing changes.
    fn again_next_to_the_dead(
        &self,
        board: &mut Position,
        settled: &mut [Settled],
        seen: &mut [Option<usize>],
    ) {
        for _ in 0..self.groups.len() {
            let mut changed = false;
            for i in 0..self.groups.len() {
                let open = settled[i].standing == Standing::Unsettled(None);
                let Some(before) = seen[i].filter(|_| open) else {
                    continue;
                };
                if dead_in(board, &settled[i].area) <= before {
                    continue;
                }
                let group = &self.groups[i];
                let found = self.read(board, group);
                seen[i] = Some(dead_in(board, &found.area));
                if found.standing == Standing::Dead && !by_confirmation_alone(&found) {
                    *board = board.clone().with_dead_at(&found.stones);
                    changed = true;
                }
                settled[i] = found;
            }
            if !changed {
                return;
            }
        }
    }

    /// At a game's end, the rules' exception to confirmation play (the Japanese rules of
    /// 1989, Article 7-1): stones are alive when capturing them lets a new stone be played
    /// that the opponent cannot capture. A group called dead whose capture is a snapback
    /// ([`recapture::snapback`]: the capturing stones, joined to enemy stones called dead whoever moves
    /// first, are left in atari) is read again as the recapture leaves it: those enemy stones
    /// off the board, their points empty. What that reading does not kill is not dead.
    fn again_after_the_recapture(&self, board: &mut Position, settled: &mut [Settled]) {
        let dead_anyway: BTreeSet<Point> = settled
            .iter()
            .filter(|s| s.standing == Standing::Dead && !by_confirmation_alone(s))
            .flat_map(|s| s.stones.iter().copied())
            .collect();
        for i in 0..settled.len() {
            if settled[i].standing != Standing::Dead {
                continue;
            }
            let captors = recapture::snapback(self.position, settled, i, &dead_anyway);
            if captors.is_empty() {
                continue;
            }
            let group = &self.groups[i];
            let lifted = recapture::without(board, &captors).with_alive(&group.stones);
            let found = self.read(&lifted, group);
            if found.standing != Standing::Dead {
                *board = board.clone().with_alive(&group.stones);
                settled[i] = found;
            }
        }
    }

    /// The fixpoint of touching fights: a group called dead that no living enemy stone borders
    /// (its enemies around it called dead too, [`contradicted`]) is read again with those
    /// enemies taken off the board (their points empty, as when they are captured), and so on
    /// until nothing changes. What is still contradicted after that is not called dead: left
    /// unsettled, as a fight no reading settled.
    fn again_where_contradicted(&self, board: &mut Position, settled: &mut [Settled]) {
        for _ in 0..self.groups.len() {
            let bad = contradicted(self.position, settled);
            if bad.is_empty() {
                return;
            }
            for i in bad {
                let group = &self.groups[i];
                let lifted =
                    taken_off(self.position, board, group.color.other()).with_alive(&group.stones);
                let found = self.read(&lifted, group);
                settled[i] = found;
                if settled[i].standing == Standing::Dead {
                    // Dead again with nothing living around it to capture it: not called dead.
                    settled[i].standing = Standing::Unsettled(None);
                }
                *board = board.clone().with_alive(&group.stones);
            }
        }
        for i in contradicted(self.position, settled) {
            settled[i].standing = Standing::Unsettled(None);
        }
    }
}

/// How many of these points hold stones `board` declares dead.
fn dead_in(board: &Position, area: &[Point]) -> usize {
    area.iter().filter(|&&p| board.is_dead(p)).count()
}

/// `board` with the stones of `color` it declares dead taken off (their points empty), the
/// other dead stones still declared dead.
fn taken_off(position: &Position, board: &Position, color: Color) -> Position {
    let g = position.graph();
    let stones: Vec<Option<Color>> = g
        .points()
        .map(|p| {
            position
                .stone(p)
                .filter(|&c| c != color || !board.is_dead(p))
        })
        .collect();
    let dead: Vec<Point> = g
        .points()
        .filter(|&p| board.is_dead(p) && position.stone(p) != Some(color))
        .collect();
    Position::new(g.clone(), stones).with_dead_at(&dead)
}

/// The groups called dead that no living stone of the other colour can have captured: every
/// point next to them a dead enemy stone, or, with the dead stones off the board, the area
/// they stand in (the empty points and dead stones connected to them) bordered by no living
/// enemy stone. An answer that holds one contradicts itself.
pub(crate) fn contradicted(position: &Position, groups: &[Settled]) -> Vec<usize> {
    let g = position.graph();
    let mut dead = vec![false; g.len()];
    for s in groups.iter().filter(|s| s.standing == Standing::Dead) {
        for p in &s.stones {
            dead[p.index()] = true;
        }
    }
    let living = |p: Point| position.stone(p).filter(|_| !dead[p.index()]);
    groups
        .iter()
        .enumerate()
        .filter(|(_, s)| s.standing == Standing::Dead)
        .filter(|(_, s)| {
            let enemy = Some(s.color.other());
            let around: BTreeSet<Point> = s
                .stones
                .iter()
                .flat_map(|&p| g.neighbours(p).iter().copied())
                .filter(|q| !s.stones.contains(q))
                .collect();
            let surrounded_by_dead = around
                .iter()
                .all(|&q| dead[q.index()] && position.stone(q) == enemy);
            let area = g.flood(&s.stones, |q| living(q).is_none());
            let captor = area
                .iter()
                .flat_map(|&q| g.neighbours(q))
                .any(|&r| living(r) == enemy);
            surrounded_by_dead || !captor
        })
        .map(|(i, _)| i)
        .collect()
}

/// Whether a group called dead lives moving first: dead by confirmation play alone.
fn by_confirmation_alone(s: &Settled) -> bool {
    let mine = s.grades().map(|grades| *grades.get(s.color));
    matches!(mine, Some(Grade::Lives) | Some(Grade::LivesUnless(_)))
}

/// At a game's end, the groups called dead by confirmation play alone (each lives moving
/// first) that share a liberty with, or touch, an enemy group called dead the same way: a
/// fight whoever moves first wins, which confirmation play, the opponent moving first, would
/// settle both ways at once.
fn mutual_fights(position: &Position, groups: &[Settled]) -> Vec<usize> {
    let g = position.graph();
    let by_confirmation: Vec<usize> = (0..groups.len())
        .filter(|&i| groups[i].standing == Standing::Dead && by_confirmation_alone(&groups[i]))
        .collect();
    let reach = |s: &Settled| -> BTreeSet<Point> {
        s.stones
            .iter()
            .flat_map(|&p| std::iter::once(p).chain(g.neighbours(p).iter().copied()))
            .filter(|&q| position.stone(q).is_none() || s.stones.contains(&q))
            .collect()
    };
    let mut out = BTreeSet::new();
    for &a in &by_confirmation {
        for &b in &by_confirmation {
            let (sa, sb) = (&groups[a], &groups[b]);
            if sa.color == sb.color {
                continue;
            }
            let (ra, rb) = (reach(sa), reach(sb));
            let touch = sa
                .stones
                .iter()
                .any(|&p| g.neighbours(p).iter().any(|q| sb.stones.contains(q)));
            if touch
                || ra
                    .iter()
                    .any(|p| position.stone(*p).is_none() && rb.contains(p))
            {
                out.insert(a);
                out.insert(b);
            }
        }
    }
    out.into_iter().collect()
}

/// One look's budget: the position's (whose time runs from `clock`), with at most a
/// `share`th of its time limit from now, and never past it.
fn look_budget(budget: &Budget, clock: Instant, share: u32) -> Budget {
    let time_limit = budget.time_limit().map(|total| {
        let left = total.saturating_sub(clock.elapsed());
        left.min(total / share)
    });
    budget.clone().time(time_limit).since(Instant::now())
}

/// A group not settled (yet), and how.
fn open(group: &Group, how: How, area: Vec<Point>) -> Settled {
    Settled {
        color: group.color,
        stones: group.stones.clone(),
        standing: Standing::Unsettled(None),
        how,
        area,
    }
}

fn empty_points(board: &Position, area: &[Point]) -> usize {
    area.iter().filter(|&&p| board.stone(p).is_none()).count()
}

/// The area of a group's fight (see the module notes), `reach` steps from its own ground, and
/// how many empty points its territory has (the empty areas next to it that only its colour
/// borders).
fn area(
    board: &Position,
    group: &Group,
    walls: &BTreeSet<Point>,
    reach: u32,
) -> (Vec<Point>, usize) {
    let g = board.graph();
    let living: Vec<Option<Color>> = g.points().map(|p| board.living(p)).collect();
    let chains = Chains::new(g, &living);
    let (region, around) = engine::area(board, &group.stones, 1);
    let mut ground: BTreeSet<Point> = group.stones.iter().copied().collect();
    for &s in &group.stones {
        for &q in g.neighbours(s) {
            if living[q.index()].is_none() && !ground.contains(&q) {
                let part = chains.chain(q);
                let enclosed = part
                    .iter()
                    .flat_map(|&r| g.neighbours(r))
                    .all(|r| living[r.index()].is_none_or(|c| c == group.color));
                if enclosed {
                    ground.extend(part);
                }
            }
        }
    }
    let territory = empty_points(board, &ground.iter().copied().collect::<Vec<_>>());
    // Steps from the ground.
    let mut steps = vec![u32::MAX; g.len()];
    let mut queue: VecDeque<Point> = ground.iter().copied().collect();
    for p in &ground {
        steps[p.index()] = 0;
    }
    while let Some(p) = queue.pop_front() {
        for &q in g.neighbours(p) {
            if steps[q.index()] == u32::MAX {
                steps[q.index()] = steps[p.index()] + 1;
                queue.push_back(q);
            }
        }
    }
    let mut area: BTreeSet<Point> = around
        .into_iter()
        .filter(|p| steps[p.index()] <= reach)
        .chain(region)
        .chain(ground.iter().copied())
        .collect();
    // Friends next to it, with their liberties.
    let friends: BTreeSet<Point> = area
        .iter()
        .flat_map(|&p| std::iter::once(p).chain(g.neighbours(p).iter().copied()))
        .filter(|p| living[p.index()] == Some(group.color) && !walls.contains(p))
        .collect();
    let mut seen = BTreeSet::new();
    for p in friends {
        if seen.contains(&p) {
            continue;
        }
        let chain = chains.chain(p);
        seen.extend(chain.iter().copied());
        area.extend(chains.liberties(&chain));
        area.extend(chain);
    }
    (area.into_iter().collect(), territory)
}

/// One look at a group's fight, in `area`.
enum Look {
    Answer(Box<Answer>),
    TooLarge { empty: usize },
    Stopped(Limit),
}

/// One look at a group's fight in `area`, if it has at most `max_empty` empty points.
fn look(
    board: &Position,
    group: &Group,
    walls: &BTreeSet<Point>,
    area: &[Point],
    max_empty: usize,
    options: &Options,
    budget: &Budget,
) -> Look {
    let empty = empty_points(board, area);
    if empty > max_empty {
        return Look::TooLarge { empty };
    }
    let walls: Vec<Point> = walls.iter().copied().collect();
    match engine::solve(board, &group.stones, area, &walls, &options.model, budget) {
        Solve::Answer(answer) => Look::Answer(answer),
        Solve::Stopped(SolveError::Stopped { stopped, .. }) => Look::Stopped(stopped.limit),
        // Too large for the solver's arena, or an answer it could not certify.
        Solve::TooLarge | Solve::Stopped(_) => Look::TooLarge { empty },
    }
}

/// Solves a group's fight, with a second look where it dies whoever moves first.
fn fight(
    board: &Position,
    group: &Group,
    walls: &BTreeSet<Point>,
    options: &Options,
    clock: Instant,
    stage: Stage,
) -> Settled {
    let (mut area, _) = area(board, group, walls, REACH);
    let empty = empty_points(board, &area);
    let budget = look_budget(&options.budget, clock, FIRST_LOOK_SHARE);
    let mut answer = match look(
        board,
        group,
        walls,
        &area,
        options.max_empty,
        options,
        &budget,
    ) {
        Look::Answer(answer) => answer,
        Look::TooLarge { empty } => return open(group, How::TooLarge { empty }, area),
        Look::Stopped(limit) => return open(group, How::Stopped(limit), area),
    };
    let mut second = SecondLook::NotNeeded;
    if killed(&answer, group.color, stage) {
        let (wider, _) = self::area(board, group, walls, REACH + 1);
        let budget = look_budget(&options.budget, clock, SECOND_LOOK_SHARE);
        let max_empty = options.max_empty + MORE_ROOM;
        second = match look(board, group, walls, &wider, max_empty, options, &budget) {
            Look::Answer(again) => {
                answer = again;
                let made = SecondLook::Made {
                    empty: empty_points(board, &wider),
                };
                area = wider;
                made
            }
            Look::TooLarge { empty } => SecondLook::TooLarge { empty },
            Look::Stopped(limit) => SecondLook::Stopped(limit),
        };
    }
    let (mine, theirs) = match group.color {
        Color::Black => (&answer.black_first, &answer.white_first),
        Color::White => (&answer.white_first, &answer.black_first),
    };
    let confirmed = matches!(second, SecondLook::NotNeeded | SecondLook::Made { .. });
    let standing = if lives(&answer, group.color, stage) {
        Standing::Alive
    } else if !confirmed {
        // Read dead, but not again with more room: not called dead.
        Standing::Unsettled(None)
    } else if killed(&answer, group.color, stage) {
        Standing::Dead
    } else if mine.value.is_one() && theirs.value.is_zero() {
        Standing::Unsettled(Some(Decides::FirstMover))
    } else if answer.no_result_used {
        Standing::Unsettled(Some(Decides::NoResult))
    } else {
        Standing::Unsettled(Some(Decides::Ko))
    };
    let how = How::Solved {
        empty,
        second,
        life_degree: answer.value.clone(),
        grades: ByColor::new(answer.black_first.grade, answer.white_first.grade),
    };
    Settled {
        standing,
        ..open(group, how, area)
    }
}

/// The attacker's start in an answer about a group of `color`.
fn attacker_first(answer: &Answer, color: Color) -> &Opening {
    match color {
        Color::Black => &answer.white_first,
        Color::White => &answer.black_first,
    }
}

/// Whether a group lives in this answer at this stage: with the attacker moving first,
/// whatever the threats; at a game's end, with the attacker moving first and no ko threats
/// (confirmation play: a ko is retaken only after a pass, which lets the other side end it,
/// so that a ko goes to whoever takes it first).
fn lives(answer: &Answer, color: Color, stage: Stage) -> bool {
    let theirs = attacker_first(answer, color);
    theirs.value.is_one()
        || theirs.grade == Grade::Lives
        || stage == Stage::GameEnd && matches!(theirs.grade, Grade::LivesUnless(_))
}

/// Whether a group is read dead in this answer at this stage: during the game, dead whoever
/// moves first, whatever the threats; at its end, dead with the attacker moving first and no
/// ko threats (confirmation play, see [`lives`]).
fn killed(answer: &Answer, color: Color, stage: Stage) -> bool {
    let theirs = attacker_first(answer, color);
    answer.dies_moving_first(color)
        || stage == Stage::GameEnd
            && (theirs.value.is_zero()
                || matches!(theirs.grade, Grade::Dies | Grade::DiesUnless(_)))
}

/// Pairs of groups whose fights were read and share a point.
fn touching(groups: &[Settled]) -> Vec<(usize, usize)> {
    let areas: Vec<BTreeSet<Point>> = groups
        .iter()
        .map(|s| match s.how {
            How::Solved { .. } | How::Stopped(_) => s.area.iter().copied().collect(),
            How::Static | How::TooLarge { .. } | How::Territory { .. } | How::Judged { .. } => {
                BTreeSet::new()
            }
        })
        .collect();
    let mut out = Vec::new();
    for i in 0..groups.len() {
        for j in i + 1..groups.len() {
            if !areas[i].is_disjoint(&areas[j]) {
                out.push((i, j));
            }
        }
    }
    out
}
