//! Whether any chain through candidates and groups can conclude anything, and which forcing chains contradict
//! themselves, read from the puzzle's solution.
//!
//! The chain closures' rule ([`super::chain_starts`]) asks which candidates `z`, assumed true, make themselves
//! false. The links of a chain are sound for every solution the candidates allow, so they are those of a 2-SAT
//! implication graph that each such solution satisfies: a fact true in it implies only facts true in it. Take one
//! solution. A path from `z` true (false in the solution) to `z` false (true) crosses from false facts to true ones
//! once, and only through a weak link `a - b` (a strong link from a false fact leads to a false fact): `z` true
//! implies `a` true through false facts, and, the rest of the path read backwards with every fact negated, `b` true
//! too. So `z` refutes itself exactly when the facts it implies through false facts alone hold two candidates (or
//! groups) that see each other: a graph of the wrong facts only, each with at most a few links (a wrong candidate
//! true removes the solution's digit from its cell and its digit from the solution's places it sees; the solution's
//! candidate false makes its strong partners true), instead of every fact's.
//!
//! Where a chain can conclude, the starts are bounded the same way. A start `s` lets a chain conclude when some
//! candidate `z` refuting itself is false in the closures of `s` true and of `s` false. One of those is right, one
//! wrong (`w`): `z` false follows from the right one exactly when `z` true implies `w` through wrong facts, and from
//! `w` exactly when `w` implies, through wrong facts, one that sees a fact `z` implies. The starts read here ask
//! the first of any such `z`, the second of all of them together: the closures' starts and a few more, which only
//! makes the searches look at starts that conclude nothing.
//!
//! The same parts judge HoDoKu's forcing chains ([`Contradictions`]): which wrong premises' closures contradict
//! themselves, without the closures (see [`starts`]).

use super::{
    bit, cells_of, common_peers, group_houses, groups_of, houses_of, peers, Board, ChainStarts, CELL_GROUPS, GROUPS,
    HOUSES,
};
use crate::grid::Grid;
use crate::search;

thread_local! {
    /// The last solution found on this thread: a solve's grids share it.
    static SOLUTION: core::cell::Cell<Option<[u8; 81]>> = const { core::cell::Cell::new(None) };
}

/// A solution of `grid` (each cell's digit, 0-8) that every cell's candidates allow, if there is one; the last one
/// found on this thread when it still fits.
pub(super) fn solution_of(grid: &Grid) -> Option<[u8; 81]> {
    let cells = core::array::from_fn(|c| grid.candidates(crate::grid::Cell::ALL[c]).bits());
    solution_allowed(grid.values(), &cells)
}

/// [`solution_of`] the grid a board was made from.
pub(super) fn solution_of_board(board: &Board) -> Option<[u8; 81]> {
    solution_allowed(&board.values, &board.cells)
}

/// A solution of the digits `values` (1-9, 0 for an empty cell) that the candidates `cells` allow.
fn solution_allowed(values: &[u8; 81], cells: &[u16; 81]) -> Option<[u8; 81]> {
    let fits = |sol: &[u8; 81]| {
        (0..81).all(|c| match values[c] {
            0 => cells[c] >> sol[c] & 1 != 0,
            v => v - 1 == sol[c],
        })
    };
    if let Some(sol) = SOLUTION.get().filter(|s| fits(s)) {
        return Some(sol);
    }
    let sol = search::solve(values)?.map(|v| v - 1);
    fits(&sol).then(|| {
        SOLUTION.set(Some(sol));
        sol
    })
}

/// Node numbers: a candidate's `cell * 9 + digit`, a group's after them.
const CANDIDATE_NODES: usize = 81 * 9;
const NODES: usize = CANDIDATE_NODES + 9 * GROUPS;
const NONE: u16 = u16::MAX;

fn candidate_node(cell: usize, d: usize) -> usize {
    cell * 9 + d
}

fn group_node(g: usize, d: usize) -> usize {
    CANDIDATE_NODES + d * GROUPS + g
}

