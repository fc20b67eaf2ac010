//! The explained solver never lies: over real puzzles with known solutions, no step places a wrong digit or
//! removes a true candidate. Skips (saying so) where `../shared/data` is absent.

mod common;

use common::{sweep, Checker};
use shudu::format::parse_line;
use shudu::logic::{Outcome, Solver, Technique};
use shudu::{search, Grid};

fn singles_only() -> Solver {
    Solver::with_ladder(&[Technique::FullHouse, Technique::NakedSingle, Technique::HiddenSingle])
}

#[test]
fn royle17_singles_only_is_sound() {
    sweep("royle17.txt", &singles_only(), usize::MAX, |_| false);
}

#[test]
fn top1465_full_ladder_is_sound() {
    sweep("top1465.txt", &Solver::new(), usize::MAX, |_| false);
}

#[test]
fn qqwing_full_ladder_is_sound_and_solves_the_easy_levels() {
    for level in ["simple", "easy", "intermediate", "expert"] {
        if let Some(run) = sweep(&format!("qqwing_{level}.txt"), &Solver::new(), usize::MAX, |_| false) {
            if level == "simple" || level == "easy" {
                // QQWing's two easiest levels need nothing beyond singles, intersections and subsets.
                assert_eq!(run.solved, run.puzzles, "qqwing_{level}");
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
    let mut checker = Checker::new(&solution);
    let report = Solver::new().solve(&grid, &mut checker);
    assert_eq!(report.outcome, Outcome::Solved);
    assert!(report.steps.iter().all(|s| matches!(
        s.technique,
        Technique::FullHouse | Technique::NakedSingle | Technique::HiddenSingle
    )));
    assert_eq!(report.steps.len(), 81 - p.iter().filter(|&&v| v != 0).count());
}
