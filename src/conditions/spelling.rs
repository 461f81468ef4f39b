//! The condition lines under a diagram as the reference solver prints them: one line per
//! condition, in its order of conditions, each in its own spelling (`Circe Parrain` for
//! `ParrainCirce`, `AntiCirce Clone` for `AntiCloneCirce`, `Circe Mirror Assassin` for
//! `Circe Assassin Mirror`), default options left out (`AntiCirce Calvet` is `AntiCirce`).
//!
//! The names, the order of the lines and the order of the Circe options below were read
//! off the reference solver's output (Popeye 4.104), running it on problems with each
//! condition alone, each pair of conditions, and each pair of Circe options; conditions it
//! does not know (the Alice offshoots, Kamikaze Circe) keep the solver's own names.

use super::circe::ChameleonCycle;
use super::parse::{condition_groups, expand, CIRCE_OPTIONS, CONDITION_NAMES};
use crate::board::Role;
use crate::input::Spanned;

/// How one condition name is printed.
enum Spelling {
    /// A Circe type: `Circe` or `AntiCirce` with the options its name implies.
    Circe {
        anti: bool,
        implied: &'static [&'static str],
    },
    /// A name of its own.
    Named(&'static str),
}

use Spelling::{Circe, Named};

/// A Circe type with the options its name implies.
const fn circe(implied: &'static [&'static str]) -> Spelling {
    Circe {
        anti: false,
        implied,
    }
}

/// An Anticirce type with the options its name implies.
const fn anti(implied: &'static [&'static str]) -> Spelling {
    Circe {
        anti: true,
        implied,
    }
}

