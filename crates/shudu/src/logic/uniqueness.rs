//! Uniqueness: patterns that would give a puzzle a second solution, so cannot occur in a puzzle with one.
//!
//! Four cells in two rows, two columns and two boxes holding the same two digits `a`/`b` crosswise can swap them
//! and stay a valid grid (a *deadly pattern*). A puzzle with one solution therefore never ends that way, and these
//! techniques remove what would lead to it: unique rectangles (types 1–6), hidden rectangles, avoidable rectangles
//! (where the cells are digits placed while solving, not givens) and the bivalue universal grave plus one.
//!
//! The definitions are HoDoKu's. As in HoDoKu's default setting, a corner may miss `a` or `b` as a candidate (struck
//! out by an earlier step) as long as no placed digit rules it out: the swap argument is about the puzzle's
//! solutions, not about the pencil marks. These steps are only valid for a puzzle with exactly one solution: the
//! [`Solver`](super::Solver) uses them only while it assumes one.

use crate::grid::{Bitboard, Candidates, Cell, Digit, Grid, House};

use super::notation;
use super::step::{Pattern, Step};
use super::technique::Technique;
use super::{Flow, Lang};

/// How many rectangles span exactly two boxes: two rows of one band and two columns of different stacks
/// (9 × 27), or two columns of one stack and two rows of different bands (9 × 27).
const RECTANGLE_COUNT: usize = 486;

/// Whether rows `r1`, `r2` and columns `c1`, `c2` meet in four cells of exactly two boxes. In one box the pattern
/// cannot swap (the box would hold a digit twice); across four boxes a swap changes what each box holds.
const fn spans_two_boxes(r1: usize, r2: usize, c1: usize, c2: usize) -> bool {
    (r1 / 3 == r2 / 3) != (c1 / 3 == c2 / 3)
}

/// Every rectangle's corners, in the order top-left, top-right, bottom-left, bottom-right: corner `k` is diagonal
/// to corner `3 - k`.
static RECTANGLES: [[u8; 4]; RECTANGLE_COUNT] = {
    let mut t = [[0u8; 4]; RECTANGLE_COUNT];
    let mut n = 0;
    let mut r1 = 0;
    while r1 < 9 {
        let mut r2 = r1 + 1;
        while r2 < 9 {
            let mut c1 = 0;
            while c1 < 9 {
                let mut c2 = c1 + 1;
                while c2 < 9 {
                    if spans_two_boxes(r1, r2, c1, c2) {
                        t[n] = [
                            (r1 * 9 + c1) as u8,
                            (r1 * 9 + c2) as u8,
                            (r2 * 9 + c1) as u8,
                            (r2 * 9 + c2) as u8,
                        ];
                        n += 1;
                    }
                    c2 += 1;
                }
                c1 += 1;
            }
            r2 += 1;
        }
        r1 += 1;
    }
    assert!(n == RECTANGLE_COUNT);
    t
};

/// Each rectangle's corners as a bitboard.
static RECTANGLE_SETS: [Bitboard; RECTANGLE_COUNT] = {
    let mut t = [Bitboard::EMPTY; RECTANGLE_COUNT];
    let mut i = 0;
    while i < RECTANGLE_COUNT {
        let mut bits = 0u128;
        let mut k = 0;
        while k < 4 {
            bits |= 1 << RECTANGLES[i][k];
            k += 1;
        }
        t[i] = Bitboard::from_bits(bits);
        i += 1;
    }
    t
};

/// The rectangles each cell is a corner of (24 each: 12 with its band's rows, 12 with its stack's columns).
static CELL_RECTANGLES: [[u16; 24]; 81] = {
    let mut t = [[0u16; 24]; 81];
    let mut count = [0usize; 81];
    let mut i = 0;
    while i < RECTANGLE_COUNT {
        let mut k = 0;
        while k < 4 {
            let c = RECTANGLES[i][k] as usize;
            t[c][count[c]] = i as u16;
            count[c] += 1;
            k += 1;
        }
        i += 1;
    }
    let mut c = 0;
    while c < 81 {
        assert!(count[c] == 24);
        c += 1;
    }
    t
};

/// For each cell, and each row (then each column), the cell's rectangles (bits by position in [`CELL_RECTANGLES`])
/// with their other row (column) there: a rectangle needs both of its other lines to hold a corner it may use, and
/// these masks pick those out without walking all 24.
static RECTANGLES_BY_LINE: [[[u32; 9]; 2]; 81] = {
    let mut t = [[[0u32; 9]; 2]; 81];
    let mut c = 0;
    while c < 81 {
        let mut k = 0;
        while k < 24 {
            let corners = RECTANGLES[CELL_RECTANGLES[c][k] as usize];
            let mut i = 0;
            while i < 4 {
                let x = corners[i] as usize;
                if x / 9 != c / 9 {
                    t[c][0][x / 9] |= 1 << k;
                }
                if x % 9 != c % 9 {
                    t[c][1][x % 9] |= 1 << k;
                }
                i += 1;
            }
            k += 1;
        }
        c += 1;
    }
    t
};