/// The digit and group of a group's node number.
fn group_of_node(n: usize) -> (usize, usize) {
    ((n - CANDIDATE_NODES) / GROUPS, (n - CANDIDATE_NODES) % GROUPS)
}

/// The wrong facts of a grouped board and their links, as a graph; the wrong facts that are candidates or groups
/// true numbered apart, for sets of them as words.
struct Graph {
    /// Per node, its number ([`candidate_node`], [`group_node`]): each candidate's wrong fact (true when the
    /// solution puts another digit there, false when it is the solution's) and each group's (true when the
    /// solution's place is outside it).
    nodes: Vec<u16>,
    /// Per node number, its place in `nodes`.
    at: Vec<u16>,
    /// How many facts are true: they come first in `nodes`, so that a node's place is its place among them.
    ons: usize,
    start: Vec<u32>,
    adj: Vec<u16>,
}

/// What the solution says of a board: per digit, its places, and the groups holding one.
struct Truth {
    places: [u128; 9],
    groups: [u64; 9],
}

impl Graph {
    fn of(board: &Board, sol: &[u8; 81], truth: &Truth) -> Graph {
        let places = &truth.places;
        let mut at = vec![NONE; NODES];
        let mut nodes: Vec<u16> = Vec::with_capacity(512);
        let mut ons = 0;
        let number = |node: usize, at: &mut Vec<u16>, nodes: &mut Vec<u16>| {
            at[node] = nodes.len() as u16;
            nodes.push(node as u16);
        };
        for true_facts in [true, false] {
            for (d, &right) in places.iter().enumerate() {
                let wrong = if true_facts { !right } else { right };
                for c in cells_of(board.cand[d] & wrong) {
                    number(candidate_node(c, d), &mut at, &mut nodes);
                }
                let groups = if true_facts { !truth.groups[d] } else { truth.groups[d] };
                for g in groups_of(board.multi[d] & groups) {
                    number(group_node(g, d), &mut at, &mut nodes);
                }
            }
            if true_facts {
                ons = nodes.len();
            }
        }
        let mut start = Vec::with_capacity(nodes.len() + 1);
        let mut adj: Vec<u16> = Vec::with_capacity(nodes.len() * 3);
        for &n in &nodes {
            start.push(adj.len() as u32);
            let n = n as usize;
            let mut push = |m: usize| adj.push(at[m]);
            if n < CANDIDATE_NODES {
                let (c, d) = (n / 9, n % 9);
                if sol[c] as usize != d {
                    // A wrong candidate true: the solution's candidate of its cell false, and the solution's places
                    // of its digit it sees, and the groups holding one whose places it sees all.
                    push(candidate_node(c, sol[c] as usize));
                    let seen = peers(c);
                    for p in cells_of(places[d] & seen & board.cand[d]) {
                        push(candidate_node(p, d));
                    }
                    for g in groups_of(board.groups_within(d, truth.groups[d] & CELL_GROUPS[c], seen)) {
                        push(group_node(g, d));
                    }
                } else {
                    // The solution's candidate false: its strong partners true, a cell's other candidate and a
                    // house's other place, or the group left in a house.
                    let others = board.cells[c] & !(1 << d);
                    if others.count_ones() == 1 {
                        push(candidate_node(c, others.trailing_zeros() as usize));
                    }
                    for h in houses_of(c) {
                        rest_of_house(board, d, HOUSES[h] & !bit(c), &mut push);
                    }
                }
            } else {
                let (d, g) = group_of_node(n);
                let cells = board.group_cells(d, g);
                if truth.groups[d] >> g & 1 == 0 {
                    // A group without the solution's place true: the solution's places that see all of it false,
                    // and the groups holding one.
                    let seen = common_peers(cells) & !cells;
                    for p in cells_of(places[d] & seen & board.cand[d]) {
                        push(candidate_node(p, d));
                    }
                    let near = CELL_GROUPS[cells.trailing_zeros() as usize];
                    for other in groups_of(board.groups_within(d, truth.groups[d] & near, seen)) {
                        push(group_node(other, d));
                    }
                } else {
                    // A group holding the solution's place false: the rest of its box and of its line true, when
                    // one place or one group.
                    for h in group_houses(g) {
                        rest_of_house(board, d, HOUSES[h] & !cells, &mut push);
                    }
                }
            }
        }
        start.push(adj.len() as u32);
        Graph {
            nodes,
            at,
            ons,
            start,
            adj,
        }
    }

