//! Templates (HoDoKu codes 1201, 1202): the placements of one digit that fit the grid, and what they all share.

use super::step::Step;
use super::Lang;

/// The explanation of a template step.
pub(super) fn explain(step: &Step, lang: Lang, result: &str) -> String {
    let _ = lang;
    format!("{}: {result}", step.technique)
}
