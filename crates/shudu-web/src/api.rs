//! The JSON API's handlers: thin, each reading its request, calling the store or the engine, and answering with
//! a view. API.md is the contract.

use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use serde::Deserialize;
use serde_json::{json, Value};
use shudu::logic::{Lang, Level};
use shudu::{Cell, Digit};
use shudu_game::{Game, NoteKind, PALETTE};

use crate::daily::Date;
use crate::engine::blocking;
use crate::error::{ApiError, JsonBody};
use crate::player::Player;
use crate::settings::Settings;
use crate::store::{level_named, now_ms, Loaded, Made, Meta, Outcome, Refused, Source};
use crate::views::GameView;
use crate::{custom, stats, App};

type Shared = State<Arc<App>>;

/// How far ahead of the server's own clock a page's timer may run between two reports (its clock and ours tick
/// apart, and a request takes time).
const CLOCK_SLACK_MS: u64 = 2_000;

/// At most this many steps in an explanation.
const MAX_EXPLAIN: usize = 200;

fn storage(e: crate::store::StoreError) -> ApiError {
    ApiError::storage(e)
}

/// A game id as the store makes them (16 hex digits); anything else names no game.
fn checked_id(id: &str) -> Result<(), ApiError> {
    if id.len() == 16 && id.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)) {
        Ok(())
    } else {
        Err(ApiError::no_game())
    }
}

/// The player's statistics, read now.
fn stats_of(app: &App, player: &str) -> Result<stats::Stats, ApiError> {
    let played = app.store.played(player).map_err(storage)?;
    Ok(stats::of(&played, Date::today()))
}

/// The view of a game, with the statistics its summary needs once solved.
fn view(app: &App, player: &str, loaded: &Loaded, shown: Option<&shudu_game::HintView>) -> Result<GameView, ApiError> {
    let stats = if loaded.game.is_complete() {
        Some(stats_of(app, player)?)
    } else {
        None
    };
    Ok(GameView::of(loaded, shown, stats.as_ref()))
}

/// Brings the game's timer up to the page's report: the larger of the two, but never more than the wall clock
/// since the last report allows. A solved game's time stands.
fn advance_time(loaded: &mut Loaded, reported: Option<u64>) -> bool {
    let Some(reported) = reported else { return false };
    if loaded.game.is_complete() {
        return false;
    }
    let now = now_ms();
    let have = loaded.game.elapsed_ms();
    let since = u64::try_from(now - loaded.meta.time_at).unwrap_or(0);
    let allowed = have.saturating_add(since).saturating_add(CLOCK_SLACK_MS);
    let new = reported.min(allowed);
    loaded.meta.time_at = now;
    if new > have {
        loaded.game.add_time(new - have);
    }
    true
}

// ------------------------------------------------------------------------------------------------------------------
// The player

/// `GET /api/me`.
pub async fn me(State(app): Shared, Extension(player): Extension<Player>) -> Result<Json<Value>, ApiError> {
    blocking(move || {
        let settings = app.store.settings(&player.0).map_err(storage)?;
        let stats = stats_of(&app, &player.0)?;
        let current = app.store.current(&player.0).map_err(storage)?;
        Ok(Json(
            json!({ "settings": settings, "stats": stats, "current": current }),
        ))
    })
    .await
}

/// `PUT /api/settings`: a partial settings object over the stored one.
pub async fn put_settings(
    State(app): Shared,
    Extension(player): Extension<Player>,
    JsonBody(patch): JsonBody<Value>,
) -> Result<Json<Settings>, ApiError> {
    blocking(move || {
        let settings = app.store.settings(&player.0).map_err(storage)?.patched(&patch)?;
        app.store.put_settings(&player.0, &settings).map_err(storage)?;
        Ok(Json(settings))
    })
    .await
}

/// `GET /api/stats`.
pub async fn get_stats(
    State(app): Shared,
    Extension(player): Extension<Player>,
) -> Result<Json<stats::Stats>, ApiError> {
    blocking(move || stats_of(&app, &player.0).map(Json)).await
}

/// `GET /api/daily`: today's date and level.
pub async fn daily_info() -> Json<Value> {
    let today = Date::today();
    Json(json!({ "date": today.to_string(), "level": today.level().name() }))
}

// ------------------------------------------------------------------------------------------------------------------
// New games

/// The daily request: `true` for today, or a date.
#[derive(Deserialize)]
#[serde(untagged)]
pub enum DailyRequest {
    /// `true`: today.
    Today(bool),
    /// `YYYY-MM-DD`.
    Date(String),
}

