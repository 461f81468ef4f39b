//! Alice chess and its offshoots: two or three boards. A unit moves on the board it stands
//! on, with only that board's units present, then passes to the same square of another
//! board, which must be empty (the offshoots relax this in their own ways).

use super::circe::{regrant, Capture, Circe, Occupied};
use super::Rules;
use crate::board::{
    Bitboard, Board, Color, Extension, FairyStore, NoFairy, Piece, Plain, Position, Role, Square,
};
use crate::movegen::{
    self, Cause, Change, Gen, Move, MoveKind, MoveList, Placement, Promotions, UnitAttrs,
};
use std::marker::PhantomData;

/// Boards B and C of an Alice position (board A is the position's own board).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct AliceExt<F: FairyStore = NoFairy> {
    pub b: Board<F>,
    pub c: Board<F>,
}

impl<F: FairyStore> Extension for AliceExt<F> {
    type Fairy = F;
    fn key(&self) -> u64 {
        // The same units on another board must not hash alike.
        self.b.hash().rotate_left(29) ^ self.c.hash().rotate_left(43) ^ 0x51_7CC1_B727_220A
    }
}

/// Alice chess and its offshoots.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum AliceVariant {
    #[default]
    Classic,
    /// Black's units stand on board B unless the diagram says otherwise.
    LookingGlass,
    /// A unit may also pass to the other board without moving (a zero move).
    MissAlice,
    /// A move whose transfer square is taken is still legal; the unit stays where it moved.
    ODonohue,
    /// Transfers are optional; pieces may zero-move, capturing on the other board.
    Duo,
    /// Three boards; the mover picks which of the two others its unit passes to.
    ThreeBoard,
}

/// Alice chess in one of its variants; `F` is where the boards keep fairy units' kinds.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Alice<F = NoFairy> {
    pub variant: AliceVariant,
    /// What a pawn may promote to (the problem's fairy kinds too).
    pub promotions: Promotions,
    /// Whether the problem has fairy units, which the boards must then keep.
    pub fairy_units: bool,
    /// A Circe whose captured units are reborn, on the board they were taken on.
    pub circe: Option<Circe>,
    /// Option FirstBoardEnPassant (ours): a double step is taken en passant by a pawn on
    /// the board it was played on, on the square it passed over there, and not by one on
    /// the board the pawn passed to.
    pub ep_first_board: bool,
    /// Option Board8x4 (ours): Parton's reduced board, files a-h and ranks 1-4; White's
    /// pawns promote on rank 4 and make no double step.
    pub board_8x4: bool,
    pub store: PhantomData<F>,
}

impl Alice {
    /// Alice chess of `variant` with orthodox units only.
    pub fn new(variant: AliceVariant) -> Alice {
        Alice {
            variant,
            promotions: Promotions::ORTHODOX,
            fairy_units: false,
            circe: None,
            ep_first_board: false,
            board_8x4: false,
            store: PhantomData,
        }
    }

    /// The same rules on boards of another store.
    pub fn with_store<G>(self) -> Alice<G> {
        Alice {
            variant: self.variant,
            promotions: self.promotions,
            fairy_units: self.fairy_units,
            circe: self.circe,
            ep_first_board: self.ep_first_board,
            board_8x4: self.board_8x4,
            store: PhantomData,
        }
    }
}

/// The ranks of Parton's reduced board (option Board8x4).
const BOARD_8X4_RANKS: u8 = 4;

/// Board `i` (0 = A, 1 = B, 2 = C).
fn board<F: FairyStore>(pos: &Position<AliceExt<F>>, i: usize) -> &Board<F> {
    match i {
        0 => &pos.board,
        1 => &pos.ext.b,
        _ => &pos.ext.c,
    }
}

fn board_mut<F: FairyStore>(pos: &mut Position<AliceExt<F>>, i: usize) -> &mut Board<F> {
    match i {
        0 => &mut pos.board,
        1 => &mut pos.ext.b,
        _ => &mut pos.ext.c,
    }
}

/// The position as seen from one board: that board's units only.
fn view<F: FairyStore>(pos: &Position<AliceExt<F>>, i: usize) -> Position<Plain<F>> {
    let b = *board(pos, i);
    let ep = pos.ep.filter(|ep| {
        b.piece_at(ep.pawn)
            .is_some_and(|p| p.role.is_pawn() && p.color != pos.side)
    });
    Position {
        board: b,
        side: pos.side,
        castling: pos.castling,
        ep,
        castling_exclusive: pos.castling_exclusive,
        ext: Plain::default(),
    }
}

