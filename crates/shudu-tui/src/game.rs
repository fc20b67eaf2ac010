//! The game itself: the board, the player's digits and notes, moves with unlimited undo and redo, checking, staged
//! hints from the explained solver, and completion. No terminal code lives here, so every rule is tested directly.

use std::fmt;

use serde::{Deserialize, Serialize};
use shudu::generate::{self, Options};
use shudu::logic::{Lang, Level, Solver, Step};
use shudu::{search, Bitboard, Candidates, Cell, Digit, Grid, House};

/// Every note of a cell: bits 0..9 stand for digits 1..9.
pub const ALL_NOTES: u16 = 0x1ff;

/// How the player's digits are checked as they are placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Checking {
    /// Nothing is marked and no mistake is counted.
    Off,
    /// A digit that repeats one in its row, column or box is marked and counted.
    #[default]
    Conflicts,
    /// A digit that is not the solution's is marked and counted.
    Solution,
}

impl Checking {
    /// The next mode, in the order the settings cycle through.
    pub fn next(self) -> Checking {
        match self {
            Checking::Off => Checking::Conflicts,
            Checking::Conflicts => Checking::Solution,
            Checking::Solution => Checking::Off,
        }
    }

    /// A short name for the status line.
    pub fn name(self) -> &'static str {
        match self {
            Checking::Off => "off",
            Checking::Conflicts => "conflicts",
            Checking::Solution => "solution",
        }
    }
}

/// The colour theme's name; the drawing code maps it to colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum ThemeName {
    /// Light text on a dark terminal.
    #[default]
    Dark,
    /// Dark text on a light terminal.
    Light,
    /// Black and white with bold and reversed cells, for low vision or monochrome terminals.
    HighContrast,
}

impl ThemeName {
    /// The next theme, in the order the settings cycle through.
    pub fn next(self) -> ThemeName {
        match self {
            ThemeName::Dark => ThemeName::Light,
            ThemeName::Light => ThemeName::HighContrast,
            ThemeName::HighContrast => ThemeName::Dark,
        }
    }
}

/// The player's settings; they persist between games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// How placed digits are checked.
    pub checking: Checking,
    /// Placing a digit removes it from the notes of the cell's peers.
    pub auto_remove_notes: bool,
    /// `c` fills every empty cell's notes with its candidates.
    pub fill_candidates: bool,
    /// The colour theme.
    pub theme: ThemeName,
    /// The timer is shown.
    pub show_timer: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            checking: Checking::Conflicts,
            auto_remove_notes: true,
            fill_candidates: true,
            theme: ThemeName::Dark,
            show_timer: true,
        }
    }
}

/// What a move did to one cell: its value and notes before and after, so undo and redo restore it exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Change {
    /// The cell's index, 0..81.
    pub cell: u8,
    /// The value before and after (0 for empty).
    pub value: (u8, u8),
    /// The notes before and after.
    pub notes: (u16, u16),
}

/// What kind of move the player made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MoveKind {
    /// A digit placed.
    Place,
    /// A digit or notes cleared.
    Clear,
    /// A note toggled.
    Note,
    /// Every candidate filled in.
    Fill,
    /// A hint applied.
    Hint,
}

/// One whole move: every cell it changed, undone and redone as one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Move {
    /// What the player did.
    pub kind: MoveKind,
    /// The cells it changed.
    pub changes: Vec<Change>,
}

/// Why a puzzle cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleError {
    /// Two givens clash, or the givens admit no solution.
    NoSolution,
    /// The givens admit more than one solution, so there is nothing to check against.
    SeveralSolutions,
    /// The generator gave up.
    Generate(String),
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleError::NoSolution => write!(f, "the puzzle has no solution"),
            PuzzleError::SeveralSolutions => write!(f, "the puzzle has more than one solution"),
            PuzzleError::Generate(why) => write!(f, "no puzzle could be generated: {why}"),
        }
    }
}

impl std::error::Error for PuzzleError {}

