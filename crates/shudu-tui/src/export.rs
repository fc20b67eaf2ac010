//! The board as a picture: `e` in the game writes the position as SVG and PNG, drawn by the same renderer as `shudu
//! draw` and the web game's explain view (`shudu-draw`), with the player's digits, notes and mistakes.

use std::io;
use std::path::{Path, PathBuf};

use shudu::Cell;
use shudu_draw::{Board, Options, Theme};
use shudu_game::Game;

use crate::save::write_atomically;

/// The PNG's width, in pixels: sharp on a phone, small enough to send.
const PNG_WIDTH: u32 = 720;

/// The picture of `game` as it stands: givens, the player's digits, their centre notes as candidates, the cells the
/// checking marks framed, and a caption with what the status line says.
pub fn svg(game: &Game, caption: &str) -> String {
    let mut board = Board::from_game(game.puzzle(), game.values());
    board.candidates = *game.all_notes();
    let options = Options {
        theme: Theme::Light,
        candidates: true,
        caption: Some(caption.to_string()),
        flagged: Cell::ALL.into_iter().filter(|&c| game.is_error(c)).collect(),
        ..Options::default()
    };
    shudu_draw::svg(&board, None, &options)
}

/// Writes `name.svg` and `name.png` into `dir`, each whole or not at all; answers the two paths.
pub fn write(dir: &Path, name: &str, game: &Game, caption: &str) -> io::Result<(PathBuf, PathBuf)> {
    let picture = svg(game, caption);
    let png = shudu_draw::png(&picture, PNG_WIDTH).map_err(|e| io::Error::other(e.to_string()))?;
    let (svg_path, png_path) = (dir.join(format!("{name}.svg")), dir.join(format!("{name}.png")));
    write_atomically(&svg_path, picture.as_bytes())?;
    write_atomically(&png_path, &png)?;
    Ok((svg_path, png_path))
}

#[cfg(test)]
mod tests {
    use super::*;
    use shudu::Digit;

    #[test]
    fn the_picture_shows_digits_notes_and_mistakes() {
        let puzzle = shudu::format::parse_line(
            "006800005080200007050347200000000013003009000800000500000060080000403000700100020",
        )
        .unwrap();
        let mut game = Game::new(puzzle, None, None).unwrap();
        let empty: Vec<Cell> = Cell::ALL.into_iter().filter(|&c| game.value(c).is_none()).collect();
        let truth = game.solution()[empty[0].index()];
        let clash = empty[1].peers().iter().find_map(|&p| game.value(p)).unwrap();
        game.place(empty[0], Digit::new(truth).unwrap());
        game.place(empty[1], clash);
        game.toggle_note(empty[2], Digit::new(4).unwrap());
        let picture = svg(&game, "Custom · 0:42");
        assert!(picture.starts_with("<svg"));
        assert!(picture.contains("Custom · 0:42"));
        let dir = std::env::temp_dir().join(format!("shudu-export-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (s, p) = write(&dir, "board", &game, "Custom · 0:42").unwrap();
        assert_eq!(std::fs::read_to_string(&s).unwrap(), picture);
        assert_eq!(&std::fs::read(&p).unwrap()[1..4], b"PNG");
        // The flagged clash and the note differ from the plain board's picture.
        let plain = Game::new(puzzle, None, None).unwrap();
        assert_ne!(svg(&plain, "Custom · 0:42"), picture);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
