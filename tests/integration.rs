//! The integration tests, one crate: each file below is a module of it, so that the
//! library's generic searches are compiled and linked once rather than once per file
//! (CI's time: 25 test crates took about 75 s each to build).

mod binary;
mod common;

mod alice;
mod batch;
mod browser;
mod check;
mod cli;
mod conformance;
mod diagrams;
mod differential;
mod double_mate;
mod exact;
mod fuzz;
mod goals;
mod help_reflex;
mod options;
mod parry_series;
mod perft;
mod problems;
mod progressive;
mod reciprocal;
mod reference_layout;
mod reliability;
mod rules_examples;
mod series_help_self;
mod series_reflex_goals;
mod structured;
mod unit_goals;
