//! Fish of every kind, from one finder over base and cover sets: basic fish (X-Wing … Leviathan), finned and
//! sashimi fish, Franken and Mutant fish, their finned forms, and Siamese fish.
//!
//! A fish of size n for one digit takes n *base* houses whose candidates do not overlap and n *cover* houses (none of
//! them a base house) that hold every base candidate. Each base house holds the digit once, so the n true base
//! candidates fill the n covers, one each: every other candidate of the covers goes (and a base candidate lying in two
//! covers goes too: *cannibalism*). Base candidates outside the covers are *fins*; base candidates lying in two base
//! houses are *endo-fins*. With fins either the fish holds or a fin is true, so only cover candidates that see every
//! fin go. The definitions, the limits (at most five fins, of which at most two endo-fins) and the names follow HoDoKu:
//!
//! - basic: rows as base and columns as cover, or the reverse;
//! - Franken: rows and boxes against columns and boxes (or columns and boxes against rows and boxes), a box on a side;
//! - Mutant: any other mix;
//! - sashimi (basic fish only): finned, and some base house holds at most one candidate besides the fins — the fish
//!   would be degenerate without them;
//! - Siamese: two finned fish on the same base houses with different eliminations, reported as one step (after all
//!   single fish, so the solver's ladder takes a single fish when there is one).
//!
//! The search runs per digit on bitboards. Base houses are chosen in index order, pruned by the size and by the
//! overlap rules; covers are then chosen for the lowest base candidate not yet covered (one of its houses, or the
//! candidate becomes a fin), so each cover set is met once and fins that see no common cell are dropped at once.

use core::fmt::Write;
use std::collections::HashSet;

use crate::grid::{Bitboard, Candidates, Cell, Digit, Grid, House};

use super::notation;
use super::step::{Pattern, Step};
use super::technique::Technique;
use super::{Finder, Flow, Lang};

/// HoDoKu's default limits: fins of all kinds, and endo-fins among them.
const MAX_FINS: u32 = 5;
const MAX_ENDO_FINS: u32 = 2;

/// Masks of house indices (see [`House::index`]): rows are bits 0..9, columns 9..18, boxes 18..27.
const ROWS: u32 = 0x1FF;
const COLS: u32 = 0x1FF << 9;
const BOXES: u32 = 0x1FF << 18;

/// The house kinds a side of a fish uses, as bits: 1 rows, 2 columns, 4 boxes.
fn kinds(mask: u32) -> u8 {
    u8::from(mask & ROWS != 0) | u8::from(mask & COLS != 0) << 1 | u8::from(mask & BOXES != 0) << 2
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Shape {
    Basic,
    Franken,
    Mutant,
}

/// HoDoKu's classification by the kinds of houses on each side.
fn shape(base: u32, cover: u32) -> Shape {
    const R: u8 = 1;
    const C: u8 = 2;
    const B: u8 = 4;
    let (b, c) = (kinds(base), kinds(cover));
    if (b == R && c == C) || (b == C && c == R) {
        Shape::Basic
    } else if ((b == R || b == R | B) && (c == C || c == C | B)) || ((b == C || b == C | B) && (c == R || c == R | B)) {
        Shape::Franken
    } else {
        Shape::Mutant
    }
}

/// The fish techniques by kind, smallest first (index = size - 2).
const BASIC: [Technique; 6] = [
    Technique::XWing,
    Technique::Swordfish,
    Technique::Jellyfish,
    Technique::Squirmbag,
    Technique::Whale,
    Technique::Leviathan,
];
const FINNED: [Technique; 6] = [
    Technique::FinnedXWing,
    Technique::FinnedSwordfish,
    Technique::FinnedJellyfish,
    Technique::FinnedSquirmbag,
    Technique::FinnedWhale,
    Technique::FinnedLeviathan,
];
const SASHIMI: [Technique; 6] = [
    Technique::SashimiXWing,
    Technique::SashimiSwordfish,
    Technique::SashimiJellyfish,
    Technique::SashimiSquirmbag,
    Technique::SashimiWhale,
    Technique::SashimiLeviathan,
];
const FRANKEN: [Technique; 6] = [
    Technique::FrankenXWing,
    Technique::FrankenSwordfish,
    Technique::FrankenJellyfish,
    Technique::FrankenSquirmbag,
    Technique::FrankenWhale,
    Technique::FrankenLeviathan,
];
const FINNED_FRANKEN: [Technique; 6] = [
    Technique::FinnedFrankenXWing,
    Technique::FinnedFrankenSwordfish,
    Technique::FinnedFrankenJellyfish,
    Technique::FinnedFrankenSquirmbag,
    Technique::FinnedFrankenWhale,
    Technique::FinnedFrankenLeviathan,
];
const MUTANT: [Technique; 6] = [
    Technique::MutantXWing,
    Technique::MutantSwordfish,
    Technique::MutantJellyfish,
    Technique::MutantSquirmbag,
    Technique::MutantWhale,
    Technique::MutantLeviathan,
];
const FINNED_MUTANT: [Technique; 6] = [
    Technique::FinnedMutantXWing,
    Technique::FinnedMutantSwordfish,
    Technique::FinnedMutantJellyfish,
    Technique::FinnedMutantSquirmbag,
    Technique::FinnedMutantWhale,
    Technique::FinnedMutantLeviathan,
];

/// What a fish technique asks for.
#[derive(Copy, Clone, Debug)]
struct Spec {
    technique: Technique,
    size: usize,
    shape: Shape,
    finned: bool,
}

impl Spec {
    fn of(technique: Technique) -> Option<Spec> {
        let tables: [(&[Technique; 6], Shape, bool); 7] = [
            (&BASIC, Shape::Basic, false),
            (&FINNED, Shape::Basic, true),
            (&SASHIMI, Shape::Basic, true),
            (&FRANKEN, Shape::Franken, false),
            (&FINNED_FRANKEN, Shape::Franken, true),
            (&MUTANT, Shape::Mutant, false),
            (&FINNED_MUTANT, Shape::Mutant, true),
        ];
        tables.iter().find_map(|&(table, shape, finned)| {
            let i = table.iter().position(|&t| t == technique)?;
            Some(Spec {
                technique,
                size: i + 2,
                shape,
                finned,
            })
        })
    }

    /// The finned basic fish of the same size that this one is not: sashimi for finned, finned for sashimi.
    fn partner(self) -> Technique {
        let i = self.size - 2;
        if FINNED[i] == self.technique {
            SASHIMI[i]
        } else {
            FINNED[i]
        }
    }

    /// The (base, cover) house masks to search, in HoDoKu's order: rows first for basic and Franken fish. A Mutant
    /// search takes every house on both sides and keeps only what is neither basic nor Franken.
    fn orientations(self) -> &'static [(u32, u32)] {
        match self.shape {
            Shape::Basic => &[(ROWS, COLS), (COLS, ROWS)],
            Shape::Franken => &[(ROWS | BOXES, COLS | BOXES), (COLS | BOXES, ROWS | BOXES)],
            Shape::Mutant => &[(ROWS | COLS | BOXES, ROWS | COLS | BOXES)],
        }
    }
}

