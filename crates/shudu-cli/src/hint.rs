//! `shudu hint`: the easiest next step from a puzzle or a player's state, after any mistake in that state.

use std::ffi::{OsStr, OsString};
use std::fs::File;
use std::io::{self, Read, Write};
use std::path::Path;

use clap::Args;
use serde::Serialize;
use shudu::format;
use shudu::logic::{candidate_grid, Lang, Step};
use shudu::{search, Bitboard, Cell, Digit, Grid};
use shudu_draw::{Board, Options};

use crate::input::{self, STDIN_NAME};
use crate::ladder::LadderArgs;
use crate::output::{push_json, warn, write_error, Format};
use crate::picture::{encode, parse_target, write_target, Kind, PictureArgs, Target};
use crate::record::StepFields;
use crate::Status;

/// More than any puzzle or pencil-mark grid needs; a bound keeps a wrong file or stream from filling memory.
const MAX_INPUT_BYTES: u64 = 1 << 20;

pub const LONG_ABOUT: &str = "\
Give the easiest next step: the first technique of the ladder that applies, explained as in `shudu explain`.

The input is one puzzle or one player's state, in any format the engine reads: an 81-character line, a 9-line \
grid, a pencil-mark grid (HoDoKu, Simple Sudoku, Sudoku Explainer), or a HoDoKu library line. It is an argument, a \
file holding it, or standard input (`-`, or no argument). A pencil-mark grid carries the player's own candidates, \
so the hint works from them; a candidate that a peer's digit rules out (a note left beside a placed digit) is \
dropped first, as the game does when you place a digit, so no step rests on it.

The state is first checked against the solution, found by the search solver from the givens: the cells of --puzzle \
when given, else the state's givens (a library line marks placed digits with `+`; the other formats cannot tell \
placed digits from givens, so every digit counts as a given). Problems are told first, and are the hint:
  mistake: r3c4 holds 5, but the solution has 7
  r3c4: candidate 7 was removed but is the solution
