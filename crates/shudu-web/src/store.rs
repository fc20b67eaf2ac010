//! All SQL lives here: players, games and their moves, the pool of fresh puzzles, and the daily puzzles, in one
//! SQLite database in the data directory. Swapping SQLite for another database means rewriting this module alone.
//!
//! Durability: the database runs in WAL mode with `synchronous = NORMAL`, so a committed transaction survives the
//! server process being killed (it is in the WAL file the moment `COMMIT` returns); only a power loss can take the
//! last commits back. Every move is committed before its answer is sent, in the same transaction as the board it
//! leads to.
//!
//! Moves are kept one a row, each with its state: done (on the undo stack), undone (on the redo stack) or dropped
//! (undone and then replaced by a new move; kept, as every move made is part of the game's record). The game's row
//! keeps the board as it stands, so loading a game reads one row and the two moves at the tops of its stacks,
//! however long its history.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use rusqlite::{params, Connection, OpenFlags, OptionalExtension, Transaction, TransactionBehavior};
use shudu::logic::Level;
use shudu_game::{Game, Move};

use crate::settings::Settings;

/// The database's file name in the data directory.
pub const DB_FILE: &str = "shudu-web.sqlite3";

/// The schema, one entry a version: entry `k` brings a database from `user_version` k to k + 1. Each runs in a
/// transaction with the version bump, so a crash leaves the old version or the new one; the statements are also
/// idempotent (`IF NOT EXISTS`), so a migration run twice does no harm.
const MIGRATIONS: &[&str] = &[r"
CREATE TABLE IF NOT EXISTS players (
    id       TEXT PRIMARY KEY,
    created  INTEGER NOT NULL,
    settings TEXT NOT NULL DEFAULT '{}'
);
CREATE TABLE IF NOT EXISTS games (
    id         TEXT PRIMARY KEY,
    player     TEXT NOT NULL REFERENCES players(id),
    source     TEXT NOT NULL,
    level      TEXT,
    seed       INTEGER,
    daily      TEXT,
    puzzle     TEXT NOT NULL,
    solution   TEXT NOT NULL,
    state      TEXT NOT NULL,
    status     TEXT NOT NULL,
    elapsed_ms INTEGER NOT NULL,
    time_at    INTEGER NOT NULL,
    undo_depth INTEGER NOT NULL DEFAULT 0,
    redo_depth INTEGER NOT NULL DEFAULT 0,
    next_seq   INTEGER NOT NULL DEFAULT 0,
    version    INTEGER NOT NULL DEFAULT 0,
    created    INTEGER NOT NULL,
    updated    INTEGER NOT NULL,
    finished   INTEGER
);
CREATE INDEX IF NOT EXISTS games_by_player ON games(player, updated);
CREATE TABLE IF NOT EXISTS moves (
    game       TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL,
    kind       TEXT NOT NULL,
    changes    TEXT NOT NULL,
    state      INTEGER NOT NULL,
    at         INTEGER NOT NULL,
    elapsed_ms INTEGER NOT NULL,
    PRIMARY KEY (game, seq)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS moves_by_state ON moves(game, state, seq);
CREATE TABLE IF NOT EXISTS pool (
    id       INTEGER PRIMARY KEY,
    level    TEXT NOT NULL,
    puzzle   TEXT NOT NULL,
    solution TEXT NOT NULL,
    seed     INTEGER NOT NULL,
    made     INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS pool_by_level ON pool(level, id);
CREATE TABLE IF NOT EXISTS daily (
    date     TEXT PRIMARY KEY,
    level    TEXT NOT NULL,
    puzzle   TEXT NOT NULL,
    solution TEXT NOT NULL,
    seed     INTEGER NOT NULL
);
"];

/// A move's state in its row.
const DONE: i64 = 0;
const UNDONE: i64 = 1;
const DROPPED: i64 = 2;

/// Why the store failed.
#[derive(Debug)]
pub enum StoreError {
    /// The database said no (locked, read-only, full, corrupt…); the message says which, and where.
    Db(String),
    /// A stored game could not be read back.
    Corrupt(String),
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::Db(m) | StoreError::Corrupt(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for StoreError {}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> Self {
        StoreError::Db(explain_sqlite(&e))
    }
}

/// A database error in words a person running the server can act on.
fn explain_sqlite(e: &rusqlite::Error) -> String {
    use rusqlite::ErrorCode as C;
    match e.sqlite_error_code() {
        Some(C::DatabaseBusy | C::DatabaseLocked) => {
            format!("the database is locked (is another `shudu serve` using the same data directory?): {e}")
        }
        Some(C::ReadOnly) => format!("the database is read-only (check the data directory's permissions): {e}"),
        Some(C::DiskFull) => format!("the disk is full: {e}"),
        Some(C::NotADatabase | C::DatabaseCorrupt) => {
            format!("the database file is corrupt or not a database (move it aside to start afresh): {e}")
        }
        Some(C::CannotOpen | C::PermissionDenied) => format!("the database cannot be opened: {e}"),
        _ => e.to_string(),
    }
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// Where a game came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// A new puzzle at a level (from the pool).
    Level,
    /// The generator's puzzle for a level and seed.
    Seed,
    /// The daily puzzle.
    Daily,
    /// The player's own puzzle.
    Custom,
    /// A shared link.
    Share,
}

impl Source {
    /// The name stored and answered.
    pub fn name(self) -> &'static str {
        match self {
            Source::Level => "level",
            Source::Seed => "seed",
            Source::Daily => "daily",
            Source::Custom => "custom",
            Source::Share => "share",
        }
    }

    fn parse(s: &str) -> Source {
        match s {
            "level" => Source::Level,
            "seed" => Source::Seed,
            "daily" => Source::Daily,
            "share" => Source::Share,
            _ => Source::Custom,
        }
    }
}

/// A level by its stored name.
pub fn level_named(name: &str) -> Option<Level> {
    Level::ALL.into_iter().find(|l| l.name().eq_ignore_ascii_case(name))
}

/// What the store knows of a game besides the game itself.
#[derive(Clone, Debug)]
pub struct Meta {
    /// The game's id.
    pub id: String,
    /// Where it came from.
    pub source: Source,
    /// The date of a daily puzzle.
    pub daily: Option<String>,
    /// When it started (ms since the epoch).
    pub created: i64,
    /// When its timer was last brought up to date.
    pub time_at: i64,
}

/// A game as loaded: the game with the tops of its history, and what the store keeps beside it.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// The game; its history holds only the top of each stack.
    pub game: Game,
    /// The rest.
    pub meta: Meta,
    /// How many moves can be undone.
    pub undo_depth: i64,
    /// How many moves can be redone.
    pub redo_depth: i64,
    /// Bumped by every change saved: a hint found outside a transaction is saved only if the game did not change
    /// meanwhile.
    pub version: i64,
}

/// What an action did to a game, for the store to record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Nothing changed.
    Nothing,
    /// A new move was made: it is the top of the undo stack.
    Moved,
    /// The top move was undone.
    Undone,
    /// The top undone move was redone.
    Redone,
    /// The board's history is unchanged, but the game's state is not (its timer, a hint's stage).
    State,
}

/// A game in a player's list.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Listed {
    /// The id.
    pub id: String,
    /// Where it came from.
    pub source: &'static str,
    /// Its level, if it has one.
    pub level: Option<String>,
    /// `playing` or `solved`.
    pub status: String,
    /// Time played.
    pub elapsed_ms: i64,
    /// When it started (ms since the epoch).
    pub created: i64,
    /// The daily puzzle's date.
    pub daily: Option<String>,
}

