//! Almost locked sets: ALS-XZ, ALS-XY-Wing, ALS-XY-Chain and Death Blossom (HoDoKu codes 0901–0904).
//!
//! An almost locked set (ALS) is `n` empty cells of one house holding `n + 1` digits between them (a bivalue cell
//! is the smallest). Take one digit away and the rest is locked: every remaining digit fills one of its cells. Two
//! sets share a restricted common candidate (RCC) `x` when every cell of either holding `x` sees every cell of the
//! other holding it: `x` then fills at most one of the two sets. The techniques chain sets through such digits:
//! when `z` is missing from the first set, the chain forces `z` into the last one, so a cell seeing every `z` of
//! both ends cannot hold it.
//!
//! The sets of a grid are enumerated once, with bit sets (a `u16` digit mask and [`Bitboard`]s per set), and their
//! restricted commons found through an index of sets by digit and first holder; this net is kept per thread while
//! the grid's candidates stay the same, so the four finders, which the ladder runs one after another on one grid,
//! build it once. As in HoDoKu, two sets linked by an RCC may not overlap; the finders for HoDoKu's "with ALS
//! overlap" cases (variant 2 of 0902–0904) allow it where the overlap holds no RCC.

use std::cell::RefCell;
use std::rc::Rc;

use crate::grid::{Bitboard, Candidates, Cell, Digit, Grid, House};

use super::changes;
use super::notation;
use super::step::{Chain, Node, NodeKind, Pattern, Step};
use super::technique::Technique;
use super::{Flow, Lang};

/// The longest ALS-XY-Chain searched, in links (restricted commons): seven sets, the limit HoDoKu's own regression
/// run uses. Chains of two and three sets are ALS-XZ and ALS-XY-Wing, so a chain has at least three links.
const MAX_LINKS: u8 = 6;

thread_local! {
    /// The last net built on this thread, with the key of its grid (see [`Net::of`]).
    static LAST_NET: RefCell<Option<([u128; 11], Rc<Net>)>> = const { RefCell::new(None) };
    /// The sets of each house (see [`collect`]), with the house's contents they were found for.
    static HOUSE_ALS: RefCell<[KeptHouse; 27]> =
        RefCell::new(core::array::from_fn(|_| (None, Vec::new())));
}

/// A house's contents when its sets were last found (per cell its candidates, bit 15 when filled), and those sets.
type KeptHouse = (Option<[u16; 9]>, Vec<Als>);

/// An almost locked set and what the searches ask of it, precomputed.
#[derive(Clone, Copy, Debug)]
struct Als {
    cells: Bitboard,
    digits: u16,
    /// For each digit of the set, the cells outside it that see every holder of the digit.
    seen: [Bitboard; 9],
    /// The digits some cell outside the set could lose for it: those whose `seen` cells hold the digit. Only these
    /// can be a `z` at an end of an ALS step.
    open: u16,
    /// Where HoDoKu lists the set ([`hodoku_set_key`]), worked out once with the set's house.
    key: u64,
}

impl Als {
    /// Adds the set of `cells` holding `digits` to `sets`, filled in place (built apart and moved in, each set was
    /// copied several times over), all but `open` (see [`Als::open_in`]).
    fn push(sets: &mut Vec<Als>, grid: &Grid, cells: Bitboard, digits: u16) {
        sets.push(Als {
            cells,
            digits,
            seen: [Bitboard::EMPTY; 9],
            open: 0,
            key: hodoku_set_key(cells),
        });
        let a = sets.last_mut().expect("just pushed");
        for d in Candidates::from_bits(digits) {
            let h = cells & grid.digit_cells(d);
            let mut s = Bitboard::FULL;
            for c in h {
                s &= c.peer_set();
            }
            a.seen[d.index()] = s - cells;
        }
    }

    /// Sets `open` from each digit's places in the grid: unlike the rest of the set, it depends on candidates outside
    /// the set's house.
    fn open_in(&mut self, places: &[u128; 9]) {
        // Every digit without a branch: a digit the set lacks has no `seen` cells. Which digits are open is no
        // pattern a processor predicts, and this runs for every set at every grid.
        self.open = self
            .seen
            .iter()
            .zip(places)
            .enumerate()
            .fold(0, |open, (d, (seen, &p))| open | u16::from(seen.bits() & p != 0) << d);
    }

    /// The set's cells holding `d`. Not kept: a set's cells hold the candidates they held when it was found (a
    /// house's sets are found again when any of its cells changes), so the grid's candidates tell, and a set is
    /// half the size without them (the net copies every set at every grid).
    #[inline]
    fn holders(&self, grid: &Grid, d: Digit) -> Bitboard {
        self.cells & grid.digit_cells(d)
    }

    fn cell_list(&self) -> Vec<Cell> {
        self.cells.iter().collect()
    }
}

/// A restricted common link from one set to another, with its one or two digits and the open digits of the set it
/// leads to.
#[derive(Clone, Copy, Debug)]
struct Link {
    from: u32,
    to: u32,
    digits: u16,
    open: u16,
}

/// Every almost locked set of a grid and the restricted commons between them, as an adjacency list: the links
/// leaving set `i` are `links[start[i]..start[i + 1]]`.
struct Net {
    sets: Vec<Als>,
    links: Vec<Link>,
    start: Vec<u32>,
    /// Where each block of `sets` begins ([`collect`]): the two-candidate cells, then each house's sets.
    blocks: Blocks,
    /// Each cell's candidates when the net was made, bit 15 set for a filled cell: what a set's links rest on.
    cells: [u16; 81],
    overlap: bool,
}

/// The bounds of the blocks of a list of sets: block `k` is `blocks[k]..blocks[k + 1]`, the two-candidate cells
/// first, then each house's sets in [`House::ALL`]'s order.
type Blocks = [u32; 29];

/// Each cell's candidates, bit 15 set for a filled cell.
fn cell_contents(grid: &Grid) -> [u16; 81] {
    let empty = grid.empty_cells();
    core::array::from_fn(|i| {
        let c = Cell::ALL[i];
        grid.candidates(c).bits() | u16::from(!empty.contains(c)) << 15
    })
}

/// The digits of `mask`.
fn digits_of(mask: u16) -> impl Iterator<Item = Digit> {
    Candidates::from_bits(mask).iter()
}

fn bit(d: Digit) -> u16 {
    1 << d.index()
}

/// Every almost locked set of the grid, each once: bivalue cells, then the sets of two to eight cells of each row,
/// column and box (a box's set lying in one row or column was found there already).
fn collect(grid: &Grid) -> (Vec<Als>, Blocks) {
    let mut sets = Vec::with_capacity(512);
    let mut blocks = [0u32; 29];
    for c in grid.empty_cells() {
        let cands = grid.candidates(c);
        if cands.len() == 2 {
            Als::push(&mut sets, grid, Bitboard::only(c), cands.bits());
        }
    }
    blocks[1] = sets.len() as u32;
    HOUSE_ALS.with(|kept| {
        let mut kept = kept.borrow_mut();
        for (k, (house, (contents, found))) in House::ALL.into_iter().zip(kept.iter_mut()).enumerate() {
            // A house's sets but for `open` follow from its cells' candidates, and most houses are as they were
            // when the ALS finders last ran.
            let empty = grid.empty_cells();
            let now = house
                .cells()
                .map(|c| grid.candidates(c).bits() | u16::from(!empty.contains(c)) << 15);
            if *contents != Some(now) {
                *contents = Some(now);
                found.clear();
                house_sets(grid, house, found);
            }
            sets.extend_from_slice(found);
            blocks[k + 2] = sets.len() as u32;
        }
    });
    let places = Digit::ALL.map(|d| grid.digit_cells(d).bits());
    for a in &mut sets {
        a.open_in(&places);
    }
    (sets, blocks)
}

/// The sets of two to eight cells of `house`, but for `open` (a box's set lying in one row or column is left to
/// that line).
fn house_sets(grid: &Grid, house: House, sets: &mut Vec<Als>) {
    // The union of digits of every subset of the house's empty cells, built from the subset without its lowest
    // member (so each is written before it is read).
    let mut unions = [0u16; 512];
    let mut cells = [Cell::at(0, 0); 9];
    let mut masks = [0u16; 9];
    let mut n = 0;
    for c in house.cell_set() & grid.empty_cells() {
        cells[n] = c;
        masks[n] = grid.candidates(c).bits();
        n += 1;
    }
    for subset in 1usize..(1 << n) {
        let low = subset.trailing_zeros() as usize;
        unions[subset] = unions[subset & (subset - 1)] | masks[low];
        let size = subset.count_ones();
        if !(2..=8).contains(&size) || unions[subset].count_ones() != size + 1 {
            continue;
        }
        let set = super::picked_cells(&cells, subset);
        if matches!(house, House::Box(_)) && in_one_line(set) {
            continue;
        }
        Als::push(sets, grid, set, unions[subset]);
    }
}

/// Whether the cells share a row or a column.
fn in_one_line(set: Bitboard) -> bool {
    let Some(first) = set.first() else { return true };
    set.iter().all(|c| c.row() == first.row()) || set.iter().all(|c| c.col() == first.col())
}

impl Net {
    /// The net of `grid`, shared by the finders that run one after another on the same grid (ALS-XZ, ALS-XY-Wing,
    /// ALS-XY-Chain and Death Blossom each ask for it): the last one built on this thread is kept with the grid's
    /// candidates and reused while they are unchanged.
    fn of(grid: &Grid, overlap: bool) -> Rc<Net> {
        let mut key = [0u128; 11];
        for d in Digit::ALL {
            key[d.index()] = grid.digit_cells(d).bits();
        }
        key[9] = grid.empty_cells().bits();
        key[10] = u128::from(overlap);
        LAST_NET.with(|last| {
            let mut last = last.borrow_mut();
            if let Some((k, net)) = last.as_ref() {
                if *k == key {
                    return Rc::clone(net);
                }
            }
            let (sets, blocks) = collect(grid);
            let net = match last.as_ref() {
                Some((_, before)) if before.overlap == overlap => Net::after(grid, sets, blocks, before, false),
                _ => Net::new(grid, sets, blocks, overlap),
            };
            let net = Rc::new(net);
            *last = Some((key, Rc::clone(&net)));
            net
        })
    }

