"""Puzzle datasets at scale on Dask: generate and rate millions of puzzles on one machine or a cluster.

The work is cut into partitions of consecutive entry indices. Partition ``p`` makes entries ``p * size`` to
``(p + 1) * size - 1`` of the dataset of ``seed`` with :func:`shudu.dataset`: entry ``i`` is the puzzle of its own
seed, derived from ``seed`` and ``i`` alone, at level ``levels[i % len(levels)]``, rated in full (the same entries
as ``shudu dataset --seed SEED``). Nothing depends on which worker runs a partition, or on how many there are.

Two passes, both plain tasks (``client.map``), so the same functions run on a laptop's ``LocalCluster``, on a
multi-machine cluster, or under Spark's ``mapPartitions``:

1. :func:`make_partition` makes a partition and writes it as Parquet, one file per *bucket* of canonical classes
   (``raw/bucket=B/part-P.parquet``; the bucket is a hash of the canonical form).
2. :func:`dedupe_bucket` reads one bucket from every partition and keeps, of each canonical class, the entry with
   the lowest index (isomorphic puzzles share a bucket, so each bucket is deduplicated alone), and writes it to
   ``<share>/part-B.parquet`` for each share of the split (``train/``, ``test/``).

:func:`build` runs both passes on a ``dask.distributed`` client and writes ``manifest.json``.
:func:`rate_collection` rates an existing puzzle file the same way, a stretch of lines a task.

Every isomorph of a test puzzle is in the test share: the share is drawn from the canonical form alone (the
engine's hash), as in ``shudu dataset``.
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from typing import Any, Dict, Iterable, List, Optional, Sequence, Union

import pyarrow as pa
import pyarrow.fs as pafs
import pyarrow.parquet as pq

import shudu

Levels = Union[None, str, Sequence[str]]

SCHEMA = pa.schema(
    [
        ("index", pa.uint64()),
        ("seed", pa.uint64()),
        ("puzzle", pa.string()),
        ("solution", pa.string()),
        ("canonical", pa.string()),
        ("level", pa.string()),
        ("score", pa.uint32()),
        ("stars", pa.uint8()),
        ("se_er", pa.float64()),
        ("se_ep", pa.float64()),
        ("se_ed", pa.float64()),
        ("hardest", pa.string()),
        # Steps of each technique as a JSON object with sorted keys: one column whatever the techniques used.
        ("techniques", pa.string()),
        ("givens", pa.uint8()),
        ("split", pa.string()),
    ]
)
"""The columns of every Parquet file the recipe writes."""


def bucket_of(canonical: str, buckets: int) -> int:
    """The bucket of a canonical class: a stable hash of its form (the same on every machine and Python)."""
    digest = hashlib.blake2b(canonical.encode("ascii"), digest_size=8).digest()
    return int.from_bytes(digest, "little") % buckets


def partition_rows(
    partition: int,
    size: int,
    seed: int,
    levels: Levels = "easy-unfair",
    split: str = "train=0.9,test=0.1",
    symmetry: str = "none",
    minimal: bool = False,
    total: Optional[int] = None,
    threads: Optional[int] = 1,
) -> List[Dict[str, Any]]:
    """The rows of partition ``partition``: entries ``partition * size`` onward, ``size`` of them (fewer in the
    last partition when ``total`` entries are asked in all). Each row has the columns of :data:`SCHEMA`.

    ``threads`` is the engine's threads for this partition: 1 (the default) for one worker a core."""
    start = partition * size
    count = size if total is None else max(0, min(size, total - start))
    entries = shudu.dataset(start, count, seed, levels, symmetry, minimal, split, threads)
    for e in entries:
        e["techniques"] = json.dumps(e["techniques"], sort_keys=True, separators=(",", ":"))
    return entries


def _table(rows: Iterable[Dict[str, Any]]) -> pa.Table:
    rows = list(rows)
    return pa.Table.from_pydict({f.name: [r[f.name] for r in rows] for f in SCHEMA}, schema=SCHEMA)


def _filesystem(out: str):
    """The filesystem and root of ``out``: a local path, or a URI pyarrow knows (``s3://``, ``gs://``, ``hdfs://``)
    for a cluster whose workers share no disk."""
    if "://" in out:
        return pafs.FileSystem.from_uri(out)
    return pafs.LocalFileSystem(), out


