//! The uniqueness family over real puzzles: every step sound, and none taken once the solver is told not to assume
//! a unique solution. Skips (saying so) where `../shared/data` is absent.

mod common;

use common::sweep;
use shudu::logic::{Family, Solver, Technique};

fn is_uniqueness(t: Technique) -> bool {
    t.info().family == Family::Uniqueness
}

/// The ladder up to subsets, then the uniqueness family: without fish, wings or chains in front of them, the
/// uniqueness techniques get every chance to act.
fn uniqueness_ladder() -> Solver {
    Solver::with_families(&[
        Family::Singles,
        Family::Intersections,
        Family::Subsets,
        Family::Uniqueness,
    ])
}

/// Solves the first `limit` puzzles of `name`, every step checked; returns how many uniqueness steps were taken.
fn uniqueness_steps(name: &str, solver: &Solver, limit: usize) -> Option<usize> {
    sweep(name, solver, limit, is_uniqueness).map(|run| run.counted)
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
