//! A progress line on stderr for work that takes more than a second: problems done, states
//! built, proof positions searched, their rate and the time elapsed. On a terminal it is one
//! line redrawn in place; elsewhere (pipes, logs) a plain line every few seconds, so that a
//! long run is never silent and a log stays readable.

use indicatif::{ProgressBar, ProgressStyle};
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{channel, RecvTimeoutError, Sender};
use std::sync::{Arc, OnceLock};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long work runs before the line appears.
const DELAY: Duration = Duration::from_secs(1);
/// How often the line is redrawn on a terminal.
const TICK: Duration = Duration::from_millis(200);
/// How often a line is written when stderr is not a terminal.
const LOG_EVERY: Duration = Duration::from_secs(5);

/// A running progress display; it disappears when dropped.
pub struct Progress {
    done: Arc<AtomicU64>,
    /// The bar, once shown on a terminal: printing goes through it so that lines and bar do
    /// not mix.
    shown: Arc<OnceLock<ProgressBar>>,
    stop: Option<Sender<()>>,
    drawer: Option<JoinHandle<()>>,
}

/// The process's work counters, read together.
fn work() -> [u64; 2] {
    let work = lifedeg::work_done();
    [work.states, work.proof_positions]
}

/// `1234567` → `1.2 M`.
fn count(n: u64) -> String {
    match n {
        0..10_000 => n.to_string(),
        10_000..10_000_000 => format!("{:.0} k", n as f64 / 1e3),
        _ => format!("{:.1} M", n as f64 / 1e6),
    }
}

impl Progress {
    /// Starts counting `total` steps (problems; `None`: unknown) of the work named `message`;
    /// `quiet` shows nothing.
    pub fn start(message: impl Into<String>, total: Option<u64>, quiet: bool) -> Progress {
        let done = Arc::new(AtomicU64::new(0));
        let shown = Arc::new(OnceLock::new());
        if quiet {
            return Progress {
                done,
                shown,
                stop: None,
                drawer: None,
            };
        }
        let (stop, stopped) = channel::<()>();
        let message = message.into();
        let steps = Arc::clone(&done);
        let shown_bar = Arc::clone(&shown);
        let terminal = std::io::stderr().is_terminal();
        let start = Instant::now();
        let base = work();
        // Drawn by its own thread, so work that ends within DELAY never shows anything.
        let drawer = std::thread::spawn(move || {
            if stopped.recv_timeout(DELAY) != Err(RecvTimeoutError::Timeout) {
                return;
            }
            let mut last = (start, 0);
            let mut line = || {
                let [states, proofs] = [0, 1].map(|i| work()[i] - base[i]);
                let now = Instant::now();
                let rate = (states + proofs - last.1) as f64
                    / now.duration_since(last.0).as_secs_f64().max(1e-3);
                last = (now, states + proofs);
                let done = steps.load(Ordering::Relaxed);
                let total = total.map_or(String::new(), |t| format!(" {done}/{t}"));
                let secs = start.elapsed().as_secs();
                format!(
                    "{message}{total}: {} states, {} proof positions, {}/s, {}:{:02}",
                    count(states),
                    count(proofs),
                    count(rate as u64),
                    secs / 60,
                    secs % 60
                )
            };
            if !terminal {
                let mut wait = Duration::ZERO;
                while stopped.recv_timeout(wait) == Err(RecvTimeoutError::Timeout) {
                    let _ = writeln!(std::io::stderr(), "{}", line());
                    wait = LOG_EVERY;
                }
                return;
            }
            let bar = ProgressBar::new_spinner().with_style(
                ProgressStyle::with_template("{spinner} {msg}").expect("valid template"),
            );
            let _ = shown_bar.set(bar.clone());
            while stopped.recv_timeout(TICK) == Err(RecvTimeoutError::Timeout) {
                bar.set_message(line());
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
