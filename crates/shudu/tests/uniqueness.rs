//! The uniqueness family over real puzzles: every step sound, and none taken once the solver is told not to assume
//! a unique solution. Skips (saying so) where `../shared/data` is absent.

use std::path::PathBuf;

use shudu::format::parse_line;
use shudu::logic::{Family, Lang, Listener, Solver, Step, Technique};
use shudu::{search, Grid};

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

/// Counts uniqueness steps and checks every step against the solution.
struct Checker<'a> {
    solution: &'a [u8; 81],
    uniqueness_steps: usize,
}

impl Listener for Checker<'_> {
    fn on_step(&mut self, step: &Step, _grid: &Grid) {
        if step.technique.info().family == Family::Uniqueness {
            self.uniqueness_steps += 1;
        }
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

/// The ladder up to subsets, then the uniqueness family: without fish, wings or chains in front of them, the
/// uniqueness techniques get every chance to act.
fn uniqueness_ladder() -> Solver {
    let ladder: Vec<Technique> = Technique::ALL
        .iter()
        .copied()
        .filter(|t| {
            t.info().on_by_default
                && matches!(
                    t.info().family,
                    Family::Singles | Family::Intersections | Family::Subsets | Family::Uniqueness
                )
        })
        .collect();
    Solver::with_ladder(&ladder)
}

/// Solves the first `limit` puzzles of `name`; returns how many uniqueness steps were taken.
fn uniqueness_steps(name: &str, solver: &Solver, limit: usize) -> Option<usize> {
    let puzzles = collection(name)?;
    let mut total = 0;
    for p in puzzles.iter().take(limit) {
        let solution = search::solve(p).expect("collection puzzles are solvable");
        let grid = Grid::from_values(p).expect("no clash");
        let mut checker = Checker {
            solution: &solution,
            uniqueness_steps: 0,
        };
        solver.solve(&grid, &mut checker);
        total += checker.uniqueness_steps;
    }
    eprintln!("{name}: {total} uniqueness steps, every step sound");
    Some(total)
}

#[test]
fn uniqueness_steps_are_sound_on_unique_puzzles() {
    let solver = uniqueness_ladder();
    for (name, limit) in [
        ("top1465.txt", usize::MAX),
        ("forum_hardest_1106.txt", usize::MAX),
        ("qqwing_expert.txt", usize::MAX),
        ("qqwing_intermediate.txt", usize::MAX),
        ("royle17.txt", 5000),
    ] {
        if let Some(n) = uniqueness_steps(name, &solver, limit) {
            if name == "top1465.txt" {
                // The family is exercised: hundreds of steps on top1465 with this ladder.
                assert!(n > 100, "{name}: only {n} uniqueness steps");
            }
        }
    }
}

#[test]
fn no_uniqueness_step_without_assuming_a_unique_solution() {
    for solver in [uniqueness_ladder(), Solver::new()] {
        let mut solver = solver;
        solver.set_assume_unique(false);
        for name in ["top1465.txt", "qqwing_expert.txt"] {
            if let Some(n) = uniqueness_steps(name, &solver, usize::MAX) {
                assert_eq!(n, 0, "{name}");
            }
        }
    }
}
