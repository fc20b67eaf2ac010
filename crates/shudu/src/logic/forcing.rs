//! The last resorts: Kraken Fish, Forcing Chains and Nets, and Brute Force.
//!
//! # Forcing Chains and Nets
//!
//! A premise is one candidate assumed true (`r1c2=5`) or false (`r1c2<>5`). From it the engine derives facts, each
//! from facts derived before, until nothing new follows:
//!
//! - a digit set in a cell removes the cell's other candidates and the digit from the cell's peers;
//! - a candidate removed makes a digit true somewhere else: for a **chain** only through a strong link of the grid
//!   as it stands (the cell's other candidate when the cell is bivalue, the digit's other place when a house holds
//!   it twice), so every fact follows from exactly one earlier fact; for a **net** through any naked or hidden
//!   single the removals so far leave, and any locked candidates (a house's places left for a digit all in one
//!   crossing house), which may rest on several earlier facts at once.
//!
//! The facts of a premise are kept as two sets of bitboards, one per digit (true, false), and checked for a
//! contradiction: a candidate both true and false, two digits true in one cell, a digit true twice in a house, a
//! cell or a house left without a place for a digit. A **contradiction** proves the premise false: its opposite is
//! a step. Premises of which one must be true (every candidate of a cell, every place of a digit in a house, a
//! candidate true and false) whose facts share conclusions prove them: a **verity**, which may place several digits
//! or remove several candidates at once.
//!
//! Chain implications do not depend on the premise, so the closures of all premises come from one pass over the
//! strongly connected parts of the implication graph. Net closures are derived premise by premise, with whole-word
//! operations over the houses that lost a place (`net_closure`).
//! Neither search records why a fact holds, which keeps it a matter of word operations: only the steps reported are
//! derived again with every fact's premises recorded, to rebuild their chains. Facts are derived breadth first, so
//! each chain is one of the shortest; of the results that do the most (placements first, then most eliminations),
//! the shallowest contradictions are rebuilt first and the step with the shortest chains is reported first.
//!
//! When no net finds anything, nets go one level deeper: within a premise's net, each candidate left is tried in
//! turn, and one whose own net fails there is false there ([`Run::derive_deep`]). That is trial and error twice
//! over, which every puzzle of the hardest collections yields to, so Brute Force is not needed on them.
//!
//! Explanations follow HoDoKu: `Forcing Chain Contradiction in r4 => r1c7=4` or `Forcing Chain Verity => r1c7=4`,
//! then one chain a line (`r1c7<>4 r1c7=3 r4c6=3 r4c6<>1`). A net is flattened into chains: the chain to each
//! conclusion follows the first fact each step rests on, and the chains of the other facts follow it.

use crate::grid::{houses_holding, Candidates, Cell, Digit, Grid, House};

use super::budget;
use super::notation;
use super::step::{Chain, Node, NodeKind, Pattern, Step};
use super::technique::Technique;
use super::{Flow, Lang};

mod wrong;

/// A fact: a candidate true (`on`) or false. Packed as `(digit * 81 + cell) * 2 + on`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Fact(u16);

/// How many different facts about candidates there are.
const FACTS: usize = 81 * 9 * 2;

/// The box-line intersections, each a possible group of a grouped chain (a digit in two or three cells of one box
/// and one line): 27 in rows (box `g / 3`, its row `g % 3`), then 27 in columns.
const GROUPS: usize = 54;

/// How many different facts there are, groups' included: a group's facts (the digit in one of its cells, or in
/// none) are numbered after the candidates' (see [`Fact::group`]).
const ALL_FACTS: usize = FACTS + 9 * GROUPS * 2;

const fn group_cells() -> [u128; GROUPS] {
    let mut out = [0u128; GROUPS];
    let mut g = 0;
    while g < GROUPS {
        let b = (g % 27) / 3;
        let k = g % 3;
        let (r0, c0) = ((b / 3) * 3, (b % 3) * 3);
        let mut i = 0;
        while i < 3 {
            let cell = if g < 27 {
                (r0 + k) * 9 + c0 + i
            } else {
                (r0 + i) * 9 + c0 + k
            };
            out[g] |= 1 << cell;
            i += 1;
        }
        g += 1;
    }
    out
}

/// The cells of each group's intersection.
static GROUP_CELLS: [u128; GROUPS] = group_cells();

/// The three cells of each group, in order.
static GROUP_CELL_LIST: [[u8; 3]; GROUPS] = group_cell_list();

const fn group_cell_list() -> [[u8; 3]; GROUPS] {
    let groups = group_cells();
    let mut out = [[0u8; 3]; GROUPS];
    let mut g = 0;
    while g < GROUPS {
        let mut bits = groups[g];
        let mut i = 0;
        while i < 3 {
            out[g][i] = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            i += 1;
        }
        g += 1;
    }
    out
}

/// For each cell, the groups lying in one of its houses (bit `g`): the only groups whose places a fact in that cell,
/// or in a group holding it, can see all of (two places of a group seen from a cell put the cell in the group's line
/// or box).
static CELL_GROUPS: [u64; 81] = cell_groups();

const fn cell_groups() -> [u64; 81] {
    let groups = group_cells();
    let houses = house_words();
    let mut out = [0u64; 81];
    let mut cell = 0;
    while cell < 81 {
        let (r, c) = (cell / 9, cell % 9);
        let near = houses[r] | houses[9 + c] | houses[18 + (r / 3) * 3 + c / 3];
        let mut g = 0;
        while g < GROUPS {
            if groups[g] & !near == 0 {
                out[cell] |= 1 << g;
            }
            g += 1;
        }
        cell += 1;
    }
    out
}

/// The two houses holding each group: its box and its line.
const fn group_houses(g: usize) -> [usize; 2] {
    let b = (g % 27) / 3;
    let k = g % 3;
    let line = if g < 27 { (b / 3) * 3 + k } else { 9 + (b % 3) * 3 + k };
    [18 + b, line]
}

impl Fact {
    fn new(cell: usize, digit: usize, on: bool) -> Fact {
        Fact(((digit * 81 + cell) * 2 + on as usize) as u16)
    }
    /// A fact about group `g` of `digit` (grouped chains only): the digit in one of its cells, or in none.
    fn group(g: usize, digit: usize, on: bool) -> Fact {
        Fact((FACTS + (digit * GROUPS + g) * 2 + on as usize) as u16)
    }
    fn is_group(self) -> bool {
        self.0 as usize >= FACTS
    }
    /// The group of a group's fact.
    fn group_index(self) -> usize {
        ((self.0 as usize - FACTS) >> 1) % GROUPS
    }
    /// The cell of a candidate's fact (never asked of a group's).
    fn cell(self) -> usize {
        (self.0 as usize >> 1) % 81
    }
    fn digit(self) -> usize {
        if self.is_group() {
            ((self.0 as usize - FACTS) >> 1) / GROUPS
        } else {
            (self.0 as usize >> 1) / 81
        }
    }
    fn on(self) -> bool {
        self.0 & 1 == 1
    }
    fn negated(self) -> Fact {
        Fact(self.0 ^ 1)
    }
    fn index(self) -> usize {
        self.0 as usize
    }
    fn node(self, board: &Board) -> Node {
        if self.is_group() {
            return Node {
                digit: Digit::from_index(self.digit()),
                cells: cells_of(board.group_cells(self.digit(), self.group_index()))
                    .map(|c| Cell::ALL[c])
                    .collect(),
                kind: NodeKind::Group,
                on: self.on(),
            };
        }
        Node {
            digit: Digit::from_index(self.digit()),
            cells: vec![Cell::ALL[self.cell()]],
            kind: NodeKind::Candidate,
            on: self.on(),
        }
    }
}

/// Why a premise cannot hold.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Conflict {
    /// A candidate derived both true and false.
    Both { cell: u8, digit: u8 },
    /// Two digits derived true in one cell.
    TwoValues { cell: u8, first: u8, second: u8 },
    /// A digit derived true in two cells of one house.
    TwiceInHouse {
        house: u8,
        digit: u8,
        first: u8,
        second: u8,
    },
    /// Every candidate of a cell derived false.
    EmptyCell { cell: u8 },
    /// Every place of a digit in a house that lacks it derived false.
    EmptyHouse { house: u8, digit: u8 },
}

/// Bit of a cell in a bitboard word.
#[inline]
fn bit(cell: usize) -> u128 {
    1u128 << cell
}

/// Cells of a word, ascending.
fn cells_of(mut bits: u128) -> impl Iterator<Item = usize> {
    core::iter::from_fn(move || {
        if bits == 0 {
            return None;
        }
        let c = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        Some(c)
    })
}

/// The grid as the engine reads it: candidates per digit and per cell, and the houses still lacking each digit.
struct Board {
    /// Dynamic (net) propagation: singles after any number of removals; otherwise strong links only.
    net: bool,
    /// Chains through groups too (HoDoKu's forcing chains): a digit in two or three cells of one box-line
    /// intersection as one node (see [`Board::group_successors`]). Chains only, not nets.
    grouped: bool,
    /// Results reported in HoDoKu's order ([`Found::hodoku_key`]) rather than most progress and shortest first.
    hodoku_order: bool,
    /// Nets of depth two (see [`Run::derive_deep`]).
    deep: bool,
    /// HoDoKu's nets, when not 0: a premise's facts are its chain's (through groups), and besides each fact's
    /// strong links the singles that setting that fact alone on the grid makes within this many rounds
    /// ([`lookahead_singles`]). So a fact resting on several others arises only within one fact's look-ahead,
    /// not from the facts of different branches together, as in shudu's nets.
    lookahead: usize,
    /// Cells where each digit is a candidate.
    cand: [u128; 9],
    /// For each digit, the groups with two places of it or more (bit `g`): the groups a grouped chain may use.
    multi: [u64; 9],
    /// Candidates of each cell, as bits of digits.
    cells: [u16; 81],
    /// For each digit, bit `h` set when house `h` does not hold it yet (so it needs a place there).
    needs: [u32; 9],
    /// The grid's digits (0 for an empty cell): with `cand`, all a board is made from ([`ChainKey`]).
    values: [u8; 81],
    /// Cells with one candidate: a single the grid itself shows, which a derivation does not count as following
    /// from its premise (the solver only gets here when there is none).
    naked: u128,
    /// Cells with two candidates: those a first removal leaves with one ([`lookahead_singles`]).
    pairs: u128,
    /// Cells with any candidate (the empty cells): one of them left with none is a contradiction.
    open: u128,
    /// Every candidate as a premise, true and false (see [`Board::premises`]), listed once: the finders walk them
    /// several times.
    premises: Vec<Fact>,
}

const fn house_words() -> [u128; 27] {
    let mut out = [0u128; 27];
    let mut cell = 0;
    while cell < 81 {
        let (r, c) = (cell / 9, cell % 9);
        let b = (r / 3) * 3 + c / 3;
        out[r] |= 1 << cell;
        out[9 + c] |= 1 << cell;
        out[18 + b] |= 1 << cell;
        cell += 1;
    }
    out
}

/// The cells of each house, indexed as [`House::index`].
static HOUSES: [u128; 27] = house_words();

/// [`HOUSES`] padded to the bits of a `u32`, for the loops over a house set's bits: a bit's index needs no bounds
/// check there, which is a tenth of the work per house.
static HOUSE_BITS: [u128; 32] = {
    let words = house_words();
    let mut out = [0u128; 32];
    let mut h = 0;
    while h < 27 {
        out[h] = words[h];
        h += 1;
    }
    out
};

/// The row, column and box index of a cell.
#[inline]
const fn houses_of(cell: usize) -> [usize; 3] {
    let (r, c) = (cell / 9, cell % 9);
    [r, 9 + c, 18 + (r / 3) * 3 + c / 3]
}

/// The peers of a cell as a word.
#[inline]
fn peers(cell: usize) -> u128 {
    Cell::ALL[cell].peer_set().bits()
}

/// The groups of a set of them (bit `g` for group `g`), ascending.
fn groups_of(mut set: u64) -> impl Iterator<Item = usize> {
    core::iter::from_fn(move || {
        (set != 0).then(|| {
            let g = set.trailing_zeros() as usize;
            set &= set - 1;
            g
        })
    })
}

/// The box-line intersection holding all of `cells` (two or more), if one does: the row's or the column's of the
/// first cell's box.
fn group_holding(cells: u128) -> Option<usize> {
    let first = cells.trailing_zeros() as usize;
    let (r, c) = (first / 9, first % 9);
    let b = (r / 3) * 3 + c / 3;
    [b * 3 + r % 3, 27 + b * 3 + c % 3]
        .into_iter()
        .find(|&g| cells & !GROUP_CELLS[g] == 0)
}

/// The cells that see every cell of `cells` (all 81 when `cells` is empty).
fn common_peers(cells: u128) -> u128 {
    cells_of(cells).fold(u128::MAX >> 47, |seen, c| seen & peers(c))
}

/// Per digit, the houses that need it: every house but those whose cells hold it.
fn needs_of(grid: &Grid) -> [u32; 9] {
    let mut held = [0u32; 9];
    for (c, &v) in grid.values().iter().enumerate() {
        if (1..=9).contains(&v) {
            held[v as usize - 1] |= CELL_HOUSES[c];
        }
    }
    held.map(|h| !h & ((1 << 27) - 1))
}

impl Board {
    fn new(grid: &Grid, net: bool) -> Board {
        let mut b = Board {
            net,
            grouped: false,
            hodoku_order: false,
            deep: false,
            lookahead: 0,
            cand: [0; 9],
            multi: [0; 9],
            cells: [0; 81],
            needs: [0; 9],
            values: *grid.values(),
            naked: 0,
            pairs: 0,
            open: 0,
            premises: Vec::new(),
        };
        for d in Digit::ALL {
            b.cand[d.index()] = grid.digit_cells(d).bits();
        }
        for c in Cell::ALL {
            b.cells[c.index()] = grid.candidates(c).bits();
        }
        // A group holds two places of a digit or more where two of its three cells hold it: all nine digits of a
        // group at once from its cells' candidates (a group at a time, rather than each digit's 54 groups).
        for (g, &[x, y, z]) in GROUP_CELL_LIST.iter().enumerate() {
            let [x, y, z] = [x, y, z].map(|c| b.cells[c as usize]);
            let mut two = (x & y) | (x & z) | (y & z);
            while two != 0 {
                b.multi[two.trailing_zeros() as usize] |= 1 << g;
                two &= two - 1;
            }
        }
        b.needs = needs_of(grid);
        for (c, &cands) in b.cells.iter().enumerate() {
            match cands.count_ones() {
                1 => b.naked |= bit(c),
                2 => b.pairs |= bit(c),
                _ => {}
            }
            if cands != 0 {
                b.open |= bit(c);
            }
        }
        let mut premises = Vec::with_capacity(2 * b.cand.iter().map(|w| w.count_ones() as usize).sum::<usize>());
        for d in 0..9 {
            for c in cells_of(b.cand[d]) {
                premises.push(Fact::new(c, d, true));
                premises.push(Fact::new(c, d, false));
            }
        }
        b.premises = premises;
        b
    }

    /// Every candidate as a premise, true and false: by digit, then cell.
    fn premises(&self) -> impl Iterator<Item = Fact> + '_ {
        self.premises.iter().copied()
    }

    /// The places of `d` in group `g` (a group when there are two or more).
    fn group_cells(&self, d: usize, g: usize) -> u128 {
        self.cand[d] & GROUP_CELLS[g]
    }

    /// The group whose places of `d` are exactly `cells` (two or more), if any.
    fn group_of(&self, d: usize, cells: u128) -> Option<usize> {
        if cells.count_ones() < 2 {
            return None;
        }
        group_holding(cells).filter(|&g| self.group_cells(d, g) == cells)
    }

    /// Of the groups `among` (bits), those whose places of `d` all lie in `seen`: the groups a fact that sees the
    /// cells `seen` makes false.
    #[inline]
    fn groups_within(&self, d: usize, mut among: u64, seen: u128) -> u64 {
        let mut out = 0;
        while among != 0 {
            let g = among.trailing_zeros() as usize;
            among &= among - 1;
            if self.group_cells(d, g) & !seen == 0 {
                out |= 1 << g;
            }
        }
        out
    }

    /// Every group's facts, true and false, of the groups with two places or more.
    fn group_facts(&self) -> Vec<Fact> {
        let mut out = Vec::new();
        if self.grouped {
            for d in 0..9 {
                for g in groups_of(self.multi[d]) {
                    out.push(Fact::group(g, d, true));
                    out.push(Fact::group(g, d, false));
                }
            }
        }
        out
    }

    /// The cells of a fact (its cell, or its group's places) and the houses holding them all.
    fn fact_cells(&self, fact: Fact) -> (u128, [usize; 3], usize) {
        if fact.is_group() {
            let g = fact.group_index();
            let [a, b] = group_houses(g);
            (self.group_cells(fact.digit(), g), [a, b, 0], 2)
        } else {
            (bit(fact.cell()), houses_of(fact.cell()), 3)
        }
    }

    /// What a fact implies through groups (grouped chains), beyond a candidate's own links ([`successors`]): a
    /// candidate or group true removes its digit from every group all of whose places it sees, and from every cell
    /// that sees all its places (a group's only: a candidate's peers are its own links); a candidate or group
    /// false makes the rest of a house true when the rest is one group (or, for a group, one cell).
    fn group_successors(&self, fact: Fact, out: &mut Vec<Fact>) {
        let d = fact.digit();
        let (cells, houses, n) = self.fact_cells(fact);
        if fact.on() {
            let seen = common_peers(cells) & !cells;
            if fact.is_group() {
                out.extend(cells_of(self.cand[d] & seen).map(|p| Fact::new(p, d, false)));
            }
            let near = CELL_GROUPS[cells.trailing_zeros() as usize];
            for g in groups_of(self.multi[d] & near) {
                if self.group_cells(d, g) & !seen == 0 {
                    out.push(Fact::group(g, d, false));
                }
            }
        } else {
            for &h in &houses[..n] {
                let rest = self.cand[d] & HOUSES[h] & !cells;
                if rest.count_ones() == 1 && fact.is_group() {
                    out.push(Fact::new(rest.trailing_zeros() as usize, d, true));
                } else if let Some(g) = self.group_of(d, rest) {
                    out.push(Fact::group(g, d, true));
                }
            }
        }
    }
}

/// The facts one premise leads to.
#[derive(Clone)]
struct Closure {
    on: [u128; 9],
    off: [u128; 9],
    /// The contradiction that stopped the derivation, if any.
    conflict: Option<Conflict>,
    /// Whether the facts hold a contradiction (named in `conflict` when the derivation was breadth first).
    bad: bool,
    /// How many rounds of derivation it took to reach the contradiction (the length of its longest chain);
    /// `u16::MAX` when not known yet.
    depth: u16,
    /// Whether the closure is a removal alone, which implies nothing: it shares nothing with its candidate's
    /// closure true (which holds the candidate true, or is contradictory), so that candidate's verity is skipped.
    lone: bool,
}

/// Why each fact holds, recorded only when a step's chains are rebuilt: for each fact, a span of `facts`.
struct Trace {
    spans: Vec<(u32, u32)>,
    /// The facts given a span, cleared again when the trace is dropped (see [`SPARE_TRACES`]).
    spanned: Vec<Fact>,
    facts: Vec<Fact>,
    /// For a net of depth two: each candidate found false by an inner net, with that net's chains to its
    /// contradiction (see [`Run::derive_deep`]).
    nested: Vec<(Fact, Vec<Vec<Fact>>)>,
}

thread_local! {
    /// The storage of dropped traces, all clear: a step's rebuilding takes several traces, and zeroing a span table
    /// for every fact each time cost more than the derivation it records (the lists grown afresh each time, a
    /// tenth of it).
    static SPARE_TRACES: core::cell::RefCell<Vec<Spare>> = const { core::cell::RefCell::new(Vec::new()) };
}

/// A dropped trace's span table (all clear) and empty lists.
type Spare = (Vec<(u32, u32)>, Vec<Fact>, Vec<Fact>);

impl Trace {
    fn new() -> Trace {
        let spare = SPARE_TRACES.try_with(|s| s.borrow_mut().pop()).ok().flatten();
        let (spans, spanned, facts) = spare.unwrap_or_else(|| {
            (
                vec![(0, 0); ALL_FACTS],
                Vec::with_capacity(256),
                Vec::with_capacity(512),
            )
        });
        Trace {
            spans,
            spanned,
            facts,
            nested: Vec::new(),
        }
    }

