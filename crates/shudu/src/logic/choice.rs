//! HoDoKu's choice among the instances of one technique at one step, learnt from its paths (`tests/hodoku_paths.rs`,
//! whose `choices` analysis lists, at every step of HoDoKu's paths, where its step ranks among shudu's instances).
//!
//! For most techniques HoDoKu takes the first instance its search meets, and shudu's finders search in the same
//! order. For the chains it weighs every instance it finds and takes the one that removes the most candidates; for
//! ALS-XZ and ALS-XY-Wing the first combination of sets in its order of sets; for XY-Wings the first by their
//! cells. This module says which techniques are weighed so, and how ties are broken, and which finders HoDoKu's
//! ladder uses where its search differs from the default ladder's (grouped nice loops without sets, forcing chains
//! through groups and forcing nets in HoDoKu's order, ALS chains up its order of sets). The finders report every
//! instance as before: the choice is the solver's.

use crate::grid::Grid;

use super::step::Step;
use super::technique::Technique;
use super::{als, chains, finder, forcing, Finder, Flow};

/// The finder HoDoKu's ladder uses for `technique`: the registry's, but for the grouped chains, which pass through
/// groups only (HoDoKu's default leaves almost locked sets out of them), and the forcing chains, which pass through
/// groups too (every one of the 688 forcing chains of HoDoKu's paths over 362 puzzles of top1465 past its first 500
/// that shudu's chains did not find went through a group). The nice loops, grouped or not, are searched in one
/// phase ([`chains::nice_loop_weighed`]): HoDoKu's rule weighs every instance, so no search stops at its first.
///
/// With `strict` (the grading ladder, [`crate::rate::hodoku_solver`]) the path also ends as HoDoKu's does: its nets
/// alone, then Brute Force in its cell; without, the default ladder's nets go on where HoDoKu's stop.
pub(super) fn hodoku_finder(technique: Technique, strict: bool) -> Option<Finder> {
    match technique {
        Technique::NiceLoop => Some(chains::nice_loop_weighed),
        Technique::GroupedNiceLoop => Some(chains::grouped_nice_loop_without_als_weighed),
        Technique::ForcingChain => Some(forcing::forcing_chain_grouped),
        Technique::AlsChain => Some(als::als_chain_forward),
        Technique::ForcingNet if strict => Some(forcing::forcing_net_hodoku_only),
        Technique::ForcingNet => Some(forcing::forcing_net_hodoku),
        Technique::BruteForce if strict => Some(forcing::brute_force_hodoku),
        _ => finder(technique),
    }
}

/// Whether every step `technique` can take, with the finder the rule of `choice` uses, starts where the forcing
/// chains' closures through groups let a chain start, so that where they let none through the technique finds
/// nothing ([`forcing::chains_cannot_conclude`]): the chains through candidates and groups. The default finder of
/// grouped nice loops also passes through almost locked sets, which those closures do not follow.
pub(super) fn covered_by_chain_closures(technique: Technique, choice: super::Choice) -> bool {
    match technique {
        Technique::XChain | Technique::XYChain | Technique::NiceLoop => true,
        Technique::GroupedNiceLoop => choice == super::Choice::Hodoku,
        _ => false,
    }
}

/// Whether HoDoKu's default configuration reports `step` at all: not the dual patterns (Dual 2-String Kite, Dual
/// Empty Rectangle), which it has off, nor an AIC that starts or ends in a group (its AICs, seen in its paths, always
/// begin and end at a single candidate; the same inference comes as a discontinuous nice loop from each removed
/// candidate, which the chain finders report too). Seven of the fixtures' first differences were such AICs.
pub(super) fn hodoku_reports(step: &Step) -> bool {
    let variant = step.pattern.variant.unwrap_or_default();
    if variant.starts_with("Dual") {
        return false;
    }
    if variant.ends_with("AIC") {
        if let Some(chain) = step.pattern.chains.first() {
            let single = |n: Option<&super::step::Node>| n.is_none_or(|n| n.cells.len() == 1);
            return single(chain.nodes.first()) && single(chain.nodes.last());
        }
    }
    true
}

/// Whether HoDoKu's own search finds `step`, where it asks more of a pattern than soundness does: an Avoidable
/// Rectangle Type 1 only where the corner it clears holds two candidates. Five of top1465's first 500 held-out
/// paths parted at such a rectangle, HoDoKu going on to a chain (`uniqueness.rs` finds them all, for explanations).
pub(super) fn hodoku_finds_strictly(grid: &Grid, step: &Step) -> bool {
    match step.technique {
        Technique::AvoidableRectangleType1 => step
            .eliminations
            .iter()
            .all(|&(cell, _)| grid.candidates(cell).len() == 2),
        _ => true,
    }
}

