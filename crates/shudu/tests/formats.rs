//! Every format read and written: round trips over real puzzles and pencil-mark states, HoDoKu's regression library,
//! the layouts other programs write, exact error messages, and random junk that must never panic. Tests that need
//! `../shared/data` skip, saying so, where it is absent.

use std::fs;
use std::path::PathBuf;

use shudu::format::{
    parse, parse_grid, parse_library_line, parse_line, parse_pencilmarks, to_grid, to_library_line, to_line,
    to_pencilmarks, LibraryCase, ParseError,
};
use shudu::search::search;
use shudu::{Bitboard, Candidates, Cell, Digit, Grid};

// ---------------------------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------------------------

const TOP1: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

fn data_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("skipping: ../shared/data not found");
        None
    }
}

fn read_data(path: &str) -> Option<String> {
    let dir = data_dir()?;
    Some(fs::read_to_string(dir.join(path)).unwrap_or_else(|e| panic!("reading {path}: {e}")))
}

/// The first `n` puzzles of a collection with their published solutions.
fn puzzles_with_solutions(name: &str, n: usize) -> Option<Vec<([u8; 81], [u8; 81])>> {
    let puzzles = read_data(&format!("puzzles/{name}.txt"))?;
    let solutions = read_data(&format!("puzzles/{name}.solutions.txt"))?;
    let pairs = puzzles
        .lines()
        .zip(solutions.lines())
        .take(n)
        .map(|(p, s)| {
            (
                parse_line(p).unwrap_or_else(|e| panic!("{name}: {p}: {e}")),
                parse_line(s).unwrap_or_else(|e| panic!("{name}: {s}: {e}")),
            )
        })
        .collect();
    Some(pairs)
}

fn values(line: &str) -> [u8; 81] {
    parse_line(line).expect("test puzzle parses")
}

fn digit(n: u8) -> Digit {
    Digit::new(n).expect("digit 1..=9")
}

/// A small deterministic generator (xorshift64), so that every run tries the same cases.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

/// A pencil-mark state along the way to `solution`: a few digits placed (not givens) and some wrong candidates
/// eliminated, as a solver leaves it.
fn state_along_the_way(puzzle: &[u8; 81], solution: &[u8; 81], rng: &mut Rng) -> Grid {
    let mut grid = Grid::from_values(puzzle).expect("a published puzzle has no clash");
    let empty: Vec<Cell> = grid.empty_cells().iter().collect();
    for _ in 0..=rng.below(10) {
        let cell = rng.pick(&empty);
        if grid.value(cell).is_none() {
            grid.place(cell, digit(solution[cell.index()]))
                .expect("the solution's digit stays a candidate");
        }
    }
    for _ in 0..rng.below(60) {
        let cell = rng.pick(&empty);
        let wrong: Vec<Digit> = grid
            .candidates(cell)
            .iter()
            .filter(|d| d.get() != solution[cell.index()])
            .collect();
        if !wrong.is_empty() {
            grid.eliminate(cell, rng.pick(&wrong));
        }
    }
    grid
}

/// What reading `to_pencilmarks(grid)` must give: an empty cell with a single candidate reads as solved, and every
/// solved cell as a given, since the format cannot tell these apart.
fn as_pencilmarks_read(grid: &Grid) -> Grid {
    let mut values = *grid.values();
    let mut candidates = [Candidates::EMPTY; 81];
    for cell in Cell::ALL {
        let set = grid.candidates(cell);
        match (grid.value(cell), set.single()) {
            (None, Some(d)) => values[cell.index()] = d.get(),
            (None, None) => candidates[cell.index()] = set,
            _ => {}
        }
    }
    let givens: Bitboard = Cell::ALL.into_iter().filter(|c| values[c.index()] != 0).collect();
    Grid::from_state(&values, &candidates, givens).expect("a state along the way to a solution has no clash")
}

fn random_case(grid: Grid, rng: &mut Rng) -> LibraryCase {
    fn pairs(rng: &mut Rng, n: usize) -> Vec<(Cell, Digit)> {
        (0..n)
            .map(|_| (Cell::ALL[rng.below(81)], Digit::ALL[rng.below(9)]))
            .collect()
    }
    let n = rng.below(6);
    let eliminations = pairs(rng, n);
    let n = rng.below(2);
    let placements = pairs(rng, n);
    let digits: Candidates = (0..rng.below(4)).map(|_| Digit::ALL[rng.below(9)]).collect();
    let variant = [None, Some("1"), Some("x")][rng.below(3)].map(str::to_owned);
    let extra = ["", "5", "12"][rng.below(3)].to_owned();
    LibraryCase {
        code: "0901".to_owned(),
        variant,
        digits,
        grid,
        eliminations,
        placements,
        extra,
    }
}

