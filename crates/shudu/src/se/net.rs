//! SE's multiple and dynamic chaining: Nishio (7.5), cell and region forcing chains (8.0), dynamic forcing chains
//! (8.5), and dynamic forcing chains "(+)" (9.0), whose nets, once their links run dry, also take the eliminations
//! of pointing, claiming, pairs and X-Wings found on the board as the net has left it ([`super::plus`]); and the
//! nested levels, whose nets, when those rules find nothing either, take the eliminations of a whole chaining rule
//! run on that board: "(+ Forcing Chains)" (9.5) SE's cycles and forcing chains (`chain::nested_hints`), "(+
//! Multiple Forcing Chains)" (10.0) those, then cell and region forcing chains; "(+ Dynamic Forcing Chains)" (10.5)
//! dynamic forcing chains alone, and "(+ Dynamic Forcing Chains (+))" (11.0) those, then dynamic chains "(+)". Such
//! an elimination's parents are the candidates the net removed that the inner hint rests on (its chains' links
//! that turned a candidate on, every link of a cycle, and the cell or house a cell's or region's chains start
//! from), and the inner hint's own complexity counts into the outer hint's, once a hint however many of its
//! conclusions rest on it. An elimination from inside is entered even where its candidate is on in the net: as in
//! SE, the contradiction shows when it is followed, not when it enters.
//!
//! Here a supposition is followed as a net, not a single chain: every consequence of every consequence, one at a
//! time, the pending on candidates always before the pending off ones, each first in, first out, and each candidate
//! reached once (its first cause is its parent). An on candidate turns off its cell's other candidates (except in
//! Nishio, which follows one digit) and its digit's other places in its box, row and column; an off candidate turns
//! on its cell's last other candidate and its digit's last other place in a house. In the dynamic rules (Nishio
//! among them) every off candidate leaves the board as it is processed, so that a later step sees what the net has
//! removed: a candidate it turns on then has, beside its cause, the removed candidates that made it the last one as
//! parents. The net stops at a contradiction, a candidate both on and off.
//!
//! A hint's complexity is, over each of its conclusions (one a branch; both sides of a contradiction), the number of
//! distinct candidates among the conclusion and all its ancestors. SE gathers the hints of the whole board, cell by
//! cell: for each candidate, the contradictions of its on and off nets, the conclusions both share (double chains),
//! its houses' region chains, and after the cell's last candidate the cell's own chains; then sorts and
//! deduplicates them as for the simpler chains.
//!
//! Within a step, the net of each on candidate is the same wherever it is needed (in its cell's chains and in its
//! houses' region chains), so it is built once.

use core::ops::ControlFlow;

use super::board::{bits128, bits16, Board, CELL_REGIONS, REGION_CELLS, REGION_SET};
use super::chain::{conclusion, in_se_order, ChainName, Found, Potential, Rests};
use super::hint::Hint;
use super::Sink;

const NONE: u32 = u32::MAX;

/// Which of SE's chaining rules: the kind of net and the hints gathered from it.
#[derive(Copy, Clone, Debug)]
pub(super) struct Mode {
    nishio: bool,
    dynamic: bool,
    level: u8,
}

impl Mode {
    /// Nishio forcing chains.
    pub(super) const NISHIO: Mode = Mode {
        nishio: true,
        dynamic: true,
        level: 0,
    };
    /// Cell and region forcing chains.
    pub(super) const MULTIPLE: Mode = Mode {
        nishio: false,
        dynamic: false,
        level: 0,
    };
    /// Dynamic forcing chains.
    pub(super) const DYNAMIC: Mode = Mode {
        nishio: false,
        dynamic: true,
        level: 0,
    };
    /// Dynamic forcing chains (+): pointing, claiming, pairs and X-Wings inside the nets ([`super::plus`]).
    pub(super) const DYNAMIC_PLUS: Mode = Mode {
        nishio: false,
        dynamic: true,
        level: 1,
    };
    /// Nested forcing chains, level 2 to 5 (9.5, 10.0, 10.5, 11.0): the rules of "(+)", then the level's chaining
    /// rules inside the nets (the module's header says which).
    pub(super) const fn nested(level: u8) -> Mode {
        Mode {
            nishio: false,
            dynamic: true,
            level,
        }
    }

