//! Pictures of steps for the explain view. TEMPORARY until the shared renderer (shudu-draw) is merged: no picture.

use shudu::logic::{Lang, Step};
use shudu::Grid;

use crate::error::ApiError;

/// The picture theme asked for.
#[derive(Clone, Copy, Debug)]
pub struct Theme;

/// Reads the theme query parameter.
pub fn theme(_name: Option<&str>) -> Result<Theme, ApiError> {
    Ok(Theme)
}

/// The picture of `step` on `grid`.
pub fn step(_grid: &Grid, _step: &Step, _lang: Lang, _theme: Theme) -> Option<String> {
    None
}
