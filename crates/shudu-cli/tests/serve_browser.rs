//! The web game in a real browser: `shudu serve` on a free loopback port with a scratch data directory, headless
//! Chromium driven through chromedriver (fantoccini), and a player's sessions: an Easy puzzle played keyboard-only to
//! its completion summary; a staged hint that marks cells, then applies; a conflict marked beyond colour and a hint
//! that names the mistake first; notes with undo and redo; cells selected by a touch drag and by Ctrl/Shift+click,
//! filled from the on-screen keypad; a reload that keeps the game and the clock; a share link opened in a fresh
//! browser; the explain view walked by keyboard; a phone-sized viewport with no horizontal scroll; axe-core's audit
//! (no serious or critical violation); the first load's weight and the Content-Security-Policy; and screenshots at
//! phone and desktop size in the three themes, kept under the target directory (`target/tmp/screenshots/`).
//!
//! Each test skips, saying why, where Chromium or chromedriver is missing (the axe test also where its copy of
//! axe-core is: `npm ci` in `tests/web`); `.ci/run` installs all three.

mod common;

use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::server::{unique, Guard, Scratch, Server};
use fantoccini::actions::{
    InputSource, KeyAction, KeyActions, MouseActions, PointerAction, TouchActions, MOUSE_BUTTON_LEFT,
};
use fantoccini::key::Key;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};

/// How long any awaited condition may take before the test fails.
const PATIENCE: Duration = Duration::from_secs(20);

/// The browser tests run one at a time: each starts a server, a driver and a browser, which is plenty for two cores.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

fn find_on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
}

/// Says why a test cannot run, and goes on — except where `.ci/run` has promised the tools
/// (`SHUDU_REQUIRE_BROWSER`): in CI a browser test that skips is a failure, not a pass.
fn skip(name: &str, why: &str) {
    if std::env::var_os("SHUDU_REQUIRE_BROWSER").is_some() {
        panic!("{name} cannot run, and SHUDU_REQUIRE_BROWSER says it must: {why}");
    }
    eprintln!("skipping {name}: {why}");
}

/// Chromium and chromedriver, or why the tests cannot run.
fn browser_tools() -> Result<(PathBuf, PathBuf), String> {
    let chromium = ["chromium", "chromium-browser"]
        .iter()
        .find_map(|n| find_on_path(n))
        .ok_or("chromium is not installed (Debian: apt-get install chromium)")?;
    let driver = find_on_path("chromedriver")
        .ok_or("chromedriver is not installed (Debian: apt-get install chromium-driver)")?;
    Ok((chromium, driver))
}

fn axe_source() -> Result<String, String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/web/node_modules/axe-core/axe.min.js");
    std::fs::read_to_string(&path).map_err(|_| {
        format!(
            "axe-core is not installed ({} is missing: run `npm ci` in tests/web)",
            path.display()
        )
    })
}

/// chromedriver on a free port; browsers get fresh profiles under `profiles`.
struct Driver {
    url: String,
    chromium: PathBuf,
    profiles: Scratch,
    _process: Guard,
}

fn free_port() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a free port");
    listener.local_addr().expect("its address").port()
}

impl Driver {
    fn start(chromium: PathBuf, chromedriver: &Path) -> Driver {
        let port = free_port();
        let child = Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let process = Guard(child);
        let start = Instant::now();
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(start.elapsed() < PATIENCE, "chromedriver never listened on port {port}");
            std::thread::sleep(Duration::from_millis(50));
        }
        Driver {
            url: format!("http://127.0.0.1:{port}"),
            chromium,
            profiles: Scratch::new("profiles"),
            _process: process,
        }
    }

    /// A new browser with a profile of its own: no cookie, so a new player.
    async fn browser(&self, width: u32, height: u32) -> Client {
        let profile = self.profiles.0.join(format!("p{}", unique()));
        let args = vec![
            "--headless".to_string(),
            "--no-sandbox".to_string(),
            "--disable-gpu".to_string(),
            "--disable-dev-shm-usage".to_string(),
            "--disable-quic".to_string(),
            "--no-first-run".to_string(),
            "--disable-background-networking".to_string(),
            "--disable-component-update".to_string(),
            "--disable-sync".to_string(),
            "--hide-scrollbars".to_string(),
            format!("--window-size={width},{height}"),
            format!("--user-data-dir={}", profile.display()),
        ];
        let mut caps = serde_json::Map::new();
        caps.insert(
            "goog:chromeOptions".to_string(),
            json!({ "binary": self.chromium.to_string_lossy(), "args": args }),
        );
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        ClientBuilder::new(connector)
            .capabilities(caps)
            .connect(&self.url)
            .await
            .expect("a browser session")
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        // A browser left behind by a failed test still has its profile under ours: end it by its id.
        let Ok(entries) = std::fs::read_dir("/proc") else {
            return;
        };
        let marker = self.profiles.0.to_string_lossy().into_owned();
        for entry in entries.flatten() {
            let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
                continue;
            };
            let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) else {
                continue;
            };
            if String::from_utf8_lossy(&cmdline).contains(&marker) {
                let _ = Command::new("kill").arg("-9").arg(pid.to_string()).status();
            }
        }
    }
}

