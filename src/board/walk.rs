//! Walks as data: how a kind of unit moves and captures, as a list of parts. Each part
//! follows paths from the unit's square (straight lines of one vector, or the rose's
//! octagons) and does one thing along them (leap, ride, hop, ...), for quiet moves,
//! captures or both. `movegen::walks` turns a description into moves and observations;
//! nothing there knows a kind by name.

/// A step on the board: (files, ranks).
pub type Vector = (i8, i8);

/// Where a part's paths go from the unit's square.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Path {
    /// One straight path per vector: the vector repeated.
    Lines(&'static [Vector]),
    /// As `Lines`, with the vectors given for White; Black's go the other way (pawn kinds).
    Forward(&'static [Vector]),
    /// The rose's octagons: a knight step, then each next knight step turned by 45°, one
    /// way round or the other, back at most to the unit's own square.
    Circles,
}

/// What a part does along each of its paths. "The first unit" is the first occupied
/// square on the path; the unit's own square counts as occupied (a rose's path may come
/// back to it).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// To the path's first square.
    Leap,
    /// To every square up to the first unit, capturing it.
    Ride,
    /// Over the first unit (the hurdle), to the `beyond`-th square after it; the squares
    /// between hurdle and arrival must be empty (grasshopper 1, grasshopper-2 2, ...).
    Hop { beyond: u8 },
    /// Over the first unit, to any square after it up to the next unit, capturing that
    /// one (lion; a Chinese piece's capture is this with captures only).
    Lion,
    /// The first square must hold a unit; from the square after it, rides.
    ContraHop,
    /// Over the first two units, to the square just after the second.
    Kangaroo,
    /// Captures the first unit and lands on the square just after it, which must be empty.
    Locust,
    /// Captures a unit on the path's first square and lands on its second square, which
    /// must be empty (Poseidon).
    LeapLocust,
    /// Over a unit on the path's first square to its second square (kinghopper,
    /// non-interceptable equihopping).
    LeapHop,
    /// Over the first unit, to the square as far beyond it as it stands from the unit;
    /// the squares between hurdle and arrival must be empty (equihopper on lines).
    EquiHop,
    /// Rides, but only between an edge square and an inner square, either way (edgehog).
    EdgeRide,
    /// Over the first unit, to the square next to it in the direction turned by
    /// `eighths` × 45° either way (moose 1, eagle 2, sparrow 3, hamster 4: straight back).
    Turn { eighths: u8 },
    /// A leap over one intermediate square, which must be empty: the orthogonal step
    /// towards the arrival (mao) or the diagonal one (moa).
    Lame { diagonal: bool },
    /// One step, or two from the side's second rank with the first square empty; the
    /// two-step move is a double step that may be taken en passant (pawn kinds).
    Push,
}

/// Which moves a part gives.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    Both,
    Quiet,
    Capture,
}

/// One part of a walk.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Part {
    pub path: Path,
    pub action: Action,
    pub mode: Mode,
}

impl Part {
    pub const fn new(path: Path, action: Action, mode: Mode) -> Part {
        Part { path, action, mode }
    }

    /// Whether the part gives captures.
    pub const fn captures(&self) -> bool {
        !matches!(self.mode, Mode::Quiet)
    }

    /// Whether the part gives quiet moves.
    pub const fn quiet(&self) -> bool {
        !matches!(self.mode, Mode::Capture)
    }
}

/// The eight vectors `(±a, ±b)` and `(±b, ±a)` (four when `a` is 0 or `a == b`), in the
/// reference solver's order: turning clockwise from `(-b, a)`, then the opposites.
pub const fn octet(a: i8, b: i8) -> [Vector; 8] {
    [
        (-b, a),
        (-a, b),
        (a, b),
        (b, a),
        (b, -a),
        (a, -b),
        (-a, -b),
        (-b, -a),
    ]
}

/// The four vectors of a symmetric step `(0, k)` or `(k, k)`.
pub const fn quartet(a: i8, b: i8) -> [Vector; 4] {
    if a == 0 {
        [(b, 0), (0, b), (-b, 0), (0, -b)]
    } else {
        [(-a, a), (a, a), (a, -a), (-a, -a)]
    }
}

const fn concat<const A: usize, const B: usize, const C: usize>(
    a: [Vector; A],
    b: [Vector; B],
) -> [Vector; C] {
    let mut out = [(0, 0); C];
    let mut i = 0;
    while i < A {
        out[i] = a[i];
        i += 1;
    }
    while i < C {
        out[i] = b[i - A];
        i += 1;
    }
    out
}

