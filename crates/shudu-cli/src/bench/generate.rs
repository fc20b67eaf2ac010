//! `shudu bench --generate`: how long the generator takes per puzzle, on one thread: mean and percentiles, for a
//! plain minimal puzzle and for each level.

use std::hint::black_box;
use std::io::{self, Write};
use std::time::{Duration, Instant};

use shudu::generate::{puzzle_seed, Generator, Options};
use shudu::logic::Level;

use super::BenchArgs;
use crate::output::warn;
use crate::Status;

/// Times `-n` puzzles for each row (the plain generator, then each level asked, or all five) and prints one line a
/// row. Each puzzle is made `--repeat` times and its fastest time kept: the work is the same every time, so the
/// fastest is the one least disturbed by other processes.
pub fn report(out: &mut impl Write, args: &BenchArgs) -> io::Result<Status> {
    let n = args.count;
    writeln!(
        out,
        "generator, one thread, {n} puzzles a row from seed {} (puzzle i from puzzle_seed(seed, i)), symmetry {}{}; \
         each puzzle the fastest of {} run{}",
        args.seed,
        args.symmetry,
        if args.minimal { ", minimal" } else { "" },
        args.repeat,
        if args.repeat == 1 { "" } else { "s" }
    )?;
    writeln!(
        out,
        "{:<22} {:>10} {:>10} {:>10} {:>10} {:>9} {:>7}",
        "target", "mean", "median", "p95", "max", "attempts", "givens"
    )?;
    let levels: Vec<Option<Level>> = if args.level.is_empty() {
        std::iter::once(None)
            .chain(Level::ALL.iter().copied().map(Some))
            .collect()
    } else {
        args.level.iter().map(|&l| Some(Level::from(l))).collect()
    };
    let mut status = Status::Ok;
    for level in levels {
        let options = Options {
            level,
            symmetry: args.symmetry,
            minimal: args.minimal,
            ..Options::default()
        };
        let name = match level {
            None if args.minimal || args.symmetry == shudu::generate::Symmetry::None => "unique, minimal".to_string(),
            None => "unique".to_string(),
            Some(l) => l.name().to_string(),
        };
        let generator = match Generator::new(options) {
            Ok(g) => g,
            Err(e) => {
                warn(format_args!("shudu: {name}: {e}"));
                status = Status::Failed;
                continue;
            }
        };
        let mut times = Vec::with_capacity(n);
        let (mut attempts, mut givens, mut failed) = (0u64, 0usize, 0usize);
        for i in 0..n as u64 {
            let seed = puzzle_seed(args.seed, i);
            let mut best = Duration::MAX;
            let mut made = None;
            for _ in 0..args.repeat.max(1) {
                let start = Instant::now();
                made = Some(generator.generate(black_box(seed)));
                best = best.min(start.elapsed());
            }
            match made {
                Some(Ok(p)) => {
                    attempts += u64::from(p.attempts);
                    givens += p.givens();
                }
                _ => failed += 1,
            }
            times.push(best);
        }
        times.sort_unstable();
        let mean = times.iter().sum::<Duration>().as_secs_f64() / n.max(1) as f64;
        let at = |q: f64| times.get(((n as f64 * q) as usize).min(n.saturating_sub(1))).copied();
        let made = n - failed;
        writeln!(
            out,
            "{name:<22} {:>10} {:>10} {:>10} {:>10} {:>9.2} {:>7.1}{}",
            show(mean),
            show(at(0.5).unwrap_or_default().as_secs_f64()),
            show(at(0.95).unwrap_or_default().as_secs_f64()),
            show(times.last().copied().unwrap_or_default().as_secs_f64()),
            attempts as f64 / made.max(1) as f64,
            givens as f64 / made.max(1) as f64,
            if failed > 0 {
                format!("  ({failed} gave up)")
            } else {
                String::new()
            }
        )?;
        out.flush()?;
    }
    Ok(status)
}

/// A duration in µs below a millisecond, in ms above.
fn show(seconds: f64) -> String {
    if seconds < 1e-3 {
        format!("{:.1} µs", seconds * 1e6)
    } else {
        format!("{:.2} ms", seconds * 1e3)
    }
}
