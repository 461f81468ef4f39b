//! The layout of the play as the reference solver prints it, byte for byte, in its
//! command-line mode with `-regression`: each problem below is constructed for the test
//! (no source), and each expected text is what Popeye 4.104 prints for it
//! (`py -regression FILE`).

use crate::binary;

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

/// Grid chess draws its grid's lines on the board (`|` between files, `---` between ranks), and
/// a text is centred with its trailing blanks, as the reference solver reads it.
#[test]
fn grid_chess_draws_the_lines_of_its_grid() {
    check(
        "begin
origin constructed 
stipulation #1
condition GridChess
pieces white Kg6 Rb1 black Kh8
end
",
        "
            constructed 

+---a---b---c---d---e---f---g---h---+
|                                   |
8   .   . | .   . | .   . | .  -K   8
|                                   |
7   .   . | .   . | .   . | .   .   7
|  --- --- --- --- --- --- --- ---  |
6   .   . | .   . | .   . | K   .   6
|                                   |
5   .   . | .   . | .   . | .   .   5
|  --- --- --- --- --- --- --- ---  |
4   .   . | .   . | .   . | .   .   4
|                                   |
3   .   . | .   . | .   . | .   .   3
|  --- --- --- --- --- --- --- ---  |
2   .   . | .   . | .   . | .   .   2
|                                   |
1   .   R | .   . | .   . | .   .   1
|                                   |
+---a---b---c---d---e---f---g---h---+
  #1                          2 + 1
              GridChess

   1.Rb1-b8 # !

   1.Rb1-h1 # !


solution finished.


",
    );
}

/// Alice chess names the units of both boards, an empty board alone (`AliceB`).
#[test]
fn alice_chess_names_both_boards_even_an_empty_one() {
    check(
        "begin
stipulation #1
condition AliceChess
pieces white Kg6 Rb1 black Kh8
end
",
        "

+---a---b---c---d---e---f---g---h---+
|                                   |
8   .   .   .   .   .   .   .  -K   8
|                                   |
7   .   .   .   .   .   .   .   .   7
|                                   |
6   .   .   .   .   .   .   K   .   6
|                                   |
5   .   .   .   .   .   .   .   .   5
|                                   |
4   .   .   .   .   .   .   .   .   4
|                                   |
3   .   .   .   .   .   .   .   .   3
|                                   |
2   .   .   .   .   .   .   .   .   2
|                                   |
1   .   R   .   .   .   .   .   .   1
|                                   |
+---a---b---c---d---e---f---g---h---+
  #1                          2 + 1
           AliceA h8 g6 b1
               AliceB
             AliceChess


solution finished.


",
    );
}

/// Messigny chess: a unit's exchanges are tried before its moves, and `RexExclusive` is
/// named under the diagram (here with NoBoard: the play only).
#[test]
fn messigny_exchanges_come_first_and_rex_exclusive_is_named() {
    check(
        "begin
stipulation ~1
condition MessignyChess RexExclusive
option NoBoard
pieces white Kh2 Rd1 black Ka8 Rd8
end
",
        "
   1.Rd1<->Rd8 + !

   1.Rd1-a1 + !

   1.Rd1-b1 !

   1.Rd1-c1 !

   1.Rd1*d8 + !

   1.Rd1-d7 !

   1.Rd1-d6 !

   1.Rd1-d5 !

   1.Rd1-d4 !

   1.Rd1-d3 !

   1.Rd1-d2 !

   1.Rd1-h1 !

   1.Rd1-g1 !

   1.Rd1-f1 !

   1.Rd1-e1 !

   1.Kh2-g1 !

   1.Kh2-g3 !

   1.Kh2-h1 !

   1.Kh2-g2 !

   1.Kh2-h3 !


solution finished.


",
    );
}

