//! `shudu draw`: a board as a picture, SVG or PNG.

use std::ffi::OsString;

use clap::Args;
use shudu_draw::{svg, Board, Options};

use crate::hint::{read_board, Failure};
use crate::ladder::LangArg;
use crate::output::warn;
use crate::picture::{encode, parse_target, write_target, PictureArgs, Target};
use crate::Status;

pub const LONG_ABOUT: &str = "\
Draw a board as a picture: SVG, or PNG drawn from the same SVG with the fonts shipped in shudu (the same pixels on \
every machine).

The input is one puzzle or one player's state, in any format the engine reads (an 81-character line, a 9-line \
grid, a pencil-mark grid, a HoDoKu library line), as an argument, a file holding it, or standard input (`-`, or no \
argument). Givens are drawn bold, a player's digits (a library line's `+` digits) in another colour, candidates \
small; with --candidates every candidate of the empty cells is drawn (a pencil-mark grid's own, or what the \
digits leave).

The output's extension gives its format: `-o board.svg`, `-o board.png`. Without -o, the SVG goes to standard \
output. To draw a step on the board, use `shudu hint --picture` or `shudu explain --pictures`.";

pub const AFTER_HELP: &str = "\
Exit status: 0 when the picture was written, 1 when the input could not be read or the output could not be \
written (said on standard error), 2 on a usage error (an unknown theme, a size out of range, an output that is \
neither .svg nor .png).

Examples:
  shudu draw 006800005080200007050347200000000013003009000800000500000060080000403000700100020 -o puzzle.svg
  shudu draw --candidates --theme dark --size 1080 state.txt -o state.png";

#[derive(Args, Debug)]
pub struct DrawArgs {
    /// The puzzle or state, a file holding it, or `-` for standard input. Default: standard input.
    #[arg(value_name = "PUZZLE|FILE")]
    input: Option<OsString>,

    /// The picture to write, `.svg` or `.png`; `-` for an SVG on standard output (the default).
    #[arg(short = 'o', long = "output", value_name = "FILE", value_parser = parse_target)]
    output: Option<Target>,

    /// Draw every candidate of the empty cells.
    #[arg(long)]
    candidates: bool,

    #[command(flatten)]
    picture: PictureArgs,

    /// The language of the picture's title and description (for screen readers).
    #[arg(long, value_name = "LANG", value_enum, default_value_t = LangArg::En)]
    lang: LangArg,
}

/// Runs `shudu draw`.
pub fn run(args: &DrawArgs) -> Status {
    let (_, grid) = match read_board(args.input.as_deref(), "argument 1") {
        Ok(read) => read,
        Err(Failure { source, message }) => {
            warn(format_args!("shudu: {source}: {message}"));
            return Status::Failed;
        }
    };
    let target = args.output.clone().unwrap_or(Target {
        path: None,
        kind: crate::picture::Kind::Svg,
    });
    let options = Options {
        theme: args.picture.theme,
        lang: args.lang.into(),
        candidates: args.candidates,
        width: args.picture.size.filter(|_| target.kind == crate::picture::Kind::Svg),
        ..Options::default()
    };
    let picture = svg(&Board::from_grid(&grid), None, &options);
    let written = encode(picture, target.kind, args.picture.size).and_then(|bytes| write_target(&target, &bytes));
    match written {
        Ok(()) => Status::Ok,
        Err(message) => {
            warn(format_args!("shudu: {message}"));
            Status::Failed
        }
    }
}
