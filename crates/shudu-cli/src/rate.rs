//! `shudu rate`: HoDoKu's level, score and stars, the hardest technique and an SE estimate for every puzzle of a
//! batch, on every core, in input order; filters for setters; a progress bar on a terminal.

use std::collections::HashSet;
use std::ffi::OsString;
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, IsTerminal, Write};
use std::time::Duration;

use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use serde::Serialize;
use shudu::logic::{Level, Solver, Technique};
use shudu::rate::{grade_with, grading_solver, rate_se, rate_with, Grade, Invalid, Rating, SeLadder, SeRating};
use shudu::{canon, format};

use crate::batch::{self, Plan, Sink};
use crate::input::{self, Givens, Input, Item};
use crate::output::{report, write_error, write_json, Format};
use crate::Status;

/// Puzzles rated together: enough to keep every core busy on easy collections, few enough that the progress bar
/// moves on hard ones (a hard puzzle takes a few milliseconds).
const CHUNK: usize = 1024;

pub const LONG_ABOUT: &str = "\
Rate puzzles: one line per puzzle, in input order, rated on every core.

Inputs are read as by `shudu solve`: each argument is a file, `-` for standard input, or a puzzle written out; with \
no argument, standard input. Files hold one puzzle per line; blank lines and lines starting with `#` are skipped.

The grading is HoDoKu's (TECHNIQUES.md, section Grading): the score is the sum of the base scores of the steps of \
the path of HoDoKu's ladder (the default ladder without WXYZ-Wing, which HoDoKu lacks); the level is the highest \
level of any technique used, raised while the score exceeds the level's cap (Easy 800, Medium 1000, Hard 1600, \
Unfair 1800); stars run from 1 (Easy) to 5 (Extreme).

A text line is `<puzzle> <level> <score> <stars> <hardest technique>`. A puzzle the ladder cannot finish (it needs \
techniques the ladder does not have yet) is graded Extreme, its score counts the steps taken, and its last field \
reads `stuck (hardest so far: <technique>)`. A puzzle with no solution, several, or clashing givens is not graded: \
its line is `<puzzle> invalid <reason>` (that is an answer, not an error).

JSON Lines (--format json): one object per puzzle, {puzzle, valid, reason, solutions (counted up to 2), solved, \
level, score, stars, hardest, brute_force, steps, techniques, se: {er, ep, ed, hardest, left, complete, exact}}. \
`se` is Sudoku Explainer's rating: ER (hardest step), EP (hardest step up to the first placement), ED (first \
step). With `exact` true they are SE's own figures, from SE's rules in SE's order, the nested chains \
included (as serate gives them). A path through SE's deepest level, (+ Dynamic Forcing Chains (+)), 11.0 and \
up, not yet checked against serate, gives `exact` false with SE's ladder's own figures and `hardest` SE's \
name. Otherwise (SE's ladder could not finish the path) they are an \
estimate from a second ladder ordered by SE's ratings, with the technique rated ER (a direct pointing or hidden \
subset, which SE rates lower, is named by its technique); when that ladder cannot finish, `complete` is false, \
`left` gives the empty cells where it stopped, and ER is a guess from how open the board is there (calibrated on \
SE-rated puzzles). Fields that do not apply are null. A bad line gives {puzzle: null, error, source, line}.";

pub const AFTER_HELP: &str = "\
A bad line is reported on standard error as `<file>:<line>: <reason>`, gives `error` in its place (left out when a \
filter is on), and the run goes on. On a terminal, a progress bar with the rate and the time left is drawn on \
standard error; piped, nothing is.

Exit status: 0 when every input was handled (invalid and stuck puzzles included), 1 when some line, argument or \
file was bad or unreadable, 2 on a usage error.

Examples:
  shudu rate puzzles.txt
  shudu rate --summary --format json puzzles.txt > rated.jsonl
  shudu rate --min-level hard --max-level unfair --needs xy puzzles.txt
  shudu rate --dedupe --summary puzzles.txt
  cat big.txt | shudu rate --summary | tail -8";

/// The output formats of `shudu rate`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum RateFormat {
    /// One line per puzzle: level, score, stars, hardest technique.
    Text,
    /// JSON Lines.
    Json,
    /// serate's line: `<puzzle> ED=<ER>/<EP>/<ED>`.
    Serate,
}

