//! Canonical forms: the search against an exhaustive walk over the whole group, invariance under random maps,
//! distinct classes kept apart, and the forum's 17-clue list.

mod common;

use std::collections::HashSet;

use shudu::canon::{canonical, equivalent, random_isomorph, Transform};
use shudu::format::{parse_line, to_line};
use shudu::generate::{full_grid, generate, puzzle_seed, Options, Rng};

/// The 1,296 orders of nine lines that keep groups of three together.
fn line_orders() -> Vec<[usize; 9]> {
    const P: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut all = Vec::with_capacity(1296);
    for g in P {
        for a in P {
            for b in P {
                for c in P {
                    let within = [a, b, c];
                    let mut order = [0; 9];
                    for i in 0..9 {
                        order[i] = 3 * g[i / 3] + within[i / 3][i % 3];
                    }
                    all.push(order);
                }
            }
        }
    }
    all
}

/// The minlex form by brute force: every one of the 2 · 1296 · 1296 maps, each relabelled by first appearance.
fn exhaustive(values: &[u8; 81]) -> [u8; 81] {
    let orders = line_orders();
    let mut best = [10u8; 81];
    for transpose in [false, true] {
        let at = |r: usize, c: usize| {
            if transpose {
                values[c * 9 + r]
            } else {
                values[r * 9 + c]
            }
        };
        for rows in &orders {
            for cols in &orders {
                let mut label = [0u8; 10];
                let mut next = 1;
                let mut candidate = [0u8; 81];
                // Compared as it is built, so that most maps stop after a few cells.
                let mut less = false;
                let mut worse = false;
                'cells: for r in 0..9 {
                    for c in 0..9 {
                        let d = usize::from(at(rows[r], cols[c]));
                        let v = if d == 0 {
                            0
                        } else {
                            if label[d] == 0 {
                                label[d] = next;
                                next += 1;
                            }
                            label[d]
                        };
                        candidate[r * 9 + c] = v;
                        if !less {
                            if v > best[r * 9 + c] {
                                worse = true;
                                break 'cells;
                            }
                            if v < best[r * 9 + c] {
                                less = true;
                            }
                        }
                    }
                }
                if !worse && less {
                    best = candidate;
                }
            }
        }
    }
    best
}

fn line(text: &str) -> [u8; 81] {
    parse_line(text).expect("puzzle")
}

/// A puzzle with the given (cell, digit) pairs.
fn diagonal(givens: &[(usize, u8)]) -> [u8; 81] {
    let mut values = [0u8; 81];
    for &(cell, digit) in givens {
        values[cell] = digit;
    }
    values
}

#[test]
fn the_search_finds_the_exhaustive_minimum() {
    let mut cases = vec![
        // A 17-clue puzzle, a hard one, an easy one.
        line(".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6..."),
        line("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"),
        line("006800005080200007050347200000000013003009000800000500000060080000403000700100020"),
        // A 17-clue puzzle often printed in a near-minlex form (it is not its own form: a row can come before).
        line("000000001000000023004005000000100000000030600007000580000067000010004000520000000"),
        // Symmetric: many maps give the same string, so candidates stay tied deep into the search.
        diagonal(&[
            (0, 1),
            (10, 2),
            (20, 3),
            (30, 4),
            (40, 5),
            (50, 6),
            (60, 7),
            (70, 8),
            (80, 9),
        ]),
        diagonal(&[
            (4, 1),
            (13, 2),
            (22, 3),
            (33, 4),
            (41, 5),
            (49, 6),
            (60, 7),
            (69, 8),
            (78, 9),
        ]),
        // Clashing givens: still a string with a least form.
        diagonal(&[(0, 5), (1, 5), (9, 5), (70, 1), (80, 9)]),
        // Full grids: every map ties on the first row, and the first two rows are found together.
        full_grid(&mut Rng::new(5)),
        full_grid(&mut Rng::new(6)),
        line("123456789456789123789123456214365897365897214897214365531642978642978531978531642"),
    ];
    cases.push(generate(&Options::default(), 99).expect("generated").puzzle);
    for case in cases {
        let form = canonical(&case);
        assert_eq!(
            to_line(&form),
            to_line(&exhaustive(&case)),
            "form of {}",
            to_line(&case)
        );
    }
}

#[test]
fn random_isomorphs_share_the_form_and_distinct_classes_stay_apart() {
    // royle17's first 10,000 puzzles are 10,000 distinct classes; without ../shared, generated puzzles stand in.
    let puzzles = match common::collection("royle17.txt") {
        Some(all) => all.into_iter().take(10_000).collect::<Vec<_>>(),
        None => (0..300)
            .map(|i| {
                generate(&Options::default(), puzzle_seed(7, i))
                    .expect("generated")
                    .puzzle
            })
            .collect(),
    };
    let mut forms = HashSet::new();
    for (i, p) in puzzles.iter().enumerate() {
        let form = canonical(p);
        assert_eq!(canonical(&form), form, "the form is its own form");
        let moved = random_isomorph(p, puzzle_seed(2026, i as u64));
        assert_eq!(
            canonical(&moved),
            form,
            "isomorph {} of {}",
            to_line(&moved),
            to_line(p)
        );
        assert!(equivalent(p, &moved));
        forms.insert(form);
    }
    if puzzles.len() == 10_000 {
        assert_eq!(forms.len(), 10_000, "royle17 puzzles are pairwise inequivalent");
    }
}

#[test]
fn every_royle17_puzzle_has_its_own_form() {
    let Some(puzzles) = common::collection("royle17.txt") else {
        return;
    };
    assert_eq!(puzzles.len(), 49_151);
    let forms: HashSet<[u8; 81]> = puzzles.iter().map(canonical).collect();
    assert_eq!(forms.len(), 49_151);
    // The forum's minlex lists of 17s all open with blanks: at most one given in the first row, at its end.
    for form in &forms {
        assert!(form[..8].iter().all(|&v| v == 0), "{}", to_line(form));
    }
}

#[test]
fn full_grids_have_forms_starting_123456789() {
    for seed in 0..20 {
        let grid = full_grid(&mut Rng::new(seed));
        let form = canonical(&grid);
        assert_eq!(&to_line(&form)[..9], "123456789");
        assert!(shudu::search::is_valid_solution(&form));
        let moved = Transform::random(&mut Rng::new(seed + 100)).apply(&grid);
        assert_eq!(canonical(&moved), form);
    }
}

#[test]
fn published_minlex_forms_are_their_own_forms() {
    // The least and the greatest minlex grids, as published in the forum's canonical-form thread.
    for known in [
        "123456789456789123789123456214365897365897214897214365531642978642978531978531642",
        "123456789457893612986217354274538196531964827698721435342685971715349268869172543",
    ] {
        let values = line(known);
        assert_eq!(to_line(&canonical(&values)), to_line(&values));
        let moved = random_isomorph(&values, 5);
        assert_eq!(to_line(&canonical(&moved)), to_line(&values));
    }
}
