//! Chains and loops: X-Chain, XY-Chain, Nice Loops and AIC, grouped or not (HoDoKu codes 0701–0711).
//!
//! Every technique here is a path in one graph. Its nodes are candidates (a digit in a cell) and, for the grouped
//! techniques, groups (a digit's two or three places where a box meets a line) and almost locked sets (a digit of
//! an ALS, true when the set holds it). A node set false forces its strong partners true (the other place of a digit
//! in a house, the other digit of a two-candidate cell, any other digit of an ALS); a node set true forces its weak
//! partners false (the digit elsewhere in its houses, the other digits of its cell). An ALS without one of its
//! digits is locked on the others, so that node false also forces a cell outside whose other candidates all see
//! the set's places of theirs (HoDoKu's "forced exit"). A breadth-first search from
//! each node assumed false follows these inferences alternately, so the first chain found to a conclusion is a
//! shortest one, and passes each cell once (but for an ALS, which may take in cells the chain passed through before,
//! as HoDoKu allows):
//! - from `a` false to `b` true (an AIC): `a` or `b` holds, so whatever sees both goes — and each candidate that
//!   goes is also the start of a discontinuous nice loop (assumed true, it makes `a` and `b` false);
//! - from `a` false back to `a` true (a discontinuous nice loop): `a` is placed;
//! - from `a` false to `b` true where `b` sees `a` (a continuous nice loop): each weak link of the loop holds exactly
//!   one truth, so whatever sees both of its ends goes; each strong link also holds exactly one, so an ALS passed
//!   through is locked on its other digits, which go from every cell seeing all their places in the set.
//!
//! The chains found are reported in rounds of growing length, so the ladder's first step is among the shortest there
//! are; each start is searched once, to the last round's length (see `search_rounds`).

use std::cell::RefCell;
use std::collections::HashMap;

use crate::grid::{Bitboard, Candidates, Cell, Digit, Grid, House};

use super::forcing;
use super::notation;
use super::step::{Chain, Node, NodeKind, Pattern, Step};
use super::technique::Technique;
use super::{Flow, Lang};

/// The variant names HoDoKu gives the steps of Nice Loop/AIC and its grouped form.
const CONTINUOUS: &str = "Continuous Nice Loop";
const DISCONTINUOUS: &str = "Discontinuous Nice Loop";
const AIC: &str = "AIC";
const GROUPED_CONTINUOUS: &str = "Grouped Continuous Nice Loop";
const GROUPED_DISCONTINUOUS: &str = "Grouped Discontinuous Nice Loop";
const GROUPED_AIC: &str = "Grouped AIC";

/// The longest chain searched, in links. HoDoKu's default limit for nice loops is of this order; longer chains
/// are unreadable and, on the hardest puzzles, a forcing chain says the same more briefly.
const MAX_LENGTH: u16 = 20;

/// The largest almost locked set a grouped chain passes through. Larger sets multiply the nodes (and the time) and
/// make steps hard to follow; up to five cells, the library's grouped cases pass as with any size.
const MAX_ALS: u32 = 5;

/// The rounds of the grouped search: fewer (grouped chains of nearly the same length are as readable) and no longer
/// than 14 links, for chains through groups and sets are hard to follow (forcing chains and nets come next).
const GROUPED_ROUNDS: [u16; 3] = [5, 9, 14];

/// The rounds of the search: chains up to each of these lengths, shortest first.
const ROUNDS: [u16; 6] = [3, 5, 7, 10, 14, MAX_LENGTH];

/// The phases of the nice-loop searches (see [`search_rounds`]): most of their runs that find a chain find a short
/// one, yet most that find none would pay for keeping their searches at every round. Measured over every tenth
/// puzzle of top1465 against one phase: grouped 1.94 G → 1.77 G instructions with these two (three: 1.78 G), plain
/// 0.41 G → 0.38 G (a first phase of 3 links: 0.43 G; 7: 0.38 G). X- and XY-Chains keep one phase: an XY-Chain's
/// searches are too short to gain (0.09 G → 0.11 G with two), and an X-Chain's memory needs whole searches. Those
/// figures are for runs that stop at their first chain: where every chain is weighed (HoDoKu's rule), no run stops,
/// and one phase keeps nothing between phases ([`nice_loop_weighed`]; grading 2.55 -> 2.44 s over top1465's first
/// 1,000 with the nets' look-ahead on words), though the steps still come out in these phases' order.
const GROUPED_PHASES: [u16; 2] = [5, 14];
const PHASES: [u16; 2] = [5, MAX_LENGTH];

/// Which links a technique may follow.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Mode {
    /// One digit; strong links are conjugate pairs (X-Chain).
    Digit(Digit),
    /// Two-candidate cells; strong links inside them, weak links between them on one digit (XY-Chain).
    Bivalue,
    /// Every candidate and link (Nice Loop/AIC).
    Candidates,
    /// Candidates and groups (Grouped Nice Loop/AIC).
    Grouped,
}

const NONE: u16 = u16::MAX;

/// The 54 segments where a box meets a row or a column: segment `6 * box + k` is the box's `k`-th row for
/// `k < 3`, its `(k - 3)`-th column otherwise.
static SEGMENTS: [Bitboard; 54] = {
    let mut out = [Bitboard::EMPTY; 54];
    let mut segment = 0;
    while segment < 54 {
        let b = segment / 6;
        let k = segment % 6;
        let (r0, c0) = (b / 3 * 3, b % 3 * 3);
        let mut bits = 0u128;
        let mut i = 0;
        while i < 3 {
            let (r, c) = if k < 3 { (r0 + k, c0 + i) } else { (r0 + i, c0 + k - 3) };
            bits |= 1 << (r * 9 + c);
            i += 1;
        }
        out[segment] = Bitboard::from_bits(bits);
        segment += 1;
    }
    out
};

/// The two segments of each cell: its row's in its box, then its column's.
static CELL_SEGMENTS: [[u8; 2]; 81] = {
    let mut out = [[0; 2]; 81];
    let mut c = 0;
    while c < 81 {
        let (r, col) = (c / 9, c % 9);
        let b = r / 3 * 3 + col / 3;
        out[c] = [(b * 6 + r % 3) as u8, (b * 6 + 3 + col % 3) as u8];
        c += 1;
    }
    out
};

fn segment_cells(segment: usize) -> Bitboard {
    SEGMENTS[segment]
}

/// The line (row or column) of a segment.
fn segment_line(segment: usize) -> House {
    let b = segment / 6;
    let k = segment % 6;
    if k < 3 {
        House::Row((b / 3 * 3 + k) as u8)
    } else {
        House::Col((b % 3 * 3 + k - 3) as u8)
    }
}

/// The index of the first cell of a node's nonempty `cells`.
fn first_index(cells: Bitboard) -> u8 {
    cells.first().map_or(0, |c| c.index() as u8)
}

/// A node of the graph.
#[derive(Copy, Clone, Debug)]
struct NodeData {
    digit: Digit,
    /// The cells holding the digit: one for a candidate, two or three for a group, the ALS's cells with the digit.
    cells: Bitboard,
    /// The segment of a group; `NONE` for a candidate or an ALS.
    segment: u16,
    /// The cells a chain occupies through this node: its cells, or every cell of its ALS.
    span: Bitboard,
    /// Whether the node is an ALS's digit.
    als: bool,
    /// The index of the first of `cells`, asked for often (the only cell of a candidate).
    first: u8,
    /// The digit's other places that see every cell of the node: what the node, true, makes false.
    seen: Bitboard,
    /// The cells a chain entering this node must not have passed through: all its cells, but for an ALS only the
    /// first of its places of the digit, as HoDoKu checks it. A set may so take in cells of the chain's earlier nodes
    /// (each link stays a sound inference, whatever the chain's other cells); no later node enters the set's cells.
    entry: Bitboard,
}

impl NodeData {
    /// Whether the node stands for more than one candidate (a group or an ALS).
    fn is_group(&self) -> bool {
        self.segment != NONE || self.als
    }

    /// The only cell of a candidate node, the first of a group or a set's places.
    fn cell(&self) -> Cell {
        Cell::from_bit(self.first as u32)
    }

    /// The value of [`NodeData::entry`], set once the node is made.
    fn entry_cells(&self) -> Bitboard {
        if self.als {
            Bitboard::only(self.cell())
        } else {
            self.span
        }
    }
}

/// The mark on a link that stays where the chain already is: between two candidates of a cell, or two digits of
/// an ALS (no trail test for it). Set where such links are made, so a search reads it instead of comparing nodes.
const INSIDE: u16 = 1 << 15;

/// The most nodes a graph may have: their numbers leave room for the [`INSIDE`] mark. Real grids stay far below
/// it (about 1,100 at most over the shared collections); sets beyond it are left out.
const MAX_NODES: usize = INSIDE as usize - 1;

/// Links kept compactly: `targets[offsets[u]..offsets[u + 1]]` are node `u`'s partners, each marked [`INSIDE`] or not.
#[derive(Default)]
struct Links {
    offsets: Vec<u32>,
    targets: Vec<u16>,
}

impl Links {
    fn of(&self, u: usize) -> &[u16] {
        &self.targets[self.offsets[u] as usize..self.offsets[u + 1] as usize]
    }

    fn is_empty(&self, u: usize) -> bool {
        self.offsets[u] == self.offsets[u + 1]
    }
}

/// The inference graph of a grid under one mode.
struct Graph {
    mode: Mode,
    nodes: Vec<NodeData>,
    /// `strong.of(u)`: the nodes `u` false makes true.
    strong: Links,
    /// The nodes each node, true, makes false, and what each ALS node, false, makes true: made when a search first
    /// follows them (see [`Lazy`]).
    lazy: RefCell<Lazy>,
    /// The node of each candidate (`9 * cell + digit index`), or `NONE`.
    candidate: [u16; 729],
    /// The same, `NONE` also for the candidates that force nothing (no weak link leads to them).
    alive: [u16; 729],
    /// The candidates of `alive`, as each digit's cells.
    alive_cells: [Bitboard; 9],
    /// The group nodes of each digit, pushed together: `groups_of[d]..groups_of[d + 1]`; `groups_of[0]` is the
    /// first node standing for more than one candidate.
    groups_of: [usize; 10],
    /// The first node standing for more than one candidate: candidates come first, then groups and sets, so a link's
    /// target is a group or a set exactly when it is at least this.
    first_group: usize,
    /// The first ALS node: they come last.
    first_als: usize,
    /// The building's working storage, kept with the graph for the next build.
    storage: Storage,
}

/// Links made node by node as a search first needs them: most runs stop at their first chain, found after
/// following the weak links of a third of the nodes or less, and making every node's list was a fifth of a grouped
/// run's work; an ALS node's strong links (its set's forced exits) likewise. `weak[u]` is where node `u`'s weak list
/// lies in `targets`, `strong[u - first_als]` an ALS node's strong list, `UNMADE` until made; `exits[k]` is where
/// the `k`-th set's exits lie in `exit_cells`, worked out once for the set's nodes.
#[derive(Default)]
struct Lazy {
    weak: Vec<(u32, u32)>,
    strong: Vec<(u32, u32)>,
    targets: Vec<u16>,
    exits: Vec<(u32, u32)>,
    exit_cells: Vec<(Cell, Candidates)>,
}

const UNMADE: (u32, u32) = (u32::MAX, 0);

/// What building a graph works in, kept from build to build (most of a solve's steps build graphs of much the same
/// size, and growing these anew was a twentieth of the building). See [`Graph::build`] for each one's use.
#[derive(Default)]
struct Storage {
    found: Vec<(Bitboard, Candidates)>,
    scratch_sets: Vec<(Bitboard, Candidates)>,
    sets: Vec<(u32, u32)>,
    set_of: Vec<u32>,
    scratch: Vec<u16>,
    groups_seeing: Vec<u64>,
    als_nodes: Vec<u16>,
    als_of_digit: [u32; 10],
    als_seeing: Vec<u64>,
    als_words: usize,
}

