mod cli;

fn main() {
    std::process::exit(cli::run());
}