impl RateFormat {
    /// The shared format its errors and summary are written in.
    fn base(self) -> Format {
        match self {
            RateFormat::Json => Format::Json,
            RateFormat::Text | RateFormat::Serate => Format::Text,
        }
    }
}

/// A level named on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum LevelArg {
    Easy,
    Medium,
    Hard,
    Unfair,
    Extreme,
}

impl From<LevelArg> for Level {
    fn from(level: LevelArg) -> Level {
        match level {
            LevelArg::Easy => Level::Easy,
            LevelArg::Medium => Level::Medium,
            LevelArg::Hard => Level::Hard,
            LevelArg::Unfair => Level::Unfair,
            LevelArg::Extreme => Level::Extreme,
        }
    }
}

#[derive(Args, Debug)]
pub struct RateArgs {
    /// Puzzle files (one puzzle per line), `-` for standard input, or puzzles written out. Default: standard input.
    #[arg(value_name = "FILE|PUZZLE|-")]
    inputs: Vec<OsString>,

    /// Output format: `text` (one line per puzzle), `json` (JSON Lines; see above), or `serate` (serate's own line,
    /// `<puzzle> ED=<ER>/<EP>/<ED>`, for scripts that call serate).
    #[arg(long, value_name = "FORMAT", value_enum, default_value_t = RateFormat::Text)]
    format: RateFormat,

    /// After the puzzles, the distribution of the levels of the puzzles written (lines starting with `#`; with
    /// --format json, one last object {summary: {...}}).
    #[arg(long)]
    summary: bool,

    /// Keep only puzzles of this level or harder.
    #[arg(long, value_name = "LEVEL", value_enum)]
    min_level: Option<LevelArg>,

    /// Keep only puzzles of this level or easier.
    #[arg(long, value_name = "LEVEL", value_enum)]
    max_level: Option<LevelArg>,

    /// Keep only puzzles whose path uses this technique (argument or English name: `xy`, `x-wing`, `Naked Pair`).
    /// May be given more than once: every technique named must be used.
    #[arg(long, value_name = "TECHNIQUE", value_parser = parse_technique)]
    needs: Vec<Technique>,

    /// Drop a puzzle isomorphic to one already written (the same canonical form, `shudu canon`); --summary counts
    /// the puzzles dropped.
    #[arg(long)]
    dedupe: bool,

    /// Worker threads rating in parallel. Default: one per core.
    #[arg(long, value_name = "N", value_parser = crate::at_least_one::<usize>)]
    threads: Option<usize>,

    #[arg(long, value_name = "N", value_parser = crate::at_least_one::<u64>, help = crate::ladder::MAX_STEPS_HELP)]
    max_steps: Option<u64>,
}

pub(crate) fn parse_technique(text: &str) -> Result<Technique, String> {
    Technique::from_arg(text).ok_or_else(|| format!("no technique is called `{text}` (see TECHNIQUES.md)"))
}

/// The filters, as the sink applies them.
struct Filter {
    min: Option<Level>,
    max: Option<Level>,
    needs: Vec<Technique>,
}

impl Filter {
    fn is_on(&self) -> bool {
        self.min.is_some() || self.max.is_some() || !self.needs.is_empty()
    }

    /// Whether a graded puzzle is kept (an invalid one never is while a filter is on).
    fn keeps(&self, grade: Result<&Grade, &Invalid>) -> bool {
        if !self.is_on() {
            return true;
        }
        let Ok(grade) = grade else {
            return false;
        };
        let level = grade.level;
        self.min.is_none_or(|m| level >= m)
            && self.max.is_none_or(|m| level <= m)
            && self.needs.iter().all(|&t| grade.uses(t))
    }
}

/// What the output needs of a proper puzzle: everything (JSON; serate's lines with a filter or the summary, which
/// read the level), HoDoKu's grading alone (text lines, which show no SE figure: SE's exact path is most of the
/// time on hard puzzles), or SE's ratings alone (serate's lines, which show no level).
#[derive(Copy, Clone, PartialEq, Eq)]
enum Needs {
    Full,
    Grade,
    Se,
}

/// What is known of a proper puzzle, as [`Needs`] asks.
enum Rated {
    Full(Rating),
    Grade(Grade),
    Se(SeRating),
}

/// The answer to one line: the puzzle as read, its rating or why it has none, and its canonical form when
/// deduplicating; or what is wrong with the line.
type Answer = Result<(String, Result<Rated, Invalid>, Option<[u8; 81]>), String>;

