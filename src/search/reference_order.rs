//! The order in which the reference solver meets a position's moves, so that keys, tries,
//! variations and help lines come out in its order.
//!
//! It lists a side's moves unit by unit, square by square from a1 to h8, and tries a
//! unit's moves in reverse of the order it generates them (listed last, tried first): a
//! line piece's directions in the order of its vectors, each square outward with the
//! capture that ends the line last; a king's castlings after its steps; a promotion's
//! pieces queen, knight, rook, bishop. Read off its output (option MoveNumbers, and the
//! order of its keys, variations and solutions). Its intelligent mode is written for
//! White mating: where Black mates it solves the position with the colours swapped and
//! the board turned upside down (`upside_down`), so that Black's units are then met from
//! the eighth rank down and its steps north and south trade places.
//!
//! A unit's moves other than a pawn's follow its kind's walk vectors, which the walk table
//! lists in the reference solver's order, orthodox and fairy kinds alike; a move along none
//! of them (a rose's circle) keeps fairy's own order (every sort here is stable).

use crate::board::walk::Path;
use crate::board::{Role, Square};
use crate::movegen::{Cause, Change, Move, MoveKind};
use crate::stipulation::Goal;

/// The key of a line of play: its moves' places, move by move (lines compare as the
/// reference solver's depth-first search meets them); with `final_goal` the last move is
/// placed by [`final_place`] when that goal has the final order.
pub fn line_key(moves: &[Move], final_goal: Option<Goal>) -> Vec<u32> {
    let last = moves.len().saturating_sub(1);
    moves
        .iter()
        .enumerate()
        .map(|(i, m)| match final_goal {
            Some(goal) if i == last && has_final_order(goal) => final_place(goal, m),
            _ => place(m, false),
        })
        .collect()
}

/// Whether the reference solver finds the last moves to `goal` with its generator of
/// mating moves (mate, check and double mate), whose order is [`final_place`]'s.
pub fn has_final_order(goal: Goal) -> bool {
    matches!(goal, Goal::Mate | Goal::Check | Goal::DoubleMate)
}

/// Where `mv`, a last move to `goal`, comes among the others: [`mating_place`]'s order;
/// for double mate the king's steps come first, as [`place`] orders them (the reference
/// solver adds the king's steps into contact with the other king after the mating
/// moves, and so tries them first).
pub fn final_place(goal: Goal, mv: &Move) -> u32 {
    if goal == Goal::DoubleMate && mv.role == Role::King && !mv.is_castling() {
        place(mv, false)
    } else {
        mating_place(mv) | AFTER_KING_STEPS
    }
}

/// Above every [`place`]: the mating moves after the king's steps of a double mate.
const AFTER_KING_STEPS: u32 = 1 << 24;

/// Where `mv`, a move that ends the play with a mate or check, comes among the others: the
/// reference solver finds these with a generator of its own, which lists the units from
/// a1 up (so that they are tried from h8 down) and a pawn's moves as steps, then captures
/// towards the a-file and towards the h-file, en passant first (so that they are tried
/// capturing towards h first, en passant last); a unit's other moves as [`place`] has
/// them.
pub fn mating_place(mv: &Move) -> u32 {
    if mv.kind == MoveKind::Null {
        return 0;
    }
    let within = place(mv, false) & WITHIN;
    let within = if mv.role == Role::Pawn {
        let df = mv.to.file() as i8 - mv.from.file() as i8;
        let dr = (mv.to.rank() as i8 - mv.from.rank() as i8).abs();
        let tried = match (mv.kind == MoveKind::EnPassant, df, dr) {
            (true, -1, _) => 4,
            (true, _, _) => 5,
            (false, 1, _) => 0,
            (false, -1, _) => 1,
            (false, _, 2) => 2,
            _ => 3,
        };
        tried << 4 | (within & 0xf)
    } else {
        within
    };
    board_place(mv) | (63 - mv.from.index() as u32) << UNIT_SHIFT | within
}

