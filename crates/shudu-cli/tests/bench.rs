//! `shudu bench`, run as a user runs it.

use std::path::Path;
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_shudu");

const PUZZLES: &str = "\
# two proper puzzles, one without solution, one with several
4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
000000010400000000020000000000050407008000300001090000300400200050100000000806000
..9.7...5..21..9..1...28....7...5..1..851.....5....3.......3..68........21.....87
..3.....6...98..2.9426..7..45...6............1.9.5.47.....25.4.6...785...........
";

fn scratch(name: &str, text: &str) -> std::path::PathBuf {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("bench-{}-{name}", std::process::id()));
    std::fs::write(&path, text).expect("the scratch file is written");
    path
}

#[test]
fn times_a_file_against_the_baseline() {
    let file = scratch("four.txt", PUZZLES);
    let out = Command::new(BIN)
        .args(["bench", "--repeat", "2", "--baseline"])
        .arg(&file)
        .output()
        .expect("shudu runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(stdout.contains("4 puzzles, limit 2"), "{stdout}");
    assert!(stdout.contains("puzzles/s"), "{stdout}");
    assert!(stdout.contains("µs/puzzle"), "{stdout}");
    assert!(stdout.contains("vs baseline"), "{stdout}");
    assert!(stdout.contains("  baseline "), "{stdout}");
    assert!(
        stdout.contains("2 unique, 1 without solution, 1 with several"),
        "{stdout}"
    );
}

#[test]
fn limit_one_reports_puzzles_solved() {
    let file = scratch("limit1.txt", PUZZLES);
    let out = Command::new(BIN)
        .args(["bench", "--repeat", "1", "--limit", "1"])
        .arg(&file)
        .output()
        .expect("shudu runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout.contains("limit 1 (first solution only)"), "{stdout}");
    assert!(stdout.contains("3 solved, 1 without solution"), "{stdout}");
    assert!(!stdout.contains("vs baseline"), "{stdout}");
}

#[test]
fn counting_further_reports_the_solutions_counted() {
    // The puzzle with several has exactly 3 solutions (`shudu solve --count`): limits 3 and 10 both count all of
    // them, 1 + 1 + 0 + 3 = 5, and only limit 3 leaves it at the limit.
    let file = scratch("limit10.txt", PUZZLES);
    for (limit, total, at_limit) in [("3", 5, 1), ("10", 5, 0)] {
        let out = Command::new(BIN)
            .args(["bench", "--repeat", "1", "--limit", limit])
            .arg(&file)
            .output()
            .expect("shudu runs");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0));
        assert!(
            stdout.contains(&format!("counting up to {limit} solutions")),
            "{stdout}"
        );
        assert!(
            stdout.contains(&format!("{total} solutions counted, {at_limit} puzzles at the limit")),
            "{stdout}"
        );
    }
}

#[test]
fn says_so_when_there_is_nothing_to_time() {
    // A directory with no ../shared/data beside it.
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("bench-empty-{}/inner", std::process::id()));
    std::fs::create_dir_all(&dir).expect("the scratch directory is made");
    let out = Command::new(BIN)
        .arg("bench")
        .current_dir(&dir)
        .output()
        .expect("shudu runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr.contains("../shared/data/puzzles"), "{stderr}");

    let out = Command::new(BIN)
        .args(["bench", "missing.txt"])
        .current_dir(&dir)
        .output()
        .expect("shudu runs");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("missing.txt"));
}

#[test]
fn explain_mode_times_the_ladder_and_counts_its_outcomes() {
    let file = scratch("explain.txt", PUZZLES);
    let out = Command::new(BIN)
        .args(["bench", "--explain", "--first", "2", "--repeat", "1"])
        .arg(&file)
        .output()
        .expect("shudu runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(
        stdout.contains("first 2 puzzles, explained with the default ladder"),
        "{stdout}"
    );
    assert!(stdout.contains("puzzles/s"), "{stdout}");
    // Both are 17-clue-class puzzles the default ladder finishes; the path to each is dozens of steps.
    assert!(stdout.contains("2 solved by logic, 0 stuck, 0 invalid"), "{stdout}");
}

#[test]
fn times_canonical_forms_against_the_search_solver() {
    let file = scratch("canon.txt", PUZZLES);
    let out = Command::new(BIN)
        .args(["bench", "--canon", "--repeat", "1"])
        .arg(&file)
        .output()
        .expect("shudu runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains("first 4 puzzles, canonical forms"), "{stdout}");
    assert!(stdout.contains("forms/s"), "{stdout}");
    assert!(stdout.contains("a form costs"), "{stdout}");
    assert!(stdout.contains("4 classes among 4 puzzles"), "{stdout}");
}

#[test]
fn by_technique_lists_where_the_ladders_time_goes() {
    let file = scratch("rungs.txt", PUZZLES);
    for mode in ["--rate", "--explain"] {
        let out = Command::new(BIN)
            .args(["bench", mode, "--by-technique", "--repeat", "1"])
            .arg(&file)
            .output()
            .expect("shudu runs");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
        assert!(stdout.contains("by technique (one more pass"), "{stdout}");
        // Every path starts each step by looking for a full house, so it is attempted and found on both puzzles.
        let row = stdout
            .lines()
            .find(|l| l.trim_start().starts_with("Full House"))
            .unwrap_or_else(|| panic!("no Full House row: {stdout}"));
        let fields: Vec<&str> = row.split_whitespace().collect();
        let (tries, steps): (u64, u64) = (fields[6].parse().expect("attempts"), fields[7].parse().expect("steps"));
        assert!(steps > 0 && tries >= steps, "{row}");
        assert!(stdout.contains("between attempts"), "{stdout}");
    }
}