    /// The facts `fact` was derived from (none for the premise or an underived fact).
    fn premises(&self, fact: Fact) -> &[Fact] {
        let (start, len) = self.spans[fact.index()];
        &self.facts[start as usize..(start + len) as usize]
    }
}

impl Drop for Trace {
    fn drop(&mut self) {
        let mut spans = core::mem::take(&mut self.spans);
        let mut spanned = core::mem::take(&mut self.spanned);
        let mut facts = core::mem::take(&mut self.facts);
        for f in &spanned {
            spans[f.index()] = (0, 0);
        }
        spanned.clear();
        facts.clear();
        let _ = SPARE_TRACES.try_with(|s| s.borrow_mut().push((spans, spanned, facts)));
    }
}

/// One derivation in progress.
struct Run<'a, const TRACE: bool> {
    board: &'a Board,
    on: [u128; 9],
    off: [u128; 9],
    /// Cells with a digit derived true.
    on_any: u128,
    /// Candidates not yet derived false, per digit and per cell.
    cur: [u128; 9],
    cur_cells: [u16; 81],
    /// For each digit, the houses that lost a place of it since locked candidates were last looked for.
    dirty: [u32; 9],
    /// Group facts derived (grouped chains), by their index past [`FACTS`].
    groups: [u64; (ALL_FACTS - FACTS).div_ceil(64)],
    queue: Vec<Fact>,
    trace: Option<&'a mut Trace>,
}

impl<'a, const TRACE: bool> Run<'a, TRACE> {
    fn new(board: &'a Board, queue: Vec<Fact>, trace: Option<&'a mut Trace>) -> Self {
        Run {
            board,
            on: [0; 9],
            off: [0; 9],
            on_any: 0,
            cur: board.cand,
            cur_cells: board.cells,
            dirty: [0; 9],
            groups: [0; (ALL_FACTS - FACTS).div_ceil(64)],
            queue,
            trace,
        }
    }

    /// Adds a group's fact (grouped chains), which contradicts nothing by itself.
    fn assert_group(&mut self, fact: Fact) -> Result<(), Conflict> {
        let i = fact.index() - FACTS;
        if self.groups[i / 64] >> (i % 64) & 1 == 0 {
            self.groups[i / 64] |= 1 << (i % 64);
            self.queue.push(fact);
        }
        Ok(())
    }

    /// What a fact implies through groups (grouped chains; see [`Board::group_successors`]).
    fn expand_groups(&mut self, fact: Fact) -> Result<(), Conflict> {
        let mut next = Vec::new();
        self.board.group_successors(fact, &mut next);
        for f in next {
            if f.is_group() {
                let i = f.index() - FACTS;
                if self.groups[i / 64] >> (i % 64) & 1 == 0 {
                    self.record(f, &[fact]);
                }
                self.assert_group(f)?;
            } else {
                self.assert(f, &[fact])?;
            }
        }
        Ok(())
    }

    #[inline(always)]
    fn record(&mut self, fact: Fact, premises: &[Fact]) {
        if TRACE {
            if let Some(t) = self.trace.as_deref_mut() {
                if t.spans[fact.index()].1 == 0 {
                    t.spans[fact.index()] = (t.facts.len() as u32, premises.len() as u32);
                    t.spanned.push(fact);
                    t.facts.extend_from_slice(premises);
                }
            }
        }
    }

    /// Adds a fact (with the facts it rests on), or names the contradiction it makes. Inlined: a derivation calls it
    /// for every fact, and the calls cost about a tenth of the derivation.
    #[inline(always)]
    fn assert(&mut self, fact: Fact, premises: &[Fact]) -> Result<(), Conflict> {
        let (cell, d) = (fact.cell(), fact.digit());
        let b = bit(cell);
        if fact.on() {
            if self.on[d] & b != 0 {
                return Ok(());
            }
            self.record(fact, premises);
            if self.off[d] & b != 0 {
                return Err(Conflict::Both {
                    cell: cell as u8,
                    digit: d as u8,
                });
            }
            if self.on_any & b != 0 {
                let first = (0..9).find(|&o| self.on[o] & b != 0).unwrap_or(d);
                return Err(Conflict::TwoValues {
                    cell: cell as u8,
                    first: first as u8,
                    second: d as u8,
                });
            }
            let seen = self.on[d] & peers(cell);
            if seen != 0 {
                let first = seen.trailing_zeros() as usize;
                let house = houses_of(cell)
                    .into_iter()
                    .find(|&h| HOUSES[h] & bit(first) != 0)
                    .unwrap_or(0);
                return Err(Conflict::TwiceInHouse {
                    house: house as u8,
                    digit: d as u8,
                    first: first as u8,
                    second: cell as u8,
                });
            }
            self.on[d] |= b;
            self.on_any |= b;
        } else {
            if self.off[d] & b != 0 {
                return Ok(());
            }
            self.record(fact, premises);
            if self.on[d] & b != 0 {
                return Err(Conflict::Both {
                    cell: cell as u8,
                    digit: d as u8,
                });
            }
            self.off[d] |= b;
            self.cur[d] &= !b;
            self.cur_cells[cell] &= !(1 << d);
            if self.cur_cells[cell] == 0 {
                return Err(Conflict::EmptyCell { cell: cell as u8 });
            }
            // Read from the padded table: a house index masked to its bits needs no bounds check.
            for h in HOUSES_OF[cell].map(usize::from) {
                if self.board.needs[d] >> h & 1 != 0 && self.cur[d] & HOUSE_BITS[h & 31] == 0 {
                    return Err(Conflict::EmptyHouse {
                        house: h as u8,
                        digit: d as u8,
                    });
                }
            }
        }
        self.queue.push(fact);
        Ok(())
    }

    /// What one fact implies. Inlined into the derivation's loop, for the reason [`Run::assert`] is.
    #[inline(always)]
    fn expand(&mut self, fact: Fact) -> Result<(), Conflict> {
        let board = self.board;
        if board.grouped {
            self.expand_groups(fact)?;
            if fact.is_group() {
                return Ok(());
            }
        }
        let (cell, d) = (fact.cell(), fact.digit());
        if fact.on() {
            // Only the candidates not derived false yet: asserting the others again would change nothing.
            let mut others = self.cur_cells[cell] & !(1 << d);
            while others != 0 {
                let x = others.trailing_zeros() as usize;
                others &= others - 1;
                self.assert(Fact::new(cell, x, false), &[fact])?;
            }
            for p in cells_of(self.cur[d] & peers(cell)) {
                self.assert(Fact::new(p, d, false), &[fact])?;
            }
            return Ok(());
        }
        if board.net {
            // Naked single: the cell's last candidate not derived false.
            let left = self.cur_cells[cell];
            if left.count_ones() == 1 {
                let x = left.trailing_zeros() as usize;
                if self.on[x] & bit(cell) == 0 {
                    let mut why = Vec::new();
                    if TRACE {
                        let mut gone = board.cells[cell] & !left;
                        while gone != 0 {
                            let y = gone.trailing_zeros() as usize;
                            gone &= gone - 1;
                            why.push(Fact::new(cell, y, false));
                        }
                    }
                    self.assert(Fact::new(cell, x, true), &why)?;
                }
            }
            // Hidden single: the digit's last place in a house of the cell.
            for h in HOUSES_OF[cell].map(usize::from) {
                if board.needs[d] >> h & 1 == 0 {
                    continue;
                }
                let left = self.cur[d] & HOUSE_BITS[h & 31];
                if left.count_ones() == 1 && self.on[d] & left == 0 {
                    let p = left.trailing_zeros() as usize;
                    let mut why = Vec::new();
                    if TRACE {
                        why.extend(cells_of(board.cand[d] & HOUSES[h] & !left).map(|q| Fact::new(q, d, false)));
                    }
                    self.assert(Fact::new(p, d, true), &why)?;
                }
            }
            // Locked candidates are looked for once the singles run out (see `settle`): the houses to look at.
            self.dirty[d] |= CELL_HOUSES[cell];
        } else {
            // Strong links of the grid as it stands.
            let cands = board.cells[cell];
            if cands.count_ones() == 2 {
                let x = (cands & !(1 << d)).trailing_zeros() as usize;
                self.assert(Fact::new(cell, x, true), &[fact])?;
            }
            for h in HOUSES_OF[cell].map(usize::from) {
                let places = board.cand[d] & HOUSE_BITS[h & 31];
                if places.count_ones() == 2 {
                    let p = (places & !bit(cell)).trailing_zeros() as usize;
                    self.assert(Fact::new(p, d, true), &[fact])?;
                }
            }
        }
        Ok(())
    }

    /// Looks for locked candidates in every house that lost a place of a digit since the last look (nets only).
    /// Done when the singles run out rather than after every removal, which saves most of the looking.
    fn settle(&mut self) -> Result<(), Conflict> {
        for d in 0..9 {
            while self.dirty[d] != 0 {
                let h = self.dirty[d].trailing_zeros() as usize;
                self.dirty[d] &= self.dirty[d] - 1;
                self.locked(d, h)?;
            }
        }
        Ok(())
    }

    /// Locked candidates in a net: when the places of `d` left in house `h` lie in one house crossing it, the
    /// digit goes from the rest of that house. The facts it rests on are the places of `h` derived false.
    fn locked(&mut self, d: usize, h: usize) -> Result<(), Conflict> {
        let board = self.board;
        if board.needs[d] >> h & 1 == 0 {
            return Ok(());
        }
        let places = self.cur[d] & HOUSES[h];
        // Places that lie in one crossing house are at most three.
        if !(2..=3).contains(&places.count_ones()) {
            return Ok(());
        }
        match locking_house(h, places) {
            Some(other) => self.lock(d, h, other, places),
            None => Ok(()),
        }
    }

    /// Removes `d` from house `other` outside house `h`, whose places `places` all lie in `other`.
    fn lock(&mut self, d: usize, h: usize, other: usize, places: u128) -> Result<(), Conflict> {
        let board = self.board;
        let victims = self.cur[d] & HOUSES[other] & !HOUSES[h];
        if victims == 0 {
            return Ok(());
        }
        let mut why = Vec::new();
        if TRACE {
            why.extend(cells_of(board.cand[d] & HOUSES[h] & !places).map(|q| Fact::new(q, d, false)));
        }
        for v in cells_of(victims) {
            self.assert(Fact::new(v, d, false), &why)?;
        }
        Ok(())
    }

    /// Derives everything from `premise`, breadth first, stopping at the first contradiction.
    fn derive(self, premise: Fact) -> (Closure, Vec<Fact>) {
        self.derive_within(premise, u16::MAX)
    }

    /// [`Run::derive`], given up (with no contradiction and depth `u16::MAX`) once `limit` rounds are done without
    /// one: the contradiction, if any, is then `limit` rounds deep or more.
    fn derive_within(self, premise: Fact, limit: u16) -> (Closure, Vec<Fact>) {
        self.derive_until(premise, limit, &[])
    }

    /// [`Run::derive_within`], also given up once every fact of `targets` (when there are any) holds: what is
    /// recorded of them, and of the facts they rest on, is then all there will be.
    fn derive_until(mut self, premise: Fact, limit: u16, targets: &[Fact]) -> (Closure, Vec<Fact>) {
        self.queue.clear();
        let mut conflict = self.assert(premise, &[]).err();
        let mut head = 0;
        let mut depth = 0u16;
        let mut level_end = self.queue.len();
        while conflict.is_none() {
            if head == self.queue.len() {
                // Singles have run out: locked candidates, which may start them again.
                match self.settle() {
                    Err(c) => conflict = Some(c),
                    Ok(()) if head == self.queue.len() => break,
                    Ok(()) => {}
                }
                continue;
            }
            if head == level_end {
                depth += 1;
                if depth >= limit || !targets.is_empty() && targets.iter().all(|&t| self.holds(t)) {
                    depth = u16::MAX;
                    break;
                }
                level_end = self.queue.len();
            }
            let f = self.queue[head];
            head += 1;
            conflict = self.expand(f).err();
        }
        if conflict.is_some() {
            depth += 1;
        }
        let closure = Closure {
            on: self.on,
            off: self.off,
            conflict,
            bad: conflict.is_some(),
            depth,
            lone: false,
        };
        (closure, self.queue)
    }
}

impl<'a, const TRACE: bool> Run<'a, TRACE> {
    /// A derivation that starts from this one's facts (which it does not derive again), with its own trace.
    fn fork<'b>(&self, trace: Option<&'b mut Trace>) -> Run<'b, TRACE>
    where
        'a: 'b,
    {
        Run {
            board: self.board,
            on: self.on,
            off: self.off,
            on_any: self.on_any,
            cur: self.cur,
            cur_cells: self.cur_cells,
            dirty: [0; 9],
            groups: self.groups,
            queue: Vec::new(),
            trace,
        }
    }

    /// Expands every queued fact from `head` on, to the end of what they imply.
    fn propagate(&mut self, mut head: usize) -> Result<usize, Conflict> {
        loop {
            while head < self.queue.len() {
                let f = self.queue[head];
                head += 1;
                self.expand(f)?;
            }
            self.settle()?;
            if head == self.queue.len() {
                return Ok(head);
            }
        }
    }

    /// Whether a fact is among those derived.
    fn holds(&self, fact: Fact) -> bool {
        let set = if fact.on() { &self.on } else { &self.off };
        set[fact.digit()] & bit(fact.cell()) != 0
    }

    /// A net of depth two (trial and error twice over): `premise`'s net, and whenever it stalls, every candidate
    /// left in its world tried in turn; one whose own net meets a contradiction there is false there, on the facts
    /// of the outer net that inner net used. Returns the contradiction the premise meets, if any.
    fn derive_deep(mut self, premise: Fact) -> Option<Conflict> {
        if let Err(c) = self.assert(premise, &[]) {
            return Some(c);
        }
        let mut head = match self.propagate(0) {
            Ok(h) => h,
            Err(c) => return Some(c),
        };
        loop {
            let mut progress = false;
            for d in 0..9 {
                for cell in cells_of(self.cur[d] & !self.on_any) {
                    // An earlier inner result this round may have removed it already.
                    if self.cur[d] & bit(cell) == 0 {
                        continue;
                    }
                    // A search pays for each trial (see `budget`); rebuilding a step it found (traced) does not.
                    if !TRACE && !budget::spend() {
                        return None;
                    }
                    let trial = Fact::new(cell, d, true);
                    let mut inner_trace = if TRACE { Some(Trace::new()) } else { None };
                    let inner_conflict = {
                        let mut inner = self.fork(inner_trace.as_mut());
                        inner.assert(trial, &[]).and_then(|_| inner.propagate(0)).err()
                    };
                    let Some(conflict) = inner_conflict else { continue };
                    let why = match &inner_trace {
                        Some(t) => {
                            let inner_chains: Vec<Vec<Fact>> = conflict_facts(conflict, self.board)
                                .into_iter()
                                .filter_map(|f| chains_to(t, f).into_iter().next())
                                .filter(|c| c.len() > 1)
                                .collect();
                            if let Some(outer) = self.trace.as_deref_mut() {
                                outer.nested.push((trial.negated(), inner_chains));
                            }
                            self.supports(t, trial, conflict)
                        }
                        None => Vec::new(),
                    };
                    progress = true;
                    let step = self.assert(trial.negated(), &why).and_then(|_| self.propagate(head));
                    match step {
                        Ok(h) => head = h,
                        Err(c) => return Some(c),
                    }
                }
            }
            if !progress {
                return None;
            }
        }
    }

    /// The facts of this (outer) derivation an inner derivation from `trial` used to reach `conflict`.
    fn supports(&self, inner: &Trace, trial: Fact, conflict: Conflict) -> Vec<Fact> {
        let mut out = Vec::new();
        let mut seen = vec![false; FACTS];
        let mut todo = conflict_facts(conflict, self.board);
        while let Some(f) = todo.pop() {
            if core::mem::replace(&mut seen[f.index()], true) || f == trial {
                continue;
            }
            if self.holds(f) {
                out.push(f);
            } else {
                todo.extend_from_slice(inner.premises(f));
            }
        }
        out.sort_unstable();
        out
    }
}

/// The net closure of every premise of a board, and where each premise's closure is (`u16::MAX` for none).
///
/// A candidate false whose cell is bivalue, or whose digit has one other place in a house, makes that other
/// candidate true at once, and that one true removes it again: each premise is among the other's facts, so both
/// have the same closure (a closure is everything that follows, whatever the order). Premises tied that way,
/// directly or through others, share one closure, computed once.
fn all_closures(board: &Board) -> (Vec<Closure>, Vec<u16>) {
    let mut at = vec![u16::MAX; FACTS];
    let mut out: Vec<Closure> = Vec::with_capacity(512);
    let mut same = Classes::new();
    for d in 0..9 {
        for cell in cells_of(board.cand[d]) {
            let off = Fact::new(cell, d, false);
            let cands = board.cells[cell];
            if cands.count_ones() == 2 {
                let other = (cands & !(1 << d)).trailing_zeros() as usize;
                same.join(off, Fact::new(cell, other, true));
            }
            for h in houses_of(cell) {
                let places = board.cand[d] & HOUSES[h];
                if places.count_ones() == 2 {
                    same.join(off, Fact::new((places & !bit(cell)).trailing_zeros() as usize, d, true));
                }
            }
        }
    }
    // Candidates false first: a candidate true removes the others of its cell and its digit from its peers, so it
    // contradicts whenever one of those removals does, and needs no closure of its own then (what a contradictory
    // closure holds is never read).
    // Per digit, the candidates whose removal contradicts, known once every "false" premise is worked out.
    let mut bad_off = [0u128; 9];
    let offs = board.premises().filter(|f| !f.on());
    for premise in offs.chain(board.premises().filter(|f| f.on())) {
        let root = same.find(premise);
        let (cell, d) = (premise.cell(), premise.digit());
        if at[root.index()] == u16::MAX {
            at[root.index()] = out.len() as u16;
            let doomed = premise.on() && {
                let mut others = board.cells[cell] & !(1 << d);
                let mut any = bad_off[d] & board.cand[d] & peers(cell) != 0;
                while others != 0 && !any {
                    let x = others.trailing_zeros() as usize;
                    others &= others - 1;
                    any = bad_off[x] & bit(cell) != 0;
                }
                any
            };
            // Out of budget: no closure at all, so nothing is found from a part of the premises.
            if !doomed && !budget::spend() {
                return (Vec::new(), vec![u16::MAX; FACTS]);
            }
            out.push(if doomed {
                Closure {
                    on: [0; 9],
                    off: [0; 9],
                    conflict: None,
                    bad: true,
                    depth: u16::MAX,
                    lone: false,
                }
            } else {
                net_closure(board, premise)
            });
        }
        at[premise.index()] = at[root.index()];
        if !premise.on() && out[at[premise.index()] as usize].bad {
            bad_off[d] |= bit(cell);
        }
    }
    (out, at)
}

/// Facts known to share a closure, as disjoint sets (union–find).
struct Classes {
    parent: Vec<u16>,
}

impl Classes {
    fn new() -> Classes {
        Classes {
            parent: (0..FACTS as u16).collect(),
        }
    }

    /// The fact that stands for the class of `f`.
    fn find(&mut self, f: Fact) -> Fact {
        let mut x = f.0;
        while self.parent[x as usize] != x {
            let up = self.parent[self.parent[x as usize] as usize];
            self.parent[x as usize] = up;
            x = up;
        }
        Fact(x)
    }

    fn join(&mut self, a: Fact, b: Fact) {
        let (a, b) = (self.find(a), self.find(b));
        if a != b {
            self.parent[a.index()] = b.0;
        }
    }
}

/// The house crossing `h` that holds all of `places` (two or three cells of `h`), if any: the rest of that house
/// loses the digit (locked candidates). Read from the first and last cell: along a line the cells between two of
/// one box are in it too, and a box's cells in reading order are in one row when its first and last are.
#[inline]
fn locking_house(h: usize, places: u128) -> Option<usize> {
    let (first, last) = (places.trailing_zeros() as usize, 127 - places.leading_zeros() as usize);
    let ([row, col, bx], [last_row, _, last_box]) = (HOUSES_OF[first], HOUSES_OF[last]);
    let x = if h < 18 {
        (last_box == bx).then_some(bx)
    } else if last_row == row {
        Some(row)
    } else {
        (places & !HOUSES[col as usize] == 0).then_some(col)
    };
    x.map(usize::from)
}

