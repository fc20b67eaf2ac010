//! Datasets of rated puzzles: each entry made from its own seed, rated in full, with its canonical form, and split
//! by canonical class.
//!
//! Entry `i` of a dataset made from seed `s` is the puzzle of seed [`puzzle_seed`]`(s, i)` at level
//! `levels[i % levels.len()]`: it depends on nothing but `s`, `i` and the options, so a dataset is the same whatever
//! the number of threads, processes or machines that made it, and any stretch of indices can be made alone (a
//! partition of a distributed job makes its own indices).
//!
//! **Splits by class.** The split an entry goes to is drawn from a hash of its canonical form ([`canon::canonical`])
//! alone, so every member of a class lands in the same split: no test puzzle is isomorphic to a training one, in one
//! dataset or across datasets made with other seeds, by other tools or on other machines.
//!
//! ```
//! use shudu::dataset::{Maker, Split};
//! use shudu::generate::Symmetry;
//! use shudu::logic::Level;
//! let maker = Maker::new(&[Level::Easy], Symmetry::None, false).unwrap();
//! let entry = maker.make(42, 0).unwrap();
//! assert_eq!(entry.grade.level, Level::Easy);
//! assert_eq!(entry.seed, 42); // the first entry's seed is the dataset's seed
//! let split: Split = "train=0.9,test=0.1".parse().unwrap();
//! assert!(split.of(&entry.canonical) < 2);
//! ```

use core::fmt;
use core::str::FromStr;

use crate::canon;
use crate::generate::{puzzle_seed, Error, Generator, Options, Symmetry};
use crate::grid::Grid;
use crate::logic::{Level, Silent, Solver, Technique};
use crate::rate::{self, Grade, SeLadder, SeRating};

/// One entry of a dataset: a proper puzzle, its solution and canonical form, and its rating in full.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Its place in the dataset.
    pub index: u64,
    /// The seed that makes the puzzle again alone (with the entry's level: `shudu generate --seed`).
    pub seed: u64,
    /// The level asked of the generator; `None` for any.
    pub target: Option<Level>,
    /// The givens (0 for a blank).
    pub puzzle: [u8; 81],
    /// The only solution.
    pub solution: [u8; 81],
    /// The minlex form of the puzzle's class.
    pub canonical: [u8; 81],
    /// HoDoKu's grading of the path of its ladder, as `shudu rate` gives it.
    pub grade: Grade,
    /// Sudoku Explainer's ratings, estimated.
    pub se: SeRating,
    /// Steps of each technique on the graded path, in ladder order.
    pub counts: Vec<(Technique, u32)>,
}

impl Entry {
    /// The number of givens.
    pub fn givens(&self) -> usize {
        self.puzzle.iter().filter(|&&v| v != 0).count()
    }
}

/// Makes the entries of a dataset: a generator per level asked for, and the rating ladders, built once.
#[derive(Clone, Debug)]
pub struct Maker {
    generators: Vec<(Option<Level>, Generator)>,
    solver: Solver,
    se: SeLadder,
}

impl Maker {
    /// A maker of puzzles at `levels` in turn (entry `i` at `levels[i % levels.len()]`; any level when empty), with
    /// a symmetry, minimal if asked. [`Error::Impossible`] for a request no puzzle can meet.
    pub fn new(levels: &[Level], symmetry: Symmetry, minimal: bool) -> Result<Maker, Error> {
        let targets: Vec<Option<Level>> = if levels.is_empty() {
            vec![None]
        } else {
            levels.iter().copied().map(Some).collect()
        };
        let generators = targets
            .into_iter()
            .map(|level| {
                let options = Options {
                    level,
                    symmetry,
                    minimal,
                    ..Options::default()
                };
                Generator::new(options).map(|g| (level, g))
            })
            .collect::<Result<_, _>>()?;
        Ok(Maker {
            generators,
            solver: rate::grading_solver(),
            se: SeLadder::new(),
        })
    }

