//! From condition words (and the unit attributes that switch rules on) to one rules value,
//! and the single dispatch that runs generic work under it. The solver, `fairy perft` and
//! `fairy bench` all choose their rules here.

use super::alice::{Alice, AliceVariant};
use super::fairy::{DiagramOrigins, Fairy, NoOrigins};
use super::mummer::Mummer;
use super::parse::{
    alice_option_given, names_alice, names_defender_maximummer, parse_conditions, AliceOption,
    ConditionError,
};
use super::{FairyPieces, Orthodox, Reborn, Rules};
use crate::board::{Color, FairyUnits, NoFairy, Role};
use crate::input::{PieceSpec, Span, Spanned};
use crate::movegen::Promotions;

/// The rules a set of conditions asks for. Orthodox play keeps its own zero-sized type so
/// that a search monomorphised on it pays nothing for the conditions seam.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RuleSet {
    Orthodox,
    /// No condition, with fairy units on the board.
    FairyPieces(FairyPieces),
    Fairy(Fairy),
    Alice(Alice),
}

impl RuleSet {
    /// Whether progressive play is built with these rules (`search::progressive`):
    /// orthodox play, fairy pieces, and a Circe alone.
    pub fn progressive_built(&self) -> bool {
        match self {
            RuleSet::Orthodox | RuleSet::FairyPieces(_) => true,
            // Parrain's rebirth waits for the next move and Cohen's rule looks at the
            // last, which a turn of several moves of one side would change.
            RuleSet::Fairy(f) => {
                f.is_circe_alone() && f.circe.is_some_and(|c| !c.cohen && !c.waits())
            }
            RuleSet::Alice(_) => false,
        }
    }

    /// Whether the reference solver finds the last move of a mate or check (an attacker's
    /// in direct play, the last of help and series play) with its generator of orthodox
    /// mating moves under these rules and units, whose order is
    /// [`crate::search::reference_order::final_place`]'s. It keeps that generator under
    /// the conditions that leave the walks, observation and the legality of the last move
    /// as in orthodox chess: Circe and most of its variants, Andernach and Anti-Andernach
    /// chess, Grid chess, Masand, Immun chess, NoCapture and NoPromotion; Alice chess puts
    /// a generator of its own in its place.
    pub fn reference_mating_order(&self, marks: &UnitMarks) -> bool {
        use super::circe::{Occupied, Reborn};
        let f = match self {
            RuleSet::Orthodox => return true,
            RuleSet::FairyPieces(_) | RuleSet::Alice(_) => return false,
            RuleSet::Fairy(f) => f,
        };
        let units_plain = marks.fairy.is_none()
            && marks.kamikaze.is_none()
            && marks.royal.is_none()
            && marks.royal_fairy.is_none()
            && marks.chameleon.is_none()
            && marks.paralysing.is_none()
            && marks.half_neutral.is_none();
        let circe_plain = f.circe.is_none_or(|c| {
            c.reborn == Reborn::Captured
                && !c.waits()
                && c.occupied != Occupied::Assassin
                && !c.occupied.hides()
                && !c.rex_inclusive
                && !c.kind.gives_fairy_kinds()
                && !c.frischauf
                // Neutral units with a Circe (not Immun chess alone).
                && (marks.neutral.is_none() || !c.rebirths)
        });
        units_plain && circe_plain && f.only_parts_keeping_orthodox_mating()
    }
}

/// Units of the diagram that switch rules on by themselves: one standing on a stated Alice
/// board, one with the kamikaze attribute, one of a fairy kind (each with where it was
/// written); and the promotion choices the kinds on the board give.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct UnitMarks {
    pub alice_board: Option<Span>,
    pub kamikaze: Option<Span>,
    pub fairy: Option<Span>,
    /// The first royal unit of a fairy kind.
    pub royal_fairy: Option<Span>,
    /// The first unit other than a king with the royal attribute.
    pub royal: Option<Span>,
    /// The first neutral unit.
    pub neutral: Option<Span>,
    /// The first unit with the chameleon attribute.
    pub chameleon: Option<Span>,
    /// The first unit with the paralysing attribute.
    pub paralysing: Option<Span>,
    /// The first half-neutral unit.
    pub half_neutral: Option<Span>,
    /// The first orphan.
    pub orphan: Option<Span>,
    /// The first king.
    pub king: Option<Span>,
    /// The first unit with the Frischauf attribute (promoted before the diagram).
    pub frischauf: Option<Span>,
    pub promotions: Promotions,
}

impl UnitMarks {
    /// The first unit with an attribute (kamikaze, royal beyond a king, neutral,
    /// chameleon, paralysing).
    pub(crate) fn attribute(&self) -> Option<Span> {
        self.kamikaze
            .or(self.royal)
            .or(self.neutral)
            .or(self.chameleon)
            .or(self.paralysing)
            .or(self.half_neutral)
            .or(self.frischauf)
    }

