//! Hints are always right: 200 generated puzzles, played to the end by taking nothing but hints, all end solved.

use shudu::logic::Level;
use shudu_tui::Game;

#[test]
fn two_hundred_puzzles_solved_by_hints_alone() {
    for n in 0..200u64 {
        // Easy and Medium alternate, so eliminations (which write notes) are applied as well as placements.
        let level = if n % 2 == 0 { Level::Easy } else { Level::Medium };
        let seed = 1000 + n;
        let mut game = Game::generate(level, seed).expect("the generator makes Easy and Medium puzzles");
        let mut presses = 0;
        while !game.is_complete() {
            let view = game.hint().expect("an unfinished game always has a hint");
            assert!(
                !view.text.starts_with("First fix"),
                "{level} seed {seed}: a hint led to a mistake: {}",
                view.text
            );
            presses += 1;
            assert!(presses < 3 * 81 * 9, "{level} seed {seed}: hints made no progress");
        }
        assert_eq!(game.values(), game.solution(), "{level} seed {seed}");
    }
}
