//! Orthodox legality without playing moves out: the checks on the king and the pins are
//! found once per position, and then a move is legal when it goes where the masks allow.
//! Only king steps and en passant need an attack test of their own.
//!
//! `has_legal_move` is the question behind every mate and stalemate test. Most positions
//! answer it with the first unit looked at, so it pays to ask it unit by unit instead of
//! generating every move (four per promotion) and playing them.

use super::attacks;
use super::pseudo::{attacked, attackers};
use super::{play_orthodox, Move, MoveKind, MoveList};
use crate::board::{Bitboard, Board, Color, Extension, FairyStore, Piece, Position, Role, Square};

/// What a position's checks and pins allow the side to move.
struct Masks {
    king: Square,
    /// Squares a non-king move must reach: anywhere, or onto the checking line.
    target: Bitboard,
    /// More than one checker: only the king can move.
    double_check: bool,
    pinned: Bitboard,
}

impl Masks {
    fn new<E: Extension>(pos: &Position<E>, king: Square) -> Masks {
        let board = &pos.board;
        let side = pos.side;
        let us = board.by_color(side);
        let them = board.by_color(!side);
        let occupied = us | them;
        let checkers = attackers(board, king, !side, occupied);
        let target = match checkers.first() {
            // A line piece's check may be blocked; a leaper's (a fairy one on the same
            // line too: a dabbaba two squares off) only taken.
            Some(c) if E::Fairy::ENABLED && board.fairy_units().contains(c) => {
                Bitboard::from_square(c)
            }
            Some(c) => attacks::between(king, c).with(c),
            None => Bitboard::FULL,
        };
        let diag = them & (board.by_role(Role::Bishop) | board.by_role(Role::Queen));
        let orth = them & (board.by_role(Role::Rook) | board.by_role(Role::Queen));
        let snipers = (attacks::bishop(king, Bitboard::EMPTY) & diag)
            | (attacks::rook(king, Bitboard::EMPTY) & orth);
        let mut pinned = Bitboard::EMPTY;
        for s in snipers {
            let blockers = attacks::between(king, s) & occupied;
            if blockers.count() == 1 && (blockers & us).is_nonempty() {
                pinned |= blockers;
            }
        }
        Masks {
            king,
            target,
            double_check: checkers.more_than_one(),
            pinned,
        }
    }

    /// The squares a non-king unit on `from` may go to.
    #[inline]
    fn allowed(&self, from: Square) -> Bitboard {
        if self.double_check {
            Bitboard::EMPTY
        } else if self.pinned.contains(from) {
            self.target & attacks::line(self.king, from)
        } else {
            self.target
        }
    }
}

/// The squares of a pin line from the king through the pinned unit on `pinned` up to and
/// including the pinner: those on which the unit still covers its king.
fn pin_segment(king: Square, pinned: Square, occupied: Bitboard) -> Bitboard {
    let line = attacks::line(king, pinned);
    let straight = king.file() == pinned.file() || king.rank() == pinned.rank();
    let from_unit = if straight {
        attacks::rook(pinned, occupied)
    } else {
        attacks::bishop(pinned, occupied)
    };
    let toward_king = attacks::between(king, pinned);
    (from_unit & line & !toward_king).without(king) | toward_king.with(pinned)
}

/// Orthodox legality of pseudo-legal moves (castling candidates included, whose passage
/// the generator has tested), one move at a time: for the loops that stop at the first
/// move they want, which would waste the legality test of every move after it.
pub struct Legality {
    /// `None` when the side to move has no king: every move is played and tested.
    masks: Option<Masks>,
    without_king: Bitboard,
}

impl Legality {
    pub fn new<E: Extension>(pos: &Position<E>) -> Legality {
        match pos.board.king(pos.side) {
            Some(king) => Legality {
                masks: Some(Masks::new(pos, king)),
                without_king: pos.board.occupied().without(king),
            },
            None => Legality {
                masks: None,
                without_king: Bitboard::EMPTY,
            },
        }
    }

