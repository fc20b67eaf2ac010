//! The native part of the Python package `shudu`: the engine's functions, with Python's types on the outside.
//!
//! Nothing here knows Sudoku: every function reads its arguments, calls the engine, and builds Python values from
//! the answer. The engine's errors become `ValueError` with the engine's message. Batch functions copy their input
//! out of Python, release the GIL, and answer on every core with rayon (or on a pool of `threads` threads).

use std::fmt::Display;

use numpy::ndarray::Array2;
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use rayon::prelude::*;
use shudu::dataset::{self as datasets, Entry, Maker};
use shudu::generate::{puzzle_seed, Generator, Options, Symmetry};
use shudu::logic::{Lang, Level, Silent, Solver, Step, Technique};
use shudu::rate::{self as grading, Rating, SeRating};
use shudu::{canon, format, search, Grid};

fn value_error(message: impl Display) -> PyErr {
    PyValueError::new_err(message.to_string())
}

/// A puzzle in any format the engine reads (81-character line, 9-line grid, pencil-mark grid, HoDoKu library line).
fn read_grid(text: &str) -> PyResult<Grid> {
    format::parse(text).map_err(value_error)
}

fn read(text: &str) -> PyResult<[u8; 81]> {
    read_grid(text).map(|g| *g.values())
}

/// The puzzle's line, `.` for blanks (the engine's line format).
fn line(values: &[u8; 81]) -> String {
    format::to_line(values)
}

/// The forum's convention for canonical forms: `0` for blanks.
fn zero_line(values: &[u8; 81]) -> String {
    values.iter().map(|&v| char::from(b'0' + v.min(9))).collect()
}

fn lang(name: &str) -> PyResult<Lang> {
    match name {
        "en" => Ok(Lang::En),
        "zh" => Ok(Lang::Zh),
        other => Err(value_error(format!("no language `{other}`: en or zh"))),
    }
}

/// Runs `work` without the GIL, on a pool of `threads` threads when asked, on rayon's global pool otherwise.
fn parallel<T: Send>(py: Python<'_>, threads: Option<usize>, work: impl FnOnce() -> T + Send) -> PyResult<T> {
    let pool = match threads {
        Some(0) => return Err(value_error("threads must be at least 1")),
        Some(n) => Some(
            rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build()
                .map_err(value_error)?,
        ),
        None => None,
    };
    Ok(py.detach(|| match pool {
        Some(pool) => pool.install(work),
        None => work(),
    }))
}

/// The puzzles of a batch: a list (any sequence) of strings, or a NumPy `uint8` array of shape (N, 81).
struct Batch {
    puzzles: Vec<[u8; 81]>,
    /// Whether they came as an array, so the answers go back as arrays.
    array: bool,
}

fn batch(py: Python<'_>, puzzles: &Bound<'_, PyAny>, threads: Option<usize>) -> PyResult<Batch> {
    if let Ok(array) = puzzles.cast::<PyArray2<u8>>() {
        let view = array.readonly();
        let shape = view.shape();
        if shape[1] != 81 {
            return Err(value_error(format!(
                "expected an array of shape (N, 81), got ({}, {})",
                shape[0], shape[1]
            )));
        }
        let rows = view.as_array();
        let mut out = Vec::with_capacity(shape[0]);
        for (i, row) in rows.outer_iter().enumerate() {
            let mut values = [0u8; 81];
            for (j, &v) in row.iter().enumerate() {
                if v > 9 {
                    return Err(value_error(format!(
                        "puzzles[{i}], cell {j} (r{}c{}): {v} is not a digit 0-9",
                        j / 9 + 1,
                        j % 9 + 1
                    )));
                }
                values[j] = v;
            }
            out.push(values);
        }
        return Ok(Batch {
            puzzles: out,
            array: true,
        });
    }
    if let Ok(array) = puzzles.cast::<PyUntypedArray>() {
        return Err(value_error(format!(
            "expected a uint8 array of shape (N, 81), got {} of {} dimension(s): use .astype(numpy.uint8)",
            array.dtype(),
            array.ndim()
        )));
    }
    if puzzles.is_instance_of::<pyo3::types::PyString>() {
        return Err(value_error(
            "expected a list of puzzles, got one string: wrap it in a list",
        ));
    }
    let texts: Vec<String> = puzzles
        .extract()
        .map_err(|_| value_error("expected a list of puzzle strings or a uint8 array of shape (N, 81)"))?;
    let parsed: Vec<Result<[u8; 81], String>> = parallel(py, threads, || {
        texts
            .par_iter()
            .map(|t| format::parse_line(t.trim()).map_err(|e| e.to_string()))
            .collect()
    })?;
    let mut out = Vec::with_capacity(parsed.len());
    for (i, p) in parsed.into_iter().enumerate() {
        out.push(p.map_err(|e| value_error(format!("puzzles[{i}]: {e}")))?);
    }
    Ok(Batch {
        puzzles: out,
        array: false,
    })
}

