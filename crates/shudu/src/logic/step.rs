//! A step of the human-style solver: what a technique found, what it places or removes, and the pattern behind it.

use crate::grid::{Bitboard, Candidates, Cell, Contradiction, Digit, Grid, House};

use super::notation;
use super::technique::Technique;
use super::Lang;

/// The cells, houses and digits that make up a step's pattern, for highlighting and for the explanation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Pattern {
    /// The digits the pattern is about (a pair's digits, a fish's digit).
    pub digits: Candidates,
    /// The cells that make the pattern (the single's cell, the pair's cells, the intersection's cells).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Vec::is_empty"))]
    pub cells: Vec<Cell>,
    /// Base houses: where the pattern is found (the house of a hidden single or subset, the box of a pointing).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Vec::is_empty"))]
    pub base: Vec<House>,
    /// Cover houses: where its eliminations fall (the line of a pointing, the box of a claiming).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Vec::is_empty"))]
    pub cover: Vec<House>,
    /// Fins of a finned pattern.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Vec::is_empty"))]
    pub fins: Vec<Cell>,
    /// Colour classes of a colouring pattern, two per cluster: classes 0 and 1 are the two colours of one cluster,
    /// 2 and 3 those of a second (Multi Colors). Empty for patterns without colours.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Vec::is_empty"))]
    pub colors: Vec<Vec<Cell>>,
    /// The variant's name where one technique covers several that HoDoKu names apart (`Simple Colors Trap`,
    /// `Dual 2-String Kite`), so the explanation can name it; `None` for the plain technique.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub variant: Option<&'static str>,
    /// Chains behind the step: one for an X-Chain, XY-Chain, Nice Loop or AIC; one per branch for a forcing chain
    /// or Kraken fish. Empty for patterns without chains.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Vec::is_empty"))]
    pub chains: Vec<Chain>,
    /// Sets of cells the pattern is built from: the almost locked sets of an ALS technique, the two sets of a Sue
    /// de Coq, the premises of a Kraken Fish type 2 (the fins and the base candidates of one cover line, one of which
    /// is true). Empty for other patterns.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Vec::is_empty"))]
    pub sets: Vec<Vec<Cell>>,
    /// The digits of each set in `sets`, in the same order (an ALS's candidates, a Sue de Coq set's digits).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Vec::is_empty"))]
    pub set_digits: Vec<Candidates>,
}

/// What a chain node stands for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum NodeKind {
    /// A digit in one cell.
    Candidate,
    /// A digit in two or three cells of one box and one line (grouped chains): true when it is in one of them.
    Group,
    /// An almost locked set: true (for this digit) when the digit is in the set.
    Als,
}

/// A node of a chain: a digit in a cell, a group of cells or an almost locked set, and whether the chain makes it
/// true (`on`) or false there.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Node {
    /// The digit.
    pub digit: Digit,
    /// The cell, or the cells of a group or ALS.
    pub cells: Vec<Cell>,
    /// What the node stands for.
    pub kind: NodeKind,
    /// Whether the chain sets the node true (`on`) or false at this point.
    pub on: bool,
}

/// A chain of inferences: node `i` implies node `i + 1`. The link between them is strong (written `=`) when it goes
/// from false to true, weak (`-`) from true to false, as in an alternating inference chain.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Chain {
    /// The nodes, in order of inference.
    pub nodes: Vec<Node>,
}

/// One step of a logical solution.
///
/// ```
/// use shudu::format::parse_line;
/// use shudu::logic::{Lang, Solver};
/// use shudu::Grid;
/// let p = "006800005080200007050347200000000013003009000800000500000060080000403000700100020";
/// let grid = Grid::from_values(&parse_line(p).unwrap()).unwrap();
/// let step = Solver::new().next_step(&grid).unwrap();
/// assert_eq!(step.explain(Lang::En), "Naked Single: r1c6=1");
/// assert_eq!(step.explain(Lang::Zh), "唯余法：r1c6 只余一个候选数 => r1c6=1");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// Digits placed, in cell order.
    pub placements: Vec<(Cell, Digit)>,
    /// Candidates removed, in cell then digit order.
    pub eliminations: Vec<(Cell, Digit)>,
    /// The pattern that justifies it.
    pub pattern: Pattern,
}

impl Step {
    /// A step placing `digit` in `cell`.
    pub fn placement(technique: Technique, cell: Cell, digit: Digit, pattern: Pattern) -> Step {
        Step {
            technique,
            placements: vec![(cell, digit)],
            eliminations: Vec::new(),
            pattern,
        }
    }

    /// A step removing candidates (sorted here, so equal steps compare equal).
    pub fn elimination(technique: Technique, mut eliminations: Vec<(Cell, Digit)>, pattern: Pattern) -> Step {
        eliminations.sort_unstable();
        eliminations.dedup();
        Step {
            technique,
            placements: Vec::new(),
            eliminations,
            pattern,
        }
    }

    /// Applies the step to `grid`: placements first, then eliminations. Fails, leaving the grid partly changed,
    /// when a placement is illegal there.
    pub fn apply(&self, grid: &mut Grid) -> Result<(), Contradiction> {
        for &(cell, digit) in &self.placements {
            grid.place(cell, digit)?;
        }
        for &(cell, digit) in &self.eliminations {
            grid.eliminate(cell, digit);
        }
        Ok(())
    }

    /// The cells the step changes.
    pub fn changed_cells(&self) -> Bitboard {
        self.placements
            .iter()
            .chain(self.eliminations.iter())
            .map(|&(c, _)| c)
            .collect()
    }

    /// Whether the step does anything to `grid` (places a digit in an empty cell or removes a present candidate).
    pub fn makes_progress(&self, grid: &Grid) -> bool {
        self.placements.iter().any(|&(c, _)| grid.value(c).is_none())
            || self.eliminations.iter().any(|&(c, d)| grid.candidates(c).contains(d))
    }

    /// The explanation in HoDoKu's notation (`Naked Pair: 3,7 in r3c89 => r3c1<>3, r3c1<>7`) or in Chinese.
    pub fn explain(&self, lang: Lang) -> String {
        notation::explain(self, lang)
    }
}
