//! PNG output, decoded: its size, the givens' pixels dark, a removal's pixels red, the same bytes every time.

mod common;

use common::{library_step, POINTING};
use shudu::{Cell, Digit};
use shudu_draw::geometry::{candidate_centre, cell_centre, height, WIDTH};
use shudu_draw::{png, svg, Board, DrawError, Options};

struct Image {
    width: u32,
    height: u32,
    rgba: Vec<u8>,
}

fn decode(bytes: &[u8]) -> Image {
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().expect("a PNG header");
    let mut buffer = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buffer).expect("a PNG frame");
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    let rgba = match info.color_type {
        png::ColorType::Rgba => buffer,
        // The pictures are opaque, and written as RGB.
        png::ColorType::Rgb => buffer.chunks_exact(3).flat_map(|p| [p[0], p[1], p[2], 255]).collect(),
        other => panic!("unexpected colour type {other:?}"),
    };
    Image {
        width: info.width,
        height: info.height,
        rgba,
    }
}

impl Image {
    /// The pixels within `r` picture units of the point (`x`, `y`) of the picture, at this image's scale.
    fn around(&self, (x, y): (f32, f32), r: f32) -> Vec<[u8; 4]> {
        let scale = self.width as f32 / WIDTH;
        let (cx, cy, r) = (x * scale, y * scale, r * scale);
        let mut out = Vec::new();
        for py in (cy - r).floor() as i64..=(cy + r).ceil() as i64 {
            for px in (cx - r).floor() as i64..=(cx + r).ceil() as i64 {
                if px < 0 || py < 0 || px >= i64::from(self.width) || py >= i64::from(self.height) {
                    continue;
                }
                let i = (py as usize * self.width as usize + px as usize) * 4;
                out.push([self.rgba[i], self.rgba[i + 1], self.rgba[i + 2], self.rgba[i + 3]]);
            }
        }
        out
    }
}

fn dark(p: &[u8; 4]) -> bool {
    u32::from(p[0]) + u32::from(p[1]) + u32::from(p[2]) < 3 * 70
}

fn red(p: &[u8; 4]) -> bool {
    p[0] > 170 && p[1] < 110 && p[2] < 110
}

#[test]
fn a_step_at_360_px_has_its_size_dark_givens_and_red_removals() {
    let (grid, step) = library_step(POINTING);
    let picture = svg(&Board::from_grid(&grid), Some(&step), &Options::default());
    let bytes = png(&picture, 360).expect("the PNG is drawn");
    let image = decode(&bytes);
    assert_eq!(image.width, 360);
    let legend_lines = picture.matches("<text").count();
    let expected_height = (height(legend_lines) * 360.0 / WIDTH).round() as u32;
    assert_eq!(image.height, expected_height);

    for cell in Cell::ALL.into_iter().filter(|&c| grid.is_given(c)) {
        let pixels = image.around(cell_centre(cell), 8.0);
        let n = pixels.iter().filter(|p| dark(p)).count();
        assert!(n >= 6, "{cell}: a given shows {n} dark pixels");
    }
    for cell in Cell::ALL.into_iter().filter(|&c| grid.value(c).is_none()).take(20) {
        let pixels = image.around(cell_centre(cell), 3.0);
        assert!(!pixels.iter().any(dark), "{cell}: an empty cell's middle is light");
    }
    for &(cell, digit) in &step.eliminations {
        let pixels = image.around(candidate_centre(cell, digit), 6.0);
        let n = pixels.iter().filter(|p| red(p)).count();
        assert!(n >= 4, "{digit}{cell}: a removal shows {n} red pixels");
    }
    // A candidate nobody marks is not red.
    let plain = Cell::ALL
        .into_iter()
        .flat_map(|c| grid.candidates(c).iter().map(move |d| (c, d)))
        .find(|&(c, d)| !step.eliminations.contains(&(c, d)) && !step.pattern.cells.contains(&c))
        .expect("a plain candidate");
    assert!(!image.around(candidate_centre(plain.0, plain.1), 6.0).iter().any(red));
}

#[test]
fn the_same_svg_gives_the_same_png_and_size_follows_the_width() {
    let board = Board::from_puzzle(&[0; 81]);
    let picture = svg(&board, None, &Options::default());
    let a = png(&picture, 200).expect("drawn");
    let b = png(&picture, 200).expect("drawn");
    assert_eq!(a, b);
    let big = decode(&png(&picture, 912).expect("drawn"));
    assert_eq!((big.width, big.height), (912, 912));
    let _ = Digit::ALL;
}

#[test]
fn widths_out_of_range_and_bad_svg_are_errors() {
    let picture = svg(&Board::from_puzzle(&[0; 81]), None, &Options::default());
    assert_eq!(
        png(&picture, 0),
        Err(DrawError::Size {
            width: 0,
            min: shudu_draw::MIN_WIDTH,
            max: shudu_draw::MAX_WIDTH
        })
    );
    let err = png(&picture, 100_000).expect_err("too wide");
    assert_eq!(err.to_string(), "a width of 100000 px is out of range (16 to 8192)");
    assert!(matches!(png("<svg", 100), Err(DrawError::Svg(_))));
}

#[test]
fn chinese_legends_are_drawn_with_the_shipped_glyphs() {
    let (grid, step) = library_step(POINTING);
    let options = Options {
        lang: shudu::logic::Lang::Zh,
        ..Options::default()
    };
    let text = step.explain(shudu::logic::Lang::Zh);
    assert!(!text.is_ascii());
    for c in text.chars() {
        assert!(shudu_draw::has_glyph(c), "{c:?} has a glyph");
    }
    let picture = svg(&Board::from_grid(&grid), Some(&step), &options);
    let image = decode(&png(&picture, 456).expect("drawn"));
    // The legend's first line has ink.
    let legend = image.around((60.0, 456.0 + 8.0 + 10.0), 12.0);
    assert!(legend.iter().filter(|p| dark(p)).count() > 10);
}
