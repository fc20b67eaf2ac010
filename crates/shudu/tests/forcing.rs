//! The last resorts: Forcing Chains and Nets make the default ladder complete on the hardest collections, with every
//! step sound and no Brute Force; Template Set/Delete pass HoDoKu's library cases; the explanations read as HoDoKu
//! writes them, in English and Chinese. The collection sweeps skip (saying so) where `../shared/data` is absent.

mod common;

use common::sweep;
use shudu::format::parse_pencilmarks;
use shudu::logic::{Lang, Solver, Technique};

/// Sweeps `limit` puzzles of a collection with the default ladder: every step checked against the true solution,
/// every puzzle solved, and no Brute Force step.
fn complete_without_brute_force(name: &str, limit: usize) {
    let Some(run) = sweep(name, &Solver::new(), limit, |t| t == Technique::BruteForce) else {
        return;
    };
    assert_eq!(run.solved, run.puzzles, "{name}: every puzzle solved");
    assert_eq!(run.counted, 0, "{name}: Brute Force steps");
}

#[test]
fn top1465_needs_no_brute_force() {
    complete_without_brute_force("top1465.txt", usize::MAX);
}

#[test]
fn forum_hardest_1106_needs_no_brute_force() {
    complete_without_brute_force("forum_hardest_1106.txt", usize::MAX);
}

#[test]
fn forum_hardest_1905_first_500_need_no_brute_force() {
    complete_without_brute_force("forum_hardest_1905.txt", 500);
}

/// The first 2,000 puzzles of the 2019 list (about half a minute single-threaded in the test profile).
#[test]
#[ignore = "long: run with --ignored"]
fn forum_hardest_1905_first_2000_need_no_brute_force() {
    complete_without_brute_force("forum_hardest_1905.txt", 2000);
}

#[test]
fn template_library_cases_pass() {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/hodoku/reglib-dev.txt");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("skipping: {} not found", path.display());
        return;
    };
    let mut cases = 0;
    for line in text
        .lines()
        .filter(|l| l.starts_with(":1201:") || l.starts_with(":1202:"))
    {
        let case = shudu::format::parse_library_line(line).expect("library line parses");
        assert_eq!(
            shudu::logic::reglib::check(&case),
            shudu::logic::reglib::Verdict::Pass,
            "{line}"
        );
        cases += 1;
    }
    assert_eq!(cases, 12);
}

/// top1465's first puzzle after 21 steps of the default ladder: the first step only a forcing chain finds.
const TOP1465_1_AT_22: &str = "
| 4     569  1268 | 5789  3   15789 | 25   2567  5679  |
| 1237  359  12   | 6     127 14579 | 8    2357  34579 |
| 23678 3569 268  | 45789 278 45789 | 2345 23567 1     |
| 1236  346  124  | 378   5   13678 | 23   9     378   |
| 123   8    59   | 3479  17  13479 | 6    12357 357   |
| 136   7    59   | 2     168 13689 | 345  1358  3458  |
| 68    46   468  | 1     9   2     | 7    35    35    |
| 5     1    3    | 78    678 678   | 9    4     2     |
| 9     2    7    | 35    4   35    | 1    68    68    |
";

#[test]
fn forcing_chain_verity_is_explained_as_hodoku_writes_it() {
    let grid = parse_pencilmarks(TOP1465_1_AT_22).expect("pencil marks parse");
    let step = Solver::find_first(Technique::ForcingChain, &grid).expect("a forcing chain");
    // Digit 9 goes in r1c4, r3c4 or r5c4 (column 4); each placement leads to the three eliminations.
    let en = "Forcing Chain Verity => r5c4<>3, r5c4<>7, r1c6<>9\n  r1c4=9 r1c6<>9\n  r3c4=9 r1c6<>9\n  r5c4=9 r5c4<>4 r5c6=4 r2c6<>4 r2c9=4 r2c9<>9 r1c9=9 r1c6<>9\n  r1c4=9 r1c9<>9 r2c9=9 r2c9<>4 r2c6=4 r3c4<>4 r5c4=4 r5c4<>3\n  r3c4=9 r3c4<>4 r5c4=4 r5c4<>3\n  r5c4=9 r5c4<>3\n  r1c4=9 r1c9<>9 r2c9=9 r2c9<>4 r2c6=4 r3c4<>4 r5c4=4 r5c4<>7\n  r3c4=9 r3c4<>4 r5c4=4 r5c4<>7\n  r5c4=9 r5c4<>7";
    assert_eq!(step.explain(Lang::En), en);
    let zh = step.explain(Lang::Zh);
    assert_eq!(
        zh.lines().next(),
        Some("强制链（必然）：c4 中 9 的每个位置都推出 => r5c4<>3, r5c4<>7, r1c6<>9")
    );
    assert_eq!(
        zh.lines().skip(1).collect::<Vec<_>>(),
        en.lines().skip(1).collect::<Vec<_>>()
    );
    assert_eq!(step.pattern.chains.len(), 9);
}

/// The same puzzle two steps later, where only a net (several facts behind one single) makes progress.
const TOP1465_1_AT_24: &str = "
| 4     569  1268 | 5789  3   178   | 25   2567  5679  |
| 1237  359  12   | 6     127 14579 | 8    2357  34579 |
| 23678 3569 268  | 45789 278 45789 | 2345 23567 1     |
| 1236  346  124  | 378   5   13678 | 23   9     378   |
| 123   8    59   | 49    17  13479 | 6    12357 357   |
| 136   7    59   | 2     168 13689 | 345  1358  3458  |
| 68    46   468  | 1     9   2     | 7    35    35    |
| 5     1    3    | 78    678 678   | 9    4     2     |
| 9     2    7    | 35    4   35    | 1    68    68    |
";

