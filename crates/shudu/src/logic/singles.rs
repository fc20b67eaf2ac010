//! Singles: Full House, Naked Single, Hidden Single (by box, row and column).

use crate::grid::{Bitboard, Candidates, Grid, House};

use super::step::{Pattern, Step};
use super::technique::Technique;
use super::Flow;

/// The houses in the order a person scans them for hidden singles: boxes, then rows, then columns.
const SCAN_ORDER: [House; 27] = House::BOXES_FIRST;

/// A house with one empty cell: it takes the house's missing digit.
pub fn full_house(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    // A cell can complete its box, row and column at once: report it once, for the first house scanned.
    let mut reported = Bitboard::EMPTY;
    for house in SCAN_ORDER {
        let empty = grid.empty_cells() & house.cell_set();
        if empty.len() != 1 {
            continue;
        }
        let Some(cell) = empty.first() else { continue };
        if reported.contains(cell) {
            continue;
        }
        reported.insert(cell);
        let mut present = Candidates::EMPTY;
        for &c in house.cells() {
            if let Some(d) = grid.value(c) {
                present.insert(d);
            }
        }
        let Some(digit) = Candidates::ALL.without(present).single() else {
            continue;
        };
        if !grid.candidates(cell).contains(digit) {
            continue; // the missing digit was struck out: a contradiction, not a full house
        }
        let pattern = Pattern {
            digits: Candidates::only(digit),
            cells: vec![cell],
            base: vec![house],
            ..Pattern::default()
        };
        emit(Step::placement(Technique::FullHouse, cell, digit, pattern))?;
    }
    Flow::Continue(())
}

/// A cell with one candidate left.
pub fn naked_single(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    for cell in grid.empty_cells() {
        if let Some(digit) = grid.candidates(cell).single() {
            let pattern = Pattern {
                digits: Candidates::only(digit),
                cells: vec![cell],
                ..Pattern::default()
            };
            emit(Step::placement(Technique::NakedSingle, cell, digit, pattern))?;
        }
    }
    Flow::Continue(())
}

/// A digit with one place left in a house.
pub fn hidden_single(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    for house in SCAN_ORDER {
        // Bit-sliced counts over the house's nine candidate sets: the digits seen exactly once, in one pass.
        let (mut once, mut twice) = (0u16, 0u16);
        for &c in house.cells() {
            let cands = grid.candidates(c).bits();
            twice |= once & cands;
            once |= cands;
        }
        for digit in Candidates::from_bits(once & !twice) {
            let Some(&cell) = house.cells().iter().find(|&&c| grid.candidates(c).contains(digit)) else {
                continue;
            };
            let pattern = Pattern {
                digits: Candidates::only(digit),
                cells: vec![cell],
                base: vec![house],
                ..Pattern::default()
            };
            emit(Step::placement(Technique::HiddenSingle, cell, digit, pattern))?;
        }
    }
    Flow::Continue(())
}
