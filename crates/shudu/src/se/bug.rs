//! Bivalue universal grave, types 1–4 (5.6 and up).
//!
//! A BUG: were a few digits (the extras) taken from a few cells (the BUG cells), every empty cell would hold two
//! candidates and every house each digit twice or not at all, which has two solutions. So one BUG cell holds its
//! extra. Type 1: one BUG cell keeps only its extra (5.6). Type 2: every BUG cell has the same one extra, which leaves
//! the cells seeing them all (5.7). Type 3: BUG cells in one house act as one cell holding their extras, in a naked
//! set there (5.7 and 0.1 a cell of the set). Type 4: two BUG cells in a house share a digit locked there: each keeps
//! only its extra and that digit (5.7).

use core::ops::ControlFlow;

use super::board::{bits128, bits16, Board, CELL_REGIONS, PEERS, REGION_CELLS, REGION_SET};
use super::hint::{Hint, Kind};
use super::subsets::combinations;
use super::Sink;

/// The BUG cells and their extras, when the board is a BUG.
fn bug_cells(board: &Board) -> Option<Vec<(usize, u16)>> {
    let mut count = [[0u8; 9]; 27];
    for (r, row) in count.iter_mut().enumerate() {
        for &c in &REGION_CELLS[r] {
            for d in bits16(board.cands[usize::from(c)]) {
                row[d] += 1;
            }
        }
    }
    let mut cells = Vec::new();
    let mut removed = [[0u8; 9]; 27];
    for c in 0..81 {
        if board.values[c] != 0 {
            continue;
        }
        let cands = board.cands[c];
        match cands.count_ones() {
            0 | 1 => return None,
            2 => continue,
            _ => {}
        }
        let mut extra = 0u16;
        for d in bits16(cands) {
            let houses = CELL_REGIONS[c].map(|r| count[usize::from(r)][d]);
            if houses.iter().all(|&n| n > 2) {
                // SE tells a cell's extra digit only by a house where the digit has three places: where every
                // house of the cell has four or more (two BUG cells with the digit in each), it sees no BUG.
                if !houses.contains(&3) {
                    return None;
                }
                extra |= 1 << d;
            }
        }
        if (cands & !extra).count_ones() != 2 {
            return None;
        }
        for d in bits16(extra) {
            for &r in &CELL_REGIONS[c] {
                removed[usize::from(r)][d] += 1;
            }
        }
        cells.push((c, extra));
    }
    if cells.is_empty() {
        return None;
    }
    for r in 0..27 {
        for d in 0..9 {
            let n = count[r][d] - removed[r][d];
            if n != 0 && n != 2 {
                return None;
            }
        }
    }
    Some(cells)
}

/// BUG hints in SE's order: type 1, or types 2, 3 and 4 sorted by rating.
pub fn bug(board: &Board, sink: Sink) -> ControlFlow<()> {
    let Some(cells) = bug_cells(board) else {
        return ControlFlow::Continue(());
    };
    if let [(c, extra)] = cells[..] {
        let elim = bits16(board.cands[c] & !extra)
            .map(|d| (c as u8, d as u8 + 1))
            .collect();
        return sink(Hint::removing(Kind::Bug(1), 5.6, elim));
    }
    let mut found: Vec<Hint> = Vec::new();
    let all_extra = cells.iter().fold(0u16, |u, &(_, e)| u | e);
    let set: u128 = cells.iter().fold(0, |s, &(c, _)| s | 1 << c);
    // Type 2: one extra digit for all.
    if all_extra.count_ones() == 1 {
        let d = all_extra.trailing_zeros() as u8 + 1;
        let seeing = cells.iter().fold(board.digit_cells(d), |s, &(c, _)| s & PEERS[c]) & !set;
        if seeing != 0 {
            let elim = bits128(seeing).map(|c| (c as u8, d)).collect();
            found.push(Hint::removing(Kind::Bug(2), 5.7, elim));
        }
    }
    // The houses holding every BUG cell.
    let common: Vec<usize> = CELL_REGIONS[cells[0].0]
        .iter()
        .map(|&r| usize::from(r))
        .filter(|&r| REGION_SET[r] & set == set)
        .collect();
    // Type 3: the BUG cells' extras with k other cells of a house make a naked set of k + 1 digits. With one extra
    // digit between them that is type 2's ground, and SE looks no further.
    for &region in common.iter().filter(|_| all_extra.count_ones() >= 2) {
        let others: Vec<usize> = REGION_CELLS[region]
            .iter()
            .map(|&c| usize::from(c))
            .filter(|&c| board.values[c] == 0 && set >> c & 1 == 0)
            .collect();
        for k in 1..others.len() {
            let _ = combinations(others.len(), k, |pick| {
                let digits = pick.iter().fold(all_extra, |u, &i| u | board.cands[others[i]]);
                if digits.count_ones() as usize != k + 1 {
                    return ControlFlow::Continue(());
                }
                let mut elim = Vec::new();
                for (i, &c) in others.iter().enumerate() {
                    if !pick.contains(&i) {
                        for d in bits16(board.cands[c] & digits) {
                            elim.push((c as u8, d as u8 + 1));
                        }
                    }
                }
                if !elim.is_empty() {
                    let mut rating = 5.7;
                    for _ in 0..k {
                        rating += 0.1;
                    }
                    found.push(Hint::removing(Kind::Bug(3), rating, elim));
                }
                ControlFlow::Continue(())
            });
        }
    }
    // Type 4: two BUG cells sharing a digit locked to them in a house keep only their extra and that digit.
    if let [(c1, e1), (c2, e2)] = cells[..] {
        for &region in &common {
            let shared = board.cands[c1] & board.cands[c2] & !(e1 | e2);
            for d in bits16(shared) {
                let places = board.digit_cells(d as u8 + 1) & REGION_SET[region];
                if places != (1 << c1 | 1 << c2) {
                    continue;
                }
                let keep = 1u16 << d;
                let mut elim: Vec<(u8, u8)> = Vec::new();
                for (c, e) in [(c1, e1), (c2, e2)] {
                    for x in bits16(board.cands[c] & !(e | keep)) {
                        elim.push((c as u8, x as u8 + 1));
                    }
                }
                if !elim.is_empty() {
                    found.push(Hint::removing(Kind::Bug(4), 5.7, elim));
                }
            }
        }
    }
    found.sort_by(|a, b| a.rating.partial_cmp(&b.rating).unwrap_or(core::cmp::Ordering::Equal));
    for h in found {
        sink(h)?;
    }
    ControlFlow::Continue(())
}
