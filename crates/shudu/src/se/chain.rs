//! SE's chaining rules: here bidirectional cycles and forcing chains of X-links (one digit, two places in a house),
//! Y-links (one cell, two candidates) or both (6.5 and up); Nishio, multiple and dynamic forcing chains are in
//! the private module `net`, and the rules dynamic chains "(+)" (9.0) apply inside their nets in `plus`. The
//! nested levels "(+ Forcing Chains)" (9.5) and "(+ Multiple Forcing Chains)" (10.0) run this module's cycles and
//! forcing chains inside their nets (`nested_hints`).
//!
//! A chain is a walk over candidates, each either *on* (the candidate is the cell's digit) or *off*: from an on
//! candidate, its cell's other candidates (with Y-links) and its digit's other places in its houses are off; from an
//! off candidate, the cell's other candidate when it has two (Y) and the digit's other place in a house where it
//! has two (X) are on. SE walks it breadth first, all the on candidates of a round, then all the off ones, each
//! candidate reached once. A walk from a candidate that comes back to it on, in four or more links, is a
//! bidirectional cycle; one that reaches the start's opposite is a forcing chain, which proves the start false
//! (started on) or true (started off). A hint's complexity is the number of candidates its chain passes; its
//! rating the rule's base (a cycle of one kind of link 6.5, both kinds 7.0; a forcing X-chain 6.6, with Y-links
//! 7.0) plus SE's length bonus. SE gathers every hint of the rule, keeps the first of each set of eliminations,
//! and takes them by rating, then complexity, then kind of links.

use core::fmt;
use core::ops::ControlFlow;

use super::board::{bits16, Board, CELL_REGIONS, REGION_CELLS};
use super::hint::{Hint, Kind};
use super::net::positions;
use super::reach::Reach;
use super::{Rule, Sink};

/// The name of a chain hint, as SE gives it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ChainName {
    /// A cycle of X-links only.
    XCycle,
    /// A cycle of Y-links only.
    YCycle,
    /// A cycle of both kinds of link.
    Cycle,
    /// A short forcing chain of X-links (complexity up to 6).
    TurbotFish,
    /// A longer forcing chain of X-links.
    ForcingXChain,
    /// A forcing chain of Y-links only.
    ForcingYChain,
    /// A forcing chain of both kinds of link.
    ForcingChain,
    /// A supposition of one digit that ends in a contradiction, followed by that digit's links only (7.5 and up).
    Nishio,
    /// Every candidate of a cell leads to the same conclusion (8.0 and up).
    CellForcing,
    /// Every place of a digit in a house leads to the same conclusion (8.0 and up).
    RegionForcing,
    /// Cell forcing chains whose links see the candidates the chain has removed (8.5 and up; the level adds 0.5
    /// each).
    DynamicCell(u8),
    /// Region forcing chains, dynamic.
    DynamicRegion(u8),
    /// A supposition that, dynamically followed, ends in a contradiction.
    DynamicContradiction(u8),
    /// A candidate whose truth and falsity, dynamically followed, lead to the same conclusion.
    DynamicDouble(u8),
}

impl fmt::Display for ChainName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match *self {
            ChainName::XCycle => "Bidirectional X-Cycle",
            ChainName::YCycle => "Bidirectional Y-Cycle",
            ChainName::Cycle => "Bidirectional Cycle",
            ChainName::TurbotFish => "Turbot Fish",
            ChainName::ForcingXChain => "Forcing X-Chain",
            ChainName::ForcingYChain => "Forcing Y-Chain",
            ChainName::ForcingChain => "Forcing Chain",
            ChainName::Nishio => "Nishio Forcing Chains",
            ChainName::CellForcing => "Cell Forcing Chains",
            ChainName::RegionForcing => "Region Forcing Chains",
            ChainName::DynamicCell(level) => return dynamic(f, "Cell", level),
            ChainName::DynamicRegion(level) => return dynamic(f, "Region", level),
            ChainName::DynamicContradiction(level) => return dynamic(f, "Contradiction", level),
            ChainName::DynamicDouble(level) => return dynamic(f, "Double", level),
        })
    }
}

/// SE's name of a dynamic chaining hint: `(+)` marks level 1 (pointing, claiming, pairs and X-Wings inside), and
/// the nested levels name the chaining rule they run inside.
fn dynamic(f: &mut fmt::Formatter<'_>, what: &str, level: u8) -> fmt::Result {
    match level {
        0 => write!(f, "Dynamic {what} Forcing Chains"),
        1 => write!(f, "Dynamic {what} Forcing Chains (+)"),
        // The nested levels are named by the rule inside, as SE's traces show for levels 2 and 3.
        2 => write!(f, "Dynamic {what} Forcing Chains (+ Forcing Chains)"),
        3 => write!(f, "Dynamic {what} Forcing Chains (+ Multiple Forcing Chains)"),
        4 => write!(f, "Dynamic {what} Forcing Chains (+ Dynamic Forcing Chains)"),
        _ => write!(f, "Dynamic {what} Forcing Chains (+ Dynamic Forcing Chains (+))"),
    }
}