/// Where `mv` comes in the reference order of its position's moves (smaller first);
/// `upside_down` for the intelligent mode's turned board.
pub fn place(mv: &Move, upside_down: bool) -> u32 {
    if mv.kind == MoveKind::Null {
        return 0;
    }
    let turn = |sq: Square| if upside_down { sq.flip_rank() } else { sq };
    let (from, to) = (turn(mv.from), turn(mv.to));
    let step = (
        to.file() as i8 - from.file() as i8,
        to.rank() as i8 - from.rank() as i8,
    );
    let generated = generation_index(mv, step, to);
    // The pawn's own promotion first, then a reborn unit's (a pawn reborn on its last
    // rank under Couscous or Parrain Circe): each its own subtree, queen, knight, rook,
    // bishop.
    let promotion = promotion_place(mv.promotion) << 2 | promotion_place(reborn_promotion(mv));
    // Units from a1 up; a unit's moves last generated first; then the promotion's piece.
    board_place(mv)
        | (from.index() as u32) << UNIT_SHIFT
        | (LAST - u32::from(generated)) << 4
        | promotion
}

/// Under Alice chess, the board a move is played on, above the unit's square: the
/// reference solver generates board A's moves, then board B's, and tries the last
/// generated first (Popeye 4.104's keys, `alice-m2-0090`: `1.g3-g4A`, from board B,
/// before `1.WEd1-c1B`). A third board (ours) comes before both.
fn board_place(mv: &Move) -> u32 {
    match mv.effects.board_from {
        0 => 0,
        b => u32::from(3u8.saturating_sub(b)) << BOARD_SHIFT,
    }
}

fn promotion_place(role: Option<Role>) -> u32 {
    match role {
        None | Some(Role::Queen) => 0,
        Some(Role::Knight) => 1,
        Some(Role::Rook) => 2,
        Some(_) => 3,
    }
}

/// The kind a unit reborn by `mv` promoted to on its rebirth, if it did.
fn reborn_promotion(mv: &Move) -> Option<Role> {
    mv.effects.changes().find_map(|c| match *c {
        Change::Put(p, Cause::Rebirth | Cause::Arrival)
        | Change::Relocate(_, p, Cause::Relocation)
            if p.promoted.is_some() =>
        {
            Some(p.piece.role)
        }
        _ => None,
    })
}

/// A place is the unit's square, then the move's place among the unit's (below
/// [`LAST`], by its generation index), then the promotions' pieces (four bits: the
/// pawn's, a reborn unit's).
const UNIT_SHIFT: u32 = 12;
/// The board's two bits, above the unit's six.
const BOARD_SHIFT: u32 = UNIT_SHIFT + 6;
const WITHIN: u32 = (1 << UNIT_SHIFT) - 1;
/// The largest generation index: 32 vectors of eight squares.
const LAST: u32 = 255;

/// The index of `mv` (one unit's move by `step` files and ranks to `to`) in the list the
/// reference solver generates for its unit (at most [`LAST`]).
fn generation_index(mv: &Move, (df, dr): (i8, i8), to: Square) -> u8 {
    match mv.kind {
        // A king's castlings after its steps.
        MoveKind::CastleShort => return 64,
        MoveKind::CastleLong => return 65,
        // Messigny's exchanges after the unit's moves, by the partner's square from a1.
        MoveKind::Exchange => return 66 + to.index() as u8,
        _ => {}
    }
    match mv.role {
        // Takes towards the a-file, towards the h-file, steps one square, then two.
        Role::Pawn => match (df, dr.abs()) {
            (-1, _) => 0,
            (1, _) => 1,
            (_, 1) => 2,
            _ => 3,
        },
        // A move of two legs (Take & Make: a capture, then a step away) is not along
        // a vector from its start to its end.
        _ if mv.captured.is_some() && mv.capture_at != mv.to => LAST as u8,
        // Made as if from another square (Mars Circe, Make & Take): by the start's vector.
        role if mv.effects.via.is_some() => walk_index(role, (df, dr)).unwrap_or(LAST as u8),
        role => walk_index(role, (df, dr))
            .or_else(|| borrowed_walk_index(role, (df, dr)))
            .unwrap_or(LAST as u8),
    }
}