fn err<T: std::fmt::Debug>(result: Result<T, shudu::format::ParseError>) -> String {
    result.expect_err("this input is bad").to_string()
}

// ---------------------------------------------------------------------------------------------------------------
// Round trips over real puzzles
// ---------------------------------------------------------------------------------------------------------------

#[test]
fn every_format_round_trips_on_real_puzzles() {
    let mut checked = 0;
    for name in ["top1465", "qqwing_expert"] {
        let Some(pairs) = (if name == "top1465" {
            // top1465 comes without solutions: the search solver supplies them.
            read_data("puzzles/top1465.txt").map(|t| {
                t.lines()
                    .take(200)
                    .map(|l| {
                        let p = values(l);
                        let s = search(&p, 1).solution.unwrap_or_else(|| panic!("{l} has a solution"));
                        (p, s)
                    })
                    .collect::<Vec<_>>()
            })
        } else {
            puzzles_with_solutions(name, 200)
        }) else {
            return;
        };
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        for (i, (puzzle, solution)) in pairs.iter().enumerate() {
            let at = format!("{name}:{}", i + 1);
            assert_eq!(parse_line(&to_line(puzzle)).as_ref(), Ok(puzzle), "{at}: line");
            assert_eq!(parse_grid(&to_grid(puzzle)).as_ref(), Ok(puzzle), "{at}: grid");
            let start = Grid::from_values(puzzle).expect("no clash");
            assert_eq!(parse(&to_line(puzzle)).as_ref(), Ok(&start), "{at}: parse line");
            assert_eq!(parse(&to_grid(puzzle)).as_ref(), Ok(&start), "{at}: parse grid");

            let state = state_along_the_way(puzzle, solution, &mut rng);
            let pm = to_pencilmarks(&state);
            let expected = as_pencilmarks_read(&state);
            assert_eq!(
                parse_pencilmarks(&pm).as_ref(),
                Ok(&expected),
                "{at}: pencil marks\n{pm}"
            );
            assert_eq!(parse(&pm).as_ref(), Ok(&expected), "{at}: parse pencil marks");

            let case = random_case(state.clone(), &mut rng);
            let line = to_library_line(&case);
            assert_eq!(
                parse_library_line(&line).as_ref(),
                Ok(&case),
                "{at}: library line {line}"
            );
            assert_eq!(parse(&line).as_ref(), Ok(&state), "{at}: parse library line");
            checked += 1;
        }
    }
    assert!(checked == 0 || checked == 400, "checked {checked}");
}

#[test]
fn pencil_marks_keep_an_empty_cell_without_candidates() {
    let mut grid = Grid::from_values(&values(TOP1)).expect("no clash");
    for d in Digit::ALL {
        grid.eliminate(Cell::at(8, 8), d);
    }
    let pm = to_pencilmarks(&grid);
    assert!(
        pm.lines()
            .nth(11)
            .is_some_and(|row| row.trim_end().ends_with("0      |")),
        "{pm}"
    );
    assert_eq!(parse_pencilmarks(&pm), Ok(grid));
}

#[test]
fn pencil_mark_columns_are_padded_to_their_widest_group() {
    let grid = Grid::from_values(&values(TOP1)).expect("no clash");
    let pm = to_pencilmarks(&grid);
    let lines: Vec<&str> = pm.lines().collect();
    assert_eq!(lines.len(), 13);
    assert_eq!(
        lines[0],
        ".----------------------.----------------------.--------------------."
    );
    assert_eq!(
        lines[1],
        "| 4     1679   12679   | 139   2369   1269    | 8     1239  5      |"
    );
    assert_eq!(
        lines[4],
        ":----------------------+----------------------+--------------------:"
    );
    assert_eq!(
        lines[12],
        "'----------------------'----------------------'--------------------'"
    );
    assert!(lines.iter().all(|l| l.chars().count() == lines[0].chars().count()));
}

// ---------------------------------------------------------------------------------------------------------------
// HoDoKu's regression library
// ---------------------------------------------------------------------------------------------------------------

