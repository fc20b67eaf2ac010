//! Colouring: Simple Colors (trap and wrap), Multi Colors (types 1 and 2), and Remote Pair, as HoDoKu defines them.
//!
//! For one digit, the cells joined by conjugate pairs (houses where the digit has exactly two places) form clusters;
//! each cluster splits into two colours, one of which holds the digit in every one of its cells and the other in
//! none. A Remote Pair colours a chain of cells with the same two candidates the same way.

use crate::grid::{Bitboard, Candidates, Cell, Digit, Grid, House};

use super::notation;
use super::single_digit::{pair_in, removals};
use super::step::{Pattern, Step};
use super::technique::Technique;
use super::{Flow, Lang};

/// The variant names HoDoKu gives the colouring steps.
const TRAP: &str = "Simple Colors Trap";
const WRAP: &str = "Simple Colors Wrap";
const MULTI_1: &str = "Multi Colors 1";
const MULTI_2: &str = "Multi Colors 2";

/// A cluster's two colours, and the cells each colour sees.
#[derive(Copy, Clone, Default)]
struct Cluster {
    on: Bitboard,
    off: Bitboard,
    sees_on: Bitboard,
    sees_off: Bitboard,
}

/// Every cell seeing some cell of `set`.
fn seen_by(set: Bitboard) -> Bitboard {
    set.iter().fold(Bitboard::EMPTY, |acc, c| acc | c.peer_set())
}

/// Whether two cells of `set` see each other.
fn clashes(set: Bitboard) -> bool {
    set.iter().any(|c| !(c.peer_set() & set).is_empty())
}

/// The clusters of `cells` (one digit's candidates), in order of their lowest cell; the first colour is the one of
/// that cell, as HoDoKu colours them. Returns how many of `out` are filled.
fn clusters(cells: Bitboard, out: &mut [Cluster; 41]) -> usize {
    // Each cell's conjugate partners.
    let mut partners = [Bitboard::EMPTY; 81];
    let mut linked = Bitboard::EMPTY;
    for house in House::ALL {
        if let Some((a, b)) = pair_in(cells, house) {
            partners[a.index()].insert(b);
            partners[b.index()].insert(a);
            linked |= Bitboard::only(a) | Bitboard::only(b);
        }
    }
    let mut n = 0;
    let mut stack = [(Cell::at(0, 0), false); 81];
    while let Some(seed) = linked.first() {
        let mut cluster = Cluster::default();
        let mut top = 1;
        stack[0] = (seed, true);
        linked.remove(seed);
        while top > 0 {
            top -= 1;
            let (c, on) = stack[top];
            if on {
                cluster.on.insert(c);
            } else {
                cluster.off.insert(c);
            }
            for p in partners[c.index()] & linked {
                linked.remove(p);
                stack[top] = (p, !on);
                top += 1;
            }
        }
        cluster.sees_on = seen_by(cluster.on);
        cluster.sees_off = seen_by(cluster.off);
        if n < out.len() {
            out[n] = cluster;
            n += 1;
        }
    }
    n
}

/// Each digit's clusters as last worked out on this thread, with the candidates they were worked out from (none yet:
/// bits past the 81st set). Simple and Multi Colors stand together on the ladder and read the same clusters.
/// Also, for each of the two, each digit's candidates when it last found nothing there: their steps lie in one
/// digit's candidates, and a step of the solver changes few digits.
struct Known {
    cells: [u128; 9],
    len: [usize; 9],
    clusters: [[Cluster; 41]; 9],
    barren: [[u128; 9]; 2],
}

std::thread_local! {
    static KNOWN: core::cell::RefCell<Option<Box<Known>>> = const { core::cell::RefCell::new(None) };
}