    /// The net of `grid` from `before`, the net of an earlier grid: the links between two sets neither of which
    /// holds a cell whose candidates changed are those of the same two sets then (a restricted common depends only
    /// on the two sets' cells and their candidates), so only the links of the other sets are looked for. A set
    /// whose cells are all as they were is a set of both grids, and such sets come in the same order in both lists
    /// (each house's sets in the order of its subsets of empty cells, which a cell filled or emptied elsewhere in the
    /// house does not change): block by block, they pair off in order. The net is the one [`Net::new`] makes;
    /// where most sets are new, it is made afresh by [`Net::new`] (unless `always`, for the tests).
    fn after(grid: &Grid, sets: Vec<Als>, blocks: Blocks, before: &Net, always: bool) -> Net {
        const NONE: u32 = u32::MAX;
        let cells = cell_contents(grid);
        let mut changed = Bitboard::EMPTY;
        for (c, (now, then)) in Cell::ALL.into_iter().zip(cells.iter().zip(&before.cells)) {
            if now != then {
                changed.insert(c);
            }
        }
        // Each old set's new index, where it is still a set.
        let mut renamed = vec![NONE; before.sets.len()];
        let mut fresh = vec![false; sets.len()];
        let mut fresh_count = 0;
        for k in 0..28 {
            let mut o = before.blocks[k] as usize;
            let old_end = before.blocks[k + 1] as usize;
            for (i, a) in sets
                .iter()
                .enumerate()
                .take(blocks[k + 1] as usize)
                .skip(blocks[k] as usize)
            {
                if !(a.cells & changed).is_empty() {
                    fresh[i] = true;
                    fresh_count += 1;
                    continue;
                }
                while o < old_end && !(before.sets[o].cells & changed).is_empty() {
                    o += 1;
                }
                if o == old_end || before.sets[o].cells != a.cells || before.sets[o].digits != a.digits {
                    debug_assert!(false, "the unchanged sets of block {k} do not pair off");
                    return Net::new(grid, sets, blocks, before.overlap);
                }
                renamed[o] = i as u32;
                o += 1;
            }
        }
        // Where most sets are new (another puzzle, a step that filled many cells), looking for their links costs
        // about what the whole net does.
        if !always && fresh_count * 2 > sets.len() {
            return Net::new(grid, sets, blocks, before.overlap);
        }
        let overlap = before.overlap;
        let index = BucketIndex::of(grid, &sets);
        // The links of each new set, found from its side: (new set, other set, digits), each pair of new sets once.
        let mut pairs: Vec<(u32, u32, u16)> = Vec::with_capacity(fresh_count * 8);
        let mut found = vec![0u16; sets.len()];
        let mut touched: Vec<u32> = Vec::new();
        for (i, a) in sets.iter().enumerate() {
            if !fresh[i] {
                continue;
            }
            index.partners(grid, a, overlap, |j, d| {
                let j = j as usize;
                if j == i || (fresh[j] && j < i) {
                    return;
                }
                let had = found[j];
                if had == 0 {
                    touched.push(j as u32);
                }
                if had.count_ones() < 2 {
                    found[j] = had | bit(d);
                }
            });
            for j in touched.drain(..) {
                pairs.push((i as u32, j, found[j as usize]));
                found[j as usize] = 0;
            }
        }
        // Each set's links: those kept (to sets kept too, in order), then the new ones, sorted by the set they lead
        // to as [`Net::new`] leaves them. Made in one pass over the sets, the new links first sorted by the set they
        // leave (a counting sort), and each link's `open` read from a list of the sets' (a set is 200 bytes).
        let mut old_of = vec![NONE; sets.len()];
        for (o, &i) in renamed.iter().enumerate() {
            if i != NONE {
                old_of[i as usize] = o as u32;
            }
        }
        let opens: Vec<u16> = sets.iter().map(|a| a.open).collect();
        let mut new_start = vec![0u32; sets.len() + 1];
        for &(i, j, _) in &pairs {
            new_start[i as usize + 1] += 1;
            new_start[j as usize + 1] += 1;
        }
        for i in 0..sets.len() {
            new_start[i + 1] += new_start[i];
        }
        let mut new_fill = new_start.clone();
        let mut new_links = vec![(0u32, 0u16); pairs.len() * 2];
        for &(i, j, digits) in &pairs {
            for (u, v) in [(i, j), (j, i)] {
                new_links[new_fill[u as usize] as usize] = (v, digits);
                new_fill[u as usize] += 1;
            }
        }
        let mut start = Vec::with_capacity(sets.len() + 1);
        let mut links = Vec::with_capacity(before.links.len() + new_links.len());
        for (i, &o) in old_of.iter().enumerate() {
            let first = links.len();
            start.push(first as u32);
            if o != NONE {
                for l in before.links_of(o) {
                    let to = renamed[l.to as usize];
                    if to != NONE {
                        links.push(Link {
                            from: i as u32,
                            to,
                            digits: l.digits,
                            open: opens[to as usize],
                        });
                    }
                }
            }
            let added = &new_links[new_start[i] as usize..new_start[i + 1] as usize];
            for &(to, digits) in added {
                links.push(Link {
                    from: i as u32,
                    to,
                    digits,
                    open: opens[to as usize],
                });
            }
            if !added.is_empty() {
                links[first..].sort_unstable_by_key(|l| l.to);
            }
        }
        start.push(links.len() as u32);
        Net {
            sets,
            links,
            start,
            blocks,
            cells,
            overlap,
        }
    }

    fn new(grid: &Grid, sets: Vec<Als>, blocks: Blocks, overlap: bool) -> Net {
        let index = BucketIndex::of(grid, &sets);
        // The restricted commons of each set with the sets after it, gathered per set in `found` (indexed by the
        // other set; the bits of `touched` mark the ones set, which reads them back in order without a sort).
        let mut pairs: Vec<Link> = Vec::with_capacity(sets.len() * 4);
        let mut found = vec![0u16; sets.len()];
        let mut touched = vec![0u64; sets.len().div_ceil(64)];
        for (i, a) in sets.iter().enumerate() {
            for d in digits_of(a.digits) {
                let reach = a.seen[d.index()] & grid.digit_cells(d);
                for c in reach {
                    let list = index.list(d, c);
                    let (a_holders, a_seen) = (a.holders(grid, d), a.seen[d.index()]);
                    let holding = grid.digit_cells(d);
                    // Buckets are filled in set order: the sets after `a` are a suffix, read from the end.
                    for &(j, b_cells) in list.iter().rev() {
                        if j as usize <= i {
                            break;
                        }
                        let b_holders = b_cells & holding;
                        if !(b_holders - a_seen).is_empty() {
                            continue;
                        }
                        let shared = a.cells & b_cells;
                        if !shared.is_empty() && (!overlap || !((a_holders | b_holders) & shared).is_empty()) {
                            continue;
                        }
                        // At most two digits (three would break the puzzle: both sets would lose more digits than
                        // they can spare).
                        let had = found[j as usize];
                        if had.count_ones() < 2 {
                            touched[j as usize / 64] |= 1 << (j % 64);
                            found[j as usize] = had | bit(d);
                        }
                    }
                }
            }
            let mut w = (i + 1) / 64;
            while w < touched.len() {
                let mut bits = std::mem::take(&mut touched[w]);
                while bits != 0 {
                    let j = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    pairs.push(Link {
                        from: i as u32,
                        to: j as u32,
                        digits: found[j],
                        open: 0,
                    });
                    found[j] = 0;
                }
                w += 1;
            }
        }
        // Both directions of each pair, grouped by the set they leave.
        let mut start = vec![0u32; sets.len() + 1];
        for p in &pairs {
            start[p.from as usize + 1] += 1;
            start[p.to as usize + 1] += 1;
        }
        for i in 0..sets.len() {
            start[i + 1] += start[i];
        }
        let mut fill: Vec<u32> = start.clone();
        let blank = Link {
            from: 0,
            to: 0,
            digits: 0,
            open: 0,
        };
        let mut links = vec![blank; pairs.len() * 2];
        for p in &pairs {
            for (u, v) in [(p.from, p.to), (p.to, p.from)] {
                links[fill[u as usize] as usize] = Link {
                    from: u,
                    to: v,
                    digits: p.digits,
                    open: sets[v as usize].open,
                };
                fill[u as usize] += 1;
            }
        }
        Net {
            sets,
            links,
            start,
            blocks,
            cells: cell_contents(grid),
            overlap,
        }
    }

    /// The sets holding a cell of `focus` (every set when it is every cell).
    fn fresh(&self, focus: Bitboard) -> Fresh {
        if focus == Bitboard::FULL {
            return Fresh(None);
        }
        let mut bits = vec![0u64; self.sets.len().div_ceil(64)];
        for (i, a) in self.sets.iter().enumerate() {
            if !(a.cells & focus).is_empty() {
                bits[i / 64] |= 1 << (i % 64);
            }
        }
        Fresh(Some(bits))
    }

    fn links_of(&self, i: u32) -> &[Link] {
        &self.links[self.start[i as usize] as usize..self.start[i as usize + 1] as usize]
    }

    /// Each pair of linked sets once, lower index first.
    fn pairs(&self) -> impl Iterator<Item = &Link> {
        self.links.iter().filter(|l| l.from < l.to)
    }
}

/// The sets of a net a search after a barren grid must take in: those holding a cell changed since (see
/// [`changes`]); `None` for all of them.
struct Fresh(Option<Vec<u64>>);

impl Fresh {
    #[inline]
    fn holds(&self, set: u32) -> bool {
        self.0
            .as_ref()
            .is_none_or(|bits| bits[set as usize / 64] & 1 << (set % 64) != 0)
    }
}

/// The sets of a net indexed by (digit, first holder of the digit): a set `b` shares an RCC `d` with `a` only if all
/// its holders of `d` lie in `a.seen[d]`, its first one among them, so only those buckets are visited. Each entry
/// carries what the test needs (the set's index and cells, whose candidates of the digit are its holders), so the
/// buckets are read in order rather than the sets at random; each bucket lists its sets in order.
struct BucketIndex {
    start: Vec<u32>,
    entries: Vec<(u32, Bitboard)>,
}

