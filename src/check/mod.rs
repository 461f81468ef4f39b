//! Soundness checking for composers: each twin of a problem is solved with variations
//! and tries, then compared with what the composer intends. The verdicts are defined in
//! `docs/check.md`.
//!
//! * `intended`: the `intended-solutions` values (`2`, `2.1.1.1`, `2.1...`).
//! * `remarks`: the statements in `remark` lines (`solution:`, `key:`,
//!   `intended-solutions:`, `verdict:`).
//! * `help`, `battle`: the verdict from the solutions of help/series and battle play.
//! * `verdict`: the verdict types.
//!
//! The check only calls the solver (`problem::solve_problem`), so it works under every
//! condition the solver supports.

mod battle;
mod help;
mod intended;
mod remarks;
mod verdict;

#[cfg(test)]
mod tests;

pub use intended::{Intended, IntendedError, IntendedSource};
pub use remarks::{for_twin, parse_remark, remarks, twin_letter, Remark, RemarkKind};
pub use verdict::{Details, TryLine, Verdict, VerdictKind};

use crate::input::{ProblemSpec, Spanned};
use crate::movegen::Move;
use crate::output::text::help_line;
use crate::problem::{
    self, solve_problem, Outcome, ProblemReport, SetupError, SolveConfig, TwinReport, TwinSetup,
};
use crate::search::{BattleSolution, HelpSolution};
use crate::stipulation::{Play, Stipulation};

/// How to check.
#[derive(Clone, Debug, Default)]
pub struct CheckConfig {
    pub solve: SolveConfig,
    /// Overrides every intended count (`--intended`).
    pub intended: Option<Intended>,
}

/// The check of one twin (or of a problem without twins).
#[derive(Clone, Debug)]
pub struct TwinCheck {
    /// Popeye's twin label, e.g. `b) bSh3-->h4`.
    pub label: Option<String>,
    pub stipulation: Stipulation,
    pub result: Result<Verdict, SetupError>,
    /// Time and positions of every search the check ran for this twin.
    pub seconds: f64,
    pub nodes: u64,
}

/// The check of one problem.
#[derive(Clone, Debug)]
pub struct ProblemCheck {
    /// 1-based position of the problem in its file.
    pub index: usize,
    pub twins: Vec<TwinCheck>,
}

impl ProblemCheck {
    /// Whether every twin is sound.
    pub fn sound(&self) -> bool {
        self.twins
            .iter()
            .all(|t| matches!(&t.result, Ok(v) if v.kind == VerdictKind::Sound))
    }
}

/// What is intended for one twin.
struct Expectation {
    intended: Intended,
    source: IntendedSource,
    /// The intended count is per side to play (Duplex doubles it); counts from the
    /// remarks cover every side already.
    per_side: bool,
}

fn expectation(
    spec: &ProblemSpec,
    all: &[Remark],
    letter: Option<char>,
    stip: &Stipulation,
    config: &CheckConfig,
) -> Result<Expectation, SetupError> {
    let battle = is_battle(stip);
    if let Some(i) = &config.intended {
        return Ok(Expectation {
            intended: i.clone(),
            source: IntendedSource::CommandLine,
            per_side: true,
        });
    }
    let stated = for_twin(all, RemarkKind::Intended, letter);
    // A statement naming the twin wins over one for every twin.
    if let Some(r) = stated
        .iter()
        .find(|r| r.twin.is_some())
        .or_else(|| stated.first())
    {
        let intended = r
            .text
            .parse::<Intended>()
            .map_err(|e| SetupError::new(spec.span, e.to_string()))?;
        return Ok(Expectation {
            intended,
            source: IntendedSource::Stated,
            per_side: true,
        });
    }
    let kind = if battle {
        RemarkKind::Key
    } else {
        RemarkKind::Solution
    };
    let stated = for_twin(all, kind, letter);
    let mut befores: Vec<&str> = stated.iter().map(|r| one_solution(&r.text, stip)).collect();
    befores.sort_unstable();
    befores.dedup();
    let count = befores.len();
    if count > 0 {
        return Ok(Expectation {
            intended: Intended::Count(count),
            source: IntendedSource::Remarks,
            per_side: false,
        });
    }
    Ok(Expectation {
        intended: Intended::Count(1),
        source: IntendedSource::Default,
        per_side: true,
    })
}

/// The text of a solution line before its move numbered `n` (all of it without one).
fn before_move(line: &str, n: u32) -> &str {
    let number = format!("{n}.");
    line.match_indices(&number)
        .find(|(i, _)| *i == 0 || line[..*i].ends_with(char::is_whitespace))
        .map_or(line, |(i, _)| line[..i].trim_end())
}

/// The text of a solution line before its last move (a token with a square's digit).
fn before_last_move(line: &str) -> &str {
    line.split_whitespace()
        .rfind(|t| t.chars().any(|c| c.is_ascii_digit()))
        .map_or(line, |t| {
            let at = t.as_ptr() as usize - line.as_ptr() as usize;
            line[..at].trim_end()
        })
}

