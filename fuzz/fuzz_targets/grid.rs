//! The `grid` target: see `shudu_check::targets` for what it asserts.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| shudu_check::targets::grid(data));
