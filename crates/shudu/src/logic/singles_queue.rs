//! Singles in the order they arise: the order HoDoKu takes them in.
//!
//! Which single of several a solver takes first changes nothing on the board once all are placed, but it changes
//! the path, and the score: a cell that is a naked single and also a hidden single in some house counts 4 points
//! as the one and 14 as the other, depending on which was seen first. HoDoKu takes singles in the order they
//! arise: a naked single when a removal leaves a cell one candidate, a hidden single when a removal leaves a digit
//! one place in a house, each remembered in a queue; at each step it takes the first that still holds, a full
//! house (a naked single in a house with one empty cell) before a naked single before a hidden single.
//!
//! What an order of removals that matches its paths looks like was learnt from them (the fixtures of
//! `tests/hodoku_paths.rs`): a placement removes its digit from the peers in cell order ([`Cell::peers`]), then the cell's own
//! candidates, smallest first; a puzzle starts from an empty board with its givens placed in cell order; and a
//! step's eliminations are removed in the order [`SinglesQueue::apply`] is given them.

use crate::grid::{Candidates, Cell, Digit, Grid, House};

use super::step::{Pattern, Step};
use super::technique::Technique;

/// The board's candidates, mirrored, with the singles in the order their removals made them.
#[derive(Clone, Debug)]
pub struct SinglesQueue {
    /// Candidates of each cell (empty once filled).
    candidates: [Candidates; 81],
    filled: [bool; 81],
    /// Places of each digit in each house (`House::index`), and empty cells in each house.
    places: [[u8; 9]; 27],
    empty: [u8; 27],
    /// Naked singles as (cell, digit), hidden singles as (cell, digit, house), oldest first.
    naked: Vec<(Cell, Digit)>,
    hidden: Vec<(Cell, Digit, House)>,
    /// Entries before these have been taken or can no longer hold (a cell, once filled, stays filled).
    naked_from: usize,
    hidden_from: usize,
}

impl SinglesQueue {
    /// The queue of a board: an empty board with the board's digits placed in cell order, then the candidates it
    /// lacks beyond those removed, cell by cell, smallest first (for a puzzle's board, HoDoKu's own start).
    pub fn new(grid: &Grid) -> SinglesQueue {
        let mut q = SinglesQueue {
            candidates: [Candidates::ALL; 81],
            filled: [false; 81],
            places: [[9; 9]; 27],
            empty: [9; 27],
            naked: Vec::with_capacity(96),
            hidden: Vec::with_capacity(160),
            naked_from: 0,
            hidden_from: 0,
        };
        for cell in Cell::ALL {
            if let Some(d) = grid.value(cell) {
                q.place(cell, d);
            }
        }
        for cell in Cell::ALL {
            if grid.value(cell).is_none() {
                for d in q.candidates[cell.index()].without(grid.candidates(cell)) {
                    q.remove(cell, d);
                }
            }
        }
        q
    }

    fn remove(&mut self, cell: Cell, digit: Digit) {
        let i = cell.index();
        if !self.candidates[i].remove(digit) {
            return;
        }
        if !self.filled[i] {
            if let Some(last) = self.candidates[i].single() {
                self.naked.push((cell, last));
            }
        }
        for house in cell.houses() {
            let left = &mut self.places[house.index()][digit.index()];
            *left -= 1;
            if *left == 1 {
                if let Some(&at) = house
                    .cells()
                    .iter()
                    .find(|c| self.candidates[c.index()].contains(digit))
                {
                    self.hidden.push((at, digit, house));
                }
            }
        }
    }

    fn place(&mut self, cell: Cell, digit: Digit) {
        let i = cell.index();
        if self.filled[i] {
            return;
        }
        self.filled[i] = true;
        for house in cell.houses() {
            self.empty[house.index()] -= 1;
        }
        for &peer in cell.peers() {
            self.remove(peer, digit);
        }
        for d in self.candidates[i] {
            self.remove(cell, d);
        }
    }

    /// Follows a step: its placements, then its eliminations, each in the order given.
    pub fn apply(&mut self, placements: &[(Cell, Digit)], eliminations: impl IntoIterator<Item = (Cell, Digit)>) {
        for &(c, d) in placements {
            self.place(c, d);
        }
        for (c, d) in eliminations {
            self.remove(c, d);
        }
    }

    fn naked_holds(&self, cell: Cell, digit: Digit) -> bool {
        !self.filled[cell.index()] && self.candidates[cell.index()] == Candidates::only(digit)
    }

    fn hidden_holds(&self, cell: Cell, digit: Digit, house: House) -> bool {
        !self.filled[cell.index()]
            && self.candidates[cell.index()].contains(digit)
            && self.places[house.index()][digit.index()] == 1
    }

