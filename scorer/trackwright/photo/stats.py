"""The few statistics the photo reader takes of its samples, written once (pure Python)."""

from __future__ import annotations

import math
from collections.abc import Sequence


def median(values: Sequence[float]) -> float:
    """The middle value (the upper one of an even count)."""
    ordered = sorted(values)
    return ordered[len(ordered) // 2]


def correlation(a: Sequence[float], b: Sequence[float]) -> float:
    """Pearson's correlation of two equally long series; 0 when either is flat."""
    n = len(a)
    ma, mb = sum(a) / n, sum(b) / n
    sab = saa = sbb = 0.0
    for p, q in zip(a, b, strict=True):
        p -= ma
        q -= mb
        sab += p * q
        saa += p * p
        sbb += q * q
    return sab / math.sqrt(saa * sbb) if saa > 0 and sbb > 0 else 0.0
