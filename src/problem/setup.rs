//! From a twin's units to a legal starting position, and from a stipulation to search plans.

use super::twins::TwinSetup;
use crate::board::{
    Bitboard, Board, Color, EnPassant, Mark, Piece, Position, Role, Square, UnitAttrs,
    EXCLUSIVE_PAIRS,
};
use crate::conditions::Rules;
use crate::input::{AliceBoard, InputError, Options, PieceSpec, ProblemSpec, Span};
use crate::search::{self, BattleKind, BattleSpec, End, NonTrivial, Plan, ProofTarget};
use crate::stipulation::{Goal, Play, ProofGoal, ProofStart, Sequel, Stipulation};
use std::sync::Arc;

/// A problem that cannot be solved as given: an illegal position, an unsupported feature.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {}, column {}: {message}", span.line, span.col)]
pub struct SetupError {
    pub span: Span,
    pub message: String,
    pub kind: SetupErrorKind,
}

/// What is wrong with a problem that cannot be solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupErrorKind {
    /// The problem as written cannot be set up or is not supported.
    Invalid,
    /// The side not to play is in check: the position cannot arise. The reference solver
    /// shows no solution and says nothing on its standard output.
    OpponentInCheck,
}

impl SetupError {
    pub fn new(span: Span, message: impl Into<String>) -> SetupError {
        SetupError {
            span,
            message: message.into(),
            kind: SetupErrorKind::Invalid,
        }
    }
}

impl From<InputError> for SetupError {
    fn from(e: InputError) -> SetupError {
        SetupError {
            span: e.span(),
            message: e.message,
            kind: SetupErrorKind::Invalid,
        }
    }
}

/// Options that would change the solution in a way this solver does not reproduce.
pub fn check_options(options: &Options) -> Result<(), SetupError> {
    if let Some(word) = options.other.first() {
        return Err(SetupError::new(
            word.span,
            format!("option \"{}\" is not supported", word.value),
        ));
    }
    Ok(())
}

/// Options this solver does not combine with the stipulation: the message, naming both.
pub fn check_stipulation_options(stip: &Stipulation, options: &Options) -> Result<(), String> {
    if let Some(n) = options.turn_length {
        if !stip.progressive {
            return Err(format!(
                "option TurnLength applies to progressive play (prog-#n, prog-h#n, ...), not to {stip}"
            ));
        }
        if !(1..=MAX_TURN_LENGTH).contains(&n) {
            return Err(format!(
                "option TurnLength {n}: a turn has from 1 to {MAX_TURN_LENGTH} moves"
            ));
        }
    }
    if stip.progressive {
        let with = [
            (options.white_to_play, "WhiteToPlay"),
            (options.set_play, "SetPlay"),
            (options.try_play, "Try"),
            (options.null_moves, "NullMoves"),
            (options.intelligent.is_some(), "Intelligent"),
            (options.move_numbers, "MoveNumbers"),
            (options.start_move_number.is_some(), "StartMoveNumber"),
            (options.up_to_move_number.is_some(), "UpToMoveNumber"),
            (options.keep_mating_piece, "KeepMatingPiece"),
            (options.non_trivial.is_some(), "NonTrivial"),
            (options.defence.is_some(), "Defence"),
            (options.threat.is_some(), "Threat"),
            (options.no_threat, "NoThreat"),
            (options.max_flight_squares.is_some(), "MaxFlightsquares"),
            (options.quodlibet, "Quodlibet"),
            (options.goal_is_end, "GoalIsEnd"),
            (options.post_key_play, "PostKeyPlay"),
            (options.half_duplex || options.duplex, "Duplex"),
        ];
        if let Some((_, name)) = with.iter().find(|(on, _)| *on) {
            return Err(format!(
                "option {name} with progressive play ({stip}) is not supported"
            ));
        }
    }
    if stip.reci.is_some() {
        let with = [
            (options.white_to_play, "WhiteToPlay"),
            (options.set_play, "SetPlay"),
            (
                options.intelligent.is_some_and(|n| n.is_some()),
                "Intelligent n",
            ),
        ];
        if let Some((_, name)) = with.iter().find(|(on, _)| *on) {
            return Err(format!(
                "option {name} with reciprocal play ({stip}) is not supported"
            ));
        }
    }
    Ok(())
}

