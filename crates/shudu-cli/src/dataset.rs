//! `shudu dataset`: rated puzzles as JSON Lines, one file per share of a split by canonical class, reproducible from
//! a seed whatever the number of threads.

use std::collections::HashSet;
use std::fs::{self, File};
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use serde::Serialize;
use shudu::dataset::{Entry, Maker, Split};
use shudu::format;
use shudu::generate::{Error, Symmetry};
use shudu::logic::{Level, Technique};
use shudu::rate::SeRating;

use crate::canon::zero_line;
use crate::output::warn;
use crate::Status;

pub const LONG_ABOUT: &str = "\
Make a dataset of rated puzzles: JSON Lines, one file per share of --split, in DIR.

Entry i is the puzzle of seed s_i (derived from --seed and i; the first entry's seed is --seed itself) at level \
L[i mod k] of the levels L asked for with --level, generated as by `shudu generate` and rated as by `shudu rate`. \
A puzzle isomorphic to an earlier entry (the same canonical form, `shudu canon`) is dropped and the next index \
taken, until N entries are written. The output is the same for the same options on every machine and with any \
--threads.

Each share of --split (`train=0.9,test=0.1`) is drawn from a hash of the puzzle's canonical form alone, so every \
member of a class falls in the same share: no test puzzle is isomorphic to a training one, and datasets made with \
other seeds, or by the Python module and its Dask recipe, agree on the share of every class.

Each line is one object: puzzle (`.` for blanks), solution, canonical (the minlex form, `0` for blanks), level, \
score, stars, se {er, ep, ed} (the Sudoku Explainer estimate), hardest (technique), techniques {name: steps}, \
givens, seed (makes the puzzle again: `shudu generate --level <level> --seed <seed>`), index. DIR/manifest.json \
records the options and the counts.";

pub const AFTER_HELP: &str = "\
A request no puzzle can meet is refused at once; one that no puzzle met within the generator's attempts ends the \
run with a message. Either way the entries already made are kept, and the exit status is 1.

Exit status: 0 when the dataset was written in full, 1 when not, 2 on a usage error.

Examples:
  shudu dataset -n 100000 --level easy-unfair --seed 1 --out data/
  shudu dataset -n 5000 --level hard,unfair --split train=8,valid=1,test=1 --seed 7 --out hard/";

#[derive(Args, Debug)]
pub struct DatasetArgs {
    /// How many entries.
    #[arg(short = 'n', long = "n", visible_alias = "count", value_name = "N", value_parser = crate::at_least_one::<u64>)]
    count: u64,

    /// The levels, taken in turn: names separated by commas (`easy,hard`), a range (`easy-unfair`), or `any`. May
    /// be given more than once. Default: any level.
    #[arg(long, value_name = "LEVELS", value_parser = parse_levels)]
    level: Vec<Vec<Level>>,

    /// The seed. Default: from the clock (written in the manifest).
    #[arg(long, value_name = "S")]
    seed: Option<u64>,

    /// The shares, by canonical class: NAME=WEIGHT pairs separated by commas.
    #[arg(long, value_name = "SPLIT", default_value = "train=0.9,test=0.1", value_parser = parse_split)]
    split: Split,

    /// The folder to write (made if missing); its files of the same names are replaced.
    #[arg(long, value_name = "DIR")]
    out: PathBuf,

    /// The symmetry of the givens.
    #[arg(long, value_name = "SYMMETRY", default_value = "none", value_parser = crate::generate::parse_symmetry)]
    symmetry: Symmetry,

    /// Only minimal puzzles.
    #[arg(long)]
    minimal: bool,

    /// Worker threads. Default: one per core. The dataset does not depend on it.
    #[arg(long, value_name = "N", value_parser = crate::at_least_one::<usize>)]
    threads: Option<usize>,
}

fn parse_levels(text: &str) -> Result<Vec<Level>, String> {
    shudu::dataset::parse_levels(text)
}

fn parse_split(text: &str) -> Result<Split, String> {
    text.parse().map_err(|e| format!("{e}"))
}

/// One line of a share's file.
#[derive(Serialize)]
pub(crate) struct Record {
    puzzle: String,
    solution: String,
    canonical: String,
    level: &'static str,
    score: u32,
    stars: u8,
    se: Se,
    hardest: Option<&'static str>,
    techniques: serde_json::Map<String, serde_json::Value>,
    givens: usize,
    seed: u64,
    index: u64,
}

#[derive(Serialize)]
struct Se {
    er: f64,
    ep: f64,
    ed: f64,
}

impl Record {
    pub(crate) fn new(entry: &Entry) -> Record {
        Record {
            puzzle: format::to_line(&entry.puzzle),
            solution: format::to_line(&entry.solution),
            canonical: zero_line(&entry.canonical),
            level: entry.grade.level.name(),
            score: entry.grade.score,
            stars: entry.grade.stars,
            se: Se {
                er: SeRating::decimal(entry.se.er),
                ep: SeRating::decimal(entry.se.ep),
                ed: SeRating::decimal(entry.se.ed),
            },
            hardest: entry.grade.hardest.map(Technique::name),
            techniques: entry
                .counts
                .iter()
                .map(|&(t, n)| (t.name().to_string(), n.into()))
                .collect(),
            givens: entry.givens(),
            seed: entry.seed,
            index: entry.index,
        }
    }
}

/// Entries made together: enough to keep every core busy, few enough that the last chunk wastes little.
const CHUNK: u64 = 512;

/// Runs `shudu dataset`.
pub fn run(args: &DatasetArgs) -> Status {
    match make(args) {
        Ok(status) => status,
        Err(e) => {
            warn(format_args!("shudu: {e}"));
            Status::Failed
        }
    }
}

fn make(args: &DatasetArgs) -> Result<Status, String> {
    let levels: Vec<Level> = args.level.iter().flatten().copied().collect();
    let maker = Maker::new(&levels, args.symmetry, args.minimal).map_err(|e| e.to_string())?;
    let pool = match args.threads.map(crate::batch::pool).transpose() {
        Ok(pool) => pool,
        Err(status) => return Ok(status),
    };
    let seed = args.seed.unwrap_or_else(crate::generate::clock_seed);
    fs::create_dir_all(&args.out).map_err(|e| format!("{}: {e}", args.out.display()))?;
    let mut files = Vec::new();
    for name in args.split.names() {
        let path = args.out.join(format!("{name}.jsonl"));
        let file = File::create(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        files.push((path, BufWriter::with_capacity(1 << 16, file)));
    }
    let progress = progress_bar(args.count);
    let mut seen = HashSet::new();
    let mut counts = vec![0u64; files.len()];
    let (mut written, mut dropped, mut next) = (0u64, 0u64, 0u64);
    let mut failure = None;
    while written < args.count && failure.is_none() {
        let end = next + CHUNK.min(2 * (args.count - written)).max(1);
        let work =
            || -> Vec<Result<Entry, Error>> { (next..end).into_par_iter().map(|i| maker.make(seed, i)).collect() };
        let made = match &pool {
            Some(pool) => pool.install(work),
            None => work(),
        };
        for (i, result) in (next..end).zip(made) {
            if written == args.count {
                break;
            }
            let entry = match result {
                Ok(entry) => entry,
                Err(e) => {
                    failure = Some(format!(
                        "entry index {i} (seed {}): {e}",
                        shudu::generate::puzzle_seed(seed, i)
                    ));
                    break;
                }
            };
            if !seen.insert(entry.canonical) {
                dropped += 1;
                continue;
            }
            let share = args.split.of(&entry.canonical);
            let (path, out) = &mut files[share];
            write_record(out, &Record::new(&entry)).map_err(|e| format!("{}: {e}", path.display()))?;
            counts[share] += 1;
            written += 1;
            progress.inc(1);
            next = i + 1;
        }
        if written < args.count && failure.is_none() {
            next = end;
        }
    }
    progress.finish_and_clear();
    for (path, out) in &mut files {
        out.flush().map_err(|e| format!("{}: {e}", path.display()))?;
    }
    let manifest = serde_json::json!({
        "entries": written,
        "asked": args.count,
        "seed": seed,
        "levels": levels.iter().map(|l| l.name()).collect::<Vec<_>>(),
        "symmetry": args.symmetry.name(),
        "minimal": args.minimal,
        "split": args.split.names().iter().zip(&counts).map(|(n, c)| (n.clone(), serde_json::Value::from(*c))).collect::<serde_json::Map<_, _>>(),
        "isomorphs_dropped": dropped,
        "indices_used": next,
        "shudu": env!("CARGO_PKG_VERSION"),
    });
    write_manifest(&args.out.join("manifest.json"), &manifest)?;
    let shares: Vec<String> = args
        .split
        .names()
        .iter()
        .zip(&counts)
        .map(|(n, c)| format!("{n} {c}"))
        .collect();
    warn(format_args!(
        "shudu: wrote {written} entries to {} ({}; {dropped} isomorphs dropped)",
        args.out.display(),
        shares.join(", ")
    ));
    match failure {
        Some(message) => {
            warn(format_args!("shudu: {message}"));
            Ok(Status::Failed)
        }
        None => Ok(Status::Ok),
    }
}

fn write_record(out: &mut impl Write, record: &Record) -> io::Result<()> {
    crate::output::write_json(out, record)
}

fn write_manifest(path: &Path, manifest: &serde_json::Value) -> Result<(), String> {
    let mut text = serde_json::to_string_pretty(manifest).map_err(|e| e.to_string())?;
    text.push('\n');
    fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

fn progress_bar(total: u64) -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr()).with_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len}  {per_sec}  {eta} left")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}