/// Option FirstBoardEnPassant: the captures en passant of the side to move's pawns on
/// board `x`, where the double step was played (the pawn stands on the other board).
fn first_board_en_passant<F: FairyStore>(
    pos: &Position<AliceExt<F>>,
    x: usize,
    out: &mut MoveList,
) {
    let Some(ep) = pos.ep else { return };
    let here = board(pos, x);
    let victim = Piece::new(!pos.side, Role::Pawn);
    if here.occupied().contains(ep.pawn)
        || here.occupied().contains(ep.crossed)
        || board(pos, 1 - x).piece_at(ep.pawn) != Some(victim)
    {
        return;
    }
    for from in movegen::attacks::pawn(!pos.side, ep.crossed) & here.pieces(pos.side, Role::Pawn) {
        out.push(Move::new(
            from,
            ep.crossed,
            ep.pawn,
            Role::Pawn,
            MoveKind::EnPassant,
            Some(victim),
        ));
    }
}

/// The squares the move's units arrive on (king and rook when castling).
fn arrivals(mv: &Move) -> (Square, Option<Square>) {
    if mv.is_castling() {
        (mv.to, Some(movegen::castling_rook(mv).1))
    } else {
        (mv.to, None)
    }
}

impl<F: FairyStore> Alice<F> {
    fn boards(&self) -> usize {
        if self.variant == AliceVariant::ThreeBoard {
            3
        } else {
            2
        }
    }

    /// The boards a unit moving on board `x` may end on.
    fn targets(&self, x: usize) -> ([usize; 2], usize) {
        match self.variant {
            AliceVariant::ThreeBoard => ([(x + 1) % 3, (x + 2) % 3], 2),
            AliceVariant::Duo => ([1 - x, x], 2),
            _ => ([1 - x, 0], 1),
        }
    }

    /// Pushes `mv` of the side to move, with the rebirth of the unit it captures when
    /// a Circe is on: on the board where it was taken, on a square no board holds a unit
    /// on once the move is made (the reference solver keeps all boards in one array).
    /// A taken square loses the unit, or the move under Strict Circe.
    /// A king's move must also be legal on the board it is played on (`here`), the unit
    /// a capture puts back there included.
    fn push_with_rebirth(
        &self,
        pos: &Position<AliceExt<F>>,
        here: &Position<Plain<F>>,
        mv: Move,
        out: &mut MoveList,
    ) {
        let legal_here = |m: &Move| {
            if m.role != Role::King || m.is_castling() {
                return true;
            }
            let mut after = *here;
            movegen::play_orthodox(&mut after, m);
            for change in m.effects.changes() {
                if let Change::Put(r, _) = *change {
                    after.board.put(r.square, r.piece, r.attrs.kamikaze());
                }
            }
            !movegen::is_attacked(&after.board, m.to, !pos.side)
        };
        let (Some(circe), Some(captured)) = (self.circe, mv.captured) else {
            if legal_here(&mv) {
                out.push(mv);
            }
            return;
        };
        let x = mv.capture_square();
        let role = circe
            .kind
            .reborn(captured.role, mv.role, mv.promotion.is_some());
        let cap = Capture {
            role,
            color: captured.color,
            x,
            from: mv.from,
            to: mv.to,
            capturer_role: mv.promotion.unwrap_or(mv.role),
            capturer_color: pos.side,
            origin: None,
        };
        let Some(sq) = circe.rebirth_square(&cap) else {
            if legal_here(&mv) {
                out.push(mv);
            }
            return;
        };
        let mut occupied =
            (0..self.boards()).fold(Bitboard::EMPTY, |o, i| o | board(pos, i).occupied());
        occupied = occupied.without(mv.from).without(x).with(mv.to);
        if occupied.contains(sq) {
            if circe.occupied != Occupied::Illegal && legal_here(&mv) {
                out.push(mv);
            }
            return;
        }
        let promote = role.is_pawn() && sq.rank() == captured.color.promotion_rank();
        let choices: &[Role] = if promote { &Role::PROMOTIONS } else { &[role] };
        for &r in choices {
            let mut m = mv;
            m.effects.push(Change::Put(
                Placement {
                    piece: Piece::new(captured.color, r),
                    square: sq,
                    attrs: UnitAttrs::kamikaze_if(false),
                    promoted: promote.then_some(role),
                },
                Cause::Rebirth,
            ));
            if legal_here(&m) {
                out.push(m);
            }
        }
    }

