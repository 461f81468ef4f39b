//! The configurable rules: Circe-family capture parts, Mars Circe, kamikaze units.
//! Each pseudo-legal move is expanded here into its variants with every effect decided,
//! so that playing and printing a move need no further choice.

use super::circe::{
    chameleon, rebirth_square, standard_square, Capture, Circe, KindRule, Occupied, Reborn,
    SquareRule,
};
use super::{assassin, Rules};
use crate::board::{
    extra_key, Bitboard, Board, Color, Extension, FairyStore, NoFairy, Piece, Position, Role,
    Square,
};
use crate::movegen::{
    self, attacks, walks, Cause, Change, Effects, Gen, Move, MoveKind, MoveList, Placement,
    PlainLegality, Promotions,
};
use std::fmt::Debug;
use std::hash::Hash;
use std::marker::PhantomData;
use std::num::NonZeroU8;
use std::ops::ControlFlow;
use std::sync::OnceLock;

/// Mars Circe (captures from the rebirth square) and its mirror image Anti-Mars Circe
/// (non-captures from the rebirth square).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Mars {
    Mars,
    AntiMars,
}

/// A set of fairy conditions, each an independent part. `O` says whether positions carry
/// each unit's diagram square: only Diagram Circe needs them, and without them a position
/// is small enough to be copied inline (see [`Origins`]). `F` is where the board keeps
/// its fairy units' kinds: nowhere unless the problem has fairy units.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct Fairy<O = NoOrigins, F = NoFairy> {
    pub circe: Option<Circe>,
    pub mars: Option<Mars>,
    /// Kamikaze Circe as a condition of its own: every capturer vanishes for good.
    pub kamikaze_all: bool,
    /// What a pawn may promote to (the problem's fairy kinds too).
    pub promotions: Promotions,
    /// Whether the problem has fairy units, which the board must then keep.
    pub fairy_units: bool,
    layout: PhantomData<(O, F)>,
}

impl Fairy {
    /// Whether the rules need each unit's diagram square (Diagram Circe).
    pub fn needs_origins(&self) -> bool {
        self.circe.is_some_and(|c| c.square == SquareRule::Diagram)
    }

    /// The same rules on positions of another layout: with the diagram squares, with the
    /// fairy units' kinds.
    pub fn with_layout<O2, F2>(self) -> Fairy<O2, F2> {
        Fairy {
            circe: self.circe,
            mars: self.mars,
            kamikaze_all: self.kamikaze_all,
            promotions: self.promotions,
            fairy_units: self.fairy_units,
            layout: PhantomData,
        }
    }
}

/// Where each unit stood in the diagram, carried by the position when the rules need it.
/// A position without them is about 120 bytes and is copied inline; with them it is
/// about 190, and every copy became a call to `memcpy` (a quarter of Circe perft's time).
pub trait Origins: Copy + Eq + Hash + Default + Debug + Send + Sync + 'static {
    /// Whether anything is recorded at all.
    const TRACKED: bool;
    /// The diagram square of the unit on `sq`, `NO_ORIGIN` if none.
    fn get(&self, sq: Square) -> u8;
    fn set(&mut self, sq: Square, origin: u8);
    fn key(&self) -> u64;
}

/// No diagram squares: every condition but Diagram Circe.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct NoOrigins;

impl Origins for NoOrigins {
    const TRACKED: bool = false;
    #[inline]
    fn get(&self, _sq: Square) -> u8 {
        NO_ORIGIN
    }
    #[inline]
    fn set(&mut self, _sq: Square, _origin: u8) {}
    #[inline]
    fn key(&self) -> u64 {
        0
    }
}

/// The diagram square of the unit on each square (Diagram Circe), `NO_ORIGIN` if none.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct DiagramOrigins([u8; 64]);

impl Default for DiagramOrigins {
    fn default() -> DiagramOrigins {
        DiagramOrigins([NO_ORIGIN; 64])
    }
}

impl Origins for DiagramOrigins {
    const TRACKED: bool = true;
    #[inline]
    fn get(&self, sq: Square) -> u8 {
        self.0[sq.index()]
    }
    #[inline]
    fn set(&mut self, sq: Square, origin: u8) {
        self.0[sq.index()] = origin;
    }
    fn key(&self) -> u64 {
        let mut k = 0;
        for (sq, &o) in self.0.iter().enumerate() {
            if o != NO_ORIGIN {
                k ^= extra_key(14, Square::new(sq as u8)).rotate_left(o as u32);
            }
        }
        k
    }
}

/// A captured unit held off the board: waiting for its Parrain rebirth, or hidden under
/// the occupant of a square (Volcanic Circe). Packed in four bytes to keep positions
/// small.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Captive {
    /// `1 + role`.
    role: NonZeroU8,
    /// Colour in bit 0, kamikaze attribute in bit 1.
    flags: u8,
    pub square: Square,
    pub origin: u8,
}

impl Captive {
    pub fn new(piece: Piece, kamikaze: bool, square: Square, origin: u8) -> Captive {
        Captive {
            role: NonZeroU8::new(piece.role.index() as u8 + 1).expect("at least 1"),
            flags: piece.color.index() as u8 | u8::from(kamikaze) << 1,
            square,
            origin,
        }
    }

    pub fn piece(self) -> Piece {
        let role = Role::from_index(usize::from(self.role.get() - 1)).expect("a kind");
        Piece::new(Color::ALL[usize::from(self.flags & 1)], role)
    }

    pub fn kamikaze(self) -> bool {
        self.flags & 2 != 0
    }
}

/// A captured unit waiting for its Parrain rebirth.
pub type Pending = Captive;
/// A unit hidden under the occupant of a square (Volcanic Circe).
pub type Hidden = Captive;

const MAX_HIDDEN: usize = 6;
const NO_ORIGIN: u8 = 0xFF;

/// Condition state carried by a position.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct FairyExt<O = NoOrigins, F = NoFairy> {
    pub pending: Option<Pending>,
    /// Hidden units, earliest burial first.
    pub hidden: [Option<Hidden>; MAX_HIDDEN],
    pub origins: O,
    /// Per colour, the square of a royal piece that is not a king (AntiClone Circe: a
    /// capturing king is reborn as the captured kind and stays royal), `NO_ORIGIN` if none.
    pub royal: [u8; 2],
    store: PhantomData<F>,
}

