//! SE's ladder, every hint: `shudu explain --ladder se` shows Sudoku Explainer's path with its eliminations, and the
//! path takes each rule's first hint only, so the other hints of a rule are never seen on the paths the tests walk.
//! Here every rule of the ladder gives all its hints on a board (on SE's own path, and thinned: false candidates
//! struck at random), and each is checked against the true solution.

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use shudu::format::to_pencilmarks;
use shudu::generate::Rng;
use shudu::se::board::cell_name;
use shudu::se::{next_step, Board, Hint, Rule};

use crate::every::Tally;

/// An empty tally for SE's rules: boards in `states`, hints by rule in `instances` (indexed as [`Rule::ALL`]).
pub fn tally() -> Tally {
    Tally::of(Rule::ALL.len())
}

/// A table of the hints checked and the time taken, by rule.
pub fn markdown(tally: &Tally) -> String {
    let mut out = String::from("| rule | hints checked | time |\n|---|---:|---:|\n");
    for (i, rule) in Rule::ALL.iter().enumerate() {
        if tally.instances[i] > 0 || !tally.time[i].is_zero() {
            out.push_str(&format!(
                "| {rule:?} | {} | {:.1} s |\n",
                tally.instances[i],
                tally.time[i].as_secs_f64()
            ));
        }
    }
    out.push_str(&format!(
        "| all | **{}** | {:.1} s |\n",
        tally.total(),
        tally.time.iter().sum::<Duration>().as_secs_f64()
    ));
    out
}

/// What is wrong with a hint on `board`, if anything: a candidate it removes that is the cell's true digit or is not
/// there, or a placement that is not the solution's or not a candidate.
pub fn check_hint(board: &Board, hint: &Hint, solution: &[u8; 81]) -> Result<(), String> {
    for &(c, d) in &hint.eliminations {
        let cell = usize::from(c);
        if !board.has(cell, d) {
            return Err(format!("removes {}<>{d}, not a candidate", cell_name(cell)));
        }
        if solution[cell] == d {
            return Err(format!("removes {}<>{d}, the cell's true digit", cell_name(cell)));
        }
    }
    if let Some((c, d)) = hint.placement {
        let cell = usize::from(c);
        if board.values[cell] != 0 || !board.has(cell, d) {
            return Err(format!("places {}={d}, not a candidate", cell_name(cell)));
        }
        if solution[cell] != d {
            return Err(format!(
                "places {}={d}, the solution has {}",
                cell_name(cell),
                solution[cell]
            ));
        }
    }
    if hint.eliminations.is_empty() && hint.placement.is_none() {
        return Err("does nothing".to_string());
    }
    Ok(())
}

/// Runs each of `rules` to exhaustion on `board`, checking every hint against `solution`.
pub fn check_board(board: &Board, solution: &[u8; 81], rules: &[Rule], tally: &mut Tally) {
    tally.states += 1;
    for &rule in rules {
        let at = Rule::ALL.iter().position(|&r| r == rule).unwrap_or(0);
        let started = Instant::now();
        let mut found = 0u64;
        let mut wrong = Vec::new();
        let _ = rule.hints(board, &mut |h| {
            found += 1;
            if let Err(why) = check_hint(board, &h, solution) {
                wrong.push(format!("{rule:?}: {h}: {why}\n{}", to_pencilmarks(&board.to_grid())));
            }
            ControlFlow::Continue(())
        });
        tally.time[at] += started.elapsed();
        tally.instances[at] += found;
        tally.wrong.extend(wrong);
    }
}

/// The boards of SE's path through `puzzle` (before each step), up to `limit` steps; empty if the ladder gets stuck
/// at once.
pub fn path(puzzle: &[u8; 81], limit: usize) -> Vec<Board> {
    let mut board = Board::from_values(puzzle);
    let mut boards = Vec::new();
    while boards.len() < limit && !board.is_solved() {
        let Some((_, hint)) = next_step(&board) else { break };
        boards.push(board.clone());
        hint.apply(&mut board);
    }
    boards
}

/// `board` with about `per_cent` of its false candidates struck at random, never a true candidate nor a cell's last.
pub fn thinned(board: &Board, solution: &[u8; 81], per_cent: u32, rng: &mut Rng) -> Board {
    let mut out = board.clone();
    for (cell, &truth) in solution.iter().enumerate() {
        if board.values[cell] != 0 {
            continue;
        }
        for d in 1..=9u8 {
            if board.has(cell, d) && d != truth && rng.below(100) < per_cent {
                out.eliminate(cell, d);
            }
        }
    }
    out
}