/// `POST /api/games`'s body: a level (and seed), a daily puzzle, or the player's own puzzle (and progress).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    level: Option<String>,
    seed: Option<u64>,
    daily: Option<DailyRequest>,
    puzzle: Option<String>,
    values: Option<String>,
    notes: Option<Vec<u16>>,
    corners: Option<Vec<u16>>,
}

fn parse_level(name: &str) -> Result<Level, ApiError> {
    level_named(name).ok_or_else(|| {
        ApiError::bad_request(format!(
            "level: unknown level '{name}' (easy, medium, hard, unfair or extreme)"
        ))
    })
}

fn notes81(name: &str, list: Option<Vec<u16>>) -> Result<[u16; 81], ApiError> {
    let Some(list) = list else { return Ok([0; 81]) };
    let n = list.len();
    let notes: [u16; 81] = list
        .try_into()
        .map_err(|_| ApiError::bad_request(format!("{name}: {n} note sets, expected 81")))?;
    if let Some(i) = notes.iter().position(|&b| b > 0x1ff) {
        return Err(ApiError::bad_request(format!(
            "{name}[{i}]: a note set is 9 bits (at most 511)"
        )));
    }
    Ok(notes)
}

/// Makes the generator's puzzle of `level` and `seed`.
fn make(level: Level, seed: u64) -> Result<Made, ApiError> {
    let options = shudu::generate::Options {
        level: Some(level),
        ..shudu::generate::Options::default()
    };
    let made = shudu::generate::generate(&options, seed).map_err(|e| {
        ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "generate_failed",
            format!("no puzzle could be made: {e}"),
        )
    })?;
    Ok(Made {
        puzzle: made.puzzle,
        solution: made.solution,
        seed: made.seed,
        level,
    })
}

/// A random seed below 2^53, so that the page's numbers hold it exactly.
pub fn random_seed() -> Result<u64, ApiError> {
    let mut raw = [0u8; 8];
    getrandom::fill(&mut raw).map_err(|e| ApiError::storage(format!("no random source: {e}")))?;
    Ok(u64::from_le_bytes(raw) >> 11)
}

/// `POST /api/games`.
pub async fn new_game(
    State(app): Shared,
    Extension(player): Extension<Player>,
    JsonBody(req): JsonBody<NewGame>,
) -> Result<Response, ApiError> {
    let asked = [
        req.level.is_some() || req.seed.is_some(),
        req.daily.is_some(),
        req.puzzle.is_some(),
    ];
    if asked.iter().filter(|&&a| a).count() != 1 {
        return Err(ApiError::bad_request(
            "ask for exactly one of: a level (with a seed or not), a daily puzzle, or a puzzle",
        ));
    }
    if req.puzzle.is_none() && (req.values.is_some() || req.notes.is_some() || req.corners.is_some()) {
        return Err(ApiError::bad_request("values, notes and corners come with a puzzle"));
    }
    let (game, source, daily) = if let Some(text) = req.puzzle {
        let has_progress = req.values.is_some() || req.notes.is_some() || req.corners.is_some();
        let values = match &req.values {
            Some(v) => Some(shudu::format::parse_line(v).map_err(|e| ApiError::bad_request(format!("values: {e}")))?),
            None => None,
        };
        let notes = notes81("notes", req.notes)?;
        let corners = notes81("corners", req.corners)?;
        let game = app
            .engine
            .run(move || -> Result<Game, ApiError> {
                let puzzle = custom::read(&text)?;
                let solution = custom::solve(&puzzle)?;
                let game = Game::with_solution(puzzle, solution, None, None);
                if !has_progress {
                    return Ok(game);
                }
                game.with_progress(&values.unwrap_or(puzzle), &notes, &corners)
                    .map_err(|e| ApiError::bad_request(format!("values: {e}")))
            })
            .await??;
        (game, if has_progress { Source::Share } else { Source::Custom }, None)
    } else if let Some(daily) = req.daily {
        let today = Date::today();
        let date = match daily {
            DailyRequest::Today(true) => today,
            DailyRequest::Today(false) => return Err(ApiError::bad_request("daily: true, or a date YYYY-MM-DD")),
            DailyRequest::Date(text) => Date::parse(&text)
                .ok_or_else(|| ApiError::bad_request(format!("daily: '{text}' is not a date YYYY-MM-DD")))?,
        };
        if date > today {
            return Err(ApiError::bad_request(format!("daily: {date} has not come yet")));
        }
        if date.year < 2000 {
            return Err(ApiError::bad_request("daily: the first daily puzzle is of 2000-01-01"));
        }
        let key = date.to_string();
        let store = app.store.clone();
        let known = blocking({
            let key = key.clone();
            move || store.daily(&key).map_err(storage)
        })
        .await?;
        let made = match known {
            Some(made) => made,
            None => {
                let made = app.engine.run(move || make(date.level(), date.seed())).await??;
                let store = app.store.clone();
                let kept = made.clone();
                let key = key.clone();
                blocking(move || store.put_daily(&key, &kept).map_err(storage)).await?;
                made
            }
        };
        let game = Game::with_solution(made.puzzle, made.solution, Some(made.level), Some(made.seed));
        (game, Source::Daily, Some(key))
    } else {
        let level = parse_level(req.level.as_deref().unwrap_or("easy"))?;
        let made = match req.seed {
            Some(seed) => app.engine.run(move || make(level, seed)).await??,
            None => {
                let store = app.store.clone();
                let pooled = blocking(move || store.pool_take(level).map_err(storage)).await?;
                match pooled {
                    Some(made) => made,
                    None => {
                        let seed = random_seed()?;
                        app.engine.run(move || make(level, seed)).await??
                    }
                }
            }
        };
        let source = if req.seed.is_some() {
            Source::Seed
        } else {
            Source::Level
        };
        (
            Game::with_solution(made.puzzle, made.solution, Some(level), Some(made.seed)),
            source,
            None,
        )
    };
    let id = crate::player::new_id(8).map_err(ApiError::storage)?;
    let now = now_ms();
    let meta = Meta {
        id: id.clone(),
        source,
        daily,
        created: now,
        time_at: now,
    };
    let view = blocking(move || {
        app.store.add_game(&player.0, &meta, &game).map_err(storage)?;
        let loaded = load(&app, &player, &id)?;
        view(&app, &player.0, &loaded, None)
    })
    .await?;
    Ok((StatusCode::CREATED, Json(view)).into_response())
}