/// SE's bonus for a chain's length: a tenth for each of the thresholds 4, 6, 8, 12, 16, 24, … (alternately ×3/2
/// and ×4/3) that `complexity − 2` passes, added as SE adds them.
pub fn length_bonus(complexity: u32) -> f64 {
    let length = i64::from(complexity) - 2;
    let mut added = 0.0;
    let mut ceiling = 4i64;
    let mut odd = false;
    while length > ceiling {
        added += 0.1;
        ceiling = if odd { ceiling * 4 / 3 } else { ceiling * 3 / 2 };
        odd = !odd;
    }
    added
}

/// A candidate with a polarity: `on` when the cell holds the digit.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct Potential {
    pub(super) cell: u8,
    pub(super) digit: u8,
    pub(super) on: bool,
}

impl Potential {
    pub(super) fn index(self) -> usize {
        usize::from(self.cell) * 9 + usize::from(self.digit - 1)
    }

    pub(super) fn flipped(self) -> Potential {
        Potential { on: !self.on, ..self }
    }
}

const NONE: u32 = u32::MAX;

/// The nodes a walk reached, each with the node it came from, and where each candidate was first reached (stamped
/// with the walk's number, so that a new walk starts without clearing the tables).
struct Walk {
    nodes: Vec<(Potential, u32)>,
    on: Vec<(u32, u32)>,
    off: Vec<(u32, u32)>,
    stamp: u32,
    /// The off candidates on the path of the on node being followed, marked with `mark` (a cycle's test of which
    /// off candidates it may pass again, made once a node rather than once a link).
    path_off: Vec<u32>,
    mark: u32,
}

impl Walk {
    fn new() -> Walk {
        Walk {
            nodes: Vec::with_capacity(256),
            on: vec![(0, NONE); 729],
            off: vec![(0, NONE); 729],
            stamp: 0,
            path_off: vec![0; 729],
            mark: 0,
        }
    }

    fn clear(&mut self) {
        self.nodes.clear();
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.on.fill((0, NONE));
            self.off.fill((0, NONE));
            self.stamp = 1;
        }
    }

    fn seen(&self, p: Potential) -> bool {
        let table = if p.on { &self.on } else { &self.off };
        table[p.index()].0 == self.stamp
    }

    fn add(&mut self, p: Potential, parent: u32) -> u32 {
        let id = self.nodes.len() as u32;
        self.nodes.push((p, parent));
        let stamp = self.stamp;
        let table = if p.on { &mut self.on } else { &mut self.off };
        if table[p.index()].0 != stamp {
            table[p.index()] = (stamp, id);
        }
        id
    }

    /// The node where `p` was first reached.
    fn first(&self, p: Potential) -> u32 {
        let table = if p.on { &self.on } else { &self.off };
        table[p.index()].1
    }

    /// Marks the off candidates among `id` and its ancestors, for [`Walk::off_on_path`].
    fn mark_path(&mut self, mut id: u32) {
        self.mark = self.mark.wrapping_add(1);
        if self.mark == 0 {
            self.path_off.fill(0);
            self.mark = 1;
        }
        while id != NONE {
            let (q, parent) = self.nodes[id as usize];
            if !q.on {
                self.path_off[q.index()] = self.mark;
            }
            id = parent;
        }
    }

    /// Whether the off candidate `p` is on the path last marked.
    fn off_on_path(&self, p: Potential) -> bool {
        self.path_off[p.index()] == self.mark
    }

    /// The number of nodes from `id` back to the start.
    fn length(&self, mut id: u32) -> u32 {
        let mut n = 0;
        while id != NONE {
            n += 1;
            id = self.nodes[id as usize].1;
        }
        n
    }

    /// The candidates from `id` back to the start, the node itself first.
    fn path(&self, mut id: u32) -> Vec<Potential> {
        let mut out = Vec::new();
        while id != NONE {
            let (p, parent) = self.nodes[id as usize];
            out.push(p);
            id = parent;
        }
        out
    }
}

/// For every candidate of a board, the cells its digit also has in its houses (box, row, column, each in order, each
/// cell once) and its conjugates (the digit's other place in each house where it has two, each cell once): the
/// links of every walk of a step, found once.
pub(super) struct Adjacency {
    spans: Vec<(u16, u8, u8)>,
    cells: Vec<u8>,
}

