//! Maximummer and Minimummer: of its legal moves, the side under the condition keeps
//! those of greatest (least) length (`conditions::mummer`).

use super::*;
use crate::conditions::mummer::Mummer;
use smallvec::SmallVec;

impl<O: Origins, F: FairyStore> Fairy<O, F> {
    /// Keeps, of `out[start..]`, the legal moves whose precedence is the highest among
    /// the legal ones, in their order. Moves are tried from the highest precedence down,
    /// so that most are never played.
    pub(super) fn keep_mummer_moves(
        &self,
        mummer: Mummer,
        pos: &Position<FairyExt<O, F>>,
        out: &mut MoveList,
        start: usize,
        legal: impl Fn(&Move, &Position<FairyExt<O, F>>) -> bool,
    ) {
        let mut order: SmallVec<[(i64, usize); 128]> = (start..out.len())
            .map(|i| (mummer.precedence(&out[i]), i))
            .collect();
        order.sort_by(|a, b| b.0.cmp(&a.0));
        let mut keep: SmallVec<[bool; 128]> = SmallVec::from_elem(false, out.len() - start);
        let mut best = None;
        for (precedence, i) in order {
            if best.is_some_and(|b| precedence < b) {
                break;
            }
            let mv = &out[i];
            if legal(mv, &self.play(pos, mv)) {
                best = Some(precedence);
                keep[i - start] = true;
            }
        }
        let mut w = start;
        for r in start..out.len() {
            if keep[r - start] {
                out[w] = out[r];
                w += 1;
            }
        }
        out.truncate(w);
    }
}