/// [`houses_of`] each cell, as a table.
static HOUSES_OF: [[u8; 3]; 81] = {
    let mut out = [[0u8; 3]; 81];
    let mut cell = 0;
    while cell < 81 {
        let [row, col, bx] = houses_of(cell);
        out[cell] = [row as u8, col as u8, bx as u8];
        cell += 1;
    }
    out
};

/// Per digit, the houses that lost a place since they were last looked at for singles, and for locked candidates.
#[derive(Default)]
struct Due {
    singles: [u32; 9],
    locked: [u32; 9],
    /// The digits with houses in `singles` (bits 0 to 8), and in `locked` (bits 16 to 24), so that a round visits
    /// only those: one word, which a strike marks with one operation.
    digits: u32,
}

impl Due {
    /// Removes `gone` from the places of `d`, and marks the houses it touched.
    #[inline]
    fn strike(&mut self, cur: &mut [u128; 9], d: usize, gone: u128) {
        cur[d] &= !gone;
        let touched = houses_touched(gone);
        self.singles[d] |= touched;
        self.locked[d] |= touched;
        self.digits |= 0x1_0001 << d;
    }
}

/// The houses of each cell, as bits of [`House::index`].
static CELL_HOUSES: [u32; 81] = cell_houses();

const fn cell_houses() -> [u32; 81] {
    let mut out = [0u32; 81];
    let mut cell = 0;
    while cell < 81 {
        let [row, col, bx] = houses_of(cell);
        out[cell] = 1 << row | 1 << col | 1 << bx;
        cell += 1;
    }
    out
}

/// The houses (bits as [`House::index`]) holding any cell of a word.
// Out of line: inlined into its callers, it made the net closure's code worse (7.5 M more instructions).
#[inline(never)]
fn houses_touched(cells: u128) -> u32 {
    houses_touched_inline(cells)
}

/// [`houses_touched`] inlined, where the caller's loop is small enough to take it (the look-ahead's rounds).
#[inline(always)]
fn houses_touched_inline(cells: u128) -> u32 {
    // A few cells (a premise, a locked candidate's victims, the cells a placement empties) are looked up one by
    // one; the peers a placement strikes are folded band by band.
    if cells.count_ones() <= 3 {
        return cells_of(cells).fold(0, |acc, c| acc | CELL_HOUSES[c]);
    }
    houses_holding(cells)
}

/// A premise's net closure computed with whole-word operations: the same rules as [`Run::derive`] in a net
/// (singles, then locked candidates when the singles run out), looked for in the same places (the cells and houses
/// that lost a candidate), which reach the same facts whatever the order, as every rule only needs facts to keep
/// holding. A closure that meets a contradiction is flagged `bad` with its depth unknown; [`report`] derives the
/// depths of the contradictions it ranks.
fn net_closure(board: &Board, premise: Fact) -> Closure {
    let mut on = [0u128; 9];
    let mut on_any = 0u128;
    let mut cur = board.cand;
    // Facts true not yet applied, per digit.
    let mut pending = [0u128; 9];
    let mut due = Due::default();
    // The houses still lacking each digit: a house where it is placed needs no look for singles or locked candidates
    // (its one place left is the digit's, or the facts contradict, which the tests below name).
    let mut needs = board.needs;
    let (cell, d) = (premise.cell(), premise.digit());
    if premise.on() {
        pending[d] = bit(cell);
    } else {
        if lone_removal(board, cell, d) {
            let mut off = [0u128; 9];
            off[d] = bit(cell);
            return Closure {
                on,
                off,
                conflict: None,
                bad: false,
                depth: 0,
                lone: true,
            };
        }
        due.strike(&mut cur, d, bit(cell));
    }
    // The digits with facts in `pending`.
    let mut pending_digits = 0u16;
    if premise.on() {
        pending_digits = 1 << d;
    }
    let bad = 'derive: loop {
        // Facts true: each strikes its digit from its peers and the other digits from its cell.
        let mut placed = 0u128;
        while pending_digits != 0 {
            let d = pending_digits.trailing_zeros() as usize;
            pending_digits &= pending_digits - 1;
            let new = core::mem::take(&mut pending[d]);
            // A cell placed already, a candidate removed already, or two of the digit in one house: tested on the
            // whole word, as a contradiction is all a closure then tells (which one does not matter).
            if on_any & new != 0 || new & !cur[d] != 0 {
                break 'derive true;
            }
            placed |= new;
            let mut struck = 0u128;
            let mut rest = new;
            while rest != 0 {
                let c = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                needs[d] &= !CELL_HOUSES[c];
                struck |= peers(c);
            }
            on[d] |= new;
            if on[d] & struck != 0 {
                break 'derive true;
            }
            on_any |= new;
            let gone = cur[d] & struck;
            if gone != 0 {
                due.strike(&mut cur, d, gone);
            }
        }
        // Contradictions: a cell with no candidate left. (A fact true is never derived false here: a placement
        // that sees one of its digit's is caught above, a cell placed keeps its digit, and locked candidates
        // strike only places of a house still lacking the digit, which no placement sees.) The cells placed lose
        // their other digits in the same pass (those placed in earlier rounds lost them then).
        // Cells with a candidate left (`one`), and with two or more.
        let (mut one, mut two) = (0u128, 0u128);
        if placed != 0 {
            for d in 0..9 {
                let gone = cur[d] & placed & !on[d];
                if gone != 0 {
                    due.strike(&mut cur, d, gone);
                }
                two |= one & cur[d];
                one |= cur[d];
            }
        } else {
            for &word in &cur {
                two |= one & word;
                one |= word;
            }
        }
        debug_assert!((0..9).all(|d| on[d] & !cur[d] == 0));
        if board.open & !one != 0 {
            break 'derive true;
        }
        let naked = one & !two & !on_any & !board.naked;
        // Hidden singles (or no place left) in the houses that lost a place, then naked singles.
        let mut digits = due.digits & 0x1ff;
        due.digits &= !0x1ff;
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            let houses = core::mem::take(&mut due.singles[d]) & needs[d];
            if houses == 0 {
                continue;
            }
            let singles = hidden_singles(cur[d], houses);
            if singles == NO_PLACE {
                break 'derive true;
            }
            if singles != 0 {
                pending[d] |= singles;
                pending_digits |= 1 << d;
            }
        }
        if naked != 0 {
            for d in 0..9 {
                let n = naked & cur[d];
                if n != 0 {
                    pending[d] |= n;
                    pending_digits |= 1 << d;
                }
            }
        }
        if pending_digits != 0 {
            continue;
        }
        // Singles have run out: locked candidates, which may start them again.
        let mut digits = due.digits >> 16;
        due.digits &= 0x1ff;
        let mut found = false;
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            let houses = core::mem::take(&mut due.locked[d]) & needs[d];
            if houses == 0 {
                continue;
            }
            let victims = locked_victims(cur[d], houses);
            if victims != 0 {
                due.strike(&mut cur, d, victims);
                found = true;
            }
        }
        if !found {
            break false;
        }
    };
    let mut off = [0u128; 9];
    for d in 0..9 {
        off[d] = board.cand[d] & !cur[d];
    }
    Closure {
        on,
        off,
        conflict: None,
        bad,
        depth: if bad { u16::MAX } else { 0 },
        lone: false,
    }
}

/// Whether removing `d` from `cell` leads nowhere in a net: it leaves the cell at least two candidates, each of the
/// cell's houses at least two places, and no locked candidates with anything to remove. The first round of
/// [`net_closure`] then finds nothing, and the premise's closure is itself. About two premises of five are such, and
/// this test is a small part of setting up that round.
#[inline]
fn lone_removal(board: &Board, cell: usize, d: usize) -> bool {
    let cur = board.cand[d] & !bit(cell);
    let houses = CELL_HOUSES[cell] & board.needs[d];
    board.cells[cell].count_ones() >= 3 && hidden_singles(cur, houses) == 0 && locked_victims(cur, houses) == 0
}

/// What [`hidden_singles`] returns when a house has no place left: no word of places has the bits past the last
/// cell, and a plain word comes back in registers where an `Option` of one came back through memory.
const NO_PLACE: u128 = u128::MAX;

/// The places of a digit (`cur`) that are the last of one of `houses`, or [`NO_PLACE`] when one of them has none
/// left. Kept out of line: inlined into [`net_closure`], its loop shares the registers with the whole derivation.
#[inline(never)]
fn hidden_singles(cur: u128, mut houses: u32) -> u128 {
    let mut singles = 0;
    while houses != 0 {
        let h = houses.trailing_zeros() as usize;
        houses &= houses - 1;
        let places = cur & HOUSE_BITS[h];
        match places.count_ones() {
            0 => return NO_PLACE,
            1 => singles |= places,
            _ => {}
        }
    }
    singles
}

/// The places of a digit (`cur`) that locked candidates in `houses` remove, all read from the same places: each
/// removal stays true whatever the others remove, and the houses they touch are looked at again. Out of line for
/// the reason [`hidden_singles`] is.
#[inline(never)]
fn locked_victims(cur: u128, mut houses: u32) -> u128 {
    let mut victims = 0;
    while houses != 0 {
        let h = houses.trailing_zeros() as usize;
        houses &= houses - 1;
        // Places that lie in one crossing house are at most three, which most houses exceed. (A house left with
        // none or one is the singles' pass's to name.)
        let places = cur & HOUSE_BITS[h];
        if !(2..=3).contains(&places.count_ones()) {
            continue;
        }
        if let Some(x) = locking_house(h, places) {
            victims |= cur & HOUSES[x] & !HOUSES[h];
        }
    }
    victims
}

/// What a fact implies directly through the grid's strong links (the implications of a chain), but for a fact
/// true only the removals in `linked` (per digit, the places whose removal implies something): the others imply
/// nothing further, and [`static_closures`] adds them to the closure whole ([`removes`]).
fn successors(board: &Board, links: &Links, fact: Fact, out: &mut Vec<Fact>) {
    let linked = &links.linked;
    // A grouped board's links to and from groups ([`Links::of`] makes them for it).
    if let Some(groups) = &links.groups {
        groups.successors(fact, linked, out);
        if fact.is_group() {
            return;
        }
    }
    let (cell, d) = (fact.cell(), fact.digit());
    if fact.on() {
        let mut others = board.cells[cell] & !(1 << d);
        while others != 0 {
            let x = others.trailing_zeros() as usize;
            others &= others - 1;
            if linked[x] & bit(cell) != 0 {
                out.push(Fact::new(cell, x, false));
            }
        }
        out.extend(cells_of(board.cand[d] & peers(cell) & linked[d]).map(|p| Fact::new(p, d, false)));
    } else {
        let cands = board.cells[cell];
        if cands.count_ones() == 2 {
            let x = (cands & !(1 << d)).trailing_zeros() as usize;
            out.push(Fact::new(cell, x, true));
        }
        for h in houses_of(cell) {
            let places = board.cand[d] & HOUSES[h];
            if places.count_ones() == 2 {
                let p = (places & !bit(cell)).trailing_zeros() as usize;
                out.push(Fact::new(p, d, true));
            }
        }
    }
}

/// How many rounds of singles HoDoKu's nets look ahead from each fact. Learnt from its paths over top1465's lines
/// 501-1,465: with 4, 328 of its 338 net contradictions and 121 of its 126 net verities are the first in its order
/// (shudu's nets: 105 and 8); 3 and 5 rounds agree with fewer of its paths (exact scores 668 and 672 of 965, 4:
/// 726).
const HODOKU_LOOKAHEAD: usize = 4;

/// The singles that setting `fact` alone on the grid makes (placing its digit, or removing its candidate), round
/// after round for [`Board::lookahead`] rounds: each round's naked and hidden singles are set before the next
/// round looks.
///
/// `found` is room for a round's singles, lent by the caller (which looks ahead from every fact of a board); `read`
/// gathers what the look-ahead reads of the board ([`Read`]).
fn lookahead_singles(board: &Board, fact: Fact, out: &mut Vec<Fact>, found: &mut Vec<(usize, usize)>, read: &mut Read) {
    /// The grid as the look-ahead changes it, as each digit's cells: a placement strikes its peers with one word
    /// operation a digit, and a cell's count of candidates comes from the nine words bit-sliced.
    struct World {
        cand: [u128; 9],
        needs: [u32; 9],
        placed: u128,
        /// The candidates removed since the last round looked: only their cells and houses can hold a new single.
        removed: [u128; 9],
    }
    impl World {
        /// Sets `d` in `c`, which held at most the digits `held` (the board's candidates of the cell).
        fn place(&mut self, c: usize, d: usize, held: u16) {
            let b = bit(c);
            let gone = self.cand[d] & peers(c) & !b;
            self.cand[d] &= !gone;
            self.removed[d] |= gone;
            // The cell's other digits: only those the board gave it can be there.
            let mut others = held & !(1 << d);
            while others != 0 {
                let x = others.trailing_zeros() as usize;
                others &= others - 1;
                let gone = self.cand[x] & b;
                self.cand[x] &= !gone;
                self.removed[x] |= gone;
            }
            self.placed |= b;
            self.needs[d] &= !CELL_HOUSES[c];
        }
    }
    let (c, d) = (fact.cell(), fact.digit());
    // What is read of the board, for [`KeptLookaheads`]: the fact's cell whole, and its digit in the cell's houses
    // (all a removal's first round reads; a placement strikes the digit from those houses).
    read.cells |= bit(c);
    read.digits[d] |= peers(c) | bit(c);
    if !fact.on() && !full_lookahead() {
        // A removal's first round read from the board, without the copy of it the rounds make: most removals make
        // no single, or one and look no further (see the rounds' end below). Those making more take the rounds.
        match removal_singles(board, c, d) {
            RemovalSingles::None => return,
            RemovalSingles::One(s, x) => {
                out.push(Fact::new(s, x, true));
                return;
            }
            RemovalSingles::More => {}
        }
    }
    let mut w = World {
        cand: board.cand,
        needs: board.needs,
        // The grid's own singles are no consequence of the fact.
        placed: board.naked,
        removed: [0; 9],
    };
    if fact.on() {
        w.place(c, d, board.cells[c]);
    } else {
        w.cand[d] &= !bit(c);
        w.removed[d] |= bit(c);
    }
    for round in 0..board.lookahead {
        found.clear();
        let removed = core::mem::take(&mut w.removed);
        let changed = removed.iter().fold(0, |acc, &r| acc | r);
        // The changed cells' candidates, all of them (the naked singles' counts).
        read.cells |= changed;
        // The cells with exactly one candidate. In the first round each changed cell but a placed one has lost one
        // of the board's candidates (the fact's, or the placed digit from a peer): those that had two. Later, from
        // bit-sliced counts of the digits' words.
        let lone = if round == 0 {
            board.pairs
        } else {
            let (mut one, mut two) = (0u128, 0u128);
            for &cand in &w.cand {
                two |= one & cand;
                one |= cand;
            }
            one & !two
        };
        for c in cells_of(changed & board.open & !w.placed & lone) {
            if let Some(x) = w.cand.iter().position(|&cand| cand & bit(c) != 0) {
                found.push((c, x));
            }
        }
        for (d, &needs) in w.needs.iter().enumerate() {
            // Most rounds remove few digits (a removal's first, one): the others' houses are not looked up.
            if removed[d] == 0 {
                continue;
            }
            let mut hs = needs & houses_touched_inline(removed[d]);
            while hs != 0 {
                let h = hs.trailing_zeros() as usize;
                hs &= hs - 1;
                read.digits[d] |= HOUSES[h];
                let left = w.cand[d] & HOUSES[h] & !w.placed;
                if left.count_ones() == 1 {
                    found.push((left.trailing_zeros() as usize, d));
                }
            }
        }
        if found.is_empty() {
            break;
        }
        // A single an earlier one of the round made impossible is left out (the round's singles contradict each
        // other then, which the closure's facts show).
        for &(c, d) in found.iter() {
            if w.placed & bit(c) == 0 && w.cand[d] & bit(c) != 0 {
                out.push(Fact::new(c, d, true));
                read.cells |= bit(c);
                read.digits[d] |= peers(c) | bit(c);
                w.place(c, d, board.cells[c]);
            }
        }
        // A removal whose first round makes one single `g` (its cell's last candidate, or its digit's last place in
        // a house of its cell) looks ahead no further: `g` set removes it too, so the grid is now the one `g`'s own
        // look-ahead starts from, and the rounds to come find what `g`'s first rounds find (the removal's cell and
        // houses, which only `g`'s search looks at again, held no other single). `g` is in this fact's list, so
        // its closure, and with it every single of `g`'s look-ahead, is in this fact's: the closures are the same.
        if round == 0 && !fact.on() && found.len() == 1 && !full_lookahead() {
            break;
        }
    }
}

/// What a fact's look-ahead ([`lookahead_singles`]) read of its board: per digit, the cells whose holding it or not
/// was read, and the cells all of whose candidates were. Its singles come from these reads alone, so a later board
/// of the same solve (candidates only gone) that lost none of them gives the same look-ahead. (Which houses still
/// need a digit is read too, where a house is looked at for a hidden single: a house stops needing it only when a
/// cell of it takes the digit, losing it as a candidate, and the house's places of it are read whole.)
#[derive(Clone, Copy, Default)]
struct Read {
    digits: [u128; 9],
    cells: u128,
}

/// A fact's look-ahead as kept: what it read, and its singles (`len` of them from `start` in the kept list), for the
/// board of generation `generation`.
#[derive(Clone, Copy, Default)]
struct KeptLookahead {
    generation: u32,
    read: Read,
    start: u32,
    len: u32,
}

/// The look-aheads of the last board of HoDoKu's nets on this thread, for the next: a solve comes back to the nets
/// at grid after grid that differ in a few candidates, and most facts' look-aheads read none of those.
struct KeptLookaheads {
    /// The board's candidates, its own singles, its rounds of look-ahead and whether they ran in full (the tests'
    /// reference, [`full_lookahead`]): a board with a candidate more, other singles of its own or other rounds
    /// keeps nothing.
    cand: [u128; 9],
    naked: u128,
    rounds: usize,
    full: bool,
    generation: u32,
    /// Per fact (by [`Fact::index`]), its look-ahead, current where its generation is the board's.
    facts: Vec<KeptLookahead>,
    singles: Vec<Fact>,
    /// The last board's singles while this board's are gathered.
    last_singles: Vec<Fact>,
    /// The candidates the board has lost since the last, per digit and all together; `None` where nothing is kept.
    lost: Option<([u128; 9], u128)>,
}

#[cfg(test)]
thread_local! {
    /// How many look-aheads came from the last board's on this thread (for the tests).
    static REUSED: core::cell::Cell<usize> = const { core::cell::Cell::new(0) };
}

thread_local! {
    static KEPT_LOOKAHEADS: core::cell::RefCell<Option<Box<KeptLookaheads>>> =
        const { core::cell::RefCell::new(None) };
}

impl KeptLookaheads {
    /// The kept look-aheads, made ready for `board`.
    fn take(board: &Board) -> Box<KeptLookaheads> {
        let kept = KEPT_LOOKAHEADS.with(|k| k.borrow_mut().take());
        let mut kept = kept.unwrap_or_else(|| {
            Box::new(KeptLookaheads {
                cand: [0; 9],
                naked: 0,
                rounds: 0,
                full: false,
                generation: 0,
                facts: vec![KeptLookahead::default(); FACTS],
                singles: Vec::new(),
                last_singles: Vec::new(),
                lost: None,
            })
        });
        let follows = kept.generation != 0
            && kept.rounds == board.lookahead
            && kept.naked == board.naked
            && kept.full == full_lookahead()
            && (0..9).all(|d| board.cand[d] & !kept.cand[d] == 0);
        kept.lost = follows.then(|| {
            let lost: [u128; 9] = core::array::from_fn(|d| kept.cand[d] & !board.cand[d]);
            (lost, lost.iter().fold(0, |a, &l| a | l))
        });
        kept.generation = kept.generation.wrapping_add(1).max(1);
        if kept.generation == 1 {
            // The generations came round: no entry is current.
            kept.facts.iter_mut().for_each(|e| e.generation = 0);
        }
        core::mem::swap(&mut kept.singles, &mut kept.last_singles);
        kept.singles.clear();
        kept.cand = board.cand;
        kept.naked = board.naked;
        kept.rounds = board.lookahead;
        kept.full = full_lookahead();
        kept
    }

