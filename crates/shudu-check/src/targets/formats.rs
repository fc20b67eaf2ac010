//! The readers: whatever a reader accepts is a sound board, and written back and read again it is the same.

use shudu::format::{
    self, parse_grid, parse_library_line, parse_line, parse_pencilmarks, to_grid, to_library_line, to_line,
    to_pencilmarks,
};
use shudu::{Bitboard, Candidates, Cell, Digit, Grid, House};

/// Panics unless `grid` keeps its views in step and breaks no rule a board keeps: a filled cell has no candidates;
/// a candidate is listed in its cell and in its digit's places alike; no two equal digits in a house; no empty cell
/// lists a digit a peer holds; givens are filled cells.
pub fn assert_sound_board(grid: &Grid) {
    let mut empty = Bitboard::EMPTY;
    for cell in Cell::ALL {
        match grid.value(cell) {
            Some(d) => {
                assert!(
                    grid.candidates(cell).is_empty(),
                    "{cell} holds {d} and lists candidates"
                );
                assert!(
                    (grid.digit_cells(d) & cell.peer_set()).is_empty(),
                    "a peer of {cell} lists the {d} it holds"
                );
            }
            None => empty.insert(cell),
        }
        for d in Digit::ALL {
            assert_eq!(
                grid.candidates(cell).contains(d),
                grid.digit_cells(d).contains(cell),
                "{cell} {d}: the two views differ"
            );
        }
    }
    assert_eq!(grid.empty_cells(), empty, "the empty cells");
    assert!((grid.givens() & empty).is_empty(), "a given in an empty cell");
    for house in House::ALL {
        let mut seen = 0u16;
        for &c in house.cells() {
            if let Some(d) = grid.value(c) {
                assert_eq!(seen & 1 << d.get(), 0, "{d} twice in {house}");
                seen |= 1 << d.get();
            }
        }
    }
}

fn text(data: &[u8]) -> String {
    String::from_utf8_lossy(data).into_owned()
}

/// The 81-character line: what it reads, written back, reads the same.
pub fn line(data: &[u8]) {
    let text = text(data);
    match parse_line(&text) {
        Ok(values) => {
            let written = to_line(&values);
            assert_eq!(written.chars().count(), 81);
            assert_eq!(parse_line(&written), Ok(values), "{text:?}");
            if let Ok(g) = Grid::from_values(&values) {
                assert_sound_board(&g);
            }
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
}

/// The 9-line grid.
pub fn grid(data: &[u8]) {
    let text = text(data);
    if let Ok(values) = parse_grid(&text) {
        assert_eq!(parse_grid(&to_grid(&values)), Ok(values), "{text:?}");
    }
}

/// What the pencil-mark grid of `g` reads back as: `g` itself, except that an empty cell left with one candidate
/// reads as solved (the format cannot tell them apart), and its digit then leaves its peers' candidates; every
/// solved cell reads as a given.
pub fn pencilmarks_read_back(g: &Grid) -> Result<Grid, format::ParseError> {
    let mut values = *g.values();
    let mut candidates = [Candidates::EMPTY; 81];
    for cell in Cell::ALL {
        let set = g.candidates(cell);
        match set.single() {
            Some(d) if g.value(cell).is_none() => values[cell.index()] = d.get(),
            _ => candidates[cell.index()] = set,
        }
    }
    let solved: Bitboard = Cell::ALL.iter().copied().filter(|c| values[c.index()] != 0).collect();
    Ok(Grid::from_state(&values, &candidates, solved)?)
}

/// The pencil-mark grid: a sound board, which reads back as [`pencilmarks_read_back`] says.
pub fn pencilmarks(data: &[u8]) {
    let text = text(data);
    if let Ok(g) = parse_pencilmarks(&text) {
        assert_sound_board(&g);
        assert_eq!(
            parse_pencilmarks(&to_pencilmarks(&g)),
            pencilmarks_read_back(&g),
            "{text:?}"
        );
    }
}

/// HoDoKu's library line: a sound board, and the case reads back the same.
pub fn library(data: &[u8]) {
    let text = text(data);
    if let Ok(case) = parse_library_line(&text) {
        assert_sound_board(&case.grid);
        assert_eq!(
            parse_library_line(&to_library_line(&case)).as_ref(),
            Ok(&case),
            "{text:?}"
        );
    }
}

/// JSON: a sound board, and it reads back the same.
pub fn json(data: &[u8]) {
    if let Ok(g) = serde_json::from_slice::<Grid>(data) {
        assert_sound_board(&g);
        let written = serde_json::to_string(&g).expect("a board is written as JSON");
        assert_eq!(serde_json::from_str::<Grid>(&written).ok().as_ref(), Some(&g));
    }
    // The other shapes the engine reads from JSON.
    let _ = serde_json::from_slice::<Cell>(data);
    let _ = serde_json::from_slice::<Digit>(data);
    let _ = serde_json::from_slice::<Candidates>(data);
}

/// Any format, told apart by its shape: a sound board, whose values read back the same as a line.
pub fn parse(data: &[u8]) {
    let text = text(data);
    match format::parse(&text) {
        Ok(g) => {
            assert_sound_board(&g);
            let again = format::parse(&to_line(g.values())).expect("a board's line reads back");
            assert_eq!(again.values(), g.values(), "{text:?}");
        }
        Err(e) => {
            // An error says what and where: a line number within the text, a column within the line.
            let lines = text.lines().count().max(1);
            if let Some(l) = e.line {
                assert!((1..=lines).contains(&l), "line {l} of {lines}: {e}");
            }
            assert!(!e.to_string().is_empty());
        }
    }
}
