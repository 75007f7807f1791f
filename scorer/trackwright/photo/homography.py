"""Projective maps of the plane (3 x 3 matrices as 9 floats, row after row, last one 1): from
the board's millimetres to a photo's pixels. Least squares by normal equations on normalised
points, solved by Gaussian elimination, or for four points in closed form: small, exact enough
and pure Python."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

Point = tuple[float, float]
H = tuple[float, float, float, float, float, float, float, float, float]


def apply(h: H, x: float, y: float) -> Point:
    w = h[6] * x + h[7] * y + h[8]
    return (h[0] * x + h[1] * y + h[2]) / w, (h[3] * x + h[4] * y + h[5]) / w


def multiply(a: H, b: H) -> H:
    a0, a1, a2, a3, a4, a5, a6, a7, a8 = a
    b0, b1, b2, b3, b4, b5, b6, b7, b8 = b
    out = (
        a0 * b0 + a1 * b3 + a2 * b6,
        a0 * b1 + a1 * b4 + a2 * b7,
        a0 * b2 + a1 * b5 + a2 * b8,
        a3 * b0 + a4 * b3 + a5 * b6,
        a3 * b1 + a4 * b4 + a5 * b7,
        a3 * b2 + a4 * b5 + a5 * b8,
        a6 * b0 + a7 * b3 + a8 * b6,
        a6 * b1 + a7 * b4 + a8 * b7,
        a6 * b2 + a7 * b5 + a8 * b8,
    )
    return _normalised(out)


def inverse(h: H) -> H:
    a, b, c, d, e, f, g, k, m = h
    out = [
        e * m - f * k,
        c * k - b * m,
        b * f - c * e,
        f * g - d * m,
        a * m - c * g,
        c * d - a * f,
        d * k - e * g,
        b * g - a * k,
        a * e - b * d,
    ]
    return _normalised(out)


def _normalised(v: Sequence[float]) -> H:
    s = v[8] if abs(v[8]) > 1e-12 else 1.0
    a, b, c, d, e, f, g, k, m = (x / s for x in v)
    return (a, b, c, d, e, f, g, k, m)


def _similarity(points: Sequence[Point]) -> H:
    """The map that centres points and scales their mean distance to sqrt(2)."""
    n = len(points)
    cx = sum(p[0] for p in points) / n
    cy = sum(p[1] for p in points) / n
    d = sum(math.hypot(p[0] - cx, p[1] - cy) for p in points) / n or 1.0
    s = math.sqrt(2) / d
    return (s, 0.0, -s * cx, 0.0, s, -s * cy, 0.0, 0.0, 1.0)


def solve_linear(a: list[list[float]], b: list[float]) -> list[float] | None:
    """Solve a x = b (square) by Gaussian elimination with partial pivoting; None if singular."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        if abs(m[pivot][col]) < 1e-12:
            return None
        m[col], m[pivot] = m[pivot], m[col]
        p = m[col][col]
        for r in range(col + 1, n):
            f = m[r][col] / p
            if f:
                row, top = m[r], m[col]
                for c in range(col, n + 1):
                    row[c] -= f * top[c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def fit(
    src: Sequence[Point], dst: Sequence[Point], weights: Sequence[float] | None = None
) -> H | None:
    """The homography taking src to dst (at least four pairs, least squares beyond), or None
    when the points do not determine one."""
    if len(src) < 4 or len(src) != len(dst):
        return None
    if len(src) == 4 and weights is None:
        return _four(src, dst)
    ts, td = _similarity(src), _similarity(dst)
    s = [apply(ts, *p) for p in src]
    d = [apply(td, *p) for p in dst]
    ata = [[0.0] * 8 for _ in range(8)]
    atb = [0.0] * 8
    for i, ((x, y), (u, v)) in enumerate(zip(s, d, strict=True)):
        w = weights[i] if weights is not None else 1.0
        for row, rhs in (
            ((x, y, 1.0, 0.0, 0.0, 0.0, -u * x, -u * y), u),
            ((0.0, 0.0, 0.0, x, y, 1.0, -v * x, -v * y), v),
        ):
            for j in range(8):
                rj = row[j] * w
                if rj:
                    line = ata[j]
                    for k in range(8):
                        line[k] += rj * row[k]
                    atb[j] += rj * rhs
    sol = solve_linear(ata, atb)
    if sol is None:
        return None
    h: H = (*sol, 1.0)  # type: ignore[assignment]
    return multiply(multiply(inverse(td), h), ts)


def _four(src: Sequence[Point], dst: Sequence[Point]) -> H | None:
    """The homography taking four points to four, in closed form: the unit square's map onto
    the destination after the inverse of its map onto the source (Heckbert's), the same as
    the least squares of :func:`fit` to rounding, several times faster (the board's marks are
    guessed thousands of times over, four at a time: ``register.guesses``); None where three
    of either four lie on a line."""
    from_src, to_dst = _to_square(tuple(src)), _from_square(dst)
    if from_src is None or to_dst is None:
        return None
    return multiply(to_dst, from_src)


@lru_cache(maxsize=4096)
def _to_square(q: tuple[Point, ...]) -> H | None:
    """The inverse of :func:`_from_square`, kept: the source of :func:`_four` is the board's
    marks, four of a few dozen, the same fours guessed again and again."""
    to = _from_square(q)
    return None if to is None else inverse(to)


#: How far from degenerate a quadrilateral must be, as a share of its extent squared
DEGENERATE = 1e-9


def _from_square(q: Sequence[Point]) -> H | None:
    """The projective map taking (0, 0), (1, 0), (1, 1) and (0, 1) to the four points in turn;
    None where three of them lie on a line (or nearly: a triangle of them with an area under
    :data:`DEGENERATE` of the four's extent squared)."""
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = q
    extent = max(abs(x1 - x0), abs(y1 - y0), abs(x3 - x0), abs(y3 - y0), abs(x2 - x0), abs(y2 - y0))
    if _flat(q, DEGENERATE * extent * extent):
        return None
    dx1, dx2, dy1, dy2 = x1 - x2, x3 - x2, y1 - y2, y3 - y2
    den = dx1 * dy2 - dx2 * dy1
    sx, sy = x0 - x1 + x2 - x3, y0 - y1 + y2 - y3
    g = (sx * dy2 - dx2 * sy) / den
    k = (dx1 * sy - sx * dy1) / den
    a, b, d, e = x1 - x0 + g * x1, x3 - x0 + k * x3, y1 - y0 + g * y1, y3 - y0 + k * y3
    return (a, b, x0, d, e, y0, g, k, 1.0)


def _flat(q: Sequence[Point], tiny: float) -> bool:
    """Whether any three of the four points lie on a line: twice their triangle's area at most
    ``tiny`` (and always where the four coincide)."""
    for i, j, k in ((0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)):
        (ax, ay), (bx, by), (cx, cy) = q[i], q[j], q[k]
        if abs((bx - ax) * (cy - ay) - (by - ay) * (cx - ax)) <= tiny:
            return True
    return False


def scale_at(h: H, x: float, y: float) -> float:
    """How many pixels one millimetre spans near (x, y) (the mean of the two directions)."""
    p = apply(h, x, y)
    qx = apply(h, x + 1.0, y)
    qy = apply(h, x, y + 1.0)
    return (math.dist(p, qx) + math.dist(p, qy)) / 2
