//! shudu's grading path against HoDoKu's, step by step (issue 24).
//!
//! `tests/hodoku/paths.txt` holds HoDoKu 2.2's solving paths (`/vp`) for the puzzles of `tests/hodoku/puzzles.txt`
//! (`tests/hodoku/make.sh` made both). For each puzzle the test walks shudu's grading path
//! ([`shudu::rate::hodoku_solver`]) beside HoDoKu's and finds the first step where they part: a different technique,
//! or the same technique with a different effect (what it places or removes). It prints the share of identical
//! paths, of exact scores and of exact levels, and the first differences tallied by kind, and fails if a figure falls
//! below the floor measured when it was last raised.
//!
//! ```sh
//! cargo test --release -p shudu --test hodoku_paths -- --nocapture
//! # every puzzle's first difference, both steps written out
//! SHUDU_PATHS_VERBOSE=1 cargo test --release -p shudu --test hodoku_paths -- --nocapture
//! # any other /vp output (HoDoKu's whole console output is fine): the same report, no floors
//! SHUDU_HODOKU_PATHS=/path/to/vp.txt cargo test --release -p shudu --test hodoku_paths -- --ignored --nocapture
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use shudu::format::parse_line;
use shudu::logic::{Lang, Level, Silent, Solver, Step, Technique};
use shudu::rate::{grade, hodoku_solver, proper};
use shudu::{Cell, Digit};

/// What a step does: the digits it places and the candidates it removes, as (cell index, digit), sorted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Effect {
    placements: Vec<(usize, u8)>,
    eliminations: Vec<(usize, u8)>,
}

/// One step of a path: the technique's name as HoDoKu prints it (variant included: `Continuous Nice Loop`,
/// `Forcing Net Contradiction`), the step's text, and its effect.
#[derive(Clone, Debug)]
struct PathStep {
    name: String,
    text: String,
    effect: Effect,
}

/// HoDoKu's grading of one puzzle with its path.
struct Theirs {
    puzzle: String,
    level: Level,
    score: u32,
    flags: String,
    steps: Vec<PathStep>,
}

fn level(name: &str) -> Option<Level> {
    Level::ALL.iter().copied().find(|l| l.name() == name)
}

/// The technique's name of a step line: the text before the first `:` or ` =>`, less a forcing step's
/// `in <house or cell>`.
fn step_name(text: &str) -> String {
    let end = [text.find(':'), text.find(" =>")]
        .into_iter()
        .flatten()
        .min()
        .unwrap_or(text.len());
    let name = text[..end].trim();
    match name.find(" in ") {
        Some(at) if name.starts_with("Forcing") => name[..at].to_string(),
        _ => name.to_string(),
    }
}

/// Cells written HoDoKu's way, `r1c247`, `r467c2`, `r2c6,r3c5`: each group is its rows times its columns.
fn cells(text: &str) -> Option<Vec<usize>> {
    let mut out = Vec::new();
    for group in text.split(',') {
        let group = group.strip_prefix('r')?;
        let (rows, cols) = group.split_once('c')?;
        for r in rows.chars() {
            for c in cols.chars() {
                let r = r.to_digit(10)? as usize;
                let c = c.to_digit(10)? as usize;
                if !(1..=9).contains(&r) || !(1..=9).contains(&c) {
                    return None;
                }
                out.push((r - 1) * 9 + c - 1);
            }
        }
    }
    Some(out)
}

/// The effect written after a step's `=>` (or after the `:` of a single): `r4c1<>3, r1c247<>8` or `r5c9=1`.
fn effect(text: &str) -> Option<Effect> {
    let tail = match text.rfind("=> ") {
        Some(at) => &text[at + 3..],
        None => text.split_once(": ")?.1,
    };
    let mut effect = Effect::default();
    for item in tail.split(", ") {
        let item = item.split(" in ").next()?.trim();
        let (cells_text, digit, placed) = match item.split_once("<>") {
            Some((c, d)) => (c, d, false),
            None => {
                let (c, d) = item.split_once('=')?;
                (c, d, true)
            }
        };
        let digit: u8 = digit.trim().parse().ok()?;
        for cell in cells(cells_text)? {
            if placed {
                effect.placements.push((cell, digit));
            } else {
                effect.eliminations.push((cell, digit));
            }
        }
    }
    effect.placements.sort_unstable();
    effect.eliminations.sort_unstable();
    Some(effect)
}