    /// The first unit on a stated Alice board, the first kamikaze unit and the first
    /// fairy unit among `units`, and their promotion choices.
    pub fn of(units: &[PieceSpec]) -> UnitMarks {
        UnitMarks {
            alice_board: units.iter().find(|u| u.alice.is_some()).map(|u| u.span),
            kamikaze: units.iter().find(|u| u.kamikaze).map(|u| u.span),
            fairy: units.iter().find(|u| !u.role.is_orthodox()).map(|u| u.span),
            royal_fairy: units
                .iter()
                .find(|u| u.role.is_royal() && u.role != Role::King)
                .map(|u| u.span),
            royal: units.iter().find(|u| u.royal).map(|u| u.span),
            neutral: units.iter().find(|u| u.neutral).map(|u| u.span),
            chameleon: units.iter().find(|u| u.chameleon).map(|u| u.span),
            paralysing: units.iter().find(|u| u.paralysing).map(|u| u.span),
            half_neutral: units.iter().find(|u| u.half_neutral).map(|u| u.span),
            orphan: units
                .iter()
                .find(|u| u.role == Role::Orphan)
                .map(|u| u.span),
            king: units.iter().find(|u| u.role == Role::King).map(|u| u.span),
            frischauf: units.iter().find(|u| u.frischauf).map(|u| u.span),
            promotions: Promotions::with(units.iter().map(|u| u.role)),
        }
    }
}

/// Work to run under whichever rules a [`RuleSet`] holds.
pub trait WithRules {
    type Output;
    fn run<R: Rules>(self, rules: &R) -> Self::Output;
}

impl RuleSet {
    /// The same rules on positions that carry every unit's diagram square, for the goals
    /// that ask where units stood in the diagram (circuit, exchange, kiss); orthodox
    /// play goes to the configurable rules, which can carry them. Alice chess cannot.
    pub fn following_units(self) -> Option<RuleSet> {
        let mut fairy = match self {
            RuleSet::Orthodox => Fairy::default(),
            RuleSet::FairyPieces(p) => {
                let mut f = Fairy::default();
                f.promotions = p.promotions;
                f.fairy_units = true;
                f.orphans = p.orphans;
                f
            }
            RuleSet::Fairy(f) => f,
            RuleSet::Alice(_) => return None,
        };
        fairy.follow_units = true;
        Some(RuleSet::Fairy(fairy))
    }

    /// Runs `work` monomorphised on the rules type this set holds.
    pub fn dispatch<W: WithRules>(&self, work: W) -> W::Output {
        match self {
            RuleSet::Orthodox => work.run(&Orthodox),
            RuleSet::FairyPieces(p) => work.run(p),
            // Only Diagram Circe and the goals of the diagram squares pay for positions
            // that carry them, and only problems with fairy units for boards that keep
            // their kinds.
            RuleSet::Fairy(f) => match (f.needs_origins(), f.fairy_units) {
                (false, false) => work.run(f),
                (true, false) => work.run(&f.with_layout::<DiagramOrigins, NoFairy>()),
                (false, true) => work.run(&f.with_layout::<NoOrigins, FairyUnits>()),
                (true, true) => work.run(&f.with_layout::<DiagramOrigins, FairyUnits>()),
            },
            RuleSet::Alice(a) if a.fairy_units => work.run(&a.with_store::<FairyUnits>()),
            RuleSet::Alice(a) => work.run(a),
        }
    }
}

/// The rules of `words` (Popeye's `condition` words) together with the unit attributes of
/// the diagram. Combinations the solver does not support are errors at the word or unit
/// that causes them.
pub fn resolve(words: &[Spanned<String>], marks: UnitMarks) -> Result<RuleSet, ConditionError> {
    resolve_for(words, marks, Color::Black)
}

