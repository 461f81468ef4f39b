//! Mars Circe and Anti-Mars Circe: captures (or non-captures) made as if from the rebirth
//! square, and the check test that follows from it.

use super::*;

impl<O: Origins, F: FairyStore> Fairy<O, F> {
    /// Captures of Mars Circe: each unit captures as if from its rebirth square.
    pub(super) fn mars_captures(&self, pos: &Position<FairyExt<O, F>>, out: &mut MoveList) {
        let board = &pos.board;
        let side = pos.side;
        let them = board.by_color(!side);
        for from in board.by_color(side) {
            // A neutral unit, lifted off its square, does not take itself there.
            let them = them.without(from);
            // A neutral unit captures as a unit of the side that moves it.
            let piece = Piece::new(side, board.role_at(from).expect("occupied"));
            if self.mars_rex_exclusive && piece.role == Role::King {
                continue;
            }
            if self.mars_rule == Some(SquareRule::Super) {
                // Mars Super: from every empty square, and from its own.
                for via in (!board.occupied()).with(from) {
                    if let Some((via, occ)) = mars_origin_via(board, piece, from, via) {
                        self.captures_via(board, piece, from, via, occ, them, out);
                    }
                }
                continue;
            }
            let Some((via, occ)) = self.mars_origin(pos, piece, from) else {
                continue;
            };
            self.captures_via(board, piece, from, via, occ, them, out);
        }
    }

