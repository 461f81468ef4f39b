//! A problem ready to solve: its twins set up as positions, checked for legality, and
//! handed to the search with the rules of its conditions.

mod listener;
mod setup;
mod twins;

pub use listener::{replay, Listener};
use listener::{SetPlay, Solutions};

pub use setup::{
    build_position, first_mover, game_array, help_half_moves, plans, solutions_per_side,
    SetupError, SetupErrorKind,
};
pub use twins::{expand, TwinSetup};

use crate::board::{Color, Position};
use crate::conditions::{
    resolve_for, AliceVariant, RuleSet, Rules, SelfCheckGoal, UnitMarks, WithRules,
};
use crate::input::{Options, ProblemSpec};
use crate::search::{self, BattleSolution, Found, HelpSolution, Limits, Table};
use crate::stipulation::{Goal, Parry, Play, Stipulation};
use std::time::{Duration, Instant};

/// The transposition table's size limit when none is given, in MB. A search starts on
/// 16 MB and grows its table only as it fills (`search::Table`), so a problem that needs
/// no more costs no more; a long one (intell-092, ser-h#9) runs in 30 s with 512 MB
/// against 82 s with 64 MB, two threads.
pub const DEFAULT_HASH_MB: usize = 512;

/// How to solve: limits and resources.
#[derive(Clone, Debug)]
pub struct SolveConfig {
    /// Transposition table size in MB.
    pub hash_mb: usize,
    /// Per-problem time limit (the problem's own MaxTime option may shorten it).
    pub max_time: Option<Duration>,
}

impl Default for SolveConfig {
    fn default() -> SolveConfig {
        SolveConfig {
            hash_mb: DEFAULT_HASH_MB,
            max_time: None,
        }
    }
}

/// The result of solving one twin (or the diagram of a problem without twins).
#[derive(Clone, Debug)]
pub struct TwinReport {
    pub label: Option<String>,
    pub stipulation: Stipulation,
    /// The condition words in force for this twin (a twin may change them).
    pub conditions: Vec<String>,
    pub outcome: Result<Outcome, SetupError>,
    /// Whether the time limit ran out before the search was complete.
    pub timed_out: bool,
    /// Whether help play stopped at [`crate::search::MAX_KEPT_SOLUTIONS`] solutions (no
    /// `MaxSolutions` given).
    pub solutions_capped: bool,
    pub elapsed: Duration,
    /// Positions searched.
    pub nodes: u64,
}

#[derive(Clone, Debug)]
pub enum Outcome {
    Help {
        /// Set play (option SetPlay): the stipulation with the other side starting, half a move shorter.
        set_play: Option<HelpSolution>,
        /// Solutions, shortest first; with Duplex, the other side's follow.
        solutions: Vec<HelpSolution>,
        /// With Duplex: where in `solutions` the other side's begin (printed after a
        /// blank line).
        second_half: Option<usize>,
    },
    Battle(Vec<BattleSolution>),
}

impl Outcome {
    /// This half of a duplex followed by the other's solutions (set play is the first
    /// half's only).
    fn followed_by(self, other: Outcome) -> Outcome {
        match (self, other) {
            (
                Outcome::Help {
                    set_play,
                    mut solutions,
                    ..
                },
                Outcome::Help {
                    solutions: more, ..
                },
            ) => {
                let second_half = Some(solutions.len());
                solutions.extend(more);
                Outcome::Help {
                    set_play,
                    solutions,
                    second_half,
                }
            }
            (Outcome::Battle(mut v), Outcome::Battle(more)) => {
                v.extend(more);
                Outcome::Battle(v)
            }
            // Both halves solve the same stipulation.
            (first, _) => first,
        }
    }

    pub fn partial(&self) -> bool {
        match self {
            Outcome::Help {
                set_play,
                solutions,
                ..
            } => {
                set_play.as_ref().is_some_and(|s| s.partial) || solutions.iter().any(|s| s.partial)
            }
            Outcome::Battle(v) => v.iter().any(|s| s.partial),
        }
    }
}

