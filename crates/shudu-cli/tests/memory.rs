//! Bounded memory on huge inputs: a line of any length and any number of lines are read with a peak resident set
//! that does not grow with them. The peak is read from `/proc/<pid>/status` (`VmHWM`) while shudu is still waiting
//! for more input; skips, saying so, where there is no `/proc`. RELIABILITY.md has the figures for 10,000 to
//! 10,000,000 lines.

mod common;

use std::io::{Read, Write};
use std::process::{Child, Command, Stdio};

use common::{BIN, SEED};

/// A ceiling far above what shudu uses (some 8 MB) and far below what the inputs here would take if held.
const CEILING_KB: u64 = 64 * 1024;

fn peak_kb(child: &Child) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{}/status", child.id())).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Feeds `shudu <command> -` with `chunk` written `times` times, and returns the peak resident set (KB) measured
/// before its input ends, and its output once it does.
fn fed(command: &str, chunk: &[u8], times: usize) -> Option<(u64, String)> {
    if !std::path::Path::new("/proc/self/status").exists() {
        eprintln!("skipped: no /proc here to read a peak resident set from");
        return None;
    }
    let mut child = Command::new(BIN)
        .args([command, "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("shudu starts");
    let mut out = child.stdout.take().expect("piped");
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = out.read_to_string(&mut s);
        s
    });
    let mut input = child.stdin.take().expect("piped");
    for _ in 0..times {
        input.write_all(chunk).expect("shudu reads its input");
    }
    // Every byte is in shudu's hands or the pipe's; it waits for more, and its peak so far is the input's cost.
    let peak = peak_kb(&child).expect("a peak resident set");
    drop(input);
    child.wait().expect("shudu ends");
    Some((peak, reader.join().expect("the output is read")))
}

#[test]
fn a_line_of_256_mb_is_not_held() {
    let chunk = vec![b'.'; 1 << 20];
    let Some((peak, out)) = fed("solve", &chunk, 256) else {
        return;
    };
    assert!(peak < CEILING_KB, "peak {peak} KB on one 256 MB line");
    assert_eq!(out, "error\n");
}

#[test]
fn many_lines_are_not_held() {
    let chunk = format!("{SEED}\n").repeat(10_000);
    for command in ["solve", "rate"] {
        let Some((peak, out)) = fed(command, chunk.as_bytes(), 20) else {
            return;
        };
        assert!(peak < CEILING_KB, "{command}: peak {peak} KB on 200,000 lines");
        assert_eq!(out.lines().count(), 200_000);
    }
}
