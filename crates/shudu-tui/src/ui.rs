//! Drawing with ratatui: the board, the digit bar, the side panel and the status line, in two layouts.
//!
//! - Compact, from 80×24: cells 6 columns by 2 rows. Three rows of notes cannot fit nine cells into 24 lines, so a
//!   compact cell holds its notes in a fixed 5-and-4 grid (1–5 above, 6–9 below), each digit always in its place.
//! - Large, from 100×34: cells 7 columns by 3 rows, notes in a 3×3 grid as on a keypad's reading order (1 2 3 / 4 5
//!   6 / 7 8 9).
//!
//! The layout is chosen from the frame's size on every draw, so a resize takes effect at once. Colour is never the
//! only signal: givens are bold, errors are bold, underlined and marked `!`, the cursor is reversed.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::Frame;
use shudu::{Cell, Digit};

use crate::save::LevelStats;
use shudu_game::{Game, HintView, ThemeName};

/// Everything the drawing needs to know besides the game.
#[derive(Clone, Debug)]
pub struct View<'a> {
    /// The game.
    pub game: &'a Game,
    /// The cell under the cursor.
    pub cursor: Cell,
    /// The digit whose cells are highlighted (the cursor's digit, or the last one typed).
    pub selected: Option<Digit>,
    /// Digits toggle notes rather than place.
    pub note_mode: bool,
    /// The game is paused: the board is hidden.
    pub paused: bool,
    /// The line of news at the bottom (a hint, an error, a confirmation).
    pub message: &'a str,
    /// The hint in progress, for its highlights.
    pub hint: Option<&'a HintView>,
    /// The records of this game's level, shown in the summary once the game is complete.
    pub records: Option<LevelStats>,
}

/// The colours of a theme.
#[derive(Clone, Copy, Debug)]
pub struct Theme {
    /// Borders and plain text.
    pub base: Style,
    /// Givens.
    pub given: Style,
    /// The player's digits.
    pub player: Style,
    /// Notes.
    pub note: Style,
    /// Wrong or clashing digits (on top of their own style).
    pub error: Style,
    /// The cursor's row, column and box.
    pub house: Style,
    /// Cells holding the selected digit, and notes of it.
    pub same: Style,
    /// The cells a hint points at.
    pub hinted: Style,
    /// The cursor.
    pub cursor: Style,
}

impl Theme {
    /// The colours of a named theme.
    pub fn of(name: ThemeName) -> Theme {
        let bold = Modifier::BOLD;
        match name {
            ThemeName::Dark => Theme {
                base: Style::new().fg(Color::Gray),
                given: Style::new().fg(Color::White).add_modifier(bold),
                player: Style::new().fg(Color::LightCyan),
                note: Style::new().fg(Color::DarkGray),
                error: Style::new()
                    .fg(Color::LightRed)
                    .add_modifier(bold | Modifier::UNDERLINED),
                house: Style::new().bg(Color::Indexed(236)),
                same: Style::new().bg(Color::Indexed(24)),
                hinted: Style::new().bg(Color::Indexed(58)),
                cursor: Style::new().add_modifier(Modifier::REVERSED),
            },
            ThemeName::Light => Theme {
                base: Style::new().fg(Color::Black),
                given: Style::new().fg(Color::Black).add_modifier(bold),
                player: Style::new().fg(Color::Blue),
                note: Style::new().fg(Color::Indexed(244)),
                error: Style::new().fg(Color::Red).add_modifier(bold | Modifier::UNDERLINED),
                house: Style::new().bg(Color::Indexed(254)),
                same: Style::new().bg(Color::Indexed(153)),
                hinted: Style::new().bg(Color::Indexed(229)),
                cursor: Style::new().add_modifier(Modifier::REVERSED),
            },
            ThemeName::HighContrast => Theme {
                base: Style::new().fg(Color::White).bg(Color::Black),
                given: Style::new().fg(Color::White).add_modifier(bold),
                player: Style::new().fg(Color::Yellow),
                note: Style::new().fg(Color::White),
                error: Style::new()
                    .fg(Color::LightRed)
                    .add_modifier(bold | Modifier::UNDERLINED),
                house: Style::new().bg(Color::Indexed(237)),
                same: Style::new().fg(Color::Black).bg(Color::White),
                hinted: Style::new().fg(Color::Black).bg(Color::Yellow),
                cursor: Style::new().add_modifier(Modifier::REVERSED | bold),
            },
        }
    }
}