    /// The next single of `technique` (Full House, Naked Single or Hidden Single): the oldest that still holds.
    pub fn next(&mut self, technique: Technique) -> Option<Step> {
        // Entries that no longer hold never will again: drop them from the front.
        while let Some(&(c, d)) = self.naked.get(self.naked_from) {
            if self.naked_holds(c, d) {
                break;
            }
            self.naked_from += 1;
        }
        while let Some(&(c, d, h)) = self.hidden.get(self.hidden_from) {
            if self.hidden_holds(c, d, h) {
                break;
            }
            self.hidden_from += 1;
        }
        match technique {
            Technique::FullHouse => self.naked[self.naked_from..].iter().find_map(|&(cell, digit)| {
                if !self.naked_holds(cell, digit) {
                    return None;
                }
                // Boxes, rows, columns: the house the scanning finder names first.
                let house = House::BOXES_FIRST
                    .into_iter()
                    .filter(|h| cell.houses().contains(h))
                    .find(|h| self.empty[h.index()] == 1)?;
                let pattern = Pattern {
                    digits: Candidates::only(digit),
                    cells: vec![cell],
                    base: vec![house],
                    ..Pattern::default()
                };
                Some(Step::placement(Technique::FullHouse, cell, digit, pattern))
            }),
            Technique::NakedSingle => self.naked[self.naked_from..]
                .iter()
                .find(|&&(c, d)| self.naked_holds(c, d))
                .map(|&(cell, digit)| {
                    let pattern = Pattern {
                        digits: Candidates::only(digit),
                        cells: vec![cell],
                        ..Pattern::default()
                    };
                    Step::placement(Technique::NakedSingle, cell, digit, pattern)
                }),
            Technique::HiddenSingle => self.hidden[self.hidden_from..]
                .iter()
                .find(|&&(c, d, h)| self.hidden_holds(c, d, h))
                .map(|&(cell, digit, house)| {
                    let pattern = Pattern {
                        digits: Candidates::only(digit),
                        cells: vec![cell],
                        base: vec![house],
                        ..Pattern::default()
                    };
                    Step::placement(Technique::HiddenSingle, cell, digit, pattern)
                }),
            _ => None,
        }
    }
}

/// The order in which HoDoKu removes a step's candidates (and so queues the singles they leave), where it differs
/// from the step's own order (by cell, then digit); `grid` is the board before the step. Learnt from its paths,
/// which list a step's removals grouped by digit in the order the digits are first removed: the rest of a locked
/// set's line before its box; a Sue de Coq's box before its line; chains and loops digit by digit; an ALS-XZ's
/// restricted commons (the larger first) before the first set's other digits, before the second's. Over the `/vp`
/// paths of 2,960 puzzles (`tests/hodoku_paths.rs`) these orders agree with all but a few of the listings of those
/// techniques.
pub(super) fn removal_order(step: &Step, grid: &Grid) -> Vec<(Cell, Digit)> {
    let mut out = step.eliminations.clone();
    let p = &step.pattern;
    match (step.technique, p.base.as_slice(), p.sets.as_slice()) {
        (Technique::LockedPair | Technique::LockedTriple, [_, line], _) => {
            out.sort_by_key(|&(c, d)| (!line.cell_set().contains(c), c, d));
        }
        (Technique::SueDeCoq, [_, boxed], _) => {
            out.sort_by_key(|&(c, d)| (!boxed.cell_set().contains(c), c, d));
        }
        (Technique::NiceLoop | Technique::GroupedNiceLoop, _, _) => {
            out.sort_by_key(|&(c, d)| (d, c));
        }
        (Technique::AlsXz, _, [a, _]) => {
            let a_digits = p.set_digits.first().copied().unwrap_or_default();
            // A removal is the first set's when its cell sees every cell of the set holding the digit.
            let of_a = |c: Cell, d: Digit| {
                a_digits.contains(d)
                    && a.iter()
                        .filter(|h| grid.candidates(**h).contains(d))
                        .all(|h| c.peer_set().contains(*h))
            };
            out.sort_by_key(|&(c, d)| {
                let part = if p.digits.contains(d) {
                    (0, 9 - d.get())
                } else if of_a(c, d) {
                    (1, 0)
                } else {
                    (2, 0)
                };
                (part, c, d)
            });
        }
        _ => {}
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::parse_line;

    /// HoDoKu's `Locked Pair: 1,9 in r23c1 => r123c3,r49c1<>9, r123c3,r9c1<>1` removes the column's candidates
    /// first (its 9 in r4c1 leaves r4c3 the hidden single it takes next), then the box's; a loop's go digit by digit.
    #[test]
    fn removals_follow_hodokus_order() {
        let d = |n| Digit::new(n).expect("digit");
        let c = |r, k| Cell::at(r, k);
        let grid = Grid::empty();
        let mut elims = vec![(c(3, 0), d(9)), (c(8, 0), d(1)), (c(8, 0), d(9))];
        for r in 0..3 {
            elims.extend([(c(r, 2), d(1)), (c(r, 2), d(9))]);
        }
        let pattern = Pattern {
            cells: vec![c(1, 0), c(2, 0)],
            base: vec![House::Box(0), House::Col(0)],
            ..Pattern::default()
        };
        let step = Step::elimination(Technique::LockedPair, elims, pattern);
        // The step itself keeps cell order, the box's r1c3 first.
        assert_eq!(step.eliminations[0], (c(0, 2), d(1)));
        let order = removal_order(&step, &grid);
        assert_eq!(&order[..3], &[(c(3, 0), d(9)), (c(8, 0), d(1)), (c(8, 0), d(9))]);
        assert_eq!(order[3], (c(0, 2), d(1)));
        let loop_step = Step::elimination(
            Technique::NiceLoop,
            vec![(c(4, 1), d(8)), (c(5, 1), d(7))],
            Pattern::default(),
        );
        assert_eq!(removal_order(&loop_step, &grid), [(c(5, 1), d(7)), (c(4, 1), d(8))]);
    }

    #[test]
    fn the_queue_mirrors_the_board() {
        let p = parse_line("006800005080200007050347200000000013003009000800000500000060080000403000700100020")
            .expect("puzzle");
        let mut grid = Grid::from_values(&p).expect("grid");
        let mut q = SinglesQueue::new(&grid);
        for _ in 0..20 {
            let Some(step) = [Technique::FullHouse, Technique::NakedSingle, Technique::HiddenSingle]
                .into_iter()
                .find_map(|t| q.next(t))
            else {
                break;
            };
            step.apply(&mut grid).expect("a single is legal");
            q.apply(&step.placements, step.eliminations.iter().copied());
            for cell in Cell::ALL {
                assert_eq!(q.candidates[cell.index()], grid.candidates(cell));
            }
        }
    }
}