impl BucketIndex {
    fn of(grid: &Grid, sets: &[Als]) -> BucketIndex {
        let mut start = vec![0u32; 9 * 81 + 1];
        // Each (set, bucket) once, in set order: counted here, placed below without finding the holders again.
        let mut keys: Vec<(u32, u16)> = Vec::with_capacity(sets.iter().map(|a| a.digits.count_ones() as usize).sum());
        for (i, a) in sets.iter().enumerate() {
            for d in digits_of(a.digits) {
                if let Some(c) = a.holders(grid, d).first() {
                    let k = d.index() * 81 + c.index();
                    start[k + 1] += 1;
                    keys.push((i as u32, k as u16));
                }
            }
        }
        for i in 0..9 * 81 {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        let blank = (0u32, Bitboard::EMPTY);
        let mut entries = vec![blank; start[9 * 81] as usize];
        for (i, k) in keys {
            let slot = &mut fill[k as usize];
            entries[*slot as usize] = (i, sets[i as usize].cells);
            *slot += 1;
        }
        BucketIndex { start, entries }
    }

    /// The sets whose first holder of `d` is `c`.
    fn list(&self, d: Digit, c: Cell) -> &[(u32, Bitboard)] {
        let k = d.index() * 81 + c.index();
        &self.entries[self.start[k] as usize..self.start[k + 1] as usize]
    }

    /// Calls `f(j, d)` for every set `j` sharing a restricted common `d` with `a` (by ascending digit; `a` itself
    /// is never one, its holders lying in it), under the same tests as [`Net::new`].
    fn partners(&self, grid: &Grid, a: &Als, overlap: bool, mut f: impl FnMut(u32, Digit)) {
        for d in digits_of(a.digits) {
            let (a_holders, a_seen) = (a.holders(grid, d), a.seen[d.index()]);
            for c in a_seen & grid.digit_cells(d) {
                for &(j, b_cells) in self.list(d, c) {
                    let b_holders = b_cells & grid.digit_cells(d);
                    if !(b_holders - a_seen).is_empty() {
                        continue;
                    }
                    let shared = a.cells & b_cells;
                    if !shared.is_empty() && (!overlap || !((a_holders | b_holders) & shared).is_empty()) {
                        continue;
                    }
                    f(j, d);
                }
            }
        }
    }
}

/// The candidates of `z` a cell outside two sets can lose when `z` is in one of them: those seeing every `z` of
/// both sets.
fn z_removals(grid: &Grid, a: &Als, b: &Als, zs: u16) -> (Vec<(Cell, Digit)>, u16) {
    let mut out = Vec::new();
    let mut used = 0u16;
    // A digit not open in both sets has no cell to lose.
    for z in digits_of(zs & a.open & b.open) {
        let elim = grid.digit_cells(z) & a.seen[z.index()] & b.seen[z.index()];
        if !elim.is_empty() {
            used |= bit(z);
            out.extend(elim.iter().map(|c| (c, z)));
        }
    }
    (out, used)
}

/// Whether [`z_removals`] finds any: most pairs of sets remove nothing, and this tells so without building the
/// list.
#[inline]
fn any_z_removal(grid: &Grid, a: &Als, b: &Als, zs: u16) -> bool {
    digits_of(zs & a.open & b.open).any(|z| !(grid.digit_cells(z) & a.seen[z.index()] & b.seen[z.index()]).is_empty())
}

/// The holders of the digits `zs` in two sets: HoDoKu's "fins" of an ALS step, the cells to mark for `z`.
fn holders_of(grid: &Grid, a: &Als, b: &Als, zs: u16) -> Vec<Cell> {
    let mut cells = Bitboard::EMPTY;
    for z in digits_of(zs) {
        cells |= a.holders(grid, z) | b.holders(grid, z);
    }
    cells.iter().collect()
}

/// ALS-XZ: two sets linked by a restricted common `x`. `x` is in at most one of them, so the other is locked: a
/// digit `z` both hold is in one of them, and cells seeing every `z` of both lose it. Doubly linked (two restricted
/// commons): both sets are locked without the two digits, so each of them lies in one of the sets (cells seeing all
/// its holders in both lose it), and every other digit of either set is locked in it (cells seeing all its holders
/// there lose it).
///
/// After a grid where it found none, only pairs holding a set with a cell changed since are searched (see
/// [`changes`]): the others were pairs then, with every removal they have now.
pub fn als_xz(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    std::thread_local! {
        static BARREN: changes::Memory = const { RefCell::new(None) };
    }
    changes::search_around(&BARREN, grid, emit, |focus, emit| xz_search(grid, focus, emit))
}

/// The ALS-XZ pairs holding a set with a cell of `focus`.
fn xz_search(grid: &Grid, focus: Bitboard, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    let net = Net::of(grid, false);
    let fresh = net.fresh(focus);
    for link in net.pairs() {
        if !fresh.holds(link.from) && !fresh.holds(link.to) {
            continue;
        }
        let (a, b) = (&net.sets[link.from as usize], &net.sets[link.to as usize]);
        let common = a.digits & b.digits;
        let doubly = link.digits.count_ones() == 2;
        // Doubly linked, the two digits are themselves "z" for each other.
        let zs = if doubly { common } else { common & !link.digits };
        if !doubly && !any_z_removal(grid, a, b, zs) {
            continue;
        }
        let (mut elim, used) = z_removals(grid, a, b, zs);
        let mut locked = false;
        if doubly {
            for (this, other) in [(a, b), (b, a)] {
                for d in digits_of(this.digits & !link.digits) {
                    let cells = (grid.digit_cells(d) & this.seen[d.index()]) - other.cells;
                    locked |= !cells.is_empty();
                    elim.extend(cells.iter().map(|c| (c, d)));
                }
            }
        }
        if elim.is_empty() {
            continue;
        }
        let pattern = Pattern {
            digits: Candidates::from_bits(link.digits),
            // HoDoKu names z only when no locked-set elimination came with a double link.
            fins: if locked {
                Vec::new()
            } else {
                holders_of(grid, a, b, used)
            },
            variant: doubly.then_some("Doubly Linked"),
            sets: vec![a.cell_list(), b.cell_list()],
            set_digits: vec![Candidates::from_bits(a.digits), Candidates::from_bits(b.digits)],
            ..Pattern::default()
        };
        emit(Step::elimination(Technique::AlsXz, elim, pattern))?;
    }
    Flow::Continue(())
}

/// ALS-XY-Wing without overlapping sets (HoDoKu's default).
pub fn als_xy_wing(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    xy_wing(grid, false, emit)
}

/// ALS-XY-Wing whose sets may overlap where no restricted common lies (HoDoKu's variant 0902-2).
pub fn als_xy_wing_overlapping(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    xy_wing(grid, true, emit)
}

/// ALS-XY-Wing: a pivot set `C` linked to `A` by `x` and to `B` by `y` (`x` ≠ `y`). If neither `A` nor `B` held a
/// digit `z` both have, both would be locked, take `x` and `y` from `C`, and leave it too few digits; so cells
/// seeing every `z` of `A` and `B` lose it.
///
/// After a grid where it found none, only wings holding a set with a cell changed since are searched (see
/// [`changes`]).
fn xy_wing(grid: &Grid, overlap: bool, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    std::thread_local! {
        static BARREN: changes::Memory = const { RefCell::new(None) };
        static BARREN_OVERLAPPING: changes::Memory = const { RefCell::new(None) };
    }
    let memory = if overlap { &BARREN_OVERLAPPING } else { &BARREN };
    changes::search_around(memory, grid, emit, |focus, emit| {
        xy_wing_search(grid, overlap, focus, emit)
    })
}

/// The ALS-XY-Wings holding a set with a cell of `focus`.
fn xy_wing_search(grid: &Grid, overlap: bool, focus: Bitboard, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    let net = Net::of(grid, overlap);
    let fresh = net.fresh(focus);
    // After a barren grid, the places among a pivot's links of those leading to a fresh set: where neither the
    // pivot nor the first partner is fresh, only these are tried as the second (most pairs are passed over so, and
    // testing each pair was a branch the processor mispredicts).
    let mut fresh_links: Vec<u32> = Vec::new();
    for c in 0..net.sets.len() as u32 {
        let links = net.links_of(c);
        let every = fresh.holds(c);
        if !every {
            fresh_links.clear();
            fresh_links.extend((0..links.len() as u32).filter(|&k| fresh.holds(links[k as usize].to)));
            if fresh_links.is_empty() {
                continue;
            }
        }
        for (i, l1) in links.iter().enumerate() {
            // A wing removes only a digit open in both sets other than the link digits.
            let z1 = l1.open & !l1.digits;
            if z1 == 0 {
                continue;
            }
            if every || fresh.holds(l1.to) {
                for l2 in &links[i + 1..] {
                    if z1 & l2.open & !l2.digits != 0 {
                        wing(grid, &net, overlap, c, l1, l2, emit)?;
                    }
                }
            } else {
                let later = fresh_links.partition_point(|&k| k as usize <= i);
                for &k in &fresh_links[later..] {
                    let l2 = &links[k as usize];
                    if z1 & l2.open & !l2.digits != 0 {
                        wing(grid, &net, overlap, c, l1, l2, emit)?;
                    }
                }
            }
        }
    }
    Flow::Continue(())
}

/// Reports the wing of pivot `c` and the sets its links `l1` and `l2` lead to, if it is one and removes anything.
#[inline(always)]
fn wing(
    grid: &Grid,
    net: &Net,
    overlap: bool,
    c: u32,
    l1: &Link,
    l2: &Link,
    emit: &mut dyn FnMut(Step) -> Flow,
) -> Flow {
    if l1.to == l2.to || (l1.digits == l2.digits && l1.digits.count_ones() == 1) {
        return Flow::Continue(());
    }
    let (a, b) = (&net.sets[l1.to as usize], &net.sets[l2.to as usize]);
    if !overlap && !(a.cells & b.cells).is_empty() {
        return Flow::Continue(());
    }
    // One set inside the other is no wing, even where overlap is allowed.
    let union = a.cells | b.cells;
    if union == a.cells || union == b.cells {
        return Flow::Continue(());
    }
    let zs = a.digits & b.digits & !(l1.digits | l2.digits);
    if !any_z_removal(grid, a, b, zs) {
        return Flow::Continue(());
    }
    let (elim, _) = z_removals(grid, a, b, zs);
    if elim.is_empty() {
        return Flow::Continue(());
    }
    let pivot = &net.sets[c as usize];
    let pattern = Pattern {
        digits: Candidates::from_bits(l1.digits | l2.digits),
        sets: vec![a.cell_list(), b.cell_list(), pivot.cell_list()],
        set_digits: [a, b, pivot].iter().map(|s| Candidates::from_bits(s.digits)).collect(),
        ..Pattern::default()
    };
    emit(Step::elimination(Technique::AlsXyWing, elim, pattern))
}

/// ALS-XY-Chain without overlapping neighbours (HoDoKu's default).
pub fn als_chain(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    chain(grid, false, emit)
}

/// ALS-XY-Chain whose neighbouring sets may overlap where no restricted common lies (HoDoKu's variant 0903-2).
pub fn als_chain_overlapping(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    chain(grid, true, emit)
}

/// The longest chain [`als_chain_forward`] searches, in links: eight sets (the longest of HoDoKu's paths seen).
const MAX_FORWARD_LINKS: usize = 7;

/// A set's place in HoDoKu's order of sets: the first house holding all its cells (rows, then columns, then
/// boxes), then its cells' places in that house, compared as words (a set of cells in no one house comes last).
/// Packed in one number that compares as the pair would: the house above, then each place plus one in four bits,
/// the first place highest, so that a set's places compare as words do (a word before the words it begins).
pub(super) fn hodoku_set_key(cells: Bitboard) -> u64 {
    let Some(first) = cells.first() else {
        return u64::MAX;
    };
    // The first house holding every cell is one of the first cell's own, tried in House::ALL's order.
    let Some(house) = first.houses().into_iter().find(|h| (cells - h.cell_set()).is_empty()) else {
        return u64::MAX;
    };
    // A house's places run in the order of the cells' indices (a row's by column, a column's by row, a box's row by
    // row), so the cells, taken in that order, come place by place.
    let place = |c: Cell| match house {
        House::Row(_) => c.col(),
        House::Col(_) => c.row(),
        House::Box(_) => c.row() % 3 * 3 + c.col() % 3,
    };
    let mut places = 0u64;
    let mut shift = 32;
    for c in cells {
        places |= (place(c) as u64 + 1) << shift;
        shift -= 4;
    }
    (house.index() as u64) << 36 | places
}

/// The order HoDoKu lists the sets in, as each set's rank: by the first house holding all its cells (rows, then
/// columns, then boxes), then by its cells' places in that house, compared as words (a set before the sets it
/// begins). Learnt from HoDoKu's paths: every ALS-XY-Chain of them (179, over the fixtures and 965 puzzles of
/// top1465 past its first 500) goes from set to set up this order, and none of the 32,469 chains shudu found at
/// the steps where HoDoKu took a later technique does.
/// Returns each set's rank and the sets in that order (no two sets share a key).
fn hodoku_ranks(sets: &[Als]) -> (Vec<u32>, Vec<u32>) {
    let mut order: Vec<u32> = (0..sets.len() as u32).collect();
    order.sort_unstable_by_key(|&a| sets[a as usize].key);
    let mut rank = vec![0u32; sets.len()];
    for (r, &i) in order.iter().enumerate() {
        rank[i as usize] = r as u32;
    }
    (rank, order)
}

/// Each set's links up HoDoKu's order of sets (to a set of higher rank), in the order of [`Net::links_of`], each
/// with its index in [`Net::links`]: the walks up the order and their bound read these alone, rather than testing
/// each link's direction as they go (a test the processor cannot guess, half the links going each way).
struct UpLinks {
    start: Vec<u32>,
    links: Vec<(u32, Link)>,
}

impl UpLinks {
    fn of(net: &Net, rank: &[u32]) -> UpLinks {
        let blank = (
            0,
            Link {
                from: 0,
                to: 0,
                digits: 0,
                open: 0,
            },
        );
        // Every link written, the place moved on only for those going up: no branch on the direction.
        let mut links = vec![blank; net.links.len()];
        let mut start = Vec::with_capacity(net.sets.len() + 1);
        let mut n = 0;
        for t in 0..net.sets.len() {
            start.push(n as u32);
            let here = rank[t];
            let first = net.start[t];
            for (k, l) in net.links_of(t as u32).iter().enumerate() {
                links[n] = (first + k as u32, *l);
                n += usize::from(rank[l.to as usize] > here);
            }
        }
        start.push(n as u32);
        links.truncate(n);
        UpLinks { start, links }
    }

