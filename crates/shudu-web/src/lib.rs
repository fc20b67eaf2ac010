//! The shudu web game, started by `shudu serve`: a JSON API over the engine and the rules of play
//! ([`shudu_game`]), games kept in SQLite as every move is made, and the page, embedded in the binary.
//!
//! - [`api`]: the handlers (API.md is the contract); [`views`]: what they answer about a game.
//! - [`store`]: all SQL. [`engine`]: engine work on a bounded blocking pool. [`pool`]: puzzles made ahead.
//! - [`player`]: anonymous players by signed cookie. [`limits`]: rate limits. [`assets`]: the embedded page.
//!
//! ```no_run
//! # async fn run() -> Result<(), String> {
//! let config = shudu_web::Config::new("/tmp/shudu-data".into());
//! let app = shudu_web::App::open(config)?;
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await.map_err(|e| e.to_string())?;
//! shudu_web::serve(listener, app, std::future::pending()).await.map_err(|e| e.to_string())
//! # }
//! ```

#![warn(missing_docs)]

pub mod api;
pub mod assets;
pub mod custom;
pub mod daily;
pub mod engine;
pub mod error;
pub mod limits;
pub mod pictures;
pub mod player;
pub mod pool;
pub mod settings;
pub mod stats;
pub mod store;
pub mod views;

use std::future::Future;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{ConnectInfo, DefaultBodyLimit, Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use axum::{Json, Router};
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;

use crate::engine::{blocking, Engine};
use crate::error::ApiError;
use crate::limits::{Limiter, Limits};
use crate::player::{CookieKey, Player};
use crate::store::Store;

/// The largest request body read, in bytes.
pub const BODY_LIMIT: usize = 64 * 1024;

/// The page's Content-Security-Policy: its own scripts and styles only, no inline script, pictures from blobs (the
/// explain view's SVGs), no framing.
pub const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; \
    connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; \
    form-action 'self'";

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where the database and the cookie key live.
    pub data_dir: PathBuf,
    /// Puzzles kept made ahead at each level.
    pub pool_target: usize,
    /// Engine jobs at once.
    pub engine_jobs: usize,
    /// How long a request waits for the engine before it is told the server is busy.
    pub engine_wait: Duration,
    /// The longest a request may take.
    pub request_timeout: Duration,
    /// Rate limits.
    pub limits: Limits,
    /// Cookies marked `Secure` (behind HTTPS).
    pub secure_cookies: bool,
    /// The most the database may grow to, in bytes (a quota; none by default).
    pub max_db_bytes: Option<u64>,
}

impl Config {
    /// The defaults, with the data in `data_dir`.
    pub fn new(data_dir: PathBuf) -> Config {
        Config {
            data_dir,
            pool_target: 8,
            engine_jobs: std::thread::available_parallelism().map_or(2, |n| n.get()),
            engine_wait: Duration::from_secs(10),
            request_timeout: Duration::from_secs(30),
            limits: Limits::default(),
            secure_cookies: false,
            max_db_bytes: None,
        }
    }
}

/// The server's shared state.
pub struct App {
    /// The database.
    pub store: Arc<Store>,
    /// The gate in front of the engine.
    pub engine: Engine,
    /// Rate limits.
    pub limiter: Limiter,
    /// Signs players' cookies.
    pub key: CookieKey,
    /// The configuration.
    pub config: Config,
}

impl App {
    /// Opens the data directory: the database (made, migrated and checked) and the cookie key. Every failure is
    /// a sentence naming the file and what to do.
    pub fn open(config: Config) -> Result<Arc<App>, String> {
        let store = Store::open_capped(&config.data_dir, config.max_db_bytes).map_err(|e| e.to_string())?;
        let key = CookieKey::load_or_create(&config.data_dir)?;
        Ok(Arc::new(App {
            store: Arc::new(store),
            engine: Engine::new(config.engine_jobs, config.engine_wait),
            limiter: Limiter::new(config.limits),
            key,
            config,
        }))
    }
}

