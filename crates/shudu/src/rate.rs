//! Difficulty: how hard a puzzle is for a person, graded the way the field grades it.
//!
//! Two gradings, both read off a solving path rather than guessed from the givens:
//!
//! - **HoDoKu's** ([`grade`]): the score is the sum of the base scores of every step of the path HoDoKu's ladder
//!   takes ([`hodoku_solver`]: the default ladder without the techniques HoDoKu lacks); the level is the highest
//!   level of any technique used, raised one level at a time while the score exceeds the level's cap (Easy 800,
//!   Medium 1000, Hard 1600, Unfair 1800); stars run 1 (Easy) to 5 (Extreme).
//!   A path that needed Brute Force is Extreme and says so.
//! - **Sudoku Explainer's** ([`SeLadder`]): a second ladder ordered by SE's rating of each technique (the registry's
//!   `se` column), which at every step takes a step of the lowest-rated technique that has one, as SE does, with
//!   SE's finer grades within a technique (hidden singles in a box or a line, the size of a unique rectangle's
//!   naked set, a chain's length). ER is the highest rating on the path, EP the highest up to and including the
//!   first placement, ED the rating of the first step.
//!
//! The SE ratings come from Sudoku Explainer 1.2.1's published table and its source (the direct techniques, the
//! unique-loop grades, the chain length penalty), read and rewritten here; the estimate was calibrated against
//! puzzles rated by SE with serate's turbot-fish extension (Skyscraper 4.0, 2-String Kite 4.1, Turbot Fish 4.2).
//! BENCHMARKS.md (section Grading) gives the agreement with both raters.
//!
//! A puzzle with no solution, several solutions or clashing givens is never graded ([`Invalid`]).
//!
//! **Paths the ladder cannot finish.** With chains, ALS and forcing chains and nets in the ladder, every valid
//! puzzle of the shared collections is finished by logic. A ladder cut down by the user may still end
//! [`Outcome::Stuck`]: such a puzzle is graded Extreme (5 stars), as HoDoKu grades a path that ends in its last
//! resorts, with `solved: false`, and its score is that of the steps taken: a lower bound. Its SE estimate is marked
//! incomplete and its ER is a calibrated guess (see [`SeLadder::rate`]). A path that needed Brute Force counts as
//! Extreme with `brute_force: true`.
//!
//! ```
//! use shudu::format::parse_line;
//! use shudu::logic::Level;
//! use shudu::rate::rate;
//! let p = parse_line("006800005080200007050347200000000013003009000800000500000060080000403000700100020").unwrap();
//! let rating = rate(&p).unwrap();
//! assert!(rating.grade.solved);
//! assert_eq!(rating.grade.stars, rating.grade.level as u8 + 1);
//! assert!(rating.grade.score > 0);
//! assert!(rating.se.er >= rating.se.ed);
//! ```

use core::fmt;

use crate::grid::{Bitboard, Cell, Contradiction, Digit, Grid, House};
use crate::logic::{finder, Flow, Level, Outcome, Silent, SolveReport, Solver, Step, Technique};
use crate::search;

/// Why a puzzle is not graded.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Invalid {
    /// Two givens clash (the same digit twice in a house).
    Clash(Contradiction),
    /// The puzzle has no solution.
    NoSolution,
    /// The puzzle has more than one solution.
    Several,
}

impl Invalid {
    /// Solutions counted (up to two, which stands for "two or more"); `None` when clashing givens stopped the count.
    pub fn solutions(self) -> Option<u64> {
        match self {
            Invalid::Clash(_) => None,
            Invalid::NoSolution => Some(0),
            Invalid::Several => Some(2),
        }
    }
}

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Invalid::Clash(c) => write!(f, "givens clash: {c}"),
            Invalid::NoSolution => f.write_str("no solution"),
            Invalid::Several => f.write_str("more than one solution"),
        }
    }
}

impl std::error::Error for Invalid {}

/// The board of a proper puzzle: givens that do not clash and exactly one solution.
///
/// ```
/// use shudu::rate::{proper, Invalid};
/// assert_eq!(proper(&[0; 81]).unwrap_err(), Invalid::Several);
/// ```
pub fn proper(values: &[u8; 81]) -> Result<Grid, Invalid> {
    let grid = Grid::from_values(values).map_err(Invalid::Clash)?;
    match search::count_solutions(values, 2) {
        0 => Err(Invalid::NoSolution),
        1 => Ok(grid),
        _ => Err(Invalid::Several),
    }
}

