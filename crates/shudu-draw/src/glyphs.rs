//! Digits as paths: the shipped fonts' outlines of 1–9, defined once in a picture and placed with `<use>`.
//!
//! Hundreds of candidates as `<text>` would be shaped one by one by every renderer; as paths they cost a reference
//! each, and look the same in a browser, in a PNG and in a PDF, whatever fonts the machine has.

use core::fmt::Write;
use std::sync::OnceLock;

use ttf_parser::{Face, OutlineBuilder};

use crate::fonts::{BOLD, REGULAR};
use crate::xml::N;

/// A style of digit: its font and size, and the id prefix of its definitions.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Style {
    /// A candidate: regular, small.
    Candidate,
    /// A given: bold, large.
    Given,
    /// A player's digit: regular, large.
    Player,
}

impl Style {
    const ALL: [Style; 3] = [Style::Candidate, Style::Given, Style::Player];

    fn size(self) -> f32 {
        match self {
            Style::Candidate => 12.0,
            Style::Given | Style::Player => 32.0,
        }
    }

    fn index(self) -> usize {
        self as usize
    }

    /// The id of a digit's definition: `c5`, `g5`, `p5`.
    pub(crate) fn id(self, digit: u8) -> &'static str {
        const IDS: [[&str; 9]; 3] = [
            ["c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9"],
            ["g1", "g2", "g3", "g4", "g5", "g6", "g7", "g8", "g9"],
            ["p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9"],
        ];
        IDS[self.index()][usize::from(digit.clamp(1, 9) - 1)]
    }
}

/// Path data of each digit in each style, centred on (0, 0): horizontally on its advance, vertically on the
/// height of the figures, so that `<use x y>` puts the digit's middle at (x, y).
fn outlines() -> &'static [[String; 9]; 3] {
    static OUTLINES: OnceLock<[[String; 9]; 3]> = OnceLock::new();
    OUTLINES.get_or_init(|| {
        Style::ALL.map(|style| {
            let data = if style == Style::Given { BOLD } else { REGULAR };
            let face = Face::parse(data, 0).ok();
            core::array::from_fn(|i| {
                let c = char::from(b'1' + i as u8);
                face.as_ref().map(|f| outline(f, c, style.size())).unwrap_or_default()
            })
        })
    })
}

/// A line of text as one path's data, set with the shipped fonts at `size`, its baseline's start at (0, 0): for text
/// that must not depend on a font in the output (a PDF cover title whose characters need two fonts).
pub(crate) fn text_path(text: &str, size: f32, bold: bool) -> String {
    let mut path = Path {
        d: String::new(),
        scale: 1.0,
        dx: 0.0,
        dy: 0.0,
    };
    let mut x = 0.0;
    for c in text.chars() {
        let Some(face) = crate::fonts::face_for(c, bold) else {
            continue;
        };
        let scale = size / f32::from(face.units_per_em());
        let Some(glyph) = face.glyph_index(c) else {
            x += 0.6 * size;
            continue;
        };
        path.scale = scale;
        path.dx = x / scale;
        face.outline_glyph(glyph, &mut path);
        x += face.glyph_hor_advance(glyph).map_or(0.0, f32::from) * scale;
    }
    path.d
}

fn outline(face: &Face, c: char, size: f32) -> String {
    let Some(glyph) = face.glyph_index(c) else {
        return String::new();
    };
    let scale = size / f32::from(face.units_per_em());
    let advance = face.glyph_hor_advance(glyph).map_or(0.0, f32::from);
    // Figures share one height; centring on it keeps every digit on the same baseline.
    let figure_top = face
        .glyph_index('8')
        .and_then(|g| face.glyph_bounding_box(g))
        .map_or(0.73 * f32::from(face.units_per_em()), |b| f32::from(b.y_max));
    let mut path = Path {
        d: String::new(),
        scale,
        dx: -advance / 2.0,
        dy: -figure_top / 2.0,
    };
    face.outline_glyph(glyph, &mut path);
    path.d
}

/// Writes an outline as SVG path data, flipping y (fonts draw upwards).
struct Path {
    d: String,
    scale: f32,
    dx: f32,
    dy: f32,
}

impl Path {
    fn point(&mut self, x: f32, y: f32) {
        let _ = write!(
            self.d,
            "{} {}",
            N((x + self.dx) * self.scale),
            N(-(y + self.dy) * self.scale)
        );
    }
}

impl OutlineBuilder for Path {
    fn move_to(&mut self, x: f32, y: f32) {
        self.d.push('M');
        self.point(x, y);
    }

    fn line_to(&mut self, x: f32, y: f32) {
        self.d.push('L');
        self.point(x, y);
    }

    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        self.d.push('Q');
        self.point(x1, y1);
        self.d.push(' ');
        self.point(x, y);
    }

    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        self.d.push('C');
        self.point(x1, y1);
        self.d.push(' ');
        self.point(x2, y2);
        self.d.push(' ');
        self.point(x, y);
    }

    fn close(&mut self) {
        self.d.push('Z');
    }
}

/// The digits a picture used, so that only their definitions are written.
#[derive(Clone, Debug, Default)]
pub(crate) struct Used([u16; 3]);

impl Used {
    pub(crate) fn add(&mut self, style: Style, digit: u8) {
        self.0[style.index()] |= 1 << digit.clamp(1, 9);
    }

    /// The `<path id>` definitions of the digits used, for a `<defs>` element.
    pub(crate) fn write_defs(&self, out: &mut String) {
        let all = outlines();
        for style in Style::ALL {
            for digit in 1..=9u8 {
                if self.0[style.index()] & (1 << digit) != 0 {
                    let _ = write!(
                        out,
                        r#"<path id="{}" d="{}"/>"#,
                        style.id(digit),
                        all[style.index()][usize::from(digit - 1)]
                    );
                }
            }
        }
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.0 == [0; 3]
    }
}
