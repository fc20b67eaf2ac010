//! Unique rectangles and loops, types 1–4 (4.5 and up).
//!
//! A loop starts at a bivalue cell `{v1, v2}` and goes through cells holding both digits, each move along a row or
//! a column (alternately), until it closes; it is a deadly pattern when every house it touches holds two of its
//! cells. The cells holding more than the two digits give the types: one such cell (type 1), all with the same one
//! extra digit (type 2), two in a house forming a naked or hidden set there (type 3), two in a house where one of the
//! digits is locked (type 4). The rating is 4.5, plus 0.1 for a loop of 6 cells, 0.2 for 8 and 0.5 for more, plus,
//! for type 3, 0.1 for each other cell of a naked set, and for each other cell but one of a hidden set. SE takes its
//! hints sorted by rating, then type.

use core::ops::ControlFlow;

use super::board::{bits128, bits16, Board, CELL_REGIONS, PEERS, REGION_CELLS, REGION_SET};
use super::hint::{Hint, Kind};
use super::subsets::combinations;
use super::Sink;

/// Loops through `start` (a bivalue cell of `mask`), in the order SE's search closes them.
fn loops_from(board: &Board, start: usize, mask: u16, out: &mut Vec<Vec<usize>>) {
    let mut path = vec![start];
    let mut in_path = 1u128 << start;
    search(board, mask, &mut path, &mut in_path, None, out);
}

fn search(
    board: &Board,
    mask: u16,
    path: &mut Vec<usize>,
    in_path: &mut u128,
    last: Option<usize>,
    out: &mut Vec<Vec<usize>>,
) {
    let cur = *path.last().unwrap_or(&0);
    let start = path[0];
    // Row (index 1), then column (index 2) of the current cell, never the kind of the move that led here.
    for kind in [1usize, 2] {
        if last == Some(kind) {
            continue;
        }
        let region = usize::from(CELL_REGIONS[cur][kind]);
        for &next in &REGION_CELLS[region] {
            let next = usize::from(next);
            if next == cur {
                continue;
            }
            if next == start {
                if path.len() >= 4 && path.len().is_multiple_of(2) {
                    out.push(path.clone());
                }
                continue;
            }
            if *in_path >> next & 1 != 0 || board.values[next] != 0 || board.cands[next] & mask != mask {
                continue;
            }
            // A house holds at most two cells of a loop.
            if CELL_REGIONS[next]
                .iter()
                .any(|&r| (REGION_SET[usize::from(r)] & *in_path).count_ones() >= 2)
            {
                continue;
            }
            path.push(next);
            *in_path |= 1 << next;
            search(board, mask, path, in_path, Some(kind), out);
            *in_path &= !(1 << next);
            path.pop();
        }
    }
}

/// Whether every house the loop touches holds exactly two of its cells, one at an even place along the loop and one
/// at an odd place: the two ways of filling the loop (`v1` on the even places or on the odd ones) then both keep
/// each house right. A loop with two even cells in one house, which can close through a box, is no deadly pattern.
fn is_deadly(cells: &[usize]) -> bool {
    let (mut even, mut odd) = (0u128, 0u128);
    for (i, &c) in cells.iter().enumerate() {
        if i % 2 == 0 {
            even |= 1 << c;
        } else {
            odd |= 1 << c;
        }
    }
    cells.iter().all(|&c| {
        CELL_REGIONS[c].iter().all(|&r| {
            let house = REGION_SET[usize::from(r)];
            (house & even).count_ones() == 1 && (house & odd).count_ones() == 1
        })
    })
}

fn loop_rating(len: usize) -> f64 {
    match len {
        4 => 4.5,
        6 => 4.5 + 0.1,
        8 => 4.5 + 0.2,
        _ => 4.5 + 0.5,
    }
}

/// A hint found on a loop, with the type it sorts by.
struct Found {
    kind: u8,
    hint: Hint,
}

