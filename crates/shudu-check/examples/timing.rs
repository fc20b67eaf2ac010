use shudu::logic::{Silent, Solver};
use shudu::{format, Grid};
use std::time::Instant;
fn main() {
    for p in std::env::args().skip(1) {
        let v = format::parse_line(&p).expect("line");
        let g = Grid::from_values(&v).expect("grid");
        let t = Instant::now();
        let r = Solver::new().solve(&g, &mut Silent);
        println!(
            "{:?} steps {} outcome {:?} hardest {:?}",
            t.elapsed(),
            r.steps.len(),
            r.outcome,
            r.hardest()
        );
    }
}