/// For each cell, the later cells sharing its box and a line: the cells after it in the same three-cell stretch of
/// its row, then below it in its column's. Walking these from each cell in order meets every such pair once,
/// ordered by first cell and then second (the solved side an avoidable rectangle starts from).
static BOX_PARTNERS: [u128; 81] = {
    let mut t = [0u128; 81];
    let mut i = 0;
    while i < 81 {
        let mut j = i + 1;
        while j < 81 {
            let same_box = i / 27 == j / 27 && i % 9 / 3 == j % 9 / 3;
            if same_box && (i / 9 == j / 9 || i % 9 == j % 9) {
                t[i] |= 1 << j;
            }
            j += 1;
        }
        i += 1;
    }
    t
};

fn corners_of(rectangle: usize) -> [Cell; 4] {
    RECTANGLES[rectangle].map(|i| Cell::ALL[i as usize])
}

/// For each digit, the empty cells where no placed digit rules it out: where it could still go in some solution,
/// whether or not a step has struck it from the pencil marks.
fn allowed_cells(grid: &Grid) -> [Bitboard; 9] {
    let mut blocked = [Bitboard::EMPTY; 9];
    for cell in !grid.empty_cells() {
        if let Some(d) = grid.value(cell) {
            blocked[d.index()] |= cell.peer_set();
        }
    }
    blocked.map(|b| grid.empty_cells() - b)
}

/// The houses (row, column, box) both cells lie in.
fn shared_houses(x: Cell, y: Cell) -> Vec<House> {
    x.houses().into_iter().filter(|h| y.houses().contains(h)).collect()
}

fn same_line(x: Cell, y: Cell) -> bool {
    x.row() == y.row() || x.col() == y.col()
}

/// A unique rectangle: four empty corners where `a` and `b` could both still go.
struct Rectangle {
    corners: [Cell; 4],
    cells: Bitboard,
    pair: Candidates,
    a: Digit,
    b: Digit,
    /// Corners holding no candidate besides `a` and `b`.
    plain: Bitboard,
    /// Corners holding other candidates too.
    extra: Bitboard,
}

impl Rectangle {
    /// The corner diagonal to `corner`.
    fn opposite(&self, corner: Cell) -> Option<Cell> {
        let k = self.corners.iter().position(|&c| c == corner)?;
        Some(self.corners[3 - k])
    }

    /// The pattern: the two digits, the corners (then any further `cells`), and the corners with extra candidates
    /// as fins.
    fn pattern(&self, more_cells: &[Cell], base: Vec<House>) -> Pattern {
        let mut cells = self.corners.to_vec();
        cells.sort_unstable();
        cells.extend_from_slice(more_cells);
        Pattern {
            digits: self.pair,
            cells,
            base,
            fins: self.extra.iter().collect(),
            ..Pattern::default()
        }
    }

    fn step(&self, technique: Technique, eliminations: Vec<(Cell, Digit)>, pattern: Pattern) -> Step {
        Step::elimination(technique, eliminations, pattern)
    }
}

/// `digit` removed from each of `cells` holding it.
fn remove(grid: &Grid, digit: Digit, cells: Bitboard) -> Vec<(Cell, Digit)> {
    (cells & grid.digit_cells(digit)).iter().map(|c| (c, digit)).collect()
}

/// Visits every unique rectangle once per digit pair. As in HoDoKu, a rectangle needs a corner whose candidates
/// are exactly the pair; it is visited from the first such corner.
fn rectangles(grid: &Grid, visit: &mut dyn FnMut(&Rectangle) -> Flow) -> Flow {
    // Taken out while visiting, so a finder called from inside a visit lists its own.
    let mut listed = LISTED.with(|l| l.take()).unwrap_or_else(|| Listed {
        values: [0; 81],
        digits: [Bitboard::EMPTY; 9],
        list: Vec::new(),
    });
    let digits = Digit::ALL.map(|d| grid.digit_cells(d));
    if listed.list.capacity() == 0 || listed.values != *grid.values() || listed.digits != digits {
        listed.values = *grid.values();
        listed.digits = digits;
        listed.list.clear();
        list_rectangles(grid, &mut listed.list);
    }
    let flow = listed.list.iter().try_for_each(visit);
    LISTED.with(|l| l.set(Some(listed)));
    flow
}

/// The rectangles of the grid last listed on this thread. The ladder tries the seven rectangle techniques on one
/// grid in a row, and all walk the same rectangles; a grid is known by its digits and its candidates.
struct Listed {
    values: [u8; 81],
    digits: [Bitboard; 9],
    list: Vec<Rectangle>,
}

std::thread_local! {
    static LISTED: core::cell::Cell<Option<Listed>> = const { core::cell::Cell::new(None) };
}

