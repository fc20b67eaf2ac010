//! Aligned pair exclusion (6.2) and aligned triplet exclusion (7.5).
//!
//! Two or three cells (any, in reading order) take their candidates in combinations; a combination is excluded when
//! two of them share a house and the digits are equal, or when a cell seeing them all, with no more candidates than
//! there are cells, has no candidate outside it (it would be left empty). A candidate no remaining combination uses leaves its cell.

use core::cell::RefCell;
use core::ops::ControlFlow;

use super::board::{bits128, bits16, sees, Board, PEERS};
use super::hint::{Hint, Kind};
use super::Sink;

/// A board's values and candidates.
type Snapshot = ([u8; 81], [u16; 81]);

std::thread_local! {
    /// For pairs and for triplets, the last board (values and candidates) on which the rule found nothing. A set of
    /// cells' verdict depends only on its cells and the cells that see them all, so where none of those has changed
    /// since, the set finds nothing again and is passed over: on SE's path the rule runs at step after step that
    /// the rules beyond it take, each changing a few cells, and the triplets were a sixth of the time.
    static FOUND_NOTHING: RefCell<[Option<Snapshot>; 2]> = const { RefCell::new([None, None]) };
}

/// The cells whose value or candidates differ from the last board on which the rule for `n` cells found nothing
/// (every cell when there is none).
fn changed_since_nothing(board: &Board, n: usize) -> u128 {
    FOUND_NOTHING.with(|last| match &last.borrow()[n - 2] {
        Some((values, cands)) => (0..81)
            .filter(|&c| values[c] != board.values[c] || cands[c] != board.cands[c])
            .fold(0, |s, c| s | 1u128 << c),
        None => (1u128 << 81) - 1,
    })
}

/// Aligned exclusion of `n` cells (2 or 3): every set of `n` cells in order, with the cells of at most `n`
/// candidates that see them all as excluders.
pub fn aligned_exclusion(board: &Board, n: usize, sink: Sink) -> ControlFlow<()> {
    let changed = changed_since_nothing(board, n);
    let mut found = false;
    let flow = aligned_sets(board, n, changed, &mut |hint| {
        found = true;
        sink(hint)
    });
    let nothing = flow.is_continue() && !found;
    FOUND_NOTHING.with(|last| last.borrow_mut()[n - 2] = nothing.then_some((board.values, board.cands)));
    flow
}

/// The hints of [`aligned_exclusion`], passing over the sets none of whose cells and common peers is in `changed`.
fn aligned_sets(board: &Board, n: usize, changed: u128, sink: Sink) -> ControlFlow<()> {
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
            let union2 = board.cands[c1] | board.cands[c2];
            let pair_same = (1u128 << c1 | 1u128 << c2 | PEERS[c1] & PEERS[c2]) & changed == 0;
            if n == 2 {
                if pair_same {
                    continue;
                }
                // Two cells of two candidates or more never clash in every combination with one digit: only an
                // excluder can remove it, and only one whose candidates the pair can cover.
                excluders.clear();
                excluders.extend(bits128(common2).map(|e| board.cands[e]).filter(|&e| e & !union2 == 0));
                if !excluders.is_empty() {
                    exclude(board, &pick[..2], &excluders, kind, rating, sink)?;
                }
                continue;
            }
            for &c3 in &empty[j + 1..] {
                pick[2] = c3;
                let common3 = common2 & PEERS[c3];
                if common3 == 0 {
                    continue;
                }
                // The cells that see all three are among those that see the first two.
                let same = if pair_same {
                    changed >> c3 & 1 == 0
                } else {
                    (1u128 << c1 | 1u128 << c2 | 1u128 << c3 | PEERS[c1] & PEERS[c2] & PEERS[c3]) & changed == 0
                };
                if same {
                    continue;
                }
                let union3 = union2 | board.cands[c3];
                excluders.clear();
                excluders.extend(bits128(common3).map(|e| board.cands[e]).filter(|&e| e & !union3 == 0));
                if excluders.is_empty() && !clashes_alone_remove(board, &pick) {
                    continue;
                }
                exclude(board, &pick, &excluders, kind, rating, sink)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Whether clashes alone, with no excluder, remove a candidate of three cells. A digit `v` of one cell goes only
/// when every combination of the other two with it clashes; as each of those has two candidates or more, that
/// needs them to hold the same two, `v` and one more, to see each other, and both to see the first cell.
fn clashes_alone_remove(board: &Board, cells: &[usize; 3]) -> bool {
    let [a, b, c] = cells.map(|cell| board.cands[cell]);
    let pair = |i: usize, j: usize, k: usize, (ci, cj, ck): (u16, u16, u16)| {
        ci == cj
            && ci.count_ones() == 2
            && ci & ck != 0
            && sees(cells[i], cells[j])
            && sees(cells[k], cells[i])
            && sees(cells[k], cells[j])
    };
    pair(1, 2, 0, (b, c, a)) || pair(0, 2, 1, (a, c, b)) || pair(0, 1, 2, (a, b, c))
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

#[cfg(test)]
mod tests {
    use super::*;

    fn every_hint(board: &Board, n: usize) -> Vec<Hint> {
        let mut all = Vec::new();
        let _ = aligned_exclusion(board, n, &mut |h| {
            all.push(h);
            ControlFlow::Continue(())
        });
        all
    }

    /// Along SE's paths, where the boards change a few cells a step, the rule with its memory of the last board
    /// that gave nothing finds every hint it finds from scratch, in the same order.
    #[test]
    fn the_memory_of_nothing_found_changes_no_hint() {
        let puzzles = [
            "8..6.......5...2..2..3...6......4.36...5.6.9.4...7..2...129.5...9..6..8..4.......",
            ".8.54.7..3....1.4..9........2...6.75..9...4.65.8....2.8.76.........2.....3..54..9",
        ];
        let (mut boards, mut hints) = (0, 0);
        for line in puzzles {
            let values: [u8; 81] = core::array::from_fn(|i| line.as_bytes()[i].saturating_sub(b'0') % 10);
            let mut board = Board::from_values(&values);
            while let Some((_, hint)) = super::super::next_step(&board) {
                for n in [2, 3] {
                    let remembered = every_hint(&board, n);
                    FOUND_NOTHING.with(|last| *last.borrow_mut() = [None, None]);
                    let fresh = every_hint(&board, n);
                    assert_eq!(remembered, fresh, "{line}, {n} cells");
                    hints += fresh.len();
                }
                boards += 1;
                hint.apply(&mut board);
            }
        }
        assert!(boards > 50 && hints > 0, "{boards} boards, {hints} hints");
    }
}
