//! Moves: what one action of the player changed, cell by cell, so that undo and redo restore it exactly and a
//! store can keep it as it is made.

use serde::{Deserialize, Serialize};
use shudu::Digit;

/// Every note of a cell: bits 0..9 stand for digits 1..9.
pub const ALL_NOTES: u16 = 0x1ff;

/// The note bit of a digit.
pub fn bit(d: Digit) -> u16 {
    1 << d.index()
}

/// Which notes a digit goes into.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum NoteKind {
    /// Centre notes: the digits the cell may hold. Hints read these.
    #[default]
    Centre,
    /// Corner notes: where a digit may go in a house (Snyder notation). Hints leave them alone.
    Corner,
}

/// What a move did to one cell: each part of it before and after, so undo and redo restore it exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Change {
    /// The cell's index, 0..81.
    pub cell: u8,
    /// The value before and after (0 for empty).
    pub value: (u8, u8),
    /// The centre notes before and after.
    pub notes: (u16, u16),
    /// The corner notes before and after, when the move changed them: `None` leaves them as they are on undo and
    /// redo (and is what a save made before corner notes existed holds).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub corners: Option<(u16, u16)>,
    /// The colour before and after (0 for none), when the move changed it; `None` leaves it as it is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub color: Option<(u8, u8)>,
}

/// What kind of move the player made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MoveKind {
    /// A digit placed.
    Place,
    /// Digits, notes or colours cleared.
    Clear,
    /// A centre note toggled.
    Note,
    /// A corner note toggled.
    Corner,
    /// A colour set or taken off.
    Color,
    /// Every candidate filled in.
    Fill,
    /// A hint applied.
    Hint,
}

impl MoveKind {
    /// The lower-case name used in stores and APIs.
    pub fn name(self) -> &'static str {
        match self {
            MoveKind::Place => "place",
            MoveKind::Clear => "clear",
            MoveKind::Note => "note",
            MoveKind::Corner => "corner",
            MoveKind::Color => "color",
            MoveKind::Fill => "fill",
            MoveKind::Hint => "hint",
        }
    }
}

/// One whole move: every cell it changed, undone and redone as one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Move {
    /// What the player did.
    pub kind: MoveKind,
    /// The cells it changed.
    pub changes: Vec<Change>,
}