    /// The captures of `piece` on `from` made as if from `via` (`occ`: the board with it
    /// there), of the units `them`.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn captures_via(
        &self,
        board: &Board<F>,
        piece: Piece,
        from: Square,
        via: Square,
        occ: Bitboard,
        them: Bitboard,
        out: &mut MoveList,
    ) {
        let mut push = |landing: walks::Landing, x: Square| {
            push_via(
                out,
                self.promotions,
                piece,
                from,
                via,
                landing,
                board.piece_at(x),
            );
        };
        if piece.role.is_orthodox() {
            for to in movegen::attacks_from(piece, via, occ) & them {
                push(
                    walks::Landing {
                        to,
                        capture: Some(to),
                    },
                    to,
                );
            }
            return;
        }
        walks::for_each_move(piece, via, occ, them, |landing| {
            // A locust landing on the square it left makes no move (the reference
            // solver generates none).
            if let Some(x) = landing.capture.filter(|_| landing.to != from) {
                push(landing, x);
            }
        });
    }

    /// Castling from the king's rebirth square, as Popeye plays it under Mars and Anti-Mars
    /// Circe: the king castles as if from its home square, wherever it stands (moved there
    /// first when away, `[wKc3->e1]0-0`), its own right not asked, with the rook on the
    /// corner that keeps its right; under Anti-Mars also with any rook whose rebirth square
    /// is that empty corner, moved there for the castling (`[wRg2->h1]0-0`). The usual
    /// conditions hold on the board so changed. The castlings the orthodox generator
    /// already gives (king and rook at home with their rights) are left to it.
    pub(super) fn rebirth_castlings(&self, pos: &Position<FairyExt<O, F>>, out: &mut MoveList) {
        let board = &pos.board;
        let side = pos.side;
        let Some(king) = board.king(side) else {
            return;
        };
        let home = Square::from_coords(4, side.back_rank());
        let rook = Piece::new(side, Role::Rook);
        let king_piece = Piece::new(side, Role::King);
        // By another square rule than the standard one, only a king on its home square
        // whose rebirth square it is, as the reference solver plays it (under Anti-Mars
        // Diagram no `[bKd8->e8]0-0-0`).
        let moved_home =
            king != home && (self.mars_rule.is_some() || board.occupied().contains(home));
        if self.mars_via(pos, king_piece, king) != Some(home) || moved_home {
            return;
        }
        let orthodox_king = king == home && pos.castling.contains(home);
        // The board with the king on its home square.
        let mut lifted = *board;
        if king != home {
            lifted.take(king);
            lifted.put(home, king_piece, false);
        }
        for c in movegen::castlings(side) {
            let corner = c.rook_from;
            // The rook on the corner with its right, or those whose rebirth square it is.
            let partners = if lifted.piece_at(corner) == Some(rook) {
                if orthodox_king {
                    Bitboard::EMPTY
                } else {
                    board.pieces(side, Role::Rook) & pos.castling & Bitboard::from_square(corner)
                }
            } else if self.mars != Some(Mars::Mars) && !lifted.occupied().contains(corner) {
                let mut reborn = Bitboard::EMPTY;
                // Not a neutral rook, which the reference solver does not move so.
                for r in board.pieces(side, Role::Rook) & !board.neutral() {
                    // By the standard rule whatever Mars's own, as the reference solver
                    // plays it (`[bRh4->h8]0-0` under Anti-Mars Diagram); under Mars and
                    // Anti-Mars at once by the Anti-Mars part's, the king by Mars's.
                    let via = if self.mars == Some(Mars::Both) {
                        self.via_by(self.antimars_rule, pos, rook, r)
                    } else {
                        Some(standard_square(Role::Rook, side, r))
                    };
                    if via == Some(corner) {
                        reborn = reborn.with(r);
                    }
                }
                reborn
            } else {
                Bitboard::EMPTY
            };
            for r in partners {
                let rook_from = (r != corner).then_some(r);
                let mut v = *pos;
                v.board = lifted;
                if let Some(r) = rook_from {
                    v.board.take(r);
                    v.board.put(corner, rook, false);
                }
                if (movegen::attacks::between(home, corner) & v.board.occupied()).is_nonempty() {
                    continue;
                }
                let mut effects = Effects::default();
                let set = |piece: Piece, square| Placement {
                    piece,
                    square,
                    attrs: UnitAttrs::kamikaze_if(false),
                    promoted: None,
                };
                if king != home {
                    effects.push(Change::Relocate(king, set(king_piece, home), Cause::Setup));
                }
                if let Some(r) = rook_from {
                    effects.push(Change::Relocate(r, set(rook, corner), Cause::Setup));
                }
                let mv = Move {
                    effects,
                    ..Move::new(home, c.king_to, c.king_to, Role::King, c.kind, None)
                };
                if self.castling_allowed(&v, &mv) {
                    out.push(mv);
                }
            }
        }
    }

    /// The square `piece` on `from` captures from under Mars Circe (moves from under
    /// Anti-Mars): its rebirth square by the set's square rule.
    #[inline]
    pub(super) fn mars_via(
        &self,
        pos: &Position<FairyExt<O, F>>,
        piece: Piece,
        from: Square,
    ) -> Option<Square> {
        self.via_by(self.mars_rule, pos, piece, from)
    }

    /// The rebirth square of `piece` on `from` by `rule` (`None`: the standard one).
    #[inline]
    fn via_by(
        &self,
        rule: Option<SquareRule>,
        pos: &Position<FairyExt<O, F>>,
        piece: Piece,
        from: Square,
    ) -> Option<Square> {
        let Some(rule) = rule else {
            return Some(standard_square(piece.role, piece.color, from));
        };
        let unit = Capture {
            role: piece.role,
            color: piece.color,
            x: from,
            from,
            to: from,
            capturer_role: piece.role,
            capturer_color: piece.color,
            origin: pos.ext.origin(from),
        };
        super::super::circe::rebirth_square(rule, &unit)
    }

    /// [`mars_origin`] by the set's square rule.
    #[inline]
    fn mars_origin(
        &self,
        pos: &Position<FairyExt<O, F>>,
        piece: Piece,
        from: Square,
    ) -> Option<(Square, Bitboard)> {
        mars_origin_via(&pos.board, piece, from, self.mars_via(pos, piece, from)?)
    }

    /// [`mars_origin`] of a non-capture: under Mars and Anti-Mars Circe at once by the
    /// Anti-Mars part's square rule.
    #[inline]
    fn antimars_origin(
        &self,
        pos: &Position<FairyExt<O, F>>,
        piece: Piece,
        from: Square,
    ) -> Option<(Square, Bitboard)> {
        let via = self.via_by(self.quiet_rule(), pos, piece, from)?;
        mars_origin_via(&pos.board, piece, from, via)
    }

    /// The square rule of non-captures from the rebirth square: under Mars and Anti-Mars
    /// Circe at once the Anti-Mars part's.
    #[inline]
    fn quiet_rule(&self) -> Option<SquareRule> {
        if self.mars == Some(Mars::Both) {
            self.antimars_rule
        } else {
            self.mars_rule
        }
    }

    /// The units of `by` that attack `k` under Mars Circe ([`mars_checkers`]); by any
    /// square rule but the standard one unit by unit.
    pub(super) fn mars_attackers(
        &self,
        pos: &Position<FairyExt<O, F>>,
        k: Square,
        by: Color,
    ) -> Bitboard {
        let kings = !self.mars_rex_exclusive;
        let board = &pos.board;
        if self.mars_rule.is_none() {
            return mars_checkers(board, k, by, kings);
        }
        let mut set = Bitboard::EMPTY;
        for from in board.by_color(by) {
            let piece = Piece::new(by, board.role_at(from).expect("occupied"));
            if piece.role == Role::King && !kings {
                continue;
            }
            if self.mars_rule == Some(SquareRule::Super) {
                // From any empty square, or its own.
                let checks = (!board.occupied()).with(from).into_iter().any(|via| {
                    mars_origin_via(board, piece, from, via)
                        .is_some_and(|(via, occ)| walks::observes(piece, via, k, occ))
                });
                if checks {
                    set = set.with(from);
                }
                continue;
            }
            if let Some((via, occ)) = self.mars_origin(pos, piece, from) {
                if walks::observes(piece, via, k, occ) {
                    set = set.with(from);
                }
            }
        }
        set
    }

    /// Non-captures of Anti-Mars Circe: each unit moves as if from its rebirth square.
    pub(super) fn antimars_moves(&self, pos: &Position<FairyExt<O, F>>, out: &mut MoveList) {
        let board = &pos.board;
        let side = pos.side;
        for from in board.by_color(side) {
            let piece = Piece::new(side, board.role_at(from).expect("occupied"));
            let Some((via, occ)) = self.antimars_origin(pos, piece, from) else {
                continue;
            };
            let targets: Bitboard = if !piece.role.is_orthodox() {
                walks::quiet_from(piece, via, occ)
            } else if piece.role == Role::Pawn {
                movegen::pawn_pushes(side, via, occ)
            } else {
                movegen::attacks_from(piece, via, occ) & !occ
            };
            // A pawn's double step may end on its own square (`a5-a7-a5`), as the
            // reference solver plays it; no other move may.
            let targets = if piece.role.is_pawn() && via.rank().abs_diff(from.rank()) == 2 {
                targets
            } else {
                targets.without(from)
            };
            for to in targets {
                let first = out.len();
                let landing = walks::Landing { to, capture: None };
                push_via(out, self.promotions, piece, from, via, landing, None);
                if piece.role.is_pawn() && via.rank().abs_diff(to.rank()) == 2 {
                    for mv in &mut out[first..] {
                        mv.kind = MoveKind::DoubleStep;
                    }
                }
            }
        }
    }
}

