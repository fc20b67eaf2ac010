//! Golden pictures: a plain board, a pencil-mark board, and a step of every family, each checked for what it must
//! show (it parses as SVG; its cells, removals, placements and links are there) and byte for byte against the file
//! committed in `tests/golden/`. `SHUDU_BLESS=1 cargo test -p shudu-draw --test golden` rewrites the files; review
//! their diff before committing.

mod common;

use std::path::PathBuf;

use common::*;
use shudu::format::parse_line;
use shudu::logic::{Lang, NodeKind, Step, Technique};
use shudu::Grid;
use shudu_draw::{svg, Board, Options, Theme, MAX_BRANCHES};

fn golden_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(format!("{name}.svg"))
}

/// Compares `picture` with its committed golden, or writes it under `SHUDU_BLESS=1`.
fn golden(name: &str, picture: &str) {
    let path = golden_path(name);
    if std::env::var_os("SHUDU_BLESS").is_some_and(|v| v == "1") {
        std::fs::write(&path, picture).expect("the golden file is written");
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; run `SHUDU_BLESS=1 cargo test -p shudu-draw --test golden` to write it",
            path.display()
        )
    });
    if expected != picture {
        let at = expected
            .bytes()
            .zip(picture.bytes())
            .position(|(a, b)| a != b)
            .unwrap_or(expected.len().min(picture.len()));
        let from = at.saturating_sub(60);
        panic!(
            "{name} differs from {} at byte {at}:\n  golden: …{}…\n  now:    …{}…\nif the change is meant, rewrite it with SHUDU_BLESS=1 and review the diff",
            path.display(),
            expected.get(from..(at + 60).min(expected.len())).unwrap_or(""),
            picture.get(from..(at + 60).min(picture.len())).unwrap_or(""),
        );
    }
}

/// The candidates of a list in the SVG's `data-cand` notation (`3r1c6`), sorted.
fn cands(list: &[(shudu::Cell, shudu::Digit)]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|(c, d)| format!("{d}{c}")).collect();
    v.sort();
    v
}

fn data_of(nodes: &[roxmltree::Node], attribute: &str) -> Vec<String> {
    let mut v: Vec<String> = nodes
        .iter()
        .filter_map(|n| n.attribute(attribute))
        .map(str::to_string)
        .collect();
    v.sort();
    v
}

