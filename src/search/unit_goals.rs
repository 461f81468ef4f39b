//! The goals that ask where units stood in the diagram: circuit (`ct`), exchange (`<>`),
//! their by-rebirth forms (`ctr`, `<>r`) and kiss (`k<square>`). The rules carry each
//! unit's diagram square ([`Rules::origin`]); a unit that came later has none.
//!
//! As the reference solver has them: the moving unit is followed through what its move
//! does to it (an Anticirce rebirth, a kamikaze's end, an exchange of kings). The
//! by-rebirth goals count the rebirths of a Circe only ([`Rules::circe_rebirths`]; an
//! Anticirce rebirth is none): the move's last unit to be reborn (the captured unit, a
//! Parrain arrival, a kamikaze capturer).

use crate::board::{Position, Square};
use crate::conditions::Rules;
use crate::movegen::{attacks, Cause, Change, Move};
use crate::stipulation::Goal;

/// Whether `mv`, which led to `after`, reaches `goal`, one of [`Goal::follows_units`].
#[inline(never)]
pub(super) fn reached<R: Rules>(
    rules: &R,
    mv: &Move,
    after: &Position<R::Ext>,
    goal: Goal,
) -> bool {
    let origin = |sq: Square| rules.origin(after, sq);
    match goal {
        Goal::Circuit => mover_square(mv).is_some_and(|s| origin(s) == Some(s)),
        // The partner is of the side that moved.
        Goal::Exchange => mover_square(mv)
            .and_then(|s| partner(rules, after, s))
            .is_some_and(|d| after.board.color_at(d) == Some(!after.side)),
        Goal::CircuitByRebirth => {
            rules.circe_rebirths() && rebirth_square(mv).is_some_and(|r| origin(r) == Some(r))
        }
        // The partner is of the side to move after the move (the reborn unit's side
        // under Circe), as the reference solver tests it.
        Goal::ExchangeByRebirth => {
            rules.circe_rebirths()
                && rebirth_square(mv)
                    .and_then(|r| partner(rules, after, r))
                    .is_some_and(|d| after.board.color_at(d) == Some(after.side))
        }
        Goal::Kiss(target) => mover_square(mv).is_some_and(|s| kisses(rules, after, s, target)),
        _ => unreachable!("not a goal of the units' diagram squares"),
    }
}

/// Where the unit stands whose diagram square the unit on `s` stands on, if it stands on
/// that unit's: the two have exchanged places.
fn partner<R: Rules>(rules: &R, after: &Position<R::Ext>, s: Square) -> Option<Square> {
    rules
        .origin(after, s)
        .filter(|&d| d != s && rules.origin(after, d) == Some(s))
}

/// Whether the unit on `s` stands beside the unit from `target`, which has no other unit
/// beside it.
fn kisses<R: Rules>(rules: &R, after: &Position<R::Ext>, s: Square, target: Square) -> bool {
    let occupied = after.board.occupied();
    (attacks::king(s) & occupied).into_iter().any(|k| {
        rules.origin(after, k) == Some(target)
            && (attacks::king(k) & occupied).without(s).is_empty()
    })
}

/// Where the moving unit ends, followed through its move's effects; `None` when it left
/// the board.
fn mover_square(mv: &Move) -> Option<Square> {
    let mut end = Some(mv.to);
    for change in mv.effects.changes() {
        end = match (*change, end) {
            (_, None) => None,
            (Change::Relocate(from, r, Cause::Relocation), Some(e)) if from == e => Some(r.square),
            (Change::Remove(sq, Cause::Removal { .. }), Some(e)) if sq == e => None,
            // A unit reborn on its square (Circe Assassin) takes it.
            (Change::Put(p, _), Some(e)) if p.square == e => None,
            (Change::Exchange(a, b), Some(e)) if a == e => Some(b),
            (Change::Exchange(a, b), Some(e)) if b == e => Some(a),
            (_, e) => e,
        };
    }
    end
}

/// Where the move's last reborn unit is reborn, if any.
fn rebirth_square(mv: &Move) -> Option<Square> {
    mv.effects
        .changes()
        .fold(None, |last, change| match *change {
            Change::Put(p, Cause::Rebirth | Cause::Arrival) => Some(p.square),
            Change::Relocate(_, r, Cause::Relocation) => Some(r.square),
            _ => last,
        })
}
