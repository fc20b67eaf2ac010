//! Reading and writing boards: the 81-character line, the 9-line grid, the pencil-mark grid, HoDoKu's library
//! line, and (with the `serde` feature) JSON. Every error says what is wrong and where.
//!
//! | format | read | write |
//! |---|---|---|
//! | 81-character line | [`parse_line`] | [`to_line`] |
//! | 9-line grid | [`parse_grid`] | [`to_grid`] |
//! | pencil-mark grid | [`parse_pencilmarks`] | [`to_pencilmarks`] |
//! | HoDoKu library line | [`parse_library_line`] | [`to_library_line`] |
//! | any of the above, detected | [`parse`] | |
//!
//! With the `serde` feature, [`Grid`] is (de)serialized as
//! `{"values": "<81-character line>", "candidates": ["", "137", ...], "givens": "<81-character line>"}`: the 81
//! strings of `candidates` are empty for filled cells, and `givens` shows only the givens (placed digits are `.`
//! there). On reading, `candidates` may be left out (they are then what the values allow) and so may `givens` (every
//! value is then a given); a candidate that a peer's value rules out is dropped, as [`Grid::from_state`] does.
//! [`Cell`] is written as its name (`"r1c9"`), [`Digit`] as a number 1 to 9, and
//! [`Candidates`] as a string of digits (`"137"`).

use core::fmt;

use super::{Bitboard, Candidates, Cell, Contradiction, Digit, Grid};

/// What is wrong with a piece of input, and where.
///
/// `line` and `column` are one-based and counted in characters. The readers of one line ([`parse_line`],
/// [`parse_library_line`]) leave `line` unset, and a batch reader sets it with [`ParseError::at_line`]; the readers of
/// a text ([`parse_grid`], [`parse_pencilmarks`], and [`parse`] when the text has several lines) give the line within
/// the text. Faults of the whole (a cell count, a clash) may have no column.
///
/// ```
/// use shudu::format::parse_line;
/// let err = parse_line("12x").unwrap_err().at_line(17);
/// assert_eq!(err.to_string(), "line 17, column 3: unexpected 'x'");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The line, one-based, when known.
    pub line: Option<usize>,
    /// The column, one-based, when the fault has one place.
    pub column: Option<usize>,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

/// The kinds of [`ParseError`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseErrorKind {
    /// A character that has no meaning there.
    Unexpected(char),
    /// Too few or too many cells.
    CellCount {
        /// Cells found.
        found: usize,
        /// Cells expected (81).
        expected: usize,
    },
    /// Nothing to read.
    Empty,
    /// The digits read break the rules (two equal digits in a house).
    Contradiction(Contradiction),
    /// Anything else, described.
    Invalid(String),
}

impl ParseError {
    /// An error of this kind with no position.
    pub fn new(kind: ParseErrorKind) -> ParseError {
        ParseError {
            line: None,
            column: None,
            kind,
        }
    }

    /// An error at a one-based column.
    pub fn at_column(kind: ParseErrorKind, column: usize) -> ParseError {
        ParseError {
            line: None,
            column: Some(column),
            kind,
        }
    }

    /// The same error, placed on a one-based line (a batch reader knows it, a line reader does not).
    pub fn at_line(mut self, line: usize) -> ParseError {
        self.line = Some(line);
        self
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(l), Some(c)) => write!(f, "line {l}, column {c}: ")?,
            (Some(l), None) => write!(f, "line {l}: ")?,
            (None, Some(c)) => write!(f, "column {c}: ")?,
            (None, None) => {}
        }
        match &self.kind {
            ParseErrorKind::Unexpected(c) if c.is_control() || !c.is_ascii() && c.is_whitespace() => {
                write!(f, "unexpected character U+{:04X}", *c as u32)
            }
            ParseErrorKind::Unexpected(c) => write!(f, "unexpected '{c}'"),
            ParseErrorKind::CellCount { found, expected } => {
                write!(f, "{found} cells, expected {expected}")
            }
            ParseErrorKind::Empty => f.write_str("no puzzle: the input is empty"),
            ParseErrorKind::Contradiction(c) => write!(f, "{c}"),
            ParseErrorKind::Invalid(s) => f.write_str(s),
        }
    }
}

impl std::error::Error for ParseError {}

impl From<Contradiction> for ParseError {
    fn from(c: Contradiction) -> Self {
        ParseError::new(ParseErrorKind::Contradiction(c))
    }
}

