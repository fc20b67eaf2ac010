//! Canonical forms: one representative of every class of equivalent puzzles, and random members of a class.
//!
//! Two puzzles are *equivalent* (isomorphic) when one is the other under the Sudoku symmetry group: transposition,
//! a permutation of the three bands and of the rows within each band, a permutation of the three stacks and of the
//! columns within each stack (2 · 6⁸ = 3,359,232 maps of the cells), and a relabelling of the digits. They have the
//! same solution count, the same solving paths up to the relabelling, the same grading.
//!
//! [`canonical`] gives the class's **minlex** form, in the convention of the forum's minlex lists: the
//! lexicographically smallest 81-character string, blanks written `0`, over every map and every relabelling. For a
//! fixed map of the cells the best relabelling numbers the digits in order of first appearance, so only the maps
//! are searched. A full grid has a form too (its first row is always `123456789`).
//!
//! **The search.** The form is built a row at a time. A *candidate* is a set of maps that all give the best rows
//! found so far: the orientation, the source row behind each result row, an explicit order of the stacks, for each
//! stack the set of its 6 column orders still allowed (a 6-bit mask), and the relabelling so far. For the next result
//! row every candidate tries each source row the band structure allows; a stack at a time it picks the smallest
//! triplet any allowed column order gives, and keeps the orders that give it (split into separate candidates where
//! they number new digits differently). A row worse than the best found so far is dropped as soon as one of its
//! triplets is worse. Since every candidate tied on the rows so far is kept, and a row's value is the exact minimum
//! over its candidate's maps, the result is the exact minimum over the group; `tests/canon.rs` checks it against an
//! exhaustive walk over all 3,359,232 maps.
//!
//! Puzzles keep few candidates (a row with few givens narrows the column orders at once), so a form costs a few
//! microseconds (BENCHMARKS.md, section Canonical forms). A full grid ties on its first row under all 1,296 column
//! orders, each numbering the digits its own way, so its first two rows are found together, every pair of rows
//! under every column order (about 70 microseconds), and the search goes on from the third.
//!
//! ```
//! use shudu::canon::{canonical, random_isomorph};
//! use shudu::format::parse_line;
//! let p = parse_line("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......").unwrap();
//! let form = canonical(&p);
//! assert_eq!(canonical(&random_isomorph(&p, 7)), form); // every member of the class has the same form
//! assert_eq!(canonical(&form), form);
//! assert!(shudu::format::to_line(&form).starts_with("......")); // blanks first: few givens in the first rows
//! ```

use crate::generate::Rng;