/// Runs `read` on the [`clusters`] of `digit`'s candidates `cells` (worked out once per state of them), unless the
/// finder (0 simple, 1 multi) found nothing in these candidates before. `read` runs while the clusters are
/// borrowed: it must not report a step, only say what to report.
fn with_clusters<R>(finder: usize, digit: Digit, cells: Bitboard, read: impl FnOnce(&[Cluster]) -> R) -> Option<R> {
    KNOWN.with(|known| {
        let mut known = known.borrow_mut();
        let known = known.get_or_insert_with(|| {
            Box::new(Known {
                cells: [u128::MAX; 9],
                len: [0; 9],
                clusters: [[Cluster::default(); 41]; 9],
                barren: [[u128::MAX; 9]; 2],
            })
        });
        let d = digit.index();
        if known.barren[finder][d] == cells.bits() {
            return None;
        }
        if known.cells[d] != cells.bits() {
            known.len[d] = clusters(cells, &mut known.clusters[d]);
            known.cells[d] = cells.bits();
        }
        Some(read(&known.clusters[d][..known.len[d]]))
    })
}

/// Remembers that the finder (0 simple, 1 multi) finds nothing in `digit`'s candidates `cells`.
fn remember_barren(finder: usize, digit: Digit, cells: Bitboard) {
    KNOWN.with(|known| {
        if let Some(known) = known.borrow_mut().as_mut() {
            known.barren[finder][digit.index()] = cells.bits();
        }
    });
}

fn color_pattern(digit: Digit, classes: &[Bitboard], variant: &'static str) -> Pattern {
    let all = classes.iter().fold(Bitboard::EMPTY, |acc, &c| acc | c);
    Pattern {
        digits: Candidates::only(digit),
        cells: all.iter().collect(),
        colors: classes.iter().map(|c| c.iter().collect()).collect(),
        variant: Some(variant),
        ..Pattern::default()
    }
}

/// One cluster at a time. Wrap: two cells of one colour see each other, so that colour is false everywhere. Trap: a
/// cell seeing both colours loses the digit, since one of them is true.
pub fn simple_colors(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    for digit in Digit::ALL {
        let cells = grid.digit_cells(digit);
        // The clusters with a step, with what each wraps and traps.
        let hits = with_clusters(0, digit, cells, |clusters| {
            let mut hits = Vec::new();
            for k in clusters {
                let mut wrapped = Bitboard::EMPTY;
                for colour in [k.on, k.off] {
                    if clashes(colour) {
                        wrapped |= colour;
                    }
                }
                let trapped = cells & k.sees_on & k.sees_off;
                if !wrapped.is_empty() || !trapped.is_empty() {
                    hits.push((*k, wrapped, trapped));
                }
            }
            hits
        });
        let Some(hits) = hits else { continue };
        if hits.is_empty() {
            remember_barren(0, digit, cells);
        }
        for (k, wrapped, trapped) in hits {
            if !wrapped.is_empty() {
                let pattern = color_pattern(digit, &[k.on, k.off], WRAP);
                emit(Step::elimination(
                    Technique::SimpleColors,
                    removals(digit, wrapped),
                    pattern,
                ))?;
            }
            if !trapped.is_empty() {
                let pattern = color_pattern(digit, &[k.on, k.off], TRAP);
                emit(Step::elimination(
                    Technique::SimpleColors,
                    removals(digit, trapped),
                    pattern,
                ))?;
            }
        }
    }
    Flow::Continue(())
}

