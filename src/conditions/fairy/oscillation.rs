//! Oscillating kings: the kings' exchange decided for each candidate move, once its
//! other effects are known (see `conditions::oscillating`). As the reference solver
//! slices the move, the exchange comes after what happens to the capturer (Anticirce,
//! kamikaze, Andernach) and before the captured unit's Circe rebirth: a check the reborn
//! unit blocks still exchanges the kings (`Rd2*d5[Kd8<->Kg2][+bPd7]`).

use super::*;
use crate::conditions::oscillating::Oscillation;

impl<O: Origins, F: FairyStore> Fairy<O, F> {
    /// Adds the kings' exchange to the moves of `out` from `start` on, for a side under
    /// Oscillating kings, and drops the moves type B forbids.
    #[inline(never)]
    pub(super) fn oscillate(
        &self,
        osc: Oscillation,
        pos: &Position<FairyExt<O, F>>,
        out: &mut MoveList,
        start: usize,
    ) {
        let side = pos.side;
        let mut w = start;
        for r in start..out.len() {
            let mut mv = out[r];
            let rebirth = mv
                .effects
                .changes()
                .find(|c| matches!(c, Change::Put(_, Cause::Rebirth)))
                .copied();
            let mut judged = mv;
            if rebirth.is_some() {
                judged.effects = mv.effects.without(Cause::Rebirth);
            }
            let mut after = *pos;
            self.play_into(pos, &judged, &mut after);
            let kings = (
                after.board.king(Color::White),
                after.board.king(Color::Black),
            );
            if let (Some(white), Some(black)) = kings {
                let exchange = match osc {
                    Oscillation::A => true,
                    Oscillation::B => {
                        if self.in_check(&after, side) {
                            continue;
                        }
                        true
                    }
                    Oscillation::C => self.in_check(&after, !side),
                };
                if exchange {
                    mv.effects = judged.effects;
                    mv.effects.push(Change::Exchange(white, black));
                    if let Some(r) = rebirth {
                        mv.effects.push(r);
                    }
                }
            }
            out[w] = mv;
            w += 1;
        }
        out.truncate(w);
    }
}
