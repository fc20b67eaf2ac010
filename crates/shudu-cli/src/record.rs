//! The JSON shape of a step, shared by `shudu explain` and `shudu hint`.

use serde::Serialize;
use shudu::logic::{Lang, Pattern, Step};

/// What a step is and does, in the fields every step record carries.
#[derive(Serialize)]
pub struct StepFields {
    /// The English name, whatever the language of `text`.
    pub technique: &'static str,
    /// HoDoKu's code.
    pub code: &'static str,
    pub level: &'static str,
    /// The explanation in the chosen language.
    pub text: String,
    /// `r3c4=5`, one entry per digit placed.
    pub placements: Vec<String>,
    /// `r3c1<>3`, one entry per candidate removed.
    pub eliminations: Vec<String>,
    /// The cells, houses, digits, chains and sets behind the step (empty parts left out), for a front end to
    /// highlight.
    pub pattern: Pattern,
}

impl StepFields {
    pub fn new(step: &Step, lang: Lang) -> StepFields {
        let info = step.technique.info();
        StepFields {
            technique: info.name,
            code: info.code,
            level: info.level.name(),
            text: step.explain(lang),
            placements: step.placements.iter().map(|(c, d)| format!("{c}={d}")).collect(),
            eliminations: step.eliminations.iter().map(|(c, d)| format!("{c}<>{d}")).collect(),
            pattern: step.pattern.clone(),
        }
    }
}

/// One step of a path: `explain --format json` writes one per step.
#[derive(Serialize)]
pub struct StepRecord<'a> {
    pub puzzle: &'a str,
    /// One-based.
    pub step: usize,
    #[serde(flatten)]
    pub fields: StepFields,
}
