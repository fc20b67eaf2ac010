//! `shudu rate`, run as a user runs it: the built binary, its standard streams and its exit code.

mod common;

use common::{path_str, scratch, shared_data, shudu, NO_SOLUTION, PAIRS, SEED, SEVERAL, STUCK};

/// A puzzle as `rate` writes it (blanks as `.`).
fn written(puzzle: &str) -> String {
    shudu::format::to_line(&shudu::format::parse_line(puzzle).expect("puzzle"))
}

fn json_lines(stdout: &str) -> Vec<serde_json::Value> {
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect()
}

#[test]
fn rates_a_batch_in_input_order_with_invalid_puzzles_and_a_bad_line() {
    let input = format!("# header\n{SEED}\n\n{PAIRS}\n{STUCK}\n{NO_SOLUTION}\n{SEVERAL}\nnot a puzzle\n");
    let file = scratch("rate-batch.txt", input.as_bytes());
    let run = shudu(&["rate", path_str(&file)], b"");
    assert_eq!(run.code, 1, "a bad line fails the run: {}", run.stderr);
    let lines = run.lines();
    assert_eq!(lines.len(), 6, "{}", run.stdout);
    let seed: Vec<&str> = lines[0].splitn(5, ' ').collect();
    assert_eq!(seed[1..4], ["Easy", seed[2], "1"]);
    assert!(seed[2].parse::<u32>().expect("a score") > 0);
    assert!(
        lines[1].contains(" Medium ") && lines[1].ends_with(" 2 Hidden Pair"),
        "{}",
        lines[1]
    );
    assert!(
        // The first of top1465: past the chains, forcing chains and nets finish it, Extreme.
        lines[2].contains(" Extreme ") && lines[2].contains(" 5 Forcing") && !lines[2].contains("stuck"),
        "{}",
        lines[2]
    );
    assert!(lines[3].contains(" invalid givens clash: "), "{}", lines[3]);
    assert!(lines[4].ends_with(" invalid more than one solution"), "{}", lines[4]);
    assert_eq!(lines[5], "error");
    // The bad line is named with its file and line number.
    assert!(run.stderr.contains("rate-batch.txt:8: "), "{}", run.stderr);
    assert_eq!(
        run.stderr.lines().count(),
        1,
        "piped runs draw no progress bar: {}",
        run.stderr
    );
}

