//! The last resorts: Kraken Fish, Forcing Chains and Nets, Brute Force and Give Up.

use super::step::Step;
use super::Lang;

/// The explanation of a last-resort step.
pub(super) fn explain(step: &Step, lang: Lang, result: &str) -> String {
    let _ = lang;
    format!("{}: {result}", step.technique)
}
