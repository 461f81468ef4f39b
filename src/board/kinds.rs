//! Every kind of unit the solver knows, one row each: its code in the reference solver's
//! English input, its name, its class and its walk. `Role` is an index into this table;
//! the rows are in the reference solver's order of kinds (after the six orthodox ones),
//! which is also the order of promotion choices among fairy kinds.
//!
//! Adding a kind is one row here (with its walk as data, see `walk.rs`) and a line in
//! the reference walker's tests; `docs/pieces.md` says how.

use super::walk::{self, Action, Mode, Part, Path, Vector};
use super::Role;

/// What kind of unit a row is, for the rules that single out pawns and kings.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Class {
    /// A piece: moves by its walk, promotes never, reborn (Circe) on its colour's last
    /// rank on the capture file unless it is an orthodox piece.
    Piece,
    /// A pawn kind: promotes on its last rank, reborn on its second rank. `stuck` pawns
    /// neither move nor capture from their own first rank (the orthodox and Berolina
    /// pawns; a superpawn may).
    Pawn { stuck: bool },
    /// A royal kind: the side's king (the orthodox king, or the marine Poseidon).
    Royal,
}

/// One kind of unit.
#[derive(Copy, Clone, Debug)]
pub struct Kind {
    pub role: Role,
    /// The reference solver's English code, upper case (`S`, `G`, `LE`).
    pub code: &'static str,
    pub name: &'static str,
    pub class: Class,
    pub walk: &'static [Part],
}

const fn part(path: Path, action: Action, mode: Mode) -> Part {
    Part::new(path, action, mode)
}

const fn lines(v: &'static [Vector], action: Action) -> Part {
    part(Path::Lines(v), action, Mode::Both)
}

const fn quiet(v: &'static [Vector], action: Action) -> Part {
    part(Path::Lines(v), action, Mode::Quiet)
}

const fn capture(v: &'static [Vector], action: Action) -> Part {
    part(Path::Lines(v), action, Mode::Capture)
}

use Action::*;

const LEAP: Action = Leap;
const RIDE: Action = Ride;
const HOP: Action = Hop { beyond: 1 };

macro_rules! kinds {
    ($($name:ident = $index:literal, $code:literal, $desc:literal, $class:expr, [$($part:expr),* $(,)?];)*) => {
        #[allow(non_upper_case_globals)]
        impl Role {
            $(
                #[doc = $desc]
                pub const $name: Role = Role::of_index($index);
            )*
        }

        /// The table of kinds, indexed by `Role`.
        pub static KINDS: &[Kind] = &[
            $(Kind {
                role: Role::$name,
                code: $code,
                name: $desc,
                class: $class,
                walk: &[$($part),*],
            },)*
        ];
    };
}

const PIECE: Class = Class::Piece;
const PAWN: Class = Class::Pawn { stuck: true };
const SUPERPAWN: Class = Class::Pawn { stuck: false };

