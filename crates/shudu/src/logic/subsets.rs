//! Naked and hidden subsets: pairs, triples and quadruples.

use std::cell::RefCell;

use crate::grid::{houses_holding, Bitboard, Candidates, Cell, Digit, Grid, House};

use super::step::{Pattern, Step};
use super::technique::Technique;
use super::Flow;

/// At most nine items, each with the set (as bits) it covers: the digits of a cell, or the places of a digit in a
/// house (nine bits either way).
struct Pool<T: Copy> {
    items: [T; 9],
    covers: [u16; 9],
    len: usize,
}

impl<T: Copy> Pool<T> {
    fn new(filler: T) -> Pool<T> {
        Pool {
            items: [filler; 9],
            covers: [0; 9],
            len: 0,
        }
    }

    fn push(&mut self, item: T, covers: u16) {
        if self.len < 9 {
            self.items[self.len] = item;
            self.covers[self.len] = covers;
            self.len += 1;
        }
    }

    /// Calls `found` for every `n` items (in pool order) whose sets together hold exactly `n` members. A branch is
    /// dropped as soon as its union grows past `n`, and nothing is allocated: this runs at every step of a solve.
    /// The choices are walked with an explicit stack of positions, in the order of nested loops.
    fn subsets(&self, n: usize, found: &mut dyn FnMut(&[T], u16) -> Flow) -> Flow {
        let n = n.min(4);
        let len = self.len.min(9);
        if n == 0 || len < n {
            return Flow::Continue(());
        }
        let covers = &self.covers[..len];
        // The position chosen at each depth, and the union of the sets chosen above each depth.
        let mut at = [0usize; 4];
        let mut union = [0u16; 4];
        let mut depth = 0;
        let mut i = 0;
        loop {
            // Items left for the places still open: the last place may start no later than `len - 1`, and so on.
            if i > len + depth - n {
                if depth == 0 {
                    return Flow::Continue(());
                }
                depth -= 1;
                i = at[depth] + 1;
                continue;
            }
            let u = union[depth] | covers[i];
            if u.count_ones() as usize > n {
                i += 1;
                continue;
            }
            at[depth] = i;
            if depth + 1 == n {
                if u.count_ones() as usize == n {
                    let chosen: [T; 4] = core::array::from_fn(|k| self.items[at[k.min(depth)]]);
                    found(&chosen[..n], u)?;
                }
                i += 1;
            } else {
                union[depth + 1] = u;
                depth += 1;
                i += 1;
            }
        }
    }
}

/// Houses in HoDoKu's order for subsets: boxes, rows, columns.
const HOUSES: [House; 27] = House::BOXES_FIRST;

thread_local! {
    /// For each finder (naked, then hidden, pairs to quadruples): each digit's candidates when it last ran on this
    /// thread, and the houses (bits in the order of [`HOUSES`]) found then to hold no such subset. The solver's
    /// steps change a few houses at a time, and a subset depends on its house's candidates alone (which the digits'
    /// candidates fix, a filled cell having none), so a house without a changed cell is not searched again.
    static BARREN: RefCell<[([u128; 9], u32); 6]> = const { RefCell::new([([0; 9], 0); 6]) };
}

/// Where a finder reports its steps.
type Emit<'a> = dyn FnMut(Step) -> Flow + 'a;

/// Runs `search` on each house, in the order of [`HOUSES`], but those unchanged since they last held nothing,
/// passing on what it finds to `emit`.
fn each_changed_house(
    grid: &Grid,
    finder: usize,
    emit: &mut dyn FnMut(Step) -> Flow,
    search: &mut dyn FnMut(House, &mut Emit) -> Flow,
) -> Flow {
    let now = Digit::ALL.map(|d| grid.digit_cells(d).bits());
    let (before, known) = BARREN.with(|b| b.borrow()[finder]);
    let changed = now.iter().zip(&before).fold(0, |acc, (n, b)| acc | (n ^ b));
    // The houses still known to hold nothing: those without a changed cell. A naked pair or triple in a box-line
    // intersection is skipped or not by the candidates of the box and line outside it too (it is a locked subset
    // when it clears both), so for those finders a change reaches every house of its band and stack.
    let mut touched = houses_holding(changed);
    if finder <= 1 {
        touched = with_band_and_stack(touched);
    }
    // Boxes first, as in [`HOUSES`].
    let skip = known & !(touched >> 18 | (touched & 0x3FFFF) << 9);
    let mut barren = skip;
    let mut flow = Flow::Continue(());
    let mut todo = !skip & ((1 << 27) - 1);
    while todo != 0 {
        let i = todo.trailing_zeros();
        todo &= todo - 1;
        let house = HOUSES[i as usize];
        let mut any = false;
        flow = search(house, &mut |step| {
            any = true;
            emit(step)
        });
        if flow.is_break() {
            break;
        }
        if !any {
            barren |= 1 << i;
        }
    }
    BARREN.with(|b| b.borrow_mut()[finder] = (now, barren));
    flow
}

/// `touched` (rows in bits 0-8, columns 9-17, boxes 18-26) and, for each box in it, the boxes, rows and columns of
/// its band and stack.
fn with_band_and_stack(touched: u32) -> u32 {
    let mut out = touched;
    let mut boxes = touched >> 18 & 0x1ff;
    while boxes != 0 {
        let b = boxes.trailing_zeros();
        boxes &= boxes - 1;
        let (band, stack) = (b / 3, b % 3);
        let rows = 0b111 << (3 * band);
        let cols = 0b111 << (3 * stack);
        let band_boxes = 0b111 << (3 * band);
        let stack_boxes = 0b1001001 << stack;
        out |= rows | cols << 9 | (band_boxes | stack_boxes) << 18;
    }
    out
}

