//! What a capture does under the fairy conditions: each pseudo-legal move expanded into
//! its variants with every rebirth, removal and arrival decided, and those changes played.

use super::*;

/// The unit placed on `sq`: a pawn kind put on its last rank promotes at once, one
/// variant per choice (`promotions` is `None` where pawns never promote: Einstein chess).
pub(super) fn placements(
    promotions: Option<Promotions>,
    piece: Piece,
    sq: Square,
    attrs: UnitAttrs,
) -> impl Iterator<Item = Placement> {
    let promotions =
        promotions.filter(|_| piece.role.is_pawn() && sq.rank() == piece.color.promotion_rank());
    let promote = promotions.is_some();
    let (choices, single) = if let Some(promotions) = promotions {
        (Some(promotions.iter()), None)
    } else {
        (None, Some(piece.role))
    };
    choices
        .into_iter()
        .flatten()
        .chain(single)
        .map(move |r| Placement {
            piece: Piece::new(piece.color, r),
            square: sq,
            attrs,
            promoted: promote.then_some(piece.role),
        })
}

impl<O: Origins, F: FairyStore> Fairy<O, F> {
    /// Whether `piece`, reborn on `sq` of `board` (the board after the capture by
    /// `capturer`'s side), has no move without capture that leaves its king out of check:
    /// Cage Circe's cage, as the reference solver tests it. A pawn on its own first rank,
    /// which does not move in play, may step one square here when it is the captured unit
    /// (a black pawn reborn on c8 is caged only with c7 taken), not when it is the
    /// capturer (Anticirce Cage: a white pawn reborn on a1 is caged with a2 empty).
    /// Under Cage Volcanic or Parachute, `sq` may hold a unit (`under`, not on `board`):
    /// the reborn unit is tested over it, and it comes up again as the reborn unit leaves.
    pub(super) fn caged(
        &self,
        pos: &Position<FairyExt<O, F>>,
        board: &Board<F>,
        piece: Piece,
        sq: Square,
        capturer: Color,
        under: Option<Placement>,
    ) -> bool {
        let occupied = board.occupied().with(sq);
        let first_rank = piece.role == Role::Pawn && sq.rank() == piece.color.back_rank();
        let targets = if first_rank && piece.color == capturer {
            Bitboard::EMPTY
        } else if first_rank {
            sq.offset(0, piece.color.forward())
                .filter(|ahead| !occupied.contains(*ahead))
                .map_or(Bitboard::EMPTY, Bitboard::from_square)
        } else {
            walks::quiet_from(piece, sq, occupied)
        };
        // Units hidden under squares left empty come up before the check test (the
        // square the unit leaves, or one the capture left), as they do in play: a
        // parachuted occupant before the units hidden earlier, a buried one after them.
        let under = under.map(|u| (u.square, u.piece, u.attrs));
        let parachute = self
            .circe
            .is_some_and(|c| c.occupied == Occupied::Parachute);
        let (first, last) = if parachute {
            (under, None)
        } else {
            (None, under)
        };
        targets.into_iter().all(|to| {
            let mut p = *pos;
            p.board = *board;
            p.board.put(to, piece, false);
            let earlier = pos.ext.hidden.iter().flatten();
            for (square, unit, attrs) in first
                .into_iter()
                .chain(earlier.map(|h| (h.square, h.piece(), h.attrs())))
                .chain(last)
            {
                if !p.board.occupied().contains(square) {
                    p.board.put_unit(square, unit, attrs);
                }
            }
            self.in_check(&p, piece.color)
        })
    }

    /// What a pawn put on its last rank in `mover`'s move may promote to: nothing under
    /// Einstein chess, nor where `mover` may not promote (NoWhitePromotion, ...: the
    /// reference solver leaves a pawn reborn on its last rank in that move unpromoted,
    /// whichever its side).
    pub(super) fn rebirth_promotions(&self, mover: Color) -> Option<Promotions> {
        (self.einstein.is_none() && !self.no_promotion[mover.index()]).then_some(self.promotions)
    }

    /// A pawn reborn promoting as `placement` made a chameleon unit too, where the problem
    /// has some: `[+bPf1=B=c]`. Apart, so that the common rebirth stays small.
    #[inline(never)]
    fn reborn_chameleon(
        &self,
        pos: &Position<FairyExt<O, F>>,
        mv: Move,
        mut effects: Effects,
        placement: Placement,
        out: &mut MoveList,
    ) {
        let placement = Placement {
            attrs: placement.attrs.promoted_to_chameleon(),
            ..placement
        };
        effects.push(Change::Put(placement, Cause::Rebirth));
        self.finish(pos, mv, effects, out);
    }

