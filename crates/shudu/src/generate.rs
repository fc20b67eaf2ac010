//! The generator: proper puzzles (exactly one solution) at the level asked for, with a symmetry, minimal if asked,
//! reproducible from a seed.
//!
//! As in the seeds' mini-game, a puzzle starts as a random full grid ([`full_grid`]: a depth-first search that tries
//! the digits of each cell in random order), from which givens are dug out one at a time (or one symmetric group of
//! cells at a time) in random order; a removal is kept only while the puzzle keeps exactly one solution. One pass
//! over every cell leaves a *minimal* puzzle: a clue that could not be removed then cannot be removed later either,
//! since a puzzle with fewer givens has at least the solutions of one with more.
//!
//! **Uniqueness, cheaply.** A removed digit that the remaining givens force by a naked or hidden single cannot open a
//! second solution, so about half the removals need no search at all; the rest are checked by the search solver,
//! never trusted: another solution of the puzzle without the cell must put another digit there, so
//! [`search::search_excluding`] rules the removed digit out and looks for any solution (a group of cells is
//! counted with [`search::count_solutions`] to 2).
//!
//! **Levels**, graded exactly as [`rate::rate`] grades them, by a ladder that gives up early. The check walks
//! HoDoKu's grading ladder ([`rate::hodoku_solver`]) cut after its last technique at or below the target level, and
//! stops at the first step above the target or once the score passes the target's cap: the path it follows is the
//! very path `rate` grades, and new techniques (chains, ALS, forcing chains) take part as soon as they join the
//! ladder. A grid is dug by uniqueness alone (cheap), then graded so:
//! - at the target, the puzzle is kept;
//! - below it, it is dropped (nothing more can be removed) and another grid dug;
//! - past it, the dig is brought back as Solo digs: the longest run of its removals after which the ladder still
//!   finishes within the target is found by halving, and the later removals are tried again one at a time, each
//!   kept only while the ladder finishes within the target (digging with the ladder capped at the target).
//!
//! The grids dug for one puzzle are bounded ([`Options::attempts`]). Measured (BENCHMARKS.md, section Generator): capping the ladder on
//! every removal from the start, as Solo does, took 1.3–1.7× as long per puzzle as this (its ladder solves cost more
//! than the digs they spare), and dropping the puzzles past the target instead of bringing them back took 1.4×.
//! Extreme has no cap: the dig is graded by the full ladder. A minimal puzzle cannot take a clue back, so with
//! [`Options::minimal`] a puzzle past the target is dropped too.
//!
//! **Seeds.** The random numbers come from a small generator written here ([`Rng`], xoshiro256** seeded through
//! SplitMix64), so a seed gives the same puzzles on every machine and with every version of every dependency. Puzzle
//! `i` of a batch is made from its own seed ([`puzzle_seed`]), so a batch is the same whatever the number of threads
//! that made it, and each puzzle can be made again alone: the first puzzle of seed `s` is the puzzle of seed `s`.
//!
//! ```
//! use shudu::generate::{generate, Options, Symmetry};
//! use shudu::logic::Level;
//! use shudu::search;
//! let options = Options { level: Some(Level::Medium), symmetry: Symmetry::Rot180, ..Options::default() };
//! let made = generate(&options, 42).unwrap();
//! assert_eq!(search::count_solutions(&made.puzzle, 2), 1);
//! assert!(Symmetry::Rot180.holds(&made.puzzle));
//! assert_eq!(made.grade.as_ref().map(|g| g.level), Some(Level::Medium));
//! assert_eq!(generate(&options, 42).unwrap().puzzle, made.puzzle); // the same seed, the same puzzle
//! ```

use core::fmt;
use core::str::FromStr;

use crate::grid::Grid;
use crate::logic::{Level, Outcome, Silent, SolveReport, Solver, Technique};
use crate::rate::{self, Grade};
use crate::search;

// ------------------------------------------------------------------------------------------------------------------
// Random numbers

/// One step of SplitMix64: turns any 64-bit state, even 0 or a small counter, into well-mixed bits.
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A small, fast, seedable random number generator (xoshiro256**, its state filled by SplitMix64 from the seed).
///
/// Written here rather than taken from a crate so that a seed means the same numbers forever: no dependency update
/// can change the puzzles a seed gives.
///
/// ```
/// use shudu::generate::Rng;
/// let mut a = Rng::new(7);
/// let mut b = Rng::new(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(9) < 9);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng {
    s: [u64; 4],
}

