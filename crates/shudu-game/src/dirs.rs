//! Where a player's games live on this machine, one place for every front end (`shudu play` and `shudu serve`
//! keep their files side by side). Only environment variables are read here; the front ends do the file work.

use std::path::PathBuf;

/// The variable that overrides the data directory (tests and scripted sessions use a temporary one).
pub const DATA_DIR_VAR: &str = "SHUDU_DATA_DIR";

/// The data directory: `$SHUDU_DATA_DIR` when set, else `shudu` in the platform's directory for user data.
/// `None` when neither is known (no home directory).
pub fn data_dir() -> Option<PathBuf> {
    match std::env::var_os(DATA_DIR_VAR) {
        Some(dir) if !dir.is_empty() => Some(PathBuf::from(dir)),
        _ => platform_data_dir().map(|d| d.join("shudu")),
    }
}

/// The platform's directory for user data, as the platform's conventions name it: `$XDG_DATA_HOME` or
/// `~/.local/share` (Linux and other Unix), `~/Library/Application Support` (macOS), `%APPDATA%` (Windows).
/// Written here rather than taken from the `directories` crate, whose dependencies include an MPL-2.0 crate (the
/// project depends on permissively licensed crates only).
fn platform_data_dir() -> Option<PathBuf> {
    let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty()).map(PathBuf::from);
    if cfg!(windows) {
        return var("APPDATA");
    }
    let home = var("HOME");
    if cfg!(target_os = "macos") {
        return home.map(|h| h.join("Library/Application Support"));
    }
    // The XDG variable counts only when absolute, as the specification says.
    var("XDG_DATA_HOME")
        .filter(|p| p.is_absolute())
        .or_else(|| home.map(|h| h.join(".local/share")))
}