/// The almost locked sets of two to [`MAX_ALS`] empty cells: cells of one house holding, together, one candidate more than
/// there are cells. Each set once, whichever houses hold it, with its digits.
fn almost_locked_sets(grid: &Grid, sets: &mut Vec<(Bitboard, Candidates)>, unsorted: &mut Vec<(Bitboard, Candidates)>) {
    unsorted.clear();
    HOUSE_SETS.with(|kept| {
        let mut kept = kept.borrow_mut();
        for (house, (contents, found)) in House::ALL.into_iter().zip(kept.iter_mut()) {
            // A house's sets follow from which of its cells are empty and their candidates, and most houses are as
            // they were when the last graph was built.
            let now = house
                .cells()
                .map(|c| grid.candidates(c).bits() | (grid.value(c).is_some() as u16) << 15);
            if *contents != Some(now) {
                *contents = Some(now);
                found.clear();
                house_sets(grid, house, found);
            }
            unsorted.extend_from_slice(found);
        }
    });
    // In order of their bits, by their last cells first, then each last cell's few sets by all their bits: a third of
    // the work of sorting them all by their bits. A set's digits follow from its cells, so one key merges them.
    let last = |set: &Bitboard| 127 - set.bits().leading_zeros() as usize;
    let mut starts = [0u32; 82];
    for (set, _) in unsorted.iter() {
        starts[last(set) + 1] += 1;
    }
    for i in 1..82 {
        starts[i] += starts[i - 1];
    }
    sets.clear();
    sets.resize(unsorted.len(), (Bitboard::EMPTY, Candidates::default()));
    let mut next = starts;
    for &(set, digits) in unsorted.iter() {
        let at = &mut next[last(&set)];
        sets[*at as usize] = (set, digits);
        *at += 1;
    }
    for c in 0..81 {
        sets[starts[c] as usize..starts[c + 1] as usize].sort_unstable_by_key(|(b, _)| b.bits());
    }
    sets.dedup_by_key(|(b, _)| *b);
}

thread_local! {
    /// Each house's almost locked sets as last found on this thread, with the candidates of its cells then.
    #[allow(clippy::type_complexity)]
    static HOUSE_SETS: RefCell<[(Option<[u16; 9]>, Vec<(Bitboard, Candidates)>); 27]> =
        RefCell::new(core::array::from_fn(|_| (None, Vec::new())));
}

/// The almost locked sets of one house, pushed onto `sets`.
fn house_sets(grid: &Grid, house: House, sets: &mut Vec<(Bitboard, Candidates)>) {
    {
        let mut cells = [Cell::at(0, 0); 9];
        let mut n = 0;
        for &c in house.cells() {
            if grid.value(c).is_none() {
                cells[n] = c;
                n += 1;
            }
        }
        // Subsets in increasing cell order, depth first, with their digits: a subset holding more digits than the
        // largest set may has no superset that is one, and is not extended.
        let mut stack = [(0usize, Candidates::default(), Bitboard::EMPTY, 0u32); 64];
        let mut top = 1;
        while top > 0 {
            top -= 1;
            let (next, digits, set, size) = stack[top];
            if size >= 2 && size as usize != n && digits.len() == size + 1 {
                sets.push((set, digits));
            }
            if size == MAX_ALS {
                continue;
            }
            for (i, &c) in cells.iter().enumerate().take(n).skip(next) {
                let more = digits.or(grid.candidates(c));
                if more.len() <= MAX_ALS + 1 {
                    let mut bigger = set;
                    bigger.insert(c);
                    stack[top] = (i + 1, more, bigger, size + 1);
                    top += 1;
                }
            }
        }
    }
}

/// Every cell that sees all cells of `set`.
fn common_peers(set: Bitboard) -> Bitboard {
    set.iter().fold(Bitboard::FULL, |acc, c| acc & c.peer_set()) - set
}

impl Default for Graph {
    fn default() -> Graph {
        Graph {
            mode: Mode::Candidates,
            nodes: Vec::new(),
            strong: Links::default(),
            lazy: RefCell::default(),
            candidate: [NONE; 729],
            alive: [NONE; 729],
            alive_cells: [Bitboard::EMPTY; 9],
            groups_of: [0; 10],
            first_group: 0,
            first_als: 0,
            storage: Storage::default(),
        }
    }
}

impl Graph {
    /// Makes this the graph of `grid` under `mode`, in the storage of the graph it was (a solve builds graphs of
    /// much the same size at most of its steps; growing new ones each time was a tenth of the work, and moving a
    /// built graph with its tables by value a thirtieth). Its weak links are made as a search needs them.
    fn build(&mut self, grid: &Grid, mode: Mode, als: bool) {
        // Each mode's build compiled apart, its tests of the mode folded away: 17 M fewer instructions over every
        // tenth puzzle of top1465 than one build for all.
        match mode {
            Mode::Grouped if als => self.build_grouped(grid, true),
            Mode::Grouped => self.build_grouped(grid, false),
            Mode::Candidates => self.build_candidates(grid),
            Mode::Bivalue => self.build_bivalue(grid),
            Mode::Digit(d) => self.build_digit(grid, d),
        }
    }

    #[inline(never)]
    fn build_grouped(&mut self, grid: &Grid, als: bool) {
        self.build_as(grid, Mode::Grouped, als);
    }

    #[inline(never)]
    fn build_candidates(&mut self, grid: &Grid) {
        self.build_as(grid, Mode::Candidates, false);
    }

    #[inline(never)]
    fn build_bivalue(&mut self, grid: &Grid) {
        self.build_as(grid, Mode::Bivalue, false);
    }

    #[inline(never)]
    fn build_digit(&mut self, grid: &Grid, digit: Digit) {
        self.build_as(grid, Mode::Digit(digit), false);
    }

    #[inline(always)]
    fn build_as(&mut self, grid: &Grid, mode: Mode, als: bool) {
        let Graph {
            mode: self_mode,
            nodes,
            strong,
            lazy,
            candidate,
            alive,
            alive_cells,
            groups_of: self_groups_of,
            first_group: self_first_group,
            first_als: self_first_als,
            storage,
        } = self;
        let lazy = lazy.get_mut();
        let Storage {
            found,
            scratch_sets,
            sets,
            set_of,
            scratch,
            groups_seeing,
            als_nodes,
            als_of_digit,
            als_seeing,
            als_words,
        } = storage;
        nodes.clear();
        strong.offsets.clear();
        strong.targets.clear();
        candidate.fill(NONE);
        let bivalue = |c: Cell| grid.candidates(c).len() == 2;
        let mut add = |cell: Cell, d: Digit| {
            candidate[cell.index() * 9 + d.index()] = nodes.len() as u16;
            nodes.push(NodeData {
                digit: d,
                cells: Bitboard::only(cell),
                segment: NONE,
                span: Bitboard::only(cell),
                als: false,
                first: cell.index() as u8,
                seen: Bitboard::EMPTY,
                entry: Bitboard::EMPTY,
            });
        };
        if let Mode::Digit(x) = mode {
            // Numbered cell by cell, as the other modes number theirs.
            for cell in grid.digit_cells(x) {
                add(cell, x);
            }
        } else {
            for cell in grid.empty_cells() {
                if mode == Mode::Bivalue && !bivalue(cell) {
                    continue;
                }
                for d in grid.candidates(cell) {
                    add(cell, d);
                }
            }
        }
        // Groups: a digit's places in a segment, when there are two or three of them.
        let mut group = [NONE; 54 * 9];
        // The group nodes of each digit, pushed together: `groups_of[d]..groups_of[d + 1]`.
        let mut groups_of = [nodes.len(); 10];
        if mode == Mode::Grouped {
            for d in Digit::ALL {
                groups_of[d.index()] = nodes.len();
                let places = grid.digit_cells(d);
                for s in 0..54 {
                    let cells = places & segment_cells(s);
                    if cells.len() >= 2 {
                        group[s * 9 + d.index()] = nodes.len() as u16;
                        nodes.push(NodeData {
                            digit: d,
                            cells,
                            segment: s as u16,
                            span: cells,
                            als: false,
                            first: first_index(cells),
                            seen: Bitboard::EMPTY,
                            entry: Bitboard::EMPTY,
                        });
                    }
                }
            }
        }
        groups_of[9] = nodes.len();
        // Almost locked sets of two or more cells (one cell is a two-candidate cell, a plain link): a node for each
        // digit, true when the digit is in the set.
        let first_als = nodes.len();
        // Each set's nodes, pushed together: `sets[k]` is the first and the end of the `k`-th set's, and
        // `set_of[i - first_als]` the set of node `i`.
        sets.clear();
        set_of.clear();
        if mode == Mode::Grouped && als {
            almost_locked_sets(grid, found, scratch_sets);
            for &(set, digits) in found.iter() {
                // A digit no candidate outside the set sees whole can neither enter the set nor leave it: its node
                // would be a dead end, and a set with fewer than two other digits, no link at all.
                let mut open = [(Digit::ALL[0], Bitboard::EMPTY, Bitboard::EMPTY); 9];
                let mut n = 0;
                for d in digits {
                    let places = grid.digit_cells(d);
                    let cells = set & places;
                    let seen = places & common_peers(cells);
                    if !seen.is_empty() {
                        open[n] = (d, cells, seen);
                        n += 1;
                    }
                }
                if n < 2 || nodes.len() + n > MAX_NODES {
                    continue;
                }
                let k = sets.len() as u32;
                sets.push((nodes.len() as u32, (nodes.len() + n) as u32));
                for &(digit, cells, seen) in &open[..n] {
                    set_of.push(k);
                    nodes.push(NodeData {
                        digit,
                        cells,
                        segment: NONE,
                        span: set,
                        als: true,
                        first: first_index(cells),
                        seen,
                        entry: Bitboard::EMPTY,
                    });
                }
            }
        }
        let first_group = groups_of[0];
        for node in nodes[..first_group].iter_mut() {
            node.seen = grid.digit_cells(node.digit) & node.cell().peer_set();
            node.entry = node.span;
        }
        for node in nodes[first_group..first_als].iter_mut() {
            node.seen = grid.digit_cells(node.digit) & common_peers(node.cells);
        }
        for node in nodes[first_group..].iter_mut() {
            node.entry = node.entry_cells();
        }
        let node_of = |cells: Bitboard, d: Digit| -> u16 {
            match cells.len() {
                1 => cells.first().map_or(NONE, |c| candidate[c.index() * 9 + d.index()]),
                n if n >= 2 && mode == Mode::Grouped => {
                    // The cells must make a whole group: all the digit's places in one segment, the first cell's
                    // row or column in its box.
                    CELL_SEGMENTS[first_index(cells) as usize]
                        .into_iter()
                        .find(|&s| (cells - segment_cells(s as usize)).is_empty())
                        .map_or(NONE, |s| group[s as usize * 9 + d.index()])
                }
                _ => NONE,
            }
        };
        // Sized for a typical grid's links (a few strong and several weak a node), so they are rarely regrown.
        strong.offsets.reserve(nodes.len() + 1);
        strong.targets.reserve(4 * nodes.len());
        // The sets' nodes, last, have theirs made as a search first needs them (see `Graph::als_strong_of`).
        for node in nodes[..first_als].iter() {
            let d = node.digit;
            let places = grid.digit_cells(d);
            // Strong: the other places of the digit in a house, when they make one node.
            strong.offsets.push(strong.targets.len() as u32);
            scratch.clear();
            if !node.is_group() {
                let cell = node.cell();
                // Conjugate places: every mode but XY-Chains, whose strong links lie inside cells.
                if mode != Mode::Bivalue {
                    for house in cell.houses() {
                        let rest = places & (house.cell_set() - node.cells);
                        let v = node_of(rest, d);
                        if v != NONE {
                            scratch.push(v);
                        }
                    }
                }
                if !matches!(mode, Mode::Digit(_)) && bivalue(cell) {
                    if let Some(other) = grid.candidates(cell).without(Candidates::only(d)).single() {
                        let v = candidate[cell.index() * 9 + other.index()];
                        if v != NONE {
                            scratch.push(v | INSIDE);
                        }
                    }
                }
            } else {
                let s = node.segment as usize;
                let b = s / 6;
                for house in [House::Box(b as u8), segment_line(s)] {
                    let rest = places & (house.cell_set() - node.cells);
                    let v = node_of(rest, d);
                    if v != NONE {
                        scratch.push(v);
                    }
                }
            }
            scratch.sort_unstable_by_key(|&v| v & !INSIDE);
            scratch.dedup();
            strong.targets.extend_from_slice(scratch);
        }
        strong.offsets.resize(nodes.len() + 1, strong.targets.len() as u32);
        // A node made false that makes nothing true ends a chain there, proving nothing: no weak link leads to one, so
        // a search never reaches it (a search reads far more links than a graph is built with).
        let live = |v: u16| !strong.is_empty(v as usize);
        // The candidates' nodes, those that force nothing left out.
        alive.copy_from_slice(&candidate[..]);
        // The same, as each digit's cells: a node's weak links to candidates are then the live cells it sees.
        *alive_cells = [Bitboard::EMPTY; 9];
        for (i, node) in nodes[..groups_of[0]].iter().enumerate() {
            if live(i as u16) {
                alive_cells[node.digit.index()] |= node.cells;
            } else {
                alive[node.cell().index() * 9 + node.digit.index()] = NONE;
            }
        }
        // A node sees all of another's places of their digit exactly when the other sees all of its own (each place
        // of one is a peer of each place of the other). So the groups and sets a node sees whole are those that see
        // its first place and then the rest: each digit's groups seeing a cell, as bits over the digit's groups in
        // order, and likewise the sets seeing it, as bits over the digit's sets in order (`als_nodes`, the digit's
        // from `als_of_digit[digit]`), `als_words` words of them at `als_seeing[(81 * digit + cell) * als_words]`;
        // both hold only nodes that force something (see `live`). Only a grouped graph needs them, and most graphs
        // are of the other modes.
        let grouped = mode == Mode::Grouped;
        groups_seeing.clear();
        if grouped {
            groups_seeing.resize(9 * 81, 0);
        }
        for d in Digit::ALL {
            let from = groups_of[d.index()];
            for (bit, node) in nodes[from..groups_of[d.index() + 1]].iter().enumerate() {
                if !live((from + bit) as u16) {
                    continue;
                }
                for c in node.seen {
                    groups_seeing[d.index() * 81 + c.index()] |= 1 << bit;
                }
            }
        }
        // Every ALS node forces something: its set's other digits.
        *als_of_digit = [0; 10];
        for n in &nodes[first_als..] {
            als_of_digit[n.digit.index() + 1] += 1;
        }
        let most = als_of_digit.iter().copied().max().unwrap_or(0) as usize;
        for d in 1..10 {
            als_of_digit[d] += als_of_digit[d - 1];
        }
        als_nodes.clear();
        als_nodes.resize(nodes.len() - first_als, 0);
        let mut next = *als_of_digit;
        for (i, n) in nodes.iter().enumerate().skip(first_als) {
            als_nodes[next[n.digit.index()] as usize] = i as u16;
            next[n.digit.index()] += 1;
        }
        *als_words = most.div_ceil(64).max(1);
        let words = *als_words;
        als_seeing.clear();
        if grouped {
            als_seeing.resize(9 * 81 * words, 0);
        }
        for d in Digit::ALL {
            let from = als_of_digit[d.index()] as usize;
            for (bit, &i) in als_nodes[from..als_of_digit[d.index() + 1] as usize].iter().enumerate() {
                for c in nodes[i as usize].seen {
                    als_seeing[(d.index() * 81 + c.index()) * words + bit / 64] |= 1 << (bit % 64);
                }
            }
        }
        lazy.weak.clear();
        lazy.weak.resize(nodes.len(), UNMADE);
        lazy.strong.clear();
        lazy.strong.resize(nodes.len() - first_als, UNMADE);
        lazy.exits.clear();
        lazy.exits.resize(sets.len(), UNMADE);
        lazy.targets.clear();
        lazy.exit_cells.clear();
        debug_assert!(nodes
            .iter()
            .enumerate()
            .all(|(i, n)| n.is_group() == (i >= groups_of[0])));
        *self_mode = mode;
        *self_first_group = groups_of[0];
        *self_first_als = first_als;
        *self_groups_of = groups_of;
    }