/// Whether HoDoKu weighs every instance of `technique` before choosing (see [`rank`]).
pub(super) fn weighs_all(technique: Technique) -> bool {
    matches!(
        technique,
        Technique::XChain
            | Technique::XYChain
            | Technique::NiceLoop
            | Technique::GroupedNiceLoop
            | Technique::TurbotFish
            | Technique::XYWing
            | Technique::AlsChain
            | Technique::AlsXz
            | Technique::AlsXyWing
    )
}

/// The key HoDoKu sorts the other weighed instances by (ALS chains, and the choices not ranked otherwise), smallest
/// first: more eliminations first, then the removed candidates' weights, cell × 10 + digit, compared largest first.
fn key(step: &Step) -> (usize, Vec<u32>) {
    let mut indices: Vec<u32> = step
        .eliminations
        .iter()
        .map(|&(c, d)| c.index() as u32 * 10 + u32::from(d.get()))
        .collect();
    indices.sort_unstable_by(|a, b| b.cmp(a));
    (more_first(step), indices)
}

/// HoDoKu's order of the simple chains (X-Chain, XY-Chain, Turbot Fish): more eliminations first, then the smaller
/// weighted sum of what they remove, the `i`-th removed candidate (by cell, as HoDoKu lists a chain's) weighing
/// cell × (1 + 80 i) + digit; equal sums keep the order found. This is HoDoKu's own sort of steps (its source
/// documents the weights), and its lists of every XY-Chain (`/bsaf`) bear it out: the first listed is the smallest
/// so at all 542 training boards with two or more (cell × 10 + digit, largest first: 534), 44 of 5,552 neighbouring
/// pairs out of order, all of equal sums, where HoDoKu keeps its own order of search.
fn index_sum_key(step: &Step) -> (usize, u32) {
    let sum = weighted_sum(&removals_by_cell(step));
    (more_first(step), sum)
}

/// The first part of every key here: the more a step removes and places, the smaller, so it sorts first.
fn more_first(step: &Step) -> usize {
    usize::MAX - step.eliminations.len() - step.placements.len()
}

/// A step's removals as (cell index, digit), by cell and then digit.
fn removals_by_cell(step: &Step) -> Vec<(usize, u32)> {
    let mut removed: Vec<(usize, u32)> = step
        .eliminations
        .iter()
        .map(|&(c, d)| (c.index(), u32::from(d.get())))
        .collect();
    removed.sort_unstable();
    removed
}

/// HoDoKu's weighted sum of removals listed in its order: the `i`-th weighs cell × (1 + 80 i) + digit.
fn weighted_sum(removed: &[(usize, u32)]) -> u32 {
    removed
        .iter()
        .zip(0u32..)
        .map(|(&(cell, digit), i)| cell as u32 * (1 + 80 * i) + digit)
        .sum()
}

/// HoDoKu's order of nice loops and AICs (grouped or not, which its tabling search finds): as [`index_sum_key`],
/// the removals taken in the order that search lists them: a discontinuous loop's in its start cell by digit, a
/// type 1 AIC's by cell, a type 2 AIC's (two digits) from its end in the later cell, and a continuous loop's, for
/// now, by cell (HoDoKu lists those along the loop, from a start and in a direction not modelled). For loops of one
/// removal this is cell + digit, which HoDoKu's lists of every loop at the training boards follow at all 11,361
/// neighbouring pairs (cell × 10 + digit: 1,462 out of order); for several it replaced cell + digit compared largest
/// first (training 813 -> 824 exact scores).
///
/// Equal sums keep HoDoKu's order of search: the loops its tables find from a candidate assumed true (by its cell ×
/// 10 + digit), then the others, then the AICs. A discontinuous loop removing one candidate is found from that
/// candidate assumed true; the other loops are put after them. Of the training paths' first differences, 14 were
/// discontinuous loops tied on cell + digit, HoDoKu's the one of the lower cell × 10 + digit.
fn loop_key(step: &Step) -> (usize, u32, u8, u32) {
    let variant = step.pattern.variant.unwrap_or_default();
    let (group, premise) = match step.eliminations.as_slice() {
        [(cell, digit)] if variant.ends_with("Discontinuous Nice Loop") => {
            (0, cell.index() as u32 * 10 + u32::from(digit.get()))
        }
        _ if variant.ends_with("AIC") => (2, 0),
        _ => (1, 0),
    };
    (more_first(step), loop_sum(step), group, premise)
}