/// One test's setting: a server, a driver, and the scenario run on a tokio runtime; every browser it opened is
/// closed afterwards, whether it passed or not. Skips, saying why, when the browser tools are missing.
fn scenario<F, Fut>(name: &str, body: F)
where
    F: FnOnce(Env) -> Fut,
    Fut: std::future::Future<Output = ()> + Send + 'static,
{
    let (chromium, chromedriver) = match browser_tools() {
        Ok(tools) => tools,
        Err(why) => {
            skip(name, &why);
            return;
        }
    };
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let started = Instant::now();
    let data = Scratch::new("data");
    let server = Server::start(&data.0);
    let driver = Arc::new(Driver::start(chromium, &chromedriver));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    let clients = Arc::new(Mutex::new(Vec::new()));
    let env = Env {
        base: server.url.clone(),
        driver: driver.clone(),
        clients: clients.clone(),
    };
    let result = runtime.block_on(async {
        let result = tokio::spawn(body(env)).await;
        let open: Vec<Client> = clients.lock().unwrap_or_else(|e| e.into_inner()).drain(..).collect();
        for c in open {
            let _ = c.close().await;
        }
        result
    });
    drop(runtime);
    drop(driver);
    drop(server);
    drop(data);
    eprintln!("{name}: {:.1} s", started.elapsed().as_secs_f64());
    if let Err(e) = result {
        std::panic::resume_unwind(e.into_panic());
    }
}

/// What a scenario has: the server's address and a way to open browsers.
struct Env {
    base: String,
    driver: Arc<Driver>,
    clients: Arc<Mutex<Vec<Client>>>,
}

impl Env {
    /// A new browser with a fresh profile (so a new player), its window `width` × `height`.
    async fn browser(&self, width: u32, height: u32) -> Client {
        let c = self.driver.browser(width, height).await;
        self.clients.lock().unwrap_or_else(|e| e.into_inner()).push(c.clone());
        c
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }
}

// ---------------------------------------------------------------------------------------------------------------------
// Page helpers

