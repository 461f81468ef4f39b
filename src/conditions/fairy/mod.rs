//! The configurable rules: Circe-family capture parts, Mars Circe, kamikaze units.
//! Each pseudo-legal move is expanded here into its variants with every effect decided,
//! so that playing and printing a move need no further choice.

use super::andernach::Andernach;
use super::annan::Annan;
use super::circe::{
    regrant, standard_square, Capture, Circe, KindRule, Occupied, Reborn, SquareRule,
};
use super::confront::Confront;
use super::einstein::Einstein;
use super::geometry::Geometry;
use super::isardam::{self, Isardam};
use super::koeko::Koeko;
use super::madrasi::Madrasi;
use super::masand::Masand;
use super::messigny::Messigny;
use super::mummer::Mummer;
use super::oscillating::Oscillation;
use super::paralysing;
use super::patrol::Patrol;
use super::{assassin, ProofCounting, Rules};
use crate::board::{
    extra_key, Bitboard, Board, Color, EnPassant, Extension, FairyStore, Mark, NoFairy, Piece,
    Position, Role, Square,
};
use crate::movegen::{
    self, attacks, walks, Cause, Change, Effects, Gen, Move, MoveKind, MoveList, Placement,
    PlainLegality, Promotions, UnitAttrs,
};
use std::cell::Cell;
use std::fmt::Debug;
use std::hash::Hash;
use std::marker::PhantomData;
use std::num::NonZeroU8;
use std::ops::ControlFlow;
use std::sync::OnceLock;

mod alice;
mod checkless;
mod effects;
mod make_take;
mod mars;
mod mummer;
mod oscillation;
mod state;
mod take_make;
#[cfg(test)]
mod tests;
mod unit_moves;

use crate::movegen::MoveSink;
pub(in crate::conditions) use mars::mars_checkers;
pub use state::{DiagramOrigins, FairyExt, Hidden, NoOrigins, Origins, Pending};
use state::{MAX_HIDDEN, NO_ORIGIN};
use unit_moves::UnitMoves;

/// Mars Circe (captures from the rebirth square) and its mirror image Anti-Mars Circe
/// (non-captures from the rebirth square); both at once, every move from a rebirth square
/// (`MarsCirce AntiMarsCirce`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Mars {
    Mars,
    AntiMars,
    Both,
}

impl Mars {
    /// Whether captures start from the rebirth square, and check is judged from there.
    #[inline]
    pub fn captures_via(self) -> bool {
        matches!(self, Mars::Mars | Mars::Both)
    }
}

/// A set of fairy conditions, each an independent part. `O` says whether positions carry
/// each unit's diagram square: only Diagram Circe needs them, and without them a position
/// is small enough to be copied inline (see [`Origins`]). `F` is where the board keeps
/// its fairy units' kinds: nowhere unless the problem has fairy units.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct Fairy<O = NoOrigins, F = NoFairy> {
    pub circe: Option<Circe>,
    /// Anticirce beside a Circe of the captured unit (`circe`): the capturer goes first,
    /// then its victim is reborn on the board so changed.
    pub anti: Option<Circe>,
    pub mars: Option<Mars>,
    /// Mars Circe RexExclusive: kings neither capture nor observe (captures are made only
    /// from rebirth squares, and Popeye's reading leaves the king none), nor castle from
    /// their rebirth square.
    pub mars_rex_exclusive: bool,
    /// Mars Circe's square rule where it is not the standard one (`MarsCirce Mirror`,
    /// `MarsCirce Diagram`): where each unit captures from (moves from under Anti-Mars).
    pub mars_rule: Option<SquareRule>,
    /// Under Mars and Anti-Mars Circe at once, the Anti-Mars part's square rule where it is
    /// not the standard one (`MarsCirce AntiMarsCirce Mirror`): where non-captures start.
    pub antimars_rule: Option<SquareRule>,
    /// Kamikaze Circe as a condition of its own: every capturer vanishes for good.
    pub kamikaze_all: bool,
    /// What a pawn may promote to (the problem's fairy kinds too).
    pub promotions: Promotions,
    /// Whether the problem has fairy units, which the board must then keep.
    pub fairy_units: bool,
    /// Madrasi: units observed by their like are paralysed.
    pub madrasi: Option<Madrasi>,
    /// Andernach or Anti-Andernach chess: which moves change their unit's colour.
    pub andernach: Option<Andernach>,
    /// The Maximummer or Minimummer of each side, by colour index.
    pub mummer: [Option<Mummer>; 2],
    /// Checkless chess: a move that checks is legal only when it mates.
    pub checkless: bool,
    /// NoCapture (both sides), NoWhiteCapture, NoBlackCapture: the side's captures are
    /// not played, by colour index (check stays an orthodox attack).
    pub no_capture: [bool; 2],
    /// NoWhitePromotion, NoBlackPromotion: the side's pawns never promote, so they never
    /// reach their last rank, by colour index.
    pub no_promotion: [bool; 2],
    /// Isardam: no move may leave a unit observed by an enemy unit of its kind.
    pub isardam: Option<Isardam>,
    /// Grid, Monochrome and Bichrome chess: the shapes moves and observations may have.
    pub geometry: Geometry,
    /// Patrouille and UltraPatrol: which moves need a friendly unit's support.
    pub patrol: Option<Patrol>,
    /// KoeKo: every unit a move places must touch another unit.
    pub koeko: Option<Koeko>,
    /// Take & Make chess: a capture goes on with the captured unit's walk.
    pub take_make: bool,
    /// Annan chess: units borrow the walk of the friendly unit behind them.
    pub annan: Option<Annan>,
    /// Face-to-face, back-to-back and cheek-to-cheek chess: units borrow the walk of an
    /// enemy unit next to them.
    pub confront: Option<Confront>,
    /// Oscillating kings (SwappingKings: type C for both), by colour index.
    pub oscillating: [Option<Oscillation>; 2],
    /// Messigny chess: a unit may exchange places with an enemy unit of its kind.
    pub messigny: Option<Messigny>,
    /// Masand: the units a checking unit observes change sides.
    pub masand: Option<Masand>,
    /// Einstein chess and its relatives: a unit's walk changes with each move it makes.
    pub einstein: Option<Einstein>,
    /// Make & Take chess: a capture follows a make with the captured unit's walk.
    pub make_take: bool,
    /// Lèse-majesté: no king is ever captured; a side may have the other's king in check
    /// on its own turn (only in a diagram: a move may not leave its own king in check).
    pub lese_majeste: bool,
    /// The problem has chameleon units: they change kind, and every pawn may promote to
    /// one too, as in the reference solver.
    pub chameleons: bool,
    /// The positions carry every unit's diagram square, which the goals of the units'
    /// diagram squares ask (circuit, exchange, kiss).
    pub follow_units: bool,
    /// The problem has paralysing units: the enemy units they observe neither move nor
    /// observe, and they neither capture nor check.
    pub paralysing: bool,
    /// The problem has half-neutral units: each move of one turns it neutral, or from
    /// neutral to the side that moved it.
    pub half_neutral: bool,
    /// The problem has orphans (only without conditions: the goals of the diagram
    /// squares bring them here): any move may lend one a walk or take one away, so
    /// moves are played to be judged.
    pub orphans: bool,
    /// Alice chess: each unit moves on its board (A, or B where it carries
    /// [`Mark::AliceB`]) with only that board's units present, then passes to the other,
    /// whose square must be empty (`alice.rs`).
    pub alice: bool,
    layout: PhantomData<(O, F)>,
}

impl Fairy {
    /// Whether the set is a Circe alone (no other part).
    pub fn is_circe_alone(&self) -> bool {
        self.circe.is_some()
            && Fairy {
                circe: None,
                ..*self
            } == Fairy::default()
    }

    /// The set without the Anticirce beside its Circe.
    pub fn without_anti(&self) -> Fairy {
        Fairy {
            anti: None,
            ..*self
        }
    }

    /// Whether the set has no part but a Circe, the mummers, Checkless chess and the
    /// NoCapture conditions.
    pub fn only_circe_mummers_checkless_nocapture(&self) -> bool {
        Fairy {
            circe: None,
            mummer: [None; 2],
            checkless: false,
            no_capture: [false; 2],
            ..*self
        } == Fairy::default()
    }

    /// Whether the set has no part but a Circe, Andernach or Anti-Andernach chess, Grid
    /// chess, Masand, Kamikaze Circe, NoCapture and NoPromotion: the parts under which the
    /// reference solver keeps its orthodox mating-move generator
    /// (`RuleSet::reference_mating_order`).
    pub fn only_parts_keeping_orthodox_mating(&self) -> bool {
        Fairy {
            circe: None,
            andernach: None,
            geometry: Geometry {
                grid: false,
                ..self.geometry
            },
            masand: None,
            no_capture: [false; 2],
            no_promotion: [false; 2],
            kamikaze_all: false,
            promotions: Promotions::default(),
            fairy_units: false,
            chameleons: false,
            ..*self
        } == Fairy::default()
    }

    /// Whether the set has no part but Isardam (with any promotions): then Isardam's
    /// guard, where it is built, is all that stands between the orthodox moves and the
    /// legal ones.
    pub fn only_isardam(&self) -> bool {
        self.isardam.is_some()
            && Fairy {
                isardam: None,
                promotions: Promotions::default(),
                ..*self
            } == Fairy::default()
    }

    /// Whether the set has no part but Face-to-face chess or a relative.
    pub fn only_confront(&self) -> bool {
        Fairy {
            confront: None,
            ..*self
        } == Fairy::default()
    }

