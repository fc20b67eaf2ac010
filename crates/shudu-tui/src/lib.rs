//! The shudu terminal game, started by `shudu play`.
//!
//! [`game`] holds the rules and state with no terminal code, so they are tested directly; [`save`] keeps games and
//! statistics on disk; [`ui`] draws with ratatui; [`app`] runs the event loop on a real terminal.

pub mod game;

pub use game::{Checking, Game, Settings, ThemeName};
pub mod app;
pub mod save;
pub mod ui;
