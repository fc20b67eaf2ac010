//! A player's notes left beside a placed digit (a peer still lists the digit a cell holds) never make a step wrong:
//! the board drops them as it is read (`Grid::from_state`), so no finder sees them. Issue 21's report, and random
//! states of that kind from hard puzzles (before the fix, about one in thirty gave a wrong first step).

use shudu::format::{parse, parse_line, to_pencilmarks};
use shudu::generate::Rng;
use shudu::logic::{Lang, Solver};
use shudu::{search, Bitboard, Candidates, Cell, Digit, Grid};

/// Hard puzzles (the first of top1465 and of the forum's hardest lists, and two generated Extreme ones), so that the
/// ladder reaches far past singles on the states made from them.
const PUZZLES: [&str; 5] = [
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    "......7..4....9.3..8....5.42..39.....45..2..........2.5....3.4.......6.19...64.5.",
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
    ".6...5....98.2.43.....89.7.5....4.9...9.3..6.8.3......3..7....1...29...........87",
    "..3..6.8....1..2......7...4..9..8.6..3..4...1.7.2.....3....5.....5...6..98.....5.",
];

/// The state of issue 21: r1c1 holds 1 and r3c3 still lists 1 (and other notes beside placed digits).
const STATE: &str = "
1 29 3 124 5 6 7 89 289
4 57 6 127 8 9 12 3 2
7 8 1279 127 3 1 5 169 4
2 1 8 3 9 5 48 7 568
367 4 5 67 17 2 9 169 689
67 679 789 145678 4 1578 3 2 5
5 267 127 1789 17 3 28 4 2789
8 3 47 579 2 57 6 9 1
9 237 127 78 6 4 2 5 2378
";

fn digit(n: u8) -> Digit {
    Digit::new(n).expect("a digit 1-9")
}

/// Panics unless `step` agrees with `solution`.
fn assert_sound(step: &shudu::logic::Step, solution: &[u8; 81], state: &str) {
    for &(c, d) in &step.placements {
        assert_eq!(
            solution[c.index()],
            d.get(),
            "wrong placement: {}\n{state}",
            step.explain(Lang::En)
        );
    }
    for &(c, d) in &step.eliminations {
        assert_ne!(
            solution[c.index()],
            d.get(),
            "true candidate removed: {}\n{state}",
            step.explain(Lang::En)
        );
    }
}

#[test]
fn the_reported_state_gets_a_sound_hint() {
    let puzzle = parse_line(PUZZLES[1]).expect("parses");
    let solution = search::solve(&puzzle).expect("solvable");
    let grid = parse(STATE).expect("the state reads");
    // The note the player left is gone, and so is every other note a peer's digit rules out.
    assert!(!grid.candidates(Cell::at(2, 2)).contains(digit(1)));
    for cell in Cell::ALL {
        if let Some(d) = grid.value(cell) {
            assert!((grid.digit_cells(d) & cell.peer_set()).is_empty(), "{cell} {d}");
        }
    }
    let step = Solver::new().next_step(&grid).expect("a step");
    assert_ne!(step.explain(Lang::En), "Hidden Single: r3c3=1 in b1");
    assert_sound(&step, &solution, STATE);
}

/// A random state of `solution`: some of its digits placed, every empty cell listing its true digit, and notes
/// beside placed digits left in at random (a peer's digit listed again).
fn stale_state(puzzle: &[u8; 81], solution: &[u8; 81], rng: &mut Rng) -> Grid {
    let mut values = *puzzle;
    let keep = 10 + rng.below(40);
    for cell in Cell::ALL {
        if values[cell.index()] == 0 && rng.below(81) < keep {
            values[cell.index()] = solution[cell.index()];
        }
    }
    let mut candidates = [Candidates::EMPTY; 81];
    for cell in Cell::ALL {
        let i = cell.index();
        if values[i] != 0 {
            continue;
        }
        let mut set = Candidates::ALL;
        for p in cell.peers() {
            // A peer's digit is struck as a careful player would, or left (stale) one time in two.
            if let Some(d) = Digit::new(values[p.index()]) {
                if rng.below(2) != 0 {
                    set.remove(d);
                }
            }
        }
        // Some other notes struck too, never the true digit.
        for d in Digit::ALL {
            if d.get() != solution[i] && rng.below(16) == 0 {
                set.remove(d);
            }
        }
        candidates[i] = set;
    }
    let givens: Bitboard = Cell::ALL.iter().copied().filter(|c| puzzle[c.index()] != 0).collect();
    Grid::from_state(&values, &candidates, givens).expect("the solution's digits never clash")
}

#[test]
fn random_states_with_notes_left_beside_digits_get_sound_hints() {
    let solver = Solver::new();
    let mut rng = Rng::new(21);
    let mut hints = 0;
    for p in PUZZLES {
        let puzzle = parse_line(p).expect("parses");
        let solution = search::solve(&puzzle).expect("solvable");
        for _ in 0..100 {
            let grid = stale_state(&puzzle, &solution, &mut rng);
            if let Some(step) = solver.next_step(&grid) {
                assert_sound(&step, &solution, &to_pencilmarks(&grid));
                hints += 1;
            }
        }
    }
    assert!(hints > 450, "{hints} hints");
}

/// The JSON reader drops them too (it can also write back an empty cell left with one candidate, which the
/// pencil-mark grid reads as solved).
#[cfg(feature = "serde")]
#[test]
fn json_drops_stale_notes_too_and_round_trips() {
    let grid = parse(STATE).expect("the state reads");
    let mut values = String::new();
    let mut candidates = Vec::new();
    for cell in Cell::ALL {
        values.push(grid.value(cell).map_or('.', |d| char::from(b'0' + d.get())));
        // Every note a player could have left: all nine digits in every empty cell.
        candidates.push(if grid.value(cell).is_some() {
            String::new()
        } else {
            "123456789".to_string()
        });
    }
    let text = serde_json::json!({ "values": values, "candidates": candidates }).to_string();
    let read: Grid = serde_json::from_str(&text).expect("the JSON reads");
    let allowed = Grid::from_values(grid.values()).expect("no clash");
    for cell in Cell::ALL {
        assert_eq!(read.candidates(cell), allowed.candidates(cell), "{cell}");
    }
    let again: Grid = serde_json::from_str(&serde_json::to_string(&grid).expect("writes")).expect("reads back");
    assert_eq!(again, grid);
}