/// The value of a cell character of the line format: `Some(1..=9)` for a digit, `Some(0)` for a blank
/// (`.`, `0`, `_`, `-`, `*`), `None` for anything else.
#[inline]
pub fn cell_value(c: char) -> Option<u8> {
    match c {
        '1'..='9' => Some(c as u8 - b'0'),
        '.' | '0' | '_' | '-' | '*' => Some(0),
        _ => None,
    }
}

#[cfg(feature = "serde")]
mod json;
mod library;
mod line;
mod nine_line;
mod pencilmarks;

pub use library::{parse_library_line, to_library_line, LibraryCase};
pub use line::{parse_line, to_line};
pub use nine_line::{parse_grid, to_grid};
pub use pencilmarks::{parse_pencilmarks, to_pencilmarks};

/// A line as a reader sees it: without its line end, and without a byte-order mark (editors on Windows add one,
/// and it is invisible, so a column that counted it would point at the wrong character).
fn strip_line(line: &str) -> &str {
    let line = line.strip_suffix('\n').unwrap_or(line);
    let line = line.strip_suffix('\r').unwrap_or(line);
    line.strip_prefix('\u{feff}').unwrap_or(line)
}

/// The lines of a text that hold something, numbered from one as an editor numbers them: blank lines and lines
/// starting with `#` (comments) are left out, but still counted.
fn content_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line))
        .filter(|(_, line)| {
            let t = line.trim();
            !t.is_empty() && !t.starts_with('#')
        })
}

fn error_at(kind: ParseErrorKind, line: usize, column: usize) -> ParseError {
    ParseError {
        line: Some(line),
        column: Some(column),
        kind,
    }
}

fn invalid(message: impl Into<String>) -> ParseErrorKind {
    ParseErrorKind::Invalid(message.into())
}

/// The character of a cell in the line and grid formats: its digit, or `.` when empty.
fn value_char(v: u8) -> char {
    if (1..=9).contains(&v) {
        (b'0' + v) as char
    } else {
        '.'
    }
}

fn digit_of(c: char) -> Option<Digit> {
    c.to_digit(10).and_then(|n| Digit::new(n as u8))
}

/// The candidates the values leave to `cell`: every digit no peer holds.
fn allowed(values: &[u8; 81], cell: Cell) -> Candidates {
    let mut set = Candidates::ALL;
    for p in cell.peers() {
        if let Some(d) = Digit::new(values[p.index()]) {
            set.remove(d);
        }
    }
    set
}

// ---------------------------------------------------------------------------------------------------------------
// The 9-line grid
// ---------------------------------------------------------------------------------------------------------------