    /// Expands one orthodox-shaped move into its legal-shaped variants under the conditions.
    pub(super) fn expand(&self, pos: &Position<FairyExt<O, F>>, mv: Move, out: &mut MoveList) {
        let Some(captured) = mv.captured else {
            // Only captures have effects of their own, but for Anti-Andernach's change of
            // colour; the Mars squares come from generation.
            if self.recolours(pos, &mv) {
                let mut effects = mv.effects;
                effects.push(Change::Recolour(mv.to, !pos.side));
                self.finish(pos, mv, effects, out);
                return;
            }
            if pos.ext.pending.is_none() && pos.ext.hidden[0].is_none() {
                out.push(mv);
                return;
            }
            self.finish(pos, mv, mv.effects, out);
            return;
        };
        let kamikaze = pos.board.is_kamikaze(mv.from);
        if !kamikaze && self.captures_untouched() {
            // Nothing befalls the capturer or its victim: no board to build.
            self.finish(pos, mv, mv.effects, out);
            return;
        }
        let mut mv = mv;
        if mv.promotion.is_some()
            && kamikaze
            && !self.kamikaze_all
            && self.captured_reborn().is_none()
        {
            // A kamikaze pawn that captures onto its last rank vanishes before it could
            // promote: one move, as Popeye plays it (`kPa7*b8[-wkPb8]`).
            if mv.promotion != self.promotions.iter().next() {
                return;
            }
            mv.promotion = None;
        }
        let mover = pos.side;
        let moved = Piece::new(mover, mv.promotion.unwrap_or(mv.role));
        // The board after the plain capture (the position's other state is not needed).
        let mut after = pos.board;
        for change in mv.effects.changes().filter(|_| self.make_take) {
            if change.cause() == Cause::CastlingMake {
                movegen::apply_change(&mut after, change);
            }
        }
        after.take(mv.capture_square());
        if mv.from != mv.to {
            after.shift(mv.from, mv.to, Piece::new(mover, mv.role));
        }
        if let Some(role) = mv.promotion {
            after.set_role(mv.to, mv.role, role);
        }
        let mut effects = mv.effects;
        let board = &mut after;
        // The capturer is lost (Anticirce Relaxed).
        let mut lost = false;
        // The capturer first: kamikaze units vanish (and may be reborn), Anticirce moves them.
        if kamikaze || self.kamikaze_all {
            board.take(mv.to);
            // Reborn by the Circe's rules (`Circe::kamikaze_rebirth`); not under Immun
            // chess.
            let reborn = self
                .captured_reborn()
                .filter(|c| !self.kamikaze_all && c.rebirths)
                .map(|c| {
                    let (role, sq) = c.kamikaze_rebirth(
                        moved.role,
                        mover,
                        captured.role,
                        (mv.from, mv.to),
                        pos.ext.origin(mv.from),
                    );
                    (Piece::new(mover, role), sq)
                });
            match reborn {
                Some((piece, Some(sq))) if !board.occupied().contains(sq) => {
                    // It keeps its attributes (a mark, its board in Alice chess).
                    let attrs = pos.board.attrs_at(mv.from).with_neutral(false);
                    board.put_unit(sq, piece, attrs);
                    let placement = Placement {
                        piece,
                        square: sq,
                        attrs,
                        promoted: None,
                    };
                    effects.push(Change::Relocate(mv.to, placement, Cause::Relocation));
                }
                _ => {
                    let shown = reborn.is_none();
                    effects.push(Change::Remove(mv.to, Cause::Removal { shown }));
                }
            }
        } else if let Some(anti) = self
            .anticirce()
            // Under Rex Exclusive a king that captures is not reborn.
            .filter(|a| a.rex_inclusive || moved.role != Role::King)
        {
            // A royal unit is not cloned: its capturer keeps its kind, as in the check
            // test (`king_capture_counts`).
            let royal = captured.role == Role::King
                || royal_square(pos, !mover) == Some(mv.capture_square());
            let role = if anti.kind == KindRule::Clone && royal {
                moved.role
            } else {
                anti.kind.reborn_capturer(moved.role, captured.role)
            };
            let cap = Capture {
                role,
                color: mover,
                // The capture square (a locust's victim's, not its landing square).
                x: mv.capture_square(),
                from: mv.from,
                to: mv.to,
                capturer_role: captured.role,
                capturer_color: captured.color,
                origin: pos.ext.origin(mv.from),
            };
            if anti.square == SquareRule::Super {
                if anti.occupied == Occupied::Lost {
                    // Relaxed: the capturer may also stay where it took, not reborn
                    // (`Sa1*b3` beside `Sa1*b3[wSb3->b3]`, as the reference solver
                    // plays it; under Anticirce Relaxed alone it is lost instead).
                    let mut stay = after;
                    let mut e = effects;
                    if self.recolours(pos, &mv) {
                        recolour_capturer(&mut stay, &mut e, &mv, !mover);
                    }
                    self.finish(pos, mv, e, out);
                }
                // Anti-Super Circe: any empty square, its capture square included
                // (not under Cheylan); a pawn promotes on its last rank.
                let mut squares = !after.occupied();
                if !anti.cheylan {
                    squares = squares.with(mv.to);
                }
                self.capturer_reborn_on(pos, mv, role, squares, &after, effects, out);
                return;
            }
            if matches!(anti.square, SquareRule::Parrain { .. }) {
                // Anticirce Parrain: the capturer stays where it took; the next move moves
                // it as that move went (or the other way: ContraParrain), see
                // `finish_arrival`.
                self.finish(pos, mv, effects, out);
                return;
            }
            if anti.square == SquareRule::Cage {
                // Anticirce Cage: every square, the capture square included, where the
                // capturer, lifted off it, is caged; with none the capture is illegal, as
                // the reference solver plays it.
                let squares = !after.occupied() | Bitboard::from_square(mv.to);
                self.capturer_reborn_on(pos, mv, role, squares, &after, effects, out);
                return;
            }
            if anti.square == SquareRule::TakeMake {
                // Anticirce Take&Make: where the capturer's own walk, moving for the
                // captured side (a pawn's way and double step are that side's), ends
                // without capturing from where it took (`wPd4*e5[wPe5->e4]`); with
                // no such move the capture is illegal, as the reference solver plays it.
                let walker = Piece::new(captured.color, role);
                let squares = if walks::may_move_from(walker, mv.to) {
                    walks::quiet_from(walker, mv.to, after.occupied().without(mv.to))
                } else {
                    Bitboard::EMPTY
                };
                self.capturer_reborn_on(pos, mv, role, squares, &after, effects, out);
                return;
            }
            // Where the capturer goes: `None` where it is lost (Relaxed, its rebirth
            // square taken or off the board), as in the reference solver, a king too.
            // Frischauf: a unit that promoted, by this capture too.
            let promoted = anti.frischauf
                && (mv.promotion.is_some() || pos.board.is_marked(mv.from, Mark::Frischauf));
            let target = match anti.rebirth_square_of(&cap, promoted) {
                None if anti.occupied == Occupied::Lost => None,
                None => return,
                Some(sq) if sq == mv.to => {
                    if anti.cheylan {
                        return;
                    }
                    Some(sq)
                }
                Some(sq) if board.occupied().contains(sq) => match anti.occupied {
                    Occupied::Parachute => {
                        // The occupant goes under the reborn capturer.
                        let occupant = Placement {
                            piece: board.piece_at(sq).expect("occupied"),
                            square: sq,
                            attrs: board.attrs_at(sq),
                            promoted: None,
                        };
                        effects.push(Change::Hide(occupant, Cause::Parachute));
                        board.take(sq);
                        Some(sq)
                    }
                    // The occupant is killed (the capturer's own king too: the move
                    // is then illegal).
                    Occupied::Assassin => {
                        board.take(sq);
                        Some(sq)
                    }
                    Occupied::Lost => None,
                    _ => return,
                },
                Some(sq) => Some(sq),
            };
            if let Some(sq) = target {
                board.take(mv.to);
                let reborn = Piece::new(mover, role);
                if role.is_pawn() && sq.rank() == mover.promotion_rank() {
                    // A pawn reborn on its last rank promotes there (`[wPb4->b8=Q]`, as in
                    // Couscous Anticirce): one move per choice. Anticirce has no second
                    // rebirth, so each goes on to the end at once.
                    self.finish_reborn_capturer(pos, mv, board, effects, reborn, sq, out);
                    return;
                }
                board.put(sq, reborn, false);
                let placement = Placement {
                    piece: reborn,
                    square: sq,
                    // A chameleon or paralysing unit stays one, a promoted unit
                    // keeps (or gains) the Frischauf mark (a half-neutral one's new
                    // phase follows, `Fairy::change_phase`).
                    attrs: pos
                        .board
                        .attrs_at(mv.from)
                        .with_mark(Mark::Frischauf, promoted),
                    promoted: None,
                };
                effects.push(Change::Relocate(mv.to, placement, Cause::Relocation));
                if anti.turncoat {
                    // Turncoats: it passes to its victim's side where it is reborn.
                    recolour_capturer(board, &mut effects, &mv, !mover);
                }
            } else {
                board.take(mv.to);
                effects.push(Change::Remove(mv.to, Cause::Removal { shown: false }));
                lost = true;
            }
        }
        // Andernach: the capturer, where it now stands, passes to the other side; a
        // kamikaze capturer only where it was reborn (`[bkRb3->a8=w]`, as the reference
        // solver plays it).
        let gone = (kamikaze || self.kamikaze_all)
            && !effects.changes().any(|c| matches!(c, Change::Relocate(..)));
        if !(gone || lost) && self.recolours(pos, &mv) {
            recolour_capturer(board, &mut effects, &mv, !mover);
        }
        self.victim_reborn(pos, mv, captured, board, effects, out);
    }