impl<O: Origins, F: FairyStore> Default for FairyExt<O, F> {
    fn default() -> FairyExt<O, F> {
        FairyExt {
            pending: None,
            hidden: [None; MAX_HIDDEN],
            origins: O::default(),
            royal: [NO_ORIGIN; 2],
            store: PhantomData,
        }
    }
}

impl<O: Origins, F: FairyStore> Extension for FairyExt<O, F> {
    type Fairy = F;
    fn key(&self) -> u64 {
        let mut k = 0;
        if let Some(p) = self.pending {
            let piece = p.piece();
            k ^= extra_key(piece.role.index() + 6 * piece.color.index(), p.square)
                ^ fairy_kind_key(piece.role);
        }
        for (i, h) in self.hidden.iter().enumerate() {
            if let Some(h) = h {
                let piece = h.piece();
                k ^= (extra_key(12 + (piece.color.index() ^ (i & 1) << 1), h.square)
                    ^ fairy_kind_key(piece.role))
                .rotate_left(piece.role.index() as u32 * 5 + i as u32);
            }
        }
        for (c, &r) in self.royal.iter().enumerate() {
            if r != NO_ORIGIN {
                k ^= extra_key(15, Square::new(r)).rotate_left(c as u32 * 29 + 3);
            }
        }
        k ^ self.origins.key()
    }
}

/// A key told apart for each fairy kind (0 for the orthodox ones, whose keys the slot
/// numbers above already keep apart).
#[inline]
fn fairy_kind_key(role: Role) -> u64 {
    if role.is_orthodox() {
        0
    } else {
        crate::board::scramble(0xFA17_0000 + role.index() as u64)
    }
}

impl<O: Origins, F: FairyStore> FairyExt<O, F> {
    fn royal(&self, color: Color) -> Option<Square> {
        let r = self.royal[color.index()];
        (r != NO_ORIGIN).then(|| Square::new(r))
    }

    fn origin(&self, sq: Square) -> Option<Square> {
        let o = self.origins.get(sq);
        (o != NO_ORIGIN).then(|| Square::new(o))
    }

    fn hide(&mut self, h: Hidden) {
        if let Some(slot) = self.hidden.iter_mut().find(|s| s.is_none()) {
            *slot = Some(h);
        }
    }
}

/// Regrants a castling right to a rook or king that reaches its home square by rebirth,
/// when its partner still has its own.
fn regrant<O: Origins, F: FairyStore>(
    pos: &mut Position<FairyExt<O, F>>,
    piece: Piece,
    sq: Square,
) {
    let back = piece.color.back_rank();
    if sq.rank() != back {
        return;
    }
    let king = Square::from_coords(4, back);
    let rooks = Bitboard::from_square(Square::from_coords(0, back))
        | Bitboard::from_square(Square::from_coords(7, back));
    match piece.role {
        Role::Rook if (sq.file() == 0 || sq.file() == 7) && pos.castling.contains(king) => {
            pos.castling |= Bitboard::from_square(sq)
        }
        Role::King if sq == king && (pos.castling & rooks).is_nonempty() => {
            pos.castling |= Bitboard::from_square(sq)
        }
        _ => {}
    }
}

/// The unit placed on `sq`: a pawn kind put on its last rank promotes at once, one
/// variant per choice.
fn placements(
    promotions: Promotions,
    piece: Piece,
    sq: Square,
    kamikaze: bool,
) -> impl Iterator<Item = Placement> {
    let promote = piece.role.is_pawn() && sq.rank() == piece.color.promotion_rank();
    let (choices, single) = if promote {
        (Some(promotions.iter()), None)
    } else {
        (None, Some(piece.role))
    };
    choices
        .into_iter()
        .flatten()
        .chain(single)
        .map(move |r| Placement {
            piece: Piece::new(piece.color, r),
            square: sq,
            kamikaze,
            promoted: promote.then_some(piece.role),
        })
}

/// The square of `color`'s royal unit: its king, or the royal piece a king became.
fn royal_square<O: Origins, F: FairyStore>(
    pos: &Position<FairyExt<O, F>>,
    color: Color,
) -> Option<Square> {
    pos.board.king(color).or_else(|| pos.ext.royal(color))
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
}

impl PlainMoves {
    #[inline(always)]
    fn decide<E: Extension>(&self, pos: &Position<E>, mv: &Move) -> Option<bool> {
        if self.masks.decide(pos, mv, self.captures)? {
            Some(
                self.assassin
                    .as_ref()
                    .is_none_or(|guard| guard.safe(pos, mv)),
            )
        } else {
            self.attacks_check.then_some(false)
        }
    }
}

impl<O: Origins, F: FairyStore> Fairy<O, F> {
    /// The orthodox masks for plain moves, where check needs an orthodox attack on the
    /// king or (Circe Assassin) on a unit reborn on it: not under Mars Circe, where units
    /// attack from their rebirth squares.
    fn plain_legality(&self, pos: &Position<FairyExt<O, F>>) -> Option<PlainMoves> {
        if self.mars == Some(Mars::Mars) {
            return None;
        }
        let mut attacks_check = true;
        let mut assassin = None;
        if let Some(c) = self.circe {
            attacks_check = c.reborn == Reborn::Captured && !c.rex_inclusive;
            if c.occupied == Occupied::Assassin && c.reborn == Reborn::Captured {
                assassin = Some(assassin::Guard::new(pos, c)?);
            }
        }
        Some(PlainMoves {
            masks: PlainLegality::new(pos)?,
            attacks_check,
            assassin,
            // A capture without effects is orthodox where no condition acts on captures.
            captures: self.circe.is_none() && !self.kamikaze_all && self.mars.is_none(),
        })
    }

    fn captured_reborn(&self) -> Option<Circe> {
        self.circe.filter(|c| c.reborn == Reborn::Captured)
    }

    fn anticirce(&self) -> Option<Circe> {
        self.circe.filter(|c| c.reborn == Reborn::Capturer)
    }

