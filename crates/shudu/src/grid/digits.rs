//! Digits and sets of candidate digits.

use core::fmt;

/// A digit 1..=9.
///
/// ```
/// use shudu::Digit;
/// assert_eq!(Digit::new(5).map(Digit::get), Some(5));
/// assert!(Digit::new(0).is_none());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Digit(u8);

impl Digit {
    /// The nine digits in order.
    pub const ALL: [Digit; 9] = [
        Digit(1),
        Digit(2),
        Digit(3),
        Digit(4),
        Digit(5),
        Digit(6),
        Digit(7),
        Digit(8),
        Digit(9),
    ];

    /// The digit `d` when it is 1..=9.
    #[inline]
    pub const fn new(d: u8) -> Option<Digit> {
        if d >= 1 && d <= 9 {
            Some(Digit(d))
        } else {
            None
        }
    }

    /// The digit with zero-based index 0..9.
    ///
    /// # Panics
    /// When `i` is 9 or more (program data, not user input).
    #[inline]
    pub const fn from_index(i: usize) -> Digit {
        assert!(i < 9, "digit index is 0..9");
        Digit(i as u8 + 1)
    }

    /// The value 1..=9.
    #[inline]
    pub const fn get(self) -> u8 {
        self.0
    }

    /// Zero-based index 0..9.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize - 1
    }

    /// The digit as a character, `'1'..='9'`: for text pushed a character at a time rather than formatted.
    ///
    /// ```
    /// assert_eq!(shudu::Digit::new(7).map(|d| d.to_char()), Some('7'));
    /// ```
    #[inline]
    pub const fn to_char(self) -> char {
        (b'0' + self.0) as char
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Write::write_char(f, self.to_char())
    }
}

/// A set of digits, one bit each (bit 0 is digit 1): the candidates of a cell.
///
/// ```
/// use shudu::{Candidates, Digit};
/// let mut c = Candidates::EMPTY;
/// c.insert(Digit::from_index(2));
/// c.insert(Digit::from_index(6));
/// assert_eq!(c.to_string(), "37");
/// assert_eq!(c.len(), 2);
/// assert_eq!(c.single(), None);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Candidates(u16);

impl Candidates {
    /// No digit.
    pub const EMPTY: Candidates = Candidates(0);
    /// All nine digits.
    pub const ALL: Candidates = Candidates(0x1ff);

    /// The set with these bits (bit 0 is digit 1); bits above 8 are dropped.
    #[inline]
    pub const fn from_bits(bits: u16) -> Candidates {
        Candidates(bits & 0x1ff)
    }

    /// The bits (bit 0 is digit 1).
    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The set holding only `d`.
    #[inline]
    pub const fn only(d: Digit) -> Candidates {
        Candidates(1 << d.index())
    }

    /// Whether `d` is in the set.
    #[inline]
    pub const fn contains(self, d: Digit) -> bool {
        self.0 & (1 << d.index()) != 0
    }

    /// Adds `d`; returns whether it was absent.
    #[inline]
    pub fn insert(&mut self, d: Digit) -> bool {
        let absent = !self.contains(d);
        self.0 |= 1 << d.index();
        absent
    }

    /// Removes `d`; returns whether it was present.
    #[inline]
    pub fn remove(&mut self, d: Digit) -> bool {
        let present = self.contains(d);
        self.0 &= !(1 << d.index());
        present
    }

    /// How many digits.
    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The digit when the set holds exactly one.
    #[inline]
    pub const fn single(self) -> Option<Digit> {
        if self.0 != 0 && self.0 & (self.0 - 1) == 0 {
            Some(Digit(self.0.trailing_zeros() as u8 + 1))
        } else {
            None
        }
    }

    /// The smallest digit, if any.
    #[inline]
    pub const fn first(self) -> Option<Digit> {
        if self.0 == 0 {
            None
        } else {
            Some(Digit(self.0.trailing_zeros() as u8 + 1))
        }
    }

    /// Digits in both sets.
    #[inline]
    pub const fn and(self, other: Candidates) -> Candidates {
        Candidates(self.0 & other.0)
    }

    /// Digits in either set.
    #[inline]
    pub const fn or(self, other: Candidates) -> Candidates {
        Candidates(self.0 | other.0)
    }

    /// Digits of `self` not in `other`.
    #[inline]
    pub const fn without(self, other: Candidates) -> Candidates {
        Candidates(self.0 & !other.0)
    }

    /// The digits, ascending.
    #[inline]
    pub fn iter(self) -> CandidatesIter {
        CandidatesIter(self.0)
    }
}

impl fmt::Display for Candidates {
    /// The digits run together, ascending: `137`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in self.iter() {
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl FromIterator<Digit> for Candidates {
    fn from_iter<I: IntoIterator<Item = Digit>>(iter: I) -> Self {
        let mut c = Candidates::EMPTY;
        for d in iter {
            c.insert(d);
        }
        c
    }
}

impl IntoIterator for Candidates {
    type Item = Digit;
    type IntoIter = CandidatesIter;
    fn into_iter(self) -> CandidatesIter {
        self.iter()
    }
}

/// Iterator over the digits of a [`Candidates`] set, ascending.
#[derive(Clone, Debug)]
pub struct CandidatesIter(u16);

impl Iterator for CandidatesIter {
    type Item = Digit;
    #[inline]
    fn next(&mut self) -> Option<Digit> {
        if self.0 == 0 {
            return None;
        }
        let d = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Digit(d + 1))
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CandidatesIter {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let a: Candidates = [1, 3, 5].iter().filter_map(|&d| Digit::new(d)).collect();
        let b: Candidates = [3, 9].iter().filter_map(|&d| Digit::new(d)).collect();
        assert_eq!(a.to_string(), "135");
        assert_eq!(a.and(b).to_string(), "3");
        assert_eq!(a.or(b).to_string(), "1359");
        assert_eq!(a.without(b).to_string(), "15");
        assert_eq!(a.and(b).single(), Digit::new(3));
        assert_eq!(Candidates::ALL.len(), 9);
        assert_eq!(Candidates::EMPTY.first(), None);
        assert_eq!(Candidates::from_bits(0xffff), Candidates::ALL);
    }
}