#[test]
fn every_reglib_case_parses_and_round_trips() {
    let Some(text) = read_data("hodoku/reglib-dev.txt") else {
        return;
    };
    let mut cases = 0;
    let mut identical = 0;
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let at = format!("reglib-dev.txt:{}", i + 1);
        let case = parse_library_line(line).unwrap_or_else(|e| panic!("{at}: {}", e.at_line(i + 1)));
        cases += 1;

        let written = to_library_line(&case);
        assert_eq!(
            parse_library_line(&written).as_ref(),
            Ok(&case),
            "{at}: write then read"
        );
        // HoDoKu writes deleted candidates in the same order; only a missing `extra` field comes back as `:`.
        if written == line {
            identical += 1;
        } else {
            assert_eq!(written, format!("{line}:"), "{at}: written differently");
        }

        // The state makes sense: no contradiction, and what the technique must find is there to be found.
        assert_eq!(case.grid.contradiction(), None, "{at}");
        if !case.is_fail_case() {
            for &(cell, d) in case.eliminations.iter().chain(&case.placements) {
                assert!(
                    case.grid.candidates(cell).contains(d),
                    "{at}: {d} is not a candidate of {cell}"
                );
            }
        }
        assert!(case.eliminations.is_empty() || case.placements.is_empty(), "{at}");
        assert_eq!(parse(line).as_ref(), Ok(&case.grid), "{at}: parse");
    }
    assert_eq!(cases, 772);
    assert_eq!(identical, 770);
}

#[test]
fn the_reglib_header_examples_mean_what_the_header_says() {
    // Example 1: a naked single 8 in r2c9; the `+` digits are placed, the others givens.
    let one = ":0003:8:6...+53+4.7....4+2+56.+254867+3+9+1.+4..+9+6.1.162+38+5749.3..+1+4.+5....42193..1.+57...+44+2.6+3.+1+75:::829:";
    let case = parse_library_line(one).expect("example 1");
    let givens = "6....3..7....4..6..54867..........1.162.8.749.3..........42193..1..7....4..6....5";
    let all = "6...534.7....4256.254867391.4..96.1.162385749.3..14.5....42193..1.57...442.63.175";
    assert_eq!(to_line(case.grid.values()), all);
    for cell in Cell::ALL {
        let g = givens.as_bytes()[cell.index()];
        assert_eq!(case.grid.is_given(cell), g != b'.', "{cell}");
    }
    assert_eq!(case.digits.to_string(), "8");
    assert_eq!(case.placements, [(Cell::at(1, 8), digit(8))]);
    assert_eq!(case.grid.candidates(Cell::at(1, 8)).to_string(), "8");

    // Example 2: deleted candidates "r2c4<>25, r2c5<>25, r3c5<>1, ..."; UR type 4 eliminates 3 from r6c4 and r6c5.
    let two = ":0603:3:14+8..+9+72+5.+3...89.697+6....38.+61......3+2.8.56...9......2.5+9+186....+8+3....61+6+1...35+89:224 524 225 525 135 455 755 458 758 165 168 771 284 484 784 285 485 785:364 365::";
    let case = parse_library_line(two).expect("example 2");
    for (cell, gone) in [(Cell::at(1, 3), "25"), (Cell::at(1, 4), "25"), (Cell::at(2, 4), "1")] {
        for d in gone.chars().filter_map(|c| c.to_digit(10)) {
            assert!(
                !case.grid.candidates(cell).contains(digit(d as u8)),
                "{cell} still has {d}"
            );
        }
    }
    assert_eq!(
        case.eliminations,
        [(Cell::at(5, 3), digit(3)), (Cell::at(5, 4), digit(3))]
    );
    assert_eq!(case.code, "0603");
    assert_eq!(case.variant, None);
    assert_eq!(to_library_line(&case), two);
}

// ---------------------------------------------------------------------------------------------------------------
// Layouts written by other programs
// ---------------------------------------------------------------------------------------------------------------

/// Writes `values` row by row with `blank` for empty cells, `gap` between cells, `bar` between boxes, `left`/`right`
/// around each row, and `rule` between bands; `frame` above and below when given.
fn layout(
    values: &[u8; 81],
    blank: char,
    gap: &str,
    bar: &str,
    edges: (&str, &str),
    rule: &str,
    frame: Option<&str>,
) -> String {
    let mut s = String::new();
    if let Some(f) = frame {
        s.push_str(f);
        s.push('\n');
    }
    for (r, row) in values.chunks_exact(9).enumerate() {
        if r == 3 || r == 6 {
            s.push_str(rule);
            s.push('\n');
        }
        s.push_str(edges.0);
        for (c, &v) in row.iter().enumerate() {
            if c == 3 || c == 6 {
                s.push_str(bar);
            } else if c > 0 {
                s.push_str(gap);
            }
            s.push(if v == 0 { blank } else { (b'0' + v) as char });
        }
        s.push_str(edges.1);
        s.push('\n');
    }
    if let Some(f) = frame {
        s.push_str(f);
        s.push('\n');
    }
    s
}

