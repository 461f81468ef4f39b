//! `fairy`: a solver for composed fairy-chess problems.
//!
//! The crate is a library with a thin command-line front end (`src/main.rs`).
//! See `docs/architecture.md` for how a move flows through the modules.

pub mod batch;
pub mod bench;
pub mod board;
pub mod check;
pub mod conditions;
pub mod diagram;
pub mod input;
pub mod movegen;
pub mod output;
pub mod perft;
pub mod problem;
pub mod search;
pub mod stipulation;
pub mod threads;
