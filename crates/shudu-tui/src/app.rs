//! The event loop on a real terminal: keys and mouse in, the screen out, the game saved after every move.

use std::io::{self, Stdout};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use crossterm::event::{
    self, DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture, Event, KeyCode,
    KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind,
};
use crossterm::execute;
use crossterm::terminal::{disable_raw_mode, enable_raw_mode, EnterAlternateScreen, LeaveAlternateScreen};
use ratatui::backend::CrosstermBackend;
use ratatui::layout::Rect;
use ratatui::Terminal;
use shudu::logic::Level;
use shudu::{Cell, Digit};

use crate::save::{Loaded, Stats, Store};
use crate::ui::{self, Geometry, View};
use shudu_game::{Game, HintView};

/// How a game starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// A new puzzle from the generator; with no seed, one is drawn from the clock (and shown, for a replay).
    New {
        /// The level.
        level: Level,
        /// The generator's seed.
        seed: Option<u64>,
    },
    /// A puzzle the player gave (givens, 0 for empty).
    Puzzle([u8; 81]),
    /// The last game, from the save.
    Resume,
}

/// The level of a puzzle the player gave, in the statistics.
const CUSTOM: &str = "Custom";

/// A seed from the clock, for a new game without one.
pub fn clock_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64 % 1_000_000_000)
}

/// The game and everything around it that is not drawn from the game alone.
pub struct App {
    game: Game,
    store: Store,
    stats: Stats,
    cursor: Cell,
    /// The last digit typed, highlighted when the cursor's cell is empty.
    typed: Option<Digit>,
    note_mode: bool,
    paused: bool,
    message: String,
    hint: Option<HintView>,
    /// The finished game was counted in the statistics.
    recorded: bool,
    /// `N` was pressed: the next digit 1–5 picks the level of a new game.
    choosing_level: bool,
    quit: bool,
}

/// What the key did to the game, so the loop knows to save.
enum Effect {
    None,
    Changed,
}

impl App {
    /// Sets up the game: reads the statistics (and settings), then starts or resumes. Problems with the files are
    /// told in the first message, never fatal.
    pub fn new(start: Start, store: Store) -> Result<App, String> {
        let mut notes = Vec::new();
        let stats = match store.load_stats() {
            Loaded::Found(stats) => stats,
            Loaded::Missing => Stats::default(),
            Loaded::Corrupt(message) => {
                notes.push(message);
                Stats::default()
            }
        };
        let game = match start {
            Start::New { level, seed } => {
                Game::generate(level, seed.unwrap_or_else(clock_seed)).map_err(|e| e.to_string())?
            }
            Start::Puzzle(puzzle) => Game::new(puzzle, None, None).map_err(|e| e.to_string())?,
            Start::Resume => match store.load_game() {
                Loaded::Found(game) => game,
                Loaded::Missing => {
                    notes.push("no saved game: a new Easy game".to_string());
                    Game::generate(Level::Easy, clock_seed()).map_err(|e| e.to_string())?
                }
                Loaded::Corrupt(message) => {
                    notes.push(format!("{message}: a new Easy game"));
                    Game::generate(Level::Easy, clock_seed()).map_err(|e| e.to_string())?
                }
            },
        };
        let mut app = App {
            game,
            store,
            stats,
            cursor: Cell::at(4, 4),
            typed: None,
            note_mode: false,
            paused: false,
            message: String::new(),
            hint: None,
            recorded: false,
            choosing_level: false,
            quit: false,
        };
        app.game.settings = app.stats.settings;
        app.message = if notes.is_empty() {
            match app.game.seed() {
                Some(seed) => format!("seed {seed} · ? for a hint · q to save and quit"),
                None => "? for a hint · q to save and quit".to_string(),
            }
        } else {
            notes.join("; ")
        };
        app.save();
        Ok(app)
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    fn view(&self) -> View<'_> {
        let level = self.game.level().map_or(CUSTOM.to_string(), |l| l.name().to_string());
        View {
            game: &self.game,
            cursor: self.cursor,
            selected: self.game.value(self.cursor).or(self.typed),
            note_mode: self.note_mode,
            paused: self.paused,
            message: &self.message,
            hint: self.hint.as_ref(),
            records: self.stats.levels.get(&level).copied(),
        }
    }