    fn base(self) -> f64 {
        if self.nishio {
            7.5
        } else if self.dynamic {
            8.5 + 0.5 * f64::from(self.level)
        } else {
            8.0
        }
    }
}

/// The nodes of one supposition's net, with their parents, in the order reached.
pub(super) struct Net {
    nodes: Vec<Potential>,
    /// Node `i`'s parents are `parents[spans[i].0..spans[i].1]`.
    spans: Vec<(u32, u32)>,
    parents: Vec<u32>,
    /// Per node, the hint of a rule run inside the net that removed it (an index into `nested`), or NONE.
    cause: Vec<u32>,
    /// Each such hint's complexity, and its chain's fingerprint (`chain::chain_key`).
    nested: Vec<(u32, u64)>,
    on: Vec<u32>,
    off: Vec<u32>,
    order_on: Vec<u32>,
    order_off: Vec<u32>,
    /// The contradiction that stopped the net: its on node and its off node (one of them outside the tables).
    contradiction: Option<(u32, u32)>,
}

impl Net {
    fn new() -> Net {
        Net {
            nodes: Vec::with_capacity(256),
            spans: Vec::with_capacity(256),
            parents: Vec::with_capacity(512),
            cause: Vec::with_capacity(256),
            nested: Vec::new(),
            on: vec![NONE; 729],
            off: vec![NONE; 729],
            order_on: Vec::with_capacity(128),
            order_off: Vec::with_capacity(128),
            contradiction: None,
        }
    }

    fn clear(&mut self) {
        for &id in self.order_on.iter().chain(&self.order_off) {
            let p = self.nodes[id as usize];
            if p.on {
                self.on[p.index()] = NONE;
            } else {
                self.off[p.index()] = NONE;
            }
        }
        self.nodes.clear();
        self.spans.clear();
        self.parents.clear();
        self.cause.clear();
        self.nested.clear();
        self.order_on.clear();
        self.order_off.clear();
        self.contradiction = None;
    }

    /// A node outside the tables (the second half of a contradiction, before it is known whether it is one).
    fn node(&mut self, p: Potential, parents: &[u32]) -> u32 {
        let id = self.nodes.len() as u32;
        let start = self.parents.len() as u32;
        self.parents.extend_from_slice(parents);
        self.nodes.push(p);
        self.spans.push((start, self.parents.len() as u32));
        self.cause.push(NONE);
        id
    }

    fn enter(&mut self, id: u32) {
        let p = self.nodes[id as usize];
        if p.on {
            self.on[p.index()] = id;
            self.order_on.push(id);
        } else {
            self.off[p.index()] = id;
            self.order_off.push(id);
        }
    }

    fn get(&self, p: Potential) -> u32 {
        if p.on {
            self.on[p.index()]
        } else {
            self.off[p.index()]
        }
    }

    fn has(&self, p: Potential) -> bool {
        self.get(p) != NONE
    }

    /// The number of distinct candidates among `id` and all its ancestors; each hint of a rule run inside the net
    /// that removed one of them goes into `chains` (fingerprint and complexity) unless an equal one is there. SE
    /// adds an inner chain's complexity once a hint, however many of its conclusions rest on it: a hint's
    /// complexity is the sum of its targets' counts and of `chains` gathered over all of them.
    fn ancestors(&self, id: u32, seen: &mut Vec<bool>, stack: &mut Vec<u32>, chains: &mut Vec<(u64, u32)>) -> u32 {
        seen.clear();
        seen.resize(self.nodes.len(), false);
        stack.clear();
        stack.push(id);
        seen[id as usize] = true;
        let mut count = 0;
        while let Some(n) = stack.pop() {
            count += 1;
            let cause = self.cause[n as usize];
            if cause != NONE {
                let (complexity, key) = self.nested[cause as usize];
                if !chains.iter().any(|&(k, _)| k == key) {
                    chains.push((key, complexity));
                }
            }
            let (a, b) = self.spans[n as usize];
            for &q in &self.parents[a as usize..b as usize] {
                if !seen[q as usize] {
                    seen[q as usize] = true;
                    stack.push(q);
                }
            }
        }
        count
    }
}

