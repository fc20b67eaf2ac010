//! The web game's API bodies, through the router itself (`tower::ServiceExt::oneshot`, no socket): any body to any
//! endpoint is answered, never with a server error, always in JSON, an error naming what is wrong; and any sequence
//! of moves keeps a game the API can show, its givens intact.

use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use serde_json::{json, Value};
use shudu_web::limits::{Limits, Rate};
use shudu_web::{App, Config};
use tower::ServiceExt;

use super::bytes::Bytes;

/// The puzzle of the games the moves are made on (the seeds' example: singles all the way, so hints are quick).
const PUZZLE: &str = "006800005080200007050347200000000013003009000800000500000060080000403000700100020";

/// Inputs a server answers before it is made afresh, so its database stays small.
const INPUTS_A_SERVER: u32 = 5_000;

struct Server {
    runtime: tokio::runtime::Runtime,
    router: Router,
    cookie: Option<String>,
    dir: PathBuf,
    served: u32,
    generation: u32,
}

fn open(generation: u32) -> (Router, PathBuf) {
    let dir = super::scratch().join(format!("web-{generation}"));
    let _ = std::fs::remove_dir_all(&dir);
    let mut config = Config::new(dir.clone());
    config.pool_target = 0;
    config.engine_jobs = 1;
    // A fuzzer is no person: no rate limit. A request that takes this long is a hang, and fails the check.
    config.request_timeout = Duration::from_secs(60);
    config.engine_wait = Duration::from_secs(60);
    let unlimited = Rate {
        burst: 1e12,
        per_second: 1e12,
    };
    config.limits = Limits {
        player: unlimited,
        anonymous: unlimited,
    };
    let app: Arc<App> = App::open(config).expect("a fresh data directory opens");
    (shudu_web::router(app), dir)
}

static SERVER: OnceLock<Mutex<Server>> = OnceLock::new();

fn server() -> &'static Mutex<Server> {
    SERVER.get_or_init(|| {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .expect("a runtime");
        let (router, dir) = runtime.block_on(async { open(0) });
        Mutex::new(Server {
            runtime,
            router,
            cookie: None,
            dir,
            served: 0,
            generation: 0,
        })
    })
}

/// Has the server made afresh at its next input, so its data directory may be removed now (an open database whose
/// files are gone is never read again).
pub(super) fn retire() {
    if let Some(server) = SERVER.get() {
        server.lock().unwrap_or_else(|e| e.into_inner()).served = INPUTS_A_SERVER;
    }
}

impl Server {
    /// A fresh server every few thousand inputs.
    fn turn(&mut self) {
        self.served += 1;
        if self.served < INPUTS_A_SERVER {
            return;
        }
        let _ = std::fs::remove_dir_all(&self.dir);
        self.generation += 1;
        let generation = self.generation;
        (self.router, self.dir) = self.runtime.block_on(async { open(generation) });
        self.cookie = None;
        self.served = 0;
    }

    /// Sends a request and checks the answer's general promises: never a server error, always JSON (but a 204),
    /// an error with its message and code.
    fn send(&mut self, method: Method, uri: &str, body: Option<Vec<u8>>) -> (StatusCode, Value) {
        let mut req = Request::builder().method(method).uri(uri);
        if let Some(c) = &self.cookie {
            req = req.header(header::COOKIE, c);
        }
        let req = match body {
            Some(b) => req.header(header::CONTENT_TYPE, "application/json").body(Body::from(b)),
            None => req.body(Body::empty()),
        };
        // A URI the fuzzer made may not be one at all: that is the client's fault, not the server's.
        let Ok(req) = req else {
            return (StatusCode::BAD_REQUEST, Value::Null);
        };
        let router = self.router.clone();
        let (status, cookie, bytes) = self.runtime.block_on(async move {
            let res = router.oneshot(req).await.expect("the router always answers");
            let cookie = res
                .headers()
                .get(header::SET_COOKIE)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.split(';').next())
                .map(str::to_string);
            let status = res.status();
            let bytes = res.into_body().collect().await.expect("the body is read").to_bytes();
            (status, cookie, bytes)
        });
        if cookie.is_some() {
            self.cookie = cookie;
        }
        assert!(
            !status.is_server_error(),
            "{uri}: {status} {}",
            String::from_utf8_lossy(&bytes)
        );
        if status == StatusCode::NO_CONTENT {
            return (status, Value::Null);
        }
        let value: Value = serde_json::from_slice(&bytes).unwrap_or_else(|e| {
            panic!(
                "{uri}: {status} answered with no JSON ({e}): {:?}",
                String::from_utf8_lossy(&bytes)
            )
        });
        if !status.is_success() {
            assert!(
                value["error"].as_str().is_some_and(|m| !m.is_empty()) && value["code"].is_string(),
                "{uri}: {status} {value}"
            );
        }
        (status, value)
    }

    /// A new game of [`PUZZLE`], its id.
    fn new_game(&mut self) -> String {
        let (status, game) = self.send(
            Method::POST,
            "/api/games",
            Some(json!({ "puzzle": PUZZLE }).to_string().into_bytes()),
        );
        assert_eq!(status, StatusCode::CREATED, "{game}");
        game["id"].as_str().expect("a game has an id").to_string()
    }
}

