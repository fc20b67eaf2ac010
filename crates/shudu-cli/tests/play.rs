//! `shudu play` in a real terminal: tmux runs the game, keys are sent, and the pane is read back. A session places
//! a digit, takes a staged hint, undoes it, quits, and resumes to the same board.
//!
//! Skips, saying so, when tmux is not installed (CI installs it in `.ci/run`).

use std::path::PathBuf;
use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

use serde_json::Value;
use shudu::Cell;

/// A tmux server of this test's own (its own socket), so no user's sessions are touched; killed when dropped.
struct Tmux {
    socket: String,
    data: PathBuf,
}

impl Tmux {
    /// A server of the test named `tag` (tests run in parallel in one process).
    fn new(tag: &str) -> Tmux {
        let socket = format!("shudu-play-test-{tag}-{}", std::process::id());
        let data = std::env::temp_dir().join(format!("{socket}-data"));
        let _ = std::fs::remove_dir_all(&data);
        Tmux { socket, data }
    }

    fn tmux(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Starts the game in a new 80×24 session; the shell stays a while after it ends so its last words can be read.
    fn start(&self, name: &str, args: &str) {
        let command = format!(
            "env SHUDU_DATA_DIR='{}' '{}' play {args}; echo EXITED $?; sleep 60",
            self.data.display(),
            env!("CARGO_BIN_EXE_shudu")
        );
        self.tmux(&["new-session", "-d", "-s", name, "-x", "80", "-y", "24", &command]);
    }

    fn keys(&self, name: &str, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", name];
        args.extend_from_slice(keys);
        self.tmux(&args);
    }

    fn screen(&self, name: &str) -> String {
        self.tmux(&["capture-pane", "-p", "-t", name])
    }

    /// Waits until the pane shows `text`, and returns the screen then.
    fn wait_for(&self, name: &str, text: &str) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen(name);
            if screen.contains(text) {
                return screen;
            }
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "the pane never showed {text:?}; it shows:\n{screen}"
            );
            sleep(Duration::from_millis(100));
        }
    }

    /// The pane once it has stopped changing: a frame's text reaches the terminal in pieces, and on a loaded
    /// machine a capture taken when its last line shows may still lack the lines above.
    fn settled(&self, name: &str) -> String {
        let start = Instant::now();
        let mut last = self.screen(name);
        loop {
            sleep(Duration::from_millis(100));
            let now = self.screen(name);
            if now == last || start.elapsed() > Duration::from_secs(20) {
                return now;
            }
            last = now;
        }
    }

    fn save(&self) -> Value {
        let text = std::fs::read_to_string(self.data.join("game.json")).expect("the game is saved");
        serde_json::from_str(&text).expect("the save is JSON")
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        self.tmux(&["kill-server"]);
        let _ = std::fs::remove_dir_all(&self.data);
    }
}

fn has_tmux() -> bool {
    Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success())
}

fn digits(save: &Value, field: &str) -> Vec<u8> {
    save[field]
        .as_str()
        .expect("an 81-character line")
        .chars()
        .map(|c| c.to_digit(10).map_or(0, |d| d as u8))
        .collect()
}

