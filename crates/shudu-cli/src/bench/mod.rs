//! `shudu bench`: how fast the search solver goes through whole puzzle collections, on one thread.

mod baseline;
mod canon;
mod draw;
mod explain;
mod generate;
mod rate;
mod rungs;
mod serve;

use std::fs;
use std::hint::black_box;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use clap::Args;
use shudu::search;

use crate::input;
use crate::output::warn;
use crate::Status;

/// Where the default collections are, relative to the current directory (the project's root sits beside `shared`).
const DEFAULT_DIR: &str = "../shared/data/puzzles";

/// The default collections and their limits. serg_benchmark.txt holds puzzles with many solutions, where the task
/// is finding one.
const DEFAULT_COLLECTIONS: [(&str, u64); 4] = [
    ("royle17.txt", 2),
    ("top1465.txt", 2),
    ("forum_hardest_1905.txt", 2),
    ("serg_benchmark.txt", 1),
];

pub const LONG_ABOUT: &str = "\
Time the search solver over whole puzzle collections, single-threaded.

Each file is read and parsed first (not timed); then the solver runs over every puzzle in it, R times, and the \
fastest run is reported: puzzles, total seconds, puzzles per second, microseconds per puzzle, and how many puzzles \
had one solution, none, or several. Files hold one puzzle per line; blank lines and `#` comments are skipped.

With no FILE, the default collections are used: royle17.txt, top1465.txt, forum_hardest_1905.txt and \
serg_benchmark.txt (the last with limit 1), looked up in ../shared/data/puzzles/ relative to the current directory.

--baseline also times a plain backtracking solver (bit masks per row, column and box, guessing on the cell with the \
fewest candidates, no propagation) in the same run, and shows the speed-up against it. On a large collection the \
baseline is timed on a sample (--baseline-sample), and the search solver again on the same puzzles.

--explain times the explained solver instead, --rate the grading of `shudu rate`, and --canon the canonical \
(minlex) forms of `shudu canon`, against the search solver on the same puzzles. --generate times the \
generator (no files read): mean, median, 95th percentile and maximum time per puzzle, for plain minimal puzzles and \
for each level. --draw times the pictures (no files read): the SVG of a step, its PNG at 360 px, and a PDF book of \
100 puzzles. --serve puts the web game under load: simulated players on `shudu serve` (started for the run \
on a loopback port, or --url), with each endpoint's latency (p50, p99, max) and errors, and the first page load's \
compressed size.";

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Puzzle files, one puzzle per line. Default: the collections in ../shared/data/puzzles/.
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,

    /// Stop each search after N solutions: 2 finds the solution and proves it unique, 1 stops at the first
    /// solution. Default: 2 (1 for serg_benchmark.txt among the default collections).
    #[arg(long, value_name = "N", value_parser = crate::at_least_one::<u64>)]
    limit: Option<u64>,

    /// Run over each collection R times and report the fastest run. A timing whose runs have already taken 10 s
    /// is not repeated further: so long a run is steady, and the baseline's can take minutes.
    #[arg(long, value_name = "R", default_value_t = 3, value_parser = crate::at_least_one::<u32>)]
    repeat: u32,

    /// Also time a plain backtracking solver in the same run and show the speed-up against it.
    #[arg(long)]
    baseline: bool,

    /// Time the baseline on at most N puzzles of each collection, spread evenly over it; the search solver is timed
    /// on the same ones for the ratio. The baseline takes about 10 ms on a 17-clue puzzle, so whole collections
    /// would take hours.
    #[arg(long, value_name = "N", default_value_t = 2000, value_parser = crate::at_least_one::<usize>)]
    baseline_sample: usize,

    /// Time the explained (human-style) solver instead, with the default ladder: puzzles per second, how many it
    /// solves, how many steps it takes.
    #[arg(long)]
    explain: bool,

    /// Time the grading of `shudu rate` instead (uniqueness check, HoDoKu's ladder and the SE ladder, no output):
    /// puzzles per second, and the levels.
    #[arg(long, conflicts_with = "explain")]
    rate: bool,

    /// Time the canonical (minlex) forms of `shudu canon` instead, against the search solver on the same puzzles in
    /// the same run: forms per second, and the classes found.
    #[arg(long, conflicts_with_all = ["explain", "rate", "baseline"])]
    canon: bool,

    /// Time the generator instead (no files read): per puzzle, mean, median, 95th percentile and maximum, for a
    /// plain minimal puzzle and for each level (or the levels named with --level).
    #[arg(long, conflicts_with_all = ["explain", "rate", "baseline", "canon"])]
    generate: bool,

    /// Time the pictures instead (no files read): the SVG of a step, its PNG at 360 px, a PDF book of 100
    /// puzzles.
    #[arg(long, conflicts_with_all = ["explain", "rate", "baseline", "generate"])]
    draw: bool,

    /// With --generate: the levels to time (may be given more than once). Default: a plain minimal puzzle, then
    /// every level.
    #[arg(long, value_name = "LEVEL", value_enum, requires = "generate")]
    level: Vec<crate::rate::LevelArg>,

    /// With --generate: puzzles a row.
    #[arg(short = 'n', long, value_name = "N", default_value_t = 1000, value_parser = crate::at_least_one::<usize>)]
    count: usize,

    /// With --generate: the seed of the first puzzle of each row; with --serve, of the players' choices.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,

    /// With --generate: the symmetry of the puzzles.
    #[arg(long, value_name = "SYMMETRY", default_value = "none", value_parser = crate::generate::parse_symmetry)]
    symmetry: shudu::generate::Symmetry,

    /// With --generate: minimal puzzles only.
    #[arg(long, requires = "generate")]
    minimal: bool,

    /// Put the web game under load instead (no files read): simulated players on `shudu serve`.
    #[arg(long, conflicts_with_all = ["explain", "rate", "baseline", "generate", "draw"])]
    serve: bool,

    /// With --serve: the server to load (default: a `shudu serve` started for the run).
    #[arg(long, value_name = "URL", requires = "serve")]
    url: Option<String>,

    /// With --serve: simulated players.
    #[arg(long, value_name = "N", default_value_t = 64, value_parser = crate::at_least_one::<usize>)]
    players: usize,

    /// With --serve: how long they play, in seconds.
    #[arg(long, value_name = "S", default_value_t = 30, value_parser = crate::at_least_one::<u64>)]
    seconds: u64,

    /// With --serve: a player's mean pause between actions, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 400, value_parser = crate::at_least_one::<u64>)]
    think_ms: u64,

    /// With --explain, --rate or --canon: time only the first N puzzles of each collection.
    #[arg(long, value_name = "N", value_parser = crate::at_least_one::<usize>)]
    first: Option<usize>,

    /// With --explain or --rate: after the timed runs, one more pass that clocks each technique's attempts and
    /// lists where the ladder's time goes (time, share, attempts, steps found, microseconds an attempt).
    #[arg(long)]
    by_technique: bool,
}