/// Whether `technique` is one of the fish this module finds.
pub(super) fn is_fish(technique: Technique) -> bool {
    technique.info().family.is_fish()
}

/// One fish as found, before it becomes a [`Step`].
#[derive(Clone, Debug, PartialEq, Eq)]
struct Fish {
    technique: Technique,
    digit: Digit,
    /// Base and cover houses as masks of house indices; `second_cover` holds the covers of a Siamese partner.
    base: u32,
    cover: u32,
    second_cover: u32,
    /// Every base candidate, fins included.
    base_cells: Bitboard,
    /// Fins, exo and endo.
    fins: Bitboard,
    eliminations: Bitboard,
}

fn houses(mask: u32) -> impl Iterator<Item = House> {
    (0..27).filter(move |i| mask >> i & 1 != 0).map(House::from_index)
}

impl Fish {
    fn step(&self) -> Step {
        let mut cover: Vec<House> = houses(self.cover).collect();
        cover.extend(houses(self.second_cover));
        let pattern = Pattern {
            digits: Candidates::only(self.digit),
            cells: (self.base_cells - self.fins).iter().collect(),
            base: houses(self.base).collect(),
            cover,
            fins: self.fins.iter().collect(),
            variant: (self.second_cover != 0).then(|| siamese_name(self.technique)).flatten(),
            ..Pattern::default()
        };
        let eliminations = self.eliminations.iter().map(|c| (c, self.digit)).collect();
        Step::elimination(self.technique, eliminations, pattern)
    }
}

/// HoDoKu's name for a Siamese fish of a finned technique.
fn siamese_name(technique: Technique) -> Option<&'static str> {
    use Technique as T;
    Some(match technique {
        T::FinnedXWing => "Siamese Finned X-Wing",
        T::FinnedSwordfish => "Siamese Finned Swordfish",
        T::FinnedJellyfish => "Siamese Finned Jellyfish",
        T::FinnedSquirmbag => "Siamese Finned Squirmbag",
        T::FinnedWhale => "Siamese Finned Whale",
        T::FinnedLeviathan => "Siamese Finned Leviathan",
        T::SashimiXWing => "Siamese Sashimi X-Wing",
        T::SashimiSwordfish => "Siamese Sashimi Swordfish",
        T::SashimiJellyfish => "Siamese Sashimi Jellyfish",
        T::SashimiSquirmbag => "Siamese Sashimi Squirmbag",
        T::SashimiWhale => "Siamese Sashimi Whale",
        T::SashimiLeviathan => "Siamese Sashimi Leviathan",
        T::FinnedFrankenXWing => "Siamese Finned Franken X-Wing",
        T::FinnedFrankenSwordfish => "Siamese Finned Franken Swordfish",
        T::FinnedFrankenJellyfish => "Siamese Finned Franken Jellyfish",
        T::FinnedFrankenSquirmbag => "Siamese Finned Franken Squirmbag",
        T::FinnedFrankenWhale => "Siamese Finned Franken Whale",
        T::FinnedFrankenLeviathan => "Siamese Finned Franken Leviathan",
        T::FinnedMutantXWing => "Siamese Finned Mutant X-Wing",
        T::FinnedMutantSwordfish => "Siamese Finned Mutant Swordfish",
        T::FinnedMutantJellyfish => "Siamese Finned Mutant Jellyfish",
        T::FinnedMutantSquirmbag => "Siamese Finned Mutant Squirmbag",
        T::FinnedMutantWhale => "Siamese Finned Mutant Whale",
        T::FinnedMutantLeviathan => "Siamese Finned Mutant Leviathan",
        _ => return None,
    })
}

/// The three houses of each cell as house indices (row, column, box).
static CELL_HOUSES: [[u8; 3]; 81] = {
    let mut t = [[0u8; 3]; 81];
    let mut i = 0;
    while i < 81 {
        let (r, c) = (i / 9, i % 9);
        t[i] = [r as u8, 9 + c as u8, 18 + (r / 3 * 3 + c / 3) as u8];
        i += 1;
    }
    t
};

/// The houses of each cell as a mask of house indices.
static CELL_HOUSE_MASK: [u32; 81] = {
    let mut t = [0u32; 81];
    let mut i = 0;
    while i < 81 {
        let [r, c, b] = CELL_HOUSES[i];
        t[i] = 1 << r | 1 << c | 1 << b;
        i += 1;
    }
    t
};

/// The cells that see every cell of `cells` (all cells when it is empty).
fn common_peers(cells: Bitboard) -> Bitboard {
    cells.iter().fold(Bitboard::FULL, |acc, c| acc & c.peer_set())
}

/// The state of a cover search: what is chosen so far and what is left to cover.
#[derive(Copy, Clone)]
struct Covers {
    /// Base candidates neither covered nor made fins yet.
    uncovered: Bitboard,
    chosen: u32,
    count: usize,
    /// Candidates of the chosen covers, and those lying in two of them.
    union: Bitboard,
    cannibal: Bitboard,
    /// Houses that may no longer be chosen: they hold a fin, or an earlier branch took them.
    forbidden: u32,
    /// Exo-fins so far.
    fins: Bitboard,
    /// Candidates that see every fin so far (exo and endo): where a finned fish's eliminations can fall.
    buddies: Bitboard,
}

/// The search for one technique and digit.
struct Search<'a> {
    spec: Spec,
    digit: Digit,
    /// The digit's candidates in each house.
    units: [Bitboard; 27],
    /// Candidates a fish may eliminate (see [`template_free`]); fins must all see one of them.
    targets: Bitboard,
    /// Candidates that may be fins: those seeing a target (none for a fish without fins).
    finnable: Bitboard,
    cover_ok: u32,
    // The base set being built.
    base: u32,
    base_cells: Bitboard,
    endo: Bitboard,
    found: &'a mut dyn FnMut(Fish) -> Flow,
}

