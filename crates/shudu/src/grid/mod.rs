//! The board: 81 cells, each a value or a set of candidates, kept in three consistent views.

pub mod bitboard;
pub mod cell;
pub mod digits;
pub mod format;

use core::fmt;

pub use bitboard::Bitboard;
pub use cell::{Cell, House};
pub use digits::{Candidates, Digit};

/// For each set of a line's nine places (9 bits, first place lowest), which of its three triads (the three places it
/// shares with one box) hold any of them (3 bits): the boxes a row's places fall in, or the stacks of a set of
/// columns.
pub(crate) static TRIADS: [u8; 512] = {
    let mut out = [0u8; 512];
    let mut places = 0;
    while places < 512 {
        let mut triad = 0;
        while triad < 3 {
            if places >> (3 * triad) & 7 != 0 {
                out[places] |= 1 << triad;
            }
            triad += 1;
        }
        places += 1;
    }
    out
};

/// The houses holding a cell of `cells` (a bitboard's bits), as bits by [`House::index`]: rows, then columns, then
/// boxes. Folded band by band, for the finders that ask it of many cells at every step.
#[inline]
pub(crate) fn houses_holding(cells: u128) -> u32 {
    let (mut rows, mut cols, mut boxes) = (0u32, 0u32, 0u32);
    for band in 0..3 {
        let word = (cells >> (27 * band)) as u32 & 0x7ff_ffff;
        let mut fold = 0u32;
        for r in 0..3 {
            let row = word >> (9 * r) & 0x1ff;
            rows |= u32::from(row != 0) << (3 * band + r);
            fold |= row;
        }
        cols |= fold;
        boxes |= u32::from(TRIADS[fold as usize]) << (3 * band);
    }
    rows | cols << 9 | boxes << 18
}

/// Why a board cannot be completed, or why an operation on it is illegal. A value, never a panic.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Contradiction {
    /// Two cells of one house hold the same digit.
    Clash {
        /// The digit held twice.
        digit: Digit,
        /// The first cell.
        first: Cell,
        /// The second cell.
        second: Cell,
    },
    /// A digit was placed in a cell where it is not a candidate.
    NotCandidate {
        /// The cell.
        cell: Cell,
        /// The digit.
        digit: Digit,
    },
    /// A digit was placed in a cell that already holds one.
    Filled {
        /// The cell.
        cell: Cell,
    },
    /// An empty cell has no candidate left.
    NoCandidates {
        /// The cell.
        cell: Cell,
    },
    /// A digit has no place left in a house that lacks it.
    NoPlace {
        /// The house.
        house: House,
        /// The digit.
        digit: Digit,
    },
}

impl fmt::Display for Contradiction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Contradiction::Clash { digit, first, second } => write!(f, "{first} and {second} both hold {digit}"),
            Contradiction::NotCandidate { cell, digit } => {
                write!(f, "{digit} is not a candidate of {cell}")
            }
            Contradiction::Filled { cell } => write!(f, "{cell} already holds a digit"),
            Contradiction::NoCandidates { cell } => write!(f, "{cell} has no candidate left"),
            Contradiction::NoPlace { house, digit } => {
                write!(f, "{digit} has no place left in {house}")
            }
        }
    }
}

impl std::error::Error for Contradiction {}

/// A Sudoku board: values, candidates, and for each digit the cells where it may still go.
///
/// `place` and `eliminate` keep the three views in step, so every technique can read whichever suits it.
///
/// ```
/// use shudu::{Cell, Digit, Grid};
/// let mut g = Grid::empty();
/// g.place(Cell::at(0, 0), Digit::from_index(4)).unwrap();
/// assert_eq!(g.value(Cell::at(0, 0)), Some(Digit::from_index(4)));
/// assert!(!g.candidates(Cell::at(0, 8)).contains(Digit::from_index(4)));
/// assert!(!g.digit_cells(Digit::from_index(4)).contains(Cell::at(8, 0)));
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    values: [u8; 81],
    candidates: [Candidates; 81],
    digit_cells: [Bitboard; 9],
    givens: Bitboard,
    empty: Bitboard,
}

impl Default for Grid {
    fn default() -> Self {
        Grid::empty()
    }
}

impl Grid {
    /// A board with no digit and every candidate everywhere.
    pub fn empty() -> Grid {
        Grid {
            values: [0; 81],
            candidates: [Candidates::ALL; 81],
            digit_cells: [Bitboard::FULL; 9],
            givens: Bitboard::EMPTY,
            empty: Bitboard::FULL,
        }
    }

    /// The board of a puzzle: `values[i]` is the given of cell `i` (0 for an empty cell).
    /// Candidates are what the givens leave.
    ///
    /// Fails on two equal givens in a house, naming both cells. Values above 9 are read as empty.
    ///
    /// ```
    /// use shudu::Grid;
    /// let mut v = [0u8; 81];
    /// v[2] = 5;
    /// v[6] = 5;
    /// assert_eq!(Grid::from_values(&v).unwrap_err().to_string(), "r1c3 and r1c7 both hold 5");
    /// ```
    pub fn from_values(values: &[u8; 81]) -> Result<Grid, Contradiction> {
        let mut g = Grid::empty();
        for cell in Cell::ALL {
            if let Some(d) = Digit::new(values[cell.index()]) {
                g.place_unchecked(cell, d);
                g.givens.insert(cell);
            }
        }
        g.check_clashes()?;
        Ok(g)
    }