/// The longest first turn of progressive play (option TurnLength): far beyond a search
/// that ends.
pub const MAX_TURN_LENGTH: u32 = 100;

/// The side whose move reaches the goal (White for the attacker's goals of direct and
/// help play, Black for self play's), with the colours swapped or not; `None` where
/// both sides are bound to it (reflex play).
pub fn goal_mover(stip: &Stipulation, swapped: bool) -> Option<Color> {
    let side = match stip.play {
        Play::Direct | Play::Help => Color::White,
        Play::SelfPlay | Play::SemiReflex | Play::HelpSelf => Color::Black,
        Play::Reflex | Play::HelpReflex => return None,
    };
    Some(if swapped { !side } else { side })
}

/// The side that makes the first move of the stipulation.
pub fn first_mover(stip: &Stipulation, options: &Options) -> Color {
    if let Some(s) = stip.structured {
        return if s.inverted { !s.starter } else { s.starter };
    }
    if let Goal::Proof(p) = stip.goal {
        // A game starts with White's move; from position a Black moves first, as in
        // help play, unless WhiteToPlay.
        return match p.start {
            ProofStart::PositionA if !options.white_to_play && !stip.series => Color::Black,
            _ => Color::White,
        };
    }
    if stip.series {
        let series_side = match stip.play {
            Play::Help | Play::HelpSelf => Color::Black,
            _ => Color::White,
        };
        // `m->`: the other side's moves come first.
        return if stip.intro > 0 {
            !series_side
        } else {
            series_side
        };
    }
    match stip.play {
        Play::Help | Play::HelpSelf | Play::HelpReflex => {
            if help_half_moves(stip, options) % 2 == 1 {
                Color::White
            } else {
                Color::Black
            }
        }
        _ => Color::White,
    }
}

/// Half moves of a help stipulation: 2n, 2n+1 for h#n.5, one less with WhiteToPlay.
pub fn help_half_moves(stip: &Stipulation, options: &Options) -> usize {
    let mut h = 2 * stip.moves as usize + usize::from(stip.half);
    if stip.structured.is_some() {
        // The length as written: its side to start is written too.
        return h;
    }
    if stip.play.ends_after_plan() {
        // The last half move is the other side's forced goal move, after the plan.
        return h - 1;
    }
    if matches!(stip.goal, Goal::Proof(_)) {
        // The first mover is fixed (`first_mover`): WhiteToPlay takes no half move away.
        return h;
    }
    if options.white_to_play && !stip.half && h > 0 {
        h -= 1;
    }
    h
}

/// How many solutions a side's help play reports: one per plan, save after `m->`,
/// whose plans' lines are merged into one (the reference solver's order).
pub fn solutions_per_side(stip: &Stipulation, options: &Options) -> usize {
    if stip.intro > 0 {
        1
    } else {
        plans(stip, options).len().max(1)
    }
}

