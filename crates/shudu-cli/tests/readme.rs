//! The README's `console` examples, run: each `$ command` runs under `sh` with this build's `shudu` first on the
//! path, and what it prints (standard output, then standard error) must match the lines shown, where a line `...`
//! stands for any number of lines. An example that drifts from what the program prints fails here.
//!
//! The examples run in a scratch directory beside which `../shared/data` is the shared data (a link), and where the
//! files an example names but does not make are written first ([`FIXTURES`]). Examples reading the shared data are
//! skipped, and say so, when it is absent.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Files the examples name as if the reader had them.
const FIXTURES: &[(&str, &str)] = &[(
    "puzzles.txt",
    "..68....5.8.2....7.5.3472.........13..3..9...8.....5......6..8....4.3...7..1...2.\n\
     ......7..3.9....61....6..297...524..........2..5.97.1....9....5.......4.2.13.5...\n\
     4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n\
     ..3.....6...98..2.9426..7..45...6............1.9.5.47.....25.4.6...785...........\n",
)];

/// Commands shown but not run, and why.
const NOT_RUN: &[(&str, &str)] = &[("shudu serve", "a server runs until stopped; tests/serve_*.rs test it")];

/// One `$ command` of a block and the lines it is shown printing.
struct Example {
    /// The README line of the `$`.
    line: usize,
    command: String,
    expected: Vec<String>,
}

/// Every `$ command` in the README's `console` blocks, continuation lines (`\` at the end) joined.
fn examples(readme: &str) -> Vec<Example> {
    let mut out: Vec<Example> = Vec::new();
    let mut in_block = false;
    let mut continuing = false;
    for (i, line) in readme.lines().enumerate() {
        if !in_block {
            in_block = line.trim_end() == "```console";
            continue;
        }
        if line.trim_end() == "```" {
            in_block = false;
            continue;
        }
        if continuing {
            let last = out.last_mut().expect("a continued command follows a command");
            last.command.push('\n');
            last.command.push_str(line);
            continuing = line.ends_with('\\');
        } else if let Some(command) = line.strip_prefix("$ ") {
            out.push(Example {
                line: i + 1,
                command: command.to_string(),
                expected: Vec::new(),
            });
            continuing = command.ends_with('\\');
        } else if let Some(last) = out.last_mut() {
            last.expected.push(line.trim_end().to_string());
        }
    }
    out
}

/// Whether `actual` matches `expected`, where an expected line `...` matches any run of lines (none included).
fn matches(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first.trim() == "..." => (0..=actual.len()).any(|skip| matches(rest, &actual[skip..])),
        Some((first, rest)) => actual
            .split_first()
            .is_some_and(|(a, more)| a.trim_end() == first && matches(rest, more)),
    }
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A scratch directory to run the examples in, `../shared` beside it linked to the shared data when there is any.
fn scratch(shared: Option<&Path>) -> PathBuf {
    let base = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("readme-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    let dir = base.join("repo");
    std::fs::create_dir_all(&dir).expect("the scratch directory is made");
    if let Some(shared) = shared {
        std::os::unix::fs::symlink(shared, base.join("shared")).expect("the shared data is linked");
    }
    for (name, text) in FIXTURES {
        std::fs::write(dir.join(name), text).expect("a fixture is written");
    }
    dir
}

#[test]
fn readme_console_examples_print_what_they_show() {
    let readme = std::fs::read_to_string(repo_root().join("README.md")).expect("the README is readable");
    let all = examples(&readme);
    assert!(all.len() >= 15, "only {} examples found", all.len());
    let shared = repo_root().join("../shared");
    let shared = shared
        .join("data")
        .is_dir()
        .then(|| shared.canonicalize().expect("a real path"));
    let dir = scratch(shared.as_deref());
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_shudu"))
        .parent()
        .expect("the binary is in a directory");
    let path = match std::env::var_os("PATH") {
        Some(p) => std::env::join_paths(std::iter::once(bin_dir.to_path_buf()).chain(std::env::split_paths(&p))),
        None => std::env::join_paths([bin_dir]),
    }
    .expect("a PATH can be made");
    let mut failures = Vec::new();
    let mut ran = 0;
    for example in &all {
        if let Some((_, why)) = NOT_RUN.iter().find(|(p, _)| example.command.starts_with(p)) {
            eprintln!("README line {}: not run ({why}): {}", example.line, example.command);
            continue;
        }
        if shared.is_none() && example.command.contains("../shared/data") {
            eprintln!(
                "README line {}: skipped, the shared data is absent: {}",
                example.line, example.command
            );
            continue;
        }
        // Standard error after standard output, as a reader who ran it would see the two (each example writes
        // only one of them, or a message after its output).
        let run = Command::new("sh")
            .arg("-c")
            .arg(&example.command)
            .current_dir(&dir)
            .env("PATH", &path)
            .stdin(Stdio::null())
            .output()
            .expect("sh runs");
        ran += 1;
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&run.stdout),
            String::from_utf8_lossy(&run.stderr)
        );
        let actual: Vec<&str> = text.lines().collect();
        if !matches(&example.expected, &actual) {
            failures.push(format!(
                "README line {}: $ {}\n--- shown:\n{}\n--- printed:\n{}",
                example.line,
                example.command,
                example.expected.join("\n"),
                text.trim_end()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    eprintln!("{ran} README examples ran and matched");
}

#[test]
fn the_matcher_takes_ellipses_as_any_lines() {
    let e = |lines: &[&str]| lines.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert!(matches(&e(&["a", "...", "d"]), &["a", "b", "c", "d"]));
    assert!(matches(&e(&["a", "  ...", "b"]), &["a", "b"]));
    assert!(matches(&e(&["..."]), &[]));
    assert!(!matches(&e(&["a", "...", "d"]), &["a", "b", "c"]));
    assert!(!matches(&e(&["a"]), &["a", "b"]));
    assert!(matches(&e(&["a"]), &["a   "]));
}
