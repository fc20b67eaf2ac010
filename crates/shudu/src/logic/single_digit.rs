//! Single-digit patterns: Skyscraper, 2-String Kite, Turbot Fish and Empty Rectangle, with the dual kites and dual
//! rectangles HoDoKu names apart (reported here as one step of the base technique, its pattern naming the variant).
//!
//! All four rest on strong links: a house where the digit has exactly two places (a conjugate pair), so one of the
//! two holds it. Every search works on the digit's bitboard; nothing is allocated unless something is found.

use crate::grid::{Bitboard, Candidates, Cell, Digit, Grid, House};

use super::notation;
use super::step::{Pattern, Step};
use super::technique::Technique;
use super::{Flow, Lang};

/// The pattern variant HoDoKu calls Dual 2-String Kite.
pub(super) const DUAL_KITE: &str = "Dual 2-String Kite";
/// The pattern variant HoDoKu calls Dual Empty Rectangle.
pub(super) const DUAL_ER: &str = "Dual Empty Rectangle";

/// The searches here that remember, per thread, each digit's last candidates where they found nothing. Every
/// pattern of theirs lies in one digit's candidates and is reported while that digit is searched, and a step
/// changes the candidates of one or two digits: the other digits are passed over.
#[derive(Copy, Clone)]
enum Memo {
    SkyscraperRows,
    SkyscraperCols,
    Kite,
    Turbot,
    Rectangle,
    RectangleTwo,
}

thread_local! {
    /// For each [`Memo`] and digit, the digit's candidates when that search last found nothing there (no candidates
    /// at first: a digit without candidates holds no pattern).
    static BARREN: core::cell::RefCell<[[u128; 9]; 6]> = const { core::cell::RefCell::new([[0; 9]; 6]) };
}

/// Whether `memo`'s search found nothing in the digit's `cells` when last run on them.
fn barren(memo: Memo, digit: Digit, cells: Bitboard) -> bool {
    BARREN.with(|b| b.borrow()[memo as usize][digit.index()] == cells.bits())
}

/// Remembers that `memo`'s search finds nothing in the digit's `cells`.
fn remember_barren(memo: Memo, digit: Digit, cells: Bitboard) {
    BARREN.with(|b| b.borrow_mut()[memo as usize][digit.index()] = cells.bits());
}

/// The two cells of `cells` in `house`, when there are exactly two: a strong link.
#[inline]
pub(super) fn pair_in(cells: Bitboard, house: House) -> Option<(Cell, Cell)> {
    let set = cells & house.cell_set();
    if set.len() != 2 {
        return None;
    }
    let a = set.first()?;
    let b = (set - Bitboard::only(a)).first()?;
    Some((a, b))
}

/// A house both cells lie in (row first, then column, then box), if they share one.
#[inline]
pub(super) fn common_house(a: Cell, b: Cell) -> Option<House> {
    if a.row() == b.row() {
        Some(House::Row(a.row() as u8))
    } else if a.col() == b.col() {
        Some(House::Col(a.col() as u8))
    } else if a.box_index() == b.box_index() {
        Some(House::Box(a.box_index() as u8))
    } else {
        None
    }
}

/// `digit` removed from every cell of `cells`.
#[inline]
pub(super) fn removals(digit: Digit, cells: Bitboard) -> Vec<(Cell, Digit)> {
    cells.iter().map(|c| (c, digit)).collect()
}

/// The strong links of `cells` in the nine rows (or columns), with their houses; `n` of the nine slots are filled.
fn line_pairs(cells: Bitboard, rows: bool) -> ([(House, Cell, Cell); 9], usize) {
    let mut pairs = [(House::Row(0), Cell::at(0, 0), Cell::at(0, 0)); 9];
    let mut n = 0;
    for i in 0..9u8 {
        let house = if rows { House::Row(i) } else { House::Col(i) };
        if let Some((a, b)) = pair_in(cells, house) {
            pairs[n] = (house, a, b);
            n += 1;
        }
    }
    (pairs, n)
}

