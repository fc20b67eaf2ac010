//! The commands that draw, run as a user runs them: `shudu draw`, `hint --picture`, `explain --pictures`,
//! `shudu print`, `bench --draw`.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::{path_str, scratch, shudu, PAIRS, SEED, SEVERAL};

/// A fresh scratch folder under cargo's temporary directory.
fn folder(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("draw-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("the scratch folder is made");
    dir
}

/// The width and height in a PNG's header.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "a PNG signature");
    let be = |i: usize| u32::from_be_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
    (be(16), be(20))
}

#[test]
fn draws_a_board_as_svg_and_png() {
    let dir = folder("board");
    let svg = dir.join("seed.svg");
    let run = shudu(&["draw", SEED, "-o", path_str(&svg)], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, "");
    let text = std::fs::read_to_string(&svg).expect("the SVG is written");
    assert!(text.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(text.contains("<title>Sudoku board</title>"));
    assert!(!text.contains("href=\"#c"), "no candidates without --candidates");

    let png = dir.join("seed.png");
    let run = shudu(
        &[
            "draw",
            "--candidates",
            "--theme",
            "dark",
            "--size",
            "360",
            SEED,
            "-o",
            path_str(&png),
        ],
        b"",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let bytes = std::fs::read(&png).expect("the PNG is written");
    assert_eq!(png_size(&bytes), (360, 360));

    // Standard input in, the SVG on standard output.
    let run = shudu(&["draw", "--candidates"], SEED.as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with("<svg"));
    assert!(run.stdout.contains("href=\"#c"), "candidates with --candidates");
    // The same input, the same bytes.
    assert_eq!(run.stdout, shudu(&["draw", "--candidates"], SEED.as_bytes()).stdout);
}

#[test]
fn bad_input_and_options_are_named() {
    let run = shudu(&["draw", "0068000050802000070503"], b"");
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("argument 1: 22 cells, expected 81"),
        "{}",
        run.stderr
    );
    let run = shudu(&["draw", "puzzle.txt"], b"");
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("puzzle.txt: no such file, and not a puzzle"),
        "{}",
        run.stderr
    );

    let run = shudu(&["draw", "--theme", "neon", SEED], b"");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("unknown theme `neon`"), "{}", run.stderr);

    let run = shudu(&["draw", "--size", "9000", SEED, "-o", "x.png"], b"");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("--size"), "{}", run.stderr);
    assert!(run.stderr.contains("9000"), "{}", run.stderr);

    let run = shudu(&["draw", SEED, "-o", "board.jpg"], b"");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("board.jpg: the format is told by the extension"),
        "{}",
        run.stderr
    );

    let missing = folder("missing").join("no/such/folder/board.svg");
    let run = shudu(&["draw", SEED, "-o", path_str(&missing)], b"");
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("cannot write"), "{}", run.stderr);
    assert!(run.stderr.contains("board.svg"), "{}", run.stderr);
}

#[test]
fn hint_draws_its_step() {
    let dir = folder("hint");
    let picture = dir.join("hint.svg");
    let run = shudu(&["hint", "--picture", path_str(&picture), SEED], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, "Naked Single: r1c6=1\n");
    let text = std::fs::read_to_string(&picture).expect("the picture is written");
    assert!(text.contains("<desc>Naked Single: r1c6=1</desc>"));
    assert!(text.contains("class=\"mark placement\" data-cand=\"1r1c6\""));

    // A mistake is framed, and said in the legend.
    let wrong = format!("9{}", &SEED[1..]);
    let png = dir.join("mistake.png");
    let run = shudu(
        &[
            "hint",
            "--puzzle",
            SEED,
            "--picture",
            path_str(&png),
            "--size",
            "200",
            &wrong,
        ],
        b"",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with("mistake: r1c1 holds 9"), "{}", run.stdout);
    assert_eq!(png_size(&std::fs::read(&png).expect("written")).0, 200);

    let run = shudu(&["hint", "--picture", "/no/such/folder/h.svg", SEED], b"");
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, "Naked Single: r1c6=1\n", "the hint itself is still given");
    assert!(
        run.stderr.contains("cannot write /no/such/folder/h.svg"),
        "{}",
        run.stderr
    );
}