/// A collection loaded into memory.
pub(crate) struct Collection {
    pub(crate) name: String,
    limit: u64,
    pub(crate) puzzles: Vec<[u8; 81]>,
    /// The line each puzzle came from, to name a puzzle the two solvers disagree on.
    lines: Vec<usize>,
}

/// The fastest of several runs, and the solution counts found.
struct Timing {
    best: Duration,
    runs: u32,
    counts: Vec<u64>,
}

/// Repeats stop once the runs of one timing have taken this long.
pub(crate) const REPEAT_BUDGET: Duration = Duration::from_secs(10);

type Solver = fn(&[u8; 81], u64) -> u64;

fn search_solver(values: &[u8; 81], limit: u64) -> u64 {
    search::search(values, limit).count
}

/// Runs `shudu bench`.
pub fn run(args: &BenchArgs) -> Status {
    match bench(args) {
        Ok(status) => status,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Status::Ok,
        Err(e) => {
            warn(format_args!("shudu: cannot write the output: {e}"));
            Status::Failed
        }
    }
}

fn bench(args: &BenchArgs) -> io::Result<Status> {
    if args.generate {
        return generate::report(&mut io::stdout().lock(), args);
    }
    if args.serve {
        return serve::report(&mut io::stdout().lock(), args);
    }
    if args.draw {
        draw::report(&mut io::stdout().lock(), args)?;
        return Ok(Status::Ok);
    }
    let mut status = Status::Ok;
    let targets = match targets(args) {
        Some(targets) => targets,
        None => return Ok(Status::Failed),
    };
    let mut out = io::stdout().lock();
    if args.canon {
        writeln!(
            out,
            "canonical forms (shudu canon) and the search solver, one thread, best of {} run{}; parsing not timed",
            args.repeat,
            if args.repeat == 1 { "" } else { "s" }
        )?;
    } else if args.rate {
        writeln!(
            out,
            "grading (shudu rate), one thread, best of {} run{}; parsing and output not timed",
            args.repeat,
            if args.repeat == 1 { "" } else { "s" }
        )?;
    } else if args.explain {
        writeln!(
            out,
            "explained solver, default ladder, one thread, best of {} run{}; parsing not timed",
            args.repeat,
            if args.repeat == 1 { "" } else { "s" }
        )?;
    } else {
        writeln!(
            out,
            "search solver, one thread, best of {} run{}; parsing not timed{}",
            args.repeat,
            if args.repeat == 1 { "" } else { "s" },
            if args.baseline {
                "; baseline: plain backtracking (row/column/box masks, fewest-candidates cell, no propagation)"
            } else {
                ""
            }
        )?;
    }
    for (path, limit) in targets {
        let collection = match load(&path, limit) {
            Ok((collection, load_status)) => {
                status = status.and(load_status);
                collection
            }
            Err(message) => {
                warn(format_args!("shudu: {message}"));
                status = Status::Failed;
                continue;
            }
        };
        writeln!(out)?;
        if args.canon {
            canon::report(&mut out, &collection, args)?;
            out.flush()?;
            continue;
        }
        if args.rate {
            rate::report(&mut out, &collection, args)?;
            out.flush()?;
            continue;
        }
        if args.explain {
            explain::report(&mut out, &collection, args)?;
            out.flush()?;
            continue;
        }
        status = status.and(report(&mut out, &collection, args)?);
        out.flush()?;
    }
    Ok(status)
}

