//! How each kind of unit looks in a diagram: the six orthodox figures (Colin M.L.
//! Burnett's set, `assets/pieces/cburnett`), turned figures for the fairy pieces that
//! printed diagrams draw so, and every other kind as its code in a disc. One table:
//! adding a turned figure is one row of `TURNED`.

use crate::board::{Color, Role};

/// One of the six figures of the piece set.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Figure {
    King,
    Queen,
    Rook,
    Bishop,
    Knight,
    Pawn,
}

impl Figure {
    pub const ALL: [Figure; 6] = [
        Figure::King,
        Figure::Queen,
        Figure::Rook,
        Figure::Bishop,
        Figure::Knight,
        Figure::Pawn,
    ];

    /// The letter of the figure's file name: `K`, `Q`, `R`, `B`, `S`, `P`.
    pub const fn letter(self) -> char {
        match self {
            Figure::King => 'K',
            Figure::Queen => 'Q',
            Figure::Rook => 'R',
            Figure::Bishop => 'B',
            Figure::Knight => 'S',
            Figure::Pawn => 'P',
        }
    }

    /// The figure's drawing in one colour: the inside of an SVG of 45 by 45 units.
    pub fn drawing(self, color: Color) -> &'static str {
        let file = match (color, self) {
            (Color::White, Figure::King) => include_str!("../../assets/pieces/cburnett/wK.svg"),
            (Color::White, Figure::Queen) => include_str!("../../assets/pieces/cburnett/wQ.svg"),
            (Color::White, Figure::Rook) => include_str!("../../assets/pieces/cburnett/wR.svg"),
            (Color::White, Figure::Bishop) => include_str!("../../assets/pieces/cburnett/wB.svg"),
            (Color::White, Figure::Knight) => include_str!("../../assets/pieces/cburnett/wS.svg"),
            (Color::White, Figure::Pawn) => include_str!("../../assets/pieces/cburnett/wP.svg"),
            (Color::Black, Figure::King) => include_str!("../../assets/pieces/cburnett/bK.svg"),
            (Color::Black, Figure::Queen) => include_str!("../../assets/pieces/cburnett/bQ.svg"),
            (Color::Black, Figure::Rook) => include_str!("../../assets/pieces/cburnett/bR.svg"),
            (Color::Black, Figure::Bishop) => include_str!("../../assets/pieces/cburnett/bB.svg"),
            (Color::Black, Figure::Knight) => include_str!("../../assets/pieces/cburnett/bS.svg"),
            (Color::Black, Figure::Pawn) => include_str!("../../assets/pieces/cburnett/bP.svg"),
        };
        inside_svg(file)
    }
}

/// The drawing between an `<svg ...>` element's start and end tags, without comments.
fn inside_svg(file: &str) -> &str {
    let body = file
        .find("<svg")
        .and_then(|i| file[i..].find('>').map(|j| &file[i + j + 1..]))
        .unwrap_or(file);
    let body = body.rfind("</svg>").map_or(body, |e| &body[..e]);
    // The licence comment stays in the asset file; the drawing starts at its first element.
    match body.find("-->") {
        Some(e) if body.trim_start().starts_with("<!--") => body[e + 3..].trim(),
        _ => body.trim(),
    }
}

/// How a kind is drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Glyph {
    /// A figure of the set, turned clockwise by `turn` degrees.
    Figure { figure: Figure, turn: u16 },
    /// The kind's code (`LE`, `CA`) in a disc.
    Code(&'static str),
}

/// The fairy pieces printed diagrams draw as a turned figure. The grasshopper is the
/// upside-down queen and the nightrider the knight on its side everywhere; the hoppers
/// that take a figure's lines are that figure upside down, the Chinese pieces the figure
/// turned a quarter to the left, the lions a quarter to the right (`docs/diagrams.md`).
const TURNED: &[(Role, Figure, u16)] = &[
    (Role::Grasshopper, Figure::Queen, 180),
    (Role::Nightrider, Figure::Knight, 90),
    (Role::RookHopper, Figure::Rook, 180),
    (Role::BishopHopper, Figure::Bishop, 180),
    (Role::KingHopper, Figure::King, 180),
    (Role::KnightHopper, Figure::Knight, 180),
    (Role::BerolinaPawn, Figure::Pawn, 180),
    (Role::Leo, Figure::Queen, 270),
    (Role::Pao, Figure::Rook, 270),
    (Role::Vao, Figure::Bishop, 270),
    (Role::Lion, Figure::Queen, 90),
    (Role::RookLion, Figure::Rook, 90),
    (Role::BishopLion, Figure::Bishop, 90),
];

/// How units of `role` are drawn.
pub fn glyph(role: Role) -> Glyph {
    let upright = |figure| Glyph::Figure { figure, turn: 0 };
    match role {
        Role::King => upright(Figure::King),
        Role::Queen => upright(Figure::Queen),
        Role::Rook => upright(Figure::Rook),
        Role::Bishop => upright(Figure::Bishop),
        Role::Knight => upright(Figure::Knight),
        Role::Pawn => upright(Figure::Pawn),
        _ => TURNED
            .iter()
            .find(|(r, _, _)| *r == role)
            .map(|&(_, figure, turn)| Glyph::Figure { figure, turn })
            .unwrap_or(Glyph::Code(role.code())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orthodox_kinds_are_upright_figures() {
        for (role, letter) in [
            (Role::King, 'K'),
            (Role::Queen, 'Q'),
            (Role::Rook, 'R'),
            (Role::Bishop, 'B'),
            (Role::Knight, 'S'),
            (Role::Pawn, 'P'),
        ] {
            match glyph(role) {
                Glyph::Figure { figure, turn: 0 } => assert_eq!(figure.letter(), letter),
                g => panic!("{role:?} drawn as {g:?}"),
            }
        }
    }

    #[test]
    fn turned_figures_differ_from_every_other_glyph() {
        let mut seen = Vec::new();
        for role in Role::all() {
            if let g @ Glyph::Figure { .. } = glyph(role) {
                assert!(!seen.contains(&g), "{role:?} looks like another kind");
                seen.push(g);
            }
        }
        assert_eq!(seen.len(), 6 + TURNED.len());
        assert_eq!(
            glyph(Role::Grasshopper),
            Glyph::Figure {
                figure: Figure::Queen,
                turn: 180
            }
        );
        assert_eq!(glyph(Role::Camel), Glyph::Code("CA"));
    }

    #[test]
    fn drawings_are_one_group_without_the_wrapper() {
        for f in Figure::ALL {
            for c in [Color::White, Color::Black] {
                let d = f.drawing(c);
                assert!(
                    d.starts_with("<g") && d.ends_with("</g>"),
                    "{f:?} {c:?}: {d}"
                );
                assert!(!d.contains("<svg") && !d.contains("<!--"));
            }
        }
        // Black and white differ in their fill.
        assert_ne!(
            Figure::Pawn.drawing(Color::White),
            Figure::Pawn.drawing(Color::Black)
        );
    }
}
