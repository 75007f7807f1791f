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