    /// Whether the rules need the positions' larger layout: each unit's diagram square
    /// (Diagram Circe, Mars Circe Diagram, the goals of the units' diagram squares) or the
    /// placement before the last move (Cohen's rule).
    pub fn needs_origins(&self) -> bool {
        self.follow_units
            || self
                .circe
                .is_some_and(|c| c.square == SquareRule::Diagram || c.cohen)
            || self.mars_rule == Some(SquareRule::Diagram)
    }
}

impl<O, F> Fairy<O, F> {
    /// The same rules on positions of another layout: with the diagram squares, with the
    /// fairy units' kinds.
    pub fn with_layout<O2, F2>(self) -> Fairy<O2, F2> {
        Fairy {
            circe: self.circe,
            anti: self.anti,
            mars: self.mars,
            mars_rex_exclusive: self.mars_rex_exclusive,
            mars_rule: self.mars_rule,
            antimars_rule: self.antimars_rule,
            kamikaze_all: self.kamikaze_all,
            promotions: self.promotions,
            fairy_units: self.fairy_units,
            madrasi: self.madrasi,
            andernach: self.andernach,
            mummer: self.mummer,
            checkless: self.checkless,
            no_capture: self.no_capture,
            no_promotion: self.no_promotion,
            isardam: self.isardam,
            geometry: self.geometry,
            patrol: self.patrol,
            koeko: self.koeko,
            take_make: self.take_make,
            annan: self.annan,
            confront: self.confront,
            oscillating: self.oscillating,
            messigny: self.messigny,
            masand: self.masand,
            einstein: self.einstein,
            lese_majeste: self.lese_majeste,
            chameleons: self.chameleons,
            make_take: self.make_take,
            follow_units: self.follow_units,
            orphans: self.orphans,
            paralysing: self.paralysing,
            half_neutral: self.half_neutral,
            alice: self.alice,
            layout: PhantomData,
        }
    }
}

/// The pawns of either side on their own first rank.
fn first_rank_pawns<F: FairyStore>(board: &Board<F>) -> Bitboard {
    board.pieces(Color::White, Role::Pawn) & Bitboard::rank(Color::White.back_rank())
        | board.pieces(Color::Black, Role::Pawn) & Bitboard::rank(Color::Black.back_rank())
}

/// The unit on `sq` passes to the other side; a rook that does loses its castling right.
fn recolour<O: Origins, F: FairyStore>(p: &mut Position<FairyExt<O, F>>, sq: Square) {
    if let Some(color) = p.board.color_at(sq) {
        movegen::apply_change(&mut p.board, &Change::Recolour(sq, !color));
        p.castling = p.castling.without(sq);
    }
}

/// The kind a chameleon unit of kind `role` becomes by its move: S → B → R → Q → S, as
/// in Chameleon Circe; other kinds keep theirs.
pub(in crate::conditions) fn chameleon_next(role: Role) -> Option<Role> {
    match role {
        Role::Knight => Some(Role::Bishop),
        Role::Bishop => Some(Role::Rook),
        Role::Rook => Some(Role::Queen),
        Role::Queen => Some(Role::Knight),
        _ => None,
    }
}

/// The square of `color`'s royal unit: its king, or the royal piece a king became.
fn royal_square<O: Origins, F: FairyStore>(
    pos: &Position<FairyExt<O, F>>,
    color: Color,
) -> Option<Square> {
    // A royal unit lifted off the board (the capture of it that Anticirce Cage tests,
    // whose cage test asks for check again) has no square: without this the two tests
    // called each other for ever.
    pos.board.king(color).or_else(|| {
        pos.ext
            .royal(color)
            .filter(|&sq| pos.board.color_at(sq) == Some(color))
    })
}

/// Whether the placement after a move is the one the opponent's last move started from
/// (Cohen's rule).
#[inline]
fn reverses_last_move<O: Origins, F: FairyStore>(
    pos: &Position<FairyExt<O, F>>,
    after: &Position<FairyExt<O, F>>,
) -> bool {
    let before = pos.ext.origins.before_last();
    before != 0 && after.board.hash() == before
}

/// Records in `after` the step `mv` made, played from `pos`, where the opponent may play
/// it straight back ([`FairyExt::last`]): a plain step of a neutral unit that stays what it
/// was (no chameleon's change, no half-neutral's turn), as the reference solver's rule for
/// retractions in battle play sees it; a capture, promotion or any other effect changes
/// what a move back would restore.
#[inline]
fn note_step<O: Origins, F: FairyStore>(
    pos: &Position<FairyExt<O, F>>,
    mv: &Move,
    after: &mut Position<FairyExt<O, F>>,
) {
    if pos.board.neutral().is_empty() && pos.ext.last == [NO_ORIGIN; 2] {
        return;
    }
    let stays = plain_step(mv)
        && pos.board.is_neutral(mv.from)
        && after.board.is_neutral(mv.to)
        && after.board.role_at(mv.to) == Some(mv.role);
    after.ext.last = if stays {
        [mv.from.index() as u8, mv.to.index() as u8]
    } else {
        [NO_ORIGIN; 2]
    };
}

/// A move to an empty square with no promotion and no effect.
#[inline]
fn plain_step(mv: &Move) -> bool {
    mv.kind == MoveKind::Quiet
        && mv.captured.is_none()
        && mv.promotion.is_none()
        && mv.effects.is_none()
}

/// Each side's royal square, by colour index.
fn royal_squares<O: Origins, F: FairyStore>(pos: &Position<FairyExt<O, F>>) -> [Option<Square>; 2] {
    [
        royal_square(pos, Color::White),
        royal_square(pos, Color::Black),
    ]
}

/// Which moves without effects are played as in orthodox chess ([`Fairy::orthodox_play`]).
#[derive(Copy, Clone)]
struct OrthodoxPlay {
    captures: bool,
    /// Whether a promoted unit is marked (Frischauf Circe).
    marks_promotions: bool,
}

impl OrthodoxPlay {
    #[inline(always)]
    fn plays(self, mv: &Move) -> bool {
        mv.effects.is_none()
            && match mv.kind {
                MoveKind::Quiet | MoveKind::DoubleStep => mv.captured.is_none(),
                MoveKind::Capture => self.captures,
                _ => false,
            }
            && (mv.promotion.is_none() || !self.marks_promotions)
    }
}

/// Which plain moves (no capture, no effect) the orthodox masks decide without playing.
struct PlainMoves {
    masks: PlainLegality,
    /// Whether every orthodox attack on the king is check, so that a move the masks
    /// forbid is illegal. Under Anticirce and Rex Inclusive an attack may not count (the
    /// rebirth square decides); the moves the masks allow are legal all the same.
    attacks_check: bool,
    assassin: Option<assassin::Guard>,
    /// Whether captures without effects are judged too.
    captures: bool,
    /// Whether a move the masks allow must still pass the tests other than check.
    more_tests: bool,
    /// Isardam: the observations the plain moves make, where known without playing them.
    isardam: Option<isardam::Guard>,
}

/// What the orthodox masks leave to test of a move.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Judged {
    Legal,
    Illegal,
    /// To be played and tested for what is left.
    Untested(Left),
}

/// The tests [`Fairy::legal_but`] still makes of a move played.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
struct Left {
    /// Whether to test the mover's own check: not where the masks found the king safe,
    /// nor where a goal lets the mover stand in check.
    own_check: bool,
    /// Whether to look for Isardam observations: not where the guard found none.
    observation: bool,
}

impl Left {
    /// Every test.
    const ALL: Left = Left {
        own_check: true,
        observation: true,
    };
    /// Every test but the mover's own check.
    const BUT_CHECK: Left = Left {
        own_check: false,
        observation: true,
    };
}

impl PlainMoves {
    /// What is left to test of `mv` with the masks of `plain`, if any.
    #[inline(always)]
    fn judge<E: Extension>(plain: &Option<PlainMoves>, pos: &Position<E>, mv: &Move) -> Judged {
        let Some(p) = plain.as_ref() else {
            return Judged::Untested(Left::ALL);
        };
        let decided = p.decide(pos, mv);
        // Isardam's observations, where the guard knows them, are the only test left.
        let observes = p.isardam.as_ref().and_then(|g| g.observes(mv));
        match (decided, p.more_tests, observes) {
            (Some(false), _, _) | (_, _, Some(true)) => Judged::Illegal,
            (Some(true), false, _) | (Some(true), true, Some(false)) => Judged::Legal,
            (Some(true), true, None) => Judged::Untested(Left::BUT_CHECK),
            // The king's safety is left (under Isardam not every attack is check), but
            // not the observations the guard judged.
            (None, _, observes) => Judged::Untested(Left {
                own_check: true,
                observation: observes.is_none(),
            }),
        }
    }

    #[inline(always)]
    fn decide<E: Extension>(&self, pos: &Position<E>, mv: &Move) -> Option<bool> {
        let plain = if mv.effects.is_none() {
            self.masks.decide_without_effects(pos, mv, self.captures)?
        } else {
            self.decide_recoloured(pos, mv)?
        };
        if plain {
            Some(
                self.assassin
                    .as_ref()
                    .is_none_or(|guard| guard.safe(pos, mv)),
            )
        } else {
            self.attacks_check.then_some(false)
        }
    }

    /// A move without capture whose only effect is its unit passing to the other side
    /// (Anti-Andernach chess): what the masks say of it as a plain move, unless the unit,
    /// now an enemy, would attack the king (then playing it decides).
    #[inline(never)]
    fn decide_recoloured<E: Extension>(&self, pos: &Position<E>, mv: &Move) -> Option<bool> {
        let mut changes = mv.effects.changes();
        let (Some(&Change::Recolour(sq, color)), None) = (changes.next(), changes.next()) else {
            return None;
        };
        let e = &mv.effects;
        if sq != mv.to || mv.captured.is_some() || e.via.is_some() || e.board_to != 0 {
            return None;
        }
        let plain = Move {
            effects: Effects::default(),
            ..*mv
        };
        let legal = self.masks.decide_without_effects(pos, &plain, false)?;
        if legal {
            let king = pos.board.king(pos.side)?;
            let unit = Piece::new(color, mv.promotion.unwrap_or(mv.role));
            let occupied = pos.board.occupied().without(mv.from).with(mv.to);
            if movegen::observes(unit, mv.to, king, occupied) {
                return None;
            }
        }
        Some(legal)
    }
}

