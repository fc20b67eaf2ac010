//! The API on the router itself (no socket): every endpoint's success and error paths, two players kept apart, a
//! game resumed by a new server on the same data directory, and the database's failures reported.

use std::path::PathBuf;
use std::sync::Arc;

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use serde_json::{json, Value};
use shudu_web::{App, Config};
use tower::ServiceExt;

const PUZZLE: &str = "006800005080200007050347200000000013003009000800000500000060080000403000700100020";

/// A fresh data directory, removed at the end.
struct Data(PathBuf);

impl Data {
    fn new(tag: &str) -> Data {
        let dir = std::env::temp_dir().join(format!("shudu-web-api-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        Data(dir)
    }
}

impl Drop for Data {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn app(data: &Data) -> Arc<App> {
    let mut config = Config::new(data.0.clone());
    config.pool_target = 0;
    App::open(config).expect("the data directory opens")
}

/// A browser of one player: keeps the cookie the server hands out.
struct Client {
    router: Router,
    cookie: Option<String>,
}

struct Answer {
    status: StatusCode,
    headers: axum::http::HeaderMap,
    body: Value,
}

impl Client {
    fn new(app: &Arc<App>) -> Client {
        Client {
            router: shudu_web::router(app.clone()),
            cookie: None,
        }
    }

    async fn send(&mut self, method: Method, path: &str, body: Option<Value>) -> Answer {
        let mut req = Request::builder().method(method).uri(path);
        if let Some(c) = &self.cookie {
            req = req.header(header::COOKIE, c);
        }
        let req = match body {
            Some(b) => req
                .header(header::CONTENT_TYPE, "application/json")
                .body(Body::from(b.to_string())),
            None => req.body(Body::empty()),
        }
        .expect("test setup");
        self.raw(req).await
    }

    async fn raw(&mut self, req: Request<Body>) -> Answer {
        let res = self.router.clone().oneshot(req).await.expect("test setup");
        if let Some(set) = res.headers().get(header::SET_COOKIE) {
            let pair = set
                .to_str()
                .expect("test setup")
                .split(';')
                .next()
                .expect("test setup")
                .to_string();
            self.cookie = Some(pair);
        }
        let status = res.status();
        let headers = res.headers().clone();
        let bytes = res.into_body().collect().await.expect("test setup").to_bytes();
        let body = if bytes.is_empty() {
            Value::Null
        } else {
            serde_json::from_slice(&bytes).unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into()))
        };
        Answer { status, headers, body }
    }

    async fn get(&mut self, path: &str) -> Answer {
        self.send(Method::GET, path, None).await
    }

    async fn post(&mut self, path: &str, body: Value) -> Answer {
        self.send(Method::POST, path, Some(body)).await
    }

    async fn new_game(&mut self, body: Value) -> Value {
        let a = self.post("/api/games", body).await;
        assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
        a.body
    }

    async fn play(&mut self, id: &str, body: Value) -> Answer {
        self.post(&format!("/api/games/{id}/moves"), body).await
    }
}

fn id(game: &Value) -> String {
    game["id"].as_str().expect("test setup").to_string()
}

fn solution(puzzle: &str) -> [u8; 81] {
    shudu::search::solve(&shudu::format::parse_line(puzzle).expect("test setup")).expect("test setup")
}

fn empties(game: &Value) -> Vec<usize> {
    game["values"]
        .as_str()
        .expect("test setup")
        .bytes()
        .enumerate()
        .filter(|(_, b)| *b == b'.')
        .map(|(i, _)| i)
        .collect()
}

fn error_code(a: &Answer) -> &str {
    a.body["code"]
        .as_str()
        .unwrap_or_else(|| panic!("no JSON error in {} {}", a.status, a.body))
}

#[tokio::test]
async fn a_player_is_made_on_the_first_request_and_kept_by_cookie() {
    let data = Data::new("player");
    let app = app(&data);
    let mut c = Client::new(&app);
    let me = c.get("/api/me").await;
    assert_eq!(me.status, StatusCode::OK);
    let set = me
        .headers
        .get(header::SET_COOKIE)
        .expect("test setup")
        .to_str()
        .expect("test setup")
        .to_string();
    assert!(set.contains("HttpOnly") && set.contains("SameSite=Lax"), "{set}");
    assert_eq!(me.body["current"], Value::Null);
    assert_eq!(me.body["settings"]["theme"], "system");
    let again = c.get("/api/me").await;
    assert!(
        again.headers.get(header::SET_COOKIE).is_none(),
        "a known player gets no new cookie"
    );
    // A forged cookie is no cookie: a new player.
    let mut forged = Client::new(&app);
    forged.cookie = Some(format!("shudu_player={}.AAAA", "0".repeat(32)));
    let a = forged.get("/api/me").await;
    assert!(a.headers.get(header::SET_COOKIE).is_some());
}

#[tokio::test]
async fn new_games_by_level_seed_daily_and_puzzle() {
    let data = Data::new("new");
    let app = app(&data);
    let (mut a, mut b) = (Client::new(&app), Client::new(&app));
    let g = a.new_game(json!({ "level": "Medium" })).await;
    assert_eq!(g["level"], "Medium");
    assert_eq!(g["source"], "level");
    assert_eq!(g["puzzle"], g["values"]);
    assert!(g.get("solution").is_none(), "the solution is never sent");
    // The same level and seed give the same puzzle to anyone.
    let s1 = a.new_game(json!({ "level": "hard", "seed": 42 })).await;
    let s2 = b.new_game(json!({ "level": "HARD", "seed": 42 })).await;
    assert_eq!(s1["puzzle"], s2["puzzle"]);
    assert_eq!(s1["seed"], 42);
    assert_eq!(s1["source"], "seed");
    // The daily puzzle is the same for everyone on a date.
    let d1 = a.new_game(json!({ "daily": true })).await;
    let d2 = b.new_game(json!({ "daily": true })).await;
    assert_eq!(d1["puzzle"], d2["puzzle"]);
    assert_eq!(d1["daily"], a.get("/api/daily").await.body["date"]);
    let past = a.new_game(json!({ "daily": "2026-01-01" })).await;
    assert_eq!(past["daily"], "2026-01-01");
    assert_eq!(past["level"], "Hard", "a Thursday");
    // The player's own puzzle, in any format.
    let grid: String = PUZZLE
        .as_bytes()
        .chunks(9)
        .map(|r| String::from_utf8(r.to_vec()).expect("test setup") + "\n")
        .collect();
    let own = a.new_game(json!({ "puzzle": grid })).await;
    assert_eq!(own["puzzle"], PUZZLE.replace('0', "."));
    assert_eq!(own["source"], "custom");
    assert_eq!(own["level"], Value::Null);
    let list = a.get("/api/games").await.body;
    assert_eq!(list["games"].as_array().expect("test setup").len(), 5);
    assert_eq!(list["games"][0]["id"], own["id"], "newest first");
}

#[tokio::test]
async fn bad_new_game_requests_are_explained() {
    let data = Data::new("badnew");
    let app = app(&data);
    let mut c = Client::new(&app);
    let cases = [
        (json!({}), StatusCode::BAD_REQUEST, "bad_request"),
        (
            json!({ "level": "easy", "daily": true }),
            StatusCode::BAD_REQUEST,
            "bad_request",
        ),
        (json!({ "level": "trivial" }), StatusCode::BAD_REQUEST, "bad_request"),
        (json!({ "level": 3 }), StatusCode::BAD_REQUEST, "bad_request"),
        (json!({ "daily": "2999-01-01" }), StatusCode::BAD_REQUEST, "bad_request"),
        (json!({ "daily": "2026-02-30" }), StatusCode::BAD_REQUEST, "bad_request"),
        (
            json!({ "level": "easy", "colour": 1 }),
            StatusCode::BAD_REQUEST,
            "bad_request",
        ),
        (
            json!({ "puzzle": "12x" }),
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad_puzzle",
        ),
        (json!({ "puzzle": "." }), StatusCode::UNPROCESSABLE_ENTITY, "bad_puzzle"),
        (
            json!({ "puzzle": ".".repeat(81) }),
            StatusCode::UNPROCESSABLE_ENTITY,
            "several_solutions",
        ),
        (json!({ "values": PUZZLE }), StatusCode::BAD_REQUEST, "bad_request"),
    ];
    for (body, status, code) in cases {
        let a = c.post("/api/games", body.clone()).await;
        assert_eq!((a.status, error_code(&a)), (status, code), "{body} gave {}", a.body);
        assert!(!a.body["error"].as_str().expect("test setup").is_empty());
    }
    let bad = c.post("/api/games", json!({ "puzzle": "12x" })).await;
    assert_eq!(bad.body["detail"]["column"], 3);
    let mut clash = PUZZLE.to_string();
    clash.replace_range(0..1, "6"); // r1c3 holds 6 already
    let a = c.post("/api/games", json!({ "puzzle": clash })).await;
    assert_eq!(error_code(&a), "no_solution");
    assert_eq!(a.body["detail"]["clashes"], json!([[0, 2]]));
    assert!(
        a.body["error"]
            .as_str()
            .expect("test setup")
            .contains("r1c1 and r1c3 both hold 6"),
        "{}",
        a.body
    );
    // No clash, still no solution: r1c1 may hold nothing but 2's alternatives are all taken.
    let sol = solution(PUZZLE);
    let mut stuck = PUZZLE.as_bytes().to_vec();
    let empty = (0..81).find(|&i| stuck[i] == b'0').expect("test setup");
    let other = (1..=9u8)
        .find(|&d| {
            d != sol[empty] && {
                let mut v = shudu::format::parse_line(PUZZLE).expect("test setup");
                v[empty] = d;
                shudu::Grid::from_values(&v).is_ok()
            }
        })
        .expect("test setup");
    stuck[empty] = b'0' + other;
    let a = c
        .post(
            "/api/games",
            json!({ "puzzle": String::from_utf8(stuck).expect("test setup") }),
        )
        .await;
    assert_eq!(error_code(&a), "no_solution", "{}", a.body);
    let a = c.post("/api/games", json!({ "puzzle": ".".repeat(81) })).await;
    let detail = &a.body["detail"];
    let (s1, s2) = (
        detail["solutions"][0].as_str().expect("test setup"),
        detail["solutions"][1].as_str().expect("test setup"),
    );
    for i in detail["differ"].as_array().expect("test setup") {
        let i = i.as_u64().expect("test setup") as usize;
        assert_ne!(s1.as_bytes()[i], s2.as_bytes()[i]);
    }
}

#[tokio::test]
async fn a_shared_link_brings_the_progress() {
    let data = Data::new("share");
    let app = app(&data);
    let mut c = Client::new(&app);
    let sol = solution(PUZZLE);
    let mut values: Vec<u8> = PUZZLE.bytes().collect();
    values[0] = b'0' + sol[0];
    let mut notes = vec![0u16; 81];
    notes[1] = 0b1_0001;
    let g = c
        .new_game(json!({ "puzzle": PUZZLE, "values": String::from_utf8(values).expect("test setup"), "notes": notes }))
        .await;
    assert_eq!(g["source"], "share");
    assert_eq!(g["values"].as_str().expect("test setup").as_bytes()[0], b'0' + sol[0]);
    assert_eq!(g["notes"][1], 17);
    assert_eq!(g["can_undo"], false);
    let mut broken: Vec<u8> = PUZZLE.bytes().collect();
    broken[2] = b'0';
    let a = c
        .post(
            "/api/games",
            json!({ "puzzle": PUZZLE, "values": String::from_utf8(broken).expect("test setup") }),
        )
        .await;
    assert_eq!(error_code(&a), "bad_request");
    assert!(
        a.body["error"].as_str().expect("test setup").contains("r1c3"),
        "{}",
        a.body
    );
    let a = c.post("/api/games", json!({ "puzzle": PUZZLE, "notes": [1, 2] })).await;
    assert_eq!(a.body["error"], "notes: 2 note sets, expected 81");
    let a = c
        .post("/api/games", json!({ "puzzle": PUZZLE, "notes": vec![600; 81] }))
        .await;
    assert!(
        a.body["error"].as_str().expect("test setup").starts_with("notes[0]"),
        "{}",
        a.body
    );
}

#[tokio::test]
async fn moves_undo_redo_and_their_errors() {
    let data = Data::new("moves");
    let app = app(&data);
    let mut c = Client::new(&app);
    let g = c.new_game(json!({ "puzzle": PUZZLE })).await;
    let id = id(&g);
    let e = empties(&g);
    let sol = solution(PUZZLE);
    let a = c
        .play(&id, json!({ "action": "note", "cells": [e[0], e[1]], "digit": 4 }))
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    assert_eq!(
        (a.body["notes"][e[0]].clone(), a.body["notes"][e[1]].clone()),
        (json!(8), json!(8))
    );
    let a = c
        .play(&id, json!({ "action": "corner", "cells": [e[2]], "digit": 9 }))
        .await;
    assert_eq!(a.body["corners"][e[2]], 256);
    let a = c
        .play(&id, json!({ "action": "color", "cells": [0, e[2]], "color": 4 }))
        .await;
    assert_eq!(
        (a.body["colors"][0].clone(), a.body["colors"][e[2]].clone()),
        (json!(4), json!(4))
    );
    let a = c
        .play(&id, json!({ "action": "place", "cells": [e[3]], "digit": sol[e[3]] }))
        .await;
    assert_eq!(
        a.body["values"].as_str().expect("test setup").as_bytes()[e[3]],
        b'0' + sol[e[3]]
    );
    assert_eq!(a.body["saved"], 4);
    let a = c.play(&id, json!({ "action": "clear", "cells": [e[3]] })).await;
    assert_eq!(a.body["values"].as_str().expect("test setup").as_bytes()[e[3]], b'.');
    let a = c.play(&id, json!({ "action": "fill" })).await;
    assert_ne!(a.body["notes"][e[5]], 0);
    for _ in 0..6 {
        let a = c.play(&id, json!({ "action": "undo" })).await;
        assert_eq!(a.status, StatusCode::OK);
    }
    let a = c.play(&id, json!({ "action": "undo" })).await;
    assert_eq!(a.body["can_undo"], false);
    assert_eq!(a.body["notes"][e[0]], 0);
    assert_eq!(a.body["colors"][0], 0);
    let saved = a.body["saved"].clone();
    let again = c.play(&id, json!({ "action": "undo" })).await;
    assert_eq!(again.body["saved"], saved, "nothing to undo: nothing stored");
    for _ in 0..3 {
        c.play(&id, json!({ "action": "redo" })).await;
    }
    let a = c.get(&format!("/api/games/{id}")).await;
    assert_eq!(a.body["colors"][0], 4);
    assert_eq!(a.body["can_redo"], true);
    // A new move ends the redo history.
    let a = c
        .play(&id, json!({ "action": "note", "cells": [e[7]], "digit": 1 }))
        .await;
    assert_eq!(a.body["can_redo"], false);

    let bad = [
        (json!({ "action": "jump" }), "action: unknown variant"),
        (
            json!({ "action": "place", "cells": [1], "digit": 0 }),
            "digit: 0 is not a digit (1-9)",
        ),
        (json!({ "action": "place", "cells": [1] }), "digit: missing (1-9)"),
        (
            json!({ "action": "place", "cells": [81], "digit": 1 }),
            "cells[0]: 81 is not a cell (0-80)",
        ),
        (
            json!({ "action": "note", "cells": [3, 3], "digit": 1 }),
            "cells[1]: cell 3 appears twice",
        ),
        (
            json!({ "action": "clear", "cells": [] }),
            "cells: 1 to 81 cells, each 0-80",
        ),
        (
            json!({ "action": "color", "cells": [1], "color": 10 }),
            "color: 10 is not a colour (0-9)",
        ),
        (
            json!({ "action": "place", "cells": [-1], "digit": 1 }),
            "cells[0]: invalid value",
        ),
        (json!({ "action": "undo", "extra": true }), "unknown field `extra`"),
        (json!([1, 2]), "expected value"),
    ];
    for (body, says) in bad {
        let a = c.play(&id, body.clone()).await;
        assert_eq!(a.status, StatusCode::BAD_REQUEST, "{body}");
        assert!(
            a.body["error"].as_str().expect("test setup").contains(says),
            "{body}: {}",
            a.body
        );
    }
}

#[tokio::test]
async fn undo_and_redo_through_the_store_keep_the_layers_a_move_did_not_touch() {
    let data = Data::new("layers");
    let app = app(&data);
    let mut c = Client::new(&app);
    let g = c.new_game(json!({ "puzzle": PUZZLE })).await;
    let id = id(&g);
    let cell = empties(&g)[0];
    for (action, digit) in [("note", 1), ("note", 2), ("corner", 7), ("note", 5)] {
        c.play(&id, json!({ "action": action, "cells": [cell], "digit": digit }))
            .await;
    }
    c.play(&id, json!({ "action": "color", "cells": [cell], "color": 3 }))
        .await;
    c.play(&id, json!({ "action": "note", "cells": [cell], "digit": 9 }))
        .await;
    let full = c.get(&format!("/api/games/{id}")).await.body;
    assert_eq!(
        (full["notes"][cell].clone(), full["corners"][cell].clone()),
        (json!(275), json!(64))
    );
    for _ in 0..6 {
        c.play(&id, json!({ "action": "undo" })).await;
    }
    let mut last = Value::Null;
    for _ in 0..6 {
        last = c.play(&id, json!({ "action": "redo" })).await.body;
    }
    assert_eq!(last["notes"][cell], 275);
    assert_eq!(last["corners"][cell], 64);
    assert_eq!(last["colors"][cell], 3);
}

#[tokio::test]
async fn a_staged_hint_marks_then_applies_and_a_mistake_comes_first() {
    let data = Data::new("hint");
    let app = app(&data);
    let mut c = Client::new(&app);
    let g = c.new_game(json!({ "puzzle": PUZZLE })).await;
    let id = id(&g);
    let hint = |a: &Answer| a.body["hint"].clone();
    let one = c.post(&format!("/api/games/{id}/hint"), json!({})).await;
    assert_eq!(hint(&one)["stage"], 1);
    assert_eq!(hint(&one)["technique"], "Naked Single");
    assert_eq!(hint(&one)["cells"], json!([]));
    assert_eq!(one.body["hints"], 1);
    let two = c.post(&format!("/api/games/{id}/hint"), json!({})).await;
    assert_eq!(hint(&two)["stage"], 2);
    assert_eq!(hint(&two)["placements"], json!([[5, 1]]));
    // A reload shows the hint at the stage it reached.
    let reloaded = c.get(&format!("/api/games/{id}")).await;
    assert_eq!(hint(&reloaded)["stage"], 2);
    let three = c.post(&format!("/api/games/{id}/hint"), json!({})).await;
    assert_eq!(hint(&three)["stage"], 3);
    assert_eq!(hint(&three)["text"], "Naked Single: r1c6=1");
    assert_eq!(three.body["values"].as_str().expect("test setup").as_bytes()[5], b'1');
    assert_eq!(three.body["can_undo"], true, "an applied hint is a move");
    assert_eq!(three.body["hints"], 1);
    let undone = c.play(&id, json!({ "action": "undo" })).await;
    assert_eq!(undone.body["values"].as_str().expect("test setup").as_bytes()[5], b'.');
    // A wrong digit is named before any step.
    let sol = solution(PUZZLE);
    let wrong = (1..=9).find(|&d| d != sol[5]).expect("test setup");
    c.play(&id, json!({ "action": "place", "cells": [5], "digit": wrong }))
        .await;
    let m = c.post(&format!("/api/games/{id}/hint"), json!({})).await;
    assert_eq!(hint(&m)["topic"], "mistakes");
    let m = c.post(&format!("/api/games/{id}/hint"), json!({})).await;
    assert_eq!(hint(&m)["cells"], json!([5]));
    // Chinese, when the player asks for it.
    c.send(Method::PUT, "/api/settings", Some(json!({ "lang": "zh" })))
        .await;
    c.play(&id, json!({ "action": "clear", "cells": [5] })).await;
    let zh = c.post(&format!("/api/games/{id}/hint"), json!({})).await;
    assert!(
        hint(&zh)["technique"]
            .as_str()
            .expect("test setup")
            .starts_with("唯余法"),
        "{}",
        zh.body
    );
}

#[tokio::test]
async fn the_explain_view_walks_from_the_players_position() {
    let data = Data::new("explain");
    let app = app(&data);
    let mut c = Client::new(&app);
    let g = c.new_game(json!({ "puzzle": PUZZLE })).await;
    let id = id(&g);
    let a = c.get(&format!("/api/games/{id}/explain")).await;
    assert_eq!(a.status, StatusCode::OK);
    assert_eq!(a.body["solved"], true);
    let steps = a.body["steps"].as_array().expect("test setup");
    assert_eq!(steps[0]["text"], "Naked Single: r1c6=1");
    let svg = steps[0]["svg"].as_str().expect("a picture a step");
    assert!(
        svg.starts_with("<svg") && svg.contains("<title>") && svg.contains("r1c6=1"),
        "{}",
        &svg[..200]
    );
    let contrast = c.get(&format!("/api/games/{id}/explain?theme=contrast")).await;
    assert_ne!(
        contrast.body["steps"][0]["svg"], steps[0]["svg"],
        "the high-contrast page gets the print theme"
    );
    let bad = c.get(&format!("/api/games/{id}/explain?theme=neon")).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert_eq!(steps.len(), empties(&g).len(), "singles only: one step a cell");
    let zh = c.get(&format!("/api/games/{id}/explain?lang=zh")).await;
    assert!(zh.body["steps"][0]["text"]
        .as_str()
        .expect("test setup")
        .starts_with("唯余法"));
    let bad = c.get(&format!("/api/games/{id}/explain?lang=fr")).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    let sol = solution(PUZZLE);
    let wrong = (1..=9).find(|&d| d != sol[5]).expect("test setup");
    c.play(&id, json!({ "action": "place", "cells": [5], "digit": wrong }))
        .await;
    let m = c.get(&format!("/api/games/{id}/explain")).await;
    assert_eq!(m.body["mistakes"], true);
}

#[tokio::test]
async fn a_game_played_to_the_end_has_a_summary_and_counts() {
    let data = Data::new("end");
    let app = app(&data);
    let mut c = Client::new(&app);
    let g = c.new_game(json!({ "level": "easy" })).await;
    let id = id(&g);
    let sol = solution(g["puzzle"].as_str().expect("test setup"));
    let e = empties(&g);
    let mut last = Value::Null;
    for (k, &i) in e.iter().enumerate() {
        last = c
            .play(
                &id,
                json!({ "action": "place", "cells": [i], "digit": sol[i], "elapsed_ms": 1000 * (k as u64 + 1) }),
            )
            .await
            .body;
    }
    assert_eq!(last["status"], "solved");
    let summary = &last["summary"];
    assert_eq!(summary["level"], "Easy");
    assert_eq!(summary["mistakes"], 0);
    assert_eq!(summary["solved"], 1);
    assert_eq!(summary["new_best"], true);
    assert_eq!(summary["elapsed_ms"], last["elapsed_ms"]);
    let after = c.play(&id, json!({ "action": "undo" })).await;
    assert_eq!((after.status, error_code(&after)), (StatusCode::CONFLICT, "finished"));
    let hint = c.post(&format!("/api/games/{id}/hint"), json!({})).await;
    assert_eq!(error_code(&hint), "finished");
    let stats = c.get("/api/stats").await.body;
    assert_eq!(stats["levels"][0]["solved"], 1);
    assert_eq!(stats["levels"][0]["played"], 1);
    assert_eq!(stats["levels"][0]["streak"], 1);
    assert_eq!(
        c.get("/api/me").await.body["current"],
        Value::Null,
        "nothing left to resume"
    );
}

#[tokio::test]
async fn the_timer_keeps_the_larger_and_never_outruns_the_clock() {
    let data = Data::new("timer");
    let app = app(&data);
    let mut c = Client::new(&app);
    let g = c.new_game(json!({ "puzzle": PUZZLE })).await;
    let id = id(&g);
    let t = c
        .post(&format!("/api/games/{id}/time"), json!({ "elapsed_ms": 1500 }))
        .await;
    assert_eq!(t.status, StatusCode::NO_CONTENT);
    assert_eq!(c.get(&format!("/api/games/{id}")).await.body["elapsed_ms"], 1500);
    c.post(&format!("/api/games/{id}/time"), json!({ "elapsed_ms": 900 }))
        .await;
    assert_eq!(
        c.get(&format!("/api/games/{id}")).await.body["elapsed_ms"],
        1500,
        "never backwards"
    );
    // An hour reported a moment later: only what the clock allows (the slack of two seconds and the moment).
    c.post(&format!("/api/games/{id}/time"), json!({ "elapsed_ms": 3_600_000 }))
        .await;
    let now = c.get(&format!("/api/games/{id}")).await.body["elapsed_ms"]
        .as_u64()
        .expect("test setup");
    assert!((1500..1500 + 2000 + 5000).contains(&now), "{now}");
    let bad = c
        .post(&format!("/api/games/{id}/time"), json!({ "elapsed_ms": -5 }))
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn two_players_never_see_each_others_games() {
    let data = Data::new("isolation");
    let app = app(&data);
    let (mut a, mut b) = (Client::new(&app), Client::new(&app));
    let g = a.new_game(json!({ "puzzle": PUZZLE })).await;
    let id = id(&g);
    b.get("/api/me").await;
    let paths = [
        (Method::GET, format!("/api/games/{id}"), None),
        (
            Method::POST,
            format!("/api/games/{id}/moves"),
            Some(json!({ "action": "fill" })),
        ),
        (Method::POST, format!("/api/games/{id}/hint"), Some(json!({}))),
        (
            Method::POST,
            format!("/api/games/{id}/time"),
            Some(json!({ "elapsed_ms": 5 })),
        ),
        (Method::GET, format!("/api/games/{id}/explain"), None),
    ];
    for (method, path, body) in paths {
        let ans = b.send(method, &path, body).await;
        assert_eq!(
            (ans.status, error_code(&ans)),
            (StatusCode::NOT_FOUND, "not_found"),
            "{path}"
        );
    }
    assert_eq!(b.get("/api/games").await.body["games"], json!([]));
    assert_eq!(b.get("/api/me").await.body["current"], Value::Null);
    assert_eq!(b.get("/api/stats").await.body["levels"][5]["played"], 0);
    let mine = a.get(&format!("/api/games/{id}")).await;
    assert_eq!(mine.body["notes"][2], 0, "b's fill did not touch a's game");
    let unknown = a.get("/api/games/not-an-id").await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn settings_are_partial_checked_and_shape_the_rules() {
    let data = Data::new("settings");
    let app = app(&data);
    let mut c = Client::new(&app);
    let a = c
        .send(
            Method::PUT,
            "/api/settings",
            Some(json!({ "theme": "dark", "checking": "solution" })),
        )
        .await;
    assert_eq!(a.body["theme"], "dark");
    assert_eq!(a.body["show_timer"], true, "untouched settings keep their values");
    for (patch, says) in [
        (json!({ "theme": "purple" }), "theme: unknown variant"),
        (json!({ "volume": 3 }), "volume: no such setting"),
        (json!({ "show_timer": "yes" }), "show_timer: invalid type"),
        (json!([]), "settings must be a JSON object"),
    ] {
        let a = c.send(Method::PUT, "/api/settings", Some(patch.clone())).await;
        assert_eq!(a.status, StatusCode::BAD_REQUEST, "{patch}");
        assert!(
            a.body["error"].as_str().expect("test setup").contains(says),
            "{patch}: {}",
            a.body
        );
    }
    assert_eq!(c.get("/api/me").await.body["settings"]["theme"], "dark");
    // Checking against the solution marks a wrong digit that breaks no rule.
    let g = c.new_game(json!({ "puzzle": PUZZLE })).await;
    let id = id(&g);
    let sol = solution(PUZZLE);
    let puzzle = shudu::format::parse_line(PUZZLE).expect("test setup");
    let grid = shudu::Grid::from_values(&puzzle).expect("test setup");
    let (cell, digit) = (0..81)
        .filter(|&i| puzzle[i] == 0)
        .find_map(|i| {
            let c = shudu::Cell::new(i).expect("test setup");
            grid.candidates(c)
                .iter()
                .find(|d| d.get() != sol[i])
                .map(|d| (i, d.get()))
        })
        .expect("test setup");
    let a = c
        .play(&id, json!({ "action": "place", "cells": [cell], "digit": digit }))
        .await;
    assert_eq!(a.body["errors"], json!([cell]));
    assert_eq!(a.body["mistakes"], 1);
    c.send(Method::PUT, "/api/settings", Some(json!({ "checking": "conflicts" })))
        .await;
    assert_eq!(c.get(&format!("/api/games/{id}")).await.body["errors"], json!([]));
}

#[tokio::test]
async fn a_game_comes_back_on_a_new_server_exactly() {
    let data = Data::new("resume");
    let (id, before, cookie) = {
        let app = app(&data);
        let mut c = Client::new(&app);
        let g = c.new_game(json!({ "puzzle": PUZZLE })).await;
        let id = id(&g);
        let e = empties(&g);
        c.play(
            &id,
            json!({ "action": "note", "cells": [e[0]], "digit": 2, "elapsed_ms": 1500 }),
        )
        .await;
        c.play(&id, json!({ "action": "corner", "cells": [e[1]], "digit": 3 }))
            .await;
        c.play(&id, json!({ "action": "fill" })).await;
        c.play(&id, json!({ "action": "undo" })).await;
        c.post(&format!("/api/games/{id}/hint"), json!({})).await;
        let before = c.get(&format!("/api/games/{id}")).await.body;
        (id, before, c.cookie.clone())
    };
    let app = app(&data);
    let mut c = Client::new(&app);
    c.cookie = cookie;
    let after = c.get(&format!("/api/games/{id}")).await.body;
    assert_eq!(after, before);
    assert_eq!(after["elapsed_ms"], 1500);
    assert_eq!(c.get("/api/me").await.body["current"], json!(id));
    // And the history goes on: redo, then undo twice, back to the start.
    let redo = c.play(&id, json!({ "action": "redo" })).await.body;
    assert_ne!(redo["notes"], before["notes"]);
    c.play(&id, json!({ "action": "undo" })).await;
    c.play(&id, json!({ "action": "undo" })).await;
    let start = c.play(&id, json!({ "action": "undo" })).await.body;
    assert_eq!(start["can_undo"], false);
    assert!(start["notes"].as_array().expect("test setup").iter().all(|n| n == 0));
}

#[tokio::test]
async fn the_protocol_errors_are_json() {
    let data = Data::new("protocol");
    let app = app(&data);
    let mut c = Client::new(&app);
    let g = c.new_game(json!({ "puzzle": PUZZLE })).await;
    let id = id(&g);
    // Over the body limit.
    let big = json!({ "puzzle": "1".repeat(100_000) });
    let a = c.post("/api/games", big).await;
    assert_eq!(
        (a.status, error_code(&a)),
        (StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large")
    );
    // Not JSON.
    let req = Request::post(format!("/api/games/{id}/moves"))
        .header(header::CONTENT_TYPE, "text/plain")
        .header(header::COOKIE, c.cookie.clone().expect("test setup"))
        .body(Body::from("{}"))
        .expect("test setup");
    let a = c.raw(req).await;
    assert_eq!(
        (a.status, error_code(&a)),
        (StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type")
    );
    let req = Request::post("/api/games")
        .header(header::CONTENT_TYPE, "application/json")
        .header(header::COOKIE, c.cookie.clone().expect("test setup"))
        .body(Body::from("{\"level\": \"easy\"} trailing"))
        .expect("test setup");
    let a = c.raw(req).await;
    assert_eq!((a.status, error_code(&a)), (StatusCode::BAD_REQUEST, "bad_json"));
    let a = c.send(Method::DELETE, &format!("/api/games/{id}"), None).await;
    assert_eq!(
        (a.status, error_code(&a)),
        (StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed")
    );
    let a = c.get("/api/nothing").await;
    assert_eq!((a.status, error_code(&a)), (StatusCode::NOT_FOUND, "not_found"));
    let a = c.get("/static/../Cargo.toml").await;
    assert_eq!(a.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_page_is_served_with_security_headers_and_cached_by_etag() {
    let data = Data::new("page");
    let app = app(&data);
    let mut c = Client::new(&app);
    let a = c.get("/").await;
    assert_eq!(a.status, StatusCode::OK);
    let csp = a
        .headers
        .get("content-security-policy")
        .expect("test setup")
        .to_str()
        .expect("test setup");
    assert!(
        csp.contains("script-src 'self'") && csp.contains("frame-ancestors 'none'"),
        "{csp}"
    );
    assert!(!csp.contains("unsafe-inline"));
    assert_eq!(a.headers.get("x-content-type-options").expect("test setup"), "nosniff");
    assert_eq!(a.headers.get("x-frame-options").expect("test setup"), "DENY");
    assert!(a
        .headers
        .get(header::CONTENT_TYPE)
        .expect("test setup")
        .to_str()
        .expect("test setup")
        .starts_with("text/html"));
    let etag = a.headers.get(header::ETAG).expect("test setup").clone();
    let req = Request::get("/")
        .header(header::IF_NONE_MATCH, etag)
        .body(Body::empty())
        .expect("test setup");
    assert_eq!(c.raw(req).await.status, StatusCode::NOT_MODIFIED);
    let api = c.get("/api/me").await;
    assert!(api.headers.get("content-security-policy").is_some());
}

#[tokio::test]
async fn a_player_over_the_rate_limit_is_told_to_wait() {
    let data = Data::new("rate");
    let mut config = Config::new(data.0.clone());
    config.pool_target = 0;
    config.limits.player.burst = 3.0;
    config.limits.player.per_second = 0.01;
    let app = App::open(config).expect("test setup");
    let mut c = Client::new(&app);
    let mut statuses = Vec::new();
    for _ in 0..6 {
        statuses.push(c.get("/api/me").await);
    }
    let limited = statuses.last().expect("test setup");
    assert_eq!(
        (limited.status, error_code(limited)),
        (StatusCode::TOO_MANY_REQUESTS, "rate_limited")
    );
    assert!(limited.headers.get(header::RETRY_AFTER).is_some());
    // Another player is not held back by the first.
    let mut other = Client::new(&app);
    assert_eq!(other.get("/api/me").await.status, StatusCode::OK);
}

#[tokio::test]
async fn a_damaged_database_is_reported_at_start_and_on_the_request_that_meets_it() {
    let data = Data::new("damaged");
    std::fs::create_dir_all(&data.0).expect("test setup");
    std::fs::write(data.0.join(shudu_web::store::DB_FILE), vec![b'x'; 4096]).expect("test setup");
    let err = App::open(Config::new(data.0.clone())).err().expect("test setup");
    assert!(
        err.contains("shudu-web.sqlite3") && err.contains("not a database"),
        "{err}"
    );
    std::fs::remove_file(data.0.join(shudu_web::store::DB_FILE)).expect("test setup");

    // A database held by another writer: the server waits its while, then says what holds it.
    let app = app(&data);
    let mut c = Client::new(&app);
    let g = c.new_game(json!({ "puzzle": PUZZLE })).await;
    let id = id(&g);
    let mut holder = rusqlite::Connection::open(data.0.join(shudu_web::store::DB_FILE)).expect("test setup");
    let tx = holder
        .transaction_with_behavior(rusqlite::TransactionBehavior::Exclusive)
        .expect("test setup");
    let a = c.play(&id, json!({ "action": "fill" })).await;
    assert_eq!(
        (a.status, error_code(&a)),
        (StatusCode::INTERNAL_SERVER_ERROR, "storage")
    );
    assert!(
        a.body["error"].as_str().expect("test setup").contains("locked"),
        "{}",
        a.body
    );
    tx.rollback().expect("test setup");

    // A game row damaged on disk: the request says so, the server goes on.
    let raw = rusqlite::Connection::open(data.0.join(shudu_web::store::DB_FILE)).expect("test setup");
    raw.execute("UPDATE games SET state = '{broken' WHERE id = ?1", [&id])
        .expect("test setup");
    let a = c.get(&format!("/api/games/{id}")).await;
    assert_eq!(
        (a.status, error_code(&a)),
        (StatusCode::INTERNAL_SERVER_ERROR, "storage")
    );
    assert!(
        a.body["error"]
            .as_str()
            .expect("test setup")
            .contains("cannot be read back"),
        "{}",
        a.body
    );
    assert_eq!(c.get("/api/me").await.status, StatusCode::OK);
}

#[tokio::test]
async fn a_full_database_refuses_the_move_and_keeps_what_it_has() {
    let data = Data::new("full");
    let mut config = Config::new(data.0.clone());
    config.pool_target = 0;
    // A quota a few pages over the empty schema: a game or two, and then no more.
    config.max_db_bytes = Some(25 * 4096);
    config.limits.player.burst = 1e9;
    let app = App::open(config).expect("the data directory opens");
    let mut c = Client::new(&app);
    let g = c.new_game(json!({ "puzzle": PUZZLE })).await;
    let id = id(&g);
    let mut saved = g.clone();
    let mut refused = None;
    for k in 0..2000 {
        let cell = empties(&g)[k % 40];
        let a = c.play(&id, json!({ "action": "fill" })).await;
        let b = if a.status == StatusCode::OK {
            saved = a.body;
            c.play(&id, json!({ "action": "note", "cells": [cell], "digit": 1 + k % 9 }))
                .await
        } else {
            a
        };
        if b.status != StatusCode::OK {
            refused = Some(b);
            break;
        }
        saved = b.body;
    }
    let refused = refused.expect("the quota is reached");
    assert_eq!(
        (refused.status, error_code(&refused)),
        (StatusCode::INTERNAL_SERVER_ERROR, "storage")
    );
    assert!(
        refused.body["error"].as_str().unwrap().contains("full"),
        "{}",
        refused.body
    );
    let kept = c.get(&format!("/api/games/{id}")).await;
    assert_eq!(kept.status, StatusCode::OK);
    assert_eq!(
        kept.body["saved"], saved["saved"],
        "the last move answered is the last kept"
    );
    assert_eq!(kept.body["notes"], saved["notes"]);
}

#[tokio::test]
async fn the_schema_migrates_once_and_again_harmlessly() {
    let data = Data::new("migrate");
    drop(app(&data));
    drop(app(&data));
    let raw = rusqlite::Connection::open(data.0.join(shudu_web::store::DB_FILE)).expect("test setup");
    let version: i64 = raw
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .expect("test setup");
    assert_eq!(version, 1);
    let mode: String = raw
        .query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .expect("test setup");
    assert_eq!(mode, "wal");
    raw.execute_batch("PRAGMA user_version = 99").expect("test setup");
    drop(raw);
    let err = App::open(Config::new(data.0.clone())).err().expect("test setup");
    assert!(err.contains("schema version 99"), "{err}");
}