/// Where `digit` may go in `region` on `cands`, a bit per cell of the region.
pub(super) fn positions(cands: &[u16; 81], region: usize, digit: u8) -> u16 {
    let mut p = 0;
    for (i, &c) in REGION_CELLS[region].iter().enumerate() {
        p |= (cands[usize::from(c)] >> (digit - 1) & 1) << i;
    }
    p
}

/// Follows `start` on `board` (whose digits' cells are `source_sets`) as `mode` says, into `net`.
fn propagate(board: &Board, source_sets: &[u128; 9], start: Potential, mode: Mode, net: &mut Net) {
    let source = &board.cands;
    net.clear();
    let mut cands = *source;
    let mut sets = *source_sets;
    let root = net.node(start, &[]);
    net.enter(root);
    let y = !mode.nishio;
    let (mut next_on, mut next_off) = (0, 0);
    // The candidates an off candidate turns on, each with its parents, before any is entered.
    let mut made: Vec<(Potential, u32, u32)> = Vec::with_capacity(4);
    let mut made_parents: Vec<u32> = Vec::with_capacity(32);
    loop {
        if next_on < net.order_on.len() {
            let id = net.order_on[next_on];
            next_on += 1;
            let p = net.nodes[id as usize];
            let cell = usize::from(p.cell);
            let turn_off = |net: &mut Net, q: Potential| -> bool {
                let on = net.on[q.index()];
                if on != NONE {
                    let n = net.node(q, &[id]);
                    net.contradiction = Some((on, n));
                    return true;
                }
                if net.off[q.index()] == NONE {
                    let n = net.node(q, &[id]);
                    net.enter(n);
                }
                false
            };
            if y {
                for d in bits16(cands[cell]) {
                    let digit = d as u8 + 1;
                    if digit != p.digit {
                        let q = Potential {
                            cell: p.cell,
                            digit,
                            on: false,
                        };
                        if turn_off(net, q) {
                            return;
                        }
                    }
                }
            }
            let others = sets[usize::from(p.digit - 1)] & !(1u128 << cell);
            for &region in &CELL_REGIONS[cell] {
                for other in bits128(others & REGION_SET[usize::from(region)]) {
                    let q = Potential {
                        cell: other as u8,
                        digit: p.digit,
                        on: false,
                    };
                    if turn_off(net, q) {
                        return;
                    }
                }
            }
        } else if next_off < net.order_off.len() {
            let id = net.order_off[next_off];
            next_off += 1;
            let p = net.nodes[id as usize];
            let cell = usize::from(p.cell);
            made.clear();
            made_parents.clear();
            if y && cands[cell].count_ones() == 2 {
                let other = bits16(cands[cell] & !(1 << (p.digit - 1))).next().unwrap_or(0) as u8 + 1;
                let start = made_parents.len() as u32;
                made_parents.push(id);
                if mode.dynamic {
                    for d in bits16(source[cell] & !cands[cell]) {
                        made_parents.push(net.off[cell * 9 + d]);
                    }
                }
                made.push((
                    Potential {
                        cell: p.cell,
                        digit: other,
                        on: true,
                    },
                    start,
                    made_parents.len() as u32,
                ));
            }
            let d = usize::from(p.digit - 1);
            for &region in &CELL_REGIONS[cell] {
                let house = REGION_SET[usize::from(region)];
                let places = sets[d] & house;
                if places.count_ones() != 2 {
                    continue;
                }
                let rest = places & !(1u128 << cell);
                if rest.count_ones() != 1 {
                    continue;
                }
                let q = Potential {
                    cell: rest.trailing_zeros() as u8,
                    digit: p.digit,
                    on: true,
                };
                if made.iter().any(|m| m.0 == q) {
                    continue;
                }
                let start = made_parents.len() as u32;
                made_parents.push(id);
                if mode.dynamic {
                    for c in bits128(source_sets[d] & house & !places) {
                        made_parents.push(net.off[c * 9 + d]);
                    }
                }
                made.push((q, start, made_parents.len() as u32));
            }
            if mode.dynamic {
                cands[cell] &= !(1 << (p.digit - 1));
                sets[d] &= !(1u128 << cell);
            }
            for &(q, a, b) in &made {
                let off = net.off[q.index()];
                if off != NONE {
                    let n = net.node(q, &made_parents[a as usize..b as usize]);
                    net.contradiction = Some((n, off));
                    return;
                }
                if net.on[q.index()] == NONE {
                    let n = net.node(q, &made_parents[a as usize..b as usize]);
                    net.enter(n);
                }
            }
        } else if mode.level == 0 || !advanced(board, &cands, mode.level, net) {
            return;
        }
    }
}

