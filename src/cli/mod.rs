//! The command line: clap types, turned into a validated configuration, then library calls.
//! Progress bars and exit codes live here and nowhere else.

mod batch_cmd;
mod bench_cmd;
mod check_cmd;
mod diagram_cmd;
mod files;
mod interrupt;
mod out;
mod perft_cmd;
mod popeye_mode;
mod solve_cmd;
mod supervise;

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
    /// Solve every problem file below some folders, with a report and a summary.
    Batch(BatchArgs),
    /// Measure each condition against orthodox play: perft speed and solving time.
    Bench(BenchArgs),
    /// Check problems for soundness: sound, cooked, no solution, short solution, ...
    Check(CheckArgs),
    /// Draw the diagram of each problem and twin as SVG.
    Diagram(DiagramArgs),
}

#[derive(clap::Args, Debug)]
pub struct DiagramArgs {
    /// Problem files (Popeye input, or YACPDB/Olive YAML) or directories.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Write one SVG file per problem and twin into DIR (created if missing) and list
    /// them; without it the one diagram goes to standard output.
    #[arg(long, short, value_name = "DIR")]
    pub out: Option<PathBuf>,
}

/// `--diagram svg` and `--diagram-dir DIR`, shared by `solve` and `check`.
#[derive(clap::Args, Debug, Clone)]
pub struct DiagramOutput {
    /// Also draw each problem's diagram (one per twin) as a file of this format.
    #[arg(long, value_name = "FORMAT")]
    pub diagram: Option<diagram_cmd::DiagramFormat>,
    /// The folder for --diagram files (default: the current folder).
    #[arg(long, value_name = "DIR", requires = "diagram")]
    pub diagram_dir: Option<PathBuf>,
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
    /// Transposition table size limit in MB (a search grows its table only as it fills).
    #[arg(long, default_value_t = fairy::problem::DEFAULT_HASH_MB, value_parser = megabytes)]
    pub hash: usize,
    /// Time limit per search in seconds (a verdict reached in time is certain; else "unknown").
    #[arg(long, value_parser = fractional_seconds)]
    pub max_time: Option<f64>,
    /// Also write the verdicts as one HTML page (diagrams, verdicts, solutions), updated as
    /// each problem is checked.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    #[command(flatten)]
    pub diagrams: DiagramOutput,
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
    #[arg(long = "cond", visible_alias = "condition")]
    pub conditions: Vec<String>,
    /// Options for --fen (repeatable), as after Popeye's `option`, e.g. 'Variations'.
    #[arg(long = "option")]
    pub options: Vec<String>,
    /// Print JSON (one object per problem, one per line) instead of Popeye's layout.
    #[arg(long)]
    pub json: bool,
    /// Set by the reference solver's command line (`fairy [-maxmem N] FILE`): its
    /// greeting and footer lines, and standard input when no file is named.
    #[arg(skip)]
    pub popeye: Option<popeye_mode::Frame>,
    /// Print the time taken per problem on standard error.
    #[arg(long)]
    pub time: bool,
    /// Transposition table size limit in MB (a search grows its table only as it fills).
    #[arg(long, default_value_t = fairy::problem::DEFAULT_HASH_MB, value_parser = megabytes)]
    pub hash: usize,
    /// Time limit per problem in seconds.
    #[arg(long, value_parser = fractional_seconds)]
    pub max_time: Option<f64>,
    #[command(flatten)]
    pub diagrams: DiagramOutput,
}

#[derive(clap::Args, Debug)]
pub struct BatchArgs {
    /// Folders to search (recursively) for problem files; a file is taken as it is.
    #[arg(required = true)]
    pub dirs: Vec<PathBuf>,
    /// File name pattern (`*` and `?`; repeatable; default `*.inp`).
    #[arg(long = "glob", value_name = "PATTERN")]
    pub globs: Vec<String>,
    /// Time limit per problem (each twin) in seconds.
    #[arg(long, value_name = "S", value_parser = fractional_seconds)]
    pub max_time: Option<f64>,
    /// Memory of all transposition tables together in MB: each of the problems solved at
    /// once (one per worker thread) gets this divided by the thread count, at least 1 MB.
    #[arg(long, value_name = "MB", default_value_t = 2 * fairy::problem::DEFAULT_HASH_MB, value_parser = megabytes)]
    pub hash: usize,
    /// Check each problem's soundness (as `fairy check`) and put the verdict in its rows.
    #[arg(long)]
    pub check: bool,
    /// Write one JSON line per twin to FILE as each problem ends.
    #[arg(long, value_name = "FILE", conflicts_with = "resume")]
    pub report: Option<PathBuf>,
    /// Go on with the report FILE: skip the problems it holds, append the others.
    #[arg(long, value_name = "FILE")]
    pub resume: Option<PathBuf>,
    /// Solve only shard K of N (1-based, e.g. 2/8), a fixed split of the problem list.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<fairy::batch::Shard>,
    /// Print the summary as JSON.
    #[arg(long)]
    pub json: bool,
    /// Also write the results as one HTML page (diagrams, verdicts with --check,
    /// solutions), rewritten as the batch goes; with --resume it holds the earlier runs too.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
}

