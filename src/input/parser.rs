//! Reads a file of problems: the problem loop, error recovery and the commands.
//! Options and twins are read in `options.rs` and `twin.rs`.

use super::error::InputError;
use super::fen::{parse_forsyth, Letters};
use super::keywords::{
    lookup, lookup_strict, one_of, Attribute, ColorWord, Command, Lookup, TwinKeyword, ATTRIBUTES,
    COLORS, COMMANDS, COMMAND_NAMES, TWIN_KEYWORDS,
};
use super::lexer::{Lexer, Token};
use super::model::{AliceBoard, PieceSpec, ProblemSpec, Span, Spanned, TextKind};
use super::pieces::{parse_piece_token, PieceToken};
use crate::board::Color;
use crate::stipulation::{structured, Goal, ProofGoal, ProofStart, Stipulation};

pub(super) type PResult<T> = Result<T, InputError>;

pub(super) fn error(span: Span, message: impl Into<String>) -> InputError {
    InputError::new(span, message)
}

/// How a problem ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ending {
    /// `end`: the rest of the file is ignored.
    End,
    /// `next`: another problem follows.
    Next,
    /// `begin` inside a problem: the problem ends and another begins there.
    Begin(Span),
    Eof,
}

/// Where a list of pieces is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum PiecesMode {
    /// The `pieces` command: ends at the next command.
    Command,
    /// A twin's `add`: ends at the first word that is not a colour, attribute or piece.
    TwinAdd,
}

/// What is known of the problem being read.
struct State {
    spec: ProblemSpec,
    /// A twin or the zero position has been read.
    in_twins: bool,
    /// A command other than `begin` has been read.
    seen_command: bool,
}

pub(super) struct Parser<'a> {
    pub(super) lx: Lexer<'a>,
}

/// Reads every problem of a Popeye input file (English keywords). There is one
/// entry per problem; a problem with an error gives the first error in it, and
/// reading goes on with the next problem.
pub fn parse_file(text: &str) -> Vec<Result<ProblemSpec, InputError>> {
    parse_file_with_warnings(text).problems
}

/// The problems of a file, and what in it is read but not used.
#[derive(Debug, Default)]
pub struct ParsedFile {
    pub problems: Vec<Result<ProblemSpec, InputError>>,
    /// Places a composer should know of although no problem fails there: text after
    /// `end`, which the reference solver ignores too.
    pub warnings: Vec<InputError>,
}

/// As [`parse_file`], with the warnings.
pub fn parse_file_with_warnings(text: &str) -> ParsedFile {
    let mut p = Parser {
        lx: Lexer::new(text),
    };
    let mut out = Vec::new();
    let mut warnings = Vec::new();
    let Some(first) = p.lx.peek_token() else {
        return ParsedFile::default();
    };
    let mut start = first.span;
    if lookup(COMMANDS, first.text).found() == Some(Command::Begin) {
        p.lx.next_token();
    }
    loop {
        let (result, ending) = p.problem(out.len() + 1, start);
        out.push(result);
        match ending {
            Ending::End => {
                if let Some(tok) = p.lx.peek_token() {
                    warnings.push(error(
                        tok.span,
                        "the text after `end` is not read (write `next` between problems)",
                    ));
                }
                break;
            }
            Ending::Eof => break,
            Ending::Begin(span) => start = span,
            Ending::Next => {
                let Some(tok) = p.lx.peek_token() else { break };
                start = tok.span;
                if lookup(COMMANDS, tok.text).found() == Some(Command::Begin) {
                    p.lx.next_token();
                }
            }
        }
    }
    ParsedFile {
        problems: out,
        warnings,
    }
}

/// Whether `tok` can only be read as a command (used where a word could be data).
pub(super) fn is_command_word(tok: &Token) -> bool {
    lookup_strict(COMMANDS, tok.text).is_some()
}

fn is_number_like(text: &str) -> bool {
    text.starts_with(|c: char| c.is_ascii_digit())
        && text.chars().all(|c| c.is_ascii_digit() || c == '.')
}