/// One finished or unfinished game, as the statistics read it.
#[derive(Clone, Debug)]
pub struct Played {
    /// Its level's name, or `None` for a custom puzzle.
    pub level: Option<String>,
    /// Solved?
    pub solved: bool,
    /// Time played.
    pub elapsed_ms: i64,
    /// The daily puzzle's date.
    pub daily: Option<String>,
}

/// A puzzle ready to play, with its proven solution.
#[derive(Clone, Debug)]
pub struct Made {
    /// The givens.
    pub puzzle: [u8; 81],
    /// The solution.
    pub solution: [u8; 81],
    /// The seed that makes it again.
    pub seed: u64,
    /// The level it was made at.
    pub level: Level,
}

/// The database: a few connections kept open and handed out in turn.
pub struct Store {
    path: PathBuf,
    idle: Mutex<Vec<Connection>>,
    /// The most pages the database may grow to, when capped.
    max_pages: Option<u64>,
}

/// A connection borrowed from the store, given back when dropped.
struct Borrowed<'a> {
    store: &'a Store,
    conn: Option<Connection>,
}

impl Drop for Borrowed<'_> {
    fn drop(&mut self) {
        if let (Some(conn), Ok(mut idle)) = (self.conn.take(), self.store.idle.lock()) {
            if idle.len() < 8 {
                idle.push(conn);
            }
        }
    }
}