impl<O: Origins, F: FairyStore> Fairy<O, F> {
    /// Whether promoted units carry a mark (Frischauf Circe).
    #[inline]
    fn marks_promotions(&self) -> bool {
        self.circe.is_some_and(|c| c.frischauf)
    }

    /// Whether a pawn on its own first rank checks as a pawn does: under Einstein chess,
    /// where it moves too, and, as in the reference solver, under the Circes whose
    /// rebirth square follows the capture's vector (Equipollents, Parrain, ContraParrain),
    /// where one may be reborn there (it does not move).
    fn first_rank_pawns_check(&self) -> bool {
        self.einstein.is_some()
            || self.circe.is_some_and(|c| {
                c.reborn == Reborn::Captured
                    && matches!(
                        c.square,
                        SquareRule::Equipollents { .. }
                            | SquareRule::Parrain { .. }
                            | SquareRule::Cage
                    )
            })
    }

    /// Whether pawns on their own first rank step one square and capture: under Parrain,
    /// ContraParrain and Cage Circe, which may put them there (not under Einstein chess,
    /// which gives them more).
    fn first_rank_pawns_move(&self) -> bool {
        self.einstein.is_none()
            && self.circe.is_some_and(|c| {
                c.reborn == Reborn::Captured
                    && matches!(c.square, SquareRule::Parrain { .. } | SquareRule::Cage)
            })
    }

    /// Whether the set, besides parts that only forbid moves, only changes the walks units
    /// move with (Annan, Face-to-face, Take & Make, Make & Take): every unit still moves
    /// only in its own side's move and keeps its kind but for promotion. Not Mars Circe:
    /// its castlings from the rebirth squares carry a rook that has no castling right.
    pub fn only_changes_walks(&self) -> bool {
        Fairy {
            annan: None,
            confront: None,
            take_make: false,
            make_take: false,
            ..*self
        }
        .only_forbids_moves()
    }

    /// Whether the set only forbids moves (Madrasi, Isardam, Patrol, KoeKo, Grid and the
    /// like, the mummers, Checkless chess, NoCapture, Lèse-majesté): every move it allows is an
    /// orthodox move, and a captured unit leaves the board.
    pub fn only_forbids_moves(&self) -> bool {
        Fairy {
            madrasi: None,
            mummer: [None; 2],
            checkless: false,
            no_capture: [false; 2],
            no_promotion: [false; 2],
            isardam: None,
            geometry: Geometry::default(),
            patrol: None,
            koeko: None,
            lese_majeste: false,
            paralysing: false,
            ..*self
        } == Fairy::<O, F>::default()
    }

    /// Whether the set only chooses among the orthodox legal moves (the mummers): a side
    /// has a legal move exactly where it has an orthodox one.
    pub fn only_chooses_among_legal_moves(&self) -> bool {
        Fairy {
            mummer: [None; 2],
            ..*self
        } == Fairy::<O, F>::default()
    }

    /// The orthodox masks for plain moves, where check needs an orthodox attack on the
    /// king or (Circe Assassin) on a unit reborn on it: not under Mars Circe, where units
    /// attack from their rebirth squares.
    fn plain_legality(&self, pos: &Position<FairyExt<O, F>>) -> Option<PlainMoves> {
        // Where a legal move must end in contact (KoeKo), a check must mate (Checkless)
        // or a move changes more than its own unit (the walks around it under Annan
        // chess, the kings' squares or other units' sides after a check), the masks
        // cannot judge.
        if self.mars.is_some_and(Mars::captures_via)
            || self.alice
            || self.koeko.is_some()
            || self.checkless
            || self.annan.is_some()
            || self.confront.is_some()
            || self.oscillating != [None; 2]
            || self.masand.is_some()
            || self.einstein.is_some()
            || self.lese_majeste
            || self.make_take
            || (self.first_rank_pawns_check() && first_rank_pawns(&pos.board).is_nonempty())
            || self.orphans
            // A move without a capture may undo a kamikaze capture whose capturer was
            // reborn on the square it left.
            || self.cohen()
        {
            return None;
        }
        // Where not every attack is check (Madrasi, Grid, Patrouille, ...), a move the
        // masks allow is legal all the same: it leaves the king no attack at all.
        let mut attacks_check = !self.attacks_filtered();
        let mut assassin = None;
        if self.anti.is_some() {
            attacks_check = false;
        }
        if let Some(c) = self.circe {
            attacks_check &= c.reborn == Reborn::Captured && !c.rex_inclusive;
            if c.occupied == Occupied::Assassin && c.reborn == Reborn::Captured {
                assassin = Some(assassin::Guard::new(pos, c)?);
            }
            // Any capture may bring its capturer back on the king (Anticirce Assassin).
            if c.occupied == Occupied::Assassin && c.reborn == Reborn::Capturer {
                return None;
            }
        }
        // Isardam's guard judges moves as orthodox chess plays them.
        let isardam = self
            .isardam
            .filter(|_| {
                self.orthodox_play(pos).is_some_and(|o| o.captures) && self.captures_untouched()
            })
            .and_then(|i| {
                isardam::Guard::new(&i, &pos.board, pos.side, royal_squares(pos), self.geometry)
            });
        Some(PlainMoves {
            masks: PlainLegality::new(pos)?,
            attacks_check,
            assassin,
            captures: self.captures_orthodox(),
            // Isardam: a move that leaves the king no attack may still make an observation.
            more_tests: self.isardam.is_some(),
            isardam,
        })
    }

    /// Whether a capture without effects is orthodox: no condition acts on captures.
    fn captures_orthodox(&self) -> bool {
        self.circe.is_none()
            && !self.kamikaze_all
            && self.mars.is_none()
            && self.andernach.is_none()
            && !self.take_make
    }

    /// Which moves from `pos` `play_into` would play as orthodox chess does: `None` if
    /// the position carries per-square state (diagram squares), a royal piece that is
    /// not a king, a rebirth or an exchange its next move settles, or a condition acts
    /// on every move (Einstein, Masand, Confrontation, Cohen's rule, Make & Take's en
    /// passant); else whether captures are among them.
    fn orthodox_play(&self, pos: &Position<FairyExt<O, F>>) -> Option<OrthodoxPlay> {
        (!O::TRACKED
            && !self.alice
            && pos.ext.royal == [NO_ORIGIN; 2]
            && pos.ext.pending.is_none()
            && pos.ext.last == [NO_ORIGIN; 2]
            && !self.make_take
            && self.einstein.is_none()
            && self.masand.is_none()
            && self.confront.is_none()
            && !self.cohen())
        .then(|| OrthodoxPlay {
            captures: self.captures_orthodox(),
            marks_promotions: self.marks_promotions(),
        })
    }

    fn captured_reborn(&self) -> Option<Circe> {
        self.circe.filter(|c| c.reborn == Reborn::Captured)
    }

    /// Whether the capturer waits where it took and goes with the next move (Anticirce
    /// Parrain and ContraParrain).
    fn anticirce_parrain(&self) -> bool {
        self.circe.is_some_and(|c| {
            c.reborn == Reborn::Capturer && matches!(c.square, SquareRule::Parrain { .. })
        })
    }

    fn anticirce(&self) -> Option<Circe> {
        self.anti
            .or_else(|| self.circe.filter(|c| c.reborn == Reborn::Capturer))
    }

    fn castling_allowed(&self, pos: &Position<FairyExt<O, F>>, mv: &Move) -> bool {
        let king = mv.from;
        // Where check needs an attack from where the units stand (not Mars Circe, not
        // Circe Assassin), a square nothing attacks with the king on it is safe.
        let attack_needed = self.mars.is_none()
            && self.annan.is_none()
            && self.confront.is_none()
            && !self.make_take
            && !self.circe.is_some_and(|c| c.occupied == Occupied::Assassin);
        let occupied = pos.board.occupied().without(king);
        movegen::castling_king_path(mv).iter().all(|&sq| {
            if attack_needed
                && movegen::attackers(&pos.board, sq, !pos.side, occupied.with(sq)).is_empty()
            {
                return true;
            }
            let mut p = *pos;
            if sq != king {
                let piece = Piece::new(pos.side, Role::King);
                p.board.take(king);
                p.board.put(sq, piece, false);
            }
            !self.in_check(&p, pos.side)
        })
    }

    /// Whether the capture of `color`'s king on `k` by the unit on `from` removes it for good.
    fn king_capture_counts(
        &self,
        pos: &Position<FairyExt<O, F>>,
        color: Color,
        k: Square,
        from: Square,
    ) -> bool {
        // Anticirce beside a Circe: the capture must first allow its capturer's rebirth.
        self.anti
            .is_none_or(|anti| self.king_capture_counts_under(anti, pos, color, k, from))
            && self
                .circe
                .is_none_or(|circe| self.king_capture_counts_under(circe, pos, color, k, from))
    }

