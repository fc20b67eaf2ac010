//! Sue de Coq (HoDoKu code 1101): two almost locked sets around a box–line intersection.
//!
//! Take two or three empty cells `C` where a box meets a row or column, holding digits `V` with `|V| ≥ |C| + 2`.
//! Add cells `L` of the line (outside `C`) and cells `B` of the box (outside `C` and `L`) such that `L`'s digits
//! from `V` and `B`'s digits never meet, and the cells `C ∪ L ∪ B` number exactly as many as their digits (digits
//! outside `V`, "extra" digits, each need a cell of their own; an extra digit may sit in both `L` and `B`, and then
//! fills one cell of each). Each digit then fills exactly one of those cells: the digits of `L` (and of `V` outside
//! `B`) are spent in the line, those of `B` (and of `V` outside `L`) in the box, and the rest of each house loses
//! them. This is HoDoKu's extended form: `C` need not be the whole intersection, and `L` and `B` may hold extra
//! digits.

use std::cell::RefCell;

use crate::grid::{Bitboard, Candidates, Cell, Digit, Grid, House};

use super::notation;
use super::step::{Pattern, Step};
use super::technique::Technique;
use super::{Flow, Lang};

/// At most nine cells with their digits, and the digits of each of their subsets.
struct Subsets {
    cells: [Cell; 9],
    n: usize,
    unions: [u16; 512],
    /// The cells (as a subset) holding any digit of a set, by the set's digits 1 to 5 and by its digits 6 to 9:
    /// [`Subsets::holding_any`] runs for most line sets tried, and reads two entries instead of a loop over digits.
    holding_low: [u16; 32],
    holding_high: [u16; 16],
}

impl Subsets {
    /// A pool to [`Subsets::fill`]: the pools are kept from search to search (see `POOLS`), rather than their tables
    /// of 1 KB zeroed for each line and box.
    fn blank() -> Subsets {
        Subsets {
            cells: [Cell::at(0, 0); 9],
            n: 0,
            unions: [0; 512],
            holding_low: [0; 32],
            holding_high: [0; 16],
        }
    }

    /// Takes the empty cells of `area`, with the tables [`Subsets::holding_any`] reads when `holding` (for a box:
    /// lines never ask it). Entries of `unions` past `2^n` keep what an earlier pool left, and are never read.
    fn fill(&mut self, grid: &Grid, area: Bitboard, holding: bool) {
        self.n = 0;
        let mut masks = [0u16; 9];
        let mut held = [0u16; 9];
        for c in area {
            if self.n < 9 {
                self.cells[self.n] = c;
                masks[self.n] = grid.candidates(c).bits();
                if holding {
                    for d in grid.candidates(c) {
                        held[d.index()] |= 1 << self.n;
                    }
                }
                self.n += 1;
            }
        }
        // (`unions[0]` stays 0: no pool writes it.)
        unions_into(&masks[..self.n], &mut self.unions);
        if holding {
            unions_into(&held[..5], &mut self.holding_low);
            unions_into(&held[5..], &mut self.holding_high);
        }
    }

    /// The cells holding any digit of `digits`, as a subset.
    fn holding_any(&self, digits: u16) -> usize {
        let digits = digits as usize & 0x1FF;
        (self.holding_low[digits & 31] | self.holding_high[digits >> 5]) as usize
    }

    /// Every cell, as a subset.
    fn all(&self) -> usize {
        (1 << self.n) - 1
    }

    /// A cell of the pool as a subset of one (none when it is not in the pool).
    fn bit_of(&self, cell: Cell) -> usize {
        (0..self.n).find(|&i| self.cells[i] == cell).map_or(0, |i| 1 << i)
    }

    fn cells_of(&self, subset: usize) -> Bitboard {
        super::picked_cells(&self.cells[..self.n], subset)
    }
}

/// Sets `table[s]` to the union of `parts[i]` over the bits `i` of `s`, for every `s` below `2^parts.len()`
/// (`table[0]` must be 0). By doubling: the sets holding bit `i` are those without it, plus its part (a loop the
/// compiler widens).
fn unions_into(parts: &[u16], table: &mut [u16]) {
    for (i, &part) in parts.iter().enumerate() {
        let (without, with) = table.split_at_mut(1 << i);
        for (w, &u) in with[..1 << i].iter_mut().zip(without.iter()) {
            *w = u | part;
        }
    }
}

