//! Listeners observe the solver: every technique it tries and every step it takes, with the grid after it.
//! They never steer: the solver's path is the same whoever listens.

use crate::grid::{Bitboard, Cell, Grid};

use super::step::Step;
use super::technique::Technique;
use super::Lang;

/// What a front end hears while the solver works.
pub trait Listener {
    /// The solver is about to look for `technique`.
    fn on_attempt(&mut self, technique: Technique) {
        let _ = technique;
    }

    /// The solver took `step`; `grid` is the board after it.
    fn on_step(&mut self, step: &Step, grid: &Grid) {
        let _ = (step, grid);
    }
}

/// A listener that hears nothing.
#[derive(Copy, Clone, Debug, Default)]
pub struct Silent;

impl Listener for Silent {}

/// Which candidate grids a [`TextListener`] draws.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Grids {
    /// None: the steps' text only.
    None,
    /// After the steps that remove candidates (placements are easy to follow without one).
    #[default]
    Changed,
    /// After every step.
    All,
}

/// A listener that writes each step's explanation, numbered, and the candidate grid after it with the cells the
/// step changed marked `*` — the trace the seeds' program prints, in HoDoKu's notation. It writes into a `String`
/// so the engine stays free of I/O; a front end prints it.
#[derive(Clone, Debug)]
pub struct TextListener {
    /// The language of the explanations.
    pub lang: Lang,
    /// Which grids to draw.
    pub grids: Grids,
    /// Everything written so far.
    pub out: String,
    steps: usize,
}

impl TextListener {
    /// A listener writing in `lang`, drawing `grids`.
    pub fn new(lang: Lang, grids: Grids) -> TextListener {
        TextListener {
            lang,
            grids,
            // A hard path writes tens of kilobytes: room for the first sixteen made at once, not grown into.
            out: String::with_capacity(1 << 14),
            steps: 0,
        }
    }
}