(a candidate removed by a wrong digit in a peer is not listed: it comes back with the digit's fix). The next step \
is given only when the state has no such problem. When no technique applies: `no step: the ladder is stuck here`, \
and the candidate grid.

JSON (--format json): one object, {puzzle, outcome, mistakes, removed} and, when outcome is \"step\", the step's \
fields {technique, code, level, text, placements, eliminations, pattern} (as `shudu explain --format json` writes \
them). outcome is step, mistakes, stuck or solved.";

pub const AFTER_HELP: &str = "\
Exit status: 0 when a hint was given (a mistake, a step, or the news that the ladder is stuck), 1 when the input \
could not be read or its givens have no solution or several (reported on standard error, `error` on standard \
output) or the --picture could not be written, 2 on a usage error.

Examples:
  shudu hint 006800005080200007050347200000000013003009000800000500000060080000403000700100020
  shudu hint --grid --lang zh state.txt
  shudu hint --puzzle puzzle.txt my-pencilmarks.txt
  shudu hint --picture hint.png --size 720 state.txt";

#[derive(Args, Debug)]
pub struct HintArgs {
    /// The puzzle or state, a file holding it, or `-` for standard input. Default: standard input.
    #[arg(value_name = "PUZZLE_OR_PENCILMARK_GRID")]
    input: Option<OsString>,

    /// The original puzzle, in any format, or a file holding it: its givens fix the solution, so that any digit of
    /// the state can be found wrong, even in a format where placed digits read as givens.
    #[arg(long, value_name = "PUZZLE|FILE")]
    puzzle: Option<OsString>,

    /// Also draw the candidate grid, the step's cells (or the problem cells) marked `*`.
    #[arg(long)]
    grid: bool,

    /// Output format: `text`, or `json` (one object; see above).
    #[arg(long, value_name = "FORMAT", value_enum, default_value_t = Format::Text)]
    format: Format,

    /// Also draw the hint, `.svg` or `.png`: the step on the board as HoDoKu colours it, or the board with the
    /// mistakes framed.
    #[arg(long, value_name = "FILE", value_parser = parse_target)]
    picture: Option<Target>,

    #[command(flatten)]
    look: PictureArgs,

    #[command(flatten)]
    ladder: LadderArgs,
}

/// Why no hint was given, and which input is at fault.
pub(crate) struct Failure {
    pub(crate) source: String,
    pub(crate) message: String,
}

/// Runs `shudu hint`.
pub fn run(args: &HintArgs) -> Status {
    let answer = read_board(args.input.as_deref(), "argument 1").and_then(|(source, grid)| {
        let puzzle = match &args.puzzle {
            Some(arg) => Some(read_board(Some(arg), "--puzzle")?.1),
            None => None,
        };
        hint(&grid, puzzle.as_ref(), args).map_err(|message| Failure { source, message })
    });
    let mut out = io::stdout().lock();
    let written = match &answer {
        Ok((text, _)) => out.write_all(text.as_bytes()),
        Err(Failure { source, message }) => {
            warn(format_args!("{source}: {message}"));
            write_error(&mut out, args.format, message, source, None)
        }
    };
    let status = match &answer {
        Ok((_, drawn)) => *drawn,
        Err(_) => Status::Failed,
    };
    match written.and_then(|()| out.flush()) {
        Ok(()) => status,
        // A reader that stopped listening wanted no more output.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => status,
        Err(e) => {
            warn(format_args!("shudu: cannot write the output: {e}"));
            Status::Failed
        }
    }
}

/// Reads a board in any format from an argument (`label` names it in messages), a file it names, or standard input
/// (`-` or no argument), with the name of where it came from.
pub(crate) fn read_board(arg: Option<&OsStr>, label: &str) -> Result<(String, Grid), Failure> {
    let (source, text) = read(arg, label)?;
    match format::parse(&text) {
        Ok(grid) => Ok((source, grid)),
        Err(e) => {
            let message = if source == label && !input::looks_like_puzzle(&text) {
                format!("{text}: no such file, and not a puzzle ({e})")
            } else {
                e.to_string()
            };
            Err(Failure { source, message })
        }
    }
}

fn read(arg: Option<&OsStr>, label: &str) -> Result<(String, String), Failure> {
    let failure = |source: &str, message: String| Failure {
        source: source.to_string(),
        message,
    };
    let Some(arg) = arg.filter(|&a| a != "-") else {
        return read_text(io::stdin())
            .map(|text| (STDIN_NAME.to_string(), text))
            .map_err(|e| failure(STDIN_NAME, e.to_string()));
    };
    let path = Path::new(arg);
    if input::names_file(path) {
        let name = path.display().to_string();
        if path.is_dir() {
            return Err(failure(&name, "is a directory".to_string()));
        }
        return match File::open(path).and_then(read_text) {
            Ok(text) => Ok((name, text)),
            Err(e) => Err(failure(&name, e.to_string())),
        };
    }
    match arg.to_str() {
        Some(text) => Ok((label.to_string(), text.to_string())),
        None => Err(failure(label, format!("{}: no such file", path.display()))),
    }
}

fn read_text(reader: impl Read) -> io::Result<String> {
    let mut text = String::new();
    reader.take(MAX_INPUT_BYTES).read_to_string(&mut text)?;
    Ok(text)
}

/// A placed digit that is not the solution's.
struct Mistake {
    cell: Cell,
    holds: Digit,
    solution: Digit,
}

/// The solution's digit, struck from an empty cell's candidates.
struct Removed {
    cell: Cell,
    digit: Digit,
}

#[derive(Serialize)]
struct MistakeRecord {
    cell: String,
    holds: u8,
    solution: u8,
}

#[derive(Serialize)]
struct RemovedRecord {
    cell: String,
    candidate: u8,
}

#[derive(Serialize)]
struct HintRecord {
    puzzle: String,
    outcome: &'static str,
    mistakes: Vec<MistakeRecord>,
    removed: Vec<RemovedRecord>,
    #[serde(flatten)]
    step: Option<StepFields>,
}

/// The solution the state is checked against: that of `puzzle`, or of the state's own givens.
fn solution(grid: &Grid, puzzle: Option<&Grid>) -> Result<[u8; 81], String> {
    let basis = match puzzle {
        Some(puzzle) => *puzzle.values(),
        None => {
            let mut givens = [0u8; 81];
            for cell in grid.givens() {
                givens[cell.index()] = grid.values()[cell.index()];
            }
            givens
        }
    };
    let outcome = search::search(&basis, 2);
    match (outcome.count, outcome.solution, puzzle) {
        (1, Some(solution), _) => Ok(solution),
        (0, _, None) => Err(
            "the givens have no solution (if a digit you placed reads as a given in this format, \
            it may be wrong: pass the original puzzle with --puzzle to find it)"
                .to_string(),
        ),
        (0, _, Some(_)) => Err("--puzzle has no solution".to_string()),
        (_, _, None) => Err("the givens have more than one solution, so no hint can rest on one".to_string()),
        (_, _, Some(_)) => Err("--puzzle has more than one solution, so no hint can rest on one".to_string()),
    }
}

/// Every wrong digit, and every true candidate struck out other than by a wrong digit in a peer.
fn problems(grid: &Grid, solution: &[u8; 81]) -> (Vec<Mistake>, Vec<Removed>) {
    let true_digit = |cell: Cell| Digit::new(solution[cell.index()]);
    let mut mistakes = Vec::new();
    let mut removed = Vec::new();
    for cell in Cell::ALL {
        let Some(truth) = true_digit(cell) else { continue };
        match grid.value(cell) {
            Some(holds) if holds != truth => mistakes.push(Mistake {
                cell,
                holds,
                solution: truth,
            }),
            Some(_) => {}
            None if grid.candidates(cell).contains(truth) => {}
            None => {
                let by_mistake = cell
                    .peers()
                    .iter()
                    .any(|&p| grid.value(p) == Some(truth) && true_digit(p) != Some(truth));
                if !by_mistake {
                    removed.push(Removed { cell, digit: truth });
                }
            }
        }
    }
    (mistakes, removed)
}

/// What the hint is.
enum Hint {
    /// The state has wrong digits or struck-out true candidates: they are the hint.
    Mistakes(Vec<Mistake>, Vec<Removed>),
    Solved,
    /// Boxed: a step is much larger than the other variants.
    Step(Box<Step>),
    /// No technique of the ladder applies.
    Stuck,
}

impl Hint {
    fn outcome(&self) -> &'static str {
        match self {
            Hint::Mistakes(..) => "mistakes",
            Hint::Solved => "solved",
            Hint::Step(_) => "step",
            Hint::Stuck => "stuck",
        }
    }
}

