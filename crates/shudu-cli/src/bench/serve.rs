//! `shudu bench --serve`: the web game under load. Starts `shudu serve` (this binary) on a loopback port with a
//! scratch data directory, or uses `--url`, then lets simulated players play for a while: each starts a game, fills
//! notes, places digits (mostly right, sometimes wrong and undone), asks for hints in stages, reports its timer,
//! and starts another game when it finishes one. Reports each endpoint's latency (p50, p99, max) and every error,
//! and the first page load's size as the browser receives it (compressed).

use std::collections::BTreeMap;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use shudu::generate::Rng;

use super::BenchArgs;
use crate::output::warn;
use crate::Status;

/// What one request measured.
struct Sample {
    endpoint: &'static str,
    micros: u64,
    ok: bool,
}

/// A `shudu serve` child, killed when dropped.
struct Child_(Child);

impl Drop for Child_ {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `shudu serve` on a free loopback port with a fresh data directory; answers its URL.
fn start_server(data: &std::path::Path) -> Result<(Child_, String), String> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
    let mut child = Command::new(exe)
        .args(["serve", "--addr", "127.0.0.1:0", "--data"])
        .arg(data)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|e| format!("cannot start shudu serve: {e}"))?;
    let stdout = child.stdout.take().ok_or("no standard output from shudu serve")?;
    let child = Child_(child);
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut reader = BufReader::new(stdout);
        let mut line = String::new();
        let _ = reader.read_line(&mut line);
        let _ = tx.send(line);
        let _ = io::copy(&mut reader, &mut io::sink());
    });
    let line = rx
        .recv_timeout(Duration::from_secs(30))
        .map_err(|_| "shudu serve did not say where it listens".to_string())?;
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .ok_or_else(|| format!("shudu serve said {line:?}"))?;
    Ok((child, url.to_string()))
}

/// One simulated player's HTTP client.
struct Client {
    agent: ureq::Agent,
    url: String,
    cookie: Option<String>,
    samples: Vec<Sample>,
    errors: Vec<String>,
}

impl Client {
    fn call(&mut self, endpoint: &'static str, method: &str, path: &str, body: Option<Value>) -> Option<Value> {
        let mut req = ureq::http::Request::builder()
            .method(method)
            .uri(format!("{}{path}", self.url));
        if let Some(c) = &self.cookie {
            req = req.header("cookie", c);
        }
        let started = Instant::now();
        let result = match body {
            Some(b) => req
                .header("content-type", "application/json")
                .body(b.to_string())
                .map_err(|e| e.to_string())
                .and_then(|r| self.agent.run(r).map_err(|e| e.to_string())),
            None => req
                .body(())
                .map_err(|e| e.to_string())
                .and_then(|r| self.agent.run(r).map_err(|e| e.to_string())),
        };
        let answer = result.and_then(|res| {
            if let Some(set) = res.headers().get("set-cookie").and_then(|v| v.to_str().ok()) {
                self.cookie = set.split(';').next().map(str::to_string);
            }
            let status = res.status().as_u16();
            let text = res.into_body().read_to_string().map_err(|e| e.to_string())?;
            Ok((status, text))
        });
        let micros = started.elapsed().as_micros() as u64;
        let (ok, value) = match answer {
            Ok((status, text)) if (200..300).contains(&status) => {
                (true, serde_json::from_str(&text).ok().or(Some(Value::Null)))
            }
            Ok((status, text)) => {
                self.errors.push(format!("{endpoint}: {status} {text}"));
                (false, None)
            }
            Err(e) => {
                self.errors.push(format!("{endpoint}: {e}"));
                (false, None)
            }
        };
        self.samples.push(Sample { endpoint, micros, ok });
        value
    }
}