#[test]
fn json_records_carry_every_field() {
    let run = shudu(&["rate", "--format", "json", PAIRS, SEVERAL], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let records = json_lines(&run.stdout);
    assert_eq!(records.len(), 2);
    let r = &records[0];
    assert_eq!(r["puzzle"], written(PAIRS));
    assert_eq!(r["valid"], true);
    assert_eq!(r["solved"], true);
    assert_eq!(r["level"], "Medium");
    assert_eq!(r["stars"], 2);
    assert_eq!(r["hardest"], "Hidden Pair");
    assert_eq!(r["brute_force"], false);
    assert!(r["score"].as_u64().expect("score") > 0);
    let se = &r["se"];
    let (er, ep, ed) = (se["er"].as_f64(), se["ep"].as_f64(), se["ed"].as_f64());
    let (er, ep, ed) = (er.expect("er"), ep.expect("ep"), ed.expect("ed"));
    assert!(ed <= ep && ep <= er && (1.0..=12.0).contains(&er), "{se}");
    assert_eq!(se["complete"], true);
    let bad = &records[1];
    assert_eq!(bad["valid"], false);
    assert_eq!(bad["reason"], "more than one solution");
    assert!(bad["level"].is_null() && bad["se"].is_null());
}

#[test]
fn filters_keep_what_setters_ask_for() {
    let input = format!("{SEED}\n{PAIRS}\n{STUCK}\n{SEVERAL}\n");
    let keep = |args: &[&str]| -> Vec<String> {
        let mut all = vec!["rate"];
        all.extend_from_slice(args);
        let run = shudu(&all, input.as_bytes());
        assert_eq!(run.code, 0, "{}", run.stderr);
        run.lines().iter().map(|l| l[..81].to_string()).collect()
    };
    let (seed, pairs, stuck) = (written(SEED), written(PAIRS), written(STUCK));
    assert_eq!(keep(&["--min-level", "medium"]), [pairs.clone(), stuck]);
    assert_eq!(keep(&["--max-level", "medium"]), [seed.clone(), pairs.clone()]);
    assert_eq!(
        keep(&["--min-level", "medium", "--max-level", "hard"]),
        std::slice::from_ref(&pairs)
    );
    // The stuck puzzle's path uses pairs too.
    let kept = keep(&["--needs", "h2"]);
    assert!(kept.contains(&pairs) && !kept.contains(&seed), "{kept:?}");
    let kept = keep(&["--needs", "Hidden Pair", "--needs", "naked-pair", "--max-level", "hard"]);
    assert_eq!(kept, [pairs]);
    assert!(keep(&["--needs", "jellyfish"]).is_empty());
    let run = shudu(&["rate", "--needs", "no-such-thing"], b"");
    assert_eq!(run.code, 2, "an unknown technique is a usage error");
    assert!(run.stderr.contains("no-such-thing"), "{}", run.stderr);
}

#[test]
fn summary_counts_the_levels_written() {
    let input = format!("{SEED}\n{SEED}\n{PAIRS}\n{STUCK}\n{SEVERAL}\n");
    let run = shudu(&["rate", "--summary"], input.as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let summary: Vec<&str> = run.lines().into_iter().filter(|l| l.starts_with('#')).collect();
    assert!(
        summary.iter().any(|l| l.starts_with("# Easy") && l.contains(" 2 ")),
        "{summary:?}"
    );
    assert!(
        summary.iter().any(|l| l.starts_with("# Extreme") && l.contains(" 1 ")),
        "{summary:?}"
    );
    assert!(
        summary.iter().any(|l| l.starts_with("# invalid") && l.ends_with(" 1")),
        "{summary:?}"
    );
    let run = shudu(
        &["rate", "--summary", "--format", "json", "--min-level", "medium"],
        input.as_bytes(),
    );
    let records = json_lines(&run.stdout);
    let last = &records.last().expect("a summary")["summary"];
    assert_eq!(last["levels"]["Medium"], 1);
    assert_eq!(last["levels"]["Easy"], 0);
    assert_eq!(last["filtered"], 3);
}

#[test]
fn a_large_file_keeps_its_order_across_threads() {
    let Some(data) = shared_data() else { return };
    let path = data.join("puzzles/qqwing_expert.txt");
    let text = std::fs::read_to_string(&path).expect("the collection reads");
    let first: Vec<&str> = text.lines().take(3000).collect();
    let file = scratch("rate-order.txt", (first.join("\n") + "\n").as_bytes());
    let run = shudu(&["rate", "--threads", "2", path_str(&file)], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines = run.lines();
    assert_eq!(lines.len(), first.len());
    for (line, puzzle) in lines.iter().zip(&first) {
        assert_eq!(line[..81], written(puzzle));
    }
}

#[test]
fn bench_times_the_grading() {
    let input = format!("{SEED}\n{PAIRS}\n{STUCK}\n{SEVERAL}\n");
    let file = scratch("rate-bench.txt", input.as_bytes());
    let run = shudu(&["bench", "--rate", "--repeat", "1", path_str(&file)], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("first 4 puzzles, graded"), "{}", run.stdout);
    assert!(run.stdout.contains("puzzles/s"), "{}", run.stdout);
    assert!(
        run.stdout
            .contains("1 Easy, 1 Medium, 0 Hard, 0 Unfair, 1 Extreme; 0 stuck (graded Extreme), 1 invalid"),
        "{}",
        run.stdout
    );
}

#[test]
fn serate_lines_carry_the_json_records_ratings_with_and_without_grading() {
    let input = format!("{SEED}\n{PAIRS}\n{STUCK}\n{SEVERAL}\n");
    let run = shudu(&["rate", "--format", "serate"], input.as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines = run.lines();
    let json = shudu(&["rate", "--format", "json"], input.as_bytes());
    let records = json_lines(&json.stdout);
    assert_eq!(lines.len(), 4, "{}", run.stdout);
    for (line, r) in lines.iter().zip(&records).take(3) {
        let t = |key: &str| format!("{:.1}", r["se"][key].as_f64().expect("a rating"));
        let want = format!(
            "{} ED={}/{}/{}",
            r["puzzle"].as_str().expect("puzzle"),
            t("er"),
            t("ep"),
            t("ed")
        );
        // Figures from the estimate are marked; SE's own are not.
        let want = if r["se"]["exact"] == true {
            want
        } else {
            want + " (estimate)"
        };
        assert_eq!(line, &want);
    }
    assert!(lines[3].ends_with(" invalid more than one solution"), "{}", lines[3]);
    // A filter needs HoDoKu's level, which serate's lines alone skip: the lines kept are the same.
    let run = shudu(
        &["rate", "--format", "serate", "--min-level", "medium"],
        input.as_bytes(),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.lines(), lines[1..3]);
}
