//! Wings: XY-Wing, XYZ-Wing and W-Wing as HoDoKu defines them, and WXYZ-Wing (which HoDoKu lacks).
//!
//! Each is a handful of cells with few candidates between them that cannot all lose a shared digit `z`; whatever
//! sees every `z` of the pattern loses it. The searches run over bitboards of bivalue (and small) cells.

use crate::grid::{Bitboard, Candidates, Cell, Digit, Grid, House};

use super::changes;
use super::notation;
use super::single_digit::{pair_in, removals};
use super::step::{Pattern, Step};
use super::technique::Technique;
use super::{Flow, Lang};
use crate::grid::houses_holding;

/// The empty cells with exactly `n` candidates.
fn cells_with(grid: &Grid, n: u32) -> Bitboard {
    grid.empty_cells()
        .iter()
        .filter(|&c| grid.candidates(c).len() == n)
        .collect()
}

/// A pivot `xy` and two pincers `xz`, `yz` it sees: one pincer holds `z` whatever the pivot holds, so cells seeing
/// both pincers lose `z`.
pub fn xy_wing(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    let bivalue = cells_with(grid, 2);
    for pivot in bivalue {
        let pc = grid.candidates(pivot);
        let (Some(x), Some(y)) = (pc.first(), pc.iter().last()) else {
            continue;
        };
        let wings = bivalue & pivot.peer_set();
        // p1 takes the pivot's smaller digit x, p2 its other digit y: each wing is found once. A bivalue cell's
        // digits are read off the digits' cells.
        for p1 in wings & (grid.digit_cells(x) - grid.digit_cells(y)) {
            let c1 = grid.candidates(p1);
            let Some(z) = c1.without(pc).single() else { continue };
            for p2 in wings & grid.digit_cells(y) & grid.digit_cells(z) {
                let elim = grid.digit_cells(z) & p1.peer_set() & p2.peer_set();
                if elim.is_empty() {
                    continue;
                }
                let pattern = Pattern {
                    digits: pc.or(Candidates::only(z)),
                    cells: vec![pivot, p1, p2],
                    ..Pattern::default()
                };
                emit(Step::elimination(Technique::XYWing, removals(z, elim), pattern))?;
            }
        }
    }
    Flow::Continue(())
}

/// A pivot `xyz` and two pincers `xz`, `yz` it sees: one of the three holds `z`, so cells seeing all three lose it.
pub fn xyz_wing(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    let bivalue = cells_with(grid, 2);
    for pivot in cells_with(grid, 3) {
        let pc = grid.candidates(pivot);
        // The bivalue cells holding two of the pivot's digits.
        let mut cells = pc.iter().map(|d| grid.digit_cells(d));
        let (Some(a), Some(b), Some(c)) = (cells.next(), cells.next(), cells.next()) else {
            continue;
        };
        let wings = bivalue & pivot.peer_set() & ((a & b) | (a & c) | (b & c));
        for p1 in wings {
            for p2 in wings & after(p1) {
                let (c1, c2) = (grid.candidates(p1), grid.candidates(p2));
                if c1 == c2 {
                    continue;
                }
                // Two different pairs out of three digits share exactly one.
                let Some(z) = c1.and(c2).single() else { continue };
                let elim = grid.digit_cells(z) & pivot.peer_set() & p1.peer_set() & p2.peer_set();
                if elim.is_empty() {
                    continue;
                }
                let pattern = Pattern {
                    digits: pc,
                    cells: vec![pivot, p1, p2],
                    ..Pattern::default()
                };
                emit(Step::elimination(Technique::XYZWing, removals(z, elim), pattern))?;
            }
        }
    }
    Flow::Continue(())
}

/// Four cells holding four digits between them, in which every digit but one (`z`) is restricted (all its cells see
/// each other, so it fills at most one of them): the three restricted digits fill at most three of the four cells,
/// so `z` fills one of its cells, and cells seeing all of them lose it. Exactly one digit must be unrestricted, and
/// the four cells must hang together (each seen by another of them, not necessarily by one pivot): four cells
/// falling apart in two groups always hide a smaller locked set, which the ladder's subsets and wings handle.
///
/// After a grid where it found none, only the sets of four holding a cell changed since are searched (see
/// [`changes`]).
pub fn wxyz_wing(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    std::thread_local! {
        static BARREN: changes::Memory = const { core::cell::RefCell::new(None) };
    }
    changes::search_around(&BARREN, grid, emit, |focus, emit| wxyz_search(grid, focus, emit))
}

