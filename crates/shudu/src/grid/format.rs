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
//! value is then a given). [`Cell`] is written as its name (`"r1c9"`), [`Digit`] as a number 1 to 9, and
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
    let line = strip_line(line);
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
        return Err(ParseError::new(ParseErrorKind::CellCount { found: n, expected: 81 }));
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
    values.iter().map(|&v| value_char(v)).collect()
}

// ---------------------------------------------------------------------------------------------------------------
// Shared helpers
// ---------------------------------------------------------------------------------------------------------------

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

fn digit_char(d: Digit) -> char {
    (b'0' + d.get()) as char
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

/// Characters of a separator line (`------+-------+------`, `*-----------*`, `|---+---+---|`, `=====`).
fn is_rule_char(c: char) -> bool {
    c.is_whitespace() || matches!(c, '-' | '+' | '|' | '*' | '=' | ':' | '\'')
}

/// Reads a 9-line grid, as QQWing, Simple Sudoku and most printed grids write it:
///
/// ```text
/// 4 . . | . . . | 8 . 5        *-----------*
/// . 3 . | . . . | . . .        |4..|...|8.5|
/// . . . | 7 . . | . . .        |.3.|...|...|
/// ------+-------+------        |...|7..|...|
/// ...                          |---+---+---|
/// ```
///
/// - A **row line** holds the nine cells of a row: `1`–`9` for a digit; `.`, `0`, `_`, `-` and `*` for a blank (the
///   blanks of the 81-character line); `|` and spaces are decoration and ignored. Any other character is an error.
/// - A **separator line** is made only of `-`, `+`, `|`, `*`, `=`, `:`, `'` and spaces; it is skipped. Such a line
///   never holds `.`, `0`, `_` or a digit, which is how it is told from a row.
/// - Blank lines and lines starting with `#` are skipped.
///
/// A row of nine blanks all written `-` or `*` (`- - - | - - - | - - -`) looks like a separator. Such lines are read
/// as rows only when the grid would otherwise lack exactly that many rows, and only if they hold nine `-`/`*` and no
/// `+`, `=`, `:` or `'`. Writing blanks as `.` avoids the question.
///
/// Errors name the line (one-based, counting every line of `text`) and, for a bad character, the column:
/// `line 3, column 5: unexpected 'x'`, `line 4: 8 cells, expected 9`, `8 rows, expected 9`. Clashing digits are not
/// checked here ([`Grid::from_values`] names them).
///
/// ```
/// use shudu::format::parse_grid;
/// let text = "
/// 4 . . | . . . | 8 . 5
/// . 3 . | . . . | . . .
/// . . . | 7 . . | . . .
/// ------+-------+------
/// . 2 . | . . . | . 6 .
/// . . . | . 8 . | 4 . .
/// . . . | . 1 . | . . .
/// ------+-------+------
/// . . . | 6 . 3 | . 7 .
/// 5 . . | 2 . . | . . .
/// 1 . 4 | . . . | . . .
/// ";
/// let values = parse_grid(text).unwrap();
/// assert_eq!(values[..9], [4, 0, 0, 0, 0, 0, 8, 0, 5]);
/// let bad = text.replace("7 . .", "7 x .");
/// assert_eq!(parse_grid(&bad).unwrap_err().to_string(), "line 4, column 11: unexpected 'x'");
/// ```
pub fn parse_grid(text: &str) -> Result<[u8; 81], ParseError> {
    struct Line<'a> {
        number: usize,
        text: &'a str,
        is_row: bool,
        could_be_blank_row: bool,
    }
    let mut lines = Vec::new();
    let mut rows = 0;
    let mut blank_rows = 0;
    for (number, text) in content_lines(text) {
        let is_row = !text.chars().all(is_rule_char);
        let could_be_blank_row = !is_row
            && !text.contains(['+', '=', ':', '\''])
            && text.chars().filter(|&c| c == '-' || c == '*').count() == 9;
        rows += usize::from(is_row);
        blank_rows += usize::from(could_be_blank_row);
        lines.push(Line {
            number,
            text,
            is_row,
            could_be_blank_row,
        });
    }
    if lines.is_empty() {
        return Err(ParseError::new(ParseErrorKind::Empty));
    }
    let promote = rows < 9 && blank_rows == 9 - rows;
    let mut values = [0u8; 81];
    let mut row = 0;
    for line in lines {
        if !(line.is_row || promote && line.could_be_blank_row) {
            continue;
        }
        if row == 9 {
            return Err(ParseError::new(invalid("more than 9 rows")).at_line(line.number));
        }
        read_row(line.text, line.number, &mut values[row * 9..row * 9 + 9])?;
        row += 1;
    }
    if row < 9 {
        return Err(ParseError::new(invalid(format!("{row} rows, expected 9"))));
    }
    Ok(values)
}