/// The six orders of three things: order `p` puts item `PERMS[p][i]` at place `i`.
const PERMS: [[u8; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];

/// `PLACED[i][at]`: the orders of [`PERMS`] that put item `i` at place `at`.
const PLACED: [[u8; 3]; 3] = placed();

const fn placed() -> [[u8; 3]; 3] {
    let mut table = [[0u8; 3]; 3];
    let mut p = 0;
    while p < 6 {
        let mut at = 0;
        while at < 3 {
            table[PERMS[p][at] as usize][at] |= 1 << p;
            at += 1;
        }
        p += 1;
    }
    table
}

/// Every column order of a stack allowed.
const ALL_ORDERS: u8 = 0b11_1111;

/// A set of maps that all give the best rows found so far.
#[derive(Clone, Copy)]
struct Candidate {
    /// 0 for the puzzle as given, 1 for its transpose.
    orient: u8,
    /// The source row behind each result row found so far.
    rows: [u8; 9],
    /// Source rows used, as bits.
    used: u16,
    /// The source stack behind each result stack.
    stacks: [u8; 3],
    /// For each result stack, the column orders ([`PERMS`]) still allowed, as bits.
    orders: [u8; 3],
    /// Source digit to label (0: not yet labelled; `label[0]` stays 0 for blanks).
    label: [u8; 10],
    /// The next label to hand out.
    next: u8,
}

/// The minlex form of `values` (a puzzle or a full grid; 0 for a blank, 1–9 for a digit): the smallest
/// 81-character string, blanks as `0`, that any map of the symmetry group and any relabelling of the digits makes
/// of it. Equivalent puzzles, and only they, have the same form. Values above 9 are read as blanks.
///
/// ```
/// use shudu::canon::canonical;
/// let mut one = [0u8; 81];
/// one[40] = 7; // a single 7 in the middle
/// let mut form = [0u8; 81];
/// form[80] = 1; // becomes a 1 in the last cell
/// assert_eq!(canonical(&one), form);
/// ```
pub fn canonical(values: &[u8; 81]) -> [u8; 81] {
    // The candidate lists are kept per thread: a form is found in microseconds, and two allocations a form showed.
    BUFFERS.with(|buffers| match buffers.try_borrow_mut() {
        Ok(mut buffers) => {
            let (current, following) = &mut *buffers;
            Search::new(values, current, following).run()
        }
        // Only a re-entrant call (none today) finds them in use; it gets lists of its own.
        Err(_) => Search::new(values, &mut Vec::new(), &mut Vec::new()).run(),
    })
}

thread_local! {
    static BUFFERS: std::cell::RefCell<(Vec<Candidate>, Vec<Candidate>)> =
        const { std::cell::RefCell::new((Vec::new(), Vec::new())) };
}

/// Whether two puzzles (or grids) are equivalent under the symmetry group and a relabelling of the digits.
pub fn equivalent(a: &[u8; 81], b: &[u8; 81]) -> bool {
    // Equivalent puzzles have the same number of givens: a cheap test before two searches.
    let givens = |v: &[u8; 81]| v.iter().filter(|&&d| (1..=9).contains(&d)).count();
    givens(a) == givens(b) && canonical(a) == canonical(b)
}

struct Search<'b> {
    /// The puzzle's rows, as given and transposed; values above 9 cleaned to 0.
    rows: [[[u8; 9]; 9]; 2],
    /// Givens in each stack of each row, as given and transposed.
    counts: [[[u8; 3]; 9]; 2],
    /// The rows that can open the form, as given and transposed: those whose givens per stack, in increasing order,
    /// are least (any other first row is worse at its first stack with more givens).
    first: [u16; 2],
    /// Candidates tied on the rows so far, and those of the row being built.
    current: &'b mut Vec<Candidate>,
    following: &'b mut Vec<Candidate>,
    /// The best row found so far for the result row being built (255 past what has been compared).
    best: [u8; 9],
}