/// Where the board sits and how large its cells are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    /// The board's top-left corner (its outer border).
    pub x: u16,
    /// The board's top row.
    pub y: u16,
    /// A cell's width in columns.
    pub cell_w: u16,
    /// A cell's height in rows.
    pub cell_h: u16,
}

/// The smallest frame the game can be drawn in.
pub const MIN_SIZE: (u16, u16) = (80, 24);

/// The smallest frame that gets the large layout.
pub const LARGE_SIZE: (u16, u16) = (100, 34);

impl Geometry {
    /// The layout for a frame of this size, or `None` when it is below 80×24.
    pub fn for_area(area: Rect) -> Option<Geometry> {
        let (cell_w, cell_h) = if area.width >= LARGE_SIZE.0 && area.height >= LARGE_SIZE.1 {
            (7, 3)
        } else if area.width >= MIN_SIZE.0 && area.height >= MIN_SIZE.1 {
            (6, 2)
        } else {
            return None;
        };
        Some(Geometry {
            x: area.x,
            y: area.y,
            cell_w,
            cell_h,
        })
    }

    /// Whether this is the large layout.
    pub fn is_large(&self) -> bool {
        self.cell_h == 3
    }

    /// The board's width: nine cells and four box borders.
    pub fn width(&self) -> u16 {
        9 * self.cell_w + 4
    }

    /// The board's height.
    pub fn height(&self) -> u16 {
        9 * self.cell_h + 4
    }

    /// The top-left screen position of a cell's interior.
    pub fn cell_origin(&self, cell: Cell) -> (u16, u16) {
        let (r, c) = (cell.row() as u16, cell.col() as u16);
        (
            self.x + 1 + c * self.cell_w + c / 3,
            self.y + 1 + r * self.cell_h + r / 3,
        )
    }

    /// The cell at a screen position (for mouse clicks), if any.
    pub fn cell_at(&self, x: u16, y: u16) -> Option<Cell> {
        let col = axis(x.checked_sub(self.x)?, self.cell_w)?;
        let row = axis(y.checked_sub(self.y)?, self.cell_h)?;
        Some(Cell::at(row, col))
    }

    /// Where a note of `digit` sits inside a cell, as an offset from its origin.
    pub fn note_offset(&self, digit: Digit) -> (u16, u16) {
        let i = digit.index() as u16;
        if self.is_large() {
            (1 + 2 * (i % 3), i / 3)
        } else {
            (i % 5, i / 5)
        }
    }
}

/// The cell index along one axis for an offset from the board's edge, skipping the border lines.
fn axis(offset: u16, size: u16) -> Option<usize> {
    let block = 3 * size + 1;
    let (b, within) = (offset / block, offset % block);
    if b >= 3 || within == 0 {
        return None;
    }
    Some((b * 3 + (within - 1) / size) as usize)
}

/// Draws the whole screen.
pub fn draw(frame: &mut Frame, view: &View) {
    let area = frame.area();
    render(frame.buffer_mut(), area, view);
}

/// Draws the screen into a buffer (the same as [`draw`], callable without a terminal).
pub fn render(buf: &mut Buffer, area: Rect, view: &View) {
    let theme = Theme::of(view.game.settings.theme);
    buf.set_style(area, theme.base);
    let Some(geo) = Geometry::for_area(area) else {
        let text = format!("shudu needs at least {}×{}", MIN_SIZE.0, MIN_SIZE.1);
        buf.set_stringn(area.x, area.y, text, area.width as usize, theme.base);
        return;
    };
    draw_borders(buf, &geo, &theme);
    if view.paused {
        let (x, y) = (geo.x + 2, geo.y + geo.height() / 2);
        buf.set_string(x, y, "Paused: p to resume", theme.base.add_modifier(Modifier::BOLD));
    } else {
        for cell in Cell::ALL {
            draw_cell(buf, &geo, &theme, view, cell);
        }
    }
    draw_digit_bar(buf, &geo, &theme, view);
    draw_panel(buf, area, &geo, &theme, view);
    let status_y = geo.y + geo.height() + 1;
    if status_y < area.bottom() {
        buf.set_stringn(area.x, status_y, view.message, area.width as usize, theme.base);
    }
}

