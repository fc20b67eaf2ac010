//! Writes the fuzz targets' seed corpora (`fuzz/corpus/<target>/seed-*`), made from the engine's own writers and a
//! few hand-written inputs, so they are small, ours, and made again by one command:
//!
//! ```sh
//! cargo run -p shudu-check --example seeds
//! ```

use std::path::{Path, PathBuf};

use serde_json::json;
use shudu::format::{parse_line, to_grid, to_library_line, to_pencilmarks, LibraryCase};
use shudu::logic::{Silent, Solver};
use shudu::{Candidates, Cell, Digit, Grid};
use shudu_check::targets::hint::PUZZLES;

const TOP1: &str = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
const SEED: &str = "006800005080200007050347200000000013003009000800000500000060080000403000700100020";

fn write(dir: &Path, target: &str, name: &str, data: &[u8]) {
    let folder = dir.join(target);
    std::fs::create_dir_all(&folder).expect("the corpus folder is made");
    std::fs::write(folder.join(format!("seed-{name}")), data).expect("the seed is written");
}

fn grid(line: &str) -> Grid {
    Grid::from_values(&parse_line(line).expect("a puzzle")).expect("no clash")
}

/// The board after `n` steps of the default ladder.
fn along(line: &str, n: usize) -> Grid {
    let mut g = grid(line);
    let report = Solver::new().solve(&g, &mut Silent);
    for step in report.steps.iter().take(n) {
        step.apply(&mut g).expect("a sound step");
    }
    g
}

