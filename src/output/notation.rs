//! Popeye's move notation: `Sc6*e5`, `e7-e8=Q`, `0-0-0`, `e5*d6 ep.`, rebirths in brackets.

use crate::board::{Piece, Role, Square};
use crate::movegen::{Cause, Change, MoveKind, Placement};
use crate::search::PlayedMove;
use crate::stipulation::Goal;
use std::fmt::Write;

fn unit(p: &Placement) -> String {
    format!(
        "{}{}{}",
        p.piece.color.letter(),
        if p.kamikaze { "k" } else { "" },
        p.piece.role.code()
    )
}

/// A placed unit with its square: `wSg8`, or `bPe1=R` for a pawn that promoted on arrival.
fn placed(p: &Placement) -> String {
    if let Some(pawn) = p.promoted {
        format!(
            "{}{}{}{}={}",
            p.piece.color.letter(),
            if p.kamikaze { "k" } else { "" },
            pawn.code(),
            p.square,
            p.piece.role.code()
        )
    } else {
        format!("{}{}", unit(p), p.square)
    }
}

/// The kind as it stands before a move: nothing for the orthodox pawn, else its code.
fn piece_letter(role: Role) -> &'static str {
    if role == Role::Pawn {
        ""
    } else {
        role.code()
    }
}

/// The move without check or goal marks.
pub fn move_text(pm: &PlayedMove) -> String {
    let mv = &pm.mv;
    let mut s = String::new();
    for change in mv.effects.changes() {
        // Anti-Mars castling: the units go to their rebirth squares first.
        if let Change::Relocate(from, p, Cause::Setup) = *change {
            let _ = write!(s, "[{}{from}->{}]", unit(&p), p.square);
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
        _ => {
            if pm.kamikaze {
                s.push('k');
                s.push_str(mv.role.code());
            } else if pm.royal {
                s.push('r');
                s.push_str(mv.role.code());
            } else {
                s.push_str(piece_letter(mv.role));
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
            if let Some(role) = mv.promotion {
                let _ = write!(s, "={}{}", if pm.kamikaze { "k" } else { "" }, role.code());
            }
        }
    }
    let e = &mv.effects;
    if e.board_to != 0 {
        // The board the unit ends on; castling names the king's and the rook's.
        let to = (b'A' + e.board_to - 1) as char;
        s.push(to);
        if mv.is_castling() {
            s.push(to);
        }
    }
    // A capturer that changes colour where it was reborn (Andernach chess with
    // Anticirce) shows the change inside its rebirth: `[bBe3->f8=w]`.
    let relocated = e.changes().find_map(|c| match *c {
        Change::Relocate(_, r, Cause::Relocation) => Some(r.square),
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
            Change::Recolour(sq, _) if relocated == Some(sq) => {}
            Change::Remove(sq, Cause::Removal { shown: true }) => {
                let p = Placement {
                    piece: Piece::new(pm.mover, mv.promotion.unwrap_or(mv.role)),
                    square: sq,
                    kamikaze: true,
                    promoted: None,
                };
                let _ = write!(s, "[-{}{sq}]", unit(&p));
            }
            Change::Hide(r, _) => {
                let _ = write!(s, "[+{}->v]", placed(&r));
            }
            // A unit's new kind where it stands (Einstein chess's castling rook): `0-0=B`.
            Change::Put(r, Cause::WalkChange) => {
                let _ = write!(s, "={}", r.piece.role.code());
            }
            Change::Put(r, _) => {
                let _ = write!(s, "[+{}]", placed(&r));
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
    if r.piece.role != Role::King && (mv.role == Role::King || pm.royal) {
        // A royal unit reborn as another kind stays royal: `[bKe3->rBf8]`.
        let old = Placement {
            piece: Piece::new(r.piece.color, mv.role),
            ..*r
        };
        let _ = write!(
            s,
            "[{}{from}->r{}{}]",
            unit(&old),
            r.piece.role.code(),
            r.square
        );
    } else {
        // The unit as it arrived, then its new kind where it changes (Chameleon
        // Anticirce, AntiClone): `[wRd5->Qd1]`, `[wRd5->h1]`.
        let arrived = Placement {
            piece: Piece::new(r.piece.color, mv.promotion.unwrap_or(mv.role)),
            ..*r
        };
        if r.promoted.is_some() {
            // A pawn reborn on its last rank promotes there (Anti-Super Circe): `[wPf5->a8=Q]`.
            let _ = write!(
                s,
                "[{}{from}->{}={}]",
                unit(&arrived),
                r.square,
                r.piece.role.code()
            );
            return;
        }
        let changed = if arrived.piece.role == r.piece.role {
            ""
        } else {
            r.piece.role.code()
        };
        let _ = write!(s, "[{}{from}->{changed}{}]", unit(&arrived), r.square);
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