#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// A condition to measure, as after Popeye's `condition` (repeatable; default: the
    /// standard list). Orthodox play is always measured as the reference.
    #[arg(long = "condition", visible_alias = "cond", value_name = "WORDS")]
    pub conditions: Vec<String>,
    /// Perft depth in plies (default 3, or 2 with --quick).
    #[arg(long, short, value_parser = perft_depth)]
    pub depth: Option<u32>,
    /// One run per measurement and depth 2: a smoke test, not a measurement.
    #[arg(long)]
    pub quick: bool,
    /// Perft only: do not solve the bench problems.
    #[arg(long)]
    pub no_solve: bool,
    /// Transposition table size limit for solving, in MB.
    #[arg(long, value_name = "MB", default_value_t = fairy::problem::DEFAULT_HASH_MB, value_parser = megabytes)]
    pub hash: usize,
    /// Print the figures as JSON.
    #[arg(long)]
    pub json: bool,
    /// Also write the figures as an HTML page: the table beside a bar chart of the costs.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// Also write the bar chart of the costs as an SVG file.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
}

#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    /// A problem file (Popeye input or YAML): the position of its first problem, under
    /// its conditions, with the side to move that its stipulation starts with (FEN has
    /// no letters for fairy pieces).
    pub file: Option<PathBuf>,
    /// The position in FEN (default: the game array).
    #[arg(long, conflicts_with = "file")]
    pub fen: Option<String>,
    /// Depth in plies.
    #[arg(long, short, default_value_t = 4, value_parser = perft_depth)]
    pub depth: u32,
    /// Also print the count below each first move.
    #[arg(long)]
    pub divide: bool,
    /// Condition words (repeatable).
    #[arg(long = "condition", visible_alias = "cond")]
    pub conditions: Vec<String>,
}

/// Runs the command line; returns the process exit code.
pub fn run() -> i32 {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if popeye_mode::applies(&args) {
        return popeye_mode::run(&args);
    }
    let cli = Cli::parse();
    // Deep stacks for the searches whether or not a thread count is given.
    let _ = fairy::threads::init(cli.threads);
    match cli.command {
        Command::Solve(args) => solve_cmd::run(&args),
        Command::Perft(args) => perft_cmd::run(&args),
        Command::Batch(args) => batch_cmd::run(&args),
        Command::Bench(args) => bench_cmd::run(&args),
        Command::Check(args) => check_cmd::run(&args),
        Command::Diagram(args) => diagram_cmd::run(&args),
    }
}

/// Writes a warning as [`report_error`] writes an error.
pub(crate) fn report_warning(file: &str, line: u32, col: u32, message: &str) {
    eprintln!("{file}:{line}:{col}: warning: {message}");
}

/// Writes an error in the one format the binary uses: `file:line:column: error: message`.
pub(crate) fn report_error(file: &str, line: u32, col: u32, message: &str) {
    eprintln!("{file}:{line}:{col}: error: {message}");
}

/// The longest time limit taken (about 31 years): more is a typing error, and a clock
/// cannot represent much more.
const MAX_SECONDS: u64 = 1_000_000_000;

/// A time limit in seconds, fractions allowed (the same on every subcommand).
fn fractional_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if (0.0..=MAX_SECONDS as f64).contains(&s) => Ok(s),
        Ok(s) if s >= 0.0 => Err(format!("at most {MAX_SECONDS} seconds (about 31 years)")),
        _ => Err(format!(
            "expected a number of seconds, 0 or more, not \"{text}\""
        )),
    }
}

/// A transposition table size: at least 1 MB, and no more than the machine's memory.
fn megabytes(text: &str) -> Result<usize, String> {
    let mb: usize = text
        .parse()
        .map_err(|_| format!("expected a whole number of megabytes, not \"{text}\""))?;
    if mb == 0 {
        return Err("at least 1 MB".to_string());
    }
    match machine_megabytes() {
        Some(total) if mb > total => Err(format!(
            "{mb} MB is more than this machine's memory ({total} MB)"
        )),
        _ => Ok(mb),
    }
}

/// The machine's memory in MB, where the system says (Linux).
fn machine_megabytes() -> Option<usize> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kb: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024)
}

/// A perft depth: the count recurses once per ply, and a depth past this would not end
/// in a lifetime on any position with moves.
fn perft_depth(text: &str) -> Result<u32, String> {
    const MAX_DEPTH: u32 = 64;
    match text.parse::<u32>() {
        Ok(d) if d <= MAX_DEPTH => Ok(d),
        Ok(_) => Err(format!("at most {MAX_DEPTH}")),
        Err(_) => Err(format!("expected a whole number of plies, not \"{text}\"")),
    }
}
