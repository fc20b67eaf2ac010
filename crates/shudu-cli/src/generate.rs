//! `shudu generate`: proper puzzles at a level, with a symmetry, minimal if asked, reproducible from a seed; on
//! every core, in seed order whatever the number of threads; a progress bar on a terminal.

use std::collections::HashSet;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use rayon::prelude::*;
use serde::Serialize;
use shudu::generate::{puzzle_seed, Error, Generated, Generator, Options, Symmetry};
use shudu::logic::{Level, Technique};
use shudu::{canon, format};

use crate::output::{warn, write_json};
use crate::rate::{parse_technique, LevelArg};
use crate::Status;

pub const LONG_ABOUT: &str = "\
Generate puzzles, each with exactly one solution (checked by the search solver, never assumed).

A puzzle starts as a random full grid, from which givens are dug out in random order (a whole symmetric group of \
cells at a time with --symmetry) while the solution stays unique. Without --level, --symmetry and a lower bound in \
--givens, every puzzle is minimal: no given can be removed.

--level keeps the puzzles HoDoKu's ladder grades at that level (the grading of `shudu rate`). Each grid is dug for \
uniqueness, then graded by the ladder cut at the level, which stops at the first step past it or once the score \
passes the level's cap: a dig below the level is thrown away and another grid dug; one past it is brought back, \
givens put back and the digging redone with the capped ladder, as Solo does. The grids dug for one puzzle are \
bounded (--attempts).

--seed makes the output reproducible on every machine and with any --threads: puzzle i of a run is made from its \
own seed, derived from --seed and i (the first puzzle's seed is --seed itself), and the JSON record carries it, so \
`--seed <that seed> -n 1` with the same options makes that puzzle again. Without --seed, a seed is taken from the \
clock.

Formats: `line` (the 81-character puzzle, `.` for blanks; default), `grid` (the 9-line grid, puzzles separated by \
a blank line), `json` (JSON Lines: {puzzle, solution, level, score, stars, hardest, givens, symmetry, seed}).";

pub const AFTER_HELP: &str = "\
A request no puzzle can meet (fewer than 17 givens, a number of givens the symmetry cannot make, a technique \
harder than the level) is refused at once; one that no puzzle met in --attempts grids ends with a message. Either \
way the puzzles already made are written, the reason goes to standard error, and the exit status is 1. On a \
terminal, a progress bar is drawn on standard error.

Exit status: 0 when every puzzle asked for was made, 1 when not, 2 on a usage error.

Examples:
  shudu generate -n 10 --level hard --symmetry rot180 --seed 42
  shudu generate -n 1000 --level unfair --format json > unfair.jsonl
  shudu generate --minimal --symmetry diagonal --format grid
  shudu generate -n 5 --level hard --needs x-wing --givens 24-28
  shudu generate -n 1000 --level easy --dedupe --seed 1";

/// How each puzzle is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GenFormat {
    /// The 81-character line, `.` for blanks.
    Line,
    /// The 9-line grid.
    Grid,
    /// JSON Lines.
    Json,
}

#[derive(Args, Debug)]
pub struct GenerateArgs {
    /// How many puzzles.
    #[arg(short = 'n', long = "count", value_name = "N", default_value_t = 1, value_parser = crate::at_least_one::<u64>)]
    count: u64,

    /// The level of every puzzle (HoDoKu's grading, as `shudu rate` gives it). Default: any.
    #[arg(long, value_name = "LEVEL", value_enum)]
    level: Option<LevelArg>,

    /// The symmetry of the givens: none, rot180, rot90, horizontal (mirrored top to bottom), vertical (left to
    /// right), diagonal, anti-diagonal, dihedral (all of them).
    #[arg(long, value_name = "SYMMETRY", default_value = "none", value_parser = parse_symmetry)]
    symmetry: Symmetry,

    /// Only minimal puzzles: removing any given would allow a second solution.
    #[arg(long)]
    minimal: bool,

    /// The seed: the same seed and options give the same puzzles. Default: from the clock.
    #[arg(long, value_name = "S")]
    seed: Option<u64>,

    /// Keep only puzzles whose graded path uses this technique (argument or English name: `x-wing`, `xy`). May be
    /// given more than once.
    #[arg(long, value_name = "TECHNIQUE", value_parser = parse_technique)]
    needs: Vec<Technique>,