fn draw_borders(buf: &mut Buffer, geo: &Geometry, theme: &Theme) {
    let w = geo.cell_w as usize * 3;
    let line = |l: &str, m: &str, r: &str| format!("{l}{h}{m}{h}{m}{h}{r}", h = "─".repeat(w));
    let rows = [
        line("┌", "┬", "┐"),
        line("├", "┼", "┤"),
        line("├", "┼", "┤"),
        line("└", "┴", "┘"),
    ];
    for (b, text) in rows.iter().enumerate() {
        let y = geo.y + b as u16 * (3 * geo.cell_h + 1);
        buf.set_string(geo.x, y, text, theme.base);
    }
    for r in 0..9u16 {
        for k in 0..geo.cell_h {
            let y = geo.y + 1 + r * geo.cell_h + r / 3 + k;
            for b in 0..4u16 {
                buf.set_string(geo.x + b * (3 * geo.cell_w + 1), y, "│", theme.base);
            }
        }
    }
}

fn draw_cell(buf: &mut Buffer, geo: &Geometry, theme: &Theme, view: &View, cell: Cell) {
    let game = view.game;
    let (x0, y0) = geo.cell_origin(cell);
    let value = game.value(cell);
    // The background: cursor, then hint, then the selected digit, then the cursor's houses.
    let in_house = cell.row() == view.cursor.row()
        || cell.col() == view.cursor.col()
        || cell.box_index() == view.cursor.box_index();
    let hinted = view
        .hint
        .is_some_and(|h| h.cells.contains(&cell) || h.houses.iter().any(|house| house.cells().contains(&cell)));
    let mut bg = theme.base;
    if in_house {
        bg = bg.patch(theme.house);
    }
    if value.is_some() && value == view.selected {
        bg = bg.patch(theme.same);
    }
    if hinted {
        bg = bg.patch(theme.hinted);
    }
    if cell == view.cursor {
        bg = bg.patch(theme.cursor);
    }
    let blank = " ".repeat(geo.cell_w as usize);
    for k in 0..geo.cell_h {
        buf.set_string(x0, y0 + k, &blank, bg);
    }
    match value {
        Some(d) => {
            let mut style = bg.patch(if game.is_given(cell) { theme.given } else { theme.player });
            let error = game.is_error(cell);
            if error {
                style = style.patch(theme.error);
            }
            let mid = geo.cell_w / 2;
            let row = y0 + (geo.cell_h - 1) / 2;
            buf.set_string(x0 + mid, row, d.to_string(), style);
            if error {
                buf.set_string(x0 + mid + 1, row, "!", style);
            }
        }
        None => {
            for d in Digit::ALL {
                if game.has_note(cell, d) {
                    let (dx, dy) = geo.note_offset(d);
                    let mut style = bg.patch(theme.note);
                    if Some(d) == view.selected {
                        style = style.patch(theme.same).add_modifier(Modifier::BOLD);
                    }
                    buf.set_string(x0 + dx, y0 + dy, d.to_string(), style);
                }
            }
        }
    }
}

/// The 1–9 bar under the board: each digit with how many are left to place; a finished digit is dimmed and struck.
fn draw_digit_bar(buf: &mut Buffer, geo: &Geometry, theme: &Theme, view: &View) {
    let y = geo.y + geo.height();
    let mut x = geo.x + 1;
    for d in Digit::ALL {
        let left = view.game.remaining(d);
        let mut style = theme.base;
        if Some(d) == view.selected {
            style = style.patch(theme.same);
        }
        if left == 0 {
            style = style.add_modifier(Modifier::DIM | Modifier::CROSSED_OUT);
        }
        let text = format!("{d}:{left}");
        buf.set_string(x, y, &text, style);
        x += geo.cell_w;
    }
}

/// A time as `mm:ss`, or `h:mm:ss` from an hour.
pub fn format_time(ms: u64) -> String {
    let s = ms / 1000;
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{:02}:{:02}", s / 60, s % 60)
    }
}

