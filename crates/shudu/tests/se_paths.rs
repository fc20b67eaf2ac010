//! Sudoku Explainer's path, step for step: the differential test against serate's own paths.
//!
//! `tests/data/serate_paths.jsonl` holds 311 dev puzzles' paths as serate's tracer (`SeTrace`, beside serate in
//! `../shared/tools/serate/`) printed them: every rule SE uses on random puzzles is there, up to four puzzles a rule
//! and rating, and every dev puzzle rated 7.5 to 7.9 or 8.5 and up. For each step the SE ladder must find the same hint (rule, rating, eliminations, placement) in the
//! same position; a difference is reported at the first step where the paths part. Steps of rules the ladder does
//! not have yet end a puzzle's check there (counted and printed).
//!
//! The whole dev set's ER/EP/ED (3,000 puzzles of `../shared/data/rated/serate_dev.txt`) is checked too, where the
//! shared data is present.

use std::collections::BTreeMap;

use shudu::se::board::cell_name;
use shudu::se::{next_step, rate, Board, Rule, Tenth};

/// Rules the ladder does not have yet, by a word of their SE names: the nested levels, "(+ Forcing Chains)" and up.
const NOT_YET: [&str; 1] = ["(+ "];

/// Paths known to part from serate's, each with why: reported, not failed, until the rule is right.
const KNOWN: [(&str, &str); 0] = [];

fn not_yet(rule: &str) -> bool {
    NOT_YET.iter().any(|w| rule.contains(w))
}

struct Expected {
    rule: String,
    rating: String,
    eliminations: Vec<String>,
    placements: Vec<String>,
}

fn field<'a>(line: &'a str, name: &str) -> &'a str {
    let key = format!("\"{name}\":");
    let start = line.find(&key).map(|i| i + key.len()).expect("field");
    let rest = &line[start..];
    let end = if rest.starts_with('[') {
        rest.find(']').expect("list") + 1
    } else if let Some(stripped) = rest.strip_prefix('"') {
        stripped.find('"').expect("string") + 2
    } else {
        rest.find([',', '}']).expect("number")
    };
    rest[..end].trim_matches('"')
}