    /// Entry `index` of the dataset of `seed`.
    pub fn make(&self, seed: u64, index: u64) -> Result<Entry, Error> {
        let (target, generator) = &self.generators[(index % self.generators.len() as u64) as usize];
        let made = generator.generate(puzzle_seed(seed, index))?;
        let (grade, se, counts) = match Grid::from_values(&made.puzzle) {
            Ok(grid) => {
                let report = self.solver.solve(&grid, &mut Silent);
                let mut counts: Vec<(Technique, u32)> = Vec::new();
                let mut techniques: Vec<Technique> = report.steps.iter().map(|s| s.technique).collect();
                techniques.sort_unstable();
                for t in techniques {
                    match counts.last_mut() {
                        Some((last, n)) if *last == t => *n += 1,
                        _ => counts.push((t, 1)),
                    }
                }
                (rate::grade(&report), self.se.rate(&grid), counts)
            }
            // Generated puzzles are dug from a valid grid: their givens never clash.
            Err(_) => return Err(Error::Impossible("a generated puzzle's givens clash".to_string())),
        };
        Ok(Entry {
            index,
            seed: made.seed,
            target: *target,
            canonical: canon::canonical(&made.puzzle),
            puzzle: made.puzzle,
            solution: made.solution,
            grade,
            se,
            counts,
        })
    }
}

/// Levels named in text: `easy`, `easy,hard` (taken in that order), `easy-unfair` or `easy..unfair` (a range),
/// `any` (no level: an empty list). Case does not matter.
///
/// ```
/// use shudu::dataset::parse_levels;
/// use shudu::logic::Level;
/// assert_eq!(parse_levels("hard,Easy"), Ok(vec![Level::Hard, Level::Easy]));
/// assert_eq!(parse_levels("medium-hard"), Ok(vec![Level::Medium, Level::Hard]));
/// assert!(parse_levels("tough").unwrap_err().contains("`tough`"));
/// ```
pub fn parse_levels(text: &str) -> Result<Vec<Level>, String> {
    let level = |name: &str| -> Result<Level, String> {
        let name = name.trim();
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(name))
            .ok_or_else(|| format!("`{name}` is not a level (easy, medium, hard, unfair, extreme)"))
    };
    let mut levels = Vec::new();
    for part in text.split(',') {
        if part.trim().eq_ignore_ascii_case("any") {
            continue;
        }
        match part.split_once("..").or_else(|| part.split_once('-')) {
            Some((a, b)) => {
                let (a, b) = (level(a)?, level(b)?);
                if a > b {
                    return Err(format!("the range {a} to {b} is empty"));
                }
                levels.extend(Level::ALL.into_iter().filter(|l| (a..=b).contains(l)));
            }
            None => levels.push(level(part)?),
        }
    }
    Ok(levels)
}

/// Named shares of a dataset (`train=0.9,test=0.1`), and the share each canonical class goes to.
#[derive(Clone, Debug, PartialEq)]
pub struct Split {
    names: Vec<String>,
    /// The upper end of each share in `[0, 1)`, the last one 1.
    bounds: Vec<f64>,
}

impl Split {
    /// The names of the shares, in the order given.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The share (an index into [`Split::names`]) of the class whose canonical form is `canonical`.
    pub fn of(&self, canonical: &[u8; 81]) -> usize {
        let point = class_point(canonical);
        self.bounds
            .iter()
            .position(|&b| point < b)
            .unwrap_or(self.bounds.len() - 1)
    }
}