fn draw_panel(buf: &mut Buffer, area: Rect, geo: &Geometry, theme: &Theme, view: &View) {
    let game = view.game;
    let x = geo.x + geo.width() + 2;
    let width = area.right().saturating_sub(x) as usize;
    let bold = theme.base.add_modifier(Modifier::BOLD);
    let mut lines: Vec<(String, Style)> = Vec::new();
    let level = game.level().map_or("Custom".to_string(), |l| l.name().to_string());
    lines.push((format!("shudu · {level}"), bold));
    if let Some(seed) = game.seed() {
        lines.push((format!("seed {seed}"), theme.base));
    }
    let time = if game.settings.show_timer {
        format_time(game.elapsed_ms())
    } else {
        "hidden".to_string()
    };
    lines.push((
        format!("time {time}{}", if view.paused { " (paused)" } else { "" }),
        theme.base,
    ));
    lines.push((
        format!("mistakes {}  hints {}", game.mistakes(), game.hints()),
        theme.base,
    ));
    lines.push((format!("checking: {}", game.settings.checking.name()), theme.base));
    lines.push((
        format!("mode: {}", if view.note_mode { "NOTES" } else { "digits" }),
        if view.note_mode { bold } else { theme.base },
    ));
    lines.push((String::new(), theme.base));
    if game.is_complete() {
        lines.push(("Solved!".to_string(), bold));
        lines.push((format!("time {}", format_time(game.elapsed_ms())), theme.base));
        lines.push((
            format!("hints {}  mistakes {}", game.hints(), game.mistakes()),
            theme.base,
        ));
        lines.push((format!("level {level}"), theme.base));
        if let Some(r) = view.records {
            if let (Some(best), Some(avg)) = (r.best_ms, r.average_ms()) {
                // One figure a line: the compact panel is 20 columns wide.
                lines.push((format!("best {}", format_time(best)), theme.base));
                lines.push((format!("average {}", format_time(avg)), theme.base));
                lines.push((format!("games {}", r.completed), theme.base));
            }
        }
        lines.push(("q quits".to_string(), theme.base));
    } else {
        let keys: &[&str] = if geo.is_large() {
            &[
                "arrows hjkl wasd  move",
                "1-9 place   0/Del clear",
                "n note mode, Alt+digit note",
                "u/^Z undo   r/^Y redo",
                "c fill candidates",
                "? hint (3 presses)",
                "p pause  t timer",
                "m checking  o auto-notes",
                "T theme  f fill on/off",
                "N new game, or paste a puzzle",
                "i best and average times",
                "e picture (SVG and PNG)",
                "q save and quit",
            ]
        } else {
            // The compact panel is 20 columns wide.
            &[
                "arrows/hjkl/wasd",
                "1-9 place  0 clear",
                "n notes  c fill",
                "u undo   r redo",
                "? hint   p pause",
                "m check  T theme",
                "t timer  q quit",
                "N new game  i times",
            ]
        };
        for k in keys {
            lines.push((k.to_string(), theme.base));
        }
    }
    for (i, (text, style)) in lines.into_iter().enumerate() {
        let y = geo.y + i as u16;
        if y >= area.bottom() || width == 0 {
            break;
        }
        buf.set_stringn(x, y, text, width, style);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::backend::TestBackend;
    use ratatui::Terminal;

    const PUZZLE: &str = "006800005080200007050347200000000013003009000800000500000060080000403000700100020";

    fn game() -> Game {
        Game::new(shudu::format::parse_line(PUZZLE).unwrap(), None, Some(3)).unwrap()
    }

    fn screen(game: &Game, w: u16, h: u16, cursor: Cell) -> Buffer {
        let mut term = Terminal::new(TestBackend::new(w, h)).unwrap();
        let view = View {
            game,
            cursor,
            selected: game.value(cursor),
            note_mode: false,
            paused: false,
            message: "hello",
            hint: None,
            records: None,
        };
        term.draw(|f| draw(f, &view)).unwrap();
        term.backend().buffer().clone()
    }

    fn symbol(buf: &Buffer, x: u16, y: u16) -> &str {
        buf[(x, y)].symbol()
    }

    fn first_empty(g: &Game) -> Cell {
        Cell::ALL.into_iter().find(|&c| g.value(c).is_none()).unwrap()
    }

    /// The screen as text, one line a row (the symbols only; styles are checked cell by cell in the tests below).
    fn text(buf: &Buffer) -> String {
        let area = buf.area;
        let mut out = String::new();
        for y in 0..area.height {
            let line: String = (0..area.width).map(|x| buf[(x, y)].symbol()).collect();
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }

    /// Whole-screen snapshots at 80×24 and 120×40 of a game with a digit placed, notes and some time played, kept
    /// in `src/snapshots/`. Run with `SHUDU_UPDATE_SNAPSHOTS=1` to write them again after a deliberate change of
    /// the drawing (and read the difference before committing it).
    #[test]
    fn whole_screens_match_their_snapshots() {
        let mut g = game();
        let empty = first_empty(&g);
        g.place(empty, Digit::new(g.solution()[empty.index()]).unwrap());
        let noted = Cell::ALL.into_iter().find(|&c| g.value(c).is_none()).unwrap();
        for d in [1, 5, 9] {
            g.toggle_note(noted, Digit::new(d).unwrap());
        }
        g.add_time(83_000);
        for (w, h, name) in [(80, 24, "compact_80x24.txt"), (120, 40, "large_120x40.txt")] {
            let got = text(&screen(&g, w, h, noted));
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("src/snapshots")
                .join(name);
            if std::env::var_os("SHUDU_UPDATE_SNAPSHOTS").is_some() {
                std::fs::create_dir_all(path.parent().unwrap()).unwrap();
                std::fs::write(&path, &got).unwrap();
            }
            let want = std::fs::read_to_string(&path).unwrap();
            assert_eq!(got, want, "{name} differs from its snapshot:\n{got}");
        }
    }

    #[test]
    fn layouts_by_size() {
        assert_eq!(Geometry::for_area(Rect::new(0, 0, 79, 24)), None);
        assert!(!Geometry::for_area(Rect::new(0, 0, 80, 24)).unwrap().is_large());
        assert!(Geometry::for_area(Rect::new(0, 0, 120, 40)).unwrap().is_large());
        let compact = Geometry::for_area(Rect::new(0, 0, 80, 24)).unwrap();
        assert!(compact.height() < 24 && compact.width() < 80);
    }

    #[test]
    fn clicks_map_to_cells_and_borders_to_none() {
        for size in [(80, 24), (120, 40)] {
            let geo = Geometry::for_area(Rect::new(0, 0, size.0, size.1)).unwrap();
            for cell in Cell::ALL {
                let (x, y) = geo.cell_origin(cell);
                assert_eq!(geo.cell_at(x, y), Some(cell));
                assert_eq!(geo.cell_at(x + geo.cell_w - 1, y + geo.cell_h - 1), Some(cell));
            }
            assert_eq!(geo.cell_at(0, 0), None);
            assert_eq!(geo.cell_at(geo.width() + 5, 1), None);
        }
    }

    #[test]
    fn compact_board_at_80x24() {
        let mut g = game();
        let empty = first_empty(&g);
        let truth = Digit::new(g.solution()[empty.index()]).unwrap();
        g.place(empty, truth);
        let note_cell = first_empty(&g);
        g.toggle_note(note_cell, Digit::new(1).unwrap());
        g.toggle_note(note_cell, Digit::new(9).unwrap());
        let cursor = Cell::at(8, 8);
        let buf = screen(&g, 80, 24, cursor);
        let geo = Geometry::for_area(Rect::new(0, 0, 80, 24)).unwrap();
        // Box borders.
        assert_eq!(symbol(&buf, 0, 0), "┌");
        assert_eq!(symbol(&buf, 19, 0), "┬");
        assert_eq!(symbol(&buf, 0, 7), "├");
        // A given: r1c3 = 6, bold.
        let (x, y) = geo.cell_origin(Cell::at(0, 2));
        let mid = geo.cell_w / 2;
        assert_eq!(symbol(&buf, x + mid, y), "6");
        assert!(buf[(x + mid, y)].modifier.contains(Modifier::BOLD));
        // The player's digit: not bold, another colour.
        let (px, py) = geo.cell_origin(empty);
        assert_eq!(symbol(&buf, px + mid, py), truth.to_string());
        assert!(!buf[(px + mid, py)].modifier.contains(Modifier::BOLD));
        assert_ne!(buf[(px + mid, py)].fg, buf[(x + mid, y)].fg);
        // Notes in their fixed places: 1 top-left, 9 at the fourth place of the second row.
        let (nx, ny) = geo.cell_origin(note_cell);
        assert_eq!(symbol(&buf, nx, ny), "1");
        assert_eq!(symbol(&buf, nx + 3, ny + 1), "9");
        assert_eq!(symbol(&buf, nx + 1, ny), " ");
        // The digit bar: each digit with how many are left.
        let bar_y = geo.height();
        let bar: String = (0..60).map(|x| symbol(&buf, x, bar_y).to_string()).collect();
        assert!(
            bar.contains(&format!("1:{}", g.remaining(Digit::new(1).unwrap()))),
            "{bar}"
        );
        assert!(bar.contains(&format!("{truth}:{}", g.remaining(truth))), "{bar}");
        // The cursor is reversed; the status line holds the message.
        let (cx, cy) = geo.cell_origin(cursor);
        assert!(buf[(cx, cy)].modifier.contains(Modifier::REVERSED));
        let status: String = (0..5).map(|x| symbol(&buf, x, geo.height() + 1).to_string()).collect();
        assert_eq!(status, "hello");
    }

    #[test]
    fn large_board_at_120x40_with_3x3_notes() {
        let mut g = game();
        let cell = first_empty(&g);
        for n in [1, 5, 9] {
            g.toggle_note(cell, Digit::new(n).unwrap());
        }
        let buf = screen(&g, 120, 40, Cell::at(4, 4));
        let geo = Geometry::for_area(Rect::new(0, 0, 120, 40)).unwrap();
        let (x, y) = geo.cell_origin(cell);
        assert_eq!(symbol(&buf, x + 1, y), "1");
        assert_eq!(symbol(&buf, x + 3, y + 1), "5");
        assert_eq!(symbol(&buf, x + 5, y + 2), "9");
        assert_eq!(symbol(&buf, x + 3, y), " ");
        // The cursor's house is marked: a cell in row 5 has the house background, one outside does not.
        let (hx, hy) = geo.cell_origin(Cell::at(4, 0));
        let (ox, oy) = geo.cell_origin(Cell::at(0, 0));
        assert_ne!(buf[(hx, hy)].bg, buf[(ox, oy)].bg);
        // The panel names the seed.
        let panel: String = (geo.width()..120).map(|x| symbol(&buf, x, 1).to_string()).collect();
        assert!(panel.contains("seed 3"), "{panel}");
    }

    #[test]
    fn errors_are_marked_not_only_by_colour() {
        let mut g = game();
        let cell = first_empty(&g);
        let clash = cell.peers().iter().find_map(|&p| g.value(p)).unwrap();
        g.place(cell, clash);
        let buf = screen(&g, 80, 24, Cell::at(8, 8));
        let geo = Geometry::for_area(Rect::new(0, 0, 80, 24)).unwrap();
        let (x, y) = geo.cell_origin(cell);
        let mid = geo.cell_w / 2;
        assert_eq!(symbol(&buf, x + mid + 1, y), "!");
        assert!(buf[(x + mid, y)]
            .modifier
            .contains(Modifier::BOLD | Modifier::UNDERLINED));
    }

    #[test]
    fn too_small_says_so() {
        let buf = screen(&game(), 60, 20, Cell::at(0, 0));
        let top: String = (0..30).map(|x| symbol(&buf, x, 0).to_string()).collect();
        assert!(top.starts_with("shudu needs at least 80×24"), "{top}");
    }

    fn view_of(game: &Game, cursor: Cell) -> View<'_> {
        View {
            game,
            cursor,
            selected: None,
            note_mode: false,
            paused: false,
            message: "",
            hint: None,
            records: None,
        }
    }

    #[test]
    fn pause_hides_the_board() {
        let g = game();
        let mut term = Terminal::new(TestBackend::new(80, 24)).unwrap();
        let mut view = view_of(&g, Cell::at(0, 0));
        view.paused = true;
        term.draw(|f| draw(f, &view)).unwrap();
        let buf = term.backend().buffer();
        let geo = Geometry::for_area(Rect::new(0, 0, 80, 24)).unwrap();
        for cell in Cell::ALL {
            let (x, y) = geo.cell_origin(cell);
            for dx in 0..geo.cell_w {
                let s = buf[(x + dx, y)].symbol();
                assert!(
                    !s.chars().all(|c| c.is_ascii_digit()) || s.is_empty() || s == " ",
                    "{cell} shows {s}"
                );
            }
        }
        let middle: String = (0..58)
            .map(|x| buf[(x, geo.height() / 2)].symbol().to_string())
            .collect();
        assert!(middle.contains("Paused"), "{middle}");
    }

    #[test]
    fn a_resize_switches_the_layout() {
        let g = game();
        let mut term = Terminal::new(TestBackend::new(80, 24)).unwrap();
        let view = view_of(&g, Cell::at(0, 0));
        term.draw(|f| draw(f, &view)).unwrap();
        assert_eq!(term.backend().buffer()[(19, 0)].symbol(), "┬");
        term.backend_mut().resize(120, 40);
        term.draw(|f| draw(f, &view)).unwrap();
        // Large cells are 7 wide: the first box border is at column 22.
        assert_eq!(term.backend().buffer()[(22, 0)].symbol(), "┬");
    }

    #[test]
    fn hint_highlights_its_area_then_its_cells() {
        let mut g = game();
        let first = g.hint().unwrap();
        let buf_of = |g: &Game, hint: &HintView| {
            let mut term = Terminal::new(TestBackend::new(120, 40)).unwrap();
            let mut view = view_of(g, Cell::at(8, 8));
            view.hint = Some(hint);
            term.draw(|f| draw(f, &view)).unwrap();
            term.backend().buffer().clone()
        };
        let geo = Geometry::for_area(Rect::new(0, 0, 120, 40)).unwrap();
        let hinted_bg = Theme::of(ThemeName::Dark).hinted.bg;
        let buf = buf_of(&g, &first);
        let house = first.houses[0];
        for &cell in house.cells() {
            let (x, y) = geo.cell_origin(cell);
            assert_eq!(buf[(x, y)].bg, hinted_bg.unwrap(), "{cell} of the hinted area");
        }
        let second = g.hint().unwrap();
        let buf = buf_of(&g, &second);
        let (x, y) = geo.cell_origin(second.cells[0]);
        assert_eq!(buf[(x, y)].bg, hinted_bg.unwrap());
    }

    fn panel_text(buf: &Buffer, from_x: u16, rows: u16) -> String {
        (0..rows)
            .map(|y| {
                (from_x..buf.area.width)
                    .map(|x| buf[(x, y)].symbol().to_string())
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn a_finished_game_shows_its_summary_and_records() {
        let mut g = game();
        for cell in Cell::ALL {
            if g.value(cell).is_none() {
                g.place(cell, Digit::new(g.solution()[cell.index()]).unwrap());
            }
        }
        g.add_time(83_000);
        assert!(g.is_complete());
        let mut term = Terminal::new(TestBackend::new(80, 24)).unwrap();
        let mut view = view_of(&g, Cell::at(0, 0));
        view.records = Some(LevelStats {
            completed: 2,
            best_ms: Some(61_000),
            total_ms: 144_000,
        });
        term.draw(|f| draw(f, &view)).unwrap();
        let panel = panel_text(term.backend().buffer(), 60, 16);
        for expected in [
            "Solved!",
            "time 01:23",
            "hints 0  mistakes 0",
            "level Custom",
            "best 01:01",
            "average 01:12",
            "games 2",
        ] {
            assert!(panel.contains(expected), "{expected:?} not in\n{panel}");
        }
    }

    #[test]
    fn a_hidden_timer_is_not_drawn() {
        let mut g = game();
        g.add_time(5_000);
        g.settings.show_timer = false;
        let mut term = Terminal::new(TestBackend::new(80, 24)).unwrap();
        term.draw(|f| draw(f, &view_of(&g, Cell::at(0, 0)))).unwrap();
        let panel = panel_text(term.backend().buffer(), 60, 6);
        assert!(panel.contains("time hidden"), "{panel}");
        assert!(!panel.contains("00:05"), "{panel}");
    }
}
