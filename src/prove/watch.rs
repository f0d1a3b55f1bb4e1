//! How long a solve runs and how much memory the process holds: the time and memory limits,
//! checked where the state graph and the proofs grow, and the work counters the progress line
//! shows.
//!
//! Memory is the live heap as the budget's gauge reads it ([`MemoryLimit`]): the `lifedeg`
//! binary counts its allocations; without a gauge there is no memory limit.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A limit on the live heap, read by a gauge the program provides (the `lifedeg` binary
/// counts its allocations; a library user may pass its own).
#[derive(Clone, Copy, Debug)]
pub struct MemoryLimit {
    /// Stop once the gauge reads more than this many bytes.
    pub bytes: usize,
    /// The live heap in bytes now.
    pub gauge: fn() -> usize,
}

/// States built and proof positions searched by every solve of this process so far: what the
/// progress line shows. Added in batches, so a little behind.
pub(crate) static STATES: AtomicU64 = AtomicU64::new(0);
pub(crate) static PROOF_POSITIONS: AtomicU64 = AtomicU64::new(0);

/// The work of every solve of this process so far, for a progress display to read as often
/// as it likes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Work {
    /// States built.
    pub states: u64,
    /// Proof positions searched.
    pub proof_positions: u64,
}

/// The work done so far by every solve of this process (added in batches, so a little
/// behind).
pub fn work_done() -> Work {
    Work {
        states: STATES.load(Ordering::Relaxed),
        proof_positions: PROOF_POSITIONS.load(Ordering::Relaxed),
    }
}

/// Which limit stopped a solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Limit {
    States(usize),
    Time(Duration),
    /// Bytes of live heap.
    Memory(usize),
    /// Called off: another reading of the same diagram answered first, so this one's answer
    /// is not needed.
    Cancelled,
}

impl std::fmt::Display for Limit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Limit::States(n) => write!(f, "the state limit ({n} states)"),
            Limit::Time(t) => write!(f, "the time limit ({} s)", t.as_secs_f64()),
            Limit::Memory(b) => write!(f, "the memory limit ({} MB)", b / 1_000_000),
            Limit::Cancelled => write!(f, "a call-off (another reading answered first)"),
        }
    }
}

/// A flag that calls a solve off from another thread (see [`Limit::Cancelled`]).
#[derive(Clone, Debug, Default)]
pub struct CallOff(Arc<AtomicBool>);

impl CallOff {
    pub fn call_off(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    pub fn called_off(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

impl PartialEq for CallOff {
    /// The same flag.
    fn eq(&self, other: &CallOff) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for CallOff {}

/// The time and memory limits of one solve, started when the solve starts, and the flag
/// that may call it off.
#[derive(Clone, Debug)]
pub(crate) struct Watch {
    time: Option<(Instant, Duration)>,
    memory: Option<MemoryLimit>,
    call_off: Option<CallOff>,
}

impl Watch {
    /// A watch whose clock started at `clock`.
    pub(crate) fn since(
        clock: Instant,
        time: Option<Duration>,
        memory: Option<MemoryLimit>,
        call_off: Option<CallOff>,
    ) -> Watch {
        Watch {
            time: time.map(|t| (clock, t)),
            memory,
            call_off,
        }
    }

    /// A watch that never stops anything.
    pub(crate) fn unlimited() -> Watch {
        Watch::since(Instant::now(), None, None, None)
    }

    /// The limit passed, if any.
    pub(crate) fn exceeded(&self) -> Option<Limit> {
        if self.call_off.as_ref().is_some_and(CallOff::called_off) {
            return Some(Limit::Cancelled);
        }
        if let Some((start, limit)) = self.time {
            if start.elapsed() > limit {
                return Some(Limit::Time(limit));
            }
        }
        match self.memory {
            Some(m) if (m.gauge)() > m.bytes => Some(Limit::Memory(m.bytes)),
            _ => None,
        }
    }
}
