//! `shudu explain`: the human-style solver's whole path through each puzzle, step by step.

use std::ffi::OsString;
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;

use clap::{Args, ValueEnum};
use serde::Serialize;
use shudu::format;
use shudu::logic::{candidate_grid, Grids, Lang, Outcome, Silent, SolveReport, Solver, Technique, TextListener};
use shudu::{search, Bitboard, Grid};

use shudu_draw::Theme;

use crate::batch::{self, Plan, Sink};
use crate::input::{Givens, Item};
use crate::ladder::LadderArgs;
use crate::output::{push_json, report, warn, Blocks, Format, Rendered};
use crate::pictures::{self, SolvePath};
use crate::record::{StepFields, StepRecord};
use crate::Status;

/// Puzzles explained together with `--summary`, whose answers are one line each.
const SUMMARY_CHUNK: usize = 4096;
/// Puzzles explained together otherwise: a path with its grids runs to tens of kilobytes, and a chunk's answers are
/// all held until written.
const PATH_CHUNK: usize = 256;

pub const LONG_ABOUT: &str = "\
Explain how a person solves each puzzle: the human-style solver's whole path, step by step, each step named and \
written in HoDoKu's notation (`Naked Pair: 1,8 in r1c4,r3c6 => r3c4<>1, r3c4<>8`), with candidate grids.

Inputs are read as by `shudu solve`: each argument is a file, `-` for standard input, or a puzzle written out in any \
format the engine reads; with no argument, standard input. Files hold one puzzle per line; blank lines and lines \
starting with `#` are skipped.

Each puzzle is first checked with the search solver: the explanations rest on the puzzle having exactly one \
solution, so a puzzle with none or with several is reported `invalid: no solution` or `invalid: more than one \
solution` and not explained. That is an answer, not an error.

A path (text) is the puzzle line, the numbered steps, and an ending: `solved in N steps (hardest: X)`, or `stuck \
after N steps: no technique of the ladder applies` and the candidate grid where the ladder stopped. Paths are \
separated by a blank line. In the candidate grids, a cell the step changed carries a `*`.