/// Runs `script` (a function body) until it returns something other than null/false, and returns that.
async fn wait_js(c: &Client, script: &str, what: &str) -> Value {
    let start = Instant::now();
    loop {
        let v = c.execute(script, vec![]).await.expect("the script runs");
        if !(v.is_null() || v == Value::Bool(false)) {
            return v;
        }
        if start.elapsed() > PATIENCE {
            let state = c
                .execute(
                    "return document.getElementById('sync-text').textContent + ' | ' + \
                     [...document.querySelectorAll('.toast')].map(t => t.textContent).join(' / ')",
                    vec![],
                )
                .await
                .unwrap_or(Value::Null);
            panic!("timed out waiting for {what} (page: {state})");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn js(c: &Client, script: &str) -> Value {
    c.execute(script, vec![]).await.expect("the script runs")
}

/// Opens the page and waits for a game on the board.
async fn open(c: &Client, url: &str) {
    c.goto(url).await.expect("the page opens");
    wait_for_board(c).await;
}

async fn wait_for_board(c: &Client) {
    wait_js(
        c,
        "const b = document.getElementById('board'); return b && b.dataset.puzzle && b.dataset.puzzle.length === 81 \
         && document.querySelectorAll('#board [role=gridcell][aria-label]').length === 81",
        "a game on the board",
    )
    .await;
}

/// The cells' accessible names, as a screen reader says them.
async fn labels(c: &Client) -> Vec<String> {
    let v = js(
        c,
        "return [...document.querySelectorAll('#board [role=gridcell]')].map(e => e.getAttribute('aria-label'))",
    )
    .await;
    v.as_array()
        .expect("a list")
        .iter()
        .map(|s| s.as_str().unwrap_or_default().to_string())
        .collect()
}

/// The board's digits read from the cells' names ("row 3, column 4: 7"), and which of them are givens.
fn read_board(labels: &[String]) -> ([u8; 81], [bool; 81]) {
    let mut values = [0u8; 81];
    let mut givens = [false; 81];
    for (i, label) in labels.iter().enumerate() {
        let after = label.split(": ").nth(1).unwrap_or("");
        let first = after.split(',').next().unwrap_or("").trim();
        values[i] = first.parse().unwrap_or(0);
        givens[i] = label.contains(", given");
    }
    (values, givens)
}

async fn board_values(c: &Client) -> [u8; 81] {
    read_board(&labels(c).await).0
}

/// Sends keys to whatever has the focus, as a keyboard would.
async fn keys(c: &Client, text: &str) {
    let active = c.active_element().await.expect("a focused element");
    active.send_keys(text).await.expect("the keys are sent");
}

fn ctrl(key: char) -> String {
    format!("{}{key}{}", char::from(Key::Control), char::from(Key::Null))
}

fn shift(key: char) -> String {
    format!("{}{key}{}", char::from(Key::Shift), char::from(Key::Null))
}

/// The arrow keys that take the cursor from cell `from` to cell `to`.
fn arrows(from: usize, to: usize) -> String {
    let (fr, fc) = ((from / 9) as i32, (from % 9) as i32);
    let (tr, tc) = ((to / 9) as i32, (to % 9) as i32);
    let mut s = String::new();
    let (v, h) = (tr - fr, tc - fc);
    let vk = if v > 0 { Key::Down } else { Key::Up };
    let hk = if h > 0 { Key::Right } else { Key::Left };
    for _ in 0..v.abs() {
        s.push(char::from(vk));
    }
    for _ in 0..h.abs() {
        s.push(char::from(hk));
    }
    s
}

async fn cursor(c: &Client) -> usize {
    let v = js(
        c,
        "const e = document.querySelector('#board .cell.cursor'); return e ? Number(e.dataset.i) : -1",
    )
    .await;
    usize::try_from(v.as_i64().expect("a cursor")).expect("the board has a cursor")
}

async fn wait_saved(c: &Client) {
    wait_js(
        c,
        "return document.getElementById('sync').dataset.state === 'saved'",
        "the moves to be saved",
    )
    .await;
}

/// The clock's reading in seconds.
async fn clock_seconds(c: &Client) -> u64 {
    let text = js(c, "return document.getElementById('timer').textContent").await;
    text.as_str()
        .expect("the clock's text")
        .split(':')
        .fold(0, |acc, part| acc * 60 + part.parse::<u64>().expect("a number"))
}

fn solution_of(values: &[u8; 81], givens: &[bool; 81]) -> [u8; 81] {
    let mut puzzle = [0u8; 81];
    for i in 0..81 {
        if givens[i] {
            puzzle[i] = values[i];
        }
    }
    shudu::search::solve(&puzzle).expect("the page's puzzle has a solution")
}

fn screenshot_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("screenshots");
    std::fs::create_dir_all(&dir).expect("the screenshot directory");
    dir
}

async fn screenshot(c: &Client, name: &str) {
    let png = c.screenshot().await.expect("a screenshot");
    let path = screenshot_dir().join(format!("{name}.png"));
    std::fs::write(&path, png).expect("the screenshot is written");
    eprintln!("screenshot: {}", path.display());
}

/// Sets the viewport (not the window) to `width` × `height`.
async fn viewport(c: &Client, width: u32, height: u32) {
    c.set_window_size(width, height).await.expect("the window resizes");
    let inner = js(c, "return [window.innerWidth, window.innerHeight]").await;
    let (iw, ih) = (
        inner[0].as_u64().unwrap_or(0) as u32,
        inner[1].as_u64().unwrap_or(0) as u32,
    );
    if iw != width || ih != height {
        c.set_window_size(width + width.saturating_sub(iw), height + height.saturating_sub(ih))
            .await
            .expect("the window resizes");
    }
    wait_js(
        c,
        &format!("return window.innerWidth === {width} && window.innerHeight === {height}"),
        "the viewport size",
    )
    .await;
}

/// Picks a theme in the settings dialog, as a player would, and closes it.
async fn choose_theme(c: &Client, theme: &str) {
    c.find(Locator::Id("settings-btn"))
        .await
        .expect("settings")
        .click()
        .await
        .expect("click");
    c.find(Locator::Css(&format!("input[name=theme][value={theme}]")))
        .await
        .expect("the theme's radio")
        .click()
        .await
        .expect("click");
    wait_js(
        c,
        &format!(
            "return (document.documentElement.dataset.theme || 'system') === '{theme}' && \
             document.getElementById('settings-dialog').open"
        ),
        "the theme to apply",
    )
    .await;
    js(c, "document.getElementById('settings-dialog').close(); return true").await;
}

// ---------------------------------------------------------------------------------------------------------------------
// The scenarios

#[test]
fn an_easy_puzzle_played_to_its_summary_keyboard_only() {
    scenario("an Easy puzzle played keyboard-only", |env| async move {
        let c = env.browser(1280, 800).await;
        open(&c, &env.url("/")).await;
        let (values, givens) = read_board(&labels(&c).await);
        let solution = solution_of(&values, &givens);
        let mut at = cursor(&c).await;
        let empties: Vec<usize> = (0..81).filter(|&i| values[i] == 0).collect();
        assert!(empties.len() > 20, "an Easy puzzle has empty cells");
        let mut typed = String::new();
        for &i in &empties {
            typed.push_str(&arrows(at, i));
            typed.push(char::from(b'0' + solution[i]));
            at = i;
        }
        keys(&c, &typed).await;
        wait_js(
            &c,
            "return document.getElementById('summary-dialog').open",
            "the completion summary",
        )
        .await;
        let summary = js(&c, "return document.getElementById('summary-list').textContent").await;
        let summary = summary.as_str().unwrap_or_default().to_string();
        assert!(
            summary.contains("Time") && summary.contains("Mistakes0"),
            "summary: {summary}"
        );
        assert_eq!(board_values(&c).await, solution);
        screenshot(&c, "desktop-solved").await;
    });
}

/// The first empty cell and the keys that take the cursor there.
async fn go_to_first_empty(c: &Client) -> usize {
    let values = board_values(c).await;
    let target = (0..81).find(|&i| values[i] == 0).expect("an empty cell");
    let from = cursor(c).await;
    keys(c, &arrows(from, target)).await;
    wait_js(
        c,
        &format!("return document.activeElement && document.activeElement.dataset.i === '{target}'"),
        "the focus on the first empty cell",
    )
    .await;
    target
}

async fn wait_label(c: &Client, cell: usize, want: &str, what: &str) -> String {
    let v = wait_js(
        c,
        &format!(
            "const l = document.querySelector('#board [data-i=\"{cell}\"]').getAttribute('aria-label'); \
             return l.includes({want:?}) ? l : null"
        ),
        what,
    )
    .await;
    v.as_str().unwrap_or_default().to_string()
}

async fn wait_label_without(c: &Client, cell: usize, gone: &str, what: &str) -> String {
    let v = wait_js(
        c,
        &format!(
            "const l = document.querySelector('#board [data-i=\"{cell}\"]').getAttribute('aria-label'); \
             return l.includes({gone:?}) ? null : l"
        ),
        what,
    )
    .await;
    v.as_str().unwrap_or_default().to_string()
}

#[test]
fn a_staged_hint_marks_the_cells_then_applies() {
    scenario("a staged hint", |env| async move {
        let c = env.browser(1280, 800).await;
        open(&c, &env.url("/")).await;
        let before = labels(&c).await;
        keys(&c, "h").await;
        // Stage 1: the technique and where to look, the houses outlined, no cell marked yet.
        let text = wait_js(
            &c,
            "const p = document.getElementById('hint-panel'); \
             return !p.hidden && document.querySelectorAll('#board .hint-house').length >= 9 \
             && document.getElementById('hint-text').textContent",
            "the hint's first stage",
        )
        .await;
        assert!(!text.as_str().unwrap_or_default().is_empty());
        assert_eq!(
            js(&c, "return document.querySelectorAll('#board .hint-cell').length").await,
            json!(0)
        );
        keys(&c, "h").await;
        // Stage 2: the cells marked, with what goes where.
        wait_js(
            &c,
            "return document.querySelectorAll('#board .hint-cell').length > 0 \
             && document.querySelectorAll('#board .digit.place, #board .note.elim').length > 0",
            "the hint's cells marked",
        )
        .await;
        let marked = labels(&c).await;
        assert!(marked.iter().any(|l| l.contains("hint:")), "the marked cells say so");
        assert_eq!(
            read_board(&marked).0,
            read_board(&before).0,
            "nothing is applied at stage 2"
        );
        keys(&c, "h").await;
        // Stage 3: applied by the server, as a move.
        wait_js(
            &c,
            "return document.getElementById('hint-panel').dataset.stage === '3' \
             && document.querySelectorAll('#board .hint-cell').length === 0",
            "the hint applied",
        )
        .await;
        wait_saved(&c).await;
        let after = labels(&c).await;
        assert_ne!(after, before, "the hint changed the board");
        assert!(after.iter().all(|l| !l.contains("hint:")));
        // And it is a move like any other: undone with Ctrl+Z.
        keys(&c, &ctrl('z')).await;
        wait_js(
            &c,
            &format!(
                "return JSON.stringify([...document.querySelectorAll('#board [role=gridcell]')]\
                 .map(e => e.getAttribute('aria-label'))) === {:?}",
                serde_json::to_string(&before).expect("json")
            ),
            "the hint undone",
        )
        .await;
    });
}

#[test]
fn notes_with_undo_and_redo() {
    scenario("notes with undo and redo", |env| async move {
        let c = env.browser(1280, 800).await;
        open(&c, &env.url("/")).await;
        let cell = go_to_first_empty(&c).await;
        // Centre notes in centre mode (X), a corner note with Shift, one more centre note with Ctrl.
        keys(&c, "x12").await;
        wait_label(&c, cell, "notes 1 2", "centre notes 1 2").await;
        keys(&c, &shift('7')).await;
        wait_label(&c, cell, "corner notes 7", "corner note 7").await;
        keys(&c, &ctrl('5')).await;
        let label = wait_label(&c, cell, "notes 1 2 5", "centre note 5").await;
        assert!(label.contains("corner notes 7"), "{label}");
        // Undo three times: the 5, the corner 7, the 2.
        keys(&c, &ctrl('z')).await;
        wait_label_without(&c, cell, "notes 1 2 5", "5 undone").await;
        keys(&c, &ctrl('z')).await;
        wait_label_without(&c, cell, "corner notes", "corner 7 undone").await;
        keys(&c, &ctrl('z')).await;
        let label = wait_label_without(&c, cell, "notes 1 2", "2 undone").await;
        assert!(label.contains("notes 1"), "{label}");
        // Redo all three.
        keys(&c, &format!("{}{}{}", ctrl('y'), ctrl('y'), ctrl('y'))).await;
        let label = wait_label(&c, cell, "notes 1 2 5", "all redone").await;
        assert!(label.contains("corner notes 7"), "{label}");
        wait_saved(&c).await;
        // Several cells at once: Shift+arrow extends the selection, a note goes into both.
        keys(&c, &format!("{}9", shift(char::from(Key::Right)))).await;
        let values = board_values(&c).await;
        let label = wait_label(&c, cell, "notes 1 2 5 9", "9 in the first cell").await;
        assert!(label.contains("corner notes 7"));
        if values[cell + 1] == 0 && cell % 9 < 8 {
            wait_label(&c, cell + 1, "notes 9", "9 in the second cell").await;
        }
        // Back to digit mode: a digit replaces the notes in the cursor's cell.
        keys(&c, "z").await;
        wait_js(
            &c,
            "return document.querySelector('.mode[data-mode=digit]').getAttribute('aria-pressed') === 'true'",
            "digit mode",
        )
        .await;
    });
}

#[test]
fn a_reload_keeps_the_game_and_the_clock() {
    scenario("a reload", |env| async move {
        let c = env.browser(1280, 800).await;
        open(&c, &env.url("/")).await;
        let (values, givens) = read_board(&labels(&c).await);
        let solution = solution_of(&values, &givens);
        let cell = go_to_first_empty(&c).await;
        keys(&c, &format!("{}x3", char::from(b'0' + solution[cell]))).await;
        wait_saved(&c).await;
        let target = (0..81)
            .find(|&i| values[i] == 0 && i != cell)
            .expect("another empty cell");
        keys(&c, &format!("{}3", arrows(cell, target))).await;
        wait_label(&c, target, "notes 3", "a note").await;
        wait_saved(&c).await;
        wait_js(
            &c,
            "const t = document.getElementById('timer').textContent.split(':').map(Number); \
             return t[t.length - 1] >= 3 || t.length > 2 || t[0] > 0",
            "three seconds on the clock",
        )
        .await;
        let before_labels = labels(&c).await;
        let before_clock = clock_seconds(&c).await;
        c.refresh().await.expect("the page reloads");
        wait_for_board(&c).await;
        assert_eq!(
            labels(&c).await,
            before_labels,
            "the same game, digits and notes after the reload"
        );
        let after_clock = clock_seconds(&c).await;
        assert!(
            after_clock >= before_clock,
            "the clock went back from {before_clock} s to {after_clock} s"
        );
    });
}

#[test]
fn a_share_link_opens_the_same_puzzle_in_a_fresh_browser() {
    scenario("a share link", |env| async move {
        let a = env.browser(1280, 800).await;
        open(&a, &env.url("/")).await;
        let cell = go_to_first_empty(&a).await;
        keys(&a, "x4").await;
        wait_label(&a, cell, "notes 4", "a note").await;
        wait_saved(&a).await;
        let puzzle = js(&a, "return document.getElementById('board').dataset.puzzle").await;
        let a_labels = labels(&a).await;
        a.find(Locator::Id("share-btn"))
            .await
            .expect("share")
            .click()
            .await
            .expect("click");
        let plain = js(&a, "return document.getElementById('share-link').value").await;
        a.find(Locator::Css("input[name=share-kind][value=progress]"))
            .await
            .expect("the progress option")
            .click()
            .await
            .expect("click");
        let full = wait_js(
            &a,
            "const v = document.getElementById('share-link').value; return v.includes('&v=') ? v : null",
            "a link with the progress",
        )
        .await;
        let (plain, full) = (plain.as_str().expect("a link"), full.as_str().expect("a link"));
        assert!(plain.contains("/?p=") && !plain.contains("&v="), "{plain}");

        // A fresh browser is a new player: the link shows the same puzzle, then with the progress the same notes.
        let b = env.browser(1280, 800).await;
        open(&b, plain).await;
        assert_eq!(
            js(&b, "return document.getElementById('board').dataset.puzzle").await,
            puzzle
        );
        let b_labels = labels(&b).await;
        assert!(!b_labels[cell].contains("notes"), "the plain link carries no notes");
        let url = b.current_url().await.expect("the address");
        assert!(url.query().is_none(), "the address is tidied after opening: {url}");
        open(&b, full).await;
        assert_eq!(
            js(&b, "return document.getElementById('board').dataset.puzzle").await,
            puzzle
        );
        assert_eq!(labels(&b).await, a_labels, "the progress came with the link");
    });
}

/// Checks that the page has no horizontal scroll and its board is whole in the viewport.
async fn fits_across(c: &Client, what: &str) {
    let v = js(
        c,
        "const d = document.documentElement; const b = document.getElementById('board').getBoundingClientRect(); \
         return [d.scrollWidth, window.innerWidth, document.body.scrollWidth, b.left, b.right]",
    )
    .await;
    let n = |k: usize| v[k].as_f64().unwrap_or(f64::NAN);
    assert!(n(0) <= n(1) && n(2) <= n(1), "{what}: the page scrolls sideways ({v})");
    assert!(
        n(3) >= 0.0 && n(4) <= n(1),
        "{what}: the board does not fit across ({v})"
    );
}

#[test]
fn a_phone_viewport_has_no_horizontal_scroll() {
    scenario("a 375×667 viewport", |env| async move {
        let c = env.browser(375, 667).await;
        c.goto(&env.url("/")).await.expect("the page opens");
        viewport(&c, 375, 667).await;
        wait_for_board(&c).await;
        fits_across(&c, "375×667").await;
        // With notes, a hint and every dialog open in turn.
        go_to_first_empty(&c).await;
        keys(&c, "x123456789h").await;
        wait_js(&c, "return !document.getElementById('hint-panel').hidden", "a hint").await;
        fits_across(&c, "375×667 with a hint").await;
        for (button, dialog) in [
            ("new-btn", "new-dialog"),
            ("settings-btn", "settings-dialog"),
            ("stats-btn", "stats-dialog"),
            ("share-btn", "share-dialog"),
        ] {
            c.find(Locator::Id(button))
                .await
                .expect("a menu button")
                .click()
                .await
                .expect("click");
            wait_js(&c, &format!("return document.getElementById('{dialog}').open"), dialog).await;
            fits_across(&c, dialog).await;
            let inside = js(
                &c,
                &format!(
                    "const d = document.getElementById('{dialog}'); \
                     return d.scrollWidth <= d.clientWidth && d.getBoundingClientRect().right <= window.innerWidth"
                ),
            )
            .await;
            assert_eq!(inside, json!(true), "{dialog} fits across the phone");
            js(&c, &format!("document.getElementById('{dialog}').close(); return true")).await;
        }
        viewport(&c, 360, 740).await;
        fits_across(&c, "360×740").await;
    });
}

#[test]
fn screenshots_at_phone_and_desktop_size() {
    scenario("screenshots", |env| async move {
        let c = env.browser(1280, 800).await;
        c.goto(&env.url("/")).await.expect("the page opens");
        wait_for_board(&c).await;
        // A game in progress: some digits, notes, a colour and a hint at its second stage.
        let (values, givens) = read_board(&labels(&c).await);
        let solution = solution_of(&values, &givens);
        let empties: Vec<usize> = (0..81).filter(|&i| values[i] == 0).collect();
        let mut at = cursor(&c).await;
        let mut typed = String::new();
        for &i in empties.iter().take(6) {
            typed.push_str(&arrows(at, i));
            typed.push(char::from(b'0' + solution[i]));
            at = i;
        }
        typed.push('x');
        for &i in empties.iter().skip(8).take(4) {
            // Centre notes that keep the true digit (so the hint is a step, not a mistake).
            typed.push_str(&arrows(at, i));
            typed.push(char::from(b'0' + solution[i]));
            typed.push(char::from(b'0' + solution[i] % 9 + 1));
            at = i;
        }
        typed.push('c');
        for &i in empties.iter().skip(12).take(2) {
            typed.push_str(&arrows(at, i));
            typed.push_str("28");
            at = i;
        }
        typed.push('v');
        typed.push_str(&arrows(at, empties[14]));
        typed.push('4');
        typed.push('z');
        keys(&c, &typed).await;
        wait_saved(&c).await;
        keys(&c, "hh").await;
        wait_js(
            &c,
            "return document.querySelectorAll('#board .hint-cell').length > 0",
            "the hint's cells",
        )
        .await;
        for theme in ["light", "dark", "contrast"] {
            choose_theme(&c, theme).await;
            for (w, h, name) in [(1280, 800, "desktop"), (375, 667, "phone"), (360, 740, "phone-360")] {
                viewport(&c, w, h).await;
                fits_across(&c, name).await;
                screenshot(&c, &format!("{name}-{theme}")).await;
            }
            viewport(&c, 1280, 800).await;
        }
    });
}

#[test]
fn axe_finds_no_serious_or_critical_violation() {
    let axe = match axe_source() {
        Ok(source) => source,
        Err(why) => {
            skip("the axe-core audit", &why);
            return;
        }
    };
    scenario("axe-core", |env| async move {
        let c = env.browser(1280, 800).await;
        open(&c, &env.url("/")).await;
        go_to_first_empty(&c).await;
        keys(&c, "x15hh").await;
        wait_js(
            &c,
            "return document.querySelectorAll('#board .hint-cell').length > 0",
            "a hint's cells",
        )
        .await;
        c.execute(&format!("{axe}\nreturn true;"), vec![])
            .await
            .expect("axe-core loads");
        let mut problems = Vec::new();
        for (what, setup, open) in [
            ("the board with notes and a hint", "", ""),
            (
                "the settings dialog",
                "document.getElementById('settings-btn').click();",
                "settings-dialog",
            ),
            (
                "the new-game dialog",
                "document.getElementById('settings-dialog').close(); document.getElementById('new-btn').click();",
                "new-dialog",
            ),
        ] {
            if !setup.is_empty() {
                js(&c, &format!("{setup} return true")).await;
                wait_js(&c, &format!("return document.getElementById('{open}').open"), open).await;
            }
            for theme in ["light", "dark", "contrast"] {
                js(
                    &c,
                    &format!("document.documentElement.dataset.theme = '{theme}'; return true"),
                )
                .await;
                let result = c
                    .execute_async(
                        "const done = arguments[arguments.length - 1]; \
                         axe.run(document, { resultTypes: ['violations'] }).then(r => done(r.violations.map(v => \
                         ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map(n => n.target.join(' ') + ': ' + n.failureSummary) })))) \
                         .catch(e => done([{ id: 'axe-error', impact: 'critical', help: String(e), nodes: [] }]));",
                        vec![],
                    )
                    .await
                    .expect("axe runs");
                for v in result.as_array().expect("a list of violations") {
                    let impact = v["impact"].as_str().unwrap_or("");
                    if impact == "serious" || impact == "critical" {
                        problems.push(format!(
                            "{what}, {theme}: {} ({impact}): {}\n    {}",
                            v["id"], v["help"], v["nodes"]
                        ));
                    } else {
                        eprintln!("axe ({what}, {theme}, {impact}): {} {}", v["id"], v["help"]);
                    }
                }
            }
        }
        assert!(problems.is_empty(), "axe-core found:\n{}", problems.join("\n"));
    });
}

#[test]
fn the_first_load_is_small_and_breaks_no_policy() {
    scenario("the first load's weight", |env| async move {
        let c = env.browser(1280, 800).await;
        open(&c, &env.url("/")).await;
        // What crossed the wire for the document and everything it loaded (compressed sizes), once all is in.
        let sizes = wait_js(
            &c,
            "if (document.readyState !== 'complete') return null; \
             const nav = performance.getEntriesByType('navigation')[0]; \
             const res = performance.getEntriesByType('resource').filter(r => !r.name.includes('/api/')); \
             return { total: [nav, ...res].reduce((s, e) => s + (e.encodedBodySize || 0), 0), \
                      files: res.map(r => r.name.replace(location.origin, '') + ' ' + r.encodedBodySize) }",
            "the page loaded",
        )
        .await;
        let total = sizes["total"].as_u64().expect("a size");
        eprintln!("first load: {total} bytes compressed; {}", sizes["files"]);
        assert!(total > 1000, "the sizes were measured");
        assert!(total <= 100 * 1024, "the first load is {total} bytes, over 100 KB");
        let csp = js(&c, "return document.documentElement.dataset.cspViolations || ''").await;
        assert_eq!(csp, json!(""), "the Content-Security-Policy was broken");
    });
}

#[test]
fn the_explain_view_walks_the_path_by_keyboard() {
    scenario("the explain view", |env| async move {
        let c = env.browser(1280, 800).await;
        open(&c, &env.url("/")).await;
        c.find(Locator::Id("explain-btn"))
            .await
            .expect("explain")
            .click()
            .await
            .expect("click");
        let count = wait_js(
            &c,
            "const n = document.querySelectorAll('#explain-list .step').length; return n > 0 ? n : null",
            "the solving path",
        )
        .await;
        assert!(
            count.as_u64().unwrap_or(0) > 10,
            "an Easy puzzle's path has steps: {count}"
        );
        assert!(
            js(&c, "return document.getElementById('explain-count').textContent").await
                == json!(format!("Step 1 of {count}"))
        );
        // The arrow keys walk the steps; a step with a picture shows it (a blob: URL the policy allows).
        js(&c, "document.querySelector('#explain-list .step').focus(); return true").await;
        keys(&c, &format!("{}{}", char::from(Key::Right), char::from(Key::Right))).await;
        wait_js(
            &c,
            "return document.getElementById('explain-count').textContent.startsWith('Step 3 ') \
             && document.activeElement.getAttribute('aria-current') === 'step'",
            "the third step",
        )
        .await;
        wait_js(
            &c,
            "const img = document.getElementById('explain-img'); \
             return img.hidden || (img.complete && img.naturalWidth > 0 && img.src.startsWith('blob:'))",
            "the step's picture",
        )
        .await;
        keys(&c, &char::from(Key::Escape).to_string()).await;
        wait_js(
            &c,
            "return !document.getElementById('explain-dialog').open",
            "the dialog closed",
        )
        .await;
        let csp = js(&c, "return document.documentElement.dataset.cspViolations || ''").await;
        assert_eq!(csp, json!(""), "the Content-Security-Policy was broken");
    });
}

#[test]
fn a_conflict_is_marked_beyond_colour_and_a_hint_names_the_mistake_first() {
    scenario("a conflict and a mistake hint", |env| async move {
        let c = env.browser(1280, 800).await;
        open(&c, &env.url("/")).await;
        let (values, givens) = read_board(&labels(&c).await);
        // An empty cell and a given of its row: typing the given's digit there breaks the rules.
        let (cell, given) = (0..81)
            .filter(|&i| values[i] == 0)
            .find_map(|i| {
                let row = i / 9 * 9;
                (row..row + 9).find(|&g| givens[g]).map(|g| (i, g))
            })
            .expect("an empty cell with a given in its row");
        let from = cursor(&c).await;
        keys(
            &c,
            &format!("{}{}", arrows(from, cell), char::from(b'0' + values[given])),
        )
        .await;
        wait_saved(&c).await;
        let label = wait_label(&c, cell, "wrong", "the wrong digit marked").await;
        assert!(label.contains(&format!(": {}", values[given])), "{label}");
        wait_label(&c, given, "repeated", "the given it repeats marked").await;
        let style = js(
            &c,
            &format!(
                "const d = document.querySelector('#board [data-i=\"{cell}\"] .digit'); \
                 return getComputedStyle(d).textDecorationLine + ' ' + getComputedStyle(d).textDecorationStyle"
            ),
        )
        .await;
        assert_eq!(style, json!("underline wavy"), "the error is underlined, not only red");
        // A hint names the mistake before any step, and its last stage clears it.
        keys(&c, "h").await;
        wait_js(
            &c,
            "return document.getElementById('hint-stage').textContent.includes('mistake')",
            "a hint about the mistake",
        )
        .await;
        keys(&c, "hh").await;
        wait_label_without(&c, cell, "wrong", "the mistake cleared by the hint").await;
    });
}

async fn cell_element(c: &Client, i: usize) -> fantoccini::elements::Element {
    c.find(Locator::Css(&format!("#board [data-i='{i}']")))
        .await
        .expect("a cell")
}

fn to(element: fantoccini::elements::Element) -> PointerAction {
    PointerAction::MoveToElement {
        element,
        duration: Some(Duration::from_millis(50)),
        x: 0.0,
        y: 0.0,
    }
}

async fn selected(c: &Client) -> Vec<usize> {
    let v = js(
        c,
        "return [...document.querySelectorAll('#board [role=gridcell][aria-selected=true]')].map(e => Number(e.dataset.i))",
    )
    .await;
    v.as_array()
        .expect("a list")
        .iter()
        .map(|x| x.as_u64().expect("an index") as usize)
        .collect()
}

/// A click on `cell` with `modifier` held.
async fn click_with(c: &Client, cell: usize, modifier: Key) {
    let keys = KeyActions::new("keyboard".to_string())
        .then(KeyAction::Down {
            value: char::from(modifier),
        })
        .then(KeyAction::Pause {
            duration: Duration::ZERO,
        })
        .then(KeyAction::Pause {
            duration: Duration::ZERO,
        })
        .then(KeyAction::Up {
            value: char::from(modifier),
        });
    let mouse = MouseActions::new("mouse".to_string())
        .then(to(cell_element(c, cell).await))
        .then(PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        })
        .then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        })
        .then(PointerAction::Pause {
            duration: Duration::ZERO,
        });
    c.perform_actions(fantoccini::actions::Actions::from(keys).and(mouse))
        .await
        .expect("the click");
}

