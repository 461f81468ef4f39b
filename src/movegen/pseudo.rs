//! Pseudo-legal moves of orthodox units: every move the units can make before the
//! question of self-check (and before any condition adds its effects).

use super::attacks;
use super::moves::{Effects, Move, MoveKind, MoveList};
use super::walks;
use crate::board::{Bitboard, Board, Color, Extension, FairyStore, Piece, Position, Role, Square};
use std::ops::ControlFlow;

/// The squares a unit attacks from `sq`. For the orthodox kinds, every square it could
/// capture on (empty squares of its lines included); for fairy kinds, the occupied
/// squares it could capture on (whether a fairy unit could capture on an empty square
/// depends on that square being occupied: ask [`walks::observes`]).
#[inline]
pub fn attacks_from(piece: Piece, sq: Square, occupied: Bitboard) -> Bitboard {
    match piece.role {
        Role::Pawn => attacks::pawn(piece.color, sq),
        Role::Knight => attacks::knight(sq),
        Role::Bishop => attacks::bishop(sq, occupied),
        Role::Rook => attacks::rook(sq, occupied),
        Role::Queen => attacks::queen(sq, occupied),
        Role::King => attacks::king(sq),
        _ => walks::captures_from(piece, sq, occupied),
    }
}

/// Whether the unit `piece` on `from` observes `target` (could capture there, were an
/// enemy unit on it): by the attack tables for the orthodox kinds, by the walk for the
/// others.
#[inline]
pub fn observes(piece: Piece, from: Square, target: Square, occupied: Bitboard) -> bool {
    if piece.role.is_orthodox() {
        attacks_from(piece, from, occupied).contains(target)
    } else {
        walks::observes(piece, from, target, occupied)
    }
}

/// The units of `by` that could capture a unit on `sq` (were it an enemy), with the given
/// occupancy of the other squares: the one observation function of the rules.
#[inline(always)]
pub fn attackers<F: FairyStore>(
    board: &Board<F>,
    sq: Square,
    by: Color,
    occupied: Bitboard,
) -> Bitboard {
    let orthodox = orthodox_attackers(board, sq, by, occupied);
    if F::ENABLED {
        orthodox | fairy_attackers(board, sq, by, occupied)
    } else {
        orthodox
    }
}

/// The orthodox units of `by` that could capture a unit on `sq`.
#[inline(always)]
fn orthodox_attackers<F: FairyStore>(
    board: &Board<F>,
    sq: Square,
    by: Color,
    occupied: Bitboard,
) -> Bitboard {
    let diag = board.by_role(Role::Bishop) | board.by_role(Role::Queen);
    let orth = board.by_role(Role::Rook) | board.by_role(Role::Queen);
    board.by_color(by)
        & ((attacks::knight(sq) & board.by_role(Role::Knight))
            | (attacks::king(sq) & board.by_role(Role::King))
            | (attacks::pawn(!by, sq) & board.by_role(Role::Pawn) & !first_rank_pawns(by))
            | (attacks::bishop(sq, occupied) & diag)
            | (attacks::rook(sq, occupied) & orth))
}

/// The fairy units of `by` that could capture a unit on `sq`.
#[inline]
fn fairy_attackers<F: FairyStore>(
    board: &Board<F>,
    sq: Square,
    by: Color,
    occupied: Bitboard,
) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for from in (board.fairy_units() & board.by_color(by)).without(sq) {
        let role = board.role_at(from).expect("a fairy unit");
        if fairy_observes(board, Piece::new(by, role), from, sq, occupied) {
            out = out.with(from);
        }
    }
    out
}

/// Whether the fairy unit `piece` on `from` could capture a unit on `sq`: by its walk,
/// or an orphan (whose own walk is empty) by the walks it borrows.
#[inline(always)]
fn fairy_observes<F: FairyStore>(
    board: &Board<F>,
    piece: Piece,
    from: Square,
    sq: Square,
    occupied: Bitboard,
) -> bool {
    walks::observes(piece, from, sq, occupied)
        || (piece.role == Role::Orphan
            && super::orphan::observes_from(board, piece.color, from, sq, occupied))
}

/// Pawns standing on their own first rank: Popeye lets them neither move nor capture.
#[inline]
fn first_rank_pawns(color: Color) -> Bitboard {
    Bitboard::rank(color.back_rank())
}

#[inline]
pub fn is_attacked<F: FairyStore>(board: &Board<F>, sq: Square, by: Color) -> bool {
    attackers(board, sq, by, board.occupied()).is_nonempty()
}

