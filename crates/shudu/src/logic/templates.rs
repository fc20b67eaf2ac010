//! Templates (HoDoKu codes 1201, 1202): the placements of one digit that fit the grid, and what they all share.
//!
//! A template is one way to put all nine copies of a digit on the board, one in every row, column and box: 46,656
//! of them on an empty board. The templates of a digit that fit the grid cover every cell the digit already holds
//! and no cell where it can no longer go. A cell in every fitting template must hold the digit (Template Set); a
//! candidate in none of them cannot be true (Template Delete).
//!
//! As HoDoKu does, the templates of each digit are then refined against the others: a template of one digit that
//! uses a cell another digit must take in all of its own templates cannot be the solution's, so it is dropped, and
//! this is repeated until nothing more drops.

use crate::grid::{Bitboard, Cell, Digit, Grid};

use super::notation;
use super::step::{Pattern, Step};
use super::technique::Technique;
use super::{Flow, Lang};

/// The cells of `d`'s templates that fit `grid`, each as the 81-bit set of its nine cells.
fn fitting(grid: &Grid, d: Digit) -> Vec<u128> {
    let placed: u128 = Cell::ALL
        .iter()
        .filter(|&&c| grid.value(c) == Some(d))
        .fold(0, |acc, c| acc | 1u128 << c.index());
    let allowed = placed | grid.digit_cells(d).bits();
    // For each row, the columns the digit may take there (only the placed one where the row has it).
    let mut rows = [0u16; 9];
    for (r, row) in rows.iter_mut().enumerate() {
        *row = ((allowed >> (r * 9)) & 0x1ff) as u16;
    }
    let mut out = Vec::new();
    walk(&rows, 0, 0, 0, 0, &mut out);
    out
}

/// Depth-first over the rows: one column per row, no column or box twice.
fn walk(rows: &[u16; 9], row: usize, cols: u16, boxes: u16, cells: u128, out: &mut Vec<u128>) {
    if row == 9 {
        out.push(cells);
        return;
    }
    let mut free = rows[row] & !cols;
    while free != 0 {
        let col = free.trailing_zeros() as usize;
        free &= free - 1;
        let b = (row / 3) * 3 + col / 3;
        if boxes >> b & 1 != 0 {
            continue;
        }
        walk(
            rows,
            row + 1,
            cols | 1 << col,
            boxes | 1 << b,
            cells | 1u128 << (row * 9 + col),
            out,
        );
    }
}

/// For every digit, the cells common to all its surviving templates and the cells in at least one of them.
fn refined(grid: &Grid) -> [(u128, u128); 9] {
    let mut lists: Vec<Vec<u128>> = Digit::ALL.iter().map(|&d| fitting(grid, d)).collect();
    let summarise = |list: &[u128]| {
        list.iter()
            .fold((Bitboard::FULL.bits(), 0u128), |(and, or), &t| (and & t, or | t))
    };
    let mut sums: [(u128, u128); 9] = [(0, 0); 9];
    for (i, list) in lists.iter().enumerate() {
        sums[i] = summarise(list);
    }
    loop {
        let mut dropped = false;
        for j in 0..9 {
            let others: u128 = (0..9).filter(|&k| k != j).fold(0, |acc, k| acc | sums[k].0);
            let before = lists[j].len();
            lists[j].retain(|&t| t & others == 0);
            if lists[j].len() != before {
                dropped = true;
                sums[j] = summarise(&lists[j]);
            }
        }
        if !dropped {
            break;
        }
    }
    sums
}

/// Template Set: for each digit, the empty cells every fitting template uses (one step per digit).
pub fn template_set(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    let sums = refined(grid);
    for d in Digit::ALL {
        let (common, _) = sums[d.index()];
        // No template at all means the grid is broken; that is for the contradiction checks, not a placement.
        let cells = Bitboard::from_bits(common) & grid.digit_cells(d);
        if cells.is_empty() || common == Bitboard::FULL.bits() {
            continue;
        }
        let pattern = Pattern {
            digits: crate::grid::Candidates::only(d),
            cells: cells.iter().collect(),
            ..Pattern::default()
        };
        let step = Step {
            technique: Technique::TemplateSet,
            placements: cells.iter().map(|c| (c, d)).collect(),
            eliminations: Vec::new(),
            pattern,
        };
        emit(step)?;
    }
    Flow::Continue(())
}

