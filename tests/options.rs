//! Options that change which attacker moves count, checked against properties computed
//! independently from the move generator rather than against stored answers.

use crate::common;

use common::solve_text;
use fairy::board::Position;
use fairy::conditions::{Orthodox, Rules};
use fairy::movegen::MoveList;
use fairy::output::{notation, text};
use fairy::search::annotate;
use fairy::stipulation::Goal;

/// The keys (`1.Xa1-b2` without marks) of a problem text.
fn keys(source: &str) -> Vec<String> {
    let out = text::problem(&solve_text(source));
    let mut keys: Vec<String> = out
        .lines()
        .filter(|l| l.starts_with("   1.") && l.contains('!'))
        .map(|l| {
            l.trim()
                .trim_start_matches("1.")
                .split_whitespace()
                .next()
                .unwrap()
                .to_string()
        })
        .collect();
    keys.sort();
    keys
}

/// The white moves of `fen` after which Black's king has at most `max` legal moves.
fn moves_leaving_flights(fen: &str, max: usize) -> Vec<String> {
    let pos: Position<()> = Position::from_fen(fen).expect("fen");
    let rules = Orthodox;
    let mut moves = MoveList::new();
    rules.legal_moves(&pos, &mut moves);
    let mut out: Vec<String> = moves
        .iter()
        .filter_map(|mv| {
            let after = rules.play(&pos, mv);
            let king = after.board.king(after.side).expect("black king");
            let mut replies = MoveList::new();
            rules.legal_moves(&after, &mut replies);
            let flights = replies.iter().filter(|m| m.from == king).count();
            (flights <= max)
                .then(|| notation::move_text(&annotate(&rules, &pos, mv, &after, Goal::Mate)))
        })
        .collect();
    out.sort();
    out
}

#[test]
fn max_flightsquares_drops_exactly_the_keys_that_free_the_king() {
    // Constructed for this test: a #2 with many keys, some of which give the king room.
    let fen = "k7/8/1K6/8/8/8/8/3R2Q1 w - - 0 1";
    let pieces = "white Kb6 Rd1 Qg1 black Ka8";
    let plain = keys(&format!("begin\npieces {pieces}\nstipulation #2\nend\n"));
    assert!(plain.len() > 3, "the position should be cooked: {plain:?}");
    for max in 0..=2 {
        let limited = keys(&format!(
            "begin\npieces {pieces}\nstipulation #2\noption MaxFlightsquares {max}\nend\n"
        ));
        let allowed = moves_leaving_flights(fen, max);
        let expected: Vec<String> = plain
            .iter()
            .filter(|k| allowed.contains(k))
            .cloned()
            .collect();
        assert_eq!(limited, expected, "MaxFlightsquares {max}");
    }
}

/// The variations below every key and try of a bundled problem, solved with extra options.
fn key_defences(file: &str, extra: &str) -> Vec<(String, Vec<String>)> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    let text = std::fs::read_to_string(path)
        .unwrap()
        .replace("end\n", &format!("option {extra}\nend\n"));
    defences_of_text(&text)
}

/// [`key_defences`] of a problem text.
fn defences_of_text(text: &str) -> Vec<(String, Vec<String>)> {
    use fairy::problem::Outcome;
    let report = solve_text(text);
    let Ok(Outcome::Battle(solutions)) = &report.twins[0].outcome else {
        panic!("battle play")
    };
    solutions[0]
        .roots
        .iter()
        .flat_map(|root| {
            let first = notation::full(&root.node.mv);
            root.node.defences.iter().map(move |d| {
                (
                    format!("{first} {}", notation::full(&d.mv)),
                    d.answers.iter().map(|a| notation::full(&a.mv)).collect(),
                )
            })
        })
        .collect()
}

