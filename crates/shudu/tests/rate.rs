//! Grading against the raters the field uses: HoDoKu's levels and scores, and Sudoku Explainer's ratings, on the
//! shared calibration sets. Each test prints its figures (run with `--nocapture`), which BENCHMARKS.md records,
//! and fails if agreement falls below a floor a little under what was measured, so a regression is caught while
//! the ladder's growth (chains, ALS, forcing chains) is free to improve the figures.

use std::path::PathBuf;

use shudu::format::parse_line;
use shudu::logic::{Level, Silent};
use shudu::rate::{grade, hodoku_solver, proper, SeLadder};

/// The lines of a calibration file in `rated/`, comments skipped, or `None` (saying so) where it is absent.
fn rated(name: &str) -> Option<Vec<Vec<String>>> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/rated")
        .join(name);
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("skipping: {} not found", path.display());
        return None;
    };
    Some(
        text.lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|l| l.split_whitespace().map(str::to_string).collect())
            .collect(),
    )
}

fn level(name: &str) -> Level {
    *Level::ALL
        .iter()
        .find(|l| l.name() == name)
        .unwrap_or_else(|| panic!("unknown level {name}"))
}

fn pearson(pairs: &[(f64, f64)]) -> f64 {
    let n = pairs.len() as f64;
    let (mx, my) = pairs.iter().fold((0.0, 0.0), |(a, b), &(x, y)| (a + x / n, b + y / n));
    let (mut sxy, mut sxx, mut syy) = (0.0, 0.0, 0.0);
    for &(x, y) in pairs {
        sxy += (x - mx) * (y - my);
        sxx += (x - mx) * (x - mx);
        syy += (y - my) * (y - my);
    }
    sxy / (sxx * syy).sqrt()
}

#[test]
fn levels_agree_with_hodoku() {
    let Some(rows) = rated("hodoku_levels_dev.txt") else {
        return;
    };
    let solver = hodoku_solver();
    let mut confusion = [[0usize; 5]; 5];
    let mut scores = Vec::new();
    for row in &rows {
        let values = parse_line(&row[0]).expect("puzzle parses");
        let theirs = level(&row[1]);
        let their_score: f64 = row[2].parse().expect("score");
        let report = solver.solve(&proper(&values).expect("proper"), &mut Silent);
        let ours = grade(&report);
        confusion[theirs as usize][ours.level as usize] += 1;
        if ours.solved {
            scores.push((their_score, f64::from(ours.score)));
        }
    }
    let exact: usize = (0..5).map(|i| confusion[i][i]).sum();
    let share = exact as f64 / rows.len() as f64;
    println!("exact level: {exact} of {} ({:.1}%)", rows.len(), 100.0 * share);
    println!("HoDoKu (rows) against shudu (columns): Easy Medium Hard Unfair Extreme");
    for (l, counts) in Level::ALL.iter().zip(confusion) {
        println!("{:<8} {counts:?}", l.name());
    }
    let r = pearson(&scores);
    println!("score correlation on the {} paths shudu finishes: {r:.3}", scores.len());
    assert!(share >= 0.90, "exact-level agreement {share:.3} is below 90%");
    assert!(r >= 0.9, "score correlation {r:.3}");
}

#[test]
fn se_estimate_agrees_with_sudoku_explainer() {
    let Some(rows) = rated("se_rated_dev.txt") else { return };
    let se = SeLadder::new();
    // Errors in half points (an error of e tenths counts in the bin of the nearest multiple of 5), clamped at ±3.0.
    let mut errors = std::collections::BTreeMap::<i32, usize>::new();
    let (mut within, mut complete, mut complete_within) = (0, 0, 0);
    for row in &rows {
        let values = parse_line(&row[0]).expect("puzzle parses");
        let theirs: f64 = row[1].parse().expect("rating");
        let theirs = (theirs * 10.0).round() as i32;
        // The estimate itself: `rate_with` gives SE 1.2.1's own figures wherever its exact ladder finishes, and this
        // set was rated by another program (SE with turbot fish, which SE 1.2.1 rates as forcing chains).
        let rating = se.estimate(&proper(&values).expect("proper"));
        let error = i32::from(rating.er) - theirs;
        let bin = ((f64::from(error) / 5.0).round() as i32 * 5).clamp(-30, 30);
        *errors.entry(bin).or_default() += 1;
        let close = error.abs() <= 5;
        within += usize::from(close);
        if rating.complete {
            complete += 1;
            complete_within += usize::from(close);
        }
    }
    let n = rows.len();
    println!(
        "within ±0.5 of SE's ER: {within} of {n} ({:.1}%); on the {complete} paths the SE ladder finishes: \
         {complete_within} ({:.1}%)",
        100.0 * within as f64 / n as f64,
        100.0 * complete_within as f64 / complete as f64
    );
    println!("error (ours − SE, to the nearest half point, clamped at ±3.0): puzzles");
    for (e, count) in &errors {
        println!("{:>5.1}: {count}", f64::from(*e) / 10.0);
    }
    // Measured: 84.1 %, every path finished (chains, ALS and forcing chains in the ladder). The bar is 80 %.
    assert!(within as f64 / n as f64 >= 0.80, "overall agreement fell");
    assert!(
        complete_within as f64 / complete as f64 >= 0.80,
        "agreement on finished paths fell"
    );
}