    /// [`Fairy::king_capture_counts`] under the one Circe-type condition `circe`.
    fn king_capture_counts_under(
        &self,
        circe: Circe,
        pos: &Position<FairyExt<O, F>>,
        color: Color,
        k: Square,
        from: Square,
    ) -> bool {
        let board = &pos.board;
        let Some(capturer) = board.piece_at(from) else {
            return false;
        };
        // The royal unit: a king, or a unit of another kind with the royal attribute.
        let royal = board.role_at(k).unwrap_or(Role::King);
        match circe.reborn {
            // Some square is always free: the one the capturer left.
            Reborn::Capturer if circe.square == SquareRule::Super => true,
            // Anticirce Parrain: the capturer stays where it took until the next move,
            // which the capture of the royal unit is. That capture must move the capturer
            // still waiting from the move before, if any, as any move must
            // (`Fairy::finish_arrival`): as the reference solver tests check, by playing
            // the capture.
            Reborn::Capturer if matches!(circe.square, SquareRule::Parrain { .. }) => {
                let (Some(p), Some(stand)) = (pos.ext.pending, pos.ext.waiting()) else {
                    return true;
                };
                let vector = (
                    k.file() as i8 - from.file() as i8,
                    k.rank() as i8 - from.rank() as i8,
                );
                let contra = circe.square == (SquareRule::Parrain { contra: true });
                let target = effects::parrain_target(p.square, vector, contra);
                target.is_some_and(|sq| sq == from || sq == stand || !board.occupied().contains(sq))
            }
            // Under Rex Exclusive a king that captures stays where it took.
            Reborn::Capturer if !circe.rex_inclusive && capturer.role == Role::King => true,
            Reborn::Capturer => {
                let promoting = self.einstein.is_none()
                    && capturer.role == Role::Pawn
                    && k.rank() == (!color).promotion_rank();
                // Under Einstein chess the capturer is reborn as the kind it became, a
                // chameleon unit as its next kind.
                let einsteined = self
                    .einstein
                    .map_or(capturer.role, |e| e.becomes(capturer.role, true));
                let einsteined = if board.is_chameleon(from) {
                    chameleon_next(einsteined).unwrap_or(einsteined)
                } else {
                    einsteined
                };
                let roles: &[Role] = if promoting {
                    &Role::PROMOTIONS
                } else {
                    std::slice::from_ref(&einsteined)
                };
                roles.iter().any(|&role| {
                    let role = match circe.kind {
                        // A royal unit is not cloned: its capturer keeps its kind (as
                        // Popeye tests check; a pawn taking a king goes to its own square).
                        KindRule::Clone => role,
                        other => other.reborn_capturer(role, royal),
                    };
                    let cap = Capture {
                        role,
                        // A neutral capturer is reborn as the attacking side's.
                        color: !color,
                        x: k,
                        from,
                        to: k,
                        capturer_role: royal,
                        capturer_color: color,
                        origin: pos.ext.origin(from),
                    };
                    if circe.square == SquareRule::Cage {
                        // Anticirce Cage: the capturer, lifted off the royal square, must
                        // have a cage (a pawn on its last rank: as some kind it promotes to).
                        let mut lifted = *board;
                        lifted.take(from);
                        lifted.take(k);
                        let piece = Piece::new(!color, role);
                        let attrs = board.attrs_at(from);
                        let promotions = self.rebirth_promotions(!color);
                        return (!lifted.occupied()).into_iter().any(|sq| {
                            effects::placements(promotions, piece, sq, attrs)
                                .any(|p| self.caged(pos, &lifted, p.piece, sq, !color, None))
                        });
                    }
                    if circe.square == SquareRule::TakeMake {
                        // The capturer must have a move of its walk, for the royal unit's
                        // side, from the royal square (`Circe::anti_take_make`).
                        let walker = Piece::new(color, role);
                        return walks::may_move_from(walker, k)
                            && !walks::quiet_from(walker, k, board.occupied().without(from))
                                .is_empty();
                    }
                    let promoted = promoting || board.is_marked(from, Mark::Frischauf);
                    match circe.rebirth_square_of(&cap, promoted) {
                        None => circe.occupied == Occupied::Lost,
                        Some(sq) if sq == k => !circe.cheylan,
                        // Parachute: an occupant goes under the reborn capturer; Relaxed:
                        // the capturer stays; Assassin: the occupant goes, unless it is
                        // the capturer's own king.
                        Some(sq) => {
                            sq == from
                                || !board.occupied().contains(sq)
                                || matches!(circe.occupied, Occupied::Parachute | Occupied::Lost)
                                || (circe.occupied == Occupied::Assassin
                                    && board.piece_at(sq) != Some(Piece::new(!color, Role::King)))
                        }
                    }
                })
            }
            Reborn::Captured => {
                if !circe.rex_inclusive {
                    return true;
                }
                let cap = Capture {
                    role: royal,
                    color,
                    x: k,
                    from,
                    to: k,
                    capturer_role: capturer.role,
                    capturer_color: capturer.color,
                    origin: pos.ext.origin(k),
                };
                if circe.immune {
                    // The capture is legal only if the king's rebirth square is empty
                    // after it: the capturer's square is, the king's is not.
                    return circe.rebirth_square(&cap).is_some_and(|sq| {
                        sq == from || (sq != k && !board.occupied().contains(sq))
                    });
                }
                if board.is_kamikaze(from) || self.kamikaze_all {
                    // The capturer vanishes first and may be reborn (not under
                    // KamikazeCirce); then the king is reborn if its square is empty, its
                    // own included.
                    let mut after = board.occupied().without(from).without(k);
                    if !self.kamikaze_all {
                        let (_, reborn) = circe.kamikaze_rebirth(
                            capturer.role,
                            capturer.color,
                            royal,
                            (from, k),
                            pos.ext.origin(from),
                        );
                        if let Some(r) = reborn {
                            after = after.with(r);
                        }
                    }
                    return circe
                        .rebirth_square(&cap)
                        .is_none_or(|sq| after.contains(sq));
                }
                match circe.rebirth_square(&cap) {
                    None => true,
                    Some(sq) if sq == k => true,
                    Some(sq) if sq == from => false,
                    Some(sq) => board.occupied().contains(sq),
                }
            }
        }
    }
}

impl<O: Origins, F: FairyStore> Fairy<O, F> {
    /// The candidate moves before a Maximummer or Minimummer picks among them: every
    /// move the units may make, with its effects decided, some still illegal.
    fn candidates(&self, pos: &Position<FairyExt<O, F>>, out: &mut MoveList) {
        self.candidates_with(pos, out, true);
    }

    /// [`Fairy::candidates`], with the paralysis of paralysing units suspended unless
    /// `paralysis` (for the test of suffocation).
    fn candidates_with(&self, pos: &Position<FairyExt<O, F>>, out: &mut MoveList, paralysis: bool) {
        let start = out.len();
        let _ = self.candidates_by_unit_move(pos, out, paralysis, None, &mut |_| {
            ControlFlow::Continue(())
        });
        if let Some(osc) = self.oscillating[pos.side.index()] {
            self.oscillate(osc, pos, out, start);
        }
    }

    /// Whether [`Fairy::candidates_by_unit_move`] gives the side to move its candidates
    /// as they are: no Maximummer or Minimummer compares them, no oscillation follows.
    fn candidates_final_by_unit_move(&self, pos: &Position<FairyExt<O, F>>) -> bool {
        self.mummer[pos.side.index()].is_none() && self.oscillating[pos.side.index()].is_none()
    }

    /// Whether what a capture does besides taking can only take checks away: its one
    /// effect is the captured unit's rebirth (a unit of the side in check, which may
    /// block a line but not attack), on a board of orthodox units where an attack is
    /// check. Then a capture that does not check as a plain capture checks with no
    /// rebirth, and its rebirths need not be made to look for checks.
    fn rebirths_only_block(&self, pos: &Position<FairyExt<O, F>>) -> bool {
        let Some(c) = self.circe else {
            return false;
        };
        c.reborn == Reborn::Captured
            && !self.alice
            && !c.rex_inclusive
            && matches!(c.occupied, Occupied::Lost | Occupied::Illegal)
            && !c.turncoat
            && !c.waits()
            && self.anti.is_none()
            && self.mars.is_none()
            && !self.kamikaze_all
            && self.andernach.is_none()
            && !self.take_make
            && !self.make_take
            && self.masand.is_none()
            && self.einstein.is_none()
            && self.annan.is_none()
            && self.confront.is_none()
            && self.messigny.is_none()
            && !self.attacks_filtered()
            && !self.checkless
            && !self.lese_majeste
            && !self.chameleons
            && !self.fairy_units
            && !self.half_neutral
            && !self.orphans
            && pos.ext.pending.is_none()
            && pos.ext.hidden[0].is_none()
            && (pos.board.neutral() | pos.board.kamikaze()).is_empty()
    }

    /// Whether the capture `mv`, made with no effect (the unit taken, the capturer on
    /// its square), leaves the opponent in check.
    fn plain_capture_checks(&self, pos: &Position<FairyExt<O, F>>, mv: &Move) -> bool {
        let mut p = *pos;
        p.board.take(mv.capture_square());
        p.board.shift(
            mv.from,
            mv.to,
            Piece::new(pos.side, mv.promotion.unwrap_or(mv.role)),
        );
        self.in_check(&p, !pos.side)
    }

    /// Where Isardam is the only part and its guard is built, the candidates that may be
    /// legal into `out`: the orthodox moves within the guard's reach and the castlings
    /// the conditions allow, with no sink to drop or expand any (Isardam perft 13.5 ->
    /// 18.2 M nodes/s against [`UnitMoves`]). False, and `out` untouched, elsewhere.
    fn guarded_moves(
        &self,
        pos: &Position<FairyExt<O, F>>,
        plain: &Option<PlainMoves>,
        out: &mut MoveList,
    ) -> bool {
        let Some(guard) = plain.as_ref().and_then(|p| p.isardam.as_ref()) else {
            return false;
        };
        if !self.with_layout::<NoOrigins, NoFairy>().only_isardam() {
            return false;
        }
        let board = &pos.board;
        let reach = |from| guard.reach(board, from);
        // A list takes every move: the generation is never cut short.
        let _ =
            movegen::generate_within(pos, Gen::All, Bitboard::FULL, self.promotions, reach, out);
        let start = out.len();
        movegen::castling_candidates(pos, out);
        let mut i = start;
        while i < out.len() {
            if self.castling_allowed(pos, &out[i]) {
                i += 1;
            } else {
                out.remove(i);
            }
        }
        true
    }

