//! The ALS family (ALS-XZ, ALS-XY-Wing, ALS-XY-Chain, Death Blossom) and Sue de Coq: every step sound over real
//! puzzles, and every HoDoKu library case of their codes passing. Skips (saying so) where `../shared/data` is absent.

mod common;

use std::collections::BTreeMap;
use std::path::PathBuf;

use common::{collection, Checker};
use shudu::format::parse_library_line;
use shudu::logic::reglib::{check, Verdict};
use shudu::logic::{Family, Outcome, Solver, Technique};
use shudu::{search, Grid};

const OURS: [Technique; 5] = [
    Technique::AlsXz,
    Technique::AlsXyWing,
    Technique::AlsChain,
    Technique::DeathBlossom,
    Technique::SueDeCoq,
];

/// The default ladder up to the ALS family and Sue de Coq (every family but the last resorts), with Death Blossom
/// switched on so that it gets its chance too.
fn als_ladder() -> Solver {
    let mut solver = Solver::with_families(&[
        Family::Singles,
        Family::Intersections,
        Family::Subsets,
        Family::BasicFish,
        Family::FinnedBasicFish,
        Family::FrankenFish,
        Family::FinnedFrankenFish,
        Family::MutantFish,
        Family::FinnedMutantFish,
        Family::SingleDigitPatterns,
        Family::Wings,
        Family::Uniqueness,
        Family::Coloring,
        Family::ChainsAndLoops,
        Family::AlmostLockedSets,
        Family::Miscellaneous,
    ]);
    solver.set(Technique::DeathBlossom, true);
    solver
}

/// Solves every puzzle of `name` with every step checked against the true solution; the steps of each of our
/// techniques, counted. `None` where the data is absent.
fn sweep_counts(name: &str, solver: &Solver) -> Option<BTreeMap<Technique, usize>> {
    let puzzles = collection(name)?;
    let mut counts = BTreeMap::new();
    let mut solved = 0;
    for p in &puzzles {
        let solution = search::solve(p).expect("collection puzzles are solvable");
        let grid = Grid::from_values(p).expect("puzzle has no clash");
        let mut checker = Checker::new(&solution);
        let report = solver.solve(&grid, &mut checker);
        assert!(
            !matches!(report.outcome, Outcome::Invalid(_)),
            "a valid puzzle reported invalid"
        );
        if report.outcome == Outcome::Solved {
            assert_eq!(report.grid.values(), &solution);
            solved += 1;
        }
        for t in OURS {
            *counts.entry(t).or_insert(0) += checker.count(|s| s == t);
        }
    }
    eprintln!(
        "{name}: {solved} of {} solved, every step sound; {counts:?}",
        puzzles.len()
    );
    Some(counts)
}

#[test]
fn als_and_sue_de_coq_steps_are_sound_and_used() {
    let solver = als_ladder();
    let mut total: BTreeMap<Technique, usize> = BTreeMap::new();
    for name in ["top1465.txt", "forum_hardest_1106.txt"] {
        let Some(counts) = sweep_counts(name, &solver) else {
            return;
        };
        for (t, n) in counts {
            *total.entry(t).or_default() += n;
        }
    }
    // The forum's hardest puzzles mostly stall before the ALS family (they need forcing chains); top1465 uses
    // every technique here.
    for t in OURS {
        assert!(total[&t] > 0, "{t} never used");
    }
}

#[test]
fn every_library_case_of_the_als_codes_and_sue_de_coq_passes() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/hodoku/reglib-dev.txt");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("skipping: {} not found", path.display());
        return;
    };
    let mut passed: BTreeMap<String, usize> = BTreeMap::new();
    let mut failures = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if !(line.starts_with(":09") || line.starts_with(":1101")) {
            continue;
        }
        let case = parse_library_line(line).unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
        match check(&case) {
            Verdict::Pass => *passed.entry(case.code.clone()).or_default() += 1,
            other => failures.push(format!("line {}: {line}: {other:?}", i + 1)),
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    eprintln!("{passed:?}");
    // reglib-dev.txt holds 12 ALS-XZ, 10 ALS-XY-Wing, 11 ALS-XY-Chain, 12 Death Blossom and 20 Sue de Coq cases.
    let want = [("0901", 12), ("0902", 10), ("0903", 11), ("0904", 12), ("1101", 20)];
    for (code, n) in want {
        assert_eq!(passed.get(code).copied().unwrap_or(0), n, "{code}");
    }
}
