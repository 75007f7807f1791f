"""The triangular lattice of TransAmerica: track is built on its edges between intersections.

Intersections lie in rows ``edge`` mm apart along the row, ``edge * sqrt(3)/2`` between rows;
odd rows are shifted half an edge to the right, so every intersection has six neighbours at one
edge's distance. An intersection is a *cell* (col, row) here and a node id ('A1': row letter,
column number) in a map file. Pure Python: the engines use it in a browser too.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

Cell = tuple[int, int]  # (col, row)

SQRT3_2 = math.sqrt(3) / 2  # the distance between two rows, per edge


def node_id(col: int, row: int) -> str:
    """Row letter and column number: 'A1' is the top-left intersection of the full lattice."""
    return f"{chr(ord('A') + row)}{col + 1}"


def cell_of(nid: str) -> Cell:
    """The (col, row) of a node id: the inverse of :func:`node_id`."""
    return int(nid[1:]) - 1, ord(nid[0]) - ord("A")


def position(
    col: int,
    row: int,
    edge: float = 1.0,
    origin: tuple[float, float] = (0.0, 0.0),
    shift: tuple[float, float] | None = None,
) -> tuple[float, float]:
    """Where an intersection lies, in mm: cell (0, 0) at ``origin``, the whole lattice moved by
    ``shift`` (a fraction of an edge across, of a row down) when given.

    Without a shift the row is placed at ``row * edge * SQRT3_2``, with one at
    ``(row + shift_y) * (edge * SQRT3_2)``: the two round differently in the last bit, and the
    maps built with each (random continents; boards laid over a region) stay byte for byte what
    they were."""
    ox, oy = origin
    if shift is None:
        return ox + (col + 0.5 * (row % 2)) * edge, oy + row * edge * SQRT3_2
    sx, sy = shift
    return ox + (col + 0.5 * (row % 2) + sx) * edge, oy + (row + sy) * (edge * SQRT3_2)


def nearest(
    x: float,
    y: float,
    edge: float = 1.0,
    origin: tuple[float, float] = (0.0, 0.0),
    shift: tuple[float, float] | None = None,
) -> Cell:
    """The intersection nearest to a point (pixel -> node); ties go to the smaller (row, col).

    A point between rows r and r + 1 is nearest to an intersection of one of them (an
    intersection's region reaches 2/3 of a row up and down), and within a row to the rounded
    column; the rows either side are tried too, against rounding at the boundaries."""
    sx, sy = shift if shift is not None else (0.0, 0.0)
    fr = (y - origin[1]) / (edge * SQRT3_2) - sy
    best: tuple[float, int, int] | None = None
    for row in range(math.floor(fr) - 1, math.floor(fr) + 3):
        col = round((x - origin[0]) / edge - 0.5 * (row % 2) - sx)
        for c in (col - 1, col, col + 1):
            d = math.dist((x, y), position(c, row, edge, origin, shift))
            if best is None or (d, row, c) < best:
                best = (d, row, c)
    assert best is not None
    return best[2], best[1]


def neighbours(col: int, row: int) -> list[Cell]:
    """The six neighbours: left, right, then the two above and the two below."""
    k = row % 2
    return [
        (col - 1, row),
        (col + 1, row),
        (col - 1 + k, row - 1),
        (col + k, row - 1),
        (col - 1 + k, row + 1),
        (col + k, row + 1),
    ]


def forward_neighbours(col: int, row: int) -> list[Cell]:
    """Right, down-left and down-right: walking every cell's forward neighbours produces each
    undirected edge once."""
    if row % 2 == 0:
        return [(col + 1, row), (col - 1, row + 1), (col, row + 1)]
    return [(col + 1, row), (col, row + 1), (col + 1, row + 1)]


def edge_key(a: Cell, b: Cell) -> tuple[Cell, Cell]:
    """The canonical key of the edge between two neighbouring cells: the sorted pair."""
    return (a, b) if a <= b else (b, a)


def are_neighbours(a: Cell, b: Cell) -> bool:
    return b in neighbours(*a)


def triangles(cells: Iterable[Cell]) -> list[tuple[Cell, ...]]:
    """The lattice triangles with all three corners in ``cells``, each as its sorted corners.
    Each triangle has one horizontal side; from its left corner (c, r) the third corner is
    (c + r mod 2, r +- 1)."""
    cells = set(cells)
    out = []
    for col, row in sorted(cells):
        right = (col + 1, row)
        if right not in cells:
            continue
        for third in ((col + row % 2, row + 1), (col + row % 2, row - 1)):
            if third in cells:
                out.append(tuple(sorted(((col, row), right, third))))
    return out