/// The cooperative plans to search, shortest first (all lengths unless `exact-`).
pub fn plans(stip: &Stipulation, options: &Options) -> Vec<Plan> {
    let goal = stip.goal;
    if let Some(own) = stip.reci {
        return reciprocal_plans(stip, own, options);
    }
    if stip.series {
        let n = stip.moves as usize;
        let lengths: Vec<usize> = if full_length_only(stip, options) {
            vec![n]
        } else {
            (1..=n).collect()
        };
        let series = lengths
            .into_iter()
            .map(|k| match stip.play {
                Play::Help => search::series_plan(k, true, End::Goal(goal)),
                Play::Direct => search::series_plan(k, false, End::Goal(goal)),
                Play::Reflex | Play::SemiReflex => search::series_plan(k, false, End::Reflex(goal)),
                // Black's series, White's move, then Black forced to the goal (or, in a
                // structured stipulation, to its sequel: a CapZug).
                Play::HelpSelf => search::series_plan(
                    k,
                    true,
                    sequel_of(stip).map_or(End::Forced(goal), End::Sequel),
                ),
                // `ser-hr` is refused at parsing.
                Play::SelfPlay | Play::HelpReflex => {
                    search::series_plan(k, false, End::Forced(goal))
                }
            })
            .map(|plan| match stip.parry {
                Some(_) => search::with_parries(plan),
                None => plan,
            })
            .map(|plan| Plan {
                keep_mating_piece: options.keep_mating_piece,
                goal_is_end: options.goal_is_end,
                hidden_sequel: stip.structured.is_some_and(|s| s.hidden),
                // Option MoveNumbers numbers the first moves of the full length, as in
                // help play: n moves of the series, and the other side's move after a
                // help series.
                move_numbers: options.move_numbers
                    && options.intelligent.is_none()
                    && plan
                        .steps
                        .iter()
                        .filter(|s| matches!(s, search::Step::Play { .. }))
                        .count()
                        == n + usize::from(matches!(stip.play, Play::Help | Play::HelpSelf)),
                move_range: first_move_range(options),
                ..plan
            })
            .collect::<Vec<Plan>>();
        // `m->`: the other side's moves first, from one to m of them (the reference
        // solver tries the shorter introductions too), each before every series.
        return match stip.intro as usize {
            0 => series,
            // Option MoveNumbers numbers the first moves of the whole introduction only.
            m => (1..=m)
                .flat_map(|k| {
                    series.iter().map(move |plan| Plan {
                        move_numbers: plan.move_numbers && k == m,
                        ..search::with_intro(plan.clone(), k)
                    })
                })
                .collect(),
        };
    }
    // Help-self play ends with the other side's forced goal move, after the plan.
    let sequel = sequel_of(stip);
    let help_end = match (stip.play, sequel) {
        (_, Some(sequel)) => End::Sequel(sequel),
        (Play::HelpSelf, _) => End::Forced(goal),
        (Play::HelpReflex, _) => End::HelpReflex(goal),
        _ => End::Goal(goal),
    };
    let full = help_half_moves(stip, options);
    let mut lengths = vec![full];
    // Help-reflex play may end before any move: the side to move must reach the goal
    // at once (`hr#1.5`: `1...b3-b2 #`); so may a structured stipulation's help play
    // before its sequel (`2hh[1a[#]d]`: `1.Ra7-a1 #`).
    let shortest = if stip.play == Play::HelpReflex || sequel.is_some() {
        0
    } else {
        1
    };
    if !full_length_only(stip, options) {
        let mut k = full;
        while k >= shortest + 2 {
            k -= 2;
            lengths.push(k);
        }
    }
    lengths.reverse();
    // Option MoveNumbers numbers the first moves of the full length (not in the
    // intelligent mode, which does not number them).
    let numbered = options.move_numbers && options.intelligent.is_none();
    lengths
        .into_iter()
        .map(|h| Plan {
            move_numbers: numbered && h == full,
            move_range: first_move_range(options),
            null_moves: options.null_moves,
            keep_mating_piece: options.keep_mating_piece,
            goal_is_end: options.goal_is_end,
            end: help_end,
            ..structured_plan(stip, h, 0)
        })
        .collect()
}

/// The help plan of `half_moves` steps to a stipulation's goal, or to a structured
/// stipulation's sequel, its lines numbered after `passes` more inversions (set play).
pub fn structured_plan(stip: &Stipulation, half_moves: usize, passes: u8) -> Plan {
    let plan = search::help_plan(half_moves, stip.goal);
    let Some(s) = stip.structured else {
        return plan;
    };
    Plan {
        end: sequel_of(stip).map_or(End::Goal(stip.goal), End::Sequel),
        numbering: Some(search::Numbering {
            inversions: u8::from(s.inverted) + passes,
            restart: None,
        }),
        hidden_sequel: s.hidden,
        ..plan
    }
}

/// What follows a structured stipulation's help play or series, as the search ends them.
fn sequel_of(stip: &Stipulation) -> Option<search::SequelEnd> {
    let goal = stip.goal;
    Some(match stip.structured?.sequel? {
        Sequel::Battle {
            play,
            moves,
            defence_first,
        } => search::SequelEnd::Battle {
            kind: battle_kind(play),
            goal,
            moves,
            defence_first,
        },
        Sequel::Forced { unchecked } => search::SequelEnd::Forced { goal, unchecked },
        Sequel::OddSelf { .. } => search::SequelEnd::Never { goal },
    })
}