// ------------------------------------------------------------------------------------------------------------------
// Playing

/// Loads a game with the player's rules in force.
fn load(app: &App, player: &Player, id: &str) -> Result<Loaded, ApiError> {
    let settings = app.store.settings(&player.0).map_err(storage)?;
    let mut loaded = app
        .store
        .load(&player.0, id)
        .map_err(storage)?
        .ok_or_else(ApiError::no_game)?;
    loaded.game.settings = settings.rules();
    Ok(loaded)
}

/// `GET /api/games`.
pub async fn list_games(State(app): Shared, Extension(player): Extension<Player>) -> Result<Json<Value>, ApiError> {
    blocking(move || {
        let games = app.store.list(&player.0).map_err(storage)?;
        Ok(Json(json!({ "games": games })))
    })
    .await
}

/// `GET /api/games/{id}`.
pub async fn get_game(
    State(app): Shared,
    Extension(player): Extension<Player>,
    Path(id): Path<String>,
) -> Result<Json<GameView>, ApiError> {
    checked_id(&id)?;
    blocking(move || {
        let loaded = load(&app, &player, &id)?;
        view(&app, &player.0, &loaded, None).map(Json)
    })
    .await
}

/// What a move does.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Action {
    /// Place a digit.
    Place,
    /// Toggle a centre note.
    Note,
    /// Toggle a corner note.
    Corner,
    /// Colour cells.
    Color,
    /// Clear cells.
    Clear,
    /// Fill every candidate.
    Fill,
    /// Undo the last move.
    Undo,
    /// Redo the last undone move.
    Redo,
}

/// `POST /api/games/{id}/moves`'s body.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    action: Action,
    #[serde(default)]
    cells: Vec<u8>,
    digit: Option<u8>,
    color: Option<u8>,
    elapsed_ms: Option<u64>,
}

impl MoveRequest {
    fn cells(&self) -> Result<Vec<Cell>, ApiError> {
        if self.cells.is_empty() || self.cells.len() > 81 {
            return Err(ApiError::bad_request("cells: 1 to 81 cells, each 0-80"));
        }
        let mut seen = [false; 81];
        self.cells
            .iter()
            .enumerate()
            .map(|(k, &i)| {
                let cell = Cell::new(usize::from(i))
                    .ok_or_else(|| ApiError::bad_request(format!("cells[{k}]: {i} is not a cell (0-80)")))?;
                if std::mem::replace(&mut seen[cell.index()], true) {
                    return Err(ApiError::bad_request(format!("cells[{k}]: cell {i} appears twice")));
                }
                Ok(cell)
            })
            .collect()
    }

    fn digit(&self) -> Result<Digit, ApiError> {
        let d = self
            .digit
            .ok_or_else(|| ApiError::bad_request("digit: missing (1-9)"))?;
        Digit::new(d).ok_or_else(|| ApiError::bad_request(format!("digit: {d} is not a digit (1-9)")))
    }

