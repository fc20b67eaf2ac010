//! A game in progress: the board, the player's digits, notes and colours, moves over a selection of cells with
//! unlimited undo and redo, checking, staged hints, and completion.

use std::fmt;

use serde::{Deserialize, Serialize};
use shudu::generate::{self, Options};
use shudu::logic::{Lang, Level, Solver};
use shudu::{search, Bitboard, Candidates, Cell, Digit, Grid};

use crate::hint::{Hint, HintView};
use crate::moves::{bit, Change, Move, MoveKind, NoteKind, ALL_NOTES};
use crate::settings::{Checking, Settings};

/// How many cell colours there are: colours are numbered 1..=PALETTE, 0 is none. Front ends map the numbers to
/// colours of their theme (SudokuPad's palette has nine).
pub const PALETTE: u8 = 9;

/// The bound on each forcing-chain and forcing-net search behind a game's hints, in nets derived
/// ([`Solver::set_budget`]). The most any search of the default ladder takes on top1465's paths is 470
/// (`cargo run --release -p shudu-check --example net_units -- ../shared/data/puzzles/top1465.txt`), so this changes
/// no hint there, yet keeps a hint on any board a player can make within a fraction of a second: a server answering
/// hints is never held by one.
pub const HINT_NET_BUDGET: u64 = 10_000;

/// The solver behind a game's hints: the default ladder, its nets bounded by [`HINT_NET_BUDGET`].
pub fn hint_solver() -> Solver {
    let mut solver = Solver::new();
    solver.set_budget(Some(HINT_NET_BUDGET));
    solver
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

/// A game in progress.
///
/// Its history is two stacks of [`Move`]s. A store that keeps moves elsewhere (the web game keeps each in a
/// database row as it is made) may load only the top of each stack with [`Game::restore_history`]: every action
/// reads no deeper than the top.
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
    #[serde(with = "notes81", default = "no_notes")]
    corners: [u16; 81],
    #[serde(with = "digits81", default = "no_colors")]
    colors: [u8; 81],
    #[serde(default)]
    undo: Vec<Move>,
    #[serde(default)]
    redo: Vec<Move>,
    mistakes: u32,
    hints: u32,
    elapsed_ms: u64,
    level: Option<Level>,
    seed: Option<u64>,
    /// Checking and note rules in force (a copy of the player's settings, kept with the game it shaped).
    pub settings: Settings,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    hint: Option<Hint>,
}

fn no_notes() -> [u16; 81] {
    [0; 81]
}