/// HoDoKu's `/vp` output: a line `<puzzle> #N <Level> (<score>) [flags]` per puzzle, its steps indented by three
/// spaces (the branches of a forcing step, indented by two, and everything else are skipped).
fn parse_vp(text: &str) -> Vec<Theirs> {
    let mut out: Vec<Theirs> = Vec::new();
    for line in text.lines() {
        // HoDoKu's closing summary (`995 puzzles in …ms`, then a count per level, indented as steps are).
        if line.contains(" puzzles in ") {
            break;
        }
        if let Some(step) = line.strip_prefix("   ") {
            if step.starts_with(' ') || step.is_empty() {
                continue;
            }
            let Some(last) = out.last_mut() else { continue };
            let effect = effect(step).unwrap_or_else(|| panic!("cannot read the effect of `{step}`"));
            last.steps.push(PathStep {
                name: step_name(step),
                text: step.to_string(),
                effect,
            });
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        if fields.len() < 4 || fields[0].len() != 81 || !fields[1].starts_with('#') {
            continue;
        }
        let (Some(level), Some(score)) = (level(fields[2]), fields[3].trim_matches(['(', ')']).parse::<u32>().ok())
        else {
            continue;
        };
        out.push(Theirs {
            puzzle: fields[0].to_string(),
            level,
            score,
            flags: fields[4..].join(" "),
            steps: Vec::new(),
        });
    }
    out
}

fn our_step(step: &Step) -> PathStep {
    let text = step.explain(Lang::En);
    let first = text.lines().next().unwrap_or_default().to_string();
    let key = |list: &[(Cell, Digit)]| {
        let mut v: Vec<(usize, u8)> = list.iter().map(|&(c, d)| (c.index(), d.get())).collect();
        v.sort_unstable();
        v
    };
    PathStep {
        name: step_name(&first),
        text: first,
        effect: Effect {
            placements: key(&step.placements),
            eliminations: key(&step.eliminations),
        },
    }
}

/// The kind of a first difference, for the tally: the two techniques, or one technique and "another instance".
fn kind(theirs: &PathStep, ours: Option<&PathStep>) -> String {
    let singles = ["Full House", "Naked Single", "Hidden Single"];
    match ours {
        None => format!("{} / (shudu's path ended)", theirs.name),
        Some(ours) if singles.contains(&theirs.name.as_str()) && singles.contains(&ours.name.as_str()) => {
            "singles in another order".to_string()
        }
        Some(ours) if ours.name == theirs.name => format!("{}: another instance", theirs.name),
        Some(ours) => format!("{} / shudu {}", theirs.name, ours.name),
    }
}

/// The figures of one comparison.
#[derive(Default)]
struct Figures {
    puzzles: usize,
    identical: usize,
    scores: usize,
    levels: usize,
    by_level: BTreeMap<Level, [usize; 4]>,
    kinds: BTreeMap<String, usize>,
}

/// Whether two step names are the same technique; `loose` (an analysis, `SHUDU_PATHS_LOOSE`) also takes a forcing
/// chain's or net's contradiction and verity for one another (HoDoKu scores them alike), so that a path is compared
/// past a step of the same effect.
fn same_name(a: &str, b: &str, loose: bool) -> bool {
    let family = |n: &str| {
        if loose {
            n.trim_end_matches(" Contradiction")
                .trim_end_matches(" Verity")
                .to_string()
        } else {
            n.to_string()
        }
    };
    family(a) == family(b)
}

fn compare(all: &[Theirs], verbose: bool) -> Figures {
    let loose = std::env::var_os("SHUDU_PATHS_LOOSE").is_some();
    let solver = hodoku_solver();
    let mut fig = Figures::default();
    for theirs in all {
        let values = parse_line(&theirs.puzzle).expect("puzzle parses");
        let grid = proper(&values).expect("proper puzzle");
        let report = solver.solve(&grid, &mut Silent);
        // Every step of the grading path is true of the solution (the choice must never take an unsound step).
        let solution = shudu::search::solve(&values).expect("solvable");
        for step in &report.steps {
            assert!(
                step.placements.iter().all(|&(c, d)| solution[c.index()] == d.get())
                    && step.eliminations.iter().all(|&(c, d)| solution[c.index()] != d.get()),
                "{}: an unsound step: {}",
                theirs.puzzle,
                step.explain(Lang::En)
            );
        }
        let ours = grade(&report);
        let path: Vec<PathStep> = report.steps.iter().map(our_step).collect();
        let first = (0..theirs.steps.len().max(path.len())).find(|&i| match (theirs.steps.get(i), path.get(i)) {
            (Some(t), Some(o)) => !same_name(&t.name, &o.name, loose) || t.effect != o.effect,
            _ => true,
        });
        fig.puzzles += 1;
        let row = fig.by_level.entry(theirs.level).or_default();
        row[0] += 1;
        let same_score = ours.score == theirs.score;
        let same_level = ours.level == theirs.level;
        fig.scores += usize::from(same_score);
        fig.levels += usize::from(same_level);
        row[2] += usize::from(same_score);
        row[3] += usize::from(same_level);
        match first {
            None => {
                fig.identical += 1;
                row[1] += 1;
            }
            Some(i) => {
                let k = match theirs.steps.get(i) {
                    Some(t) => kind(t, path.get(i)),
                    None => "(HoDoKu's path ended first)".to_string(),
                };
                *fig.kinds.entry(k.clone()).or_default() += 1;
                if verbose {
                    let text = |s: Option<&PathStep>| s.map_or("(none)".to_string(), |s| s.text.clone());
                    println!(
                        "{} HoDoKu {} {} {} / shudu {} {}: step {}: {k}\n  HoDoKu: {}\n  shudu:  {}",
                        theirs.puzzle,
                        theirs.level,
                        theirs.score,
                        theirs.flags,
                        ours.level,
                        ours.score,
                        i + 1,
                        text(theirs.steps.get(i)),
                        text(path.get(i)),
                    );
                }
            }
        }
    }
    fig
}

fn report(fig: &Figures) {
    let pct = |n: usize| 100.0 * n as f64 / fig.puzzles.max(1) as f64;
    println!(
        "{} puzzles: identical paths {} ({:.1}%), exact scores {} ({:.1}%), exact levels {} ({:.1}%)",
        fig.puzzles,
        fig.identical,
        pct(fig.identical),
        fig.scores,
        pct(fig.scores),
        fig.levels,
        pct(fig.levels)
    );
    println!("HoDoKu's level: puzzles, identical paths, exact scores, exact levels");
    for (level, row) in &fig.by_level {
        println!(
            "  {:<8} {:>4} {:>4} {:>4} {:>4}",
            level.name(),
            row[0],
            row[1],
            row[2],
            row[3]
        );
    }
    let mut kinds: Vec<(&String, &usize)> = fig.kinds.iter().collect();
    kinds.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    println!("first differences, by kind (HoDoKu's step / shudu's):");
    for (k, n) in kinds {
        println!("  {n:>4}  {k}");
    }
}

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/hodoku")
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn the_fixtures_parse() {
    let all = parse_vp(&read(&fixtures().join("paths.txt")));
    let puzzles: Vec<String> = read(&fixtures().join("puzzles.txt"))
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_whitespace().next().unwrap_or_default().to_string())
        .collect();
    assert_eq!(all.len(), puzzles.len());
    for (theirs, puzzle) in all.iter().zip(&puzzles) {
        assert_eq!(&theirs.puzzle, puzzle);
        // Every path places every empty cell once (HoDoKu's placements are singles or forcing steps).
        let givens = puzzle.chars().filter(|c| c.is_ascii_digit() && *c != '0').count();
        let placed: usize = theirs.steps.iter().map(|s| s.effect.placements.len()).sum();
        assert_eq!(placed, 81 - givens, "{puzzle}");
    }
    let step = &all[0].steps[0];
    assert!(!step.name.is_empty() && step.text.contains(&step.name));
    assert_eq!(
        effect("Swordfish: 1 r258 c369 => r3c36,r4c39,r9c69<>1").map(|e| e.eliminations.len()),
        Some(6)
    );
    assert_eq!(
        step_name("Forcing Net Contradiction in r8c9 => r4c7=8"),
        "Forcing Net Contradiction"
    );
    assert_eq!(step_name("Forcing Net Verity => r2c6=4"), "Forcing Net Verity");
}

