//! The Circe family as independent choices: which unit is reborn, where, as what, and
//! what happens when the rebirth square is taken. Every Circe-like condition is one value
//! of [`Circe`]; Anticirce is the same value with the capturer reborn.

use crate::board::{Bitboard, Color, Piece, Role, Square};
use std::sync::OnceLock;

/// Which unit goes back to a rebirth square after a capture.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Reborn {
    /// The captured unit (Circe).
    Captured,
    /// The capturing unit (Anticirce).
    Capturer,
}

/// Where a unit is reborn.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum SquareRule {
    /// The game-array square of its kind and colour, on the capture square's colour.
    Standard,
    /// The standard square of the other colour (Mirror Circe).
    Mirror,
    /// The standard square of the capturer's kind and colour (Couscous Circe); `mirror`
    /// takes the captured unit's colour instead (Mirror Couscous Circe).
    Couscous { mirror: bool },
    /// The square the capturer left (PWC).
    Pwc,
    /// The square it stood on in the diagram (Diagram Circe).
    Diagram,
    /// The capture square plus the capturer's move vector (Equipollents Circe); `contra`
    /// subtracts it instead (Circe Equipollents Mirror).
    Equipollents { contra: bool },
    /// The capture square reflected through the board's centre (Symmetry Circe).
    Symmetry,
    /// The capture square reflected in the line between the d- and e-files, on its rank
    /// (Circe option VerticalSymmetry: d5 to e5).
    VerticalSymmetry,
    /// The capture square reflected in the line between the fourth and fifth ranks, on
    /// its file (Circe option HorizontalSymmetry: d5 to d4).
    HorizontalSymmetry,
    /// The home rank of its colour on the capture file (File Circe); `mirror` takes the
    /// other colour's (Mirror File Circe).
    File { mirror: bool },
    /// The standard square's file on the capture rank (Rank Circe), the standard square
    /// taken for the colour whose home rank has the capture rank's parity, so that the
    /// unit stays on its square colour. A pawn or fairy unit comes back on the capture
    /// square itself.
    Rank,
    /// Four files and four ranks away (Antipodes Circe).
    Antipodes,
    /// The capture square plus the displacement of the owner's next move (Parrain Circe);
    /// `contra` subtracts it instead.
    Parrain { contra: bool },
    /// Any empty square, chosen by the capturer's side (Super Circe); without
    /// `Strict`, also no rebirth at all.
    Super,
    /// A square the captured unit reaches from the capture square by a move without
    /// capture (Circe Take & Make); a capture with none is illegal.
    TakeMake,
    /// The capture square itself, once the next capture (by either side) has been made:
    /// the captured unit waits until then (Circe CaptureSquare WaitCapture).
    CaptureSquareWait,
    /// Any empty square where the reborn unit has no move without capture, chosen by the
    /// capturer's side (Cage Circe); where there is none, no rebirth (Strict: the capture
    /// is illegal).
    Cage,
}

/// A change applied to the square the rule gives (the reference solver's "adaptation of
/// the rebirth square").
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum SquareAdjust {
    None,
    /// Reflected through the board's centre (Circe option `Diametral`).
    Diametral,
    /// Reflected in the line between the d and e files (Circe option `VerticalMirror`).
    VerticalMirror,
}

impl SquareAdjust {
    /// Each adjustment is its own inverse, which [`RebornFrom`] relies on.
    #[inline]
    pub fn apply(self, sq: Square) -> Square {
        match self {
            SquareAdjust::None => sq,
            SquareAdjust::Diametral => sq.point_reflection(),
            SquareAdjust::VerticalMirror => Square::from_coords(7 - sq.file(), sq.rank()),
        }
    }
}

/// The cycle of kinds Chameleon Circe walks a reborn unit along: S → B → R → Q → S unless
/// the condition names another (`ChameleonCirce S Q R B S`). Kinds outside it keep theirs.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct ChameleonCycle {
    kinds: [Role; ChameleonCycle::MAX],
    len: u8,
}

