//! The problem as read from the input: plain data, nothing interpreted beyond
//! what the input language itself fixes. Conditions stay raw words; the
//! `conditions` module gives them meaning.

use crate::board::{Color, Role, Square};
use crate::stipulation::Stipulation;

/// A place in the input text: 1-based line, 1-based column counted in characters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Span {
    pub line: u32,
    pub col: u32,
}

impl Span {
    pub const fn new(line: u32, col: u32) -> Span {
        Span { line, col }
    }
}

/// A value with the place it was read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Spanned<T> {
    pub value: T,
    pub span: Span,
}

impl<T> Spanned<T> {
    pub const fn new(value: T, span: Span) -> Spanned<T> {
        Spanned { value, span }
    }
}

/// The board of a unit in Alice chess (attributes `AliceA`, `AliceB`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AliceBoard {
    A,
    B,
}

/// One unit of the diagram (or of a twin's `add`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PieceSpec {
    pub color: Color,
    pub role: Role,
    pub square: Square,
    pub kamikaze: bool,
    /// The side's royal unit although not a king (attribute `royal`): check and mate are
    /// judged on it.
    pub royal: bool,
    /// A neutral unit (colour word `neutral`): of both sides; `color` is then White.
    pub neutral: bool,
    /// A chameleon unit (attribute `chameleon`): a new kind after each of its moves.
    pub chameleon: bool,
    /// A paralysing unit (attribute `paralysing`): the enemy units it observes neither
    /// move nor observe, and it neither captures nor checks.
    pub paralysing: bool,
    /// A half-neutral unit (attribute `halfneutral`): it turns neutral by its move, and
    /// from neutral to the side that moved it.
    pub half_neutral: bool,
    /// A unit that promoted before the diagram (attribute `frischauf`), as Frischauf
    /// Circe follows promoted units.
    pub frischauf: bool,
    pub alice: Option<AliceBoard>,
    /// Where the piece token (e.g. `Ra8c8`) or the forsyth letter begins.
    pub span: Span,
}

/// The options of a problem (`option ...`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    pub variations: bool,
    pub try_play: bool,
    pub set_play: bool,
    pub white_to_play: bool,
    pub duplex: bool,
    pub half_duplex: bool,
    pub post_key_play: bool,
    pub no_threat: bool,
    pub no_short_variations: bool,
    pub keep_mating_piece: bool,
    pub move_numbers: bool,
    /// Options StartMoveNumber and UpToMoveNumber with one number each: the first and
    /// the last of the numbered first moves that are tried.
    pub start_move_number: Option<usize>,
    pub up_to_move_number: Option<usize>,
    pub no_board: bool,
    /// Grid chess's diagram without the grid's lines.
    pub suppress_grid: bool,
    pub quodlibet: bool,
    pub null_moves: bool,
    pub no_wk: bool,
    pub no_bk: bool,
    pub mates_in_1: bool,
    /// `GoalIsEnd`: a goal reached by the side that should not reach it ends the play
    /// there, without success.
    pub goal_is_end: bool,
    /// `Threat n`
    pub threat: Option<u32>,
    /// `Defence n`
    pub defence: Option<u32>,
    /// `MaxFlightsquares n`
    pub max_flight_squares: Option<u32>,
    /// `NonTrivial m n`
    pub non_trivial: Option<(u32, u32)>,
    /// `MaxSolutions n`
    pub max_solutions: Option<u32>,
    /// `TurnLength n` (ours): progressive play's first turn has n moves (default 1).
    pub turn_length: Option<u32>,
    /// `MaxTime n`, in seconds.
    pub max_time: Option<u64>,
    /// `Intelligent` is `Some(None)`, `Intelligent 2` is `Some(Some(2))`.
    pub intelligent: Option<Option<u32>>,
    /// `EnPassant d7d6d5`: departure, crossed square(s), arrival, in input order.
    pub en_passant: Vec<Square>,
    /// `NoCastling a1h8`: squares of the units that may not castle.
    pub no_castling: Vec<Square>,
    /// `CastlingMutuallyExclusive a1h8` (may repeat).
    pub castling_mutually_exclusive: Vec<(Square, Square)>,
    /// Valid Popeye options this solver has no field for, by Popeye's canonical
    /// name followed by their arguments as written, separated by single blanks
    /// (e.g. `"StartMoveNumber 5"`, `"NoSymmetry"`).
    pub other: Vec<Spanned<String>>,
}

/// A mirror of the whole board, named by the square a1 (or h1) goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MirrorAxis {
    /// `a1<-->h1`: files swapped (a↔h).
    FileSwap,
    /// `a1<-->a8`: ranks swapped (1↔8).
    RankSwap,
    /// `a1<-->h8`: reflection in the diagonal a8–h1.
    DiagA1H8,
    /// `h1<-->a8`: reflection in the diagonal a1–h8.
    DiagH1A8,
}

impl MirrorAxis {
    /// The canonical Popeye spelling, e.g. `a1<-->h1`.
    pub const fn notation(self) -> &'static str {
        match self {
            MirrorAxis::FileSwap => "a1<-->h1",
            MirrorAxis::RankSwap => "a1<-->a8",
            MirrorAxis::DiagA1H8 => "a1<-->h8",
            MirrorAxis::DiagH1A8 => "h1<-->a8",
        }
    }
}

