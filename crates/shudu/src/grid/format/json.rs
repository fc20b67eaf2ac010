//! JSON (the `serde` feature): the shapes are described in the documentation of `format`.

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
