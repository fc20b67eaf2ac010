//! The board as Sudoku Explainer sees it: values and candidates, with SE's order of houses and cells.
//!
//! SE scans houses by kind, boxes first, then rows, then columns, each kind numbered from 0, and the cells of a
//! house in reading order. Every rule here keeps that order, because SE takes the first hint it finds.

use crate::grid::{Cell, Digit, Grid};

/// A board's candidates and its places ([`Board::places`]).
type Places = ([u16; 81], [[u16; 9]; 27]);

std::thread_local! {
    static LAST_PLACES: core::cell::RefCell<Option<Places>> = const { core::cell::RefCell::new(None) };
}

/// A house in SE's order: 0–8 boxes, 9–17 rows, 18–26 columns.
pub type Region = usize;

/// The kinds of house, in SE's order.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RegionKind {
    /// A 3×3 box.
    Block,
    /// A row.
    Row,
    /// A column.
    Column,
}

impl RegionKind {
    /// The kind of a region index.
    pub const fn of(region: Region) -> RegionKind {
        match region / 9 {
            0 => RegionKind::Block,
            1 => RegionKind::Row,
            _ => RegionKind::Column,
        }
    }

    /// SE's word for it, as in `4 in block`.
    pub const fn word(self) -> &'static str {
        match self {
            RegionKind::Block => "block",
            RegionKind::Row => "row",
            RegionKind::Column => "column",
        }
    }
}

const fn region_cell(region: usize, i: usize) -> u8 {
    let (r, c) = match region / 9 {
        0 => {
            let b = region % 9;
            (b / 3 * 3 + i / 3, b % 3 * 3 + i % 3)
        }
        1 => (region % 9, i),
        _ => (i, region % 9),
    };
    (r * 9 + c) as u8
}

/// The regions in the order SE scans them: boxes, then columns, then rows.
pub const SCAN: [Region; 27] = {
    let mut t = [0usize; 27];
    let mut i = 0;
    while i < 9 {
        t[i] = i;
        t[9 + i] = 18 + i;
        t[18 + i] = 9 + i;
        i += 1;
    }
    t
};

/// The cells of each region, in reading order.
pub static REGION_CELLS: [[u8; 9]; 27] = {
    let mut t = [[0u8; 9]; 27];
    let mut r = 0;
    while r < 27 {
        let mut i = 0;
        while i < 9 {
            t[r][i] = region_cell(r, i);
            i += 1;
        }
        r += 1;
    }
    t
};

/// The regions of each cell: its box, row and column, in SE's order.
pub static CELL_REGIONS: [[u8; 3]; 81] = {
    let mut t = [[0u8; 3]; 81];
    let mut c = 0;
    while c < 81 {
        let (row, col) = (c / 9, c % 9);
        t[c] = [(row / 3 * 3 + col / 3) as u8, (9 + row) as u8, (18 + col) as u8];
        c += 1;
    }
    t
};

/// Where each cell sits in each of its regions (the same order as [`CELL_REGIONS`]).
pub static CELL_INDEX: [[u8; 3]; 81] = {
    let mut t = [[0u8; 3]; 81];
    let mut c = 0;
    while c < 81 {
        let (row, col) = (c / 9, c % 9);
        t[c] = [(row % 3 * 3 + col % 3) as u8, col as u8, row as u8];
        c += 1;
    }
    t
};

/// Each region's cells as an 81-bit set.
pub static REGION_SET: [u128; 27] = {
    let mut t = [0u128; 27];
    let mut r = 0;
    while r < 27 {
        let mut i = 0;
        while i < 9 {
            t[r] |= 1u128 << region_cell(r, i);
            i += 1;
        }
        r += 1;
    }
    t
};

/// Each cell's peers (the cells sharing a region with it, itself excluded) as an 81-bit set.
pub static PEERS: [u128; 81] = {
    let mut t = [0u128; 81];
    let mut c = 0;
    while c < 81 {
        let (row, col) = (c / 9, c % 9);
        let b = row / 3 * 3 + col / 3;
        let mut i = 0;
        while i < 9 {
            t[c] |= 1u128 << region_cell(b, i);
            t[c] |= 1u128 << region_cell(9 + row, i);
            t[c] |= 1u128 << region_cell(18 + col, i);
            i += 1;
        }
        t[c] &= !(1u128 << c);
        c += 1;
    }
    t
};

/// Whether two cells share a region.
#[inline]
pub fn sees(a: usize, b: usize) -> bool {
    PEERS[a] >> b & 1 != 0
}

/// The bits of a set, lowest first.
#[inline]
pub fn bits128(mut set: u128) -> impl Iterator<Item = usize> {
    core::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let i = set.trailing_zeros() as usize;
        set &= set - 1;
        Some(i)
    })
}

/// The bits of a small set, lowest first.
#[inline]
pub fn bits16(mut set: u16) -> impl Iterator<Item = usize> {
    core::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let i = set.trailing_zeros() as usize;
        set &= set - 1;
        Some(i)
    })
}

/// A cell's name as SE's trace writes it, `r3c4`.
pub fn cell_name(cell: usize) -> String {
    format!("r{}c{}", cell / 9 + 1, cell % 9 + 1)
}