/// The unique rectangles of `grid`, in the order [`rectangles`] visits them.
fn list_rectangles(grid: &Grid, out: &mut Vec<Rectangle>) {
    // An empty list is remembered too: a capacity tells it from no list at all.
    out.reserve(1);
    let mut allowed: Option<[Bitboard; 9]> = None;
    for start in grid.empty_cells() {
        let pair = grid.candidates(start);
        if pair.len() != 2 {
            continue;
        }
        let mut digits = pair.iter();
        let (Some(a), Some(b)) = (digits.next(), digits.next()) else {
            continue;
        };
        let allowed = allowed.get_or_insert_with(|| allowed_cells(grid));
        let both = allowed[a.index()] & allowed[b.index()];
        // Each rectangle has a corner in the start's row and one in its column.
        let row = House::Row(start.row() as u8).cell_set();
        let col = House::Col(start.col() as u8).cell_set();
        if (both & row).len() < 2 || (both & col).len() < 2 {
            continue;
        }
        let by_line = &RECTANGLES_BY_LINE[start.index()];
        let in_rows = (both & col).iter().fold(0, |acc, c| acc | by_line[0][c.row()]);
        let in_cols = (both & row).iter().fold(0, |acc, c| acc | by_line[1][c.col()]);
        let mut todo = in_rows & in_cols;
        while todo != 0 {
            let k = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let r = CELL_RECTANGLES[start.index()][k] as usize;
            let cells = RECTANGLE_SETS[r];
            if !(cells - both).is_empty() {
                continue;
            }
            let corners = corners_of(r);
            if corners.iter().any(|&c| c < start && grid.candidates(c) == pair) {
                continue;
            }
            let plain: Bitboard = corners
                .iter()
                .copied()
                .filter(|&c| grid.candidates(c).without(pair).is_empty())
                .collect();
            out.push(Rectangle {
                corners,
                cells,
                pair,
                a,
                b,
                plain,
                extra: cells - plain,
            });
        }
    }
}

/// Type 1: three corners hold only `a` and `b`; the fourth must be something else.
pub fn type1(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    rectangles(grid, &mut |r| {
        if r.plain.len() != 3 {
            return Flow::Continue(());
        }
        let elim: Vec<(Cell, Digit)> = [r.a, r.b].into_iter().flat_map(|d| remove(grid, d, r.extra)).collect();
        if elim.is_empty() {
            return Flow::Continue(());
        }
        emit(r.step(Technique::UniqueRectangleType1, elim, r.pattern(&[], Vec::new())))
    })
}

/// Types 2 and 5: the corners with extra candidates share exactly one, `x`; one of them must be `x`, so `x` leaves
/// every cell seeing them all. Two such corners in a line make type 2; diagonal ones, or three, make type 5.
fn type2_or_5(grid: &Grid, r: &Rectangle) -> Option<Step> {
    if !(1..=2).contains(&r.plain.len()) {
        return None;
    }
    let mut extra_digits = Candidates::EMPTY;
    let mut seen_by_all = Bitboard::FULL;
    for c in r.extra {
        extra_digits = extra_digits.or(grid.candidates(c).without(r.pair));
        seen_by_all &= c.peer_set();
    }
    let x = extra_digits.single()?;
    let elim = remove(grid, x, seen_by_all);
    if elim.is_empty() {
        return None;
    }
    let mut extra = r.extra.iter();
    let in_line = match (extra.next(), extra.next(), extra.next()) {
        (Some(p), Some(q), None) => same_line(p, q),
        _ => false,
    };
    let technique = if in_line {
        Technique::UniqueRectangleType2
    } else {
        Technique::UniqueRectangleType5
    };
    Some(r.step(technique, elim, r.pattern(&[], Vec::new())))
}

/// Type 2: two corners in a line with one extra candidate between them.
pub fn type2(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    rectangles(grid, &mut |r| match type2_or_5(grid, r) {
        Some(step) if step.technique == Technique::UniqueRectangleType2 => emit(step),
        _ => Flow::Continue(()),
    })
}

/// Type 5: diagonal corners (or three) with one extra candidate between them.
pub fn type5(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    rectangles(grid, &mut |r| match type2_or_5(grid, r) {
        Some(step) if step.technique == Technique::UniqueRectangleType5 => emit(step),
        _ => Flow::Continue(()),
    })
}

/// The two corners with extra candidates, when exactly two corners hold only the pair.
fn two_extra(r: &Rectangle) -> Option<(Cell, Cell)> {
    if r.plain.len() != 2 {
        return None;
    }
    let mut extra = r.extra.iter();
    Some((extra.next()?, extra.next()?))
}

