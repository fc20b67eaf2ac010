//! The rules of a game of Sudoku, written once for every front end: the terminal game (`shudu play`) and the web
//! game (`shudu serve`) both play by them.
//!
//! A [`Game`] holds the givens, the solution, the player's digits, centre notes, corner notes and cell colours, and
//! the history of moves with unlimited undo and redo. Moves act on a selection of one or many cells, as in the
//! marking tools players know (SudokuPad): a note typed into several cells is added to all of them, or removed from
//! all where every one has it. Checking marks rule conflicts or departures from the solution. Hints come from the
//! explained solver on the player's own digits and notes, in three stages (the technique and where to look, the
//! cells, the step applied), with the player's mistakes named first. There is no terminal, file or network code
//! here, so every rule is tested directly; [`data_dir`] only names the directory where front ends keep games.
//!
//! ```
//! use shudu::{Cell, Digit};
//! use shudu_game::{Game, NoteKind};
//! let puzzle = shudu::format::parse_line(
//!     "006800005080200007050347200000000013003009000800000500000060080000403000700100020",
//! )
//! .unwrap();
//! let mut game = Game::new(puzzle, None, None).unwrap();
//! let (a, b) = (Cell::at(0, 0), Cell::at(0, 1));
//! let five = Digit::new(5).unwrap();
//! assert!(game.toggle_notes(&[a, b], five, NoteKind::Centre));
//! assert!(game.has_note(a, five) && game.has_note(b, five));
//! assert!(game.undo());
//! assert_eq!(game.notes(a), 0);
//! ```

#![warn(missing_docs)]

pub mod dirs;
pub mod game;
pub mod hint;
pub mod moves;
pub mod settings;

pub use dirs::{data_dir, DATA_DIR_VAR};
pub use game::{hint_solver, Game, PuzzleError, HINT_NET_BUDGET, PALETTE};
pub use hint::{HintTopic, HintView};
pub use moves::{bit, Change, Move, MoveKind, NoteKind, ALL_NOTES};
pub use settings::{Checking, Settings, ThemeName};
