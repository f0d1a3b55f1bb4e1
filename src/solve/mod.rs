//! Solving a problem exactly. Each module uses only those listed before it:
//!
//! * [`model`]: the model's parameters ([`Model`]) and exact values ([`Value`]);
//! * [`watch`]: the time and memory limits, and the work counters;
//! * [`state`]: the game's states and moves;
//! * [`exact`]: strongly connected components, and exact linear systems as nalgebra matrices;
//! * [`graph`]: the state graph ([`GameGraph`]);
//! * [`limits`]: how large a graph may grow, and what may end a state early ([`Limits`]);
//! * [`bounds`]: the extreme games' proofs that end states early;
//! * `openings`: the first moves those proofs decide alone;
//! * [`grade`]: the ko threats each side needs, counted on a graph;
//! * [`solver`]: the certified stochastic-game solver;
//! * [`build`]: building the graph, with interval pruning (only the states that can change a
//!   value the answer shows);
//! * [`degree`]: the life degree of a problem ([`LifeDegree`], [`Solved`], [`SolveError`]).
//!
//! May use [`crate::go`], [`crate::problem`] and [`crate::analysis`] (static life).

pub mod bounds;
pub mod build;
pub mod degree;
pub mod exact;
pub mod grade;
pub mod graph;
pub mod limits;
pub mod model;
pub(crate) mod openings;
pub mod solver;
pub mod state;
pub mod watch;

pub use degree::{LifeDegree, SolveError, Solved};
pub use graph::GameGraph;
pub use limits::Limits;
pub use model::{Model, Value};
