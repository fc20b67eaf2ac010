//! The solvers do not care how a puzzle is drawn: under a random member of the symmetry group with a relabelling
//! (`shudu::canon::Transform`: transposition, band and stack permutations, row and column permutations within them,
//! digits renamed), the search solver's count and solution move with the puzzle, and the explained solver solves
//! every isomorph of a puzzle it solved without Brute Force, without it, every step sound against the moved
//! solution. A slice runs here; the full runs (10,000 puzzles each) are ignored by default:
//!
//! ```sh
//! cargo test --release -p shudu-check --test invariance -- --ignored --nocapture
//! ```

use std::path::Path;

use shudu::canon::Transform;
use shudu::format::parse_line;
use shudu::generate::Rng;
use shudu::logic::{Listener, Outcome, Solver, Step, Technique};
use shudu::{search, Grid};
use shudu_check::run::shared_data;
use shudu_check::sound::check_effect;

/// `n` puzzles spread over the file's lines (its first field each).
fn spread(data: &Path, name: &str, n: usize) -> Vec<[u8; 81]> {
    let text = std::fs::read_to_string(data.join(name)).expect("a shared collection");
    let all: Vec<[u8; 81]> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split_whitespace().next().and_then(|p| parse_line(p).ok()))
        .collect();
    let n = n.min(all.len());
    (0..n).map(|k| all[k * all.len() / n.max(1)]).collect()
}

/// Puzzles of every kind the search meets: proper ones easy to hardest, ones with many solutions, none.
fn search_mix(data: &Path, scale: usize) -> Vec<[u8; 81]> {
    let mut out = Vec::new();
    for (name, share) in [
        ("puzzles/royle17.txt", 3),
        ("puzzles/top1465.txt", 1),
        ("puzzles/forum_hardest_1905.txt", 2),
        ("puzzles/kaggle_easy_10k.txt", 1),
        ("puzzles/qqwing_expert.txt", 1),
        ("puzzles/serg_benchmark.txt", 2),
    ] {
        out.extend(spread(data, name, share * scale));
    }
    out.extend(spread(data, "puzzles/invalid.txt", 7));
    out
}

/// Checks every step against the board before it and the moved solution.
struct Checker {
    before: Grid,
    solution: [u8; 81],
    brute: bool,
}

impl Listener for Checker {
    fn on_step(&mut self, step: &Step, grid: &Grid) {
        if let Err(why) = check_effect(&self.before, step, Some(&self.solution)) {
            panic!("{why}\n{}", shudu::format::to_pencilmarks(&self.before));
        }
        self.brute |= step.technique == Technique::BruteForce;
        self.before = grid.clone();
    }
}

/// The search's count (to 2) and solution commute with a random map, for every puzzle; returns how many.
fn search_commutes(puzzles: &[[u8; 81]], seed: u64) -> usize {
    let mut rng = Rng::new(seed);
    for p in puzzles {
        let map = Transform::random(&mut rng);
        let (a, b) = (search::search(p, 2), search::search(&map.apply(p), 2));
        assert_eq!(a.count, b.count, "the count moved: {}", shudu::format::to_line(p));
        if a.count == 1 {
            let solution = a.solution.expect("a solution");
            assert_eq!(b.solution, Some(map.apply(&solution)), "{}", shudu::format::to_line(p));
        }
    }
    puzzles.len()
}

/// Every puzzle the explained solver finishes without Brute Force, it finishes on a random isomorph too, each step
/// sound; returns (puzzles, isomorphs solved).
fn explained_commutes(puzzles: &[[u8; 81]], seed: u64) -> (usize, usize) {
    let mut rng = Rng::new(seed);
    let solver = Solver::new();
    let mut solved = 0;
    for p in puzzles {
        let Some(solution) = search::solve(p) else { continue };
        let map = Transform::random(&mut rng);
        let run = |values: &[u8; 81], solution: [u8; 81]| {
            let grid = Grid::from_values(values).expect("a proper puzzle's givens never clash");
            let mut checker = Checker {
                before: grid.clone(),
                solution,
                brute: false,
            };
            let report = solver.solve(&grid, &mut checker);
            report.outcome == Outcome::Solved && !checker.brute
        };
        if run(p, solution) {
            assert!(
                run(&map.apply(p), map.apply(&solution)),
                "solved, but not its isomorph: {}",
                shudu::format::to_line(p)
            );
            solved += 1;
        }
    }
    (puzzles.len(), solved)
}

#[test]
fn a_slice_of_search_invariance() {
    let Some(data) = shared_data() else { return };
    let puzzles = search_mix(&data, 50);
    assert!(search_commutes(&puzzles, 1) >= 500);
}

#[test]
fn a_slice_of_explained_invariance() {
    let Some(data) = shared_data() else { return };
    let mut puzzles = spread(&data, "puzzles/qqwing_expert.txt", 20);
    puzzles.extend(spread(&data, "puzzles/top1465.txt", 4));
    let (n, solved) = explained_commutes(&puzzles, 2);
    assert_eq!(solved, n, "the default ladder finishes these without Brute Force");
}

#[test]
#[ignore = "minutes in release mode: cargo test --release -p shudu-check --test invariance -- --ignored --nocapture"]
fn search_invariance_full_run() {
    let Some(data) = shared_data() else { return };
    let puzzles = search_mix(&data, 1000);
    let n = search_commutes(&puzzles, 2026);
    println!("search invariance: {n} puzzles, count and solution commute with a random map for every one");
    assert!(n >= 10_000);
}

#[test]
#[ignore = "an hour in release mode: cargo test --release -p shudu-check --test invariance -- --ignored --nocapture"]
fn explained_invariance_full_run() {
    let Some(data) = shared_data() else { return };
    let mut puzzles = Vec::new();
    for (name, n) in [
        ("puzzles/royle17.txt", 3000),
        ("puzzles/top1465.txt", 1465),
        ("puzzles/forum_hardest_1106.txt", 375),
        ("puzzles/kaggle_easy_10k.txt", 1000),
        ("puzzles/qqwing_intermediate.txt", 1000),
        ("puzzles/qqwing_expert.txt", 2000),
        ("rated/serate_dev.txt", 1160),
    ] {
        puzzles.extend(spread(&data, name, n));
    }
    let started = std::time::Instant::now();
    let (n, solved) = explained_commutes(&puzzles, 2026);
    println!(
        "explained invariance: {n} puzzles, {solved} solved without Brute Force and so was each one's isomorph, \
         every step sound ({:.0} s)",
        started.elapsed().as_secs_f64()
    );
    assert!(n >= 10_000);
}