/// Every condition name, its spelling and its place among the lines (lower first). The
/// Circe types share the place of `Circe` or `AntiCirce`.
const NAMES: &[(&str, Spelling, u16)] = &[
    ("maximummer", Named("Maximummer"), 0),
    ("circe", circe(&[]), 10),
    ("mirrorcirce", circe(&["mirror"]), 10),
    ("symmetrycirce", circe(&["symmetry"]), 10),
    ("pwc", circe(&["pwc"]), 10),
    ("diagramcirce", circe(&["diagram"]), 10),
    ("parraincirce", circe(&["parrain"]), 10),
    ("contraparrain", circe(&["contraparrain"]), 10),
    ("equipollentscirce", circe(&["equipollents"]), 10),
    ("circeclone", circe(&["clone"]), 10),
    ("couscouscirce", circe(&["couscous"]), 10),
    ("chameleoncirce", circe(&["chameleon"]), 10),
    ("circeassassin", circe(&["assassin"]), 10),
    ("filecirce", circe(&["file"]), 10),
    ("antipodescirce", circe(&["antipodes"]), 10),
    ("antipodeancirce", circe(&["antipodes"]), 10),
    ("circetake&make", circe(&["take&make"]), 10),
    ("supercirce", circe(&["super"]), 10),
    ("mirrorfilecirce", circe(&["file", "mirror"]), 10),
    ("mirrorcirceclone", circe(&["mirror", "clone"]), 10),
    ("mirrorcouscouscirce", circe(&["couscous", "mirror"]), 10),
    ("circeturncoats", circe(&["turncoats"]), 10),
    ("frischaufcirce", circe(&["frischauf"]), 10),
    ("cagecirce", circe(&["cage"]), 10),
    ("circedoubleagents", circe(&["mirror", "turncoats"]), 10),
    ("kamikazecirce", Named("KamikazeCirce"), 11),
    ("madrasi", Named("Madrasi"), 20),
    ("bichromchess", Named("BichromChess"), 30),
    ("monochromchess", Named("MonochromChess"), 40),
    ("gridchess", Named("GridChess"), 50),
    ("koeko", Named("KoeKo"), 60),
    ("patrouille", Named("Patrouille"), 70),
    ("nocapture", Named("NoCapture"), 80),
    ("immunchess", Named("ImmunChess"), 90),
    ("blackmaximummer", Named("BlackMaximummer"), 100),
    ("blackminimummer", Named("BlackMinimummer"), 110),
    ("whitemaximummer", Named("WhiteMaximummer"), 120),
    ("whiteminimummer", Named("WhiteMinimummer"), 130),
    ("einsteinchess", Named("EinsteinChess"), 140),
    ("anticirce", anti(&[]), 150),
    ("anticlonecirce", anti(&["clone"]), 150),
    ("antisupercirce", anti(&["super"]), 150),
    ("antipodeananticirce", anti(&["antipodes"]), 150),
    ("diagramanticirce", anti(&["diagram"]), 150),
    ("fileanticirce", anti(&["file"]), 150),
    ("equipollentsanticirce", anti(&["equipollents"]), 150),
    ("mirroranticirce", anti(&["mirror"]), 150),
    ("mirrorfileanticirce", anti(&["file", "mirror"]), 150),
    ("symmetryanticirce", anti(&["symmetry"]), 150),
    ("reversaleinsteinchess", Named("ReversalEinsteinChess"), 160),
    ("andernachchess", Named("AndernachChess"), 170),
    ("antiandernachchess", Named("AntiAndernachChess"), 180),
    ("isardam", Named("Isardam"), 190),
    ("checklesschess", Named("ChecklessChess"), 200),
    ("marscirce", Named("MarsCirce"), 210),
    ("marsmirrorcirce", Named("MarsCirce Mirror"), 210),
    ("antieinsteinchess", Named("AntiEinsteinChess"), 220),
    ("messignychess", Named("MessignyChess"), 230),
    ("nowhitepromotion", Named("NoWhitePromotion"), 240),
    ("noblackpromotion", Named("NoBlackPromotion"), 250),
    ("nowhitecapture", Named("NoWhiteCapture"), 260),
    ("noblackcapture", Named("NoBlackCapture"), 270),
    ("whiteoscillatingkings", Named("WhiteOscillatingKings"), 280),
    ("blackoscillatingkings", Named("BlackOscillatingKings"), 290),
    ("antimarscirce", Named("AntiMarsCirce"), 300),
    ("ultrapatrol", Named("UltraPatrol"), 310),
    ("swappingkings", Named("SwappingKings"), 320),
    ("take&makechess", Named("Take&MakeChess"), 330),
    ("masand", Named("Masand"), 340),
    ("annanchess", Named("AnnanChess"), 350),
    ("lortap", Named("Lortap"), 360),
    ("antikoeko", Named("AntiKoeko"), 370),
    ("facetoface", Named("FaceToFace"), 380),
    ("backtoback", Named("BackToBack"), 390),
    ("cheektocheek", Named("CheekToCheek"), 400),
    ("lesemajeste", Named("LeseMajeste"), 410),
    ("make&takechess", Named("Make&TakeChess"), 420),
    ("masandgeneralised", Named("MasandGeneralised"), 430),
    // Alice chess and its offshoots come after every other condition.
    ("alicechess", Named("AliceChess"), 1000),
    ("lookingglassalice", Named("LookingGlassAlice"), 1000),
    ("missalice", Named("MissAlice"), 1000),
    ("odonohuealice", Named("ODonohueAlice"), 1000),
    ("duochess", Named("DuoChess"), 1000),
    ("threeboardalice", Named("ThreeBoardAlice"), 1000),
];

