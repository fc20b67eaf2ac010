//! `shudu explain`, run as a user runs it.

mod common;

use common::{
    first_line_then_closed_pipe, is_grid_line, path_str, scratch, shared_data, shudu, NO_LAST_RESORTS, NO_SOLUTION,
    PAIRS, SEED, SEVERAL, STUCK,
};
use serde_json::Value;
use shudu::format::{parse_line, to_line};

/// The numbered step lines of a text path (`  7. Hidden Single: r1c2=7 in b1`), without their numbers.
fn steps(stdout: &str) -> Vec<&str> {
    stdout
        .lines()
        .filter_map(|l| {
            let (number, text) = l.trim_start().split_once(". ")?;
            number.parse::<usize>().ok().map(|_| text)
        })
        .collect()
}

/// The puzzle as explain prints it in headers and records.
fn shown(puzzle: &str) -> String {
    to_line(&parse_line(puzzle).expect("the puzzle parses"))
}

#[test]
fn the_seed_puzzle_is_solved_with_singles_only() {
    let run = shudu(&["explain", SEED], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines = run.lines();
    assert_eq!(lines[0], shown(SEED));
    let steps = steps(&run.stdout);
    assert!(steps.len() > 40, "{}", run.stdout);
    for step in &steps {
        assert!(
            ["Full House: ", "Naked Single: ", "Hidden Single: "]
                .iter()
                .any(|t| step.starts_with(t)),
            "{step}"
        );
    }
    let last = lines.last().expect("an ending");
    assert_eq!(
        *last,
        format!("solved in {} steps (hardest: Hidden Single)", steps.len())
    );
    // Singles place digits only, so the default `--grids changed` draws no grid.
    assert!(!lines.iter().any(|l| is_grid_line(l)));
    assert_eq!(run.stderr, "");
}

#[test]
fn the_seed_puzzle_in_chinese() {
    let run = shudu(&["explain", "--lang", "zh", SEED], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("摒除法"), "{}", run.stdout);
    assert!(run.stdout.contains("唯余法"), "{}", run.stdout);
    let steps = steps(&run.stdout);
    for step in &steps {
        assert!(
            ["唯一空格", "唯余法", "摒除法"].iter().any(|t| step.starts_with(t)),
            "{step}"
        );
    }
    let last = run.lines().last().copied().unwrap_or_default();
    assert!(last.starts_with(&format!("已解出，共 {} 步", steps.len())), "{last}");
}

#[test]
fn a_puzzle_needing_pairs_shows_them_with_a_grid() {
    let run = shudu(&["explain", PAIRS], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines = run.lines();
    let at = lines
        .iter()
        .position(|l| l.ends_with("Naked Pair: 1,8 in r1c4,r3c6 => r3c4<>1, r3c4<>8"))
        .unwrap_or_else(|| panic!("no naked pair in\n{}", run.stdout));
    // The grid after an elimination follows it, the changed cell marked.
    let grid: Vec<&str> = lines[at + 1..].iter().take(13).copied().collect();
    assert!(grid.iter().all(|l| is_grid_line(l)), "{grid:?}");
    assert!(grid.iter().any(|l| l.contains("57*")), "{grid:?}");
    assert!(run
        .stdout
        .contains("Hidden Pair: 5,9 in r8c12 => r8c2<>3, r8c12<>6, r8c2<>7, r8c12<>8"));
    assert!(lines.last().is_some_and(|l| l.starts_with("solved in ")));

    let zh = shudu(&["explain", "--lang", "zh", PAIRS], b"");
    assert_eq!(zh.code, 0);
    assert!(zh
        .stdout
        .contains("数对法（显性数对）：1,8 在 r1c4,r3c6 => r3c4<>1, r3c4<>8"));
    assert!(zh.stdout.contains("数对法（隐性数对）"));
}

#[test]
fn grids_none_and_all() {
    let none = shudu(&["explain", "--grids", "none", PAIRS], b"");
    assert!(!none.lines().iter().any(|l| is_grid_line(l)));
    let all = shudu(&["explain", "--grids", "all", PAIRS], b"");
    let n = steps(&all.stdout).len();
    // One grid before the first step and one after every step, 13 lines each.
    let grid_lines = all.lines().iter().filter(|l| is_grid_line(l)).count();
    assert_eq!(grid_lines, 13 * (n + 1));
}

/// The JSON Lines of `explain --format json` for one puzzle, each parsed.
fn json_path(puzzle: &str) -> Vec<Value> {
    let run = shudu(&["explain", "--format", "json", puzzle], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    run.lines()
        .iter()
        .map(|l| serde_json::from_str(l).expect("each line is a JSON object"))
        .collect()
}

#[test]
fn json_lines_carry_every_field() {
    let records = json_path(PAIRS);
    let (summary, steps) = records.split_last().expect("records");
    for (i, step) in steps.iter().enumerate() {
        assert_eq!(step["puzzle"], shown(PAIRS));
        assert_eq!(step["step"], i + 1);
        for field in ["technique", "code", "level", "text"] {
            assert!(step[field].is_string(), "{field} in {step}");
        }
        let placements = step["placements"].as_array().expect("placements");
        let eliminations = step["eliminations"].as_array().expect("eliminations");
        assert!(placements.len() + eliminations.len() > 0, "{step}");
        for p in placements {
            let p = p.as_str().expect("a string");
            assert!(
                p.len() == 6 && p.starts_with('r') && p.contains("c") && p.contains('='),
                "{p}"
            );
        }
        for e in eliminations {
            assert!(e.as_str().is_some_and(|e| e.contains("<>")), "{e}");
        }
    }
    let pair = steps
        .iter()
        .find(|s| s["technique"] == "Naked Pair")
        .expect("a naked pair step");
    assert_eq!(pair["code"], "0200");
    assert_eq!(pair["level"], "Medium");
    assert_eq!(pair["eliminations"], serde_json::json!(["r3c4<>1", "r3c4<>8"]));
    // The pattern: what the pair is, its empty parts left out.
    assert_eq!(pair["pattern"]["cells"], serde_json::json!(["r1c4", "r3c6"]));
    assert_eq!(pair["pattern"]["digits"], "18");
    assert!(pair["pattern"].get("chains").is_none(), "{pair}");
    assert_eq!(summary["puzzle"], shown(PAIRS));
    assert_eq!(summary["solved"], true);
    assert_eq!(summary["outcome"], "solved");
    assert_eq!(summary["steps"], steps.len());
    assert_eq!(summary["hardest"], "Hidden Pair");
    assert_eq!(summary["brute_force"], 0);

    // The text is in --lang; the technique stays English.
    let zh = shudu(&["explain", "--format", "json", "--lang", "zh", SEED], b"");
    let first: Value = serde_json::from_str(zh.lines()[0]).expect("JSON");
    assert_eq!(first["technique"], "Naked Single");
    assert!(first["text"].as_str().is_some_and(|t| t.starts_with("唯余法")));
}

#[test]
fn summary_lines_in_input_order() {
    let input = format!("{SEED}\n# a comment\n{PAIRS}\n\n{STUCK}\n{NO_SOLUTION}\n{SEVERAL}\n");
    let run = shudu(
        &["explain", "--summary", "--techniques", NO_LAST_RESORTS],
        input.as_bytes(),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines = run.lines();
    assert_eq!(lines.len(), 5);
    assert!(
        lines[0].starts_with(&format!("{} solved ", shown(SEED))),
        "{}",
        lines[0]
    );
    assert!(lines[0].ends_with(" Hidden Single"));
    assert!(lines[1].ends_with(" Hidden Pair"), "{}", lines[1]);
    assert!(
        lines[2].starts_with(&format!("{} stuck ", shown(STUCK))),
        "{}",
        lines[2]
    );
    assert_eq!(lines[3], format!("{} invalid 0 - (no solution)", shown(NO_SOLUTION)));
    assert_eq!(
        lines[4],
        format!("{} invalid 0 - (more than one solution)", shown(SEVERAL))
    );

    let json = shudu(
        &[
            "explain",
            "--summary",
            "--format",
            "json",
            "--techniques",
            NO_LAST_RESORTS,
        ],
        input.as_bytes(),
    );
    let records: Vec<Value> = json
        .lines()
        .iter()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(records.len(), 5);
    for r in &records {
        for field in ["puzzle", "solved", "steps", "hardest", "brute_force"] {
            assert!(r.get(field).is_some(), "{field} in {r}");
        }
    }
    assert_eq!(records[0]["solved"], true);
    assert_eq!(records[2]["solved"], false);
    assert_eq!(records[2]["outcome"], "stuck");
    assert_eq!(records[3]["outcome"], "invalid");
    assert_eq!(records[3]["reason"], "no solution");
    assert_eq!(records[4]["reason"], "more than one solution");
    assert_eq!(records[4]["hardest"], Value::Null);
}

#[test]
fn a_stuck_puzzle_says_so_and_shows_the_grid() {
    let run = shudu(
        &["explain", "--grids", "none", "--techniques", NO_LAST_RESORTS, STUCK],
        b"",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines = run.lines();
    let at = lines
        .iter()
        .position(|l| l.starts_with("stuck after ") && l.ends_with(" steps: no technique of the ladder applies"))
        .unwrap_or_else(|| panic!("no stuck line in\n{}", run.stdout));
    assert_eq!(lines.len(), at + 14, "the grid closes the path");
    assert!(lines[at + 1..].iter().all(|l| is_grid_line(l)));
}

#[test]
fn puzzles_without_one_solution_are_answered_not_explained() {
    let run = shudu(&["explain", NO_SOLUTION, SEVERAL], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.lines(),
        [
            shown(NO_SOLUTION).as_str(),
            "invalid: no solution",
            "",
            shown(SEVERAL).as_str(),
            "invalid: more than one solution"
        ]
    );
}

#[test]
fn several_puzzles_are_explained_one_after_another() {
    let file = scratch("explain-two.txt", format!("{SEED}\n{PAIRS}\n").as_bytes());
    let run = shudu(&["explain", "--grids", "none", path_str(&file)], b"");
    assert_eq!(run.code, 0);
    let blocks: Vec<&str> = run.stdout.split("\n\n").collect();
    assert_eq!(blocks.len(), 2);
    assert!(blocks[0].starts_with(&shown(SEED)));
    assert!(blocks[1].starts_with(&shown(PAIRS)));
}

#[test]
fn bad_lines_give_error_and_the_batch_goes_on() {
    let bad = &SEED[..80];
    let file = scratch("explain-bad.txt", format!("{SEED}\n{bad}\n{STUCK}\n").as_bytes());
    let run = shudu(
        &["explain", "--summary", "--techniques", NO_LAST_RESORTS, path_str(&file)],
        b"",
    );
    assert_eq!(run.code, 1);
    let lines = run.lines();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[1], "error");
    assert!(lines[2].contains(" stuck "));
    assert!(
        run.stderr
            .contains(&format!("{}:2: column 81: 80 cells, expected 81", path_str(&file))),
        "{}",
        run.stderr
    );

    let json = shudu(&["explain", "--format", "json", path_str(&file)], b"");
    assert_eq!(json.code, 1);
    let error = json
        .lines()
        .iter()
        .map(|l| serde_json::from_str::<Value>(l).expect("JSON"))
        .find(|r| r.get("error").is_some())
        .expect("an error record");
    assert_eq!(error["line"], 2);
    assert_eq!(error["puzzle"], Value::Null);

    // A path in text: `error` stands in its place between the others.
    let text = shudu(&["explain", "--grids", "none", path_str(&file)], b"");
    assert_eq!(text.code, 1);
    assert!(text.stdout.contains("\n\nerror\n\n"), "{}", text.stdout);
}

#[test]
fn techniques_choose_the_ladder() {
    let singles = shudu(&["explain", "--summary", "--techniques", "fh,n1,h1", PAIRS], b"");
    assert_eq!(singles.code, 0);
    assert!(singles.stdout.contains(" stuck "), "{}", singles.stdout);

    let no_pairs = shudu(&["explain", "--techniques", "-n2,-h2", PAIRS], b"");
    assert_eq!(no_pairs.code, 0);
    assert!(!no_pairs.stdout.contains("Naked Pair:"));

    let bad = shudu(&["explain", "--techniques", "fh,bogus", PAIRS], b"");
    assert_eq!(bad.code, 2);
    assert!(bad.stderr.contains("unknown technique 'bogus'"), "{}", bad.stderr);
    assert!(bad.stderr.contains("fh, n1, h1, l2"), "{}", bad.stderr);

    // A technique without a finder is accepted, and the user told it is skipped.
    let chain = shudu(&["explain", "--summary", "--techniques", "+gu", SEED], b"");
    assert_eq!(chain.code, 0);
    assert!(
        chain.stderr.contains("Give Up (gu) has no finder yet"),
        "{}",
        chain.stderr
    );
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &["explain", "--grids", "some", SEED][..],
        &["explain", "--lang", "fr", SEED],
        &["explain", "--threads", "0", SEED],
        &["explain", "--format", "xml", SEED],
    ] {
        assert_eq!(shudu(args, b"").code, 2, "{args:?}");
    }
}

#[test]
fn one_thread_gives_the_same_output_as_all() {
    let Some(data) = shared_data() else { return };
    let mut input = String::new();
    for name in ["puzzles/qqwing_expert.txt", "puzzles/top1465.txt"] {
        let text = std::fs::read_to_string(data.join(name)).expect("the collection reads");
        for line in text.lines().filter(|l| !l.starts_with('#')).take(150) {
            input.push_str(line);
            input.push('\n');
        }
    }
    input.push_str("not a puzzle\n");
    let file = scratch("explain-300.txt", input.as_bytes());
    for mode in [&["--summary"][..], &["--format", "json"], &[]] {
        let mut args = vec!["explain", "--techniques", NO_LAST_RESORTS, path_str(&file)];
        args.extend_from_slice(mode);
        let all = shudu(&args, b"");
        args.extend_from_slice(&["--threads", "1"]);
        let one = shudu(&args, b"");
        assert_eq!(all.code, 1, "the bad line fails the run");
        assert_eq!(all.stdout, one.stdout, "{mode:?}");
        assert_eq!(all.stderr, one.stderr);
    }
    let summary = shudu(
        &["explain", "--summary", "--techniques", NO_LAST_RESORTS, path_str(&file)],
        b"",
    );
    let lines = summary.lines();
    assert_eq!(lines.len(), 301);
    assert!(lines.iter().any(|l| l.contains(" solved ")));
    assert!(lines.iter().any(|l| l.contains(" stuck ")));
}

#[test]
fn a_closed_pipe_ends_the_run_quietly() {
    let input = format!("{SEED}\n").repeat(5000);
    let (first, stderr, code) = first_line_then_closed_pipe(&["explain", "-"], input);
    assert_eq!(&first[..81], shown(SEED).as_bytes());
    assert_eq!(stderr, "", "no message, and above all no panic");
    assert_eq!(code, Some(0));
}

/// A chain step's pattern carries its chain node by node, as the text writes it.
#[test]
fn json_patterns_carry_chains() {
    let puzzle = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let records = json_path(puzzle);
    let aic = records
        .iter()
        .find(|r| {
            r["text"]
                .as_str()
                .is_some_and(|t| t.starts_with("Grouped Discontinuous Nice Loop: 9 r1c6 -9- r1c9"))
        })
        .expect("the grouped nice loop of the README's tour");
    let nodes = aic["pattern"]["chains"][0]["nodes"]
        .as_array()
        .expect("one chain of nodes");
    let written: Vec<String> = nodes
        .iter()
        .map(|n| {
            let cells: Vec<&str> = n["cells"]
                .as_array()
                .expect("cells")
                .iter()
                .filter_map(Value::as_str)
                .collect();
            format!(
                "{}{}{}",
                cells.join(","),
                if n["on"] == true { "=" } else { "<>" },
                n["digit"]
            )
        })
        .collect();
    // r1c6 on for 9 first, then r1c9 off for 9, back to r1c6 off for 9 last, through the group r56c6.
    assert_eq!(written.first().map(String::as_str), Some("r1c6=9"), "{written:?}");
    assert_eq!(written.get(1).map(String::as_str), Some("r1c9<>9"), "{written:?}");
    assert_eq!(written.last().map(String::as_str), Some("r1c6<>9"), "{written:?}");
    assert!(written.iter().any(|w| w == "r5c6,r6c6=9"), "{written:?}");
    assert!(
        nodes.iter().all(|n| n["kind"] == "Candidate" || n["kind"] == "Group"),
        "{nodes:?}"
    );
}