/// Template Delete: for each digit, the candidates no fitting template uses (one step per digit).
pub fn template_delete(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    let sums = refined(grid);
    for d in Digit::ALL {
        let (_, any) = sums[d.index()];
        let cells = grid.digit_cells(d) - Bitboard::from_bits(any);
        if cells.is_empty() || any == 0 {
            continue;
        }
        let pattern = Pattern {
            digits: crate::grid::Candidates::only(d),
            ..Pattern::default()
        };
        let elims = cells.iter().map(|c| (c, d)).collect();
        emit(Step::elimination(Technique::TemplateDelete, elims, pattern))?;
    }
    Flow::Continue(())
}

/// The explanation of a template step: `Template Set: r1c2,r5c7=4`, `Template Delete: r3c45<>7`.
pub(super) fn explain(step: &Step, lang: Lang, result: &str) -> String {
    let text = match (step.technique, step.placements.first()) {
        (Technique::TemplateSet, Some(&(_, d))) => {
            let cells: Vec<Cell> = step.placements.iter().map(|&(c, _)| c).collect();
            format!("{}={d}", notation::cells(&cells))
        }
        _ => result.to_string(),
    };
    match lang {
        Lang::En => format!("{}: {text}", step.technique),
        Lang::Zh => {
            let digit = step.pattern.digits.first().map(|d| d.to_string()).unwrap_or_default();
            format!(
                "{}：数字 {digit} 的所有可行模板 => {text}",
                step.technique.info().name_zh
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_board_has_46656_templates_per_digit() {
        let grid = Grid::empty();
        assert_eq!(fitting(&grid, Digit::ALL[0]).len(), 46656);
    }

    #[test]
    fn library_cases_pass() {
        crate::logic::reglib::testing::assert_all_pass(&[
            ":1201:9:..5.+4163+223+17+6.+4..+6.452+3+8+71.6.........86.71.........6.4...159+2+6.....6+543.564..7+1+8:::914 929 932 943 958 966 981 995:",
            ":1202:8:9.471.8......2..59.6............3..87.6.9.5.23..2............4.49..8......7.369.1::821 822 823 824 833 834 836 852 856 863 866 871 872 891 892::",
        ]);
    }

    #[test]
    fn template_steps_are_explained() {
        let case = crate::format::parse_library_line(
            ":1201:9:..5.+4163+223+17+6.+4..+6.452+3+8+71.6.........86.71.........6.4...159+2+6.....6+543.564..7+1+8:::914 929 932 943 958 966 981 995:",
        )
        .expect("parses");
        let set = crate::logic::Solver::find_all(Technique::TemplateSet, &case.grid);
        let nine = set
            .iter()
            .find(|s| s.pattern.digits.first().map(|d| d.get()) == Some(9))
            .expect("9 is set");
        assert_eq!(
            nine.explain(Lang::En),
            "Template Set: r1c4,r2c9,r3c2,r4c3,r5c8,r6c6,r8c1,r9c5=9"
        );
        assert_eq!(
            nine.explain(Lang::Zh),
            "模板放置：数字 9 的所有可行模板 => r1c4,r2c9,r3c2,r4c3,r5c8,r6c6,r8c1,r9c5=9"
        );
        let delete = crate::logic::Solver::find_all(Technique::TemplateDelete, &case.grid);
        let nine = delete
            .iter()
            .find(|s| s.pattern.digits.first().map(|d| d.get()) == Some(9))
            .expect("9 goes");
        assert!(
            nine.explain(Lang::En).starts_with("Template Delete: r1c1"),
            "{}",
            nine.explain(Lang::En)
        );
    }
}