    /// `fact`'s look-ahead singles onto `out`: the last board's where it read nothing the board has lost, else
    /// worked out afresh.
    fn lookahead(&mut self, board: &Board, fact: Fact, out: &mut Vec<Fact>, found: &mut Vec<(usize, usize)>) {
        let entry = &mut self.facts[fact.index()];
        let last = self.generation.wrapping_sub(1);
        if let (Some((lost, lost_cells)), true) = (&self.lost, entry.generation == last && last != 0) {
            let read = &entry.read;
            let intact = read.cells & lost_cells == 0 && read.digits.iter().zip(lost).all(|(&r, &l)| r & l == 0);
            if intact {
                #[cfg(test)]
                REUSED.set(REUSED.get() + 1);
                let singles = &self.last_singles[entry.start as usize..(entry.start + entry.len) as usize];
                out.extend_from_slice(singles);
                entry.start = self.singles.len() as u32;
                entry.generation = self.generation;
                self.singles.extend_from_slice(singles);
                return;
            }
        }
        let mut read = Read::default();
        let before = out.len();
        lookahead_singles(board, fact, out, found, &mut read);
        *entry = KeptLookahead {
            generation: self.generation,
            read,
            start: self.singles.len() as u32,
            len: (out.len() - before) as u32,
        };
        self.singles.extend_from_slice(&out[before..]);
    }

    fn put_back(self: Box<Self>) {
        KEPT_LOOKAHEADS.with(|k| *k.borrow_mut() = Some(self));
    }
}

/// The singles of a removal's first round of look-ahead ([`lookahead_singles`]), told apart by how many.
enum RemovalSingles {
    None,
    One(usize, usize),
    More,
}

/// The singles removing `d` from `cell` makes at once, as the first round of [`lookahead_singles`] finds them: the
/// cell's last candidate, then its digit's last place in each house of the cell that needs it (the board's own
/// singles not counted).
#[inline]
fn removal_singles(board: &Board, cell: usize, d: usize) -> RemovalSingles {
    let mut first = None;
    let mut count = 0;
    let rest = board.cells[cell] & !(1 << d);
    if rest.count_ones() == 1 && board.naked & bit(cell) == 0 {
        first = Some((cell, rest.trailing_zeros() as usize));
        count = 1;
    }
    let places = board.cand[d] & !bit(cell) & !board.naked;
    let mut houses = board.needs[d] & CELL_HOUSES[cell];
    while houses != 0 {
        let h = houses.trailing_zeros() as usize;
        houses &= houses - 1;
        let left = places & HOUSES[h];
        if left.count_ones() == 1 {
            first = first.or(Some((left.trailing_zeros() as usize, d)));
            count += 1;
        }
    }
    match (count, first) {
        (0, _) | (_, None) => RemovalSingles::None,
        (1, Some((s, x))) => RemovalSingles::One(s, x),
        _ => RemovalSingles::More,
    }
}

#[cfg(test)]
thread_local! {
    /// Set by the tests that hold [`lookahead_singles`]' shortcut to the closures made without it.
    static FULL_LOOKAHEAD: core::cell::Cell<bool> = const { core::cell::Cell::new(false) };
}

/// Whether [`lookahead_singles`] follows every fact its full number of rounds (the tests' reference).
#[inline]
fn full_lookahead() -> bool {
    #[cfg(test)]
    return FULL_LOOKAHEAD.get();
    #[cfg(not(test))]
    false
}

/// What the closures read of a board's links, worked out once for all its facts.
struct Links {
    /// Per digit, the places whose removal implies something ([`linked_places`]).
    linked: [u128; 9],
    /// A grouped board's links between candidates and groups.
    groups: Option<Box<GroupLinks>>,
}

impl Links {
    fn of(board: &Board) -> Links {
        let groups = board.grouped.then(|| GroupLinks::of(board));
        Links {
            linked: linked_places(board, groups.as_deref()),
            groups,
        }
    }
}

impl Drop for Links {
    fn drop(&mut self) {
        if let Some(groups) = self.groups.take() {
            SPARE_GROUP_LINKS.with(|spare| *spare.borrow_mut() = Some(groups));
        }
    }
}

thread_local! {
    /// The tables of the last [`GroupLinks`] made on this thread, made again in place for the next board: a fresh
    /// set of tables is 27 kB of zeros a board, which cost more than the entries the board reads.
    static SPARE_GROUP_LINKS: core::cell::RefCell<Option<Box<GroupLinks>>> = const { core::cell::RefCell::new(None) };
}

/// The links between candidates and groups of a grouped board, per digit and cell, and those of the groups
/// themselves: what [`Board::group_successors`] finds, read off rather than worked out fact by fact (a closure
/// asks it of every candidate and group true and false, the look-ahead's nets of every fact again).
struct GroupLinks {
    /// The groups a candidate true makes false: those all of whose places it sees.
    on: [[u64; 81]; 9],
    /// The groups a candidate false makes true: the rest of one of its houses.
    off: [[u64; 81]; 9],
    /// Per digit and group, the places a group true makes false: those that see all its places.
    group_on_cells: [[u128; GROUPS]; 9],
    /// Per digit and group, the groups a group true makes false: those all of whose places see all its places.
    group_on_groups: [[u64; GROUPS]; 9],
    /// Per digit and group, what the group false makes true in its box and in its line: the rest of the house
    /// when that is one place or one group.
    group_off: [[[Option<Fact>; 2]; GROUPS]; 9],
}

impl GroupLinks {
    /// The links of `board`. Only the entries a board's facts read are made: a candidate's (`on` and `off` of its
    /// digit and cell) and a group's of two places or more (the rest may hold another board's).
    fn of(board: &Board) -> Box<GroupLinks> {
        let mut links = SPARE_GROUP_LINKS
            .with(|spare| spare.borrow_mut().take())
            .unwrap_or_else(|| {
                Box::new(GroupLinks {
                    on: [[0; 81]; 9],
                    off: [[0; 81]; 9],
                    group_on_cells: [[0; GROUPS]; 9],
                    group_on_groups: [[0; GROUPS]; 9],
                    group_off: [[[None; 2]; GROUPS]; 9],
                })
            });
        // Each digit's entries are reset (only those its facts read), then filled: filling digit `d` writes
        // only `d`'s.
        for d in 0..9 {
            for c in cells_of(board.cand[d]) {
                links.on[d][c] = 0;
                links.off[d][c] = 0;
            }
            for g in groups_of(board.multi[d]) {
                links.group_on_groups[d][g] = 0;
            }
            for g in groups_of(board.multi[d]) {
                let places = board.group_cells(d, g);
                let seen = common_peers(places) & !places;
                for c in cells_of(board.cand[d] & seen) {
                    links.on[d][c] |= 1 << g;
                }
                links.group_on_cells[d][g] = board.cand[d] & seen;
                let near = CELL_GROUPS[places.trailing_zeros() as usize];
                for other in groups_of(board.multi[d] & near) {
                    if board.group_cells(d, other) & !seen == 0 {
                        links.group_on_groups[d][g] |= 1 << other;
                    }
                }
                for (k, h) in group_houses(g).into_iter().enumerate() {
                    let rest = board.cand[d] & HOUSES[h] & !places;
                    links.group_off[d][g][k] = if rest.count_ones() == 1 {
                        Some(Fact::new(rest.trailing_zeros() as usize, d, true))
                    } else {
                        board.group_of(d, rest).map(|other| Fact::group(other, d, true))
                    };
                }
            }
            for &word in &HOUSES {
                let places = board.cand[d] & word;
                if (3..=4).contains(&places.count_ones()) {
                    for c in cells_of(places) {
                        if let Some(g) = board.group_of(d, places & !bit(c)) {
                            links.off[d][c] |= 1 << g;
                        }
                    }
                }
            }
        }
        links
    }

    /// [`Board::group_successors`] of a fact (the same facts, each group once, in the same order), but for a
    /// group's removals that imply nothing (not a place of `linked`), which a closure takes in whole.
    #[inline]
    fn successors(&self, fact: Fact, linked: &[u128; 9], out: &mut Vec<Fact>) {
        let (d, on) = (fact.digit(), fact.on());
        if fact.is_group() {
            let g = fact.group_index();
            if on {
                out.extend(cells_of(self.group_on_cells[d][g] & linked[d]).map(|p| Fact::new(p, d, false)));
                out.extend(groups_of(self.group_on_groups[d][g]).map(|other| Fact::group(other, d, false)));
            } else {
                out.extend(self.group_off[d][g].iter().flatten().copied());
            }
            return;
        }
        let c = fact.cell();
        let groups = if on { self.on[d][c] } else { self.off[d][c] };
        out.extend(groups_of(groups).map(|g| Fact::group(g, d, !on)));
    }
}

/// The places of each digit whose removal implies something through a strong link: a cell left with one other
/// candidate, or a house with one other place (for a grouped board, `groups`, or one group).
fn linked_places(board: &Board, groups: Option<&GroupLinks>) -> [u128; 9] {
    core::array::from_fn(|d| {
        let mut out = 0u128;
        for &word in &HOUSES {
            let places = board.cand[d] & word;
            if places.count_ones() == 2 {
                out |= places;
            }
        }
        if let Some(groups) = groups {
            // A place whose removal leaves one group in one of its houses.
            for c in cells_of(board.cand[d]) {
                if groups.off[d][c] != 0 {
                    out |= bit(c);
                }
            }
        }
        out | cells_of(board.cand[d])
            .filter(|&c| board.cells[c].count_ones() == 2)
            .fold(0, |acc, c| acc | bit(c))
    })
}

/// Adds to `off` the candidates a fact true removes: the others of its cell, and its digit from its peers (for a
/// group, from the cells that see all its places).
#[inline]
fn removes(board: &Board, fact: Fact, off: &mut [u128; 9]) {
    if fact.is_group() {
        let d = fact.digit();
        let cells = board.group_cells(d, fact.group_index());
        off[d] |= board.cand[d] & common_peers(cells) & !cells;
        return;
    }
    let (cell, d) = (fact.cell(), fact.digit());
    let mut others = board.cells[cell] & !(1 << d);
    while others != 0 {
        let x = others.trailing_zeros() as usize;
        others &= others - 1;
        off[x] |= bit(cell);
    }
    off[d] |= board.cand[d] & peers(cell);
}

/// Whether a set of facts holds a contradiction (the same tests [`Run::assert`] makes one fact at a time).
/// `placeable` holds, per digit, the houses a removal can empty ([`Placeable`]).
fn contradicts(board: &Board, placeable: &Placeable, on: &[u128; 9], off: &[u128; 9]) -> bool {
    // The word-wide tests first, in one pass without a branch, then the digits placed twice or more.
    let (mut both, mut one, mut two, mut left) = (0u128, 0u128, 0u128, 0u128);
    for d in 0..9 {
        both |= on[d] & off[d];
        two |= one & on[d];
        one |= on[d];
        left |= board.cand[d] & !off[d];
    }
    if both | two != 0 || board.open & !left != 0 {
        return true;
    }
    if (0..9).any(|d| on[d].count_ones() > 1 && cells_of(on[d]).any(|c| on[d] & peers(c) != 0)) {
        return true;
    }
    // Houses last, as the costliest test. Only a house that lost a place can have none left; the facts' removals
    // are candidates, so such a house is one of `placeable` that the places left miss (one fold of the word, not a
    // test per house), and it lost all its places, which fewer removals than any such house holds cannot do.
    (0..9).any(|d| {
        off[d].count_ones() >= placeable.fewest[d]
            && placeable.houses[d] & !houses_holding(board.cand[d] & !off[d]) != 0
    })
}

/// Per digit, the houses that need it and hold a candidate of it (those a removal of that digit can empty), and the
/// fewest places any of them holds.
struct Placeable {
    houses: [u32; 9],
    fewest: [u32; 9],
}

impl Placeable {
    fn new(board: &Board) -> Placeable {
        let houses: [u32; 9] = core::array::from_fn(|d| board.needs[d] & houses_touched(board.cand[d]));
        let fewest = core::array::from_fn(|d| {
            let mut fewest = u32::MAX;
            let mut hs = houses[d];
            while hs != 0 {
                let h = hs.trailing_zeros() as usize;
                hs &= hs - 1;
                fewest = fewest.min((board.cand[d] & HOUSES[h]).count_ones());
            }
            fewest
        });
        Placeable { houses, fewest }
    }
}

/// The closures of every premise under chain implications, which do not depend on the premise: each is the union
/// of the closures of what the premise implies, computed once per strongly connected part of the implication
/// graph (Tarjan's algorithm, iteratively), in the order the algorithm completes them. A closure is only flagged
/// as contradictory here; the breadth-first derivation names the contradiction and its depth for the results that
/// are reported.
fn static_closures(board: &Board) -> (Vec<Closure>, Vec<u16>) {
    let (closures, at, _) = closures_judged(board, true);
    (closures, at)
}

/// The parts each part's closure took in ([`closures_judged`] when it leaves the closures unjudged): those of part
/// `i` are `parts[spans[i]..spans[i + 1]]`.
struct Joins {
    spans: Vec<u32>,
    parts: Vec<u16>,
}

/// [`static_closures`], each closure judged (flagged when contradictory) as it is made, or, unless `judge`, left
/// unjudged with the parts it took in, for [`judge_closures`] to judge when it is known to be needed: the grouped
/// loops read only the closures' facts, and at most grids where they are made no forcing chain is looked for.
fn closures_judged(board: &Board, judge: bool) -> (Vec<Closure>, Vec<u16>, Option<Joins>) {
    const NONE: u16 = u16::MAX;
    let mut at = vec![NONE; ALL_FACTS];
    let mut nodes: Vec<Fact> = board.premises().collect();
    nodes.extend(board.group_facts());
    for (i, f) in nodes.iter().enumerate() {
        at[f.index()] = i as u16;
    }
    // Successor lists, compressed.
    let mut start: Vec<u32> = Vec::with_capacity(nodes.len() + 1);
    let mut adj: Vec<u16> = Vec::with_capacity(nodes.len() * 8);
    let mut buf = Vec::with_capacity(32);
    let mut found = Vec::new();
    let links = Links::of(board);
    let mut kept = (board.lookahead > 0).then(|| KeptLookaheads::take(board));
    for &f in &nodes {
        start.push(adj.len() as u32);
        buf.clear();
        successors(board, &links, f, &mut buf);
        if let (Some(kept), false) = (kept.as_mut(), f.is_group()) {
            // Each fact's look-ahead is a net derived, and is paid for as the dynamic nets pay for theirs: a bounded
            // search (`--max-steps`, the games' hints) bounds these nets too. The caller sees the budget run out.
            if !budget::spend() {
                return (Vec::new(), at, None);
            }
            kept.lookahead(board, f, &mut buf, &mut found);
        }
        adj.extend(buf.iter().map(|g| at[g.index()]));
    }
    if let Some(kept) = kept {
        kept.put_back();
    }
    start.push(adj.len() as u32);
    let n = nodes.len();
    // Only closures judged as they are made read it.
    let placeable = judge.then(|| Placeable::new(board));
    // Each node's state in Tarjan's algorithm, together: a node's fields are read and written together.
    #[derive(Clone, Copy)]
    struct Visit {
        index: u16,
        low: u16,
        /// The part the node belongs to, once made.
        comp: u16,
        on_stack: bool,
    }
    let unvisited = Visit {
        index: NONE,
        low: 0,
        comp: NONE,
        on_stack: false,
    };
    let mut visit = vec![unvisited; n];
    let mut stack: Vec<u16> = Vec::with_capacity(n);
    let mut calls: Vec<(u16, u32)> = Vec::with_capacity(n);
    // Per part: its closure, and whether it holds a contradiction (inherited from any part it reaches).
    let mut parts: Vec<Closure> = Vec::with_capacity(n);
    // For each part, the last part whose closure took it in.
    let mut joined = vec![NONE; n];
    let mut members = Vec::new();
    let mut joins = (!judge).then(|| Joins {
        spans: Vec::with_capacity(n + 1),
        parts: Vec::with_capacity(2 * n),
    });
    let mut next = 0u16;
    for root in 0..n {
        if visit[root].index != NONE {
            continue;
        }
        visit[root] = Visit {
            index: next,
            low: next,
            comp: NONE,
            on_stack: true,
        };
        next += 1;
        stack.push(root as u16);
        calls.push((root as u16, start[root]));
        while let Some(&(v, pos)) = calls.last() {
            let v = v as usize;
            if pos < start[v + 1] {
                if let Some(top) = calls.last_mut() {
                    top.1 += 1;
                }
                let w = adj[pos as usize] as usize;
                let seen = visit[w];
                if seen.index == NONE {
                    visit[w] = Visit {
                        index: next,
                        low: next,
                        comp: NONE,
                        on_stack: true,
                    };
                    next += 1;
                    stack.push(w as u16);
                    calls.push((w as u16, start[w]));
                } else if seen.on_stack {
                    let at_v = &mut visit[v];
                    at_v.low = at_v.low.min(seen.index);
                }
                continue;
            }
            calls.pop();
            let Visit { index, low, .. } = visit[v];
            if let Some(&(u, _)) = calls.last() {
                let at_u = &mut visit[u as usize];
                at_u.low = at_u.low.min(low);
            }
            if low != index {
                continue;
            }
            // v roots a strongly connected part: its members, then what they reach outside it.
            let id = parts.len() as u16;
            // Made in place: a closure is large, and most parts' are made of their members' lists alone.
            parts.push(Closure {
                on: [0; 9],
                off: [0; 9],
                conflict: None,
                bad: false,
                depth: 0,
                lone: false,
            });
            let (done, this) = parts.split_at_mut(id as usize);
            let Closure { on, off, .. } = &mut this[0];
            members.clear();
            while let Some(m) = stack.pop() {
                let m = m as usize;
                let at_m = &mut visit[m];
                at_m.on_stack = false;
                at_m.comp = id;
                members.push(m);
                let f = nodes[m];
                if f.is_group() {
                    // A group's fact is no candidate's: only what it implies joins the closure.
                } else if f.on() {
                    on[f.digit()] |= bit(f.cell());
                } else {
                    off[f.digit()] |= bit(f.cell());
                }
                if m == v {
                    break;
                }
            }
            if let Some(joins) = joins.as_mut() {
                joins.spans.push(joins.parts.len() as u32);
            }
            let mut bad = false;
            for &m in &members {
                // Most facts a true digit removes imply nothing further: their closure is themselves, and they
                // are not in the lists.
                if nodes[m].on() {
                    removes(board, nodes[m], off);
                }
                for &w in &adj[start[m] as usize..start[m + 1] as usize] {
                    let c = visit[w as usize].comp;
                    // A part reached twice (by two members, or by two facts of it) is joined once.
                    if c != id && c != NONE && joined[c as usize] != id {
                        joined[c as usize] = id;
                        if let Some(joins) = joins.as_mut() {
                            joins.parts.push(c);
                        }
                        let part = &done[c as usize];
                        bad |= part.bad;
                        for d in 0..9 {
                            on[d] |= part.on[d];
                            off[d] |= part.off[d];
                        }
                    }
                }
            }
            let f = nodes[v];
            let lone = !f.is_group()
                && start[v] == start[v + 1]
                && (!f.on() || board.cells[f.cell()] == 1 << f.digit() && board.cand[f.digit()] & peers(f.cell()) == 0);
            this[0].lone = members.len() == 1 && lone && !f.on();
            if let Some(placeable) = &placeable {
                this[0].judge(board, placeable, bad, (members.len() == 1 && lone).then_some(f));
            }
        }
    }
    // Premises of one part share its closure: point them all at it.
    for (f, v) in nodes.iter().zip(&visit) {
        at[f.index()] = v.comp;
    }
    if let Some(joins) = joins.as_mut() {
        joins.spans.push(joins.parts.len() as u32);
    }
    (parts, at, joins)
}

/// Judges closures [`closures_judged`] left unjudged, as it would have judged them, each after the parts it took
/// in (which come before it), from their flags and its own facts.
fn judge_closures(board: &Board, parts: &mut [Closure], joins: &Joins) {
    let placeable = Placeable::new(board);
    for i in 0..parts.len() {
        let (done, this) = parts.split_at_mut(i);
        let span = joins.spans[i] as usize..joins.spans[i + 1] as usize;
        let inherited = joins.parts[span].iter().any(|&c| done[c as usize].bad);
        // A lone removal's closure is its fact alone; a lone placement never contradicts (its cell holds nothing
        // else and no peer its digit), and is judged as any closure, which finds that too.
        let lone = this[0].lone.then(|| {
            let d = this[0].off.iter().position(|&w| w != 0).unwrap_or(0);
            Fact::new(this[0].off[d].trailing_zeros() as usize, d, false)
        });
        this[0].judge(board, &placeable, inherited, lone);
    }
}