/// The whole application: the page, the API, and the layers around them.
pub fn router(app: Arc<App>) -> Router {
    let api = Router::new()
        .route("/me", get(api::me))
        .route("/settings", put(api::put_settings))
        .route("/stats", get(api::get_stats))
        .route("/daily", get(api::daily_info))
        .route("/games", get(api::list_games).post(api::new_game))
        .route("/games/{id}", get(api::get_game))
        .route("/games/{id}/moves", post(api::post_move))
        .route("/games/{id}/hint", post(api::post_hint))
        .route("/games/{id}/time", post(api::post_time))
        .route("/games/{id}/explain", get(api::explain))
        .layer(middleware::from_fn_with_state(app.clone(), players))
        .route("/health", get(health));
    let security = |name: &'static str, value: &'static str| {
        SetResponseHeaderLayer::if_not_present(header::HeaderName::from_static(name), HeaderValue::from_static(value))
    };
    Router::new()
        .route("/", get(assets::index))
        .route("/static/{*path}", get(assets::file))
        .route("/favicon.svg", get(assets::favicon))
        .route("/favicon.ico", get(assets::favicon))
        .nest("/api", api)
        .fallback(|| async { ApiError::from_status(StatusCode::NOT_FOUND) })
        .with_state(app.clone())
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(middleware::from_fn(json_errors))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::SERVICE_UNAVAILABLE,
            app.config.request_timeout,
        ))
        .layer(CatchPanicLayer::custom(|_: Box<dyn std::any::Any + Send>| {
            ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "internal",
                "the server failed on this request",
            )
            .into_response()
        }))
        .layer(CompressionLayer::new())
        .layer(security("content-security-policy", CSP))
        .layer(security("x-content-type-options", "nosniff"))
        .layer(security("x-frame-options", "DENY"))
        .layer(security("referrer-policy", "same-origin"))
        .layer(security("cross-origin-opener-policy", "same-origin"))
        .layer(security(
            "permissions-policy",
            "camera=(), microphone=(), geolocation=(), payment=()",
        ))
}

/// `GET /api/health`: the server is up and its database answers.
async fn health(State(app): State<Arc<App>>) -> Result<Json<serde_json::Value>, ApiError> {
    blocking(move || {
        let mut pool = serde_json::Map::new();
        for level in shudu::logic::Level::ALL {
            let n = app.store.pool_count(level).map_err(ApiError::storage)?;
            pool.insert(level.name().to_string(), n.into());
        }
        Ok(Json(serde_json::json!({ "ok": true, "pool": pool })))
    })
    .await
}

/// Rate limits every API request, then makes sure it has a player: the cookie's, or a new one (recorded, and its
/// cookie set on the answer).
async fn players(State(app): State<Arc<App>>, mut req: Request, next: Next) -> Response {
    let known = app.key.player_of(req.headers());
    let (key, anonymous) = match &known {
        Some(p) => (p.0.clone(), false),
        None => {
            let addr = req
                .extensions()
                .get::<ConnectInfo<SocketAddr>>()
                .map(|c| c.0.ip().to_string());
            (addr.unwrap_or_else(|| "unknown".to_string()), true)
        }
    };
    if let Err(wait) = app.limiter.take(&key, anonymous) {
        return ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "rate_limited",
            "too many requests; slow down",
        )
        .retry_after(wait)
        .into_response();
    }
    let (player, new) = match known {
        Some(p) => (p, false),
        None => {
            let id = match player::new_id(16) {
                Ok(id) => id,
                Err(e) => return ApiError::storage(e).into_response(),
            };
            let store = app.store.clone();
            let made = blocking({
                let id = id.clone();
                move || store.add_player(&id).map_err(ApiError::storage)
            })
            .await;
            if let Err(e) = made {
                return e.into_response();
            }
            (Player(id), true)
        }
    };
    req.extensions_mut().insert(player.clone());
    let mut response = next.run(req).await;
    if new {
        response.headers_mut().append(
            header::SET_COOKIE,
            app.key.set_cookie(&player, app.config.secure_cookies),
        );
    }
    response
}

/// Gives every error answer a JSON body: the layers and extractors that answer with a bare status (a method not
/// allowed, a body over the limit, a timeout) are put in the API's words.
async fn json_errors(req: Request, next: Next) -> Response {
    let response = next.run(req).await;
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if (status.is_client_error() || status.is_server_error()) && !is_json {
        let retry = response.headers().get(header::RETRY_AFTER).cloned();
        let mut answer = ApiError::from_status(status).into_response();
        if let Some(retry) = retry {
            answer.headers_mut().insert(header::RETRY_AFTER, retry);
        }
        return answer;
    }
    response
}

/// Serves `app` on `listener` until `shutdown` completes, with the pool kept filled meanwhile; requests in flight
/// are finished before it returns.
pub async fn serve(
    listener: tokio::net::TcpListener,
    app: Arc<App>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let filler = tokio::spawn(pool::fill(app.clone(), app.config.pool_target));
    let result = axum::serve(
        listener,
        router(app).into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(shutdown)
    .await;
    filler.abort();
    result
}