impl Search<'_> {
    /// Chooses base houses from `units`, in index order, until there are `size` of them.
    fn bases(&mut self, units: &[u8], depth: usize) -> Flow {
        let size = self.spec.size;
        for (i, &h) in units.iter().enumerate() {
            if units.len() - i < size - depth {
                break;
            }
            let cells = self.units[h as usize];
            let overlap = self.base_cells & cells;
            let endo = self.endo | overlap;
            // Overlapping base candidates are endo-fins: only finned Franken and Mutant fish may have them.
            if !overlap.is_empty()
                && (!self.spec.finned || self.spec.shape == Shape::Basic || endo.len() > MAX_ENDO_FINS)
            {
                continue;
            }
            let saved = (self.base, self.base_cells, self.endo);
            self.base |= 1 << h;
            self.base_cells |= cells;
            self.endo = endo;
            let flow = if self.needs_too_many_covers() {
                Flow::Continue(())
            } else if depth + 1 == size {
                self.start_covers()
            } else {
                self.bases(&units[i + 1..], depth + 1)
            };
            (self.base, self.base_cells, self.endo) = saved;
            flow?;
        }
        Flow::Continue(())
    }

    /// Whether the base candidates that cannot be fins already need more covers than the fish has. Fins must all
    /// see one target (a candidate no template holds), so for each target the base candidates not seeing it need
    /// covers; among them, no two of an `independent` set share a house that may cover them, so each takes a cover
    /// of its own. Adding bases only adds such candidates and takes houses away from the covers, so a base set
    /// failing this for every target is dropped with all its extensions.
    fn needs_too_many_covers(&self) -> bool {
        let allowed = self.cover_ok & !self.base;
        let body = self.base_cells - self.endo;
        let too_many = |must: Bitboard| {
            let (mut taken, mut independent) = (0u32, 0);
            for cell in must {
                let houses = CELL_HOUSE_MASK[cell.index()] & allowed;
                if houses == 0 {
                    return true;
                }
                if houses & taken == 0 {
                    independent += 1;
                    if independent > self.spec.size {
                        return true;
                    }
                    taken |= houses;
                }
            }
            false
        };
        if !self.spec.finned {
            return too_many(body);
        }
        if too_many(body - self.finnable) {
            return true;
        }
        self.targets.iter().all(|t| too_many(body - t.peer_set()))
    }

    fn start_covers(&mut self) -> Flow {
        let buddies = self.targets & common_peers(self.endo);
        if self.spec.finned && buddies.is_empty() {
            return Flow::Continue(());
        }
        self.covers(Covers {
            // Endo-fins are fins whether covered or not: only the other base candidates need a cover.
            uncovered: self.base_cells - self.endo,
            chosen: 0,
            count: 0,
            union: Bitboard::EMPTY,
            cannibal: Bitboard::EMPTY,
            forbidden: self.base,
            fins: Bitboard::EMPTY,
            buddies,
        })
    }

    fn covers(&mut self, s: Covers) -> Flow {
        let Some(cell) = s.uncovered.first() else {
            return self.fill(s, 0);
        };
        if s.count == self.spec.size {
            // No cover left: what is uncovered can only be fins.
            if !self.spec.finned || (s.fins | s.uncovered | self.endo).len() > MAX_FINS {
                return Flow::Continue(());
            }
            let buddies = s.buddies & common_peers(s.uncovered);
            if buddies.is_empty() {
                return Flow::Continue(());
            }
            return self.finish(&Covers {
                uncovered: Bitboard::EMPTY,
                fins: s.fins | s.uncovered,
                buddies,
                ..s
            });
        }
        // Cover the lowest uncovered candidate by one of its houses. A house passed over here is forbidden further
        // down, so a cover set is reached by one path only.
        let mut forbidden = s.forbidden;
        // The cell's houses (row, column, box: in index order) that may still cover it.
        let mut options = CELL_HOUSE_MASK[cell.index()] & self.cover_ok & !forbidden;
        while options != 0 {
            let h = options.trailing_zeros();
            let bit = 1u32 << h;
            options &= options - 1;
            let cells = self.units[h as usize];
            self.covers(Covers {
                uncovered: s.uncovered - cells,
                chosen: s.chosen | bit,
                count: s.count + 1,
                union: s.union | cells,
                cannibal: s.cannibal | (s.union & cells),
                forbidden,
                ..s
            })?;
            forbidden |= bit;
        }
        // Or leave it uncovered: a fin, whose houses can no longer be covers.
        if self.spec.finned && (s.fins | self.endo).len() < MAX_FINS {
            let buddies = s.buddies & cell.peer_set();
            if !buddies.is_empty() {
                let mut fins = s.fins;
                fins.insert(cell);
                let mut uncovered = s.uncovered;
                uncovered.remove(cell);
                self.covers(Covers {
                    uncovered,
                    forbidden,
                    fins,
                    buddies,
                    ..s
                })?;
            }
        }
        Flow::Continue(())
    }

    /// Every base candidate is covered or a fin, with covers to spare: HoDoKu still counts the fish when the rest of
    /// the covers are any houses meeting the base candidates. Without fins that would be a contradiction, so only
    /// finned fish get here.
    fn fill(&mut self, s: Covers, from: u32) -> Flow {
        if s.count == self.spec.size {
            return self.finish(&s);
        }
        if !self.spec.finned || (s.fins | self.endo).is_empty() {
            return Flow::Continue(());
        }
        for h in from..27 {
            let bit = 1u32 << h;
            let cells = self.units[h as usize];
            if self.cover_ok & bit == 0 || (s.forbidden | s.chosen) & bit != 0 || (cells & self.base_cells).is_empty() {
                continue;
            }
            self.fill(
                Covers {
                    chosen: s.chosen | bit,
                    count: s.count + 1,
                    union: s.union | cells,
                    cannibal: s.cannibal | (s.union & cells),
                    ..s
                },
                h + 1,
            )?;
        }
        Flow::Continue(())
    }

    /// A complete base and cover set: work out the eliminations and the fish's name, and report it if it is the
    /// technique searched for.
    fn finish(&mut self, s: &Covers) -> Flow {
        let fins = s.fins | self.endo;
        let possible = (s.union - self.base_cells) | s.cannibal;
        let eliminations = if self.spec.finned {
            if fins.is_empty() {
                return Flow::Continue(());
            }
            possible & s.buddies
        } else {
            if !fins.is_empty() {
                return Flow::Continue(());
            }
            possible
        };
        if eliminations.is_empty() {
            return Flow::Continue(());
        }
        // Finned and sashimi fish are one search (and may pair up as Siamese fish): both are reported, and the
        // caller keeps what it asked for.
        let technique = self.name(s.chosen, fins);
        if technique != self.spec.technique
            && !(self.spec.shape == Shape::Basic && self.spec.finned && technique == self.spec.partner())
        {
            return Flow::Continue(());
        }
        (self.found)(Fish {
            technique,
            digit: self.digit,
            base: self.base,
            cover: s.chosen,
            second_cover: 0,
            base_cells: self.base_cells,
            fins,
            eliminations,
        })
    }

    /// The technique a fish with these covers and fins is, by HoDoKu's rules.
    fn name(&self, cover: u32, fins: Bitboard) -> Technique {
        let i = self.spec.size - 2;
        let finned = !fins.is_empty();
        match (shape(self.base, cover), finned) {
            (Shape::Basic, false) => BASIC[i],
            (Shape::Basic, true) => {
                let sashimi = houses(self.base).any(|h| (self.units[h.index()] - fins).len() <= 1);
                if sashimi {
                    SASHIMI[i]
                } else {
                    FINNED[i]
                }
            }
            (Shape::Franken, false) => FRANKEN[i],
            (Shape::Franken, true) => FINNED_FRANKEN[i],
            (Shape::Mutant, false) => MUTANT[i],
            (Shape::Mutant, true) => FINNED_MUTANT[i],
        }
    }
}

