//! Piece placement on one 8×8 board.

use super::zobrist::{piece_key, KEYS};
use super::{Bitboard, Color, Mark, Piece, Role, Square, UnitAttrs};
use std::fmt::Debug;
use std::hash::Hash;

/// Where the kinds of a board's fairy units are kept. Orthodox play uses [`NoFairy`],
/// which holds nothing and costs nothing; a problem with fairy units uses
/// [`FairyUnits`]. Orthodox units are always in the board's bitboards, so everything
/// that asks only about them works the same on either board.
pub trait FairyStore: Copy + Eq + Hash + Default + Debug + Send + Sync + 'static {
    /// Whether this store can hold units at all.
    const ENABLED: bool;
    /// The squares of fairy units.
    fn units(&self) -> Bitboard;
    /// The kind of the fairy unit on `sq` (which must hold one).
    fn role(&self, sq: Square) -> Role;
    fn put(&mut self, sq: Square, role: Role);
    fn remove(&mut self, sq: Square);
    /// The squares of neutral units (in both colours' bitboards).
    fn neutral(&self) -> Bitboard;
    fn set_neutral(&mut self, sq: Square, on: bool);
    /// The squares of units with `mark`.
    fn marked(&self, mark: Mark) -> Bitboard;
    /// The squares of units with any mark.
    fn any_marked(&self) -> Bitboard;
    fn set_marked(&mut self, mark: Mark, sq: Square, on: bool);
}

/// No fairy units: orthodox kinds only.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default, Debug)]
pub struct NoFairy;

impl FairyStore for NoFairy {
    const ENABLED: bool = false;
    #[inline(always)]
    fn units(&self) -> Bitboard {
        Bitboard::EMPTY
    }
    #[inline(always)]
    fn role(&self, _sq: Square) -> Role {
        unreachable!("no fairy units on this board")
    }
    #[inline(always)]
    fn put(&mut self, _sq: Square, role: Role) {
        panic!("a {} on a board without fairy units", role.kind().name)
    }
    #[inline(always)]
    fn remove(&mut self, _sq: Square) {}
    #[inline(always)]
    fn neutral(&self) -> Bitboard {
        Bitboard::EMPTY
    }
    #[inline(always)]
    fn set_neutral(&mut self, _sq: Square, on: bool) {
        assert!(!on, "a neutral unit on a board without fairy units");
    }
    #[inline(always)]
    fn marked(&self, _mark: Mark) -> Bitboard {
        Bitboard::EMPTY
    }
    #[inline(always)]
    fn any_marked(&self) -> Bitboard {
        Bitboard::EMPTY
    }
    #[inline(always)]
    fn set_marked(&mut self, mark: Mark, _sq: Square, on: bool) {
        assert!(!on, "a unit marked {mark:?} on a board without fairy units");
    }
}

/// The kind of each fairy unit, by square (as [`Role::raw`], 0 where there is none).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct FairyUnits {
    units: Bitboard,
    neutral: Bitboard,
    marks: [Bitboard; Mark::COUNT],
    roles: [u8; 64],
}

impl Default for FairyUnits {
    fn default() -> FairyUnits {
        FairyUnits {
            units: Bitboard::EMPTY,
            neutral: Bitboard::EMPTY,
            marks: [Bitboard::EMPTY; Mark::COUNT],
            roles: [0; 64],
        }
    }
}

