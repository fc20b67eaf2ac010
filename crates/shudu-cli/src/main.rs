//! `shudu`, the command line of the shudu Sudoku engine.
//!
//! This file holds the command-line grammar and the exit codes; each subcommand lives in its own module.

mod batch;
mod bench;
mod canon;
mod dataset;
mod draw;
mod explain;
mod explain_se;
mod generate;
mod hint;
mod input;
mod ladder;
mod output;
mod picture;
mod pictures;
mod play;
mod print;
mod rate;
mod record;
mod reglib;
mod serve;
mod solve;
mod transform;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// The solvers allocate many small lists at every step (steps, patterns, search lists); mimalloc serves them faster
/// than the system's allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(
    name = "shudu",
    version,
    about = "Solve, explain, rate, generate and benchmark Sudoku puzzles",
    long_about = "Solve, explain, rate, generate and benchmark Sudoku puzzles.\n\n\
        Exit status: 0 when every input was handled, 1 when some input was bad or unreadable (each such input is \
        reported on standard error), 2 on a usage error.",
    propagate_version = true
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solve puzzles with the search solver: one result line per puzzle, in input order.
    #[command(long_about = solve::LONG_ABOUT, after_help = solve::AFTER_HELP)]
    Solve(solve::SolveArgs),
    /// Explain each puzzle's solving path step by step, as a person would solve it.
    #[command(long_about = explain::LONG_ABOUT, after_help = explain::AFTER_HELP)]
    Explain(explain::ExplainArgs),
    /// Give the easiest next step from a puzzle or a player's pencil-mark grid, after any mistake in it.
    #[command(long_about = hint::LONG_ABOUT, after_help = hint::AFTER_HELP)]
    Hint(hint::HintArgs),
    /// Rate puzzles: HoDoKu's level, score and stars, the hardest technique, and an SE estimate, on every core.
    #[command(long_about = rate::LONG_ABOUT, after_help = rate::AFTER_HELP)]
    Rate(rate::RateArgs),
    /// Generate puzzles with exactly one solution: at a level, with a symmetry, minimal, from a seed.
    #[command(long_about = generate::LONG_ABOUT, after_help = generate::AFTER_HELP)]
    Generate(generate::GenerateArgs),
    /// Print the canonical (minlex) form of each puzzle, or count the classes of isomorphic puzzles.
    #[command(long_about = canon::LONG_ABOUT, after_help = canon::AFTER_HELP)]
    Canon(canon::CanonArgs),
    /// Write a random isomorph of each puzzle (a random map of the symmetry group and relabelling), from a seed.
    #[command(long_about = transform::LONG_ABOUT, after_help = transform::AFTER_HELP)]
    Transform(transform::TransformArgs),
    /// Make a dataset of rated puzzles as JSON Lines, split by canonical class, reproducible from a seed.
    #[command(long_about = dataset::LONG_ABOUT, after_help = dataset::AFTER_HELP)]
    Dataset(dataset::DatasetArgs),
    /// Run a HoDoKu regression library file: pass/fail per technique code.
    #[command(long_about = reglib::LONG_ABOUT, after_help = reglib::AFTER_HELP)]
    Reglib(reglib::ReglibArgs),
    /// Play in the terminal: a new puzzle by level and seed, a puzzle you give, or the last game.
    #[command(long_about = play::LONG_ABOUT)]
    Play(play::PlayArgs),
    /// Serve the web game on a local address: play in a browser.
    #[command(long_about = serve::LONG_ABOUT)]
    Serve(serve::ServeArgs),
    /// Print a puzzle book as PDF: puzzles from files or generated, solutions at the back.
    #[command(long_about = print::LONG_ABOUT, after_help = print::AFTER_HELP)]
    Print(print::PrintArgs),
    /// Draw a board as a picture, SVG or PNG.
    #[command(long_about = draw::LONG_ABOUT, after_help = draw::AFTER_HELP)]
    Draw(draw::DrawArgs),
    /// Time the search solver over whole puzzle collections, single-threaded.
    #[command(long_about = bench::LONG_ABOUT)]
    Bench(bench::BenchArgs),
}

/// How a run ended, as the process sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Every input was handled.
    Ok,
    /// Some input was bad or unreadable, or output could not be written.
    Failed,
}

impl Status {
    /// Folds a later outcome in: one failure fails the run.
    pub fn and(self, other: Status) -> Status {
        if self == Status::Ok {
            other
        } else {
            Status::Failed
        }
    }
}

/// Parses a count that must be positive (limits, repeats, threads), with a plainer message than a range check's.
pub fn at_least_one<T>(text: &str) -> Result<T, String>
where
    T: std::str::FromStr + PartialEq + Default,
    T::Err: std::fmt::Display,
{
    let n: T = text.parse().map_err(|e| format!("{e}"))?;
    if n == T::default() {
        return Err("must be at least 1".to_string());
    }
    Ok(n)
}

fn main() -> ExitCode {
    // clap reports usage errors itself and exits with 2, the code promised for them.
    let cli = Cli::parse();
    let status = match cli.command {
        Command::Solve(args) => solve::run(&args),
        Command::Explain(args) => explain::run(&args),
        Command::Hint(args) => hint::run(&args),
        Command::Rate(args) => rate::run(&args),
        Command::Generate(args) => generate::run(&args),
        Command::Canon(args) => canon::run(&args),
        Command::Transform(args) => transform::run(&args),
        Command::Dataset(args) => dataset::run(&args),
        Command::Reglib(args) => reglib::run(&args),
        Command::Draw(args) => draw::run(&args),
        Command::Print(args) => print::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Play(args) => play::run(&args),
        Command::Serve(args) => serve::run(&args),
    };
    if batch::interrupted() {
        return ExitCode::from(130);
    }
    match status {
        Status::Ok => ExitCode::SUCCESS,
        Status::Failed => ExitCode::from(1),
    }
}
