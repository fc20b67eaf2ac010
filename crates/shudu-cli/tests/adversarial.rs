//! Adversarial states: `hint`, `explain` and `rate` on a state with a wrong digit, with a true candidate removed,
//! with no solution, with thousands of solutions, and on the empty grid. Each gets a clear answer, never a hang or a
//! panic: every run here is killed, and the test failed, if it is not over in [`HANG`] (a guard against a hang, not
//! a timing: each answer takes milliseconds). The budget on forcing nets (`--max-steps`) is tested here too.

mod common;

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{BIN, NO_SOLUTION, SEED, STUCK};
use shudu::format::to_pencilmarks;
use shudu::{search, Cell, Digit, Grid};

/// Long enough for any answer on a loaded machine; a hang never ends.
const HANG: Duration = Duration::from_secs(300);

/// A grid whose givens have billions of solutions: the first row filled, the rest empty.
const MANY: &str = "123456789........................................................................";
const EMPTY: &str = ".................................................................................";

struct Answer {
    code: i32,
    stdout: String,
    stderr: String,
}

/// Runs `shudu` with `args`, killing it (and failing) if it runs past [`HANG`].
fn bounded(args: &[&str]) -> Answer {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("shudu starts");
    let mut out = child.stdout.take().expect("piped");
    let mut err = child.stderr.take().expect("piped");
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = out.read_to_string(&mut s);
        s
    });
    let err_reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = err.read_to_string(&mut s);
        s
    });
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("shudu can be waited for") {
            break status;
        }
        if started.elapsed() > HANG {
            let _ = child.kill();
            let _ = child.wait();
            panic!("shudu {args:?} still running after {HANG:?}: a hang");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let answer = Answer {
        code: status.code().expect("shudu exits rather than dying of a signal"),
        stdout: reader.join().expect("stdout is read"),
        stderr: err_reader.join().expect("stderr is read"),
    };
    assert!(
        !answer.stderr.contains("panicked"),
        "shudu {args:?} panicked: {}",
        answer.stderr
    );
    answer
}

fn second_line(text: &str) -> &str {
    text.lines().nth(1).unwrap_or_default()
}

fn solution(puzzle: &str) -> [u8; 81] {
    search::solve(&shudu::format::parse_line(puzzle).expect("a puzzle")).expect("one solution")
}

/// SEED with a wrong digit in its first empty cell that clashes with no given.
fn with_wrong_digit() -> (String, Cell, u8) {
    let grid = Grid::from_values(&shudu::format::parse_line(SEED).expect("a puzzle")).expect("a board");
    let truth = solution(SEED);
    let cell = Cell::ALL
        .into_iter()
        .find(|c| grid.value(*c).is_none() && grid.candidates(*c).len() >= 2)
        .expect("an empty cell with a choice");
    let wrong = grid
        .candidates(cell)
        .iter()
        .find(|d| d.get() != truth[cell.index()])
        .expect("a wrong candidate");
    let mut line: Vec<u8> = SEED.bytes().collect();
    line[cell.index()] = b'0' + wrong.get();
    (String::from_utf8(line).expect("ASCII"), cell, wrong.get())
}

/// SEED in pencil marks with one true candidate struck out.
fn with_true_candidate_removed() -> String {
    let mut grid = Grid::from_values(&shudu::format::parse_line(SEED).expect("a puzzle")).expect("a board");
    let truth = solution(SEED);
    let cell = Cell::ALL
        .into_iter()
        .find(|c| grid.value(*c).is_none() && grid.candidates(*c).len() >= 3)
        .expect("a cell with three candidates");
    let digit = Digit::new(truth[cell.index()]).expect("a digit");
    grid.eliminate(cell, digit);
    to_pencilmarks(&grid)
}

#[test]
fn a_wrong_digit() {
    let (state, cell, wrong) = with_wrong_digit();
    // Against the puzzle, the hint names the mistake.
    let hint = bounded(&["hint", "--puzzle", SEED, &state]);
    assert_eq!(hint.code, 0, "{}", hint.stderr);
    assert!(
        hint.stdout
            .starts_with(&format!("mistake: {cell} holds {wrong}, but the solution has")),
        "{}",
        hint.stdout
    );
    // Read as a puzzle, the wrong digit leaves it without a solution, and each command says so.
    let alone = bounded(&["hint", &state]);
    assert_eq!(alone.code, 1);
    assert!(alone.stderr.contains("no solution"), "{}", alone.stderr);
    let explain = bounded(&["explain", "--grids", "none", &state]);
    assert_eq!(
        second_line(&explain.stdout),
        "invalid: no solution",
        "{}",
        explain.stdout
    );
    let rate = bounded(&["rate", &state]);
    assert!(rate.stdout.ends_with(" invalid no solution\n"), "{}", rate.stdout);
}

