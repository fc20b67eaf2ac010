//! Pages as one PDF: each page's SVG converted by svg2pdf (vectors, fonts embedded as subsets) and placed on a
//! page of the paper's size.

use std::collections::HashMap;

use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, TextStr};
use resvg::usvg::Tree;

use crate::fonts::usvg_options;
use crate::DrawError;

/// Converts the pages on every core: a page takes a few milliseconds, a book has dozens.
fn convert(pages: &[String]) -> Result<Vec<(pdf_writer::Chunk, Ref)>, DrawError> {
    let one = |svg: &String| -> Result<(pdf_writer::Chunk, Ref), DrawError> {
        let tree = Tree::from_str(svg, &usvg_options()).map_err(|e| DrawError::Svg(e.to_string()))?;
        svg2pdf::to_chunk(&tree, svg2pdf::ConversionOptions::default()).map_err(|e| DrawError::Pdf(e.to_string()))
    };
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(pages.len().max(1));
    if threads <= 1 {
        return pages.iter().map(one).collect();
    }
    // Each thread takes every n-th page; the results are put back in page order, so the file does not depend on
    // the number of threads.
    let mut results: Vec<Option<Result<(pdf_writer::Chunk, Ref), DrawError>>> =
        (0..pages.len()).map(|_| None).collect();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let one = &one;
                scope.spawn(move || {
                    pages
                        .iter()
                        .enumerate()
                        .skip(t)
                        .step_by(threads)
                        .map(|(i, svg)| (i, one(svg)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        // A thread that panicked leaves its pages empty, reported below.
        for done in handles.into_iter().filter_map(|h| h.join().ok()) {
            for (i, result) in done {
                results[i] = Some(result);
            }
        }
    });
    results
        .into_iter()
        .map(|r| r.unwrap_or_else(|| Err(DrawError::Pdf("a page's conversion stopped".to_string()))))
        .collect()
}

/// The PDF of `pages` (SVG documents sized in points) on paper of `size` points, titled `title`.
pub(crate) fn assemble(pages: &[String], size: (f32, f32), title: Option<&str>) -> Result<Vec<u8>, DrawError> {
    let chunks = convert(pages)?;
    let mut alloc = Ref::new(1);
    let catalog = alloc.bump();
    let tree = alloc.bump();
    let info = alloc.bump();
    let mut pdf = Pdf::new();
    let mut kids = Vec::with_capacity(pages.len());
    let (w, h) = size;
    let name = Name(b"P");
    for (chunk, root) in chunks {
        let mut map = HashMap::new();
        let chunk = chunk.renumber(|old| *map.entry(old).or_insert_with(|| alloc.bump()));
        let xobject = map
            .get(&root)
            .copied()
            .ok_or_else(|| DrawError::Pdf("a page lost its drawing".to_string()))?;
        let page = alloc.bump();
        let content = alloc.bump();
        kids.push(page);
        let mut writer = pdf.page(page);
        writer.media_box(Rect::new(0.0, 0.0, w, h));
        writer.parent(tree);
        writer.contents(content);
        writer.resources().x_objects().pair(name, xobject);
        writer.finish();
        let mut stream = Content::new();
        stream.save_state();
        stream.transform([w, 0.0, 0.0, h, 0.0, 0.0]);
        stream.x_object(name);
        stream.restore_state();
        pdf.stream(content, &stream.finish());
        pdf.extend(&chunk);
    }
    pdf.catalog(catalog).pages(tree);
    let count = kids.len() as i32;
    pdf.pages(tree).kids(kids).count(count);
    let mut document = pdf.document_info(info);
    document.creator(TextStr("shudu"));
    if let Some(title) = title {
        document.title(TextStr(title));
    }
    document.finish();
    Ok(pdf.finish())
}