#[test]
fn nine_line_grids_as_other_programs_write_them() {
    let v = values(TOP1);
    let layouts = [
        // Simple Sudoku (.ss) and HoDoKu's "givens" grid.
        layout(&v, '.', "", "|", ("|", "|"), "|---+---+---|", Some("*-----------*")),
        layout(&v, '.', "", "|", ("", ""), "---+---+---", None),
        layout(&v, '.', "", "|", ("", ""), "-----------", None),
        // QQWing's readable print.
        layout(&v, '.', " ", " | ", (" ", " "), "-------|-------|-------", None),
        // A boxed print.
        layout(
            &v,
            '.',
            " ",
            " | ",
            ("| ", " |"),
            "|-------+-------+-------|",
            Some("+-------+-------+-------+"),
        ),
        layout(
            &v,
            '.',
            " ",
            " | ",
            ("| ", " |"),
            "+=======+=======+=======+",
            Some("+=======+=======+=======+"),
        ),
        // Other blanks.
        layout(&v, '0', "", "", ("", ""), "", None).replace("\n\n", "\n"),
        layout(&v, '_', " ", "  ", ("", ""), "", None),
        layout(&v, '-', " ", " | ", ("", ""), "------+-------+------", None),
        layout(&v, '*', " ", " | ", ("", ""), "------+-------+------", None),
        // Windows line ends, a byte-order mark, comments and blank lines.
        format!("\u{feff}# top1465 #1\r\n\r\n{}", to_grid(&v).replace('\n', "\r\n")),
        format!("\n\n{}\n# the end\n", to_grid(&v)),
    ];
    let grid = Grid::from_values(&v).expect("no clash");
    for text in &layouts {
        assert_eq!(parse_grid(text).as_ref(), Ok(&v), "\n{text}");
        assert_eq!(parse(text).as_ref(), Ok(&grid), "\n{text}");
    }
}

#[test]
fn a_row_of_dash_blanks_is_read_when_a_row_is_missing() {
    let mut v = values(TOP1);
    v[36..45].fill(0);
    for (blank, bar) in [('-', "|"), ('*', " | "), ('-', "")] {
        let text = layout(&v, blank, "", bar, ("", ""), "------+-------+------", None);
        assert_eq!(parse_grid(&text).as_ref(), Ok(&v), "\n{text}");
    }
}

#[test]
fn pencil_mark_grids_as_other_programs_write_them() {
    let grid = Grid::from_values(&values(TOP1)).expect("no clash");
    let groups: Vec<String> = Cell::ALL
        .iter()
        .map(|&c| match grid.value(c) {
            Some(d) => d.to_string(),
            None => grid.candidates(c).to_string(),
        })
        .collect();
    // Sudoku Explainer's one-line form.
    let one_line = groups.join(" ");
    // Simple Sudoku's framed form, with wide fixed columns.
    let mut simple = String::from("*-----------------------------------------------------------*\n");
    for (r, row) in groups.chunks_exact(9).enumerate() {
        if r == 3 || r == 6 {
            simple.push_str("|-------------------+-------------------+-------------------|\n");
        }
        let cells: Vec<String> = row.iter().map(|g| format!("{g:<9}")).collect();
        simple.push_str(&format!(
            "| {} | {} | {} |\n",
            cells[..3].join(" "),
            cells[3..6].join(" "),
            cells[6..].join(" ")
        ));
    }
    simple.push_str("*-----------------------------------------------------------*\n");
    // Candidates in any order.
    let reversed: String = groups
        .iter()
        .map(|g| g.chars().rev().collect::<String>())
        .collect::<Vec<_>>()
        .join("\n");
    let expected = as_pencilmarks_read(&grid);
    for text in [&one_line, &simple, &reversed, &to_pencilmarks(&grid)] {
        assert_eq!(parse_pencilmarks(text).as_ref(), Ok(&expected), "\n{text}");
        assert_eq!(parse(text).as_ref(), Ok(&expected), "\n{text}");
    }
}