/// One change of a twin (or of the zero position).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TwinChange {
    /// `move e5 g8`: the unit on `from` goes to `to` (a unit on `to` is removed).
    Move { from: Square, to: Square },
    /// `exchange a1 b2`
    Exchange { a: Square, b: Square },
    /// `add white Pe4` (one change per added unit)
    Add(PieceSpec),
    /// `remove e7`
    Remove(Square),
    /// `rotate 90|180|270` (counter-clockwise, as Popeye).
    Rotate(u16),
    /// `mirror a1<-->h1`
    Mirror(MirrorAxis),
    /// `shift a1 b2`: the whole position moves by the vector from → to.
    Shift { from: Square, to: Square },
    /// `polishtype`: every unit changes colour.
    PolishType,
    /// `substitute R Q`: every rook becomes a queen.
    Substitute { from: Role, to: Role },
    /// `stipulation h=2`
    Stipulation(Stipulation),
    /// `condition ...`: the twin's raw condition words; they replace the problem's conditions.
    Condition(Vec<Spanned<String>>),
}

/// `twin [continued] changes...`
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Twin {
    /// `twin continued`: the changes apply to the previous twin, not to the diagram.
    pub continued: bool,
    pub changes: Vec<Spanned<TwinChange>>,
    /// Where the `twin` keyword is.
    pub span: Span,
}

/// The kind of a text line above the diagram.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TextKind {
    Author,
    Origin,
    Title,
    Remark,
    Award,
}

impl TextKind {
    /// The English command that introduces the text.
    pub const fn keyword(self) -> &'static str {
        match self {
            TextKind::Author => "author",
            TextKind::Origin => "origin",
            TextKind::Title => "title",
            TextKind::Remark => "remark",
            TextKind::Award => "award",
        }
    }
}

/// One problem of an input file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProblemSpec {
    /// 1-based position of the problem in its file.
    pub index: usize,
    /// Where the problem begins (its `begin`, or its first token).
    pub span: Span,
    /// Author, origin, title, remark and award lines in input order; the text is the
    /// rest of the line after the keyword and the blanks following it, byte for byte.
    pub texts: Vec<(TextKind, String)>,
    /// Units in input order; a square may hold several (the later one on top).
    pub pieces: Vec<PieceSpec>,
    /// The units given before an `a=>b` stipulation: the position its play starts from
    /// (`pieces` then holds the position to reach).
    pub proof_start: Vec<PieceSpec>,
    pub stipulation: Option<Spanned<Stipulation>>,
    /// Raw words of every `condition` command, in order.
    pub conditions: Vec<Spanned<String>>,
    pub options: Options,
    /// `zeroposition ...`: the diagram is not solved; these changes give the first position.
    pub zero_position: Option<Vec<Spanned<TwinChange>>>,
    pub twins: Vec<Twin>,
}

impl ProblemSpec {
    /// An empty problem.
    pub fn new(index: usize, span: Span) -> ProblemSpec {
        ProblemSpec {
            index,
            span,
            texts: Vec::new(),
            pieces: Vec::new(),
            proof_start: Vec::new(),
            stipulation: None,
            conditions: Vec::new(),
            options: Options::default(),
            zero_position: None,
            twins: Vec::new(),
        }
    }

    /// The texts of one kind, in input order.
    pub fn texts_of(&self, kind: TextKind) -> impl Iterator<Item = &str> + '_ {
        self.texts
            .iter()
            .filter(move |(k, _)| *k == kind)
            .map(|(_, t)| t.as_str())
    }

    /// The raw condition words, without their places.
    pub fn condition_words(&self) -> Vec<&str> {
        self.conditions.iter().map(|w| w.value.as_str()).collect()
    }

    /// A copy with every span set to the default (0, 0): two problems read from
    /// different texts compare equal this way when they say the same.
    pub fn without_spans(&self) -> ProblemSpec {
        fn words(ws: &[Spanned<String>]) -> Vec<Spanned<String>> {
            ws.iter()
                .map(|w| Spanned::new(w.value.clone(), Span::default()))
                .collect()
        }
        fn change(c: &Spanned<TwinChange>) -> Spanned<TwinChange> {
            let value = match &c.value {
                TwinChange::Add(p) => TwinChange::Add(PieceSpec {
                    span: Span::default(),
                    ..*p
                }),
                TwinChange::Condition(ws) => TwinChange::Condition(words(ws)),
                other => other.clone(),
            };
            Spanned::new(value, Span::default())
        }
        let mut options = self.options.clone();
        options.other = words(&options.other);
        ProblemSpec {
            index: self.index,
            span: Span::default(),
            texts: self.texts.clone(),
            pieces: self
                .pieces
                .iter()
                .map(|p| PieceSpec {
                    span: Span::default(),
                    ..*p
                })
                .collect(),
            proof_start: self
                .proof_start
                .iter()
                .map(|p| PieceSpec {
                    span: Span::default(),
                    ..*p
                })
                .collect(),
            stipulation: self
                .stipulation
                .as_ref()
                .map(|s| Spanned::new(s.value, Span::default())),
            conditions: words(&self.conditions),
            options,
            zero_position: self
                .zero_position
                .as_ref()
                .map(|cs| cs.iter().map(change).collect()),
            twins: self
                .twins
                .iter()
                .map(|t| Twin {
                    continued: t.continued,
                    changes: t.changes.iter().map(change).collect(),
                    span: Span::default(),
                })
                .collect(),
        }
    }
}
