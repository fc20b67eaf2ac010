//! The fonts shipped with the crate, and nothing else: PNG and PDF output never look at the machine's fonts, so
//! they are the same everywhere. See `fonts/README.md` for where they come from and their licences.

use std::sync::{Arc, OnceLock};

use resvg::usvg::fontdb::{Database, Source};

/// DejaVu Sans, printable ASCII and a few symbols.
pub(crate) static REGULAR: &[u8] = include_bytes!("../fonts/DejaVuSans-subset.ttf");
/// DejaVu Sans Bold, the same characters: the givens.
pub(crate) static BOLD: &[u8] = include_bytes!("../fonts/DejaVuSans-Bold-subset.ttf");
/// Noto Sans CJK SC, only the characters of the engine's and the renderer's Chinese texts.
pub(crate) static CJK: &[u8] = include_bytes!("../fonts/NotoSansCJKsc-subset.otf");

/// The family the pictures name first; PNG and PDF output find every glyph it lacks (Chinese) in the CJK font.
pub(crate) const LATIN_FAMILY: &str = "DejaVu Sans";
/// The font list written into every SVG: the shipped fonts by name, and a generic family for a browser that has
/// neither.
pub(crate) const FONT_FAMILY: &str = "DejaVu Sans, Noto Sans CJK SC, sans-serif";

/// The font database holding the shipped fonts, built once.
pub(crate) fn database() -> Arc<Database> {
    static DATABASE: OnceLock<Arc<Database>> = OnceLock::new();
    Arc::clone(DATABASE.get_or_init(|| {
        let mut db = Database::new();
        for data in [REGULAR, BOLD, CJK] {
            db.load_font_source(Source::Binary(Arc::new(data)));
        }
        // A generic family in an SVG resolves to the shipped fonts too, never to the machine's.
        db.set_sans_serif_family(LATIN_FAMILY);
        db.set_serif_family(LATIN_FAMILY);
        db.set_monospace_family(LATIN_FAMILY);
        db.set_cursive_family(LATIN_FAMILY);
        db.set_fantasy_family(LATIN_FAMILY);
        Arc::new(db)
    }))
}

/// The options usvg parses the pictures with: the shipped fonts only.
pub(crate) fn usvg_options() -> resvg::usvg::Options<'static> {
    resvg::usvg::Options {
        fontdb: database(),
        font_family: LATIN_FAMILY.to_string(),
        ..resvg::usvg::Options::default()
    }
}

/// Parsed faces for measuring text, built once.
struct Faces {
    regular: ttf_parser::Face<'static>,
    bold: ttf_parser::Face<'static>,
    cjk: ttf_parser::Face<'static>,
}

fn faces() -> Option<&'static Faces> {
    static FACES: OnceLock<Option<Faces>> = OnceLock::new();
    FACES
        .get_or_init(|| {
            Some(Faces {
                regular: ttf_parser::Face::parse(REGULAR, 0).ok()?,
                bold: ttf_parser::Face::parse(BOLD, 0).ok()?,
                cjk: ttf_parser::Face::parse(CJK, 0).ok()?,
            })
        })
        .as_ref()
}

/// The advance of one character in em, from the Latin face, else the CJK face, else a guess.
fn advance(c: char, bold: bool) -> f32 {
    let Some(faces) = faces() else {
        return if c.is_ascii() { 0.6 } else { 1.0 };
    };
    let latin = if bold { &faces.bold } else { &faces.regular };
    for face in [latin, &faces.cjk] {
        if let Some(glyph) = face.glyph_index(c) {
            let units = f32::from(face.units_per_em());
            return face.glyph_hor_advance(glyph).map_or(0.6, |a| f32::from(a) / units);
        }
    }
    if c.is_ascii() {
        0.6
    } else {
        1.0
    }
}

/// The advances of printable ASCII, regular and bold, looked up once: legends are mostly ASCII.
fn ascii_advances() -> &'static [[f32; 128]; 2] {
    static ADVANCES: OnceLock<[[f32; 128]; 2]> = OnceLock::new();
    ADVANCES.get_or_init(|| {
        let mut table = [[0.0; 128]; 2];
        for (b, row) in table.iter_mut().enumerate() {
            for (i, a) in row.iter_mut().enumerate() {
                *a = advance(char::from(i as u8), b == 1);
            }
        }
        table
    })
}

/// The width of a line of text at a font size, as the shipped fonts set it (without kerning, which moves it by
/// less than the margin the wrapping leaves).
pub(crate) fn text_width(text: &str, size: f32, bold: bool) -> f32 {
    let ascii = &ascii_advances()[usize::from(bold)];
    text.chars()
        .map(|c| {
            if c.is_ascii() {
                ascii[c as usize]
            } else {
                advance(c, bold)
            }
        })
        .sum::<f32>()
        * size
}

/// Whether the Latin face (bold or regular) has a glyph for `c`, so that text of such characters needs one font.
pub(crate) fn latin_has(c: char, bold: bool) -> bool {
    faces().is_some_and(|f| if bold { &f.bold } else { &f.regular }.glyph_index(c).is_some())
}

/// The face that draws `c`: the Latin one when it has the glyph, else the CJK one, with its data.
pub(crate) fn face_for(c: char, bold: bool) -> Option<&'static ttf_parser::Face<'static>> {
    let f = faces()?;
    let latin = if bold { &f.bold } else { &f.regular };
    if latin.glyph_index(c).is_some() || f.cjk.glyph_index(c).is_none() {
        Some(latin)
    } else {
        Some(&f.cjk)
    }
}

/// Whether the shipped fonts have a glyph for `c`.
pub fn has_glyph(c: char) -> bool {
    faces().is_some_and(|f| f.regular.glyph_index(c).is_some() || f.cjk.glyph_index(c).is_some())
}