/// The WXYZ-Wings holding a cell of `focus`.
fn wxyz_search(grid: &Grid, focus: Bitboard, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    let small: Bitboard = grid
        .empty_cells()
        .iter()
        .filter(|&c| (2..=4).contains(&grid.candidates(c).len()))
        .collect();
    if small.len() < 4 {
        return Flow::Continue(());
    }
    // Every cell of a wing comes after its seed, so seeds after the last changed cell cannot reach one.
    let focus = focus & small;
    let Some(last) = focus.iter().last() else {
        return Flow::Continue(());
    };
    // The memo is taken out of the thread-local while the search runs (a nested search makes its own).
    let mut fitting = FITTING.with(|m| m.borrow_mut().take()).unwrap_or_else(FitMemo::new);
    fitting.renew();
    let wing = Wing {
        grid,
        small,
        focus,
        with_digit: Digit::ALL.map(|d| small & grid.digit_cells(d)),
        fitting: &fitting,
    };
    let mut flow = Flow::Continue(());
    for seed in small.iter().take_while(|&c| c <= last) {
        flow = wing.grow(seed, emit);
        if flow.is_break() {
            break;
        }
    }
    FITTING.with(|m| *m.borrow_mut() = Some(fitting));
    flow
}

/// [`Wing::fitting`] by digit set, for one search at a time: an entry holds only when its stamp is the search's, so
/// a search starts afresh by taking a new stamp rather than clearing the table (8 KB, which cost more than the
/// search itself on most grids).
struct FitMemo {
    search: u32,
    stamps: [core::cell::Cell<u32>; 512],
    sets: [core::cell::Cell<u128>; 512],
}

std::thread_local! {
    static FITTING: core::cell::RefCell<Option<Box<FitMemo>>> = const { core::cell::RefCell::new(None) };
}

impl FitMemo {
    fn new() -> Box<FitMemo> {
        Box::new(FitMemo {
            search: 0,
            stamps: [const { core::cell::Cell::new(0) }; 512],
            sets: [const { core::cell::Cell::new(0) }; 512],
        })
    }

    /// Forgets every entry.
    fn renew(&mut self) {
        self.search = self.search.wrapping_add(1);
        if self.search == 0 {
            // After 2^32 searches the stamps come round again: clear them once.
            for stamp in &self.stamps {
                stamp.set(0);
            }
            self.search = 1;
        }
    }
}

/// The cells after `cell`: read from a table, as a shift of 128 bits by a variable costs several instructions.
fn after(cell: Cell) -> Bitboard {
    static AFTER: [u128; 81] = {
        let mut t = [0u128; 81];
        let mut i = 0;
        while i < 81 {
            t[i] = !((2u128 << i) - 1);
            i += 1;
        }
        t
    };
    Bitboard::from_bits(AFTER[cell.index()])
}

/// The search for WXYZ-Wings: connected sets of four cells, each found once from its lowest cell (the seed) by
/// growing through cells that see a chosen one (the ESU scheme: a cell joins the candidates for growth only through
/// the first chosen cell it sees), pruned as soon as the cells hold more than four digits or two unrestricted ones.
struct Wing<'a> {
    grid: &'a Grid,
    small: Bitboard,
    /// The cells of which a wing must hold one.
    focus: Bitboard,
    /// The cells of `small` holding each digit.
    with_digit: [Bitboard; 9],
    /// [`Wing::fitting`] by digit set, as worked out so far in this search.
    fitting: &'a FitMemo,
}

