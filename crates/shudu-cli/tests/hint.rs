//! `shudu hint`, run as a user runs it: on fresh puzzles and on players' states with and without mistakes.

mod common;

use common::{is_grid_line, path_str, scratch, shudu, NO_LAST_RESORTS, PAIRS, SEED, SEVERAL, STUCK};
use serde_json::Value;
use shudu::format::{parse_line, to_line, to_pencilmarks};
use shudu::logic::{Silent, Solver, Technique};
use shudu::{search, Cell, Digit, Grid};

fn board(puzzle: &str) -> Grid {
    Grid::from_values(&parse_line(puzzle).expect("parses")).expect("no clash")
}

fn solution(puzzle: &str) -> [u8; 81] {
    search::solve(&parse_line(puzzle).expect("parses")).expect("solvable")
}

fn digit(n: u8) -> Digit {
    Digit::new(n).expect("a digit")
}

/// An empty cell of `grid` with a candidate other than its solution: the cell, the wrong digit, the solution's.
/// Placing it leaves no cell with fewer than two candidates that had more, so that a pencil-mark grid of the result
/// still reads them as empty.
fn wrong_candidate(grid: &Grid, solution: &[u8; 81]) -> (Cell, Digit, Digit) {
    let keeps_cells_empty = |cell: Cell, d: Digit| {
        let mut after = grid.clone();
        after.place(cell, d).is_ok()
            && after
                .empty_cells()
                .iter()
                .all(|c| after.candidates(c).len() >= grid.candidates(c).len().min(2))
    };
    Cell::ALL
        .iter()
        .filter(|&&c| grid.value(c).is_none())
        .find_map(|&c| {
            let truth = digit(solution[c.index()]);
            grid.candidates(c)
                .iter()
                .find(|&d| d != truth && keeps_cells_empty(c, d))
                .map(|d| (c, d, truth))
        })
        .expect("an empty cell with a wrong candidate")
}

#[test]
fn a_fresh_puzzle_gets_its_easiest_step() {
    let run = shudu(&["hint", SEED], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, "Naked Single: r1c6=1\n");

    let zh = shudu(&["hint", "--lang", "zh", SEED], b"");
    assert_eq!(zh.stdout, "唯余法：r1c6 只余一个候选数 => r1c6=1\n");

    let grid = shudu(&["hint", "--grid", SEED], b"");
    let lines = grid.lines();
    assert_eq!(lines.len(), 14);
    assert!(lines[1..].iter().all(|l| is_grid_line(l)));
    assert!(lines[2].contains(" 1* "), "{}", grid.stdout);

    // Without the singles, the easiest step of this puzzle is an intersection.
    let no_singles = shudu(&["hint", "--techniques", "-fh,-n1,-h1", PAIRS], b"");
    assert_eq!(no_singles.code, 0, "{}", no_singles.stderr);
    assert!(no_singles.stdout.starts_with("Locked "), "{}", no_singles.stdout);
}

#[test]
fn json_is_one_object_like_a_step_record() {
    let run = shudu(&["hint", "--format", "json", SEED], b"");
    assert_eq!(run.code, 0);
    assert_eq!(run.lines().len(), 1);
    let record: Value = serde_json::from_str(&run.stdout).expect("JSON");
    assert_eq!(record["puzzle"], to_line(&parse_line(SEED).expect("parses")));
    assert_eq!(record["outcome"], "step");
    assert_eq!(record["technique"], "Naked Single");
    assert_eq!(record["code"], "0003");
    assert_eq!(record["level"], "Easy");
    assert_eq!(record["text"], "Naked Single: r1c6=1");
    assert_eq!(record["placements"], serde_json::json!(["r1c6=1"]));
    assert_eq!(record["eliminations"], serde_json::json!([]));
    assert_eq!(record["mistakes"], serde_json::json!([]));
}

#[test]
fn a_removed_true_candidate_is_told_first() {
    let mut grid = board(SEED);
    let solution = solution(SEED);
    let cell = Cell::at(0, 0);
    let truth = digit(solution[cell.index()]);
    grid.eliminate(cell, truth);
    assert!(grid.candidates(cell).len() >= 2, "the cell still reads as empty");
    let pencilmarks = to_pencilmarks(&grid);

    let run = shudu(&["hint", "-"], pencilmarks.as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.lines(),
        [format!("r1c1: candidate {truth} was removed but is the solution")]
    );

    // From a file, with the grid: the cell is marked.
    let file = scratch("hint-removed.txt", pencilmarks.as_bytes());
    let drawn = shudu(&["hint", "--grid", path_str(&file)], b"");
    assert_eq!(drawn.code, 0, "{}", drawn.stderr);
    // r1c6 is left with one candidate, 1, so the grid reads it as solved and r1c1 loses its 1 as well.
    assert!(drawn.lines()[2].starts_with("| 349* "), "{}", drawn.stdout);

    let json = shudu(&["hint", "--format", "json", "-"], pencilmarks.as_bytes());
    let record: Value = serde_json::from_str(&json.stdout).expect("JSON");
    assert_eq!(record["outcome"], "mistakes");
    assert_eq!(
        record["removed"],
        serde_json::json!([{"cell": "r1c1", "candidate": truth.get()}])
    );
    assert!(record.get("technique").is_none());
}

