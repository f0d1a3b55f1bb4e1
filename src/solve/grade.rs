//! Ko accounting: how many ko threats a side needs, in the grades players and GoTools use
//! (`l`, `d`, `l2d`, `d1l`, `l>10d`, `d>10l`), beside the life degree.
//!
//! The life degree treats every threat as a fresh coin toss. Players count threats instead:
//! "lives unless White has two more ko threats". That question is a deterministic game.
//!
//! **The counted-threat game.** Each side holds a number of external ko threats. A side facing
//! a ko ban may retake only by spending one; threats are never replenished. Everything else is
//! the model's game (moves in the region, captures, a captured target stone ends it dead, a
//! pass lifts a ban), except how it ends:
//!
//! **Confirmation.** Two passes in a row end the game with the target alive only when neither
//! side holds a threat. While threats remain, two passes open a confirmation phase: both sides'
//! threats are gone and play goes on from that position, the passes forgotten, until two more
//! passes (the target lives) or a capture. This follows the confirmation play of the 1989
//! Japanese rules, where the status of a position left on the board is settled by play in
//! which ko threats count for nothing; it is what players mean by "the attacker picks its
//! moment, after removing the defender's threats".
//!
//! **Why.** A ko that only the attacker can start and the defender can never end — bent four
//! in the corner is the classic — must come out dead (`d`), as players and GoTools (Thomas
//! Wolf, "A library of eyes in Go, I: a life-and-death definition consistent with bent-4") say.
//! Its defender has no useful local move, so it passes; so does the attacker; in the
//! confirmation phase the attacker starts the ko and the defender has no threat left. A real ko
//! fight never passes twice, so its threats are counted exactly as in the fight; a seki passes
//! into confirmation and out again, alive. Two variants were rejected. The 1989 rules also let a
//! ko be retaken only after a pass; that needs its own ban bookkeeping in every state, and the
//! extreme games' proofs (below) would not carry over to it. Letting each pass remove one of
//! the opponent's threats also gives bent four `d`, but in an approach ko the banned side's
//! waiting passes would eat the other side's threats and inflate its count past GoTools'.
//!
//! **Solving it.** Counts only decrease, so the game splits into layers, one per pair of
//! counts. Grades need only the two axes (one side's threats, the other side none). On an
//! axis, layer `n` depends on layer `n − 1` (a retake with a threat) and on layer 0 (the
//! confirmation phase), by the same rule for every `n ≥ 1`: once two layers agree, all higher
//! ones do, which is how "unlimited threats" is decided. Each layer is a finite game with three
//! outcomes — the target lives, dies, or play goes on for ever without a threat spent (triple
//! ko and the like) — solved by retrograde analysis: the defender's attractor to life, the
//! attacker's attractor to capture, and the rest endless.
//!
//! **Reuse.** The layers run over the life degree's state graph, with the same early endings,
//! plus for each state just after a pass the one where the confirmation phase would resume. The
//! early endings are sound in every layer. A pass-alive target lives (the defender passes until
//! the attacker runs out of moves). A static or extreme-game proof of capture is an attacker
//! strategy that needs no threat and never lets two passes end the game, whatever the defender
//! holds. An extreme-game proof of life wins against an attacker who may always retake; where
//! it ends with two passes, the confirmation phase restarts from that position, and the
//! attacker's moves there are moves the proof already answers (it reached the passes through
//! the attacker's node), while the defender's pass back returns to it. One proof does not carry
//! over: that of a state where the defender, just after the attacker's pass, wins by passing
//! too — the attacker's node before it is not part of the proof. There the graph asks instead
//! for a proof of the state after the defender's pass. A state with a move to a child so
//! settled for its mover (the starting states excepted: every first move is graded) has that
//! result in every layer, and its other moves are not built.
//!
//! The grades' graph is built after the life degree's, under the same limits. If one passes
//! while building it, the life degree stands and the grades are reported unknown (`?`).
//!
//! **Pruned.** When interval pruning left states of the life degree's graph unexpanded
//! ([`crate::solve::expansion::interval`]), the grades' graph first expands only the states that
//! graph expanded: the same fight, where both games' good play most often lies. The states it
//! leaves unexpanded are counted once as captured and once as alive ([`unsettled`]); each
//! layer's results are monotone in a terminal's result (the attractors grow with it, layer by
//! layer), so where both axes are stable and the starts' results agree in every layer, the
//! whole game's results are the same and so are its grades, read off the graph with every state
//! left unexpanded captured. Otherwise the states left unexpanded that the difference reaches,
//! or an axis's instability, are expanded and the test repeated; where they reach none, the
//! rest is built.
//!
//! **Grades** (for each side moving first):
//! * `l`: the defender lives with no threats, against every number of attacker threats;
//! * `d`: the attacker kills with no threats, against every number of defender threats;
//! * otherwise a ko: with no threats on either side the defender lives (`lNd`: `N` the fewest
//!   attacker threats that kill) or dies (`dNl`: `N` the fewest defender threats that live);
//!   past [`CAP`] threats, `l>10d` / `d>10l`;
//! * endless play is neither side's result: `l` and `d` need a real life or capture. When play
//!   with no threats on either side is endless the grade is `e` (no result), which GoTools'
//!   notation has no letter for.

