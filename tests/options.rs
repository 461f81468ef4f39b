//! Options that change which attacker moves count, checked against properties computed
//! independently from the move generator rather than against stored answers.

use fairy::board::Position;
use fairy::conditions::{Orthodox, Rules};
use fairy::input::parse_file;
use fairy::movegen::MoveList;
use fairy::output::{notation, text};
use fairy::problem::{solve_problem, SolveConfig};
use fairy::search::annotate;

/// The keys (`1.Xa1-b2` without marks) of a problem text.
fn keys(source: &str) -> Vec<String> {
    let spec = parse_file(source)
        .into_iter()
        .next()
        .expect("a problem")
        .expect("parses");
    let report = solve_problem(&spec, &SolveConfig::default()).expect("solves");
    let out = text::problem(&report);
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
            (flights <= max).then(|| notation::move_text(&annotate(&rules, &pos, mv, &after)))
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
