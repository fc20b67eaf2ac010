//! `shudu bench --rate`: how fast `shudu rate` grades a collection on one thread, without parsing or output: its
//! text lines, HoDoKu's grading (SE's ratings, which only its JSON and serate's lines show, are timed by the SE
//! section of BENCHMARKS.md).

use std::hint::black_box;
use std::io::{self, Write};
use std::time::{Duration, Instant};

use shudu::logic::Level;
use shudu::rate::{grade_with, hodoku_solver, proper};
use shudu::Grid;

use super::{BenchArgs, Collection, REPEAT_BUDGET};

/// Times the whole grading of each puzzle (uniqueness check, HoDoKu's ladder) over the collection
/// (or its first `--first` puzzles) and prints one block: speed, the levels, and how many paths were stuck.
pub fn report(out: &mut impl Write, c: &Collection, args: &BenchArgs) -> io::Result<()> {
    let take = args.first.unwrap_or(usize::MAX).min(c.puzzles.len());
    let puzzles = &c.puzzles[..take];
    let n = puzzles.len();
    writeln!(out, "{}: first {n} puzzles, graded", c.name)?;
    if n == 0 {
        writeln!(out, "  nothing to time")?;
        return Ok(());
    }
    let solver = hodoku_solver();
    let mut best = Duration::MAX;
    let mut spent = Duration::ZERO;
    let mut runs = 0;
    let (mut levels, mut stuck, mut invalid) = ([0usize; 5], 0usize, 0usize);
    while runs < args.repeat && spent < REPEAT_BUDGET {
        (levels, stuck, invalid) = ([0; 5], 0, 0);
        let start = Instant::now();
        for p in puzzles {
            match grade_with(black_box(p), &solver) {
                Ok(grade) => {
                    levels[grade.level as usize] += 1;
                    stuck += usize::from(!grade.solved);
                }
                Err(_) => invalid += 1,
            }
        }
        let elapsed = start.elapsed();
        best = best.min(elapsed);
        spent += elapsed;
        runs += 1;
    }
    super::write_rate(out, n, best)?;
    let named: Vec<String> = Level::ALL
        .iter()
        .map(|l| format!("{} {}", levels[*l as usize], l.name()))
        .collect();
    writeln!(
        out,
        "  levels    {}; {stuck} stuck (graded Extreme), {invalid} invalid",
        named.join(", ")
    )?;
    if args.by_technique {
        // The ladder alone, on the proper puzzles (those it grades): the uniqueness check is not a rung.
        let grids: Vec<Grid> = puzzles.iter().filter_map(|p| proper(p).ok()).collect();
        super::rungs::report(out, &solver, &grids)?;
    }
    Ok(())
}
