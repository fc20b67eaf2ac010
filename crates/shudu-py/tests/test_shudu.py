"""The Python package `shudu`: every function, its errors, and the NumPy batch round trip."""

import threading

import numpy as np
import pytest

import shudu

# A proper puzzle (Medium: locked triples), one that needs only singles, one with three solutions.
MEDIUM = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
MEDIUM_SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
EASY = "006800005080200007050347200000000013003009000800000500000060080000403000700100020"
SEVERAL = "..3.....6...98..2.9426..7..45...6............1.9.5.47.....25.4.6...785..........."
NO_SOLUTION = "..9.7...5..21..9..1...28....7...5..1..851.....5....3.......3..68........21.....87"  # givens clash
DEAD = "12345678." + "." * 8 + "9" + "." * 63  # r1c9 can hold nothing
EMPTY = "." * 81


def to_array(lines):
    return np.array([[0 if c in ".0" else int(c) for c in line] for line in lines], dtype=np.uint8)


def to_line(row):
    return "".join("." if v == 0 else str(v) for v in row)


# --- one puzzle ----------------------------------------------------------------------------------------------------


def test_solve_gives_the_only_solution():
    assert shudu.solve(MEDIUM) == MEDIUM_SOLUTION
    # Any format the engine reads: the 9-line grid too.
    grid = "\n".join(MEDIUM[i : i + 9] for i in range(0, 81, 9))
    assert shudu.solve(grid) == MEDIUM_SOLUTION


def test_solve_errors_carry_the_engines_message():
    with pytest.raises(ValueError, match="more than one solution"):
        shudu.solve(SEVERAL)
    with pytest.raises(ValueError, match="no solution"):
        shudu.solve("12345678." + "." * 8 + "9" + "." * 63)
    with pytest.raises(ValueError, match="column 1: unexpected 'x'"):
        shudu.solve("x" + MEDIUM[1:])
    with pytest.raises(ValueError, match="80 cells, expected 81"):
        shudu.solve(MEDIUM[:80])
    with pytest.raises(ValueError, match="both hold"):
        shudu.solve("55" + "." * 79)


def test_count_counts_up_to_the_limit():
    assert shudu.count(MEDIUM) == 1
    assert shudu.count(SEVERAL) == 2
    assert shudu.count(SEVERAL, limit=10) == 3
    assert shudu.count(EMPTY, limit=5) == 5
    with pytest.raises(ValueError, match="limit"):
        shudu.count(MEDIUM, limit=0)
    with pytest.raises(ValueError):
        shudu.count("not a puzzle")


def test_explain_gives_every_step_as_a_dict():
    steps = shudu.explain(EASY)
    assert len(steps) > 40
    first = steps[0]
    assert set(first) == {"technique", "code", "level", "cells", "placements", "eliminations", "text"}
    assert first["text"] == "Naked Single: r1c6=1"
    assert first["placements"] == ["r1c6=1"]
    assert first["cells"] == ["r1c6"]
    assert all(s["level"] == "Easy" for s in steps)
    medium = shudu.explain(MEDIUM)
    assert any(s["eliminations"] for s in medium)
    assert any(s["technique"] == "Locked Triple" for s in medium)
    zh = shudu.explain(EASY, lang="zh")
    assert zh[0]["text"].startswith("唯余法")
    assert zh[0]["technique"] == "Naked Single"


def test_explain_errors():
    with pytest.raises(ValueError, match="no language `fr`"):
        shudu.explain(EASY, lang="fr")
    with pytest.raises(ValueError, match="more than one solution"):
        shudu.explain(SEVERAL)
    with pytest.raises(ValueError, match="unexpected"):
        shudu.explain("?" * 81)


def test_hint_gives_the_next_step_or_none():
    step = shudu.hint(EASY)
    assert step["text"] == "Naked Single: r1c6=1"
    assert shudu.hint(MEDIUM_SOLUTION) is None
    assert shudu.hint(EASY, lang="zh")["text"].startswith("唯余法")
    # A player's state as a 9-line grid, a digit placed: the next step from there.
    placed = EASY[:5] + "1" + EASY[6:]
    grid = "\n".join(placed[i : i + 9] for i in range(0, 81, 9))
    assert shudu.hint(grid)["text"] != "Naked Single: r1c6=1"
    with pytest.raises(ValueError, match="no solution"):
        shudu.hint(DEAD)
    with pytest.raises(ValueError, match="r4c6 and r5c4 both hold 5"):
        shudu.hint(NO_SOLUTION)
    with pytest.raises(ValueError, match="no language"):
        shudu.hint(EASY, lang="de")


