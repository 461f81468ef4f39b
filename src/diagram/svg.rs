//! A diagram as an SVG document: texts above, the board (or the boards side by side) with
//! its coordinates, the stipulation and the unit count under it, then the notes.
//!
//! Every unit is a group `<g class="unit" data-square="e4" data-unit="wQ" ...>` drawn in
//! a 45 by 45 square: a figure of the set (a `<symbol>` used by reference, turned for some
//! fairy pieces; a neutral unit is the white figure's left half and the black figure's
//! right half), or the kind's code in a disc.

use super::glyphs::{glyph, Figure, Glyph};
use super::{BoardView, Diagram, Unit};
use crate::board::{Color, Square};
use std::fmt::Write;

/// The side of a square.
const SQUARE: i32 = 45;
const BOARD: i32 = 8 * SQUARE;
/// Room for the rank numbers left of a board.
const LEFT: i32 = 20;
const RIGHT: i32 = 12;
const TOP: i32 = 12;
const GAP: i32 = 28;
const TEXT: i32 = 14;
const LINE: i32 = 19;
pub const LIGHT: &str = "#f2f2ee";
pub const DARK: &str = "#bcbcb4";

/// Where the symbols a diagram uses are defined.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Defs {
    /// In the diagram itself: a document that stands alone.
    Inline,
    /// Once in the page (`shared_defs`): diagrams inline in an HTML page.
    Shared,
}

/// Escapes text for XML and HTML content and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            // Control characters are not allowed in XML 1.0.
            c if (c as u32) < 0x20 && c != '\t' && c != '\n' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

fn color_letter(color: Color) -> char {
    match color {
        Color::White => 'w',
        Color::Black => 'b',
    }
}

fn symbol_id(figure: Figure, color: Color) -> String {
    format!("fairy-{}{}", color_letter(color), figure.letter())
}

/// The symbols and clip paths of the given figures (every colour), as a `<defs>` element.
fn defs_of(figures: &[Figure]) -> String {
    let mut out = String::from("<defs>");
    for &f in figures {
        for c in [Color::White, Color::Black] {
            let _ = write!(
                out,
                "<symbol id=\"{}\" viewBox=\"0 0 45 45\">{}</symbol>",
                symbol_id(f, c),
                f.drawing(c)
            );
        }
    }
    out.push_str(
        "<clipPath id=\"fairy-left\"><rect x=\"0\" y=\"0\" width=\"22.5\" height=\"45\"/></clipPath>\
         <clipPath id=\"fairy-right\"><rect x=\"22.5\" y=\"0\" width=\"22.5\" height=\"45\"/></clipPath>",
    );
    out.push_str("</defs>");
    out
}

/// Every symbol, once, in an SVG of no size: for an HTML page whose diagrams are drawn
/// with `Defs::Shared`.
pub fn shared_defs() -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"0\" height=\"0\" style=\"position:absolute\" aria-hidden=\"true\">{}</svg>",
        defs_of(&Figure::ALL)
    )
}

fn figure_use(figure: Figure, color: Color, turn: u16) -> String {
    let turn = if turn == 0 {
        String::new()
    } else {
        format!(" transform=\"rotate({turn} 22.5 22.5)\"")
    };
    format!(
        "<use href=\"#{}\" width=\"45\" height=\"45\"{turn}/>",
        symbol_id(figure, color)
    )
}

fn disc(fill: &str, clip: Option<&str>) -> String {
    let clip = clip
        .map(|c| format!(" clip-path=\"url(#{c})\""))
        .unwrap_or_default();
    format!(
        "<circle cx=\"22.5\" cy=\"22.5\" r=\"17\" fill=\"{fill}\" stroke=\"#000\" stroke-width=\"1.5\"{clip}/>"
    )
}