use crate::go::rules::Color;
use crate::problem::Life;
use crate::prove::state::{Kind, LIVES};
use crate::prove::watch::{Limit, Watch};
use crate::solve::graph::GameGraph;
use std::fmt;

/// The most threats a grade counts: past it, `l>10d` or `d>10l`.
pub(crate) const CAP: u32 = 10;

/// The most layers computed on an axis while waiting for two to agree. Past it the grade says
/// only that [`CAP`] threats do not suffice.
const MAX_LAYERS: usize = 64;

/// The threats a side moving first needs (see the module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Grade {
    /// `l`: lives whatever the threats.
    Lives,
    /// `d`: dies whatever the threats.
    Dies,
    /// `lNd`: lives with no threats; the attacker kills with `N` (`None`: more than `CAP`).
    LivesUnless(Option<u32>),
    /// `dNl`: dies with no threats; the defender lives with `N` (`None`: more than `CAP`).
    DiesUnless(Option<u32>),
    /// `e`: with no threats on either side, play never ends.
    NoResult,
    /// `?`: not computed, this limit having passed while building the grades' graph (the
    /// life degree, solved first, stands).
    Unknown(Limit),
    /// `?`: a first move proofs left open while deciding both starts, so that no grades'
    /// graph was built (docs/algorithms/openings.md).
    Uncounted,
    /// `?`: not asked for (a solve of the values alone, [`crate::solve::Detail`]).
    Unasked,
}

impl fmt::Display for Grade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let count = |n: &Option<u32>| n.map_or(format!(">{CAP}"), |n| n.to_string());
        match self {
            Grade::Lives => write!(f, "l"),
            Grade::Dies => write!(f, "d"),
            Grade::LivesUnless(n) => write!(f, "l{}d", count(n)),
            Grade::DiesUnless(n) => write!(f, "d{}l", count(n)),
            Grade::NoResult => write!(f, "e"),
            Grade::Unknown(_) | Grade::Uncounted | Grade::Unasked => write!(f, "?"),
        }
    }
}

impl Grade {
    /// How good the grade is for the defender, higher better: `d` < `d>10l` < … < `d1l` < `e`
    /// < `l1d` < … < `l>10d` < `l`; `None` for `?`. A grade is monotone in a node's results
    /// on the two axes, and a start's results are, layer by layer, its mover's best of its
    /// first moves', so a start's grade is at least as good for its mover as each first
    /// move's. It may be better than all of them: holding threats can hurt the defender (two
    /// passes then open the confirmation phase instead of ending the game), so the best
    /// move in one layer need not be the best in another. In bent four in the corner, White
    /// first is `d`, but its moves are `d1l`, `l1d` and `l`.
    pub fn strength(&self) -> Option<i32> {
        let count = |n: &Option<u32>| n.map_or(CAP as i32 + 1, |n| n as i32);
        match self {
            Grade::Lives => Some(100),
            Grade::LivesUnless(n) => Some(50 + count(n)),
            Grade::NoResult => Some(0),
            Grade::DiesUnless(n) => Some(-50 - count(n)),
            Grade::Dies => Some(-100),
            Grade::Unknown(_) | Grade::Uncounted | Grade::Unasked => None,
        }
    }

