//! Every instance of every technique: a finder reports every instance it sees, but the solver takes only the first,
//! so rare branches of a finder are never taken on the solver's own path. Here every finder runs to exhaustion on a
//! board and every instance it reports is checked against the true solution.

use std::collections::hash_map::DefaultHasher;
use std::collections::HashSet;
use std::hash::{Hash, Hasher};
use std::time::{Duration, Instant};

use shudu::logic::{Flow, Step, Technique};
use shudu::Grid;

use crate::sound::{check_effect, check_words};

/// What running every finder over boards found: instances checked, by technique, and those that were wrong.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Boards searched.
    pub states: u64,
    /// Instances checked, by technique (indexed as [`Technique::ALL`]).
    pub instances: Vec<u64>,
    /// Time spent in each technique's finder.
    pub time: Vec<Duration>,
    /// Each wrong instance: the board (pencil marks), and what is wrong.
    pub wrong: Vec<String>,
}

impl Tally {
    /// An empty tally.
    pub fn new() -> Tally {
        Tally::of(Technique::ALL.len())
    }

    /// An empty tally of `kinds` kinds of instance (SE's ladder counts its hints by rule, [`shudu::se::Rule::ALL`]).
    pub fn of(kinds: usize) -> Tally {
        Tally {
            states: 0,
            instances: vec![0; kinds],
            time: vec![Duration::ZERO; kinds],
            wrong: Vec::new(),
        }
    }

    /// Adds another tally's counts to this one.
    pub fn merge(&mut self, other: Tally) {
        self.states += other.states;
        for (a, b) in self.instances.iter_mut().zip(other.instances) {
            *a += b;
        }
        for (a, b) in self.time.iter_mut().zip(other.time) {
            *a += b;
        }
        self.wrong.extend(other.wrong);
    }

    /// Instances checked in all.
    pub fn total(&self) -> u64 {
        self.instances.iter().sum()
    }

    /// Panics, showing the first wrong instance, unless none was wrong.
    pub fn assert_clean(&self) {
        assert!(
            self.wrong.is_empty(),
            "{} wrong instances; the first:\n{}",
            self.wrong.len(),
            self.wrong[0]
        );
    }
}

/// What a step's words depend on, hashed: its variant, placements and eliminations.
fn words_key(step: &Step) -> u64 {
    let mut h = DefaultHasher::new();
    step.pattern.variant.hash(&mut h);
    step.placements.hash(&mut h);
    step.eliminations.hash(&mut h);
    h.finish()
}

/// The techniques with a finder, in the registry's order: every one, whether on by default or not.
pub fn techniques() -> Vec<Technique> {
    Technique::ALL.iter().copied().filter(|t| t.is_implemented()).collect()
}

/// Runs every finder of `techniques` to exhaustion on `grid`, checking each instance against `solution` (the
/// caller counts the board in `tally.states`).
pub fn check_all(grid: &Grid, solution: &[u8; 81], techniques: &[Technique], tally: &mut Tally) {
    for &t in techniques {
        let Some(finder) = shudu::logic::finder(t) else {
            continue;
        };
        let at = Technique::ALL.iter().position(|&x| x == t).unwrap_or(0);
        let started = Instant::now();
        let mut found = 0u64;
        let mut wrong = Vec::new();
        // The words of a step depend on its technique, its variant and what it does; chains and sets report the same
        // eliminations by many ways (tens of thousands of ALS chains on an open board), and their words are read
        // once. The key is a hash, so that no instance allocates (two steps sharing one skip a reading, no more).
        let mut read: HashSet<u64> = HashSet::new();
        let _ = finder(grid, &mut |step| {
            found += 1;
            let mut verdict = check_effect(grid, &step, Some(solution));
            if verdict.is_ok() && read.insert(words_key(&step)) {
                verdict = check_words(&step);
            }
            if let Err(why) = verdict {
                let json = serde_json::to_string(grid).unwrap_or_default();
                wrong.push(format!("{t}: {why}\n{}{json}\n", shudu::format::to_pencilmarks(grid)));
            }
            Flow::Continue(())
        });
        tally.time[at] += started.elapsed();
        tally.instances[at] += found;
        tally.wrong.extend(wrong);
    }
}

/// The finders too slow to run on every board of a long run: the Mutant fish of five to seven houses, plain and
/// finned (a second a board between them on an open board), Finned Mutant Jellyfish, and the Almost Locked Set Chain
/// (some 70,000 instances a board, two thirds of a run's time when it ran on every board: 104 of 150 s on 348).
pub fn heavy(t: Technique) -> bool {
    use Technique as T;
    matches!(
        t,
        T::MutantSquirmbag
            | T::MutantWhale
            | T::MutantLeviathan
            | T::FinnedMutantSquirmbag
            | T::FinnedMutantWhale
            | T::FinnedMutantLeviathan
            | T::FinnedMutantJellyfish
            | T::AlsChain
    )
}
