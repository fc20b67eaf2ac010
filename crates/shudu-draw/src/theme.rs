//! Themes: the colours of a picture, and in print the shapes that stand in for them.

use core::fmt;
use core::str::FromStr;

/// How a picture is coloured.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Theme {
    /// Dark digits on white, HoDoKu's colours for a step.
    #[default]
    Light,
    /// Light digits on a dark ground.
    Dark,
    /// Black on white: every mark told apart by its shape or line (strikes, rings, squares, dashes, hatching), so
    /// nothing needs colour to be read.
    Print,
}

impl Theme {
    /// Every theme, in the order the help lists them.
    pub const ALL: [Theme; 3] = [Theme::Light, Theme::Dark, Theme::Print];

    /// The name `FromStr` reads.
    pub fn name(self) -> &'static str {
        match self {
            Theme::Light => "light",
            Theme::Dark => "dark",
            Theme::Print => "print",
        }
    }

    pub(crate) fn palette(self) -> &'static Palette {
        match self {
            Theme::Light => &LIGHT,
            Theme::Dark => &DARK,
            Theme::Print => &PRINT,
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A theme name that is not one of [`Theme::ALL`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownTheme(pub String);

impl fmt::Display for UnknownTheme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown theme `{}` (expected light, dark or print)", self.0)
    }
}

impl std::error::Error for UnknownTheme {}

impl FromStr for Theme {
    type Err = UnknownTheme;

    /// ```
    /// use shudu_draw::Theme;
    /// assert_eq!("Dark".parse::<Theme>(), Ok(Theme::Dark));
    /// assert_eq!(
    ///     "neon".parse::<Theme>().unwrap_err().to_string(),
    ///     "unknown theme `neon` (expected light, dark or print)"
    /// );
    /// ```
    fn from_str(text: &str) -> Result<Theme, UnknownTheme> {
        Theme::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| UnknownTheme(text.to_string()))
    }
}

/// The shape of a candidate's mark.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
    Disk,
    Square,
}

/// How one kind of candidate mark is drawn: its shape, fill and outline, and the colour of the digit on it.
#[derive(Copy, Clone, Debug)]
pub(crate) struct MarkStyle {
    pub shape: Shape,
    pub fill: Option<&'static str>,
    pub stroke: Option<&'static str>,
    pub text: &'static str,
}

const fn mark(shape: Shape, fill: Option<&'static str>, stroke: Option<&'static str>, text: &'static str) -> MarkStyle {
    MarkStyle {
        shape,
        fill,
        stroke,
        text,
    }
}