/// Runs `shudu rate`.
pub fn run(args: &RateArgs) -> Status {
    let mut solver = grading_solver();
    solver.set_budget(args.max_steps);
    let mut se = SeLadder::new();
    se.set_budget(args.max_steps);
    let writer = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let progress = progress_bar(&args.inputs);
    // Workers move the bar as each puzzle is done, so it moves within a chunk too.
    let ticker = progress.clone();
    let mut out = RateOutput {
        out: writer,
        format: args.format.base(),
        serate: args.format == RateFormat::Serate,
        filter: Filter {
            min: args.min_level.map(Level::from),
            max: args.max_level.map(Level::from),
            needs: args.needs.clone(),
        },
        counts: Counts::default(),
        seen: args.dedupe.then(HashSet::new),
        progress,
        status: Status::Ok,
    };
    let needs = match (out.serate, out.format) {
        (true, _) if !out.filter.is_on() && !args.summary => Needs::Se,
        (false, Format::Text) => Needs::Grade,
        _ => Needs::Full,
    };
    let plan = Plan {
        chunk: CHUNK,
        threads: args.threads,
    };
    let status = batch::run(
        &args.inputs,
        &plan,
        |item| {
            let answer = item.content.decode().map(|givens| {
                let (puzzle, rated) = rate_givens(&givens, &solver, &se, needs);
                let form = givens.filter(|_| args.dedupe).map(|v| canon::canonical(&v));
                (puzzle, rated, form)
            });
            ticker.inc(1);
            answer
        },
        &mut out,
    );
    out.progress.finish_and_clear();
    if !args.summary {
        return status;
    }
    match out.write_summary() {
        Ok(()) => status,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => status,
        Err(e) => {
            crate::output::warn(format_args!("shudu: cannot write the output: {e}"));
            Status::Failed
        }
    }
}

fn rate_givens(givens: &Givens, solver: &Solver, se: &SeLadder, needs: Needs) -> (String, Result<Rated, Invalid>) {
    match givens {
        Some(values) => (
            format::to_line(values),
            match needs {
                Needs::Full => rate_with(values, solver, se).map(Rated::Full),
                Needs::Grade => grade_with(values, solver).map(Rated::Grade),
                Needs::Se => rate_se(values, se).map(Rated::Se),
            },
        ),
        // The reader found two equal givens in a house and kept no board: report the clash without a board.
        None => ("(givens that clash)".to_string(), Err(Invalid::NoSolution)),
    }
}

/// A bar with the rate and the time left when standard error is a terminal and the number of puzzles is known (a
/// spinner with the rate when reading standard input); hidden otherwise, so piped runs stay silent.
fn progress_bar(inputs: &[OsString]) -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let total = count_puzzles(inputs);
    let bar = match total {
        Some(n) => ProgressBar::with_draw_target(Some(n), ProgressDrawTarget::stderr()).with_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len}  {rate}  {eta} left")
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .with_key("rate", rate_key),
        ),
        None => ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr()).with_style(
            ProgressStyle::with_template("{spinner} {pos}  {rate}")
                .unwrap_or_else(|_| ProgressStyle::default_spinner())
                .with_key("rate", rate_key),
        ),
    };
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// Puzzles a second, whole (indicatif's own rate shows four decimals).
fn rate_key(state: &ProgressState, out: &mut dyn std::fmt::Write) {
    let _ = write!(out, "{:.0} puzzles/s", state.per_sec());
}

/// The puzzles the inputs hold, when that is known without reading standard input: the files' lines that are not
/// skipped, and the puzzles given as arguments.
fn count_puzzles(inputs: &[OsString]) -> Option<u64> {
    let mut total = 0;
    for (i, arg) in input::arguments_or_stdin(inputs).iter().enumerate() {
        match input::classify(arg, i + 1) {
            Input::Stdin => return None,
            Input::Puzzle(_) => total += 1,
            Input::Missing(_) => {}
            Input::File(path) => {
                let Ok(file) = File::open(&path) else { continue };
                let mut reader = BufReader::with_capacity(1 << 20, file);
                let mut line = Vec::new();
                while reader.read_until(b'\n', &mut line).ok()? > 0 {
                    if !input::is_skipped(&line) {
                        total += 1;
                    }
                    line.clear();
                }
            }
        }
    }
    Some(total)
}