/// Two strong links in parallel lines (two rows or two columns) with one end of each in the same cross line: one of
/// the two other ends holds the digit, so cells seeing both lose it. HoDoKu searches rows for every digit, then
/// columns; both ends in the same cross lines would be an X-Wing and are left to it.
pub fn skyscraper(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    for rows in [true, false] {
        let memo = if rows {
            Memo::SkyscraperRows
        } else {
            Memo::SkyscraperCols
        };
        for digit in Digit::ALL {
            let cells = grid.digit_cells(digit);
            if barren(memo, digit, cells) {
                continue;
            }
            let mut any = false;
            let (pairs, n) = line_pairs(cells, rows);
            let cross = |c: Cell| if rows { c.col() } else { c.row() };
            for i in 0..n {
                for j in i + 1..n {
                    let (hi, ai, bi) = pairs[i];
                    let (hj, aj, bj) = pairs[j];
                    // Which ends meet in a cross line: exactly one pairing, or it is no skyscraper (none) or an
                    // X-Wing (two).
                    let mut meeting = None;
                    let mut count = 0;
                    for (ci, fi) in [(ai, bi), (bi, ai)] {
                        for (cj, fj) in [(aj, bj), (bj, aj)] {
                            if cross(ci) == cross(cj) {
                                count += 1;
                                meeting = Some((ci, fi, cj, fj));
                            }
                        }
                    }
                    let Some((ci, fi, cj, fj)) = meeting.filter(|_| count == 1) else {
                        continue;
                    };
                    let elim = cells & fi.peer_set() & fj.peer_set();
                    if elim.is_empty() {
                        continue;
                    }
                    let line = if rows {
                        House::Col(ci.col() as u8)
                    } else {
                        House::Row(ci.row() as u8)
                    };
                    let pattern = Pattern {
                        digits: Candidates::only(digit),
                        cells: vec![fi, fj, ci, cj],
                        base: vec![hi, hj],
                        cover: vec![line],
                        ..Pattern::default()
                    };
                    any = true;
                    emit(Step::elimination(Technique::Skyscraper, removals(digit, elim), pattern))?;
                }
            }
            if !any {
                remember_barren(memo, digit, cells);
            }
        }
    }
    Flow::Continue(())
}

/// One 2-String Kite: a strong link in a row and one in a column, an end of each in the same box.
#[derive(Copy, Clone)]
struct Kite {
    digit: Digit,
    row: House,
    col: House,
    row_end: Cell,
    col_end: Cell,
    row_box: Cell,
    col_box: Cell,
    target: Cell,
}

/// A strong link in a row and one in a column, with an end of each (two different cells) in one box: one of the two
/// other ends holds the digit, so the cell in the row of the column's free end and the column of the row's free
/// end loses it.
///
/// Two kites on the same two box cells with different eliminations are a Dual 2-String Kite, reported first as one
/// step. For one digit that is the crosswise pair (each box cell the row end of one kite and the column end of the
/// other); HoDoKu also pairs kites of two digits that happen to use the same box cells, and its library expects
/// that, so it is done here too (both eliminations stand on their own).
pub fn two_string_kite(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    let mut kites: Vec<Kite> = Vec::new();
    for digit in Digit::ALL {
        let cells = grid.digit_cells(digit);
        // A digit without kites of its own adds nothing, not even to another digit's dual kite.
        if barren(Memo::Kite, digit, cells) {
            continue;
        }
        let before = kites.len();
        let (rows, nr) = line_pairs(cells, true);
        let (cols, nc) = line_pairs(cells, false);
        for &(row, ra, rb) in &rows[..nr] {
            for &(col, ca, cb) in &cols[..nc] {
                if ra == ca || ra == cb || rb == ca || rb == cb {
                    continue;
                }
                for (row_box, row_end) in [(ra, rb), (rb, ra)] {
                    for (col_box, col_end) in [(ca, cb), (cb, ca)] {
                        if row_box.box_index() != col_box.box_index() {
                            continue;
                        }
                        let target = Cell::at(col_end.row(), row_end.col());
                        if cells.contains(target) {
                            kites.push(Kite {
                                digit,
                                row,
                                col,
                                row_end,
                                col_end,
                                row_box,
                                col_box,
                                target,
                            });
                        }
                    }
                }
            }
        }
        if kites.len() == before {
            remember_barren(Memo::Kite, digit, cells);
        }
    }
    let kite_pattern = |ks: &[&Kite]| Pattern {
        digits: ks.iter().map(|k| k.digit).collect(),
        cells: ks
            .iter()
            .flat_map(|k| [k.row_end, k.col_end, k.row_box, k.col_box])
            .collect(),
        base: ks.iter().flat_map(|k| [k.row, k.col]).collect(),
        cover: vec![House::Box(ks[0].row_box.box_index() as u8)],
        variant: (ks.len() > 1).then_some(DUAL_KITE),
        ..Pattern::default()
    };
    for (i, k) in kites.iter().enumerate() {
        for l in &kites[i + 1..] {
            let same_box_cells = (k.row_box == l.row_box && k.col_box == l.col_box)
                || (k.row_box == l.col_box && k.col_box == l.row_box);
            if same_box_cells && (k.target, k.digit) != (l.target, l.digit) {
                let elim = vec![(k.target, k.digit), (l.target, l.digit)];
                emit(Step::elimination(Technique::TwoStringKite, elim, kite_pattern(&[k, l])))?;
            }
        }
    }
    for k in &kites {
        let elim = vec![(k.target, k.digit)];
        emit(Step::elimination(Technique::TwoStringKite, elim, kite_pattern(&[k])))?;
    }
    Flow::Continue(())
}

