//! Aligned pair exclusion (6.2) and, to come, aligned triplet exclusion (7.5).
//!
//! Two cells (any two, in reading order) take their candidates in combinations; a combination is excluded when the
//! two share a house and the digits are equal, or when a cell seeing both has no candidate outside it (it would be
//! left empty). A candidate no remaining combination uses leaves its cell.

use core::ops::ControlFlow;

use super::board::{bits128, bits16, sees, Board, PEERS};
use super::hint::{Hint, Kind};
use super::Sink;

/// Aligned exclusion of `n` cells (pairs only today; triplets find nothing yet).
pub fn aligned_exclusion(board: &Board, n: usize, sink: Sink) -> ControlFlow<()> {
    if n != 2 {
        return ControlFlow::Continue(());
    }
    let empty: Vec<usize> = (0..81)
        .filter(|&c| board.values[c] == 0 && board.cands[c].count_ones() >= 2)
        .collect();
    let bivalue: u128 = (0..81)
        .filter(|&c| board.values[c] == 0 && board.cands[c].count_ones() <= 2)
        .fold(0, |s, c| s | 1u128 << c);
    for (i, &c1) in empty.iter().enumerate() {
        for &c2 in &empty[i + 1..] {
            let excluders: Vec<u16> = bits128(PEERS[c1] & PEERS[c2] & bivalue)
                .map(|e| board.cands[e])
                .collect();
            if excluders.is_empty() {
                continue;
            }
            let aligned = sees(c1, c2);
            let (mut allowed1, mut allowed2) = (0u16, 0u16);
            for v1 in bits16(board.cands[c1]) {
                for v2 in bits16(board.cands[c2]) {
                    if aligned && v1 == v2 {
                        continue;
                    }
                    let pair = 1u16 << v1 | 1u16 << v2;
                    if excluders.iter().any(|&e| e & !pair == 0) {
                        continue;
                    }
                    allowed1 |= 1 << v1;
                    allowed2 |= 1 << v2;
                }
            }
            let mut elim = Vec::new();
            for (c, allowed) in [(c1, allowed1), (c2, allowed2)] {
                for d in bits16(board.cands[c] & !allowed) {
                    elim.push((c as u8, d as u8 + 1));
                }
            }
            if !elim.is_empty() {
                sink(Hint::removing(Kind::AlignedPairExclusion, 6.2, elim))?;
            }
        }
    }
    ControlFlow::Continue(())
}