/// The files to time and their limits; `None`, after saying why, when there is nothing to time.
fn targets(args: &BenchArgs) -> Option<Vec<(PathBuf, u64)>> {
    if !args.files.is_empty() {
        let limit = args.limit.unwrap_or(2);
        return Some(args.files.iter().map(|f| (f.clone(), limit)).collect());
    }
    let dir = Path::new(DEFAULT_DIR);
    let mut found = Vec::new();
    for (name, limit) in DEFAULT_COLLECTIONS {
        let path = dir.join(name);
        if path.is_file() {
            found.push((path, args.limit.unwrap_or(limit)));
        } else {
            warn(format_args!(
                "shudu: note: default collection {} is absent, skipped",
                path.display()
            ));
        }
    }
    if found.is_empty() {
        let cwd =
            std::env::current_dir().map_or_else(|_| "the current directory".to_string(), |d| d.display().to_string());
        warn(format_args!(
            "shudu: no puzzle collections to time: the default ones are looked for in {DEFAULT_DIR}/ relative to {cwd}, \
             and are not there. Run from the project root with ../shared/data beside it, or name puzzle files."
        ));
        return None;
    }
    Some(found)
}

/// Reads and parses a whole file. Bad lines are reported and left out; the status says whether there were any.
fn load(path: &Path, limit: u64) -> Result<(Collection, Status), String> {
    let name = path.display().to_string();
    if path.is_dir() {
        return Err(format!("{name}: is a directory"));
    }
    let bytes = fs::read(path).map_err(|e| format!("{name}: {e}"))?;
    let mut collection = Collection {
        name,
        limit,
        puzzles: Vec::new(),
        lines: Vec::new(),
    };
    let mut bad = 0usize;
    for (i, line) in bytes.split(|&b| b == b'\n').enumerate() {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if input::is_skipped(line) {
            continue;
        }
        match input::decode_line(line, false) {
            Ok(values) => {
                collection.puzzles.push(values);
                collection.lines.push(i + 1);
            }
            Err(message) => {
                bad += 1;
                // A file of junk should not bury the results under a message per line.
                if bad <= 5 {
                    warn(format_args!("{}:{}: {message}", collection.name, i + 1));
                }
            }
        }
    }
    if bad > 5 {
        warn(format_args!("{}: {bad} bad lines in all, left out", collection.name));
    }
    let status = if bad == 0 { Status::Ok } else { Status::Failed };
    Ok((collection, status))
}

/// Times `solver` over `puzzles`, `repeat` times or until the runs have taken [`REPEAT_BUDGET`], keeping the best.
fn time(puzzles: &[[u8; 81]], limit: u64, repeat: u32, solver: Solver) -> Timing {
    let mut best = Duration::MAX;
    let mut spent = Duration::ZERO;
    let mut runs = 0;
    let mut counts = Vec::with_capacity(puzzles.len());
    while runs < repeat && spent < REPEAT_BUDGET {
        counts.clear();
        let start = Instant::now();
        for p in puzzles {
            counts.push(solver(black_box(p), limit));
        }
        let elapsed = start.elapsed();
        best = best.min(elapsed);
        spent += elapsed;
        runs += 1;
    }
    Timing { best, runs, counts }
}

/// Which puzzles the baseline is timed on: all of them, or `max` spread evenly over the collection.
fn sample(len: usize, max: usize) -> Vec<usize> {
    if len <= max {
        (0..len).collect()
    } else {
        (0..max).map(|i| i * len / max).collect()
    }
}

