"""Hex grid geometry in axial coordinates, after Red Blob Games' guide
(https://www.redblobgames.com/grids/hexagons/): axial (q, r), pointy-top hexes by default,
rectangular maps laid out in "odd-r" rows. The one place that turns hexes into millimetres and
back: boards, tiles, blank sheets, random maps and the web page's hex places all ask here.

The module functions (``centre``, ``corner_points``, ``side_points``, ...) are pointy-top hexes
with hex (0, 0) at 0, 0; a :class:`Layout` adds the orientation (pointy or flat), an origin and
pixel -> hex.

Four kinds of map data live on a hex grid: hex attributes (terrain), points (towns), lines on
the borders between hexes (rivers: a *side*, stored once as the sorted pair of the two hexes it
separates) and lines between hex centres (track). A *corner* is where three hexes meet; rivers
run from corner to corner along sides.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

Hex = tuple[int, int]
Side = tuple[Hex, Hex]
Corner = frozenset[Hex]
Centre = Callable[[Hex, float], tuple[float, float]]  # hex, size -> centre in mm

SQRT3 = math.sqrt(3.0)
POINTY, FLAT = "pointy", "flat"

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


def offset_to_axial_flat(col: int, row: int) -> Hex:
    """Odd-q offset (col, row) to axial (q, r), for flat-top hexes: odd columns are shifted half a
    hex down."""
    return col, row - (col - (col & 1)) // 2


def axial_to_offset_flat(h: Hex) -> tuple[int, int]:
    q, r = h
    return q, r + (q - (q & 1)) // 2


# ------------------------------------------------------------------ printed labels
#
# A hex as people read it off a printed map, as 18xx maps print it: its column as letters
# (A..Z, then AA, AB, ... as spreadsheets count) and its row as a number from 1, "F7". Columns
# and rows are the odd-r offset coordinates of pointy-top hexes (rows run straight across; odd
# rows sit half a hex to the right), counted from ``origin``, the map's top-left offset
# (``label_origin``): (0, 0) for every map the kits make, so hex (0, 0) is "A1".


def label_origin(hexes: Iterable[Hex]) -> tuple[int, int]:
    """The smallest offset column and row of a map's hexes: its "A" column and row 1."""
    cols, rows = zip(*(axial_to_offset(h) for h in hexes), strict=True)
    return min(0, *cols), min(0, *rows)


def column_letters(col: int) -> str:
    """0 -> "A", 25 -> "Z", 26 -> "AA" (bijective base 26)."""
    if col < 0:
        raise ValueError(f"column {col} is left of the map's first")
    out = ""
    n = col + 1
    while n:
        n, k = divmod(n - 1, 26)
        out = chr(ord("A") + k) + out
    return out


def column_number(letters: str) -> int:
    """ "A" -> 0, "AA" -> 26: the inverse of ``column_letters``."""
    n = 0
    for ch in letters.upper():
        n = n * 26 + ord(ch) - ord("A") + 1
    return n - 1


def hex_label(h: Hex, origin: tuple[int, int] = (0, 0)) -> str:
    """The printed label of a hex: column letters and row number, "F7"."""
    col, row = axial_to_offset(h)
    c, r = col - origin[0], row - origin[1]
    if r < 0:
        raise ValueError(f"hex {h} is above the map's first row")
    return f"{column_letters(c)}{r + 1}"


_LABEL = re.compile(r"\s*([A-Za-z]{1,3})\s*-?\s*([0-9]{1,4})\s*")


def parse_label(text: str, origin: tuple[int, int] = (0, 0)) -> Hex | None:
    """The hex a printed label names ("F7", "f 7", "AB12"), or None when the text is no label:
    the inverse of ``hex_label``."""
    found = _LABEL.fullmatch(text)
    if found is None or int(found.group(2)) < 1:
        return None
    col = column_number(found.group(1)) + origin[0]
    row = int(found.group(2)) - 1 + origin[1]
    return offset_to_axial(col, row)


def rectangle(width: int, height: int) -> list[Hex]:
    """A width x height map in reading order (row by row)."""
    return [offset_to_axial(c, r) for r in range(height) for c in range(width)]


def rectangle_span(width: int, height: int, size: float) -> tuple[float, float]:
    """How far the centres of a ``rectangle(width, height)`` reach across (from the first hex of
    an even row to the last of an odd one, half a hex further right) and down, in mm."""
    return size * SQRT3 * (width - 0.5), size * 1.5 * (height - 1)


def centre(h: Hex, size: float) -> tuple[float, float]:
    """Centre of a hex in mm (hexes of ``size`` mm from centre to corner; hex (0, 0) at 0, 0)."""
    q, r = h
    return size * SQRT3 * (q + r / 2), size * 1.5 * r


def flat_centre(h: Hex, size: float) -> tuple[float, float]:
    """Centre of a flat-top hex in mm (hex (0, 0) at 0, 0): the pointy formula with x and y,
    q and r exchanged."""
    q, r = h
    return size * 1.5 * q, size * SQRT3 * (r + q / 2)


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


# The same for a flat-top hex, clockwise from the east.
_FLAT_CORNERS = (
    (1.0, 0.0),
    (0.5, SQRT3 / 2),
    (-0.5, SQRT3 / 2),
    (-1.0, 0.0),
    (-0.5, -SQRT3 / 2),
    (0.5, -SQRT3 / 2),
)