/// [`resolve`] where `defender` is the side that defends in the stipulation (Black, White
/// in the swapped half of a duplex): the side of a `Maximummer` named without one.
pub fn resolve_for(
    words: &[Spanned<String>],
    marks: UnitMarks,
    defender: Color,
) -> Result<RuleSet, ConditionError> {
    let mut fairy = parse_conditions(words)?;
    if let (Some(span), Some(f)) = (names_defender_maximummer(words), fairy.as_mut()) {
        if f.mummer.iter().any(Option::is_some) {
            return Err(ConditionError {
                span,
                message: "Maximummer (for the defending side) combined with a Maximummer or Minimummer of either colour has no meaning".into(),
            });
        }
        f.mummer[defender.index()] = Some(Mummer::Max);
    }
    // Alice chess composed with other conditions (`Fairy::alice`).
    let mut alice_composed = false;
    // Declaring a unit's board switches Alice chess on, as in Popeye.
    let alice =
        names_alice(words).or_else(|| marks.alice_board.map(|span| (AliceVariant::Classic, span)));
    // An orphan's walks come from the units observing it; the conditions' own ways of
    // observing and moving are not built into that yet.
    if let Some(span) = marks.orphan {
        if fairy.is_some() || alice.is_some() || marks.attribute().is_some() {
            return Err(ConditionError {
                span,
                message: "orphans combined with conditions or with unit attributes (royal, kamikaze, neutral, half-neutral, chameleon, paralysing, Alice boards) are not supported".into(),
            });
        }
    }
    let frischauf_circe = fairy.is_some_and(|f| f.circe.is_some_and(|c| c.frischauf));
    if let Some(span) = marks.frischauf.filter(|_| !frischauf_circe) {
        return Err(ConditionError {
            span,
            message: "units with the Frischauf attribute are supported under Frischauf Circe only"
                .into(),
        });
    }
    if let Some(f) = fairy.filter(|_| frischauf_circe) {
        let others = UnitMarks {
            frischauf: None,
            ..marks
        };
        if !f.only_circe_mummers_checkless_nocapture()
            || alice.is_some()
            || others.attribute().is_some()
        {
            return Err(ConditionError {
                span: words.first().map(|w| w.span).unwrap_or_default(),
                message: "Frischauf Circe with conditions other than the mummers, Checkless chess and NoCapture, with Alice chess or with unit attributes other than Frischauf is not supported".into(),
            });
        }
    }
    if let Some(f) = fairy.filter(|f| f.circe.is_some_and(|c| c.turncoat)) {
        let rex = f.circe.is_some_and(|c| c.rex_inclusive);
        if !f.only_circe_mummers_checkless_nocapture()
            || alice.is_some()
            || marks.attribute().is_some()
            || (rex && marks.king.is_some())
        {
            return Err(ConditionError {
                span: words.first().map(|w| w.span).unwrap_or_default(),
                message: "Circe Turncoats with conditions other than the mummers, Checkless chess and NoCapture, with Alice chess, with unit attributes, or with kings under Rex Inclusive (Anticirce's default: a king would change sides) is not supported".into(),
            });
        }
    }
    if let Some((variant, span)) = alice {
        // Alice chess with a Circe whose captured units are reborn on the board they were
        // taken on (checked with the reference solver, which has no offshoots); the other
        // conditions are not built with it yet.
        let circe = fairy.and_then(|f| f.circe).filter(|&c| alice_circe(c));
        let only_circe = fairy.is_some_and(|f| {
            circe.is_some() && variant == AliceVariant::Classic && f.is_circe_alone()
        });
        if let Some(span) = marks
            .royal
            .or(marks.neutral)
            .or(marks.chameleon)
            .or(marks.paralysing)
            .or(marks.half_neutral)
        {
            return Err(ConditionError {
                span,
                message: "royal units other than kings, neutral, half-neutral, chameleon and paralysing units in Alice chess are not supported"
                    .into(),
            });
        }
        let ep_first_board = alice_option_given(words, AliceOption::FirstBoardEnPassant);
        let board_8x4 = alice_option_given(words, AliceOption::Board8x4);
        // Alice chess with any other condition is a part of the configurable rules; with
        // plain Circe alone (and no kamikaze units) the rules of its own that keep the
        // boards apart play it, as they play its offshoots.
        alice_composed = fairy.is_some() && !(only_circe && marks.kamikaze.is_none());
        let refused = if variant != AliceVariant::Classic {
            (fairy.is_some() || marks.kamikaze.is_some())
                .then_some("Alice's offshoots with other conditions or with kamikaze units")
        } else {
            fairy
                .filter(|_| alice_composed)
                .and_then(|f| alice_refusal(&f))
        };
        if let Some(what) = refused {
            return Err(ConditionError {
                span,
                message: format!("{what} are not supported"),
            });
        }
        if let Some(span) = board_8x4 {
            if variant != AliceVariant::Classic
                || fairy.is_some()
                || marks.fairy.is_some()
                || marks.kamikaze.is_some()
            {
                return Err(ConditionError {
                    span,
                    message: "Board8x4 with Alice's offshoots, other conditions or fairy pieces is not supported".into(),
                });
            }
        }
        if let Some(span) = ep_first_board {
            if variant != AliceVariant::Classic
                || circe.is_some()
                || alice_composed
                || marks.fairy.is_some()
            {
                return Err(ConditionError {
                    span,
                    message: "FirstBoardEnPassant with Alice's offshoots, other conditions or fairy pieces is not supported".into(),
                });
            }
        }
        if !alice_composed {
            return Ok(RuleSet::Alice(Alice {
                promotions: marks.promotions,
                fairy_units: marks.fairy.is_some()
                    || circe.is_some_and(|c| c.kind.gives_fairy_kinds()),
                circe,
                ep_first_board: ep_first_board.is_some(),
                board_8x4: board_8x4.is_some(),
                ..Alice::new(variant)
            }));
        }
    }
    if let (Some(span), Some(f)) = (marks.royal_fairy.or(marks.royal), &fairy) {
        if f.oscillating != [None; 2] {
            return Err(ConditionError {
                span,
                message: "royal units other than kings with Oscillating kings are not supported"
                    .into(),
            });
        }
    }
    if let (Some(f), Some(span)) = (&fairy, marks.royal) {
        if f.make_take {
            return Err(ConditionError {
                span,
                message: "Make&TakeChess with royal units other than kings is not supported".into(),
            });
        }
    }
    if let (Some(f), Some(span)) = (&fairy, marks.fairy.or(marks.kamikaze)) {
        if f.make_take {
            return Err(ConditionError {
                span,
                message: "Make&TakeChess with fairy pieces or kamikaze units is not supported"
                    .into(),
            });
        }
        if f.einstein.is_some() {
            // The reference solver refuses Einstein chess with fairy pieces.
            return Err(ConditionError {
                span,
                message: "EinsteinChess with fairy pieces or kamikaze units is not supported"
                    .into(),
            });
        }
    }
    if let (Some(span), Some(f)) = (marks.royal.or(marks.royal_fairy), &fairy) {
        if f.mars_rex_exclusive {
            return Err(ConditionError {
                span,
                message:
                    "royal units other than kings under Mars Circe RexExclusive are not supported"
                        .into(),
            });
        }
    }
    if let (Some(span), Some(f)) = (marks.kamikaze, &fairy) {
        if f.circe.is_some_and(|c| c.reborn == Reborn::Capturer)
            || f.anti.is_some()
            || f.mars.is_some()
        {
            return Err(ConditionError {
                span,
                message: "kamikaze units cannot be combined with Anticirce or Mars Circe".into(),
            });
        }
        if f.isardam.is_some() {
            // 3 of 19 random positions with kamikaze units under Isardam differ from the
            // reference solver (docs/conditions.md).
            return Err(ConditionError {
                span,
                message: "kamikaze units combined with Isardam are not supported".into(),
            });
        }
        if f.koeko.is_some()
            || f.take_make
            || f.masand.is_some()
            || f.circe.is_some_and(|c| {
                use super::circe::SquareRule;
                // Where the kamikaze capturer is not reborn, the reference solver's
                // Couscous square for its victim follows no rule we could state; Parrain
                // keeps both waiting; Take&Make gives the capturer squares to choose and
                // Volcanic and Parachute a unit to hide, which a move has no room for.
                matches!(
                    c.square,
                    SquareRule::Super
                        | SquareRule::Cage
                        | SquareRule::Couscous { .. }
                        | SquareRule::Parrain { .. }
                        | SquareRule::CaptureSquareWait
                        | SquareRule::TakeMake
                ) || c.occupied.hides()
            })
        {
            return Err(ConditionError {
                span,
                message: "kamikaze units combined with KoeKo, Take&MakeChess, Masand, or Super, Couscous, Parrain, ContraParrain, Take&Make, Volcanic or Parachute Circe are not supported"
                    .into(),
            });
        }
        if f.circe.is_some() && marks.fairy.is_some() {
            // The reference solver defines no rebirth for them and refuses the problem.
            return Err(ConditionError {
                span,
                message: "kamikaze units cannot be combined with Circe and fairy pieces".into(),
            });
        }
    }
    if let (Some(span), Some(f)) = (marks.fairy, &fairy) {
        if f.take_make
            && marks
                .promotions
                .iter()
                .any(crate::movegen::walks::captures_beyond)
        {
            return Err(ConditionError {
                span,
                message: "Take&MakeChess with pieces that capture beyond their victim (locusts, marine pieces) is not supported".into(),
            });
        }
    }
    let built_with =
        |unit| fairy.is_none_or(|f| attribute_rules(f, unit)) && marks.kamikaze.is_none();
    if let (Some(span), false) = (marks.neutral, built_with(Attribute::Neutral)) {
        return Err(ConditionError {
            span,
            message: "neutral units are not supported with conditions other than Circe (the captured unit reborn as its own, a Chameleon, Clone or Einstein kind, by the square rules of Circe, Mirror, File, Rank, Symmetry, VerticalSymmetry, HorizontalSymmetry, Antipodes, PWC, Equipollents, Couscous, Super, Parrain, Diagram or Take&Make Circe, lost, the capture illegal, Volcanic or Parachute when the square is taken, Rex Inclusive or not, Immun or not), Anticirce (Calvet or Cheylan, by those square rules or Super, Relaxed or not, alone), Mars and Anti-Mars Circe alone, Grid, Monochrome and Bichrome chess, Madrasi, Isardam, Patrouille, UltraPatrol, Lortap, Annan chess, Take&MakeChess, KoeKo and AntiKoeKo but beside a Circe, Andernach and Anti-Andernach chess, Einstein, Reversal and Anti-Einstein chess, Messigny chess, Maximummer, Minimummer, Checkless chess, Lèse-majesté, NoCapture and NoPromotion, nor as kamikaze units".into(),
        });
    }
    let chameleons_built = built_with(Attribute::Chameleon)
        || (marks.kamikaze.is_none()
            && marks.neutral.is_none()
            && fairy.is_some_and(|f| anticirce_rules(f) || take_make_rules(f)));
    if let (Some(span), false) = (marks.chameleon, chameleons_built) {
        return Err(ConditionError {
            span,
            message: "chameleon units are not supported with these conditions: they are built with those of neutral units but KoeKo, AntiKoeKo, Andernach, Anti-Andernach, Einstein, Messigny and Lèse-majesté, Anticirce by the same square rules, Take&MakeChess and Circe Take&Make (docs/conditions.md), not as kamikaze units nor with neutral units under Anticirce or Take & Make".into(),
        });
    }
    if let (Some(span), false) = (marks.half_neutral, built_with(Attribute::HalfNeutral)) {
        return Err(ConditionError {
            span,
            message: "half-neutral units are not supported with the conditions neutral units are not supported with (docs/conditions.md), with Volcanic, Parachute or Take&Make Circe, KoeKo, AntiKoeKo, Take&MakeChess, Andernach or Anti-Andernach chess, Einstein chess and its relatives, Messigny chess or Lèse-majesté, nor with kamikaze units".into(),
        });
    }
    if let Some(span) = marks.half_neutral.and(marks.chameleon.or(marks.paralysing)) {
        return Err(ConditionError {
            span,
            message:
                "half-neutral units together with chameleon or paralysing units are not supported"
                    .into(),
        });
    }
    if let Some(span) = marks.paralysing {
        if marks.neutral.is_some() || fairy.is_some_and(|f| !paralysing_rules(f)) {
            return Err(ConditionError {
                span,
                message: "paralysing units are not supported with neutral units, nor with conditions other than Circe and its variants, Grid, Monochrome and Bichrome chess, Maximummer, Minimummer, Checkless chess, NoCapture and NoPromotion".into(),
            });
        }
    }
    // A royal unit other than a king is followed by the state of `Fairy`'s positions;
    // neutral, chameleon and paralysing units need the board that keeps attributes beyond
    // the colours.
    let fairy_units = marks
        .fairy
        .or(marks.neutral)
        .or(marks.chameleon)
        .or(marks.paralysing)
        .or(marks.half_neutral);
    let attributes = marks.attribute();
    Ok(match (fairy, attributes, fairy_units) {
        (None, None, None) => RuleSet::Orthodox,
        (None, None, Some(_)) => RuleSet::FairyPieces(FairyPieces {
            promotions: marks.promotions,
            orphans: marks.orphan.is_some(),
        }),
        (fairy, _, _) => {
            let mut rules: Fairy = fairy.unwrap_or_default();
            rules.promotions = marks.promotions;
            rules.alice = alice_composed;
            // Fairy kinds a Chameleon cycle gives, the Frischauf marks and the marks of
            // Alice chess's board B need the board that keeps them.
            rules.fairy_units = fairy_units.is_some()
                || alice_composed
                || rules
                    .circe
                    .is_some_and(|c| c.kind.gives_fairy_kinds() || c.frischauf);
            rules.chameleons = marks.chameleon.is_some();
            rules.paralysing = marks.paralysing.is_some();
            rules.half_neutral = marks.half_neutral.is_some();
            RuleSet::Fairy(rules)
        }
    })
}