/// A Mars or Anti-Mars move of `piece` from `from`, made as if from `via`, one per
/// promotion choice.
fn push_via(
    out: &mut MoveList,
    promotions: Promotions,
    piece: Piece,
    from: Square,
    via: Square,
    landing: walks::Landing,
    captured: Option<Piece>,
) {
    let to = landing.to;
    let capture_at = landing.capture.unwrap_or(to);
    let kind = match landing.capture {
        Some(x) if x != to => MoveKind::Locust,
        Some(_) => MoveKind::Capture,
        None => MoveKind::Quiet,
    };
    let mut effects = Effects::default();
    effects.via = (via != from).then_some(via);
    let mv = |promotion| Move {
        from,
        to,
        role: piece.role,
        kind,
        promotion,
        captured,
        capture_at,
        effects,
    };
    if piece.role.is_pawn() && to.rank() == piece.color.promotion_rank() {
        for promotion in promotions.iter() {
            out.push(mv(Some(promotion)));
        }
    } else {
        out.push(mv(None));
    }
}

/// The square a unit captures from under Mars Circe (or moves from under Anti-Mars), with
/// the occupancy to use; `None` when that square is taken by another unit.
#[inline]
pub(super) fn mars_origin<F: FairyStore>(
    board: &Board<F>,
    piece: Piece,
    from: Square,
) -> Option<(Square, Bitboard)> {
    // A pawn on its first rank moves from its rebirth square too, as the reference solver
    // plays it (`c1-c2*d3`).
    mars_origin_via(
        board,
        piece,
        from,
        standard_square(piece.role, piece.color, from),
    )
}

/// [`mars_origin`] from `via`, the unit's rebirth square by any rule.
#[inline]
fn mars_origin_via<F: FairyStore>(
    board: &Board<F>,
    piece: Piece,
    from: Square,
    via: Square,
) -> Option<(Square, Bitboard)> {
    if !walks::may_move_from(piece, via) {
        return None;
    }
    let occ = board.occupied();
    if via != from && occ.contains(via) {
        return None;
    }
    Some((via, occ.without(from).with(via)))
}