impl<'b> Search<'b> {
    fn new(values: &[u8; 81], current: &'b mut Vec<Candidate>, following: &'b mut Vec<Candidate>) -> Search<'b> {
        let mut rows = [[[0u8; 9]; 9]; 2];
        let mut counts = [[[0u8; 3]; 9]; 2];
        for r in 0..9 {
            for c in 0..9 {
                let v = values[r * 9 + c];
                let v = if v <= 9 { v } else { 0 };
                rows[0][r][c] = v;
                rows[1][c][r] = v;
                let given = u8::from(v != 0);
                counts[0][r][c / 3] += given;
                counts[1][c][r / 3] += given;
            }
        }
        let mut first = [0u16; 2];
        let mut least = u8::MAX;
        for (orient, rows) in counts.iter().enumerate() {
            for (r, row) in rows.iter().enumerate() {
                let mut sorted = *row;
                sorted.sort_unstable();
                let key = sorted[0] << 4 | sorted[1] << 2 | sorted[2];
                if key < least {
                    least = key;
                    first = [0; 2];
                }
                if key == least {
                    first[orient] |= 1 << r;
                }
            }
        }
        current.clear();
        following.clear();
        for orient in 0..2 {
            for stacks in PERMS {
                current.push(Candidate {
                    orient,
                    rows: [0; 9],
                    used: 0,
                    stacks,
                    orders: [ALL_ORDERS; 3],
                    label: [0; 10],
                    next: 1,
                });
            }
        }
        Search {
            rows,
            counts,
            first,
            current,
            following,
            best: [255; 9],
        }
    }

    fn run(mut self) -> [u8; 81] {
        let mut form = [0u8; 81];
        let start = if self.grid_start(&mut form) { 2 } else { 0 };
        for r in start..9 {
            self.best = [255; 9];
            self.following.clear();
            let current = std::mem::take(self.current);
            for cand in &current {
                // The source rows the band structure allows for result row r: any row to open a band (of a band not
                // yet used), else the unused rows of the band under way.
                let choices: u16 = if r == 0 {
                    self.first[usize::from(cand.orient)]
                } else if r % 3 == 0 {
                    let mut free = 0u16;
                    for band in 0..3 {
                        if cand.used & (0b111 << (3 * band)) == 0 {
                            free |= 0b111 << (3 * band);
                        }
                    }
                    free
                } else {
                    let band = cand.rows[r - 1] / 3;
                    (0b111 << (3 * band)) & !cand.used
                };
                let mut bits = choices;
                while bits != 0 {
                    let source = bits.trailing_zeros() as u8;
                    bits &= bits - 1;
                    if r == 0 {
                        // The first row is least with its stacks in increasing order of givens.
                        let count = &self.counts[usize::from(cand.orient)][usize::from(source)];
                        let [a, b, c] = cand.stacks.map(|s| count[usize::from(s)]);
                        if a > b || b > c {
                            continue;
                        }
                    }
                    let mut next = *cand;
                    next.rows[r] = source;
                    next.used |= 1 << source;
                    let values = self.rows[usize::from(cand.orient)][usize::from(source)];
                    self.extend(next, &values, 0);
                }
            }
            *self.current = current;
            std::mem::swap(self.current, self.following);
            form[r * 9..r * 9 + 9].copy_from_slice(&self.best);
        }
        form
    }

    /// For a full grid whose rows are all permutations of 1-9, the first two result rows at once. The first row is
    /// always 123456789, under every one of the 1,296 column orders, each numbering the digits its own way, so the
    /// row-by-row search would carry 23,328 candidates into the second row; here each pair of first rows is tried
    /// under every column order directly (the second row read through the labels the first row gives), dropping an
    /// order at its first cell worse than the best. Fills the form's first two rows and leaves the candidates that
    /// give them; `false` (changing nothing) for anything but such a grid.
    fn grid_start(&mut self, form: &mut [u8; 81]) -> bool {
        let full = self.rows[0].iter().all(|row| {
            let mut seen = 0u16;
            row.iter().all(|&d| {
                d != 0 && seen & (1 << d) == 0 && {
                    seen |= 1 << d;
                    true
                }
            })
        });
        if !full {
            return false;
        }
        let orders = column_orders();
        let mut best = [u8::MAX; 9];
        self.current.clear();
        for orient in 0..2u8 {
            let rows = &self.rows[usize::from(orient)];
            for r0 in 0..9u8 {
                // The source column of each digit in the first row.
                let mut column_of = [0u8; 10];
                for (c, &d) in rows[usize::from(r0)].iter().enumerate() {
                    column_of[usize::from(d)] = c as u8;
                }
                let band = r0 / 3;
                for r1 in (3 * band..3 * band + 3).filter(|&r| r != r0) {
                    // Where, in the first row, the digit of each column of the second row sits.
                    let mut partner = [0u8; 9];
                    for (c, &d) in rows[usize::from(r1)].iter().enumerate() {
                        partner[c] = column_of[usize::from(d)];
                    }
                    for (index, (cols, place)) in orders.iter().enumerate() {
                        // The second row's label at result column j is one more than the place of its partner.
                        let mut worse = false;
                        let mut less = false;
                        for j in 0..9 {
                            let v = place[usize::from(partner[usize::from(cols[j])])] + 1;
                            if !less {
                                if v > best[j] {
                                    worse = true;
                                    break;
                                }
                                less = v < best[j];
                            }
                            if less {
                                best[j] = v;
                            }
                        }
                        if worse {
                            continue;
                        }
                        if less {
                            self.current.clear();
                        }
                        self.current.push(grid_candidate(
                            orient,
                            r0,
                            r1,
                            cols,
                            place,
                            &rows[usize::from(r0)],
                            index,
                        ));
                    }
                }
            }
        }
        form[..9].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        form[9..18].copy_from_slice(&best);
        true
    }

    /// Builds result stack `k` onward of the row `values` (a source row) for `cand`, comparing with the best row so
    /// far (the stacks before `k` equal the best's: a worse one was dropped, a better one became the best). Keeps
    /// the candidates that reach the best.
    fn extend(&mut self, cand: Candidate, values: &[u8; 9], k: usize) {
        if k == 3 {
            self.following.push(cand);
            return;
        }
        let base = 3 * usize::from(cand.stacks[k]);
        let triplet = [values[base], values[base + 1], values[base + 2]];
        let allowed = cand.orders[k];
        let givens = triplet.iter().filter(|&&d| d != 0).count();
        if givens <= 1 {
            // Most triplets of a puzzle hold no given or one: the best order puts the given last, or as late as the
            // allowed orders let it go, and numbers nothing or one new digit, so the orders make one group.
            let (shown, group, fresh) = match triplet.iter().position(|&d| d != 0) {
                None => ([0u8; 3], allowed, 0u8),
                Some(i) => {
                    let d = triplet[i];
                    let known = cand.label[usize::from(d)];
                    let (x, fresh) = if known != 0 { (known, 0) } else { (cand.next, d) };
                    let place = (0..3).rev().find(|&at| allowed & PLACED[i][at] != 0).unwrap_or(0);
                    let mut shown = [0u8; 3];
                    shown[place] = x;
                    (shown, allowed & PLACED[i][place], fresh)
                }
            };
            if !self.compare(k, &shown) {
                return;
            }
            let mut next = cand;
            next.orders[k] = group;
            if fresh != 0 {
                next.label[usize::from(fresh)] = next.next;
                next.next += 1;
            }
            self.extend(next, values, k + 1);
            return;
        }
        // Each allowed order: the triplet it gives and the new digits it labels, in order.
        let mut made = [([0u8; 3], [0u8; 3]); 6];
        let mut best: Option<[u8; 3]> = None;
        let mut orders = allowed;
        while orders != 0 {
            let p = orders.trailing_zeros() as usize;
            orders &= orders - 1;
            let (shown, fresh) = label_triplet(&triplet, &PERMS[p], &cand.label, cand.next);
            made[p] = (shown, fresh);
            if best.is_none_or(|b| shown < b) {
                best = Some(shown);
            }
        }
        let Some(shown) = best else { return };
        if !self.compare(k, &shown) {
            return;
        }
        // The orders giving the best triplet, grouped by the digits they label (the same new digits in the same
        // order lead to the same relabelling, so such orders stay one candidate).
        let mut left = 0u8;
        let mut orders = allowed;
        while orders != 0 {
            let p = orders.trailing_zeros() as usize;
            orders &= orders - 1;
            if made[p].0 == shown {
                left |= 1 << p;
            }
        }
        while left != 0 {
            let p = left.trailing_zeros() as usize;
            let fresh = made[p].1;
            let mut group = 0u8;
            let mut rest = left;
            while rest != 0 {
                let q = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                if made[q].1 == fresh {
                    group |= 1 << q;
                }
            }
            left &= !group;
            let mut next = cand;
            next.orders[k] = group;
            for &d in fresh.iter().take_while(|&&d| d != 0) {
                next.label[usize::from(d)] = next.next;
                next.next += 1;
            }
            self.extend(next, values, k + 1);
        }
    }

    /// Compares the best triplet of result stack `k` with the best row's: `false` when worse (the branch is
    /// dropped); when better, it becomes the best, and the candidates kept for the old best go.
    #[inline]
    fn compare(&mut self, k: usize, shown: &[u8; 3]) -> bool {
        let at = 3 * k;
        let target = [self.best[at], self.best[at + 1], self.best[at + 2]];
        if *shown > target {
            return false;
        }
        if *shown < target {
            self.following.clear();
            self.best[at..at + 3].copy_from_slice(shown);
            self.best[at + 3..].fill(255);
        }
        true
    }
}

