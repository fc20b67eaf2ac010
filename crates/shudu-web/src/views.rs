//! What the API answers about a game: its board and state as the page draws them (never the solution), its hint
//! in progress, and the summary once solved.

use serde::Serialize;
use shudu::{Cell, House};
use shudu_game::{HintTopic, HintView};

use crate::stats::Stats;
use crate::store::Loaded;

/// A house as the page marks it.
#[derive(Clone, Debug, Serialize)]
pub struct HouseView {
    /// `row`, `column` or `box`.
    pub kind: &'static str,
    /// 0..9.
    pub index: u8,
}

/// A hint at its current stage.
#[derive(Clone, Debug, Serialize)]
pub struct HintJson {
    /// 1, 2 or 3.
    pub stage: u8,
    /// `mistakes`, `step` or `stuck`.
    pub topic: HintTopic,
    /// The technique, for a step.
    pub technique: Option<String>,
    /// What to show.
    pub text: String,
    /// The houses to look at.
    pub houses: Vec<HouseView>,
    /// The cells to mark (from stage 2).
    pub cells: Vec<u8>,
    /// `[cell, digit]` to place (from stage 2).
    pub placements: Vec<[u8; 2]>,
    /// `[cell, digit]` to remove (from stage 2).
    pub eliminations: Vec<[u8; 2]>,
}

impl From<&HintView> for HintJson {
    fn from(h: &HintView) -> HintJson {
        let pairs = |list: &[(Cell, shudu::Digit)]| list.iter().map(|(c, d)| [c.index() as u8, d.get()]).collect();
        HintJson {
            stage: h.stage,
            topic: h.topic,
            technique: h.technique.clone(),
            text: h.text.clone(),
            houses: h
                .houses
                .iter()
                .map(|&house| match house {
                    House::Row(i) => HouseView { kind: "row", index: i },
                    House::Col(i) => HouseView {
                        kind: "column",
                        index: i,
                    },
                    House::Box(i) => HouseView { kind: "box", index: i },
                })
                .collect(),
            cells: h.cells.iter().map(|c| c.index() as u8).collect(),
            placements: pairs(&h.placements),
            eliminations: pairs(&h.eliminations),
        }
    }
}

/// The end of a solved game.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    /// The time it took.
    pub elapsed_ms: u64,
    /// Mistakes counted.
    pub mistakes: u32,
    /// Hints asked for.
    pub hints: u32,
    /// The level, or `Custom`.
    pub level: String,
    /// The best time at the level, this game included.
    pub best_ms: Option<i64>,
    /// The mean time at the level.
    pub average_ms: Option<i64>,
    /// This game set the best time.
    pub new_best: bool,
    /// Games of the level solved.
    pub solved: u32,
    /// The level's current streak.
    pub streak: u32,
}

/// A game as the page sees it.
#[derive(Clone, Debug, Serialize)]
pub struct GameView {
    /// Its id.
    pub id: String,
    /// Where it came from.
    pub source: &'static str,
    /// The level, if any.
    pub level: Option<&'static str>,
    /// The generator's seed, if any.
    pub seed: Option<u64>,
    /// The daily puzzle's date.
    pub daily: Option<String>,
    /// The givens, 81 characters.
    pub puzzle: String,
    /// Givens and the player's digits.
    pub values: String,
    /// Centre notes.
    pub notes: Vec<u16>,
    /// Corner notes.
    pub corners: Vec<u16>,
    /// Colours.
    pub colors: Vec<u8>,
    /// Cells marked wrong under the checking setting.
    pub errors: Vec<u8>,
    /// `playing` or `solved`.
    pub status: &'static str,
    /// Time played.
    pub elapsed_ms: u64,
    /// Mistakes counted.
    pub mistakes: u32,
    /// Hints asked for.
    pub hints: u32,
    /// A move can be undone.
    pub can_undo: bool,
    /// A move can be redone.
    pub can_redo: bool,
    /// The game's saved version: every change stored bumps it.
    pub saved: i64,
    /// The hint in progress.
    pub hint: Option<HintJson>,
    /// Once solved.
    pub summary: Option<Summary>,
}

impl GameView {
    /// The view of a loaded game, with the hint just shown (the third stage is no longer in the game) and the
    /// statistics for a solved game's summary.
    pub fn of(loaded: &Loaded, shown: Option<&HintView>, stats: Option<&Stats>) -> GameView {
        let game = &loaded.game;
        let hint = shown.cloned().or_else(|| game.current_hint());
        let solved = game.is_complete();
        let level_name = game.level().map_or("Custom", |l| l.name());
        let level_name = match loaded.meta.source {
            crate::store::Source::Custom | crate::store::Source::Share => "Custom",
            _ => level_name,
        };
        let summary = (solved).then(|| {
            let entry = stats.and_then(|s| s.levels.iter().find(|l| l.level == level_name));
            Summary {
                elapsed_ms: game.elapsed_ms(),
                mistakes: game.mistakes(),
                hints: game.hints(),
                level: level_name.to_string(),
                best_ms: entry.and_then(|e| e.best_ms),
                average_ms: entry.and_then(|e| e.average_ms),
                new_best: entry.and_then(|e| e.best_ms) == Some(game.elapsed_ms() as i64)
                    && entry.is_some_and(|e| e.solved > 0),
                solved: entry.map_or(0, |e| e.solved),
                streak: entry.map_or(0, |e| e.streak),
            }
        });
        GameView {
            id: loaded.meta.id.clone(),
            source: loaded.meta.source.name(),
            level: match loaded.meta.source {
                crate::store::Source::Custom | crate::store::Source::Share => None,
                _ => game.level().map(|l| l.name()),
            },
            seed: game.seed(),
            daily: loaded.meta.daily.clone(),
            puzzle: shudu::format::to_line(game.puzzle()),
            values: shudu::format::to_line(game.values()),
            notes: game.all_notes().to_vec(),
            corners: game.all_corners().to_vec(),
            colors: game.colors().to_vec(),
            errors: Cell::ALL
                .iter()
                .filter(|&&c| game.is_error(c))
                .map(|c| c.index() as u8)
                .collect(),
            status: if solved { "solved" } else { "playing" },
            elapsed_ms: game.elapsed_ms(),
            mistakes: game.mistakes(),
            hints: game.hints(),
            can_undo: loaded.undo_depth > 0,
            can_redo: loaded.redo_depth > 0,
            saved: loaded.version,
            hint: hint.as_ref().map(HintJson::from),
            summary,
        }
    }
}