impl FairyStore for FairyUnits {
    const ENABLED: bool = true;
    #[inline(always)]
    fn units(&self) -> Bitboard {
        self.units
    }
    #[inline(always)]
    fn role(&self, sq: Square) -> Role {
        Role::from_raw(self.roles[sq.index()]).expect("a fairy unit's kind")
    }
    #[inline(always)]
    fn put(&mut self, sq: Square, role: Role) {
        self.units = self.units.with(sq);
        self.roles[sq.index()] = role.raw();
    }
    #[inline(always)]
    fn remove(&mut self, sq: Square) {
        self.units = self.units.without(sq);
        // Cleared so that equal placements compare (and hash) equal.
        self.roles[sq.index()] = 0;
    }
    #[inline(always)]
    fn neutral(&self) -> Bitboard {
        self.neutral
    }
    #[inline(always)]
    fn set_neutral(&mut self, sq: Square, on: bool) {
        self.neutral = with_square(self.neutral, sq, on);
    }
    #[inline(always)]
    fn marked(&self, mark: Mark) -> Bitboard {
        self.marks[mark.index()]
    }
    #[inline(always)]
    fn any_marked(&self) -> Bitboard {
        self.marks
            .iter()
            .fold(Bitboard::EMPTY, |all, &marked| all | marked)
    }
    #[inline(always)]
    fn set_marked(&mut self, mark: Mark, sq: Square, on: bool) {
        let set = &mut self.marks[mark.index()];
        *set = with_square(*set, sq, on);
    }
}

/// `set` with `sq` in it or not.
#[inline(always)]
fn with_square(set: Bitboard, sq: Square, on: bool) -> Bitboard {
    if on {
        set.with(sq)
    } else {
        set.without(sq)
    }
}

/// Where the units stand: one bitboard per colour, per orthodox kind, and per attribute;
/// fairy units' kinds in `F`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default, Debug)]
pub struct Board<F: FairyStore = NoFairy> {
    roles: [Bitboard; 6],
    colors: [Bitboard; 2],
    /// Units carrying the kamikaze attribute.
    kamikaze: Bitboard,
    /// Zobrist key of the placement, kept up to date by every change.
    hash: u64,
    fairy: F,
}

impl<F: FairyStore> Board<F> {
    pub fn empty() -> Board<F> {
        Board {
            roles: [Bitboard::EMPTY; 6],
            colors: [Bitboard::EMPTY; 2],
            kamikaze: Bitboard::EMPTY,
            hash: 0,
            fairy: F::default(),
        }
    }

    /// This board as an orthodox one, when its store is [`NoFairy`]: for the parts of
    /// the solver that count orthodox movement only (the bounds of help play), which
    /// the rules switch off wherever fairy units may stand.
    #[inline]
    pub fn orthodox(&self) -> Option<&Board> {
        (self as &dyn std::any::Any).downcast_ref::<Board>()
    }