/// The subset of `avail` after `set` in HoDoKu's order of search (0 before the first, and after the last): a cell
/// at a time, lowest first, each set followed by those it is the start of (`{0}, {0,1}, {0,1,2}, {0,2}, {1}, {1,2},
/// {2}`). HoDoKu takes the first Sue de Coq it finds in this order, where a larger intersection set or a smaller line
/// or box set often comes first: all 296 of HoDoKu's Sue de Coq steps on top1465's lines 501 on are the first found
/// in this order (275 when each mask was counted down).
pub(super) const fn next_in_order(set: usize, avail: usize) -> usize {
    const fn above(avail: usize, bit: u32) -> usize {
        avail & !((2usize << bit) - 1)
    }
    if set == 0 {
        return avail & avail.wrapping_neg();
    }
    let top = usize::BITS - 1 - set.leading_zeros();
    let deeper = above(avail, top);
    if deeper != 0 {
        return set | deeper & deeper.wrapping_neg();
    }
    // No cell after the last: drop it, and move the one before it on.
    let rest = set & !(1 << top);
    if rest == 0 {
        return 0;
    }
    let before = usize::BITS - 1 - rest.leading_zeros();
    let moved = above(avail, before);
    (rest & !(1 << before)) | moved & moved.wrapping_neg()
}

/// Every non-empty subset of `k` items for each `k` up to 9, in [`next_in_order`]'s order, as masks of the first
/// `k` bits: those of `k` items at `ORDER_STARTS[k]..ORDER_STARTS[k + 1]`. The order over `k` items is the order
/// over nine read only below bit `k` (it is lexicographic), but a table of its own spares the loop that skips.
static ORDERS: [u16; ORDER_LEN] = orders();
const ORDER_LEN: usize = (1 << 10) - 10 - 1;
static ORDER_STARTS: [usize; 11] = {
    let mut starts = [0usize; 11];
    let mut k = 0;
    while k < 10 {
        starts[k + 1] = starts[k] + (1 << k) - 1;
        k += 1;
    }
    starts
};

const fn orders() -> [u16; ORDER_LEN] {
    let mut out = [0u16; ORDER_LEN];
    let mut at = 0;
    let mut k = 0;
    while k < 10 {
        let avail = (1usize << k) - 1;
        let mut set = next_in_order(0, avail);
        while set != 0 {
            out[at] = set as u16;
            at += 1;
            set = next_in_order(set, avail);
        }
        k += 1;
    }
    out
}

/// The subsets of `avail` (at most nine bits) in [`next_in_order`]'s order, read from [`ORDERS`]: each compact
/// mask's bits placed on `avail`'s through two tables, of its low five bits and its high four.
struct InOrder {
    k: usize,
    low: [u16; 32],
    high: [u16; 16],
}

impl InOrder {
    fn of(avail: usize) -> InOrder {
        let mut bits = [0u16; 9];
        let mut k = 0;
        let mut rest = avail & 0x1FF;
        while rest != 0 && k < 9 {
            bits[k] = 1 << rest.trailing_zeros();
            rest &= rest - 1;
            k += 1;
        }
        let mut order = InOrder {
            k,
            low: [0; 32],
            high: [0; 16],
        };
        unions_into(&bits[..k.min(5)], &mut order.low);
        if k > 5 {
            unions_into(&bits[5..k], &mut order.high);
        }
        order
    }

    fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        ORDERS[ORDER_STARTS[self.k]..ORDER_STARTS[self.k + 1]]
            .iter()
            .map(|&s| usize::from(self.low[usize::from(s & 31)] | self.high[usize::from(s >> 5)]))
    }
}

/// The candidates of `digits` in `area`, as eliminations.
fn removals(grid: &Grid, area: Bitboard, digits: u16) -> Vec<(Cell, Digit)> {
    let mut out = Vec::new();
    for d in Candidates::from_bits(digits) {
        out.extend((grid.digit_cells(d) & area).iter().map(|c| (c, d)));
    }
    out
}

