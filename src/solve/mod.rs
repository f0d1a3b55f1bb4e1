//! Solving a problem exactly. Each module uses only those listed before it:
//!
//! * [`model`]: the model's parameters ([`Model`]) and exact values ([`Value`]);
//! * [`watch`]: the time and memory limits, and the work counters;
//! * [`budget`]: what a solve may spend ([`Budget`]);
//! * [`state`]: the game's states and moves;
//! * [`exact`]: strongly connected components, and exact linear systems as nalgebra matrices;
//! * [`graph`]: the state graph ([`GameGraph`]);
//! * [`shortcuts`]: what may end a state early, never changing a value ([`Shortcuts`]);
//! * [`bounds`]: the extreme games' proofs that end states early;
//! * `openings`: the first moves those proofs decide alone;
//! * [`grade`]: the ko threats each side needs, counted on a graph;
//! * [`solver`]: the certified stochastic-game solver;
//! * [`expansion`]: building the graph, with interval pruning (only the states that can change a
//!   value the answer shows);
//! * [`answer`]: what a solve gives ([`Answer`]) and the work it did ([`Stats`]);
//! * [`degree`]: the life degree of a problem: built, solved and graded ([`Solved`],
//!   [`SolveError`]).
//!
//! May use [`crate::go`], [`crate::problem`] and [`crate::analysis`] (static life).

pub mod answer;
pub mod bounds;
pub mod budget;
pub mod degree;
pub mod exact;
pub mod expansion;
pub mod grade;
pub mod graph;
pub mod model;
pub(crate) mod openings;
pub mod shortcuts;
pub mod solver;
pub mod state;
pub mod watch;

pub use answer::{Answer, FirstMove, MoveAnswer, MoveValue, Opening, Stats};
pub use budget::{Budget, MemoryLimit};
pub use degree::{Detail, SolveError, Solved};
pub use expansion::Stopped;
pub use grade::Grade;
pub use model::{Model, Probability, Value, ValueError};
pub use shortcuts::Shortcuts;
pub use watch::Limit;
