//! Pictures of steps for the explain view, drawn by the same renderer as `shudu draw` and `shudu explain
//! --pictures` (`shudu-draw`), so a step looks the same wherever it is shown.

use shudu::logic::{Lang, Step};
use shudu::Grid;
use shudu_draw::{Board, Options, Theme};

use crate::error::ApiError;

/// Reads the `theme` query parameter: the page's own themes (`light`, `dark`, `contrast`) and the renderer's
/// `print`. The high-contrast page gets the print theme: black on white, readable without colour.
pub fn theme(name: Option<&str>) -> Result<Theme, ApiError> {
    match name {
        None | Some("light") => Ok(Theme::Light),
        Some("dark") => Ok(Theme::Dark),
        Some("contrast" | "print") => Ok(Theme::Print),
        Some(other) => Err(ApiError::bad_request(format!(
            "theme: '{other}' is not light, dark or contrast"
        ))),
    }
}

/// The picture of `step` on `grid` (the board before the step): every candidate drawn, the step's pattern,
/// removals and placements coloured, its chains' links drawn, and its text as the legend.
pub fn step(grid: &Grid, step: &Step, lang: Lang, theme: Theme) -> String {
    let options = Options {
        theme,
        lang,
        candidates: true,
        legend: true,
        ..Options::default()
    };
    shudu_draw::svg(&Board::from_grid(grid), Some(step), &options)
}
