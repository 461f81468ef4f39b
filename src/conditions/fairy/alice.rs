//! Alice chess as a part of the configurable rules, so that it combines with the others
//! (the Circe family, kamikaze units, Madrasi, Andernach, ...). All units stand on one
//! board, those of board B carrying [`Mark::AliceB`], as in the reference solver: a square
//! holds a unit on one board at most. A unit moves on its board with only that board's
//! units present (every condition that looks at units while moves are generated sees
//! that board alone), and passes to the other board, whose square must be empty; what
//! the move does besides (rebirths, removals, changes of colour) is decided with every
//! unit present. Check is judged on the king's board alone, and a king's move must also
//! leave it safe on the board it was played on.
//!
//! Alice chess's offshoots, its own options and its plain combination with Circe are
//! `conditions::alice`, which keeps the boards apart.

use super::unit_moves::AliceBoard;
use super::*;

/// The position as seen from board B (`on_b`) or A: that board's units only, and an en
/// passant capture only of a pawn that stands on it.
pub(super) fn view<O: Origins, F: FairyStore>(
    pos: &Position<FairyExt<O, F>>,
    on_b: bool,
) -> Position<FairyExt<O, F>> {
    let mut view = *pos;
    for sq in other_board(pos, on_b) {
        view.board.take(sq);
    }
    view.ep = pos.ep.filter(|ep| view.board.occupied().contains(ep.pawn));
    view
}

/// The units not on board B (`on_b`) or A.
#[inline]
fn other_board<O: Origins, F: FairyStore>(pos: &Position<FairyExt<O, F>>, on_b: bool) -> Bitboard {
    let b = pos.board.marked(Mark::AliceB);
    if on_b {
        pos.board.occupied() & !b
    } else {
        b
    }
}

/// Where the units `mv` moved stand after it: the moving unit unless it left the board
/// (a kamikaze capturer), where it was reborn if it was (Anticirce, a kamikaze capturer
/// under Circe: it passes to the other board first, as in the reference solver), and
/// the castling rook; none after a Messigny exchange, which keeps both units on their
/// board.
fn moved_units(mv: &Move) -> impl Iterator<Item = Square> {
    let mut mover = (mv.kind != MoveKind::Exchange).then_some(mv.to);
    for change in mv.effects.changes() {
        match *change {
            Change::Remove(sq, Cause::Removal { .. }) if sq == mv.to => mover = None,
            Change::Relocate(sq, r, Cause::Relocation) if sq == mv.to => mover = Some(r.square),
            _ => {}
        }
    }
    let rook = mv.is_castling().then(|| movegen::castling_rook(mv).1);
    mover.into_iter().chain(rook)
}

/// The transfer after `mv` was played into `p`: its units pass to the other board.
pub(super) fn transfer<O: Origins, F: FairyStore>(mv: &Move, p: &mut Position<FairyExt<O, F>>) {
    for sq in moved_units(mv) {
        p.board.toggle_mark(sq, Mark::AliceB);
    }
}

impl Fairy {
    /// Whether Alice chess is built with these parts: those checked against the
    /// reference solver on random positions (a list of what is built, so that a new part
    /// is refused until it is checked). The mummers are built although the reference
    /// solver's constrain nothing under Alice chess: they were checked against its Alice
    /// moves filtered by its length measure. Not Anticirce, Isardam, Masand, Make & Take
    /// and others: the reference solver judges some of their moves in ways we have not
    /// pinned down (docs/conditions.md).
    pub fn composes_with_alice(&self) -> bool {
        let circe_built = self.circe.is_none_or(|c| {
            c.reborn == Reborn::Captured
                && !c.immune
                && matches!(
                    c.occupied,
                    Occupied::Lost | Occupied::Illegal | Occupied::Volcanic
                )
                && c.square != SquareRule::Cage
                && !c.cohen
        });
        let d = Fairy::default();
        let others = Fairy {
            circe: None,
            madrasi: None,
            andernach: None,
            checkless: false,
            no_capture: [false; 2],
            no_promotion: [false; 2],
            geometry: d.geometry,
            patrol: None,
            annan: None,
            lese_majeste: false,
            mummer: d.mummer,
            messigny: None,
            koeko: None,
            take_make: false,
            einstein: None,
            promotions: d.promotions,
            ..*self
        };
        circe_built && others == d
    }
}

impl<O: Origins, F: FairyStore> Fairy<O, F> {
    /// The candidates of the side to move on each board in turn, A first, as
    /// [`Fairy::candidates_by_unit_move_but`] gives them.
    pub(super) fn alice_candidates(
        &self,
        pos: &Position<FairyExt<O, F>>,
        out: &mut MoveList,
        paralysis: bool,
        skip: &dyn Fn(&Move) -> bool,
        each: &mut dyn FnMut(&mut MoveList) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for on_b in [true, false] {
            let here = view(pos, on_b);
            if here.board.own(pos.side).is_empty() {
                continue;
            }
            let board = AliceBoard {
                full: pos,
                from: 1 + on_b as u8,
                other: other_board(pos, on_b),
            };
            let sink =
                UnitMoves::new(self, &here, out, paralysis, skip, None, each).on_alice_board(board);
            self.feed(&here, None, sink)?;
        }
        ControlFlow::Continue(())
    }

    /// Whether `color`'s king stands in check on its board.
    pub(super) fn alice_in_check(&self, pos: &Position<FairyExt<O, F>>, color: Color) -> bool {
        let Some(k) = royal_square(pos, color) else {
            return false;
        };
        let here = view(pos, pos.board.is_marked(k, Mark::AliceB));
        self.in_check_of(&here, color, false)
    }

    /// Whether the move `mv` from `pos` to `after` leaves `side`'s king in check: on the
    /// board it stands on, and, where the king moved, on the board it moved on as well
    /// (with the units the move left there, a reborn one included).
    pub(super) fn alice_own_check(
        &self,
        pos: &Position<FairyExt<O, F>>,
        mv: &Move,
        after: &Position<FairyExt<O, F>>,
        side: Color,
    ) -> bool {
        if self.alice_in_check(after, side) {
            return true;
        }
        let king_moved = royal_square(pos, side) == Some(mv.from);
        match royal_square(after, side).filter(|_| king_moved) {
            Some(k) => {
                let mut back = *after;
                back.board.toggle_mark(k, Mark::AliceB);
                self.alice_in_check(&back, side)
            }
            None => false,
        }
    }

    /// Puts the diagram's units of board B on the board, each with its mark.
    pub(super) fn alice_place_on_b(
        &self,
        pos: &mut Position<FairyExt<O, F>>,
        units: &[(Square, Piece, bool)],
    ) -> Result<(), String> {
        let rights = pos.castling;
        let mut placed = Bitboard::EMPTY;
        for &(sq, piece, kamikaze) in units {
            if pos.board.occupied().contains(sq) {
                return Err(format!(
                    "two units on {sq}: Alice chess allows a square one unit on either board"
                ));
            }
            let attrs = UnitAttrs::kamikaze_if(kamikaze).with_mark(Mark::AliceB, true);
            pos.board.put_unit(sq, piece, attrs);
            if O::TRACKED {
                pos.ext.origins.set(sq, sq.index() as u8);
            }
            placed = placed.with(sq);
        }
        // Castling rights as on board A: a king or rook on its home square.
        pos.assume_castling_rights();
        pos.castling = rights | (pos.castling & placed);
        Ok(())
    }
}
