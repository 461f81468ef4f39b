//! Printing solutions: Popeye's text layout and notation, and JSON with the same content.

pub mod check;
pub mod html;
pub mod json;
pub mod notation;
pub mod text;