impl Closure {
    /// Flags the closure when it holds a contradiction: when a part it took in does (`inherited`), or its own facts
    /// do; for a fact that implies nothing (`lone`), only a removal emptying a cell or a house does.
    fn judge(&mut self, board: &Board, placeable: &Placeable, inherited: bool, lone: Option<Fact>) {
        let bad = inherited || self.facts_contradict(board, placeable, lone);
        self.bad = bad;
        self.depth = if bad { u16::MAX } else { 0 };
    }

    /// Whether the closure's own facts hold a contradiction; for the closure of a fact that implies nothing
    /// (`lone`), whether that fact alone does, known without reading the closure's words.
    fn facts_contradict(&self, board: &Board, placeable: &Placeable, lone: Option<Fact>) -> bool {
        match lone {
            Some(f) => lone_contradicts(board, f),
            None => contradicts(board, placeable, &self.on, &self.off),
        }
    }
}

/// Whether a fact that implies nothing contradicts itself: a removal emptying its cell or a house ([`contradicts`]
/// of its closure, the fact alone, which a placement with nothing to remove never does).
fn lone_contradicts(board: &Board, f: Fact) -> bool {
    !f.on()
        && (board.cells[f.cell()] == 1 << f.digit()
            || houses_of(f.cell())
                .into_iter()
                .any(|h| board.needs[f.digit()] >> h & 1 != 0 && board.cand[f.digit()] & HOUSES[h] == bit(f.cell())))
}

/// The closure of one premise with the reasons of every fact.
fn traced(board: &Board, premise: Fact) -> (Option<Conflict>, Trace) {
    traced_until(board, premise, &[])
}

/// [`traced`], derived only until every fact of `targets` (when there are any) holds: the chains to them are then
/// known.
fn traced_until(board: &Board, premise: Fact, targets: &[Fact]) -> (Option<Conflict>, Trace) {
    let mut trace = Trace::new();
    let run = Run::<true>::new(board, Vec::new(), Some(&mut trace));
    let conflict = if board.deep {
        run.derive_deep(premise)
    } else {
        run.derive_until(premise, u16::MAX, targets).0.conflict
    };
    (conflict, trace)
}

/// A result found by the search, before its chains are rebuilt.
#[derive(Clone, Debug)]
enum Found {
    /// The premise leads to a contradiction: its opposite holds.
    Contradiction { premise: Fact },
    /// Every premise (one of which holds) leads to each of the results.
    Verity {
        premises: Vec<Fact>,
        results: Vec<Fact>,
        /// The house the premises fill, for a house verity.
        house: Option<usize>,
    },
}

/// Where a result stands in HoDoKu's order ([`Found::hodoku_key`]): eliminations after placements, then its results
/// as (cell, digit).
type HodokuKey = (bool, Vec<(usize, usize)>);

impl Found {
    /// What the step does: facts true are placements, facts false eliminations.
    fn results(&self) -> Vec<Fact> {
        match self {
            Found::Contradiction { premise, .. } => vec![premise.negated()],
            Found::Verity { results, .. } => results.clone(),
        }
    }

    /// HoDoKu's order of forcing chains, learnt from its paths (1,749 of 1,749 forcing chain steps over 962
    /// puzzles of top1465 past its first 500): placements before eliminations, then by the results as (cell,
    /// digit), smallest first, a result alone before the same result with others (so a verity that places three
    /// digits comes after the contradiction that places the first of them).
    fn hodoku_key(&self) -> HodokuKey {
        let mut results: Vec<(usize, usize)> = self.results().iter().map(|f| (f.cell(), f.digit())).collect();
        results.sort_unstable();
        (!self.results().iter().any(|f| f.on()), results)
    }

    /// How much the step does, best first when sorted ascending: placements before eliminations, more before
    /// fewer.
    fn progress_key(&self) -> (bool, usize) {
        // Read in place: sorting asks for keys many times over.
        let premise;
        let results = match self {
            Found::Contradiction { premise: p } => {
                premise = [p.negated()];
                &premise[..]
            }
            Found::Verity { results, .. } => &results[..],
        };
        let placements = results.iter().filter(|f| f.on()).count();
        if placements > 0 {
            (false, usize::MAX - placements)
        } else {
            (true, usize::MAX - results.len())
        }
    }
}

/// The verity results of common facts: placements if any, else eliminations.
fn verity_results(on: &[u128; 9], off: &[u128; 9]) -> Vec<Fact> {
    let mut results: Vec<Fact> = Vec::new();
    for (d, &word) in on.iter().enumerate() {
        results.extend(cells_of(word).map(|c| Fact::new(c, d, true)));
    }
    if results.is_empty() {
        for (d, &word) in off.iter().enumerate() {
            results.extend(cells_of(word).map(|c| Fact::new(c, d, false)));
        }
    }
    results.sort_unstable_by_key(|f| (f.cell(), f.digit()));
    results
}

/// The first premise, cells with fewer candidates first, whose net of depth two meets a contradiction.
fn search_deep(board: &Board) -> Option<(Found, u16)> {
    let mut premises: Vec<Fact> = board.premises().filter(|f| f.on()).collect();
    premises.sort_by_key(|f| board.cells[f.cell()].count_ones());
    for premise in premises {
        if !budget::spend() {
            return None;
        }
        let run = Run::<false>::new(board, Vec::new(), None);
        let conflict = run.derive_deep(premise);
        // A premise whose net ran out of budget proved nothing, and neither will the next.
        if budget::ran_out() {
            return None;
        }
        if conflict.is_some() {
            return Some((Found::Contradiction { premise }, 0));
        }
    }
    None
}

/// The grid a board of chains was made from: its candidates and digits, all [`Board::new`] reads. (The digits
/// rather than the houses each still needs, which follow from them: the ladder asks for a grid's key at each chain
/// rung, and copying the digits costs less than working the houses out again.)
#[derive(Clone, Copy, PartialEq, Eq)]
struct ChainKey {
    cand: [u128; 9],
    values: [u8; 81],
    grouped: bool,
}

impl ChainKey {
    /// The key of the board [`Board::new`] makes of `grid` (grouped or not).
    fn of(grid: &Grid, grouped: bool) -> ChainKey {
        ChainKey {
            cand: core::array::from_fn(|d| grid.digit_cells(Digit::from_index(d)).bits()),
            values: *grid.values(),
            grouped,
        }
    }
}

/// A board's chain closures and where each fact's is ([`static_closures`]).
type Closures = (Vec<Closure>, Vec<u16>);

/// The chain closures last made on a thread: their board's key, the closures (until asked for, where the starts
/// come from the solution, [`wrong::starts`]), for a grouped board the starts they let through ([`starts_of`]),
/// until they are judged the parts each took in ([`closures_judged`]), and the forcing chains' contradictions where
/// the solution's wrong facts gave them ([`chain_contradictions`]).
struct KeptClosures {
    key: ChainKey,
    closures: Option<std::rc::Rc<Closures>>,
    starts: Option<ChainStarts>,
    unjudged: Option<Joins>,
    contradictions: Option<wrong::Contradictions>,
}

thread_local! {
    /// The chain closures last made on this thread: the ladder may ask for them on one grid several times, to know
    /// whether any chain can conclude there ([`chains_cannot_conclude`]), for the starts of the grouped nice loops
    /// ([`chain_starts`]) and for the forcing chains.
    static LAST_CHAIN_CLOSURES: core::cell::RefCell<Option<KeptClosures>> = const { core::cell::RefCell::new(None) };
    /// Whether the chain closures are likely to be made at the next grid where a chain is looked for on this
    /// thread (see [`expect_chain_closures`]).
    static CLOSURES_LIKELY: core::cell::Cell<bool> = const { core::cell::Cell::new(false) };
}

/// The closures of a board of chains (no nets, no look-ahead), judged, kept while its grid stays the same.
fn chain_closures(board: &Board) -> std::rc::Rc<Closures> {
    kept_chain_closures(board, true).0
}

/// [`chain_closures`], judged only if `judged` (the starts do not need it), with the starts they let through where
/// the board is grouped (worked out with the closures, and kept with them).
fn kept_chain_closures(board: &Board, judged: bool) -> (std::rc::Rc<Closures>, Option<ChainStarts>) {
    debug_assert!(!board.net && board.lookahead == 0);
    let key = ChainKey {
        cand: board.cand,
        values: board.values,
        grouped: board.grouped,
    };
    LAST_CHAIN_CLOSURES.with(|last| {
        let mut last = last.borrow_mut();
        let kept = match last.as_mut() {
            Some(kept) if kept.key == key => kept,
            _ => last.insert(KeptClosures {
                key,
                closures: None,
                starts: None,
                unjudged: None,
                contradictions: None,
            }),
        };
        let closures = match &mut kept.closures {
            Some(closures) => closures,
            slot => {
                let (parts, at, unjudged) = closures_judged(board, false);
                let closures = std::rc::Rc::new((parts, at));
                if board.grouped && kept.starts.is_none() {
                    kept.starts = Some(starts_of(board, &closures));
                }
                kept.unjudged = unjudged;
                slot.insert(closures)
            }
        };
        if judged {
            if let Some(joins) = kept.unjudged.take() {
                let (parts, _) = std::rc::Rc::make_mut(closures);
                judge_closures(board, parts, &joins);
            }
        }
        (std::rc::Rc::clone(closures), kept.starts)
    })
}

/// The candidates and groups that, assumed false, may start a chain through candidates and groups (no sets) that
/// concludes anything (see [`chain_starts`]).
#[derive(Clone, Copy)]
pub(super) struct ChainStarts {
    /// Per digit, the places whose candidate may start one.
    cells: [u128; 9],
    /// Per digit, the groups ([`Fact::group`]'s numbering) that may start one.
    groups: [u64; 9],
}

impl ChainStarts {
    /// Whether no candidate or group may start a chain that concludes anything.
    pub(super) fn is_empty(&self) -> bool {
        self.cells.iter().all(|&c| c == 0) && self.groups.iter().all(|&g| g == 0)
    }

    /// Whether the node of `digit` in `cells` (a candidate, or a group of two or three places) may start a chain
    /// that concludes anything.
    pub(super) fn allows(&self, digit: usize, cells: u128) -> bool {
        if cells.count_ones() == 1 {
            return self.cells[digit] & cells != 0;
        }
        group_holding(cells).is_none_or(|g| self.groups[digit] & 1 << g != 0)
    }
}

/// The candidates and groups that, assumed false, may start a chain through candidates and groups (no sets) that
/// concludes anything in `grid`: those whose closures true and false both make false a candidate `z` whose own
/// closure true makes it false.
///
/// Every conclusion of an X-Chain, XY-Chain, nice loop or AIC, grouped or not (without almost locked sets), is one
/// of these. An AIC from `s` false to `e` true removes a `z` that sees `s` and `e` (or shares a cell with one and
/// sees the other): `s` true makes `z` false; `s` false makes `e` true, which makes `z` false; and `z` true makes
/// `s` false, so the chain makes `e` true and `z` false. A continuous loop's removal `z` sees both ends of one of its
/// weak links `x - y` (or shares their cell): walked from `s` false, the loop makes `x` true, and walked the other
/// way from `s` true, each strong link read backwards, it makes `y` true; either way `z` is false. And `z` true makes
/// `x` and `y` false, so that the loop, from `y` on round to `x`, makes `x` true and `z` false. A discontinuous
/// loop removing its start `z` is read from the AIC between two of its partners (`z` true makes itself false); one
/// placing its start `s` (from `s` false back to `s` true) removes each other candidate `z` of its cell, which `s`
/// true makes false, `s` false too (through `s` true), and `z` true as well (`s` false, then round the loop to `s`
/// true). A closure follows every link, however long the chain and however often it passes a cell, so it holds
/// each of these. Over top1465's first 1,000 graded, this rule lets through a fifth fewer starts than the weaker one
/// (`z`'s closure true contradicting itself in any way) and none at 72 % of the grids whose closures are made (45 %
/// with the weaker rule), where the grouped loops build no graph: their search, closures aside, does a sixth less.
///
/// Where the grid's solution is known, the starts come from the solution's wrong facts alone ([`wrong::starts`]):
/// none exactly where the closures let none through, and elsewhere theirs and a few more, for about half the
/// instructions of the closures, and are kept to judge the forcing chains' premises by ([`chain_contradictions`]);
/// the closures are made where the wrong facts do not serve, or for the forcing chains' verities.
pub(super) fn chain_starts(grid: &Grid) -> ChainStarts {
    let key = ChainKey::of(grid, true);
    if let Some(starts) = kept_starts(&key) {
        return starts;
    }
    let mut board = Board::new(grid, false);
    board.grouped = true;
    // The wrong facts are kept for the forcing chains, which may come to this grid.
    if let Some((starts, contradictions)) = wrong::solution_of(grid).and_then(|sol| wrong::starts(&board, &sol)) {
        LAST_CHAIN_CLOSURES.with(|last| {
            *last.borrow_mut() = Some(KeptClosures {
                key,
                closures: None,
                starts: Some(starts),
                unjudged: None,
                contradictions: Some(contradictions),
            })
        });
        return starts;
    }
    let (closures, starts) = kept_chain_closures(&board, false);
    // Always there for a grouped board.
    starts.unwrap_or_else(|| starts_of(&board, &closures))
}

/// The premises of the forcing chains on a grouped board that contradict themselves, read from the solution's wrong
/// facts ([`wrong::starts`]): those kept with the grid's starts where [`chain_starts`] read them (taken, as they are
/// judged once), else read now (and the starts they give kept). `None` where the wrong facts do not serve (no
/// solution the candidates allow, or too many wrong facts), and the closures judge.
fn chain_contradictions(board: &Board) -> Option<wrong::Contradictions> {
    if !board.grouped {
        return None;
    }
    let key = ChainKey {
        cand: board.cand,
        values: board.values,
        grouped: true,
    };
    let kept = LAST_CHAIN_CLOSURES.with(|last| {
        last.borrow_mut()
            .as_mut()
            .filter(|kept| kept.key == key)
            .and_then(|kept| kept.contradictions.take())
    });
    if kept.is_some() {
        return kept;
    }
    let sol = wrong::solution_of_board(board)?;
    let (starts, contradictions) = wrong::starts(board, &sol)?;
    LAST_CHAIN_CLOSURES.with(|last| {
        let mut last = last.borrow_mut();
        match last.as_mut() {
            Some(kept) if kept.key == key => {
                kept.starts.get_or_insert(starts);
            }
            _ => {
                *last = Some(KeptClosures {
                    key,
                    closures: None,
                    starts: Some(starts),
                    unjudged: None,
                    contradictions: None,
                })
            }
        }
    });
    Some(contradictions)
}

/// [`chain_starts`] of a grouped board, read from its closures.
fn starts_of(board: &Board, (closures, at): &Closures) -> ChainStarts {
    let get = |f: Fact| closures.get(at[f.index()] as usize);
    // The candidates whose closure true makes them false.
    let mut bad = [0u128; 9];
    for p in board.premises() {
        if p.on() && get(p).is_some_and(|c| c.off[p.digit()] & bit(p.cell()) != 0) {
            bad[p.digit()] |= bit(p.cell());
        }
    }
    let mut starts = ChainStarts {
        cells: [0; 9],
        groups: [0; 9],
    };
    // No candidate to remove: no start (the common case where no chain concludes), and no start's closures read.
    // (Closures that were not made, the budget spent, let every start through below.)
    if !closures.is_empty() && bad.iter().all(|&b| b == 0) {
        return starts;
    }
    // Whether `off` may start a chain: with no closure to read (never so), it may.
    let may = |off: Fact| match (get(off), get(off.negated())) {
        (Some(f), Some(t)) => (0..9).any(|d| f.off[d] & t.off[d] & bad[d] != 0),
        _ => true,
    };
    for p in board.premises() {
        if !p.on() && may(p) {
            starts.cells[p.digit()] |= bit(p.cell());
        }
    }
    for f in board.group_facts() {
        if !f.on() && may(f) {
            starts.groups[f.digit()] |= 1 << f.group_index();
        }
    }
    starts
}

/// Whether no chain through candidates and groups can conclude anything in `grid` (no start is let through,
/// [`chain_starts`]), as far as it is worth knowing: where the starts are made already, or likely to be made at
/// this grid anyway ([`expect_chain_closures`]). `false` means only that the searches must run.
pub(super) fn chains_cannot_conclude(grid: &Grid) -> bool {
    if CLOSURES_LIKELY.get() {
        chain_starts(grid).is_empty()
    } else {
        kept_chain_starts(grid).is_some_and(|s| s.is_empty())
    }
}

/// [`chain_starts`] of `grid` where they are made already (the chain searches are then searched from
/// those starts alone), else `None`.
pub(super) fn kept_chain_starts(grid: &Grid) -> Option<ChainStarts> {
    kept_starts(&ChainKey::of(grid, true))
}

/// The starts kept on this thread for the grouped board of `key`, if any.
fn kept_starts(key: &ChainKey) -> Option<ChainStarts> {
    LAST_CHAIN_CLOSURES.with(|last| {
        last.borrow()
            .as_ref()
            .filter(|kept| kept.key == *key)
            .and_then(|kept| kept.starts)
    })
}

/// Tells what the ladder found at a grid where it looked for chains: `true` where it came to the grouped loops (no
/// chain before them concluded anything, and their starts are made), `false` where an X-Chain, XY-Chain or nice
/// loop took the step. On hard paths one grid after another needs the grouped loops; made first where the last
/// grid needed them, the chain closures rule out the chains before them (or their starts), and they serve the
/// grouped loops and the forcing chains after.
pub(super) fn expect_chain_closures(likely: bool) {
    CLOSURES_LIKELY.set(likely);
}

/// Every contradiction and verity of a board.
fn search(board: &Board) -> Vec<(Found, u16)> {
    if board.deep {
        return search_deep(board).into_iter().collect();
    }
    let kept;
    let made;
    let (closures, at): (&[Closure], &[u16]) = if board.net && board.lookahead == 0 {
        made = all_closures(board);
        (&made.0, &made.1)
    } else if !board.net && board.lookahead == 0 {
        kept = chain_closures(board);
        (&kept.0, &kept.1)
    } else {
        made = static_closures(board);
        (&made.0, &made.1)
    };
    if budget::ran_out() {
        return Vec::new();
    }
    let get = |f: Fact| closures.get(at[f.index()] as usize);
    let mut found: Vec<(Found, u16)> = Vec::new();
    for premise in board.premises() {
        if let Some(c) = get(premise).filter(|c| c.bad) {
            found.push((Found::Contradiction { premise }, c.depth));
        }
    }
    verities(board, closures, at, &mut found);
    found
}