/// The Circe options in the order they are printed, with their spelling; `None` for the
/// defaults that are left out (for AntiCirce, `RexInclusive` is the default instead of
/// `RexExclusive`). `ContraParrain` is printed with `Mirror`, as the reference solver does.
const CIRCE_SPELLING: &[(&str, Option<&str>)] = &[
    ("diagram", Some("Diagram")),
    ("cage", Some("Cage")),
    ("rank", Some("Rank")),
    ("file", Some("File")),
    ("pwc", Some("PWC")),
    ("symmetry", Some("Symmetry")),
    ("verticalsymmetry", Some("VerticalSymmetry")),
    ("horizontalsymmetry", Some("HorizontalSymmetry")),
    ("couscous", Some("Couscous")),
    ("antipodes", Some("Antipodes")),
    ("contraparrain", Some("ContraParrain")),
    ("equipollents", Some("Equipollents")),
    ("parrain", Some("Parrain")),
    ("super", Some("Super")),
    ("take&make", Some("Take&Make")),
    ("capturesquare", Some("CaptureSquare")),
    ("waitcapture", Some("WaitCapture")),
    ("mirror", Some("Mirror")),
    ("assassin", Some("Assassin")),
    ("parachute", Some("Parachute")),
    ("relaxed", Some("Relaxed")),
    ("strict", Some("Strict")),
    ("volcanic", Some("Volcanic")),
    ("diametral", Some("Diametral")),
    ("verticalmirror", Some("VerticalMirror")),
    ("chameleon", Some("Chameleon")),
    ("clone", Some("Clone")),
    ("einstein", Some("Einstein")),
    ("reversaleinstein", Some("ReversalEinstein")),
    ("turncoats", Some("Turncoats")),
    ("frischauf", Some("Frischauf")),
    ("cheylan", Some("Cheylan")),
    ("cohen", Some("Cohen")),
    ("rexinclusive", Some("RexInclusive")),
    ("rexexclusive", Some("RexExclusive")),
    ("calvet", None),
    ("lastcapture", None),
];

/// The options of the other conditions, as printed after their name (the padding is the
/// reference solver's).
fn option_spelling(condition: &str, option: &str) -> Option<&'static str> {
    Some(match (condition, option) {
        ("madrasi" | "immunchess" | "isardam", "rexinclusive") => " RexInclusive",
        ("isardam", "typeb") => "    TypeB",
        ("annanchess", "typea") | ("whiteoscillatingkings" | "blackoscillatingkings", "typea") => {
            ""
        }
        ("annanchess", "typeb") => "    TypeB",
        ("annanchess", "typec") => "    TypeC",
        ("annanchess", "typed") => "    TypeD",
        ("whiteoscillatingkings" | "blackoscillatingkings", "typeb") => "    TypeB",
        ("whiteoscillatingkings" | "blackoscillatingkings", "typec") => "  TypeC",
        ("messignychess" | "marscirce" | "antimarscirce", "rexexclusive") => " RexExclusive",
        // Read, and not printed.
        ("messignychess" | "marscirce" | "antimarscirce", "rexinclusive") => "",
        _ => return None,
    })
}

/// Where a kind comes in the reference solver's order of kinds (king, pawn, queen, knight,
/// rook, bishop, then the fairy kinds in the order of our table), which its Chameleon
/// sequences start from.
fn kind_order(role: Role) -> usize {
    match role {
        Role::King => 0,
        Role::Pawn => 1,
        Role::Queen => 2,
        Role::Knight => 3,
        Role::Rook => 4,
        Role::Bishop => 5,
        other => 6 + other.index(),
    }
}

/// A Chameleon sequence written after Circe as the reference solver prints it: from the
/// kind first in its order of kinds, round to it (`Q->S->B->R->Q`).
fn chameleon_spelling(options: &[String]) -> Option<String> {
    let written: Vec<Role> = options.iter().filter_map(|o| Role::from_code(o)).collect();
    let cycle = ChameleonCycle::written(&written).ok()?;
    let kinds = cycle.kinds();
    let start = (0..kinds.len()).min_by_key(|&i| kind_order(kinds[i]))?;
    let mut text = String::new();
    for k in kinds[start..].iter().chain(&kinds[..=start]) {
        if !text.is_empty() {
            text.push_str("->");
        }
        text.push_str(k.code());
    }
    Some(text)
}

