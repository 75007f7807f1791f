"""A hand-written lattice checked as a board: intersections apart, each track space one lattice
step long, no two track spaces crossing.

A map file lists intersections by position and track spaces by their two ends; nothing in the
schema says that the ends are neighbours. A track space across a whole row, or two intersections
at one place, would still make a kit (and give the scorer a shortcut no printed board has), so
the map's loader refuses them here, naming both places. The lattice step is the map's own: the
median length of its track spaces (every built-in board's spaces are one length to 0.01 mm).

Pure Python and linear in the map's size (the places are bucketed by a grid of one step): the
phone checks every map it loads.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence

from trackwright.core.errors import TrackwrightError

Point = tuple[float, float]

#: Two intersections nearer than this many steps are at one place.
ONE_PLACE = 0.5
#: A track space longer than this many steps skips an intersection (the next lattice distance
#: after one step is sqrt(3), about 1.73).
LONGEST = 1.25


def step(points: Mapping[str, Point], spaces: Sequence[tuple[str, str]]) -> float:
    """The lattice step: the median length of the track spaces (0 without any)."""
    lengths = sorted(math.dist(points[a], points[b]) for a, b in spaces)
    return lengths[len(lengths) // 2] if lengths else 0.0


def check(
    points: Mapping[str, Point], spaces: Sequence[tuple[str, str]], where: str, unit: str = "mm"
) -> None:
    """Refuse two intersections at one place, a track space longer than a step and two track
    spaces that cross, each on one line naming both places (node ids and JSON paths)."""
    size = step(points, spaces)
    _check_apart(points, size, where, unit)
    _check_lengths(points, spaces, size, where, unit)
    _check_crossings(points, spaces, size, where)


def _cells(x0: float, y0: float, x1: float, y1: float, size: float) -> Iterator[tuple[int, int]]:
    """The grid cells (of side ``size``) a box touches."""
    for cx in range(math.floor(x0 / size), math.floor(x1 / size) + 1):
        for cy in range(math.floor(y0 / size), math.floor(y1 / size) + 1):
            yield cx, cy


class _Grid:
    """Boxes by the grid cells they touch: each new box meets only the earlier ones sharing a
    cell with it, so a check is linear in a lattice's size and stops at the first fault (a
    hostile file of a hundred thousand intersections at one place costs one comparison)."""

    def __init__(self, size: float) -> None:
        self.size = size
        self.cells: dict[tuple[int, int], list[int]] = {}

    def near(self, box: tuple[float, float, float, float]) -> list[int]:
        """The earlier boxes sharing a cell with ``box``, in the order they were added."""
        found = {i for cell in _cells(*box, self.size) for i in self.cells.get(cell, ())}
        return sorted(found)

    def add(self, i: int, box: tuple[float, float, float, float]) -> None:
        for cell in _cells(*box, self.size):
            self.cells.setdefault(cell, []).append(i)


def _check_apart(points: Mapping[str, Point], size: float, where: str, unit: str) -> None:
    """No two intersections nearer than ONE_PLACE steps (or at exactly one place)."""
    near = max(ONE_PLACE * size, 1e-9)
    ids = list(points)
    grid = _Grid(2 * near)
    for j, (b, (x, y)) in enumerate(points.items()):
        box = (x - near, y - near, x + near, y + near)
        for i in grid.near(box):
            a = ids[i]
            gap = math.dist(points[a], points[b])
            if gap < near:
                raise TrackwrightError.of(
                    "ta.map.node.same-place",
                    f"{where}: $.nodes[{j}]",
                    a=a,
                    i=i,
                    b=b,
                    j=j,
                    gap=gap,
                    size=size,
                    unit=unit,
                )
        grid.add(j, box)


def _check_lengths(
    points: Mapping[str, Point],
    spaces: Sequence[tuple[str, str]],
    size: float,
    where: str,
    unit: str,
) -> None:
    """Every track space joins neighbouring intersections: at most LONGEST steps long."""
    for i, (a, b) in enumerate(spaces):
        length = math.dist(points[a], points[b])
        if length > LONGEST * size:
            raise TrackwrightError.of(
                "ta.map.edge.long",
                f"{where}: $.edges[{i}]",
                a=a,
                b=b,
                length=length,
                steps=length / size,
                size=size,
                unit=unit,
            )


def _side(o: Point, a: Point, b: Point) -> float:
    """Which side of the line o-a the point b lies on (the cross product's sign)."""
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _sign(value: float, tolerance: float) -> int:
    """-1, 0 or 1: a value within ``tolerance`` of zero counts as zero."""
    return 0 if abs(value) <= tolerance else (1 if value > 0 else -1)


def crosses(p: Point, q: Point, r: Point, s: Point, tolerance: float = 1e-9) -> bool:
    """Whether the segments p-q and r-s cross at a point inside both (sharing an end, touching
    or running along each other is not crossing)."""
    d1, d2 = _sign(_side(p, q, r), tolerance), _sign(_side(p, q, s), tolerance)
    d3, d4 = _sign(_side(r, s, p), tolerance), _sign(_side(r, s, q), tolerance)
    return d1 * d2 == -1 and d3 * d4 == -1


def _check_crossings(
    points: Mapping[str, Point], spaces: Sequence[tuple[str, str]], size: float, where: str
) -> None:
    """No two track spaces cross (away from an intersection they share)."""
    if size <= 0:
        return
    tolerance = 1e-6 * size * size
    grid = _Grid(size)
    for j, (c, d) in enumerate(spaces):
        (xc, yc), (xd, yd) = points[c], points[d]
        box = (min(xc, xd), min(yc, yd), max(xc, xd), max(yc, yd))
        for i in grid.near(box):
            a, b = spaces[i]
            if {a, b} & {c, d}:
                continue
            if crosses(points[a], points[b], points[c], points[d], tolerance):
                raise TrackwrightError.of(
                    "ta.map.edge.cross", f"{where}: $.edges[{j}]", a=a, b=b, i=i, c=c, d=d, j=j
                )
        grid.add(j, box)