impl ChameleonCycle {
    /// The longest cycle read: every non-royal kind once would not fit a `Copy` condition,
    /// and no published sequence comes near.
    pub const MAX: usize = 16;

    pub const STANDARD: ChameleonCycle = {
        // The slots past `len` are never read.
        let mut kinds = [Role::Pawn; Self::MAX];
        kinds[0] = Role::Knight;
        kinds[1] = Role::Bishop;
        kinds[2] = Role::Rook;
        kinds[3] = Role::Queen;
        ChameleonCycle { kinds, len: 4 }
    };

    /// The cycle through `kinds` in order, back to the first: two to [`Self::MAX`]
    /// distinct non-royal kinds (a sequence written closed, `S Q R B S`, has its last
    /// kind dropped before).
    pub fn new(kinds: &[Role]) -> Result<ChameleonCycle, String> {
        if kinds.len() < 2 || kinds.len() > Self::MAX {
            return Err(format!(
                "a Chameleon sequence names 2 to {} kinds, each once",
                Self::MAX
            ));
        }
        if let Some(k) = kinds.iter().find(|k| k.is_royal()) {
            return Err(format!("a royal kind ({k}) in a Chameleon sequence"));
        }
        if let Some((_, k)) = kinds
            .iter()
            .enumerate()
            .find(|(i, k)| kinds[..*i].contains(k))
        {
            return Err(format!(
                "the kind {k} twice in a Chameleon sequence: a sequence is one cycle"
            ));
        }
        let mut cycle = ChameleonCycle::STANDARD;
        cycle.kinds[..kinds.len()].copy_from_slice(kinds);
        cycle.len = kinds.len() as u8;
        Ok(cycle)
    }

    /// The cycle a sequence written after the condition names, closed or not (`S Q R B S`
    /// and `S Q R B` are one cycle).
    pub fn written(kinds: &[Role]) -> Result<ChameleonCycle, String> {
        let open = match kinds {
            [first, .., last] if kinds.len() > 2 && first == last => &kinds[..kinds.len() - 1],
            _ => kinds,
        };
        ChameleonCycle::new(open)
    }

    /// The kinds of the cycle, in its order.
    pub fn kinds(&self) -> &[Role] {
        &self.kinds[..self.len as usize]
    }

    /// The kind after `role` in the cycle; `role` itself when it is not in it.
    #[inline]
    pub fn next(&self, role: Role) -> Role {
        let kinds = self.kinds();
        match kinds.iter().position(|&k| k == role) {
            Some(i) => kinds[(i + 1) % kinds.len()],
            None => role,
        }
    }
}

/// What kind the reborn unit has.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum KindRule {
    Same,
    /// The next kind along a cycle (Chameleon Circe).
    Chameleon(ChameleonCycle),
    /// The kind of the other unit of the capture (Clone Circe; Anticlone for the capturer).
    Clone,
    /// Circe option Einstein: a captured unit is reborn one step down the ladder
    /// Q → R → B → S → P, an Anticirce capturer one step up.
    Einstein,
    /// Circe option ReversalEinstein: the other way round.
    ReversalEinstein,
}

impl KindRule {
    /// Whether a reborn unit may be of a fairy kind that was not in the diagram (a
    /// Chameleon cycle through one), so that the board must keep fairy kinds.
    pub fn gives_fairy_kinds(&self) -> bool {
        match self {
            KindRule::Chameleon(cycle) => cycle.kinds().iter().any(|k| !k.is_orthodox()),
            _ => false,
        }
    }

    /// The kind a captured `captured` is reborn as, taken by a `capturer`; `promoted` when
    /// the captured unit was a promoted pawn.
    pub fn reborn(self, captured: Role, capturer: Role, promoted: bool) -> Role {
        match self {
            KindRule::Same => captured,
            KindRule::Chameleon(cycle) => cycle.next(captured),
            KindRule::Clone if capturer == Role::King => captured,
            KindRule::Clone if promoted => Role::Pawn,
            KindRule::Clone => capturer,
            KindRule::Einstein => super::einstein::down(captured),
            KindRule::ReversalEinstein => super::einstein::up(captured),
        }
    }