    fn save(&mut self) {
        if self.game.is_complete() {
            if let Err(e) = self.store.remove_game() {
                self.message = format!("cannot remove the finished game's save: {e}");
            }
        } else if let Err(e) = self.store.save_game(&self.game) {
            self.message = format!("cannot save in {}: {e}", self.store.dir().display());
        }
    }

    fn save_settings(&mut self) {
        self.stats.settings = self.game.settings;
        if let Err(e) = self.store.save_stats(&self.stats) {
            self.message = format!("cannot save the settings: {e}");
        }
    }

    /// Counts a finished game once in the statistics.
    fn finish(&mut self) {
        if self.recorded || !self.game.is_complete() {
            return;
        }
        self.recorded = true;
        let level = self.game.level().map_or(CUSTOM.to_string(), |l| l.name().to_string());
        self.stats.record(&level, self.game.elapsed_ms());
        self.save_settings();
        self.message = "Solved! q quits".to_string();
    }

    fn move_cursor(&mut self, dr: isize, dc: isize) {
        let r = (self.cursor.row() as isize + dr).rem_euclid(9) as usize;
        let c = (self.cursor.col() as isize + dc).rem_euclid(9) as usize;
        self.cursor = Cell::at(r, c);
    }

    /// Handles one key.
    pub fn key(&mut self, key: KeyEvent) {
        if key.kind == KeyEventKind::Release {
            return;
        }
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        let alt = key.modifiers.contains(KeyModifiers::ALT);
        if self.paused {
            // While paused only resuming and quitting do anything: the board is hidden.
            match key.code {
                KeyCode::Char('p') | KeyCode::Char(' ') => {
                    self.paused = false;
                    self.message = "resumed".to_string();
                }
                KeyCode::Char('q') | KeyCode::Esc => self.quit = true,
                _ => {}
            }
            return;
        }
        if self.choosing_level {
            self.choosing_level = false;
            let level = match key.code {
                KeyCode::Char(ch @ '1'..='5') => Level::ALL.get(ch as usize - '1' as usize).copied(),
                _ => None,
            };
            match level {
                Some(level) => {
                    let seed = clock_seed();
                    match Game::generate(level, seed) {
                        Ok(game) => self.replace_game(game, format!("new {level} game, seed {seed}")),
                        Err(e) => self.message = e.to_string(),
                    }
                }
                None => self.message = "no new game".to_string(),
            }
            return;
        }
        let effect = match key.code {
            KeyCode::Char('N') => {
                self.choosing_level = true;
                self.message =
                    "new game: 1 Easy, 2 Medium, 3 Hard, 4 Unfair, 5 Extreme (other keys cancel)".to_string();
                Effect::None
            }
            KeyCode::Char('i') => {
                self.message = self.records_line();
                Effect::None
            }
            KeyCode::Char('e') => {
                self.message = self.export();
                Effect::None
            }
            KeyCode::Char('z') if ctrl => self.undo(),
            KeyCode::Char('y') if ctrl => self.redo(),
            KeyCode::Char('c') if ctrl => {
                self.quit = true;
                Effect::None
            }
            KeyCode::Left | KeyCode::Char('h') | KeyCode::Char('a') => self.step(0, -1),
            KeyCode::Right | KeyCode::Char('l') | KeyCode::Char('d') => self.step(0, 1),
            KeyCode::Up | KeyCode::Char('k') | KeyCode::Char('w') => self.step(-1, 0),
            KeyCode::Down | KeyCode::Char('j') | KeyCode::Char('s') => self.step(1, 0),
            KeyCode::Char(ch @ '1'..='9') => {
                // Terminals that report modifiers on digits (the kitty keyboard protocol) send Shift+digit so.
                let shift = key.modifiers.contains(KeyModifiers::SHIFT);
                let d = Digit::new(ch as u8 - b'0');
                self.digit(d, alt || shift || self.note_mode)
            }
            // Shift+digit arrives as the shifted symbol on a US keyboard.
            KeyCode::Char(ch) if "!@#$%^&*(".contains(ch) => {
                let d = "!@#$%^&*(".find(ch).and_then(|i| Digit::new(i as u8 + 1));
                self.digit(d, true)
            }
            KeyCode::Char('0') | KeyCode::Delete | KeyCode::Backspace => {
                if self.game.clear(self.cursor) {
                    Effect::Changed
                } else {
                    Effect::None
                }
            }
            KeyCode::Char('u') => self.undo(),
            KeyCode::Char('r') => self.redo(),
            KeyCode::Char('n') => {
                self.note_mode = !self.note_mode;
                self.message = format!("note mode {}", if self.note_mode { "on" } else { "off" });
                Effect::None
            }
            KeyCode::Char('c') => {
                if self.game.fill_candidates() {
                    self.message = "every candidate filled in".to_string();
                    Effect::Changed
                } else {
                    self.message = if self.game.settings.fill_candidates {
                        "the notes already hold every candidate".to_string()
                    } else {
                        "filling candidates is off (f turns it on)".to_string()
                    };
                    Effect::None
                }
            }
            KeyCode::Char('?') => self.ask_hint(),
            KeyCode::Char('p') | KeyCode::Char(' ') => {
                self.paused = true;
                self.message = "paused".to_string();
                Effect::None
            }
            KeyCode::Char('t') => {
                self.game.settings.show_timer = !self.game.settings.show_timer;
                self.save_settings();
                Effect::None
            }
            KeyCode::Char('m') => {
                self.game.settings.checking = self.game.settings.checking.next();
                self.message = format!("checking: {}", self.game.settings.checking.name());
                self.save_settings();
                Effect::None
            }
            KeyCode::Char('o') => {
                self.game.settings.auto_remove_notes = !self.game.settings.auto_remove_notes;
                self.message = format!(
                    "placing a digit {} it from its peers' notes",
                    if self.game.settings.auto_remove_notes {
                        "removes"
                    } else {
                        "keeps"
                    }
                );
                self.save_settings();
                Effect::None
            }
            KeyCode::Char('f') => {
                self.game.settings.fill_candidates = !self.game.settings.fill_candidates;
                self.message = format!(
                    "c (fill candidates) {}",
                    if self.game.settings.fill_candidates {
                        "on"
                    } else {
                        "off"
                    }
                );
                self.save_settings();
                Effect::None
            }
            KeyCode::Char('T') => {
                self.game.settings.theme = self.game.settings.theme.next();
                self.message = format!("theme: {:?}", self.game.settings.theme);
                self.save_settings();
                Effect::None
            }
            KeyCode::Char('q') | KeyCode::Esc => {
                self.quit = true;
                Effect::None
            }
            _ => Effect::None,
        };
        if let Effect::Changed = effect {
            // Any move but the hint's own third press ends the hint's highlights (the game forgets the hint too).
            if key.code != KeyCode::Char('?') {
                self.hint = None;
            }
            self.save();
            self.finish();
        }
    }

