//! The game's hints (the web game's and the terminal game's) stay right when the player's notes still list a digit
//! a peer holds: issue 21's state, played to the end by hints alone, never hears of a mistake it did not make.

use shudu::format::{parse, parse_line};
use shudu::{Cell, Digit};
use shudu_game::Game;

const PUZZLE: &str = "......7..4....9.3..8....5.42..39.....45..2..........2.5....3.4.......6.19...64.5.";

/// r1c1 holds 1 and r3c3 still lists 1 (the state the command line once hinted `r3c3=1` from).
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

#[test]
fn notes_left_beside_placed_digits_never_make_a_hint_wrong() {
    let puzzle = parse_line(PUZZLE).expect("parses");
    // The state's digits and, as centre notes, its candidates as the player wrote them (stale ones included).
    let mut values = [0u8; 81];
    let mut notes = [0u16; 81];
    for (i, group) in STATE.split_whitespace().enumerate() {
        if group.len() == 1 {
            values[i] = group.parse().expect("a digit");
        } else {
            notes[i] = group.bytes().map(|b| 1u16 << (b - b'1')).fold(0, |a, b| a | b);
        }
    }
    for i in 0..81 {
        if puzzle[i] != 0 {
            assert_eq!(values[i], puzzle[i], "the state keeps the givens");
        }
    }
    assert_ne!(notes[Cell::at(2, 2).index()] & 1, 0, "r3c3 lists the 1 that r1c1 holds");
    let mut game = Game::new(puzzle, None, None)
        .expect("a proper puzzle")
        .with_progress(&values, &notes, &[0; 81])
        .expect("the state fits the puzzle");
    assert!(parse(STATE).is_ok());

    let mut presses = 0;
    while !game.is_complete() {
        let view = game.hint().expect("an unfinished game has a hint");
        assert!(
            !view.text.starts_with("First fix"),
            "a hint after {presses} presses: {}",
            view.text
        );
        for &(cell, d) in &view.placements {
            assert_eq!(Digit::new(game.solution()[cell.index()]), Some(d), "{}", view.text);
        }
        for &(cell, d) in &view.eliminations {
            assert_ne!(Digit::new(game.solution()[cell.index()]), Some(d), "{}", view.text);
        }
        presses += 1;
        assert!(presses < 3 * 81 * 9, "hints made no progress");
    }
    assert_eq!(game.values(), game.solution());
}
