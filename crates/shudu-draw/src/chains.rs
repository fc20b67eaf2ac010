//! Chains drawn as curved arrows from candidate to candidate: strong links solid, weak links dashed, group nodes
//! and almost locked sets outlined. A net of many branches is cut to its first branches, so that the picture stays
//! readable; the legend says so.

use shudu::logic::{Chain, Node, NodeKind};
use shudu::{Cell, Digit};

use crate::board::Board;
use crate::geometry::{candidate_centre, cell_origin, CELL, MARK_RADIUS};

/// The branches of a forcing chain or net drawn at most.
pub const MAX_BRANCHES: usize = 4;
/// The links drawn at most, over all branches.
pub const MAX_LINKS: usize = 48;

/// A point of the picture.
pub(crate) type Point = (f32, f32);

/// One link, as a quadratic curve from `start` to `end` bending through `control`.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Link {
    pub start: Point,
    pub control: Point,
    pub end: Point,
    pub strong: bool,
    /// The nodes joined, in HoDoKu's candidate notation (`5r1c7`, `9r13c4`), for the SVG's data attributes.
    pub from: String,
    pub to: String,
}

/// An outline around a node that is not one candidate.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Outline {
    /// A group node: a rounded box around its candidates' spots.
    Group { x: f32, y: f32, w: f32, h: f32 },
    /// A cell of an almost locked set node.
    AlsCell(Cell),
}

/// What the chains of a step draw.
#[derive(Clone, Debug, Default)]
pub(crate) struct Chains {
    pub links: Vec<Link>,
    pub outlines: Vec<Outline>,
    /// Candidate nodes and the cells of group nodes: (cell, digit, on), first assignment first.
    pub nodes: Vec<(Cell, Digit, bool)>,
    /// Branches in the step, and branches drawn (whole or in part).
    pub branches: usize,
    pub drawn: usize,
    /// Whether a branch was cut short by [`MAX_LINKS`].
    pub cut: bool,
}

impl Chains {
    /// Whether some of the step's chains are not drawn, or not drawn whole.
    pub(crate) fn truncated(&self) -> bool {
        self.cut || self.drawn < self.branches
    }
}

/// Lays out the first branches of `chains` on `board`.
pub(crate) fn layout(board: &Board, chains: &[Chain]) -> Chains {
    let mut out = Chains {
        branches: chains.len(),
        ..Chains::default()
    };
    'branches: for chain in chains.iter().take(MAX_BRANCHES) {
        out.drawn += 1;
        for node in &chain.nodes {
            add_node(board, node, &mut out);
        }
        for pair in chain.nodes.windows(2) {
            if out.links.len() >= MAX_LINKS {
                out.cut = true;
                break 'branches;
            }
            let link = link(board, &pair[0], &pair[1]);
            // Branches of a net share their first links: each is drawn once.
            if !out.links.contains(&link) {
                out.links.push(link);
            }
        }
    }
    out
}

fn add_node(board: &Board, node: &Node, out: &mut Chains) {
    match node.kind {
        NodeKind::Candidate | NodeKind::Group => {
            for &cell in &node.cells {
                if !out.nodes.iter().any(|&(c, d, _)| c == cell && d == node.digit) {
                    out.nodes.push((cell, node.digit, node.on));
                }
            }
        }
        NodeKind::Als => {}
    }
    let outlines: Vec<Outline> = match node.kind {
        NodeKind::Candidate => Vec::new(),
        NodeKind::Group => {
            let spots = spots(board, node);
            let pad = MARK_RADIUS + 1.5;
            let (x0, y0, x1, y1) = spots
                .iter()
                .fold((f32::MAX, f32::MAX, f32::MIN, f32::MIN), |(a, b, c, d), &(x, y)| {
                    (a.min(x), b.min(y), c.max(x), d.max(y))
                });
            vec![Outline::Group {
                x: x0 - pad,
                y: y0 - pad,
                w: x1 - x0 + 2.0 * pad,
                h: y1 - y0 + 2.0 * pad,
            }]
        }
        NodeKind::Als => node.cells.iter().map(|&c| Outline::AlsCell(c)).collect(),
    };
    for outline in outlines {
        if !out.outlines.contains(&outline) {
            out.outlines.push(outline);
        }
    }
}

/// Where a node's digit sits in each of its cells: for an almost locked set, only the cells that hold the digit
/// as a candidate (all of them if none does, as a set read from a player's marks may not).
fn spots(board: &Board, node: &Node) -> Vec<Point> {
    let holding: Vec<Cell> = node
        .cells
        .iter()
        .copied()
        .filter(|&c| node.kind != NodeKind::Als || board.candidates(c).contains(node.digit))
        .collect();
    let cells = if holding.is_empty() { &node.cells } else { &holding };
    cells.iter().map(|&c| candidate_centre(c, node.digit)).collect()
}

fn centroid(points: &[Point]) -> Point {
    if points.is_empty() {
        return (0.0, 0.0);
    }
    let n = points.len() as f32;
    let (x, y) = points.iter().fold((0.0, 0.0), |(a, b), &(x, y)| (a + x, b + y));
    (x / n, y / n)
}

/// The point a link leaves or reaches a node at: a candidate's spot, a group's middle, or the spot of an almost
/// locked set nearest the other end.
fn anchor(board: &Board, node: &Node, towards: Point) -> Point {
    let spots = spots(board, node);
    match node.kind {
        NodeKind::Candidate | NodeKind::Group => centroid(&spots),
        NodeKind::Als => spots
            .iter()
            .copied()
            .min_by(|a, b| distance(*a, towards).total_cmp(&distance(*b, towards)))
            .unwrap_or(towards),
    }
}

fn distance(a: Point, b: Point) -> f32 {
    ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
}

/// The link from `a` to `b`: strong when it goes from false to true (`=`), weak otherwise (`-`), as the chain's
/// notation has it.
fn link(board: &Board, a: &Node, b: &Node) -> Link {
    let from = anchor(board, a, centroid(&spots(board, b)));
    let to = anchor(board, b, from);
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let length = (dx * dx + dy * dy).sqrt().max(1.0);
    // Every link bends to the same side of its direction, so that a chain and its way back do not overlap, by a
    // fifth of its length within bounds that keep short links visible and long ones near their line.
    let bend = (length * 0.2).clamp(8.0, 36.0);
    let (nx, ny) = (-dy / length, dx / length);
    let control = ((from.0 + to.0) / 2.0 + nx * bend, (from.1 + to.1) / 2.0 + ny * bend);
    let inset = |p: Point| {
        let (ux, uy) = (control.0 - p.0, control.1 - p.1);
        let l = (ux * ux + uy * uy).sqrt().max(1e-3);
        let r = MARK_RADIUS + 1.0;
        (p.0 + ux / l * r, p.1 + uy / l * r)
    };
    Link {
        start: inset(from),
        control,
        end: inset(to),
        strong: !a.on && b.on,
        from: node_name(a),
        to: node_name(b),
    }
}

/// A node in HoDoKu's candidate notation: the digit, then the cells (`5r1c7`, `9r13c4`).
pub(crate) fn node_name(node: &Node) -> String {
    format!("{}{}", node.digit, shudu::logic::notation::cells(&node.cells))
}

/// The rectangle of an almost locked set's cell outline.
pub(crate) fn als_cell_rect(cell: Cell) -> (f32, f32, f32, f32) {
    let (x, y) = cell_origin(cell);
    (x + 2.5, y + 2.5, CELL - 5.0, CELL - 5.0)
}