/// What the lines of one solution share: in reciprocal play what comes before their
/// ends (the moves numbered below n), in play that ends with the other side's forced or
/// obliged move what comes before that move, otherwise the whole line.
fn one_solution<'t>(text: &'t str, stip: &Stipulation) -> &'t str {
    if stip.reci.is_some() {
        before_move(text, stip.moves)
    } else if forced_end(stip) {
        before_last_move(text)
    } else {
        text
    }
}

/// Play that ends with the other side's forced or obliged move after the plan: series
/// self and reflex play, help-self and help-reflex play.
fn forced_end(stip: &Stipulation) -> bool {
    (stip.series && !matches!(stip.play, Play::Help | Play::Direct)) || stip.play.ends_after_plan()
}

fn is_battle(stip: &Stipulation) -> bool {
    !(stip.play.is_help() || stip.series)
}

/// Checks every twin of a problem. Errors that concern the whole problem (no
/// stipulation, a bad twin, a malformed `intended-solutions` remark) come back as `Err`.
pub fn check_problem(spec: &ProblemSpec, config: &CheckConfig) -> Result<ProblemCheck, SetupError> {
    check_with_report(spec, config).map(|(_, check)| check)
}

/// As [`check_problem`], with the solution it judged (as [`solving_spec`] solves it), for
/// the callers that print the play too.
pub fn check_with_report(
    spec: &ProblemSpec,
    config: &CheckConfig,
) -> Result<(ProblemReport, ProblemCheck), SetupError> {
    let solving = solving_spec(spec);
    let report = solve_problem(&solving, &config.solve)?;
    let check = judge_report(spec, &solving, &report, config)?;
    Ok((report, check))
}

/// The problem as the check solves it: with variations and tries, and every key and
/// every solution (they are needed to find cooks).
pub fn solving_spec(spec: &ProblemSpec) -> ProblemSpec {
    let mut solving = spec.clone();
    solving.options.variations = true;
    // Progressive play has no tries (its first turns are keys or nothing).
    solving.options.try_play = !spec
        .stipulation
        .as_ref()
        .is_some_and(|s| s.value.progressive);
    solving.options.max_solutions = None;
    solving
}

/// The verdicts for a problem already solved as `solving` (from [`solving_spec`]); battle
/// play is solved once more one move shorter, for short solutions.
pub fn judge_report(
    spec: &ProblemSpec,
    solving: &ProblemSpec,
    report: &ProblemReport,
    config: &CheckConfig,
) -> Result<ProblemCheck, SetupError> {
    let all = remarks(spec);
    let setups = problem::expand(spec).map_err(SetupError::from)?;
    let twinned = report.twins.len() > 1 || report.twins.iter().any(|t| t.label.is_some());
    let mut twins = Vec::new();
    for (twin, setup) in report.twins.iter().zip(&setups) {
        let letter = twinned
            .then(|| twin_letter(twin.label.as_deref()))
            .flatten();
        let mut check = TwinCheck {
            label: twin.label.as_deref().map(|l| l.trim_end().to_string()),
            stipulation: twin.stipulation,
            result: Err(SetupError::new(spec.span, "not checked")),
            seconds: twin.elapsed.as_secs_f64(),
            nodes: twin.nodes,
        };
        let exp = expectation(spec, &all, letter, &twin.stipulation, config)?;
        check.result = match &twin.outcome {
            Err(e) => Err(e.clone()),
            Ok(Outcome::Help {
                set_play,
                solutions,
                ..
            }) => Ok(judge_help(solving, twin, set_play.as_ref(), solutions, exp)),
            Ok(Outcome::Battle(solutions)) => {
                let short = short_battle(solving, setup, twin, config);
                if let Some(r) = &short {
                    check.seconds += r.elapsed.as_secs_f64();
                    check.nodes += r.nodes;
                }
                Ok(judge_battle(twin, solutions, short.as_ref(), exp))
            }
        };
        twins.push(check);
    }
    Ok(ProblemCheck {
        index: spec.index,
        twins,
    })
}

fn moves_of(line: &crate::search::HelpLine) -> Vec<Move> {
    line.moves.iter().map(|m| m.mv).collect()
}

