//! Perft counts of the published test positions (tests/data/perft.txt).

use fairy::board::Position;
use fairy::conditions::Orthodox;
use fairy::perft::perft;

#[test]
fn published_perft_counts() {
    let text = include_str!("data/perft.txt");
    let mut pos: Option<Position> = None;
    let mut checked = 0;
    for line in text.lines().map(str::trim) {
        if let Some(fen) = line.strip_prefix("epd ") {
            pos = Some(Position::from_fen(fen).expect("valid FEN"));
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let mut it = rest.split_whitespace().map(|x| x.parse::<u64>().unwrap());
            let (depth, nodes) = (it.next().unwrap() as u32, it.next().unwrap());
            let p = pos.as_ref().expect("perft line after epd");
            assert_eq!(perft(&Orthodox, p, depth), nodes, "depth {depth} of {line}");
            checked += 1;
        }
    }
    assert!(checked > 20);
}