#[test]
fn no_short_variations_leaves_out_exactly_the_defences_answered_by_a_quicker_mate() {
    // The Orlik #3 of problems/orthodox (with tries): some defences are answered by mate at once.
    let all = key_defences("problems/orthodox/m3-orlik-1980.inp", "Variations");
    let long = key_defences(
        "problems/orthodox/m3-orlik-1980.inp",
        "Variations NoShortVariations",
    );
    let mated_at_once = |answers: &Vec<String>| answers.iter().all(|a| a.ends_with('#'));
    assert!(
        all.iter().any(|(_, a)| mated_at_once(a)),
        "the problem has short variations"
    );
    let expected: Vec<_> = all
        .iter()
        .filter(|(_, a)| !mated_at_once(a))
        .cloned()
        .collect();
    assert!(!expected.is_empty());
    assert_eq!(long, expected);
}

#[test]
fn no_threat_shows_every_defence_short_ones_too() {
    // Poisson's =3 under Mars Circe: after 1.e7-e8=S Black has four king moves; 1...Kc2-d1
    // allows stalemate at once, a short variation the tree leaves out beside the threat
    // and shows under NoThreat, as Popeye 4.104 prints it.
    let file = "problems/mars/st3-poisson-1995.inp";
    let no_threat = key_defences(file, "Variations");
    let text = std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file))
        .unwrap();
    assert!(text.contains(" NoThreat"));
    let with_threat = defences_of_text(&text.replace(" NoThreat", ""));
    let names = |d: &[(String, Vec<String>)]| -> Vec<String> {
        d.iter().map(|(line, _)| line.clone()).collect()
    };
    assert_eq!(
        names(&no_threat),
        [
            "e7-e8=S Kc2-b1",
            "e7-e8=S Kc2-d1",
            "e7-e8=S Kc2-c1",
            "e7-e8=S Kc2-b2"
        ]
    );
    assert!(!names(&with_threat).contains(&"e7-e8=S Kc2-d1".to_string()));
    assert_eq!(no_threat[1].1, ["c7-c8=Q =", "f7-f8=Q ="]);
}

/// The Mars Circe capture `Sc1-g1*e2` is not the threat `Sc1-e2`: it departs from the
/// rebirth square, so the defence 1...e3-e2 defeats the threat and is shown (Bulawka's #2,
/// twin b, as Popeye 4.104 prints it).
#[test]
fn a_mars_capture_is_not_the_threat_with_the_same_squares() {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("problems/mars/m2-bulawka-1990.inp"),
    )
    .unwrap();
    let out = text::problem(&solve_text(&text));
    let twin_b = &out[out.find("b)").expect("twin b")..];
    assert!(
        twin_b.contains("1...e3-e2\n          2.Sc1-g1*e2 #\n"),
        "{twin_b}"
    );
}

#[test]
fn keep_mating_piece_changes_nothing_while_the_mating_side_has_units() {
    // M. Limbach, s#3 (Black mates; Black keeps a rook, a knight and pawns throughout).
    let plain = key_defences("problems/bench/selfmate3-limbach.inp", "Variations");
    let kept = key_defences(
        "problems/bench/selfmate3-limbach.inp",
        "Variations KeepMatingPiece",
    );
    assert_eq!(plain, kept);
    let plain = keys(
        &std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("problems/bench/mate3-seidel.inp"),
        )
        .unwrap(),
    );
    assert_eq!(plain, vec!["d4-d5".to_string()]);
}

#[test]
fn keep_mating_piece_looks_at_the_side_that_mates() {
    // Constructed: Black has its king alone, White mates. The option must not mistake the
    // lone black king for the mating side, in help play (h#1, h#2) or in direct play (#2).
    for (stip, pieces) in [
        ("h#1", "white Kc7 Qd6 black Ka8"),
        ("h#2", "white Kc7 Qd6 black Ka8"),
        ("#2", "white Kc6 Qd5 black Ka8"),
    ] {
        let base = format!("begin\npieces {pieces}\nstipulation {stip}\n");
        let lines = |extra: &str| {
            text::problem(&solve_text(&format!("{base}{extra}end\n")))
                .lines()
                .filter(|l| l.trim_start().starts_with("1."))
                .map(str::to_string)
                .collect::<Vec<_>>()
        };
        let plain = lines("");
        assert!(!plain.is_empty(), "{stip}: the position has solutions");
        assert_eq!(lines("option KeepMatingPiece\n"), plain, "{stip}");
    }
}