fn read_row(text: &str, number: usize, row: &mut [u8]) -> Result<(), ParseError> {
    let mut found = 0;
    for (i, c) in text.chars().enumerate() {
        if let Some(v) = cell_value(c) {
            if let Some(slot) = row.get_mut(found) {
                *slot = v;
            }
            found += 1;
        } else if c != '|' && !c.is_whitespace() {
            return Err(error_at(ParseErrorKind::Unexpected(c), number, i + 1));
        }
    }
    if found != 9 {
        return Err(ParseError::new(ParseErrorKind::CellCount { found, expected: 9 }).at_line(number));
    }
    Ok(())
}

/// The 9-line grid: digits and `.` separated by spaces, boxes by `|` and `------+-------+------`. Every line ends
/// with a newline. [`parse_grid`] reads it back.
///
/// ```
/// use shudu::format::{parse_grid, parse_line, to_grid};
/// let values = parse_line("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......").unwrap();
/// let text = to_grid(&values);
/// assert!(text.starts_with("4 . . | . . . | 8 . 5\n. 3 . | . . . | . . .\n. . . | 7 . . | . . .\n------+-------+------\n"));
/// assert_eq!(parse_grid(&text).unwrap(), values);
/// ```
pub fn to_grid(values: &[u8; 81]) -> String {
    let mut s = String::with_capacity(11 * 22);
    for (r, row) in values.chunks_exact(9).enumerate() {
        if r == 3 || r == 6 {
            s.push_str("------+-------+------\n");
        }
        for (c, &v) in row.iter().enumerate() {
            if c == 3 || c == 6 {
                s.push_str(" |");
            }
            if c > 0 {
                s.push(' ');
            }
            s.push(value_char(v));
        }
        s.push('\n');
    }
    s
}

// ---------------------------------------------------------------------------------------------------------------
// The pencil-mark grid
// ---------------------------------------------------------------------------------------------------------------

/// Characters that separate the groups of a pencil-mark grid and draw its borders.
fn is_border_char(c: char) -> bool {
    c.is_whitespace() || matches!(c, '.' | '-' | '+' | '|' | ':' | '*' | '\'' | '=')
}

