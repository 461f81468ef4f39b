//! Forsyth notation: Popeye's `forsyth` command and the board part of a FEN given
//! on the command line.

use super::error::InputError;
use super::model::{PieceSpec, ProblemSpec, Span, Spanned};
use crate::board::kinds::UNSUPPORTED_CODES;
use crate::board::{Color, Role, Square};
use crate::stipulation::Stipulation;

/// Whose letters a Forsyth string uses: Popeye's (`n` is the nightrider) or FEN's (`n`
/// is the knight).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Letters {
    Popeye,
    Fen,
}

/// Reads a position in Forsyth notation: ranks from 8 down to 1, files a to h,
/// uppercase letters white, lowercase black (one-letter piece codes, K Q R B S P G N
/// Z L M ...; a two-letter code after a dot, `.le`; in a FEN, N is the knight),
/// numbers for runs of empty squares (a number may run over into the next rank,
/// `16` is two empty ranks), `/` between ranks. Fewer than 64 squares leave the
/// rest empty. `span` is the place of the first character; the pieces get the
/// place of their letter.
pub fn parse_forsyth(
    text: &str,
    span: Span,
    letters: Letters,
) -> Result<Vec<PieceSpec>, InputError> {
    let at = |i: usize| Span::new(span.line, span.col.saturating_add(i as u32));
    let chars: Vec<char> = text.chars().collect();
    let mut pieces = Vec::new();
    let mut index: usize = 0; // squares filled so far, a8 = 0, h1 = 63
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_ascii_digit() {
            let start = i;
            let mut n: usize = 0;
            while i < chars.len() && chars[i].is_ascii_digit() {
                n = n
                    .saturating_mul(10)
                    .saturating_add(chars[i] as usize - '0' as usize);
                i += 1;
            }
            if n == 0 {
                return Err(InputError::new(
                    at(start),
                    format!("empty-square count 0 in forsyth \"{text}\""),
                ));
            }
            // A run past the last square is cut off at the board's end, as the
            // reference solver reads it (`.../16` for the last rank's eight squares).
            let last = chars[i..].iter().all(|&c| c == '/');
            if index + n.min(65) > 64 && !(last && index < 64) {
                return Err(InputError::new(
                    at(start),
                    format!("forsyth \"{text}\" describes more than 64 squares (at \"{n}\")"),
                ));
            }
            index = (index + n.min(65)).min(64);
            continue;
        }
        if c == '/' {
            if !index.is_multiple_of(8) {
                return Err(InputError::new(
                    at(i),
                    format!(
                        "'/' in forsyth \"{text}\" comes {} squares into a rank; a rank has 8 squares",
                        index % 8
                    ),
                ));
            }
            i += 1;
            continue;
        }
        let start = i;
        // A colour sign may stand before the piece: `+` white, `-` black, `=` neutral.
        let sign = match c {
            '+' => Some(Color::White),
            '-' | '=' => Some(Color::Black),
            _ => None,
        };
        let neutral = c == '=';
        if sign.is_some() {
            i += 1;
        }
        let Some(&c) = chars.get(i) else {
            return Err(InputError::new(
                at(start),
                format!("forsyth \"{text}\" ends after a colour sign"),
            ));
        };
        // A two-letter code follows a dot; its case gives the colour.
        let (c, code): (char, String) = if c == '.' && i + 2 < chars.len() {
            i += 2;
            (chars[i - 1], chars[i - 1..=i].iter().collect())
        } else {
            (c, c.to_string())
        };
        let role = match (letters, code.to_ascii_uppercase().as_str()) {
            (Letters::Fen, "N") => Some(Role::Knight),
            (_, code) => Role::from_code(code),
        };
        let Some(role) = role.filter(|_| c.is_ascii_alphanumeric()) else {
            let upper = code.to_ascii_uppercase();
            if let Some((_, name)) = UNSUPPORTED_CODES.iter().find(|(k, _)| *k == upper) {
                return Err(InputError::new(
                    at(start),
                    format!(
                        "fairy piece \"{upper}\" ({name}) in forsyth \"{text}\" is not supported"
                    ),
                ));
            }
            return Err(InputError::new(
                at(start),
                format!(
                    "unexpected '{code}' in forsyth \"{text}\"; expected a piece code (K Q R B S P G N ..., or .LE for a two-letter code; uppercase white, lowercase black, or after + or -), a number of empty squares or '/'"
                ),
            ));
        };
        if index >= 64 {
            return Err(InputError::new(
                at(i),
                format!("forsyth \"{text}\" describes more than 64 squares (at '{code}')"),
            ));
        }
        let color = match sign {
            Some(color) => color,
            None if c.is_ascii_uppercase() => Color::White,
            None => Color::Black,
        };
        let square = Square::from_coords((index % 8) as u8, 7 - (index / 8) as u8);
        if neutral && role.is_royal() && role != Role::King {
            return Err(InputError::new(
                at(start),
                "neutral royal units other than kings are not supported",
            ));
        }
        let color = if neutral { Color::White } else { color };
        pieces.push(PieceSpec {
            color,
            role,
            square,
            kamikaze: false,
            royal: false,
            chameleon: false,
            paralysing: false,
            half_neutral: false,
            frischauf: false,
            neutral,
            alice: None,
            span: at(start),
        });
        index += 1;
        i += 1;
    }
    Ok(pieces)
}

