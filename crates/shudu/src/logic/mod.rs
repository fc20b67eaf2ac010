//! The human-style solver: a ladder of named techniques, each a finder that reports every instance it sees.
//!
//! The solver takes, at every step, the first technique of its ladder that makes progress, applies one step of
//! it, and starts again at the top. A [`Listener`] hears every attempt and every step.
//!
//! ```
//! use shudu::format::parse_line;
//! use shudu::logic::{Outcome, Silent, Solver};
//! use shudu::Grid;
//! let p = "006800005080200007050347200000000013003009000800000500000060080000403000700100020";
//! let grid = Grid::from_values(&parse_line(p).unwrap()).unwrap();
//! let report = Solver::new().solve(&grid, &mut Silent);
//! assert_eq!(report.outcome, Outcome::Solved);
//! assert!(report.grid.is_full());
//! ```

mod als;
pub mod budget;
mod chains;
mod changes;
mod choice;
mod coloring;
mod fish;
mod forcing;
mod intersections;
mod listener;
pub mod notation;
pub mod reglib;
mod single_digit;
mod singles;
mod singles_queue;
mod step;
mod subsets;
mod sue_de_coq;
mod tables;
mod technique;
mod templates;
mod uniqueness;
mod wings;

use core::ops::ControlFlow;

pub use listener::{candidate_grid, Grids, Listener, Silent, TextListener};
pub use singles_queue::SinglesQueue;
pub use step::{Chain, Node, NodeKind, Pattern, Step};
pub use technique::{Family, Info, Level, Technique};

use crate::grid::{Contradiction, Grid};

/// The language of explanations.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, Hash)]
pub enum Lang {
    /// English, in HoDoKu's notation.
    #[default]
    En,
    /// Chinese.
    Zh,
}

/// What a finder's callback answers: go on looking, or stop.
pub type Flow = ControlFlow<()>;

/// A finder: reports every instance of its technique in `grid` to the callback until the callback says stop.
pub type Finder = fn(&Grid, &mut dyn FnMut(Step) -> Flow) -> Flow;

