//! The length of a static forcing chain, found on bitboards.
//!
//! A forcing chain's walk (see [`super::chain`]) passes each candidate once per polarity and stops at the round
//! that first reaches the start's opposite; every candidate of its path is new, so the hint it makes depends only on
//! that round's depth, not on which path got there. That depth is a breadth-first distance, and a round of the walk
//! is a few operations on one 81-bit set per digit and polarity instead of a list of nodes: the rule's walks from
//! every candidate, on and off, are most of SE's time on the puzzles that need chains.

use super::board::{bits128, Board, PEERS, REGION_SET};
use super::chain::{Links, Potential};

/// A board's candidates as bitboards, with the links that turn a candidate on.
pub(super) struct Reach {
    /// The cells where each digit is a candidate.
    cells: [u128; 9],
    /// The cells with two candidates.
    bivalue: u128,
    /// For each digit and cell, the digit's other place in each house of the cell where it has two.
    partners: [[u128; 81]; 9],
    /// For each digit, the cells of its conjugate pairs: where an X-link can turn it on.
    paired: [u128; 9],
}

impl Reach {
    pub(super) fn new(board: &Board) -> Reach {
        let mut cells = [0u128; 9];
        let mut bivalue = 0u128;
        for (c, &cands) in board.cands.iter().enumerate() {
            if board.values[c] != 0 {
                continue;
            }
            for (d, set) in cells.iter_mut().enumerate() {
                *set |= u128::from(cands >> d & 1) << c;
            }
            bivalue |= u128::from(cands.count_ones() == 2) << c;
        }
        let mut partners = [[0u128; 81]; 9];
        let mut paired = [0u128; 9];
        for (d, &places) in cells.iter().enumerate() {
            for region in REGION_SET {
                let there = places & region;
                if there.count_ones() == 2 {
                    let (a, b) = (there.trailing_zeros() as usize, 127 - there.leading_zeros() as usize);
                    partners[d][a] |= 1u128 << b;
                    partners[d][b] |= 1u128 << a;
                    paired[d] |= there;
                }
            }
        }
        Reach {
            cells,
            bivalue,
            partners,
            paired,
        }
    }

    /// Whether some candidate that can be turned on would turn `target` off: a chain to `target` off needs one as
    /// its last on candidate.
    fn may_end_off(&self, target: Potential, kinds: Links) -> bool {
        let d = usize::from(target.digit - 1);
        let cell = usize::from(target.cell);
        let x_on = |e: usize| if kinds.x { self.paired[e] } else { 0 };
        let y_on = if kinds.y { self.bivalue } else { 0 };
        if PEERS[cell] & self.cells[d] & (x_on(d) | y_on) != 0 {
            return true;
        }
        kinds.y && (0..9).any(|e| e != d && ((x_on(e) | y_on) & self.cells[e]) >> cell & 1 != 0)
    }

    /// The candidates `on` turns off: its cell's others (with Y-links), its digit's other places in its houses.
    fn turn_off(&self, on: &[u128; 9], y: bool) -> [u128; 9] {
        let mut off = [0u128; 9];
        for d in 0..9 {
            if on[d] != 0 {
                for c in bits128(on[d]) {
                    off[d] |= PEERS[c];
                }
                off[d] &= self.cells[d];
            }
        }
        if y {
            let others = others(on);
            for d in 0..9 {
                off[d] |= others[d] & self.cells[d];
            }
        }
        off
    }

    /// The candidates `off` turns on: a bivalue cell's other candidate (Y), a digit's other place in a house where
    /// it has two (X).
    fn turn_on(&self, off: &[u128; 9], kinds: Links) -> [u128; 9] {
        let mut on = [0u128; 9];
        if kinds.y {
            let others = others(off);
            for d in 0..9 {
                on[d] = others[d] & self.bivalue & self.cells[d];
            }
        }
        if kinds.x {
            for d in 0..9 {
                for c in bits128(off[d] & self.paired[d]) {
                    on[d] |= self.partners[d][c];
                }
            }
        }
        on
    }

