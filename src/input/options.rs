//! The `option` command: option names (unique prefixes allowed) and their arguments.

use super::keywords::{lookup, names, one_of, Lookup, OptionName, COLORS, COMMANDS, OPTIONS};
use super::lexer::Token;
use super::model::{Options, Spanned};
use super::parser::{error, PResult, Parser};
use super::pieces::parse_square_list;
use crate::board::Square;

impl Parser<'_> {
    /// Reads the options after `option` up to the next command.
    pub(super) fn options(&mut self, kw: &Token, opts: &mut Options) -> PResult<()> {
        let mut count = 0;
        while let Some(tok) = self.lx.peek_token() {
            let name = match lookup(OPTIONS, tok.text) {
                Lookup::Found(o) => o,
                other => {
                    if lookup(COMMANDS, tok.text).found().is_some() {
                        break;
                    }
                    return Err(match other {
                        Lookup::Ambiguous(names) => error(
                            tok.span,
                            format!(
                                "ambiguous option \"{}\": it could be {}",
                                tok.text,
                                one_of(&names)
                            ),
                        ),
                        _ => error(
                            tok.span,
                            format!(
                                "unknown option \"{}\"; expected one of {}",
                                tok.text,
                                names(OPTIONS).join(", ")
                            ),
                        ),
                    });
                }
            };
            self.lx.next_token();
            count += 1;
            self.option(name, &tok, opts)?;
        }
        if count == 0 {
            return Err(self.missing(kw, "an option, e.g. option Variation"));
        }
        Ok(())
    }

    fn option(&mut self, name: OptionName, tok: &Token, opts: &mut Options) -> PResult<()> {
        use OptionName as O;
        let flag = match name {
            O::Try => Some(&mut opts.try_play),
            O::SetPlay => Some(&mut opts.set_play),
            O::NullMoves => Some(&mut opts.null_moves),
            O::WhiteToPlay => Some(&mut opts.white_to_play),
            O::Variations => Some(&mut opts.variations),
            O::MoveNumbers => Some(&mut opts.move_numbers),
            O::NoWk => Some(&mut opts.no_wk),
            O::NoBk => Some(&mut opts.no_bk),
            O::Duplex => Some(&mut opts.duplex),
            O::HalfDuplex => Some(&mut opts.half_duplex),
            O::NoThreat => Some(&mut opts.no_threat),
            O::KeepMatingPiece => Some(&mut opts.keep_mating_piece),
            O::NoBoard => Some(&mut opts.no_board),
            O::SuppressGrid => Some(&mut opts.suppress_grid),
            O::NoShortVariations => Some(&mut opts.no_short_variations),
            O::PostKeyPlay => Some(&mut opts.post_key_play),
            O::Quodlibet => Some(&mut opts.quodlibet),
            O::MatesIn1 => Some(&mut opts.mates_in_1),
            O::GoalIsEnd => Some(&mut opts.goal_is_end),
            _ => None,
        };
        if let Some(flag) = flag {
            *flag = true;
            return Ok(());
        }
        match name {
            O::Defence => opts.defence = Some(self.number_arg(tok)?),
            O::Threat => opts.threat = Some(self.number_arg(tok)?),
            O::MaxFlightSquares => opts.max_flight_squares = Some(self.number_arg(tok)?),
            O::MaxSolutions => opts.max_solutions = Some(self.number_arg(tok)?),
            O::TurnLength => opts.turn_length = Some(self.number_arg(tok)?),
            O::MaxTime => opts.max_time = Some(self.number_arg(tok)?),
            O::NonTrivial => {
                let m = self.number_arg(tok)?;
                let n = self.number_arg(tok)?;
                opts.non_trivial = Some((m, n));
            }
            O::Intelligent => opts.intelligent = Some(self.optional_number()),
            O::EnPassant => {
                // One to four squares, as the reference solver reads them (the form one
                // square, `EnPassant f6`, is what Olive writes); fewer than three name no
                // double step, so no en passant follows, as there.
                let squares = self.squares_arg();
                if !(1..=4).contains(&squares.len()) {
                    return Err(self.bad_squares(tok, "the squares of the last move (departure, crossed, arrival), e.g. EnPassant d7d6d5", squares.len()));
                }
                opts.en_passant.extend(squares);
            }
            O::NoCastling => {
                let squares = self.squares_arg();
                if squares.is_empty() {
                    return Err(self.missing(
                        tok,
                        "the squares of the units that may not castle, e.g. NoCastling a1h8",
                    ));
                }
                opts.no_castling.extend(squares);
            }
            O::CastlingMutuallyExclusive => {
                let squares = self.squares_arg();
                let [a, b] = squares[..] else {
                    return Err(self.bad_squares(
                        tok,
                        "two rook squares, e.g. CastlingMutuallyExclusive a1h8",
                        squares.len(),
                    ));
                };
                opts.castling_mutually_exclusive.push((a, b));
            }
            O::StartMoveNumber | O::UpToMoveNumber => {
                // A move number, or the reference solver's `move:index` (27:11), or a
                // longer path of indices through the solution tree (11:7:11:22).
                let is_number = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
                let n = match self.lx.peek_token() {
                    Some(t) if t.text.split(':').all(is_number) => {
                        self.lx.next_token();
                        t.text.to_string()
                    }
                    _ => return Err(self.missing(tok, "a move number, like 27 or 27:11")),
                };
                match n.parse::<usize>() {
                    // One number: the first moves' (the reference solver numbers them
                    // then, as under option MoveNumbers).
                    Ok(number) => {
                        if matches!(name, O::StartMoveNumber) {
                            opts.start_move_number = Some(number);
                        } else {
                            opts.up_to_move_number = Some(number);
                        }
                        opts.move_numbers = true;
                    }
                    // A path through the solution tree: refused by name where solved.
                    Err(_) => opts
                        .other
                        .push(Spanned::new(format!("{} {n}", name.name()), tok.span)),
                }
            }
            O::Beep => {
                let text = match self.optional_number::<u32>() {
                    Some(n) => format!("{} {n}", name.name()),
                    None => name.name().to_string(),
                };
                opts.other.push(Spanned::new(text, tok.span));
            }
            O::LastCapture => {
                let colour = self
                    .lx
                    .peek_token()
                    .filter(|t| lookup(COLORS, t.text).found().is_some());
                let Some(colour) = colour else {
                    return Err(
                        self.missing(tok, "a colour and a piece, e.g. LastCapture white Sa1")
                    );
                };
                self.lx.next_token();
                let Some(piece) = self.lx.peek_token().filter(|t| t.has_digit()) else {
                    return Err(self.missing(
                        &colour,
                        "a piece with its square, e.g. LastCapture white Sa1",
                    ));
                };
                self.lx.next_token();
                opts.other.push(Spanned::new(
                    format!("{} {} {}", name.name(), colour.text, piece.text),
                    tok.span,
                ));
            }
            _ => opts
                .other
                .push(Spanned::new(name.name().to_string(), tok.span)),
        }
        Ok(())
    }

    fn number_arg<N: std::str::FromStr>(&mut self, tok: &Token) -> PResult<N> {
        match self.lx.peek_token() {
            Some(t) if t.text.bytes().all(|b| b.is_ascii_digit()) => {
                let n = t
                    .text
                    .parse()
                    .map_err(|_| error(t.span, format!("number \"{}\" is too large", t.text)))?;
                self.lx.next_token();
                Ok(n)
            }
            _ => Err(self.missing(tok, "a number")),
        }
    }

    fn optional_number<N: std::str::FromStr>(&mut self) -> Option<N> {
        let t = self.lx.peek_token()?;
        if !t.text.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let n = t.text.parse().ok()?;
        self.lx.next_token();
        Some(n)
    }

    /// Squares written together or apart, as many as follow.
    fn squares_arg(&mut self) -> Vec<Square> {
        let mut out = Vec::new();
        while let Some(list) = self.lx.peek_token().and_then(|t| parse_square_list(t.text)) {
            self.lx.next_token();
            out.extend(list);
        }
        out
    }

    fn bad_squares(&self, tok: &Token, expected: &str, found: usize) -> super::InputError {
        if found == 0 {
            self.missing(tok, expected)
        } else {
            error(
                tok.span,
                format!(
                    "option {} needs {expected}; found {found} square(s)",
                    tok.text
                ),
            )
        }
    }
}
