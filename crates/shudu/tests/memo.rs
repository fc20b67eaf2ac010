//! Some finders remember, per thread, where they last found nothing, and skip it while it is unchanged: X-Chains by
//! digit, XY-Chains by their two-candidate cells, subsets by house, Sue de Coq by line and box, fish, locked
//! candidates, the single-digit patterns and the colourings by digit; WXYZ-Wings, ALS-XZ, ALS-XY-Wings and HoDoKu's
//! ALS-XY-Chains search only around the cells changed since. Others keep what they worked out for the last grid: the
//! unique rectangles, each digit's colour clusters, each house's almost locked sets for the grouped chains and for
//! the ALS techniques.
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

/// Finders with a memory asked only at the grids where the ladder comes to them: ALS-XY-Wings and HoDoKu's
/// ALS-XY-Chains (whose search, with nothing remembered, takes seconds at a grid of the opening, where singles
/// take the step), as `true` for HoDoKu's finder.
const DEEP_FINDERS: [(Technique, bool); 2] = [(Technique::AlsXyWing, false), (Technique::AlsChain, true)];

fn all_steps(grid: &Grid, deep: bool) -> Vec<Vec<Step>> {
    let deep = DEEP_FINDERS.iter().filter(|_| deep).map(|&(t, hodoku)| {
        if hodoku {
            Solver::find_all_hodoku(t, grid)
        } else {
            Solver::find_all(t, grid)
        }
    });
    FINDERS.iter().map(|&t| Solver::find_all(t, grid)).chain(deep).collect()
}

#[test]
fn remembered_failures_change_no_answer() {
    let Some(puzzles) = common::collection("top1465.txt") else {
        return;
    };
    let (mut grids, mut deep_grids) = (0, 0);
    for (n, values) in puzzles.iter().enumerate().step_by(25) {
        let mut grid = Grid::from_values(values).expect("a valid puzzle");
        // This thread's memories carry over from step to step (and puzzle to puzzle), as in a solve; a new thread
        // starts with none.
        while !grid.is_full() {
            // The cold thread takes the step, with nothing remembered, and tells whether the ladder came to the
            // deep finders; this thread, whose finders remember, asks them second.
            let fresh = grid.clone();
            let (step, deep, cold) = std::thread::spawn(move || {
                let solver = Solver::new();
                let step = solver.next_step(&fresh);
                let rung = |t: Technique| solver.ladder().iter().position(|&l| l == t);
                let deep = step
                    .as_ref()
                    .is_none_or(|s| rung(s.technique) >= rung(Technique::AlsXyWing));
                let cold = all_steps(&fresh, deep);
                (step, deep, cold)
            })
            .join()
            .expect("the cold thread");
            let warm = all_steps(&grid, deep);
            for (i, (w, c)) in warm.iter().zip(&cold).enumerate() {
                let technique = FINDERS.iter().chain(DEEP_FINDERS.iter().map(|(t, _)| t)).nth(i);
                assert_eq!(w, c, "puzzle {} ({:?}): {:?} differs", n + 1, grid, technique);
            }
            grids += 1;
            deep_grids += usize::from(deep);
            let Some(step) = step else {
                break;
            };
            step.apply(&mut grid).expect("a sound step");
        }
    }
    eprintln!("{grids} grids, {deep_grids} where the ladder came to ALS-XY-Wing");
    assert!(
        deep_grids > 100,
        "{deep_grids} grids where the ladder came to ALS-XY-Wing"
    );
    assert!(grids > 2000, "{grids} grids checked");
}
