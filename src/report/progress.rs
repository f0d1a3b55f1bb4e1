//! A progress bar on stderr for work that takes more than a second, and nothing at all when
//! stderr is not a terminal (pipes, CI logs) or the work is quick.

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{channel, RecvTimeoutError, Sender};
use std::sync::{Arc, OnceLock};
use std::thread::JoinHandle;
use std::time::Duration;

/// How long work runs before the bar appears.
const DELAY: Duration = Duration::from_secs(1);
const TICK: Duration = Duration::from_millis(100);

/// A running progress display; it disappears when dropped.
pub struct Progress {
    done: Arc<AtomicU64>,
    /// The bar, once shown: printing goes through it so that lines and bar do not mix.
    shown: Arc<OnceLock<ProgressBar>>,
    stop: Option<Sender<()>>,
    drawer: Option<JoinHandle<()>>,
}

impl Progress {
    /// Starts counting `total` steps (`None`: a spinner) of the work named `message`.
    pub fn start(message: impl Into<String>, total: Option<u64>) -> Progress {
        let done = Arc::new(AtomicU64::new(0));
        let shown = Arc::new(OnceLock::new());
        if !std::io::stderr().is_terminal() {
            return Progress {
                done,
                shown,
                stop: None,
                drawer: None,
            };
        }
        let (stop, stopped) = channel::<()>();
        let message = message.into();
        let count = Arc::clone(&done);
        let shown_bar = Arc::clone(&shown);
        // The bar is drawn by its own thread, so work that ends within DELAY never shows one.
        let drawer = std::thread::spawn(move || {
            if stopped.recv_timeout(DELAY) != Err(RecvTimeoutError::Timeout) {
                return;
            }
            let bar = match total {
                Some(n) => ProgressBar::new(n).with_style(
                    ProgressStyle::with_template("{msg} {bar:30} {pos}/{len} [{elapsed}]")
                        .expect("valid template"),
                ),
                None => ProgressBar::new_spinner().with_style(
                    ProgressStyle::with_template("{spinner} {msg} {pos} [{elapsed}]")
                        .expect("valid template"),
                ),
            };
            bar.set_message(message);
            let _ = shown_bar.set(bar.clone());
            while stopped.recv_timeout(TICK) == Err(RecvTimeoutError::Timeout) {
                bar.set_position(count.load(Ordering::Relaxed));
                bar.tick();
            }
            bar.finish_and_clear();
        });
        Progress {
            done,
            shown,
            stop: Some(stop),
            drawer: Some(drawer),
        }
    }

    /// One step done (callable from any thread).
    pub fn step(&self) {
        self.done.fetch_add(1, Ordering::Relaxed);
    }

    /// Runs `print` with the bar (if shown) cleared, and redraws it after.
    pub fn suspend<R>(&self, print: impl FnOnce() -> R) -> R {
        match self.shown.get() {
            Some(bar) => bar.suspend(print),
            None => print(),
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        drop(self.stop.take());
        if let Some(d) = self.drawer.take() {
            // A drawer that panicked has nothing left to clean up.
            let _ = d.join();
        }
    }
}