    /// The other digits of ALS node `u`'s set with the places of each seeing all of the digit's places in the set
    /// (the node's `seen`): the digits whose places no cell outside sees whole have no node, and would see nothing.
    fn set_buddies(&self, u: usize) -> impl Iterator<Item = (Digit, Bitboard)> + '_ {
        let (first, end) = self.storage.sets[self.storage.set_of[u - self.first_als] as usize];
        let digit = self.nodes[u].digit;
        self.nodes[first as usize..end as usize]
            .iter()
            .filter(move |n| n.digit != digit)
            .map(|n| (n.digit, n.seen))
    }

    /// Node `u`'s weak links, made in `lazy` if not made yet.
    #[inline]
    fn weak_of<'w>(&self, grid: &Grid, lazy: &'w mut Lazy, u: usize) -> &'w [u16] {
        if lazy.weak[u].0 == UNMADE.0 {
            self.make_weak(grid, lazy, u);
        }
        let (from, to) = lazy.weak[u];
        debug_assert!(from <= to && to as usize <= lazy.targets.len());
        // SAFETY: a made list's span lies in `targets`, which only grows until the next build clears every span.
        unsafe { lazy.targets.get_unchecked(from as usize..to as usize) }
    }

    /// ALS node `u`'s strong links, made in `lazy` if not made yet.
    #[inline]
    fn als_strong_of<'w>(&self, grid: &Grid, lazy: &'w mut Lazy, u: usize) -> &'w [u16] {
        let i = u - self.first_als;
        if lazy.strong[i].0 == UNMADE.0 {
            self.make_als_strong(grid, lazy, u);
        }
        let (from, to) = lazy.strong[i];
        &lazy.targets[from as usize..to as usize]
    }

    /// Makes ALS node `u`'s strong links. The set loses at most one of its digits: any two of them, one at least is
    /// in it.
    #[inline(never)]
    fn make_als_strong(&self, grid: &Grid, lazy: &mut Lazy, u: usize) {
        let node = &self.nodes[u];
        let d = node.digit;
        let k = self.storage.set_of[u - self.first_als] as usize;
        let (first, end) = self.storage.sets[k];
        if lazy.exits[k] == UNMADE {
            // The cells outside seeing all of some digit's places in the set, with those digits.
            let from = lazy.exit_cells.len() as u32;
            let members = &self.nodes[first as usize..end as usize];
            let reach = members.iter().fold(Bitboard::EMPTY, |acc, n| acc | n.seen) - node.span;
            // Each cell's covering digits gathered node by node, not looked for node by node at each cell.
            let mut covering = [Candidates::default(); 81];
            for n in members {
                for c in n.seen - node.span {
                    covering[c.index()] = covering[c.index()].or(Candidates::only(n.digit));
                }
            }
            for c in reach {
                let covered = covering[c.index()];
                // The digits covered are candidates of the cell (a node sees only its digit's places): a cell
                // with two candidates or more beyond them is never left with one, whichever digit goes.
                if grid.candidates(c).len() <= covered.len() + 1 {
                    lazy.exit_cells.push((c, covered));
                }
            }
            lazy.exits[k] = (from, lazy.exit_cells.len() as u32);
        }
        let from = lazy.targets.len() as u32;
        let (exits_from, exits_to) = lazy.exits[k];
        // Without this digit the set is locked on the others, which leave every cell seeing all their places in
        // it: a cell left with one candidate holds it (HoDoKu's "forced exit" from an ALS).
        for &(c, covered) in &lazy.exit_cells[exits_from as usize..exits_to as usize] {
            let others = covered.without(Candidates::only(d));
            if others.is_empty() {
                continue;
            }
            if let Some(e) = grid.candidates(c).without(others).single() {
                let v = self.candidate[c.index() * 9 + e.index()];
                if v != NONE {
                    lazy.targets.push(v);
                }
            }
        }
        // The exits are candidates, one a cell in cell order, the set's other digits after them: the list is in
        // order as written.
        for j in first..end {
            if j as usize != u {
                lazy.targets.push(j as u16 | INSIDE);
            }
        }
        lazy.strong[u - self.first_als] = (from, lazy.targets.len() as u32);
    }

    /// Makes node `u`'s weak links: the digit in every cell seeing the node, other digits of its cell, groups the
    /// node sees whole, sets whose places of the digit it sees all. Written in ascending order, the order a search
    /// follows them in: candidates are numbered cell by cell, so the node's own cell goes in among the cells it sees;
    /// groups come after every candidate, sets after every group. No partner comes twice.
    #[inline(never)]
    fn make_weak(&self, grid: &Grid, lazy: &mut Lazy, u: usize) {
        let node = &self.nodes[u];
        let d = node.digit;
        let targets = &mut lazy.targets;
        let from = targets.len() as u32;
        let own = (!node.is_group() && matches!(self.mode, Mode::Candidates | Mode::Grouped)).then(|| node.cell());
        // The cells seen before the node's own, its own cell's other digits, the cells seen after it.
        let before = own.map_or(Bitboard::FULL, |c| Bitboard::from_bits((1u128 << c.index()) - 1));
        let push_seen = |targets: &mut Vec<u16>, cells: Bitboard| {
            targets.extend(
                (cells & self.alive_cells[d.index()])
                    .iter()
                    .map(|c| self.alive[c.index() * 9 + d.index()]),
            );
        };
        push_seen(targets, node.seen & before);
        if let Some(c) = own {
            for e in grid.candidates(c).without(Candidates::only(d)) {
                let v = self.alive[c.index() * 9 + e.index()];
                if v != NONE {
                    targets.push(v | INSIDE);
                }
            }
            push_seen(targets, node.seen - before);
        }
        if self.mode == Mode::Grouped {
            let Storage {
                groups_seeing,
                als_nodes,
                als_of_digit,
                als_seeing,
                als_words,
                ..
            } = &self.storage;
            // Groups and sets come after every candidate, each kind in order, the sets' own numbers in order.
            let first = node.cell();
            let rest = node.cells - Bitboard::only(first);
            let mut groups = rest
                .iter()
                .fold(groups_seeing[d.index() * 81 + first.index()], |acc, c| {
                    acc & groups_seeing[d.index() * 81 + c.index()]
                });
            while groups != 0 {
                let v = (self.groups_of[d.index()] + groups.trailing_zeros() as usize) as u16;
                groups &= groups - 1;
                targets.push(v);
            }
            // A set seeing the node's places holds none of them (they would see themselves), but must also keep
            // clear of an ALS node's set; one seeing a candidate sees all of it.
            let words = *als_words;
            let digit_sets = &als_nodes[als_of_digit[d.index()] as usize..];
            let avoid = if node.als { node.span } else { node.cells };
            for w in 0..words {
                let mut bits = rest
                    .iter()
                    .fold(als_seeing[(d.index() * 81 + first.index()) * words + w], |acc, c| {
                        acc & als_seeing[(d.index() * 81 + c.index()) * words + w]
                    });
                while bits != 0 {
                    let v = digit_sets[w * 64 + bits.trailing_zeros() as usize];
                    bits &= bits - 1;
                    if !node.is_group() || (self.nodes[v as usize].span & avoid).is_empty() {
                        targets.push(v);
                    }
                }
            }
        }
        lazy.weak[u] = (from, targets.len() as u32);
    }
}

/// A search state: node `u` true or false, and whether the way to it passed through a group (so that a grouped
/// search tells chains through groups from the others): `4u + 2 * grouped + on`.
#[inline]
fn state(u: usize, on: bool, through_group: bool) -> usize {
    4 * u + 2 * through_group as usize + on as usize
}

/// What a search knows of one state, kept together: a search reads and writes them all at once.
#[derive(Copy, Clone, Default)]
struct Visit {
    /// The cells on the way to the state, so a chain never passes through a cell twice.
    trail: Trail,
    parent: u32,
    depth: u16,
}

/// A [`Bitboard`] kept as two words, so a [`Visit`] takes 24 bytes rather than the 32 a `u128`'s alignment asks
/// (the visits are read at random, one a link).
#[derive(Copy, Clone, Default)]
struct Trail([u64; 2]);

impl Trail {
    #[inline]
    fn of(cells: Bitboard) -> Trail {
        let bits = cells.bits();
        Trail([bits as u64, (bits >> 64) as u64])
    }

    #[inline]
    fn cells(self) -> Bitboard {
        Bitboard::from_bits(u128::from(self.0[0]) | u128::from(self.0[1]) << 64)
    }
}

/// Breadth-first search over states, reused from start to start.
struct Search {
    visits: Vec<Visit>,
    /// For each state, the generation of the search that last reached it (older ones are forgotten): apart from
    /// the visits, as most links lead to a state already reached, and a test of these few bytes stays in the cache.
    stamps: Vec<u32>,
    /// The states in the order reached: each at most once a search, so the queue never outgrows the states.
    queue: Vec<u32>,
    generation: u32,
    /// The states reached but not queued, which a search kept for a later phase must still know as reached.
    aside: Vec<u32>,
    /// A loop's path while its eliminations are worked out (most loops remove nothing, and are never kept).
    loop_path: Vec<usize>,
    /// The searches of the last phase, kept to go on with in the next (see [`search_rounds`]), and those of this one.
    kept: Frontiers,
    keeping: Frontiers,
}

