"""Where a printed TransAmerica board carries its registration marks, from the map alone.

A mark is a square ring in a square ring (the pattern of a QR code's corner squares): seen along
any line through its centre, at any rotation and under any moderate tilt, it reads dark, light,
dark three times as long, light, dark (1:1:3:1:1), which a reader finds by scanning rows. It
sits on a white square one module wider on each side, so that it reads the same on sea or land.

Marks go round the board's border: one as near each corner as the board leaves room, and more
between them at most :data:`SPACING` apart, so that a photo with a corner hidden still has
plenty, and the glued sheets of a tiled board each carry some near their joins with the border.
They keep clear of every intersection, track space, city name and the title box, so they cover
nothing the game needs (the title box's place follows the kit's rule, which
``tests/photo/test_reader.py`` checks against the kit). Because they derive from the map alone,
every board drawn from any map file carries them, old files included.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from trackwright.core.transamerica import TransAmericaMap

MODULE = 2.5  # mm: one module of the ring pattern
FINDER = 7 * MODULE  # the dark outer square's side
TILE = FINDER + 2 * MODULE  # with its white quiet zone
INSET = 1.5  # the white square's distance from the board's edge
SPACING = 135.0  # at most this far between neighbouring marks along the border
MIN_GAP = 32.0  # marks' centres at least this far apart
INK = "#1c2733"  # the marks' dark: a deep slate, darker than any printed colour but the lines

# The title box, as the kit places it (kits/transamerica/board.py: cartouche_place).
CARTOUCHE_W, CARTOUCHE_H, CARTOUCHE_PAD = 150.0, 66.0, 8.0

# How far a mark's white square keeps from things the game needs (mm).
CLEAR_TRACK = 1.5  # from a track space's centre line
CLEAR_NODE = 7.0  # from an intersection (its dot and its id below it)
CLEAR_NAME_X, CLEAR_NAME_Y = 46.0, 12.0  # from a city: where its name may be printed
CLEAR_TITLE = 2.0


@dataclass(frozen=True)
class Mark:
    """One registration mark: its centre on the board drawing (mm), numbered round the border
    clockwise from the top-left corner."""

    id: int
    x: float
    y: float


Box = tuple[float, float, float, float]  # x0, y0, x1, y1


def cartouche_box(m: TransAmericaMap) -> tuple[Box, float]:
    """The title box on the board drawing and how much the drawing grows at the bottom for it:
    the first board corner (bottom left, bottom right, top left, top right) whose box covers no
    intersection; when none, below the board."""
    w, h, pad = CARTOUCHE_W, CARTOUCHE_H, CARTOUCHE_PAD
    corners = [
        (pad, m.board_h - pad - h),
        (m.board_w - pad - w, m.board_h - pad - h),
        (pad, pad),
        (m.board_w - pad - w, pad),
    ]
    for x, y in corners:
        if not any(
            x - 6 <= n.x <= x + w + 6 and y - 6 <= n.y <= y + h + 6 for n in m.nodes.values()
        ):
            return (x, y, x + w, y + h), 0.0
    return (pad, m.board_h, pad + w, m.board_h + h), h + pad


def drawing_size(m: TransAmericaMap) -> tuple[float, float]:
    """The printed board's width and height (mm), the title box's room included."""
    return m.board_w, m.board_h + cartouche_box(m)[1]


def _segment_hits_box(a: tuple[float, float], b: tuple[float, float], box: Box) -> bool:
    """Whether the segment a-b meets the box (Liang-Barsky clipping)."""
    x0, y0, x1, y1 = box
    t0, t1 = 0.0, 1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    for p, q in ((-dx, a[0] - x0), (dx, x1 - a[0]), (-dy, a[1] - y0), (dy, y1 - a[1])):
        if p == 0:
            if q < 0:
                return False
        else:
            r = q / p
            if p < 0:
                t0 = max(t0, r)
            else:
                t1 = min(t1, r)
            if t0 > t1:
                return False
    return True


class _Room:
    """What a mark near the border must keep clear of."""

    def __init__(self, m: TransAmericaMap, width: float, height: float) -> None:
        reach = TILE + 2 * CLEAR_NAME_X  # anything further from the border cannot matter
        self.width, self.height = width, height

        def near(x: float, y: float) -> bool:
            return min(x, y, width - x, height - y) < reach

        self.nodes = [(n.x, n.y) for n in m.nodes.values() if n.id not in m.city_by_node]
        self.nodes = [p for p in self.nodes if near(*p)]
        cities = [m.nodes[c.node] for c in m.cities]
        self.cities = [(n.x, n.y) for n in cities if near(n.x, n.y)]
        self.tracks = []
        for e in m.edges:
            a, b = m.nodes[e.a], m.nodes[e.b]
            if near(a.x, a.y) or near(b.x, b.y):
                self.tracks.append(((a.x, a.y), (b.x, b.y)))
        self.title = cartouche_box(m)[0]

    def free(self, x: float, y: float) -> bool:
        half = TILE / 2
        x0, y0, x1, y1 = x - half, y - half, x + half, y + half
        for px, py in self.nodes:
            if (
                x0 - CLEAR_NODE <= px <= x1 + CLEAR_NODE
                and y0 - CLEAR_NODE <= py <= y1 + CLEAR_NODE
            ):
                return False
        for px, py in self.cities:
            if (
                x0 - CLEAR_NAME_X <= px <= x1 + CLEAR_NAME_X
                and y0 - CLEAR_NAME_Y <= py <= y1 + CLEAR_NAME_Y
            ):
                return False
        c = CLEAR_TITLE
        tx0, ty0, tx1, ty1 = self.title
        if x0 - c < tx1 and tx0 < x1 + c and y0 - c < ty1 and ty0 < y1 + c:
            return False
        grown = (x0 - CLEAR_TRACK, y0 - CLEAR_TRACK, x1 + CLEAR_TRACK, y1 + CLEAR_TRACK)
        return not any(_segment_hits_box(a, b, grown) for a, b in self.tracks)


def _border_path(width: float, height: float) -> tuple[list[tuple[float, float]], float]:
    """The line the marks' centres run along: a rectangle inset from the board's edge, clockwise
    from the top-left corner; its corners and its length."""
    d = INSET + TILE / 2
    corners = [(d, d), (width - d, d), (width - d, height - d), (d, height - d)]
    length = 2 * (width - 2 * d) + 2 * (height - 2 * d)
    return corners, length


def _at(corners: list[tuple[float, float]], length: float, s: float) -> tuple[float, float]:
    """The point at arc length s along the closed path through the corners."""
    s %= length
    for i in range(4):
        (xa, ya), (xb, yb) = corners[i], corners[(i + 1) % 4]
        side = abs(xb - xa) + abs(yb - ya)
        if s <= side:
            k = s / side if side else 0.0
            return xa + (xb - xa) * k, ya + (yb - ya) * k
        s -= side
    return corners[0]


class _Placing:
    """Marks being placed along the border: its path, the room free of the drawing, and the
    arc lengths of the marks placed so far."""

    def __init__(self, room: _Room, corners: list[tuple[float, float]], length: float) -> None:
        self.room, self.corners, self.length = room, corners, length
        self.placed: list[float] = []

    def apart(self, s: float) -> bool:
        """Whether arc length ``s`` is at least MIN_GAP from every mark placed."""
        length = self.length
        for t in self.placed:
            gap = abs(s - t) % length
            if min(gap, length - gap) < MIN_GAP:
                return False
        return True

    def nearest_free(self, s: float, reach: float) -> float | None:
        """The nearest place to ``s`` (in 1 mm steps, within ``reach``) that is apart from the
        marks and free of the drawing; None if there is none."""
        for k in range(round(reach) + 1):
            for t in (s + k, s - k) if k else (s,):
                t %= self.length
                if self.apart(t) and self.room.free(*_at(self.corners, self.length, t)):
                    return t
        return None

    def place_near(self, s: float, reach: float) -> bool:
        """Place a mark as near ``s`` as there is room: whether one was placed."""
        found = self.nearest_free(s, reach)
        if found is None:
            return False
        self.placed.append(found)
        return True

    def fill(self) -> bool:
        """One round of filling every stretch of the border longer than SPACING with marks
        evenly between its ends: whether a mark was added."""
        order = sorted(self.placed)
        added = False
        for i, s in enumerate(order):
            nxt = order[(i + 1) % len(order)] + (self.length if i + 1 == len(order) else 0.0)
            gap = nxt - s
            if gap <= SPACING:
                continue
            count = math.ceil(gap / SPACING) - 1
            for k in range(1, count + 1):
                target = s + gap * k / (count + 1)
                reach = max(gap / (count + 1) / 2 - MIN_GAP / 2, 0.0)
                added = self.place_near(target, reach) or added
        return added


def marks(m: TransAmericaMap) -> tuple[Mark, ...]:
    """The board's registration marks (see the module's description)."""
    width, height = drawing_size(m)
    corners, length = _border_path(width, height)
    starts = [0.0]
    for i in range(3):
        (xa, ya), (xb, yb) = corners[i], corners[i + 1]
        starts.append(starts[-1] + abs(xb - xa) + abs(yb - ya))
    placing = _Placing(_Room(m, width, height), corners, length)
    for s in starts:
        placing.place_near(s, 150.0)
    # Then fill every stretch of the border longer than SPACING, halving it until none is.
    for _round in range(12):
        if not placing.fill():
            break
    ordered = sorted(placing.placed)
    return tuple(Mark(i, *_at(corners, length, s)) for i, s in enumerate(ordered))