/// Reads one puzzle in any of the formats above, telling them apart by their shape. Blank lines and lines starting
/// with `#` are skipped everywhere; "the first line" below is the first other line.
///
/// 1. The first line starts with `:` — a **HoDoKu library line** ([`parse_library_line`]); its givens and placed
///    digits both become values, its deleted candidates are gone, and givens stay givens.
/// 2. The text has one line — an **81-character line** ([`parse_line`], a comment may follow), unless it holds more
///    than 81 digits `1`–`9` in at least 9 space-separated groups: then it is a **pencil-mark grid** on one line, as
///    Sudoku Explainer writes it.
/// 3. The first line starts with 18 or more cell characters (`1`–`9`, `.`, `0`, `_`, `-`, `*`) among which a digit —
///    longer than any row of a grid, so it is an **81-character line**.
/// 4. The text holds more than 81 digits `1`–`9` — a **pencil-mark grid** ([`parse_pencilmarks`]): a 9-line grid
///    has at most 81.
/// 5. Otherwise a **9-line grid** ([`parse_grid`]). If that fails and the text reads as a pencil-mark grid (a solved
///    one has exactly 81 digits, and HoDoKu's borders hold `.`), that is the answer; if not, the grid's error is.
///
/// A one-line puzzle (1–3) must be the only line: anything after it is an error (`line 2: text after the puzzle`).
/// Errors carry line numbers when the text has more than one line.
///
/// ```
/// use shudu::format::{parse, to_grid, to_library_line, to_pencilmarks, LibraryCase};
/// let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... top1465 #1";
/// let grid = parse(line).unwrap();
/// assert_eq!(parse(&to_grid(grid.values())).unwrap(), grid);
/// assert_eq!(parse(&to_pencilmarks(&grid)).unwrap(), grid);
/// assert_eq!(parse("4.....8.5").unwrap_err().to_string(), "9 cells, expected 81");
/// assert_eq!(parse("\n\n").unwrap_err().to_string(), "no puzzle: the input is empty");
/// ```
pub fn parse(text: &str) -> Result<Grid, ParseError> {
    let lines: Vec<(usize, &str)> = content_lines(text).collect();
    let Some(&(first_number, first)) = lines.first() else {
        return Err(ParseError::new(ParseErrorKind::Empty));
    };
    let multi_line = text.trim_end().contains('\n');
    let trimmed = first.trim_start();
    let shift = first.chars().count() - trimmed.chars().count();
    // Errors of the single-line readers count columns in the trimmed line.
    let place = |e: ParseError| ParseError {
        line: if multi_line { Some(first_number) } else { e.line },
        column: e.column.map(|c| c + shift),
        kind: e.kind,
    };
    let alone = || match lines.get(1) {
        Some(&(number, _)) => Err(ParseError::new(invalid("text after the puzzle")).at_line(number)),
        None => Ok(()),
    };
    let one_line = |line: &str| -> Result<Grid, ParseError> {
        let values = parse_line(line).map_err(place)?;
        Ok(Grid::from_values(&values)?)
    };

    if trimmed.starts_with(':') {
        let case = parse_library_line(trimmed).map_err(place)?;
        alone()?;
        return Ok(case.grid);
    }
    let digits = lines
        .iter()
        .flat_map(|(_, l)| l.chars())
        .filter(|c| matches!(c, '1'..='9'))
        .count();
    if lines.len() == 1 {
        if digits > 81 && trimmed.split_whitespace().count() >= 9 {
            return parse_pencilmarks(text);
        }
        return one_line(trimmed);
    }
    let lead: Vec<u8> = trimmed.chars().map_while(cell_value).collect();
    if lead.len() >= 18 && lead.iter().any(|&v| v != 0) {
        let grid = one_line(trimmed)?;
        alone()?;
        return Ok(grid);
    }
    if digits > 81 {
        return parse_pencilmarks(text);
    }
    match parse_grid(text) {
        Ok(values) => Ok(Grid::from_values(&values)?),
        Err(e) => parse_pencilmarks(text).map_err(|_| e),
    }
}

// ---------------------------------------------------------------------------------------------------------------
// JSON (the `serde` feature)
// ---------------------------------------------------------------------------------------------------------------

#[cfg(test)]
mod tests {
    use super::*;

    const TOP1: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    fn values(line: &str) -> [u8; 81] {
        parse_line(line).expect("test puzzle parses")
    }

    #[test]
    fn content_lines_skip_blanks_and_comments_but_keep_numbers() {
        let text = "\u{feff}# title\n\n  a\r\n# again\nb";
        let got: Vec<(usize, &str)> = content_lines(text).collect();
        assert_eq!(got, [(3, "  a"), (5, "b")]);
    }

    #[test]
    fn grid_rows_of_dashes_are_rows_only_when_rows_are_missing() {
        let mut v = values(TOP1);
        v[27..36].fill(0);
        let text = to_grid(&v).replace(". . . | . . . | . . .", "- - - | - - - | - - -");
        assert_eq!(parse_grid(&text), Ok(v));
        // With nine rows already there, the same kind of line is a separator.
        let extra = format!("{}---|---|---\n", to_grid(&values(TOP1)));
        assert_eq!(parse_grid(&extra), Ok(values(TOP1)));
    }

    #[test]
    fn allowed_is_what_the_peers_leave() {
        let v = values(TOP1);
        assert_eq!(allowed(&v, Cell::at(0, 1)).to_string(), "1679");
    }

    #[test]
    fn parse_shifts_columns_past_leading_spaces() {
        let line = format!("   {}x", &TOP1[..80]);
        assert_eq!(
            parse(&line).map_err(|e| e.to_string()),
            Err("column 84: unexpected 'x'".to_owned())
        );
        let lib = "  :0000:1:12x";
        assert_eq!(
            parse(lib).map_err(|e| e.to_string()),
            Err("column 13: unexpected 'x'".to_owned())
        );
        let two = format!("\n{TOP1}\n{TOP1}\n");
        assert_eq!(
            parse(&two).map_err(|e| e.to_string()),
            Err("line 3: text after the puzzle".to_owned())
        );
    }
}
