//! Every instance of every technique is sound: each finder runs to exhaustion on boards along the explained solver's
//! paths and on thinned boards no solver reaches, and every instance is checked against the true solution (and its
//! words against what it does). A slice runs here in seconds; the full run (100,000 boards) is ignored by default:
//!
//! ```sh
//! cargo test --release -p shudu-check --test every_instance -- --ignored --nocapture
//! ```
//!
//! (`SHUDU_SOUNDNESS_PUZZLES` puzzles a source, `SHUDU_SOUNDNESS_THREADS` threads, `SHUDU_SOUNDNESS_FROM` the first
//! puzzle, to resume a run stopped early; RELIABILITY.md has the figures.)
//! Boards that were ever found wrong are kept in `tests/states/` (JSON) and checked first.

use std::path::{Path, PathBuf};

use shudu::{search, Cell, Grid};
use shudu_check::every::{self, Tally};
use shudu_check::run::{self, shared_data, Plan};

/// Boards a finder was once wrong on (each file one board as the engine's JSON; its givens fix the solution).
#[test]
fn boards_once_found_wrong_are_sound_now() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/states");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/states is in the repository")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    let mut tally = Tally::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("readable");
        let grid: Grid = serde_json::from_str(&text).expect("a board");
        let mut givens = [0u8; 81];
        for cell in grid.givens() {
            givens[cell.index()] = grid.values()[cell.index()];
        }
        let solution = search::solve(&givens).expect("the givens have a solution");
        assert!(Cell::ALL
            .iter()
            .all(|c| grid.value(*c).is_none_or(|d| d.get() == solution[c.index()])));
        tally.states += 1;
        every::check_all(&grid, &solution, &every::techniques(), &mut tally);
    }
    tally.assert_clean();
    assert!(tally.total() > 1000, "{} instances", tally.total());
}

/// A slice of the full run: two puzzles of every collection and one generated puzzle of each level, every finder
/// (the heavy ones on every fourth board), a few seconds.
#[test]
fn a_slice_of_every_instance_soundness() {
    let Some(data) = shared_data() else { return };
    let (sources, missing) = run::sources(&data, 2, 1, 21);
    assert!(missing.is_empty(), "missing collections: {missing:?}");
    let plan = Plan {
        points: 1,
        heavy_stride: 4,
        threads: 2,
        seed: 21,
        first: 0,
    };
    let report = run::run(&sources, &plan, &|_| {});
    report.tally.assert_clean();
    assert_eq!(report.tally.states, 2 * sources.len() as u64);
    assert!(report.tally.total() > 10_000, "{} instances", report.tally.total());
}

/// The full run: over 100,000 boards (up to 1,600 puzzles of each of the 12 collections, 17,205 in all, and 200
/// generated at each of the 5 levels; 3 points a path, each as reached and thinned), the heavy finders on one board
/// in ten.
#[test]
#[ignore = "hours in release mode: cargo test --release -p shudu-check --test every_instance -- --ignored --nocapture"]
fn every_instance_soundness_full_run() {
    let Some(data) = shared_data() else { return };
    let number = |name: &str, default: usize| std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default);
    let per_source = number("SHUDU_SOUNDNESS_PUZZLES", 1600);
    let threads = number("SHUDU_SOUNDNESS_THREADS", 2);
    let (sources, missing) = run::sources(&data, per_source, per_source / 8, 2026);
    assert!(missing.is_empty(), "missing collections: {missing:?}");
    let plan = Plan {
        points: 3,
        heavy_stride: 10,
        threads,
        seed: 2026,
        first: number("SHUDU_SOUNDNESS_FROM", 0),
    };
    eprintln!(
        "{} puzzles from puzzle {}, {} boards to check",
        sources.len(),
        plan.first,
        sources.len().saturating_sub(plan.first) * 2 * plan.points
    );
    // The report so far is written as the run goes, so a run stopped early still leaves its figures.
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join("every-instance.md");
    let report = run::run(&sources, &plan, &|so_far| {
        eprintln!(
            "{} boards, {} instances, {} wrong, in {:.0} s",
            so_far.tally.states,
            so_far.tally.total(),
            so_far.tally.wrong.len(),
            so_far.elapsed.as_secs_f64()
        );
        let _ = std::fs::write(&out, so_far.markdown());
        if !so_far.tally.wrong.is_empty() {
            let _ = std::fs::write(out.with_extension("wrong.txt"), so_far.tally.wrong.join("\n\n"));
        }
    });
    let table = report.markdown();
    println!("{table}");
    std::fs::write(&out, &table).expect("the report is written");
    eprintln!("report written to {}", out.display());
    for w in report.tally.wrong.iter().take(20) {
        eprintln!("{w}");
    }
    report.tally.assert_clean();
}