/// The digit's candidates that no *template* holds: no placement of the digit in every row, column and box that
/// still lacks it, one cell each, on candidates only. Every fish elimination is such a candidate (a fish reasons on the
/// one digit alone), so a digit without them has no fish, and a fin must see one of them.
///
/// A template is a placement in each band, and the bands meet only through the columns they use: so each band's
/// placements are grouped by their columns, and a group belongs to a template when it goes with a group of each
/// other band into the digit's columns, each column once.
fn template_free(candidates: Bitboard) -> Bitboard {
    let mut rows = [0u16; 9];
    for (r, row) in rows.iter_mut().enumerate() {
        *row = (candidates.bits() >> (9 * r) & 0x1FF) as u16;
    }
    let cols = rows.iter().fold(0, |acc, r| acc | r);
    let bands: [BandGroups; 3] = core::array::from_fn(|b| BandGroups::of(&rows[3 * b..3 * b + 3]));
    let mut used = [0u64; 3];
    for i in Bits(bands[0].present) {
        for j in Bits(bands[1].present) {
            let (m0, m1) = (GROUP_COLS[i], GROUP_COLS[j]);
            if m0 & m1 != 0 {
                continue;
            }
            let k = GROUP_OF[(cols ^ m0 ^ m1) as usize];
            if k < 64 && bands[2].present >> k & 1 != 0 {
                used[0] |= 1 << i;
                used[1] |= 1 << j;
                used[2] |= 1 << k;
            }
        }
    }
    let mut held = 0u128;
    for (b, band) in bands.iter().enumerate() {
        for k in Bits(used[b]) {
            for (i, &cells) in band.cells[k].iter().enumerate() {
                held |= (cells as u128) << (9 * (3 * b + i));
            }
        }
    }
    candidates - Bitboard::from_bits(held)
}

/// The indices of the set bits of a mask, lowest first.
struct Bits(u64);

impl Iterator for Bits {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(i)
    }
}

/// The columns of each stack, as 9-bit masks.
const STACK_COLS: [u16; 3] = [0o7, 0o70, 0o700];

/// A band's group of placements is named by the column it takes in each stack, two bits a stack: 0..3 the column
/// within the stack, 3 none. `GROUP_COLS` gives a group's columns, `GROUP_OF` the group of a set of columns (64 when
/// it holds two columns of a stack, as no group does).
const GROUP_COLS: [u16; 64] = {
    let mut t = [0u16; 64];
    let mut g = 0;
    while g < 64 {
        let mut s = 0;
        while s < 3 {
            let k = g >> (2 * s) & 3;
            if k < 3 {
                t[g] |= 1 << (3 * s + k);
            }
            s += 1;
        }
        g += 1;
    }
    t
};
const GROUP_OF: [u8; 512] = {
    let mut t = [64u8; 512];
    let mut g = 0;
    while g < 64 {
        t[GROUP_COLS[g] as usize] = g as u8;
        g += 1;
    }
    t
};

/// What is known of one digit's candidates: the candidates no template holds (once worked out), and the fish
/// techniques known to find nothing there (bits by [`Technique`] number). Both depend on nothing but the digit's
/// candidates, so they are kept per thread under them: the ladder tries a dozen fish on one grid in a row, then
/// again after each step, and a step changes few digits.
#[derive(Copy, Clone)]
struct Known {
    key: u128,
    free: Option<u128>,
    empty: u128,
}

impl Known {
    const NONE: Known = Known {
        key: 0,
        free: None,
        empty: 0,
    };
}