/// One unit, drawn in the square whose top left corner is (`x`, `y`).
fn unit(out: &mut String, u: &Unit, x: i32, y: i32) {
    let g = glyph(u.role);
    let who = if u.neutral {
        'n'
    } else {
        color_letter(u.color)
    };
    let described = match g {
        Glyph::Figure { figure, turn } => format!("{}{turn}", figure.letter()),
        Glyph::Code(_) => "code".to_string(),
    };
    let _ = write!(
        out,
        "<g class=\"unit\" data-square=\"{}\" data-unit=\"{who}{}\" data-glyph=\"{described}\" transform=\"translate({x} {y})\">",
        u.square,
        u.role.code()
    );
    match g {
        Glyph::Figure { figure, turn } if u.neutral => {
            let _ = write!(
                out,
                "<g clip-path=\"url(#fairy-left)\">{}</g><g clip-path=\"url(#fairy-right)\">{}</g>",
                figure_use(figure, Color::White, turn),
                figure_use(figure, Color::Black, turn)
            );
        }
        Glyph::Figure { figure, turn } => out.push_str(&figure_use(figure, u.color, turn)),
        Glyph::Code(code) => {
            let size = if code.len() > 1 { 15 } else { 19 };
            let (discs, text_style) = if u.neutral {
                (
                    format!(
                        "{}{}",
                        disc("#fff", Some("fairy-left")),
                        disc("#000", Some("fairy-right"))
                    ),
                    "fill=\"#000\" stroke=\"#fff\" stroke-width=\"3\" paint-order=\"stroke\"",
                )
            } else if u.color == Color::White {
                (disc("#fff", None), "fill=\"#000\"")
            } else {
                (disc("#000", None), "fill=\"#fff\"")
            };
            let _ = write!(
                out,
                "{discs}<text x=\"22.5\" y=\"{}\" font-size=\"{size}\" font-weight=\"bold\" text-anchor=\"middle\" {text_style}>{}</text>",
                22 + size * 7 / 20,
                escape(code)
            );
        }
    }
    out.push_str("</g>");
}

fn board(out: &mut String, view: &BoardView, index: usize, left: i32, top: i32) {
    let _ = write!(
        out,
        "<g class=\"board\" data-board=\"{index}\"><rect x=\"{left}\" y=\"{top}\" width=\"{BOARD}\" height=\"{BOARD}\" fill=\"{LIGHT}\"/>"
    );
    let corner = |sq: Square| {
        (
            left + i32::from(sq.file()) * SQUARE,
            top + (7 - i32::from(sq.rank())) * SQUARE,
        )
    };
    for i in 0..64u8 {
        let sq = Square::new(i);
        if sq.is_dark() {
            let (x, y) = corner(sq);
            let _ = write!(
                out,
                "<rect x=\"{x}\" y=\"{y}\" width=\"{SQUARE}\" height=\"{SQUARE}\" fill=\"{DARK}\"/>"
            );
        }
    }
    let _ = write!(
        out,
        "<rect x=\"{left}\" y=\"{top}\" width=\"{BOARD}\" height=\"{BOARD}\" fill=\"none\" stroke=\"#000\" stroke-width=\"2\"/>"
    );
    for u in &view.units {
        let (x, y) = corner(u.square);
        unit(out, u, x, y);
    }
    // Coordinates: ranks on the left, files below.
    for r in 0..8 {
        let _ = write!(
            out,
            "<text x=\"{}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\" fill=\"#444\">{}</text>",
            left - 10,
            top + (7 - r) * SQUARE + SQUARE / 2 + 4,
            r + 1
        );
    }
    for f in 0..8u8 {
        let _ = write!(
            out,
            "<text x=\"{}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\" fill=\"#444\">{}</text>",
            left + i32::from(f) * SQUARE + SQUARE / 2,
            top + BOARD + 14,
            (b'a' + f) as char
        );
    }
    out.push_str("</g>");
}

