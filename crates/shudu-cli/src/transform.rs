//! `shudu transform --random`: a random isomorph of every puzzle of a batch (a random map of the symmetry group and
//! a random relabelling of the digits), reproducible from a seed.

use std::ffi::OsString;
use std::io::{self, BufWriter, Write};

use clap::Args;
use shudu::canon::Transform;
use shudu::format;
use shudu::generate::Rng;

use crate::batch::{self, Plan, Sink};
use crate::input::{Givens, Item};
use crate::output::{report, write_error, Format};
use crate::Status;

pub const LONG_ABOUT: &str = "\
Write a random isomorph of each puzzle: the puzzle under a map of the symmetry group (transposition, band and \
stack permutations, row and column permutations within them) drawn at random, with the digits relabelled at random. \
The isomorph is a different-looking puzzle of the same class: the same canonical form (`shudu canon`), the same \
solution count, the same solving path up to the relabelling, the same grading. It is the inverse tool of `shudu \
canon`, for tests and for hiding where a puzzle came from.

The maps are drawn in input order from one generator seeded with --seed, so the same seed and the same input give \
the same output. Inputs are read as by `shudu solve`; each line gives one line, `.` for blanks.";

pub const AFTER_HELP: &str = "\
A bad line is reported on standard error as `<file>:<line>: <reason>`, gives `error` in its place, and the run \
goes on.

Exit status: 0 when every input was handled, 1 when some line, argument or file was bad or unreadable, 2 on a \
usage error.

Examples:
  shudu transform --random --seed 7 puzzles.txt > hidden.txt
  shudu transform --random --seed 7 puzzles.txt | shudu canon";

#[derive(Args, Debug)]
pub struct TransformArgs {
    /// Puzzle files (one puzzle per line), `-` for standard input, or puzzles written out. Default: standard input.
    #[arg(value_name = "FILE|PUZZLE|-")]
    inputs: Vec<OsString>,

    /// A random map of the group and a random relabelling for each puzzle (the only transform so far).
    #[arg(long, required = true)]
    random: bool,

    /// The seed of the maps. Default: from the clock.
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
}

/// Runs `shudu transform`.
pub fn run(args: &TransformArgs) -> Status {
    let seed = args.seed.unwrap_or_else(crate::generate::clock_seed);
    let mut out = TransformOutput {
        out: BufWriter::with_capacity(1 << 16, io::stdout().lock()),
        rng: Rng::new(seed),
        status: Status::Ok,
    };
    let plan = Plan {
        chunk: 4096,
        threads: Some(1),
    };
    batch::run(&args.inputs, &plan, |item| item.content.decode(), &mut out)
}

struct TransformOutput<W: Write> {
    out: W,
    /// One map drawn per puzzle, in input order, so the output does not depend on how the batch was cut.
    rng: Rng,
    status: Status,
}

impl<W: Write> Sink<Result<Givens, String>> for TransformOutput<W> {
    fn write(&mut self, item: &Item, answer: &Result<Givens, String>) -> io::Result<()> {
        let message = match answer {
            Ok(Some(values)) => {
                let moved = Transform::random(&mut self.rng).apply(values);
                return writeln!(self.out, "{}", format::to_line(&moved));
            }
            Ok(None) => "two equal givens in a house".to_string(),
            Err(message) => message.clone(),
        };
        self.status = Status::Failed;
        report(item, &message);
        write_error(&mut self.out, Format::Text, &message, &item.source, item.line)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    fn status(&self) -> Status {
        self.status
    }
}
