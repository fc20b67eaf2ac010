//! `shudu print`: a puzzle book as PDF, from puzzle files (or `shudu generate`'s output) or freshly generated.

use std::ffi::OsString;
use std::io::{self, Read};
use std::path::PathBuf;

use clap::Args;
use rayon::prelude::*;
use serde::Deserialize;
use shudu::format;
use shudu::generate::{puzzle_seed, Generator, Options as GenOptions, Symmetry};
use shudu::logic::{Level, Silent};
use shudu::rate;
use shudu_draw::book::{self, BookOptions, Entry, Paper, PerPage};

use crate::input::{self, Content, Input, Item, LineReader, STDIN_NAME};
use crate::output::{report, warn};
use crate::picture::write_atomically;
use crate::rate::LevelArg;
use crate::Status;

pub const LONG_ABOUT: &str = "\
Print a puzzle book as PDF: A4 or Letter, 1, 2, 4 or 6 puzzles a page, each titled with its number, level, stars \
and seed, the solutions on the last pages, and with --title a cover. The PDF is vector graphics with its fonts \
embedded (those shipped in shudu).

Puzzles come from files, arguments or standard input, one a line, as `shudu solve` reads them; a line may also be a \
JSON record of `shudu generate --format json`, whose level, stars and seed then title the puzzle. Other puzzles \
are graded here (HoDoKu's level, as `shudu rate` gives it) and have no seed. Every puzzle must have exactly one \
solution. With --generate, the puzzles are made here instead, the same ones `shudu generate` makes with the same \
options and seed:

  shudu generate -n 12 --level hard --seed 7 --format json | shudu print -o hard.pdf
  shudu print --generate -n 12 --level hard --seed 7 -o hard.pdf";

pub const AFTER_HELP: &str = "\
A bad line (unreadable, or not exactly one solution) is reported on standard error as `<file>:<line>: <reason>` and \
left out, and the book is written without it; with --strict the first bad line stops the run and no book is \
written. Exit status: 0 when every puzzle went into the book, 1 when some line was bad or unreadable, a puzzle \
could not be generated, or the book could not be written, 2 on a usage error.

Examples:
  shudu print puzzles.txt -o book.pdf
  shudu print --paper letter --per-page 6 --title \"Fifty hard ones\" hard.txt -o book.pdf
  shudu generate -n 100 --level unfair | shudu print --per-page 2 -o unfair.pdf";

#[derive(Args, Debug)]
pub struct PrintArgs {
    /// Puzzle files (one puzzle or generator record a line), `-` for standard input, or puzzles written out.
    /// Default: standard input.
    #[arg(value_name = "FILE|PUZZLE|-", conflicts_with = "generate")]
    inputs: Vec<OsString>,

    /// The PDF to write; `-` for standard output.
    #[arg(short = 'o', long = "output", value_name = "FILE", required = true)]
    output: PathBuf,

    /// The paper: a4 or letter.
    #[arg(long, value_name = "PAPER", default_value = "a4", value_parser = parse_paper)]
    paper: Paper,

    /// Puzzles a page: 1, 2, 4 or 6.
    #[arg(long, value_name = "N", default_value = "4", value_parser = parse_per_page)]
    per_page: PerPage,

    /// A cover page with this title.
    #[arg(long, value_name = "TEXT")]
    title: Option<String>,

    /// Leave the solutions out.
    #[arg(long)]
    no_solutions: bool,

    /// Stop at the first bad line, writing no book.
    #[arg(long)]
    strict: bool,

    /// Make the puzzles here rather than read them (with -n, --level, --symmetry, --minimal, --seed as `shudu
    /// generate` takes them).
    #[arg(long)]
    generate: bool,

    /// With --generate: how many puzzles.
    #[arg(short = 'n', long = "count", value_name = "N", default_value_t = 12, value_parser = crate::at_least_one::<u64>, requires = "generate")]
    count: u64,

    /// With --generate: the level of every puzzle. Default: any.
    #[arg(long, value_name = "LEVEL", value_enum, requires = "generate")]
    level: Option<LevelArg>,

    /// With --generate: the symmetry of the givens.
    #[arg(long, value_name = "SYMMETRY", default_value = "none", value_parser = crate::generate::parse_symmetry, requires = "generate")]
    symmetry: Symmetry,

    /// With --generate: only minimal puzzles.
    #[arg(long, requires = "generate")]
    minimal: bool,

    /// With --generate: the seed. Default: from the clock.
    #[arg(long, value_name = "S", requires = "generate")]
    seed: Option<u64>,

    /// Worker threads grading or generating. Default: one per core.
    #[arg(long, value_name = "N", value_parser = crate::at_least_one::<usize>)]
    threads: Option<usize>,
}

fn parse_paper(text: &str) -> Result<Paper, String> {
    text.parse().map_err(|e| format!("{e}"))
}

fn parse_per_page(text: &str) -> Result<PerPage, String> {
    text.parse().map_err(|e| format!("{e}"))
}

/// A record of `shudu generate --format json`, the fields a book uses.
#[derive(Deserialize)]
struct Record {
    puzzle: String,
    solution: Option<String>,
    level: Option<String>,
    stars: Option<u8>,
    seed: Option<u64>,
}

/// Runs `shudu print`.
pub fn run(args: &PrintArgs) -> Status {
    let pool = match args.threads.map(crate::batch::pool).transpose() {
        Ok(pool) => pool,
        Err(status) => return status,
    };
    let work = || if args.generate { generated(args) } else { read(args) };
    let (entries, status) = match &pool {
        Some(pool) => pool.install(work),
        None => work(),
    };
    let Some(entries) = entries else {
        return Status::Failed;
    };
    if entries.is_empty() {
        warn(format_args!("shudu: no puzzles to print"));
        return Status::Failed;
    }
    if let Some(title) = &args.title {
        let missing: String = title.chars().filter(|&c| !shudu_draw::has_glyph(c)).collect();
        if !missing.is_empty() {
            warn(format_args!(
                "shudu: note: the shipped fonts have no glyph for {missing:?} in the title; they show as boxes"
            ));
        }
    }
    let options = BookOptions {
        paper: args.paper,
        per_page: args.per_page,
        title: args.title.clone(),
        no_solutions: args.no_solutions,
    };
    let pdf = match book::pdf(&entries, &options) {
        Ok(pdf) => pdf,
        Err(e) => {
            warn(format_args!("shudu: {e}"));
            return Status::Failed;
        }
    };
    let written = if args.output.as_os_str() == "-" {
        use std::io::Write;
        let mut out = io::stdout().lock();
        out.write_all(&pdf).and_then(|()| out.flush())
    } else {
        write_atomically(&args.output, &pdf)
    };
    match written {
        Ok(()) => status,
        Err(e) => {
            warn(format_args!("shudu: cannot write {}: {e}", args.output.display()));
            Status::Failed
        }
    }
}

/// The puzzles made with --generate, or `None` after saying why there is no book.
fn generated(args: &PrintArgs) -> (Option<Vec<Entry>>, Status) {
    let options = GenOptions {
        level: args.level.map(Level::from),
        symmetry: args.symmetry,
        minimal: args.minimal,
        ..GenOptions::default()
    };
    let generator = match Generator::new(options) {
        Ok(g) => g,
        Err(e) => {
            warn(format_args!("shudu: {e}"));
            return (None, Status::Failed);
        }
    };
    let seed = args.seed.unwrap_or_else(crate::generate::clock_seed);
    let made: Vec<_> = (0..args.count)
        .into_par_iter()
        .map(|i| (i, generator.generate(puzzle_seed(seed, i))))
        .collect();
    let mut entries = Vec::with_capacity(made.len());
    for (i, result) in made {
        match result {
            Ok(mut puzzle) => entries.push(Entry::generated(&mut puzzle)),
            Err(e) => {
                warn(format_args!(
                    "shudu: puzzle {} (seed {}): {e}",
                    i + 1,
                    puzzle_seed(seed, i)
                ));
                return (None, Status::Failed);
            }
        }
    }
    (Some(entries), Status::Ok)
}

/// Every puzzle line of the inputs, in order, or `None` when --strict stopped the run.
fn read(args: &PrintArgs) -> (Option<Vec<Entry>>, Status) {
    let mut items: Vec<Result<Item, String>> = Vec::new();
    for (i, arg) in input::arguments_or_stdin(&args.inputs).iter().enumerate() {
        let stream = |reader: &mut dyn Read, name: &str, items: &mut Vec<Result<Item, String>>| {
            let mut lines = LineReader::new(reader, name);
            loop {
                let mut chunk = Vec::new();
                let more = lines.read_chunk(4096, &mut chunk);
                items.extend(chunk.into_iter().map(Ok));
                match more {
                    Ok(true) => {}
                    Ok(false) => break,
                    Err(e) => {
                        items.push(Err(format!("{name}: {e}")));
                        break;
                    }
                }
            }
        };
        match input::classify(arg, i + 1) {
            Input::Puzzle(item) => items.push(Ok(item)),
            Input::Stdin => stream(&mut io::stdin().lock(), STDIN_NAME, &mut items),
            Input::File(path) => {
                let name = path.display().to_string();
                let opened = input::open_file(&path);
                match opened {
                    Ok(mut file) => stream(&mut file, &name, &mut items),
                    Err(e) => items.push(Err(format!("{name}: {e}"))),
                }
            }
            Input::Missing(message) => items.push(Err(message)),
        }
    }
    let solver = rate::hodoku_solver();
    let answers: Vec<Result<Entry, String>> = items
        .par_iter()
        .map(|item| match item {
            Ok(item) => entry(item, &solver),
            Err(_) => Err(String::new()),
        })
        .collect();
    let mut entries = Vec::with_capacity(answers.len());
    let mut status = Status::Ok;
    for (item, answer) in items.iter().zip(answers) {
        match (item, answer) {
            (Ok(_), Ok(entry)) => entries.push(entry),
            (Ok(item), Err(message)) => {
                report(item, &message);
                status = Status::Failed;
            }
            (Err(message), _) => {
                warn(format_args!("shudu: {message}"));
                status = Status::Failed;
            }
        }
        if status == Status::Failed && args.strict {
            warn(format_args!("shudu: --strict: no book written"));
            return (None, Status::Failed);
        }
    }
    (Some(entries), status)
}

/// A line's puzzle, checked to have one solution and graded unless its generator record says its level.
fn entry(item: &Item, solver: &shudu::logic::Solver) -> Result<Entry, String> {
    let record = match &item.content {
        Content::Raw { bytes, .. } if bytes.trim_ascii_start().starts_with(b"{") => {
            let record: Record = serde_json::from_slice(bytes).map_err(|e| format!("not a generator record: {e}"))?;
            Some(record)
        }
        _ => None,
    };
    let puzzle = match &record {
        Some(r) => format::parse_line(&r.puzzle).map_err(|e| format!("the record's puzzle: {e}"))?,
        None => item
            .content
            .decode()?
            .ok_or_else(|| "givens clash: no solution".to_string())?,
    };
    let grid = rate::proper(&puzzle).map_err(|e| e.to_string())?;
    let mut entry = Entry::new(puzzle);
    match record {
        Some(r) if r.level.is_some() => {
            entry.level = r.level;
            entry.stars = r.stars;
            entry.seed = r.seed;
            entry.solution = r.solution.and_then(|s| format::parse_line(&s).ok());
        }
        other => {
            let grade = rate::grade(&solver.solve(&grid, &mut Silent));
            entry.level = Some(grade.level.name().to_string());
            entry.stars = Some(grade.stars);
            entry.seed = other.and_then(|r| r.seed);
        }
    }
    Ok(entry)
}
