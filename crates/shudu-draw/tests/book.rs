//! Puzzle books: the pages as SVG, and a PDF of twelve puzzles that poppler's `pdftoppm` renders, with ink where
//! every puzzle is.

use std::path::{Path, PathBuf};
use std::process::Command;

use shudu::generate::{puzzle_seed, Generator, Options};
use shudu_draw::book::{self, slots, solution_slots, BookOptions, Entry, Paper, PerPage, Slot};

/// Twelve generated puzzles, graded, with their seeds.
fn twelve() -> Vec<Entry> {
    let generator = Generator::new(Options::default()).expect("plain options are accepted");
    (0..12)
        .map(|i| {
            let mut made = generator.generate(puzzle_seed(7, i)).expect("a plain puzzle is made");
            Entry::generated(&mut made)
        })
        .collect()
}

#[test]
fn pages_hold_the_cover_the_puzzles_and_the_solutions() {
    let entries = twelve();
    let options = BookOptions {
        title: Some("Twelve & more".to_string()),
        ..BookOptions::default()
    };
    let pages = book::pages(&entries, &options);
    // A cover, three pages of four puzzles, one page of twelve solutions.
    assert_eq!(pages.len(), 5);
    assert!(pages[0].contains("Twelve &amp; more"));
    for page in &pages {
        roxmltree::Document::parse(page).expect("every page parses");
    }
    let title = entries[4].title(5);
    assert!(title.starts_with("#5 · "), "{title}");
    assert!(title.contains(&format!("seed {}", entries[4].seed.unwrap_or_default())));
    assert!(pages[2].contains(&title));
    assert_eq!(pages[1].matches(r#"class="puzzle""#).count(), 4);
    assert_eq!(pages[4].matches(r#"class="puzzle""#).count(), 12);
    assert!(pages[4].contains(">Solutions<"));
    let again = book::pages(&entries, &options);
    assert_eq!(pages, again, "the same book twice is the same pages");
}

#[test]
fn titles_leave_out_what_is_unknown() {
    let entry = Entry::new([0; 81]);
    assert_eq!(entry.title(3), "#3");
    let entry = Entry {
        level: Some("Hard".into()),
        stars: Some(3),
        seed: Some(42),
        ..Entry::new([0; 81])
    };
    assert_eq!(entry.title(12), "#12 · Hard · ★★★☆☆ · seed 42");
}

#[test]
fn layouts_and_paper_read_from_text() {
    assert_eq!("letter".parse::<Paper>(), Ok(Paper::Letter));
    assert_eq!("6".parse::<PerPage>(), Ok(PerPage::Six));
    assert_eq!(
        "5".parse::<PerPage>().expect_err("no layout of five").to_string(),
        "`5` is not a number of puzzles a page (1, 2, 4 or 6)"
    );
    assert!("a5".parse::<Paper>().is_err());
    for per in [PerPage::One, PerPage::Two, PerPage::Four, PerPage::Six] {
        for paper in [Paper::A4, Paper::Letter] {
            let (w, h) = paper.size();
            let s = slots(paper, per);
            assert_eq!(s.len(), per.count());
            for a in &s {
                assert!(
                    a.x >= 0.0 && a.y >= 0.0 && a.x + a.side <= w && a.y + a.side <= h,
                    "{a:?}"
                );
                for b in &s {
                    let apart = a == b
                        || a.x + a.side <= b.x
                        || b.x + b.side <= a.x
                        || a.y + a.side <= b.y
                        || b.y + b.side <= a.y;
                    assert!(apart, "{a:?} and {b:?} overlap");
                }
            }
        }
    }
}

fn pdftoppm() -> Option<()> {
    match Command::new("pdftoppm").arg("-v").output() {
        Ok(_) => Some(()),
        Err(_) => {
            eprintln!("skipped: pdftoppm is not installed (Debian's poppler-utils; .ci/run installs it)");
            None
        }
    }
}

/// A grey PGM page as pdftoppm writes it with `-gray`.
struct Page {
    width: usize,
    height: usize,
    pixels: Vec<u8>,
}

fn read_pgm(path: &Path) -> Page {
    let bytes = std::fs::read(path).expect("the page was written");
    // "P5\n<w> <h>\n255\n" then the pixels.
    let mut fields = Vec::new();
    let mut at = 0;
    while fields.len() < 4 {
        while bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        let start = at;
        while !bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        fields.push(String::from_utf8_lossy(&bytes[start..at]).to_string());
    }
    assert_eq!(fields[0], "P5");
    let width: usize = fields[1].parse().expect("a width");
    let height: usize = fields[2].parse().expect("a height");
    Page {
        width,
        height,
        pixels: bytes[at + 1..].to_vec(),
    }
}

impl Page {
    /// The share of dark pixels inside a slot, the page being `paper` points wide.
    fn ink(&self, slot: &Slot, paper: (f32, f32)) -> f64 {
        let scale = self.width as f32 / paper.0;
        let (x0, y0) = ((slot.x * scale) as usize, (slot.y * scale) as usize);
        let side = (slot.side * scale) as usize;
        let mut dark = 0usize;
        for y in y0..(y0 + side).min(self.height) {
            for x in x0..(x0 + side).min(self.width) {
                if self.pixels[y * self.width + x] < 128 {
                    dark += 1;
                }
            }
        }
        dark as f64 / (side * side) as f64
    }

    fn total_ink(&self) -> usize {
        self.pixels.iter().filter(|&&p| p < 128).count()
    }
}

#[test]
fn a_book_of_twelve_renders_with_ink_where_the_puzzles_are() {
    if pdftoppm().is_none() {
        return;
    }
    let entries = twelve();
    let options = BookOptions {
        paper: Paper::Letter,
        per_page: PerPage::Four,
        title: Some("Twelve".to_string()),
        no_solutions: false,
    };
    let pdf = book::pdf(&entries, &options).expect("the book is made");
    assert!(pdf.starts_with(b"%PDF-"));
    let again = book::pdf(&entries, &options).expect("the book is made again");
    assert!(pdf == again, "the same book twice is the same bytes");
    let chinese = BookOptions {
        title: Some("数独 Sudoku".to_string()),
        ..options.clone()
    };
    let a = book::pdf(&entries[..2], &chinese).expect("a book with a Chinese title");
    let b = book::pdf(&entries[..2], &chinese).expect("again");
    assert!(a == b, "a title in two fonts still gives the same bytes");
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("book-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let file = dir.join("book.pdf");
    std::fs::write(&file, &pdf).expect("the book is written");
    let status = Command::new("pdftoppm")
        .args(["-r", "40", "-gray"])
        .arg(&file)
        .arg(dir.join("page"))
        .status()
        .expect("pdftoppm runs");
    assert!(status.success(), "pdftoppm renders the book");
    let mut rendered: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("the folder reads")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgm"))
        .collect();
    rendered.sort();
    assert_eq!(
        rendered.len(),
        5,
        "a cover, three puzzle pages, a solutions page: {rendered:?}"
    );
    let pages: Vec<Page> = rendered.iter().map(|p| read_pgm(p)).collect();
    let paper = Paper::Letter.size();
    assert!(pages[0].total_ink() > 0, "the cover has its title");
    for (k, page) in pages[1..4].iter().enumerate() {
        for (i, slot) in slots(Paper::Letter, PerPage::Four).iter().enumerate() {
            let ink = page.ink(slot, paper);
            assert!(ink > 0.03, "page {}, puzzle {}: ink {ink:.3}", k + 2, i + 1);
        }
    }
    for (i, slot) in solution_slots(Paper::Letter).iter().enumerate() {
        let ink = pages[4].ink(slot, paper);
        assert!(ink > 0.05, "solution {}: ink {ink:.3}", i + 1);
    }
    let _ = std::fs::remove_dir_all(&dir);
}