    /// The captured unit reborn by the Circe of captured units, if any, on `board` (the
    /// board after the capture and what befell its capturer), and each move so made
    /// finished.
    #[inline(always)]
    fn victim_reborn(
        &self,
        pos: &Position<FairyExt<O, F>>,
        mv: Move,
        captured: Piece,
        board: &mut Board<F>,
        effects: Effects,
        out: &mut MoveList,
    ) {
        let mover = pos.side;
        let moved = Piece::new(mover, mv.promotion.unwrap_or(mv.role));
        let x = mv.capture_square();
        if let Some(circe) = self.captured_reborn() {
            if circe.immune
                && (captured.role != Role::King || circe.rex_inclusive)
                && !self.immune_capture_allowed(pos, circe, &mv, captured)
            {
                return;
            }
            if !circe.rebirths {
                // Immun chess alone: nothing is reborn.
            } else if captured.role == Role::King && !circe.rex_inclusive {
                // A king is never reborn: only reached when testing whether it is attacked.
            } else if circe.waits() {
                // Reborn at the end of the owner's next move, see below.
            } else {
                // A royal capturer gives its kind to nobody (Clone Circe), a king's
                // rule the reference solver applies to every royal unit.
                let capturer = if royal_square(pos, mover) == Some(mv.from) {
                    Role::King
                } else {
                    mv.role
                };
                let role = circe
                    .kind
                    .reborn(captured.role, capturer, mv.promotion.is_some());
                let role = if circe.kind == KindRule::Clone && capturer == Role::Pawn {
                    Role::Pawn
                } else {
                    role
                };
                let cap = Capture {
                    role,
                    color: captured.color,
                    x,
                    from: mv.from,
                    to: mv.to,
                    capturer_role: moved.role,
                    capturer_color: mover,
                    origin: pos.ext.origin(x),
                };
                // A neutral unit is reborn neutral, where a unit of the side it was
                // taken as goes; a kamikaze or chameleon unit stays one.
                let captured_attrs = pos.board.attrs_at(x);
                if matches!(
                    circe.square,
                    SquareRule::Super | SquareRule::TakeMake | SquareRule::Cage
                ) {
                    // Super: every empty square, then (unless Strict) no rebirth at
                    // all. Take & Make: where the captured unit's non-captures from
                    // the capture square end; none makes the capture illegal. Cage:
                    // the empty squares where the reborn unit (promoted, on its last
                    // rank) has no move without capture, and no rebirth (unless
                    // Strict) only where there is none.
                    let piece = Piece::new(captured.color, role);
                    // Cage Volcanic or Parachute: an occupied square is a cage too, the
                    // reborn unit tested there with the occupant hidden under it (see
                    // `caged`), as the reference solver tests it.
                    let hides = circe.square == SquareRule::Cage && circe.occupied.hides();
                    let squares = if circe.square == SquareRule::TakeMake {
                        if walks::may_move_from(piece, x) {
                            walks::quiet_from(piece, x, board.occupied())
                        } else {
                            Bitboard::EMPTY
                        }
                    } else if hides {
                        Bitboard::FULL
                    } else {
                        !board.occupied()
                    };
                    let mut reborn_somewhere = false;
                    for sq in squares {
                        let occupant =
                            hides
                                .then(|| board.piece_at(sq))
                                .flatten()
                                .map(|piece| Placement {
                                    piece,
                                    square: sq,
                                    attrs: board.attrs_at(sq),
                                    promoted: None,
                                });
                        let without;
                        let cage_board = if occupant.is_some() {
                            let mut b = *board;
                            b.take(sq);
                            without = b;
                            &without
                        } else {
                            &*board
                        };
                        for placement in
                            placements(self.rebirth_promotions(pos.side), piece, sq, captured_attrs)
                        {
                            if circe.square == SquareRule::Cage
                                && !self.caged(
                                    pos,
                                    cage_board,
                                    placement.piece,
                                    sq,
                                    pos.side,
                                    occupant,
                                )
                            {
                                continue;
                            }
                            reborn_somewhere = true;
                            let mut e = effects;
                            let buried = match occupant {
                                Some(_) if circe.occupied == Occupied::Volcanic => {
                                    e.push(Change::Hide(placement, Cause::Burial));
                                    true
                                }
                                Some(occupant) => {
                                    e.push(Change::Hide(occupant, Cause::Parachute));
                                    e.push(Change::Put(placement, Cause::Rebirth));
                                    false
                                }
                                None => {
                                    e.push(Change::Put(placement, Cause::Rebirth));
                                    false
                                }
                            };
                            self.finish(pos, mv, e, out);
                            if self.chameleons
                                && placement.promoted.is_some()
                                && !captured_attrs.chameleon()
                                && !buried
                            {
                                let mut e = effects;
                                if let Some(occupant) = occupant {
                                    e.push(Change::Hide(occupant, Cause::Parachute));
                                }
                                self.reborn_chameleon(pos, mv, e, placement, out);
                            }
                        }
                    }
                    if circe.occupied == Occupied::Illegal
                        || circe.square == SquareRule::TakeMake
                        || reborn_somewhere && circe.square == SquareRule::Cage
                    {
                        return;
                    }
                } else {
                    let promoted = captured_attrs.frischauf();
                    match circe.rebirth_square_of(&cap, promoted) {
                        None if circe.occupied == Occupied::Illegal => return,
                        None => {}
                        Some(sq) => {
                            let taken = board.occupied().contains(sq);
                            if taken && circe.occupied == Occupied::Illegal {
                                return;
                            }
                            if !taken
                                || matches!(circe.occupied, Occupied::Assassin)
                                || circe.occupied.hides()
                            {
                                let buried = taken && circe.occupied == Occupied::Volcanic;
                                // Parachute: the occupant goes under the reborn unit.
                                let parachuted = (taken && circe.occupied == Occupied::Parachute)
                                    .then(|| Placement {
                                        piece: board.piece_at(sq).expect("occupied"),
                                        square: sq,
                                        attrs: board.attrs_at(sq),
                                        promoted: None,
                                    });
                                for placement in placements(
                                    self.rebirth_promotions(pos.side),
                                    Piece::new(captured.color, role),
                                    sq,
                                    captured_attrs,
                                ) {
                                    let mut e = effects;
                                    if let Some(occupant) = parachuted {
                                        e.push(Change::Hide(occupant, Cause::Parachute));
                                    }
                                    e.push(if buried {
                                        Change::Hide(placement, Cause::Burial)
                                    } else {
                                        Change::Put(placement, Cause::Rebirth)
                                    });
                                    if circe.turncoat {
                                        // Turncoats: it joins the capturer's side
                                        // where it is reborn.
                                        e.push(Change::Recolour(sq, mover));
                                    }
                                    self.finish(pos, mv, e, out);
                                    if self.chameleons
                                        && placement.promoted.is_some()
                                        && !captured_attrs.chameleon()
                                        && !buried
                                    {
                                        self.reborn_chameleon(pos, mv, effects, placement, out);
                                    }
                                }
                                return;
                            }
                        }
                    }
                }
            }
        }
        self.finish(pos, mv, effects, out);
    }