    /// The grade in words, for a target of colour `defender`.
    pub fn describe(&self, defender: Color) -> String {
        let threats = |side: Color, n: &Option<u32>| match n {
            Some(1) => format!("{} has 1 threat", side.title()),
            Some(n) => format!("{} has {n} threats", side.title()),
            None => format!("{} has more than {CAP} threats", side.title()),
        };
        match self {
            Grade::Lives => "lives whatever the threats".to_string(),
            Grade::Dies => "dies whatever the threats".to_string(),
            Grade::LivesUnless(n) => format!("lives unless {}", threats(defender.other(), n)),
            Grade::DiesUnless(n) => format!("dies unless {}", threats(defender, n)),
            Grade::NoResult => "no result without threats".to_string(),
            Grade::Unknown(limit) => format!("threats not counted: {limit} passed"),
            Grade::Uncounted => "threats not counted: proofs decided the starts".to_string(),
            Grade::Unasked => "threats not counted: not asked for".to_string(),
        }
    }
}

/// A node's result in one layer: the target's life or death forced, or play without end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LayerEnd {
    Lives,
    Dies,
    Endless,
}

impl From<Life> for LayerEnd {
    fn from(life: Life) -> LayerEnd {
        match life {
            Life::Alive => LayerEnd::Lives,
            Life::Dead => LayerEnd::Dies,
        }
    }
}

/// The grade of each of `nodes`, on a graph built with each state's confirmation successor
/// ([`GameGraph::build_with_restarts`]): a first move's grade is that of the state it leads
/// to.
/// A limit passing (`watch`, looked at before each layer) stops it.
pub(crate) fn node_grades(
    graph: &GameGraph,
    defender: Color,
    nodes: &[u32],
    watch: &Watch,
) -> Result<Vec<Grade>, Limit> {
    let shapes = Shapes::new(graph, watch)?;
    // The axes share only the graph and its shapes: one per core.
    let (attacker_axis, defender_axis) = rayon::join(
        || axis(graph, &shapes, defender, defender.other(), watch),
        || axis(graph, &shapes, defender, defender, watch),
    );
    let (attacker_axis, defender_axis) = (attacker_axis?, defender_axis?);
    Ok(nodes
        .iter()
        .map(|&v| {
            grade(
                &attacker_axis.at(v),
                attacker_axis.stable,
                &defender_axis.at(v),
                defender_axis.stable,
            )
        })
        .collect())
}

/// Whether two graphs that differ only in terminals standing for states not expanded — lost
/// in `low`, won in `high` — give the same grades of the `shown` nodes (the starts, and the
/// first moves asked for), and those of the whole game: on both axes, both stable, their
/// results the same in every layer. Each layer's results are monotone in a terminal's
/// result (by induction over the layers: the attractors grow with it), so the whole game's
/// results lie between and are those too. `None` if so; otherwise the states not expanded on
/// which that may hang: those reached from the shown nodes through nodes whose results differ
/// in some layer, and from the nodes an axis not stable still changes (in its last two
/// layers) through such nodes (none found: only the whole graph settles it). A limit passing
/// (`watch`, looked at before each layer) stops it.
pub(crate) fn unsettled(
    low: &GameGraph,
    high: &GameGraph,
    defender: Color,
    shown: &[u32],
    watch: &Watch,
) -> Result<Option<Vec<u32>>, Limit> {
    let (low_shapes, high_shapes) = (Shapes::new(low, watch)?, Shapes::new(high, watch)?);
    let mut axes = Vec::with_capacity(2);
    for holder in [defender.other(), defender] {
        let (l, h) = rayon::join(
            || axis(low, &low_shapes, defender, holder, watch),
            || axis(high, &high_shapes, defender, holder, watch),
        );
        axes.push([l?, h?]);
    }
    // Past its last layer, a stable axis repeats it.
    let at = |a: &Axis, n: usize, v: usize| a.layers[n.min(a.layers.len() - 1)][v];
    let differs = |v: usize| {
        axes.iter().any(|[l, h]| {
            (0..l.layers.len().max(h.layers.len())).any(|n| at(l, n, v) != at(h, n, v))
        })
    };
    let stable = axes.iter().flatten().all(|a| a.stable);
    if stable && !shown.iter().any(|&v| differs(v as usize)) {
        return Ok(None);
    }
    // On an axis not stable, the nodes whose results still change from layer to layer.
    let changes = |v: usize| {
        axes.iter().flatten().any(|a| {
            let n = a.layers.len();
            !a.stable && a.layers[n - 1][v] != a.layers[n - 2][v]
        })
    };
    let (differ, change): (Vec<bool>, Vec<bool>) =
        (0..low.len()).map(|v| (differs(v), changes(v))).unzip();
    let seeds = shown.iter().copied().filter(|&v| differ[v as usize]);
    let mut seen = vec![false; low.len()];
    let mut queue = Vec::new();
    let mut open = Vec::new();
    for v in seeds.chain((0..low.len() as u32).filter(|&v| change[v as usize])) {
        if !seen[v as usize] {
            seen[v as usize] = true;
            queue.push(v);
        }
    }
    while let Some(v) = queue.pop() {
        if let (Kind::Terminal(Life::Dead), Kind::Terminal(Life::Alive)) =
            (low.kind(v), high.kind(v))
        {
            open.push(v);
            continue;
        }
        for w in low.children(v).iter().copied().chain(low.restart(v)) {
            let i = w as usize;
            if !seen[i] && (differ[i] || change[i]) {
                seen[i] = true;
                queue.push(w);
            }
        }
    }
    Ok(Some(open))
}

