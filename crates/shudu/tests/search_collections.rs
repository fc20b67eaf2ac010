//! The search solver over the shared puzzle collections: every answer valid, agreeing with the givens, equal to the
//! published solution where there is one, and unique. Skips (saying so) where `../shared/data` is absent.

use std::fs;
use std::path::PathBuf;

use shudu::format::parse_line;
use shudu::search::{is_valid_solution, search};

fn data_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/puzzles");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("skipping: shared puzzle collections not found at {}", dir.display());
        None
    }
}

fn lines(name: &str) -> Option<Vec<String>> {
    let dir = data_dir()?;
    let text = fs::read_to_string(dir.join(name)).unwrap_or_else(|e| panic!("reading {name}: {e}"));
    Some(text.lines().map(str::to_owned).collect())
}

/// Solves every puzzle of `name`, checks uniqueness, validity, agreement with the givens and, where
/// `<name>.solutions.txt` exists, equality with the published solution. Returns how many were checked.
fn check_collection(name: &str) -> usize {
    let Some(puzzles) = lines(&format!("{name}.txt")) else {
        return 0;
    };
    let solutions_file = format!("{name}.solutions.txt");
    let solutions = data_dir()
        .filter(|d| d.join(&solutions_file).exists())
        .and_then(|_| lines(&solutions_file));
    if let Some(s) = &solutions {
        assert_eq!(s.len(), puzzles.len(), "{name}: one solution per puzzle");
    }
    for (i, line) in puzzles.iter().enumerate() {
        let p = parse_line(line).unwrap_or_else(|e| panic!("{name}:{}: {e}", i + 1));
        let out = search(&p, 2);
        assert_eq!(out.count, 1, "{name}:{}: expected exactly one solution", i + 1);
        let s = out.solution.expect("a count of 1 comes with the solution");
        assert!(is_valid_solution(&s), "{name}:{}: invalid answer", i + 1);
        for c in 0..81 {
            assert!(p[c] == 0 || p[c] == s[c], "{name}:{}: answer changes a given", i + 1);
        }
        if let Some(sol) = &solutions {
            let expected = parse_line(&sol[i]).expect("published solution parses");
            assert_eq!(s, expected, "{name}:{}: differs from the published solution", i + 1);
        }
    }
    puzzles.len()
}

#[test]
fn royle17_all_solved_unique_and_equal_to_published() {
    let n = check_collection("royle17");
    assert!(n == 0 || n == 49_151, "royle17 has {n} lines");
}

#[test]
fn top1465_all_solved_and_unique() {
    let n = check_collection("top1465");
    assert!(n == 0 || n == 1465);
}

#[test]
fn forum_hardest_1905_all_solved_and_unique() {
    let n = check_collection("forum_hardest_1905");
    assert!(n == 0 || n == 48_766);
}

#[test]
fn forum_hardest_1106_all_solved_and_unique() {
    let n = check_collection("forum_hardest_1106");
    assert!(n == 0 || n == 375);
}

#[test]
fn kaggle_easy_10k_equal_to_published() {
    let n = check_collection("kaggle_easy_10k");
    assert!(n == 0 || n == 10_000);
}

#[test]
fn qqwing_collections_equal_to_published() {
    for level in ["simple", "easy", "intermediate", "expert"] {
        let n = check_collection(&format!("qqwing_{level}"));
        assert!(n == 0 || n == 2500);
    }
}

#[test]
fn serg_benchmark_has_many_solutions_each_found_valid() {
    let Some(puzzles) = lines("serg_benchmark.txt") else {
        return;
    };
    for (i, line) in puzzles.iter().enumerate() {
        let p = parse_line(line).unwrap_or_else(|e| panic!("serg_benchmark:{}: {e}", i + 1));
        let out = search(&p, 2);
        assert!(out.count >= 1, "serg_benchmark:{}: no solution found", i + 1);
        let s = out.solution.expect("solution");
        assert!(is_valid_solution(&s));
        assert!((0..81).all(|c| p[c] == 0 || p[c] == s[c]));
    }
}

#[test]
fn invalid_puzzles_have_no_solution() {
    let Some(puzzles) = lines("invalid.txt") else {
        return;
    };
    assert_eq!(puzzles.len(), 7);
    for (i, line) in puzzles.iter().enumerate() {
        let p = parse_line(line).expect("parses");
        assert_eq!(search(&p, 2).count, 0, "invalid.txt:{}", i + 1);
    }
}

#[test]
fn sudopedia_counts() {
    let Some(rows) = lines("sudopedia_test_cases.tsv") else {
        return;
    };
    let mut checked = 0;
    for row in rows.iter().filter(|r| !r.starts_with('#') && !r.trim().is_empty()) {
        let f: Vec<&str> = row.split('\t').collect();
        let (name, expected) = (f[0], f[2]);
        let p = parse_line(f[3]).unwrap_or_else(|e| panic!("{name}: {e}"));
        let limit = 1000;
        let out = search(&p, limit);
        match expected {
            "many" => assert!(out.count >= 2, "{name}: {} solutions", out.count),
            n => {
                let n: u64 = n.parse().expect("a count");
                assert_eq!(out.count, n, "{name}");
                // Every listed solution is one the solver can reach, and each is valid.
                for s in f
                    .get(4)
                    .into_iter()
                    .flat_map(|s| s.split('|'))
                    .filter(|s| !s.is_empty())
                {
                    let s = parse_line(s).expect("solution parses");
                    assert!(is_valid_solution(&s), "{name}");
                }
            }
        }
        if out.count == 1 {
            let listed = parse_line(f[4].split('|').next().expect("one")).expect("parses");
            assert_eq!(out.solution, Some(listed), "{name}");
        }
        checked += 1;
    }
    assert_eq!(checked, 19);
}