#[derive(Clone, Debug)]
pub struct ProblemReport {
    pub spec: ProblemSpec,
    pub twins: Vec<TwinReport>,
}

/// Solves every twin of a problem. Errors that concern the whole problem (no stipulation,
/// a bad twin) come back as `Err`; an illegal twin position is reported in its twin.
pub fn solve_problem(
    spec: &ProblemSpec,
    config: &SolveConfig,
) -> Result<ProblemReport, SetupError> {
    solve_problem_streamed(spec, config, &())
}

/// [`solve_problem`], telling `listener` what is proven as soon as it and everything
/// printed before it are (nothing when the problem cannot be solved at all).
pub fn solve_problem_streamed(
    spec: &ProblemSpec,
    config: &SolveConfig,
    listener: &dyn Listener,
) -> Result<ProblemReport, SetupError> {
    // On a worker's deep stack: the searches recurse once per half move.
    crate::threads::on_worker(|| solve_twins(spec, config, listener))
}

fn solve_twins(
    spec: &ProblemSpec,
    config: &SolveConfig,
    listener: &dyn Listener,
) -> Result<ProblemReport, SetupError> {
    let twins = twins::expand(spec).map_err(SetupError::from)?;
    listener.problem_begins(spec, twins.first().map(|t| &t.stipulation.value));
    let mut reports = Vec::new();
    for twin in &twins {
        listener.twin_begins(twin.label.as_deref());
        let start = Instant::now();
        let limits = limits_for(&spec.options, config);
        let outcome = solve_twin(spec, twin, config, &limits, listener);
        reports.push(TwinReport {
            label: twin.label.clone(),
            stipulation: twin.stipulation.value,
            conditions: twin.conditions.iter().map(|w| w.value.clone()).collect(),
            timed_out: outcome.as_ref().is_ok_and(Outcome::partial) && limits.expired(),
            solutions_capped: limits.max_solutions.is_none() && limits.kept_enough(),
            outcome,
            elapsed: start.elapsed(),
            nodes: limits.nodes(),
        });
        listener.twin_ends(reports.last().expect("just pushed"));
    }
    let report = ProblemReport {
        spec: spec.clone(),
        twins: reports,
    };
    listener.problem_ends(&report);
    Ok(report)
}

fn limits_for(options: &Options, config: &SolveConfig) -> Limits {
    let option_time = options.max_time.map(Duration::from_secs);
    let time = match (option_time, config.max_time) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    Limits::new(
        options.max_solutions.map(|m| m as usize),
        // A limit past what the clock can represent is no limit.
        time.and_then(|t| Instant::now().checked_add(t)),
    )
}

fn solve_twin(
    spec: &ProblemSpec,
    twin: &TwinSetup,
    config: &SolveConfig,
    limits: &Limits,
    listener: &dyn Listener,
) -> Result<Outcome, SetupError> {
    setup::check_options(&spec.options)?;
    setup::check_stipulation_options(&twin.stipulation.value, &spec.options)
        .map_err(|m| SetupError::new(twin.stipulation.span, m))?;
    let marks = UnitMarks::of(&twin.units);
    let options = &spec.options;
    // Each half of a duplex under its own rules: a condition may name the defending side
    // (`Maximummer`), which is White when the colours swap.
    let halves: &[bool] = if options.half_duplex {
        &[true]
    } else if options.duplex {
        &[false, true]
    } else {
        &[false]
    };
    let mut outcome: Option<Outcome> = None;
    for &swapped in halves {
        let defender = if swapped { Color::White } else { Color::Black };
        let rules = resolve_for(&twin.conditions, marks, defender)
            .map_err(|e| SetupError::new(e.span, e.message))?;
        if matches!(twin.stipulation.value.goal, Goal::Proof(_))
            && matches!(&rules, RuleSet::Alice(a) if a.variant != AliceVariant::Classic || a.board_8x4)
        {
            return Err(SetupError::new(
                twin.stipulation.span,
                "proof games (dia, a=>b) under Alice chess's offshoots or on Parton's 8x4 board are not supported",
            ));
        }
        if twin.stipulation.value.progressive
            && (!rules.progressive_built() || marks.attribute().is_some())
        {
            return Err(SetupError::new(
                twin.stipulation.span,
                "progressive play with conditions other than Circe (its square and kind rules, without Parrain or Cohen), with fairy pieces under Circe, with unit attributes or with Alice chess is not supported",
            ));
        }
        let mating_order = rules.reference_mating_order(&marks);
        let rules = if twin.stipulation.value.goal.follows_units() {
            rules.following_units().ok_or_else(|| {
                SetupError::new(
                    twin.stipulation.span,
                    "the goals of the units' diagram squares (ct, ctr, <>, <>r, k) under Alice chess are not supported",
                )
            })?
        } else {
            rules
        };
        // The one dispatch: orthodox play is monomorphised on its own, everything else
        // shares the configurable rules (or Alice's).
        let half = rules.dispatch(Run {
            spec,
            twin,
            config,
            limits,
            swapped,
            mating_order,
            listener,
        })?;
        if matches!(half, Outcome::Help { .. }) && !swapped && options.duplex {
            listener.duplex_half_ends();
        }
        outcome = Some(match outcome {
            None => half,
            Some(first) => first.followed_by(half),
        });
    }
    Ok(outcome.expect("a problem is solved in at least one half"))
}