/// Times one collection and prints its block. Failed when the baseline disagrees with the search solver.
fn report(out: &mut impl Write, c: &Collection, args: &BenchArgs) -> io::Result<Status> {
    let what = match c.limit {
        1 => "first solution only".to_string(),
        2 => "solution and proof of uniqueness".to_string(),
        n => format!("counting up to {n} solutions"),
    };
    let n = c.puzzles.len();
    writeln!(out, "{}: {n} puzzles, limit {} ({what})", c.name, c.limit)?;
    if n == 0 {
        writeln!(out, "  nothing to time")?;
        return Ok(Status::Ok);
    }
    let shudu = time(&c.puzzles, c.limit, args.repeat, search_solver);
    let (none, unique, several) = tally(&shudu.counts);
    let answers = if c.limit == 1 {
        format!("  answers   {unique} solved, {none} without solution")
    } else if c.limit == 2 {
        format!("  answers   {unique} unique, {none} without solution, {several} with several")
    } else {
        // Counting further, the total is what a peer counting to the same limit must match.
        let total: u64 = shudu.counts.iter().sum();
        let at_limit = shudu.counts.iter().filter(|&&k| k >= c.limit).count();
        format!(
            "  answers   {unique} unique, {none} without solution, {several} with several; \
             {total} solutions counted, {at_limit} puzzles at the limit"
        )
    };
    if !args.baseline {
        writeln!(out, "  shudu     {}", figures(&shudu, n, args.repeat))?;
        writeln!(out, "{answers}")?;
        return Ok(Status::Ok);
    }

    let picked = sample(n, args.baseline_sample);
    let sampled = picked.len() < n;
    let puzzles: Vec<[u8; 81]> = picked.iter().map(|&i| c.puzzles[i]).collect();
    let reference = time(&puzzles, c.limit, args.repeat, baseline::count_solutions);
    let ours = if sampled {
        time(&puzzles, c.limit, args.repeat, search_solver)
    } else {
        Timing {
            best: shudu.best,
            runs: shudu.runs,
            counts: shudu.counts.clone(),
        }
    };
    let ratio = reference.best.as_secs_f64() / ours.best.as_secs_f64().max(f64::MIN_POSITIVE);
    let m = puzzles.len();
    if sampled {
        writeln!(out, "  shudu     {}", figures(&shudu, n, args.repeat))?;
        writeln!(out, "{answers}")?;
        writeln!(
            out,
            "  against the baseline, on {m} of the puzzles spread evenly (--baseline-sample):"
        )?;
        writeln!(
            out,
            "  shudu     {}   ×{ratio:.1} vs baseline",
            figures(&ours, m, args.repeat)
        )?;
        writeln!(out, "  baseline  {}", figures(&reference, m, args.repeat))?;
    } else {
        writeln!(
            out,
            "  shudu     {}   ×{ratio:.1} vs baseline",
            figures(&shudu, n, args.repeat)
        )?;
        writeln!(out, "  baseline  {}", figures(&reference, m, args.repeat))?;
        writeln!(out, "{answers}")?;
    }

    let disagreement = ours
        .counts
        .iter()
        .zip(&reference.counts)
        .zip(&picked)
        .find(|((a, b), _)| a != b);
    match disagreement {
        None => Ok(Status::Ok),
        Some(((a, b), &i)) => {
            warn(format_args!(
                "{}:{}: the solvers disagree: search counts {a} solution(s), baseline {b}",
                c.name, c.lines[i]
            ));
            Ok(Status::Failed)
        }
    }
}

/// Seconds, puzzles per second and microseconds per puzzle; the number of runs when fewer than asked.
fn figures(timing: &Timing, puzzles: usize, repeat: u32) -> String {
    let seconds = timing.best.as_secs_f64();
    let per_second = puzzles as f64 / seconds.max(f64::MIN_POSITIVE);
    let micros = seconds * 1e6 / puzzles as f64;
    let runs = match timing.runs {
        r if r >= repeat => String::new(),
        1 => " (1 run)".to_string(),
        r => format!(" (best of {r} runs)"),
    };
    format!("{seconds:>9.3} s {per_second:>10.0} puzzles/s {micros:>10.2} µs/puzzle{runs}")
}

/// Puzzles with no solution, one, and several.
fn tally(counts: &[u64]) -> (usize, usize, usize) {
    counts.iter().fold((0, 0, 0), |(none, one, several), &n| match n {
        0 => (none + 1, one, several),
        1 => (none, one + 1, several),
        _ => (none, one, several + 1),
    })
}

/// The timing line of the explained and grading benchmarks: seconds, puzzles a second, microseconds a puzzle.
fn write_rate(out: &mut impl Write, n: usize, best: std::time::Duration) -> io::Result<()> {
    let seconds = best.as_secs_f64();
    writeln!(
        out,
        "  shudu     {seconds:>9.3} s {:>10.0} puzzles/s {:>10.2} µs/puzzle",
        n as f64 / seconds.max(f64::MIN_POSITIVE),
        seconds * 1e6 / n as f64
    )
}
