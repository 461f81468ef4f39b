//! The English keywords of Popeye's input language and how a word is matched
//! against them: case-insensitively, exactly or as a unique prefix.

/// The result of looking a word up in a keyword table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lookup<T> {
    /// The word is a keyword, or a prefix of keywords that all mean the same.
    Found(T),
    /// The word is a prefix of keywords with different meanings (listed, sorted).
    Ambiguous(Vec<&'static str>),
    NotFound,
}

impl<T> Lookup<T> {
    pub fn found(self) -> Option<T> {
        match self {
            Lookup::Found(t) => Some(t),
            _ => None,
        }
    }
}

/// Looks `word` up in `table`: an exact (case-insensitive) match wins; otherwise
/// the keywords the word is a prefix of must all have the same meaning.
pub fn lookup<T: Copy + PartialEq>(table: &[(&'static str, T)], word: &str) -> Lookup<T> {
    if word.is_empty() {
        return Lookup::NotFound;
    }
    if let Some((_, v)) = table
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(word))
    {
        return Lookup::Found(*v);
    }
    let matches: Vec<&(&'static str, T)> = table
        .iter()
        .filter(|(name, _)| {
            name.len() >= word.len()
                && name.is_char_boundary(word.len())
                && name[..word.len()].eq_ignore_ascii_case(word)
        })
        .collect();
    match matches.first() {
        None => Lookup::NotFound,
        Some((_, first)) if matches.iter().all(|(_, v)| v == first) => Lookup::Found(*first),
        Some(_) => {
            let mut names: Vec<&'static str> = matches.iter().map(|(n, _)| *n).collect();
            names.sort_unstable();
            Lookup::Ambiguous(names)
        }
    }
}

/// Like [`lookup`], but a prefix counts only from 3 characters on. Used where a
/// word may be either data (a condition word, a piece letter) or a keyword.
pub fn lookup_strict<T: Copy + PartialEq>(table: &[(&'static str, T)], word: &str) -> Option<T> {
    let exact = table
        .iter()
        .any(|(name, _)| name.eq_ignore_ascii_case(word));
    if exact || word.chars().count() >= 3 {
        lookup(table, word).found()
    } else {
        None
    }
}

/// "a, b or c"
pub fn one_of(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} or {}", init.join(", "), last),
    }
}

/// One name per meaning (the first in the table), in table order.
pub fn names<T: PartialEq>(table: &[(&'static str, T)]) -> Vec<&'static str> {
    table
        .iter()
        .enumerate()
        .filter(|(i, (_, v))| !table[..*i].iter().any(|(_, w)| w == v))
        .map(|(_, (n, _))| *n)
        .collect()
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    Begin,
    End,
    Next,
    Author,
    Origin,
    Title,
    Remark,
    Award,
    Stipulation,
    SStipulation,
    Condition,
    Option,
    Pieces,
    Forsyth,
    Twin,
    ZeroPosition,
    Protocol,
    Latex,
    Array,
}

pub const COMMANDS: &[(&str, Command)] = &[
    ("beginproblem", Command::Begin),
    ("begin", Command::Begin),
    ("endproblem", Command::End),
    ("end", Command::End),
    ("nextproblem", Command::Next),
    ("next", Command::Next),
    ("author", Command::Author),
    ("origin", Command::Origin),
    ("title", Command::Title),
    ("remark", Command::Remark),
    ("award", Command::Award),
    ("stipulation", Command::Stipulation),
    ("sstipulation", Command::SStipulation),
    ("condition", Command::Condition),
    ("option", Command::Option),
    ("pieces", Command::Pieces),
    ("forsyth", Command::Forsyth),
    ("twin", Command::Twin),
    ("zeroposition", Command::ZeroPosition),
    ("protocol", Command::Protocol),
    ("latex", Command::Latex),
    ("latexpieces", Command::Latex),
    ("array", Command::Array),
];

/// The commands named in "expected one of ..." messages.
pub const COMMAND_NAMES: &[&str] = &[
    "author",
    "award",
    "begin",
    "condition",
    "end",
    "forsyth",
    "next",
    "option",
    "origin",
    "pieces",
    "protocol",
    "remark",
    "stipulation",
    "title",
    "twin",
    "zeroposition",
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorWord {
    White,
    Black,
    Neutral,
    TotalInvisible,
}

pub const COLORS: &[(&str, ColorWord)] = &[
    ("white", ColorWord::White),
    ("black", ColorWord::Black),
    ("neutral", ColorWord::Neutral),
    ("totalinvisible", ColorWord::TotalInvisible),
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Attribute {
    Kamikaze,
    Royal,
    Chameleon,
    Paralysing,
    HalfNeutral,
    Frischauf,
    AliceA,
    AliceB,
    /// Any other Popeye attribute, by its canonical name.
    Unsupported(&'static str),
}

pub const ATTRIBUTES: &[(&str, Attribute)] = &[
    ("kamikaze", Attribute::Kamikaze),
    ("alicea", Attribute::AliceA),
    ("aliceb", Attribute::AliceB),
    ("chameleon", Attribute::Chameleon),
    ("jigger", Attribute::Unsupported("Jigger")),
    ("paralysing", Attribute::Paralysing),
    ("royal", Attribute::Royal),
    ("volage", Attribute::Unsupported("Volage")),
    ("functionary", Attribute::Unsupported("Functionary")),
    ("halfneutral", Attribute::HalfNeutral),
    ("frischauf", Attribute::Frischauf),
    (
        "hurdlecolourchanging",
        Attribute::Unsupported("HurdleColourChanging"),
    ),
    ("protean", Attribute::Unsupported("Protean")),
    ("magic", Attribute::Unsupported("Magic")),
    ("uncapturable", Attribute::Unsupported("Uncapturable")),
    ("patrol", Attribute::Unsupported("Patrol")),
    ("bul", Attribute::Unsupported("Bul")),
    ("dob", Attribute::Unsupported("Dob")),
    ("anda", Attribute::Unsupported("Anda")),
    ("andainverse", Attribute::Unsupported("AndaInverse")),
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TwinKeyword {
    Continued,
    Move,
    Exchange,
    Remove,
    Add,
    Rotate,
    Mirror,
    Shift,
    PolishType,
    Substitute,
    Stipulation,
    SStipulation,
    Condition,
}

pub const TWIN_KEYWORDS: &[(&str, TwinKeyword)] = &[
    ("continued", TwinKeyword::Continued),
    ("move", TwinKeyword::Move),
    ("exchange", TwinKeyword::Exchange),
    ("remove", TwinKeyword::Remove),
    ("add", TwinKeyword::Add),
    ("rotate", TwinKeyword::Rotate),
    ("mirror", TwinKeyword::Mirror),
    ("shift", TwinKeyword::Shift),
    ("polishtype", TwinKeyword::PolishType),
    ("substitute", TwinKeyword::Substitute),
    ("stipulation", TwinKeyword::Stipulation),
    ("sstipulation", TwinKeyword::SStipulation),
    ("condition", TwinKeyword::Condition),
];

/// Popeye's options (English names).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionName {
    Try,
    Defence,
    SetPlay,
    NullMoves,
    WhiteToPlay,
    Variations,
    MoveNumbers,
    StartMoveNumber,
    UpToMoveNumber,
    NoWk,
    NoBk,
    Duplex,
    HalfDuplex,
    Threat,
    NoThreat,
    MaxSolutions,
    MaxFlightSquares,
    Search,
    MultiSolutions,
    NoSymmetry,
    NonTrivial,
    KeepMatingPiece,
    EnPassant,
    NoBoard,
    NoShortVariations,
    PostKeyPlay,
    Intelligent,
    MaxTime,
    NoCastling,
    Quodlibet,
    StopOnShortSolutions,
    Beep,
    SuppressGrid,
    WriteGrid,
    LastCapture,
    CastlingMutuallyExclusive,
    GoalIsEnd,
    MatesIn1,
    TurnLength,
}

pub const OPTIONS: &[(&str, OptionName)] = &[
    ("Try", OptionName::Try),
    ("Defence", OptionName::Defence),
    ("Defense", OptionName::Defence),
    ("SetPlay", OptionName::SetPlay),
    ("NullMoves", OptionName::NullMoves),
    ("WhiteToPlay", OptionName::WhiteToPlay),
    ("Variation", OptionName::Variations),
    ("Variations", OptionName::Variations),
    ("MoveNumbers", OptionName::MoveNumbers),
    ("StartMoveNumber", OptionName::StartMoveNumber),
    ("UpToMoveNumber", OptionName::UpToMoveNumber),
    ("NoWk", OptionName::NoWk),
    ("NoBk", OptionName::NoBk),
    ("Duplex", OptionName::Duplex),
    ("HalfDuplex", OptionName::HalfDuplex),
    ("Threat", OptionName::Threat),
    ("NoThreat", OptionName::NoThreat),
    ("MaxSolutions", OptionName::MaxSolutions),
    ("MaxFlightsquares", OptionName::MaxFlightSquares),
    ("Search", OptionName::Search),
    ("MultiSolutions", OptionName::MultiSolutions),
    ("NoSymmetry", OptionName::NoSymmetry),
    ("NonTrivial", OptionName::NonTrivial),
    ("KeepMatingPiece", OptionName::KeepMatingPiece),
    ("EnPassant", OptionName::EnPassant),
    ("NoBoard", OptionName::NoBoard),
    ("NoShortVariations", OptionName::NoShortVariations),
    ("PostKeyPlay", OptionName::PostKeyPlay),
    ("Intelligent", OptionName::Intelligent),
    ("MaxTime", OptionName::MaxTime),
    ("NoCastling", OptionName::NoCastling),
    ("Quodlibet", OptionName::Quodlibet),
    ("StopOnShortSolutions", OptionName::StopOnShortSolutions),
    ("Beep", OptionName::Beep),
    ("SuppressGrid", OptionName::SuppressGrid),
    ("WriteGrid", OptionName::WriteGrid),
    ("LastCapture", OptionName::LastCapture),
    (
        "CastlingMutuallyExclusive",
        OptionName::CastlingMutuallyExclusive,
    ),
    ("GoalIsEnd", OptionName::GoalIsEnd),
    ("MatesIn1", OptionName::MatesIn1),
    // Ours: the length of the first turn of progressive play.
    ("TurnLength", OptionName::TurnLength),
];

impl OptionName {
    /// Popeye's canonical spelling.
    pub fn name(self) -> &'static str {
        match self {
            OptionName::Variations => "Variation",
            OptionName::Defence => "Defence",
            _ => OPTIONS
                .iter()
                .find(|(_, o)| *o == self)
                .map(|(n, _)| *n)
                .unwrap_or("?"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefixes() {
        assert_eq!(
            lookup(COMMANDS, "stip"),
            Lookup::Found(Command::Stipulation)
        );
        assert_eq!(
            lookup(COMMANDS, "STIPULATION"),
            Lookup::Found(Command::Stipulation)
        );
        assert_eq!(lookup(COMMANDS, "cond"), Lookup::Found(Command::Condition));
        assert_eq!(lookup(COMMANDS, "opti"), Lookup::Found(Command::Option));
        assert_eq!(lookup(COMMANDS, "piec"), Lookup::Found(Command::Pieces));
        assert_eq!(lookup(COMMANDS, "beg"), Lookup::Found(Command::Begin));
        assert_eq!(lookup(COMMANDS, "e"), Lookup::Found(Command::End));
        assert_eq!(lookup(COMMANDS, "endp"), Lookup::Found(Command::End));
        assert_eq!(lookup(COMMANDS, "l"), Lookup::Found(Command::Latex));
        assert_eq!(
            lookup(COMMANDS, "s"),
            Lookup::Ambiguous(vec!["sstipulation", "stipulation"])
        );
        assert_eq!(
            lookup(COMMANDS, "t"),
            Lookup::Ambiguous(vec!["title", "twin"])
        );
        assert_eq!(lookup(COMMANDS, "x"), Lookup::NotFound);
        assert_eq!(lookup(COMMANDS, "endproblemx"), Lookup::NotFound);
        assert_eq!(
            lookup(OPTIONS, "var"),
            Lookup::Found(OptionName::Variations)
        );
        assert_eq!(lookup(OPTIONS, "set"), Lookup::Found(OptionName::SetPlay));
        assert_eq!(
            lookup(OPTIONS, "move"),
            Lookup::Found(OptionName::MoveNumbers)
        );
        assert_eq!(lookup(OPTIONS, "try"), Lookup::Found(OptionName::Try));
        assert!(matches!(lookup(OPTIONS, "no"), Lookup::Ambiguous(_)));
        assert_eq!(
            lookup(TWIN_KEYWORDS, "rem"),
            Lookup::Found(TwinKeyword::Remove)
        );
        assert_eq!(
            lookup(TWIN_KEYWORDS, "cont"),
            Lookup::Found(TwinKeyword::Continued)
        );
        assert_eq!(lookup_strict(COMMANDS, "e"), None);
        assert_eq!(lookup_strict(COMMANDS, "end"), Some(Command::End));
        assert_eq!(lookup_strict(COMMANDS, "tw"), None);
        assert_eq!(lookup_strict(COMMANDS, "twi"), Some(Command::Twin));
        assert_eq!(one_of(&["a", "b", "c"]), "a, b or c");
        assert_eq!(
            &names(OPTIONS)[..4],
            &["Try", "Defence", "SetPlay", "NullMoves"]
        );
        assert!(names(OPTIONS).contains(&"Variation") && !names(OPTIONS).contains(&"Variations"));
        assert_eq!(OptionName::Variations.name(), "Variation");
        assert_eq!(OptionName::MaxFlightSquares.name(), "MaxFlightsquares");
    }
}
