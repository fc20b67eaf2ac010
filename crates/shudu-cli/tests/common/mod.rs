//! What the command tests share: running the built binary, scratch files, the shared puzzle data.

// Each test file uses its own part of this module.
#![allow(dead_code)]

pub mod server;

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

pub const BIN: &str = env!("CARGO_BIN_EXE_shudu");

/// The seeds' example puzzle: singles all the way.
pub const SEED: &str = "006800005080200007050347200000000013003009000800000500000060080000403000700100020";
/// A QQWing "intermediate" puzzle whose path needs a naked and a hidden pair.
pub const PAIRS: &str = "......7..3.9....61....6..297...524..........2..5.97.1....9....5.......4.2.13.5...";
/// A proper puzzle on which the ladder without its last resorts gets stuck.
pub const STUCK: &str = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

/// `--techniques` without the last resorts (Forcing Chain, Forcing Net, Brute Force), which finish every puzzle: the
/// ladder that leaves `STUCK` stuck.
#[allow(dead_code)]
pub const NO_LAST_RESORTS: &str = "-fc,-fn,-bf";
/// Two equal givens in a box: no solution.
pub const NO_SOLUTION: &str = "..9.7...5..21..9..1...28....7...5..1..851.....5....3.......3..68........21.....87";
/// Exactly three solutions (Sudopedia's not_unique_3).
pub const SEVERAL: &str = "..3.....6...98..2.9426..7..45...6............1.9.5.47.....25.4.6...785...........";

pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    pub fn lines(&self) -> Vec<&str> {
        self.stdout.lines().collect()
    }
}

/// Starts `shudu` with `args`, all three streams piped, and a thread writing `input` to its standard input.
fn start(args: &[&str], input: Vec<u8>) -> (Child, std::thread::JoinHandle<()>) {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the shudu binary starts");
    let mut pipe = child.stdin.take().expect("stdin is piped");
    // A separate writer keeps a large input from deadlocking against a full output pipe; the child may not read
    // its input at all, so a write error is expected and ignored.
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    (child, writer)
}

/// Runs `shudu` with `args`, feeding `stdin`.
pub fn shudu(args: &[&str], stdin: &[u8]) -> Run {
    let (child, writer) = start(args, stdin.to_vec());
    let output = child.wait_with_output().expect("shudu runs to the end");
    writer.join().expect("the writer thread ends");
    Run {
        code: output.status.code().expect("shudu exits rather than dying of a signal"),
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    }
}

/// A scratch file under cargo's temporary directory, named after the test file and the process.
pub fn scratch(name: &str, bytes: &[u8]) -> PathBuf {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("cli-{}-{name}", std::process::id()));
    std::fs::write(&path, bytes).expect("the scratch file is written");
    path
}

pub fn path_str(path: &Path) -> &str {
    path.to_str().expect("the scratch path is UTF-8")
}

/// The shared puzzle data, or `None` (saying so) when this checkout has no `../shared` beside it.
pub fn shared_data() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("skipped: the shared puzzle data is not at {}", dir.display());
        None
    }
}

/// Whether a line belongs to a drawn candidate grid (a puzzle line has no rules or bars).
pub fn is_grid_line(line: &str) -> bool {
    line.starts_with(['.', '|', ':', '\''])
        && line.contains(['|', '-'])
        && line.chars().all(|c| c.is_ascii_digit() || " .|:'+-*".contains(c))
}

/// Starts `shudu` with `args` on `input`, reads the first output line (82 bytes), then closes the output pipe as
/// `| head -1` would. Returns that line, what shudu wrote on stderr, and its exit code.
pub fn first_line_then_closed_pipe(args: &[&str], input: String) -> (Vec<u8>, String, Option<i32>) {
    let (mut child, writer) = start(args, input.into_bytes());
    let mut stdout = child.stdout.take().expect("stdout is piped");
    let mut first = vec![0u8; 82];
    stdout.read_exact(&mut first).expect("a first line arrives");
    drop(stdout);
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .expect("stderr is piped")
        .read_to_string(&mut stderr)
        .expect("stderr is read");
    let status = child.wait().expect("shudu ends");
    writer.join().expect("the writer thread ends");
    (first, stderr, status.code())
}