fn grid_array<'py>(py: Python<'py>, rows: &[[u8; 81]]) -> Bound<'py, PyArray2<u8>> {
    let flat: Vec<u8> = rows.iter().flatten().copied().collect();
    // The shape always matches the data: N rows of 81.
    Array2::from_shape_vec((rows.len(), 81), flat)
        .unwrap_or_else(|_| Array2::zeros((0, 81)))
        .into_pyarray(py)
}

// ------------------------------------------------------------------------------------------------------------------
// One puzzle

/// solve(puzzle) -> str
///
/// The only solution of `puzzle` (81 digits). ValueError when the puzzle cannot be read, has no solution or has
/// more than one.
#[pyfunction]
fn solve(py: Python<'_>, puzzle: &str) -> PyResult<String> {
    let values = read(puzzle)?;
    let outcome = py.detach(|| search::search(&values, 2));
    match (outcome.count, outcome.solution) {
        (1, Some(solution)) => Ok(line(&solution)),
        (0, _) => Err(value_error("no solution")),
        _ => Err(value_error("more than one solution")),
    }
}

/// count(puzzle, limit=2) -> int
///
/// The number of solutions of `puzzle`, counted no further than `limit` (2 tells a proper puzzle: 1).
#[pyfunction]
#[pyo3(signature = (puzzle, limit = 2))]
fn count(py: Python<'_>, puzzle: &str, limit: u64) -> PyResult<u64> {
    let values = read(puzzle)?;
    if limit == 0 {
        return Err(value_error("limit must be at least 1"));
    }
    Ok(py.detach(|| search::count_solutions(&values, limit)))
}

fn step_dict<'py>(py: Python<'py>, step: &Step, lang: Lang) -> PyResult<Bound<'py, PyDict>> {
    let info = step.technique.info();
    let d = PyDict::new(py);
    d.set_item("technique", info.name)?;
    d.set_item("code", info.code)?;
    d.set_item("level", info.level.name())?;
    let cells: Vec<String> = step.pattern.cells.iter().map(|c| c.to_string()).collect();
    d.set_item("cells", cells)?;
    let placements: Vec<String> = step.placements.iter().map(|(c, v)| format!("{c}={v}")).collect();
    d.set_item("placements", placements)?;
    let eliminations: Vec<String> = step.eliminations.iter().map(|(c, v)| format!("{c}<>{v}")).collect();
    d.set_item("eliminations", eliminations)?;
    d.set_item("text", step.explain(lang))?;
    Ok(d)
}

/// The board of a state with exactly one solution, or why not.
fn proper_grid(py: Python<'_>, text: &str) -> PyResult<Grid> {
    let grid = read_grid(text)?;
    let count = py.detach(|| search::search_grid(&grid, 2).count);
    match count {
        1 => Ok(grid),
        0 => Err(value_error("no solution")),
        _ => Err(value_error("more than one solution")),
    }
}

