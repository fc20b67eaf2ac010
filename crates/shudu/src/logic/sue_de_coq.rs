//! Sue de Coq (HoDoKu code 1101): two almost locked sets around a box–line intersection.

use super::step::Step;
use super::Lang;

/// The explanation of a Sue de Coq step.
pub(super) fn explain(step: &Step, lang: Lang, result: &str) -> String {
    let _ = lang;
    format!("{}: {result}", step.technique)
}
