//! Positions from serate's traced paths (`SeTrace --state`, one JSON line a step): the board before the step and
//! serate's first hint there, and shudu's hint written the same way, so that the two compare as strings.

use shudu::se::{Board, Hint, Tenth};

/// A traced position: the board, and serate's hint as `kind rating cN [eliminations] [placements]`.
pub struct Position {
    pub board: Board,
    pub expected: String,
}

fn cell_name(cell: u8) -> String {
    format!("r{}c{}", cell / 9 + 1, cell % 9 + 1)
}

/// Every position of a fixture (one JSON object a line: rule, rating, complexity, eliminations, placements, values,
/// cands).
pub fn positions(text: &str) -> Vec<Position> {
    text.lines()
        .map(|line| {
            let step: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            let text_of = |key: &str| step[key].as_str().expect("a string field").to_string();
            let list = |key: &str| -> Vec<String> {
                let mut v: Vec<String> = step[key]
                    .as_array()
                    .expect("a list")
                    .iter()
                    .map(|e| e.as_str().expect("a string").to_string())
                    .collect();
                v.sort();
                v
            };
            let mut board = Board {
                values: [0; 81],
                cands: [0; 81],
            };
            for (i, ch) in text_of("values").bytes().enumerate() {
                if ch.is_ascii_digit() {
                    board.values[i] = ch - b'0';
                }
            }
            for (i, ch) in text_of("cands").bytes().enumerate() {
                if (b'1'..=b'9').contains(&ch) {
                    board.cands[i / 9] |= 1 << (ch - b'1');
                }
            }
            let expected = format!(
                "{} {:.1} c{} {:?} {:?}",
                text_of("rule"),
                step["rating"].as_f64().expect("a rating"),
                step["complexity"].as_u64().expect("a complexity"),
                list("eliminations"),
                list("placements")
            );
            Position { board, expected }
        })
        .collect()
}

/// shudu's hint written as [`Position::expected`] is, or `no hint`.
pub fn describe(hint: Option<Hint>) -> String {
    match hint {
        Some(h) => {
            let mut el: Vec<String> = h
                .eliminations
                .iter()
                .map(|&(c, d)| format!("{}<>{d}", cell_name(c)))
                .collect();
            el.sort();
            let pl: Vec<String> = h
                .placement
                .iter()
                .map(|&(c, d)| format!("{}={d}", cell_name(c)))
                .collect();
            format!("{} {} c{} {:?} {:?}", h.kind, Tenth(h.rating), h.complexity, el, pl)
        }
        None => "no hint".to_string(),
    }
}