/// Whether neutral and chameleon units are built with the rebirth squares of `square`:
/// the rules that need only the capture.
fn attribute_square_rule(square: super::circe::SquareRule) -> bool {
    use super::circe::SquareRule;
    matches!(
        square,
        SquareRule::Standard
            | SquareRule::Mirror
            | SquareRule::File { .. }
            | SquareRule::Rank
            | SquareRule::Symmetry
            | SquareRule::VerticalSymmetry
            | SquareRule::HorizontalSymmetry
            | SquareRule::Antipodes
            | SquareRule::Pwc
            | SquareRule::Equipollents { .. }
            | SquareRule::Couscous { .. }
    )
}

/// The unit attributes whose units are built with a set of conditions of their own.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Attribute {
    Neutral,
    HalfNeutral,
    Chameleon,
}

/// Whether units of `unit` are built with the conditions `f`: a Circe whose captured
/// unit is reborn (as its own or a Chameleon kind, lost or the capture illegal when the
/// square is taken, by a rule that needs only the capture, Super, Parrain or Diagram,
/// kings reborn or not), an Anticirce whose capturer is (Calvet, by those rules or
/// Super), the mummers, Checkless chess and the NoCapture and NoPromotion conditions.
/// Neutral and half-neutral units also with the Clone and Einstein kinds, Immun chess,
/// Anticirce Cheylan and Relaxed, neutral units with Volcanic and Parachute Circe too
/// (a half-neutral unit's change of side would make a fourth change of a move); the
/// reference solver refuses neutral units under Circe Assassin.
fn attribute_rules(mut f: Fairy, unit: Attribute) -> bool {
    use super::circe::SquareRule;
    use super::circe::{KindRule, Occupied, Reborn};
    let neutral = unit != Attribute::Chameleon;
    let circe_ok = f.circe.is_none_or(|c| match c.reborn {
        Reborn::Captured => {
            (attribute_square_rule(c.square)
                || matches!(
                    c.square,
                    SquareRule::Parrain { .. } | SquareRule::Super | SquareRule::Diagram
                )
                || (c.square == SquareRule::TakeMake && unit == Attribute::Neutral))
                && match c.kind {
                    KindRule::Same | KindRule::Chameleon(_) => true,
                    KindRule::Clone | KindRule::Einstein | KindRule::ReversalEinstein => neutral,
                }
                && match c.occupied {
                    Occupied::Lost | Occupied::Illegal => true,
                    Occupied::Volcanic | Occupied::Parachute => unit == Attribute::Neutral,
                    Occupied::Assassin => false,
                }
                && (!c.immune || neutral)
        }
        // Anticirce alone: the capturer reborn as the side that moved it.
        Reborn::Capturer => {
            (attribute_square_rule(c.square) || c.square == SquareRule::Super)
                && c.kind == KindRule::Same
                && match c.occupied {
                    Occupied::Illegal => true,
                    Occupied::Lost => neutral,
                    _ => false,
                }
                && (!c.cheylan || neutral)
                && f.anti.is_none()
        }
    });
    // A neutral pawn promotes or not as a pawn of the side that moves it.
    f.no_promotion = [false; 2];
    // Under Mars and Anti-Mars Circe by the standard squares a neutral unit captures
    // (moves) from its rebirth square as a unit of the side that moves it.
    let mars_ok = f.mars.is_none()
        || (f.mars != Some(super::Mars::Both)
            && f.mars_rule.is_none()
            && !f.mars_rex_exclusive
            && f.circe.is_none());
    f.mars = None;
    // Grid, Monochrome and Bichrome chess restrict moves and observations by the
    // squares alone, whoever moves or observes.
    f.geometry = Default::default();
    // Madrasi: a unit is paralysed as a unit of the side it acts for
    // (`Madrasi::paralysed`); Patrouille, UltraPatrol and Lortap: it is supported by the
    // units of the side it acts for (`Patrol::supported`); Annan chess: a neutral unit
    // lends its walk to the unit in front of it for the side that moves, and borrows as
    // that side's unit (`Annan::borrowed`); Isardam: each unit is looked at as each
    // side's it belongs to, a neutral one as both, and a capture of the king is judged
    // with the capturer as the capture leaves it, a chameleon of its next kind, a
    // half-neutral one turned (`Isardam::checks`), as the reference solver does.
    f.madrasi = None;
    f.isardam = None;
    f.patrol = None;
    f.annan = None;
    // With neutral units only (random positions agree with the reference solver;
    // half-neutral and chameleon units are not compared):
    // - Andernach and Anti-Andernach chess (a neutral unit keeps its colour) and
    //   Lèse-majesté;
    // - Take&MakeChess (and Circe Take&Make above): the capturer makes with the walk of
    //   the unit it took, a neutral one as the side it was taken as;
    // - KoeKo: a neutral unit touches as any unit; not beside a Circe, where the
    //   reference solver refuses neutral units ("too much fairy chess for neutral
    //   pieces");
    // - Einstein, Reversal and Anti-Einstein chess: a neutral unit changes kind as any
    //   unit (`Einstein`), printed with no mark;
    // - Messigny chess: a neutral unit exchanges with a unit of its kind of either side,
    //   a neutral one included, but not with itself (`Messigny::exchanges`).
    if unit == Attribute::Neutral {
        f.andernach = None;
        f.lese_majeste = false;
        f.take_make = false;
        f.einstein = None;
        f.messigny = None;
        if f.circe.is_none() && f.anti.is_none() {
            f.koeko = None;
        }
    }
    circe_ok && mars_ok && f.only_circe_mummers_checkless_nocapture()
}

