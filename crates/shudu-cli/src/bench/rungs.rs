//! `--by-technique` for `shudu bench --explain` and `--rate`: where a ladder's time goes, rung by rung.
//!
//! One extra pass after the timed runs, with a listener that clocks each attempt (from the solver's announcing a
//! technique to its next announcement or step): so the timed figures above it stay free of the clock's cost, and
//! the breakdown says which finders to make faster. A rung's attempts that find nothing cost as much as those that
//! find a step, and on hard puzzles they are most of them.

use std::io::{self, Write};
use std::time::{Duration, Instant};

use shudu::logic::{Listener, Solver, Step, Technique};
use shudu::Grid;

/// Time, attempts and steps of one technique.
#[derive(Clone, Copy, Default)]
struct Rung {
    spent: Duration,
    tries: u64,
    steps: u64,
}

/// Clocks every attempt of a solve.
struct Clock {
    current: Option<(Technique, Instant)>,
    rungs: Vec<(Technique, Rung)>,
}

impl Clock {
    fn close(&mut self, found: bool) {
        if let Some((technique, since)) = self.current.take() {
            let spent = since.elapsed();
            let rung = match self.rungs.iter_mut().find(|(t, _)| *t == technique) {
                Some((_, rung)) => rung,
                None => {
                    self.rungs.push((technique, Rung::default()));
                    &mut self.rungs.last_mut().expect("just pushed").1
                }
            };
            rung.spent += spent;
            rung.tries += 1;
            rung.steps += u64::from(found);
        }
    }
}

impl Listener for Clock {
    fn on_attempt(&mut self, technique: Technique) {
        self.close(false);
        self.current = Some((technique, Instant::now()));
    }

    fn on_step(&mut self, _step: &Step, _grid: &Grid) {
        self.close(true);
    }
}

/// Solves every grid once with `solver`, clocking each attempt, and writes the rungs that took at least 0.5 % of
/// the time, the costliest first.
pub fn report(out: &mut impl Write, solver: &Solver, grids: &[Grid]) -> io::Result<()> {
    let mut clock = Clock {
        current: None,
        rungs: Vec::new(),
    };
    let start = Instant::now();
    for g in grids {
        solver.solve(g, &mut clock);
        clock.close(false);
    }
    let total = start.elapsed().as_secs_f64();
    let mut rungs = clock.rungs;
    rungs.sort_by_key(|r| core::cmp::Reverse(r.1.spent));
    writeln!(
        out,
        "  by technique (one more pass, clocked: {:.1} ms): time, share, attempts, steps, µs an attempt",
        total * 1e3
    )?;
    let mut rest = 0.0;
    let mut clocked = 0.0;
    for (technique, rung) in &rungs {
        let spent = rung.spent.as_secs_f64();
        clocked += spent;
        if spent < total * 0.005 {
            rest += spent;
            continue;
        }
        writeln!(
            out,
            "    {:<36} {:>9.1} ms {:>5.1} % {:>8} {:>7} {:>9.1}",
            technique.info().name,
            spent * 1e3,
            spent / total * 100.0,
            rung.tries,
            rung.steps,
            spent * 1e6 / rung.tries as f64
        )?;
    }
    writeln!(
        out,
        "    {:<36} {:>9.1} ms {:>5.1} %",
        "the other techniques",
        rest * 1e3,
        rest / total * 100.0
    )?;
    // Applying steps, the singles' queue, the clock itself: what no attempt's clock covers.
    let outside = (total - clocked).max(0.0);
    writeln!(
        out,
        "    {:<36} {:>9.1} ms {:>5.1} %",
        "between attempts",
        outside * 1e3,
        outside / total * 100.0
    )?;
    Ok(())
}