    /// Expands one orthodox-shaped move into its legal-shaped variants under the conditions.
    fn expand(&self, pos: &Position<FairyExt<O, F>>, mv: Move, out: &mut MoveList) {
        if mv.captured.is_none() {
            // Only captures have effects of their own; the Mars squares come from generation.
            if pos.ext.pending.is_none() && pos.ext.hidden[0].is_none() {
                out.push(mv);
                return;
            }
            self.finish(pos, mv, mv.effects, out);
            return;
        }
        let mover = pos.side;
        let moved = Piece::new(mover, mv.promotion.unwrap_or(mv.role));
        // The board after the plain capture (the position's other state is not needed).
        let mut after = pos.board;
        after.take(mv.capture_square());
        after.shift(mv.from, mv.to, Piece::new(mover, mv.role));
        if let Some(role) = mv.promotion {
            after.set_role(mv.to, mv.role, role);
        }
        let kamikaze = pos.board.is_kamikaze(mv.from);
        let mut effects = mv.effects;
        let board = &mut after;
        if let Some(captured) = mv.captured {
            let x = mv.capture_square();
            // The capturer first: kamikaze units vanish (and may be reborn), Anticirce moves them.
            if kamikaze || self.kamikaze_all {
                board.take(mv.to);
                let reborn = self
                    .captured_reborn()
                    .filter(|_| !self.kamikaze_all)
                    .map(|_| standard_square(moved.role, mover, mv.to));
                match reborn {
                    Some(sq) if !board.occupied().contains(sq) => {
                        board.put(sq, moved, kamikaze);
                        let placement = Placement {
                            piece: moved,
                            square: sq,
                            kamikaze,
                            promoted: None,
                        };
                        effects.push(Change::Relocate(mv.to, placement, Cause::Relocation));
                    }
                    _ => {
                        let shown = reborn.is_none();
                        effects.push(Change::Remove(mv.to, Cause::Removal { shown }));
                    }
                }
            } else if let Some(anti) = self.anticirce() {
                let role = match anti.kind {
                    KindRule::Clone => captured.role,
                    KindRule::Chameleon => chameleon(moved.role),
                    KindRule::Same => moved.role,
                };
                let cap = Capture {
                    role,
                    color: mover,
                    // The capture square (a locust's victim's, not its landing square).
                    x: mv.capture_square(),
                    from: mv.from,
                    to: mv.to,
                    capturer_role: captured.role,
                    capturer_color: captured.color,
                    origin: pos.ext.origin(mv.from),
                };
                let Some(sq) = rebirth_square(anti.square, &cap) else {
                    return;
                };
                if sq == mv.to {
                    if anti.cheylan {
                        return;
                    }
                } else if board.occupied().contains(sq) {
                    return;
                }
                board.take(mv.to);
                board.put(sq, Piece::new(mover, role), false);
                let placement = Placement {
                    piece: Piece::new(mover, role),
                    square: sq,
                    kamikaze: false,
                    promoted: None,
                };
                effects.push(Change::Relocate(mv.to, placement, Cause::Relocation));
            }
            if let Some(circe) = self.captured_reborn() {
                if captured.role == Role::King && !circe.rex_inclusive {
                    // A king is never reborn: only reached when testing whether it is attacked.
                } else if matches!(circe.square, SquareRule::Parrain { .. }) {
                    // Reborn at the end of the owner's next move, see below.
                } else {
                    let role = circe
                        .kind
                        .reborn(captured.role, mv.role, mv.promotion.is_some());
                    let role = if circe.kind == KindRule::Clone && mv.role == Role::Pawn {
                        Role::Pawn
                    } else {
                        role
                    };
                    let cap = Capture {
                        role,
                        color: captured.color,
                        x,
                        from: mv.from,
                        to: mv.to,
                        capturer_role: moved.role,
                        capturer_color: mover,
                        origin: pos.ext.origin(x),
                    };
                    let captured_kamikaze = pos.board.is_kamikaze(x);
                    match rebirth_square(circe.square, &cap) {
                        None if circe.occupied == Occupied::Illegal => return,
                        None => {}
                        Some(sq) => {
                            let taken = board.occupied().contains(sq);
                            if taken && circe.occupied == Occupied::Illegal {
                                return;
                            }
                            if !taken
                                || matches!(circe.occupied, Occupied::Assassin | Occupied::Volcanic)
                            {
                                let buried = taken && circe.occupied == Occupied::Volcanic;
                                for placement in placements(
                                    self.promotions,
                                    Piece::new(captured.color, role),
                                    sq,
                                    captured_kamikaze,
                                ) {
                                    let mut e = effects;
                                    e.push(if buried {
                                        Change::Hide(placement, Cause::Burial)
                                    } else {
                                        Change::Put(placement, Cause::Rebirth)
                                    });
                                    self.finish(pos, mv, e, out);
                                }
                                return;
                            }
                        }
                    }
                }
            }
        }
        self.finish(pos, mv, effects, out);
    }

    /// Adds the effects that depend on the rest of the move (Parrain, eruptions) and pushes it.
    /// Inlined, so that the effects just built are stored once, into the list: passed by
    /// reference they were reloaded wide right after their narrow stores, and the loads
    /// waited for them (a third of this function's time; Circe perft 3 % faster).
    #[inline(always)]
    fn finish(
        &self,
        pos: &Position<FairyExt<O, F>>,
        mut mv: Move,
        effects: Effects,
        out: &mut MoveList,
    ) {
        mv.effects = effects;
        if pos.ext.pending.is_none() && pos.ext.hidden[0].is_none() {
            out.push(mv);
        } else {
            self.finish_arrival(pos, mv, out);
        }
    }

    /// [`Fairy::finish`] where a Parrain rebirth is pending or units are hidden.
    #[inline(never)]
    fn finish_arrival(&self, pos: &Position<FairyExt<O, F>>, mut mv: Move, out: &mut MoveList) {
        // Where everything else stands after the move: for a plain move (no capture,
        // castling or effect) only its own two squares change and nothing is buried.
        let plain = mv.captured.is_none() && !mv.is_castling() && mv.effects.is_none();
        let (occupied, hidden) = if plain {
            (
                pos.board.occupied().without(mv.from).with(mv.to),
                pos.ext.hidden,
            )
        } else {
            let mut after = *pos;
            self.apply(pos, &mv, &mut after);
            (after.board.occupied(), after.ext.hidden)
        };
        if let Some(p) = pos.ext.pending {
            let contra = matches!(
                self.circe.map(|c| c.square),
                Some(SquareRule::Parrain { contra: true })
            );
            let (df, dr) = displacement(&mv);
            let (df, dr) = if contra { (-df, -dr) } else { (df, dr) };
            if let Some(sq) = p.square.offset(df, dr) {
                if !occupied.contains(sq) {
                    for placement in placements(self.promotions, p.piece(), sq, p.kamikaze()) {
                        let mut m = mv;
                        m.effects.push(Change::Put(placement, Cause::Arrival));
                        out.push(m);
                    }
                    return;
                }
            }
            out.push(mv);
            return;
        }
        if let Some(h) = hidden
            .iter()
            .flatten()
            .find(|h| !occupied.contains(h.square))
        {
            let placement = Placement {
                piece: h.piece(),
                square: h.square,
                kamikaze: h.kamikaze(),
                promoted: None,
            };
            mv.effects.push(Change::Put(placement, Cause::Eruption));
        }
        out.push(mv);
    }