/// Unique loops in SE's order.
pub fn unique_loops(board: &Board, sink: Sink) -> ControlFlow<()> {
    let mut found: Vec<Found> = Vec::new();
    let mut loops = Vec::new();
    for start in 0..81 {
        let mask = board.cands[start];
        if board.values[start] != 0 || mask.count_ones() != 2 {
            continue;
        }
        loops.clear();
        loops_from(board, start, mask, &mut loops);
        for cells in &loops {
            if is_deadly(cells) {
                loop_hints(board, cells, mask, &mut found);
            }
        }
    }
    // Stable: equal ratings and types keep the order of discovery.
    found.sort_by(|a, b| {
        a.hint
            .rating
            .partial_cmp(&b.hint.rating)
            .unwrap_or(core::cmp::Ordering::Equal)
            .then(a.kind.cmp(&b.kind))
    });
    for f in found {
        sink(f.hint)?;
    }
    ControlFlow::Continue(())
}

fn loop_hints(board: &Board, cells: &[usize], mask: u16, out: &mut Vec<Found>) {
    let len = cells.len();
    let base = loop_rating(len);
    let kind = |t: u8| Kind::UniqueLoop {
        len: len.min(10) as u8,
        kind: t,
    };
    let extra: Vec<usize> = cells.iter().copied().filter(|&c| board.cands[c] != mask).collect();
    let in_loop: u128 = cells.iter().fold(0, |s, &c| s | 1 << c);
    let (v1, v2) = {
        let mut it = bits16(mask);
        let a = it.next().unwrap_or(0) as u8 + 1;
        let b = it.next().unwrap_or(0) as u8 + 1;
        (a, b)
    };
    // Type 1: one cell with more digits loses both.
    if extra.len() == 1 {
        let c = extra[0] as u8;
        out.push(Found {
            kind: 1,
            hint: Hint::removing(kind(1), base, vec![(c, v1), (c, v2)]),
        });
    }
    // Type 2: every extra cell has the same one digit more, which leaves the cells seeing them all.
    if extra.len() >= 2 {
        let z = board.cands[extra[0]] & !mask;
        if z.count_ones() == 1 && extra.iter().all(|&c| board.cands[c] & !mask == z) {
            let zd = z.trailing_zeros() as u8 + 1;
            let seeing = extra.iter().fold(board.digit_cells(zd), |s, &c| s & PEERS[c]) & !in_loop;
            if seeing != 0 {
                let elim = bits128(seeing).map(|c| (c as u8, zd)).collect();
                out.push(Found {
                    kind: 2,
                    hint: Hint::removing(kind(2), base, elim),
                });
            }
        }
    }
    if extra.len() != 2 {
        return;
    }
    let (c1, c2) = (extra[0], extra[1]);
    let common: Vec<usize> = CELL_REGIONS[c1]
        .iter()
        .filter(|r| CELL_REGIONS[c2].contains(r))
        .map(|&r| usize::from(r))
        .collect();
    // Type 3: the two extra cells act as one cell holding their extra digits, in a naked or hidden set of a house.
    let others = (board.cands[c1] | board.cands[c2]) & !mask;
    if others.count_ones() >= 2 {
        // By the set's size (its digits), then by house, each house's naked set before its hidden one: the order SE
        // finds them in, which its stable sort keeps among equal ratings.
        let houses: Vec<Type3> = common
            .iter()
            .map(|&region| Type3::new(board, region, 1u128 << c1 | 1u128 << c2, mask, others, base, kind(3)))
            .collect();
        for size in others.count_ones() as usize..=4 {
            for house in &houses {
                house.naked(size, out);
                house.hidden(size, out);
            }
        }
    }
    // Type 4: one of the two digits is locked in the two cells in a house: the other leaves both.
    for &region in &common {
        for (locked, removed) in [(v1, v2), (v2, v1)] {
            let places = board.digit_cells(locked) & REGION_SET[region];
            if places == (1 << c1 | 1 << c2) {
                let elim = vec![(c1 as u8, removed), (c2 as u8, removed)];
                out.push(Found {
                    kind: 4,
                    hint: Hint::removing(kind(4), base, elim),
                });
            }
        }
    }
}