/// What a simulated player does until `deadline`.
fn play(url: String, player: usize, seed: u64, deadline: Instant, think_ms: u64) -> Client {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(30)))
        .build()
        .into();
    let mut c = Client {
        agent,
        url,
        cookie: None,
        samples: Vec::new(),
        errors: Vec::new(),
    };
    let mut rng = Rng::new(seed ^ (player as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    // Players arrive over the first two seconds, as people do, not all in one instant.
    std::thread::sleep(Duration::from_millis(u64::from(rng.below(2000))));
    c.call("me", "GET", "/api/me", None);
    let levels = ["easy", "medium", "hard", "unfair", "extreme"];
    let mut elapsed = 0u64;
    'games: while Instant::now() < deadline {
        let level = levels[rng.below(levels.len() as u32) as usize];
        let Some(game) = c.call("new game", "POST", "/api/games", Some(json!({ "level": level }))) else {
            std::thread::sleep(Duration::from_millis(500));
            continue;
        };
        let Some(id) = game["id"].as_str().map(str::to_string) else {
            continue;
        };
        let Some(puzzle) = game["puzzle"].as_str().and_then(|p| shudu::format::parse_line(p).ok()) else {
            continue;
        };
        let Some(solution) = shudu::search::solve(&puzzle) else {
            continue;
        };
        let mut empties: Vec<usize> = (0..81).filter(|&i| puzzle[i] == 0).collect();
        rng.shuffle(&mut empties);
        let moves = format!("/api/games/{id}/moves");
        while let Some(&cell) = empties.last() {
            if Instant::now() >= deadline {
                break 'games;
            }
            std::thread::sleep(Duration::from_millis(
                think_ms / 2 + u64::from(rng.below(think_ms as u32 + 1)),
            ));
            elapsed += think_ms;
            let roll = rng.below(100);
            let body = if roll < 8 {
                // Ask for a hint, and follow it through its three stages; the last may finish the game.
                let mut last = None;
                for _ in 0..3 {
                    let path = format!("/api/games/{id}/hint");
                    last = c.call("hint", "POST", &path, Some(json!({ "elapsed_ms": elapsed })));
                }
                if let Some(answer) = last {
                    if answer["status"] == "solved" {
                        continue 'games;
                    }
                    if let Some(values) = answer["values"].as_str() {
                        let placed = values.as_bytes();
                        empties.retain(|&i| placed.get(i) == Some(&b'.'));
                    }
                }
                continue;
            } else if roll < 30 {
                let digit = 1 + rng.below(9);
                json!({ "action": "note", "cells": [cell], "digit": digit, "elapsed_ms": elapsed })
            } else if roll < 36 {
                // A wrong digit, then taken back.
                let digit = (u32::from(solution[cell]) % 9) + 1;
                c.call(
                    "move",
                    "POST",
                    &moves,
                    Some(json!({ "action": "place", "cells": [cell], "digit": digit })),
                );
                json!({ "action": "undo", "elapsed_ms": elapsed })
            } else if roll < 40 {
                c.call(
                    "time",
                    "POST",
                    &format!("/api/games/{id}/time"),
                    Some(json!({ "elapsed_ms": elapsed })),
                );
                continue;
            } else {
                empties.pop();
                json!({ "action": "place", "cells": [cell], "digit": solution[cell], "elapsed_ms": elapsed })
            };
            let Some(answer) = c.call("move", "POST", &moves, Some(body)) else {
                continue;
            };
            // A hint may have placed digits: go by the board the server answered.
            if let Some(values) = answer["values"].as_str() {
                let placed = values.as_bytes();
                empties.retain(|&i| placed.get(i) == Some(&b'.'));
            }
            if answer["status"] == "solved" {
                continue 'games;
            }
        }
    }
    c
}