/// Whether some unit of `by` could capture a unit on `sq` with the board's units on
/// `occupied`: [`attackers`] without collecting them, the orthodox ones asked first.
#[inline]
pub fn attacked<F: FairyStore>(
    board: &Board<F>,
    sq: Square,
    by: Color,
    occupied: Bitboard,
) -> bool {
    if orthodox_attackers(board, sq, by, occupied).is_nonempty() {
        return true;
    }
    F::ENABLED
        && (board.fairy_units() & board.by_color(by))
            .without(sq)
            .into_iter()
            .any(|from| {
                let role = board.role_at(from).expect("a fairy unit");
                fairy_observes(board, Piece::new(by, role), from, sq, occupied)
            })
}

/// Where generated moves go, unit by unit.
pub trait MoveSink {
    fn put(&mut self, mv: Move);

    /// The moves of one unit are all put; `Break` ends the generation.
    #[inline(always)]
    fn unit_done(&mut self) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}

impl MoveSink for MoveList {
    #[inline(always)]
    fn put(&mut self, mv: Move) {
        self.push(mv);
    }
}

#[inline]
fn push(
    out: &mut impl MoveSink,
    from: Square,
    to: Square,
    role: Role,
    kind: MoveKind,
    promotion: Option<Role>,
    captured: Option<Piece>,
) {
    push_at(out, from, to, to, role, kind, promotion, captured);
}

/// [`push`] of a move that captures on `capture_at` rather than on its arrival.
#[inline]
#[allow(clippy::too_many_arguments)]
fn push_at(
    out: &mut impl MoveSink,
    from: Square,
    to: Square,
    capture_at: Square,
    role: Role,
    kind: MoveKind,
    promotion: Option<Role>,
    captured: Option<Piece>,
) {
    out.put(Move {
        from,
        to,
        role,
        kind,
        promotion,
        captured,
        capture_at,
        effects: Effects::default(),
    });
}

#[inline]
#[allow(clippy::too_many_arguments)]
fn push_pawn(
    out: &mut impl MoveSink,
    promotions: Promotions,
    color: Color,
    role: Role,
    from: Square,
    landing: walks::Landing,
    kind: MoveKind,
    captured: Option<Piece>,
) {
    let to = landing.to;
    let at = landing.capture.unwrap_or(to);
    if to.rank() == color.promotion_rank() {
        if promotions.has_fairy() {
            for promotion in promotions.iter() {
                push_at(out, from, to, at, role, kind, Some(promotion), captured);
            }
        } else {
            for promotion in Role::PROMOTIONS {
                push_at(out, from, to, at, role, kind, Some(promotion), captured);
            }
        }
    } else {
        push_at(out, from, to, at, role, kind, None, captured);
    }
}

/// The kinds a pawn may promote to: the orthodox four (in the order Popeye lists them),
/// then the fairy kinds of the problem in the order of the table of kinds, as the
/// reference solver offers every kind that stands on the board (but pawns, kings and
/// the dummy).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Promotions {
    fairy: u128,
}

impl Promotions {
    /// The orthodox choices only.
    pub const ORTHODOX: Promotions = Promotions { fairy: 0 };

    /// The orthodox choices and every fairy kind of `roles` that a pawn may become.
    pub fn with(roles: impl IntoIterator<Item = Role>) -> Promotions {
        let mut fairy = 0u128;
        for role in roles {
            if !role.is_orthodox() && !role.is_pawn() && !role.is_royal() && role != Role::Dummy {
                fairy |= 1 << role.index();
            }
        }
        Promotions { fairy }
    }

    /// Whether some fairy kind is among the choices.
    pub fn has_fairy(&self) -> bool {
        self.fairy != 0
    }

    /// The choices in order.
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = Role> {
        let mut rest = self.fairy;
        Role::PROMOTIONS
            .into_iter()
            .chain(std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let i = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    Role::from_index(i).expect("a kind")
                })
            }))
    }
}

/// The squares a pawn of `color` on `from` steps to without capture: one square ahead
/// when it is empty, and two from its second rank when both are.
pub fn pawn_pushes(color: Color, from: Square, occupied: Bitboard) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    if let Some(one) = from
        .offset(0, color.forward())
        .filter(|sq| !occupied.contains(*sq))
    {
        out = out.with(one);
        if from.rank() == color.pawn_rank() {
            if let Some(two) = one
                .offset(0, color.forward())
                .filter(|sq| !occupied.contains(*sq))
            {
                out = out.with(two);
            }
        }
    }
    out
}

/// Which of a unit's moves to generate.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Gen {
    All,
    /// Non-captures only (used by Mars Circe, which generates captures its own way).
    Quiet,
}

