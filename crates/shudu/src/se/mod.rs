//! Sudoku Explainer's rating, exactly: SE 1.2.1's rules in SE's order, each finding its hints in SE's order, and
//! SE's rating loop over them.
//!
//! This is a second ladder with SE's own semantics, apart from the HoDoKu ladder of [`crate::logic`]: the rules are
//! SE's (its "direct" rules, its unique loops, its aligned exclusions, its forcing chains with their node order,
//! parents and complexity), written from the rules' descriptions and checked step by step against serate's path
//! (the project's differential fixtures). At every step SE applies the first hint of the first rule that finds
//! one; ER is the highest rating on the path, EP the highest up to and including the first step that places a
//! digit, ED the first step's.
//!
//! ```
//! use shudu::format::parse_line;
//! use shudu::se::rate;
//! let p = parse_line("8....2.5..1...7..6....91..2..........2.6....496...5..8..1.4..37............81.29.").unwrap();
//! let r = rate(&p);
//! assert_eq!(r.serate(), "1.5/1.2/1.2");
//! ```

// Cells, regions and digits are numbers that index several tables at once here, as in SE's own terms.
#![allow(clippy::needless_range_loop)]

pub mod board;
pub mod chain;
pub mod hint;

mod aligned;
mod bug;
mod fish;
mod locking;
mod net;
mod plus;
mod reach;
mod singles;
mod subsets;
mod unique;
mod wings;

use core::fmt;
use core::ops::ControlFlow;

pub use board::Board;
pub use hint::{tenths, Hint, Kind};

/// Where a rule reports its hints, in order, until told to stop.
pub type Sink<'a> = &'a mut dyn FnMut(Hint) -> ControlFlow<()>;

/// SE's rules (its hint producers), in the order SE consults them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rule {
    /// Last empty cell of a house (1.0) and hidden singles (1.2, 1.5).
    HiddenSingle,
    /// Direct pointing (1.7) and claiming (1.9).
    DirectLocking,
    /// Direct hidden pair (2.0).
    DirectHiddenPair,
    /// Naked single (2.3).
    NakedSingle,
    /// Direct hidden triple (2.5).
    DirectHiddenTriplet,
    /// Pointing (2.6) and claiming (2.8).
    Locking,
    /// Naked pair (3.0).
    NakedPair,
    /// X-Wing (3.2).
    XWing,
    /// Hidden pair (3.4).
    HiddenPair,
    /// Naked triple (3.6).
    NakedTriplet,
    /// Swordfish (3.8).
    Swordfish,
    /// Hidden triple (4.0).
    HiddenTriplet,
    /// XY-Wing (4.2).
    XYWing,
    /// XYZ-Wing (4.4).
    XYZWing,
    /// Unique rectangles and loops (4.5 and up).
    UniqueLoops,
    /// Naked quad (5.0).
    NakedQuad,
    /// Jellyfish (5.2).
    Jellyfish,
    /// Hidden quad (5.4).
    HiddenQuad,
    /// Bivalue universal grave (5.6 and up).
    Bug,
    /// Aligned pair exclusion (6.2).
    AlignedPairExclusion,
    /// Bidirectional cycles and forcing X- and Y-chains (6.5 and up).
    ForcingChains,
    /// Aligned triplet exclusion (7.5).
    AlignedTripletExclusion,
    /// Nishio forcing chains (7.5 and up).
    Nishio,
    /// Multiple forcing chains: cell and region forcing chains (8.0 and up).
    MultipleForcingChains,
    /// Dynamic forcing chains (8.5 and up).
    DynamicForcingChains,
    /// Dynamic forcing chains with pointing, claiming, pairs and X-Wings inside (9.0 and up).
    DynamicForcingChainsPlus,
    /// Nested forcing chains, level 2 to 5 (9.5, 10.0, 10.5, 11.0 and up).
    Nested(u8),
}

impl Rule {
    /// Every rule, in SE's order.
    pub const ALL: [Rule; 30] = [
        Rule::HiddenSingle,
        Rule::DirectLocking,
        Rule::DirectHiddenPair,
        Rule::NakedSingle,
        Rule::DirectHiddenTriplet,
        Rule::Locking,
        Rule::NakedPair,
        Rule::XWing,
        Rule::HiddenPair,
        Rule::NakedTriplet,
        Rule::Swordfish,
        Rule::HiddenTriplet,
        Rule::XYWing,
        Rule::XYZWing,
        Rule::UniqueLoops,
        Rule::NakedQuad,
        Rule::Jellyfish,
        Rule::HiddenQuad,
        Rule::Bug,
        Rule::AlignedPairExclusion,
        Rule::ForcingChains,
        Rule::AlignedTripletExclusion,
        Rule::Nishio,
        Rule::MultipleForcingChains,
        Rule::DynamicForcingChains,
        Rule::DynamicForcingChainsPlus,
        Rule::Nested(2),
        Rule::Nested(3),
        Rule::Nested(4),
        Rule::Nested(5),
    ];

