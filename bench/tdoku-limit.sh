#!/usr/bin/env bash
# Builds tdoku-limit (bench/tdoku-limit.cc) against tdoku's solver sources in ../shared/tools/tdoku, the same
# way ../shared/tools/tdoku/build.sh builds its driver: clang++ -O3 -march=native. Run from the project root.
#
#   bench/tdoku-limit.sh                      # -> target/tdoku/tdoku-limit
#   taskset -c 1 target/tdoku/tdoku-limit -n 3 --limit 1 ../shared/data/puzzles/serg_benchmark.txt
#   taskset -c 1 target/release/shudu bench --repeat 3 --limit 1 ../shared/data/puzzles/serg_benchmark.txt
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tdoku="$root/../shared/tools/tdoku/tdoku"
if [ ! -d "$tdoku/src" ]; then
    echo "tdoku's sources are not at ../shared/tools/tdoku/tdoku beside the project" >&2
    exit 1
fi
if ! command -v clang++ >/dev/null; then
    apt-get update -qq && apt-get install -y -qq clang >/dev/null
fi
out="$root/target/tdoku"
mkdir -p "$out"
clang++ -std=c++14 -O3 -march=native -I"$tdoku/include" -o "$out/tdoku-limit" \
    "$root/bench/tdoku-limit.cc" "$tdoku/src/solver_dpll_triad_simd.cc" "$tdoku/src/util.cc"
echo "built target/tdoku/tdoku-limit (clang++ -O3 -march=native)"