/// Applies the rules of the level inside the net once its links have run dry ([`super::plus`], then the nested
/// levels' chaining rules, see the module's header): the first rule, in SE's order, that finds anything on the board
/// as the net has left it adds all its eliminations as off candidates (the later rules wait for the next time the
/// links run dry; SE's traces agree with this, not with every rule adding at once, and with levels 4 and 5 running
/// dynamic chains without the simpler chains first: level 4's traced positions at 0 of 3 with them, 2 of 3
/// without). Whether anything entered.
fn advanced(start: &Board, cands: &[u16; 81], level: u8, net: &mut Net) -> bool {
    let source = &start.cands;
    let before = net.nodes.len();
    let mut ids: Vec<u32> = Vec::with_capacity(16);
    for rule in super::plus::RULES {
        // Never stopped early: an elimination that meets an on candidate shows its contradiction when followed.
        let _ = rule(source, cands, &mut |removed, parents| {
            ids.clear();
            ids.extend(
                parents
                    .iter()
                    .map(|&(c, d)| net.off[usize::from(c) * 9 + usize::from(d - 1)]),
            );
            for &(cell, digit) in removed {
                let q = Potential { cell, digit, on: false };
                // Every candidate left on the board is off in the net only once processed, and all are processed
                // when the rules run: none is skipped here but as a safeguard.
                if net.off[q.index()] != NONE {
                    continue;
                }
                let n = net.node(q, &ids);
                net.enter(n);
            }
            ControlFlow::Continue(())
        });
        if net.nodes.len() > before {
            return true;
        }
    }
    if level < 2 {
        return false;
    }
    // Each rule runs only when the one before it found nothing, on the board as the net has left it.
    let board = Board {
        values: start.values,
        cands: *cands,
    };
    if level < 4 {
        if enter_inner(net, super::chain::nested_hints(&board, source)) {
            return true;
        }
        return level >= 3 && enter_inner(net, inner_hints(&board, source, Mode::MULTIPLE));
    }
    if enter_inner(net, inner_hints(&board, source, Mode::DYNAMIC)) {
        return true;
    }
    level >= 5 && enter_inner(net, inner_hints(&board, source, Mode::DYNAMIC_PLUS))
}

/// Enters the eliminations of an inner rule's hints (each with the removed candidates it rests on and its
/// fingerprint) as off candidates, each hint's complexity kept for the outer chains that rest on it. Whether
/// anything entered.
fn enter_inner(net: &mut Net, hints: Vec<(Hint, Rests)>) -> bool {
    let before = net.nodes.len();
    let mut ids: Vec<u32> = Vec::with_capacity(16);
    for (hint, (causes, key)) in hints {
        ids.clear();
        ids.extend(
            causes
                .iter()
                .map(|&(c, d)| net.off[usize::from(c) * 9 + usize::from(d - 1)])
                .filter(|&id| id != NONE),
        );
        let cause = net.nested.len() as u32;
        net.nested.push((hint.complexity, key));
        for &(cell, digit) in &hint.eliminations {
            let q = Potential { cell, digit, on: false };
            if net.off[q.index()] != NONE {
                continue;
            }
            let n = net.node(q, &ids);
            net.cause[n as usize] = cause;
            net.enter(n);
        }
    }
    net.nodes.len() > before
}