    /// The candidates before oscillation, appended to `out` one move of a unit at a time
    /// (a capture with its rebirths, a Take & Make capture with its makes, ...), and
    /// `each` called after each with `out`: a search that stops at the first move that
    /// answers its question expands no more captures than it needs.
    fn candidates_by_unit_move(
        &self,
        pos: &Position<FairyExt<O, F>>,
        out: &mut MoveList,
        paralysis: bool,
        isardam: Option<&isardam::Guard>,
        // One copy of the generator for every caller: as a type parameter, each copy
        // left the capture expansion out of line, 10 % slower.
        each: &mut dyn FnMut(&mut MoveList) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.candidates_by_unit_move_but(pos, out, paralysis, &|_| false, isardam, each)
    }

    /// [`Fairy::candidates_by_unit_move`], leaving out the moves of units that `skip`
    /// picks before they are expanded, and, for a caller that wants legal moves only, the
    /// moves Isardam's guard `isardam` finds illegal: never built where the arrival
    /// square decides.
    fn candidates_by_unit_move_but(
        &self,
        pos: &Position<FairyExt<O, F>>,
        out: &mut MoveList,
        paralysis: bool,
        skip: &dyn Fn(&Move) -> bool,
        isardam: Option<&isardam::Guard>,
        each: &mut dyn FnMut(&mut MoveList) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if self.alice {
            return self.alice_candidates(pos, out, paralysis, skip, each);
        }
        let sink = UnitMoves::new(self, pos, out, paralysis, skip, isardam, each);
        self.feed(pos, isardam, sink)
    }

    /// Generates the candidates of `pos` into `sink`, one unit move at a time.
    #[inline(always)]
    fn feed(
        &self,
        pos: &Position<FairyExt<O, F>>,
        isardam: Option<&isardam::Guard>,
        mut sink: UnitMoves<'_, O, F>,
    ) -> ControlFlow<()> {
        if self.generates_plainly() {
            // Straight into the sink: no list of candidates to copy.
            self.walk_candidates(pos, isardam, &mut sink)?;
        } else {
            let mut base = MoveList::new();
            self.unusual_candidates(pos, sink.whole(), &mut base);
            for mv in &base {
                sink.put(*mv);
                sink.unit_done()?;
            }
        }
        let mut castlings = MoveList::new();
        movegen::castling_candidates(pos, &mut castlings);
        sink.castling = true;
        for mv in &castlings {
            sink.put(*mv);
            sink.unit_done()?;
        }
        sink.castling = false;
        if self.mars.is_some() && !self.mars_rex_exclusive {
            // Castlings from the rebirth square were tested on the board they are played on.
            castlings.clear();
            self.rebirth_castlings(pos, &mut castlings);
            for mv in &castlings {
                sink.put(*mv);
                sink.unit_done()?;
            }
        }
        sink.finish()
    }

    /// The pseudo-legal moves of the units' walks but castling, of the shapes Grid,
    /// Monochrome and Bichrome chess allow and, with Isardam's guard, but those whose
    /// unit would stand observed on arrival, into `out`.
    #[inline]
    fn walk_candidates(
        &self,
        pos: &Position<FairyExt<O, F>>,
        isardam: Option<&isardam::Guard>,
        out: &mut impl MoveSink,
    ) -> ControlFlow<()> {
        let all = Bitboard::FULL;
        let geometry = self.geometry;
        match isardam {
            None if geometry.is_none() => {
                movegen::generate(pos, Gen::All, all, self.promotions, out)
            }
            None => {
                let reach = move |from| geometry.reach(from);
                movegen::generate_within(pos, Gen::All, all, self.promotions, reach, out)
            }
            Some(guard) => {
                let board = &pos.board;
                let reach = move |from| geometry.reach(from) & guard.reach(board, from);
                movegen::generate_within(pos, Gen::All, all, self.promotions, reach, out)
            }
        }
    }

    /// Whether the candidates are the pseudo-legal moves of the units' walks and
    /// castling, and no more (Grid, Monochrome and Bichrome chess only narrow them).
    fn generates_plainly(&self) -> bool {
        self.mars.is_none()
            && self.annan.is_none()
            && self.confront.is_none()
            && !self.make_take
            && !self.take_make
            && self.messigny.is_none()
            && !self.first_rank_pawns_move()
            && self.einstein.is_none()
            && !self.chameleons
    }

    /// The candidates but castling where [`Fairy::generates_plainly`] does not hold: Mars
    /// Circe's captures, Annan's borrowed walks, the makes of Take & Make, exchanges, ...
    /// `whole` is `pos` but under Alice chess, where `pos` is one board's view and `whole`
    /// both boards.
    fn unusual_candidates(
        &self,
        pos: &Position<FairyExt<O, F>>,
        whole: &Position<FairyExt<O, F>>,
        base: &mut MoveList,
    ) {
        match self.mars {
            Some(Mars::Mars) => {
                movegen::pseudo_moves(pos, Gen::Quiet, self.promotions, base);
                self.mars_captures(pos, base);
            }
            Some(Mars::AntiMars) => {
                movegen::pseudo_moves(pos, Gen::All, self.promotions, base);
                base.retain(|m| m.is_capture());
                self.antimars_moves(pos, base);
            }
            Some(Mars::Both) => {
                self.mars_captures(pos, base);
                self.antimars_moves(pos, base);
            }
            None => match (self.annan, self.confront) {
                (Some(annan), _) => self.annan_moves(annan, pos, base),
                (None, Some(confront)) => self.confront_moves(confront, pos, base),
                (None, None) => {
                    let _ = self.walk_candidates(pos, None, base);
                }
            },
        }
        if self.make_take {
            self.make_and_take(pos, base);
        }
        if self.take_make {
            self.take_and_make(pos, whole, base);
        }
        if let Some(m) = self.messigny {
            m.exchanges(&pos.board, pos.side, pos.ext.exchanged(), base);
        }
        if self.first_rank_pawns_move() {
            // As the reference solver plays Parrain Circe, which may bring a pawn back on
            // its first rank: one step, or a capture.
            Einstein::first_rank_pawn_moves(&pos.board, pos.side, 1, base);
        }
        if self.einstein.is_some() {
            Einstein::first_rank_pawn_moves(&pos.board, pos.side, 3, base);
            if let Some(crossed) = pos.ext.far_crossing() {
                Einstein::far_en_passant(&pos.board, pos.side, crossed, base);
            }
        }
        if self.chameleons {
            self.chameleon_moves(pos, base);
        }
    }

    /// The half-neutral unit of `mv` changes its phase where it ends: a neutral one turns
    /// to the side that moved it, another turns neutral.
    #[inline(never)]
    fn change_phase(pos: &Position<FairyExt<O, F>>, mv: &mut Move) {
        let attrs = pos.board.attrs_at(mv.from);
        let neutral = !attrs.neutral();
        let mut turned = Placement {
            piece: Piece::new(pos.side, mv.promotion.unwrap_or(mv.role)),
            square: mv.to,
            attrs: attrs.with_neutral(neutral),
            promoted: None,
        };
        // A capturer that Anticirce takes away turns where it took, and is relocated in
        // its new phase (`hnBe4*h7=nh[nhnBh7->b5]`): the change follows it there.
        let to = mv.to;
        mv.effects = mv.effects.map(|c| match c {
            Change::Relocate(from, r, Cause::Relocation) if from == to => {
                turned = Placement {
                    square: r.square,
                    piece: r.piece,
                    ..turned
                };
                Change::Relocate(
                    from,
                    Placement {
                        attrs: r.attrs.with_neutral(neutral),
                        ..r
                    },
                    Cause::Relocation,
                )
            }
            other => other,
        });
        mv.effects.push(Change::Put(turned, Cause::PhaseChange));
    }

    /// The moves in `base` where the problem has chameleon units (apart, so that the
    /// common path stays small): a chameleon unit arrives as the next kind of its cycle
    /// (a pawn stays one and promotes to a chameleon unit), and any other pawn's
    /// promotion may make a chameleon unit too, right after the plain one.
    #[inline(never)]
    fn chameleon_moves(&self, pos: &Position<FairyExt<O, F>>, base: &mut MoveList) {
        let mut moves = MoveList::new();
        for mv in base.iter() {
            let mut mv = *mv;
            if pos.board.is_chameleon(mv.from) && mv.promotion.is_none() {
                mv.promotion = chameleon_next(mv.role);
            }
            moves.push(mv);
            if mv.role.is_pawn() {
                if let Some(chameleon) = self.chameleon_promotion(pos, &mv) {
                    moves.push(chameleon);
                }
            }
        }
        *base = moves;
    }

    /// A pawn's promotion `mv` made to a chameleon unit (the problem has some): the same
    /// move, then the new attribute where the unit stands (`c7-c8=Q=c`).
    fn chameleon_promotion(&self, pos: &Position<FairyExt<O, F>>, mv: &Move) -> Option<Move> {
        let promoted = mv.promotion.filter(|&r| chameleon_next(r).is_some())?;
        if pos.board.is_chameleon(mv.from) {
            return None; // a chameleon pawn's promotion is one already
        }
        let mut chameleon = *mv;
        chameleon.effects.push(Change::Put(
            Placement {
                piece: Piece::new(pos.side, promoted),
                square: mv.to,
                attrs: pos.board.attrs_at(mv.from).with_chameleon(true),
                promoted: None,
            },
            Cause::WalkChange,
        ));
        Some(chameleon)
    }

