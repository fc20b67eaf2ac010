//! Writing answers: one line per puzzle on standard output, as text or JSON Lines, and the matching messages on
//! standard error.

use std::fmt;
use std::io::{self, Write};

use clap::ValueEnum;
use serde::Serialize;
use shudu::format;

use crate::batch::Sink;
use crate::input::Item;
use crate::Status;

/// How answers are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Plain text for people.
    Text,
    /// JSON Lines: one JSON object per line.
    Json,
}

/// The answer to one puzzle.
pub struct Answer {
    /// The givens, when the puzzle could be read.
    pub puzzle: Option<[u8; 81]>,
    /// What the search found, or what is wrong with the input.
    pub result: Result<Solutions, String>,
}

/// Solutions found, counted up to the limit.
pub struct Solutions {
    pub count: u64,
    /// The first one found.
    pub solution: Option<[u8; 81]>,
}

/// One JSON Lines record. Fields that do not apply are `null` rather than absent, so every record has one shape.
#[derive(Serialize)]
struct Record<'a> {
    puzzle: Option<String>,
    solution: Option<String>,
    solutions: Option<u64>,
    limit_reached: Option<bool>,
    error: Option<&'a str>,
    source: &'a str,
    line: Option<usize>,
}

/// Writes answers in input order and remembers whether any input was bad.
pub struct Output<W: Write> {
    out: W,
    format: Format,
    count: bool,
    limit: u64,
    status: Status,
}

impl<W: Write> Output<W> {
    /// `count` prints solution counts instead of solutions; `limit` is the count the search stopped at.
    pub fn new(out: W, format: Format, count: bool, limit: u64) -> Self {
        Output {
            out,
            format,
            count,
            limit,
            status: Status::Ok,
        }
    }

    /// Failed once any answer was an error.
    pub fn status(&self) -> Status {
        self.status
    }

    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    /// Writes one answer, and for a bad input its message on standard error.
    pub fn write(&mut self, item: &Item, answer: &Answer) -> io::Result<()> {
        if let Err(message) = &answer.result {
            self.status = Status::Failed;
            report(item, message);
        }
        match self.format {
            Format::Text => self.write_text(answer),
            Format::Json => self.write_json(item, answer),
        }
    }

    fn write_text(&mut self, answer: &Answer) -> io::Result<()> {
        let outcome = match &answer.result {
            Ok(outcome) => outcome,
            Err(_) => return self.out.write_all(b"error\n"),
        };
        let plus = if outcome.count >= self.limit { "+" } else { "" };
        if self.count {
            return writeln!(self.out, "{}{plus}", outcome.count);
        }
        match (outcome.count, &outcome.solution) {
            (0, _) => self.out.write_all(b"no solution\n"),
            (1, Some(solution)) => {
                let mut line = [b'\n'; 82];
                for (byte, &v) in line.iter_mut().zip(solution) {
                    *byte = b'0' + v;
                }
                self.out.write_all(&line)
            }
            (n, _) => writeln!(self.out, "{n}{plus} solutions"),
        }
    }

    fn write_json(&mut self, item: &Item, answer: &Answer) -> io::Result<()> {
        let (outcome, error) = match &answer.result {
            Ok(outcome) => (Some(outcome), None),
            Err(message) => (None, Some(message.as_str())),
        };
        let record = Record {
            puzzle: answer.puzzle.as_ref().map(format::to_line),
            // As in text, a solution is shown only when it is the one found; with several, it would be arbitrary.
            solution: outcome
                .filter(|o| o.count == 1)
                .and_then(|o| o.solution.as_ref())
                .map(format::to_line),
            solutions: outcome.map(|o| o.count),
            limit_reached: outcome.map(|o| o.count >= self.limit),
            error,
            source: &item.source,
            line: item.line,
        };
        write_json(&mut self.out, &record)
    }
}

impl<W: Write> Sink<Answer> for Output<W> {
    fn write(&mut self, item: &Item, answer: &Answer) -> io::Result<()> {
        Output::write(self, item, answer)
    }

    fn flush(&mut self) -> io::Result<()> {
        Output::flush(self)
    }

    fn status(&self) -> Status {
        Output::status(self)
    }
}

/// An answer rendered by a worker thread (text, or JSON Lines ending in a newline), or what is wrong with the input.
pub type Rendered = Result<String, String>;

/// The JSON Lines record of an input that could not be read, for commands whose records have no error field.
#[derive(Serialize)]
pub struct ErrorRecord<'a> {
    /// Always null: there is no puzzle to name.
    pub puzzle: Option<String>,
    pub error: &'a str,
    pub source: &'a str,
    pub line: Option<usize>,
}

/// Writes rendered answers in input order; a bad input becomes `error` (or a JSON error record) in its place.
pub struct Blocks<W: Write> {
    out: W,
    format: Format,
    /// A blank line between answers, for answers of several lines.
    separate: bool,
    written: bool,
    status: Status,
}

impl<W: Write> Blocks<W> {
    pub fn new(out: W, format: Format, separate: bool) -> Self {
        Blocks {
            out,
            format,
            separate,
            written: false,
            status: Status::Ok,
        }
    }
}

impl<W: Write> Sink<Rendered> for Blocks<W> {
    fn write(&mut self, item: &Item, answer: &Rendered) -> io::Result<()> {
        if self.separate && self.written {
            self.out.write_all(b"\n")?;
        }
        self.written = true;
        match answer {
            Ok(text) => self.out.write_all(text.as_bytes()),
            Err(message) => {
                self.status = Status::Failed;
                report(item, message);
                write_error(&mut self.out, self.format, message, &item.source, item.line)
            }
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    fn status(&self) -> Status {
        self.status
    }
}

/// Writes the output line of an input that could not be handled, so that lines stay aligned: `error`, or a JSON
/// error record naming the source and line.
pub fn write_error(
    out: &mut impl Write,
    format: Format,
    message: &str,
    source: &str,
    line: Option<usize>,
) -> io::Result<()> {
    match format {
        Format::Text => out.write_all(b"error\n"),
        Format::Json => {
            let record = ErrorRecord {
                puzzle: None,
                error: message,
                source,
                line,
            };
            write_json(out, &record)
        }
    }
}

/// Writes one JSON Lines record.
pub fn write_json<T: Serialize>(out: &mut impl Write, record: &T) -> io::Result<()> {
    let mut bytes = serde_json::to_vec(record).map_err(io::Error::other)?;
    bytes.push(b'\n');
    out.write_all(&bytes)
}

/// Appends one JSON Lines record to `text`.
pub fn push_json<T: Serialize>(text: &mut String, record: &T) {
    // Serializing plain structs of strings and numbers cannot fail; an empty object keeps the line count right
    // should it ever do so.
    text.push_str(&serde_json::to_string(record).unwrap_or_else(|_| "{}".to_string()));
    text.push('\n');
}

/// Reports a bad input on standard error as `<source>:<line>: <message>` (`<source>: <message>` without a line).
pub fn report(item: &Item, message: &str) {
    match item.line {
        Some(line) => warn(format_args!("{}:{line}: {message}", item.source)),
        None => warn(format_args!("{}: {message}", item.source)),
    }
}

/// A message on standard error. A closed or failing standard error is ignored: the message has nowhere else to go,
/// and the answers on standard output still matter.
pub fn warn(message: fmt::Arguments<'_>) {
    let _ = writeln!(io::stderr().lock(), "{message}");
}
