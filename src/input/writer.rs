//! Writes a problem back as Popeye input (canonical English form, full keywords),
//! such that reading the text gives the same problem again (up to places).

use std::fmt::Write;

use super::model::{AliceBoard, Options, PieceSpec, ProblemSpec, Spanned, TwinChange};
use crate::board::Color;

fn color_word(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// `white Royal`, `white Kamikaze AliceB`: the colour and attribute words of a unit.
fn piece_prefix(p: &PieceSpec) -> String {
    let mut s = if p.neutral {
        "neutral".to_string()
    } else {
        color_word(p.color).to_string()
    };
    if p.royal {
        s.push_str(" Royal");
    }
    if p.kamikaze {
        s.push_str(" Kamikaze");
    }
    if p.paralysing {
        s.push_str(" Paralysing");
    }
    if p.chameleon {
        s.push_str(" Chameleon");
    }
    if p.half_neutral {
        s.push_str(" HalfNeutral");
    }
    if p.frischauf {
        s.push_str(" Frischauf");
    }
    match p.alice {
        Some(AliceBoard::A) => s.push_str(" AliceA"),
        Some(AliceBoard::B) => s.push_str(" AliceB"),
        None => {}
    }
    s
}

fn piece_token(p: &PieceSpec) -> String {
    format!("{}{}", p.role.code(), p.square)
}

fn words(ws: &[Spanned<String>]) -> String {
    ws.iter()
        .map(|w| w.value.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

fn options_line(o: &Options) -> String {
    let mut parts: Vec<String> = Vec::new();
    let flags = [
        (o.try_play, "Try"),
        (o.set_play, "SetPlay"),
        (o.null_moves, "NullMoves"),
        (o.white_to_play, "WhiteToPlay"),
        (o.variations, "Variation"),
        (o.move_numbers, "MoveNumbers"),
        (o.no_wk, "NoWk"),
        (o.no_bk, "NoBk"),
        (o.duplex, "Duplex"),
        (o.half_duplex, "HalfDuplex"),
        (o.no_threat, "NoThreat"),
        (o.keep_mating_piece, "KeepMatingPiece"),
        (o.no_board, "NoBoard"),
        (o.no_short_variations, "NoShortVariations"),
        (o.post_key_play, "PostKeyPlay"),
        (o.quodlibet, "Quodlibet"),
        (o.mates_in_1, "MatesIn1"),
        (o.goal_is_end, "GoalIsEnd"),
    ];
    parts.extend(
        flags
            .iter()
            .filter(|(on, _)| *on)
            .map(|(_, n)| n.to_string()),
    );
    let numbers = [
        (o.defence, "Defence"),
        (o.threat, "Threat"),
        (o.max_flight_squares, "MaxFlightsquares"),
        (o.max_solutions, "MaxSolutions"),
        (o.turn_length, "TurnLength"),
    ];
    parts.extend(
        numbers
            .iter()
            .filter_map(|(n, name)| n.map(|n| format!("{name} {n}"))),
    );
    if let Some(t) = o.max_time {
        parts.push(format!("MaxTime {t}"));
    }
    if let Some((m, n)) = o.non_trivial {
        parts.push(format!("NonTrivial {m} {n}"));
    }
    match o.intelligent {
        Some(Some(n)) => parts.push(format!("Intelligent {n}")),
        Some(None) => parts.push("Intelligent".to_string()),
        None => {}
    }
    let squares = |v: &[crate::board::Square]| v.iter().map(|s| s.to_string()).collect::<String>();
    if !o.en_passant.is_empty() {
        parts.push(format!("EnPassant {}", squares(&o.en_passant)));
    }
    if !o.no_castling.is_empty() {
        parts.push(format!("NoCastling {}", squares(&o.no_castling)));
    }
    for (a, b) in &o.castling_mutually_exclusive {
        parts.push(format!("CastlingMutuallyExclusive {a}{b}"));
    }
    if let Some(n) = o.start_move_number {
        parts.push(format!("StartMoveNumber {n}"));
    }
    if let Some(n) = o.up_to_move_number {
        parts.push(format!("UpToMoveNumber {n}"));
    }
    parts.extend(o.other.iter().map(|w| w.value.clone()));
    parts.join(" ")
}

fn change_text(c: &TwinChange) -> String {
    match c {
        TwinChange::Move { from, to } => format!("move {from} {to}"),
        TwinChange::Exchange { a, b } => format!("exchange {a} {b}"),
        TwinChange::Add(p) => format!("add {} {}", piece_prefix(p), piece_token(p)),
        TwinChange::Remove(s) => format!("remove {s}"),
        TwinChange::Rotate(d) => format!("rotate {d}"),
        TwinChange::Mirror(axis) => format!("mirror {}", axis.notation()),
        TwinChange::Shift { from, to } => format!("shift {from} {to}"),
        TwinChange::PolishType => "polishtype".to_string(),
        TwinChange::Substitute { from, to } => {
            format!("substitute {} {}", from.code(), to.code())
        }
        TwinChange::Stipulation(s) => format!("stipulation {s}"),
        TwinChange::Condition(ws) if ws.is_empty() => "condition".to_string(),
        TwinChange::Condition(ws) => format!("condition {}", words(ws)),
    }
}

fn changes_text(cs: &[Spanned<TwinChange>]) -> String {
    cs.iter()
        .map(|c| change_text(&c.value))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A `pieces` command for `units`, none when there are none.
fn pieces_line(out: &mut String, units: &[PieceSpec]) {
    if units.is_empty() {
        return;
    }
    out.push_str("pieces");
    let mut prefix = String::new();
    for p in units {
        let this = piece_prefix(p);
        if this != prefix {
            let _ = write!(out, " {this}");
            prefix = this;
        }
        let _ = write!(out, " {}", piece_token(p));
    }
    out.push('\n');
}

impl ProblemSpec {
    /// The problem as Popeye input, from `begin` to `end`, one command a line.
    pub fn to_popeye_input(&self) -> String {
        let mut out = String::from("begin\n");
        for (kind, text) in &self.texts {
            let _ = writeln!(out, "{} {}", kind.keyword(), text);
        }
        // `a=>b`: the start position comes before the stipulation.
        pieces_line(&mut out, &self.proof_start);
        if let Some(s) = &self.stipulation {
            let _ = writeln!(out, "stipulation {}", s.value);
        }
        if !self.conditions.is_empty() {
            let _ = writeln!(out, "condition {}", words(&self.conditions));
        }
        let options = options_line(&self.options);
        if !options.is_empty() {
            let _ = writeln!(out, "option {options}");
        }
        pieces_line(&mut out, &self.pieces);
        if let Some(zero) = &self.zero_position {
            let _ = writeln!(out, "zeroposition {}", changes_text(zero));
        }
        for twin in &self.twins {
            let continued = if twin.continued { "continued " } else { "" };
            let _ = writeln!(out, "twin {continued}{}", changes_text(&twin.changes));
        }
        out.push_str("end\n");
        out
    }
}