    /// Immun chess: whether the unit `mv` takes may be taken, its rebirth square being
    /// empty once the capturer stands on its arrival square, before anything befalls it:
    /// the reference solver tests immunity before a kamikaze capturer vanishes and before
    /// Anticirce takes the capturer away.
    fn immune_capture_allowed(
        &self,
        pos: &Position<FairyExt<O, F>>,
        circe: Circe,
        mv: &Move,
        captured: Piece,
    ) -> bool {
        let x = mv.capture_square();
        let moved = mv.promotion.unwrap_or(mv.role);
        let cap = Capture {
            role: circe
                .kind
                .reborn(captured.role, mv.role, mv.promotion.is_some()),
            color: captured.color,
            x,
            from: mv.from,
            to: mv.to,
            capturer_role: moved,
            capturer_color: pos.side,
            origin: pos.ext.origin(x),
        };
        let occupied = pos.board.occupied().without(mv.from).without(x).with(mv.to);
        let circe = match circe.immune_squares {
            Some((square, adjust)) => Circe {
                square,
                adjust,
                ..circe
            },
            None => circe,
        };
        circe
            .rebirth_square(&cap)
            .is_some_and(|sq| !occupied.contains(sq))
    }

    /// The Anticirce capturer, reborn as `role`, on each of `squares` in turn (Anti-Super
    /// Circe, Anticirce Take&Make: the squares it may choose among).
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn capturer_reborn_on(
        &self,
        pos: &Position<FairyExt<O, F>>,
        mv: Move,
        role: Role,
        squares: Bitboard,
        after: &Board<F>,
        effects: Effects,
        out: &mut MoveList,
    ) {
        let mut lifted = *after;
        lifted.take(mv.to);
        let reborn = Piece::new(pos.side, role);
        for sq in squares {
            self.finish_reborn_capturer(pos, mv, &lifted, effects, reborn, sq, out);
        }
    }