/// The score above which a path is raised past `level` (HoDoKu's caps); `None` for Extreme, which has none.
pub fn score_cap(level: Level) -> Option<u32> {
    match level {
        Level::Easy => Some(800),
        Level::Medium => Some(1000),
        Level::Hard => Some(1600),
        Level::Unfair => Some(1800),
        Level::Extreme => None,
    }
}

/// HoDoKu's level rule: start from the highest level of any technique used and go up one level at a time while the
/// score exceeds the level's cap.
///
/// ```
/// use shudu::logic::Level;
/// use shudu::rate::level_for;
/// assert_eq!(level_for(Level::Easy, 700), Level::Easy);
/// assert_eq!(level_for(Level::Easy, 900), Level::Medium);
/// assert_eq!(level_for(Level::Easy, 1700), Level::Unfair);
/// ```
pub fn level_for(highest: Level, score: u32) -> Level {
    let mut level = highest;
    while let Some(cap) = score_cap(level) {
        if score <= cap {
            break;
        }
        level = Level::ALL[level as usize + 1];
    }
    level
}

/// Stars for a level: 1 (Easy, 一星) to 5 (Extreme, 五星).
pub fn stars(level: Level) -> u8 {
    level as u8 + 1
}

/// The seeds' name of a number of stars: 一星 … 五星 (`None` outside 1–5).
///
/// ```
/// assert_eq!(shudu::rate::stars_zh(3), Some("三星"));
/// ```
pub fn stars_zh(stars: u8) -> Option<&'static str> {
    ["一星", "二星", "三星", "四星", "五星"]
        .get(usize::from(stars).checked_sub(1)?)
        .copied()
}

/// HoDoKu's grading of one solving path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grade {
    /// The level, after the score caps.
    pub level: Level,
    /// The sum of the base scores of every step (for a path that did not finish, of the steps taken).
    pub score: u32,
    /// 1 (Easy) to 5 (Extreme).
    pub stars: u8,
    /// The hardest technique used (highest level, then score), if any step was taken.
    pub hardest: Option<Technique>,
    /// Whether a Brute Force step was needed.
    pub brute_force: bool,
    /// Whether the path reached the solution. `false` when the ladder ran out: the puzzle needs techniques beyond it.
    pub solved: bool,
    /// Steps on the path.
    pub steps: usize,
    /// Every technique the path used, each once, in ladder order.
    pub techniques: Vec<Technique>,
}

impl Grade {
    /// Whether the path used `technique`.
    pub fn uses(&self, technique: Technique) -> bool {
        self.techniques.contains(&technique)
    }
}

/// Grades a solving path the way HoDoKu does (see the module documentation for paths that did not finish).
///
/// ```
/// use shudu::format::parse_line;
/// use shudu::logic::{Level, Silent, Solver};
/// use shudu::rate::{grade, proper};
/// let p = parse_line("006800005080200007050347200000000013003009000800000500000060080000403000700100020").unwrap();
/// let report = Solver::new().solve(&proper(&p).unwrap(), &mut Silent);
/// let g = grade(&report);
/// assert_eq!(g.score, report.steps.iter().map(|s| s.technique.info().score).sum::<u32>());
/// assert!(g.level >= Level::Easy);
/// ```
pub fn grade(report: &SolveReport) -> Grade {
    let score = report.steps.iter().map(|s| s.technique.info().score).sum();
    let highest = report
        .steps
        .iter()
        .map(|s| s.technique.info().level)
        .max()
        .unwrap_or(Level::Easy);
    let solved = report.outcome == Outcome::Solved;
    // A path the ladder could not finish needs what lies beyond it, which in HoDoKu's terms is the last resorts.
    let level = if solved {
        level_for(highest, score)
    } else {
        Level::Extreme
    };
    let mut techniques: Vec<Technique> = report.steps.iter().map(|s| s.technique).collect();
    techniques.sort_unstable();
    techniques.dedup();
    Grade {
        level,
        score,
        stars: stars(level),
        hardest: report.hardest(),
        brute_force: techniques.contains(&Technique::BruteForce),
        solved,
        steps: report.steps.len(),
        techniques,
    }
}

