//! Piece tokens (`Ka1`, `Ra8c8`, `pa2b3`) and square lists (`d7d6d5`).

use crate::board::kinds::UNSUPPORTED_CODES;
use crate::board::{Role, Square};

/// A piece token read: its kind and the squares with their character offsets in the token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceToken {
    pub role: Role,
    pub squares: Vec<(Square, usize)>,
}

/// Why a piece token could not be read: the character offset of the defect and a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenError {
    pub offset: usize,
    pub message: String,
}

const EXPECTED_ROLES: &str =
    "expected K Q R B S P or a fairy piece code (G, N, LE, ...; see docs/pieces.md)";

/// Reads `text` as squares written together (`e4`, `a1h8`, `d7d6d5`).
pub fn parse_square_list(text: &str) -> Option<Vec<Square>> {
    let chars: Vec<char> = text.chars().collect();
    if chars.is_empty() || !chars.len().is_multiple_of(2) {
        return None;
    }
    chars.chunks(2).map(|p| square_of(p[0], p[1])).collect()
}

fn square_of(file: char, rank: char) -> Option<Square> {
    let f = file.to_ascii_lowercase();
    if ('a'..='h').contains(&f) && ('1'..='8').contains(&rank) {
        Some(Square::from_coords(f as u8 - b'a', rank as u8 - b'1'))
    } else {
        None
    }
}

fn squares_from(chars: &[char], start: usize) -> Option<Vec<(Square, usize)>> {
    let rest = &chars[start..];
    if rest.is_empty() || !rest.len().is_multiple_of(2) {
        return None;
    }
    rest.chunks(2)
        .enumerate()
        .map(|(i, p)| square_of(p[0], p[1]).map(|s| (s, start + 2 * i)))
        .collect()
}

/// What a piece code names: a kind this solver has, a kind of the reference solver it
/// has not, or nothing.
enum Code {
    Known(Role),
    Unsupported(&'static str, &'static str),
    Unknown,
}

fn code_of(chars: &[char]) -> Code {
    let code: String = chars.iter().collect::<String>().to_ascii_uppercase();
    if let Some(role) = Role::from_code(&code) {
        return Code::Known(role);
    }
    match UNSUPPORTED_CODES.iter().find(|(c, _)| *c == code) {
        Some((c, name)) => Code::Unsupported(c, name),
        None => Code::Unknown,
    }
}

/// The first defect of the squares after a code of `code_len` characters, if any.
fn square_defect(chars: &[char], code_len: usize, text: &str) -> Option<(usize, String)> {
    let rest = &chars[code_len..];
    let shown_code: String = chars[..code_len].iter().collect();
    if rest.is_empty() {
        return Some((
            code_len,
            format!(
                "missing square after '{shown_code}' in \"{text}\"; expected squares like Ka1 or Pa2b3"
            ),
        ));
    }
    for (i, pair) in rest.chunks(2).enumerate() {
        let offset = code_len + 2 * i;
        let shown: String = pair.iter().collect();
        if pair.len() < 2 {
            return Some((offset, format!("incomplete square \"{shown}\" in \"{text}\"; expected squares a1 to h8 written together, like Ra8c8")));
        }
        if square_of(pair[0], pair[1]).is_none() {
            return Some((offset, format!("invalid square \"{shown}\" in \"{text}\"; expected squares a1 to h8 written together, like Ra8c8")));
        }
    }
    None
}

