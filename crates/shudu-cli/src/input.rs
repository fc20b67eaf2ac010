//! Where puzzles come from: command-line arguments, files and standard input.
//!
//! Files are read line by line as bytes, a bounded number of lines at a time, so a multi-gigabyte input never sits
//! in memory and a bad byte spoils one line, not the run.

use std::ffi::{OsStr, OsString};
use std::io::{self, BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use shudu::format::{self, ParseError, ParseErrorKind};

/// What the name of standard input is in messages.
pub const STDIN_NAME: &str = "<stdin>";

/// Bytes of one line that are kept. A puzzle line is 81 cells and perhaps a short comment; keeping more would only
/// let one newline-free input exhaust memory. A line's fate is settled by its first 82 characters (all after is
/// comment), so cutting it changes no answer, only the cell count reported for a line that is all cells.
pub const MAX_LINE_BYTES: usize = 4096;

/// Large reads keep system calls rare and make chunks of full size on files (see [`LineReader::read_chunk`]).
const READ_BUFFER_BYTES: usize = 1 << 20;

/// One puzzle to answer: where it came from and what was read.
pub struct Item {
    /// The file name, `<stdin>`, or `argument N`.
    pub source: Arc<str>,
    /// The one-based line in `source`, for puzzles read from files and standard input.
    pub line: Option<usize>,
    pub content: Content,
}

/// A puzzle as read, parsed or not yet.
pub enum Content {
    /// A line of a file, parsed later on a worker thread. `truncated` when it was longer than [`MAX_LINE_BYTES`].
    Raw { bytes: Vec<u8>, truncated: bool },
    /// Parsed already (arguments are parsed to tell a puzzle from a file name).
    Parsed(Result<Givens, String>),
}

/// The givens of a well-formed puzzle. `None` when the format checks the givens as it reads, found two equal
/// digits in a house, and so gave no board back: such a puzzle simply has no solution.
pub type Givens = Option<[u8; 81]>;

impl Content {
    /// The puzzle's givens, or what is wrong with it (without its position, which the caller adds).
    pub fn decode(&self) -> Result<Givens, String> {
        match self {
            Content::Parsed(parsed) => parsed.clone(),
            Content::Raw { bytes, truncated } => decode_line(bytes, *truncated).map(Some),
        }
    }
}

/// Reads one line of the 81-character format from raw bytes. Errors name the column (in characters) but not the
/// line.
pub fn decode_line(bytes: &[u8], truncated: bool) -> Result<[u8; 81], String> {
    let text = match std::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => {
            let valid = &bytes[..e.valid_up_to()];
            // Slicing at valid_up_to always yields valid UTF-8; the fallback only keeps this free of unwrap.
            let prefix = std::str::from_utf8(valid).unwrap_or_default();
            if truncated && e.error_len().is_none() {
                // The cut fell inside a character: the text before it is all there is.
                prefix
            } else {
                return Err(format!("column {}: invalid UTF-8", prefix.chars().count() + 1));
            }
        }
    };
    format::parse_line(text).map_err(|e| without_line(with_column(e, text)))
}