/// What a hint is about, found once and then revealed in stages.
#[derive(Clone, Debug, PartialEq, Eq)]
enum HintKind {
    /// The player's digits or notes are wrong: that comes first.
    Mistakes {
        /// Placed digits that are not the solution's.
        wrong: Vec<Cell>,
        /// True candidates struck from a cell's notes.
        removed: Vec<(Cell, Digit)>,
    },
    /// The easiest next step of the ladder. Boxed: a step is large.
    Step(Box<Step>),
    /// No technique applies: the hint reveals one cell.
    Stuck(Cell),
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct HintState {
    kind: HintKind,
    /// The stage last shown: 1 (technique and area) or 2 (cells); stage 3 applies it and ends the hint.
    stage: u8,
}

/// What a hint shows at its current stage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HintView {
    /// 1: the technique and the area; 2: the cells; 3: applied.
    pub stage: u8,
    /// The text to show.
    pub text: String,
    /// The cells to highlight (empty at stage 1).
    pub cells: Vec<Cell>,
    /// The houses to highlight (the area of stage 1).
    pub houses: Vec<House>,
}

/// A game in progress.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Game {
    #[serde(with = "digits81")]
    puzzle: [u8; 81],
    #[serde(with = "digits81")]
    solution: [u8; 81],
    #[serde(with = "digits81")]
    values: [u8; 81],
    #[serde(with = "notes81")]
    notes: [u16; 81],
    undo: Vec<Move>,
    redo: Vec<Move>,
    mistakes: u32,
    hints: u32,
    elapsed_ms: u64,
    level: Option<Level>,
    seed: Option<u64>,
    /// Checking and note rules in force (a copy of the player's settings, kept with the game it shaped).
    pub settings: Settings,
    #[serde(skip)]
    hint: Option<HintState>,
}

impl Game {
    /// A game of `puzzle` (givens, 0 for empty), which must have exactly one solution. `level` and `seed` say where
    /// it came from, for the summary, the statistics and a replay.
    pub fn new(puzzle: [u8; 81], level: Option<Level>, seed: Option<u64>) -> Result<Game, PuzzleError> {
        if Grid::from_values(&puzzle).is_err() {
            return Err(PuzzleError::NoSolution);
        }
        let outcome = search::search(&puzzle, 2);
        let solution = match (outcome.count, outcome.solution) {
            (1, Some(solution)) => solution,
            (0, _) | (1, None) => return Err(PuzzleError::NoSolution),
            _ => return Err(PuzzleError::SeveralSolutions),
        };
        Ok(Game {
            puzzle,
            solution,
            values: puzzle,
            notes: [0; 81],
            undo: Vec::new(),
            redo: Vec::new(),
            mistakes: 0,
            hints: 0,
            elapsed_ms: 0,
            level,
            seed,
            settings: Settings::default(),
            hint: None,
        })
    }

    /// A new puzzle of `level` from the generator; the same level and seed give the same puzzle.
    pub fn generate(level: Level, seed: u64) -> Result<Game, PuzzleError> {
        let options = Options {
            level: Some(level),
            ..Options::default()
        };
        let made = generate::generate(&options, seed).map_err(|e| PuzzleError::Generate(e.to_string()))?;
        Game::new(made.puzzle, Some(level), Some(seed))
    }

    /// Checks a game read from a save: every index and digit in range and the board consistent with its puzzle, so
    /// that no later move can panic on it.
    pub fn validate(&self) -> Result<(), String> {
        let solved = search::solve(&self.puzzle).ok_or("the saved puzzle has no solution")?;
        if solved != self.solution {
            return Err("the saved solution is not the puzzle's".to_string());
        }
        for i in 0..81 {
            if self.values[i] > 9 {
                return Err(format!("cell {i} holds {}", self.values[i]));
            }
            if self.puzzle[i] != 0 && self.values[i] != self.puzzle[i] {
                return Err(format!("given {i} was changed"));
            }
            if self.notes[i] & !ALL_NOTES != 0 {
                return Err(format!("cell {i} has notes beyond 9"));
            }
        }
        for m in self.undo.iter().chain(&self.redo) {
            for c in &m.changes {
                if c.cell >= 81 || c.value.0 > 9 || c.value.1 > 9 || (c.notes.0 | c.notes.1) & !ALL_NOTES != 0 {
                    return Err("a saved move is out of range".to_string());
                }
                if self.puzzle[c.cell as usize] != 0 {
                    return Err("a saved move changes a given".to_string());
                }
            }
        }
        Ok(())
    }

    // --------------------------------------------------------------------------------------------------------------
    // Reading the state

    /// The givens (0 for empty).
    pub fn puzzle(&self) -> &[u8; 81] {
        &self.puzzle
    }

    /// The solution.
    pub fn solution(&self) -> &[u8; 81] {
        &self.solution
    }

