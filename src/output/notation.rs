//! Popeye's move notation: `Sc6*e5`, `e7-e8=Q`, `0-0-0`, `e5*d6 ep.`, rebirths in brackets.

use crate::board::{Piece, Role, Square};
use crate::movegen::{Cause, Change, MoveKind, Placement, UnitAttrs};
use crate::search::PlayedMove;
use crate::stipulation::Goal;
use std::fmt::Write;

/// A unit: `wSg8`'s `wS`, with its attributes: `brP` a royal pawn (a king shows none),
/// `wkR` a kamikaze rook.
fn unit(p: &Placement, royal: bool) -> String {
    format!(
        "{}{}{}{}{}{}{}{}",
        if p.attrs.neutral() {
            'n'
        } else {
            p.piece.color.letter()
        },
        royal_mark(royal, p.piece.role),
        if p.attrs.kamikaze() { "k" } else { "" },
        if p.attrs.paralysing() { "p" } else { "" },
        if p.attrs.chameleon() { "c" } else { "" },
        if p.attrs.half_neutral() { "hn" } else { "" },
        if p.attrs.frischauf() { "f" } else { "" },
        p.piece.role.code()
    )
}

/// `r` before a royal unit's kind, unless it is a king.
fn royal_mark(royal: bool, role: Role) -> &'static str {
    if royal && role != Role::King {
        "r"
    } else {
        ""
    }
}

/// A placed unit with its square: `wSg8`, or `bPe1=R` for a pawn that promoted on arrival.
fn placed(p: &Placement, royal: bool) -> String {
    if let Some(pawn) = p.promoted {
        // A pawn reborn promoting that becomes a chameleon shows it last: `bPf1=B=c`;
        // a chameleon pawn stays one: `wcPg8=cR`.
        let gained = p.attrs.became_chameleon();
        let as_pawn = Placement {
            piece: Piece::new(p.piece.color, pawn),
            attrs: if gained {
                UnitAttrs::new(p.attrs.kamikaze(), p.attrs.neutral())
            } else {
                p.attrs
            },
            ..*p
        };
        let mut mark = String::from(if p.attrs.neutral() {
            "n"
        } else {
            royal_mark(royal, p.piece.role)
        });
        if p.attrs.kamikaze() {
            mark.push('k');
        }
        if p.attrs.paralysing() {
            mark.push('p');
        }
        if p.attrs.chameleon() && !gained {
            mark.push('c');
        }
        if p.attrs.half_neutral() {
            mark.push_str("hn");
        }
        let became = match (gained, p.attrs.neutral()) {
            (false, _) => "",
            (true, false) => "=c",
            (true, true) => "=nc",
        };
        format!(
            "{}{}={mark}{}{became}",
            unit(&as_pawn, royal),
            p.square,
            p.piece.role.code(),
        )
    } else {
        format!("{}{}", unit(p, royal), p.square)
    }
}

/// The attribute marks of the moving unit, in the reference solver's order: `n` neutral,
/// `r` royal (where `royal` says so), `k` kamikaze, `p` paralysing, `c` chameleon,
/// `hn` half-neutral.
fn mover_marks(pm: &PlayedMove, royal: bool) -> String {
    [
        (pm.neutral, "n"),
        (royal, "r"),
        (pm.kamikaze, "k"),
        (pm.paralysing, "p"),
        (pm.chameleon, "c"),
        (pm.half_neutral, "hn"),
        (pm.frischauf, "f"),
    ]
    .iter()
    .filter(|(on, _)| *on)
    .map(|(_, c)| *c)
    .collect()
}

/// The kind as it stands before a move: nothing for the orthodox pawn, else its code.
fn piece_letter(role: Role) -> &'static str {
    if role == Role::Pawn {
        ""
    } else {
        role.code()
    }
}

/// The square of the rook that a Make & Take capture's make castled with, if it did.
fn castling_make(mv: &crate::movegen::Move) -> Option<Square> {
    mv.effects.changes().find_map(|c| match *c {
        Change::Relocate(from, _, Cause::CastlingMake) => Some(from),
        _ => None,
    })
}