fn judge_help(
    spec: &ProblemSpec,
    twin: &TwinReport,
    set_play: Option<&HelpSolution>,
    solutions: &[HelpSolution],
    exp: Expectation,
) -> Verdict {
    let stip = twin.stipulation;
    let per_side = problem::solutions_per_side(&stip, &spec.options);
    // After `m->` a side's lines of every length come merged, in the reference solver's
    // order: those of the whole introduction and the whole series are the full length.
    let full_steps = (stip.intro > 0).then(|| {
        problem::plans(&stip, &spec.options)
            .last()
            .map_or(0, |plan| plan.steps.len())
    });
    let is_full = |l: &crate::search::HelpLine| {
        full_steps.is_none_or(|steps| l.intro == stip.intro as usize && l.steps.len() >= steps)
    };
    // Series self and reflex play end with the defender's forced moves, one line each:
    // they are one solution.
    let forced_end = forced_end(&stip);
    let mut sides = Vec::new();
    let mut listed = Vec::new();
    let mut short = Vec::new();
    for side in solutions.chunks(per_side) {
        let (full, shorter) = side.split_last().expect("a plan per side");
        let mut lines: Vec<Vec<Move>> = Vec::new();
        for l in full.lines.iter().filter(|l| !is_full(l)) {
            short.push(help_line(l).trim().to_string());
        }
        for l in full.lines.iter().filter(|l| is_full(l)) {
            let mut moves = moves_of(l);
            if forced_end {
                moves.pop();
            }
            if stip.structured.is_some_and(|s| s.sequel.is_some()) {
                // A structured stipulation's sequel (the battle after the help moves,
                // a line for each of its variations) is one solution's play.
                moves.truncate(problem::help_half_moves(&stip, &spec.options));
            }
            if stip.reci.is_some() {
                // Reciprocal play: one solution per play before the ends, which has
                // fewer than n moves (Black's series, or help play of whole moves).
                let before = stip.moves as usize - 1;
                moves.truncate(if stip.series { before } else { 2 * before });
            }
            if !lines.contains(&moves) {
                lines.push(moves);
            }
            listed.push(help_line(l).trim().to_string());
        }
        sides.push(lines);
        for s in shorter {
            short.extend(s.lines.iter().map(|l| help_line(l).trim().to_string()));
        }
    }
    let found: usize = sides.iter().map(Vec::len).sum();
    let partial = solutions.iter().any(|s| s.partial);
    let (kind, reason) = if partial && short.is_empty() {
        (VerdictKind::Unknown, time_limit(twin, found, "solution"))
    } else {
        help::judge(&sides, short.len(), &exp.intended, exp.per_side)
    };
    Verdict {
        kind,
        reason,
        intended: exp.intended,
        intended_source: exp.source,
        found,
        details: Details::Help {
            solutions: listed,
            short,
            set_play: set_play
                .map(|s| {
                    s.lines
                        .iter()
                        .map(|l| help_line(l).trim().to_string())
                        .collect()
                })
                .unwrap_or_default(),
        },
    }
}

fn time_limit(twin: &TwinReport, found: usize, what: &str) -> String {
    format!(
        "time limit reached after {:.1} s and {} positions, {found} {what}{} found so far",
        twin.elapsed.as_secs_f64(),
        twin.nodes,
        help::plural(found)
    )
}

/// Solves the twin one move shorter (battle play, two moves or more), without the tree;
/// not under `exact-`, whose stipulation itself excludes shorter play.
fn short_battle(
    spec: &ProblemSpec,
    setup: &TwinSetup,
    twin: &TwinReport,
    config: &CheckConfig,
) -> Option<TwinReport> {
    let stip = twin.stipulation;
    if stip.moves < 2 || stip.exact || spec.options.post_key_play || twin.outcome.is_err() {
        return None;
    }
    let mut short = ProblemSpec::new(spec.index, spec.span);
    short.pieces = setup.units.clone();
    short.conditions = setup.conditions.clone();
    short.stipulation = Some(Spanned::new(
        Stipulation {
            moves: stip.moves - 1,
            ..stip
        },
        setup.stipulation.span,
    ));
    short.options = spec.options.clone();
    short.options.variations = false;
    short.options.try_play = false;
    short.options.set_play = false;
    short.options.max_solutions = None;
    let report = solve_problem(&short, &config.solve).ok()?;
    report.twins.into_iter().next()
}

fn judge_battle(
    twin: &TwinReport,
    solutions: &[BattleSolution],
    short: Option<&TwinReport>,
    exp: Expectation,
) -> Verdict {
    let keys = battle::keys(solutions);
    let (short_keys, short_partial) = match short.map(|r| &r.outcome) {
        Some(Ok(Outcome::Battle(s))) => (battle::keys(s), s.iter().any(|s| s.partial)),
        _ => (Vec::new(), false),
    };
    let partial = solutions.iter().any(|s| s.partial);
    let expected = if exp.per_side {
        exp.intended.branching_at(0) * solutions.len()
    } else {
        exp.intended.branching_at(0)
    };
    let (kind, reason) = if short_keys.is_empty() && partial {
        (VerdictKind::Unknown, time_limit(twin, keys.len(), "key"))
    } else if short_keys.is_empty() && short_partial {
        (
            VerdictKind::Unknown,
            format!(
                "time limit reached while looking for a solution in {}",
                stip_shorter(&twin.stipulation)
            ),
        )
    } else {
        battle::judge(solutions, keys.len(), short_keys.len(), expected)
    };
    let duals = battle::duals(solutions);
    Verdict {
        kind,
        reason,
        intended: exp.intended,
        intended_source: exp.source,
        found: keys.len(),
        details: Details::Battle {
            keys,
            short: short_keys,
            best_tries: battle::best_tries(solutions),
            duals: duals.variations,
            threat_duals: duals.threats,
        },
    }
}

fn stip_shorter(stip: &Stipulation) -> String {
    Stipulation {
        moves: stip.moves.saturating_sub(1),
        ..*stip
    }
    .to_string()
}