/// Type 3: two corners with extra candidates in one house act as one cell holding those extras; with `k` more
/// cells of the house (without `a` or `b`) they form a naked subset of `k + 1` digits, which leave the rest of the
/// house. When the subset's cells share a box as well as a line, the box loses them too.
pub fn type3(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    rectangles(grid, &mut |r| {
        let Some((p, q)) = two_extra(r) else {
            return Flow::Continue(());
        };
        let extras = grid.candidates(p).or(grid.candidates(q)).without(r.pair);
        for house in shared_houses(p, q) {
            let pool: Vec<Cell> = (house.cell_set() & (grid.empty_cells() - r.cells))
                .iter()
                .filter(|&c| grid.candidates(c).and(r.pair).is_empty())
                .collect();
            // At most seven cells: every subset is few enough to list. They come in HoDoKu's order of search (a
            // cell at a time, each set before the sets it starts), whose first it takes: a triple before the pair
            // it starts, though the pair removes as much (HoDoKu's first listed at all training boards where the
            // instances differ in effect, 8; counting masks up, 6).
            let all = (1usize << pool.len()) - 1;
            let mut mask = 0;
            loop {
                mask = super::sue_de_coq::next_in_order(mask, all);
                if mask == 0 {
                    break;
                }
                let chosen: Vec<Cell> = (0..pool.len())
                    .filter(|i| mask >> i & 1 != 0)
                    .map(|i| pool[i])
                    .collect();
                let digits = chosen.iter().fold(extras, |acc, &c| acc.or(grid.candidates(c)));
                if digits.len() as usize != chosen.len() + 1 {
                    continue;
                }
                let subset: Bitboard = chosen.iter().copied().chain([p, q]).collect();
                let line = line_of(subset);
                // A subset in one line of a box is found from the line, with the box's eliminations added.
                if matches!(house, House::Box(_)) && line.is_some() {
                    continue;
                }
                let mut reach = house.cell_set();
                if let (Some(_), Some(bx)) = (line, box_of(subset)) {
                    reach |= bx.cell_set();
                }
                let reach = reach & (grid.empty_cells() - subset);
                let elim: Vec<(Cell, Digit)> = digits.iter().flat_map(|d| remove(grid, d, reach)).collect();
                if elim.is_empty() {
                    continue;
                }
                emit(r.step(Technique::UniqueRectangleType3, elim, r.pattern(&chosen, vec![house])))?;
            }
        }
        Flow::Continue(())
    })
}

/// The row or column holding all of `cells`, if one does.
fn line_of(cells: Bitboard) -> Option<House> {
    let first = cells.first()?;
    [House::Row(first.row() as u8), House::Col(first.col() as u8)]
        .into_iter()
        .find(|h| (cells - h.cell_set()).is_empty())
}

/// The box holding all of `cells`, if one does.
fn box_of(cells: Bitboard) -> Option<House> {
    let first = cells.first()?;
    let bx = House::Box(first.box_index() as u8);
    (cells - bx.cell_set()).is_empty().then_some(bx)
}

/// Type 4: two corners with extra candidates in a line; where one digit of the pair, `u`, has no other place in a
/// house they share, one of them is `u`, so neither may be the other digit.
pub fn type4(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    rectangles(grid, &mut |r| {
        let Some((p, q)) = two_extra(r) else {
            return Flow::Continue(());
        };
        if !same_line(p, q) {
            return Flow::Continue(());
        }
        let seen_by_both = p.peer_set() & q.peer_set();
        // HoDoKu tries the first digit of the pair first and reports one step per rectangle.
        let Some(other) = [(r.a, r.b), (r.b, r.a)]
            .into_iter()
            .find(|&(u, _)| (seen_by_both & grid.digit_cells(u)).is_empty())
            .map(|(_, other)| other)
        else {
            return Flow::Continue(());
        };
        let elim = remove(grid, other, r.extra);
        if elim.is_empty() {
            return Flow::Continue(());
        }
        emit(r.step(
            Technique::UniqueRectangleType4,
            elim,
            r.pattern(&[], shared_houses(p, q)),
        ))
    })
}

/// Type 6: two diagonal corners with extra candidates; when one digit of the pair, `u`, appears in the rectangle's
/// rows and columns only at its corners, it forms an X-Wing there; were the extra corners `u`, the other two would
/// hold the other digit and the pattern would be deadly. So `u` leaves the extra corners.
pub fn type6(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    rectangles(grid, &mut |r| {
        let Some((p, q)) = two_extra(r) else {
            return Flow::Continue(());
        };
        if same_line(p, q) {
            return Flow::Continue(());
        }
        let lines = [
            House::Row(p.row() as u8),
            House::Row(q.row() as u8),
            House::Col(p.col() as u8),
            House::Col(q.col() as u8),
        ];
        let outside = lines.iter().fold(Bitboard::EMPTY, |acc, h| acc | h.cell_set()) - r.cells;
        let Some(u) = [r.a, r.b]
            .into_iter()
            .find(|&u| (outside & grid.digit_cells(u)).is_empty())
        else {
            return Flow::Continue(());
        };
        let elim = remove(grid, u, r.extra);
        if elim.is_empty() {
            return Flow::Continue(());
        }
        emit(r.step(Technique::UniqueRectangleType6, elim, r.pattern(&[], lines.to_vec())))
    })
}

