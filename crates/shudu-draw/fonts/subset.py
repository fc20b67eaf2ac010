#!/usr/bin/env python3
"""Makes the fonts shipped with shudu-draw: subsets of DejaVu Sans (regular and bold) and of Noto Sans CJK SC.

The pictures are rendered with these fonts alone, so that a PNG or PDF is the same on every machine. A subset keeps
them small: the Latin fonts keep printable ASCII and the few symbols the texts use; the CJK font keeps exactly the
characters that appear in the engine's and the renderer's sources (technique names and explanation phrases), found
by scanning them, so a new Chinese text is covered by running this script again.

Usage (fonttools installed, e.g. `pip install fonttools`; Debian's fonts-dejavu-core and fonts-noto-cjk give the
source fonts):

    python3 crates/shudu-draw/fonts/subset.py DejaVuSans.ttf DejaVuSans-Bold.ttf NotoSansCJK-Regular.ttc

The collection's face index for Simplified Chinese is found by name. Output goes beside this script.
"""

import pathlib
import sys

from fontTools import subset
from fontTools.ttLib import TTCollection

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent.parent
SOURCES = [ROOT / "crates" / "shudu" / "src", ROOT / "crates" / "shudu-draw" / "src"]

# Printable ASCII, the symbols the explanations and the book use, and the stars of a rating.
LATIN = "".join(chr(c) for c in range(0x20, 0x7F)) + "µ·×–—…→−∩∪≠≥★☆’“”é"


def source_characters():
    chars = set()
    for folder in SOURCES:
        for path in sorted(folder.rglob("*.rs")):
            chars.update(path.read_text(encoding="utf-8"))
    return chars


def is_cjk(c):
    # CJK symbols and punctuation, ideographs, and full-width forms; DejaVu has no glyphs for these.
    return 0x2E80 <= ord(c) <= 0x9FFF or 0xFF00 <= ord(c) <= 0xFFEF


def run(font, out, text, number=0):
    args = [
        str(font),
        f"--text={text}",
        f"--output-file={out}",
        f"--font-number={number}",
        "--no-hinting",
        "--desubroutinize",
        "--layout-features=kern,liga",
        "--name-IDs=0,1,2,3,4,5,6,13,14",
        "--notdef-outline",
    ]
    subset.main(args)
    print(f"{out.name}: {out.stat().st_size} bytes")


def sc_index(ttc):
    collection = TTCollection(ttc)
    for i, face in enumerate(collection.fonts):
        if face["name"].getDebugName(1) == "Noto Sans CJK SC":
            return i
    sys.exit(f"{ttc}: no face named Noto Sans CJK SC")


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    regular, bold, cjk = (pathlib.Path(a) for a in sys.argv[1:])
    cjk_text = "".join(sorted(c for c in source_characters() if is_cjk(c)))
    run(regular, HERE / "DejaVuSans-subset.ttf", LATIN)
    run(bold, HERE / "DejaVuSans-Bold-subset.ttf", LATIN)
    run(cjk, HERE / "NotoSansCJKsc-subset.otf", cjk_text, sc_index(cjk))
    (HERE / "cjk-characters.txt").write_text(cjk_text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