/// What every step picture must show: its title and text, each removal marked and struck, each placement marked,
/// the pattern's cells shaded, its houses outlined, and its chains' links, strong and weak, as the chain has them.
fn check_step<'a>(picture: &'a str, step: &Step, lang: Lang) -> roxmltree::Document<'a> {
    let doc = roxmltree::Document::parse(picture).expect("the picture parses as XML");
    let root = doc.root_element();
    assert!(root.has_tag_name("svg"), "the root is <svg>");
    assert_eq!(root.tag_name().namespace(), Some("http://www.w3.org/2000/svg"));
    assert_eq!(text_of(&doc, "title"), step.technique.name_in(lang));
    assert_eq!(text_of(&doc, "desc"), step.explain(lang));
    // Self-contained: every reference is to an element of the picture itself.
    for node in doc.descendants() {
        for attribute in node.attributes() {
            let value = attribute.value();
            assert!(!value.contains("http"), "{value}");
            let reference = match attribute.name() {
                "href" => value.strip_prefix('#'),
                _ => value.strip_prefix("url(#").and_then(|v| v.strip_suffix(')')),
            };
            if let Some(id) = reference {
                assert!(
                    doc.descendants().any(|n| n.attribute("id") == Some(id)),
                    "#{id} is defined"
                );
            }
        }
    }

    let removals = with_class(&doc, "mark removal");
    assert_eq!(
        data_of(&removals, "data-cand"),
        cands(&step.eliminations),
        "removals marked"
    );
    assert_eq!(
        data_of(&with_class(&doc, "strike"), "data-cand"),
        cands(&step.eliminations),
        "removals struck"
    );
    let placements = with_class(&doc, "mark placement");
    assert_eq!(
        data_of(&placements, "data-cand"),
        cands(&step.placements),
        "placements marked"
    );

    let p = &step.pattern;
    let shaded: Vec<String> = doc
        .descendants()
        .filter(|n| n.attribute("class").is_some_and(|c| c.starts_with("shade ")))
        .filter_map(|n| n.attribute("data-cell"))
        .map(str::to_string)
        .collect();
    for cell in p.cells.iter().chain(&p.fins).chain(p.sets.iter().flatten()) {
        assert!(shaded.contains(&cell.to_string()), "{cell} is shaded");
    }
    let houses = |class| data_of(&with_class(&doc, class), "data-house");
    let mut base: Vec<String> = p.base.iter().map(|h| h.to_string()).collect();
    base.sort();
    let mut cover: Vec<String> = p.cover.iter().map(|h| h.to_string()).collect();
    cover.sort();
    assert_eq!(houses("house base"), base, "base houses outlined");
    assert_eq!(houses("house cover"), cover, "cover houses outlined");

    // The links of the drawn branches, each once, strong where the chain goes from false to true.
    let mut strong = std::collections::BTreeSet::new();
    let mut weak = std::collections::BTreeSet::new();
    for chain in p.chains.iter().take(MAX_BRANCHES) {
        for pair in chain.nodes.windows(2) {
            let name = |n: &shudu::logic::Node| format!("{}{}", n.digit, shudu::logic::notation::cells(&n.cells));
            let link = (name(&pair[0]), name(&pair[1]));
            if !pair[0].on && pair[1].on {
                strong.insert(link);
            } else {
                weak.insert(link);
            }
        }
    }
    let drawn = |class| -> std::collections::BTreeSet<(String, String)> {
        with_class(&doc, class)
            .iter()
            .map(|n| {
                (
                    n.attribute("data-from").unwrap_or_default().to_string(),
                    n.attribute("data-to").unwrap_or_default().to_string(),
                )
            })
            .collect()
    };
    if p.chains.iter().map(|c| c.nodes.len()).sum::<usize>() <= shudu_draw::MAX_LINKS {
        assert_eq!(drawn("link strong"), strong, "strong links");
        assert_eq!(drawn("link weak"), weak, "weak links");
    }
    assert_eq!(
        with_class(&doc, "arrow").len(),
        with_class(&doc, "link strong").len() + with_class(&doc, "link weak").len(),
        "every link has its arrowhead"
    );
    let kinds = |kind| {
        p.chains
            .iter()
            .take(MAX_BRANCHES)
            .any(|c| c.nodes.iter().any(|n| n.kind == kind))
    };
    assert_eq!(
        kinds(NodeKind::Group),
        !with_class(&doc, "node group").is_empty(),
        "group nodes outlined"
    );
    assert_eq!(
        kinds(NodeKind::Als),
        !with_class(&doc, "node als").is_empty(),
        "ALS nodes outlined"
    );
    doc
}

/// The legend's lines, joined by spaces.
fn legend(doc: &roxmltree::Document) -> String {
    doc.descendants()
        .filter(|n| n.has_tag_name("text") && n.parent().and_then(|p| p.attribute("class")) == Some("legend"))
        .filter_map(|n| n.text())
        .collect::<Vec<_>>()
        .join(" ")
}

fn step_picture(name: &str, grid: &Grid, step: &Step, options: &Options) -> String {
    let picture = svg(&Board::from_grid(grid), Some(step), options);
    let doc = check_step(&picture, step, options.lang);
    if step.pattern.chains.len() <= MAX_BRANCHES && !step.explain(options.lang).contains('\n') {
        let words: Vec<String> = step
            .explain(options.lang)
            .split_whitespace()
            .map(str::to_string)
            .collect();
        assert_eq!(legend(&doc), words.join(" "), "{name}: the legend is the step's text");
    }
    golden(name, &picture);
    picture
}

fn library(name: &str, line: &str, technique: Technique) -> (Grid, Step, String) {
    let (grid, step) = library_step(line);
    assert_eq!(step.technique, technique);
    let picture = step_picture(name, &grid, &step, &Options::default());
    (grid, step, picture)
}