impl std::ops::Deref for Borrowed<'_> {
    type Target = Connection;
    fn deref(&self) -> &Connection {
        self.conn
            .as_ref()
            .expect("a borrowed connection is present until dropped")
    }
}

impl std::ops::DerefMut for Borrowed<'_> {
    fn deref_mut(&mut self) -> &mut Connection {
        self.conn
            .as_mut()
            .expect("a borrowed connection is present until dropped")
    }
}

fn to_i64(seed: u64) -> i64 {
    // SQLite integers are signed: a seed is kept as its bits.
    seed as i64
}

fn to_u64(seed: i64) -> u64 {
    seed as u64
}

fn line(values: &[u8; 81]) -> String {
    shudu::format::to_line(values)
}

fn digits(text: &str) -> Result<[u8; 81], StoreError> {
    shudu::format::parse_line(text).map_err(|e| StoreError::Corrupt(format!("a stored puzzle is unreadable: {e}")))
}

impl Store {
    /// Opens (creating it if need be) the database in `dir`, brings its schema up to date and checks it. Every
    /// way this can fail — a directory that cannot be made, a database that is locked by another server,
    /// read-only, corrupt or not a database — is an error that says so and names the file.
    pub fn open(dir: &Path) -> Result<Store, StoreError> {
        Store::open_capped(dir, None)
    }

    /// [`Store::open`], with the database not allowed to grow past `max_bytes`: a quota, so that a server sharing a
    /// disk cannot fill it. A change that would pass it fails as a full disk does, and is reported the same way.
    pub fn open_capped(dir: &Path, max_bytes: Option<u64>) -> Result<Store, StoreError> {
        std::fs::create_dir_all(dir)
            .map_err(|e| StoreError::Db(format!("the data directory {} cannot be made: {e}", dir.display())))?;
        let path = dir.join(DB_FILE);
        let store = Store {
            path,
            idle: Mutex::new(Vec::new()),
            // SQLite's pages are 4 KiB unless a database says otherwise; shudu's never do.
            max_pages: max_bytes.map(|b| (b / 4096).max(1)),
        };
        let named = |e: StoreError| StoreError::Db(format!("{}: {e}", store.path.display()));
        let mut conn = store.connect().map_err(named)?;
        let check: String = conn
            .query_row("PRAGMA quick_check", [], |r| r.get(0))
            .map_err(|e| named(e.into()))?;
        if check != "ok" {
            return Err(named(StoreError::Corrupt(format!(
                "the database file is corrupt (move it aside to start afresh): {check}"
            ))));
        }
        migrate(&mut conn).map_err(named)?;
        drop(conn);
        Ok(store)
    }

