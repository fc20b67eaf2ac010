//! The search solver: finds solutions and counts them, to prove a puzzle has exactly one.
//!
//! The state is one 27-bit word per digit and band (three rows): bit `r * 9 + c` is set while the digit may stand
//! at row `r` of the band, column `c`. Everything is done with word operations on those 27 words, so no cell is
//! visited one at a time except to place a naked single or pick a guess:
//!
//! - **Band update.** Within a band a digit takes one cell in each row and each box, so the boxes its three rows
//!   use form a permutation of the band's three boxes. A table maps the nine "row ∩ box" segments still open to the
//!   union of the permutations they allow; this does locked candidates and hidden singles in rows and boxes at once.
//!   A box whose candidates for the digit lie in one column locks that column out of the other two bands. Updates
//!   run in unrolled sweeps over the 27 bands, each band compared with its value at its last update.
//!   On x86-64-v3 the givens' propagation, a long cascade, runs in a wide form of the same update, which updates
//!   all 27 bands in each sweep with 256-bit vectors and no per-band tests. Where the CPU has AVX-512, a third
//!   engine (`search::avx512`) keeps each band's nine digits in one 512-bit register for the whole of a branch's logic
//!   (band update, naked singles, column claims), updates a band's nine digits at once when a mask compare finds it
//!   changed, and tests the six permutations of its boxes with VPTESTNMD instead of the lookup tables.
//! - **Column claims** (hidden singles in columns among them): a column whose digit can only be in one band claims
//!   it there, and its box in that band loses the digit's other columns.
//! - **Naked singles**: three bit-parallel counters over the nine digits find the cells with one candidate (and the
//!   cells with none, which end the branch).
//! - **Guessing** on the cell with two candidates that has the most unsolved peers and peers with two candidates
//!   sharing one of its digits (otherwise a cell with the fewest candidates), depth first, on a copy of the 268-byte
//!   state: no heap allocation anywhere. Where the CPU has VPOPCNTDQ and VBMI2 as well, the AVX-512 engine scores
//!   the cells sixteen at a time in registers (`search::avx512`), for the same cell.

use crate::grid::{Grid, House};

#[cfg(target_arch = "x86_64")]
mod avx512;

/// How many solutions a puzzle has, up to a limit, and the first one found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Solutions counted, never more than the limit asked for.
    pub count: u64,
    /// The first solution found, as 81 digits.
    pub solution: Option<[u8; 81]>,
    /// How many times the search assumed a digit that logic had not forced (a measure of effort).
    pub guesses: u64,
}

/// The first solution of a puzzle (`values[i]` is the given of cell `i`, 0 for empty), or `None` when it has none.
///
/// ```
/// use shudu::{format, search};
/// let p = format::parse_line(
///     "..9.7...5..21..9..1...28....7...5..1..851.....5....3.......3..68........21.....87").unwrap();
/// assert_eq!(search::solve(&p), None); // r4c6 and r5c4 both hold 5 (box 5): no solution
/// ```
pub fn solve(values: &[u8; 81]) -> Option<[u8; 81]> {
    search(values, 1).solution
}

/// How many solutions a puzzle has, counting no further than `limit` (a `limit` of 0 counts as 1).
///
/// `count_solutions(p, 2)` is 1 exactly when `p` is a proper puzzle.
pub fn count_solutions(values: &[u8; 81], limit: u64) -> u64 {
    search(values, limit).count
}

/// Counts solutions up to `limit` (at least 1) and keeps the first one.
pub fn search(values: &[u8; 81], limit: u64) -> Outcome {
    search_excluding(values, &[], limit)
}

/// Counts up to `limit` the solutions of a puzzle in which each `(cell, digit)` of `excluded` is ruled out (`cell`
/// 0..81 an empty cell, `digit` 1..=9), and keeps the first one.
///
/// A generator digging a unique puzzle uses it to test one removal: a second solution of the puzzle without the
/// cell must put another digit there, so excluding the removed digit and finding any solution (limit 1) settles
/// it, without first finding the solution it already knows.
///
/// ```
/// use shudu::{format, search};
/// let p = format::parse_line(
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......").unwrap();
/// // The solution has 1 at r1c2 (cell 1): ruling it out leaves none; ruling out 2 there changes nothing.
/// assert_eq!(search::search_excluding(&p, &[(1, 1)], 2).count, 0);
/// assert_eq!(search::search_excluding(&p, &[(1, 2)], 2).count, 1);
/// ```
pub fn search_excluding(values: &[u8; 81], excluded: &[(usize, u8)], limit: u64) -> Outcome {
    search_in(values, excluded, limit, Engine::V4, WIDE_AFTER)
}

/// The engines of the search, each compiled for its own instruction set; a run asks for one and gets the best the CPU
/// has up to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Engine {
    /// Plain Rust for the build's target (x86-64-v2 as shipped).
    Portable,
    /// x86-64-v3: AVX2, BMI1/2, POPCNT, LZCNT ([`has_v3`]). Asked for by the tests only: the search asks for
    /// the best.
    #[cfg_attr(not(test), allow(dead_code))]
    V3,
    /// x86-64-v3 with AVX-512 F, BW, VL, DQ and CD ([`has_v4`]).
    V4,
}

/// [`search_excluding`] on `engine` or the best the CPU has below it; the x86-64-v3 and AVX-512 engines hand a
/// propagation to the wide update after `wide_after` band updates.
fn search_in(values: &[u8; 81], excluded: &[(usize, u8)], limit: u64, engine: Engine, wide_after: u32) -> Outcome {
    #[cfg(target_arch = "x86_64")]
    let v4_guess = has_v4_guess();
    #[cfg(not(target_arch = "x86_64"))]
    let v4_guess = false;
    search_scored(values, excluded, limit, engine, wide_after, v4_guess)
}

/// [`search_in`], with the AVX-512 engine scoring its guesses in vectors if `v4_guess` (and the CPU can,
/// [`has_v4_guess`]), else as the other engines do.
fn search_scored(
    values: &[u8; 81],
    excluded: &[(usize, u8)],
    limit: u64,
    engine: Engine,
    wide_after: u32,
    v4_guess: bool,
) -> Outcome {
    let mut ctx = Search {
        limit: limit.max(1),
        count: 0,
        dead: 0,
        guesses: 0,
        solution: None,
        wide_after,
        first_band: 0,
        pending: None,
        source: std::ptr::null(),
        #[cfg(target_arch = "x86_64")]
        v4_guess: v4_guess && has_v4_guess(),
        #[cfg(not(target_arch = "x86_64"))]
        v4_guess,
    };
    if let Some(mut state) = State::from_values(values) {
        for &(cell, digit) in excluded {
            if cell < 81 && (1..=9).contains(&digit) {
                state.bands[at(digit as usize - 1, cell / 27)] &= !(1 << (cell % 27));
            }
        }
        ctx.run(&mut state, engine);
    }
    Outcome {
        count: ctx.count,
        solution: ctx.solution,
        guesses: ctx.guesses,
    }
}

/// Counts the solutions of a grid's givens and placed digits (its candidates are not consulted).
pub fn search_grid(grid: &Grid, limit: u64) -> Outcome {
    search(grid.values(), limit)
}

/// Whether a filled board obeys the rules: every house holds 1..=9 once.
pub fn is_valid_solution(values: &[u8; 81]) -> bool {
    House::ALL.iter().all(|h| {
        let mut seen = 0u16;
        for c in h.cells() {
            let v = values[c.index()];
            if !(1..=9).contains(&v) {
                return false;
            }
            seen |= 1 << v;
        }
        seen == 0x3fe
    })
}

const BAND: u32 = (1 << 27) - 1;
const ROW: u32 = 0x1ff;

/// Spreads nine column bits to the three rows of a band.
#[inline(always)]
const fn spread(cols: u32) -> u32 {
    cols | cols << 9 | cols << 18
}

/// For the nine open segments of a band, those that take part in at least one permutation (one segment per row
/// and per box).
static PERMUTATION_SEGS: [u16; 512] = {
    const PERMS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut t = [0u16; 512];
    let mut m = 0usize;
    while m < 512 {
        let mut p = 0;
        while p < 6 {
            let perm = PERMS[p];
            let bits = 1 << perm[0] | 1 << (3 + perm[1]) | 1 << (6 + perm[2]);
            if m as u16 & bits == bits {
                t[m] |= bits;
            }
            p += 1;
        }
        m += 1;
    }
    t
};

