//! XY-Wing (4.2) and XYZ-Wing (4.4).

use core::ops::ControlFlow;

use super::board::{bits128, Board, CELL_REGIONS, PEERS, REGION_CELLS};
use super::hint::{Hint, Kind};
use super::Sink;

/// The cells sharing a house with `cell`, in SE's order: its box's, then its row's, then its column's, each once.
fn house_cells(cell: usize) -> Vec<usize> {
    let mut out = Vec::with_capacity(20);
    let mut seen = 1u128 << cell;
    for region in CELL_REGIONS[cell] {
        for &other in &REGION_CELLS[usize::from(region)] {
            let other = usize::from(other);
            if seen >> other & 1 == 0 {
                seen |= 1 << other;
                out.push(other);
            }
        }
    }
    out
}

/// XY-Wings (`xyz` false): a bivalue pivot `xy` seeing bivalue wings `xz` and `yz`, which take `z` from every cell
/// seeing both wings. XYZ-Wings (`xyz` true): the pivot is `xyz`, and the cells that lose `z` see the pivot too.
pub fn xy_wing(board: &Board, xyz: bool, sink: Sink) -> ControlFlow<()> {
    let (kind, rating, pivot_size) = if xyz {
        (Kind::XYZWing, 4.4, 3)
    } else {
        (Kind::XYWing, 4.2, 2)
    };
    for pivot in 0..81 {
        let pc = board.cands[pivot];
        if board.values[pivot] != 0 || pc.count_ones() != pivot_size {
            continue;
        }
        let wings: Vec<usize> = house_cells(pivot)
            .into_iter()
            .filter(|&w| board.values[w] == 0 && board.cands[w].count_ones() == 2)
            .collect();
        for &w1 in &wings {
            for &w2 in &wings {
                if w1 == w2 {
                    continue;
                }
                let (c1, c2) = (board.cands[w1], board.cands[w2]);
                if c1 == c2 {
                    continue;
                }
                let z = c1 & c2;
                if z.count_ones() != 1 {
                    continue;
                }
                if xyz {
                    if c1 | c2 != pc {
                        continue;
                    }
                } else if (c1 | c2) & !z != pc {
                    continue;
                }
                let zd = z.trailing_zeros() as u8 + 1;
                let mut seeing = PEERS[w1] & PEERS[w2] & board.digit_cells(zd);
                if xyz {
                    seeing &= PEERS[pivot];
                }
                seeing &= !(1u128 << pivot);
                if seeing == 0 {
                    continue;
                }
                let elim = bits128(seeing).map(|c| (c as u8, zd)).collect();
                sink(Hint::removing(kind, rating, elim))?;
            }
        }
    }
    ControlFlow::Continue(())
}