/// The board's part of the screen (the panel beside it holds the timer, which moves).
fn board(screen: &str) -> String {
    screen
        .lines()
        .take(23)
        .map(|l| l.chars().take(58).collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The keys that walk the cursor from the centre, where a game starts, to `cell`.
fn walk(cell: Cell) -> Vec<&'static str> {
    let (r, c) = (cell.row() as isize - 4, cell.col() as isize - 4);
    let mut keys = Vec::new();
    keys.extend(std::iter::repeat_n(if r < 0 { "k" } else { "j" }, r.unsigned_abs()));
    keys.extend(std::iter::repeat_n(
        if c < 0 { "Left" } else { "Right" },
        c.unsigned_abs(),
    ));
    keys
}

#[test]
fn place_hint_undo_quit_resume() {
    if !has_tmux() {
        eprintln!("skipped: tmux is not installed (CI installs it)");
        return;
    }
    let t = Tmux::new("session");
    t.start("game", "--seed 1 --level easy");
    t.wait_for("game", "seed 1");
    let save = t.save();
    let values = digits(&save, "values");
    let solution = digits(&save, "solution");

    // Place the solution's digit in the first empty cell.
    let cell = Cell::ALL
        .into_iter()
        .find(|c| values[c.index()] == 0)
        .expect("an empty cell");
    t.keys("game", &walk(cell));
    let digit = solution[cell.index()].to_string();
    t.keys("game", &[&digit]);
    let start = Instant::now();
    while digits(&t.save(), "values")[cell.index()] == 0 {
        assert!(start.elapsed() < Duration::from_secs(20), "the digit was never saved");
        sleep(Duration::from_millis(100));
    }
    let placed = digits(&t.save(), "values");
    assert_eq!(placed[cell.index()], solution[cell.index()]);

    // A staged hint: technique and area, then the cells, then applied.
    t.keys("game", &["?"]);
    t.wait_for("game", "hint 1/3: Look at ");
    t.keys("game", &["?"]);
    t.wait_for("game", "hint 2/3: ");
    t.keys("game", &["?"]);
    t.wait_for("game", "hint 3/3: ");
    let start = Instant::now();
    while digits(&t.save(), "values") == placed && t.save()["notes"] == save["notes"] {
        assert!(start.elapsed() < Duration::from_secs(20), "the hint was never applied");
        sleep(Duration::from_millis(100));
    }

    // Undo takes the hint back.
    t.keys("game", &["u"]);
    t.wait_for("game", "undone");
    assert_eq!(digits(&t.save(), "values"), placed);
    let before_quit = board(&t.settled("game"));
    assert!(before_quit.contains(&digit));

    // Quit, then resume: the same board.
    t.keys("game", &["q"]);
    let last = t.wait_for("game", "EXITED");
    assert!(last.contains("saved; resume with"), "{last}");
    assert!(last.contains("EXITED 0"), "{last}");
    t.start("again", "--resume");
    t.wait_for("again", "seed 1");
    assert_eq!(board(&t.settled("again")), before_quit);
    // A live resize: the larger layout (its panel lists every key) appears without a restart.
    t.tmux(&["resize-window", "-t", "again", "-x", "120", "-y", "40"]);
    t.wait_for("again", "q save and quit");
    t.keys("again", &["q"]);
    t.wait_for("again", "EXITED 0");
}

/// Starts the game with `env` set, its process id written to `pid` in the data directory; once it ends, the shell
/// shows its exit status and the terminal's modes (`stty -a`: raw mode left on would show `-icanon -echo`).
fn start_watched(t: &Tmux, name: &str, env: &str, args: &str) -> u32 {
    std::fs::create_dir_all(&t.data).expect("the data directory is made");
    let pid_file = t.data.join("pid");
    let _ = std::fs::remove_file(&pid_file);
    let command = format!(
        "env SHUDU_DATA_DIR='{data}' {env} sh -c 'echo $$ > {pid}; exec {bin} play {args}'; echo EXITED $?; \
         stty -a | tr ';' '\\n' | grep -ow -e -icanon -e icanon -e -echo -e echo; sleep 60",
        data = t.data.display(),
        pid = pid_file.display(),
        bin = env!("CARGO_BIN_EXE_shudu"),
    );
    t.tmux(&["new-session", "-d", "-s", name, "-x", "80", "-y", "24", &command]);
    let start = Instant::now();
    loop {
        if let Some(pid) = std::fs::read_to_string(&pid_file)
            .ok()
            .and_then(|s| s.trim().parse().ok())
        {
            return pid;
        }
        assert!(start.elapsed() < Duration::from_secs(20), "the game never started");
        sleep(Duration::from_millis(50));
    }
}

/// After the game ended: the screen is the shell's again (not the game's alternate screen) and the line discipline
/// is back in canonical mode with echo.
fn assert_restored(t: &Tmux, name: &str, screen: &str) {
    assert_eq!(
        t.tmux(&["display", "-p", "-t", name, "#{alternate_on}"]).trim(),
        "0",
        "{screen}"
    );
    let modes = t.wait_for(name, "icanon");
    assert!(
        !modes.contains("-icanon") && !modes.contains("-echo"),
        "raw mode left on:\n{modes}"
    );
}

#[test]
fn sigterm_saves_and_restores_the_terminal() {
    if !has_tmux() {
        eprintln!("skipped: tmux is not installed (CI installs it)");
        return;
    }
    let t = Tmux::new("term");
    let pid = start_watched(&t, "term", "", "--seed 2 --level easy");
    t.wait_for("term", "seed 2");
    let killed = Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let last = t.wait_for("term", "EXITED");
    assert!(last.contains("EXITED 0"), "{last}");
    assert!(last.contains("saved; resume with"), "{last}");
    assert_restored(&t, "term", &last);
    assert_eq!(t.save()["seed"], 2);
}

#[test]
fn a_panic_restores_the_terminal() {
    if !has_tmux() {
        eprintln!("skipped: tmux is not installed (CI installs it)");
        return;
    }
    let t = Tmux::new("panic");
    // SHUDU_TEST_PANIC works in builds with debug assertions, as the test profile's are.
    start_watched(
        &t,
        "panic",
        "SHUDU_TEST_PANIC=1 RUST_BACKTRACE=0",
        "--seed 3 --level easy",
    );
    let last = t.wait_for("panic", "EXITED");
    assert!(last.contains("EXITED 101"), "{last}");
    assert!(last.contains("SHUDU_TEST_PANIC"), "{last}");
    assert_restored(&t, "panic", &last);
}