/// Searches stopped at a phase's length, to go on with later: each start's queue, how much of it was followed, and
/// the states reached but never queued. Only what a later phase reads is kept: every state's way back to the start,
/// and the trail of the states still to follow.
#[derive(Default)]
struct Frontiers {
    states: Vec<Reached>,
    trails: Vec<Bitboard>,
    starts: Vec<Kept>,
}

/// A state a kept search reached, and how.
#[derive(Copy, Clone)]
struct Reached {
    state: u32,
    parent: u32,
    depth: u16,
}

/// Where a start's search lies in [`Frontiers`]: its queue from `states[at]`, `followed` of its `queued` states
/// followed, then `aside` states never queued; the trails of the states not followed from `trails[trails]`.
#[derive(Copy, Clone, Default)]
struct Kept {
    at: u32,
    trails: u32,
    queued: u32,
    followed: u32,
    aside: u32,
}

impl Frontiers {
    fn clear(&mut self) {
        self.states.clear();
        self.trails.clear();
        self.starts.clear();
    }
}

thread_local! {
    /// The searches of the last run on this thread, kept for the next: a run's graphs have thousands of states, and
    /// a solve runs the chain finders at most of its steps.
    static SEARCHES: RefCell<Vec<Search>> = const { RefCell::new(Vec::new()) };
    /// The graphs of the last run of each kind on this thread (X-Chains, XY-Chains, nice loops, grouped), their
    /// storage reused by the next run of the kind: graphs of one kind are much the same size from step to step.
    static GRAPHS: RefCell<[Vec<Graph>; 4]> = const { RefCell::new([Vec::new(), Vec::new(), Vec::new(), Vec::new()]) };
}

impl Search {
    fn new() -> Search {
        Search {
            visits: Vec::new(),
            stamps: Vec::new(),
            queue: Vec::new(),
            generation: 0,
            aside: Vec::new(),
            loop_path: Vec::new(),
            kept: Frontiers::default(),
            keeping: Frontiers::default(),
        }
    }

    /// Makes room for the states of a graph of `nodes` nodes. Stamps left from earlier searches are older than
    /// any generation to come, so nothing needs clearing.
    fn fit(&mut self, nodes: usize) {
        let states = 4 * nodes;
        if self.visits.len() < states {
            self.visits.resize(states, Visit::default());
            self.stamps.resize(states, 0);
            self.queue.resize(states, 0);
        }
    }

    /// A new generation of stamps for a search.
    fn next_generation(&mut self) -> u32 {
        if self.generation == u32::MAX {
            self.stamps.fill(0);
            self.generation = 0;
        }
        self.generation += 1;
        self.generation
    }

    /// Keeps the search just stopped, its first `followed` of `queued` states followed, for the next phase.
    fn keep(&mut self, followed: usize, queued: usize) {
        let Search {
            queue,
            aside,
            visits,
            keeping,
            ..
        } = self;
        let kept = Kept {
            at: keeping.states.len() as u32,
            trails: keeping.trails.len() as u32,
            queued: queued as u32,
            followed: followed as u32,
            aside: aside.len() as u32,
        };
        let reached = |&t: &u32| {
            debug_assert!((t as usize) < visits.len());
            // SAFETY: the queue and the states set aside hold states of the graph, within the visits (see `fit`).
            let v = unsafe { visits.get_unchecked(t as usize) };
            Reached {
                state: t,
                parent: v.parent,
                depth: v.depth,
            }
        };
        keeping.states.extend(queue[..queued].iter().map(reached));
        keeping.states.extend(aside.iter().map(reached));
        keeping.trails.extend(queue[followed..queued].iter().map(|&t| {
            debug_assert!((t as usize) < visits.len());
            // SAFETY: as above.
            unsafe { visits.get_unchecked(t as usize) }.trail.cells()
        }));
        keeping.starts.push(kept);
    }

    /// Takes up a search kept by the last phase under a new generation: its states known as reached again, its queue
    /// and the states set aside as they were. Returns how far the queue was followed, and its length.
    fn resume(&mut self, k: Kept, generation: u32) -> (usize, usize) {
        let states = &self.kept.states[k.at as usize..(k.at + k.queued + k.aside) as usize];
        for r in states {
            self.stamps[r.state as usize] = generation;
            let v = &mut self.visits[r.state as usize];
            v.parent = r.parent;
            v.depth = r.depth;
        }
        let (queued, aside) = states.split_at(k.queued as usize);
        for (q, r) in self.queue.iter_mut().zip(queued) {
            *q = r.state;
        }
        let trails = &self.kept.trails[k.trails as usize..(k.trails + k.queued - k.followed) as usize];
        for (r, &trail) in queued[k.followed as usize..].iter().zip(trails) {
            self.visits[r.state as usize].trail = Trail::of(trail);
        }
        self.aside.extend(aside.iter().map(|r| r.state));
        (k.followed as usize, k.queued as usize)
    }
}

/// The states of a search from its start to `to`, start first.
fn path(visits: &[Visit], to: usize) -> Vec<usize> {
    let mut path = Vec::with_capacity(visits[to].depth as usize + 1);
    path_into(visits, to, &mut path);
    path
}

/// The same, written into `path`.
fn path_into(visits: &[Visit], to: usize, path: &mut Vec<usize>) {
    path.clear();
    path.push(to);
    let mut at = to;
    while visits[at].depth > 0 {
        at = visits[at].parent as usize;
        path.push(at);
    }
    path.reverse();
}

/// What a chain proves.
struct Conclusion {
    technique: Technique,
    variant: Option<&'static str>,
    eliminations: Vec<(Cell, Digit)>,
    /// The path, as states, start first.
    path: Vec<usize>,
    /// The links from the start to the state the search found it at (the path of a loop read from an AIC is
    /// longer), which decides the round it belongs to.
    depth: u16,
    /// The depth of the state the search found it at, which decides the phase it is found in.
    found_at: u16,
}

fn as_list(sets: &[Bitboard; 9]) -> Vec<(Cell, Digit)> {
    let mut out = Vec::new();
    for d in Digit::ALL {
        for c in sets[d.index()] {
            out.push((c, d));
        }
    }
    out
}

/// Runs one technique's search, reporting each new conclusion.
fn run(grid: &Grid, technique: Technique, report: &mut dyn FnMut(Step) -> Flow) -> Flow {
    run_with(grid, technique, true, true, false, report)
}

/// [`run`], with or without almost locked sets as nodes of a grouped chain (`als`), in phases of growing length or
/// in one (`phased`, see [`search_rounds`]), and searching only from the starts the chain closures let through or
/// from all (`pruned`, see [`forcing::chain_starts`]; never with sets, which the closures do not follow). The steps
/// come out the same, in the same order, either way.
fn run_with(
    grid: &Grid,
    technique: Technique,
    als: bool,
    phased: bool,
    pruned: bool,
    report: &mut dyn FnMut(Step) -> Flow,
) -> Flow {
    let modes: Vec<Mode> = match technique {
        // An X-Chain lies in one digit's places: a digit whose places held none when last searched holds none now,
        // nor does one where no place assumed true comes to a place that sees it (`x_chain_possible`).
        Technique::XChain => BARREN.with(|barren| {
            let mut barren = barren.borrow_mut();
            let mut modes = Vec::new();
            for d in Digit::ALL {
                let places = grid.digit_cells(d);
                if places == barren[d.index()] {
                    continue;
                }
                if x_chain_possible(places) {
                    modes.push(Mode::Digit(d));
                } else {
                    barren[d.index()] = places;
                }
            }
            modes
        }),
        Technique::XYChain if XY_BARREN.with(|barren| barren.borrow().is_some_and(|b| b.holds(grid))) => {
            return Flow::Continue(());
        }
        Technique::XYChain => vec![Mode::Bivalue],
        Technique::NiceLoop => vec![Mode::Candidates],
        _ => vec![Mode::Grouped],
    };
    if modes.is_empty() {
        // Every digit ruled out for an X-Chain (the common case): no graph to build, nothing to search.
        return Flow::Continue(());
    }
    let (flow, empty) = run_modes(grid, technique, &modes, als, phased, pruned, report);
    if technique == Technique::XYChain {
        let barren = empty[0].then(|| Barren::of(grid));
        XY_BARREN.with(|kept| *kept.borrow_mut() = barren);
    }
    if technique == Technique::XChain {
        BARREN.with(|barren| {
            let mut barren = barren.borrow_mut();
            for (mode, empty) in modes.iter().zip(empty) {
                if let (Mode::Digit(d), true) = (mode, empty) {
                    barren[d.index()] = grid.digit_cells(*d);
                }
            }
        });
    }
    flow
}

/// The search of [`run_with`] over the graphs of `modes`, and for each whether it was searched through and gave no
/// chain at all.
#[allow(clippy::too_many_arguments)]
fn run_modes(
    grid: &Grid,
    technique: Technique,
    modes: &[Mode],
    als: bool,
    phased: bool,
    pruned: bool,
    report: &mut dyn FnMut(Step) -> Flow,
) -> (Flow, Vec<bool>) {
    debug_assert!(!(pruned && als && technique == Technique::GroupedNiceLoop));
    let starts = pruned.then(|| forcing::chain_starts(grid));
    if starts.as_ref().is_some_and(|s| s.is_empty()) {
        // No start concludes anything: no graph to build, nothing to search.
        return (Flow::Continue(()), vec![true; modes.len()]);
    }
    let kind = match technique {
        Technique::XChain => 0,
        Technique::XYChain => 1,
        Technique::NiceLoop => 2,
        _ => 3,
    };
    let mut kept = GRAPHS.with(|kept| core::mem::take(&mut kept.borrow_mut()[kind]));
    if kept.len() < modes.len() {
        kept.resize_with(modes.len(), Graph::default);
    }
    let graphs = &mut kept[..modes.len()];
    for (graph, &mode) in graphs.iter_mut().zip(modes) {
        graph.build(grid, mode, als);
    }
    let graphs = &*graphs;
    let mut searches = SEARCHES.with(|kept| core::mem::take(&mut *kept.borrow_mut()));
    searches.resize_with(searches.len().max(graphs.len()), Search::new);
    for (search, graph) in searches.iter_mut().zip(graphs) {
        search.fit(graph.nodes.len());
    }
    let mut empty = vec![false; graphs.len()];
    let flow = search_rounds(
        grid,
        technique,
        graphs,
        &mut searches,
        &mut empty,
        phased,
        starts,
        report,
    );
    SEARCHES.with(|kept| *kept.borrow_mut() = searches);
    GRAPHS.with(|graphs| graphs.borrow_mut()[kind] = kept);
    (flow, empty)
}

/// Whether the places of a digit might hold an X-Chain that removes something: whether some place, assumed true,
/// comes by the digit's links (its peers false, the other place of a house of two then true, and so on) to a place
/// that sees it. Each X-Chain's removal does (assumed true, it makes the chain's start false, and the chain makes
/// its end true, which sees it), however long the chain and whether or not it passes a cell twice; so where none
/// does, the search would find nothing. Far cheaper than the search: what each place leads to in one round, then
/// closed transitively over the places (at most a few dozen) as bit sets.
fn x_chain_possible(places: Bitboard) -> bool {
    // The other place of each house of two, per place.
    let mut pair = [Bitboard::EMPTY; 81];
    let mut any = false;
    for house in House::ALL {
        let p = house.cell_set() & places;
        if p.len() == 2 {
            let mut it = p.iter();
            if let (Some(a), Some(b)) = (it.next(), it.next()) {
                pair[a.index()].insert(b);
                pair[b.index()].insert(a);
                any = true;
            }
        }
    }
    if !any {
        return false;
    }
    let mut cells = [Cell::at(0, 0); 81];
    let mut reach = [Bitboard::EMPTY; 81];
    let mut n = 0;
    for c in places {
        // reach[i]: the places true one round or more after place `i` is assumed true.
        cells[n] = c;
        reach[n] = (c.peer_set() & places)
            .iter()
            .fold(Bitboard::EMPTY, |acc, w| acc | pair[w.index()]);
        n += 1;
    }
    let (cells, reach) = (&cells[..n], &mut reach[..n]);
    // Warshall's closure: after step `k`, each place reaches what it reaches through places `0..=k` too.
    for k in 0..n {
        let (via, ck) = (reach[k], cells[k]);
        for r in reach.iter_mut() {
            if r.contains(ck) {
                *r |= via;
            }
        }
    }
    cells
        .iter()
        .zip(reach.iter())
        .any(|(c, r)| !((*r - Bitboard::only(*c)) & c.peer_set()).is_empty())
}