    #[inline(always)]
    pub fn allows<E: Extension>(&self, pos: &Position<E>, mv: &Move) -> bool {
        let Some(masks) = &self.masks else {
            return legal_by_playing(pos, mv);
        };
        match mv.kind {
            MoveKind::EnPassant | MoveKind::CastleShort | MoveKind::CastleLong => {
                legal_by_playing(pos, mv)
            }
            _ => self.allows_step(masks, pos, mv),
        }
    }

    /// A move that is neither en passant nor castling.
    #[inline(always)]
    fn allows_step<E: Extension>(&self, masks: &Masks, pos: &Position<E>, mv: &Move) -> bool {
        if mv.from == masks.king {
            attackers(&pos.board, mv.to, !pos.side, self.without_king).is_empty()
        } else if E::Fairy::ENABLED && !mv.role.is_orthodox() && masks.pinned.contains(mv.from) {
            // A fairy unit may cross its king along the pin line (a grasshopper hopping
            // over it, a dabbaba leaping past it): only the pinner's side of the line keeps
            // the king covered.
            (masks.allowed(mv.from) & pin_segment(masks.king, mv.from, pos.board.occupied()))
                .contains(mv.to)
        } else {
            masks.allowed(mv.from).contains(mv.to)
        }
    }
}

/// Keeps the legal moves of a list of pseudo-legal orthodox moves (castling candidates
/// included, whose passage is tested by the generator), in their order.
pub fn retain_legal<E: Extension>(pos: &Position<E>, moves: &mut MoveList) {
    let legality = Legality::new(pos);
    moves.retain(|mv| legality.allows(pos, mv));
}

/// Legality of plain moves, for conditions under which check is an attack on the king
/// from where the units stand: a move that captures nothing, is neither castling nor en
/// passant and has no condition effect changes the board only by the occupancy of its
/// two squares, so it is judged without being played.
///
/// With orthodox attackers (and fairy leapers) the check and pin masks decide it. With
/// other fairy units (a hopper's check may be made by the unit that moves; a nightrider
/// pins along lines the masks do not know) the position's *sensitive squares* do: the
/// squares whose occupancy any enemy unit's attack on the king depends on. A move that
/// touches none of them leaves the king as attacked as it was; one that does is judged
/// by the attackers of the king with the occupancy after it.
pub struct PlainLegality(Judge);

// Inline, not boxed: a judge is made per node of the search, which allocates nothing.
#[allow(clippy::large_enum_variant)]
enum Judge {
    Masks(Legality),
    Squares(Sensitive),
}

/// Most enemy units a judge by sensitive squares keeps apart.
const MAX_WATCHED: usize = 16;

/// The enemy units whose attack on the king a plain move may change, each with the
/// squares it depends on; the others attack the king or not whatever a plain move does.
struct Sensitive {
    king: Square,
    /// Whether the king is attacked now.
    attacked: bool,
    /// The units attacking the king whose attack no plain move can affect (leapers).
    fixed: Bitboard,
    /// The union of the watched units' squares.
    sensitive: Bitboard,
    watched: [(Square, Piece, Bitboard, bool); MAX_WATCHED],
    count: usize,
}

impl Sensitive {
    /// Whether the king is attacked after a plain move of a unit from `from` to `to`,
    /// taking the unit on `captured` if any.
    #[inline]
    fn attacked_after<F: FairyStore>(
        &self,
        board: &Board<F>,
        from: Square,
        to: Square,
        captured: Option<Square>,
    ) -> bool {
        let gone = captured.map_or(Bitboard::EMPTY, Bitboard::from_square);
        if (self.fixed & !gone).is_nonempty() {
            return true;
        }
        let occupied = (board.occupied() & !gone).without(from).with(to);
        self.watched[..self.count]
            .iter()
            .any(|&(u, piece, squares, now)| {
                if gone.contains(u) {
                    return false;
                }
                if !squares.contains(from) && !squares.contains(to) && (squares & gone).is_empty() {
                    return now;
                }
                if piece.role.is_orthodox() {
                    attacks_from_for_check(piece, u, occupied).contains(self.king)
                } else {
                    super::walks::observes(piece, u, self.king, occupied)
                }
            })
    }
}