    fn of_set(&self, t: u32) -> &[(u32, Link)] {
        &self.links[self.start[t as usize] as usize..self.start[t as usize + 1] as usize]
    }
}

/// ALS-XY-Chain as HoDoKu's default searches it: every chain of four to eight sets each later than the one before
/// in HoDoKu's order of sets ([`hodoku_ranks`]), so no set twice, each link's digit other than the one before
/// (the same rule as [`als_chain`]); depth first, from the sets in that order. A walk that cannot end in a removal
/// by the chain search's [`Bound`] (made for walks up this order, [`forward_reach`]) is not walked, so the same
/// chains come out in the same order: over top1465's first 1,000 puzzles the grading's walks took 10.3 % of its
/// time, the bound and the walks it leaves take 7.7 % (the walks left, under a hundredth of what all cost).
///
/// After a grid where it found none, only chains holding a set with a cell changed since are searched (see
/// [`changes`]): walks and bound keep to the sets on a way up the order through such a set ([`through_fresh`]).
pub fn als_chain_forward(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    std::thread_local! {
        static BARREN: changes::Memory = const { RefCell::new(None) };
    }
    changes::search_around(&BARREN, grid, emit, |focus, emit| {
        forward_search(grid, true, focus, emit)
    })
}

/// [`als_chain_forward`] over the chains holding a set with a cell of `focus`, with the bound or (to test it)
/// walking every start.
fn forward_search(grid: &Grid, bounded: bool, focus: Bitboard, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    let net = Net::of(grid, false);
    let (rank, starts) = hodoku_ranks(&net.sets);
    let up = UpLinks::of(&net, &rank);
    let on = through_fresh(&up, &starts, &net.fresh(focus));
    let mut marks = SEEN.with(|s| s.take());
    let near = std::mem::take(&mut marks.near);
    let bound = if bounded {
        Bound::new(grid, &net, near, Walks::Forward(&up, &starts, &on))
    } else {
        Bound::none(near)
    };
    let mut ends = vec![0u64; bound.words];
    let mut path: Vec<Arrival> = Vec::with_capacity(MAX_FORWARD_LINKS);
    let mut flow = Flow::Continue(());
    'starts: for s in starts {
        let first = &net.sets[s as usize];
        if first.open == 0 || !on.holds(s) {
            continue;
        }
        // The candidates a chain from here could remove (as the chain search's walks number them).
        ends.fill(0);
        let mut zs = 0u16;
        for z in digits_of(first.open) {
            if bound.number(z.index(), grid.digit_cells(z) & first.seen[z.index()], &mut ends) {
                zs |= bit(z);
            }
        }
        if bound.words > 0 && zs == 0 {
            continue;
        }
        for &(link, l) in up.of_set(s) {
            if !on.holds(l.to) {
                continue;
            }
            for f in digits_of(l.digits) {
                let zopen = first.open & !bit(f);
                if zopen == 0 || (bound.words > 0 && (zs & !bit(f) == 0 || !bound.live(&ends, s, f))) {
                    continue;
                }
                path.clear();
                path.push(Arrival {
                    link,
                    to: l.to,
                    parent: u32::MAX,
                    used: bit(f),
                    open: l.open,
                    lo: 0,
                    hi: 0,
                });
                flow = forward(grid, &net, &up, &on, first, zopen, &mut path, emit);
                if flow.is_break() {
                    break 'starts;
                }
            }
        }
    }
    marks.near = bound.near;
    SEEN.with(|s| s.replace(marks));
    flow
}

/// The sets a chain up HoDoKu's order (its links `up`, the sets in `order`) holding a `fresh` set can pass: those
/// from which a way up the order leads to a fresh set, and those a way up the order from a fresh set leads to (the
/// link digits left aside, so more rather than fewer). A chain passes a fresh set; before it, each set leads up to
/// it, and after it, each is led to from it.
fn through_fresh(up: &UpLinks, order: &[u32], fresh: &Fresh) -> Fresh {
    let Some(bits) = &fresh.0 else {
        return Fresh(None);
    };
    let up = |t: u32| up.of_set(t).iter().map(|(_, l)| l);
    let has = |bits: &[u64], t: u32| bits[t as usize / 64] & 1 << (t % 64) != 0;
    let mut after = bits.clone();
    for &t in order {
        if has(&after, t) {
            for l in up(t) {
                after[l.to as usize / 64] |= 1 << (l.to % 64);
            }
        }
    }
    let mut before = bits.clone();
    for &t in order.iter().rev() {
        if !has(&before, t) && up(t).any(|l| has(&before, l.to)) {
            before[t as usize / 64] |= 1 << (t % 64);
        }
    }
    for (b, a) in before.iter_mut().zip(&after) {
        *b |= a;
    }
    Fresh(Some(before))
}

/// Goes on from the last set of `path`, reporting each chain of three links or more that removes something.
#[allow(clippy::too_many_arguments)]
fn forward(
    grid: &Grid,
    net: &Net,
    up: &UpLinks,
    on: &Fresh,
    first: &Als,
    zopen: u16,
    path: &mut Vec<Arrival>,
    emit: &mut dyn FnMut(Step) -> Flow,
) -> Flow {
    let here = *path.last().expect("a path has a link");
    if path.len() >= 3 {
        let last = &net.sets[here.to as usize];
        let zs = zopen & last.open & !here.used;
        if zs != 0 && any_z_removal(grid, first, last, zs) {
            let (elim, _) = z_removals(grid, first, last, zs);
            let pattern = chain_pattern(net, path, path.len() - 1, &elim);
            emit(Step::elimination(Technique::AlsChain, elim, pattern))?;
        }
    }
    if path.len() >= MAX_FORWARD_LINKS {
        return Flow::Continue(());
    }
    let parent = path.len() as u32 - 1;
    for &(link, l) in up.of_set(here.to) {
        let next = l.digits & !here.used;
        if next == 0 || !on.holds(l.to) {
            continue;
        }
        path.push(Arrival {
            link,
            to: l.to,
            parent,
            used: next,
            open: l.open,
            lo: 0,
            hi: 0,
        });
        let flow = forward(grid, net, up, on, first, zopen, path, emit);
        path.pop();
        flow?;
    }
    Flow::Continue(())
}

/// A search state of the chain: the link the chain arrived by and the digits it used there (the "actual"
/// restricted commons, which the next link may not use again).
#[derive(Clone, Copy)]
struct Arrival {
    link: u32,
    /// The set the link leads to.
    to: u32,
    parent: u32,
    used: u16,
    /// The open digits of the set it leads to.
    open: u16,
    /// The links on from there: `Onward::links[lo..hi]`.
    lo: u32,
    hi: u32,
}

/// ALS-XY-Chain: sets `A1 … An` (n ≥ 4), each linked to the next by a restricted common that differs from the one
/// before. If `A1` lacks a digit `z` it shares with `An`, it is locked, so it holds its link digit, which leaves
/// `A2` locked without it, and so on down the chain until `An` holds `z`; cells seeing every `z` of `A1` and `An`
/// lose it.
///
/// What a chain removes depends only on its ends and on the first and last link digits, so the search is a
/// breadth-first walk over (set, arriving digits) states from each start set and first digit, each state taken
/// once per depth class (one, two, three or more links) and at most [`MAX_LINKS`] deep. The walk may pass a set
/// twice; the reasoning holds link by link all the same. Nearly every walk can be seen to find nothing before it
/// starts (see [`Bound`]), and is not walked.
fn chain(grid: &Grid, overlap: bool, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    chain_search(grid, overlap, true, emit)
}

/// The chain search, with the [`Bound`] or (to test it) walking every start.
fn chain_search(grid: &Grid, overlap: bool, bounded: bool, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    let net = Net::of(grid, overlap);
    // The seen marks outlive the call (see `SEEN`): zeroing them anew each time cost as much as a tenth of the
    // search.
    let mut marks = SEEN.with(|s| s.take());
    marks.prepare(net.sets.len() * USED_SLOTS * 3);
    // The links on by arriving digit, built for the first walk not skipped: most calls walk none.
    let mut onward = None;
    let near = std::mem::take(&mut marks.near);
    let bound = if bounded {
        Bound::new(grid, &net, near, Walks::Links(MAX_LINKS))
    } else {
        Bound::none(near)
    };
    let mut ends = vec![0u64; bound.words];
    let mut queue: Vec<Arrival> = Vec::new();
    // Shorter chains first: the chains of four sets from every start, then the longer ones in the order the walks
    // find them. One walk a start finds both (a walk's states within three links are the same however deep it
    // goes on); the longer chains wait until every start has been walked, which is rarely needed: the search
    // mostly finds nothing.
    let mut longer: Vec<Step> = Vec::new();
    let mut flow = Flow::Continue(());
    for s in 0..net.sets.len() as u32 {
        // A walk removes only digits open in its first set.
        if net.sets[s as usize].open == 0 {
            continue;
        }
        let mut owned = false;
        flow = walk(
            grid,
            &net,
            &mut onward,
            &mut owned,
            &bound,
            &mut ends,
            s,
            &mut marks,
            &mut queue,
            &mut |step, links| {
                if links <= 3 {
                    emit(step)
                } else {
                    longer.push(step);
                    Flow::Continue(())
                }
            },
        );
        if owned {
            marks.seen[s as usize * MARKS_PER_SET as usize..][..MARKS_PER_SET as usize].fill(0);
        }
        if flow.is_break() {
            break;
        }
    }
    marks.near = bound.near;
    SEEN.with(|s| s.replace(marks));
    flow?;
    for step in longer {
        emit(step)?;
    }
    Flow::Continue(())
}

/// The seen marks of the chain search: per (set, depth class, arriving digits) the number of the last walk that
/// reached that state, so a new walk starts with none seen by taking a new number rather than clearing them (a walk
/// counts a state seen when its mark is not below the walk's number).
#[derive(Default)]
struct Marks {
    seen: Vec<u32>,
    stamp: u32,
    /// The storage of the chain search's [`Bound`].
    near: Vec<u64>,
}

impl Marks {
    /// At least `len` marks, none of them seen by a walk to come.
    fn prepare(&mut self, len: usize) {
        if self.seen.len() < len {
            self.seen.resize(len, 0);
        }
        // Numbers are not reused: when they run out, every mark is cleared and they start again.
        if self.stamp > u32::MAX - (1 << 20) {
            self.seen.iter_mut().for_each(|m| *m = 0);
            self.stamp = 0;
        }
    }
}

thread_local! {
    /// The chain search's marks, kept between calls on this thread.
    static SEEN: RefCell<Marks> = RefCell::new(Marks::default());
}

/// The code of each set of one or two arriving digits among a set's [`USED_SLOTS`] marks: the digits first, then
/// the pairs (a, b), a < b, in order.
static USED_CODE: [u8; 512] = used_codes();

const fn used_codes() -> [u8; 512] {
    let mut out = [0u8; 512];
    let mut code = 9;
    let mut a = 0;
    while a < 9 {
        out[1 << a] = a as u8;
        let mut b = a + 1;
        while b < 9 {
            out[(1 << a) | (1 << b)] = code;
            code += 1;
            b += 1;
        }
        a += 1;
    }
    out
}

