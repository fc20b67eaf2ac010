"""Type stubs of the package ``shudu`` (the native module ``shudu._shudu``)."""

from typing import Dict, List, Optional, Sequence, Tuple, TypedDict, Union, overload

import numpy as np
import numpy.typing as npt

__version__: str
LEVELS: Tuple[str, str, str, str, str]

PuzzleArray = npt.NDArray[np.uint8]
"""Puzzles as a ``uint8`` array of shape (N, 81): 0 for a blank, 1-9 for a digit, row by row."""

class Step(TypedDict):
    technique: str
    code: str
    level: str
    cells: List[str]
    placements: List[str]
    eliminations: List[str]
    text: str

class SeEstimate(TypedDict):
    er: float
    ep: float
    ed: float
    hardest: Optional[str]
    complete: bool

class Rating(TypedDict):
    level: str
    score: int
    stars: int
    hardest: Optional[str]
    solved: bool
    brute_force: bool
    steps: int
    techniques: List[str]
    se: SeEstimate

class RatingArrays(TypedDict):
    level: npt.NDArray[np.int8]
    score: npt.NDArray[np.uint32]
    stars: npt.NDArray[np.uint8]
    solved: npt.NDArray[np.bool_]
    se_er: npt.NDArray[np.float32]
    se_ep: npt.NDArray[np.float32]
    se_ed: npt.NDArray[np.float32]
    hardest: List[Optional[str]]

class Entry(TypedDict, total=False):
    index: int
    seed: int
    puzzle: str
    solution: str
    canonical: str
    level: str
    score: int
    stars: int
    se_er: float
    se_ep: float
    se_ed: float
    hardest: Optional[str]
    techniques: Dict[str, int]
    givens: int
    split: str

def solve(puzzle: str) -> str:
    """The only solution (81 digits). ValueError when unreadable, without solution, or with several."""

def count(puzzle: str, limit: int = 2) -> int:
    """Solutions counted no further than ``limit`` (1 for a proper puzzle with the default 2)."""

def explain(puzzle: str, lang: str = "en") -> List[Step]:
    """The human-style solving path, a dict a step; ``lang`` is ``"en"`` or ``"zh"``."""

def hint(state: str, lang: str = "en") -> Optional[Step]:
    """The easiest next step from a puzzle or a pencil-mark grid; None when the grid is full."""

def rate(puzzle: str) -> Rating:
    """HoDoKu's level, score, stars and hardest technique, and the Sudoku Explainer estimate."""

def generate(
    n: int = 1,
    level: Optional[str] = None,
    symmetry: str = "none",
    seed: Optional[int] = None,
    minimal: bool = False,
    threads: Optional[int] = None,
) -> List[str]:
    """``n`` proper puzzles, reproducible from ``seed`` whatever the number of threads."""

def canonical(puzzle: str) -> str:
    """The minlex form (blanks as ``0``): isomorphic puzzles, and only they, share it."""

def isomorph(puzzle: str, seed: int) -> str:
    """A random member of the puzzle's class, the same for the same seed."""

@overload
def solve_batch(puzzles: Sequence[str], threads: Optional[int] = None) -> List[Optional[str]]: ...
@overload
def solve_batch(puzzles: PuzzleArray, threads: Optional[int] = None) -> PuzzleArray: ...
@overload
def count_batch(puzzles: Sequence[str], limit: int = 2, threads: Optional[int] = None) -> List[int]: ...
@overload
def count_batch(puzzles: PuzzleArray, limit: int = 2, threads: Optional[int] = None) -> npt.NDArray[np.uint64]: ...
@overload
def canonical_batch(puzzles: Sequence[str], threads: Optional[int] = None) -> List[str]: ...
@overload
def canonical_batch(puzzles: PuzzleArray, threads: Optional[int] = None) -> PuzzleArray: ...
@overload
def rate_batch(puzzles: Sequence[str], threads: Optional[int] = None) -> List[Optional[Rating]]: ...
@overload
def rate_batch(puzzles: PuzzleArray, threads: Optional[int] = None) -> RatingArrays: ...
def dataset(
    start: int,
    count: int,
    seed: int,
    levels: Union[None, str, Sequence[str]] = None,
    symmetry: str = "none",
    minimal: bool = False,
    split: Optional[str] = None,
    threads: Optional[int] = None,
) -> List[Entry]:
    """Entries ``start`` to ``start + count - 1`` of the dataset of ``seed``, rated in full."""
