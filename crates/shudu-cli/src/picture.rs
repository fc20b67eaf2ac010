//! What the commands that draw share: the options of a picture (`--theme`, `--size`), the output file and its
//! format told by its extension, and writing files atomically.

use std::ffi::OsStr;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use clap::Args;
use shudu_draw::{Theme, MAX_WIDTH, MIN_WIDTH};

/// A picture's file format.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    Svg,
    Png,
}

/// Where a picture goes: a file whose extension says its format, or standard output (`-`, SVG).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    pub path: Option<PathBuf>,
    pub kind: Kind,
}

/// Reads `-o`: `-` for standard output, else a path ending in `.svg` or `.png`.
pub fn parse_target(text: &str) -> Result<Target, String> {
    if text == "-" {
        return Ok(Target {
            path: None,
            kind: Kind::Svg,
        });
    }
    let path = PathBuf::from(text);
    let extension = path.extension().and_then(OsStr::to_str).map(str::to_ascii_lowercase);
    let kind = match extension.as_deref() {
        Some("svg") => Kind::Svg,
        Some("png") => Kind::Png,
        _ => return Err(format!("{text}: the format is told by the extension, .svg or .png")),
    };
    Ok(Target { path: Some(path), kind })
}

/// Reads `--theme`.
pub fn parse_theme(text: &str) -> Result<Theme, String> {
    text.parse().map_err(|e| format!("{e}"))
}

/// The options every picture takes.
#[derive(Args, Debug, Clone)]
pub struct PictureArgs {
    /// The colours: light, dark, or print (black on white, every mark told by its shape).
    #[arg(long, value_name = "THEME", default_value = "light", value_parser = parse_theme)]
    pub theme: Theme,

    /// The width of a PNG in pixels (16 to 8192; the height follows), or the width an SVG declares. Default: 720
    /// for a PNG, the SVG's own 456.
    #[arg(long, value_name = "PX", value_parser = clap::value_parser!(u32).range(i64::from(MIN_WIDTH)..=i64::from(MAX_WIDTH)))]
    pub size: Option<u32>,
}

/// The width of a PNG when `--size` is not given.
pub const DEFAULT_PNG_WIDTH: u32 = 720;

/// The bytes of a picture in the target's format.
pub fn encode(svg: String, kind: Kind, size: Option<u32>) -> Result<Vec<u8>, String> {
    match kind {
        Kind::Svg => Ok(svg.into_bytes()),
        Kind::Png => shudu_draw::png(&svg, size.unwrap_or(DEFAULT_PNG_WIDTH)).map_err(|e| e.to_string()),
    }
}

/// Writes a picture to its target, a file atomically; the message names the file when it fails.
pub fn write_target(target: &Target, bytes: &[u8]) -> Result<(), String> {
    match &target.path {
        Some(path) => write_atomically(path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display())),
        None => {
            let mut out = io::stdout().lock();
            match out.write_all(bytes).and_then(|()| out.flush()) {
                Ok(()) => Ok(()),
                // A reader that stopped listening wanted no more.
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
                Err(e) => Err(format!("cannot write the output: {e}")),
            }
        }
    }
}

/// Writes `bytes` to `path` through a temporary file in the same folder, renamed over it once complete, so that a
/// reader never sees half a file and a failed write leaves any old file as it was.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a file name"))?;
    if path.is_dir() {
        return Err(io::Error::new(io::ErrorKind::IsADirectory, "is a directory"));
    }
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let mut temporary = name.to_os_string();
    temporary.push(format!(".{}.tmp", std::process::id()));
    let temporary = dir.join(temporary);
    let written = fs::File::create(&temporary).and_then(|mut file| {
        file.write_all(bytes)?;
        file.sync_all()
    });
    let renamed = written.and_then(|()| fs::rename(&temporary, path));
    if renamed.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    renamed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_are_told_by_their_extension() {
        assert_eq!(parse_target("a/b.SVG").map(|t| t.kind), Ok(Kind::Svg));
        assert_eq!(parse_target("b.png").map(|t| t.kind), Ok(Kind::Png));
        assert_eq!(parse_target("-").map(|t| t.path), Ok(None));
        assert_eq!(
            parse_target("b.jpg"),
            Err("b.jpg: the format is told by the extension, .svg or .png".to_string())
        );
    }

    #[test]
    fn atomic_writes_replace_whole_files() {
        let dir = std::env::temp_dir().join(format!("shudu-atomic-{}", std::process::id()));
        fs::create_dir_all(&dir).expect("a scratch folder");
        let path = dir.join("x.svg");
        write_atomically(&path, b"one").expect("written");
        write_atomically(&path, b"two").expect("rewritten");
        assert_eq!(fs::read(&path).expect("read"), b"two");
        assert!(write_atomically(&dir.join("missing/x.svg"), b"x").is_err());
        assert!(write_atomically(&dir, b"x").is_err());
        let left: Vec<_> = fs::read_dir(&dir).expect("listed").flatten().collect();
        assert_eq!(left.len(), 1, "no temporary file is left");
        let _ = fs::remove_dir_all(&dir);
    }
}