/// The cells of the segments [`PERMUTATION_SEGS`] keeps; 0 when no permutation fits.
static PERMUTATION_CELLS: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        let segs = PERMUTATION_SEGS[m];
        let mut s = 0;
        while s < 9 {
            if segs >> s & 1 != 0 {
                t[m] |= 7 << ((s / 3) * 9 + (s % 3) * 3);
            }
            s += 1;
        }
        m += 1;
    }
    t
};

/// For the segments a band keeps and the boxes whose candidates lie in one column (bits 9..12), the rows reduced
/// to one cell: a row with one segment left, in a box with one column left.
static SINGLE_ROWS: [u8; 4096] = {
    let mut t = [0u8; 4096];
    let mut i = 0;
    while i < 4096 {
        let boxes = i >> 9;
        let mut r = 0;
        while r < 3 {
            let row = (i >> (3 * r)) & 7;
            if (row == 1 || row == 2 || row == 4) && boxes & row != 0 {
                t[i] |= 1 << r;
            }
            r += 1;
        }
        i += 1;
    }
    t
};

/// For the nine columns a digit may use in a band, the columns it is locked to: those that are the only column
/// left in their box (bits 0..9), and those boxes (bits 9..12).
static LOCKED_COLUMNS: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut x = 0;
    while x < 512 {
        let mut k = 0;
        while k < 3 {
            let tri = (x >> (3 * k)) & 7;
            if tri == 1 || tri == 2 || tri == 4 {
                t[x] |= (tri << (3 * k)) as u16 | 1 << (9 + k);
            }
            k += 1;
        }
        x += 1;
    }
    t
};

/// The band's cells that placing a digit at bit `i` rules out for that digit: its row, box and column in the band.
static PLACE_CLEARS: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut i = 0;
    while i < 27 {
        let r = i / 9;
        let c = i % 9;
        let row = ROW << (9 * r);
        let col = spread(1 << c);
        let bx = spread(7 << (c / 3 * 3));
        t[i] = (row | col | bx) & !(1 << i);
        i += 1;
    }
    t
};

#[derive(Clone, Copy)]
struct State {
    /// `bands[at(d, b)]`: where digit `d` may stand in band `b`. The nine digits of a band are adjacent, so clearing
    /// a solved cell from all of them is one contiguous sweep.
    bands: [u32; 32],
    /// The cells of each band not yet solved.
    unsolved: [u32; 3],
    /// Each band as the band update last left it: a band that differs has changed since, and is updated again.
    prev: [u32; 32],
}

impl State {
    fn from_values(values: &[u8; 81]) -> Option<State> {
        let mut s = State {
            bands: [BAND; 32],
            unsolved: [BAND; 3],
            prev: [BAND; 32],
        };
        // Only the givens are visited: a test of each cell would be mispredicted about once per given.
        let givens = given_cells(values);
        for b in 0..3 {
            let mut cells = (givens >> (27 * b)) as u32 & BAND;
            while cells != 0 {
                let bit = cells.trailing_zeros();
                cells &= cells - 1;
                let d = values[b * 27 + bit as usize] as usize - 1;
                if s.bands[at(d, b)] >> bit & 1 == 0 {
                    return None;
                }
                s.place(d, b, bit);
            }
        }
        Some(s)
    }

    /// Places digit `d` at bit `bit` of band `b`. The band update finishes the job (marks the cell solved, clears
    /// it from the other digits).
    #[inline(always)]
    fn place(&mut self, d: usize, b: usize, bit: u32) {
        let col = spread(1 << (bit % 9));
        self.bands[at(d, b)] &= !PLACE_CLEARS[bit as usize];
        let (o1, o2) = OTHER_BANDS[b];
        self.bands[at(d, o1)] &= !col;
        self.bands[at(d, o2)] &= !col;
    }

