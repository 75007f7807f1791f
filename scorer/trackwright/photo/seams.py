"""Where a tiled TransAmerica board's sheets meet, from the board's size alone.

The kit tiles the board on A4, Letter or A3 sheets (:func:`trackwright.core.tiling.choose_tiling`,
the same arithmetic the kits lay their sheets out with); each sheet but the first of its row
(column) is cut through the middle of the overlap and glued over its neighbour. Those cuts are the
seams: lines across the board at known places, a little off (the sheets lie up to about 2 mm
apart) and shadowed. The reader does not know the paper, so it takes every paper's seams.

The kit puts each seam where it crosses no word and no city (the board's ``keepouts``, the boxes
of its words and discs as printed, which only the kit's fonts can measure): a reader given the
same boxes (the command line) knows the same seams. The built-in boards' seams are written down
here (:data:`PRINTED`, every paper and every language, checked against the kit by
``tests/photo/test_reader.py``), so the phone, which has no fonts, knows them too; for any other
board without keepouts the reader takes the equal split's.
"""

from __future__ import annotations

from collections.abc import Sequence

from trackwright.core.tiling import (
    PAPERS,
    TILE_MARGINS,
    TILE_OVERLAP,
    Box,
    choose_tiling,
    cuts,
)


def paper_seams(
    width: float, height: float, paper: str, keepouts: Sequence[Box] = ()
) -> tuple[list[float], list[float]]:
    """The seams of the board tiled on one paper: x of the vertical ones, y of the
    horizontal ones (board mm)."""
    return cuts(choose_tiling(width, height, paper, TILE_MARGINS, TILE_OVERLAP, keepouts))


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


#: The built-in boards' seams as the kits print them, by (the map's name, drawing width and
#: height): x of the vertical ones and y of the horizontal ones on every paper, the same in
#: every language.
PRINTED: dict[tuple[str, float, float], tuple[tuple[float, ...], tuple[float, ...]]] = {
    ("USA", 690.0, 398.0): ((220.0, 322.0, 441.0), (134.0, 193.0, 266.0)),
    ("USA (the published board)", 622.0, 471.34): (
        (161.0, 228.5, 271.0, 434.5, 441.0),
        (159.5, 237.5, 310.5),
    ),
    ("Europe", 525.0, 450.0): ((133.0, 298.0, 302.0), (151.0, 218.5, 302.0)),
    ("Japan", 484.0, 530.0): ((159.0, 260.869015, 269.0), (136.0, 270.0, 387.5)),
}


def board_seams(
    name: str, width: float, height: float, keepouts: Sequence[Box] = ()
) -> tuple[list[float], list[float]]:
    """A board's seams on every paper: a built-in board's as printed (:data:`PRINTED`), any
    other's from its keepouts (see :func:`seams`)."""
    known = PRINTED.get((name, round(width, 2), round(height, 2)))
    if known is not None:
        return list(known[0]), list(known[1])
    return seams(width, height, keepouts)