/// A line of text centred on `x`, squeezed to `width` when it would be wider.
fn centred_text(out: &mut String, class: &str, text: &str, x: i32, y: i32, size: i32, width: i32) {
    // About 0.56 em a character in a sans-serif face.
    let estimate = text.chars().count() as i32 * size * 56 / 100;
    let squeeze = if estimate > width {
        format!(" textLength=\"{width}\" lengthAdjust=\"spacingAndGlyphs\"")
    } else {
        String::new()
    };
    let _ = write!(
        out,
        "<text class=\"{class}\" x=\"{x}\" y=\"{y}\" font-size=\"{size}\" text-anchor=\"middle\"{squeeze}>{}</text>",
        escape(text)
    );
}

/// The figures a diagram draws.
fn figures_in(d: &Diagram) -> Vec<Figure> {
    let mut used = Vec::new();
    for u in d.boards.iter().flat_map(|b| &b.units) {
        if let Glyph::Figure { figure, .. } = glyph(u.role) {
            if !used.contains(&figure) {
                used.push(figure);
            }
        }
    }
    used
}

/// The diagram as an SVG document (its own `<svg>` element, with `Defs::Inline` a file
/// of its own).
pub fn render(d: &Diagram, defs: Defs) -> String {
    let boards = d.boards.len().max(1) as i32;
    let width = LEFT + boards * BOARD + (boards - 1) * (GAP + LEFT) + RIGHT;
    let text_width = width - 16;
    let captions = d.boards.iter().any(|b| b.caption.is_some());
    let board_top = TOP + d.heading.len() as i32 * LINE + if captions { LINE } else { 0 };
    let below = board_top + BOARD + 20;
    let stip_y = below + LINE;
    let notes_top = stip_y + 4;
    let twin_lines = i32::from(d.twin.is_some());
    let height = notes_top + (d.notes.len() as i32 + twin_lines) * LINE + 10;
    let mut out = String::with_capacity(8192);
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"diagram\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">"
    );
    let title = [d.heading.first().map(String::as_str), Some(&d.stipulation)]
        .into_iter()
        .flatten()
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(", ");
    let _ = write!(out, "<title>{}</title>", escape(&title));
    if defs == Defs::Inline {
        out.push_str(&defs_of(&figures_in(d)));
    }
    let _ = write!(
        out,
        "<rect width=\"{width}\" height=\"{height}\" fill=\"#fff\"/>"
    );
    for (i, line) in d.heading.iter().enumerate() {
        // The author's line stands out.
        let (class, size) = if i == 0 {
            ("heading author", TEXT + 1)
        } else {
            ("heading", TEXT - 1)
        };
        centred_text(
            &mut out,
            class,
            line,
            width / 2,
            TOP + (i as i32 + 1) * LINE - 4,
            size,
            text_width,
        );
    }
    for (i, view) in d.boards.iter().enumerate() {
        let left = LEFT + i as i32 * (BOARD + GAP + LEFT);
        if let Some(caption) = &view.caption {
            centred_text(
                &mut out,
                "caption",
                caption,
                left + BOARD / 2,
                board_top - 6,
                TEXT - 1,
                BOARD,
            );
        }
        board(&mut out, view, i, left, board_top);
    }
    let _ = write!(
        out,
        "<text class=\"stipulation\" x=\"{LEFT}\" y=\"{stip_y}\" font-size=\"16\" font-weight=\"bold\">{}</text>",
        escape(&d.stipulation)
    );
    let _ = write!(
        out,
        "<text class=\"count\" x=\"{}\" y=\"{stip_y}\" font-size=\"15\" text-anchor=\"end\">{}</text>",
        width - RIGHT,
        escape(&d.count)
    );
    for (i, line) in d.notes.iter().chain(&d.twin).enumerate() {
        let class = if Some(line) == d.twin.as_ref() && i == d.notes.len() {
            "twin"
        } else {
            "note"
        };
        centred_text(
            &mut out,
            class,
            line,
            width / 2,
            notes_top + (i as i32 + 1) * LINE - 2,
            TEXT,
            text_width,
        );
    }
    out.push_str("</svg>");
    out
}

/// The diagram as a file of its own: an XML declaration, then the SVG.
pub fn document(d: &Diagram) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{}\n",
        render(d, Defs::Inline)
    )
}