/// An orthodox slider's attacks (the watched orthodox units are sliders).
#[inline]
fn attacks_from_for_check(piece: Piece, sq: Square, occupied: Bitboard) -> Bitboard {
    super::attacks_from(piece, sq, occupied)
}

impl PlainLegality {
    /// `None` when the side to move has no king, or more than one (a unit an Anticlone
    /// capture made a king): then nothing is decided here.
    pub fn new<E: Extension>(pos: &Position<E>) -> Option<PlainLegality> {
        if pos.board.pieces(pos.side, Role::King).count() > 1 {
            return None;
        }
        if E::Fairy::ENABLED {
            let board = &pos.board;
            let enemies = board.fairy_units() & board.by_color(!pos.side);
            if enemies
                .into_iter()
                .any(|sq| !super::walks::is_pure_leaper(board.role_at(sq).expect("a unit")))
            {
                return sensitive_squares(pos).map(PlainLegality);
            }
        }
        let legality = Legality::new(pos);
        legality
            .masks
            .is_some()
            .then_some(PlainLegality(Judge::Masks(legality)))
    }

    /// For a plain move, whether it leaves the mover's king unattacked; `None` for the
    /// others, which must be played to be judged. With `captures`, a capture without
    /// effects (the captured unit simply leaves the board, as under no condition) is
    /// plain too.
    #[inline]
    pub fn decide<E: Extension>(
        &self,
        pos: &Position<E>,
        mv: &Move,
        captures: bool,
    ) -> Option<bool> {
        if !mv.effects.is_none() {
            return None;
        }
        self.decide_without_effects(pos, mv, captures)
    }

    /// [`PlainLegality::decide`] for rules whose moves have no effects.
    #[inline]
    pub fn decide_without_effects<E: Extension>(
        &self,
        pos: &Position<E>,
        mv: &Move,
        captures: bool,
    ) -> Option<bool> {
        if pos.board.is_neutral(mv.from) {
            // A neutral unit is an enemy too: where it goes it may attack its own king.
            return None;
        }
        let capture = match mv.kind {
            MoveKind::Quiet | MoveKind::DoubleStep if mv.captured.is_none() => None,
            MoveKind::Capture if captures => Some(mv.to),
            MoveKind::Locust if captures && matches!(self.0, Judge::Squares(_)) => {
                Some(mv.capture_square())
            }
            _ => return None,
        };
        match &self.0 {
            Judge::Masks(legality) => {
                let masks = legality.masks.as_ref()?;
                Some(legality.allows_step(masks, pos, mv))
            }
            Judge::Squares(judge) => {
                let board = &pos.board;
                Some(if mv.from == judge.king {
                    // Without the unit a king's locust capture takes, wherever it stood.
                    match capture {
                        Some(x) if x != mv.to => {
                            let gone = Bitboard::from_square(x);
                            let occupied = (board.occupied() & !gone).without(judge.king);
                            (attackers(board, mv.to, !pos.side, occupied) & !gone).is_empty()
                        }
                        _ => !attacked(
                            board,
                            mv.to,
                            !pos.side,
                            board.occupied().without(judge.king),
                        ),
                    }
                } else if capture.is_none()
                    && !judge.sensitive.contains(mv.from)
                    && !judge.sensitive.contains(mv.to)
                {
                    // Every watched unit attacks as it did.
                    !judge.attacked
                } else {
                    !judge.attacked_after(board, mv.from, mv.to, capture)
                })
            }
        }
    }
}

