//! Intersections of a box and a line: locked candidates (pointing and claiming), locked pairs and triples.

use crate::grid::{Bitboard, Candidates, Cell, Digit, Grid, House};

use super::step::{Pattern, Step};
use super::subsets::{eliminations_in, naked_sets};
use super::technique::Technique;
use super::Flow;

/// The row or column holding all of `cells`, if one does.
fn common_line(cells: Bitboard) -> Option<House> {
    let first = cells.first()?;
    let (row, col) = (House::Row(first.row() as u8), House::Col(first.col() as u8));
    if (cells - row.cell_set()).is_empty() {
        Some(row)
    } else if (cells - col.cell_set()).is_empty() {
        Some(col)
    } else {
        None
    }
}

fn eliminations_of(digit: Digit, cells: Bitboard) -> Vec<(Cell, Digit)> {
    cells.iter().map(|c| (c, digit)).collect()
}

thread_local! {
    /// For pointing (0) and claiming (1), each digit's candidates when the finder last found nothing for it on this
    /// thread. Locked candidates lie in one digit's candidates, and a step changes few digits: the others are
    /// passed over.
    static BARREN_DIGITS: core::cell::RefCell<[[u128; 9]; 2]> = const { core::cell::RefCell::new([[0; 9]; 2]) };
}

/// The digits (bits by index) whose candidates changed since `finder` last found nothing for them.
fn live_digits(grid: &Grid, finder: usize) -> u16 {
    BARREN_DIGITS.with(|b| {
        let barren = &b.borrow()[finder];
        Digit::ALL
            .iter()
            .filter(|d| grid.digit_cells(**d).bits() != barren[d.index()])
            .fold(0, |acc, d| acc | 1 << d.index())
    })
}

/// Remembers that `finder` finds nothing for `digits` (bits by index) in their present candidates.
fn remember_barren(grid: &Grid, finder: usize, digits: u16) {
    BARREN_DIGITS.with(|b| {
        let barren = &mut b.borrow_mut()[finder];
        for d in Digit::ALL {
            if digits >> d.index() & 1 != 0 {
                barren[d.index()] = grid.digit_cells(d).bits();
            }
        }
    });
}

/// In a box, a digit confined to one line: it leaves the rest of that line.
pub fn pointing(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    let live = live_digits(grid, 0);
    let mut found = 0u16;
    for b in 0..9u8 {
        let bx = House::Box(b);
        // Only the live digits, in order: after a step most are not.
        let mut rest = live;
        while rest != 0 {
            let digit = Digit::from_index(rest.trailing_zeros() as usize);
            rest &= rest - 1;
            let cells = grid.digit_cells(digit) & bx.cell_set();
            if cells.len() < 2 {
                continue;
            }
            let Some(line) = common_line(cells) else { continue };
            let elim = grid.digit_cells(digit) & (line.cell_set() - bx.cell_set());
            if elim.is_empty() {
                continue;
            }
            let pattern = Pattern {
                digits: Candidates::only(digit),
                cells: cells.iter().collect(),
                base: vec![bx],
                cover: vec![line],
                ..Pattern::default()
            };
            found |= 1 << digit.index();
            emit(Step::elimination(
                Technique::LockedCandidatesPointing,
                eliminations_of(digit, elim),
                pattern,
            ))?;
        }
    }
    remember_barren(grid, 0, live & !found);
    Flow::Continue(())
}

/// In a line, a digit confined to one box: it leaves the rest of that box.
pub fn claiming(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    let live = live_digits(grid, 1);
    let mut found = 0u16;
    for line in (0..9u8).map(House::Row).chain((0..9u8).map(House::Col)) {
        // Only the live digits, in order: after a step most are not.
        let mut rest = live;
        while rest != 0 {
            let digit = Digit::from_index(rest.trailing_zeros() as usize);
            rest &= rest - 1;
            let cells = grid.digit_cells(digit) & line.cell_set();
            if cells.len() < 2 {
                continue;
            }
            let Some(first) = cells.first() else { continue };
            let bx = House::Box(first.box_index() as u8);
            if !(cells - bx.cell_set()).is_empty() {
                continue;
            }
            let elim = grid.digit_cells(digit) & (bx.cell_set() - line.cell_set());
            if elim.is_empty() {
                continue;
            }
            let pattern = Pattern {
                digits: Candidates::only(digit),
                cells: cells.iter().collect(),
                base: vec![line],
                cover: vec![bx],
                ..Pattern::default()
            };
            found |= 1 << digit.index();
            emit(Step::elimination(
                Technique::LockedCandidatesClaiming,
                eliminations_of(digit, elim),
                pattern,
            ))?;
        }
    }
    remember_barren(grid, 1, live & !found);
    Flow::Continue(())
}