#[test]
fn parse_tells_the_formats_apart() {
    let v = values(TOP1);
    let grid = Grid::from_values(&v).expect("no clash");
    // A line with a comment, alone or after comments and blank lines.
    assert_eq!(parse(&format!("{TOP1} top1465 #1")).as_ref(), Ok(&grid));
    assert_eq!(parse(&format!("# puzzle\n\n{TOP1};1\n\n")).as_ref(), Ok(&grid));
    // A library line keeps givens apart from placed digits.
    let lib = ":0000:1:+6+3+42+8+9...8+7531+6+2+9+42+91+7+5+4+6+38+349+16+58+7+2+5+8+79+42..+6+1+62+83+754+97+5+8+4+2+39+61+9.+6+5784+23+4+2+3+6+91...:::182:";
    let parsed = parse(lib).expect("library line");
    assert!(!parsed.is_given(Cell::at(0, 0)) && parsed.is_given(Cell::at(0, 3)));
    // A solved grid has exactly 81 digits, yet its HoDoKu pencil-mark layout still reads.
    let solved = values("417369825632158947958724316825437169791586432346912758289643571573291684164875293");
    let full = Grid::from_values(&solved).expect("no clash");
    assert_eq!(parse(&to_pencilmarks(&full)).as_ref(), Ok(&full));
    assert_eq!(parse(&to_grid(&solved)).as_ref(), Ok(&full));
    assert_eq!(parse(&to_line(&solved)).as_ref(), Ok(&full));
    // An 82-cell line is a line with a cell too many, not a pencil-mark grid.
    assert_eq!(err(parse(&format!("1{}", to_line(&solved)))), "82 cells, expected 81");
    assert_eq!(err(parse(&format!("{TOP1}\n{TOP1}"))), "line 2: text after the puzzle");
    assert_eq!(err(parse(&format!("{lib}\n{TOP1}"))), "line 2: text after the puzzle");
    assert_eq!(
        err(parse(&format!("{}\n{TOP1}", &TOP1[..80]))),
        "line 1: 80 cells, expected 81"
    );
}

// ---------------------------------------------------------------------------------------------------------------
// Error messages
// ---------------------------------------------------------------------------------------------------------------

#[test]
fn errors_say_what_and_where() {
    let v = values(TOP1);
    let grid_text = to_grid(&v);

    assert_eq!(err(parse_line("")), "no puzzle: the input is empty");
    assert_eq!(err(parse("")), "no puzzle: the input is empty");
    assert_eq!(err(parse_grid("# nothing\n\n")), "no puzzle: the input is empty");
    assert_eq!(err(parse_pencilmarks(" \n")), "no puzzle: the input is empty");
    assert_eq!(err(parse_library_line("")), "no puzzle: the input is empty");

    // The 9-line grid.
    let short_row = grid_text.replacen(". 3 .", ". 3", 1);
    assert_eq!(err(parse_grid(&short_row)), "line 2: 8 cells, expected 9");
    let no_last_row: String = grid_text.lines().take(10).map(|l| format!("{l}\n")).collect();
    assert_eq!(err(parse_grid(&no_last_row)), "8 rows, expected 9");
    assert_eq!(
        err(parse_grid(&format!("{grid_text}1........\n"))),
        "line 12: more than 9 rows"
    );
    assert_eq!(
        err(parse_grid(&grid_text.replacen("8 . 5", "8 . S", 1))),
        "line 1, column 21: unexpected 'S'"
    );
    let clash = grid_text.replacen("4 . .", "4 4 .", 1);
    assert_eq!(err(parse(&clash)), "r1c1 and r1c2 both hold 4");

    // The pencil-mark grid: line and column within the text, one-based, in characters.
    let grid = Grid::from_values(&v).expect("no clash");
    let mut lines: Vec<String> = to_pencilmarks(&grid).lines().map(str::to_owned).collect();
    let mut row9: Vec<char> = lines[11].chars().collect();
    row9[41] = 'x';
    lines[11] = row9.into_iter().collect();
    let text = format!("# a\n# pencil-mark grid\n\n#\n\n{}", lines.join("\n"));
    assert_eq!(err(parse_pencilmarks(&text)), "line 17, column 42: unexpected 'x'");
    assert_eq!(err(parse(&text)), "line 17, column 42: unexpected 'x'");
    let pm = to_pencilmarks(&grid);
    assert_eq!(
        err(parse_pencilmarks(&pm.replacen("| 4 ", "|   ", 1))),
        "80 cells, expected 81"
    );
    assert_eq!(
        err(parse_pencilmarks(&pm.replacen("| 4 ", "| 4 4 ", 1))),
        "82 cells, expected 81"
    );
    assert_eq!(
        err(parse_pencilmarks(&pm.replacen("1679", "1669", 1))),
        "line 2, column 11: 6 twice in one cell"
    );
    assert_eq!(
        err(parse_pencilmarks(&pm.replacen("1679", "1609", 1))),
        "line 2, column 11: unexpected '0'"
    );
    assert_eq!(
        err(parse_pencilmarks(&pm.replacen("1679", "0679", 1))),
        "line 2, column 10: unexpected '6'"
    );
    assert_eq!(
        err(parse_pencilmarks(&pm.replacen("1679", "5", 1))),
        "r1c2 and r1c9 both hold 5"
    );
    assert_eq!(
        err(parse_pencilmarks("\u{1}")),
        "line 1, column 1: unexpected character U+0001"
    );

    // The library line: columns within the line.
    let lib = ":0000:1:+6+3+42+8+9...8+7531+6+2+9+42+91+7+5+4+6+38+349+16+58+7+2+5+8+79+42..+6+1+62+83+754+97+5+8+4+2+39+61+9.+6+5784+23+4+2+3+6+91...:::182:";
    assert_eq!(
        err(parse_library_line(&lib.replacen("+6+3", "+6+6", 1))),
        "r1c1 and r1c2 both hold 6"
    );
    assert_eq!(
        err(parse_library_line(&lib.replacen("+6+3", "+3", 1))),
        "column 9: 80 cells, expected 81"
    );
    assert_eq!(
        err(parse_library_line(&lib.replacen("+6+3", "+6++3", 1))),
        "column 12: unexpected '+'"
    );
    assert_eq!(
        err(parse_library_line(&lib.replacen("+6+3", "+6+.", 1))),
        "column 11: '+' must be followed by a digit"
    );
    assert_eq!(
        err(parse_library_line(&lib.replacen(":::182:", ":::18:", 1))),
        "column 139: '18' is not a candidate <digit><row><column>"
    );
    assert_eq!(
        err(parse_library_line(&lib.replacen(":::182:", ":::182:\t", 1))),
        "column 143: unexpected character U+0009"
    );
    assert_eq!(
        err(parse_library_line(&lib.replacen(":1:", ":11:", 1))),
        "column 8: 1 twice"
    );
    assert_eq!(
        err(parse_library_line(&lib.replacen(":0000:", ":00 0:", 1))),
        "column 4: unexpected ' '"
    );
    assert_eq!(err(parse_library_line("0000:1:")), "column 1: unexpected '0'");
    assert_eq!(
        err(parse_library_line(":0000:1")),
        "2 fields, expected at least 3 (:code:digits:givens)"
    );
    assert_eq!(
        err(parse_library_line(&lib[..100]).map_err(|e| e.at_line(17))),
        "line 17, column 9: 58 cells, expected 81"
    );

    // The line.
    assert_eq!(err(parse_line(&format!("{TOP1}1"))), "82 cells, expected 81");
    assert_eq!(err(parse_line(&TOP1.replacen('4', "x", 1))), "column 1: unexpected 'x'");
}

