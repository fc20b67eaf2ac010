//! Which discontinuous nice loops HoDoKu's search sees: a model of its tables, for the grading ladder.
//!
//! HoDoKu finds nice loops by tabling: from a premise (a candidate set or removed) it records every fact that
//! follows, each once, from the first fact that led to it, breadth first; a loop is reported only when the chain
//! read back along those first causes is a loop (no cell passed twice). So of the many loops a board holds, HoDoKu
//! reports those whose chain is the first way its tables reach the closing fact, and which that is depends on the
//! order the facts are followed in. shudu's chain search finds loops its own way (each cell once a chain, breadth
//! first over links), and finds more: a loop HoDoKu's tables never see can then win a step HoDoKu's path does not
//! take.
//!
//! The order, read off HoDoKu's own lists of every loop (`/bsaf`) at the 2,957 training boards where its path takes
//! a nice loop or AIC: a fact set makes false the cell's other candidates (ascending), then the digit in the cell's
//! row, column and box, in that order of houses and cell by cell within each; a fact removed makes true the cell's
//! other candidate when it has two, then the digit's other place in its row, column and box where it has two.
//! Tables so built, with the two rules of [`hodoku_finds_loop`] on chains that pass the start's cell twice,
//! classify as HoDoKu does 561 of 561 loops that place their start (removing its cell's other candidates) and
//! 15,105 of 15,162 loops and AICs that remove one candidate (the cell-by-cell order of peers: 95 %). The grouped loops, AICs and continuous loops are not modelled: HoDoKu's tables for them hold groups, and
//! the fit was not made.

use crate::grid::{Bitboard, Candidates, Cell, Digit, Grid};

use super::step::Step;

/// A fact of the tables: a candidate, true or false. Indexed `cell * 18 + digit * 2 + on`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
struct Fact {
    cell: Cell,
    digit: Digit,
    on: bool,
}

impl Fact {
    fn index(self) -> usize {
        self.cell.index() * 18 + self.digit.index() * 2 + usize::from(self.on)
    }
}

const FACTS: usize = 81 * 18;
const NONE: u16 = u16::MAX;

/// The facts that follow from `f` directly, in HoDoKu's order (see the module's text), passed to `out`.
fn successors(grid: &Grid, f: Fact, out: &mut impl FnMut(Fact)) {
    let cands = grid.candidates(f.cell);
    if f.on {
        for e in cands.without(Candidates::only(f.digit)) {
            out(Fact {
                cell: f.cell,
                digit: e,
                on: false,
            });
        }
        let places = grid.digit_cells(f.digit);
        let mut seen = Bitboard::only(f.cell);
        for house in f.cell.houses() {
            for &p in house.cells() {
                if places.contains(p) && !seen.contains(p) {
                    seen.insert(p);
                    out(Fact {
                        cell: p,
                        digit: f.digit,
                        on: false,
                    });
                }
            }
        }
    } else {
        if cands.len() == 2 {
            if let Some(e) = cands.without(Candidates::only(f.digit)).first() {
                out(Fact {
                    cell: f.cell,
                    digit: e,
                    on: true,
                });
            }
        }
        let places = grid.digit_cells(f.digit);
        let mut seen = Bitboard::only(f.cell);
        for house in f.cell.houses() {
            let here = places & house.cell_set();
            if here.len() == 2 {
                if let Some(q) = (here - Bitboard::only(f.cell)).first() {
                    if !seen.contains(q) {
                        seen.insert(q);
                        out(Fact {
                            cell: q,
                            digit: f.digit,
                            on: true,
                        });
                    }
                }
            }
        }
    }
}

/// The table of one premise: for each fact reached, the fact it was first reached from.
struct Table {
    cause: Vec<u16>,
    premise: Fact,
}

impl Table {
    fn of(grid: &Grid, premise: Fact) -> Table {
        // The premise is its own cause: every fact reached has one.
        let mut cause = vec![NONE; FACTS];
        cause[premise.index()] = premise.index() as u16;
        let mut facts = vec![premise];
        let mut head = 0;
        while head < facts.len() {
            let f = facts[head];
            head += 1;
            successors(grid, f, &mut |g| {
                if cause[g.index()] == NONE {
                    cause[g.index()] = f.index() as u16;
                    facts.push(g);
                }
            });
        }
        Table { cause, premise }
    }

    /// The chain from the premise to `target` along first causes, as fact indices; `None` when not reached.
    fn chain(&self, target: Fact) -> Option<Vec<usize>> {
        let start = self.premise.index();
        let mut at = target.index();
        if self.cause[at] == NONE {
            return None;
        }
        let mut chain = vec![at];
        while at != start {
            at = self.cause[at] as usize;
            chain.push(at);
        }
        chain.reverse();
        Some(chain)
    }
}

