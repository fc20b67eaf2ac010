//! The 9-line grid, with or without decorations.

use super::*;

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