/// A move's new kind, `=Q` (a promotion or Einstein chess's change of walk).
fn new_kind(s: &mut String, pm: &PlayedMove) {
    let mv = &pm.mv;
    if let Some(role) = mv.promotion {
        // A royal pawn promotes to a royal unit; the reference solver shows no mark at all
        // (royal, neutral, kamikaze) on a kind an Einstein move changes: `nSh6-f5=P`.
        let marks = if pm.walk_change {
            String::new()
        } else {
            mover_marks(pm, pm.royal && mv.role.is_pawn())
        };
        let _ = write!(s, "={marks}{}", role.code());
    }
}

/// The move without check or goal marks.
pub fn move_text(pm: &PlayedMove) -> String {
    let mv = &pm.mv;
    let mut s = String::new();
    // Under Alice chess an Einstein change of walk follows the board: `Qe5-a1B=R`.
    let kind_after_board = pm.walk_change && mv.effects.board_to != 0;
    for change in mv.effects.changes() {
        // Anti-Mars castling: the units go to their rebirth squares first.
        if let Change::Relocate(from, p, Cause::Setup) = *change {
            let _ = write!(s, "[{}{from}->{}]", unit(&p, false), p.square);
        }
    }
    match mv.kind {
        MoveKind::CastleShort => s.push_str("0-0"),
        MoveKind::CastleLong => s.push_str("0-0-0"),
        MoveKind::Null => s.push_str("..."),
        MoveKind::Exchange => {
            // Pawns too have their letter here: `Pb2<->Pb6`.
            let letter = mv.role.code();
            let _ = write!(s, "{letter}{}<->{letter}{}", mv.from, mv.to);
        }
        MoveKind::Zero => {
            s.push_str(piece_letter(mv.role));
            let _ = write!(
                s,
                "{}{}{}",
                mv.from,
                if mv.is_capture() { '*' } else { '-' },
                mv.to
            );
        }
        _ if let Some(rook_from) = castling_make(mv) => {
            // Make & Take: the capturer castled as the king it takes (`0-0*e6`).
            s.push_str(if rook_from.file() == 7 {
                "0-0"
            } else {
                "0-0-0"
            });
            let _ = write!(s, "*{}", mv.to);
        }
        _ => {
            let marks = mover_marks(pm, pm.royal);
            if marks.is_empty() {
                s.push_str(piece_letter(mv.role));
            } else {
                // A unit with attributes shows them, and its kind even if a pawn.
                s.push_str(&marks);
                s.push_str(mv.role.code());
            }
            let _ = write!(s, "{}", mv.from);
            if let Some(via) = mv.effects.via {
                let _ = write!(s, "-{via}");
            }
            if mv.kind == MoveKind::Locust {
                // The locust takes on the square it passes: `La1*c3-d4`; a Take & Make
                // en passant capture whose make ends on the captured pawn's square shows
                // that square alone, as the reference solver prints it (`e5*d5`).
                let _ = write!(s, "*{}", mv.capture_square());
                if mv.to != mv.capture_square() {
                    let _ = write!(s, "-{}", mv.to);
                }
            } else {
                s.push(if mv.is_capture() { '*' } else { '-' });
                let _ = write!(s, "{}", mv.to);
            }
            // An en passant capture's new kind comes last (Einstein chess): `f5*g6 ep.=S`.
            if mv.kind == MoveKind::EnPassant {
                s.push_str(" ep.");
            }
            if !kind_after_board {
                new_kind(&mut s, pm);
            }
        }
    }
    let e = &mv.effects;
    // A unit removed where it took (a kamikaze unit in Alice chess) passes to no board:
    // its board shows in the removal, `kRd1*d7[-wkRd7A]`.
    let removed_on_its_board = e.board_to != 0
        && e.changes()
            .any(|c| matches!(c, Change::Remove(_, Cause::Removal { shown: true })));
    if e.board_to != 0 && !removed_on_its_board {
        // The board the unit ends on; castling names the king's and the rook's.
        let to = (b'A' + e.board_to - 1) as char;
        s.push(to);
        if mv.is_castling() {
            s.push(to);
        }
    }
    if kind_after_board {
        new_kind(&mut s, pm);
    }
    // A half-neutral unit's new phase comes before any rebirth: `hnBf8*e7=nh[+nhnRa1]`.
    for change in e.changes() {
        if let Change::Put(r, Cause::PhaseChange) = *change {
            if r.attrs.neutral() {
                s.push_str("=nh");
            } else {
                let _ = write!(s, "={}h", r.piece.color.letter());
            }
        }
    }
    // A capturer that changes colour where it was reborn (Andernach chess with
    // Anticirce) shows the change inside its rebirth: `[bBe3->f8=w]`.
    let relocated = e.changes().find_map(|c| match *c {
        Change::Relocate(_, r, Cause::Relocation) => Some(r.square),
        _ => None,
    });
    let reborn = e.changes().find_map(|c| match *c {
        Change::Put(r, Cause::Rebirth) => Some(r.square),
        _ => None,
    });
    for change in e.changes() {
        match *change {
            Change::Relocate(from, r, Cause::Relocation) => {
                relocation(&mut s, pm, from, &r);
                if let Some(color) = e.changes().find_map(|c| match *c {
                    Change::Recolour(sq, color) if sq == r.square => Some(color),
                    _ => None,
                }) {
                    s.pop();
                    let _ = write!(s, "={}]", color.letter());
                }
            }
            // The capturer that waited moves on (Anticirce Parrain): `[bPc2->b1=S]`.
            Change::Relocate(from, r, Cause::Arrival) => {
                let before = Placement {
                    piece: Piece::new(r.piece.color, r.promoted.unwrap_or(r.piece.role)),
                    promoted: None,
                    ..r
                };
                let _ = write!(s, "[{}{from}->{}", unit(&before, false), r.square);
                if r.promoted.is_some() {
                    let _ = write!(s, "={}", r.piece.role.code());
                }
                s.push(']');
            }
            Change::Recolour(sq, _) if relocated == Some(sq) => {}
            // A unit reborn on the other side (Circe Turncoats): `[+bRh8=w]`.
            Change::Recolour(sq, _) if reborn == Some(sq) => {}
            Change::Remove(sq, Cause::Removal { shown: true }) => {
                let p = Placement {
                    piece: Piece::new(pm.mover, mv.promotion.unwrap_or(mv.role)),
                    square: sq,
                    attrs: UnitAttrs::kamikaze_if(true),
                    promoted: None,
                };
                let _ = write!(s, "[-{}{sq}", unit(&p, pm.royal));
                if removed_on_its_board {
                    s.push((b'A' + e.board_to - 1) as char);
                }
                s.push(']');
            }
            Change::Hide(_, Cause::Parachute) => {}
            Change::Hide(r, _) => {
                let _ = write!(s, "[+{}->v]", placed(&r, false));
            }
            Change::Put(_, Cause::PhaseChange) => {}
            // A unit's new kind where it stands (Einstein chess's castling rook): `0-0=B`.
            // A promoted unit that becomes a chameleon: `c7-c8=Q=c`.
            Change::Put(r, Cause::WalkChange) if r.attrs.chameleon() => {
                s.push_str(if r.attrs.neutral() { "=nc" } else { "=c" })
            }
            Change::Put(r, Cause::WalkChange) => {
                let _ = write!(s, "={}", r.piece.role.code());
            }
            Change::Put(r, cause) => {
                // A royal unit other than a king reborn (Circe Rex Inclusive): `[+brPd7]`.
                let royal =
                    pm.captured_royal && cause == Cause::Rebirth && r.piece.color != pm.mover;
                let _ = write!(s, "[+{}", placed(&r, royal));
                if let Some(color) = e.changes().find_map(|c| match *c {
                    Change::Recolour(sq, color) if cause == Cause::Rebirth && sq == r.square => {
                        Some(color)
                    }
                    _ => None,
                }) {
                    let _ = write!(s, "={}", color.letter());
                }
                s.push(']');
            }
            Change::Recolour(_, color) => {
                let _ = write!(s, "={}", color.letter());
            }
            // The kings' exchange (Oscillating kings): `[Kh8<->Ka3]`, the black king's
            // square first, as the reference solver prints it.
            Change::Exchange(white, black) => {
                let _ = write!(s, "[K{black}<->K{white}]");
            }
            _ => {}
        }
    }
    // Units that changed sides (Masand): `[f1=w][f4=w]`.
    for &(sq, color) in &pm.turned {
        let _ = write!(s, "[{sq}={}]", color.letter());
    }
    s
}