fn battle_kind(play: Play) -> BattleKind {
    match play {
        Play::Direct | Play::Help => BattleKind::Direct,
        Play::SelfPlay | Play::HelpSelf => BattleKind::SelfPlay,
        Play::Reflex | Play::HelpReflex => BattleKind::Reflex,
        Play::SemiReflex => BattleKind::SemiReflex,
    }
}

/// `reci-h`: the help play (or the series) before the reciprocal end, of every length
/// from none to n - 1 moves, shortest first: the reference solver shows the shorter
/// ones too, even with `exact-`. A series moves without check, as the other side passes
/// after each of its moves, the last too.
fn reciprocal_plans(stip: &Stipulation, own: Goal, options: &Options) -> Vec<Plan> {
    let n = stip.moves as usize;
    let end = End::Reciprocal {
        help: stip.goal,
        own,
    };
    (0..n)
        .map(|k| {
            let steps = if stip.series {
                (0..k)
                    .flat_map(|_| [search::Step::Play { may_check: false }, search::Step::Pass])
                    .collect()
            } else {
                vec![search::Step::Play { may_check: true }; 2 * k]
            };
            Plan {
                steps,
                series: stip.series,
                null_moves: options.null_moves,
                own_ends_apart: n == 1,
                end,
                ..search::help_plan(0, stip.goal)
            }
        })
        .collect()
}

pub fn battle_spec(stip: &Stipulation, options: &Options) -> BattleSpec {
    let kind = battle_kind(stip.play);
    // A structured stipulation's direct play may end in a forced defender (a CapZug
    // after the key).
    let direct_end = match stip.structured.map(|s| (s.sequel, s.hidden)) {
        Some((Some(Sequel::Forced { unchecked }), hidden)) if kind == BattleKind::Direct => {
            search::DirectEnd::Forced {
                unchecked,
                shown: !hidden,
            }
        }
        _ => search::DirectEnd::Goal,
    };
    BattleSpec {
        kind,
        goal: stip.goal,
        direct_end,
        moves: stip.moves,
        // Option Try or SetPlay alone shows keys and tries bare, as the reference solver
        // does; post-key play is a tree.
        variations: options.variations || options.post_key_play,
        move_numbers: options.move_numbers,
        move_range: first_move_range(options),
        mating_order: false,
        exact: stip.exact,
        // Option Defence n shows the tries with at most n refutations, with or without
        // option Try (which alone means one).
        max_refutations: match (options.defence, options.try_play) {
            (Some(n), _) => n as usize,
            (None, true) => 1,
            (None, false) => 0,
        },
        set_play: options.set_play,
        no_threat: options.no_threat,
        max_threat: options.threat,
        post_key: options.post_key_play,
        quodlibet: options.quodlibet,
        max_flights: options.max_flight_squares,
        keep_mating_piece: options.keep_mating_piece,
        no_short_variations: options.no_short_variations,
        mates_in_1: options.mates_in_1,
        goal_is_end: options.goal_is_end,
        every_defence: false,
        non_trivial: options.non_trivial.map(|(m, n)| NonTrivial {
            max_extra: m,
            trivial_length: n,
        }),
    }
}

/// A proof game's start position and its target, ready to search.
pub struct ProofGame<E: crate::board::Extension> {
    pub start: Position<E>,
    /// The target for the bound, where the rules let it count (`Rules::proof_counting`).
    pub target: Option<Arc<ProofTarget>>,
    /// The goal with the target's placement key.
    pub goal: ProofGoal,
}

