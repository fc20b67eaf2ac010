//! Runs every finder (or the one named) to exhaustion on one board, the engine's JSON in a file, and prints each wrong
//! instance: for looking into a board the soundness run reported.
//!
//! ```sh
//! cargo run --release -p shudu-check --example board -- board.json ["Grouped Nice Loop/AIC"]
//! ```

use shudu::{search, Grid};
use shudu_check::every;

fn main() {
    let mut args = std::env::args().skip(1);
    let file = args.next().expect("usage: board FILE.json [TECHNIQUE]");
    let only = args.next();
    let text = std::fs::read_to_string(&file).expect("the board's file is readable");
    let grid: Grid = serde_json::from_str(text.trim()).expect("the file holds a board as JSON");
    let mut givens = [0u8; 81];
    for cell in grid.givens() {
        givens[cell.index()] = grid.values()[cell.index()];
    }
    let solution = search::solve(&givens).expect("the givens have a solution");
    let techniques: Vec<_> = every::techniques()
        .into_iter()
        .filter(|t| only.as_ref().is_none_or(|o| t.to_string() == *o))
        .collect();
    let mut tally = every::Tally::new();
    tally.states += 1;
    every::check_all(&grid, &solution, &techniques, &mut tally);
    println!("{} instances, {} wrong", tally.total(), tally.wrong.len());
    for w in &tally.wrong {
        println!("{}", w.lines().next().unwrap_or(""));
    }
}