impl Rng {
    /// The generator for `seed`.
    pub fn new(seed: u64) -> Rng {
        let mut x = seed;
        Rng {
            s: [
                splitmix64(&mut x),
                splitmix64(&mut x),
                splitmix64(&mut x),
                splitmix64(&mut x),
            ],
        }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.s;
        let result = s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    /// A number in `0..n`, every value equally likely (Lemire's multiply-and-reject); 0 when `n` is 0.
    pub fn below(&mut self, n: u32) -> u32 {
        if n == 0 {
            return 0;
        }
        let mut m = (self.next_u64() >> 32) * u64::from(n);
        if (m as u32) < n {
            // The few low products that would favour some values are drawn again.
            let threshold = n.wrapping_neg() % n;
            while (m as u32) < threshold {
                m = (self.next_u64() >> 32) * u64::from(n);
            }
        }
        (m >> 32) as u32
    }

    /// Shuffles `items` (Fisher–Yates): every order equally likely.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            items.swap(i, j);
        }
    }
}

/// The seed of puzzle `index` of a batch made from `seed`: `seed` itself for the first puzzle, a mix of the two for
/// the others, kept below 2^53 so that it survives a trip through a JavaScript number.
///
/// ```
/// use shudu::generate::puzzle_seed;
/// assert_eq!(puzzle_seed(42, 0), 42);
/// assert_ne!(puzzle_seed(42, 1), puzzle_seed(43, 1));
/// assert!(puzzle_seed(42, 1) < 1 << 53);
/// ```
pub fn puzzle_seed(seed: u64, index: u64) -> u64 {
    if index == 0 {
        return seed;
    }
    let mut x = seed ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03);
    splitmix64(&mut x) >> 11
}

// ------------------------------------------------------------------------------------------------------------------
// Full grids

/// A random full grid: a depth-first search that fills the cell with the fewest candidates first and tries its
/// digits in random order, backing up when a cell has none left.
///
/// ```
/// use shudu::generate::{full_grid, Rng};
/// let grid = full_grid(&mut Rng::new(1));
/// assert!(shudu::search::is_valid_solution(&grid));
/// ```
pub fn full_grid(rng: &mut Rng) -> [u8; 81] {
    loop {
        let mut fill = Fill {
            values: [0; 81],
            used: [0; 27],
            budget: FILL_BUDGET,
        };
        // The three boxes of the main diagonal share no house: each takes any order of the nine digits, and the
        // search starts from there, with a third of the board already filled.
        for b in [0, 4, 8] {
            let mut digits = [1, 2, 3, 4, 5, 6, 7, 8, 9];
            rng.shuffle(&mut digits);
            for (k, &d) in digits.iter().enumerate() {
                let i = (b / 3) * 27 + (b % 3) * 3 + (k / 3) * 9 + k % 3;
                fill.values[i] = d;
                fill.set(i, 1 << (d - 1));
            }
        }
        // From an empty board a fill always exists; only the budget can stop the search, and then it starts over.
        if fill.search(rng) {
            return fill.values;
        }
    }
}

/// Cells a fill may try before it starts over. Almost every fill needs 81 or a few more; a rare one wanders into a
/// dead end deep down and would take milliseconds to back out of it (measured: 1 fill in 1,000 took over 4 ms,
/// where the median takes 10 µs), so it is cheaper to start again with fresh random digits.
const FILL_BUDGET: u32 = 300;

/// The state of [`full_grid`]'s search: the digits placed, and the digits each house uses (bit `d - 1`).
struct Fill {
    values: [u8; 81],
    used: [u16; 27],
    budget: u32,
}

impl Fill {
    /// The nine-bit set of digits cell `i` may still take.
    fn free(&self, i: usize) -> u16 {
        !(self.used[i / 9] | self.used[9 + i % 9] | self.used[18 + BOX_OF[i] as usize]) & 0x1ff
    }

    fn set(&mut self, i: usize, bit: u16) {
        self.used[i / 9] ^= bit;
        self.used[9 + i % 9] ^= bit;
        self.used[18 + BOX_OF[i] as usize] ^= bit;
    }

    fn search(&mut self, rng: &mut Rng) -> bool {
        let mut best = (usize::MAX, 10u32, 0u16);
        for i in 0..81 {
            if self.values[i] != 0 {
                continue;
            }
            let free = self.free(i);
            let n = free.count_ones();
            if n < best.1 {
                best = (i, n, free);
                if n <= 1 {
                    break;
                }
            }
        }
        let (i, n, free) = best;
        if i == usize::MAX {
            return true; // every cell filled
        }
        if n == 0 || self.budget == 0 {
            return false;
        }
        self.budget -= 1;
        let mut digits = [0u8; 9];
        let mut k = 0;
        for d in 0..9 {
            if free >> d & 1 != 0 {
                digits[k] = d as u8 + 1;
                k += 1;
            }
        }
        rng.shuffle(&mut digits[..k]);
        for &d in &digits[..k] {
            let bit = 1 << (d - 1);
            self.values[i] = d;
            self.set(i, bit);
            if self.search(rng) {
                return true;
            }
            self.set(i, bit);
            self.values[i] = 0;
        }
        false
    }
}