/// Hidden Rectangle: one corner holding only the pair (or two, diagonal). When one digit `u` of the pair appears in
/// the row and the column of the opposite corner only at the rectangle, that corner cannot be the other digit:
/// it would force `u` into both neighbours and the pair's other digit into the first corner, a deadly pattern.
pub fn hidden(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    rectangles(grid, &mut |r| {
        let plain: Vec<Cell> = r.plain.iter().collect();
        let starts = match plain.as_slice() {
            [x] => vec![*x],
            [x, y] if !same_line(*x, *y) => vec![*x, *y],
            _ => return Flow::Continue(()),
        };
        for start in starts {
            let Some(target) = r.opposite(start) else {
                continue;
            };
            let row = House::Row(target.row() as u8);
            let col = House::Col(target.col() as u8);
            for (u, other) in [(r.a, r.b), (r.b, r.a)] {
                let outside = (row.cell_set() | col.cell_set()) - r.cells;
                if !(outside & grid.digit_cells(u)).is_empty() {
                    continue;
                }
                let elim = remove(grid, other, Bitboard::only(target));
                if elim.is_empty() {
                    continue;
                }
                emit(r.step(Technique::HiddenRectangle, elim, r.pattern(&[], vec![row, col])))?;
            }
        }
        Flow::Continue(())
    })
}

/// Avoidable rectangles: two corners of a box hold digits placed while solving (not givens), `v` and `w`; the
/// corners across are empty or placed too. Had the givens fixed none of the four, `v` and `w` could swap, so the
/// pattern `v w / w v` must not be completed.
///
/// Type 1: the third corner already holds its digit; the fourth may not take the one that completes the pattern.
/// (HoDoKu also asks the fourth corner to hold two candidates; the swap argument does not need it, so neither do we.)
/// Type 2: the two across are empty, holding `w` and `x`, `v` and `x`; one of them is `x`, which leaves every cell
/// seeing both.
fn avoidable(grid: &Grid, technique: Technique, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    let placed = !grid.empty_cells() - grid.givens();
    if placed.len() < 2 {
        return Flow::Continue(());
    }
    let pairs = placed.iter().flat_map(|p1| {
        (Bitboard::from_bits(BOX_PARTNERS[p1.index()]) & placed)
            .iter()
            .map(move |p2| (p1, p2))
    });
    for (p1, p2) in pairs {
        let (Some(v), Some(w)) = (grid.value(p1), grid.value(p2)) else {
            continue;
        };
        // The same two cells in each parallel line of the other bands (or stacks): q1 across from p1 (it would
        // take w), q2 across from p2 (it would take v).
        let in_row = p1.row() == p2.row();
        let own = if in_row { p1.row() / 3 } else { p1.col() / 3 };
        for line in (0..9).filter(|l| l / 3 != own) {
            let (q1, q2) = if in_row {
                (Cell::at(line, p1.col()), Cell::at(line, p2.col()))
            } else {
                (Cell::at(p1.row(), line), Cell::at(p2.row(), line))
            };
            if grid.is_given(q1) || grid.is_given(q2) {
                continue;
            }
            let found = match (grid.value(q1), grid.value(q2)) {
                (Some(d), None) if d == w && technique == Technique::AvoidableRectangleType1 => {
                    Some((remove(grid, v, Bitboard::only(q2)), Vec::new()))
                }
                (None, Some(d)) if d == v && technique == Technique::AvoidableRectangleType1 => {
                    Some((remove(grid, w, Bitboard::only(q1)), Vec::new()))
                }
                (None, None) if technique == Technique::AvoidableRectangleType2 => {
                    let (k1, k2) = (grid.candidates(q1), grid.candidates(q2));
                    let x1 = k1.without(Candidates::only(w));
                    let x2 = k2.without(Candidates::only(v));
                    match (k1.len(), k2.len(), x1.single()) {
                        (2, 2, Some(x)) if x1 == x2 && k1.contains(w) && k2.contains(v) => {
                            Some((remove(grid, x, q1.peer_set() & q2.peer_set()), vec![q1, q2]))
                        }
                        _ => None,
                    }
                }
                _ => None,
            };
            let Some((elim, fins)) = found.filter(|(elim, _)| !elim.is_empty()) else {
                continue;
            };
            let mut corners = vec![p1, p2, q1, q2];
            corners.sort_unstable();
            let pattern = Pattern {
                digits: Candidates::only(v).or(Candidates::only(w)),
                cells: corners,
                fins,
                ..Pattern::default()
            };
            emit(Step::elimination(technique, elim, pattern))?;
        }
    }
    Flow::Continue(())
}