/// A Sudoku Explainer rating in tenths (`23` is 2.3), so ratings compare and add exactly.
pub type Tenths = u16;

/// Sudoku Explainer's ratings of a puzzle, estimated.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SeRating {
    /// ER: the highest rating of any step.
    pub er: Tenths,
    /// EP: the highest rating up to and including the first step that places a digit.
    pub ep: Tenths,
    /// ED: the rating of the first step.
    pub ed: Tenths,
    /// The technique of the first step rated ER; `None` when no step was taken, or when ER is the guess for a path
    /// the ladder could not finish.
    pub hardest: Option<Technique>,
    /// Empty cells left where the ladder stopped (0 when it finished).
    pub left: u8,
    /// Whether the ladder finished the path. When it did not, the ratings of the missing steps are a guess
    /// ([`SeLadder::stuck_guess`]) and `er` is at least the guess.
    pub complete: bool,
    /// Whether these are SE's own ratings, from [`crate::se`]'s exact ladder, which walks serate's path; `false` when
    /// that ladder cannot finish the path (it found nothing where serate would go on) and the figures are the
    /// estimate of SE's rating from the HoDoKu techniques, and `false` too when the path passes SE's deepest nested
    /// level, "(+ Dynamic Forcing Chains (+))" (11.0 and up), not yet checked against serate's traces: the figures
    /// are then the exact ladder's (`rule` is set).
    pub exact: bool,
    /// For ratings from the exact ladder, SE's kind of the first step rated ER.
    pub rule: Option<crate::se::Kind>,
}

impl SeRating {
    /// A rating in tenths as a decimal number (`23` → 2.3).
    pub fn decimal(tenths: Tenths) -> f64 {
        f64::from(tenths) / 10.0
    }
}

/// How a rung of the SE ladder uses its technique's steps.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Use {
    /// Every step, applied as it is.
    Plain,
    /// Only steps whose eliminations leave a hidden single, which the step then places too (SE's "direct"
    /// techniques: a direct pointing is a pointing that a person sees through to the single it makes).
    Direct,
}

/// One rung of the SE ladder.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Rung {
    technique: Technique,
    base: Tenths,
    used: Use,
}

/// Sudoku Explainer's ratings of the direct techniques, which have no row of their own in the registry.
const DIRECT: [(Technique, Tenths); 4] = [
    (Technique::LockedCandidatesPointing, 17),
    (Technique::LockedCandidatesClaiming, 19),
    (Technique::HiddenPair, 20),
    (Technique::HiddenTriple, 25),
];

/// The base SE rating of a technique, from the registry's `se` column (its leading number: `1.2–1.5` → 12,
/// `6.5+` → 65), or `None` when the registry gives none.
///
/// ```
/// use shudu::logic::Technique;
/// use shudu::rate::se_base;
/// assert_eq!(se_base(Technique::NakedSingle), Some(23));
/// assert_eq!(se_base(Technique::HiddenSingle), Some(12));
/// ```
pub fn se_base(technique: Technique) -> Option<Tenths> {
    let text = technique.info().se?;
    let mut tenths: Option<Tenths> = None;
    let mut seen_point = false;
    for ch in text.chars() {
        match ch {
            '0'..='9' => {
                let d = ch as Tenths - '0' as Tenths;
                tenths = Some(tenths.unwrap_or(0) * 10 + d);
                if seen_point {
                    return tenths;
                }
            }
            '.' if tenths.is_some() => seen_point = true,
            _ => break,
        }
    }
    // A whole number (`5`) is five units.
    tenths.map(|t| if seen_point { t } else { t * 10 })
}

/// SE's penalty for a chain's length, in tenths: nothing up to 4, then a tenth for each of the ceilings 4, 6, 8, 12,
/// 16, 24, 32, … (alternately ×3/2 and ×4/3) that the length passes. The length: the cells the step's longest chain
/// passes, less two.
///
/// ```
/// use shudu::rate::se_length_penalty;
/// assert_eq!(se_length_penalty(4), 0);
/// assert_eq!(se_length_penalty(5), 1);
/// assert_eq!(se_length_penalty(7), 2);
/// assert_eq!(se_length_penalty(13), 4);
/// ```
pub fn se_length_penalty(length: usize) -> Tenths {
    let mut added = 0;
    let mut ceiling = 4;
    let mut odd = false;
    while length > ceiling {
        added += 1;
        ceiling = if odd { ceiling * 4 / 3 } else { ceiling * 3 / 2 };
        odd = !odd;
    }
    added
}

