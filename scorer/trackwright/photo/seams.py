"""Where a tiled TransAmerica board's sheets meet, from the board's size alone.

The kit tiles the board on A4, Letter or A3 sheets (:func:`trackwright.core.tiling.choose_tiling`,
the same arithmetic the kits lay their sheets out with); each sheet but the first of its row
(column) is cut through the middle of the overlap and glued over its neighbour. Those cuts are the
seams: lines across the board at known places, a little off (the sheets lie up to about 2 mm
apart) and shadowed. The reader does not know the paper, so it takes every paper's seams.

The kit puts each seam where it crosses no word and no city (the board's ``keepouts``, the boxes
of its words and discs as printed, which only the kit's fonts can measure), and writes the seams
it printed into the map file beside the kit (``print.seams``; the built-in maps in
``templates/transamerica/maps/`` carry theirs, checked against the kit in every language by
``tests/photo/test_reader.py``), so the phone, which has no fonts, knows them too. A map file
without them: a reader given the boxes (the command line) knows the same seams as the kit; one
without (the phone) takes the equal split's.

The sheets lie as bricks (:mod:`trackwright.core.tiling`): a vertical seam runs only across its
own row of sheets (a horizontal one, in columns of sheets, only down its column). The map file
says where each runs too (``print.seams.runs``, :func:`board_seam_runs`); ``x`` and ``y`` are
the places any of them lies, which :func:`board_seams` still answers with.
"""

from __future__ import annotations

from collections.abc import Sequence

from trackwright.core.tiling import (
    PAPERS,
    TILE_MARGINS,
    TILE_OVERLAP,
    Box,
    SeamRun,
    Tiling,
    choose_tiling,
    cuts,
    seam_runs,
)
from trackwright.photo.stats import median


def _tiling(width: float, height: float, paper: str, keepouts: Sequence[Box]) -> Tiling:
    return choose_tiling(width, height, paper, TILE_MARGINS, TILE_OVERLAP, keepouts)


def paper_seams(
    width: float, height: float, paper: str, keepouts: Sequence[Box] = ()
) -> tuple[list[float], list[float]]:
    """The seams of the board tiled on one paper: x of the vertical ones, y of the
    horizontal ones (board mm)."""
    return cuts(_tiling(width, height, paper, keepouts))


def seams(
    width: float, height: float, keepouts: Sequence[Box] = ()
) -> tuple[list[float], list[float]]:
    """Every paper's seams (see :func:`paper_seams`), each place once."""
    xs: set[float] = set()
    ys: set[float] = set()
    for paper in PAPERS:
        px, py = paper_seams(width, height, paper, keepouts)
        xs.update(px)
        ys.update(py)
    return sorted(xs), sorted(ys)


def board_seams(
    printed: tuple[Sequence[float], Sequence[float]] | None,
    width: float,
    height: float,
    keepouts: Sequence[Box] = (),
) -> tuple[list[float], list[float]]:
    """A board's seams on every paper: those its map file says the kit printed (``printed``,
    :attr:`~trackwright.core.transamerica.TransAmericaMap.printed_seams`), else those the kit
    would print with ``keepouts``, else (no keepouts) the equal split's (see :func:`seams`)."""
    if printed is not None:
        return sorted(printed[0]), sorted(printed[1])
    return seams(width, height, keepouts)


def every_paper(
    width: float, height: float, keepouts: Sequence[Box] = ()
) -> tuple[list[float], list[float], list[SeamRun]]:
    """Every paper's seams (see :func:`seams`) and where each runs (:func:`seam_runs`), each
    once: what a map file beside a kit says (``print.seams``)."""
    xs: set[float] = set()
    ys: set[float] = set()
    runs: set[SeamRun] = set()
    for paper in PAPERS:
        tiling = _tiling(width, height, paper, keepouts)
        px, py = cuts(tiling)
        xs.update(px)
        ys.update(py)
        runs.update(seam_runs(tiling))
    return sorted(xs), sorted(ys), sorted(runs)