/// Runs `f` on what is known of `candidates`, starting afresh when the slot held another digit's.
fn with_known<R>(candidates: Bitboard, f: impl FnOnce(&mut Known) -> R) -> R {
    const SLOTS: usize = 256;
    std::thread_local! {
        static KNOWN: core::cell::RefCell<[Known; SLOTS]> = const { core::cell::RefCell::new([Known::NONE; SLOTS]) };
    }
    let key = candidates.bits();
    let mix = (key as u64 ^ (key >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let slot = (mix >> 56) as usize % SLOTS;
    KNOWN.with(|known| {
        let mut known = known.borrow_mut();
        let entry = &mut known[slot];
        if entry.key != key {
            *entry = Known { key, ..Known::NONE };
        }
        f(entry)
    })
}

/// [`template_free`], worked out once per digit state.
fn targets(candidates: Bitboard) -> Bitboard {
    with_known(candidates, |k| {
        let free = *k.free.get_or_insert_with(|| template_free(candidates).bits());
        Bitboard::from_bits(free)
    })
}

/// One band's placements of the digit (a candidate in each of its rows that has one, in distinct stacks, covering
/// every stack that holds a candidate), grouped by the columns they use (see [`GROUP_COLS`]).
struct BandGroups {
    /// The groups with a placement, as bits by group.
    present: u64,
    /// For each group, the columns each row takes in some placement of it.
    cells: [[u16; 3]; 64],
}

impl BandGroups {
    fn of(rows: &[u16]) -> BandGroups {
        const PERMUTATIONS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
        let mut groups = BandGroups {
            present: 0,
            cells: [[0; 3]; 64],
        };
        let all = rows.iter().fold(0, |acc, r| acc | r);
        // Rows go to stacks one to one: a row with candidates to a stack where it has some, a row without (the
        // digit is placed there) to a stack without candidates in the band.
        for stacks in PERMUTATIONS {
            let options: [u16; 3] = core::array::from_fn(|i| rows[i] & STACK_COLS[stacks[i]]);
            let fits = (0..3).all(|i| {
                if rows[i] == 0 {
                    all & STACK_COLS[stacks[i]] == 0
                } else {
                    options[i] != 0
                }
            });
            if !fits {
                continue;
            }
            for a in picks(options[0]) {
                for b in picks(options[1]) {
                    for c in picks(options[2]) {
                        let g = GROUP_OF[(a | b | c) as usize] as usize;
                        groups.present |= 1 << g;
                        let cells = &mut groups.cells[g];
                        cells[0] |= a;
                        cells[1] |= b;
                        cells[2] |= c;
                    }
                }
            }
        }
        groups
    }
}

/// The columns a row may take, one bit each; a single 0 (no column) for a row without candidates.
fn picks(options: u16) -> Picks {
    // The row without candidates takes a stand-in bit, cleared as it is yielded.
    Picks(if options == 0 { NO_COLUMN } else { options })
}

const NO_COLUMN: u16 = 1 << 15;

struct Picks(u16);

impl Iterator for Picks {
    type Item = u16;

    fn next(&mut self) -> Option<u16> {
        if self.0 == 0 {
            return None;
        }
        let bit = self.0 & self.0.wrapping_neg();
        self.0 ^= bit;
        Some(bit & !NO_COLUMN)
    }
}

/// Basic fish without fins, the rungs the ladder tries most: lines as 9-bit masks of the crossing lines, combined
/// while they span no more than `size` crossing lines.
fn basic_digit(candidates: Bitboard, spec: Spec, digit: Digit, found: &mut dyn FnMut(Fish) -> Flow) -> Flow {
    // The crossing lines where each row, and each column, holds the digit.
    let rows: [u16; 9] = core::array::from_fn(|r| (candidates.bits() >> (9 * r)) as u16 & 0x1FF);
    let mut cols = [0u16; 9];
    for (r, &row) in rows.iter().enumerate() {
        let mut rest = row;
        while rest != 0 {
            cols[rest.trailing_zeros() as usize] |= 1 << r;
            rest &= rest - 1;
        }
    }
    for rows_as_base in [true, false] {
        let lines = if rows_as_base { &rows } else { &cols };
        let mut eligible = [0usize; 9];
        let mut n = 0;
        for (i, &line) in lines.iter().enumerate() {
            if line != 0 && line.count_ones() as usize <= spec.size {
                eligible[n] = i;
                n += 1;
            }
        }
        let offset = if rows_as_base { 0 } else { 9 };
        let mut emit = |chosen: u16, span: u16| -> Flow {
            let base = (chosen as u32) << offset;
            let cover = (span as u32) << (9 - offset);
            let in_houses = |mask: u32| houses(mask).fold(Bitboard::EMPTY, |acc, h| acc | h.cell_set());
            let base_cells = candidates & in_houses(base);
            let eliminations = (candidates & in_houses(cover)) - base_cells;
            if eliminations.is_empty() {
                return Flow::Continue(());
            }
            found(Fish {
                technique: spec.technique,
                digit,
                base,
                cover,
                second_cover: 0,
                base_cells,
                fins: Bitboard::EMPTY,
                eliminations,
            })
        };
        combine(lines, &eligible[..n], spec.size, &mut emit)?;
    }
    Flow::Continue(())
}

/// Chooses `size` lines of `eligible` (masks in `lines`), in index order, while their union (the span) stays within
/// `size` crossing lines; reports each full choice with its span. The choices are walked with an explicit stack of
/// positions, in the order of nested loops.
fn combine(lines: &[u16; 9], eligible: &[usize], size: usize, emit: &mut dyn FnMut(u16, u16) -> Flow) -> Flow {
    let m = eligible.len();
    if size == 0 || size > 8 || m < size {
        return Flow::Continue(());
    }
    // The position chosen at each depth, and the lines chosen and their span above each depth.
    let mut at = [0usize; 8];
    let mut chosen = [0u16; 8];
    let mut span = [0u16; 8];
    let mut depth = 0;
    let mut k = 0;
    loop {
        // Lines left for the places still open.
        if k > m - (size - depth) {
            if depth == 0 {
                return Flow::Continue(());
            }
            depth -= 1;
            k = at[depth] + 1;
            continue;
        }
        let i = eligible[k];
        let next = span[depth] | lines[i];
        if next.count_ones() as usize > size {
            k += 1;
            continue;
        }
        at[depth] = k;
        if depth + 1 == size {
            emit(chosen[depth] | 1 << i, next)?;
        } else {
            chosen[depth + 1] = chosen[depth] | 1 << i;
            span[depth + 1] = next;
            depth += 1;
        }
        k += 1;
    }
}

/// Reports every fish of one digit to `found`; a digit state where the technique found nothing before is passed
/// over.
fn search_digit(grid: &Grid, spec: Spec, digit: Digit, found: &mut dyn FnMut(Fish) -> Flow) -> Flow {
    let candidates = grid.digit_cells(digit);
    if candidates.len() < 2 * spec.size as u32 {
        // Each base house holds a candidate and no two bases share one (endo-fins aside): too few to make a fish.
        return Flow::Continue(());
    }
    let bit = 1u128 << spec.technique as usize;
    if with_known(candidates, |k| k.empty & bit != 0) {
        return Flow::Continue(());
    }
    // The kinds of fish found. A finned basic fish search is the sashimi one too (it finds both, see
    // [`Search::finish`]): what it leaves unfound, the partner's search would not find either.
    let mut kinds = 0u128;
    let mut seen = |fish: Fish| {
        kinds |= 1 << fish.technique as usize;
        found(fish)
    };
    search_spec(candidates, spec, digit, &mut seen)?;
    let searched = if spec.shape == Shape::Basic && spec.finned {
        bit | 1 << spec.partner() as usize
    } else {
        bit
    };
    if searched & !kinds != 0 {
        with_known(candidates, |k| k.empty |= searched & !kinds);
    }
    Flow::Continue(())
}

/// [`search_digit`] without the memory.
fn search_spec(candidates: Bitboard, spec: Spec, digit: Digit, found: &mut dyn FnMut(Fish) -> Flow) -> Flow {
    if spec.shape == Shape::Basic && !spec.finned {
        return basic_digit(candidates, spec, digit, found);
    }
    let targets = targets(candidates);
    if targets.is_empty() {
        return Flow::Continue(());
    }
    let finnable = if spec.finned {
        targets.iter().fold(Bitboard::EMPTY, |acc, t| acc | t.peer_set()) & candidates
    } else {
        Bitboard::EMPTY
    };
    let mut units = [Bitboard::EMPTY; 27];
    for (i, u) in units.iter_mut().enumerate() {
        *u = candidates & House::from_index(i).cell_set();
    }
    for &(base_ok, cover_ok) in spec.orientations() {
        // Base houses must hold the digit; without fins, no more than `size` times.
        let mut list = [0u8; 27];
        let mut len = 0;
        for h in 0..27u8 {
            let n = units[h as usize].len() as usize;
            if base_ok >> h & 1 != 0 && n > 0 && (spec.finned || n <= spec.size) {
                list[len] = h;
                len += 1;
            }
        }
        let mut search = Search {
            spec,
            digit,
            units,
            targets,
            finnable,
            cover_ok,
            base: 0,
            base_cells: Bitboard::EMPTY,
            endo: Bitboard::EMPTY,
            found: &mut *found,
        };
        search.bases(&list[..len], 0)?;
    }
    Flow::Continue(())
}

/// Each digit's candidates when a fish technique last searched it, and the digits (bits) where it found nothing
/// then: the ladder asks a dozen fish techniques at every step, and asking this before [`search_digit`]'s memory
/// (which it only repeats) spares the hashing and lookup of every digit that did not change.
#[derive(Copy, Clone)]
struct LastSearch {
    candidates: [u128; 9],
    barren: u16,
}

std::thread_local! {
    /// By [`Technique`] number.
    static LAST_SEARCH: core::cell::RefCell<[LastSearch; 128]> = const {
        core::cell::RefCell::new([LastSearch { candidates: [0; 9], barren: 0 }; 128])
    };
}

/// Finds every fish of `technique` in `grid`: single fish digit by digit, then (for finned fish) the Siamese pairs.
///
/// As HoDoKu does with its "one fish per step" setting, a fish is reported only when no fish reported before
/// eliminates the same candidates: large fish come in hundreds of variants that differ only in a spare cover.
fn find(grid: &Grid, technique: Technique, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
    let Some(spec) = Spec::of(technique) else {
        return Flow::Continue(());
    };
    let mut seen: HashSet<(Digit, u128)> = HashSet::new();
    let mut pairs: Vec<Fish> = Vec::new();
    let t = technique as usize;
    let mut last = LAST_SEARCH.with(|l| l.borrow()[t]);
    for digit in Digit::ALL {
        let (d, candidates) = (digit.index(), grid.digit_cells(digit).bits());
        if last.barren >> d & 1 != 0 && last.candidates[d] == candidates {
            continue;
        }
        let mut hit = false;
        // Fish on one base come one after the other: they are held until the base changes, to pair them up and to
        // report basic fish by their covers in HoDoKu's order (lowest first, compared as lists of house indices).
        // The search meets a base's cover sets in its own order (a candidate covered before it is made a fin), and
        // HoDoKu takes the first of its order: at all 458 finned and sashimi fish steps of its training paths, 454
        // before. (Franken fish keep the search's order, which the regression library's cases follow.)
        let mut group: Vec<Fish> = Vec::new();
        let mut flush = |group: &mut Vec<Fish>, pairs: &mut Vec<Fish>| -> Flow {
            if spec.finned && group.len() > 1 {
                pair_up(group, technique, pairs);
            }
            if spec.shape == Shape::Basic {
                group.sort_by_key(|f| core::cmp::Reverse(f.cover.reverse_bits()));
            }
            for fish in group.drain(..) {
                if fish.technique == technique && seen.insert((digit, fish.eliminations.bits())) {
                    emit(fish.step())?;
                }
            }
            Flow::Continue(())
        };
        search_digit(grid, spec, digit, &mut |fish| {
            hit |= fish.technique == technique;
            if group.first().is_some_and(|g| g.base != fish.base) {
                flush(&mut group, &mut pairs)?;
            }
            group.push(fish);
            Flow::Continue(())
        })?;
        flush(&mut group, &mut pairs)?;
        last.candidates[d] = candidates;
        last.barren = last.barren & !(1 << d) | u16::from(!hit) << d;
    }
    LAST_SEARCH.with(|l| l.borrow_mut()[t] = last);
    for pair in pairs {
        if seen.insert((pair.digit, pair.eliminations.bits())) {
            emit(pair.step())?;
        }
    }
    Flow::Continue(())
}

/// The Siamese fish of `technique` among fish sharing one base.
fn pair_up(group: &[Fish], technique: Technique, pairs: &mut Vec<Fish>) {
    for (i, a) in group.iter().enumerate() {
        for b in &group[i + 1..] {
            match siamese(a, b) {
                Some(pair) if pair.technique == technique => pairs.push(pair),
                _ => {}
            }
        }
    }
}

/// Two finned fish of one digit on the same base houses, each eliminating something the other does not. As in
/// HoDoKu, the pair takes the name of the fish found first (covers in index order: the one whose covers come first
/// lexicographically), so a finned and a sashimi fish pair up under either name.
fn siamese(a: &Fish, b: &Fish) -> Option<Fish> {
    let same = a.digit == b.digit && a.base == b.base;
    let adds = !(a.eliminations - b.eliminations).is_empty() && !(b.eliminations - a.eliminations).is_empty();
    if !same || !adds || a.cover == b.cover {
        return None;
    }
    // Of two sorted lists of house indices, the first in lexicographic order holds the lowest index they do not share.
    let first_diff = 1u32 << (a.cover ^ b.cover).trailing_zeros();
    let (first, second) = if a.cover & first_diff != 0 { (a, b) } else { (b, a) };
    Some(Fish {
        second_cover: second.cover,
        fins: a.fins | b.fins,
        eliminations: a.eliminations | b.eliminations,
        ..first.clone()
    })
}

macro_rules! finders {
    ($($name:ident => $technique:ident),* $(,)?) => {
        $(
            fn $name(grid: &Grid, emit: &mut dyn FnMut(Step) -> Flow) -> Flow {
                find(grid, Technique::$technique, emit)
            }
        )*

        /// The finder of a fish technique.
        pub(super) fn finder(technique: Technique) -> Option<Finder> {
            match technique {
                $(Technique::$technique => Some($name),)*
                _ => None,
            }
        }
    };
}

finders! {
    x_wing => XWing,
    swordfish => Swordfish,
    jellyfish => Jellyfish,
    squirmbag => Squirmbag,
    whale => Whale,
    leviathan => Leviathan,
    finned_x_wing => FinnedXWing,
    finned_swordfish => FinnedSwordfish,
    finned_jellyfish => FinnedJellyfish,
    finned_squirmbag => FinnedSquirmbag,
    finned_whale => FinnedWhale,
    finned_leviathan => FinnedLeviathan,
    sashimi_x_wing => SashimiXWing,
    sashimi_swordfish => SashimiSwordfish,
    sashimi_jellyfish => SashimiJellyfish,
    sashimi_squirmbag => SashimiSquirmbag,
    sashimi_whale => SashimiWhale,
    sashimi_leviathan => SashimiLeviathan,
    franken_x_wing => FrankenXWing,
    franken_swordfish => FrankenSwordfish,
    franken_jellyfish => FrankenJellyfish,
    franken_squirmbag => FrankenSquirmbag,
    franken_whale => FrankenWhale,
    franken_leviathan => FrankenLeviathan,
    finned_franken_x_wing => FinnedFrankenXWing,
    finned_franken_swordfish => FinnedFrankenSwordfish,
    finned_franken_jellyfish => FinnedFrankenJellyfish,
    finned_franken_squirmbag => FinnedFrankenSquirmbag,
    finned_franken_whale => FinnedFrankenWhale,
    finned_franken_leviathan => FinnedFrankenLeviathan,
    mutant_x_wing => MutantXWing,
    mutant_swordfish => MutantSwordfish,
    mutant_jellyfish => MutantJellyfish,
    mutant_squirmbag => MutantSquirmbag,
    mutant_whale => MutantWhale,
    mutant_leviathan => MutantLeviathan,
    finned_mutant_x_wing => FinnedMutantXWing,
    finned_mutant_swordfish => FinnedMutantSwordfish,
    finned_mutant_jellyfish => FinnedMutantJellyfish,
    finned_mutant_squirmbag => FinnedMutantSquirmbag,
    finned_mutant_whale => FinnedMutantWhale,
    finned_mutant_leviathan => FinnedMutantLeviathan,
}

/// Houses in HoDoKu's library form: the kind's letter where the kind changes (`r25b8`, `c2679`).
fn house_list(list: &[House]) -> String {
    let mut text = String::new();
    let mut last = None;
    for h in list {
        let (letter, n) = match *h {
            House::Row(i) => ('r', i),
            House::Col(i) => ('c', i),
            House::Box(i) => ('b', i),
        };
        if last != Some(letter) {
            text.push(letter);
            last = Some(letter);
        }
        let _ = write!(text, "{}", n + 1);
    }
    text
}

/// The explanation of a fish step: `Finned X-Wing: 4 r26 c47 fr2c5 => r3c4<>4`, endo-fins as `efr1c9`, a Siamese
/// fish's two cover sets split by `/`; in Chinese `鳍X翼：4 r26 c47 鳍 r2c5 => r3c4<>4`.
pub(super) fn explain(step: &Step, lang: Lang) -> String {
    let p = &step.pattern;
    let digit = p.digits.first().map(|d| d.to_string()).unwrap_or_default();
    let siamese = !p.base.is_empty() && p.cover.len() == 2 * p.base.len();
    let cover = if siamese {
        let (a, b) = p.cover.split_at(p.base.len());
        format!("{}/{}", house_list(a), house_list(b))
    } else {
        house_list(&p.cover)
    };
    // An endo-fin lies in two base houses; the explanation tells it from the others.
    let in_bases = |c: Cell| p.base.iter().filter(|h| h.cell_set().contains(c)).count();
    let (endo, exo): (Vec<Cell>, Vec<Cell>) = p.fins.iter().partition(|&&c| in_bases(c) > 1);
    let result = notation::eliminations(&step.eliminations);
    let base = house_list(&p.base);
    match lang {
        Lang::En => {
            let mut text = String::new();
            if siamese {
                text.push_str("Siamese ");
            }
            let _ = write!(text, "{}: {digit} {base} {cover}", step.technique);
            for c in &exo {
                let _ = write!(text, " f{c}");
            }
            for c in &endo {
                let _ = write!(text, " ef{c}");
            }
            let _ = write!(text, " => {result}");
            text
        }
        Lang::Zh => {
            let mut text = String::new();
            if siamese {
                text.push_str("连体");
            }
            let _ = write!(text, "{}：{digit} {base} {cover}", step.technique.info().name_zh);
            if !exo.is_empty() {
                let _ = write!(text, " 鳍 {}", notation::cells(&exo));
            }
            if !endo.is_empty() {
                let _ = write!(text, " 内鳍 {}", notation::cells(&endo));
            }
            let _ = write!(text, " => {result}");
            text
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::parse_library_line;
    use crate::logic::reglib::testing::expected_step;
    use crate::logic::Solver;

    // Cases of HoDoKu's regression library (test data), so the fish are found without the shared data.
    const X_WING: &str = ":0300:3:9.....+5+6+1..+6.+1.7+937+1..962486...2+147+9........5....4...642..+586+1+75.71.+2..+4..1....+52::313 314 343 344 353 354 363 364 394::";
    const FINNED_X_WING: &str = ":0310:3:1.........5.....61..8+1..2...7...9.......1.3..4...5...6.+6.+398+14+2+9+42+5+71+6..+8+136+4279+5:962:315 335::";
    const SASHIMI_X_WING: &str =
        ":0320:8:4..5.769....+3....2.68+1...3.65.2.4..9...+73.4.....9.......+68........+6.3..73894+7....::859 869::";
    const FRANKEN_SWORDFISH: &str = ":0331:8:52...617.174.536..6.9271..5..5.2...6.9.76..1...6.3...4..759236135261.9.79613.7.5.:814 819 928 842 844 944 856 861 964 866 867 868:872::";
    const ENDO_FIN: &str =
        ":0342:7:+5.3+9641+8..+1.+5...69.9+6...53+4..7...84515.4........3+5...+1..+5.+4..1...18.54.+66..21..+58::759::";
    const CANNIBAL: &str = ":0342:1:4.392..5659...6...6..85..4.1.5.9846.9.426.5...6.5.4...25...9683849632715..6.85294:328 829 759 367 867 269 769:129::";
    const SIAMESE: &str = ":03111:5:6...219...12..8..........+1+2.9+7+26413.24.+1.....+1......+2.+7+295+3684+13.+1.472..+4.5.1+2+3.7:812 813 924 832 934 662 862 864 964:521 531 562::";
    const MUTANT: &str = ":0362:4:.7+6+1.95..1..+6.5...+98+5+72.16.+7...1+6.......97.3.6+9.2+5.+7188.7.6..5...9+5..3.....+9...4.:211 319 425 227 228 229 443 449 172 272 376 476 885 286 486 289 895 396:419::";

    #[test]
    fn library_cases_are_found_and_explained_in_hodoku_notation() {
        let cases = [
            (X_WING, "X-Wing: 3 r37 c34 => r1456c3,r14569c4<>3"),
            (FINNED_X_WING, "Finned X-Wing: 3 r24 c15 fr2c6 => r13c5<>3"),
            (SASHIMI_X_WING, "Sashimi X-Wing: 8 r14 c59 fr4c7 fr4c8 => r56c9<>8"),
            (FRANKEN_SWORDFISH, "Franken Swordfish: 8 r236 c24b3 => r7c2<>8"),
            (ENDO_FIN, "Finned Franken Jellyfish: 7 r169b3 c267b6 efr1c9 => r5c9<>7"),
            (MUTANT, "Finned Mutant Jellyfish: 4 r36c15 r18c6b4 fr3c9 => r1c9<>4"),
        ];
        for (line, text) in cases {
            assert_eq!(expected_step(line).explain(Lang::En), text);
        }
        assert_eq!(
            expected_step(FINNED_X_WING).explain(Lang::Zh),
            "鳍X翼：3 r24 c15 鳍 r2c6 => r13c5<>3"
        );
        assert_eq!(
            expected_step(ENDO_FIN).explain(Lang::Zh),
            "鳍弗兰肯水母：7 r169b3 c267b6 内鳍 r1c9 => r5c9<>7"
        );
    }

    #[test]
    fn the_pattern_holds_base_cover_body_and_fins() {
        let step = expected_step(FINNED_X_WING);
        let p = &step.pattern;
        assert_eq!(p.digits, Candidates::only(Digit::from_index(2)));
        assert_eq!(p.base, vec![House::Row(1), House::Row(3)]);
        assert_eq!(p.cover, vec![House::Col(0), House::Col(4)]);
        assert_eq!(p.fins, vec![Cell::at(1, 5)]);
        // The body: the base candidates inside the covers.
        assert!(p.cells.iter().all(|c| c.col() == 0 || c.col() == 4));
        assert!(!p.cells.is_empty());
    }

    #[test]
    fn a_cannibalistic_fish_eliminates_a_base_candidate() {
        let step = expected_step(CANNIBAL);
        assert_eq!(step.eliminations, vec![(Cell::at(1, 8), Digit::from_index(0))]);
        // r2c9 lies in a base row and in two covers (c9 and b3).
        assert!(step.pattern.base.contains(&House::Row(1)));
        assert!(step.pattern.cover.contains(&House::Col(8)) && step.pattern.cover.contains(&House::Box(2)));
    }

    #[test]
    fn siamese_fish_are_one_step_with_both_cover_sets() {
        let step = expected_step(SIAMESE);
        assert_eq!(step.technique, Technique::FinnedSwordfish);
        assert_eq!(step.pattern.variant, Some("Siamese Finned Swordfish"));
        assert_eq!(step.pattern.cover.len(), 2 * step.pattern.base.len());
        assert_eq!(
            step.explain(Lang::En),
            "Siamese Finned Swordfish: 5 r148 c189/c289 fr1c2 fr4c1 => r23c1,r6c2<>5"
        );
        assert!(step.explain(Lang::Zh).starts_with("连体鳍剑鱼：5 r148 c189/c289"));
    }

    #[test]
    fn finned_and_sashimi_are_told_apart() {
        let case = parse_library_line(SASHIMI_X_WING).expect("parses");
        let sashimi = Solver::find_all(Technique::SashimiXWing, &case.grid);
        let finned = Solver::find_all(Technique::FinnedXWing, &case.grid);
        let elims = |steps: &[Step]| steps.iter().map(|s| s.eliminations.clone()).collect::<Vec<_>>();
        let mut want = case.eliminations.clone();
        want.sort_unstable();
        assert!(elims(&sashimi).contains(&want));
        assert!(!elims(&finned).contains(&want));
    }

    #[test]
    fn every_fish_technique_has_a_finder_and_only_the_small_ones_are_on_by_default() {
        for t in Technique::ALL.into_iter().filter(|&t| is_fish(t)) {
            assert!(finder(t).is_some(), "{t}");
            let spec = Spec::of(t).expect("a fish spec");
            let default =
                spec.size <= 4 && spec.shape == Shape::Basic || (spec.size <= 3 && spec.shape == Shape::Franken);
            assert_eq!(t.info().on_by_default, default, "{t}");
        }
        assert!(finder(Technique::Skyscraper).is_none());
        // The library names Siamese fish by their finned fish's code and a 1.
        assert_eq!(Technique::from_code("03111"), Some(Technique::FinnedSwordfish));
        assert_eq!(Technique::from_code("03621"), Some(Technique::FinnedMutantJellyfish));
        assert_eq!(Technique::from_code("03011"), None);
    }

    #[test]
    fn shapes_follow_hodoku() {
        let (r, c, b) = (1u32, 1u32 << 9, 1u32 << 18);
        assert_eq!(shape(r | r << 1, c | c << 1), Shape::Basic);
        assert_eq!(shape(c, r), Shape::Basic);
        assert_eq!(shape(r | b, c | c << 1), Shape::Franken);
        assert_eq!(shape(r | r << 1, c | b), Shape::Franken);
        assert_eq!(shape(c | b, r | b << 1), Shape::Franken);
        assert_eq!(shape(b | b << 1, c | c << 1), Shape::Mutant);
        assert_eq!(shape(r | c, r << 1 | c << 1), Shape::Mutant);
    }

    #[test]
    fn templates_free_nothing_on_an_open_board_and_see_through_an_x_wing() {
        // Every cell of an empty board is in some template.
        assert!(template_free(Bitboard::FULL).is_empty());
        // Whatever a fish eliminates, no template holds.
        for line in [X_WING, FINNED_X_WING, FRANKEN_SWORDFISH, ENDO_FIN, CANNIBAL, MUTANT] {
            let case = parse_library_line(line).expect("parses");
            for &(cell, digit) in &case.eliminations {
                assert!(template_free(case.grid.digit_cells(digit)).contains(cell), "{line}");
            }
        }
    }
    /// The cells of some template, one row at a time: each row with candidates takes one, no column or box twice,
    /// and every column and box holding a candidate is taken.
    fn templates_by_rows(candidates: Bitboard) -> Bitboard {
        fn walk(c: u128, row: usize, cols: u16, boxes: u16, cells: u128, all: (u16, u16), held: &mut u128) {
            if row == 9 {
                if (cols, boxes) == all {
                    *held |= cells;
                }
                return;
            }
            let options = (c >> (9 * row) & 0x1FF) as u16;
            if options == 0 {
                return walk(c, row + 1, cols, boxes, cells, all, held);
            }
            for col in (0..9).filter(|&k| options >> k & 1 != 0 && cols >> k & 1 == 0) {
                let b = row / 3 * 3 + col / 3;
                if boxes >> b & 1 == 0 {
                    let cell = 1u128 << (9 * row + col);
                    walk(c, row + 1, cols | 1 << col, boxes | 1 << b, cells | cell, all, held);
                }
            }
        }
        let c = candidates.bits();
        let all = candidates.iter().fold((0u16, 0u16), |(cols, boxes), cell| {
            (
                cols | 1 << cell.col(),
                boxes | 1 << (cell.row() / 3 * 3 + cell.col() / 3),
            )
        });
        let mut held = 0;
        walk(c, 0, 0, 0, 0, all, &mut held);
        Bitboard::from_bits(held)
    }

    #[test]
    fn templates_by_band_agree_with_templates_by_row() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for n in 0..3000 {
            // Boards from dense to sparse, some with whole rows emptied as if the digit were placed there.
            let mut bits = Bitboard::FULL.bits();
            for _ in 0..(n % 60) {
                bits &= !(1u128 << (next() % 81));
            }
            if n % 3 == 0 {
                bits &= !(0x1FFu128 << (9 * (next() % 9)));
            }
            let candidates = Bitboard::from_bits(bits);
            assert_eq!(
                template_free(candidates),
                candidates - templates_by_rows(candidates),
                "{bits:#x}"
            );
        }
    }
}