/// The layers of one axis: `holder` has 0, 1, 2… threats, the other side none.
struct Axis {
    layers: Vec<Vec<LayerEnd>>,
    /// The last two layers agree, so every higher layer equals the last.
    stable: bool,
}

impl Axis {
    /// A node's result in each layer.
    fn at(&self, node: u32) -> Vec<LayerEnd> {
        self.layers.iter().map(|l| l[node as usize]).collect()
    }
}

/// The layers of `holder`'s axis, until two agree or a limit passes (looked at before each
/// layer: one costs a pass or two over the graph).
fn axis(
    graph: &GameGraph,
    shapes: &Shapes,
    defender: Color,
    holder: Color,
    watch: &Watch,
) -> Result<Axis, Limit> {
    let mut layers = vec![layer(graph, shapes, defender, (holder, None), watch)?];
    while layers.len() < MAX_LAYERS {
        let lower = Lower {
            below: &layers[layers.len() - 1],
            base: &layers[0],
        };
        let next = layer(graph, shapes, defender, (holder, Some(lower)), watch)?;
        let stable = Some(&next) == layers.last();
        layers.push(next);
        if stable {
            return Ok(Axis {
                layers,
                stable: true,
            });
        }
    }
    Ok(Axis {
        layers,
        stable: false,
    })
}

/// The grade from a starting state's results: `attacker[n]` with the attacker holding `n`
/// threats, `defender[n]` with the defender holding them.
fn grade(
    attacker: &[LayerEnd],
    attacker_stable: bool,
    defender: &[LayerEnd],
    defender_stable: bool,
) -> Grade {
    // The result with `n` threats; past the computed layers, the last one if they agreed.
    let at = |results: &[LayerEnd], stable: bool, n: usize| {
        results
            .get(n)
            .copied()
            .or_else(|| stable.then(|| results[results.len() - 1]))
    };
    let fewest = |results: &[LayerEnd], stable: bool, goal: LayerEnd| {
        (1..=CAP).find(|&n| at(results, stable, n as usize) == Some(goal))
    };
    if attacker_stable && attacker.iter().all(|&o| o == LayerEnd::Lives) {
        return Grade::Lives;
    }
    if defender_stable && defender.iter().all(|&o| o == LayerEnd::Dies) {
        return Grade::Dies;
    }
    match attacker[0] {
        LayerEnd::Lives => Grade::LivesUnless(fewest(attacker, attacker_stable, LayerEnd::Dies)),
        LayerEnd::Dies => Grade::DiesUnless(fewest(defender, defender_stable, LayerEnd::Lives)),
        LayerEnd::Endless => Grade::NoResult,
    }
}

/// The results a layer with threats leads to: the layer with one threat fewer, and the layer
/// with none (where the confirmation phase is played).
#[derive(Clone, Copy)]
struct Lower<'a> {
    below: &'a [LayerEnd],
    base: &'a [LayerEnd],
}

/// A node's moves in point order, then its pass: its children but a chance node's retake
/// (none at a terminal).
fn moves(graph: &GameGraph, node: u32) -> &[u32] {
    let kids = graph.children(node);
    match graph.kind(node) {
        Kind::Terminal(_) => &[],
        Kind::Decision(_) => kids,
        Kind::KoChance(_) => &kids[..kids.len() - 1],
    }
}

/// The moves of `node` to nodes of the same layer: all its moves but, while threats remain
/// (`threats`), the second pass in a row, which opens the confirmation phase instead.
fn within(graph: &GameGraph, node: u32, threats: bool) -> &[u32] {
    let moves = moves(graph, node);
    match moves.last() {
        Some(&pass) if threats && pass == LIVES => &moves[..moves.len() - 1],
        _ => moves,
    }
}