kinds! {
    Pawn = 0, "P", "pawn", PAWN, [
        part(Path::Forward(&walk::AHEAD), Push, Mode::Quiet),
        part(Path::Forward(&walk::AHEAD_DIAGONALS), Leap, Mode::Capture),
    ];
    Knight = 1, "S", "knight", PIECE, [lines(&walk::KNIGHT, LEAP)];
    Bishop = 2, "B", "bishop", PIECE, [lines(&walk::FERS, RIDE)];
    Rook = 3, "R", "rook", PIECE, [lines(&walk::WAZIR, RIDE)];
    Queen = 4, "Q", "queen", PIECE, [lines(&walk::QUEEN, RIDE)];
    King = 5, "K", "king", Class::Royal, [lines(&walk::QUEEN, LEAP)];
    Leo = 6, "LE", "leo", PIECE, [quiet(&walk::QUEEN, RIDE), capture(&walk::QUEEN, Lion)];
    Mao = 7, "MA", "mao", PIECE, [lines(&walk::KNIGHT, Lame { diagonal: false })];
    Pao = 8, "PA", "pao", PIECE, [quiet(&walk::WAZIR, RIDE), capture(&walk::WAZIR, Lion)];
    Vao = 9, "VA", "vao", PIECE, [quiet(&walk::FERS, RIDE), capture(&walk::FERS, Lion)];
    Rose = 10, "RO", "rose", PIECE, [part(Path::Circles, Ride, Mode::Both)];
    Grasshopper = 11, "G", "grasshopper", PIECE, [lines(&walk::QUEEN, HOP)];
    Nightrider = 12, "N", "nightrider", PIECE, [lines(&walk::KNIGHT, RIDE)];
    Zebra = 13, "Z", "zebra", PIECE, [lines(&walk::ZEBRA, LEAP)];
    Camel = 14, "CA", "camel", PIECE, [lines(&walk::CAMEL, LEAP)];
    Giraffe = 15, "GI", "giraffe", PIECE, [lines(&walk::GIRAFFE, LEAP)];
    RootFiftyLeaper = 16, "RF", "root-50-leaper", PIECE, [lines(&walk::ROOT_FIFTY, LEAP)];
    Bucephale = 17, "BU", "bucephale (root-25-leaper)", PIECE, [lines(&walk::BUCEPHALE, LEAP)];
    Wazir = 18, "WE", "wazir", PIECE, [lines(&walk::WAZIR, LEAP)];
    Alfil = 19, "AL", "alfil", PIECE, [lines(&walk::ALFIL, LEAP)];
    Fers = 20, "FE", "fers", PIECE, [lines(&walk::FERS, LEAP)];
    Dabbaba = 21, "DA", "dabbaba", PIECE, [lines(&walk::DABBABA, LEAP)];
    Lion = 22, "LI", "lion", PIECE, [lines(&walk::QUEEN, Lion)];
    NonstopEquihopper = 23, "NE", "nonstop equihopper", PIECE, [lines(&walk::WITHIN_THREE, LeapHop)];
    Locust = 24, "L", "locust", PIECE, [capture(&walk::QUEEN, Locust)];
    BerolinaPawn = 25, "BP", "Berolina pawn", PAWN, [
        part(Path::Forward(&walk::AHEAD_DIAGONALS), Push, Mode::Quiet),
        part(Path::Forward(&walk::AHEAD), Leap, Mode::Capture),
    ];
    Amazon = 26, "AM", "amazon", PIECE, [lines(&walk::QUEEN, RIDE), lines(&walk::KNIGHT, LEAP)];
    Empress = 27, "EM", "empress", PIECE, [lines(&walk::WAZIR, RIDE), lines(&walk::KNIGHT, LEAP)];
    Princess = 28, "PR", "princess", PIECE, [lines(&walk::FERS, RIDE), lines(&walk::KNIGHT, LEAP)];
    Gnu = 29, "GN", "gnu", PIECE, [lines(&walk::GNU, LEAP)];
    Antelope = 30, "AN", "antelope", PIECE, [lines(&walk::ANTELOPE, LEAP)];
    Squirrel = 31, "SQ", "squirrel", PIECE, [lines(&walk::SQUIRREL, LEAP), lines(&walk::KNIGHT, LEAP)];
    Waran = 32, "WA", "waran", PIECE, [lines(&walk::KNIGHT, RIDE), lines(&walk::WAZIR, RIDE)];
    Kangaroo = 33, "KA", "kangaroo", PIECE, [lines(&walk::QUEEN, Kangaroo)];
    Hamster = 34, "HA", "hamster", PIECE, [lines(&walk::QUEEN, Turn { eighths: 4 })];
    Moose = 35, "M", "moose", PIECE, [lines(&walk::QUEEN, Turn { eighths: 1 })];
    Eagle = 36, "EA", "eagle", PIECE, [lines(&walk::QUEEN, Turn { eighths: 2 })];
    Sparrow = 37, "SW", "sparrow", PIECE, [lines(&walk::QUEEN, Turn { eighths: 3 })];
    NightriderHopper = 38, "NH", "nightrider-hopper", PIECE, [lines(&walk::KNIGHT, HOP)];
    Dummy = 39, "DU", "dummy", PIECE, [];
    Camelrider = 40, "CR", "camelrider", PIECE, [lines(&walk::CAMEL, RIDE)];
    Zebrarider = 41, "ZR", "zebrarider", PIECE, [lines(&walk::ZEBRA, RIDE)];
    Gnurider = 42, "GR", "gnurider", PIECE, [lines(&walk::CAMEL, RIDE), lines(&walk::KNIGHT, RIDE)];
    CamelriderHopper = 43, "CH", "camelrider-hopper", PIECE, [lines(&walk::CAMEL, HOP)];
    ZebrariderHopper = 44, "ZH", "zebrarider-hopper", PIECE, [lines(&walk::ZEBRA, HOP)];
    GnuriderHopper = 45, "GH", "gnurider-hopper", PIECE, [lines(&walk::CAMEL, HOP), lines(&walk::KNIGHT, HOP)];
    Equihopper = 46, "EQ", "equihopper", PIECE, [lines(&walk::QUEEN, EquiHop), lines(&walk::EQUI_LEAPS, LeapHop)];
    SuperBerolinaPawn = 47, "BS", "Berolina superpawn", SUPERPAWN, [
        part(Path::Forward(&walk::AHEAD_DIAGONALS), Ride, Mode::Quiet),
        part(Path::Forward(&walk::AHEAD), Ride, Mode::Capture),
    ];
    SuperPawn = 48, "SP", "superpawn", SUPERPAWN, [
        part(Path::Forward(&walk::AHEAD), Ride, Mode::Quiet),
        part(Path::Forward(&walk::AHEAD_DIAGONALS), Ride, Mode::Capture),
    ];
    RookLion = 49, "RL", "rook-lion", PIECE, [lines(&walk::WAZIR, Lion)];
    BishopLion = 50, "BL", "bishop-lion", PIECE, [lines(&walk::FERS, Lion)];
    Siren = 51, "SI", "siren", PIECE, [quiet(&walk::QUEEN, RIDE), capture(&walk::QUEEN, Locust)];
    Triton = 52, "TR", "triton", PIECE, [quiet(&walk::WAZIR, RIDE), capture(&walk::WAZIR, Locust)];
    Nereide = 53, "ND", "nereide", PIECE, [quiet(&walk::FERS, RIDE), capture(&walk::FERS, Locust)];
    // No walk of its own: an orphan moves, captures and observes with the walks of the
    // enemy units observing it, directly or through a chain of orphans
    // (`movegen::orphan`).
    Orphan = 54, "O", "orphan", PIECE, [];
    Edgehog = 55, "EH", "edgehog", PIECE, [lines(&walk::QUEEN, EdgeRide)];
    Moa = 56, "MO", "moa", PIECE, [lines(&walk::KNIGHT, Lame { diagonal: true })];
    RookHopper = 57, "RH", "rook-hopper", PIECE, [lines(&walk::WAZIR, HOP)];
    BishopHopper = 58, "BH", "bishop-hopper", PIECE, [lines(&walk::FERS, HOP)];
    ContraGrasshopper = 59, "CG", "contra-grasshopper", PIECE, [lines(&walk::QUEEN, ContraHop)];
    Okapi = 60, "OK", "okapi", PIECE, [lines(&walk::OKAPI, LEAP)];
    Leaper37 = 61, "37", "3:7-leaper", PIECE, [lines(&walk::LEAP_37, LEAP)];
    Grasshopper2 = 62, "G2", "grasshopper-2", PIECE, [lines(&walk::QUEEN, Hop { beyond: 2 })];
    Grasshopper3 = 63, "G3", "grasshopper-3", PIECE, [lines(&walk::QUEEN, Hop { beyond: 3 })];
    Leaper16 = 64, "16", "1:6-leaper", PIECE, [lines(&walk::LEAP_16, LEAP)];
    Leaper24 = 65, "24", "2:4-leaper", PIECE, [lines(&walk::LEAP_24, LEAP)];
    Leaper35 = 66, "35", "3:5-leaper", PIECE, [lines(&walk::LEAP_35, LEAP)];
    KingHopper = 67, "KH", "kinghopper", PIECE, [lines(&walk::QUEEN, LeapHop)];
    Orix = 68, "OR", "orix", PIECE, [lines(&walk::QUEEN, EquiHop)];
    Leaper15 = 69, "15", "1:5-leaper", PIECE, [lines(&walk::LEAP_15, LEAP)];
    Leaper25 = 70, "25", "2:5-leaper", PIECE, [lines(&walk::LEAP_25, LEAP)];
    Gral = 71, "GL", "gral", PIECE, [lines(&walk::ALFIL, LEAP), lines(&walk::WAZIR, HOP)];
    RookLocust = 72, "LR", "rook locust", PIECE, [capture(&walk::WAZIR, Locust)];
    BishopLocust = 73, "LB", "bishop locust", PIECE, [capture(&walk::FERS, Locust)];
    NightriderLocust = 74, "LN", "nightrider locust", PIECE, [capture(&walk::KNIGHT, Locust)];
    WazirRider = 75, "WR", "wazirrider", PIECE, [lines(&walk::WAZIR, RIDE)];
    FersRider = 76, "FR", "fersrider", PIECE, [lines(&walk::FERS, RIDE)];
    Bison = 77, "BI", "bison", PIECE, [lines(&walk::BISON, LEAP)];
    Elephant = 78, "ET", "elephant", PIECE, [lines(&walk::ELEPHANT, RIDE)];
    Nao = 79, "NA", "nao", PIECE, [quiet(&walk::KNIGHT, RIDE), capture(&walk::KNIGHT, Lion)];
    Rao = 80, "RA", "rao", PIECE, [
        part(Path::Circles, Ride, Mode::Quiet),
        part(Path::Circles, Lion, Mode::Capture),
    ];
    Scorpion = 81, "SO", "scorpion", PIECE, [lines(&walk::QUEEN, LEAP), lines(&walk::QUEEN, HOP)];
    Leaper36 = 82, "36", "3:6-leaper", PIECE, [lines(&walk::LEAP_36, LEAP)];
    NightriderLion = 83, "NL", "nightrider-lion", PIECE, [lines(&walk::KNIGHT, Lion)];
    Dolphin = 84, "DO", "dolphin", PIECE, [lines(&walk::QUEEN, Kangaroo), lines(&walk::QUEEN, HOP)];
    Zebu = 85, "ZE", "zebu", PIECE, [lines(&walk::ZEBU, LEAP)];
    NonstopOrix = 86, "NO", "nonstop orix", PIECE, [lines(&walk::ORIX_LEAPS, LeapHop)];
    KnightHopper = 87, "KP", "knighthopper", PIECE, [lines(&walk::KNIGHT, LeapHop)];
    MarineKnight = 88, "MS", "marine knight", PIECE, [
        quiet(&walk::KNIGHT, LEAP),
        capture(&walk::KNIGHT, LeapLocust),
    ];
    Poseidon = 89, "PO", "poseidon", Class::Royal, [
        quiet(&walk::QUEEN, LEAP),
        capture(&walk::QUEEN, LeapLocust),
    ];
}