/// The positions of a proof game: the target is the twin's units, the start the game
/// array (`dia`) or the units given before the stipulation (`a=>b`), with `side` to move.
pub fn proof_game<R: Rules>(
    rules: &R,
    spec: &ProblemSpec,
    twin: &TwinSetup,
    goal: ProofGoal,
    side: Color,
) -> Result<ProofGame<R::Ext>, SetupError> {
    let span = twin.stipulation.span;
    let stip = twin.stipulation.value;
    // The side to move once the play is over: after White's series, Black, and after
    // Black's last move of `ser-hdia`, White; after help play, by the number of half
    // moves.
    let after = if stip.series {
        if stip.play == Play::Help {
            side
        } else {
            !side
        }
    } else if help_half_moves(&stip, &spec.options) % 2 == 1 {
        !side
    } else {
        side
    };
    let target = build_position::<R>(rules, twin, &spec.options, after, span)?;
    let start_units = match goal.start {
        ProofStart::GameArray => game_array(span),
        ProofStart::PositionA if spec.proof_start.is_empty() => {
            return Err(SetupError::new(
                span,
                "a=>b needs its start position: give its pieces before the stipulation and the position to reach after it",
            ))
        }
        ProofStart::PositionA => spec.proof_start.clone(),
    };
    let start_twin = TwinSetup {
        units: start_units,
        ..twin.clone()
    };
    let start = build_position::<R>(rules, &start_twin, &spec.options, side, span)?;
    let bound = match rules.proof_units(&target) {
        Some((units, board_b)) => ProofTarget::new(&units, board_b, rules.proof_counting()),
        None => ProofTarget::new(&target.board, Bitboard::EMPTY, rules.proof_counting()),
    };
    Ok(ProofGame {
        start,
        target: bound.map(Arc::new),
        goal: ProofGoal {
            key: rules.placement_key(&target),
            ..goal
        },
    })
}

/// The units of the game array, where a proof game (`dia`) starts.
pub fn game_array(span: Span) -> Vec<PieceSpec> {
    const BACK: [Role; 8] = [
        Role::Rook,
        Role::Knight,
        Role::Bishop,
        Role::Queen,
        Role::King,
        Role::Bishop,
        Role::Knight,
        Role::Rook,
    ];
    let unit = |color: Color, role: Role, square: Square| PieceSpec {
        color,
        role,
        square,
        kamikaze: false,
        royal: false,
        neutral: false,
        chameleon: false,
        paralysing: false,
        half_neutral: false,
        frischauf: false,
        alice: None,
        span,
    };
    let mut units = Vec::with_capacity(32);
    for color in Color::ALL {
        for (file, role) in (0..8).zip(BACK) {
            units.push(unit(
                color,
                role,
                Square::from_coords(file, color.back_rank()),
            ));
            units.push(unit(
                color,
                Role::Pawn,
                Square::from_coords(file, color.pawn_rank()),
            ));
        }
    }
    units
}

