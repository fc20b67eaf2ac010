#!/bin/sh
# Makes the HoDoKu path fixtures of tests/hodoku_paths.rs: puzzles.txt and HoDoKu 2.2's solving paths, paths.txt.
# Run from the repository root, with ../shared beside it and a release build of shudu (the generated puzzles were
# made by main at a1b055f; a later generator makes others, which serve as well). Takes about 40 s.
#
#   sh crates/shudu/tests/hodoku/make.sh
set -eu
out=crates/shudu/tests/hodoku
shared=../shared
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# 30 Easy, 40 Medium, 50 Hard, 60 Unfair (all 53) and 60 Extreme puzzles of the calibration set, evenly spaced in it.
for pick in Easy:30 Medium:40 Hard:50 Unfair:60 Extreme:60; do
    grep " ${pick%:*} " "$shared/data/rated/hodoku_levels_dev.txt" | awk -v n="${pick#*:}" '
        { a[NR] = $0 }
        END { step = NR / n; if (step < 1) step = 1; for (i = 1; i <= NR && c < n; i += step) { print a[int(i)]; c++ } }'
done | cut -c1-81 > "$tmp/puzzles.txt"
# 20 generated puzzles at each level.
for level in easy medium hard unfair extreme; do
    target/release/shudu generate --level "$level" --seed 5 -n 20 --threads 1
done >> "$tmp/puzzles.txt"

{
    echo "# HoDoKu path fixtures (issue 24): 233 puzzles of shared/data/rated/hodoku_levels_dev.txt, spread over HoDoKu's levels,"
    echo "# then 20 at each level of \`shudu generate --level L --seed 5 -n 20 --threads 1\` (main at a1b055f). See make.sh."
    cat "$tmp/puzzles.txt"
} > "$out/puzzles.txt"

# HoDoKu reads the file by a relative name from its own folder; keep the puzzle lines and the steps (the branches
# of forcing steps, indented by two spaces, are left out).
jar=$(cd "$shared/tools/hodoku" && pwd)/hodoku.jar
(cd "$tmp" && java -jar "$jar" /c default /vp /bs puzzles.txt /o stdout 2>/dev/null) |
    awk '/^[.1-9]+ #[0-9]+ / { p = 1 } /^Done!/ { p = 0 } p && (/^[.1-9]+ #[0-9]+ / || /^   [^ ]/) { print }' \
        > "$out/paths.txt"
