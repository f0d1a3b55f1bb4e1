//! The live heap, counted: the allocator the `lifedeg` binary installs, so that the memory
//! limit holds (the gauge of [`lifedeg::solve::MemoryLimit`]) and `lifedeg bench` can report
//! each problem's peak.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The memory limit a solve gets unless `--memory-limit` says otherwise: the whole process's
/// heap (files are solved two at a time on two cores), checked between allocations, so that a
/// table doubling past the check stays under 4 GB.
pub const DEFAULT_LIMIT_MB: usize = 2000;

/// The system allocator, counting live and peak bytes.
pub struct CountingAlloc;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded unchanged to the system allocator.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let live = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            // A plain store, not a CAS loop: racing threads may under-report the peak by one
            // allocation, which a benchmark can afford; a CAS on every allocation it cannot.
            if live > PEAK.load(Ordering::Relaxed) {
                PEAK.store(live, Ordering::Relaxed);
            }
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }
}

/// Live heap bytes now.
pub fn live_bytes() -> usize {
    LIVE.load(Ordering::Relaxed)
}

/// Peak live heap bytes since the last [`reset_peak`].
pub fn peak_bytes() -> usize {
    PEAK.load(Ordering::Relaxed)
}

/// Starts measuring the peak afresh from what is live now; returns that.
pub fn reset_peak() -> usize {
    let base = live_bytes();
    PEAK.store(base, Ordering::Relaxed);
    base
}
