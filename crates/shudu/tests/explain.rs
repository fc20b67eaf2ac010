//! Explanations read like HoDoKu's, in English and Chinese.

use shudu::format::parse_line;
use shudu::logic::{Grids, Lang, Outcome, Solver, Technique, TextListener};
use shudu::Grid;

fn grid(line: &str) -> Grid {
    Grid::from_values(&parse_line(line).expect("parses")).expect("valid")
}

#[test]
fn a_puzzle_needing_pairs_shows_them_in_both_languages() {
    // QQWing "intermediate" puzzle: its path needs a naked and a hidden pair.
    let g = grid("......7..3.9....61....6..297...524..........2..5.97.1....9....5.......4.2.13.5...");
    let mut listener = TextListener::new(Lang::En, Grids::Changed);
    let report = Solver::new().solve(&g, &mut listener);
    assert_eq!(report.outcome, Outcome::Solved);
    let naked = report
        .steps
        .iter()
        .find(|s| s.technique == Technique::NakedPair)
        .expect("a naked pair");
    let hidden = report
        .steps
        .iter()
        .find(|s| s.technique == Technique::HiddenPair)
        .expect("a hidden pair");
    assert_eq!(
        naked.explain(Lang::En),
        "Naked Pair: 1,8 in r1c4,r3c6 => r3c4<>1, r3c4<>8"
    );
    assert_eq!(
        naked.explain(Lang::Zh),
        "数对法（显性数对）：1,8 在 r1c4,r3c6 => r3c4<>1, r3c4<>8"
    );
    assert_eq!(
        hidden.explain(Lang::En),
        "Hidden Pair: 5,9 in r8c12 => r8c2<>3, r8c12<>6, r8c2<>7, r8c12<>8"
    );
    assert_eq!(
        hidden.explain(Lang::Zh),
        "数对法（隐性数对）：b7 中 5,9 只在 r8c12 => r8c2<>3, r8c12<>6, r8c2<>7, r8c12<>8"
    );
    // The printed trace numbers every step and draws a grid after each elimination, marking what changed.
    assert!(listener.out.contains("Naked Pair: 1,8 in r1c4,r3c6"));
    assert!(listener.out.lines().any(|l| l.contains('*') && l.starts_with('|')));
    let numbered = listener
        .out
        .lines()
        .filter(|l| l.trim_start().chars().next().is_some_and(|c| c.is_ascii_digit()));
    assert_eq!(numbered.count(), report.steps.len());
}

#[test]
fn a_stuck_ladder_says_so_and_keeps_the_grid() {
    let g = grid("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........");
    // The last resorts finish every puzzle: without them, this one is left stuck.
    let mut solver = Solver::new();
    for t in [Technique::ForcingChain, Technique::ForcingNet, Technique::BruteForce] {
        solver.set(t, false);
    }
    let report = solver.solve(&g, &mut shudu::logic::Silent);
    assert_eq!(report.outcome, Outcome::Stuck);
    assert!(!report.grid.is_full());
    assert!(solver.next_step(&report.grid).is_none());
}

#[test]
fn singles_are_told_apart_by_house() {
    let g = grid("006800005080200007050347200000000013003009000800000500000060080000403000700100020");
    let steps = Solver::find_all(Technique::HiddenSingle, &g);
    assert!(!steps.is_empty());
    for s in &steps {
        let house = s.pattern.base[0].to_string();
        assert!(s.explain(Lang::En).ends_with(&format!(" in {house}")));
        let zh = s.explain(Lang::Zh);
        let kind = match house.chars().next() {
            Some('b') => "宫摒除",
            Some('r') => "行摒除",
            _ => "列摒除",
        };
        assert!(zh.starts_with(&format!("摒除法（{kind}）")), "{zh}");
    }
}

#[test]
fn a_contradiction_in_a_players_state_is_reported_not_solved_around() {
    let mut g = grid("006800005080200007050347200000000013003009000800000500000060080000403000700100020");
    // Strike out every candidate of r1c1: no solution is possible from here.
    for d in shudu::Digit::ALL {
        g.eliminate(shudu::Cell::at(0, 0), d);
    }
    let report = Solver::new().solve(&g, &mut shudu::logic::Silent);
    assert!(matches!(report.outcome, Outcome::Invalid(_)));
}