/// Two strong links joined by a weak one (an end of each sees the other): one of the two outer ends holds the digit,
/// so cells seeing both lose it. This is HoDoKu's Turbot Fish, the general X-Chain of three links, over any houses;
/// Skyscraper and 2-String Kite are its special shapes and come first in the ladder. Each elimination set is
/// reported once.
pub fn turbot_fish(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    for digit in Digit::ALL {
        let cells = grid.digit_cells(digit);
        if barren(Memo::Turbot, digit, cells) {
            continue;
        }
        // The strong links, each pair of cells once (a pair in a row and its box is one link, named by the line).
        let mut links = [(House::Row(0), Cell::at(0, 0), Cell::at(0, 0)); 27];
        let mut n = 0;
        for house in House::ALL {
            if let Some((a, b)) = pair_in(cells, house) {
                // Only a box's link can repeat one already taken (rows come first, then columns, and no two cells
                // share both a row and a column), and only when its two cells share a line.
                let repeated = matches!(house, House::Box(_))
                    && (a.row() == b.row() || a.col() == b.col())
                    && links[..n].iter().any(|&(_, x, y)| x == a && y == b);
                if !repeated {
                    links[n] = (house, a, b);
                    n += 1;
                }
            }
        }
        // For each link, its two cells and the cells seeing either end: two links join only where an end of one
        // sees an end of the other.
        let mut ends = [Bitboard::EMPTY; 27];
        let mut near = [Bitboard::EMPTY; 27];
        for (k, &(_, a, b)) in links[..n].iter().enumerate() {
            ends[k] = Bitboard::only(a) | Bitboard::only(b);
            near[k] = a.peer_set() | b.peer_set();
        }
        let mut seen: Vec<Bitboard> = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                if (near[i] & ends[j]).is_empty() {
                    continue;
                }
                let (hi, ai, bi) = links[i];
                let (hj, aj, bj) = links[j];
                if ai == aj || ai == bj || bi == aj || bi == bj {
                    continue;
                }
                for (start, m1) in [(ai, bi), (bi, ai)] {
                    for (m2, end) in [(aj, bj), (bj, aj)] {
                        let Some(weak) = common_house(m1, m2) else { continue };
                        let elim = cells & start.peer_set() & end.peer_set();
                        if elim.is_empty() || seen.contains(&elim) {
                            continue;
                        }
                        seen.push(elim);
                        let pattern = Pattern {
                            digits: Candidates::only(digit),
                            cells: vec![start, m1, m2, end],
                            base: vec![hi, hj],
                            cover: vec![weak],
                            ..Pattern::default()
                        };
                        emit(Step::elimination(Technique::TurbotFish, removals(digit, elim), pattern))?;
                    }
                }
            }
        }
        if seen.is_empty() {
            remember_barren(Memo::Turbot, digit, cells);
        }
    }
    Flow::Continue(())
}

