//! A hint as Sudoku Explainer gives one: what it is called, what it is worth, and what it does to the board.

use core::fmt;

use super::board::Board;

/// What kind of hint, with SE's own names (its [`fmt::Display`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A digit with one place left in a house; SE names the last empty cell of a house so too (rated 1.0).
    HiddenSingle,
    /// A pointing whose eliminations leave a hidden single, which is all it applies.
    DirectPointing,
    /// A claiming whose eliminations leave a hidden single.
    DirectClaiming,
    /// A hidden pair whose eliminations leave a hidden single in its house.
    DirectHiddenPair,
    /// A cell with one candidate left.
    NakedSingle,
    /// A hidden triple whose eliminations leave a hidden single in its house.
    DirectHiddenTriplet,
    /// A digit of a box confined to one line.
    Pointing,
    /// A digit of a line confined to one box.
    Claiming,
    /// Naked pair.
    NakedPair,
    /// X-Wing.
    XWing,
    /// Hidden pair.
    HiddenPair,
    /// Naked triple.
    NakedTriplet,
    /// Swordfish.
    Swordfish,
    /// Hidden triple.
    HiddenTriplet,
    /// XY-Wing.
    XYWing,
    /// XYZ-Wing.
    XYZWing,
    /// A unique rectangle (`len` 4) or loop (6, 8, 10 or more cells) of type 1–4.
    UniqueLoop {
        /// Cells in the loop.
        len: u8,
        /// Type 1–4.
        kind: u8,
    },
    /// Naked quad.
    NakedQuad,
    /// Jellyfish.
    Jellyfish,
    /// Hidden quad.
    HiddenQuad,
    /// Bivalue universal grave, types 1–4.
    Bug(u8),
    /// Aligned pair exclusion.
    AlignedPairExclusion,
    /// Aligned triplet exclusion.
    AlignedTripletExclusion,
    /// A chain hint, named by its family ([`super::chain::ChainName`]).
    Chain(super::chain::ChainName),
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match *self {
            Kind::HiddenSingle => "Hidden Single",
            Kind::DirectPointing => "Direct Pointing",
            Kind::DirectClaiming => "Direct Claiming",
            Kind::DirectHiddenPair => "Direct Hidden Pair",
            Kind::NakedSingle => "Naked Single",
            Kind::DirectHiddenTriplet => "Direct Hidden Triplet",
            Kind::Pointing => "Pointing",
            Kind::Claiming => "Claiming",
            Kind::NakedPair => "Naked Pair",
            Kind::XWing => "X-Wing",
            Kind::HiddenPair => "Hidden Pair",
            Kind::NakedTriplet => "Naked Triplet",
            Kind::Swordfish => "Swordfish",
            Kind::HiddenTriplet => "Hidden Triplet",
            Kind::XYWing => "XY-Wing",
            Kind::XYZWing => "XYZ-Wing",
            Kind::UniqueLoop { len, kind } => {
                return match len {
                    4 => write!(f, "Unique Rectangle type {kind}"),
                    6 => write!(f, "Unique Loop type {kind}"),
                    _ => write!(f, "Unique Loop {len} type {kind}"),
                };
            }
            Kind::NakedQuad => "Naked Quad",
            Kind::Jellyfish => "Jellyfish",
            Kind::HiddenQuad => "Hidden Quad",
            Kind::Bug(t) => return write!(f, "BUG type {t}"),
            Kind::AlignedPairExclusion => "Aligned Pair Exclusion",
            Kind::AlignedTripletExclusion => "Aligned Triplet Exclusion",
            Kind::Chain(name) => return name.fmt(f),
        };
        f.write_str(name)
    }
}

/// One hint: its kind, its SE rating (a sum of doubles, as SE adds them), the chain size for chain hints, and what it
/// applies: candidates removed (cell, digit) and at most one digit placed.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    /// The kind, which names it.
    pub kind: Kind,
    /// SE's difficulty of the hint.
    pub rating: f64,
    /// For chain hints, SE's complexity (the nodes of its chains, nested ones included); 0 otherwise.
    pub complexity: u32,
    /// Candidates removed, as (cell 0..81, digit 1..=9), sorted.
    pub eliminations: Vec<(u8, u8)>,
    /// The digit placed, as (cell, digit).
    pub placement: Option<(u8, u8)>,
}

impl Hint {
    /// A hint that only places a digit.
    pub fn placing(kind: Kind, rating: f64, cell: usize, digit: u8) -> Hint {
        Hint {
            kind,
            rating,
            complexity: 0,
            eliminations: Vec::new(),
            placement: Some((cell as u8, digit)),
        }
    }

    /// A hint that only removes candidates (sorted here).
    pub fn removing(kind: Kind, rating: f64, mut eliminations: Vec<(u8, u8)>) -> Hint {
        eliminations.sort_unstable();
        Hint {
            kind,
            rating,
            complexity: 0,
            eliminations,
            placement: None,
        }
    }

    /// Applies the hint: eliminations first, then the placement, which clears the digit from the cell's peers.
    pub fn apply(&self, board: &mut Board) {
        for &(c, d) in &self.eliminations {
            board.eliminate(usize::from(c), d);
        }
        if let Some((c, d)) = self.placement {
            board.place(usize::from(c), d);
        }
    }

    /// The rating in tenths as serate prints it: `(int)((x + 0.05) * 10)`.
    pub fn tenths(&self) -> u16 {
        tenths(self.rating)
    }
}

/// A rating in tenths the way serate rounds it for print: `(int)((x + 0.05) * 10)`.
pub fn tenths(rating: f64) -> u16 {
    ((rating + 0.05) * 10.0) as u16
}

impl fmt::Display for Hint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.kind)?;
        let mut sep = ": ";
        if let Some((c, d)) = self.placement {
            write!(f, "{sep}{}={d}", super::board::cell_name(usize::from(c)))?;
            sep = ", ";
        }
        for &(c, d) in &self.eliminations {
            write!(f, "{sep}{}<>{d}", super::board::cell_name(usize::from(c)))?;
            sep = ", ";
        }
        Ok(())
    }
}
