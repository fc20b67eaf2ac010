//! `explain` and `rate` on any puzzle: a line the readers accept, or 81 values from bytes (clashing, open, with no
//! solution or thousands). The default ladder's solve ends within 81 × 9 steps, each changing the board; on a
//! proper puzzle every step agrees with the solution and the solve finishes; a puzzle with no solution is never
//! "solved", one with several only into one of its solutions; and the grade agrees with itself.

use shudu::format::{self, parse_line};
use shudu::logic::{Listener, Outcome, Solver, Step};
use shudu::rate::{self, Invalid};
use shudu::{search, Cell, Grid};

use super::bytes::Bytes;
use crate::sound::check_step;

/// The puzzle the bytes stand for: an 81-character line (first byte even), or one value a byte (a digit where the
/// byte is above 200, so most cells are empty and the puzzle opens up).
pub fn puzzle(data: &[u8]) -> Option<[u8; 81]> {
    let mut b = Bytes::new(data);
    if b.u8().is_multiple_of(2) {
        let text = String::from_utf8_lossy(b.rest()).into_owned();
        return parse_line(&text).ok();
    }
    Some(core::array::from_fn(|_| {
        let v = b.u8();
        if v > 200 {
            v % 9 + 1
        } else {
            0
        }
    }))
}

/// Checks each step against the board before it (and the solution, where there is one) as the solve goes.
struct Checker<'a> {
    before: Grid,
    solution: Option<&'a [u8; 81]>,
    steps: usize,
}

impl Listener for Checker<'_> {
    fn on_step(&mut self, step: &Step, grid: &Grid) {
        self.steps += 1;
        assert!(self.steps <= 81 * 9, "a solve past 81 x 9 steps");
        if let Err(why) = check_step(&self.before, step, self.solution) {
            panic!("{why}\n{}", format::to_pencilmarks(&self.before));
        }
        self.before = grid.clone();
    }
}

/// The check.
pub fn explain(data: &[u8]) {
    let Some(values) = puzzle(data) else { return };
    let Ok(grid) = Grid::from_values(&values) else {
        // Clashing givens: rate says so too.
        assert!(matches!(rate::rate(&values), Err(Invalid::Clash(_))));
        return;
    };
    let outcome = search::search(&values, 2);
    let solution = (outcome.count == 1).then_some(outcome.solution).flatten();
    let mut checker = Checker {
        before: grid.clone(),
        solution: solution.as_ref(),
        steps: 0,
    };
    // On a puzzle without one solution the forcing nets are bounded as a game's hints are: unbounded, they take
    // seconds on an open board, which only slows the fuzzer; a proper puzzle is explained as the command line does.
    let mut solver = Solver::new();
    if outcome.count != 1 {
        solver.set_budget(Some(shudu_game::HINT_NET_BUDGET));
    }
    let report = solver.solve(&grid, &mut checker);
    assert_eq!(report.steps.len(), checker.steps);
    match outcome.count {
        1 => assert_eq!(
            report.outcome,
            Outcome::Solved,
            "the default ladder ends in Brute Force"
        ),
        0 => assert_ne!(report.outcome, Outcome::Solved, "no solution, yet solved"),
        _ => {
            if report.outcome == Outcome::Solved {
                assert!(search::is_valid_solution(report.grid.values()));
                assert!(Cell::ALL
                    .iter()
                    .all(|c| values[c.index()] == 0 || values[c.index()] == report.grid.values()[c.index()]));
            }
        }
    }
    match (rate::rate(&values), outcome.count) {
        (Ok(rating), 1) => {
            let grade = &rating.grade;
            assert_eq!(grade.stars, rate::stars(grade.level));
            // HoDoKu's ladder ends in Brute Force too.
            assert!(grade.solved);
            assert!(rating.se.er >= rating.se.ep && rating.se.ep >= rating.se.ed || !rating.se.complete);
        }
        (Err(Invalid::NoSolution), 0) => {}
        (Err(invalid), n) if n >= 2 => assert_eq!(invalid.solutions(), Some(2), "{invalid:?}"),
        (got, n) => panic!("rate gave {got:?} for a puzzle of {n} solutions"),
    }
}
