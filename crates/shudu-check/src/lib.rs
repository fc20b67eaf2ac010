//! The properties shudu promises, as functions that panic when one fails: that a step shown is never wrong and that
//! no input crashes it. The fuzz targets in `fuzz/` (cargo-fuzz, nightly) call them on every input they try, and
//! `cargo test` (stable) replays every committed corpus file and every crash ever found through the same functions
//! (`tests/corpus.rs`), so a property is written once and guarded in CI.

pub mod every;
pub mod run;
pub mod se_every;
pub mod sound;
pub mod states;
pub mod targets;
