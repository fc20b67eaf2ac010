//! The units (nets derived) each forcing-net search of the default ladder's paths takes, over a collection: what a
//! budget must allow for the ladder to find every step it finds unbounded (RELIABILITY.md, section Limits).
//!
//! ```sh
//! cargo run --release -p shudu-check --example net_units -- ../shared/data/puzzles/top1465.txt [N]
//! ```

use std::time::Instant;

use shudu::format::parse_line;
use shudu::logic::{budget, Solver, Technique};
use shudu::Grid;

fn main() {
    let mut args = std::env::args().skip(1);
    let file = args.next().expect("usage: net_units FILE [N]");
    let n: usize = args.next().map_or(usize::MAX, |s| s.parse().expect("a number"));
    let text = std::fs::read_to_string(&file).expect("the collection is readable");
    let solver = Solver::new();
    let (mut searches, mut most, mut total, mut slowest) = (0u64, 0u64, 0u64, 0f64);
    for line in text.lines().filter(|l| !l.trim().is_empty()).take(n) {
        let Ok(values) = parse_line(line.split_whitespace().next().unwrap_or("")) else {
            continue;
        };
        let Ok(mut grid) = Grid::from_values(&values) else {
            continue;
        };
        while !grid.is_full() {
            let mut step = None;
            for &t in solver.ladder() {
                let started = Instant::now();
                let (found, spent) = budget::with_budget(None, || Solver::find_first(t, &grid));
                if t == Technique::ForcingNet {
                    searches += 1;
                    most = most.max(spent.units);
                    total += spent.units;
                    slowest = slowest.max(started.elapsed().as_secs_f64());
                }
                if found.is_some() {
                    step = found;
                    break;
                }
            }
            let Some(step) = step else { break };
            if step.apply(&mut grid).is_err() {
                break;
            }
        }
    }
    println!("{file}: {searches} forcing-net searches, {total} units, the most in one search {most} (slowest {slowest:.2} s)");
}
