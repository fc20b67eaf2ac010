//! The terminal game's save loader: any file as `game.json` (or `stats.json`) is either a sound game, which then takes
//! any move without panicking and survives a save and a load unchanged, or is set aside and reported, never fatal.

use shudu::{Cell, Digit};
use shudu_tui::save::{Loaded, Store, GAME_FILE, STATS_FILE};

use super::bytes::Bytes;

/// A store in a directory of this process's own, emptied before each input.
fn fresh() -> Store {
    let dir = super::scratch().join("save");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    Store::at(dir)
}

/// The check: the first byte picks the file (even: the game, odd: the statistics), the rest is its content; after a
/// sound game's JSON, the bytes past a NUL pick moves.
pub fn save(data: &[u8]) {
    let mut b = Bytes::new(data);
    let which = b.u8();
    let rest = b.rest();
    let (content, moves) = match rest.iter().position(|&x| x == 0) {
        Some(at) => (&rest[..at], &rest[at + 1..]),
        None => (rest, &[][..]),
    };
    let store = fresh();
    let name = if which.is_multiple_of(2) { GAME_FILE } else { STATS_FILE };
    std::fs::write(store.dir().join(name), content).expect("the file is written");
    if name == STATS_FILE {
        match store.load_stats() {
            Loaded::Found(stats) => {
                store.save_stats(&stats).expect("statistics are saved");
                assert!(matches!(store.load_stats(), Loaded::Found(s) if s == stats));
            }
            Loaded::Corrupt(message) => set_aside(&store, STATS_FILE, &message),
            Loaded::Missing => panic!("the file was written"),
        }
        return;
    }
    let mut game = match store.load_game() {
        Loaded::Found(game) => game,
        Loaded::Corrupt(message) => return set_aside(&store, GAME_FILE, &message),
        Loaded::Missing => panic!("the file was written"),
    };
    // Any moves on a game the loader accepted.
    let mut m = Bytes::new(moves);
    for _ in 0..m.u8() % 16 {
        let cell = Cell::ALL[m.below(81) as usize];
        let digit = Digit::new(1 + m.below(9) as u8).expect("1-9");
        match m.u8() % 8 {
            0 => {
                game.place(cell, digit);
            }
            1 => {
                game.toggle_note(cell, digit);
            }
            2 => {
                game.clear(cell);
            }
            3 => {
                game.undo();
            }
            4 => {
                game.redo();
            }
            5 => {
                game.fill_candidates();
            }
            _ => {
                let _ = game.hint();
            }
        }
    }
    store.save_game(&game).expect("a game is saved");
    let again = match store.load_game() {
        Loaded::Found(again) => again,
        Loaded::Corrupt(message) => panic!("a game just saved does not load back: {message}"),
        Loaded::Missing => panic!("a game just saved is missing"),
    };
    let json = |g: &shudu_tui::Game| serde_json::to_string(g).expect("a game is written as JSON");
    assert_eq!(json(&again), json(&game));
}

/// A file that could not be read back is gone from its place, kept beside it, and the message says so.
fn set_aside(store: &Store, name: &str, message: &str) {
    assert!(!store.dir().join(name).exists(), "{name} was not set aside: {message}");
    let kept = std::fs::read_dir(store.dir())
        .expect("the directory is readable")
        .filter_map(Result::ok)
        .any(|e| e.file_name().to_string_lossy().starts_with(&format!("{name}.corrupt-")));
    assert!(kept, "{name} was not kept: {message}");
    assert!(message.contains("set aside"), "{message}");
}
