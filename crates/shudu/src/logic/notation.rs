//! HoDoKu's notation for cells, candidates and steps (`r467c2`, `r3c1<>3`, `3,7 in r3c89`), in English and Chinese.

use crate::grid::{Bitboard, Candidates, Cell, Digit, House};

use super::step::Step;
use super::technique::Technique;
use super::Lang;

/// A set of cells written compactly: cells sharing a row as `r3c89`, cells sharing a column as `r467c2`, groups
/// joined by commas (`r1c13,r3c2`). Each group takes the line holding the most of the cells still unwritten.
///
/// ```
/// use shudu::logic::notation::cells;
/// use shudu::Cell;
/// assert_eq!(cells(&[Cell::at(3, 1), Cell::at(5, 1), Cell::at(6, 1)]), "r467c2");
/// assert_eq!(cells(&[Cell::at(0, 0), Cell::at(0, 2), Cell::at(2, 1)]), "r1c13,r3c2");
/// ```
pub fn cells(list: &[Cell]) -> String {
    let mut out = String::new();
    push_cells(&mut out, list.iter().copied().collect());
    out
}

/// [`cells`] of a set, written onto the end of `out`: explanations write cells by the thousand, so the groups are
/// found with bit sets and written without a string apiece.
pub(super) fn push_cells(out: &mut String, set: Bitboard) {
    let one = |n: usize| char::from(b'1' + n as u8);
    // Most sets written are one cell (a chain's nodes, most removals): its row, as a group of one.
    if set.len() == 1 {
        if let Some(c) = set.first() {
            out.push('r');
            out.push(one(c.row()));
            out.push('c');
            out.push(one(c.col()));
        }
        return;
    }
    let lines: [House; 18] = core::array::from_fn(|i| {
        if i < 9 {
            House::Row(i as u8)
        } else {
            House::Col(i as u8 - 9)
        }
    });
    // Each group: its first cell, its line and its cells.
    let mut groups: Vec<(Cell, House, Bitboard)> = Vec::new();
    let mut left = set;
    while !left.is_empty() {
        // The row or column holding most of what is left; rows win ties, as HoDoKu prints them.
        let mut best: Option<(u32, House, Bitboard)> = None;
        for line in lines {
            let members = left & line.cell_set();
            let n = members.len();
            if n > 0 && best.is_none_or(|(m, _, _)| n > m) {
                best = Some((n, line, members));
            }
        }
        let Some((_, line, members)) = best else { break };
        left = left - members;
        if let Some(first) = members.first() {
            groups.push((first, line, members));
        }
    }
    groups.sort_by_key(|&(first, _, _)| first);
    for (i, &(first, line, members)) in groups.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        match line {
            House::Row(_) => {
                out.push('r');
                out.push(one(first.row()));
                out.push('c');
                out.extend(members.iter().map(|c| one(c.col())));
            }
            _ => {
                out.push('r');
                out.extend(members.iter().map(|c| one(c.row())));
                out.push('c');
                out.push(one(first.col()));
            }
        }
    }
}

/// Eliminations grouped by digit, ascending: `r1c13<>1, r3c5<>7`.
pub fn eliminations(list: &[(Cell, Digit)]) -> String {
    let mut by_digit = [Bitboard::EMPTY; 9];
    for &(c, d) in list {
        by_digit[d.index()].insert(c);
    }
    let mut out = String::new();
    for (d, &set) in Digit::ALL.iter().zip(&by_digit) {
        if !set.is_empty() {
            if !out.is_empty() {
                out.push_str(", ");
            }
            push_cells(&mut out, set);
            out.push_str("<>");
            out.push(d.to_char());
        }
    }
    out
}

/// Placements: `r3c4=5`, several joined by commas.
pub fn placements(list: &[(Cell, Digit)]) -> String {
    let mut out = String::new();
    for (i, (c, d)) in list.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        // Pushed, not formatted: a path writes a placement at most of its steps.
        push_cells(&mut out, Bitboard::only(*c));
        out.push('=');
        out.push(d.to_char());
    }
    out
}

/// Digits separated by commas: `3,7`.
pub fn digits(set: Candidates) -> String {
    let mut out = String::new();
    for (i, d) in set.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push(d.to_char());
    }
    out
}

/// The Chinese name of a step, naming the variant where the registry's name covers several
/// (hidden single by box, row or column; the seeds' 数对法 for pairs).
fn name_zh(step: &Step) -> String {
    let base = step.pattern.base.first();
    match step.technique {
        Technique::HiddenSingle => match base {
            Some(House::Box(_)) => "摒除法（宫摒除）".into(),
            Some(House::Row(_)) => "摒除法（行摒除）".into(),
            Some(House::Col(_)) => "摒除法（列摒除）".into(),
            None => "摒除法".into(),
        },
        Technique::NakedSingle => "唯余法".into(),
        Technique::NakedPair => "数对法（显性数对）".into(),
        Technique::HiddenPair => "数对法（隐性数对）".into(),
        t => t.info().name_zh.into(),
    }
}