/// explain(puzzle, lang="en") -> list[dict]
///
/// The human-style solving path, one dict a step: technique, code (HoDoKu's), level, cells (of the pattern),
/// placements (`r3c4=5`), eliminations (`r3c1<>3`), text (the explanation, in English or Chinese: `lang="zh"`).
#[pyfunction]
#[pyo3(signature = (puzzle, lang = "en"))]
fn explain<'py>(py: Python<'py>, puzzle: &str, lang: &str) -> PyResult<Bound<'py, PyList>> {
    let lang = self::lang(lang)?;
    let grid = proper_grid(py, puzzle)?;
    let report = py.detach(|| Solver::new().solve(&grid, &mut Silent));
    let steps = PyList::empty(py);
    for step in &report.steps {
        steps.append(step_dict(py, step, lang)?)?;
    }
    Ok(steps)
}

/// hint(state, lang="en") -> dict | None
///
/// The easiest next step from `state`: a puzzle, or a player's pencil-mark grid. None when the grid is full.
#[pyfunction]
#[pyo3(signature = (state, lang = "en"))]
fn hint<'py>(py: Python<'py>, state: &str, lang: &str) -> PyResult<Option<Bound<'py, PyDict>>> {
    let lang = self::lang(lang)?;
    let grid = proper_grid(py, state)?;
    let step = py.detach(|| Solver::new().next_step(&grid));
    step.map(|s| step_dict(py, &s, lang)).transpose()
}

fn rating_dict<'py>(py: Python<'py>, rating: &Rating) -> PyResult<Bound<'py, PyDict>> {
    let g = &rating.grade;
    let d = PyDict::new(py);
    d.set_item("level", g.level.name())?;
    d.set_item("score", g.score)?;
    d.set_item("stars", g.stars)?;
    d.set_item("hardest", g.hardest.map(Technique::name))?;
    d.set_item("solved", g.solved)?;
    d.set_item("brute_force", g.brute_force)?;
    d.set_item("steps", g.steps)?;
    let techniques: Vec<&str> = g.techniques.iter().map(|t| t.name()).collect();
    d.set_item("techniques", techniques)?;
    let se = PyDict::new(py);
    se.set_item("er", SeRating::decimal(rating.se.er))?;
    se.set_item("ep", SeRating::decimal(rating.se.ep))?;
    se.set_item("ed", SeRating::decimal(rating.se.ed))?;
    se.set_item("hardest", rating.se.hardest.map(Technique::name))?;
    se.set_item("complete", rating.se.complete)?;
    d.set_item("se", se)?;
    Ok(d)
}

/// rate(puzzle) -> dict
///
/// HoDoKu's grading (level, score, stars 1-5, hardest technique, whether the ladder solved it, steps, techniques
/// used) and the Sudoku Explainer estimate (se: er, ep, ed). ValueError for a puzzle that is not proper.
#[pyfunction]
fn rate<'py>(py: Python<'py>, puzzle: &str) -> PyResult<Bound<'py, PyDict>> {
    let values = read(puzzle)?;
    let rating = py.detach(|| grading::rate(&values)).map_err(value_error)?;
    rating_dict(py, &rating)
}

fn level(name: &str) -> PyResult<Level> {
    match datasets::parse_levels(name).map_err(value_error)?.as_slice() {
        [level] => Ok(*level),
        _ => Err(value_error(format!("`{name}`: name one level"))),
    }
}

fn symmetry(name: &str) -> PyResult<Symmetry> {
    name.parse().map_err(value_error)
}

/// A seed when none is given: the clock and the process, below 2^53 like the engine's derived seeds.
fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    (nanos ^ u64::from(std::process::id()).rotate_left(32)) & ((1 << 53) - 1)
}

/// generate(n=1, level=None, symmetry="none", seed=None, minimal=False, threads=None) -> list[str]
///
/// `n` proper puzzles: puzzle i is made from its own seed, derived from `seed` and i, so the list is the same for
/// the same arguments on every machine and with any number of threads, and equals `shudu generate -n N --seed S`.
#[pyfunction]
#[pyo3(signature = (n = 1, level = None, symmetry = "none", seed = None, minimal = false, threads = None))]
fn generate(
    py: Python<'_>,
    n: u64,
    level: Option<&str>,
    symmetry: &str,
    seed: Option<u64>,
    minimal: bool,
    threads: Option<usize>,
) -> PyResult<Vec<String>> {
    let options = Options {
        level: level.map(self::level).transpose()?,
        symmetry: self::symmetry(symmetry)?,
        minimal,
        ..Options::default()
    };
    let generator = Generator::new(options).map_err(value_error)?;
    let seed = seed.unwrap_or_else(fresh_seed);
    let made = parallel(py, threads, || {
        (0..n)
            .into_par_iter()
            .map(|i| generator.generate(puzzle_seed(seed, i)).map(|g| g.puzzle))
            .collect::<Vec<_>>()
    })?;
    made.into_iter()
        .enumerate()
        .map(|(i, r)| {
            r.map(|p| line(&p))
                .map_err(|e| value_error(format!("puzzle {i} (seed {}): {e}", puzzle_seed(seed, i as u64))))
        })
        .collect()
}

