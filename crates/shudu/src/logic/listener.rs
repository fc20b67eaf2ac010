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
            out: String::new(),
            steps: 0,
        }
    }
}

impl Listener for TextListener {
    fn on_step(&mut self, step: &Step, grid: &Grid) {
        self.steps += 1;
        self.out
            .push_str(&format!("{:>3}. {}\n", self.steps, step.explain(self.lang)));
        let draw = match self.grids {
            Grids::None => false,
            Grids::Changed => !step.eliminations.is_empty(),
            Grids::All => true,
        };
        if draw {
            self.out.push_str(&candidate_grid(grid, step.changed_cells()));
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
    let text = |c: Cell| -> String {
        let mut s = match grid.value(c) {
            Some(d) => d.to_string(),
            None if grid.candidates(c).is_empty() => "-".to_string(),
            None => grid.candidates(c).to_string(),
        };
        if marked.contains(c) {
            s.push('*');
        }
        s
    };
    let widths: Vec<usize> = (0..9)
        .map(|col| {
            (0..9)
                .map(|row| text(Cell::at(row, col)).chars().count())
                .max()
                .unwrap_or(1)
        })
        .collect();
    let rule = |left: char, mid: char, right: char| -> String {
        let mut s = String::new();
        s.push(left);
        for stack in 0..3 {
            let w: usize = (0..3).map(|i| widths[stack * 3 + i] + 1).sum::<usize>() + 1;
            s.push_str(&"-".repeat(w));
            s.push(if stack == 2 { right } else { mid });
        }
        s.push('\n');
        s
    };
    let mut out = rule('.', '.', '.');
    for row in 0..9 {
        if row == 3 || row == 6 {
            out.push_str(&rule(':', '+', ':'));
        }
        out.push('|');
        for (col, width) in widths.iter().enumerate() {
            out.push(' ');
            let t = text(Cell::at(row, col));
            out.push_str(&t);
            out.push_str(&" ".repeat(width - t.chars().count()));
            if col % 3 == 2 {
                out.push_str(" |");
            }
        }
        out.push('\n');
    }
    out.push_str(&rule('\'', '\'', '\''));
    out
}