/// The whole hint, written in the chosen format, and whether its picture (if one was asked for) was written.
fn hint(grid: &Grid, puzzle: Option<&Grid>, args: &HintArgs) -> Result<(String, Status), String> {
    let solution = solution(grid, puzzle)?;
    let (mistakes, removed) = problems(grid, &solution);
    let hint = if !mistakes.is_empty() || !removed.is_empty() {
        Hint::Mistakes(mistakes, removed)
    } else if grid.is_full() {
        Hint::Solved
    } else {
        match args.ladder.solver().next_step(grid) {
            Some(step) => Hint::Step(Box::new(step)),
            None => Hint::Stuck,
        }
    };
    let lang = args.ladder.lang();
    let drawn = match &args.picture {
        Some(target) => picture(grid, puzzle, &hint, lang, target, &args.look),
        None => Status::Ok,
    };
    let text = match args.format {
        Format::Json => json(grid, &hint, lang),
        Format::Text => text(grid, &hint, lang, args.grid),
    };
    Ok((text, drawn))
}

/// Draws the hint: the step on the board, or the board with the mistakes framed and the news as its legend. With
/// the original puzzle, its givens are drawn as givens and the other digits as the player's.
fn picture(grid: &Grid, puzzle: Option<&Grid>, hint: &Hint, lang: Lang, target: &Target, look: &PictureArgs) -> Status {
    let mut options = Options {
        theme: look.theme,
        lang,
        width: look.size.filter(|_| target.kind == Kind::Svg),
        ..Options::default()
    };
    let step = match hint {
        Hint::Step(step) => Some(step.as_ref()),
        Hint::Mistakes(mistakes, removed) => {
            options.flagged = mistakes
                .iter()
                .map(|m| m.cell)
                .chain(removed.iter().map(|r| r.cell))
                .collect();
            options.caption = Some(text(grid, hint, lang, false).trim_end().to_string());
            None
        }
        Hint::Solved | Hint::Stuck => {
            options.caption = text(grid, hint, lang, false).lines().next().map(str::to_string);
            None
        }
    };
    let mut board = Board::from_grid(grid);
    if let Some(puzzle) = puzzle {
        board.givens = *puzzle.values();
    }
    let svg = shudu_draw::svg(&board, step, &options);
    match encode(svg, target.kind, look.size).and_then(|bytes| write_target(target, &bytes)) {
        Ok(()) => Status::Ok,
        Err(message) => {
            warn(format_args!("shudu: {message}"));
            Status::Failed
        }
    }
}