/// The finder of a technique, when one is implemented.
pub fn finder(technique: Technique) -> Option<Finder> {
    use Technique as T;
    let f: Finder = match technique {
        T::FullHouse => singles::full_house,
        T::NakedSingle => singles::naked_single,
        T::HiddenSingle => singles::hidden_single,
        T::LockedPair => intersections::locked_pair,
        T::LockedTriple => intersections::locked_triple,
        T::LockedCandidatesPointing => intersections::pointing,
        T::LockedCandidatesClaiming => intersections::claiming,
        T::NakedPair => subsets::naked_pair,
        T::NakedTriple => subsets::naked_triple,
        T::NakedQuadruple => subsets::naked_quadruple,
        T::HiddenPair => subsets::hidden_pair,
        T::HiddenTriple => subsets::hidden_triple,
        T::HiddenQuadruple => subsets::hidden_quadruple,
        T::UniqueRectangleType1 => uniqueness::type1,
        T::UniqueRectangleType2 => uniqueness::type2,
        T::UniqueRectangleType3 => uniqueness::type3,
        T::UniqueRectangleType4 => uniqueness::type4,
        T::UniqueRectangleType5 => uniqueness::type5,
        T::UniqueRectangleType6 => uniqueness::type6,
        T::HiddenRectangle => uniqueness::hidden,
        T::AvoidableRectangleType1 => uniqueness::avoidable1,
        T::AvoidableRectangleType2 => uniqueness::avoidable2,
        T::BugPlusOne => uniqueness::bug_plus_one,
        T::Skyscraper => single_digit::skyscraper,
        T::TwoStringKite => single_digit::two_string_kite,
        T::TurbotFish => single_digit::turbot_fish,
        T::EmptyRectangle => single_digit::empty_rectangle,
        T::XYWing => wings::xy_wing,
        T::XYZWing => wings::xyz_wing,
        T::WXYZWing => wings::wxyz_wing,
        T::WWing => wings::w_wing,
        T::SimpleColors => coloring::simple_colors,
        T::MultiColors => coloring::multi_colors,
        T::RemotePair => coloring::remote_pair,
        T::XChain => chains::x_chain,
        T::XYChain => chains::xy_chain,
        T::NiceLoop => chains::nice_loop,
        T::GroupedNiceLoop => chains::grouped_nice_loop,
        T::AlsXz => als::als_xz,
        T::AlsXyWing => als::als_xy_wing,
        T::AlsChain => als::als_chain,
        T::DeathBlossom => als::death_blossom,
        T::SueDeCoq => sue_de_coq::sue_de_coq,
        T::ForcingChain => forcing::forcing_chain,
        T::ForcingNet => forcing::forcing_net,
        T::KrakenFish => forcing::kraken_fish,
        T::TemplateSet => templates::template_set,
        T::TemplateDelete => templates::template_delete,
        T::BruteForce => forcing::brute_force,
        // Every fish, one general finder (fish.rs).
        T::XWing
        | T::Swordfish
        | T::Jellyfish
        | T::Squirmbag
        | T::Whale
        | T::Leviathan
        | T::FinnedXWing
        | T::FinnedSwordfish
        | T::FinnedJellyfish
        | T::FinnedSquirmbag
        | T::FinnedWhale
        | T::FinnedLeviathan
        | T::SashimiXWing
        | T::SashimiSwordfish
        | T::SashimiJellyfish
        | T::SashimiSquirmbag
        | T::SashimiWhale
        | T::SashimiLeviathan => return fish::finder(technique),
        T::FrankenXWing
        | T::FrankenSwordfish
        | T::FrankenJellyfish
        | T::FrankenSquirmbag
        | T::FrankenWhale
        | T::FrankenLeviathan
        | T::FinnedFrankenXWing
        | T::FinnedFrankenSwordfish
        | T::FinnedFrankenJellyfish
        | T::FinnedFrankenSquirmbag
        | T::FinnedFrankenWhale
        | T::FinnedFrankenLeviathan => return fish::finder(technique),
        T::MutantXWing
        | T::MutantSwordfish
        | T::MutantJellyfish
        | T::MutantSquirmbag
        | T::MutantWhale
        | T::MutantLeviathan
        | T::FinnedMutantXWing
        | T::FinnedMutantSwordfish
        | T::FinnedMutantJellyfish
        | T::FinnedMutantSquirmbag
        | T::FinnedMutantWhale
        | T::FinnedMutantLeviathan => return fish::finder(technique),
        _ => return None,
    };
    Some(f)
}

impl Technique {
    /// Whether the solver can find this technique yet (techniques without a finder are skipped).
    pub fn is_implemented(self) -> bool {
        finder(self).is_some()
    }
}

/// How a solve ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Every cell is filled.
    Solved,
    /// No technique of the ladder makes progress: the report's grid shows where it stopped.
    Stuck,
    /// The board breaks the rules (a wrong digit or a struck-out true candidate in a player's state, or a puzzle
    /// with no solution).
    Invalid(Contradiction),
}

/// The result of [`Solver::solve`].
#[derive(Clone, Debug)]
pub struct SolveReport {
    /// Every step taken, in order.
    pub steps: Vec<Step>,
    /// How it ended.
    pub outcome: Outcome,
    /// The board after the last step.
    pub grid: Grid,
    /// Whether a forcing net gave up for its budget ([`Solver::set_budget`]) before some step, which the techniques
    /// after it then took (or, none applying, the solve stopped there).
    pub out_of_budget: bool,
}

impl SolveReport {
    /// The hardest technique used (the highest in the ladder's level, then score), if any step was taken.
    pub fn hardest(&self) -> Option<Technique> {
        self.steps
            .iter()
            .map(|s| s.technique)
            .max_by_key(|t| (t.info().level, t.info().score))
    }
}

