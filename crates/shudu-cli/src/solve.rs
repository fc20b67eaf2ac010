//! `shudu solve`: the search solver over puzzles from arguments, files and standard input.

use std::ffi::OsString;
use std::io::{self, BufWriter};

use clap::Args;
use shudu::search;

use crate::batch::{self, Plan};
use crate::input::Content;
use crate::output::{Answer, Format, Output, Solutions};
use crate::Status;

/// Puzzles solved together: enough to keep every core busy, few enough that memory stays small whatever the size
/// of the input.
const CHUNK: usize = 4096;

pub const LONG_ABOUT: &str = "\
Solve puzzles with the search solver and print one result line per puzzle, in input order.

Each argument is a file if such a file exists, `-` for standard input, and otherwise a puzzle written out in any \
format the engine reads (81-character line, 9-line grid, pencil-mark grid, HoDoKu library line). With no argument, \
puzzles are read from standard input.

Files and standard input hold one puzzle per line in the 81-character format: `1`-`9` for givens; `.`, `0`, `_`, \
`-` or `*` for blanks; after the 81st cell, a space, tab, `,` or `;` starts a comment. Blank lines (empty or only \
whitespace) and lines starting with `#` are skipped and give no output line; every other line gives exactly one.

Each result line is one of:
  the solution (81 digits)      the puzzle has exactly one solution (with --limit 1: the first one found)
  no solution                   the puzzle has none (for example two equal givens in a house)
  2+ solutions                  the puzzle has at least --limit solutions (or `N solutions` when fewer)
  error                         the line could not be read; the reason goes to standard error
With --count, the line is the number of solutions instead: 0, 1, or `2+` once the limit is reached.";

pub const AFTER_HELP: &str = "\
A bad line is reported on standard error as `<file>:<line>: <reason>` (a bad argument as `argument N: <reason>`), \
gives `error` on standard output so results stay aligned with the input, and the run goes on. An argument that is \
neither an existing file nor anything like a puzzle is reported and skipped, with no output line.

Exit status: 0 when every input was handled (puzzles without a solution or with several are not errors), 1 when \
some line, argument or file was bad or unreadable, 2 on a usage error.

Examples:
  shudu solve puzzles.txt > solutions.txt
  shudu solve --count --limit 10 puzzles.txt
  shudu solve --format json 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
  cat big.txt | shudu solve | head";

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// Puzzle files (one puzzle per line), `-` for standard input, or puzzles written out. Default: standard input.
    #[arg(value_name = "FILE|PUZZLE|-")]
    inputs: Vec<OsString>,

    /// Print the number of solutions, counted up to --limit (written `N+` once the limit is reached), instead of the
    /// solution.
    #[arg(long)]
    count: bool,

    /// Stop the search after N solutions. The default, 2, proves a solution unique; 1 gives the first solution
    /// found without checking that it is the only one; more counts further.
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = crate::at_least_one::<u64>)]
    limit: u64,

    /// Output format: `text` (one line per puzzle) or `json` (JSON Lines: one object per puzzle with `puzzle`,
    /// `solution`, `solutions`, `limit_reached`, `error`, `source` and `line`; fields that do not apply are null).
    #[arg(long, value_name = "FORMAT", value_enum, default_value_t = Format::Text)]
    format: Format,

    /// Worker threads solving in parallel. Default: one per core.
    #[arg(long, value_name = "N", value_parser = crate::at_least_one::<usize>)]
    threads: Option<usize>,
}

/// Runs `shudu solve`.
pub fn run(args: &SolveArgs) -> Status {
    let writer = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut out = Output::new(writer, args.format, args.count, args.limit);
    let plan = Plan {
        chunk: CHUNK,
        threads: args.threads,
    };
    batch::run(&args.inputs, &plan, |item| answer(&item.content, args.limit), &mut out)
}

fn answer(content: &Content, limit: u64) -> Answer {
    match content.decode() {
        Ok(Some(puzzle)) => {
            let outcome = search::search(&puzzle, limit);
            Answer {
                puzzle: Some(puzzle),
                result: Ok(Solutions {
                    count: outcome.count,
                    solution: outcome.solution,
                }),
            }
        }
        Ok(None) => Answer {
            puzzle: None,
            result: Ok(Solutions {
                count: 0,
                solution: None,
            }),
        },
        Err(message) => Answer {
            puzzle: None,
            result: Err(message),
        },
    }
}
