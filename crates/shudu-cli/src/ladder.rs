//! The options of the commands that run the human-style solver: the ladder of techniques (`--techniques`) and the
//! language of explanations (`--lang`).

use clap::{Args, ValueEnum};
use shudu::logic::{Lang, Solver, Technique};

use crate::output::warn;

/// The language of explanations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LangArg {
    /// English, in HoDoKu's notation.
    En,
    /// Chinese.
    Zh,
}

impl From<LangArg> for Lang {
    fn from(lang: LangArg) -> Lang {
        match lang {
            LangArg::En => Lang::En,
            LangArg::Zh => Lang::Zh,
        }
    }
}

pub const TECHNIQUES_HELP: &str = "\
The techniques the solver may use, comma-separated, by argument name or English name (`n2`, `naked-pair`, `Naked \
Pair`). A plain list is the whole ladder, tried in the order given: `fh,n1,h1,lc1,n2`. Entries starting with `+` or \
`-` change the default ladder instead, each technique keeping its place in it: `-n4,-h4` or `+bf5`. \
Default: every technique that is on by default, easiest first (see TECHNIQUES.md).";

#[derive(Args, Debug, Clone)]
pub struct LadderArgs {
    /// Language of explanations.
    #[arg(long, value_name = "LANG", value_enum, default_value_t = LangArg::En)]
    pub lang: LangArg,

    #[arg(long, value_name = "LIST", value_parser = parse_ladder, allow_hyphen_values = true, help = TECHNIQUES_HELP)]
    pub techniques: Option<Ladder>,

    #[arg(long, value_name = "N", value_parser = crate::at_least_one::<u64>, help = MAX_STEPS_HELP)]
    pub max_steps: Option<u64>,
}

pub const MAX_STEPS_HELP: &str = "\
Bound each forcing-chain and forcing-net search to N steps (nets derived), so that an answer on any board comes in a \
known time. A search that runs out finds nothing and the ladder goes on (Brute Force, its last rung, then places a \
digit and is named as such). Default: no bound.";

impl LadderArgs {
    pub fn lang(&self) -> Lang {
        self.lang.into()
    }

    /// The solver to run, after a note on standard error about any named technique that has no finder yet (the
    /// solver skips those, and a user who asked for one should know).
    pub fn solver(&self) -> Solver {
        let mut solver = self.ladder_solver();
        solver.set_budget(self.max_steps);
        solver
    }

    fn ladder_solver(&self) -> Solver {
        match &self.techniques {
            None => Solver::new(),
            Some(ladder) => {
                for t in ladder.named.iter().filter(|t| !t.is_implemented()) {
                    warn(format_args!(
                        "shudu: note: {t} ({}) has no finder yet; the solver skips it",
                        t.info().arg
                    ));
                }
                ladder.solver.clone()
            }
        }
    }
}

/// A ladder given with `--techniques`.
#[derive(Clone, Debug)]
pub struct Ladder {
    solver: Solver,
    /// The techniques the user added, to warn about those without a finder.
    named: Vec<Technique>,
}

/// Reads a `--techniques` list.
pub fn parse_ladder(text: &str) -> Result<Ladder, String> {
    let entries: Vec<&str> = text.split(',').map(str::trim).filter(|e| !e.is_empty()).collect();
    if entries.is_empty() {
        return Err("no technique given".to_string());
    }
    let changes = entries.iter().filter(|e| e.starts_with(['+', '-'])).count();
    if changes != 0 && changes != entries.len() {
        return Err(
            "either list the whole ladder (`fh,n1,h1`) or change the default one (`+bf5,-n4`), not both".to_string(),
        );
    }
    let mut named = Vec::new();
    let solver = if changes == 0 {
        let mut ladder: Vec<Technique> = Vec::new();
        for entry in entries {
            let t = technique(entry)?;
            if !ladder.contains(&t) {
                ladder.push(t);
                named.push(t);
            }
        }
        Solver::with_ladder(&ladder)
    } else {
        let mut solver = Solver::new();
        for entry in entries {
            let (on, name) = match entry.strip_prefix('+') {
                Some(name) => (true, name),
                None => (false, &entry[1..]),
            };
            let t = technique(name)?;
            solver.set(t, on);
            if on {
                named.push(t);
            }
        }
        solver
    };
    if solver.ladder().is_empty() {
        return Err("the ladder is empty: no technique is left".to_string());
    }
    Ok(Ladder { solver, named })
}

fn technique(name: &str) -> Result<Technique, String> {
    Technique::from_arg(name).ok_or_else(|| {
        let valid: Vec<&str> = Technique::ALL.iter().map(|t| t.info().arg).collect();
        format!(
            "unknown technique '{name}'; valid arguments (English names work too): {}",
            valid.join(", ")
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ladder(text: &str) -> Vec<Technique> {
        parse_ladder(text).expect("a valid list").solver.ladder().to_vec()
    }

    #[test]
    fn a_plain_list_is_the_whole_ladder_in_order() {
        use Technique as T;
        assert_eq!(
            ladder("fh,n1,h1,lc1,n2"),
            [
                T::FullHouse,
                T::NakedSingle,
                T::HiddenSingle,
                T::LockedCandidatesPointing,
                T::NakedPair
            ]
        );
        assert_eq!(
            ladder("Hidden Single, naked-single,h1"),
            [T::HiddenSingle, T::NakedSingle]
        );
    }

    #[test]
    fn changes_start_from_the_default_ladder() {
        let default = Solver::new().ladder().to_vec();
        let fewer = ladder("-n4,-h4");
        assert_eq!(fewer.len(), default.len() - 2);
        assert!(!fewer.contains(&Technique::NakedQuadruple));
        let more = ladder("+bf5");
        let at = more.iter().position(|&t| t == Technique::Squirmbag).expect("added");
        assert_eq!(more[at - 1], Technique::Jellyfish);
    }

    #[test]
    fn bad_lists_say_what_is_wrong() {
        let err = |text: &str| parse_ladder(text).expect_err("an invalid list");
        assert!(err("fh,bogus").contains("unknown technique 'bogus'; valid arguments"));
        assert!(err("fh,bogus").contains("fh, n1, h1"));
        assert!(err("fh,-n1").contains("not both"));
        assert!(err(" , ").contains("no technique"));
    }
}
