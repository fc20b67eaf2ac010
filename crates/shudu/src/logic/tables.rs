//! Which discontinuous nice loops HoDoKu's search sees: a model of its tables, for the grading ladder.
//!
//! HoDoKu finds nice loops by tabling: from a premise (a candidate set or removed) it records every fact that
//! follows, each once, from the first fact that led to it, breadth first; a loop is reported only when the chain
//! read back along those first causes is a loop (no cell passed twice). So of the many loops a board holds, HoDoKu
//! reports those whose chain is the first way its tables reach the closing fact, and which that is depends on the
//! order the facts are followed in. shudu's chain search finds loops its own way (each cell once a chain, breadth
//! first over links), and finds more: a loop HoDoKu's tables never see can then win a step HoDoKu's path does not
//! take.
//!
//! The order, read off HoDoKu's own lists of every loop (`/bsaf`) at the 2,957 training boards where its path takes
//! a nice loop or AIC: a fact set makes false the cell's other candidates (ascending), then the digit in the cell's
//! row, column and box, in that order of houses and cell by cell within each; a fact removed makes true the cell's
//! other candidate when it has two, then the digit's other place in its row, column and box where it has two.
//! Tables so built, with the two rules of [`hodoku_finds_loop`] on chains that pass the start's cell twice,
//! classify as HoDoKu does 561 of 561 loops that place their start (removing its cell's other candidates) and
//! 15,105 of 15,162 loops and AICs that remove one candidate (the cell-by-cell order of peers: 95 %).
//!
//! The grouped search's tables hold groups too (a digit's two or three places where a line crosses a box), read
//! off the 1,212 training boards where HoDoKu's path takes a grouped loop. A candidate's links to groups follow its
//! links to candidates, in the order of the groups (by digit, then rows before columns, then along the line): set,
//! it makes false each group it sees; removed, it makes true a group that holds the digit's other places in one of
//! its houses. A group set makes false the digit's other places in its line, then its box, then the other groups
//! there; removed, it makes true the one other place (or group) of its line, then its box. A group may take in a
//! cell of the chain before it, but not as its first cell, unless that is the premise's: HoDoKu checks a group by
//! its first cell alone. So modelled, 4,459 of 4,525 grouped loops removing one candidate are classified as HoDoKu
//! lists them (all of a group's cells checked: 4,084; its first cell, the premise's not excepted: 4,393).
//!
//! Plain AICs and continuous loops come from the same tables ([`hodoku_finds_aic`], [`hodoku_finds_continuous`]);
//! grouped ones are not modelled.

use crate::grid::{Bitboard, Candidates, Cell, Digit, Grid, House};

use super::step::Step;

/// Facts of candidates, indexed `cell * 18 + digit * 2 + on` (a candidate true or false).
const CELL_FACTS: usize = 81 * 18;
/// Groups: a digit's places in one line's segment of three cells (where the line crosses a box), two or three of
/// them. Indexed `digit * 54 + line * 3 + segment`, lines as [`House::index`] numbers them (rows, then columns):
/// HoDoKu's order of groups, as its grouped loops show it (see the module's text).
const GROUPS: usize = 9 * 54;
/// Every fact: the candidates', then the groups' (`CELL_FACTS + group * 2 + on`).
const FACTS: usize = CELL_FACTS + GROUPS * 2;
const NONE: u16 = u16::MAX;

fn cell_fact(cell: Cell, digit: Digit, on: bool) -> usize {
    cell.index() * 18 + digit.index() * 2 + usize::from(on)
}

fn group_fact(group: usize, on: bool) -> usize {
    CELL_FACTS + group * 2 + usize::from(on)
}

/// Whether `fact` is a candidate's fact in cell `cell` (a group's never is).
fn in_cell(fact: usize, cell: usize) -> bool {
    fact < CELL_FACTS && fact / 18 == cell
}

/// The line a group lies in.
fn group_line(group: usize) -> House {
    House::from_index(group % 54 / 3)
}

