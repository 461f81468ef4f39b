//! From the words of Popeye's `condition` command to a set of condition parts.

use super::alice::AliceVariant;
use super::andernach::Andernach;
use super::annan::Annan;
use super::circe::{ChameleonCycle, Circe, KindRule, Occupied, SquareAdjust, SquareRule};
use super::confront::Confront;
use super::einstein::Einstein;
use super::fairy::{Fairy, Mars};
use super::geometry::Chrome;
use super::isardam::Isardam;
use super::koeko::Koeko;
use super::madrasi::Madrasi;
use super::masand::Masand;
use super::messigny::Messigny;
use super::mummer::Mummer;
use super::oscillating::Oscillation;
use super::patrol::Patrol;
use crate::board::Color;
use crate::input::{Span, Spanned};

/// A condition the solver cannot use, with where it was written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ConditionError {
    pub span: Span,
    pub message: String,
}

const ALICE_WORDS: [(&str, AliceVariant); 6] = [
    ("alicechess", AliceVariant::Classic),
    ("lookingglassalice", AliceVariant::LookingGlass),
    ("missalice", AliceVariant::MissAlice),
    ("odonohuealice", AliceVariant::ODonohue),
    ("duochess", AliceVariant::Duo),
    ("threeboardalice", AliceVariant::ThreeBoard),
];

/// Every condition name, for Popeye's unique-prefix abbreviations.
pub(crate) const CONDITION_NAMES: [&str; 84] = [
    "circe",
    "anticirce",
    "antipodeancirce",
    "antipodeananticirce",
    "diagramanticirce",
    "fileanticirce",
    "equipollentsanticirce",
    "mirroranticirce",
    "symmetryanticirce",
    "mirrorcirce",
    "symmetrycirce",
    "pwc",
    "diagramcirce",
    "parraincirce",
    "contraparrain",
    "equipollentscirce",
    "circeclone",
    "anticlonecirce",
    "couscouscirce",
    "chameleoncirce",
    "circeassassin",
    "filecirce",
    "antipodescirce",
    "kamikazecirce",
    "marscirce",
    "antimarscirce",
    "marsmirrorcirce",
    "alicechess",
    "lookingglassalice",
    "missalice",
    "odonohuealice",
    "duochess",
    "threeboardalice",
    "madrasi",
    "andernachchess",
    "antiandernachchess",
    "checklesschess",
    "nocapture",
    "nowhitepromotion",
    "noblackpromotion",
    "nowhitecapture",
    "noblackcapture",
    "blackmaximummer",
    "whitemaximummer",
    "blackminimummer",
    "whiteminimummer",
    "maximummer",
    "isardam",
    "gridchess",
    "monochromchess",
    "bichromchess",
    "patrouille",
    "ultrapatrol",
    "lortap",
    "koeko",
    "antikoeko",
    "take&makechess",
    "annanchess",
    "facetoface",
    "backtoback",
    "cheektocheek",
    "supercirce",
    "antisupercirce",
    "whiteoscillatingkings",
    "blackoscillatingkings",
    "swappingkings",
    "immunchess",
    "messignychess",
    "masand",
    "masandgeneralised",
    "circetake&make",
    "einsteinchess",
    "reversaleinsteinchess",
    "antieinsteinchess",
    "lesemajeste",
    "make&takechess",
    "mirrorfilecirce",
    "mirrorcirceclone",
    "mirrorcouscouscirce",
    "mirrorfileanticirce",
    "circeturncoats",
    "circedoubleagents",
    "frischaufcirce",
    "cagecirce",
];

/// The option words the reference solver reads after a Circe-type name: `None` for every
/// option (after `Circe`, `AntiCirce`, `ImmunChess`, `MarsCirce`, `AntiMarsCirce`, and
/// `KamikazeCirce`, which it does not have), else the few it reads after a one-word name
/// (`MirrorCirce RexInclusive`, `AntiSuperCirce Cheylan`); any other word there it takes
/// for the next condition.
fn options_after(name: &str) -> Option<&'static [&'static str]> {
    const REX: &[&str] = &["RexInclusive", "RexExclusive"];
    const TYPE: &[&str] = &["Calvet", "Cheylan"];
    match name {
        "circe" | "anticirce" | "immunchess" | "marscirce" | "antimarscirce" | "kamikazecirce" => {
            None
        }
        "pwc" | "parraincirce" | "contraparrain" | "couscouscirce" | "chameleoncirce"
        | "circetake&make" | "supercirce" | "circeturncoats" | "cagecirce" | "anticlonecirce" => {
            Some(&[])
        }
        "antisupercirce"
        | "antipodeananticirce"
        | "diagramanticirce"
        | "fileanticirce"
        | "equipollentsanticirce"
        | "mirroranticirce"
        | "mirrorfileanticirce"
        | "symmetryanticirce" => Some(TYPE),
        _ => Some(REX),
    }
}

/// Option words that may follow a Circe-type condition.
pub(crate) const CIRCE_OPTIONS: [&str; 37] = [
    "rexinclusive",
    "rexexclusive",
    "mirror",
    "symmetry",
    "verticalsymmetry",
    "horizontalsymmetry",
    "pwc",
    "diagram",
    "parrain",
    "contraparrain",
    "equipollents",
    "file",
    "antipodes",
    "couscous",
    "clone",
    "chameleon",
    "assassin",
    "volcanic",
    "strict",
    "relaxed",
    "calvet",
    "cheylan",
    "lastcapture",
    "diametral",
    "verticalmirror",
    "parachute",
    "super",
    "take&make",
    "einstein",
    "reversaleinstein",
    "cohen",
    "rank",
    "turncoats",
    "frischauf",
    "cage",
    "capturesquare",
    "waitcapture",
];

/// The kinds written after Chameleon Circe, from `words[*i]` on (advanced past them): the
/// reference solver's sequence, closed or not (`S Q R B S`, `S Q R B`); the standard
/// cycle when none is written. A code of a kind this solver lacks is refused by name.
/// The Circe of captured units `a` and Immun chess `b` (either first) as one Circe whose
/// rebirth squares also make units immune. Both must name the same squares; a Circe that
/// decides more than its squares (RexInclusive, a change of kind, waiting, hiding, ...)
/// is refused, its immunity not being defined with it.
fn with_immunity(
    a: Circe,
    b: Circe,
    err: &impl Fn(String) -> ConditionError,
) -> Result<Circe, ConditionError> {
    let (immunity, circe) = if a.immune { (a, b) } else { (b, a) };
    let plain = |c: &Circe| {
        !c.rex_inclusive
            && !c.cohen
            && !c.turncoat
            && !c.frischauf
            && !c.waits()
            && c.kind == KindRule::Same
            && matches!(c.occupied, Occupied::Lost | Occupied::Illegal)
    };
    if !plain(&immunity) || !plain(&circe) {
        return Err(err(
            "ImmunChess beside a Circe is supported only with no RexInclusive, Cohen, Turncoats, Frischauf, change of kind, waiting, Assassin, Volcanic or Parachute; not supported otherwise".into(),
        ));
    }
    // Each keeps its squares: the reference solver's `ImmunChess CageCirce` makes units
    // immune by the standard squares and places the reborn ones in cages.
    let own = (immunity.square, immunity.adjust);
    Ok(Circe {
        immune: true,
        immune_squares: (own != (circe.square, circe.adjust)).then_some(own),
        ..circe
    })
}

fn chameleon_sequence(
    words: &[Spanned<String>],
    i: &mut usize,
) -> Result<ChameleonCycle, ConditionError> {
    let start = *i;
    let mut kinds = Vec::new();
    while let Some(w) = words.get(*i) {
        let upper = w.value.to_ascii_uppercase();
        if let Some((code, name)) = crate::board::kinds::UNSUPPORTED_CODES
            .iter()
            .find(|(c, _)| *c == upper)
        {
            return Err(ConditionError {
                span: w.span,
                message: format!("fairy piece \"{code}\" ({name}) is not supported"),
            });
        }
        let Some(role) = crate::board::Role::from_code(&w.value) else {
            break;
        };
        kinds.push(role);
        *i += 1;
    }
    if kinds.is_empty() {
        return Ok(ChameleonCycle::STANDARD);
    }
    ChameleonCycle::written(&kinds).map_err(|m| ConditionError {
        span: words[start].span,
        message: m,
    })
}

