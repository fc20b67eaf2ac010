//! The SVG of a board, with a step drawn on it: shading, grid, houses, marks, digits, strikes, chains, legend.

use core::fmt::Write;
use std::sync::OnceLock;

use shudu::logic::{Lang, Step};
use shudu::{Cell, Digit, House};

use crate::board::Board;
use crate::chains::{als_cell_rect, Link, Outline};
use crate::fonts::FONT_FAMILY;
use crate::geometry::{
    candidate_centre, cell_centre, cell_origin, height, BOARD, CELL, LEGEND_FONT, LEGEND_GAP, LEGEND_LINE, MARGIN,
    MARK_RADIUS, SPOT, WIDTH,
};
use crate::glyphs::{Style, Used};
use crate::legend;
use crate::marks::{self, Mark, Marks};
use crate::theme::{Fill, MarkStyle, Palette, Shape, Theme};
use crate::xml::{Esc, N};
use crate::Options;

/// What a board drawing needs beyond the board.
pub(crate) struct Scene<'a> {
    pub board: &'a Board,
    pub marks: Option<&'a Marks>,
    pub palette: &'static Palette,
    /// Every candidate of the board's empty cells, or only those a step marks.
    pub all_candidates: bool,
    pub flagged: &'a [Cell],
}

/// The whole picture.
pub(crate) fn document(board: &Board, step: Option<&Step>, options: &Options) -> String {
    let palette = options.theme.palette();
    let marks = step.map(|s| marks::marks(board, s));
    let explained = step.map(|s| s.explain(options.lang));
    let mut text_lines = match (&options.caption, step, &explained, &marks) {
        (Some(caption), ..) => caption.lines().map(str::to_string).collect(),
        (None, Some(step), Some(text), Some(m)) => legend::step_text(step, text, options.lang, &m.chains),
        _ => Vec::new(),
    };
    if !options.legend {
        text_lines.clear();
    }
    let lines = legend::wrap(&text_lines);
    let h = height(lines.len());
    let (title, desc) = describe(board, step, explained, options.lang, options.caption.as_deref());

    let mut out = String::with_capacity(32 * 1024);
    let (w_attr, h_attr) = match options.width {
        Some(w) => (w as f32, w as f32 * h / WIDTH),
        None => (WIDTH, h),
    };
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" viewBox="0 0 {} {}" role="img" font-family="{FONT_FAMILY}">"#,
        N(w_attr),
        N(h_attr),
        N(WIDTH),
        N(h)
    );
    let _ = write!(out, "<title>{}</title><desc>{}</desc>", Esc(&title), Esc(&desc));
    let scene = Scene {
        board,
        marks: marks.as_ref(),
        palette,
        all_candidates: options.candidates,
        flagged: &options.flagged,
    };
    let mut body = String::with_capacity(32 * 1024);
    let mut used = Used::default();
    draw_board(&mut body, &scene, &mut used);
    write_defs(&mut out, &used, options.theme == Theme::Print && marks.is_some());
    let _ = write!(
        out,
        r#"<rect width="{}" height="{}" fill="{}"/>"#,
        N(WIDTH),
        N(h),
        palette.background
    );
    out.push_str(&body);
    if !lines.is_empty() {
        let _ = write!(
            out,
            r#"<g class="legend" font-size="{}" fill="{}">"#,
            N(LEGEND_FONT),
            palette.legend
        );
        for (i, line) in lines.iter().enumerate() {
            let y = MARGIN + BOARD + LEGEND_GAP + LEGEND_LINE * (i as f32 + 0.75);
            let _ = write!(out, r#"<text x="{}" y="{}">{}</text>"#, N(MARGIN), N(y), Esc(line));
        }
        out.push_str("</g>");
    }
    out.push_str("</svg>\n");
    out
}

/// The title and description for accessibility: the technique and the step's whole text, or a board's puzzle line.
fn describe(
    board: &Board,
    step: Option<&Step>,
    explained: Option<String>,
    lang: Lang,
    caption: Option<&str>,
) -> (String, String) {
    match (step, explained) {
        (Some(step), Some(text)) => (step.technique.name_in(lang).to_string(), text),
        _ => {
            let title = match lang {
                Lang::En => "Sudoku board",
                Lang::Zh => "数独盘面",
            };
            let line = shudu::format::to_line(&board.values);
            let desc = match caption {
                Some(c) => format!("{c}\n{line}"),
                None => line,
            };
            (title.to_string(), desc)
        }
    }
}

