//! A rate limit per client: a token bucket per player (by their signed cookie) or, for requests without one, per
//! address, with a smaller bucket, since every new player is a row in the database.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Instant;

/// A bucket's size and how fast it fills.
#[derive(Clone, Copy, Debug)]
pub struct Rate {
    /// Requests allowed at once.
    pub burst: f64,
    /// Requests a second, sustained.
    pub per_second: f64,
}

/// The limits for players and for requests without a player.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// A player's bucket.
    pub player: Rate,
    /// An address's bucket for requests that carry no valid cookie.
    pub anonymous: Rate,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            // A person makes a few moves a second at the most, but a quick player typing through the last singles
            // of a puzzle makes a few dozen in a burst; a script making more than 50 a second is no person.
            player: Rate {
                burst: 300.0,
                per_second: 50.0,
            },
            anonymous: Rate {
                burst: 100.0,
                per_second: 2.0,
            },
        }
    }
}

struct Bucket {
    tokens: f64,
    at: Instant,
}

/// The buckets.
pub struct Limiter {
    limits: Limits,
    buckets: Mutex<HashMap<String, Bucket>>,
}

impl Limiter {
    /// Buckets with these limits.
    pub fn new(limits: Limits) -> Limiter {
        Limiter {
            limits,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Takes a token for `key` (a player's id, or an address when `anonymous`). `Err(seconds)` says how long to
    /// wait for the next one.
    pub fn take(&self, key: &str, anonymous: bool) -> Result<(), u64> {
        let rate = if anonymous {
            self.limits.anonymous
        } else {
            self.limits.player
        };
        let now = Instant::now();
        let Ok(mut buckets) = self.buckets.lock() else {
            return Ok(());
        };
        if buckets.len() > 100_000 {
            // Forget the buckets that have filled up again: they would answer the same as new ones.
            buckets.retain(|_, b| b.tokens + now.duration_since(b.at).as_secs_f64() * rate.per_second < rate.burst);
        }
        let bucket = buckets.entry(key.to_string()).or_insert(Bucket {
            tokens: rate.burst,
            at: now,
        });
        bucket.tokens = (bucket.tokens + now.duration_since(bucket.at).as_secs_f64() * rate.per_second).min(rate.burst);
        bucket.at = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            Ok(())
        } else {
            Err(((1.0 - bucket.tokens) / rate.per_second).ceil().max(1.0) as u64)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_allows_its_burst_then_refuses() {
        let limiter = Limiter::new(Limits {
            player: Rate {
                burst: 3.0,
                per_second: 0.5,
            },
            anonymous: Rate {
                burst: 1.0,
                per_second: 0.1,
            },
        });
        for _ in 0..3 {
            assert!(limiter.take("a", false).is_ok());
        }
        assert_eq!(limiter.take("a", false), Err(2));
        assert!(
            limiter.take("b", false).is_ok(),
            "another player has a bucket of their own"
        );
        assert!(limiter.take("127.0.0.1", true).is_ok());
        assert_eq!(limiter.take("127.0.0.1", true), Err(10));
    }
}