def test_rate_grades_as_the_cli_does():
    r = shudu.rate(MEDIUM)
    assert r["level"] == "Medium"
    assert r["score"] == 696  # HoDoKu 2.2 (`/vst`) grades it Medium (696) too
    assert r["stars"] == 2
    assert r["hardest"] == "Locked Triple"
    assert r["solved"] is True
    assert r["brute_force"] is False
    assert r["steps"] > 0 and "Locked Triple" in r["techniques"]
    assert set(r["se"]) == {"er", "ep", "ed", "hardest", "complete"}
    assert r["se"]["er"] >= r["se"]["ed"]
    assert shudu.rate(EASY)["level"] == "Easy"


def test_rate_errors():
    with pytest.raises(ValueError, match="more than one solution"):
        shudu.rate(EMPTY)
    with pytest.raises(ValueError, match="no solution"):
        shudu.rate(DEAD)
    with pytest.raises(ValueError, match="both hold"):
        shudu.rate(NO_SOLUTION)
    with pytest.raises(ValueError, match="unexpected"):
        shudu.rate("z" * 81)


def test_generate_is_reproducible_and_keeps_its_promises():
    a = shudu.generate(6, level="hard", symmetry="rot180", seed=42)
    b = shudu.generate(6, level="Hard", symmetry="rot180", seed=42, threads=1)
    assert a == b
    assert len(a) == 6 and len(set(a)) == 6
    for p in a:
        assert shudu.count(p) == 1
        assert shudu.rate(p)["level"] == "Hard"
        assert all((p[i] == ".") == (p[80 - i] == ".") for i in range(81))
    # The first puzzle of seed s is the puzzle of seed s alone.
    assert shudu.generate(1, level="hard", symmetry="rot180", seed=42) == a[:1]
    minimal = shudu.generate(2, seed=3, minimal=True)
    for p in minimal:
        for i, c in enumerate(p):
            if c != ".":
                assert shudu.count(p[:i] + "." + p[i + 1 :]) == 2
    assert len(shudu.generate(2)) == 2


def test_generate_errors():
    with pytest.raises(ValueError, match="`tough` is not a level"):
        shudu.generate(1, level="tough")
    with pytest.raises(ValueError, match="name one level"):
        shudu.generate(1, level="easy-hard")
    with pytest.raises(ValueError, match="symmetry"):
        shudu.generate(1, symmetry="spiral")
    with pytest.raises(ValueError, match="threads"):
        shudu.generate(1, threads=0)


def test_canonical_forms_and_isomorphs():
    form = shudu.canonical(MEDIUM)
    assert len(form) == 81 and set(form) <= set("0123456789")
    assert form.startswith("00000000")
    assert shudu.canonical(form) == form
    for seed in range(20):
        moved = shudu.isomorph(MEDIUM, seed)
        assert shudu.count(moved) == 1
        assert shudu.canonical(moved) == form
    assert shudu.isomorph(MEDIUM, 1) == shudu.isomorph(MEDIUM, 1)
    assert shudu.isomorph(MEDIUM, 1) != shudu.isomorph(MEDIUM, 2)
    assert shudu.canonical(EASY) != form
    # A full grid's form starts 123456789.
    assert shudu.canonical(MEDIUM_SOLUTION).startswith("123456789")
    with pytest.raises(ValueError):
        shudu.canonical("1234")
    with pytest.raises(ValueError):
        shudu.isomorph("#" * 81, 1)


# --- batches -------------------------------------------------------------------------------------------------------


def test_batches_over_lists():
    puzzles = [MEDIUM, EASY, SEVERAL, NO_SOLUTION]
    assert shudu.solve_batch(puzzles) == [MEDIUM_SOLUTION, shudu.solve(EASY), None, None]
    assert shudu.count_batch(puzzles) == [1, 1, 2, 0]
    assert shudu.count_batch([DEAD]) == [0]
    assert shudu.count_batch(puzzles, limit=5) == [1, 1, 3, 0]
    assert shudu.canonical_batch(puzzles) == [shudu.canonical(p) for p in puzzles]
    rated = shudu.rate_batch(puzzles)
    assert rated[0] == shudu.rate(MEDIUM)
    assert rated[1]["level"] == "Easy"
    assert rated[2] is None and rated[3] is None
    assert shudu.solve_batch([]) == []


def test_batch_errors_name_the_puzzle():
    with pytest.raises(ValueError, match=r"puzzles\[1\]: column 3: unexpected 'x'"):
        shudu.solve_batch([MEDIUM, "..x" + "." * 78])
    with pytest.raises(ValueError, match="one string"):
        shudu.rate_batch(MEDIUM)
    with pytest.raises(ValueError, match="list of puzzle strings"):
        shudu.count_batch([1, 2, 3])
    with pytest.raises(ValueError, match="limit"):
        shudu.count_batch([MEDIUM], limit=0)
    with pytest.raises(ValueError, match="threads"):
        shudu.canonical_batch([MEDIUM], threads=0)