/// Every pseudo-legal move of the side to move except castling.
pub fn pseudo_moves<E: Extension>(
    pos: &Position<E>,
    gen: Gen,
    promotions: Promotions,
    out: &mut MoveList,
) {
    let _ = generate(pos, gen, Bitboard::FULL, promotions, out);
}

/// [`pseudo_moves`] of the units on `units` into any sink, which may end the
/// generation after a unit.
#[inline]
pub fn generate<E: Extension>(
    pos: &Position<E>,
    gen: Gen,
    units: Bitboard,
    promotions: Promotions,
    out: &mut impl MoveSink,
) -> ControlFlow<()> {
    generate_within(pos, gen, units, promotions, |_| Bitboard::FULL, out)
}

/// [`generate`] of only the moves from `from` that end on `reach(from)`: conditions on
/// a move's shape (Grid, Monochrome and Bichrome chess) reject the others before they
/// are built. Castling is not generated here.
#[inline]
pub fn generate_within<E: Extension>(
    pos: &Position<E>,
    gen: Gen,
    units: Bitboard,
    promotions: Promotions,
    reach: impl Fn(Square) -> Bitboard + Copy,
    out: &mut impl MoveSink,
) -> ControlFlow<()> {
    let board = &pos.board;
    let side = pos.side;
    let us = board.by_color(side);
    let them = board.by_color(!side);
    let occupied = us | them;
    // A neutral unit is in both colours: the enemy's, so it may be taken.
    let targets = match gen {
        Gen::All => !board.own(side),
        Gen::Quiet => !occupied,
    };
    for role in [
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ] {
        for from in board.pieces(side, role) & units {
            let piece = Piece::new(side, role);
            for to in attacks_from(piece, from, occupied) & targets & reach(from) {
                let captured = if them.contains(to) {
                    board.unit_for(to, !side)
                } else {
                    None
                };
                let kind = if captured.is_some() {
                    MoveKind::Capture
                } else {
                    MoveKind::Quiet
                };
                push(out, from, to, role, kind, None, captured);
            }
            out.unit_done()?;
        }
    }
    let fwd = side.forward();
    for from in board.pieces(side, Role::Pawn) & !first_rank_pawns(side) & units {
        let reach = reach(from);
        if let Some(one) = from.offset(0, fwd).filter(|&one| !occupied.contains(one)) {
            if reach.contains(one) {
                let landing = walks::Landing {
                    to: one,
                    capture: None,
                };
                push_pawn(
                    out,
                    promotions,
                    side,
                    Role::Pawn,
                    from,
                    landing,
                    MoveKind::Quiet,
                    None,
                );
            }
            if from.rank() == side.pawn_rank() {
                let two = one.offset(0, fwd).expect("double step stays on the board");
                if !occupied.contains(two) && reach.contains(two) {
                    push(out, from, two, Role::Pawn, MoveKind::DoubleStep, None, None);
                }
            }
        }
        if gen == Gen::All {
            for to in attacks::pawn(side, from) & them & reach {
                let victim = board.unit_for(to, !side);
                let landing = walks::Landing {
                    to,
                    capture: Some(to),
                };
                push_pawn(
                    out,
                    promotions,
                    side,
                    Role::Pawn,
                    from,
                    landing,
                    MoveKind::Capture,
                    victim,
                );
            }
            if let Some(ep) = pos.ep {
                if (attacks::pawn(side, from) & reach).contains(ep.crossed)
                    && !occupied.contains(ep.crossed)
                {
                    if let Some(victim) = board.unit_for(ep.pawn, !side) {
                        if victim.color != side && victim.role.is_pawn() {
                            push_at(
                                out,
                                from,
                                ep.crossed,
                                ep.pawn,
                                Role::Pawn,
                                MoveKind::EnPassant,
                                None,
                                Some(victim),
                            );
                        }
                    }
                }
            }
        }
        out.unit_done()?;
    }
    if E::Fairy::ENABLED {
        for from in board.fairy_units() & us & units {
            let piece = board.unit_for(from, side).expect("a fairy unit");
            let mut within = Within { out, reach };
            fairy_moves(pos, piece, from, gen, promotions, &mut within);
            out.unit_done()?;
        }
    }
    ControlFlow::Continue(())
}

/// A sink that lets through only the moves that end within `reach` of their square.
struct Within<'a, S, R> {
    out: &'a mut S,
    reach: R,
}

impl<S: MoveSink, R: Fn(Square) -> Bitboard> MoveSink for Within<'_, S, R> {
    #[inline(always)]
    fn put(&mut self, mv: Move) {
        if (self.reach)(mv.from).contains(mv.to) {
            self.out.put(mv);
        }
    }

    #[inline(always)]
    fn unit_done(&mut self) -> ControlFlow<()> {
        self.out.unit_done()
    }
}