/// The walks from set `s` (one per first link digit), at most [`MAX_LINKS`] links long, reporting the chains of
/// at least three links with their number of links. The first walk not skipped builds `onward` if no walk has yet,
/// and marks the first set's states as seen, telling the caller by `owned`.
#[allow(clippy::too_many_arguments)]
fn walk(
    grid: &Grid,
    net: &Net,
    onward: &mut Option<Onward>,
    owned: &mut bool,
    bound: &Bound,
    ends: &mut [u64],
    s: u32,
    marks: &mut Marks,
    queue: &mut Vec<Arrival>,
    emit: &mut dyn FnMut(Step, u8) -> Flow,
) -> Flow {
    let first_set = &net.sets[s as usize];
    // A walk's first link digit is one of the set's links'.
    let firsts = net.links_of(s).iter().fold(0, |m, l| m | l.digits);
    if firsts == 0 {
        return Flow::Continue(());
    }
    // For each digit, the cells that could lose it for the first set: a chain ending in a set that sees none of
    // them for any of its `z` removes nothing, which spares building the removals that mostly come to nothing.
    let mut reach = [Bitboard::EMPTY; 9];
    for z in digits_of(first_set.open) {
        reach[z.index()] = grid.digit_cells(z) & first_set.seen[z.index()];
    }
    // The candidates (among those the bound numbers) that a chain from here could remove, and their digits.
    ends.fill(0);
    let mut zs = 0u16;
    for z in digits_of(first_set.open) {
        if bound.number(z.index(), reach[z.index()], ends) {
            zs |= bit(z);
        }
    }
    if bound.words > 0 && zs == 0 {
        return Flow::Continue(());
    }
    let seen = &mut marks.seen[..];
    for f in digits_of(first_set.digits & firsts) {
        // A walk from here removes only a digit of the first set other than `f` that some cell could lose.
        let zopen = first_set.open & !bit(f);
        if zopen == 0 || (bound.words > 0 && zs & !bit(f) == 0) {
            continue;
        }
        // A walk none of whose first states can reach one of them (but those of `f`) finds nothing.
        if !bound.live(ends, s, f) {
            continue;
        }
        let onward = &*onward.get_or_insert_with(|| Onward::new(net));
        if !*owned {
            // While the walks from `s` go, its own marks read as seen by every one of them, so that none comes
            // back to it without a test of its own on every link (the caller clears them).
            seen[s as usize * MARKS_PER_SET as usize..][..MARKS_PER_SET as usize].fill(u32::MAX);
            *owned = true;
        }
        marks.stamp += 1;
        let stamp = marks.stamp;
        queue.clear();
        for (k, l) in net.links_of(s).iter().enumerate() {
            if l.digits & bit(f) != 0 {
                let link = net.start[s as usize] + k as u32;
                seen[slot(l.to, bit(f), 1)] = stamp;
                let (lo, hi) = onward.range(l.to, bit(f));
                queue.push(Arrival {
                    link,
                    to: l.to,
                    parent: u32::MAX,
                    used: bit(f),
                    open: l.open,
                    lo,
                    hi,
                });
            }
        }
        // The queue holds the states of one depth after another: `queue[head..end]` are those `depth` links away.
        let mut head = 0;
        let mut depth = 1u8;
        while head < queue.len() {
            let end = queue.len();
            let class = (usize::from((depth + 1).min(3)) - 1) * USED_SLOTS;
            for i in head..end {
                let here = queue[i];
                // No state is the first set again: the links back to it are never taken (see `visit`).
                if depth >= 3 && zopen & here.open & !here.used != 0 {
                    let last = &net.sets[here.to as usize];
                    let zs = zopen & last.open & !here.used;
                    if digits_of(zs).any(|z| !(reach[z.index()] & last.seen[z.index()]).is_empty()) {
                        report_chain(grid, net, first_set, last, zs, queue, i, depth, emit)?;
                    }
                }
                if depth >= MAX_LINKS {
                    continue;
                }
                let parent = i as u32;
                let links = &onward.links[here.lo as usize..here.hi as usize];
                let marks_here = &mut seen[class..];
                // Arriving by one digit, the links' precomputed digits and slots hold; by two, the second digit is
                // taken off too.
                if here.used.is_power_of_two() {
                    for l in links {
                        visit(marks_here, stamp, queue, l, l.next, l.slot, (l.lo, l.hi), parent);
                    }
                } else {
                    for l in links {
                        let next = l.next & !here.used;
                        if next != 0 {
                            let slot = l.to * MARKS_PER_SET + used_code(next) as u32;
                            visit(
                                marks_here,
                                stamp,
                                queue,
                                l,
                                next,
                                slot,
                                onward.range(l.to, next),
                                parent,
                            );
                        }
                    }
                }
            }
            head = end;
            depth += 1;
        }
    }
    Flow::Continue(())
}

/// Queues the state a link leads to, arriving by `next` (its mark `slot` within the depth class of `marks`, the
/// links on from it `onward`), unless the walk has been there or it is the walk's first set (whose marks are above
/// every walk's number).
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn visit(
    marks: &mut [u32],
    stamp: u32,
    queue: &mut Vec<Arrival>,
    l: &OnwardLink,
    next: u16,
    slot: u32,
    (lo, hi): (u32, u32),
    parent: u32,
) {
    let mark = &mut marks[slot as usize];
    if *mark < stamp {
        *mark = stamp;
        queue.push(Arrival {
            link: l.link,
            to: l.to,
            parent,
            used: next,
            open: l.open,
            lo,
            hi,
        });
    }
}

/// Reports the chain ending at `queue[end]`, removing the digits `zs` from the cells that see them in both end sets.
/// Kept out of the walk, which seldom gets here, so that its loops keep their registers.
#[cold]
#[inline(never)]
#[allow(clippy::too_many_arguments)]
fn report_chain(
    grid: &Grid,
    net: &Net,
    first_set: &Als,
    last: &Als,
    zs: u16,
    queue: &[Arrival],
    end: usize,
    depth: u8,
    emit: &mut dyn FnMut(Step, u8) -> Flow,
) -> Flow {
    let (elim, _) = z_removals(grid, first_set, last, zs);
    let pattern = chain_pattern(net, queue, end, &elim);
    emit(Step::elimination(Technique::AlsChain, elim, pattern), depth)
}

/// What the walks can reach, to skip the walks that cannot end in a removal. A chain from set `s` removing `z`
/// ends on a set `t` arriving there by a digit other than `z`, where a cell holding `z` sees every `z` of `s` and
/// of `t`. For each search node the bound keeps the candidates (`z`, cell) that the sets a walk can reach two to
/// [`MAX_LINKS`] − 1 links on, arriving by a digit other than `z`, see so for `z`; a walk none of whose first
/// states reaches a candidate its first set sees for one of its digits so finds nothing and is skipped. The other
/// walks go as before, so the same chains are found in the same order; nearly every walk is skipped.
///
/// The nodes are the walks' states as (set, arriving digit), with one more node for arrivals by two digits at a
/// set with a link of two, which goes on by every link and counts no arriving digit as sure after a link of two: a
/// state arriving by two digits goes on by fewer links, to states arriving by no more digits, so the node's reach
/// holds the reach of each of its states (and, link by link, of each node of one of the set's digits). Arriving by
/// two digits is counted as arriving by the lower one, which allows more.
///
/// Candidates rather than (set, digit) ends are kept because there are far fewer of them, which keeps the bit
/// sets short; whether a state reaches a candidate the first set sees decides the same as whether it reaches an
/// end. Only candidates seen so by two sets or more are numbered: a walk never comes back to its first set, so its
/// end is another set seeing the candidate too.
struct Bound {
    /// Words per bit set of candidates; none when every walk is walked.
    words: usize,
    /// The row of node `set * 10 + d` (`d` = 9 for two arriving digits), `u32::MAX` when no state stands on it.
    row_of: Vec<u32>,
    /// For the row of each node (`set`, `d`) with `d` < 9, the candidates the walks from `set` whose first link
    /// digit is `d` can reach: words `row * words..`.
    near: Vec<u64>,
    /// For each digit, the cells whose candidate is numbered.
    numbered: [Bitboard; 9],
    /// The number of each candidate (`digit * 81 + cell`), where numbered: in digit order, then cell order.
    index: [u16; 9 * 81],
    /// For each digit, the bits of its candidates: words `digit * words..`.
    ranges: Vec<u64>,
}

/// The most words of a [`Bound`] bit set: 729 candidates.
const BOUND_WORDS: usize = 12;

impl Bound {
    /// The bound of a net, in `near`'s storage (kept between calls).
    fn new(grid: &Grid, net: &Net, near: Vec<u64>, walks: Walks) -> Bound {
        let n = net.sets.len();
        // Sets without a link neither start a walk nor end one, nor do sets off every way through a fresh set
        // after a barren grid: their candidates are left out, and they have no rows.
        let on = match walks {
            Walks::Forward(_, _, on) => on,
            Walks::Links(_) => &Fresh(None),
        };
        let linked = |t: usize| net.start[t] != net.start[t + 1] && on.holds(t as u32);
        let mut once = [Bitboard::EMPTY; 9];
        let mut numbered = [Bitboard::EMPTY; 9];
        for (t, a) in net.sets.iter().enumerate() {
            if !linked(t) {
                continue;
            }
            for z in digits_of(a.open) {
                let s = a.seen[z.index()] & grid.digit_cells(z);
                numbered[z.index()] |= once[z.index()] & s;
                once[z.index()] |= s;
            }
        }
        let mut index = [0u16; 9 * 81];
        let mut count = 0usize;
        let mut first = [0usize; 10];
        for z in 0..9 {
            first[z] = count;
            for c in numbered[z] {
                index[z * 81 + c.index()] = count as u16;
                count += 1;
            }
        }
        first[9] = count;
        let words = count.div_ceil(64).max(1);
        let mut ranges = vec![0u64; 9 * words];
        for z in 0..9 {
            for i in first[z]..first[z + 1] {
                ranges[z * words + i / 64] |= 1 << (i % 64);
            }
        }
        // A state stands on a set arriving by a digit of one of its links (they go both ways), or by two digits
        // when the link it came by has two (a link of two digits leads both ways too).
        let mut row_of = vec![u32::MAX; n * 10];
        let mut rows = 0u32;
        for t in 0..n {
            if !linked(t) {
                continue;
            }
            let links = net.links_of(t as u32);
            let (arrive, two) = links.iter().fold((0u16, 0u16), |(m, two), l| {
                (m | l.digits, two | u16::from(!l.digits.is_power_of_two()))
            });
            // Bit 9 for two digits. Each node numbered without a branch on whether it stands: the processor
            // cannot guess which digits a set's links have.
            let stands = arrive | two << 9;
            for (d, row) in row_of[t * 10..][..10].iter_mut().enumerate() {
                let here = u32::from(stands >> d & 1);
                *row = if here == 1 { rows } else { u32::MAX };
                rows += here;
            }
        }
        let mut bound = Bound {
            words,
            row_of,
            near,
            numbered,
            index,
            ranges,
        };
        let mut near = std::mem::take(&mut bound.near);
        match words {
            1 => reach::<1>(grid, net, &bound, rows as usize, walks, &mut near),
            2 => reach::<2>(grid, net, &bound, rows as usize, walks, &mut near),
            3 => reach::<3>(grid, net, &bound, rows as usize, walks, &mut near),
            4 => reach::<4>(grid, net, &bound, rows as usize, walks, &mut near),
            5 => reach::<5>(grid, net, &bound, rows as usize, walks, &mut near),
            6 => reach::<6>(grid, net, &bound, rows as usize, walks, &mut near),
            7 => reach::<7>(grid, net, &bound, rows as usize, walks, &mut near),
            8 => reach::<8>(grid, net, &bound, rows as usize, walks, &mut near),
            9 => reach::<9>(grid, net, &bound, rows as usize, walks, &mut near),
            10 => reach::<10>(grid, net, &bound, rows as usize, walks, &mut near),
            11 => reach::<11>(grid, net, &bound, rows as usize, walks, &mut near),
            _ => reach::<BOUND_WORDS>(grid, net, &bound, rows as usize, walks, &mut near),
        }
        bound.near = near;
        bound
    }

    /// No bound: every walk is walked.
    fn none(near: Vec<u64>) -> Bound {
        Bound {
            words: 0,
            row_of: Vec::new(),
            near,
            numbered: [Bitboard::EMPTY; 9],
            index: [0; 9 * 81],
            ranges: Vec::new(),
        }
    }

    /// Adds the numbered candidates of digit `z` in `cells` to the bit set `out`, telling whether there are any.
    #[inline]
    fn number(&self, z: usize, cells: Bitboard, out: &mut [u64]) -> bool {
        let cells = cells & self.numbered[z];
        for c in cells {
            let i = usize::from(self.index[z * 81 + c.index()]);
            out[i / 64] |= 1 << (i % 64);
        }
        !cells.is_empty()
    }

    /// The bits of digit `z`'s candidates.
    #[inline]
    fn range(&self, z: usize) -> &[u64] {
        &self.ranges[z * self.words..][..self.words]
    }