#[test]
fn mates_in_1_adds_exactly_the_defences_that_complete_the_selfmate_at_once() {
    // The Thomas s#2 and the Avner s#3 of problems/orthodox: some defences mate at once.
    for file in [
        "problems/orthodox/s2-thomas.inp",
        "problems/orthodox/s3-avner-1981.inp",
    ] {
        let plain = key_defences(file, "Variations");
        let shown = key_defences(file, "Variations MatesIn1");
        let mates_at_once =
            |(line, answers): &(String, Vec<String>)| line.ends_with('#') && answers.is_empty();
        assert!(
            !plain.iter().any(mates_at_once),
            "{file}: left out by default"
        );
        let extra: Vec<_> = shown
            .iter()
            .filter(|d| !plain.contains(d))
            .cloned()
            .collect();
        assert!(!extra.is_empty(), "{file}: the problem has such defences");
        assert!(extra.iter().all(mates_at_once), "{file}: {extra:?}");
        assert_eq!(shown.len(), plain.len() + extra.len(), "{file}");
    }
}

/// Whether the side to move has a move that mates at once.
fn has_mate_in_one(rules: &Orthodox, pos: &Position<()>) -> bool {
    let mut moves = MoveList::new();
    rules.legal_moves(pos, &mut moves);
    moves.iter().any(|mv| {
        let after = rules.play(pos, mv);
        let mut replies = MoveList::new();
        rules.legal_moves(&after, &mut replies);
        replies.is_empty() && rules.in_check(&after, after.side)
    })
}

#[test]
fn non_trivial_counts_the_defences_not_met_by_a_mate_in_one() {
    // H. Jühe, STERN 1982 (problems/orthodox/m3-juehe-1982.inp), #3, key 1.Qe8-c6.
    let file = "problems/orthodox/m3-juehe-1982.inp";
    let fen = "4Q3/8/8/3pP3/3p1BN1/4p2P/6k1/4K2R w K - 0 1";
    let rules = Orthodox;
    let pos: Position<()> = Position::from_fen(fen).expect("fen");
    let mut moves = MoveList::new();
    rules.legal_moves(&pos, &mut moves);
    let key = moves
        .iter()
        .find(|m| {
            notation::move_text(&annotate(&rules, &pos, m, &rules.play(&pos, m), Goal::Mate))
                == "Qe8-c6"
        })
        .expect("the key is legal");
    let after_key = rules.play(&pos, key);
    let mut defences = MoveList::new();
    rules.legal_moves(&after_key, &mut defences);
    let non_trivial = defences
        .iter()
        .filter(|d| !has_mate_in_one(&rules, &rules.play(&after_key, d)))
        .count();
    // With NonTrivial m 0 a direct-mate defence is trivial when a mate in one answers
    // it; the key leaves two non-trivial ones, so it needs one spare.
    assert_eq!(non_trivial, 2);
    let source = std::fs::read_to_string(file).expect("problem file");
    let with = |option: &str| keys(&source.replace("\nend", &format!("\noption {option}\nend")));
    assert_eq!(with("NonTrivial 0 0"), Vec::<String>::new());
    assert_eq!(with("NonTrivial 1 0"), vec!["Qe8-c6".to_string()]);
    // A generous budget, or a trivial length that covers the whole play, changes nothing.
    assert_eq!(with("NonTrivial 9 0"), keys(&source));
    assert_eq!(with("NonTrivial 0 2"), keys(&source));
}