    /// The digit in `cell`, given or placed.
    pub fn value(&self, cell: Cell) -> Option<Digit> {
        Digit::new(self.values[cell.index()])
    }

    /// Every value (0 for empty).
    pub fn values(&self) -> &[u8; 81] {
        &self.values
    }

    /// Whether `cell` is a given.
    pub fn is_given(&self, cell: Cell) -> bool {
        self.puzzle[cell.index()] != 0
    }

    /// The player's notes in `cell` (bit `d - 1` for digit `d`).
    pub fn notes(&self, cell: Cell) -> u16 {
        self.notes[cell.index()]
    }

    /// Whether the note `digit` is set in `cell`.
    pub fn has_note(&self, cell: Cell, digit: Digit) -> bool {
        self.notes[cell.index()] & bit(digit) != 0
    }

    /// How many of `digit` are still to be placed (never below 0, even with wrong extra copies on the board).
    pub fn remaining(&self, digit: Digit) -> usize {
        9usize.saturating_sub(self.values.iter().filter(|&&v| v == digit.get()).count())
    }

    /// Whether the digit in `cell` repeats one in a peer.
    pub fn conflicts(&self, cell: Cell) -> bool {
        let v = self.values[cell.index()];
        v != 0 && cell.peers().iter().any(|p| self.values[p.index()] == v)
    }

    /// Whether the digit in `cell` is not the solution's.
    pub fn is_wrong(&self, cell: Cell) -> bool {
        let v = self.values[cell.index()];
        v != 0 && v != self.solution[cell.index()]
    }

    /// Whether `cell` is marked as an error under the current checking mode.
    pub fn is_error(&self, cell: Cell) -> bool {
        match self.settings.checking {
            Checking::Off => false,
            Checking::Conflicts => !self.is_given(cell) && self.conflicts(cell),
            Checking::Solution => self.is_wrong(cell),
        }
    }

    /// Whether every cell holds the solution's digit.
    pub fn is_complete(&self) -> bool {
        self.values == self.solution
    }

    /// Mistakes counted so far (under the checking mode in force when each digit was placed).
    pub fn mistakes(&self) -> u32 {
        self.mistakes
    }

    /// Hints asked for so far.
    pub fn hints(&self) -> u32 {
        self.hints
    }

    /// The level, when the puzzle came from the generator.
    pub fn level(&self) -> Option<Level> {
        self.level
    }

    /// The generator's seed, when the puzzle came from it.
    pub fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// Time played, in milliseconds.
    pub fn elapsed_ms(&self) -> u64 {
        self.elapsed_ms
    }

    /// Adds time played (the caller measures it, and stops while paused or finished).
    pub fn add_time(&mut self, ms: u64) {
        self.elapsed_ms = self.elapsed_ms.saturating_add(ms);
    }

    /// Whether there is a move to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether there is a move to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// The candidates of an empty cell that its peers' digits leave.
    pub fn candidates(&self, cell: Cell) -> u16 {
        let mut bits = ALL_NOTES;
        for p in cell.peers() {
            if let Some(d) = Digit::new(self.values[p.index()]) {
                bits &= !bit(d);
            }
        }
        bits
    }

    // --------------------------------------------------------------------------------------------------------------
    // Moves

    /// Places `digit` in `cell`. Returns whether anything changed (givens, and the digit already there, do not).
    pub fn place(&mut self, cell: Cell, digit: Digit) -> bool {
        let i = cell.index();
        if self.is_given(cell) || self.values[i] == digit.get() {
            return false;
        }
        let mut changes = vec![Change {
            cell: i as u8,
            value: (self.values[i], digit.get()),
            notes: (self.notes[i], self.notes[i]),
        }];
        if self.settings.auto_remove_notes {
            for p in cell.peers() {
                let n = self.notes[p.index()];
                if self.values[p.index()] == 0 && n & bit(digit) != 0 {
                    changes.push(Change {
                        cell: p.index() as u8,
                        value: (0, 0),
                        notes: (n, n & !bit(digit)),
                    });
                }
            }
        }
        self.commit(MoveKind::Place, changes);
        let counted = match self.settings.checking {
            Checking::Off => false,
            Checking::Conflicts => self.conflicts(cell),
            Checking::Solution => self.is_wrong(cell),
        };
        if counted {
            self.mistakes += 1;
        }
        true
    }