/// One Empty Rectangle elimination: the box, the strong link (`near` on the rectangle's line, `far` its other end,
/// in house `link`), and the cell that loses the digit.
#[derive(Copy, Clone)]
struct Er {
    near: Cell,
    far: Cell,
    link: House,
    target: Cell,
    row: House,
    col: House,
}

/// For each box's candidates as nine bits (three a row), the crossings of a row and a column of the box that hold
/// them all, each line with a candidate off the crossing (bit `3 * row + col`); the first table leaves out those with
/// a single candidate on each line, the second keeps them. Worked out once, as this test runs for every digit and box
/// at every step.
static ER_SPOTS: [[u16; 512]; 2] = {
    let mut t = [[0u16; 512]; 2];
    let mut square = 0;
    while square < 512 {
        let mut spot = 0;
        while spot < 9 {
            let on_row = square & 0b111 << (3 * (spot / 3));
            let on_col = square & 0b001_001_001 << (spot % 3);
            if square & !(on_row | on_col) == 0 && on_row & !on_col != 0 && on_col & !on_row != 0 {
                t[1][square] |= 1 << spot;
                if on_row.count_ones() >= 2 || on_col.count_ones() >= 2 {
                    t[0][square] |= 1 << spot;
                }
            }
            spot += 1;
        }
        square += 1;
    }
    t
};

/// Empty Rectangles, as HoDoKu finds them by default: at least one of the rectangle's row and column holds two
/// candidates in the box.
pub fn empty_rectangle(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    empty_rectangles(grid, false, emit)
}

/// Empty Rectangles including those with a single candidate on each of the row and column (HoDoKu's option "allow
/// ERs with only two candidates", off by default; the library's variant 0402-1). Such a rectangle is a Turbot Fish
/// through the box.
pub fn empty_rectangle_two_candidates(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    empty_rectangles(grid, true, emit)
}

/// In a box, the digit confined to one row and one column (each with a candidate off their crossing): whichever
/// holds it, the box puts the digit in that row or that column. A strong link from a cell of that row outside the box
/// (along its column) then means: either the link's far end holds the digit, or the box puts it in the row — and in
/// both cases the cell in the far end's row and the rectangle's column loses it. Likewise with rows and columns
/// swapped. Two rectangles of one box with different targets are a Dual Empty Rectangle, reported as one step first.
fn empty_rectangles(grid: &Grid, allow_two: bool, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    let memo = if allow_two { Memo::RectangleTwo } else { Memo::Rectangle };
    for digit in Digit::ALL {
        let cells = grid.digit_cells(digit);
        if barren(memo, digit, cells) {
            continue;
        }
        let mut any = false;
        for b in 0..9u8 {
            let bx = House::Box(b);
            let in_box = cells & bx.cell_set();
            // Two to five candidates: fewer is a placed digit, more cannot fit one row and one column.
            if !(2..=5).contains(&in_box.len()) {
                continue;
            }
            let (r0, c0) = (b as usize / 3 * 3, b as usize % 3 * 3);
            // The box's candidates as nine bits, three a row.
            let mut square = 0u16;
            for i in 0..3 {
                square |= ((cells.bits() >> (9 * (r0 + i) + c0)) as u16 & 0b111) << (3 * i);
            }
            // The crossings where a rectangle may stand; none in most boxes.
            let spots = ER_SPOTS[allow_two as usize][square as usize];
            if spots == 0 {
                continue;
            }
            let mut found: Vec<Er> = Vec::new();
            for spot in 0..9 {
                if spots >> spot & 1 == 0 {
                    continue;
                }
                let (r, c) = (r0 + spot / 3, c0 + spot % 3);
                let (row, col) = (House::Row(r as u8), House::Col(c as u8));
                // Links along columns from the rectangle's row, then along rows from its column.
                for (line, along_columns) in [(row, true), (col, false)] {
                    for near in cells & (line.cell_set() - bx.cell_set()) {
                        let link = if along_columns {
                            House::Col(near.col() as u8)
                        } else {
                            House::Row(near.row() as u8)
                        };
                        let Some(far) = other_end(cells, link, near) else {
                            continue;
                        };
                        let target = if along_columns {
                            Cell::at(far.row(), c)
                        } else {
                            Cell::at(r, far.col())
                        };
                        if !cells.contains(target) || bx.cell_set().contains(target) {
                            continue;
                        }
                        found.push(Er {
                            near,
                            far,
                            link,
                            target,
                            row,
                            col,
                        });
                    }
                }
            }
            let box_cells: Vec<Cell> = if found.is_empty() {
                Vec::new()
            } else {
                any = true;
                in_box.iter().collect()
            };
            let pattern = |ers: &[&Er]| {
                let mut cells: Vec<Cell> = ers.iter().flat_map(|e| [e.near, e.far]).collect();
                cells.extend_from_slice(&box_cells);
                let mut base = vec![bx];
                base.extend(ers.iter().map(|e| e.link));
                Pattern {
                    digits: Candidates::only(digit),
                    cells,
                    base,
                    cover: vec![ers[0].row, ers[0].col],
                    variant: (ers.len() > 1).then_some(DUAL_ER),
                    ..Pattern::default()
                }
            };
            for (i, e) in found.iter().enumerate() {
                for f in &found[i + 1..] {
                    if e.target != f.target {
                        let elim = vec![(e.target, digit), (f.target, digit)];
                        emit(Step::elimination(Technique::EmptyRectangle, elim, pattern(&[e, f])))?;
                    }
                }
            }
            for e in &found {
                emit(Step::elimination(
                    Technique::EmptyRectangle,
                    vec![(e.target, digit)],
                    pattern(&[e]),
                ))?;
            }
        }
        if !any {
            remember_barren(memo, digit, cells);
        }
    }
    Flow::Continue(())
}