    /// Whether the walks from set `s` whose first link digit is `f` can reach one of the candidates `ends` not of
    /// digit `f`.
    #[inline]
    fn live(&self, ends: &[u64], s: u32, f: Digit) -> bool {
        let words = self.words;
        if words == 0 {
            return true;
        }
        let row = self.row_of[s as usize * 10 + f.index()];
        // No link of `f` from `s`: no walk.
        if row == u32::MAX {
            return false;
        }
        let near = &self.near[row as usize * words..][..words];
        let range = self.range(f.index());
        near.iter()
            .zip(ends)
            .zip(range)
            .fold(0, |m, ((a, b), r)| m | a & b & !r)
            != 0
    }
}

/// Whether set `t` has rows in a [`Bound`]: not when it has no link, nor when it is off every way through a fresh
/// set (see `Bound::new`).
#[inline]
fn has_rows(row_of: &[u32], t: usize) -> bool {
    row_of[t * 10..][..10].iter().any(|&r| r != u32::MAX)
}

/// The walks a [`Bound`] is made for.
#[derive(Copy, Clone)]
enum Walks<'a> {
    /// Any way through the net, at most this many links ([`chain_search`]).
    Links(u8),
    /// Up HoDoKu's order of sets, as each set's links up the order and the sets in that order
    /// ([`forward_search`]), of any length.
    Forward(&'a UpLinks, &'a [u32], &'a Fresh),
}

/// [`reach`] for walks up the order of sets (the links `up`): each link leads to a later set, so what a node reaches
/// is what the nodes of the later sets it links to reach, made in one pass from the last set back, however long the
/// walks (the levels of [`reach`] cost as much again as the walks they spared). Walks longer than [`forward_search`]'s,
/// and of two links, reach more, never less, so the bound holds. A node of two arriving digits stands for every
/// such pair: it may go on by any link and keeps every digit.
fn forward_reach<const W: usize>(
    net: &Net,
    bound: &Bound,
    cover: &[[u64; W]],
    up: &UpLinks,
    order: &[u32],
    range: &[[u64; W]; 10],
    out: &mut Vec<u64>,
) {
    let row_of = &bound.row_of;
    let rows = row_of.iter().filter(|&&r| r != u32::MAX).count();
    let mut at: Vec<[u64; W]> = vec![[0u64; W]; rows];
    // Links of more than one digit, which lead on by the digits the arrival leaves: few.
    let mut several: Vec<&Link> = Vec::new();
    // From the last set in the order back.
    for &t in order.iter().rev() {
        let t = t as usize;
        let rows_of_t = &row_of[t * 10..][..10];
        if rows_of_t.iter().all(|&r| r == u32::MAX) {
            continue;
        }
        // What each link of one digit up the order brings, by its digit: every node of the set but the one
        // arriving by that digit takes it. Gathered once for the set's nodes, rather than a pass over every
        // link (half of them down the order) for each node, whose tests the processor mispredicts.
        let mut by_digit = [[0u64; W]; 9];
        let mut digits = 0u16;
        several.clear();
        for (_, l) in up.of_set(t as u32) {
            let to = l.to as usize;
            if !l.digits.is_power_of_two() {
                several.push(l);
                continue;
            }
            let d = l.digits.trailing_zeros() as usize;
            let node = row_of[to * 10 + d];
            // A set without rows is off every way through a fresh set (see `Bound::new`).
            if node == u32::MAX {
                continue;
            }
            digits |= l.digits;
            for ((a, c), (r, b)) in by_digit[d]
                .iter_mut()
                .zip(&cover[to])
                .zip(range[d].iter().zip(&at[node as usize]))
            {
                *a |= (c & !r) | b;
            }
        }
        for (a, &row) in rows_of_t.iter().enumerate() {
            if row == u32::MAX {
                continue;
            }
            let used = if a < 9 { 1u16 << a } else { 0 };
            let mut acc = [0u64; W];
            for d in digits_of(digits & !used) {
                for (a, b) in acc.iter_mut().zip(&by_digit[d.index()]) {
                    *a |= b;
                }
            }
            for l in &several {
                let next = l.digits & !used;
                let (node, arrived) = if next.is_power_of_two() {
                    let d = next.trailing_zeros() as usize;
                    (row_of[l.to as usize * 10 + d], d)
                } else {
                    (row_of[l.to as usize * 10 + 9], 9)
                };
                if node == u32::MAX {
                    continue;
                }
                let beyond = &at[node as usize];
                for ((a, c), (r, b)) in acc
                    .iter_mut()
                    .zip(&cover[l.to as usize])
                    .zip(range[arrived].iter().zip(beyond))
                {
                    *a |= (c & !r) | b;
                }
            }
            at[row as usize] = acc;
        }
    }
    walk_rows(net, row_of, &at, |t| up.of_set(t as u32).iter().map(|(_, l)| l), out);
}

/// Fills `out` with the candidates the walks from each set by each first link digit reach, `W` words a row of
/// `bound`: what the nodes the first links lead to reach two to `links` − 1 links on (for walks of at most `links`
/// links; walks up HoDoKu's order of sets are [`forward_reach`]'s).
fn reach<const W: usize>(grid: &Grid, net: &Net, bound: &Bound, rows: usize, walks: Walks, out: &mut Vec<u64>) {
    let row_of = &bound.row_of;
    let node = |to: u32, used: u16| {
        let d = if used.is_power_of_two() {
            used.trailing_zeros() as usize
        } else {
            9
        };
        row_of[to as usize * 10 + d]
    };
    let mut range = [[0u64; W]; 10];
    for (z, r) in range.iter_mut().take(9).enumerate() {
        r.copy_from_slice(bound.range(z));
    }
    // The candidates each set sees for its digits.
    let mut cover: Vec<[u64; W]> = Vec::with_capacity(net.sets.len());
    for (t, a) in net.sets.iter().enumerate() {
        let mut bits = [0u64; W];
        if !has_rows(row_of, t) {
            cover.push(bits);
            continue;
        }
        for z in digits_of(a.open) {
            bound.number(z.index(), a.seen[z.index()] & grid.digit_cells(z), &mut bits);
        }
        cover.push(bits);
    }
    let links = match walks {
        Walks::Links(links) => links,
        Walks::Forward(up, order, _) => return forward_reach(net, bound, &cover, up, order, &range, out),
    };
    // Each row's links: the row of the node each leads to, and (in `one`) the candidates the sets they lead to
    // see for their digits other than the one each surely arrives by, if any (9 for none).
    let mut targets: Vec<u32> = Vec::with_capacity(net.links.len() * 2);
    let mut edge_start: Vec<u32> = Vec::with_capacity(rows + 1);
    let mut one: Vec<[u64; W]> = Vec::with_capacity(rows);
    let edge = |targets: &mut Vec<u32>, acc: &mut [u64; W], to: u32, next: u16, arrived: usize| {
        targets.push(node(to, next));
        for ((a, c), r) in acc.iter_mut().zip(&cover[to as usize]).zip(&range[arrived]) {
            *a |= c & !r;
        }
    };
    for t in 0..net.sets.len() {
        let links = net.links_of(t as u32);
        if links.is_empty() {
            continue;
        }
        let arrive = links.iter().fold(0, |m, l| m | l.digits);
        for d in digits_of(arrive).map(Digit::index) {
            edge_start.push(targets.len() as u32);
            let mut acc = [0u64; W];
            for l in links {
                if l.digits != 1 << d {
                    // By two digits, a state arrives by both: counting the lower one allows more.
                    let next = l.digits & !(1 << d);
                    edge(&mut targets, &mut acc, l.to, next, next.trailing_zeros() as usize);
                }
            }
            one.push(acc);
        }
        if row_of[t * 10 + 9] != u32::MAX {
            // A state arriving by two digits may go on by a link of two by either or both of them, so such a
            // link leads to the node of two digits arriving by none for sure (that node reaches what the
            // nodes of each of its digits do).
            edge_start.push(targets.len() as u32);
            let mut acc = [0u64; W];
            for l in links {
                let arrived = if l.digits.is_power_of_two() {
                    l.digits.trailing_zeros() as usize
                } else {
                    9
                };
                edge(&mut targets, &mut acc, l.to, l.digits, arrived);
            }
            one.push(acc);
        }
    }
    edge_start.push(targets.len() as u32);
    // Level `b` < `last` holds the candidates one to `b + 1` links on; the last, what the links lead to reaches.
    let last = usize::from(links) - 2;
    let mut before: Vec<[u64; W]> = Vec::with_capacity(rows);
    let mut level: Vec<[u64; W]> = Vec::with_capacity(rows);
    for b in 1..=last {
        let from = if b == 1 { &one } else { &before };
        level.clear();
        for r in 0..rows {
            let mut acc = if b < last { one[r] } else { [0u64; W] };
            for &u in &targets[edge_start[r] as usize..edge_start[r + 1] as usize] {
                for (a, p) in acc.iter_mut().zip(&from[u as usize]) {
                    *a |= p;
                }
            }
            level.push(acc);
        }
        std::mem::swap(&mut before, &mut level);
    }
    walk_rows(net, row_of, &before, |t| net.links_of(t as u32).iter(), out);
}

/// Fills `out` with what the walks from each set by each first link digit reach: what the nodes their first links
/// lead to reach (`reach`, a row each), for the first links `first(set)` gives; `W` words a row, in the order
/// of the bound's rows (rows of two digits, and the rows of a set no walk starts from, empty).
fn walk_rows<'a, const W: usize, F: Iterator<Item = &'a Link>>(
    net: &Net,
    row_of: &[u32],
    reach: &[[u64; W]],
    first: impl Fn(usize) -> F,
    out: &mut Vec<u64>,
) {
    out.clear();
    for t in 0..net.sets.len() {
        let links = net.links_of(t as u32);
        if !has_rows(row_of, t) {
            continue;
        }
        let (arrive, two) = links.iter().fold((0u16, false), |(m, two), l| {
            (m | l.digits, two | !l.digits.is_power_of_two())
        });
        // A row per digit of `arrive`, each link's digits ORed into theirs in one pass over the links.
        let base = out.len();
        out.resize(base + arrive.count_ones() as usize * W, 0);
        // No walk starts from a set without an open digit (see `chain_search`).
        if net.sets[t].open != 0 {
            for l in first(t) {
                for d in digits_of(l.digits).map(Digit::index) {
                    let row = row_of[l.to as usize * 10 + d];
                    if row == u32::MAX {
                        continue;
                    }
                    let slot = base + (arrive & ((1 << d) - 1)).count_ones() as usize * W;
                    for (a, v) in out[slot..slot + W].iter_mut().zip(&reach[row as usize]) {
                        *a |= v;
                    }
                }
            }
        }
        if two {
            out.extend([0; W]);
        }
    }
}

/// The links a chain may go on by from each set, by the digit it arrived with: those with a digit other than that
/// one, in the order of [`Net::links_of`] (which the walks keep, as it decides which chain is found first).
/// Most links of a set go by one digit, so a chain that arrived by it skips them without looking at them.
struct Onward {
    /// The links on from set `i` after arriving by digit `d` are `links[start[i * 9 + d]..start[i * 9 + d + 1]]`.
    start: Vec<u32>,
    links: Vec<OnwardLink>,
}

/// A link in [`Onward`], for a chain arriving by one digit `d`: the set it leads to, its digits other than `d` and
/// the slot among the marks of arriving there by them (before the depth class), the open digits of the set it
/// leads to, its index in [`Net::links`], and the range of the links on from there (see [`Onward::range`]).
#[derive(Clone, Copy)]
struct OnwardLink {
    to: u32,
    slot: u32,
    link: u32,
    lo: u32,
    hi: u32,
    next: u16,
    open: u16,
}

