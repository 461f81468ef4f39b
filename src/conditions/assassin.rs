//! Circe Assassin's check. A unit reborn on an occupied square removes the occupant, so a
//! unit whose capture would rebirth it on its own king's square exposes the king as surely
//! as an attack on the king itself.

use super::circe::{Capture, Circe, KindRule, RebornFrom};
use crate::board::{Bitboard, Board, Color, Extension, FairyStore, Piece, Position, Role, Square};
use crate::movegen::{self, attacks, Move};

/// Whether an enemy unit can capture a unit of `color` that would be reborn on `k`, its
/// king's square. `origin` gives a unit's diagram square (Diagram Circe).
pub(super) fn threatened<F: FairyStore>(
    board: &Board<F>,
    color: Color,
    k: Square,
    circe: Circe,
    origin: impl Fn(Square) -> Option<Square>,
) -> bool {
    let Some(table) = RebornFrom::of(&circe).filter(|_| circe.kind != KindRule::Clone) else {
        return threatened_by_capture(board, color, k, circe, origin);
    };
    // The rebirth square depends on the captured unit alone: only the units reborn on
    // the king need their attackers looked for.
    let occ = board.occupied();
    let own = board.by_color(color).without(k);
    let attacked = |v| movegen::attackers(board, v, !color, occ).is_nonempty();
    let orthodox = Role::ORTHODOX.into_iter().any(|role| {
        let from = table.squares(color, circe.kind.reborn(role, Role::Pawn, false), k);
        (board.pieces(color, role) & own & from)
            .into_iter()
            .any(attacked)
    });
    orthodox
        || (board.fairy_units() & own).into_iter().any(|v| {
            let role = board.role_at(v).expect("a fairy unit");
            table
                .squares(color, circe.kind.reborn(role, Role::Pawn, false), k)
                .contains(v)
                && attacked(v)
        })
}

/// Every capture the enemy can make of a unit of `color` other than its king on `k`:
/// the victim's square and unit, the capturer's square and unit.
fn captures_of_units<F: FairyStore>(
    board: &Board<F>,
    color: Color,
    k: Square,
) -> impl Iterator<Item = (Square, Piece, Square, Piece)> + '_ {
    let occ = board.occupied();
    board
        .by_color(color)
        .without(k)
        .into_iter()
        .flat_map(move |v| {
            let victim = board.piece_at(v).expect("occupied");
            movegen::attackers(board, v, !color, occ)
                .into_iter()
                .map(move |a| (v, victim, a, board.piece_at(a).expect("occupied")))
        })
}

/// [`threatened`] capture by capture, for the rules that look at the capturer.
pub(super) fn threatened_by_capture<F: FairyStore>(
    board: &Board<F>,
    color: Color,
    k: Square,
    circe: Circe,
    origin: impl Fn(Square) -> Option<Square>,
) -> bool {
    for (v, victim, a, capturer) in captures_of_units(board, color, k) {
        let cap = Capture {
            role: circe.kind.reborn(victim.role, capturer.role, false),
            color,
            x: v,
            from: a,
            to: v,
            capturer_role: capturer.role,
            capturer_color: !color,
            origin: origin(v),
        };
        if circe.rebirth_square(&cap) == Some(k) {
            return true;
        }
    }
    false
}

/// Anticirce Assassin: whether an enemy unit can capture a unit of `color` (not its king)
/// and be reborn on `k`, its king's square, killing the king.
pub(super) fn capturer_threatens<F: FairyStore>(
    board: &Board<F>,
    color: Color,
    k: Square,
    circe: Circe,
    einstein: Option<super::einstein::Einstein>,
    origin: impl Fn(Square) -> Option<Square>,
) -> bool {
    for (v, victim, a, capturer) in captures_of_units(board, color, k) {
        if capturer.role == Role::King && !circe.rex_inclusive {
            continue;
        }
        let role = einstein.map_or(capturer.role, |e| e.becomes(capturer.role, true));
        let promoting = einstein.is_none()
            && capturer.role == Role::Pawn
            && v.rank() == capturer.color.promotion_rank();
        let roles: &[Role] = if promoting {
            &Role::PROMOTIONS
        } else {
            std::slice::from_ref(&role)
        };
        let deadly = roles.iter().any(|&role| {
            let cap = Capture {
                role: circe.kind.reborn_capturer(role, victim.role),
                color: !color,
                x: v,
                from: a,
                to: v,
                capturer_role: victim.role,
                capturer_color: color,
                origin: origin(a),
            };
            circe.rebirth_square(&cap) == Some(k)
        });
        if deadly {
            return true;
        }
    }
    false
}

