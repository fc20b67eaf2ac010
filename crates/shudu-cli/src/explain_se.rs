//! `shudu explain --ladder se`: Sudoku Explainer's path, step by step, with SE's names and ratings.

use serde::Serialize;
use shudu::se::{board::cell_name, Board, Tenth};

use crate::input::Givens;
use crate::output::{push_json, Format};

/// One step of the path, as JSON.
#[derive(Serialize)]
struct StepRecord<'a> {
    puzzle: &'a str,
    step: usize,
    rule: String,
    rating: f64,
    /// Chain hints only: SE's complexity, which sets the length bonus.
    complexity: Option<u32>,
    eliminations: Vec<String>,
    placements: Vec<String>,
}

/// The last record of a puzzle.
#[derive(Serialize)]
struct SummaryRecord<'a> {
    puzzle: &'a str,
    valid: bool,
    reason: Option<&'static str>,
    er: Option<f64>,
    ep: Option<f64>,
    ed: Option<f64>,
    serate: Option<String>,
    steps: usize,
    /// Whether the ladder ran out of rules before the grid was full.
    stuck: bool,
}

fn one_decimal(x: f64) -> f64 {
    f64::from(shudu::se::tenths(x)) / 10.0
}

/// SE's path of one puzzle in `format` (`summary`: only the last line or record).
pub fn explain(givens: &Givens, puzzle: &str, format: Format, summary: bool) -> String {
    let mut text = String::new();
    let valid = givens.as_ref().filter(|v| shudu::search::count_solutions(v, 2) == 1);
    let Some(values) = valid else {
        let reason = match givens {
            Some(v) if shudu::search::count_solutions(v, 2) > 1 => "more than one solution",
            _ => "no solution",
        };
        match format {
            Format::Text if summary => text.push_str(&format!("{puzzle} invalid ({reason})\n")),
            Format::Text => text.push_str(&format!("{puzzle}\ninvalid: {reason}\n")),
            Format::Json => push_json(
                &mut text,
                &SummaryRecord {
                    puzzle,
                    valid: false,
                    reason: Some(reason),
                    er: None,
                    ep: None,
                    ed: None,
                    serate: None,
                    steps: 0,
                    stuck: false,
                },
            ),
        }
        return text;
    };
    if format == Format::Text && !summary {
        text.push_str(puzzle);
        text.push('\n');
    }
    let mut board = Board::from_values(values);
    let mut n = 0;
    let rating = shudu::se::rate_board(&mut board, |_, hint| {
        n += 1;
        if summary {
            return;
        }
        let eliminations: Vec<String> = hint
            .eliminations
            .iter()
            .map(|&(c, d)| format!("{}<>{d}", cell_name(usize::from(c))))
            .collect();
        let placements: Vec<String> = hint
            .placement
            .iter()
            .map(|&(c, d)| format!("{}={d}", cell_name(usize::from(c))))
            .collect();
        match format {
            Format::Text => {
                let mut what = placements.clone();
                what.extend(eliminations.iter().cloned());
                text.push_str(&format!(
                    "{n:3}. {}: {} ({})\n",
                    hint.kind,
                    what.join(", "),
                    Tenth(hint.rating)
                ));
            }
            Format::Json => push_json(
                &mut text,
                &StepRecord {
                    puzzle,
                    step: n,
                    rule: hint.kind.to_string(),
                    rating: one_decimal(hint.rating),
                    complexity: (hint.complexity > 0).then_some(hint.complexity),
                    eliminations,
                    placements,
                },
            ),
        }
    });
    let serate = rating.serate();
    match format {
        Format::Text if summary => {
            let state = if rating.stuck { "stuck" } else { "solved" };
            text.push_str(&format!("{puzzle} {state} {} ED={serate}\n", rating.steps));
        }
        Format::Text if rating.stuck => text.push_str(&format!(
            "stuck after {} steps: the SE ladder has no rule for the next step yet (aligned exclusion and the forcing \
             chains are still to come)\n",
            rating.steps
        )),
        Format::Text => text.push_str(&format!(
            "solved in {} steps: ER/EP/ED {serate} (ER {}, EP {}, ED {})\n",
            rating.steps,
            Tenth(rating.er),
            Tenth(rating.ep),
            Tenth(rating.ed)
        )),
        Format::Json => push_json(
            &mut text,
            &SummaryRecord {
                puzzle,
                valid: true,
                reason: None,
                er: (!rating.stuck).then(|| one_decimal(rating.er)),
                ep: (!rating.stuck).then(|| one_decimal(rating.ep)),
                ed: (!rating.stuck).then(|| one_decimal(rating.ed)),
                serate: (!rating.stuck).then_some(serate),
                steps: rating.steps,
                stuck: rating.stuck,
            },
        ),
    }
    text
}