    /// A board in a given state: values (0 for empty), the candidates of each empty cell (ignored for filled cells),
    /// and which filled cells are givens (the rest were placed while solving).
    ///
    /// Candidates are taken as a player or a regression case wrote them, less any digit a peer holds: a note left
    /// beside a placed digit is dropped, as a player expects and as [`place`](Grid::place) would have done. So no
    /// board ever lists a digit its peers hold, which every technique relies on (a hidden single in a house that
    /// already holds the digit would be wrong). Only clashing values fail.
    ///
    /// ```
    /// use shudu::{Bitboard, Candidates, Cell, Digit, Grid};
    /// let mut values = [0u8; 81];
    /// values[0] = 1;
    /// let candidates = [Candidates::ALL; 81];
    /// let g = Grid::from_state(&values, &candidates, Bitboard::EMPTY).unwrap();
    /// assert_eq!(g.candidates(Cell::at(0, 5)).to_string(), "23456789"); // the 1 r1c1 holds is gone
    /// assert!((g.digit_cells(Digit::new(1).unwrap()) & Cell::at(0, 0).peer_set()).is_empty());
    /// ```
    pub fn from_state(
        values: &[u8; 81],
        candidates: &[Candidates; 81],
        givens: Bitboard,
    ) -> Result<Grid, Contradiction> {
        let mut g = Grid {
            values: [0; 81],
            candidates: [Candidates::EMPTY; 81],
            digit_cells: [Bitboard::EMPTY; 9],
            givens: Bitboard::EMPTY,
            empty: Bitboard::FULL,
        };
        for cell in Cell::ALL {
            let i = cell.index();
            match Digit::new(values[i]) {
                Some(d) => {
                    g.values[i] = d.get();
                    g.empty.remove(cell);
                    if givens.contains(cell) {
                        g.givens.insert(cell);
                    }
                }
                None => {
                    g.candidates[i] = candidates[i];
                    for d in candidates[i] {
                        g.digit_cells[d.index()].insert(cell);
                    }
                }
            }
        }
        g.check_clashes()?;
        for cell in Bitboard::FULL - g.empty {
            let Some(d) = g.value(cell) else { continue };
            let stale = g.digit_cells[d.index()] & cell.peer_set();
            for p in stale {
                g.candidates[p.index()].remove(d);
            }
            g.digit_cells[d.index()] = g.digit_cells[d.index()] - stale;
        }
        Ok(g)
    }

    fn check_clashes(&self) -> Result<(), Contradiction> {
        for house in House::ALL {
            let mut seen: [Option<Cell>; 9] = [None; 9];
            for &cell in house.cells() {
                if let Some(d) = self.value(cell) {
                    if let Some(first) = seen[d.index()] {
                        return Err(Contradiction::Clash {
                            digit: d,
                            first,
                            second: cell,
                        });
                    }
                    seen[d.index()] = Some(cell);
                }
            }
        }
        Ok(())
    }

    /// The digit in `cell`, if any.
    #[inline]
    pub fn value(&self, cell: Cell) -> Option<Digit> {
        Digit::new(self.values[cell.index()])
    }

    /// All values, 0 for an empty cell.
    #[inline]
    pub fn values(&self) -> &[u8; 81] {
        &self.values
    }

    /// The candidates of `cell` (empty for a filled cell).
    #[inline]
    pub fn candidates(&self, cell: Cell) -> Candidates {
        self.candidates[cell.index()]
    }

    /// The empty cells where `digit` is still a candidate.
    #[inline]
    pub fn digit_cells(&self, digit: Digit) -> Bitboard {
        self.digit_cells[digit.index()]
    }

    /// The cells holding a given (a clue of the puzzle, not a digit placed since).
    #[inline]
    pub fn givens(&self) -> Bitboard {
        self.givens
    }

    /// Whether `cell` holds a given.
    #[inline]
    pub fn is_given(&self, cell: Cell) -> bool {
        self.givens.contains(cell)
    }

    /// The empty cells.
    #[inline]
    pub fn empty_cells(&self) -> Bitboard {
        self.empty
    }

    /// How many cells hold a digit.
    pub fn filled_count(&self) -> usize {
        81 - self.empty.len() as usize
    }

    /// Whether every cell holds a digit (with no clash, since `place` refuses clashes).
    pub fn is_full(&self) -> bool {
        self.empty.is_empty()
    }

    /// Places `digit` in `cell` and removes it from the candidates of every peer.
    ///
    /// Fails, changing nothing, when the cell is filled or `digit` is not one of its candidates.
    pub fn place(&mut self, cell: Cell, digit: Digit) -> Result<(), Contradiction> {
        if self.values[cell.index()] != 0 {
            return Err(Contradiction::Filled { cell });
        }
        if !self.candidates[cell.index()].contains(digit) {
            return Err(Contradiction::NotCandidate { cell, digit });
        }
        self.place_unchecked(cell, digit);
        Ok(())
    }