/// The reference solver's codes of kinds this solver does not have (English input), so
/// that a problem using one is refused by name instead of read as something else.
pub const UNSUPPORTED_CODES: &[(&str, &str)] = &[
    ("DR", "dragon"),
    ("SS", "spiralspringer"),
    ("UU", "ubiubi"),
    ("AR", "archbishop"),
    ("RB", "reflecting bishop"),
    ("C", "cardinal"),
    ("DS", "diagonalspiralspringer"),
    ("BK", "bouncy knight"),
    ("CT", "CAT"),
    ("RR", "rook/bishop-hunter"),
    ("BR", "bishop/rook-hunter"),
    ("AO", "maorider"),
    ("OA", "moarider"),
    ("EK", "erlking"),
    ("BT", "boyscout"),
    ("GT", "girlscout"),
    ("SK", "skylla"),
    ("CY", "charybdis"),
    ("RN", "roselion"),
    ("RP", "rosehopper"),
    ("DG", "double grasshopper"),
    ("RM", "rook moose"),
    ("RE", "rook eagle"),
    ("RW", "rook sparrow"),
    ("BM", "bishop moose"),
    ("BE", "bishop eagle"),
    ("BW", "bishop sparrow"),
    ("MG", "marguerite"),
    ("ML", "maoriderlion"),
    ("MM", "moariderlion"),
    ("F", "friend"),
    ("RT", "rabbit"),
    ("BO", "bob"),
    ("QE", "equi english"),
    ("QF", "equi french"),
    ("QQ", "querquisite"),
    ("B1", "bouncer"),
    ("B2", "tour-bouncer"),
    ("B3", "fou-bouncer"),
    ("CP", "chinese pawn"),
    ("RK", "radial knight"),
    ("PP", "protean pawn"),
    ("LS", "rose locust"),
    ("BN", "bouncy nightrider"),
    ("S2", "spiralspringer (2,0)"),
    ("S4", "spiralspringer (4,0)"),
    ("S1", "diagonal spiralspringer (1,1)"),
    ("S3", "diagonal spiralspringer (3,3)"),
    ("QN", "quintessence"),
    ("DK", "double rookhopper"),
    ("DB", "double bishopper"),
    ("TH", "treehopper"),
    ("LH", "leafhopper"),
    ("GE", "greater treehopper"),
    ("GF", "greater leafhopper"),
    ("KL", "kangaroo-lion"),
    ("KO", "kao"),
    ("SH", "ship"),
    ("GY", "gryphon"),
    ("MP", "marine pawn"),
    ("MH", "marine ship"),
    ("ST", "sting"),
    ("SE", "senora"),
    ("FA", "faro"),
    ("LO", "loco"),
    ("SA", "saltador"),
    ("AH", "mao-hopper"),
    ("OH", "moa-hopper"),
    ("HC", "contrahamster"),
    ("EE", "eagleequihopper"),
    ("EN", "eaglenonstopequihopper"),
    ("SC", "scarabeus"),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_indexed_by_their_role_and_codes_are_unique() {
        for (i, kind) in KINDS.iter().enumerate() {
            assert_eq!(kind.role.index(), i, "{}", kind.name);
            assert!(
                KINDS[..i].iter().all(|k| k.code != kind.code),
                "{} twice",
                kind.code
            );
            assert!(
                UNSUPPORTED_CODES.iter().all(|(c, _)| *c != kind.code),
                "{} both supported and not",
                kind.code
            );
        }
        assert_eq!(KINDS.len(), Role::COUNT);
    }

    /// docs/pieces.md has a row for every kind.
    #[test]
    fn every_kind_is_documented() {
        let doc = include_str!("../../docs/pieces.md");
        for kind in KINDS {
            let row = format!("| {} | ", kind.code);
            assert!(
                doc.contains(&row),
                "docs/pieces.md has no row for {}",
                kind.code
            );
        }
    }
}