    /// Plays the move with its capture effects, but not its arrival (Parrain rebirth or eruption).
    /// `p` holds a copy of `pos` on entry: written in place, since a position built in a
    /// local and returned was copied out right after its last byte-wide stores, and the
    /// wide loads of that copy stalled on them (a third of `apply`'s time).
    fn apply(&self, pos: &Position<FairyExt<O, F>>, mv: &Move, p: &mut Position<FairyExt<O, F>>) {
        let mover = pos.side;
        let x = mv.capture_square();
        let from_origin = p.ext.origins.get(mv.from);
        let captured_origin = if mv.is_capture() {
            p.ext.origins.get(x)
        } else {
            NO_ORIGIN
        };
        let captured_kamikaze = mv.is_capture() && pos.board.is_kamikaze(x);
        let e = &mv.effects;
        // Units set where the move is made from first (Anti-Mars castling).
        for change in e.changes().filter(|c| c.cause() == Cause::Setup) {
            movegen::apply_change(&mut p.board, change);
        }
        movegen::play_orthodox(p, mv);
        if O::TRACKED {
            p.ext.origins.set(x, NO_ORIGIN);
            p.ext.origins.set(mv.from, NO_ORIGIN);
            p.ext.origins.set(mv.to, from_origin);
            if mv.is_castling() {
                let (rf, rt) = movegen::castling_rook(mv);
                p.ext.origins.set(rt, p.ext.origins.get(rf));
                p.ext.origins.set(rf, NO_ORIGIN);
            }
        }
        let mut arrived = Some(mv.to);
        for change in e.changes() {
            match *change {
                Change::Remove(sq, Cause::Removal { .. }) => {
                    movegen::apply_change(&mut p.board, change);
                    p.ext.origins.set(sq, NO_ORIGIN);
                    arrived = None;
                }
                Change::Relocate(from, r, Cause::Relocation) => {
                    arrived = Some(r.square);
                    if r.square != from {
                        movegen::apply_change(&mut p.board, change);
                        p.ext.origins.set(r.square, p.ext.origins.get(from));
                        p.ext.origins.set(from, NO_ORIGIN);
                        regrant(p, r.piece, r.square);
                    }
                }
                Change::Hide(r, Cause::Burial) => {
                    p.ext
                        .hide(Hidden::new(r.piece, r.kamikaze, r.square, captured_origin));
                }
                Change::Put(r, Cause::Rebirth) => {
                    if p.board.occupied().contains(r.square) {
                        // Circe Assassin: the occupant goes, with its castling right.
                        p.castling = p.castling.without(r.square);
                    }
                    movegen::apply_change(&mut p.board, change);
                    p.ext.origins.set(r.square, captured_origin);
                    regrant(p, r.piece, r.square);
                }
                // Set up before the move; the arrivals come after this (`play_into`).
                _ => {}
            }
        }
        // The royal pieces follow their moves; a captured one is gone.
        let them = (!mover).index();
        if p.ext.royal[them] == x.index() as u8 && mv.is_capture() {
            p.ext.royal[them] = NO_ORIGIN;
        }
        let was_royal = p.ext.royal[mover.index()] == mv.from.index() as u8;
        if was_royal || mv.role == Role::King {
            // Still royal if its own unit, not a king, stands where it went (a king stays
            // a king; an Assassin rebirth may have taken the square).
            p.ext.royal[mover.index()] = match arrived {
                Some(sq)
                    if p.board
                        .piece_at(sq)
                        .is_some_and(|u| u.color == mover && u.role != Role::King) =>
                {
                    sq.index() as u8
                }
                _ => NO_ORIGIN,
            };
        }
        let parrain = matches!(
            self.circe.map(|c| c.square),
            Some(SquareRule::Parrain { .. })
        );
        if parrain {
            p.ext.pending = None;
            if let Some(c) = mv.captured {
                if c.role != Role::King {
                    p.ext.pending = Some(Pending::new(c, captured_kamikaze, x, captured_origin));
                }
            }
        }
    }