    /// The pseudo-legal moves under Annan chess: the units with a friendly unit behind
    /// them move with its walk.
    #[inline(never)]
    fn annan_moves(&self, annan: Annan, pos: &Position<FairyExt<O, F>>, out: &mut MoveList) {
        let side = pos.side;
        let royal = royal_square(pos, side);
        let borrowers = annan.borrowers(&pos.board, side, royal);
        let _ = movegen::generate(pos, Gen::All, !borrowers, self.promotions, out);
        for from in borrowers {
            let walk = Annan::lent(&pos.board, side, from);
            movegen::moves_with_walk(pos, from, walk, Gen::All, self.promotions, out);
        }
    }

    /// The candidate moves under Face-to-face chess and its relatives: the confronted
    /// units with the walks lent to them (once per move where two lend the same one).
    fn confront_moves(&self, c: Confront, pos: &Position<FairyExt<O, F>>, out: &mut MoveList) {
        let side = pos.side;
        let confronted = c.confronted(&pos.board, side);
        let _ = movegen::generate(pos, Gen::All, !confronted, self.promotions, out);
        for from in confronted {
            let start = out.len();
            for walk in c.walks(&pos.board, side, from).into_iter().flatten() {
                if !walks::may_move_from(Piece::new(side, walk), from) {
                    continue;
                }
                movegen::moves_with_walk(pos, from, walk, Gen::All, self.promotions, out);
                movegen::en_passant_with_walk(pos, from, walk, out);
            }
            let mut i = start + 1;
            while i < out.len() {
                if out[start..i].contains(&out[i]) {
                    out.remove(i);
                } else {
                    i += 1;
                }
            }
        }
    }

    /// Tells `f` each unit that changes sides under Masand after `mv`, played from `pos`
    /// into `p` but for them, in order.
    fn masand_turned(
        &self,
        m: Masand,
        pos: &Position<FairyExt<O, F>>,
        mv: &Move,
        p: &Position<FairyExt<O, F>>,
        f: impl FnMut(Square),
    ) {
        let opponent = !pos.side;
        let Some(king) = royal_square(p, opponent) else {
            return;
        };
        if !self.in_check(p, opponent) {
            return;
        }
        // Where the moving unit ended: its rebirth square under Anticirce, else its arrival.
        let at = mv
            .effects
            .changes()
            .find_map(|c| match *c {
                Change::Relocate(_, r, Cause::Relocation) => Some(r.square),
                _ => None,
            })
            .unwrap_or(mv.to);
        m.for_each_turned(&p.board, pos.side, at, king, royal_squares(p), f);
    }

    /// Whether some condition decides which attacks on a king are check (Madrasi, Isardam,
    /// Grid and the colour conditions, Patrouille, KoeKo): see [`Fairy::attack_checks`].
    #[inline]
    fn attacks_filtered(&self) -> bool {
        self.madrasi.is_some()
            || self.paralysing
            || self.isardam.is_some()
            || !self.geometry.is_none()
            || self.patrol.is_some()
            || self.koeko.is_some()
    }

    /// Whether the attack of the unit on `a` on `color`'s royal unit on `k` is check under
    /// the observation conditions: an allowed shape, a capture that would end in contact,
    /// a supported attacker, a legal Isardam capture, an attacker not paralysed.
    fn attack_checks(
        &self,
        pos: &Position<FairyExt<O, F>>,
        a: Square,
        k: Square,
        color: Color,
        clean: bool,
    ) -> bool {
        let board = &pos.board;
        self.geometry.allows(a, k)
            && self.koeko.is_none_or(|c| c.capture_allowed(board, a, k))
            && self
                .patrol
                .is_none_or(|p| p.observes(Patrol::supported(board, a, !color, self.geometry)))
            && self.isardam.is_none_or(|i| {
                i.checks(
                    board,
                    a,
                    k,
                    color,
                    royal_squares(pos),
                    self.promotions,
                    self.geometry,
                    self.andernach,
                    clean,
                )
            })
            && self.madrasi.is_none_or(|m| {
                !m.paralysed(
                    board,
                    a,
                    !color,
                    royal_square(pos, !color) == Some(a),
                    self.geometry,
                )
            })
            && (!self.paralysing || paralysing::observes(board, a, self.geometry))
    }

    /// Whether a move has a shape the Grid, Monochrome and Bichrome conditions allow and,
    /// under Patrouille, the support it needs.
    /// `support` holds the last unit's square and whether it is supported: the moves of
    /// a unit come together, and its support is the same for all of them.
    /// Under Alice chess `pos` is the unit's board and `whole` both boards: UltraPatrol's
    /// support is judged on the board, Patrouille's and Lortap's on both, as the reference
    /// solver judges them (the one while it generates a board's moves, the others on the
    /// moves of both boards, every unit back in place).
    fn shape_allowed(
        &self,
        pos: &Position<FairyExt<O, F>>,
        whole: &Position<FairyExt<O, F>>,
        mv: &Move,
        support: &mut Option<(Square, bool)>,
    ) -> bool {
        self.geometry.allows_move(mv)
            && self.patrol.is_none_or(|p| {
                p.allows(mv, || match *support {
                    Some((sq, supported)) if sq == mv.from => supported,
                    _ => {
                        let on = if p == Patrol::Ultra { pos } else { whole };
                        let supported =
                            Patrol::supported(&on.board, mv.from, pos.side, self.geometry);
                        *support = Some((mv.from, supported));
                        supported
                    }
                })
            })
    }

    /// Whether the move is a capture by the mover's king that loses it (Anticirce
    /// Relaxed, its rebirth square taken): legal, leaving the side without a king, as in
    /// the reference solver.
    fn king_lost_by_capture(&self, pos: &Position<FairyExt<O, F>>, mv: &Move) -> bool {
        self.anticirce()
            .is_some_and(|c| c.occupied == Occupied::Lost)
            && royal_square(pos, pos.side) == Some(mv.from)
            && mv
                .effects
                .changes()
                .any(|c| matches!(*c, Change::Remove(sq, Cause::Removal { .. }) if sq == mv.to))
    }

    /// Whether Cohen's rule holds: no move may undo the opponent's last one.
    #[inline]
    fn cohen(&self) -> bool {
        self.circe.is_some_and(|c| c.cohen)
    }

    /// Whether `color`'s king is hidden under a unit reborn on its square (Circe
    /// Parachute): not captured, it comes back when the square is empty again.
    fn king_parachuted(&self, pos: &Position<FairyExt<O, F>>, color: Color) -> bool {
        self.circe
            .is_some_and(|c| c.occupied == Occupied::Parachute)
            && pos
                .ext
                .hidden
                .iter()
                .flatten()
                .any(|h| h.piece() == Piece::new(color, Role::King))
    }

    /// The candidate moves, of which a Maximummer's or Minimummer's side keeps those
    /// that go furthest (least far) among the ones `legal` lets through.
    fn pseudo_legal_with(
        &self,
        pos: &Position<FairyExt<O, F>>,
        out: &mut MoveList,
        legal: impl Fn(&Move, &Position<FairyExt<O, F>>) -> bool,
    ) {
        let start = out.len();
        self.candidates(pos, out);
        if let Some(mummer) = self.mummer[pos.side.index()] {
            self.keep_mummer_moves(mummer, pos, out, start, legal);
        }
    }

    /// Whether a move that led from `pos` to `after` is legal: the mover keeps its
    /// royal unit out of check and, in Checkless chess, checks only to mate. `depth`
    /// counts the Checkless mate tests this one is nested in.
    fn legal_at(
        &self,
        pos: &Position<FairyExt<O, F>>,
        mv: &Move,
        after: &Position<FairyExt<O, F>>,
        depth: u32,
    ) -> bool {
        self.legal_but(pos, mv, after, depth, Left::ALL, &BeforeScan::single())
    }

    /// Whether the move from `pos` to the board `after` (royal units on `royal`) leaves
    /// an Isardam observation.
    #[inline]
    fn isardam_observed(
        &self,
        i: Isardam,
        pos: &Position<FairyExt<O, F>>,
        after: &Board<F>,
        royal: [Option<Square>; 2],
        scan: &BeforeScan,
    ) -> bool {
        if scan.clean(|| !i.any_observed(&pos.board, royal_squares(pos), self.geometry)) {
            i.observed_after(&pos.board, after, royal, self.geometry)
        } else {
            i.any_observed(after, royal, self.geometry)
        }
    }

