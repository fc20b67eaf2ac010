//! SE's nested forcing chains (9.5 and up), step by step: at every position where serate took a step of a nested
//! level on its way through a hard puzzle (forum_hardest_1106's first twelve, traced by SeTrace with `--state`),
//! shudu's first hint at that level is compared with serate's: kind, rating, complexity and eliminations. A few
//! positions differ (at level 2, three where SE takes another hint of the same kind, rating and complexity first:
//! the order among ties); the test fails if fewer agree than today, and lists those that differ. Level 5, "(+
//! Dynamic Forcing Chains (+))", has no traced position yet. Then whole puzzles: forum_hardest_1106's first 24,
//! rated by serate, each must get serate's ER/EP/ED.
//!
//! The fixtures were made with
//!
//! ```sh
//! S=../shared/tools/serate
//! head -12 ../shared/data/puzzles/forum_hardest_1106.txt > fh.txt   # about an hour
//! java -cp $S/serate.jar:$S/setrace.jar SeTrace --state fh.txt > fh.trace
//! grep '(+ Forcing Chains)"' fh.trace | jq -c '{rule,rating,complexity,eliminations,placements,values,cands}'
//! # the same with '(+ Multiple Forcing Chains)"' (level 3) and '(+ Dynamic Forcing Chains)"' (level 4)
//! head -24 ../shared/data/puzzles/forum_hardest_1106.txt > fh24.txt
//! java -cp $S/serate.jar diuf.sudoku.test.serate --format='%g ED=%r/%p/%d' --input=fh24.txt
//! ```

mod common;

use common::serate::{describe, positions};
use shudu::se::Rule;

/// Level by level: the fixture, how many positions it holds, and how many agree today (the test fails below it).
const LEVELS: [(u8, &str, usize, usize); 3] = [
    (2, include_str!("data/serate_nested2_states.jsonl"), 113, 110),
    (3, include_str!("data/serate_nested3_states.jsonl"), 13, 13),
    (4, include_str!("data/serate_nested4_states.jsonl"), 3, 2),
];

#[test]
fn nested_levels_take_serates_first_hint() {
    for (level, text, count, floor) in LEVELS {
        let (mut checked, mut wrong) = (0, Vec::new());
        for (n, position) in positions(text).iter().enumerate() {
            let expected = &position.expected;
            let got = describe(Rule::Nested(level).first(&position.board));
            checked += 1;
            if got != *expected {
                wrong.push(format!("state {}: serate {expected}\n          shudu  {got}", n + 1));
            }
        }
        assert_eq!(checked, count, "level {level}: {checked} states");
        let agree = checked - wrong.len();
        println!(
            "level {level}: serate's first hint at {agree} of {checked} positions; differing:\n{}",
            wrong.join("\n")
        );
        assert!(
            agree >= floor,
            "level {level}: {agree} of {checked} agree, fewer than {floor}"
        );
    }
}

/// Whole puzzles whose serate paths run through the nested levels (forum_hardest_1106's first 24, ER 10.2 to 11.8,
/// rated by serate: about 67 minutes of its time): shudu's ER/EP/ED are serate's, every one.
#[test]
fn forum_hardest_puzzles_get_serates_ratings() {
    let text = include_str!("data/serate_fh1106_1_24.txt");
    let mut wrong = Vec::new();
    for line in text.lines() {
        let (puzzle, serate) = line.split_once(' ').expect("a puzzle and serate's figures");
        let values: [u8; 81] = core::array::from_fn(|i| puzzle.as_bytes()[i].saturating_sub(b'0') % 10);
        let rating = shudu::se::rate(&values);
        let ours = format!("ED={}", rating.serate());
        if ours != serate {
            wrong.push(format!("{puzzle}: serate {serate}, shudu {ours}"));
        }
    }
    assert_eq!(text.lines().count(), 24);
    assert!(wrong.is_empty(), "{} of 24 differ:\n{}", wrong.len(), wrong.join("\n"));
}