/// Places a cell-count error at a column when the reader left it unplaced: where the 81st cell was missing, or
/// where the 82nd stands, so that every message about a line points into it.
fn with_column(mut e: ParseError, text: &str) -> ParseError {
    let ParseErrorKind::CellCount { found, expected } = e.kind else {
        return e;
    };
    if e.column.is_some() {
        return e;
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let limit = if found > expected { expected } else { usize::MAX };
    let cells = text
        .chars()
        .take_while(|&c| format::cell_value(c).is_some())
        .take(limit)
        .count();
    e.column = Some(cells + 1);
    e
}

/// An error's text without its line, for callers that print the line themselves.
fn without_line(mut e: ParseError) -> String {
    e.line = None;
    e.to_string()
}

/// Whether a line gives no output: blank (nothing or only whitespace) or a `#` comment.
pub fn is_skipped(line: &[u8]) -> bool {
    let line = line.strip_prefix(b"\xef\xbb\xbf").unwrap_or(line);
    line.first() == Some(&b'#') || line.iter().all(u8::is_ascii_whitespace)
}

/// What one command-line argument turned out to be.
pub enum Input {
    Stdin,
    File(PathBuf),
    /// A puzzle written out, or text that looks like a badly written one.
    Puzzle(Item),
    /// Neither an existing file nor anything like a puzzle; the message names it.
    Missing(String),
}

/// Decides what argument number `index` (one-based) is: `-`, an existing path, a puzzle, or a mistake.
pub fn classify(arg: &OsStr, index: usize) -> Input {
    if arg == "-" {
        return Input::Stdin;
    }
    let path = PathBuf::from(arg);
    if names_file(&path) {
        return Input::File(path);
    }
    let Some(text) = arg.to_str() else {
        return Input::Missing(format!("{}: no such file", path.display()));
    };
    let parsed = parse_argument(text);
    match parsed {
        Err(e) if !looks_like_puzzle(text) => Input::Missing(format!("{text}: no such file, and not a puzzle ({e})")),
        parsed => Input::Puzzle(Item {
            source: Arc::from(format!("argument {index}")),
            line: None,
            content: Content::Parsed(parsed.map_err(|e| e.to_string())),
        }),
    }
}

/// Whether an argument is to be opened as a file rather than read as a puzzle: it names something that exists.
pub fn names_file(path: &Path) -> bool {
    match path.try_exists() {
        Ok(true) => true,
        // A file in a directory we may not enter: the open reports it.
        Err(e) if e.kind() == io::ErrorKind::PermissionDenied => true,
        // Other errors say the text cannot name a file: a one-line pencil-mark grid is too long a name.
        Ok(false) | Err(_) => false,
    }
}

/// Reads a puzzle in any format the engine knows.
fn parse_argument(text: &str) -> Result<Givens, ParseError> {
    match format::parse(text) {
        Ok(grid) => Ok(Some(*grid.values())),
        // The line and grid readers do not check givens against each other, so a clashing puzzle still yields its
        // givens and is answered "no solution", just as the same line in a file would be.
        Err(e) if matches!(e.kind, ParseErrorKind::Contradiction(_)) => Ok(format::parse_line(text.trim())
            .or_else(|_| format::parse_grid(text))
            .ok()),
        Err(e) => Err(e),
    }
}

/// Whether an argument that is not a file was meant as a puzzle, so that its fault is told as a puzzle's fault.
/// Seventeen cells is the fewest givens a proper puzzle has; file names rarely hold that many digits and dots.
pub fn looks_like_puzzle(text: &str) -> bool {
    text.contains('\n')
        || text.starts_with(':')
        || text.chars().filter(|&c| format::cell_value(c).is_some()).count() >= 17
}

/// The arguments to read, standard input when there are none.
pub fn arguments_or_stdin(args: &[OsString]) -> Vec<OsString> {
    if args.is_empty() {
        vec![OsString::from("-")]
    } else {
        args.to_vec()
    }
}

/// Reads numbered lines from a byte stream, skipping blank and comment lines, a chunk at a time.
pub struct LineReader<R> {
    reader: BufReader<R>,
    source: Arc<str>,
    number: usize,
}

impl<R: Read> LineReader<R> {
    pub fn new(reader: R, source: &str) -> Self {
        LineReader {
            reader: BufReader::with_capacity(READ_BUFFER_BYTES, reader),
            source: Arc::from(source),
            number: 0,
        }
    }

    /// Appends up to `max` puzzle lines to `out`; `Ok(false)` once the input is exhausted.
    ///
    /// A chunk also ends early when the lines read so far used up what the last read returned, because the next
    /// read may block: someone typing puzzles, or a slow producer upstream, gets each answer as soon as possible.
    /// On a file a read returns a full megabyte, so chunks reach `max`.
    ///
    /// On a read error, the lines read before it are in `out`.
    pub fn read_chunk(&mut self, max: usize, out: &mut Vec<Item>) -> io::Result<bool> {
        while out.len() < max {
            let mut bytes = Vec::with_capacity(96);
            let Some(truncated) = self.next_line(&mut bytes)? else {
                return Ok(false);
            };
            if !is_skipped(&bytes) {
                out.push(Item {
                    source: Arc::clone(&self.source),
                    line: Some(self.number),
                    content: Content::Raw { bytes, truncated },
                });
            }
            if !out.is_empty() && self.reader.buffer().is_empty() {
                break;
            }
        }
        Ok(true)
    }

    /// Reads the next line into `line` without its line ending, keeping at most [`MAX_LINE_BYTES`]. `None` at the
    /// end of the input, else whether the line was cut.
    fn next_line(&mut self, line: &mut Vec<u8>) -> io::Result<Option<bool>> {
        let mut truncated = false;
        let mut read_any = false;
        loop {
            let available = match self.reader.fill_buf() {
                Ok(available) => available,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                break;
            }
            read_any = true;
            let (end, complete) = match available.iter().position(|&b| b == b'\n') {
                Some(i) => (i, true),
                None => (available.len(), false),
            };
            let keep = end.min(MAX_LINE_BYTES - line.len());
            truncated |= keep < end;
            line.extend_from_slice(&available[..keep]);
            self.reader.consume(if complete { end + 1 } else { end });
            if complete {
                break;
            }
        }
        if !read_any {
            return Ok(None);
        }
        if line.last() == Some(&b'\r') {
            line.pop();
        }
        self.number += 1;
        Ok(Some(truncated))
    }
}

/// Opens a file of puzzles to read, refusing a directory with an error that says so (opening one succeeds on Unix,
/// and reading it then fails with a less helpful message).
pub fn open_file(path: &Path) -> io::Result<std::fs::File> {
    if path.is_dir() {
        return Err(io::Error::other("is a directory"));
    }
    std::fs::File::open(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(bytes: &[u8], max: usize) -> Vec<Vec<(Option<usize>, Vec<u8>)>> {
        let mut reader = LineReader::new(bytes, "test");
        let mut chunks = Vec::new();
        loop {
            let mut chunk = Vec::new();
            let more = reader.read_chunk(max, &mut chunk).expect("reading a slice cannot fail");
            let lines: Vec<_> = chunk
                .into_iter()
                .map(|item| match item.content {
                    Content::Raw { bytes, .. } => (item.line, bytes),
                    Content::Parsed(_) => (item.line, Vec::new()),
                })
                .collect();
            if !lines.is_empty() {
                chunks.push(lines);
            }
            if !more {
                return chunks;
            }
        }
    }

    #[test]
    fn numbers_lines_and_skips_blanks_and_comments() {
        let chunks = read_all(b"# header\na\r\n\n  \nb\n#c\nc", 10);
        assert_eq!(
            chunks,
            vec![vec![
                (Some(2), b"a".to_vec()),
                (Some(5), b"b".to_vec()),
                (Some(7), b"c".to_vec())
            ]]
        );
    }

    #[test]
    fn splits_into_chunks_of_at_most_max_lines() {
        let chunks = read_all(b"1\n2\n3\n4\n5\n", 2);
        let sizes: Vec<usize> = chunks.iter().map(Vec::len).collect();
        assert_eq!(sizes, vec![2, 2, 1]);
        assert_eq!(chunks[2][0], (Some(5), b"5".to_vec()));
    }

    #[test]
    fn cuts_long_lines_but_keeps_counting() {
        let mut input = vec![b'.'; MAX_LINE_BYTES * 3];
        input.extend_from_slice(b"\nnext\n");
        let chunks = read_all(&input, 10);
        assert_eq!(chunks[0][0].1.len(), MAX_LINE_BYTES);
        assert_eq!(chunks[0][1], (Some(2), b"next".to_vec()));
    }

    #[test]
    fn reports_invalid_utf8_with_its_column() {
        assert_eq!(
            decode_line(b"12\xff4", false),
            Err("column 3: invalid UTF-8".to_string())
        );
        assert_eq!(
            decode_line("é\u{0}".as_bytes(), false),
            Err("column 1: unexpected 'é'".to_string())
        );
    }

    #[test]
    fn places_cell_count_errors() {
        let short = ".".repeat(80);
        let expected = Err("column 81: 80 cells, expected 81".to_string());
        assert_eq!(decode_line(short.as_bytes(), false), expected);
        assert_eq!(decode_line(format!("{short} # note").as_bytes(), false), expected);
        let long = ".".repeat(83);
        assert_eq!(
            decode_line(long.as_bytes(), false),
            Err("column 82: 83 cells, expected 81".to_string())
        );
    }

    #[test]
    fn a_character_cut_by_truncation_is_not_an_error() {
        let mut line = "1".repeat(81).into_bytes();
        line.extend_from_slice(" é".as_bytes());
        line.pop();
        assert!(decode_line(&line, true).is_ok());
        assert!(decode_line(&line, false).is_err());
    }

    #[test]
    fn skips_blank_and_comment_lines_only() {
        assert!(is_skipped(b""));
        assert!(is_skipped(b" \t"));
        assert!(is_skipped(b"# note"));
        assert!(is_skipped(b"\xef\xbb\xbf# note after a byte order mark"));
        assert!(!is_skipped(b" # indented"));
        assert!(!is_skipped(b"..."));
    }
}