/// The arguments of [`run`], carried through `RuleSet::dispatch`.
struct Run<'a> {
    spec: &'a ProblemSpec,
    twin: &'a TwinSetup,
    config: &'a SolveConfig,
    limits: &'a Limits,
    swapped: bool,
    /// `RuleSet::reference_mating_order`.
    mating_order: bool,
    listener: &'a dyn Listener,
}

impl WithRules for Run<'_> {
    type Output = Result<Outcome, SetupError>;
    fn run<R: Rules>(self, rules: &R) -> Self::Output {
        let stip = &self.twin.stipulation.value;
        if SelfCheckGoal::applies(rules, stip.goal) {
            let mover = setup::goal_mover(stip, self.swapped);
            return self.solve(&SelfCheckGoal::new(rules, stip.goal, mover));
        }
        self.solve(rules)
    }
}

impl Run<'_> {
    fn solve<R: Rules>(&self, rules: &R) -> Result<Outcome, SetupError> {
        run(
            rules,
            self.spec,
            self.twin,
            self.config,
            self.limits,
            self.swapped,
            self.mating_order,
            self.listener,
        )
    }
}

/// Solves one twin under `rules`, with the colours swapped or not (a duplex's halves):
/// the single place where the stipulation picks a search.
fn run<R: Rules>(
    rules: &R,
    spec: &ProblemSpec,
    twin: &TwinSetup,
    config: &SolveConfig,
    limits: &Limits,
    swapped: bool,
    mating_order: bool,
    listener: &dyn Listener,
) -> Result<Outcome, SetupError> {
    let options = &spec.options;
    let mut stip = twin.stipulation.value;
    let table = Table::pooled(config.hash_mb);
    let first = setup::first_mover(&stip, options);
    let side = if swapped { !first } else { first };
    if let Goal::Proof(goal) = stip.goal {
        let game = setup::proof_game(rules, spec, twin, goal, side)?;
        stip.goal = Goal::Proof(game.goal);
        let solutions = setup::plans(&stip, options)
            .into_iter()
            .map(|plan| search::Plan {
                proof: game.target.clone(),
                ..plan
            })
            .map(|plan| {
                let found = Solutions(listener);
                search::solve_plan_streamed(rules, &game.start, &plan, &table, limits, &found)
            })
            .collect();
        return Ok(Outcome::Help {
            set_play: None,
            solutions,
            second_half: None,
        });
    }
    let mut pos = build_position::<R>(rules, twin, options, side, twin.stipulation.span)?;
    if stip.progressive {
        let spec = search::ProgressiveSpec {
            goal: stip.goal,
            help: stip.play.is_help(),
            turns: stip.moves,
            first_length: options.turn_length.unwrap_or(1),
        };
        let solution = search::solve_progressive(rules, &pos, spec, limits, &Solutions(listener));
        return Ok(Outcome::Help {
            set_play: None,
            solutions: vec![solution],
            second_half: None,
        });
    }
    if !(stip.play.is_help() || stip.series) {
        let spec = search::BattleSpec {
            mating_order,
            ..setup::battle_spec(&stip, options)
        };
        if spec.post_key {
            pos = search::null_move(&pos);
        }
        let solution =
            search::solve_battle_streamed(rules, &pos, &spec, &table, limits, &Solutions(listener));
        listener.battle_ends();
        return Ok(Outcome::Battle(vec![solution]));
    }
    if stip.parry == Some(Parry::Defence) {
        let spec = search::ParrySpec {
            goal: stip.goal,
            self_play: stip.play == Play::SelfPlay,
            moves: stip.moves,
            mating_order,
            move_numbers: options.move_numbers,
            move_range: setup::first_move_range(options),
        };
        let found = Solutions(listener);
        let solution = search::solve_parry_series(rules, &pos, &spec, &table, limits, &found);
        return Ok(Outcome::Help {
            set_play: None,
            solutions: vec![solution],
            second_half: None,
        });
    }
    let help = HelpRun {
        rules,
        table: &table,
        limits,
        stip: &stip,
        options,
        mating_order,
    };
    let mut set_play = None;
    if options.set_play && !swapped && stip.series && stip.play == Play::Help {
        // A series helpmate's set play: the other side's last move at once, as if
        // the series had no move (the reference solver prints it `1...Kd1-e2 =`).
        let set_pos = search::null_move(&pos);
        if !rules.in_check(&set_pos, !set_pos.side) {
            let plan = search::help_plan(1, stip.goal);
            set_play = Some(help.solve(&set_pos, &plan, &SetPlay(listener)));
            listener.set_play_ends();
        }
    }
    if options.set_play && !swapped && !stip.series {
        let half_moves = setup::help_half_moves(&stip, options);
        if half_moves > 1 {
            let set_pos = search::null_move(&pos);
            if !rules.in_check(&set_pos, !set_pos.side) {
                let plan = setup::structured_plan(&stip, half_moves - 1, 1);
                let set = if stip.structured.is_some() {
                    // Numbered as the reference solver numbers a line after a pass.
                    help.solve(&set_pos, &plan, &SetPlay(listener))
                } else if (half_moves - 1) % 2 == 0 {
                    let mut set = help.solve(&set_pos, &plan, &PassFirst(&SetPlay(listener)));
                    set.lines = set.lines.into_iter().map(pass_first).collect();
                    set
                } else {
                    help.solve(&set_pos, &plan, &SetPlay(listener))
                };
                set_play = Some(set);
                listener.set_play_ends();
            }
        }
    }
    // Help-reflex play from a side that is not the one to reach the goal at the end:
    // where it can reach the goal at once it must, and fails.
    // So too in series reflex play with a goal of the move, where the series side is
    // bound.
    let first_bound = if stip.series {
        stip.play == Play::Reflex && !stip.goal.is_mate_or_stalemate()
    } else {
        stip.play == Play::HelpReflex && setup::help_half_moves(&stip, options) % 2 == 1
    };
    if first_bound {
        let obliged = search::obliged_failures(rules, &pos, stip.goal, mating_order);
        if !obliged.is_empty() {
            let found = Solutions(listener);
            obliged.iter().for_each(|l| found.line(l));
            let mut solutions: Vec<HelpSolution> = (0..setup::solutions_per_side(&stip, options))
                .map(|_| HelpSolution::default())
                .collect();
            solutions[0].obliged = obliged;
            return Ok(Outcome::Help {
                set_play,
                solutions,
                second_half: None,
            });
        }
    }
    // `MaxSolutions` counts the play of every length together, the set play apart.
    limits.count_anew();
    if stip.intro > 0 {
        // The lines of every introduction's length and every series' length, merged
        // into the reference solver's order before they are shown.
        let plans = setup::plans(&stip, options);
        let solved = plans
            .iter()
            .take_while(|_| limits.solutions_left() != Some(0))
            .map(|plan| help.solve(&pos, plan, &()))
            .collect();
        let merged = search::merge_introduced(&plans, solved);
        let found = Solutions(listener);
        let mut numbers = merged.numbers.iter().peekable();
        for (i, line) in merged.lines.iter().enumerate() {
            while let Some((_, n, played)) = numbers.next_if(|(at, _, _)| *at <= i) {
                found.tried(*n, played);
            }
            found.line(line);
        }
        numbers.for_each(|(_, n, played)| found.tried(*n, played));
        return Ok(Outcome::Help {
            set_play,
            solutions: vec![merged],
            second_half: None,
        });
    }
    let solutions = setup::plans(&stip, options)
        .iter()
        .take_while(|_| limits.solutions_left() != Some(0))
        .map(|plan| help.solve(&pos, plan, &Solutions(listener)))
        .collect();
    Ok(Outcome::Help {
        set_play,
        solutions,
        second_half: None,
    })
}