#[test]
fn plain_board() {
    let puzzle = parse_line(SEED).expect("parses");
    let options = Options {
        candidates: false,
        ..Options::default()
    };
    let picture = svg(&Board::from_puzzle(&puzzle), None, &options);
    let doc = roxmltree::Document::parse(&picture).expect("parses");
    assert_eq!(text_of(&doc, "title"), "Sudoku board");
    assert_eq!(text_of(&doc, "desc"), shudu::format::to_line(&puzzle));
    let givens = with_class(&doc, "givens");
    assert_eq!(givens.len(), 1);
    let count = puzzle.iter().filter(|&&v| v != 0).count();
    assert_eq!(givens[0].children().filter(|n| n.has_tag_name("use")).count(), count);
    assert!(
        with_class(&doc, "candidates")[0].children().next().is_none(),
        "no candidates"
    );
    assert!(
        with_class(&doc, "legend").is_empty(),
        "no legend without a step or caption"
    );
    golden("board-plain", &picture);
}

#[test]
fn pencil_mark_board_tells_givens_digits_and_candidates_apart() {
    let puzzle = parse_line(SEED).expect("parses");
    // The player has placed the first three digits of the solution.
    let solution = shudu::search::search(&puzzle, 2).solution.expect("solved");
    let mut values = puzzle;
    let mut placed = 0;
    for (v, s) in values.iter_mut().zip(solution) {
        if *v == 0 && placed < 3 {
            *v = s;
            placed += 1;
        }
    }
    let board = Board::from_game(&puzzle, &values);
    let picture = svg(&board, None, &Options::default());
    let doc = roxmltree::Document::parse(&picture).expect("parses");
    let uses = |class| {
        with_class(&doc, class)
            .first()
            .map_or(0, |g| g.children().filter(|n| n.has_tag_name("use")).count())
    };
    assert_eq!(uses("givens"), puzzle.iter().filter(|&&v| v != 0).count());
    assert_eq!(uses("digits"), 3);
    let candidates: u32 = (0..81)
        .filter(|&i| values[i] == 0)
        .map(|i| board.candidates[i].count_ones())
        .sum();
    assert_eq!(uses("candidates") as u32, candidates);
    // Three styles, three looks: givens bold (g), the player's digits regular (p), candidates small (c), each in its
    // own colour.
    let fills: Vec<&str> = ["givens", "digits", "candidates"]
        .iter()
        .map(|c| with_class(&doc, c)[0].attribute("fill").unwrap_or_default())
        .collect();
    assert!(
        fills[0] != fills[1] && fills[1] != fills[2] && fills[0] != fills[2],
        "{fills:?}"
    );
    for (class, prefix) in [("givens", "#g"), ("digits", "#p"), ("candidates", "#c")] {
        for node in with_class(&doc, class)[0].children().filter(|n| n.has_tag_name("use")) {
            assert!(node.attribute("href").is_some_and(|h| h.starts_with(prefix)));
        }
    }
    golden("board-pencilmarks", &picture);
}

#[test]
fn single() {
    let (_, step, picture) = library("step-single", SINGLE, Technique::HiddenSingle);
    assert_eq!(step.placements.len(), 1);
    let doc = roxmltree::Document::parse(&picture).expect("parses");
    assert_eq!(with_class(&doc, "house base").len(), 1, "the single's house");
}

#[test]
fn intersection() {
    library("step-intersection", POINTING, Technique::LockedCandidatesPointing);
}

#[test]
fn subset() {
    let (_, _, picture) = library("step-subset", NAKED_PAIR, Technique::NakedPair);
    let doc = roxmltree::Document::parse(&picture).expect("parses");
    assert_eq!(with_class(&doc, "mark pattern").len(), 4, "the pair's four candidates");
}

#[test]
fn fish_with_fins() {
    let (grid, step, picture) = library("step-fish-finned", FINNED_SWORDFISH, Technique::FinnedSwordfish);
    assert_eq!(step.pattern.fins.len(), 2);
    let doc = roxmltree::Document::parse(&picture).expect("parses");
    assert_eq!(with_class(&doc, "mark fin").len(), 2, "the fins' candidates");
    assert_eq!(with_class(&doc, "shade fin").len(), 2, "the fins' cells");
    // In print, fins and removals are told apart without colour: a hatched square, a strike.
    let options = Options {
        theme: Theme::Print,
        ..Options::default()
    };
    let print = step_picture("step-fish-finned-print", &grid, &step, &options);
    assert!(print.contains("url(#hatch-fin)"));
    assert!(!print.contains("#d93025"), "no red in print");
}