/// The solution lines of a help or series problem text (whitespace collapsed, sorted), and
/// whether its output ends `Partial solution`.
fn help_lines(source: &str) -> (Vec<String>, bool) {
    let out = text::problem(&solve_text(source));
    let mut lines: Vec<String> = out
        .lines()
        .filter(|l| l.trim_start().starts_with("1."))
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect();
    lines.sort();
    (lines, out.contains("Partial solution"))
}

/// Where a series line's moves lead from `fen`: its length and the board after it, for
/// grouping lines by their final position independently of the solver's own bookkeeping.
fn final_board(fen: &str, line: &str) -> (usize, String) {
    let rules = Orthodox;
    let mut pos: Position<()> = Position::from_fen(fen).expect("fen");
    for word in line.split_whitespace() {
        // Move numbers are glued to the first move of a pair: `1.Ka4-b5`.
        let text = word.rsplit('.').next().unwrap_or(word);
        if matches!(text, "" | "#" | "=" | "+") {
            continue;
        }
        let mut moves = MoveList::new();
        rules.legal_moves(&pos, &mut moves);
        let mv = moves
            .iter()
            .find(|mv| {
                let after = rules.play(&pos, mv);
                let printed = notation::move_text(&annotate(&rules, &pos, mv, &after, Goal::Mate));
                printed.trim_end_matches([' ', '#', '+', '=']) == text
                    || printed.split_whitespace().next() == Some(text)
            })
            .unwrap_or_else(|| panic!("{text} is not a move in {line}"));
        // The other side passes between series moves.
        pos = fairy::search::null_move(&rules.play(&pos, mv));
    }
    (line.matches('.').count(), format!("{:?}", pos.board))
}

#[test]
fn intelligent_n_keeps_at_most_n_lines_a_final_position() {
    // Constructed for this test: a ser-#4 whose king may take its steps in several orders.
    // Every unit takes part in each mate (the rook checks, the white king holds the
    // squares the rook leaves), so each final position is one target.
    let fen = "8/1R6/8/8/3K4/8/8/7k w - - 0 1";
    let pieces = "white Kd4 Rb7 black Kh1";
    let problem =
        |option: &str| format!("begin\nstipulation ser-#4\n{option}\npieces {pieces}\nend\n");
    let (all, all_partial) = help_lines(&problem(""));
    assert!(!all_partial);
    let mut per_position = std::collections::BTreeMap::<(usize, String), usize>::new();
    for line in &all {
        *per_position.entry(final_board(fen, line)).or_default() += 1;
    }
    assert!(
        per_position.values().any(|&c| c > 2),
        "some final position should have several lines: {per_position:?}"
    );
    // Up to one past the most lines of a final position: the solution is partial as long
    // as some final position reaches n, even exactly.
    let most = per_position.values().copied().max().unwrap_or(0);
    for n in 1..=most + 1 {
        let (kept, partial) = help_lines(&problem(&format!("option Intelligent {n}")));
        assert!(kept.iter().all(|l| all.contains(l)), "n = {n}: {kept:?}");
        let mut kept_per_position = std::collections::BTreeMap::<(usize, String), usize>::new();
        for line in &kept {
            *kept_per_position.entry(final_board(fen, line)).or_default() += 1;
        }
        for (board, &count) in &per_position {
            assert_eq!(
                kept_per_position.get(board).copied().unwrap_or(0),
                count.min(n),
                "n = {n}, final position {board:?}"
            );
        }
        assert_eq!(partial, per_position.values().any(|&c| c >= n), "n = {n}");
    }
}

