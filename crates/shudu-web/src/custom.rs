//! A puzzle the player brings: read in any format the engine reads, and when it cannot be played, told why in a
//! way the page can show on the board — where the text is wrong, which givens clash, or where two solutions part.

use axum::http::StatusCode;
use serde_json::json;
use shudu::format::{ParseError, ParseErrorKind};
use shudu::{search, Cell, Contradiction};

use crate::error::ApiError;

/// The longest puzzle text read (a pencil-mark grid with borders is under 2,000 characters).
pub const MAX_TEXT: usize = 20_000;

fn unprocessable(code: &'static str, message: String) -> ApiError {
    ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, code, message)
}

/// The givens of a puzzle text, or why it cannot be read.
pub fn read(text: &str) -> Result<[u8; 81], ApiError> {
    if text.len() > MAX_TEXT {
        return Err(unprocessable(
            "bad_puzzle",
            format!(
                "the puzzle text is {} characters; at most {MAX_TEXT} are read",
                text.len()
            ),
        ));
    }
    match shudu::format::parse(text) {
        Ok(grid) => Ok(*grid.values()),
        Err(ParseError {
            kind: ParseErrorKind::Contradiction(c),
            ..
        }) => Err(contradiction(c)),
        Err(e) => Err(unprocessable("bad_puzzle", format!("the puzzle cannot be read: {e}"))
            .with_detail(json!({ "line": e.line, "column": e.column }))),
    }
}

fn contradiction(c: Contradiction) -> ApiError {
    match c {
        Contradiction::Clash { digit, first, second } => unprocessable(
            "no_solution",
            format!("the puzzle has no solution: {first} and {second} both hold {digit}"),
        )
        .with_detail(json!({ "clashes": [[first.index(), second.index()]] })),
        other => unprocessable("no_solution", format!("the puzzle has no solution: {other}")),
    }
}

/// The only solution of `puzzle`, or why there is not exactly one: no solution (with the clashing givens, if
/// that is why), or several (with two of them and the cells where they differ).
pub fn solve(puzzle: &[u8; 81]) -> Result<[u8; 81], ApiError> {
    if let Err(c) = shudu::Grid::from_values(puzzle) {
        return Err(contradiction(c));
    }
    let outcome = search::search(puzzle, 2);
    match (outcome.count, outcome.solution) {
        (1, Some(solution)) => Ok(solution),
        (0, _) | (1, None) => Err(unprocessable(
            "no_solution",
            "the puzzle has no solution: its givens break no rule, but no grid completes them".to_string(),
        )),
        (_, Some(first)) => {
            // A second solution differs from the first somewhere: rule out the first's digit in each empty cell in
            // turn until a solution appears.
            let second = (0..81)
                .filter(|&i| puzzle[i] == 0)
                .find_map(|i| search::search_excluding(puzzle, &[(i, first[i])], 1).solution);
            let mut detail = json!({ "solutions": [shudu::format::to_line(&first)] });
            let mut message = "the puzzle has more than one solution".to_string();
            if let Some(second) = second {
                let differ: Vec<usize> = (0..81).filter(|&i| first[i] != second[i]).collect();
                let named: Vec<String> = differ
                    .iter()
                    .take(6)
                    .filter_map(|&i| Cell::new(i))
                    .map(|c| format!("{c}={}|{}", first[c.index()], second[c.index()]))
                    .collect();
                message = format!(
                    "the puzzle has more than one solution: two of them differ in {} cells ({}{})",
                    differ.len(),
                    named.join(", "),
                    if differ.len() > 6 { ", …" } else { "" }
                );
                detail = json!({
                    "solutions": [shudu::format::to_line(&first), shudu::format::to_line(&second)],
                    "differ": differ,
                });
            }
            Err(unprocessable("several_solutions", message).with_detail(detail))
        }
        (_, None) => Err(unprocessable(
            "several_solutions",
            "the puzzle has more than one solution".to_string(),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_fault_is_told_with_where_it_is() {
        let bad = read("12x").unwrap_err();
        assert_eq!(bad.code, "bad_puzzle");
        assert!(bad.message.contains("column 3"), "{}", bad.message);
        let mut clash = ".".repeat(81);
        clash.replace_range(0..1, "5");
        clash.replace_range(8..9, "5");
        let e = read(&clash).unwrap_err();
        assert_eq!(e.code, "no_solution");
        assert_eq!(e.detail.unwrap()["clashes"], json!([[0, 8]]));
        let empty = [0u8; 81];
        let e = solve(&empty).unwrap_err();
        assert_eq!(e.code, "several_solutions");
        let detail = e.detail.unwrap();
        assert_eq!(detail["solutions"].as_array().unwrap().len(), 2);
        assert!(!detail["differ"].as_array().unwrap().is_empty());
        let p = read("006800005080200007050347200000000013003009000800000500000060080000403000700100020").unwrap();
        assert!(solve(&p).is_ok());
    }
}