impl Adjacency {
    pub(super) fn new(board: &Board) -> Adjacency {
        let mut spans = vec![(0u16, 0u8, 0u8); 729];
        let mut cells = Vec::with_capacity(4096);
        let places = board.places();
        for cell in 0..81 {
            for d in bits16(board.cands[cell]) {
                let start = cells.len();
                for &region in &CELL_REGIONS[cell] {
                    for &other in &REGION_CELLS[usize::from(region)] {
                        if usize::from(other) != cell
                            && board.cands[usize::from(other)] >> d & 1 != 0
                            && !cells[start..].contains(&other)
                        {
                            cells.push(other);
                        }
                    }
                }
                let peers = cells.len() - start;
                for &region in &CELL_REGIONS[cell] {
                    let region = usize::from(region);
                    let there = places[region][d];
                    if there.count_ones() == 2 {
                        for i in bits16(there) {
                            let other = REGION_CELLS[region][i];
                            if usize::from(other) != cell && !cells[start + peers..].contains(&other) {
                                cells.push(other);
                            }
                        }
                    }
                }
                spans[cell * 9 + d] = (start as u16, peers as u8, (cells.len() - start - peers) as u8);
            }
        }
        Adjacency { spans, cells }
    }

    /// The cells where `p`'s digit is also a candidate in `p`'s houses.
    pub(super) fn peers(&self, p: Potential) -> &[u8] {
        let (start, peers, _) = self.spans[p.index()];
        &self.cells[usize::from(start)..usize::from(start) + usize::from(peers)]
    }

    /// The cells where `p`'s digit has its other place in a house of `p` where it has two.
    pub(super) fn conjugates(&self, p: Potential) -> &[u8] {
        let (start, peers, conj) = self.spans[p.index()];
        let from = usize::from(start) + usize::from(peers);
        &self.cells[from..from + usize::from(conj)]
    }
}

/// The candidates an on candidate turns off, in SE's order: its cell's other candidates (with Y-links), then its
/// digit's other places in its box, row and column.
fn on_to_off(board: &Board, adj: &Adjacency, p: Potential, y: bool, out: &mut Vec<Potential>) {
    out.clear();
    let cell = usize::from(p.cell);
    if y {
        for d in bits16(board.cands[cell]) {
            let d = d as u8 + 1;
            if d != p.digit {
                out.push(Potential {
                    cell: p.cell,
                    digit: d,
                    on: false,
                });
            }
        }
    }
    for &other in adj.peers(p) {
        out.push(Potential {
            cell: other,
            digit: p.digit,
            on: false,
        });
    }
}

/// The candidates an off candidate turns on: its cell's other candidate when it has two (Y), its digit's other place
/// in a house where it has two (X: box, row, column).
fn off_to_on(board: &Board, adj: &Adjacency, p: Potential, y: bool, x: bool, out: &mut Vec<Potential>) {
    out.clear();
    let cell = usize::from(p.cell);
    if y {
        let cands = board.cands[cell];
        if cands.count_ones() == 2 {
            let other = bits16(cands)
                .map(|d| d as u8 + 1)
                .find(|&d| d != p.digit)
                .unwrap_or(p.digit);
            out.push(Potential {
                cell: p.cell,
                digit: other,
                on: true,
            });
        }
    }
    if x {
        for &other in adj.conjugates(p) {
            out.push(Potential {
                cell: other,
                digit: p.digit,
                on: true,
            });
        }
    }
}

/// A hint found, with what SE sorts by.
pub(super) struct Found {
    pub(super) hint: Hint,
    pub(super) sort_key: u8,
}

/// The kind of links a walk uses, and the sort key and bases SE gives its hints.
#[derive(Copy, Clone)]
pub(super) struct Links {
    pub(super) y: bool,
    pub(super) x: bool,
}

impl Links {
    fn sort_key(self) -> u8 {
        match (self.x, self.y) {
            (true, false) => 2,
            (false, true) => 3,
            _ => 4,
        }
    }
}

/// A walk's working lists: the candidates a node links to, and the nodes of the round to come.
type Scratch = (Vec<Potential>, Vec<Potential>, Vec<u32>, Vec<u32>);