impl Wing<'_> {
    /// The cells of `small` that bring at most `4 - |union|` digits besides `union`: the only ones a set holding
    /// `union` may grow by (a cell ruled out here stays ruled out as the set grows).
    fn fitting(&self, union: u16) -> Bitboard {
        let i = union as usize & 0x1FF;
        let (stamp, set) = (&self.fitting.stamps[i], &self.fitting.sets[i]);
        if stamp.get() != self.fitting.search {
            set.set(self.count_fitting(union).bits());
            stamp.set(self.fitting.search);
        }
        Bitboard::from_bits(set.get())
    }

    /// [`Wing::fitting`], counted afresh.
    fn count_fitting(&self, union: u16) -> Bitboard {
        let (mut one, mut two, mut three) = (0u128, 0u128, 0u128);
        for d in Digit::ALL {
            if union >> d.index() & 1 == 0 {
                let cells = self.with_digit[d.index()].bits();
                three |= two & cells;
                two |= one & cells;
                one |= cells;
            }
        }
        let too_many = match union.count_ones() {
            0..=1 => 0,
            2 => three,
            3 => two,
            _ => one,
        };
        self.small - Bitboard::from_bits(too_many)
    }

    /// The wings grown from `seed`: three nested levels of growth (a loop each rather than a recursion, as this is
    /// the whole search's inner loop). At each level `ext` holds the cells the set may grow by, `seen` every cell
    /// seeing a chosen one, `union` the chosen digits, and `loose` the digits shared by two chosen cells that do not
    /// see each other.
    fn grow(&self, seed: Cell, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
        let grid = self.grid;
        let above = after(seed);
        let m0 = grid.candidates(seed).bits();
        let seen1 = self.small & seed.peer_set();
        // Every cell of `ext1` sees the seed: no loose digit yet.
        let ext1 = seen1 & above & self.fitting(m0);
        let focus0 = self.focus.contains(seed);
        for c1 in ext1 {
            let m1 = grid.candidates(c1).bits();
            let union2 = m0 | m1;
            let reach1 = self.small & c1.peer_set();
            // Chosen cells after the seed are in `seen` already (each was reached from an earlier one).
            let seen2 = seen1 | reach1;
            let mut ext2 = ((ext1 & after(c1)) | (reach1 & (above - seen1))) & self.fitting(union2);
            let focus1 = focus0 || self.focus.contains(c1);
            if !focus1 && (ext2 & self.focus).is_empty() {
                // The third cell is not of the focus, so the fourth is, and (not in `ext2`) it joins the set through
                // the third: only cells seeing a focus cell that may join that way can be the third.
                let joining = self.focus & (above - seen2);
                ext2 &= joining.iter().fold(Bitboard::EMPTY, |acc, f| acc | f.peer_set());
            }
            for c2 in ext2 {
                let m2 = grid.candidates(c2).bits();
                let mut loose2 = 0;
                if !seed.peer_set().contains(c2) {
                    loose2 |= m2 & m0;
                }
                if !c1.peer_set().contains(c2) {
                    loose2 |= m2 & m1;
                }
                if loose2.count_ones() > 1 {
                    continue;
                }
                let union3 = union2 | m2;
                let reach2 = self.small & c2.peer_set();
                let mut ext3 = ((ext2 & after(c2)) | (reach2 & (above - seen2))) & self.fitting(union3);
                if !focus1 && !self.focus.contains(c2) {
                    // The last cell must be one of the focus.
                    ext3 &= self.focus;
                }
                for c3 in ext3 {
                    let m3 = grid.candidates(c3).bits();
                    let union = union3 | m3;
                    if union.count_ones() != 4 {
                        continue;
                    }
                    let mut loose = loose2;
                    for (other, m) in [(seed, m0), (c1, m1), (c2, m2)] {
                        if !other.peer_set().contains(c3) {
                            loose |= m3 & m;
                        }
                    }
                    if loose.count_ones() != 1 {
                        continue;
                    }
                    let chosen = [seed, c1, c2, c3];
                    let z = Digit::from_index(loose.trailing_zeros() as usize);
                    let mut elim = grid.digit_cells(z);
                    for &c in &chosen {
                        if grid.candidates(c).contains(z) {
                            elim &= c.peer_set();
                        }
                    }
                    if elim.is_empty() {
                        continue;
                    }
                    let pattern = Pattern {
                        digits: Candidates::from_bits(union),
                        cells: chosen.to_vec(),
                        ..Pattern::default()
                    };
                    emit(Step::elimination(Technique::WXYZWing, removals(z, elim), pattern))?;
                }
            }
        }
        Flow::Continue(())
    }
}