    /// The Anticirce capturer, lifted off `board`, reborn on `sq` (a pawn on its last
    /// rank as each kind it may promote to), and each move so made finished.
    #[allow(clippy::too_many_arguments)]
    fn finish_reborn_capturer(
        &self,
        pos: &Position<FairyExt<O, F>>,
        mv: Move,
        board: &Board<F>,
        effects: Effects,
        reborn: Piece,
        sq: Square,
        out: &mut MoveList,
    ) {
        let attrs = pos.board.attrs_at(mv.from);
        let cage = self
            .anticirce()
            .is_some_and(|a| a.square == SquareRule::Cage);
        for placement in placements(self.rebirth_promotions(pos.side), reborn, sq, attrs) {
            if cage && !self.caged(pos, board, placement.piece, sq, pos.side, None) {
                continue;
            }
            // Where the problem has chameleon units, a pawn that is none may also promote
            // to one: `[wPd7->e8=Q=c]`.
            let chameleon = (self.chameleons && placement.promoted.is_some() && !attrs.chameleon())
                .then(|| Placement {
                    attrs: attrs.promoted_to_chameleon(),
                    ..placement
                });
            for placement in std::iter::once(placement).chain(chameleon) {
                let mut board = *board;
                board.put(sq, placement.piece, false);
                let mut e = effects;
                e.push(Change::Relocate(mv.to, placement, Cause::Relocation));
                if self.recolours(pos, &mv) {
                    recolour_capturer(&mut board, &mut e, &mv, !pos.side);
                }
                match mv.captured.filter(|_| self.anti.is_some()) {
                    // Beside a Circe, the victim's rebirth follows.
                    Some(captured) => self.victim_reborn(pos, mv, captured, &mut board, e, out),
                    None => self.finish(pos, mv, e, out),
                }
            }
        }
    }

    /// Whether no condition acts on a capture by a unit that is not kamikaze: no Circe
    /// or Anticirce, no Andernach, no kamikaze rule for every unit.
    #[inline]
    pub(super) fn captures_untouched(&self) -> bool {
        self.circe.is_none()
            && self.anti.is_none()
            && !self.kamikaze_all
            && self.andernach.is_none()
    }

    /// Whether the unit making `mv` changes colour (Andernach chess): not a royal unit.
    #[inline]
    fn recolours(&self, pos: &Position<FairyExt<O, F>>, mv: &Move) -> bool {
        self.andernach.is_some_and(|a| a.changes_colour(mv))
            && !mv.role.is_royal()
            // A neutral unit stays neutral (`nQg4*e6`, as the reference solver plays it).
            && !pos.board.is_neutral(mv.from)
            && royal_square(pos, pos.side) != Some(mv.from)
    }

    /// Adds the effects that depend on the rest of the move (Parrain, eruptions) and pushes it.
    /// Inlined, so that the effects just built are stored once, into the list: passed by
    /// reference they were reloaded wide right after their narrow stores, and the loads
    /// waited for them (a third of this function's time; Circe perft 3 % faster).
    #[inline(always)]
    pub(super) fn finish(
        &self,
        pos: &Position<FairyExt<O, F>>,
        mut mv: Move,
        effects: Effects,
        out: &mut MoveList,
    ) {
        mv.effects = effects;
        if pos.ext.pending.is_none() && pos.ext.hidden[0].is_none() {
            out.push(mv);
        } else {
            self.finish_arrival(pos, mv, out);
        }
    }