fn loop_sum(step: &Step) -> u32 {
    let mut removed = removals_by_cell(step);
    let variant = step.pattern.variant.unwrap_or_default();
    if variant.ends_with("AIC") && removed.len() == 2 && removed[0].1 != removed[1].1 {
        // Type 2 (two digits): HoDoKu lists (start cell, end digit) then (end cell, start digit), and its tables meet
        // such an AIC from either end; taken from the end in the later cell, the lower cell weighs the more and the
        // sum is the smaller of the two. Taken so, the training paths give 834 exact scores (from the end HoDoKu's
        // tables search first, 832); its lists of every AIC do not settle it (either way about a sixth of their
        // neighbouring pairs with a type 2 AIC are out of order).
        removed.swap(0, 1);
    }
    weighted_sum(&removed)
}

/// HoDoKu's order of XY-Wings: by their three cells, ascending, compared as words; it takes the first, however much
/// another removes (312 of 312 XY-Wing steps of its paths over top1465's lines 501 on; the most eliminations and
/// then the first found, 296).
fn cells_key(step: &Step) -> [usize; 3] {
    let mut cells = [usize::MAX; 3];
    for (slot, c) in cells.iter_mut().zip(&step.pattern.cells) {
        *slot = c.index();
    }
    cells.sort_unstable();
    cells
}

/// HoDoKu's order of ALS-XZ and ALS-XY-Wing steps: by their sets in its order of sets, smallest first (it takes
/// the first combination of sets its loops meet, however much another removes: 587 of 587 ALS-XZ and 667 of 677
/// ALS-XY-Wing steps of its paths over 965 puzzles of top1465 past its first 500; the most eliminations, 520 and
/// 565).
fn sets_key(step: &Step) -> Vec<u64> {
    let mut keys: Vec<_> = step
        .pattern
        .sets
        .iter()
        .map(|s| als::hodoku_set_key(s.iter().copied().collect()))
        .collect();
    keys.sort_unstable();
    keys
}

/// Where a step stands in HoDoKu's choice among the instances of its technique, smallest first (ties keep the
/// first found). ALS chains go by the most eliminations and then [`key`], as the other chains (169 of 170 steps
/// with the sum of indices, the same with the largest first), and so do Turbot Fish (17 of 17 fixture steps; the
/// first found, 15). Worked out once a step: the sets' keys of an ALS step take an allocation.
#[derive(PartialEq, PartialOrd)]
enum Rank {
    Sets(Vec<u64>),
    Cells([usize; 3]),
    Key((usize, Vec<u32>)),
    Sum((usize, u32)),
    Loop((usize, u32, u8, u32)),
}

fn rank(step: &Step) -> Rank {
    match step.technique {
        Technique::AlsXz | Technique::AlsXyWing => Rank::Sets(sets_key(step)),
        Technique::XYWing => Rank::Cells(cells_key(step)),
        Technique::XChain | Technique::XYChain | Technique::TurbotFish => Rank::Sum(index_sum_key(step)),
        Technique::NiceLoop | Technique::GroupedNiceLoop => Rank::Loop(loop_key(step)),
        _ => Rank::Key(key(step)),
    }
}

/// The best instance by HoDoKu's rule ([`rank`]) among those `find` reports in `grid` that `keep` accepts and
/// `seen` says HoDoKu's own search finds; `seen` is asked in order of rank, so only until one passes.
pub(super) fn choose_seen(
    grid: &Grid,
    find: Finder,
    keep: &dyn Fn(&Step) -> bool,
    seen: &dyn Fn(&Step) -> bool,
) -> Option<Step> {
    let mut all: Vec<(Rank, Step)> = Vec::new();
    let _ = find(grid, &mut |s| {
        if keep(&s) {
            all.push((rank(&s), s));
        }
        Flow::Continue(())
    });
    // Stable: equal ranks keep the order found, as `choose` does.
    all.sort_by(|a, b| a.0.partial_cmp(&b.0).unwrap_or(core::cmp::Ordering::Equal));
    all.into_iter().map(|(_, s)| s).find(|s| seen(s))
}

/// The instance chosen among those `find` reports in `grid` that `keep` accepts: the first, or with `weigh` the
/// best by HoDoKu's rule ([`rank`]).
pub(super) fn choose(grid: &Grid, find: Finder, weigh: bool, keep: &dyn Fn(&Step) -> bool) -> Option<Step> {
    let mut best: Option<Step> = None;
    let mut best_rank: Option<Rank> = None;
    let _ = find(grid, &mut |s| {
        if !keep(&s) {
            return Flow::Continue(());
        }
        if !weigh {
            best = Some(s);
            return Flow::Break(());
        }
        let r = rank(&s);
        if best_rank.as_ref().is_none_or(|b| r < *b) {
            best = Some(s);
            best_rank = Some(r);
        }
        Flow::Continue(())
    });
    best
}