/// Walks from `source`: cycles back to it (recorded as the node reaching it) and forcing chains to its opposite.
/// The rule finds its forcing chains with [`Reach`], which needs no nodes; this walk's are the tests' reference.
#[allow(clippy::too_many_arguments)]
fn walk(
    board: &Board,
    adj: &Adjacency,
    source: Potential,
    links: Links,
    cycles: bool,
    limit: u32,
    walk: &mut Walk,
    found: &mut Vec<u32>,
    scratch: &mut Scratch,
) {
    walk.clear();
    found.clear();
    let root = walk.add(source, NONE);
    let (pending_on, pending_off) = (&mut scratch.2, &mut scratch.3);
    pending_on.clear();
    pending_off.clear();
    if source.on {
        pending_on.push(root);
    } else {
        pending_off.push(root);
    }
    let mut depth = 0;
    while !pending_on.is_empty() || !pending_off.is_empty() {
        depth += 1;
        // What this round reaches is `depth` links from the start: a chain ending here has at least `depth`
        // candidates.
        if depth > limit {
            return;
        }
        for &id in pending_on.iter() {
            let p = walk.nodes[id as usize].0;
            if cycles {
                walk.mark_path(id);
            }
            on_to_off(board, adj, p, links.y, &mut scratch.0);
            for &q in &scratch.0 {
                if !cycles && q == source.flipped() {
                    found.push(walk.add(q, id));
                    continue;
                }
                // An off candidate that turns nothing on is an end or nothing: no walk goes through it.
                if !turns_any_on(board, adj, q, links) {
                    continue;
                }
                // A cycle may pass an off candidate again, as long as not its own ancestor; a chain passes each once.
                // Again, it can only close the cycle (what it turns on is reached already): it is kept only if it
                // turns the start on.
                let fresh = if cycles {
                    !walk.off_on_path(q) && (!walk.seen(q) || turns_on(board, adj, q, source, links))
                } else {
                    !walk.seen(q)
                };
                if fresh {
                    let n = walk.add(q, id);
                    pending_off.push(n);
                }
            }
        }
        pending_on.clear();
        // A forcing chain's ends are all its start's opposite, and only the shortest is used (it has the fewest
        // candidates, every candidate of such a walk being new): the walk ends with the round that first gets there.
        if !cycles && !found.is_empty() {
            return;
        }
        depth += 1;
        if depth > limit {
            return;
        }
        for &id in pending_off.iter() {
            let p = walk.nodes[id as usize].0;
            if cycles && walk.first(p) != id {
                if depth >= 4 {
                    found.push(walk.add(source, id));
                }
                continue;
            }
            off_to_on(board, adj, p, links.y, links.x, &mut scratch.1);
            for &q in &scratch.1 {
                if cycles && depth >= 4 && q == source {
                    found.push(walk.add(q, id));
                    continue;
                }
                if !cycles && q == source.flipped() {
                    found.push(walk.add(q, id));
                    continue;
                }
                if !walk.seen(q) {
                    let n = walk.add(q, id);
                    pending_on.push(n);
                }
            }
        }
        pending_off.clear();
        if !cycles && !found.is_empty() {
            return;
        }
    }
}

/// Whether the off candidate `p` turns anything on.
fn turns_any_on(board: &Board, adj: &Adjacency, p: Potential, links: Links) -> bool {
    (links.y && board.cands[usize::from(p.cell)].count_ones() == 2) || (links.x && !adj.conjugates(p).is_empty())
}

/// Whether the off candidate `p` turns `target` on.
fn turns_on(board: &Board, adj: &Adjacency, p: Potential, target: Potential, links: Links) -> bool {
    if p.cell == target.cell {
        links.y && p.digit != target.digit && board.cands[usize::from(p.cell)].count_ones() == 2
    } else {
        links.x && p.digit == target.digit && adj.conjugates(p).contains(&target.cell)
    }
}

/// The number of distinct candidates on a path.
fn distinct(path: &[Potential]) -> u32 {
    let mut seen: Vec<Potential> = Vec::with_capacity(path.len());
    for p in path {
        if !seen.contains(p) {
            seen.push(*p);
        }
    }
    seen.len() as u32
}

fn cycle_hint(board: &Board, adj: &Adjacency, path: &[Potential], links: Links) -> Option<Found> {
    // The path runs from the closing node back to the start: the start twice.
    let cycle = &path[1..];
    let mut off_a = [0u128; 9];
    let mut off_b = [0u128; 9];
    let mut scratch = Vec::new();
    for p in cycle {
        let (table, q) = if p.on {
            (&mut off_a, *p)
        } else {
            (&mut off_b, p.flipped())
        };
        on_to_off(board, adj, q, false, &mut scratch);
        for r in &scratch {
            table[usize::from(r.digit - 1)] |= 1u128 << r.cell;
        }
    }
    // Candidates off in both colourings go, but none in the cycle's own cells.
    let cells: u128 = cycle.iter().fold(0, |s, p| s | 1u128 << p.cell);
    let mut elim = Vec::new();
    for d in 0..9 {
        let both = off_a[d] & off_b[d] & !cells;
        for c in super::board::bits128(both) {
            elim.push((c as u8, d as u8 + 1));
        }
    }
    if elim.is_empty() {
        return None;
    }
    let complexity = distinct(cycle);
    let (name, base) = match (links.x, links.y) {
        (true, false) => (ChainName::XCycle, 6.5),
        (false, true) => (ChainName::YCycle, 6.5),
        _ => (ChainName::Cycle, 7.0),
    };
    let mut hint = Hint::removing(Kind::Chain(name), base + length_bonus(complexity), elim);
    hint.complexity = complexity;
    Some(Found {
        hint,
        sort_key: links.sort_key(),
    })
}