/// The other cell of a strong link in `house` that has `near` as one end.
#[inline]
fn other_end(cells: Bitboard, house: House, near: Cell) -> Option<Cell> {
    let (a, b) = pair_in(cells, house)?;
    Some(if a == near { b } else { a })
}

/// The explanation of a single-digit pattern, in HoDoKu's notation: `Skyscraper: 1 in r3c1,r7c2 (connected by
/// r37c8) => r1c2,r8c1<>1`, `Turbot Fish: 5 r2c3 =5= r2c7 -5- r5c7 =5= r5c1 => r4c3<>5`,
/// `Empty Rectangle: 4 in b5 (r26c9) => r2c6<>4`; the duals name themselves.
pub(super) fn explain(step: &Step, lang: Lang, result: &str) -> String {
    let p = &step.pattern;
    let dual = p.variant.is_some();
    let name = match (p.variant, lang) {
        (Some(DUAL_KITE), Lang::Zh) => "双重双线风筝",
        (Some(DUAL_ER), Lang::Zh) => "双重空矩形",
        (Some(v), Lang::En) => v,
        (_, lang) => step.technique.name_in(lang),
    };
    let group = |from: usize, to: usize| notation::cells(p.cells.get(from..to).unwrap_or_default());
    // A dual kite of two digits (HoDoKu pairs those too) names each kite's digit; kites are found digit by digit,
    // so the first is the smaller.
    let first = p.digits.first().map(|d| d.to_string()).unwrap_or_default();
    let second = p.digits.iter().last().map(|d| d.to_string()).unwrap_or_default();
    let (sep, colon) = match lang {
        Lang::En => ("in", ": "),
        Lang::Zh => ("在", "："),
    };
    match step.technique {
        Technique::Skyscraper | Technique::TwoStringKite => {
            let mut ends = format!("{first} {sep} {}", group(0, 2));
            if dual {
                let again = if second == first {
                    sep.to_string()
                } else {
                    format!("{second} {sep}")
                };
                ends.push_str(&format!("/{again} {}", group(4, 6)));
            }
            match lang {
                Lang::En => format!("{name}: {ends} (connected by {}) => {result}", group(2, 4)),
                Lang::Zh => format!("{name}：{ends}，由 {} 相连 => {result}", group(2, 4)),
            }
        }
        Technique::TurbotFish => {
            let link = |strong: bool| {
                if strong {
                    format!(" ={first}= ")
                } else {
                    format!(" -{first}- ")
                }
            };
            let mut chain = String::new();
            for (i, c) in p.cells.iter().enumerate() {
                if i > 0 {
                    chain.push_str(&link(i != 2));
                }
                chain.push_str(&c.to_string());
            }
            format!("{name}{colon}{first} {chain} => {result}")
        }
        Technique::EmptyRectangle => {
            let bx = p.base.first().map(|h| h.to_string()).unwrap_or_default();
            let mut links = group(0, 2);
            if dual {
                links.push('/');
                links.push_str(&group(2, 4));
            }
            match lang {
                Lang::En => format!("{name}: {first} in {bx} ({links}) => {result}"),
                Lang::Zh => format!("{name}：{first} 在 {bx}，强链 {links} => {result}"),
            }
        }
        _ => format!("{name}{colon}{result}"),
    }
}