impl Onward {
    fn new(net: &Net) -> Onward {
        let mut start = Vec::with_capacity(net.sets.len() * 9 + 1);
        let mut links = Vec::with_capacity(net.links.len() * 4);
        for i in 0..net.sets.len() as u32 {
            let base = net.start[i as usize];
            // A chain arrives only by a digit of one of the set's links (they go both ways).
            let arrivals = net.links_of(i).iter().fold(0, |m, l| m | l.digits);
            for d in 0..9 {
                start.push(links.len() as u32);
                if arrivals & 1 << d == 0 {
                    continue;
                }
                for (k, l) in net.links_of(i).iter().enumerate() {
                    if l.digits != 1 << d {
                        let next = l.digits & !(1 << d);
                        links.push(OnwardLink {
                            to: l.to,
                            slot: l.to * MARKS_PER_SET + used_code(next) as u32,
                            link: base + k as u32,
                            lo: 0,
                            hi: 0,
                            next,
                            open: l.open,
                        });
                    }
                }
            }
        }
        start.push(links.len() as u32);
        let mut onward = Onward { start, links };
        for k in 0..onward.links.len() {
            let l = onward.links[k];
            (onward.links[k].lo, onward.links[k].hi) = onward.range(l.to, l.next);
        }
        onward
    }

    /// The range in `links` of the links on from set `i` with a digit outside `used` (and, when `used` is two
    /// digits, those with no other digit, which the caller skips).
    #[inline]
    fn range(&self, i: u32, used: u16) -> (u32, u32) {
        let k = i as usize * 9 + used.trailing_zeros() as usize;
        (self.start[k], self.start[k + 1])
    }
}

/// Slots per set and depth class in the seen marks: one per arriving digit, then one per arriving pair of digits.
const USED_SLOTS: usize = 45;

/// The marks of one set: [`USED_SLOTS`] per depth class (one, two, three or more links).
const MARKS_PER_SET: u32 = 3 * USED_SLOTS as u32;

/// The mark of the state (set, arriving digits, depth class 1/2/3). The state is all that matters for what
/// follows, whichever link led there.
#[inline]
fn slot(set: u32, used: u16, class: u8) -> usize {
    (set * MARKS_PER_SET) as usize + (class as usize - 1) * USED_SLOTS + used_code(used)
}

/// The code of one or two arriving digits among a depth class's marks.
#[inline]
fn used_code(used: u16) -> usize {
    USED_CODE[usize::from(used) & 511] as usize
}

/// The pattern of a chain ending at `queue[end]`: its sets in order, and an ALS chain of nodes: `z` off in the
/// first set, then for each link digit `r` the pair "`r` in this set" → "`r` not in the next", then `z` on in the
/// last set.
fn chain_pattern(net: &Net, queue: &[Arrival], end: usize, elim: &[(Cell, Digit)]) -> Pattern {
    let mut path = Vec::new();
    let mut i = end as u32;
    while i != u32::MAX {
        path.push(queue[i as usize]);
        i = queue[i as usize].parent;
    }
    path.reverse();
    let zs: Candidates = elim.iter().map(|&(_, d)| d).collect();
    let set_of = |k: u32| &net.sets[k as usize];
    let mut sets = Vec::new();
    let mut set_digits = Vec::new();
    let mut nodes = Vec::new();
    let push_set = |k: u32, sets: &mut Vec<Vec<Cell>>, set_digits: &mut Vec<Candidates>| {
        sets.push(set_of(k).cell_list());
        set_digits.push(Candidates::from_bits(set_of(k).digits));
    };
    let first_link = net.links[path[0].link as usize];
    push_set(first_link.from, &mut sets, &mut set_digits);
    for z in zs {
        nodes.push(Node {
            digit: z,
            cells: set_of(first_link.from).cell_list(),
            kind: NodeKind::Als,
            on: false,
        });
    }
    for step in &path {
        let l = net.links[step.link as usize];
        for r in digits_of(step.used) {
            nodes.push(Node {
                digit: r,
                cells: set_of(l.from).cell_list(),
                kind: NodeKind::Als,
                on: true,
            });
            nodes.push(Node {
                digit: r,
                cells: set_of(l.to).cell_list(),
                kind: NodeKind::Als,
                on: false,
            });
        }
        push_set(l.to, &mut sets, &mut set_digits);
    }
    if let Some(last) = path.last() {
        let to = net.links[last.link as usize].to;
        for z in zs {
            nodes.push(Node {
                digit: z,
                cells: set_of(to).cell_list(),
                kind: NodeKind::Als,
                on: true,
            });
        }
    }
    Pattern {
        digits: path
            .iter()
            .map(|a| Candidates::from_bits(a.used))
            .fold(Candidates::EMPTY, Candidates::or),
        chains: vec![Chain { nodes }],
        sets,
        set_digits,
        ..Pattern::default()
    }
}

/// Death Blossom without overlapping petals (HoDoKu's default).
pub fn death_blossom(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    blossom(grid, false, emit)
}

/// Death Blossom whose petals may overlap (HoDoKu's variant 0904-2).
pub fn death_blossom_overlapping(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    blossom(grid, true, emit)
}

/// Death Blossom: a stem cell and, for each of its digits `d`, a petal (a set holding `d`, every `d` of which sees
/// the stem). Whatever the stem holds, that petal loses `d` and is locked, so a digit `z` all petals hold (and the
/// stem lacks) is in one of them; cells seeing every `z` of every petal lose it.
fn blossom(grid: &Grid, overlap: bool, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    // The sets only: the links between them do not matter here, so the net of the ALS finders before serves.
    let net = Net::of(grid, false);
    let sets = &net.sets;
    let mut petals: [Vec<u32>; 9] = Default::default();
    for stem in grid.empty_cells() {
        let stem_digits = grid.candidates(stem);
        if stem_digits.len() < 2 {
            continue;
        }
        for p in petals.iter_mut() {
            p.clear();
        }
        for (i, s) in sets.iter().enumerate() {
            if s.cells.contains(stem) {
                continue;
            }
            for d in stem_digits {
                if !s.holders(grid, d).is_empty() && s.seen[d.index()].contains(stem) {
                    petals[d.index()].push(i as u32);
                }
            }
        }
        if stem_digits.iter().any(|d| petals[d.index()].is_empty()) {
            continue;
        }
        let mut search = Blossom {
            grid,
            sets,
            petals: &petals,
            stem,
            stem_digits,
            overlap,
            chosen: [0; 9],
        };
        search.grow(Candidates::ALL.without(stem_digits).bits(), Bitboard::EMPTY, emit)?;
    }
    Flow::Continue(())
}

/// The recursive petal choice of one stem.
struct Blossom<'a> {
    grid: &'a Grid,
    sets: &'a [Als],
    petals: &'a [Vec<u32>; 9],
    stem: Cell,
    stem_digits: Candidates,
    overlap: bool,
    /// The petal chosen for each stem digit so far.
    chosen: [u32; 9],
}

impl Blossom<'_> {
    /// Chooses a petal for the lowest stem digit without one yet; `zs` are the digits outside the stem every petal
    /// so far holds, `used` their cells.
    fn grow(&mut self, zs: u16, used: Bitboard, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
        let done: u16 = self.chosen_mask();
        let Some(d) = self.stem_digits.iter().find(|d| done & bit(*d) == 0) else {
            return self.report(zs, used, emit);
        };
        for k in 0..self.petals[d.index()].len() {
            let p = self.petals[d.index()][k];
            let petal = &self.sets[p as usize];
            if !self.overlap && !(petal.cells & used).is_empty() {
                continue;
            }
            let now = zs & petal.digits;
            if now == 0 {
                continue;
            }
            self.chosen[d.index()] = p + 1;
            self.grow(now, used | petal.cells, emit)?;
            self.chosen[d.index()] = 0;
        }
        Flow::Continue(())
    }

    fn chosen_mask(&self) -> u16 {
        let mut m = 0;
        for d in self.stem_digits {
            if self.chosen[d.index()] != 0 {
                m |= bit(d);
            }
        }
        m
    }

    fn report(&self, zs: u16, used: Bitboard, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
        let petal_sets: Vec<&Als> = self
            .stem_digits
            .iter()
            .map(|d| &self.sets[self.chosen[d.index()] as usize - 1])
            .collect();
        let mut elim = Vec::new();
        for z in digits_of(zs) {
            let mut cells = self.grid.digit_cells(z) - used - Bitboard::only(self.stem);
            for petal in &petal_sets {
                for h in petal.holders(self.grid, z) {
                    cells &= h.peer_set();
                }
            }
            elim.extend(cells.iter().map(|c| (c, z)));
        }
        if elim.is_empty() {
            return Flow::Continue(());
        }
        let pattern = Pattern {
            digits: self.stem_digits,
            cells: vec![self.stem],
            sets: petal_sets.iter().map(|p| p.cell_list()).collect(),
            set_digits: petal_sets.iter().map(|p| Candidates::from_bits(p.digits)).collect(),
            ..Pattern::default()
        };
        emit(Step::elimination(Technique::DeathBlossom, elim, pattern))
    }
}

/// A set as HoDoKu writes it: `r1c5,r5c3 {137}`.
fn set_text(p: &Pattern, i: usize) -> String {
    let cells = p.sets.get(i).map(|s| notation::cells(s)).unwrap_or_default();
    let digits: String = p
        .set_digits
        .get(i)
        .map(|d| d.iter().map(|d| d.to_string()).collect())
        .unwrap_or_default();
    format!("{cells} {{{digits}}}")
}

/// The digits a step removes.
fn removed_digits(step: &Step) -> Candidates {
    step.eliminations.iter().map(|&(_, d)| d).collect()
}

/// The digits of each link of a chain pattern, from its node pairs ("r in this set" → "r not in the next").
fn chain_links(p: &Pattern) -> Vec<Candidates> {
    let mut links = vec![Candidates::EMPTY; p.sets.len().saturating_sub(1)];
    let Some(chain) = p.chains.first() else { return links };
    let mut at = 0;
    let mut i = 0;
    let nodes = &chain.nodes;
    while i + 1 < nodes.len() {
        let (a, b) = (&nodes[i], &nodes[i + 1]);
        if a.on && !b.on && a.digit == b.digit {
            // A pair whose "on" set is not this link's start opens the next link.
            while at + 1 < p.sets.len() && !(p.sets[at] == a.cells && p.sets[at + 1] == b.cells) {
                at += 1;
            }
            if let Some(l) = links.get_mut(at) {
                l.insert(a.digit);
            }
            i += 2;
        } else {
            i += 1;
        }
    }
    links
}

/// The explanation of an ALS step, in HoDoKu's words:
/// `Almost Locked Set XZ-Rule: A=r5c5 {17}, B=r1c5,r5c3 {137}, X=3, Z=1 => r1c3<>1`,
/// `Almost Locked Set XY-Wing: A=…, B=…, C=…, X,Y=3,5, Z=1 => …`,
/// `Almost Locked Set Chain: 1- r1c2 {13} -3- r2c4 {345} -4- … -1 => …`,
/// `Death Blossom: r2c7, -1- r1c3 {13}, -7- r4c7 {78} => …`.
pub(super) fn explain(step: &Step, lang: Lang, result: &str) -> String {
    let p = &step.pattern;
    let name = step.technique.name_in(lang);
    let colon = match lang {
        Lang::En => ": ",
        Lang::Zh => "：",
    };
    let body = match step.technique {
        Technique::AlsXz => {
            let mut s = format!(
                "A={}, B={}, X={}",
                set_text(p, 0),
                set_text(p, 1),
                notation::digits(p.digits)
            );
            if !p.fins.is_empty() {
                s.push_str(&format!(", Z={}", notation::digits(removed_digits(step))));
            }
            s
        }
        Technique::AlsXyWing => format!(
            "A={}, B={}, C={}, X,Y={}, Z={}",
            set_text(p, 0),
            set_text(p, 1),
            set_text(p, 2),
            notation::digits(p.digits),
            notation::digits(removed_digits(step))
        ),
        Technique::AlsChain => {
            let z: String = removed_digits(step).iter().map(|d| d.to_string()).collect();
            let links = chain_links(p);
            let mut s = format!("{z}- ");
            for i in 0..p.sets.len() {
                s.push_str(&set_text(p, i));
                if let Some(l) = links.get(i) {
                    let digits: String = l.iter().map(|d| d.to_string()).collect();
                    s.push_str(&format!(" -{digits}- "));
                }
            }
            s.push_str(&format!(" -{z}"));
            s
        }
        _ => {
            let mut s = p.cells.first().map(|c| c.to_string()).unwrap_or_default();
            for (i, d) in p.digits.iter().enumerate() {
                s.push_str(&format!(", -{d}- {}", set_text(p, i)));
            }
            s
        }
    };
    format!("{name}{colon}{body} => {result}")
}