/// canonical(puzzle) -> str
///
/// The minlex form of the puzzle's class (or a full grid's): the least 81-character string, blanks as `0`, that a
/// map of the symmetry group and a relabelling make of it. Isomorphic puzzles, and only they, share it.
#[pyfunction]
fn canonical(puzzle: &str) -> PyResult<String> {
    let values = format::parse_line(puzzle.trim())
        .or_else(|_| read(puzzle))
        .map_err(value_error)?;
    Ok(zero_line(&canon::canonical(&values)))
}

/// isomorph(puzzle, seed) -> str
///
/// A random member of the puzzle's class (a random map of the symmetry group and relabelling), the same for the same
/// seed: the inverse tool of `canonical`.
#[pyfunction]
fn isomorph(puzzle: &str, seed: u64) -> PyResult<String> {
    let values = format::parse_line(puzzle.trim())
        .or_else(|_| read(puzzle))
        .map_err(value_error)?;
    Ok(line(&canon::random_isomorph(&values, seed)))
}

// ------------------------------------------------------------------------------------------------------------------
// Batches

/// solve_batch(puzzles, threads=None) -> list[str | None] | numpy.ndarray
///
/// The only solution of each puzzle (None, or a row of zeros for an array, when it has none or several).
#[pyfunction]
#[pyo3(signature = (puzzles, threads = None))]
fn solve_batch<'py>(py: Python<'py>, puzzles: &Bound<'py, PyAny>, threads: Option<usize>) -> PyResult<Py<PyAny>> {
    let batch = batch(py, puzzles, threads)?;
    let solved: Vec<Option<[u8; 81]>> = parallel(py, threads, || {
        batch
            .puzzles
            .par_iter()
            .map(|p| {
                let outcome = search::search(p, 2);
                outcome.solution.filter(|_| outcome.count == 1)
            })
            .collect()
    })?;
    if batch.array {
        let rows: Vec<[u8; 81]> = solved.iter().map(|s| s.unwrap_or([0; 81])).collect();
        return Ok(grid_array(py, &rows).into_any().unbind());
    }
    let lines: Vec<Option<String>> = solved.iter().map(|s| s.as_ref().map(line)).collect();
    Ok(lines.into_pyobject(py)?.into_any().unbind())
}

/// count_batch(puzzles, limit=2, threads=None) -> list[int] | numpy.ndarray
///
/// The number of solutions of each puzzle, counted no further than `limit` (a uint64 array for an array).
#[pyfunction]
#[pyo3(signature = (puzzles, limit = 2, threads = None))]
fn count_batch<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    limit: u64,
    threads: Option<usize>,
) -> PyResult<Py<PyAny>> {
    if limit == 0 {
        return Err(value_error("limit must be at least 1"));
    }
    let batch = batch(py, puzzles, threads)?;
    let counts: Vec<u64> = parallel(py, threads, || {
        batch
            .puzzles
            .par_iter()
            .map(|p| search::count_solutions(p, limit))
            .collect()
    })?;
    if batch.array {
        return Ok(PyArray1::from_vec(py, counts).into_any().unbind());
    }
    Ok(counts.into_pyobject(py)?.into_any().unbind())
}

