//! The `lifedeg` command beside its entry point: the arguments ([`args`]), each subcommand's
//! run, printing its results ([`commands`]), the benchmark ([`bench`]) and the counting
//! allocator ([`memory`]). The work itself is the library's.

pub mod args;
pub mod bench;
pub mod commands;
pub mod memory;
pub mod messages;
pub mod progress;
pub mod seconds;

use std::path::Path;
use std::process::ExitCode;

/// Exit code for a file that could not be solved (the others are still solved), a refusal or a
/// limit reached, and for bad arguments (as clap gives them).
pub const BAD_INPUT: u8 = 2;
/// Exit code for an output file (or standard output) that could not be written.
pub const BAD_OUTPUT: u8 = 1;

/// Prints to standard output. A reader that has gone (`lifedeg … | head`) ends the run
/// quietly and successfully; any other failure (a full disk) ends it with one line.
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::cli::out(&format!($($arg)*))
    };
}

/// Prints one line to standard error; a failure to do so has nowhere to be reported.
macro_rules! tell {
    ($($arg:tt)*) => {{
        use std::io::Write;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

pub(crate) use {say, tell};

/// Writes to standard output (see [`say`]).
pub fn out(text: &str) {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        tell!("lifedeg: cannot write to standard output: {e}");
        std::process::exit(BAD_OUTPUT.into());
    }
}

/// The exit code of a run: its worst outcome (0 all solved, [`BAD_OUTPUT`], [`BAD_INPUT`]).
pub fn exit(status: u8) -> ExitCode {
    ExitCode::from(status)
}

/// The status of a run in which inputs may have failed.
pub fn inputs_failed(failed: bool) -> u8 {
    if failed {
        BAD_INPUT
    } else {
        0
    }
}

/// Refuses the arguments with one line, and exit code [`BAD_INPUT`].
pub fn usage_error(message: &str) -> ! {
    tell!("lifedeg: {message}");
    std::process::exit(BAD_INPUT.into())
}

/// Writes an output file; says which file failed. The status: 0 or [`BAD_OUTPUT`].
pub fn write(path: &Path, text: &str) -> u8 {
    match std::fs::write(path, text) {
        Ok(()) => 0,
        Err(e) => {
            tell!("lifedeg: {}: cannot write: {e}", path.display());
            BAD_OUTPUT
        }
    }
}
