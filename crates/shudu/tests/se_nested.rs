//! SE's nested forcing chains, level 2 (9.5 and up: "(+ Forcing Chains)"), step by step: at every position where
//! serate took such a step on its way through a hard puzzle (forum_hardest_1106's first twelve, traced by SeTrace
//! with `--state`), shudu's first hint is compared with serate's: kind, rating, complexity and eliminations. Not
//! every position agrees yet (the nested chain SE takes among several of equal rating and length is not always the
//! one shudu takes, and its causes, and so the outer chain's complexity, then differ): the test fails if fewer agree
//! than today, and lists those that differ.
//!
//! The fixture was made with
//!
//! ```sh
//! S=../shared/tools/serate
//! head -12 ../shared/data/puzzles/forum_hardest_1106.txt > fh.txt   # about an hour
//! java -cp $S/serate.jar:$S/setrace.jar SeTrace --state fh.txt \
//!     | grep '(+ Forcing Chains)"' | jq -c '{rule,rating,complexity,eliminations,placements,values,cands}'
//! ```

mod common;

use common::serate::{describe, positions};
use shudu::se::Rule;

/// Level by level: the fixture, how many positions it holds, and how many agree today (the test fails below it).
const LEVELS: [(u8, &str, usize, usize); 3] = [
    (2, include_str!("data/serate_nested2_states.jsonl"), 113, 110),
    (3, include_str!("data/serate_nested3_states.jsonl"), 13, 13),
    (4, include_str!("data/serate_nested4_states.jsonl"), 3, 0),
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