/// The box of each cell.
const BOX_OF: [u8; 81] = {
    let mut t = [0u8; 81];
    let mut i = 0;
    while i < 81 {
        t[i] = ((i / 27) * 3 + (i % 9) / 3) as u8;
        i += 1;
    }
    t
};

// ------------------------------------------------------------------------------------------------------------------
// Symmetry

/// The symmetry of the pattern of givens: a cell is a given exactly when its images are.
///
/// ```
/// use shudu::generate::Symmetry;
/// assert_eq!("rot180".parse::<Symmetry>(), Ok(Symmetry::Rot180));
/// assert_eq!(Symmetry::Rot90.orbits().len(), 21); // 20 groups of four cells and the centre
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// No symmetry.
    #[default]
    None,
    /// Half-turn rotation about the centre (the newspapers' symmetry).
    Rot180,
    /// Quarter-turn rotation about the centre.
    Rot90,
    /// Mirrored about the horizontal middle line: row r and row 10 − r.
    Horizontal,
    /// Mirrored about the vertical middle line: column c and column 10 − c.
    Vertical,
    /// Mirrored about the main diagonal (r1c1 to r9c9): r·c· and its transpose.
    Diagonal,
    /// Mirrored about the anti-diagonal (r1c9 to r9c1).
    AntiDiagonal,
    /// Every symmetry of the square at once: both rotations, both mirrors and both diagonals.
    Dihedral,
}

/// A map of the board onto itself, on zero-based (row, column).
type Map = fn(usize, usize) -> (usize, usize);

impl Symmetry {
    /// Every symmetry.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::None,
        Symmetry::Rot180,
        Symmetry::Rot90,
        Symmetry::Horizontal,
        Symmetry::Vertical,
        Symmetry::Diagonal,
        Symmetry::AntiDiagonal,
        Symmetry::Dihedral,
    ];

    /// The name used on the command line and in JSON: `none`, `rot180`, `rot90`, `horizontal`, `vertical`,
    /// `diagonal`, `anti-diagonal`, `dihedral`.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rot180 => "rot180",
            Symmetry::Rot90 => "rot90",
            Symmetry::Horizontal => "horizontal",
            Symmetry::Vertical => "vertical",
            Symmetry::Diagonal => "diagonal",
            Symmetry::AntiDiagonal => "anti-diagonal",
            Symmetry::Dihedral => "dihedral",
        }
    }

    /// Maps that generate the symmetry group.
    fn generators(self) -> &'static [Map] {
        const ROT180: Map = |r, c| (8 - r, 8 - c);
        const ROT90: Map = |r, c| (c, 8 - r);
        const HORIZONTAL: Map = |r, c| (8 - r, c);
        const VERTICAL: Map = |r, c| (r, 8 - c);
        const DIAGONAL: Map = |r, c| (c, r);
        const ANTI: Map = |r, c| (8 - c, 8 - r);
        match self {
            Symmetry::None => &[],
            Symmetry::Rot180 => &[ROT180],
            Symmetry::Rot90 => &[ROT90],
            Symmetry::Horizontal => &[HORIZONTAL],
            Symmetry::Vertical => &[VERTICAL],
            Symmetry::Diagonal => &[DIAGONAL],
            Symmetry::AntiDiagonal => &[ANTI],
            Symmetry::Dihedral => &[ROT90, VERTICAL],
        }
    }

    /// The groups of cells the symmetry ties together (orbits), each in cell order, ordered by their first cell.
    /// Digging removes a whole group at a time.
    pub fn orbits(self) -> Vec<Vec<u8>> {
        let mut seen = [false; 81];
        let mut orbits = Vec::new();
        for start in 0..81 {
            if seen[start] {
                continue;
            }
            let mut orbit = vec![start as u8];
            seen[start] = true;
            let mut k = 0;
            while k < orbit.len() {
                let i = usize::from(orbit[k]);
                for map in self.generators() {
                    let (r, c) = map(i / 9, i % 9);
                    let j = r * 9 + c;
                    if !seen[j] {
                        seen[j] = true;
                        orbit.push(j as u8);
                    }
                }
                k += 1;
            }
            orbit.sort_unstable();
            orbits.push(orbit);
        }
        orbits
    }

    /// Whether the givens of `values` (non-zero cells) have this symmetry.
    ///
    /// ```
    /// use shudu::generate::Symmetry;
    /// let mut v = [0u8; 81];
    /// v[0] = 1;
    /// assert!(!Symmetry::Rot180.holds(&v));
    /// v[80] = 2;
    /// assert!(Symmetry::Rot180.holds(&v));
    /// assert!(!Symmetry::Horizontal.holds(&v));
    /// ```
    pub fn holds(self, values: &[u8; 81]) -> bool {
        self.generators().iter().all(|map| {
            (0..81).all(|i| {
                let (r, c) = map(i / 9, i % 9);
                (values[i] != 0) == (values[r * 9 + c] != 0)
            })
        })
    }

    /// Whether a pattern of exactly `givens` cells can have this symmetry (the orbit sizes must add up to it).
    ///
    /// ```
    /// use shudu::generate::Symmetry;
    /// assert!(Symmetry::Rot90.can_have(21)); // five groups of four and the centre
    /// assert!(!Symmetry::Rot90.can_have(22));
    /// ```
    pub fn can_have(self, givens: usize) -> bool {
        // Subset sums of the orbit sizes.
        let mut reachable = [false; 82];
        reachable[0] = true;
        for orbit in self.orbits() {
            for n in (orbit.len()..82).rev() {
                if reachable[n - orbit.len()] {
                    reachable[n] = true;
                }
            }
        }
        reachable.get(givens).copied().unwrap_or(false)
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a symmetry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownSymmetry(pub String);

impl fmt::Display for UnknownSymmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "no symmetry is called `{}` (none, rot180, rot90, horizontal, vertical, diagonal, anti-diagonal, dihedral)",
            self.0
        )
    }
}