/// Reads a pencil-mark grid (HoDoKu, Simple Sudoku, Sudoku Explainer): 81 groups of digits, row by row.
///
/// - A group of one digit is a **solved cell**. The format cannot tell givens from placed digits, so every solved
///   cell is marked as a given. Nor can it tell a solved cell from an empty cell left with a single candidate: both
///   read as solved.
/// - A group of several digits holds the **candidates** of an empty cell, in any order, each at most once. They are
///   taken as written, even where a peer's value excludes one (as [`Grid::from_state`] does).
/// - The group `0` is an **empty cell with no candidate left** (a broken state, which [`to_pencilmarks`] writes so);
///   `0` inside a longer group is an error.
/// - Groups are separated by spaces and by the border characters `.`, `-`, `+`, `|`, `:`, `*`, `'` and `=`, so the
///   groups may also stand on one line, or on any number of lines. Blank lines and lines starting with `#` are
///   skipped. Any other character is an error.
///
/// Errors: `line 2, column 9: unexpected 'x'`, `line 2, column 7: 1 twice in one cell`, `80 cells, expected 81`, and
/// clashing solved cells (`r1c3 and r1c7 both hold 5`).
///
/// ```
/// use shudu::format::parse_pencilmarks;
/// use shudu::{Cell, Digit};
/// let text = "
/// .----------------------.----------------------.--------------------.
/// | 4     1679   12679   | 139   2369   1269    | 8     1239  5      |
/// | 26789 3      1256789 | 14589 24569  1245689 | 12679 1249  124679 |
/// | 2689  15689  125689  | 7     234569 1245689 | 12369 12349 123469 |
/// :----------------------+----------------------+--------------------:
/// | 3789  2      135789  | 3459  34579  4579    | 13579 6     13789  |
/// | 3679  15679  135679  | 359   8      25679   | 4     12359 12379  |
/// | 36789 456789 356789  | 3459  1      245679  | 23579 23589 23789  |
/// :----------------------+----------------------+--------------------:
/// | 289   89     289     | 6     459    3       | 1259  7     12489  |
/// | 5     6789   36789   | 2     479    14789   | 1369  13489 134689 |
/// | 1     6789   4       | 589   579    5789    | 23569 23589 23689  |
/// '----------------------'----------------------'--------------------'
/// ";
/// let grid = parse_pencilmarks(text).unwrap();
/// assert_eq!(grid.value(Cell::at(0, 0)), Digit::new(4));
/// assert_eq!(grid.candidates(Cell::at(0, 1)).to_string(), "1679");
///
/// let err = |t: &str| parse_pencilmarks(t).unwrap_err().to_string();
/// assert_eq!(err(&text.replace("1239  5 ", "1239    ")), "80 cells, expected 81");
/// assert_eq!(err(&text.replace("| 1     6789", "| 5     6789")), "r8c1 and r9c1 both hold 5");
/// assert_eq!(err(&text.replace("14589", "14x89")), "line 4, column 28: unexpected 'x'");
/// ```
pub fn parse_pencilmarks(text: &str) -> Result<Grid, ParseError> {
    let mut values = [0u8; 81];
    let mut candidates = [Candidates::EMPTY; 81];
    let mut givens = Bitboard::EMPTY;
    let mut count = 0usize;
    let mut any_line = false;
    let mut store = |count: usize, set: Candidates| {
        let Some(cell) = Cell::new(count) else {
            return;
        };
        match set.single() {
            Some(d) => {
                values[count] = d.get();
                givens.insert(cell);
            }
            None => candidates[count] = set,
        }
    };
    for (number, line) in content_lines(text) {
        any_line = true;
        // The group being read, and whether it is the `0` of a cell without candidates.
        let mut group: Option<(Candidates, bool)> = None;
        // A space after the last character closes the line's last group.
        for (i, c) in line.chars().chain(core::iter::once(' ')).enumerate() {
            let column = i + 1;
            if let Some(d) = digit_of(c) {
                match &mut group {
                    None => group = Some((Candidates::only(d), false)),
                    Some((_, true)) => return Err(error_at(ParseErrorKind::Unexpected(c), number, column)),
                    Some((set, false)) => {
                        if !set.insert(d) {
                            return Err(error_at(invalid(format!("{d} twice in one cell")), number, column));
                        }
                    }
                }
            } else if c == '0' {
                if group.is_some() {
                    return Err(error_at(ParseErrorKind::Unexpected(c), number, column));
                }
                group = Some((Candidates::EMPTY, true));
            } else if is_border_char(c) {
                if let Some((set, _)) = group.take() {
                    store(count, set);
                    count += 1;
                }
            } else {
                return Err(error_at(ParseErrorKind::Unexpected(c), number, column));
            }
        }
    }
    if !any_line {
        return Err(ParseError::new(ParseErrorKind::Empty));
    }
    if count != 81 {
        return Err(ParseError::new(ParseErrorKind::CellCount {
            found: count,
            expected: 81,
        }));
    }
    Ok(Grid::from_state(&values, &candidates, givens)?)
}