/// The 1,296 column orders of the group, each with its inverse: `(cols, place)`, result column `j` taking source
/// column `cols[j]`, source column `c` going to result column `place[c]`.
fn column_orders() -> &'static [([u8; 9], [u8; 9]); 1296] {
    static ORDERS: std::sync::OnceLock<[([u8; 9], [u8; 9]); 1296]> = std::sync::OnceLock::new();
    ORDERS.get_or_init(|| {
        let mut all = [([0u8; 9], [0u8; 9]); 1296];
        let mut i = 0;
        for stacks in PERMS {
            for a in PERMS {
                for b in PERMS {
                    for c in PERMS {
                        let within = [a, b, c];
                        let (cols, place) = &mut all[i];
                        for j in 0..9 {
                            cols[j] = 3 * stacks[j / 3] + within[j / 3][j % 3];
                            place[usize::from(cols[j])] = j as u8;
                        }
                        i += 1;
                    }
                }
            }
        }
        all
    })
}

/// The candidate of a full grid's first two rows `r0`, `r1` under one column order (`index` into
/// [`column_orders`], which lists the orders stack order first, then the order within each stack).
fn grid_candidate(
    orient: u8,
    r0: u8,
    r1: u8,
    cols: &[u8; 9],
    place: &[u8; 9],
    first: &[u8; 9],
    index: usize,
) -> Candidate {
    let mut label = [0u8; 10];
    for c in 0..9 {
        label[usize::from(first[c])] = place[c] + 1;
    }
    let mut rows = [0u8; 9];
    rows[0] = r0;
    rows[1] = r1;
    let stacks = [cols[0] / 3, cols[3] / 3, cols[6] / 3];
    let mut orders = [0u8; 3];
    for (k, order) in orders.iter_mut().enumerate() {
        *order = 1 << ((index / [36, 6, 1][k]) % 6);
    }
    Candidate {
        orient,
        rows,
        used: 1 << r0 | 1 << r1,
        stacks,
        orders,
        label,
        next: 10,
    }
}