/// The SE rating of one step of `technique` from its base rating: the finer grades SE gives within a technique.
fn step_rating(step: &Step, base: Tenths) -> Tenths {
    use Technique as T;
    match step.technique {
        // SE rates a hidden single in a box 1.2, in a row or column 1.5.
        T::HiddenSingle => match step.pattern.base.first() {
            Some(House::Box(_)) | None => 12,
            Some(_) => 15,
        },
        // A type 3 adds a tenth for each digit of its naked set beyond one: for the set's cells besides the two
        // corners (the pattern's cells after the four corners), as the set has one digit more than those cells.
        T::UniqueRectangleType3 => base + step.pattern.cells.len().saturating_sub(4).max(1) as Tenths,
        _ => {
            // A chain's length counts the cells it passes (a passage through two candidates of a cell is one node
            // to SE); a forcing step's, its longest chain, not the sum of its branches. Both measured against
            // se_rated_dev: summed nodes overrated chains and forcing steps by half a point on average.
            let cells = |c: &crate::logic::Chain| {
                let mut n = 0;
                let mut last: Option<&[Cell]> = None;
                for node in &c.nodes {
                    if last != Some(node.cells.as_slice()) {
                        n += 1;
                    }
                    last = Some(node.cells.as_slice());
                }
                n
            };
            let nodes: usize = step.pattern.chains.iter().map(cells).max().unwrap_or(0);
            if nodes > 2 {
                base + se_length_penalty(nodes - 2)
            } else {
                base
            }
        }
    }
}

/// The hidden single a direct step leads to, as SE looks for it: a digit the step removes left with one place in a
/// house of the same kind as the step's base house (for a hidden subset, the base house itself; for a pointing,
/// another box along the line; for a claiming, another line through the box), where it had several before.
fn single_left(grid: &Grid, step: &Step) -> Option<(Cell, Digit)> {
    let base = *step.pattern.base.first()?;
    let same_kind = |h: &House| core::mem::discriminant(h) == core::mem::discriminant(&base);
    let subset = matches!(step.technique, Technique::HiddenPair | Technique::HiddenTriple);
    for &(cell, digit) in &step.eliminations {
        for house in cell.houses().into_iter().filter(same_kind) {
            if (house == base) != subset {
                continue;
            }
            let before = grid.digit_cells(digit) & house.cell_set();
            let removed: Bitboard = step
                .eliminations
                .iter()
                .filter(|&&(_, d)| d == digit)
                .map(|&(c, _)| c)
                .collect();
            let after = before - removed;
            if before.len() > 1 && after.len() == 1 {
                return after.first().map(|c| (c, digit));
            }
        }
    }
    None
}

/// The Sudoku Explainer ladder: every technique with a finder and an SE rating, ordered by that rating (SE's own
/// order), with SE's direct techniques in their places.
///
/// ```
/// use shudu::format::parse_line;
/// use shudu::rate::{proper, SeLadder};
/// let p = parse_line("006800005080200007050347200000000013003009000800000500000060080000403000700100020").unwrap();
/// let se = SeLadder::new().rate(&proper(&p).unwrap());
/// assert!(se.complete);
/// assert!(se.ed <= se.ep && se.ep <= se.er);
/// ```
#[derive(Clone, Debug)]
pub struct SeLadder {
    rungs: Vec<Rung>,
    budget: Option<u64>,
}

impl Default for SeLadder {
    fn default() -> Self {
        SeLadder::new()
    }
}

