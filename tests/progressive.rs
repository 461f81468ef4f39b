//! Progressive play (`prog-` stipulations, option TurnLength; docs/conditions.md,
//! Progressive chess): how turns end, how lines are numbered, what is refused.

use crate::common::solve_text;
use fairy::output::text;

/// The printed lines of a progressive problem, and the first twin's error if any.
fn run(pieces: &str, stip: &str, extra: &str) -> Result<Vec<String>, String> {
    let src = format!("begin\npieces {pieces}\nstipulation {stip}\n{extra}end\n");
    let report = solve_text(&src);
    if let Err(e) = &report.twins[0].outcome {
        return Err(e.message.clone());
    }
    Ok(text::problem(&report)
        .lines()
        .filter(|l| l.starts_with("  1."))
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect())
}

#[test]
fn a_check_ends_the_turn_and_each_ending_placement_is_shown_once() {
    let lines = run(
        "white ka1 ra2 black kh8 pg7 ph7",
        "prog-#1",
        "option TurnLength 2\n",
    )
    .unwrap();
    // Ra8 mates at once and ends the turn: shown by its one move, not as Ra3 Ra8.
    assert!(lines.contains(&"1.Ra2-a8 #".to_string()), "{lines:?}");
    assert!(
        !lines.iter().any(|l| l.starts_with("1.Ra2-a3 Ra3-a8")),
        "{lines:?}"
    );
    // A check that does not mate ends the turn too: no line goes on after Ra8+ of a
    // king with a flight.
    let lines = run(
        "white ka1 ra2 black kh8 pg7",
        "prog-#1",
        "option TurnLength 2\n",
    )
    .unwrap();
    assert!(
        lines.iter().all(|l| !l.starts_with("1.Ra2-a8 +")),
        "{lines:?}"
    );
}

#[test]
fn help_lines_are_numbered_turn_by_turn() {
    let lines = run(
        "white ke1 rc6 pb5 black ka6 rb8 sf6",
        "prog-h#1",
        "option TurnLength 2\n",
    )
    .unwrap();
    assert_eq!(lines, ["1.Ka6-a7 Ka7-a8 2.Rc6-c7 b5-b6 Rc7-a7 #"]);
}

#[test]
fn a_side_left_without_a_move_ends_its_turn() {
    // Black's one move is b5-b4, after which it has none: its turn of two moves ends
    // there, and White's turn of three mates.
    let lines = run(
        "white kc7 rd1 pa6 pb3 black ka8 pa7 pb5",
        "prog-h#1",
        "option TurnLength 2\n",
    )
    .unwrap();
    assert!(
        lines.contains(&"1.b5-b4 2.Rd1-d8 #".to_string()),
        "{lines:?}"
    );
    assert!(
        lines.iter().all(|l| l.starts_with("1.b5-b4 2.")),
        "{lines:?}"
    );
}

#[test]
fn what_progressive_play_refuses() {
    let refused = |pieces: &str, stip: &str, extra: &str, words: &str| {
        let e = run(pieces, stip, extra).unwrap_err();
        assert!(e.contains(words), "{e}");
    };
    let pieces = "white ka1 ra2 black kh8";
    refused(
        pieces,
        "#2",
        "option TurnLength 2\n",
        "applies to progressive play",
    );
    refused(pieces, "prog-#2", "option TurnLength 0\n", "from 1 to");
    refused(pieces, "prog-h#2", "option SetPlay\n", "not supported");
    refused(pieces, "prog-#2", "condition MarsCirce\n", "not supported");
    refused(
        pieces,
        "prog-#2",
        "condition Circe Cohen\n",
        "not supported",
    );
    refused(
        "white ka1 ra2 black kh8 royal sb1",
        "prog-#2",
        "",
        "not supported",
    );
}