std::thread_local! {
    /// Nets left from earlier steps, their tables cleared: a step builds hundreds, and their tables are large.
    /// Boxed, as the step's table of nets holds them: they move between the two without being copied.
    #[allow(clippy::vec_box)]
    static SPARE: core::cell::RefCell<Vec<Box<Net>>> = const { core::cell::RefCell::new(Vec::new()) };
}

fn take_net() -> Box<Net> {
    SPARE
        .with(|spare| spare.borrow_mut().pop())
        .unwrap_or_else(|| Box::new(Net::new()))
}

fn give_back(mut net: Box<Net>) {
    net.clear();
    SPARE.with(|spare| spare.borrow_mut().push(net));
}

/// The nets of a step, built once each: on candidates' nets kept, by candidate.
struct Nets<'a> {
    board: &'a Board,
    /// The board's digits' cells.
    sets: [u128; 9],
    mode: Mode,
    on: Vec<Option<Box<Net>>>,
    seen: Vec<bool>,
    stack: Vec<u32>,
    chains: Vec<(u64, u32)>,
    /// Inside a deeper rule's net, the step's board, against which each hint's causes are found ([`rests_on`]).
    source: Option<&'a [u16; 81]>,
}

impl<'a> Nets<'a> {
    fn on_net(&mut self, cell: u8, digit: u8) -> usize {
        let p = Potential { cell, digit, on: true };
        let i = p.index();
        if self.on[i].is_none() {
            let mut net = take_net();
            propagate(self.board, &self.sets, p, self.mode, &mut net);
            self.on[i] = Some(net);
        }
        i
    }

    fn net(&self, i: usize) -> &Net {
        match &self.on[i] {
            Some(net) => net,
            None => unreachable!("nets are built before use"),
        }
    }
}

/// What a cell's or a house's chains start from: the cell, or the house and digit.
#[derive(Copy, Clone)]
enum Base {
    Cell(u8),
    House(usize, u8),
}

/// The conclusions every net of `branches` (the candidates of `base`) shares, each made a hint: on ones first, in
/// the first net's order.
fn shared(nets: &mut Nets, branches: &[usize], base: Base, name: ChainName, found: &mut Vec<Gathered>) {
    let Some(&first) = branches.first() else {
        return;
    };
    let rating = nets.mode.base();
    // Of equal rating and complexity, SE takes a double chain first, then a cell's chains, a house's, and a
    // contradiction last (as the dev set's traces show).
    let key = if matches!(name, ChainName::CellForcing | ChainName::DynamicCell(_)) {
        6
    } else {
        7
    };
    let (mut seen, mut stack) = (core::mem::take(&mut nets.seen), core::mem::take(&mut nets.stack));
    let mut chains = core::mem::take(&mut nets.chains);
    let first_net = nets.net(first);
    for order in [&first_net.order_on, &first_net.order_off] {
        for &id in order {
            let p = first_net.nodes[id as usize];
            if !branches[1..].iter().all(|&b| nets.net(b).has(p)) {
                continue;
            }
            chains.clear();
            let mut flat = 0;
            for &b in branches {
                let net = nets.net(b);
                flat += net.ancestors(net.get(p), &mut seen, &mut stack, &mut chains);
            }
            let (causes, fingerprint) = match nets.source {
                Some(source) => {
                    let targets: Vec<(&Net, u32)> =
                        branches.iter().map(|&b| (nets.net(b), nets.net(b).get(p))).collect();
                    let (mut causes, fingerprint) = rests_on(&targets, nets.board, source, &mut seen, &mut stack);
                    // The branches cover the cell or the house only because of what the net removed there.
                    match base {
                        Base::Cell(cell) => super::chain::removed_in_cell(nets.board, source, cell, &mut causes),
                        Base::House(region, digit) => {
                            super::chain::removed_in_house(nets.board, source, region, digit, &mut causes);
                        }
                    }
                    (causes, fingerprint)
                }
                None => (Vec::new(), 0),
            };
            let f = conclusion(nets.board, p, name, rating, with_chains(flat, &chains), key);
            found.push((f, (causes, fingerprint)));
        }
    }
    nets.seen = seen;
    nets.stack = stack;
    nets.chains = chains;
}

