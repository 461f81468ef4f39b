use super::PerftArgs;
use fairy::board::Position;
use fairy::conditions::{names_alice, parse_conditions, Alice, Orthodox, Rules};
use fairy::input::{Span, Spanned};
use fairy::output::notation;
use fairy::search::annotate;
use std::time::Instant;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

pub fn run(args: &PerftArgs) -> i32 {
    let words: Vec<Spanned<String>> = args
        .conditions
        .iter()
        .flat_map(|c| c.split_whitespace().map(str::to_string).collect::<Vec<_>>())
        .enumerate()
        .map(|(i, w)| Spanned::new(w, Span::new(1, i as u32 + 1)))
        .collect();
    let fairy = match parse_conditions(&words) {
        Ok(f) => f,
        Err(e) => {
            eprintln!(
                "fairy: error: --condition word {}: {}",
                e.span.col, e.message
            );
            return 2;
        }
    };
    if let Some((variant, _)) = names_alice(&words) {
        if fairy.is_some() {
            eprintln!("fairy: error: Alice chess combined with Circe-family conditions is not supported yet");
            return 2;
        }
        // A FEN has one board: every unit starts on board A.
        return count(&Alice { variant }, args);
    }
    match fairy {
        None => count(&Orthodox, args),
        Some(f) => count(&f, args),
    }
}

fn count<R: Rules>(rules: &R, args: &PerftArgs) -> i32 {
    let fen = args.fen.as_deref().unwrap_or(START);
    let mut pos: Position<R::Ext> = match Position::from_fen(fen) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("fairy: error: {e}");
            return 2;
        }
    };
    if let Err(e) = rules.init(&mut pos, &[]) {
        eprintln!("fairy: error: {e}");
        return 2;
    }
    let start = Instant::now();
    let total = if args.divide {
        let mut total = 0;
        for (mv, n) in fairy::perft::divide(rules, &pos, args.depth) {
            let after = rules.play(&pos, &mv);
            println!(
                "{} {n}",
                notation::move_text(&annotate(rules, &pos, &mv, &after))
            );
            total += n;
        }
        total
    } else {
        fairy::perft::perft(rules, &pos, args.depth)
    };
    let secs = start.elapsed().as_secs_f64();
    println!("perft {} = {total}", args.depth);
    eprintln!(
        "{:.3} s, {:.1} M nodes/s",
        secs,
        total as f64 / secs.max(1e-9) / 1e6
    );
    0
}
