//! The error type of the input reader.

use super::model::Span;

/// A defect in the input, at a 1-based line and column (columns count characters).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {col}: {message}")]
pub struct InputError {
    pub line: u32,
    pub col: u32,
    pub message: String,
}

impl InputError {
    pub fn new(span: Span, message: impl Into<String>) -> InputError {
        InputError {
            line: span.line,
            col: span.col,
            message: message.into(),
        }
    }

    /// Where the error is.
    pub fn span(&self) -> Span {
        Span::new(self.line, self.col)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display() {
        let e = InputError::new(Span::new(3, 14), "unknown command \"foo\"");
        assert_eq!(e.to_string(), "line 3, column 14: unknown command \"foo\"");
        assert_eq!(e.span(), Span::new(3, 14));
    }
}
