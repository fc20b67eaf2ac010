//! `shudu solve`, run as a user runs it: the built binary, its standard streams and its exit code.

mod common;

use common::{first_line_then_closed_pipe, path_str, scratch, shared_data, shudu, NO_SOLUTION, SEVERAL};
use shudu::format::parse_line;
use shudu::search::is_valid_solution;

/// Puzzles with their single solutions.
const SOLVED: [(&str, &str); 4] = [
    (
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "417369825632158947958724316825437169791586432346912758289643571573291684164875293",
    ),
    (
        "000000010400000000020000000000050407008000300001090000300400200050100000000806000",
        "693784512487512936125963874932651487568247391741398625319475268856129743274836159",
    ),
    (
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        "468931527751624839392578461134756298289413675675289314846192753513867942927345186",
    ),
    (
        "974236158638591742125487936316754289742918563589362417867125394253649871491873625",
        "974236158638591742125487936316754289742918563589362417867125394253649871491873625",
    ),
];

/// Exactly three solutions (Sudopedia's not_unique_3).
const THREE_SOLUTIONS: &str = SEVERAL;
const EMPTY: &str = ".................................................................................";

#[test]
fn solves_a_batch_in_input_order_skipping_blanks_and_comments() {
    let mut input = String::from("# a header line\n\n");
    for (puzzle, _) in SOLVED {
        input.push_str(puzzle);
        input.push_str(" trailing comment\r\n   \n");
    }
    let run = shudu(&["solve"], input.as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let expected: Vec<&str> = SOLVED.iter().map(|(_, s)| *s).collect();
    assert_eq!(run.lines(), expected);
    assert_eq!(run.stderr, "");
}

#[test]
fn every_solution_printed_is_valid_and_keeps_the_givens() {
    let run = shudu(&["solve", SOLVED[0].0, SOLVED[1].0, SOLVED[2].0], b"");
    assert_eq!(run.code, 0);
    for (line, (puzzle, _)) in run.lines().iter().zip(SOLVED) {
        let solution = parse_line(line).expect("a solution line parses");
        assert!(is_valid_solution(&solution));
        let givens = parse_line(puzzle).expect("the puzzle parses");
        assert!(givens.iter().zip(&solution).all(|(&g, &s)| g == 0 || g == s));
    }
}

#[test]
fn arguments_files_and_stdin_answer_in_argument_order() {
    let file = scratch("order.txt", format!("{}\n{}\n", SOLVED[1].0, SOLVED[2].0).as_bytes());
    let stdin = format!("{}\n", SOLVED[3].0);
    let run = shudu(
        &["solve", SOLVED[0].0, path_str(&file), "-", NO_SOLUTION],
        stdin.as_bytes(),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.lines(),
        vec![SOLVED[0].1, SOLVED[1].1, SOLVED[2].1, SOLVED[3].1, "no solution"]
    );
}

#[test]
fn no_solution_and_several_solutions_are_answers_not_errors() {
    let input = format!("{NO_SOLUTION}\n{THREE_SOLUTIONS}\n{EMPTY}\n{}\n", SOLVED[0].0);
    let run = shudu(&["solve"], input.as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.lines(),
        vec!["no solution", "2+ solutions", "2+ solutions", SOLVED[0].1]
    );
    assert_eq!(run.stderr, "");

    let run = shudu(&["solve", "--limit", "10"], input.as_bytes());
    assert_eq!(
        run.lines(),
        vec!["no solution", "3 solutions", "10+ solutions", SOLVED[0].1]
    );
}

#[test]
fn count_prints_solution_counts_up_to_the_limit() {
    let input = format!("{NO_SOLUTION}\n{}\n{THREE_SOLUTIONS}\n{EMPTY}\n", SOLVED[1].0);
    let run = shudu(&["solve", "--count"], input.as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.lines(), vec!["0", "1", "2+", "2+"]);

    let run = shudu(&["solve", "--count", "--limit", "3"], input.as_bytes());
    assert_eq!(run.lines(), vec!["0", "1", "3+", "3+"]);

    let run = shudu(&["solve", "--count", "--limit", "4"], input.as_bytes());
    assert_eq!(run.lines(), vec!["0", "1", "3", "4+"]);

    let run = shudu(&["solve", "--count", "--limit", "1"], input.as_bytes());
    assert_eq!(run.lines(), vec!["0", "1+", "1+", "1+"]);
}

#[test]
fn limit_one_gives_the_first_solution_without_a_uniqueness_check() {
    let run = shudu(&["solve", "--limit", "1", EMPTY, SOLVED[0].0], b"");
    assert_eq!(run.code, 0);
    let lines = run.lines();
    assert_eq!(lines.len(), 2);
    assert!(is_valid_solution(&parse_line(lines[0]).expect("a full grid")));
    assert_eq!(lines[1], SOLVED[0].1);
}

#[test]
fn json_lines_have_every_field() {
    let input = format!("{}\n\n{NO_SOLUTION}\n{THREE_SOLUTIONS}\n12x\n", SOLVED[0].0);
    let run = shudu(&["solve", "--format", "json"], input.as_bytes());
    assert_eq!(run.code, 1);
    let records: Vec<serde_json::Value> = run
        .lines()
        .iter()
        .map(|l| serde_json::from_str(l).expect("each line is a JSON object"))
        .collect();
    assert_eq!(records.len(), 4);
    for r in &records {
        for field in [
            "puzzle",
            "solution",
            "solutions",
            "limit_reached",
            "error",
            "line",
            "source",
        ] {
            assert!(r.get(field).is_some(), "{field} missing from {r}");
        }
        assert_eq!(r["source"], "<stdin>");
    }
    let (solved, none, several, bad) = (&records[0], &records[1], &records[2], &records[3]);
    assert_eq!(solved["puzzle"], SOLVED[0].0);
    assert_eq!(solved["solution"], SOLVED[0].1);
    assert_eq!(solved["solutions"], 1);
    assert_eq!(solved["limit_reached"], false);
    assert_eq!(solved["error"], serde_json::Value::Null);
    assert_eq!(solved["line"], 1);

    assert_eq!(none["solution"], serde_json::Value::Null);
    assert_eq!(none["solutions"], 0);
    assert_eq!(none["line"], 3);

    assert_eq!(several["solution"], serde_json::Value::Null);
    assert_eq!(several["solutions"], 2);
    assert_eq!(several["limit_reached"], true);
    // The puzzle is written back with '.' for blanks.
    assert_eq!(several["puzzle"], THREE_SOLUTIONS);

    assert_eq!(bad["error"], "column 3: unexpected 'x'");
    assert_eq!(bad["puzzle"], serde_json::Value::Null);
    assert_eq!(bad["solution"], serde_json::Value::Null);
    assert_eq!(bad["line"], 5);
    assert!(
        run.stderr.contains("<stdin>:5: column 3: unexpected 'x'"),
        "{}",
        run.stderr
    );
}

#[test]
fn json_for_a_puzzle_argument_names_the_argument() {
    let blanks_as_zeros = SOLVED[1].0;
    let run = shudu(&["solve", "--format", "json", blanks_as_zeros], b"");
    assert_eq!(run.code, 0);
    let r: serde_json::Value = serde_json::from_str(run.stdout.trim_end()).expect("one JSON object");
    assert_eq!(r["source"], "argument 1");
    assert_eq!(r["line"], serde_json::Value::Null);
    assert_eq!(r["puzzle"], blanks_as_zeros.replace('0', "."));
    assert_eq!(r["solution"], SOLVED[1].1);
}

#[test]
fn bad_lines_give_error_in_place_a_located_message_and_exit_1() {
    let good = SOLVED[2].0;
    let mut input = Vec::new();
    input.extend_from_slice(format!("{}\n", SOLVED[0].0).as_bytes());
    input.extend_from_slice(format!("{}abc{}\n", &good[..40], &good[43..]).as_bytes()); // line 2: letters
    input.extend_from_slice(format!("{}\n", &good[..80]).as_bytes()); // line 3: 80 cells
    input.extend_from_slice(format!("{good}5\n").as_bytes()); // line 4: 82 cells
    input.extend_from_slice(b"# a comment\n"); // line 5
    input.extend_from_slice(b"\x00\x01\x02\x7f\x1b[0m junk\n"); // line 6: binary junk
    input.extend_from_slice(format!("{}\n", SOLVED[1].0).as_bytes()); // line 7
    input.extend_from_slice(b"12345\xff\xfe6789\n"); // line 8: invalid UTF-8
    input.extend_from_slice(SOLVED[3].0.as_bytes()); // line 9, no final newline
    let file = scratch("bad.txt", &input);
    let name = path_str(&file);
    let run = shudu(&["solve", name], b"");
    assert_eq!(run.code, 1);
    assert_eq!(
        run.lines(),
        vec![
            SOLVED[0].1,
            "error",
            "error",
            "error",
            "error",
            SOLVED[1].1,
            "error",
            SOLVED[3].1
        ]
    );
    let messages: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(
        messages,
        vec![
            format!("{name}:2: column 41: unexpected 'a'"),
            format!("{name}:3: column 81: 80 cells, expected 81"),
            format!("{name}:4: column 82: 82 cells, expected 81"),
            format!("{name}:6: column 1: unexpected character U+0000"),
            format!("{name}:8: column 6: invalid UTF-8"),
        ]
    );
}

/// The 9-line grid of a puzzle line, with the decorations most programs print.
fn nine_line_grid(line: &str) -> String {
    let mut text = String::new();
    for (r, row) in line.as_bytes().chunks(9).enumerate() {
        if r == 3 || r == 6 {
            text.push_str("------+-------+------\n");
        }
        let cells: Vec<String> = row.iter().map(|&b| (b as char).to_string()).collect();
        text.push_str(&format!(
            "{} | {} | {}\n",
            cells[..3].join(" "),
            cells[3..6].join(" "),
            cells[6..].join(" ")
        ));
    }
    text
}

#[test]
fn arguments_may_be_written_in_any_format() {
    let grid = nine_line_grid(SOLVED[0].0);
    let library = format!(":0000:1:{}:::", SOLVED[2].0);
    // Sudoku Explainer's one-line pencil-mark grid, here of the empty board: far too long for a file name.
    let pencil_marks = vec!["123456789"; 81].join(" ");
    let run = shudu(&["solve", &grid, &library, &pencil_marks], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.lines(), vec![SOLVED[0].1, SOLVED[2].1, "2+ solutions"]);

    // Clashing givens are no solution in any format, as in files; the grid reader notices them, the answer is the
    // same.
    let clash = nine_line_grid(NO_SOLUTION);
    let run = shudu(&["solve", &clash, NO_SOLUTION], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.lines(), vec!["no solution", "no solution"]);

    let bad = grid.replacen('4', "x", 1);
    let run = shudu(&["solve", &bad], b"");
    assert_eq!(run.code, 1);
    assert_eq!(run.lines(), vec!["error"]);
    assert!(
        run.stderr.contains("argument 1: line 1, column 1: unexpected 'x'"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_bad_argument_is_an_error_line_and_the_others_are_solved() {
    let bad = format!("{}x", &SOLVED[0].0[..80]);
    let run = shudu(&["solve", SOLVED[1].0, &bad, SOLVED[2].0], b"");
    assert_eq!(run.code, 1);
    assert_eq!(run.lines(), vec![SOLVED[1].1, "error", SOLVED[2].1]);
    assert!(
        run.stderr.contains("argument 2: column 81: unexpected 'x'"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_missing_file_is_named_and_the_other_arguments_still_run() {
    let run = shudu(&["solve", "no-such-puzzles.txt", SOLVED[0].0], b"");
    assert_eq!(run.code, 1);
    assert_eq!(run.lines(), vec![SOLVED[0].1]);
    assert!(
        run.stderr.contains("no-such-puzzles.txt: no such file"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_directory_is_reported_not_read() {
    let dir = env!("CARGO_TARGET_TMPDIR");
    let run = shudu(&["solve", dir, SOLVED[0].0], b"");
    assert_eq!(run.code, 1);
    assert_eq!(run.lines(), vec![SOLVED[0].1]);
    assert!(run.stderr.contains(dir), "{}", run.stderr);
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &["solve", "--no-such-flag"][..],
        &["solve", "--limit", "0"],
        &["solve", "--limit", "many"],
        &["solve", "--limit"],
        &["solve", "--format", "xml"],
        &["solve", "--threads", "0"],
        &["bench", "--repeat", "0"],
        &["no-such-command"],
        &[],
    ] {
        let run = shudu(args, b"");
        assert_eq!(run.code, 2, "shudu {args:?}: {}", run.stderr);
        assert_eq!(run.stdout, "", "shudu {args:?}");
    }
    assert_eq!(shudu(&["solve", "--help"], b"").code, 0);
}

/// A few thousand puzzles of every kind (unique, several solutions, none, bad), made from one solution grid by
/// relabelling digits and removing cells with a fixed pseudo-random sequence.
fn mixed_batch(n: usize) -> String {
    let grid: Vec<u8> = SOLVED[1].1.bytes().map(|b| b - b'0').collect();
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut out = String::new();
    for i in 0..n {
        let shift = (next() % 9) as u8;
        let keep = 22 + (next() % 20) as usize;
        let mut cells = vec!['.'; 81];
        for _ in 0..keep {
            let c = (next() % 81) as usize;
            cells[c] = (b'1' + (grid[c] - 1 + shift) % 9) as char;
        }
        if i % 97 == 0 {
            cells[(next() % 81) as usize] = 'x';
        }
        if i % 89 == 0 {
            // Very likely a clash: a digit forced into a random cell.
            cells[(next() % 81) as usize] = '5';
        }
        out.extend(cells);
        out.push('\n');
    }
    out
}

#[test]
fn one_thread_and_all_threads_give_the_same_output() {
    let input = mixed_batch(5000);
    let file = scratch("mixed.txt", input.as_bytes());
    let all = shudu(&["solve", path_str(&file)], b"");
    let one = shudu(&["solve", "--threads", "1", path_str(&file)], b"");
    let three = shudu(&["solve", "--threads", "3", "-"], input.as_bytes());
    assert_eq!(all.lines().len(), 5000);
    assert_eq!(all.code, 1);
    assert_eq!(one.code, 1);
    assert_eq!(all.stdout, one.stdout);
    assert_eq!(all.stdout, three.stdout);
    assert_eq!(all.stderr, one.stderr);
    // The batch really is mixed.
    for kind in ["error", "no solution", "2+ solutions"] {
        assert!(all.lines().contains(&kind), "no {kind:?} in the batch");
    }
    assert!(all.lines().iter().any(|l| l.len() == 81));
}

#[test]
fn a_closed_pipe_ends_the_run_quietly() {
    let input = format!("{}\n", SOLVED[0].0).repeat(100_000);
    let (first, stderr, code) = first_line_then_closed_pipe(&["solve", "-"], input);
    assert_eq!(&first[..81], SOLVED[0].1.as_bytes());
    assert_eq!(stderr, "", "no message, and above all no panic");
    assert_eq!(code, Some(0));
}

// ---- Against the shared puzzle collections (skipped when ../shared is absent) ----

#[test]
fn counts_match_the_sudopedia_test_cases() {
    let Some(data) = shared_data() else { return };
    let table = std::fs::read_to_string(data.join("puzzles/sudopedia_test_cases.tsv")).expect("the table reads");
    let rows: Vec<Vec<&str>> = table
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split('\t').collect())
        .collect();
    assert!(rows.len() >= 19);
    let input: String = rows.iter().map(|r| format!("{}\n", r[3])).collect();
    let run = shudu(&["solve", "--count"], input.as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let counts = run.lines();
    assert_eq!(counts.len(), rows.len());
    for (row, count) in rows.iter().zip(counts) {
        let expected = if row[2] == "many" || row[2].parse::<u64>().expect("a count") >= 2 {
            "2+"
        } else {
            row[2]
        };
        assert_eq!(count, expected, "{}", row[0]);
    }
    // The exact counts of the small ones, with room to spare.
    let run = shudu(&["solve", "--count", "--limit", "1000"], input.as_bytes());
    for (row, count) in rows.iter().zip(run.lines()) {
        if row[2] != "many" {
            assert_eq!(count, row[2], "{}", row[0]);
        }
    }
}

#[test]
fn invalid_puzzles_have_no_solution() {
    let Some(data) = shared_data() else { return };
    let file = data.join("puzzles/invalid.txt");
    let run = shudu(&["solve", "--count", path_str(&file)], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(!run.lines().is_empty());
    assert!(run.lines().iter().all(|&c| c == "0"), "{}", run.stdout);
    let run = shudu(&["solve", path_str(&file)], b"");
    assert!(run.lines().iter().all(|&c| c == "no solution"), "{}", run.stdout);
}

#[test]
fn solves_kaggle_easy_10k_exactly() {
    let Some(data) = shared_data() else { return };
    let puzzles = data.join("puzzles/kaggle_easy_10k.txt");
    let solutions = std::fs::read_to_string(data.join("puzzles/kaggle_easy_10k.solutions.txt")).expect("solutions");
    let run = shudu(&["solve", path_str(&puzzles)], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let expected: Vec<&str> = solutions.lines().collect();
    assert_eq!(expected.len(), 10_000);
    let got = run.lines();
    assert_eq!(got.len(), expected.len());
    for (i, (g, e)) in got.iter().zip(&expected).enumerate() {
        assert_eq!(g, e, "line {}", i + 1);
    }
}
