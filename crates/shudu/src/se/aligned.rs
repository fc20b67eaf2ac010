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
    let cands: [u16; 3] = core::array::from_fn(|k| if k < n { board.cands[cells[k]] } else { 1 });
    let aligned = |a: usize, b: usize| a < n && b < n && sees(cells[a], cells[b]);
    let pairs = [aligned(0, 1), aligned(0, 2), aligned(1, 2)];
    // Whether a combination (bit sets of one digit each; 1 for a cell beyond n, which takes no part) is kept.
    let kept = |d: [u16; 3]| {
        let clash = (pairs[0] && d[0] == d[1]) || (pairs[1] && d[0] == d[2]) || (pairs[2] && d[1] == d[2]);
        let set = d[0] | d[1] | if n == 3 { d[2] } else { 0 };
        !clash && !excluders.iter().any(|&e| e & !set == 0)
    };
    // A candidate stays when some kept combination uses it: each is looked for in turn, and every combination found
    // keeps all its digits (the same candidates as trying every combination, found with fewer tries).
    let mut allowed = [0u16; 3];
    for k in 0..n {
        for v in bits16(cands[k]) {
            let bit = 1u16 << v;
            if allowed[k] & bit != 0 {
                continue;
            }
            let (o1, o2) = match k {
                0 => (1, 2),
                1 => (0, 2),
                _ => (0, 1),
            };
            'search: for a in bits16(cands[o1]) {
                for b in bits16(cands[o2]) {
                    let mut d = [0u16; 3];
                    d[k] = bit;
                    d[o1] = 1 << a;
                    d[o2] = 1 << b;
                    if kept(d) {
                        for i in 0..n {
                            allowed[i] |= d[i];
                        }
                        break 'search;
                    }
                }
            }
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