#[test]
fn a_true_candidate_removed() {
    let state = with_true_candidate_removed();
    let hint = bounded(&["hint", &state]);
    assert_eq!(hint.code, 0, "{}", hint.stderr);
    assert!(
        hint.stdout.contains("was removed but is the solution"),
        "{}",
        hint.stdout
    );
    // explain and rate read a puzzle's digits, not its notes: the puzzle is answered as it is.
    let explain = bounded(&["explain", "--summary", &state]);
    assert_eq!(explain.code, 0, "{}", explain.stderr);
    assert!(explain.stdout.contains("solved"), "{}", explain.stdout);
    let rate = bounded(&["rate", &state]);
    assert_eq!(rate.code, 0, "{}", rate.stderr);
    assert!(rate.stdout.contains(" Easy "), "{}", rate.stdout);
}

#[test]
fn no_solution() {
    let hint = bounded(&["hint", NO_SOLUTION]);
    assert_eq!(hint.code, 1);
    assert!(hint.stderr.contains("both hold"), "{}", hint.stderr);
    let explain = bounded(&["explain", "--grids", "none", NO_SOLUTION]);
    assert_eq!(
        second_line(&explain.stdout),
        "invalid: no solution",
        "{}",
        explain.stdout
    );
    let rate = bounded(&["rate", NO_SOLUTION]);
    assert!(
        rate.stdout.starts_with(&format!("{NO_SOLUTION} invalid givens clash")),
        "{}",
        rate.stdout
    );
    // A pencil-mark state with a cell that has no candidate left.
    let mut grid = Grid::from_values(&shudu::format::parse_line(SEED).expect("a puzzle")).expect("a board");
    let cell = Cell::ALL
        .into_iter()
        .find(|c| grid.value(*c).is_none())
        .expect("an empty cell");
    for d in grid.candidates(cell).iter().collect::<Vec<_>>() {
        grid.eliminate(cell, d);
    }
    let hint = bounded(&["hint", &to_pencilmarks(&grid)]);
    assert!(hint.code == 0 || hint.code == 1, "{}", hint.stderr);
    assert!(!hint.stdout.is_empty() || !hint.stderr.is_empty());
}

#[test]
fn thousands_of_solutions_and_the_empty_grid() {
    for puzzle in [MANY, EMPTY] {
        let hint = bounded(&["hint", puzzle]);
        assert_eq!(hint.code, 1);
        assert!(hint.stderr.contains("more than one solution"), "{}", hint.stderr);
        let explain = bounded(&["explain", "--grids", "none", puzzle]);
        assert_eq!(
            second_line(&explain.stdout),
            "invalid: more than one solution",
            "{}",
            explain.stdout
        );
        let rate = bounded(&["rate", puzzle]);
        assert_eq!(rate.stdout, format!("{puzzle} invalid more than one solution\n"));
        let solve = bounded(&["solve", "--count", puzzle]);
        assert_eq!(solve.stdout, "2+\n");
    }
}

#[test]
fn max_steps_bounds_the_forcing_nets() {
    // Unbounded, the first of top1465 needs a Forcing Net; with the nets held to one step each, they find nothing
    // and Brute Force, the last rung, finishes the path, named as such.
    let full = bounded(&["explain", "--summary", STUCK]);
    assert!(full.stdout.contains("Forcing Net"), "{}", full.stdout);
    let bounded_run = bounded(&["explain", "--summary", "--max-steps", "1", STUCK]);
    assert_eq!(bounded_run.code, 0, "{}", bounded_run.stderr);
    assert!(bounded_run.stdout.contains("Brute Force"), "{}", bounded_run.stdout);
    assert!(!bounded_run.stdout.contains("Forcing Net"), "{}", bounded_run.stdout);
    let rate = bounded(&["rate", "--max-steps", "1", STUCK]);
    assert_eq!(rate.code, 0, "{}", rate.stderr);
    assert!(!rate.stdout.contains("Forcing Net"), "{}", rate.stdout);
    let hint = bounded(&["hint", "--max-steps", "1", STUCK]);
    assert_eq!(hint.code, 0, "{}", hint.stderr);
    let usage = bounded(&["hint", "--max-steps", "0", STUCK]);
    assert_eq!(usage.code, 2);
}