impl std::error::Error for UnknownSymmetry {}

impl FromStr for Symmetry {
    type Err = UnknownSymmetry;

    /// Reads a symmetry's name ([`Symmetry::name`]), case and `-`/`_` ignored, with a few aliases (`rot2`, `rot4`,
    /// `mirror-h`, `mirror-v`, `diag`, `antidiag`, `all`).
    fn from_str(text: &str) -> Result<Symmetry, UnknownSymmetry> {
        let key: String = text
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .map(|c| c.to_ascii_lowercase())
            .collect();
        let symmetry = match key.as_str() {
            "none" | "no" => Symmetry::None,
            "rot180" | "rot2" | "rotational" | "180" => Symmetry::Rot180,
            "rot90" | "rot4" | "90" => Symmetry::Rot90,
            "horizontal" | "mirrorh" | "h" => Symmetry::Horizontal,
            "vertical" | "mirrorv" | "v" => Symmetry::Vertical,
            "diagonal" | "diag" | "d" => Symmetry::Diagonal,
            "antidiagonal" | "antidiag" | "ad" => Symmetry::AntiDiagonal,
            "dihedral" | "all" | "full" => Symmetry::Dihedral,
            _ => return Err(UnknownSymmetry(text.to_string())),
        };
        Ok(symmetry)
    }
}

// ------------------------------------------------------------------------------------------------------------------
// Options and results

/// What to generate.
///
/// ```
/// use shudu::generate::{Options, Symmetry};
/// use shudu::logic::{Level, Technique};
/// let options = Options {
///     level: Some(Level::Hard),
///     symmetry: Symmetry::Rot180,
///     needs: vec![Technique::XWing],
///     ..Options::default()
/// };
/// assert!(!options.minimal);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The level (HoDoKu's grading, as [`rate::rate`] gives it); `None` for any.
    pub level: Option<Level>,
    /// The symmetry of the givens.
    pub symmetry: Symmetry,
    /// Every clue needed: removing any one gives a second solution. Without symmetry or a lower bound on the
    /// givens every dig is minimal anyway (each cell is tried once, and a clue that could not go then cannot go
    /// later); a symmetric group of cells can only go whole, so with symmetry the digs that are not minimal are
    /// dropped. With a level, a dig past the target is dropped rather than brought back with givens added.
    pub minimal: bool,
    /// Techniques the grading path must use.
    pub needs: Vec<Technique>,
    /// The fewest givens: digging stops short of going below.
    pub min_givens: usize,
    /// The most givens: a puzzle with more is dropped.
    pub max_givens: usize,
    /// How many grids to dig before giving up on a puzzle; `None` for the default bound ([`DEFAULT_DIGS`] digs, of
    /// which at most [`DEFAULT_GRADED`] graded).
    pub attempts: Option<u32>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            level: None,
            symmetry: Symmetry::None,
            minimal: false,
            needs: Vec::new(),
            min_givens: 17,
            max_givens: 81,
            attempts: None,
        }
    }
}

/// The default bound on the grids dug for one puzzle. A dig costs 0.05–0.1 ms, so 50,000 take a few seconds: enough
/// for symmetric minimal puzzles, which rot90 and dihedral symmetry make rare (one dig in a few thousand).
pub const DEFAULT_DIGS: u32 = 50_000;

/// The default bound on the digs graded for one puzzle (a grading costs up to a few milliseconds): enough for the
/// rarest level, which one dig in a dozen reaches, few enough that an impossible request ends within seconds.
pub const DEFAULT_GRADED: u32 = 2_000;

/// A generated puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The givens (0 for an empty cell).
    pub puzzle: [u8; 81],
    /// Its only solution.
    pub solution: [u8; 81],
    /// The seed it was made from: generating with this seed and the same options makes it again.
    pub seed: u64,
    /// Its grading, when the options asked for a level or techniques (otherwise grading is left to the caller:
    /// [`Generated::graded`]).
    pub grade: Option<Grade>,
    /// How many grids were dug to find it.
    pub attempts: u32,
}