    /// Clears the digit in `cell`, or its notes when it holds none. Returns whether anything changed.
    pub fn clear(&mut self, cell: Cell) -> bool {
        let i = cell.index();
        if self.is_given(cell) {
            return false;
        }
        let change = if self.values[i] != 0 {
            Change {
                cell: i as u8,
                value: (self.values[i], 0),
                notes: (self.notes[i], self.notes[i]),
            }
        } else if self.notes[i] != 0 {
            Change {
                cell: i as u8,
                value: (0, 0),
                notes: (self.notes[i], 0),
            }
        } else {
            return false;
        };
        self.commit(MoveKind::Clear, vec![change]);
        true
    }

    /// Toggles the note `digit` in an empty cell. Returns whether anything changed.
    pub fn toggle_note(&mut self, cell: Cell, digit: Digit) -> bool {
        let i = cell.index();
        if self.values[i] != 0 {
            return false;
        }
        let n = self.notes[i];
        self.commit(
            MoveKind::Note,
            vec![Change {
                cell: i as u8,
                value: (0, 0),
                notes: (n, n ^ bit(digit)),
            }],
        );
        true
    }

    /// Fills every empty cell's notes with the candidates its peers leave, when the setting allows it. Returns
    /// whether anything changed.
    pub fn fill_candidates(&mut self) -> bool {
        if !self.settings.fill_candidates {
            return false;
        }
        let changes: Vec<Change> = Cell::ALL
            .iter()
            .filter(|c| self.values[c.index()] == 0)
            .filter_map(|&c| {
                let (old, new) = (self.notes[c.index()], self.candidates(c));
                (old != new).then_some(Change {
                    cell: c.index() as u8,
                    value: (0, 0),
                    notes: (old, new),
                })
            })
            .collect();
        if changes.is_empty() {
            return false;
        }
        self.commit(MoveKind::Fill, changes);
        true
    }

    /// Undoes the last move. Returns whether there was one.
    pub fn undo(&mut self) -> bool {
        let Some(m) = self.undo.pop() else { return false };
        for c in m.changes.iter().rev() {
            self.values[c.cell as usize] = c.value.0;
            self.notes[c.cell as usize] = c.notes.0;
        }
        self.redo.push(m);
        self.hint = None;
        true
    }

    /// Redoes the last undone move. Returns whether there was one.
    pub fn redo(&mut self) -> bool {
        let Some(m) = self.redo.pop() else { return false };
        for c in &m.changes {
            self.values[c.cell as usize] = c.value.1;
            self.notes[c.cell as usize] = c.notes.1;
        }
        self.undo.push(m);
        self.hint = None;
        true
    }

    /// Applies a new move, which ends any redo history and any hint in progress.
    fn commit(&mut self, kind: MoveKind, changes: Vec<Change>) {
        for c in &changes {
            self.values[c.cell as usize] = c.value.1;
            self.notes[c.cell as usize] = c.notes.1;
        }
        self.undo.push(Move { kind, changes });
        self.redo.clear();
        self.hint = None;
    }

    // --------------------------------------------------------------------------------------------------------------
    // Hints

    /// The player's state as the engine's board: their digits, and for each empty cell their notes (or, where they
    /// wrote none, every candidate), less the digits its peers already hold.
    pub fn player_grid(&self) -> Option<Grid> {
        let mut candidates = [Candidates::EMPTY; 81];
        for cell in Cell::ALL {
            let i = cell.index();
            if self.values[i] == 0 {
                let allowed = self.candidates(cell);
                let bits = if self.notes[i] == 0 {
                    allowed
                } else {
                    self.notes[i] & allowed
                };
                candidates[i] = Candidates::from_bits(bits);
            }
        }
        let givens: Bitboard = Cell::ALL.iter().copied().filter(|&c| self.is_given(c)).collect();
        Grid::from_state(&self.values, &candidates, givens).ok()
    }

    /// Wrong digits, and true candidates struck from notes other than by a wrong digit in a peer (that one comes
    /// back when the digit is fixed).
    fn problems(&self) -> (Vec<Cell>, Vec<(Cell, Digit)>) {
        let mut wrong = Vec::new();
        let mut removed = Vec::new();
        for cell in Cell::ALL {
            let i = cell.index();
            let Some(truth) = Digit::new(self.solution[i]) else {
                continue;
            };
            if self.values[i] != 0 {
                if self.values[i] != truth.get() {
                    wrong.push(cell);
                }
            } else if self.notes[i] != 0 && self.notes[i] & bit(truth) == 0 {
                // Only the player's own notes count: a truth struck by a wrong digit in a peer comes back when that
                // digit, listed already, is fixed.
                removed.push((cell, truth));
            }
        }
        (wrong, removed)
    }

