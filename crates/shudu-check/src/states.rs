//! Boards to check the finders on: states along the explained solver's path, and states a solver never reaches
//! (extra eliminations that keep every true candidate, notes left beside placed digits).

use shudu::generate::Rng;
use shudu::logic::{Silent, Solver};
use shudu::{Bitboard, Candidates, Cell, Digit, Grid};

/// The board before each step of the explained solver's path from `puzzle` (the first is the puzzle itself); the
/// path's own end is left out, being full or stuck.
pub fn path(puzzle: &Grid, solver: &Solver) -> Vec<Grid> {
    let report = solver.solve(puzzle, &mut Silent);
    let mut grid = puzzle.clone();
    let mut states = Vec::with_capacity(report.steps.len());
    for step in &report.steps {
        states.push(grid.clone());
        if step.apply(&mut grid).is_err() {
            break;
        }
    }
    states
}

/// `grid` with about `per_cent` of its false candidates struck at random: never a true candidate, and never the
/// last candidate of a cell (a cell left with only its true digit is a naked single, which is fine). The result is
/// a state no solver reaches, still consistent with `solution`.
pub fn thinned(grid: &Grid, solution: &[u8; 81], per_cent: u32, rng: &mut Rng) -> Grid {
    let mut out = grid.clone();
    for cell in grid.empty_cells() {
        let truth = solution[cell.index()];
        for d in grid.candidates(cell) {
            if d.get() != truth && rng.below(100) < per_cent {
                out.eliminate(cell, d);
            }
        }
    }
    out
}

/// A random state of `puzzle` whose digits are all the solution's: a share of the empty cells filled from
/// `solution`, every empty cell listing its true digit and some of the others, and notes beside placed digits left
/// in at random (which [`Grid::from_state`] drops).
pub fn random_state(puzzle: &[u8; 81], solution: &[u8; 81], rng: &mut Rng) -> Grid {
    let mut values = *puzzle;
    let fill = rng.below(70);
    for cell in Cell::ALL {
        if values[cell.index()] == 0 && rng.below(100) < fill {
            values[cell.index()] = solution[cell.index()];
        }
    }
    let strike = rng.below(40);
    let mut candidates = [Candidates::EMPTY; 81];
    for cell in Cell::ALL {
        let i = cell.index();
        if values[i] != 0 {
            continue;
        }
        let mut set = Candidates::ALL;
        for p in cell.peers() {
            if let Some(d) = Digit::new(values[p.index()]) {
                if rng.below(2) == 0 {
                    set.remove(d);
                }
            }
        }
        for d in Digit::ALL {
            if d.get() != solution[i] && rng.below(100) < strike {
                set.remove(d);
            }
        }
        candidates[i] = set;
    }
    let givens: Bitboard = Cell::ALL.iter().copied().filter(|c| puzzle[c.index()] != 0).collect();
    Grid::from_state(&values, &candidates, givens).expect("the solution's digits never clash")
}

/// Whether `grid` is consistent with `solution`: every digit is the solution's and every empty cell lists its true
/// digit.
pub fn consistent(grid: &Grid, solution: &[u8; 81]) -> bool {
    Cell::ALL.iter().all(|&c| match grid.value(c) {
        Some(d) => d.get() == solution[c.index()],
        None => Digit::new(solution[c.index()]).is_some_and(|d| grid.candidates(c).contains(d)),
    })
}