/// A grid found to hold no XY-Chain: its two-candidate cells and each digit's places. An XY-Chain's graph is its
/// two-candidate cells alone, and what a chain removes only ever sees places of its digit: a grid with the same
/// two-candidate cells and no places but some of these (as a solve goes on) holds none either.
#[derive(Copy, Clone)]
struct Barren {
    bivalue: Bitboard,
    places: [Bitboard; 9],
}

impl Barren {
    fn of(grid: &Grid) -> Barren {
        Barren {
            bivalue: bivalue_cells(grid),
            places: Digit::ALL.map(|d| grid.digit_cells(d)),
        }
    }

    /// Whether `grid` holds no XY-Chain for holding what this one held, or less.
    fn holds(&self, grid: &Grid) -> bool {
        bivalue_cells(grid) == self.bivalue
            && Digit::ALL
                .iter()
                .zip(&self.places)
                .all(|(&d, &places)| (grid.digit_cells(d) - places).is_empty())
    }
}

/// The cells with two candidates.
fn bivalue_cells(grid: &Grid) -> Bitboard {
    let mut cells = Bitboard::EMPTY;
    for c in grid.empty_cells() {
        if grid.candidates(c).len() == 2 {
            cells.insert(c);
        }
    }
    cells
}

thread_local! {
    /// The last grid found to hold no XY-Chain on this thread, if the last search found none.
    static XY_BARREN: RefCell<Option<Barren>> = const { RefCell::new(None) };
}

thread_local! {
    /// For each digit, the last places of it found to hold no X-Chain on this thread. The solver's steps change one
    /// or two digits' places at a time, and a chain of one digit depends on nothing else.
    static BARREN: RefCell<[Bitboard; 9]> = const { RefCell::new([Bitboard::EMPTY; 9]) };
}

/// The search of a run over its graphs, reporting its chains round by round.
///
/// The search goes in phases, each to a longer length (`phases`, each a round's limit): a phase goes on, start by
/// start, with the searches the last phase stopped, from where they stopped, and sorts what they find into rounds.
/// The phase's first round is reported at once (start by start, as found), its later rounds after it, round by round
/// in the order found. The steps come out as from round after round of searches from scratch, each stopping at its
/// limit, yet each state is followed once in all: a run whose first chain is short never searches far, and a run
/// that finds nothing (the common case on a hard grid) pays only for keeping each search between phases.
/// Without `phased`, for a caller that takes every chain anyway, each start is searched to the last length at once
/// and its chains are held back until their phase's turn: the same steps in the same order, without the keeping.
/// `empty[g]` is set when graph `g` was searched through and gave no chain at all.
#[allow(clippy::too_many_arguments)]
fn search_rounds(
    grid: &Grid,
    technique: Technique,
    graphs: &[Graph],
    searches: &mut [Search],
    empty: &mut [bool],
    phased: bool,
    starts: Option<forcing::ChainStarts>,
    report: &mut dyn FnMut(Step) -> Flow,
) -> Flow {
    let mut reported: HashMap<Vec<(Cell, Digit)>, usize> = HashMap::new();
    let mut emit = |graph: &Graph, c: Conclusion| -> Flow {
        // A round's chains come start by start, not shortest first: a later start may give the same eliminations
        // with a shorter chain, reported again (the first report stays as it was).
        let length = c.path.len();
        match reported.get(&c.eliminations) {
            Some(&known) if known <= length => return Flow::Continue(()),
            _ => {}
        }
        reported.insert(c.eliminations.clone(), length);
        report(step_of(graph, technique, c))
    };
    let (rounds, phases): (&[u16], &[u16]) = match technique {
        Technique::GroupedNiceLoop => (&GROUPED_ROUNDS, &GROUPED_PHASES),
        Technique::NiceLoop => (&ROUNDS, &PHASES),
        _ => (&ROUNDS, &ROUNDS[ROUNDS.len() - 1..]),
    };
    let longest = rounds[rounds.len() - 1];
    // Searched in one phase, the steps still come out in the order of the phases: each chain belongs to the phase
    // whose length first reaches the state it was found at, and is held back until that phase's turn.
    let run_phases: &[u16] = if phased { phases } else { &phases[phases.len() - 1..] };
    // By phase, the chains held back to come out first in their phase (start by start), and then by round the
    // chains of its rounds after its first.
    let mut early: Vec<Vec<(usize, Conclusion)>> = phases.iter().map(|_| Vec::new()).collect();
    let mut later: Vec<Vec<Vec<(usize, Conclusion)>>> = phases
        .iter()
        .map(|_| rounds.iter().map(|_| Vec::new()).collect())
        .collect();
    let mut found = Vec::new();
    let mut any = vec![false; graphs.len()];
    for (p, &limit) in run_phases.iter().enumerate() {
        let last_phase = p + 1 == run_phases.len();
        // The phase whose chains come out as found.
        let now = if phased { p } else { 0 };
        for (g, (graph, search)) in graphs.iter().zip(searches.iter_mut()).enumerate() {
            core::mem::swap(&mut search.kept, &mut search.keeping);
            search.keeping.clear();
            let mut searched = 0;
            // Every chain starts from a node assumed false: AICs, and loops placing their start; the loops that
            // remove their start are read from the AICs between two of its partners (see `push`). An ALS is never a
            // start: an AIC through one is found from its other end, and the sets are many.
            for start in 0..graph.first_als {
                // A start whose falsehood forces nothing starts no chain.
                if graph.strong.is_empty(start) {
                    continue;
                }
                // Nor does one the closures show concludes nothing, whatever its chains.
                let node = &graph.nodes[start];
                if starts
                    .as_ref()
                    .is_some_and(|st| !st.allows(node.digit.index(), node.cells.bits()))
                {
                    continue;
                }
                let resume = (p > 0).then(|| search.kept.starts[searched]);
                searched += 1;
                if resume.is_some_and(|k| k.followed == k.queued) {
                    // The search ended before the last phase's length: there is no more to find from here.
                    if !last_phase {
                        search.keeping.starts.push(Kept::default());
                    }
                    continue;
                }
                let (head, tail) = if technique == Technique::GroupedNiceLoop {
                    explore::<true>(
                        grid, graph, search, technique, start, limit, longest, resume, &mut found,
                    )
                } else {
                    explore::<false>(
                        grid, graph, search, technique, start, limit, longest, resume, &mut found,
                    )
                };
                if !last_phase {
                    if head == tail {
                        search.keeping.starts.push(Kept::default());
                    } else {
                        search.keep(head, tail);
                    }
                }
                any[g] |= !found.is_empty();
                for c in found.drain(..) {
                    let phase = phases.iter().position(|&l| c.found_at <= l).unwrap_or(phases.len() - 1);
                    // A phased search finds a chain in the phase it belongs to (nothing else would let it out).
                    debug_assert!(!phased || phase == p, "found at {} in phase {p}", c.found_at);
                    let reached = if phase == 0 { 0 } else { phases[phase - 1] };
                    let first_round = rounds.iter().position(|&r| r > reached).unwrap_or(0);
                    match rounds.iter().position(|&r| c.depth <= r) {
                        Some(round) if round > first_round => later[phase][round].push((g, c)),
                        _ if phase == now => emit(graph, c)?,
                        _ => early[phase].push((g, c)),
                    }
                }
            }
        }
        let ended = if phased { p..p + 1 } else { 0..phases.len() };
        for phase in ended {
            for (g, c) in early[phase].drain(..) {
                emit(&graphs[g], c)?;
            }
            for round in later[phase].iter_mut() {
                for (g, c) in round.drain(..) {
                    emit(&graphs[g], c)?;
                }
            }
        }
    }
    for (e, a) in empty.iter_mut().zip(any) {
        *e = !a;
    }
    Flow::Continue(())
}

/// One breadth-first search from `start` assumed false, or the search of it kept by the last phase taken up
/// (`resume`), followed until its states reach `limit` links (they are queued up to `longest`), collecting the
/// conclusions it meets. Returns how far its queue was followed, and the queue's length.
#[allow(clippy::too_many_arguments)]
fn explore<const GROUPED: bool>(
    grid: &Grid,
    graph: &Graph,
    search: &mut Search,
    technique: Technique,
    start: usize,
    limit: u16,
    longest: u16,
    resume: Option<Kept>,
    found: &mut Vec<Conclusion>,
) -> (usize, usize) {
    let generation = search.next_generation();
    // Only a grouped search has groups and sets: the other searches are compiled without their tests.
    let is_group = |n: &NodeData| GROUPED && n.is_group();
    let first = state(start, false, is_group(&graph.nodes[start]));
    let (mut head, mut tail);
    search.aside.clear();
    if let Some(k) = resume {
        (head, tail) = search.resume(k, generation);
    } else {
        search.stamps[first] = generation;
        search.visits[first] = Visit {
            trail: Trail::of(graph.nodes[start].span),
            parent: 0,
            depth: 0,
        };
        search.queue[0] = first as u32;
        (head, tail) = (0, 1);
    }
    // The search's parts as locals, so the loop below need not reread them through `search` (8 M instructions fewer).
    let Search {
        visits,
        stamps,
        queue,
        aside,
        loop_path,
        ..
    } = search;
    let visits: &mut [Visit] = visits;
    let stamps: &mut [u32] = stamps;
    let queue: &mut [u32] = queue;
    let start_node = &graph.nodes[start];
    let start_single = !is_group(start_node);
    let mut lazy = graph.lazy.borrow_mut();
    let grouped = GROUPED;
    let loops = matches!(technique, Technique::NiceLoop | Technique::GroupedNiceLoop);
    // Whether a node sees the start (one is false when the other is true): weak links go both ways, but the start's
    // own list leaves out the nodes that force nothing, which may still end a loop.
    let sees_start = |n: &NodeData| {
        if n.digit == start_node.digit {
            (start_node.cells - n.seen).is_empty()
        } else {
            !is_group(n) && !is_group(start_node) && n.cells == start_node.cells
        }
    };
    while head < tail {
        debug_assert!(tail <= queue.len() && (queue[head] as usize) < visits.len());
        // SAFETY: `head < tail`, within the queue, which holds states of the graph (see the links below).
        let s = unsafe { *queue.get_unchecked(head) } as usize;
        let Visit { trail, depth: d, .. } = unsafe { *visits.get_unchecked(s) };
        let trail = trail.cells();
        // The states come in order of depth: from here on, each would lead past the phase's length.
        if d >= limit {
            break;
        }
        head += 1;
        let (u, u_on, u_group) = (s / 4, s % 2 == 1, s & 2 != 0);
        let next = if u_on {
            graph.weak_of(grid, &mut lazy, u)
        } else if GROUPED && u >= graph.first_als {
            graph.als_strong_of(grid, &mut lazy, u)
        } else {
            graph.strong.of(u)
        };
        // Each link's target state visited: reached before, or meeting the trail away from the start's cell, it is
        // passed over; else it is marked and queued (or set aside), and the loop's body goes on with it.
        macro_rules! visit {
            ($link:expr, $on:expr, $through_group:expr) => {{
                let link = $link;
                let v = link & !INSIDE;
                let t = state(
                    v as usize,
                    $on,
                    GROUPED && ($through_group || v as usize >= graph.first_group),
                );
                debug_assert!(t < visits.len() && (v as usize) < graph.nodes.len());
                // SAFETY: a link's target is a node of the graph, and `fit` sized the visits and stamps to four
                // states a node.
                let stamp = unsafe { stamps.get_unchecked_mut(t) };
                if *stamp == generation {
                    continue;
                }
                // SAFETY: as above.
                let v_node = unsafe { graph.nodes.get_unchecked(v as usize) };
                let inside = link & INSIDE != 0;
                debug_assert_eq!(
                    inside,
                    v_node.span == graph.nodes[u].span && (!is_group(v_node) || v_node.als)
                );
                // Whether the node lies where the start does. Such a node always meets the trail (which holds the
                // start's cells), so the test is needed only where the trail is met, or not tested (a link inside).
                let home = if inside || !(v_node.entry & trail).is_empty() {
                    let home = v_node.cells == start_node.cells;
                    if !inside && !home {
                        continue;
                    }
                    home
                } else {
                    false
                };
                *stamp = generation;
                // SAFETY: as above.
                *unsafe { visits.get_unchecked_mut(t) } = Visit {
                    trail: Trail::of(trail | v_node.span),
                    parent: s as u32,
                    depth: d + 1,
                };
                let length = d + 1;
                // A state at the length limit, or back in the start's cell (where a chain may close, never pass
                // through), is never followed further: it is checked for conclusions below, not queued.
                if length < longest && !(length >= 2 && home) {
                    debug_assert!(tail < queue.len());
                    // SAFETY: a state is queued at most once a search (its stamp is set first), and the queue has
                    // room for every state.
                    unsafe { *queue.get_unchecked_mut(tail) = t as u32 };
                    tail += 1;
                } else {
                    aside.push(t as u32);
                }
                (v as usize, t, v_node, length)
            }};
        }
        if u_on {
            // From a true node to false ones: nothing ends there (false again at the start proves nothing).
            for &link in next {
                visit!(link, false, u_group);
            }
            continue;
        }
        // Compiled twice, for a way through a group or a set and for one not (most ways are through one).
        macro_rules! strong_loop {
            ($through_group:expr) => {
                for &link in next {
                    let (v, t, end, length) = visit!(link, true, $through_group);
                    if v == start {
                        // Back at the start: assumed false, it comes out true (a discontinuous nice loop placing it,
                        // written as HoDoKu writes it: the removal of the cell's other candidates). Only a single
                        // candidate is placed so: a group or a set coming out true holds the digit in one of its
                        // cells, not in the first. A cell left with the digit alone has nothing to remove.
                        let cell = start_node.cell();
                        let others = grid.candidates(cell).without(Candidates::only(start_node.digit));
                        if loops && start_single && !others.is_empty() {
                            let eliminations = others.iter().map(|e| (cell, e)).collect();
                            push(
                                found,
                                graph,
                                visits,
                                t,
                                technique,
                                grouped,
                                DISCONTINUOUS,
                                eliminations,
                            );
                        }
                        continue;
                    }
                    // From the start false to `v` true.
                    if loops && length >= 3 && sees_start(end) {
                        close_loop(grid, graph, visits, loop_path, technique, t, first, found);
                        // The same chain read as an AIC is reported too: HoDoKu names it so when it does not come back
                        // to the start's cell, and its fewer eliminations are a step of their own.
                    }
                    // An AIC: the start or the end holds, so whatever sees both goes: the digit where both ends have
                    // it, the other end's digit in a cell that is one end and sees the other, a shared cell's other
                    // digits.
                    let (a, b) = (start_node.digit, end.digit);
                    if a != b && matches!(technique, Technique::XChain | Technique::XYChain) {
                        continue;
                    }
                    let others = |c: Cell| {
                        grid.candidates(c)
                            .without(Candidates::only(a).or(Candidates::only(b)))
                    };
                    // Most ends remove nothing, which a few bit tests tell: a node's `seen` holds only places of its
                    // digit, so with two digits, an end removes the other's digit only from a candidate the other sees.
                    let removes = if a == b {
                        !(start_node.seen & end.seen).is_empty()
                    } else {
                        let end_single = !is_group(end);
                        let (s, e) = (start_node.cell(), end.cell());
                        (end_single && start_node.seen.contains(e))
                            || (start_single
                                && (end.seen.contains(s) || (end_single && s == e && !others(s).is_empty())))
                    };
                    if !removes {
                        continue;
                    }
                    aic::<GROUPED>(grid, graph, visits, technique, start_node, end, t, found);
                }
            };
        }
        if GROUPED && u_group {
            strong_loop!(true);
        } else {
            strong_loop!(false);
        }
    }
    (head, tail)
}