fn json(grid: &Grid, hint: &Hint, lang: Lang) -> String {
    let (mistakes, removed) = match hint {
        Hint::Mistakes(mistakes, removed) => (mistakes.as_slice(), removed.as_slice()),
        _ => (&[][..], &[][..]),
    };
    let record = HintRecord {
        puzzle: format::to_line(grid.values()),
        outcome: hint.outcome(),
        mistakes: mistakes
            .iter()
            .map(|m| MistakeRecord {
                cell: m.cell.to_string(),
                holds: m.holds.get(),
                solution: m.solution.get(),
            })
            .collect(),
        removed: removed
            .iter()
            .map(|r| RemovedRecord {
                cell: r.cell.to_string(),
                candidate: r.digit.get(),
            })
            .collect(),
        step: match hint {
            Hint::Step(step) => Some(StepFields::new(step, lang)),
            _ => None,
        },
    };
    let mut text = String::new();
    push_json(&mut text, &record);
    text
}

fn text(grid: &Grid, hint: &Hint, lang: Lang, draw: bool) -> String {
    let mut text = String::new();
    let marked = match hint {
        Hint::Mistakes(mistakes, removed) => {
            for m in mistakes {
                text.push_str(&match lang {
                    Lang::En => format!(
                        "mistake: {} holds {}, but the solution has {}\n",
                        m.cell, m.holds, m.solution
                    ),
                    Lang::Zh => format!("错误：{} 填的是 {}，但答案是 {}\n", m.cell, m.holds, m.solution),
                });
            }
            for r in removed {
                text.push_str(&match lang {
                    Lang::En => format!("{}: candidate {} was removed but is the solution\n", r.cell, r.digit),
                    Lang::Zh => format!("{}：候选数 {} 被删掉了，但它正是答案\n", r.cell, r.digit),
                });
            }
            mistakes
                .iter()
                .map(|m| m.cell)
                .chain(removed.iter().map(|r| r.cell))
                .collect()
        }
        Hint::Solved => {
            text.push_str(match lang {
                Lang::En => "solved: every cell is filled\n",
                Lang::Zh => "已解完：所有格子都已填好\n",
            });
            Bitboard::EMPTY
        }
        Hint::Step(step) => {
            text.push_str(&step.explain(lang));
            text.push('\n');
            marked_cells(step)
        }
        Hint::Stuck => {
            text.push_str(match lang {
                Lang::En => "no step: the ladder is stuck here\n",
                Lang::Zh => "没有可用的步骤：技巧阶梯在此卡住\n",
            });
            Bitboard::EMPTY
        }
    };
    // Where the ladder is stuck, the grid is the only thing left to show.
    if draw || matches!(hint, Hint::Stuck) {
        text.push_str(&candidate_grid(grid, marked));
    }
    text
}

/// The cells a step is about: its pattern and the cells it changes.
fn marked_cells(step: &Step) -> Bitboard {
    step.pattern.cells.iter().copied().collect::<Bitboard>() | step.changed_cells()
}