With --summary, each puzzle gives one line instead: `<puzzle> solved|stuck|invalid <steps> <hardest>` (`-` when \
no step was taken; an invalid puzzle's reason follows in parentheses). Keywords stay English; the technique is \
named in --lang.

JSON Lines (--format json): one object per step, {puzzle, step, technique, code, level, text, placements, \
eliminations, pattern} (`technique` is the English name, `text` is in --lang, placements like \"r3c4=5\", \
eliminations like \"r3c1<>3\"; `pattern` holds what the step rests on, its empty parts left out: digits, cells, \
base and cover houses, fins, colors, variant, chains as lists of nodes {digit, cells, kind, on}, sets and \
set_digits), then one summary object per puzzle, {puzzle, solved, outcome, reason, steps, hardest, brute_force}; \
with --summary, only the summary objects. A bad line gives {puzzle: null, error, source, line}.";

pub const AFTER_HELP: &str = "\
A bad line is reported on standard error as `<file>:<line>: <reason>`, gives `error` in its place, and the run goes \
on. Exit status: 0 when every input was handled (invalid and stuck puzzles included), 1 when some line, argument or \
file was bad or unreadable, or --pictures could not be written or had more than one path to draw, 2 on a usage \
error.

Examples:
  shudu explain 006800005080200007050347200000000013003009000800000500000060080000403000700100020
  shudu explain --lang zh --grids none puzzle.txt
  shudu explain --summary --techniques fh,n1,h1 collection.txt
  shudu explain --format json --techniques -n4,-h4 puzzle.txt
  shudu explain --pictures path/ --lang zh 006800005080200007050347200000000013003009000800000500000060080000403000700100020";

#[derive(Args, Debug)]
pub struct ExplainArgs {
    /// Puzzle files (one puzzle per line), `-` for standard input, or puzzles written out. Default: standard input.
    #[arg(value_name = "FILE|PUZZLE|-")]
    inputs: Vec<OsString>,

    /// Candidate grids to draw in a text path: none, after the steps that remove candidates, or after every step
    /// (and before the first).
    #[arg(long, value_name = "WHICH", value_enum, default_value_t = GridsArg::Changed)]
    grids: GridsArg,

    /// One line (or JSON object) per puzzle instead of the path: outcome, steps, hardest technique.
    #[arg(long)]
    summary: bool,

    /// Output format: `text`, or `json` (JSON Lines; see above).
    #[arg(long, value_name = "FORMAT", value_enum, default_value_t = Format::Text)]
    format: Format,

    #[command(flatten)]
    ladder: LadderArgs,

    /// Whose path: `hodoku` (the human-style ladder, HoDoKu's techniques) or `se` (Sudoku Explainer's rules in SE's
    /// order, as serate rates: SE's names, each step's rating, and ER/EP/ED at the end).
    #[arg(long = "ladder", value_name = "LADDER", value_enum, default_value_t = Path::Hodoku, conflicts_with = "pictures")]
    path: Path,

    /// Worker threads explaining in parallel. Default: one per core.
    #[arg(long, value_name = "N", value_parser = crate::at_least_one::<usize>)]
    threads: Option<usize>,

    /// Also draw the path into DIR (made if missing): `000-puzzle.svg`, one picture a step (`001-hidden-single.svg`
    /// …), and `index.html` showing the path with its pictures. One puzzle's path: later puzzles are explained but
    /// not drawn, and said so.
    #[arg(long, value_name = "DIR")]
    pictures: Option<PathBuf>,

    /// The colours of the pictures: light, dark, or print.
    #[arg(long, value_name = "THEME", default_value = "light", value_parser = crate::picture::parse_theme, requires = "pictures")]
    theme: Theme,
}

/// Which ladder's path `explain` shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Path {
    Hodoku,
    Se,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum GridsArg {
    None,
    Changed,
    All,
}

impl From<GridsArg> for Grids {
    fn from(grids: GridsArg) -> Grids {
        match grids {
            GridsArg::None => Grids::None,
            GridsArg::Changed => Grids::Changed,
            GridsArg::All => Grids::All,
        }
    }
}

/// What every puzzle of a run is explained with.
struct Config {
    solver: Solver,
    lang: Lang,
    grids: Grids,
    format: Format,
    summary: bool,
    /// Keep each path, to draw it.
    pictures: bool,
}

/// Runs `shudu explain`.
pub fn run(args: &ExplainArgs) -> Status {
    let config = Config {
        solver: args.ladder.solver(),
        lang: args.ladder.lang(),
        grids: args.grids.into(),
        format: args.format,
        summary: args.summary,
        pictures: args.pictures.is_some(),
    };
    let writer = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let paths = args.format == Format::Text && !args.summary;
    let out = Blocks::new(writer, args.format, paths);
    let plan = Plan {
        chunk: if args.summary { SUMMARY_CHUNK } else { PATH_CHUNK },
        threads: args.threads,
    };
    if args.path == Path::Se {
        let mut out = out;
        let (format, summary) = (args.format, args.summary);
        return batch::run(
            &args.inputs,
            &plan,
            |item| {
                item.content.decode().map(|givens| {
                    let puzzle = givens
                        .as_ref()
                        .map_or_else(|| "(givens that clash)".to_string(), format::to_line);
                    crate::explain_se::explain(&givens, &puzzle, format, summary)
                })
            },
            &mut out,
        );
    }
    let Some(dir) = &args.pictures else {
        let mut out = out;
        return batch::run(
            &args.inputs,
            &plan,
            |item| item.content.decode().map(|givens| explain(givens, &config).0),
            &mut out,
        );
    };
    let mut sink = Drawing {
        blocks: out,
        dir: dir.clone(),
        theme: args.theme,
        lang: config.lang,
        drawn: false,
        status: Status::Ok,
    };
    batch::run(
        &args.inputs,
        &plan,
        |item| match item.content.decode() {
            Ok(givens) => {
                let (text, path) = explain(givens, &config);
                (Ok(text), path)
            }
            Err(e) => (Err(e), None),
        },
        &mut sink,
    )
}

/// The answers of `explain --pictures`: the text as without it, and the first path drawn.
struct Drawing<W: Write> {
    blocks: Blocks<W>,
    dir: PathBuf,
    theme: Theme,
    lang: Lang,
    drawn: bool,
    status: Status,
}

impl<W: Write> Sink<(Rendered, Option<SolvePath>)> for Drawing<W> {
    fn write(&mut self, item: &Item, answer: &(Rendered, Option<SolvePath>)) -> io::Result<()> {
        self.blocks.write(item, &answer.0)?;
        let Some(path) = &answer.1 else { return Ok(()) };
        if self.drawn {
            report(item, "not drawn: --pictures draws the first puzzle's path only");
            self.status = Status::Failed;
            return Ok(());
        }
        self.drawn = true;
        if let Err(message) = pictures::write(&self.dir, path, self.theme, self.lang) {
            warn(format_args!("shudu: {message}"));
            self.status = Status::Failed;
        }
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.blocks.flush()
    }

    fn status(&self) -> Status {
        self.blocks.status().and(self.status)
    }
}

/// Why a puzzle is not explained.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Improper {
    NoSolution,
    Several,
}

impl Improper {
    fn reason(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (Improper::NoSolution, Lang::En) => "no solution",
            (Improper::Several, Lang::En) => "more than one solution",
            (Improper::NoSolution, Lang::Zh) => "无解",
            (Improper::Several, Lang::Zh) => "不止一个解",
        }
    }
}