/// The eliminations of a continuous nice loop closed at state `t` (the end, true, sees the start `first`, false),
/// pushed onto `found` when there are any. Out of the search's loop, which closes few loops: the loop keeps to fewer
/// registers without it. Few loops remove anything (one in three hundred over every tenth puzzle of top1465), which
/// [`loop_removes`] tells first, reading the loop's states in place.
#[inline(never)]
#[allow(clippy::too_many_arguments)]
fn close_loop(
    grid: &Grid,
    graph: &Graph,
    visits: &[Visit],
    loop_path: &mut Vec<usize>,
    technique: Technique,
    t: usize,
    first: usize,
    found: &mut Vec<Conclusion>,
) {
    if loop_removes(grid, graph, visits, t, first) {
        close_removing_loop(grid, graph, visits, loop_path, technique, t, first, found);
    }
}

/// Whether the loop closed at `t` removes anything: [`close_removing_loop`]'s eliminations, each only looked for
/// until one is found, from the loop's states walked back along their parents (the order of its links does not
/// matter to what they remove).
fn loop_removes(grid: &Grid, graph: &Graph, visits: &[Visit], t: usize, first: usize) -> bool {
    let mut states = [0usize; MAX_LENGTH as usize + 1];
    let mut n = 0;
    let mut at = t;
    loop {
        states[n] = at;
        n += 1;
        let visit = &visits[at];
        if visit.depth == 0 {
            break;
        }
        at = visit.parent as usize;
    }
    let states = &states[..n];
    let mut used = [Bitboard::EMPTY; 9];
    for &s in states {
        let node = &graph.nodes[s / 4];
        used[node.digit.index()] |= node.cells;
    }
    let loop_cells = used.iter().fold(Bitboard::EMPTY, |acc, &b| acc | b);
    // Each link as (from, to): the loop's links walked back, then the one closing it.
    let links = states
        .windows(2)
        .map(|w| (w[1], w[0]))
        .chain(core::iter::once((t, first)));
    for (a, b) in links.clone() {
        if a % 2 == 1 && b % 2 == 0 {
            let (na, nb) = (&graph.nodes[a / 4], &graph.nodes[b / 4]);
            if na.cells == nb.cells {
                let cell = na.cell();
                let pair = Candidates::only(na.digit).or(Candidates::only(nb.digit));
                if grid
                    .candidates(cell)
                    .without(pair)
                    .iter()
                    .any(|e| !used[e.index()].contains(cell))
                {
                    return true;
                }
            } else if !((na.seen & nb.seen) - loop_cells - used[na.digit.index()]).is_empty() {
                return true;
            }
        }
    }
    // Through a set: each digit's buddies, wherever they fall (see `close_removing_loop`). The closing link, from a
    // true node, is no strong link.
    for (a, b) in links {
        if a % 2 != 0 || b % 2 != 1 {
            continue;
        }
        let (na, nb) = (&graph.nodes[a / 4], &graph.nodes[b / 4]);
        let (set, other) = match (na.als, nb.als) {
            (true, _) => (a / 4, nb),
            (false, true) => (b / 4, na),
            _ => continue,
        };
        let (exits, exit_peers) = if other.als {
            (Candidates::only(other.digit), Bitboard::EMPTY)
        } else {
            let cell = other.cell();
            (
                grid.candidates(cell).without(Candidates::only(other.digit)),
                cell.peer_set(),
            )
        };
        for (z, buddies) in graph.set_buddies(set) {
            if !exits.contains(z) {
                if !buddies.is_empty() {
                    return true;
                }
            } else if !other.als && !(buddies & exit_peers).is_empty() {
                return true;
            }
        }
    }
    false
}

/// The eliminations of a loop [`loop_removes`] found to remove something, pushed onto `found`.
#[inline(never)]
#[cold]
#[allow(clippy::too_many_arguments)]
fn close_removing_loop(
    grid: &Grid,
    graph: &Graph,
    visits: &[Visit],
    loop_path: &mut Vec<usize>,
    technique: Technique,
    t: usize,
    first: usize,
    found: &mut Vec<Conclusion>,
) {
    // The end sees the start: the loop closes, and each of its weak links holds exactly one truth, so
    // whatever sees both ends of a weak link goes.
    let mut path = core::mem::take(loop_path);
    path_into(visits, t, &mut path);
    let mut gone = [Bitboard::EMPTY; 9];
    let mut used = [Bitboard::EMPTY; 9];
    for &p in &path {
        let n = graph.nodes[p / 4];
        used[n.digit.index()] |= n.cells;
    }
    let loop_cells = used.iter().fold(Bitboard::EMPTY, |acc, &b| acc | b);
    let closing = [t, first];
    for pair in path.windows(2).chain(core::iter::once(&closing[..])) {
        let (a, b) = (pair[0], pair[1]);
        if a % 2 == 1 && b % 2 == 0 {
            let (na, nb) = (&graph.nodes[a / 4], &graph.nodes[b / 4]);
            // A link inside a cell clears the cell's other digits; a link between cells (always of one
            // digit) clears the digit from the cells seeing both, outside the loop (as HoDoKu reports it):
            // what both ends make false.
            if na.cells == nb.cells {
                let cell = na.cell();
                let pair = Candidates::only(na.digit).or(Candidates::only(nb.digit));
                for e in grid.candidates(cell).without(pair) {
                    gone[e.index()].insert(cell);
                }
            } else {
                debug_assert_eq!(na.digit, nb.digit);
                gone[na.digit.index()] |= (na.seen & nb.seen) - loop_cells;
            }
        }
    }
    for i in 0..9 {
        gone[i] = gone[i] - used[i];
    }
    // Each strong link of the loop holds exactly one truth too. Through an ALS, the set then lacks
    // exactly one of the two digits it is passed on, and holds all its others; through a forced exit,
    // it lacks the entry digit or one of the exit cell's other candidates, each of which is in the set or
    // in that cell. HoDoKu removes these wherever they fall, in the loop's cells as well.
    for pair in path.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        if a % 2 != 0 || b % 2 != 1 {
            continue;
        }
        let (na, nb) = (&graph.nodes[a / 4], &graph.nodes[b / 4]);
        let (set, other) = match (na.als, nb.als) {
            (true, _) => (na, nb),
            (false, true) => (nb, na),
            _ => continue,
        };
        let span = set.span;
        // The exit cell's candidates that leave through the set, when the link is a forced exit.
        let (exits, exit_peers) = if other.als {
            (Candidates::only(other.digit), Bitboard::EMPTY)
        } else {
            let cell = other.cell();
            (
                grid.candidates(cell).without(Candidates::only(other.digit)),
                cell.peer_set(),
            )
        };
        let digits = span
            .iter()
            .fold(Candidates::default(), |acc, c| acc.or(grid.candidates(c)));
        for z in digits.without(Candidates::only(set.digit)) {
            let places = grid.digit_cells(z);
            let buddies = places & common_peers(span & places);
            if !exits.contains(z) {
                gone[z.index()] |= buddies;
            } else if !other.als {
                gone[z.index()] |= buddies & exit_peers;
            }
        }
    }
    *loop_path = path;
    if gone.iter().any(|g| !g.is_empty()) {
        push(
            found,
            graph,
            visits,
            t,
            technique,
            technique == Technique::GroupedNiceLoop,
            CONTINUOUS,
            as_list(&gone),
        );
    }
}

/// The eliminations of an AIC from `start_node`, false, to `end`, true, at state `t`, known to remove something,
/// pushed onto `found`. Out of the search's loop, as [`close_loop`].
#[allow(clippy::too_many_arguments)]
#[inline(never)]
#[cold]
fn aic<const GROUPED: bool>(
    grid: &Grid,
    graph: &Graph,
    visits: &[Visit],
    technique: Technique,
    start_node: &NodeData,
    end: &NodeData,
    t: usize,
    found: &mut Vec<Conclusion>,
) {
    let is_group = |n: &NodeData| GROUPED && n.is_group();
    let (a, b) = (start_node.digit, end.digit);
    let others = |c: Cell| grid.candidates(c).without(Candidates::only(a).or(Candidates::only(b)));
    let single = |n: &NodeData| if is_group(n) { Bitboard::EMPTY } else { n.cells };
    let (gone_a, gone_b, shared) = if a == b {
        (start_node.seen & end.seen, Bitboard::EMPTY, Bitboard::EMPTY)
    } else {
        (
            start_node.seen & single(end) & grid.digit_cells(a),
            end.seen & single(start_node) & grid.digit_cells(b),
            single(start_node) & single(end),
        )
    };
    let shared_cell = shared.first().filter(|&c| !others(c).is_empty());
    debug_assert!(!gone_a.is_empty() || !gone_b.is_empty() || shared_cell.is_some());
    let mut gone = [Bitboard::EMPTY; 9];
    gone[a.index()] |= gone_a;
    gone[b.index()] |= gone_b;
    if let Some(cell) = shared_cell {
        for e in others(cell) {
            gone[e.index()].insert(cell);
        }
    }
    let same_digit = end.digit == start_node.digit;
    let same_cell = !is_group(end) && end.cells == start_node.cells;
    let variant = match technique {
        Technique::XChain | Technique::XYChain if !same_digit => return,
        Technique::XChain | Technique::XYChain => "",
        _ if same_cell => DISCONTINUOUS,
        _ => AIC,
    };
    push(found, graph, visits, t, technique, GROUPED, variant, as_list(&gone));
}