impl Generated {
    /// The number of givens.
    pub fn givens(&self) -> usize {
        self.puzzle.iter().filter(|&&v| v != 0).count()
    }

    /// The grading, computed now if the generator did not need it.
    pub fn graded(&mut self) -> &Grade {
        let puzzle = self.puzzle;
        self.grade.get_or_insert_with(|| full_grade(&puzzle))
    }
}

/// HoDoKu's grading of a proper puzzle, as [`rate::rate`] gives it.
fn full_grade(puzzle: &[u8; 81]) -> Grade {
    match Grid::from_values(puzzle) {
        Ok(grid) => rate::grade(&rate::grading_solver().solve(&grid, &mut Silent)),
        // Generated puzzles are dug from a valid grid: their givens never clash.
        Err(_) => rate::grade(&SolveReport {
            steps: Vec::new(),
            outcome: Outcome::Stuck,
            grid: Grid::empty(),
            out_of_budget: false,
        }),
    }
}

/// Why no puzzle came.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// The request cannot be met by any puzzle, or not by the grading ladder (known before any digging).
    Impossible(String),
    /// No puzzle met the request within the bound on the grids dug ([`Options::attempts`]).
    GaveUp {
        /// Grids dug.
        attempts: u32,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Impossible(why) => write!(f, "impossible request: {why}"),
            Error::GaveUp { attempts } => write!(
                f,
                "no puzzle met the request in {attempts} attempts (it may be impossible; loosen the level, symmetry, \
                 givens or techniques asked for, or allow more attempts)"
            ),
        }
    }
}

impl std::error::Error for Error {}

// ------------------------------------------------------------------------------------------------------------------
// The generator

/// A generator for one set of options: the checks it needs are built once, and it makes any number of puzzles,
/// from any number of threads.
///
/// ```
/// use shudu::generate::{Generator, Options};
/// let generator = Generator::new(Options::default()).unwrap();
/// let a = generator.generate(1).unwrap();
/// let b = generator.generate(2).unwrap();
/// assert_ne!(a.puzzle, b.puzzle);
/// ```
#[derive(Clone, Debug)]
pub struct Generator {
    options: Options,
    orbits: Vec<Vec<u8>>,
    /// The level a dig must not pass: the target, or Extreme (no bound) when none is asked.
    target: Level,
    /// The grading ladder cut after its last technique at or below the target; `None` when there is no bound.
    bounded: Option<Solver>,
    /// Whether the puzzle must be graded at all.
    grading: bool,
}

impl Generator {
    /// A generator for `options`; [`Error::Impossible`] for requests that no puzzle can meet, said before any work.
    pub fn new(options: Options) -> Result<Generator, Error> {
        let min = options.min_givens;
        let max = options.max_givens.min(81);
        if min > max {
            return Err(Error::Impossible(format!("at least {min} and at most {max} givens")));
        }
        if max < 17 {
            return Err(Error::Impossible(format!(
                "at most {max} givens: no Sudoku with fewer than 17 givens has a single solution"
            )));
        }
        if !(min.max(17)..=max).any(|n| options.symmetry.can_have(n)) {
            return Err(Error::Impossible(format!(
                "{} symmetry cannot have {} givens (its groups of cells have sizes {})",
                options.symmetry,
                if min == max {
                    min.to_string()
                } else {
                    format!("{min} to {max}")
                },
                orbit_sizes(options.symmetry)
            )));
        }
        let grader = rate::grading_solver();
        for &t in &options.needs {
            if !t.is_implemented() {
                return Err(Error::Impossible(format!("{t} has no finder yet, so no path uses it")));
            }
            if !grader.ladder().contains(&t) {
                return Err(Error::Impossible(format!(
                    "{t} is not on HoDoKu's grading ladder, so no graded path uses it"
                )));
            }
            if let Some(level) = options.level {
                if t.info().level > level {
                    return Err(Error::Impossible(format!(
                        "{t} is a {} technique, harder than {level}",
                        t.info().level
                    )));
                }
            }
        }
        if options.attempts == Some(0) {
            return Err(Error::Impossible("no attempts allowed".to_string()));
        }
        let target = options.level.unwrap_or(Level::Extreme);
        let bounded = (target < Level::Extreme).then(|| {
            let ladder = grader.ladder();
            let end = ladder
                .iter()
                .rposition(|t| t.info().level <= target)
                .map_or(0, |i| i + 1);
            // Cut, not rebuilt: the grading's own settings (HoDoKu's tables, its nets) choose the steps, so a
            // puzzle graded within the level by the cut ladder is graded so by `shudu rate`.
            grader.truncated(end)
        });
        let grading = options.level.is_some() || !options.needs.is_empty();
        Ok(Generator {
            orbits: options.symmetry.orbits(),
            target,
            bounded,
            grading,
            options,
        })
    }

