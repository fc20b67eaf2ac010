//! Chains and loops: X-Chain, XY-Chain, Nice Loops and AIC, grouped or not (HoDoKu codes 0701–0711).

use super::step::Step;
use super::Lang;

/// The explanation of a chain step.
pub(super) fn explain(step: &Step, lang: Lang, result: &str) -> String {
    let _ = lang;
    format!("{}: {result}", step.technique)
}
