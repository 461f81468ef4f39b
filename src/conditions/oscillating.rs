//! Oscillating kings: after a move of a side under the condition the two kings exchange
//! their squares. Type A: after every move. Type B: a move that leaves the mover in check
//! before the exchange is illegal (otherwise the kings exchange). Type C: only after a
//! move that checks the other king. SwappingKings is type C for both sides.
//! Legality and check are judged after the exchange, as the reference solver judges them.

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Oscillation {
    A,
    B,
    C,
}