/// Which of several steps a rung takes: the rules HoDoKu's paths follow, or the finders' own first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, Hash)]
pub enum Choice {
    /// HoDoKu's: singles in the order they arise ([`SinglesQueue`]), Dual 2-String Kites and Dual Empty
    /// Rectangles left out (HoDoKu's default configuration has them off).
    #[default]
    Hodoku,
    /// The first step each finder reports, singles by scanning the houses.
    First,
}

/// The human-style solver: an ordered ladder of techniques.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solver {
    ladder: Vec<Technique>,
    assume_unique: bool,
    choice: Choice,
    budget: Option<u64>,
    strict_hodoku: bool,
    chains: bool,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    /// The default ladder: every technique on by default, in the registry's order (those without a finder yet are
    /// kept and skipped).
    pub fn new() -> Solver {
        Solver {
            ladder: Technique::ALL
                .iter()
                .copied()
                .filter(|t| t.info().on_by_default)
                .collect(),
            assume_unique: true,
            choice: Choice::default(),
            budget: None,
            strict_hodoku: false,
            chains: true,
        }
    }

    /// A ladder of exactly these techniques, in this order.
    pub fn with_ladder(ladder: &[Technique]) -> Solver {
        Solver {
            ladder: ladder.to_vec(),
            assume_unique: true,
            choice: Choice::default(),
            budget: None,
            strict_hodoku: false,
            chains: true,
        }
    }

    /// This solver with its ladder cut after its first `len` techniques, every other setting kept (the generator's
    /// grading capped at a level must choose its steps as the whole grading does).
    pub fn truncated(&self, len: usize) -> Solver {
        let mut solver = self.clone();
        solver.ladder.truncate(len);
        solver
    }

    /// The default ladder cut down to the techniques of `families` (those on by default, in ladder order): a ladder
    /// for studying or testing one family behind the easier ones.
    pub fn with_families(families: &[Family]) -> Solver {
        let ladder: Vec<Technique> = Technique::ALL
            .iter()
            .copied()
            .filter(|t| t.info().on_by_default && families.contains(&t.info().family))
            .collect();
        Solver::with_ladder(&ladder)
    }

    /// Whether the solver may use techniques that assume the puzzle has exactly one solution (the uniqueness
    /// family: unique and avoidable rectangles, BUG+1). On by default; switch it off for a puzzle whose
    /// uniqueness is unknown, or for a player's state that may hide a mistake.
    pub fn set_assume_unique(&mut self, on: bool) -> &mut Solver {
        self.assume_unique = on;
        self
    }

    /// How the solver chooses among the steps a rung finds (HoDoKu's rules by default).
    pub fn set_choice(&mut self, choice: Choice) -> &mut Solver {
        self.choice = choice;
        self
    }

    /// Whether the path keeps strictly to what HoDoKu's own search finds (with [`Choice::Hodoku`]): of the plain
    /// nice loops, only those its tables see (`tables.rs`); and where its forcing nets find nothing, Brute Force in
    /// the cell HoDoKu takes. On for the grading ladder ([`crate::rate::hodoku_solver`]), whose scores must be
    /// HoDoKu's; off by default, since an explanation may use any sound loop and should not guess where a
    /// stronger net still explains the step.
    pub fn set_strict_hodoku(&mut self, on: bool) -> &mut Solver {
        self.strict_hodoku = on;
        self
    }

    /// The rule of choice.
    pub fn choice(&self) -> Choice {
        self.choice
    }

    /// Whether uniqueness techniques are allowed.
    pub fn assumes_unique(&self) -> bool {
        self.assume_unique
    }

    /// Bounds each search of the forcing nets to `units` nets derived ([`budget`]); `None` (the default) for no
    /// bound. A search that runs out reports nothing, and the ladder goes on to the techniques after it (Brute Force,
    /// last on the default ladder, then places a digit, named as such). This keeps a hint or a path on any board
    /// within a known time, at the price of a step a longer search would have found.
    pub fn set_budget(&mut self, units: Option<u64>) -> &mut Solver {
        self.budget = units;
        self
    }

    /// Whether the forcing chains' and nets' steps chosen in HoDoKu's order come with their chains (on by default).
    /// Off for a grading, which reads what each step does and never its chains: tracing them back through the
    /// derivation costs about 2 % of a grading's time. The step chosen is the same either way (HoDoKu's order
    /// chooses by the results alone); without chains, a contradiction's pattern names neither the cell nor the house
    /// it empties.
    pub fn set_chains(&mut self, on: bool) -> &mut Solver {
        self.chains = on;
        self
    }

    /// The bound on each forcing-net search, if any.
    pub fn budget(&self) -> Option<u64> {
        self.budget
    }

    /// Whether the ladder may use `technique` now: it has a finder, and it does not rely on uniqueness unless the
    /// solver is told to assume it.
    fn usable(&self, technique: Technique) -> bool {
        technique.is_implemented() && (self.assume_unique || technique.info().family != Family::Uniqueness)
    }

    /// Switches a technique on (at its registry position) or off.
    pub fn set(&mut self, technique: Technique, on: bool) -> &mut Solver {
        self.ladder.retain(|&t| t != technique);
        if on {
            let at = self
                .ladder
                .iter()
                .position(|&t| t > technique)
                .unwrap_or(self.ladder.len());
            self.ladder.insert(at, technique);
        }
        self
    }

    /// The ladder, in order.
    pub fn ladder(&self) -> &[Technique] {
        &self.ladder
    }

    /// Every instance of `technique` in `grid`.
    pub fn find_all(technique: Technique, grid: &Grid) -> Vec<Step> {
        let mut steps = Vec::new();
        if let Some(f) = finder(technique) {
            let _ = f(grid, &mut |s| {
                steps.push(s);
                Flow::Continue(())
            });
        }
        steps
    }

    /// The first instance of `technique` in `grid`.
    pub fn find_first(technique: Technique, grid: &Grid) -> Option<Step> {
        let mut found = None;
        if let Some(f) = finder(technique) {
            let _ = f(grid, &mut |s| {
                found = Some(s);
                Flow::Break(())
            });
        }
        found
    }

    /// The easiest next step: the first step of the first technique of the ladder that has one, chosen by the
    /// solver's rule ([`Choice`]). With HoDoKu's rule, singles come in the order a path from the puzzle's start
    /// would have seen them arise ([`SinglesQueue::new`]); [`Solver::walk`] follows a whole path.
    pub fn next_step(&self, grid: &Grid) -> Option<Step> {
        let mut queue = (self.choice == Choice::Hodoku).then(|| SinglesQueue::new(grid));
        self.next_step_heard(grid, queue.as_mut(), &mut Silent).0
    }

    /// [`Solver::next_step`], and whether a forcing net gave up for its budget on the way (so the step, if any, came
    /// from a technique after it).
    pub fn next_step_within_budget(&self, grid: &Grid) -> (Option<Step>, bool) {
        let mut queue = (self.choice == Choice::Hodoku).then(|| SinglesQueue::new(grid));
        self.next_step_heard(grid, queue.as_mut(), &mut Silent)
    }

    /// The first step of the ladder that changes the board. A finder should never report a step that changes
    /// nothing, but one that did would be taken again and again: passing over it is what bounds a solve (each step
    /// places a digit or removes a candidate, so a solve takes at most 81 × 9 steps).
    fn next_step_heard(
        &self,
        grid: &Grid,
        mut queue: Option<&mut SinglesQueue>,
        listener: &mut dyn Listener,
    ) -> (Option<Step>, bool) {
        let mut out_of_budget = false;
        for &t in &self.ladder {
            if !self.usable(t) {
                continue;
            }
            listener.on_attempt(t);
            let found = match (queue.as_deref_mut(), t) {
                (Some(q), Technique::FullHouse | Technique::NakedSingle | Technique::HiddenSingle) => q.next(t),
                _ => {
                    let (found, spent) =
                        budget::with_budget(self.budget, || forcing::with_chains(self.chains, || self.find(t, grid)));
                    out_of_budget |= spent.ran_out;
                    found
                }
            };
            if found.is_some() {
                return (found, out_of_budget);
            }
        }
        (None, out_of_budget)
    }

    /// The step of `technique` the solver's rule chooses in `grid`.
    fn find(&self, technique: Technique, grid: &Grid) -> Option<Step> {
        if !choice::covered_by_chain_closures(technique, self.choice) {
            return self.find_in(technique, grid);
        }
        if technique == Technique::GroupedNiceLoop {
            forcing::expect_chain_closures(true);
        }
        if forcing::chains_cannot_conclude(grid) {
            return None;
        }
        let found = self.find_in(technique, grid);
        if found.is_some() && technique != Technique::GroupedNiceLoop {
            forcing::expect_chain_closures(false);
        }
        found
    }

    /// [`Solver::find`] but for the chain closures' test.
    fn find_in(&self, technique: Technique, grid: &Grid) -> Option<Step> {
        match self.choice {
            Choice::First => {
                let f = finder(technique)?;
                choice::choose(grid, f, false, &|s: &Step| s.makes_progress(grid))
            }
            Choice::Hodoku => {
                let f = choice::hodoku_finder(technique, self.strict_hodoku)?;
                let strict = self.strict_hodoku;
                let keep = |s: &Step| {
                    choice::hodoku_reports(s)
                        && s.makes_progress(grid)
                        && (!strict || choice::hodoku_finds_strictly(grid, s))
                };
                if self.strict_hodoku && matches!(technique, Technique::NiceLoop | Technique::GroupedNiceLoop) {
                    // The grading takes only loops HoDoKu's tables find (see `tables.rs`).
                    let grouped = technique == Technique::GroupedNiceLoop;
                    // A plain AIC or continuous loop is kept where HoDoKu's tables find it, or a loop with its
                    // removals; grouped ones are not tested (grouped AICs tested so: held-out scores did not move).
                    let seen = |s: &Step| {
                        let l = tables::hodoku_finds_loop(grid, s, grouped);
                        if l == Some(true) {
                            return true;
                        }
                        let other = if grouped {
                            None
                        } else {
                            tables::hodoku_finds_aic(grid, s).or_else(|| tables::hodoku_finds_continuous(grid, s))
                        };
                        other == Some(true) || (l.is_none() && other.is_none())
                    };
                    return choice::choose_seen(grid, f, &keep, &seen);
                }
                choice::choose(grid, f, choice::weighs_all(technique), &keep)
            }
        }
    }

    /// Every instance of `technique` in `grid` that HoDoKu's ladder weighs (its finder and what it reports; see
    /// `choice.rs`), in the order found.
    pub fn find_all_hodoku(technique: Technique, grid: &Grid) -> Vec<Step> {
        let mut steps = Vec::new();
        if let Some(f) = choice::hodoku_finder(technique, true) {
            let _ = f(grid, &mut |s| {
                if choice::hodoku_reports(&s) {
                    steps.push(s);
                }
                Flow::Continue(())
            });
        }
        steps
    }

    /// Every step every technique of the ladder finds in `grid`, ladder order.
    pub fn all_steps(&self, grid: &Grid) -> Vec<Step> {
        self.ladder
            .iter()
            .filter(|&&t| self.usable(t))
            .flat_map(|&t| Solver::find_all(t, grid))
            .collect()
    }

    /// A path from `grid`, one step at a time.
    pub fn walk(&self, grid: &Grid) -> Walk<'_> {
        Walk {
            solver: self,
            queue: (self.choice == Choice::Hodoku).then(|| SinglesQueue::new(grid)),
            grid: grid.clone(),
            out_of_budget: false,
        }
    }

    /// Solves as far as the ladder reaches, telling `listener` of every attempt and step.
    pub fn solve(&self, grid: &Grid, listener: &mut dyn Listener) -> SolveReport {
        let mut walk = self.walk(grid);
        // A step places at most one digit, and a hard path takes about as many other steps again: room made once
        // rather than the steps (large) copied each time the list grows.
        let mut steps = Vec::with_capacity(2 * grid.empty_cells().len() as usize);
        let outcome = loop {
            match walk.step_heard(listener) {
                Ok(Some(step)) => steps.push(step),
                Ok(None) => break Outcome::Solved,
                Err(Stop::Stuck) => break Outcome::Stuck,
                Err(Stop::Invalid(c)) => break Outcome::Invalid(c),
            }
        };
        SolveReport {
            steps,
            outcome,
            grid: walk.grid,
            out_of_budget: walk.out_of_budget,
        }
    }
}

