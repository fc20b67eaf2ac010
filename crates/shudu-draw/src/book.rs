//! Puzzle books: puzzles laid out on pages (A4 or Letter, 1, 2, 4 or 6 a page), each titled with its number,
//! level, stars and seed, the solutions on the last pages, an optional cover; written as a vector PDF by [`pdf`].
//!
//! ```
//! use shudu::format::parse_line;
//! use shudu_draw::book::{self, BookOptions, Entry};
//! let p = parse_line("006800005080200007050347200000000013003009000800000500000060080000403000700100020").unwrap();
//! let entries = vec![Entry { level: Some("Easy".into()), stars: Some(1), ..Entry::new(p) }];
//! let pdf = book::pdf(&entries, &BookOptions::default()).unwrap();
//! assert!(pdf.starts_with(b"%PDF-"));
//! ```

use core::fmt::{self, Write};
use core::str::FromStr;

use shudu::search;

use crate::board::Board;
use crate::geometry::{BOARD, MARGIN};
use crate::glyphs::Used;
use crate::svg::{draw_board, write_defs, Scene};
use crate::theme::Theme;
use crate::xml::{Esc, N};
use crate::DrawError;

/// A paper size.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Paper {
    /// 210 × 297 mm.
    #[default]
    A4,
    /// 8.5 × 11 in.
    Letter,
}

impl Paper {
    /// Width and height in points (1/72 in).
    pub fn size(self) -> (f32, f32) {
        match self {
            Paper::A4 => (595.28, 841.89),
            Paper::Letter => (612.0, 792.0),
        }
    }

    /// The name `FromStr` reads.
    pub fn name(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
        }
    }
}

/// A value out of a closed list: a paper size or a number of puzzles a page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unknown {
    /// What was read.
    pub text: String,
    /// What it may be.
    pub expected: &'static str,
}

impl fmt::Display for Unknown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not {}", self.text, self.expected)
    }
}

impl std::error::Error for Unknown {}

impl FromStr for Paper {
    type Err = Unknown;

    fn from_str(text: &str) -> Result<Paper, Unknown> {
        match text.trim().to_ascii_lowercase().as_str() {
            "a4" => Ok(Paper::A4),
            "letter" => Ok(Paper::Letter),
            _ => Err(Unknown {
                text: text.to_string(),
                expected: "a paper size (a4 or letter)",
            }),
        }
    }
}

/// How many puzzles a page holds, and how they are arranged.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum PerPage {
    /// One, large.
    One,
    /// Two, one above the other.
    Two,
    /// Four, two by two.
    #[default]
    Four,
    /// Six, two across and three down.
    Six,
}

impl PerPage {
    /// The number of puzzles.
    pub fn count(self) -> usize {
        let (cols, rows) = self.grid();
        cols * rows
    }

    /// Columns and rows.
    fn grid(self) -> (usize, usize) {
        match self {
            PerPage::One => (1, 1),
            PerPage::Two => (1, 2),
            PerPage::Four => (2, 2),
            PerPage::Six => (2, 3),
        }
    }
}

impl FromStr for PerPage {
    type Err = Unknown;

    fn from_str(text: &str) -> Result<PerPage, Unknown> {
        match text.trim() {
            "1" => Ok(PerPage::One),
            "2" => Ok(PerPage::Two),
            "4" => Ok(PerPage::Four),
            "6" => Ok(PerPage::Six),
            _ => Err(Unknown {
                text: text.to_string(),
                expected: "a number of puzzles a page (1, 2, 4 or 6)",
            }),
        }
    }
}

/// One puzzle of a book, with what its title says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The givens, 0 for an empty cell.
    pub puzzle: [u8; 81],
    /// Its solution; found by the search solver when `None`.
    pub solution: Option<[u8; 81]>,
    /// The level's name (`Hard`), if known.
    pub level: Option<String>,
    /// Stars 1–5, if known.
    pub stars: Option<u8>,
    /// The generator's seed that makes it, if it was generated.
    pub seed: Option<u64>,
}

impl Entry {
    /// A puzzle the generator made, titled with its level, stars and seed (graded now if it was not yet).
    pub fn generated(made: &mut shudu::generate::Generated) -> Entry {
        let grade = made.graded().clone();
        Entry {
            puzzle: made.puzzle,
            solution: Some(made.solution),
            level: Some(grade.level.name().to_string()),
            stars: Some(grade.stars),
            seed: Some(made.seed),
        }
    }

    /// A puzzle with nothing known beyond its givens.
    pub fn new(puzzle: [u8; 81]) -> Entry {
        Entry {
            puzzle,
            solution: None,
            level: None,
            stars: None,
            seed: None,
        }
    }

    /// The title over the puzzle: `#12 · Hard · ★★★☆☆ · seed 42`, what is unknown left out.
    pub fn title(&self, number: usize) -> String {
        let mut parts = vec![format!("#{number}")];
        if let Some(level) = &self.level {
            parts.push(level.clone());
        }
        if let Some(stars) = self.stars {
            let stars = usize::from(stars.min(5));
            parts.push(format!("{}{}", "★".repeat(stars), "☆".repeat(5 - stars)));
        }
        if let Some(seed) = self.seed {
            parts.push(format!("seed {seed}"));
        }
        parts.join(" · ")
    }
}