    fn step(&mut self, dr: isize, dc: isize) -> Effect {
        self.move_cursor(dr, dc);
        Effect::None
    }

    fn digit(&mut self, d: Option<Digit>, note: bool) -> Effect {
        let Some(d) = d else { return Effect::None };
        self.typed = Some(d);
        let changed = if note {
            self.game.toggle_note(self.cursor, d)
        } else {
            self.game.place(self.cursor, d)
        };
        if changed {
            self.hint = None;
            Effect::Changed
        } else {
            Effect::None
        }
    }

    fn undo(&mut self) -> Effect {
        if self.game.undo() {
            self.hint = None;
            self.message = "undone".to_string();
            Effect::Changed
        } else {
            self.message = "nothing to undo".to_string();
            Effect::None
        }
    }

    fn redo(&mut self) -> Effect {
        if self.game.redo() {
            self.hint = None;
            self.message = "redone".to_string();
            Effect::Changed
        } else {
            self.message = "nothing to redo".to_string();
            Effect::None
        }
    }

    fn ask_hint(&mut self) -> Effect {
        match self.game.hint() {
            Some(view) => {
                let applied = view.stage >= 3;
                self.message = format!("hint {}/3: {}", view.stage, view.text);
                self.hint = Some(view);
                if applied {
                    Effect::Changed
                } else {
                    // The hint count changed: keep it in the save.
                    self.save();
                    Effect::None
                }
            }
            None => {
                self.message = "solved already".to_string();
                Effect::None
            }
        }
    }