impl SeLadder {
    /// The ER guessed for a path the ladder cannot finish, by the candidates an empty cell has on average where it
    /// stopped, in sixths (index 15 is 2.5–2.67 candidates a cell; a stuck board has at least two a cell): for
    /// each bin, the rating that puts the most calibration puzzles (`se_rated_dev.txt`) the ladder leaves stuck
    /// there within half a point of SE's, made non-decreasing. The more open the board is when a ladder without
    /// chains gives up, the harder the chains SE needs: the average correlates with SE's rating at r = 0.77 on the
    /// calibration set, better than the cells left (0.67) or the candidates left (0.74). Fitted on three quarters of
    /// the stuck puzzles and tested on the fourth, in turn, this table puts 2,354 of 3,854 within half a point;
    /// quarters of a candidate, 2,276; a table by cells left, 2,009 (BENCHMARKS.md, section Grading).
    pub const STUCK_GUESS: [Tenths; 21] = [
        62, 62, 62, 62, 62, 62, 62, 62, 62, 62, 62, 62, 62, 67, 67, 67, 73, 78, 79, 86, 87,
    ];

    /// The guess for a path stuck on `grid`.
    pub fn stuck_guess(grid: &Grid) -> Tenths {
        let empty = grid.empty_cells();
        let candidates: u32 = empty.iter().map(|c| grid.candidates(c).len()).sum();
        let sixths = (6 * candidates).checked_div(empty.len()).unwrap_or(0) as usize;
        Self::STUCK_GUESS[sixths.min(Self::STUCK_GUESS.len() - 1)]
    }

    /// The ladder of every technique that has both a finder and an SE rating, in SE order. Techniques gain a rung
    /// as they gain a finder, with no change here.
    pub fn new() -> SeLadder {
        let mut rungs: Vec<Rung> = Technique::ALL
            .iter()
            .copied()
            .filter(|t| t.is_implemented() && *t != Technique::BruteForce)
            .filter_map(|t| {
                se_base(t).map(|base| Rung {
                    technique: t,
                    base,
                    used: Use::Plain,
                })
            })
            .collect();
        rungs.extend(
            DIRECT
                .iter()
                .filter(|(t, _)| t.is_implemented())
                .map(|&(t, base)| Rung {
                    technique: t,
                    base,
                    used: Use::Direct,
                }),
        );
        // Stable: techniques of equal rating keep the registry's order.
        rungs.sort_by_key(|r| r.base);
        SeLadder { rungs, budget: None }
    }

    /// Bounds each forcing-net search of the path, as [`Solver::set_budget`] does; `None` (the default) for no
    /// bound. A path whose nets run out goes on with the rungs after them, or is left incomplete.
    pub fn set_budget(&mut self, units: Option<u64>) -> &mut SeLadder {
        self.budget = units;
        self
    }