/// Annan chess: a rook above a friendly bishop moves as the bishop, in the bishop's order.
#[test]
fn an_annan_unit_moves_in_the_order_of_the_walk_it_borrows() {
    check(
        "begin
stipulation ~1
condition AnnanChess
option NoBoard
pieces white Ka1 Rc3 Bc2 black Kg8
end
",
        "
   1.Ka1-b2 !

   1.Ka1-a2 !

   1.Ka1-b1 !

   1.Bc2-b1 !

   1.Bc2-d1 !

   1.Bc2-h7 + !

   1.Bc2-g6 !

   1.Bc2-f5 !

   1.Bc2-e4 !

   1.Bc2-d3 !

   1.Bc2-a4 !

   1.Bc2-b3 + !

   1.Rc3-b2 !

   1.Rc3-e1 !

   1.Rc3-d2 !

   1.Rc3-h8 + !

   1.Rc3-g7 + !

   1.Rc3-f6 !

   1.Rc3-e5 !

   1.Rc3-d4 !

   1.Rc3-a5 !

   1.Rc3-b4 !


solution finished.


",
    );
}

/// Andernach chess keeps the reference solver's generator of orthodox mating moves: the
/// mates come units from h8 down.
#[test]
fn andernach_chess_keeps_the_order_of_the_orthodox_mating_moves() {
    check(
        "begin
stipulation #1
condition AndernachChess
option NoBoard
pieces white Kg6 Ra1 Rb2 black Kh8
end
",
        "
   1.Rb2-b8 # !

   1.Ra1-a8 # !


solution finished.


",
    );
}

/// With Quodlibet, a semi-reflex mate's attacker may mate at once, and its mate is marked
/// (H. P. Rehm and Th. Steudel, Schwalbe 1968, semi-r#2).
#[test]
fn quodlibet_marks_the_attackers_own_mate_in_semi_reflex_play() {
    check(
        "begin
stipulation semi-r#2
option Variations Quodlibet NoBoard
pieces white Kh5 Ra8 Bg8 Sg6 Pc6h6 black Ke8 Bd8 Sh8
end
",
        "
   1.Bg8-e6 ! zugzwang.
      1...Sh8-f7
          2.Be6-d7 #
      1...Sh8*g6
          2.Be6-g4
              2...Sg6-f4 #


solution finished.


",
    );
}

/// WhiteToPlay shows a helpmate half a move shorter, but not a proof game (`a=>b1`).
#[test]
fn white_to_play_keeps_a_proof_games_length() {
    check(
        "begin
pieces white Ke1 Ra1 black Ke8
stipulation a=>b1
option WhiteToPlay
pieces white Ke1 Ra2 black Ke8
end
",
        "

+---a---b---c---d---e---f---g---h---+
|                                   |
8   .   .   .   .  -K   .   .   .   8
|                                   |
7   .   .   .   .   .   .   .   .   7
|                                   |
6   .   .   .   .   .   .   .   .   6
|                                   |
5   .   .   .   .   .   .   .   .   5
|                                   |
4   .   .   .   .   .   .   .   .   4
|                                   |
3   .   .   .   .   .   .   .   .   3
|                                   |
2   .   .   .   .   .   .   .   .   2
|                                   |
1   R   .   .   .   K   .   .   .   1
|                                   |
+---a---b---c---d---e---f---g---h---+
                              2 + 1

            => (White ->)


+---a---b---c---d---e---f---g---h---+
|                                   |
8   .   .   .   .  -K   .   .   .   8
|                                   |
7   .   .   .   .   .   .   .   .   7
|                                   |
6   .   .   .   .   .   .   .   .   6
|                                   |
5   .   .   .   .   .   .   .   .   5
|                                   |
4   .   .   .   .   .   .   .   .   4
|                                   |
3   .   .   .   .   .   .   .   .   3
|                                   |
2   R   .   .   .   .   .   .   .   2
|                                   |
1   .   .   .   .   K   .   .   .   1
|                                   |
+---a---b---c---d---e---f---g---h---+
  a=>b1                       2 + 1


solution finished.


",
    );
}

/// Option Try alone shows the keys and tries bare: their threats and variations only with
/// option Variation.
#[test]
fn option_try_alone_shows_tries_without_their_play() {
    check(
        "begin
stipulation #2
option Try NoBoard
pieces white Kg1 Qa1 Rb6 black Kh8 Pg7h7 Bh6
end
",
        "
   1.Qa1-e5 ?
    but
      1...Bh6-e3 + !

   1.Qa1-a8 # !

   1.Rb6-b8 # !

   1.Rb6-b7 ?
    but
      1...Bh6-e3 + !

   1.Rb6*h6 ?
    but
      1...Kh8-g8 !


solution finished.


",
    );
}

