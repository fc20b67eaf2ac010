//! Basic fish: X-Wing (3.2), Swordfish (3.8), Jellyfish (5.2).

use core::ops::ControlFlow;

use super::board::{bits16, Board, REGION_CELLS};
use super::hint::{Hint, Kind};
use super::subsets::combinations;
use super::Sink;

/// Fish of `n` lines: a digit whose places in `n` base lines (columns, then rows) fall in `n` cover lines, which lose
/// it elsewhere.
pub fn fish(board: &Board, n: usize, sink: Sink) -> ControlFlow<()> {
    let (kind, rating) = match n {
        2 => (Kind::XWing, 3.2),
        3 => (Kind::Swordfish, 3.8),
        _ => (Kind::Jellyfish, 5.2),
    };
    // Columns are regions 18..27, rows 9..18.
    let all = board.places();
    for (base0, cover0) in [(18usize, 9usize), (9, 18)] {
        for d in 1..=9u8 {
            let pos: [u16; 9] = core::array::from_fn(|i| all[base0 + i][usize::from(d - 1)]);
            let lines: Vec<usize> = (0..9)
                .filter(|&i| (2..=n as u32).contains(&pos[i].count_ones()))
                .collect();
            combinations(lines.len(), n, |pick| {
                let cover = pick.iter().fold(0u16, |u, &i| u | pos[lines[i]]);
                if cover.count_ones() as usize != n {
                    return ControlFlow::Continue(());
                }
                let base: u16 = pick.iter().fold(0u16, |u, &i| u | 1 << lines[i]);
                let mut elim = Vec::new();
                for j in bits16(cover) {
                    for (i, &c) in REGION_CELLS[cover0 + j].iter().enumerate() {
                        if base >> i & 1 == 0 && board.has(usize::from(c), d) {
                            elim.push((c, d));
                        }
                    }
                }
                if elim.is_empty() {
                    return ControlFlow::Continue(());
                }
                sink(Hint::removing(kind, rating, elim))
            })?;
        }
    }
    ControlFlow::Continue(())
}