#[test]
fn library_lines_may_leave_out_the_last_fields() {
    let givens = ":0000::4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let case = parse_library_line(givens).expect("three fields are enough");
    assert_eq!(case.grid, Grid::from_values(&values(TOP1)).expect("no clash"));
    assert!(case.eliminations.is_empty() && case.placements.is_empty() && case.extra.is_empty());
    assert_eq!(case.digits, Candidates::EMPTY);
    assert_eq!(to_library_line(&case), format!("{givens}::::"));
    // `extra` takes the rest of the line, colons included.
    let extra = format!("{givens}::::a:b");
    assert_eq!(parse_library_line(&extra).map(|c| c.extra), Ok("a:b".to_owned()));
}

// ---------------------------------------------------------------------------------------------------------------
// Bad input never panics
// ---------------------------------------------------------------------------------------------------------------

/// Feeds `text` to every reader; whatever a reader accepts must survive its own writer unchanged.
fn feed(text: &str) {
    if let Ok(v) = parse_line(text) {
        assert_eq!(parse_line(&to_line(&v)), Ok(v), "{text:?}");
    }
    if let Ok(v) = parse_grid(text) {
        assert_eq!(parse_grid(&to_grid(&v)), Ok(v), "{text:?}");
    }
    if let Ok(g) = parse_pencilmarks(text) {
        assert_eq!(
            parse_pencilmarks(&to_pencilmarks(&g)),
            pencilmarks_read_back(&g),
            "{text:?}"
        );
    }
    if let Ok(case) = parse_library_line(text) {
        assert_eq!(
            parse_library_line(&to_library_line(&case)).as_ref(),
            Ok(&case),
            "{text:?}"
        );
    }
    if let Ok(g) = parse(text) {
        assert_eq!(
            parse(&to_line(g.values())).map(|p| *p.values()),
            Ok(*g.values()),
            "{text:?}"
        );
    }
    #[cfg(feature = "serde")]
    if let Ok(g) = serde_json::from_str::<Grid>(text) {
        let json = serde_json::to_string(&g).expect("a grid serializes");
        assert_eq!(serde_json::from_str::<Grid>(&json).ok().as_ref(), Some(&g), "{text:?}");
    }
}