    /// Finds what the next hint is about.
    fn find_hint(&self) -> Option<HintKind> {
        if self.is_complete() {
            return None;
        }
        let (wrong, removed) = self.problems();
        if !wrong.is_empty() || !removed.is_empty() {
            return Some(HintKind::Mistakes { wrong, removed });
        }
        let step = self.player_grid().and_then(|g| Solver::new().next_step(&g));
        Some(match step {
            Some(step) => HintKind::Step(Box::new(step)),
            None => {
                let cell = Cell::ALL.iter().copied().find(|c| self.values[c.index()] == 0)?;
                HintKind::Stuck(cell)
            }
        })
    }

    /// The hint in progress, at the stage last shown.
    pub fn current_hint(&self) -> Option<HintView> {
        self.hint.as_ref().map(|h| view(&h.kind, h.stage))
    }

    /// Asks for a hint: the first press names the technique and the area, the second the cells, the third applies
    /// it. Mistakes in the player's digits or notes come first. `None` when the puzzle is already solved.
    pub fn hint(&mut self) -> Option<HintView> {
        let state = match self.hint.take() {
            Some(HintState { kind, stage }) => HintState { kind, stage: stage + 1 },
            None => {
                let kind = self.find_hint()?;
                self.hints += 1;
                HintState { kind, stage: 1 }
            }
        };
        let shown = view(&state.kind, state.stage);
        if state.stage >= 3 {
            let changes = self.hint_changes(&state.kind);
            if !changes.is_empty() {
                self.commit(MoveKind::Hint, changes);
            }
        } else {
            self.hint = Some(state);
        }
        Some(shown)
    }

    /// What applying a hint changes: a step's placements (with the auto-removal of notes) and eliminations, a
    /// mistake's fix, or a stuck cell's solution.
    fn hint_changes(&self, kind: &HintKind) -> Vec<Change> {
        let mut values = self.values;
        let mut notes = self.notes;
        let place = |values: &mut [u8; 81], notes: &mut [u16; 81], cell: Cell, d: Digit| {
            values[cell.index()] = d.get();
            if self.settings.auto_remove_notes {
                for p in cell.peers() {
                    notes[p.index()] &= !bit(d);
                }
            }
        };
        match kind {
            HintKind::Mistakes { wrong, removed } => {
                for c in wrong {
                    values[c.index()] = 0;
                }
                for &(c, d) in removed {
                    notes[c.index()] |= bit(d);
                }
            }
            HintKind::Step(step) => {
                for &(c, d) in &step.placements {
                    place(&mut values, &mut notes, c, d);
                }
                for &(c, d) in &step.eliminations {
                    // A cell without notes stands for all its candidates: write them out, less this one.
                    if notes[c.index()] == 0 {
                        notes[c.index()] = self.candidates(c);
                    }
                    notes[c.index()] &= !bit(d);
                }
            }
            HintKind::Stuck(cell) => {
                if let Some(d) = Digit::new(self.solution[cell.index()]) {
                    place(&mut values, &mut notes, *cell, d);
                }
            }
        }
        (0..81)
            .filter(|&i| values[i] != self.values[i] || notes[i] != self.notes[i])
            .map(|i| Change {
                cell: i as u8,
                value: (self.values[i], values[i]),
                notes: (self.notes[i], notes[i]),
            })
            .collect()
    }
}

/// The note bit of a digit.
pub fn bit(d: Digit) -> u16 {
    1 << d.index()
}

/// A house in words: "row 3", "column 4", "box 5".
pub fn house_name(h: House) -> String {
    match h {
        House::Row(r) => format!("row {}", r + 1),
        House::Col(c) => format!("column {}", c + 1),
        House::Box(b) => format!("box {}", b + 1),
    }
}

/// The area a step is about: its base houses, or the smallest house holding all its cells, or its first cell's box.
fn area(step: &Step) -> Vec<House> {
    if !step.pattern.base.is_empty() {
        return step.pattern.base.clone();
    }
    let cells: Vec<Cell> = step
        .pattern
        .cells
        .iter()
        .copied()
        .chain(step.placements.iter().map(|p| p.0))
        .collect();
    let Some(first) = cells.first() else { return Vec::new() };
    for (k, house) in first.houses().into_iter().enumerate().rev() {
        let same = |c: &Cell| c.houses()[k] == house;
        if cells.iter().all(same) {
            return vec![house];
        }
    }
    vec![House::Box(first.box_index() as u8)]
}