/// How many puzzles of each kind were written, for --summary.
#[derive(Default)]
struct Counts {
    /// Per level, easiest first.
    levels: [u64; 5],
    /// Of those, paths the ladder could not finish (graded Extreme).
    stuck: u64,
    invalid: u64,
    errors: u64,
    /// Rated but left out by a filter.
    filtered: u64,
    /// Isomorphic to a puzzle written before, left out by --dedupe.
    isomorphs: u64,
}

/// The JSON record of a puzzle.
#[derive(Serialize)]
struct Record<'a> {
    puzzle: &'a str,
    valid: bool,
    reason: Option<String>,
    /// Solutions counted up to 2 (2 stands for two or more); null for clashing givens.
    solutions: Option<u64>,
    solved: Option<bool>,
    level: Option<&'static str>,
    score: Option<u32>,
    stars: Option<u8>,
    hardest: Option<&'static str>,
    brute_force: Option<bool>,
    steps: Option<usize>,
    techniques: Option<Vec<&'static str>>,
    se: Option<SeRecord>,
}

#[derive(Serialize)]
struct SeRecord {
    er: f64,
    ep: f64,
    ed: f64,
    /// SE's name of the first step rated ER (exact ratings), or the HoDoKu technique behind it (estimates).
    hardest: Option<String>,
    left: u8,
    complete: bool,
    exact: bool,
}

impl From<SeRating> for SeRecord {
    fn from(se: SeRating) -> SeRecord {
        SeRecord {
            er: SeRating::decimal(se.er),
            ep: SeRating::decimal(se.ep),
            ed: SeRating::decimal(se.ed),
            hardest: match se.rule {
                Some(kind) => Some(kind.to_string()),
                None => se.hardest.map(|t| t.name().to_string()),
            },
            left: se.left,
            complete: se.complete,
            exact: se.exact,
        }
    }
}

/// Writes ratings in input order, applies the filters, counts for the summary and moves the progress bar.
struct RateOutput<W: Write> {
    out: W,
    format: Format,
    /// Lines in serate's format.
    serate: bool,
    filter: Filter,
    counts: Counts,
    /// The canonical forms of the puzzles written, with --dedupe.
    seen: Option<HashSet<[u8; 81]>>,
    progress: ProgressBar,
    status: Status,
}

impl<W: Write> RateOutput<W> {
    fn write_rated(&mut self, puzzle: &str, rated: &Result<Rated, Invalid>) -> io::Result<()> {
        let grade = match rated {
            Ok(Rated::Se(se)) => return writeln!(self.out, "{}", serate_line(puzzle, Ok(se))),
            Ok(Rated::Full(r)) => Ok(&r.grade),
            Ok(Rated::Grade(g)) => Ok(g),
            Err(why) => Err(why),
        };
        if !self.filter.keeps(grade) {
            self.counts.filtered += 1;
            return Ok(());
        }
        match grade {
            Ok(g) => {
                self.counts.levels[g.level as usize] += 1;
                if !g.solved {
                    self.counts.stuck += 1;
                }
            }
            Err(_) => self.counts.invalid += 1,
        }
        // `Needs` gave JSON and serate's lines the full rating; a text line needs only the grade.
        match (rated, self.serate, self.format) {
            (Ok(Rated::Full(r)), true, _) => writeln!(self.out, "{}", serate_line(puzzle, Ok(&r.se))),
            (Err(why), true, _) => writeln!(self.out, "{}", serate_line(puzzle, Err(why))),
            (Ok(Rated::Full(r)), false, Format::Json) => write_json(&mut self.out, &record(puzzle, Ok(r))),
            (Err(why), false, Format::Json) => write_json(&mut self.out, &record(puzzle, Err(why))),
            _ => writeln!(self.out, "{}", text_line(puzzle, grade)),
        }
    }

