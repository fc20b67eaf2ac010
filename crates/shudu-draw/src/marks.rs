//! What a step highlights, cell by cell and candidate by candidate, the way HoDoKu colours a step: the pattern's
//! cells and candidates, fins, colour classes, the sets of an ALS, chain nodes true and false, removals and
//! placements.

use shudu::logic::{Step, Technique};
use shudu::{Candidates, Cell, Digit, House};

use crate::board::Board;
use crate::chains::{self, Chains};

/// How a cell is shaded.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Shade {
    Pattern,
    Fin,
    /// One of the step's sets (an almost locked set, a Sue de Coq set), numbered in the step's order.
    Set(u8),
}

impl Shade {
    fn rank(self) -> u8 {
        match self {
            Shade::Pattern => 1,
            Shade::Fin => 2,
            Shade::Set(_) => 3,
        }
    }

    pub(crate) fn class(self) -> &'static str {
        match self {
            Shade::Pattern => "shade pattern",
            Shade::Fin => "shade fin",
            Shade::Set(_) => "shade set",
        }
    }
}

/// How a candidate is marked. Where several apply, the highest rank wins: what the step does before what it rests on.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Mark {
    /// A candidate the pattern is made of.
    Pattern,
    /// One of a colouring's classes (two per cluster).
    Class(u8),
    /// A fin of a fish, or the z candidates of an ALS-XZ.
    Fin,
    /// A chain node the chain makes false.
    Off,
    /// A chain node the chain makes true.
    On,
    /// A candidate the step removes.
    Removal,
    /// A candidate the step places.
    Placement,
}

impl Mark {
    fn rank(self) -> u8 {
        match self {
            Mark::Pattern => 1,
            Mark::Class(_) => 2,
            Mark::Fin => 3,
            Mark::Off => 4,
            Mark::On => 5,
            Mark::Removal => 6,
            Mark::Placement => 7,
        }
    }

    pub(crate) fn class(self) -> &'static str {
        match self {
            Mark::Pattern => "mark pattern",
            Mark::Class(_) => "mark color",
            Mark::Fin => "mark fin",
            Mark::Off => "mark off",
            Mark::On => "mark on",
            Mark::Removal => "mark removal",
            Mark::Placement => "mark placement",
        }
    }
}

/// Everything a step adds to a board.
#[derive(Clone, Debug, Default)]
pub(crate) struct Marks {
    pub shades: Vec<Option<Shade>>,
    /// Per cell, per digit index.
    pub marks: Vec<[Option<Mark>; 9]>,
    pub base: Vec<House>,
    pub cover: Vec<House>,
    pub chains: Chains,
}

impl Marks {
    fn new() -> Marks {
        Marks {
            shades: vec![None; 81],
            marks: vec![[None; 9]; 81],
            ..Marks::default()
        }
    }

    fn shade(&mut self, cell: Cell, shade: Shade) {
        let slot = &mut self.shades[cell.index()];
        if slot.is_none_or(|s| s.rank() < shade.rank()) {
            *slot = Some(shade);
        }
    }

    pub(crate) fn mark(&mut self, cell: Cell, digit: Digit, mark: Mark) {
        let slot = &mut self.marks[cell.index()][digit.index()];
        if slot.is_none_or(|m| m.rank() < mark.rank()) {
            *slot = Some(mark);
        }
    }

    /// Marks `digits` in `cells` where the board has them as candidates.
    fn mark_present(&mut self, board: &Board, cells: &[Cell], digits: Candidates, mark: Mark) {
        for &cell in cells {
            for digit in board.candidates(cell).and(digits) {
                self.mark(cell, digit, mark);
            }
        }
    }

    /// The mark of a candidate, if any.
    pub(crate) fn get(&self, cell: Cell, digit: Digit) -> Option<Mark> {
        self.marks[cell.index()][digit.index()]
    }
}

/// The marks of `step` on `board`.
pub(crate) fn marks(board: &Board, step: &Step) -> Marks {
    let p = &step.pattern;
    let mut m = Marks::new();
    m.base = p.base.clone();
    m.cover = p.cover.clone();
    for &cell in &p.cells {
        m.shade(cell, Shade::Pattern);
    }
    m.mark_present(board, &p.cells, p.digits, Mark::Pattern);
    for (i, set) in p.sets.iter().enumerate() {
        for &cell in set {
            m.shade(cell, Shade::Set((i % 4) as u8));
        }
        // The digits linking the sets (an ALS's restricted common candidates) are the candidates that make it.
        m.mark_present(board, set, p.digits, Mark::Pattern);
    }
    for &cell in &p.fins {
        m.shade(cell, Shade::Fin);
    }
    m.mark_present(board, &p.fins, fin_digits(step), Mark::Fin);
    for (k, class) in p.colors.iter().enumerate() {
        m.mark_present(board, class, p.digits, Mark::Class((k % 4) as u8));
    }
    m.chains = chains::layout(board, &p.chains);
    for &(cell, digit, on) in &m.chains.nodes.clone() {
        m.mark(cell, digit, if on { Mark::On } else { Mark::Off });
    }
    // What the step does is marked whether or not the board shows it as a candidate, so the picture says it.
    for &(cell, digit) in &step.eliminations {
        m.mark(cell, digit, Mark::Removal);
    }
    for &(cell, digit) in &step.placements {
        m.mark(cell, digit, Mark::Placement);
    }
    m
}

/// The digits a step's fins are about: a fish's digit, but for an ALS-XZ, whose "fins" are the cells holding z, the
/// digits it removes.
fn fin_digits(step: &Step) -> Candidates {
    if step.technique == Technique::AlsXz {
        step.eliminations.iter().map(|&(_, d)| d).collect()
    } else {
        step.pattern.digits
    }
}