/// The verities of a board's closures, onto the end of `found`.
fn verities(board: &Board, closures: &[Closure], at: &[u16], found: &mut Vec<(Found, u16)>) {
    let get = |f: Fact| closures.get(at[f.index()] as usize);
    // Premises one of which holds: what all their closures share. Most sets share nothing, so the intersection
    // stops as soon as it is empty, and nothing is allocated unless something is found.
    // Whether a set's verity found anything.
    // HoDoKu's verities count a premise that contradicts itself too (it is false, so the others cover every case):
    // 43 of its 126 net verities over top1465's lines 501-1,465 rest on such a branch.
    let keep_bad = board.hodoku_order;
    let verity = |premises: &[Fact], house: Option<usize>, found: &mut Vec<(Found, u16)>| -> bool {
        // A branch that contradicts itself is reported as a contradiction already. The first closure is the
        // intersection so far as it stands (were it empty, so would be every intersection with it).
        let Some(first) = premises.first().and_then(|&p| get(p)).filter(|c| keep_bad || !c.bad) else {
            return false;
        };
        // Every set has two premises or more: the first two closures' intersection is made at once.
        let Some(second) = premises.get(1).and_then(|&p| get(p)).filter(|c| keep_bad || !c.bad) else {
            return false;
        };
        let (mut on, mut off) = ([0u128; 9], [0u128; 9]);
        let mut any = 0u128;
        for d in 0..9 {
            on[d] = first.on[d] & second.on[d];
            off[d] = first.off[d] & second.off[d];
            any |= on[d] | off[d];
        }
        if any == 0 {
            return false;
        }
        for &p in &premises[2..] {
            let Some(c) = get(p).filter(|c| keep_bad || !c.bad) else {
                return false;
            };
            let mut any = 0u128;
            for d in 0..9 {
                on[d] &= c.on[d];
                off[d] &= c.off[d];
                any |= on[d] | off[d];
            }
            if any == 0 {
                return false;
            }
        }
        let results = verity_results(&on, &off);
        if results.is_empty() {
            return false;
        }
        // HoDoKu's verities prove one thing each (297 of 297 over those puzzles): one step a result, ordered with
        // the rest by [`Found::hodoku_key`].
        if board.hodoku_order {
            for r in results {
                found.push((
                    Found::Verity {
                        premises: premises.to_vec(),
                        results: vec![r],
                        house,
                    },
                    0,
                ));
            }
            return true;
        }
        found.push((
            Found::Verity {
                premises: premises.to_vec(),
                results,
                house,
            },
            0,
        ));
        true
    };
    let mut buf = [Fact(0); 9];
    // A candidate true or false; the candidates whose two closures share something.
    let mut shared = [0u64; FACTS.div_ceil(64)];
    for premise in board.premises().filter(|f| f.on()) {
        if get(premise.negated()).is_some_and(|c| c.lone) {
            continue;
        }
        let mut pair = Vec::new();
        if verity(&[premise, premise.negated()], None, &mut pair) {
            shared[premise.index() / 64] |= 1 << (premise.index() % 64);
        }
        // HoDoKu's verities start from a cell's candidates or a house's places only (a candidate true and false,
        // where it finds anything, is one of its contradictions already).
        if !board.hodoku_order {
            found.append(&mut pair);
        }
    }
    // A pair whose second closure is the first's opposite's (a cell's two candidates, a house's two places, linked
    // both ways) shares what that candidate true and false do: nothing, mostly, known without intersecting again.
    let known_empty = |pair: &[Fact]| {
        let a = pair[0];
        pair.len() == 2
            && at[pair[1].index()] == at[a.negated().index()]
            && shared[a.index() / 64] >> (a.index() % 64) & 1 == 0
    };
    // Every candidate of a cell.
    for cell in 0..81 {
        let cands = board.cells[cell];
        if cands.count_ones() >= 2 {
            let mut n = 0;
            for d in (0..9).filter(|d| cands >> d & 1 != 0) {
                buf[n] = Fact::new(cell, d, true);
                n += 1;
            }
            if !known_empty(&buf[..n]) {
                verity(&buf[..n], None, found);
            }
        }
    }
    // Every place of a digit in a house.
    for (h, &word) in HOUSES.iter().enumerate() {
        for d in 0..9 {
            let places = board.cand[d] & word;
            if places.count_ones() >= 2 {
                let mut n = 0;
                for c in cells_of(places) {
                    buf[n] = Fact::new(c, d, true);
                    n += 1;
                }
                if !known_empty(&buf[..n]) {
                    verity(&buf[..n], Some(h), found);
                }
            }
        }
    }
}

/// The chain from a traced premise to `target`, and the chains of the extra facts a net's steps rest on (each
/// such fact's own chain, once), main chain first.
fn chains_to(trace: &Trace, target: Fact) -> Vec<Vec<Fact>> {
    let mut out: Vec<Vec<Fact>> = Vec::new();
    let mut done: Vec<Fact> = Vec::new();
    let mut todo = vec![target];
    while let Some(end) = todo.pop() {
        if done.contains(&end) {
            continue;
        }
        done.push(end);
        let mut chain = vec![end];
        let mut in_chain = [0u64; ALL_FACTS.div_ceil(64)];
        in_chain[end.index() / 64] |= 1 << (end.index() % 64);
        let mut at = end;
        // Follow first premises back to the root; a guard against cycles keeps a broken trace from looping.
        while let Some(&first) = trace.premises(at).first() {
            if in_chain[first.index() / 64] >> (first.index() % 64) & 1 != 0 || chain.len() > ALL_FACTS {
                break;
            }
            in_chain[first.index() / 64] |= 1 << (first.index() % 64);
            for &extra in &trace.premises(at)[1..] {
                todo.push(extra);
            }
            chain.push(first);
            at = first;
        }
        chain.reverse();
        out.push(chain);
    }
    out
}

fn as_chain(board: &Board, facts: &[Fact]) -> Chain {
    Chain {
        nodes: facts.iter().map(|f| f.node(board)).collect(),
    }
}

/// The facts that together make a contradiction.
fn conflict_facts(conflict: Conflict, board: &Board) -> Vec<Fact> {
    let u = usize::from;
    match conflict {
        Conflict::Both { cell, digit } => vec![Fact::new(u(cell), u(digit), true), Fact::new(u(cell), u(digit), false)],
        Conflict::TwoValues { cell, first, second } => {
            vec![Fact::new(u(cell), u(first), true), Fact::new(u(cell), u(second), true)]
        }
        Conflict::TwiceInHouse {
            digit, first, second, ..
        } => vec![
            Fact::new(u(first), u(digit), true),
            Fact::new(u(second), u(digit), true),
        ],
        Conflict::EmptyCell { cell } => (0..9)
            .filter(|d| board.cells[u(cell)] >> d & 1 != 0)
            .map(|d| Fact::new(u(cell), d, false))
            .collect(),
        Conflict::EmptyHouse { house, digit } => cells_of(board.cand[u(digit)] & HOUSES[u(house)])
            .map(|c| Fact::new(c, u(digit), false))
            .collect(),
    }
}

/// Rebuilds a found result's chains and makes it a step.
fn build(board: &Board, found: &Found) -> Option<Step> {
    build_traced(board, found, None).map(|b| b.step(board))
}

/// A step rebuilt but for its chains, which are kept as facts until the step is reported: most steps rebuilt are
/// only measured, to report the shortest, and writing a chain's nodes out costs more than finding it.
struct Built {
    step: Step,
    chains: Vec<Vec<Fact>>,
}

impl Built {
    /// The total length of the chains (links, not nodes), as [`length`] counts it on the step.
    fn length(&self) -> usize {
        self.chains.iter().map(|c| c.len().saturating_sub(1)).sum()
    }

    fn step(self, board: &Board) -> Step {
        let mut step = self.step;
        step.pattern.chains = self.chains.iter().map(|c| as_chain(board, c)).collect();
        step
    }
}

/// [`build`], given a contradiction's traced derivation when the caller has made it already.
fn build_traced(board: &Board, found: &Found, done: Option<(Option<Conflict>, Trace)>) -> Option<Built> {
    let technique = if board.net {
        Technique::ForcingNet
    } else {
        Technique::ForcingChain
    };
    let mut pattern = Pattern::default();
    let mut chains: Vec<Vec<Fact>> = Vec::new();
    // Without the chains (a grading), a step is what it does: HoDoKu's order chooses by that alone.
    let written = !board.hodoku_order || CHAINS.get();
    match found {
        Found::Contradiction { premise } => {
            if written {
                let (conflict, trace) = done.unwrap_or_else(|| traced(board, *premise));
                // The breadth-first derivation meets the contradiction the search saw (or an earlier one).
                let conflict = conflict?;
                for f in conflict_facts(conflict, board) {
                    // The premise itself may be one of the conflicting facts (its opposite derived).
                    chains.extend(chains_to(&trace, f).into_iter().filter(|c| c.len() > 1));
                }
                // In a net of depth two, a candidate the chains use as false because its own net fails there is
                // followed by that net's chains (each starting from the candidate set true).
                let used: Vec<Fact> = chains.iter().flatten().copied().collect();
                for (fact, inner) in &trace.nested {
                    if used.contains(fact) {
                        chains.extend(inner.iter().cloned());
                    }
                }
                match conflict {
                    Conflict::TwiceInHouse { house, .. } | Conflict::EmptyHouse { house, .. } => {
                        pattern.base = vec![House::from_index(usize::from(house))];
                    }
                    Conflict::Both { cell, .. } | Conflict::TwoValues { cell, .. } | Conflict::EmptyCell { cell } => {
                        pattern.cells = vec![Cell::ALL[usize::from(cell)]];
                    }
                }
            }
            pattern.variant = Some(if board.net {
                "Forcing Net Contradiction"
            } else {
                "Forcing Chain Contradiction"
            });
            pattern.digits = Candidates::only(Digit::from_index(premise.digit()));
        }
        Found::Verity {
            premises,
            results,
            house,
        } => {
            if written {
                let traces: Vec<Trace> = premises.iter().map(|&p| traced_until(board, p, results).1).collect();
                for &r in results {
                    for t in &traces {
                        chains.extend(chains_to(t, r));
                    }
                }
            }
            pattern.variant = Some(if board.net {
                "Forcing Net Verity"
            } else {
                "Forcing Chain Verity"
            });
            pattern.base = house.map(House::from_index).into_iter().collect();
            pattern.cells = premises.iter().map(|p| Cell::ALL[p.cell()]).collect();
            pattern.cells.dedup();
            pattern.digits = premises.iter().map(|p| Digit::from_index(p.digit())).collect();
        }
    }
    // A support chain a net shares between branches is written once.
    let mut unique: Vec<Vec<Fact>> = Vec::with_capacity(chains.len());
    for c in chains {
        if !unique.contains(&c) {
            unique.push(c);
        }
    }
    let results = found.results();
    let placements: Vec<(Cell, Digit)> = results
        .iter()
        .filter(|f| f.on())
        .map(|f| (Cell::ALL[f.cell()], Digit::from_index(f.digit())))
        .collect();
    let eliminations: Vec<(Cell, Digit)> = results
        .iter()
        .filter(|f| !f.on())
        .map(|f| (Cell::ALL[f.cell()], Digit::from_index(f.digit())))
        .collect();
    if placements.is_empty() && eliminations.is_empty() {
        return None;
    }
    let mut step = Step::elimination(technique, eliminations, pattern);
    step.placements = placements;
    Some(Built { step, chains: unique })
}

thread_local! {
    /// Whether the forcing steps reported in HoDoKu's order write out their chains ([`with_chains`]).
    static CHAINS: core::cell::Cell<bool> = const { core::cell::Cell::new(true) };
}

/// Runs `f` with the forcing chains' and nets' steps in HoDoKu's order written with their chains or without
/// (`chains`; see [`crate::logic::Solver::set_chains`]), as before afterwards.
pub(super) fn with_chains<R>(chains: bool, f: impl FnOnce() -> R) -> R {
    let before = CHAINS.replace(chains);
    let out = f();
    CHAINS.set(before);
    out
}

/// The total length of a step's chains (links, not nodes).
#[cfg(test)]
fn length(step: &Step) -> usize {
    step.pattern
        .chains
        .iter()
        .map(|c| c.nodes.len().saturating_sub(1))
        .sum()
}

/// How many equally productive results are rebuilt to find the shortest.
const TIES: usize = 4;

/// What a search found, in HoDoKu's order ([`Found::hodoku_key`]) with each key: a stable sort, so results of equal
/// keys keep the order found (contradictions before verities).
fn in_hodoku_order(found: Vec<(Found, u16)>) -> Vec<(HodokuKey, Found)> {
    let mut keyed: Vec<_> = found.into_iter().map(|(f, _)| (f.hodoku_key(), f)).collect();
    keyed.sort_by(|a, b| a.0.cmp(&b.0));
    keyed
}

/// Reports the results of a search, best first: most progress, then shortest chains.
fn report(board: &Board, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    if board.hodoku_order && !board.deep && !(board.net && board.lookahead == 0) {
        return report_in_hodoku_order(board, emit);
    }
    let mut found = search(board);
    if board.hodoku_order {
        for (_, f) in in_hodoku_order(found) {
            if let Some(step) = build(board, &f) {
                emit(step)?;
            }
        }
        return Flow::Continue(());
    }
    found.sort_by_key(|(f, _)| f.progress_key());
    // Among the results that do the most, the shallowest contradictions first, then the shortest chains.
    let best_key = found.first().map(|(f, _)| f.progress_key());
    let tied = found
        .iter()
        .take_while(|(f, _)| Some(f.progress_key()) == best_key)
        .count();
    // Only the first results in that order are rebuilt before one is reported, so a contradiction's derivation
    // stops once it is as deep as the deepest of the first found so far (it comes after them, being later too);
    // the others' depths are derived in full only if the steps after the first are asked for.
    let built = tied.min(TIES);
    let mut queue = Vec::new();
    let mut first: Vec<(u16, usize)> = Vec::with_capacity(built + 1);
    // A contradiction derived in full here (the first few, before any limit) is among the first rebuilt unless a
    // later one is shallower: its derivation is traced at once, for its chains.
    let mut traces: Vec<(usize, Option<Conflict>, Trace)> = Vec::new();
    for (i, (f, depth)) in found[..tied].iter_mut().enumerate() {
        let limit = if first.len() == built {
            first.last().map_or(u16::MAX, |&(d, _)| d)
        } else {
            u16::MAX
        };
        if let (Found::Contradiction { premise }, u16::MAX) = (&*f, *depth) {
            if limit == u16::MAX {
                let mut trace = Trace::new();
                let (closure, q) = Run::<true>::new(board, queue, Some(&mut trace)).derive(*premise);
                queue = q;
                *depth = closure.depth;
                traces.push((i, closure.conflict, trace));
            } else {
                let (closure, q) = Run::<false>::new(board, queue, None).derive_within(*premise, limit);
                queue = q;
                *depth = closure.depth;
            }
        }
        if *depth < limit {
            let at = first.partition_point(|&(d, _)| d <= *depth);
            first.insert(at, (*depth, i));
            first.truncate(built);
        }
    }
    let mut steps: Vec<Built> = first
        .iter()
        .filter_map(|&(_, i)| {
            let done = traces
                .iter()
                .position(|t| t.0 == i)
                .map(|at| traces.swap_remove(at))
                .map(|(_, conflict, trace)| (conflict, trace));
            build_traced(board, &found[i].0, done)
        })
        .collect();
    drop(traces);
    steps.sort_by_key(Built::length);
    for built in steps {
        emit(built.step(board))?;
    }
    let mut rest: Vec<(u16, usize)> = Vec::with_capacity(tied - built);
    for i in (0..tied).filter(|i| !first.iter().any(|&(_, j)| j == *i)) {
        let (f, depth) = &mut found[i];
        if let (Found::Contradiction { premise }, u16::MAX) = (&*f, *depth) {
            let (closure, q) = Run::<false>::new(board, queue, None).derive(*premise);
            queue = q;
            *depth = closure.depth;
        }
        rest.push((*depth, i));
    }
    rest.sort_by_key(|&(depth, _)| depth);
    for i in rest.into_iter().map(|(_, i)| i).chain(tied..found.len()) {
        if let Some(step) = build(board, &found[i].0) {
            emit(step)?;
        }
    }
    Flow::Continue(())
}

/// [`report`] in HoDoKu's order ([`Found::hodoku_key`]) for the boards whose closures are made unjudged (HoDoKu's
/// forcing chains and its nets): the contradictions come in the order of their premises (those placing their
/// candidate's cell and digit, then those removing them), so each premise's closure is judged only when its turn
/// comes, and the report mostly ends at the first (the caller takes it). Its verities, which do not ask whether a
/// branch contradicts itself, are found first and come in between, each after a contradiction of the same key. A
/// closure contradicts itself exactly when its facts do ([`contradicts`]): a contradiction in a part it takes in
/// is one of its own facts', which is why [`closures_judged`] may flag a closure from the parts it took in.
///
/// The forcing chains' verities are found only once a step has been reported and another is asked for: none comes
/// before the first contradiction. A verity proving `x` has a contradiction of `x`'s opposite of the same key,
/// which comes first: the links of a chain go both ways read backwards with every fact negated (a weak link `a - b`
/// is `b - a`, a strong link `a = b` is `b = a`, and so for groups), so when each premise of a cell's candidates or
/// a house's places implies `x`, the opposite of `x` implies every premise false, the cell or the house left empty.
/// A net's look-ahead singles have no such converse: its verities are found first.
fn report_in_hodoku_order(board: &Board, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    // The chains' contradictions read from the wrong facts, where they serve: their closures then wait for the
    // verities.
    let mut read = (!board.net).then(|| chain_contradictions(board)).flatten();
    let kept;
    let made;
    let closures_wait = read.is_some();
    let (closures, at): (&[Closure], &[u16]) = if board.net {
        made = closures_judged(board, false);
        (&made.0, &made.1)
    } else if closures_wait {
        (&[], &[])
    } else {
        kept = kept_chain_closures(board, false).0;
        (&kept.0, &kept.1)
    };
    if budget::ran_out() {
        return Flow::Continue(());
    }
    let verities_in_order = || {
        let mut found = Vec::new();
        if closures_wait {
            let (closures, at) = &*kept_chain_closures(board, false).0;
            verities(board, closures, at, &mut found);
        } else {
            verities(board, closures, at, &mut found);
        }
        in_hodoku_order(found).into_iter().peekable()
    };
    // The chains' verities wait for a step reported: `None` until then.
    let mut keyed = board.net.then(verities_in_order);
    // A premise true in the grid's solution implies only facts true in it: its closure never contradicts itself.
    let solution = wrong::solution_of_board(board);
    // Made for the first premise the closures judge (none where the wrong facts judge).
    let mut placeable = None;
    // Per part: 0 not judged yet, 1 sound, 2 contradictory.
    let mut judged = vec![0u8; closures.len()];
    for placing in [true, false] {
        for cell in 0..81 {
            let mut digits = board.cells[cell];
            while digits != 0 {
                let d = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                // A premise false places its candidate when it contradicts itself; true, removes it.
                let premise = Fact::new(cell, d, !placing);
                let key = (!placing, &[(cell, d)][..]);
                while let Some((_, f)) = keyed.as_mut().and_then(|k| k.next_if(|(k, _)| (k.0, &k.1[..]) < key)) {
                    if let Some(step) = build(board, &f) {
                        emit(step)?;
                    }
                }
                if solution.is_some_and(|s| (s[cell] as usize == d) == premise.on()) {
                    continue;
                }
                let bad = if let Some(read) = &mut read {
                    // Every premise left is wrong: the wrong facts judge it.
                    read.contradicts(board, cell, d)
                } else {
                    let part = at[premise.index()] as usize;
                    let Some(closure) = closures.get(part) else {
                        continue;
                    };
                    if judged[part] == 0 {
                        let placeable = placeable.get_or_insert_with(|| Placeable::new(board));
                        // A lone removal's part is its premise alone.
                        let bad = closure.facts_contradict(board, placeable, closure.lone.then_some(premise));
                        judged[part] = 1 + u8::from(bad);
                    }
                    judged[part] == 2
                };
                if bad {
                    if let Some(step) = build(board, &Found::Contradiction { premise }) {
                        emit(step)?;
                        if keyed.is_none() {
                            let mut later = verities_in_order();
                            debug_assert!(later.peek().is_none_or(|(k, _)| (k.0, &k.1[..]) >= key));
                            keyed = Some(later);
                        }
                    }
                }
            }
        }
    }
    for (_, f) in keyed.into_iter().flatten() {
        if let Some(step) = build(board, &f) {
            emit(step)?;
        }
    }
    Flow::Continue(())
}

/// Forcing Chain (HoDoKu 1301 contradiction, 1302 verity): premises followed through strong links only.
pub fn forcing_chain(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    report(&Board::new(grid, false), emit)
}

/// Forcing Chain through groups too, as HoDoKu's forcing chains go (a digit in two or three cells of one box-line
/// intersection as one node: `r9c7<>8 r56c7=8 r4c89<>8`), reported in HoDoKu's order ([`Found::hodoku_key`]);
/// HoDoKu's ladder takes this one (see `choice.rs`).
pub fn forcing_chain_grouped(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    let mut board = Board::new(grid, false);
    board.grouped = true;
    board.hodoku_order = true;
    report(&board, emit)
}

/// Forcing Net (HoDoKu 1303 contradiction, 1304 verity): premises followed through every single they make.
///
/// When no net of singles and locked candidates finds anything, the nets go one level deeper (see
/// [`Run::derive_deep`]): the first premise found to fail that way is reported.
pub fn forcing_net(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    let mut board = Board::new(grid, true);
    if report_any(&board, emit)? {
        return Flow::Continue(());
    }
    board.deep = true;
    report(&board, emit)
}

/// Forcing Net as HoDoKu's ladder takes them (see `choice.rs`): HoDoKu's nets ([`Board::lookahead`]), their
/// results in HoDoKu's order ([`Found::hodoku_key`]). Where those find nothing, shudu's nets in that order, and
/// then the nets of depth two, as [`forcing_net`]: the default ladder explains a step where HoDoKu would guess.
pub fn forcing_net_hodoku(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    let board = hodoku_nets(grid);
    if report_any(&board, emit)? {
        return Flow::Continue(());
    }
    let mut board = Board::new(grid, true);
    board.hodoku_order = true;
    if report_any(&board, emit)? {
        return Flow::Continue(());
    }
    board.hodoku_order = false;
    board.deep = true;
    report(&board, emit)
}