    fn successors(&self, v: usize) -> &[u16] {
        &self.adj[self.start[v] as usize..self.start[v + 1] as usize]
    }

    /// Per fact true (a row of `W` words), the facts true that see it: two candidates of a cell, two places
    /// of a digit in a house, a candidate and a group all of whose places it sees, two groups all of whose places
    /// see each other.
    fn clashes<const W: usize>(&self, board: &Board, truth: &Truth) -> Vec<[u64; W]> {
        let mut rows = vec![[0u64; W]; self.ons];
        let wrong: [u128; 9] = core::array::from_fn(|d| board.cand[d] & !truth.places[d]);
        let wrong_groups: [u64; 9] = core::array::from_fn(|d| board.multi[d] & !truth.groups[d]);
        let index = |node: usize| self.at[node] as usize;
        for (row, &n) in rows.iter_mut().zip(&self.nodes[..self.ons]) {
            let mut set = |node: usize| {
                let j = index(node);
                row[j / 64] |= 1 << (j % 64);
            };
            let n = n as usize;
            if n < CANDIDATE_NODES {
                let (c, d) = (n / 9, n % 9);
                let mut others = board.cells[c] & !(1 << d);
                while others != 0 {
                    let x = others.trailing_zeros() as usize;
                    others &= others - 1;
                    if wrong[x] & bit(c) != 0 {
                        set(candidate_node(c, x));
                    }
                }
                let seen = peers(c);
                for p in cells_of(wrong[d] & seen) {
                    set(candidate_node(p, d));
                }
                for g in groups_of(board.groups_within(d, wrong_groups[d] & CELL_GROUPS[c], seen)) {
                    set(group_node(g, d));
                }
            } else {
                let (d, g) = group_of_node(n);
                let cells = board.group_cells(d, g);
                let seen = common_peers(cells) & !cells;
                for p in cells_of(wrong[d] & seen) {
                    set(candidate_node(p, d));
                }
                let near = CELL_GROUPS[cells.trailing_zeros() as usize];
                for other in groups_of(board.groups_within(d, wrong_groups[d] & near, seen)) {
                    set(group_node(other, d));
                }
            }
        }
        rows
    }
}

/// The node of the rest of a house's places of `d` (`rest` the house's cells but the fact's) when that is one
/// place or one group: what the fact false makes true.
fn rest_of_house(board: &Board, d: usize, rest: u128, push: &mut impl FnMut(usize)) {
    let rest = board.cand[d] & rest;
    if rest.count_ones() == 1 {
        push(candidate_node(rest.trailing_zeros() as usize, d));
    } else if let Some(g) = board.group_of(d, rest) {
        push(group_node(g, d));
    }
}

/// The starts [`super::chain_starts`] lets through, or a few more, of a grouped board, through the solution `sol`
/// (which every cell's candidates allow), with the parts that judge which of the forcing chains' premises
/// contradict themselves; `None` on a board with more than 512 wrong facts true (a grid of few digits), which the
/// closures serve.
///
/// A wrong premise `p`'s closure contradicts itself exactly when `p` refutes itself (the starts' rule), or it
/// empties a cell or a house: it makes the solution's candidate there false (a wrong fact it implies) and each
/// wrong candidate `q` there false. The links read backwards with every fact negated are links too, so `p` makes
/// `q` false exactly when `q` makes `p` false; that path crosses from wrong facts to right ones once, by a weak
/// link between a wrong fact true that `q` implies and one that `p` implies: one of `p`'s seeing one of `q`'s.
pub(super) fn starts(board: &Board, sol: &[u8; 81]) -> Option<(ChainStarts, Contradictions)> {
    debug_assert!(board.grouped && !board.net);
    let mut truth = Truth {
        places: [0; 9],
        groups: [0; 9],
    };
    for (c, &d) in sol.iter().enumerate() {
        truth.places[d as usize] |= bit(c);
    }
    for d in 0..9 {
        for g in groups_of(board.multi[d]) {
            if board.group_cells(d, g) & truth.places[d] != 0 {
                truth.groups[d] |= 1 << g;
            }
        }
    }
    let graph = Graph::of(board, sol, &truth);
    // Sets of as few words as the facts true need.
    match graph.ons {
        0..=128 => Some(starts_in(board, sol, &truth, graph, Contradictions::Two)),
        129..=192 => Some(starts_in(board, sol, &truth, graph, Contradictions::Three)),
        193..=256 => Some(starts_in(board, sol, &truth, graph, Contradictions::Four)),
        257..=512 => Some(starts_in(board, sol, &truth, graph, Contradictions::Eight)),
        _ => None,
    }
}