/// canonical_batch(puzzles, threads=None) -> list[str] | numpy.ndarray
///
/// The minlex form of each puzzle (an array of shape (N, 81) for an array).
#[pyfunction]
#[pyo3(signature = (puzzles, threads = None))]
fn canonical_batch<'py>(py: Python<'py>, puzzles: &Bound<'py, PyAny>, threads: Option<usize>) -> PyResult<Py<PyAny>> {
    let batch = batch(py, puzzles, threads)?;
    let forms: Vec<[u8; 81]> = parallel(py, threads, || batch.puzzles.par_iter().map(canon::canonical).collect())?;
    if batch.array {
        return Ok(grid_array(py, &forms).into_any().unbind());
    }
    let lines: Vec<String> = forms.iter().map(zero_line).collect();
    Ok(lines.into_pyobject(py)?.into_any().unbind())
}

/// rate_batch(puzzles, threads=None) -> list[dict | None] | dict[str, numpy.ndarray]
///
/// The rating of each puzzle, as `rate` gives it (None for a puzzle that is not proper). For an array, a dict of
/// arrays: level (int8: 0 Easy to 4 Extreme, -1 not proper), score (uint32), stars (uint8), solved (bool), se_er,
/// se_ep, se_ed (float32), and hardest (a list of technique names).
#[pyfunction]
#[pyo3(signature = (puzzles, threads = None))]
fn rate_batch<'py>(py: Python<'py>, puzzles: &Bound<'py, PyAny>, threads: Option<usize>) -> PyResult<Py<PyAny>> {
    let batch = batch(py, puzzles, threads)?;
    let rated: Vec<Option<Rating>> = parallel(py, threads, || {
        let solver = grading::grading_solver();
        let se = grading::SeLadder::new();
        batch
            .puzzles
            .par_iter()
            .map(|p| grading::rate_with(p, &solver, &se).ok())
            .collect()
    })?;
    if !batch.array {
        let list = PyList::empty(py);
        for r in &rated {
            match r {
                Some(r) => list.append(rating_dict(py, r)?)?,
                None => list.append(py.None())?,
            }
        }
        return Ok(list.into_any().unbind());
    }
    let n = rated.len();
    let (mut level, mut score, mut stars, mut solved) = (
        Vec::with_capacity(n),
        Vec::with_capacity(n),
        Vec::with_capacity(n),
        Vec::with_capacity(n),
    );
    let (mut er, mut ep, mut ed, mut hardest) = (
        Vec::with_capacity(n),
        Vec::with_capacity(n),
        Vec::with_capacity(n),
        Vec::with_capacity(n),
    );
    for r in &rated {
        match r {
            Some(r) => {
                level.push(r.grade.level as i8);
                score.push(r.grade.score);
                stars.push(r.grade.stars);
                solved.push(r.grade.solved);
                er.push(SeRating::decimal(r.se.er) as f32);
                ep.push(SeRating::decimal(r.se.ep) as f32);
                ed.push(SeRating::decimal(r.se.ed) as f32);
                hardest.push(r.grade.hardest.map(Technique::name));
            }
            None => {
                level.push(-1);
                score.push(0);
                stars.push(0);
                solved.push(false);
                er.push(0.0);
                ep.push(0.0);
                ed.push(0.0);
                hardest.push(None);
            }
        }
    }
    let d = PyDict::new(py);
    d.set_item("level", PyArray1::from_vec(py, level))?;
    d.set_item("score", PyArray1::from_vec(py, score))?;
    d.set_item("stars", PyArray1::from_vec(py, stars))?;
    d.set_item("solved", PyArray1::from_vec(py, solved))?;
    d.set_item("se_er", PyArray1::from_vec(py, er))?;
    d.set_item("se_ep", PyArray1::from_vec(py, ep))?;
    d.set_item("se_ed", PyArray1::from_vec(py, ed))?;
    d.set_item("hardest", hardest)?;
    Ok(d.into_any().unbind())
}

// ------------------------------------------------------------------------------------------------------------------
// Datasets

