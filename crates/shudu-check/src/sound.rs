//! Whether a step is sound: against the true solution, against the board it was found on, and against its own
//! words.

use shudu::logic::{Lang, Step};
use shudu::{Cell, Digit, Grid};

/// Candidates, as a step lists its placements or eliminations.
pub type Candidates = Vec<(Cell, Digit)>;

/// What a step claims, read back from its explanation: the placements and eliminations after `=>` (or, for the
/// singles, after the technique's name), in HoDoKu's notation, expanded to single candidates and sorted.
///
/// The reader is written apart from the writer (`logic::notation`), so that a step whose text and lists disagree
/// is caught rather than checked against itself.
pub fn claims(text: &str) -> Result<(Candidates, Candidates), String> {
    let first = text.lines().next().unwrap_or("");
    let result = match first.rfind("=>") {
        Some(at) => &first[at + 2..],
        None => {
            // `Full House: r1c6=1`, `Hidden Single: r3c4=5 in b2`, `试数（暴力）：r6c8=1`.
            let after = first
                .split_once(": ")
                .or_else(|| first.split_once('：'))
                .map_or(first, |(_, r)| r);
            after.split(" in ").next().unwrap_or(after)
        }
    };
    let mut placements = Vec::new();
    let mut eliminations = Vec::new();
    for part in result.split(", ").map(str::trim).filter(|p| !p.is_empty()) {
        let (cells, digit, placed) = if let Some((cells, d)) = part.split_once("<>") {
            (cells, d, false)
        } else if let Some((cells, d)) = part.split_once('=') {
            (cells, d, true)
        } else {
            return Err(format!("{part:?} is neither a placement nor an elimination"));
        };
        let digit = match d_of(digit) {
            Some(d) => d,
            None => return Err(format!("{part:?}: {digit:?} is not a digit")),
        };
        for group in cells.split(',') {
            for cell in expand(group).ok_or_else(|| format!("{part:?}: {group:?} is not a cell group"))? {
                if placed {
                    placements.push((cell, digit));
                } else {
                    eliminations.push((cell, digit));
                }
            }
        }
    }
    placements.sort_unstable();
    eliminations.sort_unstable();
    Ok((placements, eliminations))
}

fn d_of(text: &str) -> Option<Digit> {
    let mut chars = text.chars();
    let d = chars.next()?.to_digit(10)?;
    if chars.next().is_some() {
        return None;
    }
    Digit::new(d as u8)
}

/// `r3c89` or `r467c2`: the cells of one line, as HoDoKu groups them.
fn expand(group: &str) -> Option<Vec<Cell>> {
    let rest = group.strip_prefix('r')?;
    let (rows, cols) = rest.split_once('c')?;
    let numbers = |s: &str| -> Option<Vec<usize>> {
        if s.is_empty() {
            return None;
        }
        s.chars()
            .map(|c| c.to_digit(10).filter(|&n| (1..=9).contains(&n)).map(|n| n as usize - 1))
            .collect()
    };
    let (rows, cols) = (numbers(rows)?, numbers(cols)?);
    if rows.len() > 1 && cols.len() > 1 {
        return None;
    }
    Some(
        rows.iter()
            .flat_map(|&r| cols.iter().map(move |&c| Cell::at(r, c)))
            .collect(),
    )
}

/// Checks one step found on `grid`: it changes the board, places only the solution's digits where the board allows
/// them, removes only candidates that are there and not the solution's ([`check_effect`]), and says in both
/// languages what it does ([`check_words`]). `solution` is `None` where the board has no single solution to check
/// against (the other checks still run).
pub fn check_step(grid: &Grid, step: &Step, solution: Option<&[u8; 81]>) -> Result<(), String> {
    check_effect(grid, step, solution)?;
    check_words(step)
}

/// What a step does, against the board and the solution: it changes the board, its placements go into empty cells
/// that list the digit (the solution's), and its eliminations remove candidates that are there (never the
/// solution's).
pub fn check_effect(grid: &Grid, step: &Step, solution: Option<&[u8; 81]>) -> Result<(), String> {
    let fail = |why: String| Err(format!("{why}: {}", step.explain(Lang::En)));
    if step.placements.is_empty() && step.eliminations.is_empty() {
        return fail("a step that neither places nor removes".into());
    }
    if !step.makes_progress(grid) {
        return fail("a step that changes nothing".into());
    }
    for &(cell, d) in &step.placements {
        if grid.value(cell).is_some() {
            return fail(format!("places {d} in {cell}, which is filled"));
        }
        if !grid.candidates(cell).contains(d) {
            return fail(format!("places {d} in {cell}, where it is not a candidate"));
        }
        if let Some(s) = solution {
            if s[cell.index()] != d.get() {
                return fail(format!(
                    "wrong placement {cell}={d} (the solution has {})",
                    s[cell.index()]
                ));
            }
        }
    }
    for &(cell, d) in &step.eliminations {
        if !grid.candidates(cell).contains(d) {
            return fail(format!("removes {cell}<>{d}, which is not a candidate"));
        }
        if let Some(s) = solution {
            if s[cell.index()] == d.get() {
                return fail(format!("removes the true candidate {cell}<>{d}"));
            }
        }
    }
    Ok(())
}

/// What a step says, against what it does: the placements (or, for a step placing nothing, the eliminations) its
/// explanation names in English and in Chinese are exactly its own.
pub fn check_words(step: &Step) -> Result<(), String> {
    let mut placements = step.placements.clone();
    let mut eliminations = step.eliminations.clone();
    placements.sort_unstable();
    eliminations.sort_unstable();
    // A step that places reports its placements; its eliminations follow from them and are not written.
    for lang in [Lang::En, Lang::Zh] {
        let words = step.explain(lang);
        let (said_placed, said_removed) = claims(&words).map_err(|e| format!("{e}: {words}"))?;
        let agree = if placements.is_empty() {
            said_placed.is_empty() && said_removed == eliminations
        } else {
            said_placed == placements && said_removed.is_empty()
        };
        if !agree {
            return Err(format!(
                "the text says {said_placed:?} placed and {said_removed:?} removed, the step {placements:?} and \
                 {eliminations:?}: {words}"
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(r: usize, k: usize) -> Cell {
        Cell::at(r, k)
    }

    fn d(n: u8) -> Digit {
        Digit::new(n).expect("digit")
    }

    #[test]
    fn claims_read_hodoku_notation() {
        assert_eq!(
            claims("Hidden Single: r3c4=5 in b2"),
            Ok((vec![(c(2, 3), d(5))], vec![]))
        );
        assert_eq!(claims("Naked Single: r1c6=1"), Ok((vec![(c(0, 5), d(1))], vec![])));
        let (_, e) = claims("Hidden Pair: 5,9 in r8c12 => r8c2<>3, r8c12<>6, r8c2<>7").expect("reads");
        assert_eq!(
            e,
            vec![(c(7, 0), d(6)), (c(7, 1), d(3)), (c(7, 1), d(6)), (c(7, 1), d(7))]
        );
        let (_, e) = claims("X: 1 in r1c1 => r1c13,r467c2<>1").expect("reads");
        assert_eq!(e.len(), 5);
        let (p, _) = claims("Forcing Net Contradiction in r2c6 => r9c4=3\n  r9c4<>3 r4c4=3").expect("reads");
        assert_eq!(p, vec![(c(8, 3), d(3))]);
        assert!(claims("X: => r1c1<>x").is_err());
        assert!(claims("X: => r12c12<>1").is_err());
    }
}