/// The definitions a picture refers to: the digits it uses, and in print the hatching of its shaded cells.
pub(crate) fn write_defs(out: &mut String, used: &Used, hatching: bool) {
    if used.is_empty() && !hatching {
        return;
    }
    out.push_str("<defs>");
    used.write_defs(out);
    if hatching {
        hatch_patterns(out);
    }
    out.push_str("</defs>");
}

/// Hatching for print, where shades of grey alone would not tell the sets apart.
fn hatch_patterns(out: &mut String) {
    let patterns: [(&str, &str); 5] = [
        ("hatch-fin", r##"<path d="M0 6H6" stroke="#000" stroke-width="0.8"/>"##),
        ("hatch-0", r##"<path d="M0 6L6 0" stroke="#000" stroke-width="0.8"/>"##),
        ("hatch-1", r##"<path d="M0 0L6 6" stroke="#000" stroke-width="0.8"/>"##),
        (
            "hatch-2",
            r##"<path d="M0 6L6 0M0 0L6 6" stroke="#000" stroke-width="0.6"/>"##,
        ),
        ("hatch-3", r##"<circle cx="3" cy="3" r="0.9" fill="#000"/>"##),
    ];
    for (id, body) in patterns {
        let _ = write!(
            out,
            r#"<pattern id="{id}" width="6" height="6" patternUnits="userSpaceOnUse">{body}</pattern>"#
        );
    }
}

fn fill_attr(fill: Fill) -> String {
    match fill {
        Fill::Colour(c) => c.to_string(),
        Fill::Hatch(id) => format!("url(#{id})"),
    }
}

/// The board in picture units, its top-left corner at (`MARGIN`, `MARGIN`).
pub(crate) fn draw_board(out: &mut String, scene: &Scene, used: &mut Used) {
    let p = scene.palette;
    if let Some(marks) = scene.marks {
        shades(out, marks, p);
        house_tints(out, marks, p);
    }
    grid(out, p);
    if let Some(marks) = scene.marks {
        house_outlines(out, marks, p);
    }
    for &cell in scene.flagged {
        let (x, y) = cell_origin(cell);
        let _ = write!(
            out,
            r#"<rect class="flagged" data-cell="{cell}" x="{}" y="{}" width="{}" height="{}" fill="none" stroke="{}" stroke-width="3"/>"#,
            N(x + 2.5),
            N(y + 2.5),
            N(CELL - 5.0),
            N(CELL - 5.0),
            p.flagged
        );
    }
    digits(out, scene, used);
    candidates(out, scene, used);
    if let Some(marks) = scene.marks {
        outlines(out, marks, p);
        links(out, &marks.chains.links, p);
    }
}

fn shades(out: &mut String, marks: &Marks, p: &Palette) {
    for cell in Cell::ALL {
        let Some(shade) = marks.shades[cell.index()] else {
            continue;
        };
        let fill = match shade {
            marks::Shade::Pattern => p.pattern_cell,
            marks::Shade::Fin => p.fin_cell,
            marks::Shade::Set(i) => p.set_cells[usize::from(i) % 4],
        };
        let (x, y) = cell_origin(cell);
        let _ = write!(
            out,
            r#"<rect class="{}" data-cell="{cell}" x="{}" y="{}" width="{}" height="{}" fill="{}"/>"#,
            shade.class(),
            N(x),
            N(y),
            N(CELL),
            N(CELL),
            fill_attr(fill)
        );
    }
}

/// The rectangle of a house, inset by `inset`.
fn house_rect(house: House, inset: f32) -> (f32, f32, f32, f32) {
    let (col, row, w, h) = match house {
        House::Row(r) => (0, usize::from(r), 9, 1),
        House::Col(c) => (usize::from(c), 0, 1, 9),
        House::Box(b) => (usize::from(b) % 3 * 3, usize::from(b) / 3 * 3, 3, 3),
    };
    (
        MARGIN + col as f32 * CELL + inset,
        MARGIN + row as f32 * CELL + inset,
        w as f32 * CELL - 2.0 * inset,
        h as f32 * CELL - 2.0 * inset,
    )
}

fn house_tints(out: &mut String, marks: &Marks, p: &Palette) {
    if !p.house_tint {
        return;
    }
    for (houses, colour) in [(&marks.base, p.base), (&marks.cover, p.cover)] {
        for &house in houses {
            let (x, y, w, h) = house_rect(house, 0.0);
            let _ = write!(
                out,
                r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{colour}" fill-opacity="0.08"/>"#,
                N(x),
                N(y),
                N(w),
                N(h)
            );
        }
    }
}

fn house_outlines(out: &mut String, marks: &Marks, p: &Palette) {
    for (houses, colour, class, dash) in [
        (&marks.base, p.base, "house base", ""),
        (&marks.cover, p.cover, "house cover", r#" stroke-dasharray="7 4""#),
    ] {
        for &house in houses {
            let (x, y, w, h) = house_rect(house, 3.0);
            let _ = write!(
                out,
                r#"<rect class="{class}" data-house="{house}" x="{}" y="{}" width="{}" height="{}" rx="4" fill="none" stroke="{colour}" stroke-width="2"{dash}/>"#,
                N(x),
                N(y),
                N(w),
                N(h)
            );
        }
    }
}

/// The grid: thin lines between cells, thick lines between boxes and around the board.
fn grid(out: &mut String, p: &Palette) {
    let (a, b) = (MARGIN, MARGIN + BOARD);
    let mut thin = String::new();
    let mut thick = String::new();
    for i in 0..=9 {
        let at = MARGIN + i as f32 * CELL;
        let path = if i % 3 == 0 { &mut thick } else { &mut thin };
        let _ = write!(path, "M{} {}V{}M{} {}H{}", N(at), N(a), N(b), N(a), N(at), N(b));
    }
    let _ = write!(
        out,
        r#"<path class="grid" d="{thin}" stroke="{}" stroke-width="1" fill="none"/><path class="grid" d="{thick}" stroke="{}" stroke-width="2.5" fill="none" stroke-linecap="square"/>"#,
        p.thin, p.thick
    );
}

/// Givens and the player's digits.
fn digits(out: &mut String, scene: &Scene, used: &mut Used) {
    let p = scene.palette;
    for (class, colour, style) in [("givens", p.given, Style::Given), ("digits", p.player, Style::Player)] {
        let cells: Vec<(Cell, Digit)> = Cell::ALL
            .iter()
            .filter_map(|&c| scene.board.value(c).map(|d| (c, d)))
            .filter(|&(c, _)| scene.board.is_given(c) == (style == Style::Given))
            .collect();
        if cells.is_empty() {
            continue;
        }
        let _ = write!(out, r#"<g class="{class}" fill="{colour}">"#);
        for (cell, digit) in cells {
            used.add(style, digit.get());
            let (x, y) = cell_centre(cell);
            let _ = write!(
                out,
                r##"<use href="#{}" x="{}" y="{}"/>"##,
                style.id(digit.get()),
                N(x),
                N(y)
            );
        }
        out.push_str("</g>");
    }
}

fn style(mark: Mark, p: &Palette) -> MarkStyle {
    match mark {
        Mark::Pattern => p.pattern,
        Mark::Class(i) => p.classes[usize::from(i) % 4],
        Mark::Fin => p.fin,
        Mark::Off => p.off,
        Mark::On => p.on,
        Mark::Removal => p.removal,
        Mark::Placement => p.placement,
    }
}

/// The candidates: plain ones in one group, marked ones each with its mark and, for a removal, a strike.
fn candidates(out: &mut String, scene: &Scene, used: &mut Used) {
    let p = scene.palette;
    let mut plain = String::new();
    let mut marked = String::new();
    let mut strikes = String::new();
    for cell in Cell::ALL {
        if scene.board.value(cell).is_some() {
            continue;
        }
        let present = scene.board.candidates(cell);
        for digit in Digit::ALL {
            let mark = scene.marks.and_then(|m| m.get(cell, digit));
            let drawn = match mark {
                Some(Mark::Removal | Mark::Placement) => true,
                Some(_) => present.contains(digit),
                None => scene.all_candidates && present.contains(digit),
            };
            if !drawn {
                continue;
            }
            used.add(Style::Candidate, digit.get());
            let Some(mark) = mark else {
                // Plain candidates are most of a picture: their references are formatted once, for all.
                plain.push_str(&candidate_uses()[cell.index() * 9 + digit.index()]);
                continue;
            };
            let (x, y) = candidate_centre(cell, digit);
            let s = style(mark, p);
            let data = format!(r#"class="{}" data-cand="{digit}{cell}""#, mark.class());
            let fill = s.fill.unwrap_or("none");
            let stroke = s
                .stroke
                .map(|c| format!(r#" stroke="{c}" stroke-width="1.2""#))
                .unwrap_or_default();
            let _ = match s.shape {
                Shape::Disk => write!(
                    marked,
                    r#"<circle {data} cx="{}" cy="{}" r="{}" fill="{fill}"{stroke}/>"#,
                    N(x),
                    N(y),
                    N(MARK_RADIUS)
                ),
                Shape::Square => write!(
                    marked,
                    r#"<rect {data} x="{}" y="{}" width="{}" height="{}" fill="{fill}"{stroke}/>"#,
                    N(x - MARK_RADIUS + 0.5),
                    N(y - MARK_RADIUS + 0.5),
                    N(2.0 * MARK_RADIUS - 1.0),
                    N(2.0 * MARK_RADIUS - 1.0)
                ),
            };
            let _ = write!(
                marked,
                r##"<use href="#{}" x="{}" y="{}" fill="{}"/>"##,
                Style::Candidate.id(digit.get()),
                N(x),
                N(y),
                s.text
            );
            if mark == Mark::Removal {
                let r = SPOT * 0.42;
                let _ = write!(
                    strikes,
                    r#"<path class="strike" data-cand="{digit}{cell}" d="M{} {}L{} {}" stroke="{}" stroke-width="1.8" stroke-linecap="round"/>"#,
                    N(x - r),
                    N(y + r),
                    N(x + r),
                    N(y - r),
                    p.strike
                );
            }
        }
    }
    let _ = write!(out, r#"<g class="candidates" fill="{}">"#, p.candidate);
    out.push_str(&plain);
    out.push_str(&marked);
    out.push_str(&strikes);
    out.push_str("</g>");
}

/// The `<use>` of every plain candidate, by cell and digit index.
fn candidate_uses() -> &'static [String] {
    static USES: OnceLock<Vec<String>> = OnceLock::new();
    USES.get_or_init(|| {
        let mut all = Vec::with_capacity(81 * 9);
        for cell in Cell::ALL {
            for digit in Digit::ALL {
                let (x, y) = candidate_centre(cell, digit);
                all.push(format!(
                    r##"<use href="#{}" x="{}" y="{}"/>"##,
                    Style::Candidate.id(digit.get()),
                    N(x),
                    N(y)
                ));
            }
        }
        all
    })
}

fn outlines(out: &mut String, marks: &Marks, p: &Palette) {
    for outline in &marks.chains.outlines {
        let _ = match *outline {
            Outline::Group { x, y, w, h } => write!(
                out,
                r#"<rect class="node group" x="{}" y="{}" width="{}" height="{}" rx="{}" fill="none" stroke="{}" stroke-width="1.4"/>"#,
                N(x),
                N(y),
                N(w),
                N(h),
                N(MARK_RADIUS + 1.5),
                p.link
            ),
            Outline::AlsCell(cell) => {
                let (x, y, w, h) = als_cell_rect(cell);
                write!(
                    out,
                    r#"<rect class="node als" data-cell="{cell}" x="{}" y="{}" width="{}" height="{}" rx="5" fill="none" stroke="{}" stroke-width="1.4" stroke-dasharray="3 2"/>"#,
                    N(x),
                    N(y),
                    N(w),
                    N(h),
                    p.link
                )
            }
        };
    }
}

/// Links as curves with an arrowhead at the end: strong solid, weak dashed.
fn links(out: &mut String, links: &[Link], p: &Palette) {
    for link in links {
        let (class, dash) = if link.strong {
            ("link strong", "")
        } else {
            ("link weak", r#" stroke-dasharray="5 3""#)
        };
        let (s, c, e) = (link.start, link.control, link.end);
        let _ = write!(
            out,
            r#"<path class="{class}" data-from="{}" data-to="{}" d="M{} {}Q{} {} {} {}" fill="none" stroke="{}" stroke-width="1.6"{dash}/>"#,
            Esc(&link.from),
            Esc(&link.to),
            N(s.0),
            N(s.1),
            N(c.0),
            N(c.1),
            N(e.0),
            N(e.1),
            p.link
        );
        // The head points along the curve's last tangent, from the control point to the end.
        let (dx, dy) = (e.0 - c.0, e.1 - c.1);
        let l = (dx * dx + dy * dy).sqrt().max(1e-3);
        let (ux, uy) = (dx / l, dy / l);
        let (bx, by) = (e.0 - ux * 7.0, e.1 - uy * 7.0);
        let _ = write!(
            out,
            r#"<path class="arrow" d="M{} {}L{} {}L{} {}Z" fill="{}"/>"#,
            N(e.0),
            N(e.1),
            N(bx - uy * 3.2),
            N(by + ux * 3.2),
            N(bx + uy * 3.2),
            N(by - ux * 3.2),
            p.link
        );
    }
}
