"""Benchmarks of the Python package and the Dask recipe against the `shudu` command in the same run.

    python python/bench.py rate  --shudu target/release/shudu [--n 4000]
    python python/bench.py dask  --shudu target/release/shudu [--n 20000]
    python python/bench.py build --n 1000000 --workers 2 --out /tmp/million

`rate`: `shudu.rate_batch(puzzles, threads=1)` against `shudu rate --threads 1` on the same puzzles (Easy to
Unfair, from `shudu.dataset`), alternating, best of --repeat; per core.
`dask`: the recipe on a LocalCluster of 1 and of 2 workers (one thread each), rating a collection
(`rate_collection`, without canonical forms, which `shudu rate` does not compute) against `shudu rate --threads 1 / 2`, and making a dataset (`build`) against
`shudu dataset --threads 1 / 2`; throughput per worker against throughput per core.
`build`: the time to make a dataset of --n entries on --workers workers.
Figures go to BENCHMARKS.md, section "Python and Dask".
"""

import argparse
import os
import shutil
import subprocess
import tempfile
import time

import shudu


def timed(work):
    began = time.perf_counter()
    work()
    return time.perf_counter() - began


def puzzles_file(directory, n, seed=20261125):
    puzzles = [e["puzzle"] for e in shudu.dataset(0, n, seed, "easy-unfair")]
    path = os.path.join(directory, "puzzles.txt")
    with open(path, "w") as f:
        f.write("\n".join(puzzles) + "\n")
    return path, puzzles


def cli(shudu_bin, *args):
    subprocess.run([shudu_bin, *args], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def bench_rate(args):
    with tempfile.TemporaryDirectory() as d:
        path, puzzles = puzzles_file(d, args.n)
        best_py = best_cli = float("inf")
        for _ in range(args.repeat):
            best_cli = min(best_cli, timed(lambda: cli(args.shudu, "rate", "--threads", "1", path)))
            best_py = min(best_py, timed(lambda: shudu.rate_batch(puzzles, threads=1)))
        n = len(puzzles)
        print(f"{n} puzzles, Easy to Unfair, one thread, best of {args.repeat}")
        print(f"  python rate_batch   {best_py:8.3f} s {n / best_py:9.0f} puzzles/s")
        print(f"  shudu rate          {best_cli:8.3f} s {n / best_cli:9.0f} puzzles/s")
        print(f"  ratio python/cli    {best_cli / best_py:.3f} (throughput)")


def bench_dask(args):
    from dask.distributed import Client, LocalCluster

    import shudu_dask

    with tempfile.TemporaryDirectory() as d:
        path, puzzles = puzzles_file(d, args.n)
        n, m = len(puzzles), args.n_make
        print(
            f"rate {n} puzzles, make {m} entries, Easy to Unfair; LocalCluster workers of one thread each; "
            f"best of {args.repeat}, the CLI's runs between the recipe's"
        )
        for workers in (1, 2):
            best = {"dask rate": float("inf"), "cli rate": float("inf"), "dask make": float("inf"), "cli make": float("inf")}
            with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None) as c:
                with Client(c) as client:
                    client.wait_for_workers(workers)
                    # Workers import shudu on their first task: not part of the figure.
                    client.gather(client.map(shudu.count, [puzzles[0]] * workers, pure=False))
                    for r in range(args.repeat):
                        out = os.path.join(d, f"rated-{workers}-{r}")
                        size = max(1, n // (8 * workers))
                        runs = {
                            "cli rate": lambda: cli(args.shudu, "rate", "--threads", str(workers), path),
                            "dask rate": lambda: shudu_dask.rate_collection(
                                client, path, out, n, partition_size=size, forms=False
                            ),
                            "cli make": lambda: cli(
                                args.shudu, "dataset", "-n", str(m), "--level", "easy-unfair", "--seed", str(r),
                                "--threads", str(workers), "--out", os.path.join(d, f"cli-{workers}-{r}"),
                            ),
                            "dask make": lambda: shudu_dask.build(
                                client, os.path.join(d, f"built-{workers}-{r}"), n=m, seed=r, levels="easy-unfair",
                                partition_size=max(1, m // (8 * workers)),
                            ),
                        }
                        for name, work in runs.items():
                            best[name] = min(best[name], timed(work))
            per = lambda count, s: count / s / workers  # noqa: E731
            print(f"  {workers} worker(s) / thread(s):")
            print(
                f"    rate  dask {per(n, best['dask rate']):7.0f}/s a worker   cli {per(n, best['cli rate']):7.0f}/s a core"
                f"   ratio {best['cli rate'] / best['dask rate']:.3f}"
            )
            print(
                f"    make  dask {per(m, best['dask make']):7.0f}/s a worker   cli {per(m, best['cli make']):7.0f}/s a core"
                f"   ratio {best['cli make'] / best['dask make']:.3f}"
            )


def bench_build(args):
    from dask.distributed import Client, LocalCluster

    import shudu_dask

    if os.path.exists(args.out):
        shutil.rmtree(args.out)
    with LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True, dashboard_address=None) as c:
        with Client(c) as client:
            client.wait_for_workers(args.workers)
            began = time.perf_counter()
            summary = shudu_dask.build(
                client, args.out, n=args.n, seed=args.seed, levels="easy-unfair", partition_size=args.partition_size
            )
            seconds = time.perf_counter() - began
    print(f"{args.n} entries, Easy to Unfair, {args.workers} workers: {seconds:.1f} s ({args.n / seconds:.0f}/s)")
    print(
        f"  generate+rate {summary['seconds_generate']:.1f} s, dedupe {summary['seconds_dedupe']:.1f} s; "
        f"{summary['entries']} kept, {summary['isomorphs_dropped']} isomorphs dropped, split {summary['split']}"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=["rate", "dask", "build"])
    parser.add_argument("--shudu", default="target/release/shudu", help="the shudu binary")
    parser.add_argument("--n", type=int, default=None)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--n-make", type=int, default=10_000, help="entries made, in the dask mode")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--partition-size", type=int, default=20_000)
    parser.add_argument("--out", default=os.path.join(tempfile.gettempdir(), "shudu-million"))
    args = parser.parse_args()
    if args.mode == "rate":
        args.n = args.n or 4000
        bench_rate(args)
    elif args.mode == "dask":
        args.n = args.n or 20_000
        bench_dask(args)
    else:
        args.n = args.n or 1_000_000
        bench_build(args)


if __name__ == "__main__":
    main()