/// The judge by sensitive squares: `None` without a king or with more enemy units to
/// watch than it keeps.
fn sensitive_squares<E: Extension>(pos: &Position<E>) -> Option<Judge> {
    let board = &pos.board;
    let side = pos.side;
    let king = board.king(side)?;
    let occupied = board.occupied();
    let sliders =
        board.by_role(Role::Bishop) | board.by_role(Role::Rook) | board.by_role(Role::Queen);
    let enemies = board.by_color(!side);
    let watched_units = (enemies & sliders) | (enemies & board.fairy_units());
    // Leapers and pawns attack or not whatever a plain move does.
    let fixed = attackers(board, king, !side, occupied) & !watched_units;
    let mut judge = Sensitive {
        king,
        attacked: false,
        fixed,
        sensitive: Bitboard::EMPTY,
        watched: [(king, Piece::new(side, Role::King), Bitboard::EMPTY, false); MAX_WATCHED],
        count: 0,
    };
    for u in watched_units {
        let piece = board.unit_for(u, !side).expect("a unit");
        let (squares, now) = if piece.role.is_orthodox() {
            let line = attacks_from_for_check(piece, u, Bitboard::EMPTY).contains(king);
            if !line {
                continue;
            }
            (
                attacks::between(u, king),
                attacks_from_for_check(piece, u, occupied).contains(king),
            )
        } else {
            let squares = super::walks::sensitive_squares(piece, u, king);
            let now = super::walks::observes(piece, u, king, occupied);
            if squares.is_empty() {
                // A leap: fixed.
                if now {
                    judge.fixed = judge.fixed.with(u);
                }
                continue;
            }
            (squares, now)
        };
        if judge.count == MAX_WATCHED {
            return None;
        }
        judge.watched[judge.count] = (u, piece, squares, now);
        judge.count += 1;
        judge.sensitive |= squares;
    }
    judge.attacked = judge.fixed.is_nonempty() || judge.watched[..judge.count].iter().any(|w| w.3);
    Some(Judge::Squares(judge))
}

/// Whether the side to move has a legal orthodox move. Castling never matters: when it
/// is legal, so is the king's step onto the square it crosses.
pub fn has_legal_move<E: Extension>(pos: &Position<E>) -> bool {
    let board = &pos.board;
    let side = pos.side;
    let Some(king) = board.king(side) else {
        return any_legal_by_playing(pos);
    };
    let us = board.by_color(side);
    let them = board.by_color(!side);
    let occupied = us | them;

    let without_king = occupied.without(king);
    for to in attacks::king(king) & !us {
        if attackers(board, to, !side, without_king).is_empty() {
            return true;
        }
    }
    let masks = Masks::new(pos, king);
    if masks.double_check {
        return false;
    }
    let allowed = |from| masks.allowed(from);

    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        for from in board.pieces(side, role) {
            let reach = super::attacks_from(Piece::new(side, role), from, occupied) & !us;
            if (reach & allowed(from)).is_nonempty() {
                return true;
            }
        }
    }

    let fwd = side.forward();
    for from in board.pieces(side, Role::Pawn) & !Bitboard::rank(side.back_rank()) {
        let mut reach = attacks::pawn(side, from) & them;
        if let Some(one) = from.offset(0, fwd) {
            if !occupied.contains(one) {
                reach |= Bitboard::from_square(one);
                if from.rank() == side.pawn_rank() {
                    if let Some(two) = one.offset(0, fwd).filter(|t| !occupied.contains(*t)) {
                        reach |= Bitboard::from_square(two);
                    }
                }
            }
        }
        if (reach & allowed(from)).is_nonempty() {
            return true;
        }
    }

    // En passant uncovers lines of its own (two units leave one rank): play it out.
    if let Some(ep) = pos.ep {
        let victim = board.unit_for(ep.pawn, !side);
        if victim.is_some_and(|v| v.color != side && v.role == Role::Pawn)
            && !occupied.contains(ep.crossed)
        {
            for from in attacks::pawn(!side, ep.crossed) & board.pieces(side, Role::Pawn) {
                let mv = Move {
                    from,
                    to: ep.crossed,
                    role: Role::Pawn,
                    kind: MoveKind::EnPassant,
                    promotion: None,
                    captured: victim,
                    capture_at: ep.pawn,
                    effects: Default::default(),
                };
                if legal_by_playing(pos, &mv) {
                    return true;
                }
            }
        }
    }
    false
}

fn legal_by_playing<E: Extension>(pos: &Position<E>, mv: &Move) -> bool {
    let mut after = *pos;
    play_orthodox(&mut after, mv);
    !king_attacked(&after, pos.side)
}