fn cell_list(cells: &[Cell]) -> String {
    cells.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(", ")
}

/// The text and highlights of a hint at a stage.
fn view(kind: &HintKind, stage: u8) -> HintView {
    match kind {
        HintKind::Mistakes { wrong, removed } => {
            let mut cells: Vec<Cell> = wrong.clone();
            cells.extend(removed.iter().map(|r| r.0));
            let text = match stage {
                1 => match (wrong.len(), removed.len()) {
                    (0, n) => format!("First fix your notes: {n} cell(s) miss the true digit in their notes"),
                    (w, 0) => format!("First fix your digits: {w} placed digit(s) are wrong"),
                    (w, n) => format!("First fix {w} wrong digit(s) and {n} cell(s) whose notes miss the true digit"),
                },
                2 => {
                    let mut parts = Vec::new();
                    if !wrong.is_empty() {
                        parts.push(format!("wrong: {}", cell_list(wrong)));
                    }
                    if !removed.is_empty() {
                        let r: Vec<String> = removed.iter().map(|(c, d)| format!("{c} lacks {d}")).collect();
                        parts.push(format!("notes: {}", r.join(", ")));
                    }
                    parts.join("; ")
                }
                _ => "Fixed: the wrong digits cleared and the missing notes restored".to_string(),
            };
            HintView {
                stage,
                text,
                cells: if stage >= 2 { cells } else { Vec::new() },
                houses: Vec::new(),
            }
        }
        HintKind::Step(step) => {
            let houses = area(step);
            let name = step.technique.name_in(Lang::En);
            let mut cells: Vec<Cell> = step.pattern.cells.clone();
            for c in step.changed_cells() {
                if !cells.contains(&c) {
                    cells.push(c);
                }
            }
            let text = match stage {
                1 => {
                    let where_ = houses.iter().map(|&h| house_name(h)).collect::<Vec<_>>().join(", ");
                    format!("Look at {where_}: a {name}")
                }
                2 => format!("{name}: look at {}", cell_list(&cells)),
                _ => step.explain(Lang::En),
            };
            HintView {
                stage,
                text,
                cells: if stage >= 2 { cells } else { Vec::new() },
                houses,
            }
        }
        HintKind::Stuck(cell) => {
            let text = match stage {
                1 => "No technique of the ladder applies here: a cell will be revealed".to_string(),
                2 => format!("Revealing {cell}"),
                _ => format!("Revealed {cell}"),
            };
            HintView {
                stage,
                text,
                cells: if stage >= 2 { vec![*cell] } else { Vec::new() },
                houses: Vec::new(),
            }
        }
    }
}

/// Saves 81 digits as an 81-character line, readable in the save file.
mod digits81 {
    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &[u8; 81], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&shudu::format::to_line(v))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<[u8; 81], D::Error> {
        let text = String::deserialize(d)?;
        shudu::format::parse_line(&text).map_err(D::Error::custom)
    }
}

