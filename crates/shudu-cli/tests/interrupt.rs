//! Ctrl-C in a batch: SIGINT stops `shudu solve` after the answers it has, each written whole, and it exits with
//! status 130; so does SIGTERM, and so does `shudu generate`. The input never ends (a writer keeps feeding it), and
//! the count asked of the generator is out of reach, so only the signal stops the run.

mod common;

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{BIN, SEED};

/// Starts `shudu <args>` on an endless stream of `SEED` lines, sends `signal` once some answers are out, and returns
/// everything written to standard output and the exit status.
fn interrupted(args: &[&str], signal: &str, before: usize) -> (Vec<u8>, Option<i32>) {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("shudu starts");
    let mut input = child.stdin.take().expect("piped");
    let feeder = std::thread::spawn(move || {
        let line = format!("{SEED}\n").repeat(1000);
        // Ends when shudu stops reading: the pipe breaks.
        while input.write_all(line.as_bytes()).is_ok() {}
    });
    let mut out = child.stdout.take().expect("piped");
    let mut got = Vec::new();
    let mut buf = [0u8; 1 << 16];
    // Some answers first, so the signal falls in the middle of the batch.
    while got.len() < before {
        let n = out.read(&mut buf).expect("stdout is readable");
        assert!(n > 0, "shudu ended before the signal");
        got.extend_from_slice(&buf[..n]);
    }
    let sent = Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    let started = Instant::now();
    out.read_to_end(&mut got).expect("stdout is read to its end");
    let status = child.wait().expect("shudu ends");
    assert!(started.elapsed() < Duration::from_secs(120), "shudu took long to stop");
    feeder.join().expect("the feeder ends");
    (got, status.code())
}

fn assert_whole_lines(out: &[u8], line_len: usize) {
    assert!(out.ends_with(b"\n"), "the output ends inside a line");
    for line in out.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
        assert_eq!(line.len(), line_len, "a cut line: {:?}", String::from_utf8_lossy(line));
    }
}

#[test]
fn sigint_leaves_only_whole_lines() {
    let (out, code) = interrupted(&["solve", "-"], "-INT", 200_000);
    assert_eq!(code, Some(130));
    assert_whole_lines(&out, 81);
}

#[test]
fn sigterm_leaves_only_whole_lines() {
    let (out, code) = interrupted(&["solve", "--format", "json", "-"], "-TERM", 200_000);
    assert_eq!(code, Some(130));
    assert!(out.ends_with(b"\n"));
    for line in out.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
        serde_json::from_slice::<serde_json::Value>(line).expect("each line is a whole JSON record");
    }
}

#[test]
fn sigint_stops_the_generator_after_whole_lines() {
    let (out, code) = interrupted(&["generate", "-n", "10000000", "--seed", "21"], "-INT", 20_000);
    assert_eq!(code, Some(130));
    assert_whole_lines(&out, 81);
}
