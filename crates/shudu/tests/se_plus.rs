//! SE's dynamic forcing chains "(+)" (9.0 and up), step by step: at every position where serate took a "(+)" step
//! on its way through a hard puzzle (forum_hardest_1106's first puzzles, traced by SeTrace with `--state`), the
//! first hint of shudu's rule is serate's: the same kind, rating, complexity and eliminations (78 states, one known
//! to differ).
//!
//! The fixture was made with
//!
//! ```sh
//! S=../shared/tools/serate
//! head -12 ../shared/data/puzzles/forum_hardest_1106.txt > fh.txt   # about 12 minutes
//! java -cp $S/serate.jar:$S/setrace.jar SeTrace --state fh.txt \
//!     | grep '(+)"' | jq -c '{rule,rating,complexity,eliminations,placements,values,cands}'
//! ```

mod common;

use common::serate::{describe, positions};
use shudu::se::Rule;

/// States (numbered from 1 in the fixture) where shudu's first hint is known to differ from serate's, with why:
/// reported, not failed, until the rule is right.
const KNOWN: [(usize, &str); 1] = [(
    69,
    "the same cell forcing chains, complexity 36 against SE's 35: one candidate more among the ancestors (which \
     parent SE leaves out is not yet known)",
)];

#[test]
fn dynamic_plus_takes_serates_first_hint() {
    let text = include_str!("data/serate_plus_states.jsonl");
    let (mut checked, mut wrong) = (0, Vec::new());
    for (n, position) in positions(text).iter().enumerate() {
        let expected = &position.expected;
        let got = describe(Rule::DynamicForcingChainsPlus.first(&position.board));
        checked += 1;
        if let Some((_, why)) = KNOWN.iter().find(|k| k.0 == n + 1) {
            println!("known: state {}: serate {expected}, shudu {got}: {why}", n + 1);
            continue;
        }
        if got != *expected {
            wrong.push(format!("state {}: serate {expected}\n          shudu  {got}", n + 1));
        }
    }
    assert!(checked >= 78, "{checked} states");
    assert!(
        wrong.is_empty(),
        "{} of {checked} differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