#[test]
fn intelligent_n_keeps_the_lines_the_reference_solver_meets_first() {
    // J. Kubečka, Jugendschach 68, 1988: ser-#7, Duplex. With `Intelligent 2` Popeye
    // prints these lines (and `Partial solution`): for Black's part the two its
    // intelligent mode, solving the board upside down, meets first in each target.
    let (lines, partial) = help_lines(
        "begin\nstipulation ser-#7\noption Duplex Intelligent 2\n\
         pieces white Kh8 Rc2 black Ka4 Rc3\nend\n",
    );
    let expected = [
        "1.Kh8-g7 2.Kg7-f6 3.Kf6-e5 4.Ke5-d4 5.Kd4*c3 6.Kc3-c4 7.Rc2-a2 #",
        "1.Ka4-b5 2.Kb5-c6 3.Kc6-d7 4.Kd7-e8 5.Ke8-f8 6.Rc3-h3 #",
        "1.Ka4-b5 2.Kb5-c6 3.Kc6-d7 4.Kd7-e7 5.Ke7-f8 6.Rc3-h3 #",
        "1.Ka4-b5 2.Kb5-c6 3.Kc6-d7 4.Kd7-e8 5.Ke8-f7 6.Rc3-h3 #",
        "1.Ka4-b5 2.Kb5-c6 3.Kc6-d7 4.Kd7-e6 5.Ke6-f7 6.Rc3-h3 #",
        "1.Ka4-b3 2.Kb3*c2 3.Kc2-d3 4.Kd3-e4 5.Ke4-f5 6.Kf5-g6 7.Rc3-c8 #",
        "1.Ka4-b5 2.Kb5-c6 3.Kc6-d7 4.Kd7-e8 5.Ke8-f8 6.Rc3-c6 7.Rc6-h6 #",
        "1.Ka4-b5 2.Kb5-c6 3.Kc6-d7 4.Kd7-e8 5.Rc3-c6 6.Ke8-f8 7.Rc6-h6 #",
        "1.Ka4-b5 2.Kb5-c6 3.Kc6-d7 4.Kd7-e8 5.Ke8-f7 6.Rc3-c6 7.Rc6-h6 #",
        "1.Ka4-b5 2.Kb5-c6 3.Kc6-d7 4.Kd7-e8 5.Rc3-c6 6.Ke8-f7 7.Rc6-h6 #",
        "1.Ka4-b5 2.Kb5-c6 3.Kc6-d7 4.Kd7-e8 5.Ke8-f8 6.Rc3-c5 7.Rc5-h5 #",
        "1.Ka4-b5 2.Kb5-c6 3.Kc6-d7 4.Kd7-e8 5.Rc3-c5 6.Ke8-f8 7.Rc5-h5 #",
        "1.Ka4-b5 2.Kb5-c6 3.Kc6-d7 4.Kd7-e8 5.Ke8-f7 6.Rc3-c5 7.Rc5-h5 #",
        "1.Ka4-b5 2.Kb5-c6 3.Kc6-d7 4.Kd7-e8 5.Rc3-c5 6.Ke8-f7 7.Rc5-h5 #",
        "1.Ka4-b5 2.Kb5-c6 3.Kc6-d7 4.Kd7-e8 5.Ke8-f8 6.Rc3-c4 7.Rc4-h4 #",
        "1.Ka4-b5 2.Kb5-c6 3.Kc6-d7 4.Kd7-e8 5.Rc3-c4 6.Ke8-f8 7.Rc4-h4 #",
        "1.Ka4-b5 2.Kb5-c6 3.Kc6-d7 4.Kd7-e8 5.Ke8-f7 6.Rc3-c4 7.Rc4-h4 #",
        "1.Ka4-b5 2.Kb5-c6 3.Kc6-d7 4.Kd7-e8 5.Rc3-c4 6.Ke8-f7 7.Rc4-h4 #",
        "1.Ka4-b5 2.Kb5-c6 3.Kc6-d7 4.Kd7-e8 5.Ke8-f7 6.Kf7-f8 7.Rc3-h3 #",
        "1.Ka4-b5 2.Kb5-c6 3.Kc6-d7 4.Kd7-e8 5.Ke8-e7 6.Ke7-f8 7.Rc3-h3 #",
        "1.Ka4-b5 2.Kb5-c6 3.Kc6-d7 4.Kd7-e8 5.Ke8-f7 6.Rc3-a3 7.Ra3-h3 #",
        "1.Ka4-b5 2.Kb5-c6 3.Kc6-d7 4.Kd7-e8 5.Ke8-f7 6.Rc3-b3 7.Rb3-h3 #",
        "1.Ka4-b5 2.Kb5-c6 3.Kc6-d7 4.Kd7-e8 5.Ke8-f8 6.Rc3*c2 7.Rc2-h2 #",
        "1.Ka4-b5 2.Kb5-c6 3.Kc6-d7 4.Kd7-e8 5.Rc3*c2 6.Ke8-f8 7.Rc2-h2 #",
        "1.Ka4-b5 2.Kb5-c6 3.Kc6-d7 4.Kd7-e8 5.Ke8-f7 6.Rc3*c2 7.Rc2-h2 #",
        "1.Ka4-b5 2.Kb5-c6 3.Kc6-d7 4.Kd7-e8 5.Rc3*c2 6.Ke8-f7 7.Rc2-h2 #",
    ];
    let mut expected: Vec<String> = expected.iter().map(|l| l.to_string()).collect();
    expected.sort();
    assert_eq!(lines, expected);
    assert!(partial);
}