def corner_points(h: Hex, size: float) -> list[tuple[float, float]]:
    """The six corners of a pointy-top hex, clockwise from the upper right."""
    x, y = centre(h, size)
    return [(x + size * dx, y + size * dy) for dx, dy in _CORNERS]


def hex_round(q: float, r: float) -> Hex:
    """The hex that holds fractional axial coordinates (q, r): round the three cube coordinates
    and recompute the one that moved most, so that q + r + s stays 0."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return int(rq), int(rr)


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
    return _corner_point(c, size, centre)


def _corner_point(c: Corner, size: float, at: Centre) -> tuple[float, float]:
    xs, ys = zip(*(at(h, size) for h in c), strict=True)
    return sum(xs) / 3, sum(ys) / 3


def side_points(s: Side, size: float) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two end points (corners) of a side, in mm."""
    return _side_points(s, size, centre)


def _side_points(
    s: Side, size: float, at: Centre
) -> tuple[tuple[float, float], tuple[float, float]]:
    a, b = s
    shared = [set(c) for c in corners_of(a) if b in c]
    p, q = (_corner_point(frozenset(c), size, at) for c in shared)
    return p, q


@dataclass(frozen=True)
class Layout:
    """Hexes of ``size`` mm (centre to corner), pointy- or flat-topped, with hex (0, 0)'s centre
    at ``origin``; y points down.

    Every position is computed as for hex (0, 0) at 0, 0 and the origin added last, so a drawing
    placed with ``Layout(origin=(ox, oy))`` has exactly the numbers of ``centre(h, size)`` plus
    the offset."""

    orientation: str = POINTY
    size: float = 1.0
    origin: tuple[float, float] = (0.0, 0.0)

    def __post_init__(self) -> None:
        if self.orientation not in (POINTY, FLAT):
            raise ValueError(f"hex orientation is pointy or flat, not {self.orientation!r}")

    @property
    def flat(self) -> bool:
        return self.orientation == FLAT

    @property
    def width(self) -> float:
        """Width of one hex, mm (pointy: side to side; flat: corner to corner)."""
        return 2 * self.size if self.flat else SQRT3 * self.size

    @property
    def height(self) -> float:
        """Height of one hex, mm (pointy: corner to corner; flat: side to side)."""
        return SQRT3 * self.size if self.flat else 2 * self.size

    @property
    def row_step(self) -> float:
        """Vertical distance between the centres of two rows (pointy) or the centres of a hex
        and the hex below it (flat)."""
        return SQRT3 * self.size if self.flat else 1.5 * self.size

    def _at(self, h: Hex, size: float) -> tuple[float, float]:
        return flat_centre(h, size) if self.flat else centre(h, size)

    def _unit_corners(self) -> tuple[tuple[float, float], ...]:
        return _FLAT_CORNERS if self.flat else _CORNERS

    def _shift(self, p: tuple[float, float]) -> tuple[float, float]:
        ox, oy = self.origin
        return p[0] + ox, p[1] + oy

    def centre(self, h: Hex) -> tuple[float, float]:
        return self._shift(self._at(h, self.size))

    def corner_offsets(self) -> list[tuple[float, float]]:
        """The six corners relative to the centre (pointy: clockwise from the upper right; flat:
        clockwise from the east)."""
        return [(self.size * dx, self.size * dy) for dx, dy in self._unit_corners()]

    def corners(self, h: Hex) -> list[tuple[float, float]]:
        """The six corners of a hex, in the order of ``corner_offsets``."""
        x, y = self._at(h, self.size)
        s = self.size
        return [self._shift((x + s * dx, y + s * dy)) for dx, dy in self._unit_corners()]

    def corner_point(self, c: Corner) -> tuple[float, float]:
        """Where the three hexes of a corner meet."""
        return self._shift(_corner_point(c, self.size, self._at))

    def side_points(self, s: Side) -> tuple[tuple[float, float], tuple[float, float]]:
        """The two end points (corners) of the side between two neighbouring hexes."""
        p, q = _side_points(s, self.size, self._at)
        return self._shift(p), self._shift(q)

    def bounds(self, hexes: Iterable[Hex]) -> tuple[float, float, float, float]:
        """min x, min y, max x, max y of all the hexes' corners."""
        xs, ys = zip(*(self._at(h, self.size) for h in hexes), strict=True)
        if self.flat:
            w, hh = self.size, self.size * SQRT3 / 2
        else:
            w, hh = self.size * SQRT3 / 2, self.size
        ox, oy = self.origin
        return min(xs) - w + ox, min(ys) - hh + oy, max(xs) + w + ox, max(ys) + hh + oy

    def fractional(self, x: float, y: float) -> tuple[float, float]:
        """Fractional axial coordinates of a point (the inverse of ``centre``)."""
        px, py = (x - self.origin[0]) / self.size, (y - self.origin[1]) / self.size
        if self.flat:
            return 2 / 3 * px, -px / 3 + SQRT3 / 3 * py
        return SQRT3 / 3 * px - py / 3, 2 / 3 * py

    def hex_at(self, x: float, y: float) -> Hex:
        """The hex that holds a point (pixel -> hex)."""
        return hex_round(*self.fractional(x, y))

    def to_offset(self, h: Hex) -> tuple[int, int]:
        """Axial to offset (col, row): odd-r rows for pointy hexes, odd-q columns for flat."""
        return axial_to_offset_flat(h) if self.flat else axial_to_offset(h)

    def from_offset(self, col: int, row: int) -> Hex:
        return offset_to_axial_flat(col, row) if self.flat else offset_to_axial(col, row)


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