#[cfg(test)]
mod tests {
    use crate::format::parse_library_line;
    use crate::logic::reglib::testing::{assert_all_pass, explained};
    use crate::logic::{Solver, Technique};

    /// Cases from HoDoKu's regression library (reglib-dev.txt), so the tests run without the shared data.
    const SKYSCRAPER: &str = ":0400:6:+1+6+328+9754+79.4.38.+1+4+8.+1.....+6397+1+428+584+7+5....3+25+1..+8+47.+5+28.+41.9+7+9+7+4+8.5..23+16+9..+5+4+8::657 658 664 665::";
    const KITE: &str = ":0401:3:+156+87+49+3+2.4+762.+18+528....+4+7+6....8.+5+9.73....618+8.5...+32.........+3.7.5...49....487.1::381::";
    const ER: &str = ":0402:9:7+2+4+956+1381+6842+3+5+9+7+9+3+5+7+1+8+6+2+45..3..+8+1..4..8+17+5..+81.+7.24..+13....+7+2...1...+85.5...7.6+1::986::";
    const ER_TWO: &str = ":0402-1:3:96...+758..4.8.+5.6.8.+5.+62+4+7..+9..8.72...8.7.9+4..74.5..+1..+8.3..+2+57.2.+5.6.3.+351+7+2+8+694:221 151 154 359 185:349::";
    const TURBOT: &str = ":0403:2:2+64+9+13587.3+1.+8+5..2.+58..6+3.+1+4+7+9+6+3..+5+8+12+6+8+54+739+3+8+5.9...659+3+1.+8..+4+84.5+6.+91+361.3+49+8.5::277::";
    const DUAL_KITE: &str = ":0404:1:32.+5479.6..6+2+1+3.+5..+45+69+8+23.+5..+47+2.....+79.1.+25..28.+57..+2+1+4+3+5+9+67+86+73+1+84+5+9+2.5.+726143::149 168::";
    const DUAL_KITE_TWO_DIGITS: &str = ":0404:3:2+5479..3168...42....9.......9+6......7+48.6.1.2.+2.....6..+1+5...4....25+4..1646..819.5:536 344 345 545 346 364 365 565 366 371 381:334 738::";
    const DUAL_ER_TWO: &str = ":0405:1:32.+5479.6..6+2+1+3.+5..+45+69+8+23.+5..+47+2.....+79.1.+25..28.+57..+2+1+4+3+5+9+67+86+73+1+84+5+9+2.5.+726143::149 168::";
    const DUAL_ER: &str = ":0405:2:5+8.+1+7+9..3...+6.897+5697+35....+9..+5+3.+7287.3+81.+5..+8+5.+9.+71+3.+4+69+2+81357..8765....+7+549+3...::225 263::";

    /// The step of the case's technique with exactly the case's eliminations, explained in both languages.
    #[test]
    fn every_embedded_case_passes_the_library_check() {
        assert_all_pass(&[
            SKYSCRAPER,
            KITE,
            ER,
            ER_TWO,
            TURBOT,
            DUAL_KITE,
            DUAL_KITE_TWO_DIGITS,
            DUAL_ER,
        ]);
    }