/// Values and candidates. A candidate set is 9 bits, bit `d - 1` for digit `d`; a filled cell has none.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// The digit of each cell, 0 when empty.
    pub values: [u8; 81],
    /// The candidates of each cell.
    pub cands: [u16; 81],
}

impl Board {
    /// The board of a grid, as it stands (its candidates as they are).
    pub fn from_grid(grid: &Grid) -> Board {
        let mut b = Board {
            values: *grid.values(),
            cands: [0; 81],
        };
        for cell in Cell::ALL {
            if b.values[cell.index()] == 0 {
                b.cands[cell.index()] = grid.candidates(cell).bits();
            }
        }
        b
    }

    /// The grid of this board (every filled cell a given).
    pub fn to_grid(&self) -> Grid {
        let cands = self.cands.map(crate::grid::Candidates::from_bits);
        let filled: crate::grid::Bitboard = Cell::ALL.into_iter().filter(|c| self.values[c.index()] != 0).collect();
        // The values come from a board that never holds a clash, so this cannot fail.
        Grid::from_state(&self.values, &cands, filled).unwrap_or_else(|_| Grid::empty())
    }

    /// Whether every cell holds a digit.
    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// Places `digit` in `cell` and removes it from the candidates of the cell's peers, as SE does.
    pub fn place(&mut self, cell: usize, digit: u8) {
        self.values[cell] = digit;
        self.cands[cell] = 0;
        let bit = !(1u16 << (digit - 1));
        for p in bits128(PEERS[cell]) {
            self.cands[p] &= bit;
        }
    }

    /// Removes `digit` from the candidates of `cell`.
    #[inline]
    pub fn eliminate(&mut self, cell: usize, digit: u8) {
        self.cands[cell] &= !(1u16 << (digit - 1));
    }

    /// Whether `digit` is a candidate of `cell`.
    #[inline]
    pub fn has(&self, cell: usize, digit: u8) -> bool {
        self.cands[cell] >> (digit - 1) & 1 != 0
    }

    /// The places (bit `i` for the region's `i`th cell) where `digit` is a candidate in `region`.
    #[inline]
    pub fn positions(&self, region: Region, digit: u8) -> u16 {
        let mut p = 0;
        for (i, &c) in REGION_CELLS[region].iter().enumerate() {
            p |= (self.cands[c as usize] >> (digit - 1) & 1) << i;
        }
        p
    }

    /// Every house's places of every digit, indexed `[region][digit - 1]`: [`Board::positions`] for all of them at
    /// once, for rules that read most of them.
    pub fn places(&self) -> [[u16; 9]; 27] {
        // The rules of one step ask for the same board's places up to ten times: the last board's are kept.
        LAST_PLACES.with(|last| {
            let mut last = last.borrow_mut();
            match &*last {
                Some((cands, places)) if *cands == self.cands => *places,
                _ => {
                    let places = self.places_afresh();
                    *last = Some((self.cands, places));
                    places
                }
            }
        })
    }

    fn places_afresh(&self) -> [[u16; 9]; 27] {
        let mut places = [[0u16; 9]; 27];
        for (cell, &cands) in self.cands.iter().enumerate() {
            let (row, col) = (cell / 9, cell % 9);
            let b = row / 3 * 3 + col / 3;
            let in_box = 1u16 << (row % 3 * 3 + col % 3);
            for d in bits16(cands) {
                places[b][d] |= in_box;
                places[9 + row][d] |= 1 << col;
                places[18 + col][d] |= 1 << row;
            }
        }
        places
    }

    /// The cells where each digit is a candidate, indexed `digit - 1`: [`Board::digit_cells`] for all nine.
    pub fn digit_sets(&self) -> [u128; 9] {
        let mut sets = [0u128; 9];
        for (cell, &cands) in self.cands.iter().enumerate() {
            for d in bits16(cands) {
                sets[d] |= 1u128 << cell;
            }
        }
        sets
    }

    /// The cells where `digit` is a candidate.
    pub fn digit_cells(&self, digit: u8) -> u128 {
        let mut set = 0u128;
        for (c, &cands) in self.cands.iter().enumerate() {
            set |= u128::from(cands >> (digit - 1) & 1) << c;
        }
        set
    }

    /// The empty cells of a region.
    pub fn empty_count(&self, region: Region) -> usize {
        REGION_CELLS[region]
            .iter()
            .filter(|&&c| self.values[c as usize] == 0)
            .count()
    }

    /// Whether `digit` is placed somewhere in `region`.
    pub fn region_has_value(&self, region: Region, digit: u8) -> bool {
        REGION_CELLS[region].iter().any(|&c| self.values[c as usize] == digit)
    }
}

/// A grid cell from an index below 81.
pub fn cell(index: usize) -> Cell {
    Cell::ALL[index]
}

/// A digit from 1..=9.
pub fn digit(d: u8) -> Digit {
    Digit::ALL[usize::from(d - 1)]
}

impl Board {
    /// The board of a puzzle's givens (0 for empty), with every candidate the givens leave.
    pub fn from_values(values: &[u8; 81]) -> Board {
        let mut b = Board {
            values: [0; 81],
            cands: [0x1ff; 81],
        };
        for (c, &v) in values.iter().enumerate() {
            if (1..=9).contains(&v) {
                b.place(c, v);
            }
        }
        b
    }
}
