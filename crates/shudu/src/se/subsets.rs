//! Naked and hidden subsets (pairs 3.0 / 3.4, triples 3.6 / 4.0, quads 5.0 / 5.4), and the direct hidden pair (2.0)
//! and triple (2.5), which SE counts only when the subset's eliminations leave a hidden single in its house.

use core::ops::ControlFlow;

use super::board::{bits16, Board, REGION_CELLS, SCAN};
use super::hint::{Hint, Kind};
use super::Sink;

/// Calls `each` with every `k`-subset of `0..n`, in SE's order: as bit masks in increasing numeric order
/// (colexicographic: by the largest element first).
pub fn combinations(n: usize, k: usize, mut each: impl FnMut(&[usize]) -> ControlFlow<()>) -> ControlFlow<()> {
    if k > n || k == 0 {
        return ControlFlow::Continue(());
    }
    let mut mask: u32 = (1 << k) - 1;
    let limit: u32 = 1 << n;
    let mut idx = [0usize; 9];
    while mask < limit {
        let mut m = mask;
        for slot in idx.iter_mut().take(k) {
            *slot = m.trailing_zeros() as usize;
            m &= m - 1;
        }
        each(&idx[..k])?;
        // Gosper's hack: the next larger number with as many bits.
        let low = mask & mask.wrapping_neg();
        let ripple = mask + low;
        mask = (((ripple ^ mask) >> 2) / low) | ripple;
    }
    ControlFlow::Continue(())
}

fn naked_kind(n: usize) -> (Kind, f64) {
    match n {
        2 => (Kind::NakedPair, 3.0),
        3 => (Kind::NakedTriplet, 3.6),
        _ => (Kind::NakedQuad, 5.0),
    }
}

fn hidden_kind(n: usize, direct: bool) -> (Kind, f64) {
    match (n, direct) {
        (2, true) => (Kind::DirectHiddenPair, 2.0),
        (3, true) => (Kind::DirectHiddenTriplet, 2.5),
        (2, false) => (Kind::HiddenPair, 3.4),
        (3, false) => (Kind::HiddenTriplet, 4.0),
        _ => (Kind::HiddenQuad, 5.4),
    }
}

/// Naked sets of `n` cells in a house: `n` cells whose candidates are `n` digits, which leave the house's other cells.
pub fn naked_set(board: &Board, n: usize, sink: Sink) -> ControlFlow<()> {
    let (kind, rating) = naked_kind(n);
    for &region in &SCAN {
        let cells: Vec<usize> = REGION_CELLS[region]
            .iter()
            .map(|&c| usize::from(c))
            .filter(|&c| board.values[c] == 0 && (2..=n as u32).contains(&board.cands[c].count_ones()))
            .collect();
        combinations(cells.len(), n, |pick| {
            let union = pick.iter().fold(0u16, |u, &i| u | board.cands[cells[i]]);
            if union.count_ones() as usize != n {
                return ControlFlow::Continue(());
            }
            let mut elim = Vec::new();
            for &c in &REGION_CELLS[region] {
                let c = usize::from(c);
                if pick.iter().any(|&i| cells[i] == c) {
                    continue;
                }
                for d in bits16(board.cands[c] & union) {
                    elim.push((c as u8, d as u8 + 1));
                }
            }
            if elim.is_empty() {
                return ControlFlow::Continue(());
            }
            sink(Hint::removing(kind, rating, elim))
        })?;
    }
    ControlFlow::Continue(())
}

/// Hidden sets of `n` digits in a house: `n` digits confined to `n` cells, which lose their other candidates. The
/// direct form keeps only those whose eliminations leave another digit one place in the house, and places it.
pub fn hidden_set(board: &Board, n: usize, direct: bool, sink: Sink) -> ControlFlow<()> {
    let (kind, rating) = hidden_kind(n, direct);
    let all = board.places();
    for &region in &SCAN {
        let mut pos = [0u16; 10];
        pos[1..].copy_from_slice(&all[region]);
        let mut digits = [0u8; 9];
        let mut count = 0;
        for d in 1..=9u8 {
            if (2..=n as u32).contains(&pos[usize::from(d)].count_ones()) {
                digits[count] = d;
                count += 1;
            }
        }
        let digits = &digits[..count];
        combinations(digits.len(), n, |pick| {
            let places = pick.iter().fold(0u16, |u, &i| u | pos[usize::from(digits[i])]);
            if places.count_ones() as usize != n {
                return ControlFlow::Continue(());
            }
            let set: u16 = pick.iter().fold(0u16, |u, &i| u | 1 << (digits[i] - 1));
            let mut elim = Vec::new();
            for i in bits16(places) {
                let c = usize::from(REGION_CELLS[region][i]);
                for d in bits16(board.cands[c] & !set) {
                    elim.push((c as u8, d as u8 + 1));
                }
            }
            if elim.is_empty() {
                return ControlFlow::Continue(());
            }
            if !direct {
                return sink(Hint::removing(kind, rating, elim));
            }
            for d in 1..=9u8 {
                if set >> (d - 1) & 1 != 0 {
                    continue;
                }
                let p = pos[usize::from(d)];
                let left = p & !places;
                if p.count_ones() > 1 && left.count_ones() == 1 {
                    let cell = usize::from(REGION_CELLS[region][left.trailing_zeros() as usize]);
                    sink(Hint::placing(kind, rating, cell, d))?;
                }
            }
            ControlFlow::Continue(())
        })?;
    }
    ControlFlow::Continue(())
}