    /// Whether `color`'s royal unit stands in check; `clean` where the board is known to
    /// hold no Isardam observation (a move that made one is illegal whatever this says),
    /// so that Isardam's test of a capture of the king looks only at what it changes.
    fn in_check_of(&self, pos: &Position<FairyExt<O, F>>, color: Color, clean: bool) -> bool {
        let Some(k) = royal_square(pos, color) else {
            return false;
        };
        let board = &pos.board;
        let mut attackers = if self.mars.is_some_and(Mars::captures_via) {
            self.mars_attackers(pos, k, !color)
        } else if self.make_take && self.circe.is_some_and(|c| c.rex_inclusive) {
            // Kings may be taken: a castling as a make moves a rook, which the rebirth
            // may meet.
            if self.castling_make_checks(pos, color, k) {
                return true;
            }
            Self::make_take_plain_checkers(pos, k, !color)
        } else if self.make_take {
            Self::make_take_checkers(pos, k, !color)
        } else if let Some(annan) = self.annan {
            annan.observers(
                board,
                k,
                !color,
                royal_square(pos, !color),
                board.occupied(),
            )
        } else if let Some(confront) = self.confront {
            confront.observers(board, k, !color, board.occupied())
        } else {
            movegen::attackers(board, k, !color, board.occupied())
        };
        if self.first_rank_pawns_check() {
            attackers |= Einstein::first_rank_attackers(board, k, !color);
        }
        if let Some(ep) = pos
            .ep
            .filter(|ep| ep.pawn == k && !self.mars.is_some_and(Mars::captures_via))
        {
            // A royal pawn that has just stepped two squares may be taken en passant: the
            // reference solver counts that as check.
            attackers |=
                movegen::attacks::pawn(color, ep.crossed) & board.pieces(!color, Role::Pawn);
        }
        if self.attacks_filtered() {
            for a in attackers {
                if !self.attack_checks(pos, a, k, color, clean) {
                    attackers = attackers.without(a);
                }
            }
        }
        if attackers.is_nonempty()
            && attackers
                .into_iter()
                .any(|a| self.king_capture_counts(pos, color, k, a))
        {
            return true;
        }
        match self.circe {
            Some(c) if c.occupied == Occupied::Assassin && c.reborn == Reborn::Captured => {
                assassin::threatened(board, color, k, c, |sq| pos.ext.origin(sq))
            }
            Some(c) if c.occupied == Occupied::Assassin => {
                assassin::capturer_threatens(board, color, k, c, self.einstein, |sq| {
                    pos.ext.origin(sq)
                })
            }
            _ => false,
        }
    }

    /// Whether the move `mv` from `pos` leaves `side`'s royal unit in check in `after`.
    #[inline]
    fn own_check(
        &self,
        pos: &Position<FairyExt<O, F>>,
        mv: &Move,
        after: &Position<FairyExt<O, F>>,
        side: Color,
    ) -> bool {
        if self.alice {
            return self.alice_own_check(pos, mv, after, side);
        }
        self.in_check_of(after, side, self.isardam.is_some())
    }

    /// [`Fairy::legal_at`] but for the tests `left` leaves out: the mover's own check
    /// (what still makes a move illegal where a goal lets the mover stand in check:
    /// double mate, auto-mate), or Isardam's observations where the guard judged them.
    /// The cheap tests come first: the check test before the Checkless one.
    fn legal_but(
        &self,
        pos: &Position<FairyExt<O, F>>,
        mv: &Move,
        after: &Position<FairyExt<O, F>>,
        depth: u32,
        left: Left,
        scan: &BeforeScan,
    ) -> bool {
        let side = pos.side;
        if royal_square(pos, side).is_some()
            && royal_square(after, side).is_none()
            && !self.king_parachuted(after, side)
            && !self.king_lost_by_capture(pos, mv)
        {
            return false;
        }
        // Lèse-majesté: no move may leave the opponent without a king (one reborn at once
        // under Circe Rex Inclusive stays).
        if self.lese_majeste
            && royal_square(pos, !side).is_some()
            && royal_square(after, !side).is_none()
        {
            return false;
        }
        // Under Isardam the observation test comes first: after it the board is known to
        // be clean, and the check test needs look only at what a capture of the king
        // changes.
        let isardam_clean = || {
            !left.observation
                || self.isardam.is_none_or(|i| {
                    !self.isardam_observed(i, pos, &after.board, royal_squares(after), scan)
                        && !Isardam::en_passant_observed(&after.board, after.ep, pos.side)
                })
        };
        self.koeko.is_none_or(|c| c.move_allowed(&after.board, mv))
            && !(self.cohen() && reverses_last_move(pos, after))
            && isardam_clean()
            && !(left.own_check && self.own_check(pos, mv, after, side))
            && (!self.checkless || self.checkless_allows(after, depth))
    }
}

impl<O: Origins, F: FairyStore> Rules for Fairy<O, F> {
    type Ext = FairyExt<O, F>;

    fn orthodox_bounds(&self, pos: &Position<Self::Ext>) -> bool {
        let board = &pos.board;
        // Kamikaze and royal units other than kings come with no part of their own.
        self.only_chooses_among_legal_moves()
            && board.fairy_units().is_empty()
            && board.neutral().is_empty()
            && board.kamikaze().is_empty()
            && Color::ALL.into_iter().all(|c| pos.ext.royal(c).is_none())
    }

    fn proof_counting(&self) -> ProofCounting {
        if self.only_forbids_moves() {
            ProofCounting::Distances
        } else if self.only_changes_walks() {
            ProofCounting::Steps
        } else if (Fairy {
            andernach: None,
            ..*self
        })
        .only_forbids_moves()
        {
            ProofCounting::Squares
        } else {
            ProofCounting::Nothing
        }
    }

    fn pseudo_legal(&self, pos: &Position<FairyExt<O, F>>, out: &mut MoveList) {
        self.pseudo_legal_with(pos, out, |mv, after| self.is_legal(pos, mv, after));
    }

    fn pseudo_legal_by(
        &self,
        pos: &Position<FairyExt<O, F>>,
        out: &mut MoveList,
        legal: &dyn Fn(&Move, &Position<FairyExt<O, F>>) -> bool,
    ) {
        self.pseudo_legal_with(pos, out, legal);
    }

    /// Its capture effects, then its arrival.
    fn play_into(
        &self,
        pos: &Position<FairyExt<O, F>>,
        mv: &Move,
        p: &mut Position<FairyExt<O, F>>,
    ) {
        self.apply(pos, mv, p);
        self.arrive(pos, mv, p);
        if mv.promotion.is_some()
            && self.marks_promotions()
            && p.board.color_at(mv.to) == Some(pos.side)
        {
            // Frischauf Circe follows promoted units (an Anticirce capturer took the mark
            // along to its rebirth square).
            p.board.mark(mv.to, Mark::Frischauf);
        }
        if self.cohen() {
            p.ext.origins.set_before_last(pos.board.hash());
        }
        if self.confront.is_some() && mv.kind == MoveKind::DoubleStep && p.ep.is_none() {
            // Any enemy unit may borrow a pawn's walk and take en passant: the chance
            // stands whoever could take.
            p.ep = mv
                .to
                .offset(0, -pos.side.forward())
                .map(|crossed| EnPassant {
                    crossed,
                    pawn: mv.to,
                });
        }
        if let Some(m) = self.masand {
            let mut turned = Bitboard::EMPTY;
            self.masand_turned(m, pos, mv, p, |sq| turned = turned.with(sq));
            for sq in turned {
                recolour(p, sq);
            }
        }
        if self.messigny.is_none() {
            note_step(pos, mv, p);
        }
        if self.alice {
            alice::transfer(mv, p);
        }
    }

    fn in_check(&self, pos: &Position<FairyExt<O, F>>, color: Color) -> bool {
        if self.alice {
            return self.alice_in_check(pos, color);
        }
        self.in_check_of(pos, color, false)
    }

    fn init(
        &self,
        pos: &mut Position<FairyExt<O, F>>,
        hidden: &[(Square, Piece, bool)],
    ) -> Result<(), String> {
        let circe = self.circe;
        if self.follow_units
            || circe.is_some_and(|c| c.square == SquareRule::Diagram)
            || self.mars_rule == Some(SquareRule::Diagram)
        {
            if !O::TRACKED {
                return Err("Diagram Circe, Mars Circe Diagram and the goals of the units' diagram squares need positions that carry them".into());
            }
            for sq in pos.board.occupied() {
                pos.ext.origins.set(sq, sq.index() as u8);
            }
        }
        // The reference solver castles with a neutral rook under Mars and Anti-Mars Circe
        // (twice over: `1.0-0` from the rebirth square and from home), never without them:
        // a reading we have not pinned down.
        let corners = Bitboard::from_square(Square::from_coords(0, 0))
            .with(Square::from_coords(7, 0))
            .with(Square::from_coords(0, 7))
            .with(Square::from_coords(7, 7));
        let neutral_rooks = pos.board.neutral() & pos.board.pieces(Color::White, Role::Rook);
        // Castling under Mars and Anti-Mars Circe at once the reference solver prints
        // without its moves (`1. !`).
        if self.mars.is_some() {
            if let Some(sq) = (neutral_rooks & corners).into_iter().next() {
                return Err(format!(
                    "a neutral rook on a corner ({sq}) under Mars or Anti-Mars Circe is not supported"
                ));
            }
        }
        for &(square, piece, kamikaze) in hidden {
            if !circe.is_some_and(|c| c.occupied.hides()) {
                return Err(format!("two units on {square}"));
            }
            if pos.ext.hidden.iter().all(|h| h.is_some()) {
                return Err(format!("too many units hidden on {square}"));
            }
            pos.ext.hide(Hidden::new(
                piece,
                UnitAttrs::kamikaze_if(kamikaze),
                square,
                NO_ORIGIN,
            ));
        }
        Ok(())
    }

    fn place_on_second_board(
        &self,
        pos: &mut Position<FairyExt<O, F>>,
        units: &[(Square, Piece, bool)],
    ) -> Result<(), String> {
        match units.first() {
            Some(_) if self.alice => self.alice_place_on_b(pos, units),
            Some((sq, _, _)) => Err(format!(
                "the unit on {sq} is given for board B, which needs condition AliceChess"
            )),
            None => Ok(()),
        }
    }

    fn make_royal(&self, pos: &mut Position<FairyExt<O, F>>, sq: Square) -> Result<(), String> {
        let color = pos
            .board
            .color_at(sq)
            .ok_or_else(|| format!("no unit on {sq}"))?;
        pos.ext.royal[color.index()] = sq.index() as u8;
        Ok(())
    }

    fn is_legal(
        &self,
        pos: &Position<FairyExt<O, F>>,
        mv: &Move,
        after: &Position<FairyExt<O, F>>,
    ) -> bool {
        self.legal_at(pos, mv, after, 0)
    }