/// Avoidable Rectangle Type 1.
pub fn avoidable1(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    avoidable(grid, Technique::AvoidableRectangleType1, emit)
}

/// Avoidable Rectangle Type 2.
pub fn avoidable2(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    avoidable(grid, Technique::AvoidableRectangleType2, emit)
}

/// Bivalue Universal Grave + 1: every empty cell holds two candidates but one, which holds three, and every digit
/// appears twice in each house where it appears, but one digit in the three houses of that cell. Without that
/// digit there the board would be a BUG, which has no solution or several: so the cell is that digit, and loses
/// its other two candidates (HoDoKu reports the eliminations; the naked single follows).
pub fn bug_plus_one(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    let mut triple = None;
    for cell in grid.empty_cells() {
        match grid.candidates(cell).len() {
            2 => {}
            3 if triple.is_none() => triple = Some(cell),
            _ => return Flow::Continue(()),
        }
    }
    let Some(cell) = triple else {
        return Flow::Continue(());
    };
    let houses = cell.houses();
    let count = |d: Digit, h: House| (grid.digit_cells(d) & h.cell_set()).len();
    // The digit appearing three times in each of the cell's houses; its other two appear twice there.
    let mut extra = None;
    for d in grid.candidates(cell) {
        match houses.map(|h| count(d, h)) {
            [3, 3, 3] if extra.is_none() => extra = Some(d),
            [2, 2, 2] => {}
            _ => return Flow::Continue(()),
        }
    }
    let Some(extra) = extra else {
        return Flow::Continue(());
    };
    for h in House::ALL {
        for d in Digit::ALL {
            let n = count(d, h);
            let expected_three = d == extra && houses.contains(&h);
            if (expected_three && n != 3) || (!expected_three && n != 0 && n != 2) {
                return Flow::Continue(());
            }
        }
    }
    let elim = grid
        .candidates(cell)
        .without(Candidates::only(extra))
        .iter()
        .map(|d| (cell, d))
        .collect();
    let pattern = Pattern {
        digits: Candidates::only(extra),
        cells: vec![cell],
        ..Pattern::default()
    };
    emit(Step::elimination(Technique::BugPlusOne, elim, pattern))
}

