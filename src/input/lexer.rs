//! Splits the input into blank-separated tokens, each with its place, and hands out
//! the raw rest of a line for the text commands (author, origin, ...).

use super::model::Span;

/// A maximal run of non-blank characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    pub text: &'a str,
    pub span: Span,
}

impl Token<'_> {
    /// The place of the character `offset` characters into the token.
    pub fn span_at(&self, offset: usize) -> Span {
        Span::new(self.span.line, self.span.col.saturating_add(offset as u32))
    }

    pub fn has_digit(&self) -> bool {
        self.text.bytes().any(|b| b.is_ascii_digit())
    }
}

/// A cursor over the input. Cloning it is cheap, which is how `peek` works.
#[derive(Clone, Debug)]
pub struct Lexer<'a> {
    src: &'a str,
    pos: usize,
    line: u32,
    col: u32,
}

impl<'a> Lexer<'a> {
    pub fn new(src: &'a str) -> Lexer<'a> {
        Lexer {
            src,
            pos: 0,
            line: 1,
            col: 1,
        }
    }

    fn peek_char(&self) -> Option<char> {
        self.src[self.pos..].chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek_char()?;
        self.pos += c.len_utf8();
        if c == '\n' {
            self.line = self.line.saturating_add(1);
            self.col = 1;
        } else {
            self.col = self.col.saturating_add(1);
        }
        Some(c)
    }

    /// The current place (after the last token read).
    pub fn here(&self) -> Span {
        Span::new(self.line, self.col)
    }

    /// The next token, or `None` at the end of the input.
    pub fn next_token(&mut self) -> Option<Token<'a>> {
        while self.peek_char().is_some_and(char::is_whitespace) {
            self.bump();
        }
        let start = self.pos;
        let span = self.here();
        while self.peek_char().is_some_and(|c| !c.is_whitespace()) {
            self.bump();
        }
        (self.pos > start).then(|| Token {
            text: &self.src[start..self.pos],
            span,
        })
    }

    /// The next token without consuming it.
    pub fn peek_token(&self) -> Option<Token<'a>> {
        self.clone().next_token()
    }

    /// The token after the next one, without consuming anything.
    pub fn peek_second(&self) -> Option<Token<'a>> {
        let mut l = self.clone();
        l.next_token()?;
        l.next_token()
    }

    /// The rest of the current line after the blanks (spaces, tabs) that follow the
    /// last token, byte for byte; trailing blanks are kept, a `\r` before the line
    /// break is not. The line break itself is consumed.
    pub fn rest_of_line(&mut self) -> &'a str {
        while matches!(self.peek_char(), Some(' ' | '\t')) {
            self.bump();
        }
        let start = self.pos;
        while self.peek_char().is_some_and(|c| c != '\n') {
            self.bump();
        }
        let text = &self.src[start..self.pos];
        self.bump();
        text.strip_suffix('\r').unwrap_or(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_and_places() {
        let mut l = Lexer::new("begin\n  pieces\twhite Ka1\r\nüx end");
        let t: Vec<_> = std::iter::from_fn(|| l.next_token())
            .map(|t| (t.text, t.span.line, t.span.col))
            .collect();
        assert_eq!(
            t,
            vec![
                ("begin", 1, 1),
                ("pieces", 2, 3),
                ("white", 2, 10),
                ("Ka1", 2, 16),
                ("üx", 3, 1),
                ("end", 3, 4)
            ]
        );
    }

    #[test]
    fn rest_of_line_keeps_trailing_blanks() {
        let mut l = Lexer::new("author   Reto List & M. Ott  \r\norigin\nx");
        assert_eq!(l.next_token().unwrap().text, "author");
        assert_eq!(l.rest_of_line(), "Reto List & M. Ott  ");
        assert_eq!(l.next_token().unwrap().text, "origin");
        assert_eq!(l.rest_of_line(), "");
        assert_eq!(l.peek_token().unwrap().text, "x");
        assert_eq!(l.next_token().unwrap().span, Span::new(3, 1));
        assert_eq!(l.next_token(), None);
        assert_eq!(l.rest_of_line(), "");
    }
}
