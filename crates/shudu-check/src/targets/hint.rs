//! `hint` on a player's state: any state the readers accept, or one made from a proper puzzle (valid, with stale
//! notes, a wrong digit, a true candidate struck, an open board with several solutions). The next step of the
//! default ladder exists and is sound wherever the state is consistent with its puzzle's one solution; where the
//! state has several completions, every step of the ladder without uniqueness and Brute Force holds in all of them;
//! and the game (the web game's and the terminal game's rules) never hints a wrong step either.

use shudu::format::{self, parse_line};
use shudu::generate::Rng;
use shudu::logic::{Family, Solver, Step, Technique};
use shudu::{search, Candidates, Cell, Digit, Grid};
use shudu_game::Game;

use super::bytes::Bytes;
use super::formats::assert_sound_board;
use crate::sound::check_step;
use crate::states;

/// Puzzles from easy to the hardest known, for states made from bytes.
pub const PUZZLES: [&str; 8] = [
    "006800005080200007050347200000000013003009000800000500000060080000403000700100020",
    "......7..3.9....61....6..297...524..........2..5.97.1....9....5.......4.2.13.5...",
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    "......7..4....9.3..8....5.42..39.....45..2..........2.5....3.4.......6.19...64.5.",
    ".....3.1..3..2...47....59......9.85.....8...9..5.7..31342.........9..2.8.8.......",
    ".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6...",
    "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
];

/// The board the bytes stand for: a text in any format (first byte even), or a state of one of [`PUZZLES`].
pub fn state(data: &[u8]) -> Option<Grid> {
    let mut b = Bytes::new(data);
    let mode = b.u8();
    if mode.is_multiple_of(2) {
        return format::parse(&String::from_utf8_lossy(b.rest())).ok();
    }
    let puzzle = parse_line(PUZZLES[b.below(PUZZLES.len() as u32) as usize]).expect("the puzzles parse");
    let solution = search::solve(&puzzle).expect("the puzzles are proper");
    let mut rng = Rng::new(b.u64());
    let grid = states::random_state(&puzzle, &solution, &mut rng);
    let mut values = *grid.values();
    let mut candidates: [Candidates; 81] = core::array::from_fn(|i| grid.candidates(Cell::ALL[i]));
    let mut givens = grid.givens();
    // Then what a player may do wrong, or what makes the board no puzzle, as the next bytes say.
    for _ in 0..b.below(4) {
        let cell = Cell::ALL[b.below(81) as usize];
        let i = cell.index();
        let d = Digit::new(1 + b.below(9) as u8).expect("1-9");
        match b.u8() % 6 {
            // A wrong digit (or a right one) in an empty cell.
            0 if values[i] == 0 => values[i] = d.get(),
            // A candidate struck, true or not.
            1 => {
                candidates[i].remove(d);
            }
            // A candidate added back, stale or not.
            2 => {
                candidates[i].insert(d);
            }
            // A digit taken away (a given or a placed one), its cell listing every candidate.
            3 => {
                values[i] = 0;
                givens.remove(cell);
                candidates[i] = Candidates::ALL;
            }
            // The board opened up: a band of cells emptied, several solutions.
            4 => {
                for c in (i / 27 * 27)..(i / 27 * 27 + 27) {
                    values[c] = 0;
                    givens.remove(Cell::ALL[c]);
                    candidates[c] = Candidates::ALL;
                }
            }
            _ => {}
        }
    }
    Grid::from_state(&values, &candidates, givens).ok()
}

/// The candidates of `grid` no completion that keeps to its candidates can have: (cell, digit) pairs to exclude from
/// a search of its values.
fn excluded(grid: &Grid) -> Vec<(usize, u8)> {
    let mut out = Vec::new();
    for cell in grid.empty_cells() {
        for d in Digit::ALL {
            if !grid.candidates(cell).contains(d) {
                out.push((cell.index(), d.get()));
            }
        }
    }
    out
}

