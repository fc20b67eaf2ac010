//! Statistics per level, worked out from the player's games (the games are the record; nothing is counted twice).

use serde::Serialize;
use shudu::logic::Level;

use crate::daily::Date;
use crate::store::Played;

/// The figures of one level.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct LevelStats {
    /// `Easy` … `Extreme`, or `Custom` for puzzles the players brought.
    pub level: String,
    /// Games started.
    pub played: u32,
    /// Games solved.
    pub solved: u32,
    /// The fastest solve.
    pub best_ms: Option<i64>,
    /// The mean solve time.
    pub average_ms: Option<i64>,
    /// The latest games solved in a row (a game still in progress does not break it; one left for a newer does).
    pub streak: u32,
    /// The longest such run.
    pub best_streak: u32,
}

/// A player's statistics.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Stats {
    /// One entry a level, Easy first, then Custom.
    pub levels: Vec<LevelStats>,
    /// Daily puzzles solved on consecutive dates, up to today or yesterday.
    pub daily_streak: u32,
}

/// The statistics of `games` (oldest first).
pub fn of(games: &[Played], today: Date) -> Stats {
    let mut names: Vec<String> = Level::ALL.iter().map(|l| l.name().to_string()).collect();
    names.push("Custom".to_string());
    let levels = names
        .into_iter()
        .map(|name| {
            let mine: Vec<&Played> = games
                .iter()
                .filter(|g| g.level.as_deref().unwrap_or("Custom") == name)
                .collect();
            level_stats(name, &mine)
        })
        .collect();
    Stats {
        levels,
        daily_streak: daily_streak(games, today),
    }
}

fn level_stats(level: String, games: &[&Played]) -> LevelStats {
    let times: Vec<i64> = games.iter().filter(|g| g.solved).map(|g| g.elapsed_ms).collect();
    let solved = times.len() as u32;
    // The newest game, still being played, has not broken anything yet.
    let settled = match games.last() {
        Some(g) if !g.solved => &games[..games.len() - 1],
        _ => games,
    };
    let streak = settled.iter().rev().take_while(|g| g.solved).count() as u32;
    let mut best_streak = 0;
    let mut run = 0;
    for g in settled {
        run = if g.solved { run + 1 } else { 0 };
        best_streak = best_streak.max(run);
    }
    LevelStats {
        level,
        played: games.len() as u32,
        solved,
        best_ms: times.iter().copied().min(),
        average_ms: (solved > 0).then(|| times.iter().sum::<i64>() / i64::from(solved)),
        streak,
        best_streak,
    }
}

fn daily_streak(games: &[Played], today: Date) -> u32 {
    let mut days: Vec<i64> = games
        .iter()
        .filter(|g| g.solved)
        .filter_map(|g| g.daily.as_deref().and_then(Date::parse))
        .map(Date::days)
        .collect();
    days.sort_unstable();
    days.dedup();
    let Some(&last) = days.last() else { return 0 };
    if last < today.days() - 1 {
        return 0;
    }
    let mut streak = 1;
    for pair in days.windows(2).rev() {
        if pair[1] - pair[0] != 1 {
            break;
        }
        streak += 1;
    }
    streak
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(level: &str, solved: bool, ms: i64) -> Played {
        Played {
            level: Some(level.to_string()),
            solved,
            elapsed_ms: ms,
            daily: None,
        }
    }

    #[test]
    fn streaks_best_and_average() {
        let games = vec![
            game("Easy", true, 300),
            game("Easy", true, 100),
            game("Easy", false, 50),
            game("Easy", true, 200),
            game("Easy", true, 400),
            game("Easy", false, 10),
            game("Hard", true, 900),
        ];
        let s = of(&games, Date::parse("2026-11-25").unwrap());
        let easy = &s.levels[0];
        assert_eq!((easy.played, easy.solved), (6, 4));
        assert_eq!(easy.best_ms, Some(100));
        assert_eq!(easy.average_ms, Some(250));
        assert_eq!(easy.streak, 2, "the last game is still in progress");
        assert_eq!(easy.best_streak, 2);
        assert_eq!(s.levels[2].solved, 1);
        assert_eq!(s.levels[5].level, "Custom");
        assert_eq!(s.levels[5].played, 0);
    }

    #[test]
    fn the_daily_streak_counts_consecutive_dates_up_to_yesterday() {
        let daily = |date: &str, solved: bool| Played {
            level: Some("Easy".into()),
            solved,
            elapsed_ms: 1,
            daily: Some(date.into()),
        };
        let today = Date::parse("2026-11-25").unwrap();
        let games = vec![
            daily("2026-11-21", true),
            daily("2026-11-23", true),
            daily("2026-11-24", true),
        ];
        assert_eq!(of(&games, today).daily_streak, 2);
        let games = vec![daily("2026-11-22", true), daily("2026-11-23", true)];
        assert_eq!(of(&games, today).daily_streak, 0, "nothing solved today or yesterday");
        assert_eq!(of(&[daily("2026-11-25", false)], today).daily_streak, 0);
    }
}
