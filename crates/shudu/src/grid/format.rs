//! Reading and writing boards: the 81-character line, the 9-line grid, the pencil-mark grid and HoDoKu's library
//! line. Every error says what is wrong and where.

use core::fmt;

use super::{Contradiction, Grid};

/// What is wrong with a piece of input, and where.
///
/// `line` and `column` are one-based and counted in characters. A reader of a single line leaves `line` unset; a
/// batch reader sets it with [`ParseError::at_line`].
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

/// Reads an 81-character line: `1`–`9` for givens; `.`, `0`, `_`, `-`, `*` for blanks. After the 81st cell, a
/// space, tab, `,` or `;` starts a comment. Clashing givens are not checked here (the search solver reports such a
/// puzzle as having no solution; [`Grid::from_values`] names the clash).
///
/// ```
/// use shudu::format::parse_line;
/// let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... top1465 #1";
/// assert_eq!(parse_line(line).unwrap()[0], 4);
/// assert_eq!(parse_line(&line[..80]).unwrap_err().to_string(), "80 cells, expected 81");
/// ```
pub fn parse_line(line: &str) -> Result<[u8; 81], ParseError> {
    let line = line.strip_suffix('\n').unwrap_or(line);
    let line = line.strip_suffix('\r').unwrap_or(line);
    let line = line.strip_prefix('\u{feff}').unwrap_or(line);
    let mut values = [0u8; 81];
    let mut n = 0;
    for (col, c) in line.chars().enumerate() {
        if n == 81 {
            if matches!(c, ' ' | '\t' | ',' | ';') {
                break;
            }
            if cell_value(c).is_some() {
                return Err(ParseError::new(ParseErrorKind::CellCount {
                    found: 81 + line.chars().skip(col).take_while(|&c| cell_value(c).is_some()).count(),
                    expected: 81,
                }));
            }
            return Err(ParseError::at_column(ParseErrorKind::Unexpected(c), col + 1));
        }
        match cell_value(c) {
            Some(v) => {
                values[n] = v;
                n += 1;
            }
            None if n == 0 && c.is_whitespace() => {
                return Err(ParseError::at_column(ParseErrorKind::Unexpected(c), col + 1))
            }
            None if matches!(c, ' ' | '\t' | ',' | ';') => break,
            None => return Err(ParseError::at_column(ParseErrorKind::Unexpected(c), col + 1)),
        }
    }
    if n == 0 {
        return Err(ParseError::new(ParseErrorKind::Empty));
    }
    if n < 81 {
        return Err(ParseError::new(ParseErrorKind::CellCount {
            found: n,
            expected: 81,
        }));
    }
    Ok(values)
}

/// The 81-character line, `.` for an empty cell.
///
/// ```
/// use shudu::format::{parse_line, to_line};
/// let s = "..9.7...5..21..9..1...28....7...5..1..851.....5....3.......3..68........21.....87";
/// assert_eq!(to_line(&parse_line(s).unwrap()), s);
/// ```
pub fn to_line(values: &[u8; 81]) -> String {
    values
        .iter()
        .map(|&v| {
            if (1..=9).contains(&v) {
                (b'0' + v) as char
            } else {
                '.'
            }
        })
        .collect()
}

/// Reads a puzzle in any supported format: an 81-character line (the first line that holds one), a 9-line grid,
/// a pencil-mark grid, or a HoDoKu library line. (Being extended to the other formats.)
pub fn parse(text: &str) -> Result<Grid, ParseError> {
    let values = parse_line(text.trim_end())?;
    Ok(Grid::from_values(&values)?)
}
