//! What one solve may spend before it stops with what it knows: states, proof positions, time
//! and memory, and the flag another thread may call it off with.

pub use crate::prove::watch::MemoryLimit;
use crate::prove::watch::{CallOff, Watch};
use std::time::{Duration, Instant};

/// What one solve may spend. A limit reached stops the solve with what is proven so far.
#[derive(Clone, Debug)]
pub struct Budget {
    max_states: usize,
    proof_positions: Option<usize>,
    time: Option<Duration>,
    clock: Option<Instant>,
    memory: Option<MemoryLimit>,
    call_off: Option<CallOff>,
}

impl Default for Budget {
    /// 20 million states and 25 seconds (an answer within half a minute: past it, what is
    /// proven, see `Builder::finish_or_answer_at_limit`); proofs sized by the fight; no
    /// memory limit.
    fn default() -> Budget {
        Budget {
            max_states: 20_000_000,
            proof_positions: None,
            time: Some(Duration::from_secs(25)),
            clock: None,
            memory: None,
            call_off: None,
        }
    }
}

impl Budget {
    /// Only a bound on states: no time or memory limit (the plain search that pruned solves
    /// are checked against).
    pub fn states_only(max_states: usize) -> Budget {
        Budget {
            max_states,
            time: None,
            ..Budget::default()
        }
    }

    /// Stop a problem whose state graph passes this many states.
    pub fn max_states(self, max_states: usize) -> Budget {
        Budget { max_states, ..self }
    }

    /// Most positions the extreme games' proofs may search in all; `None` sizes them by the
    /// fight's empty points.
    pub fn proof_positions(self, proof_positions: Option<usize>) -> Budget {
        Budget {
            proof_positions,
            ..self
        }
    }

    /// Stop a solve that runs longer than this; `None`: no time limit.
    pub fn time(self, time: Option<Duration>) -> Budget {
        Budget { time, ..self }
    }

    /// Count the time limit from `clock` rather than from the solve's start (several solves
    /// of one problem sharing one clock).
    pub fn since(self, clock: Instant) -> Budget {
        Budget {
            clock: Some(clock),
            ..self
        }
    }

    /// Stop a solve once the heap passes a limit; `None`: no memory limit.
    pub fn memory(self, memory: Option<MemoryLimit>) -> Budget {
        Budget { memory, ..self }
    }

    /// Stop a solve once `call_off` is called off (from another thread).
    pub fn called_off_by(self, call_off: CallOff) -> Budget {
        Budget {
            call_off: Some(call_off),
            ..self
        }
    }

    pub fn state_limit(&self) -> usize {
        self.max_states
    }

    pub fn proof_limit(&self) -> Option<usize> {
        self.proof_positions
    }

    pub fn time_limit(&self) -> Option<Duration> {
        self.time
    }

    pub fn memory_limit(&self) -> Option<MemoryLimit> {
        self.memory
    }

    /// The clock the time limit counts from, if it is not the solve's start.
    pub(crate) fn clock(&self) -> Option<Instant> {
        self.clock
    }

    /// The watch over one solve: the time limit counted from the budget's clock (or now).
    pub(crate) fn watch(&self) -> Watch {
        let clock = self.clock.unwrap_or_else(Instant::now);
        Watch::since(clock, self.time, self.memory, self.call_off.clone())
    }
}
