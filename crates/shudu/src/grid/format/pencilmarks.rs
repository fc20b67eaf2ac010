//! The pencil-mark grid: 81 groups of candidates.

use super::*;

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
///   taken as written, less any digit a solved peer holds (a note left beside a placed digit; [`Grid::from_state`]
///   drops it, so no step can rest on it).
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