/// How a book is laid out.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BookOptions {
    /// The paper size.
    pub paper: Paper,
    /// Puzzles a page.
    pub per_page: PerPage,
    /// A cover page with this title; none without.
    pub title: Option<String>,
    /// Leave the solutions out.
    pub no_solutions: bool,
}

/// The page margin, in points.
const PAGE_MARGIN: f32 = 42.0;
/// The room kept at a page's foot for its number.
const FOOTER: f32 = 22.0;
/// Solutions a page: three across, four down.
const SOLUTION_GRID: (usize, usize) = (3, 4);
/// Title sizes over a puzzle: on pages of one or two, of four or six, and over a solution.
const PUZZLE_TITLE: f32 = 15.0;
const SMALL_TITLE: f32 = 11.0;
const SOLUTION_TITLE: f32 = 10.0;

/// The pages of a book as SVG documents, one a page, sized in points: the cover (with a title), the puzzles, then
/// the solutions.
pub fn pages(entries: &[Entry], options: &BookOptions) -> Vec<String> {
    let paper = options.paper.size();
    let mut pages = Vec::new();
    let mut number = 0;
    let mut page = |body: String, used: &Used, pages: &mut Vec<String>| {
        number += 1;
        pages.push(page_svg(paper, &body, used, Some(number)));
    };
    if let Some(title) = &options.title {
        // The cover has no page number, as books have none there.
        pages.push(page_svg(
            paper,
            &cover(paper, title, entries.len()),
            &Used::default(),
            None,
        ));
    }
    let per = options.per_page.count();
    for (k, chunk) in entries.chunks(per).enumerate() {
        let mut used = Used::default();
        let mut body = String::new();
        let (cols, rows) = options.per_page.grid();
        let title_size = if per <= 2 { PUZZLE_TITLE } else { SMALL_TITLE };
        for (i, entry) in chunk.iter().enumerate() {
            let board = Board::from_puzzle(&entry.puzzle);
            let title = entry.title(k * per + i + 1);
            place(&mut body, &mut used, paper, (cols, rows), i, &board, &title, title_size);
        }
        page(body, &used, &mut pages);
    }
    if !options.no_solutions && !entries.is_empty() {
        let (cols, rows) = SOLUTION_GRID;
        let per = cols * rows;
        for (k, chunk) in entries.chunks(per).enumerate() {
            let mut used = Used::default();
            let mut body = String::new();
            if k == 0 {
                heading(&mut body, "Solutions");
            }
            for (i, entry) in chunk.iter().enumerate() {
                let mut board = Board::from_puzzle(&entry.puzzle);
                if let Some(solution) = entry.solution.or_else(|| unique_solution(&entry.puzzle)) {
                    board.values = solution;
                }
                let mut title = format!("#{}", k * per + i + 1);
                if board.values == board.givens {
                    title.push_str(" (no single solution)");
                }
                place(
                    &mut body,
                    &mut used,
                    paper,
                    (cols, rows),
                    i,
                    &board,
                    &title,
                    SOLUTION_TITLE,
                );
            }
            page(body, &used, &mut pages);
        }
    }
    pages
}

/// A book as PDF: vector pages, the shipped fonts embedded, the same bytes for the same entries and options.
///
/// Each page sets its text in one font (regular on puzzle and solution pages, bold on the cover, whose title is
/// drawn as outlines when it needs the Chinese font too): svg2pdf writes a page's fonts in hash-map order, so a page
/// of two fonts could come out in either order.
pub fn pdf(entries: &[Entry], options: &BookOptions) -> Result<Vec<u8>, DrawError> {
    crate::pdf::assemble(&pages(entries, options), options.paper.size(), options.title.as_deref())
}

fn unique_solution(puzzle: &[u8; 81]) -> Option<[u8; 81]> {
    let outcome = search::search(puzzle, 2);
    (outcome.count == 1).then_some(outcome.solution).flatten()
}

fn page_svg(paper: (f32, f32), body: &str, used: &Used, number: Option<usize>) -> String {
    let (w, h) = paper;
    let mut out = String::with_capacity(body.len() + 4096);
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" viewBox="0 0 {} {}" font-family="{}">"#,
        N(w),
        N(h),
        N(w),
        N(h),
        crate::fonts::FONT_FAMILY
    );
    write_defs(&mut out, used, false);
    let _ = write!(out, r##"<rect width="{}" height="{}" fill="#ffffff"/>"##, N(w), N(h));
    out.push_str(body);
    if let Some(number) = number {
        let _ = write!(
            out,
            r##"<text x="{}" y="{}" font-size="9" text-anchor="middle" fill="#000000">{number}</text>"##,
            N(w / 2.0),
            N(h - PAGE_MARGIN / 2.0)
        );
    }
    out.push_str("</svg>\n");
    out
}

