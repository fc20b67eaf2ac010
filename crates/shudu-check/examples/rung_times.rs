//! Where HoDoKu's grading spends its time, rung by rung, over a collection: for each technique of the ladder
//! `shudu rate` grades with (or, with `explain` after N, the default ladder `shudu explain` walks), how often it was
//! tried, how often it took the step, and the time its searches took (from each attempt to the next event the
//! solver reports). A guide to where speed work pays, not a benchmark: the clock is read around every attempt.
//!
//! ```sh
//! cargo run --release -p shudu-check --example rung_times -- ../shared/data/puzzles/top1465.txt [N [explain]]
//! ```

use std::time::{Duration, Instant};

use shudu::format::parse_line;
use shudu::logic::{Listener, Solver, Step, Technique};
use shudu::rate::grading_solver;
use shudu::Grid;

/// Per technique: attempts, steps taken, time.
#[derive(Default)]
struct Rungs {
    tried: Vec<(Technique, u64, u64, Duration)>,
    current: Option<(usize, Instant)>,
}

impl Rungs {
    fn close(&mut self) {
        if let Some((i, since)) = self.current.take() {
            self.tried[i].3 += since.elapsed();
        }
    }
}

impl Listener for Rungs {
    fn on_attempt(&mut self, technique: Technique) {
        self.close();
        let i = match self.tried.iter().position(|r| r.0 == technique) {
            Some(i) => i,
            None => {
                self.tried.push((technique, 0, 0, Duration::ZERO));
                self.tried.len() - 1
            }
        };
        self.tried[i].1 += 1;
        self.current = Some((i, Instant::now()));
    }

    fn on_step(&mut self, step: &Step, _grid: &Grid) {
        if let Some((i, _)) = self.current {
            if self.tried[i].0 == step.technique {
                self.tried[i].2 += 1;
            }
        }
        self.close();
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let file = args.next().expect("usage: rung_times FILE [N [explain]]");
    let n: usize = args.next().map_or(usize::MAX, |s| s.parse().expect("a number"));
    let solver = match args.next().as_deref() {
        Some("explain") => Solver::new(),
        None => grading_solver(),
        Some(other) => panic!("unknown ladder {other}: `explain` or none"),
    };
    let text = std::fs::read_to_string(&file).expect("the collection is readable");
    let mut rungs = Rungs::default();
    let start = Instant::now();
    for line in text.lines().filter(|l| !l.trim().is_empty()).take(n) {
        let Ok(values) = parse_line(line.split_whitespace().next().unwrap_or("")) else {
            continue;
        };
        let Ok(grid) = Grid::from_values(&values) else {
            continue;
        };
        solver.solve(&grid, &mut rungs);
        rungs.close();
    }
    let total = start.elapsed();
    rungs.tried.sort_by_key(|r| std::cmp::Reverse(r.3));
    println!(
        "{:<28} {:>9} {:>7} {:>10} {:>6}",
        "technique", "tried", "took", "ms", "%"
    );
    for (t, tried, took, time) in &rungs.tried {
        println!(
            "{:<28} {tried:>9} {took:>7} {:>10.1} {:>6.1}",
            t.name(),
            time.as_secs_f64() * 1e3,
            100.0 * time.as_secs_f64() / total.as_secs_f64()
        );
    }
    println!("total {:.1} ms", total.as_secs_f64() * 1e3);
}
