"""Seeded fractal value noise with numpy, for terrain.

Lattice values come from the project's seeded ``Rng``; interpolation uses only additions and
multiplications, so results are the same bit for bit on every machine.
"""

from __future__ import annotations

import numpy as np

from trackwright.core.rng import Rng


def _smooth(t: np.ndarray) -> np.ndarray:
    return t * t * (3.0 - 2.0 * t)


def value_noise(rng: Rng, x: np.ndarray, y: np.ndarray, scale: float) -> np.ndarray:
    """Smoothly interpolated random values in [0, 1] at points (x, y), features ~``scale`` apart."""
    gx, gy = x / scale, y / scale
    ix, iy = np.floor(gx).astype(np.int64), np.floor(gy).astype(np.int64)
    x0, y0 = int(ix.min()), int(iy.min())
    w, h = int(ix.max()) - x0 + 2, int(iy.max()) - y0 + 2
    grid = np.array([rng.random() for _ in range(w * h)], dtype=np.float64).reshape(h, w)
    fx, fy = _smooth(gx - ix), _smooth(gy - iy)
    cx, cy = ix - x0, iy - y0
    top = grid[cy, cx] * (1 - fx) + grid[cy, cx + 1] * fx
    bottom = grid[cy + 1, cx] * (1 - fx) + grid[cy + 1, cx + 1] * fx
    return top * (1 - fy) + bottom * fy


def fbm(
    rng: Rng, x: np.ndarray, y: np.ndarray, scale: float, octaves: int = 4, persistence: float = 0.5
) -> np.ndarray:
    """Fractal noise: octaves of value noise, each twice as fine and ``persistence`` as strong,
    normalised to [0, 1]."""
    total = np.zeros_like(x, dtype=np.float64)
    amplitude, norm = 1.0, 0.0
    for _ in range(octaves):
        total += amplitude * value_noise(rng, x, y, scale)
        norm += amplitude
        amplitude *= persistence
        scale /= 2.0
    return total / norm


def ridges(rng: Rng, x: np.ndarray, y: np.ndarray, scale: float, octaves: int = 3) -> np.ndarray:
    """Ridged noise in [0, 1]: high along thin, winding lines (mountain ranges)."""
    return 1.0 - np.abs(2.0 * fbm(rng, x, y, scale, octaves) - 1.0)