/// Sue de Coq over every row–box and column–box intersection (rows first, as HoDoKu searches).
pub fn sue_de_coq(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    let empty = grid.empty_cells();
    // The digits of every subset of each box's empty cells, and below of each line's: every `L` and `B` is read
    // from these tables, built once, when an intersection of the house is searched.
    // The pools are taken out of the thread-local while the search runs (a nested search makes its own).
    let mut pools = POOLS
        .with(|p| p.borrow_mut().take())
        .unwrap_or_else(|| Box::new(core::array::from_fn(|_| Subsets::blank())));
    let (line_pool, boxes) = pools.split_at_mut(1);
    let line_pool = &mut line_pool[0];
    let mut boxes_filled = 0u16;
    // A pattern lies in its line and box: where they are as they were when nothing was found there, nothing is
    // found again. The houses holding a cell changed since the last run:
    let now = Digit::ALL.map(|d| grid.digit_cells(d).bits());
    let (before, known) = BARREN.with(|m| *m.borrow());
    let changed = Bitboard::from_bits(now.iter().zip(&before).fold(0, |acc, (n, b)| acc | (n ^ b)));
    let mut touched = 0u32;
    if !changed.is_empty() {
        for house in House::ALL {
            if !(house.cell_set() & changed).is_empty() {
                touched |= 1 << house.index();
            }
        }
    }
    let mut barren = [0u64; 3];
    let mut flow = Flow::Continue(());
    let lines = (0..9u8).map(House::Row).chain((0..9u8).map(House::Col));
    'lines: for (l, line) in lines.enumerate() {
        let mut line_filled = false;
        // The three boxes the line crosses, in order.
        let met = if l < 9 {
            let first = (l / 3 * 3) as u8;
            [first, first + 1, first + 2]
        } else {
            let stack = ((l - 9) / 3) as u8;
            [stack, stack + 3, stack + 6]
        };
        for b in met {
            let boxed = House::Box(b);
            let inter = line.cell_set() & boxed.cell_set() & empty;
            if inter.len() < 2 {
                continue;
            }
            let slot = l * 9 + b as usize;
            let (word, bit) = (slot / 64, 1u64 << (slot % 64));
            if known[word] & bit != 0 && touched & (1 << l | 1 << (18 + b)) == 0 {
                barren[word] |= bit;
                continue;
            }
            if !line_filled {
                line_pool.fill(grid, line.cell_set() & empty, false);
                line_filled = true;
            }
            if boxes_filled >> b & 1 == 0 {
                boxes[b as usize].fill(grid, boxed.cell_set() & empty, true);
                boxes_filled |= 1 << b;
            }
            let (line_pool, box_pool) = (&*line_pool, &boxes[b as usize]);
            let mut any = false;
            let mut heard = |step: Step| {
                any = true;
                emit(step)
            };
            flow = intersection(grid, line, boxed, inter, line_pool, box_pool, &mut heard);
            if flow.is_break() {
                break 'lines;
            }
            if !any {
                barren[word] |= bit;
            }
        }
    }
    BARREN.with(|m| *m.borrow_mut() = (now, barren));
    POOLS.with(|p| *p.borrow_mut() = Some(pools));
    flow
}

thread_local! {
    /// The pools of a search, kept from one to the next: a line's (first) and the boxes'.
    static POOLS: RefCell<Option<Box<[Subsets; 10]>>> = const { RefCell::new(None) };
    /// Each digit's candidates when Sue de Coq last ran on this thread, and the intersections (bit `9 * line + box`,
    /// rows then columns) found then to hold none. The solver's steps change a few houses at a time, and the
    /// digits' candidates fix those of every cell (a filled cell has none).
    static BARREN: RefCell<([u128; 9], [u64; 3])> = const { RefCell::new(([0; 9], [0; 3])) };
}

/// The Sue de Coqs on one intersection of a line and a box (`inter`, its empty cells, two or three).
fn intersection(
    grid: &Grid,
    line: House,
    boxed: House,
    inter: Bitboard,
    line_pool: &Subsets,
    box_pool: &Subsets,
    emit: &mut dyn FnMut(Step) -> Flow,
) -> Flow {
    let mut cells = [Cell::at(0, 0); 3];
    for (slot, c) in cells.iter_mut().zip(inter) {
        *slot = c;
    }
    let n = inter.len() as usize;
    // Each intersection cell as a bit of the line's pool and of the box's pool, and its digits.
    let mut in_line = [0usize; 3];
    let mut in_box = [0usize; 3];
    let mut digits = [0u16; 3];
    for (i, &c) in cells[..n].iter().enumerate() {
        in_line[i] = line_pool.bit_of(c);
        in_box[i] = box_pool.bit_of(c);
        digits[i] = grid.candidates(c).bits();
    }
    // Every two or three cells of the intersection, in HoDoKu's order (see [`next_in_order`]).
    let mut next_mask = next_in_order(0, (1 << n) - 1);
    while next_mask != 0 {
        let mask = next_mask;
        next_mask = next_in_order(mask, (1 << n) - 1);
        if mask.count_ones() < 2 {
            continue;
        }
        let v = (0..n).filter(|i| mask >> i & 1 == 1).fold(0u16, |m, i| m | digits[i]);
        let n_plus = v.count_ones() as i32 - mask.count_ones() as i32;
        if n_plus < 2 {
            continue;
        }
        // The intersection cells outside the core, which both a line set and a box set may take.
        let mut both = [(0usize, 0usize); 3];
        let mut n_both = 0;
        let (mut core_line, mut core_box) = (0usize, 0usize);
        for i in 0..n {
            if mask >> i & 1 == 1 {
                core_line |= in_line[i];
                core_box |= in_box[i];
            } else {
                both[n_both] = (in_line[i], in_box[i]);
                n_both += 1;
            }
        }
        let found = Found {
            grid,
            line,
            boxed,
            cells,
            mask,
            v,
            n_plus,
            line_pool,
            box_pool,
            line_avail: line_pool.all() & !core_line,
            box_avail: box_pool.all() & !core_box,
            both,
            n_both,
        };
        found.search(emit)?;
    }
    Flow::Continue(())
}

