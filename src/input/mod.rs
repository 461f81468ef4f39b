//! Popeye's input language (English keywords): problems, pieces, stipulation,
//! conditions (kept as raw words), options and twins.
//!
//! * [`parse_file`] reads a whole file: one `Result` per problem, so that a bad
//!   problem does not stop the others.
//! * [`problem_from_fen`] builds a problem from a FEN, a stipulation and condition
//!   words given on the command line.
//! * [`ProblemSpec::to_popeye_input`] writes a problem back as input text.
//!
//! Keywords are case-insensitive and may be abbreviated to any prefix that is unique
//! among the keywords valid at that place. Commands are read token by token, as
//! Popeye does: the pieces, conditions and options of a command go on, across line
//! breaks, until the next command. Texts (author, origin, title, remark, award)
//! take the rest of their line.
//!
//! Modules: `lexer` (tokens and places), `keywords` (keyword tables and prefix
//! matching), `parser` (problems, commands, error recovery), `options`, `twin`,
//! `pieces` (piece tokens, square lists), `fen` (forsyth), `model` (the data),
//! `writer` (back to text), `error`, `decode` (UTF-8 or Latin-1 file bytes).

mod decode;
mod error;
mod fen;
mod keywords;
mod lexer;
mod model;
mod options;
mod parser;
mod pieces;
mod twin;
mod writer;
pub mod yaml;

#[cfg(test)]
mod tests;

pub use decode::{decode_text, is_yaml, read_problems, PROBLEM_FILE_PATTERNS};
pub use error::InputError;
pub use fen::problem_from_fen;
pub use model::{
    AliceBoard, MirrorAxis, Options, PieceSpec, ProblemSpec, Span, Spanned, TextKind, Twin,
    TwinChange,
};
pub use parser::{parse_file, parse_file_with_warnings, ParsedFile};