fn forcing_hint(board: &Board, target: Potential, complexity: u32, links: Links) -> Found {
    let (name, base) = match (links.x, links.y) {
        (true, false) if complexity <= 6 => (ChainName::TurbotFish, 6.6),
        (true, false) => (ChainName::ForcingXChain, 6.6),
        (false, true) => (ChainName::ForcingYChain, 6.6),
        _ => (ChainName::ForcingChain, 7.0),
    };
    conclusion(board, target, name, base, complexity, links.sort_key())
}

/// A hint concluding `target` with `complexity`: off, it is removed; on, its cell's other candidates go and it is
/// placed. Every chaining rule, static or dynamic, concludes this way.
pub(super) fn conclusion(
    board: &Board,
    target: Potential,
    name: ChainName,
    base: f64,
    complexity: u32,
    key: u8,
) -> Found {
    let rating = base + length_bonus(complexity);
    let mut hint = if target.on {
        let cell = usize::from(target.cell);
        let elim = bits16(board.cands[cell])
            .map(|d| d as u8 + 1)
            .filter(|&d| d != target.digit)
            .map(|d| (target.cell, d))
            .collect();
        let mut h = Hint::removing(Kind::Chain(name), rating, elim);
        h.placement = Some((target.cell, target.digit));
        h
    } else {
        Hint::removing(Kind::Chain(name), rating, vec![(target.cell, target.digit)])
    };
    hint.complexity = complexity;
    Found { hint, sort_key: key }
}

/// Cycles and forcing X-, Y- and XY-chains: every hint, deduplicated and sorted as SE does.
fn forcing_chains(board: &Board, sink: Sink) -> ControlFlow<()> {
    emit(gather(board, false), sink)
}

/// The first hint of the cycles and forcing chains, as [`forcing_chains`] would give it first, found sooner: a walk
/// stops at the depth past which no chain of it could come before the best hint found so far.
pub(super) fn first_forcing_chain(board: &Board) -> Option<Hint> {
    let mut first = None;
    let _ = emit(gather(board, true), &mut |h| {
        first = Some(h);
        ControlFlow::Break(())
    });
    first
}

/// The order of hints: rating, then complexity, then sort key (a hint found later comes after one equal to it).
fn before(a: (f64, u32, u8), b: (f64, u32, u8)) -> bool {
    a.0 < b.0 || (a.0 == b.0 && (a.1 < b.1 || (a.1 == b.1 && a.2 < b.2)))
}

/// The deepest round of a walk whose chains (of complexity at least the round's depth) could still come before
/// `best`.
fn depth_limit(base: f64, key: u8, best: Option<(f64, u32, u8)>) -> u32 {
    let Some(best) = best else {
        return u32::MAX;
    };
    let mut c = 0;
    while c < 1000 && before((base + length_bonus(c + 1), c + 1, key), best) {
        c += 1;
    }
    c
}

/// The starts of the rule's walks in SE's order: Y-links alone, X-links alone, then both; cells in order (a cell
/// with two candidates or more, and only two for Y-links alone); each candidate on.
fn starts(board: &Board) -> impl Iterator<Item = (Links, Potential)> + '_ {
    [
        Links { y: true, x: false },
        Links { y: false, x: true },
        Links { y: true, x: true },
    ]
    .into_iter()
    .flat_map(move |links| {
        (0..81u8).flat_map(move |cell| {
            let cands = board.cands[usize::from(cell)];
            let open =
                board.values[usize::from(cell)] == 0 && cands.count_ones() >= 2 && (links.x || cands.count_ones() == 2);
            bits16(if open { cands } else { 0 }).map(move |d| {
                (
                    links,
                    Potential {
                        cell,
                        digit: d as u8 + 1,
                        on: true,
                    },
                )
            })
        })
    })
}

