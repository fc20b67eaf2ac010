//! `shudu canon`: the canonical (minlex) form of every puzzle of a batch, one a line, on every core, in input order;
//! or, with --classes, how many classes the batch holds.

use std::collections::HashSet;
use std::ffi::OsString;
use std::io::{self, BufWriter, Write};

use clap::Args;
use shudu::canon;

use crate::batch::{self, Plan, Sink};
use crate::input::Item;
use crate::output::{report, write_error, Format};
use crate::Status;

/// Puzzles handled together: a form takes microseconds, so large chunks keep every core busy.
const CHUNK: usize = 8192;

pub const LONG_ABOUT: &str = "\
Print the canonical form of each puzzle (or full grid): one line per puzzle, in input order.

The form is the minlex representative of the puzzle's class under the whole symmetry group of Sudoku \
(transposition, band and stack permutations, row and column permutations within them: 3,359,232 maps) and every \
relabelling of the digits, in the convention of the forum's minlex lists: blanks written 0, the lexicographically \
smallest 81-character string. Two puzzles are equivalent (isomorphic) exactly when their forms are equal.

Inputs are read as by `shudu solve`: each argument is a file, `-` for standard input, or a puzzle written out; with \
no argument, standard input. Blank lines and lines starting with `#` are skipped.

--classes prints, instead of the forms, the number of puzzles read and the number of classes among them (the \
forms are kept in memory, 81 bytes a class).";

pub const AFTER_HELP: &str = "\
A bad line is reported on standard error as `<file>:<line>: <reason>`, gives `error` in its place, and the run \
goes on.

Exit status: 0 when every input was handled, 1 when some line, argument or file was bad or unreadable, 2 on a \
usage error.

Examples:
  shudu canon puzzles.txt > forms.txt
  shudu canon --classes puzzles.txt
  shudu canon 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

#[derive(Args, Debug)]
pub struct CanonArgs {
    /// Puzzle files (one puzzle per line), `-` for standard input, or puzzles written out. Default: standard input.
    #[arg(value_name = "FILE|PUZZLE|-")]
    inputs: Vec<OsString>,

    /// Count the classes instead of printing the forms: `<puzzles> puzzles, <classes> classes`.
    #[arg(long)]
    classes: bool,

    /// Worker threads. Default: one per core.
    #[arg(long, value_name = "N", value_parser = crate::at_least_one::<usize>)]
    threads: Option<usize>,
}

/// The form of one line, or what is wrong with it.
type Answer = Result<[u8; 81], String>;

/// Runs `shudu canon`.
pub fn run(args: &CanonArgs) -> Status {
    let mut out = CanonOutput {
        out: BufWriter::with_capacity(1 << 16, io::stdout().lock()),
        classes: args.classes.then(HashSet::new),
        puzzles: 0,
        status: Status::Ok,
    };
    let plan = Plan {
        chunk: CHUNK,
        threads: args.threads,
    };
    let status = batch::run(&args.inputs, &plan, answer, &mut out);
    let Some(classes) = &out.classes else {
        return status;
    };
    let written =
        writeln!(out.out, "{} puzzles, {} classes", out.puzzles, classes.len()).and_then(|()| out.out.flush());
    match written {
        Ok(()) => status,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => status,
        Err(e) => {
            crate::output::warn(format_args!("shudu: cannot write the output: {e}"));
            Status::Failed
        }
    }
}

fn answer(item: &Item) -> Answer {
    match item.content.decode()? {
        Some(values) => Ok(canon::canonical(&values)),
        None => Err("two equal givens in a house".to_string()),
    }
}

/// The forum's convention: digits, `0` for a blank.
pub fn zero_line(values: &[u8; 81]) -> String {
    values.iter().map(|&v| char::from(b'0' + v.min(9))).collect()
}

struct CanonOutput<W: Write> {
    out: W,
    /// The classes seen, when counting them.
    classes: Option<HashSet<[u8; 81]>>,
    puzzles: u64,
    status: Status,
}

impl<W: Write> Sink<Answer> for CanonOutput<W> {
    fn write(&mut self, item: &Item, answer: &Answer) -> io::Result<()> {
        match answer {
            Ok(form) => {
                self.puzzles += 1;
                match &mut self.classes {
                    Some(classes) => {
                        classes.insert(*form);
                        Ok(())
                    }
                    None => writeln!(self.out, "{}", zero_line(form)),
                }
            }
            Err(message) => {
                self.status = Status::Failed;
                report(item, message);
                if self.classes.is_some() {
                    return Ok(());
                }
                write_error(&mut self.out, Format::Text, message, &item.source, item.line)
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
