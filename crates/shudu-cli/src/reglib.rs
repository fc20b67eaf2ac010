//! `shudu reglib`: runs a HoDoKu regression library file against the solver's finders.

use std::collections::BTreeMap;
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;

use clap::Args;
use rayon::prelude::*;
use shudu::format::parse_library_line;
use shudu::logic::reglib::{check, Verdict};
use shudu::logic::Technique;

use crate::output::warn;
use crate::Status;

pub const LONG_ABOUT: &str = "\
Run a HoDoKu regression library file: each case is a pencil-mark state, a technique code and what the technique \
must find there. A case passes when a step of the technique gives exactly the expected placements and \
eliminations (for a fail case, variant `x`, when the technique finds nothing).

Each failing case is printed as `line N: <the case>: <what was found instead>`; then a table per technique code, \
sorted by code: `code technique passed/total`, or `skipped N` for codes with no finder yet; then \
`total: N passed, M failed, K skipped`. Lines starting with `#` and blank lines are skipped. A line that cannot be \
read is reported on standard error with its line number and counted as failed.";

pub const AFTER_HELP: &str = "\
Exit status: 0 when every case of an implemented technique passed, 1 when one failed, a line could not be read or \
the file could not be opened, 2 on a usage error.

Examples:
  shudu reglib ../shared/data/hodoku/reglib-dev.txt
  shudu reglib --code 02 ../shared/data/hodoku/reglib-dev.txt";

#[derive(Args, Debug)]
pub struct ReglibArgs {
    /// A HoDoKu regression library file (`:code:digits:givens:deleted:eliminations:placements:extra` lines).
    #[arg(value_name = "FILE")]
    file: PathBuf,

    /// Run only the cases whose code starts with CODE: one code (`0200`) or a prefix of several (`02`).
    #[arg(long, value_name = "CODE", value_parser = parse_code)]
    code: Option<String>,
}

fn parse_code(text: &str) -> Result<String, String> {
    if text.is_empty() || !text.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err("a code is letters and digits, such as 0200".to_string());
    }
    Ok(text.to_string())
}

/// What became of one line.
enum Checked {
    Case { code: String, verdict: Verdict },
    Unreadable(String),
}

/// The cases of one code.
#[derive(Default)]
struct Row {
    passed: usize,
    failed: usize,
    skipped: usize,
}

/// Runs `shudu reglib`.
pub fn run(args: &ReglibArgs) -> Status {
    let name = args.file.display().to_string();
    let bytes = match std::fs::read(&args.file) {
        Ok(bytes) => bytes,
        Err(e) => {
            warn(format_args!("shudu: {name}: {e}"));
            return Status::Failed;
        }
    };
    let lines: Vec<(usize, &[u8])> = bytes
        .split(|&b| b == b'\n')
        .enumerate()
        .map(|(i, line)| (i + 1, line))
        .filter(|(_, line)| wanted(line, args.code.as_deref()))
        .collect();
    // Cases are independent, and the later techniques' finders are slow: all cores, answers kept in line order.
    let checked: Vec<Checked> = lines.par_iter().map(|(_, line)| check_line(line)).collect();
    let mut out = BufWriter::new(io::stdout().lock());
    match report(&name, &lines, &checked, args.code.as_deref(), &mut out).and_then(|status| {
        out.flush()?;
        Ok(status)
    }) {
        Ok(status) => status,
        // A reader that stopped listening still gets the verdict in the exit status.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => verdict(&checked),
        Err(e) => {
            warn(format_args!("shudu: cannot write the output: {e}"));
            Status::Failed
        }
    }
}

/// Failed when a case of an implemented technique failed or a line could not be read.
fn verdict(checked: &[Checked]) -> Status {
    let failed = checked.iter().any(|c| match c {
        Checked::Unreadable(_) => true,
        Checked::Case { verdict, .. } => matches!(verdict, Verdict::Fail(_)),
    });
    if failed {
        Status::Failed
    } else {
        Status::Ok
    }
}