fn entry_dict<'py>(py: Python<'py>, e: &Entry, split: Option<&str>) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("index", e.index)?;
    d.set_item("seed", e.seed)?;
    d.set_item("puzzle", line(&e.puzzle))?;
    d.set_item("solution", line(&e.solution))?;
    d.set_item("canonical", zero_line(&e.canonical))?;
    d.set_item("level", e.grade.level.name())?;
    d.set_item("score", e.grade.score)?;
    d.set_item("stars", e.grade.stars)?;
    d.set_item("se_er", SeRating::decimal(e.se.er))?;
    d.set_item("se_ep", SeRating::decimal(e.se.ep))?;
    d.set_item("se_ed", SeRating::decimal(e.se.ed))?;
    d.set_item("hardest", e.grade.hardest.map(Technique::name))?;
    let techniques = PyDict::new(py);
    for &(t, n) in &e.counts {
        techniques.set_item(t.name(), n)?;
    }
    d.set_item("techniques", techniques)?;
    d.set_item("givens", e.givens())?;
    if let Some(split) = split {
        d.set_item("split", split)?;
    }
    Ok(d)
}

/// dataset(start, count, seed, levels=None, symmetry="none", minimal=False, split=None, threads=None) -> list[dict]
///
/// Entries `start` to `start + count - 1` of the dataset of `seed`, as `shudu dataset` makes them: entry i is the
/// puzzle of its own seed at level levels[i % len(levels)], rated in full. Each dict: index, seed, puzzle, solution,
/// canonical, level, score, stars, se_er, se_ep, se_ed, hardest, techniques ({name: steps}), givens, and split (its
/// share of `split`, e.g. "train=0.9,test=0.1", drawn from the canonical form) when a split is given. No entry is
/// dropped here: deduplicate by `canonical`.
#[pyfunction]
#[pyo3(signature = (start, count, seed, levels = None, symmetry = "none", minimal = false, split = None, threads = None))]
#[allow(clippy::too_many_arguments)]
fn dataset<'py>(
    py: Python<'py>,
    start: u64,
    count: u64,
    seed: u64,
    levels: Option<&Bound<'py, PyAny>>,
    symmetry: &str,
    minimal: bool,
    split: Option<&str>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyList>> {
    let levels: Vec<Level> = match levels {
        None => Vec::new(),
        Some(l) if l.is_none() => Vec::new(),
        Some(l) => match l.extract::<String>() {
            Ok(text) => datasets::parse_levels(&text).map_err(value_error)?,
            Err(_) => {
                let names: Vec<String> = l
                    .extract()
                    .map_err(|_| value_error("levels: a string such as \"easy-unfair\", or a list of level names"))?;
                let mut all = Vec::new();
                for name in names {
                    all.push(level(&name)?);
                }
                all
            }
        },
    };
    let split: Option<datasets::Split> = split.map(|s| s.parse().map_err(value_error)).transpose()?;
    let maker = Maker::new(&levels, self::symmetry(symmetry)?, minimal).map_err(value_error)?;
    let end = start
        .checked_add(count)
        .ok_or_else(|| value_error("start + count is past 2^64"))?;
    let made = parallel(py, threads, || {
        (start..end)
            .into_par_iter()
            .map(|i| maker.make(seed, i))
            .collect::<Vec<_>>()
    })?;
    let list = PyList::empty(py);
    for (i, entry) in (start..end).zip(made) {
        let entry = entry.map_err(|e| value_error(format!("entry {i} (seed {}): {e}", puzzle_seed(seed, i))))?;
        let share = split.as_ref().map(|s| s.names()[s.of(&entry.canonical)].as_str());
        list.append(entry_dict(py, &entry, share)?)?;
    }
    Ok(list)
}

/// The native module, re-exported by the package `shudu`.
#[pymodule]
fn _shudu(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(count, m)?)?;
    m.add_function(wrap_pyfunction!(explain, m)?)?;
    m.add_function(wrap_pyfunction!(hint, m)?)?;
    m.add_function(wrap_pyfunction!(rate, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add_function(wrap_pyfunction!(canonical, m)?)?;
    m.add_function(wrap_pyfunction!(isomorph, m)?)?;
    m.add_function(wrap_pyfunction!(solve_batch, m)?)?;
    m.add_function(wrap_pyfunction!(count_batch, m)?)?;
    m.add_function(wrap_pyfunction!(canonical_batch, m)?)?;
    m.add_function(wrap_pyfunction!(rate_batch, m)?)?;
    m.add_function(wrap_pyfunction!(dataset, m)?)?;
    Ok(())
}