fn main() {
    let dir: PathBuf = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus");
    let top = grid(TOP1);
    let middle = along(PUZZLES[3], 30);
    let solution = "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

    // The line.
    for (name, text) in [
        ("top1", TOP1.to_string()),
        ("comment", format!("{TOP1} top1465 #1")),
        ("zeros", SEED.to_string()),
        ("solution", solution.to_string()),
        (
            "blanks",
            TOP1.replace('.', "_").replacen('_', "-", 9).replacen('_', "*", 9),
        ),
        ("short", TOP1[..40].to_string()),
        ("bad", TOP1.replacen('.', "x", 1)),
    ] {
        write(&dir, "line", name, text.as_bytes());
    }

    // The 9-line grid.
    write(&dir, "grid", "plain", to_grid(top.values()).as_bytes());
    let qqwing: String = TOP1
        .as_bytes()
        .chunks(9)
        .enumerate()
        .map(|(r, row)| {
            let row = String::from_utf8_lossy(row);
            let sep = if r % 3 == 2 && r < 8 {
                "\n-------|-------|-------"
            } else {
                ""
            };
            format!("{} | {} | {}{sep}\n", &row[..3], &row[3..6], &row[6..])
        })
        .collect();
    write(&dir, "grid", "qqwing", qqwing.as_bytes());
    write(
        &dir,
        "grid",
        "bare",
        SEED.as_bytes()
            .chunks(9)
            .map(|r| format!("{}\n", String::from_utf8_lossy(r)))
            .collect::<String>()
            .as_bytes(),
    );

    // The pencil-mark grid.
    write(&dir, "pencilmarks", "start", to_pencilmarks(&top).as_bytes());
    write(&dir, "pencilmarks", "middle", to_pencilmarks(&middle).as_bytes());
    let one_line: String = Cell::ALL
        .iter()
        .map(|&c| match middle.value(c) {
            Some(d) => d.to_string(),
            None => middle.candidates(c).to_string(),
        })
        .collect::<Vec<_>>()
        .join(" ");
    write(&dir, "pencilmarks", "one-line", one_line.as_bytes());
    let stale = "1 29 3 124 5 6 7 89 289\n4 57 6 127 8 9 12 3 2\n7 8 1279 127 3 1 5 169 4\n2 1 8 3 9 5 48 7 568\n\
                 367 4 5 67 17 2 9 169 689\n67 679 789 145678 4 1578 3 2 5\n5 267 127 1789 17 3 28 4 2789\n\
                 8 3 47 579 2 57 6 9 1\n9 237 127 78 6 4 2 5 2378\n";
    write(&dir, "pencilmarks", "stale", stale.as_bytes());

    // HoDoKu's library line, written by the engine (HoDoKu's own library is GPL test data and stays outside).
    let mut dug = middle.clone();
    let first_empty = dug.empty_cells().first().expect("an empty cell");
    let extra = dug.candidates(first_empty).iter().last().expect("a candidate");
    dug.eliminate(first_empty, extra);
    let case = LibraryCase {
        code: "0100".to_string(),
        variant: None,
        digits: Candidates::only(Digit::new(1).expect("1")),
        grid: dug,
        eliminations: vec![(first_empty, extra)],
        placements: vec![],
        extra: String::new(),
    };
    write(&dir, "library", "case", to_library_line(&case).as_bytes());
    let fail = LibraryCase {
        variant: Some("x".to_string()),
        ..case.clone()
    };
    write(&dir, "library", "fail-case", to_library_line(&fail).as_bytes());
    write(&dir, "library", "three-fields", format!(":0000::{TOP1}").as_bytes());

    // JSON.
    let json_of = |g: &Grid| serde_json::to_string(g).expect("a board is written");
    write(&dir, "json", "start", json_of(&top).as_bytes());
    write(&dir, "json", "middle", json_of(&middle).as_bytes());
    write(
        &dir,
        "json",
        "values-only",
        json!({ "values": TOP1 }).to_string().as_bytes(),
    );
    write(&dir, "json", "cell", b"\"r1c9\"");
    write(&dir, "json", "candidates", b"\"137\"");

    // Any format.
    write(&dir, "parse", "line", TOP1.as_bytes());
    write(&dir, "parse", "grid", to_grid(top.values()).as_bytes());
    write(&dir, "parse", "pencilmarks", to_pencilmarks(&middle).as_bytes());
    write(&dir, "parse", "library", to_library_line(&case).as_bytes());
    write(&dir, "parse", "comments", format!("# a puzzle\n\n{TOP1}\n").as_bytes());

    // Hint: a text (first byte even) or a state made from bytes (first byte odd).
    let text = |first: u8, body: &str| [&[first][..], body.as_bytes()].concat();
    write(&dir, "hint", "text-start", &text(0, &to_pencilmarks(&top)));
    write(&dir, "hint", "text-middle", &text(0, &to_pencilmarks(&middle)));
    write(&dir, "hint", "text-stale", &text(0, stale));
    write(&dir, "hint", "text-line", &text(0, SEED));
    for (i, bytes) in [
        [1u8, 0, 3, 1, 2, 3, 4, 5, 6, 7, 8, 0, 0],
        [3, 0, 2, 9, 9, 9, 9, 9, 9, 9, 9, 0, 1],
        [5, 0, 7, 0, 0, 0, 0, 0, 0, 0, 42, 0, 3],
        [7, 0, 5, 17, 0, 1, 2, 3, 4, 5, 6, 0, 2],
    ]
    .iter()
    .enumerate()
    {
        write(&dir, "hint", &format!("state-{i}"), bytes);
    }

    // Explain and rate: a line (first byte even) or values from bytes (first byte odd).
    write(&dir, "explain", "easy", &text(0, SEED));
    write(&dir, "explain", "pairs", &text(0, PUZZLES[1]));
    write(&dir, "explain", "top1", &text(0, TOP1));
    write(
        &dir,
        "explain",
        "several",
        &text(
            0,
            "..3.....6...98..2.9426..7..45...6............1.9.5.47.....25.4.6...785...........",
        ),
    );
    write(
        &dir,
        "explain",
        "none",
        &text(
            0,
            "..9.7...5..21..9..1...28....7...5..1..851.....5....3.......3..68........21.....87",
        ),
    );
    let mut open = vec![1u8];
    open.extend((0..81u8).map(|i| if i % 7 == 0 { 201 + i % 50 } else { 0 }));
    write(&dir, "explain", "open", &open);

    // The generator's options: level, symmetry, minimal, techniques, givens, attempts, seed.
    for (name, bytes) in [
        ("any", vec![0u8, 0, 0, 0, 17, 81, 1, 0, 0, 0, 0, 0, 0, 0, 42]),
        ("easy-rot180", vec![1, 1, 0, 0, 17, 81, 2, 0, 0, 0, 0, 0, 0, 0, 7]),
        ("hard-minimal", vec![3, 0, 1, 0, 17, 81, 3, 0, 0, 0, 0, 0, 0, 1, 1]),
        (
            "needs-xwing",
            vec![3, 0, 0, 1, 0, 20, 17, 81, 3, 0, 0, 0, 0, 0, 0, 0, 9],
        ),
        ("impossible", vec![1, 2, 0, 0, 17, 17, 1]),
        ("givens", vec![2, 5, 0, 0, 30, 32, 2, 0, 0, 0, 0, 0, 0, 0, 3]),
    ] {
        write(&dir, "generate", name, &bytes);
    }

    // The terminal game's save: a game (first byte even) or the statistics (odd); after a NUL, moves.
    let mut game = shudu_tui::Game::new(parse_line(SEED).expect("a puzzle"), None, Some(7)).expect("proper");
    game.fill_candidates();
    let _ = game.hint();
    let saved = serde_json::to_vec(&game).expect("a game is written");
    write(&dir, "save", "game", &[&[0u8][..], &saved].concat());
    write(
        &dir,
        "save",
        "game-moves",
        &[&[0u8][..], &saved, &[0, 9, 5, 3, 1, 0, 0, 7, 2, 8, 0, 40, 1, 6]].concat(),
    );
    write(&dir, "save", "stats", &[1u8, b'{', b'}']);
    let stats =
        json!({ "settings": {}, "levels": { "Easy": { "completed": 2, "best_ms": 60000, "total_ms": 150000 } } });
    write(
        &dir,
        "save",
        "stats-levels",
        &[&[1u8][..], stats.to_string().as_bytes()].concat(),
    );
    write(
        &dir,
        "save",
        "truncated",
        &[&[0u8][..], &saved[..saved.len() / 2]].concat(),
    );

    // The web game's API: the endpoint, then the body.
    let body = |which: u8, v: serde_json::Value| [&[which][..], v.to_string().as_bytes()].concat();
    write(&dir, "web", "new-puzzle", &body(0, json!({ "puzzle": TOP1 })));
    write(
        &dir,
        "web",
        "new-seed",
        &body(0, json!({ "level": "easy", "seed": 42 })),
    );
    write(
        &dir,
        "web",
        "new-share",
        &body(0, json!({ "puzzle": SEED, "values": SEED, "notes": vec![0; 81] })),
    );
    write(&dir, "web", "new-daily", &body(0, json!({ "daily": "2026-01-01" })));
    write(
        &dir,
        "web",
        "move-place",
        &body(
            1,
            json!({ "action": "place", "cells": [0, 1], "digit": 5, "elapsed_ms": 1000 }),
        ),
    );
    write(
        &dir,
        "web",
        "move-note",
        &body(1, json!({ "action": "note", "cells": [0], "digit": 2 })),
    );
    write(&dir, "web", "move-undo", &body(1, json!({ "action": "undo" })));
    write(
        &dir,
        "web",
        "settings",
        &body(2, json!({ "theme": "dark", "checking": "solution" })),
    );
    write(&dir, "web", "hint", &body(3, json!({})));
    write(&dir, "web", "time", &body(4, json!({ "elapsed_ms": 5000 })));
    write(&dir, "web", "explain", &[&[5u8][..], b"lang=zh&theme=dark"].concat());
    write(&dir, "web", "path", &[&[6u8][..], b"0123456789abcdef/moves"].concat());

    // Moves on one game, from bytes.
    write(
        &dir,
        "web_moves",
        "a-few",
        &[6, 0, 2, 0, 1, 0, 5, 3, 1, 2, 2, 9, 7, 1, 4, 0, 0, 0, 6, 0],
    );
    write(
        &dir,
        "web_moves",
        "hints",
        &[4, 4, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 9],
    );

    println!("seed corpora written under {}", dir.display());
}