    fn place_unchecked(&mut self, cell: Cell, digit: Digit) {
        let i = cell.index();
        self.values[i] = digit.get();
        self.empty.remove(cell);
        for d in self.candidates[i] {
            self.digit_cells[d.index()].remove(cell);
        }
        self.candidates[i] = Candidates::EMPTY;
        let peers = self.digit_cells[digit.index()] & cell.peer_set();
        for p in peers {
            self.candidates[p.index()].remove(digit);
        }
        self.digit_cells[digit.index()] = self.digit_cells[digit.index()] - peers;
    }

    /// Removes `digit` from the candidates of `cell`; returns whether it was there.
    ///
    /// An empty cell may be left with no candidate: [`Grid::contradiction`] reports it.
    #[inline]
    pub fn eliminate(&mut self, cell: Cell, digit: Digit) -> bool {
        let removed = self.candidates[cell.index()].remove(digit);
        self.digit_cells[digit.index()].remove(cell);
        removed
    }

    /// Marks the filled cells of `cells` as givens (a puzzle read from a format that tells them apart).
    pub fn set_givens(&mut self, cells: Bitboard) {
        self.givens = cells - self.empty_cells();
    }

    /// The first contradiction in the board, if any: a clash, an empty cell without candidates, or a digit that has
    /// no place left in a house missing it.
    pub fn contradiction(&self) -> Option<Contradiction> {
        if let Err(c) = self.check_clashes() {
            return Some(c);
        }
        for cell in Cell::ALL {
            if self.values[cell.index()] == 0 && self.candidates[cell.index()].is_empty() {
                return Some(Contradiction::NoCandidates { cell });
            }
        }
        for house in House::ALL {
            let cells = house.cell_set();
            for d in Digit::ALL {
                let placed = house.cells().iter().any(|&c| self.values[c.index()] == d.get());
                if !placed && (self.digit_cells[d.index()] & cells).is_empty() {
                    return Some(Contradiction::NoPlace { house, digit: d });
                }
            }
        }
        None
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({self})")
    }
}

impl fmt::Display for Grid {
    /// The 81-character line, `.` for an empty cell.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format::to_line(self.values()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(n: u8) -> Digit {
        Digit::new(n).expect("digit")
    }

    fn assert_consistent(g: &Grid) {
        for cell in Cell::ALL {
            for digit in Digit::ALL {
                assert_eq!(
                    g.candidates(cell).contains(digit),
                    g.digit_cells(digit).contains(cell),
                    "{cell} {digit}"
                );
            }
            if g.value(cell).is_some() {
                assert!(g.candidates(cell).is_empty());
            }
        }
    }

    #[test]
    fn place_and_eliminate_keep_views_consistent() {
        let mut g = Grid::empty();
        g.place(Cell::at(4, 4), d(7)).expect("legal");
        assert_consistent(&g);
        for p in Cell::at(4, 4).peers() {
            assert!(!g.candidates(*p).contains(d(7)));
        }
        assert_eq!(g.digit_cells(d(7)).len(), 81 - 21);
        assert!(g.eliminate(Cell::at(0, 0), d(1)));
        assert!(!g.eliminate(Cell::at(0, 0), d(1)));
        assert_consistent(&g);
        assert_eq!(g.filled_count(), 1);
    }

    #[test]
    fn illegal_moves_are_values_not_panics() {
        let mut g = Grid::empty();
        g.place(Cell::at(0, 0), d(5)).expect("legal");
        assert_eq!(
            g.place(Cell::at(0, 0), d(6)),
            Err(Contradiction::Filled { cell: Cell::at(0, 0) })
        );
        assert_eq!(
            g.place(Cell::at(0, 5), d(5)),
            Err(Contradiction::NotCandidate {
                cell: Cell::at(0, 5),
                digit: d(5)
            })
        );
        assert_eq!(g.contradiction(), None);
        for n in 1..=9 {
            g.eliminate(Cell::at(8, 8), d(n));
        }
        assert_eq!(
            g.contradiction(),
            Some(Contradiction::NoCandidates { cell: Cell::at(8, 8) })
        );
    }

    #[test]
    fn a_digit_with_no_place_is_reported() {
        let mut g = Grid::empty();
        for c in 0..9 {
            g.eliminate(Cell::at(3, c), d(2));
        }
        assert_eq!(
            g.contradiction(),
            Some(Contradiction::NoPlace {
                house: House::Row(3),
                digit: d(2)
            })
        );
    }

    #[test]
    fn clashing_givens_name_both_cells() {
        let mut v = [0u8; 81];
        v[Cell::at(3, 0).index()] = 9;
        v[Cell::at(5, 2).index()] = 9;
        let err = Grid::from_values(&v).unwrap_err();
        assert_eq!(err.to_string(), "r4c1 and r6c3 both hold 9");
    }
}