/// A hint's complexity: its targets' ancestors, `flat`, and the inner chains they rest on, each once.
fn with_chains(flat: u32, chains: &[(u64, u32)]) -> u32 {
    flat + chains.iter().map(|&(_, c)| c).sum::<u32>()
}

/// A hint of a net rule, with (inside a deeper rule's net) the removed candidates it rests on and its chains'
/// fingerprint ([`rests_on`]).
type Gathered = (Found, Rests);

/// Inside a deeper rule's net: the candidates removed from `source` (the step's board) that the chains to `targets`
/// rest on, and a fingerprint of those chains (for SE, two inner hints are the same when their chains' nodes are).
/// As for a forcing chain ([`super::chain`]), the links counted are those that turned a candidate on.
fn rests_on(
    targets: &[(&Net, u32)],
    board: &Board,
    source: &[u16; 81],
    seen: &mut Vec<bool>,
    stack: &mut Vec<u32>,
) -> (Vec<(u8, u8)>, u64) {
    let mut causes = Vec::new();
    let mut removed = Vec::new();
    let mut fingerprint = super::chain::FINGERPRINT;
    for &(net, id) in targets {
        seen.clear();
        seen.resize(net.nodes.len(), false);
        stack.clear();
        stack.push(id);
        seen[id as usize] = true;
        while let Some(n) = stack.pop() {
            let p = net.nodes[n as usize];
            fingerprint = super::chain::fingerprint(fingerprint, p);
            let (a, b) = net.spans[n as usize];
            let parents = &net.parents[a as usize..b as usize];
            if let Some((&first, rest)) = parents.split_first() {
                let cause = net.nodes[first as usize];
                if p.on && !cause.on {
                    removed.clear();
                    removed.extend(rest.iter().map(|&q| net.nodes[q as usize]));
                    super::chain::link_cause(board, source, cause, p, &removed, &mut causes);
                }
            }
            for &q in parents {
                if !seen[q as usize] {
                    seen[q as usize] = true;
                    stack.push(q);
                }
            }
        }
        // Each target's chain apart.
        fingerprint = fingerprint.rotate_left(17) ^ 0x9e37_79b9_7f4a_7c15;
    }
    (causes, fingerprint)
}

/// Nishio, multiple or dynamic forcing chains, as `mode` says: every hint, deduplicated and sorted as SE does.
pub(super) fn multiple(board: &Board, mode: Mode, sink: Sink) -> ControlFlow<()> {
    for (f, _) in in_se_order(gather(board, mode, None), |g| &g.0) {
        sink(f.hint)?;
    }
    ControlFlow::Continue(())
}

/// The hints of a net rule run inside a deeper rule's net on `board` (the board as that net has left it), in SE's
/// order, each with the candidates removed from `source` it rests on and its chains' fingerprint.
fn inner_hints(board: &Board, source: &[u16; 81], mode: Mode) -> Vec<(Hint, Rests)> {
    in_se_order(gather(board, mode, Some(source)), |g| &g.0)
        .into_iter()
        .map(|(f, rests)| (f.hint, rests))
        .collect()
}