fn no_colors() -> [u8; 81] {
    [0; 81]
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
        Ok(Game::with_solution(puzzle, solution, level, seed))
    }

    /// A game of `puzzle` whose `solution` the caller has already proved unique (a generator's output, a pool of
    /// puzzles made earlier), saving the search [`Game::new`] makes.
    pub fn with_solution(puzzle: [u8; 81], solution: [u8; 81], level: Option<Level>, seed: Option<u64>) -> Game {
        Game {
            puzzle,
            solution,
            values: puzzle,
            notes: [0; 81],
            corners: [0; 81],
            colors: [0; 81],
            undo: Vec::new(),
            redo: Vec::new(),
            mistakes: 0,
            hints: 0,
            elapsed_ms: 0,
            level,
            seed,
            settings: Settings::default(),
            hint: None,
        }
    }

    /// The same game with a player's progress already on the board (a shared link's digits and notes), before any
    /// move: it is not in the history. The values must keep every given; notes are 9-bit sets, and notes on a given
    /// are dropped (a given shows its digit, and no move may note it).
    pub fn with_progress(mut self, values: &[u8; 81], notes: &[u16; 81], corners: &[u16; 81]) -> Result<Game, String> {
        for i in 0..81 {
            let cell = Cell::new(i).map_or_else(String::new, |c| c.to_string());
            if values[i] > 9 {
                return Err(format!("{cell} holds {}, not a digit", values[i]));
            }
            if self.puzzle[i] != 0 && values[i] != self.puzzle[i] {
                return Err(format!(
                    "{cell} is a given {} but the progress holds {}",
                    self.puzzle[i], values[i]
                ));
            }
            if (notes[i] | corners[i]) & !ALL_NOTES != 0 {
                return Err(format!("{cell} has notes beyond 9"));
            }
        }
        self.values = *values;
        for i in 0..81 {
            let keep = if self.puzzle[i] == 0 { ALL_NOTES } else { 0 };
            self.notes[i] = notes[i] & keep;
            self.corners[i] = corners[i] & keep;
        }
        Ok(self)
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

    /// Checks a game read from a store: every index and digit in range and the board consistent with its puzzle,
    /// so that no later move can panic on it.
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
            // As no move may note a given, no saved board may: a later move that clears such notes would be a
            // change the loader refuses, and the game would not load back once saved.
            if self.puzzle[i] != 0 && (self.notes[i] | self.corners[i]) != 0 {
                return Err(format!("given {i} has notes"));
            }
            if (self.notes[i] | self.corners[i]) & !ALL_NOTES != 0 {
                return Err(format!("cell {i} has notes beyond 9"));
            }
            if self.colors[i] > PALETTE {
                return Err(format!("cell {i} has colour {}", self.colors[i]));
            }
        }
        let sound = |c: &Change| {
            let corners = c.corners.unwrap_or((0, 0));
            let color = c.color.unwrap_or((0, 0));
            let notes = c.notes.0 | c.notes.1 | corners.0 | corners.1;
            let given = self.puzzle.get(c.cell as usize).copied().unwrap_or(0);
            c.cell < 81
                && c.value.0 <= 9
                && c.value.1 <= 9
                && notes & !ALL_NOTES == 0
                && color.0 <= PALETTE
                && color.1 <= PALETTE
                // A given may be coloured, never changed or noted: its value stays the given's on both sides (an
                // unchanged value of another digit would put that digit in the given's place on undo).
                && (given == 0 || (c.value == (given, given) && notes == 0))
        };
        let hint_changes = self.hint.iter().flat_map(|h| h.changes.iter());
        if !self
            .undo
            .iter()
            .chain(&self.redo)
            .flat_map(|m| m.changes.iter())
            .chain(hint_changes)
            .all(sound)
        {
            return Err("a saved move is out of range or changes a given".to_string());
        }
        if self.hint.as_ref().is_some_and(|h| !h.is_sound()) {
            return Err("the saved hint is out of range".to_string());
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

    /// The player's centre notes in `cell` (bit `d - 1` for digit `d`).
    pub fn notes(&self, cell: Cell) -> u16 {
        self.notes[cell.index()]
    }

    /// Every cell's centre notes.
    pub fn all_notes(&self) -> &[u16; 81] {
        &self.notes
    }

    /// The player's corner notes in `cell`.
    pub fn corners(&self, cell: Cell) -> u16 {
        self.corners[cell.index()]
    }

    /// Every cell's corner notes.
    pub fn all_corners(&self) -> &[u16; 81] {
        &self.corners
    }

    /// The colour of `cell`, 0 for none.
    pub fn color(&self, cell: Cell) -> u8 {
        self.colors[cell.index()]
    }

    /// Every cell's colour.
    pub fn colors(&self) -> &[u8; 81] {
        &self.colors
    }

    /// Whether the centre note `digit` is set in `cell`.
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

    /// The last move made (or redone): the top of the undo stack.
    pub fn last_move(&self) -> Option<&Move> {
        self.undo.last()
    }

    /// The move a redo would make again: the top of the redo stack.
    pub fn next_redo(&self) -> Option<&Move> {
        self.redo.last()
    }

    /// Takes the history out (undo stack, redo stack; each oldest first), leaving the game without one: for a store
    /// that keeps moves apart from the board.
    pub fn take_history(&mut self) -> (Vec<Move>, Vec<Move>) {
        (std::mem::take(&mut self.undo), std::mem::take(&mut self.redo))
    }

    /// Puts a history back: the whole of each stack, or only its top (oldest first, as [`Game::take_history`]
    /// gives them).
    pub fn restore_history(&mut self, undo: Vec<Move>, redo: Vec<Move>) {
        self.undo = undo;
        self.redo = redo;
    }

    /// The candidates of `cell` that its peers' digits leave.
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
    // Moves. Each acts on a selection of cells and is one move in the history, whatever it touched; each returns
    // whether anything changed (a move that changes nothing is not recorded).

    /// Places `digit` in `cell`. Givens, and a cell already holding the digit, do not change.
    pub fn place(&mut self, cell: Cell, digit: Digit) -> bool {
        self.place_all(&[cell], digit)
    }

    /// Places `digit` in every selected cell that is not a given and does not hold it already. With the setting
    /// on, the digit leaves the centre and corner notes of those cells' peers.
    pub fn place_all(&mut self, cells: &[Cell], digit: Digit) -> bool {
        let targets: Vec<Cell> = distinct(cells)
            .filter(|&c| !self.is_given(c) && self.values[c.index()] != digit.get())
            .collect();
        if targets.is_empty() {
            return false;
        }
        let mut next = self.board();
        for &c in &targets {
            next.values[c.index()] = digit.get();
        }
        if self.settings.auto_remove_notes {
            for &c in &targets {
                for p in c.peers() {
                    if next.values[p.index()] == 0 {
                        next.notes[p.index()] &= !bit(digit);
                        next.corners[p.index()] &= !bit(digit);
                    }
                }
            }
        }
        self.commit_board(MoveKind::Place, &next);
        let counted = targets
            .iter()
            .filter(|&&c| match self.settings.checking {
                Checking::Off => false,
                Checking::Conflicts => self.conflicts(c),
                Checking::Solution => self.is_wrong(c),
            })
            .count();
        self.mistakes = self.mistakes.saturating_add(counted as u32);
        true
    }

    /// Clears `cell`: its digit, or its notes when it holds none, or its colour when it has neither.
    pub fn clear(&mut self, cell: Cell) -> bool {
        self.clear_all(&[cell])
    }

    /// Clears the selection a layer at a time, as players expect of Delete: the placed digits if any cell holds
    /// one, else the centre and corner notes if any cell has some, else the colours.
    pub fn clear_all(&mut self, cells: &[Cell]) -> bool {
        let cells: Vec<Cell> = distinct(cells).collect();
        let mut next = self.board();
        let placed: Vec<usize> = cells
            .iter()
            .map(|c| c.index())
            .filter(|&i| self.puzzle[i] == 0 && self.values[i] != 0)
            .collect();
        let noted: Vec<usize> = cells
            .iter()
            .map(|c| c.index())
            .filter(|&i| self.puzzle[i] == 0 && (self.notes[i] | self.corners[i]) != 0)
            .collect();
        if !placed.is_empty() {
            for i in placed {
                next.values[i] = 0;
            }
        } else if !noted.is_empty() {
            for i in noted {
                next.notes[i] = 0;
                next.corners[i] = 0;
            }
        } else {
            for c in &cells {
                next.colors[c.index()] = 0;
            }
        }
        self.commit_board(MoveKind::Clear, &next)
    }

    /// Toggles the centre note `digit` in an empty cell.
    pub fn toggle_note(&mut self, cell: Cell, digit: Digit) -> bool {
        self.toggle_notes(&[cell], digit, NoteKind::Centre)
    }

    /// Toggles the note `digit` of `kind` over the selection's empty cells: removed from all of them where every
    /// one has it, else added to those that lack it.
    pub fn toggle_notes(&mut self, cells: &[Cell], digit: Digit, kind: NoteKind) -> bool {
        let empty: Vec<usize> = distinct(cells)
            .map(|c| c.index())
            .filter(|&i| self.values[i] == 0)
            .collect();
        if empty.is_empty() {
            return false;
        }
        let mut next = self.board();
        let layer = match kind {
            NoteKind::Centre => &mut next.notes,
            NoteKind::Corner => &mut next.corners,
        };
        let all_have = empty.iter().all(|&i| layer[i] & bit(digit) != 0);
        for &i in &empty {
            if all_have {
                layer[i] &= !bit(digit);
            } else {
                layer[i] |= bit(digit);
            }
        }
        let kind = match kind {
            NoteKind::Centre => MoveKind::Note,
            NoteKind::Corner => MoveKind::Corner,
        };
        self.commit_board(kind, &next)
    }

    /// Colours the selection (givens too) with colour `color` in 1..=[`PALETTE`], or takes it off where every
    /// selected cell has it already; colour 0 takes every colour off. Colours outside the palette change nothing.
    pub fn set_color(&mut self, cells: &[Cell], color: u8) -> bool {
        if color > PALETTE {
            return false;
        }
        let cells: Vec<usize> = distinct(cells).map(|c| c.index()).collect();
        let all_have = cells.iter().all(|&i| self.colors[i] == color);
        let mut next = self.board();
        for &i in &cells {
            next.colors[i] = if all_have { 0 } else { color };
        }
        self.commit_board(MoveKind::Color, &next)
    }

    /// Fills every empty cell's centre notes with the candidates its peers leave, when the setting allows it.
    pub fn fill_candidates(&mut self) -> bool {
        if !self.settings.fill_candidates {
            return false;
        }
        let mut next = self.board();
        for c in Cell::ALL {
            if self.values[c.index()] == 0 {
                next.notes[c.index()] = self.candidates(c);
            }
        }
        self.commit_board(MoveKind::Fill, &next)
    }

    /// Undoes the last move. Returns whether there was one.
    pub fn undo(&mut self) -> bool {
        let Some(m) = self.undo.pop() else { return false };
        for c in m.changes.iter().rev() {
            self.set_cell(c, false);
        }
        self.redo.push(m);
        self.hint = None;
        true
    }

    /// Redoes the last undone move. Returns whether there was one.
    pub fn redo(&mut self) -> bool {
        let Some(m) = self.redo.pop() else { return false };
        for c in &m.changes {
            self.set_cell(c, true);
        }
        self.undo.push(m);
        self.hint = None;
        true
    }

    fn set_cell(&mut self, c: &Change, after: bool) {
        fn pick<T>(pair: (T, T), after: bool) -> T {
            if after {
                pair.1
            } else {
                pair.0
            }
        }
        let i = c.cell as usize;
        self.values[i] = pick(c.value, after);
        self.notes[i] = pick(c.notes, after);
        if let Some(corners) = c.corners {
            self.corners[i] = pick(corners, after);
        }
        if let Some(color) = c.color {
            self.colors[i] = pick(color, after);
        }
    }

    /// The board as it stands, for a move to change.
    fn board(&self) -> Board {
        Board {
            values: self.values,
            notes: self.notes,
            corners: self.corners,
            colors: self.colors,
        }
    }

    /// What turning the board into `next` changes, cell by cell.
    fn changes_to(&self, next: &Board) -> Vec<Change> {
        (0..81)
            .filter(|&i| {
                next.values[i] != self.values[i]
                    || next.notes[i] != self.notes[i]
                    || next.corners[i] != self.corners[i]
                    || next.colors[i] != self.colors[i]
            })
            .map(|i| Change {
                cell: i as u8,
                value: (self.values[i], next.values[i]),
                notes: (self.notes[i], next.notes[i]),
                corners: (self.corners[i] != next.corners[i]).then_some((self.corners[i], next.corners[i])),
                color: (self.colors[i] != next.colors[i]).then_some((self.colors[i], next.colors[i])),
            })
            .collect()
    }

    /// Makes the board `next` as one move, unless it changes nothing.
    fn commit_board(&mut self, kind: MoveKind, next: &Board) -> bool {
        let changes = self.changes_to(next);
        if changes.is_empty() {
            return false;
        }
        self.commit(kind, changes);
        true
    }

    /// Applies a new move, which ends any redo history and any hint in progress.
    fn commit(&mut self, kind: MoveKind, changes: Vec<Change>) {
        for c in &changes {
            self.set_cell(c, true);
        }
        self.undo.push(Move { kind, changes });
        self.redo.clear();
        self.hint = None;
    }

    // --------------------------------------------------------------------------------------------------------------
    // Hints

    /// The player's state as the engine's board: their digits, and for each empty cell their centre notes (or,
    /// where they wrote none, every candidate), less the digits its peers already hold — so a note the player left
    /// beside a placed digit never makes a hint wrong. Corner notes say where a digit may go, not what a cell may
    /// hold, so hints leave them alone. `None` when the digits clash.
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

    /// Wrong digits, and true candidates struck from centre notes other than by a wrong digit in a peer (that one
    /// comes back when the digit is fixed).
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
                removed.push((cell, truth));
            }
        }
        (wrong, removed)
    }

    /// Finds what the next hint is about, with what applying it will change.
    fn find_hint(&self, lang: Lang) -> Option<Hint> {
        if self.is_complete() {
            return None;
        }
        let mut next = self.board();
        let (wrong, removed) = self.problems();
        if !wrong.is_empty() || !removed.is_empty() {
            for c in &wrong {
                next.values[c.index()] = 0;
            }
            for &(c, d) in &removed {
                next.notes[c.index()] |= bit(d);
            }
            return Some(Hint::mistakes(&wrong, &removed, self.changes_to(&next), lang));
        }
        let step = self.player_grid().and_then(|g| hint_solver().next_step(&g));
        match step {
            Some(step) => {
                for &(c, d) in &step.placements {
                    self.place_in(&mut next, c, d);
                }
                for &(c, d) in &step.eliminations {
                    // A cell without notes stands for all its candidates: write them out, less this one.
                    if next.notes[c.index()] == 0 {
                        next.notes[c.index()] = self.candidates(c);
                    }
                    next.notes[c.index()] &= !bit(d);
                }
                Some(Hint::step(&step, self.changes_to(&next), lang))
            }
            None => {
                let cell = Cell::ALL.iter().copied().find(|c| self.values[c.index()] == 0)?;
                let digit = Digit::new(self.solution[cell.index()])?;
                self.place_in(&mut next, cell, digit);
                Some(Hint::stuck(cell, digit, self.changes_to(&next), lang))
            }
        }
    }

    /// Places a hint's digit on a board, with the setting's removal of notes.
    fn place_in(&self, board: &mut Board, cell: Cell, digit: Digit) {
        board.values[cell.index()] = digit.get();
        if self.settings.auto_remove_notes {
            for p in cell.peers() {
                board.notes[p.index()] &= !bit(digit);
                board.corners[p.index()] &= !bit(digit);
            }
        }
    }

    /// The hint in progress, at the stage last shown.
    pub fn current_hint(&self) -> Option<HintView> {
        self.hint.as_ref().map(|h| h.view(h.stage))
    }

    /// Asks for a hint, in English: see [`Game::hint_in`].
    pub fn hint(&mut self) -> Option<HintView> {
        self.hint_in(Lang::En)
    }

    /// Asks for a hint: the first press names the technique and the area, the second the cells, the third applies
    /// it as a move. Mistakes in the player's digits or notes come first. `None` when the puzzle is already solved.
    /// `lang` is the language of a new hint's texts (a hint in progress keeps its own).
    pub fn hint_in(&mut self, lang: Lang) -> Option<HintView> {
        let mut hint = match self.hint.take() {
            Some(mut hint) => {
                hint.stage += 1;
                hint
            }
            None => {
                let hint = self.find_hint(lang)?;
                self.hints = self.hints.saturating_add(1);
                hint
            }
        };
        let shown = hint.view(hint.stage);
        if hint.stage >= 3 {
            let changes = std::mem::take(&mut hint.changes);
            if !changes.is_empty() {
                self.commit(MoveKind::Hint, changes);
            }
        } else {
            self.hint = Some(hint);
        }
        Some(shown)
    }
}