    fn is_legal_apart_from_check(
        &self,
        pos: &Position<FairyExt<O, F>>,
        mv: &Move,
        after: &Position<FairyExt<O, F>>,
    ) -> bool {
        self.legal_but(pos, mv, after, 0, Left::BUT_CHECK, &BeforeScan::single())
    }

    fn kind_changes_after_the_move(&self) -> bool {
        self.einstein.is_some()
    }

    fn turned(&self, before: &Position<FairyExt<O, F>>, mv: &Move) -> Vec<(Square, Color)> {
        let Some(m) = self.masand else {
            return Vec::new();
        };
        let mut p = *before;
        self.apply(before, mv, &mut p);
        self.arrive(before, mv, &mut p);
        let mut turned = Vec::new();
        self.masand_turned(m, before, mv, &p, |sq| {
            let color = p.board.color_at(sq).expect("a unit");
            turned.push((sq, !color));
        });
        turned
    }

    fn opponent_may_stand_in_check(&self) -> bool {
        self.lese_majeste
    }

    /// A Maximummer's or Minimummer's legal moves are its longest (shortest), often many
    /// of one length; ordered by the attacker's replies they led the search of maxi-03
    /// (s#27, Black Maximummer) through nine times the positions of the generation order
    /// (58 000 attacker nodes one move from the end against 6 500), and exklohne-48
    /// (s#19) through twice as many.
    fn defences_by_replies(&self, pos: &Position<Self::Ext>) -> bool {
        self.mummer[pos.side.index()].is_none()
    }

    fn pawns_promote(&self) -> bool {
        self.einstein.is_none()
    }

    #[inline]
    fn origin(&self, pos: &Position<FairyExt<O, F>>, sq: Square) -> Option<Square> {
        let o = pos.ext.origins.get(sq);
        (O::TRACKED && o != NO_ORIGIN).then(|| Square::new(o))
    }

    fn circe_rebirths(&self) -> bool {
        self.circe
            .is_some_and(|c| c.reborn == Reborn::Captured && c.rebirths)
    }

    fn royal_piece(&self, pos: &Position<FairyExt<O, F>>, sq: Square) -> bool {
        pos.ext.royal.contains(&(sq.index() as u8))
    }

    fn legal_moves(&self, pos: &Position<FairyExt<O, F>>, out: &mut MoveList) {
        let plain = self.plain_legality(pos);
        if !self.guarded_moves(pos, &plain, out) {
            self.pseudo_legal(pos, out);
        }
        let scan = BeforeScan::shared(&plain);
        out.retain(|mv| match PlainMoves::judge(&plain, pos, mv) {
            Judged::Legal => true,
            Judged::Illegal => false,
            Judged::Untested(left) => self.legal_but(pos, mv, &self.play(pos, mv), 0, left, &scan),
        });
    }

    fn try_for_each_child(
        &self,
        pos: &Position<FairyExt<O, F>>,
        mut visit: impl FnMut(&Move, &Position<FairyExt<O, F>>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let plain = self.plain_legality(pos);
        // A plain move changes only its own squares: played orthodoxly here, not through
        // `play_into` (Circe perft 12 % faster, Madrasi ...).
        let orthodox_play = self.orthodox_play(pos);
        let scan = BeforeScan::shared(&plain);
        let mut try_move = |mv: &Move| {
            let judged = PlainMoves::judge(&plain, pos, mv);
            if judged == Judged::Illegal {
                return ControlFlow::Continue(());
            }
            let mut after = *pos;
            if orthodox_play.is_some_and(|o| o.plays(mv)) {
                movegen::play_orthodox(&mut after, mv);
                if self.messigny.is_none() {
                    note_step(pos, mv, &mut after);
                }
            } else {
                self.play_into(pos, mv, &mut after);
            }
            let Judged::Untested(left) = judged else {
                return visit(mv, &after);
            };
            if self.legal_but(pos, mv, &after, 0, left, &scan) {
                visit(mv, &after)
            } else {
                ControlFlow::Continue(())
            }
        };
        let mut moves = MoveList::new();
        if self.guarded_moves(pos, &plain, &mut moves) {
            for mv in &moves {
                try_move(mv)?;
            }
            return ControlFlow::Continue(());
        }
        if self.candidates_final_by_unit_move(pos) {
            // Played as generated: the first move that ends the visit spares expanding
            // the captures after it (Circe Take & Make: each capture is one move per
            // rebirth square).
            let guard = plain.as_ref().and_then(|p| p.isardam.as_ref());
            return self.candidates_by_unit_move(pos, &mut moves, true, guard, &mut |batch| {
                for mv in batch.iter() {
                    try_move(mv)?;
                }
                batch.clear();
                ControlFlow::Continue(())
            });
        }
        self.pseudo_legal(pos, &mut moves);
        for mv in &moves {
            try_move(mv)?;
        }
        ControlFlow::Continue(())
    }

    #[inline]
    fn undoes(&self, pos: &Position<FairyExt<O, F>>, mv: &Move) -> bool {
        self.messigny.is_none()
            && pos.ext.last == [mv.to.index() as u8, mv.from.index() as u8]
            && plain_step(mv)
    }

    fn may_suffocate(&self) -> bool {
        self.paralysing
    }

    fn suffocated(&self, pos: &Position<FairyExt<O, F>>) -> bool {
        if !self.paralysing {
            return false;
        }
        let paralysed = paralysing::paralysed_units(&pos.board, pos.side, self.geometry);
        if paralysed.is_empty() {
            return false;
        }
        let mut moves = MoveList::new();
        self.candidates_with(pos, &mut moves, false);
        !moves.is_empty() && moves.iter().all(|mv| paralysed.contains(mv.from))
    }

    /// Every candidate but the captures that check neither as plain captures nor, where
    /// rebirths only block ([`Fairy::rebirths_only_block`]), with any rebirth: those are
    /// not expanded at all (Super Circe: a rebirth on every empty square).
    fn check_candidates(&self, pos: &Position<FairyExt<O, F>>, out: &mut MoveList) {
        if self.candidates_final_by_unit_move(pos) && self.rebirths_only_block(pos) {
            let _ = self.candidates_by_unit_move_but(
                pos,
                out,
                true,
                &|mv| {
                    mv.captured.is_some()
                        && mv.effects.is_none()
                        && !self.plain_capture_checks(pos, mv)
                },
                None,
                &mut |_| ControlFlow::Continue(()),
            );
            return;
        }
        self.pseudo_legal(pos, out);
    }

    fn has_legal_move(&self, pos: &Position<FairyExt<O, F>>) -> bool {
        let plain = self.plain_legality(pos);
        let guard = plain.as_ref().and_then(|p| p.isardam.as_ref());
        let judge = |mv: &Move| PlainMoves::judge(&plain, pos, mv);
        let scan = BeforeScan::shared(&plain);
        let legal_but_check =
            |mv: &Move, left| self.legal_but(pos, mv, &self.play(pos, mv), 0, left, &scan);
        let legal = |mv: &Move| match judge(mv) {
            Judged::Legal => true,
            Judged::Illegal => false,
            Judged::Untested(left) => legal_but_check(mv, left),
        };
        // Plain moves first: they need no play. The moves that do wait for the end.
        let mut moves = MoveList::new();
        if self.guarded_moves(pos, &plain, &mut moves) {
            return moves.iter().any(|mv| judge(mv) == Judged::Legal) || moves.iter().any(&legal);
        }
        // A Maximummer has a legal move when it has any: no need to find the longest.
        if self.oscillating[pos.side.index()].is_none() {
            // Generated one unit's move at a time: a plain legal move found spares
            // expanding the captures after it.
            let mut waiting = MoveList::new();
            let found = self
                .candidates_by_unit_move(pos, &mut moves, true, guard, &mut |batch| {
                    for mv in batch.iter() {
                        match judge(mv) {
                            Judged::Legal => return ControlFlow::Break(()),
                            Judged::Illegal => {}
                            // Without masks every move is played, and one whose king
                            // the masks found safe is cheap to test: no need to wait.
                            Judged::Untested(left) if plain.is_none() || !left.own_check => {
                                if legal_but_check(mv, left) {
                                    return ControlFlow::Break(());
                                }
                            }
                            Judged::Untested { .. } => waiting.push(*mv),
                        }
                    }
                    batch.clear();
                    ControlFlow::Continue(())
                })
                .is_break();
            return found || waiting.iter().any(|mv| legal(mv));
        }
        self.candidates(pos, &mut moves);
        // The moves the masks find legal first: they need no play.
        moves.iter().any(|mv| judge(mv) == Judged::Legal) || moves.iter().any(|mv| legal(mv))
    }
}

/// What the legality test of the moves from one position knows of that position: under
/// Isardam, whether it holds no observation, found once for all its moves, after which
/// each move is judged by the squares it changes ([`Isardam::observed_after`]).
pub(crate) struct BeforeScan {
    clean: Cell<Option<bool>>,
}

impl BeforeScan {
    /// For the moves of one position: the position is scanned at the first move that
    /// needs it, unless Isardam's guard was built for it in `plain` (which it is only for
    /// a position without observation).
    fn shared(plain: &Option<PlainMoves>) -> BeforeScan {
        let guarded = plain.as_ref().is_some_and(|p| p.isardam.is_some());
        BeforeScan {
            clean: Cell::new(guarded.then_some(true)),
        }
    }

    /// For one move alone: a scan of the position before would cost as much as the
    /// scan of the one after, so none is made.
    fn single() -> BeforeScan {
        BeforeScan {
            clean: Cell::new(Some(false)),
        }
    }

    /// Whether the position is known to hold no observation (`scan` finds out once).
    #[inline]
    fn clean(&self, scan: impl FnOnce() -> bool) -> bool {
        if let Some(known) = self.clean.get() {
            return known;
        }
        let known = scan();
        self.clean.set(Some(known));
        known
    }
}