/// A point in `[0, 1)` drawn from a canonical form alone (FNV-1a over its cells, then SplitMix64's finaliser): the
/// same on every machine and in every version, since datasets made apart must agree on it.
pub fn class_point(canonical: &[u8; 81]) -> f64 {
    let mut h: u64 = 0xCBF2_9CE4_8422_2325;
    for &v in canonical {
        h ^= u64::from(v);
        h = h.wrapping_mul(0x0100_0000_01B3);
    }
    h = (h ^ (h >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    h = (h ^ (h >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    h ^= h >> 31;
    (h >> 11) as f64 / (1u64 << 53) as f64
}

/// What is wrong with a split.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadSplit(pub String);

impl fmt::Display for BadSplit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadSplit {}

impl FromStr for Split {
    type Err = BadSplit;

    /// `name=weight` pairs separated by commas; the weights are scaled to add up to 1.
    fn from_str(text: &str) -> Result<Split, BadSplit> {
        let mut names: Vec<String> = Vec::new();
        let mut weights = Vec::new();
        for (i, part) in text.split(',').enumerate() {
            let part = part.trim();
            let Some((name, weight)) = part.split_once('=') else {
                return Err(BadSplit(format!(
                    "share {} (`{part}`): expected NAME=WEIGHT, as in train=0.9",
                    i + 1
                )));
            };
            let name = name.trim();
            let valid = !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
            if !valid {
                return Err(BadSplit(format!(
                    "share {} (`{part}`): a name is letters, digits, `_` and `-`",
                    i + 1
                )));
            }
            if names.iter().any(|n| n == name) {
                return Err(BadSplit(format!("share {} (`{part}`): `{name}` named twice", i + 1)));
            }
            let weight: f64 = match weight.trim().parse() {
                Ok(w) if f64::is_finite(w) && w >= 0.0 => w,
                _ => {
                    return Err(BadSplit(format!(
                        "share {} (`{part}`): the weight must be a number, 0 or more",
                        i + 1
                    )))
                }
            };
            names.push(name.to_string());
            weights.push(weight);
        }
        let total: f64 = weights.iter().sum();
        if total <= 0.0 {
            return Err(BadSplit("the weights add up to 0".to_string()));
        }
        let mut bounds = Vec::with_capacity(weights.len());
        let mut sum = 0.0;
        for w in &weights {
            sum += w;
            bounds.push(sum / total);
        }
        if let Some(last) = bounds.last_mut() {
            *last = 1.0;
        }
        Ok(Split { names, bounds })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_parse() {
        assert_eq!(parse_levels("easy"), Ok(vec![Level::Easy]));
        assert_eq!(
            parse_levels("easy-unfair"),
            Ok(vec![Level::Easy, Level::Medium, Level::Hard, Level::Unfair])
        );
        assert_eq!(parse_levels("medium..hard"), Ok(vec![Level::Medium, Level::Hard]));
        assert_eq!(parse_levels("any"), Ok(vec![]));
        assert!(parse_levels("unfair-easy").is_err());
    }

    #[test]
    fn splits_parse_and_name_what_is_wrong() {
        let s: Split = "train=0.9,test=0.1".parse().expect("split");
        assert_eq!(s.names(), ["train", "test"]);
        assert_eq!(s.bounds, [0.9, 1.0]);
        assert!("train=0.9,train=0.1".parse::<Split>().is_err());
        assert!("train".parse::<Split>().unwrap_err().0.contains("NAME=WEIGHT"));
        assert!("a=-1,b=2".parse::<Split>().is_err());
        assert!("a=0".parse::<Split>().is_err());
        assert!("a b=1".parse::<Split>().is_err());
    }

    #[test]
    fn shares_follow_the_weights() {
        let s: Split = "a=3,b=1".parse().expect("split");
        let mut counts = [0usize; 2];
        for i in 0..4000u32 {
            let mut form = [0u8; 81];
            form[..4].copy_from_slice(&i.to_le_bytes());
            counts[s.of(&form)] += 1;
        }
        assert!((2800..3200).contains(&counts[0]), "{counts:?}");
    }

    #[test]
    fn entries_are_rated_in_full() {
        let maker = Maker::new(&[Level::Easy, Level::Medium], Symmetry::None, false).expect("maker");
        let a = maker.make(9, 0).expect("entry");
        let b = maker.make(9, 1).expect("entry");
        assert_eq!(a.target, Some(Level::Easy));
        assert_eq!(b.grade.level, Level::Medium);
        assert_eq!(a.counts.iter().map(|c| c.1 as usize).sum::<usize>(), a.grade.steps);
        assert_eq!(maker.make(9, 1).expect("again"), b);
        assert_eq!(crate::search::count_solutions(&b.puzzle, 2), 1);
    }
}
