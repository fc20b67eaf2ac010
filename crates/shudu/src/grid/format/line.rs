//! The 81-character line.

use super::*;

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
