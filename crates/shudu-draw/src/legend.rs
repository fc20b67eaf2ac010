//! The legend under a picture: the step in HoDoKu's notation (or in Chinese), wrapped to the board's width, and a
//! note when a net's branches are not all drawn.

use shudu::logic::{Lang, Step};

use crate::chains::Chains;
use crate::fonts::text_width;
use crate::geometry::{BOARD, LEGEND_FONT};

/// Legend lines at most; a longer text ends in an ellipsis (the SVG's `<desc>` keeps it whole).
pub const MAX_LINES: usize = 12;

/// The text of a step as its legend shows it: the first line of its explanation, then the lines of the branches
/// drawn (a forcing chain's or Kraken fish's explanation ends with one line per branch).
pub(crate) fn step_text(step: &Step, text: &str, lang: Lang, chains: &Chains) -> Vec<String> {
    let mut lines: Vec<String> = text.lines().map(|l| l.trim().to_string()).collect();
    let branches = step.pattern.chains.len();
    if branches > 0 && lines.len() > branches {
        let keep = lines.len() - branches + chains.drawn.min(branches);
        lines.truncate(keep);
    }
    if chains.truncated() {
        lines.push(note(chains, lang));
    }
    lines
}

/// What was left out of a net's picture.
fn note(chains: &Chains, lang: Lang) -> String {
    match (lang, chains.drawn < chains.branches) {
        (Lang::En, true) => format!(
            "(the first {} of {} branches drawn{})",
            chains.drawn,
            chains.branches,
            if chains.cut { ", the last in part" } else { "" }
        ),
        (Lang::En, false) => "(the chain is drawn in part)".to_string(),
        (Lang::Zh, true) => format!(
            "（只画出 {} 条分支中的前 {} 条{}）",
            chains.branches,
            chains.drawn,
            if chains.cut {
                "，最后一条只画出一部分"
            } else {
                ""
            }
        ),
        (Lang::Zh, false) => "（链只画出一部分）".to_string(),
    }
}

/// Wraps text lines to the board's width at spaces (inside a word too long for a line, between characters, as
/// Chinese text allows), at most [`MAX_LINES`] in all.
pub(crate) fn wrap(lines: &[String]) -> Vec<String> {
    // The browser may set the text in another font than the shipped one: a little room is left for it.
    let max = BOARD * 0.97;
    let width = |s: &str| text_width(s, LEGEND_FONT, false);
    let space = width(" ");
    let mut out = Vec::new();
    for line in lines {
        let mut current = String::new();
        let mut used = 0.0;
        for word in line.split(' ').filter(|w| !w.is_empty()) {
            let w = width(word);
            let gap = if current.is_empty() { 0.0 } else { space };
            if used + gap + w <= max {
                if !current.is_empty() {
                    current.push(' ');
                }
                current.push_str(word);
                used += gap + w;
                continue;
            }
            if !current.is_empty() {
                out.push(std::mem::take(&mut current));
                used = 0.0;
            }
            if w <= max {
                current.push_str(word);
                used = w;
                continue;
            }
            // A word wider than a line is cut between characters.
            for c in word.chars() {
                let cw = width(c.encode_utf8(&mut [0; 4]));
                if used + cw > max && !current.is_empty() {
                    out.push(std::mem::take(&mut current));
                    used = 0.0;
                }
                current.push(c);
                used += cw;
            }
        }
        if !current.is_empty() {
            out.push(current);
        }
    }
    if out.len() > MAX_LINES {
        out.truncate(MAX_LINES);
        if let Some(last) = out.last_mut() {
            while !last.is_empty() && width(&format!("{last} …")) > max {
                last.pop();
            }
            last.push_str(" …");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_wrap_at_spaces_within_the_board() {
        let line = "AIC: 5 5= r1c7 -2- r4c7 -3- r4c4 =3= r9c4 =5= r9c6 -5- r9c1 =5= r8c1 -5- r8c5 =5= r7c5 => r1c6<>5"
            .to_string();
        let lines = wrap(std::slice::from_ref(&line));
        assert!(lines.len() >= 2, "{lines:?}");
        assert_eq!(lines.join(" "), line);
        for l in &lines {
            assert!(text_width(l, LEGEND_FONT, false) <= BOARD, "{l}");
        }
    }

    #[test]
    fn chinese_text_breaks_between_characters() {
        let line = "强制网（矛盾）：假设".repeat(12);
        let lines = wrap(std::slice::from_ref(&line));
        assert!(lines.len() > 1);
        assert_eq!(lines.concat(), line);
    }

    #[test]
    fn too_many_lines_end_in_an_ellipsis() {
        let lines: Vec<String> = (0..30).map(|i| format!("line {i}")).collect();
        let wrapped = wrap(&lines);
        assert_eq!(wrapped.len(), MAX_LINES);
        assert!(wrapped[MAX_LINES - 1].ends_with('…'));
    }
}