/// The pencil-mark grid in HoDoKu's layout: solved cells as their digit, empty cells as their candidates, each
/// column padded to its widest group, boxes framed by `.`, `:`, `'`, `-`, `+` and `|`:
///
/// ```text
/// .----------------.-----------------.------------------.
/// | 4    17   1279 | 139  239   39   | 8    1239  5     |
/// ...
/// :----------------+-----------------+------------------:
/// ...
/// '----------------'-----------------'------------------'
/// ```
///
/// An empty cell with no candidate (a broken state) is written `0`, which [`parse_pencilmarks`] reads back as such.
/// What does not survive the trip: which solved cells are givens (all read back as givens), and an empty cell with a
/// single candidate (it reads back as solved).
///
/// ```
/// use shudu::format::{parse_pencilmarks, to_pencilmarks};
/// use shudu::{Cell, Digit, Grid};
/// let mut grid = Grid::from_values(&shudu::format::parse_line(
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
/// ).unwrap()).unwrap();
/// grid.eliminate(Cell::at(0, 1), Digit::new(6).unwrap());
/// let text = to_pencilmarks(&grid);
/// assert!(text.starts_with(".-------"));
/// assert_eq!(parse_pencilmarks(&text).unwrap(), grid);
/// ```
pub fn to_pencilmarks(grid: &Grid) -> String {
    let groups: Vec<String> = Cell::ALL
        .iter()
        .map(|&cell| match grid.value(cell) {
            Some(d) => d.to_string(),
            None if grid.candidates(cell).is_empty() => "0".to_owned(),
            None => grid.candidates(cell).to_string(),
        })
        .collect();
    let mut widths = [1usize; 9];
    for (i, g) in groups.iter().enumerate() {
        widths[i % 9] = widths[i % 9].max(g.len());
    }
    // Each box segment is " a b c " between bars: the three widths, a space before each group and one after.
    let segments: Vec<usize> = widths.chunks_exact(3).map(|w| w.iter().sum::<usize>() + 4).collect();
    let rule = |left: char, middle: char, right: char| {
        let mut s = String::new();
        s.push(left);
        for (b, &len) in segments.iter().enumerate() {
            if b > 0 {
                s.push(middle);
            }
            s.extend(core::iter::repeat_n('-', len));
        }
        s.push(right);
        s.push('\n');
        s
    };
    let mut s = rule('.', '.', '.');
    for (r, row) in groups.chunks_exact(9).enumerate() {
        if r == 3 || r == 6 {
            s.push_str(&rule(':', '+', ':'));
        }
        s.push('|');
        for (c, g) in row.iter().enumerate() {
            s.push(' ');
            s.push_str(g);
            s.extend(core::iter::repeat_n(' ', widths[c] - g.len()));
            if c % 3 == 2 {
                s.push_str(" |");
            }
        }
        s.push('\n');
    }
    s.push_str(&rule('\'', '\'', '\''));
    s
}

// ---------------------------------------------------------------------------------------------------------------
// HoDoKu's library line
// ---------------------------------------------------------------------------------------------------------------

/// One case of HoDoKu's regression-test library: a pencil-mark state, a technique, and what the technique must find
/// there.
///
/// The line is `:<code>[-<variant>]:<digits>:<givens>:<deleted>:<eliminations>:<placements>:<extra>`; see
/// [`parse_library_line`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LibraryCase {
    /// The technique's code, such as `0000` (Full House) or `0901` (XY-Wing): letters and digits.
    pub code: String,
    /// The variant written after a dash, such as `1`: letters and digits. `x` marks a fail case, where the
    /// technique must find nothing.
    pub variant: Option<String>,
    /// The candidate digits the case is about; what they mean depends on the technique (the digit a single places,
    /// the digits a subset uses, the digit a chain eliminates). A set, so written in ascending order; may be empty.
    pub digits: Candidates,
    /// The state: givens, digits placed since (not givens), and in each empty cell the candidates its peers' values
    /// allow, minus the deleted candidates.
    pub grid: Grid,
    /// The candidates the technique must eliminate, in the order written.
    pub eliminations: Vec<(Cell, Digit)>,
    /// The digits the technique must place, in the order written.
    pub placements: Vec<(Cell, Digit)>,
    /// The last field, free text (for chains and loops, the length in inferences); empty when absent.
    pub extra: String,
}

impl LibraryCase {
    /// Whether this is a fail case (variant `x`): the technique must find nothing in this state.
    pub fn is_fail_case(&self) -> bool {
        self.variant.as_deref() == Some("x")
    }
}