    fn write_summary(&mut self) -> io::Result<()> {
        let c = &self.counts;
        match self.format {
            Format::Json => {
                // Levels as an object in level order, easiest first.
                let mut levels = serde_json::Map::new();
                for level in Level::ALL {
                    levels.insert(level.name().to_string(), c.levels[level as usize].into());
                }
                let mut summary = serde_json::json!({
                    "levels": levels,
                    "stuck": c.stuck,
                    "invalid": c.invalid,
                    "errors": c.errors,
                    "filtered": c.filtered,
                });
                if self.seen.is_some() {
                    summary["isomorphs"] = c.isomorphs.into();
                }
                let summary = serde_json::json!({ "summary": summary });
                write_json(&mut self.out, &summary)?;
            }
            Format::Text => {
                let graded: u64 = c.levels.iter().sum();
                writeln!(self.out, "# level    puzzles  share")?;
                for level in Level::ALL {
                    let n = c.levels[level as usize];
                    let share = if graded == 0 {
                        0.0
                    } else {
                        100.0 * n as f64 / graded as f64
                    };
                    writeln!(self.out, "# {:<8} {n:>8}  {share:5.1}%", level.name())?;
                }
                writeln!(
                    self.out,
                    "# graded   {graded:>8}  (of the Extreme, {} need techniques beyond the ladder)",
                    c.stuck
                )?;
                writeln!(self.out, "# invalid  {:>8}", c.invalid)?;
                writeln!(self.out, "# errors   {:>8}", c.errors)?;
                if self.filter.is_on() {
                    writeln!(
                        self.out,
                        "# filtered {:>8}  (rated, left out by the filters)",
                        c.filtered
                    )?;
                }
                if self.seen.is_some() {
                    writeln!(self.out, "# isomorphs {:>7}  (left out by --dedupe)", c.isomorphs)?;
                }
            }
        }
        self.out.flush()
    }
}

/// serate's line (`%g ED=%r/%p/%d`): the puzzle and SE's ER/EP/ED, one decimal each. A line whose figures are the
/// estimate (the exact ladder could not finish its path) ends ` (estimate)`, one whose path passes SE's deepest
/// nested level (its figures SE's ladder's, that level not yet checked against serate) ` (nested)`; an invalid
/// puzzle's line says so.
fn serate_line(puzzle: &str, rated: Result<&SeRating, &Invalid>) -> String {
    match rated {
        Err(why) => format!("{puzzle} invalid {why}"),
        Ok(se) => {
            let t = |x: u16| format!("{}.{}", x / 10, x % 10);
            let mut line = format!("{puzzle} ED={}/{}/{}", t(se.er), t(se.ep), t(se.ed));
            if !se.exact {
                line.push_str(if se.rule.is_some() { " (nested)" } else { " (estimate)" });
            }
            line
        }
    }
}

fn text_line(puzzle: &str, grade: Result<&Grade, &Invalid>) -> String {
    match grade {
        Err(why) => format!("{puzzle} invalid {why}"),
        Ok(g) => {
            let hardest = g.hardest.map_or("-", Technique::name);
            if g.solved {
                format!("{puzzle} {} {} {} {hardest}", g.level, g.score, g.stars)
            } else {
                format!(
                    "{puzzle} {} {} {} stuck (hardest so far: {hardest})",
                    g.level, g.score, g.stars
                )
            }
        }
    }
}

fn record<'a>(puzzle: &'a str, rated: Result<&Rating, &Invalid>) -> Record<'a> {
    match rated {
        Err(why) => Record {
            puzzle,
            valid: false,
            reason: Some(why.to_string()),
            solutions: why.solutions(),
            solved: None,
            level: None,
            score: None,
            stars: None,
            hardest: None,
            brute_force: None,
            steps: None,
            techniques: None,
            se: None,
        },
        Ok(r) => {
            let g = &r.grade;
            Record {
                puzzle,
                valid: true,
                reason: None,
                solutions: Some(1),
                solved: Some(g.solved),
                level: Some(g.level.name()),
                score: Some(g.score),
                stars: Some(g.stars),
                hardest: g.hardest.map(Technique::name),
                brute_force: Some(g.brute_force),
                steps: Some(g.steps),
                techniques: Some(g.techniques.iter().map(|t| t.name()).collect()),
                se: Some(r.se.into()),
            }
        }
    }
}

impl<W: Write> Sink<Answer> for RateOutput<W> {
    fn write(&mut self, item: &Item, answer: &Answer) -> io::Result<()> {
        match answer {
            Ok((puzzle, rated, form)) => {
                if let (Some(seen), Some(form)) = (&mut self.seen, form) {
                    if !seen.insert(*form) {
                        self.counts.isomorphs += 1;
                        return Ok(());
                    }
                }
                self.write_rated(puzzle, rated)
            }
            Err(message) => {
                self.status = Status::Failed;
                self.counts.errors += 1;
                // The bar is hidden while the message is written, so the two do not overwrite each other.
                self.progress.suspend(|| report(item, message));
                if self.filter.is_on() {
                    return Ok(());
                }
                write_error(&mut self.out, self.format, message, &item.source, item.line)
            }
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    fn status(&self) -> Status {
        self.status
    }
}