/// Two cells with the same two candidates `x`, `y`, and a strong link on `y` with one end seeing each cell: one of
/// the two cells holds `x` (if neither did, both would hold `y`, and the link's ends could not both lose it), so
/// cells seeing both lose `x`.
pub fn w_wing(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    let bivalue = cells_with(grid, 2);
    for a in bivalue {
        let pair = grid.candidates(a);
        let later = after(a);
        let (Some(p), Some(q)) = (pair.first(), pair.iter().last()) else {
            continue;
        };
        // The bivalue cells holding both digits hold the pair.
        for b in bivalue & later & grid.digit_cells(p) & grid.digit_cells(q) {
            for x in pair {
                let Some(y) = pair.without(Candidates::only(x)).single() else {
                    continue;
                };
                let elim = grid.digit_cells(x) & a.peer_set() & b.peer_set();
                if elim.is_empty() {
                    continue;
                }
                let ys = grid.digit_cells(y);
                // A link's house holds a `y` seeing `a` and one seeing `b`: only those houses are tried, in order.
                let mut near = houses_holding((ys & a.peer_set()).bits()) & houses_holding((ys & b.peer_set()).bits());
                while near != 0 {
                    let house = House::from_index(near.trailing_zeros() as usize);
                    near &= near - 1;
                    let Some((u, v)) = pair_in(ys, house) else { continue };
                    if u == a || u == b || v == a || v == b {
                        continue;
                    }
                    let sees = |p: Cell, q: Cell| p.peer_set().contains(q);
                    if !((sees(u, a) && sees(v, b)) || (sees(u, b) && sees(v, a))) {
                        continue;
                    }
                    // A link in a box whose two cells share a line that is itself a link was reported by the line.
                    if let House::Box(_) = house {
                        let line = if u.row() == v.row() {
                            Some(House::Row(u.row() as u8))
                        } else if u.col() == v.col() {
                            Some(House::Col(u.col() as u8))
                        } else {
                            None
                        };
                        if line.is_some_and(|l| pair_in(ys, l).is_some()) {
                            continue;
                        }
                    }
                    let pattern = Pattern {
                        digits: pair,
                        cells: vec![a, b, u, v],
                        base: vec![house],
                        ..Pattern::default()
                    };
                    emit(Step::elimination(Technique::WWing, removals(x, elim), pattern))?;
                }
            }
        }
    }
    Flow::Continue(())
}

/// The eliminated digit of a step that removes one digit only.
fn eliminated(step: &Step) -> Option<Digit> {
    step.eliminations.first().map(|&(_, d)| d)
}

/// Digits joined by `/`, the eliminated digit `z` last: `1/2/3`.
fn wing_digits(step: &Step) -> String {
    let z = eliminated(step);
    let mut parts: Vec<String> = step
        .pattern
        .digits
        .iter()
        .filter(|&d| Some(d) != z)
        .map(|d| d.to_string())
        .collect();
    parts.extend(z.map(|d| d.to_string()));
    parts.join("/")
}