/// Whether `step` holds in every completion of `grid` that keeps to its candidates: no such completion has another
/// digit where it places one, nor a digit it removes.
fn holds_in_every_completion(grid: &Grid, step: &Step) -> bool {
    let mut out = excluded(grid);
    let base = out.len();
    for &(c, d) in &step.placements {
        out.truncate(base);
        out.push((c.index(), d.get()));
        // A completion with another digit in `c` is one of the digits it keeps, `d` excluded.
        if search::search_excluding(grid.values(), &out, 1).count > 0 {
            return false;
        }
    }
    out.truncate(base);
    for &(c, d) in &step.eliminations {
        let mut values = *grid.values();
        values[c.index()] = d.get();
        if search::search_excluding(&values, &out, 1).count > 0 {
            return false;
        }
    }
    true
}

/// The check.
pub fn hint(data: &[u8]) {
    let Some(grid) = state(data) else { return };
    assert_sound_board(&grid);
    let mut givens = [0u8; 81];
    for cell in grid.givens() {
        givens[cell.index()] = grid.values()[cell.index()];
    }
    let puzzle = search::search(&givens, 2);
    let step = Solver::new().next_step(&grid);
    match (puzzle.count, puzzle.solution) {
        // A proper puzzle and a state consistent with it: the hint the player gets is right.
        (1, Some(solution)) if states::consistent(&grid, &solution) => {
            if grid.is_full() {
                assert!(step.is_none());
            } else {
                let step = step.expect("the default ladder (Brute Force last) always has a step");
                if let Err(why) = check_step(&grid, &step, Some(&solution)) {
                    panic!("{why}\n{}", format::to_pencilmarks(&grid));
                }
            }
            game_hints(&givens, &solution, &grid);
        }
        // Anything else: the ladder that assumes nothing holds in every completion the candidates allow.
        _ => {
            let completions = search::search_excluding(grid.values(), &excluded(&grid), 1).count;
            if completions == 0 || grid.is_full() {
                return;
            }
            let mut solver = Solver::new();
            // Bounded as a game's hints are (an open board's nets take seconds unbounded, and only slow the fuzzer).
            solver
                .set_assume_unique(false)
                .set(Technique::BruteForce, false)
                .set_budget(Some(shudu_game::HINT_NET_BUDGET));
            if let Some(step) = solver.next_step(&grid) {
                assert!(step.technique.info().family != Family::Uniqueness);
                if let Err(why) = check_step(&grid, &step, None) {
                    panic!("{why}\n{}", format::to_pencilmarks(&grid));
                }
                assert!(
                    holds_in_every_completion(&grid, &step),
                    "{} does not hold in every completion\n{}",
                    step.explain(shudu::logic::Lang::En),
                    format::to_pencilmarks(&grid)
                );
            }
        }
    }
}

/// The game on the same state (digits, and candidates as centre notes): its first hint is never a mistake the
/// player did not make, and its step (applied at the third press) agrees with the solution.
fn game_hints(puzzle: &[u8; 81], solution: &[u8; 81], grid: &Grid) {
    let notes: [u16; 81] = core::array::from_fn(|i| grid.candidates(Cell::ALL[i]).bits());
    let Ok(mut game) =
        Game::with_solution(*puzzle, *solution, None, None).with_progress(grid.values(), &notes, &[0; 81])
    else {
        return;
    };
    if game.is_complete() {
        return;
    }
    let view = game.hint().expect("an unfinished game has a hint");
    // A cell whose notes are all struck reads as "no notes" to the game (every candidate), so only a state with a
    // note in every empty cell is sure to have no mistake in the game's eyes.
    let noted = grid.empty_cells().iter().all(|c| !grid.candidates(c).is_empty());
    if noted {
        assert_ne!(view.topic, shudu_game::HintTopic::Mistakes, "{}", view.text);
    }
    let _ = game.hint();
    let applied = game.hint().expect("the third press applies the hint");
    for &(cell, d) in &applied.placements {
        assert_eq!(solution[cell.index()], d.get(), "{}", applied.text);
    }
    for &(cell, d) in &applied.eliminations {
        assert_ne!(solution[cell.index()], d.get(), "{}", applied.text);
    }
}