/// What the pencil-mark grid of `g` reads back as: `g` itself, except that an empty cell left with one candidate
/// reads as solved (the format cannot tell them apart), and its digit then leaves its peers' candidates.
fn pencilmarks_read_back(g: &Grid) -> Result<Grid, ParseError> {
    let mut values = *g.values();
    let mut candidates = [Candidates::EMPTY; 81];
    for cell in Cell::ALL {
        let set = g.candidates(cell);
        match set.single() {
            Some(d) if g.value(cell).is_none() => values[cell.index()] = d.get(),
            _ => candidates[cell.index()] = set,
        }
    }
    let solved: Bitboard = Cell::ALL.iter().copied().filter(|c| values[c.index()] != 0).collect();
    Ok(Grid::from_state(&values, &candidates, solved)?)
}

#[test]
fn random_bytes_never_panic() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    for _ in 0..5000 {
        let len = rng.below(400);
        let bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        feed(&String::from_utf8_lossy(&bytes));
    }
}

/// Characters that mean something to one reader or another, and a few that mean nothing.
const ALPHABET: [char; 30] = [
    '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '.', '_', '-', '*', '|', '+', '=', ':', '\'', ' ', '\n', '\r',
    '#', '\t', 'x', 'é', '\u{feff}', '"', ',', ';',
];

fn mutate(text: &str, rng: &mut Rng) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..=rng.below(4) {
        let at = rng.below(chars.len() + 1);
        match rng.below(5) {
            0 if at < chars.len() => chars[at] = rng.pick(&ALPHABET),
            1 => chars.insert(at, rng.pick(&ALPHABET)),
            2 if at < chars.len() => {
                chars.remove(at);
            }
            3 => chars.truncate(at),
            _ => {
                let end = (at + rng.below(30)).min(chars.len());
                let copy: Vec<char> = chars[at..end].to_vec();
                chars.splice(at..at, copy);
            }
        }
    }
    chars.into_iter().collect()
}

#[test]
fn mangled_inputs_never_panic() {
    let mut rng = Rng(0xdead_beef_cafe_f00d);
    let v = values(TOP1);
    let puzzle = Grid::from_values(&v).expect("no clash");
    let solution = values("417369825632158947958724316825437169791586432346912758289643571573291684164875293");
    let mut samples = vec![
        TOP1.to_owned(),
        format!("{TOP1} #1"),
        to_grid(&v),
        to_pencilmarks(&puzzle),
        to_library_line(&random_case(puzzle.clone(), &mut rng)),
        ":0610-x::+5+4..9.8.1392..8.+5..+1.....2..3+46..5+926+2..4.+1.31+59..3.4..8+5.....+7.+7+18+3.4654+63.5.+2..:714 716:176 276::5".to_owned(),
        String::new(),
    ];
    for _ in 0..20 {
        let state = state_along_the_way(&v, &solution, &mut rng);
        samples.push(to_line(state.values()));
        samples.push(to_grid(state.values()));
        samples.push(to_pencilmarks(&state));
        #[cfg(feature = "serde")]
        samples.push(serde_json::to_string(&state).expect("a grid serializes"));
        samples.push(to_library_line(&random_case(state, &mut rng)));
    }
    #[cfg(feature = "serde")]
    samples.push(serde_json::to_string(&puzzle).expect("a grid serializes"));
    let mut fed = 0;
    for sample in &samples {
        for _ in 0..200 {
            feed(&mutate(sample, &mut rng));
            fed += 1;
        }
    }
    assert!(fed >= 15_000, "fed {fed}");
}

// ---------------------------------------------------------------------------------------------------------------
// JSON
// ---------------------------------------------------------------------------------------------------------------

#[cfg(feature = "serde")]
mod json {
    use super::*;

    #[test]
    fn grids_round_trip_with_candidates_and_givens() {
        let Some(pairs) = puzzles_with_solutions("qqwing_expert", 200) else {
            return;
        };
        let mut rng = Rng(7);
        for (puzzle, solution) in &pairs {
            let state = state_along_the_way(puzzle, solution, &mut rng);
            let json = serde_json::to_string(&state).expect("a grid serializes");
            assert_eq!(
                serde_json::from_str::<Grid>(&json).ok().as_ref(),
                Some(&state),
                "{json}"
            );
        }
    }

    #[test]
    fn the_shape_is_values_candidates_givens() {
        let mut grid = Grid::from_values(&values(TOP1)).expect("no clash");
        grid.place(Cell::at(0, 1), digit(1)).expect("1 is a candidate of r1c2");
        let json: serde_json::Value = serde_json::to_value(&grid).expect("a grid serializes");
        assert_eq!(json["values"], format!("41{}", &TOP1[2..]));
        assert_eq!(json["givens"], TOP1);
        assert_eq!(json["candidates"][0], "");
        assert_eq!(json["candidates"][2], "2679");
        assert_eq!(json["candidates"].as_array().map(Vec::len), Some(81));
    }

