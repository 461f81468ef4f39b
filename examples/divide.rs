use fairy::board::Position;
use fairy::conditions::Orthodox;
fn main() {
    let fen = std::env::args().nth(1).unwrap();
    let p: Position = Position::from_fen(&fen).unwrap();
    for (m, n) in fairy::perft::divide(&Orthodox, &p, 1) {
        println!("{}{} {:?} {}", m.from, m.to, m.kind, n);
    }
}
