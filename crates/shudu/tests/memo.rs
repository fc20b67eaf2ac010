//! Some finders remember, per thread, where they last found nothing, and skip it while it is unchanged: X-Chains by
//! digit, XY-Chains by their two-candidate cells, subsets by house, Sue de Coq by line and box, fish, locked
//! candidates, the single-digit patterns and the colourings by digit; WXYZ-Wings search only around the cells changed
//! since. Others keep what they worked out for the last grid: the unique rectangles, each digit's colour clusters, each
//! house's almost locked sets for the grouped chains and for the ALS techniques.
//! They must answer as a finder with nothing remembered would: checked at every step of solving a spread of top1465
//! (skipped, saying so, where `../shared/data` is absent).

mod common;

use shudu::logic::{Solver, Step, Technique};
use shudu::Grid;

/// The finders with a memory (the rectangle finders share one list per grid, the colourings one set of clusters).
const FINDERS: [Technique; 34] = [
    Technique::WXYZWing,
    Technique::LockedCandidatesPointing,
    Technique::LockedCandidatesClaiming,
    Technique::Skyscraper,
    Technique::TwoStringKite,
    Technique::TurbotFish,
    Technique::EmptyRectangle,
    Technique::XChain,
    Technique::XYChain,
    Technique::NakedPair,
    Technique::NakedTriple,
    Technique::NakedQuadruple,
    Technique::HiddenPair,
    Technique::HiddenTriple,
    Technique::HiddenQuadruple,
    Technique::SueDeCoq,
    Technique::XWing,
    Technique::Swordfish,
    Technique::Jellyfish,
    Technique::FinnedXWing,
    Technique::FinnedSwordfish,
    Technique::SashimiXWing,
    Technique::SashimiSwordfish,
    Technique::UniqueRectangleType1,
    Technique::UniqueRectangleType2,
    Technique::UniqueRectangleType3,
    Technique::UniqueRectangleType4,
    Technique::UniqueRectangleType5,
    Technique::UniqueRectangleType6,
    Technique::HiddenRectangle,
    Technique::SimpleColors,
    Technique::MultiColors,
    Technique::GroupedNiceLoop,
    Technique::AlsXz,
];

fn all_steps(grid: &Grid) -> Vec<Vec<Step>> {
    FINDERS.iter().map(|&t| Solver::find_all(t, grid)).collect()
}

#[test]
fn remembered_failures_change_no_answer() {
    let Some(puzzles) = common::collection("top1465.txt") else {
        return;
    };
    let solver = Solver::new();
    let mut grids = 0;
    for (n, values) in puzzles.iter().enumerate().step_by(25) {
        let mut grid = Grid::from_values(values).expect("a valid puzzle");
        // This thread's memories carry over from step to step (and puzzle to puzzle), as in a solve; a new thread
        // starts with none.
        while !grid.is_full() {
            let warm = all_steps(&grid);
            let fresh = grid.clone();
            let cold = std::thread::spawn(move || all_steps(&fresh))
                .join()
                .expect("the cold thread");
            for (i, (w, c)) in warm.iter().zip(&cold).enumerate() {
                assert_eq!(w, c, "puzzle {} ({:?}): {:?} differs", n + 1, grid, FINDERS[i]);
            }
            grids += 1;
            let Some(step) = solver.next_step(&grid) else {
                break;
            };
            step.apply(&mut grid).expect("a sound step");
        }
    }
    assert!(grids > 2000, "{grids} grids checked");
}
