//! Every hint of SE's ladder is sound: each rule (all but the nested levels, which only the forum's hardest puzzles
//! reach and whose chains are built from the rules below them) gives all its hints on boards of SE's own paths through
//! the SE dev set, and on the same boards thinned, and every hint is checked against the true solution. A slice runs
//! here; the full run is ignored by default:
//!
//! ```sh
//! cargo test --release -p shudu-check --test se_every_hint -- --ignored --nocapture
//! ```
//!
//! (`SHUDU_SE_EVERY_STRIDE` takes every n-th board of a path, 1 by default.)

use shudu::generate::{self, Rng};
use shudu::se::Rule;
use shudu::search;
use shudu_check::every::Tally;
use shudu_check::run::shared_data;
use shudu_check::se_every;

fn rules() -> Vec<Rule> {
    Rule::ALL
        .iter()
        .copied()
        .filter(|r| !matches!(r, Rule::Nested(_)))
        .collect()
}

/// Every `spread`-th puzzle of the SE dev set, with its solution.
fn dev_puzzles(spread: usize) -> Option<Vec<([u8; 81], [u8; 81])>> {
    let data = shared_data()?;
    let text = std::fs::read_to_string(data.join("rated/serate_dev.txt")).expect("the dev set is readable");
    let mut out = Vec::new();
    for line in text.lines().step_by(spread) {
        let mut puzzle = [0u8; 81];
        for (i, ch) in line.bytes().take(81).enumerate() {
            if ch.is_ascii_digit() {
                puzzle[i] = ch - b'0';
            }
        }
        let solution = search::solve(&puzzle).expect("a dev puzzle has a solution");
        out.push((puzzle, solution));
    }
    Some(out)
}

fn check(puzzles: &[([u8; 81], [u8; 81])], stride: usize, seed: u64) -> Tally {
    let rules = rules();
    let mut tally = se_every::tally();
    for (i, (puzzle, solution)) in puzzles.iter().enumerate() {
        let mut rng = Rng::new(generate::puzzle_seed(seed, i as u64));
        for board in se_every::path(puzzle, 200).iter().step_by(stride.max(1)) {
            se_every::check_board(board, solution, &rules, &mut tally);
            let thin = se_every::thinned(board, solution, 10 + rng.below(50), &mut rng);
            se_every::check_board(&thin, solution, &rules, &mut tally);
        }
    }
    tally
}

/// Twelve puzzles spread over the dev set (ER 1.2 to 8.x), every board of their paths and each thinned.
#[test]
fn every_se_hint_on_a_slice_is_sound() {
    let Some(puzzles) = dev_puzzles(250) else { return };
    let tally = check(&puzzles, 1, 21);
    println!(
        "{} boards, {} hints\n{}",
        tally.states,
        tally.total(),
        se_every::markdown(&tally)
    );
    tally.assert_clean();
    assert!(tally.states > 500, "{} boards", tally.states);
    assert!(tally.total() > 10_000, "{} hints", tally.total());
}

#[test]
#[ignore = "long in release mode: cargo test --release -p shudu-check --test se_every_hint -- --ignored --nocapture"]
fn every_se_hint_full_run() {
    let Some(puzzles) = dev_puzzles(1) else { return };
    let stride = std::env::var("SHUDU_SE_EVERY_STRIDE")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    let started = std::time::Instant::now();
    let tally = check(&puzzles, stride, 2026);
    println!(
        "{} puzzles, {} boards, {} hints, {} wrong, {:.0} s\n{}",
        puzzles.len(),
        tally.states,
        tally.total(),
        tally.wrong.len(),
        started.elapsed().as_secs_f64(),
        se_every::markdown(&tally)
    );
    for w in tally.wrong.iter().take(10) {
        eprintln!("{w}");
    }
    tally.assert_clean();
}
