//! The game's save reaches the disk before it replaces the old one: `write_atomically` flushes the temporary file
//! (fsync) before the rename, and the directory after it. Checked on the system calls themselves: this test runs
//! itself again under `strace` and reads the order of `fsync` and `rename`. Skips, saying so, without strace (or
//! where it may not trace).

use std::path::PathBuf;
use std::process::Command;

const CHILD: &str = "SHUDU_FSYNC_TEST_PATH";

#[test]
fn the_save_is_flushed_before_the_rename() {
    if let Some(path) = std::env::var_os(CHILD) {
        // The traced run: one save, nothing else.
        shudu_tui::save::write_atomically(&PathBuf::from(path), b"{\"a\":1}").expect("the save is written");
        return;
    }
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("fsync-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let target = dir.join("game.json");
    std::fs::write(&target, b"old").expect("an old save");
    let exe = std::env::current_exe().expect("this test's path");
    let traced = Command::new("strace")
        .args(["-f", "-e", "trace=fsync,fdatasync,rename,renameat,renameat2"])
        .arg(&exe)
        .args([
            "--exact",
            "the_save_is_flushed_before_the_rename",
            "--test-threads",
            "1",
        ])
        .env(CHILD, &target)
        .output();
    let Ok(traced) = traced else {
        eprintln!("skipped: strace is not installed");
        return;
    };
    let log = String::from_utf8_lossy(&traced.stderr);
    if !traced.status.success() || !log.contains("rename") {
        eprintln!("skipped: strace could not trace here:\n{log}");
        return;
    }
    let calls: Vec<&str> = log
        .lines()
        .filter_map(|l| {
            ["fdatasync(", "fsync(", "renameat2(", "renameat(", "rename("]
                .into_iter()
                .find(|c| l.contains(c))
        })
        .map(|c| c.trim_end_matches('('))
        .collect();
    let rename = calls
        .iter()
        .position(|c| c.starts_with("rename"))
        .expect("the save was renamed into place");
    assert!(
        calls[..rename].iter().any(|c| c.contains("sync")),
        "no fsync before the rename: {calls:?}"
    );
    assert!(
        calls[rename + 1..].iter().any(|c| c.contains("sync")),
        "the directory is not flushed after the rename: {calls:?}"
    );
    assert_eq!(std::fs::read(&target).expect("the save"), b"{\"a\":1}");
    let _ = std::fs::remove_dir_all(&dir);
}