/// Saves 81 note sets as a list of numbers.
mod notes81 {
    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &[u16; 81], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(v.iter())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<[u16; 81], D::Error> {
        let list = Vec::<u16>::deserialize(d)?;
        list.try_into()
            .map_err(|l: Vec<u16>| D::Error::custom(format!("{} note sets, not 81", l.len())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str = "006800005080200007050347200000000013003009000800000500000060080000403000700100020";

    fn game() -> Game {
        Game::new(shudu::format::parse_line(PUZZLE).unwrap(), None, None).unwrap()
    }

    fn d(n: u8) -> Digit {
        Digit::new(n).unwrap()
    }

    fn empty_cell(g: &Game) -> Cell {
        Cell::ALL.into_iter().find(|&c| g.value(c).is_none()).unwrap()
    }

    #[test]
    fn givens_cannot_change() {
        let mut g = game();
        let given = Cell::ALL.into_iter().find(|&c| g.is_given(c)).unwrap();
        assert!(!g.place(given, d(1)));
        assert!(!g.clear(given));
        assert!(!g.can_undo());
    }

    #[test]
    fn place_clear_undo_redo() {
        let mut g = game();
        let c = empty_cell(&g);
        let truth = d(g.solution()[c.index()]);
        assert!(g.place(c, truth));
        assert_eq!(g.value(c), Some(truth));
        assert!(g.clear(c));
        assert_eq!(g.value(c), None);
        assert!(g.undo());
        assert_eq!(g.value(c), Some(truth));
        assert!(g.undo());
        assert_eq!(g.value(c), None);
        assert!(!g.undo());
        assert!(g.redo());
        assert!(g.redo());
        assert_eq!(g.value(c), None);
        assert!(!g.redo());
    }

    #[test]
    fn notes_toggle_and_undo_across_notes() {
        let mut g = game();
        let c = empty_cell(&g);
        assert!(g.toggle_note(c, d(3)));
        assert!(g.toggle_note(c, d(7)));
        assert!(g.has_note(c, d(3)) && g.has_note(c, d(7)));
        assert!(g.toggle_note(c, d(3)));
        assert!(!g.has_note(c, d(3)));
        g.undo();
        assert!(g.has_note(c, d(3)));
        g.undo();
        g.undo();
        assert_eq!(g.notes(c), 0);
        g.redo();
        assert_eq!(g.notes(c), bit(d(3)));
        // A new move ends the redo history.
        g.toggle_note(c, d(9));
        assert!(!g.can_redo());
    }

    #[test]
    fn placing_removes_the_digit_from_peers_notes_and_undo_restores_them() {
        let mut g = game();
        let c = empty_cell(&g);
        let truth = d(g.solution()[c.index()]);
        assert!(g.fill_candidates());
        let before: Vec<u16> = Cell::ALL.iter().map(|&x| g.notes(x)).collect();
        let peers_with: Vec<Cell> = c
            .peers()
            .iter()
            .copied()
            .filter(|&p| g.value(p).is_none() && g.has_note(p, truth))
            .collect();
        assert!(!peers_with.is_empty(), "this cell's digit is a candidate of some peer");
        g.place(c, truth);
        for p in &peers_with {
            assert!(!g.has_note(*p, truth), "{p} still notes {truth}");
        }
        g.undo();
        let after: Vec<u16> = Cell::ALL.iter().map(|&x| g.notes(x)).collect();
        assert_eq!(before, after);
        // Off: the notes stay.
        g.settings.auto_remove_notes = false;
        g.place(c, truth);
        for p in &peers_with {
            assert!(g.has_note(*p, truth));
        }
    }

    #[test]
    fn fill_candidates_is_one_move_and_obeys_the_setting() {
        let mut g = game();
        let c = empty_cell(&g);
        assert!(g.fill_candidates());
        assert_eq!(g.notes(c), g.candidates(c));
        assert!(!g.fill_candidates(), "nothing left to fill");
        g.undo();
        assert!(Cell::ALL.iter().all(|&x| g.notes(x) == 0));
        g.settings.fill_candidates = false;
        assert!(!g.fill_candidates());
    }

    #[test]
    fn mistakes_are_counted_by_checking_mode() {
        let mut g = game();
        let c = empty_cell(&g);
        let truth = g.solution()[c.index()];
        // A wrong digit that breaks no rule: counted only against the solution.
        let quiet_wrong = (1..=9)
            .map(d)
            .find(|&x| x.get() != truth && g.candidates(c) & bit(x) != 0)
            .unwrap();
        g.settings.checking = Checking::Conflicts;
        g.place(c, quiet_wrong);
        assert_eq!(g.mistakes(), 0);
        assert!(!g.is_error(c));
        g.settings.checking = Checking::Solution;
        assert!(g.is_error(c));
        g.clear(c);
        g.place(c, quiet_wrong);
        assert_eq!(g.mistakes(), 1);
        // A clashing digit under conflict checking.
        let clash = c.peers().iter().find_map(|&p| g.value(p)).unwrap();
        g.settings.checking = Checking::Conflicts;
        g.place(c, clash);
        assert_eq!(g.mistakes(), 2);
        assert!(g.is_error(c));
        g.settings.checking = Checking::Off;
        assert!(!g.is_error(c));
    }

    #[test]
    fn completion_is_detected() {
        let mut g = game();
        let solution = *g.solution();
        let empties: Vec<Cell> = Cell::ALL.into_iter().filter(|&c| g.value(c).is_none()).collect();
        let (last, rest) = empties.split_last().unwrap();
        for &c in rest {
            g.place(c, d(solution[c.index()]));
        }
        assert!(!g.is_complete());
        g.place(*last, d(solution[last.index()]));
        assert!(g.is_complete());
        assert_eq!(g.hint(), None);
        g.undo();
        assert!(!g.is_complete());
    }

    #[test]
    fn remaining_counts_digits_left() {
        let mut g = game();
        let placed = |g: &Game, x: Digit| g.values().iter().filter(|&&v| v == x.get()).count();
        let c = empty_cell(&g);
        let truth = d(g.solution()[c.index()]);
        let before = g.remaining(truth);
        assert_eq!(before, 9 - placed(&g, truth));
        g.place(c, truth);
        assert_eq!(g.remaining(truth), before - 1);
    }

    #[test]
    fn hint_comes_in_three_stages() {
        let mut g = game();
        let first = g.hint().unwrap();
        assert_eq!(first.stage, 1);
        assert!(first.text.starts_with("Look at "), "{}", first.text);
        assert!(first.cells.is_empty());
        let second = g.hint().unwrap();
        assert_eq!(second.stage, 2);
        assert!(!second.cells.is_empty());
        let before = *g.values();
        let third = g.hint().unwrap();
        assert_eq!(third.stage, 3);
        assert_eq!(third.text, "Naked Single: r1c6=1");
        assert_ne!(before, *g.values());
        assert_eq!(g.hints(), 1);
        // The applied hint is a move like any other.
        g.undo();
        assert_eq!(before, *g.values());
    }

    #[test]
    fn hint_reports_a_mistake_first() {
        let mut g = game();
        let c = empty_cell(&g);
        let truth = g.solution()[c.index()];
        let wrong = (1..=9).map(d).find(|&x| x.get() != truth).unwrap();
        g.place(c, wrong);
        let h = g.hint().unwrap();
        assert!(h.text.contains("wrong"), "{}", h.text);
        let h = g.hint().unwrap();
        assert_eq!(h.cells, vec![c]);
        g.hint();
        assert_eq!(g.value(c), None, "the third press fixes it");
    }

    #[test]
    fn hint_reports_a_removed_true_candidate() {
        let mut g = game();
        let c = empty_cell(&g);
        let truth = d(g.solution()[c.index()]);
        g.fill_candidates();
        g.toggle_note(c, truth);
        let h = g.hint().unwrap();
        assert!(h.text.contains("notes"), "{}", h.text);
        let h = g.hint().unwrap();
        assert!(h.text.contains(&format!("{c} lacks {truth}")), "{}", h.text);
        g.hint();
        assert!(g.has_note(c, truth));
    }

    #[test]
    fn a_move_resets_the_hint() {
        let mut g = game();
        g.hint();
        g.hint();
        let c = empty_cell(&g);
        g.toggle_note(c, d(1));
        assert_eq!(g.current_hint(), None);
        assert_eq!(g.hint().unwrap().stage, 1);
    }

    #[test]
    fn bad_puzzles_are_refused() {
        assert_eq!(
            Game::new([0; 81], None, None).unwrap_err(),
            PuzzleError::SeveralSolutions
        );
        let mut clash = [0u8; 81];
        clash[0] = 1;
        clash[1] = 1;
        assert_eq!(Game::new(clash, None, None).unwrap_err(), PuzzleError::NoSolution);
    }

    #[test]
    fn serde_round_trip_keeps_everything_but_the_hint() {
        let mut g = game();
        let c = empty_cell(&g);
        g.fill_candidates();
        g.place(c, d(g.solution()[c.index()]));
        g.toggle_note(empty_cell(&g), d(1));
        g.undo();
        g.add_time(1234);
        let json = serde_json::to_string(&g).unwrap();
        let back: Game = serde_json::from_str(&json).unwrap();
        back.validate().unwrap();
        assert_eq!(back.values(), g.values());
        assert_eq!(back.undo, g.undo);
        assert_eq!(back.redo, g.redo);
        assert_eq!(back.notes, g.notes);
        assert_eq!(back.elapsed_ms(), 1234);
    }

    #[test]
    fn generated_games_replay_from_their_seed() {
        let a = Game::generate(Level::Easy, 1).unwrap();
        let b = Game::generate(Level::Easy, 1).unwrap();
        assert_eq!(a.puzzle(), b.puzzle());
        assert_eq!(a.seed(), Some(1));
        assert_eq!(a.level(), Some(Level::Easy));
    }
}