/// The results of `node`'s moves that a lower layer gives, in a layer where `holder` has
/// threats and its opponent none (`lower = None`: the layer with no threats, where there are
/// none): the second pass in a row (the confirmation phase, from the layer with none), and at
/// the holder's chance node the retake with a threat (from the layer with one fewer).
fn below(
    graph: &GameGraph,
    node: u32,
    holder: Color,
    lower: Option<Lower>,
) -> [Option<LayerEnd>; 2] {
    let Some(l) = lower else {
        return [None, None];
    };
    let confirmation = (moves(graph, node).last() == Some(&LIVES)).then(|| {
        let restart = graph.restart(node).expect("a graph built with restarts");
        l.base[restart as usize]
    });
    let retake = match graph.kind(node) {
        Kind::KoChance(side) if side == holder => {
            let kids = graph.children(node);
            Some(l.below[kids[kids.len() - 1] as usize])
        }
        _ => None,
    };
    [confirmation, retake]
}

/// The moves within a layer, reversed in compressed rows (the nodes that move to each node),
/// and each node's count of them.
struct Within {
    starts: Vec<u32>,
    preds: Vec<u32>,
    count: Vec<u32>,
}

impl Within {
    fn new(graph: &GameGraph, threats: bool) -> Within {
        let n = graph.len();
        let mut count = vec![0u32; n];
        let mut starts = vec![0u32; n + 1];
        for v in 0..n as u32 {
            let moves = within(graph, v, threats);
            count[v as usize] = moves.len() as u32;
            for &w in moves {
                starts[w as usize + 1] += 1;
            }
        }
        for i in 0..n {
            starts[i + 1] += starts[i];
        }
        let mut fill = starts.clone();
        let mut preds = vec![0u32; starts[n] as usize];
        for v in 0..n as u32 {
            for &w in within(graph, v, threats) {
                preds[fill[w as usize] as usize] = v;
                fill[w as usize] += 1;
            }
        }
        Within {
            starts,
            preds,
            count,
        }
    }

    /// The nodes with a move within the layer to `node`.
    fn preds(&self, node: u32) -> &[u32] {
        &self.preds[self.starts[node as usize] as usize..self.starts[node as usize + 1] as usize]
    }
}

/// A graph's moves within a layer, in the two shapes a layer has: the layer with no threats,
/// and every layer with threats (the same for each, and for both axes): built once.
struct Shapes {
    none: Within,
    threats: Within,
}

impl Shapes {
    fn new(graph: &GameGraph, watch: &Watch) -> Result<Shapes, Limit> {
        watch.exceeded().map_or(Ok(()), Err)?;
        let (none, threats) =
            rayon::join(|| Within::new(graph, false), || Within::new(graph, true));
        Ok(Shapes { none, threats })
    }

    fn of(&self, lower: Option<Lower>) -> &Within {
        match lower {
            None => &self.none,
            Some(_) => &self.threats,
        }
    }
}

/// One layer's results: the defender's attractor to life, the attacker's to capture, the rest
/// endless.
/// A limit passing stops it (`watch`, looked at before each pass over the graph).
fn layer(
    graph: &GameGraph,
    shapes: &Shapes,
    defender: Color,
    (holder, lower): (Color, Option<Lower>),
    watch: &Watch,
) -> Result<Vec<LayerEnd>, Limit> {
    let look = || watch.exceeded().map_or(Ok(()), Err);
    let within = shapes.of(lower);
    look()?;
    let lives = attractor(graph, within, (holder, lower), defender, LayerEnd::Lives);
    look()?;
    let dies = attractor(
        graph,
        within,
        (holder, lower),
        defender.other(),
        LayerEnd::Dies,
    );
    Ok((0..graph.len())
        .map(|v| match (lives[v], dies[v]) {
            (true, _) => LayerEnd::Lives,
            (_, true) => LayerEnd::Dies,
            _ => LayerEnd::Endless,
        })
        .collect())
}

