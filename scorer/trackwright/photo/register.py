"""Which mark found in the photo is which printed mark, and the board's homography from them.

The marks all lie on the board's border, so the ones found keep the printed marks' order round
the border (a photo of a board lying face up is never mirrored). The four found marks that
span the largest quadrilateral are matched to every four printed marks in the same order that
leave room for the marks found between them; each such guess is fitted, all the printed marks
projected, matched to the nearest found ones and fitted again; the guess that matches most
marks, nearest, wins. The caller then checks it against the printed board's own picture.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from trackwright.photo import homography as hg
from trackwright.photo.finder import Found
from trackwright.photo.marks import Mark

Point = tuple[float, float]


@dataclass(frozen=True)
class Fit:
    """A homography (board mm to photo pixels) and the marks it matches."""

    h: hg.H
    pairs: tuple[tuple[Mark, Found], ...]
    rms: float  # pixels

    @property
    def count(self) -> int:
        return len(self.pairs)


def _cross(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def hull(points: Sequence[Point]) -> list[int]:
    """The indices of the convex hull's corners, in one turning direction (Andrew's chain)."""
    order = sorted(range(len(points)), key=lambda i: points[i])
    if len(order) < 3:
        return order
    lower: list[int] = []
    for i in order:
        while len(lower) >= 2 and _cross(points[lower[-2]], points[lower[-1]], points[i]) <= 0:
            lower.pop()
        lower.append(i)
    upper: list[int] = []
    for i in reversed(order):
        while len(upper) >= 2 and _cross(points[upper[-2]], points[upper[-1]], points[i]) <= 0:
            upper.pop()
        upper.append(i)
    return lower[:-1] + upper[:-1]


def _area(quad: Sequence[Point]) -> float:
    return 0.5 * sum(
        quad[i][0] * quad[(i + 1) % 4][1] - quad[(i + 1) % 4][0] * quad[i][1] for i in range(4)
    )


def widest_quad(points: Sequence[Point], ring: Sequence[int]) -> tuple[int, int, int, int] | None:
    """Four positions in ``ring`` (a hull, in order) spanning the largest quadrilateral."""
    n = len(ring)
    if n < 4:
        return None
    best: tuple[float, tuple[int, int, int, int]] | None = None
    for a, b, c, d in itertools.combinations(range(n), 4):
        area = abs(_area([points[ring[k]] for k in (a, b, c, d)]))
        if best is None or area > best[0]:
            best = (area, (a, b, c, d))
    return None if best is None else best[1]


def _orientation(points: Sequence[Point]) -> float:
    """Positive for one turning direction round a polygon, negative for the other."""
    n = len(points)
    return sum(
        points[i][0] * points[(i + 1) % n][1] - points[(i + 1) % n][0] * points[i][1]
        for i in range(n)
    )


def refine(h: hg.H, model: Sequence[Mark], found: Sequence[Found], rounds: int = 4) -> Fit | None:
    """Project every printed mark, pair it with the nearest found mark (within a few modules,
    each found mark used once), fit again; repeat."""
    fit: Fit | None = None
    for _ in range(rounds):
        pairs: list[tuple[Mark, Found]] = []
        used: set[int] = set()
        for mk in model:
            px, py = hg.apply(h, mk.x, mk.y)
            best: tuple[float, int] | None = None
            for i, f in enumerate(found):
                d = math.hypot(f.x - px, f.y - py)
                if d < 3.5 * f.module and (best is None or d < best[0]):
                    best = (d, i)
            if best is not None and best[1] not in used:
                used.add(best[1])
                pairs.append((mk, found[best[1]]))
        if len(pairs) < 4:
            return fit
        new = hg.fit([(mk.x, mk.y) for mk, _ in pairs], [(f.x, f.y) for _, f in pairs])
        if new is None:
            return fit
        h = new
        err = [math.dist(hg.apply(h, mk.x, mk.y), (f.x, f.y)) for mk, f in pairs]
        rms = math.sqrt(sum(e * e for e in err) / len(err))
        fit = Fit(h, tuple(pairs), rms)
    return fit


def _quick(h: hg.H, model: Sequence[Mark], found: Sequence[Found]) -> int:
    """How many found marks a printed mark lands near under h (no refit). Each found mark
    counts once: a guess that shrinks the board lands many printed marks on a few found ones,
    and counted by printed marks it outranked the right guess (rendered photo 1811 of the set
    1800-1899: 11 "matched" of 6 found, and no fit at all)."""
    hit: set[int] = set()
    for mk in model:
        px, py = hg.apply(h, mk.x, mk.y)
        for i, f in enumerate(found):
            if abs(f.x - px) < 3.5 * f.module and abs(f.y - py) < 3.5 * f.module:
                hit.add(i)
                break
    return len(hit)


def _ring_order(pts: Sequence[Point], model_pts: Sequence[Point]) -> list[int]:
    """The found marks' indices in their order round the border: by angle round their centre,
    turning the way the printed marks do (round the border, they keep the printed order)."""
    cx = sum(p[0] for p in pts) / len(pts)
    cy = sum(p[1] for p in pts) / len(pts)
    ring = sorted(range(len(pts)), key=lambda i: math.atan2(pts[i][1] - cy, pts[i][0] - cx))
    if (_orientation([pts[i] for i in ring]) > 0) != (_orientation(model_pts) > 0):
        ring.reverse()
    return ring


def _corner_choices(n: int, between: list[int], extra: int) -> Iterator[list[int]]:
    """The printed marks (indices from the first, unwrapped) the four found corner marks may
    be, with up to ``extra`` printed marks unseen in each of the first three gaps."""
    for i0 in range(n):
        for gaps in itertools.product(range(extra + 1), repeat=3):
            idx = [i0]
            for k in range(3):
                idx.append(idx[-1] + between[k] + 1 + gaps[k])
            if n - (idx[3] - i0) - 1 < (between[3] if extra > 3 else 0):
                continue
            if idx[3] - i0 >= n:
                continue
            yield idx


def guesses(model: Sequence[Mark], found: Sequence[Found], keep: int = 4) -> list[Fit]:
    """The plausible fits, best first (most marks matched, then smallest error)."""
    if len(found) < 4 or len(model) < 4:
        return []
    pts = [(f.x, f.y) for f in found]
    model_pts = [(mk.x, mk.y) for mk in model]
    ring = _ring_order(pts, model_pts)
    position = {i: k for k, i in enumerate(ring)}
    corners_hull = hull(pts)
    quad_h = widest_quad(pts, corners_hull)
    if quad_h is None:
        return []
    quad = sorted(position[corners_hull[q]] for q in quad_h)
    corners = [found[ring[q]] for q in quad]
    between = [(quad[(k + 1) % 4] - quad[k] - 1) % len(ring) for k in range(4)]
    n = len(model)
    slack = n - len(ring)
    scored: list[tuple[int, hg.H]] = []
    seen: set[tuple[int, ...]] = set()
    for extra in (max(slack, 0) + 1, 3):
        for idx in _corner_choices(n, between, extra):
            key = tuple(i % n for i in idx)
            if key in seen:
                continue
            seen.add(key)
            h = hg.fit([model_pts[i % n] for i in idx], [(c.x, c.y) for c in corners])
            if h is None or not _plausible(h, model_pts):
                continue
            scored.append((_quick(h, model, found), h))
        if scored and max(c for c, _ in scored) >= max(4, (len(found) + 1) // 2):
            break
    scored.sort(key=lambda item: -item[0])
    fits = [f for _, h in scored[:keep] if (f := refine(h, model, found)) is not None]
    fits.sort(key=lambda f: (-f.count, f.rms))
    return fits


def _plausible(h: hg.H, model_pts: Sequence[Point]) -> bool:
    """A board seen from in front of it: every mark in front of the camera, none mirrored."""
    ws = [h[6] * x + h[7] * y + h[8] for x, y in model_pts]
    if min(ws) <= 0:
        return False
    det = h[0] * h[4] - h[1] * h[3]
    return det > 0