/// HoDoKu's nets and nothing more, for the grading ladder ([`crate::rate::hodoku_solver`]): where they find
/// nothing HoDoKu goes on to Brute Force ([`brute_force_hodoku`]), 10,000 points a step, and so must a grading that
/// gives its scores. With the fallback of [`forcing_net_hodoku`] instead, 12 of top1465's first 500 puzzles parted
/// from HoDoKu's path.
pub fn forcing_net_hodoku_only(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    report(&hodoku_nets(grid), emit)
}

/// The board of HoDoKu's forcing nets: through groups, in its order, with its look-ahead singles.
fn hodoku_nets(grid: &Grid) -> Board {
    let mut board = Board::new(grid, true);
    board.hodoku_order = true;
    board.grouped = true;
    board.lookahead = HODOKU_LOOKAHEAD;
    board
}

/// Brute Force as HoDoKu takes it: the solution's digit in the middle one of the empty cells, counted in reading
/// order (the cell at index `n / 2` of `n`).
pub fn brute_force_hodoku(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    let Some(solution) = crate::search::solve(grid.values()) else {
        return Flow::Continue(());
    };
    let empty = grid.empty_cells();
    let Some(cell) = empty.iter().nth(empty.len() as usize / 2) else {
        return Flow::Continue(());
    };
    let Some(digit) = Digit::new(solution[cell.index()]).filter(|&d| grid.candidates(cell).contains(d)) else {
        return Flow::Continue(());
    };
    emit(brute_force_step(cell, digit))
}

/// The Brute Force step placing `digit` in `cell`.
fn brute_force_step(cell: Cell, digit: Digit) -> Step {
    let pattern = Pattern {
        cells: vec![cell],
        digits: Candidates::only(digit),
        ..Pattern::default()
    };
    Step::placement(Technique::BruteForce, cell, digit, pattern)
}

/// Reports `board`'s steps, and whether there was any (a finder with a fallback tries it only when not).
fn report_any(board: &Board, emit: &mut dyn FnMut(Step) -> Flow) -> core::ops::ControlFlow<(), bool> {
    let mut any = false;
    report(board, &mut |step| {
        any = true;
        emit(step)
    })?;
    core::ops::ControlFlow::Continue(any)
}

/// The line masks (9 bits) of `n` lines out of nine, ascending.
fn line_sets(n: u32) -> impl Iterator<Item = u16> {
    (0u16..512).filter(move |m| m.count_ones() == n)
}

/// The cells of the lines in `mask` (rows when `first` is 0, columns when it is 9).
fn lines_word(mask: u16, first: usize) -> u128 {
    (0..9)
        .filter(|i| mask >> i & 1 != 0)
        .fold(0, |acc, i| acc | HOUSES[first + i])
}

/// A basic finned fish: its digit, its base and cover lines (a 9-bit mask and the index of the first house of their
/// kind: 0 for rows, 9 for columns), and its fins.
#[derive(Copy, Clone)]
struct Fish {
    digit: usize,
    base: (u16, usize),
    cover: (u16, usize),
    fins: u128,
}

impl Fish {
    /// The fish's cover candidates outside its base lines: those seeing every fin, which the finned fish removes
    /// itself, and the others, which only chains from the fins can remove.
    fn outside(&self, board: &Board) -> (u128, u128) {
        let (base, base_first) = self.base;
        let (cover, cover_first) = self.cover;
        let outside = board.cand[self.digit] & lines_word(cover, cover_first) & !lines_word(base, base_first);
        let seeing_all = cells_of(self.fins).fold(!0u128, |acc, f| acc & peers(f));
        (outside & seeing_all, outside & !seeing_all)
    }
}

/// Every basic finned fish of a board (rows against columns, sizes 2 to 4, at most five fins), digit by digit,
/// rows as base before columns, smaller fish first.
fn finned_fish(board: &Board, visit: &mut dyn FnMut(Fish) -> Flow) -> Flow {
    for d in 0..9 {
        let cand = board.cand[d];
        for (base_first, cover_first) in [(0usize, 9usize), (9, 0)] {
            for n in 2..=4 {
                for base in line_sets(n) {
                    // Every base line must still need the digit and hold it.
                    if (0..9).any(|i| base >> i & 1 != 0 && cand & HOUSES[base_first + i] == 0) {
                        continue;
                    }
                    let union = cand & lines_word(base, base_first);
                    for cover in line_sets(n) {
                        let cover_word = lines_word(cover, cover_first);
                        if (0..9).any(|i| cover >> i & 1 != 0 && union & HOUSES[cover_first + i] == 0) {
                            continue;
                        }
                        let fins = union & !cover_word;
                        if fins == 0 || fins.count_ones() > 5 {
                            continue;
                        }
                        visit(Fish {
                            digit: d,
                            base: (base, base_first),
                            cover: (cover, cover_first),
                            fins,
                        })?;
                    }
                }
            }
        }
    }
    Flow::Continue(())
}

/// Kraken Fish (HoDoKu 0371 and 0372) on basic finned fish (rows against columns, sizes 2 to 4, at most five
/// fins). Either the fish holds or one of its fins is true.
///
/// - Type 1: a cover candidate outside the base lines that the fish would remove but that does not see every fin
///   goes all the same when, for every fin, a forcing chain from the fin set true removes it.
/// - Type 2, on a finned fish that removes nothing by itself: in each cover line holding candidates outside the
///   base lines, one of the fish's base candidates is true unless a fin is; a candidate (of any digit, outside those
///   cells) that a forcing chain from each of them and from each fin removes goes. One elimination a step, as
///   HoDoKu reports it.
///
/// HoDoKu tries type 1 then type 2 on each fish in turn; here every type 1 step comes before every type 2 step, so
/// the first step is the one with the fewest chains (one per fin, not one per fin and base candidate) about the
/// fish's own digit, whichever fish holds it. A type 2 elimination that an earlier step made is not made again.
pub fn kraken_fish(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    let board = Board::new(grid, false);
    let (closures, at) = static_closures(&board);
    // The facts a candidate set true leads to, unless they contradict (a premise that fails proves something, but
    // not through a chain that can be written down here).
    let closure = |cell: usize, d: usize| {
        closures
            .get(at[Fact::new(cell, d, true).index()] as usize)
            .filter(|c| !c.bad)
    };
    let mut seen: Vec<Vec<(Cell, Digit)>> = Vec::new();
    let mut removed = [0u128; 9];
    finned_fish(&board, &mut |fish| {
        let Fish { digit: d, fins, .. } = fish;
        let (_, targets) = fish.outside(&board);
        let elims: Vec<usize> = cells_of(targets)
            .filter(|&t| cells_of(fins).all(|f| closure(f, d).is_some_and(|c| c.off[d] & bit(t) != 0)))
            .collect();
        if elims.is_empty() {
            return Flow::Continue(());
        }
        let eliminations: Vec<(Cell, Digit)> = elims.iter().map(|&t| (Cell::ALL[t], Digit::from_index(d))).collect();
        if seen.contains(&eliminations) {
            return Flow::Continue(());
        }
        seen.push(eliminations.clone());
        for &t in &elims {
            removed[d] |= bit(t);
        }
        emit(kraken_step(&board, &fish, None, eliminations))
    })?;
    finned_fish(&board, &mut |fish| {
        let Fish {
            digit: d,
            base: (base, base_first),
            cover: (cover, cover_first),
            fins,
        } = fish;
        let base_word = lines_word(base, base_first);
        // A fish that removes something is a Finned Fish step of its own; like HoDoKu, look no further there.
        if fish.outside(&board).0 != 0 {
            return Flow::Continue(());
        }
        for i in (0..9).filter(|i| cover >> i & 1 != 0) {
            let in_cover = board.cand[d] & HOUSES[cover_first + i];
            let based = in_cover & base_word;
            // A cover line holding base candidates only makes a house verity, which forcing chains find.
            if in_cover == based {
                continue;
            }
            let premises = based | fins;
            let Some(reached) = cells_of(premises)
                .map(|s| closure(s, d).map(|c| c.off))
                .try_fold([!0u128; 9], |acc, off| {
                    off.map(|off| core::array::from_fn::<u128, 9, _>(|e| acc[e] & off[e]))
                })
            else {
                continue;
            };
            for e in 0..9 {
                for t in cells_of(reached[e] & board.cand[e] & !premises & !removed[e]) {
                    removed[e] |= bit(t);
                    let elimination = vec![(Cell::ALL[t], Digit::from_index(e))];
                    emit(kraken_step(&board, &fish, Some(premises), elimination))?;
                }
            }
        }
        Flow::Continue(())
    })
}

/// A Kraken Fish step: the fish's houses and fins, and for each elimination one chain from each premise set true
/// (the fins for type 1; for type 2, `premises`: the base candidates of one cover line and the fins, which are also
/// kept as the pattern's one set).
fn kraken_step(board: &Board, fish: &Fish, premises: Option<u128>, eliminations: Vec<(Cell, Digit)>) -> Step {
    let Fish {
        digit: d,
        base: (base, base_first),
        cover: (cover, cover_first),
        fins,
    } = *fish;
    let starts = premises.unwrap_or(fins);
    let traces: Vec<Trace> = cells_of(starts)
        .map(|s| traced(board, Fact::new(s, d, true)).1)
        .collect();
    let mut chains = Vec::new();
    for &(cell, digit) in &eliminations {
        for t in &traces {
            if let Some(main) = chains_to(t, Fact::new(cell.index(), digit.index(), false))
                .into_iter()
                .next()
            {
                chains.push(as_chain(board, &main));
            }
        }
    }
    let houses = |mask: u16, first: usize| -> Vec<House> {
        (0..9)
            .filter(|i| mask >> i & 1 != 0)
            .map(|i| House::from_index(first + i))
            .collect()
    };
    let size = base.count_ones();
    let sashimi = (0..9)
        .filter(|i| base >> i & 1 != 0)
        .any(|i| (board.cand[d] & HOUSES[base_first + i] & !fins).count_ones() <= 1);
    let name = match (sashimi, size) {
        (false, 2) => "Finned X-Wing",
        (false, 3) => "Finned Swordfish",
        (false, _) => "Finned Jellyfish",
        (true, 2) => "Sashimi X-Wing",
        (true, 3) => "Sashimi Swordfish",
        (true, _) => "Sashimi Jellyfish",
    };
    let only = Candidates::only(Digit::from_index(d));
    let pattern = Pattern {
        digits: only,
        cells: cells_of(board.cand[d] & lines_word(base, base_first) & !fins)
            .map(|c| Cell::ALL[c])
            .collect(),
        base: houses(base, base_first),
        cover: houses(cover, cover_first),
        fins: cells_of(fins).map(|c| Cell::ALL[c]).collect(),
        variant: Some(name),
        chains,
        sets: premises
            .map(|p| cells_of(p).map(|c| Cell::ALL[c]).collect())
            .into_iter()
            .collect(),
        set_digits: premises.map(|_| only).into_iter().collect(),
        ..Pattern::default()
    };
    Step::elimination(Technique::KrakenFish, eliminations, pattern)
}

/// Houses of one kind written compactly: `r16`, `c57`.
fn house_run(houses: &[House]) -> String {
    let mut text = String::new();
    for (i, h) in houses.iter().enumerate() {
        let name = h.to_string();
        if i == 0 {
            text.push_str(&name);
        } else {
            text.push_str(&name[1..]);
        }
    }
    text
}

/// Brute Force: when nothing else works, places one digit of the solution, in the empty cell with the fewest
/// candidates (the first such cell in reading order). Nothing when the grid has no solution.
pub fn brute_force(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    let Some(solution) = crate::search::solve(grid.values()) else {
        return Flow::Continue(());
    };
    let digit_at = |c: Cell| Digit::new(solution[c.index()]);
    let cell = grid
        .empty_cells()
        .iter()
        .filter(|&c| digit_at(c).is_some_and(|d| grid.candidates(c).contains(d)))
        .min_by_key(|&c| grid.candidates(c).len());
    let Some((cell, digit)) = cell.and_then(|c| digit_at(c).map(|d| (c, d))) else {
        return Flow::Continue(());
    };
    emit(brute_force_step(cell, digit))
}

/// A node as HoDoKu prints it in a forcing chain: `r8c6=9`, `r8c6<>4`.
fn node_text(n: &Node) -> String {
    let mut out = String::new();
    push_node(&mut out, n);
    out
}

/// [`node_text`], written onto the end of `out`.
fn push_node(out: &mut String, n: &Node) {
    notation::push_cells(out, n.cells.iter().copied().collect());
    out.push_str(if n.on { "=" } else { "<>" });
    out.push(n.digit.to_char());
}

/// A chain as HoDoKu prints a forcing chain: `r8c6=9 r8c6<>4 r7c5=4`. Written into one string: a net's
/// explanation writes hundreds of nodes.
fn chain_text(chain: &Chain) -> String {
    let mut out = String::with_capacity(chain.nodes.len() * 8);
    for (i, n) in chain.nodes.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        push_node(&mut out, n);
    }
    out
}

