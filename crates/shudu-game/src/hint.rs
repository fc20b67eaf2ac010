//! Hints that teach: found once from the player's own digits and notes, then revealed in stages — the technique and
//! where to look, then the cells, then the step applied. A hint is plain data, so a store can keep it with the game
//! and a reload shows the same hint at the same stage.

use serde::{Deserialize, Serialize};
use shudu::logic::{Lang, Step};
use shudu::{Cell, Digit, House};

use crate::moves::Change;

/// What a hint is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum HintTopic {
    /// The player's digits or notes are wrong: that comes before any step.
    Mistakes,
    /// The easiest next step of the ladder.
    Step,
    /// No technique applies: the hint reveals one cell.
    Stuck,
}

/// A hint in progress, kept with the game: what each stage says and what the last stage applies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Hint {
    pub topic: HintTopic,
    /// The technique's name in the hint's language (steps only).
    pub technique: Option<String>,
    /// What stages 1, 2 and 3 say.
    pub texts: [String; 3],
    /// The cells shown from stage 2 on (cell indexes).
    pub cells: Vec<u8>,
    /// The houses named at stage 1 ([`House::index`]).
    pub houses: Vec<u8>,
    /// The step's placements and eliminations (cell index, digit), shown from stage 2 on.
    pub placements: Vec<(u8, u8)>,
    /// See `placements`.
    pub eliminations: Vec<(u8, u8)>,
    /// What stage 3 changes on the board.
    pub changes: Vec<Change>,
    /// The stage last shown, 1 or 2 (stage 3 applies the hint and ends it).
    pub stage: u8,
}

/// What a hint shows at its current stage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HintView {
    /// 1: the technique and the area; 2: the cells; 3: applied.
    pub stage: u8,
    /// What the hint is about.
    pub topic: HintTopic,
    /// The technique's name, for a step.
    pub technique: Option<String>,
    /// The text to show.
    pub text: String,
    /// The cells to highlight (empty at stage 1).
    pub cells: Vec<Cell>,
    /// The houses to highlight (the area of stage 1).
    pub houses: Vec<House>,
    /// Digits the step places (empty at stage 1).
    pub placements: Vec<(Cell, Digit)>,
    /// Candidates the step removes (empty at stage 1).
    pub eliminations: Vec<(Cell, Digit)>,
}

impl Hint {
    /// What the hint shows at `stage`.
    pub fn view(&self, stage: u8) -> HintView {
        let shown = stage >= 2;
        let pairs = |list: &[(u8, u8)]| -> Vec<(Cell, Digit)> {
            if !shown {
                return Vec::new();
            }
            list.iter()
                .filter_map(|&(c, d)| Some((Cell::new(c as usize)?, Digit::new(d)?)))
                .collect()
        };
        HintView {
            stage,
            topic: self.topic,
            technique: self.technique.clone(),
            text: self.texts[usize::from(stage.clamp(1, 3) - 1)].clone(),
            cells: if shown {
                self.cells.iter().filter_map(|&c| Cell::new(c as usize)).collect()
            } else {
                Vec::new()
            },
            houses: self
                .houses
                .iter()
                .filter_map(|&h| House::ALL.get(h as usize).copied())
                .collect(),
            placements: pairs(&self.placements),
            eliminations: pairs(&self.eliminations),
        }
    }

    /// A hint naming the player's mistakes: wrong digits, and cells whose notes lack the true digit.
    pub fn mistakes(wrong: &[Cell], removed: &[(Cell, Digit)], changes: Vec<Change>, lang: Lang) -> Hint {
        let (w, n) = (wrong.len(), removed.len());
        let first = match (lang, w, n) {
            (Lang::En, 0, n) => format!("First fix your notes: {n} cell(s) miss the true digit in their notes"),
            (Lang::En, w, 0) => format!("First fix your digits: {w} placed digit(s) are wrong"),
            (Lang::En, w, n) => {
                format!("First fix {w} wrong digit(s) and {n} cell(s) whose notes miss the true digit")
            }
            (Lang::Zh, 0, n) => format!("先改正笔记：{n} 个格的笔记里缺少正确的数字"),
            (Lang::Zh, w, 0) => format!("先改正数字：{w} 个填入的数字是错的"),
            (Lang::Zh, w, n) => format!("先改正 {w} 个错误的数字，以及 {n} 个笔记缺少正确数字的格"),
        };
        let mut parts = Vec::new();
        if !wrong.is_empty() {
            let label = if lang == Lang::Zh { "错误" } else { "wrong" };
            parts.push(format!("{label}: {}", cell_list(wrong)));
        }
        if !removed.is_empty() {
            let r: Vec<String> = removed
                .iter()
                .map(|(c, d)| match lang {
                    Lang::En => format!("{c} lacks {d}"),
                    Lang::Zh => format!("{c} 缺 {d}"),
                })
                .collect();
            let label = if lang == Lang::Zh { "笔记" } else { "notes" };
            parts.push(format!("{label}: {}", r.join(", ")));
        }
        let last = match lang {
            Lang::En => "Fixed: the wrong digits cleared and the missing notes restored",
            Lang::Zh => "已改正：错误的数字已清除，缺少的笔记已补回",
        };
        let mut cells: Vec<u8> = wrong.iter().map(|c| c.index() as u8).collect();
        cells.extend(removed.iter().map(|r| r.0.index() as u8));
        Hint {
            topic: HintTopic::Mistakes,
            technique: None,
            texts: [first, parts.join("; "), last.to_string()],
            cells,
            houses: Vec::new(),
            placements: Vec::new(),
            eliminations: Vec::new(),
            changes,
            stage: 1,
        }
    }

