//! The daily puzzle: one a date (UTC), the same for every player and every server, because its seed and level
//! follow from the date alone and the generator makes the same puzzle from the same seed on any machine. The
//! week climbs like a newspaper's: Monday Easy, Sunday Extreme.

use shudu::logic::Level;

/// A calendar date (proleptic Gregorian).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Date {
    /// The year.
    pub year: i32,
    /// The month, 1..=12.
    pub month: u32,
    /// The day, 1..=31.
    pub day: u32,
}

impl Date {
    /// The date `days` after 1970-01-01 (Howard Hinnant's civil-from-days).
    pub fn from_days(days: i64) -> Date {
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let year = (yoe + era * 400 + i64::from(month <= 2)) as i32;
        Date { year, month, day }
    }

    /// Days since 1970-01-01 (the inverse of [`Date::from_days`]).
    pub fn days(self) -> i64 {
        let y = i64::from(self.year) - i64::from(self.month <= 2);
        let era = y.div_euclid(400);
        let yoe = y.rem_euclid(400);
        let m = i64::from(self.month);
        let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(self.day) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    /// Today, in UTC.
    pub fn today() -> Date {
        Date::from_days(crate::store::now_ms().div_euclid(86_400_000))
    }

    /// Reads `YYYY-MM-DD`, refusing dates that do not exist.
    pub fn parse(text: &str) -> Option<Date> {
        let mut parts = text.split('-');
        let (y, m, d) = (parts.next()?, parts.next()?, parts.next()?);
        if parts.next().is_some() || y.len() != 4 || m.len() != 2 || d.len() != 2 {
            return None;
        }
        let date = Date {
            year: y.parse().ok()?,
            month: m.parse().ok()?,
            day: d.parse().ok()?,
        };
        (Date::from_days(date.days()) == date).then_some(date)
    }

    /// 0 for Monday … 6 for Sunday.
    pub fn weekday(self) -> u32 {
        // 1970-01-01 was a Thursday.
        (self.days() + 3).rem_euclid(7) as u32
    }

    /// The level of this date's puzzle.
    pub fn level(self) -> Level {
        [
            Level::Easy,
            Level::Medium,
            Level::Medium,
            Level::Hard,
            Level::Hard,
            Level::Unfair,
            Level::Extreme,
        ][self.weekday() as usize]
    }

    /// The generator's seed for this date's puzzle: the date's digits mixed (FNV-1a, then a final avalanche) so
    /// that neighbouring dates give unrelated seeds.
    pub fn seed(self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in format!("shudu daily {self}").bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^= h >> 33;
        // Below 2^53, so the page's numbers (doubles) hold it exactly.
        h >> 11
    }
}

impl std::fmt::Display for Date {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_round_trip_and_know_their_weekday() {
        for days in (-800_000..800_000).step_by(997) {
            assert_eq!(Date::from_days(days).days(), days);
        }
        let d = Date::parse("2026-11-25").unwrap();
        assert_eq!(d.to_string(), "2026-11-25");
        assert_eq!(d.weekday(), 2, "a Wednesday");
        assert_eq!(Date::parse("2024-02-29").map(|d| d.weekday()), Some(3));
        assert_eq!(Date::parse("2023-02-29"), None);
        assert_eq!(Date::parse("2026-13-01"), None);
        assert_eq!(Date::parse("26-11-25"), None);
        assert_eq!(Date::from_days(0).to_string(), "1970-01-01");
    }

    #[test]
    fn each_date_has_its_own_seed_and_a_level_by_weekday() {
        let monday = Date::parse("2026-11-23").unwrap();
        let sunday = Date::parse("2026-11-29").unwrap();
        assert_eq!(monday.level(), Level::Easy);
        assert_eq!(sunday.level(), Level::Extreme);
        assert_ne!(monday.seed(), sunday.seed());
        assert_eq!(monday.seed(), Date::parse("2026-11-23").unwrap().seed());
        assert!(monday.seed() < 1 << 53);
    }
}