    /// Runs the band update to a fixed point: `None` on a contradiction, `Some(true)` at the fixed point, and, if
    /// `BUDGET`, `Some(false)` (a consistent state, short of the fixed point) once a sweep ends with more than
    /// `budget` updates made. Without `BUDGET` the updates are not counted: as shipped the budget is never reached,
    /// and the count and its test were 1.6 % of the search's instructions on forum_hardest_1905.
    ///
    /// Each sweep visits the 27 bands in a fixed order and updates those that changed since their last update. The
    /// sweep is unrolled, so every band's digit, band and neighbours are constants: no queue, no index arithmetic,
    /// no table of indices on the hot path.
    #[inline(always)]
    fn propagate<const V3: bool, const BUDGET: bool>(&mut self, budget: u32) -> Option<bool> {
        let mut updates = 0u32;
        loop {
            let mut changed = false;
            macro_rules! visit {
                ($($i:literal)*) => {$(
                    if self.bands[$i] != self.prev[$i] {
                        changed = true;
                        if BUDGET {
                            updates += 1;
                        }
                        if !self.update_band::<$i, V3>() {
                            return None;
                        }
                    }
                )*};
            }
            visit!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26);
            if !changed {
                return Some(true);
            }
            if BUDGET && updates > budget {
                return Some(false);
            }
        }
    }

    #[inline(always)]
    fn update_band<const I: usize, const V3: bool>(&mut self) -> bool {
        let b = I / 9;
        let (j1, j2) = (SAME_DIGIT[I][0] as usize & 31, SAME_DIGIT[I][1] as usize & 31);
        let mut a = self.bands[I];
        let segs = segments::<V3>(a) as usize & 0x1ff;
        a &= PERMUTATION_CELLS[segs];
        if a == 0 {
            return false;
        }
        // `bands[I]` is stored after the solved cells are cleared, not before: a store just before the clear's
        // vector loads of the same words could not be forwarded to them.
        self.prev[I] = a;
        let cols = (a | a >> 9 | a >> 18) & ROW;
        let lock = LOCKED_COLUMNS[cols as usize] as u32;
        let keep = !spread(lock & ROW);
        self.bands[j1] &= keep;
        self.bands[j2] &= keep;
        // Rows of the band where the digit is down to one cell: solved cells, new if still marked unsolved.
        let single = SINGLE_ROWS[(PERMUTATION_SEGS[segs] as u32 | (lock >> 9) << 9) as usize & 0xfff] as usize;
        let solved_cells = a & ROWS[single & 7] & self.unsolved[b];
        // Done whether or not a cell was solved: the test would be mispredicted on about two updates in five
        // (callgrind's branch simulation on royle17), and the clear is a few vector operations.
        self.unsolved[b] &= !solved_cells;
        clear_cells(&mut self.bands, b, solved_cells);
        self.bands[I] = a;
        true
    }

    /// A column where a digit can only be in one band: its box there loses the digit's other columns. `None` on a
    /// contradiction, else whether anything changed.
    ///
    /// Written as plain loops over the nine digits of each band, with no table lookups, so the compiler can run
    /// them on vectors; a box-column triple is handled with shifts (`x | x >> 1 | x >> 2` folds a triple onto its
    /// low bit).
    #[inline(always)]
    fn claim_columns(&mut self) -> Option<bool> {
        const LOW: u32 = 0o111; // the low column of each box
        let mut cols = [[0u32; 9]; 3];
        for (b, row) in cols.iter_mut().enumerate() {
            for (d, c) in row.iter_mut().enumerate() {
                *c = fold(self.bands[b * 9 + d]);
            }
        }
        let mut bad = 0u32;
        let mut changed = 0u32;
        // Indexed loops on purpose: written with iterators the compiler no longer vectorizes them (measured: 20%
        // slower on the 17-clue set).
        #[allow(clippy::needless_range_loop)]
        for b in 0..3 {
            let (o1, o2) = OTHER_BANDS[b];
            for d in 0..9 {
                let (mine, theirs) = (cols[b][d], cols[o1][d] | cols[o2][d]);
                bad |= (mine | theirs) ^ ROW;
                // Columns the digit can take in this band only: each must be the digit's column in its box here.
                let only = mine & !theirs;
                bad |= (only & only >> 1 | only & only >> 2 | only >> 1 & only >> 2) & LOW;
                let boxes = ((only | only >> 1 | only >> 2) & LOW) * 7;
                let clear = boxes & !only;
                changed |= mine & clear;
                self.bands[b * 9 + d] &= !spread(clear);
            }
        }
        if bad != 0 {
            None
        } else {
            Some(changed != 0)
        }
    }

    /// Places every naked single; `None` on a cell with no candidate, else whether any was placed.
    #[inline(always)]
    fn naked_singles<const V3: bool>(&mut self, pairs: &mut [u32; 3]) -> Option<bool> {
        let mut placed = false;
        // The x86-64-v3 engine counts all three bands at once, before any single is placed: a single placed in one
        // band can leave the next band's counts too high, which at worst leaves a single or an empty cell to the
        // next round (and the guess follows a round that placed nothing, so its pairs are exact).
        #[cfg(target_arch = "x86_64")]
        let wide_counts = if V3 {
            // SAFETY: `V3` is true only below `run_v3`, entered after `has_v3`.
            unsafe { wide::counts(self) }
        } else {
            [(0, 0, 0); 3]
        };
        for (b, pair) in pairs.iter_mut().enumerate() {
            let u = self.unsolved[b];
            *pair = 0;
            if u == 0 && !V3 {
                continue;
            }
            #[cfg(target_arch = "x86_64")]
            let (r1, r2, r3) = if V3 { wide_counts[b] } else { self.counts(b) };
            #[cfg(not(target_arch = "x86_64"))]
            let (r1, r2, r3) = self.counts(b);
            if u & !r1 != 0 {
                return None;
            }
            // The wide band update leaves a cell two digits both solved with both: a contradiction.
            if V3 && !u & r2 & BAND != 0 {
                return None;
            }
            *pair = u & r2 & !r3;
            let mut singles = u & !r2;
            while singles != 0 {
                let bit = singles.trailing_zeros();
                singles &= singles - 1;
                let mut d = 0;
                while d < 9 {
                    if self.bands[at(d, b)] >> bit & 1 != 0 {
                        break;
                    }
                    d += 1;
                }
                if d == 9 {
                    return None;
                }
                self.place(d, b, bit);
                placed = true;
            }
        }
        Some(placed)
    }

    /// Cells of band `b` with at least one, two and three candidates.
    #[inline(always)]
    fn counts(&self, b: usize) -> (u32, u32, u32) {
        let (mut r1, mut r2, mut r3) = (0u32, 0u32, 0u32);
        let mut d = 0;
        while d < 9 {
            let x = self.bands[at(d, b)];
            r3 |= r2 & x;
            r2 |= r1 & x;
            r1 |= x;
            d += 1;
        }
        (r1, r2, r3)
    }

    /// A cell to guess on: one with two candidates if any, else one with the fewest. As (band, bit).
    #[inline(always)]
    fn guess_cell<const V3: bool>(&self, pairs: &[u32; 3]) -> (usize, u32) {
        // Among the cells with two candidates, the one with the most unsolved peers and pair peers sharing a digit
        // with it: either answer there settles the most. The unsolved peers alone needed about a third fewer guesses
        // than taking the first pair found (forum_hardest_1905: 82 guesses a puzzle instead of 112; top1465: 10
        // instead of 16); the pair peers, which either answer turns into naked singles, take off about another
        // seventh (forum_hardest_1905's first 1,000: 85,869 guesses to 73,761; top1465: 15,184 to 12,146; royle17's
        // first 5,000: 3,365 to 2,848).
        let mut best_pair = (0usize, 0u32, 0u32);
        // For each band and digit, the cells with two candidates that hold the digit; and the same for the other two
        // bands, side by side in a 64-bit word (as the unsolved cells), so one count covers a column in both.
        let mut pair_digits = [[0u32; 9]; 3];
        for (b, row) in pair_digits.iter_mut().enumerate() {
            for (d, w) in row.iter_mut().enumerate() {
                *w = pairs[b] & self.bands[at(d, b)];
            }
        }
        let mut pair_digits_beside = [[0u64; 9]; 3];
        for (b, row) in pair_digits_beside.iter_mut().enumerate() {
            let (o1, o2) = OTHER_BANDS[b];
            for (d, w) in row.iter_mut().enumerate() {
                *w = pair_digits[o1][d] as u64 | (pair_digits[o2][d] as u64) << 32;
            }
        }
        for (b, &(o1, o2)) in OTHER_BANDS.iter().enumerate() {
            let u = self.unsolved[b];
            let u_beside = self.unsolved[o1] as u64 | (self.unsolved[o2] as u64) << 32;
            let mut cells = pairs[b];
            while cells != 0 {
                let bit = cells.trailing_zeros();
                cells &= cells - 1;
                let col = COLUMN_BESIDE[bit as usize & 31];
                let peers = PEERS_IN_BAND[bit as usize & 31];
                let digits = self.digits_at::<V3>(b, bit);
                let d1 = digits.trailing_zeros() as usize % 9;
                let d2 = (digits & (digits - 1)).trailing_zeros() as usize % 9;
                // The pair peers holding each digit (left naked singles should the cell take that digit; the cell
                // itself counts once in each) weigh as the product of their counts plus one: a cell where both
                // answers strike beats one where a single answer strikes as much. Against their sum:
                // forum_hardest_1905's first 1,000 74,835 guesses to 73,761, top1465 12,637 to 12,146, royle17's
                // first 5,000 2,956 to 2,848.
                let unsolved = (u & peers).count_ones() + (u_beside & col).count_ones();
                let s1 = (pair_digits[b][d1] & peers).count_ones() + (pair_digits_beside[b][d1] & col).count_ones();
                let s2 = (pair_digits[b][d2] & peers).count_ones() + (pair_digits_beside[b][d2] & col).count_ones();
                let score = 2 * unsolved + (s1 + 1) * (s2 + 1);
                if score > best_pair.2 {
                    best_pair = (b, bit, score);
                }
            }
        }
        if best_pair.2 != 0 {
            return (best_pair.0, best_pair.1);
        }
        let mut best = (0usize, 0u32, u32::MAX);
        for b in 0..3 {
            let mut cells = self.unsolved[b];
            while cells != 0 {
                let bit = cells.trailing_zeros();
                cells &= cells - 1;
                let n = self.candidate_count(b, bit);
                if n < best.2 {
                    best = (b, bit, n);
                }
            }
        }
        (best.0, best.1)
    }

    /// [`State::cell_digits`] on the engine `V3` names: one gather on the x86-64-v3 engine.
    #[inline(always)]
    fn digits_at<const V3: bool>(&self, b: usize, bit: u32) -> u32 {
        #[cfg(target_arch = "x86_64")]
        if V3 {
            // SAFETY: `V3` is true only below `Search::run_v3`, entered on a CPU with AVX2 (`has_v3`).
            return unsafe { wide::cell_digits(self, b, bit) };
        }
        self.cell_digits(b, bit)
    }

    /// The digits that may stand at bit `bit` of band `b` (bit `d` for digit `d`).
    #[inline(always)]
    fn cell_digits(&self, b: usize, bit: u32) -> u32 {
        let mut digits = 0u32;
        for d in 0..9 {
            digits |= (self.bands[at(d, b)] >> bit & 1) << d;
        }
        digits
    }

    fn candidate_count(&self, b: usize, bit: u32) -> u32 {
        (0..9).map(|d| self.bands[at(d, b)] >> bit & 1).sum()
    }

    fn is_solved(&self) -> bool {
        self.unsolved[0] | self.unsolved[1] | self.unsolved[2] == 0
    }

    /// The digits of a solved state, as 81 values.
    #[inline(always)]
    fn values<const V3: bool>(&self) -> [u8; 81] {
        #[cfg(target_arch = "x86_64")]
        if V3 {
            // The value's four bits as four planes over a band's cells (plane `k`: the digits `d` with bit `k` of
            // `d + 1` set), each eight cells of a plane deposited into eight bytes by one PDEP. A band's 27 cells
            // take 32 bytes, the last five zero and overwritten by the next band's.
            let mut out = [0u8; 96];
            for b in 0..3 {
                let w = |d: usize| self.bands[at(d, b)] as u64;
                let planes = [
                    w(0) | w(2) | w(4) | w(6) | w(8),
                    w(1) | w(2) | w(5) | w(6),
                    w(3) | w(4) | w(5) | w(6),
                    w(7) | w(8),
                ];
                for k in 0..4 {
                    let mut bytes = 0u64;
                    for (p, &plane) in planes.iter().enumerate() {
                        // SAFETY: `V3` is true only below `Search::run_v3`, entered on a CPU with BMI2.
                        bytes |= unsafe { std::arch::x86_64::_pdep_u64(plane >> (8 * k), 0x0101_0101_0101_0101) } << p;
                    }
                    let at = b * 27 + 8 * k;
                    out[at..at + 8].copy_from_slice(&bytes.to_le_bytes());
                }
            }
            let mut values = [0u8; 81];
            values.copy_from_slice(&out[..81]);
            return values;
        }
        let mut out = [0u8; 81];
        for d in 0..9 {
            for b in 0..3 {
                let mut x = self.bands[at(d, b)];
                while x != 0 {
                    let bit = x.trailing_zeros() as usize;
                    x &= x - 1;
                    out[b * 27 + bit] = d as u8 + 1;
                }
            }
        }
        out
    }
}

