//! The shudu terminal game, started by `shudu play`.
//!
//! The rules and state live in the [`shudu_game`] crate, shared with the web game; [`save`] keeps games and
//! statistics on disk; [`ui`] draws with ratatui; [`app`] runs the event loop on a real terminal; [`export`] writes
//! the board as a picture.

pub use shudu_game::{Checking, Game, Settings, ThemeName};
pub mod app;
pub mod export;
pub mod save;
pub mod ui;