    /// [`Fairy::finish`] where a Parrain rebirth is pending or units are hidden.
    #[inline(never)]
    pub(super) fn finish_arrival(
        &self,
        pos: &Position<FairyExt<O, F>>,
        mut mv: Move,
        out: &mut MoveList,
    ) {
        // Where everything else stands after the move: for a plain move (no capture,
        // castling or effect) only its own two squares change and nothing is buried.
        let plain = mv.captured.is_none() && !mv.is_castling() && mv.effects.is_none();
        let (occupied, hidden) = if plain {
            (
                pos.board.occupied().without(mv.from).with(mv.to),
                pos.ext.hidden,
            )
        } else {
            let mut after = *pos;
            self.apply(pos, &mv, &mut after);
            (after.board.occupied(), after.ext.hidden)
        };
        if let (Some(p), Some(stand)) = (pos.ext.pending, pos.ext.waiting()) {
            // Anticirce Parrain: the unit on the square of the capturer that waits (the
            // capturer, or the unit that took it now) leaves it for the capture square
            // moved as this move went (ContraParrain: the other way), as the reference
            // solver plays it (`Rc2*b2[wRb2->a2]`, then `Kh1-g1[wRa2->a2]`); a move that
            // would send it off the board or onto another unit is illegal.
            let contra = self
                .circe
                .is_some_and(|c| c.square == SquareRule::Parrain { contra: true });
            let target = parrain_target(p.square, displacement(&mv), contra);
            let Some(sq) = target.filter(|sq| !occupied.without(stand).contains(*sq)) else {
                return;
            };
            let (unit, attrs) = if mv.captured.is_some() && mv.capture_square() == stand {
                let unit = Piece::new(pos.side, mv.promotion.unwrap_or(mv.role));
                (unit, pos.board.attrs_at(mv.from))
            } else {
                match pos.board.piece_at(stand) {
                    Some(unit) => (unit, pos.board.attrs_at(stand)),
                    None => {
                        out.push(mv);
                        return;
                    }
                }
            };
            for placement in placements(self.rebirth_promotions(pos.side), unit, sq, attrs) {
                let mut m = mv;
                m.effects
                    .push(Change::Relocate(stand, placement, Cause::Arrival));
                out.push(m);
            }
            return;
        }
        if let Some(p) = pos.ext.pending {
            // Where the waiting unit comes back, if anywhere: on its capture square with
            // the next capture (CaptureSquare WaitCapture), else moved from it as the
            // move moved (Parrain) or the other way (ContraParrain).
            let target = match self.circe.map(|c| c.square) {
                Some(SquareRule::CaptureSquareWait) => mv.captured.map(|_| p.square),
                Some(SquareRule::Parrain { contra }) => {
                    parrain_target(p.square, displacement(&mv), contra)
                }
                _ => parrain_target(p.square, displacement(&mv), false),
            };
            if let Some(sq) = target.filter(|sq| !occupied.contains(*sq)) {
                for placement in
                    placements(self.rebirth_promotions(pos.side), p.piece(), sq, p.attrs())
                {
                    let mut m = mv;
                    m.effects.push(Change::Put(placement, Cause::Arrival));
                    out.push(m);
                }
                return;
            }
            out.push(mv);
            return;
        }
        if let Some(h) = hidden
            .iter()
            .flatten()
            .find(|h| !occupied.contains(h.square))
        {
            let placement = Placement {
                piece: h.piece(),
                square: h.square,
                attrs: h.attrs(),
                promoted: None,
            };
            mv.effects.push(Change::Put(placement, Cause::Eruption));
        }
        out.push(mv);
    }

    /// Plays the arrival of a move after its capture effects: a Parrain rebirth or an
    /// eruption.
    pub(super) fn arrive(
        &self,
        pos: &Position<FairyExt<O, F>>,
        mv: &Move,
        p: &mut Position<FairyExt<O, F>>,
    ) {
        if let Some((from, a)) = mv.effects.changes().find_map(|c| match *c {
            Change::Relocate(from, a, Cause::Arrival) => Some((from, a)),
            _ => None,
        }) {
            // Anticirce Parrain: the capturer that waited moves on.
            let origin = p.ext.origins.get(from);
            p.board.take(from);
            p.board.put_unit(a.square, a.piece, a.attrs);
            p.ext.origins.set(from, NO_ORIGIN);
            p.ext.origins.set(a.square, origin);
            p.castling = p.castling.without(from);
            regrant(&mut p.castling, a.piece, a.square);
            for r in &mut p.ext.royal {
                if *r == from.index() as u8 {
                    *r = a.square.index() as u8;
                }
            }
            // The capturer of this move, if it was the unit moved on, waits there.
            if p.ext.waiting == from.index() as u8 {
                p.ext.waiting = a.square.index() as u8;
            }
            return;
        }
        let Some((a, cause)) = mv.effects.changes().find_map(|c| match *c {
            Change::Put(a, cause @ (Cause::Arrival | Cause::Eruption)) => Some((a, cause)),
            _ => None,
        }) else {
            return;
        };
        p.board.put_unit(a.square, a.piece, a.attrs);
        regrant(&mut p.castling, a.piece, a.square);
        if cause == Cause::Eruption {
            let hidden = &mut p.ext.hidden;
            if let Some(i) = hidden
                .iter()
                .position(|h| h.is_some_and(|h| h.square == a.square))
            {
                let origin = hidden[i].expect("found").origin;
                // The others keep their order of burial.
                hidden.copy_within(i + 1.., i);
                hidden[MAX_HIDDEN - 1] = None;
                p.ext.origins.set(a.square, origin);
            }
        } else if let Some(pending) = pos.ext.pending {
            p.ext.origins.set(a.square, pending.origin);
        }
    }

