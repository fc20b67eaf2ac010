//! `shudu bench --canon`: how fast canonical (minlex) forms are found over a collection on one thread, against the
//! search solver on the same puzzles in the same run.

use std::collections::HashSet;
use std::hint::black_box;
use std::io::{self, Write};
use std::time::{Duration, Instant};

use shudu::{canon, search};

use super::{BenchArgs, Collection, REPEAT_BUDGET};

/// Times the canonical form of every puzzle of the collection (or its first `--first`), then the search solver
/// (limit 2) over the same puzzles, and prints one block: both speeds, their ratio, and the classes found.
pub fn report(out: &mut impl Write, c: &Collection, args: &BenchArgs) -> io::Result<()> {
    let take = args.first.unwrap_or(usize::MAX).min(c.puzzles.len());
    let puzzles = &c.puzzles[..take];
    let n = puzzles.len();
    writeln!(out, "{}: first {n} puzzles, canonical forms", c.name)?;
    if n == 0 {
        writeln!(out, "  nothing to time")?;
        return Ok(());
    }
    let mut forms = Vec::with_capacity(n);
    let canon_time = best_of(args.repeat, || {
        forms.clear();
        for p in puzzles {
            forms.push(canon::canonical(black_box(p)));
        }
    });
    let search_time = best_of(args.repeat, || {
        for p in puzzles {
            black_box(search::search(black_box(p), 2));
        }
    });
    let classes: HashSet<&[u8; 81]> = forms.iter().collect();
    let per_second = |t: Duration| n as f64 / t.as_secs_f64().max(f64::MIN_POSITIVE);
    let micros = |t: Duration| t.as_secs_f64() * 1e6 / n as f64;
    writeln!(
        out,
        "  canon     {:>9.3} s {:>10.0} forms/s   {:>10.2} µs/form",
        canon_time.as_secs_f64(),
        per_second(canon_time),
        micros(canon_time)
    )?;
    writeln!(
        out,
        "  search    {:>9.3} s {:>10.0} puzzles/s {:>10.2} µs/puzzle (solution and proof of uniqueness)",
        search_time.as_secs_f64(),
        per_second(search_time),
        micros(search_time)
    )?;
    writeln!(
        out,
        "  ratio     a form costs {:.2}× a search; {} classes among {n} puzzles",
        canon_time.as_secs_f64() / search_time.as_secs_f64().max(f64::MIN_POSITIVE),
        classes.len()
    )?;
    Ok(())
}

/// The fastest of `repeat` runs of `work`, stopping early once the runs have taken [`REPEAT_BUDGET`].
fn best_of(repeat: u32, mut work: impl FnMut()) -> Duration {
    let mut best = Duration::MAX;
    let mut spent = Duration::ZERO;
    let mut runs = 0;
    while runs < repeat && spent < REPEAT_BUDGET {
        let start = Instant::now();
        work();
        let elapsed = start.elapsed();
        best = best.min(elapsed);
        spent += elapsed;
        runs += 1;
    }
    best
}
