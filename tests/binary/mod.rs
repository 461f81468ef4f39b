//! Running the `fairy` binary from the integration tests that drive the command line.
#![allow(dead_code)]

use std::process::{Command, Output};

/// The binary under test, as a command to add arguments to.
pub fn fairy() -> Command {
    Command::new(env!("CARGO_BIN_EXE_fairy"))
}

/// Runs the binary with `args` and waits for it.
pub fn run(args: &[&str]) -> Output {
    fairy().args(args).output().expect("the fairy binary runs")
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}