/// Every hint of a net rule, as found (see [`multiple`]); with `source`, each with what it rests on.
fn gather(board: &Board, mode: Mode, source: Option<&[u16; 81]>) -> Vec<Gathered> {
    let mut found: Vec<Gathered> = Vec::new();
    let mut nets = Nets {
        board,
        sets: board.digit_sets(),
        mode,
        on: (0..729).map(|_| None).collect(),
        seen: Vec::new(),
        stack: Vec::new(),
        chains: Vec::new(),
        source,
    };
    let mut off_net = take_net();
    let base = mode.base();
    let contradiction_name = if mode.nishio {
        ChainName::Nishio
    } else {
        ChainName::DynamicContradiction(mode.level)
    };
    let binary_key = 8;
    for cell in 0..81u8 {
        let cands = board.cands[usize::from(cell)];
        let count = cands.count_ones();
        if board.values[usize::from(cell)] != 0 || !(count > 2 || (count > 1 && mode.dynamic)) {
            continue;
        }
        let mut branches: Vec<usize> = Vec::with_capacity(9);
        for d in bits16(cands) {
            let digit = d as u8 + 1;
            let on_index = nets.on_net(cell, digit);
            branches.push(on_index);
            if mode.dynamic {
                let off = Potential { cell, digit, on: false };
                propagate(board, &nets.sets, off, mode, &mut off_net);
                let (mut seen, mut stack) = (core::mem::take(&mut nets.seen), core::mem::take(&mut nets.stack));
                let mut chains = core::mem::take(&mut nets.chains);
                let on_net = nets.net(on_index);
                // Supposing the digit on, then off: a contradiction proves the other.
                for (net, on) in [(on_net, false), (&off_net, true)] {
                    if let Some((a, b)) = net.contradiction {
                        chains.clear();
                        let flat = net.ancestors(a, &mut seen, &mut stack, &mut chains)
                            + net.ancestors(b, &mut seen, &mut stack, &mut chains);
                        let complexity = with_chains(flat, &chains);
                        let target = Potential { cell, digit, on };
                        let (causes, fingerprint) = match source {
                            Some(source) => rests_on(&[(net, a), (net, b)], board, source, &mut seen, &mut stack),
                            None => (Vec::new(), 0),
                        };
                        let f = conclusion(board, target, contradiction_name, base, complexity, binary_key);
                        found.push((f, (causes, fingerprint)));
                    }
                }
                if count >= 3 && !mode.nishio {
                    for order in [&on_net.order_on, &on_net.order_off] {
                        for &id in order {
                            let p = on_net.nodes[id as usize];
                            let other = off_net.get(p);
                            if other == NONE {
                                continue;
                            }
                            chains.clear();
                            let flat = on_net.ancestors(id, &mut seen, &mut stack, &mut chains)
                                + off_net.ancestors(other, &mut seen, &mut stack, &mut chains);
                            let complexity = with_chains(flat, &chains);
                            let (causes, fingerprint) = match source {
                                Some(source) => rests_on(
                                    &[(on_net, id), (&*off_net, other)],
                                    board,
                                    source,
                                    &mut seen,
                                    &mut stack,
                                ),
                                None => (Vec::new(), 0),
                            };
                            let f = conclusion(board, p, ChainName::DynamicDouble(mode.level), base, complexity, 5);
                            found.push((f, (causes, fingerprint)));
                        }
                    }
                }
                nets.seen = seen;
                nets.stack = stack;
                nets.chains = chains;
            }
            if !mode.nishio {
                for &region in &CELL_REGIONS[usize::from(cell)] {
                    let region = usize::from(region);
                    let places = board.positions(region, digit);
                    if places.count_ones() < 2 || REGION_CELLS[region][places.trailing_zeros() as usize] != cell {
                        continue;
                    }
                    let mut region_branches = Vec::with_capacity(9);
                    for i in bits16(places) {
                        region_branches.push(nets.on_net(REGION_CELLS[region][i], digit));
                    }
                    let name = if mode.dynamic {
                        ChainName::DynamicRegion(mode.level)
                    } else {
                        ChainName::RegionForcing
                    };
                    shared(
                        &mut nets,
                        &region_branches,
                        Base::House(region, digit),
                        name,
                        &mut found,
                    );
                }
            }
        }
        if !mode.nishio {
            let name = if mode.dynamic {
                ChainName::DynamicCell(mode.level)
            } else {
                ChainName::CellForcing
            };
            shared(&mut nets, &branches, Base::Cell(cell), name, &mut found);
        }
    }
    give_back(off_net);
    for net in nets.on.into_iter().flatten() {
        give_back(net);
    }
    found
}