    /// The techniques of the ladder with their base ratings, in order (direct rungs included, marked `true`).
    pub fn rungs(&self) -> impl Iterator<Item = (Technique, Tenths, bool)> + '_ {
        self.rungs.iter().map(|r| (r.technique, r.base, r.used == Use::Direct))
    }

    /// The next step in SE order, with its rating: the first rung that has a step, and on it the first step (SE
    /// takes the first hint of the first producer that has one).
    pub fn next_step(&self, grid: &Grid) -> Option<(Step, Tenths)> {
        for rung in &self.rungs {
            let Some(find) = finder(rung.technique) else {
                continue;
            };
            let mut found: Option<(Step, Tenths)> = None;
            let _ = crate::logic::budget::with_budget(self.budget, || {
                find(grid, &mut |step: Step| {
                    if !step.makes_progress(grid) {
                        return Flow::Continue(());
                    }
                    match rung.used {
                        Use::Plain => {
                            let rating = step_rating(&step, rung.base);
                            found = Some((step, rating));
                            Flow::Break(())
                        }
                        // SE applies a direct step whole: its eliminations and the single they make.
                        Use::Direct => match single_left(grid, &step) {
                            Some(single) => {
                                let mut direct = step;
                                direct.placements.push(single);
                                found = Some((direct, rung.base));
                                Flow::Break(())
                            }
                            None => Flow::Continue(()),
                        },
                    }
                })
            });
            if found.is_some() {
                return found;
            }
        }
        None
    }

    /// Rates a proper puzzle's board: SE's own ratings from the exact ladder ([`crate::se`]) when it finishes the
    /// path, else the estimate ([`SeLadder::estimate`]).
    pub fn rate(&self, grid: &Grid) -> SeRating {
        let mut board = crate::se::Board::from_grid(grid);
        let mut rule = None;
        let mut top = f64::NEG_INFINITY;
        let mut unchecked = false;
        let exact = crate::se::rate_board(&mut board, |r, hint| {
            unchecked |= matches!(r, crate::se::Rule::Nested(5));
            if hint.rating > top {
                top = hint.rating;
                rule = Some(hint.kind);
            }
        });
        if !exact.stuck {
            return SeRating {
                er: crate::se::tenths(exact.er),
                ep: crate::se::tenths(exact.ep),
                ed: crate::se::tenths(exact.ed),
                hardest: None,
                left: 0,
                complete: true,
                // SE's path, but through its deepest level, which no serate trace has checked yet
                // (BENCHMARKS.md): its figures, not claimed exact.
                exact: !unchecked,
                rule,
            };
        }
        self.estimate(grid)
    }

    /// The estimate of SE's ratings from this ladder of HoDoKu techniques ordered by SE's ratings: walks its path and
    /// reads ER, EP and ED off it. A path the ladder cannot finish gives its missing steps a guess
    /// ([`SeLadder::stuck_guess`]) and is marked incomplete.
    pub fn estimate(&self, grid: &Grid) -> SeRating {
        let mut grid = grid.clone();
        let mut er: Tenths = 0;
        let mut ep: Option<Tenths> = None;
        let mut ed: Option<Tenths> = None;
        let mut complete = true;
        let mut hardest = None;
        while !grid.is_full() {
            let Some((step, rating)) = self.next_step(&grid) else {
                complete = false;
                break;
            };
            if step.apply(&mut grid).is_err() {
                complete = false;
                break;
            }
            if rating > er || hardest.is_none() {
                er = rating;
                hardest = Some(step.technique);
            }
            ed.get_or_insert(rating);
            if ep.is_none() && !step.placements.is_empty() {
                ep = Some(er);
            }
        }
        let left = grid.empty_cells().len();
        if !complete {
            let guess = Self::stuck_guess(&grid);
            if guess > er {
                er = guess;
                hardest = None;
            }
        }
        SeRating {
            er,
            ep: ep.unwrap_or(er),
            ed: ed.unwrap_or(er),
            hardest,
            left: left as u8,
            complete,
            exact: false,
            rule: None,
        }
    }
}

/// Everything known of a proper puzzle's difficulty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rating {
    /// HoDoKu's grading of the default ladder's path.
    pub grade: Grade,
    /// Sudoku Explainer's ratings, estimated.
    pub se: SeRating,
}

/// Techniques of the default ladder that HoDoKu does not have. HoDoKu-compatible grading leaves them out: a
/// puzzle HoDoKu needs an Unfair technique for must not come out Hard because shudu knows a shortcut HoDoKu
/// lacks (with WXYZ-Wing on, 14 of the 965 HoDoKu-rated calibration puzzles are graded a level too low).
pub const NOT_IN_HODOKU: [Technique; 1] = [Technique::WXYZWing];

/// The ladder HoDoKu grades with: the default ladder without [`NOT_IN_HODOKU`], keeping strictly to what HoDoKu's
/// search finds (its tables' plain loops, Brute Force where its nets find nothing: [`Solver::set_strict_hodoku`]).
///
/// ```
/// use shudu::logic::Technique;
/// assert!(!shudu::rate::hodoku_solver().ladder().contains(&Technique::WXYZWing));
/// ```
pub fn hodoku_solver() -> Solver {
    let mut solver = Solver::new();
    for t in NOT_IN_HODOKU {
        solver.set(t, false);
    }
    solver.set_strict_hodoku(true);
    solver
}

/// [`hodoku_solver`] for grading: its forcing chains' and nets' steps come without their chains, which a grade
/// never reads (the path is the same: [`Solver::set_chains`]). `shudu rate`, the generator's levels, datasets and
/// Python's ratings grade with it; the explained paths and `shudu print` keep the chains.
///
/// ```
/// let graded = shudu::rate::grading_solver().ladder().to_vec();
/// assert_eq!(graded, shudu::rate::hodoku_solver().ladder());
/// ```
pub fn grading_solver() -> Solver {
    let mut solver = hodoku_solver();
    solver.set_chains(false);
    solver
}