    /// The same placement on a board of another store (which must hold its fairy units).
    pub fn convert<G: FairyStore>(&self) -> Board<G> {
        let mut b = Board::<G>::empty();
        for (sq, piece) in self.units() {
            b.put_unit(sq, piece, self.attrs_at(sq));
        }
        b
    }

    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.colors[0] | self.colors[1]
    }

    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.colors[color.index()]
    }

    /// The units of a kind.
    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        if !F::ENABLED || role.is_orthodox() {
            self.roles[role.index()]
        } else {
            self.fairy_by_role(role)
        }
    }

    #[inline(never)]
    fn fairy_by_role(&self, role: Role) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for sq in self.fairy.units() {
            if self.fairy.role(sq) == role {
                out = out.with(sq);
            }
        }
        out
    }

    #[inline]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.colors[color.index()] & self.by_role(role)
    }

    /// The squares whose orthodox kind or colour differs between the two boards: every
    /// square a move changed, where neither board holds fairy units.
    #[inline]
    pub fn changed_orthodox(&self, other: &Board<F>) -> Bitboard {
        let mut changed = (self.colors[0] ^ other.colors[0]) | (self.colors[1] ^ other.colors[1]);
        for (a, b) in self.roles.iter().zip(&other.roles) {
            changed |= *a ^ *b;
        }
        changed
    }

    /// The squares of fairy units (none on an orthodox board).
    #[inline(always)]
    pub fn fairy_units(&self) -> Bitboard {
        self.fairy.units()
    }

    /// The Zobrist key of this placement.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The neutral units: in both colours' bitboards, moved by the side to play and
    /// captured by either (none on a board without fairy units).
    #[inline(always)]
    pub fn neutral(&self) -> Bitboard {
        self.fairy.neutral()
    }

    #[inline(always)]
    pub fn is_neutral(&self, sq: Square) -> bool {
        self.fairy.neutral().contains(sq)
    }

    /// Whether the unit on `sq` has the chameleon attribute.
    #[inline(always)]
    pub fn is_chameleon(&self, sq: Square) -> bool {
        self.is_marked(sq, Mark::Chameleon)
    }

    /// Whether the unit on `sq` has the paralysing attribute.
    #[inline(always)]
    pub fn is_paralysing(&self, sq: Square) -> bool {
        self.is_marked(sq, Mark::Paralysing)
    }

    /// The units with `mark`.
    #[inline(always)]
    pub fn marked(&self, mark: Mark) -> Bitboard {
        self.fairy.marked(mark)
    }

    #[inline(always)]
    pub fn is_marked(&self, sq: Square, mark: Mark) -> bool {
        self.fairy.marked(mark).contains(sq)
    }

    /// Takes every mark off `sq` (its unit leaves).
    #[inline(never)]
    fn unmark(&mut self, sq: Square) {
        for mark in Mark::ALL {
            if self.is_marked(sq, mark) {
                self.fairy.set_marked(mark, sq, false);
                self.hash ^= KEYS.marks[mark.index()][sq.index()];
            }
        }
    }

    /// Moves the marks of the unit on `from` to `to`.
    #[inline(never)]
    fn shift_marks(&mut self, from: Square, to: Square) {
        for mark in Mark::ALL {
            if self.is_marked(from, mark) {
                self.fairy.set_marked(mark, from, false);
                self.fairy.set_marked(mark, to, true);
                let keys = &KEYS.marks[mark.index()];
                self.hash ^= keys[from.index()] ^ keys[to.index()];
            }
        }
    }

    /// Gives the unit on `sq` `mark`, or takes it away if it has it.
    pub fn toggle_mark(&mut self, sq: Square, mark: Mark) {
        let on = !self.is_marked(sq, mark);
        self.fairy.set_marked(mark, sq, on);
        self.hash ^= KEYS.marks[mark.index()][sq.index()];
    }

    /// Gives the unit on `sq` `mark`.
    pub fn mark(&mut self, sq: Square, mark: Mark) {
        if !self.is_marked(sq, mark) {
            self.fairy.set_marked(mark, sq, true);
            self.hash ^= KEYS.marks[mark.index()][sq.index()];
        }
    }

    /// The units of `side` that are not neutral: those its moves may not capture.
    #[inline(always)]
    pub fn own(&self, side: Color) -> Bitboard {
        self.colors[side.index()] & !self.fairy.neutral()
    }

    /// The unit on `sq` as `side` sees it: a neutral unit is of `side`'s colour.
    #[inline]
    pub fn unit_for(&self, sq: Square, side: Color) -> Option<Piece> {
        let piece = self.piece_at(sq)?;
        Some(if self.is_neutral(sq) {
            Piece::new(side, piece.role)
        } else {
            piece
        })
    }

    #[inline]
    pub fn kamikaze(&self) -> Bitboard {
        self.kamikaze
    }

    #[inline]
    pub fn is_kamikaze(&self, sq: Square) -> bool {
        self.kamikaze.contains(sq)
    }

    /// The royal unit of `color` (its king, or a royal fairy kind), or `None` when that
    /// side has none.
    #[inline]
    pub fn king(&self, color: Color) -> Option<Square> {
        let king = self.pieces(color, Role::King).first();
        if F::ENABLED && king.is_none() {
            return self.fairy_king(color);
        }
        king
    }

    #[inline(never)]
    fn fairy_king(&self, color: Color) -> Option<Square> {
        (self.fairy.units() & self.by_color(color)).find(|&sq| self.fairy.role(sq).is_royal())
    }

    #[inline]
    pub fn color_at(&self, sq: Square) -> Option<Color> {
        if self.colors[0].contains(sq) {
            Some(Color::White)
        } else if self.colors[1].contains(sq) {
            Some(Color::Black)
        } else {
            None
        }
    }

    #[inline]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        if !self.occupied().contains(sq) {
            return None;
        }
        if F::ENABLED && self.fairy.units().contains(sq) {
            return Some(self.fairy.role(sq));
        }
        Role::ORTHODOX
            .into_iter()
            .find(|r| self.roles[r.index()].contains(sq))
    }

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let color = self.color_at(sq)?;
        let role = self.role_at(sq)?;
        Some(Piece::new(color, role))
    }

    /// Puts a unit on an empty square.
    #[inline(always)]
    pub fn put(&mut self, sq: Square, piece: Piece, kamikaze: bool) {
        debug_assert!(!self.occupied().contains(sq));
        let b = Bitboard::from_square(sq);
        self.set_kind(sq, piece.role);
        self.colors[piece.color.index()] |= b;
        self.hash ^= piece_key(piece, sq);
        if kamikaze {
            self.kamikaze |= b;
            self.hash ^= KEYS.kamikaze[sq.index()];
        }
    }

    /// The attributes of the unit on `sq` beyond its colour and kind.
    #[inline]
    pub fn attrs_at(&self, sq: Square) -> UnitAttrs {
        let mut attrs = UnitAttrs::new(self.is_kamikaze(sq), self.is_neutral(sq));
        if self.fairy.any_marked().contains(sq) {
            for mark in Mark::ALL {
                attrs = attrs.with_mark(mark, self.is_marked(sq, mark));
            }
        }
        attrs
    }

    /// Puts a unit with its attributes on an empty square; a neutral unit stands for
    /// both sides whatever `piece`'s colour.
    pub fn put_unit(&mut self, sq: Square, piece: Piece, attrs: UnitAttrs) {
        if attrs.neutral() {
            self.put_neutral(sq, piece.role, attrs.kamikaze());
        } else {
            self.put(sq, piece, attrs.kamikaze());
        }
        for mark in Mark::ALL {
            if attrs.has_mark(mark) {
                self.mark(sq, mark);
            }
        }
    }

    /// Puts a neutral unit on an empty square.
    pub fn put_neutral(&mut self, sq: Square, role: Role, kamikaze: bool) {
        self.put(sq, Piece::new(Color::White, role), kamikaze);
        self.colors[Color::Black.index()] |= Bitboard::from_square(sq);
        self.hash ^= piece_key(Piece::new(Color::Black, role), sq);
        self.fairy.set_neutral(sq, true);
    }

    #[inline(always)]
    fn set_kind(&mut self, sq: Square, role: Role) {
        if !F::ENABLED || role.is_orthodox() {
            self.roles[role.index()] |= Bitboard::from_square(sq);
        } else {
            self.fairy.put(sq, role);
        }
    }

    #[inline(always)]
    fn clear_kind(&mut self, sq: Square, role: Role) {
        if !F::ENABLED || role.is_orthodox() {
            self.roles[role.index()] &= !Bitboard::from_square(sq);
        } else {
            self.fairy.remove(sq);
        }
    }

    /// Takes the unit off `sq` and returns it with its kamikaze attribute.
    #[inline(always)]
    pub fn take(&mut self, sq: Square) -> Option<(Piece, bool)> {
        let piece = self.piece_at(sq)?;
        let b = !Bitboard::from_square(sq);
        self.clear_kind(sq, piece.role);
        self.colors[piece.color.index()] &= b;
        if self.is_neutral(sq) {
            self.colors[Color::Black.index()] &= b;
            self.hash ^= piece_key(Piece::new(Color::Black, piece.role), sq);
            self.fairy.set_neutral(sq, false);
        }
        if self.fairy.any_marked().contains(sq) {
            self.unmark(sq);
        }
        let kamikaze = self.kamikaze.contains(sq);
        self.kamikaze &= b;
        self.hash ^= piece_key(piece, sq);
        if kamikaze {
            self.hash ^= KEYS.kamikaze[sq.index()];
        }
        Some((piece, kamikaze))
    }

    /// Moves the unit on `from` (which must be occupied) to the empty square `to`.
    #[inline(always)]
    pub fn shift(&mut self, from: Square, to: Square, piece: Piece) {
        let m = Bitboard::from_square(from) | Bitboard::from_square(to);
        if !F::ENABLED || piece.role.is_orthodox() {
            self.roles[piece.role.index()] ^= m;
        } else {
            self.fairy.remove(from);
            self.fairy.put(to, piece.role);
        }
        if self.is_neutral(from) {
            self.neutral_shift(from, to, piece.role, m);
        } else {
            self.colors[piece.color.index()] ^= m;
            self.hash ^= piece_key(piece, from) ^ piece_key(piece, to);
        }
        if self.fairy.any_marked().contains(from) {
            self.shift_marks(from, to);
        }
        if self.kamikaze.contains(from) {
            self.kamikaze ^= m;
            self.hash ^= KEYS.kamikaze[from.index()] ^ KEYS.kamikaze[to.index()];
        }
    }

    #[inline(never)]
    fn neutral_shift(&mut self, from: Square, to: Square, role: Role, m: Bitboard) {
        for color in Color::ALL {
            let piece = Piece::new(color, role);
            self.colors[color.index()] ^= m;
            self.hash ^= piece_key(piece, from) ^ piece_key(piece, to);
        }
        self.fairy.set_neutral(from, false);
        self.fairy.set_neutral(to, true);
    }

    /// Changes the kind of the unit on `sq` (promotion).
    #[inline]
    pub fn set_role(&mut self, sq: Square, from: Role, to: Role) {
        let color = self.color_at(sq).expect("set_role on an empty square");
        if self.is_neutral(sq) {
            let black = Piece::new(Color::Black, from);
            self.hash ^= piece_key(black, sq) ^ piece_key(Piece::new(Color::Black, to), sq);
        }
        self.hash ^= piece_key(Piece::new(color, from), sq) ^ piece_key(Piece::new(color, to), sq);
        self.clear_kind(sq, from);
        self.set_kind(sq, to);
    }

    /// Every unit on the board, in square order.
    pub fn units(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied()
            .map(move |sq| (sq, self.piece_at(sq).expect("occupied")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fairy_units_keep_their_kind_through_every_change() {
        let mut b = Board::<FairyUnits>::empty();
        let g = Piece::new(Color::White, Role::Grasshopper);
        let n = Piece::new(Color::Black, Role::Nightrider);
        let d4 = Square::parse("d4").unwrap();
        let e5 = Square::parse("e5").unwrap();
        b.put(d4, g, false);
        b.put(e5, n, true);
        assert_eq!(b.piece_at(d4), Some(g));
        assert_eq!(
            b.pieces(Color::White, Role::Grasshopper),
            Bitboard::from_square(d4)
        );
        assert!(b.by_role(Role::Queen).is_empty());
        let before = b.hash();
        b.shift(d4, Square::A1, g);
        assert_eq!(b.piece_at(Square::A1), Some(g));
        assert_eq!(b.piece_at(d4), None);
        b.shift(Square::A1, d4, g);
        assert_eq!(b.hash(), before);
        b.set_role(e5, Role::Nightrider, Role::Queen);
        assert_eq!(b.piece_at(e5), Some(Piece::new(Color::Black, Role::Queen)));
        assert!(b.fairy_units() == Bitboard::from_square(d4));
        assert_eq!(
            b.take(e5),
            Some((Piece::new(Color::Black, Role::Queen), true))
        );
        // The same placement built afresh is the same board.
        let mut fresh = Board::<FairyUnits>::empty();
        fresh.put(d4, g, false);
        assert_eq!(b, fresh);
        assert_eq!(b.hash(), fresh.hash());
    }

    #[test]
    fn a_poseidon_is_its_sides_king() {
        let mut b = Board::<FairyUnits>::empty();
        let e1 = Square::E1;
        b.put(e1, Piece::new(Color::White, Role::Poseidon), false);
        assert_eq!(b.king(Color::White), Some(e1));
        assert_eq!(b.king(Color::Black), None);
    }
}