/// One intersection subset `C` ([`Found::core`]) with its digits `V` and `n_plus = |V| - |C|`, and the subset tables
/// of its line and box.
struct Found<'a> {
    grid: &'a Grid,
    line: House,
    boxed: House,
    /// The intersection's cells, and those of C among them (bits).
    cells: [Cell; 3],
    mask: usize,
    v: u16,
    n_plus: i32,
    line_pool: &'a Subsets,
    box_pool: &'a Subsets,
    /// The cells of each pool outside C, as subsets.
    line_avail: usize,
    box_avail: usize,
    /// The cells of both pools outside C (the intersection's other cells), as (line bit, box bit).
    both: [(usize, usize); 3],
    n_both: usize,
}

impl Found<'_> {
    /// C, as cells.
    fn core(&self) -> Bitboard {
        (0..3)
            .filter(|i| self.mask >> i & 1 == 1)
            .map(|i| self.cells[i])
            .collect()
    }

    fn search(&self, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
        let (line_pool, box_pool) = (self.line_pool, self.box_pool);
        // L: any non-empty subset of the line's cells outside C.
        let (line_avail, box_avail) = (self.line_avail, self.box_avail);
        let (both, n_both) = (self.both, self.n_both);
        // The sets L worth a look, gathered first without a branch (whether one is, is no pattern a processor
        // predicts): L must take some of V, and leave some of it for the box (it covers size_l - extra digits of V).
        // A line's pool has nine cells at most, and C takes two of them: 127 sets L at most.
        debug_assert!(line_avail.count_ones() <= 7);
        let mut worth = [0u16; 128];
        let mut n_worth = 0;
        for l in InOrder::of(line_avail).iter() {
            let cand_l = line_pool.unions[l];
            let size_l = l.count_ones() as i32;
            let inside = (cand_l & self.v).count_ones();
            let extra = (cand_l & !self.v).count_ones() as i32;
            worth[n_worth] = l as u16;
            n_worth += usize::from(inside != 0 && size_l > extra && size_l - extra < self.n_plus);
        }
        for &l in &worth[..n_worth] {
            let l = usize::from(l);
            let cand_l = line_pool.unions[l];
            let size_l = l.count_ones() as i32;
            let extra = (cand_l & !self.v).count_ones() as i32;
            let want = self.n_plus - (size_l - extra);
            // B may not hold L's digits from V (its extra digits it may share), nor L's cells.
            let forbidden = cand_l & self.v;
            let in_l = both[..n_both]
                .iter()
                .filter(|(lb, _)| l & lb != 0)
                .fold(0, |m, (_, bb)| m | bb);
            let allowed = box_avail & !in_l & !box_pool.holding_any(forbidden);
            if allowed == 0 {
                continue;
            }
            // Every non-empty subset of the allowed cells.
            let mut next_b = next_in_order(0, allowed);
            while next_b != 0 {
                let this = next_b;
                next_b = next_in_order(this, allowed);
                let cand_b = box_pool.unions[this];
                let inside_b = (cand_b & self.v).count_ones();
                let extra_b = (cand_b & !self.v).count_ones() as i32;
                if inside_b == 0 || this.count_ones() as i32 - extra_b != want {
                    continue;
                }
                // Found: what is worked out only now is needed only now.
                let empty = self.grid.empty_cells();
                let (line_cells, box_cells) = (self.line.cell_set() & empty, self.boxed.cell_set() & empty);
                let core = self.core();
                let l_cells = line_pool.cells_of(l);
                let b_cells = box_pool.cells_of(this);
                let shared = cand_b & cand_l;
                let mut elim = removals(
                    self.grid,
                    box_cells - b_cells - core,
                    ((self.v | cand_b) & !cand_l) | shared,
                );
                elim.extend(removals(
                    self.grid,
                    line_cells - l_cells - core,
                    ((self.v | cand_l) & !cand_b) | shared,
                ));
                if elim.is_empty() {
                    continue;
                }
                let pattern = Pattern {
                    digits: Candidates::from_bits(self.v),
                    cells: core.iter().collect(),
                    base: vec![self.line, self.boxed],
                    sets: vec![l_cells.iter().collect(), b_cells.iter().collect()],
                    set_digits: vec![Candidates::from_bits(cand_l), Candidates::from_bits(cand_b)],
                    ..Pattern::default()
                };
                emit(Step::elimination(Technique::SueDeCoq, elim, pattern))?;
            }
        }
        Flow::Continue(())
    }
}