/// Whether a chain passes through each cell once (a cell's candidates in a row count as one visit), its start cell
/// excepted where a loop comes back to it, and an ALS entered where its first place of the digit is new to the chain
/// (see [`NodeData::entry`]): the chains HoDoKu reports.
fn simple(graph: &Graph, path: &[usize]) -> bool {
    let mut seen = Bitboard::EMPTY;
    let mut previous: Option<Bitboard> = None;
    let first_cells = graph.nodes[path[0] / 4].cells;
    for (i, &s) in path.iter().enumerate() {
        let n = graph.nodes[s / 4];
        if previous == Some(n.span) && (!n.is_group() || n.als) {
            continue;
        }
        let last = i + 1 == path.len();
        let back_home = last && n.cells == first_cells && i > 0;
        if !(n.entry & seen).is_empty() && !back_home {
            return false;
        }
        seen |= n.span;
        previous = Some(n.span);
    }
    true
}

/// Records a conclusion, unless a grouped technique found a chain without groups (the ungrouped one finds it).
#[allow(clippy::too_many_arguments)]
fn push(
    found: &mut Vec<Conclusion>,
    graph: &Graph,
    visits: &[Visit],
    end: usize,
    technique: Technique,
    grouped: bool,
    variant: &'static str,
    eliminations: Vec<(Cell, Digit)>,
) {
    let path = path(visits, end);
    if !simple(graph, &path) {
        return;
    }
    // A grouped technique keeps only chains through a group: the ungrouped technique finds the others.
    if grouped && end & 2 == 0 {
        return;
    }
    // An AIC removing several candidates is also, for each of them, a discontinuous nice loop from that candidate
    // (assumed true, it makes both ends false): the step HoDoKu reports when its search starts there. Finding the
    // loops so spares a search from every candidate assumed true.
    if variant == AIC && eliminations.len() > 1 {
        for &(cell, digit) in &eliminations {
            let s = graph.candidate[cell.index() * 9 + digit.index()];
            if s == NONE {
                continue;
            }
            let mut around = Vec::with_capacity(path.len() + 2);
            around.push(state(s as usize, true, false));
            around.extend_from_slice(&path);
            around.push(state(s as usize, false, end & 2 != 0));
            if simple(graph, &around) {
                found.push(Conclusion {
                    technique,
                    variant: Some(if grouped { GROUPED_DISCONTINUOUS } else { DISCONTINUOUS }),
                    eliminations: vec![(cell, digit)],
                    path: around,
                    depth: visits[end].depth,
                    found_at: visits[end].depth,
                });
            }
        }
    }
    // An AIC removing one candidate is written as the discontinuous nice loop from that candidate, as HoDoKu
    // writes it (its AICs always remove two or more: the loop is the form it keeps).
    if variant == AIC && eliminations.len() == 1 {
        if let Some(around) = loop_from(graph, &path, eliminations[0], end & 2 != 0) {
            // Its length is the loop's, longer than the AIC's: reported in that round, after any loop found
            // directly with the same effect and fewer links.
            let longer = (around.len() - path.len()) as u16;
            found.push(Conclusion {
                technique,
                variant: Some(if grouped { GROUPED_DISCONTINUOUS } else { DISCONTINUOUS }),
                eliminations,
                path: around,
                depth: visits[end].depth + longer,
                found_at: visits[end].depth,
            });
            return;
        }
    }
    let variant = match (grouped, variant) {
        (_, "") => None,
        (false, v) => Some(v),
        (true, CONTINUOUS) => Some(GROUPED_CONTINUOUS),
        (true, DISCONTINUOUS) => Some(GROUPED_DISCONTINUOUS),
        (true, _) => Some(GROUPED_AIC),
    };
    found.push(Conclusion {
        technique,
        variant,
        eliminations,
        path,
        depth: visits[end].depth,
        found_at: visits[end].depth,
    });
}

/// The discontinuous nice loop from `removed`, assumed true, around the AIC `path` (from its start, false, to its end,
/// true), back to `removed` false; `None` when the loop would pass through a cell twice. When `removed` lies in the
/// start's cell the AIC is read backwards, so that the loop leaves its cell by a weak link and comes back by the
/// other end.
fn loop_from(graph: &Graph, path: &[usize], removed: (Cell, Digit), through_group: bool) -> Option<Vec<usize>> {
    let (cell, digit) = removed;
    let s = graph.candidate[cell.index() * 9 + digit.index()];
    let (&first, &last) = (path.first()?, path.last()?);
    if s == NONE {
        return None;
    }
    let s = s as usize;
    let mut around = Vec::with_capacity(path.len() + 2);
    around.push(state(s, true, false));
    if graph.nodes[first / 4].cells.contains(cell) && !graph.nodes[last / 4].cells.contains(cell) {
        // Backwards: each node's truth flips, and a state has passed through a group once any node before it did.
        let mut grouped = false;
        for &p in path.iter().rev() {
            grouped |= graph.nodes[p / 4].is_group();
            around.push(state(p / 4, p % 2 == 0, grouped));
        }
    } else {
        around.extend_from_slice(path);
    }
    around.push(state(s, false, through_group));
    // Back in the removed candidate's cell, the loop ends there, as HoDoKu writes it (`=7= r1c3 => r1c3<>3`): the
    // last weak link, inside the cell, goes unwritten and uncounted.
    let home = graph.nodes[around[around.len() - 2] / 4].cells.contains(cell);
    let n = around.len();
    if home && simple(graph, &around[..n - 1]) {
        around.truncate(n - 1);
        return Some(around);
    }
    simple(graph, &around).then_some(around)
}

fn step_of(graph: &Graph, technique: Technique, c: Conclusion) -> Step {
    let nodes: Vec<Node> = c
        .path
        .iter()
        .map(|&s| {
            let n = graph.nodes[s / 4];
            Node {
                digit: n.digit,
                // An ALS node names the whole set; its cells with the digit follow from the grid.
                cells: if n.als {
                    n.span.iter().collect()
                } else {
                    n.cells.iter().collect()
                },
                kind: if n.als {
                    NodeKind::Als
                } else if n.is_group() {
                    NodeKind::Group
                } else {
                    NodeKind::Candidate
                },
                on: s % 2 == 1,
            }
        })
        .collect();
    let mut digits = Candidates::default();
    let mut cells: Vec<Cell> = Vec::new();
    for n in &nodes {
        digits.insert(n.digit);
        cells.extend_from_slice(&n.cells);
    }
    cells.sort_unstable();
    cells.dedup();
    let pattern = Pattern {
        digits,
        cells,
        variant: c.variant,
        chains: vec![Chain { nodes }],
        ..Pattern::default()
    };
    let _ = technique;
    Step::elimination(c.technique, c.eliminations, pattern)
}

/// The number of links of a step's chain, as HoDoKu counts it (the library's `extra` field): the inferences from
/// the first node to the last (a continuous loop's closing link, back to where it started, is not counted).
pub fn chain_length(step: &Step) -> usize {
    step.pattern
        .chains
        .first()
        .map_or(0, |c| c.nodes.len().saturating_sub(1))
}

/// X-Chain: one digit, from a conjugate pair to a conjugate pair; the digit goes from every cell seeing both ends.
/// Searched from the starts the chain closures let through where they are made for the grid already
/// ([`forcing::kept_chain_starts`]), as are XY-Chains and nice loops.
pub(super) fn x_chain(grid: &Grid, report: &mut dyn FnMut(Step) -> Flow) -> Flow {
    run_with(
        grid,
        Technique::XChain,
        true,
        true,
        forcing::kept_chain_starts(grid).is_some(),
        report,
    )
}

/// XY-Chain: two-candidate cells linked on shared digits, starting and ending on the same digit.
pub(super) fn xy_chain(grid: &Grid, report: &mut dyn FnMut(Step) -> Flow) -> Flow {
    run_with(
        grid,
        Technique::XYChain,
        true,
        true,
        forcing::kept_chain_starts(grid).is_some(),
        report,
    )
}

/// Nice Loops (continuous and discontinuous) and AIC over single candidates.
pub(super) fn nice_loop(grid: &Grid, report: &mut dyn FnMut(Step) -> Flow) -> Flow {
    run(grid, Technique::NiceLoop, report)
}

/// Nice Loops and AIC with group nodes: only chains that use a group (the others are plain Nice Loops/AIC).
pub(super) fn grouped_nice_loop(grid: &Grid, report: &mut dyn FnMut(Step) -> Flow) -> Flow {
    run(grid, Technique::GroupedNiceLoop, report)
}

/// [`nice_loop`] for a caller that weighs every instance before it chooses (HoDoKu's rule, `choice.rs`): the
/// search goes to its last length in one phase, as no run stops early (the same steps, in the same order).
pub(super) fn nice_loop_weighed(grid: &Grid, report: &mut dyn FnMut(Step) -> Flow) -> Flow {
    // Pruned only where the starts are made already: making them costs more than the search they spare.
    let pruned = forcing::kept_chain_starts(grid).is_some();
    run_with(grid, Technique::NiceLoop, true, false, pruned, report)
}

/// Grouped Nice Loops and AIC through groups only, no almost locked set: HoDoKu's default (its paths never pass
/// through a set; the ALS techniques come next on the ladder). For a caller that weighs every instance, in one phase
/// ([`nice_loop_weighed`]), from the starts the chain closures let through ([`forcing::chain_starts`]: a third of
/// the states followed; the forcing chains take the same closures when the ladder comes to them).
pub(super) fn grouped_nice_loop_without_als_weighed(grid: &Grid, report: &mut dyn FnMut(Step) -> Flow) -> Flow {
    run_with(grid, Technique::GroupedNiceLoop, false, false, true, report)
}

/// The chain written as HoDoKu writes it: cells joined by links that carry their digit, `=d=` strong and `-d-`
/// weak, a cell written once where the chain passes between two of its digits, an almost locked set as
/// `ALS:r45c7` once where the chain passes through it.
fn chain_text(chain: &Chain) -> String {
    // Runs of consecutive nodes in one cell print as that cell.
    let mut runs: Vec<&[Node]> = Vec::new();
    let mut i = 0;
    let nodes = &chain.nodes;
    while i < nodes.len() {
        let mut j = i + 1;
        while j < nodes.len()
            && nodes[j].kind == nodes[i].kind
            && nodes[i].kind != NodeKind::Group
            && nodes[j].cells == nodes[i].cells
        {
            j += 1;
        }
        runs.push(&nodes[i..j]);
        i = j;
    }
    let link = |a: &Node, b: &Node| if !a.on && b.on { '=' } else { '-' };
    // Pushed a character at a time rather than formatted: a path writes its chains' links by the thousand.
    let mut text = String::with_capacity(nodes.len() * 8);
    if let Some(first) = runs.first() {
        if first.len() > 1 {
            // The chain starts inside a cell: name the digit it starts from.
            text.push(first[0].digit.to_char());
            text.push(link(&first[0], &first[1]));
            text.push(' ');
        }
    }
    for (k, run) in runs.iter().enumerate() {
        if k > 0 {
            let a = &runs[k - 1][runs[k - 1].len() - 1];
            let b = &run[0];
            let l = link(a, b);
            // A set left by a forced exit names the digit it forces, the exit cell's last candidate.
            let d = if a.kind == NodeKind::Als && b.kind != NodeKind::Als && l == '=' {
                b.digit
            } else {
                a.digit
            };
            text.push(' ');
            text.push(l);
            text.push(d.to_char());
            text.push(l);
            text.push(' ');
        }
        if run[0].kind == NodeKind::Als {
            text.push_str("ALS:");
        }
        notation::push_cells(&mut text, run[0].cells.iter().copied().collect());
    }
    if let Some(last) = runs.last() {
        if last.len() > 1 {
            let n = last.len();
            text.push(' ');
            text.push(link(&last[n - 2], &last[n - 1]));
            text.push(last[n - 1].digit.to_char());
        }
    }
    text
}