/// Set play of whole moves: the side to move passes first, which the reference solver
/// shows (`1...  ...  2.Sg4-f6 Kd5-c4`).
fn pass_first(mut line: search::HelpLine) -> search::HelpLine {
    line.steps.insert(0, search::Step::Pass);
    line
}

/// Hands lines on with [`pass_first`].
struct PassFirst<'a>(&'a dyn Found);

impl Found for PassFirst<'_> {
    fn line(&self, line: &search::HelpLine) {
        self.0.line(&pass_first(line.clone()));
    }
    fn keeps_lines(&self) -> bool {
        self.0.keeps_lines()
    }
}

/// What the help plays of one twin share.
struct HelpRun<'a, R: Rules> {
    rules: &'a R,
    table: &'a Table,
    limits: &'a Limits,
    stip: &'a Stipulation,
    options: &'a Options,
    /// `RuleSet::reference_mating_order`.
    mating_order: bool,
}

impl<R: Rules> HelpRun<'_, R> {
    /// The solutions of `plan` from `pos`, each handed to `found` as soon as it and every
    /// line before it are proven; under option `Intelligent n` where it applies
    /// ([`HelpRun::per_target`]), the first n of each target, handed on once all are
    /// found (which n come first is known only then).
    fn solve(
        &self,
        pos: &Position<R::Ext>,
        plan: &search::Plan,
        found: &dyn Found,
    ) -> HelpSolution {
        let (rules, table, limits) = (self.rules, self.table, self.limits);
        let plan = &search::Plan {
            mating_order: self.mating_order,
            ..plan.clone()
        };
        // A structured stipulation's battle after the help moves: each help line is
        // shown continued by the battle's lines, once they are known.
        if let search::End::Sequel(sequel @ search::SequelEnd::Battle { .. }) = plan.end {
            if !plan.hidden_sequel {
                let help_lines = search::solve_plan(rules, pos, plan, table, limits);
                let solved = search::expand_sequels(
                    rules,
                    pos,
                    help_lines,
                    sequel,
                    self.mating_order,
                    table,
                    limits,
                );
                solved.lines.iter().for_each(|l| found.line(l));
                return solved;
            }
        }
        match self.per_target() {
            Some(n) => {
                let all = search::solve_plan(rules, pos, plan, table, limits);
                let kept = search::keep_first_per_target(rules, pos, all, n);
                kept.lines.iter().for_each(|l| found.line(l));
                kept
            }
            None => search::solve_plan_streamed(rules, pos, plan, table, limits, found),
        }
    }

    /// Option `Intelligent n`: the first n solutions of each target
    /// (`search::keep_first_per_target`) where the reference solver's intelligent mode
    /// applies: orthodox movement, help play and series mates and stalemates (not series
    /// self or reflex play); otherwise every solution (`None`).
    fn per_target(&self) -> Option<usize> {
        match self.options.intelligent {
            Some(Some(n))
                if R::ORTHODOX_MOVEMENT
                    && self.stip.goal.is_mate_or_stalemate()
                    && matches!(self.stip.play, Play::Help | Play::Direct) =>
            {
                Some(n as usize)
            }
            _ => None,
        }
    }
}
