//! The command line: clap types, turned into a validated configuration, then library calls.
//! Progress bars and exit codes live here and nowhere else.

mod check_cmd;
mod files;
mod perft_cmd;
mod solve_cmd;

use clap::{Parser, Subcommand};
use std::path::PathBuf;

#[derive(Parser, Debug)]
#[command(
    name = "fairy",
    version,
    about = "Solver for composed fairy-chess problems in Popeye's input language"
)]
pub struct Cli {
    /// Worker threads (default: all cores).
    #[arg(long, global = true)]
    pub threads: Option<usize>,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Solve the problems of one or more files (or one problem given with --fen).
    Solve(SolveArgs),
    /// Count the legal move paths of a position to a depth.
    Perft(PerftArgs),
    /// Check problems for soundness: sound, cooked, no solution, short solution, ...
    Check(CheckArgs),
}

#[derive(clap::Args, Debug)]
pub struct CheckArgs {
    /// Problem files (Popeye input, or YACPDB/Olive YAML: .olv, .yaml, .yml) or directories.
    pub files: Vec<PathBuf>,
    /// The intended solutions for every problem: a count (2) or counts per half-move (2.1.1.1).
    #[arg(long)]
    pub intended: Option<String>,
    /// Print JSON (one object per problem, one per line).
    #[arg(long)]
    pub json: bool,
    /// Transposition table size in MB.
    #[arg(long, default_value_t = 64)]
    pub hash: usize,
    /// Time limit per search in seconds (a verdict reached in time is certain; else "unknown").
    #[arg(long)]
    pub max_time: Option<f64>,
}

#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    /// Problem files (Popeye input, or YACPDB/Olive YAML: .olv, .yaml, .yml) or directories.
    pub files: Vec<PathBuf>,
    /// A position in FEN (board part, or a whole FEN) instead of a file.
    #[arg(long, requires = "stip")]
    pub fen: Option<String>,
    /// The stipulation for --fen, e.g. '#2', 'h#3', 's#2'.
    #[arg(long)]
    pub stip: Option<String>,
    /// Condition words for --fen (repeatable), as after Popeye's `condition`.
    #[arg(long = "cond")]
    pub conditions: Vec<String>,
    /// Options for --fen (repeatable), as after Popeye's `option`, e.g. 'Variations'.
    #[arg(long = "option")]
    pub options: Vec<String>,
    /// Print JSON (one object per problem, one per line) instead of Popeye's layout.
    #[arg(long)]
    pub json: bool,
    /// Print the time taken per problem on standard error.
    #[arg(long)]
    pub time: bool,
    /// Transposition table size in MB.
    #[arg(long, default_value_t = 64)]
    pub hash: usize,
    /// Time limit per problem in seconds.
    #[arg(long)]
    pub max_time: Option<u64>,
}

#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    /// The position in FEN (default: the game array).
    #[arg(long)]
    pub fen: Option<String>,
    /// Depth in plies.
    #[arg(long, short, default_value_t = 4)]
    pub depth: u32,
    /// Also print the count below each first move.
    #[arg(long)]
    pub divide: bool,
    /// Condition words (repeatable).
    #[arg(long = "condition")]
    pub conditions: Vec<String>,
}

/// Runs the command line; returns the process exit code.
pub fn run() -> i32 {
    let cli = Cli::parse();
    if let Some(n) = cli.threads {
        let _ = rayon::ThreadPoolBuilder::new()
            .num_threads(n.max(1))
            .build_global();
    }
    match cli.command {
        Command::Solve(args) => solve_cmd::run(&args),
        Command::Perft(args) => perft_cmd::run(&args),
        Command::Check(args) => check_cmd::run(&args),
    }
}

/// Writes an error in the one format the binary uses: `file:line:column: error: message`.
pub(crate) fn report_error(file: &str, line: u32, col: u32, message: &str) {
    eprintln!("{file}:{line}:{col}: error: {message}");
}