/// The cells holding a digit 1..=9 (bit `i` for cell `i`).
#[inline(always)]
fn given_cells(values: &[u8; 81]) -> u128 {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::*;
        let mut m = ((1..=9).contains(&values[80]) as u128) << 80;
        // SAFETY: SSE2 is part of x86_64; the five loads read bytes 0..80 of the 81.
        unsafe {
            let zero = _mm_setzero_si128();
            let nine = _mm_set1_epi8(9);
            for k in 0..5 {
                let v = _mm_loadu_si128(values.as_ptr().add(16 * k) as *const __m128i);
                // Bytes at most 9 (saturating v - 9 is 0), and not 0.
                let small = _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_subs_epu8(v, nine), zero)) as u32;
                let empty = _mm_movemask_epi8(_mm_cmpeq_epi8(v, zero)) as u32;
                m |= ((small & !empty) as u128) << (16 * k);
            }
        }
        m
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let mut m = 0u128;
        for (i, &v) in values.iter().enumerate() {
            m |= ((1..=9).contains(&v) as u128) << i;
        }
        m
    }
}

/// The nine row-box segments of a band (bit `3 * row + box`) that still hold a candidate.
#[inline(always)]
fn segments<const V3: bool>(a: u32) -> u32 {
    // Each segment's three bits folded onto its lowest (bits 0, 3, .. 24).
    let low = (a | a >> 1 | a >> 2) & 0o111_111_111;
    #[cfg(target_arch = "x86_64")]
    if V3 {
        // SAFETY: `V3` is true only in `Search::run_v3`, entered on a CPU with BMI2.
        return unsafe { std::arch::x86_64::_pext_u32(low, 0o111_111_111) };
    }
    // Gathered without tables by two multiplications: times 1 + 4 + 16 moves bit 3k to 3k, 3k + 2 and 3k + 4 (no
    // two products share a position, so nothing carries), and the copies at 9r + 4 + i are segments 3r + i; times
    // 1 + 2^6 + 2^12 then lines the three rows up, again without overlaps.
    let rows = (low * 21) >> 4 & 0x1c_0e07;
    // The top row's third copy reaches past bit 31; the bits kept (12 to 20) are below it.
    rows.wrapping_mul(0x1041) >> 12 & 0x1ff
}

/// The cells of each subset of a band's three rows.
const ROWS: [u32; 8] = {
    let mut t = [0u32; 8];
    let mut m = 0;
    while m < 8 {
        let mut r = 0;
        while r < 3 {
            if m >> r & 1 != 0 {
                t[m] |= ROW << (9 * r);
            }
            r += 1;
        }
        m += 1;
    }
    t
};

/// Where digit `d` of band `b` is kept in `State::bands`.
#[inline(always)]
const fn at(d: usize, b: usize) -> usize {
    // The mask proves the index in bounds of the 32-word array, so the hot paths carry no bounds checks.
    (b * 9 + d) & 31
}

/// Clears `cells` from the nine digits of band `b` (a plain loop the compiler turns into vector operations).
#[inline(always)]
fn clear_cells(bands: &mut [u32; 32], b: usize, cells: u32) {
    let base = (b * 9).min(18);
    for x in &mut bands[base..base + 9] {
        *x &= !cells;
    }
}

/// For each index of `State::bands`, the indices of the same digit in the other two bands.
static SAME_DIGIT: [[u8; 2]; 32] = {
    let mut t = [[0u8; 2]; 32];
    let mut i = 0;
    while i < 27 {
        let (d, b) = (i % 9, i / 9);
        let (o1, o2) = OTHER_BANDS[b];
        t[i] = [at(d, o1) as u8, at(d, o2) as u8];
        i += 1;
    }
    t
};

/// For each cell of a band, its column in the other two bands: the first's in the low 32 bits, the second's in the
/// high 32 (as the words [`State::guess_cell`] counts in).
static COLUMN_BESIDE: [u64; 32] = {
    let mut t = [0u64; 32];
    let mut i = 0;
    while i < 27 {
        let col = spread(1 << (i % 9)) as u64;
        t[i] = col | col << 32;
        i += 1;
    }
    t
};

/// For each cell of a band, the cells of the band in its row, column or box (itself included).
static PEERS_IN_BAND: [u32; 32] = {
    let mut t = [0u32; 32];
    let mut i = 0;
    while i < 27 {
        let c = i % 9;
        t[i] = ROW << (i / 9 * 9) | spread(1 << c) | spread(7 << (c / 3 * 3));
        i += 1;
    }
    t
};

const OTHER_BANDS: [(usize, usize); 3] = [(1, 2), (0, 2), (0, 1)];

#[inline(always)]
fn fold(a: u32) -> u32 {
    (a | a >> 9 | a >> 18) & ROW
}

/// The band update of the x86-64-v3 engine: every band updated at once, eight bands to a 256-bit register.
///
/// The portable sweep tests each band for a change before updating it, and on the 17-clue set those tests were the
/// bulk of the branch mispredictions (more than four in five, callgrind's branch simulation). Here a sweep updates
/// all 27 bands without a test, as straight-line vector code, and one test a sweep ends the loop. Digits 1 to 8 of
/// each band fill one register, so a column lock passes to the other bands lane for lane; digit 9 of the three bands
/// shares a fourth. The tables of the portable update become bit arithmetic on the "low form" of a band (bit
/// `9 * row + 3 * box` set while the row-box segment holds a candidate), where rotating rows and boxes finds the
/// segments that lie on a permutation. The registers are written back once, at the fixed point. It pays on long
/// cascades, which is what the givens' propagation is ([`WIDE_AFTER`](super::WIDE_AFTER)).
#[cfg(target_arch = "x86_64")]
mod wide {
    use super::{State, BAND};
    use std::arch::x86_64::*;

    /// The band words in registers: digits 1 to 8 of bands 0, 1 and 2 in one each, digit 9 of the three bands in the
    /// first lanes of a fourth, whose other lanes hold every cell (so they strike nothing).
    ///
    /// # Safety
    ///
    /// The CPU must have AVX2.
    #[inline]
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    unsafe fn load(s: &State) -> [__m256i; 4] {
        // SAFETY: AVX2 is enabled; the loads stay inside the 32 words of `s.bands` (the last covers words 18..26).
        unsafe {
            let p = s.bands.as_ptr();
            let band = BAND as i32;
            [
                _mm256_loadu_si256(p as *const __m256i),
                _mm256_loadu_si256(p.add(9) as *const __m256i),
                _mm256_loadu_si256(p.add(18) as *const __m256i),
                _mm256_setr_epi32(
                    s.bands[8] as i32,
                    s.bands[17] as i32,
                    s.bands[26] as i32,
                    band,
                    band,
                    band,
                    band,
                    band,
                ),
            ]
        }
    }