    /// Best and average times of every level played, for the status line.
    /// Writes the board as a picture (SVG and PNG) into the current directory; answers what to tell the player.
    fn export(&self) -> String {
        let level = self.game.level().map_or(CUSTOM.to_string(), |l| l.name().to_string());
        let mut caption = level.clone();
        if let Some(seed) = self.game.seed() {
            caption.push_str(&format!(" · seed {seed}"));
        }
        caption.push_str(&format!(
            " · {} · mistakes {} · hints {}",
            ui::format_time(self.game.elapsed_ms()),
            self.game.mistakes(),
            self.game.hints()
        ));
        let stamp = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
        let name = format!("shudu-{}-{stamp}", level.to_lowercase());
        match crate::export::write(std::path::Path::new("."), &name, &self.game, &caption) {
            Ok((svg, png)) => format!("picture written: {} and {}", svg.display(), png.display()),
            Err(e) => format!("cannot write the picture: {e}"),
        }
    }

    fn records_line(&self) -> String {
        let parts: Vec<String> = Level::ALL
            .iter()
            .map(|l| l.name())
            .chain([CUSTOM])
            .filter_map(|name| {
                let r = self.stats.levels.get(name)?;
                let (best, avg) = (r.best_ms?, r.average_ms()?);
                Some(format!(
                    "{name} best {} avg {} ({})",
                    ui::format_time(best),
                    ui::format_time(avg),
                    r.completed
                ))
            })
            .collect();
        if parts.is_empty() {
            "no game finished yet".to_string()
        } else {
            parts.join(" · ")
        }
    }

    /// Starts another game in place of this one (the old one's save is replaced), keeping the settings.
    fn replace_game(&mut self, mut game: Game, message: String) {
        game.settings = self.game.settings;
        self.game = game;
        self.cursor = Cell::at(4, 4);
        self.typed = None;
        self.note_mode = false;
        self.hint = None;
        self.recorded = false;
        self.message = message;
        self.save();
    }

    /// Handles text pasted into the terminal: a puzzle in any format the engine reads starts a new game.
    pub fn paste(&mut self, text: &str) {
        let game = shudu::format::parse(text).map_err(|e| e.to_string()).and_then(|grid| {
            let mut givens = [0u8; 81];
            for cell in grid.givens() {
                givens[cell.index()] = grid.values()[cell.index()];
            }
            Game::new(givens, None, None).map_err(|e| e.to_string())
        });
        match game {
            Ok(game) => self.replace_game(game, "playing the pasted puzzle".to_string()),
            Err(e) => self.message = format!("the pasted text is not a playable puzzle: {e}"),
        }
    }

    /// Handles a mouse click at a screen position in a frame of `area`.
    pub fn click(&mut self, area: Rect, x: u16, y: u16) {
        if let Some(cell) = Geometry::for_area(area).and_then(|g| g.cell_at(x, y)) {
            self.cursor = cell;
        }
    }

    /// Adds time played, unless paused or finished.
    pub fn tick(&mut self, elapsed: Duration) {
        if !self.paused && !self.game.is_complete() {
            self.game.add_time(elapsed.as_millis() as u64);
        }
    }

    /// Whether the player asked to quit.
    pub fn quitting(&self) -> bool {
        self.quit
    }

    /// Draws into a ratatui frame.
    pub fn draw(&self, frame: &mut ratatui::Frame) {
        ui::draw(frame, &self.view());
    }
}

/// In builds with debug assertions (tests), `SHUDU_TEST_PANIC=1` panics once the board is drawn, so a test can see
/// the panic hook restore the terminal. Release builds have no such switch.
fn panic_for_test() {
    #[cfg(debug_assertions)]
    if std::env::var_os("SHUDU_TEST_PANIC").is_some_and(|v| v == "1") {
        panic!("SHUDU_TEST_PANIC: a panic asked for by a test");
    }
}

/// Whether the terminal is in the game's modes, so that it is restored once: a second `LeaveAlternateScreen` (the
/// guard's, after the panic hook's) would move the cursor back over the panic message.
static ACTIVE: AtomicBool = AtomicBool::new(false);

