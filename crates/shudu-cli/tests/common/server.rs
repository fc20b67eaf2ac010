//! `shudu serve` as the tests run it: the real binary on a free loopback port with a data directory of the test's
//! own, and a small HTTP client that keeps one player's cookie.

use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::Value;

/// A child process, killed when dropped (a failed test leaves no server or driver behind).
pub struct Guard(pub Child);

impl Drop for Guard {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A running `shudu serve`.
pub struct Server {
    process: Guard,
    /// `http://127.0.0.1:PORT`.
    pub url: String,
}

impl Server {
    /// Starts `shudu serve --addr 127.0.0.1:0 --data DATA` and waits for the line that tells its address. The pool
    /// of puzzles made ahead is small: the tests play a few games, and a browser beside the server needs the cores.
    pub fn start(data: &Path) -> Server {
        let mut child = Command::new(super::BIN)
            .args(["serve", "--addr", "127.0.0.1:0", "--pool", "2", "--data"])
            .arg(data)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("shudu serve starts");
        let stdout = child.stdout.take().expect("stdout is piped");
        let process = Guard(child);
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut first = String::new();
            let mut reader = BufReader::new(stdout);
            let _ = reader.read_line(&mut first);
            let _ = tx.send(first);
            // Keep draining, so the server never blocks on a full pipe.
            let mut rest = Vec::new();
            let _ = reader.read_to_end(&mut rest);
        });
        let line = rx
            .recv_timeout(Duration::from_secs(30))
            .expect("shudu serve tells its address");
        let url = line
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .trim_end_matches('/')
            .to_string();
        Server { process, url }
    }

    /// Kills the server with SIGKILL: no chance to flush, close or say goodbye.
    pub fn kill(self) {
        drop(self.process);
    }
}

/// One player's client.
pub struct Player {
    agent: ureq::Agent,
    /// `name=value` of the player's cookie, once the server has set it.
    pub cookie: Option<String>,
}

/// An answer: its status and JSON body (`Null` when empty).
pub struct Answer {
    pub status: u16,
    pub body: Value,
}

impl Player {
    pub fn new() -> Player {
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(Duration::from_secs(60)))
            .build()
            .into();
        Player { agent, cookie: None }
    }

    /// Sends a request; `Err` when the server cannot be reached at all (a killed server).
    pub fn send(&mut self, method: &str, url: &str, body: Option<&Value>) -> Result<Answer, ureq::Error> {
        let mut builder = ureq::http::Request::builder().method(method).uri(url);
        if let Some(c) = &self.cookie {
            builder = builder.header("cookie", c);
        }
        let response = match body {
            Some(b) => {
                let req = builder
                    .header("content-type", "application/json")
                    .body(b.to_string())
                    .expect("a well-formed request");
                self.agent.run(req)?
            }
            None => self.agent.run(builder.body(()).expect("a well-formed request"))?,
        };
        if let Some(set) = response.headers().get("set-cookie").and_then(|v| v.to_str().ok()) {
            self.cookie = set.split(';').next().map(str::to_string);
        }
        let status = response.status().as_u16();
        let text = response.into_body().read_to_string()?;
        let body = if text.is_empty() {
            Value::Null
        } else {
            serde_json::from_str(&text).unwrap_or(Value::String(text))
        };
        Ok(Answer { status, body })
    }

    pub fn get(&mut self, url: &str) -> Answer {
        self.send("GET", url, None).expect("the server answers")
    }

    pub fn post(&mut self, url: &str, body: &Value) -> Answer {
        self.send("POST", url, Some(body)).expect("the server answers")
    }
}

static SCRATCH: AtomicUsize = AtomicUsize::new(0);

/// A number not handed out before in this test process (for scratch names and browser profiles).
pub fn unique() -> usize {
    SCRATCH.fetch_add(1, Ordering::SeqCst)
}

/// A fresh scratch directory under the system's temporary directory, removed when dropped.
pub struct Scratch(pub PathBuf);

impl Scratch {
    pub fn new(tag: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("shudu-serve-{}-{tag}-{}", std::process::id(), unique()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch directory");
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
