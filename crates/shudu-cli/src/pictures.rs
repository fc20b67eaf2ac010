//! `shudu explain --pictures DIR`: one picture a step of a path (`001-hidden-single.svg` …), the puzzle first
//! (`000-puzzle.svg`), and an `index.html` that shows the path with its pictures.

use core::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use shudu::logic::{Lang, Step};
use shudu::{format, Grid};
use shudu_draw::{svg, Board, Options, Theme};

use crate::picture::write_atomically;

/// A path to draw: the puzzle's board and its steps.
pub struct SolvePath {
    pub grid: Grid,
    pub steps: Vec<Step>,
    /// How it ended, as the text path says it (`solved in 61 steps (hardest: Hidden Pair)`).
    pub ending: String,
}

/// A file name's part from a technique's name: `Hidden Single` → `hidden-single`.
pub fn slug(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_string()
}

/// The name of step `n`'s picture.
pub fn file_name(n: usize, step: &Step) -> String {
    format!("{n:03}-{}.svg", slug(step.technique.name()))
}

/// Writes the pictures and the index of one path into `dir`, made if missing. The message names what failed.
pub fn write(dir: &Path, path: &SolvePath, theme: Theme, lang: Lang) -> Result<(), String> {
    if dir.exists() && !dir.is_dir() {
        return Err(format!("{}: is not a directory", dir.display()));
    }
    fs::create_dir_all(dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
    let put = |name: &str, bytes: &[u8]| -> Result<(), String> {
        let file: PathBuf = dir.join(name);
        write_atomically(&file, bytes).map_err(|e| format!("cannot write {}: {e}", file.display()))
    };
    let options = Options {
        theme,
        lang,
        ..Options::default()
    };
    let start = Options {
        candidates: false,
        ..options.clone()
    };
    put(
        "000-puzzle.svg",
        svg(&Board::from_grid(&path.grid), None, &start).as_bytes(),
    )?;
    let mut grid = path.grid.clone();
    let mut names = Vec::with_capacity(path.steps.len());
    for (i, step) in path.steps.iter().enumerate() {
        let name = file_name(i + 1, step);
        put(&name, svg(&Board::from_grid(&grid), Some(step), &options).as_bytes())?;
        names.push(name);
        // A step that fails to apply ends the path here, as it ended the solve.
        if step.apply(&mut grid).is_err() {
            break;
        }
    }
    put("index.html", index(path, &names, lang).as_bytes())
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The page showing the path: the puzzle, then each step's text over its picture.
fn index(path: &SolvePath, names: &[String], lang: Lang) -> String {
    let puzzle = format::to_line(path.grid.values());
    let (code, heading) = match lang {
        Lang::En => ("en", "The puzzle"),
        Lang::Zh => ("zh", "题目"),
    };
    let mut html = String::new();
    let _ = write!(
        html,
        "<!doctype html>\n<html lang=\"{code}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>shudu: {puzzle}</title>\n<style>\n\
         body {{ font-family: sans-serif; max-width: 40em; margin: 1em auto; padding: 0 1em; }}\n\
         img {{ width: 100%; max-width: 456px; display: block; }}\n\
         li {{ margin: 1.5em 0; }}\n\
         code {{ word-break: break-all; }}\n\
         </style>\n</head>\n<body>\n<h1><code>{puzzle}</code></h1>\n<p>{}</p>\n\
         <figure><img src=\"000-puzzle.svg\" alt=\"{heading}\"><figcaption>{heading}</figcaption></figure>\n<ol>\n",
        escape(&path.ending)
    );
    for (step, name) in path.steps.iter().zip(names) {
        let text = step.explain(lang);
        let first = text.lines().next().unwrap_or_default();
        let _ = writeln!(
            html,
            "<li><p>{}</p><img src=\"{name}\" alt=\"{}\" loading=\"lazy\"></li>",
            escape(&text).replace('\n', "<br>\n"),
            escape(first)
        );
    }
    html.push_str("</ol>\n</body>\n</html>\n");
    html
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_numbered_slugs() {
        assert_eq!(slug("Hidden Single"), "hidden-single");
        assert_eq!(
            slug("Locked Candidates Type 1 (Pointing)"),
            "locked-candidates-type-1-pointing"
        );
        assert_eq!(slug("2-String Kite"), "2-string-kite");
        assert_eq!(slug("Almost Locked Set XZ-Rule"), "almost-locked-set-xz-rule");
    }
}