    /// Runs the band update to a fixed point; `false` on a contradiction. Two digits that both solved one cell are
    /// not caught here: the cell keeps both, which [`State::naked_singles`] checks.
    ///
    /// # Safety
    ///
    /// The CPU must have AVX2.
    #[inline]
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    pub(super) unsafe fn propagate(s: &mut State) -> bool {
        // SAFETY: AVX2 is enabled; the loads and stores stay inside the 32 words of `s.bands` (the last, at 18,
        // covers words 18..26).
        unsafe {
            macro_rules! v {
                ($x:expr) => {
                    _mm256_set1_epi32($x as i32)
                };
            }
            macro_rules! srl {
                ($x:expr, $n:literal) => {
                    _mm256_srli_epi32::<$n>($x)
                };
            }
            macro_rules! sll {
                ($x:expr, $n:literal) => {
                    _mm256_slli_epi32::<$n>($x)
                };
            }
            macro_rules! or {
                ($a:expr, $b:expr) => {
                    _mm256_or_si256($a, $b)
                };
            }
            macro_rules! and {
                ($a:expr, $b:expr) => {
                    _mm256_and_si256($a, $b)
                };
            }
            // `$a & !$b`
            macro_rules! andn {
                ($a:expr, $b:expr) => {
                    _mm256_andnot_si256($b, $a)
                };
            }
            // Each low-form bit copied to the two cells above it: a segment's three cells.
            macro_rules! spread3 {
                ($x:expr) => {{
                    let x = $x;
                    or!(x, or!(sll!(x, 1), sll!(x, 2)))
                }};
            }
            let low_bits = v!(0o111_111_111);
            let box_low = v!(0o111);
            let row_low = v!(0o001_001_001);
            // Box rotations in the low form: box k takes box k + 1 (`k1`) or box k + 2 (`k2`), in every row.
            macro_rules! k1 {
                ($x:expr) => {{
                    let x = $x;
                    or!(
                        and!(srl!(x, 3), v!(0o011_011_011)),
                        and!(sll!(x, 6), v!(0o100_100_100))
                    )
                }};
            }
            macro_rules! k2 {
                ($x:expr) => {{
                    let x = $x;
                    or!(
                        and!(srl!(x, 6), v!(0o001_001_001)),
                        and!(sll!(x, 3), v!(0o110_110_110))
                    )
                }};
            }
            let zero = _mm256_setzero_si256();
            let mut bad = zero;
            // One band update on every lane: the band with its segments off every permutation removed, the columns
            // locked (spread over the three rows: the cells the digit's other bands lose), and the solved cells.
            macro_rules! update {
                ($a:expr) => {{
                    let a = $a;
                    let m = and!(or!(a, or!(srl!(a, 1), srl!(a, 2))), low_bits);
                    // Row r + 1 and row r + 2 (mod 3) brought to row r; bits past 27 are cut by the box masks.
                    let r1 = or!(srl!(m, 9), sll!(m, 18));
                    let r2 = or!(srl!(m, 18), sll!(m, 9));
                    // A segment lies on a permutation when the two other rows can take the two other boxes.
                    let kept = and!(m, or!(and!(k1!(r1), k2!(r2)), and!(k2!(r1), k1!(r2))));
                    let a = and!(a, spread3!(kept));
                    bad = or!(bad, _mm256_cmpeq_epi32(a, zero));
                    let cols = and!(or!(a, or!(srl!(a, 9), srl!(a, 18))), v!(0x1ff));
                    // Boxes with two or more columns, at the box's low bit.
                    let c1 = srl!(cols, 1);
                    let c2 = srl!(cols, 2);
                    let multi = and!(or!(and!(cols, or!(c1, c2)), and!(c1, c2)), box_low);
                    let lock = andn!(cols, spread3!(multi));
                    let lock = or!(lock, or!(sll!(lock, 9), sll!(lock, 18)));
                    // Rows with two or more segments left, at the row's low bit.
                    let s1 = srl!(kept, 3);
                    let s2 = srl!(kept, 6);
                    let multi_rows = and!(or!(and!(kept, or!(s1, s2)), and!(s1, s2)), row_low);
                    let multi_rows = or!(multi_rows, or!(sll!(multi_rows, 3), sll!(multi_rows, 6)));
                    let multi_boxes = or!(multi, or!(sll!(multi, 9), sll!(multi, 18)));
                    // A row with one segment, in a box with one column: one cell, the digit's.
                    let solved = and!(a, spread3!(andn!(kept, or!(multi_rows, multi_boxes))));
                    (a, lock, solved)
                }};
            }
            // The union over the eight lanes, in every lane.
            macro_rules! across {
                ($x:expr) => {{
                    let x = $x;
                    let x = or!(x, _mm256_shuffle_epi32::<0xb1>(x));
                    let x = or!(x, _mm256_shuffle_epi32::<0x4e>(x));
                    or!(x, _mm256_permute2x128_si256::<1>(x, x))
                }};
            }
            let [mut b0, mut b1, mut b2, mut x] = load(s);
            let lane = [
                _mm256_setr_epi32(-1, 0, 0, 0, 0, 0, 0, 0),
                _mm256_setr_epi32(0, -1, 0, 0, 0, 0, 0, 0),
                _mm256_setr_epi32(0, 0, -1, 0, 0, 0, 0, 0),
            ];
            let rot1 = _mm256_setr_epi32(1, 2, 0, 3, 4, 5, 6, 7);
            let rot2 = _mm256_setr_epi32(2, 0, 1, 3, 4, 5, 6, 7);
            let mut solved_all = [zero; 3];
            let mut solved_x = zero;
            loop {
                // Each register's update is a no-op on the sweep's result (so the sweep ends at the fixed point) when
                // it struck nothing in its own register (`unsettled`: its own lanes' solved cells or locks) and
                // nothing after it in the sweep changed the register (`out_*`, compared at the end). This saves
                // the sweep that would find no change, which the portable sweep gets from its change tests.
                let mut unsettled = zero;
                // Band by band, each seeing what the ones before it struck in this sweep.
                macro_rules! band {
                    ($b:ident, $p:ident, $q:ident, $k:literal) => {{
                        let (a, lock, solved) = update!($b);
                        $p = andn!($p, lock);
                        $q = andn!($q, lock);
                        let all = across!(solved);
                        $b = andn!(a, andn!(all, solved));
                        unsettled = or!(unsettled, _mm256_xor_si256(a, $b));
                        x = andn!(x, and!(all, lane[$k]));
                        solved_all[$k] = or!(solved_all[$k], all);
                        $b
                    }};
                }
                let out0 = band!(b0, b1, b2, 0);
                let out1 = band!(b1, b0, b2, 1);
                let out2 = band!(b2, b0, b1, 2);
                let (a, lock, solved) = update!(x);
                x = andn!(
                    a,
                    or!(
                        _mm256_permutevar8x32_epi32(lock, rot1),
                        _mm256_permutevar8x32_epi32(lock, rot2)
                    )
                );
                unsettled = or!(unsettled, _mm256_xor_si256(a, x));
                b0 = andn!(b0, _mm256_permutevar8x32_epi32(solved, zero));
                b1 = andn!(b1, _mm256_permutevar8x32_epi32(solved, v!(1)));
                b2 = andn!(b2, _mm256_permutevar8x32_epi32(solved, v!(2)));
                solved_x = or!(solved_x, solved);
                let changed = or!(
                    unsettled,
                    or!(
                        _mm256_xor_si256(b0, out0),
                        or!(_mm256_xor_si256(b1, out1), _mm256_xor_si256(b2, out2))
                    )
                );
                if _mm256_testz_si256(changed, changed) != 0 || _mm256_testz_si256(bad, bad) == 0 {
                    break;
                }
            }
            if _mm256_testz_si256(bad, bad) == 0 {
                return false;
            }
            let mut xs = [0u32; 8];
            _mm256_storeu_si256(xs.as_mut_ptr() as *mut __m256i, x);
            let mut sx = [0u32; 8];
            _mm256_storeu_si256(sx.as_mut_ptr() as *mut __m256i, solved_x);
            // The fixed point is also where the portable sweep's change tests start from, should it take over.
            for words in [s.bands.as_mut_ptr(), s.prev.as_mut_ptr()] {
                _mm256_storeu_si256(words as *mut __m256i, b0);
                _mm256_storeu_si256(words.add(9) as *mut __m256i, b1);
                _mm256_storeu_si256(words.add(18) as *mut __m256i, b2);
                for (b, &w) in xs[..3].iter().enumerate() {
                    *words.add(b * 9 + 8) = w;
                }
            }
            for b in 0..3 {
                s.unsolved[b] &= !(_mm256_cvtsi256_si32(solved_all[b]) as u32 | sx[b]);
            }
            true
        }
    }