def test_numpy_batch_round_trip():
    puzzles = shudu.generate(40, level="easy", seed=7) + [SEVERAL]
    array = to_array(puzzles)
    assert array.shape == (41, 81) and array.dtype == np.uint8
    # Lines to array and back.
    assert [to_line(row) for row in array] == puzzles

    solved = shudu.solve_batch(array)
    assert solved.shape == (41, 81) and solved.dtype == np.uint8
    assert [to_line(r) for r in solved[:40]] == shudu.solve_batch(puzzles[:40])
    assert not solved[40].any()  # several solutions: a row of zeros
    # The solutions keep every given.
    givens = array[:40] != 0
    assert (solved[:40][givens] == array[:40][givens]).all()

    counts = shudu.count_batch(array)
    assert counts.dtype == np.uint64 and counts.tolist() == [1] * 40 + [2]

    forms = shudu.canonical_batch(array)
    assert forms.shape == (41, 81)
    assert ["".join(map(str, r)) for r in forms] == shudu.canonical_batch(puzzles)
    # Canonical forms of the forms are the forms.
    assert (shudu.canonical_batch(forms) == forms).all()

    rated = shudu.rate_batch(array, threads=2)
    assert rated["level"].dtype == np.int8
    assert rated["level"].tolist() == [0] * 40 + [-1]
    assert rated["score"].dtype == np.uint32 and rated["stars"].tolist()[:40] == [1] * 40
    assert rated["solved"][:40].all() and not rated["solved"][40]
    assert rated["se_er"].dtype == np.float32 and (rated["se_er"][:40] >= rated["se_ed"][:40]).all()
    assert rated["hardest"][40] is None and rated["hardest"][0] is not None
    assert shudu.LEVELS[rated["level"][0]] == "Easy"
    # The same answers as one puzzle at a time.
    one = shudu.rate(puzzles[3])
    assert rated["score"][3] == one["score"]
    assert rated["se_er"][3] == pytest.approx(one["se"]["er"])


def test_numpy_batch_errors():
    with pytest.raises(ValueError, match=r"shape \(N, 81\), got \(2, 80\)"):
        shudu.solve_batch(np.zeros((2, 80), dtype=np.uint8))
    with pytest.raises(ValueError, match="astype"):
        shudu.solve_batch(np.zeros((2, 81), dtype=np.int64))
    bad = np.zeros((3, 81), dtype=np.uint8)
    bad[2, 10] = 12
    with pytest.raises(ValueError, match=r"puzzles\[2\], cell 10 \(r2c2\): 12 is not a digit"):
        shudu.canonical_batch(bad)
    empty = shudu.solve_batch(np.zeros((0, 81), dtype=np.uint8))
    assert empty.shape == (0, 81)


def test_batches_release_the_gil():
    # A thread that counts while one batch runs: it can count only if the batch gave the GIL back.
    puzzles = shudu.generate(400, level="medium", seed=11)
    ticks = []
    started = threading.Event()
    done = threading.Event()

    def tick():
        while not done.is_set():
            ticks.append(1)
            started.set()
            done.wait(0.0005)

    t = threading.Thread(target=tick)
    t.start()
    started.wait()
    before = len(ticks)
    shudu.rate_batch(puzzles, threads=1)
    during = len(ticks) - before
    done.set()
    t.join()
    assert during > 3


def test_dataset_entries_are_reproducible_and_split_by_class():
    a = shudu.dataset(0, 12, 5, "easy-unfair", split="train=0.9,test=0.1")
    b = shudu.dataset(6, 6, 5, ["easy", "medium", "hard", "unfair"], split="train=0.9,test=0.1", threads=1)
    assert a[6:] == b
    assert [e["index"] for e in a] == list(range(12))
    assert [e["level"] for e in a[:4]] == ["Easy", "Medium", "Hard", "Unfair"]
    e = a[0]
    assert e["seed"] == 5
    assert shudu.generate(1, level="easy", seed=e["seed"]) == [e["puzzle"]]
    assert shudu.canonical(e["puzzle"]) == e["canonical"]
    assert shudu.solve(e["puzzle"]) == e["solution"]
    assert sum(e["techniques"].values()) == shudu.rate(e["puzzle"])["steps"]
    assert e["givens"] == sum(c != "." for c in e["puzzle"])
    assert e["split"] in ("train", "test")
    # The split depends on the class alone: an isomorph's class gets the same share.
    assert all("split" not in x for x in shudu.dataset(0, 2, 5))


def test_dataset_errors():
    with pytest.raises(ValueError, match="named twice"):
        shudu.dataset(0, 1, 1, split="a=1,a=2")
    with pytest.raises(ValueError, match="not a level"):
        shudu.dataset(0, 1, 1, levels=["easy", "tough"])
    with pytest.raises(ValueError, match="levels"):
        shudu.dataset(0, 1, 1, levels=3)
    with pytest.raises(ValueError, match="past 2"):
        shudu.dataset(2**64 - 1, 2, 1)


def test_version_and_levels():
    assert shudu.__version__.count(".") == 2
    assert shudu.LEVELS[0] == "Easy" and len(shudu.LEVELS) == 5