impl<'a> Parser<'a> {
    fn problem(&mut self, index: usize, span: Span) -> (PResult<ProblemSpec>, Ending) {
        let mut st = State {
            spec: ProblemSpec::new(index, span),
            in_twins: false,
            seen_command: false,
        };
        loop {
            match self.command(&mut st) {
                Ok(None) => {}
                Ok(Some(ending)) => return (Ok(st.spec), ending),
                Err(e) => return (Err(e), self.resync()),
            }
        }
    }

    /// Skips to the end of the problem after an error.
    fn resync(&mut self) -> Ending {
        while let Some(tok) = self.lx.next_token() {
            match lookup_strict(COMMANDS, tok.text) {
                Some(Command::End) => return Ending::End,
                Some(Command::Next) => return Ending::Next,
                Some(Command::Begin) => return Ending::Begin(tok.span),
                Some(
                    Command::Author
                    | Command::Origin
                    | Command::Title
                    | Command::Remark
                    | Command::Award
                    | Command::Protocol
                    | Command::Latex,
                ) => {
                    self.lx.rest_of_line();
                }
                _ => {}
            }
        }
        Ending::Eof
    }

    /// Reads one command; `Some` when the problem ends.
    fn command(&mut self, st: &mut State) -> PResult<Option<Ending>> {
        let Some(tok) = self.lx.peek_token() else {
            return Ok(Some(Ending::Eof));
        };
        let cmd = match lookup(COMMANDS, tok.text) {
            Lookup::Found(c) => c,
            Lookup::Ambiguous(names) => {
                return Err(error(
                    tok.span,
                    format!(
                        "ambiguous command \"{}\": it could be {}",
                        tok.text,
                        one_of(&names)
                    ),
                ))
            }
            Lookup::NotFound => {
                return Err(error(
                    tok.span,
                    format!(
                        "unknown command \"{}\"; expected one of {}",
                        tok.text,
                        COMMAND_NAMES.join(", ")
                    ),
                ))
            }
        };
        if st.in_twins
            && matches!(
                cmd,
                Command::Pieces
                    | Command::Forsyth
                    | Command::Option
                    | Command::Condition
                    | Command::Stipulation
                    | Command::SStipulation
                    | Command::ZeroPosition
                    | Command::Array
            )
        {
            return Err(error(
                tok.span,
                format!(
                    "\"{}\" after a twin is not supported; give it before the first twin",
                    tok.text
                ),
            ));
        }
        self.lx.next_token();
        let text_kind = |kind| Some(kind);
        let kind = match cmd {
            Command::Author => text_kind(TextKind::Author),
            Command::Origin => text_kind(TextKind::Origin),
            Command::Title => text_kind(TextKind::Title),
            Command::Remark => text_kind(TextKind::Remark),
            Command::Award => text_kind(TextKind::Award),
            _ => None,
        };
        if let Some(kind) = kind {
            let text = self.lx.rest_of_line();
            st.spec.texts.push((kind, text.to_string()));
            st.seen_command = true;
            return Ok(None);
        }
        match cmd {
            Command::Begin if !st.seen_command => {}
            Command::Begin => return Ok(Some(Ending::Begin(tok.span))),
            Command::End => return Ok(Some(Ending::End)),
            Command::Next => return Ok(Some(Ending::Next)),
            Command::Protocol | Command::Latex => {
                self.lx.rest_of_line();
            }
            Command::Array => {
                return Err(error(
                    tok.span,
                    "command \"array\" (the game-array position) is not supported",
                ));
            }
            Command::SStipulation => {
                st.spec.stipulation = Some(self.sstipulation_arg(&tok, false)?);
            }
            Command::Stipulation => {
                let stipulation = self.stipulation_arg(&tok)?;
                if let Goal::Proof(ProofGoal {
                    start: ProofStart::PositionA,
                    ..
                }) = stipulation.value.goal
                {
                    // `a=>b`: the units so far are the start; those after it the target.
                    st.spec.proof_start = std::mem::take(&mut st.spec.pieces);
                }
                st.spec.stipulation = Some(stipulation);
            }
            Command::Condition => {
                let words = self.condition_words(false);
                if words.is_empty() {
                    return Err(self.missing(&tok, "a condition, e.g. condition Circe"));
                }
                st.spec.conditions.extend(words);
            }
            Command::Option => self.options(&tok, &mut st.spec.options)?,
            Command::Pieces => {
                let pieces = self.pieces(&tok, PiecesMode::Command)?;
                st.spec.pieces.extend(pieces);
            }
            Command::Forsyth => {
                let arg = self
                    .lx
                    .peek_token()
                    .filter(|t| !is_command_word(t) || t.has_digit());
                let Some(arg) = arg else {
                    return Err(self.missing(&tok, "a position, e.g. forsyth 4k3/8/8/8/8/8/8/4K3"));
                };
                let pieces = parse_forsyth(arg.text, arg.span, Letters::Popeye)?;
                self.lx.next_token();
                st.spec.pieces.extend(pieces);
            }
            Command::Twin => {
                let twin = self.twin(&tok)?;
                st.spec.twins.push(twin);
                st.in_twins = true;
            }
            Command::ZeroPosition => {
                if st.spec.zero_position.is_some() {
                    return Err(error(tok.span, "a problem can have only one zeroposition"));
                }
                let changes = self.twin_changes(&tok)?;
                st.spec.zero_position = Some(changes);
                st.in_twins = true;
            }
            Command::Author
            | Command::Origin
            | Command::Title
            | Command::Remark
            | Command::Award => {}
        }
        st.seen_command = true;
        Ok(None)
    }