/// Rates a puzzle with HoDoKu's ladder ([`hodoku_solver`]) and the SE ladder, after checking it is proper.
///
/// ```
/// use shudu::rate::{rate, Invalid};
/// assert_eq!(rate(&[0; 81]).unwrap_err(), Invalid::Several);
/// ```
pub fn rate(values: &[u8; 81]) -> Result<Rating, Invalid> {
    rate_with(values, &grading_solver(), &SeLadder::new())
}

/// Rates a puzzle with the given ladders (build them once for a batch; [`hodoku_solver`] for HoDoKu's grading).
pub fn rate_with(values: &[u8; 81], solver: &Solver, se: &SeLadder) -> Result<Rating, Invalid> {
    let grid = proper(values)?;
    let report = solver.solve(&grid, &mut Silent);
    Ok(Rating {
        grade: grade(&report),
        se: se.rate(&grid),
    })
}

/// HoDoKu's grading alone (the ladder `solver`, [`hodoku_solver`] for HoDoKu's), after checking the puzzle is
/// proper: [`rate_with`] without SE's ratings, whose exact path is most of the work on hard puzzles.
///
/// ```
/// use shudu::rate::{grade_with, hodoku_solver, Invalid};
/// assert_eq!(grade_with(&[0; 81], &hodoku_solver()).unwrap_err(), Invalid::Several);
/// ```
pub fn grade_with(values: &[u8; 81], solver: &Solver) -> Result<Grade, Invalid> {
    let grid = proper(values)?;
    Ok(grade(&solver.solve(&grid, &mut Silent)))
}

