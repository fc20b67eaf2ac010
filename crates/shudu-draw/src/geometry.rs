//! Where things are on a drawn board, in the SVG's user units: the cells, the candidates' spots, the legend.
//!
//! Public so that a front end can map a click on a picture back to a cell, and tests can find a candidate's pixels.

use shudu::{Cell, Digit};

/// The side of a cell.
pub const CELL: f32 = 48.0;
/// The side of a candidate's spot: a cell holds its candidates on a 3×3 grid, 1 top left to 9 bottom right.
pub const SPOT: f32 = CELL / 3.0;
/// The space around the board.
pub const MARGIN: f32 = 12.0;
/// The side of the board.
pub const BOARD: f32 = 9.0 * CELL;
/// The width of a picture.
pub const WIDTH: f32 = BOARD + 2.0 * MARGIN;
/// The radius of the disk or ring that marks a candidate.
pub const MARK_RADIUS: f32 = 7.0;

/// The size of the legend's text.
pub const LEGEND_FONT: f32 = 14.0;
/// The distance between two legend lines' baselines.
pub const LEGEND_LINE: f32 = 19.0;
/// The space between the board and the legend's first line box.
pub const LEGEND_GAP: f32 = 8.0;

/// The top-left corner of a cell.
pub fn cell_origin(cell: Cell) -> (f32, f32) {
    (MARGIN + cell.col() as f32 * CELL, MARGIN + cell.row() as f32 * CELL)
}

/// The centre of a cell.
pub fn cell_centre(cell: Cell) -> (f32, f32) {
    let (x, y) = cell_origin(cell);
    (x + CELL / 2.0, y + CELL / 2.0)
}

/// The centre of a candidate's spot in its cell.
pub fn candidate_centre(cell: Cell, digit: Digit) -> (f32, f32) {
    let (x, y) = cell_origin(cell);
    let k = digit.index();
    (
        x + (k % 3) as f32 * SPOT + SPOT / 2.0,
        y + (k / 3) as f32 * SPOT + SPOT / 2.0,
    )
}

/// The height of a picture whose legend has `lines` lines (none: the board alone).
pub fn height(lines: usize) -> f32 {
    let legend = if lines == 0 {
        0.0
    } else {
        LEGEND_GAP + lines as f32 * LEGEND_LINE
    };
    BOARD + 2.0 * MARGIN + legend
}

/// The cell under a point of the picture, if any.
///
/// ```
/// use shudu_draw::geometry::{cell_at, cell_centre};
/// use shudu::Cell;
/// let (x, y) = cell_centre(Cell::at(4, 7));
/// assert_eq!(cell_at(x, y), Some(Cell::at(4, 7)));
/// assert_eq!(cell_at(1.0, 1.0), None);
/// ```
pub fn cell_at(x: f32, y: f32) -> Option<Cell> {
    let col = ((x - MARGIN) / CELL).floor();
    let row = ((y - MARGIN) / CELL).floor();
    if !(0.0..9.0).contains(&col) || !(0.0..9.0).contains(&row) {
        return None;
    }
    Some(Cell::at(row as usize, col as usize))
}