/// Puts the terminal back as it was: on every exit path, and from the panic hook.
fn restore() {
    if !ACTIVE.swap(false, Ordering::SeqCst) {
        return;
    }
    let _ = disable_raw_mode();
    let _ = execute!(
        io::stdout(),
        DisableBracketedPaste,
        LeaveAlternateScreen,
        DisableMouseCapture
    );
}

/// Restores the terminal when dropped, so an early return or error leaves it usable.
struct Guard;

impl Drop for Guard {
    fn drop(&mut self) {
        restore();
    }
}

/// Plays a game on this terminal until the player quits; the game is saved after every move and on quitting.
/// Returns a line to print once the terminal is restored.
pub fn run(start: Start) -> Result<String, String> {
    let store = Store::open().map_err(|e| format!("no data directory: {e}"))?;
    let mut app = App::new(start, store)?;
    enable_raw_mode().map_err(|e| format!("cannot use the terminal: {e}"))?;
    ACTIVE.store(true, Ordering::SeqCst);
    let _guard = Guard;
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        previous(info);
    }));
    // Bracketed paste makes a pasted puzzle arrive whole, not as keys.
    execute!(
        io::stdout(),
        EnterAlternateScreen,
        EnableMouseCapture,
        EnableBracketedPaste
    )
    .map_err(|e| e.to_string())?;
    let mut terminal: Terminal<CrosstermBackend<Stdout>> =
        Terminal::new(CrosstermBackend::new(io::stdout())).map_err(|e| e.to_string())?;
    // SIGTERM (a `kill`, a shutdown) and SIGHUP (the window closed) end the game as `q` does, so it is saved and the
    // terminal restored by the guard rather than left raw.
    let stop = Arc::new(AtomicBool::new(false));
    for signal in [signal_hook::consts::SIGTERM, signal_hook::consts::SIGHUP] {
        signal_hook::flag::register(signal, Arc::clone(&stop)).map_err(|e| e.to_string())?;
    }
    let result = event_loop(&mut terminal, &mut app, &stop);
    // The time since the last move counts too.
    app.save();
    result?;
    let game = app.game();
    Ok(if game.is_complete() {
        "solved: well done".to_string()
    } else {
        match game.seed() {
            Some(seed) => format!("saved; resume with `shudu play --resume` (seed {seed})"),
            None => "saved; resume with `shudu play --resume`".to_string(),
        }
    })
}