/// SE's order of a rule's hints: rating, then complexity, then sort key.
fn se_order(a: &Found, b: &Found) -> core::cmp::Ordering {
    a.hint
        .rating
        .partial_cmp(&b.hint.rating)
        .unwrap_or(core::cmp::Ordering::Equal)
        .then(a.hint.complexity.cmp(&b.hint.complexity))
        .then(a.sort_key.cmp(&b.sort_key))
}

/// Every hint of cycles and forcing chains, in the order SE finds them; with `first_only`, only those that could be
/// first once sorted (every hint that could be is kept).
fn gather(board: &Board, first_only: bool) -> Vec<Found> {
    let mut found: Vec<Found> = Vec::new();
    let mut best: Option<(f64, u32, u8)> = None;
    let mut w = Walk::new();
    let mut ends = Vec::new();
    let mut scratch: Scratch = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let adj = Adjacency::new(board);
    let reach = Reach::new(board);
    let keep = |found: &mut Vec<Found>, best: &mut Option<(f64, u32, u8)>, f: Found| {
        let k = (f.hint.rating, f.hint.complexity, f.sort_key);
        if best.is_none_or(|b| before(k, b)) {
            *best = Some(k);
        }
        found.push(f);
    };
    for (links, on) in starts(board) {
        let cycle_base = if links.x && links.y { 7.0 } else { 6.5 };
        let chain_base = if links.y { 7.0 } else { 6.6 };
        // A cycle comes back to its start through an off candidate that turns it on, and a chain from the
        // start off leaves it the same way: where nothing can (no conjugate, no bivalue cell), neither walk
        // finds anything.
        let closes = turns_any_on(board, &adj, on.flipped(), links);
        let limit = if first_only {
            depth_limit(cycle_base, links.sort_key(), best)
        } else {
            u32::MAX
        };
        if closes {
            walk(board, &adj, on, links, true, limit, &mut w, &mut ends, &mut scratch);
        } else {
            ends.clear();
        }
        for &end in &ends {
            // A cycle's candidates are all distinct but its start, met twice: a cycle that could not come
            // first is not made into a hint.
            let complexity = w.length(end) - 1;
            let k = (cycle_base + length_bonus(complexity), complexity, links.sort_key());
            if first_only && best.is_some_and(|b| !before(k, b)) {
                continue;
            }
            if let Some(f) = cycle_hint(board, &adj, &w.path(end), links) {
                keep(&mut found, &mut best, f);
            }
        }
        if links.x {
            for start in [on, on.flipped()] {
                if !start.on && !closes {
                    continue;
                }
                let limit = if first_only {
                    depth_limit(chain_base, links.sort_key(), best)
                } else {
                    u32::MAX
                };
                // Every end of one walk proves the same thing, and only the shortest can come first once
                // sorted: its length is all the hint needs, and `reach` finds it without the walk's nodes.
                if let Some(complexity) = reach.chain_length(start, links, limit) {
                    let f = forcing_hint(board, start.flipped(), complexity, links);
                    keep(&mut found, &mut best, f);
                }
            }
        }
    }
    found
}

/// The removed candidates (on `source`, not on `board`) that the links of `path` (from its end back to its start)
/// rest on ([`link_cause`]). For a forcing chain these are its off-to-on links only; for a cycle every link, in
/// either polarity (what SE's traces show: serate's first nested hint at 110 of 113 positions, against 92 with the
/// off-to-on links alone read both ways). A chain found inside a net makes its eliminations with these as their
/// causes.
fn link_causes(board: &Board, source: &[u16; 81], path: &[Potential], cycle: bool, out: &mut Vec<(u8, u8)>) {
    for pair in path.windows(2) {
        let (child, parent) = (pair[0], pair[1]);
        if cycle || (child.on && !parent.on) {
            link_cause(board, source, parent, child, &[], out);
        }
    }
}

/// The removed candidates (on `source`, not on `board`) the link from `parent` to `child` rests on, as SE tags the
/// link when it makes `child`: inside a cell, the cell's other candidates; in a house (the first of box, row and
/// column holding both cells, and for an off-to-on link the first where the digit has two places left), the digit's
/// other places there. In a dynamic chain the house's other places may have gone in the chain itself: `removed` are
/// those (the link's other parents), and the house is the first where they and the two cells are all the places.
pub(super) fn link_cause(
    board: &Board,
    source: &[u16; 81],
    parent: Potential,
    child: Potential,
    removed: &[Potential],
    out: &mut Vec<(u8, u8)>,
) {
    let cell = usize::from(child.cell);
    if child.cell == parent.cell {
        removed_in_cell(board, source, child.cell, out);
        return;
    }
    let off_to_on = child.on && !parent.on;
    for &region in &CELL_REGIONS[cell] {
        let region = usize::from(region);
        let cells = &REGION_CELLS[region];
        if !cells.contains(&parent.cell) {
            continue;
        }
        if off_to_on {
            let places = positions(&board.cands, region, child.digit);
            let gone = removed
                .iter()
                .filter(|r| r.digit == child.digit && cells.contains(&r.cell))
                .count();
            if gone != removed.len() || places.count_ones() as usize != 2 + gone {
                continue;
            }
        }
        removed_in_house(board, source, region, child.digit, out);
        return;
    }
}

