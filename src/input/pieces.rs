//! Piece tokens (`Ka1`, `Ra8c8`, `pa2b3`) and square lists (`d7d6d5`).

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

const EXPECTED_ROLES: &str = "expected one of K Q R B S P";

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

/// Reads a piece token: one piece letter (K Q R B S P, any case) followed by one or
/// more squares written together. Popeye's fairy pieces (two-letter codes, `.XY`)
/// are recognised and rejected.
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
                "fairy piece \".{}\" in \"{text}\" is not supported; {EXPECTED_ROLES}",
                code.to_uppercase()
            ),
        );
    }
    let role = Role::from_letter(first);
    if let Some(squares) = squares_from(&chars, 1) {
        return match role {
            Some(role) => Ok(PieceToken { role, squares }),
            None => {
                let hint = if first.eq_ignore_ascii_case(&'n') {
                    " (the knight is S)"
                } else {
                    ""
                };
                err(
                    0,
                    format!("unknown piece letter '{first}' in \"{text}\"; {EXPECTED_ROLES}{hint}"),
                )
            }
        };
    }
    let two_letter_code =
        chars.len() > 2 && first.is_ascii_alphanumeric() && chars[1].is_ascii_alphanumeric();
    if two_letter_code && squares_from(&chars, 2).is_some() {
        let code: String = chars[..2].iter().collect();
        return err(
            0,
            format!(
                "fairy piece \"{}\" in \"{text}\" is not supported; {EXPECTED_ROLES}",
                code.to_uppercase()
            ),
        );
    }
    if role.is_none() {
        return err(
            0,
            format!("unknown piece letter '{first}' in \"{text}\"; {EXPECTED_ROLES}"),
        );
    }
    // A known letter followed by something that is not a list of squares: find the defect.
    let rest = &chars[1..];
    if rest.is_empty() {
        return err(
            1,
            format!(
                "missing square after '{first}' in \"{text}\"; expected squares like Ka1 or Pa2b3"
            ),
        );
    }
    for (i, pair) in rest.chunks(2).enumerate() {
        let offset = 1 + 2 * i;
        let shown: String = pair.iter().collect();
        if pair.len() < 2 {
            return err(
                offset,
                format!("incomplete square \"{shown}\" in \"{text}\"; expected squares a1 to h8 written together, like Ra8c8"),
            );
        }
        if square_of(pair[0], pair[1]).is_none() {
            return err(
                offset,
                format!("invalid square \"{shown}\" in \"{text}\"; expected squares a1 to h8 written together, like Ra8c8"),
            );
        }
    }
    err(0, format!("cannot read piece \"{text}\"; expected a piece letter followed by squares, like Ka1 or Pa2b3"))
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

    #[test]
    fn bad_pieces() {
        let e = parse_piece_token("Xa1").unwrap_err();
        assert_eq!(
            e.message,
            "unknown piece letter 'X' in \"Xa1\"; expected one of K Q R B S P"
        );
        assert_eq!(e.offset, 0);
        let e = parse_piece_token("Nf3").unwrap_err();
        assert!(e.message.contains("the knight is S"), "{}", e.message);
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
        let e = parse_piece_token("gha1").unwrap_err();
        assert!(e.message.contains("fairy piece \"GH\""), "{}", e.message);
        let e = parse_piece_token("kaa1").unwrap_err();
        assert!(e.message.contains("fairy piece \"KA\""), "{}", e.message);
        let e = parse_piece_token(".xya1").unwrap_err();
        assert!(e.message.contains("fairy piece \".XY\""), "{}", e.message);
        assert!(parse_piece_token("K").is_err());
        assert!(parse_piece_token("15a1").is_err());
        assert!(parse_piece_token("Kü1").is_err());
    }
}