/// The moves of one fairy unit, by its walk.
#[inline(never)]
fn fairy_moves<E: Extension>(
    pos: &Position<E>,
    piece: Piece,
    from: Square,
    gen: Gen,
    promotions: Promotions,
    out: &mut impl MoveSink,
) {
    let board = &pos.board;
    let side = piece.color;
    let role = piece.role;
    if role == Role::Orphan {
        orphan_moves(pos, piece, from, gen, promotions, out);
        return;
    }
    let pawn = role.is_pawn();
    walk_moves(pos, from, role, piece, gen, promotions, true, out);
    // En passant: a pawn kind that takes straight or diagonally one step forward takes a
    // double-stepping pawn kind on the square it crossed.
    if gen == Gen::All && pawn {
        if let Some(ep) = pos.ep {
            if !board.occupied().contains(ep.crossed)
                && walks::takes_en_passant_on(piece, from, ep.crossed)
            {
                if let Some(victim) = board.unit_for(ep.pawn, !side) {
                    if victim.color != side && victim.role.is_pawn() {
                        push_at(
                            out,
                            from,
                            ep.crossed,
                            ep.pawn,
                            role,
                            MoveKind::EnPassant,
                            None,
                            Some(victim),
                        );
                    }
                }
            }
        }
    }
}

/// The moves of an orphan: those of each walk it borrows (`orphan`), a move that two
/// walks give once, in the order of the walks.
#[inline(never)]
fn orphan_moves<E: Extension>(
    pos: &Position<E>,
    piece: Piece,
    from: Square,
    gen: Gen,
    promotions: Promotions,
    out: &mut impl MoveSink,
) {
    let board = &pos.board;
    let side = piece.color;
    let mut moves = MoveList::new();
    for walk in super::orphan::walks(board, from, side, board.occupied()) {
        if walk == Role::Pawn && from.rank() == side.back_rank() {
            // A pawn kind stays on its first rank; an orphan with the pawn's walk steps
            // and captures from there as from any other rank (the reference solver's
            // "pawned orphan").
            if let Some(to) = from.offset(0, side.forward()) {
                if !board.occupied().contains(to) {
                    push_at(
                        &mut moves,
                        from,
                        to,
                        to,
                        Role::Orphan,
                        MoveKind::Quiet,
                        None,
                        None,
                    );
                }
            }
            if gen == Gen::All {
                for to in attacks::pawn(side, from) & board.by_color(!side) {
                    let captured = board.unit_for(to, !side);
                    push_at(
                        &mut moves,
                        from,
                        to,
                        to,
                        Role::Orphan,
                        MoveKind::Capture,
                        None,
                        captured,
                    );
                }
            }
            continue;
        }
        let walk = Piece::new(side, walk);
        walk_moves(
            pos,
            from,
            Role::Orphan,
            walk,
            gen,
            promotions,
            true,
            &mut moves,
        );
    }
    for (i, mv) in moves.iter().enumerate() {
        if !moves[..i].contains(mv) {
            out.put(*mv);
        }
    }
}

/// The en passant capture of the unit on `from` moving with another kind's pawn walk,
/// where the rules allow it (Face-to-face chess and its relatives, as the reference solver
/// plays them; not Annan chess): the move is the unit's own.
pub fn en_passant_with_walk<E: Extension>(
    pos: &Position<E>,
    from: Square,
    walk: Role,
    out: &mut MoveList,
) {
    let (Some(ep), Some(role)) = (pos.ep, pos.board.role_at(from)) else {
        return;
    };
    // The side to move's unit: a neutral one takes as that side's.
    let unit = Piece::new(pos.side, role);
    let board = &pos.board;
    if !walk.is_pawn()
        || board.occupied().contains(ep.crossed)
        || !walks::takes_en_passant_on(Piece::new(unit.color, walk), from, ep.crossed)
    {
        return;
    }
    if let Some(victim) = board.unit_for(ep.pawn, !unit.color) {
        if victim.color != unit.color && victim.role.is_pawn() {
            push_at(
                out,
                from,
                ep.crossed,
                ep.pawn,
                unit.role,
                MoveKind::EnPassant,
                None,
                Some(victim),
            );
        }
    }
}