def make_partition(
    partition: int,
    size: int,
    seed: int,
    out: str,
    levels: Levels = "easy-unfair",
    split: str = "train=0.9,test=0.1",
    symmetry: str = "none",
    minimal: bool = False,
    total: Optional[int] = None,
    buckets: int = 16,
    threads: Optional[int] = 1,
) -> Dict[str, Any]:
    """Makes partition ``partition`` (see :func:`partition_rows`) and writes it under ``out/raw/``, one Parquet file
    per bucket of canonical classes. Returns the partition's number, rows and seconds."""
    began = time.perf_counter()
    rows = partition_rows(partition, size, seed, levels, split, symmetry, minimal, total, threads)
    fs, root = _filesystem(out)
    by_bucket: Dict[int, List[Dict[str, Any]]] = {b: [] for b in range(buckets)}
    for r in rows:
        by_bucket[bucket_of(r["canonical"], buckets)].append(r)
    for b, bucket_rows in by_bucket.items():
        directory = f"{root}/raw/bucket={b:05d}"
        fs.create_dir(directory, recursive=True)
        pq.write_table(_table(bucket_rows), f"{directory}/part-{partition:06d}.parquet", filesystem=fs)
    return {"partition": partition, "rows": len(rows), "seconds": time.perf_counter() - began}


def dedupe_bucket(bucket: int, out: str, shares: Sequence[str]) -> Dict[str, Any]:
    """Reads bucket ``bucket`` of every partition, keeps the entry of lowest index of each canonical class, and
    writes the bucket's rows of each share to ``out/<share>/part-<bucket>.parquet``, in index order. Returns the
    rows kept per share and the isomorphs dropped."""
    fs, root = _filesystem(out)
    directory = f"{root}/raw/bucket={bucket:05d}"
    files = sorted(
        info.path for info in fs.get_file_info(pafs.FileSelector(directory, allow_not_found=True)) if info.is_file
    )
    tables = [pq.read_table(path, filesystem=fs) for path in files]
    table = pa.concat_tables(tables) if tables else SCHEMA.empty_table()
    table = table.sort_by("index")
    seen = set()
    keep = []
    for i, form in enumerate(table.column("canonical").to_pylist()):
        if form not in seen:
            seen.add(form)
            keep.append(i)
    kept = table.take(pa.array(keep, type=pa.int64()))
    counts = {}
    split_column = kept.column("split").to_pylist()
    for share in shares:
        rows = [i for i, s in enumerate(split_column) if s == share]
        part = kept.take(pa.array(rows, type=pa.int64()))
        fs.create_dir(f"{root}/{share}", recursive=True)
        pq.write_table(part, f"{root}/{share}/part-{bucket:05d}.parquet", filesystem=fs)
        counts[share] = len(rows)
    return {"bucket": bucket, "kept": counts, "dropped": table.num_rows - kept.num_rows}


def share_names(split: str) -> List[str]:
    """The names of the shares of a split: ``"train=0.9,test=0.1"`` gives ``["train", "test"]``."""
    return [part.split("=", 1)[0].strip() for part in split.split(",")]


def build(
    client,
    out: str,
    n: int,
    seed: int,
    levels: Levels = "easy-unfair",
    split: str = "train=0.9,test=0.1",
    symmetry: str = "none",
    minimal: bool = False,
    partition_size: int = 10_000,
    buckets: int = 16,
) -> Dict[str, Any]:
    """Makes entries 0 to ``n - 1`` of the dataset of ``seed`` on the Dask ``client``'s workers, drops isomorphs
    (keeping the lowest index of each class), and writes ``out/<share>/part-*.parquet`` and ``out/manifest.json``.

    Unlike ``shudu dataset``, which takes further indices until N entries are written, the job makes exactly the
    indices below ``n``: the dataset holds ``n`` entries less the isomorphs dropped (the manifest counts them)."""
    # Checked here, on the client, so a bad request fails before any task runs.
    shudu.dataset(0, 0, seed, levels, symmetry, minimal, split)
    if n < 1 or partition_size < 1 or buckets < 1:
        raise ValueError("n, partition_size and buckets must be at least 1")
    began = time.perf_counter()
    partitions = math.ceil(n / partition_size)
    made = client.gather(
        client.map(
            make_partition,
            range(partitions),
            size=partition_size,
            seed=seed,
            out=out,
            levels=levels,
            split=split,
            symmetry=symmetry,
            minimal=minimal,
            total=n,
            buckets=buckets,
            pure=False,
        )
    )
    generated = time.perf_counter()
    shares = share_names(split)
    kept = client.gather(client.map(dedupe_bucket, range(buckets), out=out, shares=shares, pure=False))
    finished = time.perf_counter()
    counts = {s: sum(k["kept"][s] for k in kept) for s in shares}
    manifest = {
        "entries": sum(counts.values()),
        "indices": n,
        "isomorphs_dropped": sum(k["dropped"] for k in kept),
        "seed": seed,
        "levels": levels if levels is None or isinstance(levels, str) else list(levels),
        "symmetry": symmetry,
        "minimal": minimal,
        "split": counts,
        "partitions": partitions,
        "partition_size": partition_size,
        "buckets": buckets,
        "shudu": shudu.__version__,
    }
    fs, root = _filesystem(out)
    with fs.open_output_stream(f"{root}/manifest.json") as f:
        f.write((json.dumps(manifest, indent=2) + "\n").encode())
    # Timings go to the caller, not the manifest, which must not differ from run to run.
    return {
        **manifest,
        "seconds_generate": generated - began,
        "seconds_dedupe": finished - generated,
        "partition_seconds": sum(m["seconds"] for m in made),
    }