/// Reads a line of HoDoKu's regression library:
/// `:<code>[-<variant>]:<digits>:<givens>:<deleted>:<eliminations>:<placements>:<extra>`.
///
/// - `code` and `variant`: letters and digits ([`LibraryCase::code`], [`LibraryCase::variant`]).
/// - `digits`: the digits the case is about, each once; may be empty.
/// - `givens`: 81 cells, `1`–`9` for a given, `+` and a digit for a digit placed since, `.` or `0` for empty.
/// - `deleted`, `eliminations`, `placements`: candidates written `<digit><row><column>` (`436` is 4 in r3c6),
///   separated by spaces; each list may be empty.
/// - `extra`: everything after the seventh `:`, kept as written (it may hold `:`); control characters are refused.
///
/// The fields after `givens` may be left out, with their colons. The grid holds the givens and placed digits, and in
/// each empty cell every digit its peers' values allow except the deleted candidates. Clashing digits fail with the
/// clash named. Columns in errors count characters from one; a batch reader adds the line with
/// [`ParseError::at_line`].
///
/// ```
/// use shudu::format::parse_library_line;
/// use shudu::{Cell, Digit};
/// let line = ":0003:8:6...+53+4.7....4+2+56.+254867+3+9+1.+4..+9+6.1.162+38+5749.3..+1+4.+5....42193..1.+57...+44+2.6+3.+1+75:::829:";
/// let case = parse_library_line(line).unwrap();
/// assert_eq!(case.code, "0003");
/// assert_eq!(case.placements, [(Cell::at(1, 8), Digit::new(8).unwrap())]);
/// assert!(case.grid.is_given(Cell::at(0, 0)) && !case.grid.is_given(Cell::at(0, 4)));
/// assert_eq!(case.grid.candidates(Cell::at(1, 8)).to_string(), "8"); // the naked single
///
/// let err = parse_library_line(&line.replace(":829:", ":8x9:")).unwrap_err();
/// assert_eq!(err.to_string(), "column 116: unexpected 'x'");
/// ```
pub fn parse_library_line(line: &str) -> Result<LibraryCase, ParseError> {
    let line = strip_line(line);
    match line.chars().next() {
        None => return Err(ParseError::new(ParseErrorKind::Empty)),
        Some(':') => {}
        Some(c) => return Err(ParseError::at_column(ParseErrorKind::Unexpected(c), 1)),
    }
    // (column of the field's first character, field); the seventh field, `extra`, takes the rest of the line.
    let mut fields: Vec<(usize, &str)> = Vec::with_capacity(7);
    let mut rest = &line[1..];
    let mut column = 2;
    while fields.len() < 6 {
        let Some(end) = rest.find(':') else {
            break;
        };
        let field = &rest[..end];
        fields.push((column, field));
        column += field.chars().count() + 1;
        rest = &rest[end + 1..];
    }
    fields.push((column, rest));
    if fields.len() < 3 {
        return Err(ParseError::new(invalid(format!(
            "{} fields, expected at least 3 (:code:digits:givens)",
            fields.len()
        ))));
    }
    let field = |i: usize| fields.get(i).copied().unwrap_or((column, ""));

    let (code, variant) = read_code(field(0))?;
    let digits = read_digit_set(field(1))?;
    let (values, givens) = read_givens(field(2))?;
    let deleted = read_candidate_list(field(3))?;
    let eliminations = read_candidate_list(field(4))?;
    let placements = read_candidate_list(field(5))?;
    let (extra_column, extra) = field(6);
    if let Some((i, c)) = extra.chars().enumerate().find(|(_, c)| c.is_control()) {
        return Err(ParseError::at_column(ParseErrorKind::Unexpected(c), extra_column + i));
    }

    let mut grid = Grid::from_values(&values)?;
    for &(cell, digit) in &deleted {
        grid.eliminate(cell, digit);
    }
    grid.set_givens(givens);
    Ok(LibraryCase {
        code: code.to_owned(),
        variant: variant.map(str::to_owned),
        digits,
        grid,
        eliminations,
        placements,
        extra: extra.to_owned(),
    })
}

fn read_code((column, field): (usize, &str)) -> Result<(&str, Option<&str>), ParseError> {
    let (code, variant) = match field.split_once('-') {
        Some((code, variant)) => (code, Some(variant)),
        None => (field, None),
    };
    if code.is_empty() {
        return Err(ParseError::at_column(invalid("no technique code"), column));
    }
    let check = |part: &str, start: usize| match part.chars().enumerate().find(|(_, c)| !c.is_ascii_alphanumeric()) {
        Some((i, c)) => Err(ParseError::at_column(ParseErrorKind::Unexpected(c), start + i)),
        None => Ok(()),
    };
    check(code, column)?;
    if let Some(variant) = variant {
        let dash = column + code.chars().count();
        if variant.is_empty() {
            return Err(ParseError::at_column(invalid("no variant after '-'"), dash));
        }
        check(variant, dash + 1)?;
    }
    Ok((code, variant))
}

