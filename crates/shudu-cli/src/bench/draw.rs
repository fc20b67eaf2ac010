//! `shudu bench --draw`: how fast pictures are drawn: the SVG of a step, its PNG at 360 px, a book of 100 puzzles.

use std::hint::black_box;
use std::io::{self, Write};
use std::time::{Duration, Instant};

use shudu::format::parse_line;
use shudu::generate::{puzzle_seed, Generator, Options as GenOptions};
use shudu::logic::{Silent, Solver, Step};
use shudu::Grid;
use shudu_draw::book::{self, BookOptions, Entry};
use shudu_draw::{png, svg, Board, Options};

use super::BenchArgs;

/// Puzzles whose paths give the steps drawn: one of singles and subsets, one that takes the whole ladder (chains,
/// ALS, forcing nets).
const PUZZLES: [&str; 2] = [
    "......7..3.9....61....6..297...524..........2..5.97.1....9....5.......4.2.13.5...",
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
];

/// Each timing runs at least this long, so that short ones are not noise.
const AT_LEAST: Duration = Duration::from_millis(500);

/// The steps of the paths, each with the board it was found on.
fn steps() -> Vec<(Board, Step)> {
    let mut out = Vec::new();
    for p in PUZZLES {
        let Some(grid) = parse_line(p).ok().and_then(|v| Grid::from_values(&v).ok()) else {
            continue;
        };
        let report = Solver::new().solve(&grid, &mut Silent);
        let mut state = grid;
        for step in report.steps {
            out.push((Board::from_grid(&state), step.clone()));
            if step.apply(&mut state).is_err() {
                break;
            }
        }
    }
    out
}

/// The best time of `repeat` runs of `work`, each repeated until it has run [`AT_LEAST`]; per call.
fn time(repeat: u32, mut work: impl FnMut() -> usize) -> (Duration, usize) {
    let mut best = Duration::MAX;
    let mut items = 0;
    for _ in 0..repeat {
        let start = Instant::now();
        let mut calls = 0u32;
        while start.elapsed() < AT_LEAST || calls == 0 {
            items = work();
            calls += 1;
        }
        best = best.min(start.elapsed() / calls);
    }
    (best, items)
}

/// Times the three and prints them against their targets.
pub fn report(out: &mut impl Write, args: &BenchArgs) -> io::Result<()> {
    let steps = steps();
    let options = Options::default();
    writeln!(
        out,
        "pictures (shudu-draw): best of {} run{}; SVG and PNG on one thread, the book's pages on every core ({})",
        args.repeat,
        if args.repeat == 1 { "" } else { "s" },
        std::thread::available_parallelism().map_or(1, |n| n.get())
    )?;
    writeln!(
        out,
        "  steps drawn: the {} steps of {} paths (singles to forcing nets)",
        steps.len(),
        PUZZLES.len()
    )?;

    let (each, n) = time(args.repeat, || {
        for (board, step) in &steps {
            black_box(svg(board, Some(step), &options));
        }
        steps.len()
    });
    let rate = n as f64 / each.as_secs_f64().max(f64::MIN_POSITIVE);
    writeln!(
        out,
        "  SVG of a step     {rate:>10.0} /s   {:>8.1} µs each   target ≥ 10,000/s",
        1e6 / rate
    )?;

    let pictures: Vec<String> = steps.iter().map(|(b, s)| svg(b, Some(s), &options)).collect();
    let (each, n) = time(args.repeat, || {
        for picture in &pictures {
            let _ = black_box(png(picture, 360));
        }
        pictures.len()
    });
    let rate = n as f64 / each.as_secs_f64().max(f64::MIN_POSITIVE);
    writeln!(
        out,
        "  PNG at 360 px     {rate:>10.0} /s   {:>8.2} ms each   target ≥ 200/s",
        1e3 / rate
    )?;

    let entries = hundred();
    let book_options = BookOptions::default();
    let mut best = Duration::MAX;
    let mut bytes = 0;
    for _ in 0..args.repeat {
        let start = Instant::now();
        bytes = book::pdf(&entries, &book_options).map_or(0, |pdf| pdf.len());
        best = best.min(start.elapsed());
    }
    writeln!(
        out,
        "  100-puzzle book   {:>10.3} s    {:>8} KB        target ≤ 1 s   (A4, 4 a page, solutions at the back)",
        best.as_secs_f64(),
        bytes / 1024
    )?;
    Ok(())
}

/// A hundred generated puzzles, graded, with their seeds (made before the timing).
fn hundred() -> Vec<Entry> {
    let Ok(generator) = Generator::new(GenOptions::default()) else {
        return Vec::new();
    };
    (0..100)
        .filter_map(|i| generator.generate(puzzle_seed(1, i)).ok())
        .map(|mut made| Entry::generated(&mut made))
        .collect()
}