fn king_attacked<E: Extension>(pos: &Position<E>, color: Color) -> bool {
    pos.board
        .king(color)
        .is_some_and(|k| super::is_attacked(&pos.board, k, !color))
}

/// The slow way, for a side without a king (only captures of nothing can be illegal).
fn any_legal_by_playing<E: Extension>(pos: &Position<E>) -> bool {
    let mut moves = super::MoveList::new();
    super::pseudo_moves(
        pos,
        super::Gen::All,
        super::Promotions::ORTHODOX,
        &mut moves,
    );
    super::castling_candidates(pos, &mut moves);
    moves.iter().any(|mv| legal_by_playing(pos, mv))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conditions::{Orthodox, Rules};
    use std::ops::ControlFlow;

    /// The generic answer: every pseudo-legal move played and tested.
    fn by_list(pos: &Position) -> bool {
        let rules = Orthodox;
        let mut moves = MoveList::new();
        rules.pseudo_legal(pos, &mut moves);
        moves
            .iter()
            .any(|mv| rules.is_legal(pos, mv, &rules.play(pos, mv)))
    }

    /// Positions reached by random games from published perft positions, plus
    /// stalemates, mates and pins written for the purpose.
    #[test]
    fn agrees_with_playing_every_move() {
        let starts = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
            "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1",
            "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",
            "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1",
            "7k/8/8/8/8/8/p7/K7 w - - 0 1",
        ];
        let rules = Orthodox;
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut checked = 0;
        for fen in starts {
            for _ in 0..200 {
                let mut pos: Position = Position::from_fen(fen).unwrap();
                for _ in 0..60 {
                    assert_eq!(has_legal_move(&pos), by_list(&pos), "{pos:?}");
                    let mut fast = MoveList::new();
                    rules.pseudo_legal(&pos, &mut fast);
                    retain_legal(&pos, &mut fast);
                    let mut slow = MoveList::new();
                    rules.pseudo_legal(&pos, &mut slow);
                    slow.retain(|mv| rules.is_legal(&pos, mv, &rules.play(&pos, mv)));
                    assert_eq!(fast, slow, "{pos:?}");
                    // The children, generated and tested unit by unit, in the list's order;
                    // a visitor that stops at the k-th sees exactly k.
                    let mut children = Vec::new();
                    rules.for_each_child(&pos, |mv, after| children.push((*mv, *after)));
                    assert!(children.iter().map(|(mv, _)| mv).eq(slow.iter()), "{pos:?}");
                    assert!(children
                        .iter()
                        .all(|(mv, after)| *after == rules.play(&pos, mv)));
                    // The children of some units only: those of the list from them
                    // (the king's castlings among them when the king is).
                    let units = Bitboard(seed.rotate_left(17) & pos.board.occupied().0);
                    let mut some = Vec::new();
                    rules.for_each_child_of(&pos, units, |mv, after| some.push((*mv, *after)));
                    assert!(
                        some.iter()
                            .eq(children.iter().filter(|(mv, _)| units.contains(mv.from))),
                        "{pos:?} {units:?}"
                    );
                    let k = (seed % (slow.len() as u64 + 2)) as usize;
                    let mut seen = 0;
                    let flow = rules.try_for_each_child(&pos, |_, _| {
                        seen += 1;
                        if seen == k {
                            ControlFlow::Break(())
                        } else {
                            ControlFlow::Continue(())
                        }
                    });
                    let stops = (1..=slow.len()).contains(&k);
                    assert_eq!(flow.is_break(), stops, "{pos:?}");
                    assert_eq!(seen, if stops { k } else { slow.len() }, "{pos:?}");
                    checked += 1;
                    let mut moves = MoveList::new();
                    rules.pseudo_legal(&pos, &mut moves);
                    moves.retain(|mv| rules.is_legal(&pos, mv, &rules.play(&pos, mv)));
                    if moves.is_empty() {
                        break;
                    }
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    pos = rules.play(&pos, &moves[(seed % moves.len() as u64) as usize]);
                }
            }
        }
        assert!(checked > 10_000);
    }
}
