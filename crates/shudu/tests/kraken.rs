//! Kraken Fish type 2 (HoDoKu 0372): in one cover line of a finned fish, one of the fish's base candidates is true
//! unless a fin is, so a candidate that a chain from each of them removes goes. HoDoKu's regression library has no
//! Kraken cases, so the steps are checked on states of hard puzzles where the default ladder needs forcing chains,
//! against each puzzle's true solution. The collection sweep skips (saying so) where `../shared/data` is absent.

mod common;

use shudu::format::parse_pencilmarks;
use shudu::logic::{Lang, Solver, Step, Technique};
use shudu::{search, Grid};

fn is_type_2(step: &Step) -> bool {
    step.explain(Lang::En).starts_with("Kraken Fish Type 2: ")
}

/// Checks a type 2 step against the true solution and its own shape: one elimination, not true; its premises (the
/// base candidates of one cover line and the fins) as its one set; one chain from each premise set true to the
/// candidate removed.
fn check_type_2(step: &Step, solution: &[u8; 81]) {
    let text = step.explain(Lang::En);
    assert_eq!(step.technique, Technique::KrakenFish);
    assert_eq!(step.eliminations.len(), 1, "{text}");
    let (cell, digit) = step.eliminations[0];
    assert_ne!(solution[cell.index()], digit.get(), "true candidate removed: {text}");
    let p = &step.pattern;
    let fish_digit = p.digits.first().expect("the fish's digit");
    let premises = p.sets.first().expect("the premises");
    assert!(p.fins.iter().all(|f| premises.contains(f)), "{text}");
    // The premises off the fins are the fish's candidates in one cover line.
    let line = p
        .cover
        .iter()
        .find(|h| {
            h.cells().contains(
                &premises
                    .iter()
                    .find(|c| !p.fins.contains(c))
                    .copied()
                    .expect("a base cell"),
            )
        })
        .expect("a cover line");
    for c in premises.iter().filter(|c| !p.fins.contains(c)) {
        assert!(line.cells().contains(c) && p.cells.contains(c), "{text}");
    }
    // One of the premises is true in the solution, as the fish promises.
    assert!(
        premises.iter().any(|c| solution[c.index()] == fish_digit.get()),
        "{text}"
    );
    assert_eq!(p.chains.len(), premises.len(), "{text}");
    for (chain, &start) in p.chains.iter().zip(premises) {
        let (first, last) = (&chain.nodes[0], chain.nodes.last().expect("a node"));
        assert!(
            first.on && first.digit == fish_digit && first.cells == [start],
            "{text}"
        );
        assert!(!last.on && last.digit == digit && last.cells == [cell], "{text}");
    }
}

/// Every type 2 step of a state, checked; how many there are.
fn type_2_steps(grid: &Grid, solution: &[u8; 81]) -> usize {
    let steps: Vec<Step> = Solver::find_all(Technique::KrakenFish, grid)
        .into_iter()
        .filter(is_type_2)
        .collect();
    for s in &steps {
        check_type_2(s, solution);
    }
    steps.len()
}

/// States of top1465 (puzzles 62, 67 and 125, one-based, after 35, 16 and 9 steps of the default ladder) and of
/// forum_hardest_1905 (its first puzzle after 15 steps), where the ladder's next step is a forcing chain or net,
/// with how many type 2 steps each holds.
const STATES: [(&str, usize); 4] = [
    (
        "
| 36   5    369    | 1    2     8    | 39  7     4     |
| 4    789  1789   | 3    679   5679 | 158 2569  2568  |
| 2    789  1389   | 4    679   5679 | 138 569   3568  |
| 56   1    2356   | 7    369   4    | 359 8     23569 |
| 9    2678 235678 | 2568 138   26   | 4   2356  12356 |
| 3568 4    23568  | 2569 13689 269  | 7   23569 12356 |
| 568  3    4      | 26   6789  2679 | 58  1     589   |
| 17   689  589    | 689  4     13   | 2   359   35789 |
| 17   289  289    | 89   5     13   | 6   4     37    |",
        1,
    ),
    (
        "
| 1569 14589 145689 | 159  3    5679   | 568  47    2     |
| 7    2589  25689  | 4    68   569    | 3568 1568  1368  |
| 156  3     14568  | 2    1678 567    | 568  9     47    |
| 1359 6     14579  | 1589 2    34579  | 3589 458   3489  |
| 8    12459 12459  | 159  16   34569  | 7    2456  3469  |
| 2359 24579 24579  | 589  67   345679 | 1    24568 34689 |
| 4    2589  3      | 7    59   1      | 2689 68    689   |
| 19   1789  1789   | 6    49   2      | 489  3     5     |
| 2569 259   2569   | 3    459  8      | 24   17    17    |",
        13,
    ),
    (
        "
| 4     2579 2579  | 6     19    158  | 3    25789 289   |
| 37    1    3579  | 3459  2     358  | 4789 6     489   |
| 236   2569 8     | 349   349   7    | 249  259   1     |
| 9     27   12367 | 8     13467 1346 | 5    23    2346  |
| 2378  4    2367  | 79    5     36   | 289  1     23689 |
| 1368  568  1356  | 149   13469 2    | 489  389   7     |
| 5     2789 12479 | 12347 1347  14   | 6    23789 2389  |
| 1267  3    12679 | 1257  8     56   | 1279 4     29    |
| 12678 2678 2467  | 12347 3467  9    | 1278 2378  5     |",
        1,
    ),
    (
        "
| 9   8     14   | 7     135  2   | 6    45  345   |
| 7   5     2    | 369   4    369 | 389  1   389   |
| 146 146   3    | 159   159  8   | 2459 7   2459  |
| 5   1246  1468 | 1689  689  7   | 2489 3   2489  |
| 168 12367 9    | 4     3568 13  | 2578 256 2578  |
| 468 3467  4678 | 35689 2    369 | 1    456 45789 |
| 3   467   4678 | 689   6789 469 | 25   25  1     |
| 2   9     1467 | 136   1367 5   | 347  8   347   |
| 148 147   5    | 2     378  134 | 347  9   6     |",
        8,
    ),
];