/// Whether `f` is an Anticirce (the capturer reborn as its own kind, the capture illegal
/// when the square is taken) by one of the square rules neutral units are built with,
/// with the parts they are built with: the conditions chameleon units are built with
/// beside those.
fn anticirce_rules(mut f: Fairy) -> bool {
    use super::circe::{KindRule, Occupied, Reborn};
    let Some(c) = f.circe else { return false };
    let anticirce = c.reborn == Reborn::Capturer
        && attribute_square_rule(c.square)
        && c.kind == KindRule::Same
        && c.occupied == Occupied::Illegal;
    f.no_promotion = [false; 2];
    anticirce && f.only_circe_mummers_checkless_nocapture()
}

/// Whether `f` is Take&Make chess, Circe Take&Make or both, with the parts chameleon
/// units are built with beside them: the conditions chameleon units are built with beside
/// those.
fn take_make_rules(mut f: Fairy) -> bool {
    use super::circe::{KindRule, Occupied, Reborn, SquareRule};
    let circe_ok = f.circe.is_none_or(|c| {
        c.reborn == Reborn::Captured
            && c.square == SquareRule::TakeMake
            && c.kind == KindRule::Same
            && c.occupied == Occupied::Lost
            && !c.rex_inclusive
            && !c.immune
    });
    let any = f.take_make || f.circe.is_some();
    f.take_make = false;
    f.no_promotion = [false; 2];
    any && circe_ok && f.only_circe_mummers_checkless_nocapture()
}