fn circe_line(anti: bool, implied: &[&str], options: &[String]) -> String {
    let mut chosen: Vec<&str> = implied.to_vec();
    for o in options {
        let o = expand(o, &CIRCE_OPTIONS);
        if let Some((name, _)) = CIRCE_SPELLING.iter().find(|(n, _)| *n == o) {
            chosen.push(name);
        }
    }
    if chosen.contains(&"contraparrain") {
        chosen.push("mirror");
    }
    if chosen.contains(&"parrain") && chosen.contains(&"mirror") {
        chosen.push("contraparrain");
        chosen.retain(|o| *o != "parrain");
    }
    // Rank chooses the colour of the square itself: a Mirror beside it is dropped.
    if chosen.contains(&"rank") {
        chosen.retain(|o| *o != "mirror");
    }
    let default_rex = if anti { "rexinclusive" } else { "rexexclusive" };
    let mut line = String::from(if anti { "AntiCirce" } else { "Circe" });
    for (name, spelling) in CIRCE_SPELLING {
        if *name != default_rex && chosen.contains(name) {
            if let Some(s) = spelling {
                line.push(' ');
                line.push_str(s);
                if *name == "chameleon" {
                    if let Some(sequence) = chameleon_spelling(options) {
                        line.push(' ');
                        line.push_str(&sequence);
                    }
                }
            }
        }
    }
    line
}

/// One condition (its name and the words after it) as a line, with its place; `None`
/// for words that name no condition (printed as written).
fn line_of(words: &[&str]) -> Option<(u16, String)> {
    let (first, rest) = words.split_first()?;
    let name = expand(first, &CONDITION_NAMES);
    let (_, spelling, rank) = NAMES.iter().find(|(n, _, _)| *n == name)?;
    let options: Vec<String> = rest.iter().map(|w| w.to_string()).collect();
    let line = match spelling {
        Circe { anti, implied } => circe_line(*anti, implied, &options),
        Named(text) => {
            let mut line = text.to_string();
            for o in &options {
                let lower = expand(
                    o,
                    &[
                        "rexinclusive",
                        "rexexclusive",
                        "typea",
                        "typeb",
                        "typec",
                        "typed",
                    ],
                );
                match option_spelling(&name, &lower) {
                    Some(s) => line.push_str(s),
                    None => {
                        line.push(' ');
                        line.push_str(o);
                    }
                }
            }
            line
        }
    };
    Some((*rank, line))
}

