//! Every fuzz target's committed corpus (`fuzz/corpus/<target>/`) and every input that ever failed one
//! (`fuzz/artifacts/<target>/`), replayed through the same checks the fuzz targets make, on stable Rust: CI guards
//! every crash ever found. Each failing file is named.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use shudu_check::targets::{clean_up, TARGETS};

/// Replays running now; the last to finish removes the scratch files the targets made. The count is held while
/// cleaning, so no replay starts in a directory being removed.
static RUNNING: Mutex<usize> = Mutex::new(0);

struct Running;

impl Running {
    fn start() -> Running {
        *RUNNING.lock().unwrap_or_else(|e| e.into_inner()) += 1;
        Running
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let mut running = RUNNING.lock().unwrap_or_else(|e| e.into_inner());
        *running -= 1;
        if *running == 0 {
            clean_up();
        }
    }
}

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz")
}

/// The files of `fuzz/<kind>/<target>/`, sorted (none when the folder is absent).
fn files(kind: &str, target: &str) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(fuzz_dir().join(kind).join(target)) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_file() && !p.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.')))
        .collect();
    files.sort();
    files
}

fn replay(kind: &str, target: &str, check: fn(&[u8])) -> usize {
    let files = files(kind, target);
    let mut failed = Vec::new();
    for file in &files {
        let data = std::fs::read(file).expect("a corpus file is readable");
        if catch_unwind(AssertUnwindSafe(|| check(&data))).is_err() {
            failed.push(file.display().to_string());
        }
    }
    assert!(
        failed.is_empty(),
        "{target}: {} of {} {kind} files fail: {failed:#?}",
        failed.len(),
        files.len()
    );
    files.len()
}

#[test]
fn every_target_has_a_committed_seed_corpus() {
    for (name, _) in TARGETS {
        assert!(!files("corpus", name).is_empty(), "fuzz/corpus/{name}/ is empty");
        assert!(
            fuzz_dir().join("fuzz_targets").join(format!("{name}.rs")).is_file(),
            "no fuzz target {name}"
        );
    }
}

macro_rules! replay_tests {
    ($($name:ident),* $(,)?) => {$(
        #[test]
        fn $name() {
            let target = stringify!($name);
            let _running = Running::start();
            let check = TARGETS.iter().find(|(n, _)| *n == target).expect("a target of that name").1;
            let corpus = replay("corpus", target, check);
            let artifacts = replay("artifacts", target, check);
            eprintln!("{target}: {corpus} corpus files, {artifacts} artifacts");
        }
    )*};
}

replay_tests!(
    line,
    grid,
    pencilmarks,
    library,
    json,
    parse,
    hint,
    explain,
    generate,
    save,
    web,
    web_moves
);
