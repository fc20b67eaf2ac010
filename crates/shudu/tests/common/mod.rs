//! What the engine's collection tests share: reading the shared collections, and solving with every step checked
//! against the puzzle's true solution.

// Each test file uses its own part of this module.
#![allow(dead_code)]

use std::path::PathBuf;

pub mod serate;

use shudu::format::parse_line;
use shudu::logic::{Lang, Listener, Outcome, Solver, Step, Technique};
use shudu::{search, Grid};

/// The puzzles of a shared collection, or `None` (saying so) where `../shared/data` is absent.
pub fn collection(name: &str) -> Option<Vec<[u8; 81]>> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/puzzles")
        .join(name);
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("skipping: {} not found", path.display());
        return None;
    };
    Some(
        text.lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| parse_line(l).expect("collection line parses"))
            .collect(),
    )
}

/// A listener that fails the test on any step placing a wrong digit or removing a true candidate, and counts the
/// steps of each technique.
pub struct Checker<'a> {
    pub solution: &'a [u8; 81],
    pub steps: Vec<Technique>,
}

impl<'a> Checker<'a> {
    pub fn new(solution: &'a [u8; 81]) -> Checker<'a> {
        Checker {
            solution,
            steps: Vec::new(),
        }
    }

    /// How many steps used a technique `pick` chooses.
    pub fn count(&self, pick: impl Fn(Technique) -> bool) -> usize {
        self.steps.iter().filter(|&&t| pick(t)).count()
    }
}

impl Listener for Checker<'_> {
    fn on_step(&mut self, step: &Step, _grid: &Grid) {
        self.steps.push(step.technique);
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

/// What a checked run over a collection saw.
pub struct Run {
    pub puzzles: usize,
    pub solved: usize,
    /// Steps whose technique the sweep was asked to count.
    pub counted: usize,
}

/// Solves the first `limit` puzzles of `name` with `solver`, checking every step against the true solution (and a
/// solved grid against it whole); counts the steps whose technique `pick` chooses. `None` where the data is absent.
pub fn sweep(name: &str, solver: &Solver, limit: usize, pick: impl Fn(Technique) -> bool) -> Option<Run> {
    let puzzles = collection(name)?;
    let mut run = Run {
        puzzles: puzzles.len().min(limit),
        solved: 0,
        counted: 0,
    };
    for p in puzzles.iter().take(limit) {
        let solution = search::solve(p).expect("collection puzzles are solvable");
        let grid = Grid::from_values(p).expect("puzzle has no clash");
        let mut checker = Checker::new(&solution);
        let report = solver.solve(&grid, &mut checker);
        assert_eq!(checker.steps.len(), report.steps.len());
        assert!(
            !matches!(report.outcome, Outcome::Invalid(_)),
            "a valid puzzle reported invalid"
        );
        if report.outcome == Outcome::Solved {
            assert_eq!(report.grid.values(), &solution);
            run.solved += 1;
        }
        run.counted += checker.count(&pick);
    }
    eprintln!(
        "{name}: {} of {} solved by the ladder, {} counted steps, every step sound",
        run.solved, run.puzzles, run.counted
    );
    Some(run)
}