    /// The error for a keyword whose argument is missing or wrong: at the token found
    /// instead, or at the keyword at the end of the input.
    pub(super) fn missing(&self, kw: &Token, expected: &str) -> InputError {
        match self.lx.peek_token() {
            Some(t) => error(
                t.span,
                format!(
                    "after \"{}\", expected {expected}; found \"{}\"",
                    kw.text, t.text
                ),
            ),
            None => error(
                kw.span,
                format!(
                    "after \"{}\", expected {expected}; found the end of the input",
                    kw.text
                ),
            ),
        }
    }

    /// The stipulation after `stipulation` (also in twins). `h# 3` written as two
    /// tokens is accepted.
    pub(super) fn stipulation_arg(&mut self, kw: &Token) -> PResult<Spanned<Stipulation>> {
        let Some(tok) = self
            .lx
            .peek_token()
            .filter(|t| t.has_digit() || !is_command_word(t))
        else {
            return Err(self.missing(kw, "a stipulation like #2, h#3 or s#2"));
        };
        let mut text = tok.text.to_string();
        let mut tokens = 1;
        if !tok.text.ends_with(|c: char| c.is_ascii_digit()) {
            if let Some(second) = self.lx.peek_second().filter(|t| is_number_like(t.text)) {
                text.push_str(second.text);
                tokens = 2;
            }
        }
        let stipulation: Stipulation = text.parse().map_err(|m: String| error(tok.span, m))?;
        for _ in 0..tokens {
            self.lx.next_token();
        }
        Ok(Spanned::new(stipulation, tok.span))
    }

    /// A structured stipulation: the side and the expression, the tokens up to the next
    /// command (in a twin, up to the next twin change), read as one text.
    pub(super) fn sstipulation_arg(
        &mut self,
        kw: &Token,
        in_twin: bool,
    ) -> PResult<Spanned<Stipulation>> {
        let mut words: Vec<&str> = Vec::new();
        let mut span = None;
        while let Some(tok) = self.lx.peek_token() {
            if is_command_word(&tok)
                || (in_twin
                    && !words.is_empty()
                    && lookup_strict(TWIN_KEYWORDS, tok.text).is_some())
            {
                break;
            }
            span.get_or_insert(tok.span);
            words.push(tok.text);
            self.lx.next_token();
        }
        let Some(span) = span else {
            return Err(self.missing(
                kw,
                "a structured stipulation like sstipulation white 3a[#]d",
            ));
        };
        let text = words.join(" ");
        let tree = structured::parse(&text).map_err(|m| error(span, m))?;
        let stipulation = structured::lower(&tree, &text).map_err(|m| error(span, m))?;
        Ok(Spanned::new(stipulation, span))
    }

