//! Moves, with every decision a condition took while generating them.

pub use crate::board::UnitAttrs;
use crate::board::{Color, Piece, Role, Square};
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
    /// A unit and the enemy unit on `to` exchange places (Messigny chess).
    Exchange,
}

/// A unit placed on a square by a move's side effect: a rebirth, an eruption, a relocation.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Placement {
    pub piece: Piece,
    pub square: Square,
    pub attrs: UnitAttrs,
    /// The pawn kind it was, when it promoted on arrival (`[+bPe1=R]`).
    pub promoted: Option<Role>,
}

/// Why a change happens: how the notation shows it, and what a condition's own state
/// makes of it.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Cause {
    /// Before the move, a unit goes to the square it moves as if from (Anti-Mars
    /// castling): `[wKg1->e1]`.
    Setup,
    /// The captured king's rook moves as in its castling, made by the capturer as that
    /// king's walk before it takes (Make & Take chess with kings reborn): `0-0*e6`.
    CastlingMake,
    /// The capturing unit goes elsewhere (Anticirce; a kamikaze unit reborn): `[wRd5->h1]`.
    Relocation,
    /// The capturing unit leaves the board (kamikaze): shown `[-wkRd5]`, or not (when
    /// its rebirth failed).
    Removal { shown: bool },
    /// A captured unit is reborn: `[+bSg8]`.
    Rebirth,
    /// A captured unit goes under the occupant of its rebirth square (Volcanic
    /// Circe): `[+wPf2->v]`.
    Burial,
    /// The occupant of a rebirth square goes under the unit reborn there (Circe
    /// Parachute): not shown.
    Parachute,
    /// A captured unit that waited off the board comes back (Parrain Circe): `[+bSg8]`.
    Arrival,
    /// A hidden unit comes back (Volcanic Circe): `[+wSg1]`.
    Eruption,
    /// The unit that moved changes colour (Andernach chess): `=w`.
    SideChange,
    /// Two units exchange their squares (Oscillating kings): `[Kh8<->Ka3]`.
    Exchange,
    /// A unit other than the one that moved changes its kind where it stands (Einstein
    /// chess: the castling rook): `0-0=B`.
    WalkChange,
    /// The half-neutral unit that moved turns neutral (`=nh`) or, neutral, turns to the
    /// side that moved it (`=wh`).
    PhaseChange,
}

/// One change to the board beyond the moving unit's own step, decided when the move is
/// generated so that playing it is deterministic and printing it needs no recomputation.
/// Any condition may emit them; `movegen::apply_change` plays them on a board.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Change {
    /// A unit appears; an occupant of its square goes (Circe Assassin).
    Put(Placement, Cause),
    /// The unit on a square leaves the board.
    Remove(Square, Cause),
    /// The unit on a square goes to the placement's square, as the placement's kind.
    Relocate(Square, Placement, Cause),
    /// A unit is kept off the board at a square (Volcanic Circe's burial): no change to
    /// the board itself, the condition's state keeps it.
    Hide(Placement, Cause),
    /// The unit on a square passes to the given side.
    Recolour(Square, Color),
    /// The units on two squares exchange places, after everything else the move does.
    Exchange(Square, Square),
}

impl Change {
    pub fn cause(&self) -> Cause {
        match *self {
            Change::Put(_, c) | Change::Remove(_, c) | Change::Relocate(_, _, c) => c,
            Change::Hide(_, c) => c,
            Change::Recolour(..) => Cause::SideChange,
            Change::Exchange(..) => Cause::Exchange,
        }
    }
}

/// Most changes a move makes: the capturer's (moved, removed or recoloured), the
/// captured unit's (reborn or hidden), and one unit coming back (Parrain, an eruption).
const MAX_CHANGES: usize = 3;

/// What a move does beyond its unit's own step: the changes conditions decided, the
/// square it is made as if from, and the boards of a game on several boards.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Effects {
    changes: [Option<Change>; MAX_CHANGES],
    /// The square the unit moves as if from (Mars Circe's capture `Rd4-a1*a3`, Anti-Mars
    /// Circe's non-capture `b3-b7-b5`).
    pub via: Option<Square>,
    /// The board the move is played on and the one the unit ends on, in a game on several
    /// boards (Alice chess: 1 = A, 2 = B, 3 = C); 0 on one board.
    pub board_from: u8,
    pub board_to: u8,
}

impl Effects {
    /// Whether the move has no effect beyond its orthodox shape (most moves).
    #[inline]
    pub fn is_none(&self) -> bool {
        self.changes[0].is_none()
            && self.via.is_none()
            && self.board_from == 0
            && self.board_to == 0
    }

    /// Adds a change after the others.
    #[inline]
    pub fn push(&mut self, change: Change) {
        let slot = self
            .changes
            .iter_mut()
            .find(|c| c.is_none())
            .expect("at most three changes a move");
        *slot = Some(change);
    }

    /// The same effects without the changes of one cause.
    pub fn without(&self, cause: Cause) -> Effects {
        let mut e = Effects {
            changes: [None; MAX_CHANGES],
            ..*self
        };
        for c in self.changes().filter(|c| c.cause() != cause) {
            e.push(*c);
        }
        e
    }

    /// The same effects with each change replaced by `f` of it.
    pub fn map(&self, mut f: impl FnMut(Change) -> Change) -> Effects {
        Effects {
            changes: self.changes.map(|c| c.map(&mut f)),
            ..*self
        }
    }

    /// The changes in the order they happen (and are printed).
    #[inline]
    pub fn changes(&self) -> impl Iterator<Item = &Change> {
        self.changes.iter().map_while(|c| c.as_ref())
    }

    /// Whether some change has this cause.
    #[inline]
    pub fn has(&self, cause: Cause) -> bool {
        self.changes().any(|c| c.cause() == cause)
    }

    /// The unit a change of this cause puts on the board (or hides), if any.
    #[inline]
    pub fn put(&self, cause: Cause) -> Option<Placement> {
        self.changes().find_map(|c| match *c {
            Change::Put(p, k) | Change::Hide(p, k) if k == cause => Some(p),
            _ => None,
        })
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
    /// A move with no promotion and no effects, capturing `captured` (if any) on
    /// `capture_at`.
    pub const fn new(
        from: Square,
        to: Square,
        capture_at: Square,
        role: Role,
        kind: MoveKind,
        captured: Option<Piece>,
    ) -> Move {
        Move {
            from,
            to,
            role,
            kind,
            promotion: None,
            captured,
            capture_at,
            effects: Effects {
                changes: [None; MAX_CHANGES],
                via: None,
                board_from: 0,
                board_to: 0,
            },
        }
    }

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
                changes: [None; MAX_CHANGES],
                via: None,
                board_from: 0,
                board_to: 0,
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

    /// Where the moving unit ends (a castling's king on its square), after a Circe-type
    /// relocation; `None` when it left the board.
    pub fn final_square(&self) -> Option<Square> {
        let mut end = Some(self.to);
        for change in self.effects.changes() {
            match *change {
                Change::Relocate(_, r, Cause::Relocation) => end = Some(r.square),
                Change::Remove(_, Cause::Removal { .. }) => end = None,
                _ => {}
            }
        }
        end
    }

    /// The square of the captured unit (differs from `to` for e.p. and locusts).
    #[inline]
    pub fn capture_square(&self) -> Square {
        self.capture_at
    }
}

pub type MoveList = SmallVec<[Move; 128]>;
