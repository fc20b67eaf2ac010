//! Games and statistics on disk: JSON files in the platform's data directory, each written atomically (a temporary
//! file in the same directory, then a rename) so a crash leaves either the old file or the new one, never half of
//! one. A file that cannot be read back is set aside under another name and reported; it never stops the game.

use std::collections::BTreeMap;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use shudu_game::{Game, Settings};

/// The variable that overrides the data directory (tests and scripted sessions use a temporary one).
pub use shudu_game::DATA_DIR_VAR;

/// The file of the game in progress.
pub const GAME_FILE: &str = "game.json";

/// The file of the statistics and settings.
pub const STATS_FILE: &str = "stats.json";

/// Times of the games completed at one level.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LevelStats {
    /// Games completed.
    pub completed: u32,
    /// The best time, in milliseconds.
    pub best_ms: Option<u64>,
    /// All times added up, in milliseconds (the average is this over `completed`).
    pub total_ms: u64,
}

impl LevelStats {
    /// The average time, in milliseconds.
    pub fn average_ms(&self) -> Option<u64> {
        (self.completed > 0).then(|| self.total_ms / u64::from(self.completed))
    }
}

/// The player's records and settings.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Stats {
    /// The settings, kept from one game to the next.
    pub settings: Settings,
    /// Records by level name (`Easy` … `Extreme`, or `Custom` for a puzzle the player gave).
    pub levels: BTreeMap<String, LevelStats>,
}

impl Stats {
    /// Records a completed game of `level` that took `ms`.
    pub fn record(&mut self, level: &str, ms: u64) {
        let entry = self.levels.entry(level.to_string()).or_default();
        entry.completed += 1;
        entry.total_ms = entry.total_ms.saturating_add(ms);
        entry.best_ms = Some(entry.best_ms.map_or(ms, |b| b.min(ms)));
    }
}

/// What reading a file gave.
#[derive(Debug)]
pub enum Loaded<T> {
    /// The file was there and sound.
    Found(T),
    /// There was no file.
    Missing,
    /// The file could not be read back; it was set aside, and the message says where.
    Corrupt(String),
}

/// The directory holding the files.
#[derive(Clone, Debug)]
pub struct Store {
    dir: PathBuf,
}

impl Store {
    /// The store in `$SHUDU_DATA_DIR` when set, else the platform's data directory for shudu.
    pub fn open() -> io::Result<Store> {
        let dir = shudu_game::data_dir()
            .ok_or_else(|| io::Error::new(io::ErrorKind::NotFound, "no home directory for the save files"))?;
        Ok(Store::at(dir))
    }

    /// The store in `dir`.
    pub fn at(dir: impl Into<PathBuf>) -> Store {
        Store { dir: dir.into() }
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Saves the game in progress.
    pub fn save_game(&self, game: &Game) -> io::Result<()> {
        self.write_json(GAME_FILE, game)
    }

    /// Reads the game in progress; a file that does not parse or does not hold a sound game is set aside.
    pub fn load_game(&self) -> Loaded<Game> {
        match self.read_json::<Game>(GAME_FILE) {
            Loaded::Found(game) => match game.validate() {
                Ok(()) => Loaded::Found(game),
                Err(why) => Loaded::Corrupt(self.set_aside(GAME_FILE, &why)),
            },
            Loaded::Missing => Loaded::Missing,
            Loaded::Corrupt(message) => Loaded::Corrupt(message),
        }
    }

    /// Removes the saved game (once it is finished, there is nothing to resume).
    pub fn remove_game(&self) -> io::Result<()> {
        match fs::remove_file(self.dir.join(GAME_FILE)) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        }
    }

    /// Saves the statistics and settings.
    pub fn save_stats(&self, stats: &Stats) -> io::Result<()> {
        self.write_json(STATS_FILE, stats)
    }

    /// Reads the statistics and settings.
    pub fn load_stats(&self) -> Loaded<Stats> {
        self.read_json(STATS_FILE)
    }

    fn read_json<T: for<'de> Deserialize<'de>>(&self, name: &str) -> Loaded<T> {
        let path = self.dir.join(name);
        let text = match fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Loaded::Missing,
            Err(e) => return Loaded::Corrupt(self.set_aside(name, &e.to_string())),
        };
        match serde_json::from_str(&text) {
            Ok(value) => Loaded::Found(value),
            Err(e) => Loaded::Corrupt(self.set_aside(name, &e.to_string())),
        }
    }

    /// Renames a bad file out of the way so the next save starts afresh and the bad one can still be looked at.
    fn set_aside(&self, name: &str, why: &str) -> String {
        let stamp = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
        let from = self.dir.join(name);
        let to = self.dir.join(format!("{name}.corrupt-{stamp}"));
        match fs::rename(&from, &to) {
            Ok(()) => format!(
                "{} could not be read ({why}); set aside as {}",
                from.display(),
                to.display()
            ),
            Err(e) => format!("{} could not be read ({why}), nor set aside ({e})", from.display()),
        }
    }

    /// Writes `value` as JSON over `name`, whole or not at all ([`write_atomically`]).
    fn write_json<T: Serialize>(&self, name: &str, value: &T) -> io::Result<()> {
        fs::create_dir_all(&self.dir)?;
        let json = serde_json::to_vec_pretty(value).map_err(io::Error::other)?;
        write_atomically(&self.dir.join(name), &json)
    }
}

