//! `twin` and `zeroposition`: the changes that turn the diagram into another position.

use super::keywords::{lookup, names, one_of, Lookup, TwinKeyword, COMMANDS, TWIN_KEYWORDS};
use super::lexer::Token;
use super::model::{MirrorAxis, Spanned, Twin, TwinChange};
use super::parser::{error, PResult, Parser, PiecesMode};
use super::pieces::parse_square_list;
use crate::board::{Role, Square};

/// The axis named by the two squares of `mirror a1<-->h1` (in either order).
fn mirror_axis(a: Square, b: Square) -> Option<MirrorAxis> {
    let is = |x: Square, y: Square| (a == x && b == y) || (a == y && b == x);
    if is(Square::A1, Square::H1) {
        Some(MirrorAxis::FileSwap)
    } else if is(Square::A1, Square::A8) {
        Some(MirrorAxis::RankSwap)
    } else if is(Square::A1, Square::H8) {
        Some(MirrorAxis::DiagA1H8)
    } else if is(Square::H1, Square::A8) {
        Some(MirrorAxis::DiagH1A8)
    } else {
        None
    }
}

fn change_names() -> String {
    names(TWIN_KEYWORDS).join(", ")
}

impl Parser<'_> {
    /// `twin [continued] changes...`; the `twin` keyword has been read.
    pub(super) fn twin(&mut self, kw: &Token) -> PResult<Twin> {
        let continued = self
            .lx
            .peek_token()
            .is_some_and(|t| lookup(TWIN_KEYWORDS, t.text).found() == Some(TwinKeyword::Continued));
        if continued {
            self.lx.next_token();
        }
        let changes = self.twin_changes(kw)?;
        Ok(Twin {
            continued,
            changes,
            span: kw.span,
        })
    }

    /// One or more twin changes, up to the next command.
    pub(super) fn twin_changes(&mut self, kw: &Token) -> PResult<Vec<Spanned<TwinChange>>> {
        let mut changes = Vec::new();
        while let Some(tok) = self.lx.peek_token() {
            let keyword = match lookup(TWIN_KEYWORDS, tok.text) {
                Lookup::Found(TwinKeyword::Continued) => {
                    return Err(error(
                        tok.span,
                        "\"continued\" must come right after \"twin\"",
                    ));
                }
                Lookup::Found(k) => k,
                other => {
                    if lookup(COMMANDS, tok.text).found().is_some() {
                        break;
                    }
                    return Err(match other {
                        Lookup::Ambiguous(names) => error(
                            tok.span,
                            format!(
                                "ambiguous twin change \"{}\": it could be {}",
                                tok.text,
                                one_of(&names)
                            ),
                        ),
                        _ => error(
                            tok.span,
                            format!(
                                "unknown twin change \"{}\"; expected one of {}",
                                tok.text,
                                change_names()
                            ),
                        ),
                    });
                }
            };
            self.lx.next_token();
            self.twin_change(keyword, &tok, &mut changes)?;
        }
        if changes.is_empty() {
            return Err(self.missing(kw, "a change, e.g. move e1 e2"));
        }
        Ok(changes)
    }

    fn twin_change(
        &mut self,
        keyword: TwinKeyword,
        tok: &Token,
        changes: &mut Vec<Spanned<TwinChange>>,
    ) -> PResult<()> {
        let at = tok.span;
        let mut push = |c: TwinChange| changes.push(Spanned::new(c, at));
        match keyword {
            TwinKeyword::Move => {
                let [from, to] = self.two_squares(tok, "move e5 g8")?;
                push(TwinChange::Move { from, to });
            }
            TwinKeyword::Exchange => {
                let [a, b] = self.two_squares(tok, "exchange a1 b2")?;
                push(TwinChange::Exchange { a, b });
            }
            TwinKeyword::Shift => {
                let [from, to] = self.two_squares(tok, "shift a1 b2")?;
                push(TwinChange::Shift { from, to });
            }
            TwinKeyword::Remove => {
                let mut any = false;
                while let Some(list) = self.lx.peek_token().and_then(|t| parse_square_list(t.text))
                {
                    self.lx.next_token();
                    list.into_iter().for_each(|s| push(TwinChange::Remove(s)));
                    any = true;
                }
                if !any {
                    return Err(self.missing(tok, "a square, e.g. remove e7"));
                }
            }
            TwinKeyword::Add => {
                let pieces = self.pieces(tok, PiecesMode::TwinAdd)?;
                changes.extend(
                    pieces
                        .into_iter()
                        .map(|p| Spanned::new(TwinChange::Add(p), p.span)),
                );
            }
            TwinKeyword::Rotate => {
                let degrees = self.lx.peek_token().and_then(|t| match t.text {
                    "90" => Some(90),
                    "180" => Some(180),
                    "270" => Some(270),
                    _ => None,
                });
                let Some(degrees) = degrees else {
                    return Err(self.missing(tok, "90, 180 or 270"));
                };
                self.lx.next_token();
                push(TwinChange::Rotate(degrees));
            }
            TwinKeyword::Mirror => {
                let axis = self.lx.peek_token().and_then(|t| {
                    let (a, b) = t.text.split_once("<-->")?;
                    mirror_axis(Square::parse(a)?, Square::parse(b)?)
                });
                let Some(axis) = axis else {
                    return Err(self.missing(tok, "one of a1<-->h1, a1<-->a8, a1<-->h8, h1<-->a8"));
                };
                self.lx.next_token();
                push(TwinChange::Mirror(axis));
            }
            TwinKeyword::PolishType => push(TwinChange::PolishType),
            TwinKeyword::Substitute => {
                let [from, to] = self.two_roles(tok)?;
                push(TwinChange::Substitute { from, to });
            }
            TwinKeyword::Stipulation => {
                let s = self.stipulation_arg(tok)?;
                push(TwinChange::Stipulation(s.value));
            }
            TwinKeyword::SStipulation => {
                let s = self.sstipulation_arg(tok, true)?;
                push(TwinChange::Stipulation(s.value));
            }
            TwinKeyword::Condition => {
                let words = self.condition_words(true);
                push(TwinChange::Condition(words));
            }
            TwinKeyword::Continued => {
                return Err(error(
                    tok.span,
                    "\"continued\" must come right after \"twin\"",
                ));
            }
        }
        Ok(())
    }

    /// Two squares, written apart (`e5 g8`) or together (`e5g8`).
    fn two_squares(&mut self, kw: &Token, example: &str) -> PResult<[Square; 2]> {
        let mut got: Vec<Square> = Vec::new();
        while got.len() < 2 {
            let list = self
                .lx
                .peek_token()
                .and_then(|t| parse_square_list(t.text))
                .filter(|l| got.len() + l.len() <= 2);
            let Some(list) = list else {
                let expected = if got.is_empty() {
                    format!("two squares, e.g. {example}")
                } else {
                    format!("a second square, e.g. {example}")
                };
                return Err(self.missing(kw, &expected));
            };
            self.lx.next_token();
            got.extend(list);
        }
        Ok([got[0], got[1]])
    }

    /// Two piece codes, written apart (`R Q`, `LE PA`), or two one-letter codes together
    /// (`RQ`) where that is no code of its own.
    fn two_roles(&mut self, kw: &Token) -> PResult<[Role; 2]> {
        let roles_of = |t: &Token| -> Option<Vec<Role>> {
            if let Some(role) = Role::from_code(t.text) {
                return Some(vec![role]);
            }
            let chars: Vec<char> = t.text.chars().collect();
            if chars.len() != 2 {
                return None;
            }
            chars
                .into_iter()
                .map(|c| Role::from_code(&c.to_string()))
                .collect()
        };
        let mut got: Vec<Role> = Vec::new();
        while got.len() < 2 {
            let list = self
                .lx
                .peek_token()
                .and_then(|t| roles_of(&t))
                .filter(|l| got.len() + l.len() <= 2);
            let Some(list) = list else {
                return Err(
                    self.missing(kw, "two piece codes, e.g. substitute R Q or substitute Q G")
                );
            };
            self.lx.next_token();
            got.extend(list);
        }
        Ok([got[0], got[1]])
    }
}