/// Checks a game as the API shows it: its givens are the puzzle's.
fn assert_game(game: &Value) {
    let Some(values) = game["values"].as_str() else {
        return;
    };
    for (v, p) in values.chars().zip(PUZZLE.chars()) {
        if p != '0' {
            assert_eq!(v, p, "a given changed: {values}");
        }
    }
}

/// The check: the first byte picks the endpoint, the rest is the body (or the path or query).
pub fn web(data: &[u8]) {
    let mut b = Bytes::new(data);
    let which = b.u8();
    let body = b.rest().to_vec();
    let mut server = server().lock().unwrap_or_else(|e| e.into_inner());
    server.turn();
    let id = server.new_game();
    let text = String::from_utf8_lossy(&body).into_owned();
    match which % 8 {
        0 => {
            let (status, game) = server.send(Method::POST, "/api/games", Some(body));
            if status == StatusCode::CREATED {
                assert!(game["id"].is_string(), "{game}");
            }
        }
        1 => {
            let (_, game) = server.send(Method::POST, &format!("/api/games/{id}/moves"), Some(body));
            assert_game(&game);
        }
        2 => {
            server.send(Method::PUT, "/api/settings", Some(body));
        }
        3 => {
            server.send(Method::POST, &format!("/api/games/{id}/hint"), Some(body));
        }
        4 => {
            server.send(Method::POST, &format!("/api/games/{id}/time"), Some(body));
        }
        5 => {
            let query: String = text
                .chars()
                .filter(|c| !c.is_control() && *c != ' ' && *c != '#')
                .collect();
            server.send(Method::GET, &format!("/api/games/{id}/explain?{query}"), None);
        }
        6 => {
            let path: String = text
                .chars()
                .filter(|c| c.is_ascii_graphic() && *c != '?' && *c != '#')
                .collect();
            server.send(Method::GET, &format!("/api/games/{path}"), None);
        }
        _ => {
            // A body of the right type to the wrong place, or the wrong method.
            server.send(Method::POST, &format!("/api/games/{id}"), Some(body));
        }
    }
    // Whatever came before, the game still shows.
    let (status, game) = server.send(Method::GET, &format!("/api/games/{id}"), None);
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_game(&game);
}

/// Moves of the right shape, from bytes: any sequence of them on a fresh game is answered, keeps the givens, and the
/// game shows after each.
pub fn moves(data: &[u8]) {
    let mut b = Bytes::new(data);
    let mut server = server().lock().unwrap_or_else(|e| e.into_inner());
    server.turn();
    let id = server.new_game();
    const ACTIONS: [&str; 8] = ["place", "note", "corner", "color", "clear", "fill", "undo", "redo"];
    for _ in 0..b.u8() % 24 {
        let kind = b.u8();
        let body = if kind % 5 == 4 {
            json!({ "elapsed_ms": b.u64() >> 8 })
        } else {
            let cells: Vec<u8> = (0..1 + b.u8() % 4).map(|_| b.u8() % 84).collect();
            json!({
                "action": ACTIONS[usize::from(b.u8()) % ACTIONS.len()],
                "cells": cells,
                "digit": b.u8() % 11,
                "color": b.u8() % 12,
            })
        };
        let uri = if kind % 5 == 4 {
            format!("/api/games/{id}/hint")
        } else {
            format!("/api/games/{id}/moves")
        };
        let (status, game) = server.send(Method::POST, &uri, Some(body.to_string().into_bytes()));
        if status.is_success() {
            assert_game(&game);
        }
    }
    let (status, game) = server.send(Method::GET, &format!("/api/games/{id}"), None);
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_game(&game);
}
