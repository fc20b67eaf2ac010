//! Fish never lie: with the whole default ladder, and with every fish switched on (the large and Mutant ones are off
//! by default), no step over real puzzles removes a true candidate or places a wrong digit. Skips (saying so) where
//! `../shared/data` is absent.

use std::path::PathBuf;

use shudu::format::parse_line;
use shudu::logic::{Family, Lang, Listener, Outcome, Solver, Step, Technique};
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
            .filter(|l| !l.trim().is_empty())
            .map(|l| parse_line(l).expect("collection line parses"))
            .collect(),
    )
}

fn is_fish(t: Technique) -> bool {
    matches!(
        t.info().family,
        Family::BasicFish
            | Family::FinnedBasicFish
            | Family::FrankenFish
            | Family::FinnedFrankenFish
            | Family::MutantFish
            | Family::FinnedMutantFish
    )
}

/// Checks every step against the solution as the solver takes it, and counts the fish among them.
struct Checker<'a> {
    solution: &'a [u8; 81],
    fish: usize,
}

impl Listener for Checker<'_> {
    fn on_step(&mut self, step: &Step, _grid: &Grid) {
        self.fish += is_fish(step.technique) as usize;
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

/// Solves the first `limit` puzzles of `name` with `solver`, checking every step; returns (solved, puzzles, fish
/// steps).
fn run(name: &str, solver: &Solver, limit: usize) -> Option<(usize, usize, usize)> {
    let puzzles = collection(name)?;
    let (mut solved, mut fish) = (0, 0);
    for p in puzzles.iter().take(limit) {
        let solution = search::solve(p).expect("collection puzzles are solvable");
        let grid = Grid::from_values(p).expect("puzzle has no clash");
        let mut checker = Checker {
            solution: &solution,
            fish: 0,
        };
        let report = solver.solve(&grid, &mut checker);
        assert!(
            !matches!(report.outcome, Outcome::Invalid(_)),
            "a valid puzzle reported invalid"
        );
        if report.outcome == Outcome::Solved {
            assert_eq!(report.grid.values(), &solution);
            solved += 1;
        }
        fish += checker.fish;
    }
    let n = puzzles.len().min(limit);
    eprintln!("{name}: {solved} of {n} solved, {fish} fish steps, every step sound");
    Some((solved, n, fish))
}

/// The default ladder with every fish technique switched on, large and Mutant ones included.
fn every_fish() -> Solver {
    let mut solver = Solver::new();
    for t in Technique::ALL.into_iter().filter(|&t| is_fish(t)) {
        solver.set(t, true);
    }
    solver
}

#[test]
fn royle17_default_ladder_is_sound() {
    run("royle17.txt", &Solver::new(), 5000);
}

#[test]
fn forum_hardest_1106_default_ladder_is_sound_and_uses_fish() {
    if let Some((_, _, fish)) = run("forum_hardest_1106.txt", &Solver::new(), usize::MAX) {
        // The hardest puzzles get stuck where fish help: the ladder takes some.
        assert!(fish > 0);
    }
}

#[test]
fn every_fish_switched_on_is_sound() {
    run("forum_hardest_1106.txt", &every_fish(), usize::MAX);
    run("top1465.txt", &every_fish(), 400);
}
