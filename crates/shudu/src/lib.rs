//! # shudu — a Sudoku engine
//!
//! The board ([`Grid`], with [`Cell`], [`House`], [`Digit`], [`Candidates`] and [`Bitboard`]), the formats it is
//! read from and written to ([`format`](mod@format)), and a fast search solver ([`search`]) that finds solutions and proves
//! uniqueness; a human-style solver ([`logic`]); grading ([`rate`]: HoDoKu's levels, an estimate of Sudoku
//! Explainer's rating); a generator ([`generate`](mod@generate)) of unique puzzles at a level, with a symmetry,
//! reproducible from a seed; canonical (minlex) forms and random isomorphs ([`canon`]); and the entries of rated
//! datasets, split by canonical class ([`dataset`]). The engine does no I/O; front ends (the `shudu` command line, games) build on it.
//!
//! ```
//! use shudu::{format, search};
//! let puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
//! let values = format::parse_line(puzzle).unwrap();
//! let outcome = search::search(&values, 2);
//! assert_eq!(outcome.count, 1); // exactly one solution: a proper puzzle
//! let solution = outcome.solution.unwrap();
//! assert_eq!(&format::to_line(&solution)[..9], "417369825");
//! ```

#![warn(missing_docs)]

pub mod canon;
pub mod dataset;
pub mod generate;
pub mod grid;
pub mod logic;
pub mod rate;
pub mod se;
pub mod search;

pub use grid::format;
pub use grid::{Bitboard, Candidates, Cell, Contradiction, Digit, Grid, House};
