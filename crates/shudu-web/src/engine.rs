//! Engine work (hints, generation, checking a pasted puzzle, explanations) runs on Tokio's blocking pool, a few
//! jobs at a time: a request waits for a free place a short while and is then told the server is busy, so a burst
//! of hard hints can never starve the moves, which need no engine.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Semaphore;

use crate::error::ApiError;

/// The gate in front of the engine.
#[derive(Clone)]
pub struct Engine {
    permits: Arc<Semaphore>,
    wait: Duration,
}

impl Engine {
    /// At most `jobs` engine jobs at once; a request waits at most `wait` for its turn.
    pub fn new(jobs: usize, wait: Duration) -> Engine {
        Engine {
            permits: Arc::new(Semaphore::new(jobs.max(1))),
            wait,
        }
    }

    /// Runs `job` when a place is free. A panic in the job is an error answer, not a crash.
    pub async fn run<T: Send + 'static>(&self, job: impl FnOnce() -> T + Send + 'static) -> Result<T, ApiError> {
        let permit = tokio::time::timeout(self.wait, self.permits.clone().acquire_owned())
            .await
            .map_err(|_| ApiError::busy())?
            .map_err(|_| ApiError::busy())?;
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            job()
        })
        .await
        .map_err(|e| {
            ApiError::new(
                axum::http::StatusCode::INTERNAL_SERVER_ERROR,
                "internal",
                format!("the engine failed: {e}"),
            )
        })
    }

    /// Runs `job` only if a place is free now: for background work (filling the pool), which must yield to
    /// players. `None` when the engine is busy.
    pub async fn run_idle<T: Send + 'static>(&self, job: impl FnOnce() -> T + Send + 'static) -> Option<T> {
        let permit = self.permits.clone().try_acquire_owned().ok()?;
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            job()
        })
        .await
        .ok()
    }
}

/// Runs short database work on the blocking pool (SQLite calls block), turning a panic into an error answer.
pub async fn blocking<T: Send + 'static>(
    job: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(job).await.map_err(|e| {
        ApiError::new(
            axum::http::StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            format!("the server failed: {e}"),
        )
    })?
}