fn list(text: &str) -> Vec<String> {
    text.trim_matches(['[', ']'])
        .split(',')
        .map(|s| s.trim_matches('"').to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

/// The fixture's puzzles: (puzzle, serate's `ER/EP/ED`, steps).
fn fixtures() -> Vec<(String, String, Vec<Expected>)> {
    let text = include_str!("data/serate_paths.jsonl");
    let mut out: Vec<(String, String, Vec<Expected>)> = Vec::new();
    for line in text.lines() {
        if line.contains("\"puzzle\"") {
            out.push((
                field(line, "puzzle").to_string(),
                field(line, "serate").to_string(),
                Vec::new(),
            ));
        } else if let Some(last) = out.last_mut() {
            last.2.push(Expected {
                rule: field(line, "rule").to_string(),
                rating: field(line, "rating").to_string(),
                eliminations: list(field(line, "el")),
                placements: list(field(line, "pl")),
            });
        }
    }
    out
}

fn values(puzzle: &str) -> [u8; 81] {
    let mut v = [0u8; 81];
    for (i, ch) in puzzle.bytes().take(81).enumerate() {
        if (b'1'..=b'9').contains(&ch) {
            v[i] = ch - b'0';
        }
    }
    v
}

/// A board as SeTrace's `--state` writes it: values, then candidates (9 a cell), for loading into serate's probe.
fn state(board: &Board) -> String {
    let values: String = board
        .values
        .iter()
        .map(|&v| if v == 0 { '.' } else { char::from(b'0' + v) })
        .collect();
    let mut cands = String::new();
    for c in 0..81 {
        for d in 1..=9u8 {
            cands.push(if board.values[c] == 0 && board.has(c, d) {
                char::from(b'0' + d)
            } else {
                '.'
            });
        }
    }
    format!("{values} {cands}")
}

fn cell_of(text: &str) -> usize {
    let b = text.as_bytes();
    usize::from(b[1] - b'1') * 9 + usize::from(b[3] - b'1')
}

#[test]
fn the_se_ladder_walks_serates_paths() {
    let mut divergences = Vec::new();
    let mut checked = 0;
    let mut whole = 0;
    let mut stopped: BTreeMap<String, usize> = BTreeMap::new();
    let puzzles = fixtures();
    assert_eq!(puzzles.len(), 311);
    for (puzzle, serate, steps) in &puzzles {
        let mut board = Board::from_values(&values(puzzle));
        let mut finished = true;
        for (n, want) in steps.iter().enumerate() {
            if not_yet(&want.rule) {
                *stopped.entry(want.rule.clone()).or_default() += 1;
                finished = false;
                break;
            }
            let got = next_step(&board).map(|(_, h)| h);
            let same = got.as_ref().is_some_and(|h| {
                let mut el: Vec<String> = h
                    .eliminations
                    .iter()
                    .map(|&(c, d)| format!("{}<>{d}", cell_name(usize::from(c))))
                    .collect();
                el.sort();
                let mut want_el = want.eliminations.clone();
                want_el.sort();
                let pl: Vec<String> = h
                    .placement
                    .iter()
                    .map(|&(c, d)| format!("{}={d}", cell_name(usize::from(c))))
                    .collect();
                h.kind.to_string() == want.rule
                    && Tenth(h.rating).to_string() == want.rating
                    && el == want_el
                    && pl == want.placements
            });
            if !same {
                finished = false;
                if let Some((_, why)) = KNOWN.iter().find(|(p, _)| p == puzzle) {
                    println!("known: {puzzle} parts at step {}: {why}", n + 1);
                    break;
                }
                divergences.push(format!(
                    "{puzzle} step {}: serate {} {} {:?} {:?}, ours {}\n  state {}",
                    n + 1,
                    want.rule,
                    want.rating,
                    want.placements,
                    want.eliminations,
                    got.map_or("nothing".to_string(), |h| format!("{h} ({})", Tenth(h.rating))),
                    state(&board)
                ));
                finished = false;
                break;
            }
            checked += 1;
            // Apply serate's step, so that a later difference is still found from serate's own state.
            for e in &want.eliminations {
                board.eliminate(cell_of(e), e.as_bytes()[6] - b'0');
            }
            for p in &want.placements {
                board.place(cell_of(p), p.as_bytes()[5] - b'0');
            }
        }
        if finished {
            assert!(
                KNOWN.iter().all(|(p, _)| p != puzzle),
                "{puzzle} is listed as a known difference but its path is serate's now: take it out of KNOWN"
            );
            whole += 1;
            assert_eq!(&rate(&values(puzzle)).serate(), serate, "{puzzle}");
        }
    }
    println!(
        "{checked} steps equal to serate's; {whole} of {} paths whole; paths stopped at rules to come: {stopped:?}",
        puzzles.len()
    );
    assert!(
        divergences.is_empty(),
        "first diverging steps:\n{}",
        divergences.join("\n")
    );
}

/// The dev set's figures, where the ladder finishes (the rest need rules to come): all three equal to serate's.
fn dev_set(limit: usize) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data/rated/serate_dev.txt");
    let Ok(text) = std::fs::read_to_string(path) else {
        println!("skipped: {path} is absent (the shared data sits beside the repository)");
        return;
    };
    let (mut rated, mut equal, mut unfinished) = (0, [0; 3], 0);
    let mut wrong = Vec::new();
    for line in text.lines().take(limit) {
        let mut parts = line.split_whitespace();
        let (Some(puzzle), Some(er), Some(ep), Some(ed)) = (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            continue;
        };
        let r = rate(&values(puzzle));
        if r.stuck {
            unfinished += 1;
            continue;
        }
        rated += 1;
        let ours = [
            Tenth(r.er).to_string(),
            Tenth(r.ep).to_string(),
            Tenth(r.ed).to_string(),
        ];
        for (i, theirs) in [er, ep, ed].iter().enumerate() {
            equal[i] += usize::from(ours[i] == *theirs);
        }
        if ours != [er, ep, ed] {
            wrong.push(format!("{puzzle}: serate {er}/{ep}/{ed}, ours {}", r.serate()));
        }
    }
    println!("{rated} rated, ER/EP/ED equal {equal:?}; {unfinished} need rules to come");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_first_300_dev_puzzles_rate_as_serate_rates_them() {
    dev_set(300);
}

/// All 3,000 (about 10 s in the optimised test profile, on one core).
#[test]
fn the_dev_set_rates_as_serate_rates_it() {
    dev_set(usize::MAX);
}

/// The first hint of cycles and forcing chains comes from walks cut short where nothing after could come first: it
/// must be the first of all the rule's hints, fully sorted, at every state where the ladder consults the rule.
#[test]
fn the_first_forcing_chain_is_the_first_of_all() {
    let mut states = 0;
    for (puzzle, _, _) in fixtures().iter().take(150) {
        let mut board = Board::from_values(&values(puzzle));
        while let Some((rule, hint)) = next_step(&board) {
            if rule >= Rule::ForcingChains {
                states += 1;
                let all = Rule::ForcingChains.all(&board);
                assert_eq!(
                    Rule::ForcingChains.first(&board).as_ref(),
                    all.first(),
                    "{puzzle}\n{}",
                    state(&board)
                );
            }
            hint.apply(&mut board);
        }
    }
    println!("{states} states compared");
    assert!(states > 100);
}