    /// The number of givens: `N`, `MIN-MAX`, `MIN-` or `-MAX` (also written with `..`).
    #[arg(long, value_name = "RANGE", value_parser = parse_givens, allow_hyphen_values = true)]
    givens: Option<(usize, usize)>,

    /// Grids dug for one puzzle before giving up. Default: 50,000, of which at most 2,000 graded.
    #[arg(long, value_name = "N", value_parser = crate::at_least_one::<u32>)]
    attempts: Option<u32>,

    /// Output format.
    #[arg(long, value_name = "FORMAT", value_enum, default_value_t = GenFormat::Line)]
    format: GenFormat,

    /// Drop a puzzle isomorphic to one already written (the same canonical form, `shudu canon`) and make the next,
    /// until N are written. The output still depends only on the seed and the options.
    #[arg(long)]
    dedupe: bool,

    /// Worker threads. Default: one per core. The puzzles do not depend on it.
    #[arg(long, value_name = "N", value_parser = crate::at_least_one::<usize>)]
    threads: Option<usize>,
}

pub(crate) fn parse_symmetry(text: &str) -> Result<Symmetry, String> {
    text.parse().map_err(|e| format!("{e}"))
}

/// `N`, `MIN-MAX`, `MIN-`, `-MAX`, or the same with `..`.
fn parse_givens(text: &str) -> Result<(usize, usize), String> {
    let number = |s: &str, default: usize| -> Result<usize, String> {
        let s = s.trim();
        if s.is_empty() {
            return Ok(default);
        }
        s.parse::<usize>()
            .map_err(|_| format!("`{s}` is not a number of givens"))
    };
    let (min, max) = match text.split_once("..").or_else(|| text.split_once('-')) {
        Some((a, b)) => (number(a, 0)?, number(b, 81)?),
        None => {
            let n = number(text, 0)?;
            (n, n)
        }
    };
    if max > 81 {
        return Err(format!("at most 81 givens, not {max}"));
    }
    if min > max {
        return Err(format!("the range {min} to {max} is empty"));
    }
    Ok((min, max))
}

/// The JSON record of a puzzle.
#[derive(Serialize)]
struct Record {
    puzzle: String,
    solution: String,
    level: &'static str,
    score: u32,
    stars: u8,
    hardest: Option<&'static str>,
    givens: usize,
    symmetry: &'static str,
    seed: u64,
}

/// Puzzles made together: the first batches are small, so that a request that cannot be met fails after one
/// puzzle's bounded effort rather than a whole batch's, then they grow to keep every core busy.
const MAX_CHUNK: u64 = 256;

