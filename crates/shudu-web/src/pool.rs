//! The pool of fresh puzzles: a background task keeps a few puzzles of every level made ahead, so a new game
//! starts at once. It works only when the engine has a free place, so players' hints always come first.

use std::sync::Arc;
use std::time::Duration;

use shudu::logic::Level;

use crate::App;

/// Keeps every level's pool at `target` puzzles until the server stops.
pub async fn fill(app: Arc<App>, target: usize) {
    if target == 0 {
        return;
    }
    loop {
        let mut made_any = false;
        for level in Level::ALL {
            let store = app.store.clone();
            let count = tokio::task::spawn_blocking(move || store.pool_count(level)).await;
            let Ok(Ok(count)) = count else {
                // The database is unwell; the requests that meet it report it. Try again later.
                continue;
            };
            if count >= target {
                continue;
            }
            let Ok(seed) = crate::api::random_seed() else { continue };
            let store = app.store.clone();
            let done = app
                .engine
                .run_idle(move || -> bool {
                    let options = shudu::generate::Options {
                        level: Some(level),
                        ..shudu::generate::Options::default()
                    };
                    match shudu::generate::generate(&options, seed) {
                        Ok(g) => store
                            .pool_add(&crate::store::Made {
                                puzzle: g.puzzle,
                                solution: g.solution,
                                seed: g.seed,
                                level,
                            })
                            .is_ok(),
                        Err(_) => false,
                    }
                })
                .await;
            made_any |= done == Some(true);
        }
        let pause = if made_any {
            Duration::from_millis(20)
        } else {
            Duration::from_secs(1)
        };
        tokio::time::sleep(pause).await;
    }
}
