//! One function per fuzz target, each taking the fuzzer's bytes and panicking when a property fails. The targets in
//! `fuzz/fuzz_targets/` are one line each, calling these; `tests/corpus.rs` calls them on every committed corpus file
//! and every crash ever found (`fuzz/corpus/<target>/`, `fuzz/artifacts/<target>/`).

mod bytes;
pub mod explain;
pub mod formats;
pub mod generate;
pub mod hint;
pub mod save;
pub mod web;

pub use explain::explain;
pub use formats::{grid, json, library, line, parse, pencilmarks};
pub use generate::generate;
pub use hint::hint;
pub use save::save;
pub use web::web;

/// This process's scratch directory under the system's temporary one: the save target's files and the web target's
/// databases.
fn scratch() -> std::path::PathBuf {
    std::env::temp_dir().join(format!("shudu-check-{}", std::process::id()))
}

/// Removes this process's scratch directory, so a test run leaves nothing behind. Call it when no check is running;
/// a check run later makes what it needs again (the web target a fresh server).
pub fn clean_up() {
    web::retire();
    let _ = std::fs::remove_dir_all(scratch());
}

/// A target: its name (the fuzz target's and the corpus folder's) and its check.
pub type Target = (&'static str, fn(&[u8]));

/// Every target, by name.
pub const TARGETS: [Target; 12] = [
    ("line", line),
    ("grid", grid),
    ("pencilmarks", pencilmarks),
    ("library", library),
    ("json", json),
    ("parse", parse),
    ("hint", hint),
    ("explain", explain),
    ("generate", generate),
    ("save", save),
    ("web", web),
    ("web_moves", web::moves),
];