/// Runs `shudu generate`.
pub fn run(args: &GenerateArgs) -> Status {
    let (min_givens, max_givens) = args.givens.unwrap_or((17, 81));
    let options = Options {
        level: args.level.map(Level::from),
        symmetry: args.symmetry,
        minimal: args.minimal,
        needs: args.needs.clone(),
        min_givens,
        max_givens,
        attempts: args.attempts,
    };
    let generator = match Generator::new(options) {
        Ok(g) => g,
        Err(e) => {
            warn(format_args!("shudu: {e}"));
            return Status::Failed;
        }
    };
    let pool = match args.threads.map(crate::batch::pool).transpose() {
        Ok(pool) => pool,
        Err(status) => return status,
    };
    let seed = args.seed.unwrap_or_else(clock_seed);
    let progress = progress_bar(args.count);
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let failed = AtomicBool::new(false);
    let mut status = Status::Ok;
    let mut next = 0u64;
    let mut chunk = 1u64;
    let mut written = 0u64;
    let mut seen = args.dedupe.then(HashSet::new);
    // Ctrl-C ends the run after the puzzles made so far, each written whole.
    crate::batch::watch_interrupts();
    while written < args.count && status == Status::Ok && !crate::batch::interrupted() {
        // Without --dedupe every index is written; with it, isomorphs take later indices' places.
        let end = next + chunk.min(args.count - written);
        let make = || -> Vec<Result<Generated, Error>> {
            (next..end)
                .into_par_iter()
                .map(|i| {
                    // Once a puzzle has failed, the run ends there: the puzzles after it are not worth the effort.
                    if failed.load(Ordering::Relaxed) || crate::batch::interrupted() {
                        return Err(Error::GaveUp { attempts: 0 });
                    }
                    let mut made = generator.generate(puzzle_seed(seed, i));
                    match &mut made {
                        // Graded here, on the worker, when the record shows the grading and the dig did not need it.
                        Ok(puzzle) if args.format == GenFormat::Json => {
                            puzzle.graded();
                        }
                        Ok(_) => {}
                        Err(_) => failed.store(true, Ordering::Relaxed),
                    }
                    progress.inc(1);
                    made
                })
                .collect()
        };
        let mut made = match &pool {
            Some(pool) => pool.install(make),
            None => make(),
        };
        for result in made.iter_mut() {
            let Ok(puzzle) = result else { break };
            if let Some(seen) = &mut seen {
                if !seen.insert(canon::canonical(&puzzle.puzzle)) {
                    continue;
                }
            }
            if let Err(e) = write(&mut out, args.format, puzzle, args.symmetry) {
                progress.finish_and_clear();
                return write_failed(&e);
            }
            written += 1;
        }
        // The first puzzle that failed (skipped ones, marked by no attempts, come after one that had).
        let failure = (next..end)
            .zip(&made)
            .find(|(_, r)| matches!(r, Err(e) if *e != Error::GaveUp { attempts: 0 }));
        if let Some((i, Err(e))) = failure {
            progress.suspend(|| {
                warn(format_args!(
                    "shudu: puzzle {} (seed {}): {e}",
                    i + 1,
                    puzzle_seed(seed, i)
                ))
            });
            status = Status::Failed;
        }
        if let Err(e) = out.flush() {
            progress.finish_and_clear();
            return write_failed(&e);
        }
        next = end;
        chunk = (chunk * 2).min(MAX_CHUNK);
    }
    progress.finish_and_clear();
    status
}

/// A closed pipe (`| head`) ends the run quietly; any other write error is reported.
fn write_failed(e: &io::Error) -> Status {
    if e.kind() == io::ErrorKind::BrokenPipe {
        return Status::Ok;
    }
    warn(format_args!("shudu: cannot write the output: {e}"));
    Status::Failed
}

fn write(out: &mut impl Write, format: GenFormat, made: &mut Generated, symmetry: Symmetry) -> io::Result<()> {
    match format {
        GenFormat::Line => {
            out.write_all(format::to_line(&made.puzzle).as_bytes())?;
            out.write_all(b"\n")
        }
        GenFormat::Grid => {
            out.write_all(format::to_grid(&made.puzzle).as_bytes())?;
            out.write_all(b"\n")
        }
        GenFormat::Json => {
            let givens = made.givens();
            let (puzzle, solution, seed) = (made.puzzle, made.solution, made.seed);
            let grade = made.graded();
            let record = Record {
                puzzle: format::to_line(&puzzle),
                solution: format::to_line(&solution),
                level: grade.level.name(),
                score: grade.score,
                stars: grade.stars,
                hardest: grade.hardest.map(Technique::name),
                givens,
                symmetry: symmetry.name(),
                seed,
            };
            write_json(out, &record)
        }
    }
}

/// A seed from the clock, below 2^53 like the seeds the JSON carries.
pub(crate) fn clock_seed() -> u64 {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    (nanos ^ u64::from(std::process::id()).rotate_left(32)) & ((1 << 53) - 1)
}

/// A bar with the rate and the time left when standard error is a terminal; hidden otherwise.
fn progress_bar(total: u64) -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr()).with_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len}  {rate}  {eta} left")
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            // Puzzles a second, whole (indicatif's own rate shows four decimals).
            .with_key("rate", |state: &ProgressState, out: &mut dyn std::fmt::Write| {
                let _ = write!(out, "{:.0} puzzles/s", state.per_sec());
            }),
    );
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn givens_ranges_parse() {
        assert_eq!(parse_givens("25"), Ok((25, 25)));
        assert_eq!(parse_givens("22-28"), Ok((22, 28)));
        assert_eq!(parse_givens("22..28"), Ok((22, 28)));
        assert_eq!(parse_givens("30-"), Ok((30, 81)));
        assert_eq!(parse_givens("-24"), Ok((0, 24)));
        assert!(parse_givens("28-22").is_err());
        assert!(parse_givens("90").is_err());
        assert!(parse_givens("x").is_err());
    }
}
