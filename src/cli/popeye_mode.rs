//! The reference solver's command line, for the front ends that drive it (the Olive GUI
//! writes the problem to a file and runs `<engine> -maxmem 1024M <file>`): whenever fairy
//! is started without a subcommand, or under a name beginning with `py`, it reads the
//! reference solver's parameters and then its input files (standard input when none is
//! named), and prints the reference solver's greeting and footer lines around each
//! problem.

use super::{solve_cmd, SolveArgs};
use fairy::output::text::Footer;
use fairy::problem::DEFAULT_HASH_MB;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Whether `word` names a subcommand (which keeps the ordinary command line).
fn is_subcommand(word: &str) -> bool {
    let cli = <super::Cli as clap::CommandFactory>::command();
    word == "help" || cli.get_subcommands().any(|c| c.get_name() == word)
}

/// Whether the command line is the reference solver's: the program is named `py...`, or
/// its first argument is neither a subcommand nor one of the ordinary long flags.
pub fn applies(args: &[OsString]) -> bool {
    let named_py = args
        .first()
        .and_then(|a| Path::new(a).file_name())
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.starts_with("py"));
    if named_py {
        return true;
    }
    match args.get(1).and_then(|a| a.to_str()) {
        None => true,
        Some(first) => {
            !is_subcommand(first) && !first.starts_with("--") && !matches!(first, "-h" | "-V")
        }
    }
}

/// What the reference solver's layout adds around each problem's output.
#[derive(Clone, Debug)]
pub struct Frame {
    /// `-regression`: no greeting line, no solving times.
    pub regression: bool,
}

impl Frame {
    /// The greeting line, in the reference solver's shape (`Popeye Linux-...-64Bit v4.104
    /// (1024 MB)`), naming fairy.
    pub fn greeting(&self, hash_mb: usize) -> String {
        if self.regression {
            return String::new();
        }
        format!(
            "fairy {}-{}-{}Bit v{} ({hash_mb} MB)\n",
            std::env::consts::OS,
            std::env::consts::ARCH,
            usize::BITS,
            env!("CARGO_PKG_VERSION")
        )
    }

    /// The reference solver's footer after a problem solved from `start`: ` Time =
    /// 0.008 s` after its last line (not with `-regression`), and two blank lines.
    pub fn footer(&self, start: Instant) -> Footer {
        Footer::Reference {
            since: (!self.regression).then_some(start),
        }
    }
}

/// `-maxmem` as the reference solver reads it: kilobytes, or a number with `K`, `M` or
/// `G`; in MB for the table (at least 1: the table cannot be turned off).
fn megabytes(text: &str) -> Option<usize> {
    let (digits, unit) = match text.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        Some((i, _)) => text.split_at(i),
        None => (text, "K"),
    };
    let n: u64 = digits.parse().ok()?;
    let mb = match unit.to_ascii_uppercase().as_str() {
        "K" => n / 1024,
        "M" => n,
        "G" => n.checked_mul(1024)?,
        _ => return None,
    };
    usize::try_from(mb.max(1)).ok()
}

/// The reference solver's default heartbeat rate.
const HEARTBEAT_DEFAULT_RATE: u32 = 50_000;

/// `-heartbeat [RATE]`, for parallelisers: a line `heartbeat:    n` on standard error now
/// and then, and the end of the process (status 1) when writing one fails (the
/// paralleliser has gone). The reference solver writes one every RATE positions; fairy
/// writes one every RATE / 50 000 seconds (one a second by default), which does not
/// depend on the search's speed.
fn heartbeat(rate: u32) {
    use std::io::Write;
    let interval = Duration::from_secs_f64((f64::from(rate) / 50_000.0).max(0.01));
    std::thread::spawn(move || {
        for count in 1u64.. {
            std::thread::sleep(interval);
            if writeln!(std::io::stderr(), "heartbeat:{count:5}").is_err() {
                std::process::exit(1);
            }
        }
    });
}

/// Reads the reference solver's parameters, then solves the files.
pub fn run(args: &[OsString]) -> i32 {
    let _ = fairy::threads::init(None);
    let mut hash = DEFAULT_HASH_MB;
    let mut max_time = None;
    let mut regression = false;
    let mut i = 1;
    while i < args.len() {
        let Some(param) = args[i].to_str() else { break };
        let value = args.get(i + 1).and_then(|v| v.to_str());
        match (param, value) {
            ("-maxmem", Some(v)) => {
                match megabytes(v) {
                    Some(mb) => hash = mb,
                    None => {
                        eprintln!(
                            "fairy: error: -maxmem {v}: expected a size like 40960, 40M or 1G"
                        );
                        return 2;
                    }
                }
                i += 2;
            }
            ("-maxtime", Some(v)) => {
                // As the reference solver: a value that is no number means no limit.
                max_time = v.parse::<u32>().ok().map(f64::from);
                i += 2;
            }
            ("-regression", _) => {
                regression = true;
                i += 1;
            }
            ("-heartbeat", value) => {
                // The rate is optional, as there: a value that is no number is not one.
                let rate = value.and_then(|v| v.parse::<u32>().ok());
                i += 1 + usize::from(rate.is_some());
                heartbeat(rate.unwrap_or(HEARTBEAT_DEFAULT_RATE));
            }
            _ => break,
        }
    }
    // The reference solver reads the first remaining argument as its input file; a
    // parameter it does not know is such a file name, and fails to open.
    let files: Vec<PathBuf> = args[i..].iter().map(PathBuf::from).collect();
    let solve = SolveArgs {
        files,
        fen: None,
        stip: None,
        conditions: Vec::new(),
        options: Vec::new(),
        json: false,
        time: false,
        hash,
        max_time,
        popeye: Some(Frame { regression }),
        diagrams: super::DiagramOutput {
            diagram: None,
            diagram_dir: None,
        },
    };
    solve_cmd::run(&solve)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn os(args: &[&str]) -> Vec<OsString> {
        args.iter().map(OsString::from).collect()
    }

    #[test]
    fn which_command_lines_are_the_reference_solvers() {
        assert!(applies(&os(&["fairy"])));
        assert!(applies(&os(&["fairy", "-maxmem", "1024M", "x.inp"])));
        assert!(applies(&os(&["fairy", "problem.inp"])));
        assert!(applies(&os(&["/usr/bin/py", "solve"])));
        assert!(!applies(&os(&["fairy", "solve", "x.inp"])));
        assert!(!applies(&os(&["fairy", "--threads", "2", "batch", "x"])));
        for sub in [
            "solve", "perft", "batch", "bench", "check", "diagram", "help",
        ] {
            assert!(!applies(&os(&["fairy", sub, "x"])), "{sub}");
        }
        assert!(!applies(&os(&["fairy", "-h"])));
    }

    #[test]
    fn maxmem_sizes() {
        assert_eq!(megabytes("40960"), Some(40));
        assert_eq!(megabytes("40M"), Some(40));
        assert_eq!(megabytes("1G"), Some(1024));
        assert_eq!(megabytes("0"), Some(1));
        assert_eq!(megabytes("12X"), None);
        assert_eq!(megabytes("M"), None);
    }
}
