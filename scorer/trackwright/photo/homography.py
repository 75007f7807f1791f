"""Projective maps of the plane (3 x 3 matrices as 9 floats, row after row, last one 1): from
the board's millimetres to a photo's pixels. Least squares by normal equations on normalised
points, solved by Gaussian elimination: small, exact enough and pure Python."""

from __future__ import annotations

import math
from collections.abc import Sequence

Point = tuple[float, float]
H = tuple[float, float, float, float, float, float, float, float, float]


def apply(h: H, x: float, y: float) -> Point:
    w = h[6] * x + h[7] * y + h[8]
    return (h[0] * x + h[1] * y + h[2]) / w, (h[3] * x + h[4] * y + h[5]) / w


def multiply(a: H, b: H) -> H:
    out = [sum(a[3 * i + k] * b[3 * k + j] for k in range(3)) for i in range(3) for j in range(3)]
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


def scale_at(h: H, x: float, y: float) -> float:
    """How many pixels one millimetre spans near (x, y) (the mean of the two directions)."""
    p = apply(h, x, y)
    qx = apply(h, x + 1.0, y)
    qy = apply(h, x, y + 1.0)
    return (math.dist(p, qx) + math.dist(p, qy)) / 2
