"""Where a tiled TransAmerica board's sheets meet, from the board's size alone.

The kit tiles the board on A4, Letter or A3 sheets (``trackwright.kits.layout.choose_tiling``:
equal windows sharing :data:`OVERLAP` mm, portrait or landscape, whichever takes fewer sheets);
each sheet but the first of its row (column) is cut through the middle of the overlap and glued
over its neighbour. Those cuts are the seams: lines across the board at known places, a little
off (the sheets lie up to about 2 mm apart) and shadowed. The reader does not know the paper,
so it takes every paper's seams. ``tests/test_photo.py`` checks them against the kit's tiling.
"""

from __future__ import annotations

import math

# As trackwright.kits.layout.PAPERS and trackwright.kits.sheets.TILE_MARGINS / TILE_OVERLAP.
PAPERS: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "a3": (297.0, 420.0),
}
MARGINS = (10.0, 10.0, 26.0, 10.0)  # top, right, bottom, left of the portrait sheet
OVERLAP = 14.0


def _cuts(length: float, usable: float) -> list[float]:
    """Where the cuts fall along one side of the board (as the kit's ``_split``)."""
    if length <= usable:
        return []
    count = math.ceil((length - OVERLAP) / (usable - OVERLAP))
    piece = (length + (count - 1) * OVERLAP) / count
    step = piece - OVERLAP
    return [round(k * step, 6) + OVERLAP / 2 for k in range(1, count)]


def paper_seams(width: float, height: float, paper: str) -> tuple[list[float], list[float]]:
    """The seams of the board tiled on one paper: x of the vertical ones, y of the
    horizontal ones (board mm)."""
    best: tuple[int, list[float], list[float]] | None = None
    for landscape in (True, False):
        pw, ph = PAPERS[paper]
        if landscape:
            pw, ph = ph, pw
        top, right, bottom, left = MARGINS
        xs = _cuts(width, pw - left - right)
        ys = _cuts(height, ph - top - bottom)
        sheets = (len(xs) + 1) * (len(ys) + 1)
        if best is None or sheets < best[0]:
            best = (sheets, xs, ys)
    assert best is not None
    return best[1], best[2]


def seams(width: float, height: float) -> tuple[list[float], list[float]]:
    """Every paper's seams (see :func:`paper_seams`), each place once."""
    xs: set[float] = set()
    ys: set[float] = set()
    for paper in PAPERS:
        px, py = paper_seams(width, height, paper)
        xs.update(px)
        ys.update(py)
    return sorted(xs), sorted(ys)