/// The box a group lies in.
fn group_box(group: usize) -> House {
    let (line, segment) = (group % 54 / 3, group % 3);
    let b = if line < 9 {
        line / 3 * 3 + segment
    } else {
        segment * 3 + (line - 9) / 3
    };
    House::Box(b as u8)
}

/// What the tables are built over: the grid, and for HoDoKu's grouped search its groups (their cells, empty where a
/// segment holds fewer than two places).
struct Board<'a> {
    grid: &'a Grid,
    groups: Option<Box<[Bitboard; GROUPS]>>,
    /// The groups of each digit, in order: a few of the 54 places a group may be.
    of_digit: [Vec<u16>; 9],
}

impl<'a> Board<'a> {
    fn new(grid: &'a Grid, grouped: bool) -> Board<'a> {
        let groups = grouped.then(|| {
            let mut groups = Box::new([Bitboard::EMPTY; GROUPS]);
            for d in 0..9 {
                let places = grid.digit_cells(Digit::from_index(d));
                for (g, cells) in groups[d * 54..(d + 1) * 54].iter_mut().enumerate() {
                    let here = places & group_line(g).cell_set() & group_box(g).cell_set();
                    if here.len() >= 2 {
                        *cells = here;
                    }
                }
            }
            groups
        });
        let mut of_digit: [Vec<u16>; 9] = Default::default();
        if let Some(groups) = &groups {
            for (g, cells) in groups.iter().enumerate() {
                if !cells.is_empty() {
                    of_digit[g / 54].push(g as u16);
                }
            }
        }
        Board { grid, groups, of_digit }
    }

    /// The cells of a fact's node: its candidate's cell, or its group's cells.
    fn node(&self, fact: usize) -> Bitboard {
        match &self.groups {
            Some(groups) if fact >= CELL_FACTS => groups[(fact - CELL_FACTS) / 2],
            _ => Bitboard::only(Cell::from_bit((fact / 18) as u32)),
        }
    }

    /// The group of `digit` whose cells are exactly `cells`, if any.
    fn group_of(&self, groups: &[Bitboard; GROUPS], digit: Digit, cells: Bitboard) -> Option<usize> {
        let first = cells.first()?;
        let in_box = House::Box(first.box_index() as u8).cell_set();
        let lines = [
            (House::Row(first.row() as u8), first.col() / 3),
            (House::Col(first.col() as u8), first.row() / 3),
        ];
        lines.into_iter().find_map(|(line, segment)| {
            let g = digit.index() * 54 + line.index() * 3 + segment;
            ((cells - (line.cell_set() & in_box)).is_empty() && groups[g] == cells).then_some(g)
        })
    }

    /// The facts that follow from `f` directly, in HoDoKu's order (see the module's text), passed to `out`.
    fn successors(&self, f: usize, out: &mut impl FnMut(usize)) {
        if f >= CELL_FACTS {
            if let Some(groups) = &self.groups {
                self.group_successors(groups, f, out);
            }
            return;
        }
        let (cell, digit, on) = (
            Cell::from_bit((f / 18) as u32),
            Digit::from_index(f % 18 / 2),
            f % 2 == 1,
        );
        let grid = self.grid;
        let cands = grid.candidates(cell);
        let places = grid.digit_cells(digit);
        if on {
            for e in cands.without(Candidates::only(digit)) {
                out(cell_fact(cell, e, false));
            }
            // A house's cells in its order are its cells by index, as a bit set's come.
            let mut seen = Bitboard::only(cell);
            for house in cell.houses() {
                let here = (places & house.cell_set()) - seen;
                seen |= here;
                for p in here {
                    out(cell_fact(p, digit, false));
                }
            }
        } else {
            if cands.len() == 2 {
                if let Some(e) = cands.without(Candidates::only(digit)).first() {
                    out(cell_fact(cell, e, true));
                }
            }
            let mut seen = Bitboard::only(cell);
            for house in cell.houses() {
                let here = places & house.cell_set();
                if here.len() == 2 {
                    if let Some(q) = (here - Bitboard::only(cell)).first() {
                        if !seen.contains(q) {
                            seen.insert(q);
                            out(cell_fact(q, digit, true));
                        }
                    }
                }
            }
        }
        let Some(groups) = &self.groups else { return };
        // A candidate's links to groups come after its links to candidates, in the order of the groups.
        let in_box = House::Box(cell.box_index() as u8);
        for &g in &self.of_digit[digit.index()] {
            let g = usize::from(g);
            let cells = groups[g];
            if cells.contains(cell) {
                continue;
            }
            let (line, bx) = (group_line(g), group_box(g));
            if on {
                if line.cell_set().contains(cell) || bx == in_box {
                    out(group_fact(g, false));
                }
            } else if cell
                .houses()
                .into_iter()
                .any(|h| (h == line || h == bx) && places & h.cell_set() == cells | Bitboard::only(cell))
            {
                out(group_fact(g, true));
            }
        }
    }

    /// A group's links: true, it makes false the digit's other places in its line and then its box, and the other
    /// groups there; false, it makes true the one other place of its line or box, or the one other group.
    fn group_successors(&self, groups: &[Bitboard; GROUPS], f: usize, out: &mut impl FnMut(usize)) {
        let g = (f - CELL_FACTS) / 2;
        let (cells, digit, on) = (groups[g], Digit::from_index(g / 54), f % 2 == 1);
        let places = self.grid.digit_cells(digit);
        let (line, bx) = (group_line(g), group_box(g));
        if on {
            let mut seen = cells;
            for house in [line, bx] {
                let here = (places & house.cell_set()) - seen;
                seen |= here;
                for p in here {
                    out(cell_fact(p, digit, false));
                }
            }
            for &other in &self.of_digit[digit.index()] {
                let other = usize::from(other);
                let there = groups[other];
                if other != g && (there & cells).is_empty() && (group_line(other) == line || group_box(other) == bx) {
                    out(group_fact(other, false));
                }
            }
        } else {
            for house in [line, bx] {
                let rest = places & (house.cell_set() - cells);
                if rest.len() == 1 {
                    if let Some(p) = rest.first() {
                        out(cell_fact(p, digit, true));
                    }
                } else if let Some(other) = self.group_of(groups, digit, rest) {
                    out(group_fact(other, true));
                }
            }
        }
    }

    /// Whether a chain of facts is a loop as HoDoKu's tables keep one: its nodes (a node's facts in a row counting
    /// once) on cells all different, but for the premise's cell at both ends; a group may take in a cell of an
    /// earlier node but for its first cell (which may be the premise's).
    fn is_loop(&self, chain: &[usize]) -> bool {
        let mut nodes: Vec<Bitboard> = Vec::with_capacity(chain.len());
        for &f in chain {
            let n = self.node(f);
            if nodes.last() != Some(&n) {
                nodes.push(n);
            }
        }
        if nodes.len() > 1 && nodes.first() == nodes.last() {
            nodes.pop();
        }
        let start = nodes.first().copied().unwrap_or_default();
        let mut used = Bitboard::EMPTY;
        for n in nodes {
            let entry = if n.len() == 1 {
                n & used
            } else {
                n.first().map_or(Bitboard::EMPTY, Bitboard::only) & (used - start)
            };
            if !entry.is_empty() {
                return false;
            }
            used |= n;
        }
        true
    }
}

/// The table of one premise: for each fact reached, the fact it was first reached from.
struct Table {
    cause: Vec<u16>,
    premise: usize,
}

impl Table {
    /// The table of `premise`, built until every fact of `targets` is reached (or all that can be): a fact's first
    /// cause, and so its chain, is the same in every table that reaches it, however far the table goes on.
    fn until(board: &Board, premise: usize, targets: &[usize]) -> Table {
        // The premise is its own cause: every fact reached has one.
        let mut cause = vec![NONE; FACTS];
        cause[premise] = premise as u16;
        let mut facts = Vec::with_capacity(256);
        facts.push(premise);
        let mut left = targets.iter().filter(|&&t| t != premise).count();
        let mut head = 0;
        while head < facts.len() && left > 0 {
            let f = facts[head];
            head += 1;
            board.successors(f, &mut |g| {
                if cause[g] == NONE {
                    cause[g] = f as u16;
                    facts.push(g);
                    left -= targets.iter().filter(|&&t| t == g).count();
                }
            });
        }
        Table { cause, premise }
    }