/// The moves of the side to move's unit on `from` made with another kind's walk (Annan
/// chess): the squares are the walk's, the move is the unit's own, promoting only when
/// the unit is a pawn kind reaching its last rank. Such a move is never a double step
/// and takes no pawn en passant, as in the reference solver.
pub fn moves_with_walk<E: Extension>(
    pos: &Position<E>,
    from: Square,
    walk: Role,
    gen: Gen,
    promotions: Promotions,
    out: &mut MoveList,
) {
    // The side to move's unit: a neutral one walks as that side's.
    let role = pos.board.role_at(from).expect("a unit to move");
    let walk = Piece::new(pos.side, walk);
    walk_moves(pos, from, role, walk, gen, promotions, false, out);
}

/// The moves of a unit of kind `role` on `from` along the walk of `walk` (its own kind's,
/// or a borrowed one): pushes of two steps are double steps when `double_steps` is set
/// and the walk is a pawn kind's; a pawn-kind unit promotes on its last rank.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn walk_moves<E: Extension>(
    pos: &Position<E>,
    from: Square,
    role: Role,
    walk: Piece,
    gen: Gen,
    promotions: Promotions,
    double_steps: bool,
    out: &mut impl MoveSink,
) {
    let board = &pos.board;
    let side = walk.color;
    let targets = match gen {
        Gen::All => board.by_color(!side),
        Gen::Quiet => Bitboard::EMPTY,
    };
    let pawn = role.is_pawn();
    let pushes = double_steps && walk.role.is_pawn() && is_push(walk.role);
    let locust = walks::captures_beyond(walk.role);
    walks::for_each_move(walk, from, board.occupied(), targets, |landing| {
        let to = landing.to;
        let (kind, captured) = match landing.capture {
            None if pushes && from.rank().abs_diff(to.rank()) == 2 => (MoveKind::DoubleStep, None),
            None => (MoveKind::Quiet, None),
            Some(x) if locust => (MoveKind::Locust, board.unit_for(x, !side)),
            Some(x) => (MoveKind::Capture, board.unit_for(x, !side)),
        };
        if pawn {
            push_pawn(out, promotions, side, role, from, landing, kind, captured);
        } else {
            let at = landing.capture.unwrap_or(to);
            push_at(out, from, to, at, role, kind, None, captured);
        }
    });
}

/// Whether a pawn kind's quiet moves are pushes (one or two steps), whose two-step move
/// is a double step that may be taken en passant.
fn is_push(role: Role) -> bool {
    role.kind()
        .walk
        .iter()
        .any(|p| p.action == crate::board::walk::Action::Push)
}

/// The squares of one castling on one side's back rank.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CastlingSquares {
    pub kind: MoveKind,
    pub king_to: Square,
    pub rook_from: Square,
    pub rook_to: Square,
}

/// The two castlings of `color`, short first.
pub fn castlings(color: Color) -> [CastlingSquares; 2] {
    let back = color.back_rank();
    let at = |file| Square::from_coords(file, back);
    [
        CastlingSquares {
            kind: MoveKind::CastleShort,
            king_to: at(6),
            rook_from: at(7),
            rook_to: at(5),
        },
        CastlingSquares {
            kind: MoveKind::CastleLong,
            king_to: at(2),
            rook_from: at(0),
            rook_to: at(3),
        },
    ]
}

/// Castling moves whose king and rook have their rights and whose path is empty.
/// Whether the king passes through check is for the rules to decide.
pub fn castling_candidates<E: Extension>(pos: &Position<E>, out: &mut MoveList) {
    let side = pos.side;
    let back = side.back_rank();
    let king = Square::from_coords(4, back);
    if !pos.castling.contains(king) || !pos.board.pieces(side, Role::King).contains(king) {
        return;
    }
    let occupied = pos.board.occupied();
    for c in castlings(side) {
        let rook = c.rook_from;
        if pos.castling.contains(rook)
            && pos.board.pieces(side, Role::Rook).contains(rook)
            && (attacks::between(king, rook) & occupied).is_empty()
        {
            push(out, king, c.king_to, Role::King, c.kind, None, None);
        }
    }
}

/// The squares the king crosses or lands on when castling, the start square included.
pub fn castling_king_path(mv: &Move) -> [Square; 3] {
    let back = mv.from.rank();
    match mv.kind {
        MoveKind::CastleShort => [
            mv.from,
            Square::from_coords(5, back),
            Square::from_coords(6, back),
        ],
        _ => [
            mv.from,
            Square::from_coords(3, back),
            Square::from_coords(2, back),
        ],
    }
}

/// The rook's departure and arrival when castling.
pub fn castling_rook(mv: &Move) -> (Square, Square) {
    let color = if mv.from.rank() == Color::White.back_rank() {
        Color::White
    } else {
        Color::Black
    };
    let [short, long] = castlings(color);
    let c = if mv.kind == MoveKind::CastleShort {
        short
    } else {
        long
    };
    (c.rook_from, c.rook_to)
}