/// Completes the orthodox masks' judgement of a plain move (no capture, no effect) under
/// Circe Assassin: they see attacks on the king; this sees attacks, after the move, on the
/// units that would then be reborn on the king. A plain move takes no enemy unit, so the
/// enemy's attacks change only by the lines the move opens and closes.
pub(super) struct Guard {
    king: Square,
    /// The mover's units, king aside, whose capture where they stand rebirths them on `king`.
    endangered: Bitboard,
    /// Those of them the enemy attacks before the move.
    exposed: Bitboard,
    /// Per role, the capture squares that rebirth a unit of that role on `king`.
    deadly: [Bitboard; 6],
    table: RebornFrom,
    /// Per role, the kind a captured unit of that role is reborn as.
    reborn: [Role; 6],
}

impl Guard {
    /// `None` where the rebirth square depends on more than the captured unit and its
    /// square (Clone Circe, Diagram Circe and the like), or the mover has no king, or
    /// fairy units stand on the board (whose kinds the tables here leave out).
    pub(super) fn new<E: Extension>(pos: &Position<E>, circe: Circe) -> Option<Guard> {
        if circe.kind == KindRule::Clone || pos.board.fairy_units().is_nonempty() {
            return None;
        }
        let table = RebornFrom::of(&circe)?;
        let side = pos.side;
        let king = pos.board.king(side)?;
        let reborn = Role::ORTHODOX.map(|role| circe.kind.reborn(role, Role::Pawn, false));
        let deadly = Role::ORTHODOX.map(|role| table.squares(side, reborn[role.index()], king));
        let endangered = Role::ORTHODOX
            .into_iter()
            .fold(Bitboard::EMPTY, |acc, role| {
                acc | (pos.board.pieces(side, role) & deadly[role.index()])
            });
        let endangered = endangered.without(king);
        let occ = pos.board.occupied();
        let exposed = endangered.into_iter().fold(Bitboard::EMPTY, |acc, v| {
            if movegen::attackers(&pos.board, v, !side, occ).is_nonempty() {
                acc | Bitboard::from_square(v)
            } else {
                acc
            }
        });
        Some(Guard {
            king,
            endangered,
            exposed,
            deadly,
            table,
            reborn,
        })
    }

    /// Whether after the plain move `mv` no enemy unit can take a unit of the mover that
    /// would be reborn on its king.
    #[inline(never)]
    pub(super) fn safe<E: Extension>(&self, pos: &Position<E>, mv: &Move) -> bool {
        let board = &pos.board;
        let side = pos.side;
        let occ = board.occupied().without(mv.from) | Bitboard::from_square(mv.to);
        let unattacked = |v: Square| movegen::attackers(board, v, !side, occ).is_empty();
        if mv.from == self.king {
            return Role::ORTHODOX.into_iter().all(|role| {
                let deadly = self.table.squares(side, self.reborn[role.index()], mv.to);
                (board.pieces(side, role) & deadly)
                    .without(mv.from)
                    .into_iter()
                    .all(unattacked)
            });
        }
        let role = mv.promotion.unwrap_or(mv.role);
        if self.deadly[role.index()].contains(mv.to) && !unattacked(mv.to) {
            return false;
        }
        // A unit that stays where it is and was not attacked can be attacked after a
        // plain move only through the square the mover left.
        self.endangered.without(mv.from).into_iter().all(|v| {
            (!self.exposed.contains(v) && !attacks::queen(v, Bitboard::EMPTY).contains(mv.from))
                || unattacked(v)
        })
    }
}