    #[test]
    fn explanations_follow_hodoku() {
        let (en, zh) = explained(SKYSCRAPER);
        assert_eq!(en, "Skyscraper: 6 in r5c6,r6c9 (connected by r3c69) => r5c78,r6c45<>6");
        assert_eq!(zh, "摩天楼：6 在 r5c6,r6c9，由 r3c69 相连 => r5c78,r6c45<>6");
        // HoDoKu prints this very case as "2-String Kite: 3 in r2c1,r8c5 (connected by r2c6,r3c5) => r8c1<>3".
        let (en, _) = explained(KITE);
        assert_eq!(en, "2-String Kite: 3 in r2c1,r8c5 (connected by r2c6,r3c5) => r8c1<>3");
        let (en, zh) = explained(TURBOT);
        assert_eq!(en, "Turbot Fish: 2 r4c7 =2= r4c6 -2- r8c6 =2= r7c5 => r7c7<>2");
        assert_eq!(zh, "多宝鱼：2 r4c7 =2= r4c6 -2- r8c6 =2= r7c5 => r7c7<>2");
        let (en, zh) = explained(ER);
        assert_eq!(en, "Empty Rectangle: 9 in b5 (r48c2) => r8c6<>9");
        assert_eq!(zh, "空矩形：9 在 b5，强链 r48c2 => r8c6<>9");
        let (en, zh) = explained(DUAL_KITE);
        assert_eq!(
            en,
            "Dual 2-String Kite: 1 in r1c8,r6c1/in r3c9,r4c3 (connected by r1c3,r3c1) => r4c9,r6c8<>1"
        );
        assert_eq!(
            zh,
            "双重双线风筝：1 在 r1c8,r6c1/在 r3c9,r4c3，由 r1c3,r3c1 相连 => r4c9,r6c8<>1"
        );
        let (en, _) = explained(DUAL_KITE_TWO_DIGITS);
        assert_eq!(
            en,
            "Dual 2-String Kite: 3 in r3c2,r9c4/7 in r3c2,r9c8 (connected by r8c2,r9c3) => r3c4<>3, r3c8<>7"
        );
    }

    #[test]
    fn rectangles_with_two_candidates_wait_for_the_option() {
        // The default finder leaves them to Turbot Fish, as HoDoKu does; the library's variant finder has them.
        for line in [ER_TWO, DUAL_ER_TWO] {
            let case = parse_library_line(line).expect("library line");
            let mut want = case.eliminations.clone();
            want.sort_unstable();
            let strict = Solver::find_all(Technique::EmptyRectangle, &case.grid);
            assert!(strict.iter().all(|s| s.eliminations != want), "{line}");
            let mut relaxed = Vec::new();
            let _ = super::empty_rectangle_two_candidates(&case.grid, &mut |s| {
                relaxed.push(s);
                crate::logic::Flow::Continue(())
            });
            assert!(relaxed.iter().any(|s| s.eliminations == want), "{line}");
        }
    }

    #[test]
    fn a_dual_rectangle_is_one_step() {
        let (en, zh) = explained(DUAL_ER);
        assert_eq!(en, "Dual Empty Rectangle: 2 in b1 (r26c5/r6c35) => r2c5,r6c3<>2");
        assert_eq!(zh, "双重空矩形：2 在 b1，强链 r26c5/r6c35 => r2c5,r6c3<>2");
        let case = parse_library_line(DUAL_ER).expect("library line");
        let steps = Solver::find_all(Technique::EmptyRectangle, &case.grid);
        let dual = steps.iter().find(|s| s.eliminations.len() == 2).expect("the dual");
        assert_eq!(dual.pattern.base.len(), 3, "the box and both links");
        assert_eq!(dual.pattern.variant, Some(super::DUAL_ER));
    }

    #[test]
    fn patterns_name_their_cells_and_houses() {
        let case = parse_library_line(SKYSCRAPER).expect("library line");
        let step = Solver::find_first(Technique::Skyscraper, &case.grid).expect("a skyscraper");
        assert_eq!(step.pattern.cells.len(), 4);
        assert_eq!(step.pattern.base.len(), 2, "the two strong links");
        assert_eq!(step.pattern.cover.len(), 1, "the line joining them");
        assert!(step.pattern.fins.is_empty());
    }
}