    /// Raw condition words: tokens up to the next command (or, in a twin, up to the
    /// next twin change). Popeye separates conditions by blanks or line breaks alike.
    pub(super) fn condition_words(&mut self, in_twin: bool) -> Vec<Spanned<String>> {
        let mut words = Vec::new();
        while let Some(tok) = self.lx.peek_token() {
            if is_command_word(&tok) {
                break;
            }
            if in_twin {
                match lookup_strict(TWIN_KEYWORDS, tok.text) {
                    Some(TwinKeyword::Continued) | None => {}
                    // "Mirror" is also a Circe option: it is a twin change only with its axis.
                    Some(TwinKeyword::Mirror) => {
                        if self
                            .lx
                            .peek_second()
                            .is_some_and(|t| t.text.contains("<-->"))
                        {
                            break;
                        }
                    }
                    Some(_) => break,
                }
            }
            self.lx.next_token();
            words.push(Spanned::new(tok.text.to_string(), tok.span));
        }
        words
    }

    /// Colours, attributes and piece tokens (`white kamikaze Ra8c8 black Kh1`).
    pub(super) fn pieces(&mut self, kw: &Token, mode: PiecesMode) -> PResult<Vec<PieceSpec>> {
        let mut color: Option<Color> = None;
        let mut kamikaze = false;
        let mut royal = false;
        let mut neutral = false;
        let mut chameleon = false;
        let mut paralysing = false;
        let mut half_neutral = false;
        let mut frischauf = false;
        let mut alice: Option<AliceBoard> = None;
        let mut out = Vec::new();
        // The last attribute read, until a piece follows it: an attribute with no piece
        // after it (`white R`, read as `royal`) is an error, never silently dropped.
        let mut bare_attribute: Option<Token> = None;
        // The last colour read, until a piece follows it: the reference solver reads a
        // colour word where it expects a piece as a wrong piece name and drops the rest
        // of the line (`white white Ke1`).
        let mut bare_colour: Option<Token> = None;
        let no_piece_after = |tok: &Token| {
            error(
                tok.span,
                format!(
                    "\"{}\" is read as an attribute, and no piece follows it; a piece is written with its squares, like Ra1 or R a1b2",
                    tok.text
                ),
            )
        };
        while let Some(tok) = self.lx.peek_token() {
            let colour_needed = || {
                error(
                    tok.span,
                    format!("expected a colour (white or black) before \"{}\"", tok.text),
                )
            };
            let units = |color, piece: PieceToken| {
                let role = piece.role;
                piece.squares.into_iter().map(move |(square, _)| PieceSpec {
                    color,
                    role,
                    square,
                    kamikaze,
                    // A king is royal anyway: the reference solver drops the attribute.
                    royal: royal && !role.is_royal(),
                    neutral,
                    chameleon,
                    paralysing,
                    half_neutral,
                    frischauf,
                    alice,
                    span: tok.span,
                })
            };
            if tok.has_digit() || tok.text.starts_with('.') {
                let color = color.ok_or_else(colour_needed)?;
                let piece = parse_piece_token(tok.text)
                    .map_err(|e| error(tok.span_at(e.offset), e.message))?;
                self.lx.next_token();
                out.extend(units(color, piece));
                bare_attribute = None;
                bare_colour = None;
                // As in the reference solver, `royal` names the next piece token only: a
                // side has one royal unit.
                royal = false;
                continue;
            }
            // A code standing apart from its squares (`G d4`), as the reference solver
            // reads it.
            let apart = !tok.has_digit()
                && tok.text.chars().count() <= 2
                && self
                    .lx
                    .peek_second()
                    .is_some_and(|next| super::pieces::parse_square_list(next.text).is_some());
            if apart {
                let color = color.ok_or_else(colour_needed)?;
                let squares = self.lx.peek_second().expect("peeked");
                let joined = format!("{}{}", tok.text, squares.text);
                let piece = parse_piece_token(&joined).map_err(|e| {
                    let span = if e.offset < tok.text.len() {
                        tok.span_at(e.offset)
                    } else {
                        squares.span_at(e.offset - tok.text.len())
                    };
                    error(span, e.message)
                });
                match piece {
                    Ok(piece) => {
                        self.lx.next_token();
                        self.lx.next_token();
                        out.extend(units(color, piece));
                        bare_attribute = None;
                        bare_colour = None;
                        royal = false;
                        continue;
                    }
                    // A known code of the reference solver: say so rather than "unexpected".
                    Err(e) if e.message.contains("not supported") => return Err(e),
                    Err(_) => {}
                }
            }
            if let Lookup::Found(c) = lookup(COLORS, tok.text) {
                if let Some(attribute) = &bare_attribute {
                    return Err(no_piece_after(attribute));
                }
                if let Some(colour) = &bare_colour {
                    return Err(error(
                        colour.span,
                        format!(
                            "no piece follows \"{}\" before \"{}\"; a colour is written before its pieces, like white Ka1",
                            colour.text, tok.text
                        ),
                    ));
                }
                bare_colour = Some(tok.clone());
                color = Some(match c {
                    ColorWord::White => Color::White,
                    ColorWord::Black => Color::Black,
                    ColorWord::Neutral => Color::White,
                    ColorWord::TotalInvisible => {
                        return Err(error(tok.span, "total invisible units are not supported"))
                    }
                });
                kamikaze = false;
                royal = false;
                chameleon = false;
                paralysing = false;
                half_neutral = false;
                frischauf = false;
                neutral = matches!(c, ColorWord::Neutral);
                alice = None;
                self.lx.next_token();
                continue;
            }
            let exact_command = COMMANDS
                .iter()
                .any(|(n, _)| n.eq_ignore_ascii_case(tok.text));
            if !exact_command {
                match lookup(ATTRIBUTES, tok.text) {
                    Lookup::Found(attribute) => {
                        if color.is_none() {
                            return Err(error(
                                tok.span,
                                format!("expected a colour (white or black) before the attribute \"{}\"", tok.text),
                            ));
                        }
                        match attribute {
                            Attribute::Kamikaze => kamikaze = true,
                            Attribute::Royal => royal = true,
                            Attribute::Chameleon => chameleon = true,
                            Attribute::Paralysing => paralysing = true,
                            Attribute::HalfNeutral => half_neutral = true,
                            Attribute::Frischauf => frischauf = true,
                            Attribute::AliceA => alice = Some(AliceBoard::A),
                            Attribute::AliceB => alice = Some(AliceBoard::B),
                            Attribute::Unsupported(name) => {
                                return Err(error(
                                    tok.span,
                                    format!(
                                        "attribute {name} is not supported; supported attributes are Royal, Kamikaze, Paralysing, Chameleon, HalfNeutral, Frischauf, AliceA and AliceB"
                                    ),
                                ))
                            }
                        }
                        bare_attribute = Some(tok.clone());
                        self.lx.next_token();
                        continue;
                    }
                    Lookup::Ambiguous(names)
                        if mode == PiecesMode::Command
                            && lookup(COMMANDS, tok.text).found().is_none() =>
                    {
                        return Err(error(
                            tok.span,
                            format!(
                                "ambiguous attribute \"{}\": it could be {}",
                                tok.text,
                                one_of(&names)
                            ),
                        ));
                    }
                    _ => {}
                }
            }
            if mode == PiecesMode::TwinAdd || lookup(COMMANDS, tok.text).found().is_some() {
                break;
            }
            return Err(error(
                tok.span,
                format!(
                    "unexpected \"{}\" in the pieces; expected a colour (white, black), an attribute (royal, kamikaze, paralysing, chameleon, halfneutral, frischauf, alicea, aliceb) or a piece with its squares like Ka1 or Pa2b3",
                    tok.text
                ),
            ));
        }
        if let Some(attribute) = &bare_attribute {
            return Err(no_piece_after(attribute));
        }
        // A neutral king is both sides' king; a neutral royal unit of another kind is
        // not built.
        if let Some(u) = out.iter().find(|u| {
            u.neutral && (u.royal || u.role.is_royal()) && u.role != crate::board::Role::King
        }) {
            return Err(error(
                u.span,
                "neutral royal units other than kings are not supported",
            ));
        }
        if let Some(u) = out.iter().find(|u| {
            u.half_neutral && (u.royal || u.role.is_royal()) && u.role != crate::board::Role::King
        }) {
            return Err(error(
                u.span,
                "half-neutral royal units other than kings are not supported",
            ));
        }
        if out.is_empty() {
            let example = match mode {
                PiecesMode::Command => "a colour and pieces, e.g. pieces white Ke1 black Ke8",
                PiecesMode::TwinAdd => "a colour and pieces, e.g. add white Pe4",
            };
            return Err(self.missing(kw, example));
        }
        Ok(out)
    }
}
