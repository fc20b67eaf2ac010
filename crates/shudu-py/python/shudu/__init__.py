"""shudu: a Sudoku engine (Rust) for Python.

Solve, count, explain, hint, rate, generate, and canonical (minlex) forms, one puzzle at a time or in batches
over lists of strings and NumPy ``uint8`` arrays of shape (N, 81); the batch functions release the GIL and use
every core. Puzzles are read in any format the engine reads (81-character line with ``.`` or ``0`` for blanks,
9-line grid, pencil-mark grid); batches take 81-character lines. Every error of the engine is a ``ValueError``
carrying its message.

>>> import shudu
>>> shudu.solve("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")[:9]
'417369825'
"""

from ._shudu import (
    __version__,
    canonical,
    canonical_batch,
    count,
    count_batch,
    dataset,
    explain,
    generate,
    hint,
    isomorph,
    rate,
    rate_batch,
    solve,
    solve_batch,
)

LEVELS = ("Easy", "Medium", "Hard", "Unfair", "Extreme")
"""The levels, easiest first; ``rate_batch`` over an array gives their index (-1 for a puzzle that is not proper)."""

__all__ = [
    "LEVELS",
    "__version__",
    "canonical",
    "canonical_batch",
    "count",
    "count_batch",
    "dataset",
    "explain",
    "generate",
    "hint",
    "isomorph",
    "rate",
    "rate_batch",
    "solve",
    "solve_batch",
]
