//! Aligned pair exclusion (6.2) and aligned triplet exclusion (7.5).
//!
//! Two or three cells (any, in reading order) take their candidates in combinations; a combination is excluded when
//! two of them share a house and the digits are equal, or when a cell seeing them all, with no more candidates than
//! there are cells, has no candidate outside it (it would be left empty). A candidate no remaining combination uses leaves its cell.

use core::ops::ControlFlow;

use super::board::{bits128, bits16, sees, Board, PEERS};
use super::hint::{Hint, Kind};
use super::Sink;

/// Aligned exclusion of `n` cells (2 or 3): every set of `n` cells in order, with the cells of at most `n`
/// candidates that see them all as excluders.
pub fn aligned_exclusion(board: &Board, n: usize, sink: Sink) -> ControlFlow<()> {
    let empty: Vec<usize> = (0..81)
        .filter(|&c| board.values[c] == 0 && board.cands[c].count_ones() >= 2)
        .collect();
    let small: u128 = (0..81)
        .filter(|&c| board.values[c] == 0 && board.cands[c].count_ones() as usize <= n)
        .fold(0, |s, c| s | 1u128 << c);
    let kind = if n == 2 {
        Kind::AlignedPairExclusion
    } else {
        Kind::AlignedTripletExclusion
    };
    let rating = if n == 2 { 6.2 } else { 7.5 };
    let mut excluders: Vec<u16> = Vec::with_capacity(20);
    let mut pick = [0usize; 3];
    for (i, &c1) in empty.iter().enumerate() {
        pick[0] = c1;
        let common1 = PEERS[c1] & small;
        if common1 == 0 {
            continue;
        }
        for (j, &c2) in empty.iter().enumerate().skip(i + 1) {
            pick[1] = c2;
            let common2 = common1 & PEERS[c2];
            if common2 == 0 {
                continue;
            }
            if n == 2 {
                excluders.clear();
                excluders.extend(bits128(common2).map(|e| board.cands[e]));
                exclude(board, &pick[..2], &excluders, kind, rating, sink)?;
                continue;
            }
            for &c3 in &empty[j + 1..] {
                pick[2] = c3;
                let common3 = common2 & PEERS[c3];
                if common3 == 0 {
                    continue;
                }
                excluders.clear();
                excluders.extend(bits128(common3).map(|e| board.cands[e]));
                exclude(board, &pick, &excluders, kind, rating, sink)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Tries every combination of the cells' candidates: one is excluded when two cells sharing a house take the same
/// digit, or when it takes every candidate of an excluder. The candidates no combination keeps are the hint.
fn exclude(board: &Board, cells: &[usize], excluders: &[u16], kind: Kind, rating: f64, sink: Sink) -> ControlFlow<()> {
    let n = cells.len();
    let mut allowed = [0u16; 3];
    let mut digits = [0usize; 3];
    let mut lists = [[0usize; 9]; 3];
    let mut lens = [0usize; 3];
    for k in 0..n {
        for d in bits16(board.cands[cells[k]]) {
            lists[k][lens[k]] = d;
            lens[k] += 1;
        }
    }
    let mut at = [0usize; 3];
    'combos: loop {
        let mut set = 0u16;
        for k in 0..n {
            digits[k] = lists[k][at[k]];
            set |= 1 << digits[k];
        }
        let mut ok = true;
        'pairs: for a in 0..n {
            for b in a + 1..n {
                if digits[a] == digits[b] && sees(cells[a], cells[b]) {
                    ok = false;
                    break 'pairs;
                }
            }
        }
        if ok && !excluders.iter().any(|&e| e & !set == 0) {
            for k in 0..n {
                allowed[k] |= 1 << digits[k];
            }
            // Once every candidate has a combination that keeps it, there is nothing to find.
            if (0..n).all(|k| allowed[k] == board.cands[cells[k]]) {
                return ControlFlow::Continue(());
            }
        }
        // The next combination, the last cell's candidate turning fastest.
        let mut k = n;
        loop {
            if k == 0 {
                break 'combos;
            }
            k -= 1;
            at[k] += 1;
            if at[k] < lens[k] {
                break;
            }
            at[k] = 0;
        }
    }
    let mut elim = Vec::new();
    for k in 0..n {
        for d in bits16(board.cands[cells[k]] & !allowed[k]) {
            elim.push((cells[k] as u8, d as u8 + 1));
        }
    }
    if !elim.is_empty() {
        sink(Hint::removing(kind, rating, elim))?;
    }
    ControlFlow::Continue(())
}