/// Builds and checks the starting position of a twin with `side` to move.
pub fn build_position<R: Rules>(
    rules: &R,
    twin: &TwinSetup,
    options: &Options,
    side: Color,
    stip_span: Span,
) -> Result<Position<R::Ext>, SetupError> {
    let mut board = Board::empty();
    let mut hidden = Vec::new();
    if let Some(u) = twin
        .units
        .iter()
        .filter(|_| rules.pawns_promote())
        .find(|u| u.role == Role::Pawn && u.square.rank() == u.color.promotion_rank())
    {
        return Err(SetupError::new(
            u.span,
            format!("a pawn on its promotion rank ({})", u.square),
        ));
    }
    let on_b = |u: &PieceSpec| match u.alice {
        Some(board) => board == AliceBoard::B,
        None => rules.second_board_by_default(u.color),
    };
    let on_a: Vec<&PieceSpec> = twin.units.iter().filter(|u| !on_b(u)).collect();
    for (i, u) in on_a.iter().enumerate() {
        if on_a[i + 1..].iter().any(|v| v.square == u.square) {
            // A later unit on the same square stands on top of this one.
            hidden.push((*u, (u.square, Piece::new(u.color, u.role), u.kamikaze)));
            continue;
        }
        let attrs = UnitAttrs::new(u.kamikaze, u.neutral)
            .with_chameleon(u.chameleon)
            .with_mark(Mark::Paralysing, u.paralysing)
            .with_mark(Mark::HalfNeutral, u.half_neutral)
            .with_mark(Mark::Frischauf, u.frischauf);
        board.put_unit(u.square, Piece::new(u.color, u.role), attrs);
    }
    for color in Color::ALL {
        // A neutral king is either side's.
        let royal =
            |u: &&PieceSpec| (u.color == color || u.neutral) && (u.role.is_royal() || u.royal);
        if twin.units.iter().filter(royal).count() > 1 {
            let u = twin.units.iter().rev().find(royal).expect("a king");
            return Err(SetupError::new(
                u.span,
                format!("{} has more than one king (royal unit)", color_name(color)),
            ));
        }
    }
    // A half-neutral king that turns neutral is both sides' king: beside another king
    // one side would have two, which the reference solver reads in ways we have not
    // pinned down.
    let royal = |u: &&PieceSpec| u.role.is_royal() || u.royal;
    if let Some(u) = twin.units.iter().find(|u| u.half_neutral && royal(u)) {
        if twin.units.iter().filter(royal).count() > 1 {
            return Err(SetupError::new(
                u.span,
                "a half-neutral king beside another king is not supported".to_string(),
            ));
        }
    }
    let mut pos = Position::new(board, side);
    for u in twin.units.iter().filter(|u| u.royal) {
        if let Err(message) = rules.make_royal(&mut pos, u.square) {
            return Err(SetupError::new(u.span, message));
        }
    }
    pos.assume_castling_rights();
    // A neutral rook has no castling right.
    pos.castling &= !pos.board.neutral();
    let hidden_units: Vec<_> = hidden.iter().map(|(_, h)| *h).collect();
    if let Err(message) = rules.init(&mut pos, &hidden_units) {
        return Err(SetupError::new(
            hidden.first().map(|(u, _)| u.span).unwrap_or(stip_span),
            message,
        ));
    }
    let second: Vec<_> = twin
        .units
        .iter()
        .filter(|u| on_b(u))
        .map(|u| (u.square, Piece::new(u.color, u.role), u.kamikaze))
        .collect();
    if let Err(message) = rules.place_on_second_board(&mut pos, &second) {
        let span = twin
            .units
            .iter()
            .find(|u| on_b(u))
            .map(|u| u.span)
            .unwrap_or(stip_span);
        return Err(SetupError::new(span, message));
    }
    for (x, y) in &options.castling_mutually_exclusive {
        if let Some(i) = EXCLUSIVE_PAIRS
            .iter()
            .position(|&(a, b)| (a, b) == (*x, *y) || (a, b) == (*y, *x))
        {
            pos.castling_exclusive |= 1 << i;
        }
    }
    for sq in &options.no_castling {
        pos.castling = pos.castling.without(*sq);
    }
    if let [from, crossed, to, ..] = options.en_passant[..] {
        // Under Alice chess the pawn has passed to the other board.
        let pawn_ok = rules.unit_on_any_board(&pos, to) == Some(Piece::new(!side, Role::Pawn))
            && from.file() == to.file()
            && !pos.board.occupied().contains(crossed);
        if pawn_ok {
            pos.ep = Some(EnPassant { crossed, pawn: to });
        }
    }
    if !rules.opponent_may_stand_in_check() && rules.in_check(&pos, !side) {
        return Err(SetupError {
            kind: SetupErrorKind::OpponentInCheck,
            ..SetupError::new(stip_span, "the side to play can capture the king")
        });
    }
    Ok(pos)
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Options StartMoveNumber and UpToMoveNumber: the numbered first moves searched.
pub(super) fn first_move_range(options: &Options) -> search::MoveRange {
    search::MoveRange::new(options.start_move_number, options.up_to_move_number)
}

/// Whether help play and series are searched in their full length only: `exact-`, and
/// (as in the reference solver, outside its intelligent mode) under options
/// StartMoveNumber and UpToMoveNumber, whose numbers are the full length's first moves.
fn full_length_only(stip: &Stipulation, options: &Options) -> bool {
    let ranged = options.start_move_number.is_some() || options.up_to_move_number.is_some();
    stip.exact || (ranged && options.intelligent.is_none())
}