/// Sudoku Explainer's ratings alone, after checking the puzzle is proper: [`rate_with`] without HoDoKu's grading,
/// for callers that want serate's figures and nothing else.
///
/// ```
/// use shudu::rate::{rate_se, Invalid, SeLadder};
/// assert_eq!(rate_se(&[0; 81], &SeLadder::new()).unwrap_err(), Invalid::Several);
/// ```
pub fn rate_se(values: &[u8; 81], se: &SeLadder) -> Result<SeRating, Invalid> {
    Ok(se.rate(&proper(values)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::parse_line;

    fn grid(line: &str) -> Grid {
        proper(&parse_line(line).expect("puzzle")).expect("proper")
    }

    #[test]
    fn levels_rise_with_the_score_caps() {
        assert_eq!(level_for(Level::Easy, 800), Level::Easy);
        assert_eq!(level_for(Level::Easy, 801), Level::Medium);
        assert_eq!(level_for(Level::Medium, 1001), Level::Hard);
        assert_eq!(level_for(Level::Hard, 1601), Level::Unfair);
        assert_eq!(level_for(Level::Unfair, 1801), Level::Extreme);
        assert_eq!(level_for(Level::Extreme, 1_000_000), Level::Extreme);
        assert_eq!(level_for(Level::Hard, 100), Level::Hard);
        assert_eq!(Level::ALL.map(stars), [1, 2, 3, 4, 5]);
    }

    #[test]
    fn invalid_puzzles_are_not_graded() {
        let mut clash = [0u8; 81];
        clash[0] = 5;
        clash[1] = 5;
        assert!(matches!(rate(&clash), Err(Invalid::Clash(_))));
        assert_eq!(rate(&[0; 81]), Err(Invalid::Several));
        // A dead cell: r1c9 can hold nothing (1-8 in its row, 9 in its column).
        let line = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63));
        let none = parse_line(&line).expect("puzzle");
        assert_eq!(rate(&none), Err(Invalid::NoSolution));
    }

    #[test]
    fn se_ratings_parse_from_the_registry() {
        assert_eq!(se_base(Technique::FullHouse), Some(10));
        assert_eq!(se_base(Technique::XWing), Some(32));
        assert_eq!(se_base(Technique::BugPlusOne), Some(56));
        assert_eq!(se_base(Technique::XChain), Some(65));
        assert_eq!(se_base(Technique::GiveUp), None);
    }

    #[test]
    fn the_se_ladder_is_in_rating_order_with_direct_rungs() {
        let ladder = SeLadder::new();
        let rungs: Vec<_> = ladder.rungs().collect();
        assert!(rungs.windows(2).all(|w| w[0].1 <= w[1].1));
        let names: Vec<(Technique, bool)> = rungs.iter().map(|r| (r.0, r.2)).take(8).collect();
        assert_eq!(
            names,
            [
                (Technique::FullHouse, false),
                (Technique::HiddenSingle, false),
                (Technique::LockedCandidatesPointing, true),
                (Technique::LockedCandidatesClaiming, true),
                (Technique::HiddenPair, true),
                (Technique::NakedSingle, false),
                (Technique::HiddenTriple, true),
                (Technique::LockedCandidatesPointing, false),
            ]
        );
    }

    #[test]
    fn a_singles_puzzle_rates_easy_in_both_gradings() {
        let g = grid("006800005080200007050347200000000013003009000800000500000060080000403000700100020");
        let report = Solver::new().solve(&g, &mut Silent);
        let grade = grade(&report);
        assert!(grade.solved);
        assert_eq!(grade.level, Level::Easy);
        assert_eq!(grade.stars, 1);
        assert!(!grade.brute_force);
        let se = SeLadder::new().rate(&g);
        assert!(se.complete);
        assert!(se.er <= 23, "{se:?}");
    }

    #[test]
    fn a_stuck_path_is_extreme_and_not_solved() {
        // Needs chains or worse: today's ladder stops early.
        let g = grid("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..");
        let report = Solver::new().solve(&g, &mut Silent);
        if report.outcome == Outcome::Stuck {
            let grade = grade(&report);
            assert!(!grade.solved);
            assert_eq!(grade.level, Level::Extreme);
            assert_eq!(grade.stars, 5);
            let se = SeLadder::new().rate(&g);
            assert!(!se.complete);
            assert!(se.er >= SeLadder::STUCK_GUESS[0]);
        }
    }

    #[test]
    fn chain_steps_are_rated_with_the_length_penalty() {
        use crate::logic::{Chain, Node, NodeKind, Pattern};
        let node = |i: usize| Node {
            digit: Digit::ALL[0],
            cells: vec![Cell::ALL[i]],
            kind: NodeKind::Candidate,
            on: i % 2 == 1,
        };
        let chain = |n: usize| Chain {
            nodes: (0..n).map(node).collect(),
        };
        let step = |nodes: usize| Step {
            technique: Technique::XChain,
            placements: Vec::new(),
            eliminations: Vec::new(),
            pattern: Pattern {
                chains: vec![chain(nodes)],
                ..Pattern::default()
            },
        };
        let base = se_base(Technique::XChain).expect("rated");
        // SE's length is the chain's nodes less two: up to 4 costs nothing, 5 and 6 a tenth, 7 and 8 two.
        assert_eq!(step_rating(&step(6), base), base);
        assert_eq!(step_rating(&step(7), base), base + 1);
        assert_eq!(step_rating(&step(10), base), base + 2);
        assert_eq!(step_rating(&step(14), base), base + 3);
    }

    #[test]
    fn chain_length_penalties_follow_se() {
        let steps: Vec<Tenths> = (0..40).map(se_length_penalty).collect();
        assert_eq!(steps[4], 0);
        assert_eq!(steps[6], 1);
        assert_eq!(steps[8], 2);
        assert_eq!(steps[12], 3);
        assert_eq!(steps[16], 4);
        assert_eq!(steps[24], 5);
        assert_eq!(steps[25], 6);
    }

    /// Where HoDoKu's forcing nets find nothing it takes Brute Force, 10,000 points a step, in the middle one of the
    /// empty cells: HoDoKu 2.2's `/vp` path of this puzzle (line 77 of top1465) places r5c4=1 and later r5c3=4 so,
    /// and scores 28,300.
    #[test]
    fn brute_force_comes_where_and_as_hodokus_does() {
        let g = grid("7.....4...2..7..8...3..8..9...5..3...6..2..9...1..7..6...3..9...3..4..6...9..1..5");
        let report = hodoku_solver().solve(&g, &mut Silent);
        let forced: Vec<String> = report
            .steps
            .iter()
            .filter(|s| s.technique == Technique::BruteForce)
            .map(|s| s.explain(crate::logic::Lang::En))
            .collect();
        assert_eq!(forced, ["Brute Force: r5c4=1", "Brute Force: r5c3=4"]);
        assert_eq!(grade(&report).score, 28_300);
    }
}
