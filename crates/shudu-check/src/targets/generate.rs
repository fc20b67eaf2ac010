//! The generator's options: any options give a clear refusal, a clear giving up, or a puzzle that is what was asked
//! for — one solution (the one reported), the symmetry, the givens, the level and techniques, minimal if asked —
//! and that the same seed makes again.

use shudu::generate::{Error, Generator, Options, Symmetry};
use shudu::logic::{Level, Technique};
use shudu::{rate, search};

use super::bytes::Bytes;

/// The options and seed the bytes stand for (a few attempts at most, so an input ends quickly).
pub fn options(data: &[u8]) -> (Options, u64) {
    let mut b = Bytes::new(data);
    let level = match b.u8() % 6 {
        0 => None,
        k => Some(Level::ALL[usize::from(k - 1)]),
    };
    let symmetry = Symmetry::ALL[usize::from(b.u8()) % Symmetry::ALL.len()];
    let minimal = b.u8() % 2 == 1;
    let needs = (0..b.u8() % 3)
        .map(|_| Technique::ALL[b.below(Technique::ALL.len() as u32) as usize])
        .collect();
    let min_givens = usize::from(b.u8() % 90);
    let max_givens = usize::from(b.u8() % 90).max(min_givens / 2);
    let attempts = Some(u32::from(b.u8() % 4));
    let seed = b.u64();
    let options = Options {
        level,
        symmetry,
        minimal,
        needs,
        min_givens,
        max_givens,
        attempts,
    };
    (options, seed)
}

/// The check.
pub fn generate(data: &[u8]) {
    let (options, seed) = options(data);
    let generator = match Generator::new(options.clone()) {
        Ok(g) => g,
        Err(Error::Impossible(why)) => {
            assert!(!why.is_empty());
            return;
        }
        Err(e) => panic!("Generator::new gave {e:?}"),
    };
    let made = match generator.generate(seed) {
        Ok(made) => made,
        Err(Error::GaveUp { attempts }) => {
            assert!(
                Some(attempts) <= options.attempts,
                "{attempts} attempts of {:?}",
                options.attempts
            );
            return;
        }
        Err(e) => panic!("generate gave {e:?} after Generator::new accepted {options:?}"),
    };
    let puzzle = made.puzzle;
    let outcome = search::search(&puzzle, 2);
    assert_eq!(outcome.count, 1, "not one solution: {options:?} seed {seed}");
    assert_eq!(outcome.solution, Some(made.solution));
    assert!(options.symmetry.holds(&puzzle), "{options:?} seed {seed}");
    let givens = made.givens();
    assert!(givens >= options.min_givens, "{givens} givens: {options:?}");
    assert!(givens <= options.max_givens.min(81), "{givens} givens: {options:?}");
    if options.level.is_some() || !options.needs.is_empty() {
        let grade = made.grade.as_ref().expect("a level or techniques asked for are graded");
        let rated = rate::rate(&puzzle).expect("a proper puzzle is rated");
        assert_eq!(rated.grade.level, grade.level);
        if let Some(level) = options.level {
            assert_eq!(grade.level, level, "{options:?} seed {seed}");
        }
        for &t in &options.needs {
            assert!(grade.uses(t), "{t} not used: {options:?} seed {seed}");
        }
    }
    if options.minimal {
        for i in (0..81).filter(|&i| puzzle[i] != 0) {
            let mut less = puzzle;
            less[i] = 0;
            assert!(
                search::count_solutions(&less, 2) > 1,
                "not minimal: {options:?} seed {seed}"
            );
        }
    }
    let again = generator.generate(seed).expect("the same seed makes the puzzle again");
    assert_eq!(again.puzzle, puzzle, "the same seed, another puzzle");
}
