// tdoku-limit: times tdoku's solver (github.com/t-dillon/tdoku, BSD-2-Clause) at any solution limit, to set
// beside `shudu bench --limit N` on the same file. The shared driver (../shared/tools/tdoku) times limit 2 only;
// this one adds the researcher's modes the search-solver issue asks for: the first solution (limit 1) and
// counting up to N solutions. Built by bench/tdoku-limit.sh against tdoku's sources in ../shared/tools/tdoku.
//
//   tdoku-limit [-n PASSES] --limit N FILE
//
// Prints "<file> <puzzles> <puzzles/s> limit <N> solutions <total counted> at-limit <puzzles reaching N>", the
// best of PASSES (default 3). The total is the sum over puzzles of min(solutions, N), the figure `shudu bench`
// prints for a limit above 2, so the two can be checked against each other. Parsing is not timed.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

extern "C" size_t TdokuSolverDpllTriadSimd(const char *input, size_t limit, uint32_t configuration,
                                           char *solution, size_t *num_guesses);

// tdoku reads whole vector blocks past the 81 cells and checks input[81] to tell a plain puzzle from a
// pencil-mark one, so every puzzle sits zero-padded in a slot of this size.
static const size_t kSlot = 96;

static int Usage() {
    fprintf(stderr, "usage: tdoku-limit [-n PASSES] --limit N FILE\n");
    return 2;
}

int main(int argc, char **argv) {
    int passes = 3;
    long limit = 0;
    const char *path = nullptr;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-n") && i + 1 < argc) {
            passes = atoi(argv[++i]);
        } else if (!strcmp(argv[i], "--limit") && i + 1 < argc) {
            limit = atol(argv[++i]);
        } else if (!path && argv[i][0] != '-') {
            path = argv[i];
        } else {
            return Usage();
        }
    }
    if (!path || limit < 1 || passes < 1) return Usage();

    std::ifstream in(path);
    if (!in) {
        fprintf(stderr, "%s: cannot open\n", path);
        return 1;
    }
    std::vector<char> puzzles;
    std::string line;
    size_t lineno = 0, n = 0;
    while (std::getline(in, line)) {
        lineno++;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.find_first_not_of(" \t") == std::string::npos || line[0] == '#') continue;
        if (line.size() < 81) {
            fprintf(stderr, "%s:%zu: shorter than 81 characters\n", path, lineno);
            return 1;
        }
        puzzles.resize((n + 1) * kSlot, 0);
        char *slot = &puzzles[n * kSlot];
        for (int k = 0; k < 81; k++) {
            char c = line[k];
            if (c >= '1' && c <= '9') {
                slot[k] = c;
            } else if (c == '.' || c == '0') {
                slot[k] = '.';
            } else {
                fprintf(stderr, "%s:%zu: bad character '%c' in column %d\n", path, lineno, c, k + 1);
                return 1;
            }
        }
        n++;
    }
    if (n == 0) {
        fprintf(stderr, "%s: no puzzles\n", path);
        return 1;
    }

    char solution[81];
    double best = 1e300;
    unsigned long long total = 0, at_limit = 0;
    for (int pass = 0; pass < passes; pass++) {
        unsigned long long pass_total = 0, pass_at_limit = 0;
        size_t guesses = 0;
        auto start = std::chrono::steady_clock::now();
        for (size_t i = 0; i < n; i++) {
            size_t s = TdokuSolverDpllTriadSimd(&puzzles[i * kSlot], (size_t)limit, 0, solution, &guesses);
            pass_total += s;
            pass_at_limit += (s >= (size_t)limit);
        }
        double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (secs < best) best = secs;
        total = pass_total;
        at_limit = pass_at_limit;
    }
    printf("%s %zu %.0f limit %ld solutions %llu at-limit %llu\n", path, n, n / best, limit, total, at_limit);
    return 0;
}
