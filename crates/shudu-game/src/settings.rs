//! The player's settings that shape the rules: how digits are checked and what placing a digit does to notes.

use serde::{Deserialize, Serialize};

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

    /// A short name for a status line.
    pub fn name(self) -> &'static str {
        match self {
            Checking::Off => "off",
            Checking::Conflicts => "conflicts",
            Checking::Solution => "solution",
        }
    }
}

/// The terminal game's colour theme; its drawing code maps the name to colours. (The web game keeps its own theme
/// setting, as a page has the system's theme to follow.)
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
    /// Placing a digit removes it from the centre and corner notes of the cell's peers.
    pub auto_remove_notes: bool,
    /// Filling every empty cell's notes with its candidates is allowed.
    pub fill_candidates: bool,
    /// The terminal game's colour theme.
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