    /// The options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The puzzle of `seed`.
    pub fn generate(&self, seed: u64) -> Result<Generated, Error> {
        let mut rng = Rng::new(seed);
        // Slices, not copies: shuffling them shuffles the orbits without allocating each anew.
        let mut order: Vec<&[u8]> = self.orbits.iter().map(Vec::as_slice).collect();
        let (digs, graded_max) = match self.options.attempts {
            Some(n) => (n, u32::MAX),
            None => (DEFAULT_DIGS, DEFAULT_GRADED),
        };
        let mut graded = 0;
        for attempt in 1..=digs {
            let solution = full_grid(&mut rng);
            rng.shuffle(&mut order);
            if let Some((puzzle, grade)) = self.dig(&solution, &order, &mut graded) {
                return Ok(Generated {
                    puzzle,
                    solution,
                    seed,
                    grade,
                    attempts: attempt,
                });
            }
            if graded >= graded_max {
                return Err(Error::GaveUp { attempts: attempt });
            }
        }
        Err(Error::GaveUp { attempts: digs })
    }

    /// Digs `solution` in `order`; the puzzle and its grading when it meets the options.
    ///
    /// First by uniqueness alone, which is cheap, recording the orbits removed. With a level asked, the puzzle is
    /// then graded with the bounded ladder, which gives up at the first step past the target: a puzzle at the
    /// target is kept, one below it dropped (nothing more can go), and one past it is brought back ([`Self::back_off`]).
    fn dig(&self, solution: &[u8; 81], order: &[&[u8]], graded: &mut u32) -> Option<([u8; 81], Option<Grade>)> {
        let mut board = Board::new(solution);
        let mut removed: Vec<&[u8]> = Vec::with_capacity(order.len());
        // Whether a removal was refused for a reason other than a second solution.
        let mut short = false;
        for &orbit in order {
            if board.givens - orbit.len() < self.options.min_givens {
                short = true;
                continue;
            }
            let forced = board.remove(orbit);
            if forced || board.unique(orbit, solution) {
                removed.push(orbit);
            } else {
                board.restore(orbit, solution);
            }
        }
        // Bringing a dig back only adds givens.
        if board.givens > self.options.max_givens {
            return None;
        }
        // One cell at a time, with nothing refused but for uniqueness, the dig is minimal by construction.
        let by_construction = !short && self.orbits.len() == 81;
        if self.options.minimal && !by_construction && !board.is_minimal() {
            return None;
        }
        if self.grading {
            *graded += 1;
        }
        let grade = match &self.bounded {
            None => None,
            Some(_) => match self.within_level(&board.values) {
                Some(grade) => Some(grade),
                // Too hard; a minimal puzzle cannot take a clue back.
                None if self.options.minimal => return None,
                None => {
                    let (backed, grade) = self.back_off(solution, &removed)?;
                    if backed.givens > self.options.max_givens {
                        return None;
                    }
                    board = backed;
                    Some(grade)
                }
            },
        };
        if !self.grading {
            return Some((board.values, None));
        }
        let grade = grade.unwrap_or_else(|| full_grade(&board.values));
        if self.options.level.is_some_and(|l| grade.level != l) {
            return None;
        }
        if !self.options.needs.iter().all(|&t| grade.uses(t)) {
            return None;
        }
        Some((board.values, Some(grade)))
    }

    /// Brings back a dig that went past the target level, as Solo digs: the longest run of the removals, in their
    /// order, after which the bounded ladder still finishes (found by halving: more givens rarely make a puzzle
    /// harder, and the run found is checked either way); then the later removals are tried again one at a time,
    /// each kept only while the ladder still finishes within the target. Every board on the way holds the dug
    /// puzzle's givens, so it keeps a single solution without a search.
    fn back_off(&self, solution: &[u8; 81], removed: &[&[u8]]) -> Option<(Board, Grade)> {
        let board_after = |n: usize| {
            let mut board = Board::new(solution);
            for orbit in &removed[..n] {
                board.remove(orbit);
            }
            board
        };
        // `within` finishes within the target after `lo` removals (none: the full grid), not after `hi`.
        let (mut lo, mut hi) = (0, removed.len());
        let mut grade = None;
        while hi - lo > 1 {
            let mid = (lo + hi) / 2;
            match self.within_level(&board_after(mid).values) {
                Some(g) => {
                    lo = mid;
                    grade = Some(g);
                }
                None => hi = mid,
            }
        }
        let mut board = board_after(lo);
        let mut grade = match grade {
            Some(g) => g,
            None => self.within_level(&board.values)?,
        };
        // removed[lo] took it past the target; the later ones may still go.
        let mut stale = false;
        for orbit in &removed[hi..] {
            if board.remove(orbit) {
                // Forced by a single from the givens: the path gains a single (checked once at the end).
                stale = true;
                continue;
            }
            match self.within_level(&board.values) {
                Some(g) => {
                    grade = g;
                    stale = false;
                }
                None => board.restore(orbit, solution),
            }
        }
        if stale {
            grade = self.within_level(&board.values)?;
        }
        Some((board, grade))
    }

