//! Batches: puzzles from arguments, files and standard input, answered in parallel a chunk at a time and written in
//! input order. Every command that gives one answer per puzzle runs through here, so they read inputs, number lines,
//! use threads and treat a closed pipe alike.

use std::ffi::OsString;
use std::io::{self, Read};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Once;

use rayon::prelude::*;
use rayon::ThreadPool;

use crate::input::{self, Input, Item, LineReader, STDIN_NAME};
use crate::output::warn;
use crate::Status;

/// Where answers go, in input order.
pub trait Sink<A> {
    /// Writes the answer to one item (and reports it on standard error when it is an error).
    fn write(&mut self, item: &Item, answer: &A) -> io::Result<()>;
    fn flush(&mut self) -> io::Result<()>;
    /// Failed once any answer was an error.
    fn status(&self) -> Status;
}

/// How a batch is cut and run.
pub struct Plan {
    /// Puzzles answered together. Larger chunks keep cores busier; each chunk's answers are held in memory until
    /// written, so commands with long answers use smaller ones.
    pub chunk: usize,
    /// Worker threads; `None` for one per core.
    pub threads: Option<usize>,
}

/// Answers every input named in `inputs` (standard input when there are none) with `answer`, in parallel, and
/// writes the answers to `sink` in input order.
pub fn run<A, F, S>(inputs: &[OsString], plan: &Plan, answer: F, sink: &mut S) -> Status
where
    A: Send,
    F: Fn(&Item) -> A + Sync,
    S: Sink<A>,
{
    watch_interrupts();
    let pool = match plan.threads.map(pool).transpose() {
        Ok(pool) => pool,
        Err(status) => return status,
    };
    let mut batch = Batch {
        pool,
        chunk: plan.chunk.max(1),
        answer,
        sink,
    };
    let result = batch.all(inputs).and_then(|status| {
        batch.sink.flush()?;
        Ok(status)
    });
    match result {
        Ok(status) => status.and(batch.sink.status()),
        // A reader that stopped listening (`| head`) wanted no more output: end quietly.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => batch.sink.status(),
        // Ctrl-C: what was answered is written whole, and nothing after it.
        Err(e) if e.kind() == io::ErrorKind::Interrupted => {
            // A flush that fails now has nobody left to tell: the run ends with 130 either way.
            let _ = batch.sink.flush();
            Status::Failed
        }
        Err(e) => {
            warn(format_args!("shudu: cannot write the output: {e}"));
            Status::Failed
        }
    }
}

/// Set by the first SIGINT or SIGTERM a batch receives.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);
/// Set while the batch waits for input, when every answer so far has been written and flushed.
static READING: AtomicBool = AtomicBool::new(false);

/// Catches SIGINT and SIGTERM, so that a batch stops after the answers it has (written whole) rather than dying in
/// the middle of a line. While it waits for input (someone typing, a slow pipe) there is nothing half-written, and
/// it ends at once; so does a second signal, for a batch that does not stop soon enough. The exit status is 130,
/// as a shell gives for Ctrl-C.
pub fn watch_interrupts() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        for signal in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
            let action = || {
                if READING.load(Ordering::SeqCst) || INTERRUPTED.swap(true, Ordering::SeqCst) {
                    signal_hook::low_level::exit(130);
                }
            };
            // SAFETY: the action only touches atomics and calls `_exit`, all async-signal-safe.
            if let Err(e) = unsafe { signal_hook::low_level::register(signal, action) } {
                warn(format_args!("shudu: note: Ctrl-C may cut a line short ({e})"));
            }
        }
    });
}

/// Whether a batch was stopped by SIGINT or SIGTERM (its exit status is then 130).
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// A pool of `n` worker threads, or the failure already reported.
pub fn pool(n: usize) -> Result<ThreadPool, Status> {
    rayon::ThreadPoolBuilder::new().num_threads(n).build().map_err(|e| {
        warn(format_args!("shudu: cannot start {n} threads: {e}"));
        Status::Failed
    })
}