    /// Checks the request's fields for its action, before any game is read.
    fn check(&self) -> Result<(), ApiError> {
        match self.action {
            Action::Place | Action::Note | Action::Corner => {
                self.cells()?;
                self.digit()?;
            }
            Action::Color => {
                self.cells()?;
                let c = self
                    .color
                    .ok_or_else(|| ApiError::bad_request("color: missing (0-9)"))?;
                if c > PALETTE {
                    return Err(ApiError::bad_request(format!(
                        "color: {c} is not a colour (0-{PALETTE})"
                    )));
                }
            }
            Action::Clear => {
                self.cells()?;
            }
            Action::Fill | Action::Undo | Action::Redo => {}
        }
        Ok(())
    }

    fn apply(&self, game: &mut Game) -> Result<Outcome, ApiError> {
        let moved = |changed: bool| if changed { Outcome::Moved } else { Outcome::Nothing };
        Ok(match self.action {
            Action::Place => moved(game.place_all(&self.cells()?, self.digit()?)),
            Action::Note => moved(game.toggle_notes(&self.cells()?, self.digit()?, NoteKind::Centre)),
            Action::Corner => moved(game.toggle_notes(&self.cells()?, self.digit()?, NoteKind::Corner)),
            Action::Color => moved(game.set_color(&self.cells()?, self.color.unwrap_or(0))),
            Action::Clear => moved(game.clear_all(&self.cells()?)),
            Action::Fill => moved(game.fill_candidates()),
            Action::Undo => {
                if game.undo() {
                    Outcome::Undone
                } else {
                    Outcome::Nothing
                }
            }
            Action::Redo => {
                if game.redo() {
                    Outcome::Redone
                } else {
                    Outcome::Nothing
                }
            }
        })
    }
}

fn finished() -> ApiError {
    ApiError::new(StatusCode::CONFLICT, "finished", "the game is solved; start a new one")
}

/// `POST /api/games/{id}/moves`.
pub async fn post_move(
    State(app): Shared,
    Extension(player): Extension<Player>,
    Path(id): Path<String>,
    JsonBody(req): JsonBody<MoveRequest>,
) -> Result<Json<GameView>, ApiError> {
    checked_id(&id)?;
    req.check()?;
    blocking(move || {
        let rules = app.store.settings(&player.0).map_err(storage)?.rules();
        let done = app
            .store
            .update(&player.0, &id, None, |loaded| {
                loaded.game.settings = rules;
                if loaded.game.is_complete() {
                    return Err(finished());
                }
                let timed = advance_time(loaded, req.elapsed_ms);
                let outcome = req.apply(&mut loaded.game)?;
                Ok(if outcome == Outcome::Nothing && timed {
                    Outcome::State
                } else {
                    outcome
                })
            })
            .map_err(storage)?
            .ok_or_else(ApiError::no_game)?;
        let loaded = done.map_err(refused)?;
        view(&app, &player.0, &loaded, None).map(Json)
    })
    .await
}

fn refused(r: Refused<ApiError>) -> ApiError {
    match r {
        Refused::By(e) => e,
        Refused::Stale => ApiError::new(
            StatusCode::CONFLICT,
            "conflict",
            "the game changed meanwhile; ask again",
        ),
    }
}

/// `POST /api/games/{id}/hint`'s body.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct HintRequest {
    elapsed_ms: Option<u64>,
}

