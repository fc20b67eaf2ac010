//! The every-instance soundness run: boards taken at random points of the explained solver's path over puzzles of
//! every shared collection and generated ones, each also thinned (false candidates struck at random), and every
//! finder run to exhaustion on each ([`every::check_all`]). `tests/every_instance.rs` runs a CI-sized slice and,
//! ignored by default, the full run (RELIABILITY.md gives the command).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use shudu::format::parse_line;
use shudu::generate::{self, Rng};
use shudu::logic::{Level, Solver, Technique};
use shudu::{search, Grid};

use crate::every::{self, Tally};
use crate::states;

/// `../shared/data` beside the repository, or `None` after saying that tests needing it skip (as on a fresh clone).
pub fn shared_data() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!(
            "skipping: {} not found (the shared collections sit beside the repository)",
            dir.display()
        );
        None
    }
}

/// The shared collections of proper puzzles (relative to `../shared/data`), and the field of a line the puzzle is.
/// Left out: `serg_benchmark.txt`, `invalid.txt` and `sudopedia_test_cases.tsv` (no single solution to check
/// against).
pub const COLLECTIONS: [&str; 12] = [
    "puzzles/royle17.txt",
    "puzzles/top1465.txt",
    "puzzles/forum_hardest_1905.txt",
    "puzzles/forum_hardest_1106.txt",
    "puzzles/kaggle_easy_10k.txt",
    "puzzles/qqwing_simple.txt",
    "puzzles/qqwing_easy.txt",
    "puzzles/qqwing_intermediate.txt",
    "puzzles/qqwing_expert.txt",
    "rated/hodoku_levels_dev.txt",
    "rated/se_rated_dev.txt",
    "rated/serate_dev.txt",
];

/// A puzzle to take boards from, and where it came from.
#[derive(Clone, Debug)]
pub struct Source {
    /// The collection's file, or `generated <level>`.
    pub origin: String,
    /// The givens.
    pub puzzle: [u8; 81],
}

/// `per_source` puzzles of each collection under `data` (spread over the whole file) that has them, and
/// `generated` puzzles of each level from the generator (seeds from `seed`). Collections that are missing are named
/// in the second list.
pub fn sources(data: &Path, per_source: usize, generated: usize, seed: u64) -> (Vec<Source>, Vec<String>) {
    let mut out = Vec::new();
    let mut missing = Vec::new();
    for name in COLLECTIONS {
        let Ok(text) = std::fs::read_to_string(data.join(name)) else {
            missing.push(name.to_string());
            continue;
        };
        let puzzles: Vec<[u8; 81]> = text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .filter_map(|l| l.split_whitespace().next().and_then(|p| parse_line(p).ok()))
            .collect();
        let take = per_source.min(puzzles.len());
        for k in 0..take {
            // Evenly spread, so a slice of a collection is not only its first puzzles.
            let at = k * puzzles.len() / take.max(1);
            out.push(Source {
                origin: name.to_string(),
                puzzle: puzzles[at],
            });
        }
    }
    for (i, level) in Level::ALL.iter().enumerate() {
        let options = generate::Options {
            level: Some(*level),
            ..generate::Options::default()
        };
        for k in 0..generated {
            let s = generate::puzzle_seed(seed.wrapping_add(i as u64), k as u64);
            if let Ok(made) = generate::generate(&options, s) {
                out.push(Source {
                    origin: format!("generated {}", level.name()),
                    puzzle: made.puzzle,
                });
            }
        }
    }
    (interleave(out), missing)
}

/// The puzzles in turn from each origin (the first of each, then the second of each, ...), so that a run cut short
/// has covered every collection alike.
fn interleave(sources: Vec<Source>) -> Vec<Source> {
    let mut groups: Vec<(String, std::collections::VecDeque<Source>)> = Vec::new();
    for s in sources {
        match groups.iter_mut().find(|(o, _)| *o == s.origin) {
            Some((_, g)) => g.push_back(s),
            None => groups.push((s.origin.clone(), std::collections::VecDeque::from([s]))),
        }
    }
    let mut out = Vec::new();
    while groups.iter().any(|(_, g)| !g.is_empty()) {
        for (_, g) in &mut groups {
            if let Some(s) = g.pop_front() {
                out.push(s);
            }
        }
    }
    out
}

/// How a run is made.
#[derive(Clone, Debug)]
pub struct Plan {
    /// Points taken on each puzzle's path; each gives two boards (as reached, and thinned).
    pub points: usize,
    /// One board in this many also runs the heavy finders ([`every::heavy`]); 1 for every board.
    pub heavy_stride: u64,
    /// Worker threads.
    pub threads: usize,
    /// The random seed of points and thinning.
    pub seed: u64,
    /// Puzzles before this index are skipped: a run stopped early resumes where it stopped and checks the same
    /// boards it would have, since each puzzle's random numbers depend only on the seed and its index.
    pub first: usize,
}