struct Batch<'s, F, S> {
    pool: Option<ThreadPool>,
    chunk: usize,
    answer: F,
    sink: &'s mut S,
}

impl<F, S> Batch<'_, F, S> {
    /// Answers every input in order. `Err` only when writing the output failed, which ends the run; unreadable
    /// inputs are reported and make the status Failed.
    fn all<A>(&mut self, inputs: &[OsString]) -> io::Result<Status>
    where
        A: Send,
        F: Fn(&Item) -> A + Sync,
        S: Sink<A>,
    {
        let mut status = Status::Ok;
        // Puzzles given as arguments are gathered so that a long list of them is answered in parallel too.
        let mut pending = Vec::new();
        for (i, arg) in input::arguments_or_stdin(inputs).iter().enumerate() {
            match input::classify(arg, i + 1) {
                Input::Puzzle(item) => {
                    pending.push(item);
                    if pending.len() >= self.chunk {
                        self.answer_chunk(&mut pending)?;
                    }
                }
                Input::Stdin => {
                    self.answer_chunk(&mut pending)?;
                    status = status.and(self.stream(io::stdin(), STDIN_NAME)?);
                }
                Input::File(path) => {
                    self.answer_chunk(&mut pending)?;
                    let name = path.display().to_string();
                    let opened = input::open_file(&path);
                    match opened {
                        Ok(file) => status = status.and(self.stream(file, &name)?),
                        Err(e) => {
                            warn(format_args!("shudu: {name}: {e}"));
                            status = Status::Failed;
                        }
                    }
                }
                Input::Missing(message) => {
                    self.answer_chunk(&mut pending)?;
                    warn(format_args!("shudu: {message}"));
                    status = Status::Failed;
                }
            }
        }
        self.answer_chunk(&mut pending)?;
        Ok(status)
    }

    /// Answers a file or standard input a chunk at a time: read, answer in parallel, write.
    fn stream<A, R: Read>(&mut self, reader: R, name: &str) -> io::Result<Status>
    where
        A: Send,
        F: Fn(&Item) -> A + Sync,
        S: Sink<A>,
    {
        let mut lines = LineReader::new(reader, name);
        let mut chunk = Vec::with_capacity(self.chunk);
        loop {
            READING.store(true, Ordering::SeqCst);
            if interrupted() {
                READING.store(false, Ordering::SeqCst);
                return Err(io::Error::from(io::ErrorKind::Interrupted));
            }
            let read = lines.read_chunk(self.chunk, &mut chunk);
            READING.store(false, Ordering::SeqCst);
            // Lines read before a read error are still answered.
            self.answer_chunk(&mut chunk)?;
            match read {
                Ok(true) => {}
                Ok(false) => return Ok(Status::Ok),
                Err(e) => {
                    warn(format_args!("shudu: {name}: {e}"));
                    return Ok(Status::Failed);
                }
            }
        }
    }

    /// Answers `items` in parallel, writes their answers in order, and empties `items`.
    fn answer_chunk<A>(&mut self, items: &mut Vec<Item>) -> io::Result<()>
    where
        A: Send,
        F: Fn(&Item) -> A + Sync,
        S: Sink<A>,
    {
        if items.is_empty() {
            return Ok(());
        }
        let answer = &self.answer;
        // After an interrupt, puzzles not yet started are left: the answers before the first of them are written.
        let work = || -> Vec<Option<A>> { items.par_iter().map(|i| (!interrupted()).then(|| answer(i))).collect() };
        let answers = match &self.pool {
            Some(pool) => pool.install(work),
            None => work(),
        };
        for (item, answer) in items.iter().zip(&answers) {
            let Some(answer) = answer else { break };
            self.sink.write(item, answer)?;
        }
        items.clear();
        if interrupted() {
            return Err(io::Error::from(io::ErrorKind::Interrupted));
        }
        // Each chunk is shown as soon as it is done, so answers to typed or slowly piped puzzles are not held back.
        self.sink.flush()
    }
}
