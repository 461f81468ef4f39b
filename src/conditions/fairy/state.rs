//! What a position carries for the fairy conditions: a unit waiting to be reborn
//! (Parrain Circe), units hidden under others (Circe Volcanic), the diagram squares
//! (Diagram Circe) and a royal piece that is not a king.

use super::*;

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
    /// Under Cohen's rule, the placement key of the position before the last move (0
    /// before any move, and where nothing is recorded).
    fn before_last(&self) -> u64;
    fn set_before_last(&mut self, key: u64);
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
    #[inline]
    fn before_last(&self) -> u64 {
        0
    }
    #[inline]
    fn set_before_last(&mut self, _key: u64) {}
}

/// The diagram square of the unit on each square (Diagram Circe), `NO_ORIGIN` if none,
/// and the placement before the last move (Cohen's rule): what only some problems need
/// a position to carry.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct DiagramOrigins {
    squares: [u8; 64],
    before_last: u64,
}

impl Default for DiagramOrigins {
    fn default() -> DiagramOrigins {
        DiagramOrigins {
            squares: [NO_ORIGIN; 64],
            before_last: 0,
        }
    }
}

impl Origins for DiagramOrigins {
    const TRACKED: bool = true;
    #[inline]
    fn get(&self, sq: Square) -> u8 {
        self.squares[sq.index()]
    }
    #[inline]
    fn set(&mut self, sq: Square, origin: u8) {
        self.squares[sq.index()] = origin;
    }
    #[inline]
    fn before_last(&self) -> u64 {
        self.before_last
    }
    #[inline]
    fn set_before_last(&mut self, key: u64) {
        self.before_last = key;
    }
    fn key(&self) -> u64 {
        let mut k = self.before_last.rotate_left(23);
        for (sq, &o) in self.squares.iter().enumerate() {
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
    /// `1 + role` (below 128), the colour in bit 7.
    role: NonZeroU8,
    /// The unit's attributes ([`UnitAttrs::bits`]).
    flags: u8,
    pub square: Square,
    pub origin: u8,
}

impl Captive {
    pub fn new(piece: Piece, attrs: UnitAttrs, square: Square, origin: u8) -> Captive {
        Captive {
            role: NonZeroU8::new((piece.role.index() as u8 + 1) | (piece.color.index() as u8) << 7)
                .expect("at least 1"),
            flags: attrs.bits(),
            square,
            origin,
        }
    }

    pub fn piece(self) -> Piece {
        let role = Role::from_index(usize::from((self.role.get() & 0x7F) - 1)).expect("a kind");
        Piece::new(Color::ALL[usize::from(self.role.get() >> 7)], role)
    }

    pub fn attrs(self) -> UnitAttrs {
        UnitAttrs::from_bits(self.flags)
    }

    pub fn kamikaze(self) -> bool {
        self.attrs().kamikaze()
    }
}

// The colour shares the kind's byte.
const _: () = assert!(Role::COUNT < 127);

/// A captured unit waiting for its Parrain rebirth.
pub type Pending = Captive;
/// A unit hidden under the occupant of a square (Volcanic Circe).
pub type Hidden = Captive;

pub(super) const MAX_HIDDEN: usize = 6;
pub(super) const NO_ORIGIN: u8 = 0xFF;

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
    /// The squares of the last move that the next may not reverse, else `NO_ORIGIN`: the
    /// two of a Messigny exchange (neither may take part in the next), or the departure
    /// and arrival of a neutral unit's plain step, which the opponent may play straight
    /// back ([`crate::conditions::Rules::undoes`]). Never both: neutral units are not
    /// built with Messigny chess.
    pub last: [u8; 2],
    /// The square next to its departure that an Einstein pawn's triple step just crossed,
    /// where it may be taken en passant, else `NO_ORIGIN`.
    pub far_crossed: u8,
    /// Anticirce Parrain: where the capturer waiting to go with the next move stands
    /// (`pending` holds its capture square), else `NO_ORIGIN`.
    pub waiting: u8,
    store: PhantomData<F>,
}

impl<O: Origins, F: FairyStore> Default for FairyExt<O, F> {
    fn default() -> FairyExt<O, F> {
        FairyExt {
            pending: None,
            hidden: [None; MAX_HIDDEN],
            origins: O::default(),
            royal: [NO_ORIGIN; 2],
            last: [NO_ORIGIN; 2],
            far_crossed: NO_ORIGIN,
            waiting: NO_ORIGIN,
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
        for &e in &self.last {
            if e != NO_ORIGIN {
                k ^= extra_key(13, Square::new(e)).rotate_left(41);
            }
        }
        if self.far_crossed != NO_ORIGIN {
            k ^= extra_key(13, Square::new(self.far_crossed)).rotate_left(17);
        }
        if self.waiting != NO_ORIGIN {
            k ^= extra_key(14, Square::new(self.waiting)).rotate_left(53);
        }
        k ^ self.origins.key()
    }

    #[inline]
    fn passed(&mut self) {
        self.last = [NO_ORIGIN; 2];
    }
}

/// A key told apart for each fairy kind (0 for the orthodox ones, whose keys the slot
/// numbers above already keep apart).
#[inline]
pub(super) fn fairy_kind_key(role: Role) -> u64 {
    if role.is_orthodox() {
        0
    } else {
        crate::board::scramble(0xFA17_0000 + role.index() as u64)
    }
}

impl<O: Origins, F: FairyStore> FairyExt<O, F> {
    /// The squares of the Messigny exchange just made: none may take part in the next.
    pub(super) fn exchanged(&self) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        for &e in &self.last {
            if e != NO_ORIGIN {
                b = b.with(Square::new(e));
            }
        }
        b
    }

    /// The far square of the triple step just made, where it may be taken en passant.
    pub(super) fn far_crossing(&self) -> Option<Square> {
        (self.far_crossed != NO_ORIGIN).then(|| Square::new(self.far_crossed))
    }

    /// Anticirce Parrain: where the capturer that goes with the next move stands.
    pub(super) fn waiting(&self) -> Option<Square> {
        (self.waiting != NO_ORIGIN).then(|| Square::new(self.waiting))
    }

    pub(super) fn royal(&self, color: Color) -> Option<Square> {
        let r = self.royal[color.index()];
        (r != NO_ORIGIN).then(|| Square::new(r))
    }

    pub(super) fn origin(&self, sq: Square) -> Option<Square> {
        let o = self.origins.get(sq);
        (o != NO_ORIGIN).then(|| Square::new(o))
    }

    /// Hides `h` before the units hidden already (Circe Parachute): it is the first to
    /// come back. The last of a full list is lost.
    pub(super) fn hide_first(&mut self, h: Hidden) {
        self.hidden.copy_within(..MAX_HIDDEN - 1, 1);
        self.hidden[0] = Some(h);
    }

    pub(super) fn hide(&mut self, h: Hidden) {
        if let Some(slot) = self.hidden.iter_mut().find(|s| s.is_none()) {
            *slot = Some(h);
        }
    }
}