    /// Option Board8x4: the moves that stay on ranks 1 to 4, no double step, and a
    /// White pawn arriving on rank 4 promoting there, one move per choice.
    fn on_board_8x4(&self, side: Color, moves: &MoveList) -> MoveList {
        let mut kept = MoveList::new();
        for mv in moves.iter() {
            if mv.to.rank() >= BOARD_8X4_RANKS || mv.kind == MoveKind::DoubleStep {
                continue;
            }
            if side == Color::White
                && mv.role == Role::Pawn
                && mv.promotion.is_none()
                && mv.to.rank() == BOARD_8X4_RANKS - 1
            {
                for role in self.promotions.iter() {
                    let mut promoting = *mv;
                    promoting.promotion = Some(role);
                    kept.push(promoting);
                }
            } else {
                kept.push(*mv);
            }
        }
        kept
    }

    fn king_board(pos: &Position<AliceExt<F>>, color: Color) -> Option<(Square, usize)> {
        (0..3).find_map(|i| board(pos, i).king(color).map(|k| (k, i)))
    }

    /// Zero moves of the side to move on board `x` (Miss Alice, Duo).
    fn zero_moves(&self, pos: &Position<AliceExt<F>>, x: usize, out: &mut MoveList) {
        let here = board(pos, x);
        let other = board(pos, 1 - x);
        for from in here.by_color(pos.side) {
            let piece = here.piece_at(from).expect("occupied");
            let captured = match other.piece_at(from) {
                None => None,
                // Duo: a piece's zero move may capture on the other board.
                Some(p) if self.variant == AliceVariant::Duo && p.color != pos.side => Some(p),
                Some(_) => continue,
            };
            if self.variant == AliceVariant::Duo && piece.role.is_pawn() {
                continue;
            }
            if self.variant == AliceVariant::MissAlice
                && piece.role == Role::King
                && movegen::is_attacked(here, from, !pos.side)
            {
                // Miss Alice: a king may not escape check by a zero move (in Duo chess it may).
                continue;
            }
            let mut zero = Move::null();
            zero.from = from;
            zero.to = from;
            zero.role = piece.role;
            zero.kind = MoveKind::Zero;
            zero.captured = captured;
            zero.effects.board_from = x as u8 + 1;
            zero.effects.board_to = (1 - x) as u8 + 1;
            out.push(zero);
        }
    }
}

impl<F: FairyStore> Rules for Alice<F> {
    type Ext = AliceExt<F>;

    fn pseudo_legal(&self, pos: &Position<AliceExt<F>>, out: &mut MoveList) {
        for x in (0..self.boards()).rev() {
            let mut here = view(pos, x);
            if here.board.by_color(pos.side).is_empty() {
                continue;
            }
            if self.ep_first_board {
                here.ep = None;
            }
            if matches!(self.variant, AliceVariant::MissAlice | AliceVariant::Duo) {
                self.zero_moves(pos, x, out);
            }
            let mut moves = MoveList::new();
            movegen::pseudo_moves(&here, Gen::All, self.promotions, &mut moves);
            movegen::castling_candidates(&here, &mut moves);
            if self.ep_first_board {
                first_board_en_passant(pos, x, &mut moves);
            }
            if self.board_8x4 {
                moves = self.on_board_8x4(pos.side, &moves);
            }
            let (targets, count) = self.targets(x);
            for mv in moves.iter() {
                if mv.captured.is_some() && here.board.is_kamikaze(mv.from) {
                    // A kamikaze unit that captures leaves the board where it took, and
                    // passes nowhere; a pawn that takes onto its last rank vanishes before
                    // it could promote (one move), as the reference solver plays them.
                    if mv.promotion.is_some() && mv.promotion != self.promotions.iter().next() {
                        continue;
                    }
                    let mut mv = *mv;
                    mv.promotion = None;
                    mv.effects.board_from = x as u8 + 1;
                    mv.effects.board_to = x as u8 + 1;
                    mv.effects
                        .push(Change::Remove(mv.to, Cause::Removal { shown: true }));
                    out.push(mv);
                    continue;
                }
                // Castling: not out of, through or into check, on the board it is played on.
                if mv.is_castling()
                    && movegen::castling_king_path(mv)
                        .iter()
                        .any(|&sq| movegen::is_attacked(&here.board, sq, !pos.side))
                {
                    continue;
                }
                let (to, rook_to) = arrivals(mv);
                for &y in &targets[..count] {
                    let other = board(pos, y);
                    let blocked = y != x
                        && (other.occupied().contains(to)
                            || rook_to.is_some_and(|r| other.occupied().contains(r)));
                    let y = match (blocked, self.variant) {
                        (false, _) => y,
                        // O'Donohue: the unit stays on the board it moved on.
                        (true, AliceVariant::ODonohue) => x,
                        (true, _) => continue,
                    };
                    let mut mv = *mv;
                    mv.effects.board_from = x as u8 + 1;
                    mv.effects.board_to = y as u8 + 1;
                    self.push_with_rebirth(pos, &here, mv, out);
                }
            }
        }
    }