#[cfg(test)]
mod tests {
    use super::{collect, Net};
    use crate::format::parse_library_line;
    use crate::grid::{Bitboard, House};
    use crate::logic::reglib::testing::{assert_all_pass, explained, hard_path_grids};
    use crate::logic::{Flow, Lang, Solver, Technique};
    use crate::{search, Cell, Grid};

    /// Cases from HoDoKu's regression library (reglib-dev.txt), so the tests run without the shared data.
    const XZ: &str = ":0901-1:8:.+934.7.6.4....59...276...+41...+9....591.+5...8.2..78....6..25.4...4..........1....3:817 325 145 245 345 346 347 747 748 255 357 366 581 881 985 587 591 597:873 883 893::";
    const XZ_DOUBLY: &str = ":0901-2:12357:9..17....4.1....7..7...31..14...6.98.9248173.38.5.......48...2.......6.7....6...3:793:172 244 385 571 572 796::";
    const XY: &str = ":0902-1:7:+9...+3...8+2.3..865.+8.52..3+917+9.1.3....54.......+3......9+58.3...423+298741+6+5+4........:713 424 425 643 245 845 247 847 758 163 663 867 268 868 792 195:714::";
    const CHAIN: &str = ":0903-1:4:..68.51....+8....36.1....8..+65+238.9..37+1.6..82+9+84.21.6...9..+8.4.84........+654.37.+8:715 915 221 426 231 734 436 574 584 784:415::";
    const XY_OVERLAP: &str = ":0902-2:6:+6.2+75.+8+13..812...471..+8.........7.8.4.+1862..9+82.3.....+1...+7..482...381..9+8..4+16..:936 938 944 549 966 568 569 598:636::";
    const BLOSSOM_OVERLAP: &str = ":0904-2:3:5.+6.+281.3.2.6.....1..5..6.+2+9.7.6.+82.6.+38.2..9+48+2.9.3+6.+8.1.+57..6....+86.5.2+654....8:927 728 374 978 787 789 998:384::";
    const BLOSSOM: &str = ":0904-1:8:.+6.2..9..+27+9.8.6.14+8.+6+9.+5..+65.1....9+1+284693+7+59....2.1+6....+2..+638.6.1..5...2..6.+9.:515 516 418 173 773 789 799:877::";

    #[test]
    fn every_embedded_case_passes_the_library_check() {
        assert_all_pass(&[XZ, XZ_DOUBLY, XY, CHAIN, BLOSSOM]);
    }

    #[test]
    fn explanations_follow_hodoku() {
        let (en, zh) = explained(XZ);
        assert_eq!(
            en,
            "Almost Locked Set XZ-Rule: A=r456c3,r6c2 {34568}, B=r7c2,r9c1 {378}, X=3, Z=8 => r789c3<>8"
        );
        assert_eq!(
            zh,
            "ALS-XZ：A=r456c3,r6c2 {34568}, B=r7c2,r9c1 {378}, X=3, Z=8 => r789c3<>8"
        );
        // Doubly linked with locked-set eliminations: HoDoKu names no z.
        let (en, _) = explained(XZ_DOUBLY);
        assert_eq!(
            en,
            "Almost Locked Set XZ-Rule: A=r7c5679 {13579}, B=r2389c4 {23679}, X=3,7 => \
             r7c2<>1, r4c4<>2, r8c5<>3, r7c12<>5, r9c6<>7"
        );
        let (en, zh) = explained(XY);
        assert_eq!(
            en,
            "Almost Locked Set XY-Wing: A=r1c78 {247}, B=r25c4 {679}, C=r259c9 {3467}, X,Y=4,6, Z=7 => r1c4<>7"
        );
        assert_eq!(
            zh,
            "ALS-XY翼：A=r1c78 {247}, B=r25c4 {679}, C=r259c9 {3467}, X,Y=4,6, Z=7 => r1c4<>7"
        );
        let (en, zh) = explained(CHAIN);
        assert_eq!(
            en,
            "Almost Locked Set Chain: 4- r1c1289 {23479} -3- r7c2,r9c1 {123} -1- r9c58 {129} -2- r678c7 {2356} \
             -5- r25c7 {245} -2- r2c2456 {12479} -4 => r1c5<>4"
        );
        assert_eq!(
            zh,
            "ALS链：4- r1c1289 {23479} -3- r7c2,r9c1 {123} -1- r9c58 {129} -2- r678c7 {2356} \
             -5- r25c7 {245} -2- r2c2456 {12479} -4 => r1c5<>4"
        );
        let (en, zh) = explained(BLOSSOM);
        assert_eq!(
            en,
            "Death Blossom: r9c2, -1- r7c12346 {145789}, -3- r6c27 {348}, -4- r9c9 {48} => r7c7<>8"
        );
        assert_eq!(
            zh,
            "死亡绽放：r9c2, -1- r7c12346 {145789}, -3- r6c27 {348}, -4- r9c9 {48} => r7c7<>8"
        );
    }

    /// The bound skips only walks that find nothing: along the solving paths of hard puzzles (where ALS chains
    /// are searched), the chain search finds the same chains in the same order as when every walk is walked, with
    /// overlapping sets or without.
    /// Calls `check` at every grid along the default solver's paths of four hard puzzles (200 steps at most each),
    /// and asserts that the checks compared something (the sum of what they return: the chains compared).
    fn along_paths(mut check: impl FnMut(&Grid) -> usize) {
        let found: usize = hard_path_grids().iter().map(&mut check).sum();
        assert!(found > 0, "no chain along the paths: the test compares nothing");
    }

    /// Everything two nets hold, to compare them.
    fn net_contents(net: &Net) -> String {
        let sets: Vec<_> = net.sets.iter().map(|a| (a.cells, a.digits, a.seen, a.open)).collect();
        let links: Vec<_> = net.links.iter().map(|l| (l.from, l.to, l.digits, l.open)).collect();
        format!("{sets:?} {links:?} {:?} {:?} {:?}", net.start, net.blocks, net.cells)
    }

    #[test]
    fn a_net_made_from_the_last_one_is_the_net_made_afresh() {
        for overlap in [false, true] {
            let mut before: Option<Net> = None;
            let mut kept = 0;
            along_paths(|grid| {
                let (sets, blocks) = collect(grid);
                let afresh = Net::new(grid, sets.clone(), blocks, overlap);
                let mut links = 0;
                if let Some(before) = &before {
                    let after = Net::after(grid, sets, blocks, before, true);
                    assert_eq!(net_contents(&after), net_contents(&afresh));
                    // The sets of the last grid still sets here.
                    kept += after
                        .sets
                        .iter()
                        .filter(|a| before.sets.iter().any(|b| b.cells == a.cells))
                        .count();
                    links = after.links.len();
                }
                before = Some(afresh);
                links
            });
            assert!(kept > 0, "no set carried over: the test compares nothing");
        }
    }

    #[test]
    fn bounded_chain_search_matches_walking_every_start() {
        along_paths(|grid| {
            let mut found = 0;
            for overlap in [false, true] {
                let chains = |bounded| {
                    let mut steps = Vec::new();
                    // The first forty: early grids hold thousands.
                    let _ = super::chain_search(grid, overlap, bounded, &mut |s| {
                        steps.push(s);
                        if steps.len() < 40 {
                            Flow::Continue(())
                        } else {
                            Flow::Break(())
                        }
                    });
                    steps
                };
                let bounded = chains(true);
                assert_eq!(bounded, chains(false));
                found += bounded.len();
            }
            found
        });
    }

    #[test]
    fn bounded_forward_search_matches_walking_every_start() {
        along_paths(|grid| {
            let chains = |bounded| {
                let mut steps = Vec::new();
                let _ = super::forward_search(grid, bounded, Bitboard::FULL, &mut |s| {
                    steps.push(s);
                    Flow::Continue(())
                });
                steps
            };
            let bounded = chains(true);
            assert_eq!(bounded, chains(false));
            bounded.len()
        });
    }

    #[test]
    fn set_keys_order_as_house_then_places_compared_as_words() {
        // HoDoKu's order: a row's sets before a column's, and within a house by places, a word before the words
        // it begins.
        let cells = |list: &[(usize, usize)]| {
            list.iter()
                .map(|&(r, c)| Cell::at(r, c))
                .collect::<crate::grid::Bitboard>()
        };
        let keys = [
            super::hodoku_set_key(cells(&[(0, 0), (0, 1)])),
            super::hodoku_set_key(cells(&[(0, 0), (0, 1), (0, 8)])),
            super::hodoku_set_key(cells(&[(0, 0), (0, 2)])),
            super::hodoku_set_key(cells(&[(0, 7), (0, 8)])),
            super::hodoku_set_key(cells(&[(1, 0), (1, 1)])),
            super::hodoku_set_key(cells(&[(0, 0), (1, 0)])),
            super::hodoku_set_key(cells(&[(0, 0), (1, 1)])),
            super::hodoku_set_key(cells(&[(0, 0), (4, 4)])),
        ];
        assert!(keys.windows(2).all(|w| w[0] < w[1]), "{keys:x?}");
        // The key is the first house of House::ALL holding every cell, then the cells' places in it, for any pair,
        // any three cells in a row of a row, and every box's sets of three.
        let key_by_houses = |set: Bitboard| {
            let house = House::ALL.into_iter().find(|h| (set - h.cell_set()).is_empty())?;
            let mut places = 0u64;
            let mut shift = 32;
            for (i, c) in house.cells().iter().enumerate() {
                if set.contains(*c) {
                    places |= (i as u64 + 1) << shift;
                    shift -= 4;
                }
            }
            Some((house.index() as u64) << 36 | places)
        };
        let triples = (0..9).flat_map(|r| (0..7).map(move |c| cells(&[(r, c), (r, c + 1), (r, c + 2)])));
        let pairs = Cell::ALL.into_iter().flat_map(|a| {
            Cell::ALL
                .into_iter()
                .map(move |b| Bitboard::only(a) | Bitboard::only(b))
        });
        let boxes = (0..9).flat_map(|b| {
            let places = House::Box(b).cells();
            (0..512usize)
                .filter(|m| m.count_ones() == 3)
                .map(move |m| super::super::picked_cells(places, m))
        });
        for set in pairs.chain(triples).chain(boxes) {
            assert_eq!(
                super::hodoku_set_key(set),
                key_by_houses(set).unwrap_or(u64::MAX),
                "{set:?}"
            );
        }
    }

    #[test]
    fn overlap_cases_pass_with_the_overlap_finders() {
        // HoDoKu's "with ALS overlap" variants: the library check runs them with overlapping sets allowed.
        assert_all_pass(&[XY_OVERLAP, BLOSSOM_OVERLAP]);
    }

    #[test]
    fn every_step_of_the_embedded_cases_is_true() {
        for line in [XZ, XZ_DOUBLY, XY, CHAIN, BLOSSOM, XY_OVERLAP, BLOSSOM_OVERLAP] {
            let case = parse_library_line(line).expect("library line");
            let mut givens = [0u8; 81];
            for cell in Cell::ALL {
                if case.grid.is_given(cell) {
                    givens[cell.index()] = case.grid.value(cell).map_or(0, |d| d.get());
                }
            }
            let solution = search::solve(&givens).expect("the puzzle has a solution");
            for t in [
                Technique::AlsXz,
                Technique::AlsXyWing,
                Technique::AlsChain,
                Technique::DeathBlossom,
            ] {
                for s in Solver::find_all(t, &case.grid) {
                    for &(c, d) in &s.eliminations {
                        assert_ne!(solution[c.index()], d.get(), "{}", s.explain(Lang::En));
                    }
                }
            }
        }
    }
}