/// Two clusters of one digit. Type 2 (HoDoKu's Multi Colors 2): a colour of the first sees both colours of the
/// second, one of which is true, so it is false everywhere. Type 1: a colour of each cluster see each other, so at
/// most one is true and one of the two opposite colours is; cells seeing both opposite colours lose the digit.
pub fn multi_colors(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    for digit in Digit::ALL {
        let cells = grid.digit_cells(digit);
        // The steps, in order: the four colours of the two clusters, the variant and what goes.
        let hits = with_clusters(1, digit, cells, |clusters| {
            let mut hits: Vec<([Bitboard; 4], &'static str, Bitboard)> = Vec::new();
            for (i, &a) in clusters.iter().enumerate() {
                for (j, &b) in clusters.iter().enumerate() {
                    if i == j {
                        continue;
                    }
                    let classes = [a.on, a.off, b.on, b.off];
                    let mut false_colour = Bitboard::EMPTY;
                    for (colour, sees) in [(a.on, a.sees_on), (a.off, a.sees_off)] {
                        if !(sees & b.on).is_empty() && !(sees & b.off).is_empty() {
                            false_colour |= colour;
                        }
                    }
                    if !false_colour.is_empty() {
                        hits.push((classes, MULTI_2, false_colour));
                    }
                    // Type 1 is symmetric in the two clusters: each pair once.
                    if j < i {
                        continue;
                    }
                    let mut elim = Bitboard::EMPTY;
                    // Each colour of the first cluster by what it sees and what its opposite sees.
                    let sides = [(a.sees_on, a.sees_off), (a.sees_off, a.sees_on)];
                    let others = [(b.on, b.sees_off), (b.off, b.sees_on)];
                    for (sees, sees_opposite) in sides {
                        for (other, other_sees_opposite) in others {
                            if !(sees & other).is_empty() {
                                elim |= cells & sees_opposite & other_sees_opposite;
                            }
                        }
                    }
                    if !elim.is_empty() {
                        hits.push((classes, MULTI_1, elim));
                    }
                }
            }
            hits
        });
        let Some(hits) = hits else { continue };
        if hits.is_empty() {
            remember_barren(1, digit, cells);
        }
        for (classes, variant, elim) in hits {
            let pattern = color_pattern(digit, &classes, variant);
            emit(Step::elimination(
                Technique::MultiColors,
                removals(digit, elim),
                pattern,
            ))?;
        }
    }
    Flow::Continue(())
}

/// Longest Remote Pair chain searched, in cells (HoDoKu's chains stop at twenty nodes, two a cell).
const MAX_CHAIN: usize = 10;
/// Paths explored per group of cells at most: a bound against pencil-mark states no puzzle can reach.
const BUDGET: u32 = 20_000;

/// A Remote Pair found: its chain and what it removes of each digit.
struct Chain {
    cells: Vec<Cell>,
    first: Bitboard,
    second: Bitboard,
}

/// A chain of four or more cells with the same two candidates, each seeing the next: the cells alternate between the
/// two digits, so any two an odd number of links apart (three or more) hold both digits between them, and cells
/// seeing both lose both digits. Each elimination set is reported once, by its shortest chain, most eliminations
/// first.
pub fn remote_pair(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    let bivalue: Bitboard = grid
        .empty_cells()
        .iter()
        .filter(|&c| grid.candidates(c).len() == 2)
        .collect();
    let mut done = Bitboard::EMPTY;
    for c in bivalue {
        if done.contains(c) {
            continue;
        }
        let pair = grid.candidates(c);
        let (Some(d1), Some(d2)) = (pair.first(), pair.iter().last()) else {
            continue;
        };
        // The bivalue cells holding both digits are those holding the pair.
        let group = bivalue & grid.digit_cells(d1) & grid.digit_cells(d2);
        done |= group;
        // Three cells of one house with the same two candidates cannot all be filled: no chain logic there.
        if group.len() < 4 || House::ALL.iter().any(|h| (group & h.cell_set()).len() > 2) {
            continue;
        }
        let mut search = Search {
            group,
            first: grid.digit_cells(d1),
            second: grid.digit_cells(d2),
            path: [c; MAX_CHAIN],
            found: Vec::new(),
            budget: BUDGET,
        };
        for start in group {
            search.path[0] = start;
            search.extend(1, Bitboard::EMPTY, Bitboard::EMPTY);
        }
        let mut found = search.found;
        found.sort_by_key(|f| core::cmp::Reverse(f.first.len() + f.second.len()));
        for f in found {
            let mut elim = removals(d1, f.first);
            elim.extend(removals(d2, f.second));
            let pattern = Pattern {
                digits: pair,
                colors: vec![
                    f.cells.iter().step_by(2).copied().collect(),
                    f.cells.iter().skip(1).step_by(2).copied().collect(),
                ],
                cells: f.cells,
                ..Pattern::default()
            };
            emit(Step::elimination(Technique::RemotePair, elim, pattern))?;
        }
    }
    Flow::Continue(())
}

/// The depth-first search for Remote Pair chains in one group of cells.
struct Search {
    group: Bitboard,
    first: Bitboard,
    second: Bitboard,
    path: [Cell; MAX_CHAIN],
    found: Vec<Chain>,
    budget: u32,
}

impl Search {
    /// Extends the chain `path[..len]`, which removes `first` and `second` so far.
    fn extend(&mut self, len: usize, first: Bitboard, second: Bitboard) {
        if len >= 4 && !(first.is_empty() && second.is_empty()) {
            self.record(len, first, second);
        }
        if len == MAX_CHAIN {
            return;
        }
        let last = self.path[len - 1];
        let used: Bitboard = self.path[..len].iter().copied().collect();
        for next in (self.group & last.peer_set()) - used {
            if self.budget == 0 {
                return;
            }
            self.budget -= 1;
            self.path[len] = next;
            // The new cell against every earlier cell an odd number of links back, three or more.
            let (mut f, mut s) = (first, second);
            let mut back = 3;
            while back <= len {
                let shared = self.path[len - back].peer_set() & next.peer_set();
                f |= shared & self.first;
                s |= shared & self.second;
                back += 2;
            }
            self.extend(len + 1, f, s);
        }
    }

    /// Keeps a chain unless one as short or shorter removes the same.
    fn record(&mut self, len: usize, first: Bitboard, second: Bitboard) {
        if let Some(old) = self.found.iter_mut().find(|f| f.first == first && f.second == second) {
            if old.cells.len() > len {
                old.cells = self.path[..len].to_vec();
            }
            return;
        }
        self.found.push(Chain {
            cells: self.path[..len].to_vec(),
            first,
            second,
        });
    }
}

/// The explanation of a colouring step or Remote Pair, in HoDoKu's notation:
/// `Simple Colors Trap: 4 (r1c2,r3c4) / (r5c6,r7c8) => r1c8<>4`,
/// `Remote Pair: 3/7 r1c1 -7- r1c5 -3- r4c5 -7- r4c9 => r4c1<>3, r4c1<>7`.
pub(super) fn explain(step: &Step, lang: Lang, result: &str) -> String {
    let p = &step.pattern;
    let colon = if lang == Lang::En { ": " } else { "：" };
    if step.technique == Technique::RemotePair {
        let ds: Vec<Digit> = p.digits.iter().collect();
        let mut chain = String::new();
        for (i, c) in p.cells.iter().enumerate() {
            if i > 0 {
                // The chain starts on the first digit, so the link into the second cell carries the other.
                if let Some(d) = ds.get(i % 2) {
                    chain.push_str(&format!(" -{d}- "));
                }
            }
            chain.push_str(&c.to_string());
        }
        let pair = notation::digits(p.digits).replace(',', "/");
        return format!("{}{colon}{pair} {chain} => {result}", step.technique.name_in(lang));
    }
    let name = match (p.variant, lang) {
        (Some(TRAP), Lang::Zh) => "简单染色（陷阱）",
        (Some(WRAP), Lang::Zh) => "简单染色（矛盾）",
        (Some(MULTI_1), Lang::Zh) => "多重染色 1",
        (Some(MULTI_2), Lang::Zh) => "多重染色 2",
        (Some(v), Lang::En) => v,
        (_, lang) => step.technique.name_in(lang),
    };
    // Colours in pairs: `(a) / (b)` for a cluster, clusters joined by `, `; cells in each colour ascending.
    let mut colours = String::new();
    for (i, class) in p.colors.iter().enumerate() {
        if i % 2 == 1 {
            colours.push_str(" / ");
        } else if i > 0 {
            colours.push_str(", ");
        }
        let list: Vec<String> = class.iter().map(|c| c.to_string()).collect();
        colours.push_str(&format!("({})", list.join(",")));
    }
    let digit = notation::digits(p.digits);
    format!("{name}{colon}{digit} {colours} => {result}")
}

#[cfg(test)]
mod tests {
    use crate::format::parse_library_line;
    use crate::logic::reglib::testing::{assert_all_pass, explained};
    use crate::logic::{Solver, Technique};

    /// Cases from HoDoKu's regression library (reglib-dev.txt), so the tests run without the shared data.
    const TRAP: &str = ":0500:2:+652...+7..8+7+3+9+54+612+41+97+2+6+83+5.3...94569...7....1.....9....+15...6.3...615..+54+68.....:853 154 763 863 272 375 379 779:284::";
    const WRAP: &str = ":0501:7:3+9265.....+86+3.4+5.+2+45...+2+63...+9+52..+6.+2+6.9+4.8+5...51.6+2..6+7+8+43+192+5+5+2+3.+6+9..4+914+2.5+3.6:717 718 818 119 725 128 735 835 139 741 147 768 769 788:719 728 733 734 761 787 795::";
    const MULTI_1: &str = ":0502:8:......58779..52..15.41..932.......2.2.6.3.1.5.5.......947.182.....76..1961.......::824 832 843 845 863 865::";
    const MULTI_2: &str =
        ":0503:8:......58779..52..15.41..932.......2.2.6.3.1.5.5.......947.182.....76..1961.......::824 832::";
    const REMOTE_PAIR: &str = ":0703:58:.+2+6.9+3.+4+1+9+45+2+8+1+6+37.+3+1+6.42.+9+1+57+3+2+94+6+8+39+4168+7+2+5+68+2+4..+913+4+63.1..9+25+1+89+4+2+37+62+7+9.361.+4::514::7";
    const REMOTE_PAIR_SIX: &str = ":0703:18:+4.325+6.+9+7+2+56+9.7+4+3.7+9...+3562+93.5..+62.5...+6..+79.6..+29.4+5649..+5+2+13+3..1+9+47.+6.+7.+6329.+4:143 843 145 845 854 864:152 852::11";

    #[test]
    fn every_embedded_case_passes_the_library_check() {
        assert_all_pass(&[TRAP, WRAP, MULTI_1, MULTI_2, REMOTE_PAIR, REMOTE_PAIR_SIX]);
    }

    #[test]
    fn explanations_follow_hodoku() {
        let (en, zh) = explained(TRAP);
        assert_eq!(en, "Simple Colors Trap: 2 (r4c1,r8c2) / (r4c4,r7c1) => r8c4<>2");
        assert_eq!(zh, "简单染色（陷阱）：2 (r4c1,r8c2) / (r4c4,r7c1) => r8c4<>2");
        let (en, _) = explained(WRAP);
        assert!(en.starts_with("Simple Colors Wrap: 7 (r1c6,r2c1,"), "{en}");
        let (en, _) = explained(MULTI_1);
        assert_eq!(
            en,
            "Multi Colors 1: 8 (r2c3,r3c5) / (r2c4,r3c2), (r5c2) / (r5c4) => r2c4,r3c2,r4c35,r6c35<>8"
        );
        let (en, zh) = explained(MULTI_2);
        assert_eq!(
            en,
            "Multi Colors 2: 8 (r2c3,r3c5) / (r2c4,r3c2), (r5c2) / (r5c4) => r2c4,r3c2<>8"
        );
        assert_eq!(
            zh,
            "多重染色 2：8 (r2c3,r3c5) / (r2c4,r3c2), (r5c2) / (r5c4) => r2c4,r3c2<>8"
        );
        let (en, zh) = explained(REMOTE_PAIR);
        assert_eq!(en, "Remote Pair: 5/8 r1c7 -8- r3c8 -5- r9c8 -8- r9c4 => r1c4<>5");
        assert_eq!(zh, "远程数对：5/8 r1c7 -8- r3c8 -5- r9c8 -8- r9c4 => r1c4<>5");
        let (en, _) = explained(REMOTE_PAIR_SIX);
        assert_eq!(
            en,
            "Remote Pair: 1/8 r1c2 -8- r1c7 -1- r2c9 -8- r4c9 -1- r4c6 -8- r5c6 => r5c2<>1, r5c2<>8"
        );
    }

    #[test]
    fn colour_classes_are_in_the_pattern() {
        let case = parse_library_line(MULTI_2).expect("library line");
        let steps = Solver::find_all(Technique::MultiColors, &case.grid);
        let step = steps
            .iter()
            .find(|s| s.pattern.variant == Some(super::MULTI_2))
            .expect("type 2");
        assert_eq!(step.pattern.colors.len(), 4, "two colours of each of two clusters");
        let case = parse_library_line(REMOTE_PAIR).expect("library line");
        let step = Solver::find_first(Technique::RemotePair, &case.grid).expect("a remote pair");
        // The chain's cells alternate colours.
        assert_eq!(
            step.pattern.colors[0].len() + step.pattern.colors[1].len(),
            step.pattern.cells.len()
        );
    }
}