    fn play_into(&self, pos: &Position<AliceExt<F>>, mv: &Move, next: &mut Position<AliceExt<F>>) {
        let x = mv.effects.board_from as usize - 1;
        let y = mv.effects.board_to as usize - 1;
        next.ep = None;
        next.side = !pos.side;
        if mv.kind == MoveKind::Zero {
            if mv.captured.is_some() {
                board_mut(next, y).take(mv.from);
                next.castling = next.castling.without(mv.from);
            }
            let (piece, kamikaze) = board_mut(next, x).take(mv.from).expect("the unit");
            board_mut(next, y).put(mv.from, piece, kamikaze);
            // A king or rook that zero-moves loses its castling right.
            next.castling = next.castling.without(mv.from);
            return;
        }
        if self.ep_first_board && mv.kind == MoveKind::EnPassant {
            // The pawn taken stands on the other board, the one it passed to.
            board_mut(next, 1 - x).take(mv.capture_at);
            let (piece, kamikaze) = board_mut(next, x).take(mv.from).expect("the pawn");
            board_mut(next, y).put(mv.to, piece, kamikaze);
            return;
        }
        let mut here = view(pos, x);
        here.ep = pos.ep;
        movegen::play_orthodox(&mut here, mv);
        next.castling = here.castling;
        *board_mut(next, x) = here.board;
        if y != x {
            let (to, rook_to) = arrivals(mv);
            for sq in std::iter::once(to).chain(rook_to) {
                let (piece, kamikaze) = board_mut(next, x).take(sq).expect("the moved unit");
                board_mut(next, y).put(sq, piece, kamikaze);
            }
        }
        for change in mv.effects.changes() {
            match *change {
                Change::Put(r, Cause::Rebirth) => {
                    board_mut(next, x).put(r.square, r.piece, r.attrs.kamikaze());
                    regrant(&mut next.castling, r.piece, r.square);
                }
                // A kamikaze capturer vanishes where it took.
                Change::Remove(sq, _) => {
                    board_mut(next, x).take(sq);
                }
                _ => {}
            }
        }
        if mv.kind == MoveKind::DoubleStep && self.ep_first_board {
            // E.p. by a pawn on the board the step was played on, which then passes to
            // the other board on the square crossed: empty there too.
            next.ep = movegen::en_passant_chance(board(next, x), pos.side, mv)
                .filter(|ep| !board(next, y).occupied().contains(ep.crossed));
        } else if mv.kind == MoveKind::DoubleStep {
            // E.p. is possible only on the board the pawn ended on.
            let there = board(next, y);
            next.ep = movegen::en_passant_chance(there, pos.side, mv)
                .filter(|ep| !there.occupied().contains(ep.crossed));
        }
    }

    fn in_check(&self, pos: &Position<AliceExt<F>>, color: Color) -> bool {
        let Some((k, z)) = Alice::king_board(pos, color) else {
            return false;
        };
        if movegen::is_attacked(board(pos, z), k, !color) {
            return true;
        }
        // Duo: an enemy piece on the king's zero square could take it by a zero move.
        self.variant == AliceVariant::Duo
            && board(pos, 1 - z)
                .piece_at(k)
                .is_some_and(|p| p.color != color && !p.role.is_pawn())
    }

    fn moves_kamikaze(&self, pos: &Position<AliceExt<F>>, mv: &Move) -> bool {
        match mv.effects.board_from {
            0 => pos.board.is_kamikaze(mv.from),
            b => board(pos, b as usize - 1).is_kamikaze(mv.from),
        }
    }