pub const WAZIR: [Vector; 4] = quartet(0, 1);
pub const FERS: [Vector; 4] = quartet(1, 1);
pub const QUEEN: [Vector; 8] = concat::<4, 4, 8>(WAZIR, FERS);
pub const KNIGHT: [Vector; 8] = octet(1, 2);
pub const CAMEL: [Vector; 8] = octet(1, 3);
pub const ZEBRA: [Vector; 8] = octet(2, 3);
pub const GIRAFFE: [Vector; 8] = octet(1, 4);
pub const ANTELOPE: [Vector; 8] = octet(3, 4);
pub const DABBABA: [Vector; 4] = quartet(0, 2);
pub const ALFIL: [Vector; 4] = quartet(2, 2);
pub const BUCEPHALE: [Vector; 12] = concat::<8, 4, 12>(ANTELOPE, quartet(0, 5));
pub const ROOT_FIFTY: [Vector; 12] = concat::<8, 4, 12>(octet(1, 7), quartet(5, 5));
pub const GNU: [Vector; 16] = concat::<8, 8, 16>(CAMEL, KNIGHT);
pub const BISON: [Vector; 16] = concat::<8, 8, 16>(ZEBRA, CAMEL);
pub const OKAPI: [Vector; 16] = concat::<8, 8, 16>(KNIGHT, ZEBRA);
pub const ZEBU: [Vector; 16] = concat::<8, 8, 16>(CAMEL, GIRAFFE);
pub const SQUIRREL: [Vector; 8] = concat::<4, 4, 8>(DABBABA, ALFIL);
pub const ELEPHANT: [Vector; 16] = concat::<8, 8, 16>(QUEEN, KNIGHT);
pub const LEAP_15: [Vector; 8] = octet(1, 5);
pub const LEAP_16: [Vector; 8] = octet(1, 6);
pub const LEAP_24: [Vector; 8] = octet(2, 4);
pub const LEAP_25: [Vector; 8] = octet(2, 5);
pub const LEAP_35: [Vector; 8] = octet(3, 5);
pub const LEAP_36: [Vector; 8] = octet(3, 6);
pub const LEAP_37: [Vector; 8] = octet(3, 7);
/// The equihopper's leaps over a hurdle standing on no line: knight, zebra and camel steps.
pub const EQUI_LEAPS: [Vector; 24] = concat::<16, 8, 24>(concat::<8, 8, 16>(KNIGHT, ZEBRA), CAMEL);
/// Every step of at most three files and three ranks (the nonstop equihopper's hurdles).
pub const WITHIN_THREE: [Vector; 48] = within_three();

const fn within_three() -> [Vector; 48] {
    let mut out = [(0, 0); 48];
    let mut i = 0;
    let mut df = -3;
    while df <= 3 {
        let mut dr = -3;
        while dr <= 3 {
            if df != 0 || dr != 0 {
                out[i] = (df, dr);
                i += 1;
            }
            dr += 1;
        }
        df += 1;
    }
    out
}

/// The queen's steps of one, two and three squares (the nonstop orix's hurdles).
pub const ORIX_LEAPS: [Vector; 24] = orix_leaps();

const fn orix_leaps() -> [Vector; 24] {
    let mut out = [(0, 0); 24];
    let mut i = 0;
    while i < 24 {
        let (df, dr) = QUEEN[i % 8];
        let k = (i / 8) as i8 + 1;
        out[i] = (df * k, dr * k);
        i += 1;
    }
    out
}

/// Pawn kinds' steps for White: straight forward, and diagonally forward.
pub const AHEAD: [Vector; 1] = [(0, 1)];
pub const AHEAD_DIAGONALS: [Vector; 2] = [(-1, 1), (1, 1)];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vector_sets_have_distinct_members_of_one_length() {
        for set in [
            &KNIGHT[..],
            &CAMEL,
            &ZEBRA,
            &GIRAFFE,
            &ANTELOPE,
            &WAZIR,
            &FERS,
            &DABBABA,
            &ALFIL,
            &LEAP_37,
        ] {
            let len = set[0].0 as i32 * set[0].0 as i32 + set[0].1 as i32 * set[0].1 as i32;
            for (i, v) in set.iter().enumerate() {
                assert_eq!(v.0 as i32 * v.0 as i32 + v.1 as i32 * v.1 as i32, len);
                assert!(!set[..i].contains(v), "{v:?} twice");
            }
        }
        assert_eq!(QUEEN.len(), 8);
        assert!(!WITHIN_THREE.contains(&(0, 0)));
        assert!(WITHIN_THREE.contains(&(-3, 3)));
    }
}
