//! Standard output of every subcommand. A reader that has gone (`fairy solve | head`)
//! ends the process quietly with status 0, as ripgrep does: nothing more can be shown,
//! so nothing more is solved. Any other failure to write (a full disk) is an error with
//! status 2, never a lost output with status 0.

use std::io::{self, Write};

/// The exit status after standard output failed for a reason other than a closed pipe.
pub const WRITE_FAILED: i32 = 2;

/// Writes `text` to standard output and flushes it, or ends the process (see the module).
pub fn print(text: &str) {
    let stdout = io::stdout();
    let mut lock = stdout.lock();
    if let Err(e) = lock.write_all(text.as_bytes()).and_then(|()| lock.flush()) {
        drop(lock);
        std::process::exit(failed(&e));
    }
}

/// Writes `text` as the last words of the run and ends the process with `status`. Standard
/// output stays locked until the process is gone, so no other thread's text can follow
/// the words (a search thread with a solution in hand waits for the lock and never gets it).
pub fn print_last(text: &str, status: i32) -> ! {
    let stdout = io::stdout();
    let mut lock = stdout.lock();
    let status = match lock.write_all(text.as_bytes()).and_then(|()| lock.flush()) {
        Ok(()) => status,
        Err(e) => failed(&e),
    };
    std::process::exit(status);
}

/// Writes `text` and a line end (see [`print`]).
pub fn line(text: &str) {
    print(&format!("{text}\n"));
}

/// The exit status for a write error, after saying what it was (a closed pipe says nothing).
pub fn failed(e: &io::Error) -> i32 {
    if e.kind() == io::ErrorKind::BrokenPipe {
        0
    } else {
        eprintln!("fairy: error: cannot write to standard output: {e}");
        WRITE_FAILED
    }
}