    /// [`State::claim_columns`] on 256-bit vectors, with the same layout as [`propagate`]: digits 1 to 8 of each band
    /// in one register, digit 9 of the three bands in a fourth. The portable version, left to the compiler, ran as
    /// scalar code: about a ninth of the search's instructions on the hardest collection, for a rule that finds
    /// something on about one call in eight.
    ///
    /// # Safety
    ///
    /// The CPU must have AVX2.
    #[inline]
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    pub(super) unsafe fn claim_columns(s: &mut State) -> Option<bool> {
        // SAFETY: AVX2 is enabled; the loads and stores stay inside the 32 words of `s.bands`.
        unsafe {
            // Lanes 3 to 7 of `x` hold every cell: all columns open everywhere, so they claim nothing and are never
            // bad.
            let [b0, b1, b2, x] = load(s);
            let p = s.bands.as_mut_ptr();
            let row = _mm256_set1_epi32(0x1ff);
            let low = _mm256_set1_epi32(0o111);
            let fold = |v: __m256i| {
                _mm256_and_si256(
                    _mm256_or_si256(
                        v,
                        _mm256_or_si256(_mm256_srli_epi32::<9>(v), _mm256_srli_epi32::<18>(v)),
                    ),
                    row,
                )
            };
            let (f0, f1, f2, fx) = (fold(b0), fold(b1), fold(b2), fold(x));
            let rot1 = _mm256_setr_epi32(1, 2, 0, 3, 4, 5, 6, 7);
            let rot2 = _mm256_setr_epi32(2, 0, 1, 3, 4, 5, 6, 7);
            let fx_others = _mm256_or_si256(
                _mm256_permutevar8x32_epi32(fx, rot1),
                _mm256_permutevar8x32_epi32(fx, rot2),
            );
            let mut bad = _mm256_setzero_si256();
            let mut changed = _mm256_setzero_si256();
            let mut claim = |v: __m256i, mine: __m256i, theirs: __m256i| {
                bad = _mm256_or_si256(bad, _mm256_xor_si256(_mm256_or_si256(mine, theirs), row));
                let only = _mm256_andnot_si256(theirs, mine);
                let o1 = _mm256_srli_epi32::<1>(only);
                let o2 = _mm256_srli_epi32::<2>(only);
                let two = _mm256_or_si256(
                    _mm256_and_si256(only, _mm256_or_si256(o1, o2)),
                    _mm256_and_si256(o1, o2),
                );
                bad = _mm256_or_si256(bad, _mm256_and_si256(two, low));
                let boxes = _mm256_and_si256(_mm256_or_si256(only, _mm256_or_si256(o1, o2)), low);
                let boxes = _mm256_or_si256(
                    boxes,
                    _mm256_or_si256(_mm256_slli_epi32::<1>(boxes), _mm256_slli_epi32::<2>(boxes)),
                );
                let clear = _mm256_andnot_si256(only, boxes);
                changed = _mm256_or_si256(changed, _mm256_and_si256(mine, clear));
                let clear = _mm256_or_si256(
                    clear,
                    _mm256_or_si256(_mm256_slli_epi32::<9>(clear), _mm256_slli_epi32::<18>(clear)),
                );
                _mm256_andnot_si256(clear, v)
            };
            let n0 = claim(b0, f0, _mm256_or_si256(f1, f2));
            let n1 = claim(b1, f1, _mm256_or_si256(f0, f2));
            let n2 = claim(b2, f2, _mm256_or_si256(f0, f1));
            let nx = claim(x, fx, fx_others);
            if _mm256_testz_si256(bad, bad) == 0 {
                return None;
            }
            if _mm256_testz_si256(changed, changed) != 0 {
                return Some(false);
            }
            _mm256_storeu_si256(p as *mut __m256i, n0);
            _mm256_storeu_si256(p.add(9) as *mut __m256i, n1);
            _mm256_storeu_si256(p.add(18) as *mut __m256i, n2);
            let mut xs = [0u32; 8];
            _mm256_storeu_si256(xs.as_mut_ptr() as *mut __m256i, nx);
            for (b, &w) in xs[..3].iter().enumerate() {
                *p.add(b * 9 + 8) = w;
            }
            Some(true)
        }
    }

    /// [`State::cell_digits`]: the cell's bit of digits 1 to 8 shifted to the top of each lane and gathered by
    /// MOVMSKPS, digit 9's added.
    ///
    /// # Safety
    ///
    /// The CPU must have AVX2.
    #[inline]
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    pub(super) unsafe fn cell_digits(s: &State, b: usize, bit: u32) -> u32 {
        let b = b.min(2);
        // SAFETY: AVX2 is enabled; the load covers words `9 * b` to `9 * b + 7`, inside the 32 of `s.bands`.
        unsafe {
            let v = _mm256_loadu_si256(s.bands.as_ptr().add(b * 9) as *const __m256i);
            let top = _mm256_sllv_epi32(v, _mm256_set1_epi32(31 - (bit & 31) as i32));
            let low = _mm256_movemask_ps(_mm256_castsi256_ps(top)) as u32;
            low | (s.bands[b * 9 + 8] >> (bit & 31) & 1) << 8
        }
    }

    /// [`State::counts`] of the three bands: the cells with at least one, two and three candidates, summed across
    /// the lanes of each band's register (pairs of lanes, then halves, then the two 128-bit lanes) and digit 9's.
    ///
    /// # Safety
    ///
    /// The CPU must have AVX2.
    #[inline]
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    pub(super) unsafe fn counts(s: &State) -> [(u32, u32, u32); 3] {
        // SAFETY: AVX2 is enabled; the loads stay inside the 32 words of `s.bands`.
        unsafe {
            let p = s.bands.as_ptr();
            let sum = |v: __m256i| {
                let y = _mm256_shuffle_epi32::<0xb1>(v);
                let (a1, a2) = (_mm256_or_si256(v, y), _mm256_and_si256(v, y));
                let (b1, b2) = (_mm256_shuffle_epi32::<0x4e>(a1), _mm256_shuffle_epi32::<0x4e>(a2));
                let c1 = _mm256_or_si256(a1, b1);
                let c2 = _mm256_or_si256(_mm256_or_si256(a2, b2), _mm256_and_si256(a1, b1));
                let c3 = _mm256_or_si256(_mm256_and_si256(a2, b1), _mm256_and_si256(a1, b2));
                let (d1, d2, d3) = (
                    _mm256_permute2x128_si256::<1>(c1, c1),
                    _mm256_permute2x128_si256::<1>(c2, c2),
                    _mm256_permute2x128_si256::<1>(c3, c3),
                );
                let e1 = _mm256_or_si256(c1, d1);
                let e2 = _mm256_or_si256(_mm256_or_si256(c2, d2), _mm256_and_si256(c1, d1));
                let e3 = _mm256_or_si256(
                    _mm256_or_si256(c3, d3),
                    _mm256_or_si256(_mm256_and_si256(c2, d1), _mm256_and_si256(c1, d2)),
                );
                (
                    _mm256_cvtsi256_si32(e1) as u32,
                    _mm256_cvtsi256_si32(e2) as u32,
                    _mm256_cvtsi256_si32(e3) as u32,
                )
            };
            let mut out = [(0, 0, 0); 3];
            for (b, o) in out.iter_mut().enumerate() {
                let (r1, r2, r3) = sum(_mm256_loadu_si256(p.add(b * 9) as *const __m256i));
                let x = s.bands[b * 9 + 8];
                *o = (r1 | x, r2 | r1 & x, r3 | r2 & x);
            }
            out
        }
    }
}

/// Whether the CPU has the x86-64-v3 features `Search::run_v3` is compiled for (detected once, then cached by std).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn has_v3() -> bool {
    is_x86_feature_detected!("avx2")
        && is_x86_feature_detected!("bmi1")
        && is_x86_feature_detected!("bmi2")
        && is_x86_feature_detected!("popcnt")
        && is_x86_feature_detected!("lzcnt")
}

/// Whether the CPU has the AVX-512 features `Search::run_v4` is compiled for, besides those of [`has_v3`].
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn has_v4() -> bool {
    has_v3()
        && is_x86_feature_detected!("avx512f")
        && is_x86_feature_detected!("avx512bw")
        && is_x86_feature_detected!("avx512vl")
        && is_x86_feature_detected!("avx512dq")
        && is_x86_feature_detected!("avx512cd")
}

/// Whether the CPU has AVX-512 VPOPCNTDQ and VBMI2, with which the AVX-512 engine scores its guess in vectors
/// ([`avx512::guess_pair`]), besides [`has_v4`]'s features; without them that engine scores it as the others do.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn has_v4_guess() -> bool {
    is_x86_feature_detected!("avx512vpopcntdq") && is_x86_feature_detected!("avx512vbmi2")
}