/// The explanation of a uniqueness step: HoDoKu's `Uniqueness Test 1: 4/7 in r1c25,r8c25 => r8c5<>4, r8c5<>7`
/// and `Bivalue Universal Grave + 1 => r4c5<>1, r4c5<>7`, or the Chinese.
pub fn explain(step: &Step, lang: Lang, result: &str) -> String {
    let p = &step.pattern;
    let t = step.technique;
    let name = t.name_in(lang);
    if t == Technique::BugPlusOne {
        let cell = notation::cells(&p.cells);
        let digit = notation::digits(p.digits);
        return match lang {
            Lang::En => format!("{name} => {result}"),
            Lang::Zh => format!(
                "{name}：除 {cell} 外每个未填格只有两个候选数，{cell} 必须填 {digit}，否则成全双值坟墓（无解或多解） => {result}"
            ),
        };
    }
    let corners = notation::cells(&p.cells[..p.cells.len().min(4)]);
    let pair = p.digits.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("/");
    if lang == Lang::En {
        return format!("{name}: {pair} in {corners} => {result}");
    }
    let fins = notation::cells(&p.fins);
    let houses = p.base.iter().map(|h| h.to_string()).collect::<Vec<_>>().join("、");
    let removed = step.eliminations.first().map(|&(_, d)| d);
    let removed_text = removed.map(|d| d.to_string()).unwrap_or_default();
    let kept = removed
        .map(|d| notation::digits(p.digits.without(Candidates::only(d))))
        .unwrap_or_default();
    let detail = match t {
        Technique::UniqueRectangleType1 => {
            format!("其余三格只有 {pair}，{fins} 再填 {pair} 之一就会有两个解")
        }
        Technique::UniqueRectangleType2 | Technique::UniqueRectangleType5 => {
            format!("{fins} 中必有一格填额外候选数 {removed_text}")
        }
        Technique::UniqueRectangleType3 => {
            let others = notation::cells(&p.cells[p.cells.len().min(4)..]);
            format!("{fins} 的额外候选数与 {others} 在 {houses} 构成显性数组")
        }
        Technique::UniqueRectangleType4 => {
            format!("{houses} 中 {kept} 只能在 {fins}，二者都不能填 {removed_text}")
        }
        Technique::UniqueRectangleType6 => {
            format!("{removed_text} 在 {houses} 中只在矩形四角（X翼），{fins} 不能填 {removed_text}")
        }
        Technique::HiddenRectangle => {
            format!("{houses} 中 {kept} 只在矩形内，对角格不能填 {removed_text}")
        }
        Technique::AvoidableRectangleType1 => "三格已填且都不是提示数，第四格填入后可交换两数，出现两个解".to_string(),
        Technique::AvoidableRectangleType2 => {
            format!("两格已填且不是提示数，{fins} 中必有一格填 {removed_text}")
        }
        _ => String::new(),
    };
    format!("{name}：{pair} 在 {corners}，{detail} => {result}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::parse_library_line;
    use crate::logic::reglib::testing::assert_all_pass;
    use crate::logic::Solver;

    #[test]
    fn rectangle_tables_are_complete() {
        let mut seen = std::collections::HashSet::new();
        for (i, corners) in RECTANGLES.iter().enumerate() {
            let c = corners.map(|x| Cell::ALL[x as usize]);
            assert_eq!(c[0].row(), c[1].row());
            assert_eq!(c[2].row(), c[3].row());
            assert_eq!(c[0].col(), c[2].col());
            assert_eq!(c[1].col(), c[3].col());
            let boxes: std::collections::HashSet<usize> = c.iter().map(|x| x.box_index()).collect();
            assert_eq!(boxes.len(), 2);
            assert_eq!(RECTANGLE_SETS[i].len(), 4);
            assert!(seen.insert(RECTANGLE_SETS[i]));
            for x in c {
                assert!(CELL_RECTANGLES[x.index()].contains(&(i as u16)));
            }
        }
    }

    /// Real cases of HoDoKu's regression library (reglib-dev.txt), one or more per code and variant.
    const CASES: &[&str] = &[
        ":0600-1:23:+4+7.3..1.8+85.4...9.39.+86.+4.7+1342+8.+5.+9+2+8+5+1...+3+496+7+53+4..1+6+2871+3+9+45+5+1+3+9+42..+6+74+96+58.+1.::227 327::",
        ":0600-2:68:....+3.9.18.+1+97.+4+3.+3.+9.+1....43+85+6+7+2+1+9+9..+48+157+3+71+5+2+9+36..+1..3.9...5+9+3+7+4.+12....1..+3+9.:616 816 626 732 636 836 639 672 296 596 699:899::",
        ":0601-1:34:.9..+52+6+4.6..4+8..+53..5..628....8....4.1..+4......+4.27........341+8+1+865+743+92..9+21+8+576::711 713 722 723 734 739::",
        ":0601-2:15:.32+71.......6+2+37.4...+8.9+3.+2.+2.53.+1..7.+1+2.+68.+3+3..+1..+42.2.+34.+1....1.+9..+23....+3.+25+4+1:511 811 911 518 821 921 522 523 828 928 431 532 433 538 562 972:632 633::",
        ":0602-1:15:.8+2+73+51...+7+5.+623.+8.+364..+2753.9+82....+62+45.1.8+3+8.7.4...27+9.6...+2.+2+6....8..54.+2....7::488 698 988 998::",
        ":0602-2:69:..5....183+7+19.+8...+8..+1.......+45+8+137+2+518.7.+6..+72+3+4..+1+8+54..+8..9.+1+1+8.6..4....+9.1+4+8..:612 214 215 615 216 716 425 625 228 528 932 335 336 238 438 538 638 439 639 739 956 672 273 285 786 692:316::",
        ":0603-1:14:..+9+4.+6+3+8....3.9+5+6..+6.+8.7149...+2+9+4+631.2.+5+689+74+496+17+3+2+58+9+58+7+3+2+4+1+6+7326+4+1+8+9+5+6..9+8+572+3::122 123::",
        ":0603-2:28:+4...+5.1.85+1.2.+4.........4.+59.+4....5....34..+1.+1..+56.2+4....6+15+97+4+641...+5+8+2+7..+4..+63+1:916 323 723 325 725 629 929 734 934 735 836 936 242 744 846 853 256 986 292 892 293 893 995 996:845::",
        ":0604-1:26:+324+56+7+918..+9..+8.+3...+893+4.+5...+5+7.63.+9+9624+8+3+5+71.+37.5+9+8....+389+17..+7+96+34+2+185..1+6+7+5.+93:121 122 227 229 629 639 479:448::",
        ":0604-2:57:1..+4..+93+2.2+6.7+3+1+4+5+4+3..2+1+6+78.4+3+2+1.7+8+6+7.+26.+4+35..+6.3.+7+4+2.6..14.2+9+3+2..+7+3...43.+4..+2..+7:812 815 563 573 586 886 592 892 994 595 895:883::",
        ":0605-1:67:+173+2+8..+6+4+4..+13+6...+6.8...2+31+9+3+47+5+18+26+7..6284+932+8+6+3+94+15+75.9..+3...+34.......+8+6+75123+4+9::675 687::",
        ":0605-2:38:+4+9+3+168+57+252+8...9+6+1+1+6+7+9+2+5...+3+51.7+2+6+9.+6+8+95..2.+7+74+2+6...+5.8.+5....+269.+42.+6..+5+2.6.+5..3+9:437 839 365 366 867:339 367::",
        ":0606-1:39:+39+4+6+821+5+7+6+1+873+5+42+952+7+4..+3+681+53.47..+6+4+7.+56+8.3+18+6....+7+457+368.4..+29+4+5.....+3+2+81.....4::966::",
        ":0606-2:56:....17.3+22+7+3+4+6+58+9+1....3+2+7+5..+8.6+5+32+19+531+7+2+9..+8+6+2+9+1..+3+75.4+2+3+9.+58.9..2..+1.+3+3..5..+9+2.:813 431 632 833 683 793 699:613::",
        ":0606-x:34:.51.+8..4+2....2.3...........3..8.+29.....5.4......1.+9+4.....7+5+6+214.6.+29....2........:432 732 832 932 433 633 733 833 933 334 335 635 735 336 881 383 883 392 492 892 992 393 493 893 993 395:435::",
        ":0607-1:19:+6+45.+3..+1.+1+9+3..268.7+2+8+6.14+3.+3+5+21.68...+1+63+8.....87.+2+51+638+712.43.+6+53+4.6..2+126+9.+1+3.+4+8:714 717 919 525 945 749 757 957 958 559 759 959:951::",
        ":0608-1:12:......+531.96...7+425.....+6+9+8......8..7.94..+1.+3....329..+9..+1+28+3+65+832.5.+41+9+6+51+3+49+287:814 815 141 142:714 715 716 732 733 736::",
        ":0610::.+9.+613.+8+4...2+5+7+1+393.184+92..968+5+7+1+42+3+4379+2+6+81+5+1..+3+84......+1+9+2..8..9+435+67+1+51.+76+8..+2::373 673::",
        ":0610-x::+9+5+2..+17+3+6..8+5+76+249476+9+2+3+18+5+78..92+5+61+69+17.5+42.2.+516.+97..2.+6.+981786+92+1+73+5+4..7...+6+9+2:391 392 494 395 495::",
    ];

    #[test]
    fn embedded_library_cases_pass() {
        assert_all_pass(CASES);
    }

    #[test]
    fn the_family_is_used_only_when_uniqueness_is_assumed() {
        use crate::format::parse_line;
        use crate::logic::{Family, Outcome, Silent};
        // QQWing "expert" puzzles whose paths need a BUG+1 and a type 1 rectangle once singles, intersections and
        // subsets run out.
        let puzzles = [
            (
                "5....9.....6...2...1....4......8...5...19....7.8.526.......6.2.15...47.64.7...1.8",
                Technique::BugPlusOne,
            ),
            (
                ".......217.3.......1.8....6...3.7...6.7.8....8...12.5..5..7........4.87.1...26...",
                Technique::UniqueRectangleType1,
            ),
        ];
        let ladder = Solver::with_families(&[
            Family::Singles,
            Family::Intersections,
            Family::Subsets,
            Family::Uniqueness,
        ]);
        for (line, technique) in puzzles {
            let values = parse_line(line).expect("parses");
            let solution = crate::search::solve(&values).expect("solvable");
            let grid = Grid::from_values(&values).expect("valid");
            let mut solver = ladder.clone();
            let report = solver.solve(&grid, &mut Silent);
            assert_eq!(report.outcome, Outcome::Solved, "{line}");
            assert_eq!(report.grid.values(), &solution);
            assert!(report.steps.iter().any(|s| s.technique == technique), "{line}");
            solver.set_assume_unique(false);
            let report = solver.solve(&grid, &mut Silent);
            assert_eq!(report.outcome, Outcome::Stuck, "{line}");
            assert!(report
                .steps
                .iter()
                .all(|s| s.technique.info().family != Family::Uniqueness));
        }
    }

    #[test]
    fn explanations_follow_hodoku() {
        let case = parse_library_line(CASES[0]).expect("parses");
        let steps = Solver::find_all(Technique::UniqueRectangleType1, &case.grid);
        let step = steps.first().expect("a type 1");
        assert_eq!(
            step.explain(Lang::En),
            "Uniqueness Test 1: 2/3 in r2c79,r9c79 => r2c7<>2, r2c7<>3"
        );
        assert_eq!(
            step.explain(Lang::Zh),
            "唯一矩形 1：2/3 在 r2c79,r9c79，其余三格只有 2/3，r2c7 再填 2/3 之一就会有两个解 => r2c7<>2, r2c7<>3"
        );
        assert_eq!(step.pattern.cells.len(), 4);
        assert_eq!(step.pattern.fins, vec![Cell::at(1, 6)]);
        let case = parse_library_line(CASES[17]).expect("parses");
        let step = Solver::find_first(Technique::BugPlusOne, &case.grid).expect("a BUG+1");
        assert_eq!(
            step.explain(Lang::En),
            "Bivalue Universal Grave + 1 => r7c3<>3, r7c3<>6"
        );
        assert!(step.explain(Lang::Zh).starts_with("全双值坟墓+1：除 r7c3 外"));
    }
}
