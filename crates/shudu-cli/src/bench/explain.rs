//! `shudu bench --explain`: the explained solver's speed over a collection, and how far its ladder gets.

use std::hint::black_box;
use std::io::{self, Write};
use std::time::{Duration, Instant};

use shudu::logic::{Outcome, Silent, Solver};
use shudu::Grid;

use super::{BenchArgs, Collection, REPEAT_BUDGET};

/// Times the default ladder over the collection (or its first `--first` puzzles) and prints one block.
pub fn report(out: &mut impl Write, c: &Collection, args: &BenchArgs) -> io::Result<()> {
    let take = args.first.unwrap_or(usize::MAX).min(c.puzzles.len());
    // Puzzles whose givens clash cannot be explained; they are left out, and counted.
    let grids: Vec<Grid> = c.puzzles[..take]
        .iter()
        .filter_map(|p| Grid::from_values(p).ok())
        .collect();
    let n = grids.len();
    writeln!(out, "{}: first {n} puzzles, explained with the default ladder", c.name)?;
    if take > n {
        writeln!(out, "  {} puzzles with clashing givens left out", take - n)?;
    }
    if n == 0 {
        writeln!(out, "  nothing to time")?;
        return Ok(());
    }
    let solver = Solver::new();
    let mut best = Duration::MAX;
    let mut spent = Duration::ZERO;
    let mut runs = 0;
    let (mut solved, mut stuck, mut steps) = (0usize, 0usize, 0usize);
    while runs < args.repeat && spent < REPEAT_BUDGET {
        (solved, stuck, steps) = (0, 0, 0);
        let start = Instant::now();
        for g in &grids {
            let report = solver.solve(black_box(g), &mut Silent);
            steps += report.steps.len();
            match report.outcome {
                Outcome::Solved => solved += 1,
                Outcome::Stuck => stuck += 1,
                Outcome::Invalid(_) => {}
            }
        }
        let elapsed = start.elapsed();
        best = best.min(elapsed);
        spent += elapsed;
        runs += 1;
    }
    super::write_rate(out, n, best)?;
    writeln!(
        out,
        "  outcome   {solved} solved by logic, {stuck} stuck, {} invalid; {:.1} steps a puzzle",
        n - solved - stuck,
        steps as f64 / n as f64
    )?;
    if args.by_technique {
        super::rungs::report(out, &solver, &grids)?;
    }
    Ok(())
}