/// A cell's shading: a colour, or in print the id of a hatching pattern.
#[derive(Copy, Clone, Debug)]
pub(crate) enum Fill {
    Colour(&'static str),
    Hatch(&'static str),
}

/// Everything a theme colours.
#[derive(Debug)]
pub(crate) struct Palette {
    pub background: &'static str,
    pub thin: &'static str,
    pub thick: &'static str,
    pub given: &'static str,
    pub player: &'static str,
    pub candidate: &'static str,
    pub legend: &'static str,
    /// Cells of the pattern, fins, and the sets of an ALS or Sue de Coq step (four, used in turn).
    pub pattern_cell: Fill,
    pub fin_cell: Fill,
    pub set_cells: [Fill; 4],
    /// Base and cover houses: outline colour and the tint laid over them (none in print).
    pub base: &'static str,
    pub cover: &'static str,
    pub house_tint: bool,
    pub pattern: MarkStyle,
    pub fin: MarkStyle,
    pub on: MarkStyle,
    pub off: MarkStyle,
    pub classes: [MarkStyle; 4],
    pub removal: MarkStyle,
    pub strike: &'static str,
    pub placement: MarkStyle,
    pub link: &'static str,
    pub flagged: &'static str,
}

const LIGHT: Palette = Palette {
    background: "#ffffff",
    thin: "#9aa0a6",
    thick: "#202124",
    given: "#111111",
    player: "#1a56c4",
    candidate: "#5f6368",
    legend: "#202124",
    pattern_cell: Fill::Colour("#fff4c2"),
    fin_cell: Fill::Colour("#dbe7fb"),
    set_cells: [
        Fill::Colour("#ffe0b2"),
        Fill::Colour("#d7f0d0"),
        Fill::Colour("#e8dcf6"),
        Fill::Colour("#cdebef"),
    ],
    base: "#2f6fde",
    cover: "#1e8e3e",
    house_tint: true,
    pattern: mark(Shape::Disk, Some("#a5dc9f"), None, "#111111"),
    fin: mark(Shape::Square, Some("#a9c8fb"), Some("#2f6fde"), "#111111"),
    on: mark(Shape::Disk, Some("#8fd48a"), None, "#111111"),
    off: mark(Shape::Disk, Some("#c6dafc"), Some("#2f6fde"), "#111111"),
    classes: [
        mark(Shape::Disk, Some("#8ab4f8"), None, "#111111"),
        mark(Shape::Disk, Some("#fbcf7a"), Some("#b06000"), "#111111"),
        mark(Shape::Square, Some("#a5dc9f"), None, "#111111"),
        mark(Shape::Square, Some("#f4b4d0"), Some("#a3245f"), "#111111"),
    ],
    removal: mark(Shape::Disk, Some("#ffcdd2"), None, "#b3261e"),
    strike: "#d93025",
    placement: mark(Shape::Disk, Some("#1e8e3e"), None, "#ffffff"),
    link: "#e8710a",
    flagged: "#d93025",
};

const DARK: Palette = Palette {
    background: "#1e1f22",
    thin: "#55585e",
    thick: "#d7dade",
    given: "#f1f3f4",
    player: "#8ab4f8",
    candidate: "#a0a4aa",
    legend: "#e8eaed",
    pattern_cell: Fill::Colour("#3b3820"),
    fin_cell: Fill::Colour("#1f3250"),
    set_cells: [
        Fill::Colour("#4a3420"),
        Fill::Colour("#233f2a"),
        Fill::Colour("#3a2c4d"),
        Fill::Colour("#1c3e44"),
    ],
    base: "#8ab4f8",
    cover: "#81c995",
    house_tint: true,
    pattern: mark(Shape::Disk, Some("#2f6b35"), None, "#f1f3f4"),
    fin: mark(Shape::Square, Some("#2a4f8a"), Some("#8ab4f8"), "#f1f3f4"),
    on: mark(Shape::Disk, Some("#2f7d36"), None, "#f1f3f4"),
    off: mark(Shape::Disk, Some("#253a5c"), Some("#8ab4f8"), "#f1f3f4"),
    classes: [
        mark(Shape::Disk, Some("#2a4f8a"), None, "#f1f3f4"),
        mark(Shape::Disk, Some("#6e521c"), Some("#fbbc04"), "#f1f3f4"),
        mark(Shape::Square, Some("#2f6b35"), None, "#f1f3f4"),
        mark(Shape::Square, Some("#6e2a4c"), Some("#f48fb1"), "#f1f3f4"),
    ],
    removal: mark(Shape::Disk, Some("#5c2020"), None, "#f28b82"),
    strike: "#f28b82",
    placement: mark(Shape::Disk, Some("#34a853"), None, "#0b0b0b"),
    link: "#fbbc04",
    flagged: "#f28b82",
};

/// Print tells marks apart by shape: a filled grey disk for the pattern and for a chain's true candidates, a ring
/// for its false ones, squares for fins, a strike for a removal, white on black for a placement.
const PRINT: Palette = Palette {
    background: "#ffffff",
    thin: "#000000",
    thick: "#000000",
    given: "#000000",
    player: "#000000",
    candidate: "#222222",
    legend: "#000000",
    pattern_cell: Fill::Colour("#f0f0f0"),
    fin_cell: Fill::Hatch("hatch-fin"),
    set_cells: [
        Fill::Hatch("hatch-0"),
        Fill::Hatch("hatch-1"),
        Fill::Hatch("hatch-2"),
        Fill::Hatch("hatch-3"),
    ],
    base: "#000000",
    cover: "#000000",
    house_tint: false,
    pattern: mark(Shape::Disk, Some("#c8c8c8"), None, "#000000"),
    fin: mark(Shape::Square, Some("#ffffff"), Some("#000000"), "#000000"),
    on: mark(Shape::Disk, Some("#b4b4b4"), None, "#000000"),
    off: mark(Shape::Disk, Some("#ffffff"), Some("#000000"), "#000000"),
    classes: [
        mark(Shape::Disk, Some("#b4b4b4"), None, "#000000"),
        mark(Shape::Disk, Some("#ffffff"), Some("#000000"), "#000000"),
        mark(Shape::Square, Some("#b4b4b4"), None, "#000000"),
        mark(Shape::Square, Some("#ffffff"), Some("#000000"), "#000000"),
    ],
    removal: mark(Shape::Disk, None, None, "#000000"),
    strike: "#000000",
    placement: mark(Shape::Disk, Some("#000000"), None, "#ffffff"),
    link: "#000000",
    flagged: "#000000",
};