/// Which premises of HoDoKu's forcing chains ([`super::report_in_hodoku_order`]) contradict themselves, read from
/// the wrong facts ([`starts`]) one premise at a time, as their turns come.
pub(super) enum Contradictions {
    Two(Box<Judge<2>>),
    Three(Box<Judge<3>>),
    Four(Box<Judge<4>>),
    Eight(Box<Judge<8>>),
}

impl Contradictions {
    /// Whether the wrong premise on the candidate of `digit` in `cell` (set if it is not the solution's, removed
    /// if it is) contradicts itself.
    pub(super) fn contradicts(&mut self, board: &Board, cell: usize, digit: usize) -> bool {
        let node = candidate_node(cell, digit);
        match self {
            Contradictions::Two(judge) => judge.contradicts(board, node),
            Contradictions::Three(judge) => judge.contradicts(board, node),
            Contradictions::Four(judge) => judge.contradicts(board, node),
            Contradictions::Eight(judge) => judge.contradicts(board, node),
        }
    }
}

/// The wrong facts' parts, kept to judge premises by: see [`starts`].
pub(super) struct Judge<const W: usize> {
    sol: [u8; 81],
    /// Per candidate ([`candidate_node`]), the part of its wrong fact (the candidate true when it is not the
    /// solution's, false when it is); [`NONE`] where the cell has no such candidate.
    part_of: Vec<u16>,
    /// Per part, the wrong facts true its facts imply and those that see one.
    parts: Vec<([u64; W], [u64; W])>,
    /// Per part, whether two facts true it implies see each other.
    bad: Vec<bool>,
    /// Per part, the cells whose solution's candidate its facts make false.
    removed: Vec<u128>,
    /// Per part, 0 not judged yet, 1 sound, 2 contradictory.
    judged: Vec<u8>,
}

impl<const W: usize> Judge<W> {
    fn contradicts(&mut self, board: &Board, node: usize) -> bool {
        let part = self.part_of[node] as usize;
        if self.judged[part] == 0 {
            let bad = self.bad[part] || self.empties(board, part);
            self.judged[part] = 1 + u8::from(bad);
        }
        self.judged[part] == 2
    }

    /// Whether a part's facts empty a cell or a house: make its solution's candidate false, and each wrong one.
    fn empties(&self, board: &Board, part: usize) -> bool {
        let seeing = &self.parts[part].1;
        // A wrong candidate `q` made false: `q` implies a wrong fact seeing one the part implies.
        // The words ORed rather than the first overlap looked for: a few words, and an early way out the processor
        // would mispredict.
        let refuted = |cell: usize, d: usize| {
            let implied = &self.parts[self.part_of[candidate_node(cell, d)] as usize].0;
            implied.iter().zip(seeing).fold(0, |m, (&x, &y)| m | x & y) != 0
        };
        cells_of(self.removed[part]).any(|cell| {
            let right = self.sol[cell] as usize;
            let mut wrong = board.cells[cell] & !(1 << right);
            let mut empty = true;
            while wrong != 0 && empty {
                let x = wrong.trailing_zeros() as usize;
                wrong &= wrong - 1;
                empty = refuted(cell, x);
            }
            empty
                || houses_of(cell)
                    .into_iter()
                    .any(|h| cells_of(board.cand[right] & HOUSES[h] & !bit(cell)).all(|y| refuted(y, right)))
        })
    }
}