/// Builds a problem from the command line: `fen` is a FEN (only its first field,
/// the board, is read; N or S for the knight), `stipulation` e.g. `#2`, and
/// `conditions` raw condition words (each string may hold several blank-separated
/// words). Places refer to line 1; FEN errors point at the column in `fen`.
pub fn problem_from_fen(
    fen: &str,
    stipulation: &str,
    conditions: &[String],
) -> Result<ProblemSpec, InputError> {
    let origin = Span::new(1, 1);
    let leading = fen.chars().take_while(|c| c.is_whitespace()).count();
    let board: String = fen
        .chars()
        .skip(leading)
        .take_while(|c| !c.is_whitespace())
        .collect();
    if board.is_empty() {
        return Err(InputError::new(
            origin,
            "empty FEN; expected a position like 4k3/8/8/8/8/8/8/4K2R",
        ));
    }
    let pieces =
        parse_forsyth(&board, Span::new(1, 1 + leading as u32), Letters::Fen).map_err(|e| {
            InputError {
                message: format!("invalid FEN: {}", e.message),
                ..e
            }
        })?;
    // The stipulation's own messages quote it already.
    let stip: Stipulation = stipulation
        .parse()
        .map_err(|e: String| InputError::new(origin, e))?;
    let mut problem = ProblemSpec::new(1, origin);
    problem.pieces = pieces;
    problem.stipulation = Some(Spanned::new(stip, origin));
    problem.conditions = conditions
        .iter()
        .flat_map(|c| c.split_whitespace())
        .map(|w| Spanned::new(w.to_string(), origin))
        .collect();
    Ok(problem)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn popeye_forsyth() {
        let p = parse_forsyth("4K3/k7/8/2P5/S7/1p6/16", Span::new(4, 9), Letters::Popeye).unwrap();
        let got: Vec<_> = p
            .iter()
            .map(|p| (p.color, p.role, p.square, p.span.col))
            .collect();
        assert_eq!(
            got,
            vec![
                (Color::White, Role::King, sq("e8"), 10),
                (Color::Black, Role::King, sq("a7"), 13),
                (Color::White, Role::Pawn, sq("c5"), 19),
                (Color::White, Role::Knight, sq("a4"), 22),
                (Color::Black, Role::Pawn, sq("b3"), 26),
            ]
        );
        let p = parse_forsyth(
            "1S1S4/5R2/8/2k2P2/8/4Rp1b/8/K2s4/",
            Span::new(1, 1),
            Letters::Popeye,
        )
        .unwrap();
        assert_eq!(p.len(), 10);
        assert_eq!(
            p.last().map(|p| (p.square, p.role, p.color)),
            Some((sq("d1"), Role::Knight, Color::Black))
        );
    }

    #[test]
    fn forsyth_errors() {
        assert_eq!(
            parse_forsyth("8/8/9", Span::new(1, 1), Letters::Popeye)
                .unwrap()
                .len(),
            0
        );
        let e = parse_forsyth("8/8/9/", Span::new(2, 10), Letters::Popeye).unwrap_err();
        assert_eq!((e.line, e.col), (2, 15));
        assert!(e.message.contains("'/'"), "{}", e.message);
        let e = parse_forsyth("K6/8", Span::new(1, 1), Letters::Popeye).unwrap_err();
        assert_eq!(e.col, 3);
        let e = parse_forsyth("4X3", Span::new(1, 1), Letters::Popeye).unwrap_err();
        assert_eq!(e.col, 2);
        assert!(e.message.contains("unexpected 'X'"), "{}", e.message);
        assert!(parse_forsyth("64K", Span::new(1, 1), Letters::Popeye).is_err());
        // A count past the board's end: an error before a piece, cut off at the end
        // (as the reference solver reads `R15` on the last rank).
        assert!(
            parse_forsyth("99999999999999999999999K", Span::new(1, 1), Letters::Popeye).is_err()
        );
        let p = parse_forsyth("99999999999999999999999", Span::new(1, 1), Letters::Popeye);
        assert_eq!(p.unwrap().len(), 0);
        let p = parse_forsyth("7k/8/8/8/8/8/8/R15", Span::new(1, 1), Letters::Popeye).unwrap();
        assert_eq!(p.len(), 2);
        assert!(parse_forsyth("0", Span::new(1, 1), Letters::Popeye).is_err());
    }

    #[test]
    fn fairy_codes_in_forsyth() {
        let p = parse_forsyth(
            "n3.LE2k/8/8/8/8/8/8/K6.pa",
            Span::new(1, 1),
            Letters::Popeye,
        )
        .unwrap();
        let got: Vec<(Color, Role, String)> = p
            .iter()
            .map(|u| (u.color, u.role, u.square.to_string()))
            .collect();
        assert_eq!(
            got,
            [
                (Color::Black, Role::Nightrider, "a8".to_string()),
                (Color::White, Role::Leo, "e8".to_string()),
                (Color::Black, Role::King, "h8".to_string()),
                (Color::White, Role::King, "a1".to_string()),
                (Color::Black, Role::Pao, "h1".to_string()),
            ]
        );
        // Colour signs; two-letter codes of kinds this solver has not are named.
        let p = parse_forsyth("+.eq-.eq6", Span::new(1, 1), Letters::Popeye).unwrap();
        assert_eq!(
            p.iter().map(|u| (u.color, u.role)).collect::<Vec<_>>(),
            [
                (Color::White, Role::Equihopper),
                (Color::Black, Role::Equihopper)
            ]
        );
        let e = parse_forsyth("K+.b16", Span::new(1, 1), Letters::Popeye).unwrap_err();
        assert!(
            e.message.contains("\"B1\" (bouncer)") && e.message.contains("not supported"),
            "{}",
            e.message
        );
        // In a FEN the knight may be N.
        let p = parse_forsyth("n7/8/8/8/8/8/8/8", Span::new(1, 1), Letters::Fen).unwrap();
        assert_eq!(p[0].role, Role::Knight);
    }

    #[test]
    fn fen_from_command_line() {
        let p = problem_from_fen(
            "r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1",
            "#2",
            &["circe".to_string(), "rexinclusive  mirror".to_string()],
        )
        .unwrap();
        assert_eq!(p.pieces.len(), 7);
        assert_eq!(p.pieces[0].square, sq("a8"));
        assert_eq!(p.pieces[4].role, Role::Knight);
        assert_eq!(p.pieces[4].color, Color::White);
        assert_eq!(p.stipulation.unwrap().value.to_string(), "#2");
        assert_eq!(p.condition_words(), vec!["circe", "rexinclusive", "mirror"]);
        let e = problem_from_fen("  8/8/x7", "#2", &[]).unwrap_err();
        assert_eq!(e.col, 7);
        assert!(e.message.starts_with("invalid FEN"), "{}", e.message);
        let e = problem_from_fen("8/8/8/8/8/8/8/8", "hk3", &[]).unwrap_err();
        assert!(
            e.message.contains("the kiss goal k needs a square"),
            "{}",
            e.message
        );
        // Said once: the stipulation's own message names it.
        let e = problem_from_fen("8/8/8/8/8/8/8/8", "h#0", &[]).unwrap_err();
        assert_eq!(
            e.message.matches("invalid stipulation").count(),
            1,
            "{}",
            e.message
        );
        assert!(problem_from_fen("", "#2", &[]).is_err());
    }
}