#[test]
fn kraken_fish_type_2_steps_of_hard_states_are_true() {
    for (i, (text, count)) in STATES.iter().enumerate() {
        let grid = parse_pencilmarks(text).expect("pencil marks parse");
        let solution = search::solve(grid.values()).expect("solvable");
        assert!(matches!(
            Solver::new().next_step(&grid).map(|s| s.technique),
            Some(Technique::ForcingChain | Technique::ForcingNet)
        ));
        assert_eq!(type_2_steps(&grid, &solution), *count, "state {i}");
    }
}

/// On the first state, one elimination from a Finned X-Wing's cover line r5: 6 is in r5c2 or r5c4 unless a fin
/// (r6c4, r7c4) holds it, and each of the four leaves r6c6 without 2.
#[test]
fn kraken_fish_type_2_is_explained_as_hodoku_writes_it() {
    let grid = parse_pencilmarks(STATES[0].0).expect("pencil marks parse");
    let step = Solver::find_all(Technique::KrakenFish, &grid)
        .into_iter()
        .find(is_type_2)
        .expect("a type 2 step");
    let rest = "\n  Finned X-Wing: 6 c24 r58 fr6c4 fr7c4\
                \n  r5c2=6 r5c6<>6 r5c6=2 r6c6<>2\
                \n  r5c4=6 r5c6<>6 r5c6=2 r6c6<>2\
                \n  r6c4=6 r5c6<>6 r5c6=2 r6c6<>2\
                \n  r7c4=6 r7c4<>2 r7c6=2 r6c6<>2";
    assert_eq!(step.explain(Lang::En), format!("Kraken Fish Type 2: r6c6<>2{rest}"));
    assert_eq!(
        step.explain(Lang::Zh),
        format!("海怪鱼（类型 2）：r5 中鱼的 6 或其鳍必有一个为真（r5c2,r567c4），每条路都删去 => r6c6<>2{rest}")
    );
}

/// The first 300 puzzles of top1465 along the default ladder: at every state where it needs a forcing chain or net,
/// every Kraken Fish step removes only false candidates, and type 2 steps are found.
#[test]
fn kraken_fish_type_2_is_sound_where_top1465_needs_forcing_chains() {
    let Some(puzzles) = common::collection("top1465.txt") else {
        return;
    };
    let solver = Solver::new();
    let (mut states, mut found) = (0, 0);
    for p in puzzles.iter().take(300) {
        let solution = search::solve(p).expect("solvable");
        let mut grid = Grid::from_values(p).expect("valid");
        while let Some(step) = solver.next_step(&grid) {
            if matches!(step.technique, Technique::ForcingChain | Technique::ForcingNet) {
                states += 1;
                for k in Solver::find_all(Technique::KrakenFish, &grid) {
                    if is_type_2(&k) {
                        check_type_2(&k, &solution);
                        found += 1;
                    }
                    for &(c, d) in &k.eliminations {
                        assert_ne!(solution[c.index()], d.get(), "{}", k.explain(Lang::En));
                    }
                }
            }
            if step.apply(&mut grid).is_err() {
                break;
            }
        }
    }
    eprintln!("top1465, first 300: {found} Kraken Fish type 2 steps at {states} states needing forcing chains");
    assert!(found > 0);
}