/// The triplet `source` in the column order `order`, labelled: blanks 0, labelled digits by their label, new digits
/// by the next labels in order of appearance. Also the new digits, in that order (0 after the last).
#[inline]
fn label_triplet(source: &[u8; 3], order: &[u8; 3], label: &[u8; 10], next: u8) -> ([u8; 3], [u8; 3]) {
    let mut shown = [0u8; 3];
    let mut fresh = [0u8; 3];
    let mut n = 0usize;
    for i in 0..3 {
        let d = source[usize::from(order[i])];
        if d == 0 {
            continue;
        }
        let known = label[usize::from(d)];
        shown[i] = if known != 0 {
            known
        } else if let Some(j) = fresh[..n].iter().position(|&f| f == d) {
            // The same digit twice in a row (a puzzle with clashing givens) keeps one label.
            next + j as u8
        } else {
            fresh[n] = d;
            n += 1;
            next + n as u8 - 1
        };
    }
    (shown, fresh)
}

// ------------------------------------------------------------------------------------------------------------------
// Maps of the group

/// One member of the symmetry group with a relabelling: transposition, then rows and columns taken in a new order
/// (bands and rows within bands, stacks and columns within stacks), then digits renamed.
///
/// ```
/// use shudu::canon::{canonical, Transform};
/// use shudu::generate::Rng;
/// let grid = shudu::generate::full_grid(&mut Rng::new(3));
/// let map = Transform::random(&mut Rng::new(4));
/// let moved = map.apply(&grid);
/// assert!(shudu::search::is_valid_solution(&moved));
/// assert_eq!(canonical(&moved), canonical(&grid));
/// assert_eq!(Transform::identity().apply(&grid), grid);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Transform {
    transpose: bool,
    /// The source row behind each result row.
    rows: [u8; 9],
    /// The source column behind each result column.
    cols: [u8; 9],
    /// The new name of each digit (`digits[0]` is 0: blanks stay blank).
    digits: [u8; 10],
}