/// The candidates of `cell` on `source` that are gone from `board`.
pub(super) fn removed_in_cell(board: &Board, source: &[u16; 81], cell: u8, out: &mut Vec<(u8, u8)>) {
    let c = usize::from(cell);
    out.extend(bits16(source[c] & !board.cands[c]).map(|d| (cell, d as u8 + 1)));
}

/// The places of `digit` in house `region` on `source` that are gone from `board`.
pub(super) fn removed_in_house(board: &Board, source: &[u16; 81], region: usize, digit: u8, out: &mut Vec<(u8, u8)>) {
    let gone = positions(source, region, digit) & !positions(&board.cands, region, digit);
    out.extend(bits16(gone).map(|i| (REGION_CELLS[region][i], digit)));
}

/// The walk's shortest forcing chain from `start` (its candidates counted, and the path from its end back to the
/// start), the first found of the shortest.
fn shortest_chain(
    board: &Board,
    adj: &Adjacency,
    start: Potential,
    links: Links,
    w: &mut Walk,
    ends: &mut Vec<u32>,
    scratch: &mut Scratch,
) -> Option<(u32, Vec<Potential>)> {
    walk(board, adj, start, links, false, u32::MAX, w, ends, scratch);
    ends.iter()
        .map(|&e| {
            let path = w.path(e);
            (distinct(&path), path)
        })
        .min_by_key(|(n, _)| *n)
}

/// What a hint found inside a net of the nested levels rests on: the candidates removed from the step's board that
/// its links need, and a fingerprint of its chains (SE counts an inner chain's complexity once a hint).
pub(super) type Rests = (Vec<(u8, u8)>, u64);

/// Every hint of cycles and forcing chains on `board`, deduplicated and sorted as SE does, each with the removed
/// candidates (against `source`) its links rest on and a fingerprint of its chain ([`chain_key`]): the rule a net
/// of the nested levels applies inside itself.
pub(super) fn nested_hints(board: &Board, source: &[u16; 81]) -> Vec<(Hint, Rests)> {
    let mut found: Vec<(Found, Rests)> = Vec::new();
    let mut w = Walk::new();
    let mut ends = Vec::new();
    let mut scratch: Scratch = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let adj = Adjacency::new(board);
    for (links, on) in starts(board) {
        let closes = turns_any_on(board, &adj, on.flipped(), links);
        if closes {
            walk(board, &adj, on, links, true, u32::MAX, &mut w, &mut ends, &mut scratch);
            for &end in &ends {
                let path = w.path(end);
                if let Some(f) = cycle_hint(board, &adj, &path, links) {
                    let mut causes = Vec::new();
                    link_causes(board, source, &path, true, &mut causes);
                    found.push((f, (causes, chain_key(&path, true))));
                }
            }
        }
        if links.x {
            for start in [on, on.flipped()] {
                if !start.on && !closes {
                    continue;
                }
                let best = shortest_chain(board, &adj, start, links, &mut w, &mut ends, &mut scratch);
                if let Some((complexity, path)) = best {
                    let f = forcing_hint(board, start.flipped(), complexity, links);
                    let mut causes = Vec::new();
                    link_causes(board, source, &path, false, &mut causes);
                    found.push((f, (causes, chain_key(&path, false))));
                }
            }
        }
    }
    in_se_order(found, |(f, _)| f)
        .into_iter()
        .map(|(f, rests)| (f.hint, rests))
        .collect()
}

/// A fingerprint of an inner chain's nodes, in order: SE counts an inner chain's complexity once a hint however
/// many of its conclusions rest on it, and two inner chains are the same when their nodes are.
fn chain_key(path: &[Potential], cycle: bool) -> u64 {
    path.iter()
        .fold(FINGERPRINT ^ u64::from(cycle), |h, &p| fingerprint(h, p))
}

/// Where a [`fingerprint`] of candidates starts (FNV-1a's offset basis).
pub(super) const FINGERPRINT: u64 = 0xcbf2_9ce4_8422_2325;

