"""The Dask recipe: the same Parquet content whatever the number of workers, and the promises of the split."""

import pandas as pd
import pyarrow.parquet as pq
import pytest
from dask.distributed import Client, LocalCluster

import shudu
import shudu_dask

N = 20_000


def run(tmp_path, workers, n=N, partition_size=2_000, levels="easy", seed=2026):
    out = str(tmp_path / f"workers-{workers}")
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with Client(cluster) as client:
            summary = shudu_dask.build(client, out, n=n, seed=seed, levels=levels, partition_size=partition_size)
    return out, summary


def frames(out):
    return {share: shudu_dask.read(out, share) for share in ("train", "test")}


def test_one_and_two_workers_write_the_same_dataset(tmp_path):
    out1, summary1 = run(tmp_path, 1)
    out2, summary2 = run(tmp_path, 2)
    one, two = frames(out1), frames(out2)
    for share in ("train", "test"):
        pd.testing.assert_frame_equal(one[share], two[share])
    assert summary1["entries"] == summary2["entries"]
    with open(f"{out1}/manifest.json") as f1, open(f"{out2}/manifest.json") as f2:
        assert f1.read() == f2.read()

    train, test = one["train"], one["test"]
    assert len(train) + len(test) == summary1["entries"] == N - summary1["isomorphs_dropped"]
    # About a tenth in test, and no test puzzle isomorphic to a training one.
    assert 0.08 < len(test) / N < 0.12
    assert not set(train["canonical"]) & set(test["canonical"])
    # No two entries of one class.
    both = pd.concat([train, test])
    assert both["canonical"].is_unique
    assert (both["level"] == "Easy").all()
    # Rows are the engine's entries: the first ones equal shudu.dataset's.
    first = shudu.dataset(0, 5, 2026, "easy", split="train=0.9,test=0.1")
    indexed = both.set_index("index").sort_index()
    for e in first:
        row = indexed.loc[e["index"]]
        assert row["puzzle"] == e["puzzle"] and row["canonical"] == e["canonical"] and row["split"] == e["split"]
        assert row["score"] == e["score"]


def test_partitions_do_not_depend_on_their_neighbours(tmp_path):
    # A partition made alone is the same stretch of the dataset as made within a run.
    rows = shudu_dask.partition_rows(3, 50, seed=9, levels="easy-hard")
    again = shudu_dask.partition_rows(3, 50, seed=9, levels=["easy", "medium", "hard"], threads=2)
    assert rows == again
    assert [r["index"] for r in rows] == list(range(150, 200))
    assert rows[1]["puzzle"] == shudu.dataset(151, 1, 9, "easy-hard")[0]["puzzle"]
    # The last partition stops at the total.
    assert len(shudu_dask.partition_rows(3, 50, seed=9, levels="easy", total=170)) == 20


def test_isomorphs_across_partitions_are_dropped(tmp_path):
    # Two partitions holding the same classes: a bucket keeps the lower index of each.
    out = str(tmp_path / "dupes")
    rows = shudu_dask.partition_rows(0, 30, seed=4, levels="easy")
    twins = [dict(r, index=r["index"] + 1000, puzzle=shudu.isomorph(r["puzzle"], 1)) for r in rows[:10]]
    fs_rows = {0: rows, 1: twins}
    for partition, part_rows in fs_rows.items():
        for b in range(4):
            chosen = [r for r in part_rows if shudu_dask.bucket_of(r["canonical"], 4) == b]
            path = tmp_path / "dupes" / "raw" / f"bucket={b:05d}"
            path.mkdir(parents=True, exist_ok=True)
            pq.write_table(shudu_dask._table(chosen), str(path / f"part-{partition:06d}.parquet"))
    results = [shudu_dask.dedupe_bucket(b, out, ["train", "test"]) for b in range(4)]
    assert sum(r["dropped"] for r in results) == 10
    kept = pd.concat(frames(out).values())
    assert sorted(kept["index"]) == list(range(30))


def test_bad_requests_fail_before_any_task(tmp_path):
    with pytest.raises(ValueError, match="not a level"):
        shudu_dask.build(None, str(tmp_path), n=10, seed=1, levels="tough")
    with pytest.raises(ValueError, match="named twice"):
        shudu_dask.build(None, str(tmp_path), n=10, seed=1, split="a=1,a=1")
    with pytest.raises(ValueError, match="at least 1"):
        shudu_dask.build(None, str(tmp_path), n=0, seed=1)


def test_a_collection_is_rated_as_rate_batch_rates_it(tmp_path):
    puzzles = shudu.generate(30, level="medium", seed=3)
    lines = ["# a comment"] + puzzles[:10] + [""] + puzzles[10:] + ["." * 81]
    path = tmp_path / "puzzles.txt"
    path.write_text("\n".join(lines) + "\n")
    out = str(tmp_path / "rated")
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with Client(cluster) as client:
            summary = shudu_dask.rate_collection(client, str(path), out, lines=len(lines), partition_size=7)
    assert summary["rows"] == 31
    table = pd.read_parquet(f"{out}/rated").sort_values("line")
    assert table["line"].tolist() == [n + 1 for n, l in enumerate(lines) if l.strip() and not l.startswith("#")]
    rated = shudu.rate_batch(puzzles)
    assert table["score"].tolist()[:30] == [r["score"] for r in rated]
    assert table["level"].tolist()[:30] == ["Medium"] * 30
    assert pd.isna(table["level"].tolist()[30])
    with pytest.raises(ValueError, match=r"lines 1-3: puzzles\[1\]"):
        bad = tmp_path / "bad.txt"
        bad.write_text(puzzles[0] + "\nnot a puzzle\n")
        shudu_dask.rate_partition(0, str(bad), 3, out)
