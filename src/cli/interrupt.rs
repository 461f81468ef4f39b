//! A run stopped by a signal (SIGTERM from a front end's stop button, SIGINT from Ctrl-C,
//! SIGHUP): it ends at once with the reference solver's words for an interrupted solution,
//! `Abort by signal 15 after 2.345 s` (the time since the problem began), after the
//! text already written. Since the text streams, everything proven and due before it is
//! already out.

use super::out;
use fairy::output::text::time_text;
use std::io::Write;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// When the problem being solved began (the reference solver times each problem).
static PROBLEM_START: Mutex<Option<Instant>> = Mutex::new(None);

/// A problem begins: the time an interruption reports counts from now.
pub fn problem_begins() {
    *PROBLEM_START.lock().unwrap_or_else(|e| e.into_inner()) = Some(Instant::now());
}

/// Where the words go and which status the run ends with.
#[derive(Clone, Copy, Debug)]
pub enum Ending {
    /// On standard output, status 1, as the reference solver ends (its command line).
    Reference,
    /// On standard output, status 128 + the signal, as shells report a signal.
    Text,
    /// On standard error (standard output carries JSON), status 128 + the signal.
    Json,
}

/// From now on SIGTERM, SIGINT and SIGHUP end the run as the module says.
pub fn install(ending: Ending) {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGTERM, SIGINT, SIGHUP]) else {
        // Without the handler a signal ends the run as it would any program.
        return;
    };
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            let since = PROBLEM_START
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .map_or(Duration::ZERO, |t| t.elapsed());
            let words = format!("\nAbort by signal {signal} after {}\n", time_text(since));
            let status = match ending {
                Ending::Reference => 1,
                Ending::Text | Ending::Json => 128 + signal,
            };
            if let Ending::Json = ending {
                let _ = std::io::stderr().write_all(words.as_bytes());
                std::process::exit(status);
            }
            // Under the lock of standard output, kept to the end: after the last whole
            // piece of text and before none.
            out::print_last(&words, status);
        }
    });
}