#[test]
fn explain_draws_every_step_and_an_index() {
    let dir = folder("path");
    let run = shudu(
        &["explain", "--grids", "none", "--pictures", path_str(&dir), PAIRS],
        b"",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let steps = run
        .lines()
        .iter()
        .filter(|l| {
            l.trim_start()
                .split_once(". ")
                .is_some_and(|(n, _)| n.parse::<usize>().is_ok())
        })
        .count();
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .expect("the folder is there")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().to_string())
        .collect();
    files.sort();
    assert_eq!(files.len(), steps + 2, "{files:?}");
    assert_eq!(files[0], "000-puzzle.svg");
    assert_eq!(files[1], "001-hidden-single.svg");
    assert!(files.iter().any(|f| f.ends_with("-hidden-pair.svg")), "{files:?}");
    assert_eq!(files.last().map(String::as_str), Some("index.html"));
    let index = std::fs::read_to_string(dir.join("index.html")).expect("the index is written");
    for file in files.iter().filter(|f| f.ends_with(".svg")) {
        assert!(index.contains(&format!("src=\"{file}\"")), "{file} is shown");
    }
    assert!(
        index.contains("Hidden Pair: 5,9 in r8c12 =&gt; r8c2&lt;&gt;3"),
        "the steps' text, escaped"
    );

    // A second puzzle is explained, not drawn, and said so.
    let dir = folder("two");
    let run = shudu(
        &["explain", "--summary", "--pictures", path_str(&dir), SEED, PAIRS],
        b"",
    );
    assert_eq!(run.code, 1);
    assert_eq!(run.lines().len(), 2);
    assert!(run.stderr.contains("argument 2: not drawn"), "{}", run.stderr);

    // A folder that is a file.
    let file = scratch("not-a-folder", b"x");
    let run = shudu(&["explain", "--summary", "--pictures", path_str(&file), SEED], b"");
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("is not a directory"), "{}", run.stderr);
}

fn pages(pdf: &Path) -> Option<usize> {
    let out = Command::new("pdfinfo").arg(pdf).output().ok()?;
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    text.lines()
        .find_map(|l| l.strip_prefix("Pages:"))
        .and_then(|n| n.trim().parse().ok())
}

#[test]
fn print_makes_a_book_and_names_bad_lines() {
    let dir = folder("print");
    let lines = format!("{SEED}\nnot a puzzle\n{SEVERAL}\n{PAIRS}\n");
    let file = scratch("book.txt", lines.as_bytes());
    let pdf = dir.join("book.pdf");
    let run = shudu(&["print", path_str(&file), "-o", path_str(&pdf)], b"");
    assert_eq!(run.code, 1, "bad lines fail the run");
    assert!(run.stderr.contains(":2: column 1: unexpected 'n'"), "{}", run.stderr);
    assert!(run.stderr.contains(":3: more than one solution"), "{}", run.stderr);
    let bytes = std::fs::read(&pdf).expect("the book is written without the bad lines");
    assert!(bytes.starts_with(b"%PDF-"));
    match pages(&pdf) {
        Some(n) => assert_eq!(n, 2, "a page of two puzzles, a page of solutions"),
        None => eprintln!("skipped the page count: pdfinfo is not installed (Debian's poppler-utils)"),
    }

    let strict = dir.join("strict.pdf");
    let run = shudu(&["print", "--strict", path_str(&file), "-o", path_str(&strict)], b"");
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains(":2: column 1"), "{}", run.stderr);
    assert!(
        !run.stderr.contains(":3:"),
        "--strict stops at the first bad line: {}",
        run.stderr
    );
    assert!(!strict.exists(), "no book with --strict");

    let run = shudu(
        &["print", "--per-page", "5", path_str(&file), "-o", path_str(&strict)],
        b"",
    );
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("1, 2, 4 or 6"), "{}", run.stderr);
}

#[test]
fn generate_piped_into_print_makes_a_book_of_fresh_puzzles() {
    let dir = folder("generated");
    let generated = shudu(
        &[
            "generate", "-n", "12", "--level", "easy", "--seed", "5", "--format", "json",
        ],
        b"",
    );
    assert_eq!(generated.code, 0, "{}", generated.stderr);
    let pdf = dir.join("easy.pdf");
    let run = shudu(
        &[
            "print",
            "--per-page",
            "6",
            "--paper",
            "letter",
            "--title",
            "Easy ones",
            "-o",
            path_str(&pdf),
        ],
        generated.stdout.as_bytes(),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    match pages(&pdf) {
        Some(n) => assert_eq!(n, 4, "a cover, two pages of six, a page of solutions"),
        None => eprintln!("skipped the page count: pdfinfo is not installed (Debian's poppler-utils)"),
    }
    let direct = dir.join("direct.pdf");
    let run = shudu(
        &["print", "--generate", "-n", "3", "--seed", "5", "-o", path_str(&direct)],
        b"",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(std::fs::read(&direct).expect("written").starts_with(b"%PDF-"));
}

#[test]
fn bench_times_the_pictures() {
    let run = shudu(&["bench", "--draw", "--repeat", "1"], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    for line in ["SVG of a step", "PNG at 360 px", "100-puzzle book"] {
        assert!(run.stdout.contains(line), "{}", run.stdout);
    }
}
