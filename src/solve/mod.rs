//! Solving a problem exactly. Each module uses only those listed before it:
//!
//! * [`model`]: the model's parameters ([`Model`]) and exact values ([`Value`]);
//! * [`budget`]: what a solve may spend ([`Budget`]);
//! * [`exact`]: strongly connected components, and exact linear systems as nalgebra matrices;
//! * [`graph`]: the state graph ([`graph::GameGraph`]);
//! * [`shortcuts`]: what may end a state early, never changing a value ([`Shortcuts`]);
//! * `openings`: the first moves the prover's proofs decide alone;
//! * [`grade`]: the ko threats each side needs, counted on a graph;
//! * [`solver`]: the certified stochastic-game solver;
//! * [`expansion`]: building the graph, with interval pruning (only the states that can change a
//!   value the answer shows);
//! * [`answer`]: what a solve gives ([`Answer`]) and the work it did ([`Stats`]);
//! * [`degree`]: the life degree of a problem: built, solved and graded ([`Solved`],
//!   [`SolveError`]).
//!
//! The game's states and the prover that settles them early are the layer below
//! ([`crate::prove`]), and the static rules that end them too ([`crate::statics`]).
//!
//! May use [`crate::go`], [`crate::problem`], [`crate::prove`] and [`crate::statics`].

pub(crate) mod answer;
pub(crate) mod budget;
pub(crate) mod degree;
pub(crate) mod exact;
pub(crate) mod expansion;
pub(crate) mod grade;
pub(crate) mod graph;
pub(crate) mod model;
pub(crate) mod openings;
pub(crate) mod shortcuts;
pub(crate) mod solver;

pub use crate::prove::watch::Limit;
pub use answer::{Answer, Detail, MoveAnswer, MoveValue, Opening, Stats};
pub use budget::{Budget, MemoryLimit};
pub use degree::{SolveError, Solved};
pub use expansion::Stopped;
pub use grade::Grade;
pub use model::{Model, NotAProbability, Probability, Value, ValueError};
pub use shortcuts::Shortcuts;