/// Type 3 in one house: the two extra cells act as one cell holding their extra digits (`others`, two or more), in a
/// naked or a hidden set of the house.
///
/// Which sets SE looks for, learnt from its hints (every hint of its rule at 6,268 positions of its paths, and
/// positions changed one candidate at a time): a set has at least as many digits as the two cells have extra
/// digits, and at most four; a naked set of `k` other cells needs at least `2k` other empty cells in the house, a
/// hidden one at least `2k + 1`. SE finds no set outside those bounds, though some are sound.
struct Type3<'a> {
    board: &'a Board,
    region: usize,
    /// The two extra cells.
    pair: u128,
    /// The loop's two digits.
    mask: u16,
    /// The extra digits of the two cells.
    others: u16,
    base: f64,
    kind: Kind,
    /// The house's empty cells besides the two, the first `n` of `cells`.
    cells: [usize; 9],
    n: usize,
}

impl<'a> Type3<'a> {
    fn new(board: &'a Board, region: usize, pair: u128, mask: u16, others: u16, base: f64, kind: Kind) -> Self {
        let mut cells = [0usize; 9];
        let mut n = 0;
        for &c in &REGION_CELLS[region] {
            let c = usize::from(c);
            if board.values[c] == 0 && pair >> c & 1 == 0 {
                cells[n] = c;
                n += 1;
            }
        }
        Type3 {
            board,
            region,
            pair,
            mask,
            others,
            base,
            kind,
            cells,
            n,
        }
    }

    /// Naked: `size - 1` other cells which, with the two, hold `size` digits; the rest of the house loses them.
    fn naked(&self, size: usize, out: &mut Vec<Found>) {
        let board = self.board;
        let (cells, n) = (&self.cells, self.n);
        let k = size - 1;
        if 2 * k > n {
            return;
        }
        let _ = combinations(n, k, |pick| {
            let digits = pick.iter().fold(self.others, |u, &i| u | board.cands[cells[i]]);
            if digits.count_ones() as usize != size {
                return ControlFlow::Continue(());
            }
            let mut elim = Vec::new();
            for (i, &c) in cells[..n].iter().enumerate() {
                if !pick.contains(&i) {
                    for d in bits16(board.cands[c] & digits) {
                        elim.push((c as u8, d as u8 + 1));
                    }
                }
            }
            if !elim.is_empty() {
                let mut rating = self.base;
                for _ in 0..k {
                    rating += 0.1;
                }
                out.push(Found {
                    kind: 3,
                    hint: Hint::removing(self.kind, rating, elim),
                });
            }
            ControlFlow::Continue(())
        });
    }

    /// Hidden: the loop's two digits and `size - 2` more, confined to the two cells and `size - 1` others, which
    /// lose their other digits.
    fn hidden(&self, size: usize, out: &mut Vec<Found>) {
        let board = self.board;
        let house = REGION_SET[self.region] & !self.pair;
        let k = size - 1;
        if 2 * k + 1 > self.n {
            return;
        }
        let free: Vec<u8> = (1..=9u8)
            .filter(|&d| (self.mask | self.others) >> (d - 1) & 1 == 0 && board.digit_cells(d) & house != 0)
            .collect();
        let mut check = |digits: u16| {
            let places = bits16(digits).fold(0u128, |p, d| p | board.digit_cells(d as u8 + 1) & house);
            if places.count_ones() as usize != k {
                return;
            }
            let mut elim = Vec::new();
            for c in bits128(places) {
                for d in bits16(board.cands[c] & !digits) {
                    elim.push((c as u8, d as u8 + 1));
                }
            }
            if !elim.is_empty() {
                let mut rating = self.base;
                for _ in 0..size - 2 {
                    rating += 0.1;
                }
                out.push(Found {
                    kind: 3,
                    hint: Hint::removing(self.kind, rating, elim),
                });
            }
        };
        if size == 2 {
            // combinations() yields nothing for an empty pick: the two digits alone.
            check(self.mask);
            return;
        }
        let _ = combinations(free.len(), size - 2, |pick| {
            check(pick.iter().fold(self.mask, |u, &i| u | 1 << (free[i] - 1)));
            ControlFlow::Continue(())
        });
    }
}
