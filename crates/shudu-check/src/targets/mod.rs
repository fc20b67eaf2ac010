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