impl Listener for TextListener {
    fn on_step(&mut self, step: &Step, grid: &Grid) {
        self.steps += 1;
        // Written in place: a path on a hard puzzle has a hundred steps and most draw a grid.
        // The number right-aligned in three columns, pushed rather than formatted (a path numbers every step).
        let mut digits = [0u8; 20];
        let mut at = digits.len();
        let mut n = self.steps;
        loop {
            at -= 1;
            digits[at] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        for _ in digits.len() - at..3 {
            self.out.push(' ');
        }
        self.out.extend(digits[at..].iter().map(|&b| char::from(b)));
        self.out.push_str(". ");
        self.out.push_str(&step.explain(self.lang));
        self.out.push('\n');
        let draw = match self.grids {
            Grids::None => false,
            Grids::Changed => !step.eliminations.is_empty(),
            Grids::All => true,
        };
        if draw {
            push_candidate_grid(&mut self.out, grid, step.changed_cells());
        }
    }
}

/// The candidate grid: each empty cell as its candidates, each filled cell as its digit, columns aligned, boxes
/// ruled; cells in `marked` carry a `*`.
///
/// ```
/// use shudu::logic::candidate_grid;
/// use shudu::{Bitboard, Grid};
/// let text = candidate_grid(&Grid::empty(), Bitboard::EMPTY);
/// assert_eq!(text.lines().count(), 13);
/// assert!(text.lines().nth(1).unwrap().starts_with("| 123456789"));
/// ```
pub fn candidate_grid(grid: &Grid, marked: Bitboard) -> String {
    let mut out = String::with_capacity(1024);
    push_candidate_grid(&mut out, grid, marked);
    out
}

/// [`candidate_grid`], written onto the end of `out`. A path draws a grid after most of its steps, so the text is
/// written straight from the cells' bits, with no string made per cell.
fn push_candidate_grid(out: &mut String, grid: &Grid, marked: Bitboard) {
    // Each cell's text: its digit, `-` for an empty cell with no candidate left, or its candidates; then `*` if
    // marked. As bytes (all ASCII), with its length.
    // Padded with spaces, so a cell is copied whole, ten bytes (a fixed copy, no call), its padding falling where
    // the grid has spaces or where what follows is written after it.
    let mut cells = [([b' '; 10], 0u8); 81];
    let mut widths = [1usize; 9];
    for (c, (bytes, len)) in Cell::ALL.into_iter().zip(cells.iter_mut()) {
        let mut n = 0;
        match grid.value(c) {
            Some(d) => {
                bytes[0] = b'0' + d.get();
                n = 1;
            }
            None => {
                let mut mask = grid.candidates(c).bits();
                if mask == 0 {
                    bytes[0] = b'-';
                    n = 1;
                }
                while mask != 0 {
                    bytes[n] = b'1' + mask.trailing_zeros() as u8;
                    mask &= mask - 1;
                    n += 1;
                }
            }
        }
        if marked.contains(c) {
            bytes[n] = b'*';
            n += 1;
        }
        *len = n as u8;
        let col = c.col();
        widths[col] = widths[col].max(n);
    }
    // The grid's text as bytes in one buffer, made into text once (ASCII throughout): pushed a character at a time
    // onto the string, the grids of top1465's first 1,000 explained cost 156 M instructions more, and pushed onto a
    // growing vector another 136 M. The widest grid: 13 lines of at most 1 + 9 * (1 + 10) + 3 * 2 + 1 bytes.
    // The last cell's padding may run nine bytes past the widest grid's end.
    let mut text = [b' '; 13 * 107 + 9];
    let mut at = 0;
    let rule = |text: &mut [u8], at: &mut usize, left: u8, mid: u8, right: u8| {
        text[*at] = left;
        *at += 1;
        for stack in 0..3 {
            let w: usize = (0..3).map(|i| widths[stack * 3 + i] + 1).sum::<usize>() + 1;
            text[*at..*at + w].fill(b'-');
            *at += w;
            text[*at] = if stack == 2 { right } else { mid };
            *at += 1;
        }
        text[*at] = b'\n';
        *at += 1;
    };
    rule(&mut text, &mut at, b'.', b'.', b'.');
    for row in 0..9 {
        if row == 3 || row == 6 {
            rule(&mut text, &mut at, b':', b'+', b':');
        }
        text[at] = b'|';
        at += 1;
        for (col, width) in widths.iter().enumerate() {
            // A space, the cell's text and spaces to the column's width (its padding, or the buffer's spaces).
            let (bytes, _) = &cells[row * 9 + col];
            text[at + 1..at + 11].copy_from_slice(bytes);
            at += 1 + width;
            if col % 3 == 2 {
                text[at + 1] = b'|';
                at += 2;
            }
        }
        text[at] = b'\n';
        at += 1;
    }
    rule(&mut text, &mut at, b'\'', b'\'', b'\'');
    // The bytes are ASCII digits, rules, '-' and '*'.
    out.push_str(core::str::from_utf8(&text[..at]).unwrap_or_default());
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The widest grid there is (every cell empty, holding all nine candidates, and marked) fills its buffer to the
    /// byte, every line as wide as the rules; a grid of digits and a cell with no candidate left print narrow.
    #[test]
    fn the_widest_and_a_narrow_candidate_grid_line_up() {
        let text = candidate_grid(&Grid::empty(), Bitboard::FULL);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 13);
        assert!(lines.iter().all(|l| l.len() == 106), "{text}");
        assert_eq!(&lines[1][..14], "| 123456789* 1");
        // A solution grid but for r1c1, whose one candidate is then taken away.
        let values: [u8; 81] = core::array::from_fn(|i| {
            if i == 0 {
                0
            } else {
                ((i / 9 * 3 + i / 27 + i % 9) % 9 + 1) as u8
            }
        });
        let mut grid = Grid::from_values(&values).expect("a solution grid");
        let c = Cell::at(0, 0);
        assert!(grid.eliminate(c, crate::Digit::new(1).expect("a digit")));
        let text = candidate_grid(&grid, Bitboard::only(c));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], ".--------.-------.-------.");
        assert_eq!(lines[1], "| -* 2 3 | 4 5 6 | 7 8 9 |");
        assert!(lines.iter().all(|l| l.len() == 26), "{text}");
    }
}