/// The puzzle's board, when it has exactly one solution.
fn proper(givens: &Givens) -> Result<Grid, Improper> {
    let Some(values) = givens else {
        return Err(Improper::NoSolution);
    };
    match search::search(values, 2).count {
        0 => Err(Improper::NoSolution),
        1 => Grid::from_values(values).map_err(|_| Improper::NoSolution),
        _ => Err(Improper::Several),
    }
}

/// What a puzzle came to, in the words every format needs.
struct Ending<'a> {
    puzzle: String,
    /// `None` when the puzzle was not explained.
    report: Option<&'a SolveReport>,
    improper: Option<Improper>,
}

impl Ending<'_> {
    fn steps(&self) -> usize {
        self.report.map_or(0, |r| r.steps.len())
    }

    fn hardest(&self) -> Option<Technique> {
        self.report.and_then(SolveReport::hardest)
    }

    fn outcome(&self) -> &'static str {
        match self.report.map(|r| &r.outcome) {
            Some(Outcome::Solved) => "solved",
            Some(Outcome::Stuck) => "stuck",
            Some(Outcome::Invalid(_)) | None => "invalid",
        }
    }

    /// Why the puzzle is invalid, if it is.
    fn reason(&self, lang: Lang) -> Option<String> {
        if let Some(improper) = self.improper {
            return Some(improper.reason(lang).to_string());
        }
        match self.report.map(|r| &r.outcome) {
            Some(Outcome::Invalid(c)) => Some(c.to_string()),
            _ => None,
        }
    }

    fn brute_force(&self) -> usize {
        self.report.map_or(0, |r| {
            r.steps.iter().filter(|s| s.technique == Technique::BruteForce).count()
        })
    }
}

/// The summary record of a puzzle, last after its steps.
#[derive(Serialize)]
struct SummaryRecord<'a> {
    puzzle: &'a str,
    solved: bool,
    outcome: &'static str,
    reason: Option<String>,
    steps: usize,
    hardest: Option<&'static str>,
    brute_force: usize,
}

/// The whole answer for one puzzle in the configured format, and its path when pictures are to be drawn.
fn explain(givens: Givens, config: &Config) -> (String, Option<SolvePath>) {
    let puzzle = givens
        .as_ref()
        .map_or_else(|| "(givens that clash)".to_string(), format::to_line);
    let grid = match proper(&givens) {
        Ok(grid) => grid,
        Err(improper) => {
            let ending = Ending {
                puzzle,
                report: None,
                improper: Some(improper),
            };
            return (render(&ending, None, config), None);
        }
    };
    let text_path = config.format == Format::Text && !config.summary;
    let keep = |report: &SolveReport, ending: &Ending| {
        config.pictures.then(|| SolvePath {
            grid: grid.clone(),
            steps: report.steps.clone(),
            ending: text_ending(ending, config.lang)
                .lines()
                .next()
                .unwrap_or_default()
                .to_string(),
        })
    };
    if text_path {
        let mut listener = TextListener::new(config.lang, config.grids);
        let report = config.solver.solve(&grid, &mut listener);
        // The path's text as the listener wrote it, not copied again (a hard path's is tens of kilobytes).
        let text = if config.grids == Grids::All {
            let mut text = candidate_grid(&grid, Bitboard::EMPTY);
            text.push_str(&listener.out);
            text
        } else {
            listener.out
        };
        let ending = Ending {
            puzzle,
            report: Some(&report),
            improper: None,
        };
        (render(&ending, Some(&text), config), keep(&report, &ending))
    } else {
        let report = config.solver.solve(&grid, &mut Silent);
        let ending = Ending {
            puzzle,
            report: Some(&report),
            improper: None,
        };
        (render(&ending, None, config), keep(&report, &ending))
    }
}

