//! Moves, with every decision a condition took while generating them.

use crate::board::{Piece, Role, Square};
use smallvec::SmallVec;

/// What kind of step the moving unit makes.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum MoveKind {
    Quiet,
    Capture,
    DoubleStep,
    EnPassant,
    CastleShort,
    CastleLong,
    /// A capture that lands beyond the captured unit (locusts, marine pieces).
    Locust,
    /// A pass.
    Null,
    /// A unit passes to the other board without moving (Miss Alice).
    Zero,
}

/// A unit placed on a square by a move's side effect: a rebirth, an eruption, a relocation.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Placement {
    pub piece: Piece,
    pub square: Square,
    pub kamikaze: bool,
    /// The pawn kind it was, when it promoted on arrival (`[+bPe1=R]`).
    pub promoted: Option<Role>,
}

/// Side effects of a capture under a condition, decided at generation time so that
/// playing the move is deterministic and printing it needs no recomputation.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Effects {
    /// The captured unit comes back here (`[+bSg8]`); for Volcanic Circe it may be buried instead.
    pub rebirth: Option<Placement>,
    /// The captured unit is hidden under the occupant of its rebirth square (Volcanic Circe).
    pub buried: bool,
    /// The capturing unit ends here instead of on the arrival square (`[wSd5->b1]`).
    pub relocation: Option<Placement>,
    /// The capturing unit leaves the board (kamikaze without rebirth: `[-wkRd5]`).
    pub capturer_removed: bool,
    /// Whether the removal is printed: Popeye omits it when a Circe rebirth failed.
    pub removal_shown: bool,
    /// A unit appears that was waiting off the board: a Parrain rebirth or a volcanic eruption.
    pub arrival: Option<Placement>,
    /// Mars Circe: the square the capture was made from (`Rd4-a1*a3`); Anti-Mars: the
    /// square a non-capture was made from (`b3-b7-b5`).
    pub capture_from: Option<Square>,
    /// The arrival is a hidden unit coming back (Volcanic Circe), not a Parrain rebirth.
    pub erupted: bool,
    /// Anti-Mars Circe castling, played as if from the rebirth squares: where the king
    /// (`[wKg1->e1]0-0`) and the rook (`[bRh5->a8]`) really stood, when elsewhere.
    pub castling_king_from: Option<Square>,
    pub castling_rook_from: Option<Square>,
    /// Alice chess: the board the move is played on and the one the unit ends on
    /// (1 = A, 2 = B, 3 = C; 0 = no Alice).
    pub alice_from: u8,
    pub alice_to: u8,
}

impl Effects {
    /// Whether the move has no effect beyond its orthodox shape (most moves): tested
    /// field by field, the likeliest first, which the derived equality does not inline.
    #[inline]
    pub fn is_none(&self) -> bool {
        // Destructured, so that a new field cannot be forgotten here.
        let Effects {
            rebirth,
            buried,
            relocation,
            capturer_removed,
            removal_shown,
            arrival,
            capture_from,
            erupted,
            castling_king_from,
            castling_rook_from,
            alice_from,
            alice_to,
        } = *self;
        rebirth.is_none()
            && relocation.is_none()
            && arrival.is_none()
            && capture_from.is_none()
            && !capturer_removed
            && !removal_shown
            && !buried
            && !erupted
            && castling_king_from.is_none()
            && castling_rook_from.is_none()
            && alice_from == 0
            && alice_to == 0
    }
}

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    /// The kind of the moving unit before the move.
    pub role: Role,
    pub kind: MoveKind,
    pub promotion: Option<Role>,
    /// The unit captured, if any (for e.p. the pawn that made the double step).
    pub captured: Option<Piece>,
    /// The square of the captured unit: the arrival, but for en passant (the square of
    /// the pawn that made the double step) and locust captures (the square passed over).
    pub capture_at: Square,
    pub effects: Effects,
}

impl Move {
    /// A placeholder move (a pass), printed as `...`.
    pub const fn null() -> Move {
        Move {
            from: Square::A1,
            to: Square::A1,
            role: Role::King,
            kind: MoveKind::Null,
            promotion: None,
            captured: None,
            capture_at: Square::A1,
            effects: Effects {
                rebirth: None,
                buried: false,
                relocation: None,
                capturer_removed: false,
                removal_shown: false,
                arrival: None,
                capture_from: None,
                erupted: false,
                castling_king_from: None,
                castling_rook_from: None,
                alice_from: 0,
                alice_to: 0,
            },
        }
    }

    #[inline]
    pub fn is_capture(&self) -> bool {
        self.captured.is_some()
    }

    #[inline]
    pub fn is_castling(&self) -> bool {
        matches!(self.kind, MoveKind::CastleShort | MoveKind::CastleLong)
    }

    /// The square of the captured unit (differs from `to` for e.p. and locusts).
    #[inline]
    pub fn capture_square(&self) -> Square {
        self.capture_at
    }
}

pub type MoveList = SmallVec<[Move; 128]>;