/// The rebirth squares of the pieces (not pawns) of a colour under standard Circe: for
/// each, the kind and the squares whose units are reborn there (one square colour for
/// knights, bishops and rooks, every square for the queen and the king).
fn piece_homes(color: Color) -> [(Role, Square, Bitboard); 8] {
    const DARK: Bitboard = Bitboard(0xAA55_AA55_AA55_AA55);
    let back = color.back_rank();
    let a = Square::from_coords(0, back);
    let b = Square::from_coords(1, back);
    let mut out = [(Role::King, a, Bitboard::FULL); 8];
    for (i, role) in [Role::Knight, Role::Bishop, Role::Rook]
        .into_iter()
        .enumerate()
    {
        for (j, x) in [a, b].into_iter().enumerate() {
            // Reborn on the home square of the capture square's colour.
            let via = standard_square(role, color, x);
            let colour = if via.is_dark() { DARK } else { !DARK };
            out[2 * i + j] = (role, via, colour);
        }
    }
    out[6] = (
        Role::Queen,
        standard_square(Role::Queen, color, a),
        Bitboard::FULL,
    );
    out[7] = (
        Role::King,
        standard_square(Role::King, color, a),
        Bitboard::FULL,
    );
    out
}

/// Per colour, the piece rebirth squares ([`piece_homes`]) and, per target square, which
/// of them attack the target on an empty board (one bit each). Built once: the Mars check
/// test asks it on every move.
struct MarsHomes {
    homes: [[(Role, Square, Bitboard); 8]; 2],
    seeing: [[u8; 64]; 2],
}

fn mars_homes() -> &'static MarsHomes {
    static TABLE: OnceLock<MarsHomes> = OnceLock::new();
    TABLE.get_or_init(|| {
        let homes = [piece_homes(Color::White), piece_homes(Color::Black)];
        let mut seeing = [[0u8; 64]; 2];
        for color in Color::ALL {
            for (i, &(role, via, _)) in homes[color.index()].iter().enumerate() {
                let piece = Piece::new(color, role);
                for k in movegen::attacks_from(piece, via, Bitboard::EMPTY) {
                    seeing[color.index()][k.index()] |= 1 << i;
                }
            }
        }
        MarsHomes { homes, seeing }
    })
}

/// The units of `by` that attack `k` under Mars Circe: each from its rebirth square (when
/// empty or its own), lifted off its square; the king only if `kings` (not under
/// RexExclusive). The pieces are taken a rebirth square at a time, as bitboards, and only
/// the rebirth squares that see `k` on an empty board.
#[inline]
pub(in crate::conditions) fn mars_checkers<F: FairyStore>(
    board: &Board<F>,
    k: Square,
    by: Color,
    kings: bool,
) -> Bitboard {
    let occ = board.occupied();
    let mut set = Bitboard::EMPTY;
    // Pawns are reborn on their file's second rank, those on their first rank too.
    let pawns = board.pieces(by, Role::Pawn);
    for via in attacks::pawn(!by, k) & Bitboard::rank(by.pawn_rank()) {
        let units = pawns & Bitboard::file(via.file());
        set |= if occ.contains(via) {
            units & Bitboard::from_square(via)
        } else {
            units
        };
    }
    let table = mars_homes();
    let homes = &table.homes[by.index()];
    let mut seeing = table.seeing[by.index()][k.index()];
    while seeing != 0 {
        let (role, via, group) = homes[seeing.trailing_zeros() as usize];
        seeing &= seeing - 1;
        if role == Role::King && !kings {
            continue;
        }
        let mut units = board.pieces(by, role) & group;
        if occ.contains(via) {
            units &= Bitboard::from_square(via);
        }
        if units.is_empty() {
            continue;
        }
        if matches!(role, Role::Knight | Role::King) {
            set |= units;
            continue;
        }
        // A unit lifted off the only square between clears the line for itself.
        let blocking = attacks::between(via, k) & occ;
        set |= match blocking.count() {
            0 => units,
            1 => units & blocking,
            _ => Bitboard::EMPTY,
        };
    }
    // Fairy units one by one, each from its rebirth square.
    for from in board.fairy_units() & board.by_color(by) {
        let piece = Piece::new(by, board.role_at(from).expect("a fairy unit"));
        if let Some((via, occ)) = mars_origin(board, piece, from) {
            if walks::observes(piece, via, k, occ) {
                set = set.with(from);
            }
        }
    }
    set
}
