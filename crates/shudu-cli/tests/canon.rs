//! `shudu canon`, `shudu transform`, `--dedupe` and `shudu dataset`, run as a user runs them.

mod common;

use common::{path_str, scratch, shudu, PAIRS, SEED};

const FORM_OF_SEED: &str = "000000012000003400005006007000017000003800000010000090040080003300050006800600251";

#[test]
fn canon_prints_one_form_a_line_and_reports_bad_lines() {
    let run = shudu(
        &["canon"],
        format!("{SEED}\n\n# a comment\nx{}\n{PAIRS}\n", &SEED[1..]).as_bytes(),
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    let lines = run.lines();
    assert_eq!(lines.len(), 3, "{}", run.stdout);
    assert_eq!(lines[0], shudu(&["canon", SEED], b"").stdout.trim());
    assert_eq!(lines[1], "error");
    assert!(lines[2].chars().all(|c| c.is_ascii_digit()) && lines[2].len() == 81);
    assert!(
        run.stderr.contains("<stdin>:4: column 1: unexpected 'x'"),
        "{}",
        run.stderr
    );
}

#[test]
fn the_form_is_the_minlex_string() {
    let run = shudu(&["canon", SEED], b"");
    assert_eq!(run.code, 0);
    assert_eq!(run.stdout.trim(), FORM_OF_SEED);
}

#[test]
fn random_isomorphs_are_reproducible_and_share_the_form() {
    let file = scratch("isomorphs.txt", format!("{SEED}\n{PAIRS}\n").as_bytes());
    let a = shudu(&["transform", "--random", "--seed", "9", path_str(&file)], b"");
    let b = shudu(&["transform", "--random", "--seed", "9", path_str(&file)], b"");
    let c = shudu(&["transform", "--random", "--seed", "10", path_str(&file)], b"");
    assert_eq!(a.code, 0, "{}", a.stderr);
    assert_eq!(a.stdout, b.stdout);
    assert_ne!(a.stdout, c.stdout);
    let forms = shudu(&["canon"], a.stdout.as_bytes());
    let originals = shudu(&["canon", path_str(&file)], b"");
    assert_eq!(forms.stdout, originals.stdout);
    // Without --random there is nothing to do: a usage error.
    assert_eq!(shudu(&["transform", SEED], b"").code, 2);
}

#[test]
fn classes_are_counted() {
    let moved = shudu(&["transform", "--random", "--seed", "1", SEED, SEED, PAIRS], b"");
    let input = format!("{SEED}\n{PAIRS}\n{}", moved.stdout);
    let run = shudu(&["canon", "--classes"], input.as_bytes());
    assert_eq!(run.code, 0);
    assert_eq!(run.stdout, "5 puzzles, 2 classes\n");
}

#[test]
fn rate_and_generate_drop_isomorphs_with_dedupe() {
    let moved = shudu(&["transform", "--random", "--seed", "4", SEED, PAIRS], b"");
    let input = format!("{SEED}\n{}{PAIRS}\n", moved.stdout);
    let run = shudu(&["rate", "--dedupe", "--summary"], input.as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let rated: Vec<&str> = run.lines().into_iter().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(rated.len(), 2, "{}", run.stdout);
    assert!(rated[0].starts_with("..68....5"), "{}", run.stdout);
    assert!(run.stdout.contains("# isomorphs       2"), "{}", run.stdout);

    let made = shudu(
        &["generate", "-n", "20", "--level", "easy", "--seed", "5", "--dedupe"],
        b"",
    );
    assert_eq!(made.code, 0, "{}", made.stderr);
    assert_eq!(made.lines().len(), 20);
    let classes = shudu(&["canon", "--classes"], made.stdout.as_bytes());
    assert_eq!(classes.stdout, "20 puzzles, 20 classes\n");
    // Without isomorphs to drop, --dedupe changes nothing.
    let plain = shudu(&["generate", "-n", "20", "--level", "easy", "--seed", "5"], b"");
    assert_eq!(plain.stdout, made.stdout);
}

#[test]
fn datasets_are_reproducible_whatever_the_threads_and_split_by_class() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("cli-dataset-{}", std::process::id()));
    let one = dir.join("one");
    let two = dir.join("two");
    let args = |out: &std::path::Path, threads: &str| -> Vec<String> {
        [
            "dataset",
            "-n",
            "120",
            "--level",
            "easy-hard",
            "--seed",
            "11",
            "--split",
            "train=3,test=1",
            "--threads",
            threads,
            "--out",
        ]
        .iter()
        .map(|s| s.to_string())
        .chain([out.display().to_string()])
        .collect()
    };
    for (out, threads) in [(&one, "1"), (&two, "2")] {
        let a = args(out, threads);
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        let run = shudu(&a, b"");
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert!(run.stderr.contains("wrote 120 entries"), "{}", run.stderr);
    }
    let read = |dir: &std::path::Path, name: &str| std::fs::read_to_string(dir.join(name)).expect("written");
    assert_eq!(read(&one, "train.jsonl"), read(&two, "train.jsonl"));
    assert_eq!(read(&one, "test.jsonl"), read(&two, "test.jsonl"));
    let records = |name: &str| -> Vec<serde_json::Value> {
        read(&one, name)
            .lines()
            .map(|l| serde_json::from_str(l).expect("JSON"))
            .collect()
    };
    let (train, test) = (records("train.jsonl"), records("test.jsonl"));
    assert_eq!(train.len() + test.len(), 120);
    assert!(train.len() > test.len() && !test.is_empty());
    // No test puzzle is isomorphic to a training one, and every field is there.
    let forms = |rs: &[serde_json::Value]| -> std::collections::HashSet<String> {
        rs.iter()
            .map(|r| r["canonical"].as_str().expect("canonical").to_string())
            .collect()
    };
    assert!(forms(&train).is_disjoint(&forms(&test)));
    let first = &train[0];
    for field in [
        "puzzle",
        "solution",
        "canonical",
        "level",
        "score",
        "stars",
        "se",
        "hardest",
        "techniques",
        "givens",
        "seed",
        "index",
    ] {
        assert!(first.get(field).is_some(), "{field} missing in {first}");
    }
    assert_eq!(first["level"], "Easy");
    let steps: u64 = first["techniques"]
        .as_object()
        .expect("map")
        .values()
        .map(|v| v.as_u64().unwrap_or(0))
        .sum();
    assert!(steps > 0);
    // A record's seed makes its puzzle again.
    let seed = first["seed"].to_string();
    let again = shudu(&["generate", "--level", "easy", "--seed", &seed], b"");
    assert_eq!(again.stdout.trim(), first["puzzle"].as_str().expect("puzzle"));
    let manifest: serde_json::Value = serde_json::from_str(&read(&one, "manifest.json")).expect("manifest");
    assert_eq!(manifest["entries"], 120);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn dataset_usage_errors_name_the_problem() {
    let run = shudu(
        &["dataset", "-n", "5", "--split", "train=0.9,train=0.1", "--out", "x"],
        b"",
    );
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("`train` named twice"), "{}", run.stderr);
    let run = shudu(&["dataset", "-n", "5", "--level", "tough", "--out", "x"], b"");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("`tough` is not a level"), "{}", run.stderr);
}