    /// The grading of a proper puzzle when its path stays within the target level; `None` as soon as it does not
    /// (and always without a bound: callers ask only when there is one).
    fn within_level(&self, values: &[u8; 81]) -> Option<Grade> {
        let solver = self.bounded.as_ref()?;
        let grid = Grid::from_values(values).ok()?;
        let mut walk = solver.walk(&grid);
        let mut steps = Vec::new();
        let (mut highest, mut score) = (Level::Easy, 0u32);
        // Stuck on the cut ladder: the full ladder would need a technique beyond the target.
        while let Some(step) = walk.step().ok()? {
            let info = step.technique.info();
            highest = highest.max(info.level);
            score += info.score;
            if rate::level_for(highest, score) > self.target {
                return None;
            }
            steps.push(step);
        }
        Some(rate::grade(&SolveReport {
            steps,
            outcome: Outcome::Solved,
            grid: walk.grid().clone(),
            out_of_budget: walk.out_of_budget(),
        }))
    }
}

/// The orbit sizes of a symmetry, for messages: `4 and 1`.
fn orbit_sizes(symmetry: Symmetry) -> String {
    let mut sizes: Vec<usize> = symmetry.orbits().iter().map(Vec::len).collect();
    sizes.sort_unstable_by(|a, b| b.cmp(a));
    sizes.dedup();
    let names: Vec<String> = sizes.iter().map(usize::to_string).collect();
    names.join(" and ")
}

/// Makes the puzzle of `seed` for `options` (a [`Generator`] built for one puzzle).
pub fn generate(options: &Options, seed: u64) -> Result<Generated, Error> {
    Generator::new(options.clone())?.generate(seed)
}

/// A puzzle being dug: its givens, and for each house the digits its givens hold (bit `d - 1`), so that a removed
/// digit forced by a single can be recognised without a search.
struct Board {
    values: [u8; 81],
    used: [u16; 27],
    givens: usize,
}

impl Board {
    fn new(solution: &[u8; 81]) -> Board {
        Board {
            values: *solution,
            used: [0x1ff; 27],
            givens: 81,
        }
    }

    fn houses(i: usize) -> [usize; 3] {
        [i / 9, 9 + i % 9, 18 + BOX_OF[i] as usize]
    }

    /// Removes the cells of `orbit`, one after the other; whether each was forced by a single of the givens left
    /// when it went. When all were, the puzzle keeps its single solution: each removal is undone by logic in turn.
    fn remove(&mut self, orbit: &[u8]) -> bool {
        let mut forced = true;
        for &cell in orbit {
            let i = usize::from(cell);
            let bit = 1u16 << (self.values[i] - 1);
            self.values[i] = 0;
            for h in Board::houses(i) {
                self.used[h] &= !bit;
            }
            self.givens -= 1;
            forced = forced && self.is_single(i, bit);
        }
        forced
    }

    /// Whether the puzzle is still unique after removing `orbit` from a unique puzzle. Another solution must differ
    /// in a removed cell; for one cell, a search with the removed digit ruled out looks for exactly that.
    fn unique(&self, orbit: &[u8], solution: &[u8; 81]) -> bool {
        match orbit {
            &[cell] => {
                let i = usize::from(cell);
                search::search_excluding(&self.values, &[(i, solution[i])], 1).count == 0
            }
            _ => search::count_solutions(&self.values, 2) == 1,
        }
    }

    fn restore(&mut self, orbit: &[u8], solution: &[u8; 81]) {
        for &cell in orbit {
            let i = usize::from(cell);
            self.values[i] = solution[i];
            let bit = 1u16 << (solution[i] - 1);
            for h in Board::houses(i) {
                self.used[h] |= bit;
            }
            self.givens += 1;
        }
    }

    /// Whether the givens force digit `bit` into the empty cell `i`: a naked single there, or a hidden single in
    /// one of its houses.
    fn is_single(&self, i: usize, bit: u16) -> bool {
        let [r, c, b] = Board::houses(i);
        if self.used[r] | self.used[c] | self.used[b] | bit == 0x1ff {
            return true;
        }
        // The digit is blocked from an empty cell when one of that cell's houses holds it.
        let blocked =
            |j: usize| j == i || self.values[j] != 0 || Board::houses(j).iter().any(|&h| self.used[h] & bit != 0);
        let row = i / 9 * 9;
        if (row..row + 9).all(blocked) {
            return true;
        }
        let col = i % 9;
        if (0..9).all(|k| blocked(col + 9 * k)) {
            return true;
        }
        let corner = (i / 27) * 27 + (i % 9) / 3 * 3;
        (0..9).all(|k| blocked(corner + k / 3 * 9 + k % 3))
    }