/// A move along none of its kind's vectors made with an orthodox piece's walk (Annan
/// chess: a rook above a friendly bishop moves as the bishop): placed by the queen's or the
/// knight's vectors, which list every orthodox piece's in the order of its own walk. Not for
/// kinds with circles (a rose), whose steps would be mistaken for a knight's.
fn borrowed_walk_index(role: Role, step: (i8, i8)) -> Option<u8> {
    if role
        .kind()
        .walk
        .iter()
        .any(|part| matches!(part.path, Path::Circles))
    {
        return None;
    }
    walk_index(Role::Queen, step).or_else(|| walk_index(Role::Knight, step))
}

/// A move in the order of its kind's walk's vectors (the walk table lists them in the
/// reference solver's order: rook east, north, west, south; bishop north-west, north-east,
/// south-east, south-west; the queen and king both; the knight's leaps clockwise from
/// `(-2, 1)`), each vector's squares outward: the `k`-th square along the `i`-th vector is
/// `8 i + k - 1`. `None` for a move along none of them (a rose's circle).
fn walk_index(role: Role, step: (i8, i8)) -> Option<u8> {
    let mut index = 0u32;
    for part in role.kind().walk {
        let (vectors, forward) = match part.path {
            Path::Lines(v) => (v, false),
            Path::Forward(v) => (v, true),
            Path::Circles => continue,
        };
        for &(vf, vr) in vectors {
            // Forward vectors are given for White; Black's go the other way.
            let along = (1..=7)
                .find(|k| step == (vf * k, vr * k) || (forward && step == (vf * k, -vr * k)));
            if let Some(k) = along {
                return Some((index * 8 + k as u32 - 1).min(LAST) as u8);
            }
            index += 1;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(role: Role, from: &str, to: &str) -> Move {
        let mut m = Move::null();
        m.role = role;
        m.kind = MoveKind::Quiet;
        m.from = Square::parse(from).unwrap();
        m.to = Square::parse(to).unwrap();
        m
    }

    #[test]
    fn alice_moves_of_board_b_come_before_those_of_board_a() {
        // Popeye 4.104's keys of generated-fairy alice-m2-0090: 1.g3-g4A (board B) before
        // 1.WEd1-c1B (board A), though d1 comes before g3.
        let mut on_a = mv(Role::Rook, "d1", "c1");
        on_a.effects.board_from = 1;
        on_a.effects.board_to = 2;
        let mut on_b = mv(Role::Pawn, "g3", "g4");
        on_b.effects.board_from = 2;
        on_b.effects.board_to = 1;
        assert!(place(&on_b, false) < place(&on_a, false));
        assert!(mating_place(&on_b) < mating_place(&on_a));
        // Without boards, the unit's square decides.
        assert!(
            place(&mv(Role::Rook, "d1", "c1"), false) < place(&mv(Role::Pawn, "g3", "g4"), false)
        );
    }

    fn order(moves: &[Move], upside_down: bool) -> Vec<String> {
        let mut v: Vec<_> = moves.iter().collect();
        v.sort_by_key(|m| place(m, upside_down));
        v.iter().map(|m| format!("{}{}", m.from, m.to)).collect()
    }

    fn king_steps(from: &str) -> Vec<Move> {
        let f = Square::parse(from).unwrap();
        crate::board::walk::QUEEN
            .iter()
            .filter_map(|&(df, dr)| f.offset(df, dr))
            .map(|t| mv(Role::King, from, &t.to_string()))
            .collect()
    }

    /// The reference solver's order for a white king on d4 (seen with its option
    /// MoveNumbers): the steps it lists last come first.
    #[test]
    fn a_king_steps_in_reverse_of_its_vectors() {
        assert_eq!(
            order(&king_steps("d4"), false),
            ["d4c3", "d4e3", "d4e5", "d4c5", "d4d3", "d4c4", "d4d5", "d4e4"]
        );
    }

    /// With Black mating, north and south trade places: Kubečka's ser-#7 (Jugendschach
    /// 1988), whose black king's routes to f8 and f7 the reference solver meets north-east
    /// first, then south-east, north, south, east.
    #[test]
    fn upside_down_north_and_south_trade_places() {
        assert_eq!(
            order(&king_steps("d4"), true),
            ["d4c5", "d4e5", "d4e3", "d4c3", "d4d5", "d4c4", "d4d3", "d4e4"]
        );
    }

    #[test]
    fn units_are_met_from_the_first_rank_up_or_from_the_eighth_down() {
        let moves = [mv(Role::Rook, "c3", "c5"), mv(Role::King, "e8", "f8")];
        assert_eq!(order(&moves, false), ["c3c5", "e8f8"]);
        assert_eq!(order(&moves, true), ["e8f8", "c3c5"]);
    }

    #[test]
    fn a_line_piece_tries_its_last_direction_first_and_its_farthest_square_first() {
        let moves = [
            mv(Role::Rook, "c3", "b3"),
            mv(Role::Rook, "c3", "a3"),
            mv(Role::Rook, "c3", "g3"),
            mv(Role::Rook, "c3", "c1"),
            mv(Role::Rook, "c3", "c8"),
        ];
        assert_eq!(
            order(&moves, false),
            ["c3c1", "c3a3", "c3b3", "c3c8", "c3g3"]
        );
        assert_eq!(
            order(&moves, true),
            ["c3c8", "c3a3", "c3b3", "c3c1", "c3g3"]
        );
    }

    /// The last moves to mate come from the reference solver's generator of mating
    /// moves: units from h8 down, a pawn taking towards h first, then towards a, then
    /// stepping (Popeye 4.104 with option MoveNumbers on mates in one).
    #[test]
    fn mating_moves_are_met_from_h8_down_and_a_pawn_takes_towards_h_first() {
        let moves = [
            mv(Role::Rook, "a1", "a8"),
            mv(Role::Knight, "g5", "f7"),
            mv(Role::Pawn, "d6", "d7"),
            mv(Role::Pawn, "d6", "c7"),
            mv(Role::Pawn, "d6", "e7"),
        ];
        let mut v: Vec<_> = moves.iter().collect();
        v.sort_by_key(|m| mating_place(m));
        let order: Vec<String> = v.iter().map(|m| format!("{}{}", m.from, m.to)).collect();
        assert_eq!(order, ["d6e7", "d6c7", "d6d7", "g5f7", "a1a8"]);
    }

    /// A fairy kind's moves as its vectors come in the walk table (the reference solver's
    /// order), the last vector first and the farthest square first: Popeye 4.104 lists a
    /// nightrider on f1's threats `Nf1-d5`, `Nf1-e3`, `Nf1-b3`, `Nf1-d2` in this order.
    #[test]
    fn a_fairy_rider_tries_its_last_vector_first_and_its_farthest_square_first() {
        let moves = [
            mv(Role::Nightrider, "f1", "d2"),
            mv(Role::Nightrider, "f1", "b3"),
            mv(Role::Nightrider, "f1", "e3"),
            mv(Role::Nightrider, "f1", "d5"),
        ];
        assert_eq!(order(&moves, false), ["f1d5", "f1e3", "f1b3", "f1d2"]);
    }

    #[test]
    fn a_pawn_takes_towards_a_then_h_then_steps() {
        let mut moves = vec![
            mv(Role::Pawn, "d2", "d3"),
            mv(Role::Pawn, "d2", "d4"),
            mv(Role::Pawn, "d2", "e3"),
            mv(Role::Pawn, "d2", "c3"),
        ];
        assert_eq!(order(&moves, false), ["d2d4", "d2d3", "d2e3", "d2c3"]);
        let promotions: Vec<_> = [Role::Bishop, Role::Queen, Role::Rook, Role::Knight]
            .into_iter()
            .map(|r| {
                let mut m = mv(Role::Pawn, "d7", "d8");
                m.promotion = Some(r);
                m
            })
            .collect();
        moves = promotions;
        moves.sort_by_key(|m| place(m, false));
        let pieces: Vec<_> = moves.iter().map(|m| m.promotion.unwrap()).collect();
        assert_eq!(
            pieces,
            [Role::Queen, Role::Knight, Role::Rook, Role::Bishop]
        );
    }
}