/// Why a walk cannot go on.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// No technique of the ladder makes progress.
    Stuck,
    /// The board breaks the rules.
    Invalid(Contradiction),
}

/// A solving path followed one step at a time ([`Solver::walk`]): what a caller that may stop early (a capped
/// grading) needs, with the singles' order kept from step to step as in a whole solve.
#[derive(Clone, Debug)]
pub struct Walk<'a> {
    solver: &'a Solver,
    queue: Option<SinglesQueue>,
    grid: Grid,
    out_of_budget: bool,
}

impl Walk<'_> {
    /// The board after the steps taken so far.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// Whether a forcing net gave up for its budget ([`Solver::set_budget`]) before some step taken so far.
    pub fn out_of_budget(&self) -> bool {
        self.out_of_budget
    }

    /// Takes the next step and returns it; `Ok(None)` once the board is full.
    pub fn step(&mut self) -> Result<Option<Step>, Stop> {
        self.step_heard(&mut Silent)
    }

    fn step_heard(&mut self, listener: &mut dyn Listener) -> Result<Option<Step>, Stop> {
        if self.grid.is_full() {
            return Ok(None);
        }
        if let Some(c) = quick_contradiction(&self.grid) {
            return Err(Stop::Invalid(c));
        }
        let (step, ran_out) = self.solver.next_step_heard(&self.grid, self.queue.as_mut(), listener);
        self.out_of_budget |= ran_out;
        let Some(step) = step else {
            return Err(match self.grid.contradiction() {
                Some(c) => Stop::Invalid(c),
                None => Stop::Stuck,
            });
        };
        let removals = self
            .queue
            .is_some()
            .then(|| singles_queue::removal_order(&step, &self.grid));
        step.apply(&mut self.grid).map_err(Stop::Invalid)?;
        if let (Some(q), Some(removals)) = (self.queue.as_mut(), removals) {
            q.apply(&step.placements, removals);
        }
        listener.on_step(&step, &self.grid);
        Ok(Some(step))
    }
}

/// An empty cell without candidates: the contradiction a wrong step or a wrong player's move shows first.
fn quick_contradiction(grid: &Grid) -> Option<Contradiction> {
    let mut with_candidates = crate::grid::Bitboard::EMPTY;
    for d in crate::grid::Digit::ALL {
        with_candidates |= grid.digit_cells(d);
    }
    (grid.empty_cells() - with_candidates)
        .first()
        .map(|cell| Contradiction::NoCandidates { cell })
}

/// The cells of `list` picked by the set bits of `picks` (bit `i` for `list[i]`): the subsets that the ALS, subset and
/// Sue de Coq finders enumerate as bits, made cells again.
fn picked_cells(list: &[crate::grid::Cell], mut picks: usize) -> crate::grid::Bitboard {
    let mut cells = crate::grid::Bitboard::EMPTY;
    while picks != 0 {
        cells.insert(list[picks.trailing_zeros() as usize]);
        picks &= picks - 1;
    }
    cells
}