/// Tarjan's walk for the strongly connected parts of a graph, iterative: each node's order of visit and lowest
/// reachable one, the nodes not yet in a part, and the nodes whose successors are being followed.
struct Walk {
    index: Vec<u16>,
    low: Vec<u16>,
    on_stack: Vec<bool>,
    stack: Vec<u16>,
    /// Per node being followed, the place in the adjacency of its next successor.
    calls: Vec<(u16, u32)>,
    next: u16,
}

impl Walk {
    /// Visits node `v`, whose successors start at `start` in the adjacency.
    fn enter(&mut self, v: usize, start: u32) {
        self.index[v] = self.next;
        self.low[v] = self.next;
        self.next += 1;
        self.on_stack[v] = true;
        self.stack.push(v as u16);
        self.calls.push((v as u16, start));
    }
}

/// [`starts`] in a graph of at most `64 * W` facts true, its judge kept as `kept` makes it.
fn starts_in<const W: usize>(
    board: &Board,
    sol: &[u8; 81],
    truth: &Truth,
    graph: Graph,
    kept: fn(Box<Judge<W>>) -> Contradictions,
) -> (ChainStarts, Contradictions) {
    let n = graph.nodes.len();
    let clashes = graph.clashes::<W>(board, truth);
    let mut comp = vec![NONE; n];
    let mut walk = Walk {
        index: vec![NONE; n],
        low: vec![0; n],
        on_stack: vec![false; n],
        stack: Vec::with_capacity(n),
        calls: Vec::with_capacity(n),
        next: 0,
    };
    // Per part: the facts true its facts imply, those that see one of them, and whether two of the first see each
    // other (or a part it reaches has two that do).
    let mut parts: Vec<([u64; W], [u64; W])> = Vec::with_capacity(n);
    // Per part, the cells whose solution's candidate its facts make false.
    let mut removed: Vec<u128> = Vec::with_capacity(n);
    let mut bad: Vec<bool> = Vec::with_capacity(n);
    // For each part, the last part whose facts took in its own.
    let mut joined = vec![NONE; n];
    let mut members = Vec::new();
    let mut any_bad = false;
    for root in 0..n {
        if walk.index[root] != NONE {
            continue;
        }
        walk.enter(root, graph.start[root]);
        while let Some(&(v, pos)) = walk.calls.last() {
            let v = v as usize;
            if pos < graph.start[v + 1] {
                if let Some(top) = walk.calls.last_mut() {
                    top.1 += 1;
                }
                let w = graph.adj[pos as usize] as usize;
                if walk.index[w] == NONE {
                    walk.enter(w, graph.start[w]);
                } else if walk.on_stack[w] {
                    walk.low[v] = walk.low[v].min(walk.index[w]);
                }
                continue;
            }
            walk.calls.pop();
            if let Some(&(u, _)) = walk.calls.last() {
                walk.low[u as usize] = walk.low[u as usize].min(walk.low[v]);
            }
            if walk.low[v] != walk.index[v] {
                continue;
            }
            let id = bad.len() as u16;
            let (mut implied, mut seeing) = ([0u64; W], [0u64; W]);
            let mut cells_removed = 0u128;
            members.clear();
            while let Some(m) = walk.stack.pop() {
                let m = m as usize;
                walk.on_stack[m] = false;
                comp[m] = id;
                members.push(m);
                if m < graph.ons {
                    let i = m;
                    implied[i / 64] |= 1 << (i % 64);
                    for (s, &r) in seeing.iter_mut().zip(&clashes[i]) {
                        *s |= r;
                    }
                } else if (graph.nodes[m] as usize) < CANDIDATE_NODES {
                    cells_removed |= bit(graph.nodes[m] as usize / 9);
                }
                if m == v {
                    break;
                }
            }
            // A part reaching one whose facts clash clashes too.
            let mut part_bad = false;
            for &m in &members {
                for &w in graph.successors(m) {
                    let c = comp[w as usize];
                    if c != id && c != NONE && joined[c as usize] != id {
                        joined[c as usize] = id;
                        part_bad |= bad[c as usize];
                        let (their_implied, their_seeing) = &parts[c as usize];
                        for k in 0..W {
                            implied[k] |= their_implied[k];
                            seeing[k] |= their_seeing[k];
                        }
                        cells_removed |= removed[c as usize];
                    }
                }
            }
            part_bad = part_bad || implied.iter().zip(seeing.iter()).any(|(&a, &b)| a & b != 0);
            // Only a candidate refuting itself lets a start through (a group's part may clash with none).
            any_bad |= part_bad
                && members
                    .iter()
                    .any(|&m| m < graph.ons && (graph.nodes[m] as usize) < CANDIDATE_NODES);
            bad.push(part_bad);
            parts.push((implied, seeing));
            removed.push(cells_removed);
        }
    }
    let mut starts = ChainStarts {
        cells: [0; 9],
        groups: [0; 9],
    };
    if !any_bad {
        return (
            starts,
            kept(Box::new(Judge::new(sol, graph, comp, parts, bad, removed))),
        );
    }
    // The wrong facts the candidates that refute themselves imply: a start's wrong fact is one of them, and implies
    // one that sees a fact one of them implies.
    let mut reached = vec![false; n];
    let mut todo: Vec<u16> = Vec::new();
    for (v, &node) in graph.nodes.iter().enumerate() {
        if (node as usize) < CANDIDATE_NODES && v < graph.ons && bad[comp[v] as usize] {
            reached[v] = true;
            todo.push(v as u16);
        }
    }
    // What sees a fact true that a candidate refuting itself implies.
    let mut seen_by_bad = [0u64; W];
    for (v, &node) in graph.nodes.iter().enumerate() {
        if (node as usize) < CANDIDATE_NODES && v < graph.ons && bad[comp[v] as usize] {
            for (x, &y) in seen_by_bad.iter_mut().zip(&parts[comp[v] as usize].1) {
                *x |= y;
            }
        }
    }
    while let Some(v) = todo.pop() {
        for &w in graph.successors(v as usize) {
            if !reached[w as usize] {
                reached[w as usize] = true;
                todo.push(w);
            }
        }
    }
    for (v, &node) in graph.nodes.iter().enumerate() {
        let implied = &parts[comp[v] as usize].0;
        if !reached[v] || implied.iter().zip(&seen_by_bad).all(|(&a, &b)| a & b == 0) {
            continue;
        }
        let node = node as usize;
        if node < CANDIDATE_NODES {
            starts.cells[node % 9] |= bit(node / 9);
        } else {
            let (d, g) = group_of_node(node);
            starts.groups[d] |= 1 << g;
        }
    }
    (
        starts,
        kept(Box::new(Judge::new(sol, graph, comp, parts, bad, removed))),
    )
}