    fn castling_allowed(&self, pos: &Position<FairyExt<O, F>>, mv: &Move) -> bool {
        let king = mv.from;
        // Where check needs an attack from where the units stand (not Mars Circe, not
        // Circe Assassin), a square nothing attacks with the king on it is safe.
        let attack_needed = self.mars.is_none()
            && !self
                .circe
                .is_some_and(|c| c.occupied == Occupied::Assassin && c.reborn == Reborn::Captured);
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

    /// Captures of Mars Circe: each unit captures as if from its rebirth square.
    fn mars_captures(&self, pos: &Position<FairyExt<O, F>>, out: &mut MoveList) {
        let board = &pos.board;
        let side = pos.side;
        let them = board.by_color(!side);
        for from in board.by_color(side) {
            let piece = board.piece_at(from).expect("occupied");
            let Some((via, occ)) = mars_origin(board, piece, from) else {
                continue;
            };
            if piece.role.is_orthodox() {
                for to in movegen::attacks_from(piece, via, occ) & them {
                    let landing = walks::Landing {
                        to,
                        capture: Some(to),
                    };
                    push_via(
                        out,
                        self.promotions,
                        piece,
                        from,
                        via,
                        landing,
                        board.piece_at(to),
                    );
                }
                continue;
            }
            walks::for_each_move(piece, via, occ, them, |landing| {
                // A locust landing on the square it left makes no move (the reference
                // solver generates none).
                if let Some(x) = landing.capture.filter(|_| landing.to != from) {
                    push_via(
                        out,
                        self.promotions,
                        piece,
                        from,
                        via,
                        landing,
                        board.piece_at(x),
                    );
                }
            });
        }
    }

    /// Anti-Mars castling, as Popeye plays it: a king away from its home square castles
    /// as if from there (its own right is not asked), with the rook on the corner that
    /// keeps its right, or with any rook whose rebirth square is that empty corner, moved
    /// there for the castling. The usual conditions hold on the board so changed.
    fn antimars_castlings(&self, pos: &Position<FairyExt<O, F>>, out: &mut MoveList) {
        let board = &pos.board;
        let side = pos.side;
        let Some(king) = board.king(side) else {
            return;
        };
        let back = side.back_rank();
        let home = Square::from_coords(4, back);
        if king == home || board.occupied().contains(home) {
            return;
        }
        let rook = Piece::new(side, Role::Rook);
        for c in movegen::castlings(side) {
            let corner = c.rook_from;
            // The rook on the corner with its right, or those whose rebirth square it is.
            let partners = if board.piece_at(corner) == Some(rook) {
                board.pieces(side, Role::Rook) & pos.castling & Bitboard::from_square(corner)
            } else if !board.occupied().contains(corner) {
                let mut reborn = Bitboard::EMPTY;
                for r in board.pieces(side, Role::Rook) {
                    if standard_square(Role::Rook, side, r) == corner {
                        reborn = reborn.with(r);
                    }
                }
                reborn
            } else {
                Bitboard::EMPTY
            };
            for r in partners {
                let rook_from = (r != corner).then_some(r);
                let mut v = *pos;
                v.board.take(king);
                v.board.put(home, Piece::new(side, Role::King), false);
                if let Some(r) = rook_from {
                    v.board.take(r);
                    v.board.put(corner, rook, false);
                }
                if (movegen::attacks::between(home, corner) & v.board.occupied()).is_nonempty() {
                    continue;
                }
                let mut effects = Effects::default();
                let set = |piece: Piece, square| Placement {
                    piece,
                    square,
                    kamikaze: false,
                    promoted: None,
                };
                effects.push(Change::Relocate(
                    king,
                    set(Piece::new(side, Role::King), home),
                    Cause::Setup,
                ));
                if let Some(r) = rook_from {
                    effects.push(Change::Relocate(r, set(rook, corner), Cause::Setup));
                }
                let mv = Move {
                    from: home,
                    to: c.king_to,
                    role: Role::King,
                    kind: c.kind,
                    promotion: None,
                    captured: None,
                    capture_at: c.king_to,
                    effects,
                };
                if self.castling_allowed(&v, &mv) {
                    out.push(mv);
                }
            }
        }
    }

    /// Non-captures of Anti-Mars Circe: each unit moves as if from its rebirth square.
    fn antimars_moves(&self, pos: &Position<FairyExt<O, F>>, out: &mut MoveList) {
        let board = &pos.board;
        let side = pos.side;
        for from in board.by_color(side) {
            let piece = board.piece_at(from).expect("occupied");
            let Some((via, occ)) = mars_origin(board, piece, from) else {
                continue;
            };
            let targets: Bitboard = if !piece.role.is_orthodox() {
                walks::quiet_from(piece, via, occ)
            } else if piece.role == Role::Pawn {
                let mut t = Bitboard::EMPTY;
                if let Some(one) = via.offset(0, side.forward()) {
                    if !occ.contains(one) {
                        t = t.with(one);
                        if via.rank() == side.pawn_rank() {
                            if let Some(two) = one.offset(0, side.forward()) {
                                if !occ.contains(two) {
                                    t = t.with(two);
                                }
                            }
                        }
                    }
                }
                t
            } else {
                movegen::attacks_from(piece, via, occ) & !occ
            };
            for to in targets.without(from) {
                let first = out.len();
                let landing = walks::Landing { to, capture: None };
                push_via(out, self.promotions, piece, from, via, landing, None);
                if piece.role.is_pawn() && via.rank().abs_diff(to.rank()) == 2 {
                    for mv in &mut out[first..] {
                        mv.kind = MoveKind::DoubleStep;
                    }
                }
            }
        }
    }

    /// Whether the capture of `color`'s king on `k` by the unit on `from` removes it for good.
    fn king_capture_counts(
        &self,
        pos: &Position<FairyExt<O, F>>,
        color: Color,
        k: Square,
        from: Square,
    ) -> bool {
        let Some(circe) = self.circe else { return true };
        let board = &pos.board;
        let Some(capturer) = board.piece_at(from) else {
            return false;
        };
        match circe.reborn {
            Reborn::Capturer => {
                let promoting =
                    capturer.role == Role::Pawn && k.rank() == capturer.color.promotion_rank();
                let roles: &[Role] = if promoting {
                    &Role::PROMOTIONS
                } else {
                    std::slice::from_ref(&capturer.role)
                };
                roles.iter().any(|&role| {
                    let role = match circe.kind {
                        // A royal unit is not cloned: its capturer keeps its kind (as
                        // Popeye tests check; a pawn taking a king goes to its own square).
                        KindRule::Clone => role,
                        KindRule::Chameleon => chameleon(role),
                        KindRule::Same => role,
                    };
                    let cap = Capture {
                        role,
                        color: capturer.color,
                        x: k,
                        from,
                        to: k,
                        capturer_role: Role::King,
                        capturer_color: color,
                        origin: pos.ext.origin(from),
                    };
                    match rebirth_square(circe.square, &cap) {
                        None => false,
                        Some(sq) if sq == k => !circe.cheylan,
                        Some(sq) => sq == from || !board.occupied().contains(sq),
                    }
                })
            }
            Reborn::Captured => {
                if !circe.rex_inclusive {
                    return true;
                }
                let cap = Capture {
                    role: Role::King,
                    color,
                    x: k,
                    from,
                    to: k,
                    capturer_role: capturer.role,
                    capturer_color: capturer.color,
                    origin: pos.ext.origin(k),
                };
                match rebirth_square(circe.square, &cap) {
                    None => true,
                    Some(sq) if sq == k => true,
                    Some(sq) if sq == from => false,
                    Some(sq) => board.occupied().contains(sq),
                }
            }
        }
    }
}

/// A Mars or Anti-Mars move of `piece` from `from`, made as if from `via`, one per
/// promotion choice.
fn push_via(
    out: &mut MoveList,
    promotions: Promotions,
    piece: Piece,
    from: Square,
    via: Square,
    landing: walks::Landing,
    captured: Option<Piece>,
) {
    let to = landing.to;
    let capture_at = landing.capture.unwrap_or(to);
    let kind = match landing.capture {
        Some(x) if x != to => MoveKind::Locust,
        Some(_) => MoveKind::Capture,
        None => MoveKind::Quiet,
    };
    let mut effects = Effects::default();
    effects.via = (via != from).then_some(via);
    let mv = |promotion| Move {
        from,
        to,
        role: piece.role,
        kind,
        promotion,
        captured,
        capture_at,
        effects,
    };
    if piece.role.is_pawn() && to.rank() == piece.color.promotion_rank() {
        for promotion in promotions.iter() {
            out.push(mv(Some(promotion)));
        }
    } else {
        out.push(mv(None));
    }
}

/// The square a unit captures from under Mars Circe (or moves from under Anti-Mars), with
/// the occupancy to use; `None` when that square is taken by another unit.
fn mars_origin<F: FairyStore>(
    board: &Board<F>,
    piece: Piece,
    from: Square,
) -> Option<(Square, Bitboard)> {
    if !walks::may_move_from(piece, from) {
        return None;
    }
    let via = standard_square(piece.role, piece.color, from);
    let occ = board.occupied();
    if via != from && occ.contains(via) {
        return None;
    }
    Some((via, occ.without(from).with(via)))
}

/// The rebirth squares of the pieces (not pawns) of a colour under standard Circe: for
/// each, the kind and the squares whose units are reborn there (one square colour for
/// knights, bishops and rooks, every square for the queen and the king).
fn piece_homes(color: Color) -> [(Role, Square, Bitboard); 8] {
    const DARK: Bitboard = Bitboard(0xAA55_AA55_AA55_AA55);
    let back = color.back_rank();
    let a = Square::from_coords(0, back);
    let b = Square::from_coords(1, back);
    let mut out = [(Role::King, a, Bitboard::FULL); 8];
    for (i, role) in [Role::Knight, Role::Bishop, Role::Rook]
        .into_iter()
        .enumerate()
    {
        for (j, x) in [a, b].into_iter().enumerate() {
            // Reborn on the home square of the capture square's colour.
            let via = standard_square(role, color, x);
            let colour = if via.is_dark() { DARK } else { !DARK };
            out[2 * i + j] = (role, via, colour);
        }
    }
    out[6] = (
        Role::Queen,
        standard_square(Role::Queen, color, a),
        Bitboard::FULL,
    );
    out[7] = (
        Role::King,
        standard_square(Role::King, color, a),
        Bitboard::FULL,
    );
    out
}

/// Per colour, the piece rebirth squares ([`piece_homes`]) and, per target square, which
/// of them attack the target on an empty board (one bit each). Built once: the Mars check
/// test asks it on every move.
struct MarsHomes {
    homes: [[(Role, Square, Bitboard); 8]; 2],
    seeing: [[u8; 64]; 2],
}

fn mars_homes() -> &'static MarsHomes {
    static TABLE: OnceLock<MarsHomes> = OnceLock::new();
    TABLE.get_or_init(|| {
        let homes = [piece_homes(Color::White), piece_homes(Color::Black)];
        let mut seeing = [[0u8; 64]; 2];
        for color in Color::ALL {
            for (i, &(role, via, _)) in homes[color.index()].iter().enumerate() {
                let piece = Piece::new(color, role);
                for k in movegen::attacks_from(piece, via, Bitboard::EMPTY) {
                    seeing[color.index()][k.index()] |= 1 << i;
                }
            }
        }
        MarsHomes { homes, seeing }
    })
}