    /// The kind a capturer that became `moved` is reborn as (Anticirce), having taken a
    /// `captured`. The Einstein options follow Einstein chess: a unit that captured
    /// climbs (Einstein), or goes down (ReversalEinstein), as the reference solver has it.
    pub fn reborn_capturer(self, moved: Role, captured: Role) -> Role {
        match self {
            KindRule::Clone => captured,
            KindRule::Chameleon(cycle) => cycle.next(moved),
            KindRule::Same => moved,
            KindRule::Einstein => super::einstein::up(moved),
            KindRule::ReversalEinstein => super::einstein::down(moved),
        }
    }
}

/// What happens when the rebirth square is occupied.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Occupied {
    /// The unit is lost and the capture stands (Circe's default).
    Lost,
    /// The capture is illegal (Strict Circe; always so in Anticirce).
    Illegal,
    /// The occupant is removed and the unit takes its place (Circe Assassin).
    Assassin,
    /// The unit is hidden under the occupant until the square is empty again (Volcanic).
    Volcanic,
    /// The occupant is hidden under the unit until the square is empty again (Parachute).
    Parachute,
}

impl Occupied {
    /// Whether units go under others and come back when their square is empty again
    /// (Volcanic, Parachute).
    pub fn hides(self) -> bool {
        matches!(self, Occupied::Volcanic | Occupied::Parachute)
    }
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Circe {
    pub reborn: Reborn,
    pub square: SquareRule,
    /// Applied to the square of every square rule that names one.
    pub adjust: SquareAdjust,
    pub kind: KindRule,
    pub occupied: Occupied,
    /// Anticirce Cheylan: a capture on the capturer's own rebirth square is illegal.
    pub cheylan: bool,
    /// Kings are reborn too.
    pub rex_inclusive: bool,
    /// Immun chess: a unit whose rebirth square is occupied cannot be captured.
    pub immune: bool,
    /// Immun chess beside a Circe of other squares (`ImmunChess CageCirce`): the square
    /// rule and adjustment that make units immune, the Circe's own placing the reborn
    /// units. `None`: the Circe's squares do both.
    pub immune_squares: Option<(SquareRule, SquareAdjust)>,
    /// Whether captured units are reborn: not under Immun chess alone, but beside a
    /// Circe (the reference solver's `Circe ImmunChess`).
    pub rebirths: bool,
    /// Philip Cohen's rule (our spelling `Cohen`): a move that restores the placement the
    /// opponent's last move started from is illegal.
    pub cohen: bool,
    /// Circe option Turncoats: the reborn unit changes sides where it is reborn (the
    /// captured unit joins the capturer's side, an Anticirce capturer its victim's).
    pub turncoat: bool,
    /// Circe option Frischauf: a promoted unit is reborn on the capture file, on the
    /// rank its side promotes on; promotions mark their units.
    pub frischauf: bool,
}

impl Circe {
    /// Whether the captured unit waits off the board for a later move to be reborn
    /// (Parrain, ContraParrain, CaptureSquare WaitCapture).
    #[inline]
    pub fn waits(&self) -> bool {
        matches!(
            self.square,
            SquareRule::Parrain { .. } | SquareRule::CaptureSquareWait
        )
    }

    pub const fn circe() -> Circe {
        Circe {
            reborn: Reborn::Captured,
            square: SquareRule::Standard,
            adjust: SquareAdjust::None,
            kind: KindRule::Same,
            occupied: Occupied::Lost,
            cheylan: false,
            rex_inclusive: false,
            immune: false,
            immune_squares: None,
            rebirths: true,
            cohen: false,
            turncoat: false,
            frischauf: false,
        }
    }

