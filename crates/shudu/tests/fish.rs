//! Fish never lie: with the whole default ladder, and with every fish switched on (the large and Mutant ones are off
//! by default), no step over real puzzles removes a true candidate or places a wrong digit. Skips (saying so) where
//! `../shared/data` is absent.

mod common;

use common::sweep;
use shudu::logic::{Solver, Technique};

fn is_fish(t: Technique) -> bool {
    t.info().family.is_fish()
}

/// Solves the first `limit` puzzles of `name` with `solver`, checking every step; returns (solved, puzzles, fish
/// steps).
fn run(name: &str, solver: &Solver, limit: usize) -> Option<(usize, usize, usize)> {
    sweep(name, solver, limit, is_fish).map(|run| (run.solved, run.puzzles, run.counted))
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