fn read_digit_set((column, field): (usize, &str)) -> Result<Candidates, ParseError> {
    let mut set = Candidates::EMPTY;
    for (i, c) in field.chars().enumerate() {
        let d = digit_of(c).ok_or(ParseError::at_column(ParseErrorKind::Unexpected(c), column + i))?;
        if !set.insert(d) {
            return Err(ParseError::at_column(invalid(format!("{d} twice")), column + i));
        }
    }
    Ok(set)
}

fn read_givens((column, field): (usize, &str)) -> Result<([u8; 81], Bitboard), ParseError> {
    let mut values = [0u8; 81];
    let mut givens = Bitboard::EMPTY;
    let mut found = 0;
    let mut plus: Option<usize> = None;
    for (i, c) in field.chars().enumerate() {
        let col = column + i;
        let v = match c {
            '+' if plus.is_none() => {
                plus = Some(col);
                continue;
            }
            '.' | '0' => 0,
            _ => match digit_of(c) {
                Some(d) => d.get(),
                None => return Err(ParseError::at_column(ParseErrorKind::Unexpected(c), col)),
            },
        };
        if v == 0 {
            if let Some(p) = plus {
                return Err(ParseError::at_column(invalid("'+' must be followed by a digit"), p));
            }
        }
        if let Some(cell) = Cell::new(found) {
            values[found] = v;
            if v != 0 && plus.is_none() {
                givens.insert(cell);
            }
        }
        plus = None;
        found += 1;
    }
    if let Some(p) = plus {
        return Err(ParseError::at_column(invalid("'+' must be followed by a digit"), p));
    }
    if found != 81 {
        return Err(ParseError::at_column(
            ParseErrorKind::CellCount { found, expected: 81 },
            column,
        ));
    }
    Ok((values, givens))
}

fn read_candidate_list((column, field): (usize, &str)) -> Result<Vec<(Cell, Digit)>, ParseError> {
    let mut list = Vec::new();
    let mut token: Vec<u8> = Vec::with_capacity(3);
    let mut start = column;
    // A space after the last character closes the last entry.
    for (i, c) in field.chars().chain(core::iter::once(' ')).enumerate() {
        let col = column + i;
        if let Some(d) = digit_of(c) {
            if token.is_empty() {
                start = col;
            }
            token.push(d.get());
        } else if c == ' ' {
            if token.is_empty() {
                continue;
            }
            let entry = match token[..] {
                [d, r, c] => Digit::new(d).zip(Cell::new(usize::from(r - 1) * 9 + usize::from(c - 1))),
                _ => None,
            };
            match entry {
                Some((digit, cell)) => list.push((cell, digit)),
                None => {
                    let written: String = token.iter().map(|&d| (b'0' + d) as char).collect();
                    return Err(ParseError::at_column(
                        invalid(format!("'{written}' is not a candidate <digit><row><column>")),
                        start,
                    ));
                }
            }
            token.clear();
        } else {
            return Err(ParseError::at_column(ParseErrorKind::Unexpected(c), col));
        }
    }
    Ok(list)
}

fn push_candidate_list(s: &mut String, list: &[(Cell, Digit)]) {
    for (i, &(cell, digit)) in list.iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        s.push(digit_char(digit));
        s.push(value_char(cell.row() as u8 + 1));
        s.push(value_char(cell.col() as u8 + 1));
    }
}