/// The nodes from which `prover` forces `goal`: retrograde analysis, counting for each node of
/// the other side the moves not yet known to lose.
fn attractor(
    graph: &GameGraph,
    within: &Within,
    (holder, lower): (Color, Option<Lower>),
    prover: Color,
    goal: LayerEnd,
) -> Vec<bool> {
    let n = graph.len();
    let mut won = vec![false; n];
    let mut open = vec![0u32; n];
    let mut queue = Vec::new();
    for v in 0..n as u32 {
        let at_once = match graph.kind(v) {
            Kind::Terminal(life) => goal == LayerEnd::from(life),
            Kind::Decision(side) | Kind::KoChance(side) => {
                // Moves within the layer may still be won; results below are final.
                let below = below(graph, v, holder, lower);
                let known_win = below.contains(&Some(goal));
                open[v as usize] = within.count[v as usize]
                    + below.iter().flatten().filter(|&&o| o != goal).count() as u32;
                if side == prover {
                    known_win
                } else {
                    open[v as usize] == 0
                }
            }
        };
        if at_once {
            won[v as usize] = true;
            queue.push(v);
        }
    }
    while let Some(w) = queue.pop() {
        for &u in within.preds(w) {
            let u = u as usize;
            if won[u] {
                continue;
            }
            let side = match graph.kind(u as u32) {
                Kind::Decision(c) | Kind::KoChance(c) => c,
                Kind::Terminal(_) => unreachable!("terminals have no moves"),
            };
            open[u] -= 1;
            if side == prover || open[u] == 0 {
                won[u] = true;
                queue.push(u as u32);
            }
        }
    }
    won
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The grades with Black and with White moving first.
    fn grades(graph: &GameGraph, defender: Color) -> [Grade; 2] {
        let grades = node_grades(graph, defender, &graph.roots, &Watch::unlimited()).unwrap();
        [grades[0], grades[1]]
    }

    /// A hand-made game, White defending: Black first (node 2) may capture at once if
    /// `black_captures`, play into node 4, a state left unexpanded that ends as
    /// `unexpanded` says, or pass, after which White lives. White first (node 3) lives at once.
    fn game(black_captures: bool, unexpanded: Life) -> GameGraph {
        let kinds = vec![
            Kind::Terminal(Life::Dead),
            Kind::Terminal(Life::Alive),
            Kind::Decision(Color::Black),
            Kind::Decision(Color::White),
            Kind::Terminal(unexpanded),
            Kind::Decision(Color::White),
            Kind::Decision(Color::Black),
        ];
        // Each node's moves, its pass last.
        let black_first = if black_captures {
            vec![0, 4, 5]
        } else {
            vec![4, 5]
        };
        let children = vec![
            vec![],
            vec![],
            black_first,
            vec![1, 6],
            vec![],
            vec![1, 0],
            vec![0, 0],
        ];
        GameGraph::from_parts(kinds, children, [2, 3])
    }

    #[test]
    fn a_start_that_hangs_on_a_state_left_unexpanded_names_it() {
        let unsettled = |low: &GameGraph, high: &GameGraph, defender: Color, shown: &[u32]| {
            unsettled(low, high, defender, shown, &Watch::unlimited()).unwrap()
        };
        let (low, high) = (game(false, Life::Dead), game(false, Life::Alive));
        assert_eq!(grades(&low, Color::White), [Grade::Dies, Grade::Lives]);
        assert_eq!(grades(&high, Color::White), [Grade::Lives, Grade::Lives]);
        assert_eq!(
            unsettled(&low, &high, Color::White, &low.roots),
            Some(vec![4])
        );
    }

    #[test]
    fn starts_settled_either_way_are_certified_but_not_their_first_moves() {
        let unsettled = |low: &GameGraph, high: &GameGraph, defender: Color, shown: &[u32]| {
            unsettled(low, high, defender, shown, &Watch::unlimited()).unwrap()
        };
        let node_grades = |graph: &GameGraph, defender: Color, nodes: &[u32]| {
            node_grades(graph, defender, nodes, &Watch::unlimited()).unwrap()
        };
        let (low, high) = (game(true, Life::Dead), game(true, Life::Alive));
        assert_eq!(grades(&low, Color::White), grades(&high, Color::White));
        assert_eq!(unsettled(&low, &high, Color::White, &low.roots), None);
        // Black's capture settles both starts, but not its first move to 4.
        let shown = [2, 3, 0, 4, 5, 1, 6];
        assert_eq!(unsettled(&low, &high, Color::White, &shown), Some(vec![4]));
        assert_ne!(
            node_grades(&low, Color::White, &shown),
            node_grades(&high, Color::White, &shown)
        );
    }
}
