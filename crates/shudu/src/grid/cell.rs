//! Positions on the board: cells and houses, with their tables computed at compile time.

use core::fmt;

use super::bitboard::Bitboard;

/// One of the 81 cells, numbered row by row from 0 (`r1c1`) to 80 (`r9c9`).
///
/// ```
/// use shudu::Cell;
/// let c = Cell::at(2, 3);
/// assert_eq!(c.to_string(), "r3c4");
/// assert_eq!(c.box_index(), 1);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell(u8);

impl Cell {
    /// Every cell, in row-major order.
    pub const ALL: [Cell; 81] = {
        let mut all = [Cell(0); 81];
        let mut i = 0;
        while i < 81 {
            all[i] = Cell(i as u8);
            i += 1;
        }
        all
    };

    /// The cell with this index, if it is below 81.
    #[inline]
    pub const fn new(index: usize) -> Option<Cell> {
        if index < 81 {
            Some(Cell(index as u8))
        } else {
            None
        }
    }

    /// The cell with an index known to be below 81 (a bit of a [`Bitboard`](super::Bitboard), which holds no
    /// others), without the test [`Cell::new`] makes.
    #[inline]
    pub(crate) const fn from_bit(index: u32) -> Cell {
        debug_assert!(index < 81);
        Cell(index as u8)
    }

    /// The cell at zero-based `row` and `col`.
    ///
    /// # Panics
    /// When `row` or `col` is 9 or more: positions are program data here, never user input.
    #[inline]
    pub const fn at(row: usize, col: usize) -> Cell {
        assert!(row < 9 && col < 9, "row and column are 0..9");
        Cell((row * 9 + col) as u8)
    }

    /// Zero-based index 0..81.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Zero-based row 0..9.
    #[inline]
    pub const fn row(self) -> usize {
        self.0 as usize / 9
    }

    /// Zero-based column 0..9.
    #[inline]
    pub const fn col(self) -> usize {
        self.0 as usize % 9
    }

    /// Zero-based box 0..9, numbered row by row.
    #[inline]
    pub const fn box_index(self) -> usize {
        (self.row() / 3) * 3 + self.col() / 3
    }

    /// The cell's row, column and box.
    #[inline]
    pub const fn houses(self) -> [House; 3] {
        [
            House::Row(self.row() as u8),
            House::Col(self.col() as u8),
            House::Box(self.box_index() as u8),
        ]
    }

    /// The 20 cells that share a house with this one.
    #[inline]
    pub fn peers(self) -> &'static [Cell; 20] {
        &PEERS[self.index()]
    }

    /// The peers as a bitboard.
    #[inline]
    pub fn peer_set(self) -> Bitboard {
        PEER_SETS[self.index()]
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Written as four ASCII bytes: explanations name cells by the thousand, and formatting two numbers cost
        // several times as much.
        let text = [b'r', b'1' + (self.0 / 9), b'c', b'1' + (self.0 % 9)];
        f.write_str(core::str::from_utf8(&text).map_err(|_| fmt::Error)?)
    }
}

/// A row, column or box: nine cells that must hold each digit once.
///
/// Printed `r1`, `c9`, `b5` (one-based), as HoDoKu does.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum House {
    /// Row 0..9.
    Row(u8),
    /// Column 0..9.
    Col(u8),
    /// Box 0..9, numbered row by row.
    Box(u8),
}

impl House {
    /// All 27 houses: rows 0..9, then columns, then boxes (the index order of [`House::index`]).
    pub const ALL: [House; 27] = {
        let mut all = [House::Row(0); 27];
        let mut i = 0;
        while i < 9 {
            all[i] = House::Row(i as u8);
            all[9 + i] = House::Col(i as u8);
            all[18 + i] = House::Box(i as u8);
            i += 1;
        }
        all
    };

    /// All 27 houses boxes first: boxes, rows, columns, the order a person scans them (HoDoKu's, for singles and
    /// subsets).
    pub const BOXES_FIRST: [House; 27] = {
        let mut order = [House::Row(0); 27];
        let mut i = 0;
        while i < 27 {
            order[i] = House::ALL[(i + 18) % 27];
            i += 1;
        }
        order
    };

    /// 0..27: rows, then columns, then boxes.
    #[inline]
    pub const fn index(self) -> usize {
        match self {
            House::Row(r) => r as usize,
            House::Col(c) => 9 + c as usize,
            House::Box(b) => 18 + b as usize,
        }
    }

    /// The house with index 0..27 (see [`House::index`]).
    #[inline]
    pub const fn from_index(index: usize) -> House {
        House::ALL[index]
    }