fn percentile(sorted: &[u64], p: f64) -> u64 {
    if sorted.is_empty() {
        return 0;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

fn ms(micros: u64) -> String {
    format!("{:.2} ms", micros as f64 / 1000.0)
}

/// The first page load as a browser receives it with gzip: the page and every file it pulls in, compressed.
fn page_weight(url: &str) -> Result<(usize, usize, usize), String> {
    let agent: ureq::Agent = ureq::Agent::config_builder().http_status_as_error(false).build().into();
    let mut queue = vec!["/".to_string()];
    let mut seen = std::collections::BTreeSet::new();
    let (mut wire, mut raw, mut files) = (0usize, 0usize, 0usize);
    while let Some(path) = queue.pop() {
        if !seen.insert(path.clone()) {
            continue;
        }
        let fetch = |encoding: &str| -> Result<Vec<u8>, String> {
            let req = ureq::http::Request::get(format!("{url}{path}"))
                .header("accept-encoding", encoding)
                .body(())
                .map_err(|e| e.to_string())?;
            let res = agent.run(req).map_err(|e| format!("{path}: {e}"))?;
            if res.status() != 200 {
                return Err(format!("{path}: {}", res.status()));
            }
            let mut bytes = Vec::new();
            res.into_body()
                .into_reader()
                .read_to_end(&mut bytes)
                .map_err(|e| e.to_string())?;
            Ok(bytes)
        };
        let plain = fetch("identity")?;
        wire += fetch("gzip")?.len();
        raw += plain.len();
        files += 1;
        let text = String::from_utf8_lossy(&plain);
        let base = path.rsplit_once('/').map_or("", |(dir, _)| dir).to_string();
        for found in references(&text) {
            let target = if found.starts_with('/') {
                found
            } else {
                let mut parts: Vec<&str> = base.split('/').filter(|p| !p.is_empty()).collect();
                for piece in found.split('/') {
                    match piece {
                        "." | "" => {}
                        ".." => {
                            parts.pop();
                        }
                        p => parts.push(p),
                    }
                }
                format!("/{}", parts.join("/"))
            };
            queue.push(target);
        }
    }
    Ok((files, raw, wire))
}

/// The local files a page or module names: `src="…"`, `href="…"`, and ES module imports.
fn references(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for marker in [
        "src=\"",
        "href=\"",
        "from \"",
        "from '",
        "import \"",
        "import '",
        "import(\"",
        "url(",
    ] {
        let mut rest = text;
        while let Some(at) = rest.find(marker) {
            rest = &rest[at + marker.len()..];
            let end = rest.find(['"', '\'', ')']).unwrap_or(rest.len());
            let target = rest[..end].trim_matches(|c| c == '"' || c == '\'');
            let local = !target.is_empty()
                && !target.contains("://")
                && !target.starts_with("data:")
                && !target.starts_with('#')
                && !target.starts_with("blob:");
            if local {
                found.push(target.split(['?', '#']).next().unwrap_or(target).to_string());
            }
        }
    }
    found
}

/// Runs the load and prints the table.
pub fn report(out: &mut impl Write, args: &BenchArgs) -> io::Result<Status> {
    let data = std::env::temp_dir().join(format!("shudu-bench-serve-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let (server, url) = match &args.url {
        Some(url) => (None, url.trim_end_matches('/').to_string()),
        None => match start_server(&data) {
            Ok((child, url)) => (Some(child), url),
            Err(e) => {
                warn(format_args!("shudu: bench --serve: {e}"));
                return Ok(Status::Failed);
            }
        },
    };
    let players = args.players;
    let seconds = args.seconds;
    writeln!(
        out,
        "web game under load: {players} simulated players for {seconds} s against {url}{}, a think time of {} ms \
         on average between actions; latency measured by the players (loopback, same machine)",
        if server.is_some() {
            " (shudu serve started for this run, fresh data directory)"
        } else {
            ""
        },
        args.think_ms
    )?;
    // Let the pool fill before the players arrive, as it does on a server that has been up a while.
    std::thread::sleep(Duration::from_secs(2));
    match page_weight(&url) {
        Ok((files, raw, wire)) => writeln!(
            out,
            "first page load: {files} files, {:.1} KB, {:.1} KB compressed (gzip)",
            raw as f64 / 1024.0,
            wire as f64 / 1024.0
        )?,
        Err(e) => writeln!(out, "first page load: not measured ({e})")?,
    }
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let started = Instant::now();
    let handles: Vec<_> = (0..players)
        .map(|p| {
            let url = url.clone();
            let (seed, think) = (args.seed, args.think_ms);
            std::thread::spawn(move || play(url, p, seed, deadline, think))
        })
        .collect();
    let mut by_endpoint: BTreeMap<&'static str, (Vec<u64>, usize)> = BTreeMap::new();
    let mut errors = Vec::new();
    for h in handles {
        let Ok(client) = h.join() else {
            errors.push("a simulated player panicked".to_string());
            continue;
        };
        for s in client.samples {
            let entry = by_endpoint.entry(s.endpoint).or_default();
            entry.0.push(s.micros);
            entry.1 += usize::from(!s.ok);
        }
        errors.extend(client.errors);
    }
    let wall = started.elapsed().as_secs_f64();
    writeln!(
        out,
        "{:<10} {:>9} {:>9} {:>10} {:>10} {:>10} {:>7}",
        "endpoint", "requests", "per s", "p50", "p99", "max", "errors"
    )?;
    let mut total = 0;
    for (endpoint, (mut times, errs)) in by_endpoint {
        times.sort_unstable();
        total += times.len();
        writeln!(
            out,
            "{:<10} {:>9} {:>9.1} {:>10} {:>10} {:>10} {:>7}",
            endpoint,
            times.len(),
            times.len() as f64 / wall,
            ms(percentile(&times, 50.0)),
            ms(percentile(&times, 99.0)),
            ms(times.last().copied().unwrap_or(0)),
            errs
        )?;
    }
    writeln!(out, "{total} requests in {wall:.1} s, {} errors", errors.len())?;
    for e in errors.iter().take(10) {
        writeln!(out, "  error: {e}")?;
    }
    drop(server);
    let _ = std::fs::remove_dir_all(&data);
    Ok(if errors.is_empty() { Status::Ok } else { Status::Failed })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_are_found_in_pages_and_modules() {
        let page = r#"<link rel="stylesheet" href="/static/app.css"><script type="module" src="/static/js/main.js"></script><a href="https://example.org">"#;
        assert_eq!(references(page), vec!["/static/js/main.js", "/static/app.css"]);
        let module = "import { a } from './api.js';\nimport \"./board.js\";\nconst x = 'from nowhere';";
        assert_eq!(references(module), vec!["./api.js", "./board.js"]);
        assert_eq!(percentile(&[1, 2, 3, 4], 50.0), 2);
        assert_eq!(percentile(&[1, 2, 3, 4], 99.0), 4);
    }
}
