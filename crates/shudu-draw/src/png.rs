//! PNG from an SVG: parsed with the shipped fonts only and rasterised in pure Rust, so the same SVG gives the same
//! bytes on every machine.

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg::Tree;

use crate::fonts::usvg_options;
use crate::DrawError;

/// The narrowest PNG drawn, in pixels.
pub const MIN_WIDTH: u32 = 16;
/// The widest PNG drawn, in pixels.
pub const MAX_WIDTH: u32 = 8192;

/// Rasterises `svg` to a PNG `width_px` wide, the height following the SVG's proportions.
pub fn png(svg: &str, width_px: u32) -> Result<Vec<u8>, DrawError> {
    if !(MIN_WIDTH..=MAX_WIDTH).contains(&width_px) {
        return Err(DrawError::Size {
            width: width_px,
            min: MIN_WIDTH,
            max: MAX_WIDTH,
        });
    }
    let tree = Tree::from_str(svg, &usvg_options()).map_err(|e| DrawError::Svg(e.to_string()))?;
    let size = tree.size();
    let scale = width_px as f32 / size.width();
    let height = (size.height() * scale).round().clamp(1.0, (MAX_WIDTH * 4) as f32) as u32;
    let mut pixmap = Pixmap::new(width_px, height).ok_or(DrawError::Size {
        width: width_px,
        min: MIN_WIDTH,
        max: MAX_WIDTH,
    })?;
    resvg::render(&tree, Transform::from_scale(scale, scale), &mut pixmap.as_mut());
    encode(&pixmap)
}

/// The pixmap as PNG: RGB when every pixel is opaque (as the pictures are, drawn on their ground), compressed fast,
/// since a picture is mostly flat colour and the time goes to the rasteriser; RGBA otherwise.
fn encode(pixmap: &Pixmap) -> Result<Vec<u8>, DrawError> {
    let data = pixmap.data();
    let mut rgb = vec![0u8; data.len() / 4 * 3];
    let mut opaque = true;
    for (to, from) in rgb.chunks_exact_mut(3).zip(data.chunks_exact(4)) {
        to.copy_from_slice(&from[..3]);
        opaque &= from[3] == 255;
    }
    if !opaque {
        return pixmap.encode_png().map_err(|e| DrawError::Png(e.to_string()));
    }
    let mut out = Vec::with_capacity(rgb.len() / 8);
    let mut encoder = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    encoder.set_filter(png::FilterType::Up);
    encoder.set_adaptive_filter(png::AdaptiveFilterType::NonAdaptive);
    let mut writer = encoder.write_header().map_err(|e| DrawError::Png(e.to_string()))?;
    writer
        .write_image_data(&rgb)
        .map_err(|e| DrawError::Png(e.to_string()))?;
    writer.finish().map_err(|e| DrawError::Png(e.to_string()))?;
    Ok(out)
}