/// Whether paralysing units are built with the conditions `f`: the parts that leave
/// observation as it is (a Circe of any kind, the mummers, Checkless chess, NoCapture,
/// NoPromotion) or only restrict its shape (Grid, Monochrome, Bichrome chess).
fn paralysing_rules(mut f: Fairy) -> bool {
    use super::circe::{Occupied, Reborn};
    // Anticirce Assassin's check looks at every capture, paralysed capturers too.
    if f.circe
        .is_some_and(|c| c.reborn == Reborn::Capturer && c.occupied == Occupied::Assassin)
    {
        return false;
    }
    f.geometry = Default::default();
    f.no_promotion = [false; 2];
    f.only_circe_mummers_checkless_nocapture()
}

/// Condition words given on the command line (each argument may hold several words, as
/// `--condition 'Circe Volcanic'`), placed on line 1 at their word number for messages.
pub fn command_line_words<S: AsRef<str>>(args: &[S]) -> Vec<Spanned<String>> {
    args.iter()
        .flat_map(|a| {
            a.as_ref()
                .split_whitespace()
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .enumerate()
        .map(|(i, w)| Spanned::new(w, Span::new(1, i as u32 + 1)))
        .collect()
}

/// What of `f` Alice chess is not built with as a part of the configurable rules.
fn alice_refusal(f: &Fairy) -> Option<&'static str> {
    (!f.composes_with_alice()).then_some(
        "Alice chess with conditions other than Circe (with the captured unit reborn by any square or kind rule, but Immun, Cage, Assassin, Parachute and Cohen), Madrasi, Patrouille, UltraPatrol, Lortap, Andernach and Anti-Andernach chess, Monochrome, Bichrome and Grid chess, Annan chess, KoeKo and AntiKoeKo, Take&MakeChess, Einstein, Reversal and Anti-Einstein chess, Messigny chess, Maximummer, Minimummer, Checkless chess, Lèse-majesté, NoCapture and NoPromotion",
    )
}

/// The Circe parts Alice chess is built with: the captured unit reborn by a rule that
/// needs only the capture (not Diagram, Parrain, Super or Take & Make Circe), as its own
/// kind or a kind the capture gives, lost or the capture illegal when the square is taken
/// (not Rex Inclusive, Assassin, Volcanic, Immun chess).
fn alice_circe(c: super::circe::Circe) -> bool {
    use super::circe::{Occupied, Reborn, SquareRule};
    c.reborn == Reborn::Captured
        && !matches!(
            c.square,
            SquareRule::Diagram
                | SquareRule::Parrain { .. }
                | SquareRule::CaptureSquareWait
                | SquareRule::Super
                | SquareRule::Cage
                | SquareRule::TakeMake
        )
        && matches!(c.occupied, Occupied::Lost | Occupied::Illegal)
        && !c.rex_inclusive
        // The reference solver lets kings stand side by side under Alice chess with Immun
        // chess, which we cannot state as a rule.
        && !c.immune
        && !c.cohen
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(s: &str) -> Result<RuleSet, ConditionError> {
        resolve(&command_line_words(&[s]), UnitMarks::default())
    }

    #[test]
    fn frischauf_units_need_frischauf_circe_and_turncoats_no_king_under_rex_inclusive() {
        let span = Some(Span::new(3, 7));
        let frischauf = UnitMarks {
            frischauf: span,
            ..UnitMarks::default()
        };
        let with = |s: &str, marks: UnitMarks| resolve(&command_line_words(&[s]), marks);
        let err = with("Circe", frischauf).unwrap_err();
        assert_eq!(err.span, Span::new(3, 7));
        assert!(with("FrischaufCirce", frischauf).is_ok());
        assert!(with("FrischaufCirce Madrasi", frischauf).is_err());
        let king = UnitMarks {
            king: span,
            ..UnitMarks::default()
        };
        assert!(with("AntiCirce Turncoats", king).is_err());
        assert!(with("AntiCirce Turncoats", UnitMarks::default()).is_ok());
        assert!(with("AntiCirce Turncoats RexExclusive", king).is_ok());
        assert!(with("CirceTurncoats Madrasi", king).is_err());
    }

    #[test]
    fn words_pick_the_rules_type() {
        assert_eq!(rules("").unwrap(), RuleSet::Orthodox);
        assert!(matches!(rules("Circe Volcanic").unwrap(), RuleSet::Fairy(f) if f.circe.is_some()));
        assert_eq!(
            rules("AliceChess").unwrap(),
            RuleSet::Alice(Alice::new(AliceVariant::Classic))
        );
        assert!(rules("GhostChess").is_err());
        assert!(matches!(
            resolve(
                &command_line_words(&["MarsCirce", "RexExclusive"]),
                UnitMarks::default()
            ),
            Ok(RuleSet::Fairy(Fairy {
                mars_rex_exclusive: true,
                ..
            }))
        ));
        assert!(resolve(
            &command_line_words(&["MarsCirce", "RexInclusive"]),
            UnitMarks::default()
        )
        .is_ok());
        let e = resolve(
            &command_line_words(&["AntiMarsCirce", "RexExclusive"]),
            UnitMarks::default(),
        )
        .unwrap_err();
        assert!(e.message.contains("not supported"), "{}", e.message);
    }

    #[test]
    fn unit_marks_switch_rules_on_and_forbid_combinations() {
        let at = Span::new(3, 7);
        let kamikaze = UnitMarks {
            kamikaze: Some(at),
            ..UnitMarks::default()
        };
        assert_eq!(
            resolve(&[], kamikaze).unwrap(),
            RuleSet::Fairy(Fairy::default())
        );
        let e = resolve(&command_line_words(&["AntiCirce"]), kamikaze).unwrap_err();
        assert_eq!(e.span, at);
        for refused in [
            &["CouscousCirce"][..],
            &["ParrainCirce"],
            &["CirceTake&Make"],
            &["Circe", "Parachute"],
            &["Circe", "Volcanic"],
        ] {
            let e = resolve(&command_line_words(refused), kamikaze).unwrap_err();
            assert!(
                e.message.contains("not supported"),
                "{refused:?}: {}",
                e.message
            );
        }
        assert!(resolve(&command_line_words(&["Circe", "Mirror"]), kamikaze).is_ok());
        let board = UnitMarks {
            alice_board: Some(at),
            ..UnitMarks::default()
        };
        assert!(matches!(resolve(&[], board).unwrap(), RuleSet::Alice(_)));
        // Alice chess is built with Circe, not yet with Anticirce.
        assert!(matches!(
            resolve(&command_line_words(&["Circe"]), board).unwrap(),
            RuleSet::Alice(Alice { circe: Some(_), .. })
        ));
        let e = resolve(&command_line_words(&["AntiCirce"]), board).unwrap_err();
        assert_eq!(e.span, at);
        assert!(e.message.contains("not supported"), "{}", e.message);
    }

    #[test]
    fn neutral_units_need_a_board_with_attributes_and_refuse_other_conditions() {
        let at = Span::new(2, 30);
        let neutral = UnitMarks {
            neutral: Some(at),
            ..UnitMarks::default()
        };
        let Ok(RuleSet::Fairy(f)) = resolve(&[], neutral) else {
            panic!("neutral units are played under Fairy");
        };
        assert!(f.fairy_units, "the board must keep the neutral units");
        for words in [
            "Circe",
            "Circe Mirror Strict",
            "ParrainCirce",
            "AntiCirce",
            "AntiSuperCirce",
            "SuperCirce",
            "Circe VerticalSymmetry",
            "AntiCirce HorizontalSymmetry",
            "DiagramCirce",
            "Circe RexInclusive",
            "MirrorCirce RexInclusive",
            "Circe ImmunChess",
            "Circe Clone",
            "Circe Einstein",
            "Circe Volcanic",
            "Circe Parachute",
            "AntiCirce Cheylan",
            "AntiCirce Relaxed",
            "GridChess",
            "MonochromChess Circe",
            "BlackMaximummer",
            "ChecklessChess",
            "Madrasi",
            "Madrasi RexInclusive",
            "Isardam",
            "Patrouille",
            "UltraPatrol",
            "AnnanChess",
            "Madrasi Circe",
            "Take&MakeChess",
            "Circe Take&Make",
            "KoeKo",
            "AntiKoeKo",
        ] {
            assert!(
                resolve(&command_line_words(&[words]), neutral).is_ok(),
                "{words}"
            );
        }
        for words in [
            "Circe Assassin",
            "KoeKo Circe",
            "Masand",
            "Make&TakeChess",
            "CageCirce",
            "Circe Cheylan AntiCirce",
            "AliceChess",
        ] {
            let e = resolve(&command_line_words(&[words]), neutral).unwrap_err();
            assert_eq!(e.span, at, "{words}");
            assert!(
                e.message.contains("not supported"),
                "{words}: {}",
                e.message
            );
        }
    }

    #[test]
    fn half_neutral_and_chameleon_units_have_narrower_sets_than_neutral_ones() {
        let at = Span::new(2, 30);
        let half_neutral = UnitMarks {
            half_neutral: Some(at),
            ..UnitMarks::default()
        };
        let chameleon = UnitMarks {
            chameleon: Some(at),
            ..UnitMarks::default()
        };
        let built = |words: &str, marks: UnitMarks| {
            let result = resolve(&command_line_words(&[words]), marks);
            if let Err(e) = &result {
                assert_eq!(e.span, at, "{words}");
                assert!(e.message.contains("not supported"), "{}", e.message);
            }
            result.is_ok()
        };
        for words in [
            "Circe Clone",
            "Circe ImmunChess",
            "AntiCirce Cheylan",
            "DiagramCirce",
        ] {
            assert!(built(words, half_neutral), "{words}");
        }
        for words in [
            "Circe Volcanic",
            "Circe Parachute",
            "Circe Assassin",
            "KoeKo",
            "Take&MakeChess",
            "Circe Take&Make",
        ] {
            assert!(!built(words, half_neutral), "{words}");
        }
        for words in [
            "DiagramCirce",
            "Circe RexInclusive",
            "Madrasi",
            "AnnanChess",
            "Isardam",
        ] {
            assert!(built(words, chameleon), "{words}");
            assert!(built(words, half_neutral), "{words}");
        }
        for words in [
            "Circe Clone",
            "Circe Volcanic",
            "AntiCirce Relaxed",
            "KoeKo",
        ] {
            assert!(!built(words, chameleon), "{words}");
        }
    }

    #[test]
    fn a_maximummer_without_a_side_binds_the_defending_side() {
        let words = command_line_words(&["Madrasi Maximummer"]);
        for defender in [Color::Black, Color::White] {
            let Ok(RuleSet::Fairy(f)) = resolve_for(&words, UnitMarks::default(), defender) else {
                panic!("Maximummer is built");
            };
            assert_eq!(f.mummer[defender.index()], Some(Mummer::Max));
            assert_eq!(f.mummer[(!defender).index()], None);
            assert!(f.madrasi.is_some());
        }
        let e = rules("Maximummer WhiteMinimummer").unwrap_err();
        assert_eq!(e.span, Span::new(1, 1));
        assert!(e.message.contains("no meaning"), "{}", e.message);
    }

    #[test]
    fn command_line_words_split_arguments() {
        let w = command_line_words(&["Circe Volcanic", "RexInclusive"]);
        let texts: Vec<&str> = w.iter().map(|w| w.value.as_str()).collect();
        assert_eq!(texts, ["Circe", "Volcanic", "RexInclusive"]);
        assert_eq!(w[2].span, Span::new(1, 3));
    }
}