    /// The number of candidates of the shortest forcing chain from `source` to its opposite (its start included),
    /// if the walk reaches it within `limit` rounds. The walk's first round follows on candidates, its second off
    /// ones, and so on: a walk from an off candidate spends its first round idle, so its chain has `depth`
    /// candidates where a walk from an on one has `depth + 1`.
    pub(super) fn chain_length(&self, source: Potential, kinds: Links, limit: u32) -> Option<u32> {
        let d = usize::from(source.digit - 1);
        let bit = 1u128 << source.cell;
        if limit == 0 || (source.on && !self.may_end_off(source, kinds)) {
            return None;
        }
        if !kinds.y {
            return self.x_chain_length(source, limit);
        }
        let mut seen_on = [0u128; 9];
        let mut seen_off = [0u128; 9];
        let mut front_on = [0u128; 9];
        let mut front_off = [0u128; 9];
        if source.on {
            seen_on[d] = bit;
            front_on[d] = bit;
        } else {
            seen_off[d] = bit;
            front_off[d] = bit;
        }
        let mut depth = 0;
        loop {
            depth += 1;
            if depth > limit {
                return None;
            }
            let reached = self.turn_off(&front_on, kinds.y);
            if source.on && reached[d] & bit != 0 {
                return Some(depth + 1);
            }
            let mut any = 0;
            for e in 0..9 {
                front_off[e] |= reached[e] & !seen_off[e];
                seen_off[e] |= front_off[e];
                any |= front_off[e];
            }
            depth += 1;
            if any == 0 || depth > limit {
                return None;
            }
            let reached = self.turn_on(&front_off, kinds);
            if !source.on && reached[d] & bit != 0 {
                return Some(depth);
            }
            let mut any = 0;
            for e in 0..9 {
                front_on[e] = reached[e] & !seen_on[e];
                seen_on[e] |= front_on[e];
                any |= front_on[e];
            }
            front_off = [0; 9];
            if any == 0 {
                return None;
            }
        }
    }

    /// [`Reach::chain_length`] with X-links only: the walk never leaves the start's digit, one set a polarity.
    fn x_chain_length(&self, source: Potential, limit: u32) -> Option<u32> {
        let d = usize::from(source.digit - 1);
        let bit = 1u128 << source.cell;
        let (mut seen_on, mut seen_off) = if source.on { (bit, 0) } else { (0, bit) };
        let (mut front_on, mut front_off) = (seen_on, seen_off);
        let mut depth = 0;
        loop {
            depth += 1;
            if depth > limit {
                return None;
            }
            let mut reached = 0u128;
            for c in bits128(front_on) {
                reached |= PEERS[c];
            }
            reached &= self.cells[d];
            if source.on && reached & bit != 0 {
                return Some(depth + 1);
            }
            front_off |= reached & !seen_off;
            seen_off |= front_off;
            depth += 1;
            if front_off == 0 || depth > limit {
                return None;
            }
            let mut reached = 0u128;
            for c in bits128(front_off & self.paired[d]) {
                reached |= self.partners[d][c];
            }
            if !source.on && reached & bit != 0 {
                return Some(depth);
            }
            front_on = reached & !seen_on;
            seen_on |= front_on;
            front_off = 0;
            if front_on == 0 {
                return None;
            }
        }
    }
}

/// For each digit, the cells where some other digit is set: the cells a Y-link leaves that digit's way.
fn others(set: &[u128; 9]) -> [u128; 9] {
    let mut out = [0u128; 9];
    let mut before = 0u128;
    for d in 0..9 {
        out[d] = before;
        before |= set[d];
    }
    let mut after = 0u128;
    for d in (0..9).rev() {
        out[d] |= after;
        after |= set[d];
    }
    out
}
