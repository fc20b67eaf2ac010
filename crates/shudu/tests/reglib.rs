//! HoDoKu's regression library: every case of an implemented technique passes. Skips (saying so) where
//! `../shared/data` is absent.

use std::collections::BTreeMap;
use std::path::PathBuf;

use shudu::format::parse_library_line;
use shudu::logic::reglib::{check, technique_of, Verdict};

#[test]
fn every_case_of_an_implemented_technique_passes() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/hodoku/reglib-dev.txt");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("skipping: {} not found", path.display());
        return;
    };
    let mut table: BTreeMap<String, (usize, usize, usize)> = BTreeMap::new();
    let mut failures = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let case = parse_library_line(line).unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
        let row = table.entry(case.code.clone()).or_default();
        match check(&case) {
            Verdict::Pass => row.0 += 1,
            Verdict::Fail(why) => {
                row.1 += 1;
                failures.push(format!(
                    "line {}: {} {:?}: {why}",
                    i + 1,
                    case.code,
                    technique_of(&case)
                ));
            }
            Verdict::Skipped => row.2 += 1,
        }
    }
    for (code, (p, f, s)) in &table {
        if p + f > 0 {
            eprintln!("{code}: {p} passed, {f} failed, {s} skipped");
        }
    }
    // Every case passes, the grouped loops and AICs (0709-0711) among them.
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    // The chains run: X-Chain, XY-Chain, and the ungrouped Nice Loop/AIC codes all pass.
    let chains: usize = table
        .iter()
        .filter(|(c, _)| ["0701", "0702", "0706", "0707", "0708"].contains(&c.as_str()))
        .map(|(_, (p, _, _))| p)
        .sum();
    assert!(chains >= 80, "{chains} ungrouped chain cases pass");
    // The singles, intersections and subsets are all implemented: their 235 cases all ran.
    let ran: usize = table
        .iter()
        .filter(|(c, _)| c.as_str() <= "0212")
        .map(|(_, (p, _, _))| p)
        .sum();
    assert_eq!(ran, 235);
    // The uniqueness family (0600-0610, with the -1/-2 variants and the -x fail cases): all 108 cases ran.
    let uniqueness: usize = table
        .iter()
        .filter(|(c, _)| ("0600".."0611").contains(&c.as_str()))
        .map(|(_, (p, _, _))| p)
        .sum();
    assert_eq!(uniqueness, 108);
    // Every fish code (0300-0364, the Siamese 03111-03621 among them): all 106 cases ran.
    let fish: usize = table
        .iter()
        .filter(|(c, _)| ("0300".."0366").contains(&c.as_str()))
        .map(|(_, (p, _, _))| p)
        .sum();
    assert_eq!(fish, 106);
    // Single-digit patterns (0400-0405, with the 0402-1 variants), colouring (0500-0503), Remote Pair (0703) and
    // wings (0800-0803): all 97 cases ran.
    let ours = |c: &str| {
        ["0400".."0406", "0500".."0504", "0800".."0804"]
            .iter()
            .any(|r| r.contains(&c))
            || c == "0703"
    };
    let patterns: usize = table.iter().filter(|(c, _)| ours(c)).map(|(_, (p, _, _))| p).sum();
    assert_eq!(patterns, 97);
}