    #[test]
    fn candidates_and_givens_may_be_left_out() {
        let grid = Grid::from_values(&values(TOP1)).expect("no clash");
        let json = format!("{{\"values\": \"{TOP1}\"}}");
        assert_eq!(serde_json::from_str::<Grid>(&json).ok(), Some(grid));
    }

    fn json_err(json: &str) -> String {
        let e = serde_json::from_str::<Grid>(json)
            .expect_err("this JSON is bad")
            .to_string();
        // serde_json appends " at line L column C" of the JSON text.
        e.split(" at line ").next().unwrap_or_default().to_owned()
    }

    #[test]
    fn bad_grids_say_what_is_wrong() {
        let with = |values: &str, candidates: &str, givens: &str| {
            format!("{{\"values\": \"{values}\", \"candidates\": {candidates}, \"givens\": \"{givens}\"}}")
        };
        let grid = Grid::from_values(&values(TOP1)).expect("no clash");
        let good = serde_json::to_value(&grid).expect("a grid serializes");
        let candidates = good["candidates"].to_string();

        assert_eq!(
            json_err(&with(&TOP1[..80], &candidates, TOP1)),
            "values: 80 cells, expected 81"
        );
        assert_eq!(
            json_err(&with(&TOP1.replacen('3', "x", 1), &candidates, TOP1)),
            "values: column 11: unexpected 'x'"
        );
        let clash = TOP1.replacen("4.....8", "4....48", 1);
        assert_eq!(
            json_err(&with(&clash, &candidates.replacen("\"1269\"", "\"\"", 1), TOP1)),
            "r1c1 and r1c6 both hold 4"
        );
        assert_eq!(
            json_err(&with(TOP1, "[\"\"]", TOP1)),
            "candidates: 1 cells, expected 81"
        );
        assert_eq!(
            json_err(&with(TOP1, &candidates.replacen("1679", "16a9", 1), TOP1)),
            "candidates of r1c2: unexpected 'a'"
        );
        assert_eq!(
            json_err(&with(TOP1, &candidates.replacen("1679", "1669", 1), TOP1)),
            "candidates of r1c2: 6 twice"
        );
        assert_eq!(
            json_err(&with(TOP1, &candidates.replacen("\"\"", "\"1\"", 1), TOP1)),
            "candidates of r1c1: the cell holds 4, so it has none"
        );
        assert_eq!(
            json_err(&with(TOP1, &candidates, &TOP1.replacen('4', "5", 1))),
            "givens: r1c1 holds 5 but values hold 4"
        );
        assert_eq!(
            json_err(&with(TOP1, &candidates, &TOP1.replacen('.', "5", 1))),
            "givens: r1c2 holds 5 but is empty in values"
        );
        assert_eq!(json_err(&with(TOP1, &candidates, "")), "givens: 0 cells, expected 81");
        assert!(json_err(&format!("{{\"values\": \"{TOP1}\", \"name\": 1}}")).starts_with("unknown field `name`"));
        assert!(json_err("{}").starts_with("missing field `values`"));
    }

    #[test]
    fn cells_digits_and_candidates() {
        let cell = Cell::at(2, 8);
        assert_eq!(serde_json::to_string(&cell).ok().as_deref(), Some("\"r3c9\""));
        assert_eq!(serde_json::from_str::<Cell>("\"r3c9\"").ok(), Some(cell));
        assert_eq!(serde_json::from_str::<Cell>("\"R3C9\"").ok(), Some(cell));
        for bad in ["\"r0c1\"", "\"r10c1\"", "\"c1r1\"", "\"\"", "5"] {
            assert!(serde_json::from_str::<Cell>(bad).is_err(), "{bad}");
        }
        assert_eq!(serde_json::to_string(&digit(7)).ok().as_deref(), Some("7"));
        assert_eq!(serde_json::from_str::<Digit>("7").ok(), Some(digit(7)));
        for bad in ["0", "10", "-1", "\"7\""] {
            assert!(serde_json::from_str::<Digit>(bad).is_err(), "{bad}");
        }
        let set: Candidates = [1, 3, 7].into_iter().map(digit).collect();
        assert_eq!(serde_json::to_string(&set).ok().as_deref(), Some("\"137\""));
        assert_eq!(serde_json::from_str::<Candidates>("\"731\"").ok(), Some(set));
        assert_eq!(serde_json::from_str::<Candidates>("\"\"").ok(), Some(Candidates::EMPTY));
        assert!(serde_json::from_str::<Candidates>("\"105\"").is_err());
    }
}