fn event_loop(
    terminal: &mut Terminal<CrosstermBackend<Stdout>>,
    app: &mut App,
    stop: &AtomicBool,
) -> Result<(), String> {
    let mut last = Instant::now();
    while !app.quitting() && !stop.load(Ordering::Relaxed) {
        terminal.draw(|f| app.draw(f)).map_err(|e| e.to_string())?;
        panic_for_test();
        // Wake at least four times a second so the timer moves.
        let ready = event::poll(Duration::from_millis(250)).map_err(|e| e.to_string())?;
        let now = Instant::now();
        app.tick(now - last);
        last = now;
        if !ready {
            continue;
        }
        match event::read().map_err(|e| e.to_string())? {
            Event::Key(key) => app.key(key),
            Event::Paste(text) => app.paste(&text),
            Event::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
                let size = terminal.size().map_err(|e| e.to_string())?;
                app.click(Rect::new(0, 0, size.width, size.height), m.column, m.row);
            }
            // A resize is picked up by the next draw, which lays out for the new size.
            _ => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    fn temp_store(tag: &str) -> Store {
        let dir = std::env::temp_dir().join(format!("shudu-app-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        Store::at(dir)
    }

    #[test]
    fn keys_move_place_undo_and_save() {
        let store = temp_store("keys");
        let mut app = App::new(
            Start::New {
                level: Level::Easy,
                seed: Some(1),
            },
            store.clone(),
        )
        .unwrap();
        // Find an empty cell and walk the cursor there with a mix of keys.
        let target = Cell::ALL.into_iter().find(|&c| app.game.value(c).is_none()).unwrap();
        app.cursor = Cell::at(0, 0);
        for _ in 0..target.row() {
            app.key(key(KeyCode::Char('j')));
        }
        for _ in 0..target.col() {
            app.key(key(KeyCode::Right));
        }
        assert_eq!(app.cursor, target);
        let truth = app.game.solution()[target.index()];
        app.key(key(KeyCode::Char((b'0' + truth) as char)));
        assert_eq!(app.game.values()[target.index()], truth);
        let Loaded::Found(saved) = store.load_game() else {
            panic!("saved after the move")
        };
        assert_eq!(saved.values(), app.game.values());
        app.key(KeyEvent::new(KeyCode::Char('z'), KeyModifiers::CONTROL));
        assert_eq!(app.game.values()[target.index()], 0);
        app.key(key(KeyCode::Char('n')));
        app.key(key(KeyCode::Char('4')));
        assert_eq!(app.game.notes(target), 1 << 3);
        app.key(KeyEvent::new(KeyCode::Char('5'), KeyModifiers::ALT));
        assert_eq!(app.game.notes(target), (1 << 3) | (1 << 4));
        app.key(key(KeyCode::Char('n')));
        app.key(key(KeyCode::Char('&')));
        app.key(KeyEvent::new(KeyCode::Char('8'), KeyModifiers::SHIFT));
        assert_eq!(app.game.notes(target), (1 << 3) | (1 << 4) | (1 << 6) | (1 << 7));
        assert_eq!(app.game.value(target), None, "Shift+digit notes, whatever the mode");
        app.key(key(KeyCode::Char('?')));
        assert!(app.message.starts_with("hint 1/3"), "{}", app.message);
        let _ = std::fs::remove_dir_all(store.dir());
    }

    #[test]
    fn a_pasted_puzzle_or_a_level_starts_a_new_game() {
        let store = temp_store("paste");
        let mut app = App::new(
            Start::New {
                level: Level::Easy,
                seed: Some(3),
            },
            store.clone(),
        )
        .unwrap();
        let p = "006800005080200007050347200000000013003009000800000500000060080000403000700100020";
        app.paste("not a puzzle");
        assert!(app.message.starts_with("the pasted text is not"), "{}", app.message);
        app.paste(p);
        assert_eq!(
            shudu::format::to_line(app.game.puzzle()),
            shudu::format::to_line(&shudu::format::parse_line(p).unwrap())
        );
        assert_eq!(app.game.level(), None);
        app.key(key(KeyCode::Char('N')));
        app.key(key(KeyCode::Char('2')));
        assert_eq!(app.game.level(), Some(Level::Medium));
        let Loaded::Found(saved) = store.load_game() else {
            panic!("the new game is saved")
        };
        assert_eq!(saved.puzzle(), app.game.puzzle());
        let _ = std::fs::remove_dir_all(store.dir());
    }

    #[test]
    fn a_click_selects_a_cell_and_i_tells_the_records() {
        let store = temp_store("click");
        let mut app = App::new(
            Start::New {
                level: Level::Easy,
                seed: Some(4),
            },
            store.clone(),
        )
        .unwrap();
        let area = Rect::new(0, 0, 80, 24);
        let geo = Geometry::for_area(area).unwrap();
        let (x, y) = geo.cell_origin(Cell::at(2, 7));
        app.click(area, x + 1, y + 1);
        assert_eq!(app.cursor, Cell::at(2, 7));
        app.click(area, 0, 0);
        assert_eq!(app.cursor, Cell::at(2, 7), "a click on a border selects nothing");
        app.key(key(KeyCode::Char('i')));
        assert_eq!(app.message, "no game finished yet");
        app.stats.record("Easy", 65_000);
        app.stats.record("Easy", 125_000);
        app.key(key(KeyCode::Char('i')));
        assert_eq!(app.message, "Easy best 01:05 avg 01:35 (2)");
        let _ = std::fs::remove_dir_all(store.dir());
    }

    #[test]
    fn pause_hides_and_stops_the_clock() {
        let store = temp_store("pause");
        let mut app = App::new(
            Start::New {
                level: Level::Easy,
                seed: Some(2),
            },
            store.clone(),
        )
        .unwrap();
        app.tick(Duration::from_millis(1500));
        app.key(key(KeyCode::Char('p')));
        app.tick(Duration::from_millis(5000));
        assert_eq!(app.game.elapsed_ms(), 1500);
        app.key(key(KeyCode::Char('5')));
        assert!(app.paused, "digits do nothing while paused");
        app.key(key(KeyCode::Char('p')));
        assert!(!app.paused);
        let _ = std::fs::remove_dir_all(store.dir());
    }
}