/// Writes a case as a library line that [`parse_library_line`] reads back to the same case.
///
/// Givens are written as digits, other values as `+` and the digit. The deleted candidates are computed: in each
/// empty cell (row by row), the digits its peers' values allow but the grid lacks, ascending, as HoDoKu writes them.
/// A candidate the values exclude cannot be expressed in this format and is not written. The `extra` field is
/// always written, after a colon that stands even when it is empty (as in HoDoKu's files).
///
/// ```
/// use shudu::format::{parse_library_line, to_library_line};
/// let line = ":0000:1:+6+3+42+8+9...8+7531+6+2+9+42+91+7+5+4+6+38+349+16+58+7+2+5+8+79+42..+6+1+62+83+754+97+5+8+4+2+39+61+9.+6+5784+23+4+2+3+6+91...:::182:";
/// assert_eq!(to_library_line(&parse_library_line(line).unwrap()), line);
/// ```
pub fn to_library_line(case: &LibraryCase) -> String {
    let grid = &case.grid;
    let mut s = String::with_capacity(256);
    s.push(':');
    s.push_str(&case.code);
    if let Some(variant) = &case.variant {
        s.push('-');
        s.push_str(variant);
    }
    s.push(':');
    s.extend(case.digits.iter().map(digit_char));
    s.push(':');
    for cell in Cell::ALL {
        match grid.value(cell) {
            Some(d) => {
                if !grid.is_given(cell) {
                    s.push('+');
                }
                s.push(digit_char(d));
            }
            None => s.push('.'),
        }
    }
    s.push(':');
    let deleted: Vec<(Cell, Digit)> = Cell::ALL
        .iter()
        .filter(|&&cell| grid.value(cell).is_none())
        .flat_map(|&cell| {
            allowed(grid.values(), cell)
                .without(grid.candidates(cell))
                .iter()
                .map(move |d| (cell, d))
        })
        .collect();
    push_candidate_list(&mut s, &deleted);
    s.push(':');
    push_candidate_list(&mut s, &case.eliminations);
    s.push(':');
    push_candidate_list(&mut s, &case.placements);
    s.push(':');
    s.push_str(&case.extra);
    s
}

// ---------------------------------------------------------------------------------------------------------------
// Detection
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

#[cfg(feature = "serde")]
mod json {
    use crate::grid::House;
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::{cell_value, digit_of, to_line, Bitboard, Candidates, Cell, Digit, Grid, ParseError, ParseErrorKind};

