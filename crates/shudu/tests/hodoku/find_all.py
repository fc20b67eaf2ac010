#!/usr/bin/env python3
"""HoDoKu's "find all steps" beside shudu's instances, at the steps of HoDoKu's paths (an analysis for issue 24).

HoDoKu 2.2 lists, with `/bsaf`, every step its finders see at a board, in the order it would choose among them: the
first of a technique's steps is the one its path takes (738 of 738 XY-Chain steps and 300 of 300 nice loop steps of
the training set checked). So at any board of a path the question "which instances does HoDoKu's search find, and
in what order" has an answer to compare shudu's finders and choice rules with.

1. Dump shudu's instances at every step of HoDoKu's paths (the CASE lines end in the board's candidates):

       SHUDU_CHOICES_DUMP=dump.txt SHUDU_HODOKU_PATHS=train.vp \
           cargo test --release -p shudu --test hodoku_paths -- --ignored choices --nocapture

2. Write the boards where HoDoKu took a technique of a family as HoDoKu library lines, and let HoDoKu list all steps
   there (run HoDoKu from the folder holding the file, which it reads by a relative name):

       python3 find_all.py boards dump.txt 'XY-Chain' 800 > boards.txt
       java -jar ../shared/tools/hodoku/hodoku.jar /c default /bsaf boards.txt /o stdout > found.txt

3. Compare: instances both find, those only one finds (by their eliminations), and whether HoDoKu's first-listed step
   of the family is the one its path took:

       python3 find_all.py compare dump.txt 'XY-Chain' found.txt

Families are comma-separated step names as HoDoKu writes them ('Discontinuous Nice Loop,Continuous Nice Loop,AIC').
"""

import re
import sys


def cases(dump, family):
    """The first CASE of each board whose step is of `family`, with shudu's instances of the family there."""
    seen, out, cur = set(), [], None
    for line in open(dump, encoding="utf-8"):
        f = line.rstrip("\n").split("\t")
        if f[0] == "CASE":
            cur = None
            if len(f) > 5 and f[2] in family and f[5] not in seen:
                seen.add(f[5])
                cur = {"puzzle": f[1], "text": f[4], "board": f[5], "inst": []}
                out.append(cur)
        elif f[0] == "I" and cur is not None and f[1] in family:
            cur["inst"].append((f[1], dump_effect(f[2]), f[4]))
    return out


def dump_effect(field):
    """The eliminations of a dump's effect field (`c-d,c-d`, cells 0-80), as a set."""
    words = field.strip().split(" ")[-1].split(",")
    return frozenset(tuple(map(int, w.split("-"))) for w in words if "-" in w)


def text_effect(text):
    """The eliminations of a step written in HoDoKu's notation (`r12c8,r4c9<>4, r4c2<>6`), as a set."""
    out = set()
    result = text.split("=>", 1)[1] if "=>" in text else ""
    for cells, digit in re.findall(r"((?:r\d+c\d+,?)+)<>(\d)", result):
        for part in cells.rstrip(",").split(","):
            rows, cols = re.match(r"r(\d+)c(\d+)", part).groups()
            out.update(((int(r) - 1) * 9 + int(c) - 1, int(digit)) for r in rows for c in cols)
    return frozenset(out)


def library_line(puzzle, board):
    """A board as HoDoKu's library format: givens, placed digits as `+d`, and the candidates no longer there."""
    grid, deleted = "", []
    for i, cell in enumerate(board.split(",")):
        if cell.startswith("="):
            grid += cell[1] if puzzle[i] == cell[1] else "+" + cell[1]
        else:
            grid += "."
            deleted += [f"{d}{i // 9 + 1}{i % 9 + 1}" for d in range(1, 10) if str(d) not in cell]
    return f":0000:x:{grid}:{' '.join(deleted)}::"


def hodoku_lists(found, family):
    """HoDoKu's steps of `family` at each board of a `/bsaf` output, in its order."""
    lists, cur = [], None
    for line in open(found, encoding="utf-8"):
        if line.startswith(":0000"):
            cur = []
            lists.append(cur)
        elif cur is not None and line.startswith("   "):
            text = line.strip()
            if text.split(":")[0] in family and "=>" in text:
                cur.append((text.split(":")[0], text_effect(text), text))
    return lists


def main(argv):
    if len(argv) < 4 or argv[1] not in ("boards", "compare"):
        sys.exit(__doc__)
    family = set(argv[3].split(","))
    boards = cases(argv[2], family)
    if argv[1] == "boards":
        limit = int(argv[4]) if len(argv) > 4 else len(boards)
        for b in boards[:limit]:
            print(library_line(b["puzzle"], b["board"]))
        return
    lists = hodoku_lists(argv[4], family)
    both = only_shudu = only_hodoku = first = 0
    for b, theirs in zip(boards, lists):
        ours = {e for _, e, _ in b["inst"]}
        found = {e for _, e, _ in theirs}
        both += len(ours & found)
        only_shudu += len(ours - found)
        only_hodoku += len(found - ours)
        first += bool(theirs) and theirs[0][1] == text_effect(b["text"])
    n = min(len(boards), len(lists))
    print(f"{n} boards: eliminations both find {both}, only shudu {only_shudu}, only HoDoKu {only_hodoku}")
    print(f"HoDoKu's first-listed step is its path's at {first} of {n}")


if __name__ == "__main__":
    main(sys.argv)