/// Whether a chain of facts is a loop as HoDoKu's tables keep one: its cells (a cell's candidates in a row counting
/// once) all different, but for the premise's cell at both ends.
fn is_loop(chain: &[usize]) -> bool {
    let mut cells: Vec<usize> = Vec::with_capacity(chain.len());
    for &f in chain {
        if cells.last() != Some(&(f / 18)) {
            cells.push(f / 18);
        }
    }
    if cells.len() > 1 && cells.first() == cells.last() {
        cells.pop();
    }
    let mut seen = [false; 81];
    cells.iter().all(|&c| !core::mem::replace(&mut seen[c], true))
}

/// The cell of the chain's `i`-th fact.
fn cell_at(chain: &[usize], i: usize) -> usize {
    chain[i] / 18
}

/// Whether HoDoKu's tables find a discontinuous nice loop with `step`'s effect: `None` when the step is not one the
/// model covers (its removals not all in one cell, or a cell left with more than one candidate), else whether a
/// premise's table loops back to its cell.
///
/// A loop placing `d` (removing all its cell's other candidates) comes from the table of `d` removed, which reaches
/// `d` set. A loop removing one candidate `a` comes from the table of `a` set: it reaches `a` removed (but not by a
/// chain that both leaves and comes back inside the cell: that is another candidate's placing loop with `a` on its
/// tail), or another candidate set by a chain that leaves the cell at once; or, in a cell of two candidates, from
/// the table of the other removed, which reaches it set. Over the training boards this classifies as HoDoKu does
/// 15,105 of 15,162 loops and AICs removing one candidate (none that HoDoKu leaves out taken for found), and 561 of
/// 561 placing loops.
pub(super) fn hodoku_finds_loop(grid: &Grid, step: &Step) -> Option<bool> {
    let (&(cell, _), rest) = step.eliminations.split_first()?;
    if !step.placements.is_empty() || rest.iter().any(|&(c, _)| c != cell) {
        return None;
    }
    let x = cell.index();
    let cands = grid.candidates(cell);
    let mut removed = Candidates::default();
    for &(_, d) in &step.eliminations {
        removed.insert(d);
    }
    let fact = |digit: Digit, on: bool| Fact { cell, digit, on };
    let placing = |d: Digit| -> bool {
        Table::of(grid, fact(d, false))
            .chain(fact(d, true))
            .is_some_and(|c| is_loop(&c))
    };
    if step.eliminations.len() > 1 {
        return Some(placing(cands.without(removed).single()?));
    }
    let a = removed.first()?;
    let table = Table::of(grid, fact(a, true));
    let removes = table
        .chain(fact(a, false))
        .is_some_and(|c| c.len() > 2 && is_loop(&c) && !(cell_at(&c, 1) == x && cell_at(&c, c.len() - 2) == x));
    let sets_another = || {
        cands.without(removed).iter().any(|b| {
            table
                .chain(fact(b, true))
                .is_some_and(|c| c.len() > 2 && is_loop(&c) && cell_at(&c, 1) != x)
        })
    };
    let other_placed = || cands.len() == 2 && cands.without(removed).first().is_some_and(placing);
    Some(removes || sets_another() || other_placed())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::parse_pencilmarks;
    use crate::logic::step::Pattern;
    use crate::logic::Technique;

    fn loop_removing(cell: Cell, digits: &[u8]) -> Step {
        let elims = digits.iter().map(|&d| (cell, Digit::new(d).expect("digit"))).collect();
        Step::elimination(Technique::NiceLoop, elims, Pattern::default())
    }

    /// At a training board of HoDoKu's paths (top1465, line 518, where it takes `Discontinuous Nice Loop: 1/3/9 r2c8
    /// =5= r2c9 ... =5= r2c8`), its list of every loop holds that one, and not shudu's `r1c8<>1` or `r2c8<>3`: the
    /// first chain its tables find from r2c8=3 to r2c8<>3 passes r2c8 twice (a lasso).
    #[test]
    fn tables_see_the_loops_hodoku_lists() {
        let grid = parse_pencilmarks(BOARD).expect("board");
        let r2c8 = Cell::at(1, 7);
        assert_eq!(hodoku_finds_loop(&grid, &loop_removing(r2c8, &[1, 3, 9])), Some(true));
        assert_eq!(hodoku_finds_loop(&grid, &loop_removing(r2c8, &[3])), Some(false));
        assert_eq!(
            hodoku_finds_loop(&grid, &loop_removing(Cell::at(0, 7), &[1])),
            Some(false)
        );
    }

    const BOARD: &str = "
| 469  56   456 | 3467  8  13467 | 169  13   2    |
| 4689 7    468 | 346   2  1346  | 169  1359 1456 |
| 1    3    2   | 5     9  46    | 7    8    46   |
| 7    9    68  | 1     3  2     | 5    4    68   |
| 28   4    3   | 78    6  5     | 1289 19   178  |
| 5    26   1   | 9     47 478   | 268  27   3    |
| 246  2568 45  | 24678 17 678   | 3    15   9    |
| 36   1    9   | 28    5  36    | 4    27   78   |
| 234  258  7   | 2348  14 9     | 128  6    158  |
";
}
