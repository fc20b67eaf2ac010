//! `shudu play`: the terminal game (the `shudu-tui` crate), started from a level, a puzzle, or the last game.

use std::ffi::OsString;
use std::fs;
use std::io::{self, Read};
use std::path::Path;

use clap::Args;
use shudu::format;
use shudu::logic::Level;
use shudu_tui::app::{self, Start};

use crate::input;
use crate::output::warn;
use crate::rate::LevelArg;
use crate::Status;

/// More than any puzzle needs; a bound keeps a wrong file or stream from filling memory.
const MAX_INPUT_BYTES: u64 = 1 << 20;

pub const LONG_ABOUT: &str = "\
Play Sudoku in the terminal.

A new game is a puzzle from the generator at --level (Easy by default) and --seed (from the clock by default; it is \
shown, so the same puzzle can be played again with --seed). A PUZZLE argument plays that puzzle instead: an \
81-character line, a 9-line grid, a pencil-mark grid or a HoDoKu library line, a file holding one, or `-` to paste \
it on standard input. --resume goes back to the last game.

Keys: arrows, hjkl or wasd move; 1-9 place; n toggles note mode, Alt+digit (or Shift+digit) toggles a note; 0, \
Delete or Backspace clears; u or Ctrl+Z undoes, r or Ctrl+Y redoes; c fills every candidate; ? gives a hint in \
three presses (the technique and the area, then the cells, then the step applied); p pauses; t hides the timer; m \
cycles checking (off, conflicts, against the solution); o toggles removing a placed digit from its peers' notes; f \
toggles c; T cycles the theme (dark, light, high contrast); N then 1-5 starts a new game at a level (Easy to \
Extreme), and a puzzle pasted into the terminal starts that puzzle; i shows the best and average times per level; e writes the board as a picture (SVG and PNG, in the current \
directory); q saves and quits. A mouse click selects a cell.

The game is saved after every move, in the platform's data directory or in $SHUDU_DATA_DIR when set, with the \
statistics (best and average time per level) and the settings.";

#[derive(Args, Debug)]
pub struct PlayArgs {
    /// A puzzle to play, in any format the engine reads, a file holding it, or `-` for standard input.
    #[arg(value_name = "PUZZLE", conflicts_with_all = ["level", "seed", "resume"])]
    puzzle: Option<OsString>,

    /// The level of a new puzzle. Default: easy.
    #[arg(long, value_name = "LEVEL", value_enum)]
    level: Option<LevelArg>,

    /// The generator's seed: the same level and seed give the same puzzle. Default: from the clock.
    #[arg(long, value_name = "S")]
    seed: Option<u64>,

    /// Resume the last game.
    #[arg(long, conflicts_with_all = ["level", "seed"])]
    resume: bool,
}

/// Runs `shudu play`.
pub fn run(args: &PlayArgs) -> Status {
    let start = if args.resume {
        Start::Resume
    } else if let Some(arg) = &args.puzzle {
        match read_puzzle(arg) {
            Ok(puzzle) => Start::Puzzle(puzzle),
            Err(message) => {
                warn(format_args!("shudu play: {message}"));
                return Status::Failed;
            }
        }
    } else {
        Start::New {
            level: args.level.map_or(Level::Easy, Level::from),
            seed: args.seed,
        }
    };
    match app::run(start) {
        Ok(line) => {
            println!("{line}");
            Status::Ok
        }
        Err(message) => {
            warn(format_args!("shudu play: {message}"));
            Status::Failed
        }
    }
}

/// The givens of a puzzle given as text, a file, or `-` for standard input.
fn read_puzzle(arg: &OsString) -> Result<[u8; 81], String> {
    let text = if arg == "-" {
        let mut text = String::new();
        io::stdin()
            .take(MAX_INPUT_BYTES)
            .read_to_string(&mut text)
            .map_err(|e| format!("standard input: {e}"))?;
        text
    } else if input::names_file(Path::new(arg)) {
        let path = Path::new(arg);
        let mut text = String::new();
        fs::File::open(path)
            .and_then(|f| f.take(MAX_INPUT_BYTES).read_to_string(&mut text))
            .map_err(|e| format!("{}: {e}", path.display()))?;
        text
    } else {
        arg.to_str()
            .ok_or_else(|| format!("{}: no such file", Path::new(arg).display()))?
            .to_string()
    };
    let grid = format::parse(&text).map_err(|e| format!("not a puzzle: {e}"))?;
    let mut givens = [0u8; 81];
    for cell in grid.givens() {
        givens[cell.index()] = grid.values()[cell.index()];
    }
    Ok(givens)
}