impl Transform {
    /// The map that changes nothing.
    pub fn identity() -> Transform {
        Transform {
            transpose: false,
            rows: [0, 1, 2, 3, 4, 5, 6, 7, 8],
            cols: [0, 1, 2, 3, 4, 5, 6, 7, 8],
            digits: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
        }
    }

    /// A map drawn at random, every member of the group and every relabelling equally likely.
    pub fn random(rng: &mut Rng) -> Transform {
        let transpose = rng.below(2) == 1;
        let rows = Self::random_lines(rng);
        let cols = Self::random_lines(rng);
        let mut names = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
        rng.shuffle(&mut names);
        let mut digits = [0u8; 10];
        digits[1..].copy_from_slice(&names);
        Transform {
            transpose,
            rows,
            cols,
            digits,
        }
    }

    /// Nine lines in a random order that keeps the groups of three (bands or stacks) together.
    fn random_lines(rng: &mut Rng) -> [u8; 9] {
        let mut groups = [0u8, 1, 2];
        rng.shuffle(&mut groups);
        let mut lines = [0u8; 9];
        for (g, &group) in groups.iter().enumerate() {
            let mut within = [0u8, 1, 2];
            rng.shuffle(&mut within);
            for (i, &w) in within.iter().enumerate() {
                lines[3 * g + i] = 3 * group + w;
            }
        }
        lines
    }

    /// The puzzle or grid `values` under this map (values above 9 are left as they are).
    pub fn apply(&self, values: &[u8; 81]) -> [u8; 81] {
        let mut out = [0u8; 81];
        for r in 0..9 {
            for c in 0..9 {
                let (sr, sc) = (usize::from(self.rows[r]), usize::from(self.cols[c]));
                let v = if self.transpose {
                    values[sc * 9 + sr]
                } else {
                    values[sr * 9 + sc]
                };
                out[r * 9 + c] = self.digits.get(usize::from(v)).copied().unwrap_or(v);
            }
        }
        out
    }
}

/// A random member of the class of `values`, the same one for the same seed: the inverse tool of [`canonical`], for
/// tests and for hiding where a puzzle came from.
pub fn random_isomorph(values: &[u8; 81], seed: u64) -> [u8; 81] {
    Transform::random(&mut Rng::new(seed)).apply(values)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_number_new_digits_in_order() {
        let label = [0u8; 10];
        assert_eq!(label_triplet(&[5, 0, 3], &[0, 1, 2], &label, 1), ([1, 0, 2], [5, 3, 0]));
        assert_eq!(label_triplet(&[5, 0, 3], &[2, 1, 0], &label, 4), ([4, 0, 5], [3, 5, 0]));
        let mut known = [0u8; 10];
        known[5] = 1;
        assert_eq!(label_triplet(&[5, 7, 0], &[1, 0, 2], &known, 2), ([2, 1, 0], [7, 0, 0]));
        assert_eq!(label_triplet(&[7, 7, 0], &[0, 1, 2], &label, 1), ([1, 1, 0], [7, 0, 0]));
    }

    #[test]
    fn the_empty_grid_is_its_own_form() {
        assert_eq!(canonical(&[0; 81]), [0; 81]);
    }

    #[test]
    fn random_maps_keep_bands_and_digits() {
        let mut rng = Rng::new(11);
        for _ in 0..100 {
            let t = Transform::random(&mut rng);
            for lines in [t.rows, t.cols] {
                let mut seen = [false; 9];
                for (i, &l) in lines.iter().enumerate() {
                    assert_eq!(usize::from(l / 3), usize::from(lines[i / 3 * 3] / 3));
                    seen[usize::from(l)] = true;
                }
                assert!(seen.iter().all(|&s| s));
            }
            assert_eq!(t.digits[0], 0);
        }
    }
}
