//! Colours, piece kinds and pieces.

use super::kinds::{Class, Kind, KINDS};
use std::fmt;
use std::num::NonZeroU8;
use std::ops::Not;

#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Color {
    White = 0,
    Black = 1,
}

impl Color {
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `w` or `b`, as Popeye writes colours inside rebirth brackets.
    pub const fn letter(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// The rank (0-based) a pawn of this colour starts on.
    #[inline]
    pub const fn pawn_rank(self) -> u8 {
        match self {
            Color::White => 1,
            Color::Black => 6,
        }
    }

    /// The rank (0-based) a pawn of this colour promotes on.
    #[inline]
    pub const fn promotion_rank(self) -> u8 {
        match self {
            Color::White => 7,
            Color::Black => 0,
        }
    }

    /// The rank (0-based) the pieces of this colour start on.
    #[inline]
    pub const fn back_rank(self) -> u8 {
        match self {
            Color::White => 0,
            Color::Black => 7,
        }
    }

    /// +1 for White, −1 for Black: the direction of pawn moves.
    #[inline]
    pub const fn forward(self) -> i8 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

/// The kind of a unit: an index into the table of kinds (`board::kinds::KINDS`), where
/// each kind's code, class and walk are. The six orthodox kinds come first; their
/// constants are named like the fairy kinds' (`Role::Knight`, `Role::Grasshopper`).
/// Popeye writes the knight `S`.
///
/// Stored as its index plus one, so that `Option<Role>` (a promotion) and
/// `Option<Piece>` (a capture) take no byte of their own in a move.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Role(NonZeroU8);

impl Role {
    /// The orthodox kinds.
    pub const ORTHODOX: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];
    /// Orthodox promotion choices, in the order Popeye lists them.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Knight, Role::Rook, Role::Bishop];
    /// How many kinds there are.
    pub const COUNT: usize = 90;

    /// The kind of index `i` (below [`Role::COUNT`]), for the table of kinds.
    pub(super) const fn of_index(i: u8) -> Role {
        match NonZeroU8::new(i + 1) {
            Some(n) => Role(n),
            None => panic!("an index below 255"),
        }
    }

    /// The kind stored as `index + 1` (see [`Role::raw`]); `None` for 0.
    #[inline(always)]
    pub(super) const fn from_raw(raw: u8) -> Option<Role> {
        match NonZeroU8::new(raw) {
            Some(n) => Some(Role(n)),
            None => None,
        }
    }

    /// The kind as one nonzero byte: its index plus one.
    #[inline(always)]
    pub(super) const fn raw(self) -> u8 {
        self.0.get()
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0.get() as usize - 1
    }

    /// The kind with index `i`, if there is one.
    pub fn from_index(i: usize) -> Option<Role> {
        (i < Role::COUNT).then(|| Role::of_index(i as u8))
    }

    /// Every kind, orthodox first.
    pub fn all() -> impl Iterator<Item = Role> {
        (0..Role::COUNT as u8).map(Role::of_index)
    }

    /// Whether this is one of the six orthodox kinds.
    #[inline]
    pub const fn is_orthodox(self) -> bool {
        self.0.get() <= 6
    }

    /// This kind's row of the table.
    #[inline]
    pub fn kind(self) -> &'static Kind {
        &KINDS[self.index()]
    }

    /// Popeye's English code, upper case: `S` for the knight, `G`, `LE`.
    pub fn code(self) -> &'static str {
        self.kind().code
    }

    /// Whether this is a pawn kind (promotes, reborn on the pawn rank).
    #[inline]
    pub fn is_pawn(self) -> bool {
        matches!(self.kind().class, Class::Pawn { .. })
    }

    /// Whether this kind is royal (a king, or the marine Poseidon).
    #[inline]
    pub fn is_royal(self) -> bool {
        self.kind().class == Class::Royal
    }

    /// Reads Popeye's English one-letter codes of the orthodox kinds (`S` knight); `N` is
    /// not a knight in Popeye.
    pub fn from_letter(c: char) -> Option<Role> {
        Some(match c.to_ascii_uppercase() {
            'P' => Role::Pawn,
            'S' => Role::Knight,
            'B' => Role::Bishop,
            'R' => Role::Rook,
            'Q' => Role::Queen,
            'K' => Role::King,
            _ => return None,
        })
    }

    /// Reads any supported kind's code, in any case (`g`, `LE`, `37`).
    pub fn from_code(code: &str) -> Option<Role> {
        KINDS
            .iter()
            .find(|k| k.code.eq_ignore_ascii_case(code))
            .map(|k| k.role)
    }
}

impl fmt::Debug for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

impl Piece {
    #[inline]
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.color.letter(), self.role.code())
    }
}