def board_seam_runs(
    printed: Sequence[SeamRun] | None,
    width: float,
    height: float,
    keepouts: Sequence[Box] = (),
) -> list[SeamRun]:
    """Where a board's seams run on every paper (("x", x, y0, y1) for a vertical seam from y0
    to y1, ("y", y, x0, x1) for a horizontal one): as its map file says (``printed``,
    :attr:`~trackwright.core.transamerica.TransAmericaMap.printed_seam_runs`), else as the kit
    would print them with ``keepouts``; without keepouts, the equal split's across the whole
    board."""
    if printed is not None:
        return sorted(printed)
    if keepouts:
        return every_paper(width, height, keepouts)[2]
    xs, ys = seams(width, height)
    return sorted([("x", x, 0.0, height) for x in xs] + [("y", y, 0.0, width) for y in ys])


def on_a_seam(runs: Sequence[SeamRun], x: float, y: float, off: float) -> tuple[bool, bool]:
    """Whether a vertical seam, and whether a horizontal one, may lie within ``off`` mm of the
    board point (x, y): what a reader asks before it takes a line there for a seam."""
    vertical = any(
        a == "x" and abs(at - x) <= off and lo - off <= y <= hi + off for a, at, lo, hi in runs
    )
    horizontal = any(
        a == "y" and abs(at - y) <= off and lo - off <= x <= hi + off for a, at, lo, hi in runs
    )
    return vertical, horizontal


# ------------------------------------------------------------------ which seams a photo shows

#: A seam shows as a thin shadow along the top sheet's cut edge. Across every seam run, every
#: :data:`STEP` mm along it, the photo's green and the board's are read every half mm for
#: :data:`HALF` half mm each side; each profile over its own median, the photo's minus the
#: board's, and the median of those over the run: a seam there dips by a few per cent (3 to 30
#: on rendered sheets), a poster's by under 1.3. A run shorter than :data:`SHORTEST` has too
#: few profiles for its median to tell, and is kept.
STEP = 3.0  # mm
HALF = 10  # half mm
NEAR = 4  # half mm: the dip is looked for this near the run's place (the sheets lie a little off)
DIP = 0.013  # a run whose dip is shallower than this share of the paper is not printed here
SHORTEST = 40.0  # mm


def across_run(run: SeamRun) -> list[list[tuple[float, float]]]:
    """The board points read across a seam run (see above): one list per place along it."""
    axis, at, lo, hi = run
    out = []
    t = lo + STEP / 2
    while t < hi:
        out.append(
            [(at + k / 2, t) if axis == "x" else (t, at + k / 2) for k in range(-HALF, HALF + 1)]
        )
        t += STEP
    return out


def dip(seen: Sequence[Sequence[float]], board: Sequence[Sequence[float]]) -> float:
    """How deep the seam's shadow is (a share of the paper; 0 without one): the photo's
    profiles (``seen``, those the photo holds) against the board's at the same places."""
    diffs = []
    for p, r in zip(seen, board, strict=True):
        mp, mr = median(p), median(r)
        if mp > 0 and mr > 0:
            diffs.append([a / mp - b / mr for a, b in zip(p, r, strict=True)])
    if not diffs:
        return 0.0
    middle = [median([d[k] for d in diffs]) for k in range(HALF - NEAR, HALF + NEAR + 1)]
    return max(0.0, -min(middle))


def shown(profiles: int, depth: float, sure: bool = False) -> bool:
    """Whether a seam run may be printed in the photo: its dip deep enough, or too little of
    it read to tell (``profiles`` read in the photo, :data:`STEP` mm apart: a run shorter than
    :data:`SHORTEST`, or one mostly outside the photo). ``sure``: only the first, the run read
    along enough of it to tell."""
    long_enough = profiles * STEP >= SHORTEST
    return depth >= DIP and long_enough if sure else not long_enough or depth >= DIP
