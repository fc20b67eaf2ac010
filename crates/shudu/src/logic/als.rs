//! Almost locked sets: ALS-XZ, ALS-XY-Wing, ALS-XY-Chain and Death Blossom (HoDoKu codes 0901–0904).

use super::step::Step;
use super::Lang;

/// The explanation of an ALS step.
pub(super) fn explain(step: &Step, lang: Lang, result: &str) -> String {
    let _ = lang;
    format!("{}: {result}", step.technique)
}