    /// The chain from `premise` to `target` along first causes, its table built only as far as it reaches.
    fn chain_between(board: &Board, premise: usize, target: usize) -> Option<Vec<usize>> {
        Table::until(board, premise, &[target]).chain(target)
    }

    /// The chain from the premise to `target` along first causes, as facts; `None` when not reached.
    fn chain(&self, target: usize) -> Option<Vec<usize>> {
        let mut at = target;
        if self.cause[at] == NONE {
            return None;
        }
        let mut chain = vec![at];
        while at != self.premise {
            at = self.cause[at] as usize;
            chain.push(at);
        }
        chain.reverse();
        Some(chain)
    }
}

/// Whether HoDoKu's tables find a discontinuous nice loop with `step`'s effect: `None` when the step is not one the
/// model covers (its removals not all in one cell, or a cell left with more than one candidate), else whether a
/// premise's table loops back to its cell. `grouped`: the tables of HoDoKu's grouped search, with groups as facts.
///
/// A loop placing `d` (removing all its cell's other candidates) comes from the table of `d` removed, which reaches
/// `d` set. A loop removing one candidate `a` comes from the table of `a` set: it reaches `a` removed (but not by a
/// chain that both leaves and comes back inside the cell: that is another candidate's placing loop with `a` on its
/// tail), or another candidate set by a chain that leaves the cell at once; or, in a cell of two candidates, from
/// the table of the other removed, which reaches it set. Over the training boards this classifies as HoDoKu does
/// 15,105 of 15,162 loops and AICs removing one candidate (none that HoDoKu leaves out taken for found), and 561 of
/// 561 placing loops; with groups, 4,459 of 4,525 grouped loops.
pub(super) fn hodoku_finds_loop(grid: &Grid, step: &Step, grouped: bool) -> Option<bool> {
    let (&(cell, _), rest) = step.eliminations.split_first()?;
    if !step.placements.is_empty() || rest.iter().any(|&(c, _)| c != cell) {
        return None;
    }
    let board = Board::new(grid, grouped);
    let x = cell.index();
    let cands = grid.candidates(cell);
    let mut removed = Candidates::default();
    for &(_, d) in &step.eliminations {
        removed.insert(d);
    }
    let placing = |d: Digit| -> bool {
        Table::chain_between(&board, cell_fact(cell, d, false), cell_fact(cell, d, true))
            .is_some_and(|c| board.is_loop(&c))
    };
    if step.eliminations.len() > 1 {
        return Some(placing(cands.without(removed).single()?));
    }
    let a = removed.first()?;
    // What the table is read for: `a` removed, or another candidate of the cell set.
    let mut targets = [0usize; 9];
    targets[0] = cell_fact(cell, a, false);
    let mut n = 1;
    for b in cands.without(removed) {
        targets[n] = cell_fact(cell, b, true);
        n += 1;
    }
    let table = Table::until(&board, cell_fact(cell, a, true), &targets[..n]);
    let removes = table
        .chain(cell_fact(cell, a, false))
        .is_some_and(|c| c.len() > 2 && board.is_loop(&c) && !(in_cell(c[1], x) && in_cell(c[c.len() - 2], x)));
    let sets_another = || {
        cands.without(removed).iter().any(|b| {
            table
                .chain(cell_fact(cell, b, true))
                .is_some_and(|c| c.len() > 2 && board.is_loop(&c) && !in_cell(c[1], x))
        })
    };
    let other_placed = || cands.len() == 2 && cands.without(removed).first().is_some_and(placing);
    Some(removes || sets_another() || other_placed())
}

/// Whether HoDoKu's tables find an AIC with `step`'s chain ends: `None` when the step is not an AIC between two
/// candidates, else whether the table of its first candidate removed reaches its last set by a chain through each
/// cell once (or the other way round). At the training boards, of shudu's 3,380 AICs HoDoKu lists 3,112 as AICs,
/// all of which this finds; of the other 268 it rejects 146, and of the 122 it takes HoDoKu lists all but 3 with
/// the same removals as a nice loop (which the loops' own test, [`hodoku_finds_loop`], covers).
pub(super) fn hodoku_finds_aic(grid: &Grid, step: &Step) -> Option<bool> {
    if !step.pattern.variant.unwrap_or_default().ends_with("AIC") {
        return None;
    }
    let chain = step.pattern.chains.first()?;
    let (first, last) = (chain.nodes.first()?, chain.nodes.last()?);
    let (&[a], &[b]) = (first.cells.as_slice(), last.cells.as_slice()) else {
        return None;
    };
    let board = Board::new(grid, false);
    let reaches = |from: (Cell, Digit), to: (Cell, Digit)| {
        Table::chain_between(&board, cell_fact(from.0, from.1, false), cell_fact(to.0, to.1, true))
            .is_some_and(|c| board.is_loop(&c))
    };
    let (a, b) = ((a, first.digit), (b, last.digit));
    Some(reaches(a, b) || reaches(b, a))
}

/// Whether HoDoKu's tables find a continuous nice loop like `step`'s: `None` when the step is not a continuous
/// loop over candidates, else whether, at a cell where the loop comes in and goes out by strong links on two
/// digits (the weak link inside the cell), the table of the outgoing digit removed reaches the incoming digit set
/// by a chain through each cell once that leaves the cell at once (either way round the loop).
pub(super) fn hodoku_finds_continuous(grid: &Grid, step: &Step) -> Option<bool> {
    if step.pattern.variant != Some("Continuous Nice Loop") {
        return None;
    }
    let mut nodes: Vec<(Cell, Digit, bool)> = Vec::new();
    for n in &step.pattern.chains.first()?.nodes {
        let &[cell] = n.cells.as_slice() else {
            return None;
        };
        nodes.push((cell, n.digit, n.on));
    }
    if nodes.len() > 1 && nodes.first() == nodes.last() {
        nodes.pop();
    }
    let board = Board::new(grid, false);
    let loops_back = |cell: Cell, from: Digit, to: Digit| {
        let x = cell.index();
        Table::chain_between(&board, cell_fact(cell, from, false), cell_fact(cell, to, true))
            .is_some_and(|c| c.len() > 2 && board.is_loop(&c) && !in_cell(c[1], x))
    };
    let k = nodes.len();
    Some((0..k).any(|i| {
        let (here, next) = (nodes[i], nodes[(i + 1) % k]);
        here.0 == next.0
            && here.2
            && !next.2
            && (loops_back(here.0, next.1, here.1) || loops_back(here.0, here.1, next.1))
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::parse_pencilmarks;
    use crate::logic::step::Pattern;
    use crate::logic::Technique;

    fn loop_removing(cell: Cell, digits: &[u8]) -> Step {
        let elims = digits.iter().map(|&d| (cell, Digit::new(d).expect("digit"))).collect();
        Step::elimination(Technique::NiceLoop, elims, Pattern::default())
    }

    /// At a training board of HoDoKu's paths (top1465, line 518, where it takes `Discontinuous Nice Loop: 1/3/9 r2c8
    /// =5= r2c9 ... =5= r2c8`), its list of every loop holds that one, and not shudu's `r1c8<>1` or `r2c8<>3`: the
    /// first chain its tables find from r2c8=3 to r2c8<>3 passes r2c8 twice (a lasso).
    #[test]
    fn tables_see_the_loops_hodoku_lists() {
        let grid = parse_pencilmarks(BOARD).expect("board");
        let r2c8 = Cell::at(1, 7);
        assert_eq!(
            hodoku_finds_loop(&grid, &loop_removing(r2c8, &[1, 3, 9]), false),
            Some(true)
        );
        assert_eq!(hodoku_finds_loop(&grid, &loop_removing(r2c8, &[3]), false), Some(false));
        assert_eq!(
            hodoku_finds_loop(&grid, &loop_removing(Cell::at(0, 7), &[1]), false),
            Some(false)
        );
    }

    /// At a training board (top1465, line 535, where HoDoKu's path takes a Grouped AIC) HoDoKu lists, among others,
    /// `6 r1c1 -6- r3c12 =6= r3c6 -6- r2c6 -2- r2c13 =2= r1c1 => r1c1<>6` and `6 r9c7 -6- r1c7 =6= r2c79 -6- r2c6
    /// -2- r2c3 =2= r12c1 -2- r9c1 -6- r9c7 => r9c7<>6`, and not the loops shudu's search also finds for `r7c1<>6`
    /// and `r3c5<>9`; and at line 524's 13th step, `1 r2c1 -1- r8c1 -6- r23c1 =6= r2c2 =8= r2c1 => r2c1<>1`, whose
    /// group takes in the premise's cell.
    #[test]
    fn grouped_tables_see_the_grouped_loops_hodoku_lists() {
        let grid = parse_pencilmarks(GROUPED_BOARD).expect("board");
        let finds = |r, c, d| hodoku_finds_loop(&grid, &loop_removing(Cell::at(r, c), &[d]), true);
        assert_eq!(finds(0, 0, 6), Some(true));
        assert_eq!(finds(8, 6, 6), Some(true));
        assert_eq!(finds(6, 0, 6), Some(false));
        assert_eq!(finds(2, 4, 9), Some(false));
        let grid = parse_pencilmarks(PREMISE_IN_GROUP).expect("board");
        assert_eq!(
            hodoku_finds_loop(&grid, &loop_removing(Cell::at(1, 0), &[1]), true),
            Some(true)
        );
    }

    /// At a training board (top1465, line 509) HoDoKu lists the AIC `8 r4c8 =8= r6c9 ... =8= r6c1 => r4c2,r6c9<>8`
    /// and nothing removing `r9c2<>3, r9c1<>8`, which shudu's search finds as an AIC from r9c1 to r9c2.
    #[test]
    fn tables_see_the_aics_hodoku_lists() {
        let grid = parse_pencilmarks(AIC_BOARD).expect("board");
        let verdict = steps_and_verdicts(&grid, |s| hodoku_finds_aic(&grid, s));
        // r4c2 is cell 28, r6c9 cell 53; r9c1 cell 72, r9c2 cell 73.
        assert_eq!(verdict(&[(28, 8), (53, 8)]), Some(Some(true)));
        assert_eq!(verdict(&[(72, 8), (73, 3)]), Some(Some(false)));
    }

    /// At a training board (top1465, line 641) HoDoKu lists the continuous loop `3 3= r3c1 -6- r3c3 =6= r4c3 =7=
    /// r4c2 =5= r4c1 -5- r8c1 =3 => r79c1<>3, r7c1<>5, r34c2<>6, r4c23<>8` and not the one shudu's search also finds
    /// removing `r4c12<>6, r479c2<>8`: the table from its one cell entered and left by strong links (r3c3, digits 2
    /// and 6) does not come back to it by that loop.
    #[test]
    fn tables_see_the_continuous_loops_hodoku_lists() {
        let grid = parse_pencilmarks(CONTINUOUS_BOARD).expect("board");
        let verdict = steps_and_verdicts(&grid, |s| hodoku_finds_continuous(&grid, s));
        let listed = [(19, 6), (28, 6), (28, 8), (29, 8), (54, 3), (54, 5), (72, 3)];
        assert_eq!(verdict(&listed), Some(Some(true)));
        assert_eq!(
            verdict(&[(27, 6), (28, 6), (28, 8), (55, 8), (73, 8)]),
            Some(Some(false))
        );
    }

    /// Each plain chain step shudu's search finds in `grid`, by its removals (cell index, digit), with `judge`'s
    /// verdict on it.
    fn steps_and_verdicts(
        grid: &Grid,
        judge: impl Fn(&Step) -> Option<bool>,
    ) -> impl Fn(&[(usize, u8)]) -> Option<Option<bool>> {
        let mut found = Vec::new();
        let _ = crate::logic::chains::nice_loop(grid, &mut |s| {
            let mut effect: Vec<(usize, u8)> = s.eliminations.iter().map(|&(c, d)| (c.index(), d.get())).collect();
            effect.sort_unstable();
            found.push((effect, judge(&s)));
            crate::logic::Flow::Continue(())
        });
        move |effect: &[(usize, u8)]| found.iter().find(|(e, _)| e == effect).map(|(_, v)| *v)
    }

    const CONTINUOUS_BOARD: &str = "
| 89     18    289 | 6   17   3     | 5   4  27   |
| 7      4     5   | 289 29   28    | 36  1  36   |
| 36     136   26  | 4   17   5     | 9   8  27   |
| 568    5678  678 | 3   4    9     | 68  2  1    |
| 1      9     3   | 28  28   6     | 7   5  4    |
| 2      68    4   | 17  5    17    | 368 39 369  |
| 345689 35678 1   | 789 389  478   | 2   39 3589 |
| 35     2     89  | 189 6    148   | 14  7  35   |
| 3489   378   789 | 5   2389 12478 | 14  6  389  |
";

    const AIC_BOARD: &str = "
| 47  2469  8   | 14679 146  469 | 2579 1256 3    |
| 347 23469 169 | 14679 1346 5   | 8    126  167  |
| 5   369   169 | 16789 1368 2   | 79   16   4    |
| 6   458   247 | 1245  1245 3   | 2457 2458 9    |
| 9   345   234 | 2456  7    8   | 1    2456 56   |
| 48  1     247 | 24569 2456 469 | 2457 3    5678 |
| 1   7     5   | 2468  2468 46  | 3    9    28   |
| 2   69    69  | 3     58   7   | 45   1458 158  |
| 348 348   34  | 25    9    1   | 6    7    25   |
";

    const GROUPED_BOARD: &str = "
| 246   468  7     | 2689 1   268  | 69   3    5    |
| 239   1    2359  | 2569 4   26   | 679  8    679  |
| 69    568  589   | 3    579 678  | 1    2    4    |
| 5     349  349   | 469  2   1    | 8    67   3679 |
| 13479 3489 13489 | 4569 579 3467 | 3569 156  2    |
| 1379  2    6     | 589  579 378  | 4    15   139  |
| 1369  3569 1359  | 24   8   24   | 3567 1567 1367 |
| 8     34   1234  | 7    6   5    | 23   9    13   |
| 26    7    25    | 1    3   9    | 256  4    8    |
";

    const PREMISE_IN_GROUP: &str = "
| 159   159   2    | 13579 145  139 | 6   8    1479 |
| 15689 15689 3    | 15679 1456 169 | 79  2    1479 |
| 169   7     4    | 169   8    2   | 3   5    19   |
| 1267  126   167  | 4     3    5   | 278 9    678  |
| 3     2469  679  | 1269  16   8   | 27  467  5    |
| 24569 4569  8    | 269   7    69  | 1   46   3    |
| 24    24    1679 | 1356  156  136 | 789 1367 6789 |
| 16    136   5    | 8     9    7   | 4   136  2    |
| 16789 13689 1679 | 136   2    4   | 5   1367 679  |
";

    const BOARD: &str = "
| 469  56   456 | 3467  8  13467 | 169  13   2    |
| 4689 7    468 | 346   2  1346  | 169  1359 1456 |
| 1    3    2   | 5     9  46    | 7    8    46   |
| 7    9    68  | 1     3  2     | 5    4    68   |
| 28   4    3   | 78    6  5     | 1289 19   178  |
| 5    26   1   | 9     47 478   | 268  27   3    |
| 246  2568 45  | 24678 17 678   | 3    15   9    |
| 36   1    9   | 28    5  36    | 4    27   78   |
| 234  258  7   | 2348  14 9     | 128  6    158  |
";
}