/// The units of `by` that attack `k` under Mars Circe: each from its rebirth square (when
/// empty or its own), lifted off its square. The pieces are taken a rebirth square at a
/// time, as bitboards, and only the rebirth squares that see `k` on an empty board.
fn mars_checkers<F: FairyStore>(board: &Board<F>, k: Square, by: Color) -> Bitboard {
    let occ = board.occupied();
    let mut set = Bitboard::EMPTY;
    // Pawns are reborn on their file's second rank (none moves from its first rank).
    let pawns = board.pieces(by, Role::Pawn) & !Bitboard::rank(by.back_rank());
    for via in attacks::pawn(!by, k) & Bitboard::rank(by.pawn_rank()) {
        let units = pawns & Bitboard::file(via.file());
        set |= if occ.contains(via) {
            units & Bitboard::from_square(via)
        } else {
            units
        };
    }
    let table = mars_homes();
    let homes = &table.homes[by.index()];
    let mut seeing = table.seeing[by.index()][k.index()];
    while seeing != 0 {
        let (role, via, group) = homes[seeing.trailing_zeros() as usize];
        seeing &= seeing - 1;
        let mut units = board.pieces(by, role) & group;
        if occ.contains(via) {
            units &= Bitboard::from_square(via);
        }
        if units.is_empty() {
            continue;
        }
        if matches!(role, Role::Knight | Role::King) {
            set |= units;
            continue;
        }
        // A unit lifted off the only square between clears the line for itself.
        let blocking = attacks::between(via, k) & occ;
        set |= match blocking.count() {
            0 => units,
            1 => units & blocking,
            _ => Bitboard::EMPTY,
        };
    }
    // Fairy units one by one, each from its rebirth square.
    for from in board.fairy_units() & board.by_color(by) {
        let piece = board.piece_at(from).expect("a fairy unit");
        if let Some((via, occ)) = mars_origin(board, piece, from) {
            if walks::observes(piece, via, k, occ) {
                set = set.with(from);
            }
        }
    }
    set
}

/// The sum of the displacements of all units the move shifts (Parrain Circe's vector).
fn displacement(mv: &Move) -> (i8, i8) {
    match mv.kind {
        MoveKind::CastleShort => (0, 0),
        MoveKind::CastleLong => (1, 0),
        MoveKind::Null => (0, 0),
        _ => (
            mv.to.file() as i8 - mv.from.file() as i8,
            mv.to.rank() as i8 - mv.from.rank() as i8,
        ),
    }
}

impl<O: Origins, F: FairyStore> Rules for Fairy<O, F> {
    type Ext = FairyExt<O, F>;

    fn pseudo_legal(&self, pos: &Position<FairyExt<O, F>>, out: &mut MoveList) {
        let mut base = MoveList::new();
        match self.mars {
            Some(Mars::Mars) => {
                movegen::pseudo_moves(pos, Gen::Quiet, self.promotions, &mut base);
                self.mars_captures(pos, &mut base);
            }
            Some(Mars::AntiMars) => {
                movegen::pseudo_moves(pos, Gen::All, self.promotions, &mut base);
                base.retain(|m| m.is_capture());
                self.antimars_moves(pos, &mut base);
            }
            None => movegen::pseudo_moves(pos, Gen::All, self.promotions, &mut base),
        }
        let first_castling = base.len();
        movegen::castling_candidates(pos, &mut base);
        let first_antimars_castling = base.len();
        if self.mars == Some(Mars::AntiMars) {
            self.antimars_castlings(pos, &mut base);
        }
        // By reference: moving a list out by value would copy its whole inline buffer.
        for (i, mv) in base.iter().enumerate() {
            // Anti-Mars castlings were tested on the board they are played on.
            if (first_castling..first_antimars_castling).contains(&i)
                && !self.castling_allowed(pos, mv)
            {
                continue;
            }
            self.expand(pos, *mv, out);
        }
    }

