//! Naked and hidden subsets: pairs, triples and quadruples.

use crate::grid::{Bitboard, Candidates, Cell, Digit, Grid, House};

use super::step::{Pattern, Step};
use super::technique::Technique;
use super::Flow;

/// Every way of choosing `k` items of `items`, in lexicographic order.
pub fn combinations<T: Copy>(items: &[T], k: usize) -> Vec<Vec<T>> {
    let mut out = Vec::new();
    if k == 0 || k > items.len() {
        return out;
    }
    let mut idx: Vec<usize> = (0..k).collect();
    loop {
        out.push(idx.iter().map(|&i| items[i]).collect());
        // The rightmost index that can still move right.
        let Some(pos) = (0..k).rev().find(|&p| idx[p] < items.len() - k + p) else {
            return out;
        };
        idx[pos] += 1;
        for q in pos + 1..k {
            idx[q] = idx[q - 1] + 1;
        }
    }
}

/// Houses in HoDoKu's order for subsets: boxes, rows, columns.
fn houses() -> impl Iterator<Item = House> {
    (0..9u8)
        .map(House::Box)
        .chain((0..9u8).map(House::Row))
        .chain((0..9u8).map(House::Col))
}

/// Whether all cells lie in one box and one line (a locked subset, found by the intersection finder instead).
fn is_locked(cells: &[Cell]) -> bool {
    let b = cells[0].box_index();
    cells.iter().all(|c| c.box_index() == b)
        && (cells.iter().all(|c| c.row() == cells[0].row()) || cells.iter().all(|c| c.col() == cells[0].col()))
}

/// Every `n` empty cells of `area` holding exactly `n` candidates between them (a naked subset), with those digits:
/// the core shared by naked subsets in a house and locked subsets in a box-line intersection.
pub(super) fn naked_sets(
    grid: &Grid,
    area: Bitboard,
    n: usize,
    found: &mut dyn FnMut(&[Cell], Candidates) -> Flow,
) -> Flow {
    let cells: Vec<Cell> = (area & grid.empty_cells())
        .iter()
        .filter(|&c| (2..=n as u32).contains(&grid.candidates(c).len()))
        .collect();
    for combo in combinations(&cells, n) {
        let digits = combo
            .iter()
            .fold(Candidates::EMPTY, |acc, &c| acc.or(grid.candidates(c)));
        if digits.len() as usize == n {
            found(&combo, digits)?;
        }
    }
    Flow::Continue(())
}

/// The candidates of `digits` standing in `area`, as eliminations.
pub(super) fn eliminations_in(grid: &Grid, digits: Candidates, area: Bitboard) -> Vec<(Cell, Digit)> {
    digits
        .iter()
        .flat_map(|d| (grid.digit_cells(d) & area).iter().map(move |c| (c, d)))
        .collect()
}

/// `n` cells of a house with `n` candidates between them: those digits leave the rest of the house.
fn naked(grid: &Grid, n: usize, technique: Technique, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    for house in houses() {
        naked_sets(grid, house.cell_set(), n, &mut |cells, digits| {
            if n <= 3 && is_locked(cells) {
                return Flow::Continue(());
            }
            let chosen: Bitboard = cells.iter().copied().collect();
            let elim = eliminations_in(grid, digits, house.cell_set() - chosen);
            if elim.is_empty() {
                return Flow::Continue(());
            }
            let pattern = Pattern {
                digits,
                cells: cells.to_vec(),
                base: vec![house],
                ..Pattern::default()
            };
            emit(Step::elimination(technique, elim, pattern))
        })?;
    }
    Flow::Continue(())
}

/// `n` digits of a house confined to `n` cells: those cells lose every other candidate.
fn hidden(grid: &Grid, n: usize, technique: Technique, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    for house in houses() {
        let digits: Vec<Digit> = Digit::ALL
            .iter()
            .copied()
            .filter(|&d| (2..=n as u32).contains(&(grid.digit_cells(d) & house.cell_set()).len()))
            .collect();
        for combo in combinations(&digits, n) {
            let cells = combo.iter().fold(Bitboard::EMPTY, |acc, &d| {
                acc | (grid.digit_cells(d) & house.cell_set())
            });
            if cells.len() as usize != n {
                continue;
            }
            let set: Candidates = combo.iter().copied().collect();
            let mut elim = Vec::new();
            for c in cells {
                elim.extend(grid.candidates(c).without(set).iter().map(|d| (c, d)));
            }
            if elim.is_empty() {
                continue;
            }
            let pattern = Pattern {
                digits: set,
                cells: cells.iter().collect(),
                base: vec![house],
                ..Pattern::default()
            };
            emit(Step::elimination(technique, elim, pattern))?;
        }
    }
    Flow::Continue(())
}

/// Naked Pair.
pub fn naked_pair(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    naked(grid, 2, Technique::NakedPair, emit)
}

/// Naked Triple.
pub fn naked_triple(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    naked(grid, 3, Technique::NakedTriple, emit)
}

/// Naked Quadruple.
pub fn naked_quadruple(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    naked(grid, 4, Technique::NakedQuadruple, emit)
}

/// Hidden Pair.
pub fn hidden_pair(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    hidden(grid, 2, Technique::HiddenPair, emit)
}

/// Hidden Triple.
pub fn hidden_triple(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    hidden(grid, 3, Technique::HiddenTriple, emit)
}

/// Hidden Quadruple.
pub fn hidden_quadruple(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    hidden(grid, 4, Technique::HiddenQuadruple, emit)
}

#[cfg(test)]
mod tests {
    use super::combinations;

    #[test]
    fn combinations_are_complete_and_ordered() {
        let c = combinations(&[1, 2, 3, 4], 2);
        assert_eq!(
            c,
            vec![vec![1, 2], vec![1, 3], vec![1, 4], vec![2, 3], vec![2, 4], vec![3, 4]]
        );
        assert_eq!(combinations(&[1, 2, 3, 4, 5, 6, 7, 8, 9], 4).len(), 126);
        assert!(combinations(&[1, 2], 3).is_empty());
        assert!(combinations::<u8>(&[], 0).is_empty());
    }
}