#[test]
fn a_pencilmark_grid_without_problems_gets_a_step_from_its_own_candidates() {
    // The player has already worked the puzzle down to where the ladder needs pairs.
    let report = Solver::new().solve(&board(PAIRS), &mut Silent);
    let at = report
        .steps
        .iter()
        .position(|s| s.technique == shudu::logic::Technique::NakedPair)
        .expect("a naked pair");
    let mut grid = board(PAIRS);
    for step in &report.steps[..at] {
        step.apply(&mut grid).expect("a sound step");
    }
    let run = shudu(&["hint", &to_pencilmarks(&grid)], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, "Naked Pair: 1,8 in r1c4,r3c6 => r3c4<>1, r3c4<>8\n");
}

#[test]
fn a_wrong_digit_is_a_mistake() {
    let grid = board(SEED);
    let solution = solution(SEED);
    let (cell, wrong, truth) = wrong_candidate(&grid, &solution);
    // A HoDoKu library line tells placed digits (`+`) from givens, so the givens alone fix the solution.
    let state: String = Cell::ALL
        .iter()
        .map(|&c| match SEED.as_bytes()[c.index()] {
            _ if c == cell => format!("+{wrong}"),
            b'0' => ".".to_string(),
            given => (given as char).to_string(),
        })
        .collect();
    let line = format!(":0000::{state}:::::");
    let run = shudu(&["hint", &line], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    // The candidates the wrong digit struck from its peers come back with its fix: only the mistake is told.
    let struck = cell
        .peers()
        .iter()
        .any(|&p| grid.value(p).is_none() && solution[p.index()] == wrong.get());
    assert!(struck, "the case shows a true candidate struck by the mistake");
    assert_eq!(
        run.lines(),
        [format!("mistake: {cell} holds {wrong}, but the solution has {truth}")]
    );

    let zh = shudu(&["hint", "--lang", "zh", &line], b"");
    assert_eq!(zh.stdout, format!("错误：{cell} 填的是 {wrong}，但答案是 {truth}\n"));
}

#[test]
fn a_wrong_digit_in_a_pencilmark_grid_needs_the_puzzle() {
    let mut grid = board(SEED);
    let solution = solution(SEED);
    let (cell, wrong, truth) = wrong_candidate(&grid, &solution);
    grid.place(cell, wrong).expect("a candidate");
    let pencilmarks = to_pencilmarks(&grid);

    // Every digit of a pencil-mark grid reads as a given, and with the wrong one there is no solution.
    let alone = shudu(&["hint", &pencilmarks], b"");
    assert_eq!(alone.code, 1);
    assert_eq!(alone.stdout, "error\n");
    assert!(alone.stderr.contains("no solution"), "{}", alone.stderr);
    assert!(alone.stderr.contains("--puzzle"), "{}", alone.stderr);

    let with_puzzle = shudu(&["hint", "--puzzle", SEED, &pencilmarks], b"");
    assert_eq!(with_puzzle.code, 0, "{}", with_puzzle.stderr);
    let lines = with_puzzle.lines();
    assert_eq!(
        lines[0],
        format!("mistake: {cell} holds {wrong}, but the solution has {truth}")
    );
    assert_eq!(lines.len(), 1, "{}", with_puzzle.stdout);

    // The puzzle may come from a file, as the state may.
    let puzzle = scratch("hint-puzzle.txt", format!("{SEED}\n").as_bytes());
    let state = scratch("hint-state.txt", pencilmarks.as_bytes());
    let from_files = shudu(&["hint", "--puzzle", path_str(&puzzle), path_str(&state)], b"");
    assert_eq!(from_files.stdout, with_puzzle.stdout);
}

#[test]
fn a_stuck_state_says_so_and_shows_the_grid() {
    let mut solver = Solver::new();
    for t in [Technique::ForcingChain, Technique::ForcingNet, Technique::BruteForce] {
        solver.set(t, false);
    }
    let report = solver.solve(&board(STUCK), &mut Silent);
    let run = shudu(
        &["hint", "--techniques", NO_LAST_RESORTS, "-"],
        to_pencilmarks(&report.grid).as_bytes(),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines = run.lines();
    assert_eq!(lines[0], "no step: the ladder is stuck here");
    assert_eq!(lines.len(), 14);
    assert!(lines[1..].iter().all(|l| is_grid_line(l)));

    let json = shudu(&["hint", "--format", "json", "--techniques", "fh", SEED], b"");
    let record: Value = serde_json::from_str(&json.stdout).expect("JSON");
    assert_eq!(record["outcome"], "stuck");
}

#[test]
fn a_solved_grid_has_nothing_left() {
    let run = shudu(&["hint", &to_line(&solution(SEED))], b"");
    assert_eq!(run.code, 0);
    assert_eq!(run.stdout, "solved: every cell is filled\n");
}

#[test]
fn bad_inputs_exit_1() {
    let several = shudu(&["hint", SEVERAL], b"");
    assert_eq!(several.code, 1);
    assert_eq!(several.stdout, "error\n");
    assert!(several
        .stderr
        .contains("argument 1: the givens have more than one solution"));

    let typo = shudu(&["hint", "no-such-state.txt"], b"");
    assert_eq!(typo.code, 1);
    assert!(
        typo.stderr
            .contains("no-such-state.txt: no such file, and not a puzzle"),
        "{}",
        typo.stderr
    );

    let short = shudu(&["hint", "-"], &SEED.as_bytes()[..80]);
    assert_eq!(short.code, 1);
    assert!(short.stderr.starts_with("<stdin>: "), "{}", short.stderr);

    let json = shudu(&["hint", "--format", "json", SEVERAL], b"");
    let record: Value = serde_json::from_str(&json.stdout).expect("JSON");
    assert!(record["error"].as_str().is_some_and(|e| e.contains("more than one")));

    let bad_puzzle = shudu(&["hint", "--puzzle", SEVERAL, SEED], b"");
    assert_eq!(bad_puzzle.code, 1);
    assert!(
        bad_puzzle
            .stderr
            .contains("argument 1: --puzzle has more than one solution"),
        "{}",
        bad_puzzle.stderr
    );
    let unreadable_puzzle = shudu(&["hint", "--puzzle", &SEED[..80], SEED], b"");
    assert_eq!(unreadable_puzzle.code, 1);
    assert!(
        unreadable_puzzle.stderr.starts_with("--puzzle: "),
        "{}",
        unreadable_puzzle.stderr
    );

    assert_eq!(shudu(&["hint", SEED, SEED], b"").code, 2);
}

/// Issue 21: notes left beside a placed digit (r1c1 holds 1, r3c3 still lists 1) once gave `Hidden Single: r3c3=1
/// in b1`. They are dropped before the step, which must agree with the solution.
#[test]
fn notes_left_beside_a_placed_digit_are_dropped_before_the_step() {
    let puzzle = "......7..4....9.3..8....5.42..39.....45..2..........2.5....3.4.......6.19...64.5.";
    let state = "1 29 3 124 5 6 7 89 289\n4 57 6 127 8 9 12 3 2\n7 8 1279 127 3 1 5 169 4\n\
                 2 1 8 3 9 5 48 7 568\n367 4 5 67 17 2 9 169 689\n67 679 789 145678 4 1578 3 2 5\n\
                 5 267 127 1789 17 3 28 4 2789\n8 3 47 579 2 57 6 9 1\n9 237 127 78 6 4 2 5 2378\n";
    let file = scratch("hint-stale.txt", state.as_bytes());
    let run = shudu(&["hint", "--format", "json", "--puzzle", puzzle, path_str(&file)], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let record: Value = serde_json::from_str(run.stdout.trim()).expect("one JSON object");
    assert_eq!(record["outcome"], "step", "{record}");
    assert_ne!(record["text"], "Hidden Single: r3c3=1 in b1");
    let solution = solution(puzzle);
    let cell_index = |name: &str| -> usize {
        let b = name.as_bytes();
        usize::from(b[1] - b'1') * 9 + usize::from(b[3] - b'1')
    };
    for p in record["placements"].as_array().expect("placements") {
        let (cell, d) = p.as_str().expect("r1c1=1").split_once('=').expect("cell=digit");
        assert_eq!(solution[cell_index(cell)].to_string(), d, "{record}");
    }
    for e in record["eliminations"].as_array().expect("eliminations") {
        let (cell, d) = e.as_str().expect("r1c1<>1").split_once("<>").expect("cell<>digit");
        assert_ne!(solution[cell_index(cell)].to_string(), d, "{record}");
    }
}