    /// The JSON shape of a [`Grid`]; the module documentation of `format` describes it.
    #[derive(Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct GridJson {
        values: String,
        #[serde(default)]
        candidates: Option<Vec<String>>,
        #[serde(default)]
        givens: Option<String>,
    }

    /// 81 cell characters and nothing else: unlike [`super::parse_line`], no comment may follow, since a JSON field
    /// has no room for one.
    fn read_cells(s: &str) -> Result<[u8; 81], ParseError> {
        let mut values = [0u8; 81];
        let mut found = 0;
        for (i, c) in s.chars().enumerate() {
            let v = cell_value(c).ok_or(ParseError::at_column(ParseErrorKind::Unexpected(c), i + 1))?;
            if let Some(slot) = values.get_mut(found) {
                *slot = v;
            }
            found += 1;
        }
        if found != 81 {
            return Err(ParseError::new(ParseErrorKind::CellCount { found, expected: 81 }));
        }
        Ok(values)
    }

    fn grid_from_json(json: GridJson) -> Result<Grid, String> {
        let values = read_cells(&json.values).map_err(|e| format!("values: {e}"))?;
        let candidates = match &json.candidates {
            None => {
                let mut all = [Candidates::EMPTY; 81];
                for cell in Cell::ALL {
                    all[cell.index()] = super::allowed(&values, cell);
                }
                all
            }
            Some(list) => {
                if list.len() != 81 {
                    return Err(format!("candidates: {} cells, expected 81", list.len()));
                }
                let mut all = [Candidates::EMPTY; 81];
                for (cell, written) in Cell::ALL.into_iter().zip(list) {
                    let mut set = Candidates::EMPTY;
                    for c in written.chars() {
                        let d = digit_of(c).ok_or_else(|| {
                            format!(
                                "candidates of {cell}: {}",
                                ParseError::new(ParseErrorKind::Unexpected(c))
                            )
                        })?;
                        if !set.insert(d) {
                            return Err(format!("candidates of {cell}: {d} twice"));
                        }
                    }
                    if let (Some(v), false) = (Digit::new(values[cell.index()]), set.is_empty()) {
                        return Err(format!("candidates of {cell}: the cell holds {v}, so it has none"));
                    }
                    all[cell.index()] = set;
                }
                all
            }
        };
        let givens = match &json.givens {
            None => Cell::ALL.into_iter().filter(|c| values[c.index()] != 0).collect(),
            Some(line) => {
                let given = read_cells(line).map_err(|e| format!("givens: {e}"))?;
                let mut set = Bitboard::EMPTY;
                for cell in Cell::ALL {
                    let (g, v) = (given[cell.index()], values[cell.index()]);
                    if g == 0 {
                        continue;
                    }
                    if g != v {
                        return Err(match Digit::new(v) {
                            Some(v) => format!("givens: {cell} holds {g} but values hold {v}"),
                            None => format!("givens: {cell} holds {g} but is empty in values"),
                        });
                    }
                    set.insert(cell);
                }
                set
            }
        };
        Grid::from_state(&values, &candidates, givens).map_err(|c| c.to_string())
    }

    impl Serialize for Grid {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            let mut givens = [0u8; 81];
            for cell in self.givens() {
                givens[cell.index()] = self.values()[cell.index()];
            }
            GridJson {
                values: to_line(self.values()),
                candidates: Some(Cell::ALL.iter().map(|&c| self.candidates(c).to_string()).collect()),
                givens: Some(to_line(&givens)),
            }
            .serialize(serializer)
        }
    }

    impl<'de> Deserialize<'de> for Grid {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Grid, D::Error> {
            grid_from_json(GridJson::deserialize(deserializer)?).map_err(D::Error::custom)
        }
    }

    impl Serialize for Cell {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.collect_str(self)
        }
    }

    /// A house is written as HoDoKu names it: `"r1"`, `"c9"`, `"b5"`.
    impl Serialize for House {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.collect_str(self)
        }
    }

    impl<'de> Deserialize<'de> for Cell {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Cell, D::Error> {
            let name = String::deserialize(deserializer)?;
            let cell = match name.as_bytes() {
                [r, row @ b'1'..=b'9', c, col @ b'1'..=b'9']
                    if r.eq_ignore_ascii_case(&b'r') && c.eq_ignore_ascii_case(&b'c') =>
                {
                    Cell::new(usize::from(row - b'1') * 9 + usize::from(col - b'1'))
                }
                _ => None,
            };
            cell.ok_or_else(|| D::Error::custom(format!("expected a cell such as r1c9, found {name:?}")))
        }
    }

    impl Serialize for Digit {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.serialize_u8(self.get())
        }
    }

    impl<'de> Deserialize<'de> for Digit {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Digit, D::Error> {
            let n = u8::deserialize(deserializer)?;
            Digit::new(n).ok_or_else(|| D::Error::custom(format!("expected a digit 1 to 9, found {n}")))
        }
    }

    impl Serialize for Candidates {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.collect_str(self)
        }
    }

    impl<'de> Deserialize<'de> for Candidates {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Candidates, D::Error> {
            let written = String::deserialize(deserializer)?;
            let mut set = Candidates::EMPTY;
            for c in written.chars() {
                let d = digit_of(c).ok_or_else(|| {
                    D::Error::custom(format!(
                        "candidates {written:?}: {}",
                        ParseError::new(ParseErrorKind::Unexpected(c))
                    ))
                })?;
                set.insert(d);
            }
            Ok(set)
        }
    }
}

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
    fn candidate_lists_name_the_bad_entry() {
        assert_eq!(
            read_candidate_list((10, "123  4567 891")).map_err(|e| e.to_string()),
            Err("column 15: '4567' is not a candidate <digit><row><column>".to_owned())
        );
        assert_eq!(
            read_candidate_list((1, "120")).map_err(|e| e.to_string()),
            Err("column 3: unexpected '0'".to_owned())
        );
        let list = read_candidate_list((1, " 436  257 ")).expect("two entries");
        assert_eq!(
            list,
            [
                (Cell::at(2, 5), Digit::from_index(3)),
                (Cell::at(4, 6), Digit::from_index(1))
            ]
        );
    }

    #[test]
    fn codes_and_variants() {
        assert_eq!(read_code((2, "0610-x")), Ok(("0610", Some("x"))));
        assert_eq!(read_code((2, "0000")), Ok(("0000", None)));
        let err = |f: &str| read_code((2, f)).map(|_| ()).map_err(|e| e.to_string());
        assert_eq!(err("-1"), Err("column 2: no technique code".to_owned()));
        assert_eq!(err("0110-"), Err("column 6: no variant after '-'".to_owned()));
        assert_eq!(err("0110-1-2"), Err("column 8: unexpected '-'".to_owned()));
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
