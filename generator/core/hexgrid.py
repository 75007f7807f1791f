"""Hex grid geometry in axial coordinates, after Red Blob Games' guide
(https://www.redblobgames.com/grids/hexagons/): pointy-top hexes, axial (q, r), rectangular
maps laid out in "odd-r" rows.

Four kinds of map data live on a hex grid: hex attributes (terrain), points (towns), lines on
the borders between hexes (rivers: a *side*, stored once as the sorted pair of the two hexes it
separates) and lines between hex centres (track). A *corner* is where three hexes meet; rivers
run from corner to corner along sides.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

Hex = tuple[int, int]
Side = tuple[Hex, Hex]
Corner = frozenset[Hex]

SQRT3 = math.sqrt(3.0)

# Neighbour directions, clockwise from east (pointy-top hexes, y down).
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))


def neighbours(h: Hex) -> list[Hex]:
    q, r = h
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def side(a: Hex, b: Hex) -> Side:
    """The canonical key of the side between two neighbouring hexes."""
    return (a, b) if a <= b else (b, a)


def are_neighbours(a: Hex, b: Hex) -> bool:
    return distance(a, b) == 1


def offset_to_axial(col: int, row: int) -> Hex:
    """Odd-r offset (col, row) to axial (q, r): odd rows are shifted half a hex to the right."""
    return col - (row - (row & 1)) // 2, row


def axial_to_offset(h: Hex) -> tuple[int, int]:
    q, r = h
    return q + (r - (r & 1)) // 2, r


def rectangle(width: int, height: int) -> list[Hex]:
    """A width x height map in reading order (row by row)."""
    return [offset_to_axial(c, r) for r in range(height) for c in range(width)]


def centre(h: Hex, size: float) -> tuple[float, float]:
    """Centre of a hex in mm (hexes of ``size`` mm from centre to corner; hex (0, 0) at 0, 0)."""
    q, r = h
    return size * SQRT3 * (q + r / 2), size * 1.5 * r


# Unit offsets of the six corners of a pointy-top hex, clockwise from the upper right (exact
# values rather than trigonometry, so positions are the same on every platform).
_CORNERS = (
    (SQRT3 / 2, -0.5),
    (SQRT3 / 2, 0.5),
    (0.0, 1.0),
    (-SQRT3 / 2, 0.5),
    (-SQRT3 / 2, -0.5),
    (0.0, -1.0),
)


def corner_points(h: Hex, size: float) -> list[tuple[float, float]]:
    """The six corners of a pointy-top hex, clockwise from the upper right."""
    x, y = centre(h, size)
    return [(x + size * dx, y + size * dy) for dx, dy in _CORNERS]


def corners_of(h: Hex) -> list[Corner]:
    """The six corners of a hex, each named by the three hexes that meet there."""
    out = []
    for i in range(6):
        a = DIRECTIONS[i]
        b = DIRECTIONS[(i + 1) % 6]
        out.append(frozenset((h, (h[0] + a[0], h[1] + a[1]), (h[0] + b[0], h[1] + b[1]))))
    return out


def corner_neighbours(c: Corner) -> list[tuple[Corner, Side]]:
    """The three corners one side away, each with the side walked to reach it.

    For the corner where hexes A, B and C meet, the side between A and B leads to the corner of
    A, B and D, where D = A + B - C (the hex across that side from C).
    """
    hexes = sorted(c)
    out = []
    for i in range(3):
        a, b = hexes[i], hexes[(i + 1) % 3]
        other = hexes[(i + 2) % 3]
        d = (a[0] + b[0] - other[0], a[1] + b[1] - other[1])
        out.append((frozenset((a, b, d)), side(a, b)))
    return out


def corner_point(c: Corner, size: float) -> tuple[float, float]:
    xs, ys = zip(*(centre(h, size) for h in c), strict=True)
    return sum(xs) / 3, sum(ys) / 3


def side_points(s: Side, size: float) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two end points (corners) of a side, in mm."""
    a, b = s
    shared = [set(c) for c in corners_of(a) if b in c]
    p, q = (corner_point(frozenset(c), size) for c in shared)
    return p, q


def components(hexes: Iterable[Hex]) -> list[set[Hex]]:
    """Connected groups of the given hexes (by shared sides), largest first, ties by position."""
    todo = set(hexes)
    out: list[set[Hex]] = []
    while todo:
        start = min(todo)
        group = {start}
        stack = [start]
        todo.discard(start)
        while stack:
            h = stack.pop()
            for n in neighbours(h):
                if n in todo:
                    todo.discard(n)
                    group.add(n)
                    stack.append(n)
        out.append(group)
    out.sort(key=lambda g: (-len(g), min(g)))
    return out