impl<const W: usize> Judge<W> {
    fn new(
        sol: &[u8; 81],
        graph: Graph,
        comp: Vec<u16>,
        parts: Vec<([u64; W], [u64; W])>,
        bad: Vec<bool>,
        removed: Vec<u128>,
    ) -> Judge<W> {
        let mut part_of = vec![NONE; CANDIDATE_NODES];
        for (&node, &c) in graph.nodes.iter().zip(&comp) {
            if let Some(p) = part_of.get_mut(node as usize) {
                *p = c;
            }
        }
        Judge {
            sol: *sol,
            part_of,
            judged: vec![0; parts.len()],
            parts,
            bad,
            removed,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{closures_judged, starts_of, Fact};
    use super::*;
    use crate::logic::reglib::testing::hard_path_grids;

    fn grouped_board(grid: &Grid) -> Board {
        let mut board = Board::new(grid, false);
        board.grouped = true;
        board
    }

    /// On every grid along four hard paths, the wrong facts rule out every chain exactly where the closures do, and
    /// elsewhere let through every start the closures let through.
    #[test]
    fn the_wrong_facts_rule_out_the_chains_where_the_closures_do_and_keep_their_starts() {
        let (mut empty, mut kept, mut exact_starts, mut wrong_starts) = (0, 0, 0, 0);
        for grid in hard_path_grids() {
            let board = grouped_board(&grid);
            let (parts, at, _) = closures_judged(&board, false);
            let exact = starts_of(&board, &(parts, at));
            let sol = solution_of(&grid).expect("a path's grid keeps its solution");
            let (wrong, _) = starts(&board, &sol).expect("a path's grid has few wrong facts");
            assert_eq!(wrong.is_empty(), exact.is_empty(), "{grid:?}");
            for d in 0..9 {
                assert_eq!(exact.cells[d] & !wrong.cells[d], 0, "a candidate start left out");
                assert_eq!(exact.groups[d] & !wrong.groups[d], 0, "a group start left out");
            }
            if exact.is_empty() {
                empty += 1;
            } else {
                kept += 1;
                let count = |s: &ChainStarts| {
                    s.cells.iter().map(|w| w.count_ones()).sum::<u32>()
                        + s.groups.iter().map(|w| w.count_ones()).sum::<u32>()
                };
                exact_starts += count(&exact);
                wrong_starts += count(&wrong);
            }
        }
        // Both kinds of grid are there, and the wrong facts let through less than a quarter more than the closures'
        // starts (15 % more on these grids).
        assert!(empty > 50 && kept > 50, "{empty} grids without a start, {kept} with");
        assert!(
            4 * wrong_starts < 5 * exact_starts,
            "{wrong_starts} starts against {exact_starts}"
        );
    }

    /// On every grid along four hard paths, the wrong facts judge every wrong premise of the forcing chains (a wrong
    /// candidate set, the solution's removed) as its closure does.
    #[test]
    fn the_wrong_facts_judge_the_forcing_chains_premises_as_the_closures_do() {
        let (mut premises, mut contradictory) = (0, 0);
        for grid in hard_path_grids() {
            let board = grouped_board(&grid);
            let (parts, at, _) = closures_judged(&board, true);
            let sol = solution_of(&grid).expect("a path's grid keeps its solution");
            let (_, mut judge) = starts(&board, &sol).expect("a path's grid has few wrong facts");
            for (cell, &right) in sol.iter().enumerate() {
                for d in (0..9).filter(|&d| board.cells[cell] >> d & 1 != 0) {
                    let premise = Fact::new(cell, d, right as usize != d);
                    let closure = &parts[at[premise.index()] as usize];
                    assert_eq!(
                        judge.contradicts(&board, cell, d),
                        closure.bad,
                        "{premise:?} at {grid:?}"
                    );
                    premises += 1;
                    contradictory += usize::from(closure.bad);
                }
            }
        }
        eprintln!("{premises} premises, {contradictory} contradictory");
        assert!(
            contradictory > 1000 && premises - contradictory > 1000,
            "{premises} premises, {contradictory} contradictory: the test compares little"
        );
    }

    /// A grid whose candidates leave out its solution's digit somewhere has no solution to read from; the last
    /// solution found serves the next grid of the same puzzle.
    #[test]
    fn a_solution_is_one_the_candidates_allow() {
        let values = crate::format::parse_line(
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        )
        .expect("parses");
        let grid = Grid::from_values(&values).expect("valid");
        let sol = solution_of(&grid).expect("a proper puzzle's solution");
        let full = crate::search::solve(&values).expect("solves");
        assert!(sol.iter().zip(&full).all(|(&s, &f)| s + 1 == f));
        let cell = crate::grid::Cell::ALL[1];
        let digit = crate::grid::Digit::from_index(sol[1] as usize);
        let mut wrong = grid.clone();
        assert!(wrong.eliminate(cell, digit));
        assert_eq!(solution_of(&wrong), None);
        assert_eq!(solution_of(&grid), Some(sol));
    }
}