    /// Its capture effects, then its arrival.
    fn play_into(
        &self,
        pos: &Position<FairyExt<O, F>>,
        mv: &Move,
        p: &mut Position<FairyExt<O, F>>,
    ) {
        self.apply(pos, mv, p);
        let Some((a, cause)) = mv.effects.changes().find_map(|c| match *c {
            Change::Put(a, cause @ (Cause::Arrival | Cause::Eruption)) => Some((a, cause)),
            _ => None,
        }) else {
            return;
        };
        p.board.put(a.square, a.piece, a.kamikaze);
        regrant(p, a.piece, a.square);
        if cause == Cause::Eruption {
            let hidden = &mut p.ext.hidden;
            if let Some(i) = hidden
                .iter()
                .position(|h| h.is_some_and(|h| h.square == a.square))
            {
                let origin = hidden[i].expect("found").origin;
                // The others keep their order of burial.
                hidden.copy_within(i + 1.., i);
                hidden[MAX_HIDDEN - 1] = None;
                p.ext.origins.set(a.square, origin);
            }
        } else if let Some(pending) = pos.ext.pending {
            p.ext.origins.set(a.square, pending.origin);
        }
    }

    fn in_check(&self, pos: &Position<FairyExt<O, F>>, color: Color) -> bool {
        let Some(k) = royal_square(pos, color) else {
            return false;
        };
        let board = &pos.board;
        let attackers = if self.mars == Some(Mars::Mars) {
            mars_checkers(board, k, !color)
        } else {
            movegen::attackers(board, k, !color, board.occupied())
        };
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
            _ => false,
        }
    }

    fn init(
        &self,
        pos: &mut Position<FairyExt<O, F>>,
        hidden: &[(Square, Piece, bool)],
    ) -> Result<(), String> {
        let circe = self.circe;
        if circe.is_some_and(|c| c.square == SquareRule::Diagram) {
            if !O::TRACKED {
                return Err("Diagram Circe needs positions that carry the diagram squares".into());
            }
            for sq in pos.board.occupied() {
                pos.ext.origins.set(sq, sq.index() as u8);
            }
        }
        for &(square, piece, kamikaze) in hidden {
            if !circe.is_some_and(|c| c.occupied == Occupied::Volcanic) {
                return Err(format!("two units on {square}"));
            }
            if pos.ext.hidden.iter().all(|h| h.is_some()) {
                return Err(format!("too many units hidden on {square}"));
            }
            pos.ext
                .hide(Hidden::new(piece, kamikaze, square, NO_ORIGIN));
        }
        Ok(())
    }

    fn is_legal(
        &self,
        pos: &Position<FairyExt<O, F>>,
        _mv: &Move,
        after: &Position<FairyExt<O, F>>,
    ) -> bool {
        let side = pos.side;
        if royal_square(pos, side).is_some() && royal_square(after, side).is_none() {
            return false;
        }
        !self.in_check(after, side)
    }

    fn royal_piece(&self, pos: &Position<FairyExt<O, F>>, sq: Square) -> bool {
        pos.ext.royal.contains(&(sq.index() as u8))
    }

    fn legal_moves(&self, pos: &Position<FairyExt<O, F>>, out: &mut MoveList) {
        self.pseudo_legal(pos, out);
        let plain = self.plain_legality(pos);
        out.retain(|mv| {
            plain
                .as_ref()
                .and_then(|p| p.decide(pos, mv))
                .unwrap_or_else(|| self.is_legal(pos, mv, &self.play(pos, mv)))
        });
    }

    fn try_for_each_child(
        &self,
        pos: &Position<FairyExt<O, F>>,
        mut visit: impl FnMut(&Move, &Position<FairyExt<O, F>>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let mut moves = MoveList::new();
        self.pseudo_legal(pos, &mut moves);
        let plain = self.plain_legality(pos);
        // A plain move the masks allow changes only its two squares, unless the position
        // carries per-square state (diagram squares), a royal piece that is not a king or
        // a Parrain rebirth its next move settles: then `play_into` does the rest. Played
        // orthodoxly here, not through `play_into`: Circe perft 12 % faster.
        let orthodox_play =
            !O::TRACKED && pos.ext.royal == [NO_ORIGIN; 2] && pos.ext.pending.is_none();
        // Captures too where no condition acts on them.
        let orthodox_captures = plain.as_ref().is_some_and(|p| p.captures);
        for mv in &moves {
            let decided = plain.as_ref().and_then(|p| p.decide(pos, mv));
            if decided == Some(false) {
                continue;
            }
            let mut after = *pos;
            if decided == Some(true) {
                if orthodox_play
                    && (mv.captured.is_none() || orthodox_captures)
                    && mv.effects.is_none()
                {
                    movegen::play_orthodox(&mut after, mv);
                } else {
                    self.play_into(pos, mv, &mut after);
                }
                visit(mv, &after)?;
                continue;
            }
            self.play_into(pos, mv, &mut after);
            if self.is_legal(pos, mv, &after) {
                visit(mv, &after)?;
            }
        }
        ControlFlow::Continue(())
    }

    fn has_legal_move(&self, pos: &Position<FairyExt<O, F>>) -> bool {
        let mut moves = MoveList::new();
        self.pseudo_legal(pos, &mut moves);
        let plain = self.plain_legality(pos);
        let decided = |mv: &Move| plain.as_ref().and_then(|p| p.decide(pos, mv));
        // Plain moves first: they need no play.
        moves.iter().any(|mv| decided(mv) == Some(true))
            || moves
                .iter()
                .any(|mv| decided(mv).is_none() && self.is_legal(pos, mv, &self.play(pos, mv)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conditions::{command_line_words, resolve, RuleSet, UnitMarks};

    fn fairy(words: &str) -> Fairy {
        match resolve(&command_line_words(&[words]), UnitMarks::default()) {
            Ok(RuleSet::Fairy(f)) => f,
            other => panic!("{words}: {other:?}"),
        }
    }

    /// The generic answer: every pseudo-legal move played and tested.
    fn by_playing<O: Origins>(rules: &Fairy<O>, pos: &Position<FairyExt<O>>) -> MoveList {
        let mut moves = MoveList::new();
        rules.pseudo_legal(pos, &mut moves);
        moves.retain(|mv| rules.is_legal(pos, mv, &rules.play(pos, mv)));
        moves
    }

    /// The orthodox masks may decide plain moves only where they agree with playing
    /// them out, and the children of a position are the positions `play` makes:
    /// random games under every condition, each position compared.
    #[test]
    fn plain_moves_decided_by_masks_agree_with_playing_them() {
        let conditions = [
            "Circe",
            "AntiCirce",
            "AntiCirce Cheylan",
            "AntiCloneCirce",
            "MirrorCirce",
            "PWC",
            "CirceAssassin",
            "CirceAssassin Chameleon",
            "CirceAssassin Mirror",
            "CirceAssassin Symmetry",
            "CirceAssassin Antipodes",
            "CirceAssassin File",
            "ChameleonCirce",
            "ParrainCirce",
            "KamikazeCirce",
            "Circe Volcanic",
            "Circe RexInclusive",
            "Circe Diagram",
            "MarsCirce",
            "AntiMarsCirce",
        ];
        let starts = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            // Positions where check is not an orthodox attack: the rook's Anticirce
            // rebirth square h8 is taken (the bishop is not pinned), a Mars rook checks
            // from its home square, a Rex Inclusive king would be reborn on e1.
            "4r2n/8/8/8/k7/8/4B3/4K3 w - - 0 1",
            "r6k/8/8/8/8/8/1N6/K7 w - - 0 1",
            "4k3/8/8/8/8/8/1B6/rN2K3 w - - 0 1",
            // Circe Assassin: the knight on c3 is reborn on g1, on its king.
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        ];
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut checked = 0;
        for words in conditions {
            let rules = fairy(words);
            checked += if rules.needs_origins() {
                random_games(
                    &rules.with_layout::<DiagramOrigins, NoFairy>(),
                    words,
                    &starts,
                    &mut seed,
                )
            } else {
                random_games(&rules, words, &starts, &mut seed)
            };
        }
        assert!(checked > 10_000, "{checked}");
    }

    /// Mars Circe's checkers by lines and the squares between agree with the attacks
    /// of each unit from its rebirth square.
    #[test]
    fn mars_checkers_agree_with_attacks_from_the_rebirth_square() {
        let rules = fairy("MarsCirce");
        let mut seed = 0x1405_7B7E_F767_814Fu64;
        let mut checks = 0;
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        ] {
            random_walk(&rules, fen, 600, &mut seed, |pos| {
                let board = &pos.board;
                for color in Color::ALL {
                    let Some(k) = board.king(color) else { continue };
                    let mut expected = Bitboard::EMPTY;
                    for from in board.by_color(!color) {
                        let piece = board.piece_at(from).unwrap();
                        if let Some((via, occ)) = mars_origin(board, piece, from) {
                            if movegen::attacks_from(piece, via, occ).contains(k) {
                                expected = expected.with(from);
                            }
                        }
                    }
                    assert_eq!(mars_checkers(board, k, !color), expected, "{pos:?}");
                    checks += usize::from(expected.is_nonempty());
                }
            });
        }
        assert!(checks > 20, "{checks}");
    }

    /// Circe Assassin's check test by the tables of rebirth squares agrees with trying
    /// every capture, for each square rule and kind rule it combines with.
    #[test]
    fn assassin_threat_by_tables_agrees_with_every_capture() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut threats = 0;
        for words in [
            "CirceAssassin",
            "CirceAssassin Chameleon",
            "CirceAssassin Mirror",
            "CirceAssassin Symmetry",
            "CirceAssassin File",
            "CirceAssassin Antipodes",
        ] {
            let rules = fairy(words);
            let circe = rules.circe.expect("a Circe rule");
            for fen in [
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            ] {
                random_walk(&rules, fen, 400, &mut seed, |pos| {
                    for color in Color::ALL {
                        if let Some(k) = pos.board.king(color) {
                            let origin = |sq| pos.ext.origin(sq);
                            let fast = assassin::threatened(&pos.board, color, k, circe, origin);
                            let slow = assassin::threatened_by_capture(
                                &pos.board, color, k, circe, origin,
                            );
                            assert_eq!(fast, slow, "{words}: {pos:?}");
                            threats += usize::from(fast);
                        }
                    }
                });
            }
        }
        assert!(threats > 20, "{threats}");
    }

    /// Compares the mask answers with playing every move, in each position of a random
    /// walk from each of `starts`; returns the number of positions compared.
    fn random_games<O: Origins>(
        rules: &Fairy<O>,
        words: &str,
        starts: &[&str],
        seed: &mut u64,
    ) -> usize {
        let mut checked = 0;
        for fen in starts {
            random_walk(rules, fen, 480, seed, |pos| {
                let slow = by_playing(rules, pos);
                let mut fast = MoveList::new();
                rules.legal_moves(pos, &mut fast);
                assert_eq!(fast, slow, "{words}: {pos:?}");
                let mut succ = Vec::new();
                rules.legal_successors(pos, &mut succ);
                assert!(succ.iter().map(|(m, _)| *m).eq(slow.iter().copied()));
                for (mv, after) in &succ {
                    assert_eq!(*after, rules.play(pos, mv), "{words}: {mv:?} in {pos:?}");
                }
                assert_eq!(rules.has_legal_move(pos), !slow.is_empty());
                checked += 1;
            });
        }
        checked
    }

    /// Shows `visit` each position of a random game of `steps` moves from `fen`, started
    /// again whenever it ends.
    fn random_walk<O: Origins>(
        rules: &Fairy<O>,
        fen: &str,
        steps: usize,
        seed: &mut u64,
        mut visit: impl FnMut(&Position<FairyExt<O>>),
    ) {
        let mut start: Position<FairyExt<O>> = Position::from_fen(fen).unwrap();
        rules.init(&mut start, &[]).unwrap();
        let mut pos = start;
        for _ in 0..steps {
            visit(&pos);
            let moves = by_playing(rules, &pos);
            if moves.is_empty() {
                pos = start;
                continue;
            }
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            pos = rules.play(&pos, &moves[(*seed % moves.len() as u64) as usize]);
        }
    }
}