    /// The nine cells, in reading order.
    #[inline]
    pub fn cells(self) -> &'static [Cell; 9] {
        &HOUSE_CELLS[self.index()]
    }

    /// The nine cells as a bitboard.
    #[inline]
    pub fn cell_set(self) -> Bitboard {
        HOUSE_SETS[self.index()]
    }
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (kind, i) = match *self {
            House::Row(r) => (b'r', r),
            House::Col(c) => (b'c', c),
            House::Box(b) => (b'b', b),
        };
        if i >= 9 {
            // Not a house of the board (the variants are public): written as it is.
            return write!(f, "{}{}", char::from(kind), u16::from(i) + 1);
        }
        f.write_str(core::str::from_utf8(&[kind, b'1' + i]).map_err(|_| fmt::Error)?)
    }
}

const fn house_cell(house: usize, i: usize) -> usize {
    match house / 9 {
        0 => house * 9 + i,
        1 => i * 9 + (house - 9),
        _ => {
            let b = house - 18;
            (b / 3 * 3 + i / 3) * 9 + b % 3 * 3 + i % 3
        }
    }
}

/// The cells of each house, indexed as [`House::index`].
pub static HOUSE_CELLS: [[Cell; 9]; 27] = {
    let mut t = [[Cell(0); 9]; 27];
    let mut h = 0;
    while h < 27 {
        let mut i = 0;
        while i < 9 {
            t[h][i] = Cell(house_cell(h, i) as u8);
            i += 1;
        }
        h += 1;
    }
    t
};

/// The cells of each house as a bitboard, indexed as [`House::index`].
pub static HOUSE_SETS: [Bitboard; 27] = {
    let mut t = [Bitboard::EMPTY; 27];
    let mut h = 0;
    while h < 27 {
        let mut bits = 0u128;
        let mut i = 0;
        while i < 9 {
            bits |= 1 << house_cell(h, i);
            i += 1;
        }
        t[h] = Bitboard::from_bits(bits);
        h += 1;
    }
    t
};

const fn are_peers(a: usize, b: usize) -> bool {
    a != b && (a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3))
}

/// The 20 peers of each cell, in ascending order.
pub static PEERS: [[Cell; 20]; 81] = {
    let mut t = [[Cell(0); 20]; 81];
    let mut c = 0;
    while c < 81 {
        let mut n = 0;
        let mut p = 0;
        while p < 81 {
            if are_peers(c, p) {
                t[c][n] = Cell(p as u8);
                n += 1;
            }
            p += 1;
        }
        c += 1;
    }
    t
};

/// The peers of each cell as a bitboard.
pub static PEER_SETS: [Bitboard; 81] = {
    let mut t = [Bitboard::EMPTY; 81];
    let mut c = 0;
    while c < 81 {
        let mut bits = 0u128;
        let mut p = 0;
        while p < 81 {
            if are_peers(c, p) {
                bits |= 1 << p;
            }
            p += 1;
        }
        t[c] = Bitboard::from_bits(bits);
        c += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;

    /// Cells and houses print as HoDoKu writes them, one-based; a house off the board as its number.
    #[test]
    fn cells_and_houses_print_one_based() {
        let names: Vec<String> = Cell::ALL.iter().map(|c| c.to_string()).collect();
        assert_eq!(
            (names[0].as_str(), names[10].as_str(), names[80].as_str()),
            ("r1c1", "r2c2", "r9c9")
        );
        assert!(Cell::ALL
            .iter()
            .all(|c| c.to_string() == format!("r{}c{}", c.row() + 1, c.col() + 1)));
        let houses: Vec<String> = House::ALL.iter().map(|h| h.to_string()).collect();
        assert_eq!(
            (houses[0].as_str(), houses[17].as_str(), houses[26].as_str()),
            ("r1", "c9", "b9")
        );
        assert_eq!(House::Row(12).to_string(), "r13");
    }

    #[test]
    fn every_cell_has_twenty_distinct_peers() {
        for cell in Cell::ALL {
            let peers = cell.peers();
            assert_eq!(cell.peer_set().len(), 20);
            for p in peers {
                assert_ne!(*p, cell);
                assert!(cell.peer_set().contains(*p));
                assert!(cell.houses().iter().any(|h| h.cells().contains(p)));
            }
        }
    }

    #[test]
    fn every_house_holds_nine_cells_and_every_cell_three_houses() {
        let mut seen = [0u8; 81];
        for h in House::ALL {
            assert_eq!(h.cell_set().len(), 9);
            assert_eq!(House::from_index(h.index()), h);
            for c in h.cells() {
                seen[c.index()] += 1;
                assert!(c.houses().contains(&h));
            }
        }
        assert!(seen.iter().all(|&n| n == 3));
    }

    #[test]
    fn names_are_one_based() {
        assert_eq!(Cell::at(0, 0).to_string(), "r1c1");
        assert_eq!(Cell::at(8, 8).to_string(), "r9c9");
        assert_eq!(House::Box(4).to_string(), "b5");
        assert_eq!(House::Col(8).to_string(), "c9");
        assert_eq!(Cell::at(4, 4).box_index(), 4);
        assert_eq!(Cell::new(81), None);
    }
}
