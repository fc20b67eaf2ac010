//! Singles: the last empty cell of a house (1.0), hidden singles (1.2 in a box, 1.5 in a line), naked singles
//! (2.3).

use core::ops::ControlFlow;

use super::board::{bits16, Board, RegionKind, REGION_CELLS, SCAN};
use super::hint::{Hint, Kind};
use super::Sink;

/// Hidden singles, the houses with one empty cell first (rated 1.0), then every digit with one place left in a
/// house, houses in SE's scan order and digits in order within a house.
pub fn hidden_single(board: &Board, sink: Sink) -> ControlFlow<()> {
    let places = board.places();
    let last: [bool; 27] = core::array::from_fn(|region| board.empty_count(region) == 1);
    for &region in &SCAN {
        if !last[region] {
            continue;
        }
        for d in 1..=9u8 {
            let p = places[region][usize::from(d - 1)];
            if p.count_ones() == 1 {
                let cell = usize::from(REGION_CELLS[region][p.trailing_zeros() as usize]);
                sink(Hint::placing(Kind::HiddenSingle, 1.0, cell, d))?;
            }
        }
    }
    for &region in &SCAN {
        if last[region] {
            continue;
        }
        let rating = if RegionKind::of(region) == RegionKind::Block {
            1.2
        } else {
            1.5
        };
        for d in 1..=9u8 {
            let p = places[region][usize::from(d - 1)];
            if p.count_ones() == 1 {
                let cell = usize::from(REGION_CELLS[region][p.trailing_zeros() as usize]);
                sink(Hint::placing(Kind::HiddenSingle, rating, cell, d))?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Naked singles, cells in reading order.
pub fn naked_single(board: &Board, sink: Sink) -> ControlFlow<()> {
    for cell in 0..81 {
        let c = board.cands[cell];
        if board.values[cell] == 0 && c.count_ones() == 1 {
            let d = bits16(c).next().unwrap_or(0) as u8 + 1;
            sink(Hint::placing(Kind::NakedSingle, 2.3, cell, d))?;
        }
    }
    ControlFlow::Continue(())
}
