//! A plain backtracking solver: the yardstick `shudu bench --baseline` measures the search solver against.
//!
//! It is kept deliberately ordinary, the solver anyone would write first: digits used per row, column and box as
//! bit masks, and at each step a guess on the empty cell with the fewest candidates. No propagation, no tables.
//! A speed-up against it means something only if it stays this simple.

/// How many solutions a puzzle has, counting no further than `limit` (at least 1). Givens that clash count 0.
pub fn count_solutions(values: &[u8; 81], limit: u64) -> u64 {
    let mut board = Board {
        cells: [0; 81],
        rows: [0; 9],
        cols: [0; 9],
        boxes: [0; 9],
    };
    for (cell, &v) in values.iter().enumerate() {
        if (1..=9).contains(&v) {
            if board.candidates(cell) & 1 << v == 0 {
                return 0;
            }
            board.set(cell, v);
        }
    }
    let mut count = 0;
    board.search(limit.max(1), &mut count);
    count
}

struct Board {
    cells: [u8; 81],
    /// Bit `d` set when digit `d` is used in the house.
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
}

fn houses(cell: usize) -> (usize, usize, usize) {
    let (r, c) = (cell / 9, cell % 9);
    (r, c, r / 3 * 3 + c / 3)
}

impl Board {
    fn candidates(&self, cell: usize) -> u16 {
        let (r, c, b) = houses(cell);
        !(self.rows[r] | self.cols[c] | self.boxes[b]) & 0x3fe
    }

    fn set(&mut self, cell: usize, v: u8) {
        let (r, c, b) = houses(cell);
        self.cells[cell] = v;
        self.rows[r] |= 1 << v;
        self.cols[c] |= 1 << v;
        self.boxes[b] |= 1 << v;
    }

    fn clear(&mut self, cell: usize, v: u8) {
        let (r, c, b) = houses(cell);
        self.cells[cell] = 0;
        self.rows[r] &= !(1 << v);
        self.cols[c] &= !(1 << v);
        self.boxes[b] &= !(1 << v);
    }

    /// Counts solutions into `count`; `true` once it reaches `limit`.
    fn search(&mut self, limit: u64, count: &mut u64) -> bool {
        let mut best = None;
        let mut best_count = u32::MAX;
        for cell in 0..81 {
            if self.cells[cell] != 0 {
                continue;
            }
            let candidates = self.candidates(cell);
            let n = candidates.count_ones();
            if n == 0 {
                return false;
            }
            if n < best_count {
                best = Some((cell, candidates));
                best_count = n;
                if n == 1 {
                    break;
                }
            }
        }
        let Some((cell, mut candidates)) = best else {
            *count += 1;
            return *count >= limit;
        };
        while candidates != 0 {
            let v = candidates.trailing_zeros() as u8;
            candidates &= candidates - 1;
            self.set(cell, v);
            let done = self.search(limit, count);
            self.clear(cell, v);
            if done {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shudu::format::parse_line;
    use shudu::search;

    const PUZZLES: [&str; 4] = [
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "000000010400000000020000000000050407008000300001090000300400200050100000000806000",
        "..9.7...5..21..9..1...28....7...5..1..851.....5....3.......3..68........21.....87",
        "...3165..8..5..1...1.89724.9.1.85.2....9.1....4.263..1.5.....1.1..4.9..2..61.8...",
    ];

    #[test]
    fn agrees_with_the_search_solver() {
        for p in PUZZLES {
            let values = parse_line(p).expect("test puzzle parses");
            for limit in [1, 2, 200] {
                assert_eq!(
                    count_solutions(&values, limit),
                    search::count_solutions(&values, limit),
                    "{p}"
                );
            }
        }
    }

    #[test]
    fn counts_the_empty_grid_up_to_the_limit() {
        assert_eq!(count_solutions(&[0; 81], 3), 3);
        assert_eq!(count_solutions(&[0; 81], 0), 1);
    }
}