/// The condition lines of a problem: its condition words (grouped as the parser groups
/// them), and `alice_units` when units stand on board B without an Alice condition (the
/// reference solver then plays Alice chess, and says so).
pub fn condition_lines(words: &[Spanned<String>], alice_units: bool) -> Vec<String> {
    let mut lines: Vec<(u16, String)> = Vec::new();
    for group in condition_groups(words) {
        let ws: Vec<&str> = group.split_whitespace().collect();
        match line_of(&ws) {
            Some(l) => lines.push(l),
            // Words that do not parse stay as written, where they stood.
            None if !group.is_empty() => lines.push((u16::MAX, group)),
            None => {}
        }
    }
    if alice_units && !lines.iter().any(|(rank, _)| *rank == 1000) {
        lines.push((1000, "AliceChess".to_string()));
    }
    lines.sort_by_key(|(rank, _)| *rank);
    let mut out: Vec<String> = Vec::new();
    for (_, l) in lines {
        if !out.contains(&l) {
            out.push(l);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::Span;

    fn lines(text: &str) -> Vec<String> {
        let words: Vec<Spanned<String>> = text
            .split_whitespace()
            .map(|w| Spanned::new(w.to_string(), Span::default()))
            .collect();
        condition_lines(&words, false)
    }

    #[test]
    fn circe_types_are_spelled_as_the_reference_solver_spells_them() {
        // Each pair below was printed by Popeye 4.104 for the words on the left.
        for (words, printed) in [
            ("ParrainCirce", "Circe Parrain"),
            ("CirceAssassin", "Circe Assassin"),
            ("AntiCloneCirce", "AntiCirce Clone"),
            ("Circe Assassin Mirror", "Circe Mirror Assassin"),
            ("AntiCirce Calvet Cheylan", "AntiCirce Cheylan"),
            ("AntiCirce RexInclusive", "AntiCirce"),
            ("Circe RexExclusive", "Circe"),
            ("AntiSuperCirce", "AntiCirce Super"),
            ("ContraParrain", "Circe ContraParrain Mirror"),
            ("circe parrain clone", "Circe Parrain Clone"),
            (
                "Circe VerticalMirror RexInclusive",
                "Circe VerticalMirror RexInclusive",
            ),
            ("pwc", "Circe PWC"),
            ("AntipodeanCirce", "Circe Antipodes"),
            ("EquipollentsAntiCirce", "AntiCirce Equipollents"),
            ("DiagramAntiCirce", "AntiCirce Diagram"),
            ("ChameleonCirce", "Circe Chameleon"),
            ("CirceDoubleAgents", "Circe Mirror Turncoats"),
            ("CirceTurncoats", "Circe Turncoats"),
            (
                "Circe CaptureSquare WaitCapture",
                "Circe CaptureSquare WaitCapture",
            ),
            ("FrischAufCirce", "Circe Frischauf"),
            ("AntiCirce Frischauf", "AntiCirce Frischauf"),
            ("AntiCirce Turncoats", "AntiCirce Turncoats"),
            ("MirrorFileCirce", "Circe File Mirror"),
            ("Circe Mirror File", "Circe File Mirror"),
            ("MirrorFileAntiCirce", "AntiCirce File Mirror"),
            ("Circe Mirror Couscous", "Circe Couscous Mirror"),
            ("Circe Parrain Mirror", "Circe ContraParrain Mirror"),
            ("Circe Rank Mirror", "Circe Rank"),
            ("AntiCirce Rank Cheylan", "AntiCirce Rank Cheylan"),
            ("ChameleonCirce S B R Q S", "Circe Chameleon Q->S->B->R->Q"),
            ("MarsMirrorCirce", "MarsCirce Mirror"),
            ("MarsCirce Diagram", "MarsCirce Diagram"),
            ("Circe Chameleon S Q R B S", "Circe Chameleon Q->R->B->S->Q"),
        ] {
            assert_eq!(lines(words), [printed], "{words}");
        }
    }

    #[test]
    fn conditions_come_one_a_line_in_the_reference_solvers_order() {
        for (words, printed) in [
            (
                "ChecklessChess Circe BlackMaximummer",
                &["Circe", "BlackMaximummer", "ChecklessChess"][..],
            ),
            (
                "Madrasi RexInclusive Circe",
                &["Circe", "Madrasi RexInclusive"],
            ),
            ("circe maximummer", &["Maximummer", "Circe"]),
            ("Lortap AntiCirce", &["AntiCirce", "Lortap"]),
            ("isardam typeb", &["Isardam    TypeB"]),
            (
                "WhiteOscillatingKings TypeC",
                &["WhiteOscillatingKings  TypeC"],
            ),
            ("AliceChess Madrasi", &["Madrasi", "AliceChess"]),
            ("MessignyChess RexInclusive", &["MessignyChess"]),
        ] {
            assert_eq!(lines(words), printed, "{words}");
        }
    }

    #[test]
    fn alice_units_name_alice_chess_and_unknown_words_stay() {
        assert_eq!(condition_lines(&[], true), ["AliceChess"]);
        assert_eq!(lines("Frobnicate"), ["Frobnicate"]);
    }

    #[test]
    fn every_condition_name_has_a_spelling() {
        for name in CONDITION_NAMES {
            assert!(
                NAMES.iter().any(|(n, _, _)| *n == name),
                "{name} has no spelling"
            );
        }
        for option in CIRCE_OPTIONS {
            assert!(
                CIRCE_SPELLING.iter().any(|(n, _)| *n == option),
                "{option} has no spelling"
            );
        }
    }
}