#[test]
fn wing() {
    library("step-wing", XY_WING, Technique::XYWing);
}

#[test]
fn uniqueness() {
    library("step-uniqueness", UNIQUE_RECTANGLE, Technique::UniqueRectangleType1);
}

#[test]
fn colouring() {
    let (grid, step, picture) = library("step-colouring", SIMPLE_COLORS, Technique::SimpleColors);
    let doc = roxmltree::Document::parse(&picture).expect("parses");
    let classes: usize = step.pattern.colors.iter().map(Vec::len).sum();
    assert_eq!(
        with_class(&doc, "mark color").len(),
        classes,
        "every coloured candidate"
    );
    let options = Options {
        theme: Theme::Dark,
        ..Options::default()
    };
    step_picture("step-colouring-dark", &grid, &step, &options);
}

#[test]
fn x_chain() {
    let (grid, step, _) = library("step-x-chain", X_CHAIN, Technique::XChain);
    let options = Options {
        lang: Lang::Zh,
        ..Options::default()
    };
    let picture = step_picture("step-x-chain-zh", &grid, &step, &options);
    assert!(picture.contains("=&gt; r4c2&lt;&gt;7"), "the notation stays HoDoKu's");
}

#[test]
fn aic_with_a_group_node() {
    let (_, step, _) = library("step-aic-group", GROUPED_AIC, Technique::GroupedNiceLoop);
    let kinds: Vec<NodeKind> = step.pattern.chains[0].nodes.iter().map(|n| n.kind).collect();
    assert!(
        kinds.contains(&NodeKind::Group) && kinds.contains(&NodeKind::Als),
        "{kinds:?}"
    );
}

#[test]
fn als_xz() {
    let (_, step, picture) = library("step-als-xz", ALS_XZ, Technique::AlsXz);
    let doc = roxmltree::Document::parse(&picture).expect("parses");
    let sets: usize = step.pattern.sets.iter().map(Vec::len).sum();
    assert_eq!(with_class(&doc, "shade set").len(), sets, "both sets shaded");
}

#[test]
fn forcing_chain() {
    let (grid, step) = path_step(FORCING_CHAIN_PUZZLE, Technique::ForcingChain);
    assert!(step.pattern.chains.len() > 1 && step.pattern.chains.len() <= MAX_BRANCHES);
    let picture = step_picture("step-forcing-chain", &grid, &step, &Options::default());
    assert!(!picture.contains("branches drawn"));
}

#[test]
fn a_net_of_many_branches_draws_the_first_and_says_so() {
    let (grid, step) = path_step(FORCING_NET_PUZZLE, Technique::ForcingNet);
    let branches = step.pattern.chains.len();
    assert!(branches > MAX_BRANCHES, "{branches}");
    let picture = step_picture("step-forcing-net", &grid, &step, &Options::default());
    let doc = roxmltree::Document::parse(&picture).expect("parses");
    let legend = legend(&doc);
    assert!(
        legend.contains(&format!("(the first {MAX_BRANCHES} of {branches} branches drawn")),
        "{legend}"
    );
    let links = with_class(&doc, "link strong").len() + with_class(&doc, "link weak").len();
    assert!(links <= shudu_draw::MAX_LINKS, "{links}");
    let zh = Options {
        lang: Lang::Zh,
        ..Options::default()
    };
    let picture = svg(&Board::from_grid(&grid), Some(&step), &zh);
    assert!(
        picture.contains(&format!("只画出 {branches} 条分支中的前 {MAX_BRANCHES} 条")),
        "{picture}"
    );
}

#[test]
fn the_same_input_gives_the_same_bytes() {
    let (grid, step) = library_step(GROUPED_AIC);
    let board = Board::from_grid(&grid);
    let a = svg(&board, Some(&step), &Options::default());
    let b = svg(&board.clone(), Some(&step.clone()), &Options::default());
    assert_eq!(a, b);
}

#[test]
fn a_declared_width_scales_the_picture_not_its_drawing() {
    let board = Board::from_puzzle(&parse_line(SEED).expect("parses"));
    let options = Options {
        width: Some(912),
        ..Options::default()
    };
    let picture = svg(&board, None, &options);
    assert!(
        picture
            .starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" width="912" height="912" viewBox="0 0 456 456""#),
        "{}",
        &picture[..120]
    );
}
