//! Andernach chess: a unit other than a royal one that captures changes colour on its
//! arrival square. Anti-Andernach chess: a unit other than a royal one that moves without
//! capturing changes colour. The notation marks the change after the move: `Be4*d3=w`.

use crate::movegen::Move;

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Andernach {
    Andernach,
    AntiAndernach,
}

impl Andernach {
    /// Whether the unit making `mv` changes colour, unless it is royal.
    #[inline]
    pub fn changes_colour(self, mv: &Move) -> bool {
        match self {
            Andernach::Andernach => mv.is_capture(),
            Andernach::AntiAndernach => !mv.is_capture(),
        }
    }
}
