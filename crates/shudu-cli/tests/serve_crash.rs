//! The web game survives its server being killed: `shudu serve` is killed with SIGKILL between moves (and once in
//! the middle of one) and started again on the same data directory, and every game is back as the last answer the
//! page was given showed it — board, notes, colours, timer and the whole undo history.

mod common;

use common::server::{Player, Scratch, Server};
use serde_json::{json, Value};

/// What must survive: everything the page draws and can do next.
fn kept(game: &Value) -> Value {
    json!({
        "values": game["values"], "notes": game["notes"], "corners": game["corners"], "colors": game["colors"],
        "elapsed_ms": game["elapsed_ms"], "can_undo": game["can_undo"], "can_redo": game["can_redo"],
        "saved": game["saved"], "mistakes": game["mistakes"], "hints": game["hints"], "hint": game["hint"],
    })
}

fn solution(puzzle: &str) -> [u8; 81] {
    shudu::search::solve(&shudu::format::parse_line(puzzle).expect("a puzzle line")).expect("a solvable puzzle")
}

#[test]
fn a_game_survives_sigkill_between_moves_and_in_the_middle_of_one() {
    let data = Scratch::new("crash");
    let mut server = Server::start(&data.0);
    let mut player = Player::new();
    let game = player.post(&format!("{}/api/games", server.url), &json!({ "level": "easy" }));
    assert_eq!(game.status, 201, "{}", game.body);
    let id = game.body["id"].as_str().expect("an id").to_string();
    let puzzle = game.body["puzzle"].as_str().expect("a puzzle").to_string();
    let sol = solution(&puzzle);
    let empties: Vec<usize> = puzzle
        .bytes()
        .enumerate()
        .filter(|(_, b)| *b == b'.')
        .map(|(i, _)| i)
        .collect();
    let mut acknowledged = game.body.clone();
    let mut moves_made = 0;
    let mut elapsed = 0u64;

    for round in 0..4 {
        // A few kinds of move, each answered (so the page was told it is saved).
        let k = round * 6;
        let plays = [
            json!({ "action": "note", "cells": [empties[k], empties[k + 1]], "digit": 1 + round }),
            json!({ "action": "corner", "cells": [empties[k + 2]], "digit": 9 - round }),
            json!({ "action": "color", "cells": [empties[k + 3], 0], "color": 2 + round }),
            json!({ "action": "place", "cells": [empties[k + 4]], "digit": sol[empties[k + 4]] }),
            json!({ "action": "place", "cells": [empties[k + 5]], "digit": sol[empties[k + 5]] }),
            json!({ "action": "undo" }),
        ];
        for mut play in plays {
            elapsed += 700;
            play["elapsed_ms"] = json!(elapsed);
            std::thread::sleep(std::time::Duration::from_millis(1));
            let a = player.post(&format!("{}/api/games/{id}/moves", server.url), &play);
            assert_eq!(a.status, 200, "{play}: {}", a.body);
            acknowledged = a.body;
            moves_made += 1;
        }
        if round == 2 {
            // A hint in progress is part of the game too.
            let h = player.post(&format!("{}/api/games/{id}/hint", server.url), &json!({}));
            assert_eq!(h.status, 200, "{}", h.body);
            acknowledged = h.body;
        }
        if round == 3 {
            // Killed while a move is on its way: it may or may not be saved, but what was acknowledged is.
            let url = format!("{}/api/games/{id}/moves", server.url);
            let cookie = player.cookie.clone();
            let sender = std::thread::spawn(move || {
                let mut p = Player::new();
                p.cookie = cookie;
                let _ = p.send("POST", &url, Some(&json!({ "action": "fill" })));
            });
            server.kill();
            let _ = sender.join();
        } else {
            server.kill();
        }
        server = Server::start(&data.0);
        let back = player.get(&format!("{}/api/games/{id}", server.url));
        assert_eq!(back.status, 200, "round {round}: {}", back.body);
        if round < 3 {
            assert_eq!(kept(&back.body), kept(&acknowledged), "round {round}");
        } else {
            // The fill in flight either landed whole (one more saved move) or not at all.
            let landed = back.body["saved"] != acknowledged["saved"];
            if landed {
                assert_eq!(back.body["saved"], acknowledged["saved"].as_i64().expect("saved") + 1);
                assert_eq!(back.body["values"], acknowledged["values"]);
                let undone = player.post(
                    &format!("{}/api/games/{id}/moves", server.url),
                    &json!({ "action": "undo" }),
                );
                assert_eq!(kept(&undone.body)["notes"], kept(&acknowledged)["notes"]);
                assert_eq!(kept(&undone.body)["values"], kept(&acknowledged)["values"]);
            } else {
                assert_eq!(kept(&back.body), kept(&acknowledged));
            }
        }
    }

    // The whole history is there: undo to the very start, move by move.
    let mut undos = 0;
    loop {
        let a = player.post(
            &format!("{}/api/games/{id}/moves", server.url),
            &json!({ "action": "undo" }),
        );
        assert_eq!(a.status, 200, "{}", a.body);
        if a.body["can_undo"] == false {
            assert_eq!(a.body["values"], json!(puzzle));
            assert!(a.body["notes"].as_array().expect("notes").iter().all(|n| n == 0));
            assert!(a.body["colors"].as_array().expect("colors").iter().all(|n| n == 0));
            break;
        }
        undos += 1;
        assert!(undos <= moves_made + 2, "more undos than moves made");
    }
    assert!(undos >= moves_made / 2, "{undos} undos for {moves_made} moves");
}