/// The explanation of a chain step.
pub(super) fn explain(step: &Step, lang: Lang, result: &str) -> String {
    let Some(chain) = step.pattern.chains.first() else {
        return format!("{}: {result}", step.technique);
    };
    let (Some(first), Some(last)) = (chain.nodes.first(), chain.nodes.last()) else {
        return format!("{}: {result}", step.technique);
    };
    let digits = if first.digit == last.digit {
        first.digit.to_string()
    } else {
        format!("{}/{}", first.digit, last.digit)
    };
    let name_en = step.pattern.variant.unwrap_or(step.technique.name());
    let body = chain_text(chain);
    match lang {
        Lang::En => format!("{name_en}: {digits} {body} => {result}"),
        Lang::Zh => {
            let name = match step.pattern.variant {
                Some(CONTINUOUS) => "连续环",
                Some(DISCONTINUOUS) => "不连续环",
                Some(AIC) => "交替推理链（AIC）",
                Some(GROUPED_CONTINUOUS) => "分组连续环",
                Some(GROUPED_DISCONTINUOUS) => "分组不连续环",
                Some(GROUPED_AIC) => "分组交替推理链",
                _ => step.technique.info().name_zh,
            };
            format!("{name}：{digits} {body} => {result}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::reglib::testing::{assert_all_pass, expected_step, hard_path_grids};

    const X_CHAIN: &str =
        ":0701:7:3.4+52..8...6.+9.....5..7.3.....68+9.2+3...+734....6+315+27...1.+9+6......9.+4..6.+6.8217..5::742::5";
    const XY_CHAIN: &str = ":0702:7:76+2+8+1+3+59+4...+7+6+9+1+2+8.+9.42536+7.+765+9+82.+39..1+32......+67+4+8.9..+7+9+5643+1.49+38+1..2.1.+2+47+9+8.::758 787::19";
    const DISCONTINUOUS_LOOP: &str = ":0707-1:2348:.+4..6.1.+2.275..+4+96.....43.84+1...798+5....5.2.1......+6.+7..4....+1+3.619...24.3...1.+6+9::264 364 464 864::7";
    const AIC_TYPE_2: &str = ":0708-2:38:..+2....5...+4+52.1..+5.38..+2..+3+9+86+5+7+4+122+5+74+18+6934+61.+9.+7851+3+9...+5..+8+26+1359+47745.....+1::397 817::7";
    const CONTINUOUS_LOOP: &str = ":0706:124579:548..+3...+63....8..1+2.+8....3+972.+386..+4.....3..+3...47..9+71+43+8+5+92+62569+7..+3+8+8+9+3.6.7..::114 118 124 214 224 496 524 538 718 925 926 936 955::13";
    const GROUPED_AIC: &str = ":0711-1:6:3.2....1.+1..97........+1....5..+18.6....15...7..8.+74.+1..9....1.27.1.4.......5..79.+1::612 616 619 626 634 636::7";
    /// Found only through an ALS taking in cells the chain passed through: the set of box 3 holds r1c89, the start.
    const GROUPED_LOOP_ALS_OVERLAP: &str = ":0710-4:8:..7942...3..5...4.......9...82+73.+56167.+1+5.+83213+5+82+647+9..1.......5...8..4...4156..:519 339 976:838::12";
    /// Found the same way: the set r5c147 holds r5c7, which the chain passed through four links before.
    const GROUPED_AIC_ALS_OVERLAP: &str = ":0711-4:46:.594....33.75+961.+8...+7..9.+5.....43...1..7..9+4..46.......2....+3...13.25.96....741+2:811 217 218 831 232 432 835 836 638 541 245 248 561 262 962 265 565 166 366 866 268 471 974 175 575 875 885:485 675::16";

    /// Every embedded case.
    const CASES: [&str; 8] = [
        X_CHAIN,
        XY_CHAIN,
        DISCONTINUOUS_LOOP,
        AIC_TYPE_2,
        CONTINUOUS_LOOP,
        GROUPED_AIC,
        GROUPED_LOOP_ALS_OVERLAP,
        GROUPED_AIC_ALS_OVERLAP,
    ];

    /// The grids of the embedded library cases, then every grid along the default ladder's paths of four hard
    /// puzzles.
    fn case_and_path_grids() -> Vec<Grid> {
        use crate::format::parse_library_line;
        let mut grids: Vec<Grid> = CASES
            .iter()
            .map(|line| parse_library_line(line).expect("library line parses").grid)
            .collect();
        grids.extend(hard_path_grids());
        grids
    }

    /// The test that spares most X-Chain searches passes over no digit the search finds a chain in: on every grid
    /// along the default ladder's paths of four hard puzzles, and on every embedded case's grid, each digit it
    /// rules out is searched anyway and yields nothing.
    #[test]
    fn no_x_chain_where_no_place_comes_to_a_place_it_sees() {
        let grids = case_and_path_grids();
        let (mut ruled_out, mut with_chain) = (0, 0);
        for grid in &grids {
            for d in Digit::ALL {
                let mut chains = 0;
                let (_, empty) = run_modes(
                    grid,
                    Technique::XChain,
                    &[Mode::Digit(d)],
                    false,
                    true,
                    false,
                    &mut |_| {
                        chains += 1;
                        Flow::Continue(())
                    },
                );
                if x_chain_possible(grid.digit_cells(d)) {
                    with_chain += usize::from(!empty[0]);
                } else {
                    ruled_out += 1;
                    assert!(empty[0] && chains == 0, "digit {d} ruled out, yet {chains} X-Chains");
                }
            }
        }
        assert!(
            ruled_out > 0 && with_chain > 0,
            "ruled out {ruled_out}, with a chain {with_chain}"
        );
    }

    /// The steps `search` reports at `grid` with its switch off and on, asserted the same (and in the same order);
    /// how many there are.
    fn same_steps_either_way(
        grid: &Grid,
        technique: Technique,
        search: impl Fn(bool, &mut dyn FnMut(Step) -> Flow) -> Flow,
    ) -> usize {
        let mut found: [Vec<Step>; 2] = Default::default();
        for (switch, found) in [false, true].into_iter().zip(found.iter_mut()) {
            let _ = search(switch, &mut |step| {
                found.push(step);
                Flow::Continue(())
            });
        }
        assert_eq!(
            found[0],
            found[1],
            "{technique:?} at\n{}",
            crate::format::to_pencilmarks(grid)
        );
        found[0].len()
    }

    /// A search in one phase (for callers that weigh every chain, as HoDoKu's rule does) reports the steps of the
    /// phased search, in the same order: a loop read from an AIC is longer than the state it was found at, so it
    /// may belong to a later round than its phase's first, and is held back as the phased search holds it.
    #[test]
    fn a_search_in_one_phase_reports_the_phased_search_steps_in_order() {
        let grids = case_and_path_grids();
        let mut steps = 0;
        for grid in &grids {
            for (technique, als) in [
                (Technique::NiceLoop, true),
                (Technique::GroupedNiceLoop, false),
                (Technique::GroupedNiceLoop, true),
            ] {
                steps += same_steps_either_way(grid, technique, |phased, report| {
                    run_with(grid, technique, als, phased, false, report)
                });
            }
        }
        assert!(steps > 1000, "only {steps} steps compared");
    }

    /// The starts the chain closures rule out conclude nothing: a search from the others alone reports the same
    /// steps, in the same order, for every chain the closures follow (not through sets), on the library cases'
    /// grids and along four hard paths; and the closures rule out some starts.
    #[test]
    fn a_search_from_the_starts_the_closures_let_through_reports_every_step() {
        let grids = case_and_path_grids();
        let (mut steps, mut ruled_out) = (0, 0);
        for grid in &grids {
            let starts = forcing::chain_starts(grid);
            for technique in [
                Technique::XChain,
                Technique::XYChain,
                Technique::NiceLoop,
                Technique::GroupedNiceLoop,
            ] {
                for phased in [false, true] {
                    steps += same_steps_either_way(grid, technique, |pruned, report| {
                        run_with(grid, technique, false, phased, pruned, report)
                    });
                }
            }
            ruled_out += grid
                .empty_cells()
                .iter()
                .flat_map(|c| grid.candidates(c).iter().map(move |d| (c, d)))
                .filter(|&(c, d)| !starts.allows(d.index(), Bitboard::only(c).bits()))
                .count();
        }
        assert!(
            steps > 1000 && ruled_out > 1000,
            "{steps} steps, {ruled_out} starts ruled out"
        );
    }

    #[test]
    fn library_cases_pass() {
        assert_all_pass(&CASES);
    }

    #[test]
    fn explanations_write_the_chain_as_hodoku_does() {
        let cases = [
            (X_CHAIN, "X-Chain: 7 r1c2 =7= r1c9 -7- r2c8 =7= r7c8 -7- r7c3 =7= r4c3 => r4c2<>7", 5),
            (
                XY_CHAIN,
                "XY-Chain: 7 7= r5c7 -6- r5c9 -5- r5c2 -8- r7c2 -2- r7c1 -8- r3c1 -1- r4c1 -4- r4c8 -1- r6c8 -5- r8c8 =7 \
                 => r5c8,r8c7<>7",
                19,
            ),
            (
                DISCONTINUOUS_LOOP,
                "Discontinuous Nice Loop: 1 r6c4 =1= r3c4 =2= r3c5 =9= r6c5 =1= r6c4 => r6c4<>2, r6c4<>3, r6c4<>4, \
                 r6c4<>8",
                7,
            ),
            (
                AIC_TYPE_2,
                "AIC: 3/8 r1c7 =3= r2c8 =7= r2c2 =8= r2c9 -8- r7c9 =8= r9c7 => r9c7<>3, r1c7<>8",
                7,
            ),
            (
                GROUPED_AIC,
                // Shorter than HoDoKu's (7 links, through groups), through an ALS of box 8 that, without its 8,
                // leaves r1c5 only its 6.
                "Grouped AIC: 6 6= r1c4 -8- ALS:r7c45,r9c45 =6= r1c5 => r1c269,r2c6,r3c46<>6",
                3,
            ),
            (
                GROUPED_LOOP_ALS_OVERLAP,
                // The set of box 3, entered at r1c7 (its first place of 1), holds the start's r1c89. It removes one
                // candidate, so it is written as the loop from it, as HoDoKu writes it (the library's code is 0710).
                "Grouped Discontinuous Nice Loop: 8 r3c8 -8- r1c89 =8= r1c1 -8- ALS:r235c3 =1= r1c2 -1- \
                 ALS:r1c789,r23c9 -8- r3c8 => r3c8<>8",
                7,
            ),
        ];
        for (line, text, length) in cases {
            let step = expected_step(line);
            assert_eq!(step.explain(Lang::En), text);
            // The library's last field is HoDoKu's chain length.
            assert_eq!(chain_length(&step), length, "{text}");
        }
        let step = expected_step(CONTINUOUS_LOOP);
        assert!(step
            .explain(Lang::En)
            .starts_with("Continuous Nice Loop: 6/7 r1c4 =6= r1c8 =9= r1c5 -9- r3c5"));
        assert_eq!(chain_length(&step), 13);
        assert_eq!(
            expected_step(AIC_TYPE_2).explain(Lang::Zh),
            "交替推理链（AIC）：3/8 r1c7 =3= r2c8 =7= r2c2 =8= r2c9 -8- r7c9 =8= r9c7 => r9c7<>3, r1c7<>8"
        );
        assert_eq!(
            expected_step(X_CHAIN).explain(Lang::Zh),
            "X链：7 r1c2 =7= r1c9 -7- r2c8 =7= r7c8 -7- r7c3 =7= r4c3 => r4c2<>7"
        );
    }

    #[test]
    fn every_chain_step_is_a_chain_of_sound_links() {
        // Each step's chain alternates as its links say: false to true across a strong link, true to false across
        // a weak one, starting from the assumption.
        for line in CASES {
            let step = expected_step(line);
            let chain = &step.pattern.chains[0];
            for pair in chain.nodes.windows(2) {
                assert_ne!(pair[0].on, pair[1].on, "{}", step.explain(Lang::En));
            }
        }
    }
}