/// The attributes a fairy board keeps as a set of squares each, beyond colour, kind,
/// neutrality and the kamikaze attribute.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Mark {
    /// The unit changes kind after each of its moves (S → B → R → Q → S).
    Chameleon,
    /// The unit paralyses the enemy units it observes.
    Paralysing,
    /// The unit turns neutral by its move, and a neutral one turns to the side that moved
    /// it.
    HalfNeutral,
    /// A promoted unit, as Frischauf Circe follows them (reborn on its promotion rank).
    Frischauf,
    /// A unit on board B of Alice chess, where all units stand on one board, as in the
    /// reference solver (a square holds a unit on one board at most).
    AliceB,
}

impl Mark {
    pub const ALL: [Mark; 5] = [
        Mark::Chameleon,
        Mark::Paralysing,
        Mark::HalfNeutral,
        Mark::Frischauf,
        Mark::AliceB,
    ];
    pub const COUNT: usize = Mark::ALL.len();

    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// The attributes a placed unit carries beyond its colour and kind, in one byte (a move
/// holds several placements, and moves are copied in the hot loops).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct UnitAttrs(u8);

impl UnitAttrs {
    const KAMIKAZE: u8 = 1;
    const NEUTRAL: u8 = 2;
    const CHAMELEON: u8 = 4;
    const PROMOTED_CHAMELEON: u8 = 8;
    const PARALYSING: u8 = 16;
    const HALF_NEUTRAL: u8 = 32;
    const FRISCHAUF: u8 = 64;
    const ALICE_B: u8 = 128;

    pub const fn new(kamikaze: bool, neutral: bool) -> UnitAttrs {
        UnitAttrs((kamikaze as u8 * Self::KAMIKAZE) | (neutral as u8 * Self::NEUTRAL))
    }

    /// These attributes and the chameleon attribute when `chameleon` is set.
    pub const fn with_chameleon(self, chameleon: bool) -> UnitAttrs {
        UnitAttrs(self.0 | (chameleon as u8 * Self::CHAMELEON))
    }

    /// A unit that changes kind after each of its moves (S → B → R → Q → S).
    pub const fn chameleon(self) -> bool {
        self.0 & Self::CHAMELEON != 0
    }

    /// A unit that paralyses the enemy units it observes.
    pub const fn paralysing(self) -> bool {
        self.0 & Self::PARALYSING != 0
    }

    /// A unit that turns neutral by its move, or from neutral to the side that moved it.
    pub const fn half_neutral(self) -> bool {
        self.0 & Self::HALF_NEUTRAL != 0
    }

    /// A promoted unit under Frischauf Circe (or one the diagram says promoted).
    pub const fn frischauf(self) -> bool {
        self.0 & Self::FRISCHAUF != 0
    }

    /// These attributes, neutral or not as `neutral` says.
    pub const fn with_neutral(self, neutral: bool) -> UnitAttrs {
        UnitAttrs((self.0 & !Self::NEUTRAL) | (neutral as u8 * Self::NEUTRAL))
    }

    /// These attributes and `mark`'s when `on` is set.
    pub const fn with_mark(self, mark: Mark, on: bool) -> UnitAttrs {
        let bit = match mark {
            Mark::Chameleon => Self::CHAMELEON,
            Mark::Paralysing => Self::PARALYSING,
            Mark::HalfNeutral => Self::HALF_NEUTRAL,
            Mark::Frischauf => Self::FRISCHAUF,
            Mark::AliceB => Self::ALICE_B,
        };
        UnitAttrs(self.0 | (on as u8 * bit))
    }

    pub const fn has_mark(self, mark: Mark) -> bool {
        match mark {
            Mark::Chameleon => self.chameleon(),
            Mark::Paralysing => self.paralysing(),
            Mark::HalfNeutral => self.half_neutral(),
            Mark::Frischauf => self.frischauf(),
            Mark::AliceB => self.0 & Self::ALICE_B != 0,
        }
    }

    /// A pawn that promoted to a chameleon unit, not one before (a notation matter:
    /// `[+bPf1=B=c]` rather than `[+bcPf1=cB]`).
    pub const fn promoted_to_chameleon(self) -> UnitAttrs {
        UnitAttrs(self.0 | Self::CHAMELEON | Self::PROMOTED_CHAMELEON)
    }

    pub const fn became_chameleon(self) -> bool {
        self.0 & Self::PROMOTED_CHAMELEON != 0
    }

    /// The attributes as eight bits, for packed stores.
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// The attributes [`UnitAttrs::bits`] gave.
    pub const fn from_bits(bits: u8) -> UnitAttrs {
        UnitAttrs(bits)
    }

    /// A kamikaze unit (or not), neither neutral.
    pub const fn kamikaze_if(kamikaze: bool) -> UnitAttrs {
        UnitAttrs::new(kamikaze, false)
    }

    pub const fn kamikaze(self) -> bool {
        self.0 & Self::KAMIKAZE != 0
    }

    /// A neutral unit (reborn under Circe): put in both colours.
    pub const fn neutral(self) -> bool {
        self.0 & Self::NEUTRAL != 0
    }
}
