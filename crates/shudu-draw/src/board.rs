//! What a picture shows of a game: the givens, the player's digits and the candidates.

use shudu::{Candidates, Cell, Digit, Grid};

/// A board to draw.
///
/// `values` include the givens (0 for an empty cell); a digit of `values` that is not a given is the player's.
/// `candidates` hold bit `d - 1` for digit `d` and are drawn only in empty cells.
///
/// ```
/// use shudu_draw::Board;
/// let mut puzzle = [0u8; 81];
/// puzzle[0] = 5;
/// let board = Board::from_puzzle(&puzzle);
/// assert_eq!(board.givens[0], 5);
/// assert_eq!(board.candidates[1] & (1 << 4), 0); // 5 is no candidate beside the given 5
/// assert_ne!(board.candidates[80] & (1 << 4), 0);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// The givens, 0 where there is none.
    pub givens: [u8; 81],
    /// Every digit on the board, givens included, 0 for an empty cell.
    pub values: [u8; 81],
    /// The candidates of each cell, bit `d - 1` for digit `d`.
    pub candidates: [u16; 81],
}

impl Board {
    /// The board of a grid: its givens, its placed digits and its candidates as they stand.
    pub fn from_grid(grid: &Grid) -> Board {
        let mut board = Board {
            givens: [0; 81],
            values: *grid.values(),
            candidates: [0; 81],
        };
        for cell in Cell::ALL {
            let i = cell.index();
            if grid.is_given(cell) {
                board.givens[i] = board.values[i];
            }
            board.candidates[i] = grid.candidates(cell).bits();
        }
        board
    }

    /// The board of a puzzle: every digit a given, and in each empty cell the candidates its peers leave. Values
    /// above 9 read as empty; givens that clash are drawn as they are.
    pub fn from_puzzle(values: &[u8; 81]) -> Board {
        let mut givens = [0u8; 81];
        for (g, &v) in givens.iter_mut().zip(values) {
            *g = if (1..=9).contains(&v) { v } else { 0 };
        }
        Board {
            givens,
            values: givens,
            candidates: candidates_left(&givens),
        }
    }

    /// The board of a player's game: the puzzle's givens and the digits placed since (`values`, givens included or
    /// not), with the candidates those leave.
    pub fn from_game(givens: &[u8; 81], values: &[u8; 81]) -> Board {
        let mut board = Board::from_puzzle(givens);
        for (i, &v) in values.iter().enumerate() {
            if board.values[i] == 0 && (1..=9).contains(&v) {
                board.values[i] = v;
            }
        }
        board.candidates = candidates_left(&board.values);
        board
    }

    /// The digit in a cell, if any.
    pub fn value(&self, cell: Cell) -> Option<Digit> {
        Digit::new(self.values[cell.index()])
    }

    /// Whether the digit in a cell is a given.
    pub fn is_given(&self, cell: Cell) -> bool {
        self.givens[cell.index()] != 0
    }

    /// The candidates of a cell as drawn: none in a filled cell.
    pub fn candidates(&self, cell: Cell) -> Candidates {
        if self.value(cell).is_some() {
            Candidates::EMPTY
        } else {
            Candidates::from_bits(self.candidates[cell.index()] & Candidates::ALL.bits())
        }
    }
}

/// The candidates each empty cell has left beside `values`, computed directly so that clashing digits still give a
/// board to draw.
fn candidates_left(values: &[u8; 81]) -> [u16; 81] {
    let mut out = [0u16; 81];
    for cell in Cell::ALL {
        if values[cell.index()] != 0 {
            continue;
        }
        let mut taken = 0u16;
        for peer in cell.peers() {
            if let Some(d) = Digit::new(values[peer.index()]) {
                taken |= 1 << d.index();
            }
        }
        out[cell.index()] = Candidates::ALL.bits() & !taken;
    }
    out
}