    /// A hint leading to `step`.
    pub fn step(step: &Step, changes: Vec<Change>, lang: Lang) -> Hint {
        let houses = area(step);
        let name = step.technique.name_in(lang);
        let mut cells: Vec<Cell> = step.pattern.cells.clone();
        for c in step.changed_cells() {
            if !cells.contains(&c) {
                cells.push(c);
            }
        }
        let where_ = houses.iter().map(|&h| house_name(h, lang)).collect::<Vec<_>>();
        let (first, second) = match lang {
            Lang::En => (
                format!("Look at {}: a {name}", where_.join(", ")),
                format!("{name}: look at {}", cell_list(&cells)),
            ),
            Lang::Zh => (
                format!("看{}：{name}", where_.join("、")),
                format!("{name}：看 {}", cell_list(&cells)),
            ),
        };
        let pairs = |list: &[(Cell, Digit)]| list.iter().map(|&(c, d)| (c.index() as u8, d.get())).collect();
        Hint {
            topic: HintTopic::Step,
            technique: Some(name.to_string()),
            texts: [first, second, step.explain(lang)],
            cells: cells.iter().map(|c| c.index() as u8).collect(),
            houses: houses.iter().map(|h| h.index() as u8).collect(),
            placements: pairs(&step.placements),
            eliminations: pairs(&step.eliminations),
            changes,
            stage: 1,
        }
    }

    /// A hint revealing `cell`, when no technique of the ladder applies.
    pub fn stuck(cell: Cell, digit: Digit, changes: Vec<Change>, lang: Lang) -> Hint {
        let texts = match lang {
            Lang::En => [
                "No technique of the ladder applies here: a cell will be revealed".to_string(),
                format!("Revealing {cell}"),
                format!("Revealed {cell}"),
            ],
            Lang::Zh => [
                "这里没有可用的技巧：将揭示一个格".to_string(),
                format!("揭示 {cell}"),
                format!("已揭示 {cell}"),
            ],
        };
        Hint {
            topic: HintTopic::Stuck,
            technique: None,
            texts,
            cells: vec![cell.index() as u8],
            houses: Vec::new(),
            placements: vec![(cell.index() as u8, digit.get())],
            eliminations: Vec::new(),
            changes,
            stage: 1,
        }
    }

    /// Whether every index and digit is in range, for a hint read back from a store.
    pub fn is_sound(&self) -> bool {
        let pair = |&(c, d): &(u8, u8)| c < 81 && (1..=9).contains(&d);
        (1..=2).contains(&self.stage)
            && self.cells.iter().all(|&c| c < 81)
            && self.houses.iter().all(|&h| h < 27)
            && self.placements.iter().all(pair)
            && self.eliminations.iter().all(pair)
            && self.changes.iter().all(|c| c.cell < 81)
    }
}

/// A house in words: "row 3", "column 4", "box 5" (第3行, 第4列, 第5宫).
pub fn house_name(h: House, lang: Lang) -> String {
    match (lang, h) {
        (Lang::En, House::Row(r)) => format!("row {}", r + 1),
        (Lang::En, House::Col(c)) => format!("column {}", c + 1),
        (Lang::En, House::Box(b)) => format!("box {}", b + 1),
        (Lang::Zh, House::Row(r)) => format!("第{}行", r + 1),
        (Lang::Zh, House::Col(c)) => format!("第{}列", c + 1),
        (Lang::Zh, House::Box(b)) => format!("第{}宫", b + 1),
    }
}

/// The area a step is about: its base houses, or the smallest house holding all its cells, or its first cell's box.
fn area(step: &Step) -> Vec<House> {
    if !step.pattern.base.is_empty() {
        return step.pattern.base.clone();
    }
    let cells: Vec<Cell> = step
        .pattern
        .cells
        .iter()
        .copied()
        .chain(step.placements.iter().map(|p| p.0))
        .collect();
    let Some(first) = cells.first() else { return Vec::new() };
    for (k, house) in first.houses().into_iter().enumerate().rev() {
        let same = |c: &Cell| c.houses()[k] == house;
        if cells.iter().all(same) {
            return vec![house];
        }
    }
    vec![House::Box(first.box_index() as u8)]
}

fn cell_list(cells: &[Cell]) -> String {
    cells.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(", ")
}
