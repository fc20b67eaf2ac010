//! The shipped fonts cover every text the pictures draw.

use std::path::{Path, PathBuf};

use shudu::logic::Technique;
use shudu_draw::has_glyph;

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The CJK characters of the engine's and the renderer's sources, which hold every Chinese text a picture shows
/// (the subsetting script, `fonts/subset.py`, reads the same files).
#[test]
fn every_chinese_character_of_the_sources_has_a_glyph() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    sources(&root.join("../shudu/src"), &mut files);
    sources(&root.join("src"), &mut files);
    assert!(files.len() > 20, "the sources are found");
    let mut missing = std::collections::BTreeSet::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("a source reads");
        for c in text
            .chars()
            .filter(|&c| ('\u{2E80}'..='\u{9FFF}').contains(&c) || ('\u{FF00}'..='\u{FFEF}').contains(&c))
        {
            if !has_glyph(c) {
                missing.insert(c);
            }
        }
    }
    assert!(
        missing.is_empty(),
        "no glyph for {:?}: run crates/shudu-draw/fonts/subset.py again (see fonts/README.md)",
        missing.iter().collect::<String>()
    );
}

#[test]
fn every_technique_name_has_glyphs() {
    for t in Technique::ALL {
        for c in t.info().name_zh.chars().chain(t.name().chars()) {
            assert!(has_glyph(c), "{t}: {c:?}");
        }
    }
    for c in "#0123456789 · ★☆ seed Solutions puzzles".chars() {
        assert!(has_glyph(c), "{c:?}");
    }
}

#[test]
fn the_fonts_stay_small() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fonts");
    for (name, limit) in [
        ("DejaVuSans-subset.ttf", 40_000),
        ("DejaVuSans-Bold-subset.ttf", 40_000),
        ("NotoSansCJKsc-subset.otf", 80_000),
    ] {
        let size = std::fs::metadata(dir.join(name)).expect("the font is there").len();
        assert!(size <= limit, "{name}: {size} bytes");
    }
}