/// The explanation of a wing, in HoDoKu's notation: `XY-Wing: 1/2/3 in r1c15,r5c1 => r5c5<>3`,
/// `W-Wing: 1/2 in r3c9,r8c3 connected by 2 in r2c37 => r8c9<>1`.
pub(super) fn explain(step: &Step, lang: Lang, result: &str) -> String {
    let p = &step.pattern;
    let name = step.technique.name_in(lang);
    match step.technique {
        Technique::WWing => {
            let x = eliminated(step);
            let y = x.and_then(|x| p.digits.without(Candidates::only(x)).single());
            let (x, y) = (
                x.map(|d| d.to_string()).unwrap_or_default(),
                y.map(|d| d.to_string()).unwrap_or_default(),
            );
            let wings = notation::cells(p.cells.get(..2).unwrap_or_default());
            let link = notation::cells(p.cells.get(2..4).unwrap_or_default());
            match lang {
                Lang::En => format!("{name}: {x}/{y} in {wings} connected by {y} in {link} => {result}"),
                Lang::Zh => format!("{name}：{x}/{y} 在 {wings}，由 {link} 的 {y} 强链相连 => {result}"),
            }
        }
        // XYZ-Wing lists the pivot's three digits in order, as HoDoKu does; the others put z last.
        _ => {
            let digits = if step.technique == Technique::XYZWing {
                p.digits.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("/")
            } else {
                wing_digits(step)
            };
            let cells = notation::cells(&p.cells);
            match lang {
                Lang::En => format!("{name}: {digits} in {cells} => {result}"),
                Lang::Zh => format!("{name}：{digits} 在 {cells} => {result}"),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::format::parse_library_line;
    use crate::logic::reglib::testing::{assert_all_pass, explained};
    use crate::logic::{Lang, Solver, Technique};
    use crate::{search, Cell};

    /// Cases from HoDoKu's regression library (reglib-dev.txt), so the tests run without the shared data.
    const XY: &str = ":0800:169:+71+4.+6.5+38+8..4+53..+7+3567+1+8+4+2+9....2+4.8+54.....3.22+8+5376+9+419+78+6+3+1254.....7..+6........3::942 943 954 955 956::";
    const XYZ: &str = ":0801:467:+673.+8.+2.9514.92..+3+9+82.....+5+167+359..28.+9.1.53+6..+5+8..+7+9+1..+614.9+2+8..+1..835+4..+8...1+67::635 636::";
    const W: &str = ":0803:14:6..+9+5..7...+9.2.....58.+31...+1+64+3+8+9+7+52...1+7+59+46597+24+6..892+54+1+76+8+3...5+6+2.....68+93...::417 427 437 489 499::";

    /// WXYZ-Wings met by the default ladder in the shared collections (top1465, qqwing_expert, royle17), written as
    /// library cases (code 0804 is ours). In each state the ladder had nothing easier.
    const WXYZ_NO_PIVOT: &str = ":0804:1237:+9..+5+4+6+32+7..43+1+8+5965+3+6+7+921+8+41....+97+6+5.+5+9.+6.432+6...5.+81+9.6....+9....597.+6+48.9.68.+2..:242 843 244 262 763 271 771 273 373 791 393:751::";
    const WXYZ_PIVOT: &str = ":0804:1568:...+8.7...7..14..53...39.....+7.+9.1..2..16+7..3+465+8+42+3..9567+2.4+3+9....+7..4.+51..539...:618 688:179::";
    const WXYZ_TWO: &str = ":0804:2469:+3+4.+7+2.51.+57.3+1....+2+1.+5.+4+38+7+6+37.51....2+1+4.+76+53.+5+4...+1+7.4+8+36+7+52+9+11.5.4+2+7+3.+7.+2+1....+5:844 865 965 866 966 869 896:628 689::";

    #[test]
    fn every_embedded_case_passes_the_library_check() {
        assert_all_pass(&[XY, XYZ, W, WXYZ_NO_PIVOT, WXYZ_PIVOT, WXYZ_TWO]);
    }

    #[test]
    fn explanations_follow_hodoku() {
        let (en, zh) = explained(XY);
        assert_eq!(en, "XY-Wing: 1/6/9 in r4c14,r5c2 => r4c23,r5c456<>9");
        assert_eq!(zh, "XY翼：1/6/9 在 r4c14,r5c2 => r4c23,r5c456<>9");
        let (en, _) = explained(XYZ);
        assert_eq!(en, "XYZ-Wing: 4/6/7 in r2c4,r3c47 => r3c56<>6");
        let (en, zh) = explained(W);
        assert_eq!(
            en,
            "W-Wing: 4/1 in r1c9,r8c7 connected by 1 in r18c3 => r123c7,r89c9<>4"
        );
        assert_eq!(zh, "W翼：4/1 在 r1c9,r8c7，由 r18c3 的 1 强链相连 => r123c7,r89c9<>4");
        let (en, zh) = explained(WXYZ_NO_PIVOT);
        assert_eq!(en, "WXYZ-Wing: 1/2/3/7 in r2c1,r5c6,r8c16 => r5c1<>7");
        assert_eq!(zh, "WXYZ翼：1/2/3/7 在 r2c1,r5c6,r8c16 => r5c1<>7");
        let (en, _) = explained(WXYZ_PIVOT);
        assert_eq!(en, "WXYZ-Wing: 5/6/8/1 in r147c5,r1c9 => r7c9<>1");
    }

    #[test]
    fn wxyz_wings_from_real_puzzles_are_true_and_new() {
        for line in [WXYZ_NO_PIVOT, WXYZ_PIVOT, WXYZ_TWO] {
            let case = parse_library_line(line).expect("library line");
            // The puzzle is the case's givens; its solution keeps every candidate the wing removes.
            let mut givens = [0u8; 81];
            for cell in Cell::ALL {
                if case.grid.is_given(cell) {
                    givens[cell.index()] = case.grid.value(cell).map_or(0, |d| d.get());
                }
            }
            let solution = search::solve(&givens).expect("the puzzle has a solution");
            for s in Solver::find_all(Technique::WXYZWing, &case.grid) {
                for &(c, d) in &s.eliminations {
                    assert_ne!(solution[c.index()], d.get(), "{}", s.explain(Lang::En));
                }
                // Four cells, four digits, one of them unrestricted: the pattern the step names.
                assert_eq!(s.pattern.cells.len(), 4);
                assert_eq!(s.pattern.digits.len(), 4);
            }
            // No smaller wing removes these candidates here.
            for t in [Technique::XYWing, Technique::XYZWing, Technique::WWing] {
                let found = Solver::find_all(t, &case.grid);
                assert!(
                    found
                        .iter()
                        .all(|s| s.eliminations.iter().all(|e| !case.eliminations.contains(e))),
                    "{t} in {line}"
                );
            }
        }
    }
}