    /// Whether every given is needed: without any one of them, the puzzle has a second solution.
    fn is_minimal(&self) -> bool {
        let mut values = self.values;
        (0..81).all(|i| {
            let v = values[i];
            if v == 0 {
                return true;
            }
            values[i] = 0;
            let needed = search::count_solutions(&values, 2) > 1;
            values[i] = v;
            needed
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_random_numbers_are_fixed_by_the_seed() {
        // Pinned: these values must never change, or every seed would give other puzzles.
        let mut rng = Rng::new(0);
        let first: Vec<u64> = (0..3).map(|_| rng.next_u64()).collect();
        let mut again = Rng::new(0);
        assert_eq!(first, (0..3).map(|_| again.next_u64()).collect::<Vec<_>>());
        let mut rng = Rng::new(12345);
        let mut counts = [0u32; 9];
        for _ in 0..9000 {
            counts[rng.below(9) as usize] += 1;
        }
        assert!(counts.iter().all(|&n| (850..1150).contains(&n)), "{counts:?}");
    }

    #[test]
    fn shuffles_are_permutations() {
        let mut rng = Rng::new(3);
        let mut v: Vec<u32> = (0..50).collect();
        rng.shuffle(&mut v);
        assert_ne!(v, (0..50).collect::<Vec<_>>());
        v.sort_unstable();
        assert_eq!(v, (0..50).collect::<Vec<_>>());
    }

    #[test]
    fn full_grids_are_valid_and_differ() {
        let mut rng = Rng::new(9);
        let a = full_grid(&mut rng);
        let b = full_grid(&mut rng);
        assert!(search::is_valid_solution(&a));
        assert!(search::is_valid_solution(&b));
        assert_ne!(a, b);
    }

    #[test]
    fn orbits_partition_the_board() {
        for s in Symmetry::ALL {
            let orbits = s.orbits();
            let mut all: Vec<u8> = orbits.iter().flatten().copied().collect();
            all.sort_unstable();
            assert_eq!(all, (0..81).collect::<Vec<u8>>(), "{s}");
            assert_eq!(s.name().parse::<Symmetry>(), Ok(s));
        }
        let sizes = |s: Symmetry| {
            let mut v: Vec<usize> = s.orbits().iter().map(Vec::len).collect();
            v.sort_unstable();
            v.dedup();
            v
        };
        assert_eq!(sizes(Symmetry::None), [1]);
        assert_eq!(sizes(Symmetry::Rot180), [1, 2]);
        assert_eq!(sizes(Symmetry::Rot90), [1, 4]);
        assert_eq!(sizes(Symmetry::Diagonal), [1, 2]);
        assert_eq!(sizes(Symmetry::Dihedral), [1, 4, 8]);
        assert_eq!(Symmetry::Horizontal.orbits().len(), 45);
    }

    #[test]
    fn singles_found_from_the_givens_are_forced() {
        // Dig a grid cell by cell, trusting only the single test, and check each such removal with the search.
        let solution = full_grid(&mut Rng::new(5));
        let mut board = Board::new(&solution);
        let mut order: Vec<u8> = (0..81).collect();
        Rng::new(6).shuffle(&mut order);
        let mut trusted = 0;
        for &cell in &order {
            if board.remove(&[cell]) {
                trusted += 1;
                assert_eq!(search::count_solutions(&board.values, 2), 1);
            } else {
                board.restore(&[cell], &solution);
            }
        }
        assert!(trusted > 30, "{trusted}");
    }

    #[test]
    fn impossible_requests_are_refused_before_digging() {
        let ask = |options: Options| Generator::new(options).err();
        assert!(matches!(
            ask(Options {
                max_givens: 16,
                ..Options::default()
            }),
            Some(Error::Impossible(_))
        ));
        assert!(matches!(
            ask(Options {
                symmetry: Symmetry::Rot90,
                min_givens: 22,
                max_givens: 23,
                ..Options::default()
            }),
            Some(Error::Impossible(_))
        ));
        assert!(matches!(
            ask(Options {
                level: Some(Level::Medium),
                needs: vec![Technique::XWing],
                ..Options::default()
            }),
            Some(Error::Impossible(_))
        ));
    }

    #[test]
    fn a_plain_dig_is_minimal_and_unique() {
        let generator = Generator::new(Options::default()).expect("options");
        for seed in 0..20 {
            let made = generator.generate(seed).expect("a puzzle");
            assert_eq!(search::count_solutions(&made.puzzle, 2), 1);
            let board = Board {
                values: made.puzzle,
                used: [0; 27],
                givens: made.givens(),
            };
            assert!(board.is_minimal());
            assert_eq!(search::solve(&made.puzzle), Some(made.solution));
        }
    }
}