/// Whether a line is a case to run: not blank, not a comment, and of the wanted code. A line whose code cannot be
/// made out is kept, so that its fault is reported rather than hidden by the filter.
fn wanted(line: &[u8], prefix: Option<&str>) -> bool {
    let text = line.trim_ascii();
    if text.is_empty() || text.starts_with(b"#") {
        return false;
    }
    let Some(prefix) = prefix else {
        return true;
    };
    match text.strip_prefix(b":") {
        Some(rest) => {
            let code = rest.split(|&b| b == b':' || b == b'-').next().unwrap_or_default();
            code.is_empty() || code.starts_with(prefix.as_bytes())
        }
        None => true,
    }
}

fn check_line(line: &[u8]) -> Checked {
    let text = match std::str::from_utf8(line) {
        Ok(text) => text,
        Err(e) => return Checked::Unreadable(format!("column {}: invalid UTF-8", e.valid_up_to() + 1)),
    };
    match parse_library_line(text) {
        Ok(case) => Checked::Case {
            verdict: check(&case),
            code: case.code,
        },
        Err(e) => Checked::Unreadable(e.to_string()),
    }
}

/// Writes the failing cases, the table and the total, and gives the run's [`verdict`].
fn report(
    name: &str,
    lines: &[(usize, &[u8])],
    checked: &[Checked],
    prefix: Option<&str>,
    out: &mut impl Write,
) -> io::Result<Status> {
    let mut table: BTreeMap<&str, Row> = BTreeMap::new();
    let mut unreadable = 0;
    for ((number, line), checked) in lines.iter().zip(checked) {
        match checked {
            Checked::Unreadable(message) => {
                warn(format_args!("{name}:{number}: {message}"));
                unreadable += 1;
            }
            Checked::Case { code, verdict } => {
                let row = table.entry(code).or_default();
                match verdict {
                    Verdict::Pass => row.passed += 1,
                    Verdict::Skipped => row.skipped += 1,
                    Verdict::Fail(why) => {
                        row.failed += 1;
                        let case = String::from_utf8_lossy(line);
                        writeln!(out, "line {number}: {}: {why}", case.trim_end())?;
                    }
                }
            }
        }
    }
    if table.is_empty() && unreadable == 0 {
        match prefix {
            Some(prefix) => warn(format_args!("shudu: {name}: no case has a code starting with {prefix}")),
            None => warn(format_args!("shudu: {name}: no case found")),
        }
        return Ok(Status::Failed);
    }
    let names: Vec<(&str, &Row, String)> = table
        .iter()
        .map(|(&code, row)| {
            let technique = match Technique::from_code(code) {
                Some(t) => t.name().to_string(),
                None => "(unknown code)".to_string(),
            };
            (code, row, technique)
        })
        .collect();
    let code_width = names.iter().map(|(c, _, _)| c.len()).max().unwrap_or(4).max(4);
    let name_width = names.iter().map(|(_, _, t)| t.len()).max().unwrap_or(9).max(9);
    writeln!(out, "{:code_width$}  {:name_width$}  passed/total", "code", "technique")?;
    for (code, row, technique) in &names {
        let total = row.passed + row.failed + row.skipped;
        let result = if row.skipped == total {
            format!("skipped {total}")
        } else if row.skipped > 0 {
            format!("{}/{total}, skipped {}", row.passed, row.skipped)
        } else {
            format!("{}/{total}", row.passed)
        };
        writeln!(out, "{code:code_width$}  {technique:name_width$}  {result}")?;
    }
    let passed: usize = table.values().map(|r| r.passed).sum();
    let failed: usize = table.values().map(|r| r.failed).sum::<usize>() + unreadable;
    let skipped: usize = table.values().map(|r| r.skipped).sum();
    if unreadable > 0 {
        let s = if unreadable == 1 { "" } else { "s" };
        writeln!(out, "unreadable: {unreadable} line{s}, counted as failed")?;
    }
    writeln!(out, "total: {passed} passed, {failed} failed, {skipped} skipped")?;
    Ok(verdict(checked))
}