#[test]
fn cells_selected_by_touch_drag_and_modified_clicks_take_the_keypad() {
    scenario("selection by pointer and touch", |env| async move {
        let c = env.browser(375, 667).await;
        c.goto(&env.url("/")).await.expect("the page opens");
        viewport(&c, 375, 667).await;
        wait_for_board(&c).await;
        // A finger drawn across the first row's first three cells selects them.
        let touch = TouchActions::new("finger".to_string())
            .then(to(cell_element(&c, 0).await))
            .then(PointerAction::Down {
                button: MOUSE_BUTTON_LEFT,
            })
            .then(to(cell_element(&c, 1).await))
            .then(to(cell_element(&c, 2).await))
            .then(PointerAction::Up {
                button: MOUSE_BUTTON_LEFT,
            });
        c.perform_actions(touch).await.expect("the drag");
        wait_js(
            &c,
            "return document.querySelectorAll('#board .cell.sel').length === 3",
            "three cells selected",
        )
        .await;
        assert_eq!(selected(&c).await, vec![0, 1, 2]);
        // Ctrl+click adds a cell, Shift+click another; a plain click selects one alone.
        click_with(&c, 40, Key::Control).await;
        click_with(&c, 80, Key::Shift).await;
        wait_js(
            &c,
            "return document.querySelectorAll('#board .cell.sel').length === 5",
            "five cells selected",
        )
        .await;
        assert_eq!(selected(&c).await, vec![0, 1, 2, 40, 80]);
        // The keypad, in centre-note mode, writes the note into every empty selected cell.
        let values = board_values(&c).await;
        c.find(Locator::Css(".mode[data-mode=centre]"))
            .await
            .expect("centre mode")
            .click()
            .await
            .expect("tap");
        c.find(Locator::Css("#keypad .key[data-d='6']"))
            .await
            .expect("key 6")
            .click()
            .await
            .expect("tap");
        for i in [0, 1, 2, 40, 80] {
            if values[i] == 0 {
                wait_label(&c, i, "notes 6", "the note in each empty selected cell").await;
            }
        }
        wait_saved(&c).await;
        cell_element(&c, 30).await.click().await.expect("a click");
        wait_js(
            &c,
            "return document.querySelectorAll('#board .cell.sel').length === 1",
            "one cell selected",
        )
        .await;
        assert_eq!(selected(&c).await, vec![30]);
    });
}