/// A fingerprint of candidates `h` with `p` added after them (FNV-1a, a candidate a step).
pub(super) fn fingerprint(h: u64, p: Potential) -> u64 {
    (h ^ ((p.index() as u64) << 1 | u64::from(p.on))).wrapping_mul(0x0000_0100_0000_01b3)
}

/// Sorts the hints by rating, complexity and sort key (stably: ties keep the order found), then keeps the first of
/// each set of eliminations and placement, and reports them: SE sorts before it deduplicates.
pub(super) fn emit(found: Vec<Found>, sink: Sink) -> ControlFlow<()> {
    for f in in_se_order(found, |f| f) {
        sink(f.hint)?;
    }
    ControlFlow::Continue(())
}

/// Hints (each inside an item, `found` of it) sorted as SE does, the first of each set of eliminations and
/// placement kept: SE sorts before it deduplicates.
pub(super) fn in_se_order<T>(mut items: Vec<T>, found: impl Fn(&T) -> &Found) -> Vec<T> {
    items.sort_by(|a, b| se_order(found(a), found(b)));
    let mut kept: Vec<T> = Vec::with_capacity(items.len());
    for item in items {
        let h = &found(&item).hint;
        if kept.iter().any(|k| {
            let k = &found(k).hint;
            k.eliminations == h.eliminations && k.placement == h.placement
        }) {
            continue;
        }
        kept.push(item);
    }
    kept
}

/// The hints of a chaining rule.
pub fn hints(rule: Rule, board: &Board, sink: Sink) -> ControlFlow<()> {
    match rule {
        Rule::ForcingChains => forcing_chains(board, sink),
        Rule::Nishio => super::net::multiple(board, super::net::Mode::NISHIO, sink),
        Rule::MultipleForcingChains => super::net::multiple(board, super::net::Mode::MULTIPLE, sink),
        Rule::DynamicForcingChains => super::net::multiple(board, super::net::Mode::DYNAMIC, sink),
        Rule::DynamicForcingChainsPlus => super::net::multiple(board, super::net::Mode::DYNAMIC_PLUS, sink),
        Rule::Nested(level) => super::net::multiple(board, super::net::Mode::nested(level), sink),
        _ => ControlFlow::Continue(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Puzzles of the dev set that serate rates 7.2 to 7.3: their paths pass many boards where chains are sought.
    const PUZZLES: [&str; 3] = [
        "8..6.......5...2..2..3...6......4.36...5.6.9.4...7..2...129.5...9..6..8..4.......",
        "......6.31.23.....6.5.....8..4...2....7.68....2..7..1.3....95.4..........46.53...",
        ".8.54.7..3....1.4..9........2...6.75..9...4.65.8....2.8.76.........2.....3..54..9",
    ];

    /// The forcing chains' lengths that `Reach` finds on bitboards are the walk's, from every candidate, on and
    /// off, with X-links and with both kinds, at every board of the puzzles' SE paths, with and without a limit.
    #[test]
    fn reach_finds_the_walks_shortest_chain() {
        let mut w = Walk::new();
        let mut ends = Vec::new();
        let mut scratch: Scratch = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        let (mut boards, mut chains) = (0, 0);
        for line in PUZZLES {
            let values: [u8; 81] = core::array::from_fn(|i| line.as_bytes()[i].saturating_sub(b'0') % 10);
            let mut board = Board::from_values(&values);
            while let Some((_, hint)) = super::super::next_step(&board) {
                boards += 1;
                let adj = Adjacency::new(&board);
                let reach = Reach::new(&board);
                for links in [Links { y: false, x: true }, Links { y: true, x: true }] {
                    for cell in 0..81u8 {
                        for d in bits16(board.cands[usize::from(cell)]) {
                            for on in [true, false] {
                                let start = Potential {
                                    cell,
                                    digit: d as u8 + 1,
                                    on,
                                };
                                let shortest =
                                    shortest_chain(&board, &adj, start, links, &mut w, &mut ends, &mut scratch)
                                        .map(|(n, _)| n);
                                assert_eq!(reach.chain_length(start, links, u32::MAX), shortest, "{line} {start:?}");
                                if let Some(n) = shortest {
                                    chains += 1;
                                    // The walk counts rounds, and a walk from an off candidate idles through one.
                                    let rounds = if on { n - 1 } else { n };
                                    assert_eq!(reach.chain_length(start, links, rounds), Some(n));
                                    assert_eq!(reach.chain_length(start, links, rounds - 1), None);
                                }
                            }
                        }
                    }
                }
                hint.apply(&mut board);
            }
            assert!(board.is_solved(), "{line}");
        }
        assert!(boards > 100 && chains > 1000, "{boards} boards, {chains} chains");
    }
}