/// `n` cells of one box and one line holding `n` candidates between them: those digits leave both houses.
fn locked_subset(grid: &Grid, n: usize, technique: Technique, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    let fitting = cells_with_two_to(grid, n).bits();
    for &(b, line, inter) in &BOX_LINES {
        // The cells a subset may take: fewer than n, and there is none.
        if (inter & fitting).count_ones() < n as u32 {
            continue;
        }
        let bx = House::Box(b);
        naked_sets(grid, Bitboard::from_bits(inter), n, &mut |cells, digits| {
            let chosen: Bitboard = cells.iter().copied().collect();
            // Locked only when it clears both houses: a subset that removes candidates on one side alone is a
            // naked subset of that house (HoDoKu's rule, which its paths show).
            let in_box = eliminations_in(grid, digits, bx.cell_set() - chosen);
            let in_line = eliminations_in(grid, digits, line.cell_set() - bx.cell_set());
            if in_box.is_empty() || in_line.is_empty() {
                return Flow::Continue(());
            }
            let mut elim = in_box;
            elim.extend(in_line);
            let pattern = Pattern {
                digits,
                cells: cells.to_vec(),
                base: vec![bx, line],
                ..Pattern::default()
            };
            emit(Step::elimination(technique, elim, pattern))
        })?;
    }
    Flow::Continue(())
}

/// Each box with the lines crossing it (its rows, then its columns) and their three shared cells, in the order of
/// the search: most calls find no intersection holding enough small cells, and a table read and a count tell so.
const BOX_LINES: [(u8, House, u128); 54] = {
    let mut t = [(0u8, House::Row(0), 0u128); 54];
    let mut k = 0;
    let mut b = 0u8;
    while b < 9 {
        let (r0, c0) = (b as usize / 3 * 3, b as usize % 3 * 3);
        let mut i = 0;
        while i < 3 {
            let (mut row, mut col) = (0u128, 0u128);
            let mut j = 0;
            while j < 3 {
                row |= 1 << ((r0 + i) * 9 + c0 + j);
                col |= 1 << ((r0 + j) * 9 + c0 + i);
                j += 1;
            }
            t[k] = (b, House::Row((r0 + i) as u8), row);
            t[k + 3] = (b, House::Col((c0 + i) as u8), col);
            k += 1;
            i += 1;
        }
        k += 3;
        b += 1;
    }
    t
};

/// The empty cells holding two to `n` candidates (`n` 2 or 3), counted for all cells at once over the digits' cells.
fn cells_with_two_to(grid: &Grid, n: usize) -> Bitboard {
    let (mut one, mut two, mut three, mut four) = (0u128, 0u128, 0u128, 0u128);
    for d in Digit::ALL {
        let cells = grid.digit_cells(d).bits();
        four |= three & cells;
        three |= two & cells;
        two |= one & cells;
        one |= cells;
    }
    let too_many = if n <= 2 { three } else { four };
    Bitboard::from_bits(two & !too_many)
}

/// Two cells of a box and a line with the same two candidates.
pub fn locked_pair(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    locked_subset(grid, 2, Technique::LockedPair, emit)
}

/// Three cells of a box and a line with three candidates between them.
pub fn locked_triple(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    locked_subset(grid, 3, Technique::LockedTriple, emit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn box_lines_are_each_box_with_its_rows_then_its_columns() {
        let mut expected = Vec::new();
        for b in 0..9u8 {
            let (r0, c0) = (b / 3 * 3, b % 3 * 3);
            let lines = (0..3)
                .map(|i| House::Row(r0 + i))
                .chain((0..3).map(|i| House::Col(c0 + i)));
            for line in lines {
                expected.push((b, line, (House::Box(b).cell_set() & line.cell_set()).bits()));
            }
        }
        assert_eq!(BOX_LINES.to_vec(), expected);
    }
}