/// `POST /api/games/{id}/hint`: the next stage of the hint in progress, or a new hint. A new one is found on the
/// engine, outside any transaction, and kept only if the game did not change meanwhile (a move from another tab).
pub async fn post_hint(
    State(app): Shared,
    Extension(player): Extension<Player>,
    Path(id): Path<String>,
    JsonBody(req): JsonBody<HintRequest>,
) -> Result<Json<GameView>, ApiError> {
    checked_id(&id)?;
    for _ in 0..3 {
        let (loaded, lang) = blocking({
            let (app, player, id) = (app.clone(), player.clone(), id.clone());
            move || {
                let lang = app.store.settings(&player.0).map_err(storage)?.lang.lang();
                Ok((load(&app, &player, &id)?, lang))
            }
        })
        .await?;
        if loaded.game.is_complete() {
            return Err(finished());
        }
        let version = loaded.version;
        // A hint in progress only moves to its next stage: no engine work.
        let (game, shown) = if loaded.game.current_hint().is_some() {
            let mut game = loaded.game;
            let shown = game.hint_in(lang);
            (game, shown)
        } else {
            let mut game = loaded.game;
            app.engine
                .run(move || {
                    let shown = game.hint_in(lang);
                    (game, shown)
                })
                .await?
        };
        let stage3 = shown.as_ref().is_some_and(|h| h.stage >= 3);
        let result = blocking({
            let (app, player, id) = (app.clone(), player.clone(), id.clone());
            let elapsed = req.elapsed_ms;
            move || {
                let done = app
                    .store
                    .update(&player.0, &id, Some(version), |loaded| -> Result<Outcome, ApiError> {
                        let moved = stage3 && game.last_move() != loaded.game.last_move();
                        let (time_at, rules) = (loaded.meta.time_at, loaded.game.settings);
                        loaded.game = game;
                        loaded.game.settings = rules;
                        loaded.meta.time_at = time_at;
                        advance_time(loaded, elapsed);
                        Ok(if moved { Outcome::Moved } else { Outcome::State })
                    })
                    .map_err(storage)?
                    .ok_or_else(ApiError::no_game)?;
                match done {
                    Ok(loaded) => view(&app, &player.0, &loaded, shown.as_ref()).map(Some),
                    Err(Refused::Stale) => Ok(None),
                    Err(Refused::By(e)) => Err(e),
                }
            }
        })
        .await?;
        if let Some(view) = result {
            return Ok(Json(view));
        }
    }
    Err(refused(Refused::Stale))
}

/// `POST /api/games/{id}/time`'s body.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimeRequest {
    elapsed_ms: u64,
}

/// `POST /api/games/{id}/time`: the page's timer, reported while the player thinks.
pub async fn post_time(
    State(app): Shared,
    Extension(player): Extension<Player>,
    Path(id): Path<String>,
    JsonBody(req): JsonBody<TimeRequest>,
) -> Result<StatusCode, ApiError> {
    checked_id(&id)?;
    blocking(move || {
        let done = app
            .store
            .update(&player.0, &id, None, |loaded| -> Result<Outcome, ApiError> {
                let before = loaded.game.elapsed_ms();
                advance_time(loaded, Some(req.elapsed_ms));
                Ok(if loaded.game.elapsed_ms() != before {
                    Outcome::State
                } else {
                    Outcome::Nothing
                })
            })
            .map_err(storage)?
            .ok_or_else(ApiError::no_game)?;
        done.map_err(refused)?;
        Ok(StatusCode::NO_CONTENT)
    })
    .await
}

/// `GET /api/games/{id}/explain`'s query.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExplainQuery {
    lang: Option<String>,
    theme: Option<String>,
}

/// `GET /api/games/{id}/explain`: the solving path from the player's position, each step with a picture.
pub async fn explain(
    State(app): Shared,
    Extension(player): Extension<Player>,
    Path(id): Path<String>,
    Query(query): Query<ExplainQuery>,
) -> Result<Json<Value>, ApiError> {
    checked_id(&id)?;
    let lang = match query.lang.as_deref() {
        None | Some("en") => Lang::En,
        Some("zh") => Lang::Zh,
        Some(other) => return Err(ApiError::bad_request(format!("lang: '{other}' is not en or zh"))),
    };
    let theme = crate::pictures::theme(query.theme.as_deref())?;
    let loaded = blocking({
        let app = app.clone();
        move || load(&app, &player, &id)
    })
    .await?;
    app.engine
        .run(move || {
            let game = &loaded.game;
            let mistakes = Cell::ALL.iter().any(|&c| game.is_wrong(c))
                || Cell::ALL.iter().any(|&c| {
                    let truth = game.solution()[c.index()];
                    game.value(c).is_none() && game.notes(c) != 0 && game.notes(c) & (1 << (truth - 1)) == 0
                });
            if mistakes {
                return json!({ "steps": [], "solved": false, "truncated": false, "mistakes": true });
            }
            let Some(mut grid) = game.player_grid() else {
                return json!({ "steps": [], "solved": false, "truncated": false, "mistakes": true });
            };
            let solver = shudu_game::hint_solver();
            let mut steps = Vec::new();
            let mut truncated = false;
            while !grid.is_full() {
                if steps.len() == MAX_EXPLAIN {
                    truncated = true;
                    break;
                }
                let Some(step) = solver.next_step(&grid) else { break };
                let picture = crate::pictures::step(&grid, &step, lang, theme);
                steps.push(json!({
                    "technique": step.technique.name_in(lang),
                    "text": step.explain(lang),
                    "svg": picture,
                }));
                if step.apply(&mut grid).is_err() {
                    break;
                }
            }
            json!({ "steps": steps, "solved": grid.is_full(), "truncated": truncated, "mistakes": false })
        })
        .await
        .map(Json)
}
