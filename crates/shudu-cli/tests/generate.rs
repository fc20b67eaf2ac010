//! `shudu generate`, run as a user runs it: the built binary, its standard streams and its exit code.

mod common;

use common::shudu;
use shudu::format::{parse_grid, parse_line};
use shudu::generate::Symmetry;
use shudu::rate::rate;
use shudu::search;

fn json_lines(stdout: &str) -> Vec<serde_json::Value> {
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect()
}

#[test]
fn lines_are_proper_puzzles_fixed_by_the_seed() {
    let run = shudu(&["generate", "-n", "5", "--seed", "42"], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stderr, "", "piped runs draw no progress bar");
    let lines = run.lines();
    assert_eq!(lines.len(), 5);
    for line in &lines {
        let puzzle = parse_line(line).expect("an 81-character line");
        assert_eq!(search::count_solutions(&puzzle, 2), 1, "{line}");
    }
    let again = shudu(&["generate", "-n", "5", "--seed", "42"], b"");
    assert_eq!(again.stdout, run.stdout);
    let other = shudu(&["generate", "-n", "5", "--seed", "43"], b"");
    assert_ne!(other.stdout, run.stdout);
}

#[test]
fn the_output_does_not_depend_on_the_threads() {
    let args = |threads: &'static str| {
        [
            "generate",
            "-n",
            "40",
            "--seed",
            "9",
            "--level",
            "medium",
            "--threads",
            threads,
        ]
    };
    let one = shudu(&args("1"), b"");
    let two = shudu(&args("2"), b"");
    let four = shudu(&args("4"), b"");
    assert_eq!(one.code, 0, "{}", one.stderr);
    assert_eq!(one.lines().len(), 40);
    assert_eq!(one.stdout, two.stdout);
    assert_eq!(one.stdout, four.stdout);
}

#[test]
fn json_carries_puzzle_solution_level_score_and_seed() {
    let run = shudu(
        &[
            "generate",
            "-n",
            "3",
            "--seed",
            "5",
            "--level",
            "hard",
            "--symmetry",
            "rot180",
            "--format",
            "json",
        ],
        b"",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let records = json_lines(&run.stdout);
    assert_eq!(records.len(), 3);
    assert_eq!(records[0]["seed"], 5, "the first puzzle's seed is the run's");
    for r in &records {
        let puzzle = parse_line(r["puzzle"].as_str().expect("puzzle")).expect("a puzzle line");
        let solution = parse_line(r["solution"].as_str().expect("solution")).expect("a solution line");
        let outcome = search::search(&puzzle, 2);
        assert_eq!(outcome.count, 1);
        assert_eq!(outcome.solution, Some(solution));
        assert!(Symmetry::Rot180.holds(&puzzle));
        let rating = rate(&puzzle).expect("proper");
        assert_eq!(r["level"], "Hard");
        assert_eq!(r["level"], rating.grade.level.name());
        assert_eq!(r["score"], rating.grade.score);
        assert_eq!(r["stars"], 3);
        assert_eq!(r["symmetry"], "rot180");
        assert_eq!(r["givens"], puzzle.iter().filter(|&&v| v != 0).count());
        // Each record's seed makes its puzzle again, alone.
        let seed = r["seed"].as_u64().expect("a seed").to_string();
        let alone = shudu(
            &["generate", "--seed", &seed, "--level", "hard", "--symmetry", "rot180"],
            b"",
        );
        assert_eq!(alone.stdout.trim(), r["puzzle"].as_str().expect("puzzle"));
    }
}

#[test]
fn json_without_a_level_is_graded_too() {
    let run = shudu(&["generate", "-n", "2", "--seed", "1", "--format", "json"], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    for r in json_lines(&run.stdout) {
        let puzzle = parse_line(r["puzzle"].as_str().expect("puzzle")).expect("a puzzle line");
        assert_eq!(r["level"], rate(&puzzle).expect("proper").grade.level.name());
        assert_eq!(r["symmetry"], "none");
    }
}

#[test]
fn grids_read_back() {
    let run = shudu(
        &["generate", "-n", "2", "--seed", "3", "--format", "grid", "--minimal"],
        b"",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let blocks: Vec<&str> = run.stdout.split("\n\n").filter(|b| !b.trim().is_empty()).collect();
    assert_eq!(blocks.len(), 2, "{}", run.stdout);
    for block in blocks {
        let puzzle = parse_grid(block).expect("a 9-line grid");
        assert_eq!(search::count_solutions(&puzzle, 2), 1);
    }
}

#[test]
fn needs_and_givens_are_honoured() {
    let run = shudu(
        &[
            "generate", "-n", "2", "--seed", "2", "--level", "hard", "--needs", "x-wing", "--format", "json",
        ],
        b"",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    for r in json_lines(&run.stdout) {
        let puzzle = parse_line(r["puzzle"].as_str().expect("puzzle")).expect("a puzzle line");
        let grade = rate(&puzzle).expect("proper").grade;
        assert!(grade.uses(shudu::logic::Technique::XWing));
    }
    let run = shudu(&["generate", "-n", "3", "--seed", "2", "--givens", "30-31"], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    for line in run.lines() {
        let givens = parse_line(line).expect("a line").iter().filter(|&&v| v != 0).count();
        assert!((30..=31).contains(&givens), "{givens}");
    }
}

#[test]
fn impossible_requests_fail_with_a_message() {
    // Known at once.
    let run = shudu(&["generate", "--givens", "16"], b"");
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("fewer than 17 givens"), "{}", run.stderr);
    assert_eq!(run.stdout, "");
    let run = shudu(&["generate", "--symmetry", "rot90", "--givens", "18"], b"");
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("rot90 symmetry cannot have 18 givens"),
        "{}",
        run.stderr
    );
    let run = shudu(&["generate", "--level", "easy", "--needs", "xy"], b"");
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("harder than Easy"), "{}", run.stderr);
    // Given up after a bounded effort, not a hang.
    let run = shudu(
        &[
            "generate",
            "-n",
            "3",
            "--givens",
            "17",
            "--symmetry",
            "rot90",
            "--level",
            "easy",
            "--seed",
            "1",
        ],
        b"",
    );
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("puzzle 1 (seed 1): no puzzle met the request"),
        "{}",
        run.stderr
    );
    assert_eq!(run.stdout, "");
}

#[test]
fn usage_errors_exit_with_2() {
    for args in [
        &["generate", "--symmetry", "spiral"][..],
        &["generate", "--level", "impossible"],
        &["generate", "--needs", "no-such-technique"],
        &["generate", "-n", "0"],
        &["generate", "--givens", "30-20"],
        &["generate", "--format", "xml"],
    ] {
        let run = shudu(args, b"");
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
    }
}
