//! The layout of the play as the reference solver prints it, byte for byte, in its
//! command-line mode with `-regression`: each problem below is constructed for the test
//! (no source), and each expected text is what Popeye 4.104 prints for it
//! (`py -regression FILE`).

mod binary;

use binary::{run, stdout};

fn check(problem: &str, expected: &str) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("problem");
    std::fs::write(&path, problem).unwrap();
    let o = run(&["-regression", path.to_str().unwrap()]);
    assert_eq!(stdout(&o), expected, "{problem}");
}

/// The mate in one numbers only the moves its generator of mating moves gives (checks),
/// and a key's play follows its number.
#[test]
fn mate_in_one_numbers_the_checks_only() {
    check(
        "begin
stipulation #1
option MoveNumbers NoBoard
pieces white Kg6 Ra1 black Kh8
end
",
        "
  1  (Ra1-a8 + )
   1.Ra1-a8 # !

  2  (Ra1-h1 + )

solution finished.


",
    );
}

/// Help play numbers every first move, legal or not, in the reference order.
#[test]
fn help_play_numbers_every_first_move() {
    check(
        "begin
stipulation h#1
option MoveNumbers NoBoard
pieces white Kg6 Ra1 black Kh8 Pa7
end
",
        "
  1  (a7-a5 )
  2  (a7-a6 )
  3  (Kh8-g7 + )
  4  (Kh8-h7 + )
  5  (Kh8-g8 )

solution finished.


",
    );
}

/// A duplex in help play sets the other side's solutions apart with a blank line.
#[test]
fn duplex_help_play_sets_the_halves_apart() {
    check(
        "begin
stipulation h#2
option Duplex NoBoard
pieces white Kc8 Pe7 black Ka6 Rf7
end
",
        "
  1.Rf7-f6 e7-e8=Q   2.Rf6-b6 Qe8-a4 #

  1.Kc8-b8 Rf7*e7   2.Kb8-a8 Re7-e8 #

solution finished.


",
    );
}

/// Option Defence alone shows tries, without variations.
#[test]
fn defence_alone_shows_tries_without_variations() {
    check(
        "begin
stipulation #2
option Defence 1 NoBoard
pieces white Kg6 Rb1 Bc1 black Kh8 Pa7
end
",
        "
   1.Rb1-b8 # !

   1.Rb1-b7 !

   1.Rb1-b6 ?
    but
      1...a7*b6 !

   1.Rb1-b5 !

   1.Rb1-b4 !

   1.Rb1-b3 !

   1.Rb1-b2 !

   1.Bc1-h6 !

   1.Bc1-g5 !

   1.Bc1-f4 !

   1.Bc1-e3 !

   1.Bc1-d2 !

   1.Bc1-a3 !

   1.Bc1-b2 + ?
    but
      1...Kh8-g8 !

   1.Kg6-h6 ?
    but
      1...Kh8-g8 !


solution finished.


",
    );
}

/// A reflex play's forced goals are listed without blank lines between them.
#[test]
fn reflex_forced_goals_come_without_blank_lines() {
    check(
        "begin
stipulation r#2
option Variations NoBoard
pieces white Kh1 Pc7 black Ka8 Pa7
end
",
        "
   1.c7-c8=Q # ?!?

solution finished.


",
    );
}

/// Every first move of battle play is numbered, the illegal ones too.
#[test]
fn battle_play_numbers_every_first_move() {
    check(
        "begin
stipulation #2
option MoveNumbers Variations NoBoard
pieces white Ke1 Qa7 Rh1 black Kc1
end
",
        "
  1  (0-0 + )
  2  (Ke1-f2 + )
  3  (Ke1-d2 + )
  4  (Ke1-d1 + )
  5  (Ke1-e2 + )
  6  (Ke1-f1 )
  7  (Rh1-f1 )
  8  (Rh1-g1 )
  9  (Rh1-h8 )
 10  (Rh1-h7 )
 11  (Rh1-h6 )
 12  (Rh1-h5 )
 13  (Rh1-h4 )
 14  (Rh1-h3 )
 15  (Rh1-h2 )
 16  (Qa7-g1 )
 17  (Qa7-f2 )
   1.Qa7-f2 ! threat:
          2.0-0 #

 18  (Qa7-e3 + )
 19  (Qa7-d4 )
 20  (Qa7-c5 + )
 21  (Qa7-b6 )
 22  (Qa7-b8 )
 23  (Qa7-a1 + )
 24  (Qa7-a2 )
 25  (Qa7-a3 + )
 26  (Qa7-a4 )
 27  (Qa7-a5 )
 28  (Qa7-a6 )
 29  (Qa7-a8 )
 30  (Qa7-h7 )
 31  (Qa7-g7 )
 32  (Qa7-f7 )
 33  (Qa7-e7 )
 34  (Qa7-d7 )
 35  (Qa7-c7 + )
 36  (Qa7-b7 )

solution finished.


",
    );
}

/// `MaxSolutions` shows the first solutions in the reference solver's order, not the
/// first that some thread happens to find (M. Hanazawa, Chessics 4, 1977: 89 solutions in
/// Annan chess, the reference solver's first four all start 1.Kd3-c4).
#[test]
fn max_solutions_keeps_the_first_in_the_reference_order() {
    check(
        "begin
stipulation h#3
condition AnnanChess
option MaxSolutions 4 NoBoard
forsyth 16/3rR3/3q4/8/3k4/1K6/8
end
",
        "
  1.Kd3-c4 Kb2-c1   2.Kc4-d4 Re6-e3   3.Kd4-a1 Re3-a3 #
  1.Kd3-c4 Kb2-c1   2.Kc4-d4 Re6-e4 +   3.Kd4-a1 Re4-a4 #
  1.Kd3-c4 Kb2-c2   2.Kc4-d4 Re6-e3   3.Kd4-a1 Re3-a3 #
  1.Kd3-c4 Kb2-c2   2.Kc4-d4 Re6-e4 +   3.Kd4-a1 Re4-a4 #
Partial solution


",
    );
}

/// `MaxSolutions` counts a twin's play of every length together (a series mate's mate in
/// one is its first solution) and its set play apart; `Partial solution` follows the last
/// line without the blank line that `solution finished.` has.
#[test]
fn max_solutions_counts_every_length_together_and_set_play_apart() {
    check(
        "begin
stipulation ser-#2
option MaxSolutions 1 NoBoard
pieces white Kg6 Ra1 Rb1 black Kh8
end
",
        "
  1.Rb1-b8 #
Partial solution


",
    );
    check(
        "begin
stipulation h#1.5
option MaxSolutions 1 NoBoard SetPlay
pieces white Kg6 Ra1 Rb1 black Kh8 Pa7
end
",
        "
  1...  ...  2.a7-a5 Rb1-b8 #

  1...Rb1-b8 #
Partial solution


",
    );
    check(
        "begin
stipulation #1
option MaxSolutions 1 NoBoard
pieces white Kg6 Ra1 Rb1 black Kh8
end
",
        "
   1.Rb1-b8 # !

Partial solution


",
    );
}

/// A run that its time limit ends says so in the reference solver's words.
#[test]
fn a_run_out_of_time_is_interrupted() {
    check(
        "begin
stipulation #6
option MaxTime 1 NoBoard
pieces white Ka1 Qd1 Rh1 Bc1 Sg1 Pa2b2c2d2 black Ke8 Qd8 Ra8 Bc8 Sb8 Pa7b7c7d7
end
",
        "
solving interrupted.


",
    );
}