/// How many band updates a propagation of the search (after the givens') makes with the portable sweep before the
/// x86-64-v3 engine hands it to the wide update: never, as measured. The givens' propagation is a long cascade,
/// where the wide update's straight-line sweeps avoid the sweep tests' mispredictions; after a guess or a single
/// most propagations touch a few bands, where testing each band is cheaper than updating all 27. Best runs,
/// alternating (royle17, top1465, forum_hardest first 4,000), wide for the givens and then after 20 updates: 641k/s,
/// 126k/s, 20.4k/s; after 40: 643k/s, 128k/s, 20.6k/s; never: 644k/s, 128k/s, 20.6k/s (the portable sweep alone,
/// before: 417k/s, 121k/s, 20.3k/s). The tests set it to 0 to run the wide update on nearly every propagation.
const WIDE_AFTER: u32 = u32::MAX;

struct Search {
    limit: u64,
    count: u64,
    /// Branches that ended in a contradiction.
    dead: u64,
    guesses: u64,
    solution: Option<[u8; 81]>,
    /// [`WIDE_AFTER`], or less to test the wide update on more of the search.
    wide_after: u32,
    /// The band of the last guess, where the AVX-512 engine's sweeps start.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    first_band: usize,
    /// On the AVX-512 engine, the guess (digit, band, bit) the next branch places first, in registers.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    pending: Option<(usize, usize, u32)>,
    /// On the AVX-512 engine, the state of the branch that guessed, which the next branch reads its start from
    /// (null: from its own state).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    source: *const State,
    /// Whether the AVX-512 engine scores its guess in vectors (`avx512::guess_pair`, [`has_v4_guess`]).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    v4_guess: bool,
}

impl Search {
    /// Solves from `state` on `engine`, or on the best engine below it the CPU has ([`has_v4`], [`has_v3`]).
    fn run(&mut self, state: &mut State, engine: Engine) -> bool {
        #[cfg(target_arch = "x86_64")]
        if engine == Engine::V4 && has_v4() {
            // SAFETY: the CPU has every feature `run_v4` is compiled for. The givens' propagation needs no wide
            // update first: with every band unlike its last update, the first sweep updates them all.
            return unsafe { self.run_v4(state) };
        }
        #[cfg(target_arch = "x86_64")]
        if engine != Engine::Portable && has_v3() {
            // SAFETY: the CPU has every feature `run_v3` is compiled for.
            return unsafe { self.run_v3_givens(state) };
        }
        let _ = engine;
        self.run_portable(state)
    }

    fn run_portable(&mut self, state: &mut State) -> bool {
        self.run_with::<false, false>(state)
    }

