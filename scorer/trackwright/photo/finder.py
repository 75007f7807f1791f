"""Finding the registration marks (:mod:`.marks`) in a photo.

Every second row is made black and white against the local white level (one threshold per
32-pixel block, applied with ``bytes.translate``), its dark runs are found with a regular
expression, and three dark runs whose widths go 1:1:3:1:1 with the light runs between them are
a candidate; the candidate is then checked across, up and down and along both diagonals, and the
candidates of one mark are merged. All of it runs at C speed but for a few Python steps per run.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from trackwright.photo.image import THRESHOLD, Picture, block_means, dilate

BLOCK = 32
DARK_SHARE = 0.58  # a pixel is dark below this share of its neighbourhood's white ...
#: ... or this one, looking again where no board was found: a far board's small marks are
#: blurred paler (rendered 2138 and 2162: 6 marks found along one edge, 13 and 8 with this).
SOFT_DARK_SHARE = 0.65
DARK = re.compile(rb"\x01+")
#: A mark's light ring is at least this many times as bright as its dark centre. Noise on a
#: dark cloth beside the bright board can pass the pattern against the board's white, never
#: this (rendered set 1800-1899: marks 2.2 times and more, such noise 1.25 at most).
RING_CONTRAST = 1.6


@dataclass(frozen=True)
class Found:
    """A mark found in the photo: its centre (pixels), its module (pixels) and how many scans
    agreed on it."""

    x: float
    y: float
    module: float
    hits: int


class _Binary:
    """The photo's grey plane against its local thresholds."""

    def __init__(self, pic: Picture, share: float = DARK_SHARE) -> None:
        self.w, self.h = pic.width, pic.height
        self.plane = pic.grey()
        white = dilate(block_means(self.plane, self.w, self.h, BLOCK))
        self.thr = [[min(255, int(v * share)) for v in row] for row in white]

    def row(self, y: int) -> bytes:
        w, line = self.w, self.plane[y * self.w : (y + 1) * self.w]
        return b"".join(
            line[bx * BLOCK : (bx + 1) * BLOCK].translate(THRESHOLD[t])
            for bx, t in enumerate(self.thr[y // BLOCK])
        )[:w]

    def grey_mean(self, points: list[tuple[float, float]]) -> float | None:
        """The grey plane's mean at the points inside the photo (nearest pixel), or None."""
        values = [
            self.plane[round(y) * self.w + round(x)]
            for x, y in points
            if 0 <= round(x) < self.w and 0 <= round(y) < self.h
        ]
        return sum(values) / len(values) if values else None

    def dark(self, x: int, y: int) -> bool:
        return self.plane[y * self.w + x] < self.thr[y // BLOCK][x // BLOCK]

    def run_out(self, x: int, y: int, dx: int, dy: int, limit: int) -> list[int] | None:
        """From (x, y), inside the mark's dark centre, outwards: the lengths of the rest of the
        centre, the light ring and the dark ring (which must end in light), or None."""
        lengths = [0, 0, 0]
        state = 0
        want = True  # dark
        for _step in range(limit):
            if not (0 <= x < self.w and 0 <= y < self.h):
                return None
            if self.dark(x, y) == want:
                lengths[state] += 1
            else:
                state += 1
                if state == 3:
                    return lengths
                want = not want
                lengths[state] = 1
            x += dx
            y += dy
        return None


def _pattern(d1: float, l1: float, d2: float, l2: float, d3: float) -> float | None:
    """The module if the five widths read 1:1:3:1:1 (widths in pixels), else None."""
    total = d1 + l1 + d2 + l2 + d3
    m = total / 7.0
    if m < 1.0:
        return None
    slack = 0.55 * m + 0.9  # a pixel's rounding either way on small marks
    if abs(d1 - m) > slack or abs(l1 - m) > slack or abs(l2 - m) > slack or abs(d3 - m) > slack:
        return None
    if abs(d2 - 3 * m) > 1.6 * slack:
        return None
    return m


def _cross(b: _Binary, x: int, y: int, dx: int, dy: int, limit: int) -> tuple[float, float] | None:
    """Check the pattern through (x, y) along (dx, dy): (module along it, offset of the centre
    run's middle from (x, y) in steps), or None."""
    fwd = b.run_out(x, y, dx, dy, limit)
    back = b.run_out(x, y, -dx, -dy, limit)
    if fwd is None or back is None:
        return None
    centre = fwd[0] + back[0] - 1
    m = _pattern(back[2], back[1], centre, fwd[1], fwd[2])
    if m is None:
        return None
    return m, (fwd[0] - back[0]) / 2


def find(pic: Picture, share: float = DARK_SHARE) -> list[Found]:
    """Every mark in the photo, best first; ``share``: a pixel is dark below this share of its
    neighbourhood's white."""
    b = _Binary(pic, share)
    w, h = b.w, b.h
    biggest = max(w, h) // 6
    hits: list[tuple[float, float, float]] = []
    for y in range(1, h - 1, 2):
        runs = [(r.start(), r.end()) for r in DARK.finditer(b.row(y))]
        for i in range(len(runs) - 2):
            a0, a1 = runs[i]
            b0, b1 = runs[i + 1]
            c0, c1 = runs[i + 2]
            if c1 - a0 > biggest or c1 - a0 < 7:
                continue
            m = _pattern(a1 - a0, b0 - a1, b1 - b0, c0 - b1, c1 - c0)
            if m is None:
                continue
            cx = (b0 + b1 - 1) / 2
            limit = int(6 * m) + 4
            down = _cross(b, round(cx), y, 0, 1, limit)
            if down is None:
                continue
            cy = y + down[1]
            across = _cross(b, round(cx), round(cy), 1, 0, limit)
            if across is None:
                continue
            cx = round(cx) + across[1]
            diag1 = _cross(b, round(cx), round(cy), 1, 1, limit)
            diag2 = _cross(b, round(cx), round(cy), 1, -1, limit)
            if diag1 is None or diag2 is None:
                continue
            # Counted in steps, a square's module is the same along rows, columns and diagonals
            # when it is square to the photo, and half as long along the diagonals when it is
            # turned by 45 degrees; tilt adds a little.
            ms = (across[0], down[0], diag1[0], diag2[0])
            if max(ms) > 3.5 * min(ms):
                continue
            hits.append((cx, cy, (across[0] + down[0]) / 2))
    return [f for f in _merge(hits) if _ringed(b, f)]


def _ringed(b: _Binary, f: Found) -> bool:
    """Whether the light ring round the found mark is as much lighter than its centre as a
    printed mark's (:data:`RING_CONTRAST`): the grey at the centre and half a module from it
    each way, against the grey two modules from it across and down (the light ring's middle,
    however the mark is turned: the module is measured along the same lines)."""
    m = f.module
    centre = [(f.x + dx, f.y + dy) for dx in (-m / 2, 0, m / 2) for dy in (-m / 2, 0, m / 2)]
    ring = [(f.x + 2 * m, f.y), (f.x - 2 * m, f.y), (f.x, f.y + 2 * m), (f.x, f.y - 2 * m)]
    dark, light = b.grey_mean(centre), b.grey_mean(ring)
    return dark is None or light is None or light >= RING_CONTRAST * max(dark, 1.0)


def _merge(hits: list[tuple[float, float, float]]) -> list[Found]:
    groups: list[list[tuple[float, float, float]]] = []
    for hit in hits:
        for g in groups:
            gx = sum(p[0] for p in g) / len(g)
            gy = sum(p[1] for p in g) / len(g)
            if math.hypot(hit[0] - gx, hit[1] - gy) < 1.5 * max(hit[2], g[0][2]):
                g.append(hit)
                break
        else:
            groups.append([hit])
    out = [
        Found(
            sum(p[0] for p in g) / len(g),
            sum(p[1] for p in g) / len(g),
            sum(p[2] for p in g) / len(g),
            len(g),
        )
        for g in groups
    ]
    return sorted(out, key=lambda f: -f.hits)
