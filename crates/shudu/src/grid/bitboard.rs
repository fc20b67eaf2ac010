//! An 81-bit set of cells in a `u128`: one per digit for fish, chains and uniqueness patterns.

use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Sub};

use super::cell::Cell;

const MASK: u128 = (1u128 << 81) - 1;

/// A set of cells, bit `i` for cell `i`.
///
/// ```
/// use shudu::{Bitboard, Cell};
/// let mut b = Bitboard::EMPTY;
/// b.insert(Cell::at(0, 0));
/// b.insert(Cell::at(8, 8));
/// assert_eq!(b.len(), 2);
/// assert_eq!(b.iter().last(), Some(Cell::at(8, 8)));
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(u128);

impl Bitboard {
    /// No cell.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// Every cell.
    pub const FULL: Bitboard = Bitboard(MASK);

    /// The set with these bits; bits above 80 are dropped.
    #[inline]
    pub const fn from_bits(bits: u128) -> Bitboard {
        Bitboard(bits & MASK)
    }

    /// The bits.
    #[inline]
    pub const fn bits(self) -> u128 {
        self.0
    }

    /// The set holding only `c`.
    #[inline]
    pub const fn only(c: Cell) -> Bitboard {
        Bitboard(1 << c.index())
    }

    /// Whether `c` is in the set.
    #[inline]
    pub const fn contains(self, c: Cell) -> bool {
        self.0 >> c.index() & 1 != 0
    }

    /// Adds `c`.
    #[inline]
    pub fn insert(&mut self, c: Cell) {
        self.0 |= 1 << c.index();
    }

    /// Removes `c`.
    #[inline]
    pub fn remove(&mut self, c: Cell) {
        self.0 &= !(1 << c.index());
    }

    /// How many cells.
    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest cell, if any.
    #[inline]
    pub fn first(self) -> Option<Cell> {
        if self.0 == 0 {
            None
        } else {
            Some(Cell::from_bit(self.0.trailing_zeros()))
        }
    }

    /// The cells, ascending.
    #[inline]
    pub fn iter(self) -> BitboardIter {
        BitboardIter {
            low: self.0 as u64,
            high: (self.0 >> 64) as u64,
        }
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(|c| c.to_string())).finish()
    }
}

impl BitAnd for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitand(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & rhs.0)
    }
}

impl BitAndAssign for Bitboard {
    #[inline]
    fn bitand_assign(&mut self, rhs: Bitboard) {
        self.0 &= rhs.0;
    }
}

impl BitOr for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitor(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 | rhs.0)
    }
}

impl BitOrAssign for Bitboard {
    #[inline]
    fn bitor_assign(&mut self, rhs: Bitboard) {
        self.0 |= rhs.0;
    }
}

impl BitXor for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitxor(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 ^ rhs.0)
    }
}

impl Sub for Bitboard {
    type Output = Bitboard;
    /// Cells of `self` not in `rhs`.
    #[inline]
    fn sub(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & !rhs.0)
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & MASK)
    }
}

impl FromIterator<Cell> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> Self {
        let mut b = Bitboard::EMPTY;
        for c in iter {
            b.insert(c);
        }
        b
    }
}

impl IntoIterator for Bitboard {
    type Item = Cell;
    type IntoIter = BitboardIter;
    fn into_iter(self) -> BitboardIter {
        self.iter()
    }
}

/// Iterator over the cells of a [`Bitboard`], ascending.
///
/// The set is kept as its two 64-bit halves: a scan of a 128-bit word costs a test and a branch more at every step,
/// and iterating over cells is the inner loop of most finders.
#[derive(Clone, Debug)]
pub struct BitboardIter {
    low: u64,
    high: u64,
}

impl Iterator for BitboardIter {
    type Item = Cell;
    #[inline]
    fn next(&mut self) -> Option<Cell> {
        if self.low != 0 {
            let i = self.low.trailing_zeros();
            self.low &= self.low - 1;
            Some(Cell::from_bit(i))
        } else if self.high != 0 {
            let i = self.high.trailing_zeros();
            self.high &= self.high - 1;
            Some(Cell::from_bit(64 + i))
        } else {
            None
        }
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = (self.low.count_ones() + self.high.count_ones()) as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for BitboardIter {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations_stay_within_81_cells() {
        assert_eq!(Bitboard::FULL.len(), 81);
        assert_eq!((!Bitboard::EMPTY).len(), 81);
        assert_eq!(Bitboard::from_bits(u128::MAX), Bitboard::FULL);
        let a: Bitboard = [0, 40, 80].iter().filter_map(|&i| Cell::new(i)).collect();
        let b = Bitboard::only(Cell::at(4, 4));
        assert_eq!((a - b).len(), 2);
        assert_eq!((a & b), b);
        assert_eq!((a ^ b).len(), 2);
        assert_eq!(a.first(), Cell::new(0));
        assert_eq!(format!("{:?}", b), "{\"r5c5\"}");
    }
}