#[test]
fn intelligent_n_leaves_series_self_play_whole() {
    // Gy. Bakcsi, feenschach 83, 1987: ser-s#4, four solutions. Series self play is not
    // solved through final positions, so the option neither drops lines nor makes the
    // solution partial.
    let source = |option: &str| {
        format!(
            "begin\nstipulation ser-s#4\n{option}\n\
             pieces white Pa7 Pb6 Pe3 Ph2 Sc5 Bc2 Kg1 black Pe6 Qa4 Kf3\nend\n"
        )
    };
    let plain = help_lines(&source(""));
    assert_eq!(plain.0.len(), 4);
    assert_eq!(help_lines(&source("option Intelligent 1")), plain);
}

#[test]
fn intelligent_n_leaves_fairy_conditions_whole() {
    // Constructed for this test: the ser-#4 above under Circe, with lines that share their
    // final positions.
    let source = |option: &str| {
        format!(
            "begin\nstipulation ser-#4\ncondition Circe\n{option}\n\
             pieces white Kd4 Rb7 black Kh1\nend\n"
        )
    };
    let plain = help_lines(&source(""));
    assert!(plain.0.len() > 10, "{:?}", plain.0);
    assert_eq!(help_lines(&source("option Intelligent 1")), plain);
}

#[test]
fn intelligent_n_counts_the_units_a_mate_is_built_from() {
    // Constructed for this test (a random h#2); Popeye with `Intelligent 1` prints the
    // first kept line and neither of the next two, whose white king only waited
    // elsewhere, and both of the last two, where the queens trade their final squares.
    let (lines, partial) = help_lines(
        "begin\nstipulation h#2\noption Intelligent 1\n\
         pieces white Ka1 Qe4 Qb3 black Ke6 Pg6\nend\n",
    );
    assert!(partial);
    let has = |line: &str| lines.iter().any(|l| l == line);
    assert!(has("1.Ke6-d6 Ka1-b2 2.Kd6-c5 Qb3-b4 #"), "{lines:?}");
    assert!(!has("1.Ke6-d6 Ka1-a2 2.Kd6-c5 Qb3-b4 #"), "{lines:?}");
    assert!(!has("1.Ke6-d6 Ka1-b1 2.Kd6-c5 Qb3-b4 #"), "{lines:?}");
    assert!(has("1.Ke6-d6 Qb3-b7 2.Kd6-c5 Qe4-b4 #"), "{lines:?}");
    assert!(has("1.Ke6-d6 Qe4-b7 2.Kd6-c5 Qb3-b4 #"), "{lines:?}");
}