    /// The database file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn connect(&self) -> Result<Connection, StoreError> {
        let conn = Connection::open_with_flags(
            &self.path,
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_CREATE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        // WAL lets readers go on while a move is written; NORMAL syncs at checkpoints, which keeps every commit
        // safe from a crash of this process (see the module's note).
        let mode: String = conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))?;
        if !mode.eq_ignore_ascii_case("wal") {
            return Err(StoreError::Db(format!(
                "the database cannot use WAL mode (it answered {mode})"
            )));
        }
        conn.execute_batch("PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;")?;
        if let Some(pages) = self.max_pages {
            // The pragma answers with the cap it set, which is never below the database's present size.
            let _: i64 = conn.query_row(&format!("PRAGMA max_page_count = {pages}"), [], |r| r.get(0))?;
        }
        Ok(conn)
    }

    fn conn(&self) -> Result<Borrowed<'_>, StoreError> {
        let kept = self.idle.lock().ok().and_then(|mut idle| idle.pop());
        let conn = match kept {
            Some(c) => c,
            None => self.connect()?,
        };
        Ok(Borrowed {
            store: self,
            conn: Some(conn),
        })
    }

    // --------------------------------------------------------------------------------------------------------------
    // Players

    /// Records a new player (nothing if the id is known).
    pub fn add_player(&self, id: &str) -> Result<(), StoreError> {
        self.conn()?.execute(
            "INSERT OR IGNORE INTO players (id, created) VALUES (?1, ?2)",
            params![id, now_ms()],
        )?;
        Ok(())
    }

    /// A player's settings (the defaults for anything never set).
    pub fn settings(&self, player: &str) -> Result<Settings, StoreError> {
        let text: Option<String> = self
            .conn()?
            .query_row("SELECT settings FROM players WHERE id = ?1", [player], |r| r.get(0))
            .optional()?;
        Ok(text.map(|t| Settings::from_stored(&t)).unwrap_or_default())
    }

    /// Saves a player's settings.
    pub fn put_settings(&self, player: &str, settings: &Settings) -> Result<(), StoreError> {
        let text = serde_json::to_string(settings).map_err(|e| StoreError::Db(e.to_string()))?;
        self.conn()?.execute(
            "INSERT INTO players (id, created, settings) VALUES (?1, ?2, ?3)
             ON CONFLICT(id) DO UPDATE SET settings = excluded.settings",
            params![player, now_ms(), text],
        )?;
        Ok(())
    }

    // --------------------------------------------------------------------------------------------------------------
    // Games

    /// Stores a new game for `player`.
    pub fn add_game(&self, player: &str, meta: &Meta, game: &Game) -> Result<(), StoreError> {
        let state = snapshot(game)?;
        let now = now_ms();
        self.conn()?.execute(
            "INSERT INTO games (id, player, source, level, seed, daily, puzzle, solution, state, status, elapsed_ms,
                                time_at, created, updated)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?13)",
            params![
                meta.id,
                player,
                meta.source.name(),
                game.level().map(|l| l.name()),
                game.seed().map(to_i64),
                meta.daily,
                line(game.puzzle()),
                line(game.solution()),
                state,
                status(game),
                game.elapsed_ms() as i64,
                now,
                now,
            ],
        )?;
        Ok(())
    }

    /// Loads `player`'s game `id`: `None` when there is no such game or it is another player's.
    pub fn load(&self, player: &str, id: &str) -> Result<Option<Loaded>, StoreError> {
        let mut conn = self.conn()?;
        let tx = conn.transaction()?;
        let loaded = load_in(&tx, player, id)?;
        tx.commit()?;
        Ok(loaded)
    }

    /// Changes `player`'s game `id` in one transaction: loads it, lets `act` change it, and records what the action
    /// says it did. With `expect`, the change is made only if the game is still at that version (else `act` is not
    /// called and the answer is `Ok(Err(Stale))`). `None` when there is no such game.
    pub fn update<E>(
        &self,
        player: &str,
        id: &str,
        expect: Option<i64>,
        act: impl FnOnce(&mut Loaded) -> Result<Outcome, E>,
    ) -> Result<Option<Result<Loaded, Refused<E>>>, StoreError> {
        let mut conn = self.conn()?;
        // IMMEDIATE: the write lock is taken before the game is read, so two moves on one game are never
        // interleaved between read and write.
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let Some(mut loaded) = load_in(&tx, player, id)? else {
            return Ok(None);
        };
        if expect.is_some_and(|v| v != loaded.version) {
            return Ok(Some(Err(Refused::Stale)));
        }
        let outcome = match act(&mut loaded) {
            Ok(o) => o,
            Err(e) => return Ok(Some(Err(Refused::By(e)))),
        };
        if outcome != Outcome::Nothing {
            record(&tx, &mut loaded, outcome)?;
        }
        tx.commit()?;
        Ok(Some(Ok(loaded)))
    }

    /// The player's games, newest first (at most 50).
    pub fn list(&self, player: &str) -> Result<Vec<Listed>, StoreError> {
        let conn = self.conn()?;
        let mut stmt = conn.prepare_cached(
            "SELECT id, source, level, status, elapsed_ms, created, daily FROM games
             WHERE player = ?1 ORDER BY updated DESC LIMIT 50",
        )?;
        let rows = stmt.query_map([player], |r| {
            Ok(Listed {
                id: r.get(0)?,
                source: Source::parse(&r.get::<_, String>(1)?).name(),
                level: r.get(2)?,
                status: r.get(3)?,
                elapsed_ms: r.get(4)?,
                created: r.get(5)?,
                daily: r.get(6)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The game the player last touched and has not finished.
    pub fn current(&self, player: &str) -> Result<Option<String>, StoreError> {
        Ok(self
            .conn()?
            .query_row(
                "SELECT id FROM games WHERE player = ?1 AND status = 'playing' ORDER BY updated DESC LIMIT 1",
                [player],
                |r| r.get(0),
            )
            .optional()?)
    }

    /// Every game the player has started, oldest first, for the statistics.
    pub fn played(&self, player: &str) -> Result<Vec<Played>, StoreError> {
        let conn = self.conn()?;
        let mut stmt = conn.prepare_cached(
            "SELECT level, status, elapsed_ms, daily, source FROM games WHERE player = ?1 ORDER BY created, id",
        )?;
        let rows = stmt.query_map([player], |r| {
            let source: String = r.get(4)?;
            let level: Option<String> = r.get(0)?;
            Ok(Played {
                // A puzzle the player brought has no level of ours, whatever it was generated at elsewhere.
                level: if source == "custom" || source == "share" {
                    None
                } else {
                    level
                },
                solved: r.get::<_, String>(1)? == "solved",
                elapsed_ms: r.get(2)?,
                daily: r.get(3)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    // --------------------------------------------------------------------------------------------------------------
    // The pool of fresh puzzles

    /// How many puzzles wait at `level`.
    pub fn pool_count(&self, level: Level) -> Result<usize, StoreError> {
        let n: i64 = self
            .conn()?
            .query_row("SELECT count(*) FROM pool WHERE level = ?1", [level.name()], |r| {
                r.get(0)
            })?;
        Ok(usize::try_from(n).unwrap_or(0))
    }

    /// Adds a made puzzle to the pool.
    pub fn pool_add(&self, made: &Made) -> Result<(), StoreError> {
        self.conn()?.execute(
            "INSERT INTO pool (level, puzzle, solution, seed, made) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![
                made.level.name(),
                line(&made.puzzle),
                line(&made.solution),
                to_i64(made.seed),
                now_ms()
            ],
        )?;
        Ok(())
    }

    /// Takes the oldest puzzle waiting at `level`, if any.
    pub fn pool_take(&self, level: Level) -> Result<Option<Made>, StoreError> {
        let row: Option<(String, String, i64)> = self
            .conn()?
            .query_row(
                "DELETE FROM pool WHERE id = (SELECT id FROM pool WHERE level = ?1 ORDER BY id LIMIT 1)
                 RETURNING puzzle, solution, seed",
                [level.name()],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .optional()?;
        row.map(|(p, s, seed)| {
            Ok(Made {
                puzzle: digits(&p)?,
                solution: digits(&s)?,
                seed: to_u64(seed),
                level,
            })
        })
        .transpose()
    }

    // --------------------------------------------------------------------------------------------------------------
    // Daily puzzles

    /// The daily puzzle of `date` (`YYYY-MM-DD`), if made already.
    pub fn daily(&self, date: &str) -> Result<Option<Made>, StoreError> {
        let row: Option<(String, String, String, i64)> = self
            .conn()?
            .query_row(
                "SELECT level, puzzle, solution, seed FROM daily WHERE date = ?1",
                [date],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
            )
            .optional()?;
        row.map(|(level, p, s, seed)| {
            Ok(Made {
                puzzle: digits(&p)?,
                solution: digits(&s)?,
                seed: to_u64(seed),
                level: level_named(&level).ok_or_else(|| StoreError::Corrupt(format!("a daily level {level}")))?,
            })
        })
        .transpose()
    }

    /// Keeps the daily puzzle of `date` (the first one kept stands: every server makes the same one).
    pub fn put_daily(&self, date: &str, made: &Made) -> Result<(), StoreError> {
        self.conn()?.execute(
            "INSERT OR IGNORE INTO daily (date, level, puzzle, solution, seed) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![
                date,
                made.level.name(),
                line(&made.puzzle),
                line(&made.solution),
                to_i64(made.seed)
            ],
        )?;
        Ok(())
    }
}

/// Why [`Store::update`] made no change.
#[derive(Debug)]
pub enum Refused<E> {
    /// The game changed since the version expected.
    Stale,
    /// The action refused, with its reason.
    By(E),
}

fn migrate(conn: &mut Connection) -> Result<(), StoreError> {
    let version: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    let known = MIGRATIONS.len() as i64;
    if version > known {
        return Err(StoreError::Db(format!(
            "the database is of schema version {version}, newer than this shudu knows ({known}): upgrade shudu"
        )));
    }
    for (k, sql) in MIGRATIONS
        .iter()
        .enumerate()
        .skip(usize::try_from(version).unwrap_or(0))
    {
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        tx.execute_batch(sql)?;
        tx.execute_batch(&format!("PRAGMA user_version = {}", k + 1))?;
        tx.commit()?;
    }
    Ok(())
}

fn status(game: &Game) -> &'static str {
    if game.is_complete() {
        "solved"
    } else {
        "playing"
    }
}

/// The game's state without its history (the moves have rows of their own).
fn snapshot(game: &Game) -> Result<String, StoreError> {
    let mut bare = game.clone();
    bare.take_history();
    serde_json::to_string(&bare).map_err(|e| StoreError::Db(format!("a game could not be written: {e}")))
}

fn load_in(tx: &Transaction<'_>, player: &str, id: &str) -> Result<Option<Loaded>, StoreError> {
    let row = tx
        .prepare_cached(
            "SELECT source, daily, state, elapsed_ms, time_at, undo_depth, redo_depth, version, created
             FROM games WHERE id = ?1 AND player = ?2",
        )?
        .query_row(params![id, player], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, Option<String>>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, i64>(3)?,
                r.get::<_, i64>(4)?,
                r.get::<_, i64>(5)?,
                r.get::<_, i64>(6)?,
                r.get::<_, i64>(7)?,
                r.get::<_, i64>(8)?,
            ))
        })
        .optional()?;
    let Some((source, daily, state, _elapsed, time_at, undo_depth, redo_depth, version, created)) = row else {
        return Ok(None);
    };
    let mut game: Game =
        serde_json::from_str(&state).map_err(|e| StoreError::Corrupt(format!("game {id} cannot be read back: {e}")))?;
    let top = |state: i64, order: &str| -> Result<Vec<Move>, StoreError> {
        let sql =
            format!("SELECT kind, changes FROM moves WHERE game = ?1 AND state = ?2 ORDER BY seq {order} LIMIT 1");
        let found: Option<String> = tx
            .prepare_cached(&sql)?
            .query_row(params![id, state], |r| r.get::<_, String>(1))
            .optional()?;
        found
            .map(|text| {
                serde_json::from_str::<Move>(&text)
                    .map_err(|e| StoreError::Corrupt(format!("a move of game {id} cannot be read back: {e}")))
            })
            .into_iter()
            .collect()
    };
    let undo = top(DONE, "DESC")?;
    let redo = top(UNDONE, "ASC")?;
    game.restore_history(undo, redo);
    game.validate()
        .map_err(|e| StoreError::Corrupt(format!("game {id} is unsound: {e}")))?;
    Ok(Some(Loaded {
        game,
        meta: Meta {
            id: id.to_string(),
            source: Source::parse(&source),
            daily,
            created,
            time_at,
        },
        undo_depth,
        redo_depth,
        version,
    }))
}

/// Writes what an action did: the move's row, the stacks' depths, and the board as it now stands.
fn record(tx: &Transaction<'_>, loaded: &mut Loaded, outcome: Outcome) -> Result<(), StoreError> {
    let id = loaded.meta.id.clone();
    let now = now_ms();
    let elapsed = loaded.game.elapsed_ms() as i64;
    match outcome {
        Outcome::Nothing | Outcome::State => {}
        Outcome::Moved => {
            let Some(m) = loaded.game.last_move() else {
                return Err(StoreError::Db("a move was reported but none was made".into()));
            };
            let changes = serde_json::to_string(m).map_err(|e| StoreError::Db(e.to_string()))?;
            tx.prepare_cached("UPDATE moves SET state = ?2 WHERE game = ?1 AND state = ?3")?
                .execute(params![id, DROPPED, UNDONE])?;
            tx.prepare_cached(
                "INSERT INTO moves (game, seq, kind, changes, state, at, elapsed_ms)
                 SELECT ?1, next_seq, ?2, ?3, ?4, ?5, ?6 FROM games WHERE id = ?1",
            )?
            .execute(params![id, m.kind.name(), changes, DONE, now, elapsed])?;
            loaded.undo_depth += 1;
            loaded.redo_depth = 0;
        }
        Outcome::Undone => {
            tx.prepare_cached(
                "UPDATE moves SET state = ?2 WHERE game = ?1 AND seq =
                   (SELECT max(seq) FROM moves WHERE game = ?1 AND state = ?3)",
            )?
            .execute(params![id, UNDONE, DONE])?;
            loaded.undo_depth -= 1;
            loaded.redo_depth += 1;
        }
        Outcome::Redone => {
            tx.prepare_cached(
                "UPDATE moves SET state = ?2 WHERE game = ?1 AND seq =
                   (SELECT min(seq) FROM moves WHERE game = ?1 AND state = ?3)",
            )?
            .execute(params![id, DONE, UNDONE])?;
            loaded.undo_depth += 1;
            loaded.redo_depth -= 1;
        }
    }
    let state = snapshot(&loaded.game)?;
    let finished = loaded.game.is_complete().then_some(now);
    loaded.version += 1;
    tx.prepare_cached(
        "UPDATE games SET state = ?2, status = ?3, elapsed_ms = ?4, time_at = ?5, undo_depth = ?6, redo_depth = ?7,
                next_seq = next_seq + ?8, version = ?9, updated = ?10, finished = coalesce(finished, ?11)
         WHERE id = ?1",
    )?
    .execute(params![
        id,
        state,
        status(&loaded.game),
        elapsed,
        loaded.meta.time_at,
        loaded.undo_depth,
        loaded.redo_depth,
        i64::from(outcome == Outcome::Moved),
        loaded.version,
        now,
        finished,
    ])?;
    Ok(())
}
