//! HoDoKu's regression-library line.

use super::*;

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
        s.push(digit.to_char());
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
    s.extend(case.digits.iter().map(|d| d.to_char()));
    s.push(':');
    for cell in Cell::ALL {
        match grid.value(cell) {
            Some(d) => {
                if !grid.is_given(cell) {
                    s.push('+');
                }
                s.push(d.to_char());
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