#[test]
fn paths_follow_hodoku() {
    let all = parse_vp(&read(&fixtures().join("paths.txt")));
    let verbose = std::env::var_os("SHUDU_PATHS_VERBOSE").is_some();
    let fig = compare(&all, verbose);
    report(&fig);
    // Floors: the figures when they were last raised (see BENCHMARKS.md, section Grading).
    assert!(fig.identical >= 311, "identical paths fell");
    assert!(fig.scores >= 316, "exact scores fell");
    assert!(fig.levels >= 332, "exact levels fell");
}

/// Any `/vp` output, named by `SHUDU_HODOKU_PATHS`: the same report, without floors.
#[test]
#[ignore = "needs SHUDU_HODOKU_PATHS, a file of HoDoKu's /vp output"]
fn other_paths_follow_hodoku() {
    let Some(path) = std::env::var_os("SHUDU_HODOKU_PATHS") else {
        eprintln!("skipping: SHUDU_HODOKU_PATHS is not set");
        return;
    };
    let all = parse_vp(&read(Path::new(&path)));
    let verbose = std::env::var_os("SHUDU_PATHS_VERBOSE").is_some();
    report(&compare(&all, verbose));
}

/// The technique of shudu's registry a HoDoKu step name stands for.
fn technique_of(name: &str) -> Option<Technique> {
    use Technique as T;
    let t = match name {
        "Continuous Nice Loop" | "Discontinuous Nice Loop" | "AIC" => T::NiceLoop,
        "Grouped Continuous Nice Loop" | "Grouped Discontinuous Nice Loop" | "Grouped AIC" => T::GroupedNiceLoop,
        "Almost Locked Set XZ-Rule" => T::AlsXz,
        "Almost Locked Set XY-Wing" => T::AlsXyWing,
        "Almost Locked Set Chain" => T::AlsChain,
        "Forcing Chain Contradiction" | "Forcing Chain Verity" => T::ForcingChain,
        "Forcing Net Contradiction" | "Forcing Net Verity" => T::ForcingNet,
        "Simple Colors Trap" | "Simple Colors Wrap" => T::SimpleColors,
        "Multi Colors 1" | "Multi Colors 2" => T::MultiColors,
        _ => return Technique::ALL.iter().copied().find(|t| t.name() == name),
    };
    Some(t)
}