/// Writes `bytes` to a temporary file beside `path`, flushes it to disk, then renames it over `path`: a rename
/// within one directory replaces the file whole, so a crash leaves the old file or the new one, never half of one.
/// The directory is flushed after the rename (on Unix), so the new name itself survives a power cut.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a file name"))?
        .to_string_lossy();
    let tmp = dir.join(format!(".{name}.tmp-{}", std::process::id()));
    let written = (|| {
        let mut file = fs::File::create(&tmp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        fs::rename(&tmp, path)?;
        sync_dir(&dir);
        Ok(())
    })();
    if written.is_err() {
        // Best effort: a leftover temporary file is harmless, but tidier gone.
        let _ = fs::remove_file(&tmp);
    }
    written
}

/// Flushes a directory's entries to disk. Best effort: the file is already written whole, and some file systems
/// refuse to sync a directory.
fn sync_dir(dir: &Path) {
    #[cfg(unix)]
    if let Ok(d) = fs::File::open(dir) {
        let _ = d.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}

#[cfg(test)]
mod tests {
    use super::*;
    use shudu::Digit;

    /// A fresh directory under the system's temporary one, removed at the end.
    struct TempDir(PathBuf);

    impl TempDir {
        fn new(tag: &str) -> TempDir {
            let dir = std::env::temp_dir().join(format!("shudu-save-{tag}-{}", std::process::id()));
            let _ = fs::remove_dir_all(&dir);
            fs::create_dir_all(&dir).unwrap();
            TempDir(dir)
        }
    }

    impl Drop for TempDir {
        fn drop(&mut self) {
            let _ = fs::remove_dir_all(&self.0);
        }
    }

    fn game() -> Game {
        let p = "006800005080200007050347200000000013003009000800000500000060080000403000700100020";
        Game::new(shudu::format::parse_line(p).unwrap(), None, Some(7)).unwrap()
    }

    #[test]
    fn save_load_round_trip() {
        let tmp = TempDir::new("round");
        let store = Store::at(&tmp.0);
        assert!(matches!(store.load_game(), Loaded::Missing));
        let mut g = game();
        let cell = shudu::Cell::ALL.into_iter().find(|&c| g.value(c).is_none()).unwrap();
        g.fill_candidates();
        g.place(cell, Digit::new(g.solution()[cell.index()]).unwrap());
        g.toggle_note(cell, Digit::new(1).unwrap());
        g.undo();
        store.save_game(&g).unwrap();
        let Loaded::Found(back) = store.load_game() else {
            panic!("the saved game reads back")
        };
        assert_eq!(back.values(), g.values());
        assert_eq!(back.seed(), Some(7));
        for c in shudu::Cell::ALL {
            assert_eq!(back.notes(c), g.notes(c));
        }
        assert!(back.can_redo() && back.can_undo());
        // No temporary file is left behind.
        let names: Vec<String> = fs::read_dir(&tmp.0)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, vec![GAME_FILE.to_string()]);
        store.remove_game().unwrap();
        assert!(matches!(store.load_game(), Loaded::Missing));
    }

    #[test]
    fn a_corrupt_save_is_set_aside_and_reported() {
        let tmp = TempDir::new("corrupt");
        let store = Store::at(&tmp.0);
        fs::write(tmp.0.join(GAME_FILE), "{\"puzzle\": \"not a puzz").unwrap();
        let Loaded::Corrupt(message) = store.load_game() else {
            panic!("a corrupt save is reported")
        };
        assert!(message.contains("set aside"), "{message}");
        assert!(!tmp.0.join(GAME_FILE).exists());
        assert!(fs::read_dir(&tmp.0)
            .unwrap()
            .any(|e| e.unwrap().file_name().to_string_lossy().contains(".corrupt-")));
        // The next save starts afresh.
        store.save_game(&game()).unwrap();
        assert!(matches!(store.load_game(), Loaded::Found(_)));
    }

    #[test]
    fn a_save_that_parses_but_is_unsound_is_set_aside() {
        let tmp = TempDir::new("unsound");
        let store = Store::at(&tmp.0);
        let mut value = serde_json::to_value(game()).unwrap();
        value["notes"][3] = serde_json::json!(4096);
        fs::write(tmp.0.join(GAME_FILE), value.to_string()).unwrap();
        assert!(matches!(store.load_game(), Loaded::Corrupt(_)));
    }

    #[test]
    fn stats_record_best_and_average() {
        let tmp = TempDir::new("stats");
        let store = Store::at(&tmp.0);
        assert!(matches!(store.load_stats(), Loaded::Missing));
        let mut stats = Stats::default();
        stats.record("Easy", 300_000);
        stats.record("Easy", 100_000);
        stats.settings.show_timer = false;
        store.save_stats(&stats).unwrap();
        let Loaded::Found(back) = store.load_stats() else {
            panic!("stats read back")
        };
        assert_eq!(back, stats);
        let easy = back.levels["Easy"];
        assert_eq!(easy.best_ms, Some(100_000));
        assert_eq!(easy.average_ms(), Some(200_000));
    }
}
