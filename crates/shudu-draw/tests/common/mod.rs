//! What the renderer's tests share: real steps of every family, found by the engine on HoDoKu's library cases and
//! on real puzzles, and a way to look into the SVG.

// Each test file uses its own part of this module.
#![allow(dead_code)]

use shudu::format::{parse_library_line, parse_line};
use shudu::logic::{Silent, Solver, Step, Technique};
use shudu::Grid;

/// HoDoKu regression library lines, one a family, copied from its `reglib` file so the tests need no shared data.
pub const SINGLE: &str = ":0002:1:2+8.+64...74+6....+2.+8317+9+285+46.5+3..9.2+4.+42.3.7.+9.9.4...8+35+382+9+6471.+7......21+2..8...5:::163:";
pub const POINTING: &str = ":0100:1:.+92....+365...3+697..3+6.+94...+2.58.1.+9+3+3.96.28.....9.32..+9+5+34+6..2..87+32+9..56+2....3.+9:811 515 715 538 761 595 795:193 198::";
pub const NAKED_PAIR: &str = ":0200:16:7.+9...+3+4.+3.274.58+948+59..+7+2..3+1..8+49+7.47.9.86..9+84.+7+21.+8+2+3.+79.54+176+2549+3+8+9+5+4....+72::114 115 116 614 615 616::";
pub const FINNED_SWORDFISH: &str = ":0311:4:3+2.+1.+7+6+9+8..862.+713..+6+3+9+8+245+6+8.....7.5.783..+2.2.1.7..8..6..+89.+3....71.86.+8...+639+5.:422 443 546 147 447 456 459 566 467 469 471 482 283 483 583 492 299 499:466::";
pub const XY_WING: &str = ":0800:169:+71+4.+6.5+38+8..4+53..+7+3567+1+8+4+2+9....2+4.8+54.....3.22+8+5376+9+419+78+6+3+1254.....7..+6........3::942 943 954 955 956::";
pub const UNIQUE_RECTANGLE: &str = ":0600-1:23:+4+7.3..1.8+85.4...9.39.+86.+4.7+1342+8.+5.+9+2+8+5+1...+3+496+7+53+4..1+6+2871+3+9+45+5+1+3+9+42..+6+74+96+58.+1.::227 327::";
pub const SIMPLE_COLORS: &str = ":0500:1:+23.7.+68+955972+8...+6+6..+9+3+5.+7.+3.+6.9.5.7+7+5.+36...+9+4.+9+5+7.+683+872.+5396.+94+5+6.7..+8+1638.+9+7+5.:439:127 128 132 133::";
pub const X_CHAIN: &str =
    ":0701:7:3.4+52..8...6.+9.....5..7.3.....68+9.2+3...+734....6+315+27...1.+9+6......9.+4..6.+6.8217..5::742::5";
pub const GROUPED_AIC: &str = ":0711-1:1:.+5243+19+6..3+67...1519.....2.2.......694.......+5+6....74+93.9......6.+5.1.....8.5..69.:825 826 833 837 839 254 255 256 779 789 495 496 499 799:143 153::7";
pub const ALS_XZ: &str = ":0901-1:3:.24.6.+7..5.74.9.1.....+7......+5.9+4+87+14+7.+6.85.3..8..7.6.+7......46.+46..3.+57.5.7+4+61..:314 819 225 134 237 937 238 938 239 839 269 372 972 973 274 291 891 999:327::";

/// top1465's 67th puzzle: its path takes a Forcing Chain (Verity) with three branches.
pub const FORCING_CHAIN_PUZZLE: &str =
    "....3...27..4......3.....9..6..2....8.....7........1..4..7.1......6...35.....8...";
/// top1465's first puzzle: its path takes a Forcing Net with twelve branches.
pub const FORCING_NET_PUZZLE: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
/// The seeds' example puzzle.
pub const SEED: &str = "006800005080200007050347200000000013003009000800000500000060080000403000700100020";

/// The state of a library line and the step of its technique that makes exactly its eliminations or placements.
pub fn library_step(line: &str) -> (Grid, Step) {
    let case = parse_library_line(line).expect("the library line parses");
    let technique = Technique::from_code(&case.code).expect("the code names a technique");
    let mut eliminations = case.eliminations.clone();
    eliminations.sort_unstable();
    let step = Solver::find_all(technique, &case.grid)
        .into_iter()
        .find(|s| {
            if case.placements.is_empty() {
                s.eliminations == eliminations
            } else {
                s.placements == case.placements
            }
        })
        .unwrap_or_else(|| panic!("no {technique} with the library's result in {line}"));
    (case.grid, step)
}

/// The state before the first step of `technique` on the default ladder's path through `puzzle`, and that step.
pub fn path_step(puzzle: &str, technique: Technique) -> (Grid, Step) {
    let values = parse_line(puzzle).expect("the puzzle parses");
    let grid = Grid::from_values(&values).expect("the givens do not clash");
    let report = Solver::new().solve(&grid, &mut Silent);
    let mut state = grid;
    for step in report.steps {
        if step.technique == technique {
            return (state, step);
        }
        step.apply(&mut state).expect("the path's steps apply");
    }
    panic!("the path through {puzzle} takes no {technique}");
}

/// The elements of an SVG whose `class` is exactly `class`.
pub fn with_class<'a, 'i>(doc: &'a roxmltree::Document<'i>, class: &str) -> Vec<roxmltree::Node<'a, 'i>> {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .collect()
}

/// The text of the SVG's first element named `tag`.
pub fn text_of(doc: &roxmltree::Document, tag: &str) -> String {
    doc.descendants()
        .find(|n| n.has_tag_name(tag))
        .and_then(|n| n.text())
        .unwrap_or_default()
        .to_string()
}