/// The explanation of a step.
pub fn explain(step: &Step, lang: Lang) -> String {
    let p = &step.pattern;
    let house = |i: usize| p.base.get(i).map(|h| h.to_string()).unwrap_or_default();
    // Made only by the arms that name them: most steps are singles.
    let cover = || p.cover.first().map(|h| h.to_string()).unwrap_or_default();
    let result = if step.placements.is_empty() {
        eliminations(&step.eliminations)
    } else {
        placements(&step.placements)
    };
    let single_digit = || p.digits.first().map(|d| d.to_string()).unwrap_or_default();
    match (lang, step.technique) {
        // Fish name their base and cover houses and fins (see fish.rs).
        (_, t) if super::fish::is_fish(t) => super::fish::explain(step, lang),
        // The uniqueness family words its steps from the rectangle's corners and digits (see uniqueness.rs).
        (_, t) if t.info().family == super::technique::Family::Uniqueness => {
            super::uniqueness::explain(step, lang, &result)
        }
        // The commonest steps' text joined rather than formatted: a path writes one at most of its steps.
        (Lang::En, Technique::FullHouse | Technique::NakedSingle) => [step.technique.name(), ": ", &result].concat(),
        (Lang::En, Technique::HiddenSingle) => ["Hidden Single: ", &result, " in ", &house(0)].concat(),
        (Lang::En, Technique::LockedCandidatesPointing | Technique::LockedCandidatesClaiming) => [
            step.technique.name(),
            ": ",
            &single_digit(),
            " in ",
            &house(0),
            " => ",
            &result,
        ]
        .concat(),
        // Single-digit patterns, wings, colouring and Remote Pair word their steps from their own patterns.
        (_, Technique::Skyscraper | Technique::TwoStringKite | Technique::TurbotFish | Technique::EmptyRectangle) => {
            super::single_digit::explain(step, lang, &result)
        }
        (_, Technique::XYWing | Technique::XYZWing | Technique::WXYZWing | Technique::WWing) => {
            super::wings::explain(step, lang, &result)
        }
        (_, Technique::SimpleColors | Technique::MultiColors | Technique::RemotePair) => {
            super::coloring::explain(step, lang, &result)
        }
        // Chains, ALS, Sue de Coq and the last resorts word their steps from their chains and sets.
        (_, Technique::XChain | Technique::XYChain | Technique::NiceLoop | Technique::GroupedNiceLoop) => {
            super::chains::explain(step, lang, &result)
        }
        (_, Technique::AlsXz | Technique::AlsXyWing | Technique::AlsChain | Technique::DeathBlossom) => {
            super::als::explain(step, lang, &result)
        }
        (_, Technique::SueDeCoq) => super::sue_de_coq::explain(step, lang, &result),
        (_, Technique::TemplateSet | Technique::TemplateDelete) => super::templates::explain(step, lang, &result),
        (
            _,
            Technique::KrakenFish
            | Technique::ForcingChain
            | Technique::ForcingNet
            | Technique::BruteForce
            | Technique::GiveUp,
        ) => super::forcing::explain(step, lang, &result),
        (Lang::En, t) if !p.cells.is_empty() && !p.digits.is_empty() => {
            format!("{t}: {} in {} => {result}", digits(p.digits), cells(&p.cells))
        }
        (Lang::En, t) => format!("{t}: {result}"),
        (Lang::Zh, Technique::FullHouse) => format!("{}：{} 只剩一格 => {result}", name_zh(step), house(0)),
        (Lang::Zh, Technique::NakedSingle) => {
            format!("{}：{} 只余一个候选数 => {result}", name_zh(step), cells(&p.cells))
        }
        (Lang::Zh, Technique::HiddenSingle) => {
            format!(
                "{}：{} 中 {} 只能填在 {} => {result}",
                name_zh(step),
                house(0),
                single_digit(),
                cells(&p.cells)
            )
        }
        (Lang::Zh, Technique::LockedCandidatesPointing | Technique::LockedCandidatesClaiming) => {
            format!(
                "{}：{} 中的 {} 只在 {} => {result}",
                name_zh(step),
                house(0),
                single_digit(),
                cover()
            )
        }
        (Lang::Zh, Technique::HiddenPair | Technique::HiddenTriple | Technique::HiddenQuadruple) => format!(
            "{}：{} 中 {} 只在 {} => {result}",
            name_zh(step),
            house(0),
            digits(p.digits),
            cells(&p.cells)
        ),
        (Lang::Zh, _) if !p.cells.is_empty() && !p.digits.is_empty() => {
            format!(
                "{}：{} 在 {} => {result}",
                name_zh(step),
                digits(p.digits),
                cells(&p.cells)
            )
        }
        (Lang::Zh, _) => format!("{}：{result}", name_zh(step)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(r: usize, k: usize) -> Cell {
        Cell::at(r, k)
    }

    #[test]
    fn compact_cells_group_by_line() {
        assert_eq!(cells(&[c(2, 7), c(2, 8)]), "r3c89");
        assert_eq!(cells(&[c(3, 1), c(5, 1), c(6, 1)]), "r467c2");
        assert_eq!(cells(&[c(0, 0), c(0, 2), c(2, 1)]), "r1c13,r3c2");
        assert_eq!(cells(&[c(4, 4)]), "r5c5");
        assert_eq!(cells(&[]), "");
    }

    #[test]
    fn eliminations_group_by_digit() {
        let d = |n| Digit::new(n).expect("digit");
        let e = [(c(2, 0), d(3)), (c(2, 0), d(7))];
        assert_eq!(eliminations(&e), "r3c1<>3, r3c1<>7");
        let e = [(c(3, 1), d(1)), (c(5, 1), d(1)), (c(6, 1), d(1))];
        assert_eq!(eliminations(&e), "r467c2<>1");
    }
}