/// The explanation of a last-resort step.
pub(super) fn explain(step: &Step, lang: Lang, result: &str) -> String {
    let p = &step.pattern;
    if step.technique == Technique::KrakenFish {
        let digit = p.digits.first().map(|d| d.to_string()).unwrap_or_default();
        let fins: Vec<String> = p.fins.iter().map(|c| format!("f{c}")).collect();
        let fish = format!(
            "{}: {digit} {} {} {}",
            p.variant.unwrap_or("Finned Fish"),
            house_run(&p.base),
            house_run(&p.cover),
            fins.join(" ")
        );
        let name_zh = step.technique.info().name_zh;
        // A type 2 step keeps its premises (base candidates of one cover line, and the fins) as its one set.
        let mut text = match (lang, p.sets.first()) {
            (Lang::En, None) => format!("Kraken Fish Type 1: {result}\n  {fish}"),
            (Lang::En, Some(_)) => format!("Kraken Fish Type 2: {result}\n  {fish}"),
            (Lang::Zh, None) => format!("{name_zh}（类型 1）：鱼或其鳍之一必为真，每条路都删去 => {result}\n  {fish}"),
            (Lang::Zh, Some(premises)) => {
                let line = premises
                    .iter()
                    .find(|c| !p.fins.contains(c))
                    .and_then(|c| p.cover.iter().find(|h| h.cells().contains(c)))
                    .map(|h| h.to_string())
                    .unwrap_or_default();
                format!(
                    "{name_zh}（类型 2）：{line} 中鱼的 {digit} 或其鳍必有一个为真（{}），每条路都删去 => {result}\n  {fish}",
                    notation::cells(premises)
                )
            }
        };
        for chain in &p.chains {
            text.push_str("\n  ");
            text.push_str(&chain_text(chain));
        }
        return text;
    }
    let (Technique::ForcingChain | Technique::ForcingNet) = step.technique else {
        return match lang {
            Lang::En => format!("{}: {result}", step.technique),
            Lang::Zh => format!("{}：{result}", step.technique.info().name_zh),
        };
    };
    let variant = p.variant.unwrap_or("");
    let contradiction = variant.ends_with("Contradiction");
    let entity = match (p.base.first(), p.cells.first()) {
        (Some(h), _) => h.to_string(),
        (None, Some(c)) => c.to_string(),
        _ => String::new(),
    };
    let name_zh = step.technique.info().name_zh;
    let mut text = match (lang, contradiction) {
        (Lang::En, true) => format!("{variant} in {entity} => {result}"),
        (Lang::En, false) => format!("{variant} => {result}"),
        (Lang::Zh, true) => {
            let premise = p
                .chains
                .first()
                .and_then(|c| c.nodes.first())
                .map(node_text)
                .unwrap_or_default();
            format!("{name_zh}（矛盾）：假设 {premise} 导致 {entity} 矛盾 => {result}")
        }
        (Lang::Zh, false) => {
            let digit = p.digits.first().map(|d| d.to_string()).unwrap_or_default();
            let cell = p.cells.first().map(|c| c.to_string()).unwrap_or_default();
            let premises = match (p.base.first(), p.cells.len(), p.digits.len()) {
                (Some(h), _, _) => format!("{h} 中 {digit} 的每个位置"),
                (None, 1, 1) => format!("{cell} 是 {digit} 与不是 {digit}"),
                _ => format!("{cell} 的每个候选数"),
            };
            format!("{name_zh}（必然）：{premises}都推出 => {result}")
        }
    };
    for chain in &p.chains {
        text.push_str("\n  ");
        text.push_str(&chain_text(chain));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{parse_line, parse_pencilmarks};

    /// top1465's first puzzle after 21 steps of the default ladder.
    const STATE: &str = "
        | 4     569  1268 | 5789  3   15789 | 25   2567  5679  |
        | 1237  359  12   | 6     127 14579 | 8    2357  34579 |
        | 23678 3569 268  | 45789 278 45789 | 2345 23567 1     |
        | 1236  346  124  | 378   5   13678 | 23   9     378   |
        | 123   8    59   | 3479  17  13479 | 6    12357 357   |
        | 136   7    59   | 2     168 13689 | 345  1358  3458  |
        | 68    46   468  | 1     9   2     | 7    35    35    |
        | 5     1    3    | 78    678 678   | 9    4     2     |
        | 9     2    7    | 35    4   35    | 1    68    68    |";

    #[test]
    fn facts_pack_cell_digit_and_state() {
        let f = Fact::new(80, 8, true);
        assert_eq!((f.cell(), f.digit(), f.on()), (80, 8, true));
        assert_eq!(f.negated(), Fact::new(80, 8, false));
        assert_eq!(f.index(), FACTS - 1);
    }

    /// An analysis: the closure of one premise (`SHUDU_PREMISE=r1c3=9` or `r1c3<>9`) in the pencil marks of the file
    /// `SHUDU_PM`, under HoDoKu's nets (look-ahead `SHUDU_LOOKAHEAD`, 4 when unset).
    #[test]
    #[ignore = "an analysis"]
    fn closure_of() {
        let (Ok(pm), Ok(premise)) = (std::env::var("SHUDU_PM"), std::env::var("SHUDU_PREMISE")) else {
            return;
        };
        let grid = parse_pencilmarks(&std::fs::read_to_string(pm).expect("file")).expect("parses");
        let mut board = Board::new(&grid, true);
        board.grouped = true;
        board.lookahead = std::env::var("SHUDU_LOOKAHEAD")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(4);
        let name = |f: Fact| {
            format!(
                "r{}c{}{}{}",
                f.cell() / 9 + 1,
                f.cell() % 9 + 1,
                if f.on() { "=" } else { "<>" },
                f.digit() + 1
            )
        };
        let fact = board.premises().find(|&f| name(f) == premise).expect("premise");
        let mut out = Vec::new();
        lookahead_singles(&board, fact, &mut out, &mut Vec::new(), &mut Read::default());
        println!(
            "look-ahead: {}",
            out.iter().map(|&f| name(f)).collect::<Vec<_>>().join(" ")
        );
        let (closures, at) = static_closures(&board);
        let c = &closures[at[fact.index()] as usize];
        println!("bad {}", c.bad);
        let mut on = Vec::new();
        let mut off = Vec::new();
        for d in 0..9 {
            on.extend(cells_of(c.on[d]).map(|x| name(Fact::new(x, d, true))));
            off.extend(cells_of(c.off[d]).map(|x| name(Fact::new(x, d, false))));
        }
        println!("on: {}\noff: {}", on.join(" "), off.join(" "));
    }

    /// Holds each premise's closure to its breadth-first derivation: flagged exactly where the derivation meets a
    /// contradiction, the same facts where it does not. Returns how many premises meet none.
    fn assert_derived(board: &Board, closures: &[Closure], at: &[u16]) -> usize {
        let mut clean = 0;
        for premise in board.premises() {
            let fast = &closures[at[premise.index()] as usize];
            let (slow, _) = Run::<false>::new(board, Vec::new(), None).derive(premise);
            assert_eq!(fast.bad, slow.conflict.is_some(), "{premise:?}");
            if !fast.bad {
                assert_eq!((fast.on, fast.off), (slow.on, slow.off), "{premise:?}");
                clean += 1;
            }
        }
        clean
    }

    /// The closures computed once per strongly connected part are exactly the breadth-first derivations, for every
    /// premise that meets no contradiction, and flag exactly the premises that do.
    #[test]
    fn chain_closures_match_breadth_first_derivation() {
        let grid = parse_pencilmarks(STATE).expect("parses");
        for grouped in [false, true] {
            let mut board = Board::new(&grid, false);
            board.grouped = grouped;
            let (closures, at) = static_closures(&board);
            assert_derived(&board, &closures, &at);
        }
    }

    /// A grouped chain is written with its groups, as HoDoKu writes them, and every grouped step is true; the groups
    /// find what the chains without them do, and more.
    #[test]
    fn grouped_chains_are_sound_and_written_with_groups() {
        let puzzle = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
        let solution = crate::search::solve(&parse_line(puzzle).expect("parses")).expect("solvable");
        let grid = parse_pencilmarks(STATE).expect("parses");
        let mut steps = Vec::new();
        let _ = forcing_chain_grouped(&grid, &mut |s| {
            steps.push(s);
            Flow::Continue(())
        });
        let plain = super::super::Solver::find_all(Technique::ForcingChain, &grid);
        assert!(steps.len() >= plain.len());
        for s in &steps {
            assert!(s.placements.iter().all(|&(c, d)| solution[c.index()] == d.get()));
            assert!(s.eliminations.iter().all(|&(c, d)| solution[c.index()] != d.get()));
        }
        let grouped = steps
            .iter()
            .find(|s| {
                s.pattern
                    .chains
                    .iter()
                    .flat_map(|c| &c.nodes)
                    .any(|n| n.kind == NodeKind::Group)
            })
            .expect("a chain through a group");
        let text = grouped.explain(Lang::En);
        // A group's node names three digits or more before its sign: `r56c7=8`, `r4c89<>8`.
        let group_node = |n: &str| {
            n.split(['=', '<'])
                .next()
                .is_some_and(|c| c.chars().filter(char::is_ascii_digit).count() >= 3)
        };
        assert!(text.lines().skip(1).any(|l| l.split(' ').any(group_node)), "{text}");
    }

    /// The word-parallel net closures are exactly the breadth-first derivations, for every premise of positions
    /// along the path of two hard puzzles (where nets reach far), and flag exactly the premises that contradict.
    #[test]
    fn net_closures_match_breadth_first_derivation() {
        let mut grids = vec![parse_pencilmarks(STATE).expect("parses")];
        for puzzle in [
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
        ] {
            let mut grid = Grid::from_values(&parse_line(puzzle).expect("parses")).expect("valid");
            let solver = super::super::Solver::new();
            for _ in 0..40 {
                let Some(step) = solver.next_step(&grid) else { break };
                grids.push(grid.clone());
                if step.apply(&mut grid).is_err() {
                    break;
                }
            }
        }
        let mut compared = 0;
        for (i, grid) in grids.iter().enumerate() {
            let board = Board::new(grid, true);
            for premise in board.premises() {
                let fast = net_closure(&board, premise);
                let (slow, _) = Run::<false>::new(&board, Vec::new(), None).derive(premise);
                assert_eq!(fast.bad, slow.conflict.is_some(), "{i} {premise:?}");
                if !fast.bad {
                    assert_eq!((fast.on, fast.off), (slow.on, slow.off), "{i} {premise:?}\n{grid}");
                }
                compared += 1;
            }
        }
        assert!(compared > 10_000, "{compared}");
    }

    /// Premises that share a closure through a strong link get exactly the closure of their own, along the path
    /// of a hard puzzle.
    #[test]
    fn shared_net_closures_match_each_premise_own() {
        let puzzle = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
        let mut grid = Grid::from_values(&parse_line(puzzle).expect("parses")).expect("valid");
        let solver = super::super::Solver::new();
        let (mut compared, mut shared) = (0, 0);
        for _ in 0..60 {
            let board = Board::new(&grid, true);
            let (closures, at) = all_closures(&board);
            for premise in board.premises() {
                let got = &closures[at[premise.index()] as usize];
                let own = net_closure(&board, premise);
                assert_eq!(got.bad, own.bad, "{premise:?}\n{grid}");
                if !own.bad {
                    assert_eq!((got.on, got.off), (own.on, own.off), "{premise:?}\n{grid}");
                }
                compared += 1;
            }
            shared += board.premises().count() - closures.len();
            let Some(step) = solver.next_step(&grid) else { break };
            if step.apply(&mut grid).is_err() {
                break;
            }
        }
        assert!(compared > 5_000 && shared > 1_000, "{compared} {shared}");
    }

    /// The steps `report` makes, in order, for chains and nets (one level deep), are those of deriving every tied
    /// contradiction's depth in full and sorting them all, along the path of two hard puzzles.
    #[test]
    fn report_order_matches_every_depth_derived() {
        fn reference(board: &Board) -> Vec<Step> {
            let mut found = search(board);
            found.sort_by_key(|(f, _)| f.progress_key());
            let best_key = found.first().map(|(f, _)| f.progress_key());
            let tied = found
                .iter()
                .take_while(|(f, _)| Some(f.progress_key()) == best_key)
                .count();
            for (f, depth) in &mut found[..tied] {
                if let (Found::Contradiction { premise }, u16::MAX) = (&*f, *depth) {
                    *depth = Run::<false>::new(board, Vec::new(), None).derive(*premise).0.depth;
                }
            }
            found[..tied].sort_by_key(|(_, depth)| *depth);
            let built = tied.min(TIES);
            let mut first: Vec<Step> = found[..built].iter().filter_map(|(f, _)| build(board, f)).collect();
            first.sort_by_key(length);
            first.extend(found.iter().skip(built).filter_map(|(f, _)| build(board, f)));
            first
        }
        let (mut compared, mut many) = (0, 0);
        for puzzle in [
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
        ] {
            let mut grid = Grid::from_values(&parse_line(puzzle).expect("parses")).expect("valid");
            let solver = super::super::Solver::new();
            for _ in 0..40 {
                for net in [false, true] {
                    let board = Board::new(&grid, net);
                    let mut got = Vec::new();
                    let _ = report(&board, &mut |step| {
                        got.push(step);
                        Flow::Continue(())
                    });
                    let want = reference(&board);
                    assert_eq!(got, want, "net {net}\n{grid}");
                    compared += 1;
                    many += usize::from(got.len() > TIES);
                }
                let Some(step) = solver.next_step(&grid) else { break };
                if step.apply(&mut grid).is_err() {
                    break;
                }
            }
        }
        assert!(compared > 40 && many > 5, "{compared} {many}");
    }

    /// The house that locks two or three places of a house, read from their first and last cells, is the one a
    /// search of every house finds (rows before columns).
    #[test]
    fn locking_house_matches_every_house_tried() {
        for (h, &word) in HOUSES.iter().enumerate() {
            let cells: Vec<usize> = cells_of(word).collect();
            for mask in 0u32..1 << 9 {
                if !(2..=3).contains(&mask.count_ones()) {
                    continue;
                }
                let places = (0..9)
                    .filter(|i| mask >> i & 1 != 0)
                    .fold(0, |acc, i| acc | bit(cells[i]));
                let want = (0..27).find(|&x| x != h && places & !HOUSES[x] == 0);
                assert_eq!(locking_house(h, places), want, "{h} {mask:b}");
            }
        }
    }

    /// Seven hard puzzles whose paths the tests below walk.
    const HARD: [&str; 7] = [
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        ".8..1......5....3.......4.....6.5.7.89....2.....3.....2.....1.9..67........4.....",
        "4.35...2.....16...7............895.....3..8..2...........4...7..9....6...1.......",
        "4.1.6....3.....2........8..15.2.....6......1....9......2.7.8..........43.7.......",
        "5..2..3......8..9...2..4..66..1..9...1.....4...7..3..87..3..4...9..7..2...5..6..9",
        "7.....4...2..7..8...3..8..9...5..3...6..2..9...1..7..6...3..9...3..4..6...9..1..5",
        "9..7..3...5..2..1...7.....93..6..7...6..5..3...2..8..61..4..6...4..6..8...6..3..4",
    ];

    /// A grading's solver, its forcing steps without chains, takes HoDoKu's ladder's path step for step: the same
    /// technique, placements and eliminations at every step of seven hard paths, which take forcing chains and nets.
    #[test]
    fn a_path_without_chains_is_the_path_with_them() {
        let with = crate::rate::hodoku_solver();
        let mut without = crate::rate::hodoku_solver();
        without.set_chains(false);
        let mut forcing = 0;
        for puzzle in HARD {
            let grid = Grid::from_values(&parse_line(puzzle).expect("parses")).expect("valid");
            let (a, b) = (
                with.solve(&grid, &mut crate::logic::Silent),
                without.solve(&grid, &mut crate::logic::Silent),
            );
            assert_eq!(a.outcome, b.outcome, "{puzzle}");
            assert_eq!(a.steps.len(), b.steps.len(), "{puzzle}");
            for (x, y) in a.steps.iter().zip(&b.steps) {
                assert_eq!(
                    (x.technique, &x.placements, &x.eliminations),
                    (y.technique, &y.placements, &y.eliminations),
                    "{puzzle}"
                );
                if matches!(x.technique, Technique::ForcingChain | Technique::ForcingNet) {
                    assert!(!x.pattern.chains.is_empty() && y.pattern.chains.is_empty(), "{puzzle}");
                    forcing += 1;
                }
            }
        }
        assert!(forcing > 20, "only {forcing} forcing steps compared");
    }

    /// Every grid of HoDoKu's ladder's path of each puzzle, from the puzzle to the last step's.
    fn path_grids<'a>(puzzles: impl IntoIterator<Item = &'a str>) -> Vec<Grid> {
        let solver = crate::rate::hodoku_solver();
        let mut grids = Vec::new();
        for puzzle in puzzles {
            let grid = Grid::from_values(&parse_line(puzzle).expect("parses")).expect("valid");
            let mut walk = solver.walk(&grid);
            loop {
                grids.push(walk.grid().clone());
                match walk.step() {
                    Ok(Some(_)) => {}
                    _ => break,
                }
            }
        }
        grids
    }

    /// Along HoDoKu's ladder's paths of hard puzzles, at every grid whose grouped chain closures let no chain start
    /// through, every finder the solver then skips finds nothing, as the closures promise.
    #[test]
    fn no_chain_concludes_where_the_closures_let_no_start_through() {
        let finders: [(Technique, super::super::Finder); 5] = [
            (Technique::XChain, super::super::chains::x_chain),
            (Technique::XYChain, super::super::chains::xy_chain),
            (Technique::NiceLoop, super::super::chains::nice_loop),
            (
                Technique::GroupedNiceLoop,
                super::super::chains::grouped_nice_loop_without_als_weighed,
            ),
            (Technique::RemotePair, super::super::coloring::remote_pair),
        ];
        let (mut clean, mut states) = (0, 0);
        // Every 20th puzzle of top1465 too, where the shared collections are (else these seven).
        let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/puzzles");
        let shared: Vec<String> = match std::fs::read_to_string(dir.join("top1465.txt")) {
            Ok(text) => text.lines().step_by(20).map(|l| l.chars().take(81).collect()).collect(),
            Err(_) => {
                eprintln!("top1465.txt not found under {}: seven puzzles only", dir.display());
                Vec::new()
            }
        };
        for grid in path_grids(shared.iter().map(String::as_str).chain(HARD)) {
            states += 1;
            if chain_starts(&grid).is_empty() {
                clean += 1;
                for (technique, finder) in finders {
                    let mut found = None;
                    let _ = finder(&grid, &mut |s| {
                        found = Some(s);
                        Flow::Break(())
                    });
                    assert!(found.is_none(), "{technique:?} at a grid without a start: {found:?}");
                }
            }
        }
        eprintln!("{clean} of {states} grids without a start");
        assert!(
            clean > 20,
            "{clean} of {states} grids without a start: the test compares little"
        );
    }

    /// Closures left unjudged and judged later ([`judge_closures`]) are flagged as those judged as they are made,
    /// chains' and nets' (with HoDoKu's look-ahead), grouped or not, along HoDoKu's ladder's paths of hard puzzles;
    /// a grid's [`ChainKey`] is its board's; and at every fifth grid the grouped chains' closures, made one board
    /// after another on one thread (whose tables of group links are made again in place), are the breadth-first
    /// derivations.
    #[test]
    fn closures_judged_later_are_judged_as_made() {
        let (mut sets, mut bad, mut derived) = (0, 0, 0);
        for grid in path_grids(HARD[..3].iter().copied()) {
            for (grouped, lookahead) in [(false, 0), (true, 0), (true, HODOKU_LOOKAHEAD)] {
                let mut board = Board::new(&grid, false);
                board.grouped = grouped;
                board.lookahead = lookahead;
                let key = ChainKey {
                    cand: board.cand,
                    values: board.values,
                    grouped,
                };
                assert!(key == ChainKey::of(&grid, grouped));
                let (made, at_made, none) = closures_judged(&board, true);
                assert!(none.is_none());
                let (mut later, at_later, joins) = closures_judged(&board, false);
                judge_closures(&board, &mut later, &joins.expect("unjudged"));
                assert_eq!(at_made, at_later);
                assert_eq!(made.len(), later.len());
                for (a, b) in made.iter().zip(&later) {
                    assert_eq!(
                        (a.on, a.off, a.bad, a.depth, a.lone),
                        (b.on, b.off, b.bad, b.depth, b.lone)
                    );
                    bad += usize::from(a.bad);
                }
                if grouped && lookahead == 0 && sets % 15 == 1 {
                    derived += assert_derived(&board, &made, &at_made);
                }
                sets += 1;
            }
        }
        assert!(
            sets > 100 && bad > 1000 && derived > 1000,
            "{sets} closure sets, {bad} contradictory closures, {derived} derived"
        );
    }

    /// The look-aheads kept from the last board of a solve's path give the closures of HoDoKu's nets as look-aheads
    /// worked out afresh do.
    #[test]
    fn kept_lookaheads_keep_the_closures() {
        let (mut boards, reused) = (0, REUSED.get());
        for grid in path_grids(HARD[..3].iter().copied()) {
            let board = hodoku_nets(&grid);
            // This thread keeps the look-aheads from grid to grid of the path; a new thread starts with none.
            let (kept, at_kept) = static_closures(&board);
            let cold = grid.clone();
            let (fresh, at_fresh) = std::thread::spawn(move || static_closures(&hodoku_nets(&cold)))
                .join()
                .expect("the cold thread");
            for f in board.premises() {
                let (a, b) = (&kept[at_kept[f.index()] as usize], &fresh[at_fresh[f.index()] as usize]);
                assert!(
                    (a.on, a.off, a.bad, a.lone) == (b.on, b.off, b.bad, b.lone),
                    "the closure of {f:?} differs"
                );
            }
            boards += 1;
        }
        let reused = REUSED.get() - reused;
        assert!(
            boards > 50 && reused > 1000,
            "{boards} boards, {reused} look-aheads kept"
        );
    }

    /// The look-ahead's shortcut (a removal making one single in its first round goes no further) leaves every
    /// closure of HoDoKu's nets as the full look-ahead makes it, along HoDoKu's ladder's paths of hard puzzles.
    #[test]
    fn lookahead_shortcut_keeps_the_closures() {
        let (mut facts, mut cut) = (0, 0);
        for grid in path_grids(HARD[..3].iter().copied()) {
            let board = hodoku_nets(&grid);
            let (short, at_short) = static_closures(&board);
            FULL_LOOKAHEAD.set(true);
            let (full, at_full) = static_closures(&board);
            FULL_LOOKAHEAD.set(false);
            let mut nodes: Vec<Fact> = board.premises().collect();
            nodes.extend(board.group_facts());
            for f in nodes {
                let (a, b) = (&short[at_short[f.index()] as usize], &full[at_full[f.index()] as usize]);
                assert!(
                    (a.on, a.off, a.bad, a.lone) == (b.on, b.off, b.bad, b.lone),
                    "the closure of {f:?} differs"
                );
                facts += 1;
                if !f.is_group() && !f.on() {
                    let (mut with, mut without) = (Vec::new(), Vec::new());
                    lookahead_singles(&board, f, &mut with, &mut Vec::new(), &mut Read::default());
                    FULL_LOOKAHEAD.set(true);
                    lookahead_singles(&board, f, &mut without, &mut Vec::new(), &mut Read::default());
                    FULL_LOOKAHEAD.set(false);
                    cut += usize::from(with.len() < without.len());
                }
            }
        }
        eprintln!("{facts} closures, {cut} look-aheads cut short");
        // The shortcut has cut something short, or the test compares nothing it changed.
        assert!(
            facts > 10_000 && cut > 100,
            "{facts} closures, {cut} look-aheads cut short"
        );
    }

    /// HoDoKu's forcing chains and nets, reported with each premise's closure judged as its turn comes, give every
    /// step, in the order, that judging every closure as it is made and sorting all they find gives, along HoDoKu's
    /// ladder's paths of hard puzzles.
    #[test]
    fn hodoku_order_reports_judge_closures_in_turn() {
        let (mut grids, mut steps, mut contradictions) = (0, 0, 0);
        for grid in path_grids(HARD[..3].iter().copied()) {
            let mut chains = Board::new(&grid, false);
            chains.grouped = true;
            chains.hodoku_order = true;
            for board in [chains, hodoku_nets(&grid)] {
                let mut lazy = Vec::new();
                let _ = report_in_hodoku_order(&board, &mut |step| {
                    lazy.push(step);
                    Flow::Continue(())
                });
                let keyed = in_hodoku_order(search(&board));
                contradictions += keyed
                    .iter()
                    .filter(|(_, f)| matches!(f, Found::Contradiction { .. }))
                    .count();
                let eager: Vec<Step> = keyed.iter().filter_map(|(_, f)| build(&board, f)).collect();
                assert_eq!(lazy, eager);
                steps += lazy.len();
                grids += 1;
            }
        }
        eprintln!("{grids} boards, {steps} steps, {contradictions} contradictions");
        assert!(
            grids > 100 && steps > 1000 && contradictions > 500,
            "{grids} boards, {steps} steps, {contradictions} contradictions"
        );
    }

    /// What lets the forcing chains' verities wait for their first contradiction ([`report_in_hodoku_order`]):
    /// along HoDoKu's ladder's paths of hard puzzles, everything a verity of the grouped chains proves, a
    /// contradiction proves too (of the opposite premise, whose key is the verity's and comes first).
    #[test]
    fn every_chain_verity_is_a_contradiction_too() {
        let (mut grids, mut proved) = (0, 0);
        for grid in path_grids(HARD.iter().copied()) {
            let mut board = Board::new(&grid, false);
            board.grouped = true;
            board.hodoku_order = true;
            let found = search(&board);
            let contradicted: Vec<Fact> = found
                .iter()
                .filter_map(|(f, _)| match f {
                    Found::Contradiction { premise } => Some(premise.negated()),
                    Found::Verity { .. } => None,
                })
                .collect();
            for (f, _) in &found {
                if let Found::Verity { results, .. } = f {
                    for r in results {
                        assert!(contradicted.contains(r), "{r:?} proved by a verity only at {grid:?}");
                        proved += 1;
                    }
                }
            }
            grids += 1;
        }
        eprintln!("{grids} grids, {proved} verity results");
        assert!(
            proved > 100,
            "{grids} grids, {proved} verity results: the test compares little"
        );
    }

    /// Every reported forcing step of the state is true of the puzzle's solution.
    #[test]
    fn every_chain_and_net_step_is_sound() {
        let puzzle = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
        let solution = crate::search::solve(&parse_line(puzzle).expect("parses")).expect("solvable");
        let grid = parse_pencilmarks(STATE).expect("parses");
        for technique in [Technique::ForcingChain, Technique::ForcingNet] {
            let steps = super::super::Solver::find_all(technique, &grid);
            assert!(!steps.is_empty());
            for s in steps {
                assert!(s.placements.iter().all(|&(c, d)| solution[c.index()] == d.get()));
                assert!(s.eliminations.iter().all(|&(c, d)| solution[c.index()] != d.get()));
                assert!(!s.pattern.chains.is_empty());
            }
        }
    }

    #[test]
    fn brute_force_places_a_digit_of_the_solution() {
        let puzzle = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
        let values = parse_line(puzzle).expect("parses");
        let solution = crate::search::solve(&values).expect("solvable");
        let grid = Grid::from_values(&values).expect("valid");
        let step = super::super::Solver::find_first(Technique::BruteForce, &grid).expect("a step");
        let (cell, digit) = step.placements[0];
        assert_eq!(solution[cell.index()], digit.get());
        assert_eq!(step.explain(Lang::En), format!("Brute Force: {cell}={digit}"));
        assert_eq!(step.explain(Lang::Zh), format!("试数（暴力）：{cell}={digit}"));
    }
}