/// Walks HoDoKu's paths and, at every step past the singles, lists every instance shudu's finder of that
/// technique reports there: where HoDoKu's step ranks among them, by technique. What HoDoKu's choice among several
/// instances is can be read from it (`SHUDU_PATHS_VERBOSE=1` writes each step where it is not shudu's first).
///
/// ```sh
/// cargo test --release -p shudu --test hodoku_paths -- --ignored choices --nocapture
/// ```
#[test]
#[ignore = "an analysis, not a check"]
fn choices() {
    let path = std::env::var_os("SHUDU_HODOKU_PATHS").map_or(fixtures().join("paths.txt"), PathBuf::from);
    let all = parse_vp(&read(&path));
    let verbose = std::env::var_os("SHUDU_PATHS_VERBOSE").is_some();
    // Per technique: steps, HoDoKu's is shudu's first, among shudu's, has the most eliminations, missing.
    let mut table: BTreeMap<String, [usize; 5]> = BTreeMap::new();
    let mut dump = std::env::var_os("SHUDU_CHOICES_DUMP")
        .map(|p| std::io::BufWriter::new(std::fs::File::create(p).expect("dump file")));
    // `SHUDU_NEGATIVES=<technique name>`: at every step HoDoKu takes with a technique later in its ladder, the
    // instances shudu's finder of that technique reports there (which HoDoKu's did not), written to the dump as
    // `NEG` lines: what HoDoKu's finder leaves out can be read from them.
    let ladder = hodoku_solver().ladder().to_vec();
    let negatives = std::env::var("SHUDU_NEGATIVES")
        .ok()
        .and_then(|n| Technique::ALL.iter().copied().find(|t| t.name() == n));
    for theirs in &all {
        let values = parse_line(&theirs.puzzle).expect("puzzle parses");
        let mut grid = proper(&values).expect("proper puzzle");
        for step in &theirs.steps {
            if let (Some(neg), Some(t), Some(out)) = (negatives, technique_of(&step.name), dump.as_mut()) {
                let rank = |t: Technique| ladder.iter().position(|&l| l == t);
                if rank(t) > rank(neg) {
                    use std::io::Write;
                    for s in Solver::find_all_hodoku(neg, &grid)
                        .iter()
                        .filter(|s| s.makes_progress(&grid))
                    {
                        writeln!(out, "NEG\t{}\t{}\t{}", theirs.puzzle, step.name, our_step(s).text).expect("write");
                    }
                }
            }
            // `SHUDU_STATE=<puzzle>:<step text>`: the pencil marks before that step, written to stdout (for the
            // forcing module's `closure_of` analysis).
            if let Ok(want) = std::env::var("SHUDU_STATE") {
                if want
                    .split_once(':')
                    .is_some_and(|(p, t)| p == theirs.puzzle && step.text.starts_with(t))
                {
                    println!("{}", shudu::format::to_pencilmarks(&grid));
                }
            }
            if !["Full House", "Naked Single", "Hidden Single"].contains(&step.name.as_str()) {
                if let Some(t) = technique_of(&step.name) {
                    let ours: Vec<Step> = Solver::find_all_hodoku(t, &grid)
                        .into_iter()
                        .filter(|s| s.makes_progress(&grid))
                        .collect();
                    let effects: Vec<PathStep> = ours.iter().map(our_step).collect();
                    let at = effects.iter().position(|o| o.effect == step.effect);
                    let most = effects.iter().map(|o| o.effect.eliminations.len()).max().unwrap_or(0);
                    let row = table.entry(step.name.clone()).or_default();
                    row[0] += 1;
                    row[1] += usize::from(at == Some(0));
                    row[2] += usize::from(at.is_some());
                    row[3] += usize::from(step.effect.eliminations.len() >= most);
                    row[4] += usize::from(at.is_none());
                    if let Some(out) = dump.as_mut() {
                        use std::io::Write;
                        let fx = |e: &Effect| {
                            let p: Vec<String> = e.placements.iter().map(|(c, d)| format!("{c}={d}")).collect();
                            let l: Vec<String> = e.eliminations.iter().map(|(c, d)| format!("{c}-{d}")).collect();
                            format!("{} {}", p.join(","), l.join(","))
                        };
                        // The board's candidates last, cell by cell (a filled cell as its digit and `=`), for
                        // analyses that rebuild the position.
                        let board: Vec<String> = Cell::ALL
                            .iter()
                            .map(|&c| match grid.value(c) {
                                Some(d) => format!("={d}"),
                                None => grid.candidates(c).to_string(),
                            })
                            .collect();
                        writeln!(
                            out,
                            "CASE\t{}\t{}\t{}\t{}\t{}",
                            theirs.puzzle,
                            step.name,
                            fx(&step.effect),
                            step.text,
                            board.join(",")
                        )
                        .expect("write");
                        for (o, s) in effects.iter().zip(&ours) {
                            let nodes: Vec<String> =
                                s.pattern.chains.iter().map(|c| c.nodes.len().to_string()).collect();
                            writeln!(out, "I\t{}\t{}\t{}\t{}", o.name, fx(&o.effect), nodes.join(","), o.text)
                                .expect("write");
                        }
                    }
                    let only = std::env::var("SHUDU_PATHS_ONLY").ok();
                    if verbose && at != Some(0) && only.as_ref().is_none_or(|o| step.name.contains(o.as_str())) {
                        println!(
                            "{} {}\n  HoDoKu ({} elims): {}\n  shudu: {} instances, most elims {most}, HoDoKu's at {at:?}",
                            theirs.puzzle,
                            step.name,
                            step.effect.eliminations.len(),
                            step.text,
                            effects.len()
                        );
                        for (i, o) in effects.iter().enumerate().take(20) {
                            println!("    {i:>3} ({}) {}", o.effect.eliminations.len(), o.text);
                        }
                    }
                }
            }
            for &(c, d) in &step.effect.placements {
                let (cell, digit) = (Cell::ALL[c], Digit::new(d).expect("digit"));
                if grid.value(cell).is_none() {
                    grid.place(cell, digit).expect("HoDoKu's placement is legal");
                }
            }
            for &(c, d) in &step.effect.eliminations {
                grid.eliminate(Cell::ALL[c], Digit::new(d).expect("digit"));
            }
        }
    }
    println!("technique: steps, HoDoKu's is shudu's first, among shudu's, has the most eliminations, missing");
    for (name, row) in &table {
        println!(
            "  {name:<36} {:>5} {:>5} {:>5} {:>5} {:>5}",
            row[0], row[1], row[2], row[3], row[4]
        );
    }
}