/// `option EnPassant`: the squares of the last move; with fewer than three no double step
/// is named and no en passant follows, as the reference solver reads them (Popeye 4.104
/// lists `1.e5*f6 ep.` under `~1` after `EnPassant f7f6f5` only; constructed position).
#[test]
fn en_passant_needs_the_departure_the_crossed_square_and_the_arrival() {
    let moves = |ep: &str| {
        let source =
            format!("begin\npieces white Ke1 Pe5 black Ke8 Pf5\nstipulation ~1\noption EnPassant {ep}\nend\n");
        text::problem(&solve_text(&source))
    };
    assert!(moves("f7f6f5").contains("1.e5*f6 ep."));
    for ep in ["f6", "f7f5"] {
        let out = moves(ep);
        assert!(out.contains("1.e5-e6"), "{ep}: {out}");
        assert!(!out.contains("*f6"), "{ep}: {out}");
    }
}

/// The play of a problem text with option MoveNumbers, as blocks: each numbered first
/// move's line with the lines after it up to the next number (less the blank lines at
/// its end, which come before "solution finished" after the last).
fn numbered_blocks(source: &str) -> Vec<(usize, Vec<String>)> {
    let out = text::problem(&solve_text(source));
    let mut blocks: Vec<(usize, Vec<String>)> = Vec::new();
    for line in out.lines() {
        if line.starts_with("solution finished") {
            break;
        }
        let number = line
            .trim_start()
            .split_once("  (")
            .and_then(|(n, _)| n.parse::<usize>().ok());
        match number {
            Some(n) => blocks.push((n, vec![line.to_string()])),
            None => {
                if let Some((_, lines)) = blocks.last_mut() {
                    lines.push(line.to_string());
                }
            }
        }
    }
    for (_, lines) in &mut blocks {
        while lines.last().is_some_and(|l| l.is_empty()) {
            lines.pop();
        }
    }
    blocks
}

#[test]
fn start_and_up_to_move_number_keep_the_numbered_moves_in_their_range() {
    // A direct mate, a help mate and a help series (the series' full length numbered).
    for (stip, pieces) in [
        ("#2", "white Kb6 Qc1 black Ka8"),
        ("h#2", "white Kc6 Rb1 black Ka8 Bf1 Sg8"),
        ("ser-h#3", "white Kc3 Rh2 black Ka1 Pb5 Sg8 Bh7"),
    ] {
        let text = |options: &str| {
            format!("begin\npieces {pieces}\nstipulation {stip}\noption NoBoard {options}\nend\n")
        };
        let all = numbered_blocks(&text("MoveNumbers"));
        assert!(all.len() > 6, "{stip}: {all:?}");
        for (start, up_to) in [(1, 3), (3, 5), (5, 200), (all.len(), all.len())] {
            let ranged = numbered_blocks(&text(&format!(
                "StartMoveNumber {start} UpToMoveNumber {up_to}"
            )));
            let expected: Vec<_> = all
                .iter()
                .filter(|(n, _)| (start..=up_to).contains(n))
                .cloned()
                .collect();
            assert_eq!(ranged, expected, "{stip} from {start} to {up_to}");
        }
        let from_4 = numbered_blocks(&text("StartMoveNumber 4"));
        assert_eq!(from_4, all[3..].to_vec(), "{stip} from 4");
    }
    // As in the reference solver, a range leaves the shorter lengths of help play and
    // series unsearched (their lines would come before the numbers): here the ser-h#2
    // 1.Ka1-b1 2.Kb1-c1 Rh2-h1 #.
    let lines_before_numbers = |options: &str| -> Vec<String> {
        let source = format!(
            "begin\npieces white Kc3 Rh2 black Ka1 Pb5 Sg8 Bh7\nstipulation ser-h#3\n\
             option NoBoard {options}\nend\n"
        );
        text::problem(&solve_text(&source))
            .lines()
            .take_while(|l| !l.contains("  ("))
            .filter(|l| l.trim_start().starts_with("1."))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(
        lines_before_numbers("MoveNumbers"),
        vec!["  1.Ka1-b1   2.Kb1-c1 Rh2-h1 #".to_string()]
    );
    assert!(lines_before_numbers("StartMoveNumber 1").is_empty());
}