RATED = pa.schema(
    [
        ("line", pa.uint64()),
        ("puzzle", pa.string()),
        ("canonical", pa.string()),
        ("level", pa.string()),
        ("score", pa.uint32()),
        ("stars", pa.uint8()),
        ("se_er", pa.float64()),
        ("hardest", pa.string()),
    ]
)
"""The columns of a rated collection (:func:`rate_collection`); ``level`` is null for a puzzle that is not proper."""


def rate_partition(
    start: int, path: str, count: int, out: str, forms: bool = True, threads: Optional[int] = 1
) -> Dict[str, Any]:
    """Rates lines ``start`` to ``start + count - 1`` (0-based, blank and ``#`` lines included in the count) of the
    puzzle file ``path`` and writes them to ``out/rated/part-<start>.parquet``, with each puzzle's canonical form
    unless ``forms`` is false (the column is then null). A line that cannot be read raises ``ValueError`` naming
    it."""
    began = time.perf_counter()
    fs, root = _filesystem(path)
    with fs.open_input_stream(root) as f:
        lines = f.read().decode("utf-8").splitlines()[start : start + count]
    numbers = [start + i + 1 for i, l in enumerate(lines) if l.strip() and not l.startswith("#")]
    puzzles = [lines[n - start - 1].strip() for n in numbers]
    try:
        rated = shudu.rate_batch(puzzles, threads=threads)
    except ValueError as e:
        raise ValueError(f"{path}: lines {start + 1}-{start + count}: {e}") from None
    canonical = shudu.canonical_batch(puzzles, threads=threads) if forms else [None] * len(puzzles)
    columns = {name: [] for name in RATED.names}
    for n, p, form, r in zip(numbers, puzzles, canonical, rated):
        columns["line"].append(n)
        columns["puzzle"].append(p)
        columns["canonical"].append(form)
        columns["level"].append(r and r["level"])
        columns["score"].append(r and r["score"])
        columns["stars"].append(r and r["stars"])
        columns["se_er"].append(r and r["se"]["er"])
        columns["hardest"].append(r and r["hardest"])
    ofs, oroot = _filesystem(out)
    ofs.create_dir(f"{oroot}/rated", recursive=True)
    pq.write_table(pa.Table.from_pydict(columns, schema=RATED), f"{oroot}/rated/part-{start:012d}.parquet", filesystem=ofs)
    return {"start": start, "rows": len(puzzles), "seconds": time.perf_counter() - began}


def rate_collection(
    client, path: str, out: str, lines: int, partition_size: int = 10_000, forms: bool = True
) -> Dict[str, Any]:
    """Rates a puzzle file of ``lines`` lines on the client's workers, a partition of ``partition_size`` lines a
    task, into ``out/rated/*.parquet`` (the collection analyst's job: levels, scores, classes)."""
    began = time.perf_counter()
    starts = range(0, lines, partition_size)
    done = client.gather(
        client.map(rate_partition, starts, path=path, count=partition_size, out=out, forms=forms, pure=False)
    )
    return {"rows": sum(d["rows"] for d in done), "seconds": time.perf_counter() - began}


def read(out: str, share: str):
    """One share of a finished dataset as a pandas DataFrame, in index order."""
    fs, root = _filesystem(out)
    table = pq.read_table(f"{root}/{share}", filesystem=fs)
    return table.sort_by("index").to_pandas()