/// The capturing unit moved from `from` (where it captured) to its rebirth square.
fn relocation(s: &mut String, pm: &PlayedMove, from: Square, r: &Placement) {
    let mv = &pm.mv;
    // The side's royal unit shows its attribute unless it is a king: `[wrQf4->d1]`; a
    // king stays royal as another kind: `[bKe3->rBf8]` (AntiClone).
    let royal = pm.royal || mv.role == Role::King;
    let gained = r.attrs.became_chameleon();
    let arrived = Placement {
        piece: Piece::new(r.piece.color, mv.promotion.unwrap_or(mv.role)),
        promoted: None,
        attrs: if gained {
            UnitAttrs::new(r.attrs.kamikaze(), r.attrs.neutral())
        } else {
            r.attrs
        },
        ..*r
    };
    let _ = write!(s, "[{}{from}->", unit(&arrived, royal));
    if r.promoted.is_some() {
        // A pawn reborn on its last rank promotes there (Anti-Super Circe): `[wPf5->a8=Q]`;
        // to a chameleon unit too where the problem has some: `[wPd7->e8=Q=c]`, a
        // chameleon pawn to a chameleon: `[wcPd7->e8=cQ]`; a neutral or half-neutral pawn
        // to such a unit: `[nPg6->h8=nB]`, `[whnPb5->g8=hnQ]`.
        let _ = write!(
            s,
            "{}={}{}{}{}{}]",
            r.square,
            match (r.attrs.neutral(), r.attrs.half_neutral()) {
                (true, true) => "nhn",
                (true, false) => "n",
                (false, true) => "hn",
                (false, false) => "",
            },
            royal_mark(royal, r.piece.role),
            if r.attrs.chameleon() && !gained {
                "c"
            } else {
                ""
            },
            r.piece.role.code(),
            if gained { "=c" } else { "" }
        );
    } else if arrived.piece.role == r.piece.role {
        let _ = write!(s, "{}]", r.square);
    } else {
        // Its new kind where it changes (Chameleon Anticirce, AntiClone): `[wRd5->Qd1]`;
        // the reference solver marks it royal only where a king changed kind.
        let _ = write!(
            s,
            "{}{}{}]",
            royal_mark(mv.role == Role::King, r.piece.role),
            r.piece.role.code(),
            r.square
        );
    }
}

/// The mark after a move, as Popeye prints it: the check (` +`) unless the goal the move
/// reaches stands for it, then the goal's mark (` #`, ` =`, ` x`, ` zd5`'s ` z`, ...).
pub fn mark(pm: &PlayedMove) -> String {
    let mut s = String::new();
    if pm.check && !pm.result.is_some_and(Goal::preempts_check) {
        s.push_str(" +");
    }
    if let Some(goal) = pm.result {
        let marker = goal.end_marker();
        if !marker.is_empty() {
            s.push(' ');
            s.push_str(marker);
        }
    }
    s
}

/// The move with its mark, as it stands in a solution.
pub fn full(pm: &PlayedMove) -> String {
    format!("{}{}", move_text(pm), mark(pm))
}