    pub const fn anticirce() -> Circe {
        Circe {
            reborn: Reborn::Capturer,
            occupied: Occupied::Illegal,
            rex_inclusive: true,
            ..Circe::circe()
        }
    }

    /// Where a kamikaze capturer of kind `moved` and colour `color` that took a unit of
    /// kind `captured`, moving from `from` to `to`, is reborn, and as what: as an
    /// Anticirce capturer would be, by this Circe's kind rule and, with itself as the
    /// capturer, its square rule (the reference solver's reading). `origin` is its diagram
    /// square.
    pub fn kamikaze_rebirth(
        &self,
        moved: Role,
        color: Color,
        captured: Role,
        (from, to): (Square, Square),
        origin: Option<Square>,
    ) -> (Role, Option<Square>) {
        let role = self.kind.reborn_capturer(moved, captured);
        let cap = Capture {
            role,
            color,
            x: to,
            from,
            to,
            capturer_role: moved,
            capturer_color: color,
            origin,
        };
        (role, self.rebirth_square(&cap))
    }

    /// The rebirth square of `c`, a unit that carries the promoted units' mark when
    /// `promoted`: under the Frischauf option, the capture file on the rank its side
    /// promotes on; else [`Circe::rebirth_square`].
    #[inline]
    pub fn rebirth_square_of(&self, c: &Capture, promoted: bool) -> Option<Square> {
        if self.frischauf && promoted {
            return Some(Square::from_coords(c.x.file(), c.color.promotion_rank()));
        }
        self.rebirth_square(c)
    }

