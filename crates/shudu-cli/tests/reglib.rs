//! `shudu reglib`, run as a user runs it, on the shared library and on small files made here.

mod common;

use common::{path_str, scratch, shared_data, shudu};

/// Two Full House cases and a Naked Pair case from HoDoKu's library.
const CASES: [&str; 3] = [
    ":0000:1:+6+3+42+8+9...8+7531+6+2+9+42+91+7+5+4+6+38+349+16+58+7+2+5+8+79+42..+6+1+62+83+754+97+5+8+4+2+39+61+9.+6+5784+23+4+2+3+6+91...:::182:",
    ":0000:2:+5+7+63+8+9+4+21+3+9+2+6+1487+5+4+1+8+7+52639+8+619+47+253+7+39+2..1..25+41.89..6435.....+9854.....1.+7+8.3...:::292:",
    ":0000:4:54713+6+8+9+29...2.+6+3+4+6+2+3+4+8+9+57+1+234.6..8.8+7+6.+9.+4+15+19+5.4.32+6.6..+7..+5.+3+5..1..+48+7...54163:::471:",
];

/// The row of the table for `code`.
fn row<'a>(stdout: &'a str, code: &str) -> Option<&'a str> {
    stdout.lines().find(|l| l.split_whitespace().next() == Some(code))
}

#[test]
fn the_shared_library_passes_every_implemented_code() {
    let Some(data) = shared_data() else { return };
    let file = data.join("hodoku/reglib-dev.txt");
    let file = file.to_str().expect("a UTF-8 path");
    let run = shudu(&["reglib", file], b"");
    // Every case passes: no miss is printed, and the run succeeds.
    assert_eq!(run.code, 0, "{}\n{}", run.stdout, run.stderr);
    assert_eq!(run.stderr, "");
    assert!(!run.stdout.lines().any(|l| l.starts_with("line ")), "{}", run.stdout);
    let table = run.stdout.clone();
    let lines: Vec<&str> = table.lines().collect();
    assert!(
        lines[0].starts_with("code ") && lines[0].ends_with("passed/total"),
        "{}",
        lines[0]
    );
    // Every row of a technique with a finder passes all its cases; the others are skipped, never failed.
    for line in &lines[1..lines.len() - 1] {
        if line.contains(" skipped ") {
            continue;
        }
        let (passed, total) = line
            .rsplit(' ')
            .next()
            .and_then(|r| r.split_once('/'))
            .unwrap_or_else(|| panic!("no passed/total in {line}"));
        assert_eq!(passed, total, "{line}");
    }
    for code in [
        "0000", "0002", "0003", "0100", "0101", "0110", "0111", "0200", "0201", "0202", "0210", "0211", "0212",
    ] {
        assert!(row(&table, code).is_some_and(|r| !r.contains("skipped")), "{code} ran");
    }
    assert_eq!(row(&run.stdout, "0200").map(|r| r.contains("Naked Pair")), Some(true));
    // Template Set runs and passes its six cases.
    assert!(
        row(&run.stdout, "1201").is_some_and(|r| r.contains("6/6")),
        "{}",
        run.stdout
    );
    let total = lines.last().expect("a total");
    let failed: usize = total
        .split(", ")
        .find_map(|part| part.strip_suffix(" failed"))
        .and_then(|n| n.parse().ok())
        .unwrap_or(usize::MAX);
    assert!(total.starts_with("total: ") && failed == 0, "{total}");
    assert!(total.ends_with(" skipped"));
    // The table is sorted by code.
    let codes: Vec<&str> = lines[1..lines.len() - 1]
        .iter()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    let mut sorted = codes.clone();
    sorted.sort_unstable();
    assert_eq!(codes, sorted);

    let subsets = shudu(&["reglib", "--code", "02", file], b"");
    assert_eq!(subsets.code, 0);
    let rows: Vec<&str> = subsets.lines()[1..subsets.lines().len() - 1].to_vec();
    assert_eq!(rows.len(), 6, "{}", subsets.stdout);
    assert!(rows.iter().all(|r| r.starts_with("02")));
    assert_eq!(subsets.lines().last(), Some(&"total: 92 passed, 0 failed, 0 skipped"));

    let singles = shudu(&["reglib", "--code", "000", file], b"");
    assert_eq!(singles.code, 0);
    assert_eq!(singles.lines().last(), Some(&"total: 73 passed, 0 failed, 0 skipped"));
}

#[test]
fn a_corrupted_line_is_reported_and_fails_the_run() {
    let corrupted = CASES[1].replace(":::292:", ":::2x2:");
    let text = format!("# a comment\n\n{}\n{corrupted}\n{}\n", CASES[0], CASES[2]);
    let file = scratch("reglib-corrupted.txt", text.as_bytes());
    let run = shudu(&["reglib", path_str(&file)], b"");
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains(&format!("{}:4: column ", path_str(&file))),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("unexpected 'x'"), "{}", run.stderr);
    // The other cases still ran.
    assert!(
        row(&run.stdout, "0000").is_some_and(|r| r.ends_with(" 2/2")),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("unreadable: 1 line, counted as failed"));
    assert_eq!(run.lines().last(), Some(&"total: 2 passed, 1 failed, 0 skipped"));
}

#[test]
fn a_failing_case_is_printed_with_its_line() {
    // The first case's Full House places 1 at r8c2; expecting it at r9c2 cannot pass.
    let wrong = CASES[0].replace(":::182:", ":::192:");
    let text = format!("{wrong}\n{}\n", CASES[1]);
    let file = scratch("reglib-failing.txt", text.as_bytes());
    let run = shudu(&["reglib", path_str(&file)], b"");
    assert_eq!(run.code, 1);
    let first = run.lines()[0];
    assert!(first.starts_with(&format!("line 1: {wrong}: found ")), "{first}");
    assert!(row(&run.stdout, "0000").is_some_and(|r| r.ends_with(" 1/2")));
    assert_eq!(run.lines().last(), Some(&"total: 1 passed, 1 failed, 0 skipped"));
}

#[test]
fn code_filters_and_missing_files() {
    let file = scratch("reglib-filter.txt", format!("{}\n", CASES.join("\n")).as_bytes());
    let none = shudu(&["reglib", "--code", "0200", path_str(&file)], b"");
    assert_eq!(none.code, 1);
    assert!(
        none.stderr.contains("no case has a code starting with 0200"),
        "{}",
        none.stderr
    );

    let missing = shudu(&["reglib", "no-such-library.txt"], b"");
    assert_eq!(missing.code, 1);
    assert!(missing.stderr.contains("no-such-library.txt"));

    assert_eq!(shudu(&["reglib", "--code", "02:", path_str(&file)], b"").code, 2);
    assert_eq!(shudu(&["reglib"], b"").code, 2);
}
