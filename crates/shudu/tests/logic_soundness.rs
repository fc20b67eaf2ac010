//! The explained solver never lies: over real puzzles with known solutions, no step places a wrong digit or
//! removes a true candidate. Skips (saying so) where `../shared/data` is absent.

use std::path::PathBuf;

use shudu::format::parse_line;
use shudu::logic::{Lang, Listener, Outcome, Solver, Step, Technique};
use shudu::search;
use shudu::Grid;

fn collection(name: &str) -> Option<Vec<[u8; 81]>> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/puzzles")
        .join(name);
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("skipping: {} not found", path.display());
        return None;
    };
    Some(
        text.lines()
            .map(|l| parse_line(l).expect("collection line parses"))
            .collect(),
    )
}

/// Checks every step against the solution as the solver takes it.
struct Checker<'a> {
    solution: &'a [u8; 81],
    steps: usize,
}

impl Listener for Checker<'_> {
    fn on_step(&mut self, step: &Step, _grid: &Grid) {
        self.steps += 1;
        for &(c, d) in &step.placements {
            assert_eq!(
                self.solution[c.index()],
                d.get(),
                "wrong placement: {}",
                step.explain(Lang::En)
            );
        }
        for &(c, d) in &step.eliminations {
            assert_ne!(
                self.solution[c.index()],
                d.get(),
                "true candidate removed: {}",
                step.explain(Lang::En)
            );
        }
    }
}

/// Solves `puzzle` with `solver`, checking every step; returns whether it was solved.
pub fn check_sound(solver: &Solver, puzzle: &[u8; 81], solution: &[u8; 81]) -> bool {
    let grid = Grid::from_values(puzzle).expect("puzzle has no clash");
    let mut checker = Checker { solution, steps: 0 };
    let report = solver.solve(&grid, &mut checker);
    assert_eq!(checker.steps, report.steps.len());
    assert!(
        !matches!(report.outcome, Outcome::Invalid(_)),
        "a valid puzzle reported invalid"
    );
    if report.outcome == Outcome::Solved {
        assert_eq!(report.grid.values(), solution);
    }
    report.outcome == Outcome::Solved
}

fn run(name: &str, solver: &Solver, limit: usize) -> Option<(usize, usize)> {
    let puzzles = collection(name)?;
    let mut solved = 0;
    for p in puzzles.iter().take(limit) {
        let solution = search::solve(p).expect("collection puzzles are solvable");
        solved += check_sound(solver, p, &solution) as usize;
    }
    let n = puzzles.len().min(limit);
    eprintln!("{name}: {solved} of {n} solved by the ladder, every step sound");
    Some((solved, n))
}

fn singles_only() -> Solver {
    Solver::with_ladder(&[Technique::FullHouse, Technique::NakedSingle, Technique::HiddenSingle])
}

#[test]
fn royle17_singles_only_is_sound() {
    run("royle17.txt", &singles_only(), usize::MAX);
}

#[test]
fn top1465_full_ladder_is_sound() {
    run("top1465.txt", &Solver::new(), usize::MAX);
}

#[test]
fn qqwing_full_ladder_is_sound_and_solves_the_easy_levels() {
    for level in ["simple", "easy", "intermediate", "expert"] {
        if let Some((solved, n)) = run(&format!("qqwing_{level}.txt"), &Solver::new(), usize::MAX) {
            if level == "simple" || level == "easy" {
                // QQWing's two easiest levels need nothing beyond singles, intersections and subsets.
                assert_eq!(solved, n, "qqwing_{level}");
            }
        }
    }
}

#[test]
fn the_seeds_example_is_explained_with_singles_to_the_end() {
    let p = parse_line("006800005080200007050347200000000013003009000800000500000060080000403000700100020")
        .expect("parses");
    let solution = search::solve(&p).expect("solvable");
    let grid = Grid::from_values(&p).expect("valid");
    let mut checker = Checker {
        solution: &solution,
        steps: 0,
    };
    let report = Solver::new().solve(&grid, &mut checker);
    assert_eq!(report.outcome, Outcome::Solved);
    assert!(report.steps.iter().all(|s| matches!(
        s.technique,
        Technique::FullHouse | Technique::NakedSingle | Technique::HiddenSingle
    )));
    assert_eq!(report.steps.len(), 81 - p.iter().filter(|&&v| v != 0).count());
}