#[test]
fn forcing_net_contradiction_is_explained_as_hodoku_writes_it() {
    let grid = parse_pencilmarks(TOP1465_1_AT_24).expect("pencil marks parse");
    assert!(Solver::find_first(Technique::ForcingChain, &grid).is_none());
    let step = Solver::find_first(Technique::ForcingNet, &grid).expect("a forcing net");
    // Without 3 in r9c4, 3 in c4 goes to r4c4; the branches meet in r2c6, which gets both 9 and 5. Where a step of
    // the net rests on more than one fact (r6c1=3: the last 3 of b4 once r4c1 and r5c1 lose it), the other facts'
    // chains follow the main chain.
    let en = "Forcing Net Contradiction in r2c6 => r9c4=3\n  r9c4<>3 r4c4=3 r4c1<>3 r6c1=3 r2c1<>3 r2c2=3 r2c2<>9 r2c6=9\n  r9c4<>3 r4c4=3 r4c7<>3 r4c7=2 r4c1<>2 r5c1=2 r5c1<>3\n  r9c4<>3 r4c4=3 r4c7<>3 r4c7=2 r4c3<>2\n  r9c4<>3 r4c4=3 r4c2<>3\n  r9c4<>3 r4c4=3 r4c7<>3 r3c7=3 r2c9<>3\n  r9c4<>3 r4c4=3 r4c1<>3 r6c1=3 r6c7<>3\n  r9c4<>3 r4c4=3 r4c7<>3 r3c7=3 r2c8<>3\n  r9c4<>3 r4c4=3 r4c1<>3 r6c1=3 r6c7<>3 r6c7=4 r3c7<>4 r2c9=4 r2c9<>9\n  r9c4<>3 r4c4=3 r4c7<>3 r4c7=2 r1c7<>2 r1c7=5 r6c7<>5\n  r9c4<>3 r4c4=3 r4c1<>3 r6c1=3 r2c1<>3 r2c2=3 r2c2<>5 r2c6=5\n  r9c4<>3 r4c4=3 r4c7<>3 r4c7=2 r1c7<>2 r1c7=5 r2c9<>5\n  r9c4<>3 r4c4=3 r4c7<>3 r4c7=2 r1c7<>2 r1c7=5 r2c8<>5";
    assert_eq!(step.explain(Lang::En), en);
    let zh = step.explain(Lang::Zh);
    assert_eq!(
        zh.lines().next(),
        Some("强制网（矛盾）：假设 r9c4<>3 导致 r2c6 矛盾 => r9c4=3")
    );
    assert_eq!(
        zh.lines().skip(1).collect::<Vec<_>>(),
        en.lines().skip(1).collect::<Vec<_>>()
    );
}

/// With the last resorts in the ladder, a puzzle without a solution still ends invalid: the forcing steps it allows
/// remove candidates until a cell or a house runs dry, and Brute Force finds no solution to take a digit from.
#[test]
fn puzzles_without_a_solution_end_invalid() {
    let Some(puzzles) = common::collection("invalid.txt") else {
        return;
    };
    let mut checked = 0;
    for p in puzzles {
        let Ok(grid) = shudu::Grid::from_values(&p) else {
            continue;
        };
        let report = Solver::new().solve(&grid, &mut shudu::logic::Silent);
        assert!(
            matches!(report.outcome, shudu::logic::Outcome::Invalid(_)),
            "{:?}",
            report.outcome
        );
        checked += 1;
    }
    assert!(checked > 0);
}

/// Kraken Fish (off by default) switched on: every step still sound, and it does find steps on hard puzzles.
#[test]
fn kraken_fish_is_sound_on_top1465() {
    let mut solver = Solver::new();
    solver.set(Technique::KrakenFish, true);
    let Some(run) = sweep("top1465.txt", &solver, 300, |t| t == Technique::KrakenFish) else {
        return;
    };
    assert_eq!(run.solved, run.puzzles);
    assert!(run.counted > 0, "no Kraken Fish found");
}

#[test]
fn kraken_fish_is_explained_with_its_fish_and_a_chain_per_fin() {
    let grid = parse_pencilmarks(TOP1465_1_AT_22).expect("pencil marks parse");
    let step = Solver::find_first(Technique::KrakenFish, &grid).expect("a Kraken Fish");
    // 9 in rows 2 and 5 lies in columns 6 and 9 but for three fins; r1c6 does not see them all, but each fin set
    // true removes 9 from it.
    let chains = "\n  Sashimi X-Wing: 9 r25 c69 fr2c2 fr5c3 fr5c4\
                  \n  r2c2=9 r2c9<>9 r1c9=9 r1c6<>9\
                  \n  r5c3=9 r6c3<>9 r6c6=9 r1c6<>9\
                  \n  r5c4=9 r5c4<>4 r5c6=4 r2c6<>4 r2c9=4 r2c9<>9 r1c9=9 r1c6<>9";
    assert_eq!(step.explain(Lang::En), format!("Kraken Fish Type 1: r1c6<>9{chains}"));
    assert_eq!(
        step.explain(Lang::Zh),
        format!("海怪鱼（类型 1）：鱼或其鳍之一必为真，每条路都删去 => r1c6<>9{chains}")
    );
}