    /// The same search compiled for AVX2, BMI1/2, POPCNT and LZCNT (x86-64-v3): `count_ones` becomes one
    /// instruction, `x & (x - 1)` and `a & !b` one each, shifts take no extra moves, and the sweeps over nine digits
    /// use 256-bit vectors. About a sixth fewer instructions on the hard collections.
    ///
    /// # Safety
    ///
    /// The CPU must have those features ([`has_v3`]).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    unsafe fn run_v3(&mut self, state: &mut State) -> bool {
        self.run_with::<true, false>(state)
    }

    /// [`Search::run_v3`] after the wide band update on the givens: their propagation is a cascade on every puzzle
    /// worth searching, so it skips the portable sweep's first pass.
    ///
    /// # Safety
    ///
    /// The CPU must have the x86-64-v3 features ([`has_v3`]).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    unsafe fn run_v3_givens(&mut self, state: &mut State) -> bool {
        // SAFETY: the caller vouches for the CPU.
        unsafe { wide::propagate(state) && self.run_v3(state) }
    }

    /// The same search compiled for x86-64-v3 with AVX-512 as well ([`has_v4`]), each branch settled in registers
    /// by [`avx512::settle`].
    ///
    /// # Safety
    ///
    /// The CPU must have those features ([`has_v4`]).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt,avx512f,avx512bw,avx512vl,avx512dq,avx512cd")]
    unsafe fn run_v4(&mut self, state: &mut State) -> bool {
        self.run_with::<true, true>(state)
    }

    /// A branch of the search, in the engine `V3` and `V4` name.
    #[inline(always)]
    fn branch<const V3: bool, const V4: bool>(&mut self, state: &mut State) -> bool {
        #[cfg(target_arch = "x86_64")]
        if V4 {
            // SAFETY: `V4` is true only below `run_v4`, entered after `has_v4`.
            return unsafe { self.run_v4(state) };
        }
        #[cfg(target_arch = "x86_64")]
        if V3 {
            // SAFETY: `V3` is true only below `run_v3`, entered after `has_v3`.
            return unsafe { self.run_v3(state) };
        }
        self.run_portable(state)
    }

    /// Solves from `state`, counting solutions; returns `true` when the limit is reached. Inlined into each engine,
    /// so that it is compiled once for each instruction set.
    #[inline(always)]
    fn run_with<const V3: bool, const V4: bool>(&mut self, state: &mut State) -> bool {
        // The cells with two candidates, as the last search for naked singles found them: the guess is taken only
        // after a round that changed nothing, so they are current then.
        let mut pairs = [0u32; 3];
        // Counting past two where solutions outnumber dead ends so far (a puzzle with many), the guess goes to the
        // first cell with two candidates: nearly every branch leads to solutions, so the careful choice no longer
        // saves branches and costs its scoring at each. royle17's first 1,000 with a clue taken out, counted to
        // 1,000: 4,234-4,321 puzzles/s -> 4,649-5,017; serg_benchmark 19,346-19,396 -> 20,121-20,348; proper
        // puzzles, where dead ends outnumber the one solution, keep the careful choice.
        let cheap = self.limit > 2 && self.count > self.dead;
        // The cell to guess on as `32 * band + bit`, when the AVX-512 engine scored the cells in registers.
        #[cfg_attr(not(target_arch = "x86_64"), allow(unused_mut))]
        let mut guess = u32::MAX;
        #[cfg(target_arch = "x86_64")]
        let settled = V4 && {
            let source = std::mem::replace(&mut self.source, std::ptr::null());
            let placement = self.pending.take();
            let scored = if self.v4_guess && !cheap {
                Some(&mut guess)
            } else {
                None
            };
            // SAFETY: `V4` is true only below `run_v4`, entered after `has_v4`; `source`, when set, is the state of
            // the branch that guessed, which waits in `branch` (untouched) for the whole of this call; `scored` is
            // given only where `has_v4_guess` found VPOPCNTDQ and VBMI2.
            if !unsafe { avx512::settle(state, source, placement, &mut pairs, self.first_band, scored) } {
                self.dead += 1;
                return false;
            }
            true
        };
        #[cfg(not(target_arch = "x86_64"))]
        let settled = false;
        if !settled {
            loop {
                let swept = if V3 && self.wide_after != u32::MAX {
                    state.propagate::<V3, true>(self.wide_after)
                } else {
                    state.propagate::<V3, false>(u32::MAX)
                };
                match swept {
                    None => {
                        self.dead += 1;
                        return false;
                    }
                    Some(true) => {}
                    Some(false) => {
                        #[cfg(target_arch = "x86_64")]
                        // SAFETY: `V3` is true only below `run_v3`, entered after `has_v3`.
                        if !unsafe { wide::propagate(state) } {
                            self.dead += 1;
                            return false;
                        }
                    }
                }
                match state.naked_singles::<V3>(&mut pairs) {
                    None => {
                        self.dead += 1;
                        return false;
                    }
                    Some(true) => continue,
                    Some(false) => {}
                }
                #[cfg(target_arch = "x86_64")]
                let claimed = if V3 {
                    // SAFETY: `V3` is true only below `run_v3`, entered after `has_v3`.
                    unsafe { wide::claim_columns(state) }
                } else {
                    state.claim_columns()
                };
                #[cfg(not(target_arch = "x86_64"))]
                let claimed = state.claim_columns();
                match claimed {
                    None => {
                        self.dead += 1;
                        return false;
                    }
                    Some(true) => continue,
                    Some(false) => break,
                }
            }
        }
        if state.is_solved() {
            if self.solution.is_none() {
                self.solution = Some(state.values::<V3>());
            }
            self.count += 1;
            return self.count >= self.limit;
        }
        let (b, bit) = if cheap {
            match (0..3).find(|&b| pairs[b] != 0) {
                Some(b) => (b, pairs[b].trailing_zeros()),
                None => state.guess_cell::<V3>(&pairs),
            }
        } else if guess != u32::MAX {
            ((guess >> 5) as usize, guess & 31)
        } else {
            state.guess_cell::<V3>(&pairs)
        };
        let mut digits = state.digits_at::<V3>(b, bit);
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            if digits == 0 {
                // The last candidate: no copy needed.
                if V4 {
                    self.pending = Some((d, b, bit));
                } else {
                    state.place(d, b, bit);
                }
                self.first_band = b;
                return self.branch::<V3, V4>(state);
            }
            let mut next = if V4 {
                // Filled by the branch itself, which reads its start from `state`.
                self.pending = Some((d, b, bit));
                self.source = &*state;
                State {
                    bands: [0; 32],
                    unsolved: [0; 3],
                    prev: [0; 32],
                }
            } else {
                // Field by field: copied whole, the 268 bytes went through a call to `memcpy`.
                let mut next = State {
                    bands: state.bands,
                    unsolved: state.unsolved,
                    prev: state.prev,
                };
                next.place(d, b, bit);
                next
            };
            self.guesses += 1;
            self.first_band = b;
            if self.branch::<V3, V4>(&mut next) {
                return true;
            }
            // That digit failed or is exhausted: rule it out here.
            state.bands[at(d, b)] &= !(1 << bit);
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::parse_line;

    fn values(s: &str) -> [u8; 81] {
        parse_line(s).expect("test puzzle parses")
    }

    #[test]
    fn solves_a_17_clue_puzzle_and_proves_it_unique() {
        let p = values("000000010400000000020000000000050407008000300001090000300400200050100000000806000");
        let out = search(&p, 2);
        assert_eq!(out.count, 1);
        let s = out.solution.expect("solved");
        assert_eq!(
            crate::format::to_line(&s),
            "693784512487512936125963874932651487568247391741398625319475268856129743274836159"
        );
        assert!(is_valid_solution(&s));
    }

    #[test]
    fn counts_the_empty_grid_as_many() {
        assert_eq!(count_solutions(&[0; 81], 2), 2);
        assert_eq!(count_solutions(&[0; 81], 1000), 1000);
        let s = solve(&[0; 81]).expect("the empty grid has solutions");
        assert!(is_valid_solution(&s));
    }

    #[test]
    fn a_full_valid_grid_is_its_own_single_solution() {
        let s = values("974236158638591742125487936316754289742918563589362417867125394253649871491873625");
        assert_eq!(
            search(&s, 2),
            Outcome {
                count: 1,
                solution: Some(s),
                guesses: 0
            }
        );
    }

    #[test]
    fn duplicate_givens_have_no_solution() {
        let mut p = [0u8; 81];
        p[0] = 3;
        p[80] = 3;
        assert_eq!(count_solutions(&p, 2), 2);
        p[8] = 3; // a second 3 in row 1
        assert_eq!(count_solutions(&p, 2), 0);
    }

    /// The three engines against each other: the portable engine, which the collection tests do not reach on a CPU
    /// with x86-64-v3, the x86-64-v3 engine (also with the wide band update taking over every propagation), and the
    /// AVX-512 engine `search` picks where the CPU has it (each falls back to the one below where the CPU lacks it;
    /// the AVX-512 engine also runs on a sample with its guesses scored as the others score them, as without
    /// VPOPCNTDQ and VBMI2): same count, solution and guesses on every puzzle of every shared collection (and the
    /// empty grid, with limits that stop it at once, at 2 and further on). Skips where `../shared/data` is absent.
    #[test]
    fn the_engines_agree_on_every_collection() {
        let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/puzzles");
        let Ok(entries) = std::fs::read_dir(&dir) else {
            eprintln!("skipping: shared puzzle collections not found at {}", dir.display());
            return;
        };
        #[cfg(target_arch = "x86_64")]
        eprintln!("engines on this CPU: x86-64-v3 {}, AVX-512 {}", has_v3(), has_v4());
        let mut puzzles = vec![[0u8; 81]];
        for entry in entries {
            let path = entry.expect("directory entry").path();
            let name = path.to_string_lossy().into_owned();
            if !name.ends_with(".txt") || name.ends_with(".solutions.txt") {
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("collection reads");
            puzzles.extend(text.lines().filter_map(|l| parse_line(l).ok()));
        }
        assert!(puzzles.len() > 100_000, "only {} puzzles read", puzzles.len());
        for (i, p) in puzzles.iter().enumerate() {
            for limit in [1, 2] {
                let portable = search_in(p, &[], limit, Engine::Portable, WIDE_AFTER);
                // The AVX-512 engine with its guesses scored as the others score them (as on a CPU without
                // VPOPCNTDQ or VBMI2), on a sample.
                if i % 16 == 0 {
                    assert_eq!(
                        portable,
                        search_scored(p, &[], limit, Engine::V4, WIDE_AFTER, false),
                        "puzzle {i}, limit {limit}, V4 scalar guess"
                    );
                }
                for engine in [Engine::V3, Engine::V4] {
                    assert_eq!(
                        portable,
                        search_in(p, &[], limit, engine, WIDE_AFTER),
                        "puzzle {i}, limit {limit}, {engine:?}"
                    );
                }
                // The wide update after any band update: on nearly every propagation of the search, not only the long
                // ones (the x86-64-v3 engine's; the AVX-512 engine has one update, its own).
                assert_eq!(
                    portable,
                    search_in(p, &[], limit, Engine::V3, 0),
                    "puzzle {i}, limit {limit}, V3 wide"
                );
            }
        }
        // Counting further on puzzles with several solutions, where the guess changes once solutions outnumber
        // dead ends: the same counts, solutions and guesses on every engine.
        let several = puzzles
            .iter()
            .filter(|p| search_in(p, &[], 2, Engine::Portable, WIDE_AFTER).count == 2);
        for (i, p) in several.take(3_000).enumerate() {
            let portable = search_in(p, &[], 1_000, Engine::Portable, WIDE_AFTER);
            for engine in [Engine::V3, Engine::V4] {
                assert_eq!(
                    portable,
                    search_in(p, &[], 1_000, engine, WIDE_AFTER),
                    "several {i}, {engine:?}"
                );
            }
        }
        for limit in [1, 2, 500] {
            assert_eq!(
                search_in(&[0; 81], &[], limit, Engine::Portable, WIDE_AFTER).count,
                limit
            );
            for engine in [Engine::V3, Engine::V4] {
                assert_eq!(search_in(&[0; 81], &[], limit, engine, 0).count, limit);
            }
        }
        for wide_after in [0, WIDE_AFTER] {
            let portable = search_in(&puzzles[1], &[(0, 1), (0, 2)], 2, Engine::Portable, wide_after);
            for engine in [Engine::V3, Engine::V4] {
                assert_eq!(
                    portable,
                    search_in(&puzzles[1], &[(0, 1), (0, 2)], 2, engine, wide_after)
                );
            }
        }
    }

    #[test]
    fn segments_are_the_rows_boxes_with_candidates() {
        for x in 0..512u32 {
            for y in (0..512u32).step_by(7) {
                let z = (x * y + 3) % 512;
                let a = x | y << 9 | z << 18;
                let expected = (crate::grid::TRIADS[x as usize] as u32)
                    | (crate::grid::TRIADS[y as usize] as u32) << 3
                    | (crate::grid::TRIADS[z as usize] as u32) << 6;
                assert_eq!(segments::<false>(a), expected, "{a:#x}");
                #[cfg(target_arch = "x86_64")]
                if has_v3() {
                    assert_eq!(segments::<true>(a), expected, "{a:#x}");
                }
            }
        }
    }

    #[test]
    fn given_cells_are_the_cells_holding_1_to_9() {
        let mut values = [0u8; 81];
        for (i, v) in values.iter_mut().enumerate() {
            *v = (i * 7 % 13) as u8; // 0..=12: empty, the nine digits, and out of range
        }
        let expected = (0..81)
            .filter(|&i| (1..=9).contains(&values[i]))
            .fold(0u128, |m, i| m | 1 << i);
        assert_eq!(given_cells(&values), expected);
        values[80] = 9;
        assert_eq!(given_cells(&values), expected | 1 << 80);
        assert_eq!(given_cells(&[0; 81]), 0);
        assert_eq!(given_cells(&[5; 81]), (1 << 81) - 1);
    }

    #[test]
    fn validity_check_rejects_broken_grids() {
        let mut s = values("974236158638591742125487936316754289742918563589362417867125394253649871491873625");
        assert!(is_valid_solution(&s));
        s.swap(0, 1);
        assert!(!is_valid_solution(&s));
        s.swap(0, 1);
        s[40] = 0;
        assert!(!is_valid_solution(&s));
    }
}