    /// The rebirth square of `c` under the square rule and its adjustment, or `None` when
    /// the rule gives none (off the board, or a rule decided elsewhere).
    #[inline]
    pub fn rebirth_square(&self, c: &Capture) -> Option<Square> {
        rebirth_square(self.square, c).map(|sq| self.adjust.apply(sq))
    }
}

/// The standard Circe square of a unit of `role` and `color` captured on `x`: a pawn
/// kind's on its second rank, an orthodox piece's game-array square of the capture
/// square's colour, and a fairy piece's on the capture file, on the rank its colour
/// promotes on (the reference solver's rule).
pub fn standard_square(role: Role, color: Color, x: Square) -> Square {
    let back = color.back_rank();
    if role.is_pawn() {
        return Square::from_coords(x.file(), color.pawn_rank());
    }
    let file = match role {
        Role::Queen => return Square::from_coords(3, back),
        Role::King => return Square::from_coords(4, back),
        Role::Rook => 0,
        Role::Bishop => 2,
        Role::Knight => 1,
        _ => return Square::from_coords(x.file(), color.promotion_rank()),
    };
    let a = Square::from_coords(file, back);
    if a.is_dark() == x.is_dark() {
        a
    } else {
        Square::from_coords(7 - file, back)
    }
}

/// Everything a square rule may look at.
#[derive(Copy, Clone, Debug)]
pub struct Capture {
    /// Kind and colour of the unit to be reborn (after any change of kind).
    pub role: Role,
    pub color: Color,
    /// The capture square (for e.p. the square of the captured pawn).
    pub x: Square,
    /// The capturer's departure and arrival squares.
    pub from: Square,
    pub to: Square,
    /// The capturer's kind after the move (promoted kind) and colour.
    pub capturer_role: Role,
    pub capturer_color: Color,
    /// The diagram square of the unit to be reborn, for Diagram Circe.
    pub origin: Option<Square>,
}

/// The rebirth square under `rule`, or `None` when it is off the board or undefined.
pub fn rebirth_square(rule: SquareRule, c: &Capture) -> Option<Square> {
    match rule {
        SquareRule::Standard => Some(standard_square(c.role, c.color, c.x)),
        SquareRule::Mirror => Some(standard_square(c.role, !c.color, c.x)),
        SquareRule::Couscous { mirror } => {
            let color = if mirror { c.color } else { c.capturer_color };
            Some(standard_square(c.capturer_role, color, c.x))
        }
        SquareRule::Pwc => Some(c.from),
        SquareRule::Diagram => c.origin,
        SquareRule::Equipollents { contra } => {
            // The capturer's vector, applied to the captured unit's square (which differs for e.p.).
            let df = c.to.file() as i8 - c.from.file() as i8;
            let dr = c.to.rank() as i8 - c.from.rank() as i8;
            if contra {
                c.x.offset(-df, -dr)
            } else {
                c.x.offset(df, dr)
            }
        }
        SquareRule::Symmetry => Some(c.x.point_reflection()),
        SquareRule::VerticalSymmetry => Some(Square::from_coords(7 - c.x.file(), c.x.rank())),
        SquareRule::HorizontalSymmetry => Some(Square::from_coords(c.x.file(), 7 - c.x.rank())),
        SquareRule::File { mirror } => {
            let color = if mirror { !c.color } else { c.color };
            // Pawns and fairy pieces as in standard Circe; orthodox pieces on the back rank.
            if c.role.is_orthodox() && !c.role.is_pawn() {
                Some(Square::from_coords(c.x.file(), color.back_rank()))
            } else {
                Some(standard_square(c.role, color, c.x))
            }
        }
        SquareRule::Rank => {
            let color = if c.x.rank() % 2 == 0 {
                Color::White
            } else {
                Color::Black
            };
            let standard = standard_square(c.role, color, c.x);
            Some(Square::from_coords(standard.file(), c.x.rank()))
        }
        SquareRule::Antipodes => Some(Square::from_coords(c.x.file() ^ 4, c.x.rank() ^ 4)),
        SquareRule::Parrain { .. }
        | SquareRule::Super
        | SquareRule::TakeMake
        | SquareRule::Cage
        | SquareRule::CaptureSquareWait => None,
    }
}

/// Capture squares indexed by colour, reborn kind and rebirth square.
type Inverse = [[[Bitboard; 64]; Role::COUNT]; 2];

/// For the square rules that look only at the captured unit and its capture square: the
/// capture squares from which a unit comes back on a given square. Circe Assassin's check
/// test asks this of every king square, so each rule's table is built once.
#[derive(Copy, Clone)]
pub struct RebornFrom(&'static Inverse, SquareAdjust);

impl RebornFrom {
    /// `None` for the rules that look at the capturer or the unit's history (Couscous,
    /// PWC, Equipollents, Diagram, Parrain).
    #[inline]
    pub fn of(circe: &Circe) -> Option<RebornFrom> {
        static TABLES: [OnceLock<Box<Inverse>>; 9] = [const { OnceLock::new() }; 9];
        let rule = circe.square;
        let slot = match rule {
            SquareRule::Standard => 0,
            SquareRule::Mirror => 1,
            SquareRule::Symmetry => 2,
            SquareRule::File { mirror: false } => 3,
            SquareRule::Antipodes => 4,
            SquareRule::File { mirror: true } => 5,
            SquareRule::Rank => 6,
            SquareRule::VerticalSymmetry => 7,
            SquareRule::HorizontalSymmetry => 8,
            _ => return None,
        };
        Some(RebornFrom(
            TABLES[slot].get_or_init(|| inverse(rule)),
            circe.adjust,
        ))
    }

    /// The capture squares from which a unit of `color`, reborn as `role`, comes back on
    /// `target`.
    #[inline]
    pub fn squares(self, color: Color, role: Role, target: Square) -> Bitboard {
        self.0[color.index()][role.index()][self.1.apply(target).index()]
    }
}

#[cold]
fn inverse(rule: SquareRule) -> Box<Inverse> {
    let mut t = Box::new([[[Bitboard::EMPTY; 64]; Role::COUNT]; 2]);
    for c in Color::ALL {
        for r in Role::all() {
            for x in Bitboard::FULL {
                let cap = Capture {
                    role: r,
                    color: c,
                    x,
                    from: x,
                    to: x,
                    capturer_role: Role::Pawn,
                    capturer_color: !c,
                    origin: None,
                };
                if let Some(sq) = rebirth_square(rule, &cap) {
                    t[c.index()][r.index()][sq.index()] |= Bitboard::from_square(x);
                }
            }
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inverse_tables_agree_with_the_rules() {
        let adjusts = [
            SquareAdjust::None,
            SquareAdjust::Diametral,
            SquareAdjust::VerticalMirror,
        ];
        for rule in [
            SquareRule::Standard,
            SquareRule::Mirror,
            SquareRule::Symmetry,
            SquareRule::File { mirror: false },
            SquareRule::File { mirror: true },
            SquareRule::Rank,
            SquareRule::Antipodes,
            SquareRule::VerticalSymmetry,
            SquareRule::HorizontalSymmetry,
        ] {
            for adjust in adjusts {
                let circe = Circe {
                    square: rule,
                    adjust,
                    ..Circe::circe()
                };
                let table = RebornFrom::of(&circe).unwrap();
                for c in Color::ALL {
                    for r in Role::all() {
                        for x in Bitboard::FULL {
                            let cap = Capture {
                                role: r,
                                color: c,
                                x,
                                from: Square::A1,
                                to: x,
                                capturer_role: Role::Queen,
                                capturer_color: !c,
                                origin: None,
                            };
                            for target in Bitboard::FULL {
                                assert_eq!(
                                    table.squares(c, r, target).contains(x),
                                    circe.rebirth_square(&cap) == Some(target),
                                    "{rule:?} {adjust:?} {c:?} {r:?} {x} {target}"
                                );
                            }
                        }
                    }
                }
            }
        }
        let with = |square| Circe {
            square,
            ..Circe::circe()
        };
        assert!(RebornFrom::of(&with(SquareRule::Pwc)).is_none());
        let standard = RebornFrom::of(&with(SquareRule::Standard)).unwrap();
        assert_eq!(
            standard
                .squares(Color::White, Role::Rook, Square::A1)
                .count(),
            32
        );
    }

    #[test]
    fn adjustments_reflect_the_rules_square() {
        let cap = Capture {
            role: Role::Rook,
            color: Color::Black,
            x: sq("a1"),
            from: sq("b2"),
            to: sq("a1"),
            capturer_role: Role::Queen,
            capturer_color: Color::White,
            origin: None,
        };
        let with = |adjust| Circe {
            adjust,
            ..Circe::circe()
        };
        // A black rook taken on a dark square goes to h8; mirrored to a8, reflected to a1.
        assert_eq!(
            with(SquareAdjust::None).rebirth_square(&cap),
            Some(sq("h8"))
        );
        assert_eq!(
            with(SquareAdjust::VerticalMirror).rebirth_square(&cap),
            Some(sq("a8"))
        );
        assert_eq!(
            with(SquareAdjust::Diametral).rebirth_square(&cap),
            Some(sq("a1"))
        );
    }

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn standard_squares() {
        assert_eq!(
            standard_square(Role::Knight, Color::Black, sq("c4")),
            sq("g8")
        );
        assert_eq!(
            standard_square(Role::Rook, Color::White, sq("e8")),
            sq("h1")
        );
        assert_eq!(
            standard_square(Role::Rook, Color::White, sq("a1")),
            sq("a1")
        );
        assert_eq!(
            standard_square(Role::Bishop, Color::Black, sq("a1")),
            sq("f8")
        );
        assert_eq!(
            standard_square(Role::Queen, Color::Black, sq("b1")),
            sq("d8")
        );
        assert_eq!(
            standard_square(Role::Queen, Color::White, sq("a5")),
            sq("d1")
        );
        assert_eq!(
            standard_square(Role::King, Color::White, sq("a5")),
            sq("e1")
        );
        assert_eq!(
            standard_square(Role::Pawn, Color::Black, sq("d6")),
            sq("d7")
        );
        assert_eq!(
            standard_square(Role::Knight, Color::White, sq("a1")),
            sq("g1")
        );
    }

    #[test]
    fn square_rules() {
        let c = Capture {
            role: Role::Knight,
            color: Color::Black,
            x: sq("c5"),
            from: sq("b3"),
            to: sq("c5"),
            capturer_role: Role::Knight,
            capturer_color: Color::White,
            origin: None,
        };
        assert_eq!(
            rebirth_square(SquareRule::Equipollents { contra: false }, &c),
            Some(sq("d7"))
        );
        assert_eq!(
            rebirth_square(SquareRule::Equipollents { contra: true }, &c),
            Some(sq("b3"))
        );
        assert_eq!(rebirth_square(SquareRule::Pwc, &c), Some(sq("b3")));
        assert_eq!(rebirth_square(SquareRule::Symmetry, &c), Some(sq("f4")));
        assert_eq!(
            rebirth_square(SquareRule::VerticalSymmetry, &c),
            Some(sq("f5"))
        );
        assert_eq!(
            rebirth_square(SquareRule::HorizontalSymmetry, &c),
            Some(sq("c4"))
        );
        assert_eq!(rebirth_square(SquareRule::Mirror, &c), Some(sq("g1")));
        assert_eq!(
            rebirth_square(SquareRule::Couscous { mirror: false }, &c),
            Some(sq("g1"))
        );
        // Mirror Couscous: the capturer's kind, the captured unit's colour.
        assert_eq!(
            rebirth_square(SquareRule::Couscous { mirror: true }, &c),
            Some(sq("b8"))
        );
        assert_eq!(
            rebirth_square(SquareRule::File { mirror: true }, &c),
            Some(sq("c1"))
        );
        // Rank: a knight taken on the dark c5 goes where a white knight taken on a dark
        // square would (the fifth rank has the first's parity), g1, moved up to the fifth.
        assert_eq!(rebirth_square(SquareRule::Rank, &c), Some(sq("g5")));
        assert_eq!(ChameleonCycle::STANDARD.next(Role::Queen), Role::Knight);
        assert_eq!(ChameleonCycle::STANDARD.next(Role::Pawn), Role::Pawn);
    }

    #[test]
    fn chameleon_cycles() {
        let (s, b, r, q) = (Role::Knight, Role::Bishop, Role::Rook, Role::Queen);
        let (g, n) = (Role::Grasshopper, Role::Nightrider);
        let reverse = ChameleonCycle::new(&[s, q, r, b]).unwrap();
        assert_eq!(reverse.next(s), q);
        assert_eq!(reverse.next(b), s);
        assert_eq!(reverse.next(g), g);
        let two = ChameleonCycle::new(&[g, n]).unwrap();
        assert_eq!(two.next(n), g);
        assert!(ChameleonCycle::new(&[s]).is_err());
        assert!(ChameleonCycle::new(&[s, b, s]).is_err());
        assert!(ChameleonCycle::new(&[s, Role::King]).is_err());
    }
}

/// Regrants a castling right to a rook or king that reaches its home square by rebirth,
/// when its partner still has its own.
pub fn regrant(castling: &mut Bitboard, piece: Piece, sq: Square) {
    let back = piece.color.back_rank();
    if sq.rank() != back {
        return;
    }
    let king = Square::from_coords(4, back);
    let rooks = Bitboard::from_square(Square::from_coords(0, back))
        | Bitboard::from_square(Square::from_coords(7, back));
    match piece.role {
        Role::Rook if (sq.file() == 0 || sq.file() == 7) && castling.contains(king) => {
            *castling |= Bitboard::from_square(sq)
        }
        Role::King if sq == king && (*castling & rooks).is_nonempty() => {
            *castling |= Bitboard::from_square(sq)
        }
        _ => {}
    }
}