    /// Plays the move with its capture effects, but not its arrival (Parrain rebirth or eruption).
    /// `p` holds a copy of `pos` on entry: written in place, since a position built in a
    /// local and returned was copied out right after its last byte-wide stores, and the
    /// wide loads of that copy stalled on them (a third of `apply`'s time).
    pub(super) fn apply(
        &self,
        pos: &Position<FairyExt<O, F>>,
        mv: &Move,
        p: &mut Position<FairyExt<O, F>>,
    ) {
        let mover = pos.side;
        let x = mv.capture_square();
        let from_origin = p.ext.origins.get(mv.from);
        let captured_origin = if mv.is_capture() {
            p.ext.origins.get(x)
        } else {
            NO_ORIGIN
        };
        // The captured unit's attributes (a Parrain rebirth keeps them).
        let captured_attrs = if mv.is_capture() {
            pos.board.attrs_at(x)
        } else {
            UnitAttrs::default()
        };
        let e = &mv.effects;
        // Units set where the move is made from first (Anti-Mars castling).
        for change in e.changes().filter(|c| c.cause() == Cause::Setup) {
            movegen::apply_change(&mut p.board, change);
        }
        // The rook of a castling made as a make goes first, its right with it.
        for change in e.changes().filter(|_| self.make_take) {
            if let Change::Relocate(from, r, Cause::CastlingMake) = *change {
                movegen::apply_change(&mut p.board, change);
                p.castling = p.castling.without(from);
                p.ext.origins.set(r.square, p.ext.origins.get(from));
                p.ext.origins.set(from, NO_ORIGIN);
            }
        }
        if mv.kind == MoveKind::Locust && mv.from == mv.to {
            play_in_place(p, mv);
        } else if mv.from == mv.to && mv.captured.is_none() {
            // An Anti-Mars move back to the unit's own square (`a5-a7-a5`): the unit
            // stays, promoting if it must; the move passes the turn.
            play_in_place(p, mv);
        } else if mv.kind == MoveKind::Exchange {
            play_exchange(p, mv);
        } else {
            movegen::play_orthodox(p, mv);
        }
        if mv.kind == MoveKind::Locust {
            // A locust's or a Take & Make capture ends beyond the unit it takes, whose
            // castling right goes with it.
            p.castling = p.castling.without(mv.capture_at);
        }
        if self.messigny.is_some() {
            p.ext.last = [NO_ORIGIN; 2];
        }
        if self.make_take
            && p.ep.is_none()
            && mv.role == Role::Pawn
            && mv.from.rank().abs_diff(mv.to.rank()) == 2
            && p.board.pieces(!mover, Role::Pawn).is_nonempty()
        {
            // Under Make & Take an enemy pawn anywhere may reach a square to take it from
            // with its make (`h7*g6 ep.`: h7-h5 as a black pawn, then the take).
            p.ep = Some(crate::board::EnPassant {
                crossed: Square::from_coords(mv.to.file(), (mv.from.rank() + mv.to.rank()) / 2),
                pawn: mv.to,
            });
        }
        if self.einstein.is_some() {
            p.ext.far_crossed = Einstein::far_crossing(&p.board, mover, mv)
                .map_or(NO_ORIGIN, |sq| sq.index() as u8);
        }
        if mv.kind == MoveKind::Exchange {
            p.ext.last = [mv.from.index() as u8, mv.to.index() as u8];
            // Royal units other than kings may exchange: each follows its move.
            for r in &mut p.ext.royal {
                if *r == mv.from.index() as u8 {
                    *r = mv.to.index() as u8;
                } else if *r == mv.to.index() as u8 {
                    *r = mv.from.index() as u8;
                }
            }
            if O::TRACKED {
                let (a, b) = (p.ext.origins.get(mv.from), p.ext.origins.get(mv.to));
                p.ext.origins.set(mv.from, b);
                p.ext.origins.set(mv.to, a);
            }
            return;
        }
        if O::TRACKED {
            p.ext.origins.set(x, NO_ORIGIN);
            p.ext.origins.set(mv.from, NO_ORIGIN);
            p.ext.origins.set(mv.to, from_origin);
            if mv.is_castling() {
                let (rf, rt) = movegen::castling_rook(mv);
                p.ext.origins.set(rt, p.ext.origins.get(rf));
                p.ext.origins.set(rf, NO_ORIGIN);
            }
        }
        let mut arrived = Some(mv.to);
        // Where the captured unit was reborn.
        let mut reborn = None;
        for change in e.changes() {
            match *change {
                Change::Remove(sq, Cause::Removal { .. }) => {
                    movegen::apply_change(&mut p.board, change);
                    p.ext.origins.set(sq, NO_ORIGIN);
                    arrived = None;
                }
                Change::Relocate(from, r, Cause::Relocation) => {
                    arrived = Some(r.square);
                    if r.square != from {
                        if p.board.occupied().contains(r.square) {
                            // Anticirce Assassin: the occupant goes, with its castling
                            // right.
                            p.castling = p.castling.without(r.square);
                        }
                        movegen::apply_change(&mut p.board, change);
                        p.ext.origins.set(r.square, p.ext.origins.get(from));
                        p.ext.origins.set(from, NO_ORIGIN);
                        regrant(&mut p.castling, r.piece, r.square);
                    } else if p.board.piece_at(from) != Some(r.piece) {
                        // Reborn where it captured as another kind (a bishop that became a
                        // rook by its capture on h1, under Anticirce Einstein).
                        movegen::apply_change(&mut p.board, change);
                    }
                }
                Change::Hide(r, Cause::Burial) => {
                    p.ext
                        .hide(Hidden::new(r.piece, r.attrs, r.square, captured_origin));
                }
                // The occupant leaves the board; the latest comes back first.
                Change::Hide(r, Cause::Parachute) => {
                    let origin = p.ext.origins.get(r.square);
                    p.board.take(r.square);
                    p.ext.origins.set(r.square, NO_ORIGIN);
                    p.castling = p.castling.without(r.square);
                    p.ext
                        .hide_first(Hidden::new(r.piece, r.attrs, r.square, origin));
                }
                Change::Put(r, Cause::Rebirth) => {
                    if r.piece.color != mover {
                        reborn = Some(r.square);
                    }
                    if p.board.occupied().contains(r.square) {
                        // Circe Assassin: the occupant goes, with its castling right.
                        p.castling = p.castling.without(r.square);
                    }
                    movegen::apply_change(&mut p.board, change);
                    p.ext.origins.set(r.square, captured_origin);
                    regrant(&mut p.castling, r.piece, r.square);
                }
                Change::Recolour(sq, _) => {
                    movegen::apply_change(&mut p.board, change);
                    // A rook that changed sides has no castling right there.
                    p.castling = p.castling.without(sq);
                }
                // The kings' exchange (Oscillating kings, never with an arrival), the
                // castling rook's new kind (Einstein chess), the half-neutral mover's new
                // phase.
                Change::Exchange(..)
                | Change::Put(_, Cause::WalkChange)
                | Change::Put(_, Cause::PhaseChange) => movegen::apply_change(&mut p.board, change),
                // Set up before the move; the arrivals come after this (`play_into`).
                _ => {}
            }
        }
        // The royal pieces follow their moves; a captured one is gone unless it is reborn
        // (Circe Rex Inclusive).
        let them = (!mover).index();
        if p.ext.royal[them] == x.index() as u8 && mv.is_capture() {
            p.ext.royal[them] = reborn.map_or(NO_ORIGIN, |sq| sq.index() as u8);
        }
        let was_royal = p.ext.royal[mover.index()] == mv.from.index() as u8;
        if was_royal || mv.role == Role::King {
            // Still royal if its own unit, not a king, stands where it went (a king stays
            // a king; an Assassin rebirth may have taken the square).
            p.ext.royal[mover.index()] = match arrived {
                Some(sq)
                    if p.board
                        .piece_at(sq)
                        .is_some_and(|u| u.color == mover && u.role != Role::King) =>
                {
                    sq.index() as u8
                }
                _ => NO_ORIGIN,
            };
        }
        // A royal piece whose square another side's unit took is gone (Circe Assassin: a
        // unit reborn on it).
        for color in Color::ALL {
            let r = p.ext.royal[color.index()];
            if r != NO_ORIGIN && p.board.color_at(Square::new(r)) != Some(color) {
                p.ext.royal[color.index()] = NO_ORIGIN;
            }
        }
        let parrain = matches!(
            self.circe.map(|c| c.square),
            Some(SquareRule::Parrain { .. })
        );
        let waits_for_capture = self.circe.map(|c| c.square) == Some(SquareRule::CaptureSquareWait);
        if waits_for_capture && mv.captured.is_some() {
            // The unit taken now waits for the next capture; the one waiting came back or
            // was lost.
            p.ext.pending = mv
                .captured
                .filter(|c| c.role != Role::King)
                .map(|c| Pending::new(c, captured_attrs, x, captured_origin));
        }
        if parrain && self.anticirce_parrain() {
            // The capturer waits where it took, to go with the next move.
            p.ext.pending = None;
            p.ext.waiting = NO_ORIGIN;
            if mv.captured.is_some() {
                if let Some(unit) = p.board.piece_at(mv.to) {
                    let attrs = p.board.attrs_at(mv.to);
                    p.ext.pending =
                        Some(Pending::new(unit, attrs, mv.to, p.ext.origins.get(mv.to)));
                    p.ext.waiting = mv.to.index() as u8;
                }
            }
        } else if parrain {
            p.ext.pending = None;
            if let Some(c) = mv.captured {
                if c.role != Role::King {
                    p.ext.pending = Some(Pending::new(c, captured_attrs, x, captured_origin));
                }
            }
        }
    }
}