/// Writes the ending of a puzzle in the configured format: a summary line, a text path around `trace`, or the JSON
/// records.
fn render(ending: &Ending, trace: Option<&str>, config: &Config) -> String {
    let lang = config.lang;
    match (config.format, config.summary) {
        (Format::Text, true) => {
            let hardest = ending.hardest().map_or("-", |t| t.name_in(lang));
            let mut line = format!("{} {} {} {hardest}", ending.puzzle, ending.outcome(), ending.steps());
            if let Some(reason) = ending.reason(lang) {
                line.push_str(&format!(" ({reason})"));
            }
            line.push('\n');
            line
        }
        (Format::Text, false) => {
            let trace = trace.unwrap_or_default();
            let end = text_ending(ending, lang);
            // Room made once: the trace is most of it.
            let mut text = String::with_capacity(ending.puzzle.len() + 1 + trace.len() + end.len());
            text.push_str(&ending.puzzle);
            text.push('\n');
            text.push_str(trace);
            text.push_str(&end);
            text
        }
        (Format::Json, summary) => {
            let mut text = String::new();
            if let (Some(report), false) = (ending.report, summary) {
                for (i, step) in report.steps.iter().enumerate() {
                    let record = StepRecord {
                        puzzle: &ending.puzzle,
                        step: i + 1,
                        fields: StepFields::new(step, lang),
                    };
                    push_json(&mut text, &record);
                }
            }
            let record = SummaryRecord {
                puzzle: &ending.puzzle,
                solved: ending.outcome() == "solved",
                outcome: ending.outcome(),
                reason: ending.reason(lang),
                steps: ending.steps(),
                hardest: ending.hardest().map(Technique::name),
                brute_force: ending.brute_force(),
            };
            push_json(&mut text, &record);
            text
        }
    }
}

/// The last lines of a text path: how it ended, and where the ladder stopped when it did not finish.
fn text_ending(ending: &Ending, lang: Lang) -> String {
    let steps = ending.steps();
    let Some(report) = ending.report else {
        let reason = ending.reason(lang).unwrap_or_default();
        return match lang {
            Lang::En => format!("invalid: {reason}\n"),
            Lang::Zh => format!("无效：{reason}\n"),
        };
    };
    let plural = if steps == 1 { "" } else { "s" };
    let mut text = match (&report.outcome, lang) {
        (Outcome::Solved, Lang::En) => match ending.hardest() {
            Some(t) => format!("solved in {steps} step{plural} (hardest: {t})\n"),
            None => "solved in 0 steps: the grid is full\n".to_string(),
        },
        (Outcome::Solved, Lang::Zh) => match ending.hardest() {
            Some(t) => format!("已解出，共 {steps} 步（最难：{}）\n", t.name_in(lang)),
            None => "已解出：盘面已满，无需步骤\n".to_string(),
        },
        (Outcome::Stuck, Lang::En) => {
            format!("stuck after {steps} step{plural}: no technique of the ladder applies\n")
        }
        (Outcome::Stuck, Lang::Zh) => format!("{steps} 步后卡住：技巧阶梯中没有可用的技巧\n"),
        (Outcome::Invalid(c), Lang::En) => format!("invalid after {steps} step{plural}: {c}\n"),
        (Outcome::Invalid(c), Lang::Zh) => format!("{steps} 步后出现矛盾：{c}\n"),
    };
    if report.outcome != Outcome::Solved {
        text.push_str(&candidate_grid(&report.grid, Bitboard::EMPTY));
    }
    text
}
