//! Run in parallel, hand out in order: the one loop behind every command that works through
//! many files and prints each result as soon as it and all before it are done.

use std::collections::BTreeMap;
use std::sync::mpsc::channel;
use std::sync::Mutex;

/// Runs `work` on each item on `workers` threads and hands each result to `emit` with the
/// item's index, in the order of `items`, as soon as that item and all before it are done:
/// output stays in order and still streams.
pub(crate) fn in_order<T: Send, R: Send>(
    items: Vec<T>,
    workers: usize,
    work: impl Fn(T) -> R + Sync,
    mut emit: impl FnMut(usize, R),
) {
    let workers = workers.clamp(1, items.len().max(1));
    let queue = Mutex::new(items.into_iter().enumerate());
    let (send, receive) = channel();
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let (queue, send, work) = (&queue, send.clone(), &work);
            scope.spawn(move || {
                // The lock is held only to take the next item (a poisoned queue ends the
                // worker: another one panicked).
                let next = || queue.lock().ok().and_then(|mut q| q.next());
                while let Some((i, item)) = next() {
                    // The receiver lives until every result is in: a send cannot fail.
                    let _ = send.send((i, work(item)));
                }
            });
        }
        drop(send);
        let mut waiting = BTreeMap::new();
        let mut next = 0;
        for (i, result) in receive {
            waiting.insert(i, result);
            while let Some(result) = waiting.remove(&next) {
                emit(next, result);
                next += 1;
            }
        }
    });
}
