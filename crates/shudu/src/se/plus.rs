//! The rules SE's dynamic forcing chains "(+)" (9.0) apply inside a net once its own links run dry: pointing and
//! claiming, hidden and naked pairs, and X-Wings, each found on the board as the supposition has left it. Each
//! elimination such a rule makes is one more off candidate of the net, whose parents are the candidates the net
//! removed that made the pattern: without them it would not be there, since the rule found nothing on the board the
//! net started from (it comes earlier in SE's order).
//!
//! Patterns are searched in the order of the rules' own finders (`locking`, `subsets`, `fish`).

use super::board::{bits128, bits16, REGION_CELLS, REGION_SET, SCAN};
use super::locking::locks_in;
use super::net::positions;
use super::subsets::combinations;
use core::ops::ControlFlow;

/// A candidate as (cell, digit).
pub(super) type Cand = (u8, u8);

/// The candidates of `cells` (a set of 81) for the digits `digits` that the net removed: on `source`, not on
/// `current`.
fn erased(source: &[u16; 81], current: &[u16; 81], cells: u128, digits: u16, parents: &mut Vec<Cand>) {
    for c in bits128(cells) {
        for d in bits16(source[c] & !current[c] & digits) {
            parents.push((c as u8, d as u8 + 1));
        }
    }
}

/// Receives each pattern's eliminations and the candidates whose absence made it.
pub(super) type Each<'a> = &'a mut dyn FnMut(&[Cand], &[Cand]) -> ControlFlow<()>;

/// One of the rules, on `current` (the net's board), with `source` (the board the net started from).
pub(super) type Rule = fn(&[u16; 81], &[u16; 81], Each) -> ControlFlow<()>;

/// The rules of the "(+)" level, in SE's order.
pub(super) const RULES: [Rule; 4] = [locking, hidden_pairs, naked_pairs, x_wings];

/// Pointing and claiming, in the order of `locking::locks`.
fn locking(source: &[u16; 81], current: &[u16; 81], each: Each) -> ControlFlow<()> {
    let (mut removed, mut parents): (Vec<Cand>, Vec<Cand>) = (Vec::with_capacity(16), Vec::with_capacity(32));
    let all: [u128; 9] = core::array::from_fn(|d| {
        let mut set = 0u128;
        for (c, &m) in current.iter().enumerate() {
            set |= u128::from(m >> d & 1) << c;
        }
        set
    });
    locks_in(&all, |l| {
        removed.clear();
        removed.extend(bits128(l.removed).map(|c| (c as u8, l.digit)));
        parents.clear();
        erased(
            source,
            current,
            REGION_SET[l.base] & !REGION_SET[l.cover],
            1 << (l.digit - 1),
            &mut parents,
        );
        each(&removed, &parents)
    })
}

/// Hidden pairs, in the order of `subsets::hidden_set`.
fn hidden_pairs(source: &[u16; 81], current: &[u16; 81], each: Each) -> ControlFlow<()> {
    let (mut removed, mut parents): (Vec<Cand>, Vec<Cand>) = (Vec::with_capacity(16), Vec::with_capacity(32));
    for &region in &SCAN {
        let pos: [u16; 10] = core::array::from_fn(|d| if d == 0 { 0 } else { positions(current, region, d as u8) });
        let digits: Vec<u8> = (1..=9u8).filter(|&d| pos[usize::from(d)].count_ones() == 2).collect();
        combinations(digits.len(), 2, |pick| {
            let (a, b) = (digits[pick[0]], digits[pick[1]]);
            let at = pos[usize::from(a)] | pos[usize::from(b)];
            if at.count_ones() != 2 {
                return ControlFlow::Continue(());
            }
            let set: u16 = 1 << (a - 1) | 1 << (b - 1);
            removed.clear();
            let mut inside = 0u128;
            for i in bits16(at) {
                let c = REGION_CELLS[region][i];
                inside |= 1 << c;
                removed.extend(bits16(current[usize::from(c)] & !set).map(|d| (c, d as u8 + 1)));
            }
            if removed.is_empty() {
                return ControlFlow::Continue(());
            }
            parents.clear();
            erased(source, current, REGION_SET[region] & !inside, set, &mut parents);
            each(&removed, &parents)
        })?;
    }
    ControlFlow::Continue(())
}

/// Naked pairs, in the order of `subsets::naked_set`.
fn naked_pairs(source: &[u16; 81], current: &[u16; 81], each: Each) -> ControlFlow<()> {
    let (mut removed, mut parents): (Vec<Cand>, Vec<Cand>) = (Vec::with_capacity(16), Vec::with_capacity(32));
    for &region in &SCAN {
        let cells: Vec<usize> = REGION_CELLS[region]
            .iter()
            .map(|&c| usize::from(c))
            .filter(|&c| current[c].count_ones() == 2)
            .collect();
        combinations(cells.len(), 2, |pick| {
            let (a, b) = (cells[pick[0]], cells[pick[1]]);
            let union = current[a] | current[b];
            if union.count_ones() != 2 {
                return ControlFlow::Continue(());
            }
            removed.clear();
            for &c in &REGION_CELLS[region] {
                let c = usize::from(c);
                if c != a && c != b {
                    removed.extend(bits16(current[c] & union).map(|d| (c as u8, d as u8 + 1)));
                }
            }
            if removed.is_empty() {
                return ControlFlow::Continue(());
            }
            parents.clear();
            erased(source, current, 1 << a | 1 << b, !union & 0x1ff, &mut parents);
            each(&removed, &parents)
        })?;
    }
    ControlFlow::Continue(())
}

/// X-Wings, in the order of `fish::fish`: columns as base lines, then rows.
fn x_wings(source: &[u16; 81], current: &[u16; 81], each: Each) -> ControlFlow<()> {
    let (mut removed, mut parents): (Vec<Cand>, Vec<Cand>) = (Vec::with_capacity(16), Vec::with_capacity(32));
    for (base0, cover0) in [(18usize, 9usize), (9, 18)] {
        for d in 1..=9u8 {
            let pos: [u16; 9] = core::array::from_fn(|i| positions(current, base0 + i, d));
            let lines: Vec<usize> = (0..9).filter(|&i| pos[i].count_ones() == 2).collect();
            combinations(lines.len(), 2, |pick| {
                let (i, j) = (lines[pick[0]], lines[pick[1]]);
                let cover = pos[i] | pos[j];
                if cover.count_ones() != 2 {
                    return ControlFlow::Continue(());
                }
                removed.clear();
                let mut cover_set = 0u128;
                for k in bits16(cover) {
                    cover_set |= REGION_SET[cover0 + k];
                    for (at, &c) in REGION_CELLS[cover0 + k].iter().enumerate() {
                        if at != i && at != j && current[usize::from(c)] >> (d - 1) & 1 != 0 {
                            removed.push((c, d));
                        }
                    }
                }
                if removed.is_empty() {
                    return ControlFlow::Continue(());
                }
                parents.clear();
                erased(
                    source,
                    current,
                    (REGION_SET[base0 + i] | REGION_SET[base0 + j]) & !cover_set,
                    1 << (d - 1),
                    &mut parents,
                );
                each(&removed, &parents)
            })?;
        }
    }
    ControlFlow::Continue(())
}