fn cover(paper: (f32, f32), title: &str, puzzles: usize) -> String {
    let (w, h) = paper;
    let mut out = String::new();
    let size = fitted(title, 30.0, w - 2.0 * PAGE_MARGIN, true);
    // Every page sets its text in one font, which keeps svg2pdf's output the same from run to run (it orders several
    // fonts as a hash map iterates). A title the bold Latin face cannot set alone is drawn as outlines instead.
    if title.chars().all(|c| crate::fonts::latin_has(c, true)) {
        let _ = write!(
            out,
            r##"<text x="{}" y="{}" font-size="{}" font-weight="bold" text-anchor="middle" fill="#000000">{}</text>"##,
            N(w / 2.0),
            N(h * 0.38),
            N(size),
            Esc(title)
        );
    } else {
        let width = crate::fonts::text_width(title, size, true);
        let _ = write!(
            out,
            r##"<path class="title" transform="translate({} {})" d="{}" fill="#000000"><title>{}</title></path>"##,
            N((w - width) / 2.0),
            N(h * 0.38),
            crate::glyphs::text_path(title, size, true),
            Esc(title)
        );
    }
    let plural = if puzzles == 1 { "" } else { "s" };
    let _ = write!(
        out,
        r##"<text x="{}" y="{}" font-size="14" font-weight="bold" text-anchor="middle" fill="#000000">{puzzles} puzzle{plural}</text>"##,
        N(w / 2.0),
        N(h * 0.38 + 36.0)
    );
    out
}

/// The font size at most `size` at which `text` fits in `width`.
fn fitted(text: &str, size: f32, width: f32, bold: bool) -> f32 {
    let natural = crate::fonts::text_width(text, size, bold);
    if natural <= width {
        size
    } else {
        size * width / natural
    }
}

fn heading(out: &mut String, text: &str) {
    let _ = write!(
        out,
        r##"<text x="{}" y="{}" font-size="14" fill="#000000">{}</text>"##,
        N(PAGE_MARGIN),
        N(PAGE_MARGIN - 14.0),
        Esc(text)
    );
}

/// Where a puzzle's grid goes on a page: its top-left corner and side, in points from the page's top-left corner.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Slot {
    /// Distance from the page's left edge.
    pub x: f32,
    /// Distance from the page's top edge.
    pub y: f32,
    /// The grid's side.
    pub side: f32,
}

/// The slots of a puzzle page, in reading order.
pub fn slots(paper: Paper, per_page: PerPage) -> Vec<Slot> {
    let title_size = if per_page.count() <= 2 {
        PUZZLE_TITLE
    } else {
        SMALL_TITLE
    };
    (0..per_page.count())
        .map(|i| slot(paper.size(), per_page.grid(), i, title_size))
        .collect()
}

/// The slots of a solutions page, in reading order.
pub fn solution_slots(paper: Paper) -> Vec<Slot> {
    let (cols, rows) = SOLUTION_GRID;
    (0..cols * rows)
        .map(|i| slot(paper.size(), SOLUTION_GRID, i, SOLUTION_TITLE))
        .collect()
}

fn slot(paper: (f32, f32), grid: (usize, usize), i: usize, title_size: f32) -> Slot {
    let (w, h) = paper;
    let (cols, rows) = grid;
    let area_w = w - 2.0 * PAGE_MARGIN;
    let area_h = h - 2.0 * PAGE_MARGIN - FOOTER;
    let (slot_w, slot_h) = (area_w / cols as f32, area_h / rows as f32);
    let gap = 16.0;
    let title_h = title_size * 1.7;
    let side = (slot_w - gap).min(slot_h - gap - title_h);
    let (col, row) = (i % cols, i / cols);
    Slot {
        x: PAGE_MARGIN + col as f32 * slot_w + (slot_w - side) / 2.0,
        y: PAGE_MARGIN + row as f32 * slot_h + (slot_h - side - title_h) / 2.0 + title_h,
        side,
    }
}

/// Draws a board and its title in slot `i` of a page cut into `grid` columns and rows.
#[allow(clippy::too_many_arguments)]
fn place(
    out: &mut String,
    used: &mut Used,
    paper: (f32, f32),
    grid: (usize, usize),
    i: usize,
    board: &Board,
    title: &str,
    title_size: f32,
) {
    let Slot { x, y, side } = slot(paper, grid, i, title_size);
    let size = fitted(title, title_size, side, false);
    let _ = write!(
        out,
        r##"<text class="title" x="{}" y="{}" font-size="{}" fill="#000000">{}</text>"##,
        N(x),
        N(y - title_size * 0.6),
        N(size),
        Esc(title)
    );
    let scale = side / BOARD;
    let _ = write!(
        out,
        r#"<g class="puzzle" transform="translate({} {}) scale({})">"#,
        N(x - MARGIN * scale),
        N(y - MARGIN * scale),
        scale
    );
    let scene = Scene {
        board,
        marks: None,
        palette: Theme::Print.palette(),
        all_candidates: false,
        flagged: &[],
    };
    draw_board(out, &scene, used);
    out.push_str("</g>");
}