/// Option SetPlay alone shows the key bare (here there is no set play to show).
#[test]
fn option_set_play_alone_shows_the_key_bare() {
    check(
        "begin
stipulation #2
option SetPlay NoBoard
pieces white Ka3 Ra8 black Kb1
end
",
        "

   1.Ra8-c8 !


solution finished.


",
    );
}

/// Help-reflex play whose first side can mate at once: it must, which fails; its mate is
/// shown with `?!?`, as a line of help play.
#[test]
fn help_reflex_play_shows_the_first_sides_obliged_mate_failing() {
    check(
        "begin
stipulation hr#2
option NoBoard
pieces white Ka6 Qf6 black Kb8 Rg4h5
end
",
        "
  1.Qf6-d8 # ?!?

solution finished.


",
    );
}

/// Reciprocal play in one move: the help play's ends, then Black's own set apart by a
/// blank line, each in the order of the generator of mating moves.
#[test]
fn reciprocal_play_in_one_sets_the_own_ends_apart() {
    check(
        "begin
stipulation reci-h#1
option NoBoard
pieces white Ka1 Pa2 Pb2 Re2 black Kh8 Qd4 Rc3 Pg7 Ph7 Pc2
end
",
        "
  1.c2-c1=S Re2-e8 #
  1.c2-c1=B Re2-e8 #
  1.Rc3-a3 Re2-e8 #
  1.Rc3-b3 Re2-e8 #
  1.Rc3-c7 Re2-e8 #
  1.Rc3-c6 Re2-e8 #
  1.Rc3-c5 Re2-e8 #
  1.Rc3-c4 Re2-e8 #
  1.Rc3-h3 Re2-e8 #
  1.Rc3-g3 Re2-e8 #
  1.Rc3-d3 Re2-e8 #
  1.Qd4-a7 Re2-e8 #
  1.Qd4-b6 Re2-e8 #
  1.Qd4-d2 Re2-e8 #
  1.Qd4-d3 Re2-e8 #
  1.Qd4-h4 Re2-e8 #
  1.Qd4-g4 Re2-e8 #

  1.Qd4-d1 #
  1.c2-c1=Q #
  1.c2-c1=R #

solution finished.


",
    );
}

/// Series reflex play with a goal of the move binds the series side too: where it can
/// check at once it must, and fails; its checks are shown with `?!?`, in the order of
/// the generator of checking moves.
#[test]
fn series_reflex_check_shows_the_series_sides_obliged_checks_failing() {
    check(
        "begin
stipulation ser-r+2
option NoBoard
pieces white Kf4 Qe3 Rc4f3 Bb6h4 Sa1 Pa2 black Kh1
end
",
        "
  1.Rc4-c1 + ?!?
  1.Rf3-f1 + ?!?
  1.Rf3-h3 + ?!?
  1.Qe3-c1 + ?!?
  1.Qe3-g1 + ?!?
  1.Qe3-e1 + ?!?

solution finished.


",
    );
}

/// Series help-self play numbers Black's forced last move, the series side moving again.
#[test]
fn series_help_self_numbers_the_forced_move() {
    let text = binary::stdout(&{
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("problem");
        std::fs::write(
            &path,
            "begin\nforsyth 7r/KQ6/4q1p1/k7/3R4/8/4P3/8\nstipulation ser-hs#2\noption NoBoard\nend\n",
        )
        .unwrap();
        run(&["-regression", path.to_str().unwrap()])
    });
    let first: Vec<&str> = text.lines().take(4).collect();
    assert_eq!(
        first,
        [
            "",
            "  1.Qe6-b3 Qb7-b6 +   2.Qb3*b6 #",
            "  1.Qe6-c8 Qb7-a6 +   2.Qc8*a6 #",
            "  1.Qe6*e2 Qb7-a6 +   2.Qe2*a6 #",
        ]
    );
}