/// The selection's cells, each once, in the order given.
fn distinct(cells: &[Cell]) -> impl Iterator<Item = Cell> + '_ {
    let mut seen = Bitboard::EMPTY;
    cells.iter().copied().filter(move |&c| {
        let new = !seen.contains(c);
        seen.insert(c);
        new
    })
}

/// The parts of the board a move changes.
struct Board {
    values: [u8; 81],
    notes: [u16; 81],
    corners: [u16; 81],
    colors: [u8; 81],
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

    #[test]
    fn hints_bound_their_forcing_nets_yet_find_what_unbounded_nets_find() {
        assert_eq!(hint_solver().budget(), Some(HINT_NET_BUDGET));
        // top1465's first puzzle: its path needs a Forcing Net, found within the bound as without one.
        let puzzle = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
        let grid = Grid::from_values(&shudu::format::parse_line(puzzle).unwrap()).unwrap();
        let techniques = |solver: &Solver| -> Vec<shudu::logic::Technique> {
            let report = solver.solve(&grid, &mut shudu::logic::Silent);
            report.steps.iter().map(|s| s.technique).collect()
        };
        let bounded = techniques(&hint_solver());
        assert!(bounded.contains(&shudu::logic::Technique::ForcingNet));
        assert_eq!(bounded, techniques(&Solver::new()));
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

    fn empties(g: &Game, n: usize) -> Vec<Cell> {
        Cell::ALL
            .into_iter()
            .filter(|&c| g.value(c).is_none())
            .take(n)
            .collect()
    }

    #[test]
    fn notes_over_a_selection_are_added_to_all_then_removed_from_all() {
        let mut g = game();
        let sel = empties(&g, 3);
        assert!(g.toggle_note(sel[0], d(4)));
        // Not every cell has it: added to the two that lack it, as one move.
        assert!(g.toggle_notes(&sel, d(4), NoteKind::Centre));
        assert!(sel.iter().all(|&c| g.has_note(c, d(4))));
        assert_eq!(g.last_move().unwrap().changes.len(), 2);
        // Every cell has it: removed from all.
        assert!(g.toggle_notes(&sel, d(4), NoteKind::Centre));
        assert!(sel.iter().all(|&c| !g.has_note(c, d(4))));
        // Givens in the selection are passed over, and a duplicate cell counts once.
        let given = Cell::ALL.into_iter().find(|&c| g.is_given(c)).unwrap();
        assert!(g.toggle_notes(&[given, sel[0], sel[0]], d(2), NoteKind::Centre));
        assert_eq!(g.notes(given), 0);
        assert_eq!(g.notes(sel[0]), bit(d(2)));
        assert!(!g.toggle_notes(&[given], d(2), NoteKind::Centre));
    }

    #[test]
    fn corner_notes_are_their_own_layer() {
        let mut g = game();
        let sel = empties(&g, 2);
        assert!(g.toggle_notes(&sel, d(5), NoteKind::Corner));
        assert!(sel.iter().all(|&c| g.corners(c) == bit(d(5)) && g.notes(c) == 0));
        assert_eq!(g.last_move().unwrap().kind, MoveKind::Corner);
        assert!(g.undo());
        assert!(sel.iter().all(|&c| g.corners(c) == 0));
        assert!(g.redo());
        // Placing a digit takes it out of the peers' corner notes too.
        let peer_target = sel[0]
            .peers()
            .iter()
            .copied()
            .find(|&p| g.value(p).is_none() && p != sel[1] && g.candidates(p) & bit(d(5)) != 0);
        if let Some(p) = peer_target {
            g.place(p, d(5));
            assert_eq!(g.corners(sel[0]), 0);
        }
    }

    #[test]
    fn placing_over_a_selection_counts_each_mistake() {
        let mut g = game();
        g.settings.checking = Checking::Solution;
        let sel = empties(&g, 4);
        let digit = d(g.solution()[sel[0].index()]);
        assert!(g.place_all(&sel, digit));
        let wrong = sel.iter().filter(|&&c| g.solution()[c.index()] != digit.get()).count();
        assert_eq!(g.mistakes(), wrong as u32);
        assert!(sel.iter().all(|&c| g.value(c) == Some(digit)));
        assert!(!g.place_all(&sel, digit), "nothing left to change");
        assert!(g.undo());
        assert!(sel.iter().all(|&c| g.value(c).is_none()));
    }

    #[test]
    fn colours_toggle_over_a_selection_and_on_givens() {
        let mut g = game();
        let given = Cell::ALL.into_iter().find(|&c| g.is_given(c)).unwrap();
        let sel = vec![given, empty_cell(&g)];
        assert!(g.set_color(&sel, 3));
        assert!(sel.iter().all(|&c| g.color(c) == 3));
        assert!(g.set_color(&sel, 3), "all have it: taken off");
        assert!(sel.iter().all(|&c| g.color(c) == 0));
        assert!(!g.set_color(&sel, PALETTE + 1));
        g.set_color(&sel, 7);
        g.validate().unwrap();
        assert!(g.set_color(&sel, 0));
        assert!(sel.iter().all(|&c| g.color(c) == 0));
    }

    #[test]
    fn clear_takes_digits_then_notes_then_colours() {
        let mut g = game();
        let sel = empties(&g, 2);
        g.set_color(&sel, 2);
        g.toggle_notes(&sel, d(1), NoteKind::Centre);
        g.toggle_notes(&sel, d(9), NoteKind::Corner);
        g.settings.auto_remove_notes = false;
        g.place(sel[0], d(g.solution()[sel[0].index()]));
        assert!(g.clear_all(&sel));
        assert!(g.value(sel[0]).is_none());
        assert_eq!(g.notes(sel[0]), bit(d(1)), "digits go first");
        assert!(g.clear_all(&sel));
        assert!(sel
            .iter()
            .all(|&c| g.notes(c) == 0 && g.corners(c) == 0 && g.color(c) == 2));
        assert!(g.clear_all(&sel));
        assert!(sel.iter().all(|&c| g.color(c) == 0));
        assert!(!g.clear_all(&sel));
    }

    #[test]
    fn a_hint_in_progress_survives_a_round_trip_through_a_store() {
        let mut g = game();
        g.hint();
        let second = g.hint().unwrap();
        let json = serde_json::to_string(&g).unwrap();
        let mut back: Game = serde_json::from_str(&json).unwrap();
        back.validate().unwrap();
        assert_eq!(back.current_hint(), Some(second));
        let third = back.hint().unwrap();
        assert_eq!(third.stage, 3);
        assert_eq!(third.text, "Naked Single: r1c6=1");
        assert_eq!(third.placements, vec![(Cell::at(0, 5), d(1))]);
    }

    #[test]
    fn hints_speak_chinese() {
        let mut g = game();
        let first = g.hint_in(Lang::Zh).unwrap();
        assert!(first.text.starts_with('看'), "{}", first.text);
        assert_eq!(first.technique.as_deref(), Some("唯余法（唯一余数）"));
        g.hint_in(Lang::Zh);
        let third = g.hint_in(Lang::Zh).unwrap();
        assert_eq!(third.text, "唯余法：r1c6 只余一个候选数 => r1c6=1");
    }

    #[test]
    fn a_store_may_keep_only_the_tops_of_the_history() {
        let mut g = game();
        let sel = empties(&g, 3);
        for (k, &c) in sel.iter().enumerate() {
            g.toggle_note(c, d(k as u8 + 1));
        }
        g.undo();
        let (undo, redo) = g.take_history();
        assert_eq!((undo.len(), redo.len()), (2, 1));
        // Load the tops alone, as a store that keeps moves in rows does.
        g.restore_history(undo[1..].to_vec(), redo.clone());
        assert!(g.undo());
        assert_eq!(g.notes(sel[1]), 0);
        assert!(
            !g.can_undo(),
            "the store knows of the deeper moves; the game needs only the top"
        );
        let mut h = game();
        for (k, &c) in sel.iter().enumerate().take(2) {
            h.toggle_note(c, d(k as u8 + 1));
        }
        h.restore_history(Vec::new(), redo);
        assert!(h.redo());
        assert_eq!(h.notes(sel[2]), bit(d(3)));
    }

    #[test]
    fn a_note_beside_a_placed_digit_never_makes_a_hint_wrong() {
        // The player placed digits and left notes holding them around: the hint must read past those notes.
        let mut g = game();
        let solution = *g.solution();
        g.settings.auto_remove_notes = false;
        g.fill_candidates();
        let mut placed = 0;
        for c in Cell::ALL {
            if g.value(c).is_none() && placed < 12 {
                g.place(c, d(solution[c.index()]));
                placed += 1;
            }
        }
        for _ in 0..40 {
            let Some(view) = g.hint() else { break };
            if view.stage == 3 {
                for (c, dd) in view.placements {
                    assert_eq!(solution[c.index()], dd.get(), "{}", view.text);
                }
                for (c, dd) in view.eliminations {
                    assert_ne!(solution[c.index()], dd.get(), "{}", view.text);
                }
            }
        }
    }

    #[test]
    fn saves_from_before_corner_notes_still_load() {
        let mut g = game();
        g.toggle_note(empty_cell(&g), d(1));
        let mut json: serde_json::Value = serde_json::to_value(&g).unwrap();
        let map = json.as_object_mut().unwrap();
        map.remove("corners");
        map.remove("colors");
        let back: Game = serde_json::from_value(json).unwrap();
        back.validate().unwrap();
        assert_eq!(back.all_notes(), g.all_notes());
        assert_eq!(back.all_corners(), &[0; 81]);
    }

    #[test]
    fn progress_keeps_the_givens() {
        let g = game();
        let mut values = *g.puzzle();
        let c = empty_cell(&g);
        values[c.index()] = g.solution()[c.index()];
        let mut notes = [0u16; 81];
        notes[empty_cell(&g).index() + 1] = 0b101;
        let shared = g.clone().with_progress(&values, &notes, &[0; 81]).unwrap();
        assert_eq!(shared.value(c), Some(d(g.solution()[c.index()])));
        assert!(!shared.can_undo(), "progress is not a move");
        shared.validate().unwrap();
        let given = Cell::ALL.into_iter().find(|&x| g.is_given(x)).unwrap();
        let mut broken = values;
        broken[given.index()] = 0;
        let err = g.clone().with_progress(&broken, &notes, &[0; 81]).unwrap_err();
        assert!(err.contains(&given.to_string()), "{err}");
        notes[0] = 0x400;
        assert!(g.with_progress(&values, &notes, &[0; 81]).is_err());
    }

    /// Found by fuzzing the terminal game's save loader: a saved board with notes on a given loaded, then a move
    /// that cleared them was a change the loader refuses, so the game did not load back once saved.
    #[test]
    fn no_board_notes_a_given() {
        let g = game();
        let given = Cell::ALL.into_iter().find(|&x| g.is_given(x)).unwrap();
        let mut notes = [0u16; 81];
        notes[given.index()] = 0b1;
        let mut corners = [0u16; 81];
        corners[given.index()] = 0b10;
        // A shared link's notes on a given are dropped...
        let shared = g.clone().with_progress(g.puzzle(), &notes, &corners).unwrap();
        assert_eq!((shared.notes(given), shared.all_corners()[given.index()]), (0, 0));
        shared.validate().unwrap();
        // ...and a saved board that has them is refused, naming the cell.
        let mut saved = g;
        saved.notes[given.index()] = 0b1;
        let err = saved.validate().unwrap_err();
        assert_eq!(err, format!("given {} has notes", given.index()));
    }

    /// Found by fuzzing the save loader too: a saved move that "left" a given at another digit (the same value on
    /// both sides, not the given's) loaded, and undoing it put that digit in the given's place.
    #[test]
    fn no_saved_move_holds_a_given_at_another_digit() {
        let mut g = game();
        let given = Cell::ALL.into_iter().find(|&x| g.is_given(x)).unwrap();
        let digit = g.puzzle()[given.index()];
        let change = |value| Change {
            cell: given.index() as u8,
            value,
            notes: (0, 0),
            corners: None,
            color: Some((0, 1)),
        };
        // Colouring a given is a move on it, and sound.
        g.undo.push(Move {
            kind: MoveKind::Clear,
            changes: vec![change((digit, digit))],
        });
        g.validate().unwrap();
        g.undo[0].changes[0] = change((0, 0));
        assert_eq!(
            g.validate().unwrap_err(),
            "a saved move is out of range or changes a given"
        );
    }

    #[test]
    fn a_move_read_back_from_a_store_leaves_untouched_layers_alone() {
        // A store keeps each move as JSON and reads the top one back for undo and redo: the corner notes and
        // colour a move did not touch must come through it unchanged.
        let mut g = game();
        let c = empty_cell(&g);
        g.toggle_notes(&[c], d(7), NoteKind::Corner);
        g.set_color(&[c], 5);
        g.toggle_note(c, d(1));
        let stored = serde_json::to_string(g.last_move().unwrap()).unwrap();
        assert!(!stored.contains("corners") && !stored.contains("color"), "{stored}");
        let read: Move = serde_json::from_str(&stored).unwrap();
        let (mut undo, redo) = g.take_history();
        undo.pop();
        undo.push(read);
        g.restore_history(undo, redo);
        assert!(g.undo());
        assert_eq!((g.notes(c), g.corners(c), g.color(c)), (0, bit(d(7)), 5));
        let (undo, redo) = g.take_history();
        let redo: Vec<Move> = redo
            .iter()
            .map(|m| serde_json::from_str(&serde_json::to_string(m).unwrap()).unwrap())
            .collect();
        g.restore_history(undo, redo);
        assert!(g.redo());
        assert_eq!((g.notes(c), g.corners(c), g.color(c)), (bit(d(1)), bit(d(7)), 5));
    }
}