/// The words of a Circe that say where a unit is reborn: the one rule that defines the
/// square (with the word that named it), and whether Mirror and Couscous were given.
struct SquareWords<'w> {
    defined: Option<(SquareRule, &'w Spanned<String>)>,
    mirror: bool,
    couscous: bool,
    /// The word WaitCapture (the captured unit waits for the next capture).
    wait: Option<&'w Spanned<String>>,
}

impl<'w> SquareWords<'w> {
    /// The words a preset condition name (`MirrorCirce`, `FileCirce`) stands for.
    fn of(preset: SquareRule, name: &'w Spanned<String>) -> SquareWords<'w> {
        let mut words = SquareWords {
            defined: None,
            mirror: false,
            couscous: false,
            wait: None,
        };
        match preset {
            SquareRule::Standard => {}
            SquareRule::Mirror => words.mirror = true,
            SquareRule::Couscous { mirror } => {
                words.couscous = true;
                words.mirror = mirror;
            }
            SquareRule::Parrain { contra } => {
                words.defined = Some((SquareRule::Parrain { contra: false }, name));
                words.mirror = contra;
            }
            other => words.defined = Some((other, name)),
        }
        words
    }

    /// A word naming a rule that defines the square: the reference solver refuses two
    /// ("nonsense combination").
    fn define(
        &mut self,
        rule: SquareRule,
        word: &'w Spanned<String>,
    ) -> Result<(), ConditionError> {
        match self.defined {
            Some((first, _)) if first == rule => Ok(()),
            Some((_, first)) => Err(ConditionError {
                span: word.span,
                message: format!(
                    "the Circe options \"{}\" and \"{}\" both say where units are reborn; give one",
                    first.value, word.value
                ),
            }),
            None => {
                self.defined = Some((rule, word));
                Ok(())
            }
        }
    }

    /// The square rule the words make: Mirror takes the other colour's square under the
    /// standard, File and Couscous rules, subtracts the vector under Equipollents and
    /// Parrain, and changes nothing where the square does not depend on a colour
    /// (Symmetry, Antipodes, PWC, Diagram, Super; Rank chooses its own colour), as the
    /// reference solver plays them.
    fn compose(&self) -> Result<SquareRule, ConditionError> {
        // Only CaptureSquare and WaitCapture together are built.
        let capture_square = matches!(self.defined, Some((SquareRule::CaptureSquareWait, _)));
        if let Some(word) = self.wait.filter(|_| !capture_square) {
            return Err(ConditionError {
                span: word.span,
                message: "Circe WaitCapture without CaptureSquare is not supported".into(),
            });
        }
        if let (true, None, Some((_, word))) = (capture_square, self.wait, self.defined) {
            return Err(ConditionError {
                span: word.span,
                message: "Circe CaptureSquare without WaitCapture is not supported".into(),
            });
        }
        let Some((rule, word)) = self.defined else {
            return Ok(match (self.couscous, self.mirror) {
                (false, false) => SquareRule::Standard,
                (false, true) => SquareRule::Mirror,
                (true, mirror) => SquareRule::Couscous { mirror },
            });
        };
        let refuse = |with: &str| {
            Err(ConditionError {
                span: word.span,
                message: format!("Circe {} with {with} is not supported", word.value),
            })
        };
        if self.couscous {
            return refuse("Couscous");
        }
        Ok(match (rule, self.mirror) {
            (rule, false) => rule,
            (SquareRule::File { .. }, true) => SquareRule::File { mirror: true },
            (SquareRule::Equipollents { .. }, true) => SquareRule::Equipollents { contra: true },
            (SquareRule::Parrain { .. }, true) => SquareRule::Parrain { contra: true },
            (SquareRule::TakeMake | SquareRule::Cage | SquareRule::CaptureSquareWait, true) => {
                return refuse("Mirror")
            }
            (rule, true) => rule,
        })
    }
}

/// Sets a part that one of several words chooses; `clash` is the error when a word set it
/// already.
fn choose<T>(slot: &mut Option<T>, value: T, clash: &str) -> Result<(), String> {
    if slot.is_some() {
        return Err(clash.to_string());
    }
    *slot = Some(value);
    Ok(())
}

/// The full name a word stands for: itself when it is a name, else the one name it is a
/// prefix of (case-insensitive), as Popeye reads abbreviations.
pub(crate) fn expand(word: &str, names: &[&'static str]) -> String {
    let lower = word.to_ascii_lowercase();
    if names.contains(&lower.as_str()) {
        return lower;
    }
    let mut matches = names.iter().filter(|n| n.starts_with(&lower));
    match (matches.next(), matches.next()) {
        (Some(only), None) if lower.len() >= 3 => only.to_string(),
        _ => lower,
    }
}

/// The Alice variant the words name, with where, if any (Alice has rules of its own).
pub fn names_alice(words: &[Spanned<String>]) -> Option<(AliceVariant, Span)> {
    words.iter().find_map(|w| {
        let lower = expand(&w.value, &CONDITION_NAMES);
        ALICE_WORDS
            .iter()
            .find(|(name, _)| *name == lower)
            .map(|(_, v)| (*v, w.span))
    })
}

/// Our option words after an Alice condition: `FirstBoardEnPassant` (en passant as the
/// Alice article gives the usual reading, by a pawn on the board the double step was
/// played on) and `Board8x4` (Parton's reduced board of 8 files and 4 ranks).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AliceOption {
    FirstBoardEnPassant,
    Board8x4,
}

fn alice_option(word: &str) -> Option<AliceOption> {
    if word.eq_ignore_ascii_case("FirstBoardEnPassant") {
        Some(AliceOption::FirstBoardEnPassant)
    } else if word.eq_ignore_ascii_case("Board8x4") {
        Some(AliceOption::Board8x4)
    } else {
        None
    }
}

/// Where the option `option` follows the words' Alice condition, if it does.
pub fn alice_option_given(words: &[Spanned<String>], option: AliceOption) -> Option<Span> {
    let at = words.iter().position(|w| {
        ALICE_WORDS
            .iter()
            .any(|(name, _)| *name == expand(&w.value, &CONDITION_NAMES))
    })?;
    words[at + 1..]
        .iter()
        .map_while(|w| alice_option(&w.value).map(|o| (o, w.span)))
        .find(|(o, _)| *o == option)
        .map(|(_, span)| span)
}

/// Whether the words name Grid chess (its diagram shows the grid's lines).
pub fn names_grid(words: &[Spanned<String>]) -> bool {
    words
        .iter()
        .any(|w| expand(&w.value, &CONDITION_NAMES) == "gridchess")
}

/// Where the words name `Maximummer` without a side: the reference solver applies it to the
/// side that defends in the stipulation (Black, or White in the other half of a duplex).
pub fn names_defender_maximummer(words: &[Spanned<String>]) -> Option<Span> {
    words
        .iter()
        .find(|w| expand(&w.value, &CONDITION_NAMES) == "maximummer")
        .map(|w| w.span)
}

/// The conditions of a problem: `None` for orthodox chess. `AliceChess` is skipped here
/// (see [`names_alice`]).
pub fn parse_conditions(words: &[Spanned<String>]) -> Result<Option<Fairy>, ConditionError> {
    parse_grouped(words, &mut Vec::new())
}

/// The words grouped by condition, each with the option words that follow it
/// (`Madrasi RexInclusive`, `Circe Volcanic`): one line each where the reference solver
/// lists conditions (a twin's changes). Words that do not parse stay one group.
pub fn condition_groups(words: &[Spanned<String>]) -> Vec<String> {
    let mut starts = Vec::new();
    if parse_grouped(words, &mut starts).is_err() || starts.is_empty() {
        return vec![join(words)];
    }
    starts.push(words.len());
    starts
        .windows(2)
        .map(|w| join(&words[w[0]..w[1]]))
        .collect()
}

fn join(words: &[Spanned<String>]) -> String {
    words
        .iter()
        .map(|w| w.value.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

/// [`parse_conditions`], noting in `starts` the index of each condition's first word.
fn parse_grouped(
    words: &[Spanned<String>],
    starts: &mut Vec<usize>,
) -> Result<Option<Fairy>, ConditionError> {
    let mut fairy = Fairy::default();
    let mut any = false;
    let mut i = 0;
    while i < words.len() {
        starts.push(i);
        let w = &words[i];
        let lower = expand(&w.value, &CONDITION_NAMES);
        let err = |m: String| ConditionError {
            span: w.span,
            message: m,
        };
        i += 1;
        let preset: Option<Circe> = match lower.as_str() {
            "circe" => Some(Circe::circe()),
            "anticirce" => Some(Circe::anticirce()),
            // The reference solver's names of Anticirce types with another rebirth square.
            "antipodeananticirce"
            | "diagramanticirce"
            | "fileanticirce"
            | "equipollentsanticirce"
            | "mirroranticirce"
            | "mirrorfileanticirce"
            | "symmetryanticirce" => Some(Circe {
                square: match lower.as_str() {
                    "mirrorfileanticirce" => SquareRule::File { mirror: true },
                    "antipodeananticirce" => SquareRule::Antipodes,
                    "diagramanticirce" => SquareRule::Diagram,
                    "fileanticirce" => SquareRule::File { mirror: false },
                    "equipollentsanticirce" => SquareRule::Equipollents { contra: false },
                    "mirroranticirce" => SquareRule::Mirror,
                    _ => SquareRule::Symmetry,
                },
                ..Circe::anticirce()
            }),
            "mirrorcirce" => Some(Circe {
                square: SquareRule::Mirror,
                ..Circe::circe()
            }),
            "symmetrycirce" => Some(Circe {
                square: SquareRule::Symmetry,
                ..Circe::circe()
            }),
            "pwc" => Some(Circe {
                square: SquareRule::Pwc,
                ..Circe::circe()
            }),
            "diagramcirce" => Some(Circe {
                square: SquareRule::Diagram,
                ..Circe::circe()
            }),
            "parraincirce" => Some(Circe {
                square: SquareRule::Parrain { contra: false },
                ..Circe::circe()
            }),
            "contraparrain" => Some(Circe {
                square: SquareRule::Parrain { contra: true },
                ..Circe::circe()
            }),
            "equipollentscirce" => Some(Circe {
                square: SquareRule::Equipollents { contra: false },
                ..Circe::circe()
            }),
            "circeclone" => Some(Circe {
                kind: KindRule::Clone,
                ..Circe::circe()
            }),
            "anticlonecirce" => Some(Circe {
                kind: KindRule::Clone,
                ..Circe::anticirce()
            }),
            "couscouscirce" => Some(Circe {
                square: SquareRule::Couscous { mirror: false },
                ..Circe::circe()
            }),
            "chameleoncirce" => Some(Circe {
                kind: KindRule::Chameleon(chameleon_sequence(words, &mut i)?),
                ..Circe::circe()
            }),
            "circeassassin" => Some(Circe {
                occupied: Occupied::Assassin,
                ..Circe::circe()
            }),
            "filecirce" => Some(Circe {
                square: SquareRule::File { mirror: false },
                ..Circe::circe()
            }),
            "antipodescirce" | "antipodeancirce" => Some(Circe {
                square: SquareRule::Antipodes,
                ..Circe::circe()
            }),
            "circetake&make" => Some(Circe {
                square: SquareRule::TakeMake,
                ..Circe::circe()
            }),
            "supercirce" => Some(Circe {
                square: SquareRule::Super,
                ..Circe::circe()
            }),
            "antisupercirce" => Some(Circe {
                square: SquareRule::Super,
                ..Circe::anticirce()
            }),
            "mirrorfilecirce" => Some(Circe {
                square: SquareRule::File { mirror: true },
                ..Circe::circe()
            }),
            "mirrorcirceclone" => Some(Circe {
                square: SquareRule::Mirror,
                kind: KindRule::Clone,
                ..Circe::circe()
            }),
            "mirrorcouscouscirce" => Some(Circe {
                square: SquareRule::Couscous { mirror: true },
                ..Circe::circe()
            }),
            "cagecirce" => Some(Circe {
                square: SquareRule::Cage,
                ..Circe::circe()
            }),
            "frischaufcirce" => Some(Circe {
                frischauf: true,
                ..Circe::circe()
            }),
            "circeturncoats" => Some(Circe {
                turncoat: true,
                ..Circe::circe()
            }),
            "circedoubleagents" => Some(Circe {
                square: SquareRule::Mirror,
                turncoat: true,
                ..Circe::circe()
            }),
            "immunchess" => Some(Circe {
                immune: true,
                rebirths: false,
                occupied: Occupied::Illegal,
                ..Circe::circe()
            }),
            "kamikazecirce" => {
                fairy.kamikaze_all = true;
                Some(Circe::circe())
            }
            "marscirce" | "antimarscirce" | "marsmirrorcirce" => {
                let mars = if lower == "antimarscirce" {
                    Mars::AntiMars
                } else {
                    Mars::Mars
                };
                let mut own_rule = (lower == "marsmirrorcirce").then_some(SquareRule::Mirror);
                // RexInclusive is the default; under RexExclusive kings neither capture
                // nor observe (Popeye's reading; under Anti-Mars, where it leaves the king
                // only captures, not supported). Popeye reads Circe option words after it
                // as Mars's own, not as a second Circe: `Mirror` and `Diagram` set the
                // squares units capture from (move from under Anti-Mars).
                while let Some(o) = words.get(i) {
                    let option = expand(&o.value, &CIRCE_OPTIONS);
                    let refuse = |what: &str| ConditionError {
                        span: o.span,
                        message: format!("{what} with the option \"{}\" is not supported", o.value),
                    };
                    match option.as_str() {
                        "rexinclusive" => fairy.mars_rex_exclusive = false,
                        "rexexclusive" if mars == Mars::Mars => fairy.mars_rex_exclusive = true,
                        "rexexclusive" => return Err(refuse("Anti-Mars Circe")),
                        // Under Anti-Mars Diagram the reference solver's helpmates lose
                        // king moves it generates (random h#2 with the kings at home).
                        "diagram" if mars == Mars::AntiMars => {
                            return Err(refuse("Anti-Mars Circe"))
                        }
                        // Mars Super: captures from any empty square (`Sh8-c8*b6`).
                        "super" if mars == Mars::AntiMars => return Err(refuse("Anti-Mars Circe")),
                        "mirror" | "diagram" | "super" => {
                            let rule = match option.as_str() {
                                "mirror" => SquareRule::Mirror,
                                "diagram" => SquareRule::Diagram,
                                _ => SquareRule::Super,
                            };
                            if own_rule.is_some_and(|r| r != rule) {
                                return Err(refuse("Mars Circe by another square rule"));
                            }
                            own_rule = Some(rule);
                        }
                        o if CIRCE_OPTIONS.contains(&o) => {
                            return Err(refuse(if mars == Mars::Mars {
                                "Mars Circe"
                            } else {
                                "Anti-Mars Circe"
                            }))
                        }
                        _ => break,
                    }
                    i += 1;
                }
                // Mars and Anti-Mars Circe at once: captures by Mars's square rule, the
                // other moves by Anti-Mars's (`MarsCirce AntiMarsCirce Mirror`).
                match (fairy.mars, mars) {
                    (None, _) => {
                        fairy.mars = Some(mars);
                        fairy.mars_rule = own_rule;
                    }
                    (Some(Mars::AntiMars), Mars::Mars)
                        if !fairy.mars_rex_exclusive && own_rule != Some(SquareRule::Super) =>
                    {
                        fairy.mars = Some(Mars::Both);
                        fairy.antimars_rule = fairy.mars_rule;
                        fairy.mars_rule = own_rule;
                    }
                    (Some(Mars::Mars), Mars::AntiMars)
                        if !fairy.mars_rex_exclusive && fairy.mars_rule != Some(SquareRule::Super) =>
                    {
                        fairy.mars = Some(Mars::Both);
                        fairy.antimars_rule = own_rule;
                    }
                    _ => {
                        return Err(err(
                            "Mars Circe twice, Anti-Mars Circe twice, or the two with RexExclusive is not supported".into(),
                        ))
                    }
                }
                any = true;
                continue;
            }
            "madrasi" => {
                if fairy.madrasi.is_some() {
                    return Err(err("Madrasi is given twice".into()));
                }
                let rex_inclusive = words
                    .get(i)
                    .is_some_and(|o| expand(&o.value, &["rexinclusive"]) == "rexinclusive");
                if rex_inclusive {
                    i += 1;
                }
                fairy.madrasi = Some(Madrasi {
                    rex_inclusive,
                    mars: None,
                });
                any = true;
                continue;
            }
            "isardam" => {
                if fairy.isardam.is_some() {
                    return Err(err("Isardam is given twice".into()));
                }
                let mut isardam = Isardam {
                    type_b: false,
                    rex_inclusive: false,
                };
                while let Some(o) = words.get(i) {
                    match expand(&o.value, &["typeb", "rexinclusive"]).as_str() {
                        "typeb" => isardam.type_b = true,
                        "rexinclusive" => isardam.rex_inclusive = true,
                        _ => break,
                    }
                    i += 1;
                }
                fairy.isardam = Some(isardam);
                any = true;
                continue;
            }
            "facetoface" | "backtoback" | "cheektocheek" => {
                let confront = match lower.as_str() {
                    "facetoface" => Confront::FaceToFace,
                    "backtoback" => Confront::BackToBack,
                    _ => Confront::CheekToCheek,
                };
                let clash = "FaceToFace, BackToBack and CheekToCheek exclude each other";
                choose(&mut fairy.confront, confront, clash).map_err(err)?;
                any = true;
                continue;
            }
            "annanchess" => {
                let annan = match words
                    .get(i)
                    .map(|o| expand(&o.value, &["typea", "typeb", "typec", "typed"]))
                {
                    Some(t) if t == "typea" => Some(Annan::A),
                    Some(t) if t == "typeb" => Some(Annan::B),
                    Some(t) if t == "typec" => Some(Annan::C),
                    Some(t) if t == "typed" => Some(Annan::D),
                    _ => None,
                };
                if annan.is_some() {
                    i += 1;
                }
                choose(
                    &mut fairy.annan,
                    annan.unwrap_or(Annan::A),
                    "AnnanChess is given twice",
                )
                .map_err(err)?;
                any = true;
                continue;
            }
            "whiteoscillatingkings" | "blackoscillatingkings" | "swappingkings" => {
                let osc = if lower == "swappingkings" {
                    Oscillation::C
                } else {
                    let t = words
                        .get(i)
                        .map(|o| expand(&o.value, &["typea", "typeb", "typec"]));
                    let osc = match t.as_deref() {
                        Some("typeb") => Some(Oscillation::B),
                        Some("typec") => Some(Oscillation::C),
                        Some("typea") => Some(Oscillation::A),
                        _ => None,
                    };
                    if osc.is_some() {
                        i += 1;
                    }
                    osc.unwrap_or(Oscillation::A)
                };
                let sides: &[Color] = match lower.as_str() {
                    "whiteoscillatingkings" => &[Color::White],
                    "blackoscillatingkings" => &[Color::Black],
                    _ => &[Color::White, Color::Black],
                };
                for &c in sides {
                    // The reference solver lets a later word set a side's type again.
                    fairy.oscillating[c.index()] = Some(osc);
                }
                any = true;
                continue;
            }
            "messignychess" => {
                let mut rex_inclusive = true;
                if let Some(o) = words.get(i) {
                    match expand(&o.value, &["rexinclusive", "rexexclusive"]).as_str() {
                        "rexinclusive" => i += 1,
                        "rexexclusive" => {
                            rex_inclusive = false;
                            i += 1;
                        }
                        _ => {}
                    }
                }
                choose(
                    &mut fairy.messigny,
                    Messigny { rex_inclusive },
                    "MessignyChess is given twice",
                )
                .map_err(err)?;
                any = true;
                continue;
            }
            "masand" | "masandgeneralised" => {
                let m = if lower == "masand" {
                    Masand::Masand
                } else {
                    Masand::Generalised
                };
                choose(&mut fairy.masand, m, "Masand is given twice").map_err(err)?;
                any = true;
                continue;
            }
            "einsteinchess" | "reversaleinsteinchess" | "antieinsteinchess" => {
                let e = match lower.as_str() {
                    "einsteinchess" => Einstein::Plain,
                    "reversaleinsteinchess" => Einstein::Reversal,
                    _ => Einstein::Anti,
                };
                let clash =
                    "EinsteinChess, ReversalEinsteinChess and AntiEinsteinChess exclude each other";
                choose(&mut fairy.einstein, e, clash).map_err(err)?;
                any = true;
                continue;
            }
            "lesemajeste" => {
                fairy.lese_majeste = true;
                any = true;
                continue;
            }
            "make&takechess" => {
                fairy.make_take = true;
                any = true;
                continue;
            }
            "take&makechess" => {
                fairy.take_make = true;
                any = true;
                continue;
            }
            "koeko" | "antikoeko" => {
                let contact = if lower == "koeko" {
                    Koeko::Contact
                } else {
                    Koeko::NoContact
                };
                choose(
                    &mut fairy.koeko,
                    contact,
                    "KoeKo and AntiKoeko exclude each other",
                )
                .map_err(err)?;
                any = true;
                continue;
            }
            "gridchess" => {
                fairy.geometry.grid = true;
                any = true;
                continue;
            }
            "monochromchess" | "bichromchess" => {
                let chrome = if lower == "monochromchess" {
                    Chrome::Mono
                } else {
                    Chrome::Bi
                };
                let clash = "MonochromChess and BichromChess exclude each other";
                choose(&mut fairy.geometry.chrome, chrome, clash).map_err(err)?;
                any = true;
                continue;
            }
            "patrouille" | "ultrapatrol" | "lortap" => {
                let patrol = match lower.as_str() {
                    "patrouille" => Patrol::Patrol,
                    "ultrapatrol" => Patrol::Ultra,
                    _ => Patrol::Lortap,
                };
                let clash = "Patrouille, UltraPatrol and Lortap exclude each other";
                choose(&mut fairy.patrol, patrol, clash).map_err(err)?;
                any = true;
                continue;
            }
            "andernachchess" | "antiandernachchess" => {
                let andernach = if lower == "andernachchess" {
                    Andernach::Andernach
                } else {
                    Andernach::AntiAndernach
                };
                let clash = "AndernachChess and AntiAndernachChess exclude each other";
                choose(&mut fairy.andernach, andernach, clash).map_err(err)?;
                any = true;
                continue;
            }
            "checklesschess" => {
                fairy.checkless = true;
                any = true;
                continue;
            }
            "nowhitepromotion" | "noblackpromotion" => {
                let color = if lower == "nowhitepromotion" {
                    Color::White
                } else {
                    Color::Black
                };
                fairy.no_promotion[color.index()] = true;
                any = true;
                continue;
            }
            "nocapture" | "nowhitecapture" | "noblackcapture" => {
                for color in Color::ALL {
                    let named = match color {
                        Color::White => "nowhitecapture",
                        Color::Black => "noblackcapture",
                    };
                    if lower == "nocapture" || lower == named {
                        fairy.no_capture[color.index()] = true;
                    }
                }
                any = true;
                continue;
            }
            "blackmaximummer" | "whitemaximummer" | "blackminimummer" | "whiteminimummer" => {
                let color = if lower.starts_with("white") {
                    Color::White
                } else {
                    Color::Black
                };
                if fairy.mummer[color.index()].is_some() {
                    return Err(err(format!(
                        "a second Maximummer or Minimummer condition for {}",
                        if color == Color::White {
                            "White"
                        } else {
                            "Black"
                        }
                    )));
                }
                fairy.mummer[color.index()] = Some(if lower.ends_with("maximummer") {
                    Mummer::Max
                } else {
                    Mummer::Min
                });
                any = true;
                continue;
            }
            // Its side is the stipulation's defending one: `resolve_for` places it.
            "maximummer" => {
                any = true;
                continue;
            }
            w if ALICE_WORDS.iter().any(|(name, _)| *name == w) => {
                // Its option words (ours), read by `alice_option_given`.
                while words
                    .get(i)
                    .is_some_and(|o| alice_option(&o.value).is_some())
                {
                    i += 1;
                }
                continue;
            }
            _ => {
                return Err(err(format!(
                    "unknown or unsupported condition \"{}\"",
                    w.value
                )))
            }
        };
        let Some(mut circe) = preset else { continue };
        // Anticirce beside a Circe of the captured unit or Immun chess (either first) is
        // one pair the solver builds; Immun chess beside a Circe of the captured unit
        // (either first) one Circe whose squares also make units immune. Any other second
        // one is refused.
        let pair = fairy
            .circe
            .is_some_and(|first| fairy.anti.is_none() && first.reborn != circe.reborn);
        let immune_only = |c: Circe| c.immune && !c.rebirths;
        let plain_circe =
            |c: Circe| c.reborn == super::circe::Reborn::Captured && !c.immune && c.rebirths;
        let immune_too = fairy.circe.is_some_and(|first| {
            (immune_only(first) && plain_circe(circe)) || (plain_circe(first) && immune_only(circe))
        });
        if fairy.circe.is_some() && !pair && !immune_too {
            return Err(err(format!(
                "a second Circe-type condition (\"{}\") combined with the first is not supported",
                w.value
            )));
        }
        // The square is composed once every word is read: the reference solver takes
        // Mirror and Couscous as choices of whose square counts, beside the one rule that
        // defines the square.
        let mut square = SquareWords::of(circe.square, w);
        // After a one-word name (`MirrorCirce`, `PWC`, `SuperCirce`, ...) the reference
        // solver reads `Strict` as its condition StrictSAT, which is not built.
        let allowed = options_after(&lower);
        let strict_is_an_option = allowed.is_none();
        // Option words that refine the Circe just named.
        while i < words.len() {
            let o = &words[i];
            let ol = expand(&o.value, &CIRCE_OPTIONS);
            let oerr = |m: String| ConditionError {
                span: o.span,
                message: m,
            };
            if let Some(only) = allowed.filter(|only| {
                ol != "strict"
                    && CIRCE_OPTIONS.contains(&ol.as_str())
                    && !only.iter().any(|w| w.eq_ignore_ascii_case(&ol))
            }) {
                let read = match only {
                    [] => "no option".to_string(),
                    _ => only.join(" or "),
                };
                return Err(oerr(format!(
                    "\"{}\" is no option after {}: the reference solver reads {read} there and takes the next word for a condition; give the Circe its options after `Circe`, `AntiCirce`, `ImmunChess`, `MarsCirce` or `AntiMarsCirce` (\"Circe Mirror Volcanic\")",
                    o.value, w.value
                )));
            }
            match ol.as_str() {
                "rexinclusive" => circe.rex_inclusive = true,
                "rexexclusive" => circe.rex_inclusive = false,
                "mirror" => square.mirror = true,
                "couscous" => square.couscous = true,
                "contraparrain" => {
                    square.define(SquareRule::Parrain { contra: false }, o)?;
                    square.mirror = true;
                }
                "symmetry" => square.define(SquareRule::Symmetry, o)?,
                "verticalsymmetry" => square.define(SquareRule::VerticalSymmetry, o)?,
                "horizontalsymmetry" => square.define(SquareRule::HorizontalSymmetry, o)?,
                "pwc" => square.define(SquareRule::Pwc, o)?,
                "diagram" => square.define(SquareRule::Diagram, o)?,
                "parrain" => square.define(SquareRule::Parrain { contra: false }, o)?,
                "equipollents" => square.define(SquareRule::Equipollents { contra: false }, o)?,
                "file" => square.define(SquareRule::File { mirror: false }, o)?,
                "rank" => square.define(SquareRule::Rank, o)?,
                "antipodes" => square.define(SquareRule::Antipodes, o)?,
                "super" => square.define(SquareRule::Super, o)?,
                "take&make" => square.define(SquareRule::TakeMake, o)?,
                "cage" => square.define(SquareRule::Cage, o)?,
                "capturesquare" => square.define(SquareRule::CaptureSquareWait, o)?,
                "waitcapture" => square.wait = Some(o),
                "clone" => circe.kind = KindRule::Clone,
                "chameleon" => {
                    i += 1;
                    circe.kind = KindRule::Chameleon(chameleon_sequence(words, &mut i)?);
                    continue;
                }
                "einstein" => circe.kind = KindRule::Einstein,
                "reversaleinstein" => circe.kind = KindRule::ReversalEinstein,
                "assassin" => circe.occupied = Occupied::Assassin,
                "volcanic" => circe.occupied = Occupied::Volcanic,
                "parachute" => circe.occupied = Occupied::Parachute,
                "strict" if !strict_is_an_option => break,
                "strict" => circe.occupied = Occupied::Illegal,
                "relaxed" => circe.occupied = Occupied::Lost,
                "calvet" => circe.cheylan = false,
                "cheylan" => circe.cheylan = true,
                "cohen" => circe.cohen = true,
                "turncoats" => circe.turncoat = true,
                "frischauf" => circe.frischauf = true,
                "diametral" => circe.adjust = SquareAdjust::Diametral,
                "verticalmirror" => circe.adjust = SquareAdjust::VerticalMirror,
                "lastcapture" => {
                    return Err(oerr(format!(
                        "Circe option \"{}\" is not supported yet",
                        o.value
                    )))
                }
                _ => break,
            }
            i += 1;
        }
        circe.square = square.compose()?;
        if circe.square == SquareRule::Rank && circe.adjust != SquareAdjust::None {
            return Err(err(
                "Rank Circe with Diametral or VerticalMirror has no meaning (the reference solver calls it a nonsense combination)".into(),
            ));
        }
        if circe.square == SquareRule::Rank
            && (matches!(circe.occupied, Occupied::Assassin) || circe.occupied.hides())
        {
            return Err(err(
                "Rank Circe with Assassin, Volcanic or Parachute is not supported".into(),
            ));
        }
        if circe.square == SquareRule::CaptureSquareWait
            && (circe.reborn == super::circe::Reborn::Capturer
                || circe.rex_inclusive
                || circe.immune
                || circe.cohen
                || circe.turncoat
                || circe.frischauf
                || circe.kind != KindRule::Same
                || circe.adjust != SquareAdjust::None
                || circe.occupied != Occupied::Lost)
        {
            return Err(err(
                "Circe CaptureSquare WaitCapture with Anticirce, RexInclusive, Immun, Cohen, Turncoats, Frischauf, a change of kind, Diametral, VerticalMirror, Strict, Assassin, Volcanic or Parachute is not supported"
                    .into(),
            ));
        }
        if circe.square == SquareRule::Cage
            && ((circe.reborn == super::circe::Reborn::Capturer
                && (circe.turncoat
                    || circe.frischauf
                    || circe.cheylan
                    || circe.occupied != Occupied::Illegal))
                || (circe.reborn == super::circe::Reborn::Captured && circe.rex_inclusive)
                || circe.immune
                || circe.cohen
                || circe.kind != KindRule::Same
                || circe.adjust != SquareAdjust::None
                || matches!(circe.occupied, Occupied::Assassin))
        {
            return Err(err(
                "Cage Circe with RexInclusive, Immun, Cohen, a change of kind, Diametral, VerticalMirror or Assassin, and Anticirce Cage with Turncoats, Frischauf, Cheylan, Relaxed, Volcanic or Parachute, are not supported"
                    .into(),
            ));
        }
        if circe.adjust != SquareAdjust::None
            && matches!(
                circe.square,
                SquareRule::Super | SquareRule::TakeMake | SquareRule::Parrain { .. }
            )
        {
            return Err(err(
                "Diametral or VerticalMirror with Super, Take&Make, Parrain or ContraParrain Circe is not supported".into(),
            ));
        }
        if circe.reborn == super::circe::Reborn::Capturer && circe.occupied == Occupied::Volcanic {
            return Err(err("Anticirce with Volcanic is not supported".into()));
        }
        if matches!(circe.square, SquareRule::Parrain { .. })
            && circe.reborn == super::circe::Reborn::Capturer
            && (circe.turncoat
                || circe.frischauf
                || circe.cheylan
                || circe.cohen
                || circe.immune
                || circe.kind != KindRule::Same
                || circe.occupied != Occupied::Illegal)
        {
            return Err(err(
                "Anticirce Parrain with Turncoats, Frischauf, Cheylan, Cohen, Immun, a change of kind, Relaxed, Assassin, Volcanic or Parachute is not supported".into(),
            ));
        }
        if circe.immune
            && (circe.occupied != Occupied::Illegal
                || matches!(circe.square, SquareRule::Super | SquareRule::Parrain { .. }))
        {
            return Err(err(
                "ImmunChess with Relaxed, Assassin, Volcanic, Parachute, Parrain or Super is not supported"
                    .into(),
            ));
        }
        if circe.square == SquareRule::TakeMake
            && ((circe.reborn == super::circe::Reborn::Captured && circe.rex_inclusive)
                || circe.immune
                || matches!(circe.occupied, Occupied::Assassin)
                || circe.occupied.hides())
        {
            return Err(err(
                "Circe Take&Make with RexInclusive, Immun, Assassin, Volcanic or Parachute is not supported"
                    .into(),
            ));
        }
        if circe.square == SquareRule::Super
            && (circe.occupied == Occupied::Assassin
                || circe.occupied.hides()
                || (circe.reborn == super::circe::Reborn::Captured && circe.rex_inclusive))
        {
            return Err(err(
                "Super Circe with Assassin, Volcanic, Parachute or RexInclusive is not supported"
                    .into(),
            ));
        }
        if circe.turncoat
            && (circe.immune
                || circe.cohen
                || circe.occupied != Occupied::Lost && circe.occupied != Occupied::Illegal
                || !matches!(
                    circe.square,
                    SquareRule::Standard
                        | SquareRule::Mirror
                        | SquareRule::File { .. }
                        | SquareRule::Rank
                        | SquareRule::Symmetry
                        | SquareRule::Diagram
                ))
        {
            return Err(err(
                "Circe Turncoats with Immun, Cohen, Assassin, Volcanic or Parachute, or with a square rule other than the standard one, Mirror, File, Rank, Symmetry and Diagram, is not supported"
                    .into(),
            ));
        }
        if circe.frischauf
            && (circe.square != SquareRule::Standard
                || circe.adjust != SquareAdjust::None
                || circe.immune
                || circe.turncoat
                || circe.occupied.hides()
                || circe.occupied == Occupied::Assassin)
        {
            return Err(err(
                "Circe Frischauf with another square rule, Diametral, VerticalMirror, Immun, Turncoats, Assassin, Volcanic or Parachute is not supported"
                    .into(),
            ));
        }
        match fairy.circe {
            Some(first) if immune_too => fairy.circe = Some(with_immunity(first, circe, &err)?),
            Some(first) if circe.reborn == super::circe::Reborn::Capturer => {
                fairy.circe = Some(first);
                fairy.anti = Some(circe);
            }
            Some(first) => {
                fairy.circe = Some(circe);
                fairy.anti = Some(first);
            }
            None => fairy.circe = Some(circe),
        }
        any = true;
    }
    // A combination the solver refuses: an error at the condition line's first word.
    let combination = |message: &str| ConditionError {
        span: words.first().map(|w| w.span).unwrap_or_default(),
        message: message.to_string(),
    };
    // Anticirce beside a Circe: each with the rules that decide a capture at once (no
    // waiting, no Parrain, no unit hidden or killed, no king reborn), with no other part
    // but the mummers, Checkless chess and NoCapture.
    if let (Some(anti), Some(circe)) = (fairy.anti, fairy.circe) {
        let plain = |c: super::circe::Circe| {
            !c.cohen
                && !c.turncoat
                && !c.frischauf
                && !c.waits()
                && !matches!(c.square, SquareRule::Parrain { .. })
                && c.occupied != Occupied::Assassin
                && !c.occupied.hides()
        };
        let rest = fairy.without_anti();
        if !plain(anti)
            || anti.occupied == Occupied::Lost
            || !plain(circe)
            || circe.rex_inclusive
            || !rest.only_circe_mummers_checkless_nocapture()
        {
            return Err(combination(
                "Anticirce beside a Circe is supported only plain (no Cohen, Turncoats, Frischauf, WaitCapture, Parrain, Assassin, Relaxed, Volcanic, Parachute, nor RexInclusive for the Circe) and with no condition but the Maximummers and Minimummers, Checkless chess and NoCapture; not supported otherwise",
            ));
        }
    }
    // Anticirce Parrain's waiting capturer is built with the parts that leave captures
    // and observation as they are.
    if fairy.circe.is_some_and(|c| {
        c.reborn == super::circe::Reborn::Capturer && matches!(c.square, SquareRule::Parrain { .. })
    }) && !fairy.only_circe_mummers_checkless_nocapture()
    {
        return Err(combination(
            "Anticirce Parrain with conditions other than the Maximummer and Minimummer, Checkless chess and NoCapture is not supported",
        ));
    }
    // Anticirce Assassin's check and Relaxed's lost capturers are built with the parts
    // that leave observation and captures as they are.
    if fairy.circe.is_some_and(|c| {
        c.reborn == super::circe::Reborn::Capturer
            && matches!(c.occupied, Occupied::Assassin | Occupied::Lost)
    }) && !fairy.only_circe_mummers_checkless_nocapture()
    {
        return Err(combination(
            "Anticirce Assassin or Relaxed with conditions other than the Maximummer and Minimummer, Checkless chess and NoCapture is not supported",
        ));
    }
    // Mars Circe decides where captures start from; a Circe of the captured unit then
    // places it, as in the reference solver. Anti-Mars and the others with it are not
    // built (the reference solver's moves with them have no settled meaning).
    if fairy.mars.is_some()
        && fairy.circe.is_some_and(|c| {
            fairy.mars != Some(Mars::Mars)
                || c.reborn == super::circe::Reborn::Capturer
                || fairy.kamikaze_all
                || c.immune
                || c.kind == KindRule::Clone
                || c.occupied == Occupied::Assassin
                || c.occupied == Occupied::Parachute
                || c.rex_inclusive
        })
    {
        return Err(combination(
            "Mars Circe with Anticirce, Kamikaze, Clone, Assassin or Immun Circe or Rex Inclusive, and Anti-Mars Circe with another Circe, are not supported",
        ));
    }
    if fairy.mars.is_some()
        && fairy
            .circe
            .is_some_and(|c| matches!(c.square, SquareRule::Pwc | SquareRule::Antipodes))
    {
        return Err(combination(
            "Mars Circe with PWC or Antipodes Circe has no meaning (the reference solver refuses it as a nonsense combination)",
        ));
    }
    if fairy.take_make
        && (fairy.kamikaze_all
            || fairy.mars.is_some()
            || fairy
                .circe
                .is_some_and(|c| c.reborn == super::circe::Reborn::Capturer))
    {
        return Err(combination(
            "Take&MakeChess combined with Anticirce, Mars Circe or Kamikaze Circe is not supported",
        ));
    }
    // Random positions differ from the reference solver under both types (2 to 6 of 16
    // under Anticirce, 3 of 13 to 19 under Kamikaze Circe): the capturer's rebirth and
    // Isardam's observations meet in a way we have not pinned down.
    if fairy.isardam.is_some()
        && (fairy.kamikaze_all
            || fairy.anti.is_some()
            || fairy
                .circe
                .is_some_and(|c| c.reborn == super::circe::Reborn::Capturer))
    {
        return Err(combination(
            "Isardam combined with Anticirce or Kamikaze Circe is not supported",
        ));
    }
    if fairy.koeko.is_some()
        && (fairy.kamikaze_all
            || fairy
                .circe
                .is_some_and(|c| c.reborn == super::circe::Reborn::Capturer))
    {
        return Err(combination(
            "KoeKo combined with Anticirce or Kamikaze Circe is not supported",
        ));
    }
    // The reference solver's kings under Mars Circe RexExclusive with Madrasi capture
    // from squares no rule gives (`Kf7-h1*g1`).
    if fairy.mars == Some(Mars::Mars) && fairy.mars_rex_exclusive && fairy.madrasi.is_some() {
        return Err(combination(
            "Mars Circe RexExclusive with Madrasi is not supported",
        ));
    }
    if fairy.mars_rule.is_some() && fairy.madrasi.is_some() {
        return Err(combination(
            "Madrasi with Mars Circe by another square rule (Mirror, Diagram) is not supported",
        ));
    }
    // Under Mars Circe a Madrasi observer looks from its rebirth square, as it captures.
    if fairy.mars == Some(Mars::Mars) {
        let kings = !fairy.mars_rex_exclusive;
        if let Some(m) = &mut fairy.madrasi {
            m.mars = Some(kings);
        }
    }
    if fairy.mars.is_some()
        && ((fairy.madrasi.is_some() && fairy.mars != Some(Mars::Mars))
            || fairy.andernach.is_some()
            || fairy.isardam.is_some()
            || !fairy.geometry.is_none()
            || fairy.patrol.is_some()
            || fairy.koeko.is_some())
    {
        return Err(combination(
            "Mars Circe combined with Isardam, Andernach, Grid, Monochrome, Bichrome, Patrol chess or KoeKo, or Anti-Mars Circe with Madrasi, is not supported",
        ));
    }
    if fairy
        .circe
        .is_some_and(|c| c.square == SquareRule::TakeMake)
        && (fairy.madrasi.is_some()
            || fairy.isardam.is_some()
            || !fairy.geometry.is_none()
            || fairy.patrol.is_some()
            || fairy.koeko.is_some()
            || fairy.annan.is_some()
            || fairy.messigny.is_some()
            || fairy.masand.is_some())
    {
        // The make of the rebirth is generated under the conditions on movement too
        // (Take&MakeChess changes captures only, and the make captures nothing).
        return Err(combination(
            "Circe Take&Make combined with Madrasi, Isardam, Grid, Monochrome, Bichrome, Patrol chess, KoeKo, Annan, Messigny or Masand is not supported",
        ));
    }
    if fairy.kamikaze_all
        && fairy
            .circe
            .is_some_and(|c| matches!(c.square, SquareRule::Super | SquareRule::TakeMake))
    {
        return Err(combination(
            "Kamikaze Circe with Super Circe or Circe Take&Make is not supported",
        ));
    }
    if fairy.oscillating != [None; 2]
        && fairy.circe.is_some_and(|c| {
            matches!(c.square, SquareRule::Parrain { .. })
                || c.occupied.hides()
                || c.occupied == Occupied::Assassin
        })
    {
        return Err(combination(
            "Oscillating kings with Parrain, Volcanic, Parachute or Assassin Circe are not supported",
        ));
    }
    if fairy.masand.is_some()
        && (fairy.mars.is_some()
            || fairy.kamikaze_all
            || fairy.annan.is_some()
            || fairy.andernach.is_some()
            || observation_condition(&fairy)
            || fairy.take_make
            || fairy.messigny.is_some()
            || fairy.oscillating != [None; 2]
            || fairy.circe.is_some_and(|c| {
                c.occupied == Occupied::Assassin || c.reborn == super::circe::Reborn::Capturer
            }))
    {
        return Err(combination(
            "Masand combined with Mars Circe, Anticirce, Kamikaze Circe, Annan, Andernach, the observation conditions, Take&Make, Messigny, Oscillating kings or Circe Assassin is not supported",
        ));
    }
    if fairy.messigny.is_some()
        && (fairy.mars.is_some()
            || fairy.annan.is_some()
            || fairy.andernach == Some(Andernach::AntiAndernach)
            || !fairy.geometry.is_none()
            || fairy.patrol.is_some()
            || fairy.koeko.is_some()
            || fairy.mummer != [None; 2]
            || fairy.circe.is_some_and(|c| {
                matches!(c.square, SquareRule::Parrain { .. })
                    || (c.kind == KindRule::Clone && c.reborn == super::circe::Reborn::Capturer)
            }))
    {
        return Err(combination(
            "MessignyChess combined with Mars Circe, Annan, Anti-Andernach, Grid, Monochrome, Bichrome, Patrol chess, KoeKo, the Maximummers, Parrain or AntiClone Circe is not supported",
        ));
    }
    if fairy.make_take
        && (fairy.mars.is_some()
            || fairy.kamikaze_all
            || fairy.take_make
            || fairy.annan.is_some()
            || fairy.messigny.is_some()
            || fairy.masand.is_some()
            || fairy.einstein.is_some()
            || observation_condition(&fairy)
            || fairy.circe.is_some_and(|c| {
                c.reborn == super::circe::Reborn::Capturer
                    || c.occupied == Occupied::Assassin
                    || matches!(c.square, SquareRule::Super | SquareRule::TakeMake)
            }))
    {
        // Their rules see captures and observations that the makes would have to reach.
        return Err(combination(
            "Make&TakeChess combined with Mars Circe, Anticirce, Kamikaze Circe, Take&MakeChess, Annan, Messigny, Masand, Einstein chess, the observation conditions, Assassin, Super or Take&Make Circe is not supported",
        ));
    }
    if fairy.einstein.is_some()
        && (fairy.mars.is_some()
            || fairy.kamikaze_all
            || fairy.annan.is_some()
            || fairy.take_make
            || fairy.messigny.is_some()
            || fairy.masand.is_some()
            || observation_condition(&fairy)
            || fairy.circe.is_some_and(|c| {
                c.kind == KindRule::Clone
                    || matches!(c.square, SquareRule::Super | SquareRule::TakeMake)
                    || c.occupied == Occupied::Assassin
            }))
    {
        // Their rules read a unit's kind or its observations, which pawns on their first
        // rank and walks changed on arrival would have to reach first.
        return Err(combination(
            "EinsteinChess combined with Mars Circe, Kamikaze Circe, Annan, Take&MakeChess, Messigny, Masand, the observation conditions, Clone, Super, Take&Make or Assassin Circe is not supported",
        ));
    }
    if fairy.no_promotion != [false; 2] && fairy.einstein.is_some() {
        return Err(combination(
            "NoWhitePromotion and NoBlackPromotion combined with EinsteinChess are not supported",
        ));
    }
    if fairy.confront.is_some() && !fairy.only_confront() {
        return Err(combination(
            "FaceToFace, BackToBack and CheekToCheek combined with another condition or with fairy units are not supported",
        ));
    }
    if fairy.annan.is_some()
        && (fairy.mars.is_some()
            || fairy.take_make
            || fairy.madrasi.is_some()
            || fairy.isardam.is_some()
            || fairy.patrol.is_some()
            || fairy
                .circe
                .is_some_and(|c| c.occupied == Occupied::Assassin))
    {
        return Err(combination(
            "AnnanChess combined with Mars Circe, Take&MakeChess, Madrasi, Isardam, Patrol chess or Circe Assassin is not supported",
        ));
    }
    Ok(any.then_some(fairy))
}

/// Whether one of the conditions on observation is on: Madrasi, Isardam, Grid and the
/// colour conditions, Patrouille, KoeKo.
fn observation_condition(fairy: &Fairy) -> bool {
    fairy.madrasi.is_some()
        || fairy.isardam.is_some()
        || !fairy.geometry.is_none()
        || fairy.patrol.is_some()
        || fairy.koeko.is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Parses `text`, which must be refused as not supported; the error, for its span.
    fn refused(text: &str) -> ConditionError {
        let e = parse_conditions(&words(text)).unwrap_err();
        assert!(e.message.contains("not supported"), "{text}: {}", e.message);
        e
    }
    use crate::conditions::circe::Reborn;

    fn words(s: &str) -> Vec<Spanned<String>> {
        s.split_whitespace()
            .enumerate()
            .map(|(i, w)| Spanned::new(w.to_string(), Span::new(1, i as u32 + 1)))
            .collect()
    }

    #[test]
    fn presets_and_options() {
        let f = parse_conditions(&words("Circe Assassin Mirror"))
            .unwrap()
            .unwrap();
        let c = f.circe.unwrap();
        assert_eq!(
            (c.square, c.occupied),
            (SquareRule::Mirror, Occupied::Assassin)
        );
        let f = parse_conditions(&words("AntiCirce Cheylan"))
            .unwrap()
            .unwrap();
        assert!(f.circe.unwrap().cheylan);
        assert_eq!(f.circe.unwrap().reborn, Reborn::Capturer);
        assert_eq!(parse_conditions(&[]).unwrap(), None);
        assert_eq!(
            parse_conditions(&words("MarsCirce")).unwrap().unwrap().mars,
            Some(Mars::Mars)
        );
    }

    #[test]
    fn strict_is_an_option_after_circe_and_a_condition_after_one_word_names() {
        for ok in ["Circe Strict", "AntiCirce Strict", "Circe Mirror Strict"] {
            let f = parse_conditions(&words(ok)).unwrap().unwrap();
            assert_eq!(f.circe.unwrap().occupied, Occupied::Illegal, "{ok}");
        }
        for refused in ["MirrorCirce Strict", "PWC Strict", "SuperCirce Strict"] {
            let e = parse_conditions(&words(refused)).unwrap_err();
            assert!(e.message.contains("\"Strict\""), "{refused}: {}", e.message);
            assert_eq!(e.span, Span::new(1, 2));
        }
    }

    #[test]
    fn one_word_circe_names_take_only_the_options_the_reference_solver_reads() {
        for ok in [
            "MirrorCirce RexInclusive",
            "DiagramCirce RexInclusive",
            "AntiSuperCirce Cheylan",
            "MirrorFileAntiCirce Calvet",
            "Circe Mirror Volcanic",
            "AntiCirce Super Relaxed",
            "ChameleonCirce S G N S",
            "MirrorCirce ImmunChess",
        ] {
            assert!(parse_conditions(&words(ok)).is_ok(), "{ok}");
        }
        // Popeye 4.104 reports each second word as an input error ("offending item").
        for refused in [
            "MirrorCirce Volcanic",
            "DiagramCirce Parachute",
            "SuperCirce Volcanic",
            "PWC RexInclusive",
            "CouscousCirce Mirror",
            "AntiSuperCirce Relaxed",
            "FileCirce Cheylan",
        ] {
            let e = parse_conditions(&words(refused)).unwrap_err();
            assert!(
                e.message.contains("is no option after"),
                "{refused}: {}",
                e.message
            );
            assert_eq!(e.span, Span::new(1, 2), "{refused}");
        }
    }

    #[test]
    fn anticirce_beside_a_circe_is_a_pair() {
        for text in [
            "Circe AntiCirce",
            "AntiCirce Circe Strict",
            "AntiSuperCirce Circe",
        ] {
            let f = parse_conditions(&words(text)).unwrap().unwrap();
            assert_eq!(f.circe.unwrap().reborn, Reborn::Captured, "{text}");
            assert_eq!(f.anti.unwrap().reborn, Reborn::Capturer, "{text}");
        }
        let strict = parse_conditions(&words("AntiCirce Circe Strict"))
            .unwrap()
            .unwrap();
        assert_eq!(strict.circe.unwrap().occupied, Occupied::Illegal);
        for text in [
            "Circe Circe",
            "AntiCirce MirrorAntiCirce",
            "Circe AntiCirce Relaxed",
            "Circe Parrain AntiCirce",
            "Circe AntiCirce Madrasi",
        ] {
            refused(text);
        }
    }

    #[test]
    fn immun_chess_beside_a_circe_is_one_circe_and_beside_anticirce_a_pair() {
        for text in [
            "Circe ImmunChess",
            "ImmunChess Circe",
            "AntiCirce Circe ImmunChess",
            "ImmunChess Circe AntiCirce",
            "MirrorCirce ImmunChess Mirror",
        ] {
            let f = parse_conditions(&words(text)).unwrap().unwrap();
            let circe = f.circe.unwrap();
            assert!(circe.immune && circe.rebirths, "{text}");
        }
        let f = parse_conditions(&words("AntiCirce ImmunChess"))
            .unwrap()
            .unwrap();
        let immunity = f.circe.unwrap();
        assert!(immunity.immune && !immunity.rebirths);
        assert_eq!(f.anti.unwrap().reborn, Reborn::Capturer);
        // Each with its own squares: immune by the standard ones, reborn in a cage or
        // on the mirror square.
        for (text, square) in [
            ("ImmunChess CageCirce", SquareRule::Cage),
            ("MirrorCirce ImmunChess", SquareRule::Mirror),
        ] {
            let circe = parse_conditions(&words(text))
                .unwrap()
                .unwrap()
                .circe
                .unwrap();
            assert!(circe.immune && circe.rebirths, "{text}");
            assert_eq!(circe.square, square, "{text}");
            assert_eq!(
                circe.immune_squares,
                Some((SquareRule::Standard, SquareAdjust::None)),
                "{text}"
            );
        }
        for text in [
            "Circe RexInclusive ImmunChess",
            "ImmunChess ImmunChess",
            "Circe ImmunChess Circe",
            "Circe Parrain ImmunChess",
        ] {
            refused(text);
        }
    }

    #[test]
    fn names_may_be_abbreviated_to_a_unique_prefix() {
        let f = parse_conditions(&words("anticirce cheyl"))
            .unwrap()
            .unwrap();
        assert!(f.circe.unwrap().cheylan);
        assert_eq!(
            parse_conditions(&words("marsc")).unwrap().unwrap().mars,
            Some(Mars::Mars)
        );
        assert_eq!(
            names_alice(&words("alice")).map(|(v, _)| v),
            Some(AliceVariant::Classic)
        );
        // "circe" is a name of its own, not an abbreviation of "circeclone".
        assert_eq!(
            parse_conditions(&words("circe"))
                .unwrap()
                .unwrap()
                .circe
                .unwrap()
                .kind,
            KindRule::Same
        );
        // "anti" could be Anticirce, Anticlone or Anti-Mars: not unique.
        assert!(parse_conditions(&words("anti")).is_err());
    }

    #[test]
    fn words_group_by_condition_with_their_options() {
        assert_eq!(
            condition_groups(&words("Madrasi RexInclusive Circe Volcanic Isardam TypeB")),
            ["Madrasi RexInclusive", "Circe Volcanic", "Isardam TypeB"]
        );
        assert_eq!(
            condition_groups(&words("Circe Frobnicate")),
            ["Circe Frobnicate"]
        );
    }

    #[test]
    fn anticirce_takes_cage_and_parrain_plain() {
        for (text, square) in [
            ("AntiCirce Cage", SquareRule::Cage),
            ("AntiCirce Parrain", SquareRule::Parrain { contra: false }),
            (
                "AntiCirce ContraParrain",
                SquareRule::Parrain { contra: true },
            ),
        ] {
            let f = parse_conditions(&words(text)).unwrap().unwrap();
            let c = f.circe.unwrap();
            assert_eq!((c.reborn, c.square), (Reborn::Capturer, square), "{text}");
        }
        for text in [
            "AntiCirce Cage Cheylan",
            "AntiCirce Cage Relaxed",
            "AntiCirce Parrain Turncoats",
            "AntiCirce Parrain Madrasi",
            "Circe AntiCirce Parrain",
        ] {
            refused(text);
        }
    }

    /// Under Isardam the capturer's rebirth (Anticirce, Kamikaze Circe) meets the test of
    /// observations in a way random positions show we have not pinned down: refused by
    /// name, Circe beside it built.
    #[test]
    fn isardam_with_a_reborn_capturer_is_refused() {
        for text in [
            "Isardam AntiCirce",
            "Isardam TypeB AntiCirce Cheylan",
            "Isardam KamikazeCirce",
            "Circe AntiCirce Isardam",
        ] {
            refused(text);
        }
        for text in [
            "Isardam Circe",
            "Isardam MirrorCirce",
            "Isardam AndernachChess",
        ] {
            assert!(parse_conditions(&words(text)).is_ok(), "{text}");
        }
    }

    #[test]
    fn errors_point_at_the_word() {
        let e = parse_conditions(&words("Circe Frobnicate")).unwrap_err();
        assert_eq!(e.span, Span::new(1, 2));
        refused("AnnanChess TypeC Madrasi");
        let f = parse_conditions(&words("AnnanChess TypeC Circe"))
            .unwrap()
            .unwrap();
        assert_eq!(f.annan, Some(crate::conditions::annan::Annan::C));
        let e = parse_conditions(&words("AntiCirce Volcanic")).unwrap_err();
        assert_eq!(e.span, Span::new(1, 1));
    }

    #[test]
    fn mars_circe_takes_a_circe_of_the_captured_unit() {
        let f = parse_conditions(&words("MarsCirce SuperCirce"))
            .unwrap()
            .unwrap();
        assert_eq!(f.mars, Some(Mars::Mars));
        assert_eq!(f.circe.map(|c| c.square), Some(SquareRule::Super));
        let e = parse_conditions(&words("MarsCirce AntipodesCirce")).unwrap_err();
        assert!(e.message.contains("no meaning"), "{}", e.message);
        // Circe option words after it are Mars's own: Mirror and Diagram are built.
        for (text, rule) in [
            ("MarsCirce Diagram", SquareRule::Diagram),
            ("MarsCirce RexInclusive Mirror", SquareRule::Mirror),
            ("MarsMirrorCirce", SquareRule::Mirror),
            ("AntiMarsCirce Mirror", SquareRule::Mirror),
            ("MarsCirce Super", SquareRule::Super),
        ] {
            let f = parse_conditions(&words(text)).unwrap().unwrap();
            assert_eq!(f.mars_rule, Some(rule), "{text}");
        }
        // Mars and Anti-Mars at once, each with its own square rule.
        let f = parse_conditions(&words("MarsCirce AntiMarsCirce Mirror"))
            .unwrap()
            .unwrap();
        assert_eq!(f.mars, Some(Mars::Both));
        assert_eq!(
            (f.mars_rule, f.antimars_rule),
            (None, Some(SquareRule::Mirror))
        );
        let f = parse_conditions(&words("AntiMarsCirce Mirror MarsCirce"))
            .unwrap()
            .unwrap();
        assert_eq!(
            (f.mars_rule, f.antimars_rule),
            (None, Some(SquareRule::Mirror))
        );
        for text in [
            "MarsCirce MarsCirce",
            "MarsCirce RexExclusive AntiMarsCirce",
            "AntiMarsCirce Super",
            "MarsCirce Super AntiMarsCirce",
        ] {
            refused(text);
        }
        refused("AntiMarsCirce Diagram");
        let e = refused("MarsCirce Symmetry");
        assert_eq!(e.span, Span::new(1, 2));
        let e = refused("MarsCirce Mirror Diagram");
        assert_eq!(e.span, Span::new(1, 3));
        for text in [
            "AntiMarsCirce Circe",
            "MarsCirce AntiCirce",
            "MarsCirce CirceClone",
        ] {
            refused(text);
        }
    }
}