/// What a run saw.
#[derive(Debug, Default)]
pub struct Report {
    /// Instances by technique, wrong ones, boards.
    pub tally: Tally,
    /// Boards on which the heavy finders ran too.
    pub heavy_states: u64,
    /// Puzzles whose path was taken, by origin.
    pub puzzles: Vec<(String, u64)>,
    /// Wall time.
    pub elapsed: Duration,
}

/// Runs the plan over `sources`, calling `progress` now and then (about every 1,000 boards) with the report so far,
/// so that a long run leaves its figures behind even if it is stopped.
pub fn run(sources: &[Source], plan: &Plan, progress: &(dyn Fn(&Report) + Sync)) -> Report {
    let started = Instant::now();
    let next = AtomicUsize::new(plan.first);
    let done = AtomicUsize::new(0);
    let all = every::techniques();
    let light: Vec<Technique> = all.iter().copied().filter(|&t| !every::heavy(t)).collect();
    let heavy: Vec<Technique> = all.iter().copied().filter(|&t| every::heavy(t)).collect();
    // Each puzzle's counts are merged as it is done, so a report so far can be made at any time.
    let merged = Mutex::new((Tally::new(), 0u64, Vec::<usize>::new()));
    let solver = Solver::new();
    std::thread::scope(|scope| {
        for _ in 0..plan.threads.max(1) {
            scope.spawn(|| {
                loop {
                    let mut tally = Tally::new();
                    let mut heavy_states = 0u64;
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(source) = sources.get(i) else { break };
                    let Some(solution) = search::solve(&source.puzzle) else {
                        continue;
                    };
                    let Ok(grid) = Grid::from_values(&source.puzzle) else {
                        continue;
                    };
                    let path = states::path(&grid, &solver);
                    if path.is_empty() {
                        continue;
                    }
                    // Each puzzle its own random numbers, so a run is the same whatever the threads.
                    let mut rng = Rng::new(generate::puzzle_seed(plan.seed, i as u64));
                    let mut board_index = (i * 2 * plan.points) as u64;
                    for _ in 0..plan.points {
                        let at = &path[rng.below(path.len() as u32) as usize];
                        let thin = states::thinned(at, &solution, 10 + rng.below(50), &mut rng);
                        for board in [at, &thin] {
                            tally.states += 1;
                            every::check_all(board, &solution, &light, &mut tally);
                            if board_index.is_multiple_of(plan.heavy_stride.max(1)) {
                                every::check_all(board, &solution, &heavy, &mut tally);
                                heavy_states += 1;
                            }
                            board_index += 1;
                        }
                    }
                    let boards = done.fetch_add(2 * plan.points, Ordering::Relaxed) + 2 * plan.points;
                    let mut m = merged.lock().expect("no worker panics while holding the tally");
                    m.0.merge(tally);
                    m.1 += heavy_states;
                    m.2.push(i);
                    if boards % 1000 < 2 * plan.points {
                        let so_far = report(sources, &m.0, m.1, &m.2, started.elapsed());
                        drop(m);
                        progress(&so_far);
                    }
                }
            });
        }
    });
    let (tally, heavy_states, done) = merged.into_inner().expect("no worker panicked");
    report(sources, &tally, heavy_states, &done, started.elapsed())
}

/// The report on the puzzles `done` (indices into `sources`).
fn report(sources: &[Source], tally: &Tally, heavy_states: u64, done: &[usize], elapsed: Duration) -> Report {
    let mut puzzles: Vec<(String, u64)> = Vec::new();
    for s in done.iter().filter_map(|&i| sources.get(i)) {
        match puzzles.iter_mut().find(|(o, _)| *o == s.origin) {
            Some((_, n)) => *n += 1,
            None => puzzles.push((s.origin.clone(), 1)),
        }
    }
    puzzles.sort();
    Report {
        tally: tally.clone(),
        heavy_states,
        puzzles,
        elapsed,
    }
}

impl Report {
    /// The report as a Markdown table: puzzles by source, then instances by technique (boards searched with it).
    pub fn markdown(&self) -> String {
        let t = &self.tally;
        let mut s = String::new();
        let _ = writeln!(
            s,
            "{} boards, {} instances checked, {} wrong, in {:.0} s\n",
            t.states,
            t.total(),
            t.wrong.len(),
            self.elapsed.as_secs_f64()
        );
        let _ = writeln!(s, "| source | puzzles |\n|---|---:|");
        for (origin, n) in &self.puzzles {
            let _ = writeln!(s, "| {origin} | {n} |");
        }
        let _ = writeln!(
            s,
            "\n| technique | boards | instances | wrong | finder time (s) |\n|---|---:|---:|---:|---:|"
        );
        for (i, t_) in Technique::ALL.iter().enumerate() {
            if !t_.is_implemented() {
                continue;
            }
            let boards = if every::heavy(*t_) { self.heavy_states } else { t.states };
            let wrong = t.wrong.iter().filter(|w| w.starts_with(&format!("{t_}:"))).count();
            let _ = writeln!(
                s,
                "| {t_} | {boards} | {} | {wrong} | {:.1} |",
                t.instances[i],
                t.time[i].as_secs_f64()
            );
        }
        s
    }
}