    fn proof_counting(&self) -> super::ProofCounting {
        // Not where units are reborn, pass to a third board or stay (the offshoots),
        // or where pawns promote elsewhere (Parton's board).
        if self.variant == AliceVariant::Classic && self.circe.is_none() && !self.board_8x4 {
            super::ProofCounting::TwoBoards
        } else {
            super::ProofCounting::Nothing
        }
    }

    fn proof_units(&self, pos: &Position<AliceExt<F>>) -> Option<(Board<F>, Bitboard)> {
        let mut units = pos.board;
        for extra in [&pos.ext.b, &pos.ext.c] {
            for (sq, piece) in extra.units() {
                units.put_unit(sq, piece, extra.attrs_at(sq));
            }
        }
        Some((units, pos.ext.b.occupied()))
    }

    fn placement_key(&self, pos: &Position<AliceExt<F>>) -> u64 {
        pos.board.hash() ^ pos.ext.key()
    }

    fn unit_on_any_board(&self, pos: &Position<AliceExt<F>>, sq: Square) -> Option<Piece> {
        (0..3).find_map(|i| board(pos, i).piece_at(sq))
    }

    fn second_board_by_default(&self, color: Color) -> bool {
        self.variant == AliceVariant::LookingGlass && color == Color::Black
    }

    fn place_on_second_board(
        &self,
        pos: &mut Position<AliceExt<F>>,
        units: &[(Square, Piece, bool)],
    ) -> Result<(), String> {
        for &(sq, piece, kamikaze) in units {
            if pos.ext.b.occupied().contains(sq) {
                return Err(format!("two units on {sq} of board B"));
            }
            pos.ext.b.put(sq, piece, kamikaze);
            // Castling rights as on board A: a king or rook on its home square.
            let back = piece.color.back_rank();
            let home = sq.rank() == back
                && match piece.role {
                    Role::King => sq.file() == 4,
                    Role::Rook => sq.file() == 0 || sq.file() == 7,
                    _ => false,
                };
            if home {
                pos.castling |= Bitboard::from_square(sq);
            }
        }
        if self.board_8x4 {
            // Parton's board has ranks 1 to 4; White's pawns promote on the fourth.
            for i in 0..2 {
                let b = board(pos, i);
                if let Some(sq) = b
                    .occupied()
                    .into_iter()
                    .find(|s| s.rank() >= BOARD_8X4_RANKS)
                {
                    return Err(format!(
                        "{sq} is off the 8x4 board (option Board8x4: ranks 1 to 4)"
                    ));
                }
                let last = b
                    .pieces(Color::White, Role::Pawn)
                    .into_iter()
                    .find(|s| s.rank() == BOARD_8X4_RANKS - 1);
                if let Some(sq) = last {
                    return Err(format!(
                        "the white pawn on {sq} stands on its last rank of the 8x4 board"
                    ));
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conditions::{command_line_words, resolve, RuleSet, UnitMarks};

    fn alice(words: &str) -> Alice {
        match resolve(&command_line_words(&[words]), UnitMarks::default()) {
            Ok(RuleSet::Alice(a)) => a,
            other => panic!("{words}: {other:?}"),
        }
    }

    fn legal(rules: &Alice, pos: &Position<AliceExt>) -> Vec<String> {
        let mut moves = MoveList::new();
        rules.legal_moves(pos, &mut moves);
        moves
            .iter()
            .map(|m| format!("{}{}", m.from, m.to))
            .collect()
    }

    /// A king's capture must leave it safe on the board it is made on, the unit the
    /// capture puts back there by Circe included: Kf1*g1 reborns the queen on d1 of board
    /// A, which would take the king on g1 there. Popeye 4.104 lists no move for Black
    /// under AliceChess Circe, Kf1*g1B under AliceChess alone.
    #[test]
    fn a_rebirth_on_the_board_of_the_capture_can_make_a_king_capture_illegal() {
        let pos: Position<AliceExt> =
            Position::from_fen("8/8/8/8/2N5/4K3/8/5kQ1 b - - 0 1").unwrap();
        assert!(legal(&alice("AliceChess Circe"), &pos).is_empty());
        assert_eq!(legal(&alice("AliceChess"), &pos), ["f1g1"]);
    }
}