    /// Reports the rule's hints on `board`, in SE's order, until `sink` says stop.
    pub fn hints(self, board: &Board, sink: Sink) -> ControlFlow<()> {
        match self {
            Rule::HiddenSingle => singles::hidden_single(board, sink),
            Rule::DirectLocking => locking::direct_locking(board, sink),
            Rule::DirectHiddenPair => subsets::hidden_set(board, 2, true, sink),
            Rule::NakedSingle => singles::naked_single(board, sink),
            Rule::DirectHiddenTriplet => subsets::hidden_set(board, 3, true, sink),
            Rule::Locking => locking::locking(board, sink),
            Rule::NakedPair => subsets::naked_set(board, 2, sink),
            Rule::XWing => fish::fish(board, 2, sink),
            Rule::HiddenPair => subsets::hidden_set(board, 2, false, sink),
            Rule::NakedTriplet => subsets::naked_set(board, 3, sink),
            Rule::Swordfish => fish::fish(board, 3, sink),
            Rule::HiddenTriplet => subsets::hidden_set(board, 3, false, sink),
            Rule::XYWing => wings::xy_wing(board, false, sink),
            Rule::XYZWing => wings::xy_wing(board, true, sink),
            Rule::UniqueLoops => unique::unique_loops(board, sink),
            Rule::NakedQuad => subsets::naked_set(board, 4, sink),
            Rule::Jellyfish => fish::fish(board, 4, sink),
            Rule::HiddenQuad => subsets::hidden_set(board, 4, false, sink),
            Rule::Bug => bug::bug(board, sink),
            Rule::AlignedPairExclusion => aligned::aligned_exclusion(board, 2, sink),
            Rule::AlignedTripletExclusion => aligned::aligned_exclusion(board, 3, sink),
            Rule::ForcingChains
            | Rule::Nishio
            | Rule::MultipleForcingChains
            | Rule::DynamicForcingChains
            | Rule::DynamicForcingChainsPlus
            | Rule::Nested(_) => chain::hints(self, board, sink),
        }
    }

    /// The first hint of the rule, if it has any.
    pub fn first(self, board: &Board) -> Option<Hint> {
        if self == Rule::ForcingChains {
            return chain::first_forcing_chain(board);
        }
        let mut found = None;
        let _ = self.hints(board, &mut |h| {
            found = Some(h);
            ControlFlow::Break(())
        });
        found
    }

    /// Every hint of the rule, in SE's order.
    pub fn all(self, board: &Board) -> Vec<Hint> {
        let mut found = Vec::new();
        let _ = self.hints(board, &mut |h| {
            found.push(h);
            ControlFlow::Continue(())
        });
        found
    }
}

/// The next step of SE's path: the first hint of the first rule that has one.
pub fn next_step(board: &Board) -> Option<(Rule, Hint)> {
    Rule::ALL.iter().find_map(|&rule| rule.first(board).map(|h| (rule, h)))
}

/// Sudoku Explainer's ratings of a puzzle: ER, EP and ED as the doubles SE computes.
#[derive(Clone, Debug, PartialEq)]
pub struct Rating {
    /// ER: the highest rating of any step (20.0 when SE finds no step: stuck).
    pub er: f64,
    /// EP: the highest rating up to and including the first step that places a digit.
    pub ep: f64,
    /// ED: the first step's rating.
    pub ed: f64,
    /// Steps taken.
    pub steps: usize,
    /// Whether the rules ran out before the grid was full (ER is then 20.0, as serate reports it).
    pub stuck: bool,
}

impl Rating {
    /// The three ratings as serate prints them: `ER/EP/ED`, each with one decimal.
    pub fn serate(&self) -> String {
        format!("{}/{}/{}", Tenth(self.er), Tenth(self.ep), Tenth(self.ed))
    }
}

/// A rating printed as serate prints it, one decimal truncated after adding 0.05.
#[derive(Copy, Clone, Debug)]
pub struct Tenth(pub f64);

impl fmt::Display for Tenth {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = tenths(self.0);
        write!(f, "{}.{}", t / 10, t % 10)
    }
}

/// Rates a puzzle (its givens, 0 for empty) along SE's path. The puzzle is taken as proper (one solution), as
/// serate takes it; check that first ([`crate::rate::proper`]).
pub fn rate(values: &[u8; 81]) -> Rating {
    let mut board = Board::from_values(values);
    rate_board(&mut board, |_, _| {})
}

/// Rates from a board, calling `step` with every step taken (its rule and hint) before it is applied.
pub fn rate_board(board: &mut Board, mut step: impl FnMut(Rule, &Hint)) -> Rating {
    let mut er = f64::NEG_INFINITY;
    let mut ep = 0.0;
    let mut ed = 0.0;
    let mut steps = 0;
    let mut stuck = false;
    while !board.is_solved() {
        let Some((rule, hint)) = next_step(board) else {
            er = 20.0;
            stuck = true;
            break;
        };
        step(rule, &hint);
        steps += 1;
        if hint.rating > er {
            er = hint.rating;
        }
        hint.apply(board);
        // As SE: ED is set at the first step, EP at the first step that places a digit, both to ER so far.
        if ep == 0.0 {
            if ed == 0.0 {
                ed = er;
            }
            if hint.placement.is_some() {
                ep = er;
            }
        }
    }
    if steps == 0 && !stuck {
        er = 0.0;
    }
    Rating {
        er,
        ep,
        ed,
        steps,
        stuck,
    }
}
