//! Checking the solver against HoDoKu's regression library: one case, one technique, one expected result.

use crate::format::LibraryCase;
use crate::grid::{Cell, Digit};

use super::{Solver, Step, Technique};

/// The verdict on one library case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A step of the technique gives exactly the expected placements and eliminations (or, for a fail case, the
    /// technique finds nothing).
    Pass,
    /// It does not; the text says what was found instead.
    Fail(String),
    /// The code names no technique, or one with no finder yet.
    Skipped,
}

/// The technique a case tests, if the code names one.
pub fn technique_of(case: &LibraryCase) -> Option<Technique> {
    Technique::from_code(&case.code)
}

fn sorted(list: &[(Cell, Digit)]) -> Vec<(Cell, Digit)> {
    let mut v = list.to_vec();
    v.sort_unstable();
    v.dedup();
    v
}

/// The finder for cases HoDoKu's own test runs with an option that is off by default: "allow ERs with only two
/// candidates" (a single candidate on each of the rectangle's lines) for variant 0402-1 and for every Dual Empty
/// Rectangle (0405), whose two rectangles are mostly of that kind.
fn variant_finder(case: &LibraryCase) -> Option<super::Finder> {
    match (case.code.as_str(), case.variant.as_deref()) {
        ("0402", Some("1")) | ("0405", _) => Some(super::single_digit::empty_rectangle_two_candidates),
        // HoDoKu runs its "with ALS overlap" cases with overlapping sets allowed.
        ("0902", Some("2")) => Some(super::als::als_xy_wing_overlapping),
        ("0903", Some("2")) => Some(super::als::als_chain_overlapping),
        ("0904", Some("2")) => Some(super::als::death_blossom_overlapping),
        _ => None,
    }
}

/// The chain length a chain case expects (its `extra` field), for the chain techniques.
fn chain_length_of(case: &LibraryCase, technique: Technique) -> Option<usize> {
    let chains = matches!(
        technique,
        Technique::XChain | Technique::XYChain | Technique::NiceLoop | Technique::GroupedNiceLoop
    );
    chains.then(|| case.extra.trim().parse().ok()).flatten()
}

/// Runs one case: finds every step of the case's technique in the case's state and compares.
pub fn check(case: &LibraryCase) -> Verdict {
    let Some(technique) = technique_of(case).filter(|t| t.is_implemented()) else {
        return Verdict::Skipped;
    };
    let steps = match variant_finder(case) {
        Some(find) => {
            let mut steps = Vec::new();
            let _ = find(&case.grid, &mut |s| {
                steps.push(s);
                super::Flow::Continue(())
            });
            steps
        }
        None => Solver::find_all(technique, &case.grid),
    };
    if case.is_fail_case() {
        return match steps.first() {
            None => Verdict::Pass,
            Some(s) => Verdict::Fail(format!("expected nothing, found: {}", s.explain(super::Lang::En))),
        };
    }
    let want_elim = sorted(&case.eliminations);
    let want_place = sorted(&case.placements);
    let matches = |s: &Step| sorted(&s.eliminations) == want_elim && sorted(&s.placements) == want_place;
    if steps.iter().any(matches) {
        // A chain case also gives HoDoKu's chain length: a step with the same result must be found with a chain no
        // longer (shorter is a better explanation; the search is shortest first).
        if let Some(length) = chain_length_of(case, technique) {
            if !steps
                .iter()
                .any(|s| matches(s) && super::chains::chain_length(s) <= length)
            {
                let found: Vec<usize> = steps
                    .iter()
                    .filter(|s| matches(s))
                    .map(super::chains::chain_length)
                    .collect();
                return Verdict::Fail(format!("the chain lengths are {found:?}, the library's {length}"));
            }
        }
        return Verdict::Pass;
    }
    let found = if steps.is_empty() {
        "nothing".to_string()
    } else {
        steps
            .iter()
            .take(3)
            .map(|s| s.explain(super::Lang::En))
            .collect::<Vec<_>>()
            .join(" | ")
    };
    Verdict::Fail(format!("found {found}"))
}

/// Helpers for the finders' unit tests, which embed library lines so they run without the shared data.
#[cfg(test)]
pub(crate) mod testing {
    use super::{check, Verdict};
    use crate::format::parse_library_line;
    use crate::logic::{Solver, Step, Technique};

    /// Every line passes the library check.
    pub fn assert_all_pass(lines: &[&str]) {
        for line in lines {
            let case = parse_library_line(line).expect("library line parses");
            assert_eq!(check(&case), Verdict::Pass, "{line}");
        }
    }

    /// Every grid along the default ladder's paths of four hard puzzles (200 steps at most each), in path order:
    /// boards of every stage, each following from the one before, for tests that compare two ways of searching.
    pub fn hard_path_grids() -> Vec<crate::Grid> {
        let mut grids = Vec::new();
        for puzzle in [
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            ".8..1......5....3.......4.....6.5.7.89....2.....3.....2.....1.9..67........4.....",
            "4.35...2.....16...7............895.....3..8..2...........4...7..9....6...1.......",
            "4.1.6....3.....2........8..15.2.....6......1....9......2.7.8..........43.7.......",
        ] {
            let values = crate::format::parse_line(puzzle).expect("parses");
            let mut grid = crate::Grid::from_values(&values).expect("valid");
            let solver = Solver::new();
            for _ in 0..200 {
                grids.push(grid.clone());
                let Some(step) = solver.next_step(&grid) else { break };
                if step.apply(&mut grid).is_err() {
                    break;
                }
            }
        }
        grids
    }

    /// The English and Chinese explanations of the line's expected step (see [`expected_step`]).
    pub fn explained(line: &str) -> (String, String) {
        let step = expected_step(line);
        (
            step.explain(crate::logic::Lang::En),
            step.explain(crate::logic::Lang::Zh),
        )
    }

    /// The step of the line's technique that makes exactly the line's expected eliminations (the line passing the
    /// library check first).
    pub fn expected_step(line: &str) -> Step {
        let case = parse_library_line(line).expect("library line parses");
        assert_eq!(check(&case), Verdict::Pass, "{line}");
        let technique = Technique::from_code(&case.code).expect("a known code");
        let mut want = case.eliminations.clone();
        want.sort_unstable();
        Solver::find_all(technique, &case.grid)
            .into_iter()
            .find(|s| s.eliminations == want)
            .expect("a step with the case's eliminations")
    }
}