/// A Take & Make capture whose make ends on the square its unit left (`Kd4*e4-d4`, an en
/// passant capture made back onto the taken pawn's square is the other way round): the
/// captured unit goes, the mover stays, promoting if it must.
fn play_in_place<O: Origins, F: FairyStore>(p: &mut Position<FairyExt<O, F>>, mv: &Move) {
    if mv.captured.is_some() {
        p.board.take(mv.capture_at);
    }
    if let Some(role) = mv.promotion {
        p.board.set_role(mv.to, mv.role, role);
    }
    p.castling = p.castling.without(mv.from);
    // A pawn's double step back to its own square (`a5-a7-a5`) may be taken en passant,
    // as in the reference solver.
    p.ep = if mv.kind == MoveKind::DoubleStep {
        movegen::en_passant_chance(&p.board, p.side, mv)
    } else {
        None
    };
    p.side = !p.side;
}

/// A Messigny exchange: the two units change places; castling rights stay with their
/// squares, as in the reference solver.
#[inline(never)]
fn play_exchange<O: Origins, F: FairyStore>(p: &mut Position<FairyExt<O, F>>, mv: &Move) {
    movegen::apply_change(&mut p.board, &Change::Exchange(mv.from, mv.to));
    p.ep = None;
    p.side = !p.side;
}

/// Andernach chess: the capturer passes to `side` where it now stands (its arrival, or
/// its Anticirce rebirth square). Apart, so that the common expansion stays small.
#[inline(never)]
fn recolour_capturer<F: FairyStore>(
    board: &mut Board<F>,
    effects: &mut Effects,
    mv: &Move,
    side: Color,
) {
    let at = effects
        .changes()
        .find_map(|c| match *c {
            Change::Relocate(_, r, Cause::Relocation) => Some(r.square),
            _ => None,
        })
        .unwrap_or(mv.to);
    let change = Change::Recolour(at, side);
    movegen::apply_change(board, &change);
    effects.push(change);
}

/// The sum of the displacements of all units the move shifts (Parrain Circe's vector).
/// Where a Parrain (`contra`: ContraParrain) unit waiting for a move from `square`
/// goes with a move of displacement `(df, dr)`: that far from it, or the other way.
pub(super) fn parrain_target(square: Square, (df, dr): (i8, i8), contra: bool) -> Option<Square> {
    if contra {
        square.offset(-df, -dr)
    } else {
        square.offset(df, dr)
    }
}

fn displacement(mv: &Move) -> (i8, i8) {
    match mv.kind {
        MoveKind::CastleShort => (0, 0),
        MoveKind::CastleLong => (1, 0),
        MoveKind::Null => (0, 0),
        _ => (
            mv.to.file() as i8 - mv.from.file() as i8,
            mv.to.rank() as i8 - mv.from.rank() as i8,
        ),
    }
}
