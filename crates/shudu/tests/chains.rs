//! Chains and loops over real puzzles: every step of the ladder with chains checked against the true solution, and
//! the library cases of codes 0701–0711. Skips (saying so) where `../shared/data` is absent.

mod common;

use common::sweep;
use shudu::logic::{Family, Solver, Technique};

fn is_chain(t: Technique) -> bool {
    t.info().family == Family::ChainsAndLoops && t != Technique::RemotePair
}

/// The ladder up to subsets, then the chains: little in front of them, so the chains do most of the work.
fn chain_ladder() -> Solver {
    Solver::with_families(&[
        Family::Singles,
        Family::Intersections,
        Family::Subsets,
        Family::ChainsAndLoops,
    ])
}

#[test]
fn chain_steps_are_sound() {
    let solver = chain_ladder();
    for (name, limit) in [
        ("top1465.txt", usize::MAX),
        ("forum_hardest_1106.txt", 100),
        ("qqwing_expert.txt", usize::MAX),
    ] {
        if let Some(run) = sweep(name, &solver, limit, is_chain) {
            if name == "top1465.txt" {
                assert!(run.counted > 1000, "{name}: only {} chain steps", run.counted);
            }
        }
    }
}

#[test]
fn grouped_chains_are_sound() {
    let mut solver = Solver::with_ladder(&[
        Technique::FullHouse,
        Technique::NakedSingle,
        Technique::HiddenSingle,
        Technique::GroupedNiceLoop,
    ]);
    solver.set(Technique::XChain, false);
    if let Some(run) = sweep("top1465.txt", &solver, 150, |t| t == Technique::GroupedNiceLoop) {
        assert!(run.counted > 50, "only {} grouped steps", run.counted);
    }
}