/// Whether all cells lie in one box and one line.
fn is_locked(cells: &[Cell]) -> bool {
    let b = cells[0].box_index();
    cells.iter().all(|c| c.box_index() == b)
        && (cells.iter().all(|c| c.row() == cells[0].row()) || cells.iter().all(|c| c.col() == cells[0].col()))
}

/// Whether a subset lying in one box and one line removes candidates from both (a locked subset, found by the
/// intersection finder instead); one that clears one side only is a naked subset of that house.
fn clears_box_and_line(grid: &Grid, cells: &[Cell], digits: Candidates) -> bool {
    let chosen: Bitboard = cells.iter().copied().collect();
    let bx = House::Box(cells[0].box_index() as u8).cell_set();
    let line = if cells.iter().all(|c| c.row() == cells[0].row()) {
        House::Row(cells[0].row() as u8)
    } else {
        House::Col(cells[0].col() as u8)
    }
    .cell_set();
    let any = |area: Bitboard| digits.iter().any(|d| !(grid.digit_cells(d) & area).is_empty());
    any(bx - chosen) && any(line - bx)
}

/// Every `n` empty cells of `area` holding exactly `n` candidates between them (a naked subset), with those digits:
/// the core shared by naked subsets in a house and locked subsets in a box-line intersection.
pub(super) fn naked_sets(
    grid: &Grid,
    area: Bitboard,
    n: usize,
    found: &mut dyn FnMut(&[Cell], Candidates) -> Flow,
) -> Flow {
    naked_among(grid, (area & grid.empty_cells()).iter(), n, found)
}

/// [`naked_sets`] among `cells`, in their order (a filled cell has no candidates, and is passed over).
fn naked_among(
    grid: &Grid,
    cells: impl Iterator<Item = Cell>,
    n: usize,
    found: &mut dyn FnMut(&[Cell], Candidates) -> Flow,
) -> Flow {
    let mut pool = Pool::new(Cell::at(0, 0));
    for c in cells {
        if (2..=n as u32).contains(&grid.candidates(c).len()) {
            pool.push(c, grid.candidates(c).bits());
        }
    }
    pool.subsets(n, &mut |cells, digits| found(cells, Candidates::from_bits(digits)))
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
    each_changed_house(grid, n - 2, emit, &mut |house, emit| {
        // A house's cells are in reading order, as a bitboard would give them.
        naked_among(grid, house.cells().iter().copied(), n, &mut |cells, digits| {
            if n <= 3 && is_locked(cells) && clears_box_and_line(grid, cells, digits) {
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
        })
    })
}

/// Bit `k` of a set of up to five digits moved to bit `10 k`: a house's places of each digit gathered by lanes.
const SPREAD: [u64; 32] = {
    let mut t = [0u64; 32];
    let mut m = 0;
    while m < 32 {
        let mut k = 0;
        while k < 5 {
            if m >> k & 1 != 0 {
                t[m] |= 1 << (10 * k);
            }
            k += 1;
        }
        m += 1;
    }
    t
};

fn hidden(grid: &Grid, n: usize, technique: Technique, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    each_changed_house(grid, n + 1, emit, &mut |house, emit| {
        let mut pool = Pool::new(Digit::from_index(0));
        // Each digit's places, as positions in the house.
        let house_cells = house.cells();
        // Each digit's places in lanes of ten bits: digits 1 to 5 in `low`, 6 to 9 in `high`; cell `i` adds its
        // digits spread to the lanes, shifted by `i`.
        let (mut low, mut high) = (0u64, 0u64);
        for (i, &c) in house_cells.iter().enumerate() {
            let digits = grid.candidates(c).bits() as usize;
            low |= SPREAD[digits & 31] << i;
            high |= SPREAD[digits >> 5 & 15] << i;
        }
        for d in Digit::ALL {
            let i = d.index();
            let lanes = if i < 5 { low >> (10 * i) } else { high >> (10 * (i - 5)) };
            let places = lanes as u16 & 0x1FF;
            if (2..=n as u32).contains(&places.count_ones()) {
                pool.push(d, places);
            }
        }
        pool.subsets(n, &mut |combo, places| {
            let cells = super::picked_cells(house_cells, places as usize);
            let set: Candidates = combo.iter().copied().collect();
            let mut elim = Vec::new();
            for c in cells {
                elim.extend(grid.candidates(c).without(set).iter().map(|d| (c, d)));
            }
            if elim.is_empty() {
                return Flow::Continue(());
            }
            let pattern = Pattern {
                digits: set,
                cells: cells.iter().collect(),
                base: vec![house],
                ..Pattern::default()
            };
            emit(Step::elimination(technique, elim, pattern))
        })
    })
}

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
    use super::{Flow, Pool};

    fn found(pool: &Pool<u8>, n: usize) -> Vec<Vec<u8>> {
        let mut out = Vec::new();
        let _ = pool.subsets(n, &mut |items, _| {
            out.push(items.to_vec());
            Flow::Continue(())
        });
        out
    }

    #[test]
    fn subsets_are_the_choices_whose_union_has_n_members() {
        let mut pool = Pool::new(0u8);
        for (id, bits) in [(1u8, 0b011u16), (2, 0b110), (3, 0b011), (4, 0b1000_0001), (5, 0b101)] {
            pool.push(id, bits);
        }
        assert_eq!(found(&pool, 2), vec![vec![1, 3]]);
        assert_eq!(
            found(&pool, 3),
            vec![
                vec![1, 2, 3],
                vec![1, 2, 5],
                vec![1, 3, 4],
                vec![1, 3, 5],
                vec![2, 3, 5]
            ]
        );
        assert!(found(&Pool::new(0u8), 2).is_empty());
    }
}
