//! # shudu-draw — Sudoku boards and steps as pictures, puzzle books as PDF
//!
//! One renderer for every front end of [`shudu`]: the `shudu` command line, the terminal game's exports and the
//! web game's explain view.
//!
//! - [`svg`] draws a [`Board`] (givens, the player's digits and candidates, each drawn apart), and a
//!   [`shudu::logic::Step`] on it the way HoDoKu colours one: the pattern's cells and candidates, removals
//!   struck in red, placements in green, fins and almost locked sets shaded, chains as curved arrows (strong links
//!   solid, weak links dashed) with group and ALS nodes outlined, and a legend with the step in HoDoKu's notation
//!   or in Chinese. The SVG is self-contained (no external reference), has a `<title>` and `<desc>`, and is the
//!   same bytes for the same input.
//! - [`png`] rasterises such an SVG with resvg, using only the fonts shipped in this crate (DejaVu Sans, and a
//!   subset of Noto Sans CJK SC holding the characters of the Chinese texts), so a PNG is the same on every machine.
//! - [`book`] lays out a puzzle book (A4 or Letter, 1, 2, 4 or 6 puzzles a page, solutions at the back) and
//!   [`book::pdf`] writes it as a vector PDF with its fonts embedded.
//!
//! ```
//! use shudu::format::parse_line;
//! use shudu::logic::Solver;
//! use shudu::Grid;
//! use shudu_draw::{svg, Board, Options};
//! let p = "006800005080200007050347200000000013003009000800000500000060080000403000700100020";
//! let grid = Grid::from_values(&parse_line(p).unwrap()).unwrap();
//! let step = Solver::new().next_step(&grid).unwrap();
//! let picture = svg(&Board::from_grid(&grid), Some(&step), &Options::default());
//! assert!(picture.starts_with("<svg"));
//! assert!(picture.contains("<desc>Naked Single: r1c6=1</desc>"));
//! let png = shudu_draw::png(&picture, 360).unwrap();
//! assert_eq!(&png[1..4], b"PNG");
//! ```

#![warn(missing_docs)]

mod board;
pub mod book;
mod chains;
mod fonts;
pub mod geometry;
mod glyphs;
mod legend;
mod marks;
mod pdf;
mod png;
mod svg;
mod theme;
mod xml;

use core::fmt;

pub use board::Board;
pub use chains::{MAX_BRANCHES, MAX_LINKS};
pub use fonts::has_glyph;
pub use legend::MAX_LINES;
pub use png::{png, MAX_WIDTH, MIN_WIDTH};
pub use theme::{Theme, UnknownTheme};

use shudu::logic::{Lang, Step};
use shudu::Cell;

/// How a picture is drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The colours.
    pub theme: Theme,
    /// The language of the legend, the title and the description.
    pub lang: Lang,
    /// Draw every candidate of the empty cells. Without it, a board shows its digits alone, and a step only the
    /// candidates it marks (its pattern, chains, removals and placements).
    pub candidates: bool,
    /// Draw the legend under the board: the step's text, or the caption.
    pub legend: bool,
    /// A text for the legend in place of the step's (a board without a step has a legend only with one). Lines are
    /// separated by `\n`.
    pub caption: Option<String>,
    /// Cells drawn with a warning frame, such as a player's mistakes.
    pub flagged: Vec<Cell>,
    /// The width the SVG declares, in pixels (its height follows); `None` for its natural size, 456 units wide.
    pub width: Option<u32>,
}

impl Default for Options {
    /// The light theme, English, every candidate, a legend.
    fn default() -> Options {
        Options {
            theme: Theme::Light,
            lang: Lang::En,
            candidates: true,
            legend: true,
            caption: None,
            flagged: Vec::new(),
            width: None,
        }
    }
}

/// A board, and a step on it when one is given, as an SVG document.
///
/// The board should be the state the step was found in: the step's marks go on its candidates. A step with more
/// chains than [`MAX_BRANCHES`] (a forcing net) is drawn with its first branches, and the legend says so.
pub fn svg(board: &Board, step: Option<&Step>, options: &Options) -> String {
    svg::document(board, step, options)
}

/// What went wrong drawing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DrawError {
    /// A PNG width out of range.
    Size {
        /// The width asked for.
        width: u32,
        /// The narrowest allowed.
        min: u32,
        /// The widest allowed.
        max: u32,
    },
    /// The SVG could not be read.
    Svg(String),
    /// The PNG could not be encoded.
    Png(String),
    /// The PDF could not be made.
    Pdf(String),
}

impl fmt::Display for DrawError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DrawError::Size { width, min, max } => {
                write!(f, "a width of {width} px is out of range ({min} to {max})")
            }
            DrawError::Svg(e) => write!(f, "the SVG cannot be read: {e}"),
            DrawError::Png(e) => write!(f, "the PNG cannot be encoded: {e}"),
            DrawError::Pdf(e) => write!(f, "the PDF cannot be made: {e}"),
        }
    }
}

impl std::error::Error for DrawError {}