/// Reads a piece token: a piece code followed by one or more squares written together
/// (`Ka1`, `Gd4`, `LEa1b2`, `pa2b3`). As in the reference solver, the code has one
/// character when the token's length is odd and two when it is even (`pab1` is a pao on
/// b1, `pa6` a pawn on a6). Codes of kinds the reference solver has and this solver has
/// not, and `.XY` codes, are refused by name.
pub fn parse_piece_token(text: &str) -> Result<PieceToken, TokenError> {
    let chars: Vec<char> = text.chars().collect();
    let err = |offset: usize, message: String| Err(TokenError { offset, message });
    let Some(&first) = chars.first() else {
        return err(0, format!("empty piece; {EXPECTED_ROLES}"));
    };
    if first == '.' {
        let code: String = chars.iter().skip(1).take(2).collect();
        return err(
            0,
            format!(
                "fairy piece \".{}\" in \"{text}\" is not supported",
                code.to_uppercase()
            ),
        );
    }
    let len = if chars.len() % 2 == 1 { 1 } else { 2 }.min(chars.len());
    let squares = squares_from(&chars, len);
    match (code_of(&chars[..len]), squares) {
        (Code::Known(role), Some(squares)) => return Ok(PieceToken { role, squares }),
        (Code::Unsupported(code, name), Some(_)) => {
            return err(
                0,
                format!("fairy piece \"{code}\" ({name}) in \"{text}\" is not supported"),
            )
        }
        _ => {}
    }
    // Not a piece: say what is wrong after a known code, the one whose squares read
    // further (`Pa2b` is a pawn with an incomplete square rather than a pao on "2b").
    let known = |n: usize| n <= chars.len() && !matches!(code_of(&chars[..n]), Code::Unknown);
    // Ranked by the squares read before the defect, then the reference solver's choice.
    let defect = [len, 3 - len]
        .into_iter()
        .enumerate()
        .filter(|&(_, n)| known(n))
        .filter_map(|(rank, n)| {
            square_defect(&chars, n, text).map(|(o, m)| ((o - n) / 2, usize::from(rank == 0), o, m))
        })
        .max_by_key(|(read, first, _, _)| (*read, *first));
    if let Some((_, _, offset, message)) = defect {
        return err(offset, message);
    }
    if !known(len) && !known(3 - len) {
        let hint = if chars.len() == 1 {
            " (a piece code needs its squares, like Ka1)"
        } else {
            ""
        };
        let shown: String = chars[..len].iter().collect();
        return err(
            0,
            format!("unknown piece code \"{shown}\" in \"{text}\"; {EXPECTED_ROLES}{hint}"),
        );
    }
    err(0, format!("cannot read piece \"{text}\"; expected a piece code followed by squares, like Ka1, Gd4 or LEa1"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn square_lists() {
        assert_eq!(
            parse_square_list("d7d6d5"),
            Some(vec![sq("d7"), sq("d6"), sq("d5")])
        );
        assert_eq!(parse_square_list("A1"), Some(vec![sq("a1")]));
        assert_eq!(parse_square_list("a1h"), None);
        assert_eq!(parse_square_list("a9"), None);
        assert_eq!(parse_square_list(""), None);
        assert_eq!(parse_square_list("ü1"), None);
    }

    #[test]
    fn pieces() {
        let t = parse_piece_token("Ra8c8").unwrap();
        assert_eq!(t.role, Role::Rook);
        assert_eq!(t.squares, vec![(sq("a8"), 1), (sq("c8"), 3)]);
        assert_eq!(parse_piece_token("pa2b3").unwrap().role, Role::Pawn);
        assert_eq!(parse_piece_token("sb7e8").unwrap().role, Role::Knight);
        assert_eq!(
            parse_piece_token("bh1").unwrap().squares,
            vec![(sq("h1"), 1)]
        );
    }

    /// The reference solver's rule: one code character for a token of odd length, two
    /// for even (`pab1` a pao, `pa6` a pawn).
    #[test]
    fn fairy_codes_by_the_parity_of_the_token() {
        let role = |t: &str| parse_piece_token(t).unwrap().role;
        assert_eq!(role("pab1"), Role::Pao);
        assert_eq!(role("pa6"), Role::Pawn);
        assert_eq!(role("Gd4"), Role::Grasshopper);
        assert_eq!(role("LEa1"), Role::Leo);
        assert_eq!(role("Nf3"), Role::Nightrider);
        assert_eq!(role("gha1"), Role::GnuriderHopper);
        assert_eq!(role("kaa1"), Role::Kangaroo);
        assert_eq!(role("37a1"), Role::Leaper37);
        assert_eq!(role("bpe2"), Role::BerolinaPawn);
        let t = parse_piece_token("mob1c2").unwrap();
        assert_eq!(t.role, Role::Moa);
        assert_eq!(t.squares, vec![(sq("b1"), 2), (sq("c2"), 4)]);
        // A known code with a bad square: the defect is named where it is.
        let e = parse_piece_token("LEa9").unwrap_err();
        assert_eq!(e.offset, 2);
        assert!(
            e.message.starts_with("invalid square \"a9\""),
            "{}",
            e.message
        );
    }

    #[test]
    fn bad_pieces() {
        let e = parse_piece_token("Xa1").unwrap_err();
        assert_eq!(
            e.message,
            format!("unknown piece code \"X\" in \"Xa1\"; {EXPECTED_ROLES}")
        );
        assert_eq!(e.offset, 0);
        let e = parse_piece_token("Ka9").unwrap_err();
        assert_eq!(e.offset, 1);
        assert!(
            e.message.starts_with("invalid square \"a9\""),
            "{}",
            e.message
        );
        let e = parse_piece_token("Pa2b").unwrap_err();
        assert_eq!(e.offset, 3);
        assert!(
            e.message.starts_with("incomplete square \"b\""),
            "{}",
            e.message
        );
        let e = parse_piece_token("ssa1").unwrap_err();
        assert_eq!(
            e.message,
            "fairy piece \"SS\" (spiralspringer) in \"ssa1\" is not supported"
        );
        let e = parse_piece_token("Fa1").unwrap_err();
        assert!(e.message.contains("(friend)"), "{}", e.message);
        assert!(e.message.contains("not supported"), "{}", e.message);
        let e = parse_piece_token(".xya1").unwrap_err();
        assert!(e.message.contains("fairy piece \".XY\""), "{}", e.message);
        assert!(parse_piece_token("K").is_err());
        assert!(parse_piece_token("99a1").is_err());
        assert!(parse_piece_token("Kü1").is_err());
    }
}