/// Cells and their digits as HoDoKu writes a Sue de Coq's sets: `r7c128 - {2389}`.
fn set_text(cells: &[Cell], digits: Candidates) -> String {
    let ds: String = digits.iter().map(|d| d.to_string()).collect();
    format!("{} - {{{ds}}}", notation::cells(cells))
}

/// The explanation of a Sue de Coq step, in HoDoKu's words:
/// `Sue de Coq: r7c45 - {123689} (r7c128 - {2389}, r9c6 - {16}) => r8c46,r9c4<>1, …`.
pub(super) fn explain(step: &Step, lang: Lang, result: &str) -> String {
    let p = &step.pattern;
    let name = step.technique.name_in(lang);
    let colon = match lang {
        Lang::En => ": ",
        Lang::Zh => "：",
    };
    let core = set_text(&p.cells, p.digits);
    let set = |i: usize| {
        set_text(
            p.sets.get(i).map(Vec::as_slice).unwrap_or_default(),
            p.set_digits.get(i).copied().unwrap_or_default(),
        )
    };
    format!("{name}{colon}{core} ({}, {}) => {result}", set(0), set(1))
}

#[cfg(test)]
mod tests {
    use crate::logic::reglib::testing::{assert_all_pass, expected_step};
    use crate::logic::Lang;

    /// Cases from HoDoKu's regression library (reglib-dev.txt), so the tests run without the shared data.
    const SDC: &str = ":1101:12369:.....3+5+1+7+1+3+5+42+786+9867+91+54..+6+935+4+82+717183.+2.+54+2+54...........47.55......+4.....+5..9.::184 194 273 371 684 685 694 985::";
    const SDC_EXTRA: &str = ":1101:1567:+3+2+1+94+5+867..9.+28.+34..4..3+9+2.+9+3+5+4...8.+47+8..2..961+25+8+9+47+32+4.........3....4.1..2.43..:781 682 692:174 175 179 579 587 589 599 674 675 679 774 775::";

    #[test]
    fn subsets_come_in_hodokus_order() {
        let mut order = Vec::new();
        let mut s = super::next_in_order(0, 0b1011);
        while s != 0 {
            order.push(s);
            s = super::next_in_order(s, 0b1011);
        }
        assert_eq!(order, [0b1, 0b11, 0b1011, 0b1001, 0b10, 0b1010, 0b1000]);
        assert_eq!(super::next_in_order(0, 0), 0);
    }

    #[test]
    fn the_order_tables_give_the_subsets_in_order() {
        for avail in 0..512usize {
            let mut walked = Vec::new();
            let mut s = super::next_in_order(0, avail);
            while s != 0 {
                walked.push(s);
                s = super::next_in_order(s, avail);
            }
            let read: Vec<usize> = super::InOrder::of(avail).iter().collect();
            assert_eq!(read, walked, "subsets of {avail:#b}");
        }
    }

    #[test]
    fn every_embedded_case_passes_the_library_check() {
        assert_all_pass(&[SDC, SDC_EXTRA]);
    }

    #[test]
    fn explanations_follow_hodoku() {
        let step = expected_step(SDC);
        assert_eq!(
            step.explain(Lang::En),
            "Sue de Coq: r7c45 - {123689} (r7c28 - {238}, r89c6 - {169}) => \
             r89c4<>1, r7c3<>2, r7c1<>3, r8c45,r9c4<>6, r8c5<>9"
        );
        assert_eq!(
            step.explain(Lang::Zh),
            "融合数组（Sue de Coq）：r7c45 - {123689} (r7c28 - {238}, r89c6 - {169}) => \
             r89c4<>1, r7c3<>2, r7c1<>3, r8c45,r9c4<>6, r8c5<>9"
        );
        // The intersection cells are the pattern's cells, the line set and the box set its two sets.
        assert_eq!(step.pattern.cells.len(), 2);
        assert_eq!(step.pattern.sets.len(), 2);
        let step = expected_step(SDC_EXTRA);
        assert!(
            step.explain(Lang::En).starts_with("Sue de Coq: "),
            "{}",
            step.explain(Lang::En)
        );
    }
}
